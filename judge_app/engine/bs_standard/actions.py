"""The declared actions of a Standard scenario (frozen values read by the dialect)."""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine.bs_standard.state import Step
from judge_app.engine.bss.rules import (
    Source,  # the same declared-cores value as Saga: "reserve" or a card, a count
)

__all__ = ["Source"]


@dataclass(frozen=True, slots=True)
class ProceedTo:
    player: str
    step: Step


@dataclass(frozen=True, slots=True)
class EndStep:
    player: str
    step: Step | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Block:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class NoBlock:
    player: str


@dataclass(frozen=True, slots=True)
class Pass:
    player: str


@dataclass(frozen=True, slots=True)
class Summon:  # a Spirit (11-1) or, with `deploy`, a Nexus (11-2)
    player: str
    card: str
    pay: tuple[Source, ...] = ()
    place: tuple[Source, ...] = ()
    deploy: bool = False
    succession: tuple[str, ...] = ()  # 12-2-1-3: EX-symbol cards removed from the Trash


@dataclass(frozen=True, slots=True)
class UseMagic:  # 11-3
    player: str
    card: str
    pay: tuple[Source, ...] = ()
    succession: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveCores:  # 7-6-1-2-2
    player: str
    source: Source
    to: str


@dataclass(frozen=True, slots=True)
class Choose:
    player: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Concede:
    player: str
