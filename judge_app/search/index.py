"""The whoosh index: the only module of the service that imports whoosh.

One whoosh document per rule (examples and notes are folded into their rule), for every game and
every version. Fields:

- ``key`` ``game|version|id`` (unique, stored), ``docset`` ``game|version`` (filter), ``game``;
- ``title`` (the rule's own heading), ``terms`` (terms the rule defines), ``body`` (its text),
  ``extra`` (its examples and notes), ``context`` (the titles of its ancestors): stemmed;
- ``words``: the words players use when asking about the rule (player_words.py, ``rule_words/``;
  sixteenth round), stemmed, at a weight of its own;
- ``raw``: every word of title, terms and text, unstemmed, for typo matching and spelling
  suggestions (whoosh's spelling support finds nothing on a stemmed field).

Queries are built in code from `Concept` objects (bounded, already-tokenised words), never by
whoosh's query parser: there is no way for user text to reach wildcard, fuzzy, range or field
syntax.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from whoosh import index as windex
from whoosh import query as Q
from whoosh import scoring
from whoosh.analysis import StandardAnalyzer, StemmingAnalyzer
from whoosh.fields import ID, TEXT, Schema
from whoosh.lang.porter import stem as _porter

from judge_app.rules.model import Document, Kind, Rule
from judge_app.search import inflections, player_words, semantic

# Bump when the schema or the way documents are composed changes: the index is rebuilt.
INDEX_FORMAT = "3"  # 2: the player-words field; 3: irregular verb forms and Porter's step 1b (_stem_word)


# Porter's step 1b as the algorithm states it: whoosh's copy anchors two of its tests at the start of the word,
# so "tapped" stems to "tapp" (not "tap", as "tap" does) and "activated" to "activat" (not "activ", as "activate"
# does). A word cut of -ed / -ing whose stem has a vowel: "-at", "-bl", "-iz" take back their "e"; a doubled
# consonant (but l, s, z) is undoubled, unless the stem is a vowel and the pair ("add", "err": words of their own)
_ED_ING = re.compile(r"^(?!.*eed$)(?P<s>.*?[aeiou].*?|.+?y.*?)(?:ed|ing)$")


def _stem_word(word: str) -> str:
    """Porter's stem of a word, an irregular verb form read as its base form first (inflections.py), with
    step 1b as Porter wrote it."""
    word = inflections.base_form(word)
    m = _ED_ING.match(word)
    if m:
        s = m.group("s")
        if s.endswith(("at", "bl", "iz")):
            word = s + "e"
        elif _doubled(s):
            word = s[:-1]
    return str(_porter(word))


def _doubled(s: str) -> bool:
    """Whether `s` ends in a doubled consonant other than l, s, z, and is more than a vowel and that pair."""
    return len(s) >= 3 and s[-1] == s[-2] and s[-1] not in "aeiouylsz" and not (len(s) == 3 and s[0] in "aeiou")


_stem = StemmingAnalyzer(minsize=1, stemfn=_stem_word)
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
    words=TEXT(analyzer=_stem, phrase=True),
    raw=TEXT(analyzer=_raw, phrase=False),
)

# Per-field weights for a query word; the reranker adds its own features on top.
# ("words", sixteenth round, the player words: swept 0.25-1.5 on the twelve tuning halves, 1.0 best pooled
# and chosen held out on ten of twelve sets; see docs/search.md)
FIELD_WEIGHTS = {"title": 2.0, "terms": 1.5, "body": 1.0, "extra": 0.3, "context": 0.6, "words": 1.0}

# BM25F: titles and terms are short; do not normalise their length much.
K1 = 1.2
PHRASE_FIELDS = ("title", "terms", "body", "words")
NON_ADJACENT = 0.35
PAIR_BOOST = 0.5  # extra for two typed words found side by side  # weight of a two-word alternative whose words are present but apart
FIELD_B = {"title": 0.3, "terms": 0.2, "body": 0.75, "extra": 0.75, "context": 0.5, "words": 0.75}
_WEIGHTING = scoring.BM25F(B=0.75, K1=K1)  # whoosh's own, for the plain baseline


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
    games: frozenset[str] | None = None  # the games it applies in (None: every game searched)


@dataclass(frozen=True)
class Concept:
    alts: tuple[Alt, ...]


def rule_terms(r: Rule) -> list[str]:
    """Terms a rule defines: the library's, plus quoted names it says something is called."""
    terms = list(r.defines)
    for m in _CALLED.finditer(r.text or ""):
        t = (m.group(1) or m.group(2) or "").strip()
        if t and t.casefold() not in {x.casefold() for x in terms}:
            terms.append(t)
    return terms


