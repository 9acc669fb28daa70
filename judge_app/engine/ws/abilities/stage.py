"""Executors of effects on characters on the stage: orientation (rest, reverse, stand), position (move, shift), power,
soul and level gains, and the bans on standing (4.6, 3.6.3, 8.2.1.2)."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core import EventLog, Unsupported
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities.choices import (
    _choosable,
    _choose_opp,
    _choose_own,
    _opp_chooses,
    choose,
    pick,
    pick_exactly,
    pick_up_to,
    yes_no,
)
from judge_app.engine.ws.abilities.common import (
    _KIND_CHARACTER,
    _ORIENT_REST,
    _ORIENT_REVERSE,
    _OWN_ZONE,
    _bound_rules,
    _gain_text,
    _last,
    _selects,
    _still_on_stage,
    _until_text,
    _within,
    pump,
    set_orient,
)
from judge_app.engine.ws.abilities.costs import _markers_under
from judge_app.engine.ws.abilities.counts import _x_counted
from judge_app.engine.ws.abilities.dispatch import Executor
from judge_app.engine.ws.abilities.grants import _grant_to
from judge_app.engine.ws.effects import (
    NAME_OR,
    NAME_PART,
    PER_NAMED,
    Ability,
    ChooseMove,
    ChosenAndSelf,
    ChosenAndSelfTo22,
    MoveSelf,
    NoStand,
    OppShift,
    OppTo,
    OwnPick,
    Pump,
    Rest,
    RestAll21,
    Reverse,
    Select,
    StandSelf,
    article,
    has_name,
    has_trait,
    name_text,
)
from judge_app.engine.ws.state import BACK, CENTER, FACING, POSITIONS, OnStage, Orient, State, other, replace
from judge_app.engine.ws.zones import happened, interrupts, leave_stage


def _pump(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    rule = "8.8.1"
    if eff.who == "choose-own":  # s22-ws2: only this choice is "that character" of an `EndOfTurn` who "chosen" after it
        log.scratch.pop("chosen22", None)
    if eff.bare:  # s16 body: a gain printed with no stat
        log.add("note", f"The text names no stat for its {eff.power:+} gain: the rules do not say which; the engine reads it as "
                "power (2.9), the stat cards raise by multiples of 500.", ("2.9.1",), subject=source)
    if eff.x is not None:  # s8-wsreala
        return _pump_x(state, log, p, source, eff)
    if eff.per:
        return _pump_counted(state, log, p, source, eff)
    if eff.who == "choose-opp" or eff.trait:
        return _pump_opp(state, log, p, source, eff) if eff.who == "choose-opp" else _pump_trait(state, log, p, source, eff)
    if eff.who in ("all-own", "all-opp"):  # the characters on the stage now; one placed later does not get it (8.9.2)
        # s14 bodies: only those on one area when the text names it (3.6.3)
        spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS
        # s17 body: "all of your other characters": any but the ability's own card
        targets = [o.uid for pos, o in state.side(p if eff.who == "all-own" else other(p)).characters() if pos in spots
                   and not (eff.other and o.uid == source)]
        for t in targets:
            state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
        whose = f" ({other(p)}'s)" if eff.who == "all-opp" else ""
        log.add("pump", f"{', '.join(map(repr, targets)) or 'no character'}{whose} get(s) "
                f"{_gain_text(eff.power, eff.soul, eff.levels)} {_until_text(state, p, eff.until)}; a character placed later does not.",
                ("8.2.1.2", "8.9.2", rule) + (("2.3.2.1.2",) if whose else ()) + (("3.6.3",) if eff.area else ()))
        return state
    if eff.who in ("self", "placed"):  # s13 zones: "placed", the character the sentence before put on the stage
        target = source if eff.who == "self" else log.scratch.pop("placed", "")
        if not (target and _still_on_stage(state, log, target)):
            if not target:
                log.add("nothing", "No character was put on the stage: 'that character' gets nothing.", ("1.3.3",))
            return state
    elif eff.who == "facing":  # s9-wsrealb
        got = _facing_target(state, log, p, source, f"gets {_gain_text(eff.power, eff.soul, eff.levels)}")
        if got is None:
            return state
        target = got
    elif eff.who == "opp-chooses":  # s17 zone: the opponent chooses one of their own characters (8.6.3)
        got = _opp_chooses(state, log, p, eff)
        if got is None:
            return state
        target = got
    else:
        att = state.attack
        if eff.who == "choose-in-battle":  # s19 body: either player's character in battle (only in a frontal attack, 7.2.1.5.1)
            battling = tuple(x for x in view.in_battle(state) if state.on_stage(x))
            theirs = tuple(x for x in battling if state.on_stage(x)[0] != p)  # type: ignore[index]
            opts = tuple(x for x in battling if x not in theirs) + _choosable(state, log, p, theirs)
        elif eff.who == "choose-another":  # s21 body: either player's but this card; the opponent's if choosable (8.6.3)
            opts = tuple(o.uid for _pos, o in state.side(p).characters() if o.uid != source) \
                + _choosable(state, log, p, tuple(o.uid for _pos, o in state.side(other(p)).characters()))
        elif eff.who in ("choose-defending", "choose-battle"):  # in battle: attacker and defender (7.2.1.5.1)
            fighting = view.in_battle(state) if eff.who == "choose-battle" else (att.defender,) if att else ()
            opts = tuple(x for x in fighting if x and (on := state.on_stage(x)) and on[0] == p)
        else:  # "other": any but the ability's own card; s9-wsrealb: a name's portion (2.1.2.2)
            opts = tuple(o.uid for _pos, o in state.side(p).characters() if not (eff.other and o.uid == source)
                         and (eff.select is None or _selects(state, o.uid, eff.select)))
        if not opts:
            if eff.who == "choose-in-battle":
                log.add("nothing", "No character is in battle (only a frontal attack's attacking and defending characters "
                        "are): the effect does nothing.", ("8.6.3.1.3", "7.2.1.5.1"))
                return state
            if eff.who == "choose-battle":  # as a grant's choice says it (choices._choose_battling)
                log.add("nothing", f"{p} has no character in battle to choose: the effect does nothing.",
                        ("8.6.3.1.3", "7.2.1.5.1"))
                return state
            log.add("nothing", f"{p} has no character to choose: the effect does nothing.", ("8.6.3.1.3",))
            return state
        target = choose(log, p, opts, "character to choose", f"Which character gets {_gain_text(eff.power, eff.soul, eff.levels)}?", "8.6.3")
    if eff.who == "choose-own":
        log.scratch["chosen22"] = target
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} gets {_gain_text(eff.power, eff.soul, eff.levels)} {_until_text(state, p, eff.until)}.", ("8.2.1.2", rule)
            + (("7.2.1.5.1",) if eff.who == "choose-battle" else ("7.2.1.5.1", "8.6.3") if eff.who == "choose-in-battle"
               else ("3.6.5",) if eff.who == "facing" else ("2.3.2.1.2", "8.6.3") if eff.who == "choose-another" else ())
            + (("2.1.2.2",) if eff.select is not None and eff.who == "choose-own" else ()),
            subject=target)
    return state


def _pump_opp(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    if eff.many:
        return _pump_opp_many(state, log, p, source, eff)
    target = _choose_opp(state, log, p, f"gets {_gain_text(eff.power, eff.soul, eff.levels)}", eff.area,
                         bound=eff.select)
    if target is None:
        return state
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} ({other(p)}'s) gets {_gain_text(eff.power, eff.soul, eff.levels)} {_until_text(state, p, eff.until)}.",
            ("8.2.1.2", "8.6.3", "2.3.2.1.2", "8.8.1") + (("3.6.3",) if eff.area else ()) + _bound_rules(eff.select),
            subject=target)
    return state


def _pump_opp_many(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """"choose up to N characters in your opponent's center stage, and those characters get …": any number from none
    up to N of them (8.6.3.1.1), each gets the gain."""
    spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS
    opts = _choosable(state, log, p, tuple(o.uid for pos, o in state.side(other(p)).characters() if pos in spots))
    gain = _gain_text(eff.power, eff.soul, eff.levels)
    where = f" on the {eff.area} stage" if eff.area else ""
    if not opts:
        log.add("nothing", f"{other(p)} has no character{where} to choose: the effect does nothing.",
                ("8.6.3.1.3", "3.6.3"))
        return state
    got = pick_up_to(log, p, f"Which of {other(p)}'s characters{where} get {gain} (up to {eff.many})?", opts,
                     eff.many, "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none of {other(p)}'s characters{where} (up to {eff.many}): none gets {gain}.",
                ("8.6.3.1.1",), subject=source)
        return state
    for t in got:
        state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{', '.join(map(repr, got))} ({other(p)}'s, chosen up to {eff.many}) get(s) {gain} "
            f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.6.3.1.1", "3.6.3", "8.8.1"), subject=source)
    return state


def _pump_trait(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """`all of your 《T》 characters` / `choose 1 of your (other) 《T》 characters`: only characters with the trait
    (2.5.3), not the ability's own card when the text says "other"."""
    spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS  # s18 body: one area (3.6.3)
    have = [o.uid for pos, o in state.side(p).characters() if has_trait(eff.trait, view.traits_of(state, o.uid))
            and not (eff.other and o.uid == source) and pos in spots]
    gain = _gain_text(eff.power, eff.soul, eff.levels)
    if eff.who == "all-own":  # the characters there when it resolves (8.9.2)
        for t in have:
            state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
        log.add("pump", f"{', '.join(map(repr, have)) or 'no character'} (《{eff.trait}》) get(s) {gain} "
                f"{_until_text(state, p, eff.until)}; a character placed later does not.", ("8.2.1.2", "8.9.2", "2.5.3", "8.8.1")
                + (("3.6.3",) if eff.area else ()))
        return state
    if not have:
        log.add("nothing", f"{p} has no 《{eff.trait}》 character to choose: the effect does nothing.", ("8.6.3.1.3",))
        return state
    target = choose(log, p, tuple(have), f"《{eff.trait}》 character", f"Which 《{eff.trait}》 character gets {gain}?",
                    "8.6.3")
    if eff.who == "choose-own":  # s22-ws2: "that character" of an `EndOfTurn` who "chosen" after it
        log.scratch["chosen22"] = target
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} gets {gain} {_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.6.3", "2.5.3", "8.8.1"),
            subject=target)
    return state


