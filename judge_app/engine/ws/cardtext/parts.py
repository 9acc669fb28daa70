"""Helpers the Transformer's rules build effects with: bounds, counts, X definitions, selections, joins of
sentences that read as one effect (the mixins call them; they call nothing above them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token
from judge_app.engine.ws.cardtext.common import (
    _NUMBERS,
    _PLAYER_BANS16,
    _QUOTED16,
    GRANTED_LEAVING,
    GRANTED_WHEN,
    HELD_CONT16,
    _grant_stats,
    _granted_act15,
    _granted_auto_checked,
    _held_cont16,
    _IfDo,
    _IfNot19,
    _It,
    _LevelNote,
    _Levels,
    _MemoryBack,
    _milled_of,
    _Names,
    _num,
    _one_dot,
    _onto_stage,
    _OppBack17,
    _opt,
    _Per,
    _Placed,
    _placing14,
    _quoted,
    _read_granted,
    _refuse,
    _Reminder,
    _tokens,
    _trait_word,
    _until,
    _Word,
    _word,
)
from judge_app.engine.ws.effects import (
    NAME_OR,
    USED_KEYWORDS16B,
    AnyOf,
    AtNextPhase,
    BattleOppTo,
    Cond,
    Cost,
    Damage,
    Draw,
    EffectError,
    EndOfTurn,
    Grant,
    HandTo,
    Heal,
    IfDone,
    IfToHand,
    LevelCompare,
    LookOpp,
    LookPut,
    LookTake,
    OppClockTo,
    OppClockTop,
    OppDraw20,
    OppMemoryBack,
    OppTo,
    OppTopTo,
    OppWaitingToDeck,
    OwnPick,
    Pump,
    PutWhereWas,
    RevealTop,
    Salvage,
    Select,
    SelfTo,
    Shuffle15,
    StockTop,
    TopTo,
    WaitingToDeck,
    XCount,
)

# --- s13b heads: conditions on the top card of a zone (the grammar's block "s13b heads") ------------------------------
# the keyword abilities (10) a card is described by ("a card with "Alarm""), as `Ability.keyword` names them
_TOP_KEYWORDS = frozenset(("alarm", "encore", "backup", "assist", "bond", "brainstorm", "memory", "experience", "change",
                           "shift", "great performance", "resonate", "accelerate"))


# the zones whose top card the engine looks at: open and kept in order (3.8.1 the clock, 3.4.1 the waiting room)
_TOP_ZONES = ("clock", "waiting_room")


# --- s14 heads: the ability's head, seventh round (the grammar's block "s14 heads") -----------------------------------------
# the conditions an automatic ability's list before its timing may open with (`auto_conds14`; one or more): a turn, Alarm's
# own, Memory's own, this card placed from the hand this turn, this card's battle
_BEFORE_FIRST14 = frozenset(("your-turn", "opp-turn", "clock-top", "placed-from-hand", "in-battle", "during-phase"))  # s19 head


def _conds_flat14(parts: tuple) -> tuple[Cond, ...]:
    """The conditions of a list, one or more per item (`c_card_in` reads "A" and "B" as one each)."""
    return tuple(c for p in parts for c in ((p,) if isinstance(p, Cond) else p))


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


# --- s10 bodies: your own characters by a general selection, markers (the grammar's block of the same name) -----------
_OWN_NUMBERS = ("1", "2", "3", "one", "two", "three", "a")


def _own_select(parts: tuple) -> Select:
    """The selection of your own characters: a bound (`card_bound`), a colour (s21 body, 2.4), a trait, a portion of the
    card name."""
    bound = _opt(parts, Select) or Select("character")
    trait = _tokens(parts, "TRAIT")
    names = next((p for p in parts if isinstance(p, _Names)), None)
    return evolve(bound, kind="character", trait=str(trait[0])[1:-1].strip() if trait else "",
                  name=str(names) if names is not None else "", color=_color_in(parts))


def _color_in(parts: tuple) -> str:
    """s21 body: the colour a selection names (`color`, 2.4), or ""."""
    return next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")


def _own_count(parts: tuple) -> tuple[int, bool]:
    n = _tokens(parts, *_NUMBERS)[0]
    up_to = "up to" in parts
    # s19 body: "choose N of your characters" of any count (8.6.3.1: as many as possible up to N)
    many = _num(n, _OWN_NUMBERS + _MORE19 if up_to else ("1", "one", "a") + _MORE19, "choose … of your characters")
    return many, up_to


_MORE19 = ("2", "3", "4", "5", "6", "two", "three")


_MANY_KINDS = {"characters": "character", "cards": "card", "climaxes": "climax"}


def _without_names(parts: tuple) -> tuple[tuple, str]:
    """The parts without the name portion (`name_part`), and that portion's name spec (2.1.2.2)."""
    names = next(p for p in parts if isinstance(p, _Names))
    return tuple(p for p in parts if p is not names), str(names)


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
        elif isinstance(e, AtNextPhase) and e.who == "memory":  # s18 zone: "that character" names the one put there
            before = out[-1] if out else None
            if not (isinstance(before, OwnPick) and before.act == "memory" and before.n == 1):
                raise _refuse(0, "'at the beginning of your next … phase, put that character …' follows 'choose 1 of your "
                              "characters, and put it into your memory'")
            out.append(e)
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


