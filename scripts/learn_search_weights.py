"""Fit the reranker's weights (judge_app/search/weights.toml) on the TUNING halves of the graded
player queries, by coordinate ascent on mean nDCG@10.

    .venv/bin/python scripts/learn_search_weights.py [--write] [--rounds 4] [--folds]

Only `FILE#tune` sets are read: a set naming the test half is refused, so the fit never sees the
queries the quality figures are reported on. Each query's candidates are computed once; a trial
reranks them with the trial weights (the signals, the family share, the per-game decay, the BM25
base share and the coverage exponent; `bm25` stays 1.0, the scale). A change is kept only when it
gains more than `--min-gain`. `--folds` fits on one half of the tuning queries (a second fixed
hash) and reports the other half, to see how much of a gain is fit to the queries themselves.
The development set is reported after the fit, never fitted.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge_app.search import SearchService, signals
from judge_app.search import service as service_mod
from judge_app.search.evaluation import GradedQuery, K, load_set, ndcg

ROOT = Path(__file__).resolve().parent.parent
# every graded player set's tuning half (players.jsonl, players-2.jsonl, ...: a new set is picked up as is)
TUNE_SETS = [str(p) + "#tune" for p in sorted((ROOT / "tests/search/queries").glob("players*.jsonl"))]
DEV_SET = ROOT.parent / "shared" / "search-dev.jsonl"

SIGNAL_GRID = [-0.3, -0.2, -0.1, -0.05, 0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0]
RANKING_GRID = {"family": [0.0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5],
                "game_decay": [0.7, 0.8, 0.85, 0.9, 0.95, 1.0],
                "base": [0.1, 0.2, 0.3, 0.4, 0.5],
                "cov_exp": [1.0, 1.25, 1.5, 2.0, 2.5, 3.0],
                "bm25_exp": [0.35, 0.5, 0.7, 1.0],
                "diversify": [0.0, 0.5, 1.0, 2.0]}


# the hand-set weights of issue 17 (before any fit), the new signals off
_HAND_SIGNALS = {"bm25": 1.0, "define": 0.35, "heading": 0.2, "adj": 0.3, "under": 0.4, "intent": 0.2,
                 "body": 0.2, "title": 0.0, "is_heading": 0.0, "leaf": 0.0, "depth": 0.0, "sem": 0.0}
HAND = {"signals": dict(_HAND_SIGNALS), "question": dict(_HAND_SIGNALS),
        "ranking": {"family": 0.25, "game_decay": 0.9, "base": 0.3, "cov_exp": 1.5, "bm25_exp": 1.0, "diversify": 0.0}}


@dataclass
class Prepared:
    q: GradedQuery
    fixed: float | None  # nDCG when the weights cannot change the answer (rule numbers, pinned ids)
    args: tuple[Any, ...] = ()  # (candidates, analysis, scoped) for _rerank


def prepare(svc: SearchService, queries: list[GradedQuery]) -> list[Prepared]:
    view = svc._view()
    out = []
    for q in queries:
        seen: list[tuple[Any, ...]] = []
        real = view._rerank

        def spy(cands: Any, an: Any, scoped: bool = True, real: Callable[..., Any] = real,
                seen: list[tuple[Any, ...]] = seen) -> Any:
            seen.append((cands, an, scoped))
            return real(cands, an, scoped)

        view._rerank = spy  # type: ignore[method-assign]
        try:
            res = view.search(q.query, game=q.game, limit=K).to_dict()
        finally:
            del view._rerank
        got = [h["id"] if q.game else f"{h['game']}:{h['id']}" for h in res["hits"]]
        if len(seen) == 1 and _ids(view._rerank(*seen[0]), q.game is not None) == got:
            out.append(Prepared(q, None, seen[0]))
        else:
            out.append(Prepared(q, ndcg(got, q.relevant)))
    return out


def _ids(ranked: list[tuple[str, float]], scoped: bool) -> list[str]:
    out = []
    for key, _ in ranked[:K]:
        game, _, rid = key.split("|", 2)
        out.append(rid if scoped else f"{game}:{rid}")
    return out


def apply(w: dict[str, dict[str, float]]) -> None:
    """Make the running code use these weights (module globals read at call time)."""
    signals.SIGNALS = signals.make_signals(w["signals"])
    signals.QUESTION_SIGNALS = signals.make_signals(w["question"])
    signals.BASE = w["ranking"]["base"]
    signals.COV_EXP = w["ranking"]["cov_exp"]
    signals.BM25_EXP = w["ranking"].get("bm25_exp", 1.0)
    service_mod.FAMILY = w["ranking"]["family"]
    service_mod.GAME_DECAY = w["ranking"]["game_decay"]
    service_mod.DIVERSIFY = w["ranking"].get("diversify", 0.0)


def score(svc: SearchService, prepared: list[Prepared], w: dict[str, dict[str, float]]) -> float:
    apply(w)
    view = svc._view()
    total = 0.0
    for p in prepared:
        if p.fixed is not None:
            total += p.fixed
        else:
            total += ndcg(_ids(view._rerank(*p.args), p.q.game is not None), p.q.relevant)
    return total / max(len(prepared), 1)


def fit(svc: SearchService, prepared: list[Prepared], w: dict[str, dict[str, float]], rounds: int,
        min_gain: float, log: Callable[[str], None]) -> dict[str, dict[str, float]]:
    w = {part: dict(v) for part, v in w.items()}
    best = score(svc, prepared, w)
    log(f"start {best:.4f}")
    params = [("signals", n) for n in w["signals"] if n != "bm25"] + [("ranking", n) for n in RANKING_GRID]
    for r in range(rounds):
        moved = False
        for part, name in params:
            grid = SIGNAL_GRID if part == "signals" else RANKING_GRID[name]
            cur = w[part][name]
            got = {}
            for v in grid:
                if v == cur:
                    continue
                w[part][name] = v
                got[v] = score(svc, prepared, w)
            w[part][name] = cur
            if got:
                v, s = max(got.items(), key=lambda x: x[1])
                if s > best + min_gain:
                    log(f"round {r + 1}: {part}.{name} {cur} -> {v}: {best:.4f} -> {s:.4f}")
                    w[part][name], best, moved = v, s, True
        if not moved:
            break
    apply(w)
    return w


def features(svc: SearchService, prepared: list[Prepared]) -> list[tuple[list[str], Any, list[int]]]:
    """Per reranked query: (candidate keys, matrix of signal values, gated ones times coverage;
    grade of each candidate)."""
    import numpy as np

    names = [n for n, _, _ in signals._TABLE]
    gated = {n for n, _, g in signals._TABLE if g}
    signals.SIGNALS = signals.QUESTION_SIGNALS = signals.make_signals({n: 1.0 for n in names})
    view = svc._view()
    out = []
    for p in prepared:
        if p.fixed is not None:
            continue
        view.debug = {}
        try:
            view._rerank(*p.args)
            shown = dict(view.debug)
        finally:
            view.debug = None
        keys = [k for k, _ in p.args[0] if k in shown]
        scoped = p.q.game is not None
        x = np.array([[shown[k][n] * (shown[k]["cov"] if n in gated else 1.0) for n in names] for k in keys])
        grades = [p.q.relevant.get(rid if scoped else f"{k.split('|', 1)[0]}:{rid}", 0)
                  for k in keys for rid in (k.split("|", 2)[2],)]
        out.append((keys, x, grades))
    return out


def pairwise(data: list[tuple[list[str], Any, list[int]]], start: dict[str, float], l2: float,
             steps: int = 600, frozen: frozenset[str] = frozenset()) -> dict[str, float]:
    """Weights of a pairwise logistic loss (a better-graded candidate above a worse one), each pair
    weighted by how much nDCG@10 swapping the two would change at their current ranks (LambdaRank),
    pulled towards the start weights by `l2`; scaled so that bm25 stays 1. `frozen` signals keep
    their start weight."""
    import numpy as np

    names = [n for n, _, _ in signals._TABLE]
    free = np.array([n not in frozen for n in names], dtype=float)
    w0 = np.array([start.get(n, 0.0) for n in names])
    w = w0.copy()
    pairs = []
    for _, x, g in data:
        ga = np.array(g, dtype=float)
        i, j = np.nonzero(ga[:, None] > ga[None, :])
        ideal = sum((2 ** v - 1) / np.log2(r + 2) for r, v in enumerate(sorted(g, reverse=True)[:K]))
        if len(i) and ideal > 0:
            pairs.append((x, ga, i, j, ideal))
    lr = 1.0
    d = pw = np.zeros(0)
    for step in range(steps):
        if step % 50 == 0:  # the pairs' weights at the current ranks
            ds, ws = [], []
            for x, ga, i, j, ideal in pairs:
                rank = np.empty(len(ga), dtype=int)
                rank[np.argsort(-(x @ w), kind="stable")] = np.arange(len(ga))
                disc = np.where(rank < K, 1.0 / np.log2(rank + 2), 0.0)
                lam = np.abs((2 ** ga[i] - 2 ** ga[j]) * (disc[i] - disc[j])) / ideal
                ds.append(x[i] - x[j])
                ws.append(lam)
            d, pw = np.vstack(ds), np.concatenate(ws)
            pw = pw / max(pw.sum(), 1e-9) * len(pairs)
        z = d @ w
        sig = 1.0 / (1.0 + np.exp(np.clip(z, -30, 30)))  # d loss / d z = -sigmoid(-z)
        grad = -(pw * sig) @ d / len(pairs) + 2 * l2 * (w - w0)
        w -= lr * grad * free
    w = w0 + (w / w[names.index("bm25")] - w0) * free
    return {n: round(float(v), 3) for n, v in zip(names, w, strict=True)}


def _fold(q: GradedQuery) -> int:
    return int(hashlib.sha256(("fold:" + q.query.casefold()).encode()).hexdigest()[:8], 16) % 2


def write(w: dict[str, dict[str, float]], path: Path = signals.WEIGHTS_FILE) -> None:
    head = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
    lines = head + [""]
    for part in signals.PARTS:
        lines.append(f"[{part}]")
        lines += [f"{k} = {v:g}" for k, v in w[part].items()]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="*", default=TUNE_SETS, help="FILE#tune sets (default: every player set)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--min-gain", type=float, default=0.0005)
    ap.add_argument("--folds", action="store_true", help="fit on one half of the tuning queries, report the other")
    ap.add_argument("--write", action="store_true", help="write the fitted weights to weights.toml")
    ap.add_argument("--method", choices=("pairwise", "ascent"), default="pairwise")
    ap.add_argument("--part", choices=("question", "signals"), default="question",
                    help="pairwise: fit the weights for questions and longer queries, or for short queries")
    ap.add_argument("--on", choices=("own", "all"), default="own",
                    help="pairwise: fit on the queries that part ranks (own), or on every tuning query (all)")
    ap.add_argument("--l2", type=float, default=0.0001, help="pairwise: pull towards the current weights")
    ap.add_argument("--freeze", default="", help="pairwise: comma-separated signals whose weight stays as it is")
    ap.add_argument("--start", choices=("file", "hand"), default="file",
                    help="start from weights.toml, or from the hand-set weights of issue 17")
    a = ap.parse_args(argv)
    queries: list[GradedQuery] = []
    for spec in a.sets:
        if not spec.endswith("#tune"):
            ap.error(f"{spec}: only tuning halves (FILE#tune) may be fitted on")
        queries += load_set(spec)[1]
    svc = SearchService.open()
    svc.warm()
    start = signals.load_weights() if a.start == "file" else HAND
    prepared = prepare(svc, queries)
    print(f"{len(prepared)} tuning queries ({sum(p.fixed is None for p in prepared)} reranked)")
    def learn(train: list[Prepared], log: Callable[[str], None]) -> dict[str, dict[str, float]]:
        if a.method == "ascent":
            return fit(svc, train, start, a.rounds, a.min_gain, log)
        frozen = frozenset(x for x in a.freeze.split(",") if x)
        want = a.part == "question"
        mine = [p for p in train if p.fixed is None
                and (a.on == "all" or signals.is_question(len(p.args[1].concepts), p.args[1].intents) == want)]
        w = {part: dict(v) for part, v in start.items()}
        w[a.part] = pairwise(features(svc, mine), start[a.part], a.l2, frozen=frozen)
        return w

    if a.folds:
        for k in (0, 1):
            train = [p for p in prepared if _fold(p.q) == k]
            held = [p for p in prepared if _fold(p.q) != k]
            before = score(svc, held, start)
            w = learn(train, lambda s: None)
            print(f"fold {k}: fit on {len(train)} ({score(svc, train, start):.4f} -> {score(svc, train, w):.4f}), "
                  f"held-out {len(held)}: {before:.4f} -> {score(svc, held, w):.4f}")
        return 0
    before = score(svc, prepared, start)
    w = learn(prepared, print)
    print(f"tuning halves: {before:.4f} -> {score(svc, prepared, w):.4f}")
    print("fitted:", w)
    if DEV_SET.is_file():
        dev = prepare(svc, load_set(str(DEV_SET))[1])
        print(f"dev set (not fitted): {score(svc, dev, start):.4f} -> {score(svc, dev, w):.4f}")
    if a.write:
        write(w)
        print(f"written to {signals.WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
