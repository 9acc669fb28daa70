"""Card text as printed: normalise the print layout, parse it with grammar/bss_effects.lark, build vocab objects.

`read_effects(text)` is what the engine calls: the house-style vocabulary (vocab.py) reads the text first,
so every existing scenario keeps its meaning; text laid out the way cards print it ("[LV2][LV3] (When
Attacks) …", "opposing", "If you do, …") is read by the grammar. Both build the same frozen objects
(vocab.Effect, vocab.Sel, the directive classes), so what either accepts executes through the same
procedures (resolve.py). A construction the grammar recognises but the engine cannot execute ("for
each", "cannot be destroyed by effects", looking at the top of the deck …) is refused with its words;
text neither reads is refused at the word where understanding stopped, with the nearest supported
wording.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from judge_app.engine.bss import lifeguard, selguard, vocab
from judge_app.engine.bss.cardast import (
    AddFromAmong,
    BurstPay,
    Chain,
    DestroyCombined,
    ForEach,
    FromTrash,
    IfThen,
    Instead,
    Look,
    NumberOf,
    PaidInstead,
    PutRest,
    PutThemBack,
    SearchDeck,
    Shuffle,
    SoulSpent,
    UseCost,
)
from judge_app.engine.bss.cardnodes import (
    AddedDiscard,
    AfterResolves,
    BattleDelayed,
    BurstOff,
    CardIs,
    Choose,
    CostChange,
    Delayed,
    DiscardRandom,
    DiscardSome,
    DoneFirst,
    DrawUntil,
    DrawUpTo,
    EndAttackStep,
    EndStepAfterBattle,
    ForEachAmount,
    FreeSummon,
    FromDiscarded,
    GainSymbol,
    HandToDeck,
    IfInstead,
    LookHand,
    MayDo,
    MayPay,
    MilledIs,
    MillPick,
    NamedFromAmong,
    NamedFromTrash,
    NamedToken,
    PayCores,
    PerDiscarded,
    RestChoice,
    RevealedIs,
    SetBurst,
    SomeToBottom,
    StepTiming,
)
from judge_app.engine.bss.vocab import (
    Allow,
    AttackSpirit,
    Cond,
    Cores,
    Destroy,
    Discard,
    Draw,
    Effect,
    EffectSyntaxError,
    Exhaust,
    Forbid,
    Gain,
    Keyword,
    Mill,
    ModBP,
    Place,
    Refresh,
    Return,
    Sel,
    SetBP,
    SetLevel,
    Trigger,
)
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.lalr import Reader, Unparsed
from judge_app.engine.core.misprint import Misprints, Repair
from judge_app.engine.core.reading import Reading
from judge_app.engine.core.tree import Token, Transformer, VisitError, v_args

if TYPE_CHECKING:  # lark is imported where a refusal is explained (_parser), not at module import
    from lark import Lark, UnexpectedInput

__all__ = ["EXAMPLES", "NotExecutable", "Reading", "normalise", "parse_printed", "read_effects", "summary", "understand"]

# Printed wordings the grammar reads; the nearest one is shown when a text is refused.
EXAMPLES = (
    "(When Summoned) Draw 1 card.",
    "[LV2][LV3] (When Attacks) Destroy 1 opposing spirit with 5000 BP or less.",
    "(When Attacks/Blocks) Exhaust 1 opposing spirit.",
    "(When Destroyed) Return 1 opposing spirit to its owner's hand.",
    "(Flash) During this turn, 1 of your spirits gets +3000 BP.",
    "(Main) Refresh 1 of your spirits.",
    "(When Summoned) You may discard 1 card. If you do, draw 2 cards.",
    "(When Summoned) Send 1 core from 1 opposing spirit to your opponent's reserve.",
    "[LV2] While attacking, this spirit gets +2000 BP.",
    "During your turn, all of your red spirits get +1000 BP.",
    "This spirit cannot block.",
    "This spirit is not affected by opposing effects.",
    "(When Summoned) Draw 1 card. If you have 2 or more red spirits, draw 2 cards instead.",
    "【Crush: +1】",
)

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10}


class NotExecutable(EffectSyntaxError):
    """The grammar read the construction, the engine cannot execute it: the whole effect is refused."""


# ---------------------------------------------------------------------------------------------
# Normaliser: the print layouts of cards and card databases -> one layout


_BRACKETS = str.maketrans({"〔": "【", "〕": "】", "《": "【", "》": "】", "≪": "【", "≫": "】", "“": '"', "”": '"',
                           "‘": "'", "’": "'", "＇": "'", "`": "'", "–": "-", "—": "-", "−": "-", "＋": "+"})
# Icons lost in text extraction, written as words by card databases.
_ICONS = [(re.compile(r"\{\s*(soul\s*core|core)\s*\}|<\s*(soul\s*core|core)\s*>", re.I), lambda m: (m.group(1) or m.group(2)).lower())]


# with its argument as printed unbracketed: gain "Armor: Purple, White", "Gale: 1" (read as Armor: Purple, White)
_QUOTED_KEYWORD = re.compile(r"[\"']((?:" + "|".join(re.escape(k) for k in vocab.KEYWORDS) + r")(?::[\w ,/]+)?)[\"']",
                             re.I)


def normalise(text: str) -> str:
    """Full-width characters, curly quotes, bracket variants and icon words -> the grammar's layout."""
    return _normalised(text)[0]


def lost_icons(text: str) -> tuple[Repair, ...]:
    """s22 bssC: the icons `normalise` restored in `text` (positions in the normalised text), each reported."""
    return _normalised(text)[1]


@lru_cache(maxsize=4096)
def _normalised(text: str) -> tuple[str, tuple[Repair, ...]]:
    keep = {c: c for c in "【】①②③④⑤⑥⑦⑧⑨⑩"}
    t = "".join(keep.get(ch) or unicodedata.normalize("NFKC", ch) for ch in text).translate(_BRACKETS)
    for rx, rep in _ICONS:
        t = rx.sub(rep, t)
    t = re.sub(r"(?<=\d),(?=\d{3}\b)", "", t)  # "10,000 BP": a thousands separator, not a list
    t = _QUOTED_KEYWORD.sub(r"\1", t)  # card databases quote a keyword named in a sentence: with "Raid"
    t = _drop_gloss(t)
    if "?" in t:  # s17 misprint: a space lost in a database's export as "?", "When?this?spirit?attacks"
        t = _LOST_SPACE.sub(" ", t)
    t = _TOKEN_RUN_ON.sub(r"\1 ", t)  # s22 bssC
    t = re.sub(r"\s+", " ", t).strip()
    t = _CHOOSE.sub(lambda m: ("S" if m.group(1) == "C" else "s") + "elect" + m.group(2), t)  # s21 bss
    if " ," in t or " ." in t or " ;" in t:  # s17 misprint: a space typed before it ("spirits .")
        t = _SPACE_BEFORE.sub(r"\1", t)
    t = _BARE_KEYWORD.sub(lambda m: f"{m.group(1)}【{_KW_CANON[m.group(2).lower()]}{m.group(3) or ''}】{m.group(4) or ''}", t)
    return _restore_soul_core(re.sub(_BARE_HEADING, r"\1(\2) ", t))


# s22 bssC: bssdb.dev drops the Soul Core icon from a sentence and keeps its article: "If this spirit has a on it", "spend
# aas part of", "a core … that is not a into your life". An article right before a preposition names nothing, so the icon
# is restored there and only there. The rules name two kinds of core (4-11-1), and the sentences where the icon falls
# are those that name the soul core apart from the others (4-11-3, 8-5-6: a plain core is written "core"), so the icon
# is the Soul Core. The repair is an inference the player can check on the card: it is reported (`understand`).
_LOST_ICON = re.compile(r"(?<![\w'\"-])a(?: (on|onto|into|as|to|from)|(on|onto|into|as|to|from))(?= |[.,]|$)")
_ICON_RULE = "4-11-1"


def _restore_soul_core(t: str) -> tuple[str, tuple[Repair, ...]]:
    out: list[str] = []
    repairs: list[Repair] = []
    last = 0
    for m in _LOST_ICON.finditer(t):
        out.append(t[last:m.start()])
        read = f"a Soul Core {m.group(1) or m.group(2)}"
        at = sum(map(len, out))
        repairs.append(Repair(at, m.group(), read, f"the Soul Core icon the copy lost, restored ({_ICON_RULE}: the "
                                                    "core a card names apart from a plain core); check the printed card"))
        out.append(read)
        last = m.end()
    return "".join(out) + t[last:], tuple(repairs)


# s21 bss: "Choose one of …" / "Your opponent chooses …" are the rules' "select" (8-5-3: the selection a player makes
# as an effect resolves); card databases write either verb
_CHOOSE = re.compile(r"\b([Cc])hoose(s?)\b")


# s17 misprint: the transcription damage of card databases (see `normalise`)
_LOST_SPACE = re.compile(r"(?<=[^\W\d_])\?(?=[^\W\d_])")
# s22 bssC: bssdb.dev joins a token's name to the word after it ("Summon two of your Antman Tokensexhausted.", "…
# Tokensfor each …"): the space is put back between "Token(s)" after a capitalised name and a word a sentence goes on with
_TOKEN_RUN_ON = re.compile(r"(?<=[A-Za-z] )(Tokens?)(?=(?:exhausted|refreshed|for|from|into|onto|on|and|with|that|in|to|"
                           r"you|your|each|if|are|is)\b)")
_SPACE_BEFORE = re.compile(r"(?<=[^\W_]|[\]\)'\"】]) ([.,;])(?= |$)")  # after a word or a closing bracket or quote


# A keyword ability typed without its brackets as the whole effect ("[LV1][LV2][LV3] Awaken", "Swift", "Crush: +1"):
# nothing else the effect could mean, so it reads as the bracketed keyword the card prints (【Awaken】).
_KW_CANON = {k.lower(): k for k in vocab.KEYWORDS}
_BARE_KEYWORD = re.compile(r"^((?:\[LV\d\]\s*)*)(" + "|".join(re.escape(k) for k in vocab.KEYWORDS)
                           + r")(:\s*[^.【】()\[\]]+?)?\s*\.?(\s*\([^()]*\))?\s*\.?$", re.I)  # s18 bss: a reminder after it


# s10-bssreal: bssdb.dev follows a keyword granted in the sentence with that keyword's own box, its heading and its name
# (": While This Spirit Attacks Confront", ": When This Spirit Attacks Raid: 1") or its name alone (": Astral", ": Armor:
# Red, Purple"). s22 bssC: for every keyword, not only Confront and Luster: each keyword's own rule (11-1-1 … 11-18-1)
# says when it works and what it does, so a box naming the keyword just granted, with the same argument, restates the
# grant and adds no meaning; it is dropped only then (another keyword or another argument is no restatement: read on).
_KW_ALT = "|".join(re.escape(k) for k in sorted(vocab.KEYWORDS, key=len, reverse=True))
_GLOSS = re.compile(r"\s*:\s*(?:(?:While|When) This Spirit Attacks\s+)?((?:" + _KW_ALT + r")(?:\s*:\s*[\w ,/+-]*?\w)?)"
                    r"\s*\.?\s*$", re.I)  # its argument whole: ending in a word, not a comma


def _kw_words(s: str) -> str:
    return re.sub(r"\s*:\s*", ": ", re.sub(r"\s+", " ", s)).strip().lower()


def _drop_gloss(t: str) -> str:
    m = _GLOSS.search(t)
    if m is None:
        return t
    granted = re.compile(r"\bgains?\b[^.]*?(?<![\w-])" + re.escape(_kw_words(m.group(1))) + r"(?![\w-]|\s*,\s*\w)")
    return t[:m.start()] if granted.search(_kw_words(t[:m.start()])) else t


# A card database that keeps no separate timing field prints the heading in the text without its brackets, title-cased,
# before the effect's first sentence: "[LV1] When This Spirit Attacks Your opponent …", "While This Spirit Attacks
# Curse". Title case and a capital after it tell it from a sentence ("When this spirit attacks, draw …").
_BARE_HEADING = (r"^((?:\[LV\d\]\s*)*)(When This Spirit Attacks or Blocks|When This Spirit (?:Attacks|Blocks)|When "
                 r"Summoned|When Placed|When Destroyed|While This Spirit Attacks|During (?:Your|Opponent's|Either) (?:Turn|(?:Start|Core|Draw|"
                 r"Refresh|Main|Attack|End) Step))\s+(?=[A-Z【\[])")


# ---------------------------------------------------------------------------------------------
# Transformer: lark tree -> vocab objects


def _num(tok) -> int:
    s = str(tok).lower()
    return int(s) if s.isdigit() else _NUMBERS[s]


_TIMINGS = {
    "t_summoned": (Trigger("summoned", kinds=("spirit", "nexus")),),
    "t_attacks": (Trigger("attacks"),),
    "t_blocks": (Trigger("blocks"),),
    "t_attacks_blocks": (Trigger("attacks"), Trigger("blocks")),
    "t_destroyed": (Trigger("destroyed", kinds=("spirit", "nexus")),),
    "t_placed": (Trigger("summoned", kinds=("nexus",)),),  # 10-7: this nexus placed (s9-bssreal)
    "t_destroyed_by_opponent": (Trigger("destroyed", by_opponent=True, kinds=("spirit", "nexus")),),
    "t_blocked": (Trigger("blocked"),),
    "t_turn_end_you": (Trigger("turn_end", "you"),),
    "t_turn_end_opponent": (Trigger("turn_end", "opponent"),),
    "t_life_reduced": (Trigger("life_reduced", "you"),),
    "t_opponent_destroys_yours": (Trigger("destroyed", "you", by_opponent=True),),
    "t_opponent_summon_resolved": (Trigger("summon_resolved", "opponent"),),
}
_CONDITIONS = {"c_linked": "linked", "c_attacking": "attacking", "c_blocking": "blocking", "c_battling": "battling",
               "c_your_turn": "your_turn",
               "c_opponent_turn": "opponent_turn", "c_your_attack_step": "your_attack_step",
               "c_opponent_attack_step": "opponent_attack_step", "c_attack_step": "attack_step"}
# the attack step headings (timed_condition) -> whose attack step starts
_ATTACK_STEP_HEADINGS = {"your_attack_step": ("you", "attack"), "opponent_attack_step": ("opponent", "attack"),
                         "attack_step": ("any", "attack")}
_REFS = {"this spirit": "this", "this nexus": "this", "this card": "this", "that spirit": "that", "it": "it",
         "that nexus": "that",  # s13 bss: "Select one of your opponent's nexuses. Destroy that nexus." (8-5-3)
         # s13 bss: "Select two of … . Exhaust those spirits." / "… from the selected spirit": the cards selected before
         "those spirits": "it", "the selected spirit": "it", "the selected spirits": "it",
         "them": "it", "the attacking spirit": "attacker", "the blocking spirit": "blocker",
         "the linked spirit": "linked",  # s9-bssreal: the spirit this one is linked to (11-18-1)
         "they": "it"}  # s12 bss: "Select … . They gain …" (8-5-3), as "them"
# Constructions the engine knows it cannot execute yet: a text the grammar stops in that has one of these
# is refused naming the construction (the list docs/card-text.md reports), never read in part.
_UNSUPPORTED = (
    (re.compile(r"\b(is|are) (not affected|unaffected) by\b", re.I), '"is not affected by" (other than by opposing '
     '[spirit / nexus / magic] effects)'),
    (re.compile(r"\binstead\b", re.I), '"instead" (other than "If this spirit would be destroyed, … instead", "<directive>. '
     'If <life / cards you control / whose turn / the soul core on this spirit / a Soul Core spent>, <directive> | select '
     '<cards> instead" and "<directive>. You may <cost>. If you do, … instead")'),
    # 10-9-2: a burst is activated without paying the card's cost; its last sentence "You may then pay this card's
    # cost to activate its flash / main effect" is read (cardexec.burst_pay); paying it to summon the card, or
    # "after this Burst resolves", is not executed yet
    (re.compile(r"\[burst\] \((?!when you lose life\)|when opponent destroys your spirit\)|when opponent resolves a "
                r"spirit's \"when summoned\" effect\))", re.I),
     'a Burst condition other than "When You Lose Life", "When Opponent Destroys Your Spirit" and "When Opponent '
     'Resolves a Spirit\'s "When Summoned" Effect"'),
    (re.compile(r"\bpay this card's cost\b", re.I), '"pay this card\'s cost to …" other than a Burst\'s last sentence "You may then pay this card\'s cost to '
     'activate its flash / main effect"'),
    # 2-5: a spirit type ("family") printed as a capitalised name before "spirit(s)" / "nexus" / "card" is read
    # in a selection or a described card (grammar `family`); elsewhere such a text is refused, never guessed
    (re.compile(r"\b(?i:your|their|opponent's|an?|one)\s+(?!(?:Red|Purple|White|Yellow|Green|Blue|Soul)\b)"
                r"[A-Z][\w'-]*(?:\s+(?:(?:or|and)\s+)?[A-Z][\w'-]*)*\s+(?i:spirits?|nexus|card)"),
     'a spirit type ("<Type> spirits", 2-5) other than in a selection or a count of cards'),
    # s17 bss: "Activate Feast" and a token named without its card information now read (grammar "# s17 bss": the
    # scenario's card line gives the information, cardexec.named_token / keywords.feast ask for it when it does not)
)


_FORBID_WORDS = {"be destroyed by your opponent's effects": "be destroyed by opposing effects",
                 "be destroyed by the opponent's effects": "be destroyed by opposing effects"}


def _per(parts: tuple) -> tuple[tuple, Sel | None]:
    """A production's parts without its "for each" suffix, and the cards that suffix counts."""
    if parts and isinstance(parts[-1], tuple) and len(parts[-1]) == 2 and parts[-1][0] == "per":
        return parts[:-1], parts[-1][1]
    return parts, None


def _scaled(d: object, per: Sel | None) -> object:
    if isinstance(per, ForEachAmount):  # s13 bss: "for each card in your hand" (_Build13.per_amount)
        return evolve(per, inner=d)
    return d if per is None else ForEach(d, per)


def _after_viewing(body: tuple) -> tuple:
    """12-3-3: cards viewed in the deck and not moved elsewhere by the text are returned and the deck is
    shuffled; an effect that says where the rest goes, or shuffles itself, says otherwise."""
    viewed = [d for d in body if isinstance(d, Look | SearchDeck)]
    if not viewed or any(isinstance(d, PutRest | Shuffle | RestChoice) for d in body):  # RestChoice: s8-bssrealb
        return body
    if any(isinstance(d, RevealedIs) and d.negated for d in body):  # s11 bss: both "If it is …" / "If not, …" say where
        return body
    who = viewed[0].who if isinstance(viewed[0], Look) else "you"
    return body + (Shuffle(who, implicit=True),)


def _cmp(tok: Token) -> str:
    return ">=" if str(tok).lower() in ("more", "higher") else "<="


def _lv(tok: Token) -> int:
    return int(str(tok)[2:].strip())


def _flat(d: object) -> tuple:
    return d if isinstance(d, tuple) else (d,)


def _bind(d: object, sel: Sel, raw: str) -> object:
    """8-5-3: the directive with each "it"/"them"/"that spirit" (Sel ref "it", "that") meaning the selected cards; a directive that
    never refers to them leaves the selection unused, and the text is refused rather than read in part."""
    if isinstance(d, tuple):  # "It gains Confront and 5000 BP": the first directive acts on the selection, and
        return (_bind(d[0], sel, raw),) + d[1:]  # "it" after it means the cards it chose (vocab.Sel)
    changes: dict[str, object] = {}
    for f in getattr(d, "__slots__", ()):
        v = getattr(d, f)
        # "Select one of your spirits. Treat that spirit as …": right after the selection, "that spirit" is the
        # card just selected (as "it" is), not a triggering event's card
        if isinstance(v, Sel) and v.ref in ("it", "that"):
            changes[f] = sel
        elif isinstance(v, Place) and v.sel is not None and v.sel.ref in ("it", "that"):  # s13 bss: "onto that spirit"
            changes[f] = evolve(v, sel=sel)
        elif f == "inner":  # ForEach: the directive it repeats
            changes[f] = _bind(v, sel, raw)
    if not changes:
        raise NotExecutable('"Select …" whose cards the next words do not act on ("it" / "them")', raw, _hint(raw))
    return evolve(d, **changes)


def _chained(sentences: tuple, raw: str) -> tuple[tuple, tuple[tuple[str, tuple], ...]]:
    """11-15-2: a 【Chain】 follows the effect it supplements; the sentences after its head, up to the next
    【Chain】, are its directives (executed after the body when a symbol of its color is possessed, 11-15-3)."""
    tags = [tag for tag, _may, _d in sentences]
    first = next((k for k, tag in enumerate(tags) if tag in ("chain", "chain_select")), None)
    if first is None:
        return sentences, ()
    if first == 0:
        raise NotExecutable('a 【Chain】 that does not follow the effect it supplements', raw, _hint(raw))
    chains: list[tuple[str, list]] = []
    for tag, may, d in sentences[first:]:
        if tag in ("chain", "chain_select"):  # ("chain", color, directives): `may` holds the color here
            chains.append((may, [("sentence" if tag == "chain" else "select", False, d)]))
            continue
        said = chains[-1][1]
        if tag in ("may_to", "must_to"):  # s19 bss: "… to …" within a 【Chain】: an effect cost there (8-4-1)
            said.append(("sentence", False, MayPay(_flat(d[0]), _flat(d[1]), tag == "may_to")))
        elif tag == "if_you_do" and _later_may(said) is not None:  # s19 bss: "You may <cost>. If you do, <effect>."
            said[-1] = ("sentence", False, MayPay(_later_may(said), _flat(d)))  # type: ignore[arg-type]
        elif tag == "sentence" and may and _may_later(tag, may, 1, d)[0] is False:  # s19 bss: 8-1-8, asked when reached
            said.append(("sentence", False, _may_later(tag, may, 1, d)[1]))
        elif tag not in ("sentence", "select") or may:
            raise NotExecutable('"you may" / "if you do" within a 【Chain】', raw, _hint(raw))
        else:
            said.append((tag, may, d))
    # 8-5-3 within each 【Chain】: "Select …. <action on it>." (its own sentences only)
    return sentences[:first], tuple((color, tuple(x for _t, _m, d in _selected(tuple(said), raw) for x in _flat(d)))
                                    for color, said in chains)


def _later_may(said: list) -> tuple | None:
    """s19 bss: the directives of a later "You may <cost>." sentence just read (cardnodes.MayDo), which "If you do, …"
    makes an effect cost (8-4-1); None when the sentence before is anything else."""
    last = said[-1][2] if said and said[-1][0] == "sentence" else None
    last = last[0] if isinstance(last, tuple) and len(last) == 1 else last  # a 【Chain】's head sentence: its directives
    return _flat(last.inner) if isinstance(last, MayDo) else None


def _check_burst_last(sentences: tuple, raw: str) -> None:
    """10-9-2: "You may then pay this card's cost to …" is a burst's last sentence."""
    if any(tag == "burst_pay" for tag, _may, _d in sentences[:-1]):
        raise NotExecutable('"you may then pay this card\'s cost to …" before the end of the effect', raw, _hint(raw))


def _later_cost(tag: str, may: bool, k: int, d: Any, directives: list) -> tuple[bool, bool, Any]:
    """s19 bss, 8-4-1: an effect cost after the effect's first directive, asked when reached (cardnodes.MayPay): "… You may
    <cost> to <effect>." / "… <cost> to <effect>.", and "… You may <cost>. If you do, <effect>." (the "you may" sentence
    read just before as a MayDo): (True, …) when `directives` took it; else a later "you may" sentence (_may_later)."""
    if tag in ("may_to", "must_to") and directives:
        directives.append(MayPay(_flat(d[0]), _flat(d[1]), tag == "may_to"))
        return True, may, d
    if tag == "if_you_do" and directives and isinstance(directives[-1], MayDo):
        directives[-1] = MayPay(_flat(directives[-1].inner), _flat(d))
        return True, may, d
    return (False, *_may_later(tag, may, k, d))


def _selected(sentences: tuple, raw: str) -> tuple:
    """"Select X. <action on it>." -> the action on X (the select sentence is the next one's "it")."""
    out: list = []
    pending: Sel | None = None
    paid: object = None  # s11 bss: the cost of "You may <cost> to select <cards>." whose selection is pending
    bound = False  # the sentence before acted on the cards a "Select …" chose (they are what its "it" means)
    for tag, may, d in sentences:
        if pending is not None and paid is not None:  # s11 bss: "… to select X. <action on them>."
            if tag != "sentence" or _on_choice(d):
                raise NotExecutable('"You may … to select …" followed by anything but an action on the selected cards',
                                    raw, _hint(raw))
            out.append(("may_to", True, (paid, _bind(d, pending, raw))))
            pending, paid, bound = None, None, False
            continue
        if tag == "may_to_select":
            paid, pending = d
            continue
        # s11 delayed: "it" is the card selected right before (8-5-3); s16 bss: "When this battle ends, …" too
        if isinstance(d, Delayed | BattleDelayed) and d.selected:
            if pending is None and not bound:
                when = "At the end of this turn" if isinstance(d, Delayed) else "When this battle ends"
                raise NotExecutable(f'"{when}, …" acting on cards ("it") not selected right before it', raw, _hint(raw))
            if pending is not None:
                out.append(("sentence", False, Choose(pending)))
            pending = None
        bound = pending is not None and tag == "sentence"
        if pending is not None and tag == "may_to":  # s11 bss: "Select X. You may return it to your hand to Y."
            d, pending = _bind_cost(d, pending, raw), None
        elif pending is not None:
            if tag != "sentence":
                raise NotExecutable(f'"Select …" followed by "{tag.replace("_", " ")}"', raw, _hint(raw))
            if _on_choice(d):  # s8-bssrealb: "Select X. If it is …, …" / "… equal to that spirit's cost …": selected once
                out.append(("sentence", False, Choose(pending)))
                d, pending = tuple(_that_is_it(x) for x in d) if isinstance(d, tuple) else _that_is_it(d), None
            else:
                d, pending = _bind(d, pending, raw), None
        if tag == "select":
            pending = d
            continue
        out.append((tag, may, d))
    if pending is not None:
        raise NotExecutable('"Select …" with no action on the selected cards', raw, _hint(raw))
    return tuple(out)