def _pump_counted(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """"+X … X is equal to the number of your (other) [《T》] characters ×N": X is counted once, as the effect
    resolves (8.8.1), and does not change afterwards. s17 zone: "… the number of markers underneath this card": this
    card's markers (3.7.1; none once it has left the stage, 3.7.3.2)."""
    if eff.per == "markers":
        k = len(_markers_under(state, source))
        log.add("count", f"X = {k} (the markers underneath {source!r}) × {eff.power or eff.soul}: counted as the effect "
                "resolves.", ("8.8.1", "3.7.1"), subject=source)
        return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, per=""))
    scope, _, trait = eff.per.partition(":")
    named = trait[:1] == PER_NAMED  # s15 body: characters with a portion of the name (2.1.2.2), as `view._times` counts
    # s18 body: one count for continuous and one-shot gains (`view.count_per`): the scope may name an area (3.6.3), a
    # state (4.6.1) or the opponent's characters ("for each of your opponent's characters in their back stage")
    k = view.count_per(state, p, source, eff.per)
    scope, _, area = scope.partition("@")[0].partition("-")
    scope, _, orient = scope.partition("~")
    shown = " or ".join(f'"{n.lstrip(NAME_PART)}"' for n in trait[1:].split(NAME_OR)) if named else ""
    whose = f"{other(p)}'s" if scope == "opp" else f"{p}'s"
    what = f"{whose} {'other ' if scope == 'others' else ''}{f'【{orient.upper()}】 ' if orient else ''}" \
        f"{f'《{trait}》 ' if trait and not named else ''}characters" + (
        f" with {shown} in the card name" if named else "") + (f" on the {area} stage" if area else "")
    log.add("count", f"X = {k} ({what}) × {eff.power or eff.soul}: counted as the effect resolves.",
            ("8.8.1",) + (("2.1.2.2",) if named else ()) + (("3.6.3",) if area else ())
            + (("4.6.1",) if orient else ()), subject=source)
    return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, per=""))


