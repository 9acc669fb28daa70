"""Benchmark: reading Battle Spirits Standard card text (issue 13 target: median <= 1 ms per text; grammar compiled once).

Cold: each text of tests/cardtext/bs-standard.jsonl read for the first time (the cache cleared before every text, the
compiled grammar kept); cached: the same text read again (a card's text is read once per scenario). Wall and
CPU (`time.process_time`) medians: the machine is shared.

    .venv/bin/python bench/bench_bs_standard_cardtext.py
    PYTHONPATH=<checkout of 5cde7bd> .venv/bin/python bench/bench_bs_standard_cardtext.py   # the regex reader it replaced
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "cardtext" / "bs-standard.jsonl"
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(CORPUS.parents[2]))

try:
    from judge_app.engine.bs_standard.cardtext import read as parse_ability  # the grammar
except ImportError:  # a checkout before the grammar: the regex reader of judge_app/engine/bs_standard/cards.py
    from judge_app.engine.bs_standard.cards import parse_effect as parse_ability  # type: ignore[assignment]
from judge_app.engine.bs_standard.cards import EffectSyntaxError as EffectError  # noqa: E402


def run(rounds: int = 5) -> dict:
    """Medians in ms over `rounds` passes of the corpus (the `judge bench` interface)."""
    texts = [json.loads(line)["text"] for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    with contextlib.suppress(EffectError):
        parse_ability("Draw 1 card.")  # compiles the grammar (once per process)
    cold_wall, cold_cpu, cached = [], [], []
    for _ in range(rounds):
        for t in texts:
            parse_ability.cache_clear()
            w, c = time.perf_counter(), time.process_time()
            with contextlib.suppress(EffectError):
                parse_ability(t)
            cold_wall.append((time.perf_counter() - w) * 1000)
            cold_cpu.append((time.process_time() - c) * 1000)
            w = time.perf_counter()
            with contextlib.suppress(EffectError):
                parse_ability(t)
            cached.append((time.perf_counter() - w) * 1000)
    return {"texts": len(texts), "reader": parse_ability.__module__, "cold_wall_median_ms": statistics.median(cold_wall),
            "cold_cpu_median_ms": statistics.median(cold_cpu),
            "cold_wall_p90_ms": sorted(cold_wall)[int(len(cold_wall) * 0.9)],
            "cached_median_ms": statistics.median(cached), "load_average": os.getloadavg()[0]}


def main() -> None:
    r = run()
    print(f"{r['texts']} texts of {CORPUS.name}, reader {r['reader']}, load average {r['load_average']:.1f}")
    print(f"cold: median {r['cold_wall_median_ms']:.3f} ms wall, {r['cold_cpu_median_ms']:.3f} ms CPU, p90 "
          f"{r['cold_wall_p90_ms']:.3f} ms wall; cached: median {r['cached_median_ms']:.4f} ms")


if __name__ == "__main__":
    main()