def _instead(tag: str, first: object, d: Any) -> object:
    """"<first>. If <condition>, <d> instead.": one of the two, decided on resolution (cardexec.instead; s8-bssreala:
    "If you spend a Soul Core as part of this card's cost", cardexec.soul_spent)."""
    if tag == "soul_instead":
        return SoulSpent(_it_is_first(first, d, ""), first=first)  # s13 bss: "it" in the alternative
    cond, alt = d
    return Instead(first, _it_is_first(first, alt, ""), *cond)  # s13 bss: "it" in the alternative


def _situational(x: object, field: str) -> list[Sel]:
    """The descriptions anywhere in `x` (directives, triggers, conditions) whose `field` ("soul": "with(out) a Soul
    Core on it"; "battling": "attacking / blocking spirits") needs the board's situation to be judged."""
    if isinstance(x, Sel):
        return [x] if getattr(x, field) not in (None, ()) else []
    if isinstance(x, dict):
        return [s for v in x.values() for s in _situational(v, field)]
    if isinstance(x, tuple | list):
        return [s for v in x for s in _situational(v, field)]
    return [s for f in getattr(x, "__slots__", ()) if not f.startswith("_")
            for s in _situational(getattr(x, f, None), field)]


def _constant_sels(eff: dict) -> list[Sel]:
    """The descriptions a constant effect's directives apply to (view._described, told the battle): each
    directive's own cards and a "for each" count's cards, not descriptions nested deeper."""
    out = []
    for d in eff.get("body", ()):
        raised = getattr(d, "inner", None)  # "gains N BP for each …": the raise's own cards (view._times)
        out += [s for s in (getattr(d, "sel", None), getattr(d, "counted", None), getattr(raised, "sel", None))
                if isinstance(s, Sel)]
    return out


# The directives whose own cards are chosen as they resolve (resolve.select, told the battle): "treat your opponent's
# blocking spirit as LV1 during the battle", "destroy the blocking spirit"
_SELECTING = (Destroy, Exhaust, Refresh, Return, AttackSpirit, ModBP, SetBP, SetLevel, Gain, Forbid)


def _resolving_sels(x: object) -> list[Sel]:
    """7-1: a description of a battle role without a number ("your opponent's blocking spirit", "your attacking
    spirit") names the one spirit in that role now, if it fits the rest of the description (owner, colour, …): as
    the cards of a directive of a resolving effect it is judged when the directive resolves, the battle known
    (resolve._candidates), the way "all your blocking spirits" would be (7-1-3: at most one blocker)."""
    if isinstance(x, _SELECTING):
        return [x.sel] if isinstance(x.sel, Sel) and x.sel.count is None and x.sel.ref is None else []
    if isinstance(x, dict):
        return [s for v in x.values() for s in _resolving_sels(v)]
    if isinstance(x, tuple | list):
        return [s for v in x for s in _resolving_sels(v)]
    return [s for f in getattr(x, "__slots__", ()) if not f.startswith("_") for s in _resolving_sels(getattr(x, f, None))]


def _check_soul(eff: object, raw: str) -> None:
    """4-11-1: "with(out) a Soul Core on it" is executed where an effect selects cards as it resolves (8-5-3,
    resolve.select, told where the soul cores are); 7-1: "attacking / blocking spirits" there and as the cards
    of a constant effect's directive (view._described, told the battle). Anywhere else (a trigger, a
    condition, a count) each is refused by name: the engine never judges a filter it cannot see."""
    if not isinstance(eff, dict):
        return
    selecting = [s for s in _situational((eff.get("body"), eff.get("cost")), "soul") if s.count is not None]
    allowed = [] if eff.get("kind") == "constant" else selecting
    # s8-bssreala: the spirit that destroys via comparing BP is still on the field (resolve._destroyed_by, told where
    # the soul cores are)
    allowed += [t.destroyer for t in eff.get("triggers", ()) if t.destroyer is not None and t.destroyer.soul is not None]
    if len(_situational(eff, "soul")) != len(allowed):
        raise NotExecutable('"with / without a Soul Core on it" other than in a selection ("Select one of … with a '
                            'Soul Core on it")', raw, _hint(raw))
    # s10-bssreal, 2-8: "with one symbol": judged where an effect selects cards as it resolves (resolve._candidates,
    # told each card's symbols now), refused anywhere else
    symbols = _situational(eff, "symbols")
    if symbols and (eff.get("kind") == "constant" or len(symbols) != len(
            [s for s in _situational((eff.get("body"), eff.get("cost"), eff.get("chain")), "symbols")  # s22-bssB: a
             if s.count is not None])):  # 【Chain】's selection resolves as the body's does (cardexec.chain)
        raise NotExecutable('"with N symbols" other than in a selection ("Select one of your opponent\'s spirits with '
                            'one symbol")', raw, _hint(raw))
    battling = _situational(eff, "battling")
    if not battling:
        return
    where = _constant_sels(eff) if eff.get("kind") == "constant" else \
        [s for s in _situational((eff.get("body"), eff.get("cost")), "battling") if s.count is not None] \
        + _resolving_sels(eff.get("body"))
    if any(not any(s is w for w in where) for s in battling):
        raise NotExecutable('"attacking / blocking spirits" other than in a selection ("Select one of your '
                            'attacking or blocking spirits") or as the spirits a constant effect applies to',
                            raw, _hint(raw))


def _check_per_discarded(eff: object, raw: str) -> None:
    """s16 bss: "For each card discarded" / "that many" counts the cards a discard of the same effect before it discarded
    (cardexec.per_discarded); without one before it, it counts nothing the text names."""
    body = eff.get("body", ()) if isinstance(eff, dict) else ()
    for i, d in enumerate(body):
        if isinstance(d, PerDiscarded) and not any(isinstance(x, DiscardSome) for x in body[:i]):
            raise NotExecutable('"for each card discarded" / "that many" without a discard of "any number" / "up to N" '
                                "cards before it", raw, _hint(raw))


# ---- s8-bssrealb: conditions on a selected card, choices on the deck (nodes: cardnodes.py) ----------------------


def _names_it(x: object) -> bool:
    """s11 delayed: whether a directive acts on "it" / "that spirit" (Sel ref "it" / "that") anywhere within it."""
    if isinstance(x, Sel):
        return x.ref in ("it", "that")
    if isinstance(x, tuple | list):
        return any(_names_it(v) for v in x)
    return any(_names_it(getattr(x, f)) for f in getattr(x, "__slots__", ()) if not f.startswith("_"))


def _that_is_it(d: object) -> object:
    """After a selection, "that spirit" is the selected card, as "it" is (the cards the previous directive chose)."""
    changes = {f: Sel(ref="it") for f in getattr(d, "__slots__", ()) if isinstance(getattr(d, f), Sel)
               and getattr(d, f).ref == "that"}
    return evolve(d, **changes) if changes else d


def _it_is_this(d: object) -> object:
    """s22-bssA: "If this spirit is linked / refreshed, it gains …": in a constant effect no card was chosen before it,
    so "it" is the card the condition names, this one."""
    changes = {f: Sel(ref="this") for f in getattr(d, "__slots__", ()) if isinstance(getattr(d, f), Sel)
               and getattr(d, f).ref == "it"}
    return evolve(d, **changes) if changes else d


def _on_choice(d: object) -> bool:
    """The sentence after a "Select …" tests or counts the selected card: the selection is its own directive (Choose)."""
    first = d[0] if isinstance(d, tuple) and d else d
    return isinstance(first, CardIs) or (isinstance(first, NumberOf) and first.what == "cost")


def _one_chosen(d: object) -> bool:
    """s14 bss: the directive chose exactly one card ("exhaust one of your spirits or nexuses", a Choose of one)."""
    sel = getattr(d, "sel", None)
    return isinstance(sel, Sel) and sel.selects and sel.count == 1 and not sel.up_to and not sel.any_number


def _check_card_conditions(body: tuple, raw: str, cost: tuple = ()) -> None:
    """"If it is …" tests the one card selected just before: a "Select one …" (Choose), a directive that acted on one
    selected card, or the card the condition before it tested. Anywhere else the text is refused, never guessed.
    s14 bss: "equal to the cost of that exhausted card" first in the body may also name the one card the effect cost
    chose (8-4-1: the cost is paid first; resolve.resolve_effect carries its cards to the body as "it")."""
    body = tuple(d.mill if isinstance(d, MilledIs) else d for d in body)  # s14 bss: the discard it wraps
    for k, d in enumerate(body):
        before = body[k - 1] if k else (cost[-1] if cost else None)
        if isinstance(d, NumberOf) and d.what == "cost" and d.sel.state == "exhausted" and not (
                not k and isinstance(before, vocab.Exhaust) and _one_chosen(before)):
            raise NotExecutable('"equal to the cost of that exhausted card" other than after an effect cost exhausting one '
                                "card", raw, _hint(raw))
        if isinstance(d, NumberOf) and d.what == "cost" and not (
                (k and isinstance(before, Choose) and before.sel.count == 1) or (not k and _one_chosen(before))):
            raise NotExecutable('"equal to that spirit\'s cost" other than right after one card is selected', raw,
                                _hint(raw))
        if not isinstance(d, CardIs):
            continue
        j = k - 1
        while j >= 0 and isinstance(body[j], CardIs):
            j -= 1
        sel = getattr(body[j], "sel", None) if j >= 0 else None
        if not (isinstance(sel, Sel) and sel.selects and sel.count == 1 and not sel.up_to):
            raise NotExecutable('"If it is …" / "If that spirit is …" other than right after one card is selected',
                                raw, _hint(raw))


def _can_destroy(d: object) -> bool:
    """s20 bss: a directive after which cards can be destroyed by this effect: it destroys (10-1-1), removes cores from
    cards (9-3-2-1) or lowers BP (9-4-2-1): the checkpoint right after it destroys those that fail, as by this effect."""
    inner = getattr(d, "inner", d)  # "for each" / "a number of" around it
    return (isinstance(inner, vocab.Destroy) or isinstance(inner, vocab.Cores) and inner.src.kind == "card"
            or isinstance(inner, vocab.ModBP) and inner.amount < 0)


def _check_destroyed_by_this(body: tuple, raw: str, chains: list | tuple = ()) -> None:
    """s10-bssreal: "If N or more <cards> are destroyed by this effect" counts what the directive just before it
    destroyed; after any other directive (or first) there is nothing it could count, so it is not read. s20: also
    "… for each spirit destroyed by this effect", after a directive that removes cores or lowers BP (_can_destroy), and in
    a 【Chain】, which continues after the body's last directive (11-15-2)."""
    for _color, chained in chains:
        _check_destroyed_by_this(body[-1:] + tuple(_flat(chained)), raw)
    for k, d in enumerate(body):
        counts = (isinstance(d, IfThen) and d.kind == "destroyed"
                  or isinstance(d, ForEachAmount) and d.what == "destroyed")
        by_bp = isinstance(d, IfThen) and d.kind == "destroyed_bp"  # "via reducing its BP to 0": after a BP reduction
        if by_bp and not (k and isinstance(body[k - 1], vocab.ModBP) and body[k - 1].amount < 0):
            raise NotExecutable('"If you destroy … via reducing its BP to 0 with this effect" not right after a directive '
                                "that lowers BP", raw, _hint(raw))
        if counts and (k == 0 or not _can_destroy(body[k - 1])):
            raise NotExecutable('"… destroyed by this effect" not right after a directive that destroys, removes cores '
                                "from cards or lowers BP", raw, _hint(raw))


def _check_added(body: tuple, raw: str) -> None:
    """s13 bssmech: "If you add a card to your hand with this effect" asks what an "add … from among them" earlier in the
    same effect added; without one there is nothing it could ask about, so it is not read."""
    for k, d in enumerate(body):
        if isinstance(d, IfThen) and d.kind == "added" and not any(isinstance(x, AddFromAmong) for x in body[:k]):
            raise NotExecutable('"If you add a card to your hand with this effect" with no "add … from among them" before '
                                "it", raw, _hint(raw))


def _check_linked(eff: object, raw: str) -> None:
    """s9-bssreal: "the linked spirit" is the spirit this one is linked to (11-18-1), named by a constant effect active
    "(While This Spirit is Linked)"; anywhere else (an effect that resolves, with no link to name) it is refused."""
    if not isinstance(eff, dict):
        return
    named = any(getattr(getattr(d, "sel", None), "ref", None) == "linked"
                for d in eff.get("body", ()) + eff.get("cost", ()))
    # s20 bss2: "(When This Spirit Links) … the linked spirit …": the link has just been made (11-18-1), so the effect
    # names the spirit linked to while it resolves (resolve._referred: none once the link is gone, 11-18-4)
    links = eff.get("kind") == "triggered" and any(t.event == "links" for t in eff.get("triggers", ()))
    if named and not links and not (eff.get("kind") == "constant" and Cond("linked") in eff.get("condition", ())):
        raise NotExecutable('"the linked spirit" other than in a constant effect "(While This Spirit is Linked)" or a '
                            'triggered effect "(When This Spirit Links)"', raw, _hint(raw))


class _BuildB:
    """Transformer methods of the constructions above (mixed into _Build)."""

    raw: str

    def if_state(self, cond: tuple) -> tuple:  # the alternative without its own name: card_is
        return cond

    def card_is(self, _subject: Token, *rest: Token) -> tuple[str, str, bool]:
        return ("card", str(rest[-1]).lower(), len(rest) == 2)

    def reveal_named(self, verb: Token, n: Token, name: Token, _from: Token) -> NamedFromAmong:
        self._reveal(verb)
        return NamedFromAmong(str(name).strip('"'), _num(n))

    def reveal_kind(self, verb: Token, sel: Sel, _from: Token) -> AddFromAmong:
        self._reveal(verb)
        return AddFromAmong(sel)

    def _reveal(self, verb: Token) -> None:
        if str(verb).lower() != "reveal":
            raise NotExecutable(f'"{verb} … from the cards you viewed" (read: "Reveal …")', self.raw, _hint(self.raw))

    def step_heading(self, heading: Token, body: dict) -> dict:
        """"(During <whose> <Step> Step) <effect>" not worded "at the start of the step": activated as the step starts,
        the engine's decision said first (cardnodes.StepTiming)."""
        m = re.search(r"during (your opponent's |opponent's |your |either )(\w+) step", str(heading), re.I)
        assert m is not None  # STEP_HEADING's own words
        whose = {"your": "you", "either": "any"}.get(m.group(1).strip().lower(), "opponent")
        step = m.group(2).lower()
        note = (StepTiming(step, "heading"),) + ((StepTiming(step, "end"),) if step == "end" else ())
        return {"kind": "triggered", "triggers": (Trigger("step_start", whose, step=step),),
                **{**body, "body": note + body["body"]}}

    def ev_magic_used(self, tok: Token) -> tuple[Trigger, ...]:
        """10-8-1 .. 10-8-7: a magic card used by that player (your opponent / you / either): from the hand when the
        text says so, else from any area (s11 delayed: 10-8-1, using is activating any effect but a burst, e.g. the
        flash effect a burst pays for)."""
        words = str(tok).lower()
        whose = "opponent" if "opponent" in words else "you" if words.startswith("you use") else "any"
        return (Trigger("magic_used", whose, kinds=("magic",), any_area="hand" not in words),)

    def when_after_resolves(self, *parts: Any) -> dict:
        """"When <a magic card is used>, <directive> after its effect resolves[. <directive>…]": activated when it has
        resolved (s20 bss: the words close the first sentence; the sentences after it are the same effect's)."""
        k = next(i for i, p in enumerate(parts) if isinstance(p, Token) and p.type == "AFTER_RESOLVES")
        triggers, body = parts[k - 2], self.body(*parts[k - 1:k], *parts[k + 1:])  # type: ignore[attr-defined]
        if any(t.event != "magic_used" for t in triggers):
            raise NotExecutable('"… after its effect resolves" after an event other than a magic card being used',
                                self.raw, _hint(self.raw))
        conds = tuple(p for p in parts if isinstance(p, Cond))
        return {"kind": "triggered", "condition": conds, **body, "body": (AfterResolves(),) + body["body"],
                "triggers": tuple(evolve(t, event="magic_resolved") for t in triggers)}

    def free_summon(self, sel: Sel, area: str, *rest: object) -> FreeSummon:
        """10-6 / 10-7: "summon <card> in your hand / from your trash [filters] without paying its cost"."""
        return self._free(sel, rest[:-1], area)

    def area_hand(self) -> str:
        return "hand"

    def area_trash(self) -> str:
        return "trash"

    def free_from_hand(self, sel: Sel, _from: Token, *rest: object) -> FreeSummon:  # "from your hand" (FROM_HAND)
        if "their" in str(_from).lower():
            raise NotExecutable('"summon … from their hand"', self.raw, _hint(self.raw))
        return self._free(sel, rest[:-1], "hand")

    def free_from_trash(self, sel: Sel, *rest: object) -> FreeSummon:
        """"select <card> [filters] from your trash and summon / place it without paying its cost"."""
        return self._free(sel, rest[:-1], "trash")

    def _free(self, sel: Sel, filters: tuple, area: str) -> FreeSummon:
        for f in filters:
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        # s22-bssB: "up to N" among the cards revealed (cardsteps._free_from_revealed asks how many, 8-5-3-2)
        if "magic" in sel.kinds or sel.count is None or (sel.up_to and area != "revealed"):
            raise NotExecutable('"summon / place … without paying its cost" other than one spirit or nexus card', self.raw,
                                _hint(self.raw))
        return FreeSummon(sel, area)

    def free_from_revealed(self, *parts: object) -> FreeSummon:
        """s13 bssmech: "summon / place <card> from among them without paying its cost" (10-6 / 10-7, 12-2-1)."""
        sel = next(p for p in parts if isinstance(p, Sel))
        return self._free(sel, tuple(p for p in parts if isinstance(p, dict)), "revealed")

    def named_free_from_revealed(self, *parts: object) -> FreeSummon:
        """s13 bssmech: "Place a Diamond Sanctuary from the revealed cards without paying its cost" (2-1-1)."""
        toks = [p for p in parts if isinstance(p, Token)]
        n = next(t for t in toks if t.type == "NUMBER")
        name = next(t for t in toks if t.type == "CARD_NAME")
        return FreeSummon(Sel(count=_num(n), kinds=("spirit", "nexus"), owner="you", named=str(name).strip('"')),
                          "revealed")

    def named_from_trash(self, n: Token, name: Token, to: Token) -> NamedFromTrash:
        return NamedFromTrash(str(name).strip('"'), "deck top" if "deck" in str(to).lower() else "hand", _num(n))

    def eq_cost(self, tok: Token) -> tuple[str, Sel]:
        # s14 bss: "that exhausted card" names the card a directive before it exhausted (_check_card_conditions)
        return ("cost", Sel(ref="it", state="exhausted" if "exhausted" in str(tok).lower() else None))

    def rest_choice(self, _tok: Token) -> RestChoice:
        return RestChoice()


# ---- s11 bss: general pieces (grammar: the "s11 bss" block) ---------------------------------------------------------


def _bind_cost(d: tuple, sel: Sel, raw: str) -> tuple:
    """8-5-3, 8-4-1: "Select <cards>. You may <cost on it> to <effect>.": the selection is what the cost acts on ("it"),
    chosen as the cost is paid; a cost that does not act on it leaves the selection unused, and the text is refused."""
    cost, effect = d
    return (tuple(_bind(x, sel, raw) for x in cost) if isinstance(cost, tuple) else _bind(cost, sel, raw), effect)


def _revealed_checks(body: tuple, raw: str) -> tuple:
    """12-2, 1-3-7: "If it is [not] <card>, …" tests the one card "Reveal the top card of your deck" just revealed (or the
    card the sentence before tested: "If it is not, …" takes its description); anywhere else it is refused."""
    out: list = []
    for d in body:
        if isinstance(d, RevealedIs):
            before = out[-1] if out else None
            first = isinstance(before, Look) and before.n == 1 and before.who == "you" and before.reveal
            if d.negated and isinstance(before, RevealedIs) and not before.negated:
                d = evolve(d, sel=before.sel)
            elif d.negated or not first:
                raise NotExecutable('"If it is [not] <card>, …" other than right after "Reveal the top card of your deck" '
                                    '(then "If it is not, …")', raw, _hint(raw))
        out.append(d)
    return tuple(out)


def _among(d: object) -> object | None:
    """8-5-3-2: "You may add / summon one … from among them" after the first sentence: up to one of them (None: not
    such a choice). s13 bssmech: summoning / placing among the revealed cards as adding them."""
    if isinstance(d, AddFromAmong):
        return AddFromAmong(evolve(d.sel, up_to=True))
    if isinstance(d, FreeSummon) and d.area == "revealed":
        return FreeSummon(evolve(d.sel, up_to=True), d.area)
    return None


def _picks_after_mill(body: tuple, raw: str) -> tuple:
    """10-2-1, 8-5-3: "Discard the top N cards of your deck. Add <cards> from the discarded cards / from among them to
    your hand": a choice among the cards the discard just before it put into the trash (MillPick). After anything else
    there is nothing "the discarded cards" could name, and the text is refused, never guessed."""
    out: list = []
    for d in body:
        sel = d.sel if isinstance(d, FromDiscarded | AddFromAmong) else None
        after_mill = bool(out) and type(out[-1]) is Mill
        if sel is not None and after_mill and isinstance(d, AddFromAmong | FromDiscarded):
            if out[-1].who != "you":
                raise NotExecutable("\"add … from the discarded cards to your hand\" after a discard from your "
                                    "opponent's deck", raw, _hint(raw))
            out[-1] = MillPick(out[-1], sel)
            continue
        if isinstance(d, FromDiscarded):
            raise NotExecutable('"… from the discarded cards / from them to your hand" not right after "discard the top '
                                'N cards of your deck"', raw, _hint(raw))
        if isinstance(d, FreeSummon) and d.area == "revealed" and not any(isinstance(x, Look) and x.who == "you"
                                                                          for x in out):
            raise NotExecutable('"summon / place … from among them / from the revealed cards" with no cards of your deck '
                                'looked at or revealed before it in the effect itself', raw, _hint(raw))  # s13 bssmech
        if isinstance(d, AddFromAmong) and not any(isinstance(x, Look | SearchDeck) for x in out):
            # "You may discard the top N cards of your deck. If you do, add … from among them": "them" are the cards a
            # cost discarded, which the effect is not told; choosing among nothing would add nothing (a wrong answer)
            raise NotExecutable('"add … from among them" with no cards looked at, revealed or discarded before it in '
                                'the effect itself (e.g. after a discard paid as the cost)', raw, _hint(raw))
        out.append(d)
    return tuple(out)


def _join_milled(directives: list, raw: str) -> list:
    """s14 bss: the condition "When <card> is discarded by this effect, …" (MilledIs, read without its discard) joined to
    the discard from the top of a deck just before it; after anything else it is refused. "You may place any number of
    them at the bottom of your deck" (SomeToBottom) stands between viewing the top of your deck and returning the rest
    to the top, else it is refused (12-3-3 would shuffle the deck, the bottom cards too)."""
    out: list = []
    for k, d in enumerate(directives):
        if isinstance(d, SomeToBottom) and not (
                out and isinstance(out[-1], Look) and out[-1].who == "you" and k + 1 < len(directives)
                and isinstance(directives[k + 1], PutRest) and directives[k + 1].to == "deck top"):
            raise NotExecutable('"you may place any number of them at the bottom of your deck" other than between viewing '
                                'the top cards of your deck and "return the remaining cards to the top"', raw, _hint(raw))
        if isinstance(d, ForEachAmount) and d.on is not None and not (
                out and _one_chosen(out[-1]) and (d.on != "destroyed" or isinstance(out[-1], vocab.Destroy))):
            raise NotExecutable(f'"for each {d.what[:-1]} on the {d.on} spirit" other than right after a directive that '
                                f"{'destroys' if d.on == 'destroyed' else 'chooses'} one card", raw, _hint(raw))
        if not (isinstance(d, MilledIs) and d.mill is None):
            out.append(d)
            continue
        before = out[-1] if out else None
        inner = before.inner if isinstance(before, NumberOf) else before
        if not isinstance(inner, Mill):
            raise NotExecutable('"If / When <card> is discarded by this effect, …" not right after a discard from the top '
                                "of a deck", raw, _hint(raw))
        out[-1] = evolve(d, mill=before)
    return out


