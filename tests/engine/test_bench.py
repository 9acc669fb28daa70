"""The benchmark is importable and runs (its targets are checked by running it directly)."""

import importlib.util
from pathlib import Path


def test_bench_runs() -> None:
    path = Path(__file__).resolve().parents[2] / "bench" / "bench_scenarios.py"
    spec = importlib.util.spec_from_file_location("bench_scenarios", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    r = mod.run(repeats=10, source=mod.TYPICAL)
    assert {"median_ms", "target_ms", "ok"} <= set(r)
    assert r["median_ms"] < 100  # generous: CI machines vary; the real targets are in docs/performance.md