# --- s15 body: the effect body (the grammar's block "# s15 body") ------------------------------------------------------
def _placing15(e: object) -> bool:
    """s15 body: a placement "that character" after it names, besides `_onto_stage`'s: one card searched for and put on the
    stage (`_placing14`: "…, put it in any position of your stage, shuffle your deck, and that character gets …"), or a card
    named put on the position this card left (`PutWhereWas`); the engine notes each as it places it (`log.scratch`)."""
    return _placing14(e) or isinstance(e, PutWhereWas)


_ONE = Token("NUMBER", "1")


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


class _BsCount16:
    """s16 body: what Brainstorm counts among the cards it flipped (`select`), and whether its effects are done once if
    there is one (`once`, "If there is a climax … among those cards,") rather than once for each."""

    def __init__(self, select: Select, once: bool):
        self.select, self.once = select, once


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


def _used_keyword16b(name: Token) -> str:
    keyword = str(name)[1:-1].strip().lower()
    if keyword not in USED_KEYWORDS16B:
        raise _refuse(name, "'When you use (this card's) \"X\"' names the Backup keyword (10.5), \"Brainstorm\" (10.7.4) "
                      "or \"Accelerate\" (10.12.3)")
    return keyword


def _used_keyword20(name: Token) -> str:
    """s20 head: the keyword a player uses in "When you use "X"" / "When your opponent uses "X"": Brainstorm, Accelerate
    (`_used_keyword16b`) or Change (10.8.5; not "this card's "Change"", which names no happening the rules define)."""
    if str(name)[1:-1].strip().lower() == "change":
        return "change"
    return _used_keyword16b(name)


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


class _WatchedOther(str):
    """s18 head: the other character a "this card or …" timing watches: "" (any of yours), ":Trait" or ':"Name"'."""


class _Both(tuple):
    """s18 head: two effects one rule reads (`pump_ban`), spread into the sentence's effects (`sentences`)."""


def _or_groups(side: Cond | tuple[Cond, ...]) -> tuple[tuple[Cond, ...], ...]:
    """s18 head: the groups of conditions one side of "or" stands for (`c_or_cond`): its own, or an earlier "or"'s."""
    if isinstance(side, Cond):
        return side.value.groups if isinstance(side.value, AnyOf) else ((side,),)
    return (side,)


def _names_battle_opp(c: Cond) -> bool:
    """Whether a condition names this card's battle opponent (7.2.1.5.1), so that "that character" after it is that one;
    s18 head: also a comparison of its level."""
    return c.kind.startswith("battle-opp") or (isinstance(c.value, LevelCompare)
                                               and "battle-opp" in (c.value.left, c.value.right))


