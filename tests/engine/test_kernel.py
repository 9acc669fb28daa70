"""The game-independent kernel: rule-check loop, loop detection, budgets, registry."""

from __future__ import annotations

import pytest

from judge_app.engine.core import Budget, EventLog, Undetermined, VerdictKind, run_checks
from judge_app.engine.games import get_game
from judge_app.errors import Busy
from judge_app.scenario import check_text


def test_checks_run_until_nothing_changes() -> None:
    log = EventLog()

    def halve(n: int, lg: EventLog) -> int:
        if n > 1:
            lg.add("halve", f"{n} -> {n // 2}", ())
            return n // 2
        return n

    assert run_checks(64, [halve], log) == 1
    assert len(log) == 6


def test_repeated_state_is_a_loop_not_a_hang() -> None:
    def flip(n: int, _lg: EventLog) -> int:
        return 1 - n

    with pytest.raises(Undetermined, match="loop"):
        run_checks(0, [flip], EventLog())


def test_pass_cap() -> None:
    def grow(n: int, _lg: EventLog) -> int:
        return n + 1

    with pytest.raises(Undetermined, match="did not settle"):
        run_checks(0, [grow], EventLog(), cap=10)


def test_step_budget() -> None:
    log = EventLog()
    b = Budget(max_steps=2)
    log.on_append = lambda _e: b.tick(log)
    log.add("a", "a")
    log.add("b", "b")
    with pytest.raises(Undetermined, match="step budget"):
        log.add("c", "c")


SCN = """game bss
turn 3, A, main step
A: life 5, reserve 3, deck 20, hand 4
B: life 5, reserve 3, deck 20, hand 4
proceed to B main step
"""


def test_check_text_step_budget_gives_undetermined() -> None:
    r = check_text(SCN, max_steps=3)
    assert r.verdict.kind is VerdictKind.UNDETERMINED
    assert "step budget" in r.verdict.reason


def test_check_text_time_budget_is_busy_not_a_verdict() -> None:
    # the wall clock is only a safety net (issue 19): "busy, try again", never another verdict
    with pytest.raises(Busy):
        check_text(SCN, time_budget=0.0)


def test_registry() -> None:
    g = get_game("bss")
    assert g is not None and g.key == "bss" and g.rules_version == "1.7.0"
    assert get_game("nope") is None
