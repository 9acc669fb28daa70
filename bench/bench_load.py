"""Load test: `judge serve` under gunicorn, a mix of rule pages, searches, citation links and
scenario checks at rising concurrency. Loopback only, bounded in time and requests; zero errors
expected. A check refused with the deliberate 503 (the checker's bounded queue is full: Retry-After
and the "busy" JSON) is load shedding, counted apart as `shed`; any other 4xx/5xx, or a 503
anywhere else, is an error. Run: .venv/bin/python bench/bench_load.py [--seconds S] [--json]
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LEVELS = (1, 4, 16, 32)
MAX_REQUESTS_PER_LEVEL = 20_000


def _mix():
    from judge_app.rules import load_library
    from judge_app.scenario.examples import examples

    lib = load_library()
    rng = random.Random(7)
    rules = []
    for g in lib.games:
        doc = lib.document(g)
        ids = [r.id for r in doc if r.kind.value in ("rule", "section", "chapter")]
        rules += [(g, i) for i in rng.sample(ids, 40)]
    queries = ["destroy", "can I block with an exhausted spirit", "mulligun", "deck runs out", "CR 7-1-5",
               "graveyard", "level up", "counter", "rage", "infinite loop", "crush modifier", "brainstorm"]
    texts = ["per 7-1-5-2-1 both die, and CR 9-2 decides the game", "see ws 7.5.1.3 and 9.2.2",
             "monster 10.4.1 and 5.15.1.2.1", "[[bss:11-11-1]] vs [[11-12-1]]"]
    scenarios = [e["text"] for e in examples()]
    reqs = []
    for g, i in rules:
        reqs.append(("rule page", "GET", f"/{g}/{i}", None, None))
        reqs.append(("rule json", "GET", f"/{g}/{i}.json", None, None))
    for q in queries:
        for g in ("", "&game=bss", "&game=ws"):
            reqs.append(("search", "GET", "/search.json?q=" + q.replace(" ", "+") + g, None, None))
    for t in texts:
        reqs.append(("cite", "POST", "/api/cite", json.dumps({"text": t}).encode(), "application/json"))
    for s in scenarios:
        reqs.append(("check", "POST", "/api/check", s.encode(), "text/plain"))
    return reqs


def _deliberate_shed(method: str, path: str, r: http.client.HTTPResponse, payload: bytes) -> bool:
    """The checker's admission refusal: 503 on a gated path with Retry-After and the busy JSON."""
    from judge_app.web.checkpool import GATED

    if r.status != 503 or (method, path) not in GATED or not r.getheader("Retry-After"):
        return False
    try:
        return json.loads(payload).get("error") == "busy"
    except ValueError:
        return False


def _level(host: str, port: int, reqs, concurrency: int, seconds: float) -> dict:
    lat: list[tuple[str, float]] = []
    errors: list[str] = []
    shed: list[str] = []
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds
    count = [0]

    def worker(seed: int):
        rng = random.Random(seed)
        conn = http.client.HTTPConnection(host, port, timeout=30)
        local = []
        while time.monotonic() < stop_at:
            with lock:
                if count[0] >= MAX_REQUESTS_PER_LEVEL:
                    break
                count[0] += 1
            kind, method, path, body, ctype = rng.choice(reqs)
            t0 = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers={"Content-Type": ctype} if ctype else {})
                r = conn.getresponse()
                payload = r.read()
                if r.status >= 400:
                    refused = _deliberate_shed(method, path, r, payload)
                    with lock:
                        (shed if refused else errors).append(f"{r.status} {method} {path}")
                    if refused:  # answered at once: not a check's latency
                        continue
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    errors.append(f"{type(e).__name__} {method} {path}")
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=30)
                continue
            local.append((kind, time.perf_counter() - t0))
        conn.close()
        with lock:
            lat.extend(local)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(concurrency)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - t0
    all_ms = sorted(x[1] * 1000 for x in lat)

    def pct(v, p):
        return v[min(len(v) - 1, int(len(v) * p))] if v else 0.0

    per_kind = {}
    for k in sorted({x[0] for x in lat}):
        v = sorted(x[1] * 1000 for x in lat if x[0] == k)
        per_kind[k] = {"n": len(v), "p50_ms": round(statistics.median(v), 2), "p99_ms": round(pct(v, 0.99), 2)}
    return {"concurrency": concurrency, "requests": len(lat), "errors": len(errors), "error_samples": errors[:5],
            "shed": len(shed), "checks_answered": sum(1 for k, _ in lat if k == "check"),
            "rps": round(len(lat) / wall, 1), "p50_ms": round(statistics.median(all_ms), 2) if all_ms else 0,
            "p99_ms": round(pct(all_ms, 0.99), 2), "per_kind": per_kind}


def run(seconds: float = 5.0) -> dict:
    from judge_app.web.serverproc import start_server, stop_server

    reqs = _mix()
    proc, base = start_server()
    host, port = base.removeprefix("http://").split(":")
    try:
        _level(host, int(port), reqs, 4, 1.0)  # warm every worker
        levels = [_level(host, int(port), reqs, c, seconds) for c in LEVELS]
    finally:
        stop_server(proc)
    return {"name": "mixed load at rising concurrency", "levels": levels,
            "total_errors": sum(x["errors"] for x in levels), "total_shed": sum(x["shed"] for x in levels),
            **{f"c{x['concurrency']}_rps": x["rps"] for x in levels},
            **{f"c{x['concurrency']}_p99_ms": x["p99_ms"] for x in levels}}


if __name__ == "__main__":
    secs = float(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 5.0
    res = run(secs)
    if "--json" in sys.argv:
        print(json.dumps(res, indent=2))
    else:
        print(f"{'concurrency':>11} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'shed':>5}")
        for x in res["levels"]:
            print(f"{x['concurrency']:>11} {x['rps']:>8} {x['p50_ms']:>8} {x['p99_ms']:>8} {x['errors']:>7} {x['shed']:>5}")
        for x in res["levels"][-1:]:
            for k, v in x["per_kind"].items():
                print(f"  at {x['concurrency']}: {k:<10} p50 {v['p50_ms']} ms, p99 {v['p99_ms']} ms (n={v['n']})")
