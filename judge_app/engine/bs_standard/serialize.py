"""The Standard state as plain JSON data (the "state" of `judge check --json`)."""

from __future__ import annotations

from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.state import PLAYERS, Card, Player, State
from judge_app.engine.bss.serialize import counts_dict, levels_list


def card_dict(card: Card) -> dict:
    out = {"name": card.uid, "type": str(card.type), "color": list(card.colors), "cost": card.cost,
           "reduction": list(card.reduction), "levels": levels_list(card.levels), "symbols": list(card.symbols),
           "effects": list(card.effects)}
    if card.families:  # 2-6: only when written, so the answers of boards without Families stay as they were
        out["family"] = list(card.families)
    return out


_STATE_WORDS = {"refreshed": "refreshed", "exhausted": "exhausted", "heavy exhausted": "heavy_exhausted"}


def _field_dict(state: State, pl: Player, c: Card) -> dict:
    """A card on the Field: its printed values, cores, state, Lv and BP (the Lv computed once, for both)."""
    lv = c.level(pl.soul == c.uid)  # E.level
    return {**card_dict(c), "cores": c.cores, "soul_core": pl.soul == c.uid, "state": _STATE_WORDS[c.pose],
            "level": lv, "bp": E.bp_at_level(state, c, lv)}


def state_dict(state: State) -> dict:
    players = {}
    for who in PLAYERS:
        pl = state.p(who)
        players[who] = {
            **counts_dict(pl),  # the family's counts
            "field": [_field_dict(state, pl, c) for c in pl.field],
            "hand_cards": [card_dict(c) for c in pl.hand],
            "trash_cards": [card_dict(c) for c in pl.trash],
            "removed_cards": [card_dict(c) for c in pl.removed],
            # the Deck's top cards the scenario names, top first (only when it names some: other answers unchanged)
            **({"deck_top_cards": [card_dict(c) for c in pl.deck_top]} if pl.deck_top else {}),
            **({"deck_bottom_cards": [card_dict(c) for c in pl.deck_bottom]} if pl.deck_bottom else {}),
        }
    b = state.battle
    return {
        "turn": {"number": state.turn, "player": state.player, "step": str(state.step), "first_turn": state.first_turn,
                 "once_per_turn_used": [list(x) for x in state.once_used],
                 **({"first_time_passed": [list(x) for x in state.firsts]} if state.firsts else {})},
        "players": players,
        "battle": None if b is None else {"attacker": b.attacker, "blocker": b.blocker, "stage": str(b.stage),
                                          "to_act": b.to_act},
        "continuous": [{"controller": a.controller, "source": a.source, "kind": a.kind, "value": a.value,
                        "targets": list(a.targets), "duration": a.duration} for a in state.continuous],
        # 5-7-1: the cards whose last cost included the Soul Core; effects set up for the end of the turn / battle;
        # resolved "cannot be blocked by" effects (8-1-3-1): the board lines' `A active:` items (boardfx)
        "soul_paid": list(state.soul_paid),
        "delayed": [{"when": x.when, "controller": x.controller, "source": x.source, "text": x.part.text,
                     "it": list(x.it), "effect": x.effect} for x in state.delayed],
        "blocked_by": [{"controller": x.controller, "source": x.source, "targets": list(x.targets),
                        "by": x.d.by.text(), "duration": x.d.duration, "effect": x.effect} for x in state.blocked_by],
    }
