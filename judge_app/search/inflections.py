"""Irregular English forms (verbs, and plurals in "-ves"), read as their base form before stemming (twenty-fifth round).

The Porter stemmer cuts regular endings only: "draws" and "draw" meet, but "drew" / "drawn", "paid" / "pay",
"chosen" / "choose", "lost" / "lose", "goes" / "go" and "became" / "become" each stay a word of their own. A
player asks "I lost, do my triggers still resolve" of a rule that says "loses the game", and a rule says "cards
drawn" where the player types "draw". The index and the query stem every word through the same function
(index.stem), so a form listed here meets its base form on both sides.

Only forms that are nothing but that verb are listed: "left" (a stage position), "found", "lay", "saw", "felt",
"bound", "ground" and "rose" are words of their own too, and stay as they are.
"""

from __future__ import annotations

# base form: its irregular forms (past tense, past participle, the "-es" forms Porter leaves half cut; a plural)
_FORMS: dict[str, tuple[str, ...]] = {
    "become": ("became",),
    "begin": ("began", "begun"),
    "break": ("broke", "broken"),
    "bring": ("brought",),
    "choose": ("chose", "chosen"),
    "come": ("came",),
    "deal": ("dealt",),
    "do": ("does", "did", "done"),
    "draw": ("drew", "drawn"),
    "fall": ("fell", "fallen"),
    "forget": ("forgot", "forgotten"),
    "freeze": ("froze", "frozen"),
    "get": ("got", "gotten"),
    "give": ("gave", "given"),
    "go": ("goes", "went", "gone"),
    "hide": ("hid", "hidden"),
    "hold": ("held",),
    "keep": ("kept",),
    "know": ("knew", "known"),
    "lead": ("led",),
    "lose": ("lost",),
    "life": ("lives",),  # (nouns whose plural Porter cannot join: "lives" stems to "live")
    "half": ("halves",),
    "make": ("made",),
    "mean": ("meant",),
    "pay": ("paid",),
    "run": ("ran",),
    "see": ("seen",),
    "sell": ("sold",),
    "send": ("sent",),
    "shake": ("shook", "shaken"),
    "show": ("shown",),
    "spend": ("spent",),
    "steal": ("stole", "stolen"),
    "strike": ("struck",),
    "swear": ("swore", "sworn"),
    "take": ("took", "taken"),
    "tell": ("told",),
    "think": ("thought",),
    "throw": ("threw", "thrown"),
    "undo": ("undid", "undone"),
    "win": ("won",),
    "withdraw": ("withdrew", "withdrawn"),
    "write": ("wrote", "written"),
}
BASE: dict[str, str] = {form: base for base, forms in _FORMS.items() for form in forms}


def base_form(word: str) -> str:
    """A lower-case word's base form when it is an irregular form listed here, else the word."""
    return BASE.get(word, word)
