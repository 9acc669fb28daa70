"""Benchmark: reading printed card text (issue 13 target: median <= 1 ms per text; grammar compiled once).

Cold: each corpus text read for the first time (the caches cleared before every text, the compiled
grammar kept). Cached: the same text read again (the engine reads a card's text once per scenario).

    .venv/bin/python bench/bench_cardtext.py
"""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from judge_app.engine.bss import cardtext, vocab  # noqa: E402


def main() -> None:
    texts = [json.loads(line)["text"] for line in (ROOT / "tests" / "cardtext" / "bss.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    t0 = time.perf_counter()
    cardtext._parser()
    compile_ms = (time.perf_counter() - t0) * 1000
    cold, printed, cached = [], [], []
    for t in texts:
        cardtext.read_effects.cache_clear()
        cardtext.parse_printed.cache_clear()
        vocab.parse_effects.cache_clear()
        for fn, out in ((cardtext.read_effects, cold), (cardtext.read_effects, cached)):
            s = time.perf_counter()
            with contextlib.suppress(vocab.EffectSyntaxError):
                fn(t)
            out.append((time.perf_counter() - s) * 1000)
        cardtext.parse_printed.cache_clear()
        s = time.perf_counter()
        with contextlib.suppress(vocab.EffectSyntaxError):
            cardtext.parse_printed(t)
        printed.append((time.perf_counter() - s) * 1000)

    def row(name, xs):
        xs = sorted(xs)
        print(f"{name:<34} median {statistics.median(xs):7.3f} ms   p90 {xs[int(len(xs) * 0.9)]:7.3f} ms   "
              f"max {xs[-1]:7.3f} ms")

    print(f"{len(texts)} texts of tests/cardtext/bss.jsonl; grammar compile {compile_ms:.0f} ms (once per process)")
    row("read_effects, cold", cold)
    row("grammar alone (parse_printed), cold", printed)
    row("read_effects, cached", cached)


if __name__ == "__main__":
    main()
