"""The cyclic collector is paused for one check and resumed after it (judge_app/scenario/collector.py): memory stays
bounded, cyclic garbage is still collected, and a check's own objects hold no cycles."""

from __future__ import annotations

import gc
import threading
import weakref
from pathlib import Path

import pytest

from judge_app.scenario import check_text
from judge_app.scenario.collector import paused
from judge_app.scenario.syntax import clear_caches

ROOT = Path(__file__).resolve().parents[2]
FULL_TURN = (ROOT / "tests" / "scenarios" / "ws" / "full-turn.scn").read_text(encoding="utf-8")


class _Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_paused_inside_resumed_after_nested_and_on_errors(collector_on):
    with paused():
        assert not gc.isenabled()
        with paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer check still runs
    assert gc.isenabled()
    with pytest.raises(ValueError), paused():
        raise ValueError
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_program_stays_off():
    was = gc.isenabled()
    gc.disable()
    try:
        with paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_the_check_runs_with_the_collector_paused(collector_on, monkeypatch):
    from judge_app.scenario import check as check_module

    seen = []
    real = check_module.parse

    def parse(source):
        seen.append(gc.isenabled())
        return real(source)

    monkeypatch.setattr(check_module, "parse", parse)
    assert check_text(FULL_TURN).ok
    assert seen == [False] and gc.isenabled()


def test_cyclic_garbage_made_during_a_check_is_collected_after_it(collector_on):
    with paused():
        ref = weakref.ref(_Cycle())
        check_text(FULL_TURN)
    assert ref() is not None  # no collection ran inside
    for _ in range(50):  # the collector's own thresholds start the collection; nothing calls gc.collect here
        [[] for _ in range(1000)]
        if ref() is None:
            break
    assert ref() is None


def test_a_check_leaves_no_cyclic_garbage(collector_on):
    check_text(FULL_TURN)
    gc.collect()
    gc.disable()
    try:
        for _ in range(3):
            clear_caches()
            check_text(FULL_TURN)
        assert gc.collect() == 0  # the log and its budget hook are parted: all freed by reference counting
    finally:
        gc.enable()


def test_many_checks_in_a_row_keep_nothing_of_earlier_checks(collector_on):
    """The caches are bounded by their own sizes (their sawtooth is the same as before the pause); what a check
    makes for its answer (the log's events, the states) is freed when the answer is dropped, with no collection."""
    from judge_app.engine.core import Event
    from judge_app.engine.ws.state import State

    gc.collect()
    for _ in range(60):
        clear_caches()
        check_text(FULL_TURN)
    live = [o for o in gc.get_objects() if type(o) is Event]
    assert live == []
    states = sum(1 for o in gc.get_objects() if type(o) is State)
    # the boards the dialect keeps (`_BOARDS`, 64) and an empty board: no replay's other states (the check timing
    # notes what it found settled on the states themselves)
    assert states <= 64 + 1


def test_overlapping_checks_on_threads_resume_the_collector_once_all_end(collector_on):
    inside = threading.Event()
    release = threading.Event()

    def long_check():
        with paused():
            inside.set()
            release.wait(10)

    t = threading.Thread(target=long_check)
    t.start()
    inside.wait(10)
    try:
        check_text(FULL_TURN)
        assert not gc.isenabled()  # the other check still runs
    finally:
        release.set()
        t.join(10)
    assert gc.isenabled()
