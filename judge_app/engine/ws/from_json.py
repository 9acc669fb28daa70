"""Neutral JSON (../shared/scenarios-dev.md, game "ws") -> a WS scenario; facts the language cannot state stay as
`# not asserted:` comments (counted)."""

from __future__ import annotations

import json
from typing import Any

from judge_app.engine.ws.state import POSITIONS

COUNT_KEYS = ("deck", "hand", "clock", "level", "stock", "waiting_room", "refresh_point")
LISTS = {"hand_cards": "hand", "clock_cards": "clock", "level_cards": "level", "waiting_room_cards": "waiting_room",
         "stock_cards": "stock", "memory_cards": "memory"}


def _q(s: object) -> str:
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _card(c: dict, *, on_stage: bool = False) -> str:
    name = c.get("id") or c["name"]
    kind = c.get("kind", "character")
    parts = [f"{kind} {_q(name)}" + (f" {c['color']}" if c.get("color") else "")]
    if kind != "climax":
        parts += [f"level {int(c.get('level', 0))}", f"cost {int(c.get('cost', 0))}"]
    if kind == "character":
        parts += [f"{int(c.get('power', 0))} power", f"soul {int(c.get('soul', 0))}"]
    if c.get("triggers"):
        parts.append("trigger " + " ".join(c["triggers"]))
    if on_stage and c.get("state") in ("rest", "reverse"):
        parts.append(c["state"])
    parts += [f"effect {_q(e)}" for e in c.get("effects", [])]
    return ", ".join(parts)


BARE = {"yes", "no", "pay", "decline", "none", "unnamed"}


def _value(v) -> str:
    """A choice's value: a card in quotes; a stage position, yes/no and the like as bare words."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str) and (v in POSITIONS or v.lower() in BARE):
        return v if v in POSITIONS else v.lower()
    return _q(v)


def _words(v) -> str:
    return " ".join(_q(x) for x in v) if isinstance(v, list) else _q(v)


def _action(a: dict) -> str:
    p, do = a.get("player"), a["do"]
    if do == "proceed_to":
        return f"proceed to {a['turn_player']} {a['phase']} phase"
    if do == "attack":
        return f"{p} attacks with {_q(a['with'])}" + (f", {a['type']} attack" if a.get("type") else "")
    if do == "pass":
        return f"{p} passes"
    if do == "clock":
        return f"{p} clocks {_q(a['card'])}" if a.get("card") else f"{p} does not clock"
    if do == "play_character":
        return f"{p} plays {_q(a['card'])} on {a['position']}"
    if do in ("play_event", "play_climax"):
        tg = ", ".join(_q(x) for x in a.get("targets", []) or [])
        return f"{p} plays {_q(a['card'])}" + (f", on {tg}" if tg else "")
    if do == "activate":
        tg = ", ".join(_q(x) for x in a.get("targets", []))
        return f"{p} uses {_q(a['card'])} {str(a.get('ability', '')).lower()}".rstrip() + (f", on {tg}" if tg else "")
    if do == "encore":
        return f"{p} encores {_q(a['card'])}" if a.get("pay_cost") else f"{p} declines encore of {_q(a['card'])}"
    if do == "choose":
        v = a["value"]
        return f"{p} chooses " + ", ".join(_value(x) for x in (v if isinstance(v, list) else [v]))
    raise ValueError(f"unknown ws action {do!r}")


def _fact(key: str, value, actions: list[dict]) -> str | None:
    if key == "winner":
        return "expect no winner" if value is None else ("expect draw" if value == "draw" else f"expect winner {value}")
    if key == "rejected":
        return None  # written on the actions
    if key == "damage_canceled":
        return "expect damage cancelled" if value else "expect damage not cancelled"
    if key == "attack_type":
        return f"expect {value} attack"
    if key == "step_after_attack" and value in ("counter", "damage"):
        return "expect counter step" if value == "counter" else "expect no counter step"
    if key in ("triggered", "not_triggered") and isinstance(value, list):
        word = "triggered" if key == "triggered" else "not triggered"
        return "\n".join(f"expect {_q(str(c).split(':', 1)[0].strip())} {word}" for c in value)
    if key == "resolution_order" and isinstance(value, list) and value:
        return "expect resolution order " + ", ".join(_q(str(c).split(':', 1)[0].strip()) for c in value)
    if key == "blocked" or key == "countered":
        return None
    if key == "survives":
        return "\n".join(f"expect {_q(c)} on stage" for c in value)
    if "." in key:
        subj, prop = key.split(".", 1)
        if subj in ("A", "B") and prop in COUNT_KEYS:
            return f"expect {subj} {prop.replace('_', ' ')} {value}"
        if prop == "zone":
            where = value.split(".", 1)[1] if isinstance(value, str) and value[:2] in ("A.", "B.") else value
            return f"expect {_q(subj)} " + (f"on {where}" if where in POSITIONS else f"in {str(where).replace('_', ' ')}")
        if prop in ("power", "soul"):
            return f"expect {_q(subj)} {prop} {value}"
        if prop == "state":
            return f"expect {_q(subj)} {value}"
    return None


def _player_lines(p: str, pl: dict[str, Any]) -> list[str]:
    """One player's counts and described cards: stage, climax area, the listed zones, the top of the deck."""
    counts = ", ".join(f"{k.replace('_', ' ')} {int(pl[k])}" for k in COUNT_KEYS if k in pl)
    lines = [f"{p}: {counts}"]
    stage = pl.get("stage") or {}
    lines += [f"{p} {pos}: {_card(stage[pos], on_stage=True)}" for pos in POSITIONS if stage.get(pos)]
    if pl.get("climax_area"):
        lines.append(f"{p} climax: {_card(pl['climax_area'])}")
    lines += [f"{p} {area}: {_card(c)}" for key, area in LISTS.items() for c in pl.get(key, []) or []]
    lines += [f"{p} deck: {_card(c)}" for c in pl.get("deck_top", []) or []]
    return lines


