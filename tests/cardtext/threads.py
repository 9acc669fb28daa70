"""Reading card text from several threads at once: the readers keep one transformer per thread."""

from __future__ import annotations

import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor


def same_in_threads(readings: Callable[[list[str]], list], texts: list[str], threads: int = 4) -> bool:
    """`readings(texts)` run in `threads` threads at once, switching often, gives what one thread gives."""
    alone = readings(texts)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch mid-text: a transformer shared by threads would mix texts up
    try:
        with ThreadPoolExecutor(threads) as pool:
            together = list(pool.map(readings, [texts] * threads))
    finally:
        sys.setswitchinterval(interval)
    return all(r == alone for r in together)
