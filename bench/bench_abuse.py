"""Abuse benchmark (issue 19): a real `judge serve` (its defaults), a rule-page prober, and the
attacks that used to take the service down, one at a time. Prints, side by side in one run, the
rule page's p50/p99 with no attack and under each attack, what the attack's own requests got,
worker restarts and the largest worker RSS.

Loopback only; every attack is bounded in time and in requests.
Run: .venv/bin/python bench/bench_abuse.py [--seconds S] [--json]
(set JUDGE_PORT_RANGE=8190-8199 to choose the server's port range)
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing
import os
import random
import socket
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge_app.web.serverproc import children as _children  # noqa: E402
from judge_app.web.serverproc import start_server, stop_server  # noqa: E402

MAX_ATTACK_REQUESTS = 50_000  # per attack, whatever its duration
PROBES = 150


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cpu_s(pids: list[int]) -> float:
    """User + system CPU seconds the processes have used (their own, not their children's)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def _request(host, port, method, path, body=None, headers=None, timeout=60):
    c = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        r.read()
        return r.status, r.getheader("Retry-After")
    finally:
        c.close()


def heavy_scenario(cards: int = 300, rounds: int = 100) -> str:
    lines = ["game bss", "turn 3, A, main step", "A: life 5, reserve 3, deck 40, hand 4",
             "B: life 5, reserve 3, deck 40, hand 4"]
    lines += [f'{"AB"[k % 2]} field: spirit "S{k}" red, cost 1, LV1 1 core 1000 BP, symbol red, 1 core'
              for k in range(cards)]
    for _ in range(rounds):
        lines += ["proceed to B main step", "proceed to A main step"]
    return "\n".join(lines) + "\n"


# -- attacks: each is (name, threads, fn(host, port, rng, stop) -> status or None) -------------

def _cite(host, port, rng, stop):
    text = rng.choice(["[[" + "1-" * 24 + "a", "[[" + "1-" * 9990 + "a", "[[1-1" * 4000, "bss 1" + "-1111" * 3999])
    return _request(host, port, "POST", "/cite", urlencode({"text": text}).encode(),
                    {"Content-Type": "application/x-www-form-urlencoded"})[0]


def _slow(host, port, rng, stop):
    """One connection sending its request body at one byte per second until the attack ends."""
    body = b'{"text": "see 7-1-5 and 9-2"}'
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=10) as s:
        s.sendall(b"POST /api/cite HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                  + str(len(body)).encode() + b"\r\n\r\n")
        for ch in body:
            if stop.wait(1.0):
                return None
            s.sendall(bytes([ch]))
        return int(s.recv(64).split()[1])
    return None


HEAVY = heavy_scenario().encode()


def _checks(pause_after_503: float):
    def attack(host, port, rng, stop):
        status, retry = _request(host, port, "POST", "/api/check", HEAVY, {"Content-Type": "text/plain"})
        if status == 503:
            stop.wait(pause_after_503)
        return status
    return attack


def _cache(host, port, rng, stop):
    n = rng.randrange(10**9)
    path = rng.choice([f"/bss/7-1-5?since=1.{n}", "/bss/7-1-5", f"/search.json?q=rule+{n}", "/ws/7.5.1.3",
                       f"/monster/10.4.1.json?x={n}"])
    return _request(host, port, "GET", path, headers={"Host": f"h{n}.attacker.example"})[0]


ATTACKS = [
    ("citation ReDoS (8 clients)", 8, _cite),
    ("slow clients (64 connections, 1 byte/s)", 64, _slow),
    ("heavy checks (16 clients, 0.5 s pause after a 503)", 16, _checks(0.5)),
    ("heavy checks flood (16 clients, no pause)", 16, _checks(0.0)),
    ("cache bloat (8 clients: Host, since, queries)", 8, _cache),
]


_MP = multiprocessing.get_context("fork")


def _attack(fn, threads, host, port, mp_stop, results) -> None:
    """In the attacker process: `threads` clients running `fn` until `mp_stop`; reports
    (requests sent, Counter of answers) on `results`."""
    stop = threading.Event()
    statuses: Counter = Counter()
    sent = [0]
    lock = threading.Lock()

    def loop(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            with lock:
                if sent[0] >= MAX_ATTACK_REQUESTS:
                    return
                sent[0] += 1
            try:
                s = fn(host, port, rng, stop)
            except (OSError, http.client.HTTPException) as e:
                s = type(e).__name__
            if s is not None:
                with lock:
                    statuses[s] += 1

    ts = [threading.Thread(target=loop, args=(i,), daemon=True) for i in range(threads)]
    for t in ts:
        t.start()
    mp_stop.wait()
    stop.set()
    for t in ts:
        t.join(30)
    results.put((sent[0], statuses))


def _probe(host, port, paths) -> list[float]:
    times = []
    for i in range(PROBES):
        t0 = time.perf_counter()
        status, _ = _request(host, port, "GET", paths[i % len(paths)], timeout=60)
        times.append(time.perf_counter() - t0)
        if status != 200:
            raise RuntimeError(f"rule page answered {status}")
        time.sleep(0.02)
    return times


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))] * 1000


