"""Executors of gains that last (8.2.1.2): granted abilities, continuous effects for a time, bans, and delayed
effects at the end of the turn."""

from __future__ import annotations

from judge_app.engine.core import EventLog, Unsupported
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities.choices import _choose_battling, _choose_opp, _choose_own
from judge_app.engine.ws.abilities.common import _gain_text, _last, _still_on_stage, _until_text, pump
from judge_app.engine.ws.abilities.dispatch import Executor
from judge_app.engine.ws.effects import (
    Ability,
    AtNextPhase,
    EncoreBan15b,
    EndOfTurn,
    Grant,
    LastingBan,
    SelfTo,
    has_trait,
)
from judge_app.engine.ws.state import BACK, CENTER, POSITIONS, State, other, replace


def _grant(state: State, log: EventLog, p: str, source: str, eff: Grant) -> State:
    """"… gets [+N power and] the following ability until end of turn": one character, this card or one chosen as
    it resolves (8.6.3), gets the gain and the ability, which it has until end of turn (8.2.1.2, 6.8.1.4) or until
    it leaves the stage (3.1.4); a character placed later does not get it (8.9.2)."""
    if eff.who in ("all-own", "all-opp"):  # s15 quote; s21 grant: all of the opponent's characters
        return _grant_all(state, log, p, source, eff)
    if eff.who in ("self", "placed"):  # s16 quote: "placed", the character the sentence before put on the stage
        target = source if eff.who == "self" else log.scratch.pop("placed", "")
        if not target:
            log.add("nothing", "No character was put on the stage: 'that character' gets nothing.", ("1.3.3",))
        if not (target and _still_on_stage(state, log, target)):
            return state
    elif eff.who == "choose-opp":  # s8-wsreala: 1 of the opponent's characters (8.6.3); s14 bodies: within a bound, an area
        got = _choose_opp(state, log, p, "gets the ability", area=eff.area, bound=eff.bound)
        if got is None:
            return state
        target = got
    elif eff.who == "choose-battle":  # s14 bodies: 1 of your characters in battle (7.2.1.5.1), chosen (8.6.3)
        got = _choose_battling(state, log, p)
        if got is None:
            return state
        target = got
    else:
        own = _choose_own(state, log, p, source, eff.trait, eff.other, "Which character gets the ability?")
        if own is None:
            return state
        target = own
    if eff.gain_until:  # s15 quote: the gain until end of turn, the ability as its own duration says
        state = pump(state, target, eff.power, eff.soul)
        state = pump(state, target, 0, 0, _last(state, p, eff.until), eff.ability)
        log.add("grant", f"{target!r} gets {_gain_text(eff.power, eff.soul)} {_until_text(state, p, '')} and the ability "
                f"\"{eff.ability.text}\" {_until_text(state, p, eff.until)}.", ("8.2.1.2", "6.8.1.4", "8.8.1"),
                subject=target)
        return state
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), eff.ability)
    gain = _gain_text(eff.power, eff.soul)
    log.add("grant", f"{target!r} gets {gain + ' and ' if gain else ''}{_given20(eff.ability)} "
            f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.9.2", "8.8.1") + (("2.5.3",) if eff.trait else ())
            + (("8.9.1",) if eff.ability.gains else ())
            + (("7.2.1.5.1",) if eff.who == "choose-battle" else ()), subject=target)
    return _grant_more(state, log, p, (target,), eff)


def _given20(a: Ability) -> str:
    """s20 head2: traits given for a time (8.9.1: information a continuous effect changes while it lasts) are named
    as traits, as printed; any other ability given by its text."""
    if a.gains and not (a.power or a.soul or a.conds or a.gives):
        return " and ".join(f"《{t}》" for t in a.gains)
    return f'the ability "{a.text}"'


