"""A parsed scenario, game-independent: a board, then actions and expectations in file order."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from judge_app.engine.core import Choice, Event, Rejection, Verdict


@dataclass(frozen=True, slots=True)
class ActionItem:
    line: int
    text: str
    action: object  # a game's action dataclass


@dataclass
class Context:
    """What an expectation can look at, at its position in the file (or at the end)."""

    state: Hashable
    events: list[Event]
    rejected: list[Rejection]
    last_action_rejected: bool | None
    verdict: Verdict | None
    choice: Choice | None = None
    final: bool = False
    notes: tuple[str, ...] = ()  # s17 misprint: what the answer says beside its steps (Scenario.notes)


@dataclass(frozen=True, slots=True)
class ExpectItem:
    line: int
    text: str
    check: Callable[[Context], tuple[bool, str]] = field(compare=False)  # -> (ok, actual)
    at_end: bool = False  # verdict expectations are judged on the final answer


@dataclass(frozen=True, slots=True)
class ExpectResult:
    line: int
    text: str
    ok: bool
    actual: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text, "ok": self.ok, "actual": self.actual}


@dataclass(frozen=True, slots=True)
class Scenario:
    game: str
    rules_version: str
    board: Hashable
    items: tuple[ActionItem | ExpectItem, ...]
    card_lines: tuple[tuple[str, int, int], ...] = ()  # (card uid, line, column) where it is described
    # `assume …` lines: e.g. "declined" (options the scenario does not mention are declined)
    assumptions: frozenset[str] = frozenset()
    # s17 misprint: what the answer says beside its steps: each misprint repaired to read a card text
    notes: tuple[str, ...] = ()