def _any_number_sels(x: object) -> list[Sel]:
    if isinstance(x, Sel):
        return [x] if x.any_number else []
    if isinstance(x, dict):
        return [s for v in x.values() for s in _any_number_sels(v)]
    if isinstance(x, tuple | list):
        return [s for v in x for s in _any_number_sels(v)]
    return [s for f in getattr(x, "__slots__", ()) if not f.startswith("_") for s in _any_number_sels(getattr(x, f, None))]


def _check_any_number(eff: object, raw: str) -> None:
    """8-5-3-2: "any number of <cards>" is executed where a directive selects its own cards as it resolves
    (resolve.select: the chooser is asked); anywhere else (a count, a trigger, a constant effect) it is refused."""
    if not isinstance(eff, dict):
        return
    body = tuple(eff.get("body", ())) + tuple(eff.get("cost", ()))
    allowed = [d.sel for d in body if isinstance(d, Destroy | Exhaust | Refresh | Return | Choose)
               and d.sel.any_number] if eff.get("kind") != "constant" else []
    if len(_any_number_sels(eff)) != len(allowed):
        raise NotExecutable('"any number of" other than in a selection that destroys, exhausts, refreshes or returns '
                            "the cards chosen", raw, _hint(raw))


# what a description counted by a constant effect's condition may say: printed information no effect of this engine
# changes (not BP, level, keywords, soul cores, battle roles or symbols, which view._count_holds could not see)
_COUNTABLE = frozenset({"count", "owner", "kinds", "colors", "families", "cost", "token", "other", "not_named", "plain",
                        "named", "name_part", "n_colors",  # s22-bssB: a card's printed colors (2-4-1-2)
                        "state", "cores"})  # s13 bss: the cores on a card, which no effect of this engine treats


def _count_cond(cond: tuple, raw: str) -> Cond:
    """s11 bss, 8-5-4, 8-3-3: "If you control two or more Dragon spirits, <continuous>": a constant effect active while
    the controller's (or the opponent's) field holds that many cards fitting the description."""
    whose, op, n, sel = cond
    said = {f for f in Sel.__slots__ if getattr(sel, f) != getattr(Sel(), f)}
    if said - _COUNTABLE:
        raise NotExecutable("a constant effect under \"If you control N <cards>\" with cards described by "
                            + ", ".join(sorted(said - _COUNTABLE)) + " (only printed information is counted there)",
                            raw, _hint(raw))
    return Cond(("opponent_" if whose == "opponent" else "") + ("count_le" if op == "<=" else "count_ge"), n,
                evolve(sel, owner="any", count=None))


class _Build11:
    """s11 bss: transformer methods of the "s11 bss" grammar block (mixed into _Build)."""

    raw: str

    def c_if(self, cond: tuple) -> Cond:
        """8-3-3: "If you have N or less life, …" / "If / While you control N or more <cards>, …" over a constant effect."""
        return self._life_cond(cond)  # type: ignore[attr-defined]

    def q_any(self, _t: Token) -> dict:  # 8-5-3-2: "any number of"
        return {"count": 0, "up_to": True, "any_number": True}

    def if_revealed(self, _is: Token, n: Token, *parts: object) -> tuple:
        """1-3-7, 12-2: "If it is a Terrasaur spirit card, add it to your hand" (the card just revealed)."""
        if _num(n) != 1:
            raise NotExecutable(f'"If it is {n} …"', self.raw, _hint(self.raw))
        return ("sentence", False, RevealedIs(self.card_sel(*parts[:-1]), str(parts[-1])))  # type: ignore[attr-defined]

    def if_revealed_not(self, *parts: object) -> tuple:  # "If it is not, …" / "If not, …": the description before it
        return ("sentence", False, RevealedIs(None, str(parts[-1]), negated=True))

    def rv_hand(self) -> str:
        return "hand"

    def rv_trash(self) -> str:
        return "trash"

    def rv_deck(self, dest: Token) -> str:
        words = str(dest).lower()
        if "opponent" in words or "hand" in words:
            raise NotExecutable(f'"return it {words}" after a card of your deck is revealed', self.raw, _hint(self.raw))
        return "deck top" if " top " in words else "deck bottom"

    def must_to(self, cost: object, effect: object) -> tuple:
        """8-4-1, 8-4-2-4: "<cost> to <effect>": the effect cost, not optional (paid when it can be)."""
        return ("must_to", False, (cost, effect))

    def make_opp_select(self, _t: Token, sel: Sel, verb: Token) -> object:
        kind = {"destroy": Destroy, "exhaust": Exhaust, "refresh": Refresh}[str(verb).lower()]
        return kind(sel)

    def p_owner_reserve_named(self, _t: Token) -> Place:  # 4-2-4: "their owner's reserve" is "their reserve"
        return Place("reserve", "owner")

    def may_to_select(self, _may: Token, cost: object, sel: Sel) -> tuple:
        """8-4-1, 8-5-3: "You may <cost> to select <cards>." (cardtext._selected joins the next sentence to it)."""
        return ("may_to_select", True, (cost, sel))

    def return_named(self, sel: Sel, dest: Token) -> Return:
        """4-2-4: "to your hand" / "to your opponent's hand" / "to the top of your deck": the area of the player named."""
        words = str(dest).lower()
        to = "deck top" if " top " in words else "deck bottom" if " bottom " in words else "hand"
        return Return(sel, to, named="opponent" if "opponent" in words else "you")

    def from_trash_to_hand(self, sel: Sel, *rest: object) -> FromTrash:
        """3-4-2, 8-5-3: "Return one Dragon spirit card from your trash to your hand" (no "select")."""
        for f in rest:
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        if sel.count is None:  # the number is what the player chooses: never assumed
            raise NotExecutable('"return / add <cards> from your trash to your hand" without a number', self.raw,
                                _hint(self.raw))
        return FromTrash(sel, "hand")

    def free_summon_described(self, sel: Sel, *rest: object) -> FreeSummon:
        """10-6 / 10-7: "summon <card> that costs 3 or fewer from your hand / trash without paying its cost"."""
        hand = next((p for p in rest if isinstance(p, Token) and p.type == "FROM_HAND"), None)
        if hand is not None and "their" in str(hand).lower():
            raise NotExecutable('"summon … from their hand"', self.raw, _hint(self.raw))
        area = "hand" if hand is not None else next(str(p) for p in rest if p in ("hand", "trash"))
        filters = tuple(p for p in rest[:-1] if isinstance(p, dict))
        return self._free(sel, filters, area)  # type: ignore[attr-defined]

    def mill_from_top(self, n: int, _c: Token, who: str) -> Mill:
        return Mill(n, who)

    def from_discarded(self, sel: Sel, *rest: object) -> FromDiscarded:
        for f in rest:  # "with Link", "that costs 2" (card_filter, 10-13-2)
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        return FromDiscarded(sel)


def _named(tok: Token) -> tuple[str, str]:
    """CARD_NAMED: its article ("a", "each", …) and the card name (quotes dropped)."""
    art, name = str(tok).split(" ", 1)
    return art.lower(), name.strip('"')


class _Build12:
    """s12 bss: transformer methods of the "# s12 bss" grammar block (mixed into _Build): pieces of the one card
    description that every selection, count and condition shares."""

    raw: str

    def described_named(self, name: Token, *filters: object) -> Sel:
        """2-1-1: "a Ruby Sanctuary", "each Diamond Sanctuary you control": a card of that name, of any kind on the field;
        "a" / "one" selects one card, "each" / "every" is all of them (a count)."""
        art, named = _named(name)
        sel = self.described(*filters)  # type: ignore[attr-defined]
        return evolve(sel, kinds=("spirit", "nexus"), named=named, count=None if art in ("each", "every") else 1)

    def search_named(self, name: Token, _tail: Token) -> SearchDeck:  # "Search your deck for a Ruby Sanctuary, …"
        art, named = _named(name)
        return SearchDeck(Sel(count=None if art in ("each", "every") else 1, kinds=("spirit", "nexus", "magic"),
                              owner="you", named=named))

    def ih_named_you(self, name: Token, *filters: object) -> tuple[str, str, int, Sel]:  # "If you control a Ruby Sanctuary"
        return ("you", ">=", 1, evolve(self.described_named(name, *filters), owner="you", count=None))

    def ih_named_opponent(self, name: Token, *filters: object) -> tuple[str, str, int, Sel]:
        return ("opponent", ">=", 1, evolve(self.described_named(name, *filters), owner="opponent", count=None))

    def f_name_part(self, t: Token) -> dict:  # 2-1-1: "with "Siegwurm" in its card name"
        return {"name_part": str(t).split('"')[1]}

    def cores_regular_send_per(self, *parts: object) -> object:  # "… that are not a "Soul Core" onto … for each …"
        (send, n, c, src, nt, into, dst), per = _per(parts)
        if n is None:
            raise NotExecutable('"for each" with "all cores"', self.raw, _hint(self.raw))
        return _scaled(self.cores_regular_send(send, n, c, src, nt, into, dst), per)  # type: ignore[attr-defined]

    def c_as_long_as(self, _t: Token, cond: tuple) -> Cond:  # 8-3-3: "as long as <condition>" is "while <condition>"
        return self.c_if(cond)  # type: ignore[attr-defined]

    def ih_no_you(self, _no: Token, sel: Sel) -> tuple[str, str, int, Sel]:  # "If you control no other spirits"
        return ("you", "<=", 0, evolve(sel, owner="you", count=None))

    def ih_no_opponent(self, _no: Token, sel: Sel) -> tuple[str, str, int, Sel]:  # "If your opponent has no nexuses"
        return ("opponent", "<=", 0, evolve(sel, owner="opponent", count=None))

    def p_owner_trash(self) -> Place:  # "into their trash": where the cores came from (resolve.cores, as "their reserve")
        return Place("trash", "owner")

    def colors_or(self, t: Token) -> dict:  # 2-4: "purple or red": a card of any one of the colours
        return {"colors": tuple(c.lower() for c in re.findall(r"red|purple|white|yellow|green|blue", str(t), re.I))}

    def f_bp_has(self, _has: Token, *parts: Token) -> dict:  # "that has 5000 or less BP" (as "with 5000 or less BP")
        n = next(p for p in parts if p.type == "NUMBER")
        cmp = next(p for p in parts if p.type == "CMP")
        return {"bp": (_cmp(cmp), _num(n))}


def _first_cards(first: object) -> Sel | None:
    """The cards the directive before acts on (a selection or a named card), when it names exactly one set."""
    found = [v for f in getattr(first, "__slots__", ()) for v in (getattr(first, f),)
             for v in ((v.sel,) if isinstance(v, Place) else (v,))
             if isinstance(v, Sel) and (v.ref == "this" or (v.ref is None and v.count is not None))]
    return found[0] if len(found) == 1 else None


def _it_is_first(first: object, second: object, raw: str) -> object:
    """s13 bss, 8-2-2-3: "<directive on cards>. If …, <directive on "it" / "the selected spirit"> instead.": the
    second directive is performed in place of the first, so its "it" is the cards the first would have acted on (chosen
    when it resolves); main 314e3fb left "it" to the cards of a directive that was never performed (no card)."""
    refers = [f for f in getattr(second, "__slots__", ()) for v in (getattr(second, f),)
              if (isinstance(v, Sel) and v.ref == "it") or (isinstance(v, Place) and v.sel is not None
                                                            and v.sel.ref == "it")]
    if not refers or isinstance(second, tuple):
        return second
    sel = _first_cards(first)
    if sel is None or isinstance(first, tuple):
        raise NotExecutable('"If …, <directive on it> instead" whose "it" names no cards of the directive before',
                            raw, _hint(raw))
    return _bind(second, sel, raw)


def _reselect(first: object, sel: Sel, raw: str) -> object:
    """s12 bssonce: "<directive on selected cards>. If …, select <cards> instead.": the same directive on the cards the new
    selection describes, read as written (8-5-4: "a spirit" with no owner named is any spirit on the field)."""
    fields = [f for f in getattr(first, "__slots__", ()) if isinstance(getattr(first, f), Sel)
              and getattr(first, f).ref is None and getattr(first, f).count is not None]
    if len(fields) != 1 or isinstance(first, tuple):
        raise NotExecutable('"select <cards> instead" after a directive that selects no cards', raw, _hint(raw))
    return evolve(first, **{fields[0]: sel})


def _check_ref_trash(eff: object, raw: str) -> None:
    """s12 bssonce: "return that / this spirit card from your trash" names the card a destruction put there: "that" after
    "when <described cards> are destroyed", "this" after "(When Destroyed)"; with any other timing it names no card."""
    if not isinstance(eff, dict):
        return
    # s16 bss: "… If this spirit has a Soul Core on it, … instead" in an effect of its own destruction reads the card's
    # last state on the field (laststate.py)
    for k, d in enumerate(eff.get("body", ())):
        if not isinstance(d, FromTrash) or d.sel.ref is None:
            continue
        if d.sel.ref == "it" and k:  # s22-bssB: "return it from your trash": first, "it" is the event's card (trigger_it)
            raise NotExecutable('"return it from your trash" after another directive', raw, _hint(raw))
        whose = {"this": ("self",), "that": ("you", "opponent", "any"), "it": ("you", "opponent", "any")}[d.sel.ref]
        if not any(t.event == "destroyed" and t.whose in whose for t in eff.get("triggers", ())):
            raise NotExecutable(f'"{d.sel.ref} spirit card from your trash" in an effect that does not activate on that '
                                "card's destruction", raw, _hint(raw))


def _sels(x: object) -> Iterator[Sel]:
    """Every description inside a directive (its fields, nested directives and tuples)."""
    if isinstance(x, Sel):
        yield x
    elif isinstance(x, tuple):
        for y in x:
            yield from _sels(y)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            yield from _sels(getattr(x, f.name))


def _check_first_attacker(eff: object, raw: str) -> None:
    """s17 bss, 7-1-1-1: "the first spirit that attacks each turn" is read in a constant effect (the spirit the turn's
    attacks name, whenever that is); in an effect that resolves once, it could name a spirit that attacks later, which
    the engine cannot select when the effect resolves (8-8-1-4)."""
    if not isinstance(eff, dict) or eff.get("kind") == "constant":
        return
    if any(isinstance(d, GainSymbol) and d.duration is None for d in eff.get("body", ())):  # s17: constant effects; s19:
        # "during this turn / battle" in an effect that resolves (cardexec.gain_symbol_now)
        raise NotExecutable("a symbol gained in an effect that resolves, with no duration (\"during this turn\")", raw,
                            _hint(raw))
    if any(s.ref in vocab.FIRST_ATTACKER for s in _sels(eff.get("body", ()) + eff.get("cost", ()))):
        raise NotExecutable('"the first spirit that attacks each turn" in an effect that resolves (only in a constant '
                            "effect)", raw, _hint(raw))


class _Build12Once:
    """# s12 bssonce: per-turn limits (engine/bss/once.py decides how they count, and the answer says so)."""

    raw: str

    def _limited(self, eff: object, limit: str) -> dict:
        if not isinstance(eff, dict) or eff.get("kind") not in ("triggered", "activated", "substitution"):  # s19: 8-9
            raise NotExecutable('"once per turn" on an effect that is neither triggered nor activated ([Main] / '
                                "[Flash]) nor a substitution", self.raw, _hint(self.raw))
        return {**eff, "once": limit}

    def once_per_turn(self, _tok: Token, eff: object) -> dict:  # "[Once Per Turn] (When Attacks) …"
        return self._limited(eff, "once per turn")

    def once_triggered(self, *parts: Any) -> dict:  # "(When This Spirit Attacks) Once per turn, …"
        return self._limited(self.triggered(*(p for p in parts if not isinstance(p, Token))), "once per turn")

    def once_activated(self, *parts: Any) -> dict:  # "[Flash] Once per turn, …"
        return self._limited(self.activated(*(p for p in parts if not isinstance(p, Token))), "once per turn")

    def once_when(self, *parts: Any) -> dict:  # "(During Your Turn) Once per turn, when …, …"
        return self._limited(self.when_first(*(p for p in parts if not isinstance(p, Token))), "once per turn")

    def first_time(self, *parts: Any) -> dict:  # "The first time <event> each turn, …": counted as once per turn
        return self._limited(self.when_first(*(p for p in parts if not isinstance(p, Token))),
                             'once per turn ("the first time … each turn")')

    # 8-2-2-3, 8-9-1: "<first>. If <condition>, <second> instead." beyond the life form
    def instead_if(self, cond: tuple, action: object) -> tuple:
        return ("instead_if", False, (cond, action))

    def instead_select(self, cond: tuple, sel: Sel) -> tuple:  # "If …, select a spirit with 6000 or fewer BP instead."
        return ("instead_select", False, (cond, sel))

    def soul_select_instead(self, _t: Token, sel: Sel) -> tuple:
        return ("soul_select_instead", False, sel)

    def instead12(self, tag: str, first: object, d: Any) -> object:
        """The directive replacing `first` when the condition holds: written out, or `first` on other cards."""
        if tag == "soul_select_instead":
            return SoulSpent(_reselect(first, d, self.raw), first=first)
        cond, second = d
        if tag == "instead_select":
            second = _reselect(first, second, self.raw)
        second = _it_is_first(first, second, self.raw)  # s13 bss
        if isinstance(second, tuple):
            raise NotExecutable('"If …, <directive> and <directive> instead"', self.raw, _hint(self.raw))
        node = self.if_then(cond, second)[2]
        if not isinstance(node, IfThen) or node.kind not in ("soul", "turn", "count", "life"):
            raise NotExecutable('"If it is …, <directive> instead" (a condition on a selected card)', self.raw,
                                _hint(self.raw))
        if node.kind == "life":  # the life form is Instead (cardexec.instead), as "If you have N or less life, …"
            return _instead("instead", first, (cond, second))
        return IfInstead(first, node)

    def summon_token_printed(self, n: int, *rest: Token) -> object:
        """4-12-2: the token's name and the card information the effect gives it, read as the house style reads them
        ("summon two of your … Tokens (Token spirit/…)": the player's own tokens, the same)."""
        name, info = rest[-2], rest[-1]
        if not re.match(r"\(\s*token spirit\s*/", str(info), re.I):  # 4-12-1: the card type the annotation gives
            raise NotExecutable('a token of a card type other than "Token spirit"', self.raw, _hint(self.raw))
        spec = vocab._token_spec(str(name).strip('"').removesuffix("s") if str(name).strip('"').endswith("Tokens")
                                 else str(name).strip('"'), str(info)[1:-1])
        return vocab.SummonToken(spec, n)

    def cores_remove_but(self, _all_but: Token, n: Token, _c: Token, src: Place, _send: Token, _into: None,
                         dst: Place) -> Cores:
        """"Remove all but one core from it and place them into …": every core of the card but that many (8-5-5)."""
        return Cores(None, src, dst, but=_num(n))

    def p_each_of_them(self, _t: Token) -> Place:
        return Place("card", sel=Sel(ref="it"))

    def ref_from_trash(self, tok: Token) -> FromTrash:
        """"return that spirit card from your trash to your hand": the event's card ("that", "the destroyed") or this
        card, in the trash now (cardexec.from_trash)."""
        return FromTrash(Sel(ref="this" if str(tok).lower().startswith("this") else "that"), "hand")

    # defined on _Build (declared here for the type checker)
    triggered: Callable[..., dict]
    activated: Callable[..., dict]
    when_first: Callable[..., dict]
    if_then: Callable[..., tuple]


# ---- s13 bss: the bounds of one card description in every wording (grammar: the "s13 bss" block) --------------------
_BOUND_CMP = (("equal to or less than", "<="), ("equal to or lower than", "<="), ("equal to or fewer than", "<="),
              ("equal to or more than", ">="), ("equal to or higher than", ">="), ("equal to or greater than", ">="),
              ("equal to", "=="), ("less than", "<"), ("lower than", "<"), ("fewer than", "<"), ("more than", ">"),
              ("higher than", ">"), ("greater than", ">"))
_NUM_WORD = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|a"


def _bound(text: str) -> tuple[str, int]:
    """"with BP equal to or less than 5000" / "whose cost is 3 or less" / "with BP less than 4000" -> (op, n) with op
    one of <=, >=, == (a strict bound on whole numbers is the inclusive one a step inside it)."""
    t = text.lower()
    m = re.search(rf"\b({_NUM_WORD})\b(?: bp)?(?: or (less|fewer|lower|more|higher))?\s*$", t)
    if m is None:
        raise EffectSyntaxError(f'no number in "{text}"', text, "")
    n = _num(m.group(1))
    if m.group(2):
        return _cmp(Token("CMP", m.group(2))), n
    op = next((o for words, o in _BOUND_CMP if words in t), "==")
    return {"<": ("<=", n - 1), ">": (">=", n + 1)}.get(op, (op, n))


def _judged_now(x: object) -> list[Sel]:
    """The descriptions of a resolving effect judged on the field as it resolves (resolve._candidates): the cards a
    directive destroys, exhausts, refreshes or returns, the cards a "for each" or an "If you control …" counts."""
    if isinstance(x, Destroy | Exhaust | Refresh | Return):
        return [x.sel] if isinstance(x.sel, Sel) else []
    if isinstance(x, ForEach | IfThen) and isinstance(x.counted, Sel) and (not isinstance(x, IfThen) or x.kind == "count"):
        return [x.counted] + _judged_now(x.inner if isinstance(x, ForEach) else x.then)
    if isinstance(x, dict):
        return [s for v in x.values() for s in _judged_now(v)]
    if isinstance(x, tuple | list):
        return [s for v in x for s in _judged_now(v)]
    return [s for f in getattr(x, "__slots__", ()) if not f.startswith("_") for s in _judged_now(getattr(x, f, None))]


def _check_relative(eff: object, raw: str) -> None:
    """s13 bss, 2-10-2: "with BP equal to or less than this spirit's BP" is judged where an effect chooses or counts
    cards on the field as it resolves (resolve._candidates, told this card's BP then); refused anywhere else."""
    if not isinstance(eff, dict):
        return
    relative = _situational(eff, "bp_vs")
    if not relative:
        return
    body = (eff.get("body"), eff.get("cost"))
    where = [] if eff.get("kind") == "constant" else \
        [s for s in _situational(body, "bp_vs") if s.count is not None] + _judged_now(body)
    if any(not any(s is w for w in where) for s in relative):
        raise NotExecutable('"with BP equal to or less than this spirit\'s BP" other than where an effect chooses or '
                            'counts cards on the field as it resolves', raw, _hint(raw))


