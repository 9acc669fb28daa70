"""The optional semantic re-ranker: a sentence-embedding model (minilm.py) re-orders the best lexical hits.

Off by default. On (`JUDGE_SEMANTIC=1`, or `--semantic` of `judge search` / `judge eval-search`) and
with the model fetched (`judge semantic-model fetch`, model_files.py), a question in words gets its
first `DEPTH` lexical hits and the model's `DENSE` nearest rules of the games searched re-ordered by
reciprocal ranks (`fuse_rrf`: (1 - WEIGHT) / (RRF_K + lexical place) + WEIGHT / (RRF_K + place by cosine);
eleventh round) or, with `FUSION = "linear"`, by

    (1 - WEIGHT) * lexical score (scaled to 0..1 over those hits) + WEIGHT * cosine(query, rule)

(`fuse`); the hits below stay as they were. Only queries written as questions are re-ranked
(`applies`, `question_shaped`): a rule number never reaches the ranker, and a query whose words were
typo-corrected, that names a rule number, that is a string of game terms ("encore keyword ability") or a
card wording opening with "when"/"cannot" ("when destroyed by opponent", `card_wording`) keeps its lexical
order: the lexical ranker already answers those well, and re-ranking them cost
keyword queries about 0.01 nDCG on the tuning halves.

Every rule's vector is computed once per model and rule text: by `judge index` when the model is
installed, or on first use. They are kept beside the whoosh index builds, in one file named after
the model's digest and a hash of every rule's key and text (`rule-vectors-<model>-<texts>.npz`),
written atomically; a rebuild re-embeds only the rules whose text changed.
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from judge_app.paths import write_atomically
from judge_app.rules import Kind, Library
from judge_app.rules.model import Document
from judge_app.search import model_files
from judge_app.search.minilm import SentenceModel, limit_blas_threads
from judge_app.search.query import Analysis, card_wording, question_shaped  # noqa: F401 (re-exported)

log = logging.getLogger(__name__)

# Fusion: fitted on the tuning halves and the development set only (docs/search.md, ninth to eleventh rounds).
WEIGHT = 0.3  # the cosine's share of the fused score (rrf; the linear mix of the ninth round used 0.6)
DEPTH = 50  # how many of the best lexical hits are re-ordered (all the candidates)
MIN_WORDS = 0  # re-rank any query of this many words or more too (0: none; 3-5 cost keyword queries ~0.01)
SHAPED = True  # re-rank question-shaped queries (question_shaped)
FUSION = "rrf"  # "linear": fuse(); "rrf": fuse_rrf() (reciprocal ranks; tenth round, tuning halves)
RRF_K = 10  # fuse_rrf's rank offset
EXPAND = False  # embed the query with its vocabulary expansions (expanded_text; eleventh round)
WORDING = True  # a card wording opening with "when"/"cannot" is no question (card_wording; eleventh round)
DENSE = 20  # the model also proposes its this-many nearest rules of the games searched (0: re-rank only)
PREFIX = "rule-vectors-"


def applies(an: Analysis, pinned: bool, min_words: int = MIN_WORDS, shaped: bool = True,
            wording: bool = WORDING) -> bool:
    """Whether a query is re-ranked: a question (question-shaped when `shaped`, or at least `min_words`
    words) whose words were not typo-corrected and that names no rule number; with `wording`, a card
    wording that opens with "when" or "cannot" (card_wording) is no question."""
    if pinned or an.corrections or not an.concepts:
        return False
    if wording and card_wording(an):
        return False
    return (shaped and question_shaped(an)) or bool(an.intents) or 0 < min_words <= len(an.tokens)


_ALSO = re.compile(r"\(also: (.*)\)$")


def expanded_text(text: str, an: Analysis) -> str:
    """The query as the model reads it with `EXPAND`: its words, then the game terms the vocabulary
    expanded them to in the games searched ("graveyard" -> "... (trash; drop zone)"), so that another
    game's word meets the rule's own."""
    extra = [m.group(1) for m in (_ALSO.search(lab) for lab in an.labels) if m]
    return f"{text} ({'; '.join(extra)})" if extra else text


def fuse(ranked: list[tuple[str, float]], cosines: dict[str, float], weight: float = WEIGHT,
         depth: int = DEPTH) -> list[tuple[str, float]]:
    """The first `depth` hits re-ordered by the fused score (a hit with no vector keeps its lexical
    part only); the scores below the head are shifted so that the order stays consistent."""
    head, tail = ranked[:depth], ranked[depth:]
    if len(head) < 2 or not cosines:
        return ranked
    scores = [s for _, s in head]
    lo, hi = min(scores), max(scores)
    span = (hi - lo) or 1.0
    fused = [(k, (1.0 - weight) * (s - lo) / span + weight * cosines.get(k, 0.0)) for k, s in head]
    fused.sort(key=lambda x: -x[1])
    floor = min(s for _, s in fused)
    top_tail = tail[0][1] if tail else 0.0
    shift = floor - top_tail - 1e-6 if tail else 0.0  # (every head hit stays above every tail hit)
    return fused + [(k, s + shift) for k, s in tail]


def fuse_rrf(ranked: list[tuple[str, float]], cosines: dict[str, float], weight: float = WEIGHT,
             depth: int = DEPTH, k: int = RRF_K) -> list[tuple[str, float]]:
    """The first `depth` hits and any other rule with a cosine (dense candidates) re-ordered by
    (1 - weight) / (k + lexical place) + weight / (k + place by cosine); the rest keep their order."""
    head, tail = ranked[:depth], ranked[depth:]
    if len(head) < 2 or not cosines:
        return ranked
    lex = {key: i for i, (key, _) in enumerate(head)}
    by_cos = {key: i for i, key in enumerate(sorted(cosines, key=lambda x: -cosines[x]))}
    keys = [key for key, _ in head] + [key for key in by_cos if key not in lex and key not in dict(tail)]
    fused = [(key, ((1.0 - weight) / (k + lex[key]) if key in lex else 0.0)
              + (weight / (k + by_cos[key]) if key in by_cos else 0.0)) for key in keys]
    fused.sort(key=lambda x: -x[1])
    top = head[0][1]
    out = [(key, top + sc) for key, sc in fused]  # (above every tail hit, in the fused order)
    return out + tail


# --- the rules' vectors ----------------------------------------------------------------------------

def rule_text(doc: Document, rid: str) -> str:
    """What is embedded for a rule: its ancestors' headings, its heading and its text."""
    r = doc.rules[rid]
    ctx = " > ".join(a.title for a in doc.ancestors(rid) if a.title)
    own = ". ".join(x for x in (r.title or "", r.text or "") if x)
    return f"{ctx}: {own}" if ctx else own