def run(seconds: float) -> dict:
    load_before = os.getloadavg()
    proc, base = start_server()
    host, port = base.removeprefix("http://").split(":")
    port = int(port)
    try:
        workers = _children(proc.pid)
        paths = ["/bss/7-1-5-2-1", "/ws/7.5.1.3", "/monster/10.4.1", "/bss/9-2", "/bss/10-1-1-1"]
        for p in paths:  # warm
            _request(host, port, "GET", p)
        rows = []
        times = _probe(host, port, paths)
        rows.append({"attack": "none", "p50_ms": _pct(times, 0.5), "p99_ms": _pct(times, 0.99),
                     "attack_requests": 0, "attack_statuses": {}, "other_5xx": 0})
        rss = max(_rss_mb(w) for w in workers)
        for name, threads, fn in ATTACKS:
            # the attack runs in a process of its own: sharing the prober's interpreter, its threads
            # would make the prober wait for the GIL and count that wait as the server's latency
            stop = _MP.Event()
            results = _MP.Queue()
            attacker = _MP.Process(target=_attack, args=(fn, threads, host, port, stop, results), daemon=True)
            cpu0 = _cpu_s(workers)
            attacker.start()
            time.sleep(min(2.0, seconds / 3))
            t_end = time.monotonic() + seconds
            times = []
            while time.monotonic() < t_end or not times:
                times += _probe(host, port, paths)
                rss = max([rss] + [_rss_mb(w) for w in _children(proc.pid)])
            stop.set()
            sent, statuses = results.get(timeout=60)
            attacker.join(30)
            cpu = _cpu_s(workers) - cpu0
            other = sum(v for k, v in statuses.items() if isinstance(k, int) and k >= 500 and k != 503)
            rows.append({"attack": name, "p50_ms": _pct(times, 0.5), "p99_ms": _pct(times, 0.99),
                         "attack_requests": sent, "attack_statuses": dict(statuses), "other_5xx": other,
                         # the web workers' CPU for the attack and the probes together, per attack request
                         "worker_cpu_ms_per_attack_request": round(cpu * 1000 / max(1, sent), 2)})
        restarted = sorted(set(workers) - set(_children(proc.pid)))
        return {"rows": rows, "worker_restarts": len(restarted), "max_worker_rss_mb": round(rss, 1),
                "workers": len(workers), "cpus": os.cpu_count(),
                "load_average": [round(x, 2) for x in load_before + os.getloadavg()], "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    finally:
        stop_server(proc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=8.0, help="probing time under each attack")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    res = run(args.seconds)
    if args.json:
        print(json.dumps(res, indent=2))
        return
    print(f"{res['date']}, {res['cpus']} CPUs, {res['workers']} workers (judge serve defaults); load average "
          f"(1/5/15 min) before {res['load_average'][:3]}, after {res['load_average'][3:]}")
    print(f"{'attack':52} {'p50 ms':>8} {'p99 ms':>8} {'attack reqs':>11} {'cpu ms/req':>10}  attack answers")
    for r in res["rows"]:
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(r["attack_statuses"].items(), key=str))
        cpu = r.get("worker_cpu_ms_per_attack_request", "")
        print(f"{r['attack']:52} {r['p50_ms']:8.1f} {r['p99_ms']:8.1f} {r['attack_requests']:11} {cpu:>10}  {answers}")
    print(f"worker restarts: {res['worker_restarts']}; largest worker RSS: {res['max_worker_rss_mb']} MB; "
          f"5xx other than 503: {sum(r['other_5xx'] for r in res['rows'])}")
    p99 = max(r["p99_ms"] for r in res["rows"])
    print(f"target rule page p99 < 100 ms under each attack: {'met' if p99 < 100 else 'NOT met'} (worst {p99:.1f} ms)")


if __name__ == "__main__":
    main()
