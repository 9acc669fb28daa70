"""The waiting-effect queue: effects that activated wait, then resolve one at a time in the order a
game's rules give, with loop detection and a bound on the work.

Effects that activate at the same moment form a *batch*; a game pushes a batch whenever something
happens. Which waiting effect resolves next is an `OrderPolicy`:

* `MOST_RECENT_FIRST` - the latest batch first; within it the game's `choose` picks (bss 8-5-2-4:
  the turn player chooses among simultaneous effects);
* `ANY_WAITING` - any waiting effect, whatever batch it came from; `choose` picks (ws: the turn
  player chooses which of their waiting automatic abilities resolves next).

`choose` is called only when there is more than one candidate, and must ask (`core.choices.ask`) or
explain in a logged step how it knows - it never guesses. A position seen twice while resolving is
handed to the game's `on_repeat` (bss 12-1: an infinite loop), or is 'undetermined'.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from judge_app.engine.core.events import EventLog
from judge_app.engine.core.verdict import Undetermined

A = TypeVar("A")
S = TypeVar("S", bound=Hashable)

MAX_RESOLUTIONS = 3000


@dataclass(frozen=True, slots=True)
class Waiting(Generic[A]):
    """Batches of waiting effects, oldest first."""

    batches: tuple[tuple[A, ...], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.batches)

    def push(self, batch: tuple[A, ...]) -> Waiting[A]:
        return Waiting(self.batches + (tuple(batch),)) if batch else self

    def remove(self, b: int, i: int) -> Waiting[A]:
        rest = self.batches[b][:i] + self.batches[b][i + 1:]
        return Waiting(self.batches[:b] + ((rest,) if rest else ()) + self.batches[b + 1:])


class OrderPolicy(StrEnum):
    MOST_RECENT_FIRST = "most-recent-first"
    ANY_WAITING = "any-waiting"

    def candidates(self, waiting: Waiting[A]) -> list[tuple[int, int]]:
        """(batch, index) of every effect that may resolve next."""
        if self is OrderPolicy.MOST_RECENT_FIRST:
            b = len(waiting.batches) - 1
            return [(b, i) for i in range(len(waiting.batches[b]))]
        return [(b, i) for b, batch in enumerate(waiting.batches) for i in range(len(batch))]


def settle(state: S, log: EventLog, *, get: Callable[[S], Waiting[A]], put: Callable[[S, Waiting[A]], S],
           policy: OrderPolicy, choose: Callable[[S, EventLog, tuple[A, ...]], int],
           resolve: Callable[[S, EventLog, A], S],
           on_repeat: Callable[[S, object], S] | None = None,
           restart: Callable[[S], bool] | None = None,
           mark: Callable[[], object] | None = None,
           limit: int = MAX_RESOLUTIONS) -> S:
    """Resolve waiting effects until none waits.

    `mark()` is what the game wants back when a position repeats (default: the log length at its
    first sight); `restart(state)` says the game is replaying a declared loop, which forgets the
    positions seen so far.
    """
    seen: dict[S, object] = {}
    n = 0
    while waiting := get(state):
        n += 1
        if n > limit:
            raise Undetermined(f"more than {limit} effects resolved in one action", state)
        if restart is not None and restart(state):
            seen = {}
        elif state in seen:
            if on_repeat is None:
                raise Undetermined("loop: the same position repeats while effects resolve", state)
            state = on_repeat(state, seen[state])
            seen = {}
            continue
        else:
            seen[state] = mark() if mark is not None else len(log)
        options = policy.candidates(waiting)
        k = choose(state, log, tuple(waiting.batches[b][i] for b, i in options)) if len(options) > 1 else 0
        b, i = options[k]
        state = put(state, waiting.remove(b, i))
        state = resolve(state, log, waiting.batches[b][i])
    return state
