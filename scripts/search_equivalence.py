"""Record or check what search answers for every graded query: ranked ids and scores.

    .venv/bin/python scripts/search_equivalence.py record OUT.json.gz [--queries FILE ...]
    .venv/bin/python scripts/search_equivalence.py check REF.json.gz

For a speed change that must not change answers: record with the old code (put its checkout
first on PYTHONPATH), check with the new one. Each query runs scoped to its game and unscoped,
20 hits each; a record holds every hit's key and unrounded score, the rest of the answer as
`to_dict` gives it, and a digest of what the hits show (titles, snippets, sections, groups). Default queries:
tests/search/queries/*.jsonl and the dev set when it is present. The index is built in a
temporary directory. The code measured is the `judge_app` first on sys.path.

A record states the fingerprint of the files that define ranking (weights, synonyms, signals,
query analysis, vocabularies, player words per rule, rules texts); a quality change makes a new record
necessary: `make search-record SESSION=N` writes tests/search/equivalence/sessionN.json.gz, which
tests/search/test_equivalence.py then reads (the highest N); remove the older record with git rm.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
QUERY_FILES = sorted((ROOT / "tests" / "search" / "queries").glob("*.jsonl"))
DEV_SET = ROOT.parent / "shared" / "search-dev.jsonl"
LIMIT = 20
SCORE_TOL = 1e-6  # relative
# what ranking is defined by (as opposed to how fast it runs): a record holds for these files only
QUALITY_FILES = ("judge_app/search/weights.toml", "judge_app/search/synonyms.toml", "judge_app/search/signals.py",
                 "judge_app/search/ranker.toml", "judge_app/search/ltr.py",
                 "judge_app/search/query.py", "judge_app/search/vocabulary.py", "judge_app/search/vocabulary/*.toml",
                 "judge_app/search/rule_words/*.toml", "rules_text/*")


def quality_fingerprint(root: Path = ROOT) -> str:
    h = hashlib.sha256()
    for pattern in QUALITY_FILES:
        for p in sorted(root.glob(pattern)):
            if p.is_file():
                h.update(p.relative_to(root).as_posix().encode())
                h.update(p.read_bytes())
    return h.hexdigest()[:16]


def default_queries() -> list[tuple[str, str | None]]:
    """(query, game) of every graded query, each also unscoped, in file order, without repeats."""
    files = [*QUERY_FILES, *([DEV_SET] if DEV_SET.is_file() else [])]
    out: dict[tuple[str, str | None], None] = {}
    for f in files:
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                q = json.loads(line)
                out[(q["query"], q.get("game"))] = None
                out[(q["query"], None)] = None
    return list(out)


def answers(svc: Any, queries: list[tuple[str, str | None]]) -> list[dict[str, Any]]:
    out = []
    for text, game in queries:
        res = svc.search(text, game=game, limit=LIMIT)
        d = res.to_dict()
        # what the hits show besides their scores, as a digest (snippets make the record large)
        shown = [{k: v for k, v in h.items() if k != "score"} for h in d.pop("hits")]
        d["shown"] = hashlib.sha256(json.dumps([shown, d.pop("groups"), d.pop("by_game")], sort_keys=True,
                                               ensure_ascii=False).encode()).hexdigest()[:16]
        d["raw"] = [[f"{h.game}|{h.version}|{h.id}", h.score] for h in res.hits]
        d["scope"] = game
        out.append(d)
    return out


def run(queries: list[tuple[str, str | None]] | None = None, svc: Any = None) -> list[dict[str, Any]]:
    """The answers of the code on sys.path (a fresh index in a temporary directory, unless `svc`)."""
    queries = queries if queries is not None else default_queries()
    if svc is not None:
        return answers(svc, queries)
    from judge_app.rules import load_library
    from judge_app.search import SearchService

    with tempfile.TemporaryDirectory(prefix="judge-equiv-") as tmp:
        old = os.environ.get("JUDGE_DATA_DIR")
        os.environ["JUDGE_DATA_DIR"] = tmp
        try:
            s = SearchService.open(library=load_library(), index_dir=Path(tmp) / "index")
            s.warm()
            try:
                return answers(s, queries)
            finally:
                s.close()
        finally:
            if old is None:
                os.environ.pop("JUDGE_DATA_DIR", None)
            else:
                os.environ["JUDGE_DATA_DIR"] = old


def differences(ref: list[dict[str, Any]], new: list[dict[str, Any]], tol: float = SCORE_TOL) -> list[str]:
    """Human-readable differences: ranks, scores beyond `tol` (relative), any other field.

    Two hits whose recorded scores are within `tol` may come in either order (and one of them
    may be the one cut at the 20th place): the word vectors are float32 sums from a randomised
    SVD, and two builds of the same index differ in the last bits (about 1e-7), enough to swap
    exact ties."""
    out: list[str] = []
    if len(ref) != len(new):
        out.append(f"{len(ref)} answers recorded, {len(new)} now")
    for a, b in zip(ref, new, strict=False):
        where = f"{a['query']!r} ({a['scope'] or 'all games'})"
        was = dict((k, s) for k, s in a["raw"])
        if len(a["raw"]) != len(b["raw"]):
            out.append(f"{where}: {len(a['raw'])} hits -> {len(b['raw'])}")
            continue
        same_order = True
        for (k1, s1), (k2, s2) in zip(a["raw"], b["raw"], strict=True):
            if not _close(was.get(k2, s2), s1, tol) or not _close(s2, was.get(k2, s2), tol):
                out.append(f"{where}: {k1} ({s1!r}) -> {k2} ({s2!r})")
                break
            same_order = same_order and k1 == k2
        for field in sorted(set(a) | set(b)):
            if field == "raw" or (field == "shown" and not same_order):
                continue
            if a.get(field) != b.get(field):
                out.append(f"{where}: {field} {a.get(field)!r} -> {b.get(field)!r}")
    return out


def _close(x: float, y: float, tol: float) -> bool:
    return abs(x - y) <= tol * max(1.0, abs(x))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("verb", choices=("record", "check"))
    ap.add_argument("file", type=Path)
    a = ap.parse_args()
    if a.verb == "record":
        got = run()
        with gzip.open(a.file, "wt", encoding="utf-8") as fh:
            json.dump({"quality": quality_fingerprint(), "answers": got}, fh, ensure_ascii=False, sort_keys=True)
        print(f"recorded {len(got)} answers to {a.file}")
        return 0
    with gzip.open(a.file, "rt", encoding="utf-8") as fh:
        rec = json.load(fh)
    if rec["quality"] != quality_fingerprint():
        print("note: the files that define ranking changed since this record (QUALITY_FILES)")
    ref = rec["answers"]
    got = run([(d["query"], d["scope"]) for d in ref])
    diff = differences(ref, got)
    for line in diff[:50]:
        print(line)
    print(f"{len(ref)} answers, {len(diff)} differences")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
