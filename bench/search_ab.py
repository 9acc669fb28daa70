"""Old and new search code, measured in alternation: CPU and wall time per query.

    git worktree add --detach /tmp/judge-old <commit>
    .venv/bin/python bench/search_ab.py --old /tmp/judge-old [--pairs 6] [--rounds 3] [--queries dev|all]

On a shared machine one median says little (the CPU's speed itself swings by ~2x within a
second), so the old checkout and this one run one after the other, `--pairs` times, each in a
fresh process (`judge_app` from its own checkout, first on PYTHONPATH) on its own warm index, over
the same queries (`dev`: the 30 queries of bench_search.py; `all`: those and
tests/search/queries/*.jsonl, each with its game), `--rounds` times each after one round of
warming. Per run: median, p90, p99 and max per query of CPU time (`time.process_time`; and the
request thread's own, `time.thread_time`: the index freshness check runs on a background thread) and
wall time, the load average, and two probes (a search when the freshness check is due; the
unscoped rule number 99-1, in no document). The summary gives, per side, the median and minimum of the runs'
medians and p99s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEV_SET = ROOT.parent / "shared" / "search-dev.jsonl"


def _queries(which: str) -> list[dict]:
    files = [DEV_SET] + (sorted((ROOT / "tests" / "search" / "queries").glob("*.jsonl")) if which == "all" else [])
    return [json.loads(line) for f in files for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[max(0, min(len(xs) - 1, int(round(p / 100 * len(xs) + 0.5)) - 1))]


def child(which: str, rounds: int, index_dir: str) -> dict:
    """One run of the code first on sys.path (called in a subprocess)."""
    os.environ["JUDGE_DATA_DIR"] = index_dir
    from judge_app.rules import load_library
    from judge_app.search import SearchService

    qs = _queries(which)
    svc = SearchService.open(library=load_library(), index_dir=Path(index_dir) / "index")
    svc.warm()
    for q in qs:
        svc.search(q["query"], game=q.get("game")).to_dict()
    cpu: list[float] = []
    tcpu: list[float] = []  # the request's own thread (process CPU includes background threads)
    wall: list[float] = []
    for _ in range(rounds):
        for q in qs:
            c, t, w = time.process_time(), time.thread_time(), time.perf_counter()
            svc.search(q["query"], game=q.get("game")).to_dict()
            cpu.append((time.process_time() - c) * 1000)
            tcpu.append((time.thread_time() - t) * 1000)
            wall.append((time.perf_counter() - w) * 1000)
    probes = _probes(svc)
    svc.close()
    import judge_app

    return {"code": str(Path(judge_app.__file__).resolve().parents[1]), "queries": len(qs), "rounds": rounds,
            **probes,
            **{f"{name}_{stat}": round(fn(xs), 3) for name, xs in (("cpu", cpu), ("tcpu", tcpu), ("wall", wall))
               for stat, fn in (("median", statistics.median), ("p90", lambda v: _pct(v, 90)),
                                ("p99", lambda v: _pct(v, 99)), ("max", max))},
            "load": round(os.getloadavg()[0], 2)}


def _probes(svc, n: int = 40) -> dict[str, float]:
    """The two p99 sources of issue 17: a search when the freshness check is due (forced by moving
    the last check back), and an unscoped rule number that no document has. The request thread's CPU
    and wall, median per probe."""
    out: dict[str, float] = {}
    for name, query in (("due", "rage"), ("missing", "99-1")):
        tc: list[float] = []
        wl: list[float] = []
        for _ in range(n):
            if name == "due":
                svc._checked = -1e9  # (both checkouts keep the time of the last check here)
            t, w = time.thread_time(), time.perf_counter()
            svc.search(query, game="monster" if name == "due" else None).to_dict()
            tc.append((time.thread_time() - t) * 1000)
            wl.append((time.perf_counter() - w) * 1000)
            if hasattr(svc, "wait_reloaded"):
                svc.wait_reloaded()  # (not timed: the next probe starts with no check running)
        out[f"{name}_tcpu"] = round(statistics.median(tc), 3)
        out[f"{name}_wall"] = round(statistics.median(wl), 3)
    return out


def run(old: Path, pairs: int, rounds: int, which: str) -> dict:
    sides = {"old": Path(old).resolve(), "new": ROOT}
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    tmp = Path(tempfile.gettempdir())
    for _ in range(pairs):
        for name, code in sides.items():
            env = {**os.environ, "PYTHONPATH": str(code)}
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--child", "--queries", which, "--rounds", str(rounds),
                 "--index-dir", str(tmp / f"judge-search-ab-{name}-{os.getuid()}")],
                cwd=tmp, env=env, capture_output=True, text=True, check=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            if Path(r["code"]) != code:
                raise SystemExit(f"{name}: measured {r['code']}, not {code} (is {code} importable?)")
            runs[name].append(r)
    summary = {name: {k: {"median": round(statistics.median(r[k] for r in rs), 3), "min": min(r[k] for r in rs)}
                      for k in ("cpu_median", "cpu_p99", "tcpu_median", "tcpu_p99", "wall_median", "wall_p99",
                                "due_tcpu", "due_wall", "missing_tcpu", "missing_wall")}
               for name, rs in runs.items()}
    return {"runs": runs, "summary": summary}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path)
    ap.add_argument("--pairs", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--queries", choices=("dev", "all"), default="all")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--index-dir", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child(a.queries, a.rounds, a.index_dir)))
        return
    if a.old is None:
        ap.error("--old CHECKOUT is required")
    r = run(a.old, a.pairs, a.rounds, a.queries)
    if a.json:
        print(json.dumps(r, indent=2))
        return
    for i, (o, n) in enumerate(zip(r["runs"]["old"], r["runs"]["new"], strict=True), 1):
        print(f"pair {i}: CPU median/p99 old {o['cpu_median']}/{o['cpu_p99']} new {n['cpu_median']}/{n['cpu_p99']} ms; "
              f"wall median/p99 old {o['wall_median']}/{o['wall_p99']} new {n['wall_median']}/{n['wall_p99']} ms; "
              f"due check (thread CPU) old {o['due_tcpu']} new {n['due_tcpu']}; "
              f"99-1 (thread CPU) old {o['missing_tcpu']} new {n['missing_tcpu']} ms; "
              f"load {o['load']}/{n['load']}")
    for name, s in r["summary"].items():
        print(f"{name}: " + ", ".join(f"{k} median {v['median']} min {v['min']}" for k, v in s.items()))


if __name__ == "__main__":
    main()
