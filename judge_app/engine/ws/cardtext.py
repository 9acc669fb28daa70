"""Weiss Schwarz card text as printed: normalise the layout, parse it with grammar/ws_effects.lark, build the AST.

`parse_ability(text)` is how the engine reads an ability: the grammar reads the whole text or refuses it at the
word where understanding stopped, and the Transformer builds the frozen AST of effects.py (`Ability`, `Cost`,
the one-shot effects). What the grammar reads but the engine cannot execute as written (a number a phrase
does not take, a category a form cannot have, a cost nothing would pay) is refused at that word too: the
engine never runs part of a card.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, TypeVar

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.lalr import Reader, Unparsed
from judge_app.engine.core.misprint import Misprints, Repaired
from judge_app.engine.core.reading import Reading
from judge_app.engine.core.tree import Meta, Token, Transformer, Tree, VisitError, v_args
from judge_app.engine.ws.effects import (
    ABOVE_OPP_LEVEL,
    AT_MOST_OWN_LEVEL,
    NAME_OR,
    NAME_PART,
    PER_NAMED,
    USED_KEYWORDS16B,
    WATCHING16,
    Ability,
    AllAre,
    BattleOppTo,
    Brainstorm,
    ChangeInto,
    ChooseMove,
    ChosenAndSelf,
    Cond,
    CondThen,
    Cost,
    Count,
    Damage,
    DeckTopMarker,
    Draw,
    EffectError,
    EncoreBan15b,
    EndOfTurn,
    Exchange,
    ExchangeNamed,
    FusionInto,
    Grant,
    HandTo,
    Heal,
    IfDone,
    IfToHand,
    LastingBan,
    LookOpp,
    LookPut,
    LookTake,
    MarkerTo,
    MillCompare15,
    Milled,
    Modal,
    MoveSelf,
    NoStand,
    OppClockTo,
    OppClockTop,
    OppHandTo,
    OppMemoryBack,
    OppShift,
    OppStockBottom,
    OppStockSwap,
    OppTo,
    OppTopTo,
    OppWaitingPick,
    OppWaitingToDeck,
    OwnPick,
    PayThen,
    Perform,
    Pump,
    PutWhereWas,
    Repeat,
    Rest,
    ReturnPrevious,
    RevealedTo,
    RevealOppPick15,
    RevealTake,
    RevealTop,
    Reverse,
    Salvage,
    Search,
    Select,
    SelfStage17,
    SelfTo,
    Shuffle15,
    StandSelf,
    StockTop,
    SunderInto,
    ThatTo,
    TopIs,
    TopTo,
    TriggerChecks,
    WaitingToDeck,
    XCount,
    ZoneMove17,
    abilities_within,
)

_T = TypeVar("_T")

if TYPE_CHECKING:  # lark is imported where a refusal is explained (_parser), not at module import
    from lark import Lark, UnexpectedInput
    from lark import Token as LarkToken
    from lark.lexer import BasicLexer, LexerState

__all__ = ["EXAMPLES", "Reading", "is_counter_icon", "normalise", "parse_ability", "summary", "understand"]

# Printed wordings the grammar reads; the nearest one is shown when a text is refused.
EXAMPLES = (
    "【AUTO】 When this card attacks, this card gets +1000 power until end of turn.",
    "【AUTO】 【CXCOMBO】 When this card attacks, if \"Climax\" is in your climax area, draw 1 card.",
    "【AUTO】 [(1)] When this card is placed on stage from your hand, you may pay the cost. If you do, draw 1 card.",
    "【AUTO】 When this card becomes reversed, put the top card of your deck into your stock.",
    "【AUTO】 At the beginning of your climax phase, choose 1 of your characters, and it gets +500 power until end of turn.",
    "【CONT】 During your turn, all of your other characters get +500 power.",
    "【CONT】 Assist All of your characters in front of this card get +500 power.",
    "【ACT】 [(1) Rest this card] Choose 1 character in your waiting room, and return it to your hand.",
    "【AUTO】 Encore [(3)]",
    "【ACT】 Backup 2500, Level 1 [(1) Put this card from your hand into your waiting room]",
    "【AUTO】 Bond/\"Name\" [(1)]",
    "Draw 2 cards.",
    "Deal 1 damage to your opponent.",
    "If this card would be put from the stage into your waiting room, put it into your memory instead.",
)
_HINT = "see docs/scenario-language.md, 'Weiss Schwarz card text', for the texts understood"

# ---------------------------------------------------------------------------------------------
# Normaliser: the print layouts of cards and card databases -> one layout

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
    return t.translate(_TRAIT_KEEP)


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


# ---------------------------------------------------------------------------------------------
# Transformer: lark tree -> effects.py values


class _Refused(Exception):
    """Refused by the Transformer at `at` (an index in the normalised text), with the reason."""

    def __init__(self, at: int, reason: str):
        super().__init__(reason)
        self.at, self.reason = at, reason


def _first_pos(x: object) -> int | None:
    if isinstance(x, Token):
        return x.start_pos
    if isinstance(x, Tree):
        return next((p for c in x.children if (p := _first_pos(c)) is not None), None)
    if isinstance(x, tuple):
        return next((p for c in x if (p := _first_pos(c)) is not None), None)
    return getattr(x, "at", None)


def _refuse(at: object, reason: str) -> _Refused:
    pos = at if isinstance(at, int) else _first_pos(at)
    return _Refused(pos or 0, reason)


def _num(tok: Token, allowed: tuple[str, ...], what: str) -> int:
    """A number word as written, if this phrase takes it (each printed phrase takes its own numbers)."""
    word = str(tok).lower()
    if word not in allowed:
        raise _refuse(tok, f"{what} reads {' / '.join(allowed)} here")
    return {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}.get(word) or int(word)


def _count17(tok: Token, what: str) -> int:
    """s17 zone: a count of cards moved one at a time (3.2.3), where any number reads the same: digits from 1, or a word."""
    word = str(tok).lower()
    if word.isdigit() and int(word) >= 1:
        return int(word)
    return _num(tok, ("a", "an", "one", "two", "three", "four", "five", "six"), what)


def _one_dot(dots: Token | None) -> None:
    if dots is not None and len(str(dots).strip()) > 1:
        raise _refuse(dots, "one period ends this ability")


def _opt(parts: tuple, kind: type[_T]) -> _T | None:
    return next((p for p in parts if isinstance(p, kind)), None)


def _tokens(parts: tuple, *types: str) -> list[Token]:
    return [p for p in parts if isinstance(p, Token) and p.type in types]


class _Word(str):
    """A marker word of the grammar (a zone, a stat, a separator) that remembers where it was written."""

    at: int | None = None
    trait: str = ""  # a subject that names a trait (2.5.3)
    named: str = ""  # a subject that names a card name (2.1): "all of your other cards named "X""
    where: str = ""  # a subject on one stage position (3.6.3): "CM"
    min_level: int = 0  # a subject of a level or higher: "all of your level 3 or higher characters …"
    select: Select | None = None  # s14 bodies: a subject described as a selection (level bound, colour, trait)


def _word(meta: Meta, value: str) -> _Word:
    w = _Word(value)
    w.at = getattr(meta, "start_pos", None)
    return w


class _It:
    """"put it into …" of a revealed card, with where it was written: read only inside a reveal (`_after_reveal`);
    or "put that character into …", read only after "When this card's battle opponent becomes 【REVERSE】" (`auto`)."""

    def __init__(self, effect: object, at: int, said: str = "it"):
        self.effect, self.at, self.said = effect, at, said


class _Note:
    """The reminder printed after a reveal ("(Otherwise, return it to its original place)"), where it was written."""

    def __init__(self, at: int):
        self.at = at


class _Else15b:
    """s15b bodyquote: "If it is not, …", the sentence after a reveal, where it was written (`_fold_else15b`)."""

    def __init__(self, effects: tuple, at: int):
        self.effects, self.at = effects, at


def _fold_else15b(effects: tuple) -> tuple:
    """Each "If it is not, …" joined to the reveal of the sentence before (`RevealTop.otherwise`, 4.9.1); none there, or a
    reveal that already names what happens either way, is refused. A reminder after it then follows the reveal."""
    out: list = []
    for e in effects:
        if isinstance(e, _Else15b):
            prev = out[-1] if out else None
            if not isinstance(prev, RevealTop) or prev.negate or prev.otherwise:
                raise _refuse(e.at, "'If it is not, …' follows 'reveal the top card of your deck. If that card is …'")
            out[-1] = evolve(prev, otherwise=e.effects)
            continue
        out.append(e)
    return tuple(out)


def _after_reveal(effects: tuple) -> tuple:
    """The effects of a text's sentences, each reveal's reminder checked to follow a reveal and then dropped (it
    restates what the reveal does: the card stays on the deck), and no "put it" without a revealed card."""
    effects = _fold_else15b(effects)
    for i, e in enumerate(effects):
        if isinstance(e, _It) and e.said == "it":
            raise _refuse(e.at, "'put it into …' is read after 'reveal the top card of your deck. If that card is …'")
        if isinstance(e, _Note) and (i == 0 or not isinstance(effects[i - 1], RevealTop | LookOpp)):
            raise _refuse(e.at, "this reminder follows 'reveal the top card of your deck. If that card is …,' or "
                          "'look at the top card of your opponent's deck'")
    return tuple(e for e in effects if not isinstance(e, _Note))


def _that_character(effects: tuple, when: str) -> tuple:
    """"put that character into …": the battle opponent the trigger named ("When this card's battle opponent
    becomes 【REVERSE】") or a condition named ("if this card's battle opponent is …"); elsewhere it names nothing the
    engine knows, and is refused."""
    if any(isinstance(e, IfDone) for e in effects):
        effects = tuple(evolve(e, first=_that_character((e.first,), when)[0], then=_that_character(e.then, when))
                        if isinstance(e, IfDone) else e for e in effects)
    for e in effects:
        if isinstance(e, _It) and e.said == "that character" and when != "opp-reversed":
            raise _refuse(e.at, "'that character' is the battle opponent after 'When this card's battle opponent "
                          "becomes 【REVERSE】'; elsewhere write 'this card's battle opponent'")
    return tuple(e.effect if isinstance(e, _It) else e for e in effects)


class _LevelNote:
    """s7-wsreal: "(Climax are regarded as level 0)", the reminder after a level-bound selection, where it was written."""

    def __init__(self, at: int):
        self.at = at


def _level_bound(e: object) -> bool:
    """Whether an effect chooses with a level bound (Select.level), itself or in the effects it holds."""
    if isinstance(e, Select | Salvage):  # s9-wsbody2: also a salvage's own bound ("level X or lower")
        return bool(e.level)
    if isinstance(e, MillCompare15):  # s15 zone: levels compared, a climax among them as level 0
        return True
    if isinstance(e, tuple):
        return any(map(_level_bound, e))
    inner = e.effects if isinstance(e, _IfDo) else e.effect if isinstance(e, _It) else None
    if inner is not None:
        return _level_bound(inner)
    return any(_level_bound(getattr(e, f)) for f in getattr(e, "__slots__", ()))


def _after_level_bound(parts: tuple) -> tuple:
    """The sentences without the "(Climax are regarded as level 0)" reminders, each checked to follow a sentence that
    chooses with a level bound (it explains that bound, 2.12.3)."""
    if not any(isinstance(p, _LevelNote) for p in parts):
        return parts
    for i, p in enumerate(parts):
        if isinstance(p, _LevelNote) and not any(_level_bound(q) for q in parts[:i] if not isinstance(q, Token)):
            raise _refuse(p.at, "this reminder follows a choice of a card of a level ('level 1 or higher card')")
    return tuple(p for p in parts if not isinstance(p, _LevelNote))


class _Per:
    """What a continuous gain is counted by ("others" | "all", ":Trait"), and ×N for "+X"."""

    def __init__(self, what: str, at: int, times: int = 0):
        self.what, self.at, self.times = what, at, times


class _Limit:
    """s5-wsreal-a: "This ability activates up to N time(s) per turn." (an automatic ability's own limit)."""

    def __init__(self, n: int, at: int):
        self.n, self.at = n, at


class _Reminder:
    """s5-wsreal-a: "(Damage may be canceled)", the reminder printed after a damage sentence, where it was written."""

    def __init__(self, at: int):
        self.at = at


class _Names(str):
    """s8-wsrealb: a name spec (alternatives joined by NAME_OR, portions marked NAME_PART) and its first token."""

    tok: Token

    def __new__(cls, spec: str, tok: Token) -> _Names:
        self = super().__new__(cls, spec)
        self.tok = tok
        return self


def _name_spec(tok: Token) -> str:
    """The names a quoted token holds: "A", ""B" C" (a name that itself holds quotes: the outer pair is the text's),
    "A" or "B" (QNAMES)."""
    t = str(tok)
    if tok.type == "QNAMES":
        return NAME_OR.join(re.findall(r'"([^"]+)"', t))
    if tok.type == "NAMES_Q":
        return NAME_OR.join(n[1:-1] for n in re.findall(r'""[^"]+"[^"]*"|"[^"]+"', t))
    return t[1:-1]


class _DamageNote(_Note):
    """s8-wsrealb: "(Damage may be canceled. Return the revealed card to its original place)": a reveal's reminder and
    the damage reminder printed together (read only where a sentence of the ability deals damage)."""


def _deals_damage(e: object) -> bool:
    """Whether an effect deals damage, itself or in the effects it holds (not in a granted ability: its reminder is
    printed with it)."""
    if isinstance(e, Damage):
        return True
    if isinstance(e, tuple):
        return any(map(_deals_damage, e))
    if isinstance(e, Ability | Grant) or not hasattr(e, "__slots__"):
        return False
    return any(_deals_damage(getattr(e, f)) for f in getattr(e, "__slots__", ()))


def _trait_word(meta: Meta, value: str, trait: Token) -> _Word:
    """A subject that names a trait (2.5.3): `all of your (other) 《Trait》 characters`."""
    w = _word(meta, value)
    w.trait = str(trait)[1:-1].strip()
    return w


_ALIASES = {  # rules that only name a word of the text
    "cat_auto": "auto", "cat_cont": "cont", "cat_act": "act", "alarm": "alarm", "memory": "memory", "experience": "experience",
    "accelerate": "accelerate", "resonate": "resonate", "p_climax": "climax", "p_encore": "encore",
    "p_main": "main", "p_attack": "attack", "p_draw": "draw", "p_clock": "clock", "p_end": "end",
    "z_stock": "stock", "z_clock": "clock", "z_waiting_room": "waiting_room", "z_memory": "memory",
    "z_hand": "hand", "power": "power", "soul": "soul", "get": "get", "gets": "gets", "card": "card",
    "cards": "cards", "k_character": "character", "k_card": "card", "sep_semicolon": ";", "sep_comma": ",",
    "sep_and": "and", "sep_semicolon_and": "; and", "sep_comma_and": ", and", "s_self": "self", "s_all": "all",
    "s_others": "others", "s_front": "front", "defending": "defending", "up_to": "up to", "resting": "resting",
    "pronoun": "it", "character": "character", "phase_word": "phase", "them": "them", "may": "may",
    "combo": "combo", "replace_verb": "put", "replaced_from": "from the stage",
    "in_battle": "in battle", "od_waiting": "waiting_room", "od_clock": "clock", "od_hand": "hand", "reveal_what": "them",
}
_TRIGGERS = {"w_attacks": "attacks", "w_placed": "placed", "w_reversed": "reversed",
             "w_climax_placed": "climax-placed", "w_opp_reversed": "opp-reversed", "w_to_waiting": "to-waiting"}
# s9-wshead2: the timings of this card itself that an "or" can join (the second one written without "this card")
_THIS_CARD_WHENS = frozenset(("placed", "reversed", "attacks", "frontal-attacks", "frontal-attacked"))
_FLAG_CONDS = {"c_clock_top": "clock-top", "c_resting": "resting", "c_attacker": "attacker",
               "c_your_turn": "your-turn"}
_PUMP_WHO = {"self": "self", "all": "all-own"}
_PHASES = ("climax", "encore", "main", "attack", "draw", "clock", "end")
_NUMBERS = ("NUMBER", "N_A", "N_AN", "N_ONE", "N_TWO", "N_THREE")
# s16 head: the cards a cost puts from the hand into the waiting room, as many as cards print (`abilities.pay` takes each)
_HAND_COST_N = ("a", "an", "1", "one", "two", "2", "three", "3")
# s13 bodies: the cards looked at from the top of the deck, as many as the card prints (3.2.3.1)
_LOOK_NUMBERS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "one", "two", "three", "four", "five", "six")


# --- s8-wsreala: X quantities, granted restrictions, "among those cards" (issue 13) ---------------------------------
class _X:
    """What X is equal to (`XCount`) and the ×N printed after it."""

    def __init__(self, count: XCount, times: int):
        self.count, self.times = count, times


_X_KINDS = {"xk_card": "card", "xk_character": "character", "xk_event": "event", "xk_climax": "climax"}
_X_ZONES = {"xz_waiting": "waiting_room", "xz_clock": "clock", "xz_back": "back", "xz_center": "center",
            "xz_memory16": "memory"}  # s16 zone: the memory (3.12.2.1: face up unless otherwise specified)


class _BuildX:
    """s8-wsreala's Transformer methods (mixed into `_Build`)."""

    def x_in_zone(self, *parts: object) -> _X:
        trait = _tokens(parts, "TRAIT")
        kind = next(str(p) for p in parts if isinstance(p, str) and p in _X_KINDS.values())
        zone = next(str(p) for p in parts if isinstance(p, str) and p in _X_ZONES.values())
        if zone in ("back", "center") and kind != "character":
            raise _refuse(_first_pos(parts), "a stage area holds characters: 'the number of characters in your "
                          "(opponent's) back stage'")
        if zone == "memory" and "opponent" in parts:  # s16 zone: 3.12.2.2, the opponent's face-down cards are hidden
            raise _refuse(_first_pos(parts), "the number of cards in your own memory")
        times = _times(_tokens(parts, "TIMES")[0])
        sel = Select(kind, str(trait[0])[1:-1].strip() if trait else "")
        return _X(XCount(zone, sel, "opponent" if "opponent" in parts else "own"), times)

    def x_that_level(self, times: Token) -> _X:
        return _X(XCount("that-level"), _times(times))

    def x_among(self, *parts: object) -> _X:
        return _X(XCount("among", _x_select(parts)), _times(_tokens(parts, "TIMES")[0]))

    @v_args(inline=True, meta=True)
    def among_if(self, meta: Meta, *parts: object) -> _AmongIf:
        effects = tuple(p.pump if isinstance(p, _Among) else p for p in parts if not isinstance(p, Token | str))
        return _AmongIf(_x_select(parts), effects, meta.start_pos)

    @v_args(inline=True, meta=True)
    def that_card_if(self, meta: Meta, _if: Token, icon: Token, *parts: object) -> _AmongIf:
        effects = tuple(p.pump if isinstance(p, _Among) else p for p in parts if not isinstance(p, Token | str))
        return _AmongIf(Select("card", icon=str(icon).strip("[] ").lower()), effects, meta.start_pos, one=True)

    def repeat(self, n: Token, _stop: Token, option: Token) -> Repeat:
        times = _num(n, ("2", "3", "4", "5"), "perform the following action … times")
        effects, text = _option(option)
        return Repeat(times, effects, text)

    def cont_grant(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        granted = _granted_ban(parts)
        return ("cont-grant", conds, who, _grant_stats(parts), granted)

    def assist_grant(self, who: _Word, _get: str, *parts: object) -> Callable[..., Ability]:
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your (《T》) characters in front of this card get …' (10.3.1)")
        power, soul = _grant_stats(parts)
        granted = _granted_ban(parts)
        return lambda text, category: Ability("cont", "assist", scope="front", power=power, soul=soul, trait=who.trait,
                                              grants=granted, text=text)

    @v_args(inline=True, meta=True)
    def assist_grant_trait(self, meta: Meta, trait: Token, *parts: object) -> Callable[..., Ability]:
        return self.assist_grant(_trait_word(meta, "front", trait), str(parts[0]), *parts[1:])

    def self_ban(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("self-ban", conds, next(str(p) for p in parts if isinstance(p, str) and p in SELF_BANS))

    def grant_choose_opp(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        return _grant("choose-opp", parts)

    def pump_x_equal(self, who: _Word, _get: str, *parts: object) -> Pump | _Among:
        x = next(p for p in parts if isinstance(p, _X))
        if who not in _PUMP_WHO:
            raise _refuse(who.at, "+X counted as it resolves goes to this card, to all of your (《T》) characters or to 1 "
                          "of your characters chosen")
        if x.count.zone in ("that-level", "that-soul"):  # s11 bodies: its soul too
            raise _refuse(who.at, "'that character's level' is read after 'choose 1 of your characters, and that "
                          "character gets +X …'")
        return _among(evolve(_pump_x(parts, x, _PUMP_WHO[who]), trait=who.trait), who.at)

    def pump_x_next(self, who: _Word, _get: str, _x: Token, stat: str, _next: Token, _stop: Token, per: _Per) -> Pump:
        return evolve(self.pump_x(who, _get, _x, stat, _stop, per), until="opp-next")  # type: ignore[attr-defined]

    def pump_choose_x_equal(self, n: Token, *parts: object) -> Pump | _Among:
        _num(n, ("1", "one", "a"), "choose")
        x = next(p for p in parts if isinstance(p, _X))
        trait = _tokens(parts, "TRAIT")
        return _among(evolve(_pump_x(parts, x, "choose-own"), trait=str(trait[0])[1:-1].strip() if trait else "",
                             other="other" in parts), n.start_pos)


# a character's own restrictions (Ability.restrict): what the text says it cannot do (1.3.4)
_BANS = {"sb_unchoosable": "unchoosable", "sb_no_side": "no-side-attack", "sb_no_frontal": "no-frontal-attack",
         "sb_no_move": "no-move", "sb_no_reverse": "no-reverse"}  # s13 heads: "cannot become 【REVERSE】" (4.6.1.3)
_ALIASES.update(_BANS)
SELF_BANS = frozenset(_BANS.values())

for _name in ("xk_card", "xk_character", "xk_event", "xk_climax", "xz_waiting", "xz_clock", "xz_back", "xz_center",
              "xz_memory16"):
    _ALIASES[_name] = {**_X_KINDS, **_X_ZONES}[_name]


class _Among:
    """A +X counted "among those cards", where it was written: joined to the sentence's `top_to` (`_among_those`)."""

    def __init__(self, pump: Pump, at: int | None):
        self.pump, self.at = pump, at or 0


class _AmongIf:
    """"If there is a climax (revealed) among those cards, <effects>", where it was written (`_among_those`)."""

    # s12 bodies: slots, so that `_level_bound` sees a level bound in its selection (the reminder after it is read)
    __slots__ = ("select", "effects", "at", "one")

    def __init__(self, select: Select, effects: tuple, at: int, one: bool = False):
        self.select, self.effects, self.at, self.one = select, effects, at, one  # one: "If that card has …"


def _among(pump: Pump, at: int | None) -> Pump | _Among:
    return _Among(pump, at) if pump.x is not None and pump.x.zone == "among" else pump


def _x_select(parts: tuple) -> Select:
    trait = _tokens(parts, "TRAIT")
    kind = next(str(p) for p in parts if isinstance(p, str) and p in _X_KINDS.values())
    return Select(kind, str(trait[0])[1:-1].strip() if trait else "")


def _milled_of(e: object, may: bool = False) -> tuple[Milled, Callable[[Milled], object]] | None:
    """The mill "those cards" names, as a `Milled`, and how to put it back in the place of `e`: "put the top N cards
    of your deck into your waiting room" (not "you may"), also as the last effect after "If you do,". s13b bodies:
    `may`, a condition on the cards put ("If that card is …"), reads "you may put the top card …" too (`_milled`
    asks; declined, no card was put and the condition does not hold, 8.3.3)."""
    if isinstance(e, TopTo) and e.zone == "waiting_room" and (may or not e.optional):
        return Milled(e), lambda m: m
    if isinstance(e, OppTopTo) and e.zone == "waiting_room":  # s14b bodies: the opponent's deck, into their waiting room
        return Milled(e), lambda m: m
    if isinstance(e, Milled):
        return e, lambda m: m
    if isinstance(e, IfDone) and e.then and (inner := _milled_of(e.then[-1])) is not None:
        return inner[0], lambda m: evolve(e, then=e.then[:-1] + (m,))
    return None


def _among_those(effects: tuple) -> tuple:
    """Each "… among those cards" joined to the mill written just before it (`Milled`); refused anywhere else."""
    if not any(isinstance(e, _Among | _AmongIf) for e in effects):
        return effects
    out: list = []
    for e in effects:
        if not isinstance(e, _Among | _AmongIf):
            out.append(e)
            continue
        found = _milled_of(out[-1], isinstance(e, _AmongIf)) if out else None  # s13b bodies: "you may put …"
        if found is None:
            raise _refuse(e.at, "'among those cards' follows 'put the top N cards of your deck into your waiting room'")
        milled, put_back = found
        if isinstance(e, _AmongIf) and e.one and milled.top.n != 1:
            raise _refuse(e.at, "'that card' is the one card put just before: 'put the top card of your deck into your "
                          "waiting room'")
        if isinstance(e, _AmongIf):
            if milled.cond is not None or milled.then:
                raise _refuse(e.at, "one condition 'If there is … among those cards' right after the sentence that "
                              "puts those cards")
            if not isinstance(milled.top, TopTo) and any(isinstance(x, RevealedTo) for x in e.effects):  # s17 body
                raise _refuse(e.at, "'put it …' moves a card of your own deck put into your waiting room")
            milled = evolve(milled, cond=e.select, then=e.effects)
        else:
            milled = evolve(milled, then=milled.then + (e.pump,))
        out[-1] = put_back(milled)
    return tuple(out)


# s16 quote: the 【CONT】 abilities a character executes when an effect (8.2.1.2) or a continuous ability (8.9.1) gives them:
# those it would execute printed on its own card, read on the character that has them (`view.held_sources16`, `given16`)
_QUOTED16 = ("GRANTED", "GRANTED_KW", "GRANTED_GP16")  # the tokens of a quoted ability (grammar `_granted16`)
HELD_CONT16 = ("a restriction 'This card cannot …' or on a player ('your opponent cannot play \"Backup\" …', 'you cannot "
               "receive damage …'), a gain of power or soul to this card, to your (other) characters or Assist's, or Great "
               "Performance, under conditions or not")
_PLAYER_BANS16 = ("backup:", "event:", "backup+event:", "auto-damage")


def _held_cont16(a: Ability) -> bool:
    """s16 quote: whether the engine executes the 【CONT】 ability `a` held by the character given it: its own restriction
    (1.3.4) or one on a player (`view.backup_banned`), a gain of power or soul as `view.stats` applies a printed one
    (8.9.1; counted or not; to itself, to your (other) characters, or Assist's to those in front of it, 10.3.1; no
    level), or Great Performance (10.6.2), each while its own conditions hold."""
    if a.grants is not None or a.permit or a.levels or a.in_hand:
        return False
    if a.restrict:
        return a.restrict in SELF_BANS or a.restrict.startswith(_PLAYER_BANS16)
    if a.keyword == "great performance":
        return not a.conds
    return a.keyword in ("", "assist") and a.scope in ("self", "all", "others", "front") and bool(a.power or a.soul)


def _grant_stats(parts: tuple) -> tuple[int, int]:
    """The +N power / soul printed before "and the following ability"."""
    power = soul = 0
    for value, stat in zip(_tokens(parts, "SIGNED"), (p for p in parts if p in ("power", "soul")), strict=True):
        power, soul = (power + int(value), soul) if stat == "power" else (power, soul + int(value))
    return power, soul


def _granted_ban(parts: tuple) -> Ability:
    """The following ability a continuous gain gives, read by this same reader: a character's own restriction ("This
    card cannot …", no condition); any other is refused by name."""
    ability, at = _read_granted(_tokens(parts, *_QUOTED16)[0])  # s16 quote: a keyword one too (`_granted16`)
    if ability.category == "act":  # s15 quote: played as the character's own while it applies (play._acts, 8.9.1)
        return _granted_act15(ability, at)
    if ability.category == "auto":  # s11 bodies: watched on the characters it is given to (`view.granted_autos`)
        # s12 bodies: also one that waits for its card to leave the stage (looked at then, `zones.leave_stage`)
        _granted_auto_checked(ability, at, "a continuously granted", GRANTED_WHEN + GRANTED_LEAVING)
        return ability
    if ability.category != "cont" or not _held_cont16(ability):  # s16 quote: any 【CONT】 a character holds as its own
        raise _refuse(at, "an ability a continuous effect gives is executed when it is an 【AUTO】 or an 【ACT】 ability, or "
                      "a 【CONT】 one a character holds as its own (" + HELD_CONT16 + "); this 【CONT】 is not executed yet")
    return ability


def _times(tok: Token) -> int:
    return int(str(tok).lstrip("×✕ "))


def _pump_x(parts: tuple, x: _X, who: str) -> Pump:
    stat = next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul"))
    gain = (x.times, 0) if stat == "power" else (0, x.times)
    return Pump(who, *gain, until=_until(tuple(_tokens(parts, "NEXT_TURN"))), levels=_levels(parts), x=x.count)


# --- s9-wsreala: the ability's head (the grammar's block of the same name): conditions as one sentence structure ------

_WORD_NUMBERS = {"a": 1, "an": 1, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


class _Bound:
    """A number compared: "N or more" ("N+") or "N or less" ("N-")."""

    def __init__(self, n: int, more: bool, at: int):
        self.n, self.more, self.at = n, more, at

    def __str__(self) -> str:
        return f"{self.n}{'+' if self.more else '-'}"


class _What:
    """What a condition counts: `select` (a kind with a colour, trait, icon; or names), `other` (not this card)."""

    def __init__(self, select: Select, other: bool = False):
        self.select, self.other = select, other
        self.orient = ""  # s10-wshead: "rest" | "stand", a state on the stage (4.6.1)

    def characters(self) -> str | None:
        """The older conditions' "others:Trait" | "all:Trait" for plain characters on the stage, else None."""
        sel = self.select
        if sel.kind != "character" or sel.name or sel.color or sel.icon or sel.level or sel.alts:
            return None
        return ("others" if self.other else "all") + (f":{sel.trait}" if sel.trait else "")


class _Place:
    def __init__(self, zone: str, whose: str = "own"):
        self.zone, self.whose = zone, whose


_HZONES = {"hz_stock": "stock", "hz_memory": "memory", "hz_hand": "hand", "hz_clock": "clock", "hz_deck": "deck",
           "hz_waiting": "waiting_room", "hz_climax": "climax", "hz_stage": "stage", "hz_level": "level"}
_HKINDS = {"hk_card": "card", "hk_character": "character", "hk_climax": "climax", "hk_event": "event",
           "hk_marker": "marker"}


def _count_cond(what: _What, bound: _Bound, place: _Place | None) -> Cond:
    """The condition a count reads as: the older kinds where an older wording meant the same (their summaries stay as
    recorded), else `Count`."""
    zone = place.zone if place else "stage"
    whose = place.whose if place else "own"
    if what.orient:  # s10-wshead: characters in a state are counted on the stage only (4.6.1)
        if zone not in ("stage", "center", "back"):
            raise _refuse(bound.at, "【REST】 / 【STAND】 characters are counted on the stage (4.6.1)")
        return Cond("count", Count(zone, str(bound), what.select, whose, what.other, what.orient))
    chars = what.characters()
    if zone == "stage" and whose == "own" and chars is not None:
        return Cond("have-at-least" if bound.more else "have-at-most", f"{bound.n} {chars}")
    if what.select == Select("card") and not what.other and whose == "own":
        if zone == "hand" and not bound.more:
            return Cond("hand-at-most", bound.n)
        if zone == "memory" and bound.more:
            return Cond("memory", bound.n)
        if zone == "deck" and not bound.more:
            return Cond("deck-at-most", bound.n)
    if zone == "waiting_room" and what.select == Select("climax") and not what.other:
        return Cond("climax-in-waiting" if bound.more else "climax-in-waiting-at-most", f"{whose} {bound.n}")
    if what.select.kind == "marker" and zone != "markers":
        raise _refuse(bound.at, "markers are counted underneath this card (3.7)")
    if zone in ("stage", "center", "back") and what.select.kind not in ("card", "character"):
        raise _refuse(bound.at, "on the stage are characters (2.3.2.1.2)")
    return Cond("count", Count(zone, str(bound), what.select, whose, what.other))


class _BuildHead:
    """s9-wsreala: the Transformer's methods for the head's conditions (grammar block "s9-wsreala")."""

    @v_args(inline=True, meta=True)
    def h_bound(self, meta: Meta, n: Token, more: bool) -> _Bound:
        word = str(n).lower()
        return _Bound(_WORD_NUMBERS[word] if word in _WORD_NUMBERS else int(word), more, meta.start_pos)

    def hd_more(self) -> bool:
        return True

    def hd_less(self) -> bool:
        return False

    def __default__(self, data, children, meta):
        # the zones and kinds: each alternative's name says which (one table, not a method each)
        if data in _HZONES:
            return _Place(_HZONES[data])
        if data in _HKINDS:
            return _HKINDS[data]
        return super().__default__(data, children, meta)

    def hw_kind(self, *parts: object) -> _What:
        trait = _tokens(parts, "TRAIT")
        colour = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")
        icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        kind = next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())
        return _What(Select(kind, str(trait[0])[1:-1].strip() if trait else "", color=colour, icon=icon),
                     "other" in parts)

    def hw_names(self, names: _Names) -> _What:
        return _What(Select(name=str(names)))

    def h_none(self, *_parts: Token) -> str:
        return "a"

    def hn_any(self) -> str:
        return "a"

    def hn_another(self) -> str:
        return "another"  # other than this card (2.3.2.1.2)

    def hp_zone(self, *parts: object) -> _Place:
        place = next(p for p in parts if isinstance(p, _Place))
        return _Place(place.zone, "opponent" if "opponent" in parts else "own")

    def hz_area(self, area: _Word) -> _Place:
        return _Place(str(area))  # "center" | "back" (3.6.2, 3.6.3)

    def hp_markers(self) -> _Place:
        return _Place("markers")

    def c_zone_has(self, *parts: object) -> Cond:
        # s16 head: "your memory has 3 or more 《T》 characters": what is counted is a condition's whole selection (`_What`)
        place = next(p for p in parts if isinstance(p, _Place))
        what = next((p for p in parts if isinstance(p, _What)), None)
        if what is None:
            what = _What(Select(next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())))
        bound = next(p for p in parts if isinstance(p, _Bound))
        return _count_cond(what, bound, _Place(place.zone, "opponent" if "opponent" in parts else "own"))

    c_zone_number = c_zone_has

    def c_have_bound(self, what: _What | _Per, bound: _Bound) -> Cond:
        # s16 head: "the number of your other green characters is two or more": characters on your stage (2.3.2.1.2)
        if isinstance(what, _Per):  # "the number of other 《T》 characters you have"
            scope, _, trait = what.what.partition(":")
            what = _What(Select("character", trait), scope == "others")
        if what.select.kind != "character" and not what.select.alts:
            raise _refuse(bound.at, "'the number of your …' counts characters (2.3.2.1.2)")
        return _count_cond(what, bound, None)

    def c_have_in(self, bound: _Bound, what: _What, *place: _Place) -> Cond:
        return _count_cond(what, bound, place[0] if place else None)

    def c_have_no(self, *parts: object) -> Cond:
        what = next(p for p in parts if isinstance(p, _What))
        place = next((p for p in parts if isinstance(p, _Place)), None)
        other = what.other or "another" in parts
        kept = _What(what.select, other)
        kept.orient = what.orient  # s10-wshead
        return _count_cond(kept, _Bound(0, False, 0), place)

    def c_there_are(self, bound: _Bound, what: _What, place: _Place) -> Cond:
        return _count_cond(what, bound, place)

    def c_there_none(self, what: _What, place: _Place) -> Cond:
        return _count_cond(what, _Bound(0, False, 0), place)

    def ht_names(self, *parts: object) -> tuple[_What, ...]:
        names = next(p for p in parts if isinstance(p, _Names))
        return (_What(Select(name=str(names))),)

    def ht_all_names(self, *parts: object) -> tuple[_What, ...]:
        return tuple(_What(Select(name=str(p))) for p in parts if isinstance(p, _Names))

    def ht_kind(self, _a: Token, *parts: object) -> tuple[_What, ...]:
        return (self.hw_kind(*parts),)

    def c_card_in(self, things: tuple[_What, ...], place: _Place) -> tuple[Cond, ...]:
        # each thing named is there (8.3.3); a single name in your climax area is the older "climax" condition
        if place.zone == "climax" and len(things) == 1 and things[0].select.name and '"' not in things[0].select.name:
            return (Cond("climax", things[0].select.name.lower()),)
        return tuple(_count_cond(t, _Bound(1, True, 0), place) for t in things)

    def hwh_area(self, area: _Word) -> str:
        return str(area)

    def hwh_middle(self) -> str:
        return "middle"

    def hwh_zone(self, place: _Place) -> str:
        return place.zone

    def c_this_in(self, where: str) -> Cond:
        # where this card is (3.6.2 the center stage, 3.6.3 its positions; 3.12 the memory)
        return Cond("this-in", where)

    def w_frontal_attacks(self) -> tuple[str, str]:
        return ("when", "frontal-attacks")

    # --- s9-wshead2: two timings joined by "or" (8.7.2), one marker as a condition (3.7)
    @v_args(inline=True, meta=True)
    def w_or(self, meta: Meta, first: tuple[str, str], also: tuple[str, str]) -> tuple[str, str]:
        # the alternative is written without its subject, so the first timing must be this card's own too
        if first[1] not in _THIS_CARD_WHENS or also[1] in first[1].split("|"):
            raise _refuse(getattr(meta, "start_pos", 0), "two timings joined by 'or' are this card's own, each once: "
                          "'When this card is placed on the stage from your hand or becomes 【REVERSE】 in battle'")
        return ("when", f"{first[1]}|{also[1]}")

    def c_there_is(self, _if: Token, what: _What, place: _Place) -> Cond:
        return _count_cond(what, _Bound(1, True, 0), place)

    def play_free(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("play-ban", conds, "colour")  # read as the play ban is (【CONT】 or no icon, no cost), a permission

    @v_args(inline=True, meta=True)
    def s_middle_other_level(self, meta: Meta, n: Token, *trait: Token) -> _Word:
        # the gain goes to the middle position's character only while its level is N or higher (view: min_level)
        w = _trait_word(meta, "others", trait[0]) if trait else _word(meta, "others")
        w.where, w.min_level = "CM", int(n)
        return w

    def w_other_frontal_attacked(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-frontal-attacked" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    @v_args(inline=True, meta=True)
    def counter_event(self, meta: Meta, sentences: tuple) -> Callable[..., Ability]:
        # the counter icon (2.8.2) on an event: the dialect gives the card the icon (`Ability.keyword` "counter")
        at = getattr(meta, "start_pos", 0)

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(at, "the counter icon heads an event's text, or a Backup (10.5)")
            return _one_shots(text, "", "counter", Cost(), sentences, at)
        return make

    @v_args(inline=True, meta=True)
    def among_if_paid(self, meta: Meta, *parts: object) -> _AmongIf:
        effects = tuple(p.pump if isinstance(p, _Among) else p for p in parts
                        if not isinstance(p, Token | str) and not (isinstance(p, tuple) and p[:1] == ("pay",)))
        return _AmongIf(_x_select(parts), (PayThen(None, effects),), meta.start_pos)

    def paid(self, pay: tuple, sentences: tuple) -> tuple:
        return ("paid", pay, sentences)

    def c_have_another_part(self, names: _Names) -> Cond:
        # "if you have another character with "X" in its card name" (2.1.2.2: a portion of the card name)
        return Cond("have-named-count", ("1+", "others", "", str(names)))


# --- s10-wshead: the ability's head, third round (the grammar's block "s10 heads"): timings, conditions, costs ----------
class _BuildHead10:
    """s10-wshead: the Transformer's methods for the grammar's block "s10 heads"."""

    def w_damage_canceled(self, *parts: object) -> tuple[str, str]:
        # damage this card deals is cancelled by a climax (4.10.1.2) or not (4.10.1.3)
        return ("when", "damage-not-canceled" if _tokens(parts, "NOT") else "damage-canceled")

    def w_begin_any(self, phase: str, _word: str) -> tuple[str, str]:
        # "the" phase: that phase of either player's turn (6.1.1: each turn is the turn player's)
        return ("when", f"begin-any:{phase}")

    def w_kind_attacks(self, kind: str) -> tuple[str, str]:
        return ("when", f"{kind}-attacks")  # the attack's kind, chosen as it is declared (7.2.1.4)

    def ak_direct(self) -> str:
        return "direct"

    def ak_side(self) -> str:
        return "side"

    def w_opp_climax(self, *_parts: object) -> tuple[str, str]:
        return ("when", "opp-climax-placed")  # a climax placed on the opponent's climax area (3.11.1)

    def w_any_climax(self, *_parts: object) -> tuple[str, str]:
        return ("when", "your-climax-placed|opp-climax-placed")  # either climax area: either happening (8.7.2)

    def c_facing_cost(self, n: Token, *more: str) -> Cond:
        # "the character facing this card" (3.6.5) "is cost N" / "N or higher" / "N or lower" (2.7)
        return Cond("facing-cost", f"{int(n)}{more[0] if more else ''}")

    def c_player_level(self, *parts: object) -> Cond:
        # a player's level is the number of cards in his or her level zone (3.9.1, 8.6.2.1.2)
        bound = next(p for p in parts if isinstance(p, _Bound))
        return _count_cond(_What(Select("card")), bound, _Place("level", "opponent" if "opponent" in parts else "own"))

    def c_opp_have(self, bound: _Bound, what: _What, *place: _Place) -> Cond:
        # "if your opponent has 1 or less characters (in their center stage)": the opponent's stage unless named
        return _count_cond(what, bound, place[0] if place else _Place("stage", "opponent"))

    def hp_their(self, place: _Place) -> _Place:
        return _Place(place.zone, "opponent")

    def hw_kind_orient(self, *parts: object) -> _What:
        what = self.hw_kind(*parts)  # type: ignore[attr-defined]  # _BuildHead's, in the same Transformer
        word = next(p for p in parts if isinstance(p, _Word) and str(p) in ("rest", "stand"))
        what.orient = str(word)
        if what.select.kind != "character":
            raise _refuse(word, "【REST】 / 【STAND】 is the state of a character on the stage (4.6.1)")
        return what

    @v_args(inline=True, meta=True)
    def ho_rest(self, meta: Meta) -> _Word:
        return _word(meta, "rest")

    @v_args(inline=True, meta=True)
    def ho_stand(self, meta: Meta) -> _Word:
        return _word(meta, "stand")

    def c_this_in_tok(self, _this: Token, where: str) -> Cond:
        return Cond("this-in", where)  # as `c_this_in` (3.6.2, 3.6.3, 3.12)

    @v_args(inline=True, meta=True)
    def assist_trait(self, meta: Meta, trait: Token, _get: str, gain: tuple[int, int], *dots: Token) -> Callable[..., Ability]:
        # Assist to the 《T》 characters in front of this card only (10.3.1, 2.5.3)
        who = _trait_word(meta, "front", trait)
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=gain[0], soul=gain[1],
                                              trait=who.trait, text=text)

    @v_args(inline=True, meta=True)
    def assist_x_trait(self, meta: Meta, trait: Token, _get: str, _x: Token, stat: str, _stop: Token, times: int,
                       *dots: Token) -> Callable[..., Ability]:
        # "+X power. X is equal to that character's level ×500" (10.3.1): counted on each character that gets it
        if stat != "power":
            raise _refuse(_x, "Assist: '… get +X power. X is equal to that character's level ×N'")
        who = _trait_word(meta, "front", trait)
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=times, per="level",
                                              trait=who.trait, text=text)

    def k_discard_trait(self, n: Token, trait: Token) -> Cost:
        # "Put 1 《T》 from your hand into the waiting room": any card with that trait (2.5.3), as "1 《T》 card" reads
        return Cost(discard=_num(n, _HAND_COST_N, "a cost of cards from your hand"),
                    discard_select=Select("card", str(trait)[1:-1].strip()))

    def w_other_to_waiting(self, *parts: object) -> tuple[str, str]:
        # the watched character's trait, if named (2.5.3), as the other watching timings keep it (abilities._watchers)
        return ("when", "other-to-waiting" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def c_standing(self) -> Cond:
        return Cond("standing")  # this card on the stage in the stand state (4.6.1.1)

    def k_self_to_clock(self) -> Cost:
        return Cost(self_to_zone="clock")  # from the stage into the clock (3.8.1)

    def k_self_to_deck_bottom(self) -> Cost:
        return Cost(self_to_zone="deck_bottom")  # from the stage to the bottom of the deck (3.2.1)

    def k_climax_to_waiting(self, n: Token, select: Select) -> Cost:
        # "Put 1 "X" from your climax area into your waiting room": the climax area holds climaxes only (3.11.1)
        if select.kind not in ("card", "climax") or select.trait:
            raise _refuse(n, "the climax area holds a climax (3.11.1): 'Put 1 \"X\" | climax from your climax area …'")
        return Cost(climax_to_waiting=_num(n, ("a", "an", "1", "one"), "a cost from your climax area"),
                    climax_select=select)


# --- s11-wshead: the ability's head, fourth round (the grammar's block "s11 heads") -------------------------------------
class _BuildHead11:
    """s11-wshead: the Transformer's methods for the grammar's block "s11 heads"."""

    def w_opp_of_other_reversed(self, *parts: object) -> tuple[str, str]:
        # "the battle opponent of your other character" (7.2.1.5.1); the watched character's trait or name, if written, as
        # the other watching timings keep it (`abilities._watchers`: 2.5.3, 2.1.2)
        named = [f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")] + [f":{t}" for t in _tokens(parts, "QNAME")]
        return ("when", "other-opp-reversed" + "".join(named))

    def select_part(self, *parts: object) -> Select:
        # "1 character with "X" in its card name": the kind (and trait) written, and a portion of the name (2.1.2.2)
        names = next(p for p in parts if isinstance(p, _Names))
        return evolve(self.select(*(p for p in parts if not isinstance(p, _Names))), name=str(names))  # type: ignore[attr-defined]

    def w_trigger_reveals(self, *parts: object) -> tuple[str, str]:
        # the climax the trigger check reveals, with the icon if one is named (7.3.1.2, 2.11.1; `abilities._trigger_watchers`)
        icon = next((f":[{p[1]}]" for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        return ("when", "trigger-reveals" + icon)

    def w_self_trigger_reveals(self, *parts: object) -> tuple[str, str]:
        return ("when", "self-" + self.w_trigger_reveals(*parts)[1])  # this card's own trigger check (it attacks)

    def not_first_turn(self, *_words: Token) -> str:
        return "not-first-turn"

    def auto_not_first(self, *parts: object) -> tuple:
        # "This ability does not activate if it is the starting player's first turn.": kept as the ability's first
        # condition; `abilities._first_turn_kept` keeps it from activating then (8.7.2), and it holds otherwise
        form = self.auto(*(p for p in parts if p != "not-first-turn"))  # type: ignore[attr-defined]
        return form[:2] + ((Cond("not-first-turn"), *form[2]),) + form[3:]

    def c_in_battle(self) -> Cond:
        return Cond("in-battle")  # this card is the attacking or the defending character of a frontal attack (7.2.1.5.1)

    def w_end_turn(self) -> tuple[str, str]:
        return ("when", "begin:end")  # 6.8.1.1: "at the end of turn" activates as the end phase begins

    def w_end_turn_any(self) -> tuple[str, str]:
        return ("when", "begin-any:end")  # either player's turn (6.1.1), as "At the beginning of the end phase"

    def w_end_turn_opp(self) -> tuple[str, str]:
        return ("when", "begin:opp-end")

    def k_stage_to_waiting_n(self, n: Token, *parts: object) -> Cost:
        # N of your (other) characters from the stage (8.4.2; `abilities._pay` puts each, chosen, into the waiting room)
        select = next(p for p in parts if isinstance(p, Select))
        if select.kind != "character" or select.icon:
            raise _refuse(n, "a cost from your stage puts a character into your waiting room")
        count = _num(n, ("a", "an", "1", "one", "2", "two"), "a cost of characters from your stage")
        return Cost(stage_to_waiting=count, stage_select=select, stage_other="other" in parts)

    def w_other_part_attacks(self, *parts: object) -> tuple[str, str]:
        # the watched character by a portion of its card name (2.1.2.2; `abilities._watched_fits` compares with has_name)
        names = next(p for p in parts if isinstance(p, _Names))
        return ("when", f'other-attacks:"{names}"')

    def w_other_part_placed(self, *parts: object) -> tuple[str, str]:
        names = next(p for p in parts if isinstance(p, _Names))
        return ("when", f'other-placed:"{names}"')

    def c_have_names_in(self, *parts: object, other: bool = False) -> Cond:
        # a card of the name (any of "A" or "B", 2.1.2) in the zone written, on the stage if none (2.3.2.1.2)
        names = next(p for p in parts if isinstance(p, _Names))
        place = next((p for p in parts if isinstance(p, _Place)), None)
        return _count_cond(_What(Select(name=str(names)), other), _Bound(1, True, 0), place)

    def c_have_another_names_in(self, *parts: object) -> Cond:
        return self.c_have_names_in(*parts, other=True)  # "another": other than this card (2.3.2.1.2)

    def c_have_names_all(self, *parts: object, other: bool = False) -> tuple[Cond, ...]:
        # each name of the list (8.3.3: every condition holds), one Cond each as "X" and "Y" are in your memory
        place = next((p for p in parts if isinstance(p, _Place)), None)
        return tuple(_count_cond(_What(Select(name=str(n)), other), _Bound(1, True, 0), place)
                     for n in parts if isinstance(n, _Names))

    def c_have_another_names_all(self, *parts: object) -> tuple[Cond, ...]:
        return self.c_have_names_all(*parts, other=True)

    def w_any_attacks(self) -> tuple[str, str]:
        return ("when", "attacks|other-attacks")  # this card's attack or another of yours (7.2.1.6), either (8.7.2)

    def w_any_opp_reversed(self) -> tuple[str, str]:
        return ("when", "opp-reversed|other-opp-reversed")  # 7.2.1.5.1

    def w_any_reversed(self, *_parts: object) -> tuple[str, str]:
        # in battle (7.2.1.6): this card's own part waits for a reversal in battle only (`abilities._IN_BATTLE` reads it)
        return ("when", "reversed|other-reversed")

    def hw_kind_named(self, *parts: object) -> _What:
        # "characters with "X" in their card names": the kind counted, and a portion of the card name (2.1.2.2)
        names = next(p for p in parts if isinstance(p, _Names))
        what = self.hw_kind(*(p for p in parts if not isinstance(p, _Names)))  # type: ignore[attr-defined]
        return _What(evolve(what.select, name=str(names)), what.other)


class _BuildHead12:
    """# s12 heads: the ability's head, fifth round (issue 13, twelfth session), only what recurs in the real texts."""

    def irw_shot(self, *parts: object) -> str:
        n = next(p for p in parts if isinstance(p, Token))
        _num(n, ("1", "one"), "the shot icon's damage (4.12.2.7)")
        return "shot"

    def irw_choice(self, _words: Token) -> str:
        return "choice"

    def icon_reminder_rule(self, icon: Token, said: str, *_dots: Token) -> Callable[..., Ability]:
        # a trigger icon's reminder (2.12.3) that restates the icon's rule in words that are not a one-shot sentence:
        # read only beside the icon whose rule it states, so that the trigger step performs the action once (4.12.2)
        name = str(icon).strip("[] ").lower()
        if name != said:
            raise _refuse(icon, f"this reminder does not say what the [{name.upper()}] icon does (it says what "
                          f"[{said.upper()}] does, {_ICON_RULES[said]})")

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(icon, f"a trigger icon's reminder text is not 【{category.upper()}】 (2.12.3)")
            return Ability("reminder", name, text=text)
        return make

    def w_end_own_attack(self) -> tuple[str, str, Cond]:
        # "At the end of this card's attack": the timing "at the end of the attack" (7.5.1.4, 7.6.1.5) of an attack whose
        # attacking character is this card (7.2.1.5), as Sunder's (`sunder`): the condition `attacker`
        return ("when", "begin:end-of-attack", Cond("attacker"))

    def w_opp_stat_reversed(self, stat: str, n: Token, *more: str) -> tuple[str, str, Cond]:
        # "When this card's level 2 or higher battle opponent becomes 【REVERSE】": the battle opponent reversed (7.2.1.5.1,
        # 8.7.2) with `c_battle_opp`'s condition on its level or cost
        return ("when", "opp-reversed", self.c_battle_opp(stat, n, *more))  # type: ignore[attr-defined]

    def w_received_canceled(self, *parts: object) -> tuple[str, str]:
        # damage this card's master receives, cancelled (4.10.1.2) or not (4.10.1.3): `abilities._received`
        return ("when", "received-not-canceled" if _tokens(parts, "NOT") else "received-canceled")

    def bp_opp(self) -> str:
        return "opp"

    def bp_all(self) -> str:
        return "all"

    def backup_ban(self, *parts: object) -> tuple:
        # "your opponent / all players cannot play "Backup" from hand": Backup (10.5.1) is not among the counter step's
        # options of the players named while the conditions hold (1.3.4; `attack.counter_options`)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        name = _tokens(parts, "QNAME")[0]
        if str(name).strip('"').lower() != "backup":
            raise _refuse(name, "a player restriction is read for \"Backup\" (10.5.1)")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        who = next(p for p in parts if p in ("opp", "all"))
        return ("self-ban", conds, f"backup:{who}")

    def k_self_to_hand(self) -> Cost:
        return Cost(self_to_zone="hand")  # from the stage to the hand (3.3.1): merged by `_head10_costs`

    def opp_move_may(self, _may: object, n: Token, *parts: object) -> OppTo:
        # "you may choose 1 of your opponent's characters, and return it to their hand": the player says whether (8.6.3)
        moved = self.opp_move(n, *parts)  # type: ignore[attr-defined]
        if not isinstance(moved, OppTo):
            raise _refuse(n, "'you may' before a choice of your opponent's character that is rested or reversed is "
                          "not read yet")
        return evolve(moved, may=True)


# --- s13 heads: the ability's head, sixth round (the grammar's block "s13 heads") ------------------------------------------
# the conditions that look at the ability's own card (where it is, its state, its battle): an event has none of these (it is
# resolved, not on the stage, 8.6.2.4.2), so under an event's text they are refused rather than answered about nothing
_OWN_CARD_CONDS = frozenset(("this-in", "resting", "standing", "attacker", "clock-top", "facing-level", "facing-cost",
                             "facing-higher", "battle-opp-level", "battle-opp-cost", "battle-opp-above-level",
                             "in-battle", "placed-from-hand", "facing-gone"))


def _cond_checked(a: Ability, at: int) -> Ability:
    """s13 heads: an event's text looks at no card of its own (8.6.2.4.2): a condition on "this card" is refused there."""
    if a.category == "effect" and any(c.kind in _OWN_CARD_CONDS or (c.kind == "count" and getattr(c.value, "zone", "")
                                                                    == "markers")
                                      for e in a.effects if isinstance(e, CondThen) for c in e.conds):
        raise _refuse(at, "a condition on this card is read in a character's 【ACT】 ability, not in an event's text")
    return a


class _BuildHead13:
    """# s13 heads: the ability's head, sixth round (issue 13, thirteenth session), only what recurs in the real texts."""

    @v_args(inline=True, meta=True)
    def cond_effects(self, meta: Meta, conds: tuple, *parts: object) -> CondThen:
        # the sentence the condition opens, read as any sentences are (its X joined, "that character", reveals), then
        # governed by the condition as it resolves (8.3.3)
        _, effects, _first = self.sentences(meta, *parts)  # type: ignore[attr-defined]
        for e in effects:
            if isinstance(e, _It | PayThen) or (isinstance(e, SelfTo) and e.zone == "stock"):
                raise _refuse(getattr(e, "at", meta.start_pos), "under a condition inside the text the engine reads "
                              "effects that need nothing named before them ('that character', 'pay the cost' and "
                              "'put this card into your stock' are read outside it)")
        return CondThen(conds, effects)

    def bk_auto(self) -> str:
        return "auto"

    def bk_act(self) -> str:
        return "act"

    def bk_cxcombo(self) -> str:
        return "cxcombo"

    def w_placed_or_by(self, *parts: object) -> tuple[str, str]:
        # played from the hand (8.6.2.4.1), or put on the stage by an effect of the named card's ability of that kind
        # (`abilities._placed_by`): two happenings, either makes it wait (8.7.2)
        kind = next(p for p in parts if p in ("auto", "act", "cxcombo"))
        name = str(_tokens(parts, "QNAME")[0])[1:-1].strip()
        return ("when", f"placed|placed-by:{kind}:{name}")

    def w_opp_act_used(self) -> tuple[str, str]:
        # the opponent plays an 【ACT】 ability (8.6.2; Backup, 10.5.2): `abilities._act_watchers` of the other side
        return ("when", "opp-act-used")

    @v_args(inline=True, meta=True)
    def c_opp_has_one(self, meta: Meta, _a: Token, what: _What, *place: _Place) -> Cond:
        # one or more, as `c_opp_have` reads "1 or more" (the opponent's stage unless their zone is named)
        return self.c_opp_have(_Bound(1, True, meta.start_pos), what, *place)  # type: ignore[attr-defined]

    def hw_level(self, *parts: object) -> _What:
        # "level 3 or higher character": a level bound (2.6; a climax as level 0, `conditions.level_fits`)
        n = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")
        trait = _tokens(parts, "TRAIT")
        kind = next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())
        level = ("<=" if "lower" in parts else ">=") + str(int(n))
        return _What(Select(kind, str(trait[0])[1:-1].strip() if trait else "", level=level), "other" in parts)

    def c_placed_from_hand(self, *_parts: Token) -> Cond:
        # "During the turn that this card is placed on the stage from your hand" (8.6.2.4.1: the character played from the
        # hand is placed; `view._placed_from_hand`)
        return Cond("placed-from-hand")

    @v_args(inline=True, meta=True)
    def cond_form(self, meta: Meta, cond: CondThen, *_dots: Token) -> tuple:
        # "【ACT】 [cost] If your level is 1 or higher, choose …": the cost is paid as the ability is played (8.6.2.3), the
        # condition is looked at as its effect resolves (8.3.3)
        return ("sentences", (cond,), meta.start_pos)

    @v_args(inline=True, meta=True)
    def counter_cond_event(self, meta: Meta, cond: CondThen, *_dots: Token) -> Callable[..., Ability]:
        # "【COUNTER】 If you have 5 or more 《T》 characters, choose 1 …": the counter icon on an event (2.8.2), its text
        # under a condition (8.3.3)
        at = getattr(meta, "start_pos", 0)

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(at, "the counter icon heads an event's text, or a Backup (10.5)")
            return _cond_checked(_one_shots(text, "", "counter", Cost(), ("sentences", (cond,), at), at), at)
        return make


# --- s13b heads: conditions on the top card of a zone (the grammar's block "s13b heads") ------------------------------
# the keyword abilities (10) a card is described by ("a card with "Alarm""), as `Ability.keyword` names them
_TOP_KEYWORDS = frozenset(("alarm", "encore", "backup", "assist", "bond", "brainstorm", "memory", "experience", "change",
                           "shift", "great performance", "resonate", "accelerate"))
# the zones whose top card the engine looks at: open and kept in order (3.8.1 the clock, 3.4.1 the waiting room)
_TOP_ZONES = ("clock", "waiting_room")


class _BuildHead13b:
    """# s13b heads: "if the top card of your clock is a card with "Alarm"" (issue 13, thirteenth session, second round)."""

    @v_args(inline=True, meta=True)
    def c_top_is(self, meta: Meta, *parts: object) -> Cond:
        # the top card of an open zone, described as the conditions describe cards (8.3.3)
        place = next(p for p in parts if isinstance(p, _Place))
        top = next(p for p in parts if isinstance(p, TopIs))
        if place.zone not in _TOP_ZONES:
            raise _refuse(meta.start_pos, "the top card of your clock or your waiting room (open zones kept in order, "
                          "3.8.1, 3.4.1); the deck's and the stock's cards are face down")
        return Cond("top-is", evolve(top, zone=place.zone))

    def tw_what(self, what: _What) -> TopIs:
        if what.other:
            raise _refuse(None, "'another' describes a character on the stage, not a zone's top card")
        return TopIs("", what.select)

    def tw_keyword(self, name: Token) -> TopIs:
        keyword = str(name).split('"')[1].strip().lower()  # CARD_WITH_KEYWORD: 'card with "Alarm"'
        if keyword not in _TOP_KEYWORDS:
            raise _refuse(name, f"a card with a keyword ability (10): {', '.join(sorted(_TOP_KEYWORDS))}")
        return TopIs("", Select(), keyword)


# --- s14 heads: the ability's head, seventh round (the grammar's block "s14 heads") -----------------------------------------
# the conditions an automatic ability's list before its timing may open with (`auto_conds14`; one or more): a turn, Alarm's
# own, Memory's own, this card placed from the hand this turn, this card's battle
_BEFORE_FIRST14 = frozenset(("your-turn", "opp-turn", "clock-top", "placed-from-hand", "in-battle"))


def _conds_flat14(parts: tuple) -> tuple[Cond, ...]:
    """The conditions of a list, one or more per item (`c_card_in` reads "A" and "B" as one each)."""
    return tuple(c for p in parts for c in ((p,) if isinstance(p, Cond) else p))


class _BuildHead14:
    """# s14 heads: conditions wherever they stand, one card counted, timings and costs (issue 13, fourteenth session)."""

    @v_args(inline=True, meta=True)
    def auto_conds14(self, meta: Meta, *parts: object) -> tuple:
        # "If this card is the top card of your clock, and your level is 1 or higher, at the beginning of …": a list of
        # conditions before the timing, looked at with the others as the ability resolves (8.3.3; Alarm, 10.1.1)
        at = next(i for i, p in enumerate(parts) if isinstance(p, tuple) and p[:1] == ("when",))
        lead = [p for p in parts[:at] if not isinstance(p, _Limit)]
        before = _conds_flat14(tuple(lead))
        first = before[0]
        if first.kind not in _BEFORE_FIRST14 and first != Cond("this-in", "memory"):
            raise _refuse(meta.start_pos, "before the timing the engine reads a list of conditions that opens with "
                          "'During your (opponent's) turn,', 'During this card's battle,', 'During the turn that this card "
                          "is placed …', Alarm's 'If this card is the top card of your clock,' or Memory's 'If this card "
                          "is in your memory,'")
        form = self.auto(*(p for p in parts[:at] if isinstance(p, _Limit)), *parts[at:])  # type: ignore[attr-defined]
        if first.kind == "clock-top":  # marked: `_auto` reads it before the timing only as Alarm's own condition (10.1.1)
            before = (Cond("clock-top", "before"),) + before[1:]
        return form[:2] + ((*before, *form[2]),) + form[3:]

    @v_args(inline=True, meta=True)
    def c_have_one14(self, meta: Meta, *parts: object) -> Cond:
        # "If you have a blue card in your level", "if there is a card in your memory": one or more (8.3.3)
        what = next(p for p in parts if isinstance(p, _What))
        place = next(p for p in parts if isinstance(p, _Place))
        return _count_cond(what, _Bound(1, True, meta.start_pos), place)

    @v_args(inline=True, meta=True)
    def c_there_is_one14(self, meta: Meta, words: Token, place: _Place) -> Cond:
        # "if there is a card in your memory", "if there is a blue climax in your waiting room" (IF_THERE_IS_ONE14: the
        # words up to the kind): one or more (8.3.3)
        *_, colour, kind = ("",) + tuple(str(words).lower().split()[3:])
        what = _What(Select(kind, color=colour if colour in ("yellow", "green", "red", "blue") else ""))
        return _count_cond(what, _Bound(1, True, meta.start_pos), place)

    @v_args(inline=True, meta=True)
    def c_zone_has_one14(self, meta: Meta, *parts: object) -> Cond:
        # "if your memory has a card": one or more cards of that description in your zone
        what = next(p for p in parts if isinstance(p, _What))
        place = next(p for p in parts if isinstance(p, _Place))
        return _count_cond(what, _Bound(1, True, meta.start_pos), _Place(place.zone))

    def c_list_have14(self, _you_have: Token, bound: _Bound, what: _What, *place: _Place) -> Cond:
        # "if "X" is in your climax area, you have 2 or more other 《T》 characters, and …": a later condition of a list,
        # written without its own "if" (as `c_have_in`)
        return _count_cond(what, bound, place[0] if place else None)

    @v_args(inline=True, meta=True)
    def c_have_colour14(self, meta: Meta, colours: Token, place: _Place) -> Cond:
        # "If you have a blue card in your level" (one COLOUR_LIST token: "a blue card"): one or more cards of that colour
        m = re.fullmatch(r"an? (yellow|green|red|blue) card", str(colours).strip(), re.IGNORECASE)
        if m is None:
            raise _refuse(colours, "one card of a colour ('a blue card'); a list of colours is read in your level only "
                          "as 'if your level has …'")
        return _count_cond(_What(Select("card", color=m.group(1).lower())), _Bound(1, True, meta.start_pos), place)

    def w_climax_icon14(self, _a: Token, icon: tuple[str, str]) -> tuple[str, str]:
        # "When a climax with [X] in its trigger icon is placed on your climax area": your climax (8.7.2; 2.11.1)
        return self.w_your_climax_icon(icon)  # type: ignore[attr-defined]

    def c_battle_opp_level14(self, n: Token, *more: str) -> Cond:
        # "if the level of this card's battle opponent is level 0 or lower", as "if this card's battle opponent is level 0
        # or lower" (7.2.1.5.1; 2.6)
        return self.c_battle_opp("level", n, *more)  # type: ignore[attr-defined]

    def c_facing_gone14(self, *_words: Token) -> Cond:
        # "there is no character facing this card or the character facing this card is 【REVERSE】" (3.6.5, 4.6.1.3)
        return Cond("facing-gone")

    def w_other_named_placed14(self, names: _Names) -> tuple[str, str]:
        # "When your other "X" is placed on the stage from your hand": the watched character's name, in quotes, as
        # "When another of your "X" attacks" (`_watched_fits`, 2.1.2)
        return ("when", f'other-placed:"{names}"')

    def w_opp_level_up14(self) -> tuple[str, str]:
        # the opponent levels up (9.3; `abilities._SIDE_NOTES`: the other side's abilities wait for it, 8.7.2)
        return ("when", "opp-level-up")

    def w_one_attacks14(self, _one: Token) -> tuple[str, str]:
        return self.w_any_attacks()  # type: ignore[attr-defined]

    def c_level_word14(self, n: Token) -> Cond:
        return Cond("level", _WORD_NUMBERS[str(n).lower()])

    def k_self_stand_memory14(self) -> Cost:
        # this card from the stage into the memory (3.12), which it can only be while it is 【STAND】 (4.6.1.1)
        return Cost(self_to_memory=True, self_stand=True)

    def c_colours14(self, bound: _Bound) -> Cond:
        # the different colours among your characters on the stage (2.4; 2.3.2.1.2), compared (8.3.3)
        return Cond("colours", str(bound))

    def w_placed_or_by_named14(self, *parts: object) -> tuple[str, str]:
        # played from the hand, or put on the stage by an effect of that kind of a card of that name (8.7.2; 2.1.2)
        kind = next(p for p in parts if p in ("auto", "act", "cxcombo"))
        names = next(p for p in parts if isinstance(p, _Names))
        if NAME_OR in names:
            raise _refuse(names.tok, "the effect of one card named")
        return ("when", f"placed|placed-by:{kind}:{names}")

    def w_placed_or_keyword14(self, _or_by: Token, name: Token) -> tuple[str, str]:
        # "… or by a "Change" effect": put on the stage by the effect of any card's Change (10.8.1; `_placed_by`)
        if str(name)[1:-1].strip().lower() != "change":
            raise _refuse(name, "a keyword ability's effect: \"Change\" (10.8)")
        return ("when", "placed|placed-by:change:")

    def c_standing_in14(self, where: str) -> tuple[Cond, ...]:
        return (self.c_standing(), self.c_this_in(where))  # type: ignore[attr-defined]

    def c_that_icon14(self, words: Token) -> Cond:
        # "if that card's trigger icon is 【TREASURE】": the revealed climax's icon (2.11.1), looked at as the ability resolves
        return Cond("revealed-icon", str(words).split()[-1].strip("[] ").lower())

    def k_rest_trait14(self, n: Token, *parts: object) -> Cost:
        # "【REST】 two of your 《T》 characters": standing characters (8.4.2; 4.6.1.2) of the trait written (2.5.3)
        trait = _tokens(parts, "TRAIT")
        return Cost(rest_chars=_num(n, ("1", "2", "3", "one", "two", "three", "a"), "a cost that rests your characters"),
                    rest_select=Select("character", str(trait[0])[1:-1].strip() if trait else ""),
                    rest_other="other" in parts)


_REVEALING14 = frozenset(("trigger-reveals", "self-trigger-reveals"))


def _head14_checked(a: Ability, at: int) -> Ability:
    """s14 heads: "if that card's trigger icon is …" names the climax a trigger check revealed: read only in an automatic
    ability whose timing is that revealing (7.3.1.2), never under a condition inside the text."""
    inner = any(c.kind == "revealed-icon" for e in a.effects if isinstance(e, CondThen) for c in e.conds)
    if inner or (any(c.kind == "revealed-icon" for c in a.conds)
                 and not (a.category == "auto" and a.whens and all(w.partition(":")[0] in _REVEALING14 for w in a.whens))):
        raise _refuse(at, "'if that card's trigger icon is …' follows 'When your character's (this card's) trigger check "
                      "reveals a climax'")
    return a


# "this card cannot attack" (1.3.4; checked as the attack is declared, `attack.declare`)
_BANS["sb_no_attack14"] = _ALIASES["sb_no_attack14"] = "no-attack"
SELF_BANS = frozenset(_BANS.values())


def _rest14(c: Cost, parts: tuple) -> Cost:
    """s14 heads: the characters a rest cost takes, as the part that names them says (one such part). ("this 【STAND】
    card" is merged with the memory cost it belongs to, `_moving_costs`.)"""
    named = [p for p in parts if p.rest_select != Select("character") or p.rest_other]
    if not named:
        return c
    if len(named) > 1 or sum(1 for p in parts if p.rest_chars) > 1:
        raise _refuse(0, "a cost that rests two groups of your characters")
    return evolve(c, rest_select=named[0].rest_select, rest_other=named[0].rest_other)


_ICON_RULES = {"shot": "4.12.2.7", "choice": "its reminder text: the rules 2.03 do not list it"}


def _cost_whole16(c: Cost, parts: tuple, meta: Meta) -> Cost:
    """s16 zone: every part of a cost is in the merged cost (8.4.2: the whole cost is paid): a part whose field the merge
    above left at its default would be a cost part accepted and not paid, so the cost is refused instead."""
    blank = Cost()
    for p in parts:
        for f in fields(Cost):
            if getattr(p, f.name) != getattr(blank, f.name) and getattr(c, f.name) == getattr(blank, f.name):
                raise _refuse(meta.start_pos, f"a cost whose part ({p.text()}) the engine does not combine with the others")
    return c


def _head10_costs(c: Cost, parts: tuple) -> Cost:
    """s10-wshead: the cost parts that move this card or a climax, merged into the cost (one of each)."""
    selves = [p.self_to_zone for p in parts if p.self_to_zone]
    climax = [p for p in parts if p.climax_to_waiting]
    if len(selves) + (1 if c.self_to_waiting or c.self_to_memory else 0) > 1 or len(climax) > 1:
        raise _refuse(0, "a cost that moves this card (or a climax) twice")
    if not selves and not climax:
        return c
    return evolve(c, self_to_zone=selves[0] if selves else "",
                  climax_to_waiting=climax[0].climax_to_waiting if climax else 0,
                  climax_select=climax[0].climax_select if climax else c.climax_select)


# --- s9-wsrealb: the effect body, general (issue 13): which of the opponent's characters, where it goes --------------
_DECK_ENDS = {"de_top": "deck_top", "de_bottom": "deck_bottom"}


def _bound(stat: str, n: Token, direction: str) -> str:
    return ("<=" if direction == "lower" else ">=") + str(int(n))


def _dur_apart(parts: tuple) -> tuple[tuple, tuple]:
    """The words of a gain whose duration is printed first, and its duration token (NEXT_TURN), apart."""
    dur = tuple(p for p in parts if isinstance(p, Token) and p.type == "NEXT_TURN")
    return tuple(p for p in parts if p not in dur), dur


# --- s9-wsbody2: X in the effect body (the grammar's block of the same name) -----------------------------------------
class _XPending:
    """An effect whose X the next sentence defines ("X is equal to …"), where it was written."""

    __slots__ = ("effect", "at")

    def __init__(self, effect: Salvage | Damage | LookTake, at: int):
        self.effect, self.at = effect, at


class _XDef:
    """"X is equal to …", where it was written: joined to the X before it (`_x_defined`)."""

    def __init__(self, count: XCount, at: int):
        self.count, self.at = count, at


class _RevealX:
    """"reveal the top card of your deck, <effects>" whose X the next sentence counts on the revealed card."""

    def __init__(self, effects: tuple, at: int):
        self.effects, self.at = effects, at


def _x_fill(effect: Salvage | Damage | LookTake, count: XCount) -> Salvage | Damage | LookTake:
    return evolve(effect, x=count)


def _x_join(effects: list, d: _XDef) -> bool:
    """Fill the last pending X in `effects` with `d`; an X over "those cards" joins the mill just before it."""
    for j in range(len(effects) - 1, -1, -1):
        e = effects[j]
        if not isinstance(e, _XPending):
            continue
        filled = _x_fill(e.effect, d.count)
        if not d.count.zone.startswith("among"):
            effects[j] = filled
            return True
        if d.count.zone == "among-revealed":  # joined by `_x_defined` inside "reveal the top card of your deck, …"
            return False
        found = _milled_of(effects[j - 1]) if j else None
        if found is None or found[0].cond is not None:
            raise _refuse(d.at, "X counted over 'those cards' follows 'put the top N cards of your deck into your "
                          "waiting room, …' in the same sentence")
        milled, put_back = found
        if d.count.zone == "among-that" and milled.top.n != 1:
            raise _refuse(d.at, "'that card' is the one card put just before: 'put the top card of your deck into your "
                          "waiting room'")
        effects[j - 1] = put_back(evolve(milled, then=milled.then + (filled,)))
        del effects[j]
        return True
    return False


def _x_defined(parts: tuple) -> tuple:
    """Each "X is equal to …" joined to the X written in the sentence before it; an X left undefined is refused."""
    out: list = []
    for p in parts:
        if not isinstance(p, _XDef):
            out.append(p)
            continue
        k = next((i for i in range(len(out) - 1, -1, -1) if not isinstance(out[i], Token | _Reminder | _LevelNote)), None)
        prev = out[k] if k is not None else None
        if isinstance(prev, RevealTop) and (done := _revealed_x15(prev, p)) is not None:  # s15 body
            out[k] = done  # type: ignore[index]
            continue
        if isinstance(prev, _RevealX) and p.count.zone == "among-revealed":
            inner = [_x_fill(e.effect, p.count) if isinstance(e, _XPending) else e for e in prev.effects]
            if inner != list(prev.effects):
                out[k] = RevealTop(Select(), tuple(inner))  # type: ignore[index]
                continue
        elif isinstance(prev, _IfDo):
            inner = list(prev.effects)
            if _x_join(inner, p):
                out[k] = _IfDo(tuple(inner), prev.at)  # type: ignore[index]
                continue
        elif _x_join(out, p):
            continue
        raise _refuse(p.at, "'X is equal to …' follows a sentence with 'level X or lower' or 'deal X damage'")
    for p in out:
        if isinstance(p, _RevealX):
            raise _refuse(p.at, "'reveal the top card of your deck, …' is read where an X is 'the level of the revealed "
                          "card'")
        for e in p.effects if isinstance(p, _IfDo) else (p,):
            if isinstance(e, _XPending):
                raise _refuse(e.at, "X is defined by the next sentence: 'X is equal to …'")
    return tuple(out)


def _level_parts(parts: tuple) -> tuple:
    """The parts with a lone level gain (`level_only`) spread as a level gain and a gain of no power or soul."""
    out: list = []
    for p in parts:
        out.extend(p if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], _Levels) else (p,))
    return tuple(out)


class _BuildHeadZone14b:
    """s14b-wshz: the ability's head and the zones off the stage, s14b round (grammar: the "s14b headzone" block)."""

    def per_turn_once14b(self, *words: Token) -> _Limit:
        # "This ability activates up to once per turn.": the limit one, as "up to one time per turn" (`per_turn`)
        return _Limit(1, (words[0].start_pos or 0) if words else 0)

    def play_ban_then14b(self, conds: tuple, *parts: object) -> tuple:
        # an event's restriction on being played, then its effect: the conditions are the restriction's (2.12.2, 8.3.3)
        sentences = next(p for p in parts if isinstance(p, tuple) and p[:1] == ("sentences",))
        return ("play-ban-then", conds, sentences)

    @v_args(inline=True, meta=True)
    def counter_ban14b(self, meta: Meta, form: tuple) -> Callable[..., Ability]:
        # the counter icon (2.8.2) on such an event: its card gets the icon (`Ability.keyword` "counter", dialect.py)
        at = getattr(meta, "start_pos", 0)

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(at, "the counter icon heads an event's text, or a Backup (10.5)")
            return _play_ban_then14b(text, "", "counter", Cost(), form, at)
        return make


# s14b-wshz: "This card cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's characters" (1.3.4, 8.1.1.2; checked as
# an effect reverses it, `abilities._reverse`; a reversal in battle is no effect)
_BANS["sb_no_reverse_opp_auto14b"] = _ALIASES["sb_no_reverse_opp_auto14b"] = "no-reverse-opp-auto"
SELF_BANS = frozenset(_BANS.values())


class _BuildXBody:
    """s9-wsbody2's Transformer methods (mixed into `_Build` with `_BuildBody`)."""

    @v_args(inline=True, meta=True)
    def salvage_level_x(self, meta: Meta, *parts: object) -> _XPending:
        return _XPending(evolve(_Build.salvage(self, *parts), level="<=X"), meta.start_pos)  # type: ignore[arg-type]

    @v_args(inline=True, meta=True)
    def damage_x(self, meta: Meta) -> _XPending:
        return _XPending(Damage(0), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_total_level(self, meta: Meta) -> _XDef:
        return _XDef(XCount("among-level"), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_icons(self, meta: Meta, icon: Token) -> _XDef:
        return _XDef(XCount("among-icon", Select("card", icon=str(icon).strip("[] ").lower())), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_that_level(self, meta: Meta, *plus: Token) -> _XDef:
        return _XDef(XCount("among-that", plus=int(plus[0]) if plus else 0), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_revealed_level(self, meta: Meta, *plus: Token) -> _XDef:
        return _XDef(XCount("among-revealed", plus=int(plus[0]) if plus else 0), meta.start_pos)

    @v_args(inline=True, meta=True)
    def reveal_top_x(self, meta: Meta, *parts: object) -> _RevealX:
        return _RevealX(tuple(p for p in parts if not isinstance(p, Token | str)), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_named(self, meta: Meta, names: _Names, zone: str) -> _XDef:
        if zone not in ("waiting_room", "clock", "memory"):  # s16 zone: also the memory (3.12.2.1, 3.12.2.2: your own)
            raise _refuse(names.tok, "'X is equal to the number of \"X\" in your waiting room / clock / memory'")
        return _XDef(XCount(zone, Select(name=str(names))), meta.start_pos)

    def salvage_many_stock(self, up_to: _Word, n: Token, *parts: object) -> Salvage:
        return evolve(_Build.salvage_many(self, up_to, n, *parts), to="stock")  # type: ignore[arg-type]

    def may_self_to_memory(self, _may: str) -> SelfTo:
        return SelfTo("memory", may=True)

    # a level gain alone: the pump of the same subject with "+N level and" and no power or soul
    def level_only(self, n: Token) -> tuple:
        return (_Levels(int(n)), (0, 0))

    def pump_level(self, *parts: object) -> Pump:
        return _Build.pump(self, *_level_parts(parts))  # type: ignore[arg-type]

    def pump_level_choose(self, *parts: object) -> Pump:
        return _Build.pump_choose(self, *_level_parts(parts))  # type: ignore[arg-type]

    def pump_level_opp(self, *parts: object) -> Pump:
        return _Build.pump_opp(self, *_level_parts(parts))  # type: ignore[arg-type]

    @v_args(inline=True, meta=True)
    def level_damage_note(self, meta: Meta, n: Token, _stop: Token) -> _Reminder:
        if int(n) != 0:  # the engine counts a climax as level 0, as the cards print it
            raise _refuse(n, "a climax is regarded as level 0")
        return _Reminder(meta.start_pos)


class _BuildBody:
    """s9-wsrealb's Transformer methods (mixed into `_Build`): the opponent's characters within a bound (2.6, 2.7), the
    character facing this card (3.6.5), the opponent's zones a character goes to (3.2, 3.10, 3.12)."""

    def card_bound(self, stat: str, n: Token, direction: str) -> Select:
        bound = _bound(stat, n, direction)
        return Select("character", level=bound) if stat == "level" else Select("character", cost=bound)

    def select_cost(self, n: Token, direction: str, *parts: object) -> Select:
        return evolve(_Build.select(self, *parts), cost=_bound("cost", n, direction))  # type: ignore[arg-type]

    def opp_move_bound(self, *parts: object) -> OppTo | Rest | Reverse:
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        _num(n, ("1", "one", "a") if not up_to else ("1", "one"), "choose … of your opponent's characters")
        bound = _opt(parts, Select)
        if parts[-1] in ("rest", "reverse"):
            if up_to:
                raise _refuse(n, "'choose up to 1 of your opponent's characters' is read before a move to a zone")
            return Rest("choose-opp", select=bound) if parts[-1] == "rest" else Reverse("choose-opp", select=bound)
        return OppTo(str(parts[-1]), at_most=up_to, select=bound)

    def hand_to_zone(self, *parts: object) -> HandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        to = str(parts[-1]) if parts[-1] in ("stock", "clock", "memory") else "waiting_room"
        return HandTo(_num(n, ("1", "one", "a"), "choose … in your hand"), Select(kind), dest=to, may="may" in parts)

    def sd_stage(self, place: str, *rest: object) -> str:
        return place + (":rest" if rest else "")

    def sp_any(self) -> str:
        return "stage"

    def sp_open(self, _an: Token) -> str:
        return "stage_open"

    def as_rest(self) -> str:
        return "rest"

    def salvage_level(self, *parts: object) -> Salvage:
        i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER"
                 and k + 1 < len(parts) and parts[k + 1] in ("lower", "higher"))
        bound = _bound("level", parts[i], str(parts[i + 1]))  # type: ignore[arg-type]
        return evolve(_Build.salvage(self, *parts[:i], *parts[i + 2:]), level=bound)  # type: ignore[arg-type]

    # durations printed first (8.2.1.2): the same gains, the duration token moved where the gains read it
    def grant_dur_first(self, *parts: object) -> Grant:
        rest, dur = _dur_apart(parts)
        return _Build.grant(self, rest[0], rest[1], *rest[2:], *dur)  # type: ignore[arg-type]

    def grant_choose_dur_first(self, n: Token, *parts: object) -> Grant:
        return _Build.grant_choose(self, n, *parts)  # type: ignore[arg-type]

    def pump_dur_first(self, *parts: object) -> Pump:
        rest, dur = _dur_apart(parts)
        return _Build.pump(self, rest[0], rest[1], *rest[2:], *dur)  # type: ignore[arg-type]

    def pump_all_opp(self, _get: str, *parts: object) -> Pump:
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("all-opp", gain[0], gain[1], until=until, levels=_levels(parts))

    def pump_choose_named(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose")
        names = next(p for p in parts if isinstance(p, _Names))
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("choose-own", gain[0], gain[1], other="other" in parts, until=until, levels=_levels(parts),
                    select=Select("character", name=str(names)))

    def level_above(self) -> Select:
        return Select("character", level=ABOVE_OPP_LEVEL)

    def opp_move_many(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        many = _num(n, ("1", "2", "3", "one", "two", "three"), "choose up to … of your opponent's characters")
        return OppTo(str(parts[-1]), n=many, at_most=True)

    def them_zone(self, zone: str) -> str:
        return str(zone)

    def opp_dest_them(self, zone: str) -> str:
        return str(zone)

    def od_reverse(self, _it: str) -> str:
        return "reverse"

    @v_args(inline=True, meta=True)
    def reverse_battle_opp(self, meta: Meta, *parts: object) -> Reverse | _It:
        eff = Reverse("battle-opp", "may" in parts)
        # "that character" names the battle opponent only after the trigger or condition that names it (`auto`)
        return _It(eff, getattr(meta, "start_pos", 0), "that character") if "that character" in parts else eff

    def reverse_facing(self, *parts: object) -> Reverse:
        return Reverse("facing", "may" in parts)

    def pump_opp_bound(self, n: Token, bound: Select, *parts: object) -> Pump:
        return evolve(_Build.pump_opp(self, n, *parts), select=bound)  # type: ignore[arg-type]

    def od_into(self, _it: str, zone: str) -> str:
        return str(zone)

    def od_deck(self, _it: str, end: str) -> str:
        return str(end)

    def od_memory(self, _it: str) -> str:
        return "memory"

    def de_top(self) -> str:
        return "deck_top"

    def de_bottom(self) -> str:
        return "deck_bottom"

    def facing_to(self, *parts: object) -> OppTo:
        return OppTo(str(parts[-1]), facing=True, may="may" in parts)

    def facing_to_hand(self, *parts: object) -> OppTo:
        return OppTo("hand", facing=True, may="may" in parts)

    def facing_to_memory(self, *parts: object) -> OppTo:
        return OppTo("memory", facing=True, may="may" in parts)

    def fd_zone(self, zone: str) -> str:
        return str(zone)

    def fd_deck(self, end: str) -> str:
        return str(end)

    def facing_rest(self) -> Rest:
        return Rest("facing")

    def pump_facing(self, _get: str, *parts: object) -> Pump:
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("facing", gain[0], gain[1], until=until, levels=_levels(parts))


# --- s10 bodies: your own characters by a general selection, markers (the grammar's block of the same name) -----------
_OWN_NUMBERS = ("1", "2", "3", "one", "two", "three", "a")


def _own_select(parts: tuple) -> Select:
    """The selection of your own characters: a bound (`card_bound`), a trait, a portion of the card name."""
    bound = _opt(parts, Select) or Select("character")
    trait = _tokens(parts, "TRAIT")
    names = next((p for p in parts if isinstance(p, _Names)), None)
    return evolve(bound, kind="character", trait=str(trait[0])[1:-1].strip() if trait else "",
                  name=str(names) if names is not None else "")


def _own_count(parts: tuple) -> tuple[int, bool]:
    n = _tokens(parts, *_NUMBERS)[0]
    up_to = "up to" in parts
    many = _num(n, _OWN_NUMBERS if up_to else ("1", "one", "a"), "choose … of your characters")
    return many, up_to


class _BuildBody10:
    """s10 bodies' Transformer methods (mixed into `_Build`): `OwnPick`, and the marker destination (`face`)."""

    def own_pick(self, *parts: object) -> OwnPick:
        n, up_to = _own_count(parts)
        orient = next((str(p)[7:] for p in parts if isinstance(p, str) and p.startswith("orient:")), "")
        return OwnPick(str(parts[-1]), n, up_to, _own_select(parts), "other" in parts, orient, may="may" in parts)

    def own_pick_gain(self, *parts: object) -> OwnPick:
        n, up_to = _own_count(parts)
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return OwnPick("gain", n, up_to, _own_select(parts), "other" in parts,
                       gain=Pump("chosen", gain[0], gain[1], until=until, levels=_levels(parts)))

    def own_pick_grant(self, *parts: object) -> OwnPick:
        n, up_to = _own_count(parts)
        return OwnPick("grant", n, up_to, _own_select(parts), "other" in parts, may="may" in parts,
                       grant=_grant("chosen", parts))

    def st_stand(self) -> str:
        return "orient:stand"

    def st_rest(self) -> str:
        return "orient:rest"

    def st_reverse(self) -> str:
        return "orient:reverse"

    def oa_into(self, _them: object, zone: str) -> str:
        return str(zone)

    def oa_hand(self, _them: object) -> str:
        return "hand"

    def oa_stand(self, _them: object) -> str:
        return "stand"

    def own_them(self, *_words: Token) -> str:
        return "them"

    def own_those(self, *_words: object) -> str:
        return "them"

    def face_up(self) -> str:
        return "marker:up"

    def face_down(self) -> str:
        return "marker:down"

    def marker_place(self, face: str) -> str:
        return face

    def opp_move_area(self, *parts: object, stat: str = "") -> OppTo:
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        _num(n, ("1", "one", "a") if not up_to else ("1", "one"), "choose … in your opponent's center/back stage")
        if next(p for p in parts if p in ("character", "card", "climax")) != "character":
            raise _refuse(n, "a character is chosen on the stage")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose 1 character in your opponent's center stage' is read before a move to a zone")
        bound = None
        if stat:
            i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER" and p is not n)
            bound = Select("character", **{stat: _bound(stat, parts[i], str(parts[i + 1]))})  # type: ignore[arg-type]
        return OppTo(str(parts[-1]), at_most=up_to, select=bound, may="may" in parts,
                     area=next(str(p) for p in parts if p in ("center", "back")))

    def opp_move_area_level(self, *parts: object) -> OppTo | Rest | Reverse:
        return self.opp_move_area(*parts, stat="level")

    def opp_move_area_cost(self, *parts: object) -> OppTo | Rest | Reverse:
        return self.opp_move_area(*parts, stat="cost")

    def look_to_stock(self, *_parts: object) -> str:
        return "stock"

    def pump_choose_other_x(self, n: Token, *parts: object) -> Pump:
        return evolve(_Build.pump_choose_x(self, n, *parts), other=True)  # type: ignore[arg-type]

    @v_args(inline=True, meta=True)
    def revealed_marker(self, meta: Meta, *parts: object) -> _It:
        face = str(parts[-1]).partition(":")[2]
        return _It(RevealedTo("marker", face=face, may="may" in parts), getattr(meta, "start_pos", 0))


# --- s11 bodies: selections by a portion of the card name (the grammar's block of the same name) ---------------------
def _previous_checked(a: Ability, at: int) -> Ability:
    """"return this card to its previous stage position" names the position the card left: read in an ability that
    waits for this card to be put into the waiting room from the stage (8.7.4.1.2), refused by name elsewhere."""
    if a.whens != ("to-waiting",) and any(isinstance(e, ReturnPrevious) for e in _effects_of(a)):
        raise _refuse(at, "'return this card to its previous stage position' is read in an ability whose timing is 'When "
                      "this card is put into your waiting room from the stage'")
    return a


_MANY_KINDS = {"characters": "character", "cards": "card", "climaxes": "climax"}


def _without_names(parts: tuple) -> tuple[tuple, str]:
    """The parts without the name portion (`name_part`), and that portion's name spec (2.1.2.2)."""
    names = next(p for p in parts if isinstance(p, _Names))
    return tuple(p for p in parts if p is not names), str(names)


class _BuildBody11:
    """s11 bodies' Transformer methods (mixed into `_Build`)."""

    def salvage_name_part(self, *parts: object) -> Salvage:
        rest, names = _without_names(parts)
        return evolve(_Build.salvage(self, *rest), name=names)  # type: ignore[arg-type]

    def opp_top_to(self, *parts: object) -> OppTopTo:
        n = next((p for p in parts if isinstance(p, Token)), None)
        count = _count17(n, "the top … cards") if n else 1  # s17 zone: any number of cards (3.2.3: one at a time)
        if (count == 1) != (parts[-2] == "card"):
            raise _refuse(n if n is not None else parts[-2], "'the top card' is one card, 'the top N cards' N")
        return OppTopTo(str(parts[-1]), count)

    def return_previous(self, *parts: object) -> ReturnPrevious:
        return ReturnPrevious("may" in parts)

    @v_args(inline=True, meta=True)
    def damage_x_times(self, meta: Meta, n: Token) -> _XPending:
        return _XPending(Damage(_num(n, ("1", "2"), "deal … damage to your opponent X times"), x_times=True),
                         meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_among_kind(self, meta: Meta, *parts: object) -> _XDef:
        return _XDef(XCount("among-kind", _x_select(parts)), meta.start_pos)

    def x_that_soul(self, times: Token) -> _X:
        return _X(XCount("that-soul"), _times(times))

    @v_args(inline=True, meta=True)
    def for_each_named(self, meta: Meta, names: _Names) -> _Per:
        return _Per(f"others:{PER_NAMED}{names}", meta.start_pos)  # `view._times` reads the name spec after the mark

    def search_then(self, n: Token, select: Select, *parts: object) -> Search:
        then = tuple(p.effect if isinstance(p, _It) else p for p in parts if hasattr(p, "__slots__")
                     and not isinstance(p, Token | Select | str))
        return evolve(_Build.search(self, n, select), before_shuffle=then)  # type: ignore[arg-type]

    def many_to_deck(self, *parts: object) -> Salvage:
        n = next(p for p in parts if isinstance(p, Token) and p.type in (*_NUMBERS, "N_FOUR"))
        many = _num(n, ("2", "3", "4", "two", "three", "four"), "choose up to … cards in your waiting room")
        where = next(str(p) for p in parts if isinstance(p, _Word) and str(p).startswith("from:"))
        if where != "from:waiting_room":
            raise _refuse(n, "'return them to your deck' reads cards chosen in your waiting room")
        trait = _tokens(parts, "TRAIT")
        kind = next(str(p).lower() for p in parts if isinstance(p, Token) and str(p).lower() in _MANY_KINDS)
        return Salvage(None, _MANY_KINDS[kind], True, str(trait[0])[1:-1].strip() if trait else "", to="deck_shuffle",
                       many=many)

    def stand_self(self, *parts: object) -> StandSelf:
        return StandSelf("may" in parts)

    def look_take_rest(self, look: tuple, *parts: object) -> LookTake | _XPending:
        where = next(str(p) for p in parts if p in ("rest:deck_top", "rest:deck_bottom"))
        kept = tuple(p for p in parts if p not in ("rest:deck_top", "rest:deck_bottom"))
        made = _Build.look_take(self, look, *kept)  # type: ignore[arg-type]
        if isinstance(made, _XPending):  # s12 bodies: "look at up to X cards"
            return _XPending(evolve(made.effect, rest_to=where[5:]), made.at)
        return evolve(made, rest_to=where[5:])

    def rb_top(self) -> str:
        return "rest:deck_top"

    def rb_bottom(self) -> str:
        return "rest:deck_bottom"

    def hand_put(self, *parts: object) -> HandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        select = _opt(parts, Select) or Select()
        to = str(parts[-1]) if parts[-1] in ("stock", "clock", "memory") else "waiting_room"
        return HandTo(_num(n, ("1", "one", "a"), "put … from your hand"), select, dest=to, may="may" in parts)

    @v_args(inline=True, meta=True)
    def mill_that_if(self, meta: Meta, *parts: object) -> _AmongIf:
        select = _opt(parts, Select)
        assert select is not None
        # s17 body: "put it / that character into your hand | on … your stage": the one card the mill put into the waiting
        # room (`abilities._milled_to17`); a marker or the waiting room itself is not a place it goes from there
        for p in parts:
            if isinstance(p, _It) and not (isinstance(p.effect, RevealedTo) and p.effect.zone.startswith(_MILLED_TO17)):
                raise _refuse(p.at, "'put it (that character) …' after a card put into your waiting room goes into your "
                              "hand or stock, or on your stage")
        parts = tuple(p.effect if isinstance(p, _It) else p for p in parts)
        effects = _memory_back_joined(tuple(p.pump if isinstance(p, _Among) else p for p in parts
                                            if not isinstance(p, Token | str | Select)))  # s17 body: "that character gets"
        return _AmongIf(select, effects, meta.start_pos, one=True)

    def opp_hand_to(self, *parts: object) -> OppHandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        words = [str(p).lower() for p in parts]
        dest = str(parts[-1]) if parts[-1] in ("stock", "clock", "memory") else "waiting_room"
        return OppHandTo(_num(n, ("1", "one", "a"), "your opponent chooses … in their hand"),
                         Select("character" if "character" in words else "card"), dest)

    def oa_move(self, _them: object, _an: Token, area: _Word) -> str:
        return f"move:{area}"

    def oa_rest(self, _them: object) -> str:
        return "rest"

    def salvage_many_part(self, _up_to: _Word, n: Token, *parts: object) -> Salvage:
        rest, names = _without_names(parts)
        return evolve(_Build.salvage_many(self, _up_to, n, *rest), name=names)  # type: ignore[arg-type]


# --- s12 bodies: the effect body, fifth round (the grammar's block "s12 bodies") ------------------------------------------
class _BuildBody12:
    """The Transformer methods of the grammar's block "s12 bodies" (a mixin of `_Build`)."""

    def damage_may(self, _may: str, n: Token) -> Damage:
        return Damage(int(n), may=True)

    def damage_same(self, *parts: object) -> Damage:
        return Damage(0, may="may" in parts, same=True)

    @v_args(inline=True, meta=True)
    def cont_facing(self, meta: Meta, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("cont", conds, _word(meta, "facing"), gain)

    def x_opp_has(self, *parts: object) -> _X:
        trait = _tokens(parts, "TRAIT")
        sel = Select("character", str(trait[0])[1:-1].strip() if trait else "")
        return _X(XCount("stage", sel, "opponent"), _times(_tokens(parts, "TIMES")[0]))

    @v_args(inline=True, meta=True)
    def look_up_to_x(self, meta: Meta, _cards: str) -> tuple[str, int, bool, int]:
        return ("look", 0, True, meta.start_pos)  # the 4th item: where the X was written (`look_take` makes it pending)

    @v_args(inline=True, meta=True)
    def xd_have(self, meta: Meta, *trait: Token) -> _XDef:
        return _XDef(XCount("stage", Select("character", str(trait[0])[1:-1].strip() if trait else "")), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_opp_has(self, meta: Meta, *trait: Token) -> _XDef:
        return _XDef(XCount("stage", Select("character", str(trait[0])[1:-1].strip() if trait else ""), "opponent"),
                     meta.start_pos)

    def cont_grant_kw(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        ability, at = _read_granted(_tokens(parts, "GRANTED_KW")[0])
        _granted_auto_checked(ability, at, "a continuously granted", GRANTED_WHEN + GRANTED_LEAVING)
        return ("cont-grant", conds, who, _grant_stats(parts), ability)

    @v_args(inline=True, meta=True)
    def among_if_level(self, meta: Meta, *parts: object) -> _AmongIf:
        i, n = next((k, p) for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER")
        made = _Build.among_if(self, meta, *parts[:i], *parts[i + 2:])
        return _AmongIf(evolve(made.select, level=_bound("level", n, str(parts[i + 1]))),
                        made.effects, made.at)

    def salvage_own_level(self, *parts: object) -> Salvage:
        return evolve(_Build.salvage(self, *parts), level=AT_MOST_OWN_LEVEL)  # type: ignore[arg-type]

    def that_to_hand(self, *parts: object) -> ThatTo:
        return ThatTo("hand", "may" in parts)

    def that_to_previous(self, *parts: object) -> ThatTo:
        return ThatTo("previous", "may" in parts)

    def trigger_checks(self, _during: Token, n: Token) -> TriggerChecks:
        return TriggerChecks(_WORD_NUMBERS[str(n).lower()] if str(n).lower() in _WORD_NUMBERS else int(n))


# --- s13 bodies: the effect body, sixth round (the grammar's block "s13 bodies") -----------------------------------------
def _sel13(parts: tuple) -> Select:
    """One alternative of a selection: a kind (2.3.2: "card" any, "event", "character", "climax"), its colour (2.4), trait
    (2.5.3) and trigger icon (2.11)."""
    kind = next((str(p) for p in parts if p in ("card", "character", "climax", "event")), "card")
    color = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")
    trait = _tokens(parts, "TRAIT")
    icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
    return Select(kind, str(trait[0])[1:-1].strip() if trait else "", color=color, icon=icon)


class _IfHand13:
    """"If you put 1 card into your hand, …", joined to the look before it (`_if_hand`)."""

    def __init__(self, effects: tuple, at: int):
        self.effects, self.at = effects, at


def _if_hand(effects: tuple) -> tuple:
    """Join each "If you put 1 card into your hand, …" to the look that may put one card into the hand just before it."""
    out: list = []
    for e in effects:
        if not isinstance(e, _IfHand13):
            out.append(e)
            continue
        last = out[-1] if out else None
        if not (isinstance(last, LookTake) and last.take == 1 and last.to == "hand"):
            raise _refuse(e.at, "'If you put 1 card into your hand,' follows 'look at …, choose up to 1 … from among them, "
                          "put it into your hand'")
        out[-1] = IfToHand(last, e.effects)
    return tuple(out)


class _BuildBody13:
    """The Transformer methods of the grammar's block "s13 bodies" (a mixin of `_Build`)."""

    def sel_event(self, *_parts: object) -> str:
        return "event"

    def select_one13(self, *parts: object) -> Select:
        return _sel13(parts)

    def sel_alt13(self, *parts: object) -> Select:
        return _sel13(parts)

    def sel_named13(self, *parts: object) -> Select:
        return Select(name=str(next(p for p in parts if isinstance(p, _Names))))

    def select_any13(self, *alts: Select) -> Select:
        return Select(alts=tuple(a for a in alts if isinstance(a, Select)))

    def select_shared13(self, first: _Word, *parts: object) -> Select:
        # "green or 《Esper》 character": the kind written once for both alternatives (2.4 colour, 2.5.3 trait)
        second = _sel13(parts)
        return Select(alts=(Select(second.kind, color=str(first)[4:]), second))

    def pick_shared13(self, first: _Word, *parts: object) -> Select:
        return self.select_shared13(first, *parts)

    def pick_one13(self, *parts: object) -> Select:
        return _sel13(parts)

    def pick_any13(self, *alts: Select) -> Select:
        return Select(alts=tuple(a for a in alts if isinstance(a, Select)))

    def salvage_pick13(self, *parts: object) -> Salvage:
        sel = next(p for p in parts if isinstance(p, Select))
        made = _Build.salvage(self, *(p for p in parts if not isinstance(p, Select)))  # type: ignore[arg-type]
        return evolve(made, kind=sel.kind if not sel.alts else "card", select=sel)

    def bond_reminder13(self, _stop: Token, n: Token, name: Token, *dots: Token) -> tuple[Token, Token]:
        _one_dot(dots[0] if dots else None)
        return (n, name)

    def opp_shift13(self, *parts: object) -> OppShift:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … and move it")
        kind = next((str(p) for p in parts if isinstance(p, str) and p in ("character", "card", "climax")), "character")
        if kind != "character":
            raise _refuse(n, "a character is chosen on the stage")
        areas = [str(p) for p in parts if p in ("center", "back")]
        return OppShift(areas[-1], areas[0] if len(areas) > 1 else "", "may" in parts)

    def x_that_soul_n13(self, n: Token) -> _X:
        return _X(XCount("that-soul"), int(n))

    def search_stage_many13(self, n: Token, select: Select, *_parts: object) -> Search:
        return Search(_num(n, ("2", "3", "two", "three"), "search your deck for up to … , put them on separate positions"),
                      select, to="stage")

    def heal_up_to13(self, n: Token, *_cards: object) -> Heal:
        # s17 zone: up to any number of cards (3.8.2: the clock's top cards, one at a time)
        return Heal(may=True, at_most=True, heal_n=_count17(n, "put up to … card(s) from the top of your clock"))

    def move_self_middle13(self, *parts: object) -> MoveSelf:
        return MoveSelf("center", "may" in parts, pos="CM")

    def damage_word13(self, *parts: object) -> Damage:
        n = next(p for p in parts if isinstance(p, Token) and p.type in ("N_ONE", "N_TWO", "N_THREE"))
        return Damage(_num(n, ("one", "two", "three"), "deal … damage"), may="may" in parts)

    def exchange_pick13(self, *parts: object) -> ExchangeNamed:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … and this card, and exchange them")
        name, trait = _tokens(parts, "QNAME"), _tokens(parts, "TRAIT")
        sel = None if name else Select("character", str(trait[0])[1:-1].strip() if trait else "")
        return ExchangeNamed(str(name[0])[1:-1] if name else "", "may" in parts, "as-stand" in parts, select=sel)

    @v_args(inline=True, meta=True)
    def if_put_hand13(self, meta: Meta, _if: Token, *parts: object) -> _IfHand13:
        return _IfHand13(tuple(p.effect if isinstance(p, _It) else p for p in parts if not isinstance(p, Token | str)),
                         meta.start_pos)

    def opp_move_bound_trait13(self, *parts: object) -> OppTo | Rest | Reverse:
        trait = _tokens(parts, "TRAIT")[0]
        made = _Build.opp_move_bound(self, *(p for p in parts if p is not trait))  # type: ignore[arg-type]
        assert made.select is not None
        return evolve(made, select=evolve(made.select, trait=str(trait)[1:-1].strip()))

    def change_name13(self, name: Token) -> Token:
        return name

    def select_named13(self, names: _Names) -> Select:
        return Select(name=str(names))

    def search_stage13(self, n: Token, select: Select, *parts: object) -> Search:
        many = _num(n, ("1", "one"), "search your deck for up to … , put it on your stage")
        if _tokens(parts, "OWN_LEVEL13"):  # within the player's level, counted as it resolves (3.9.1)
            if select.level or select.alts:
                raise _refuse(_tokens(parts, "OWN_LEVEL13")[0], "one level bound, on a selection of one kind")
            select = evolve(select, level=AT_MOST_OWN_LEVEL)
        # s16 body: "stage@back", "stage_open@center", "stage@CL" (`stage_place`: one area or one position, 3.6.3)
        to = next(str(p) for p in parts if isinstance(p, str) and str(p).partition("@")[0] in ("stage", "stage_open"))
        return Search(many, select, to=to, rest="rest" in parts)



def _effects_of(a: Ability) -> Iterator[object]:
    """The effects `a` itself does, at any depth inside other effects (`IfDone`, …), not those of an ability it gives."""
    todo: list[object] = list(a.effects)
    while todo:
        x = todo.pop()
        if isinstance(x, Ability):
            continue
        if isinstance(x, tuple):
            todo.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            yield x
            todo.extend(getattr(x, f) for f in x.__dataclass_fields__)


# s12 bodies: the timings that watch another character where "that character" is read, by where it is then
_THAT_WHENS = {"hand": ("other-frontal-attacked", "other-attacks", "other-placed"), "previous": ("other-to-waiting",)}


def _attack_checked(a: Ability, at: int) -> Ability:
    """s12 bodies: "during that attack, perform a trigger check 2 times" names the attack of "When this card attacks";
    "return that character …" the character a timing of another character watched: each read in such an ability
    (printed or given), refused by name elsewhere."""
    for b in abilities_within(a):
        if not (b.category == "auto" and b.whens == ("attacks",)) \
                and any(isinstance(e, TriggerChecks) for e in _effects_of(b)):
            raise _refuse(at, "'during that attack, perform a trigger check N times' is read in an ability whose timing "
                          "is 'When this card attacks'")
        if any(isinstance(e, Damage) and e.same for e in _effects_of(b)) \
                and not (b.category == "auto" and b.whens == ("damage-canceled",)):
            raise _refuse(at, "'deal the same damage' is read in an ability whose timing is 'When damage dealt by this "
                          "card is canceled'")
        for e in _effects_of(b):
            if isinstance(e, ThatTo) and not (b.category == "auto" and len(b.whens) == 1
                                              and b.whens[0].partition(":")[0] in _THAT_WHENS[e.dest]):
                raise _refuse(at, "'return that character …' is read in an ability whose timing watches your other "
                              "character: " + ("'is frontal attacked', 'attacks', 'is placed on the stage'"
                                               if e.dest == "hand" else "'is put into your waiting room from the stage'"))
    return a


# --- s13 zones: the zones and cards off the stage (the grammar's block "# s13 zones") ---------------------------------
@dataclass(frozen=True, slots=True)
class _MemoryBack:
    """"your opponent puts that character from their memory on any position of their stage", where it was written: joined
    to the sentence's `OppTo` into the memory just before it (`_memory_back_joined`), refused anywhere else."""

    at: int


@dataclass(frozen=True, slots=True)
class _Placed:
    """"that character gets …" where it was written: joined to the placement just before it (`_memory_back_joined`)."""

    pump: Pump | Grant  # s16 quote: or the following ability (`_BuildQuote16.grant_placed16`)
    at: int


def _onto_stage(e: object) -> bool:
    # s17 body: the revealed card put on the stage too (`abilities._revealed_stage16` notes it as placed)
    return isinstance(e, Salvage) and e.to.startswith(("stage", "vacated")) and not e.many \
        or isinstance(e, RevealedTo) and e.zone.startswith("stage")


def _memory_back_joined(effects: tuple) -> tuple:
    """s13 zones: "…, put it into their memory, and your opponent puts that character from their memory on any position
    of their stage" is one effect, `OppMemoryBack`; "that character" names nothing without the sentence before it."""
    out: list = []
    for e in effects:
        if isinstance(e, _Placed):  # s13 zones: "…, put it in any position of your stage, and that character gets …"
            if not (out and (_onto_stage(out[-1]) or _placing15(out[-1]))):  # s15 body: also a search, a name
                raise _refuse(e.at, "'that character gets …' follows 'choose … and put it on … your stage'")
            out.append(e.pump)
        elif isinstance(e, _OppBack17):  # s17 body: the opponent's top card looked at, then put back (4.8.1)
            if not (out and isinstance(out[-1], LookOpp) and not out[-1].may):
                raise _refuse(e.at, "'put it on the top or at the bottom of their deck' follows 'look at the top card of "
                              "your opponent's deck'")
            out[-1] = LookPut(1, False, "top-or-bottom", whose="opponent")
        elif isinstance(e, _MemoryBack):
            before = out[-1] if out else None
            if not (isinstance(before, OppTo) and before.zone == "memory" and before.n == 1 and before.select is None
                    and not before.facing):
                raise _refuse(e.at, "'your opponent puts that character from their memory …' follows 'choose (up to) 1 of "
                              "your opponent's characters, put it into their memory'")
            out[-1] = OppMemoryBack(before)
        else:
            out.append(e)
    return tuple(out)


def _vacated(e: object) -> bool:
    return isinstance(e, PutWhereWas) or isinstance(e, Salvage) and e.to == "vacated"


def _zone13_checked(a: Ability, at: int) -> Ability:
    """s13 zones: "put it on the stage position that this card was on" names the position the ability's cost took this
    card from ("[Put this card into your waiting room]", "… at the bottom of your deck", "… into your clock", "[Return this
    card to your hand]", 8.4.2); "that character" of `_MemoryBack` the card put into the memory just before: each read
    only so, and refused by name elsewhere (never accepted and left undone)."""
    for b in abilities_within(a):
        effects = tuple(_effects_of(b))
        if any(isinstance(e, _OppBack17) for e in effects):  # s17 body: not joined to a look at the opponent's deck
            raise _refuse(at, "'put it on the top or at the bottom of their deck' follows 'look at the top card of your "
                          "opponent's deck'")
        if any(isinstance(e, _MemoryBack | _Placed) for e in effects):
            raise _refuse(at, "'your opponent puts that character from their memory …' follows 'choose (up to) 1 of your "
                          "opponent's characters, put it into their memory'")
        if any(isinstance(e, SelfTo) and e.zone == "deck_bottom" for e in effects) \
                and (b.category not in ("auto", "act") or b.keyword in ("alarm", "memory")):
            raise _refuse(at, "'put this card at the bottom of your deck' is read in an ability of a card on the stage")
        if any(isinstance(e, Salvage) and e.to == e.from_zone == "clock" for e in effects):
            raise _refuse(at, "'put it into your clock' reads a card chosen outside your clock")
        if any(_vacated(e) for e in effects) and not (b.cost.self_to_waiting or b.cost.self_to_zone):
            raise _refuse(at, "'the stage position that this card was on' is read in an ability whose cost takes this "
                          "card from the stage ('[Put this card into your waiting room]', 8.4.2)")
    return a


def _player_ban_checked(restrict: str, category: str, at: int) -> None:
    """s13 zones: a player restriction ("your opponent cannot play event cards …", "backup:opp") is looked for on the
    characters of the stage (`view.backup_banned`): read as a 【CONT】 ability, never as an event's text it would not be."""
    if ":" in restrict and category != "cont":
        raise _refuse(at, "a player restriction ('your opponent cannot play …') is read as a 【CONT】 ability of a "
                      "character (while it is on the stage, 8.9.1)")


_ALIASES.update({"zs_event": "event"})


class _BuildZone13:
    """The Transformer methods of the grammar's block "# s13 zones" (a mixin of `_Build`)."""

    def sd_vacated(self, *rest: object) -> str:
        return "vacated" + (":rest" if rest else "")

    def salvage_cost(self, *parts: object) -> Salvage:
        i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER"
                 and k + 1 < len(parts) and parts[k + 1] in ("lower", "higher"))
        bound = _bound("cost", parts[i], str(parts[i + 1]))  # type: ignore[arg-type]
        return evolve(_Build.salvage(self, *parts[:i], *parts[i + 2:]), cost=bound)  # type: ignore[arg-type]

    def salvage_event(self, *parts: object) -> Salvage:
        return evolve(_Build.salvage(self, *(p for p in parts if p != "event")), kind="event")  # type: ignore[arg-type]

    def may_self_to_stock(self, _may: str) -> SelfTo:
        return SelfTo("stock", may=True)

    def exchange_zone(self, *parts: object) -> Exchange:
        for n in _tokens(parts, *_NUMBERS):
            _num(n, ("1", "one", "a", "an"), "choose … and exchange them")
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        return Exchange("level", _opt(parts, Select) or Select(), Select(kind), may="may" in parts)

    def exchange_clock_bottom(self, *parts: object) -> Exchange:
        _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a", "an"), "choose … and exchange them")
        return Exchange("clock_bottom", _opt(parts, Select) or Select(), may="may" in parts)

    def opp_move_up_to(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        _num(n, ("1", "one"), "choose up to … of your opponent's characters, and put it …")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose up to 1 of your opponent's characters' is read with a zone it goes to")
        return OppTo(str(parts[-1]), at_most=True)

    @v_args(inline=True, meta=True)
    def opp_memory_back(self, meta: Meta, *_parts: object) -> _MemoryBack:
        return _MemoryBack(meta.start_pos)

    def zs_you(self) -> str:
        return "self"

    def waiting_all_to_deck(self) -> WaitingToDeck:
        return WaitingToDeck()

    def hand_stage(self, *parts: object) -> Salvage:
        if "climax" in parts:  # s13 bodies: only a character is put on the stage (3.6.1, 2.3.2.1.2)
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character is put on the stage")
        i = next((k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER"
                  and k + 1 < len(parts) and parts[k + 1] in ("lower", "higher")), None)
        if i is None:
            return _Build.salvage(self, _word(Meta(), "from:hand"), *parts)  # type: ignore[arg-type]
        bound = _bound("level", parts[i], str(parts[i + 1]))  # type: ignore[arg-type]
        return evolve(_Build.salvage(self, _word(Meta(), "from:hand"), *parts[:i], *parts[i + 2:]),  # type: ignore[arg-type]
                      level=bound)

    def hand_stage_named(self, *parts: object) -> Salvage:
        names = next(p for p in parts if isinstance(p, _Names))
        rest = tuple(p for p in parts if not isinstance(p, _Names))
        return evolve(_Build.salvage(self, _word(Meta(), "from:hand"), *rest), name=str(names))  # type: ignore[arg-type]

    def from_clock_stock(self) -> Heal:
        return Heal(dest="stock")

    def self_to_deck_bottom(self, *parts: object) -> SelfTo:
        return SelfTo("deck_bottom", may="may" in parts)

    def opp_clock_pick(self, *parts: object) -> OppClockTo:
        _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a"), "choose … in your opponent's clock")
        return OppClockTo("may" in parts, next(str(p) for p in parts if p in ("character", "card", "climax")))

    @v_args(inline=True, meta=True)
    def pump_placed(self, meta: Meta, _get: str, *parts: object) -> _Placed:
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return _Placed(Pump("placed", gain[0], gain[1], until=until, levels=_levels(parts)), meta.start_pos)

    def w_event_played(self, *_a: object) -> tuple[str, str]:
        return ("when", "event-played")

    def zs_marker_dest(self, face: str) -> str:
        return str(face)

    @v_args(inline=True, meta=True)
    def for_each_marker(self, meta: Meta) -> _Per:
        return _Per("markers", meta.start_pos)  # `view._times`: this card's markers (3.7.1)

    def hand_stage_own(self, *parts: object) -> Salvage:
        return evolve(self.hand_stage(*parts), level=AT_MOST_OWN_LEVEL)

    def hand_stage_named_own(self, *parts: object) -> Salvage:
        return evolve(self.hand_stage_named(*parts), level=AT_MOST_OWN_LEVEL)

    def event_ban(self, *parts: object) -> tuple:
        # "your opponent / you / all players cannot play event cards (and "Backup") from hand": events (and Backup) are
        # not among the plays of the players named while the conditions hold (1.3.4; `view.play_bans`)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        names = _tokens(parts, "QNAME")
        if names and str(names[0]).strip('"').lower() != "backup":
            raise _refuse(names[0], "a player restriction is read for event cards and \"Backup\" (10.5.1)")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        who = next(p for p in parts if p in ("opp", "all", "self"))
        return ("self-ban", conds, f"{'backup+event' if names else 'event'}:{who}")



# --- s13b bodies: the effect body, second round (the grammar's block "# s13b bodies") -----------------------------------

class _BuildBody13b:
    """The Transformer methods of the grammar's block "# s13b bodies" (a mixin of `_Build`)."""

    @v_args(inline=True, meta=True)
    def s_named13b(self, meta: Meta, *parts: object) -> _Word:
        """"all of your (other) (《T》) characters with "X" (or "Y") in its/their card name(s)": the subject of a continuous
        gain, every character whose name holds one of the portions (2.1.2.2) and has the trait (2.5.3)."""
        return self._named13b(meta, "all", parts)

    @v_args(inline=True, meta=True)
    def s_named13b_other(self, meta: Meta, *parts: object) -> _Word:
        return self._named13b(meta, "others", parts)

    @staticmethod
    def _named13b(meta: Meta, scope: str, parts: tuple) -> _Word:
        trait = _tokens(parts, "TRAIT")
        w = _trait_word(meta, scope, trait[0]) if trait else _word(meta, scope)
        w.named = str(next(p for p in parts if isinstance(p, _Names)))
        return w


class _BuildBody14:
    """The Transformer methods of the grammar's block "# s14 bodies" (a mixin of `_Build`): the characters a continuous
    gain reaches, described as a selection (`Select`: level bound 2.6, colour 2.4, trait 2.5.3) with "other" and where
    they are (`_Word.select`, carried to `Ability.select` by `_cont`)."""

    @v_args(inline=True, meta=True)
    def s_bound14_other(self, meta: Meta, n: Token, direction: str, *parts: object) -> _Word:
        return _subject14(meta, "others", parts, _bound("level", n, direction))

    @v_args(inline=True, meta=True)
    def s_bound14_lower(self, meta: Meta, n: Token, *parts: object) -> _Word:
        return _subject14(meta, "all", parts, _bound("level", n, "lower"))

    @v_args(inline=True, meta=True)
    def s_colour14(self, meta: Meta, *parts: object) -> _Word:
        return _subject14(meta, "others" if "other" in parts else "all", parts, "")

    @v_args(inline=True, meta=True)
    def s_middle14(self, meta: Meta, n: Token, *trait: Token) -> _Word:
        # the gain goes to the middle position's character only while its level is N or lower (3.6.3, 2.6)
        w = _subject14(meta, "others", trait, _bound("level", n, "lower"))
        w.where = "CM"
        return w

    @v_args(inline=True, meta=True)
    def s_named14(self, meta: Meta, *parts: object) -> _Word:
        # your (other) characters with that name on the stage (2.1.2, 2.3.2.1.2), as `s_others_named` reads them
        w = _word(meta, "others" if "other" in parts else "all")
        w.named = str(next(p for p in parts if isinstance(p, _Names)))
        return w

    def opp_move_bound_area14(self, *parts: object) -> OppTo:
        # `opp_move_bound`'s choice, only among the characters of that area (OppTo.area, 3.6.3)
        area = next(p for p in parts if isinstance(p, _Word) and p in ("center", "back"))
        made = _Build.opp_move_bound(self, *(p for p in parts if p is not area))  # type: ignore[arg-type]
        if not isinstance(made, OppTo):
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character of one area is chosen before a move to a zone")
        trait = _tokens(parts, "TRAIT")
        if trait:
            assert made.select is not None
            made = evolve(made, select=evolve(made.select, trait=str(trait[0])[1:-1].strip()))
        return evolve(made, area=str(area))

    def grant_opp_bound14(self, n: Token, bound: Select, *parts: object) -> Grant:
        # `grant_choose_opp`'s choice among the opponent's characters within the bound, of the trait, on the area
        _num(n, ("1", "one", "a"), "choose")
        trait = _tokens(parts, "TRAIT")
        if trait:
            bound = evolve(bound, trait=str(trait[0])[1:-1].strip())
        area = next((str(p) for p in parts if isinstance(p, _Word) and p in ("center", "back")), "")
        return evolve(_grant("choose-opp", parts), bound=bound, area=area)

    def grant_battle14(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        return _grant("choose-battle", parts)

    def opp_shift_stage14(self, *parts: object) -> OppShift:
        # `opp_shift13` with the whole stage for the open positions (OppShift.area "stage", 3.6.2)
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … and move it")
        return OppShift("stage", "", "may" in parts)

    def look_back_order14(self, *_parts: object) -> str:
        return "deck_top_order"

    @v_args(inline=True, meta=True)
    def end_act14(self, meta: Meta, who: str, zone: str) -> EndOfTurn:
        if who == "self" and zone not in ("waiting_room", "memory", "stock", "clock"):  # pragma: no cover - the grammar's
            raise _refuse(meta.start_pos, "a zone of yours")
        # SelfTo names the zone as the side's field (`leave_stage`): "waiting" for the waiting room
        made = Ability("auto", when="begin:end", effects=(SelfTo("waiting" if zone == "waiting_room" else str(zone)),),
                       text=f"At the end of the turn, put this card into your {str(zone).replace('_', ' ')}.")
        return EndOfTurn(who, str(zone), made)

    def ew_placed14(self) -> str:
        return "placed"

    def ew_self14(self) -> str:
        return "self"

    @v_args(inline=True, meta=True)
    def lb_original14(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "original")

    @v_args(inline=True, meta=True)
    def change14(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        # `change`, its reminder checked to name the phase of its own timing (10.8; the card is on the stage then)
        notes = [p for p in parts if isinstance(p, tuple) and p and p[0] == "change-note"]
        rest = tuple(p for p in parts if not (isinstance(p, tuple) and p and p[0] == "change-note"))
        phase = next(p for p in rest if isinstance(p, _Word) and p in _PHASES)
        if notes and notes[0][1] != phase:
            raise _refuse(notes[0][1].at or 0, f"Change's reminder names the phase of its timing, the {phase} phase")
        return _Build.change(self, meta, *rest)

    def change_note14(self, *parts: object) -> tuple:
        return ("change-note", next(p for p in parts if isinstance(p, _Word) and p in _PHASES))

    @v_args(inline=True, meta=True)
    def for_each_named_area14(self, meta: Meta, area: _Word, names: _Names) -> _Per:
        # `for_each_named` on one area (`view._times` reads "-center" / "-back" as `for_each_stage` does)
        return _Per(f"others-{area}:{PER_NAMED}{names}", meta.start_pos)

    def assist_x_kw14(self, who: _Word, _get: str, _x: Token, stat: str, _stop: Token, n: Token, name: Token,
                      *dots: Token) -> Callable[..., Ability]:
        keyword = str(name)[1:-1].strip().lower()
        if keyword not in _KEYWORDS14:
            raise _refuse(name, "a keyword ability's name (chapter 10): \"Assist\", \"Encore\", \"Backup\", …")
        if who != "front" or who.trait or who.min_level or stat != "power":
            raise _refuse(who.at, "Assist: 'All of your characters in front of this card get +X power'")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=int(n), per=f"kw:{keyword}",
                                              text=text)

    def pump_all_opp_area14(self, area: _Word, *parts: object) -> Pump:
        # `pump_all_opp` over one area (Pump.area, 3.6.3)
        return evolve(_Build.pump_all_opp(self, *parts), area=str(area))  # type: ignore[arg-type]

    def front14(self) -> str:
        return "front"

    @v_args(inline=True, meta=True)
    def for_each_level14(self, meta: Meta, *parts: object) -> _Per:
        # counted as `count_what` is, "others" | "all" with ":Trait", the level bound after "@" (view._times)
        n = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")
        trait = _tokens(parts, "TRAIT")
        bound = _bound("level", n, str(next(p for p in parts if p in ("lower", "higher"))))
        return _Per(("others" if "other" in parts else "all") + "@" + bound
                    + (f":{str(trait[0])[1:-1].strip()}" if trait else ""), getattr(meta, "start_pos", 0))

    def assist14(self, who: _Word, _get: str, gain: tuple[int, int], *dots: Token) -> Callable[..., Ability]:
        # Assist (10.3.1) to the characters in front of this card that the selection describes
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your … characters in front of this card get +N power'")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=gain[0], soul=gain[1],
                                              trait=who.trait, select=who.select, text=text)


# the keyword abilities a count "characters you have with "X"" may name (chapter 10), as `Ability.keyword` writes them;
# not Encore: every character has Encore [③] unless otherwise specified (10.2.3), which a printed one would not tell apart
_KEYWORDS14 = frozenset(("assist", "backup", "brainstorm", "experience", "alarm", "memory", "bond", "change",
                         "shift", "accelerate", "resonate", "great performance"))


def _subject14(meta: Meta, scope: str, parts: tuple, level: str) -> _Word:
    """s14 bodies: a continuous gain's subject with a selection's filters; "in front of this card" makes it Assist's
    scope (10.3.1), which is never "other" (this card is behind them)."""
    if "front" in parts:
        if scope == "others":
            raise _refuse(getattr(meta, "start_pos", 0), "the characters in front of this card are read without 'other'")
        scope = "front"
    trait = _tokens(parts, "TRAIT")
    w = _trait_word(meta, scope, trait[0]) if trait else _word(meta, scope)
    colour = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")
    w.select = Select("character", w.trait, level=level, color=colour)
    return w


def _placing14(e: object) -> bool:
    """s14 bodies: an effect that puts one character on the stage, which "that character" after it names (the engine notes
    it as it is placed: `log.scratch["placed"]`)."""
    return _onto_stage(e) or isinstance(e, Search) and e.to.startswith("stage") and e.n == 1


def _sequences14(x: object) -> Iterator[tuple]:
    """Every tuple of effects inside `x`, at any depth (the effects done in turn), not those of an ability it gives."""
    if isinstance(x, tuple):
        yield x
        for y in x:
            yield from _sequences14(y)
    elif hasattr(x, "__dataclass_fields__") and not isinstance(x, Ability):
        for f in x.__dataclass_fields__:
            yield from _sequences14(getattr(x, f))


def _end_turn14_checked(a: Ability, at: int) -> Ability:
    """s14 bodies: "at the end of the turn, put that character …" follows the placement of one character; "… put this card
    …" is read in an ability of a character on the stage (the card the created ability moves then)."""
    for b in abilities_within(a):
        for seq in _sequences14(b.effects):
            for i, e in enumerate(seq):
                if not isinstance(e, EndOfTurn):
                    continue
                if e.who == "placed" and not (i and _placing14(seq[i - 1])):
                    raise _refuse(at, "'at the end of the turn, put that character …' follows 'put it on … your stage'")
                if e.who == "self" and (b.category not in ("auto", "act") or b.keyword):
                    raise _refuse(at, "'at the end of the turn, put this card …' is read in an 【AUTO】 or 【ACT】 ability "
                                  "of a character, without a keyword")
    return a


class _BuildZone14:
    """The Transformer methods of the grammar's block "# s14 zones" (a mixin of `_Build`)."""

    def pz14_waiting(self) -> str:
        return "waiting"

    def pz14_deck(self) -> str:
        return "deck"

    def pz14_memory(self) -> str:
        return "memory"

    def w_placed_from14(self, *parts: object) -> tuple[str, str]:
        # put on the stage by an effect from that zone (3.6.1; `abilities._placed_from`), 8.7.2
        return ("when", f"placed-from:{parts[-1]}")

    def from_stock14(self, dest: object) -> StockTop:
        return StockTop(str(dest))  # `top_to` checks "the top card" and adds "you may"

    def stock_top14_hand(self, *parts: object) -> StockTop:
        _one_card(parts, "the top card of your stock")
        return StockTop("hand", may="may" in parts)

    def stock_top14_opp(self, *parts: object) -> StockTop:
        _one_card(parts, "the top card of your opponent's stock")
        return StockTop(str(parts[-1]), opp=True, may="may" in parts)

    def owd14_deck_top(self) -> str:
        return "deck_top"

    def owd14_open_back(self) -> str:
        return "open_back"

    def opp_wr_dest14(self, zone: object) -> str:
        return str(zone)

    def opp_waiting_pick14_level(self, *parts: object) -> OppWaitingPick:
        return self._opp_waiting14("level", parts)

    def opp_waiting_pick14_cost(self, *parts: object) -> OppWaitingPick:
        return self._opp_waiting14("cost", parts)

    def opp_waiting_pick14(self, *parts: object) -> OppWaitingPick:
        return self._opp_waiting14("", parts)

    @staticmethod
    def _opp_waiting14(stat: str, parts: tuple) -> OppWaitingPick:
        nums = _tokens(parts, *_NUMBERS)
        _num(nums[0], ("1", "one", "a", "an"), "choose … in your opponent's waiting room")
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        trait = _tokens(parts, "TRAIT")
        sel = Select(kind, str(trait[0])[1:-1].strip() if trait else "")
        if stat:  # "level 1 or higher", "cost 0 or lower" (2.6, 2.7)
            direction = next(str(p) for p in parts if p in ("lower", "higher"))
            sel = evolve(sel, **{stat: _bound(stat, nums[1], direction)})
        dest = str(parts[-1])
        if dest == "open_back" and kind != "character":  # only a character is put on the stage (3.6.1)
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character is put on the stage")
        return OppWaitingPick(dest, sel, may="may" in parts)

    def shift_reminder14(self, colours: Token, *_parts: object) -> str:
        # one card of one colour (10.11.3: exactly two cards are exchanged, one from the hand); the colour is this card's
        # (10.11.2: "a card in your hand of the same color"), which the engine compares as it resolves
        if str(colours).lower().count(" card") != 1:
            raise _refuse(colours, "Shift exchanges one card of the hand")
        return "shift-reminder"

    def from_deck_marker14(self, *face: object) -> DeckTopMarker:
        # no face written: "" (put face down all the same, 3.7.2), so that a written "face down" is carried apart
        return DeckTopMarker(str(face[0]).rpartition(":")[2] if face else "")  # `top_to` checks "the top card" and adds "you may"

    def dc14_any(self) -> str:
        return "any"

    def deck_count14(self, n: Token) -> str:
        return str(int(n))

    def deck_rule14(self, *parts: object) -> tuple:
        # "deck:<how many>[:<the names counted with it>]" (5.1.2.4): a permission the game's deck was built under
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        count = next(str(p) for p in parts if isinstance(p, str) and (p == "any" or p.isdigit()))
        names = next((p for p in parts if isinstance(p, _Names)), None)
        return ("play-ban", (), f"deck:{count}" + (f":{names}" if names else ""))

    def w_placed_or_from14(self, *parts: object) -> tuple[str, str]:
        # played from the hand (8.6.2.4.1) or put on the stage from that zone: two happenings, either makes it wait (8.7.2)
        return ("when", f"placed|placed-from:{parts[-1]}")


class _BuildZone15:
    """The Transformer methods of the grammar's block "# s15 zone" (a mixin of `_Build`)."""

    def hand_to_many15(self, *parts: object) -> HandTo:
        # "choose 2 cards in your hand, and put them into your waiting room": as many as possible up to 2 (8.6.3.1)
        n = _tokens(parts, *_NUMBERS)[0]
        return HandTo(_num(n, ("2", "3", "4", "two", "three", "four"), "choose … cards in your hand"), Select("card"),
                      dest=str(parts[-1]))

    def hand_clock_bottom15(self, *parts: object) -> HandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        return HandTo(_num(n, ("1", "one", "a"), "choose … in your hand"), Select(kind), dest="clock_bottom",
                      may="may" in parts)

    def from_deck_clock_bottom15(self) -> str:
        return "clock_bottom"  # `top_to`'s zone: TopTo(zone='clock_bottom')

    def waiting_all_return15(self, *_parts: object) -> WaitingToDeck:
        return WaitingToDeck(unshuffled=True)  # the shuffle follows "If you do," (`if_do_shuffle15`)

    @v_args(inline=True, meta=True)
    def if_do_shuffle15(self, meta: Meta, *parts: object) -> _IfDo:
        # "If you do, shuffle your deck, and …": the shuffle (3.2.4) first, then the rest in the order written (8.8.1);
        # read only after the waiting room returned to the deck (`_if_done`)
        effects = tuple(p for p in parts if not isinstance(p, Token))
        for e in effects:
            if isinstance(e, _It):
                raise _refuse(e.at, "'it' after 'If you do, shuffle your deck' names no card")
        return _IfDo((Shuffle15(),) + _memory_back_joined(_among_those(effects)), meta.start_pos)

    def cont_levels_per15(self, *parts: object) -> tuple:
        # `cont_levels`'s gain, each counted over this card's markers (`view._times`, `view._own_levels`); only markers:
        # a level counted over characters' levels would look at itself (2.6)
        per = next(p for p in parts if isinstance(p, _Per))
        if per.what != "markers":
            raise _refuse(per.at, "a level gain counted 'for each' is read over the markers underneath this card only")
        made = self.cont_levels(*(p for p in parts if not isinstance(p, _Per)))  # type: ignore[attr-defined]
        if made[5]:
            raise _refuse(per.at, "a level gain for each marker applies on the stage")
        return ("cont-levels-per15", made, per)

    def sd_deck_top15(self) -> str:
        return "deck_top"

    def sd_deck_shuffle15(self, *_parts: object) -> str:
        return "deck_shuffle"  # one card: `abilities._salvage` (many: `_salvage_many_deck`)

    def mill_compare15(self, *parts: object) -> MillCompare15:
        then = tuple(p for p in parts if not isinstance(p, Token))
        for e in then:
            if isinstance(e, _It):
                raise _refuse(e.at, "'it' after the levels compared names no card")
        return MillCompare15(then)

    def all_mill15(self, *_parts: object) -> MillCompare15:
        return MillCompare15(compare=False)

    def reveal_opp_pick15(self, n: Token, *parts: object) -> RevealOppPick15:
        _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a", "an"), "your opponent chooses … from among them")
        count = int(n)
        if count < 2:
            raise _refuse(n, "'the top N cards' is two or more cards")
        return RevealOppPick15(count, next(p for p in parts if isinstance(p, Select)))

    def clock_bottom15(self, *parts: object) -> Heal:
        _one_card(parts, "the bottom card of your clock")
        return Heal(may="may" in parts, bottom=True)

    def deck_look_marker15(self, *parts: object) -> DeckTopMarker:
        # looked at (4.8.1), then face down under this card (3.7.2); "you may" is the look's, "If you do" the marker's
        return DeckTopMarker(str(parts[-1]).rpartition(":")[2], may="may" in parts, look=True)


def _checked(a: Ability, at: int) -> Ability:
    """A plain ability through every whole-ability check, in the order they were written (each refuses by name or
    returns the ability, maybe completed): a new check is one more entry, not one more nesting."""
    for check in (_cond_checked, _zone_checked, _attack_checked, _zone13_checked, _head14_checked, _end_turn14_checked,
                  _pay_inside15_checked):
        a = check(a, at)
    return a


class _BuildBody14b:
    """The Transformer methods of the grammar's block "# s14b bodies" (a mixin of `_Build`): the opponent's deck milled
    from its bottom (`OppTopTo.bottom`), joined to "among those cards" after it as the top is (`_milled_of`)."""

    def opp_bottom_to14b(self, *parts: object) -> OppTopTo:
        n = next((p for p in parts if isinstance(p, Token)), None)
        count = _num(n, tuple(map(str, range(1, 11))) + ("two", "three", "four"), "the bottom … cards") if n else 1
        if (count == 1) != (parts[-2] == "card"):
            raise _refuse(n if n is not None else parts[-2], "'the bottom card' is one card, 'the bottom N cards' N")
        if str(parts[-1]) != "waiting_room":
            raise _refuse(parts[-1], "the bottom cards of your opponent's deck are read into their waiting room only")
        return OppTopTo("waiting_room", count, bottom=True)

    def x_among_n14b(self, n: Token, *parts: object) -> _X:
        # "X is equal to N multiplied by the number of … among those cards": `x_among`'s count, its factor printed first
        return _X(XCount("among", _x_select(parts)), int(n))


# --- s15 body: the effect body (the grammar's block "# s15 body") ------------------------------------------------------
def _placing15(e: object) -> bool:
    """s15 body: a placement "that character" after it names, besides `_onto_stage`'s: one card searched for and put on the
    stage (`_placing14`: "…, put it in any position of your stage, shuffle your deck, and that character gets …"), or a card
    named put on the position this card left (`PutWhereWas`); the engine notes each as it places it (`log.scratch`)."""
    return _placing14(e) or isinstance(e, PutWhereWas)


_ONE = Token("NUMBER", "1")


def _pay_inside15_checked(a: Ability, at: int) -> Ability:
    """s15 body: "you may pay the cost. If you do, …" inside the effect pays the ability's own [cost] there (8.4.2): read in
    an 【AUTO】 ability with a [cost] and no "you may pay the cost" before its effect (`_with_cost` fills it in); a cost
    left unfilled (no [cost], an 【ACT】 ability's cost paid as it is played, a second payment) is refused by name."""
    for b in abilities_within(a):
        if any(isinstance(e, PayThen) and e.cost is None for seq in _sequences14(b.effects) for e in seq):
            raise _refuse(at, "'you may pay the cost. If you do, …' inside the effect pays the [cost] of an 【AUTO】 ability "
                          "that names no payment before its effect")
    return a


def _revealed_x15(prev: RevealTop, d: _XDef) -> RevealTop | None:
    """s15 body: "Reveal the top card of your deck. If that card is …, deal X damage to your opponent. X is equal to that
    card's level": X is the revealed card's level (4.9.1; 2.6), counted as `RevealTop` counts "the level of the revealed
    card" ("among-revealed"); only a damage or a choice from the waiting room reads it there (`_reveal_top`)."""
    if d.count.zone not in ("among-that", "among-revealed") or not any(isinstance(e, _XPending) for e in prev.then):
        return None
    count = evolve(d.count, zone="among-revealed")
    then = []
    for e in prev.then:
        if isinstance(e, _XPending):
            if not isinstance(e.effect, Salvage | Damage):
                raise _refuse(d.at, "the revealed card's level is read by 'deal X damage' or 'level X or lower' there")
            e = _x_fill(e.effect, count)
        then.append(e)
    return evolve(prev, then=tuple(then))


class _BuildBody15:
    """The Transformer methods of the grammar's block "# s15 body" (a mixin of `_Build`): "another of your …" read as "1 of
    your other …" (`pump_choose`, `own_pick`); +X on this card's own soul (`XCount` "self-soul")."""

    def pump_another15(self, *parts: object) -> Pump:
        return evolve(_Build.pump_choose(self, _ONE, *parts), other=True)  # type: ignore[arg-type]

    def own_pick_another15(self, *parts: object) -> OwnPick:
        orient = next((str(p)[7:] for p in parts if isinstance(p, str) and p.startswith("orient:")), "")
        return OwnPick(str(parts[-1]), 1, False, _own_select(parts), True, orient, may="may" in parts)

    def x_self_soul15(self, times: Token) -> _X:
        return _X(XCount("self-soul"), _times(times))

    def x_self_soul_n15(self, n: Token) -> _X:
        return _X(XCount("self-soul"), int(n))

    def opp_move_may15(self, *parts: object) -> OppTo:
        # `opp_move_bound`'s choice (an area: `opp_move_bound_area14`'s), which the player may decline (8.6.3)
        area = next((p for p in parts if isinstance(p, _Word) and p in ("center", "back")), None)
        trait = _tokens(parts, "TRAIT")
        made = _Build.opp_move_bound(self, *(p for p in parts if p is not area and p != "may"))  # type: ignore[arg-type]
        if not isinstance(made, OppTo):
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "'you may choose 1 of your opponent's characters' is read before a "
                          "move to a zone")
        if trait:
            made = evolve(made, select=evolve(made.select or Select("character"), trait=str(trait[0])[1:-1].strip()))
        return evolve(made, may=True, area=str(area) if area is not None else "")

    def chosen_self15(self, n: Token, *parts: object) -> ChosenAndSelf:
        _num(n, ("1", "one", "a"), "choose … of your other characters and this card")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        pick = OwnPick("gain", 1, False, _own_select(parts), True,
                       gain=Pump("chosen", gain[0], gain[1], until=until, levels=_levels(parts)))
        return ChosenAndSelf(pick)

    def reveal_top_not15(self, *parts: object) -> RevealTop:
        return evolve(_Build.reveal_top(self, *parts), negate=True)  # type: ignore[arg-type]

    @v_args(inline=True, meta=True)
    def xd_among_bound15(self, meta: Meta, *parts: object) -> _XDef:
        # `xd_among_kind`'s count, within the level bound (2.6)
        n = _tokens(parts, "NUMBER")[0]
        way = next(str(p) for p in parts if p in ("lower", "higher"))
        return _XDef(XCount("among-kind", evolve(_x_select(parts), level=_bound("level", n, way))), meta.start_pos)

    def pay_mid15(self, *parts: object) -> PayThen:
        # the ability's [cost] is filled in when the ability is built (`_with_cost`)
        return PayThen(None, tuple(p.effect if isinstance(p, _It) else p for p in parts
                                   if not isinstance(p, Token | str) and not (isinstance(p, tuple) and p[:1] == ("pay",))))

    @v_args(inline=True, meta=True)
    def for_each_part15(self, meta: Meta, *parts: object) -> _Per:
        names = next(p for p in parts if isinstance(p, _Names))
        return _Per(f"{'others' if 'other' in parts else 'all'}:{PER_NAMED}{names}", meta.start_pos)

    def for_x_have_part15(self, per: _Per, names: _Names) -> _Per:
        scope, _, trait = per.what.partition(":")
        if trait:
            raise _refuse(per.at, "characters counted by a trait or by a portion of their name, not both")
        return _Per(f"{scope}:{PER_NAMED}{names}", per.at, per.times)

    def qq_names15(self, tok: Token) -> _Names:
        return _Names(_name_spec(tok), tok)

    def opp_facing15(self, *parts: object, stat: str = "") -> OppTo:
        n = _tokens(parts, *_NUMBERS)[0]
        _num(n, ("a", "1", "one"), "choose … character facing this card")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose a character facing this card' is read before a move to a zone")
        bound = None
        if stat:  # the bound's number: the NUMBER after the count (2.6 level, 2.7 cost)
            k = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER" and p is not n)
            way = next(str(p) for p in parts if p in ("lower", "higher"))
            bound = Select("character", **{stat: _bound(stat, k, way)})  # type: ignore[arg-type]
        return OppTo(str(parts[-1]), facing=True, may="may" in parts, select=bound)

    def opp_facing_level15(self, *parts: object) -> OppTo:
        return self.opp_facing15(*parts, stat="level")

    def opp_facing_cost15(self, *parts: object) -> OppTo:
        return self.opp_facing15(*parts, stat="cost")

    def top_to_from15(self, *parts: object) -> TopTo | Heal | StockTop | DeckTopMarker:
        # "put N cards from the top of your deck into …": `top_to`'s "the top N cards of your deck", plain cards only
        sel = next(p for p in parts if isinstance(p, Select))
        n = _tokens(parts, *_NUMBERS)[0]
        if sel != Select("card"):
            raise _refuse(n, "'put N cards from the top of your deck' takes cards, not a kind of card")
        count = _num(n, tuple(map(str, range(2, 11))) + ("two", "three"), "put … cards from the top of your deck")
        source = parts[-1]
        if isinstance(source, StockTop | DeckTopMarker | Heal):
            raise _refuse(n, "'put N cards from the top of your deck' is read into your stock, clock or waiting room")
        return TopTo(str(source), count, "may" in parts)

class _BsCount16:
    """s16 body: what Brainstorm counts among the cards it flipped (`select`), and whether its effects are done once if
    there is one (`once`, "If there is a climax … among those cards,") rather than once for each."""

    def __init__(self, select: Select, once: bool):
        self.select, self.once = select, once


class _BuildBody16:
    """The Transformer methods of the grammar's block "# s16 body" (a mixin of `_Build`): one count for a continuous gain
    "for each …" (`_Per`: whose, "other", state, trait, area), and one destination on the stage (`stage_place`: an area or
    one position, written after "@" in `Salvage.to` / `Search.to`)."""

    @v_args(inline=True, meta=True)
    def for_each16(self, meta: Meta, *parts: object) -> _Per:
        where = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("where",)), None)
        if where is not None and where[1] == "opponent":
            if "other" in parts:  # pragma: no cover - the grammar writes no "other" before a character of the opponent's
                raise _refuse(meta.start_pos, "'other' names one of your own characters")
            return _per16(meta, "opp", parts, where[2])
        return _per16(meta, "others" if "other" in parts else "all", parts, where[2] if where else "")

    @v_args(inline=True, meta=True)
    def for_each_own16(self, meta: Meta, *parts: object) -> _Per:
        # "for each of your …": your own characters, on an area of your own stage
        where = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("where",)), None)
        if where is not None and where[1] == "opponent":
            raise _refuse(meta.start_pos, "'of your' characters are counted on your own stage: 'on your back stage' (or "
                          "'of your opponent's … on your opponent's back stage')")
        return _per16(meta, "others" if "other" in parts else "all", parts, where[2] if where else "")

    @v_args(inline=True, meta=True)
    def for_each_opp16(self, meta: Meta, *parts: object) -> _Per:
        where = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("where",)), None)
        if where is not None and where[1] != "opponent":
            raise _refuse(meta.start_pos, "your opponent's characters are counted on your opponent's stage: 'on your "
                          "opponent's back stage'")
        return _per16(meta, "opp", parts, where[2] if where else "")

    def ew_own16(self, area: _Word) -> tuple[str, str, str]:
        return ("where", "own", str(area))

    def ew_opp16(self, area: _Word) -> tuple[str, str, str]:
        return ("where", "opponent", str(area))

    def sp_any_area16(self, area: _Word) -> str:
        return f"stage@{area}"

    def sp_open_area16(self, _an: Token, area: _Word) -> str:
        return f"stage_open@{area}"

    @v_args(inline=True, meta=True)
    def sp_one16(self, meta: Meta, side: str, area: _Word) -> str:
        # 3.6.3 names the positions: left, middle, right of the center stage (CL, CM, CR); left, right of the back stage
        if str(area) == "back" and side == "M":
            raise _refuse(meta.start_pos, "the back stage has a left and a right position (3.6.3), no middle one")
        return f"stage@{str(area)[0].upper()}{side}"

    def pump_choose_game16(self, n: Token, *parts: object) -> Pump:
        # `pump_choose`'s gain, no duration written: "during this game" (8.2.1.2; `abilities._last`)
        return evolve(_Build.pump_choose(self, n, *parts), until="game")  # type: ignore[arg-type]

    def pump_opp_game16(self, n: Token, *parts: object) -> Pump:
        return evolve(_Build.pump_opp(self, n, *parts), until="game")  # type: ignore[arg-type]

    def pump_bare16(self, who: _Word, get: str, n: Token, *dur: Token) -> Pump:
        return evolve(_Build.pump(self, who, get, *_bare16(n), *dur), bare=True)  # type: ignore[arg-type]

    def pump_choose_bare16(self, n: Token, *parts: object) -> Pump:
        parts = _bare16_parts(parts)
        return evolve(_Build.pump_choose(self, n, *parts), bare=True)  # type: ignore[arg-type]

    def pump_choose_named_bare16(self, n: Token, *parts: object) -> Pump:
        parts = _bare16_parts(parts)
        return evolve(_Build.pump_choose_named(self, n, *parts), bare=True)  # type: ignore[arg-type]

    def pump_opp_bare16(self, n: Token, *parts: object) -> Pump:
        parts = _bare16_parts(parts)
        return evolve(_Build.pump_opp(self, n, *parts), bare=True)  # type: ignore[arg-type]

    def salvage_many_named16(self, _up_to: _Word, n: Token, *parts: object) -> Salvage:
        # `salvage_many`'s choice of up to N (8.6.3.1.1), of the cards of a name (2.1.2)
        many = _num(n, ("2", "3", "4", "two", "three", "four"), "choose up to … in your waiting room")
        named = next(p for p in parts if isinstance(p, _Names | Token))
        where = next((str(p) for p in parts if isinstance(p, _Word) and str(p).startswith("from:")), "from:waiting_room")
        return Salvage(str(named) if isinstance(named, _Names) else _name_spec(named), "card", True,
                       from_zone=where.split(":", 1)[1], many=many)

    def bs_each16(self, what: Select) -> _BsCount16:
        return _BsCount16(what, False)

    def bs_once16(self, _there: Token, _a: Token, what: Select) -> _BsCount16:
        return _BsCount16(what, True)

    def bs_what16(self, *parts: object) -> Select:
        icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        return Select("climax", icon=icon)

    def side_left16(self) -> str:
        return "L"

    def side_middle16(self) -> str:
        return "M"

    def side_right16(self) -> str:
        return "R"


def _bare16(n: Token) -> tuple[tuple[int, int]]:
    """s16 body: a gain printed with no stat, as the (power, soul) a gain reads: power, and only in power's amounts (2.9:
    cards raise it by multiples of 500; soul and level by 1 to 3, which a bare number would leave unsaid)."""
    if int(n) % 500 or not int(n):
        raise _refuse(n, "a gain with no stat named ('+2000') is read as power in multiples of 500: name the stat")
    return ((int(n), 0),)


def _bare16_parts(parts: tuple) -> tuple:
    """s16 body: the words of a chosen character's gain with its bare number turned into the (power, soul) a gain reads."""
    signed = next(p for p in parts if isinstance(p, Token) and p.type == "SIGNED")
    return tuple(_bare16(signed)[0] if p is signed else p for p in parts)


def _per16(meta: Meta, scope: str, parts: tuple, area: str) -> _Per:
    """s16 body: a count as `view._times` reads it: scope ("all" | "others" | "opp"), "~state" (4.6.1), "-area" (3.6.3),
    ":Trait" (2.5.3)."""
    state = next((str(p)[7:] for p in parts if isinstance(p, str) and p.startswith("orient:")), "")
    trait = _tokens(parts, "TRAIT")
    return _Per(scope + (f"~{state}" if state else "") + (f"-{area}" if area else "")
                + (f":{str(trait[0])[1:-1].strip()}" if trait else ""), getattr(meta, "start_pos", 0))


class _BuildQuote15:
    """The Transformer methods of the grammar's block "# s15 quote" (a mixin of `_Build`): granted and nested
    abilities, and the options of "choose 1 of the following …"."""

    def grant_split15(self, who: _Word, _get: str, *parts: object) -> Grant:
        # the gain lasts until end of turn (6.8.1.4), the ability as its own duration says (`Grant.gain_until`)
        if who != "self":
            raise _refuse(who.at, "a gain and the following ability with durations of their own go to this card")
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        return evolve(_grant("self", tuple(p for p in parts if p is not gain)), power=gain[0], soul=gain[1],
                      gain_until="eot")

    def grant_many15(self, who: _Word, _get: str, *parts: object) -> Grant:
        # the first ability as `grant` reads it, the others read and checked the same way, given with it (`Grant.more`)
        firsts = [_Build.grant(self, who, _get, *_one_granted15(parts, tok))  # type: ignore[arg-type]
                  for tok in _granted_many15(parts)]
        return evolve(firsts[0], more=tuple(g.ability for g in firsts[1:]))

    def grant_many_dur_first15(self, *parts: object) -> Grant:
        rest, dur = _dur_apart(parts)
        return self.grant_many15(rest[0], rest[1], *rest[2:], *dur)

    def cont_grant_many15(self, *parts: object) -> tuple:
        # each ability as `cont_grant` reads the one it gives (a restriction, an 【AUTO】 or an 【ACT】 ability), given together
        forms = [_BuildX.cont_grant(self, *_one_granted15(parts, tok))  # type: ignore[arg-type]
                 for tok in _granted_many15(parts)]
        return forms[0] + (tuple(f[4] for f in forms[1:]),)

    def perform15(self, _stop: Token, option: Token) -> Perform:
        effects, text = _option(option)  # the quoted sentences read as an event's one-shot effects
        return Perform(effects, text)

    @v_args(inline=True, meta=True)
    def grant_modal15(self, meta: Meta, n: Token, *parts: object) -> Modal:
        # each option is this card getting one of the quoted abilities, read and checked as `grant` reads one; the
        # master chooses one as the effect resolves (8.6.3, `Modal`)
        _num(n, ("1", "one"), "choose … of the following abilities")
        this = _word(meta, "self")
        grants = [_Build.grant(self, this, "gets", *_one_granted15(parts, tok))  # type: ignore[arg-type]
                  for tok in _tokens(parts, "GRANTED")]
        return Modal(tuple((g,) for g in grants), tuple(f"This card gets \"{g.ability.text}\"" for g in grants))

    @v_args(inline=True, meta=True)
    def cont_grant_kw_facing15(self, meta: Meta, *parts: object) -> tuple:
        # Encore given to the character facing this card while the ability applies (3.6.5, 8.9.1; `view.granted_autos`)
        return _cont_kw15(_word(meta, "facing"), parts)

    @v_args(inline=True, meta=True)
    def cont_grant_kw_opp15(self, meta: Meta, *parts: object) -> tuple:
        # Encore given to all of your opponent's characters while the ability applies (8.9.1; `view.granted_autos`)
        return _cont_kw15(_word(meta, "opp"), parts)

    def assist_grant_kw15(self, who: _Word, _get: str, *parts: object) -> Callable[..., Ability]:
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your (《T》) characters in front of this card get …' (10.3.1)")
        _, _, _, (power, soul), granted = _cont_kw15(who, parts)
        return lambda text, category: Ability("cont", "assist", scope="front", power=power, soul=soul, trait=who.trait,
                                              grants=granted, text=text)

    @v_args(inline=True, meta=True)
    def assist_grant_kw_trait15(self, meta: Meta, trait: Token, *parts: object) -> Callable[..., Ability]:
        return self.assist_grant_kw15(_trait_word(meta, "front", trait), str(parts[0]), *parts[1:])


class _BuildQuote16:
    """The Transformer methods of the grammar's block "# s16 quote" (a mixin of `_Build`): granted and nested abilities."""

    @v_args(inline=True, meta=True)
    def grant_placed16(self, meta: Meta, _get: str, *parts: object) -> _Placed:
        # "that character": the one the sentence before put on the stage, joined to it as `pump_placed` is
        # (`_memory_back_joined`), given the ability as `grant` reads it (8.2.1.2)
        return _Placed(_grant("placed", parts), meta.start_pos)


def _granted_many15(parts: tuple) -> list[Token]:
    """s15 quote: the quoted abilities of "the following abilities", as many as a number printed says (none: any)."""
    toks = _tokens(parts, *_QUOTED16)  # s16 quote: a keyword ability among them (Encore, Great Performance)
    n = next((p for p in parts if isinstance(p, Token) and p.type in ("NUMBER", "N_TWO", "N_THREE")), None)
    if n is not None and _num(n, ("2", "3", "two", "three"), "the following … abilities") != len(toks):
        raise _refuse(n, f"'the following {n} abilities' is followed by {n} quoted abilities")
    return toks


def _one_granted15(parts: tuple, keep: Token) -> tuple:
    """The parts of a gain of several abilities with one of its quoted abilities only (read as a gain of that one)."""
    return tuple(p for p in parts if not (isinstance(p, Token) and p.type in (*_QUOTED16, "NUMBER", "N_TWO", "N_THREE")
                                          and p is not keep))


def _cont_kw15(who: _Word, parts: tuple) -> tuple:
    """s15 quote: a continuous gain of Encore in quotes (10.2.2) to `who`, its conditions and +power / soul printed with
    it (8.9.1), as `cont_grant_kw` reads it for this card."""
    conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
    _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
    ability, at = _read_granted(_tokens(parts, "GRANTED_KW")[0])
    _granted_auto_checked(ability, at, "a continuously granted", GRANTED_WHEN + GRANTED_LEAVING)
    return ("cont-grant", conds, who, _grant_stats(parts), ability)


def _grant_all15(who: _Word, parts: tuple) -> Grant:
    """s15 quote: "all of your (other) [《T》] characters get [+N power and] the following ability until …": every
    such character on the stage as the effect resolves gets it (8.9.2: one placed later does not), as `Pump`'s
    "all-own" gives a gain."""
    if who not in ("all", "others") or who.named or who.where or who.min_level or who.select is not None:
        raise _refuse(who.at, "the following ability goes to this card, to 1 of your characters chosen or to all of "
                      "your (other) [《T》] characters")
    return _grant("all-own", parts, who.trait, who == "others")


def _granted_act15(ability: Ability, at: int) -> Ability:
    """s15 quote: a granted 【ACT】 ability is played by the character that has it in its master's main phase (6.5.1.2.3,
    8.1.1.1), its cost paid as a printed one's; a keyword one (Backup, played from the hand, 10.5.1) or one with a
    per-turn limit is not executed yet."""
    if ability.keyword or ability.limit:
        raise _refuse(at, "a granted 【ACT】 ability with a keyword or a per-turn limit is not executed yet")
    return ability

# --- s15 head: the ability's head, fifteenth round (the grammar's block "s15 head"): conditions, timings, restrictions --
class _BuildHead15:
    """s15-wshead: the Transformer's methods for the grammar's block "s15 head"."""

    def cond_and15(self, things: tuple[_What, ...], place: _Place, then: Cond | tuple[Cond, ...]) -> tuple[Cond, ...]:
        # "if X is in your climax area and B": two conditions with no comma between them; the ability needs both (8.3.3),
        # as a list does
        return self.c_card_in(things, place) + (then if isinstance(then, tuple) else (then,))  # type: ignore[attr-defined]

    def h_names15(self, *parts: object) -> _What:
        names = next(p for p in parts if isinstance(p, _Names))
        return _What(Select(name=str(names)))  # cards of that name (2.1.2), of any kind

    def c_zone_named15(self, *parts: object) -> Cond:
        # "if the number of cards named "X" in your waiting room is two or more" (8.3.3; the zone of chapter 3)
        what = next(p for p in parts if isinstance(p, _What))
        place = next(p for p in parts if isinstance(p, _Place))
        bound = next(p for p in parts if isinstance(p, _Bound))
        return _count_cond(what, bound, _Place(place.zone, "opponent" if "opponent" in parts else "own"))

    def c_have_one15(self, n: Token, names: _Names, place: _Place, *then: Cond | tuple[Cond, ...]) -> tuple[Cond, ...]:
        # "if you have 1 "X" in your climax area": one or more there (8.3.3); a number other than 1 is "N or more"
        # elsewhere, so it is read only as 1; a second condition joined by "and" with no comma (`cond_and15`)
        _num(n, ("1",), "'if you have N \"X\" in …'")
        own = _count_cond(_What(Select(name=str(names))), _Bound(1, True, n.start_pos or 0), place)
        return (own,) + tuple(c for t in then for c in (t if isinstance(t, tuple) else (t,)))

    def c_opp_number15(self, what: _What, bound: _Bound) -> Cond:
        # "if the number of your opponent's level 0 or lower characters is two or more": the opponent's characters on
        # the stage (2.3.2.1.2) counted (8.3.3)
        return _count_cond(what, bound, _Place("stage", "opponent"))

    def c_all_colour15(self, *parts: object) -> Cond:
        # "if all of your characters are yellow": each of your characters on the stage has that colour (2.4)
        colour = next(str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:"))
        return Cond("all-colour", colour)

    def assist_conds15(self, conds: tuple[Cond, ...], make: Callable[..., Ability]) -> Callable[..., Ability]:
        # Assist's gain (10.3.1) while the conditions hold (8.3.3; `view._active` checks them as for any 【CONT】)
        return lambda text, category: replace(make(text, category), conds=conds)

    def facing_ban15(self, *parts: object) -> tuple:
        # "The character facing this card cannot move to another position of the stage" (3.6.5, 6.5.1.2.4)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        ban = next(p for p in parts if isinstance(p, _Word) and p in SELF_BANS)
        if ban != "no-move":
            raise _refuse(ban.at, "the character facing this card is read restricted from moving only ('cannot move to "
                          "another position of the stage', 6.5.1.2.4)")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("facing-ban15", conds, str(ban))

    def ak_direct15(self) -> str:
        return "direct"

    def ak_frontal15(self) -> str:
        return "frontal"

    def ak_side15(self) -> str:
        return "side"

    def w_any_kind_attacks15(self, kind: str) -> tuple[str, str]:
        # this card's attack of that kind or another of yours (7.2.1.4.1, 7.2.1.6), either (8.7.2)
        return ("when", f"{kind}-attacks|other-{kind}-attacks")

    def w_other_kind_attacks15(self, *parts: object) -> tuple[str, str]:
        # another of your (《T》) characters attacking with that kind of attack (7.2.1.4.1, 7.2.1.6; its trait, 2.5.3)
        kind = next(p for p in parts if p in ("direct", "frontal", "side"))
        return ("when", f"other-{kind}-attacks" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def w_placed_by15(self, *parts: object) -> tuple[str, str]:
        # put on the stage by an effect of that card's ability of the kind written, of any kind if none is (8.7.2, 2.1.2)
        kind = next((p for p in parts if p in ("auto", "act", "cxcombo")), "any")
        names = next(p for p in parts if isinstance(p, _Names))
        if NAME_OR in names:
            raise _refuse(names.tok, "the effect of one card named")
        return ("when", f"placed-by:{kind}:{names}")

    def w_placed_or_any15(self, *parts: object) -> tuple[str, str]:
        # played from the hand (8.6.2.4.1), or put on the stage by an effect of the named card (either, 8.7.2)
        return ("when", "placed|" + self.w_placed_by15(*parts)[1])

    def dmg_upto15(self, n: Token) -> int:
        return _num(n, ("1", "2", "3"), "'you cannot receive N or less damage'")

    def damage_ban15(self, *parts: object) -> tuple:
        # "you cannot take (N or less) damage from your opponent character's 【AUTO】 effects": the ability's master (1.3.4,
        # 4.10; `zones.deal_damage` through `view.damage_banned`)
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        upto = next((p for p in parts if isinstance(p, int) and not isinstance(p, bool)), 0)
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("self-ban", conds, f"auto-damage{upto or ''}:self")

    def lasting_ban15(self, *parts: object) -> LastingBan:
        # "until end of turn, your opponent / all players cannot play event cards (and "Backup") from hand" (8.2.1.2)
        names = _tokens(parts, "QNAME")
        if names and str(names[0]).strip('"').lower() != "backup":
            raise _refuse(names[0], "a player restriction is read for event cards and \"Backup\" (10.5.1)")
        who = next(p for p in parts if p in ("opp", "all"))
        return LastingBan(who, "backup+event" if names else "event", _ban_until17(parts, str(who)))

    def w_climax_triggers15(self) -> tuple[str, str]:
        # your climax revealed by the trigger check (7.3.1.2), as "When your climax with [X] in its trigger icon triggers"
        # reads it without naming an icon (`abilities._trigger_watchers`)
        return ("when", "trigger-reveals")

    def w_reveals_colour15(self, _a: Token, colour: _Word) -> tuple[str, str]:
        # a climax of that colour the trigger check reveals (7.3.1.2, 2.4)
        return ("when", f"trigger-reveals:{str(colour)[4:]}")


class _BuildHeadZone15b:
    """s15b headzone: the Transformer's methods for the grammar's block "# s15b headzone"."""

    def c_all_named15b(self, names: _Names, *_words: object) -> Cond:
        # every one of your characters has a portion of its card name (2.1.2.2), each alternative marked as `name_part` does
        return Cond("all-named", NAME_OR.join(NAME_PART + n for n in str(names).split(NAME_OR)))

    def encore_ban15b(self, *parts: object) -> EncoreBan15b:
        # "you / your opponent cannot use "【AUTO】 Encore" until end of turn" (8.2.1.2, 1.3.4; 10.2): only Encore is read
        name = _tokens(parts, "QNAME")[0]
        if " ".join(str(name).strip('"').split()).lower() != "auto encore":
            raise _refuse(name, '"【AUTO】 Encore" (10.2)')
        who = next(p for p in parts if p in ("self", "opp", "all"))
        return EncoreBan15b(str(who), _ban_until17(parts, str(who)))


class _BuildBodyQuote15b:
    """s15b bodyquote: a revealed card's alternatives written with one shared article (4.9.1; 2.1.2, 2.5.3)."""

    def rf_name_a15b(self, _a: Token, name: Token) -> Select:
        return Select(name=str(name)[1:-1])  # "a "Name"": the article changes nothing (2.1.2)

    def rf_kind_bare15b(self, trait: Token, kind: object) -> Select:
        return Select(str(kind), str(trait)[1:-1].strip())  # "… or 《T》 character": the first one's article

    @v_args(inline=True, meta=True)
    def reveal_else15b(self, meta: Meta, *parts: object) -> _Else15b:
        if any(isinstance(p, _XPending | _Note) for p in parts):
            raise _refuse(getattr(meta, "start_pos", 0), "'If it is not, …' takes effects without an X")
        return _Else15b(tuple(p.effect if isinstance(p, _It) else p for p in parts if not isinstance(p, Token | str)),
                        getattr(meta, "start_pos", 0))


class _BuildZone16:
    """s16 zone: the Transformer's methods for the grammar's block "# s16 zone" (the zones and cards off the stage)."""

    def opp_top_may16(self, _may: object, *parts: object) -> OppTopTo:
        return evolve(_Build.opp_top_to(self, *parts), may=True)  # type: ignore[arg-type]

    def exchange_zone_trait16(self, *parts: object) -> Exchange:
        made = _Build.exchange_zone(self, *parts)  # type: ignore[arg-type]
        return evolve(made, first=evolve(made.first, trait=str(_tokens(parts, "TRAIT")[0])[1:-1].strip()))

    @v_args(inline=True, meta=True)
    def sf_climax16(self, meta: Meta) -> _Word:
        return _word(meta, "from:climax")

    @v_args(inline=True, meta=True)
    def revealed_stage16(self, meta: Meta, place: str, *rest: object) -> _It:
        return _It(RevealedTo(str(place), rest=bool(rest)), getattr(meta, "start_pos", 0))

    def marker_to16(self, n: Token, zone: str) -> MarkerTo:
        return evolve(_Build.marker_to(self, n), zone=str(zone))  # type: ignore[arg-type]

    def markers_all16(self, zone: str) -> MarkerTo:
        return MarkerTo(str(zone), all=True)

    def k_marker_to_waiting16(self, n: Token, *_words: object) -> Cost:
        return Cost(markers_to_waiting=_num(n, ("1", "one", "a", "2", "two"), "a cost of markers underneath this card"))


class _BuildZone17:
    """s17 zone: the Transformer's methods for the grammar's block "# s17 ws zone" (the zones and cards off the stage)."""

    def exchange_pick17(self, *parts: object) -> ExchangeNamed:
        # `exchange_pick13` with a portion of the name (2.1.2.2) kept in the selection
        names = next((p for p in parts if isinstance(p, _Names)), None)
        made = _Build.exchange_pick13(self, *(p for p in parts if not isinstance(p, _Names)))  # type: ignore[arg-type]
        made = evolve(made, other="other" in parts)
        if names is None:
            return made
        return evolve(made, select=evolve(made.select or Select("character"), name=str(names)))

    def exchange_another17(self, *parts: object) -> ExchangeNamed:
        # "another of your characters": one character other than this card (the exchange never takes this card itself)
        return self.exchange_pick17(Token("NUMBER", "1"), *parts)

    @v_args(inline=True, meta=True)
    def x_markers_n17(self, meta: Meta, n: Token) -> _Per:
        return _Per("markers", meta.start_pos, int(n))  # this card's markers (3.7.1) × N, counted as it resolves

    @v_args(inline=True, meta=True)
    def x_markers17(self, meta: Meta, times: Token) -> _Per:
        return _Per("markers", meta.start_pos, int(str(times).lstrip("×✕ ")))

    def modal17(self, *parts: object) -> Modal:
        # `modal`'s options; "you may": the player may perform none (8.6.3)
        made = _Build.modal(self, *(p for p in parts if p != "may"))  # type: ignore[arg-type]
        return evolve(made, may="may" in parts)

    @v_args(inline=True, meta=True)
    def sf_memory17(self, meta: Meta) -> _Word:
        return _word(meta, "from:memory")

    def _zone_move17(self, src: str, n: Token, select: Select, dst: str) -> Cost:
        to = {"waiting_room": "waiting"}.get(str(dst), str(dst))
        if to == src:
            raise _refuse(n, "a cost that puts cards into the zone they are taken from")
        return Cost(moves17=(ZoneMove17(_count17(n, "a cost of cards"), select, src, to),))

    def k_from_waiting17(self, n: Token, select: Select, dst: str) -> Cost:
        return self._zone_move17("waiting", n, select, dst)

    def k_from_memory17(self, n: Token, select: Select, dst: str) -> Cost:
        return self._zone_move17("memory", n, select, dst)

    def k_from_clock17(self, n: Token, select: Select, dst: str) -> Cost:
        return self._zone_move17("clock", n, select, dst)

    def self_stage17(self, *parts: object) -> SelfStage17:
        place = next(str(p) for p in parts if isinstance(p, str) and str(p).startswith("stage"))
        return SelfStage17(place, may="may" in parts, rest="rest" in parts)

    def pump_opp_chooses17(self, n: Token, *parts: object) -> Pump:
        # `pump_opp`'s gain on the character the opponent chooses (8.6.3), of a trait if one is written (2.5.3)
        made = _Build.pump_opp(self, n, *parts)  # type: ignore[arg-type]
        trait = _tokens(parts, "TRAIT")
        return evolve(made, who="opp-chooses", select=Select("character", str(trait[0])[1:-1].strip()) if trait else None)


# --- s16 head: the condition structure widened (the grammar's block "s16 head") -----------------------------------------
class _RestMore16:
    """s16 head: "… and 1 of your other characters" after "【REST】 this card": the rest cost's second part, written without
    its verb (`_rest_more16` joins it to the part before)."""

    def __init__(self, cost: Cost, at: int):
        self.cost, self.at = cost, at


def _rest_more16(parts: tuple) -> tuple[Cost, ...]:
    """The cost's parts with each `_RestMore16` read as a rest of other characters, only right after "【REST】 this card"
    (8.4.2: this card and that many other standing characters are rested, 4.6.1.2)."""
    out: list[Cost] = []
    for p in parts:
        if isinstance(p, _RestMore16):
            if not out or not out[-1].rest_self or out[-1].rest_chars:
                raise _refuse(p.at, "'… and N of your other characters' follows '【REST】 this card'")
            out.append(p.cost)
        else:
            out.append(p)
    return tuple(out)


class _BuildHead16:
    """s16 head: the Transformer's methods for the grammar's block "s16 head" (issue 13, sixteenth session)."""

    def hw_alt16(self, *parts: object) -> _What:
        names = next((p for p in parts if isinstance(p, _Names)), None)
        what = self.hw_kind(*(p for p in parts if not isinstance(p, _Names)))  # type: ignore[attr-defined]  # _BuildHead's
        return _What(evolve(what.select, name=str(names)), what.other) if names is not None else what

    @v_args(inline=True, meta=True)
    def hw_or16(self, meta: Meta, *alts: _What) -> _What:
        # alternatives of one count (8.3.3): a card counts once if it is any of them; "other" written first covers them all
        if any(a.other for a in alts[1:]):
            raise _refuse(getattr(meta, "start_pos", 0), "'other' is written before the first of the alternatives")
        return _What(Select(alts[0].select.kind, alts=tuple(a.select for a in alts)), alts[0].other)

    def aw_opp16(self) -> str:
        return "opponent"

    def aw_other16(self) -> str:
        return "other"

    def all_where16(self, area: _Word) -> str:
        return str(area)  # "center" | "back" (3.6.3)

    def ab_trait16(self, trait: Token) -> tuple[Select, str]:
        return Select("character", str(trait)[1:-1].strip()), ""

    def ab_colour16(self, colour: _Word) -> tuple[Select, str]:
        return Select("character", color=str(colour)[4:]), ""

    def ab_stand16(self) -> tuple[Select, str]:
        return Select("character"), "stand"

    def ab_rest16(self) -> tuple[Select, str]:
        return Select("character"), "rest"

    def ab_reversed16(self) -> tuple[Select, str]:
        return Select("character"), "reverse"

    def c_all16(self, *parts: object) -> Cond:
        # "if all of your opponent's characters are 《T》", "if all of your other characters on the center stage are 【STAND】"
        what, orient = next(p for p in parts if isinstance(p, tuple))
        area = next((str(p) for p in parts if isinstance(p, str) and p in ("center", "back")), "stage")
        return Cond("all-are", AllAre("opponent" if "opponent" in parts else "own", area, what, "other" in parts, orient))

    def c_all_theirs16(self, area: _Word, be: tuple[Select, str]) -> Cond:
        # "all characters in their center stage": the opponent's (their: the opponent named before, 3.6.3)
        return Cond("all-are", AllAre("opponent", str(area), be[0], False, be[1]))

    def no_stand_opp16(self, *parts: object) -> NoStand:
        # "choose [up to] N of your opponent's [level 0 or lower] characters. Those characters cannot 【STAND】 …"
        up_to = "up to" in parts
        n = _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a", "2", "two", "3", "three"), "choose … of your opponent's "
                 "characters")
        if n > 1 and not up_to:
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "'choose N of your opponent's characters' is read with 'up to'")
        return NoStand("choose-opp", n, up_to, _opt(parts, Select))

    def no_stand_self16(self) -> NoStand:
        return NoStand("self")

    def k_stage_another16(self, select: Select) -> Cost:
        # "Put another 《T》 character from your stage into your waiting room": one character other than this card (8.4.2)
        if select.kind != "character" or select.icon:
            raise _refuse(0, "a cost from your stage puts a character into your waiting room")
        return Cost(stage_to_waiting=1, stage_select=select, stage_other=True)

    @v_args(inline=True, meta=True)
    def k_rest_more16(self, meta: Meta, n: Token, *parts: object) -> _RestMore16:
        # the other characters rested with this card ("1 of your other characters": not this card, which rests too)
        trait = _tokens(parts, "TRAIT")
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        return _RestMore16(Cost(rest_chars=_num(n, ("1", "2", "one", "two", "a"), "a cost that rests your characters"),
                                rest_select=Select("character", str(trait[0])[1:-1].strip() if trait else ""),
                                rest_other=True), getattr(meta, "start_pos", 0))

    def c_all_trait_or_named16(self, trait: Token, names: _Names, *_words: object) -> Cond:
        # "if all of your characters are 《T》 or have "X" in its card name": each is of the trait or has that portion of
        # its name (2.5.3, 2.1.2.2)
        part = Select(name=NAME_OR.join(NAME_PART + n for n in str(names).split(NAME_OR)))
        return Cond("all-are", AllAre(what=Select("character", alts=(Select("character", str(trait)[1:-1].strip()),
                                                                     part))))


class _BuildWs16b:
    """s16b ws: the Transformer's methods for the grammar's block "s16b ws" (issue 13, sixteenth session)."""

    def w_kw_used16b(self, name: Token) -> tuple[str, str]:
        # "When you use "Accelerate"": any of your abilities with that keyword used (10.7.4, 10.12.3)
        return ("when", f"used-{_used_keyword16b(name)}")


def _used_keyword16b(name: Token) -> str:
    keyword = str(name)[1:-1].strip().lower()
    if keyword not in USED_KEYWORDS16B:
        raise _refuse(name, "'When you use (this card's) \"X\"' names the Backup keyword (10.5), \"Brainstorm\" (10.7.4) "
                      "or \"Accelerate\" (10.12.3)")
    return keyword


def _ban_until17(parts: tuple, who: str) -> str:
    """A player restriction's duration (8.2.1.2): "turn", or "opp-next" for "until the end of your opponent's next turn" and
    (s17 head) for "… of their / his or her next turn" where the restricted player is the opponent; those pronouns name
    no other player's turn."""
    their = _tokens(parts, "THEIR_NEXT17")
    if their and who != "opp":
        raise _refuse(their[0], "'their next turn' is read only for a restriction on your opponent")
    return "opp-next" if their or _tokens(parts, "NEXT_TURN") else "turn"


class _Watched17(str):
    """The event a watching timing names ("other-attacks", …), told apart from the names around it."""


class _BuildHead17:
    """s17 ws head: the Transformer's methods for the grammar's block "# s17 ws head"."""

    def c_card_in_and17(self, _and: Token, things: tuple[_What, ...], place: _Place) -> tuple[Cond, ...]:
        return self.c_card_in(things, place)  # type: ignore[attr-defined]  # after the list's ", and" (8.3.3)

    @v_args(inline=True, meta=True)
    def c_zone_has_none17(self, meta: Meta, *parts: object) -> Cond:
        # "if your hand has no cards": none there, 0 or less (8.3.3), as `c_zone_has` counts
        return self.c_zone_has(*parts, _Bound(0, False, meta.start_pos))  # type: ignore[attr-defined]

    @v_args(inline=True, meta=True)
    def c_have_none17(self, meta: Meta, *parts: object) -> Cond:
        # "if you have no (other) 《T》 characters (in your …)": 0 or less, as `c_have_in` counts
        what = next(p for p in parts if isinstance(p, _What))
        return self.c_have_in(_Bound(0, False, meta.start_pos), what, *(p for p in parts if isinstance(p, _Place)))  # type: ignore[attr-defined]

    @v_args(inline=True, meta=True)
    def plain_limited17(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        # "【ACT】 [cost] This ability activates up to N time(s) per turn. …": the 【ACT】 ability's own limit (its text; the
        # rules set none), counted by `play.activate`; in any other category the words are refused by name
        used = _tokens(parts, "USED_LIMIT17")  # "This ability can be used up to N times per turn."
        word = str(used[0]).split()[7].lower() if used else ""  # "this ability can be used up to N …"
        limit = next((p for p in parts if isinstance(p, _Limit)), None) or _Limit(
            _WORD_NUMBERS.get(word) or int(word), used[0].start_pos or 0)
        make = self.plain(meta, *(p for p in parts if not isinstance(p, _Limit) and p not in used))  # type: ignore[attr-defined]

        def made(text: str, category: str) -> Ability:
            if category != "act":
                raise _refuse(limit.at, "'This ability … up to N times per turn' before sentences limits an 【ACT】 ability")
            return evolve(make(text, category), limit=limit.n)
        return made

    def k_rest_other_self17(self, n: Token, *parts: object) -> Cost:
        # this card and N other standing characters (of the trait written) rested (8.4.2; 4.6.1.2), as `k_rest_more16`
        # reads "【REST】 this card and N of your other characters"
        trait = _tokens(parts, "TRAIT")
        return Cost(rest_self=True, rest_chars=_num(n, ("1", "2", "one", "two", "a"), "a cost that rests your characters"),
                    rest_select=Select("character", str(trait[0])[1:-1].strip() if trait else ""), rest_other=True)

    def k_self_to_stock17(self) -> Cost:
        return Cost(self_to_zone="stock")  # from the stage into the stock (3.10.1)

    def we_frontal17(self) -> _Watched17:
        return _Watched17("other-frontal-attacked")  # the defending character of a frontal attack, 7.2.1.5.1

    def we_reversed17(self) -> _Watched17:
        return _Watched17("other-reversed")  # as `w_other_reversed`, with or without "in battle"

    def we_to_waiting17(self) -> _Watched17:
        return _Watched17("other-to-waiting")  # 3.4.1, from the stage

    def w_other_named_attacks17(self, *parts: object) -> tuple[str, str]:
        return self.w_other_named17(*parts, _Watched17("other-attacks"))  # 7.2.1

    def w_other_named17(self, *parts: object) -> tuple[str, str]:
        # the watched character by its name or a portion of it, as `_watched_fits` matches a quoted name (2.1.2, 2.1.2.2)
        names = next(p for p in parts if isinstance(p, _Names))
        event = next(p for p in parts if isinstance(p, _Watched17))
        return ("when", f'{event}:"{names}"')

    @v_args(inline=True, meta=True)
    def hb_none17(self, meta: Meta) -> _Bound:
        return _Bound(0, False, meta.start_pos)  # "no cards": none, 0 or less (8.3.3)

    def or_reverse17(self) -> str:
        return "reverse"  # 4.6.1.3

    def or_stand17(self) -> str:
        return "stand"  # 4.6.1.1

    def or_rest17(self) -> str:
        return "rest"  # 4.6.1.2

    def c_this_orient17(self, words: Token, orient: str) -> Cond:
        # "if this card is (not) 【REVERSE】": this card on the stage in (not in) that state (4.6.1)
        return Cond("this-orient17", ("!" if str(words).lower().split()[-1] == "not" else "") + orient)

    def c_this_in_not17(self, _this: Token, where: str, _not: Token, orient: str) -> tuple[Cond, ...]:
        # "if this card is on your center stage and not 【REVERSE】": two conditions on this card, both needed (8.3.3)
        return (Cond("this-in", where), Cond("this-orient17", "!" + orient))


class _OppBack17:
    """s17 body: "put it on the top or at the bottom of their deck" after "look at the top card of your opponent's deck"
    (`_memory_back_joined` joins them into one `LookPut`), where it was written."""

    def __init__(self, at: int):
        self.at = at


# s17 body: where "put it (that character)" takes the one card a mill put into the waiting room (`RevealedTo.zone`)
_MILLED_TO17 = ("hand", "stock", "stage")


class _BuildBody17:
    """s17 body: the Transformer's methods for the grammar's block "# s17 body" (issue 13, seventeenth session): the effect
    body's selections, references and gains."""

    @v_args(inline=True, meta=True)
    def revealed_stage17(self, meta: Meta, who: str, place: str, *rest: object) -> _It:
        # "put that character on any position of your back stage": the revealed or milled card, read as "it" (4.9.1)
        if who != "that character":
            raise _refuse(meta.start_pos, "'put that character on … your stage' names the card revealed or put into the "
                          "waiting room just before")
        return _It(RevealedTo(str(place), rest=bool(rest)), getattr(meta, "start_pos", 0))

    def opp_move_many17(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        # `opp_move_many`'s choice of up to N, only among those the selection describes (`_opp_to_many`)
        made = _Build.opp_move_many(self, _up_to, n, *parts)  # type: ignore[arg-type]
        area = next((p for p in parts if isinstance(p, _Word) and p in ("center", "back")), "")
        bound = _opt(parts, Select)
        trait = _tokens(parts, "TRAIT")
        if trait:
            bound = evolve(bound or Select("character"), trait=str(trait[0])[1:-1].strip())
        return evolve(made, area=str(area), select=bound)

    def pump_choose_dur17(self, n: Token, *parts: object) -> Pump:
        rest, dur = _dur_apart(parts)  # the duration printed first, read as `pump_choose` reads it after the gain
        return _Build.pump_choose(self, n, *rest, *dur)  # type: ignore[arg-type]

    def pump_opp_dur17(self, n: Token, *parts: object) -> Pump:
        rest, dur = _dur_apart(parts)
        return _Build.pump_opp(self, n, *rest, *dur)  # type: ignore[arg-type]

    def pump_choose_facing17(self, n: Token, *parts: object) -> Pump:
        # "choose a character facing this card": the one character facing it (3.6.5), as `pump_facing`'s "the character …"
        _num(n, ("1", "one", "a"), "choose … character facing this card")
        rest, dur = _dur_apart(parts)
        return _BuildBody.pump_facing(self, "gets", *(p for p in rest if p not in ("get", "gets")), *dur)  # type: ignore[arg-type]

    def salvage_level_part17(self, *parts: object) -> Salvage:
        rest, names = _without_names(parts)  # `salvage_level`'s choice, of cards with that portion of the name too
        return evolve(_BuildBody.salvage_level(self, *rest), name=names)  # type: ignore[arg-type]

    def salvage_cost_part17(self, *parts: object) -> Salvage:
        rest, names = _without_names(parts)
        return evolve(_BuildZone13.salvage_cost(self, *rest), name=names)  # type: ignore[arg-type]

    @v_args(inline=True, meta=True)
    def s_middle17(self, meta: Meta, *parts: object) -> _Word:
        # your character on the middle position (3.6.3), this card too: `s_middle_other`'s subject without "other"
        return _middle17(meta, "all", parts)

    @v_args(inline=True, meta=True)
    def s_middle_other17(self, meta: Meta, *parts: object) -> _Word:
        return _middle17(meta, "others", parts)

    def for_x_have_trait17(self, per: _Per, trait: Token) -> _Per:
        scope, _, already = per.what.partition(":")
        if already:
            raise _refuse(trait, "characters counted by one trait, printed before or after them")
        return _Per(f"{scope}:{str(trait)[1:-1].strip()}", per.at, per.times)

    def for_x_trait17(self, per: _Per, trait: Token, times: Token) -> _Per:
        return _Build.for_x(self, self.for_x_have_trait17(per, trait), times)  # type: ignore[arg-type]

    @v_args(inline=True, meta=True)
    def opp_back_one17(self, meta: Meta, *_parts: object) -> _OppBack17:
        return _OppBack17(meta.start_pos)

    def look_opp_up_to17(self, n: Token, *parts: object) -> LookPut:
        return self._opp_look17(_Build.look_up_to(self, n, "cards"), parts)  # type: ignore[arg-type]

    def look_opp_top17(self, n: Token, *parts: object) -> LookPut:
        return self._opp_look17(_Build.look_top(self, n, "cards"), parts)  # type: ignore[arg-type]

    def _opp_look17(self, look: tuple, parts: tuple) -> LookPut:
        # `look_put`'s checks (one card for "top or bottom"), on the opponent's deck
        return evolve(_Build.look_put(self, look, *parts), whose="opponent")  # type: ignore[arg-type]


def _middle17(meta: Meta, scope: str, parts: tuple) -> _Word:
    trait = _tokens(parts, "TRAIT")
    w = _trait_word(meta, scope, trait[0]) if trait else _word(meta, scope)
    w.where = "CM"
    names = next((p for p in parts if isinstance(p, _Names)), None)
    if names is not None:  # a portion of the name (2.1.2.2), as `s_others_named` names a card
        w.named = str(names)
    return w


@v_args(inline=True)
class _Build(_BuildHead17, _BuildZone17, _BuildBody17, _BuildWs16b, _BuildQuote16, _BuildHead16, _BuildZone16,
             _BuildHeadZone15b, _BuildBodyQuote15b, _BuildQuote15,
             _BuildHead, _BuildHead10, _BuildHead11, _BuildHead12, _BuildHead13, _BuildHead13b, _BuildHead14,
             _BuildHeadZone14b, _BuildBody, _BuildBody10, _BuildBody11, _BuildBody12, _BuildBody13, _BuildBody13b,
             _BuildBody14, _BuildZone13, _BuildZone14, _BuildBody14b, _BuildBody15, _BuildBody16, _BuildZone15,
             _BuildHead15, _BuildXBody, _BuildX, Transformer):
    """Every method returns an effects.py value or a small part of one; `start` applies the category."""

    def __default__(self, data, children, meta):
        if data in _ALIASES:
            return _word(meta, _ALIASES[data])
        if data in _TRIGGERS:
            return ("when", _TRIGGERS[data])
        if data in _FLAG_CONDS:
            return Cond(_FLAG_CONDS[data])
        return super().__default__(data, children, meta)

    # --- costs (8.4)
    @v_args(inline=True, meta=True)
    def cost(self, meta: Meta, *parts: Cost) -> Cost:
        parts = _rest_more16(parts)  # s16 head: "【REST】 this card and 1 of your other characters"
        c = Cost()
        for p in parts:
            if c.discard and p.discard and c.discard_select != p.discard_select:
                raise _refuse(meta.start_pos, "a cost that puts two kinds of cards from your hand into your waiting room")
            c = Cost(stock=c.stock + p.stock, discard_self=c.discard_self or p.discard_self,
                     discard=c.discard + p.discard, discard_select=p.discard_select if p.discard else c.discard_select,
                     rest_self=c.rest_self or p.rest_self,
                     clock_top=c.clock_top + p.clock_top, self_to_waiting=c.self_to_waiting or p.self_to_waiting,
                     reveal=p.reveal or c.reveal, rest_chars=c.rest_chars + p.rest_chars)
        c = _rest14(_head10_costs(_moving_costs(c, parts), parts), parts)  # s10-wshead: this card, a climax; s14 heads
        c = evolve(c, moves17=tuple(m for p in parts for m in p.moves17))  # s17 zone: cards between the zones
        return _cost_whole16(evolve(c, markers_to_waiting=sum(p.markers_to_waiting for p in parts)), parts, meta)

    def k_stock(self, *parts: object) -> Cost:
        icons = _tokens(parts, "STOCK")
        stock = sum("①②③④⑤⑥⑦⑧⑨".index(t) + 1 if len(t) == 1 else int(t.strip("()")) for t in icons)
        item = _opt(parts, Cost)
        return evolve(item, stock=stock) if isinstance(item, Cost) else Cost(stock=stock)

    def k_stock_n(self, n: Token, *_dots: Token) -> Cost:
        return Cost(stock=int(n))

    def cost_part(self, item: Cost, *_dots: Token) -> Cost:
        return item

    def k_discard_self(self) -> Cost:
        return Cost(discard_self=True)

    def k_to_waiting(self) -> Cost:
        return Cost(self_to_waiting=True)

    def k_discard(self, n: Token, select: Select) -> Cost:
        # 8.4.1/8.4.2: "Put N <card|character|climax> from your hand into your waiting room", a trait if named (2.5.3)
        return Cost(discard=_num(n, _HAND_COST_N, "a cost of cards from your hand"),
                    discard_select=select)

    def k_rest(self) -> Cost:
        return Cost(rest_self=True)

    def k_clock_top(self, *parts: object) -> Cost:
        n = _tokens(parts, "NUMBER")
        return Cost(clock_top=int(n[0]) if n else 1)

    def k_reveal(self, n: Token, name: Token) -> Cost:
        _num(n, ("a", "1", "one"), "a cost that reveals a card")
        return Cost(reveal=str(name)[1:-1])

    # --- gains and one-shot effects (8.1.1)
    def gain(self, *parts: Token) -> tuple[int, int]:
        power = soul = 0
        for value, stat in zip(parts[::2], parts[1::2], strict=True):
            if stat == "power":
                power += int(value)
            else:
                soul += int(value)
        return power, soul

    def draw(self, *parts: object) -> Draw:
        n = next(p for p in parts if isinstance(p, Token))
        return Draw(_num(n, ("a", "1", "one", "2", "two"), "draw"), "may" in parts, at_most="up to" in parts)

    def pump(self, who: _Word, _get: str, *parts: object) -> Pump:
        # s17 body: "all of your other (《T》) characters" get it too, any but the ability's own card (`Pump.other`)
        if who not in _PUMP_WHO and who != "others" or who.named or who.where or who.min_level or who.select is not None:
            raise _refuse(who.at, "until end of turn, this card, 1 of your characters or all of your characters (the other "
                          "ones, or those of a trait) gets it")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump(_PUMP_WHO.get(who, "all-own"), gain[0], gain[1], trait=who.trait, until=until, levels=_levels(parts),
                    other=who == "others")

    def level_gain(self, n: Token) -> _Levels:
        return _Levels(int(n))

    def pump_x(self, who: _Word, _get: str, _x: Token, stat: str, _stop: Token, per: _Per) -> Pump:
        if who not in _PUMP_WHO or who.trait:
            raise _refuse(who.at, "+X until end of turn: this card or all of your characters gets it")
        gain = (per.times, 0) if stat == "power" else (0, per.times)
        return Pump(_PUMP_WHO[who], *gain, per=per.what)

    @v_args(inline=True, meta=True)
    def s_all_trait(self, meta: Meta, trait: Token) -> _Word:
        return _trait_word(meta, "all", trait)

    @v_args(inline=True, meta=True)
    def s_others_trait(self, meta: Meta, trait: Token) -> _Word:
        return _trait_word(meta, "others", trait)

    def pump_choose(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        trait = _tokens(parts, "TRAIT")
        if trait and ("defending" in parts or "in battle" in parts):
            raise _refuse(trait[0], "a defending character or one in battle is chosen without a trait")
        if "defending" in parts and "in battle" in parts:
            raise _refuse(n, "a defending character is always in battle: 'in battle' is read without 'defending'")
        who = "choose-defending" if "defending" in parts else "choose-battle" if "in battle" in parts else "choose-own"
        if "other" in parts and who != "choose-own":
            raise _refuse(n, "'other' is read in 'choose 1 of your other characters', not with a character in battle")
        return Pump(who, gain[0], gain[1], trait=str(trait[0])[1:-1].strip() if trait else "", other="other" in parts,
                    until=until, levels=_levels(parts))

    def top_to(self, *parts: object) -> TopTo | Heal | StockTop | DeckTopMarker:
        n = _tokens(parts, "NUMBER", "N_TWO", "N_THREE")  # "the top 3 cards" or, as many cards print it, "three"
        source = parts[-1]
        if isinstance(source, StockTop | DeckTopMarker):  # s14 zones: "… of your stock into your …", "… as a marker"
            _one_card(parts, "the top card of your stock / deck put there")
            if n:
                raise _refuse(n[0], "'put the top card of your stock / deck …' is one card")
            return evolve(source, may="may" in parts)
        if isinstance(source, Heal):
            if bool(n) != ("cards" in parts):
                raise _refuse(n[0] if n else parts[0], "'the top card of your clock' is one card, 'the top N cards' N")
            # s13 zones: into the waiting room or the stock; s17 zone: the top N cards, one at a time (3.8.2)
            return evolve(source, may="may" in parts, heal_n=_count17(n[0], "the top … cards of your clock") if n else 1)
        count = (int(n[0]) if n[0].type == "NUMBER" else _num(n[0], ("two", "three"), "the top")) if n else 1
        if source == "clock_bottom" and (n or "cards" in parts):  # s15 zone: the order of several is not printed
            raise _refuse(n[0] if n else parts[0], "'put the top card of your deck at the bottom of your clock' is one card")
        return TopTo(str(source), count, "may" in parts)

    def top_source(self, zone: str) -> str:
        return zone

    def from_clock(self) -> Heal:
        return Heal()

    def damage(self, n: Token) -> Damage:
        return Damage(int(n))

    def self_to(self, zone: str) -> SelfTo:
        return SelfTo(str(zone))

    def return_self(self) -> SelfTo:
        return SelfTo("hand")

    def salvage(self, *parts: object) -> Salvage:
        n = next(p for p in parts if isinstance(p, Token))
        up_to = "up to" in parts
        _num(n, ("1", "one", "a", "an"), "choose … in your waiting room")
        trait, name = _tokens(parts, "TRAIT"), _tokens(parts, "QNAME", "QNAMES")
        kind = next((str(p) for p in parts if p in ("character", "card", "climax")), "card")
        color = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")
        from_zone = next(str(p)[5:] for p in parts if isinstance(p, _Word) and p.startswith("from:"))
        to, _, rest = str(parts[-1]).partition(":")  # s9-wsrealb: "stage[:rest]" (`sd_stage`); s10: "marker:up|down"
        # s11 bodies: from the clock; s17 zone: from any other zone (the memory, the climax area: 3.4.1)
        if to == "waiting_room" and from_zone == "waiting_room":
            raise _refuse(n, "'put it into your waiting room' reads a card chosen in another zone than the waiting room")
        return Salvage(str(name[0])[1:-1] if name else None, kind, up_to,
                       str(trait[0])[1:-1].strip() if trait else "", "may" in parts, to=to,
                       from_zone=from_zone, color=color, rest=rest == "rest", face=rest if to == "marker" else "")

    def num(self, tok: Token) -> Token:
        return tok

    # --- the opponent's characters, looking at and searching the deck
    def pump_opp(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose … of your opponent's characters")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("choose-opp", gain[0], gain[1], until=until, levels=_levels(parts))

    def opp_move(self, n: Token, *parts: object) -> OppTo | Rest | Reverse:
        _num(n, ("1", "one", "a"), "choose … of your opponent's characters")
        if parts[-1] == "reverse":  # s9-wsrealb
            return Reverse("choose-opp")
        return Rest("choose-opp") if parts[-1] == "rest" else OppTo(str(parts[-1]))

    def sk_card(self) -> str:
        return "card"

    def sk_character(self) -> str:
        return "character"

    def sk_climax(self) -> str:
        return "climax"

    def select(self, *parts: object) -> Select:
        trait = _tokens(parts, "TRAIT")
        icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        kind = next(str(p) for p in parts if p in ("card", "character", "climax"))
        return Select(kind, str(trait[0])[1:-1].strip() if trait else "", icon=icon)

    def salvage_many(self, _up_to: _Word, n: Token, *parts: object) -> Salvage:
        many = _num(n, ("2", "3", "4", "two", "three", "four"), "choose up to … characters in your waiting room")
        trait = _tokens(parts, "TRAIT")
        where = next(str(p) for p in parts if isinstance(p, _Word) and str(p).startswith("from:"))
        return Salvage(None, "character", True, str(trait[0])[1:-1].strip() if trait else "",
                       from_zone=where.split(":", 1)[1], many=many)

    def pump_opp_area_many(self, _up_to: _Word, n: Token, *parts: object) -> Pump:
        many = _num(n, ("1", "2", "3", "one", "two", "three"), "choose up to … characters in your opponent's stage")
        parts, until = _dur(parts)
        gain = parts[-1]
        area = next(str(p) for p in parts if p in ("center", "back"))
        assert isinstance(gain, tuple)
        return Pump("choose-opp", gain[0], gain[1], area=area, until=until, levels=_levels(parts), many=many)

    @v_args(inline=True, meta=True)
    def level_note(self, meta: Meta, n: Token) -> _LevelNote:
        if int(n) != 0:  # the engine counts a climax as level 0 (conditions.level_fits), as the cards print it
            raise _refuse(n, "a climax is regarded as level 0")
        return _LevelNote(meta.start_pos)

    def select_level(self, n: Token, direction: str, *parts: object) -> Select:
        # s7-wsreal: "level N or higher/lower <kind>" (2.6): kept as Select.level, as the reveal filter keeps it
        return evolve(self.select(*parts), level=("<=" if direction == "lower" else ">=") + str(int(n)))

    def with_icon(self, icon: Token) -> tuple[str, str]:
        return ("icon", str(icon).strip("[] ").lower())

    def look_up_to(self, n: Token, _cards: str) -> tuple[str, int, bool]:
        return ("look", _num(n, _LOOK_NUMBERS, "look at up to"), True)

    def look_top(self, n: Token, _cards: str) -> tuple[str, int, bool]:
        return ("look", _num(n, _LOOK_NUMBERS, "look at the top"), False)

    def look_take(self, look: tuple, *parts: object) -> LookTake | _XPending:
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        # s10 bodies: "choose up to 2 … from among them, … put them into your hand / stock in any order"
        many = ("2", "3", "two", "three") if up_to and "deck_top" not in parts else ()
        take = _num(n, ("1", "one") + many, "choose … from among them")
        if "deck_top_order" in parts:  # s14 bodies: "put them on the top of your deck in any order" (`look_back_order14`)
            if take == 1:
                raise _refuse(n, "'put them on the top of your deck in any order' follows 'choose up to 2 … from among them'")
            parts = tuple("deck_top" if p == "deck_top_order" else p for p in parts)
        if "stock" in parts and take == 1:
            raise _refuse(n, "'put them into your stock in any order' follows 'choose up to 2 … from among them'")
        made = LookTake(look[1], look[2], _opt(parts, Select) or Select(), take, up_to, reveal="reveal" in parts,
                        to="deck_top" if "deck_top" in parts else "stock" if "stock" in parts else "hand")
        return _XPending(made, look[3]) if len(look) > 3 else made  # s12 bodies: X defined by the next sentence

    def look_opp(self, *parts: object) -> LookOpp:
        return LookOpp("may" in parts)

    def look_back_top(self, *_parts: object) -> str:
        return "deck_top"

    def search(self, n: Token, select: Select, *parts: object) -> Search:
        return Search(_num(n, ("1", "2", "3", "one", "two", "three"), "search your deck for up to"), select)

    @v_args(inline=True, meta=True)
    def sentences(self, meta: Meta, *parts: object) -> tuple:
        parts = _x_defined(_after_level_bound(parts))
        effects = _memory_back_joined(_among_those(_if_done(_after_reveal(_if_hand(  # s13 bodies: `_if_hand`
            tuple(p for p in parts if not isinstance(p, Token | _Reminder)))))))
        reminder = next((p for p in parts if isinstance(p, _Reminder | _DamageNote)), None)
        # s8-wsrealb: the reminder explains the ability's damage (2.12.3), wherever its sentences deal it
        if reminder is not None and not _deals_damage(effects):
            raise _refuse(reminder.at, "'(Damage may be canceled)' follows a sentence that deals damage")
        return ("sentences", effects, meta.start_pos)

    # --- effect actions (real card texts, issue 13): selections, reveals, zones ---------------------------------
    def k_climax(self) -> str:
        return "climax"

    def rf_kind(self, _a: Token, *parts: object) -> Select:
        trait = _tokens(parts, "TRAIT")
        return Select(str(parts[-1]), str(trait[0])[1:-1].strip() if trait else "")

    def rf_event(self, _a: Token) -> Select:
        return Select("event")

    def rf_name(self, name: Token) -> Select:
        return Select(name=str(name)[1:-1])

    def rf_any(self, *alts: Select) -> Select:
        return Select(alts=alts)

    def rf_level(self, *parts: object) -> Select:
        n = _tokens(parts, "NUMBER")[0]
        kind = parts[-1] if parts[-1] in ("card", "character", "climax") else "card"
        return Select(str(kind), level=("<=" if "lower" in parts else ">=") + str(int(n)))

    def ld_lower(self) -> str:
        return "lower"

    def ld_higher(self) -> str:
        return "higher"

    @v_args(inline=True, meta=True)
    def revealed_to(self, meta: Meta, zone: str) -> _It:
        return _It(RevealedTo(str(zone)), getattr(meta, "start_pos", 0))

    def reveal_top(self, *parts: object) -> RevealTop:
        select = _opt(parts, Select)
        assert select is not None
        # s17 body: "…, put it on any position of your stage, and that character gets …" joined in the sentence too
        then = _memory_back_joined(tuple(p.effect if isinstance(p, _It) else p for p in parts
                                         if not isinstance(p, Token | Select | str)))
        return RevealTop(select, then)

    @v_args(inline=True, meta=True)
    def reveal_note(self, meta: Meta, *parts: object) -> _Note:
        level = _tokens(parts, "NUMBER")
        if level and int(level[0]) != 0:
            raise _refuse(level[0], "a climax is regarded as level 0")
        return _Note(getattr(meta, "start_pos", 0))

    def look_reveal(self, *_parts: object) -> str:
        return "reveal"

    def look_top_one(self) -> tuple[str, int, bool]:
        return ("look", 1, False)

    def look_put(self, look: tuple, *parts: object) -> LookPut:
        if len(look) > 3:  # s12 bodies: an X is read where cards are chosen from among them (`look_take`)
            raise _refuse(look[3], "'look at up to X cards' is read before 'choose … from among them'")
        dest = str(parts[-1])
        if dest not in ("any-order", "original") and (look[1] != 1 or look[2]):
            raise _refuse(parts[-1].at if isinstance(parts[-1], _Word) else 0,
                          "'put it on the top …' follows 'look at the top card of your deck'")
        return LookPut(look[1], look[2], dest)

    @v_args(inline=True, meta=True)
    def lb_top_or_waiting(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "top-or-waiting")

    @v_args(inline=True, meta=True)
    def lb_top_or_bottom(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "top-or-bottom")

    @v_args(inline=True, meta=True)
    def lb_any_order(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "any-order")

    @v_args(inline=True, meta=True)
    def sf_waiting(self, meta: Meta) -> _Word:
        return _word(meta, "from:waiting_room")

    @v_args(inline=True, meta=True)
    def sf_clock(self, meta: Meta) -> _Word:
        return _word(meta, "from:clock")

    def sd_deck_bottom(self) -> str:
        return "deck_bottom"

    @v_args(inline=True, meta=True)
    def color(self, meta: Meta, word: Token) -> _Word:
        return _word(meta, f"col:{str(word).lower()}")

    def rest_self(self) -> Rest:
        return Rest("self")

    def od_rest(self, _it: str) -> str:
        return "rest"

    def pump_opp_area(self, n: Token, kind: _Word, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose … in your opponent's center/back stage")
        if kind != "character":
            raise _refuse(kind.at, "a character is chosen on the stage")
        parts, until = _dur(parts)
        gain = parts[-1]
        area = next(str(p) for p in parts if p in ("center", "back"))
        assert isinstance(gain, tuple)
        return Pump("choose-opp", gain[0], gain[1], area=area, until=until, levels=_levels(parts))

    @v_args(inline=True, meta=True)
    def battle_opp_to(self, meta: Meta, *parts: object) -> BattleOppTo | _It:
        eff = BattleOppTo(str(parts[-1]), "may" in parts)
        # "that character" names the battle opponent only after the trigger that names it (checked in `auto`)
        return _It(eff, getattr(meta, "start_pos", 0), "that character") if "that character" in parts else eff

    def bo_that_character(self) -> str:
        return "that character"

    def bo_battle_opponent(self) -> str:
        return "battle opponent"

    def reveal_take(self, *parts: object) -> RevealTake:
        n = _tokens(parts, *_NUMBERS)[0]
        parts = parts[parts.index(n) + 1:]
        count = _num(n, ("1", "2", "3", "4", "5", "one", "two", "three"), "reveal up to")
        at_least, take = _tokens(parts, "NUMBER", *_NUMBERS)[:2]
        _num(take, ("1", "one"), "choose … from among them")
        if str(at_least).lower() != "one" and int(at_least) != 1:  # s13 bodies: "one or more" too
            raise _refuse(at_least, "'If you revealed 1 or more cards' is read")
        look = LookTake(count, True, _opt(parts, Select) or Select(), 1, "up to" in parts, reveal="reveal" in parts)
        then = tuple(p for p in parts if not isinstance(p, Token | Select | str))
        # "you may reveal up to n": revealing none is one of the counts the player is asked for (3.2.3.1.1)
        return RevealTake(look, 1, then)

    def opp_move_up_to(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        _num(n, ("1", "one"), "choose up to … of your opponent's characters")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose up to 1 of your opponent's characters' is read before a move to a zone")
        return OppTo(str(parts[-1]), at_most=True)

    def marker_to(self, n: Token) -> MarkerTo:
        _num(n, ("1", "one", "a"), "choose … marker")
        return MarkerTo()

    def hand_to(self, n: Token, kind: str) -> HandTo:
        return HandTo(_num(n, ("1", "one", "a"), "choose … in your hand"), Select(str(kind)))

    # --- conditions and timings
    def c_climax(self, name: Token) -> Cond:
        return Cond("climax", str(name)[1:-1].lower())  # a climax is found by its name in any case

    def c_memory(self, n: Token) -> Cond:
        return Cond("memory", int(n))

    def c_level(self, n: Token) -> Cond:
        return Cond("level", int(n))

    def conds(self, *parts: object) -> tuple[Cond, ...]:
        # s9-wsreala: a condition on several things ("X" and "Y" are in your memory) is one Cond each
        return tuple(c for p in parts for c in (p if isinstance(p, tuple) else (p,)) if isinstance(c, Cond))

    def w_backup_used(self, name: Token) -> tuple[str, str]:
        # "When you use this card's "Backup"": the card's own Backup keyword (10.5) played from the hand
        if str(name)[1:-1].strip().lower() != "backup":  # s16b ws: this card's own Brainstorm, Accelerate
            return ("when", f"own-used-{_used_keyword16b(name)}")
        return ("when", "backup-used")

    def c_have_trait(self, n: Token, trait: Token, _character: str) -> Cond:
        # a character with no zone named is on the stage (2.3.2.1.2); a trait is written in 《 》 (2.5.3)
        _num(n, ("a", "an", "1"), "if you have … character")
        return Cond("have-trait", str(trait)[1:-1].strip())

    def w_begin(self, phase: str, _word: str) -> tuple[str, str]:
        return ("when", f"begin:{phase}")

    # --- s5-wsreal-a: the ability frame as real cards print it (the grammar's block of the same name)
    def c_facing_level(self, n: Token, *more: str) -> Cond:
        # "the character facing this card" (3.6.5) "is level N" / "N or higher" / "N or lower": "3+", "3-", "3"
        return Cond("facing-level", f"{int(n)}{more[0] if more else ''}")

    def or_higher(self) -> str:
        return "+"

    def or_lower(self) -> str:
        return "-"

    def c_opp_turn(self) -> Cond:
        return Cond("opp-turn")

    def c_have_n(self, n: Token, per: _Per) -> Cond:
        # your characters on the stage (2.3.2.1.2), other than this card when the text says "other"
        return Cond("have-at-least", f"{int(n)} {per.what}")

    def c_have_another(self, trait: Token, _character: str) -> Cond:
        return Cond("have-at-least", f"1 others:{str(trait)[1:-1].strip()}")

    def c_hand_at_most(self, n: Token) -> Cond:
        return Cond("hand-at-most", int(n))

    def c_all_trait(self, trait: Token) -> Cond:
        return Cond("all-trait", str(trait)[1:-1].strip())

    def w_your_climax(self) -> tuple[str, str]:
        return ("when", "your-climax-placed")

    def w_your_climax_icon(self, icon: tuple[str, str]) -> tuple[str, str]:
        return ("when", f"your-climax-placed:[{icon[1]}]")  # the watched climax's trigger icon (abilities._watchers)

    def w_other_attacks(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-attacks" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def w_other_placed(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-placed" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def may_return_self(self, _may: str) -> SelfTo:
        return SelfTo("hand", may=True)

    def w_other_reversed(self, *parts: object) -> tuple[str, str]:
        return ("when", "other-reversed" + "".join(f":{str(t)[1:-1].strip()}" for t in _tokens(parts, "TRAIT")))

    def for_each_after(self, per: _Per) -> _Per:
        return per

    def c_level_colours(self, colours: Token) -> Cond:
        # each colour named is among the cards in your level (3.9.1)
        return Cond("level-colours", ",".join(re.findall(r"yellow|green|red|blue", str(colours).lower())))

    def per_turn(self, n: Token, *_words: Token) -> _Limit:
        # s9-wsreala: the number also as a word ("up to one time per turn")
        return _Limit(_WORD_NUMBERS.get(str(n).lower()) or int(n), n.start_pos or 0)

    def w_act_used(self) -> tuple[str, str]:
        return ("when", "act-used")

    def x_level(self, times: Token) -> int:
        return int(str(times).lstrip("×✕ "))

    def x_level_n(self, n: Token) -> int:
        return int(n)

    def assist_x(self, who: _Word, _get: str, _x: Token, stat: str, _stop: Token, times: int,
                 *dots: Token) -> Callable[..., Ability]:
        if who != "front" or who.trait or who.min_level or stat != "power":
            raise _refuse(who.at, "Assist: 'All of your characters in front of this card get +X power. X is equal to "
                          "that character's level ×N'")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=times, per="level", text=text)

    @v_args(inline=True, meta=True)
    def cont_level(self, meta: Meta, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        if next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul")) != "power":
            raise _refuse(meta.start_pos, "+X power, X equal to that character's level")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        times = next(p for p in parts if isinstance(p, int) and not isinstance(p, bool))
        return ("cont", conds, who, (times, 0), _Per("level", meta.start_pos))

    @v_args(inline=True, meta=True)
    def s_others_named(self, meta: Meta, name: Token) -> _Word:
        w = _word(meta, "others")
        w.named = str(name)[1:-1]
        return w

    @v_args(inline=True, meta=True)
    def damage_reminder(self, meta: Meta) -> _Reminder:
        return _Reminder(getattr(meta, "start_pos", 0))

    def bond_reminded(self, name: Token, cost: Cost, reminder: tuple[Token, Token], *dots: Token) -> Callable[..., Ability]:
        n, chosen = reminder
        _num(n, ("1", "a", "one"), "Bond's reminder: choose")
        if _name_spec(chosen) != _slash_names(name):
            raise _refuse(chosen, f"Bond's reminder chooses the Bond's own card, \"{_slash_names(name)}\" (10.4.2)")
        return self.bond(name, cost, *dots)

    def bond_reminder(self, _stop: Token, n: Token, name: Token) -> tuple[Token, Token]:
        return (n, name)

    def bond_name(self, name: Token) -> Token:
        return name

    def w_other_opp_reversed(self) -> tuple[str, str]:
        return ("when", "other-opp-reversed")

    def x_count(self, per: _Per) -> _Per:
        return per

    def x_count_n(self, n: Token, per: _Per) -> _Per:
        return _Per(per.what, per.at, int(n))

    def for_x_have_n(self, per: _Per) -> _Per:
        return per

    def pump_choose_x(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose")
        per = next(p for p in parts if isinstance(p, _Per))
        stat = next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul"))
        trait = _tokens(parts, "TRAIT")
        gain = (per.times, 0) if stat == "power" else (0, per.times)
        return Pump("choose-own", *gain, trait=str(trait[0])[1:-1].strip() if trait else "", per=per.what)

    def c_have_named(self, name: Token) -> Cond:
        return Cond("have-named", str(name)[1:-1])

    @v_args(inline=True, meta=True)
    def s_middle_other(self, meta: Meta, *trait: Token) -> _Word:
        w = _trait_word(meta, "others", trait[0]) if trait else _word(meta, "others")
        w.where = "CM"
        return w

    @v_args(inline=True, meta=True)
    def s_front_level(self, meta: Meta, n: Token) -> _Word:
        w = _word(meta, "front")
        w.min_level = int(n)
        return w

    def area_back(self) -> _Word:
        return _Word("back")

    def area_center(self) -> _Word:
        return _Word("center")

    def c_climax_count(self, *parts: object) -> Cond:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        whose = "opponent" if "opponent" in parts else "own"
        return Cond("climax-in-waiting", f"{whose} {_num(n, ('1', '2', '3', '4', '5', 'one', 'two', 'three'), 'the number of climax')}")

    def opponents(self) -> str:
        return "opponent"

    def c_opp_above_level(self) -> Cond:
        return Cond("battle-opp-above-level")

    def c_battle_opp(self, stat: str, n: Token, *more: str) -> Cond:
        return Cond(f"battle-opp-{stat}", f"{int(n)}{more[0] if more else ''}")

    def w_frontal_attacked(self) -> tuple[str, str]:
        return ("when", "frontal-attacked")

    def bs_level(self) -> str:
        return "level"

    def bs_cost(self) -> str:
        return "cost"

    # --- s6-wsreal: costs that move cards (8.4.2)
    def k_stage_to_waiting(self, n: Token, *parts: object) -> Cost:
        select = next(p for p in parts if isinstance(p, Select))
        if select.kind != "character" or select.icon:
            raise _refuse(n, "a cost from your stage puts a character into your waiting room")
        return Cost(stage_to_waiting=_num(n, ("a", "an", "1", "one"), "a cost of characters from your stage"),
                    stage_select=select, stage_other="other" in parts)

    def k_hand_to_clock(self, n: Token, select: Select) -> Cost:
        return Cost(hand_to_clock=_num(n, ("a", "an", "1", "one"), "a cost of cards from your hand into your clock"),
                    clock_select=select)

    def k_self_to_memory(self) -> Cost:
        return Cost(self_to_memory=True)

    def k_rest_chars(self, n: Token, _character: str) -> Cost:
        return Cost(rest_chars=_num(n, ("1", "2", "3", "one", "two", "three", "a"), "a cost that rests your characters"))
    # --- end of the s5-wsreal-a block

    # --- s6-wsreal: "If you do," after an optional effect; the opponent's clock and stock
    @v_args(inline=True, meta=True)
    def if_do(self, meta: Meta, *parts: object) -> _IfDo:
        for e in parts:
            if isinstance(e, _It) and e.said == "it":
                raise _refuse(e.at, "'put it into …' is read after 'reveal the top card of your deck. If that card is …'")
        return _IfDo(_memory_back_joined(_among_those(tuple(p for p in parts if not isinstance(p, Token)))), meta.start_pos)

    def opp_clock_top(self, *parts: object) -> OppClockTop:
        _one_card(parts, "the top card of your opponent's clock")
        return OppClockTop("may" in parts)

    def opp_stock_bottom(self, *parts: object) -> OppStockBottom:
        _one_card(parts, "the bottom card of your opponent's stock")
        return OppStockBottom()

    # --- s6-wsreal: an ability granted by an effect ("… gets the following ability until end of turn. "…"")
    def grant(self, who: _Word, _get: str, *parts: object) -> Grant:
        if who != "self":
            return _grant_all15(who, parts)  # s15 quote: all of your (other) [《T》] characters
        return _grant("self", parts)

    def grant_choose(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        trait = _tokens(parts, "TRAIT")
        return _grant("choose-own", parts, str(trait[0])[1:-1].strip() if trait else "", "other" in parts)

    # --- s7-wsreal: "Choose 1 of the following effects, and perform it." and its quoted options (8.6.3)
    def modal(self, n: Token, *parts: object) -> Modal:
        _num(n, ("1", "one"), "choose … of the following effects")
        options = [_option(tok) for tok in _tokens(parts, "OPTION")]
        return Modal(tuple(o[0] for o in options), tuple(o[1] for o in options))

    # --- s7-wsreal: continuous level gains (2.6), on the stage or in the hand (2.12.2)
    def cont_levels(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        if who != "self":
            raise _refuse(who.at, "a continuous level gain goes to this card")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        levels = _levels(parts) or int(_tokens(parts, "SIGNED")[0])
        gain = next((p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int)), (0, 0))
        hand = "hand" in parts
        if hand and gain != (0, 0):
            raise _refuse(who.at, "in the hand a card has no power or soul that an effect changes (2.12.2)")
        reads_level = [c for c in conds if c.kind in _LEVEL_CONDS or (  # s13 heads: characters counted by level
            not hand and isinstance(c.value, Count) and c.value.what.level and c.value.zone in ("stage", "center", "back"))]
        if reads_level:  # a level that depends on a level: not read (the engine would ask itself in a loop)
            raise _refuse(who.at, "a level gain under a condition on a character's level")
        return ("cont-levels", conds, who, gain, levels, hand)

    def lz_stage(self) -> str:
        return "stage"

    def lz_hand(self) -> str:
        return "hand"

    def c_climax_at_most(self, *parts: object) -> Cond:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        whose = "opponent" if "opponent" in parts else "own"
        return Cond("climax-in-waiting-at-most",
                    f"{whose} {_num(n, ('0', '1', '2', '3', '4', '5', 'one', 'two', 'three'), 'the number of climax')}")

    def shift_reminder(self, n: Token, *parts: object) -> str:
        _num(n, ("1", "one", "a"), "Shift exchanges")  # 10.11.3: exactly two cards, one of them from the hand
        return "shift-reminder"

    # --- s7-wsreal: "If …, this card cannot be played from your hand." and the counts of your characters
    def play_ban(self, conds: tuple, *parts: object) -> tuple:
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("play-ban", conds)

    def stand_ban(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("stand-ban", conds)

    def c_have_at_most(self, per: _Per, n: Token) -> Cond:
        # your characters on the stage (2.3.2.1.2): "If the number of 《T》 characters you have is two or less"
        return Cond("have-at-most", f"{_num(n, ('0', '1', '2', '3', '4', 'one', 'two', 'three', 'four'), 'the number')} "
                    f"{per.what}")

    def c_have_none(self, *parts: object) -> Cond:
        per = next(p for p in parts if isinstance(p, _Per))
        return Cond("have-at-most", f"0 {per.what}")

    # --- s7-wsreal: the reminder text of a trigger icon (2.12.3)
    def icon_reminder(self, icon: Token, *parts: object) -> Callable[..., Ability]:
        name = str(icon).strip("[] ").lower()
        effects = tuple(p for p in parts if not isinstance(p, Token))
        said, rule = ICON_ACTIONS.get(name, ((), ""))
        if effects != said:
            raise _refuse(icon, f"this reminder does not say what the [{name.upper()}] icon does" +
                          (f" ({rule}: {_ICON_WORDS_SAID[name]})" if rule else " (4.12.2: the engine reads the "
                           "reminders of " + ", ".join(f"[{k.upper()}]" for k in ICON_ACTIONS) + ")"))

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(icon, f"a trigger icon's reminder text is not 【{category.upper()}】 (2.12.3)")
            return Ability("reminder", name, text=text)
        return make

    @v_args(inline=True, meta=True)
    def pay(self, meta: Meta, *parts: object) -> tuple[str, int]:
        return ("pay", meta.start_pos)

    # --- forms
    def auto(self, *parts: object) -> tuple:
        when = next(p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("when",))
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        # s12 heads: a timing that names the card's own part ("At the end of this card's attack") carries its condition
        conds = next(p[2:] for p in parts if isinstance(p, tuple) and p[:1] == ("when",)) + conds
        pay = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("pay",)), None)
        sentences = parts[-1]
        assert isinstance(sentences, tuple)
        _, effects, first = sentences
        limit = next((p.n for p in parts if isinstance(p, _Limit)), 0)
        named = "opp-reversed" if any(c.kind.startswith("battle-opp") for c in conds) else when
        return ("auto", when, conds, pay, _that_character(effects, named), first) + ((limit,) if limit else ())

    def cont(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        per = next((p for p in parts if isinstance(p, _Per)), None)
        return ("cont", conds, who, gain) + ((per,) if per else ())

    def cont_x(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        stat = next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul"))
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        per = next(p for p in parts if isinstance(p, _Per))
        gain = (per.times, 0) if stat == "power" else (0, per.times)
        return ("cont", conds, who, gain, per)

    @v_args(inline=True, meta=True)
    def count_what(self, meta: Meta, *parts: object) -> _Per:
        trait = _tokens(parts, "TRAIT")
        return _Per(("others" if "other" in parts else "all") + (f":{str(trait[0])[1:-1].strip()}" if trait else ""),
                    getattr(meta, "start_pos", 0))

    def other(self) -> str:
        return "other"

    def for_each(self, per: _Per) -> _Per:
        return per

    def for_x(self, per: _Per, times: Token) -> _Per:
        return _Per(per.what, per.at, int(str(times).lstrip("×✕ ")))

    def replacement(self, *parts: object) -> tuple:
        _one_dot(_opt(parts, Token))
        zone = next((p for p in parts if p in ("memory", "hand")), None)
        if zone is None:  # s11 bodies: `self_zone` reads "clock" too, for an effect
            raise _refuse(next((p for p in parts if p == "clock"), parts[-1]), "a replacement effect here puts this "
                          "card into your memory or your hand instead (8.2.1.3)")
        return ("replacement", str(zone))

    # --- keyword abilities (chapter 10): each returns a function of the category
    def encore(self, cost: Cost, *parts: Token) -> Callable[..., Ability]:
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        return lambda text, category: Ability("auto", "encore", "to-waiting", cost=cost, optional=True, text=text)

    def backup(self, power: Token, level: Token, *parts: object) -> Callable[..., Ability]:
        cost = _opt(parts, Cost) or Cost()
        reminder = _opt(parts, tuple)
        if isinstance(reminder, tuple) and str(reminder[1]) != f"+{power}":
            raise _refuse(reminder[1], f"Backup {power}'s text gives +{power} power (10.5.2)")
        return lambda text, category: Ability("act", "backup", power=int(power), level=int(level), cost=cost,
                                              text=text)

    def encore_reminder(self, *_dots: Token) -> Tree:
        return Tree("reminder", [])

    def backup_reminder(self, n: Token, _character: str, signed: Token, *_dots: Token) -> tuple[Token, Token]:
        _num(n, ("1", "one", "a"), "Backup's reminder: choose")
        return (n, signed)

    def backup_text(self, n: Token, *parts: object) -> tuple[Token, Token]:
        _num(n, ("1", "one", "a"), "Backup's text: choose")
        sep = next(p for p in parts if isinstance(p, _Word) and p in (";", ",", "and", "; and", ", and"))
        if sep in ("; and", ", and") or "get" in parts:
            raise _refuse(sep.at if sep in ("; and", ", and") else n, "Backup's text is 'Choose 1 of your defending characters; "
                          "it gets +X power until end of turn' (10.5.2)")
        return (n, next(p for p in parts if isinstance(p, Token) and p.type == "SIGNED"))

    def assist(self, who: _Word, _get: str, gain: tuple[int, int], *dots: Token) -> Callable[..., Ability]:
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your characters in front of this card get +N power'")
        return lambda text, category: Ability("cont", "assist", scope="front", power=gain[0], soul=gain[1],
                                              min_level=who.min_level, text=text)

    def great(self, *dots: Token) -> Callable[..., Ability]:
        return lambda text, category: Ability("cont", "great performance", text=text)

    def sunder(self, name: Token, cost: Cost, *dots: Token) -> Callable[..., Ability]:
        _one_dot(dots[0] if dots else None)
        n = _slash_name(name)
        return lambda text, category: Ability("auto", "sunder", "begin:end-of-attack", cost=cost,
                                              conds=(Cond("attacker"),), effects=(SunderInto(n),), name=n,
                                              optional=True, text=text)

    def bond(self, name: Token, cost: Cost, *dots: Token) -> Callable[..., Ability]:
        _one_dot(dots[0] if dots else None)
        n = _slash_names(name)
        return lambda text, category: Ability("auto", "bond", "placed", cost=cost, optional=True,
                                              effects=(Salvage(n),), name=n, text=text)

    def shift(self, level: Token, *parts: object) -> Callable[..., Ability]:
        dots = _tokens(parts, "DOTS")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("auto", "shift", "begin:main", level=int(level), optional=True,
                                              text=text)

    def fusion(self, *parts: Token) -> Callable[..., Ability]:
        a, b = (str(q)[1:-1] for q in _tokens(parts, "QNAME")[:2])
        _num(_tokens(parts, *_NUMBERS)[-1], ("1", "one"), "Fusion: search your deck for up to")
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        a_name, b_name = a, b
        return lambda text, category: Ability("act", "fusion", cost=Cost(stage_to_marker=a_name),
                                              effects=(FusionInto(b_name),), name=b_name, text=text)

    @v_args(inline=True, meta=True)
    def change(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        cost = _opt(parts, Cost) or Cost()
        phase = next(p for p in parts if isinstance(p, _Word) and p in _PHASES)
        if phase not in ("encore", "climax", "main", "attack"):
            raise _refuse(phase.at, "Change happens at the beginning of your encore step, climax, main or attack "
                          "phase")
        # s13 bodies: also "choose a card named "X"" and ""A" B" (`change_name13`)
        n, name = _tokens(parts, *_NUMBERS)[0], _tokens(parts, "QNAME", "QQNAME")[0]
        _num(n, ("1", "one", "a"), "Change: choose")
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        # s14 zones: the cost takes this card from the stage (into the waiting room, or "Return this card to your hand"):
        # the position it left is the one the card chosen goes onto (`abilities._onto_vacated`, `paid_from`)
        if not (cost.self_to_waiting or cost.self_to_zone):
            raise _refuse(meta.start_pos, "Change's cost puts this card into your waiting room (10.8)")
        conds = (Cond("resting"),) if "resting" in parts else ()
        return lambda text, category: Ability("auto", "change", f"begin:{phase}", cost=cost, conds=conds,
                                              effects=(ChangeInto(str(name)[1:-1]),), text=text)

    def change_resting(self, _resting: str) -> str:
        return _resting

    def brainstorm(self, *parts: object) -> Callable[..., Ability]:
        cost = _opt(parts, Cost) or Cost()
        stop = _tokens(parts, "STOP")[0]
        if str(stop).strip() != ".":
            raise _refuse(stop, "one period ends the sentence")
        count = _tokens(parts, "NUMBER", "N_TWO", "N_THREE", "N_FOUR")[0]  # digits, or a word (10.7.1: any N)
        n = int(count) if count.type == "NUMBER" else _num(count, ("two", "three", "four"), "Brainstorm's count")
        # s16 body: what is counted among the flipped cards (`bs_count16`), and the sentence's effects done in turn
        counted = next((p for p in parts if isinstance(p, _BsCount16)), _BsCount16(Select("climax"), False))
        effects = tuple(p for p in parts if not isinstance(p, Token | Cost | str | _BsCount16))
        for e in effects:
            if isinstance(e, _It):
                raise _refuse(e.at, "'put it into …' is read after 'reveal the top card of your deck. If that card is …'")
            if not hasattr(e, "__dataclass_fields__"):  # an "If you do", an X to define: read in a sentence of its own
                raise _refuse(getattr(e, "at", 0) or stop, "Brainstorm's sentence: effects done for each card counted")
        then = effects[0] if len(effects) == 1 else effects
        made = Brainstorm(n, then, counted.select, counted.once)
        return lambda text, category: Ability(category or "act", "brainstorm", cost=cost, effects=(made,), text=text)

    @v_args(inline=True, meta=True)
    def plain(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        keyword = next((str(p) for p in parts if isinstance(p, _Word)), "")
        cost = _opt(parts, Cost)
        form = _opt(parts, tuple)
        at = getattr(meta, "start_pos", 0)
        # s14 heads: a card of the hand or the waiting room into the clock is a card put into the clock as well (10.12.1)
        if keyword == "accelerate" and not (cost and (cost.clock_top or cost.waiting_to_clock or cost.hand_to_clock
                                                   or any(m.dst == "clock" for m in cost.moves17))):  # s17 zone
            raise _refuse(at, "Accelerate: its cost puts a card into your clock (10.12.1)")
        if keyword == "resonate" and not (cost and cost.reveal):
            raise _refuse(at, "Resonate: its cost reveals a card in your hand (10.13.1)")
        if keyword and cost is None and form is None:
            raise _refuse(at, f"{keyword.title()} heads an ability: its cost and effect follow")
        return lambda text, category: _checked(_form(text, category, keyword, cost, form, at), at)

    def start(self, *parts: object) -> tuple[Callable[..., Ability], str]:
        """The ability's maker and its category (the maker takes the text as written and the category)."""
        make = parts[-1]
        assert callable(make)
        category = next((str(c) for p in parts[:-1] if isinstance(p, Tree) for c in p.children
                         if isinstance(c, str) and c in ("auto", "cont", "act")), "")
        return make, category

    def head(self, *parts: object) -> Tree:
        return Tree("head", list(parts))

    def category(self, c: object) -> str:
        if isinstance(c, Token):  # [AUTO] in brackets
            return _word(Meta(), str(c).strip("[] ").lower())
        return str(c)

    # --- s8-wsrealb: names and traits in selections, conditions and timings (the grammar's block of the same name)
    def qn(self, tok: Token) -> _Names:
        return _Names(_name_spec(tok), tok)

    def qnames(self, *parts: object) -> _Names:
        names = [p for p in parts if isinstance(p, _Names)]
        return _Names(NAME_OR.join(n for n in names), names[0].tok)

    def select_names(self, names: _Names) -> Select:
        return Select(name=str(names))

    def select_names_or(self, names: _Names, *parts: object) -> Select:
        # ""Mjölnir" or 《MARVEL》 character": any of them (2.1.2, 2.5.3); "or 1 《T》 character" restates the count
        n = _tokens(parts, "NUMBER")
        if n and int(n[0]) != 1:
            raise _refuse(n[0], "'\"Name\" or 1 《T》 character': one card, named or with the trait")
        trait = _tokens(parts, "TRAIT")
        kind = next(str(p) for p in parts if p in ("card", "character", "climax"))
        return Select(alts=(Select(name=str(names)), Select(kind, str(trait[0])[1:-1].strip() if trait else "")))

    def c_have_another_named(self, names: _Names) -> Cond:
        return Cond("have-another-named", str(names))

    def name_part(self, names: _Names, *_words: object) -> _Names:
        return _Names(NAME_OR.join(NAME_PART + n for n in str(names).split(NAME_OR)), names.tok)

    def c_have_count_named(self, per: _Per, names: _Names, n: Token, more: str) -> Cond:
        scope, _, trait = per.what.partition(":")
        count = _num(n, ("0", "1", "2", "3", "4", "5", "one", "two", "three", "four", "five", "six"), "the number of characters")
        return Cond("have-named-count", (f"{count}{'+' if more == 'more' else '-'}", scope, trait, str(names)))

    def ml_more(self) -> str:
        return "more"

    def ml_less(self) -> str:
        return "less"

    @v_args(inline=True, meta=True)
    def reveal_note_damage(self, meta: Meta, *_parts: object) -> _Note:
        return _DamageNote(getattr(meta, "start_pos", 0))

    def w_named_climax(self, name: Token) -> tuple[str, str]:
        return ("when", f"your-climax-placed:{str(name)}")  # the watched climax's name, in quotes (_watched_fits)

    def put_where_was(self, n: Token, names: _Names) -> PutWhereWas:
        _num(n, ("1", "a", "one"), "choose … named")
        if NAME_OR in names:
            raise _refuse(names.tok, "the stage position this card was on takes the card of one name")
        return PutWhereWas(str(names))

    def salvage_named(self, *parts: object) -> Salvage | PutWhereWas:
        names = next(p for p in parts if isinstance(p, _Names))
        rest = tuple(p for p in parts if not isinstance(p, _Names))
        if not any(isinstance(p, _Word) and p.startswith("from:") for p in rest):  # s16 zone: else `salvage_from` says
            rest = (_word(Meta(), "from:waiting_room"), *rest)  # the rules that name no zone read the waiting room
        made = evolve(self.salvage(*rest), name=str(names))
        if made.to == "vacated" and not (made.may or made.optional or made.rest):  # s13 zones: as it was read before
            return self.put_where_was(next(p for p in parts if isinstance(p, Token)), names)
        return made

    def opp_stock_swap(self) -> OppStockSwap:
        return OppStockSwap()

    def owd_choose(self, _up_to: _Word, n: Token) -> OppWaitingToDeck:
        return OppWaitingToDeck(n=_num(n, ("1", "2", "3", "4", "5", "one", "two", "three"), "choose up to … cards in your "
                                       "opponent's waiting room"))

    def owd_keep(self, n: Token) -> OppWaitingToDeck:
        _num(n, ("1", "a", "one"), "your opponent chooses … climax")
        return OppWaitingToDeck(keep=Select("climax"))

    def k_waiting_to_deck(self, n: Token, select: Select) -> Cost:
        return Cost(waiting_to_deck=_num(n, ("1", "2", "3", "a", "one", "two", "three"), "a cost of cards from your "
                                         "waiting room"), waiting_select=select)

    def k_shuffle(self) -> Cost:
        return Cost(shuffle=True)

    def c_facing_higher(self, _a: Token) -> Cond:
        return Cond("facing-higher")

    def w_begin_opp(self, phase: str, _word: str) -> tuple[str, str]:
        return ("when", f"begin:opp-{phase}")

    def w_level_up(self) -> tuple[str, str]:
        return ("when", "level-up")

    def move_self(self, *parts: object) -> MoveSelf:
        return MoveSelf(next(str(p) for p in parts if p in ("center", "back")), "may" in parts)

    def exchange_named(self, *parts: object) -> ExchangeNamed:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … of your cards named")
        return ExchangeNamed(str(_tokens(parts, "QNAME")[0])[1:-1], "may" in parts, "as-stand" in parts)

    def as_stand(self) -> str:
        return "as-stand"

    def self_to_waiting(self) -> SelfTo:
        return SelfTo("waiting")

    def choose_move(self, n: Token, *parts: object) -> ChooseMove:
        _num(n, ("1", "one", "a"), "choose … of your characters")
        trait = _tokens(parts, "TRAIT")
        return ChooseMove(next(str(p) for p in parts if p in ("center", "back")),
                          str(trait[0])[1:-1].strip() if trait else "", "other" in parts)

    def w_other_named_attacks(self, name: Token) -> tuple[str, str]:
        return ("when", f"other-attacks:{name}")  # the watched character's name, in quotes (_watched_fits)

    def k_waiting_to_clock(self, n: Token, select: Select) -> Cost:
        return Cost(waiting_to_clock=_num(n, ("1", "a", "one"), "a cost of cards from your waiting room"),
                    waiting_select=select)

    def deck_n(self, tok: Token) -> Token:
        return tok

    def c_deck_at_most(self, n: Token) -> Cond:
        count = int(n) if n.type == "NUMBER" else ("one", "two", "three", "four", "five").index(str(n).lower()) + 1
        return Cond("deck-at-most", count)

    def brainstorm_action(self, *parts: object) -> Callable[..., Ability]:
        option = _tokens(parts, "OPTION")[0]
        effects, said = _option(option)
        rest = tuple(p for p in parts if p is not option)
        return self.brainstorm(*rest, Perform(effects, said))


class _IfDo:
    """"If you do, <effects>", where it was written: joined to the optional effect before it (`_if_done`)."""

    def __init__(self, effects: tuple, at: int):
        self.effects, self.at = effects, at


def _optional(e: object) -> bool:
    inner = e.effect if isinstance(e, _It) else e
    return isinstance(inner, BattleOppTo | OppClockTop | OppClockTo | StockTop | OppTopTo) and inner.may \
        or isinstance(inner, Draw) and inner.optional and not inner.at_most \
        or isinstance(inner, HandTo | Salvage | OwnPick) and inner.may and not getattr(inner, "many", 0) \
        and not getattr(inner, "at_most", False)  # s9-wsbody2: "you may draw 1 card"; s11 bodies: "you may choose …"


def _chosen13(e: object) -> bool:
    """s13 bodies: an effect that chooses one of your characters and does something to it, which is not done when none can
    be chosen (8.6.3.1.3): "If you do," may follow it although the text does not say "you may"."""
    e = e.effect if isinstance(e, _It) else e
    return isinstance(e, OwnPick) and not e.may and e.n == 1 and e.act in ("rest", "stand", "hand", "waiting_room",
                                                                            "stock", "memory", "clock")


def _if_done(effects: tuple) -> tuple:
    """Each "If you do, …" joined to the effect before it, which must be one the text says "you may" do."""
    out: list = []
    for e in effects:
        if isinstance(e, _IfDo):
            if e.effects[:1] == (Shuffle15(),) and out[-1:] != [WaitingToDeck(unshuffled=True)]:  # s15 zone
                raise _refuse(e.at, "'If you do, shuffle your deck' is read after 'return all cards in your waiting "
                              "room to your deck'")
            if not out or not (_optional(out[-1]) or _chosen13(out[-1]) or isinstance(out[-1], StockTop | WaitingToDeck)):
                raise _refuse(e.at, "'If you do,' follows an effect the text says 'you may' do (put that character "
                              "into …, the top card of your opponent's clock, draw 1 card)")
            out[-1] = IfDone(out[-1], e.effects, must=not _optional(out[-1]))
        else:
            out.append(e)
    return tuple(out)


def _one_card(parts: tuple, what: str) -> None:
    cards = next(p for p in parts if p in ("card", "cards"))
    if cards != "card":
        raise _refuse(cards, f"{what} is one card")


# The timings a granted automatic ability is watched for on the character that has it (abilities.collect): its own
# attack, its reversal, its battle opponent's, being frontal attacked, and the beginning of a phase.
def _dur(parts: tuple) -> tuple[tuple, str]:
    """A gain's words without its duration token, and the duration (`Pump.until`)."""
    if parts and isinstance(parts[-1], Token) and parts[-1].type == "NEXT_TURN":
        return parts[:-1], "opp-next"
    return parts, ""


class _Levels(int):
    """A level gain ("+1 level and …"), told apart from the numbers around it."""


def _levels(parts: tuple) -> int:
    return next((int(p) for p in parts if isinstance(p, _Levels)), 0)


def _until(dur: tuple) -> str:
    """The duration a NEXT_TURN token names (8.2.1.2): "opp-next"; none: until end of turn ("")."""
    return "opp-next" if dur else ""


# s7-wsreal: what each trigger icon does (4.12.2), as its reminder text says it: a reminder (2.12.3) is read only
# where its sentence is the icon's own action, so that it restates the rule and the trigger step does the action
ICON_ACTIONS: dict[str, tuple[tuple[object, ...], str]] = {
    "comeback": ((Salvage(None, kind="character", may=True),), "4.12.2.5"),
    "draw": ((Draw(1, optional=True),), "4.12.2.6"),
    "pool": ((TopTo("stock", 1, optional=True),), "4.12.2.4"),
    "gate": ((Salvage(None, kind="climax", may=True),), "4.12.2.9"),
    "return": ((OppTo("hand", may=True),), "4.12.2.3"),  # s12 heads
}
_ICON_WORDS_SAID = {
    "comeback": "you may choose 1 character in your waiting room, and return it to your hand",
    "draw": "you may draw 1 card",
    "pool": "you may put the top card of your deck into your stock",
    "gate": "you may choose 1 climax in your waiting room, and return it to your hand",
    "return": "you may choose 1 of your opponent's characters, and return it to their hand",
}

GRANTED_WHEN = ("attacks", "reversed", "opp-reversed", "frontal-attacked",
                "damage-canceled", "damage-not-canceled",  # s12 bodies: damage it deals (4.10.1.2, 4.10.1.3)
                "frontal-attacks", "direct-attacks", "side-attacks")  # s16 quote: the kind of its attack (7.2.1.4)
# s16 quote: the trigger check's timings (7.3.1.2), each with what it names after ":" (abilities._gained_reveals16)
GRANTED_REVEALS16 = ("trigger-reveals", "self-trigger-reveals")
GRANTED_LEAVING = ("to-waiting",)  # s11 bodies: watched for an ability an effect gives until it ends (8.7.4.1.2)


def _grant(who: str, parts: tuple, trait: str = "", other: bool = False) -> Grant:
    """The granted ability read by this same reader: refused with its own words where it is not understood, and
    refused by name where the engine would not see its timing occur on the character that has it."""
    power = soul = 0
    for value, stat in zip(_tokens(parts, "SIGNED"), (p for p in parts if p in ("power", "soul")), strict=True):
        power, soul = (power + int(value), soul) if stat == "power" else (power, soul + int(value))
    ability, at = _read_granted(_tokens(parts, *_QUOTED16, "GRANTED_BACKUP")[0])  # s12 heads: GRANTED_BACKUP
    if ability.category == "cont" and _held_cont16(ability):  # s8-wsreala; s16 quote: any 【CONT】 a character holds
        if who == "choose-opp" and ability.conds and not ability.restrict.startswith(_PLAYER_BANS16):
            # s16 quote: whose "your" its conditions read, the rules do not say (a player's restriction given so was read
            # before, s12 heads, as the character's master's)
            raise _refuse(at, "a 【CONT】 ability with conditions given to your opponent's character is not executed yet "
                          "(the rules do not say whose turn or cards its 'you' / 'your' then names)")
        return Grant(who, ability, power, soul, trait, other, _until(tuple(_tokens(parts, "NEXT_TURN"))))
    if ability.category == "cont" and ability.scope == "facing":  # s12 bodies: applied by view.stats while it lasts
        return Grant(who, ability, power, soul, trait, other, _until(tuple(_tokens(parts, "NEXT_TURN"))))
    if ability.category == "act" and who != "choose-opp":  # s15 quote: played as its own until it ends (play._acts)
        return Grant(who, _granted_act15(ability, at), power, soul, trait, other, _until(tuple(_tokens(parts, "NEXT_TURN"))))
    if ability.category != "auto":
        raise _refuse(at, f"a granted 【{ability.category.upper()}】 ability is not executed yet: the engine executes "
                      "a granted 【AUTO】 ability and a granted 【CONT】 one it holds as its own (" + HELD_CONT16 + ")")
    if who == "choose-opp":
        raise _refuse(at, "an 【AUTO】 ability given to your opponent's character is not executed yet")
    _granted_auto_checked(ability, at, "a granted", GRANTED_WHEN + GRANTED_LEAVING, limited=True)
    return Grant(who, ability, power, soul, trait, other, _until(tuple(_tokens(parts, "NEXT_TURN"))))


def _granted_auto_checked(ability: Ability, at: int, how: str, watched: tuple[str, ...] = GRANTED_WHEN,
                          limited: bool = False) -> None:
    """A granted 【AUTO】 ability is executed where the engine watches its timing on the character that has it (s11
    bodies: one an effect gives until it ends is also looked at as the character leaves the stage, 8.7.4.1.2, Encore
    among them, 10.2.2). s12 bodies: one an effect gives may have a per-turn limit (`limited`; counted per gained
    ability, abilities._within_limits); one a continuous ability gives may not yet."""
    if (ability.keyword and not (ability.keyword == "encore" and "to-waiting" in watched)) \
            or (ability.limit and not limited):
        raise _refuse(at, f"{how} ability with a keyword or a per-turn limit is not executed yet")
    # s10-wsfix2: "At the beginning of your opponent's … phase" was looked for on printed abilities only; s15 quote: on
    # gained ones too (abilities._begin_waiting)
    if not all(when in watched or when.startswith("begin:")
               or when.partition(":")[0] in GRANTED_REVEALS16 + WATCHING16 for when in ability.whens):
        raise _refuse(at, f"{how} ability's timing {ability.when!r} is not watched on the character that has it; "
                      "read: " + ", ".join(watched) + ", at the beginning of your or your opponent's phase")


def _read_granted(tok: Token) -> tuple[Ability, int]:
    """The quoted ability a gain gives, read by this same reader, and where it starts; refused where its own words
    stop, with what the engine reads there."""
    inner, at = _quoted(tok)
    try:
        return parse_ability(inner), at
    except EffectError as e:
        tail = e.stopped.rsplit('"; ', 1)[1] if '"; ' in e.stopped else ""
        raise _refuse(at + (e.at or 0), "in the granted ability" + (f"; {tail}" if tail else "")) from None


def _quoted(tok: Token) -> tuple[str, int]:
    """The text inside a quoted token (the reminder printed after the closing quote kept with it), and where it
    starts in the text the token was read from."""
    quoted = str(tok)
    close = quoted.rindex('"')
    inner = quoted[1:close].strip() + (" " + quoted[close + 1:].strip() if quoted[close + 1:].strip() else "")
    return inner, (tok.start_pos or 0) + quoted.index(inner[:1], 1)


def _option(tok: Token) -> tuple[tuple, str]:
    """One option of a modal effect: its sentences read by this same reader as an event's one-shot effects, refused
    with their own words where they are not understood."""
    inner, at = _quoted(tok)
    try:
        ability = parse_ability(inner)
    except EffectError as e:
        tail = e.stopped.rsplit('"; ', 1)[1] if '"; ' in e.stopped else ""
        raise _refuse(at + (e.at or 0), "in this option" + (f"; {tail}" if tail else "")) from None
    if ability.category != "effect" or ability.keyword:
        raise _refuse(at, "an option of 'the following effects' is one-shot sentences (no icon, no timing)")
    return ability.effects, inner


def _moving_costs(c: Cost, parts: tuple) -> Cost:
    """The costs that move cards (s6-wsreal), merged over the cost's parts: one of each kind."""
    c = _waiting_costs(c, parts)
    moving = [p for p in parts if p.stage_to_waiting or p.hand_to_clock or p.self_to_memory]
    if not moving:
        return c
    stage = [p for p in moving if p.stage_to_waiting]
    clock = [p for p in moving if p.hand_to_clock]
    if len(stage) > 1 or len(clock) > 1:
        raise _refuse(0, "a cost with two parts that move cards from the same zone")
    return evolve(c, stage_to_waiting=stage[0].stage_to_waiting if stage else 0,
                  stage_select=stage[0].stage_select if stage else c.stage_select,
                  stage_other=bool(stage and stage[0].stage_other),
                  hand_to_clock=clock[0].hand_to_clock if clock else 0,
                  clock_select=clock[0].clock_select if clock else c.clock_select,
                  self_to_memory=any(p.self_to_memory for p in moving),
                  self_stand=any(p.self_stand for p in moving))  # s14 zones: "this 【STAND】 card"


def _waiting_costs(c: Cost, parts: tuple) -> Cost:
    """s8-wsrealb: the costs that move cards from the waiting room, one part: to the deck (then "Shuffle your deck",
    read only after it) or to the bottom of the clock."""
    back = [p for p in parts if p.waiting_to_deck or p.waiting_to_clock]
    shuffles = sum(p.shuffle for p in parts)
    if not back and not shuffles:
        return c
    if len(back) > 1 or shuffles > 1:
        raise _refuse(0, "a cost with two parts that move cards from the same zone")
    if shuffles and not (back and back[0].waiting_to_deck):
        raise _refuse(0, "'Shuffle your deck' is read in a cost after cards are returned to your deck")
    part = back[0]
    return evolve(c, waiting_to_deck=part.waiting_to_deck, waiting_to_clock=part.waiting_to_clock,
                  waiting_select=part.waiting_select, shuffle=bool(shuffles))


def _slash_name(tok: Token) -> str:
    """`Bond/"Name"` or `Bond/Name`: the name as written (10.6, 10.15)."""
    m = re.fullmatch(r'/"?([^"\[]+?)"?\s*', str(tok)) or re.fullmatch(r'/"("[^"\[]+"[^"\[]*)"\s*', str(tok))
    if not m:
        raise _refuse(tok, 'a keyword\'s card name is written /"Name"')
    return m.group(1).strip()


def _slash_names(tok: Token) -> str:
    """s8-wsrealb: `Bond/"A" ""B" C"`, a keyword naming two or more cards (any of them, 2.1.2): the names joined by
    NAME_OR; one name as `_slash_name` reads it."""
    names = re.findall(r'""[^"]+"[^"]*"|"[^"]+"', str(tok)[1:])
    if len(names) > 1 and re.fullmatch(r'(?:\s*(?:""[^"]+"[^"]*"|"[^"]+"))+\s*', str(tok)[1:]):
        return NAME_OR.join(n[1:-1] for n in names)
    return _slash_name(tok)


def _pays_inside(effects: tuple) -> bool:
    """s9-wsreala: whether the ability pays its [cost] inside its effect ("… you may pay the cost. If you do, …")."""
    return any(isinstance(e, PayThen) or (isinstance(e, Milled | RevealTop) and any(isinstance(x, PayThen) for x in e.then))
               for e in effects)  # s15 body: also after a revealed card's condition


def _with_cost(effects: tuple, cost: Cost) -> tuple:
    """The ability's [cost] put into the `PayThen` that pays it."""
    def fill(e: object) -> object:
        if isinstance(e, PayThen):
            return PayThen(cost, e.then)
        if isinstance(e, Milled | RevealTop):  # s15 body: RevealTop
            return evolve(e, then=tuple(fill(x) for x in e.then))
        return e
    return tuple(fill(e) for e in effects)


def _auto(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    _, when, conds, pay, effects, first, *limit = form
    if category not in ("auto", ""):
        raise _refuse(at, f"an automatic ability (\"When …\") is 【AUTO】, not 【{category.upper()}】")
    if cost != Cost() and pay is None and _pays_inside(effects):  # s9-wsreala: the cost is paid where the text says
        return Ability("auto", keyword, when, conds=conds, effects=_with_cost(effects, cost),
                       limit=limit[0] if limit else 0, text=text)
    if cost != Cost() and pay is None:
        raise _refuse(first, "an automatic ability with a cost says 'you may pay the cost. If you do, …'")
    if cost == Cost() and pay is not None:
        raise _refuse(pay[1], "'you may pay the cost' needs a [cost] before the timing")
    # s13 zones: "put this card into your stock" moves this card from the stage (`abilities._self_to`), not from the
    # clock or the memory an Alarm or a Memory ability is played from
    _event_self_to(effects, "auto" if keyword in ("alarm", "memory") or any(c.kind == "clock-top" or c == Cond(
        "this-in", "memory") for c in conds) else "", at)
    if Cond("clock-top", "before") in conds:  # s10-wshead: Alarm's own condition, read before its timing (10.1.1)
        if keyword != "alarm" or not when.startswith(("begin:", "begin-any:")):
            raise _refuse(at, "'If this card is the top card of your clock, at the beginning of …' is Alarm's (10.1.1)")
        conds = tuple(Cond("clock-top") if c == Cond("clock-top", "before") else c for c in conds)
    return Ability("auto", keyword, when, cost=cost, conds=conds, effects=effects, limit=limit[0] if limit else 0,
                   text=text)


def _cont(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    _, conds, who, (power, soul), *per = form
    if category not in ("cont", ""):
        raise _refuse(at, f"a continuous gain (no \"until end of turn\") is 【CONT】, not 【{category.upper()}】")
    if cost != Cost():
        raise _refuse(at, "a continuous ability has no cost")
    if who not in ("self", "all", "others", "front", "facing", "opp"):  # pragma: no cover - the grammar's subjects
        raise _refuse(who.at, "this card / all of your (other) characters")
    if who in ("facing", "opp") and (keyword or per):  # s12 bodies: a printed 【CONT】 of a character on the stage only
        raise _refuse(who.at, "a continuous gain of the character facing this card is read without a keyword or count")
    if keyword == "alarm" and Cond("clock-top") not in conds:
        raise _refuse(at, "Alarm: 'If this card is the top card of your clock, …' (10.1.1)")
    if per and keyword:
        raise _refuse(per[0].at, f"{keyword.title()} gains no counted amount")
    return Ability("cont", keyword, conds=conds, scope=str(who), power=power, soul=soul,
                   trait=getattr(who, "trait", ""), per=per[0].what if per else "", name=getattr(who, "named", ""),
                   where=getattr(who, "where", ""), min_level=getattr(who, "min_level", 0),
                   select=getattr(who, "select", None), text=text)


# the conditions that read a character's level (a level gain under one is refused: `cont_levels`)
_LEVEL_CONDS = frozenset(("facing-level", "battle-opp-level", "battle-opp-above-level"))


def _cont_levels(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    _, conds, who, (power, soul), levels, hand = form
    if category not in ("cont", "") or (keyword and not _keyword_zone(keyword, conds)) or cost != Cost():
        raise _refuse(at, "a continuous level gain is 【CONT】, with no cost, and no keyword but Experience or Memory over "
                      "a condition on the level zone or the memory")
    return Ability("cont", keyword, conds=conds, scope="" if hand else "self", power=power, soul=soul, levels=levels,
                   in_hand=hand, text=text)


def _keyword_zone(keyword: str, conds: tuple) -> bool:
    """s10-wshead: Experience heads a condition on the level zone, Memory one on the memory (the zones their keywords
    name, 3.9, 3.12); the keyword itself changes nothing the condition does not say."""
    zone = {"experience": "level", "memory": "memory"}.get(keyword)
    return zone is not None and any(c.kind == ("level" if zone == "level" else "memory")
                                    or (c.kind == "count" and getattr(c.value, "zone", "") == zone)
                                    or (c.kind == "this-in" and c.value == zone) for c in conds)


def _event_self_to(effects: tuple, category: str, at: int) -> None:
    """"put this card into your stock" is read in an event's text (the event, being resolved, 8.6.2.4.2) and, s13 zones,
    in an 【ACT】 or 【AUTO】 ability of a card on the stage (3.10.1); `category` names an ability read elsewhere."""
    flat = [e for x in effects for e in ((x, *(y for o in x.options for y in o)) if isinstance(x, Modal) else (x,))]
    if category not in ("", "act") and any(isinstance(e, SelfTo) and e.zone == "stock" for e in flat):
        raise _refuse(at, "'put this card into your stock' is read in an event's text or an ability of a card on the "
                      "stage")
    # s13 bodies' "put this card at the bottom of your deck" in an event is refused by `_zone13_checked` (s13 zones)


def _play_ban_then14b(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s14b-wshz: an event's own restriction on being played and its effect in one paragraph: the event's sentences
    (`_one_shots`: an event's text, no icon, no cost) and the restriction's conditions, looked at by `view.play_banned`
    as the card would be played (2.12.2, 8.3.3); its effects are executed as it resolves (8.6.2.4.2)."""
    if category:
        raise _refuse(at, "a card's restriction on being played, then its effect, is an event's text, printed without "
                      "an icon")
    return evolve(_one_shots(text, "", keyword, cost, form[2], at), conds=form[1], restrict="play")


def _one_shots(text: str, category: str, keyword: str, cost: Cost, form: tuple | None, at: int) -> Ability:
    effects = _that_character(form[1], "") if form else ()
    _event_self_to(effects, category, at)
    if category == "act":
        return Ability("act", keyword, cost=cost, effects=effects, text=text)
    if category:
        raise _refuse(at, f"one-shot sentences are an event's text or an 【ACT】 ability's, not 【{category.upper()}】")
    if cost != Cost():
        raise _refuse(at, "an event's text has no cost (its card's cost is paid when it is played)")
    return Ability("effect", keyword, effects=effects, text=text)


# s10-wsfix2: where a card's condition puts the card itself; the engine looks for a character's abilities on the stage
# (2.12.2.1), a climax's in the climax area (2.12.2.2), Alarm's on the top of the clock (10.1.1) and a Memory 【CONT】
# power or soul gain in the memory (10.9.1: "an ability that is possessed by a card when it is in the memory")
_ON_STAGE = frozenset(("center", "back", "middle", "stage"))


def _memory_auto(a: Ability) -> bool:
    """s11-wshead: a Memory 【AUTO】 ability "If this card is in your memory, at the beginning of …" / "When you level up":
    possessed by the card in the memory (10.9.1, 10.9.2; 2.12.2 "unless otherwise specified"), and the engine looks for it
    there at those timings only."""
    return a.category == "auto" and a.keyword == "memory" \
        and all(w.startswith(("begin:", "begin-any:")) or w == "level-up" for w in a.whens)


def _zone_checked(a: Ability, at: int) -> Ability:
    """s10-wsfix2: an ability that works only where the engine never looks for it is refused, naming the words: never
    accepted and then left unexecuted."""
    zones = {str(c.value) for c in a.conds if c.kind == "this-in"} - _ON_STAGE
    if zones == {"memory"} and a.category == "cont" and a.scope in ("all", "others") \
            and not (a.grants or a.restrict or a.levels):
        return a  # applied from the memory to your characters (`view._sources`)
    if zones == {"memory"} and _memory_auto(a):
        return a  # s11-wshead: played from the memory at the beginning of a phase (`abilities._from_memory`)
    if zones:
        where = " or ".join(sorted(z.replace("_", " ") for z in zones))
        raise _refuse(at, f"'if this card is in your {where}': the engine applies this kind of ability only where "
                      "the card's text is valid by default (2.12.2: the stage; 10.9.1: a Memory 【CONT】 power or soul "
                      "gain of your characters, and a Memory 【AUTO】 ability at the beginning of a phase or when you level "
                      "up, from the memory)")
    if Cond("clock-top") in a.conds and a.keyword != "alarm":
        raise _refuse(at, "'if this card is the top card of your clock' heads an Alarm ability (10.1.1): without "
                      "Alarm the engine does not look for it in the clock")
    if a.keyword == "alarm" and a.category == "auto" \
            and not all(w.startswith(("begin:", "begin-any:")) for w in a.whens):
        raise _refuse(at, "an Alarm 【AUTO】 ability other than 'At the beginning of …' (10.1.1): the engine looks for "
                      "Alarm abilities on the top card of the clock only at the beginning of a phase")
    if a.keyword == "alarm" and a.category not in ("auto", "cont"):
        raise _refuse(at, "Alarm heads an 【AUTO】 or 【CONT】 ability working from the top of the clock (10.1.1)")
    return a


def _form(text: str, category: str, keyword: str, cost: Cost | None, form: tuple | None, at: int) -> Ability:
    cost = cost or Cost()
    kind = form[0] if form else "sentences"
    if kind == "replacement":
        if cost != Cost():
            raise _refuse(at, "a replacement effect has no cost (8.2.1.3)")
        return Ability("replace", keyword, name=form[1], text=text)  # type: ignore[index]
    if kind == "auto":  # s11 bodies: "its previous stage position" only where the card left the stage
        return _previous_checked(_auto(text, category, keyword, cost, form, at), at)  # type: ignore[arg-type]
    if (made := _FORM_KINDS.get(kind)) is not None:  # s14b-wshz: the kinds made by one function each
        return made(text, category, keyword, cost, form, at)
    if kind == "play-ban":
        if category not in ("cont", "") or keyword or cost != Cost():
            raise _refuse(at, "a card's restriction on being played is 【CONT】 or printed without an icon, with no cost")
        assert form is not None
        permit = form[2] if len(form) > 2 else ""  # s9-wshead2: "can be played … without fulfilling color requirements"
        return Ability("cont", conds=form[1], restrict="" if permit else "play", permit=permit, text=text)
    if kind == "stand-ban":
        if category != "cont" or keyword or cost != Cost():
            raise _refuse(at, "'this card does not 【STAND】 during your stand phase' is 【CONT】, with no cost")
        return Ability("cont", conds=form[1], restrict="stand", text=text)  # type: ignore[index]
    if kind == "cont-grant":  # s8-wsreala: a continuous gain of a restriction (8.9.1); s15 quote: and more abilities
        return evolve(_cont(text, category, keyword, cost, form[:4], at), grants=form[4],  # type: ignore[index]
                      grants_more=form[5] if len(form or ()) > 5 else ())  # type: ignore[index]
    if kind == "self-ban":  # s8-wsreala
        if category not in ("cont", "") or keyword or cost != Cost():
            raise _refuse(at, "a character's own restriction ('this card cannot …') is 【CONT】, with no keyword and no cost")
        _player_ban_checked(str(form[2]), category, at)  # type: ignore[index]
        return Ability("cont", conds=form[1], restrict=form[2], text=text)  # type: ignore[index]
    if kind == "paid":  # s9-wsreala: "[cost] You may pay the cost. If you do, …" (8.4.2), an event's text
        if category or keyword or cost == Cost():
            raise _refuse(at, "'You may pay the cost. If you do, …' opens an event's text, after its [cost]")
        base = _one_shots(text, "", "", Cost(), form[2], at)  # type: ignore[index]
        return evolve(base, effects=(PayThen(cost, base.effects),))
    return _one_shots(text, category, keyword, cost, form, at)


def _cont_levels_per15(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s15: a continuous level gain (with power or soul) counted over this card's markers (`view._own_levels`)."""
    _, levels_form, per = form
    return evolve(_cont_levels(text, category, keyword, cost, levels_form, at), per=per.what)

def _facing_ban15(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s15 heads: a 【CONT】 restriction on the character facing this card (3.6.5; `view.banned` looks for it across)."""
    if category != "cont" or keyword or cost != Cost():
        raise _refuse(at, "a restriction on the character facing this card is 【CONT】, with no keyword and no cost")
    return Ability("cont", conds=form[1], restrict=form[2], scope="facing", text=text)


# the form kinds `_form` hands whole to one function each ("cont", "cont-levels"; s14b-wshz: "play-ban-then")
_FORM_KINDS: dict[str, Callable[..., Ability]] = {"cont": _cont, "cont-levels": _cont_levels,
                                                  "play-ban-then": _play_ban_then14b,
                                                  "facing-ban15": _facing_ban15}  # s15 heads
_FORM_KINDS["cont-levels-per15"] = _cont_levels_per15  # s15: for each marker


# ---------------------------------------------------------------------------------------------
# Parsing, errors, caching


class _KeepWords:
    """A post-lexer that passes tokens through; `always_accept` keeps WORD in the lexer though no rule names
    it, so an unknown word is a token the parser refuses where it stands."""

    always_accept = ("WORD",)

    def process(self, stream: Iterator[LarkToken]) -> Iterator[LarkToken]:
        return stream


class _Words:
    """lark's basic lexer for this grammar, made cheaper per word (the lexer was over half of a card text's
    reading): the same compiled terminal patterns tried in the same order at each position, but the keyword a
    word turns out to be (lark's `UnlessCallback`, a second regular expression per word) is looked up once per
    distinct word, and tokens are built in one call. Texts with a line break, and positions where no terminal
    matches, are left to lark's own lexer, which raises its own error there."""

    def __init__(self, basic: BasicLexer, postlex: _KeepWords):
        from lark.lexer import UnlessCallback

        self.basic, self.postlex = basic, postlex
        self.patterns = basic.scanner._mres  # the scanner builds `basic.callback` too
        self.keywords = {name: cb for name, cb in basic.callback.items() if isinstance(cb, UnlessCallback)}
        self.other_callbacks = {name: cb for name, cb in basic.callback.items() if name not in self.keywords}
        self.ignore = basic.ignore_types
        self.seen: dict[tuple[str, str], str] = {}  # (terminal, word) -> the keyword terminal it is, or itself

    def lex(self, state: LexerState, parser_state: object) -> Iterator[LarkToken]:
        return self.postlex.process(self._tokens(state, parser_state))

    def _tokens(self, state: LexerState, parser_state: object) -> Iterator[LarkToken]:
        text, pos, end = state.text.text, state.line_ctr.char_pos, state.text.end
        if "\n" in text or self.other_callbacks or pos:
            yield from self.basic.lex(state, parser_state)
            return
        from lark import Token as LarkToken

        patterns, keywords, ignore, seen, new = self.patterns, self.keywords, self.ignore, self.seen, LarkToken
        while pos < end:
            for pattern in patterns:
                m = pattern.match(text, pos, end)
                if m:
                    break
            else:  # lark's lexer raises UnexpectedCharacters here, with its expected terminals
                state.line_ctr.feed(text[:pos], test_newline=False)
                yield from self.basic.lex(state, parser_state)
                return
            kind, value, stop = m.lastgroup, m.group(), m.end()
            if kind in keywords:
                got = seen.get((kind, value))
                if got is None:
                    got = keywords[kind].scanner.fullmatch(value) or kind
                    if len(seen) < 4096:
                        seen[kind, value] = got
                kind = got
            if kind not in ignore:
                token = new(kind, value, pos, 1, pos + 1, 1, stop + 1, stop)
                state.last_token = token
                yield token
            pos = stop
        state.line_ctr.feed(text[:pos], test_newline=False)


class _StartPos:
    """lark's `propagate_positions` for what this reader uses of it: a node's start position (`meta.start_pos`,
    where a refusal points), taken as lark takes it (from the first child, words the tree leaves out included),
    without the end positions, lines and columns lark also computes for every node."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[list], object]):
        self.build = build

    def __call__(self, children: list) -> object:
        from lark import Token as LarkToken
        from lark import Tree as LarkTree

        res = self.build(children)
        if type(res) is not LarkTree:
            return res
        first: int | None
        for c in children:
            if isinstance(c, LarkToken):
                first = c.start_pos
                break
            if isinstance(c, LarkTree) and not c.meta.empty:
                m = c.meta
                first = getattr(m, "container_start_pos", m.start_pos)
                break
        else:
            return res
        meta = res.meta
        if meta.empty:  # else the rule was inlined (`?rule`) and its child's position stands
            meta.start_pos, meta.empty = first, False  # type: ignore[assignment]
        meta.container_start_pos = first  # type: ignore[attr-defined]
        return res


def _lighter(lark: Lark) -> None:
    """Serve the compiled parser's basic lexer by `_Words` and its position propagation by `_StartPos`: the same
    tokens and start positions for less work. Left as lark built it if its layout is not the one expected."""
    from lark.lexer import BasicLexer
    from lark.parse_tree_builder import PropagatePositions
    from lark.parser_frontends import PostLexConnector

    frontend = lark.parser
    if isinstance(frontend.lexer, PostLexConnector) and isinstance(frontend.lexer.lexer, BasicLexer):
        frontend.lexer = _Words(frontend.lexer.lexer, frontend.lexer.postlexer)
    callbacks = getattr(getattr(getattr(frontend, "parser", None), "parser", None), "callbacks", None)
    if isinstance(callbacks, dict) and all(type(f) is PropagatePositions and f.node_filter is None
                                           for f in callbacks.values()):
        for rule, f in callbacks.items():
            callbacks[rule] = _StartPos(f.node_builder)


# The grammar's parser: lark's tables, read without lark from the per-user cache (core.lalr).
_READER = Reader("ws_effects.lark", lexer="basic", propagate_positions=True, postlex=_KeepWords)


@cache
def _parser() -> Lark:
    """lark's parser for the grammar (imported and built when a refusal is explained: its expected terminals),
    made lighter by `_lighter` (same trees, same positions)."""
    lark = _READER.lark()
    _lighter(lark)
    return lark


_WORD_AT = re.compile(r"\(\d\)|[①-⑨]|[^\s.,;()\[\]&]+|\S")
_HEAD = re.compile(r"^(?:\[\s*(?:auto|cont|act)\s*\]|(?:auto|cont|act)\b)?\s*(?:\[\s*cxcombo\s*\]|cxcombo\b)?\s*", re.I)


def _clause(t: str, pos: int) -> str:
    """The words the engine did not understand: the clause (between commas, semicolons and sentence ends) in
    which understanding stopped, as the dialect's refusal names them."""
    start = _HEAD.match(t).end()  # type: ignore[union-attr]
    pos = max(pos, start)
    bounds = [start] + [m.end() for m in re.finditer(r"[,.;]\s+", t) if start < m.end() <= pos]
    begin = bounds[-1]
    end = next((m.end() for m in re.finditer(r"[,.;](?=\s)|$", t) if m.end() > pos), len(t))
    return t[begin:end].rstrip(",; ") or t[start:].rstrip(",; ") or t


def _expected(e: UnexpectedInput) -> list[str]:
    """The words the grammar would have read where it stopped (string terminals only)."""
    names = getattr(e, "expected", None) or getattr(e, "allowed", None) or ()
    by_name = {t.name: t for t in _parser().terminals}
    return sorted({by_name[n].pattern.value for n in names if n in by_name and by_name[n].pattern.type == "str"})


def _suggestion(t: str, pos: int, word: str, e: UnexpectedInput) -> str | None:
    """The text with each misspelt word (up to 3) replaced by the nearest word the grammar reads there."""
    for _ in range(3):
        near = difflib.get_close_matches(word.lower(), _expected(e), n=1, cutoff=0.6)
        if not near:
            return None
        t = t[:pos] + near[0] + t[pos + len(word):]
        from lark import UnexpectedInput

        try:
            _parser().parse(t)
            return t
        except UnexpectedInput as again:
            e, at = again, getattr(again, "pos_in_stream", None)
            m = _WORD_AT.match(t, at) if at is not None else None
            if m is None or at is None:
                return None
            pos, word = at, m.group()
    return None


_EXAMPLE_WORDS = [set(re.findall(r"\w+", e.lower())) for e in EXAMPLES]


def _nearest_example(t: str) -> str:
    """The supported wording sharing the most words with `t` (linear in the text: difflib on whole texts is
    quadratic)."""
    words = set(re.findall(r"\w+", t.lower()))
    scores = [len(words & w) / len(words | w) for w in _EXAMPLE_WORDS]
    return EXAMPLES[scores.index(max(scores))]


def _refusal(raw: str, t: str, pos: int, reason: str, near: str | None = None) -> EffectError:
    m = _WORD_AT.match(t, pos)
    word = m.group() if m else "(end of text)"
    nearest = near or _nearest_example(t)
    stopped = f'understanding stopped at "{word}" (column {pos + 1}) in "{t}"' + (f"; {reason}" if reason else "")
    return EffectError(raw, _clause(t, pos), f"{stopped}; nearest supported wording: {nearest}; {_HINT}",
                       stopped=stopped, at=pos)


@lru_cache(maxsize=4096)
def parse_ability(text: str) -> Ability:
    """One ability's printed text -> its Ability, or EffectError naming the words not understood."""
    t = normalise(text)
    # s7b-wsreal: a trigger icon newer than the rules 2.03 (the pattern is compiled only for a text that has the word)
    # (s12 heads: the CHOICE icon, newer than the rules 2.03, is read; its action is the engine's decision,
    # `abilities._choice_trigger`, and the answer says so)
    try:
        tree = _READER.parse(t)
    except Unparsed as u:
        e = u.error
        pos = getattr(e, "pos_in_stream", None)
        pos = len(t) if pos is None else pos
        m = _WORD_AT.match(t, pos)
        expected = _expected(e)
        reason = ("there the engine reads " + ", ".join(f'"{w}"' for w in expected[:12])) if expected else ""
        repaired = _read_repaired(text, _MISPRINTS.repair(t, e))  # s17 misprint: reported by `understand`
        if repaired is not None:
            return repaired
        near = _suggestion(t, pos, m.group(), e) if m else None
        raise _refusal(text, t, pos, reason, near) from None
    try:
        # no terminal has a method in _Build: visiting tokens would only look each one up and fail
        make, category = _Build(visit_tokens=False).transform(tree)
        return make(text, category)
    except VisitError as e:
        if isinstance(e.orig_exc, _Refused):
            raise _refusal(text, t, e.orig_exc.at, e.orig_exc.reason) from None
        raise
    except _Refused as e:  # refused by the form's category, cost or keyword (`_form`)
        raise _refusal(text, t, e.at, e.reason) from None


# s17 misprint: misprinted words repaired when safe (core.misprint), reported by `understand`
_MISPRINTS = Misprints(_READER, "ws", _WORD_AT)


def _read_repaired(text: str, fixed: Repaired | None) -> Ability | None:
    """The ability of a text read with its misprints repaired, if the repaired text reads completely."""
    if fixed is None:
        return None
    try:
        make, category = _Build(visit_tokens=False).transform(_READER.parse(fixed.text))
        return make(text, category)
    except (Unparsed, VisitError, _Refused, EffectError):
        return None


@lru_cache(maxsize=1024)
def understand(text: str) -> Reading:
    """What the engine understood of `text`: all of it (with the misprints repaired to read it), or up to the word
    where understanding stopped."""
    t = normalise(text)
    try:
        parse_ability(text)
        return Reading(t, "read", len(t), repairs=_MISPRINTS.repairs_of(t))
    except EffectError as e:
        stop = len(t) if e.at is None else e.at
        m = _WORD_AT.match(t, stop)
        near = e.hint.split("nearest supported wording: ", 1)[-1].rsplit("; see docs/", 1)[0] if e.hint else ""
        return Reading(t, "not understood", stop, m.group() if m else "", e.message, near)


def summary(ability: Ability) -> str:
    """A short, stable AST summary (the corpus records it): category, keyword, timing, cost, conditions, effects."""
    head = ability.category + (f" {ability.keyword}" if ability.keyword else "") + (f" {ability.when}" if ability.when
                                                                                     else "")
    parts = [head]
    if ability.cost != Cost():
        parts.append("cost " + ability.cost.text())
    if ability.conds:
        parts.append("if " + ", ".join(c.kind + (f"={c.value}" if c.value is not None else "") for c in ability.conds))
    if ability.scope or ability.power or ability.soul:
        parts.append(f"{ability.scope or 'gets'}{f' 《{ability.trait}》' if ability.trait else ''} "
                     f"{ability.power:+d} power {ability.soul:+d} soul")
    for f, v in (("per", ability.per), ("level", ability.level), ("name", ability.name),
                 ("optional", ability.optional), ("limit", ability.limit), ("at", ability.where),
                 ("min-level", ability.min_level), ("only", ability.select.text() if ability.select else ""),
                 ("levels", ability.levels), ("in-hand", ability.in_hand),
                 ("cannot", ability.restrict), ("may", ability.permit), ("gives", " ".join(f"<{summary(g)}>" for g in ability.gives))):
        if v:
            parts.append(f"{f} {v}" if v is not True else f)
    if ability.effects:
        parts.append("do " + "; ".join(_effect(e) for e in ability.effects))
    return " | ".join(parts)


_QUIET = {"trait": "", "per": "", "may": False, "other": False, "level": "", "at_most": False, "to": "hand",
          "reveal": False, "from_zone": "waiting_room", "color": "", "area": "", "icon": "",
          "until": "", "levels": 0, "many": 0, "name": "", "alts": (),
          "x": None, "whose": "own", "cond": None,
          "select": None, "facing": False, "cost": "", "dest": "waiting_room", "rest": False}  # field: the value not shown
_QUIET["gain_until"] = ""  # s15 quote: `Grant.gain_until`
_QUIET["more"] = ()  # s15 quote: `Grant.more`
_QUIET["heal_n"] = 1  # s17 zone: `Heal.heal_n`
_QUIET["plus"] = 0  # s9-wsbody2: XCount.plus
_QUIET.update({"face": "", "orient": "", "gain": None, "grant": None})  # s10 bodies
_QUIET.update({"times": 1, "x_times": False, "before_shuffle": (), "rest_to": ""})  # s11 bodies: Damage, Search
_QUIET.update({"same": False})  # s12 bodies: Damage
_QUIET.update({"must": False, "pos": ""})  # s13 bodies: IfDone, MoveSelf
_QUIET.update({"bound": None})  # s14 bodies: Grant
_QUIET.update({"bottom": False})  # s14b bodies: OppTopTo
_QUIET.update({"negate": False})  # s15 body: RevealTop
_QUIET.update({"otherwise": ()})  # s15b bodyquote: RevealTop

_QUIET.update({"look": False, "unshuffled": False, "compare": True})  # s15 zone: DeckTopMarker, WaitingToDeck, MillCompare15
_QUIET["all"] = False  # s16 zone: `MarkerTo.all`
_QUIET.update({"bare": False, "once": False, "counted": Select("climax")})  # s16 body: Pump, Brainstorm


def _effect(e: object) -> str:
    # a field added later is shown only when set, so that the summaries of older texts stay as recorded
    values = ((f, getattr(e, f)) for f in getattr(e, "__slots__", ())
              if not (f in _QUIET and getattr(e, f) == _QUIET[f]) and f not in ("texts", "text"))  # options as printed
    fields = ", ".join(f"{f}={_shown(v)}" for f, v in values)
    return f"{type(e).__name__}({fields})"


def _shown(v: object) -> str:
    if isinstance(v, Cost):  # s9-wsreala: a cost paid inside the effect (PayThen), as the head shows a cost
        return repr(v.text())
    if isinstance(v, Ability):  # a granted ability (Grant): its own summary
        return "<" + summary(v) + ">"
    if isinstance(v, tuple) and v and all(isinstance(x, Ability) for x in v):  # s15 quote: more granted (Grant.more)
        return "(" + ", ".join(map(_shown, v)) + ")"
    if isinstance(v, tuple) and v and all(isinstance(x, tuple) for x in v):  # a modal's options (Modal)
        return "[" + " | ".join(map(_shown, v)) + "]"
    if isinstance(v, tuple) and v and all(hasattr(x, "__slots__") for x in v):  # effects done in turn (a reveal's)
        return "(" + ", ".join(map(_effect, v)) + ")"
    return _effect(v) if hasattr(v, "__slots__") else repr(v)
