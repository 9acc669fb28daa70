"""A sentence-embedding model (all-MiniLM-L6-v2) run with numpy alone: no torch, no tokenizers package.

The optional semantic re-ranker (neural.py) embeds rules and questions with it. Three parts, each
as the reference implementation defines it:

- `read_safetensors`: the weights file (8-byte little-endian header length, a JSON header naming
  each tensor's dtype, shape and byte range, then the raw little-endian buffers);
- `WordPiece`: BERT's uncased tokenizer (clean the text, space out CJK characters, lower-case,
  strip accents, split punctuation, then greedy longest-match word pieces with "##"), [CLS] ... [SEP],
  at most `max_tokens` pieces;
- `Encoder`: BERT (word + position + segment-0 embeddings, LayerNorm, N layers of masked
  self-attention and a GELU feed-forward, each followed by a residual LayerNorm), then the mean of
  the real tokens' states (padding masked out) and L2 normalisation, as sentence-transformers'
  pooling config says.

GELU is the erf form (`hidden_act: "gelu"`). numpy has no erf: `erf` below is Numerical Recipes'
Chebyshev fit of erfc (relative error < 1.2e-7, about one float32 ulp); `exact_erf` (math.erf per
element) is the slow reference the tests and the float64 check use.
"""

from __future__ import annotations

import json
import math
import struct
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

MAX_TOKENS = 128  # pieces per text, [CLS] and [SEP] included (the model was trained at 128)
_DTYPES = {"F32": "<f4", "F16": "<f2", "F64": "<f8", "I64": "<i8", "I32": "<i4"}
_MAX_HEADER = 1 << 24


class ModelError(ValueError):
    """A model file that cannot be read as the format says."""


def read_safetensors(path: Path | str) -> dict[str, np.ndarray]:
    """Every tensor of a .safetensors file, as read-only arrays over one read of the file."""
    data = Path(path).read_bytes()
    if len(data) < 8:
        raise ModelError(f"{path}: too short for a safetensors file")
    (n,) = struct.unpack("<Q", data[:8])
    if n > _MAX_HEADER or 8 + n > len(data):
        raise ModelError(f"{path}: header length {n} does not fit the file")
    try:
        header = json.loads(data[8:8 + n])
    except ValueError as e:
        raise ModelError(f"{path}: header is not JSON: {e}") from e
    if not isinstance(header, dict):
        raise ModelError(f"{path}: header is not a JSON object")
    body = memoryview(data)[8 + n:]
    out: dict[str, np.ndarray] = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        try:
            dtype = np.dtype(_DTYPES[spec["dtype"]])
            shape = tuple(int(s) for s in spec["shape"])
            start, end = (int(x) for x in spec["data_offsets"])
        except (KeyError, TypeError, ValueError) as e:
            raise ModelError(f"{path}: tensor {name!r}: bad header entry {spec!r}") from e
        count = math.prod(shape)
        if not 0 <= start <= end <= len(body) or end - start != count * dtype.itemsize:
            raise ModelError(f"{path}: tensor {name!r}: bytes {start}..{end} do not hold {shape} {spec['dtype']}")
        out[name] = np.frombuffer(body[start:end], dtype=dtype, count=count).reshape(shape)
    return out


# --- tokenizer -------------------------------------------------------------------------------------

def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    # BERT counts every non-letter, non-digit ASCII character as punctuation ("$", "^", "`" ...)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


def _clean(text: str) -> str:
    out = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD:
            continue
        cat = unicodedata.category(ch)
        if ch in " \t\n\r" or cat == "Zs":
            out.append(" ")
        elif cat.startswith("C"):  # control and format characters are dropped
            continue
        elif _is_cjk(cp):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    return "".join(out)


def _split_punctuation(word: str) -> list[str]:
    parts: list[str] = []
    cur: list[str] = []
    for ch in word:
        if _is_punctuation(ch):
            if cur:
                parts.append("".join(cur))
                cur = []
            parts.append(ch)
        else:
            cur.append(ch)
    if cur:
        parts.append("".join(cur))
    return parts


def basic_tokens(text: str) -> list[str]:
    """BERT's basic (uncased) tokenizer: words and single punctuation characters."""
    out: list[str] = []
    for word in _clean(text).split():
        w = unicodedata.normalize("NFD", word.lower())
        w = "".join(ch for ch in w if unicodedata.category(ch) != "Mn")
        out.extend(_split_punctuation(w))
    return out


