"""HTTP benchmark: the web app under gunicorn, loaded from a second process on loopback.

    .venv/bin/python bench/bench_http.py [--duration 5] [--rounds 3] [--connections 16] [--workers N] [--json]

Measures requests/second and latency percentiles for
  ceiling    GET /__ceiling            a constant string from the same app and server (JUDGE_BENCH=1 only)
  rule_json  GET /<game>/<id>.json     rotating through 200 rules of every game
  rule_page  GET /<game>/<id>          the same rules as HTML
  search     GET /search.json?q=…      rotating through 24 word queries (answers cached per worker)
  search_uncached                      the same with the answer cache off (JUDGE_SEARCH_CACHE=0):
                                       every request runs the search engine
and reports each as a fraction of the ceiling. Targets (issue 4): rule JSON >= 70 %, rule page
>= 50 %, search >= 30 % of the ceiling's throughput.

The load comes from `wrk` (Debian package `wrk`) when it is installed, else from a small Python
load generator with keep-alive connections in threads. Either way: loopback only, bounded in
time (--duration per endpoint) and, for the Python generator, in requests.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from judge_app.web.serverproc import start_server, stop_server  # noqa: E402

QUERIES = [
    "block step", "battle resolution", "destroyed", "life", "reserve cores", "flash timing", "attack",
    "discard", "deck out", "concede", "effect resolution", "keyword", "clock damage", "level up",
    "trigger", "encore", "standby", "climax", "counter", "draw", "opponent", "exhaust", "burst", "summon",
]
TARGETS = {"rule_json": 0.70, "rule_page": 0.50, "search": 0.30}


def rule_paths(n: int = 200) -> list[str]:
    from judge_app.rules import load_library

    lib = load_library()
    out: list[str] = []
    for game in lib.games:
        doc = lib.document(game)
        ids = [r.id for r in doc if r.kind.value not in ("example", "note")]
        step = max(1, len(ids) // (n // len(lib.games)))
        out += [f"/{game}/{quote(rid)}" for rid in ids[::step]]
    return out[:n]


# ------------------------------------------------------------------ load generators

_LUA = """
local paths = {%s}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i %% #paths) + 1])
end
"""


def run_wrk(base: str, paths: list[str], duration: float, connections: int, threads: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(_LUA % ", ".join(json.dumps(p) for p in paths))
        script = f.name
    try:
        out = subprocess.run(
            ["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{int(round(duration))}s", "--latency",
             "--timeout", "5s", "-s", script, base + paths[0]],
            capture_output=True, text=True, timeout=duration + 30, check=True).stdout
    finally:
        os.unlink(script)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    pct = {}
    for p, val, unit in re.findall(r"^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s)\s*$", out, re.M):
        pct[p] = float(val) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
    errors = 0
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if m:
        errors += int(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if m:
        errors += sum(int(x) for x in m.groups())
    return {"rps": round(rps, 1), "p50_ms": pct.get("50"), "p99_ms": pct.get("99"), "requests": total,
            "errors": errors, "tool": "wrk"}


def run_python(base: str, paths: list[str], duration: float, connections: int, max_requests: int = 200_000) -> dict:
    u = urlsplit(base)
    lat: list[float] = []
    errors = [0]
    stop_at = time.monotonic() + duration
    count = [0]
    lock = threading.Lock()

    def worker(k: int):
        conn = http.client.HTTPConnection(u.hostname, u.port, timeout=5)
        i = k
        local: list[float] = []
        while time.monotonic() < stop_at:
            with lock:
                if count[0] >= max_requests:
                    break
                count[0] += 1
            path = paths[i % len(paths)]
            i += connections
            t0 = time.perf_counter()
            try:
                conn.request("GET", path)
                r = conn.getresponse()
                r.read()
                if r.status >= 400:
                    errors[0] += 1
            except OSError:
                errors[0] += 1
                conn.close()
                conn = http.client.HTTPConnection(u.hostname, u.port, timeout=5)
                continue
            local.append(time.perf_counter() - t0)
        conn.close()
        with lock:
            lat.extend(local)

    t0 = time.monotonic()
    ts = [threading.Thread(target=worker, args=(k,)) for k in range(connections)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    elapsed = time.monotonic() - t0
    lat.sort()

    def pc(p):
        return round(lat[min(len(lat) - 1, int(len(lat) * p))] * 1000, 2) if lat else None

    return {"rps": round(len(lat) / elapsed, 1), "p50_ms": pc(0.50), "p99_ms": pc(0.99), "requests": len(lat),
            "errors": errors[0], "tool": "python-threads"}


# ------------------------------------------------------------------ server CPU time

_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _server_pids(master: int) -> list[int]:
    pids = [master]
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                pids.append(int(d.name))
    return pids


def server_cpu_seconds(master: int) -> float:
    """User + system CPU time of gunicorn's master and workers (Linux /proc; 0.0 elsewhere)."""
    total = 0
    for pid in _server_pids(master):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / _TCK


# ------------------------------------------------------------------ the benchmark

def _warm(base: str, paths: list[str]) -> None:
    for p in paths:
        with urllib.request.urlopen(base + p, timeout=10) as r:
            r.read()


