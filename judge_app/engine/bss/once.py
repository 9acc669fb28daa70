"""Per-turn limits: "Once per turn, when …", "[Once Per Turn]" and "The first time … each turn" (s12 bssonce).

The rules of 1.7.0 limit two things per turn and say how: setting a burst card (6-6-1-2-2) and 【Raid】, which "may
be activated up to the specified number of times per turn" (11-12-1). They say nothing of a card's own "once per
turn". The engine decides, and every answer that uses the limit says so (`DECIDED`):
* a limited triggered effect counts when it activates (8-6-1), as 【Raid】 counts activations (11-12-1), whether or
  not its "you may" is then accepted;
* the count is per card on the field and per effect: another card with the same text has its own count, and a card
  that leaves the field is a new card when it comes back (3-1-4), with a fresh count;
* "The first time <event> each turn" is counted the same way: the events of the turn before this card was on the
  field, or while its effect was not active (another level, another step), are not counted;
* the counts start again at the start of each turn (6-1-1: a turn is its seven steps).

A board states a use as `once used "Card"` on its turn line (`once used "Card" "<effect text>"` when the card has
more than one limited effect; dialect.py).
"""

from __future__ import annotations

from judge_app.engine.bss.state import Activation, State
from judge_app.engine.core import EventLog
from judge_app.engine.core.evolve import evolve

__all__ = ["DECIDED", "RULES", "activated", "forget", "screen", "spent", "substituted"]

DECIDED = ("the rules do not say how a card's uses of a turn are counted: the engine's decision is that each card on "
           "the field counts its own activations of the effect from the start of the turn, and a card that leaves "
           "the field is a new card (3-1-4)")
FIRST = ("; an event of this turn before this card was on the field, or while the effect was not active, is not "
         "counted as the first time")
RULES = ("11-12-1", "3-1-4", "6-1-1")  # the nearest rules: a per-turn number of activations, the new card, the turn


def screen(state: State, log: EventLog, acts: list[Activation]) -> tuple[State, list[Activation]]:
    """The activations a per-turn limit lets through, and the state recording the uses they spend."""
    used = set(state.once_used)
    kept = []
    for a in acts:
        limit = getattr(a.effect, "once", None)
        if not limit or a.kind == "burst":
            kept.append(a)
            continue
        key = (a.source, a.effect.text)
        if key in used:
            log.add("no-trigger", f'"{a.source}": "{a.effect.text}" is limited to {limit} and has already activated '
                                  f"this turn, so it does not activate again ({DECIDED}).", RULES, subject=a.source)
            continue
        used.add(key)
        first = FIRST if "first time" in limit else ""
        log.add("once", f'"{a.source}": "{a.effect.text}" is limited to {limit}: this activation is its use for this '
                        f"turn ({DECIDED}{first}).", RULES + ("8-6-1",), subject=a.source)
        kept.append(a)
    if len(used) == len(state.once_used):
        return state, kept
    return evolve(state, once_used=tuple(sorted(used))), kept


def activated(state: State, log: EventLog, act: Activation) -> State | None:
    """8-1-3: a limited activated effect ([Main] / [Flash]) of a card on the field: the state recording this use, or None
    when the card has used it this turn already (the action is then rejected). A magic card's effect is used from the hand
    and the card goes to the trash (10-8-8): back in the hand it is a new card (3-1-4), so its count never binds again;
    it is not recorded, and the answer says so."""
    limit = getattr(act.effect, "once", None)
    if not limit:
        return state
    key = (act.source, act.effect.text)
    if act.kind == "magic":
        log.add("once", f'"{act.source}": "{act.effect.text}" is limited to {limit}; the card goes to the trash as it '
                        "resolves, and a card that comes back to the hand is a new card, so this use is the only one "
                        f"counted for this card ({DECIDED}).", RULES + ("10-8-8",), subject=act.source)
        return state
    if key in state.once_used:
        return None
    log.add("once", f'"{act.source}": "{act.effect.text}" is limited to {limit}: this activation is its use for this '
                    f"turn ({DECIDED}).", RULES + ("8-1-3",), subject=act.source)
    return evolve(state, once_used=tuple(sorted(set(state.once_used) | {key})))


def spent(state: State, act: Activation) -> bool:
    """s19 bss: a limited substitution effect (8-9) of a card that has applied it this turn already."""
    return bool(getattr(act.effect, "once", None)) and (act.source, act.effect.text) in state.once_used


def substituted(state: State, log: EventLog, act: Activation) -> State:
    """s19 bss: "Once per turn, when … would be destroyed, … instead": applying the substitution (8-9-1) is its use for this
    turn, counted as the engine counts a limited triggered effect's activations (`DECIDED`)."""
    limit = getattr(act.effect, "once", None)
    if not limit:
        return state
    log.add("once", f'"{act.source}": "{act.effect.text}" is limited to {limit}: this substitution is its use for this '
                    f"turn ({DECIDED}).", RULES + ("8-9-1",), subject=act.source)
    return evolve(state, once_used=tuple(sorted(set(state.once_used) | {(act.source, act.effect.text)})))


def forget(state: State, uid: str) -> State:
    """3-1-4: a card that leaves the field is a new card; its uses of this turn are no longer counted."""
    if not any(u == uid for u, _t in state.once_used):
        return state
    return evolve(state, once_used=tuple(x for x in state.once_used if x[0] != uid))
