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
    ascend: str | None = None  # 【Ascend】 (11-8-1): the spirit whose cores go to the reserve


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
    which: int | None = None  # which effect (10-8-3), when the card has several usable now


@dataclass(frozen=True, slots=True)
class Activate:  # an activated (main/flash) effect of a card on the field (8-1-3)
    player: str
    card: str
    which: int | None = None


@dataclass(frozen=True, slots=True)
class Awaken:  # 【Awaken】 (11-1-1)
    player: str
    card: str
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True, slots=True)
class SetBurst:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Concede:
    player: str


@dataclass(frozen=True, slots=True)
class Choose:  # an answer to a choice the action before it leads to (targets, order, "may", loop count…)
    player: str
    values: tuple[str, ...]
    pay: tuple[Source, ...] | None = None  # an effect that summons: the payment and the cores placed
    place: tuple[Source, ...] | None = None


Action = (ProceedTo | EndStep | Attack | Block | NoBlock | Pass | Summon | MoveCores | UseMagic | Activate | Awaken
          | Choose | Concede | SetBurst)