def rule_fields(doc: Document, rule_id: str) -> dict[str, str]:
    """The text of each field for one (non-example) rule."""
    r = doc.rules[rule_id]
    extra = [doc.rules[c].text for c in r.children if c in doc.rules and doc.rules[c].kind in (Kind.EXAMPLE, Kind.NOTE)]
    ctx = [a.title or "" for a in doc.ancestors(rule_id)]
    terms = rule_terms(r)
    return {
        "title": r.title or "",
        "terms": " ; ".join(terms),
        "body": r.text or "",
        "extra": " ".join(extra),
        "context": " ; ".join(ctx),
    }


WORDS_FILE = "words.json"  # the player words a build read (the reranker reads the same; player_words.py)


def build(documents: Iterable[Document], target: Path, meta: dict[str, Any],
          words_dir: Path | str | None = None, min_coverage: float = player_words.MIN_COVERAGE) -> int:
    """Write a complete index into the empty directory `target`; returns the number of documents.
    `words_dir`: where the player-words files are (player_words.DIRECTORY by default); a document's
    entries are read only when they cover `min_coverage` of its rules with text (player_words.py)."""
    target.mkdir(parents=True, exist_ok=True)
    entries = player_words.load(words_dir)
    used: dict[str, dict[str, str]] = {}
    read: dict[str, dict[str, Any]] = {}  # per document set: its entries, their coverage, whether read
    ix = windex.create_in(str(target), SCHEMA)
    writer = ix.writer(limitmb=256)
    n = 0
    sequences: list[list[str]] = []  # every rule's words, for the semantic vectors
    try:
        for doc in documents:
            ds = docset(doc.game, doc.version)
            said = entries.get((doc.game, doc.version), {})  # (other versions: none)
            if said:
                cov = player_words.coverage(doc, said)
                read[ds] = {"entries": len(said), "coverage": round(cov, 4), "read": cov >= min_coverage}
                if cov < min_coverage:
                    said = {}
            for r in doc:
                if r.kind in (Kind.EXAMPLE, Kind.NOTE):
                    continue
                f = rule_fields(doc, r.id)
                pw = _player_words(doc, r, said)
                if pw:
                    used.setdefault(ds, {})[r.id] = pw
                sequences.append(stems(" ".join((f["context"], f["title"], f["terms"], f["body"], f["extra"]))))
                writer.add_document(
                    key=make_key(doc.game, doc.version, r.id), docset=ds, game=doc.game,
                    title=f["title"], terms=f["terms"], body=f["body"], extra=f["extra"], context=f["context"],
                    words=pw, raw=" ".join([f["title"], f["terms"], f["body"], f["extra"]]),
                )
                n += 1
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    semantic.save(semantic.train(sequences), target)
    (target / WORDS_FILE).write_text(json.dumps(used, sort_keys=True), encoding="utf-8")
    (target / "meta.json").write_text(json.dumps({**meta, "documents": n, "player_words": read}), encoding="utf-8")
    return n


def _player_words(doc: Document, r: Rule, said: dict[str, str]) -> str:
    """A rule's player words, with its examples' and notes' (folded into it, as their text is)."""
    parts = [said.get(r.id, "")] + [said.get(c, "") for c in r.children
                                    if c in doc.rules and doc.rules[c].kind in (Kind.EXAMPLE, Kind.NOTE)]
    return ", ".join(p for p in parts if p)