def _setup_notes(setup: dict[str, Any]) -> list[str]:
    """What the setup says that the scenario cannot assert: kept as comments (each one counts as missing)."""
    out = [f"# not asserted (note): {json.dumps(setup['notes'], ensure_ascii=False)}"] if setup.get("notes") else []
    if setup.get("active_effects"):
        out.append(f"# not asserted (active effects): {json.dumps(setup['active_effects'], ensure_ascii=False)}")
    return out


def _fact_line(k: str, v: object, actions: list[Any]) -> tuple[str, int]:
    """An expected fact as an `expect` line, or as a comment when the language cannot say it (-> line, missing)."""
    f = _fact(k, v, actions)
    return (f, 0) if f else (f"# not asserted: {k} = {json.dumps(v)}", 1)


def _action_lines(d: dict[str, Any]) -> tuple[list[str], int]:
    """Each action, then what is expected right after it (rejected, facts)."""
    rejected = set(d.get("expected", {}).get("rejected", []))
    checks = {c["after"]: c["facts"] for c in d.get("expected", {}).get("checks", [])}
    lines: list[str] = []
    missing = 0
    for i, a in enumerate(d.get("actions", [])):
        lines.append(_action(a))
        if i in rejected:
            lines.append("expect rejected")
        for k, v in checks.get(i, {}).items():
            line, miss = _fact_line(k, v, d["actions"])
            lines.append(line)
            missing += miss
    return lines, missing


def _expected_lines(d: dict[str, Any]) -> tuple[list[str], int]:
    """The expected outcome at the end: rejections, facts, cited rules."""
    exp = d.get("expected", {})
    lines = [f"expect rejections {len(exp['rejected'])}"] if "rejected" in exp else []
    missing = 0
    for k, v in exp.items():
        if k == "checks":
            continue
        f = _fact(k, v, d.get("actions", []))
        if f:
            lines.append(f)
        elif k != "rejected":
            lines.append(f"# not asserted: {k} = {json.dumps(v)}")
            missing += 1
    if d.get("cites"):
        lines.append("expect cited " + ", ".join(d["cites"]))
    return lines, missing


def import_json(d: dict[str, Any]) -> tuple[str, int]:
    setup = d["setup"]
    # The neutral form lists only the cards that matter, and players decline options the list does not mention.
    lines = [f"# {d.get('sid', '')}: {d.get('title', '')}".rstrip(), "game ws",
             "assume unmentioned options are declined", "assume undescribed cards do not matter"]
    turn = f"turn {int(setup.get('turn_number', 1))}, {setup['turn_player']}, {setup['phase']} phase"
    # s13 heads: the stage cards played from the hand this turn (`"X" placed from hand`, OnStage.from_hand)
    placed = [c.get("id") or c["name"] for p in ("A", "B") for c in (setup["players"][p].get("stage") or {}).values()
              if c and c.get("placed_from_hand")]
    lines.append(turn + (", first turn" if setup.get("first_turn") else "") + "".join(f", {_q(n)} placed from hand"
                                                                                    for n in placed))
    for p in ("A", "B"):
        lines += _player_lines(p, setup["players"][p])
    notes = _setup_notes(setup)
    actions, missing_a = _action_lines(d)
    expected, missing_e = _expected_lines(d)
    lines += notes + actions + expected
    if d.get("why"):
        lines.append(f"# why: {d['why']}")
    return "\n".join(lines) + "\n", len(notes) + missing_a + missing_e
