"""s14 bss: "<cards> will not refresh during their next refresh step" (6-5-2 overridden by the card, 1-3-1).

In the refresh step the player taking their turn refreshes all of the cards on their field (6-5-2). An effect that says a
card will not refresh during its controller's next refresh step takes precedence (1-3-1): the card stays exhausted in
that step. Its period of activity (8-2-2-2-1) is written into the state as the duration "next refresh" of a continuous
`cannot refresh` directive (resolve._continuous); the rules do not say more, so these are the engine's decisions, each
said in the answer:
* "next" is the first refresh step of the card's controller after the effect resolved; the restriction ends with that
  step, whether or not the card was exhausted then (a refreshed card has nothing to be kept from);
* only the refresh step is named: an effect that refreshes the card ("Refresh it") still does (the text names the
  step, not every refreshing);
* the restriction applies to the card while it stays on the field (3-1-4, rules._forget).
"""

from __future__ import annotations

from judge_app.engine.bss.state import AppliedKind, State
from judge_app.engine.core import EventLog
from judge_app.engine.core.evolve import evolve

__all__ = ["DURATION", "expire", "held"]

DURATION = "next refresh"
DECIDED = "the engine's decision: the rules do not say when a restriction on the next refresh step ends"


def _is_hold(a) -> bool:  # noqa: ANN001 - an Applied
    return a.kind is AppliedKind.FORBID and a.value == "refresh" and a.duration == DURATION


def held(state: State, player: str) -> frozenset[str]:
    """The exhausted cards of `player`'s field that an effect keeps from refreshing in this refresh step."""
    mine = {c.uid for c in state.p(player).field if c.exhausted}
    return frozenset(u for a in state.continuous if _is_hold(a) for u in a.targets if u in mine)


def expire(state: State, log: EventLog, player: str) -> State:
    """After `player`'s refresh step, the restrictions on it end for `player`'s cards (the step they named is over)."""
    mine = {c.uid for c in state.p(player).field}
    ending = [a for a in state.continuous if _is_hold(a) and set(a.targets) & mine]
    if not ending:
        return state
    cont = tuple(evolve(a, targets=tuple(u for u in a.targets if u not in mine)) if a in ending else a
                 for a in state.continuous)
    log.add("expire", f"The effects saying {player}'s cards will not refresh during their next refresh step end with "
                      f"this refresh step ({DECIDED}).", ("6-5-2", "8-2-2-2-1"))
    return evolve(state, continuous=tuple(a for a in cont if a.targets))