class _Build13:
    """s13 bss: transformer methods of the "s13 bss" grammar block (mixed into _Build)."""

    def f_bp_bound(self, t: Token) -> dict:  # "with BP equal to or less than 5000" (as "with 5000 BP or less")
        return {"bp": _bound(str(t))}

    def f_cost_bound(self, t: Token) -> dict:  # "whose cost is 3 or less" (as "that costs 3 or less")
        return {"cost": _bound(str(t))}

    def f_bp_vs_this(self, t: Token) -> dict:  # "with BP equal to or less than this spirit's BP" (resolve._candidates)
        low = str(t).lower()
        if low.startswith("with ") and " bp than " in low:  # "with less BP than this spirit"
            return {"bp_vs": "<" if re.search(r"with (less|lower|fewer) bp", low) else ">"}
        return {"bp_vs": next(o for words, o in _BOUND_CMP if words in low)}

    def f_cores(self, t: Token) -> dict:  # 4-3: "with three or more cores on it": the cores on the card now
        m = re.match(rf"with ({_NUM_WORD}) or (less|fewer|more) cores?", str(t), re.I)
        assert m is not None
        return {"cores": (_cmp(Token("CMP", m.group(2))), _num(m.group(1)))}

    def f_opp_controls(self, _t: Token) -> dict:  # 8-5-4: "spirits your opponent controls": on the opponent's field
        return {"owner": "opponent"}

    def per_amount(self, t: Token) -> tuple[str, ForEachAmount]:
        """"for each card in your opponent's hand / core on this spirit": an amount other than cards on the field
        (cardexec.for_each_amount; the directive it repeats is put in by _scaled)."""
        low = str(t).lower()
        what = next(w for w in ("hand", "trash", "core", "symbol") if w in low)
        whose = "opponent" if re.search(r"your opponent's|their", low) else "you"
        on = "destroyed" if "destroyed" in low else "selected" if re.search(r"(selected|that) spirit", low) else None
        kind = re.search(r"(spirit|nexus|magic) cards? in", low)  # s18 bss: "for each magic card in your trash"
        return ("per", ForEachAmount(None, {"core": "cores", "symbol": "symbols"}.get(what, what), whose, on=on,
                                     kind=kind.group(1) if kind else None))

    def mill_top_card(self, _c: Token, who: str, *per: object) -> object:  # "Discard the top card of your deck" (10-2-1)
        parts, counted = _per((Mill(1, who),) + per)
        return _scaled(parts[0], counted)

    @staticmethod
    def _level(t: Token) -> dict:  # "LV2 or higher" / "at LV2 or higher" / "of LV1" (2-10-3)
        m = re.search(r"LV\s*(\d)(?: or (higher|lower|more|less))?", str(t), re.I)
        assert m is not None
        return {"level": ("==" if m.group(2) is None else _cmp(Token("CMP", m.group(2))), int(m.group(1)))}

    def described_lv_or(self, *parts: object) -> Sel:  # "your opponent's LV2 or higher spirits"
        return self.described(*(self._level(p) if isinstance(p, Token) and p.type == "LV_OR" else p for p in parts))

    def f_at_level(self, t: Token) -> dict:  # "spirits at LV2 or higher"
        return self._level(t)

    def f_that_has_kw(self, t: Token) -> dict:  # "that has Confront" (as "with Confront")
        name = re.sub(r"^that (?:has|have) 【?|】$", "", str(t), flags=re.I)
        canon = vocab.parse_keyword_text(f"【{name}】")
        return {"keyword": canon.name if canon else name}

    def f_no_cores(self, _t: Token) -> dict:  # "with no cores on it"
        return {"cores": ("==", 0)}

    def c_this_state(self, t: Token) -> Cond:  # 4-4: "If this spirit is refreshed" (view.cond_holds)
        return Cond("this_" + ("refreshed" if str(t).lower().endswith("refreshed") else "exhausted"))

    def constant_this_state(self, *parts: Any) -> dict:  # "(During …) If this spirit is refreshed, <continuous>"
        return self.constant(*(self.c_this_state(p) if isinstance(p, Token) and p.type == "THIS_IS_STATE" else
                               p if isinstance(p, Cond | Token) else _it_is_this(p) for p in parts))  # s22-bssA: "it"

    def described_another(self, _t: Token, *parts: object) -> Sel:  # "another one of your spirits": not this card
        return evolve(self.described(*parts), count=1, other=True)

    def gain_life_opponent(self, n: int) -> Cores:  # "Your opponent gains one life" (as "gain one life", theirs)
        return Cores(n, Place("void"), Place("life", "opponent"))

    def t_events(self, t: Token) -> tuple[Trigger, ...]:
        """8-6, 10-11: "When This Spirit is Summoned or Attacks": each event named, as the single headings read it."""
        words = re.findall(r"summoned|attacks|blocks|destroyed|blocked|exhausted|refreshed|linked", str(t).lower())
        names = {"summoned": "t_summoned", "attacks": "t_attacks", "blocks": "t_blocks", "destroyed": "t_destroyed",
                 "blocked": "t_blocked"}  # s19 bss: "(When This Spirit Is Blocked)"
        # s19 bss: "(When This Spirit Is Exhausted / Refreshed / Linked)": this card's event, as "When this spirit is
        # exhausted, …" reads it (8-1-5-1)
        return tuple(tr for w in dict.fromkeys(words)
                     for tr in (_TIMINGS[names[w]] if w in names else (Trigger(w, kinds=("spirit", "nexus")),)))

    def then_if(self, _then: Token, cond: tuple, action: object) -> tuple:  # "Then, if <condition>, <directive>."
        return self.if_then(cond, action)

    def _as_conds(self, parts: tuple) -> tuple:
        """The parts of a when-effect, its "If <life / cards you control>" made the effect's condition (8-3-3)."""
        return tuple(self._life_cond(p) if isinstance(p, tuple) and p and isinstance(p[0], str) else p for p in parts)

    def when_if_first(self, *parts: Any) -> dict:  # "If you control …, when <event>, <directive>."
        return self.when_first(*self._as_conds(parts))

    def when_if_after(self, *parts: Any) -> dict:  # "If you control …, <directive> when <event>."
        return self.when_after(*self._as_conds(parts))

    def when_it_destroys(self, *parts: Any) -> dict:
        """8-1-5-1, 7-1-5-2-1: "Refresh this spirit when it destroys one of your opponent's spirits via comparing BP":
        the event's "it" is the card the directive before it names; this spirit only (the one destroyed has left the
        field)."""
        parts = self._as_conds(parts)
        victim, action = parts[-2], next(p for p in parts if not isinstance(p, Cond | Token | Sel))
        if getattr(getattr(action, "sel", None), "ref", None) != "this":
            raise NotExecutable('"<directive> when it destroys … via comparing BP" on a card other than this spirit',
                                self.raw, _hint(self.raw))
        triggers = self.ev_destroys(Sel(ref="this"), Token("DESTROYS", "destroys"), victim, Token("VIA_BP", ""))
        return self.when_after(*[p for p in parts if not (isinstance(p, Sel) and p is victim) and not (
            isinstance(p, Token) and p.type in ("IT_DESTROYS", "VIA_BP"))], triggers)

    def hand_you(self, n: Token, cmp: Token, area: Token) -> tuple:  # 3-3: "If you have 3 or fewer cards in your hand"
        return ("trash" if str(area).lower().endswith("trash") else "hand", "you", _cmp(cmp), _num(n))

    def hand_opponent(self, n: Token, cmp: Token, area: Token) -> tuple:  # 3-4: "… 15 or more cards in their trash"
        return ("trash" if str(area).lower().endswith("trash") else "hand", "opponent", _cmp(cmp), _num(n))

    def hand_none_you(self, t: Token) -> tuple:  # s21 bss, 3-3: "If you have no cards in your hand" (0 or fewer)
        return ("trash" if str(t).lower().endswith("trash") else "hand", "you", "<=", 0)

    def hand_none_opponent(self, t: Token) -> tuple:  # s21 bss: "If your opponent has no cards in their hand"
        return ("trash" if str(t).lower().endswith("trash") else "hand", "opponent", "<=", 0)

    def hand_vs_you(self, t: Token) -> tuple:  # "If you have fewer cards in your hand than your opponent"
        return ("hand_vs", "you", ">" if str(t).lower().startswith("more") else "<", None)

    def hand_vs_opponent(self, t: Token) -> tuple:  # "If your opponent has more cards in their hand than you"
        return ("hand_vs", "opponent", ">" if str(t).lower().startswith("more") else "<", None)

    def if_hand_then(self, cond: tuple, action: object) -> tuple:
        """3-3, 1-3-7: "If you have N or more cards in your hand, <directive>": the hand counted as it resolves."""
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        kind, whose, op, n, *color = cond  # s15 bss: a symbol condition's color
        return ("sentence", False, IfThen(kind, action, whose, op, n, color=color[0] if color else None))

    def if_may(self, cond: tuple, _may: Token, action: object) -> tuple:  # "If <condition>, you may <directive>."
        return ("sentence", True, self.if_then(cond, action)[2])

    def if_hand_may(self, cond: tuple, _may: Token, action: object) -> tuple:
        return ("sentence", True, self.if_hand_then(cond, action)[2])

    def f_only_cores(self, t: Token) -> dict:  # 4-3: "with only one core on it": exactly that many
        m = re.match(rf"with only ({_NUM_WORD}) cores?", str(t), re.I)
        assert m is not None
        return {"cores": ("==", _num(m.group(1)))}

    def if_hand_after(self, action: object, cond: tuple) -> tuple:  # "Draw a card if you have fewer cards in your hand …"
        return self.if_hand_then(cond, action)

    # defined on _Build (declared here for the type checker)
    raw: str
    if_then: Callable[..., tuple]
    when_first: Callable[..., dict]
    when_after: Callable[..., dict]
    ev_destroys: Callable[..., tuple]
    described: Callable[..., Sel]
    constant: Callable[..., dict]
    _life_cond: Callable[..., Cond]


class _Build14:
    """s14 bss: transformer methods of the "s14 bss" grammar block (mixed into _Build)."""

    def ev_summons(self, tok: Token, sel: Sel) -> tuple[Trigger, ...]:
        """10-6, 10-7: "When your opponent summons a spirit" / "When you place a nexus": the card that player put on the
        field is theirs (their spirit is summoned), the event "When one of your opponent's spirits is summoned" reads."""
        words = str(tok).lower()
        whose = "opponent" if "opponent" in words else "you" if words.startswith("you ") else "any"
        nexus = "place" in words
        if sel.ref is not None or sel.owner != "any" or sel.kinds != (("nexus",) if nexus else ("spirit",)):
            verb = "places" if nexus else "summons"
            raise NotExecutable(f'"{verb} {sel.text()}" as an event (only "summons <spirits>" / "places <nexuses>", '
                                "the card named without an owner)", self.raw, _hint(self.raw))
        return self._event(evolve(sel, owner=whose), "summoned")

    def f_timing_effect(self, t: Token) -> dict:
        """s14 bss, 2-9, 8-6: "with a "When Summoned" effect": a card whose printed text has an effect of that timing."""
        low = str(t).lower()
        event = next(e for w, e in (("summoned", "summoned"), ("placed", "placed"), ("destroyed", "destroyed"),
                                    ("attacks", "attacks"), ("blocks", "blocks")) if w in low)
        return {"timing": event}

    def no_refresh(self, sel: Sel, _no: Token, when: Token) -> Forbid:
        """s14 bss, 6-5-2, 1-3-1: "<cards> will not refresh during their next refresh step": the cards stay exhausted in
        their controller's next refresh step. A step named for one player is read only for cards described as that
        player's ("your opponent's next refresh step" about "your opponent's spirits"); about other cards ("it") it is
        refused, since the cards may be another player's."""
        words = str(when).lower()
        named = "opponent" if "opponent" in words else "you" if words.startswith("during your ") else None
        if named is not None and (sel.ref is not None or sel.owner != named):
            whose = "your opponent's" if named == "opponent" else "your"
            raise NotExecutable(f'"will not refresh during {whose} next refresh step" about {sel.text()} (only about '
                                f"cards described as {whose})", self.raw, _hint(self.raw))
        return Forbid(sel, "refresh", "next refresh")

    def if_milled(self, n: Token, kind: Token, *parts: object) -> tuple:
        """s14 bss, 10-2-1, 1-3-7: "When a magic card is discarded by this effect, <directive>": joined to the discard
        before it (_join_milled), else refused."""
        sel = self.card_sel({"count": _num(n)}, kind)
        filters = [p for p in parts if isinstance(p, dict)]
        action = parts[-1]
        if isinstance(action, tuple):
            raise NotExecutable('"If … is discarded by this effect, <directive> and <directive>"', self.raw,
                                _hint(self.raw))
        for f in filters:
            sel = evolve(sel, **f)
        return ("milled_is", False, MilledIs(None, evolve(sel, owner="any"), action))

    def instead_if_with(self, cond: tuple, action: object, _t: Token) -> tuple:  # "… with this effect instead"
        return self.instead_if(cond, action)

    def instead_with(self, cond: tuple, action: object, _t: Token) -> tuple:  # "If <life>, … with this effect instead"
        return self.instead(cond, action)

    def some_to_bottom(self, _t: Token, _order: Token | None = None) -> tuple:  # "… any number of them at the bottom …"
        return ("sentence", False, SomeToBottom())  # "in any order": 3-1-5 in any case (as cardexec.put_rest)

    def _union(self, first: Sel, second: Sel) -> Sel:
        """s14 bss, 8-5-3: one choice among the cards either description fits: the same number on both sides, each
        description judged on the card's information alone (no battle, soul core, symbols or this card's BP)."""
        same = (first.count, first.up_to, first.any_number) == (second.count, second.up_to, second.any_number)
        situational = any(s.soul is not None or s.battling or s.symbols or s.bp_vs or s.ref or s.any_of
                          for s in (first, second))
        if not same or first.count is None or situational:
            raise NotExecutable(f'"{first.text()}, or {second.text()}" (a choice between two descriptions with the same '
                                "number, judged on the cards' own information)", self.raw, _hint(self.raw))
        parts = tuple(evolve(s, count=None, up_to=False, any_number=False, target=False) for s in (first, second))
        kinds = tuple(dict.fromkeys(first.kinds + second.kinds))
        return Sel(count=first.count, up_to=first.up_to, any_number=first.any_number, kinds=kinds, any_of=parts)

    def sel_union(self, first: Sel, _or: Token, second: Sel) -> Sel:  # "one of your spirits or one of your nexuses"
        return self._union(first, second)

    def from_trash_union(self, *parts: object) -> FromTrash:  # "Select one X card, or one Y card, from your trash and …"
        i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "UNION_OR")
        halves = []
        for side in (parts[:i], parts[i + 1:-1]):
            sel = next(p for p in side if isinstance(p, Sel))
            for f in side:
                if isinstance(f, dict):
                    sel = evolve(sel, **f)
            halves.append(sel)
        return self.from_trash(self._union(halves[0], halves[1]), parts[-1])

    # defined on _Build (declared here for the type checker)
    raw: str
    _event: Callable[..., tuple]
    from_trash: Callable[..., FromTrash]
    card_sel: Callable[..., Sel]
    instead_if: Callable[..., tuple]
    instead: Callable[..., tuple]


class _Build16:
    """# s16 bss: mechanics from the rules document, second round (grammar block "# s16 bss")."""

    raw: str
    step_start: Callable[..., dict]
    guard_sel: Callable[..., tuple]

    def step_start_named(self, *parts: object) -> dict:
        """6-2-1 .. 6-8: "[(During Your Turn)] At the start of your main step, <body>": the step the sentence names,
        read as the heading "(During Your Main Step) At the start of the step" reads it; a turn heading before it must
        name the same player (or it names no step of that turn)."""
        cond = next((p for p in parts if isinstance(p, Cond)), None)
        at, body = next(p for p in parts if isinstance(p, Token) and p.type == "AT_NAMED_STEP"), parts[-1]
        m = re.search(r"of (your opponent's|your) (\w+) step", str(at), re.I)
        assert m is not None
        who = m.group(1).lower() + " "
        if cond is not None and cond.kind != {"your ": "your_turn", "your opponent's ": "opponent_turn"}[who]:
            raise NotExecutable(f'"At the start of {m.group(1)} {m.group(2)} step" under a heading that names another '
                                "time", self.raw, _hint(self.raw))
        return self.step_start(Token("STEP_HEADING", f"during {who}{m.group(2).lower()} step"), None, body)

    def there_are_cores_this(self, _t: Token, n: Token, cmp: Token, on: Token) -> tuple:
        """4-11-1: "If there are three or more cores on this spirit": the cores on this card as the directive resolves
        (the "cores" condition of "If this spirit has …"); "on it" after "there are" may name a selected card."""
        if not re.search(r"this (spirit|nexus)", str(on), re.I):
            raise NotExecutable('"If there are N cores on it"', self.raw, _hint(self.raw))
        return ("cores", "this", _cmp(cmp), _num(n))

    def guard_attacks_any(self, _t: Token) -> tuple:
        """"Your life cannot be reduced by attacks": the attacks of all of the opponent's spirits (7-1-5-3-1)."""
        return self.guard_sel(Sel(count=None, owner="opponent", kinds=("spirit",)))

    def discard_some(self, *parts: object) -> DiscardSome:
        """10-2, 8-5-3-2: "Discard any number of cards" / "[Your opponent] discards up to two cards [from …]"."""
        who = str(parts[0]) if len(parts) == 3 else "you"
        tok = next(p for p in parts if isinstance(p, Token) and p.type == "DISCARD_SOME")
        m = re.match(r"up to (\w+)", str(tok), re.I)
        return DiscardSome(_num(Token("NUMBER", m.group(1))) if m else None, who, parts[-1])

    def per_discarded(self, _t: Token, action: object) -> tuple:
        """"For each card discarded, <directive>": one directive, scaled by the cards the discard before it discarded."""
        if isinstance(action, tuple):
            raise NotExecutable('"for each card discarded" over more than one directive', self.raw, _hint(self.raw))
        return ("sentence", False, PerDiscarded(action))

    def per_discarded_after(self, action: object, t: Token) -> tuple:  # "Draw a card for each card discarded"
        return self.per_discarded(t, action)

    def draw_that_many(self, _t: Token) -> tuple:  # "Draw that many cards": one card for each card discarded
        return ("sentence", False, PerDiscarded(Draw(1, "you")))

    def free_place(self, _t: Token, *rest: object) -> FreeSummon:
        """10-7: "Place a / one nexus card from your trash [onto the field] without paying its cost": one nexus card of
        the player's (a spirit card is summoned, not placed)."""
        area = next(str(p) for p in rest if p in ("hand", "trash"))
        sel = Sel(count=1, owner="you", kinds=("nexus",))
        return self._free(sel, tuple(p for p in rest if isinstance(p, dict)), area)  # type: ignore[attr-defined]

    def free_named(self, *parts: Token) -> FreeSummon:
        """s21 bss, 10-6 / 10-7, 3-1-4: "Summon this spirit card / Place this nexus card from your trash without paying
        its cost": the card the text (or the event) names, in the trash now (cardsteps.free_summon)."""
        ref = next(str(p).lower() for p in parts if p.type == "REF_CARD")
        verb = next((str(p).lower() for p in parts if p.type == "SEND"), "summon")
        kind = "nexus" if " nexus " in f" {ref} " else "spirit"
        if verb not in ("summon", "place") or (verb == "place") != (kind == "nexus"):
            raise NotExecutable(f'"{verb} {ref}" (a spirit card is summoned, a nexus card placed)', self.raw,
                                _hint(self.raw))
        return FreeSummon(Sel(ref="this" if ref.startswith("this") else "that", count=1, kinds=(kind,)), "trash")

    def free_place_hand(self, t: Token, *rest: object) -> FreeSummon:  # s21 bss: "… from your hand" (FROM_HAND)
        hand = next(p for p in rest if isinstance(p, Token) and p.type == "FROM_HAND")
        if "their" in str(hand).lower():
            raise NotExecutable('"place … from their hand"', self.raw, _hint(self.raw))
        return self.free_place(t, *(p for p in rest if p is not hand), "hand")

    def from_trash_to_top(self, sel: Sel, *rest: object) -> FromTrash:
        """3-4-2: "Return one spirit card from your trash to the top of your deck" (the number chosen, never assumed)."""
        for f in rest:
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        if sel.count is None:
            raise NotExecutable('"return <cards> from your trash to the top of your deck" without a number', self.raw,
                                _hint(self.raw))
        return FromTrash(sel, "deck top")

    def battle_delayed(self, tok: Token, action: object) -> tuple:
        """7-1-6-1: "When this battle ends, <directive>": one directive, set up as the effect resolves and performed as
        the battle ends; on "it", the cards selected just before it (as "At the end of this turn, …" reads it)."""
        tail = self.raw[self.raw.lower().find(str(tok).lower()):]
        tail = tail[: tail.find(".") + 1] if "." in tail else tail
        if isinstance(action, tuple):
            raise NotExecutable('"When this battle ends, …" with two directives', self.raw, _hint(self.raw))
        on_it = _names_it(action)
        if not on_it and re.search(r"\b(it|them|they|those|that spirit|that nexus|the selected)\b", tail[len(tok):], re.I):
            raise NotExecutable('"When this battle ends, …" naming cards chosen before it other than as "it"', self.raw,
                                _hint(self.raw))
        return ("sentence", False, BattleDelayed(_that_is_it(action), tail.strip(), on_it))

    def duration_opp_next(self, _t: Token) -> str:  # "until the end of your opponent's next turn" (rules._next_turn)
        return "opponent next turn"

    def cost_change(self, *parts: object) -> dict:
        """10-8-4: "<whose> magic cards cost N more / less", "the costs of magic cards <player> uses increase by N": a
        constant effect (active under its heading) that rules.use_cost reads as the cost is determined."""
        words = str(parts[-1]).lower()
        whose = ("opponent" if "opponent" in words else "you" if words.startswith(("your ", "the costs of your ",
                                                                                   "the cost of your ")) or " you use" in words else "any")
        m = re.search(rf"(?:cost|by) ({_NUM_WORD}|one|\d+)", words)
        assert m is not None
        up = bool(re.search(r"\bmore\b|increase", words))
        cond = tuple(p for p in parts[:-1] if isinstance(p, Cond))
        return {"kind": "constant", "condition": cond, "body": (CostChange(whose, _num(m.group(1)) * (1 if up else -1)),)}


class _Build15:
    """s15 bss: transformer methods of the "# s15 bss" grammar block (mixed into _Build)."""

    def f_cores_exact(self, t: Token) -> dict:
        """s15 bss, 4-11: "with one core on it": exactly that many cores (as "with only one core on it")."""
        m = re.match(rf"with ({_NUM_WORD}) cores?", str(t), re.I)
        assert m is not None
        return {"cores": ("==", _num(m.group(1))), "cores_read": True}

    def cores_this(self, _this: Token, n: Token, cmp: Token, _on: Token) -> tuple:
        """s15 bss, 4-11-1: "If this spirit has three or more cores on it": the cores on this card as it resolves."""
        return ("cores", "this", _cmp(cmp), _num(n))

    def reserve_you(self, n: Token, cmp: Token, _r: Token) -> tuple:  # 3-6: "If you have 5 or more cores in your reserve"
        return ("reserve", "you", _cmp(cmp), _num(n))

    def reserve_opponent(self, n: Token, cmp: Token, _r: Token) -> tuple:  # "… cores in their reserve"
        return ("reserve", "opponent", _cmp(cmp), _num(n))

    def there_are(self, _t: Token, n: Token, cmp: Token, area: Token) -> tuple:
        """s15 bss, 3-3, 3-4: "If there are 10 or more cards in your trash / your opponent's … their hand": the player
        the area names ("your", or the opponent's with "their")."""
        words = str(area).lower()
        whose = "opponent" if " their " in f" {words} " else "you"
        return ("trash" if words.endswith("trash") else "hand", whose, _cmp(cmp), _num(n))

    def then_if_hand(self, _then: Token, cond: tuple, action: object) -> tuple:  # "Then, if there are …, <directive>."
        return self.if_hand_then(cond, action)

    @staticmethod
    def _symbol_color(t: Token) -> str | None:
        m = re.search(r"\b(red|purple|white|yellow|green|blue) symbol", str(t), re.I)
        return m.group(1).lower() if m else None

    def symbols_you(self, n: Token, cmp: Token, t: Token) -> tuple:  # "If you have 3 or more red symbols on your field"
        return ("symbols", "you", _cmp(cmp), _num(n), self._symbol_color(t))

    def symbols_opponent(self, n: Token, cmp: Token, t: Token) -> tuple:  # "… has 3 or more symbols on their field"
        return ("symbols", "opponent", _cmp(cmp), _num(n), self._symbol_color(t))

    def per_field_symbol(self, t: Token) -> tuple[str, ForEachAmount]:
        """s15 bss, 2-8: "for each red symbol on your field": the symbols of that player's field (cardexec._amount)."""
        whose = "opponent" if re.search(r"opponent's|their", str(t), re.I) else "you"
        return ("per", ForEachAmount(None, "field_symbols", whose, color=self._symbol_color(t)))

    def end_step_after_battle(self, *_t: Token) -> tuple:  # "When this battle ends, end the attack step." (7-1-6-1)
        return ("sentence", False, EndStepAfterBattle())

    def return_placed(self, _send: Token, sel: Sel, to: Token) -> Return:  # "place it on the top of its owner's deck"
        return Return(sel, "deck top" if "top" in str(to).lower() else "deck bottom")

    def this_level(self, t: Token) -> tuple:
        """s15 bss, 2-10-3: "If this spirit is LV3 / at LV2 or higher / at its highest level": this card's level now."""
        low = str(t).lower()
        if "highest" in low:
            return ("highest", "this", ">=", 0)
        m = re.search(r"lv\s*(\d)(?: or (higher|lower|more|less))?", low)
        assert m is not None
        return ("level", "this", "==" if m.group(2) is None else _cmp(Token("CMP", m.group(2))), int(m.group(1)))

    def activate_feast(self, _t: Token, *rest: Token) -> vocab.Feast:
        """s15 bss, 11-17-1: "Activate Feast one time": 【Feast】 once, with the tokens' information the card line gives
        ("(Small Supsprite Token: Token spirit/…; Medium …; Large …)", dialect._with_tokens)."""
        specs = next((str(t) for t in rest if t.type == "FEAST_SPECS"), "")
        return vocab.Feast(tuple(vocab._token_spec(n.strip().strip('"'), a)
                                 for n, a in re.findall(r"([^;:()]+?)\s*:\s*([^;()]+)", specs)))

    def activate_feast_times(self, t: Token, *rest: Token) -> vocab.Feast:
        """s20 bss2, 11-17-1: "Activate Feast twice / three times": 【Feast】 that many times (resolve: one activation
        after another, each growing the token the one before left)."""
        words = str(rest[-1]).lower().split()
        n = 2 if words[0] == "twice" else _num(words[0])
        return evolve(self.activate_feast(t, *rest[:-1]), times=n)

    def added_discard(self, *parts: object) -> dict:
        """s15 bss, 8-4-2-2: "When your opponent uses a magic card from their hand, they must discard a card as an
        additional cost": a constant effect (active under its heading) that rules.use_magic reads as the use is paid."""
        words = str(parts[-1]).lower()
        whose = "opponent" if "your opponent" in words else "you" if words.startswith("when you ") else "any"
        m = re.search(rf"must discard ({_NUM_WORD}|one) cards?", words)
        assert m is not None
        cond = tuple(p for p in parts[:-1] if isinstance(p, Cond))
        return {"kind": "constant", "condition": cond, "body": (AddedDiscard(whose, _num(m.group(1))),)}

    # defined on _Build (declared here for the type checker)
    if_hand_then: Callable[..., tuple]


