"""The declared actions of a Standard scenario (frozen values read by the dialect).

Attacking, blocking, passing, moving cores, answering a choice and conceding are declared the same way in
both games, so those values are Saga's; what differs is here: the steps (Standard's own Step), Deploy and
《Succession》 on Summon/Use.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_app.engine.bs_standard.state import Step
from judge_app.engine.bss.actions import Attack, Block, Choose, Concede, MoveCores, NoBlock, Pass
from judge_app.engine.bss.rules import Source  # "reserve" or a card, a count, the soul core

__all__ = ["Activate", "Attack", "Block", "Choose", "Concede", "EndStep", "MoveCores", "NoBlock", "Pass", "ProceedTo", "Source",
           "Summon", "UseMagic"]


@dataclass(frozen=True, slots=True)
class ProceedTo:
    player: str
    step: Step


@dataclass(frozen=True, slots=True)
class EndStep:
    player: str
    step: Step | None = None


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
class Activate:  # an activated effect of a card on the Field (9-1-6)
    player: str
    card: str
