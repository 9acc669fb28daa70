"""Translate a bss scenario from the neutral JSON form (../shared/scenarios-dev.md) into the language.

The bss importer of `judge import-scenarios` (judge_app.scenario.from_json).

Facts the language cannot state are kept as `# not asserted:` comments, so nothing is dropped silently.
Every translation carries `assume unmentioned options are declined` (the neutral form's convention);
`active_effects` become `A active:` lines; choices (`choose`, `order_effects`, `apply_substitution`,
`raid`, `link`) become `chooses` lines after the action they answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from judge_app.engine.bss.dialect import _q

_COUNTERS = {"life": "life", "reserve": "reserve", "trash_cores": "trash cores", "deck": "deck",
             "hand": "hand", "trash": "trash"}
_ZONES = {"field": "on field", "hand": "in hand", "trash": "in trash", "removed": "removed"}


def _card(c: dict, area: str) -> str:
    kind = "token spirit" if c.get("type") == "token_spirit" else c.get("type", "spirit")
    head = f"{kind} {_q(c.get('id') or c['name'])}" + "".join(f" {x}" for x in c.get("color", []))
    parts = [head]
    if c.get("cost"):
        parts.append(f"cost {c['cost']}")
    if c.get("reduction"):
        parts.append("reduction " + " ".join(c["reduction"]))
    for lv in c.get("levels", []):
        s = f"LV{lv['lv']} {lv['cores']} core{'s' * (lv['cores'] != 1)}"
        if lv.get("bp") is not None:
            s += f" {lv['bp']} BP"
        parts.append(s)
    if "symbols" in c:
        parts.append(("symbols " + " ".join(c["symbols"])) if c["symbols"] else "no symbols")
    if c.get("family"):  # 2-5: spirit types, as the JSON answer writes them (serialize.card_dict)
        parts.append("family " + " ".join(_q(f) for f in c["family"]))
    if area == "field":
        parts.append(f"{c.get('cores', 0)} core{'s' * (c.get('cores', 0) != 1)}")
        if c.get("soul_core"):
            parts.append("soul core")
        if c.get("state") == "exhausted":
            parts.append("exhausted")
    parts += [f"effect {_q(e)}" for e in c.get("effects", [])]
    return ", ".join(parts)


def player_lines(setup: dict, card: Callable[[dict, str], str], lines: list[str]) -> dict[str, str]:
    """Append each player's counters and cards (field, hand, trash) to `lines`; card name -> its type.

    Shared by the Battle Spirits family: `card` writes one card in the game's own words."""
    types: dict[str, str] = {}
    for who in ("A", "B"):
        pl = setup["players"][who]
        items = [f"{_COUNTERS[k]} {pl[k]}" for k in _COUNTERS if k in pl]
        if pl.get("soul_core") in ("reserve", "trash", "life", "void"):
            items.append(f"soul core in {pl['soul_core']}")
        lines.append(f"{who}: " + ", ".join(items))
        for area, key in (("field", "field"), ("hand", "hand_cards"), ("trash", "trash_cards")):
            for c in pl.get(key, []):
                types[c.get("id") or c["name"]] = c.get("type", "spirit")
                lines.append(f"{who} {area}: " + card(c, area))
    return types


def _sources(pay: dict) -> str:
    if not pay:
        return "nothing"
    return " and ".join(f"{n} from {'reserve' if src == 'reserve' else _q(src)}" for src, n in pay.items())


def _action(a: dict, types: dict[str, str]) -> str:
    write = _ACTIONS.get(a["do"])
    if write is None:
        return f"# unsupported action: {json.dumps(a)}"
    return write(a.get("player"), a, types)


def _summon(p: str | None, a: dict, types: dict[str, str]) -> str:
    verb = "places" if types.get(a["card"]) == "nexus" else "summons"
    out = f"{p} {verb} {_q(a['card'])} paying {_sources(a.get('pay', {}))}"
    if "place" in a:
        out += f", placing {_sources(a['place'])}"
    if a.get("ascend"):
        out += f", ascending {_q(a['ascend'])}"
    return out


def _use_magic(p: str | None, a: dict, _types: dict[str, str]) -> str:
    out = f"{p} uses {_q(a['card'])} paying {_sources(a.get('pay', {}))}"
    if a.get("targets"):
        out += "\n" + f"{p} chooses " + ", ".join(_q(t) for t in a["targets"])
    return out


