"""The ws effect executor: automatic abilities entering their standby condition (8.7), paying costs (8.4), and
executing the effects of resolved abilities (8.8) - including the keyword abilities of chapter 10 and the trigger
icons (4.12). One module per concept; by layer, lowest first (a module imports only from layers below its own;
import-linter's contract "ws effect executor layers" in pyproject.toml holds it):

- common: enum members, orientation (`set_orient`), gains and their durations (`pump`), selections, stage spots
- choices: what an effect asks a player (yes/no, one of, up to N, the characters it may choose) | dispatch: the
  table `_EXECUTE` (effect node type -> executor) and `execute`, which executors call for the effects inside theirs
- costs: `can_pay`, `pay` | counts: X, repeat, "for each" milled | markers: cards put underneath a character |
  grants: granted abilities, gains and bans for a time, "at the end of the turn"
- keywords: Encore, Fusion, Sunder, Shift | stage: orientation, position, power/soul/level of characters
- onto_stage: put on the stage from a zone or onto the vacated position, exchange, Change/Fusion/Sunder effects
- moves: between zones (hand, waiting room, clock, stock, memory, deck) | resolve: `resolve_ability`,
  `resolve_pending` (8.8)
- deck: look, reveal, search, shuffle, take from the top | draw_damage: draw, damage, heal, trigger checks |
  flow: "If you do", conditions, modal, a cost inside an effect | icons: `trigger_icon` (4.12) | triggers:
  `collect` (which automatic abilities wait for what happened: watchers, limits, side notes)

A new effect's executor goes into the module of its family, its node type into that module's `EXECUTORS` (the
table below gathers them); a new family gets a module of its own, added to `_FAMILIES` and to the contract.
"""

from __future__ import annotations

from judge_app.engine.ws.abilities import (
    counts,
    deck,
    draw_damage,
    flow,
    grants,
    markers,
    moves,
    onto_stage,
    stage,
)
from judge_app.engine.ws.abilities.common import pump, set_orient
from judge_app.engine.ws.abilities.costs import can_pay, pay
from judge_app.engine.ws.abilities.dispatch import _EXECUTE, execute
from judge_app.engine.ws.abilities.icons import trigger_icon
from judge_app.engine.ws.abilities.resolve import ability_kinds, resolve_pending, used_keyword16b
from judge_app.engine.ws.abilities.triggers import _WAITED, _waited_for, collect

# The executor modules whose tables make up `_EXECUTE`.
_FAMILIES = (draw_damage, deck, moves, markers, onto_stage, stage, grants, counts, flow)
for _family in _FAMILIES:
    assert not _EXECUTE.keys() & _family.EXECUTORS.keys(), _family.__name__  # one executor per node type
    _EXECUTE.update(_family.EXECUTORS)

__all__ = ["_WAITED", "_waited_for", "ability_kinds", "can_pay", "collect", "execute", "pay", "pump", "resolve_pending",
           "set_orient", "trigger_icon", "used_keyword16b"]
