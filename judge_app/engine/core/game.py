"""The seam between the kernel and one game's rules: what the replay driver calls."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from judge_app.engine.core.choices import Answer
from judge_app.engine.core.events import EventLog
from judge_app.engine.core.loop import Check
from judge_app.engine.core.verdict import Choice, Verdict

# A game's own state type (frozen, hashable: the loop check and the explorer key on it) and action type.
S = TypeVar("S", bound=Hashable)
A = TypeVar("A")


class Game(ABC, Generic[S, A]):
    """One game's rules over its own exact state model (python-chess variants are the model).

    Generic in the game's state type `S` and declared-action type `A`, so a game's methods take its own
    types; the driver, which holds games of every kind, sees `Game[Any, Any]`.

    The replay driver calls `start` once, then `apply` per declared action, then `finish`; each may
    raise Rejected (action only), GameOver, NeedsChoice or Undetermined.
    """

    key: str = ""
    title: str = ""
    rules_version: str = ""
    document: str = ""  # rule library document key
    game_over_rule: str = ""  # the rule id cited when an action is declared after the game ended

    @abstractmethod
    def checks(self) -> Sequence[Check[Any]]:
        """Mandatory checks, run by `run_checks` until nothing changes."""

    @abstractmethod
    def start(self, state: S, log: EventLog) -> S:
        """Gameplay management before the first declared action."""

    @abstractmethod
    def apply(self, state: S, action: A, log: EventLog) -> S:
        """Perform one declared action and everything the rules do automatically after it."""

    @abstractmethod
    def finish(self, state: S, log: EventLog) -> tuple[S, Verdict, Choice | None]:
        """After the last action: the verdict for a game still running (ongoing or needs_choice)."""

    @abstractmethod
    def state_dict(self, state: S) -> dict[str, Any]:
        """The state as plain JSON data (shape documented per game)."""

    def answer_of(self, action: A, line: int | None) -> Answer | None:
        """If `action` answers a choice (e.g. bss `A chooses "Wolf"`), that answer; else None.

        The driver hands the answer lines written right after an action to it as `log.answers`.
        """
        return None

    # Hooks for the explorer (judge_app/scenario/explore.py), which branches on every answer to a
    # choice the scenario leaves open. A game that does not implement them is still explored: its
    # open choices are reported, not branched on (the explorer never invents an answer).

    def answer_line(self, choice: Choice, option: str) -> str | None:
        """The scenario line that answers `choice` with one of its `options` (bss: `B chooses "Wolf"`,
        `B blocks with "Wolf"`), or None when the option is not one concrete answer (a template such as
        "paying …", which the player completes in the declaration)."""
        return None

    def explore_answers(self, state: S, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Every answer to the open `choice` worth trying, in a fixed order, as (the answer in words, the
        scenario lines that give it). The default is one per listed option that `answer_line` can write;
        a game adds answers its options do not list (bss: each flash effect the player to act holds in
        a flash window). The explorer keeps only the answers the rules accept."""
        out = []
        for option in choice.options:
            line = self.answer_line(choice, option)
            if line is not None:
                out.append((option, (line,)))
        return tuple(out)

    @abstractmethod
    def cited_rules(self) -> frozenset[str]:
        """Every rule id this game's code can cite (checked against the rule library by a test)."""
