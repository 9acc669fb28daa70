"""The whoosh index: the only module of the service that imports whoosh.

One whoosh document per rule (examples and notes are folded into their rule), for every game and
every version. Fields:

- ``key`` ``game|version|id`` (unique, stored), ``docset`` ``game|version`` (filter), ``game``;
- ``title`` (the rule's own heading), ``terms`` (terms the rule defines), ``body`` (its text),
  ``extra`` (its examples and notes), ``context`` (the titles of its ancestors): stemmed;
- ``raw``: every word of title, terms and text, unstemmed, for typo matching and spelling
  suggestions (whoosh's spelling support finds nothing on a stemmed field).

Queries are built in code from `Concept` objects (bounded, already-tokenised words), never by
whoosh's query parser: there is no way for user text to reach wildcard, fuzzy, range or field
syntax.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from whoosh import index as windex
from whoosh import query as Q
from whoosh import scoring
from whoosh.analysis import StandardAnalyzer, StemmingAnalyzer
from whoosh.fields import ID, TEXT, Schema

from judge_app.rules.model import Document, Kind

# Bump when the schema or the way documents are composed changes: the index is rebuilt.
INDEX_FORMAT = "1"

_stem = StemmingAnalyzer(minsize=1)
_raw = StandardAnalyzer(stoplist=None, minsize=1)

SCHEMA = Schema(
    key=ID(stored=True, unique=True),
    docset=ID(),
    game=ID(),
    title=TEXT(analyzer=_stem, phrase=True),
    terms=TEXT(analyzer=_stem, phrase=True),
    body=TEXT(analyzer=_stem, phrase=True),
    extra=TEXT(analyzer=_stem, phrase=False),
    context=TEXT(analyzer=_stem, phrase=False),
    raw=TEXT(analyzer=_raw, phrase=False),
)

# Per-field weights for a query word; the reranker adds its own features on top.
FIELD_WEIGHTS = {"title": 2.5, "terms": 3.0, "body": 1.0, "extra": 0.3, "context": 0.6}

# BM25F: titles and terms are short; do not normalise their length much.
_WEIGHTING = scoring.BM25F(B=0.75, K1=1.2, title_B=0.3, terms_B=0.2, context_B=0.5)


@lru_cache(maxsize=65536)
def stem(word: str) -> str | None:
    """The indexed form of one word in the stemmed fields (None for a stop word)."""
    toks = [t.text for t in _stem(word)]
    return toks[0] if toks else None


def stems(text: str) -> list[str]:
    return [t.text for t in _stem(text)]


def raw_words(text: str) -> list[str]:
    return [t.text for t in _raw(text)]


def docset(game: str, version: str) -> str:
    return f"{game}|{version}"


def make_key(game: str, version: str, rid: str) -> str:
    return f"{game}|{version}|{rid}"


# Terms the library's own extraction may miss: numerical information called "rage",
# "Rule action" is a general term for ...
_CALLED = re.compile(
    r"(?:\bcalled|\breferred to as|\bknown as)\s+(?:an?\s+|the\s+)?[\"“‘']([^\"”’']{2,40})[\"”’']"
    r"|^[\"“‘]([^\"”’]{2,40})[\"”’]\s+(?:is|are|refers?|means?)\b")


@dataclass(frozen=True)
class Alt:
    """One way of saying a concept: its stemmed words (a phrase when several) and a weight."""

    words: tuple[str, ...]
    weight: float = 1.0


@dataclass(frozen=True)
class Concept:
    alts: tuple[Alt, ...]


def rule_fields(doc: Document, rule_id: str) -> dict[str, str]:
    """The text of each field for one (non-example) rule."""
    r = doc.rules[rule_id]
    extra = [doc.rules[c].text for c in r.children if c in doc.rules and doc.rules[c].kind in (Kind.EXAMPLE, Kind.NOTE)]
    ctx = [a.title or "" for a in doc.ancestors(rule_id)]
    terms = list(r.defines)
    for m in _CALLED.finditer(r.text or ""):
        t = (m.group(1) or m.group(2) or "").strip()
        if t and t.casefold() not in {x.casefold() for x in terms}:
            terms.append(t)
    return {
        "title": r.title or "",
        "terms": " ; ".join(terms),
        "body": r.text or "",
        "extra": " ".join(extra),
        "context": " ; ".join(ctx),
    }


def build(documents: Iterable[Document], target: Path, meta: dict) -> int:
    """Write a complete index into the empty directory `target`; returns the number of documents."""
    target.mkdir(parents=True, exist_ok=True)
    ix = windex.create_in(str(target), SCHEMA)
    writer = ix.writer(limitmb=256)
    n = 0
    try:
        for doc in documents:
            ds = docset(doc.game, doc.version)
            for r in doc:
                if r.kind in (Kind.EXAMPLE, Kind.NOTE):
                    continue
                f = rule_fields(doc, r.id)
                writer.add_document(
                    key=make_key(doc.game, doc.version, r.id), docset=ds, game=doc.game,
                    title=f["title"], terms=f["terms"], body=f["body"], extra=f["extra"], context=f["context"],
                    raw=" ".join([f["title"], f["terms"], f["body"], f["extra"]]),
                )
                n += 1
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    (target / "meta.json").write_text(json.dumps({**meta, "documents": n}), encoding="utf-8")
    return n


class IndexReader:
    """An opened index directory. Searches run on a per-thread whoosh searcher."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.meta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
        self._ix = windex.open_dir(str(self.path))
        self._local = threading.local()
        self._all: list = []
        self._lock = threading.Lock()
        s = self._searcher()
        self.doc_count = s.doc_count()
        # key -> whoosh docnum and back, to turn hits into rules without stored-field lookups
        self._keys: dict[int, str] = {}
        for docnum, stored in s.iter_docs():
            self._keys[docnum] = stored["key"]
        self._lexicon: dict[str, int] | None = None

    def _searcher(self):
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._ix.searcher(weighting=_WEIGHTING)
            self._local.searcher = s
            with self._lock:
                self._all.append(s)
        return s

    def close(self) -> None:
        with self._lock:
            for s in self._all:
                try:
                    s.close()
                except Exception:  # noqa: BLE001 - closing is best effort
                    pass
            self._all.clear()
        self._local = threading.local()
        self._ix.close()

    def lexicon(self) -> dict[str, int]:
        """Unstemmed words of the corpus with their document frequency (from the ``raw`` field)."""
        if self._lexicon is None:
            r = self._searcher().reader()
            self._lexicon = {(t.decode("utf-8") if isinstance(t, bytes) else t): info.doc_frequency()
                             for t, info in r.iter_field("raw")}
        return self._lexicon

    def search(self, concepts: list[Concept], docsets: list[str], limit: int = 100,
               bm25_only: bool = False) -> list[tuple[str, float]]:
        """Candidates for the concepts within `docsets`: [(key, score)], best first."""
        q = build_query(concepts, bm25_only=bm25_only)
        if q is None:
            return []
        flt = Q.Or([Q.Term("docset", d) for d in docsets]) if docsets else None
        s = self._searcher()
        results = s.search(q, limit=limit, filter=flt, scored=True)
        return [(self._keys[hit.docnum], float(hit.score)) for hit in results]