def _rest(state: State, log: EventLog, p: str, source: str, eff: Rest) -> State:
    """"【REST】 this card" (`self`) / "choose 1 of your opponent's characters, and 【REST】 it" (`choose-opp`, 8.6.3):
    the character is put in the rest orientation (4.6.1.2); one not on the stage, or resting already, is not
    (1.3.3, 1.3.3.1)."""
    chosen = eff.who != "self"
    target = _choose_opp(state, log, p, "is rested", eff.area, bound=eff.select) if eff.who == "choose-opp" else \
        _facing_target(state, log, p, source, "is rested") if eff.who == "facing" else source
    on = state.on_stage(target) if target else None
    if on is None or on[2].orient is _ORIENT_REST:
        if target:
            log.add("nothing", f"{target!r} is {'not on the stage' if on is None else 'rested already'}: nothing to "
                    "rest.", ("4.6.1.2", "1.3.3"), subject=target)
        return state
    if eff.may and not yes_no(log, p, f"Rest {target!r}?", "8.6.3", "rest", "decline"):  # s22 ws: "you may 【REST】 …"
        log.add("decline", f"{p} does not rest {target!r}.", ("8.6.3",), subject=str(target))
        return state
    state = set_orient(state, str(target), _ORIENT_REST)
    log.add("rest", f"{target!r} ({on[0]}'s) becomes rested." if chosen else f"{target!r} becomes rested.",
            ("4.6.1.2",) + (("3.6.5",) if eff.who == "facing" else ("8.6.3",) if chosen else ())
            + _bound_rules(eff.select) + (("3.6.3",) if eff.area else ()), subject=target)
    return state


def _move_to(state: State, p: str, uid: str, to: str) -> State:
    """p's character `uid` moves to the stage position `to` with its state, markers and effects (3.7.3.1, 8.9.2); cards
    left in that position's marker area go to the waiting room (3.7.3.1)."""
    s = state.side(p)
    frm = s.where(uid)
    assert frm is not None
    o = next(x for x in s.stage[POSITIONS.index(frm)] if x.uid == uid)
    s = s.with_pos(frm, tuple(x for x in s.stage[POSITIONS.index(frm)] if x.uid != uid))
    j = POSITIONS.index(to)
    s = s.with_pos(to, s.stage[j] + (o,))
    if s.loose[j]:
        s = replace(s, waiting=s.waiting + s.loose[j], loose=s.loose[:j] + ((),) + s.loose[j + 1:])
    return state.with_side(p, s)


def _no_attack_on(state: State, *uids: str) -> None:
    """A character that attacks or defends moved to another position ends its part in the battle (7.5.1.2.2, 7.6.1.3):
    the engine does not follow that yet, and says so rather than guessing."""
    att = state.attack
    if att is not None and (att.attacker in uids or att.defender in uids):
        raise Unsupported("a character in battle moves to another stage position (7.5.1.2.2, 7.6.1.3): not executed yet")


def _move_self(state: State, log: EventLog, p: str, source: str, eff: MoveSelf) -> State:
    """"(you may) move this card to an open position of your center / back stage" (3.6.3): the master chooses the
    position (8.6.3); none open, or this card not on the stage: nothing happens (8.6.3.1.3)."""
    area = (eff.pos,) if eff.pos else CENTER if eff.area == "center" else BACK  # s13 bodies: one position
    on = state.on_stage(source)
    opts = tuple(pos for pos in area if state.side(p).at(pos) is None) if on and on[0] == p else ()
    # s19 body: "with a character facing this card": only where an opponent's character would face it (3.6.5)
    opts = tuple(pos for pos in opts if state.side(other(p)).at(FACING[pos]) is not None) if eff.faced else opts
    if not opts:
        faced = " with a character of the opponent's facing it" if eff.faced else ""
        log.add("nothing", f"{source!r} cannot move: no open position of {p}'s {eff.area} stage{faced} (or it is not on "
                "the stage).", ("8.6.3.1.3", "3.6.3") + (("3.6.5",) if eff.faced else ()), subject=source)
        return state
    _no_attack_on(state, source)
    if eff.may and not yes_no(log, p, f"Move {source!r} to an open position of the {eff.area} stage?", "8.6.3",
                              "move", "decline"):
        log.add("decline", f"{p} does not move {source!r}.", ("8.6.3",), subject=source)
        return state
    faced = " faced by a character of the opponent's" if eff.faced else ""
    to = choose(log, p, opts, f"open position of the {eff.area} stage{faced}", f"To which position does {source!r} move?",
                "8.6.3")
    log.add("move", f"{source!r} moves from {on[1]} to {to}, keeping its state, its markers and the effects on it."  # type: ignore[index]
            + (f" {state.side(other(p)).at(FACING[to]).uid!r} faces it there." if eff.faced else "")  # type: ignore[union-attr]
            , ("3.6.3", "3.7.3.1", "8.9.2", "8.8.1") + (("3.6.5",) if eff.faced else ()), subject=source)
    return _move_to(state, p, source, to)


