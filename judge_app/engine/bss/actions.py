"""Declared actions of a Battle Spirits Saga scenario, each with its actor."""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine.bss.rules import Source
from judge_app.engine.bss.state import Step


@dataclass(frozen=True, slots=True)
class ProceedTo:  # game procedure: run the normal procedure until `step` of `player`'s turn begins
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
class Summon:  # a spirit (10-6) or a nexus (10-7, "places")
    player: str
    card: str
    pay: tuple[Source, ...] | None = None
    place: tuple[Source, ...] | None = None


@dataclass(frozen=True, slots=True)
class MoveCores:
    player: str
    source: Source
    to: str  # "reserve" or a card uid


@dataclass(frozen=True, slots=True)
class UseMagic:
    player: str
    card: str
    pay: tuple[Source, ...] | None = None


@dataclass(frozen=True, slots=True)
class SetBurst:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Concede:
    player: str


@dataclass(frozen=True, slots=True)
class Choose:  # an answer to a choice an effect asks for (part 2)
    player: str
    values: tuple[str, ...]


Action = ProceedTo | EndStep | Attack | Block | NoBlock | Pass | Summon | MoveCores | UseMagic | Choose | Concede | SetBurst