def build_query(concepts: list[Concept], bm25_only: bool = False):
    clauses = []
    for c in concepts:
        alts = []
        for a in c.alts:
            if not a.words:
                continue
            per_field = []
            fields = {"title": 1.0, "body": 1.0} if bm25_only else FIELD_WEIGHTS
            for fname, fw in fields.items():
                if len(a.words) == 1:
                    per_field.append(Q.Term(fname, a.words[0], boost=fw * a.weight))
                elif fname in ("title", "terms", "body"):
                    per_field.append(Q.Phrase(fname, list(a.words), slop=2, boost=fw * a.weight))
                else:
                    per_field.append(Q.And([Q.Term(fname, w) for w in a.words], boost=fw * a.weight * 0.5))
            alts.append(Q.Or(per_field) if len(per_field) > 1 else per_field[0])
        if alts:
            clauses.append(Q.DisjunctionMax(alts) if len(alts) > 1 and not bm25_only else
                           (Q.Or(alts) if len(alts) > 1 else alts[0]))
    if not clauses:
        return None
    return Q.Or(clauses) if len(clauses) > 1 else clauses[0]


def open_reader(path: Path) -> IndexReader:
    return IndexReader(path)


def index_exists(path: Path) -> bool:
    return (Path(path) / "meta.json").is_file() and windex.exists_in(str(path))