class _Build16b:
    """# s16b bss: random discards (grammar block "# s16b bss")."""

    raw: str

    def discard_random(self, *parts: object) -> DiscardRandom:
        """10-2: "Discard a random card from your opponent's hand", "[Your opponent] discards one card at random": the
        player whose hand it is comes from the subject or from "from <whose> hand" (a subject and another hand refused)."""
        toks = {p.type: str(p) for p in parts if isinstance(p, Token)}
        n = next((p for p in parts if isinstance(p, int)), None)
        if n is None:
            m = re.match(r"(\w+) random", toks.get("RANDOM_QTY", ""), re.I)
            assert m is not None
            n = 1 if m.group(1).lower() == "a" else _num(Token("NUMBER", m.group(1)))
        subject = next((p for p in parts if isinstance(p, str) and not isinstance(p, Token)), None)
        src = (toks.get("RANDOM_FROM") or toks.get("FROM_HAND") or "").lower()
        hand = "opponent" if "opponent" in src else "you" if "your" in src else None
        if subject is not None and hand == "you" and subject != "you":
            raise NotExecutable(f'"{subject} discards … from your hand"', self.raw, _hint(self.raw))
        who = subject or hand or "you"
        if who == "each":
            raise NotExecutable('"each player discards … at random"', self.raw, _hint(self.raw))
        return DiscardRandom(n, who)


class _Build17:
    """# s17 bss: tokens without their information, first attacks, symbols, cores sent (grammar block "# s17 bss")."""

    raw: str

    def f_cost_worded(self, t: Token) -> dict:
        """2-6-1: "with 3 cost or less", "that is 3 cost or lower", "costing 3 or more": "that costs 3 or fewer"."""
        m = re.search(rf"({_NUM_WORD}) (?:cost )?or (less|fewer|lower|more|higher)", str(t), re.I)
        assert m is not None
        return {"cost": (_cmp(Token("CMP", m.group(2))), _num(Token("NUMBER", m.group(1))))}

    def mill_sent(self, _send: Token, n: int, _c: Token, who: str, _to: Token) -> Mill:
        """10-2-1: "Send the top two cards of your opponent's deck to the trash": a discard from the deck's top."""
        return Mill(n, who)

    def mill_sent_one(self, _send: Token, _c: Token, who: str, _to: Token) -> Mill:
        return Mill(1, who)

    def gain_symbol(self, sel: Sel, _g: Token, t: Token) -> GainSymbol:
        """2-8: "gains one red symbol": that many symbols of the colour, besides the card's own (constant effects only)."""
        m = re.match(rf"({_NUM_WORD}|an) (?:additional )?([a-z]+(?:/[a-z]+)?) symbols?", str(t).lower())
        assert m is not None
        n = 1 if m.group(1) == "an" else _num(Token("NUMBER", m.group(1)))
        return GainSymbol(sel, (m.group(2),) * n)

    def start_once_after(self, *parts: Any) -> Any:
        """"<effect> This effect can only be activated once per turn.": the limit "[Once Per Turn]" sets (once.py)."""
        *head, eff, _t = parts
        return self.start(*head, self._limited(eff, "once per turn"))

    def draw_more(self, n: int, _more: Token) -> Draw:  # 4-5-3: "Draw 1 more card": that many cards
        return Draw(n)

    _limited: Callable[..., dict]
    start: Callable[..., Any]

    def set_burst(self, _t: Token) -> SetBurst:  # 6-6-1-2-2: "Set one burst card from your hand"
        return SetBurst()

    def burst_off(self, t: Token) -> BurstOff:  # 10-2-1: "Discard / Destroy your opponent's burst"
        low = str(t).lower()
        return BurstOff("you" if re.search(r"\byour (?:set )?burst", low) else "opponent", low.startswith("destroy"))

    def activate_feast_per(self, *parts: object) -> object:
        """11-17-1: "Activate Feast once for each <cards>": 【Feast】 performed once per card counted (cardexec.for_each)."""
        (t, *rest), per = _per(parts)
        return _scaled(self.activate_feast(t, *rest), per)

    activate_feast: Callable[..., vocab.Feast]

    def ev_first_attacks(self, _t: Token) -> tuple[Trigger, ...]:
        """7-1-1-1: "When the first spirit attacks each turn": any player's spirit, the first attack declared this turn."""
        return (Trigger("attacks", "any", first=True),)

    def mod_bp_that_battle(self, sel: Sel, _g: Token, amount: Token, _during: Token) -> ModBP:
        """7-1-1-1: "The first spirit to attack each turn gains 3000 BP during that battle": only during the battle of
        that first attack (a constant effect's subject; any other subject has no "that battle" to name)."""
        if sel.ref != vocab.FIRST_ATTACKER[0]:
            raise NotExecutable('"during that battle" about cards other than "the first spirit that attacks each turn"',
                                self.raw, _hint(self.raw))
        n = int(str(amount).replace(" ", "")) if amount.type == "SIGNED" else _num(amount)
        return ModBP(evolve(sel, ref=vocab.FIRST_ATTACKER[1]), n)

    def summon_token_named(self, n: int, *rest: Token) -> NamedToken:
        """4-12-2: "Summon two of your Mecha Leaf Kindred Tokens": the token's name without its card information, which
        the scenario's card line gives (cardexec.named_token asks for it when it does not)."""
        name = str(rest[-1]).strip('"')
        return NamedToken(name.removesuffix("s") if name.endswith("Tokens") else name, n)


def _may_later(tag: str, may: bool, k: int, d: object) -> tuple[bool, object]:
    """s18 bss: "<directive>. You may <directive>." (cardnodes.MayDo, 8-1-8); not a condition's directive (it would be
    asked before the condition is read) nor viewed cards put back (12-3-3 does not say what a declined one means)."""
    if may and k and tag == "sentence" and not isinstance(d, IfThen | PutRest | Shuffle | AddFromAmong):
        return False, MayDo(d)
    return may, d


def _paid_first(optional: bool, directives: list) -> tuple:
    """s18 bss: "<directive>. If you do, …": the effect cost; without "you may" marked so (cardnodes.DoneFirst, 8-4-1)."""
    return (() if optional else (DoneFirst(),)) + tuple(directives)


def _check_to_deck(body: tuple, raw: str) -> None:
    """s18 bss: cards put into the deck from the trash have a place only when the deck is then shuffled (3-2-2)."""
    for k, d in enumerate(body):
        if isinstance(d, FromTrash) and d.to == "deck" and not (k + 1 < len(body) and isinstance(body[k + 1], Shuffle)
                                                                and body[k + 1].who == "you"):
            raise NotExecutable('"return <cards> from your trash to your deck" without "Then, shuffle your deck" after it',
                                raw, _hint(raw))


def _check_them_back(body: tuple, raw: str) -> None:
    """s18 bss: "return them in any order" names the cards looked at right before it, on the top of your own deck."""
    for k, d in enumerate(body):
        if isinstance(d, PutThemBack) and not (k and isinstance(body[k - 1], Look) and body[k - 1].who == "you"):
            raise NotExecutable('"put them back (in any order)" other than right after "Look at the top N cards of your '
                                'deck"', raw, _hint(raw))


class _Build18:
    """# s18 bss: reminders, burst headings, the soul core wherever it is, quoted types, hands, attack steps, core events
    (grammar block "# s18 bss")."""

    raw: str

    def soul_to(self, _send: Token, _named: Token, _into: None, dst: Place) -> Cores:
        """4-11-3: "Send your Soul Core to the void": the soul core named, from wherever its player's is."""
        return Cores(1, Place("soul"), dst, soul=True)

    def end_attack_step_now(self, t: Token) -> tuple:
        """6-7-3-2: "End the attack step." / "End your opponent's attack step." (cardexec.end_attack_step)."""
        return ("sentence", False, EndAttackStep("opponent" if "opp" in str(t).lower() else "any"))

    def them_back_top(self, *_parts: Token) -> PutThemBack:  # 3-1-5: "return them in any order" (12-3)
        return PutThemBack("deck top")

    def from_trash_to_deck(self, sel: Sel, *rest: object) -> FromTrash:
        """3-4-2: "Return up to two magic cards from your trash to your deck" (then shuffled: _check_to_deck)."""
        return FromTrash(self.from_trash_to_top(sel, *rest).sel, "deck")

    def from_trash_shuffled(self, _t: Token, sel: Sel, *rest: object) -> tuple:
        """3-4-2, 3-2-2: "Shuffle one spirit card from your trash into your deck": into the deck, then the deck shuffled."""
        return (self.from_trash_to_deck(sel, *rest), Shuffle("you"))

    def hand_to_deck(self, t: Token, end: Token, _order: Token | None = None) -> HandToDeck:
        # 3-3: "Put one card from your hand on top of your deck"; s19: "… in any order" is 3-1-5's owner's order
        m = re.search(rf"({_NUM_WORD}|an?) cards?", str(t), re.I)
        assert m is not None
        return HandToDeck(1 if m.group(1).lower() in ("a", "an") else _num(Token("NUMBER", m.group(1))),
                          "bottom" in str(end).lower())

    def draw_until(self, _t: Token, n: Token, *_rest: Token) -> DrawUntil:  # s21 bss, 4-5-3: "Draw until you have N cards"
        return DrawUntil(_num(n))

    def draw_up_to(self, t: Token) -> DrawUpTo:  # 1-3-5-1: "Draw up to two cards"
        m = re.search(rf"up to ({_NUM_WORD})", str(t), re.I)
        assert m is not None
        return DrawUpTo(_num(Token("NUMBER", m.group(1))))

    def then_after(self, first: object, _t: Token, second: object) -> tuple:  # 1-3-7: "<directive>, then <directive>"
        return ("sentence", False, _flat(first) + _flat(second))

    def f_named(self, t: Token) -> dict:  # 2-1-1: "named "Siegwurm"": that card name
        return {"named": str(t)[len("named "):].strip().strip('"')}

    def search_filtered(self, sel: Sel, *rest: object) -> SearchDeck:
        """12-2, 2-1-1: "Search your deck for 1 card named "X"[,] and add it to your hand": the filters on the card."""
        for f in rest:
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        return SearchDeck(sel)

    def timing_keyword(self, trig: tuple, name: Token) -> tuple:
        """11-2-1, 11-6-1: "(When This Spirit Attacks) Confront" / "Luster": the keyword, whose rule says it works when its
        spirit attacks; under any other timing, or another keyword, the heading would say something the engine drops."""
        kw = self.keyword(name)
        if trig != _TIMINGS["t_attacks"] or kw.name not in ("Confront", "Luster"):
            raise NotExecutable(f'【{kw.name}】 under a timing heading (only "(When This Spirit Attacks) Confront / Luster")',
                                self.raw, _hint(self.raw))
        return ("keywords", (kw,))

    from_trash_to_top: Callable[..., FromTrash]
    described: Callable[..., Sel]
    keyword: Callable[..., Keyword]

    def cores_any(self, _send: Token, _any: Token, _c: Token, src: Place, _into: None, dst: Place) -> Cores:
        """1-3-5: "any number of cores": the player chooses how many (n None with up_to: resolve.move_cores asks)."""
        for p in (src, dst):
            if p.kind == "card" and p.sel is not None and p.sel.ref is None and p.sel.count != 1:
                raise NotExecutable('"any number of cores" from or onto several cards', self.raw, _hint(self.raw))
        return Cores(None, src, dst, up_to=True)

    def look_hand(self, _t: Token) -> LookHand:  # 3-3-3 overridden (1-3-1): "Look at your opponent's hand"
        return LookHand()


class _Build19:
    """s19 bss: the constructions of the nineteenth session (grammar block "# s19 bss")."""

    raw: str

    def ev_life_up(self, tok: Token) -> tuple[Trigger, ...]:  # 3-7: "when your [opponent's] life increases"
        return (Trigger("life_increased", "opponent" if "opponent" in str(tok).lower() else "you"),)

    def chain_may_to(self, color: str, _may: Token, cost: object, effect: object) -> tuple:
        """11-15-2, 8-4-1: "Chain <color>: You may <cost> to <effect>": the chain's effect cost, asked when reached."""
        return ("chain", color, (MayPay(_flat(cost), _flat(effect)),))

    def chain_must_to(self, color: str, cost: object, effect: object) -> tuple:  # "<cost> to <effect>" (8-4-2-4)
        return ("chain", color, (MayPay(_flat(cost), _flat(effect), False),))

    def chain_may(self, color: str, _may: Token, action: object) -> tuple:  # 8-1-8: "Chain <color>: You may <directive>"
        return ("chain", color, (MayDo(action),))

    def cores_remove_each(self, n: int | None, _c: Token, src: Place, _send: Token, _into: None, dst: Place) -> Cores:
        """8-5-5: "Remove one core each from <cards> and place them …": that many cores from each card described."""
        if src.kind != "card":
            raise NotExecutable('"… cores each from" a place that is not cards', self.raw, _hint(self.raw))
        return Cores(n, src, dst)

    def substitution_paid(self, sel: Sel, *rest: object) -> dict:
        """8-9, 8-4-1: "… would be destroyed, you may <cost> to <directive> instead": the effect cost, then the directive
        (resolve.substitute pays it first; resolve._substitutions offers it only when both can be performed, 8-4-2-3)."""
        out = self.substitution(sel, *rest[:-2], rest[-1])  # type: ignore[attr-defined]
        return {**out, "cost": _flat(rest[-2]), "body": _flat(rest[-1])}

    def add_among_of(self, qty: dict, _among: Token) -> AddFromAmong:
        """12-2-1: "Add one of them to your hand": a card of any kind among the cards looked at (as "one card from among
        them")."""
        return AddFromAmong(Sel(kinds=("spirit", "nexus", "magic"), owner="you", **qty))


class _Build20:
    """s20 bss: the constructions of the twentieth session (grammar block "# s20 bss")."""

    raw: str

    def substitution_keep(self, sel: Sel, *rest: object) -> dict:
        """8-9, 8-4-1, 10-5-1: "… would be destroyed, you may <cost> to keep it on the field [exhausted / refreshed]
        instead": the directive is the effect cost (paid first, offered only when payable: resolve._substitutions), the
        card stays on the field (8-9-1-1), then is exhausted / refreshed as the words say."""
        keep = str(rest[-1]).lower()
        out = self.substitution(sel, *rest[:-1])  # type: ignore[attr-defined]
        turn = (vocab.Exhaust(Sel(ref="it")),) if keep.endswith("exhausted") else (
            (vocab.Refresh(Sel(ref="it")),) if keep.endswith("refreshed") else ())
        return {**out, "cost": _flat(rest[-2]), "body": turn}

    def soul_constant_headed(self, head: Cond, *rest: object) -> dict:
        """8-3-3, 4-11-1: "(During Your Attack Step) If this spirit has a "Soul Core" on it, <continuous>": active while
        both the heading and the soul core condition hold (as the unheaded reading)."""
        out = self.soul_constant(*rest)  # type: ignore[attr-defined]
        return {**out, "condition": (head,) + out["condition"]}

    def soul_on_described(self, sel: Sel, _t: Token) -> Cond:
        """4-11-1: "If one of your nexuses has a "Soul Core" on it": the controller's soul core is on one of their cards
        fitting the description (view.cond_holds, printed information)."""
        if sel.owner != "you" or sel.ref is not None or (sel.count or 1) != 1 or sel.up_to:
            raise NotExecutable('"If <cards> have a Soul Core on them" other than one of your cards', self.raw,
                                _hint(self.raw))
        return Cond("soul_on", sel=evolve(sel, count=None))

    def draw_number_bare(self, _c: Token, eq: tuple[str, Sel]) -> NumberOf:  # "Draw cards equal to …" (8-2-1)
        return NumberOf(Draw(0, "you"), *eq)

    def mill_number_bare(self, _c: Token, who: str, eq: tuple[str, Sel]) -> NumberOf:  # "Discard cards from the top …"
        return NumberOf(Mill(0, who), *eq)

    def eq_level(self, _t: Token) -> tuple[str, Sel]:  # 2-10-3: "equal to this spirit's LV": its level as it resolves
        return ("level", Sel(ref="this"))

    def eq_hand(self, _eq: Token, _c: Token, hand: Token) -> tuple[str, Sel]:
        """3-3, 3-1-2: "equal to the number of cards in your / your opponent's hand" (the number of cards in any area is
        public)."""
        whose = "you" if str(hand).lower().startswith("your hand") else "opponent"
        return ("hand", Sel(kinds=("spirit", "nexus", "magic"), owner=whose))

    def if_ref_destroyed(self, _t: Token, action: object) -> tuple:
        """10-1-1, 9-3-2-1, 9-4-2-1: "If it / that spirit is destroyed by this effect, <directive>": the card the directive
        before chose is no longer on the field after it (as "If a spirit is destroyed by this effect")."""
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        return ("sentence", False, IfThen("destroyed", action, "you", ">=", 1, Sel(kinds=("spirit", "nexus"))))

    def per_destroyed(self, t: Token) -> tuple[str, ForEachAmount]:
        """9-3-2-1, 9-4-2-1: "… for each spirit destroyed by this effect": the cards the directive before it chose that it
        destroyed (cardexec.for_each_amount)."""
        kind = re.search(r"spirit|nexus", str(t).lower())
        return ("per", ForEachAmount(None, "destroyed", kind=kind.group(0) if kind else None))

    def once_when_after_resolves(self, *parts: Any) -> dict:  # "(…) Once per turn, when you use …, … after it resolves"
        return self._limited(self.when_after_resolves(*(p for p in parts if not (isinstance(p, Token) and p.type  # type: ignore[attr-defined]
                                                                                  == "ONCE_PER_TURN"))), "once per turn")

    def first_time_after_resolves(self, *parts: Any) -> dict:  # "The first time you use … each turn, … after it resolves"
        return self._limited(self.when_after_resolves(*(p for p in parts if not (isinstance(p, Token) and p.type  # type: ignore[attr-defined]
                                                                                  in ("FIRST_TIME", "EACH_TURN")))),
                             'once per turn ("the first time … each turn")')

    def triggered_links(self, _t: Token, body: dict) -> dict:
        """11-18-1, 8-1-5-1: "(When This Spirit Links) …": activated when this spirit (with 【Link】) is linked to the
        attacking spirit."""
        return {"kind": "triggered", "triggers": (Trigger("links", kinds=("spirit",)),), **body}

    def if_destroy_via_bp(self, sel: Sel, _t: Token, action: object) -> tuple:
        """9-4-2-1, 10-1-1: "If you destroy <cards> via reducing its BP to 0 with this effect, <directive>": one or more of
        the cards the BP reduction before it chose, fitting the description, destroyed at the checkpoint right after it."""
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        if sel.ref is not None or sel.up_to:
            raise NotExecutable(f'"If you destroy {sel.text()} via reducing its BP to 0"', self.raw, _hint(self.raw))
        return ("sentence", False, IfThen("destroyed_bp", action, "you", ">=", sel.count or 1,
                                          evolve(sel, count=None, target=False)))

    def discard_must(self, who: str, _t: Token, *rest: object) -> object:  # "Your opponent must discard a card" (10-2-2)
        return self.discard(who, *rest)  # type: ignore[attr-defined]

    @staticmethod
    def _soul(parts: tuple) -> tuple:  # "this spirit has a Soul Core on it": the controller's soul core on this card
        return tuple(Cond("soul") if isinstance(p, Token) and p.type == "SOUL_ON_THIS" else p for p in parts)

    def when_soul_first(self, *parts: Any) -> dict:  # "If … has a Soul Core on it, when <event>, <directive>."
        return self.when_first(*self._soul(parts))  # type: ignore[attr-defined]

    def when_soul_after(self, *parts: Any) -> dict:  # "If … has a Soul Core on it, <directive> when <event>."
        return self.when_after(*self._soul(parts))  # type: ignore[attr-defined]


class _Build22B:
    """s22-bssB: bodies of the twenty-second session (grammar block "// s22-bssB"): selections, actions, references."""

    raw: str

    @staticmethod
    def _count_words(t: Token, noun: str) -> tuple[str, int]:
        """"with only one color" / "that have two or more symbols" -> (op, n): "only" and a bare number are exactly n."""
        m = re.search(rf"({_NUM_WORD}) (?:or (more|fewer|less) )?{noun}", str(t).lower())
        assert m is not None
        return ("==" if m.group(2) is None else _cmp(Token("CMP", m.group(2))), _num(m.group(1)))

    def f_color_count(self, t: Token) -> dict:  # 2-4-1-2: "with only one color", "with two or more colors"
        return {"n_colors": self._count_words(t, "colou?rs?")}

    def f_symbols_that(self, t: Token) -> dict:  # 2-8: "that has one symbol" (as "with one symbol")
        return {"symbols": self._count_words(t, "symbols?")}

    def p_their_life(self) -> Place:
        """3-7: "from their life": the opponent the text named before it, the only player the reader accepts there."""
        head = self.raw.lower().split("their life", 1)[0]
        if "opponent" not in head or re.search(r"\byou (lose|have|control)|\bthey\b", head):
            raise NotExecutable('"their life" where the text names no opponent before it', self.raw, _hint(self.raw))
        return Place("life", "opponent")

    def per_destroyed_of(self, t: Token) -> tuple[str, ForEachAmount]:
        """10-1-1, 9-3-2-1: "for each of your opponent's spirits destroyed by this effect" (as "for each spirit destroyed by
        this effect", those of that owner only: cardexec.for_each_amount)."""
        low = str(t).lower()
        kind = re.search(r"spirit|nexus", low)
        owner = "opponent" if "opponent's" in low or " their " in low else "you"
        if owner == "opponent" and "their" in low and "opponent" not in self.raw.lower().split(low, 1)[0]:
            raise NotExecutable('"for each of their … destroyed by this effect" where the text names no opponent before it',
                                self.raw, _hint(self.raw))
        return ("per", ForEachAmount(None, "destroyed", kind=kind.group(0) if kind else None, owner=owner))

    def f_keyword_either(self, t: Token) -> dict:  # s22-bssB: "with Confront or Curse": either keyword
        names = re.findall("|".join(re.escape(k) for k in vocab.KEYWORDS), str(t), re.I)
        return {"keywords_any": tuple(_KW_CANON[n.lower()] for n in names)}

    def return_any_order(self, sel: Sel, *rest: object) -> Return:  # "… to the bottom of their deck in any order" (3-1-5)
        if not any(isinstance(p, Token) and "deck" in str(p).lower() for p in rest):
            raise NotExecutable('"in any order" after a return that is not to a deck', self.raw, _hint(self.raw))
        return self.return_(sel, *rest[:-1])  # type: ignore[attr-defined]

    def opp_select_and_per(self, _t: Token, sel: Sel, per: tuple, verb: Token) -> tuple:
        """8-5-3, 8-5-4: "Your opponent selects one of their spirits for each … and exhausts them": the selection's number
        times the cards counted when it resolves (cardexec.for_each), the opponent choosing."""
        if not sel.selects or sel.up_to:
            raise NotExecutable('"for each" on a selection that is not "one of …"', self.raw, _hint(self.raw))
        kind = {"destroys": Destroy, "exhausts": Exhaust, "refreshes": Refresh}[str(verb).lower()]
        return ("sentence", False, _scaled(kind(sel), per[1]))

    def each_both(self, _t: Token) -> str:  # "You and your opponent each …" (as "Each player …")
        return self.each()  # type: ignore[attr-defined]

    def it_from_trash(self, _t: Token) -> FromTrash:  # s22-bssB: "return it from your trash to your hand" (vocab.trigger_it: "that")
        return FromTrash(Sel(ref="it"), "hand")

    def if_you_destroyed(self, sel: Sel, _t: Token, action: object) -> tuple:
        """10-1-1, 9-3-2-1: "If you destroy a spirit with this effect, <directive>" (as "If a spirit is destroyed by this
        effect, <directive>": one or more of the cards the directive before it chose, destroyed by it)."""
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        if sel.ref is not None or sel.up_to or sel.count not in (1,):
            raise NotExecutable(f'"If you destroy {sel.text()} with this effect" (only "a spirit" / "one …")', self.raw,
                                _hint(self.raw))
        return ("sentence", False, IfThen("destroyed", action, "you", ">=", 1, evolve(sel, count=None, target=False)))

    def eq_trash(self, _eq: Token, _c: Token, trash: Token) -> tuple[str, Sel]:
        """3-4-2, 3-1-2: "equal to the number of cards in your / their trash" ("their": the opponent the sentence names,
        as "their hand" is read); counted when the effect resolves (cardexec.number_of)."""
        whose = "you" if str(trash).lower().startswith("your trash") else "opponent"
        return ("trash", Sel(kinds=("spirit", "nexus", "magic"), owner=whose))