# s17 body: where "put it (that character)" takes the one card a mill put into the waiting room (`RevealedTo.zone`)
_MILLED_TO17 = ("hand", "stock", "stage")


def _middle17(meta: Meta, scope: str, parts: tuple) -> _Word:
    trait = _tokens(parts, "TRAIT")
    w = _trait_word(meta, scope, trait[0]) if trait else _word(meta, scope)
    w.where = "CM"
    names = next((p for p in parts if isinstance(p, _Names)), None)
    if names is not None:  # a portion of the name (2.1.2.2), as `s_others_named` names a card
        w.named = str(names)
    return w


def _optional(e: object) -> bool:
    inner = e.effect if isinstance(e, _It) else e
    return isinstance(inner, BattleOppTo | OppClockTop | OppClockTo | StockTop | OppTopTo) and inner.may \
        or isinstance(inner, Draw) and inner.optional and not inner.at_most \
        or isinstance(inner, HandTo | Salvage | OwnPick | SelfTo) and inner.may and not getattr(inner, "many", 0) \
        and not getattr(inner, "at_most", False) \
        and not (isinstance(inner, OwnPick) and inner.n > 1) \
        or isinstance(inner, TopTo) and inner.optional and inner.zone != "clock_bottom" \
        or isinstance(inner, OppDraw20 | OppWaitingToDeck) and inner.may \
        or isinstance(inner, Heal) and inner.may and inner.heal_n == 1 and not (inner.at_most or inner.bottom)
    # s9-wsbody2: "you may draw 1 card"; s11: "you may choose …"; s19 body: "you may put the top card of your deck / clock …"
    # (s19 body: "you may choose 5 of your characters, … If you do": whether choosing fewer is doing it, the rules do not say)


def _chosen13(e: object) -> bool:
    """s13 bodies: an effect that chooses one of your characters and does something to it, which is not done when none can
    be chosen (8.6.3.1.3): "If you do," may follow it although the text does not say "you may"."""
    e = e.effect if isinstance(e, _It) else e
    return isinstance(e, OwnPick) and not e.may and e.n == 1 and e.act in ("rest", "stand", "hand", "waiting_room",
                                                                            "stock", "memory", "clock")


class _IfOppDoes20(_IfDo):
    """s20 body: "If your opponent does, <effects>": joined to the opponent's optional effect before it (`_if_done`)."""


def _opp_first20(e: object) -> bool:
    """s20 body: the opponent's optional effect ("your opponent may draw …"), or its "If your opponent does, …"."""
    return isinstance(e, OppDraw20) or isinstance(e, IfDone) and isinstance(e.first, OppDraw20)


def _if_done(effects: tuple) -> tuple:
    """Each "If you do, …" joined to the effect before it, which must be one the text says "you may" do. s20 body: "If
    your opponent does, …" only after the opponent's own "may" (`OppDraw20`), and "If you do" never after it."""
    out: list = []
    for e in effects:
        if isinstance(e, _IfDo) and (not out or isinstance(e, _IfOppDoes20) != isinstance(out[-1], OppDraw20)):
            raise _refuse(e.at, "'If your opponent does,' follows what the text says your opponent may do, 'If you do,' "
                          "what you may do")
        if isinstance(e, _IfNot19) and out and _opp_first20(out[-1]):
            raise _refuse(e.at, "'If you do not,' follows what the text says you may do")
        if isinstance(e, _IfDo):
            if e.effects[:1] == (Shuffle15(),) and out[-1:] != [WaitingToDeck(unshuffled=True)]:  # s15 zone
                raise _refuse(e.at, "'If you do, shuffle your deck' is read after 'return all cards in your waiting "
                              "room to your deck'")
            if e.effects[:1] == (Shuffle15(theirs=True),) and not (out and isinstance(out[-1], OppWaitingToDeck)
                                                               and out[-1].chosen is not None):  # s20 body2
                raise _refuse(e.at, "'If you do, shuffle your opponent's deck' is read after 'return it to his or her "
                              "deck'")
            if not out or not (_optional(out[-1]) or _chosen13(out[-1])
                               or isinstance(out[-1], StockTop | WaitingToDeck | OppWaitingToDeck)):
                raise _refuse(e.at, "'If you do,' follows an effect the text says 'you may' do (put that character "
                              "into …, the top card of your opponent's clock, draw 1 card)")
            out[-1] = IfDone(out[-1], e.effects, must=not _optional(out[-1]))
        elif isinstance(e, _IfNot19):  # s19 body: after "If you do, …" or straight after the optional effect
            if out and isinstance(out[-1], IfDone) and not out[-1].otherwise:
                out[-1] = evolve(out[-1], otherwise=e.effects)
            elif out and (_optional(out[-1]) or _chosen13(out[-1])):
                out[-1] = IfDone(out[-1], (), must=not _optional(out[-1]), otherwise=e.effects)
            else:
                raise _refuse(e.at, "'If you do not,' follows an effect the text says 'you may' do, or its 'If you do, …'")
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


