"""A semantic signal learned from the rules documents themselves (no model, no download).

Words that occur near the same words mean related things: `exhausted`, `refreshed` and `block`
share their neighbours in the Battle Spirits documents, `clock`, `level` and `damage` in Weiss
Schwarz. At index build time the stemmed text of every rule of every document (its ancestors'
headings, its own heading, defined terms, text and examples) is read as one sequence; word pairs
within WINDOW positions of each other are counted (nearer pairs count more), the counts become
positive pointwise mutual information (context counts smoothed by ** 0.75, the usual remedy for
PMI's bias towards rare words), and a truncated SVD (randomised, numpy only) of that matrix gives
each word a DIM-dimensional vector. The vectors are stored with the index (`semantic.npz`, written
into the build directory, so they are built, checksummed and swapped atomically with it).

A rule's vector is the idf-weighted sum of its words' vectors (its ancestors' headings count
partly), centred on its document's mean and normalised; a query's is the same over its concepts'
alternatives that apply in the game (so the per-game vocabulary maps feed it). The reranker's
`sem` signal is their cosine (signals.py): a rule that talks about what the query talks about, in
other words than the query's, gains on one that only repeats a query word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

FILE = "semantic.npz"
DIM = 64  # vector size
WINDOW = 4  # words this far apart or nearer co-occur
MIN_COUNT = 2  # a word seen once has no neighbourhood to learn from
MAX_VOCAB = 6000
CONTEXT_ALPHA = 0.75
SEED = 17  # the SVD's random start: the same documents always give the same vectors


@dataclass(frozen=True)
class TermSpace:
    """Word vectors (unit rows) and the words' idf over the rules they were learned from."""

    index: dict[str, int]
    vectors: np.ndarray  # (words, DIM) float32
    idf: np.ndarray  # (words,) float32

    def embed(self, weighted: Iterable[tuple[str, float]]) -> np.ndarray | None:
        """The normalised idf-weighted sum of these words' vectors (None when none is known)."""
        rows: list[int] = []
        ws: list[float] = []
        for word, w in weighted:
            i = self.index.get(word)
            if i is not None and w:
                rows.append(i)
                ws.append(w * float(self.idf[i]))
        if not rows:
            return None
        v = (self.vectors[rows] * np.asarray(ws, dtype=np.float32)[:, None]).sum(axis=0)  # (no BLAS call: see _fill_sims)
        n = float(np.linalg.norm(v))
        return v / n if n > 0 else None


def train(sequences: Sequence[Sequence[str]], dim: int = DIM, window: int = WINDOW) -> TermSpace:
    """Word vectors from windowed co-occurrence: PPMI, then a truncated SVD."""
    counts = Counter(w for seq in sequences for w in seq)
    vocab = [w for w, c in counts.most_common(MAX_VOCAB) if c >= MIN_COUNT]
    vocab.sort()
    index = {w: i for i, w in enumerate(vocab)}
    v = len(vocab)
    df = Counter(w for seq in sequences for w in set(seq) if w in index)
    n_docs = max(len(sequences), 1)
    idf = np.array([np.log((n_docs + 1) / (df[w] + 1)) + 1.0 for w in vocab], dtype=np.float32)
    if v < 2:
        return TermSpace(index, np.zeros((v, dim), dtype=np.float32), idf)
    # every sequence's word numbers one after another, `window` gaps (-1) between sequences
    parts: list[np.ndarray] = []
    gap = np.full(window, -1, dtype=np.int64)
    for seq in sequences:
        parts.append(np.array([index.get(w, -1) for w in seq], dtype=np.int64))
        parts.append(gap)
    ids = np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)
    co = np.zeros((v, v), dtype=np.float64)
    for d in range(1, window + 1):
        a, b = ids[:-d], ids[d:]
        keep = (a >= 0) & (b >= 0) & (a != b)
        flat = np.bincount(a[keep] * v + b[keep], minlength=v * v).astype(np.float64) / d
        co += flat.reshape(v, v)
    co += co.T
    total = co.sum()
    if total <= 0:
        return TermSpace(index, np.zeros((v, dim), dtype=np.float32), idf)
    row = co.sum(axis=1)
    ctx = row ** CONTEXT_ALPHA
    with np.errstate(divide="ignore", invalid="ignore"):
        pmi = np.log(co * ctx.sum() / (np.outer(row, ctx) + 1e-12) + 1e-12)
    ppmi = np.where(co > 0, np.maximum(pmi, 0.0), 0.0)
    u, s = _truncated_svd(ppmi, min(dim, v - 1))
    vec = (u * np.sqrt(s)).astype(np.float32)
    if vec.shape[1] < dim:
        vec = np.pad(vec, ((0, 0), (0, dim - vec.shape[1])))
    norms = np.linalg.norm(vec, axis=1, keepdims=True)
    vec = np.where(norms > 0, vec / np.maximum(norms, 1e-12), 0.0).astype(np.float32)
    return TermSpace(index, vec, idf)


def _truncated_svd(m: np.ndarray, k: int, oversample: int = 10, power: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """The top-k left singular vectors and values of the symmetric matrix `m`, by randomised
    subspace iteration (Halko et al.) with a fixed seed."""
    rng = np.random.default_rng(SEED)
    q = _orthonormal(m @ rng.standard_normal((m.shape[1], k + oversample)))
    for _ in range(power):
        q = _orthonormal(m @ q)
    ub, s, _ = np.linalg.svd(q.T @ m, full_matrices=False)
    return (q @ ub)[:, :k], s[:k]


def _orthonormal(y: np.ndarray) -> np.ndarray:
    """An orthonormal basis of y's columns from the eigenvectors of their small Gram matrix (a
    tall QR costs far more on a busy multi-threaded BLAS)."""
    w, v = np.linalg.eigh(y.T @ y)
    keep = w > w.max() * 1e-10
    out: np.ndarray = (y @ v[:, keep]) / np.sqrt(w[keep])
    return out


def save(space: TermSpace, directory: Path) -> None:
    words = np.array(sorted(space.index, key=space.index.__getitem__), dtype=np.str_)
    with open(directory / FILE, "wb") as fh:
        np.savez(fh, words=words, vectors=space.vectors, idf=space.idf)


def load(directory: Path) -> TermSpace | None:
    """The vectors stored with an index, or None for an index built without them."""
    path = directory / FILE
    if not path.is_file():
        return None
    with np.load(path, allow_pickle=False) as z:
        words = [str(w) for w in z["words"]]
        return TermSpace({w: i for i, w in enumerate(words)}, z["vectors"].astype(np.float32), z["idf"].astype(np.float32))
