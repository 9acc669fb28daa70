"""The index freshness check runs off the request path (judge_app/search/refresh.py)."""

from __future__ import annotations

import logging
import os
import threading

import pytest

from judge_app.rules import load_library
from judge_app.search import SearchService
from judge_app.search import service as service_mod
from judge_app.search import store as store_mod
from judge_app.search.refresh import Background
from judge_app.search.store import IndexStore
from tests.search.test_store import small_rules  # noqa: F401 - a fixture


@pytest.fixture
def svc(small_rules, tmp_path):  # noqa: F811
    s = SearchService.open(load_library(small_rules), index_dir=tmp_path / "idx")
    yield s
    s.close()


def test_a_due_check_does_not_hash_on_the_request_thread(svc, monkeypatch):
    """Every few seconds one search used to hash the index's files (~2 ms) before answering. Now the
    search answers while the (here: blocked) hasher has not finished."""
    real = store_mod._checksums
    callers: list[int] = []
    release = threading.Event()

    def slow_hasher(path):
        callers.append(threading.get_ident())
        release.wait(5)  # on the request thread this would hold the search back
        return real(path)

    monkeypatch.setattr(store_mod, "_checksums", slow_hasher)
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 0.0)
    res = svc.search("rage", game="monster")
    returned_first = not release.is_set()
    release.set()
    assert svc.wait_reloaded()
    assert res.hits
    assert threading.get_ident() not in callers
    assert returned_first
    assert callers, "the check ran (on the background thread)"


def test_no_check_before_the_interval(svc, monkeypatch):
    calls = []
    monkeypatch.setattr(svc, "check_now", lambda: calls.append(1))
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 3600.0)
    svc._refresher = Background(svc.check_now)
    for _ in range(5):
        svc.search("rage", game="monster")
    assert svc.wait_reloaded() and calls == []
    svc._checked -= 3601  # the interval passed (no sleeping)
    svc.search("rage", game="monster")
    svc.search("rage", game="monster")
    assert svc.wait_reloaded() and calls == [1]  # once per interval, not once per search


def test_a_failed_rebuild_keeps_the_old_index_serving_and_is_logged(svc, tmp_path, monkeypatch, caplog):
    first = svc.reader.path
    top = svc.search("rage", game="monster").hits[0].id
    IndexStore(tmp_path / "idx").ensure(svc.library, force=True)  # a new generation appears...

    def broken(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(svc.store, "ensure", broken)  # ...and opening it fails
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 0.0)
    with caplog.at_level(logging.ERROR, logger="judge_app.search.service"):
        svc.search("rage", game="monster")
        assert svc.wait_reloaded()
    assert "could not reload the search index" in caplog.text and "disk full" in caplog.text
    assert svc.reader.path == first and svc.search("rage", game="monster").hits[0].id == top


def test_a_search_in_flight_keeps_its_view_through_a_swap(svc, tmp_path, monkeypatch):
    view = svc._view()
    IndexStore(tmp_path / "idx").ensure(svc.library, force=True)
    svc.check_now()  # the strategy is a plain method: tests call it directly
    assert svc.reader.path != view.reader.path
    assert view._search("rage", game="monster").hits  # the old reader is still open for it


def test_background_runs_asks_made_while_running_once_more_never_twice_at_once():
    started, release = threading.Event(), threading.Event()
    runs: list[int] = []
    running = []

    def job():
        running.append(1)
        assert len(running) == 1
        runs.append(1)
        started.set()
        release.wait(5)
        running.pop()

    b = Background(job)
    b.poke()
    assert started.wait(5)
    for _ in range(10):
        b.poke()  # returns at once although the job is blocked
    release.set()
    assert b.wait(5)
    assert len(runs) == 2
    b.close()
    b.poke()  # a closed one does nothing
    assert b.wait(1) and len(runs) == 2


def test_background_is_not_started_at_import_or_creation():
    before = {t.name for t in threading.enumerate()}
    b = Background(lambda: None, name="judge-test-lazy")
    assert "judge-test-lazy" not in {t.name for t in threading.enumerate()} - before
    b.poke()
    assert b.wait(5)
    b.close()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_background_works_in_a_forked_child():
    """gunicorn forks workers: the parent's thread does not exist in the child, and its condition
    may have been held by it. The child starts its own thread on its first ask."""
    ran: list[int] = []
    b = Background(lambda: ran.append(os.getpid()), name="judge-test-fork")
    b.poke()
    assert b.wait(5) and ran == [os.getpid()]
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        ok = False
        try:
            b.poke()
            ok = b.wait(5) and ran[-1] == os.getpid()
        finally:
            os.write(w, b"1" if ok else b"0")
            os._exit(0)
    os.close(w)
    got = os.read(r, 1)
    os.waitpid(pid, 0)
    os.close(r)
    b.close()
    assert got == b"1"


def test_a_service_following_the_sources_loads_them_off_the_request_thread(svc, monkeypatch):
    callers: list[int] = []
    lib = svc.library
    monkeypatch.setattr(service_mod, "load_library", lambda: callers.append(threading.get_ident()) or lib)
    monkeypatch.setattr(svc, "_auto", True)
    monkeypatch.setattr(service_mod, "_RELOAD_CHECK_S", 0.0)
    assert svc.search("rage", game="monster").hits
    assert svc.wait_reloaded()
    assert callers and threading.get_ident() not in callers
