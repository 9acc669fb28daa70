"""The Standard state as plain JSON data (the "state" of `judge check --json`)."""

from __future__ import annotations

from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.state import PLAYERS, Card, State
from judge_app.engine.bss.serialize import counts_dict, levels_list


def card_dict(card: Card) -> dict:
    return {"name": card.uid, "type": str(card.type), "color": list(card.colors), "cost": card.cost,
            "reduction": list(card.reduction), "levels": levels_list(card.levels), "symbols": list(card.symbols), "effects": list(card.effects)}


def state_dict(state: State) -> dict:
    players = {}
    for who in PLAYERS:
        pl = state.p(who)
        players[who] = {
            **counts_dict(pl),  # the family's counts
            "field": [{**card_dict(c), "cores": c.cores, "soul_core": pl.soul == c.uid,
                       "state": str(c.pose).replace(" ", "_").replace("heavy_exhausted", "heavy_exhausted"),
                       "level": E.level(state, who, c), "bp": E.bp(state, c.uid)} for c in pl.field],
            "hand_cards": [card_dict(c) for c in pl.hand],
            "trash_cards": [card_dict(c) for c in pl.trash],
            "removed_cards": [card_dict(c) for c in pl.removed],
        }
    b = state.battle
    return {
        "turn": {"number": state.turn, "player": state.player, "step": str(state.step), "first_turn": state.first_turn,
                 "once_per_turn_used": [list(x) for x in state.once_used]},
        "players": players,
        "battle": None if b is None else {"attacker": b.attacker, "blocker": b.blocker, "stage": str(b.stage),
                                          "to_act": b.to_act},
        "continuous": [{"controller": a.controller, "source": a.source, "kind": a.kind, "value": a.value,
                        "targets": list(a.targets), "duration": a.duration} for a in state.continuous],
    }
