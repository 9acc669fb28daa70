"""The turn (chapter 6): each phase's procedure, performed when the game reaches it, and the play timings."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, Choice, EventLog, ask
from judge_app.engine.ws import view
from judge_app.engine.ws.answers import answers_of
from judge_app.engine.ws.attack import encore_step
from judge_app.engine.ws.state import (
    GAME_LONG,
    HAND_LIMIT,
    PHASE_ORDER,
    OnStage,
    Orient,
    Phase,
    Point,
    State,
    at_phase,
    at_point,
    other,
    replace,
)
from judge_app.engine.ws.timing import check_timing
from judge_app.engine.ws.zones import draw, happened

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_ORIENT_STAND = Orient.STAND
_PHASE_CLOCK = Phase.CLOCK
_PHASE_DRAW = Phase.DRAW
_PHASE_END = Phase.END
_PHASE_STAND = Phase.STAND
_POINT_START = Point.START

# The phase, its "at the beginning of" activation with its check timing, and what follows (chapter 6)
PHASE_RULE = {Phase.STAND: ("6.1.1", "6.2.1", "6.2.1.1", "6.2.1.3"), Phase.DRAW: ("6.3.1", "6.3.1.1", "6.3.1.3"),
              Phase.CLOCK: ("6.4.1", "6.4.1.1"), Phase.MAIN: ("6.5.1", "6.5.1.1", "6.5.1.2", "8.5.2.1"),
              Phase.CLIMAX: ("6.6.1", "6.6.1.1", "6.6.1.2"), Phase.ATTACK: ("6.7.1", "7.1.1", "7.1.2"),
              Phase.ENCORE: ("7.7.1", "7.7.1.1"), Phase.END: ("6.8.1", "6.8.1.1")}


# Members looked up once: an enum class's attribute look-up goes through EnumType's __getattr__ hook (Python 3.11),
# several times the cost of a module global, and the turn's procedure asks for them at every phase.
_START, _BEGUN, _ENCORE, _ATTACK = Point.START, Point.BEGUN, Phase.ENCORE, Phase.ATTACK


def enter(state: State, phase: Phase) -> State:
    return at_phase(state, phase, _START)


def next_phase(phase: Phase) -> Phase:
    return PHASE_ORDER[PHASE_ORDER.index(phase) + 1]


# The phases whose beginning is followed by a player's decision in the same phase (6.4.1.2, 6.5.1.2, 6.6.1.2,
# 7.2.1.3): performing their start at once lands at that decision.
DECIDING = frozenset((Phase.CLOCK, Phase.MAIN, Phase.CLIMAX, Phase.ATTACK))


def begin(state: State, log: EventLog) -> State:
    """The phase's beginning (6.2.1.1, 6.3.1.1, 6.8.1.1): its "at the beginning of" activation and check timing."""
    p, phase = state.player, state.phase
    log.add("phase", f"{p}'s {phase} phase (turn {state.turn}).", PHASE_RULE[phase])
    happened(log, "begin", str(phase))
    return at_point(check_timing(state, log), _BEGUN)


def settle(state: State, log: EventLog) -> State:
    """A phase that has begun is begun at once (6.x.1.1, 7.2.1.1): its "at the beginning of" abilities resolve
    before anything else of the phase, and a phase whose decision follows its beginning reaches that decision.
    The stand, draw and end phases wait after their beginning for the scenario to go on."""
    if state.point is not _START or state.phase is _ENCORE:
        return state
    return run_start(state, log) if state.phase in DECIDING else begin(state, log)


def run_start(state: State, log: EventLog) -> State:
    """Perform the automatic part of the phase that has begun (from its beginning, or after it when the phase is
    BEGUN); the result waits at the phase's decision or at the start of the next phase."""
    p, phase = state.player, state.phase
    apart = _BEGUN_APART.get(phase)
    if apart is not None:
        if state.point is _START:
            state = begin(state, log)
        return apart(state, log)
    log.add("phase", f"{p}'s {phase} phase (turn {state.turn}).", PHASE_RULE[phase])
    decision = _DECISION.get(phase)
    if decision is None:  # the encore step
        state = encore_step(state, log)
        return enter(state, _PHASE_END)
    happened(log, "begin", str(phase))
    if phase is _ATTACK:
        log.add("step", f"{p}'s attack declaration step.", ("7.2.1", "7.2.1.1", "7.2.1.2"))
    state = check_timing(state, log)
    return at_point(state, decision)


# The decision a phase's beginning leads to (6.4.1.2, 6.5.1.2, 6.6.1.2, 7.2.1.3)
_DECISION = {Phase.CLOCK: Point.CLOCK, Phase.MAIN: Point.PLAY, Phase.CLIMAX: Point.PLAY, Phase.ATTACK: Point.DECLARE}


def _stand(state: State, log: EventLog) -> State:
    p, s = state.player, state.side(state.player)
    kept = view.stays_rested(state, p)  # "this card does not 【STAND】 during your stand phase"
    for uid, a in kept.items():
        if a in state.card(uid).abilities:
            log.add("stand", f"{uid!r} does not stand: its own text says so ({a.text!r}).", ("6.2.1.2", "8.3.3"),
                    subject=uid)
        else:  # s16 head: an effect's restriction for a time (8.2.1.2; 1.3.4: it stops the stand)
            log.add("stand", f"{uid!r} does not stand: {a.text}.", ("6.2.1.2", "1.3.4", "8.2.1.2"), subject=uid)
    stage = tuple(tuple(o if o.orient is _ORIENT_STAND or o.uid in kept else replace(o, orient=_ORIENT_STAND)
                        for o in here) for here in s.stage)
    if stage != s.stage:
        log.add("stand", f"{p} stands {'the other' if kept else 'all of'} {p}'s characters.", ("6.2.1.2",))
    state = check_timing(state.with_side(p, replace(s, stage=stage)) if stage != s.stage else state, log)
    return enter(state, _PHASE_DRAW)