def _grant_more(state: State, log: EventLog, p: str, targets: tuple[str, ...] | list[str], eff: Grant) -> State:
    """s15 quote: "the following abilities": each further ability, given to the same characters for the same time
    (8.2.1.2)."""
    for more in eff.more:
        for t in targets:
            state = pump(state, t, 0, 0, _last(state, p, eff.until), more)
        log.add("grant", f"{', '.join(map(repr, targets)) or 'no character'} also get(s) the ability \"{more.text}\" "
                f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.8.1"))
    return state


def _grant_all(state: State, log: EventLog, p: str, source: str, eff: Grant) -> State:
    """s15 quote: "all of your (other) [《T》] characters get the following ability until …": each of p's characters on
    the stage as the effect resolves (not the ability's own card when the text says "other"; only those with the trait,
    2.5.3) gets the gain and the ability until the duration ends (8.2.1.2) or it leaves the stage (3.1.4); a
    character placed later does not get it (8.9.2). Each one has the ability as its own: "this card" in it is that
    character."""
    spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS  # s19 head: one area (3.6.3)
    whose = other(p) if eff.who == "all-opp" else p  # s21 grant: "all of your opponent's characters get …"
    have = [o.uid for pos, o in state.side(whose).characters() if not (eff.other and o.uid == source)
            and (not eff.trait or has_trait(eff.trait, view.traits_of(state, o.uid))) and pos in spots]
    for t in have:
        state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), eff.ability)
    gain = _gain_text(eff.power, eff.soul)
    where = f" on the {eff.area} stage" if eff.area else ""
    log.add("grant", f"{', '.join(map(repr, have)) or 'no character'}{f' (《{eff.trait}》)' if eff.trait else ''}{where} get(s) "
            f"{gain + ' and ' if gain else ''}the ability \"{eff.ability.text}\" {_until_text(state, p, eff.until)}; "
            "a character placed later does not.", ("8.2.1.2", "8.9.2", "8.8.1") + (("2.5.3",) if eff.trait else ())
            + (("3.6.3",) if eff.area else ()))
    return _grant_more(state, log, p, have, eff)


def _grant_to(state: State, log: EventLog, p: str, uid: str, g: Grant) -> State:
    """One chosen character gets the gain and the ability until the duration ends (8.2.1.2) or it leaves the stage
    (3.1.4), as `_grant` gives it to one."""
    state = pump(state, uid, g.power, g.soul, _last(state, p, g.until), g.ability)
    gain = _gain_text(g.power, g.soul)
    log.add("grant", f"{uid!r} gets {gain + ' and ' if gain else ''}the ability \"{g.ability.text}\" "
            f"{_until_text(state, p, g.until)}.", ("8.2.1.2", "8.9.2", "8.8.1"), subject=uid)
    return _grant_more(state, log, p, (uid,), g)  # s21 grant: "the following abilities", each one to it


_SIDE_ZONE = {"waiting_room": "waiting"}


def _end_of_turn(state: State, log: EventLog, p: str, source: str, eff: EndOfTurn) -> State:
    """s14 bodies: the effect creates an automatic ability (8.1.1.2) with the activation condition "at the end of turn"
    (6.8.1.1: it activates as the end phase begins) that puts that card into p's `zone`. The rules do not say where such
    an ability is kept: the engine keeps it with that character while it stays on the stage this turn (a card that
    leaves the stage is a new card, 3.1.4, which the effect no longer names), and it is played as p's ability then."""
    # s22-ws2: "chosen", the character a gain before it was given to (8.6.3)
    target = source if eff.who == "self" else str(log.scratch.pop("chosen22", "")) if eff.who == "chosen" else \
        str(log.scratch.get("placed", ""))
    if not target or state.on_stage(target) is None:
        log.add("nothing", f"{target or 'No character'!r} is not on the stage: nothing waits for the end of the turn."
                if target else f"No character was {'chosen' if eff.who == 'chosen' else 'put on the stage'}: nothing "
                "waits for the end of the turn.", ("3.1.4", "1.3.3"))
        return state
    if state.player != p:
        raise Unsupported("an effect waiting for the end of the turn, created in the opponent's turn")
    zone = eff.zone.replace("_", " ")
    made = eff.ability or Ability("auto", when="begin:end", effects=(SelfTo(_SIDE_ZONE.get(eff.zone, eff.zone)),),
                                  text=f"At the end of the turn, put this card into your {zone}.")
    state = pump(state, target, 0, 0, _last(state, p, ""), made)
    log.add("effect", f"At the end of this turn, {target!r} goes into {p}'s {zone}: the effect creates an automatic ability "
            "with the activation condition \"at the end of turn\" (the rules do not say where it is kept: the engine keeps it "
            f"with {target!r} while it stays on the stage this turn).", ("8.1.1.2", "6.8.1.1", "3.1.4"), subject=target)
    return state


