"""Translate a bs-standard scenario from the neutral JSON form (../shared/scenarios-dev.md).

The language is Saga's with Standard's words, so Saga's translation of actions and facts is reused;
what differs is here: the game line, `heavy_exhausted` cards, `second_main`, and `depleted`.
"""

from __future__ import annotations

import json

from judge_app.engine.bs_standard.dialect import write_card
from judge_app.engine.bs_standard.state import Card, CardType, Level, Pose
from judge_app.engine.bss.from_json import _action, _facts, player_lines


def _card(c: dict, area: str) -> str:
    kind = CardType(c.get("type", "spirit"))
    card = Card(uid=c.get("id") or c["name"], type=kind, colors=tuple(c.get("color", [])), cost=c.get("cost", 0),
                reduction=tuple(c.get("reduction", [])),
                levels=tuple(Level(lv["lv"], lv["cores"], lv.get("bp")) for lv in c.get("levels", [])),
                symbols=tuple(c.get("symbols", [])), effects=tuple(c.get("effects", [])),
                families=tuple(c.get("family", [])),  # 2-6, as serialize.card_dict writes them
                cores=c.get("cores", 0) if area == "field" else 0,
                pose={"exhausted": Pose.EXHAUSTED, "heavy_exhausted": Pose.HEAVY}.get(c.get("state", ""), Pose.REFRESHED)
                if area == "field" else Pose.REFRESHED)
    text = write_card(card, area, bool(c.get("soul_core")) and area == "field")
    if "symbols" in c and not c["symbols"]:
        text = text.replace(", " + f"{card.cores} core", ", no symbols, " + f"{card.cores} core", 1) if area == "field" \
            else text + ", no symbols"
    return text


def _standard_facts(facts: dict) -> tuple[dict, list[str]]:
    """The facts only Standard has, as expect lines; the rest for Saga's translation."""
    out = [f'expect "{c}" depleted' for c in facts.pop("depleted", [])]
    # Standard has no self-destruction: a card below its Lv1 cost by its owner's own doing is Depleted (5-11-1).
    for c in facts.pop("self_destroyed", []):
        out += [f"# self_destroyed {c!r}: in Standard this is Depletion (5-11-1)", f'expect "{c}" depleted']
    for key in [k for k, v in facts.items() if k.endswith(".state") and v == "heavy_exhausted"]:
        out.append(f'expect "{key.rsplit(".", 1)[0]}" heavy exhausted')
        facts.pop(key)
    return facts, out


def convert(d: dict) -> tuple[str, int]:
    setup = d["setup"]
    lines = [f"# {d.get('sid', '')} ({d.get('topic', '')}): {d.get('title', '')}".rstrip(), "game bs-standard"]
    turn = ([str(setup["turn_number"])] if setup.get("turn_number") else []) + [setup["turn_player"],
                                                                               f"{setup['step']} step"]
    if setup.get("first_turn") and setup.get("turn_number") != 1:
        turn.append("first turn")
    lines += ["turn " + ", ".join(turn), "assume unmentioned options are declined"]
    if setup.get("notes"):
        lines.append(f"# notes: {json.dumps(setup['notes'], ensure_ascii=False)}")
    skipped: list[str] = []
    for eff in setup.get("active_effects") or []:
        skipped.append(f"active effect {json.dumps(eff, ensure_ascii=False)}")
    types = player_lines(setup, _card, lines)
    lines.append("")
    expected, extra = _standard_facts(dict(d.get("expected", {})))
    checks = {c["after"]: c["facts"] for c in expected.get("checks", [])}
    rejected = set(expected.get("rejected", []) or [])
    for i, a in enumerate(d.get("actions", [])):
        line = _action(a, types)
        if a.get("do") == "summon" and types.get(a.get("card")) == "nexus":
            line = line.replace(" places ", " deploys ", 1)
        lines.append(line)
        if i in rejected:
            lines.append("expect rejected")
        if i in checks:
            facts, more = _standard_facts(dict(checks[i]))
            lines += _facts(facts, skipped) + more
    lines.append("")
    lines += _facts(expected, skipped)
    lines += extra
    if d.get("cites"):
        lines.append("expect cited " + ", ".join(d["cites"]))
    lines += [f"# not asserted: {s}" for s in skipped]
    text = "\n".join(lines) + "\n"
    return text, len(skipped)


def import_json(d: dict) -> tuple[str, int]:
    return convert(d)
