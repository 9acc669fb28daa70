"""The declared actions of a monster scenario (value types, below the procedures that perform them)."""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine.monster.state import Phase


@dataclass(frozen=True, slots=True)
class PlayBattle:  # 8.2
    player: str
    card: str
    zone: int


@dataclass(frozen=True, slots=True)
class PlayCard:  # 8.3 (strategy) or 8.5 (monster, optionally with Burst 12.5)
    player: str
    card: str
    burst: bool = False


@dataclass(frozen=True, slots=True)
class Invade:  # 8.6
    player: str
    discard: str


@dataclass(frozen=True, slots=True)
class GainRage:  # 8.4
    player: str
    discard: str


@dataclass(frozen=True, slots=True)
class Pass:  # 10.4.4.3: the player does nothing; the main phase's play timing ends
    player: str


@dataclass(frozen=True, slots=True)
class ProceedTo:
    player: str
    phase: Phase


@dataclass(frozen=True, slots=True)
class Choose:  # an answer to a choice the rules give a player
    player: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Concede:  # 1.2.3
    player: str