class _Build22A:
    """# s22-bssA: heads and frames (grammar: the "s22-bssA" block)."""

    raw: str

    def ev_passive_by_opponent(self, sel: Sel, verb: Token, _by: Token) -> tuple[Trigger, ...]:
        """10-15-1: "<cards> is destroyed by your opponent": by the opponent's effect or their spirit in battle (the
        event's `by`, as "(When Destroyed By Opponent)"); other events by the opponent are not read."""
        event = str(verb).lower().split()[-1]
        if event != "destroyed":
            raise NotExecutable(f'"is {event} by your opponent" (only "destroyed by your opponent")', self.raw,
                                _hint(self.raw))
        return tuple(evolve(t, by_opponent=True) for t in self._event(sel, event))

    def ih_none_any(self, tok: Token, sel: Sel) -> tuple[str, str, int, Sel]:
        """8-5-4: "you don't control any <cards>": none of them on that player's field (0 or fewer)."""
        whose = "opponent" if str(tok).lower().startswith("your opponent") else "you"
        return (whose, "<=", 0, evolve(sel, owner=whose, count=None))

    def ev_you_reduce(self, _t: Token, attack: Token | None = None) -> tuple[Trigger, ...]:
        """7-1-5-3-1: "when you reduce your opponent's life": reduced by you (your attack's damage or your effect);
        "with this spirit's attack": this spirit's attack's damage (as "when this spirit reduces your opponent's life")."""
        if attack is not None:
            return (Trigger("life_reduced", "opponent", attack="self"),)
        return (Trigger("life_reduced", "opponent", by_opponent=True),)

    def ev_battle_end(self, _t: Token) -> tuple[Trigger, ...]:
        """7-1-6-1: "When the battle ends" under a heading: the end of a battle this spirit is in."""
        return (Trigger("battle_end", "self"),)

    def battle_delayed_may(self, tok: Token, _may: Token, action: object) -> tuple:
        """7-1-6-1, 8-1-8: "When the battle ends, you may <directive>": the directive asked for as the battle ends."""
        kind, optional, node = self.battle_delayed(tok, action)
        return (kind, optional, evolve(node, then=MayDo(node.then)))

    def constant_cond_after(self, head: object, cont: object, cond: object) -> dict:
        """8-3-3: "(heading) <continuous> if <condition>": the same constant as with the condition written first (a
        condition that is itself a heading, "while attacking", "during your turn", is not read after one)."""
        if isinstance(cond, Cond) and cond.kind in ("attacking", "blocking", "your_turn", "opponent_turn"):
            raise NotExecutable(f'"(heading) <continuous> {cond.kind.replace("_", " ")}" (a second heading after the '
                                "directive)", self.raw, _hint(self.raw))
        return self.constant(head, cond, cont)

    def constant_this_linked(self, head: object, _t: Token, cont: object) -> dict:
        """11-18-1, 8-3-3: "(heading) If this spirit is linked, <continuous>": active while it is linked; "it" there is
        this spirit (no card was chosen before it)."""
        return self.constant(head, Cond("linked"), _it_is_this(cont))

    def soul_spent_may_to(self, _t: Token, _may: Token, cost: object, effect: object) -> tuple:
        """10-6-6, 8-4-1: "If you spend a Soul Core …, you may <cost> to <effect>": the effect cost (cardnodes.MayPay)
        asked only when the soul core was spent."""
        return ("sentence", False, SoulSpent(MayPay(_flat(cost), _flat(effect))))

    def pay_soul(self, _t: Token) -> PayCores:
        """4-11-1, 10-8-6: "pay a Soul Core": the payer's soul core into their trash (cardexec.pay_cores)."""
        return PayCores(1, soul=True)

    def sg_cores_from(self, tok: Token, sel: Sel) -> Forbid:
        """1-3-3: "Your opponent's effects cannot remove cores from <cards>": as "their cores cannot be removed by …"."""
        kinds = [k for k in ("spirit", "nexus", "magic") if k in str(tok).lower()]
        return Forbid(sel, selguard.guard(selguard.CORES_OFF, kinds))

    # defined on _Build (declared here for the type checker)
    _event: Callable[..., tuple[Trigger, ...]]
    battle_delayed: Callable[..., tuple]
    constant: Callable[..., dict]


