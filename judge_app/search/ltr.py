"""A learned re-ordering of the reranker's best candidates (learning to rank, issue 17 tenth round).

The reranker (signals.py, then the adjustments in service._rerank) gives each candidate a score and
an order. This step reads, for the first `depth` of them, features the score does not combine (the
signals one by one, the candidate's place, its relation to the other candidates: a subrule below
its parent, a heading above its own subrules, siblings) and re-orders them by a linear function of
those features whose weights are data (`ranker.toml`), fitted by `scripts/learn_search_ranker.py` on
the tuning halves only (pairwise, LambdaRank-weighted logistic loss, L2 towards the current order),
with its settings chosen by k-fold cross-validation inside the tuning queries. The first feature is
the current score, so weights of 0 elsewhere keep the current order. The scores given back are the
window's own scores in their new order, so the steps after it (an unscoped query's per-game decay)
see the same values.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from judge_app.search import signals
from judge_app.search.signals import Match

MODEL_FILE = Path(__file__).with_name("ranker.toml")
PARTS = ("question", "short")  # signals.is_question: questions and longer queries / the rest

FEATURES = ("score", "rank", "bm25", "cov", "body", "define", "heading", "title", "under", "adj",
            "intent", "is_heading", "leaf", "depth", "size", "kids", "parent_above", "sibs", "sem",
            # (twelfth round) the candidate against the rest of the window, and what its own words say
            "body_rel", "cov_rel", "bm25_rank", "prec", "tprec", "said", "first_child", "count_num",
            "perm_modal", "kid_of_top", "sib_of_top")


Tree = tuple[float, ...]  # a depth-2 regression tree: (f, t, fl, tl, vll, vlr, fr, tr, vrl, vrr)


@dataclass(frozen=True)
class Model:
    depth: int  # how many of the best candidates it re-orders
    weights: dict[str, tuple[float, ...]]  # per part, one weight per FEATURES entry (absent: the part is off)
    trees: dict[str, tuple[Tree, ...]] | None = None  # per part, boosted trees added to the linear value


def load(path: Path = MODEL_FILE) -> Model | None:
    """The model in `path`, or None when there is none (or it re-orders nothing)."""
    if not path.is_file():
        return None
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    weights = {}
    for part in PARTS:
        row = data.get(part)
        if row:
            weights[part] = tuple(float(row.get(n, 0.0)) for n in FEATURES)
    trees = {part: tuple(tuple(float(v) for v in t) for t in data[f"{part}-trees"]["trees"])
             for part in weights if f"{part}-trees" in data}
    depth = int(data.get("model", {}).get("depth", 0))
    return Model(depth, weights, trees or None) if depth > 1 and weights else None


def tree_value(t: Tree, row: tuple[float, ...]) -> float:
    if row[int(t[0])] <= t[1]:
        return t[4] if row[int(t[2])] <= t[3] else t[5]
    return t[8] if row[int(t[6])] <= t[7] else t[9]


def featurize(window: list[tuple[str, float]], matches: dict[str, Match],
              ups: dict[str, tuple[str, ...]]) -> list[tuple[float, ...]]:
    """One row of FEATURES per candidate of `window` (the best first)."""
    top = window[0][1] if window and window[0][1] > 0 else 1.0
    pos = {k: i for i, (k, _) in enumerate(window)}
    kids: dict[str, int] = {}
    sibs: dict[str, int] = {}
    for k, _ in window:
        u = ups.get(k, ())
        for a in u:
            if a in pos:
                kids[a] = kids.get(a, 0) + 1
        if u:
            sibs[u[0]] = sibs.get(u[0], 0) + 1
    ms = [matches[k] for k, _ in window]
    best_body = max(m.body for m in ms) or 1.0
    best_cov = max(m.coverage for m in ms) or 1.0
    by_bm25 = sorted(range(len(ms)), key=lambda i: -ms[i].bm25)
    bm25_place = {i: n for n, i in enumerate(by_bm25)}
    first = window[0][0]
    first_up = ups.get(first, ())
    first_parent = first_up[0] if first_up else None
    rows: list[tuple[float, ...]] = []
    for i, (k, sc) in enumerate(window):
        m = ms[i]
        f = m.f
        q = m.q
        u = ups.get(k, ())
        parent = u[0] if u else None
        concepts = len(q.weights) or 1
        rows.append((
            sc / top,
            1.0 / math.log2(i + 2),
            float(m.bm25),
            m.coverage,
            m.body,
            signals.define(m),
            signals.heading(m),
            signals.title(m),
            m.under,
            signals.adjacency(m),
            signals.intent(m) * m.coverage,
            1.0 if f.heading else 0.0,
            1.0 if f.leaf else 0.0,
            len(f.up) / 3,
            min(len(f.text), 60) / 60,
            min(kids.get(k, 0), 5) / 5,
            1.0 if parent is not None and pos.get(parent, len(window)) < i else 0.0,
            min(sibs.get(parent, 1) - 1, 5) / 5 if parent is not None else 0.0,
            signals.semantic(m),
            m.body / best_body,
            m.coverage / best_cov,
            1.0 / math.log2(bm25_place[i] + 2),
            len(f.text & q.words) / len(f.text) if f.text else 0.0,
            len(f.title_set & q.words) / len(f.title_set) if f.title_set else 0.0,
            bin(m.said).count("1") / concepts,
            1.0 if f.first_child else 0.0,
            1.0 if f.numeric and "numeric" in q.intents else 0.0,
            1.0 if f.modal and "modal" in q.intents else 0.0,
            1.0 if i > 0 and parent == first else 0.0,
            1.0 if i > 0 and parent is not None and parent == first_parent else 0.0,
        ))
    return rows


def reorder(ranked: list[tuple[str, float]], matches: dict[str, Match], ups: dict[str, tuple[str, ...]],
            weights: tuple[float, ...], depth: int, trees: tuple[Tree, ...] = ()) -> list[tuple[str, float]]:
    """`ranked` with its first `depth` candidates re-ordered by the model's weights (and trees)."""
    window = [x for x in ranked[:depth] if x[0] in matches]
    if len(window) < 2 or len(window) != min(depth, len(ranked)):
        return ranked
    rows = featurize(window, matches, ups)
    val = (np.array(rows) @ np.array(weights)).tolist()  # (one product: a Python sum per row costs 5x more)
    if trees:
        val = [v + sum(tree_value(t, row) for t in trees) for v, row in zip(val, rows, strict=True)]
    order = sorted(range(len(window)), key=lambda i: (-val[i], i))
    scores = [sc for _, sc in window]
    return [(window[i][0], scores[n]) for n, i in enumerate(order)] + ranked[len(window):]
