"""Verdicts, player choices, rejections, and the exceptions that stop a replay."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class VerdictKind(StrEnum):
    WIN = "win"
    DRAW = "draw"
    ONGOING = "ongoing"
    NEEDS_CHOICE = "needs_choice"
    UNDETERMINED = "undetermined"


@dataclass(frozen=True, slots=True)
class Verdict:
    kind: VerdictKind
    winner: str | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "winner": self.winner, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the rules give a player and the scenario did not make: never guessed."""

    player: str
    question: str
    options: tuple[str, ...]
    rule: str  # the rule that asks
    line: int | None = None
    pick: int = 1  # how many options one answer names (at most, when "none" is among the options)

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "question": self.question, "options": list(self.options),
                "rule": self.rule, "line": self.line}


@dataclass(frozen=True, slots=True)
class Rejection:
    """A declared action the rules forbid; the replay goes on without it."""

    line: int | None
    reason: str
    rules: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "reason": self.reason, "rules": list(self.rules)}


class Rejected(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a game when a declared action is illegal; the state is left unchanged."""

    def __init__(self, reason: str, *rules: str):
        super().__init__(reason)
        self.reason = reason
        self.rules = tuple(rules)


class GameOver(Exception):  # noqa: N818
    """Raised when gameplay management ends the game (win or draw)."""

    def __init__(self, verdict: Verdict, state: object):
        super().__init__(verdict.reason)
        self.verdict = verdict
        self.state = state


class NeedsChoice(Exception):  # noqa: N818
    def __init__(self, choice: Choice, state: object = None):
        super().__init__(choice.question)
        self.choice = choice
        self.state = state


class Undetermined(Exception):  # noqa: N818
    """A budget ran out or a loop was detected: the engine will not guess an answer."""

    def __init__(self, reason: str, state: object = None):
        super().__init__(reason)
        self.reason = reason
        self.state = state


class Unsupported(Exception):  # noqa: N818
    """The scenario needs something the engine cannot execute (yet) or information it did not give.

    The driver turns it into a ScenarioError at the line of `subject` (a card) or of the statement.
    """

    def __init__(self, message: str, *, subject: str | None = None, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.subject = subject
        self.hint = hint
