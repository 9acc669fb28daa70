"""`judge check FILE` from a cold shell, two source trees alternated run by run (the machine's speed swings by
~1.8x within a second, so a median of one tree's runs taken apart from the other's mostly measures the machine).

    .venv/bin/python bench/bench_cli_ab.py OLD_TREE NEW_TREE [ROUNDS]

Each run is a new process importing `judge_app` from the tree named (the editable install's finder set aside);
reported per file and tree: wall median / min and CPU (user + system) median / min in ms, and the load average.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_cli import SCENARIO, WITH_TEXT  # noqa: E402

_RUN = """import sys
root = sys.argv[1]
sys.meta_path = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
sys.path.insert(0, root)
sys.argv = ["judge"] + sys.argv[2:]
from judge_app.cli import main
main()
"""


def _once(tree: str, path: Path, env: dict[str, str]) -> tuple[float, float]:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", _RUN, tree, "check", str(path)], capture_output=True, env=env, check=False)
    wall = (time.perf_counter() - t0) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1000


def main(old: str, new: str, rounds: int) -> None:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    files = {"bss, no card text": SCENARIO, **{f"{g}, card text": p for g, p in WITH_TEXT.items()}}
    for tree in (old, new):  # bytecode caches and each tree's table caches written
        for p in files.values():
            _once(tree, p, env)
    loads = []
    for name, path in files.items():
        got: dict[str, list[tuple[float, float]]] = {old: [], new: []}
        for i in range(rounds):
            for tree in ((old, new) if i % 2 == 0 else (new, old)):
                got[tree].append(_once(tree, path, env))
            loads.append(os.getloadavg()[0])
        for label, tree in (("old", old), ("new", new)):
            wall, cpu = [w for w, _ in got[tree]], [c for _, c in got[tree]]
            print(f"{name:24} {label}: wall median {statistics.median(wall):4.0f} min {min(wall):4.0f} | "
                  f"CPU median {statistics.median(cpu):4.0f} min {min(cpu):4.0f}")
    print(f"load average (1 min) during the runs: {min(loads):.1f}-{max(loads):.1f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 9)
