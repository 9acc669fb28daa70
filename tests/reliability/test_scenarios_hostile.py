"""The scenario parser and engine under mutated, enormous and pathological scenarios."""

from __future__ import annotations

import os
import re
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app.errors import Busy, JudgeError, ScenarioError
from judge_app.rules import load_library
from judge_app.scenario.check import check_text

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "scenarios" / "bss").glob("*.scn"))
SOURCES = [p.read_text(encoding="utf-8") for p in GOLDEN]
EXAMPLES = 1500 if os.environ.get("HYPOTHESIS_PROFILE") == "long" else 120
TOKEN = re.compile(r'"[^"\n]*"|\S+')


def _tokens(src: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in TOKEN.finditer(src)]


@st.composite
def mutated(draw) -> str:
    src = draw(st.sampled_from(SOURCES))
    spans = _tokens(src)
    for _ in range(draw(st.integers(1, 4))):
        spans = _tokens(src)
        if not spans:
            break
        i = draw(st.integers(0, len(spans) - 1))
        a, b = spans[i]
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "enormous", "garble"]))
        if op == "delete":
            src = src[:a] + src[b:]
        elif op == "duplicate":
            src = src[:b] + " " + src[a:b] + src[b:]
        elif op == "swap":
            j = draw(st.integers(0, len(spans) - 1))
            c, d = spans[j]
            if (a, b) != (c, d):
                (a, b), (c, d) = sorted([(a, b), (c, d)])
                src = src[:a] + src[c:d] + src[b:c] + src[a:b] + src[d:]
        elif op == "enormous":
            piece = src[a:b]
            big = "9" * draw(st.integers(10, 400)) if piece.isdigit() else piece * draw(st.integers(2, 300))
            src = src[:a] + big + src[b:]
        else:
            src = src[:a] + draw(st.text(max_size=8)) + src[b:]
    return src


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(src=mutated())
def test_mutated_scenarios_answer_or_explain(src):
    bss = load_library().document("bss")
    try:
        res = check_text(src, max_steps=2000, time_budget=2.0)
    except ScenarioError as e:
        assert e.status == 400 and e.message
        if e.line is not None:
            assert 1 <= e.line <= src.count("\n") + 1
        return
    except JudgeError as e:  # e.g. input too large
        assert 400 <= e.status < 500 and e.message
        return
    d = res.to_dict()
    assert d["verdict"]["kind"] in ("win", "draw", "ongoing", "needs_choice", "undetermined")
    assert all(rid in bss for rid in d["cited"])
    assert check_text(src, max_steps=2000, time_budget=2.0).to_dict()["steps"] == d["steps"]  # deterministic


@settings(max_examples=max(40, EXAMPLES // 3), deadline=None)
@given(src=st.text(max_size=400))
def test_random_text_is_a_clear_error(src):
    try:
        check_text(src)
    except JudgeError as e:
        assert 400 <= e.status < 500 and e.message


def _many_cards(n: int) -> str:
    lines = ["game bss", "turn 5, A, main step", "A: life 5, reserve 2, deck 20, hand 3",
             "B: life 5, reserve 2, deck 20, hand 3"]
    for k in range(n):
        who = "A" if k % 2 == 0 else "B"
        lines.append(f'{who} field: spirit "Spirit {k}" red, cost 1, LV1 1 core 1000 BP, symbol red, 1 core')
    lines.append("A ends the main step")
    return "\n".join(lines) + "\n"


def test_a_thousand_cards_ends_with_a_verdict_in_bounded_memory():
    tracemalloc.start()
    t0 = time.monotonic()
    try:
        res = check_text(_many_cards(1000), max_steps=5000, time_budget=2.0)
        verdict = res.to_dict()["verdict"]["kind"]
    except JudgeError as e:  # a clear refusal is also a bounded answer
        verdict = e.code
    elapsed = time.monotonic() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert verdict in ("ongoing", "undetermined", "needs_choice", "win", "draw", "too_large", "scenario_error")
    assert peak < 300 * 1024 * 1024
    assert elapsed < 60  # a generous bound on a shared machine: the point is that it ends


def test_budgets_end_long_replays_with_an_undetermined_verdict():
    res = check_text(_many_cards(200), max_steps=1, time_budget=2.0).to_dict()
    assert res["verdict"]["kind"] == "undetermined" and "step" in res["verdict"]["reason"]
    # the wall clock is a safety net only: "busy, try again" (503), never a verdict (issue 19)
    with pytest.raises(Busy):
        check_text(_many_cards(200), max_steps=100000, time_budget=0.0005)


@pytest.mark.parametrize("path", [p for p in GOLDEN if "loop" in p.name], ids=lambda p: p.stem)
def test_loops_end_with_a_verdict(path):
    res = check_text(path.read_text(encoding="utf-8")).to_dict()
    assert res["verdict"]["kind"] in ("draw", "ongoing", "needs_choice", "win")
    assert "12-1-1" in res["cited"] or any(c.startswith("12-1-1") for c in res["cited"])
