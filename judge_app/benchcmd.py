"""`judge bench`: every benchmark of the project in one table (medians and ratios)."""

from __future__ import annotations

import importlib.util
import json
import platform
import time
from pathlib import Path

import click

from judge_app.clikit import json_option
from judge_app.errors import JudgeError

BENCH_DIR = Path(__file__).resolve().parent.parent / "bench"
ORDER = ["bench_parse", "bench_search", "bench_scenarios", "bench_http", "bench_load"]


def _load(name: str):
    path = BENCH_DIR / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"judge_bench_{name}", path)
    assert spec is not None and spec.loader is not None  # a file path always gives a loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _rows(name: str, result: dict) -> list[tuple[str, str, str]]:
    """Flatten a benchmark's result into (benchmark, metric, value) rows."""
    rows = []
    for k, v in result.items():
        if isinstance(v, dict):
            for k2, v2 in v.items():
                if isinstance(v2, (int, float)):
                    rows.append((name, f"{k}.{k2}", f"{v2:.2f}" if isinstance(v2, float) else str(v2)))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            rows.append((name, k, f"{v:.2f}" if isinstance(v, float) else str(v)))
    return rows


@click.command("bench")
@click.option("--only", multiple=True, help="Run only these benchmarks (e.g. bench_parse).")
@json_option()
def bench(only: tuple[str, ...], as_json: bool) -> None:
    """Run every benchmark (parsing, indexing, search latency, HTTP throughput, scenario replay)."""
    if not BENCH_DIR.is_dir():
        raise JudgeError("the benchmarks live in the source checkout (bench/); they are not in the wheel")
    names = [n for n in ORDER if (BENCH_DIR / f"{n}.py").exists()]
    names += sorted(p.stem for p in BENCH_DIR.glob("bench_*.py") if p.stem not in names)
    if only:
        names = [n for n in names if n in only]
    results = {}
    for n in names:
        click.echo(f"running {n} …", err=True)
        t = time.perf_counter()
        results[n] = _load(n).run()
        results[n]["_wall_s"] = round(time.perf_counter() - t, 1)
    meta = {"date": time.strftime("%Y-%m-%d"), "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
            "cpus": __import__("os").cpu_count(), "python": platform.python_version()}
    if as_json:
        click.echo(json.dumps({"meta": meta, "results": results}, indent=2))
        return
    click.echo(f"date {meta['date']}, {meta['cpus']} cores, {meta['machine']}, Python {meta['python']}")
    click.echo(f"| {'benchmark':<16} | {'metric':<40} | {'value':>12} |")
    click.echo(f"|{'-' * 18}|{'-' * 42}|{'-' * 14}|")
    for n, r in results.items():
        for b, m, v in _rows(n, r):
            click.echo(f"| {b:<16} | {m:<40} | {v:>12} |")


commands = [bench]