@dataclass(frozen=True)
class WordPiece:
    vocab: dict[str, int]
    unk: str = "[UNK]"
    max_chars: int = 100  # a longer word is one [UNK]

    @classmethod
    def load(cls, path: Path | str) -> WordPiece:
        lines = Path(path).read_text(encoding="utf-8").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return cls({tok: i for i, tok in enumerate(lines)})

    def pieces(self, word: str) -> list[str]:
        """Greedy longest-match-first pieces of one basic token ([UNK] when some part has none)."""
        if len(word) > self.max_chars:
            return [self.unk]
        out: list[str] = []
        start = 0
        while start < len(word):
            end = len(word)
            piece = None
            while start < end:
                sub = word[start:end] if start == 0 else "##" + word[start:end]
                if sub in self.vocab:
                    piece = sub
                    break
                end -= 1
            if piece is None:
                return [self.unk]
            out.append(piece)
            start = end
        return out

    def tokenize(self, text: str) -> list[str]:
        return [p for w in basic_tokens(text) for p in self.pieces(w)]

    def encode(self, text: str, max_tokens: int = MAX_TOKENS) -> list[int]:
        """[CLS] pieces [SEP] as ids, the pieces cut so that the whole fits `max_tokens`."""
        v = self.vocab
        ids = [v.get(p, v[self.unk]) for p in self.tokenize(text)[: max_tokens - 2]]
        return [v["[CLS]"], *ids, v["[SEP]"]]


# --- the network -----------------------------------------------------------------------------------

def erf(x: np.ndarray) -> np.ndarray:
    """erf by Numerical Recipes' erfcc (Chebyshev fit; relative error of erfc < 1.2e-7 for every x)."""
    z = np.abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    poly = -1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
            -0.82215223 + t * 0.17087277))))))))
    erfc = t * np.exp(-z * z + poly)
    out: np.ndarray = np.where(x >= 0, 1.0 - erfc, erfc - 1.0).astype(x.dtype, copy=False)
    return out


_exact = np.frompyfunc(math.erf, 1, 1)


def exact_erf(x: np.ndarray) -> np.ndarray:
    """math.erf on every element (slow: the reference for tests and the float64 check)."""
    return np.asarray(_exact(x), dtype=x.dtype)


def gelu(x: np.ndarray, erf_fn: Callable[[np.ndarray], np.ndarray] = erf) -> np.ndarray:
    return 0.5 * x * (1.0 + erf_fn(x * (1.0 / math.sqrt(2.0))))


def layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    d = x - mu
    var = (d * d).mean(axis=-1, keepdims=True)
    out: np.ndarray = d / np.sqrt(var + eps) * w + b
    return out


@dataclass(frozen=True)
class Layer:
    qkv_w: np.ndarray  # (hidden, 3 * hidden): query, key and value projections side by side
    qkv_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    ln1_w: np.ndarray
    ln1_b: np.ndarray
    up_w: np.ndarray
    up_b: np.ndarray
    down_w: np.ndarray
    down_b: np.ndarray
    ln2_w: np.ndarray
    ln2_b: np.ndarray


