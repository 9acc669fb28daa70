"""The neutral JSON form of a monster scenario (../shared/scenarios-dev.md) -> the scenario language.

Facts the language cannot state stay in the file as `# not asserted:` comments and are counted.
"""

from __future__ import annotations

import json

from judge_app.engine.monster.state import PLAYERS, other


def _q(s: object) -> str:
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


_CARD_KEYS = {"name", "id", "type", "rank", "traits", "threat_level", "counter_power", "invasion_icon", "color",
              "effects", "status", "placed_this_turn"}
_PLAYER_KEYS = {"monster", "monster_deck", "hand", "deck", "discard", "hand_cards", "discard_cards", "zones",
                "strategy_zones"}


def _card(c: dict, kind_default: str) -> str:
    unknown = set(c) - _CARD_KEYS
    if unknown:  # nothing is dropped silently: a fact the board cannot state fails the import
        raise ValueError(f"card {c.get('name')!r}: cannot state {', '.join(sorted(unknown))}")
    kind = c.get("type", kind_default)
    parts = [f"{kind} {_q(c.get('id') or c['name'])}"]
    if c.get("rank") is not None:
        parts.append(f"rank {c['rank']}")
    if c.get("traits"):
        parts.append("trait " + " ".join(_q(t) if " " in t else t for t in c["traits"]))
    if c.get("threat_level") is not None:
        parts.append(f"threat {c['threat_level']}")
    if c.get("counter_power") is not None:
        parts.append(f"counter {c['counter_power']}")
    if c.get("invasion_icon") is not None:
        parts.append(f"icon {c['invasion_icon']}")
    colors = c.get("color") or []
    parts += [colors] if isinstance(colors, str) else list(colors)
    parts += [f"text {_q(e)}" for e in c.get("effects") or []]
    if c.get("placed_this_turn"):
        parts.append("placed this turn")
    if c.get("status") == "cannot engage":
        parts.append("cannot engage")
    elif c.get("status"):
        raise ValueError(f"unknown status {c['status']!r}")
    return ", ".join(parts)


def _board(setup: dict) -> list[str]:
    tp = setup.get("turn_player", "A")
    out = [f"turn {setup.get('turn_number', 1)}, {tp}, {setup.get('phase', 'main')} phase"]
    for who in PLAYERS:
        p = setup["players"][who]
        unknown = set(p) - _PLAYER_KEYS
        if unknown:
            raise ValueError(f"player {who}: cannot state {', '.join(sorted(unknown))}")
        m = p.get("monster", {})
        out.append(f"{who}: hand {p.get('hand', 0)}, deck {p.get('deck', 0)}, discard {p.get('discard', 0)}, "
                   f"rage {m.get('rage', 0)}, monster zone {m.get('zone', 1)}")
        out += [f"{who} monster: {_card(c, 'monster')}" for c in m.get("stack", [])]
        out += [f"{who} monster_deck: {_card(c, 'monster')}" for c in p.get("monster_deck", [])]
        out += [f"{who} hand: {_card(c, 'battle')}" for c in p.get("hand_cards", [])]
        out += [f"{who} field: {_card(c, 'battle')}, zone {int(z)}" for z, c in sorted(
            (p.get("zones") or {}).items(), key=lambda kv: int(kv[0]))]
        out += [f"{who} strategy: {_card(c, 'strategy')}" for c in p.get("strategy_zones", [])]
        out += [f"{who} discard: {_card(c, 'battle')}" for c in p.get("discard_cards", [])]
    return out


_NEXT = {"resolve_start_phase": "main", "resolve_counter_phase": "end"}


def _action(a: dict, tp: str) -> tuple[str, str]:
    """(line, turn player after it)."""
    do, who = a.get("do"), a.get("player")
    if do == "play_battle":
        return f"{who} plays {_q(a['card'])} to zone {int(a['zone'])}", tp
    if do in ("play_monster", "play_strategy", "activate_strategy"):
        return f"{who} plays {_q(a['card'])}" + (" with burst" if a.get("burst") else ""), tp
    if do == "invade":
        return f"{who} invades discarding {_q(a['discard'])}", tp
    if do == "gain_rage":
        return f"{who} gains rage discarding {_q(a['discard'])}", tp
    if do == "choose":
        v = a["value"]
        vals = v if isinstance(v, list) else [v]
        return f"{who} chooses " + ", ".join(_q(x) for x in vals), tp
    if do in _NEXT:
        return f"proceed to {tp} {_NEXT[do]} phase", tp
    if do == "resolve_end_phase":
        return f"proceed to {other(tp)} start phase", other(tp)
    if do == "proceed_to":
        p = a["turn_player"]
        return f"proceed to {p} {a.get('phase') or a.get('step')} phase", p
    if do == "pass":
        return f"{who} passes", tp
    if do == "concede":
        return f"{who} concedes", tp
    raise ValueError(f"unknown monster action {do!r}")


