"""Fit the semantic re-ranker's fusion (judge_app/search/neural.py: WEIGHT, DEPTH, MIN_WORDS) on the
TUNING halves of the graded player queries and the development set.

    JUDGE_DATA_DIR=... .venv/bin/python scripts/tune_semantic.py [--grid [--weights ...] [--depths ...]
        [--min-words-grid ...] [--shaped-grid 0 1]] [--weight W --depth N --min-words M [--unshaped]]

Needs the model (`judge semantic-model fetch`). Only `FILE#tune` sets are read (a set naming the test
half is refused), so the fit never sees the queries the quality figures are reported on. Prints nDCG@10
overall and per kind, lexical and with the re-ranker, for every set, and on two folds of the tuning
queries (a second fixed hash, as scripts/learn_search_weights.py). Query vectors are computed once.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
from pathlib import Path
from typing import Any

import numpy as np

from judge_app.search import SearchService, neural
from judge_app.search.evaluation import GradedQuery, evaluate, load_set

ROOT = Path(__file__).resolve().parent.parent
TUNE_SETS = [str(p) + "#tune" for p in sorted((ROOT / "tests/search/queries").glob("players*.jsonl"))]
DEV_SET = ROOT.parent / "shared" / "search-dev.jsonl"


def load() -> list[tuple[str, list[GradedQuery]]]:
    out = []
    for spec in TUNE_SETS:
        if not spec.endswith("#tune"):
            raise SystemExit(f"{spec}: only tuning halves are read here")
        out.append(load_set(spec))
    if DEV_SET.is_file():
        out.append(load_set(str(DEV_SET)))
    return out


def fold(q: GradedQuery) -> int:
    return int(hashlib.md5(q.query.casefold().encode()).hexdigest()[:8], 16) % 2


def measure(svc: SearchService, sets: list[tuple[str, list[GradedQuery]]]) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    tune: list[dict[str, Any]] = []
    for label, qs in sets:
        rep = evaluate(qs, lambda q: svc.search(q.query, game=q.game, limit=10).to_dict())
        rows[label] = rep
        if label.endswith(" tune"):
            tune += [{**p, "fold": fold(q)} for p, q in zip(rep["queries"], qs, strict=True)]
    kinds = sorted({p["kind"] for p in tune})

    def mean(ps: list[dict[str, Any]]) -> float:
        return float(np.mean([p["ndcg"] for p in ps])) if ps else float("nan")

    rows["_all_tune"] = {"ndcg": mean(tune), "n": len(tune),
                         "kinds": {k: (mean([p for p in tune if p["kind"] == k]), sum(p["kind"] == k for p in tune))
                                   for k in kinds},
                         "folds": [mean([p for p in tune if p["fold"] == f]) for f in (0, 1)]}
    return rows


def line(tag: str, r: dict[str, Any]) -> str:
    a = r["_all_tune"]
    kinds = " ".join(f"{k}={v:.3f}" for k, (v, _) in a["kinds"].items())
    dev = next((v["overall"]["ndcg"] for k, v in r.items() if k == "search-dev"), float("nan"))
    return (f"{tag:<28} tune {a['ndcg']:.4f} (folds {a['folds'][0]:.4f}/{a['folds'][1]:.4f}) dev {dev:.4f} | "
            + kinds)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--grid", action="store_true")
    ap.add_argument("--weight", type=float, default=neural.WEIGHT)
    ap.add_argument("--depth", type=int, default=neural.DEPTH)
    ap.add_argument("--min-words", type=int, default=neural.MIN_WORDS)
    ap.add_argument("--unshaped", action="store_true", help="do not re-rank question-shaped queries as such")
    ap.add_argument("--per-set", action="store_true")
    ap.add_argument("--weights", type=float, nargs="+", default=[0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
    ap.add_argument("--depths", type=int, nargs="+", default=[10, 20, 30, 50])
    ap.add_argument("--min-words-grid", type=int, nargs="+", default=[3, 4, 5, 99])
    ap.add_argument("--shaped-grid", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--fusion", choices=("linear", "rrf"), default=neural.FUSION)
    ap.add_argument("--dense-grid", type=int, nargs="+", default=[neural.DENSE],
                    help="rrf: how many nearest rules the model proposes as candidates too")
    ap.add_argument("--rrf-k-grid", type=int, nargs="+", default=[neural.RRF_K])
    ap.add_argument("--wording-grid", type=int, nargs="+", default=[int(neural.WORDING)],
                    help="1: a card wording opening with when/cannot is no question (neural.card_wording)")
    ap.add_argument("--expand-grid", type=int, nargs="+", default=[int(neural.EXPAND)],
                    help="1: the query is embedded with its vocabulary expansions (neural.expanded_text)")
    args = ap.parse_args()
    sets = load()
    svc = SearchService.open(semantic=True)
    sem = svc.semantic
    assert sem is not None
    model = sem.model()
    sem.vectors(svc.library)
    memo: dict[str, np.ndarray] = {}
    embed = model.embed

    def cached(texts: Any, batch: int = 32) -> np.ndarray:
        if len(texts) != 1:
            return embed(texts, batch)
        got = memo.get(texts[0])
        if got is None:
            got = memo[texts[0]] = embed(texts, batch)
        return got

    model.embed = cached  # type: ignore[method-assign]
    plain = SearchService(svc.library, svc.reader, svc.store, semantic=False)
    base = measure(plain, sets)
    print(line("lexical", base))
    configs = [(args.weight, args.depth, args.min_words, not args.unshaped)]
    if args.grid:
        configs = list(itertools.product(args.weights, args.depths, args.min_words_grid, args.shaped_grid))
    best = None
    sem.fusion = args.fusion
    for (w, d, m, sh), dense, rk, wd, ex in itertools.product(configs, args.dense_grid, args.rrf_k_grid,
                                                              args.wording_grid, args.expand_grid):
        sem.weight, sem.depth, sem.min_words, sem.shaped = w, d, m, sh
        sem.dense, sem.rrf_k, sem.wording, sem.expand = dense, rk, bool(wd), bool(ex)
        r = measure(svc, sets)
        print(line(f"{args.fusion} w={w} depth={d} min_words={m} shaped={int(sh)} dense={dense} k={rk} "
                   f"wording={wd} expand={ex}", r), flush=True)
        if best is None or r["_all_tune"]["ndcg"] > best[0]:
            best = (r["_all_tune"]["ndcg"], (w, d, m, sh, dense, rk, wd, ex), r)
        if args.per_set:
            for label in r:
                if not label.startswith("_"):
                    print(f"    {label:<18} {base[label]['overall']['ndcg']:.4f} -> {r[label]['overall']['ndcg']:.4f}")
    if best is not None:
        print("best", best[1], line("", best[2]))


if __name__ == "__main__":
    main()