@v_args(inline=True)
class _Build(_Build22A, _Build22B, _Build20, _Build19, _Build18, _Build17, _Build16b, _Build16, _Build15, _Build14, _Build13, _Build12, _Build12Once, _Build11, _BuildB, Transformer):
    """Stateless; every method returns a frozen vocab object or a plain tuple part of one."""

    def __init__(self, raw: str):
        super().__init__()
        self.raw = raw

    # --- s8-bssreala: restrictions on the life an attack reduces (lifeguard.py; 7-1-5-3-1 overridden, 1-3-1) ---
    def guard_sel(self, sel: Sel, bp: Token | None = None) -> tuple[Sel, tuple[str, int] | None]:
        """The attacking spirits a life restriction names: any one described ("a spirit", "one of …") or referred to;
        "that has N or fewer BP" is judged as the damage is applied (lifeguard.limit), not here."""
        if sel.ref is None:
            sel = evolve(sel, count=None, up_to=False, target=False)
        if sel.soul is not None or sel.battling:
            raise NotExecutable("a life restriction on spirits described by a Soul Core or a battle role", self.raw,
                                _hint(self.raw))
        m = re.search(r"(\d+) or (\w+)", str(bp)) if bp is not None else None
        return sel, (None if m is None else (_cmp(m.group(2)), int(m.group(1))))  # type: ignore[arg-type]

    def guard_attacks(self, *parts: object) -> tuple[Sel, tuple[str, int] | None]:
        """"by an attack from <spirits>" / "by attacks from <spirits>" / "by that spirit's attacks"."""
        return next((p for p in parts if isinstance(p, tuple)), None) or self.guard_sel(parts[0])  # type: ignore[arg-type]

    def _guard(self, parts: tuple, yours: bool, how: str) -> Forbid:
        sel, bp = next(p for p in parts if isinstance(p, tuple))
        return Forbid(sel, lifeguard.guard_word(yours, how, bp))

    def lg_any(self, *parts: object) -> Forbid:  # "Neither player's life can be reduced by an attack from …"
        return self._guard(parts, False, "")

    def lg_yours(self, *parts: object) -> Forbid:  # "your life cannot be reduced by that spirit's attacks"
        return self._guard(parts, True, "")

    def lg_not_zero(self, *parts: object) -> Forbid:  # "Attacks from … cannot reduce your life to 0"
        if _num(next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")) != 0:
            raise NotExecutable('"cannot reduce your life to N" other than 0', self.raw, _hint(self.raw))
        return self._guard(parts, True, " to 0")

    # --- s8-bssreala: "If you spend a Soul Core as part of this card's cost, …" (cardexec.soul_spent) ---
    def soul_spent(self, _t: Token, action: object) -> tuple:
        if isinstance(action, tuple):
            raise NotExecutable('"If you spend a Soul Core …, <directive> and <directive>"', self.raw, _hint(self.raw))
        return ("sentence", False, SoulSpent(action))

    def soul_after(self, action: object, t: Token) -> tuple:  # s9-bssreal: "Draw a card if you spend a Soul Core …"
        return self.soul_spent(t, action)

    def soul_spent_instead(self, _t: Token, action: object) -> tuple:
        if isinstance(action, tuple):
            raise NotExecutable('"If you spend a Soul Core …, <directive> and <directive> instead"', self.raw,
                                _hint(self.raw))
        return ("soul_instead", False, action)

    # --- s8-bssreala: the soul core named, or a core that is not it (4-11-3, 4-11-4, 8-5-6) ---
    def cores_soul(self, _named: Token, src: Place, _send: Token, _into: None, dst: Place) -> Cores:
        return Cores(1, src, dst, soul=True)

    def cores_regular(self, n: int | None, _c: Token, _not: Token, src: Place, _send: Token, _into: None,
                      dst: Place) -> Cores:
        return Cores(n, src, dst, regular=True)

    def cores_regular_send(self, _send: Token, n: int | None, _c: Token, src: Place, _not: Token, _into: None,
                           dst: Place) -> Cores:
        return Cores(n, src, dst, regular=True)

    # --- s8-bssreala: the opponent's effects selecting a card or removing its cores (selguard.py, 1-3-3) ---
    @staticmethod
    def _of_kinds(frm: Token) -> list[str]:
        return [k for k in ("spirit", "nexus", "magic") if k in str(frm).lower()]

    def sg_select(self, sel: Sel, _c: Token, _w: Token, frm: Token) -> Forbid:  # "cannot be selected by the effects of …"
        return Forbid(sel, selguard.guard(selguard.SELECTED, self._of_kinds(frm)))

    def sg_cores(self, its: Token, _c: Token, _w: Token, frm: Token) -> Forbid:  # "its cores cannot be removed by …"
        ref = "it" if str(its).lower().startswith("its") else "this"
        return Forbid(Sel(ref=ref), selguard.guard(selguard.CORES_OFF, self._of_kinds(frm)))

    def soul_constant(self, _soul: Token, *conts: object) -> dict:
        """"If this spirit has a Soul Core on it, <continuous>, and <continuous>": active while the controller's soul
        core is on this card (4-11-1, 8-3-3); "it" there is this card."""
        body = []
        for d in (x for c in conts for x in _flat(c)):
            if not isinstance(d, vocab.CONTINUOUS) or d.duration is not None:
                raise NotExecutable(f'a constant effect with {type(d).__name__} under "If this spirit has a Soul Core '
                                    'on it"', self.raw, _hint(self.raw))
            sel = getattr(d, "sel", None)
            body.append(evolve(d, sel=Sel(ref="this")) if isinstance(sel, Sel) and sel.ref == "it" else d)
        return {"kind": "constant", "condition": (Cond("soul"),), "body": tuple(body)}

    def lg_only(self, *parts: object) -> Forbid:  # "Your life can only be reduced by 1 each time you take damage …"
        if _num(next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")) != 1:
            raise NotExecutable('"can only be reduced by N each time" other than 1', self.raw, _hint(self.raw))
        return self._guard(parts, True, " by more than 1")

    # timings, labels, levels
    def __default__(self, data, children, meta):
        if data in _TIMINGS:
            return _TIMINGS[data]
        if data in _CONDITIONS:
            return Cond(_CONDITIONS[data])
        return super().__default__(data, children, meta)

    def c_life_le(self, n):
        return Cond("life_le", _num(n))

    def level(self, lv):
        return int(re.sub(r"\D", "", str(lv)))

    def levels(self, *lvs):
        return frozenset(lvs)

    def timing(self, t):
        return t

    def label(self, lab):
        return str(lab).lower()

    # keywords
    def kw_timing(self, t):
        return str(t)

    def keyword(self, name, *rest):
        arg = next((str(r).strip() for r in rest if isinstance(r, Token) and r.type == "KW_ARG"), None)
        timing = next((r for r in rest if not isinstance(r, Token)), None)
        canon = vocab.parse_keyword_text(f"【{name}】")
        kw = Keyword(canon.name if canon else str(name), arg or None, timing)
        if timing and kw.name != "Astral" and vocab.is_reminder(kw.name, timing):  # s18 bss: the rule restated
            kw = Keyword(kw.name, kw.arg, None)
        vocab._check_keyword(kw, self.raw)
        return kw

    def keywords(self, *kws):
        return ("keywords", kws)

    # selections
    def ref(self, r):
        low = str(r).lower()
        if low.startswith("the first spirit"):  # s17 bss, 7-1-1-1: "the first spirit that attacks each turn"
            return Sel(ref=vocab.FIRST_ATTACKER[1] if low.endswith("battle") else vocab.FIRST_ATTACKER[0])
        return Sel(ref=_REFS[low])

    def q_n(self, n):
        return {"count": _num(n)}

    def q_up_to(self, n):
        return {"count": _num(n), "up_to": True}

    def q_all(self):
        return {"count": None}

    def o_you(self):
        return {"owner": "you"}

    def o_opponent(self):
        return {"owner": "opponent"}

    def state(self, s):
        return {"state": str(s).lower()}

    def color(self, c):
        return str(c).lower()

    def f_bp(self, n, cmp):
        return {"bp": (_cmp(cmp), _num(n))}

    def f_cost(self, *parts):  # "with cost N or less" / "that costs N or fewer"
        n, cmp = parts[-2:]
        return {"cost": (_cmp(cmp), _num(n))}

    def f_cost_exact(self, _that: Token, n: Token) -> dict:  # "that cost 2"
        return {"cost": ("==", _num(n))}

    def f_level(self, lv: Token, cmp: Token | None = None) -> dict:  # "that are LV2 or higher" (2-10-3)
        return {"level": ("==" if cmp is None else _cmp(cmp), _lv(lv))}

    def f_no_effects(self) -> dict:  # 2-9-3: a card whose printed text lists no effect
        return {"plain": True}

    def f_keyword(self, kw):
        return {"keyword": kw.name}

    def f_keyword_name(self, name: Token) -> dict:  # "with Link": the keyword named without its brackets
        canon = vocab.parse_keyword_text(f"【{name}】")  # a filter names the keyword, not its condition
        return {"keyword": canon.name if canon else str(name)}

    def family(self, tok: Token) -> dict:
        """2-5-3: "Terrasaur or Shadow" / "Ancient Dragon and Dragonoid": a card of any one of the types."""
        return {"families": tuple(re.split(r",? (?:or|and) |, ", str(tok).strip('"')))}  # s18 bss: a quoted type

    def f_other(self):
        return {"other": True}

    def f_symbols(self, n: Token, *rest: Token) -> dict:  # s10-bssreal: "with one symbol", "with 2 or more symbols"
        cmp = next((p for p in rest if p.type == "CMP"), None)
        return {"symbols": ("==" if cmp is None else _cmp(cmp), _num(n))}

    def f_not_named(self, t: Token) -> dict:  # s10-bssreal: "other than <Card Name>" (2-1-1)
        return {"not_named": str(t)[len("other than "):].strip('"')}

    def f_not_token(self, _t: Token) -> dict:  # s10-bssreal: "that are not tokens" (4-12)
        return {"token": False}

    def f_soul(self, t: Token) -> dict:
        return {"soul": not str(t).lower().startswith("without")}

    def described(self, *parts):
        kw: dict = {"count": None}
        colors: list[str] = []
        for p in parts:
            if isinstance(p, dict):
                kw.update(p)
            elif isinstance(p, Token) and p.type == "TARGET":
                kw["target"] = True
            elif isinstance(p, Token) and p.type == "OTHER":
                kw["other"] = True
            elif isinstance(p, Token) and p.type == "TOKEN":
                kw["token"] = not str(p).lower().startswith("non")
            elif isinstance(p, Token) and p.type == "BATTLING":  # 7-1
                kw["battling"] = tuple(str(p).lower().split(" or "))
            elif isinstance(p, Token) and p.type == "LV":  # "LV1 spirits": at that level (2-10-3)
                kw["level"] = ("==", _lv(p))
            elif isinstance(p, Token) and p.type == "KIND":
                k = str(p).lower()
                kw["kinds"] = ("spirit", "nexus") if "spirit" in k and "nexus" in k else (
                    ("nexus",) if k.startswith("nexus") else ("spirit",))
            elif isinstance(p, str):
                colors.append(p)
        if colors:
            kw["colors"] = tuple(colors) + tuple(kw.get("colors", ()))
        return Sel(**kw)

    def lv_described(self, *parts):
        return self.described(*parts)

    # places
    def p_your_reserve(self):
        return Place("reserve", "you")

    def p_opponent_life(self):
        return Place("life", "opponent")

    def p_opponent_reserve(self):
        return Place("reserve", "opponent")

    def p_your_life(self):
        return Place("life", "you")

    def p_your_trash(self):
        return Place("trash", "you")

    def p_void(self):
        return Place("void")

    def p_owner_reserve(self):
        return Place("reserve", "owner")

    def p_opponent_trash(self):
        return Place("trash", "opponent")

    def p_card(self, sel):
        return Place("card", sel=sel)

    # actions
    def qty_n(self, n):
        return _num(n)

    def you(self):
        return "you"

    def opponent(self):
        return "opponent"

    def their_deck(self) -> str:
        """"their deck": the player the text named before it, which the reader accepts only as the opponent."""
        head = self.raw.lower().split("their deck", 1)[0]
        if "opponent" not in head or re.search(r"\byou (lose|have|control)|\bthey\b", head):
            raise NotExecutable('"their deck" where the text names no opponent before it', self.raw, _hint(self.raw))
        return "opponent"

    def each(self):
        return "each"

    def draw(self, *parts):
        parts, per = _per(parts)
        who, n = (parts[0], parts[1]) if len(parts) == 3 else ("you", parts[0])
        return _scaled(Draw(n, who), per)

    def discard(self, *parts):
        parts, per = _per(parts)
        who, n = (parts[0], parts[1]) if len(parts) == 3 else ("you", parts[0])
        return _scaled(Discard(n, who, parts[-1]), per)

    def hand_cards(self, *parts: object) -> Sel | None:
        """The hand cards a discard takes: None for any card, else the kinds and colors written (10-2-2)."""
        colors = tuple(p for p in parts if isinstance(p, str) and not isinstance(p, Token))
        # s9-bssreal: "an Undead spirit card"; s10-bssreal: "a spirit card with Link", "that costs 3 or fewer" (10-13-2)
        described: dict = {k: v for p in parts if isinstance(p, dict) for k, v in p.items()}
        kind = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "CARD_KIND"), "")
        kinds = tuple(k for k in ("spirit", "nexus", "magic") if k in kind) or ("spirit", "nexus", "magic")
        colors += described.pop("colors", ())  # s12 bss: "a red or purple card" (colors_or)
        return Sel(count=None, kinds=kinds, colors=colors, **described) if colors or kind or described else None

    def mill(self, *parts):
        (n, _c, who), per = _per(parts)
        return _scaled(Mill(n, who), per)

    def mill_number(self, _n: Token, _c: Token, who: str, eq: tuple[str, Sel]) -> NumberOf:
        return NumberOf(Mill(0, who), *eq)

    def draw_number(self, _n: Token, _c: Token, eq: tuple[str, Sel]) -> NumberOf:
        return NumberOf(Draw(0, "you"), *eq)

    def eq_cores(self, _eq: Token, _c: Token, sel: Sel) -> tuple[str, Sel]:
        if sel.ref != "this":
            raise NotExecutable('"equal to the number of cores on" a card other than this one', self.raw,
                                _hint(self.raw))
        return ("cores", sel)

    def eq_count(self, _eq: Token, sel: Sel) -> tuple[str, Sel]:
        if sel.ref is not None or sel.count is not None:
            raise NotExecutable(f'"equal to the number of {sel.text()}"', self.raw, _hint(self.raw))
        return ("cards", sel)

    def per(self, sel: Sel) -> tuple[str, Sel]:
        return ("per", sel)

    # the deck (cardast nodes, executed by cardexec)
    def look(self, verb: Token, *parts: object) -> Look:
        n = next((p for p in parts if isinstance(p, int)), 1)
        return Look(n, str(parts[-1]), reveal=str(verb).lower() == "reveal")

    def card_sel(self, *parts: object) -> Sel:
        kw: dict = {"count": None, "kinds": ("spirit", "nexus", "magic"), "owner": "you"}
        colors = [p for p in parts if isinstance(p, str) and not isinstance(p, Token)]
        for p in parts:
            if isinstance(p, dict):
                kw.update(p)
            elif isinstance(p, Token) and p.type == "CARD_KIND":
                kw["kinds"] = tuple(k for k in ("spirit", "nexus", "magic") if k in str(p).lower())
        colors += kw.pop("colors", ())  # s12 bss: "red or purple" (colors_or)
        return Sel(colors=tuple(colors), **kw)

    def destroy_combined(self, *parts: object) -> DestroyCombined:
        combined = str(parts[-1])
        sel = self.described(*parts[:-1])
        if not sel.any_number:  # s11 bss: the grammar reads "select <quantity> of …": only "any number" is this
            raise NotExecutable('"with a combined total of …" after a number other than "any number"', self.raw,
                                _hint(self.raw))
        sel = evolve(sel, count=None, up_to=False, any_number=False)
        limit = int(re.search(r"\d+", combined).group())  # type: ignore[union-attr]
        return DestroyCombined(sel, "bp" if combined.lower().endswith("bp") else "cost", limit)

    def from_trash(self, sel: Sel, *rest: object) -> FromTrash:
        for f in rest[:-1]:
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        to = str(rest[-1]).lower()
        if sel.count is None:  # s12 bss: the number is what the player chooses, never assumed (the word audit found
            # "Select one spirit card …" read as "Select spirit card …": "one" was dropped)
            raise NotExecutable('"select <cards> from your trash and …" without a number', self.raw, _hint(self.raw))
        return FromTrash(sel, "deck top" if "deck" in to else "hand")

    def add_among(self, sel: Sel, *rest: object) -> AddFromAmong:
        for f in rest:  # s10-bssreal: "with Link", "that costs 2" (card_filter, 10-13-2)
            if isinstance(f, dict):
                sel = evolve(sel, **f)
        return AddFromAmong(sel)

    def rest_trash(self, _rest: Token) -> PutRest:
        return PutRest("trash")

    def rest_bottom(self, *_parts: object) -> PutRest:
        return PutRest("deck bottom")

    def rest_top(self, *_parts: object) -> PutRest:
        return PutRest("deck top")

    def search(self, sel: Sel, _tail: Token) -> SearchDeck:
        return SearchDeck(sel)

    def shuffle(self, who: str) -> Shuffle:
        return Shuffle(who)

    def destroy(self, sel):
        return Destroy(sel)

    def attack_spirit(self, sel):  # 10-10-1: the effect's own spirit attacks it (resolve.attack_spirit)
        return AttackSpirit(sel)

    def exhaust(self, sel):
        return Exhaust(sel)

    def refresh(self, sel):
        return Refresh(sel)

    def owner_word(self, *_):
        return None

    def return_(self, sel, *rest):
        to = str(rest[-1]).lower()
        return Return(sel, "deck top" if "top" in to else "deck bottom" if "bottom" in to else "hand")

    def gain_life(self, n):
        return Cores(n, Place("void"), Place("life", "you"))

    def qn_core(self, n):
        return _num(n)

    def all_core(self):
        return None

    def into(self):
        return None

    def cores(self, *parts):
        (_send, n, _c, src, _into, dst), per = _per(parts)
        if per is not None and n is None:
            raise NotExecutable('"for each" with "all cores"', self.raw, _hint(self.raw))
        return _scaled(Cores(n, src, dst), per)

    def pay_cores(self, n: int | None, _c: Token, src: Place) -> Cores:
        """s10-bssreal: paying cores moves them into the payer's trash (3-4-1), from where the text says."""
        if n is None:
            raise NotExecutable('"pay all cores"', self.raw, _hint(self.raw))
        if src.kind not in ("reserve", "card") or (src.kind == "reserve" and src.who != "you") or (
                src.kind == "card" and (src.sel is None or src.sel.ref != "this")):
            raise NotExecutable(f'"pay … cores from {src.text()}" (only from your reserve or this card)', self.raw,
                                _hint(self.raw))
        return Cores(n, src, Place("trash", "you"))

    def pay_any(self, n: int | None, _c: Token) -> PayCores:  # s21 bss, 10-8-6: "pay one core" (no place named)
        if n is None:
            raise NotExecutable('"pay all cores"', self.raw, _hint(self.raw))
        return PayCores(n)

    def pay_cores_its(self, n: int | None, its: Token, _c: Token) -> Cores:
        """"pay two of this spirit's cores" (s10-bssreal): from this card into the payer's trash (3-4-1)."""
        if str(its).lower() not in ("this spirit's",):
            raise NotExecutable(f'"pay … of {its} cores"', self.raw, _hint(self.raw))
        return self.pay_cores(n, _c, Place("card", sel=Sel(ref="this")))

    def mod_bp_gains(self, *parts):  # "gains 2000 BP": the same raise as "gets +2000 BP" (8-8-1-3-5)
        (sel, _g, amount), per = _per(parts)
        return _scaled(ModBP(sel, _num(amount)), per)

    def mod_bp_loses(self, *parts):  # s21 bss: "loses 2000 BP": the same lowering as "reduce its BP by 2000" (8-8-1-3-5)
        (sel, _l, amount), per = _per(parts)
        return _scaled(ModBP(sel, -_num(amount)), per)

    def mod_bp_reduce(self, whose: Token, amount: Token, *per: tuple) -> object:  # "reduce its BP by N": -N BP
        ref = "this" if str(whose).lower().startswith("this") else "it"  # (8-8-1-3-5)
        return _scaled(ModBP(Sel(ref=ref), -_num(amount)), per[0][1] if per else None)

    def mod_bp_reduce_ref(self, who: Token, amount: Token, *per: tuple) -> object:  # s21 bss: "Reduce that spirit's BP by N"
        return _scaled(ModBP(Sel(ref=_REFS[str(who).lower().removesuffix("'s")]), -_num(amount)), per[0][1] if per else None)

    def mod_bp_reduce_of(self, sel: Sel, amount: Token, *per: tuple) -> object:  # "reduce the BP of <cards> by N"
        return _scaled(ModBP(sel, -_num(amount)), per[0][1] if per else None)

    def cores_remove_its(self, n: int | None, whose: Token, *rest: Place) -> Cores:
        """"Remove one of its cores and place it into their reserve": N cores from the card "it" names."""
        ref = "this" if str(whose).lower().startswith("this") else "it"
        return Cores(n, Place("card", sel=Sel(ref=ref)), rest[-1])

    def set_level(self, sel: Sel, lv: Token) -> SetLevel:  # "treat <cards> as LVn" (8-8-1-3-2)
        return SetLevel(sel, int(re.sub(r"\D", "", str(lv))))

    def set_highest(self, sel: Sel, _w: Token) -> SetLevel:  # "as its highest level": each card's own (2-10-3)
        return SetLevel(sel, vocab.HIGHEST)

    def f_you_control(self) -> dict:
        return {"owner": "you"}

    def cores_remove(self, *parts):  # "Remove N cores from X and place them into Y"
        (n, _c, src, _send, _into, dst) = parts
        return Cores(n, src, dst)

    def select_and(self, sel: Sel, *rest: object) -> object:
        """"Select <cards> [for each <cards>] and <action> it/them" (8-5-3): the action on the selection, whose number
        is multiplied by the cards counted when it resolves ("one … for each …", cardexec.for_each)."""
        per = rest[0][1] if len(rest) == 2 else None  # type: ignore[index]
        if per is not None and (not sel.selects or sel.up_to):
            raise NotExecutable('"for each" on a selection that is not "one of …"', self.raw, _hint(self.raw))
        return _scaled(_bind(rest[-1], sel, self.raw), per)

    def chain_head(self, color: Token) -> str:
        return str(color).lower()

    def chain_select(self, color: str, *parts: object) -> tuple:
        return ("chain_select", color, next(p for p in parts if isinstance(p, Sel)))

    def chain(self, color: str, *actions: object) -> tuple:
        return ("chain", color, tuple(x for a in actions for x in _flat(a)))

    def gain_kw_and_bp(self, sel: Sel, g: Token, name: Token, bp: Token) -> tuple:  # two directives, one card
        # a selection is made once: the BP goes to the card that gained the keyword ("it", 8-5-3)
        same = sel if sel.ref is not None else Sel(ref="it")
        return (self.gain_kw_name(sel, g, name), ModBP(same, int(re.sub(r"\D", "", str(bp)))))

    def gain_bp_and_kw(self, sel: Sel, _g: Token, n: Token, kw: Token) -> tuple:  # s9-bssreal
        """"gains 3000 BP and Confront": two grants in the order written, the selection made once (8-5-3)."""
        same = sel if sel.ref is not None else Sel(ref="it")
        return (ModBP(sel, _num(n)), Gain(same, self.keyword(str(kw).split(None, 1)[1])))

    def both(self, *parts: object) -> tuple:
        """"<action> and <action>": both, in the order written (1-3-7)."""
        may = any(isinstance(p, Token) and p.type == "MAY" for p in parts)
        return ("sentence", may, _flat(parts[-2]) + _flat(parts[-1]))

    def gain_kw_arg(self, sel: Sel, _g: Token, name: Token, arg: Token) -> Gain:  # s9-bssreal: "gains Gale:1"
        """"gains Gale:1" / "gains Armor: White": the keyword and its argument written without brackets."""
        # s20 bss2, 11-11-2: "gains Crush: +1": the signed modifier as the bracketed form reads it ("【Crush: +1】")
        text = str(_num(arg)) if arg.type == "NUMBER" else re.sub(r"\s", "", str(arg)) if arg.type == "SIGNED" else str(arg)
        return Gain(sel, self.keyword(name, Token("KW_ARG", text)))

    def gain_bp_and_kw_arg(self, sel: Sel, g: Token, n: Token, kw: Token, arg: Token) -> tuple:  # s20 bss2
        """"gains 3000 BP and Gale: 1": the BP, then the keyword with its argument, the selection made once (8-5-3)."""
        same = sel if sel.ref is not None else Sel(ref="it")
        return (ModBP(sel, _num(n)), self.gain_kw_arg(same, g, Token("KW_NAME", str(kw).split(None, 1)[1]), arg))

    def gain_kw_name(self, sel: Sel, _g: Token, name: Token) -> Gain:  # "gains Curse": the keyword unbracketed
        return Gain(sel, self.keyword(name))

    def their_sel(self, *parts: object) -> Sel:  # "one of their spirits", the opponent choosing (8-5-3)
        return evolve(self.described(*parts), owner="opponent", chooser="opponent")

    def opp_select_and(self, _t: Token, sel: Sel, verb: Token) -> tuple:
        kind = {"destroys": Destroy, "exhausts": Exhaust, "refreshes": Refresh}[str(verb).lower()]
        return ("sentence", False, kind(sel))

    def select_only(self, *parts: object) -> tuple:
        sel = next(p for p in parts if isinstance(p, Sel))
        per = next((p[1] for p in parts if isinstance(p, tuple)), None)
        if per is not None:  # "Select one of … for each …. Exhaust them.": the count goes with the selection
            raise NotExecutable('"Select … for each …" as a sentence of its own (read in "Select … for each … and '
                                '<action> them")', self.raw, _hint(self.raw))
        return ("select", False, sel)

    def mod_bp(self, *parts):
        (sel, _g, amount), per = _per(parts)
        return _scaled(ModBP(sel, int(str(amount).replace(" ", ""))), per)

    def forbid(self, sel, _c, what, by: Sel | None = None):
        if by is not None:
            return Forbid(sel, self._blocked_by(str(what).lower(), by))
        if str(what).lower() == "attack or block":  # two restrictions on the same cards ("it" after the first)
            return (Forbid(sel, "attack"), Forbid(sel if sel.ref is not None else Sel(ref="it"), "block"))
        return Forbid(sel, _FORBID_WORDS.get(str(what).lower(), str(what).lower()))

    def allow_block_exhausted(self, sel: Sel, _t: Token) -> Allow:  # s21 bss, 1-3-1: "… can block while exhausted"
        return Allow(sel, "block while exhausted")

    def forbid_block_with(self, _t: Token, sel: Sel) -> Forbid:
        """s21 bss, 8-8-1-2: "Your opponent cannot block with <spirits>": those spirits of the opponent cannot block."""
        if sel.owner not in ("any", "opponent") or sel.ref is not None:
            raise NotExecutable('"Your opponent cannot block with" spirits other than theirs', self.raw, _hint(self.raw))
        return Forbid(evolve(sel, owner="opponent", count=None, up_to=False), "block")

    def forbid_unless_pay(self, sel: Sel, _c: Token, tok: Token) -> Forbid:
        """s13 bssmech: "<spirits> cannot attack unless they pay N cores": the attacking player, who controls the
        spirit, pays (rules._pay_to_attack); a payer the text names who is not that player is not read."""
        m = re.match(r"attack unless (they pay|their controller pays|your opponent pays|you pay) (\w+)", str(tok), re.I)
        assert m is not None  # the terminal's own shape
        payer = m.group(1).lower()
        if (payer == "you pay" and sel.owner != "you") or (payer == "your opponent pays" and sel.owner != "opponent"):
            raise NotExecutable(f'"cannot attack unless {payer} …" where another player controls the spirits', self.raw,
                                _hint(self.raw))
        return Forbid(sel, f"attack unless pay {_num(m.group(2))}")

    def _blocked_by(self, what: str, by: Sel) -> str:
        """8-8-1-2: the restriction on which spirits may block (7-1-3-1); a description the state can write and
        read back (`vocab.blockers_of`), else refused by name."""
        if what != "be blocked":
            raise NotExecutable(f'"cannot {what} by <spirits>"', self.raw, _hint(self.raw))
        text = vocab.blocked_by(by)
        if by.soul is not None or by.families or vocab.blockers_of(text) != by:
            raise NotExecutable('"cannot be blocked by" spirits described by a spirit type or a Soul Core',
                                self.raw, _hint(self.raw))
        return text

    def immune(self, sel: Sel, _na: Token, frm: Token) -> Forbid:
        kinds = [k for k in ("spirit", "nexus", "magic") if k in str(frm).lower()]
        return Forbid(sel, "be affected by opposing " + "".join(f"{'/'.join(kinds)} " if kinds else "") + "effects")

    def gain_kw(self, sel, _g, kw):
        return Gain(sel, kw)

    def duration(self, *words):
        return "battle" if any(str(w).lower().endswith("battle") for w in words) else "turn"

    def continuous(self, *parts):
        d = next(p for p in parts if not isinstance(p, str))
        if isinstance(d, tuple):  # "gains K and N BP": the duration is each one's
            return tuple(self.continuous(x, *(p for p in parts if isinstance(p, str))) for x in d)
        if isinstance(d, ForEach) and isinstance(d.inner, vocab.Gain | Forbid):  # pragma: no cover - grammar
            raise NotExecutable('"for each" on a keyword or a restriction', self.raw, _hint(self.raw))
        dur = next((p for p in parts if isinstance(p, str)), None)
        if dur and getattr(d, "duration", None) is not None:  # s14 bss: "During this turn, … next refresh step"
            raise NotExecutable("a duration over a directive with its own period (\"next refresh step\")", self.raw,
                                _hint(self.raw))
        return type(d)(**{**{f: getattr(d, f) for f in d.__slots__}, "duration": dur}) if dur else d

    # sentences and effects
    def sentence(self, *parts):
        may = any(isinstance(p, Token) and p.type == "MAY" for p in parts)
        return ("sentence", may, parts[-1])

    def may_for_it(self, _may: Token, cost: object, _for: Token, n: Token, *rest: object) -> tuple:
        """s10-bssreal, 8-4-1: "You may pay two of this spirit's cores for it to gain 3000 BP and Luster during this
        turn": an effect cost, then the grants to the card the cost named ("it": only this card's cores name one)."""
        if not (isinstance(cost, Cores) and cost.src.kind == "card" and cost.src.sel is not None
                and cost.src.sel.ref == "this"):
            raise NotExecutable('"you may <cost> for it to gain …" whose cost names no card ("this spirit\'s cores")',
                                self.raw, _hint(self.raw))
        dur = next((p for p in rest if isinstance(p, str) and not isinstance(p, Token)), None)
        kw = next((p for p in rest if isinstance(p, Token) and p.type == "AND_KW"), None)
        this = Sel(ref="this")
        grants: tuple = (ModBP(this, _num(n), dur),)
        if kw is not None:
            grants += (vocab.Gain(this, self.keyword(str(kw).split(None, 1)[1]), dur),)
        return ("may_to", True, (cost, grants))

    def may_to(self, _may: Token, cost: object, effect: object) -> tuple:
        return ("may_to", True, (cost, effect))

    def burst_pay(self, *parts: Token) -> tuple:
        return ("burst_pay", False, BurstPay(str(parts[-1]).lower()))

    def delayed(self, tok: Token, action: object) -> tuple:
        """s10-bssreal2, 6-8-1-1: "At the end of this turn, <directive>": one directive, set up as the effect resolves
        and performed at the end of the turn. s11 delayed: a directive on "it" / "that spirit" acts on the cards
        selected just before it (_selected checks there are), carried to the end step; words that seem to name
        earlier cards but were not read as such ("them", "those") refuse the text, never read in part."""
        tail = self.raw[self.raw.lower().find(str(tok).lower()):]
        tail = tail[: tail.find(".") + 1] if "." in tail else tail
        if isinstance(action, tuple):
            raise NotExecutable('"At the end of this turn, …" with two directives', self.raw, _hint(self.raw))
        on_it = _names_it(action)
        if not on_it and re.search(r"\b(it|them|they|those|that spirit|that nexus|the selected)\b", tail[len(tok):], re.I):
            raise NotExecutable('"At the end of this turn, …" naming cards chosen before it other than as "it"', self.raw,
                                _hint(self.raw))
        return ("sentence", False, Delayed(_that_is_it(action), tail.strip(), on_it))

    def delayed_post(self, action: object, tok: Token) -> tuple:
        """s20 bss2, 6-8-1-1: "<directive> at the end of this turn": the same delayed directive as "At the end of this
        turn, <directive>", the timing printed after it; words naming cards chosen before it other than "it" refuse."""
        end = self.raw.lower().find(str(tok).lower())
        start = max(self.raw.rfind(c, 0, end) for c in ".)]") + 1
        words = self.raw[start:end]
        if isinstance(action, tuple):
            raise NotExecutable('"<directive> and <directive> at the end of this turn" (two delayed directives)', self.raw,
                                _hint(self.raw))
        on_it = _names_it(action)
        if not on_it and re.search(r"\b(it|them|they|those|that spirit|that nexus|the selected)\b", words, re.I):
            raise NotExecutable('"… at the end of this turn" naming cards chosen before it other than as "it"', self.raw,
                                _hint(self.raw))
        return ("sentence", False, Delayed(_that_is_it(action), (words + str(tok)).strip() + ".", on_it))

    def opp_mill(self, _t: Token, *parts: object) -> object:
        """s20 bss2, 10-2-1: "Your opponent discards the top two cards of their deck": from the top of the opponent's
        deck, as "Discard the top two cards of your opponent's deck"."""
        return self.mill(*parts[:2], "opponent", *parts[2:])

    def opp_mill_top(self, _t: Token, c: Token, *per: object) -> object:  # s20 bss2: "… the top card of their deck"
        return self.mill_top_card(c, "opponent", *per)

    def delayed_if(self, tok: Token, cond: tuple, action: object) -> tuple:
        """s11 delayed: "At the end of this turn, if it is refreshed, return it to …": the condition on the card selected
        before it (CardIs), tested when the directive resolves in the end step."""
        tag, may, d = self.delayed(tok, action)
        return tag, may, evolve(d, then=CardIs(cond[1], d.then, cond[2]), selected=True)

    def if_you_do(self, action):
        return ("if_you_do", False, action)

    def instead(self, cond: tuple[str, str, int], action: object) -> tuple:
        return ("instead", False, (cond, action))

    def is_soul(self, _t: Token) -> tuple:
        return ("soul",)

    def is_turn(self, t: Token) -> tuple:
        return ("turn", "opponent" if "opponent" in str(t).lower() else "you")

    def if_after(self, action: object, cond: tuple) -> tuple:  # s9-bssreal: "<directive> if <condition>"
        return self.if_then(cond, action)

    def if_then(self, cond: tuple, action: object) -> tuple:
        """"If <condition>, <directive>.": one directive, performed when the condition holds (cardexec)."""
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        if cond[0] == "soul":
            node = IfThen("soul", action)
        elif cond[0] == "turn":
            node = IfThen("turn", action, whose=cond[1])
        elif cond[0] == "card":  # s8-bssrealb: "If it is [not] green, …" (_BuildB.card_is)
            node = CardIs(cond[1], _that_is_it(action), cond[2])  # type: ignore[assignment]
        elif len(cond) == 4:  # "If you have N or more <cards>": counted on the field (8-5-4)
            node = IfThen("count", action, cond[0], cond[1], cond[2], cond[3])
        else:
            node = IfThen("life", action, cond[0], cond[1], cond[2])
        return ("sentence", False, node)

    def if_destroyed(self, n: Token, *parts: object) -> tuple:
        """s10-bssreal: "If two or more spirits are destroyed by this effect, <directive>" (10-1-1): counted among the
        cards the directive just before it destroyed (_check_destroyed_by_this)."""
        action = parts[-1]
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        cmp = next((p for p in parts if isinstance(p, Token) and p.type == "CMP"), None)
        if cmp is None and str(n).lower() not in ("a", "an"):
            raise NotExecutable(f'"If {n} … are destroyed by this effect" without "or more" / "or less"', self.raw,
                                _hint(self.raw))
        counted = self.described(*(p for p in parts[:-1] if not (isinstance(p, Token) and p.type in (
            "CMP", "DESTROYED_BY_THIS"))))
        return ("sentence", False, IfThen("destroyed", action, "you", _cmp(cmp) if cmp is not None else ">=", _num(n),
                                          counted))

    def if_added(self, _t: Token, action: object) -> tuple:
        """s13 bssmech: "If you add a card to your hand with this effect, <directive>" (_check_added)."""
        if isinstance(action, tuple):
            raise NotExecutable('"If …, <directive> and <directive>" (a condition over two directives)', self.raw,
                                _hint(self.raw))
        return ("sentence", False, IfThen("added", action))

    def if_you_do_instead(self, action: object) -> tuple:
        return ("if_you_do_instead", False, action)

    def have_what(self, *parts: object) -> Sel:
        return self.described(*parts)

    def _have(self, whose: str, n: Token, rest: tuple) -> tuple[str, str, int, Sel]:
        cmp = next((p for p in rest if isinstance(p, Token) and p.type == "CMP"), None)
        if cmp is None and str(n).lower() not in ("a", "an"):  # an exact number: "exactly" or "at least"? not read
            verb = re.search(r"\b(you (?:have|control)|your opponent (?:has|controls))\s+" + re.escape(str(n)) + r"\b",
                             self.raw, re.I)
            said = verb.group(1) if verb else ("you have" if whose == "you" else "your opponent has")
            raise NotExecutable(f'"If {said} {n} …" without "or more" / "or less"', self.raw, _hint(self.raw))
        sel = evolve(rest[-1], owner=whose, count=None)
        return (whose, _cmp(cmp) if cmp is not None else ">=", _num(n), sel)

    def ih_you(self, n: Token, *rest: object) -> tuple[str, str, int, Sel]:
        return self._have("you", n, rest)

    def ih_opponent(self, n: Token, *rest: object) -> tuple[str, str, int, Sel]:
        return self._have("opponent", n, rest)

    def ih_you_another(self, sel: Sel) -> tuple[str, str, int, Sel]:  # s10-bssreal: "If you control another <cards>"
        return ("you", ">=", 1, evolve(sel, owner="you", count=None, other=True))

    def il_you(self, n: Token, cmp: Token) -> tuple[str, str, int]:  # "or less" / "or fewer" / "or more"
        return ("you", _cmp(cmp), _num(n))

    def il_opponent(self, n: Token, cmp: Token) -> tuple[str, str, int]:
        return ("opponent", _cmp(cmp), _num(n))

    def body(self, *sentences):
        """8-4: "You may COST. If you do, EFFECT." is the cost form "you may COST to EFFECT"; "X. You may
        COST. If you do, Y instead." is one directive, X or Y (PaidInstead)."""
        optional, cost, directives = False, (), []
        paid: object = None  # the cost of a "you may C. If you do, Y instead." read so far
        sentences, chains = _chained(sentences, self.raw)
        sentences = tuple((tag, may and k == 0, x) for tag, may, d in _selected(sentences, self.raw)
                          for k, x in enumerate(_flat(d) if tag == "sentence" else (d,)))
        _check_burst_last(sentences, self.raw)
        for k, (tag, may, d) in enumerate(sentences):
            if may and k and _among(d) is not None:  # "You may add 1 … from among them": up to 1 (8-5-3-2)
                may, d = False, _among(d)
            if may and k and k + 1 < len(sentences) and sentences[k + 1][0] == "if_you_do_instead" and directives:
                paid = d
                continue
            taken, may, d = _later_cost(tag, may, k, d, directives)  # s19 bss: a later effect cost; s18: a later "may"
            if taken:
                continue
            if may and k:
                raise NotExecutable('"you may" after the first sentence', self.raw, _hint(self.raw))
            if tag == "if_you_do_instead":
                if paid is None:
                    raise NotExecutable('"If you do, … instead" not after "<directive>. You may <cost>."', self.raw,
                                        _hint(self.raw))
                directives[-1], paid = PaidInstead(directives[-1], (paid,), d), None
                continue
            if tag in ("instead", "soul_instead", "instead_if", "instead_select", "soul_select_instead"):
                if not directives:
                    raise NotExecutable('"… instead" with no directive before it', self.raw, _hint(self.raw))
                directives[-1] = (_instead(tag, directives[-1], d) if tag in ("instead", "soul_instead")
                                  else self.instead12(tag, directives[-1], d))
                continue
            if tag in ("may_to", "must_to"):  # "You may C to E" is "You may C. If you do, E." (8-4-1); s11 bss: "C to E"
                if k:
                    raise NotExecutable('"[you may] … to …" after the first sentence', self.raw, _hint(self.raw))
                cost, optional = _flat(d[0]), tag == "may_to"
                directives.extend(_flat(d[1]))
                continue
            if tag == "if_you_do":
                if k != 1:
                    raise NotExecutable('"If you do" follows the first sentence\'s optional action ("You may …")',
                                        self.raw, _hint(self.raw))
                # s18 bss: without "you may", the first directive is the effect cost too (cardnodes.DoneFirst, 8-4-1)
                cost, directives = _paid_first(optional, directives), []
            optional = optional or may
            directives.append(d)
        directives = _join_milled(directives, self.raw)  # s14 bss
        body = _after_viewing(_revealed_checks(_picks_after_mill(tuple(directives), self.raw), self.raw))  # s11 bss
        _check_card_conditions(body, self.raw, tuple(cost or ()))  # s8-bssrealb
        _check_destroyed_by_this(body, self.raw, chains)  # s10-bssreal
        _check_added(body, self.raw)  # s13 bssmech
        _check_them_back(body, self.raw)  # s18 bss
        _check_to_deck(body, self.raw)  # s18 bss
        if len(chains) > 1:  # several 【Chain】s: each a directive after the body, in the order printed (cardexec)
            return {"optional": optional, "cost": cost, "body": body + tuple(Chain(c, d) for c, d in chains),
                    "chain": None}
        return {"optional": optional, "cost": cost, "body": body, "chain": chains[0] if chains else None}

    # 8-1-5-1: an event described in the text ("when one of your spirits is destroyed")
    def _event(self, sel: Sel, event: str) -> tuple[Trigger, ...]:
        if sel.ref == "this":
            return (Trigger(event, kinds=("spirit", "nexus")),)
        if sel.ref is not None:
            raise NotExecutable(f'an event of "{sel.text()}" (only this card\'s or described cards\' events)', self.raw,
                                _hint(self.raw))
        if sel.up_to or sel.count not in (None, 1):  # "when two of your spirits are destroyed": not one card's event
            raise NotExecutable(f'an event of "{sel.text()}" (only one card\'s event: "one of …", "a …", "your …")',
                                self.raw, _hint(self.raw))
        whose = sel.owner if sel.owner in ("you", "opponent") else "any"
        filt = evolve(sel, count=None, up_to=False, target=False, owner="any")
        described = filt != Sel(count=None, kinds=filt.kinds)
        return (Trigger(event, whose, kinds=sel.kinds, sel=filt if described else None),)

    def ev_passive(self, sel: Sel, verb: Token) -> tuple[Trigger, ...]:
        return self._event(sel, str(verb).lower().split()[-1])

    def ev_passive_by_effect(self, sel: Sel, verb: Token, by: Token) -> tuple[Trigger, ...]:  # s9-bssreal
        """"When one of your spirits is destroyed by an effect [of your opponent]" (10-1-2: by an effect, not a rule)."""
        event = str(verb).lower().split()[-1]
        # s13 bssmech, 10-4-1 / 10-3-1: an effect exhausts or refreshes a card (resolve.set_orientation says whose effect)
        if event not in ("destroyed", "exhausted", "refreshed"):
            raise NotExecutable(f'"is {event} by an effect" (only "destroyed / exhausted / refreshed by an effect")',
                                self.raw, _hint(self.raw))
        opp = "opponent" in str(by).lower() or "opposing" in str(by).lower()
        return tuple(evolve(t, by_effect=True, by_opponent=t.by_opponent or opp) for t in self._event(sel, event))

    def ev_discard(self, tok: Token) -> tuple[Trigger, ...]:
        """s13 bssmech, 10-2-1: "When you / your opponent discards a card [from your hand]" (resolve.discarded)."""
        words = str(tok).lower()
        if words.endswith("deck"):
            raise NotExecutable('"discards a card from their deck" as an event (only any discard, or from the hand)',
                                self.raw, _hint(self.raw))
        whose = "opponent" if "opponent" in words else "you" if words.startswith("you ") else "any"
        return (Trigger("discarded", whose, kinds=("spirit", "nexus", "magic"), any_area=not words.endswith("hand")),)

    def ev_returned(self, sel: Sel, tok: Token) -> tuple[Trigger, ...]:
        """s13 bssmech: "When one of your opponent's spirits returns to their hand [or deck]" (rules.leave_field)."""
        words = str(tok).lower()
        if "hand" not in words:
            raise NotExecutable('"returns to their deck" as an event (only to the hand, or "hand or deck")', self.raw,
                                _hint(self.raw))
        if sel.ref is not None:  # the card is no longer on the field: its own effects are not active there
            raise NotExecutable(f'"{sel.text()} returns to …" as an event (only described cards)', self.raw, _hint(self.raw))
        named = "opponent" if "opponent's" in words else "you" if " your " in f" {words} " else None
        if named is not None and named != sel.owner:  # 4-2-4: a card goes to its owner's hand, never another's
            whose = "your opponent's" if named == "opponent" else "your"
            raise NotExecutable(f'"… returns to {whose} hand" about cards that player does not own', self.raw,
                                _hint(self.raw))
        return tuple(evolve(t, any_area="deck" in words) for t in self._event(sel, "returned"))

    def ev_life_by_opponent(self, tok: Token) -> tuple[Trigger, ...]:
        """s13 bssmech: "when your life is reduced by your opponent [/ by your opponent's effect]" (who reduced it)."""
        return (Trigger("life_reduced", "you", by_opponent=True, by_effect="effect" in str(tok).lower()),)

    def ev_higher_bp(self, _t: Token) -> tuple[Trigger, ...]:
        """s13 bssmech, 7-1-5-2-1: this spirit has the higher BP when the battle's BP are compared."""
        return (Trigger("bp_higher"),)

    def ev_this_by_effect(self, tok: Token) -> tuple[Trigger, ...]:  # s13 bssmech: "(When this spirit is exhausted by …)"
        words = re.match(r"this (\w+) (is \w+) (.*)", str(tok), re.I)
        assert words is not None  # the terminal's own shape
        return self.ev_passive_by_effect(Sel(ref="this"), Token("EV_PASSIVE", words.group(2)), Token("BY_EFFECT", words.group(3)))

    def ev_active(self, sel: Sel, verb: Token) -> tuple[Trigger, ...]:
        return self._event(sel, str(verb).lower())

    def ev_life(self, tok: Token) -> tuple[Trigger, ...]:
        words = str(tok).lower()
        if words.startswith(("you or", "either")):  # "When you or your opponent loses life": either player's life
            return (Trigger("life_reduced", "any"),)
        return (Trigger("life_reduced", "opponent" if "opponent" in words else "you"),)

    def ev_attack_reduces(self, *parts: Any) -> tuple[Trigger, ...]:
        """"<spirit> reduces your opponent's life" / "an attack from <spirit> reduces …": its attack's damage."""
        sel, tok = parts[-2], parts[-1]
        return self._by_attack(sel, "opponent" if "opponent" in str(tok).lower() else "you")

    def ev_destroys(self, destroyer: Sel, _d: Token, victim: Sel, _via: Token) -> tuple[Trigger, ...]:
        """"<spirit> destroys one of <spirits> via comparing BP": the victim's destruction in the battle (7-1-5-2-1)."""
        if destroyer.ref not in (None, "this") or victim.ref is not None:
            raise NotExecutable('"… destroys … via comparing BP" naming a card other than this one or a described one',
                                self.raw, _hint(self.raw))
        t = self._event(victim, "destroyed")[0]
        by = destroyer if destroyer.ref else evolve(destroyer, count=None, up_to=False, target=False)
        return (evolve(t, destroyer=by),)

    def ev_life_by_attack(self, tok: Token, sel: Sel) -> tuple[Trigger, ...]:
        """"your life is reduced by an attack from <spirit>"."""
        return self._by_attack(sel, "opponent" if "opponent" in str(tok).lower() else "you")

    def _by_attack(self, sel: Sel, whose: str) -> tuple[Trigger, ...]:
        """7-1-5-3-1: the attacked player's life reduced by the damage of an attack, of this spirit or of a spirit
        the text describes (matched as the attacker last was, with its owner)."""
        if sel.ref == "this":
            return (Trigger("life_reduced", whose, attack="self"),)
        if sel.ref is not None:
            raise NotExecutable(f'an attack of "{sel.text()}" reducing life (only this spirit\'s or a described '
                                "spirit's)", self.raw, _hint(self.raw))
        filt = evolve(sel, count=None, up_to=False, target=False)
        return (Trigger("life_reduced", whose, attack="any",
                        sel=None if filt == Sel(count=None) else filt),)

    def when_first(self, *parts: Any) -> dict:
        conds = tuple(p for p in parts if isinstance(p, Cond))
        return {"kind": "triggered", "triggers": parts[-2], "condition": conds, **parts[-1]}

    def when_after(self, *parts: object) -> dict:
        conds = tuple(p for p in parts if isinstance(p, Cond))
        may = any(isinstance(p, Token) and p.type == "MAY" for p in parts)
        return {"kind": "triggered", "triggers": parts[-1], "condition": conds,
                **self.body(("sentence", may, parts[-2]))}

    def triggered(self, *parts):
        triggers = tuple(t for p in parts[:-1] for t in p)
        return {"kind": "triggered", "triggers": triggers, **parts[-1]}

    def substitution(self, sel: Sel, *rest: object) -> dict:
        by = next((str(r).lower() for r in rest if isinstance(r, Token) and r.type == "SUBST_BY"), "")
        may = any(isinstance(r, Token) and r.type == "MAY" for r in rest)
        return {"kind": "substitution", "subst": vocab.Subst(sel, bool(by), "effect" in by), "optional": may,
                "body": (rest[-1],)}

    def substitution_headed(self, *parts: object) -> dict:
        """s13 bssmech, 8-9, 8-3-3: a substitution active under a heading and / or "If you control N or more <cards>";
        "to keep it on the field exhausted / refreshed": the substituted spirit is exhausted / refreshed after the
        directive (it stays on the field, 8-9-1)."""
        conds = tuple(p for p in parts if isinstance(p, Cond)) + tuple(
            _count_cond(p, self.raw) for p in parts if isinstance(p, tuple) and len(p) == 4)
        keep = next((str(p).lower() for p in parts if isinstance(p, Token) and p.type == "KEEP_ON_FIELD"), "")
        rest = tuple(p for p in parts if not (isinstance(p, Cond) or isinstance(p, tuple) and len(p) == 4
                                              or isinstance(p, Token) and p.type == "KEEP_ON_FIELD"))
        sel = next(p for p in rest if isinstance(p, Sel))
        out = self.substitution(sel, *rest[rest.index(sel) + 1:])
        if isinstance(out["body"][0], tuple):
            raise NotExecutable('"… would be destroyed, <directive> and <directive> instead" under a condition', self.raw,
                                _hint(self.raw))
        turn = (vocab.Exhaust(Sel(ref="it")),) if keep.endswith("exhausted") else (
            (vocab.Refresh(Sel(ref="it")),) if keep.endswith("refreshed") else ())
        return {**out, "condition": conds, "body": out["body"] + turn}

    def burst(self, when, body):
        return {"kind": "burst", "triggers": when, **body}

    def _life_cond(self, cond: tuple) -> Cond:
        """"If you have / your opponent has N or more/less life" as a condition of a constant effect (8-3-3)."""
        if len(cond) == 4:  # s11 bss: "If / While you control N or more <cards>" (view._count_holds)
            return _count_cond(cond, self.raw)
        whose, op, n = cond
        return Cond(("life" if whose == "you" else "opponent_life") + ("_le" if op == "<=" else "_ge"), n)

    def use_cost(self, _t: Token, _c: Token, n: Token, cond: tuple) -> dict:
        """10-8-4: the magic card's own cost when it is used, under a condition (`rules.use_cost`)."""
        node = self.if_then(cond, None)[2]
        return {"kind": "use_cost", "body": (UseCost(_num(n), node),)}

    def activated(self, *parts):
        return {"kind": "activated", "labels": frozenset(parts[:-1]), **parts[-1]}

    def constant(self, *parts):
        ifs = [p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], str)]  # "If <life>, …" (if_life)
        conds = tuple(p for p in parts if isinstance(p, Cond)) + tuple(self._life_cond(p) for p in ifs)
        ds = [p for p in parts if not isinstance(p, Cond | Token) and not any(p is i for i in ifs)]
        if len(ds) > 1 or isinstance(ds[0], tuple):  # s9-bssreal: "<continuous> and <continuous>", two grants
            return {"kind": "constant", "condition": conds, "body": self._constant_all(ds)}
        d = ds[0]
        # 8-8-1-3-5: a constant BP raise "for each <cards>" is counted on the field as it is (view._constants)
        each = isinstance(d, ForEach) and type(d.inner) is ModBP and d.counted.soul is None
        if not isinstance(d, vocab.CONTINUOUS + (GainSymbol,)) and not each:
            raise NotExecutable(f"a constant effect with {type(d).__name__} (\"for each\" is read in effects that "
                                "resolve, and on a BP raise in constant ones)", self.raw, _hint(self.raw))
        if (d.inner if each else d).duration is not None:
            raise NotExecutable("a constant effect has no duration", self.raw, _hint(self.raw))
        return {"kind": "constant", "condition": conds, "body": (d,)}

    def constant_while_linked(self, _heading: Token, d: object) -> dict:  # s9-bssreal
        """"(When This Spirit Links) While linked, <continuous>": a constant effect holding while this spirit is
        linked (11-18-1), as "(While This Spirit is Linked) <continuous>"."""
        return self.constant(Cond("linked"), d)

    def _constant_all(self, parts: list) -> tuple:
        """Continuous directives of one constant effect (8-3-3), each applied while it holds; "it" after a description
        ("All of your spirits gain 3000 BP and Confront") is that description, there being no selection in a constant
        effect."""
        out: list[object] = []
        for p in parts:
            ds = _flat(p)
            first = getattr(ds[0], "sel", None)
            for d in ds:
                sel = getattr(d, "sel", None)
                if isinstance(sel, Sel) and sel.ref == "it" and isinstance(first, Sel) and first.ref is None:
                    d = evolve(d, sel=first)
                if not isinstance(d, vocab.CONTINUOUS) or d.duration is not None or getattr(d, "sel", Sel()).ref == "it":
                    raise NotExecutable(f"a constant effect with {type(d).__name__} among its directives (each must be "
                                        "continuous, without a duration)", self.raw, _hint(self.raw))
                out.append(d)
        return tuple(out)

    def step_start(self, heading: object, _at: Token, body: dict) -> dict:
        """"(During <whose> <step> Step) At the start of the step, …": a step_start trigger (6-2-1 .. 6-7-3-1)."""
        if isinstance(heading, Cond):
            whose, step = _ATTACK_STEP_HEADINGS.get(heading.kind, (None, None))
        else:
            m = re.search(r"during (your opponent's |opponent's |your |either )(\w+) step", str(heading), re.I)
            whose = None if m is None else {"your": "you", "either": "any"}.get(m.group(1).strip().lower(), "opponent")
            step = None if m is None else m.group(2).lower()
        if step is None or whose is None:
            raise NotExecutable('"At the start of the step" under a heading that names no step', self.raw, _hint(self.raw))
        if step == "end":  # s8-bssrealb: 6-8-1-1 names only "end of turn" effects there: the engine's decision, said
            body = {**body, "body": (StepTiming("end", "end"),) + body["body"]}
        return {"kind": "triggered", "triggers": (Trigger("step_start", whose, step=step),), **body}

    def constant_keyword(self, cond: object, kw: object) -> dict:
        """A keyword under a condition heading: this card gains it while the condition holds (8-3-3)."""
        k = kw if isinstance(kw, Keyword) else self.keyword(kw)
        return {"kind": "constant", "condition": (cond,) if isinstance(cond, Cond) else (),
                "body": (Gain(Sel(ref="this"), k),)}

    def start(self, *parts):
        levels = next((p for p in parts if isinstance(p, frozenset)), None)
        eff = parts[-1]
        # s16 bss: "If this spirit has a Soul Core on it" / "… N cores on it" / "is LV<n>" in an effect of its own
        # destruction is read in the card's last state on the field (laststate.py, the engine's decision, said)
        _check_soul(eff, self.raw)
        _check_per_discarded(eff, self.raw)  # s16 bss
        _check_relative(eff, self.raw)  # s13 bss
        _check_linked(eff, self.raw)
        _check_any_number(eff, self.raw)  # s11 bss
        _check_ref_trash(eff, self.raw)  # s12 bssonce
        _check_first_attacker(eff, self.raw)  # s17 bss
        if isinstance(eff, dict) and eff.get("kind") != "burst" and any(
                isinstance(d, BurstPay) for d in eff.get("body", ()) + eff.get("cost", ())):
            raise NotExecutable('"you may then pay this card\'s cost to …" outside a Burst (10-9-2)', self.raw,
                                _hint(self.raw))
        if isinstance(eff, tuple) and eff[0] == "keywords":
            return tuple(Effect(text=self.raw, kind="keyword", keyword=k, levels=levels) for k in eff[1])
        return (Effect(text=self.raw, levels=levels, **eff),)


