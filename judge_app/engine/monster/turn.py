"""Progression of the game (chapter 7): the start, main, counter and end phases of a turn.

A board written at the start, counter or end phase stands at the beginning of that phase (nothing of
it done yet); a board written at the main phase stands in its play timing (7.3.2).
"""

from __future__ import annotations

from judge_app.engine.core import EventLog, Rejected
from judge_app.engine.monster import terms
from judge_app.engine.monster.abilities import at_beginning, check_timing, interrupts
from judge_app.engine.monster.cardtext import has
from judge_app.engine.monster.state import HAND_SIZE, PHASES, Card, Phase, State, but, quoted


def start_phase(s: State, log: EventLog) -> State:
    who = s.player
    log.add("phase", f"Turn {s.turn}: {who}'s start phase begins.", ("7.1.1", "7.1.2", "7.2"))
    s = at_beginning(s, log, "start", "7.2.1")
    s = check_timing(s, log, ("7.2.1",))
    opp_top = s.p(s.opponent).top
    n = opp_top.rank if opp_top else 0
    s = terms.draw(s, log, who, n, ("7.2.2", "5.4.2"))
    pl = s.p(who)
    keep: list[tuple[Card, bool]] = []
    gone: list[Card] = []
    for card, this_turn in pl.strategy:
        if this_turn:
            keep.append((card, this_turn))
        elif has(card, "base") is not None:
            keep.append((card, this_turn))
            log.add("base", f"\"{card.uid}\" has Base: the start phase rule does not destroy it.", ("12.9.1", "12.9.2"),
                    subject=card.uid)
        else:
            gone.append(card)
    if gone:
        s = s.with_p(who, but(pl, strategy=tuple(keep), discard=pl.discard + tuple(gone)))
        for c in gone:  # put into the discard pile from a strategy zone: destroyed (5.12.1.1)
            log.add("destroy", f"\"{c.uid}\", placed in {who}'s strategy zone before this turn, goes to the discard "
                    "pile: it is destroyed.", ("7.2.3", "5.12.1.1"), subject=c.uid)
    s = terms.set_rage(s, log, who, 0, ("7.2.4",))
    return check_timing(s, log, ("7.2.5",))


def main_phase(s: State, log: EventLog) -> State:
    log.add("phase", f"{s.player}'s main phase begins.", ("7.3",))
    s = at_beginning(s, log, "main", "7.3.1")
    s = check_timing(s, log, ("7.3.1",))
    log.add("play-timing", f"{s.player} is given a play timing.", ("7.3.2", "10.4.4", "10.4.4.1", "10.4.4.2", "10.4.2"))
    return s


def end_main(s: State, log: EventLog) -> State:
    log.add("pass", f"{s.player} does nothing more: the play timing ends, and the main phase ends.",
            ("10.4.4.3", "7.3.2"))
    return s


def counter_phase(s: State, log: EventLog) -> State:
    who, opp = s.player, s.opponent
    log.add("phase", f"{who}'s counter phase begins.", ("7.4",))
    s = at_beginning(s, log, "counter", "7.4.1")
    s = check_timing(s, log, ("7.4.1",))
    total, parts = terms.total_counter_power(s, who)
    rules = ("7.4.2", "7.4.2.1") + (("5.16.1",) if any("cannot engage" in p for p in parts) else ()) \
        + (("12.4.1", "12.4.2", "10.3.3") if any("Awakening" in p for p in parts) else ())
    threat = terms.threat_level(s, opp)
    log.add("counter-power", f"{who}'s total counter power: {total}" + (f" ({'; '.join(parts)})" if parts else
            " (no battle cards)") + f"; {opp}'s invading monster's threat level: {threat}.", rules + ("3.4.5",),
            facts=(("counter_power", total), ("threat", threat)))
    if total >= threat:
        log.add("compare", f"{total} >= {threat}: {who} counters {opp}'s invading monster.", ("7.4.3",))
        s = terms.counter(s, log, opp, ("7.4.3",))
        s = interrupts(s, log)
    else:
        log.add("compare", f"{total} < {threat}: {opp}'s invading monster is not countered.", ("7.4.3",))
    return check_timing(s, log, ("7.4.4",))


def end_phase(s: State, log: EventLog) -> State:
    who = s.player
    log.add("phase", f"{who}'s end phase begins.", ("7.5",))
    s = at_beginning(s, log, "end", "7.5.1")
    pl = s.p(who)
    if pl.burst:
        gone = tuple(c for c in pl.stack if c.uid in pl.burst)
        s = s.with_p(who, but(pl, stack=tuple(c for c in pl.stack if c.uid not in pl.burst), burst=(),
                                  discard=pl.discard + gone))
        log.add("burst", f"{quoted(c.uid for c in gone)}, played with Burst, go from the invading monster "
                "to the discard pile; the card now on top did not enter.", ("12.5.2", "12.5.2.1", "12.5.3",
                                                                           "5.7.3", "5.7.3.1"))
    s = check_timing(s, log, ("7.5.1",))
    if s.p(who).zone <= 7:
        s, _ = terms.move_monster(s, log, who, True, 1, rules=("7.5.2",))
        s = interrupts(s, log)
    else:
        log.add("nothing", f"{who}'s invading monster is in zone 8: it does not advance in the end phase.", ("7.5.2",))
    s = check_timing(s, log, ("7.5.3",))
    need = HAND_SIZE - len(s.p(who).hand)
    if need > 0:
        s = terms.draw(s, log, who, need, ("7.5.4", "5.4.2"))
    s = check_timing(s, log, ("7.5.5",))
    if s.modifiers:
        log.add("expire", "Effects lasting until end of turn end.", ("7.5.6",))
    pl = s.p(who)
    s = s.with_p(who, but(pl, strategy=tuple((c, False) for c, _t in pl.strategy)))
    log.add("turn-end", f"{who}'s turn ends; {s.opponent}'s turn begins.", ("7.5.7", "7.1.1"))
    return but(s, modifiers=(), player=s.opponent, turn=s.turn + 1, phase=Phase.START, invaded=False,
               countered=s.countered, history=())


def advance_phase(s: State, log: EventLog) -> State:
    """Perform the current phase and enter the next one."""
    if s.phase is Phase.START:
        s = start_phase(s, log)
        return main_phase(but(s, phase=Phase.MAIN), log)
    if s.phase is Phase.MAIN:
        return but(end_main(s, log), phase=Phase.COUNTER)
    if s.phase is Phase.COUNTER:
        return but(counter_phase(s, log), phase=Phase.END)
    return end_phase(s, log)


def proceed_to(s: State, log: EventLog, player: str, phase: Phase) -> State:
    """Run the turn, players doing nothing optional, until `phase` of `player`'s turn begins (next time)."""
    for _ in range(2 * len(PHASES) + 1):
        s = advance_phase(s, log)
        if s.player == player and s.phase is phase:
            return s
    raise Rejected(f"{player}'s {phase} phase cannot be reached", "7.1.2")  # pragma: no cover
