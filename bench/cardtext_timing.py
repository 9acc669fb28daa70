"""The card-text reading measurement shared by the per-game benches (bench_ws_cardtext.py,
bench_bs_standard_cardtext.py): each corpus text read cold (the reader's cache cleared before it, the
compiled grammar kept), then cached. Wall and CPU (`time.process_time`) medians: the machine is shared."""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def run(read: Callable[[str], Any], refusal: type[Exception], corpus: Path, rounds: int = 5) -> dict:
    """Medians in ms over `rounds` passes of `corpus` (the `judge bench` interface); `read` is cached by text
    (`read.cache_clear()` forgets it)."""
    texts = [json.loads(line)["text"] for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
    with contextlib.suppress(refusal):
        read("Draw 1 card.")  # compiles the grammar (once per process)
    cold_wall, cold_cpu, cached = [], [], []
    for _ in range(rounds):
        for t in texts:
            read.cache_clear()  # type: ignore[attr-defined]
            w, c = time.perf_counter(), time.process_time()
            with contextlib.suppress(refusal):
                read(t)
            cold_wall.append((time.perf_counter() - w) * 1000)
            cold_cpu.append((time.process_time() - c) * 1000)
            w = time.perf_counter()
            with contextlib.suppress(refusal):
                read(t)
            cached.append((time.perf_counter() - w) * 1000)
    return {"texts": len(texts), "reader": read.__module__, "cold_wall_median_ms": statistics.median(cold_wall),
            "cold_cpu_median_ms": statistics.median(cold_cpu),
            "cold_wall_p90_ms": sorted(cold_wall)[int(len(cold_wall) * 0.9)],
            "cached_median_ms": statistics.median(cached), "load_average": os.getloadavg()[0]}


def report(r: dict, corpus: Path) -> None:
    print(f"{r['texts']} texts of {corpus.name}, reader {r['reader']}, load average {r['load_average']:.1f}")
    print(f"cold: median {r['cold_wall_median_ms']:.3f} ms wall, {r['cold_cpu_median_ms']:.3f} ms CPU, p90 "
          f"{r['cold_wall_p90_ms']:.3f} ms wall; cached: median {r['cached_median_ms']:.4f} ms")