def _at_next_phase(state: State, log: EventLog, p: str, source: str, eff: AtNextPhase) -> State:
    """"…, and at the beginning of your next draw phase, …": the effect creates an automatic ability with a timed activation
    (8.7.5) whose activation condition is the beginning of that phase of p's next turn (8.1.1.2.1); `triggers.collect`
    makes it wait then, once (8.7.2). It is kept for this card, or for the character the effect put into the memory just
    before ("that character"; none chosen: nothing waits, 1.3.3). The rules do not say what "next" counts from: the engine
    reads it as a later turn of p's than this one."""
    target = source if eff.who == "self" else str(log.scratch.get("moved_to", ("", ""))[0])
    if not target:
        log.add("nothing", "No character was put into the memory: nothing waits for the next "
                f"{eff.phase} {_step_or_phase(eff.phase)}.", ("1.3.3",), subject=source)
        return state
    when = f"begin:{eff.phase}"
    log.add("effect", f"The effect creates an automatic ability kept for {target!r}: \"{eff.ability.text}\" It activates at "
            f"the beginning of {p}'s next {eff.phase} {_step_or_phase(eff.phase)}, once (timed activation).",
            ("8.7.5", "8.1.1.2.1"), subject=target)
    log.add("note", f"The rules do not say what \"next\" counts from: the engine reads \"your next {eff.phase} "
            f"{_step_or_phase(eff.phase)}\" as the first one in a later turn of {p}'s than this one.", ("8.7.5",),
            subject=target)
    return replace(state, timed=state.timed + ((p, state.turn, target, when, eff.ability),))


def _step_or_phase(phase: str) -> str:
    return "step" if phase == "encore" else "phase"


def _lasting_ban(state: State, log: EventLog, p: str, source: str, eff: LastingBan) -> State:
    """s15 heads: "until end of turn, your opponent cannot play event cards and "Backup" from hand": the players named
    cannot do so until the end of this turn, or of the opponent's next turn (8.2.1.2: a continuous effect for that time;
    1.3.4: the effect that stops an action takes precedence; `view.backup_banned` looks for it)."""
    players = {"opp": (other(p),), "self": (p,), "all": ("A", "B")}[eff.who]
    last = state.turn + (1 if eff.until == "opp-next" and state.player == p else 0)
    what = {"event": "event cards", "backup": "\"Backup\"", "backup+event": "event cards and \"Backup\""}[eff.kinds]
    until = "the end of this turn" if last == state.turn else "the end of the next turn"
    said = Ability("cont", restrict=f"{eff.kinds}:lasting", text=f"{source!r}'s effect: {what} cannot be played from the "
                   f"hand until {until}")
    log.add("effect", f"{' and '.join(players)} cannot play {what} from the hand until {until}.", ("8.2.1.2", "1.3.4"),
            subject=source)
    return replace(state, bans=state.bans + tuple((pl, eff.kinds, last, said) for pl in players))


def _encore_ban(state: State, log: EventLog, p: str, source: str, eff: EncoreBan15b) -> State:
    """s15b headzone: "you cannot use "【AUTO】 Encore" until end of turn": the players named cannot use any Encore, the
    keyword's or the rule's [(3)] (10.2.2, 10.2.3), until the end of this turn or of the opponent's next (8.2.1.2; 1.3.4:
    "cannot" takes precedence; `_encore` looks for it in `State.bans`, kind "encore")."""
    players = {"opp": (other(p),), "self": (p,), "all": ("A", "B")}[eff.who]
    last = state.turn + (1 if eff.until == "opp-next" and state.player == p else 0)
    until = "the end of this turn" if last == state.turn else "the end of the next turn"
    said = Ability("cont", restrict="encore:lasting", text=f"{source!r}'s effect: Encore cannot be used until {until}")
    log.add("effect", f"{' and '.join(players)} cannot use Encore (the keyword's or the rule's Encore [③]) until {until}.",
            ("8.2.1.2", "1.3.4", "10.2.3"), subject=source)
    return replace(state, bans=state.bans + tuple((pl, "encore", last, said) for pl in players))


def _encore_banned(state: State, p: str) -> Ability | None:
    """s15b headzone: the effect that stops p using Encore now (`_encore_ban`), if one lasts."""
    return next((said for pl, kinds, last, said in state.bans if pl == p and kinds == "encore" and last >= state.turn), None)


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    Grant: _grant, EndOfTurn: _end_of_turn, LastingBan: _lasting_ban, EncoreBan15b: _encore_ban,
    AtNextPhase: _at_next_phase,
}
