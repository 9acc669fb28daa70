"""The numpy sentence-embedding model (minilm.py): safetensors reading, BERT's tokenizer, the forward pass.

Most tests use a tiny model with random weights written by the test; the last ones run the real
all-MiniLM-L6-v2 (marked slow) and skip when it is not fetched (`judge semantic-model fetch`)."""

from __future__ import annotations

import json
import math
import struct
from pathlib import Path

import numpy as np
import pytest

from judge_app.search import minilm
from judge_app.search.minilm import (
    Encoder,
    ModelError,
    SentenceModel,
    WordPiece,
    erf,
    exact_erf,
    read_safetensors,
)

from .conftest import USER_DATA_DIR

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "can", "i", "block", "with", "an", "exhaust", "##ed",
         "spirit", "'", "s", "?", ",", "!", "-", "7", "1", "5", "cafe", "de", "##ja", "vu", "東", "京", "un",
         "##able", "##s", "a", "the", "clock", "level"]
HIDDEN, HEADS, LAYERS, FF = 8, 2, 2, 16


def write_safetensors(path: Path, tensors: dict[str, np.ndarray]) -> None:
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    blobs, off = [], 0
    for name, a in tensors.items():
        b = np.ascontiguousarray(a, dtype="<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(a.shape), "data_offsets": [off, off + len(b)]}
        blobs.append(b)
        off += len(b)
    h = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(h)) + h + b"".join(blobs))


def tiny_tensors(seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)

    def r(*shape: int) -> np.ndarray:
        return rng.normal(0, 0.5, shape).astype(np.float32)

    t = {"embeddings.word_embeddings.weight": r(len(VOCAB), HIDDEN),
         "embeddings.position_embeddings.weight": r(16, HIDDEN),
         "embeddings.token_type_embeddings.weight": r(2, HIDDEN),
         "embeddings.LayerNorm.weight": 1 + r(HIDDEN) * 0.1, "embeddings.LayerNorm.bias": r(HIDDEN) * 0.1}
    for i in range(LAYERS):
        p = f"encoder.layer.{i}."
        for n in ("query", "key", "value"):
            t[p + f"attention.self.{n}.weight"] = r(HIDDEN, HIDDEN)
            t[p + f"attention.self.{n}.bias"] = r(HIDDEN)
        t[p + "attention.output.dense.weight"], t[p + "attention.output.dense.bias"] = r(HIDDEN, HIDDEN), r(HIDDEN)
        t[p + "attention.output.LayerNorm.weight"], t[p + "attention.output.LayerNorm.bias"] = 1 + r(HIDDEN), r(HIDDEN)
        t[p + "intermediate.dense.weight"], t[p + "intermediate.dense.bias"] = r(FF, HIDDEN), r(FF)
        t[p + "output.dense.weight"], t[p + "output.dense.bias"] = r(HIDDEN, FF), r(HIDDEN)
        t[p + "output.LayerNorm.weight"], t[p + "output.LayerNorm.bias"] = 1 + r(HIDDEN), r(HIDDEN)
    return t


