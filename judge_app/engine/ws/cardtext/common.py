"""What every part of the reader shares: refusals at a position, token and number helpers, `_Word`, and the
small marker values the Transformer's rules pass to each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, Tree
from judge_app.engine.ws.effects import (
    NAME_OR,
    WATCHING16,
    Ability,
    Cond,
    Count,
    Damage,
    EffectError,
    Grant,
    IfDone,
    LookAt,
    LookOpp,
    MillCompare15,
    Milled,
    OppTopTo,
    Pump,
    PutWhereWas,
    RevealedTo,
    RevealTop,
    Salvage,
    Search,
    Select,
    TopTo,
    XCount,
)

if TYPE_CHECKING:  # a mixin's `self` is the composed `_Build`: its methods call the other mixins' through it
    _Rules = Any
else:
    _Rules = object

_T = TypeVar("_T")


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
        if isinstance(e, _Note) and (i == 0 or not isinstance(effects[i - 1], RevealTop | LookOpp | LookAt)):
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
    # s19 head: the phases a "During your … phase" condition names (6.1.1)
    "tp_stand19": "stand", "tp_draw19": "draw", "tp_clock19": "clock", "tp_main19": "main", "tp_climax19": "climax",
    "tp_attack19": "attack", "tp_end19": "end",
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


# a character's own restrictions (Ability.restrict): what the text says it cannot do (1.3.4)
_BANS = {"sb_unchoosable": "unchoosable", "sb_no_side": "no-side-attack", "sb_no_frontal": "no-frontal-attack",
         "sb_no_move": "no-move", "sb_no_reverse": "no-reverse"}  # s13 heads: "cannot become 【REVERSE】" (4.6.1.3)


_ALIASES.update(_BANS)


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
    # (s20 body: "put up to N cards …" (`at_most`) is not read as the mill "those cards" names)
    if isinstance(e, TopTo) and e.zone == "waiting_room" and (may or not e.optional) and not e.at_most:
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


_WORD_NUMBERS = {"a": 1, "an": 1, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


class _Bound:
    """A number compared: "N or more" ("N+"), "N or less" ("N-"), or exactly N ("N=", `more` None; s18 head)."""

    def __init__(self, n: int, more: bool | None, at: int):
        self.n, self.more, self.at = n, more, at

    def __str__(self) -> str:
        return f"{self.n}{'=' if self.more is None else '+' if self.more else '-'}"


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
    if bound.more is None:  # s18 head: an exact number is read by `Count` only (the older kinds compare one way)
        return Cond("count", Count(zone, str(bound), what.select, whose, what.other))
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


_REVEALING14 = frozenset(("trigger-reveals", "self-trigger-reveals"))


# "this card cannot attack" (1.3.4; checked as the attack is declared, `attack.declare`)
_BANS["sb_no_attack14"] = _ALIASES["sb_no_attack14"] = "no-attack"


# s14b-wshz: "This card cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's characters" (1.3.4, 8.1.1.2; checked as
# an effect reverses it, `abilities._reverse`; a reversal in battle is no effect)
_BANS["sb_no_reverse_opp_auto14b"] = _ALIASES["sb_no_reverse_opp_auto14b"] = "no-reverse-opp-auto"


# s20 head: "this card's soul does not decrease by side attacking" (7.2.1.4.2; 1.3.4), a restriction read by its own rules
SIDE_SOUL_KEPT20 = "side-soul-kept"


SELF_BANS = frozenset((*_BANS.values(), SIDE_SOUL_KEPT20))


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


def _vacated(e: object) -> bool:
    return isinstance(e, PutWhereWas) or isinstance(e, Salvage) and e.to == "vacated"


_ALIASES.update({"zs_event": "event"})


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


def _granted_act15(ability: Ability, at: int) -> Ability:
    """s15 quote: a granted 【ACT】 ability is played by the character that has it in its master's main phase (6.5.1.2.3,
    8.1.1.1), its cost paid as a printed one's; a keyword one (Backup, played from the hand, 10.5.1) or one with a
    per-turn limit is not executed yet."""
    if ability.keyword or ability.limit:
        raise _refuse(at, "a granted 【ACT】 ability with a keyword or a per-turn limit is not executed yet")
    return ability


class _OppBack17:
    """s17 body: "put it on the top or at the bottom of their deck" after "look at the top card of your opponent's deck"
    (`_memory_back_joined` joins them into one `LookPut`), where it was written."""

    def __init__(self, at: int):
        self.at = at


class _IfDo:
    """"If you do, <effects>", where it was written: joined to the optional effect before it (`_if_done`)."""

    def __init__(self, effects: tuple, at: int):
        self.effects, self.at = effects, at


class _IfNot19:
    """s19 body: "If you do not, <effects>", where it was written: joined to the optional effect before it (`_if_done`)."""

    def __init__(self, effects: tuple, at: int):
        self.effects, self.at = effects, at


class _Levels(int):
    """A level gain ("+1 level and …"), told apart from the numbers around it."""


def _levels(parts: tuple) -> int:
    return next((int(p) for p in parts if isinstance(p, _Levels)), 0)


def _until(dur: tuple) -> str:
    """The duration a NEXT_TURN token names (8.2.1.2): "opp-next"; none: until end of turn ("")."""
    return "opp-next" if dur else ""


GRANTED_WHEN = ("attacks", "reversed", "opp-reversed", "frontal-attacked",
                "damage-canceled", "damage-not-canceled",  # s12 bodies: damage it deals (4.10.1.2, 4.10.1.3)
                "frontal-attacks", "direct-attacks", "side-attacks")  # s16 quote: the kind of its attack (7.2.1.4)


# s16 quote: the trigger check's timings (7.3.1.2), each with what it names after ":" (abilities._gained_reveals16)
GRANTED_REVEALS16 = ("trigger-reveals", "self-trigger-reveals")


GRANTED_LEAVING = ("to-waiting",)  # s11 bodies: watched for an ability an effect gives until it ends (8.7.4.1.2)


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
    from judge_app.engine.ws.cardtext.reader import parse_ability  # reads this module: imported when used

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


# s10-wsfix2: where a card's condition puts the card itself; the engine looks for a character's abilities on the stage
# (2.12.2.1), a climax's in the climax area (2.12.2.2), Alarm's on the top of the clock (10.1.1) and a Memory 【CONT】
# power or soul gain in the memory (10.9.1: "an ability that is possessed by a card when it is in the memory")
_ON_STAGE = frozenset(("center", "back", "middle", "stage", "left", "right"))  # s20 head: left, right (3.6.3)


def _memory_auto(a: Ability) -> bool:
    """s11-wshead: a Memory 【AUTO】 ability "If this card is in your memory, at the beginning of …" / "When you level up":
    possessed by the card in the memory (10.9.1, 10.9.2; 2.12.2 "unless otherwise specified"), and the engine looks for it
    there at those timings only."""
    return a.category == "auto" and a.keyword == "memory" \
        and all(w.startswith(("begin:", "begin-any:")) or w == "level-up"
                or w.partition(":")[0] == "your-climax-placed" for w in a.whens)  # s21 head: a climax placed
