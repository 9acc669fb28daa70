"""The cyclic garbage collector paused for one check (`paused`), the checker's memory policy.

A check allocates many short-lived objects that reference counting frees (statements, tokens, states, events)
and keeps some (its answer, the statement and dialect caches). With the collector running, every 700 allocations
more than deallocations start a collection that walks the young objects, a tenth of those also walk the middle
generation, now and then one walks every object the process holds (~80,000 once the rules and engines are
loaded), finding no garbage: a check's own objects hold no cycles (tests/engine/test_collector.py). So no
collection runs inside a check: it is paused while the check runs and resumed after it. What the check still
holds when the collector resumes (its answer) is young, and the next collection walks it once, as collections
inside the check would have: a caller that turns the answer into plain data and drops it first (the web's checker
process; `judge check` keeps the collector off for its one command) saves that walk too. Whatever a check leaves
(cycles included) is collected by the next collection after it, and a check's allocations are bounded by its
budget (size limits, steps, work, wall time). Re-entrant and thread-safe: the collector resumes when the last
running check ends, and only if it was running when the first began; a check ending while others still run
collects the young generation itself once it has grown large (checks overlapping without end, on the inline
pool's threads, stay bounded).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0  # checks running now
_resume = False  # whether the first of them found the collector running
_OVERLAP_YOUNG = 100_000  # net allocations after which a check that ends while others run collects generation 0


@contextmanager
def paused() -> Iterator[None]:
    """The cyclic collector off while the block runs (see the module's docstring)."""
    global _depth, _resume
    with _lock:
        if _depth == 0:
            _resume = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                if _resume:
                    gc.enable()
            elif _resume and gc.get_count()[0] > _OVERLAP_YOUNG:
                gc.collect(0)


__all__ = ["paused"]
