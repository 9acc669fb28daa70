"""Restrictions on what the opponent's effects do to a card: "<cards> cannot be selected by the effects of your
opponent's spirits" and "its cores cannot be removed by the effects of your opponent's spirits".

An active effect that prevents an action beats the instruction (1-3-3): a card so restricted is not among the cards
an effect of the opponent's card of that type may select (8-5-3, as 【Armor】 keeps a spirit from being selected,
11-5-1), and such an effect moves no core off it. Cards an effect names without selecting ("all of …") are not
selected (8-5-3 selects where a number is given), so that restriction does not keep them. The words are kept as
restrictions of the card (vocab.Forbid, from constant or resolved effects, view.py), as "is not affected by" is
(immunity.py, whose matching they share).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judge_app.engine.bss.immunity import immunity
from judge_app.engine.bss.state import CardType

__all__ = ["CORES_OFF", "SELECTED", "guard", "guarded"]

SELECTED = "be selected by opposing "  # + "effects" | "spirit effects" | "spirit/nexus effects" ...
CORES_OFF = "have cores removed by opposing "


def guard(what: str, kinds: list[str]) -> str:
    """The restriction as the state words it, for effects of the opponent's cards of `kinds` (all kinds when empty)."""
    return what + ("/".join(kinds) + " " if kinds else "") + "effects"


def guarded(views: Mapping[str, Any], uids: Iterable[str], controller: str, source_type: CardType | None,
            prefix: str) -> list[str]:
    """The cards among `uids` that a restriction `prefix` keeps from an effect of `controller`'s card of `source_type`."""
    out = []
    for u in uids:
        v = views.get(u)
        if v is not None and v.forbid and immunity(v.forbid, v.owner, controller, source_type, prefix) is not None:
            out.append(u)
    return out