def _facts(facts: dict, cites: list | None = None) -> tuple[list[str], list[str]]:
    """(expect lines, not asserted comments)."""
    out, skip = [], []
    for k, v in facts.items():
        if k == "winner":
            out.append("expect no winner" if v is None else ("expect draw" if v == "draw" else f"expect winner {v}"))
        elif k == "victory_type":
            out.append(f"expect victory {v}")
        elif k == "countered":
            out.append("expect countered" if v else "expect not countered")
        elif k == "destroyed":
            out += [f"expect {_q(c)} destroyed" for c in v]
        elif k == "survives":
            out += [f"expect {_q(c)} not destroyed, {_q(c)} on field" for c in v]
        elif k in ("triggered", "not_triggered"):
            word = "triggered" if k == "triggered" else "not triggered"
            out += [f"expect {_q(c.split(':')[0])} {word}" for c in v]
            skip += [f"{k} label: {json.dumps(c)}" for c in v if ":" in c]
        elif k == "resolution_order" and v:
            out.append("expect resolution order " + ", ".join(_q(c) for c in v))
        elif "." in k and k.split(".")[0] in PLAYERS:
            who, item = k.split(".", 1)
            said = {"hand": "hand", "deck": "deck", "discard": "discard", "rage": "rage", "threat_level": "threat",
                    "counter_power": "counter power", "monster.zone": "monster zone", "monster.rank": "monster rank",
                    "monster.top": "monster top"}.get(item)
            if said is None:
                skip.append(f"{k}: {json.dumps(v)}")
            else:
                out.append(f"expect {who} {said} {_q(v) if item == 'monster.top' else v}")
        elif k.endswith(".zone"):
            card = k[:-5]
            if isinstance(v, str) and "." in v:
                who, z = v.split(".", 1)
                out.append(f"expect {_q(card)} in {who} zone {int(z)}")
            elif v == "field":
                out.append(f"expect {_q(card)} on field")
            else:
                out.append(f"expect {_q(card)} in {str(v).replace('_', ' ')}")
        elif k in ("rejected", "checks"):
            continue  # placed beside the actions
        else:
            skip.append(f"{k}: {json.dumps(v)}")
    return out, skip


def import_json(d: dict) -> tuple[str, int]:
    setup = d["setup"]
    if setup.get("active_effects"):
        raise ValueError("active_effects cannot be stated on a monster board yet")
    lines = [f"# {d.get('sid', '')}: {d.get('title', '')}".rstrip(), "game monster", "rules 1.2"]
    lines += [f"# note: {n}" for n in (setup.get("notes") or [])]
    lines.append("assume unmentioned options are declined")  # the neutral form's convention
    lines += _board(setup)
    expected = d.get("expected", {})
    rejected = set(expected.get("rejected") or [])
    says_rejected = "rejected" in expected
    checks = {c["after"]: c["facts"] for c in expected.get("checks", [])}
    tp = setup.get("turn_player", "A")
    skipped: list[str] = []
    for i, a in enumerate(d.get("actions", [])):
        line, tp = _action(a, tp)
        lines.append(line)
        if says_rejected:
            lines.append("expect rejected" if i in rejected else "expect accepted")
        if i in checks:
            more, skip = _facts(checks[i])
            lines += more
            skipped += skip
    more, skip = _facts(expected)
    lines += more
    skipped += skip
    if says_rejected:
        lines.append(f"expect rejections {len(rejected)}")
    if d.get("cites"):
        lines.append("expect cited " + ", ".join(d["cites"]))
    lines += [f"# not asserted: {s}" for s in skipped]
    return "\n".join(lines) + "\n", len(skipped)
