"""The rule-check loop and the replay budgets."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from judge_app.engine.core.events import EventLog
from judge_app.engine.core.verdict import Undetermined

S = TypeVar("S", bound=Hashable)

# A mandatory check takes the state and the log and returns the (possibly) changed state.
Check = Callable[[S, EventLog], S]

DEFAULT_MAX_STEPS = 10_000
DEFAULT_TIME_BUDGET = 2.0  # seconds


@dataclass
class Budget:
    """Caps on work: the number of logged steps and the wall time. Exceeding one is 'undetermined'."""

    max_steps: int = DEFAULT_MAX_STEPS
    time_budget: float = DEFAULT_TIME_BUDGET
    started: float = field(default_factory=time.perf_counter)

    def tick(self, log: EventLog) -> None:
        if len(log) > self.max_steps:
            raise Undetermined(f"step budget exhausted: more than {self.max_steps} steps")
        if time.perf_counter() - self.started > self.time_budget:
            raise Undetermined(f"time budget exhausted: more than {self.time_budget:g} s")


def run_checks(state: S, checks: Sequence[Check[S]], log: EventLog, *, cap: int = 200) -> S:
    """Run a game's mandatory checks until a full pass changes nothing.

    A state seen twice means the checks cycle; `cap` bounds the passes. Either way the answer is
    'undetermined' rather than a hang or a guess.
    """
    seen: set[Hashable] | None = None  # built only when a pass changes something: hashing a state is not free
    for _ in range(cap):
        before = state
        for check in checks:
            state = check(state, log)
        if state is before or state == before:
            return state
        if seen is None:
            seen = {before}
        if state in seen:
            raise Undetermined("loop: the mandatory checks keep returning to an earlier state", state)
        seen.add(state)
    raise Undetermined(f"loop: the mandatory checks did not settle within {cap} passes", state)
