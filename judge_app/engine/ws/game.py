"""The Weiss Schwarz rules behind the platform's `Game` seam: which procedure each declaration runs."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from judge_app.engine.core import (
    UNKNOWN,
    Answer,
    Answers,
    Choice,
    EventLog,
    Game,
    Rejected,
    Unsupported,
    Verdict,
    VerdictKind,
)
from judge_app.engine.core.loop import Check
from judge_app.engine.ws import actions as A
from judge_app.engine.ws import answers, attack, play, view
from judge_app.engine.ws.answers import answers_of, declines
from judge_app.engine.ws.applicability import NOT_YET
from judge_app.engine.ws.ruleids import CITED
from judge_app.engine.ws.state import (
    PHASE_ORDER,
    PLAYERS,
    POSITIONS,
    Entry,
    Phase,
    Point,
    State,
    other,
    replace,
)
from judge_app.engine.ws.turn import enter, next_phase, run_start, settle

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_PHASE_ENCORE = Phase.ENCORE
_PHASE_MAIN = Phase.MAIN
_POINT_CLOCK = Point.CLOCK
_POINT_DECLARE = Point.DECLARE
_POINT_PLAY = Point.PLAY
_POINT_START = Point.START
_VERDICT_ONGOING = VerdictKind.ONGOING

MAX_PHASES = 60  # `proceed` crosses at most this many phases (a few turns)
_BEGINNING = (Point.START, Point.BEGUN)  # a phase begun whose procedure goes on by itself
_COUNTER = Point.COUNTER  # looked up once (an enum class's attribute look-up is slow in Python 3.11: turn.py)


def to_decision(state: State, log: EventLog) -> State:
    """Perform phases that have begun until a player may act (a play timing, the clock, attack declaration)."""
    for _ in range(MAX_PHASES):
        if state.point not in _BEGINNING:
            return state
        state = run_start(state, log)
    return state  # pragma: no cover


def decline(state: State, log: EventLog) -> State:
    """The player who may act does nothing (8.5.2.3)."""
    p = state.player
    if state.point is _POINT_CLOCK:
        return play.clock(state, log, p, None)
    if state.point is _POINT_PLAY:
        log.add("pass", f"{p} does nothing more in the {state.phase} phase.", ("8.5.2.3", "4.5.3.2") + (
            ("6.5.1.3",) if state.phase is _PHASE_MAIN else ("6.6.1.3",)))
        return enter(state, next_phase(state.phase))
    if state.point is _POINT_DECLARE:
        log.add("pass", f"{p} declares no more attacks: on to the encore step.", ("7.2.1.3",))
        return run_start(enter(state, _PHASE_ENCORE), log)  # the encore step ends the attack phase (7.7)
    if state.point is _COUNTER:
        return attack.pass_counter(state, log, other(p))
    return state


def _run_phase(state: State, log: EventLog) -> State:
    """The phase's procedure runs on to the next phase that begins (answers follow as needed)."""
    start_player, start_phase = state.player, state.phase
    new = run_start(state, log)
    while new.point is _POINT_START and (new.player, new.phase) == (start_player, start_phase):
        new = run_start(new, log)  # pragma: no cover
    return new


def _pass(state: State, log: EventLog, who: str) -> State:
    if state.point is _COUNTER:
        return attack.pass_counter(state, log, who)
    if who != state.player:
        raise Rejected(f"{who} has no play timing now: it is {state.player}'s {state.phase} phase", "8.5.2")
    return decline(state, log)


def proceed(state: State, log: EventLog, who: str, phase: Phase) -> State:
    for _ in range(MAX_PHASES * 3):
        if state.point in _BEGINNING and state.player == who and state.phase is phase:
            return settle(state, log)  # the phase reached begins at once (6.x.1.1)
        state = run_start(state, log) if state.point in _BEGINNING else decline(state, log)
    raise Rejected(f"{who}'s {phase} phase is not reached within {MAX_PHASES} phases", "6.1.1")


