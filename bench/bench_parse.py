"""Parsing all rules documents cold: tokenise, assemble, cross-reference, align (no cache).

Run: .venv/bin/python bench/bench_parse.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _parse_all() -> int:
    from judge_app.paths import rules_text_dir
    from judge_app.rules.library import parse_file, read_manifest

    rules_dir = rules_text_dir()
    infos = read_manifest(rules_dir)
    docs: dict = {}
    for info in sorted(infos, key=lambda i: i.dialect != "numbered"):
        docs[(info.game, info.version)] = parse_file(info, rules_dir, docs)
    return sum(len(d) for d in docs.values())


def run(repeat: int = 15) -> dict:
    from judge_app.rules.parsing.lines import _parser

    t0 = time.perf_counter()
    _parser()  # grammar compilation, paid once per process
    grammar_s = time.perf_counter() - t0
    times = []
    entries = 0
    for _ in range(repeat):
        t = time.perf_counter()
        entries = _parse_all()
        times.append(time.perf_counter() - t)
    return {
        "name": "parse all documents (cold, no cache)",
        "median_ms": statistics.median(times) * 1000,
        "p90_ms": sorted(times)[int(len(times) * 0.9) - 1] * 1000,
        "grammar_compile_ms": grammar_s * 1000,
        "entries": entries,
        "runs": repeat,
    }


if __name__ == "__main__":
    r = run()
    print(f"{r['name']}: median {r['median_ms']:.1f} ms, p90 {r['p90_ms']:.1f} ms "
          f"({r['entries']} entries, grammar compile {r['grammar_compile_ms']:.1f} ms, {r['runs']} runs)")