def _draw(state: State, log: EventLog) -> State:
    state = draw(state, log, state.player, 1, "6.3.1.2")
    state = check_timing(state, log)
    return enter(state, _PHASE_CLOCK)


def end_phase(state: State, log: EventLog) -> State:
    """6.8.1.2-6.8.1.5, after the end phase's beginning (6.8.1.1)."""
    p = state.player
    s = state.side(p)
    excess = len(s.hand) - HAND_LIMIT
    if excess > 0:
        named = [x for x in s.hand if isinstance(x, str)]
        opts = tuple(dict.fromkeys(named)) + (("unnamed",) if UNKNOWN in s.hand else ())

        def valid(a) -> str | None:
            if len(a.values) != excess:
                return f"{p} puts exactly {excess} card(s) into the waiting room"
            pool = list(s.hand)
            for v in a.values:
                x = UNKNOWN if v == "unnamed" else v
                if x not in pool:
                    return f"{v!r} is not in {p}'s hand (or named too often)"
                pool.remove(x)
            return None
        values = ask(answers_of(log), Choice(p, f"{p} has {len(s.hand)} cards in hand: which {excess} go to the waiting "
                                         "room?", opts, "6.8.1.2", log.line, pick=excess), valid)
        hand = list(s.hand)
        out = []
        for v in values:
            x = UNKNOWN if v == "unnamed" else v
            hand.remove(x)
            out.append(x)
        state = state.with_side(p, replace(s, hand=tuple(hand), waiting=s.waiting + tuple(out)))
        log.add("discard", f"Hand limit {HAND_LIMIT}: {p} puts {', '.join(map(repr, values))} into the waiting room.",
                ("6.8.1.2", "3.3.3", "3.3.3.1"))
    s = state.side(p)
    if s.climax:
        state = state.with_side(p, replace(s, climax=(), waiting=s.waiting + s.climax))
        log.add("climax", f"{', '.join(map(repr, s.climax))} goes from {p}'s climax area to the waiting room.",
                ("6.8.1.3",), subject=s.climax[0])
    state = check_timing(state, log)
    # 6.8.1.4: "until end of turn" effects end; those that last to the end of a later turn stay (OnStage.lasting)
    for who in (p, other(p)):
        sd = state.side(who)
        if any(o.power or o.soul or o.levels or o.gained or o.lasting for here in sd.stage for o in here):
            stage = tuple(tuple(_turn_ends(o, state.turn, p, log) if o.power or o.soul or o.levels or o.gained or o.lasting else o
                                for o in here)
                          for here in sd.stage)
            state = state.with_side(who, replace(sd, stage=stage))
    log.add("turn end", f"Effects until end of turn end; {other(p)} becomes the turn player.", ("6.8.1.4", "6.8.1.5"))
    state = _placed_turn_over(state)
    return replace(state, player=other(p), turn=state.turn + 1, first_turn=False, phase=_PHASE_STAND,
                   point=_POINT_START, attacks_done=0, climax_played=False, activations=())


def _placed_turn_over(state: State) -> State:
    """s13 heads: the turn in which a character was placed on the stage from the hand is over (6.8.1.5): "During the turn
    that this card is placed on the stage from your hand" no longer holds for it (`OnStage.from_hand`)."""
    for who in ("A", "B"):
        sd = state.side(who)
        if any(o.from_hand for here in sd.stage for o in here):
            stage = tuple(tuple(replace(o, from_hand=False) if o.from_hand else o for o in here) for here in sd.stage)
            state = state.with_side(who, replace(sd, stage=stage))
    return state


def _turn_ends(o: OnStage, turn: int, p: str, log: EventLog) -> OnStage:
    """A character's gains at the end of `turn`, `p`'s (6.8.1.4): what lasts to the end of a later turn (8.2.1.2)
    stays; the rest ends."""
    kept = tuple(x for x in o.lasting if x[0] > turn)
    if kept:
        gains = [g for x in kept for g in (f"{x[4]:+} level" if x[4] else "", f"{x[1]:+} power" if x[1] else "",
                                           f"{x[2]:+} soul" if x[2] else "") if g]
        gains += [f'the ability "{x[3].text}"' for x in kept if x[3] is not None]
        last = kept[0][0]
        # s16 body: a gain with no duration written lasts the game (8.2.1.2), while the card stays on the stage (3.1.4)
        until = "for the rest of the game" if last >= GAME_LONG else \
            f"until the end of turn {last} ({p if (last - turn) % 2 == 0 else other(p)}'s)"
        log.add("lasting", f"{o.uid!r} keeps {' and '.join(gains)} {until}: its duration is longer than this turn.",
                ("8.2.1.2", "6.8.1.4"), subject=o.uid)
    return replace(o, power=sum(x[1] for x in kept), soul=sum(x[2] for x in kept), levels=sum(x[4] for x in kept),
                   gained=tuple(x[3] for x in kept if x[3] is not None), lasting=kept)


_BEGUN_APART = {Phase.STAND: _stand, Phase.DRAW: _draw, Phase.END: end_phase}
