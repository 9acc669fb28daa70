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
            "perm_modal", "kid_of_top", "sib_of_top",
            # (twenty-fourth round) what came since the last fit: the player words (the share of the query said
            # only there, said there or in the text, their phrases, their own BM25 relative to the window's best),
            # the family's share, a quoted wording the rule quotes too, and document-side priors: how many rules
            # cite it (a principle others refer to), how many it cites, whether players' words were written for it
            "pw_only", "told", "fam_only", "phrase", "pw_bm25", "quoted", "cited", "cites", "has_pw")
EXTRA = ("pw_bm25", "quoted")  # read from what the service gives beside the Match (service._ltr_extra)
_EXTRA_AT = tuple(FEATURES.index(n) for n in EXTRA)
_NEWER_AT = FEATURES.index("pw_only")  # the twenty-fourth round's features start here
_NO_NEWER = (0.0,) * (len(FEATURES) - _NEWER_AT)


Tree = tuple[float, ...]  # a depth-2 regression tree: (f, t, fl, tl, vll, vlr, fr, tr, vrl, vrr)


@dataclass(frozen=True)
class Model:
    depth: int  # how many of the best candidates it re-orders
    weights: dict[str, tuple[float, ...]]  # per part, one weight per FEATURES entry (absent: the part is off)
    trees: dict[str, tuple[Tree, ...]] | None = None  # per part, boosted trees added to the linear value

    def _reads(self, at: range | tuple[int, ...]) -> bool:
        used = {i for w in self.weights.values() for i in at if w[i]}
        used |= {int(t[k]) for ts in (self.trees or {}).values() for t in ts for k in (0, 2, 6)} & set(at)
        return bool(used)

    @property
    def extra(self) -> bool:
        """Whether it reads a feature of EXTRA (which costs the service a look-up per candidate)."""
        return self._reads(_EXTRA_AT)

    @property
    def newer(self) -> bool:
        """Whether it reads a feature of the twenty-fourth round (a model that does not is spared computing them)."""
        return self._reads(range(_NEWER_AT, len(FEATURES)))


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


def _weighted(bits: int, q: signals.QueryInGame) -> float:
    """The idf-weighted share of the query's concepts whose bits are set."""
    return sum(w for i, w in enumerate(q.weights) if bits >> i & 1) / q.total if bits else 0.0


def _family_only(m: Match) -> float:
    """The share of the query said only in the rule's parent's or subrules' text (Features.fam)."""
    f, q = m.f, m.q
    if not f.fam:
        return 0.0
    got = 0.0
    for i, (alts, w) in enumerate(zip(q.alts, q.weights, strict=True)):
        if not m.told >> i & 1 and any(ws <= f.fam for ws, _ in alts) \
                and not any(ws <= f.ptitle or ws <= f.ctx for ws, _ in alts):
            got += w
    return got / q.total


def featurize(window: list[tuple[str, float]], matches: dict[str, Match],
              ups: dict[str, tuple[str, ...]],
              extra: dict[str, tuple[float, float]] | None = None, newer: bool = True) -> list[tuple[float, ...]]:
    """One row of FEATURES per candidate of `window` (the best first); `extra`: per key, the EXTRA
    features (0 when absent); `newer` False: the twenty-fourth round's features read as 0 (not computed)."""
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
    ex = [extra.get(k, (0.0, 0.0)) if extra else (0.0, 0.0) for k, _ in window]
    best_pw = max(e[0] for e in ex) or 1.0
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
        ) + ((
            _weighted(m.told & ~m.said, q),
            _weighted(m.told, q),
            _family_only(m),
            signals.phrase(m),
            ex[i][0] / best_pw,
            ex[i][1],
            math.log1p(min(f.cited, 20)) / math.log1p(20),
            min(f.cites, 5) / 5,
            1.0 if f.pw or f.phrases else 0.0,
        ) if newer else _NO_NEWER))
    return rows


def reorder(ranked: list[tuple[str, float]], matches: dict[str, Match], ups: dict[str, tuple[str, ...]],
            weights: tuple[float, ...], depth: int, trees: tuple[Tree, ...] = (),
            extra: dict[str, tuple[float, float]] | None = None, newer: bool = True) -> list[tuple[str, float]]:
    """`ranked` with its first `depth` candidates re-ordered by the model's weights (and trees)."""
    window = [x for x in ranked[:depth] if x[0] in matches]
    if len(window) < 2 or len(window) != min(depth, len(ranked)):
        return ranked
    rows = featurize(window, matches, ups, extra, newer)
    val = (np.array(rows) @ np.array(weights)).tolist()  # (one product: a Python sum per row costs 5x more)
    if trees:
        val = [v + sum(tree_value(t, row) for t in trees) for v, row in zip(val, rows, strict=True)]
    order = sorted(range(len(window)), key=lambda i: (-val[i], i))
    scores = [sc for _, sc in window]
    return [(window[i][0], scores[n]) for n, i in enumerate(order)] + ranked[len(window):]