def _move_cores(p: str | None, a: dict, _types: dict[str, str]) -> str:
    src = "reserve" if a["from"] == "reserve" else _q(a["from"])
    dst = "reserve" if a["to"] == "reserve" else _q(a["to"])
    if a.get("soul") or a.get("soul_core"):
        return f"{p} moves the soul core from {src} to {dst}"
    return f"{p} moves {a['count']} core{'s' * (a['count'] != 1)} from {src} to {dst}"


def _choose(p: str | None, a: dict, _types: dict[str, str]) -> str:
    v = a["value"]
    if isinstance(v, bool):
        return f"{p} chooses {'yes' if v else 'no'}"
    if isinstance(v, dict) and ("pay" in v or "place" in v):
        out = f"{p} chooses paying {_sources(v.get('pay', {}))}"
        return out + (f", placing {_sources(v['place'])}" if "place" in v else "")
    words = {"yes", "no", "none", "core", "soul core"}
    vals = ", ".join(x if isinstance(x, str) and x.lower() in words else _q(x) if isinstance(x, str) else str(x)
                     for x in (v if isinstance(v, list) else [v]))
    return f"{p} chooses {vals or 'none'}"


# The neutral JSON's `do` -> the action line (player, the action, the card types by name).
_ACTIONS: dict[str, Callable[[str | None, dict, dict[str, str]], str]] = {
    "proceed_to": lambda p, a, _t: f"proceed to {a['turn_player']} {a['step']} step",
    "end_step": lambda p, a, _t: f"{p} ends the step",
    "attack": lambda p, a, _t: f"{p} attacks with {_q(a['with'])}",
    "block": lambda p, a, _t: f"{p} blocks with {_q(a['with'])}",
    "no_block": lambda p, a, _t: f"{p} does not block",
    "pass": lambda p, a, _t: f"{p} passes",
    "summon": _summon, "use_magic": _use_magic, "move_cores": _move_cores, "choose": _choose,
    **dict.fromkeys(("order_effects", "apply_substitution"),
                    lambda p, a, _t: f"{p} chooses {_q(_card_ref(a.get('first') or a.get('effect')))}"),
    "raid": lambda p, a, _t: f"{p} chooses {_q(a['exhaust'])}  # 【Raid】: exhaust this nexus",
    "link": lambda p, a, _t: f"{p} chooses {_q(a['with'])}  # 【Link】 to {a['to']}",
    "activate": lambda p, a, _t: f"{p} activates {_q(a['card'])}",
    **dict.fromkeys(("activate_burst", "burst", "accept", "use_effect"), lambda p, a, _t: f"{p} chooses yes"),
    **dict.fromkeys(("decline", "decline_burst", "decline_effect"), lambda p, a, _t: f"{p} chooses no"),
    "awaken": lambda p, a, _t: f"{p} awakens {_q(a['card'])} moving {_sources(a.get('from', {}))}",
}


def _owner(setup: dict, name: str) -> str | None:
    for who in ("A", "B"):
        pl = setup["players"][who]
        for key in ("field", "hand_cards", "trash_cards"):
            if any((c.get("id") or c["name"]) == name for c in pl.get(key, [])):
                return who
    return None


def _active(eff: dict, setup: dict) -> str:
    """A continuous effect already active: `A active: "text", on "Card", from "Source"`."""
    source = eff.get("source")
    text = eff.get("text", "")
    who = eff.get("controller") or (_owner(setup, source) if source else None) or setup["turn_player"]
    targets = eff.get("targets") or ([eff["target"]] if eff.get("target") else [])
    if not targets:
        names = sorted({(c.get("id") or c["name"]) for p in ("A", "B") for c in setup["players"][p].get("field", [])},
                       key=len, reverse=True)
        for n in names:
            if text.startswith(n + " ") or text.startswith(n + "'s "):
                targets, text = [n], text[len(n):].lstrip("'s").strip()
                break
    out = f"{who} active: {_q(text)}"
    if targets:
        out += ", on " + " ".join(_q(t) for t in targets)
    if source and _owner(setup, source):
        out += f", from {_q(source)}"
    return out


def _card_ref(v: Any) -> str:
    """`"Card: effect label"` names an effect of a card; the language names the card."""
    return v.split(": ", 1)[0]


def _facts(facts: dict, skipped: list[str]) -> list[str]:
    out = []
    for key, val in facts.items():
        lines = _fact_lines(key, val)
        if lines is not None:
            out += lines
        elif key != "checks":
            skipped.append(f"{key} = {json.dumps(val)}")
    return out