def _area_in(parts: tuple) -> str:
    """The area a selection of characters names ("in your center stage", "in their back stage", 3.6.3), "" for none."""
    return next((str(p) for p in parts if isinstance(p, _Word) and p in ("center", "back")), "")


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


def _option(tok: Token) -> tuple[tuple, str]:
    """One option of a modal effect: its sentences read by this same reader as an event's one-shot effects, refused
    with their own words where they are not understood."""
    from judge_app.engine.ws.cardtext.reader import parse_ability  # reads this module: imported when used

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


def _at(parts: tuple) -> int:
    """s20 body: where the last marker word of `parts` was written (a refusal names the words there)."""
    return next((p.at for p in reversed(parts) if isinstance(p, _Word) and p.at is not None), 0)


def _own_look20(look: tuple, parts: tuple) -> None:
    """s20 body: a look at the opponent's deck (`look_count`) read where the cards go back to your own deck or hand: the
    cards go to their owner's zones (3.1.6), so the text names one deck throughout."""
    if look[0] == "look-opp":
        raise _refuse(_at(parts), "the cards of your opponent's deck go to their zones (3.1.6), not to yours")


@dataclass(frozen=True, slots=True)
class _Many21:
    """s21 grant: "the following (N) abilities": the number printed, if any (the quoted abilities must be as many)."""

    n: Token | None


def _each_granted21(parts: tuple) -> list[tuple]:
    """s21 grant: the parts of a gain of several quoted abilities, once for each ability with that one alone (as
    `_one_granted15`, keeping every number but the count of abilities), after checking the count printed."""
    many = next(p for p in parts if isinstance(p, _Many21))
    quoted = _tokens(parts, *_QUOTED16)
    if many.n is not None and _num(many.n, ("2", "3", "two", "three"), "the following … abilities") != len(quoted):
        raise _refuse(many.n, f"'the following {many.n} abilities' is followed by {many.n} quoted abilities")
    rest = tuple(p for p in parts if p is not many)
    return [tuple(p for p in rest if not (isinstance(p, Token) and p.type in _QUOTED16 and p is not keep)) for keep in quoted]


# --- s22-ws2 ----------------------------------------------------------------------------------------------------------
def _chosen_end22(effects: tuple) -> tuple:
    """s22-ws2: "Choose one of your characters, and that character gets +2500 power until end of turn. At the end of turn,
    put that character into your waiting room": "that character" after a gain to one of your characters you choose names
    the chosen one (8.6.3), as it names a character put on the stage before it (`EndOfTurn` who "placed"); read as who
    "chosen" (the executor keeps the chosen character for it)."""
    out = list(effects)
    for i, e in enumerate(out):
        prev = out[i - 1] if i else None
        if isinstance(e, EndOfTurn) and e.who == "placed" and isinstance(prev, Pump) and prev.who == "choose-own" \
                and not prev.many and prev.x is None and not prev.per:
            out[i] = evolve(e, who="chosen")
    return tuple(out)
