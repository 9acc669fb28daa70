"""The registry of games: one call, `register(GameSpec(...))`, makes a game known to every front end.

OpenSpiel's `register_game` is the model. The spec is a plain value naming everything the scenario
language, the checker, the importer and the coverage table need from a game; the registry never
imports a game (discovery lives outside core, in `judge_app.engine.games`).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from judge_app.engine.core.game import Game


class RuleIdFormat(StrEnum):
    """How the game's document numbers its rules (the document's own ids are the ones we cite)."""

    DASHED = "dashed"  # bss, bs-standard: 7-1-5-2-1
    DOTTED = "dotted"  # ws: written "8.1.4." in the document, cited as 8.1.4
    DOTTED_NO_TRAILING = "dotted-no-trailing"  # monster: written "2.1" (headings) or "2.3.2.3.", cited 2.3.2.3

    @property
    def pattern(self) -> re.Pattern[str]:
        return _ID_PATTERNS[self]

    def normalise(self, text: str) -> str | None:
        """The id as the document writes it, or None when `text` is not an id of this format."""
        t = text.strip()
        if self is _DASHED:
            parts = t.split("-")
        else:
            t = t.rstrip(".")  # a trailing dot is how the document writes some ids; we cite without it
            parts = t.split(".")
        # `self.pattern.fullmatch(t)` without the regex nor the enum lookups (a member read from its class costs
        # a microsecond): numbers (`\d`: Unicode Nd, as `str.isdecimal`) joined by single separators.
        return t if all(map(str.isdecimal, parts)) else None


_DASHED = RuleIdFormat.DASHED


_ID_PATTERNS = {
    RuleIdFormat.DASHED: re.compile(r"\d+(?:-\d+)*"),
    RuleIdFormat.DOTTED: re.compile(r"\d+(?:\.\d+)*"),
    RuleIdFormat.DOTTED_NO_TRAILING: re.compile(r"\d+(?:\.\d+)*"),
}


class Dialect(Protocol):
    """A game's part of the scenario language (see docs/adding-a-game.md for the contract).

    `read` binds the parsed statements of one scenario to the game's board, actions and game-specific
    expectations, returning a `judge_app.scenario.model.Scenario`; `write_board` renders a state back
    as board lines (read(write_board(s)) gives s back).
    """

    # Typed loosely on purpose: core sits below the scenario language and may not import its types.
    def read(self, statements: Sequence[Any], rules_version: str) -> Any: ...

    def write_board(self, state: Any) -> str: ...


def lazy(module: str, name: str) -> Callable[[Any], Any]:
    """`module.name`, imported on its first call. A card-text reader loads its grammar (lark) on import,
    which a scenario without card text, or a process that only lists the games, does not need."""
    def call(arg: Any) -> Any:
        return getattr(importlib.import_module(module), name)(arg)

    call.__name__ = call.__qualname__ = name
    return call


@dataclass(frozen=True)
class CardTextReader:
    """A game's reader of printed card text, as `judge cardtext-report` grades it.

    `read(text)` returns the game's effect AST or raises `refusal` (an exception with a `message`
    naming the words not understood); `summary(ast)` is the short, stable form a corpus line
    records; `note` says how the game's corpus was made, printed beside its figures.
    """

    read: Callable[[str], Any]
    summary: Callable[[Any], str]
    refusal: type[Exception]
    note: str = ""
    # How much of a text was understood, for the checker's answers: an object whose `to_dict()` has
    # status, understood, word, rest, message, nearest (judge_app/scenario/readings.py); None: not shown.
    understand: Callable[[str], Any] | None = None
    phrase: str = "effect"  # the scenario word before a quoted card text: `effect "…"` (monster: `text "…"`)
    # How a pasted text is cut into abilities (None: one a line, `scenario.syntax.abilities`); a game whose cards
    # print an ability over several lines (ws: the options of "Choose 1 of the following effects") gives its own.
    split: Callable[[str], tuple[str, ...]] | None = None
    # The notes a reading adds to an answer (misprints repaired), when cheaper than `understand(text).notes()`
    # (bss: a house-style text is never read by the print-layout reader, so it loads no grammar for it).
    notes: Callable[[str], tuple[str, ...]] | None = None


@dataclass(frozen=True)
class GameSpec:
    """Everything one game contributes. Register it once: `register(GameSpec(...))`."""

    key: str  # the word after `game` in a scenario, e.g. "bss"
    title: str
    document: str  # the rule library's document key
    rules_version: str  # the version of that document the engine implements
    rule_ids: RuleIdFormat
    players: tuple[str, ...]  # player words of the language, e.g. ("A", "B")
    areas: tuple[str, ...]  # area words of `A field:` lines
    engine: Game[Any, Any]
    dialect: Dialect
    # The game-specific expectations the dialect adds, as documented examples (`"Wolf" LV2`, …).
    expectations: tuple[str, ...] = ()
    # Neutral JSON (../shared/scenarios-dev.md) -> (scenario text, facts left as comments), if supported.
    importer: Callable[[dict[str, Any]], tuple[str, int]] | None = None
    # The declared part of the coverage table (the rest is computed from the scenarios' steps):
    # rule id -> reason for rules of physical play or card anatomy ("n/a"), rule id -> what is missing
    # ("not yet"), rule id -> the code whose structure embodies it ("followed").
    not_applicable: Mapping[str, str] = field(default_factory=dict)
    not_yet: Mapping[str, str] = field(default_factory=dict)
    followed: Mapping[str, str] = field(default_factory=dict)
    # The reader of the game's printed card text, graded by `judge cardtext-report` (None: no reader).
    card_text: CardTextReader | None = None

    def __post_init__(self) -> None:
        if self.engine.key != self.key:
            raise ValueError(f"engine key {self.engine.key!r} differs from spec key {self.key!r}")
        if not self.players or not self.areas:
            raise ValueError("a game names its player words and its area words")
        for w in self.players + self.areas:
            if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", w):
                raise ValueError(f"player and area words are single words: {w!r}")


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Make a game known. Registering the same key twice with a different spec is an error."""
    old = _REGISTRY.get(spec.key)
    if old is not None and old is not spec:
        raise ValueError(f"game {spec.key!r} is already registered")
    _REGISTRY[spec.key] = spec
    return spec


def unregister(key: str) -> None:
    """Forget a game (tests register toy games and remove them again)."""
    _REGISTRY.pop(key, None)


def registered() -> dict[str, GameSpec]:
    """The games registered so far (without discovery: see `judge_app.engine.games`)."""
    return dict(_REGISTRY)