def rule_texts(library: Library) -> list[tuple[str, str]]:
    """(index key, text) of every rule the index holds, in a fixed order."""
    from judge_app.search.index import make_key

    out = []
    for doc in library.documents():
        for r in doc:
            if r.kind not in (Kind.EXAMPLE, Kind.NOTE):
                out.append((make_key(doc.game, doc.version, r.id), rule_text(doc, r.id)))
    return out


def _digest(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


@dataclass(frozen=True)
class RuleVectors:
    keys: dict[str, int]  # index key -> row
    vectors: np.ndarray  # (rules, dim) float32, unit rows
    text_sha: np.ndarray  # (rules,) the sha256 (hex) of each rule's text, to reuse rows on a rebuild

    def cosines(self, qv: np.ndarray, keys: Iterable[str]) -> dict[str, float]:
        rows = [(k, self.keys[k]) for k in keys if k in self.keys]
        if not rows:
            return {}
        sims = self.vectors[[i for _, i in rows]] @ qv
        return {k: float(s) for (k, _), s in zip(rows, sims, strict=True)}

    def nearest(self, qv: np.ndarray, prefixes: Iterable[str], n: int) -> dict[str, float]:
        """The `n` rules closest to `qv` among the keys starting with one of `prefixes` (docsets)."""
        pre = tuple(prefixes)
        rows = [(k, i) for k, i in self.keys.items() if k.startswith(pre)]
        if not rows or n <= 0:
            return {}
        sims = self.vectors[[i for _, i in rows]] @ qv
        best = np.argsort(-sims, kind="stable")[:n]
        return {rows[j][0]: float(sims[j]) for j in best}

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        np.savez(buf, keys=np.array(list(self.keys)), vectors=self.vectors, text_sha=self.text_sha)
        return buf.getvalue()

    @classmethod
    def load(cls, path: Path) -> RuleVectors:
        with np.load(path, allow_pickle=False) as z:
            keys = [str(k) for k in z["keys"]]
            return cls({k: i for i, k in enumerate(keys)}, z["vectors"].astype(np.float32), z["text_sha"])


def vectors_path(root: Path, texts: list[tuple[str, str]], model_sha: str = model_files.MODEL_SHA) -> Path:
    key = _digest(p for kt in texts for p in kt)[:16]
    return root / f"{PREFIX}{model_sha[:12]}-{key}.npz"


def ensure_rule_vectors(library: Library, root: Path, embed: Callable[[list[str], int], np.ndarray], model_sha: str = model_files.MODEL_SHA,
                        batch: int = 64) -> tuple[RuleVectors, int]:
    """The vectors of every rule of `library` for this model, from `root` or computed now (then saved
    atomically); also how many rules were embedded now (the others' text was in an earlier file)."""
    texts = rule_texts(library)
    path = vectors_path(root, texts, model_sha)
    if path.is_file():
        try:
            return RuleVectors.load(path), 0
        except (OSError, ValueError, KeyError) as e:
            log.warning("re-computing %s: %s", path.name, e)
    shas = np.array([hashlib.sha256(t.encode("utf-8")).hexdigest() for _, t in texts])
    known: dict[str, np.ndarray] = {}
    for old in sorted(root.glob(f"{PREFIX}{model_sha[:12]}-*.npz")):
        try:
            rv = RuleVectors.load(old)
        except (OSError, ValueError, KeyError):
            continue
        known.update(zip((str(s) for s in rv.text_sha), rv.vectors, strict=True))
    todo = [i for i, s in enumerate(shas) if str(s) not in known]
    new = embed([texts[i][1] for i in todo], batch) if todo else np.zeros((0, 0), np.float32)
    dim = new.shape[1] if todo else next(iter(known.values())).shape[0]
    vectors = np.zeros((len(texts), dim), dtype=np.float32)
    fresh = dict(zip(todo, range(len(todo)), strict=True))
    for i, s in enumerate(shas):
        vectors[i] = new[fresh[i]] if i in fresh else known[str(s)]
    rv = RuleVectors({k: i for i, (k, _) in enumerate(texts)}, vectors, shas)
    if write_atomically(path, rv.to_bytes()):
        for old in root.glob(f"{PREFIX}*.npz"):
            if old != path:
                old.unlink(missing_ok=True)
    return rv, len(todo)


# --- lazily loaded, shared by a service and its views ------------------------------------------------

class Reranker:
    """The model and the rule vectors of one library, loaded on first use (thread-safe)."""

    def __init__(self, root: Path, weight: float = WEIGHT, depth: int = DEPTH, min_words: int = MIN_WORDS,
                 shaped: bool = SHAPED, fusion: str = FUSION, dense: int = DENSE, rrf_k: int = RRF_K,
                 wording: bool = WORDING, expand: bool = EXPAND):
        self.root = root
        self.wording, self.expand = wording, expand
        self.weight, self.depth, self.min_words, self.shaped = weight, depth, min_words, shaped
        self.fusion, self.dense, self.rrf_k = fusion, dense, rrf_k
        self._lock = threading.Lock()
        self._model: SentenceModel | None = None
        self._vectors: dict[str, RuleVectors] = {}  # library fingerprint -> vectors
        self.failed: str | None = None

    def applies(self, an: Analysis, pinned: bool) -> bool:
        return applies(an, pinned, self.min_words, self.shaped, self.wording)

    def model(self) -> SentenceModel:
        with self._lock:
            if self._model is None:
                folder = model_files.installed()
                if folder is None:
                    raise model_files.ModelFetchError(
                        "the semantic re-ranker is on but its model is not installed",
                        hint="run `judge semantic-model fetch` (about 83 MB, once)")
                limit_blas_threads()
                self._model = SentenceModel.load(folder)
            return self._model

    def vectors(self, library: Library) -> RuleVectors:
        return self.vectors_counted(library)[0]

    def vectors_counted(self, library: Library) -> tuple[RuleVectors, int]:
        """The rules' vectors, and how many rules had to be embedded for them now."""
        got = self._vectors.get(library.fingerprint)
        n = 0
        if got is None:
            model = self.model()
            with self._lock:
                got = self._vectors.get(library.fingerprint)
                if got is None:
                    got, n = ensure_rule_vectors(library, self.root, model.embed)
                    if n:
                        log.info("embedded %d rules for the semantic re-ranker", n)
                    self._vectors = {library.fingerprint: got}
        return got, n

    def rerank(self, library: Library, query: str, ranked: list[tuple[str, float]],
               an: Analysis | None = None) -> list[tuple[str, float]]:
        vectors = self.vectors(library)
        qv = self.model().embed([expanded_text(query, an) if self.expand and an is not None else query])[0]
        cos = vectors.cosines(qv, (k for k, _ in ranked[:self.depth]))
        if self.dense > 0:
            docsets = {k.rpartition("|")[0] + "|" for k, _ in ranked[:self.depth]}
            cos = {**vectors.nearest(qv, docsets, self.dense), **cos}
        if self.fusion == "rrf":
            return fuse_rrf(ranked, cos, self.weight, self.depth, self.rrf_k)
        return fuse(ranked, {k: c for k, c in cos.items() if k in dict(ranked[:self.depth])}, self.weight, self.depth)