def _choose_move(state: State, log: EventLog, p: str, source: str, eff: ChooseMove) -> State:
    """"choose 1 of your other 《T》 characters, 【REST】 it, and move it to an open position of your back stage": the master
    chooses the character (8.6.3.1: one must be chosen if there is one), it rests (4.6.1.2), then it moves to an open
    position the master chooses (3.6.3; none open: it stays, 8.6.3.1.3)."""
    sel = Select("character", eff.trait)
    opts = tuple(o.uid for _pos, o in state.side(p).characters() if not (eff.other and o.uid == source)
                 and _selects(state, o.uid, sel))
    what = ("other " if eff.other else "") + sel.text()
    if not opts:
        log.add("nothing", f"{p} has no {what} to choose: nothing happens.", ("8.6.3.1.3",), subject=source)
        return state
    c = choose(log, p, opts, what, f"Which {what} of {p}'s rests and moves?", "8.6.3")
    _no_attack_on(state, c)
    state = set_orient(state, c, _ORIENT_REST)
    log.add("rest", f"{c!r} rests.", ("4.6.1.2", "8.8.1") + (("2.5.3",) if eff.trait else ()), subject=c)
    return _own_move(state, log, p, c, eff.area)


# --- s8-wsreala: X quantities (8.8.1), granted restrictions, "among those cards" ---------------------------------------

def _pump_x(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """"+X … X is equal to <what> ×N": X is counted once, as the effect resolves (8.8.1), and does not change
    afterwards. "that character's level": the character is chosen first (8.6.3), then X is its level (2.6)."""
    x = eff.x
    assert x is not None
    times = eff.power or eff.soul
    if x.zone == "self-soul":  # s15 body: this card's own soul, counted once as it resolves
        return _pump_self_soul(state, log, p, source, eff, times)
    if x.zone not in ("that-level", "that-soul"):
        k, what, rules = _x_counted(state, p, x, source)
        log.add("count", f"X = {k} ({what}) × {times}: counted once, as the effect resolves.", ("8.8.1", *rules),
                subject=source)
        return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, x=None))
    stat = "soul" if x.zone == "that-soul" else "level"  # s11 bodies: its soul (2.10)
    target = _choose_own(state, log, p, source, eff.trait, eff.other, f"Which character gets the +X (X: its {stat})?")
    if target is None:
        return state
    if stat == "soul":
        on = state.on_stage(target)
        assert on is not None  # chosen on the stage just now
        k = view.stats(state, on[0], on[1], on[2])[1]
        log.add("count", f"X = {k} ({target!r}'s soul as the effect resolves, before this effect's own gain applies: the "
                "rules do not say which soul X reads, the engine decides so) × " f"{times}.", ("8.8.1", "2.10.1"),
                subject=target)
    else:
        k = view.card_level(state, target)
        log.add("count", f"X = {k} ({target!r}'s level as the effect resolves, before this effect's own level gain "
                "applies: the rules do not say which level X reads, the engine decides so) × " f"{times}.",
                ("8.8.1", "2.6"), subject=target)
    power, soul = eff.power * k, eff.soul * k
    state = pump(state, target, power, soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} gets {_gain_text(power, soul, eff.levels) or '+0 power'} "
            f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.8.1") + (("2.5.3",) if eff.trait else ()),
            subject=target)
    return state


def _facing_target(state: State, log: EventLog, p: str, source: str, what: str, may: bool = False) -> str | None:
    """The character facing this card (3.6.5): the opponent's character on the center stage position facing this card's;
    none when this card is not on the center stage or that position is empty (1.3.3: nothing happens). `may`: the
    master says whether (8.6.3)."""
    on = state.on_stage(source)
    facing = state.side(other(on[0])).at(FACING[on[1]]) if on is not None and on[1] in FACING else None
    if facing is None:
        log.add("nothing", f"No character faces {source!r} ({'it is not on the center stage' if on is None or on[1] not in FACING else 'that position is empty'}): "
                "nothing happens.", ("3.6.5", "1.3.3"), subject=source)
        return None
    if may:
        if not yes_no(log, p, f"Does {facing.uid!r}, the character facing {source!r}, {what}?", "8.6.3"):
            log.add("decline", f"{p} does not: {facing.uid!r} stays (the text says 'you may').", ("8.6.3",))
            return None
        log.add("choose", f"{p} chooses that {facing.uid!r} {what} (the text says 'you may').", ("8.6.3",))
    elif on is not None:
        log.add("count", f"{facing.uid!r} is the character facing {source!r} ({other(on[0])}'s {FACING[on[1]]}, facing "
                f"{on[1]}).", ("3.6.5",), subject=facing.uid)
    return facing.uid


def _battle_opponent(state: State, source: str) -> str | None:
    """The ability's card's battle opponent (`view.battle_opponent`, 7.2.1.5.1), if it is still on the stage."""
    target = view.battle_opponent(state, source)
    return target if target and state.on_stage(target) else None


def _reverse_target(state: State, log: EventLog, p: str, source: str, eff: Reverse) -> str | None:
    if eff.who == "facing":
        return _facing_target(state, log, p, source, "becomes reversed", eff.may)
    if eff.who == "choose-opp":
        return _choose_opp(state, log, p, "is reversed", eff.area, bound=eff.select)
    return _may_battle_opponent(state, log, p, source, eff.may, "is reversed",
                                lambda t: f"Reverse {t!r}, {source!r}'s battle opponent?", lambda t: f"reverse {t!r}")


