"""The neutral-JSON translator: every bss dev scenario translates into a scenario that passes, with
its expected facts and cited rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge_app.scenario import check_text
from judge_app.scenario.from_json import convert

DEV = Path(__file__).resolve().parents[3] / "shared" / "scenarios-dev.jsonl"
ROWS = [json.loads(x) for x in DEV.read_text(encoding="utf-8").splitlines() if x.strip()] if DEV.exists() else []
BSS = [d for d in ROWS if d["game"] == "bss"]


@pytest.mark.skipif(not BSS, reason="../shared/scenarios-dev.jsonl not present")
@pytest.mark.parametrize("d", BSS, ids=lambda d: d["sid"])
def test_translated_dev_scenario(d: dict) -> None:
    src = convert(d)
    r = check_text(src)
    assert r.ok, ([e for e in r.expectations if not e.ok], src)
    assert set(d["cites"]) <= set(r.cited)


def test_convert_minimal() -> None:
    d = {"sid": "x", "game": "bss", "setup": {
        "turn_player": "A", "step": "attack", "turn_number": 4, "players": {
            "A": {"life": 5, "reserve": 0, "deck": 9, "hand": 1, "field": [
                {"name": "R", "type": "spirit", "color": ["red"], "cost": 1, "reduction": [],
                 "levels": [{"lv": 1, "cores": 1, "bp": 1000}], "symbols": ["red", "red"], "cores": 1,
                 "state": "refreshed", "effects": []}]},
            "B": {"life": 2, "reserve": 0, "deck": 9}}},
         "actions": [{"player": "A", "do": "attack", "with": "R"}, {"player": "B", "do": "pass"},
                     {"player": "A", "do": "pass"}, {"player": "B", "do": "no_block"}],
         "expected": {"winner": "A", "B.life": 0, "R.state": "exhausted"}, "cites": ["9-2-3"]}
    r = check_text(convert(d))
    assert r.ok and r.verdict.winner == "A"
