"""Issue 19, finding 3: the checker's work is bounded by counts, so the verdict never depends on
the machine's load; the wall clock only answers "busy, try again" (503)."""

from __future__ import annotations

import time

import pytest

from judge_app.errors import Busy, ScenarioError
from judge_app.scenario.check import check_text
from judge_app.scenario.syntax import MAX_BYTES, MAX_CARDS


def _long_game(cards: int, rounds: int) -> str:
    lines = ["game bss", "turn 3, A, main step", "A: life 5, reserve 3, deck 40, hand 4", "B: life 5, reserve 3, deck 40, hand 4"]
    lines += [f'{"AB"[k % 2]} field: spirit "S{k}" red, cost 1, LV1 1 core 1000 BP, symbol red, 1 core' for k in range(cards)]
    for _ in range(rounds):
        lines += ["proceed to B main step", "proceed to A main step"]
    return "\n".join(lines) + "\n"


class _FastClock:
    """time.perf_counter on a machine `factor` times slower (or as busy)."""

    def __init__(self, factor: float):
        self.real = time.perf_counter
        self.t0 = self.real()
        self.factor = factor

    def __call__(self) -> float:
        return self.t0 + (self.real() - self.t0) * self.factor


@pytest.mark.parametrize("cards,rounds", [(250, 30), (10, 400)])
def test_finding_3_same_verdict_whatever_the_load(monkeypatch, cards, rounds):
    src = _long_game(cards, rounds)
    quiet = check_text(src, max_steps=5000, time_budget=300).to_dict()  # the reference: no safety net
    monkeypatch.setattr(time, "perf_counter", _FastClock(40.0))
    try:
        busy = check_text(src, max_steps=5000, time_budget=2.0).to_dict()
    except Busy as e:  # the safety net: "try again", never another verdict
        assert e.status == 503 and e.retry_after >= 1
        return
    assert busy == quiet


def test_work_budget_is_deterministic_and_named():
    src = _long_game(250, 60)
    a = check_text(src, max_steps=100_000, max_work=20_000).to_dict()
    b = check_text(src, max_steps=100_000, max_work=20_000).to_dict()
    assert a == b
    assert a["verdict"]["kind"] == "undetermined" and "work budget" in a["verdict"]["reason"]


def test_sandbox_work_counts_toward_the_budget():
    """Work done in a game's private simulations (choice orders) is charged too: a budget too small
    for the scenario's simulations ends it as undetermined, never with a guess from a cut-short one."""
    src = _long_game(40, 5)
    full = check_text(src).to_dict()
    assert full["verdict"]["kind"] != "undetermined"
    cut = check_text(src, max_work=200).to_dict()
    assert cut["verdict"]["kind"] == "undetermined" and "work budget" in cut["verdict"]["reason"]


def test_size_limits_come_before_parsing():
    t = time.perf_counter()
    with pytest.raises(ScenarioError, match="too many cards"):
        check_text(_long_game(MAX_CARDS + 1, 0))
    with pytest.raises(ScenarioError, match="too long"):
        check_text("game bss\n" + "#\n" * 3000)
    with pytest.raises(ScenarioError, match="line too long"):
        check_text("game bss\n# " + "x" * 5000 + "\n")
    with pytest.raises(ScenarioError, match="too large"):
        check_text("game bss\n" + ("# " + "x" * 1000 + "\n") * (MAX_BYTES // 1000 + 1))
    assert time.perf_counter() - t < 1.0  # none of these reached the parser


def test_largest_accepted_scenario_ends_quickly():
    """MAX_CARDS cards played for many turns: the work budget ends it with a verdict."""
    src = _long_game(MAX_CARDS, 100)
    t = time.perf_counter()
    res = check_text(src, max_steps=5000, time_budget=60).to_dict()
    assert res["verdict"]["kind"] in ("undetermined", "win", "ongoing")
    assert time.perf_counter() - t < 20  # ~2 s on a quiet core; only unbounded work fails this
