"""Benchmark: reading monster-invasion card text (issue 13 target: median <= 1 ms per text; grammar compiled once).

Cold: each corpus text read for the first time (the caches cleared before every text, the compiled grammar
kept), on the card type the text is read for. Cached: the same text read again. Wall and CPU time
(`time.process_time`) are both reported: the machine is shared.

    .venv/bin/python bench/bench_monster_cardtext.py
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

from judge_app.engine.core import Unsupported  # noqa: E402
from judge_app.engine.monster import cardtext  # noqa: E402
from judge_app.engine.monster.state import Kind  # noqa: E402


def _kind(text: str) -> Kind:
    for kind in (Kind.BATTLE, Kind.STRATEGY, Kind.MONSTER):
        try:
            cardtext.parse_ability("card", kind, text)
            return kind
        except Unsupported:
            continue
    return Kind.BATTLE


def _once(text: str, kind: Kind) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    with contextlib.suppress(Unsupported):
        cardtext.parse_ability("card", kind, text)
    return (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000


def run() -> dict:
    """Medians and p90s in ms (the `judge bench` interface)."""
    texts = [json.loads(line)["text"] for line in (ROOT / "tests" / "cardtext" / "monster.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]
    t0 = time.perf_counter()
    cardtext._parser()
    compile_ms = (time.perf_counter() - t0) * 1000
    kinds = [_kind(t) for t in texts]
    cold_w, cold_c, cached_w = [], [], []
    for t, k in zip(texts, kinds, strict=True):
        cardtext._read.cache_clear()
        cardtext.parse_ability.cache_clear()
        w, c = _once(t, k)
        cold_w.append(w)
        cold_c.append(c)
        cached_w.append(_once(t, k)[0])

    def stats(xs: list[float]) -> dict:
        xs = sorted(xs)
        return {"median_ms": statistics.median(xs), "p90_ms": xs[int(len(xs) * 0.9)], "max_ms": xs[-1]}

    return {"texts": len(texts), "grammar_compile_ms": compile_ms, "read_cold": stats(cold_w),
            "read_cold_cpu": stats(cold_c), "read_cached": stats(cached_w)}


def main() -> None:
    r = run()
    print(f"{r['texts']} texts of tests/cardtext/monster.jsonl; grammar compile {r['grammar_compile_ms']:.0f} ms "
          "(once per process)")
    for name, key in (("parse_ability, cold (wall)", "read_cold"), ("parse_ability, cold (CPU)", "read_cold_cpu"),
                      ("parse_ability, cached (wall)", "read_cached")):
        x = r[key]
        print(f"{name:<30} median {x['median_ms']:7.3f} ms   p90 {x['p90_ms']:7.3f} ms   max {x['max_ms']:7.3f} ms")


if __name__ == "__main__":
    main()