def _may_battle_opponent(state: State, log: EventLog, p: str, source: str, may: bool, nothing: str,
                         question: Callable[[str], str], act: Callable[[str], str]) -> str | None:
    """The ability's card's battle opponent as what an effect acts on (7.2.1.5.1), none when there is none on the stage
    (1.3.3); with "you may" the master says whether (8.6.3): `question` asks it, `act` words what is done."""
    target = _battle_opponent(state, source)
    if target is None:
        log.add("nothing", f"{source!r} has no battle opponent on the stage: nothing {nothing}.", ("7.2.1.5.1", "1.3.3"),
                subject=source)
        return None
    if may:
        done = act(target)
        if not yes_no(log, p, question(target), "8.6.3"):
            log.add("decline", f"{p} does not {done}.", ("8.6.3",))
            return None
        log.add("choose", f"{p} chooses to {done} (the text says 'you may').", ("8.6.3",))
    return target


def _opp_auto_banned(state: State, log: EventLog, p: str, source: str, target: str, owner: str) -> bool:
    """s14b-wshz: "This card cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's characters" stops the reversal
    when the effect resolving is an automatic ability's (8.1.1.2; `resolving`) of a character of the target's opponent
    (1.3.4: the effect that stops an action takes precedence)."""
    if p == owner or "auto" not in log.scratch.get("resolving", ()) or state.card(source).kind is not _KIND_CHARACTER:
        return False
    ban = view.banned(state, target, "no-reverse-opp-auto")
    if ban is None:
        return False
    log.add("nothing", f"{target!r} cannot become 【REVERSE】 by the 【AUTO】 effect of {source!r}, its opponent's character: "
            f"\"{ban.text}\"; it stays as it is.", ("4.6.1.3", "1.3.4", "8.1.1.2", *view.ban_rules(state, target, ban)),
            subject=target)
    return True


def _reverse(state: State, log: EventLog, p: str, source: str, eff: Reverse) -> State:
    """The character is put in the reverse state (4.6.1.3); one reversed already is not again (1.3.3.1). Its own
    "When this card becomes 【REVERSE】" abilities wait (8.7.2); one that says "in battle" does not (`_reversed_by_effect`)."""
    target = _reverse_target(state, log, p, source, eff)
    on = state.on_stage(target) if target else None
    if target is None or on is None:
        return state
    if on[2].orient is _ORIENT_REVERSE:
        log.add("nothing", f"{target!r} is reversed already: it does not become reversed again.", ("4.6.1.3", "1.3.3.1"),
                subject=target)
        return state
    if ban := view.banned(state, target, "no-reverse"):  # s13 heads: "This card cannot become 【REVERSE】" (1.3.4)
        log.add("nothing", f"{target!r} cannot become 【REVERSE】: \"{ban.text}\"; it stays as it is.",
                ("4.6.1.3", "1.3.4", *view.ban_rules(state, target, ban)), subject=target)
        return state
    if _opp_auto_banned(state, log, p, source, target, on[0]):
        return state
    state = set_orient(state, target, _ORIENT_REVERSE)
    why = {"battle-opp": (f", {source!r}'s battle opponent", ("7.2.1.5.1",)), "facing": ("", ("3.6.5",)),
           "choose-opp": ("", ("8.6.3",) + _bound_rules(eff.select) + (("3.6.3",) if eff.area else ()))}[eff.who]
    log.add("reverse", f"{target!r} ({on[0]}'s{why[0]}) becomes reversed by {source!r}'s effect.",
            ("4.6.1.3", "4.6.1.3.1", "8.8.1") + why[1], subject=target)
    happened(log, "reversed", on[0], target, "effect")
    foe = _battle_opponent(state, target)  # "When this card's battle opponent becomes 【REVERSE】" (7.2.1.5.1)
    if foe is not None:
        happened(log, "opp-reversed", state.on_stage(foe)[0], foe)  # type: ignore[index]
    return state


_ORIENTS = {"stand": Orient.STAND, "rest": Orient.REST, "reverse": Orient.REVERSE}
_ORIENT_RULES = {"stand": "4.6.1.1", "rest": "4.6.1.2", "reverse": "4.6.1.3"}


def _own_fits(state: State, source: str, uid: str, o: OnStage, eff: OwnPick) -> bool:
    """A character of the master's that the selection describes: not this card when "other", in a state when "【STAND】
    characters" (4.6.1), the portion of the name (2.1.2.2), the trait (2.5.3), the level or cost bound (2.6, 2.7), the
    colour (s21 body: 2.4)."""
    sel = eff.select
    card = state.card(uid)
    return not (eff.other and uid == source) and not (eff.orient and o.orient is not _ORIENTS[eff.orient]) \
        and (not sel.name or has_name(sel.name, card.name)) and has_trait(sel.trait, view.traits_of(state, uid)) \
        and (not (sel.level or sel.cost) or _within(state, uid, sel)) \
        and (not sel.color or card.color.lower() == sel.color)


def _own_rules(eff: OwnPick) -> tuple[str, ...]:
    sel = eff.select
    return ((("2.1.2.2",) if sel.name.startswith(NAME_PART) else ("2.1.2",)) if sel.name else ()) \
        + _bound_rules(sel) + (("2.4",) if sel.color else ()) \
        + ((_ORIENT_RULES[eff.orient],) if eff.orient else ()) + (("3.6.3",) if eff.area else ())