CONFIG = {"num_attention_heads": HEADS, "num_hidden_layers": LAYERS, "layer_norm_eps": 1e-12, "hidden_act": "gelu"}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("tiny-model")
    write_safetensors(d / "model.safetensors", tiny_tensors())
    (d / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    (d / "config.json").write_text(json.dumps(CONFIG), encoding="utf-8")
    (d / "1_Pooling").mkdir()
    (d / "1_Pooling" / "config.json").write_text(json.dumps({"pooling_mode_mean_tokens": True}), encoding="utf-8")
    return d


# --- safetensors -----------------------------------------------------------------------------------

def test_safetensors_round_trip(tmp_path):
    t = tiny_tensors(3)
    write_safetensors(tmp_path / "m.safetensors", t)
    got = read_safetensors(tmp_path / "m.safetensors")
    assert set(got) == set(t)
    for k, a in t.items():
        assert got[k].dtype == np.float32 and got[k].shape == a.shape
        assert np.array_equal(got[k], a)


@pytest.mark.parametrize("damage", ["short", "header too long", "not json", "range", "size"])
def test_safetensors_refuses_damaged_files(tmp_path, damage):
    p = tmp_path / "m.safetensors"
    write_safetensors(p, {"w": np.ones((2, 3), np.float32)})
    data = p.read_bytes()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    if damage == "short":
        data = data[:5]
    elif damage == "header too long":
        data = struct.pack("<Q", len(data)) + data[8:]
    elif damage == "not json":
        data = data[:8] + b"x" + data[9:]
    else:
        header["w"]["data_offsets"] = [0, 10_000] if damage == "range" else [0, 20]
        h = json.dumps(header).encode()
        data = struct.pack("<Q", len(h)) + h + data[8 + n:]
    p.write_bytes(data)
    with pytest.raises(ModelError):
        read_safetensors(p)


# --- tokenizer -------------------------------------------------------------------------------------

def test_basic_tokens_lower_case_strip_accents_split_punctuation():
    assert minilm.basic_tokens("Can I BLOCK, with an Exhausted spirit's?!") == [
        "can", "i", "block", ",", "with", "an", "exhausted", "spirit", "'", "s", "?", "!"]
    assert minilm.basic_tokens("Café déjà vu — 東京") == ["cafe", "deja", "vu", "—", "東", "京"]
    assert minilm.basic_tokens("7-1-5 $x^2`") == ["7", "-", "1", "-", "5", "$", "x", "^", "2", "`"]
    # control characters dropped, every kind of space splits, NUL and U+FFFD removed
    assert minilm.basic_tokens("a\u0007b\tc\u00a0d\x00e\ufffdf") == ["ab", "c", "def"]


def test_wordpiece_greedy_longest_match():
    wp = WordPiece({t: i for i, t in enumerate(VOCAB)})
    assert wp.pieces("exhausted") == ["exhaust", "##ed"]
    assert wp.pieces("unables") == ["un", "##able", "##s"]
    assert wp.pieces("deja") == ["de", "##ja"]
    assert wp.pieces("blockx") == ["[UNK]"]  # one unknown part makes the whole word unknown
    assert wp.pieces("a" * 101) == ["[UNK]"]
    ids = wp.encode("Can I block, with an exhausted spirit?")
    assert ids[0] == VOCAB.index("[CLS]") and ids[-1] == VOCAB.index("[SEP]")
    assert [VOCAB[i] for i in ids[1:-1]] == ["can", "i", "block", ",", "with", "an", "exhaust", "##ed", "spirit", "?"]
    cut = wp.encode("block " * 50, max_tokens=6)
    assert len(cut) == 6 and cut[-1] == VOCAB.index("[SEP]")


# --- the network -----------------------------------------------------------------------------------

def test_erf_matches_math_erf():
    x = np.linspace(-8, 8, 20001)
    assert np.abs(erf(x) - exact_erf(x)).max() < 2e-7
    assert erf(np.float32(1.0) * np.ones(3, np.float32)).dtype == np.float32


def test_gelu_is_the_erf_form():
    x = np.array([-3.0, -1.0, 0.0, 0.5, 2.0])
    want = [0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in x]
    assert np.allclose(minilm.gelu(x, exact_erf), want, atol=1e-15)


def test_tiny_model_shape_normalisation_determinism(tiny):
    m = SentenceModel.load(tiny)
    texts = ["can i block with an exhausted spirit?", "clock", "", "cafe deja vu 東京"]
    e = m.embed(texts)
    assert e.shape == (4, HIDDEN) and e.dtype == np.float32
    assert np.allclose(np.linalg.norm(e, axis=1), 1.0, atol=1e-6)
    assert np.array_equal(e, m.embed(texts))  # same input, same bits
    assert np.array_equal(e, SentenceModel.load(tiny).embed(texts))


def test_padding_is_masked(tiny):
    """A text's vector does not depend on what it is batched with, nor on the padding's ids."""
    m = SentenceModel.load(tiny)
    alone = m.embed(["clock"])[0]
    batched = m.embed(["clock", "can i block with an exhausted spirit , the level !"])[0]
    assert np.allclose(alone, batched, atol=1e-6)
    enc = m.encoder
    ids = np.array([[2, 33, 3, 0, 0], [2, 33, 3, 7, 9]])
    mask = np.array([[1, 1, 1, 0, 0], [1, 1, 1, 0, 0]], dtype=np.float32)
    h = enc.forward(ids, mask)
    assert np.allclose(h[0, :3], h[1, :3], atol=1e-6)


def test_pooling_is_the_mean_of_real_tokens(tiny):
    m = SentenceModel.load(tiny)
    ids = m.tokenizer.encode("can i block")
    states = m.encoder.forward(np.array([ids]), np.ones((1, len(ids)), np.float32))[0]
    mean = states.mean(axis=0)
    assert np.allclose(m.embed(["can i block"])[0], mean / np.linalg.norm(mean), atol=1e-6)


def test_float32_agrees_with_float64_and_exact_erf(tiny):
    texts = ["can i block with an exhausted spirit?", "the clock level", "cafe"]
    e32 = SentenceModel.load(tiny).embed(texts)
    e64 = SentenceModel.load(tiny, dtype=np.float64, erf_fn=exact_erf).embed(texts)
    assert np.abs(e32 - e64).max() < 1e-5


def test_forward_matches_a_plain_loop_implementation(tiny):
    """The vectorised attention against a token-by-token, head-by-head loop (float64, exact erf)."""
    t = read_safetensors(tiny / "model.safetensors")
    enc = Encoder(t, CONFIG, np.float64, exact_erf)
    ids = [2, 5, 6, 7, 10, 11, 3]
    got = enc.forward(np.array([ids]), np.ones((1, len(ids))))[0]

    def ln(v, w, b):
        return (v - v.mean()) / math.sqrt(v.var() + 1e-12) * w + b

    def lin(name, v):
        return t[name + ".weight"].astype(np.float64) @ v + t[name + ".bias"]

    x = [ln(t["embeddings.word_embeddings.weight"][i] + t["embeddings.position_embeddings.weight"][p]
            + t["embeddings.token_type_embeddings.weight"][0], t["embeddings.LayerNorm.weight"],
            t["embeddings.LayerNorm.bias"]) for p, i in enumerate(ids)]
    d = HIDDEN // HEADS
    for layer in range(LAYERS):
        a = f"encoder.layer.{layer}.attention."
        q = [lin(a + "self.query", v) for v in x]
        k = [lin(a + "self.key", v) for v in x]
        val = [lin(a + "self.value", v) for v in x]
        new = []
        for i in range(len(x)):
            ctx = np.zeros(HIDDEN)
            for h in range(HEADS):
                s = slice(h * d, (h + 1) * d)
                sc = np.array([q[i][s] @ k[j][s] / math.sqrt(d) for j in range(len(x))])
                p = np.exp(sc - sc.max())
                p /= p.sum()
                ctx[s] = sum(p[j] * val[j][s] for j in range(len(x)))
            y = ln(lin(a + "output.dense", ctx) + x[i], t[a + "output.LayerNorm.weight"], t[a + "output.LayerNorm.bias"])
            o = f"encoder.layer.{layer}."
            up = lin(o + "intermediate.dense", y)
            up = np.array([0.5 * u * (1 + math.erf(u / math.sqrt(2))) for u in up])
            new.append(ln(lin(o + "output.dense", up) + y, t[o + "output.LayerNorm.weight"], t[o + "output.LayerNorm.bias"]))
        x = new
    assert np.allclose(got, np.array(x), atol=1e-10)


def test_missing_tensor_and_unsupported_settings_are_refused(tiny):
    t = tiny_tensors()
    del t["encoder.layer.1.output.dense.bias"]
    with pytest.raises(ModelError, match="output.dense.bias"):
        Encoder(t, CONFIG)
    with pytest.raises(ModelError, match="hidden_act"):
        Encoder(tiny_tensors(), {**CONFIG, "hidden_act": "relu"})


# --- the real model (fetched with `judge semantic-model fetch`) ------------------------------------

REFERENCE = Path(__file__).with_name("data") / "minilm_reference.json"


def _real_model() -> Path:
    from judge_app.search import model_files

    d = Path(USER_DATA_DIR) / "models" / model_files.model_dir().name
    if not all((d / f).is_file() for f in model_files.FILES):
        pytest.skip(f"the semantic model is not fetched (no {d}): run `judge semantic-model fetch`")
    return d


@pytest.mark.slow
def test_real_model_tokenizer_matches_the_reference():
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    wp = WordPiece.load(_real_model() / "vocab.txt")
    assert len(wp.vocab) == 30522
    for text, ids in zip(ref["texts"], ref["ids"], strict=True):
        assert wp.encode(text) == ids, text


@pytest.mark.slow
def test_real_model_embeddings_match_the_reference():
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    m = SentenceModel.load(_real_model())
    e = m.embed(ref["texts"])
    assert e.shape == (len(ref["texts"]), 384)
    assert np.abs(e[:, :32] - np.array(ref["prefix"])).max() < 1e-5
    assert np.abs(e @ e.T - np.array(ref["cosines"])).max() < 1e-5
