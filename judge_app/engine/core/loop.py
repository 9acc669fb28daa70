"""The rule-check loop (the replay budgets are in budget.py)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from judge_app.engine.core.budget import DEFAULT_MAX_STEPS, DEFAULT_TIME_BUDGET, Budget, charge  # noqa: F401
from judge_app.engine.core.events import EventLog
from judge_app.engine.core.verdict import Undetermined

S = TypeVar("S", bound=Hashable)

# A mandatory check takes the state and the log and returns the (possibly) changed state.
Check = Callable[[S, EventLog], S]


def run_checks(state: S, checks: Sequence[Check[S]], log: EventLog, *, cap: int = 200) -> S:
    """Run a game's mandatory checks until a full pass changes nothing.

    A state seen twice means the checks cycle; `cap` bounds the passes. Either way the answer is
    'undetermined' rather than a hang or a guess.
    """
    seen: set[Hashable] | None = None  # built only when a pass changes something: hashing a state is not free
    for _ in range(cap):
        before = state
        for check in checks:
            charge()
            state = check(state, log)
        if state is before or state == before:
            return state
        if seen is None:
            seen = {before}
        if state in seen:
            raise Undetermined("loop: the mandatory checks keep returning to an earlier state", state)
        seen.add(state)
    raise Undetermined(f"loop: the mandatory checks did not settle within {cap} passes", state)
