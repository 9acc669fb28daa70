"""The print layout made uniform before the grammar reads a text (quotes, icons, traits, lost spaces)."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# NFKC would turn the stock icons ①…⑨ into digits: they pass through it as private-use characters
_PROTECT = str.maketrans({c: chr(0xE000 + i) for i, c in enumerate("①②③④⑤⑥⑦⑧⑨")})


_RESTORE = str.maketrans({chr(0xE000 + i): c for i, c in enumerate("①②③④⑤⑥⑦⑧⑨")})


_MARKS = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "`": "'", "〔": "【", "〕": "】",
                        "《": "【", "》": "】", "–": "-", "—": "-", "−": "-"})


# Card databases write the category icons as letters: [A] (AUTO), [C] (CONT), [S] (ACT).
_ICON_WORDS = re.compile(r"^\s*[\[【]\s*([ACS])\s*[\]】]", re.I)


_ICON_CATEGORY = {"a": "【AUTO】", "c": "【CONT】", "s": "【ACT】"}


# "becomes 【REVERSE】": cards print the reversed state as its icon
_REVERSE_ICON = re.compile(r"[【\[]\s*REVERSE\s*[】\]]", re.I)


# s12 heads: card databases also print a stray bracket before the icon, "([ [SHOT] :"
_REMINDER_ICON = re.compile(r"\(\s*(?:\[\s*(?=[【\[]))?[【\[]\s*(?:icon\s*:\s*)?(\w+)\s*[】\]]\s*:", re.I)


# s11-wshead: a trigger icon as card databases print it inside a sentence, "[ICON:COMEBACK]": the icon "[COMEBACK]"
_ICON_PREFIX = re.compile(r"\[\s*icon\s*:\s*(\w+)\s*\]", re.I)


# s16 head: a trigger icon as some card databases print it, an image's file name in double brackets, "[[comeback.gif]]":
# the icon "[COMEBACK]" (2.11.1)
_GIF_ICON = re.compile(r"\[\[\s*(\w+)\.gif\s*\]\]", re.I)


# A trait is written in 《 》 (2.5.3; card databases write «…» or <<…>>): kept as one word 《Trait》. An icon
# word in those brackets (《AUTO》) is read as the icon, as before.
# The name inside is taken whole and stripped in `_trait`: optional spaces around a lazy class that also
# matches spaces would backtrack cubically on a bracket followed by many spaces (tests/reliability/test_redos.py).
_TRAIT = re.compile(r"(?:《|«|<<)([^》»<>【】\[\]]+)(?:》|»|>>)")


_BRACKET_ICONS = frozenset(("auto", "cont", "act", "cxcombo", "reverse", "rest", "counter", "clock", "stand", "a",
                            "c", "s"))


_TRAIT_KEEP = str.maketrans({"\ue100": "《", "\ue101": "》"})


def _trait(m: re.Match[str]) -> str:
    name = m.group(1).strip()
    if not name:
        return m.group(0)
    # s9-wsrealb: icons print in capitals (《STAND》, 《AUTO》); a trait prints in its own case, "《Stand User》 or 《Stand》"
    icon = name.lower() in _BRACKET_ICONS and (name.isupper() or len(name) == 1)
    return m.group(0) if icon else f"\ue100{name}\ue101"


def _reversed_word(m: re.Match[str]) -> str:
    """s10-wshead: the 【REVERSE】 icon as the word, kept apart from a word printed against it ("becomes【REVERSE】,")."""
    before = m.start() > 0 and not m.string[m.start() - 1].isspace()
    after = m.end() < len(m.string) and (m.string[m.end()].isalnum() or m.string[m.end()] in "【[\"")
    return (" " if before else "") + "reversed" + (" " if after else "")


def normalise(text: str) -> str:
    """Full-width characters, curly quotes, icon brackets 【…】 and the icon letters of card databases -> the
    grammar's layout: 【AUTO】 is the word AUTO, 【REST】 the word REST, (1) stays the stock icon, 《Trait》 a trait."""
    if "《" in text or "«" in text or "<<" in text:
        text = _TRAIT.sub(_trait, text)
    t = text if text.isascii() else \
        unicodedata.normalize("NFKC", text.translate(_PROTECT)).translate(_RESTORE).translate(_MARKS)
    t = _ICON_WORDS.sub(lambda m: _ICON_CATEGORY[m.group(1).lower()], t)
    if "(" in t and ":" in t:  # s7-wsreal: a reminder's trigger icon, "(【COMEBACK】:" or "( [ICON:COMEBACK] :"
        t = _REMINDER_ICON.sub(r"( [\1] :", t)
    if ":" in t:  # s11-wshead
        t = _ICON_PREFIX.sub(r"[\1]", t)
    if ".gif" in t:  # s16 head
        t = _GIF_ICON.sub(r"[\1]", t)
    # s8-wsrealb: a sentence ending with an icon ("exchange them as 【STAND】.") keeps its period on the word
    t = _REVERSE_ICON.sub(_reversed_word, t).replace("】.", ".").replace("【", " ").replace("】", " ")
    if '."' in t:  # s15 quote: 'the following ability."【AUTO】 …"' printed without a space after the period
        t = _GLUED_GRANT.sub(r'\1. "', t)
    if "?" in t:  # s17 misprint: a space lost in a database's export as "?", "When?this?card?attacks"
        t = _LOST_SPACE.sub(" ", t)
    t = re.sub(r"\s+", " ", t).strip()
    if " ," in t or " ." in t or " ;" in t:  # s17 misprint: a space typed before it ("[SOUL] [SOUL] ,", "【STAND】 .")
        t = _SPACE_BEFORE.sub(r"\1", t)
    if "]" in t:  # s22-ws2: a stock cost printed as a bare number in the head's brackets, "【ACT】 [1]"
        t = _BARE_STOCK22.sub(r"\1[(\2)]", t)
    return t.translate(_TRAIT_KEEP)


# s22-ws2: the stock icon (8.4.2, ①) printed by card databases as a bare digit in the cost brackets right after the ability
# category (and its keywords): "【ACT】 [1] Choose …" is "【ACT】 [(1)] Choose …"
_BARE_STOCK22 = re.compile(r"^((?:AUTO|ACT)(?: [A-Z][A-Za-z]*)* )\[(\d)\](?= )")


# s17 misprint: the transcription damage of card databases the layouts above leave (see `normalise`)
_LOST_SPACE = re.compile(r"(?<=[^\W\d_])\?(?=[^\W\d_])")


_SPACE_BEFORE = re.compile(r"(?<=[^\W_]|[\]\)'\"】]) ([.,;])(?= |$)")  # after a word or a closing bracket or quote


# s15 quote: the period of "the following ability" glued to the opening quote of the ability it introduces
_GLUED_GRANT = re.compile(r'(\bfollowing abilit(?:y|ies))\.\s*"\s*(?=(?:AUTO|CONT|ACT)\b)', re.I)


@lru_cache(maxsize=4096)
def is_counter_icon(text: str) -> bool:
    """The counter icon written as text (the dialect sets the card's icon instead of reading an ability)."""
    if text.isascii() and "counter" not in text.lower():  # most texts: normalising would not make the word appear
        return False
    return normalise(text).lower().rstrip(".") in ("counter icon", "counter")
