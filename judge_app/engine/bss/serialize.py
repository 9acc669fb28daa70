"""The bss state as plain JSON data (the "state" of `judge check --json`; see docs/scenario-language.md)."""

from __future__ import annotations

from typing import Protocol

from judge_app.engine.bss.state import PLAYERS, Applied, AppliedKind, Card, Level, State


def _value(a: Applied) -> str:
    """The JSON spelling of an active directive's value: a signed number for a BP change ("+3000")."""
    return f"{a.amount:+d}" if a.kind is AppliedKind.BP_PLUS else str(a.value)


class PlayerCounts(Protocol):
    """What a player line says, in every Battle Spirits game (`A: life 5, reserve 3, …`)."""

    @property
    def life(self) -> int: ...
    @property
    def reserve(self) -> int: ...
    @property
    def trash_cores(self) -> int: ...
    @property
    def deck(self) -> int | None: ...
    @property
    def hand_count(self) -> int: ...
    @property
    def trash_count(self) -> int: ...
    @property
    def soul(self) -> str | None: ...


def counts_dict(pl: PlayerCounts) -> dict:
    """A player's counts, as every Battle Spirits game writes them."""
    return {"life": pl.life, "reserve": pl.reserve, "trash_cores": pl.trash_cores, "deck": pl.deck,
            "hand": pl.hand_count, "trash": pl.trash_count, "soul_core": pl.soul}


def levels_list(levels: tuple[Level, ...]) -> list[dict]:
    return [{"lv": lv.lv, "cores": lv.cores, **({"bp": lv.bp} if lv.bp is not None else {})} for lv in levels]


def card_dict(card: Card, soul: bool = False) -> dict:
    out: dict = {
        "name": card.uid, "type": "token_spirit" if card.token else str(card.type),
        "color": list(card.colors), "cost": card.cost, "reduction": list(card.reduction),
        "levels": levels_list(card.levels), "symbols": list(card.symbols), "effects": list(card.effects),
    }
    if card.family:  # 2-5: only when written, so that the answers of boards without spirit types stay as they were
        out["family"] = list(card.family)
    return out


def field_card_dict(card: Card, soul: bool, state: State | None = None) -> dict:
    out = card_dict(card)
    level, bp, keywords = card.level, card.bp, []
    if state is not None:  # effective values, continuous effects applied (8-8)
        import judge_app.engine.bss.view as bss_view  # `import … as`: no `_handle_fromlist` call per card

        v = bss_view.view(state, card.uid)
        if v is not None:
            level, bp, keywords = v.level, v.bp, [k.text() for k in v.keywords]
    out.update({"cores": card.cores, "soul_core": soul, "state": "exhausted" if card.exhausted else "refreshed",
                "level": level, "bp": bp, "keywords": keywords})
    return out


def state_dict(state: State) -> dict:
    players = {}
    for who in PLAYERS:
        pl = state.p(who)
        players[who] = {
            **counts_dict(pl),
            "field": [field_card_dict(c, pl.soul == c.uid, state) for c in pl.field],
            "hand_cards": [card_dict(c) for c in pl.hand],
            "trash_cards": [card_dict(c) for c in pl.trash],
            "burst_cards": [card_dict(c) for c in pl.burst],
            "removed_cards": [card_dict(c) for c in pl.removed],
        }
    b = state.battle
    return {
        "turn": {"number": state.turn, "player": state.player, "step": str(state.step),
                 "first_turn": state.first_turn, "burst_set": state.burst_set,
                 "raid_used": {u: n for u, n in state.raid_used},
                 # s12 bssonce: per-turn limited effects used this turn (engine/bss/once.py); listed only when some are
                 **({"once_used": [{"card": u, "text": t} for u, t in state.once_used]} if state.once_used else {}),
                 **({"attacked": list(state.attacks_read())} if state.attacks_read() else {})},  # s17 bss
        "players": players,
        "battle": None if b is None else {"attacker": b.attacker, "blocker": b.blocker, "stage": str(b.stage),
                                          "to_act": b.to_act, "links": [list(x) for x in b.links],
                                          "magic_used": list(b.magic),
                                          # s15 bss: listed only when an effect ends the attack step after this battle
                                          **({"ends_attack_step": b.ends_step} if b.ends_step else {})},
        "continuous": [{"controller": a.controller, "source": a.source, "kind": str(a.kind), "value": _value(a),
                        "targets": list(a.targets), "duration": a.duration} for a in state.continuous],
        # s10-bssreal2: directives set up for the end of this turn (6-8-1-1); listed only when there are some
        **({"delayed": [{"controller": a.controller, "source": a.source, "text": a.effect.text,
                                **({"on": list(a.on)} if a.on else {})} for a in state.delayed]}
           if state.delayed else {}),
    }
