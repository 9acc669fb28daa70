"""Answers to choices, given ahead of time by the scenario, and the one way a game asks for them.

A scenario answers the choices an action leads to with the answer lines written right after it
(bss: `A chooses "Wolf"`). The driver hands those to the game as an `Answers` queue; the game asks
with `ask(log, choice, validate)`: the next answer of the asked player is taken (an invalid one is
recorded as rejected, with the reason), and with no answer left the replay stops with
`needs_choice` - never a guess. The one exception is an *optional* decision ("may") when the
scenario says unmentioned options are declined (`decline_optional`): then the `default` is used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from judge_app.engine.core.verdict import Choice, NeedsChoice, Rejection


@dataclass(frozen=True, slots=True)
class Answer:
    line: int | None
    player: str
    values: tuple[str, ...]
    extra: object = None  # a game's structured answer (e.g. a payment), if the answer line has one


@dataclass
class Answers:
    items: list[Answer] = field(default_factory=list)
    decline_optional: bool = False
    pos: int = 0
    rejected: list[Rejection] = field(default_factory=list)
    # (choice asked, the answer taken or None for a default) in order, for fact queries
    taken: list[tuple[Choice, Answer | None]] = field(default_factory=list)

    def peek(self, player: str | None = None) -> Answer | None:
        if self.pos < len(self.items):
            a = self.items[self.pos]
            if player is None or a.player == player:
                return a
        return None

    def take(self, choice: Choice, validate: Callable[[Answer], str | None] | None = None) -> Answer | None:
        """The next answer of `choice.player` that is valid for the choice, or None."""
        while (a := self.peek(choice.player)) is not None:
            self.pos += 1
            err = validate(a) if validate else None
            if err:
                self.rejected.append(Rejection(a.line, f"{err} (the choice: {choice.question})", (choice.rule,)))
                continue
            self.taken.append((choice, a))
            return a
        return None

    @property
    def consumed(self) -> int:
        return self.pos


def ask(answers: Answers | None, choice: Choice, validate: Callable[[Answer], str | None] | None = None,
        default: Sequence[str] | None = None) -> tuple[str, ...]:
    """The values the scenario gave for this choice; NeedsChoice when it gave none.

    `default` is the "decline" answer of an optional decision, used only when the scenario says
    that options it does not mention are declined.
    """
    if answers is not None:
        a = answers.take(choice, validate)
        if a is not None:
            return a.values
        if default is not None and answers.decline_optional:
            answers.taken.append((choice, None))
            return tuple(default)
    raise NeedsChoice(choice)


def ask_answer(answers: Answers | None, choice: Choice,
               validate: Callable[[Answer], str | None] | None = None) -> Answer:
    """Like `ask`, but the whole answer (for structured answers such as a payment)."""
    if answers is not None:
        a = answers.take(choice, validate)
        if a is not None:
            return a
    raise NeedsChoice(choice)