class WeissSchwarz(Game):
    key = "ws"
    title = "Weiss Schwarz"
    rules_version = "2.03"
    document = "ws"
    game_over_rule = "1.2.1"
    not_yet = NOT_YET  # reasons for the coverage table (judge_app.scenario.coverage)

    def checks(self) -> Sequence[Check[Any]]:
        return ()

    def start(self, state: Hashable, log: EventLog) -> Hashable:
        _deck_rules(_ws(state), log)
        return state

    def apply(self, state: Hashable, action: object, log: EventLog) -> State:
        st = _ws(state)
        if isinstance(action, A.Say):  # an answer written without an action before it: the procedure under way
            return settle(_say(st, log, action), log)
        if isinstance(action, A.Proceed):
            return proceed(st, log, action.player, action.phase)
        st = to_decision(st, log)
        if st.point is _COUNTER and not _defender_acts(st, action):
            st = attack.implicit_pass(st, log, declines(log))
        handler = _HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - the dialect builds only these
            raise TypeError(action)
        st = handler(st, log, action)
        if st.point is _COUNTER and (given := answers_of(log)) is not None and given.peek() is not None:
            # answer lines written after an attack answer the counter step it reaches (`B chooses pass`), or, when
            # the defending player has nothing to play, what follows it (e.g. a damage card to reveal)
            if not attack.counter_options(st, other(st.player)):
                st = attack.implicit_pass(st, log, declines(log))
            elif attack.answered_counter(st, log):
                st = attack.counter_answer(st, log)
        return settle(st, log)  # a phase the action ended is followed at once by the next one's beginning

    def answer_of(self, action: object, line: int | None) -> Answer | None:
        return Answer(line, action.player, action.values) if isinstance(action, A.Say) else None

    def answer_line(self, choice: Choice, option: str) -> str | None:
        return answers.answer_line(choice, option)

    def explore_answers(self, state: Hashable, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return answers.explore_answers(state, choice)

    def finish(self, state: Hashable, log: EventLog) -> tuple[State, Verdict, Choice | None]:
        st = _ws(state)
        if st.point is _POINT_START and not len(log):
            # Nothing was declared (or everything was rejected): the phase the board was written at is performed
            # at the end, as far as the next phase or the next decision.
            st = run_start(st, log)
        if st.point is _COUNTER:
            st = attack.implicit_pass(st, log, declines(log))
        where = f"{st.player}'s {st.phase} phase, turn {st.turn}"
        return st, Verdict(_VERDICT_ONGOING, None, f"the game goes on ({where})"), None

    def state_dict(self, state: Hashable) -> dict[str, Any]:
        st = _ws(state)

        def entry(x: Entry) -> str:
            return "unnamed" if x is UNKNOWN else str(x)

        out: dict[str, Any] = {"turn": st.turn, "player": st.player, "phase": str(st.phase), "point": str(st.point)}
        for p in PLAYERS:
            s = st.side(p)
            stage = {}
            for pos, here in zip(POSITIONS, s.stage, strict=True):
                if here:
                    o = here[-1]  # the last placed (Side.at)
                    stage[pos] = {"card": o.uid, "state": str(o.orient), **_stats(st, p, pos, o)}
            out[p] = {"deck": len(s.deck), "deck_top": [entry(x) for x in s.deck.cards[:3]], "hand": len(s.hand),
                      "clock": len(s.clock), "level": len(s.level), "stock": len(s.stock),
                      "waiting_room": len(s.waiting), "memory": len(s.memory), "refresh_point": s.refresh_point,
                      "climax_area": list(s.climax), "stage": stage,
                      "hand_cards": [entry(x) for x in s.hand if x is not UNKNOWN],
                      "waiting_room_cards": [entry(x) for x in s.waiting if x is not UNKNOWN]}
        return out

    def cited_rules(self) -> frozenset[str]:
        return CITED


def _stats(state: State, p: str, pos: str, o: Any) -> dict[str, Any]:
    """A character's power and soul on the final board; None for both, with the reason, when a continuous ability's
    condition needs what the scenario did not give (an unnamed card's level, 8.9.1): the board is shown, not guessed."""
    try:
        pw, soul = view.stats(state, p, pos, o)
    except Unsupported as e:
        return {"power": None, "soul": None, "unknown": str(e)}
    return {"power": pw, "soul": soul}


def _ws(state: Hashable) -> State:
    if not isinstance(state, State):  # pragma: no cover - the driver hands back the state this game made
        raise TypeError(f"not a Weiss Schwarz state: {type(state).__name__}")
    return state


def _say(state: State, log: EventLog, action: A.Say) -> State:
    """An answer line replayed as an action: it answers the phase that has just begun, the defending player's
    counter-step decision (`B chooses pass`), or, when that player has nothing to play (the step ends by
    itself, 7.4.1.2), what follows the counter step."""
    counter = state.point is _COUNTER and (
        action.player != state.player or not attack.counter_options(state, other(state.player)))
    if state.point not in _BEGINNING and not counter:
        raise Rejected(f"nothing asks {action.player} to choose now", "8.6.3")
    driver = answers_of(log)  # the answer lines written after this one (for later choices)
    mine = Answers([Answer(log.line, action.player, action.values), *(driver.items if driver else [])],
                   decline_optional=driver.decline_optional if driver else False)
    log.answers = mine
    new = _counter_step(state, log) if counter else _run_phase(state, log)
    if not mine.consumed:
        raise Rejected(f"nothing asks {action.player} to choose this", "8.6.3")
    if driver is not None:  # hand back to the driver what the later answer lines did
        driver.pos = mine.consumed - 1
        driver.rejected.extend(mine.rejected)
        driver.taken.extend(mine.taken)
        log.answers = driver
    return new


def _counter_step(state: State, log: EventLog) -> State:
    if attack.counter_options(state, other(state.player)):
        return attack.counter_answer(state, log)
    return attack.implicit_pass(state, log, declines(log))


def _defender_acts(state: State, action: object) -> bool:
    return isinstance(action, A.Pass | A.Activate | A.PlayEvent | A.PlayCard) and action.player != state.player


def _attack(state: State, log: EventLog, a: A.Attack) -> State:
    return attack.declare(state, log, a.player, a.card, a.kind)


def _activate(state: State, log: EventLog, a: A.Activate) -> State:
    if a.ability == "backup" or state.point is _COUNTER:
        if a.index:  # `B uses "X", ability N` in the counter step: N must name the card's Backup (7.4.1.2.1, 10.5.1)
            play.named_backup(state, a.card, a.index)
        return attack.play_counter(state, log, a.player, a.card, a.ability, a.targets)
    return play.activate(state, log, a.player, a.card, a.targets, a.index)


def _event(state: State, log: EventLog, a: A.PlayEvent) -> State:
    if state.point is _COUNTER:
        return attack.play_counter(state, log, a.player, a.card, "", a.targets)
    return play.play_event(state, log, a.player, a.card, a.targets)


def _clock(state: State, log: EventLog, a: A.Clock) -> State:
    return play.clock(state, log, a.player, a.card)


def _character(state: State, log: EventLog, a: A.PlayCharacter) -> State:
    return play.play_character(state, log, a.player, a.card, a.pos)


def _climax(state: State, log: EventLog, a: A.PlayClimax) -> State:
    return play.play_climax(state, log, a.player, a.card)


def _move(state: State, log: EventLog, a: A.Move) -> State:
    return play.move(state, log, a.player, a.src, a.dst)


def _passes(state: State, log: EventLog, a: A.Pass) -> State:
    return _pass(state, log, a.player)


_HANDLERS: dict[type, Callable[[State, EventLog, Any], State]] = {
    A.Clock: _clock,
    A.PlayCharacter: _character,
    A.PlayEvent: _event,
    A.PlayClimax: _climax,
    A.Move: _move,
    A.Activate: _activate,
    A.Attack: _attack,
    A.Pass: _passes,
}

GAME = WeissSchwarz()
__all__ = ["GAME", "PHASE_ORDER", "replace"]


def _deck_rules(state: State, log: EventLog) -> None:
    """s14 zones: a card's deck construction rule ("You can put any number of cards with the same card name as this card
    into your deck", 5.1.2.4) applies when the deck is built, before the game (5.1.2): the answer says that it changes
    nothing in the game the scenario plays."""
    told: set[tuple[str, str]] = set()  # one note per card name and text, however many copies the scenario has
    for c in state.catalog.cards:
        for a in c.abilities:
            if a.permit.startswith("deck:") and (c.name, a.text) not in told:
                told.add((c.name, a.text))
                log.add("note", f"{c.name!r}: \"{a.text}\" is a deck construction rule: it replaces the deck construction "
                        "rules (5.1.2.2, up to four cards of a name) for the deck it is in (5.1.2.4). A deck is built before "
                        "the game (5.1.2): it changes nothing in the game played here.", ("5.1.2.4", "5.1.2.2"),
                        subject=c.uid)