def _median_result(runs: list[dict]) -> dict:
    runs = sorted(runs, key=lambda r: r["rps"])
    mid = runs[len(runs) // 2]
    out = dict(mid)
    out["rps_runs"] = [r["rps"] for r in runs]
    out["requests"] = sum(r["requests"] for r in runs)
    out["errors"] = sum(r["errors"] for r in runs)
    cpus = sorted(r["server_cpu_ms_per_req"] for r in runs if r.get("server_cpu_ms_per_req"))
    out["server_cpu_ms_per_req"] = cpus[len(cpus) // 2] if cpus else None
    return out


def run(duration: float = 5.0, connections: int = 16, workers: int | None = None, threads: int | None = None,
        tool: str | None = None, rounds: int = 3) -> dict:
    """Each endpoint is measured `rounds` times, interleaved with the others (the order rotates),
    and the median run is reported: other work on a shared machine moves single runs a lot."""
    tool = tool or ("wrk" if shutil.which("wrk") else "python")
    rules = rule_paths()
    endpoints = {
        "ceiling": ["/__ceiling"],
        "rule_json": [p + ".json" for p in rules],
        "rule_page": rules,
        "search": ["/search.json?q=" + quote(q) for q in QUERIES],
    }
    runs: dict[str, list[dict]] = {k: [] for k in [*endpoints, "search_uncached"]}
    n_workers = workers or (os.cpu_count() or 1) + 1

    def measure(name: str, base: str, paths: list[str]) -> None:
        cpu0 = server_cpu_seconds(proc.pid)
        if tool == "wrk":
            r = run_wrk(base, paths, duration, connections, threads=1)
        else:
            r = run_python(base, paths, duration, connections)
        cpu = server_cpu_seconds(proc.pid) - cpu0
        r["server_cpu_ms_per_req"] = round(cpu * 1000 / r["requests"], 4) if r["requests"] and cpu else None
        runs[name].append(r)

    proc, base = start_server(workers=workers, threads=threads, bench=True, wait_path="/__ceiling")
    try:
        # each worker renders a page once and keeps it: warm every worker on every path first
        for paths in endpoints.values():
            for _ in range(n_workers * 4):
                _warm(base, paths)
        names = list(endpoints)
        for r in range(rounds):
            for name in names[r % len(names):] + names[: r % len(names)]:
                measure(name, base, endpoints[name])
    finally:
        stop_server(proc)
    # search without the per-worker answer cache: the search engine's own speed
    proc, base = start_server(workers=workers, threads=threads, bench=True, wait_path="/__ceiling",
                              extra_env={"JUDGE_SEARCH_CACHE": "0"})
    try:
        _warm(base, endpoints["search"])
        for _ in range(rounds):
            measure("search_uncached", base, endpoints["search"])
    finally:
        stop_server(proc)
    results = {k: _median_result(v) for k, v in runs.items()}
    ceiling = results["ceiling"]["rps"] or 1.0
    ratios = {k: round(results[k]["rps"] / ceiling, 3) for k in results if k != "ceiling"}
    # the same comparison by the server's CPU time per request: hardly moved by other load
    c_cpu = results["ceiling"]["server_cpu_ms_per_req"]
    cpu_ratios = {k: round(c_cpu / results[k]["server_cpu_ms_per_req"], 3)
                  for k in results if k != "ceiling" and c_cpu and results[k]["server_cpu_ms_per_req"]}
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    return {
        "results": results,
        "ratio_to_ceiling": ratios,
        "cpu_ratio_to_ceiling": cpu_ratios,
        "targets": TARGETS,
        "meets_targets": {k: ratios[k] >= TARGETS[k] for k in TARGETS},
        "config": {"duration_s": duration, "rounds": rounds, "connections": connections,
                   "workers": workers or "default", "threads": threads or "default", "tool": tool,
                   "cpus": os.cpu_count(), "loadavg_1m_after": load, "server": "gunicorn gthread (judge serve)"},
    }


def to_markdown(res: dict) -> str:
    lines = ["| endpoint | req/s | p50 ms | p99 ms | requests | errors | server CPU ms/req | ratio to ceiling "
             "(req/s) | ratio to ceiling (CPU/req) | target |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]

    def pct(x):
        return "" if x is None else f"{x:.0%}"

    for name, r in res["results"].items():
        target = res["targets"].get(name)
        lines.append(f"| {name} | {r['rps']} | {r['p50_ms']} | {r['p99_ms']} | {r['requests']} | {r['errors']} | "
                     f"{r.get('server_cpu_ms_per_req')} | {pct(res['ratio_to_ceiling'].get(name))} | "
                     f"{pct(res['cpu_ratio_to_ceiling'].get(name))} | {'' if target is None else f'≥ {target:.0%}'} |")
    c = res["config"]
    lines.append("")
    lines.append(f"{c['tool']}, {c['connections']} connections, median of {c['rounds']} interleaved runs of "
                 f"{c['duration_s']} s per endpoint (req/s of every run: "
                 + "; ".join(f"{k} {'/'.join(str(x) for x in r['rps_runs'])}" for k, r in res["results"].items())
                 + f"), load average after: {c['loadavg_1m_after']}, "
                 f"{c['cpus']} CPUs, workers={c['workers']}, threads={c['threads']}; load generator and "
                 "server share the machine.")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--duration", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--tool", choices=["wrk", "python"], default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    res = run(a.duration, a.connections, a.workers, a.threads, a.tool, a.rounds)
    print(json.dumps(res, indent=2) if a.json else to_markdown(res))


if __name__ == "__main__":
    main()