_EFFECT_WORDS = {"triggered": "triggered", "not_triggered": "not triggered", "not_resolved": "not resolved",
                 "resolved": "resolved"}
_CHOOSERS = {"effect_order_chooser": "effect order chosen", "substitution_chooser": "substitution chosen",
             "loop_ender": "loop ended"}
_FATES = {"destroyed": "destroyed", "self_destroyed": "self-destroyed", "survives": "on field"}


def _fact_lines(key: str, val: Any) -> list[str] | None:
    """The expect lines of one fact, or None for a fact the language cannot state."""
    if key in _EFFECT_WORDS:
        return [f"expect {_q(_card_ref(c))} {_EFFECT_WORDS[key]}" for c in val]
    if key == "resolution_order":
        return ["expect resolution order " + ", ".join(_q(_card_ref(c)) for c in val)]
    if key == "eligible_targets":
        return ["expect targets " + (", ".join(_q(c) for c in val) if val else "none")]
    if key in _CHOOSERS:
        return [f"expect {_CHOOSERS[key]} by {val}"]
    if key == "milled":
        return [f"expect milled {val}"]
    if key == "winner":
        # `winner: null` says nobody has won at that point, not that nothing is left to decide.
        return ["expect not over" if val is None else "expect draw" if val == "draw" else f"expect winner {val}"]
    if key == "rejected":
        return ["expect no rejections"] if not val else [f"expect rejections {len(val)}"]
    if key in _FATES:
        return [f"expect {_q(c)} {_FATES[key]}" for c in val]
    if key == "blocked":
        return ["expect blocked" if val else "expect not blocked"]
    if key == "summoning_cost":
        return [f"expect summoning cost {val}"]
    if "." in key:
        subj, prop = key.rsplit(".", 1)
        line = _property_line(subj, prop, val)
        return None if line is None else [line]
    return None


def _property_line(subj: str, prop: str, val: Any) -> str | None:
    """`A.life`, `Card.zone`, `Card.bp`, …: the expect line, or None."""
    if subj in ("A", "B") and prop in _COUNTERS:
        return f"expect {subj} {_COUNTERS[prop]} {val}"
    if prop == "zone" and val in _ZONES:
        return f"expect {_q(subj)} {_ZONES[val]}"
    if prop == "state" and val in ("exhausted", "refreshed"):
        return f"expect {_q(subj)} {val}"
    if prop == "bp":
        return f"expect {_q(subj)} BP {val}"
    if prop == "level":
        return f"expect {_q(subj)} LV{val}"
    if prop == "symbols":
        return f"expect {_q(subj)} symbols {val}"
    return None


def convert(d: dict) -> str:
    """One neutral-JSON bss scenario -> scenario text."""
    setup = d["setup"]
    lines = [f"# {d.get('sid', '')} ({d.get('topic', '')}): {d.get('title', '')}".rstrip(), "game bss"]
    turn = [str(setup["turn_number"])] if setup.get("turn_number") else []
    turn += [setup["turn_player"], f"{setup['step']} step"]
    if setup.get("first_turn") and setup.get("turn_number") != 1:
        turn.append("first turn")
    lines.append("turn " + ", ".join(turn))
    # The neutral form's convention: an optional action the list does not mention is declined.
    lines.append("assume unmentioned options are declined")
    if setup.get("notes"):
        lines.append(f"# notes: {json.dumps(setup['notes'], ensure_ascii=False)}")
    types = player_lines(setup, _card, lines)
    for eff in setup.get("active_effects") or []:
        lines.append(_active(eff, setup))
    lines.append("")
    skipped: list[str] = []
    checks = {c["after"]: c["facts"] for c in d.get("expected", {}).get("checks", [])}
    rejected = set(d.get("expected", {}).get("rejected", []) or [])
    for i, a in enumerate(d.get("actions", [])):
        lines.append(_action(a, types))
        if i in rejected:
            lines.append("expect rejected")
        if i in checks:
            lines += _facts(checks[i], skipped)
    lines.append("")
    lines += _facts(d.get("expected", {}), skipped)
    if d.get("cites"):
        lines.append("expect cited " + ", ".join(d["cites"]))
    lines += [f"# not asserted: {s}" for s in skipped]
    return "\n".join(lines) + "\n"


def import_json(d: dict) -> tuple[str, int]:
    """The importer of the bss spec: (scenario text, number of facts kept as `# not asserted:` comments)."""
    text = convert(d)
    return text, sum(1 for ln in text.splitlines() if ln.startswith("# not asserted:"))
