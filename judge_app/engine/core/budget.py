"""The work budget of one replay: deterministic caps, and a wall clock that is only a safety net.

Work is counted in units the kernel and the games charge (`charge`): one per logged step (also
the steps of a game's private sandboxes), one per mandatory check run, one per card a game scans
for triggers. The caps are counts, so a scenario always ends the same way whatever the machine's
load. The wall clock is checked too, but running past it is never a verdict: it raises `Busy`
("try again"), which the web answers with 503 and Retry-After.
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from judge_app.engine.core.verdict import Undetermined
from judge_app.errors import Busy

if TYPE_CHECKING:
    from judge_app.engine.core.events import EventLog

DEFAULT_MAX_STEPS = 10_000
DEFAULT_MAX_WORK = 100_000  # ~1.5 s of the heaviest kind of work (cards scanned) on one core
DEFAULT_TIME_BUDGET = 10.0  # seconds; the safety net, far above what max_work costs on a quiet machine
_CLOCK_EVERY = 256  # work units between two looks at the clock

_current: ContextVar[Budget | None] = ContextVar("judge_budget", default=None)


@dataclass
class Budget:
    """Caps on one replay: logged steps and work units (-> 'undetermined'), wall time (-> Busy)."""

    max_steps: int = DEFAULT_MAX_STEPS
    time_budget: float = DEFAULT_TIME_BUDGET
    started: float = field(default_factory=time.perf_counter)
    max_work: int = DEFAULT_MAX_WORK
    work: int = 0
    exhausted: str | None = None  # why the budget ran out; sticky, so a sandbox cannot hide it

    def tick(self, log: EventLog, _ev: object = None) -> None:
        """One logged step of the main log: `charge(1)` and a look at the clock, inlined (every step of a
        replay passes here). The log's hook is `partial(budget.tick, log)`; `_ev` is the event it is given."""
        if len(log.events) > self.max_steps:
            self._out(f"step budget exhausted: more than {self.max_steps} steps")
        self.work += 1
        if self.work > self.max_work:
            self._out_of_work()
        if time.perf_counter() - self.started > self.time_budget:
            self.check_clock()

    def charge(self, units: int = 1) -> None:
        before = self.work
        self.work += units
        if self.work > self.max_work:
            self._out_of_work()
        if self.work // _CLOCK_EVERY != before // _CLOCK_EVERY:
            self.check_clock()

    def check_clock(self) -> None:
        if time.perf_counter() - self.started > self.time_budget:
            raise Busy(f"the checker is overloaded: this scenario did not finish within {self.time_budget:g} s "
                       "of wall time (the machine is busy; the answer does not depend on it)",
                       retry_after=max(1, int(self.time_budget)))

    def _out_of_work(self) -> None:
        self._out(f"work budget exhausted: more than {self.max_work:,} units of work (steps, checks and cards examined)")

    def _out(self, reason: str) -> None:
        self.exhausted = self.exhausted or reason
        raise Undetermined(self.exhausted)

    def __enter__(self) -> Budget:
        self._token = _current.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _current.reset(self._token)


def charge(units: int = 1) -> None:
    """Charge work to the replay in progress (a no-op outside one): `Budget.charge`, inlined (the rules charge
    every card they scan)."""
    b = _current.get()
    if b is not None:
        before = b.work
        work = b.work = before + units
        if work > b.max_work:
            b._out_of_work()
        if work // _CLOCK_EVERY != before // _CLOCK_EVERY:
            b.check_clock()


def spent() -> int:
    """The work charged so far in the replay in progress (0 outside one)."""
    b = _current.get()
    return 0 if b is None else b.work


def within(units: int, steps: int) -> bool:
    """Whether `units` more work, with a main log of `steps` steps, stays within the caps (always, outside a
    replay). A game that replays a sandbox's recorded run instead of repeating it checks this first, so the
    caps are reached where they were before."""
    b = _current.get()
    return b is None or (b.exhausted is None and b.work + units <= b.max_work and steps <= b.max_steps)