def _own_chosen(state: State, log: EventLog, p: str, source: str, eff: OwnPick, doing: str) -> tuple[str, ...]:
    """The characters the master chooses (8.6.3): exactly 1 when there is one, or any number from none up to N
    ("up to", 8.6.3.1.1), or none when the text says "you may"; none to choose: nothing happens (8.6.3.1.3)."""
    sel = eff.select
    what = ("other " if eff.other else "") + (f"【{eff.orient.upper()}】 " if eff.orient else "") \
        + (f"character with {name_text(sel.name)}" if sel.name else sel.text())
    spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS  # s18 body: an area (3.6.3)
    what += f" on the {eff.area} stage" if eff.area else ""
    opts = tuple(o.uid for pos, o in state.side(p).characters() if pos in spots and _own_fits(state, source, o.uid, o, eff))
    if not opts:
        log.add("nothing", f"{p} has no {what} to choose: the effect does nothing.", ("8.6.3.1.3",) + _own_rules(eff),
                subject=source)
        return ()
    log.add("count", f"{p}'s characters that can be chosen ({what}): {', '.join(map(repr, opts))}.",
            ("2.3.2.1.2",) + _own_rules(eff), subject=source)
    if eff.at_most:
        got = pick_up_to(log, p, f"Which of {p}'s characters {doing} (up to {eff.n})?", opts, eff.n, "8.6.3.1.1")
        log.add("choose" if got else "decline", f"{p} chooses {', '.join(map(repr, got)) or 'none'} (up to {eff.n}).",
                ("8.6.3.1.1",), subject=source)
        return got
    if eff.n > 1:  # s19 body: "choose N …": as many as possible up to N (8.6.3.1); "you may": or none (8.6.3)
        got = pick_exactly(log, p, f"Which {eff.n} of {p}'s characters {doing}"
                           + (" (you may choose none)?" if eff.may else "?"), opts, eff.n, "8.6.3.1", eff.may)
        if eff.may or len(opts) > eff.n:  # a forced choice (all of them) said so already
            log.add("choose" if got else "decline", f"{p} chooses {', '.join(map(repr, got)) or 'none'} (as many as "
                    f"possible up to {eff.n}" + (", or none: the text says 'you may')." if eff.may else ")."),
                    ("8.6.3.1",) + (("8.6.3",) if eff.may else ()), subject=source)
        return got
    if eff.may:
        one = pick(log, p, f"Which of {p}'s characters {doing} (you may choose none)?", opts, "8.6.3", True)
        log.add("choose" if one else "decline", f"{p} chooses {repr(one) if one else 'none'} (the text says 'you may').",
                ("8.6.3",), subject=source)
        return () if one is None else (one,)
    return (choose(log, p, opts, what, f"Which of {p}'s characters {doing}?", "8.6.3"),)


def _own_pick(state: State, log: EventLog, p: str, source: str, eff: OwnPick) -> State:
    """"choose [up to] N of your … characters, and <act>": the chosen characters, in the order chosen, go to a zone of
    the master's (a new card there, 3.1.4; their markers to the waiting room, 3.7.3.2), stand (4.6.1.1), or get the
    gain (8.2.1.2)."""
    if eff.act == "gain":
        assert eff.gain is not None
        doing = f"get {_gain_text(eff.gain.power, eff.gain.soul, eff.gain.levels)}"
    elif eff.act == "grant":
        doing = "get the ability"
    else:
        doing = eff.act if eff.act in _ORIENTS else f"move to an open position of the {eff.act[5:]} stage" \
            if eff.act.startswith("move:") else f"go to the {eff.act.replace('_', ' ')}"
    got = _own_chosen(state, log, p, source, eff, doing)
    log.scratch.pop("moved_to", None)  # s18 zone: only this move is "that character" after it (`AtNextPhase`)
    for uid in got:
        on = state.on_stage(uid)
        if on is None:  # pragma: no cover - chosen on the stage just now
            continue
        if eff.act == "gain":
            assert eff.gain is not None
            g = eff.gain
            state = pump(state, uid, g.power, g.soul, _last(state, p, g.until), levels=g.levels)
            log.add("pump", f"{uid!r} gets {_gain_text(g.power, g.soul, g.levels)} {_until_text(state, p, g.until)}.",
                    ("8.2.1.2", "8.6.3", "8.8.1"), subject=uid)
        elif eff.act == "grant":
            assert eff.grant is not None
            state = _grant_to(state, log, p, uid, eff.grant)
        elif eff.act.startswith("move:"):  # s11 bodies: "move it to an open position of your <area> stage"
            state = _own_move(state, log, p, uid, eff.act[5:])
        elif eff.act in _ORIENTS:  # "【STAND】 it"; s11 bodies: "【REST】 it" (4.6.1.2)
            state = set_orient(state, uid, _ORIENTS[eff.act])
            log.add(eff.act, f"{uid!r} {'stands' if eff.act == 'stand' else 'rests'}.",
                    (_ORIENT_RULES[eff.act], "8.6.3", "8.8.1"), subject=uid)
        else:
            zone, rule = _OWN_ZONE[eff.act]
            state = leave_stage(state, log, on[0], on[1], uid, zone, rule, f" by {source!r}'s effect")
            log.scratch["moved_to"] = (uid, zone)
    return interrupts(state, log) if eff.act == "clock" and got else state  # 7 in the clock: level up (9.3)


def _rest_all21(state: State, log: EventLog, p: str, source: str, eff: RestAll21) -> State:
    """s21 body: "【REST】 all of your [other] 【STAND】 characters": each of p's standing characters (this card too unless
    "other") is rested (4.6.1.2); none is chosen, so all of them, at once (8.8.1)."""
    got = tuple(o.uid for _pos, o in state.side(p).characters()
                if o.orient is Orient.STAND and not (eff.other and o.uid == source))
    if not got:
        log.add("nothing", f"{p} has no {'other ' if eff.other else ''}【STAND】 character: nothing is rested.",
                ("4.6.1.2", "1.3.3"), subject=source)
        return state
    for uid in got:
        state = set_orient(state, uid, Orient.REST)
    log.add("rest", f"{', '.join(map(repr, got))} {'rest' if len(got) > 1 else 'rests'} (all of {p}'s "
            f"{'other ' if eff.other else ''}【STAND】 characters).", ("4.6.1.2", "8.8.1"), subject=source)
    return state


