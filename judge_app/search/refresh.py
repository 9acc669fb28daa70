"""Work that must not run on a request's thread: a daemon thread per process, started lazily.

A search service checks every few seconds whether its index is still the current, intact build
(hashing its files, ~2 ms) and, when it follows the rule sources, whether they changed. Done
inline, that check landed on one random user's request every few seconds. Here a request only
*asks* (`poke`: a counter under a condition, no waiting); the check runs on a daemon thread, and the
service swaps in what it opened under its own lock.

Process model (gunicorn): nothing starts at import time. The thread starts on the first `poke` in
the process that pokes, so each worker gets its own. A fork copies no threads, and a lock held by
one of the parent's threads at the moment of the fork would stay held in the child forever: after a
fork the child resets every `Background` (new condition, no thread) before any of its own threads
runs (`os.register_at_fork`), and the next `poke` starts a thread in the child.
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections.abc import Callable

log = logging.getLogger(__name__)

_IDLE_EXIT_S = 60.0  # a thread whose owner was dropped without `close` notices within this long

_ALL: weakref.WeakSet[Background] = weakref.WeakSet()


class Background:
    """Runs `job` on a daemon thread whenever asked; asks made while it runs are served by one more
    run after it (never two at once, never skipped). `job` is held weakly: it is a bound method of
    a service, which must stay collectable."""

    def __init__(self, job: Callable[[], None], name: str = "judge-background"):
        self._job: Callable[[], Callable[[], None] | None] = (
            weakref.WeakMethod(job) if hasattr(job, "__self__") else (lambda: job))
        self._name = name
        self._closed = False
        self._reset()
        _ALL.add(self)

    def _reset(self) -> None:
        self._cv = threading.Condition(threading.Lock())
        self._asked = 0  # runs asked for
        self._done = 0  # asks covered by a finished run
        self._thread: threading.Thread | None = None

    def poke(self) -> None:
        """Ask for a run. Returns at once (the first call in a process also starts the thread)."""
        with self._cv:
            if self._closed:
                return
            self._asked += 1
            self._cv.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Until every run asked for so far has finished (tests; `judge` commands). False on timeout."""
        with self._cv:
            target = self._asked
            return self._cv.wait_for(lambda: self._done >= target or self._thread is None, timeout)

    def close(self) -> None:
        with self._cv:
            self._closed = True
            self._cv.notify_all()
            t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout=10)

    def _loop(self) -> None:
        cv = self._cv  # a fork replaces it; this thread then belongs to the parent only
        while True:
            with cv:
                while self._asked == self._done and not self._closed:
                    if not cv.wait(_IDLE_EXIT_S) and self._job() is None:
                        self._closed = True
                if self._closed:
                    self._thread = None
                    cv.notify_all()
                    return
                target = self._asked
            job = self._job()
            try:
                if job is not None:
                    job()
            except Exception:  # noqa: BLE001 - the owner keeps serving what it has; the failure is logged
                log.exception("background job %s failed", self._name)
            finally:
                del job
                with cv:
                    self._done = target
                    cv.notify_all()


def _after_fork_in_child() -> None:
    for b in list(_ALL):
        b._reset()


os.register_at_fork(after_in_child=_after_fork_in_child)
