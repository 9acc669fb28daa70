"""Benchmark: `judge check FILE` and `judge rule` from a cold shell (targets: 300 ms and 250 ms).

    .venv/bin/python bench/bench_cli.py

Each command runs as a new process, as a user's shell would run it; the median wall time of several
runs is reported, with the modules the command imported (it must not import the web stack, the search
index or, for `judge rule`, the scenario engine). Bytecode caches are allowed, as after installation.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUDGE = Path(sys.executable).with_name("judge")
SCENARIO = ROOT / "tests" / "scenarios" / "bss" / "battle-equal-bp.scn"
# A file of each game whose cards carry printed text: the first check of a process also loads that game's
# card-text reader and its LALR tables (engine/core/lalr.py, kept per user; lark only builds them once).
WITH_TEXT = {
    "bss": ROOT / "tests" / "scenarios" / "bss" / "cardtext-any-number-combined-bp.scn",
    "bs-standard": ROOT / "tests" / "scenarios" / "bs-standard" / "activated-effect.scn",
    "ws": ROOT / "tests" / "scenarios" / "ws" / "full-turn.scn",
    "monster": ROOT / "tests" / "scenarios" / "monster" / "adjacent-destroy-then-invade.scn",
}
COMMANDS = {
    "judge check FILE": ([str(JUDGE), "check", str(SCENARIO)], 300.0),
    **{f"judge check FILE ({game}, card text)": ([str(JUDGE), "check", str(path)], 300.0)
       for game, path in WITH_TEXT.items()},
    "judge rule bss 7-1-5-2-1": ([str(JUDGE), "rule", "bss", "7-1-5-2-1"], 250.0),
}
FORBIDDEN = ("flask", "whoosh", "gunicorn", "judge_app.web", "judge_app.search")


def _imports(argv: list[str]) -> set[str]:
    env = dict(os.environ, PYTHONPROFILEIMPORTTIME="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    err = subprocess.run(argv, capture_output=True, text=True, env=env).stderr
    return {ln.split("|")[-1].strip() for ln in err.splitlines() if ln.startswith("import time:")}


def run(repeats: int = 9) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = {}
    for name, (argv, target) in COMMANDS.items():
        subprocess.run(argv, capture_output=True, env=env)  # writes the bytecode caches
        times, cpu = [], []
        for _ in range(repeats):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(argv, capture_output=True, env=env)
            times.append((time.perf_counter() - t0) * 1000)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            # CPU time of the command (user + system): on a shared machine the wall clock also counts waiting
            cpu.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000)
        mods = _imports(argv)
        heavy = sorted(m for m in mods if m.startswith(FORBIDDEN))
        median = statistics.median(times)
        out[name] = {"median_ms": round(median, 1), "min_ms": round(min(times), 1), "target_ms": target,
                     "cpu_median_ms": round(statistics.median(cpu), 1),
                     "ok": median <= target and not heavy, "modules": len(mods), "forbidden_imports": len(heavy)}
    return out


if __name__ == "__main__":
    ok = True
    for name, r in run().items():
        ok = ok and r["ok"]
        print(f"{name}: median {r['median_ms']:.0f} ms, min {r['min_ms']:.0f} ms, CPU median {r['cpu_median_ms']:.0f} ms "
              f"({r['modules']} modules, "
              f"{r['forbidden_imports']} from the web stack/search); target <= {r['target_ms']:.0f} ms: "
              f"{'ok' if r['ok'] else 'SLOW'}")
    sys.exit(0 if ok else 1)