# ---------------------------------------------------------------------------------------------
# Parsing, errors, caching


# The grammar's parser: lark's tables, read without lark from the per-user cache (core.lalr).
_READER = Reader("bss_effects.lark", lexer="contextual", propagate_positions=False)


@cache
def _parser() -> Lark:
    """lark's parser for the grammar (imported and built when a refusal is explained: its expected terminals)."""
    return _READER.lark()


def _hint(text: str) -> str:
    near = difflib.get_close_matches(text, EXAMPLES, n=1, cutoff=0.0)
    return "nearest supported wording: " + (near[0] if near else EXAMPLES[0]) + "; " + vocab.HINT


# What a regex terminal stands for, in the words of the cards (for "there the engine reads …").
_TERMINAL_WORDS = {
    "KIND": "spirit(s) / nexus(es)", "COLOR": "a color", "NUMBER": "a number", "STATE": "exhausted / refreshed",
    "TARGET": "target", "REF": "this spirit / that spirit / it", "SIGNED": "+N / -N", "CARDS": "card(s)",
    "CORES": "core(s)", "GETS": "gets", "GAINS": "gains", "CANNOT": "cannot", "FORBID_WHAT": "block / attack / "
    "be blocked", "HAND_OR_DECK": "hand / top or bottom of its owner's deck", "SEND": "send / move / put",
    "MAY": "you may", "THEN": "then", "LABEL": "Main / Flash", "LEVEL": "[LVn]", "LV": "LVn", "CMP": "less / more",
    "KW_NAME": "a keyword name", "DURING_THIS": "during this turn / battle", "DURING_YOUR_TURN": "during your turn",
    "DURING_OPPONENT_TURN": "during your opponent's turn", "NOT_AFFECTED": "is not affected by",
    "IMMUNE_FROM": "opposing [spirit / nexus / magic] effects",
}


# Sample words of regex terminals, for spelling suggestions ("wizzard" is not one; "spirts" is near "spirits").
_TERMINAL_SAMPLES = {
    "KIND": ("spirit", "spirits", "nexus", "nexuses"), "COLOR": vocab.COLORS, "STATE": ("exhausted", "refreshed"),
    "CMP": ("less", "more"), "CARDS": ("card", "cards"), "CORES": ("core", "cores"), "GETS": ("gets", "get"),
    "GAINS": ("gains", "gain"), "FORBID_WHAT": ("block", "attack"), "LABEL": ("Main", "Flash"), "TARGET": ("target",),
}


def _options(e: UnexpectedInput) -> list[str]:
    names = getattr(e, "expected", None) or getattr(e, "allowed", None) or ()
    by_name = {x.name: x for x in _parser().terminals}
    options: list[str] = []
    for n in sorted(names):
        if n in _TERMINAL_SAMPLES:
            options += _TERMINAL_SAMPLES[n]
        elif n in by_name and by_name[n].pattern.type == "str":
            options.append(by_name[n].pattern.value)
    return options


def _suggestion(t: str, pos: int, word: str, e: UnexpectedInput) -> str | None:
    """The text with each misspelt word (up to 3) replaced by the nearest word the grammar reads there."""
    for _ in range(3):
        near = difflib.get_close_matches(word.lower(), [o.lower() for o in _options(e)], n=1, cutoff=0.6)
        if not near:
            return None
        t = t[:pos] + near[0] + t[pos + len(word):]
        from lark import UnexpectedInput

        try:
            _parser().parse(t.rstrip(". "))
            return t
        except UnexpectedInput as again:
            e = again
            at: int | None = getattr(e, "pos_in_stream", None)
            m = re.match(r"[^\s.,()\[\]【】:]+|\S", t[at:]) if at is not None else None
            if m is None or at is None:
                return None
            pos = at
            word = m.group()
    return None


def _expected_words(e: UnexpectedInput) -> list[str]:
    """The words the grammar would have read where it stopped (lark names the terminals)."""
    names = getattr(e, "expected", None) or getattr(e, "allowed", None) or ()
    by_name = {t.name: t for t in _parser().terminals}
    words = set()
    for n in names:
        if n in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[n])
        elif n in by_name and by_name[n].pattern.type == "str":
            words.add(f'"{by_name[n].pattern.value}"')
        elif n == "$END":
            words.add("the end of the text")
    return sorted(words)[:12]


# s17 misprint: misprinted words repaired when safe (core.misprint), reported by `understand`
_MISPRINTS = Misprints(_READER, "bss", re.compile(r"[^\s.,()\[\]【】:]+|\S"))


@lru_cache(maxsize=4096)
def parse_printed(text: str) -> tuple[Effect, ...]:
    """A printed effect text -> its effects, read by the grammar alone; EffectSyntaxError when refused."""
    t = normalise(text)
    if not t.rstrip("."):
        raise EffectSyntaxError("empty effect text", text, _hint(text))
    try:
        tree = _READER.parse(t.rstrip(". "))
    except Unparsed as u:
        e = u.error
        pos = getattr(e, "pos_in_stream", None)
        pos = len(t.rstrip(". ")) if pos is None else pos
        m = re.match(r"[^\s.,()\[\]【】:]+|\S", t[pos:])
        word = m.group() if m else "(end of text)"
        stopped = f'understanding stopped at "{word}" (column {pos + 1}) in "{t}"'
        expected = _expected_words(e)
        if expected:
            stopped += "; there the engine reads " + ", ".join(expected)
        for rx, construction in _UNSUPPORTED:
            if rx.search(t):
                raise NotExecutable(f"the engine reads {construction} in \"{t}\" but cannot execute it yet "
                                    f"({stopped}); the whole effect is refused", t[pos:], _hint(t)) from None
        fixed = _MISPRINTS.repair(t.rstrip(". "), e)  # s17 misprint: the repaired text must read completely
        tree = _READER.parse(fixed.text) if fixed is not None else None
        if tree is None or not _reads(text, tree):
            near = _suggestion(t, pos, word, e) if m else None
            hint = f"nearest supported wording: {near}; {vocab.HINT}" if near else _hint(t)
            raise EffectSyntaxError(stopped, t[pos:], hint) from None
    try:
        effects = _Build(text).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, EffectSyntaxError):
            raise e.orig_exc from None
        raise
    if vocab.attacker_missing(effects):
        raise NotExecutable(vocab.ATTACKER_MISSING, text, _hint(text))
    return tuple(_trigger_it(e, text) for e in effects)  # s12 bssonce: the grammar's own reading, as the engine's


def _reads(text: str, tree: Any) -> bool:
    """s17 misprint: the repaired text reads completely (else the text as printed is refused as before)."""
    try:
        effects = _Build(text).transform(tree)
        return not vocab.attacker_missing(effects) and all(vocab.trigger_it(e) is not None for e in effects)
    except (VisitError, EffectSyntaxError):
        return False


def _it_named(effects: tuple[Effect, ...], raw: str) -> tuple[Effect, ...]:
    """"it" names the cards the cost or the directive before acted on (resolve._referred): first in an activated effect
    ([Main] / [Flash]: no event to name a card) with no cost it names nothing, and the text is refused rather than
    answered "no card fits". (A substitution's "it" is the card replaced; triggered effects are left as they are.)"""
    for e in effects:
        first = getattr(e.body[0], "sel", None) if e.body else None
        if e.kind == "activated" and not e.cost and isinstance(first, Sel) and first.ref == "it":
            raise NotExecutable('"it" with no card paid for, selected or acted on before it in the effect', raw,
                                _hint(raw))
    return tuple(_trigger_it(e, raw) for e in effects)  # s12 bssonce


def _trigger_it(e: Effect, raw: str) -> Effect:
    """s12 bssonce: "When one of your spirits attacks, it gains 3000 BP": "it" first in a triggered effect is the card of
    the triggering event (vocab.trigger_it); an event without a card leaves it naming nothing, and the text is refused."""
    out = vocab.trigger_it(e)
    if out is None:
        raise NotExecutable('"it" first in a triggered effect whose event names no card (or two)', raw, _hint(raw))
    return out


@lru_cache(maxsize=4096)
def read_effects(text: str) -> tuple[Effect, ...]:
    """The engine's reader: house-style vocabulary first (existing scenarios keep their meaning), then print layout."""
    try:
        return _it_named(vocab.parse_effects(text), text)
    except EffectSyntaxError as first:
        try:
            return _it_named(parse_printed(text), text)
        except NotExecutable:
            raise
        except EffectSyntaxError as printed:
            if first.message.startswith("unknown keyword"):
                raise first from None
            raise EffectSyntaxError(f"{first.message}; read as printed card text, {printed.message}",
                                    first.phrase, printed.hint) from None


def _nearest(hint: str) -> str:
    head = (hint or "").split("; ", 1)[0]
    return head.removeprefix("nearest supported wording: ") if head.startswith("nearest supported wording: ") else ""


def _repairs(text: str, t: str) -> tuple:
    """The misprints repaired to read `text` (s17 misprint) and the icons restored (s22 bssC, `lost_icons`): none when
    the house-style vocabulary read it."""
    try:
        vocab.parse_effects(text)
        return ()
    except EffectSyntaxError:
        return tuple(sorted(lost_icons(text) + _MISPRINTS.repairs_of(t.rstrip(". ")), key=lambda r: r.at))


@lru_cache(maxsize=4096)
def understand(text: str) -> Reading:
    """What the engine understood of `text`: all of it, or up to the word where understanding stopped."""
    t = normalise(text)
    status = "not understood"
    first: EffectSyntaxError
    try:
        read_effects(text)
        return Reading(t, "read", len(t), repairs=_repairs(text, t))
    except NotExecutable as e:
        first, status = e, "not executable"
    except EffectSyntaxError as e:
        first = e
        try:
            parse_printed(text)
        except EffectSyntaxError as printed:  # the grammar's position: the house-style reader has none
            first = printed
    phrase = first.phrase or ""
    # the grammar stopped at `phrase` (the rest of the text); a whole text refused names no position
    stop = len(t) - len(phrase) if phrase and t.endswith(phrase) and phrase != t else len(t) * (status != "not understood")
    m = re.match(r"[^\s.,()\[\]【】:]+|\S", t[stop:])
    return Reading(t, status, stop, m.group() if m else "", first.message, _nearest(first.hint),
                   repairs=lost_icons(text))  # s22 bssC: the text shown has the icon restored: say so


def summary(effects: tuple[Effect, ...]) -> str:
    """A short, stable AST summary (the corpus records it): kind, levels, timings, cost, directives."""
    out = []
    for e in effects:
        head = e.kind
        if e.levels:
            head += "[LV" + ",".join(str(x) for x in sorted(e.levels)) + "]"
        if e.keyword:
            head += " " + e.keyword.text()
        if e.triggers:
            head += " " + "/".join(("placed" if t.kinds == ("nexus",) and t.event == "summoned" else t.event)
                                   + ("" if t.whose == "self" else ":" + t.whose)
                                   + (":by_opponent" if t.by_opponent else "") + (":by_effect" if t.by_effect else "")
                                   + (f":by_attack_of_{t.attack}" if t.attack else "") + (":any_area" if t.any_area else "")
                                   + (":first_this_turn" if t.first else "")  # s17 bss
                                   + (f"({t.step} step)" if t.step else "")
                                   + (f":by_comparing_BP_with({_sel_text(t.destroyer)})" if t.destroyer else "")
                                   + (":that_card_destroyed_it" if t.that_destroyer else "")  # s13 bss
                                   + (f"({_sel_text(t.sel).removeprefix('all ')})" if t.sel else "") for t in e.triggers)
        if e.labels:
            head += " " + "/".join(sorted(e.labels))
        if e.condition:
            head += " if " + ",".join(c.kind + (str(c.n) if c.n else "") + (f"({_sel_text(c.sel)})" if c.sel else "")
                                      for c in e.condition)  # s11 bss: the cards a count condition counts
        if getattr(e, "once", None):  # s12 bssonce
            head += " once_per_turn"
        if e.subst:
            head += f" of destroying {e.subst.sel.text()}" + (
                " by opposing effects" if e.subst.effects_only else " by the opponent" if e.subst.by_opponent else "")
        parts = [head]
        if e.optional:
            parts.append("may")
        if e.cost:
            parts.append("cost " + "; ".join(_d(d) for d in e.cost))
        if e.body:
            parts.append("do " + "; ".join(_d(d) for d in e.body))
        if e.chain:
            parts.append(f"chain {e.chain[0]} " + "; ".join(_d(d) for d in e.chain[1]))
        out.append(" | ".join(parts))
    return " || ".join(out)


def _sel_text(v: Sel) -> str:
    """A description as the summary records it: Sel.text, and the words it does not say ("other", "token")."""
    if v.ref is not None:
        return v.text()
    return v.text(say_other=False) + (" other than this card" if v.other else "") + (
        "" if v.token is None else " (token)" if v.token else " (non-token)")


def _d(d) -> str:
    name = type(d).__name__
    if isinstance(d, Chain):
        return f"Chain({d.color}: " + "; ".join(_d(x) for x in d.directives) + ")"
    if isinstance(d, MayPay):  # s19 bss: the cost, then what it allows
        return (f"MayPay({' + '.join(_d(x) for x in d.cost)} to {'; '.join(_d(x) for x in d.then)}"
                + (", may)" if d.optional else ")"))
    fields = []
    for f in d.__slots__:
        v = getattr(d, f)
        if f == "but" and isinstance(d, vocab.Cores):  # s12 bssonce: "all but N cores" (0: not written)
            if v:
                fields.append(f"all but {v}")
            continue
        if f == "times" and isinstance(d, vocab.Feast):  # s20 bss2: 【Feast】 more than once (1: not written)
            if v != 1:
                fields.append(f"{v} times")
            continue
        if isinstance(v, Sel) and f == "cards":  # a discard's hand cards (vocab.Discard)
            v = vocab.hand_cards_text(v)
        elif isinstance(v, Sel):
            v = _sel_text(v)
        elif isinstance(v, (Place, Keyword)):
            v = v.text()
        elif hasattr(v, "__slots__") and not isinstance(v, str | tuple):  # a directive inside a directive
            v = _d(v)
        elif isinstance(v, tuple) and v and hasattr(v[0], "__slots__"):  # directives inside a directive
            v = "cost " + " + ".join(_d(x) for x in v)
        elif v is True:
            v = f
        if v is None or v is False:
            continue
        fields.append(f"{v}")
    return f"{name}(" + ", ".join(fields) + ")"