class Encoder:
    """A BERT encoder with mean pooling and L2 normalisation (sentence-transformers' recipe)."""

    def __init__(self, tensors: dict[str, np.ndarray], config: dict[str, Any], dtype: Any = np.float32,
                 erf_fn: Callable[[np.ndarray], np.ndarray] = erf):
        def t(name: str) -> np.ndarray:
            try:  # (a copy: the arrays read are views of the whole file's bytes, which can then be freed)
                return np.array(tensors[name], dtype=dtype, order="C", copy=True)
            except KeyError:
                raise ModelError(f"the weights have no tensor {name!r}") from None

        self.dtype = np.dtype(dtype)
        self.erf = erf_fn
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        if config.get("hidden_act", "gelu") != "gelu":
            raise ModelError(f"hidden_act {config.get('hidden_act')!r}: only the erf GELU is implemented")
        p = "embeddings."
        self.word = t(p + "word_embeddings.weight")
        self.position = t(p + "position_embeddings.weight")
        self.segment0 = t(p + "token_type_embeddings.weight")[0]
        self.ln_w, self.ln_b = t(p + "LayerNorm.weight"), t(p + "LayerNorm.bias")
        self.hidden = self.word.shape[1]
        if self.hidden % self.heads:
            raise ModelError(f"hidden size {self.hidden} is not a multiple of {self.heads} heads")
        self.layers: list[Layer] = []
        for i in range(int(config["num_hidden_layers"])):
            q = f"encoder.layer.{i}."
            a = q + "attention."
            # torch's Linear keeps (out, in): transposed once here so that a forward pass is x @ w
            self.layers.append(Layer(
                qkv_w=np.ascontiguousarray(np.concatenate(
                    [t(a + f"self.{n}.weight").T for n in ("query", "key", "value")], axis=1)),
                qkv_b=np.concatenate([t(a + f"self.{n}.bias") for n in ("query", "key", "value")]),
                out_w=np.ascontiguousarray(t(a + "output.dense.weight").T), out_b=t(a + "output.dense.bias"),
                ln1_w=t(a + "output.LayerNorm.weight"), ln1_b=t(a + "output.LayerNorm.bias"),
                up_w=np.ascontiguousarray(t(q + "intermediate.dense.weight").T), up_b=t(q + "intermediate.dense.bias"),
                down_w=np.ascontiguousarray(t(q + "output.dense.weight").T), down_b=t(q + "output.dense.bias"),
                ln2_w=t(q + "output.LayerNorm.weight"), ln2_b=t(q + "output.LayerNorm.bias"),
            ))

    def nbytes(self) -> int:
        arrays = [self.word, self.position, self.segment0, self.ln_w, self.ln_b]
        arrays += [getattr(layer, f) for layer in self.layers for f in Layer.__dataclass_fields__]
        return sum(a.nbytes for a in arrays)

    def forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Hidden states (batch, tokens, hidden) of padded id rows; `mask` is 1 on real tokens."""
        b, n = ids.shape
        if n > self.position.shape[0]:
            raise ModelError(f"{n} tokens: the model has {self.position.shape[0]} positions")
        x = self.word[ids] + self.position[:n] + self.segment0
        x = layer_norm(x, self.ln_w, self.ln_b, self.eps)
        h, d = self.heads, self.hidden // self.heads
        # padding keys get the dtype's most negative value before the softmax (as the reference does)
        bias = ((1.0 - mask.astype(self.dtype)) * np.finfo(self.dtype).min)[:, None, None, :]
        scale = self.dtype.type(1.0 / math.sqrt(d))
        for L in self.layers:
            qkv = x @ L.qkv_w + L.qkv_b  # (b, n, 3 * hidden)
            qkv = qkv.reshape(b, n, 3, h, d).transpose(2, 0, 3, 1, 4)  # (3, b, heads, n, d)
            scores = (qkv[0] @ qkv[1].transpose(0, 1, 3, 2)) * scale + bias
            scores -= scores.max(axis=-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(axis=-1, keepdims=True)
            ctx = (scores @ qkv[2]).transpose(0, 2, 1, 3).reshape(b, n, self.hidden)
            x = layer_norm(ctx @ L.out_w + L.out_b + x, L.ln1_w, L.ln1_b, self.eps)
            up = gelu(x @ L.up_w + L.up_b, self.erf)
            x = layer_norm(up @ L.down_w + L.down_b + x, L.ln2_w, L.ln2_b, self.eps)
        return x

    def embed_ids(self, rows: Sequence[Sequence[int]]) -> np.ndarray:
        """Mean-pooled, L2-normalised sentence vectors (len(rows), hidden) of id rows of any lengths."""
        n = max((len(r) for r in rows), default=0)
        ids = np.zeros((len(rows), n), dtype=np.int64)
        mask = np.zeros((len(rows), n), dtype=self.dtype)
        for i, r in enumerate(rows):
            ids[i, :len(r)] = r
            mask[i, :len(r)] = 1
        states = self.forward(ids, mask)
        summed = (states * mask[:, :, None]).sum(axis=1)
        mean = summed / np.maximum(mask.sum(axis=1, keepdims=True), 1e-9)
        norm = np.linalg.norm(mean, axis=1, keepdims=True)
        out: np.ndarray = mean / np.maximum(norm, 1e-12)
        return out


def limit_blas_threads(n: int = 1) -> bool:
    """One BLAS thread for the whole process (threadpoolctl, the `semantic` extra, when installed).
    A query is a few small matrix products: BLAS threads that spin for them on a shared or busy
    machine cost 5-50 times the work itself; a web server runs one worker process per core anyway."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return False
    threadpool_limits(n, user_api="blas")
    return True


class SentenceModel:
    """Tokenizer + encoder: texts in, unit vectors out. Texts are batched by length (less padding)."""

    def __init__(self, tokenizer: WordPiece, encoder: Encoder, max_tokens: int = MAX_TOKENS):
        self.tokenizer = tokenizer
        self.encoder = encoder
        self.max_tokens = max_tokens

    @classmethod
    def load(cls, folder: Path | str, dtype: Any = np.float32,
             erf_fn: Callable[[np.ndarray], np.ndarray] = erf) -> SentenceModel:
        folder = Path(folder)
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        pooling = folder / "1_Pooling" / "config.json"
        if pooling.is_file():
            pc = json.loads(pooling.read_text(encoding="utf-8"))
            if not pc.get("pooling_mode_mean_tokens") or pc.get("pooling_mode_cls_token"):
                raise ModelError(f"{pooling}: only mean pooling is implemented")
        tok_cfg = folder / "tokenizer_config.json"
        if tok_cfg.is_file() and not json.loads(tok_cfg.read_text(encoding="utf-8")).get("do_lower_case", True):
            raise ModelError(f"{tok_cfg}: only the uncased tokenizer is implemented")
        return cls(WordPiece.load(folder / "vocab.txt"),
                   Encoder(read_safetensors(folder / "model.safetensors"), config, dtype, erf_fn))

    def embed(self, texts: Sequence[str], batch: int = 32) -> np.ndarray:
        rows = [self.tokenizer.encode(t, self.max_tokens) for t in texts]
        out = np.zeros((len(rows), self.encoder.hidden), dtype=self.encoder.dtype)
        order = sorted(range(len(rows)), key=lambda i: len(rows[i]))
        for s in range(0, len(order), batch):
            part = order[s:s + batch]
            out[part] = self.encoder.embed_ids([rows[i] for i in part])
        return out
