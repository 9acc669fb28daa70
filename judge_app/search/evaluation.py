"""Graded query sets and the metrics of `judge eval-search` (format: ../shared/search-eval.md).

Each line: {"qid", "game" (or null), "query", "kind", "relevant": {id or "game:id": grade}}.
Over the top 10 results of each query:

- MRR@10: 1/rank of the first result graded 2 or 3 (0 if none);
- nDCG@10: gain = grade, discount = 1/log2(rank+1), normalised by the ideal ordering;
- Recall@10: share of the ids graded 2 or 3 that appear in the top 10.

An example or a note is not a search result of its own: the index folds it into the rule it belongs to.
A graded example or note id therefore counts as that rule, at the higher of the two grades (`folded`);
otherwise the ideal ordering would hold an id no search can return.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge_app.errors import BadQuery
from judge_app.rules.model import Kind

if TYPE_CHECKING:
    from judge_app.rules.library import Library
    from judge_app.search.service import SearchService

K = 10


@dataclass(frozen=True)
class GradedQuery:
    qid: str
    game: str | None
    query: str
    kind: str
    relevant: dict[str, int]


def load_queries(path: Path | str) -> list[GradedQuery]:
    out = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
            out.append(GradedQuery(str(d.get("qid", n)), d.get("game"), d["query"], d.get("kind", "other"),
                                   {str(k): int(v) for k, v in d["relevant"].items()}))
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise BadQuery(f"{path}:{n}: not a graded query: {e}") from e
    return out


SPLITS = ("tune", "test")


def split_of(query: str) -> str:
    """The half a graded query belongs to: a fixed hash of its text (case and spacing ignored), so
    that the split is decided before any tuning and a query never moves between halves."""
    key = " ".join(query.casefold().split()).encode("utf-8")
    return SPLITS[int(hashlib.sha256(key).hexdigest()[:8], 16) % 2]


def load_set(spec: str) -> tuple[str, list[GradedQuery]]:
    """`FILE` or `FILE#tune` / `FILE#test` (one half of the file): (label, queries)."""
    path, _, half = spec.partition("#")
    if half and half not in SPLITS:
        raise BadQuery(f"{spec}: unknown half {half!r}; use #tune or #test")
    qs = load_queries(path)
    if half:
        qs = [q for q in qs if split_of(q.query) == half]
    label = Path(path).stem + (f" {half}" if half else "")
    return label, qs


def mrr(ranked: list[str], rel: dict[str, int], k: int = K) -> float:
    for i, rid in enumerate(ranked[:k], 1):
        if rel.get(rid, 0) >= 2:
            return 1.0 / i
    return 0.0


def dcg(gains: Iterable[int]) -> float:
    return sum(g / math.log2(i + 1) for i, g in enumerate(gains, 1))


def ndcg(ranked: list[str], rel: dict[str, int], k: int = K) -> float:
    ideal = dcg(sorted(rel.values(), reverse=True)[:k])
    if ideal <= 0:
        return 0.0
    seen: set[str] = set()
    gains = []
    for rid in ranked[:k]:
        gains.append(rel.get(rid, 0) if rid not in seen else 0)
        seen.add(rid)
    return dcg(gains) / ideal


def recall(ranked: list[str], rel: dict[str, int], k: int = K) -> float:
    want = {r for r, g in rel.items() if g >= 2}
    if not want:
        return 0.0
    return len(want & set(ranked[:k])) / len(want)


def hit_ids(result: dict[str, Any], scoped: bool) -> list[str]:
    return [h["id"] if scoped else f"{h['game']}:{h['id']}" for h in result["hits"]]


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def evaluate(queries: list[GradedQuery], run: Callable[[GradedQuery], dict[str, Any]]) -> dict[str, Any]:
    """Run every query through `run` (returns a result dict) and aggregate the metrics."""
    per: list[dict[str, Any]] = []
    for q in queries:
        t0 = time.perf_counter()
        res = run(q)
        ms = (time.perf_counter() - t0) * 1000
        ranked = hit_ids(res, q.game is not None)
        per.append({"qid": q.qid, "kind": q.kind, "query": q.query, "game": q.game,
                    "mrr": mrr(ranked, q.relevant), "ndcg": ndcg(ranked, q.relevant),
                    "recall": recall(ranked, q.relevant), "ms": round(ms, 2), "top": ranked[:K]})
    return {"overall": _agg(per), "by_kind": {k: _agg([p for p in per if p["kind"] == k])
                                              for k in sorted({p["kind"] for p in per})},
            "queries": per}


def _agg(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"n": len(rows), "mrr": round(_mean([r["mrr"] for r in rows]), 4),
            "ndcg": round(_mean([r["ndcg"] for r in rows]), 4),
            "recall": round(_mean([r["recall"] for r in rows]), 4)}


def _holder(library: Library, game: str, rid: str) -> str:
    """The rule a search returns for `rid`: itself, or for an example or note the nearest ancestor that is
    neither (the index folds them into it). An id the document lacks is left as it is."""
    doc = library.document(game)
    r = doc.rules.get(rid)
    while r is not None and r.kind in (Kind.EXAMPLE, Kind.NOTE) and r.parent in doc.rules:
        r = doc.rules[r.parent]
    return r.id if r is not None else rid


def folded(library: Library, q: GradedQuery) -> GradedQuery:
    """The query with each graded example or note id counted as the rule it is folded into (higher grade kept)."""
    rel: dict[str, int] = {}
    for key, grade in q.relevant.items():
        game, _, rid = key.rpartition(":") if q.game is None else (q.game, ":", key)
        if game and game in library.games:
            rid = _holder(library, game, rid)
        k = rid if q.game is not None else f"{game}:{rid}"
        rel[k] = max(grade, rel.get(k, 0))
    return q if rel == q.relevant else GradedQuery(q.qid, q.game, q.query, q.kind, rel)


def run_eval(svc: SearchService, queries: list[GradedQuery], baseline: bool = True) -> dict[str, Any]:
    """Metrics of the service, and of the plain BM25 baseline when asked (graded examples and notes folded
    into their rule, as the index folds them)."""
    queries = [folded(svc.library, q) for q in queries]
    out = {"k": K, "queries": len(queries),
           "search": evaluate(queries, lambda q: svc.search(q.query, game=q.game, limit=K).to_dict())}
    if baseline:
        out["baseline"] = evaluate(queries, lambda q: svc.baseline(q.query, game=q.game, limit=K).to_dict())
    return out


def format_report(report: dict[str, Any]) -> str:
    lines = [f"{report['queries']} queries, metrics @{report['k']}", ""]
    systems = [("search", report["search"])] + ([("BM25 baseline", report["baseline"])] if "baseline" in report else [])
    head = f"{'':<14}" + "".join(f"{name:>30}" for name, _ in systems)
    lines.append(head)
    lines.append(f"{'':<14}" + "".join(f"{'MRR':>10}{'nDCG':>10}{'Recall':>10}" for _ in systems))
    kinds = ["overall"] + sorted(report["search"]["by_kind"])
    for k in kinds:
        row = f"{k:<14}"
        for _, s in systems:
            a = s["overall"] if k == "overall" else s["by_kind"].get(k, {"mrr": 0, "ndcg": 0, "recall": 0, "n": 0})
            row += f"{a['mrr']:>10.3f}{a['ndcg']:>10.3f}{a['recall']:>10.3f}"
        n = report["search"]["overall"]["n"] if k == "overall" else report["search"]["by_kind"][k]["n"]
        lines.append(row + f"   (n={n})")
    return "\n".join(lines)


def format_markdown(reports: list[tuple[str, dict[str, Any]]]) -> str:
    """Several query sets side by side (one column group per set), per kind: a Markdown table."""
    kinds = ["overall"] + sorted({k for _, r in reports for k in r["search"]["by_kind"]})
    head = "| kind | " + " | ".join(f"{lab} (n={r['queries']}) nDCG | MRR | Recall" for lab, r in reports) + " |"
    sep = "|---|" + "---:|---:|---:|" * len(reports)
    lines = [head, sep]
    for k in kinds:
        cells = []
        for _, r in reports:
            a = r["search"]["overall"] if k == "overall" else r["search"]["by_kind"].get(k)
            if a is None:
                cells.append("– | – | –")
            else:
                cells.append(f"{a['ndcg']:.3f} | {a['mrr']:.3f} | {a['recall']:.3f}")
        n = " / ".join(str((r["search"]["overall"] if k == "overall" else r["search"]["by_kind"].get(k, {"n": 0}))["n"])
                       for _, r in reports)
        lines.append(f"| {k} (n={n}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)