# (documents, field -> length per document, field -> mean length, docset per document)
_Stats = tuple[int, dict[str, list[int]], dict[str, float], list[str]]


class IndexReader:
    """An opened index directory. Searches run on a per-thread whoosh searcher."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.meta = json.loads((self.path / "meta.json").read_text(encoding="utf-8"))
        self._ix = windex.open_dir(str(self.path))
        self._local = threading.local()
        self._all: list[Any] = []  # whoosh searchers (whoosh is untyped)
        self._lock = threading.Lock()
        s = self._searcher()
        self.doc_count = s.doc_count()
        # key -> whoosh docnum and back, to turn hits into rules without stored-field lookups
        self._keys: dict[int, str] = {}
        self._nums: dict[str, int] | None = None  # key -> docnum (built when first needed)
        for docnum, stored in s.iter_docs():
            self._keys[docnum] = stored["key"]
        self._lexicon: dict[str, int] | None = None
        self._filters: dict[tuple[str, ...], set[int]] = {}
        self._postings: dict[tuple[str, str], dict[int, float]] = {}
        self._pos: dict[tuple[str, str], dict[int, frozenset[int]]] = {}
        # phrases and adjacent pairs, scored once (they depend on the index only), kept sparse
        self._phrases: dict[tuple[str, ...], tuple[np.ndarray, np.ndarray]] = {}
        self._vectors: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._masks: dict[frozenset[str] | tuple[str, ...], np.ndarray] = {}
        self._n = 0
        self._st: _Stats | None = None
        self._games: list[str] | None = None
        self._semantic: semantic.TermSpace | None | bool = False  # False: not loaded yet
        self._words: dict[str, dict[str, str]] | None = None

    def player_words(self, ds: str) -> dict[str, str]:
        """Rule id -> player words of one document set, as this build indexed them (none for an index
        built without them)."""
        if self._words is None:
            p = self.path / WORDS_FILE
            self._words = json.loads(p.read_text(encoding="utf-8")) if p.is_file() else {}
        return self._words.get(ds, {})

    def semantic(self) -> semantic.TermSpace | None:
        """The word vectors built with this index (None for an index built without them)."""
        if self._semantic is False:
            self._semantic = semantic.load(self.path)
        return self._semantic if isinstance(self._semantic, semantic.TermSpace) else None

    def _searcher(self) -> Any:  # a whoosh Searcher (whoosh is untyped)
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._ix.searcher(weighting=_WEIGHTING)
            self._local.searcher = s
            with self._lock:
                self._all.append(s)
        return s

    def _filter(self, docsets: tuple[str, ...]) -> set[int]:
        """Document numbers of the given document sets (cached): a whoosh filter without a query."""
        f = self._filters.get(docsets)
        if f is None:
            r = self._searcher().reader()
            f = set()
            for d in docsets:
                f |= _docnums(r, "docset", d)
            self._filters[docsets] = f
        return f

    def close(self) -> None:
        with self._lock:
            for s in self._all:
                with contextlib.suppress(Exception):  # closing is best effort
                    s.close()
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

    def stem_lexicon(self) -> frozenset[str]:
        """Stemmed words of the title, terms and body fields (what a query word can match)."""
        st = getattr(self, "_stem_lex", None)
        if st is None:
            r = self._searcher().reader()
            words: set[str] = set()
            for f in ("title", "terms", "body"):
                words.update((t.decode("utf-8") if isinstance(t, bytes) else t) for t in r.lexicon(f))
            st = self._stem_lex = frozenset(words)
        return st

    # --- scoring ------------------------------------------------------------------------------
    # whoosh's matcher trees cost 10-20 ms per query for the OR-heavy, multi-field queries built
    # here (pure Python, one matcher per field x word). The index is small, so the service scores
    # BM25F itself from the index's own postings, read once per (field, word) and kept in memory
    # as per-document weights. whoosh's searcher still runs the plain BM25 baseline.

    def _stats(self) -> _Stats:
        st = self._st
        if st is None:
            r = self._searcher().reader()
            n = r.doc_count_all()
            lengths = {f: [r.doc_field_length(d, f, 0) or 0 for d in range(n)] for f in FIELD_WEIGHTS}
            avg = {f: (sum(v) / max(1, sum(1 for x in v if x))) or 1.0 for f, v in lengths.items()}
            docset_of = [""] * n
            for d, key in self._keys.items():
                docset_of[d] = key.rsplit("|", 1)[0]
            st = self._st = (n, lengths, avg, docset_of)
            self._n = n
        return st

    def occurs(self, word: str, docsets: list[str]) -> bool:
        """Whether the stemmed `word` is in the title, terms or text of a rule of `docsets`."""
        _, _, _, docset_of = self._stats()
        allowed = set(docsets)
        return any(docset_of[d] in allowed for f in ("title", "terms", "body") for d in self._weights(f, word))

    def _game_of(self) -> list[str]:
        g = self._games
        if g is None:
            g = self._games = [ds.split("|", 1)[0] for ds in self._stats()[3]]
        return g

    def _weights(self, field: str, word: str) -> dict[int, float]:
        """BM25 weight of `word` in `field` for each document containing it (cached)."""
        key = (field, word)
        w = self._postings.get(key)
        if w is not None:
            return w
        n, lengths, avg, _ = self._stats()
        r = self._searcher().reader()
        w = {}
        try:
            m = r.postings(field, word)
        except Exception:  # noqa: BLE001 - not in the index
            m = None
        if m is not None:
            ids, tfs = [], []
            while m.is_active():
                ids.append(m.id())
                tfs.append(m.weight())
                m.next()
            df = len(ids)
            idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
            b, k1 = FIELD_B.get(field, 0.75), K1
            for d, tf in zip(ids, tfs, strict=True):
                dl = lengths[field][d] or 1
                w[d] = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avg[field]))
        if len(self._postings) < 200_000:
            self._postings[key] = w
        return w

    def field_scores(self, field: str, concepts: list[Concept], keys: list[str]) -> dict[str, float]:
        """The BM25 of one field alone for these documents (by key): per concept the best of its
        alternatives that apply in the document's game (alternative weight x the sum of its words'
        weights, when the field has them all), summed over the concepts."""
        num = self._nums
        if num is None:
            num = self._nums = {k: d for d, k in self._keys.items()}
        docs = [(k, num.get(k), k.split("|", 1)[0]) for k in keys]
        out = dict.fromkeys(keys, 0.0)
        for c in concepts:
            alts = [(a, [self._weights(field, w) for w in a.words]) for a in c.alts if a.words]
            for k, d, game in docs:
                if d is None:
                    continue
                best = 0.0
                for a, ws in alts:
                    if a.games is not None and game not in a.games:
                        continue
                    if all(d in w for w in ws):
                        best = max(best, a.weight * sum(w[d] for w in ws))
                out[k] += best
        return out

    def _vector(self, word: str) -> tuple[np.ndarray, np.ndarray]:
        """(document numbers, field-weighted BM25F) of one stemmed word, as arrays (cached)."""
        v = self._vectors.get(word)
        if v is None:
            acc: dict[int, float] = {}
            for f, fw in FIELD_WEIGHTS.items():
                for d, x in self._weights(f, word).items():
                    acc[d] = acc.get(d, 0.0) + fw * x
            v = (np.fromiter(acc.keys(), dtype=np.int32, count=len(acc)),
                 np.fromiter(acc.values(), dtype=np.float64, count=len(acc)))
            if len(self._vectors) < 100_000:
                self._vectors[word] = v
        return v

    def _dense(self, word: str) -> np.ndarray:
        ids, vals = self._vector(word)
        out = np.zeros(self._n, dtype=np.float64)
        out[ids] = vals
        return out

    def _alt_sparse(self, words: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
        """Field-weighted BM25F of one way of saying a concept, as (document numbers, scores) of the
        documents that have it (all its words; a phrase stands together for full weight)."""
        if len(words) == 1:
            return self._vector(words[0])
        return self._sparse(("phrase", *words), lambda: self._phrase_scores(words))

    def _sparse(self, key: tuple[str, ...], compute: Callable[[], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        got = self._phrases.get(key)
        if got is None:
            dense = compute()
            nz = np.flatnonzero(dense)
            got = (nz, dense[nz])
            if len(self._phrases) < 50_000:
                self._phrases[key] = got
        return got

    def _phrase_scores(self, words: tuple[str, ...]) -> np.ndarray:
        vecs = [self._vector(w) for w in words]
        common = vecs[0][0]
        for ids, _ in vecs[1:]:
            common = np.intersect1d(common, ids, assume_unique=True)
        out = np.zeros(self._n, dtype=np.float64)
        if not len(common):
            return out
        for ids, vals in vecs:
            dense = np.zeros(self._n, dtype=np.float64)
            dense[ids] = vals
            out[common] += dense[common]
        # a phrase: full weight where its words stand together, in order (two words adjacent;
        # longer phrases may have one extra word between each pair), little elsewhere
        k = len(words)
        gap = 1 if k == 2 else 2
        factor = np.full(len(common), NON_ADJACENT)
        plists = {f: [self._positions(f, w) for w in words] for f in PHRASE_FIELDS}
        for n, d in enumerate(common.tolist()):
            for f in PHRASE_FIELDS:
                ps = [pl.get(d, frozenset()) for pl in plists[f]]
                if all(ps) and _in_order(ps, gap):
                    factor[n] = 1.0
                    break
        out[common] *= factor
        return out

    def preload(self) -> None:
        """Read every posting list into memory now (about 0.3 s) instead of on first use."""
        r = self._searcher().reader()
        for f in FIELD_WEIGHTS:
            for t in r.lexicon(f):
                w = t.decode("utf-8") if isinstance(t, bytes) else t
                self._weights(f, w)
                if f in PHRASE_FIELDS:
                    self._positions(f, w)
        for f in ("title", "terms", "body", "words"):
            for t in r.lexicon(f):
                self._vector(t.decode("utf-8") if isinstance(t, bytes) else t)

    def _pair_sparse(self, w1: str, w2: str) -> tuple[np.ndarray, np.ndarray]:
        return self._sparse(("pair", w1, w2), lambda: self._pair_scores(w1, w2))

    def _pair_scores(self, w1: str, w2: str) -> np.ndarray:
        """Score of the pair w1 w2 in documents where w2 directly follows w1 in some field."""
        i1, v1 = self._vector(w1)
        i2, v2 = self._vector(w2)
        common = np.intersect1d(i1, i2, assume_unique=True)
        out = np.zeros(self._n, dtype=np.float64)
        if not len(common):
            return out
        hit = []
        for d in common.tolist():
            for f in PHRASE_FIELDS:
                a, b = self._positions(f, w1).get(d), self._positions(f, w2).get(d)
                if a and b and any(x + 1 in b for x in a):
                    hit.append(d)
                    break
        if hit:
            idx = np.array(hit, dtype=np.int32)
            out[idx] = self._dense(w1)[idx] + self._dense(w2)[idx]
        return out

    def _positions(self, field: str, word: str) -> dict[int, frozenset[int]]:
        key = (field, word)
        p = self._pos.get(key)
        if p is None:
            p = {}
            try:
                m = self._searcher().reader().postings(field, word)
            except Exception:  # noqa: BLE001 - not in the index
                m = None
            if m is not None:
                while m.is_active():
                    p[m.id()] = frozenset(m.value_as("positions"))
                    m.next()
            if len(self._pos) < 100_000:
                self._pos[key] = p
        return p

    def search(self, concepts: list[Concept], docsets: list[str], limit: int = 100,
               bm25_only: bool = False) -> list[tuple[str, float]]:
        """Candidates for the concepts within `docsets`: [(key, score)], best first.

        Each concept scores the maximum over its alternatives (alternative weight x BM25F); the
        document score is the sum over concepts. `bm25_only` runs whoosh's own BM25F searcher
        over title and text instead (the baseline)."""
        if bm25_only:
            return self._whoosh_search(concepts, docsets, limit)
        self._stats()
        total = np.zeros(self._n, dtype=np.float64)
        # (each alternative touches only the documents that have it: its sparse scores, never a
        # dense array per alternative; the same numbers as max() over dense arrays of zeros elsewhere)
        for c in concepts:
            idl, vl = [], []
            for a in c.alts:
                if not a.words:
                    continue
                ids, vals = self._alt_sparse(a.words)
                v = vals * a.weight
                if a.games is not None:
                    v *= self._game_mask(a.games)[ids]
                idl.append(ids)
                vl.append(v)
            if not idl:
                continue
            if len(idl) == 1:  # (ids are distinct within one alternative)
                total[idl[0]] += vl[0]
                continue
            best = np.zeros(self._n, dtype=np.float64)
            np.maximum.at(best, np.concatenate(idl), np.concatenate(vl))
            total += best
        # consecutive words typed together score extra where they also stand together
        for c1, c2 in zip(concepts, concepts[1:], strict=False):
            w1, w2 = c1.alts[0].words, c2.alts[0].words
            if len(w1) == 1 and len(w2) == 1 and w1 != w2:
                ids, vals = self._pair_sparse(w1[0], w2[0])
                total[ids] += PAIR_BOOST * vals
        if docsets:
            total *= self._docset_mask(tuple(sorted(docsets)))
        nz = int(np.count_nonzero(total))
        k = min(limit, nz)
        if k <= 0:
            return []
        top = np.argpartition(-total, k - 1)[:k] if k < len(total) else np.arange(len(total))
        vals = total[top]
        order = np.lexsort((top, -vals))  # best first, ties by document number
        keys = self._keys
        return [(keys[d], v) for d, v in zip(top[order].tolist(), vals[order].tolist(), strict=True) if v > 0]

    def _game_mask(self, games: frozenset[str]) -> np.ndarray:
        m = self._masks.get(games)
        if m is None:
            game_of = self._game_of()
            m = np.array([1.0 if g in games else 0.0 for g in game_of])
            self._masks[games] = m
        return m

    def _docset_mask(self, docsets: tuple[str, ...]) -> np.ndarray:
        m = self._masks.get(docsets)
        if m is None:
            allowed = set(docsets)
            m = np.array([1.0 if ds in allowed else 0.0 for ds in self._stats()[3]])
            self._masks[docsets] = m
        return m

    def _whoosh_search(self, concepts: list[Concept], docsets: list[str], limit: int) -> list[tuple[str, float]]:
        q = build_query(concepts, bm25_only=True)
        if q is None:
            return []
        s = self._searcher()
        flt = self._filter(tuple(sorted(docsets))) if docsets else None
        results = s.search(q, limit=limit, filter=flt, scored=True)
        return [(self._keys[hit.docnum], float(hit.score)) for hit in results]


def _in_order(positions: list[frozenset[int]], gap: int) -> bool:
    """Some occurrence of each word follows the previous one by at most `gap` positions."""
    starts = set(positions[0])
    for nxt in positions[1:]:
        starts = {q for p in starts for q in range(p + 1, p + gap + 1) if q in nxt}
        if not starts:
            return False
    return True


def _docnums(reader: Any, field: str, value: str) -> set[int]:  # a whoosh IndexReader
    try:
        return set(reader.postings(field, value).all_ids())
    except Exception:  # noqa: BLE001 - a term absent from the index has no postings
        return set()


def build_query(concepts: list[Concept], bm25_only: bool = False) -> Any:  # a whoosh Query or None
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
                elif fname in ("title", "terms", "body") and len(a.words) == 2:
                    per_field.append(Q.Phrase(fname, list(a.words), slop=1, boost=fw * a.weight))
                else:  # longer phrases: every word in the field, in any order
                    per_field.append(Q.And([Q.Term(fname, w) for w in a.words],
                                           boost=fw * a.weight * (1.0 if len(a.words) > 2 else 0.5)))
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
