"""The declarations a WS scenario can make, as values (one per line of the scenario)."""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine.ws.state import Phase


@dataclass(frozen=True, slots=True)
class Clock:
    player: str
    card: str | None  # None: the player puts no card into the clock


@dataclass(frozen=True, slots=True)
class PlayCharacter:
    player: str
    card: str
    pos: str


@dataclass(frozen=True, slots=True)
class PlayCard:
    """`A plays "X"` as written; the dialect binds it to PlayEvent or PlayClimax by the card's kind."""

    player: str
    card: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayEvent:
    player: str
    card: str
    targets: tuple[str, ...] = ()  # `A plays "X", on "Y"`: the answers to its choices, in order


@dataclass(frozen=True, slots=True)
class PlayClimax:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    src: str
    dst: str


@dataclass(frozen=True, slots=True)
class Activate:
    player: str
    card: str
    ability: str  # "backup" or "" (one of the card's activated abilities)
    targets: tuple[str, ...] = ()
    index: int = 0  # `ability N`: the Nth 【ACT】 ability printed on the card (0: not named, 6.5.1.2.3)


@dataclass(frozen=True, slots=True)
class Attack:
    player: str
    card: str
    kind: str | None  # direct | frontal | side | None (direct when nothing faces it)


@dataclass(frozen=True, slots=True)
class Pass:
    """End the current play timing, the attacks, the counter step, or decline to clock."""

    player: str


@dataclass(frozen=True, slots=True)
class Proceed:
    player: str
    phase: Phase


@dataclass(frozen=True, slots=True)
class Say:
    """An answer to a choice: `A chooses "X"`, `A reveals "X"`, `A encores "X"`, `A declines encore of "X"`."""

    player: str
    values: tuple[str, ...]