def _stand_self(state: State, log: EventLog, p: str, source: str, eff: StandSelf) -> State:
    """"【STAND】 this card": the ability's card stands (4.6.1.1); one not on the stage, or standing already, does not
    (1.3.3)."""
    on = state.on_stage(source)
    if on is None or on[2].orient is Orient.STAND:
        log.add("nothing", f"{source!r} is {'not on the stage' if on is None else 'standing already'}: nothing to "
                "stand.", ("4.6.1.1", "1.3.3"), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Stand {source!r}?", "8.6.3"):
        log.add("decline", f"{p} does not stand {source!r} (the text says 'you may').", ("8.6.3",), subject=source)
        return state
    state = set_orient(state, source, Orient.STAND)
    log.add("stand", f"{source!r} stands.", ("4.6.1.1", "8.8.1"), subject=source)
    return state


def _own_move(state: State, log: EventLog, p: str, c: str, area: str) -> State:
    """A chosen character of p's moves to an open position of p's `area` stage that p chooses (3.6.3), keeping its state,
    markers and effects (3.7.3.1, 8.9.2); none open: it stays (8.6.3.1.3)."""
    _no_attack_on(state, c)
    frm = state.side(p).where(c)
    free = tuple(pos for pos in (CENTER if area == "center" else BACK) if state.side(p).at(pos) is None)
    if not free:
        log.add("nothing", f"No open position of {p}'s {area} stage: {c!r} stays on {frm}.", ("8.6.3.1.3", "3.6.3"),
                subject=c)
        return state
    to = choose(log, p, free, f"open position of the {area} stage", f"To which position does {c!r} move?", "8.6.3")
    log.add("move", f"{c!r} moves from {frm} to {to}, keeping its state, its markers and the effects on it.",
            ("3.6.3", "3.7.3.1", "8.9.2", "8.8.1"), subject=c)
    return _move_to(state, p, c, to)


def _opp_shift(state: State, log: EventLog, p: str, source: str, eff: OppShift) -> State:
    """The master chooses one of the opponent's characters (8.6.3; in `from_area`, 3.6.3) and an open position of the
    opponent's `area` for it (8.6.3); it moves there keeping its state, markers and effects (3.1.4: a move between stage
    positions keeps the card the same card; 3.7.3.1). A character whose text says it cannot move to another position does
    not move (1.3.4); with no open position there it cannot move (8.6.3.1.3)."""
    o = other(p)
    # s14 bodies: "stage": any open position of the stage (3.6.2), center or back
    spots = tuple(pos for pos in _SHIFT_AREAS.get(eff.area, BACK) if state.side(o).at(pos) is None)
    where = "stage" if eff.area == "stage" else f"{eff.area} stage"
    target = _choose_opp(state, log, p, f"moves to an open position of the {where}", area=eff.from_area,
                         may=eff.may)
    if target is None:
        return state
    frm = state.side(o).where(target)
    to_spots = tuple(pos for pos in spots if pos != frm)
    if ban := view.banned(state, target, "no-move"):
        log.add("nothing", f"{target!r} cannot move to another position of the stage ({view.ban_whose(ban)} "
                f"\"{ban.text}\"): it "
                "stays.", ("1.3.4", *view.ban_rules(state, target, ban)), subject=target)
        return state
    if not to_spots:
        log.add("nothing", f"{o}'s {where} has no open position: {target!r} does not move.", ("8.6.3.1.3",
                "3.6.2" if eff.area == "stage" else "3.6.3"), subject=target)
        return state
    _no_attack_on(state, target)
    to = choose(log, p, to_spots, f"open position of {o}'s {where}", f"To which position does {target!r} move?",
                "8.6.3")
    state = _move_to(state, o, target, to)
    log.add("move", f"{target!r} ({o}'s) moves from {frm} to {to}, keeping its state, markers and the effects on it (a "
            "move between stage positions keeps the card the same card).", ("8.6.3", "3.1.4", "3.7.3.1", "8.8.1"),
            subject=target)
    return state


_SHIFT_AREAS = {"center": CENTER, "back": BACK, "stage": POSITIONS}


# --- s15 body: the effect body (the grammar's block "# s15 body") ------------------------------------------------------

def _pump_self_soul(state: State, log: EventLog, p: str, source: str, eff: Pump, times: int) -> State:
    """"+X … X is equal to this card's soul ×N": X is this card's soul as the effect resolves (8.8.1; 2.10.1), counted
    once, before this effect's own gain applies (the rules do not say which soul X reads; the engine decides so, as it
    does for "that character's soul"); then the gain goes where the text says (`_pump`). This card off the stage has no
    soul on the stage to count: the engine does not guess one."""
    on = state.on_stage(source)
    if on is None:
        raise Unsupported("'this card's soul' counted while this card is not on the stage")
    k = view.stats(state, on[0], on[1], on[2])[1]
    log.add("count", f"X = {k} ({source!r}'s soul as the effect resolves, before this effect's own gain applies: the rules "
            f"do not say which soul X reads, the engine decides so) × {times}: counted once.", ("8.8.1", "2.10.1"),
            subject=source)
    return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, x=None))


def _chosen_and_self(state: State, log: EventLog, p: str, source: str, eff: ChosenAndSelf) -> State:
    """"choose 1 of your other characters and this card, and those cards get …": the chosen character gets the gain
    (`_own_pick`, 8.6.3), and so does this card (8.2.1.2); none to choose: this card still gets it (8.6.3.1.3 leaves the
    rest of the effect to be done)."""
    state = _own_pick(state, log, p, source, eff.pick)
    assert eff.pick.gain is not None
    return _pump(state, log, p, source, replace(eff.pick.gain, who="self"))


