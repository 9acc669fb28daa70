"""The event log: every step the engine takes, what caused it and the rule ids behind it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from judge_app.engine.core.evolve import maker

if TYPE_CHECKING:  # choices sits beside the log; the log only carries the driver's answers
    from judge_app.engine.core.choices import Answers


@dataclass(frozen=True, slots=True)
class Event:
    n: int  # 1-based position in the log
    kind: str  # short machine tag, e.g. "attack", "destroy"
    text: str  # one readable sentence
    rules: tuple[str, ...]  # rule ids that make this step happen
    line: int | None = None  # scenario line of the statement that led to it
    cause: int | None = None  # n of the event that caused this one, if any
    subject: str | None = None  # the piece the event is about (a card uid), for fact queries
    facts: tuple[tuple[str, object], ...] = ()  # machine-readable values, e.g. (("cost", 3),)

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "kind": self.kind, "text": self.text, "rules": list(self.rules), "line": self.line}


# A replay logs tens to thousands of events: each is built by `evolve.maker` (as the class's mutable twin, then made
# an Event), not through the frozen dataclass's __init__ (one object.__setattr__ per field). Fields in this order:
_make_event: Callable[..., Event] = maker(Event)
assert _make_event is not Event and tuple(Event.__slots__) == (
    "n", "kind", "text", "rules", "line", "cause", "subject", "facts")
_RULES = attrgetter("rules")


@dataclass
class EventLog:
    """Append-only; `line` is the scenario line currently being replayed (set by the driver)."""

    events: list[Event] = field(default_factory=list)
    line: int | None = None
    on_append: Callable[[Event], None] | None = None  # used for the step budget
    # The answers the scenario gave for the choices of the action being replayed (set by the driver).
    answers: Answers | None = None
    # A game's working memory for the action being replayed (the plain `dict`: `dict[str, Any]()` costs ~10x).
    scratch: dict[str, Any] = field(default_factory=dict)

    def add(self, kind: str, text: str, rules: tuple[str, ...] | list[str] = (), *,
            cause: int | None = None, line: int | None = None, subject: str | None = None,
            facts: tuple[tuple[str, object], ...] = ()) -> int:
        events = self.events
        n = len(events) + 1
        ev = _make_event(n, kind, text, rules if type(rules) is tuple else tuple(rules),
                         self.line if line is None else line, cause, subject, facts)
        events.append(ev)
        hook = self.on_append
        if hook is not None:
            hook(ev)
        return n

    def cited(self) -> list[str]:
        """Every rule id cited by the log, in first-cited order."""
        return list(dict.fromkeys(chain.from_iterable(map(_RULES, self.events))))  # C loops, first-cited order

    def truncate(self, n: int) -> None:
        """Forget events after the first n (a rejected action leaves no trace in the steps)."""
        del self.events[n:]

    def __len__(self) -> int:
        return len(self.events)
