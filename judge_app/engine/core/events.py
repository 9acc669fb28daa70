"""The event log: every step the engine takes, what caused it and the rule ids behind it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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


@dataclass
class EventLog:
    """Append-only; `line` is the scenario line currently being replayed (set by the driver)."""

    events: list[Event] = field(default_factory=list)
    line: int | None = None
    on_append: Callable[[Event], None] | None = None  # used for the step budget
    # The answers the scenario gave for the choices of the action being replayed (set by the driver).
    answers: Answers | None = None
    scratch: dict[str, Any] = field(default_factory=dict[str, Any])  # a game's working memory for the action being replayed

    def add(self, kind: str, text: str, rules: tuple[str, ...] | list[str] = (), *,
            cause: int | None = None, line: int | None = None, subject: str | None = None,
            facts: tuple[tuple[str, object], ...] = ()) -> int:
        ev = Event(len(self.events) + 1, kind, text, tuple(rules), self.line if line is None else line,
                   cause, subject, facts)
        self.events.append(ev)
        if callable(self.on_append):
            self.on_append(ev)
        return ev.n

    def cited(self) -> list[str]:
        """Every rule id cited by the log, in first-cited order."""
        seen: dict[str, None] = {}
        for ev in self.events:
            for r in ev.rules:
                seen.setdefault(r, None)
        return list(seen)

    def truncate(self, n: int) -> None:
        """Forget events after the first n (a rejected action leaves no trace in the steps)."""
        del self.events[n:]

    def __len__(self) -> int:
        return len(self.events)