def _facing_bound(state: State, log: EventLog, p: str, source: str, eff: OppTo, where: str) -> str | None:
    """"choose a level 1 or lower character facing this card, and put it into …": the character facing this card (3.6.5)
    is the only one that can be chosen, and only when it fits the bound (2.6, 2.7; none: nothing happens, 8.6.3.1.3);
    "you may": the master says whether (8.6.3)."""
    assert eff.select is not None
    target = _facing_target(state, log, p, source, f"goes to its owner's {where}")
    if target is None:
        return None
    if not _selects(state, target, eff.select):
        log.add("nothing", f"{target!r}, the character facing {source!r}, is not {article(eff.select.text())}: nothing "
                "can be chosen.", ("3.6.5", "8.6.3.1.3") + (("2.6",) if eff.select.level else ()), subject=target)
        return None
    if eff.may and not yes_no(log, p, f"Does {target!r}, the character facing {source!r}, go to its owner's {where}?",
                              "8.6.3"):
        log.add("decline", f"{p} does not: {target!r} stays (the text says 'you may').", ("8.6.3",))
        return None
    return target


# --- s16 head (issue 13, sixteenth session) -----------------------------------------------------------------------------
def _no_stand(state: State, log: EventLog, p: str, source: str, eff: NoStand) -> State:
    """s16 head: "Those characters cannot 【STAND】 during your opponent's next stand phase", "this card cannot 【STAND】 during
    your next stand phase": each character (chosen by p among the opponent's, 8.6.3; or the ability's card) is given, until
    the end of its master's next turn, the restriction that keeps it rested in that turn's stand phase (6.2.1.2; 1.3.4:
    the effect that stops an action takes precedence; 8.2.1.2: a continuous effect for that time; `view.stays_rested`
    reads it). "Next" is not defined by the rules: the engine reads it as the first stand phase after now, and says so."""
    if eff.who == "self":
        targets: tuple[str, ...] = (source,) if state.on_stage(source) is not None else ()
        if not targets:
            log.add("nothing", f"{source!r} is not on the stage: nothing is kept from standing.", ("1.3.3",), subject=source)
    elif eff.n == 1:
        got = _choose_opp(state, log, p, "cannot stand during its next stand phase", eff.area, at_most=eff.at_most,
                          bound=eff.select)
        targets = (got,) if got else ()
    else:
        targets = _no_stand_many(state, log, p, source, eff)
    for t in targets:
        on = state.on_stage(t)
        if on is None:
            continue
        master = on[0]
        last = state.turn + (1 if state.player != master else 2)  # that player's next turn (turns alternate, 6.8.1.5)
        said = Ability("cont", restrict="stand", text=f"{source!r}'s effect: this card cannot 【STAND】 during its master's "
                       f"next stand phase (turn {last})")
        state = pump(state, t, 0, 0, last, said)
        log.add("effect", f"{t!r} ({master}'s) cannot stand during {master}'s next stand phase, the one of turn {last} (the "
                "rules do not define \"next\": the engine reads it as the first stand phase after this effect).",
                ("6.2.1.2", "1.3.4", "8.2.1.2") + (("8.6.3",) if eff.who != "self" else ())
                + (("8.6.3.1.1",) if eff.at_most else ()) + _bound_rules(eff.select) + (("3.6.3",) if eff.area else ()),
                subject=t)
    return state


def _no_stand_many(state: State, log: EventLog, p: str, source: str, eff: NoStand) -> tuple[str, ...]:
    """"choose up to 2 of your opponent's level 0 or lower characters": any number from none up to `n` (8.6.3.1.1)."""
    opts = _choosable(state, log, p, tuple(o.uid for _pos, o in state.side(other(p)).characters()
                                           if eff.select is None or _within(state, o.uid, eff.select)))
    kind = eff.select.text() if eff.select is not None else "character"
    if not opts:
        log.add("nothing", f"{other(p)} has no {kind} to choose: the effect does nothing.",
                ("8.6.3.1.3",) + _bound_rules(eff.select))
        return ()
    got = pick_up_to(log, p, f"Which of {other(p)}'s characters ({kind}) cannot stand during the next stand phase "
                     f"(up to {eff.n})?", opts, eff.n, "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none of {other(p)}'s characters (up to {eff.n}).", ("8.6.3.1.1",), subject=source)
    return got


# --- s22-ws2 ----------------------------------------------------------------------------------------------------------
def _chosen_and_self_to22(state: State, log: EventLog, p: str, source: str, eff: ChosenAndSelfTo22) -> State:
    """"[you may] choose 1 of your other characters and this card, and return them to your hand": when the master says
    yes ("you may", 8.6.3), the master chooses one of his or her other characters (8.6.3; none: this card still goes,
    8.6.3.1.3, 1.3.3), then the chosen character and this card go to the hand (3.3.1; markers to the waiting room,
    3.7.3.2)."""
    if eff.may and not yes_no(log, p, f"Does {p} choose one of his or her other characters and {source!r}, and return "
                              "them to the hand?", "8.6.3"):
        log.add("decline", f"{p} does not (the text says 'you may'): nothing is returned.", ("8.6.3",), subject=source)
        return state
    got = _own_chosen(state, log, p, source, eff.pick, "go to the hand with this card")
    zone, rule = _OWN_ZONE["hand"]
    for uid in (*got, source):
        on = state.on_stage(uid)
        if on is None:
            log.add("nothing", f"{uid!r} is not on the stage: it is not returned.", ("1.3.3",), subject=uid)
            continue
        state = leave_stage(state, log, on[0], on[1], uid, zone, rule, f" by {source!r}'s effect")
    return state


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    Pump: _pump, Rest: _rest, MoveSelf: _move_self, ChooseMove: _choose_move, Reverse: _reverse,
    OwnPick: _own_pick, StandSelf: _stand_self, OppShift: _opp_shift, ChosenAndSelf: _chosen_and_self,
    NoStand: _no_stand, RestAll21: _rest_all21, ChosenAndSelfTo22: _chosen_and_self_to22,
}
