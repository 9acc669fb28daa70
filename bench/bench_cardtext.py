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


def run() -> dict:
    """Medians and p90s in ms (the `judge bench` interface)."""
    texts = [json.loads(line)["text"] for line in (ROOT / "tests" / "cardtext" / "bss.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    t0 = time.perf_counter()
    reader = getattr(cardtext, "_READER", None)  # the LALR runtime's tables (core/lalr.py), where it exists
    if reader is not None:
        reader._runtime  # noqa: B018
    compile_ms = (time.perf_counter() - t0) * 1000
    cardtext._parser()  # lark itself, which explains refusals: built before timing, as the tables are
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

    def stats(xs):
        xs = sorted(xs)
        return {"median_ms": statistics.median(xs), "p90_ms": xs[int(len(xs) * 0.9)], "max_ms": xs[-1]}

    return {"texts": len(texts), "grammar_compile_ms": compile_ms, "read_cold": stats(cold),
            "grammar_cold": stats(printed), "read_cached": stats(cached)}


def main() -> None:
    r = run()
    print(f"{r['texts']} texts of tests/cardtext/bss.jsonl; grammar tables loaded in "
          f"{r['grammar_compile_ms']:.0f} ms (once per process)")
    for name, key in (("read_effects, cold", "read_cold"), ("grammar alone (parse_printed), cold", "grammar_cold"),
                      ("read_effects, cached", "read_cached")):
        x = r[key]
        print(f"{name:<36} median {x['median_ms']:7.3f} ms   p90 {x['p90_ms']:7.3f} ms   max {x['max_ms']:7.3f} ms")


if __name__ == "__main__":
    main()
