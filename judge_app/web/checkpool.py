"""Admission control for heavy work (the scenario checker, long citation texts): a bounded pool
of processes, a bounded queue.

Each web worker runs checks in its own small pool of child processes (niced, so the pages always
win the CPU) and admits at most `processes + queue` at once; past that the answer is 503 with
Retry-After at once, without waiting (issue 19, finding 4). A check never runs on the threads
that serve pages, so a saturated checker does not slow them; a queued check holds one thread,
which is why the queue is kept below the worker's threads.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from pathlib import Path

from judge_app.errors import Busy
from judge_app.web.security import HEADERS

log = logging.getLogger(__name__)
RETRY_AFTER = 5  # seconds


def _child_init() -> None:
    os.nice(10)  # pages first: a check only gets the CPU the pages leave
    from judge_app.scenario import check  # noqa: F401 - import once, not per check


def run_check(text: str, max_steps: int, time_budget: float) -> dict:
    """In the child: check a scenario; return what the web needs, as plain data."""
    from judge_app.scenario.check import check_text
    from judge_app.scenario.collector import paused

    with paused():  # until the answer is plain data: resumed inside check_text, the collector would walk it at once
        result = check_text(text, max_steps=max_steps, time_budget=time_budget)
        out = {"data": result.to_dict(), "board": result.board,
               "expectations": [e.to_dict() if hasattr(e, "to_dict") else {"text": str(e)}
                                for e in result.expectations]}
        del result
    return out


def run_explore_in_child(text: str, max_steps: int, time_budget: float) -> dict:
    """In the child: explore every answer to a scenario's open choices; plain data for the page and API."""
    from judge_app.scenario.explore import explore_text

    ex = explore_text(text, max_steps=max_steps, time_budget=time_budget)
    return {"data": ex.to_dict(), "tree": ex.tree(), "shared": ex.shared_steps, "game": ex.game}


class CheckPool:
    def __init__(self, processes: int = 1, queue: int = 1):
        self.processes = processes
        self.limit = max(1, processes) + max(0, queue)
        self.inflight = 0
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.processes, mp_context=get_context("spawn"),
                                             initializer=_child_init)
        return self._pool

    def run(self, text: str, max_steps: int, time_budget: float) -> dict:
        return self.call(run_check, text, max_steps, time_budget, timeout=time_budget * (self.limit + 1))

    def explore(self, text: str, max_steps: int, time_budget: float) -> dict:
        return self.call(run_explore_in_child, text, max_steps, time_budget, timeout=time_budget * (self.limit + 1))

    def full(self) -> bool:
        """Whether a new call would be refused now (read without the lock: a hint for AdmissionGate;
        `call` decides under the lock)."""
        return self.inflight >= self.limit

    def busy(self) -> Busy:
        return Busy(f"the scenario checker is busy ({self.inflight} checks running or waiting here)",
                    retry_after=RETRY_AFTER)

    def call(self, fn, *args, timeout: float = 60.0):
        """fn(*args) in a child process (fn and args picklable), or Busy at once when full."""
        with self._lock:
            if self.inflight >= self.limit:
                raise self.busy()
            self.inflight += 1
        try:
            if self.processes <= 0:  # inline (tests, development)
                return fn(*args)
            with self._lock:
                pool = self._executor()
            try:
                return pool.submit(fn, *args).result(timeout=timeout)
            except FutureTimeout:
                raise Busy("the scenario checker is busy; try again", retry_after=RETRY_AFTER) from None
            except BrokenProcessPool:
                log.warning("a checker process died; starting a new pool")
                with self._lock:
                    if self._pool is pool:
                        self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
                raise Busy("the scenario checker restarted; try again", retry_after=RETRY_AFTER) from None
        finally:
            with self._lock:
                self.inflight -= 1

    def shutdown(self) -> None:  # pragma: no cover - process exit does it too
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def cite_in_child(text: str, game: str | None, fmt: str, base: str, rules_dir: str | None) -> dict:
    """In the child: the citation linker's answer for a long text."""
    from judge_app.chat.format import cite
    from judge_app.rules import load_library

    return cite(text, load_library(Path(rules_dir) if rules_dir else None), game, fmt, base)


_app_lock = threading.Lock()
GATED = {("POST", "/api/check"), ("POST", "/check.json")}  # every such request goes to the pool


class AdmissionGate:
    """WSGI middleware in front of Flask: while this worker's pool is full, a request that can only
    wait for it (GATED) is answered 503 + Retry-After before Flask builds a request object, reads
    the body, matches a route or renders anything. A client flooding the checker without pausing
    then costs the pages as little as a request can (issue 19: rule page p99 under that flood).
    The answer is the one the view would give (the same JSON, headers and Retry-After)."""

    def __init__(self, app, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app

    def __call__(self, environ, start_response):
        refusal = refusal_for(self.app, environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"))
        if refusal is not None:
            status, headers, body = refusal
            start_response(status, headers)
            return [body]
        return self.wsgi_app(environ, start_response)


def refusal_for(app, method, path) -> tuple[str, list[tuple[str, str]], bytes] | None:
    """(status, headers, body) of the 503 for a GATED request while `app`'s pool is full; else None.
    Shared by AdmissionGate and the gunicorn worker, which answers it before a thread is used."""
    pool = getattr(app, "extensions", {}).get("judge_checks")  # (gunicorn's error app has none)
    if pool is None or not pool.full() or (method, path) not in GATED:
        return None
    err = pool.busy()
    body = json.dumps({"status": err.status, **err.to_dict()}, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    return (f"{err.status} SERVICE UNAVAILABLE",
            [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
             ("Retry-After", str(err.retry_after)), ("Cache-Control", "no-store"), ("Vary", "Accept"),
             *HEADERS.items()], body)



def app_pool() -> CheckPool:
    """The current app's pool (one per web worker), made on first use."""
    from flask import current_app

    ext = current_app.extensions
    with _app_lock:
        if "judge_checks" not in ext:
            ext["judge_checks"] = CheckPool(int(current_app.config.get("JUDGE_CHECK_PROCESSES", 1)),
                                            int(current_app.config.get("JUDGE_CHECK_QUEUE", 1)))
        return ext["judge_checks"]
