"""The semantic signal learned from the rules documents (semantic.py) and game names in queries."""

from __future__ import annotations

import numpy as np
import pytest

from judge_app.search import semantic


def _corpus() -> list[list[str]]:
    # two topics that never share a window: words of one topic must end up closer to each other
    a = [["exhaust", "spirit", "block", "attack", "refresh"], ["block", "spirit", "exhaust", "battl"],
         ["attack", "refresh", "exhaust", "spirit"], ["spirit", "battl", "block", "attack"]]
    b = [["clock", "level", "damag", "climax"], ["damag", "clock", "cancel", "climax"],
         ["level", "clock", "damag", "cancel"], ["climax", "cancel", "level", "damag"]]
    return (a + b) * 5


def test_words_of_one_topic_are_closer_than_words_of_another():
    space = semantic.train(_corpus(), dim=4, window=3)
    v = space.vectors
    i = space.index

    def cos(x: str, y: str) -> float:
        return float(v[i[x]] @ v[i[y]])

    assert cos("exhaust", "block") > cos("exhaust", "clock") + 0.3
    assert cos("damag", "climax") > cos("damag", "spirit") + 0.3
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-4)


def test_training_is_deterministic_and_round_trips(tmp_path):
    s1, s2 = semantic.train(_corpus(), dim=4), semantic.train(_corpus(), dim=4)
    assert np.array_equal(s1.vectors, s2.vectors)
    semantic.save(s1, tmp_path)
    back = semantic.load(tmp_path)
    assert back is not None and back.index == s1.index
    assert np.array_equal(back.vectors, s1.vectors) and np.array_equal(back.idf, s1.idf)
    assert semantic.load(tmp_path / "missing") is None


def test_embed_ignores_unknown_words_and_empty_input():
    space = semantic.train(_corpus(), dim=4)
    assert space.embed([("nonesuch", 1.0)]) is None
    assert space.embed([]) is None
    v = space.embed([("clock", 1.0), ("nonesuch", 1.0)])
    assert v is not None and abs(float(np.linalg.norm(v)) - 1.0) < 1e-5


def test_tiny_corpus_does_not_fail():
    assert semantic.train([["one"]]).vectors.shape == (0, semantic.DIM)
    assert semantic.train([["a", "b"], ["a", "b"]]).vectors.shape[0] == 2


def test_vectors_are_built_and_checksummed_with_the_index(svc):
    meta_files = svc.reader.meta.get("files") or {}
    assert (svc.reader.path / semantic.FILE).is_file()
    space = svc.reader.semantic()
    assert space is not None and len(space.index) > 500 and space.vectors.shape[1] == semantic.DIM
    if meta_files:  # the store records a checksum for every file of a build
        assert semantic.FILE in meta_files


def test_semantic_signal_scores_questions_only(svc):
    svc.debug = {}
    try:
        svc.search("what happens to the cores when my spirit is destroyed", game="bss")
        q_rows = [d for d in svc.debug.values() if d]
        svc.debug = {}
        svc.search("exhaust", game="bss")
        k_rows = [d for d in svc.debug.values() if d]
    finally:
        svc.debug = None
    assert q_rows and any(d.get("sem", 0) != 0 for d in q_rows)
    assert k_rows and all("sem" not in d for d in k_rows)


@pytest.mark.parametrize("query, game, absent", [
    ("hand size limit in weiss", "ws", "weiss"),
    ("mulligan in standard", "bs-standard", "standard"),
    ("how do you win in monster invasion", "monster", "invasion"),
    ("hand limit in weiss schwarz", None, "schwarz"),
    # a name no English sentence says is the game's name wherever it stands (session 17)
    ("does counter step exist - weiss and monster invasion card game", None, "weiss"),
    ("does counter step exist - weiss and monster invasion card game", None, "invasion"),
    ("bss vs ws encore", None, "bss"),
    # names listed with a name, and misspelt names (session 18): read as the name, then dropped
    ("can 2 of my spirits block 1 attacker in saga or standard", None, "standard"),
    ("can 2 of my spirits block 1 attacker in saga or standerd", None, "standerd"),
    ("triggers still resolve - weiss and monster invasion", None, "invasion"),
    ("triggers still resolve - weiss and monster invasoin", None, "invasoin"),
    ("hand limit in weis", "ws", "weis"),
    # searching one game, its name ending a string of terms (session 21)
    ("cores paid reserve standard", "bs-standard", "standard"),
    ("burst timing saga?", "bss", "saga"),
])
def test_the_name_of_a_game_searched_is_not_a_search_word(svc, query, game, absent):
    from judge_app.search.query import analyze

    scope = None if game is None else frozenset([game])
    an = analyze(query, svc.speller, svc.vocabulary(), scope=scope)
    assert absent not in an.tokens and an.tokens
    assert svc.search(query, game=game).hits


def test_a_game_name_is_kept_where_it_is_not_the_scope(svc):
    from judge_app.search.query import analyze

    # "in standard" names the bs-standard game: searched in Battle Spirits Saga only, it stays words
    an = analyze("cores in standard", svc.speller, svc.vocabulary(), scope=frozenset(["bss"]))
    assert "standard" in an.tokens
    an = analyze("cores in bss", svc.speller, svc.vocabulary(), scope=frozenset(["bss"]))
    assert "bss" not in an.tokens
    # names made of English words stay words unless "in/for/of/on" says they name the game
    an = analyze("standard draw step saga", svc.speller, svc.vocabulary(), scope=None)
    assert "standard" in an.tokens and "saga" in an.tokens
    # ... also at the end of a query, unless the one game searched is the one named (session 21)
    an = analyze("draw step saga", svc.speller, svc.vocabulary(), scope=frozenset(["bss", "ws"]))
    assert "saga" in an.tokens
    an = analyze("standard draw step", svc.speller, svc.vocabulary(), scope=frozenset(["bs-standard"]))
    assert "standard" in an.tokens
    an = analyze("monster invasion icon number", svc.speller, svc.vocabulary(), scope=frozenset(["monster"]))
    assert "invasion" in an.tokens
    # a misspelt word that is not then a name dropped is left to the corrector (its alternatives, "did you mean")
    an = analyze("invasoin once per turn", svc.speller, svc.vocabulary(), scope=frozenset(["monster"]))
    assert an.corrections == {"invasoin": "invasion"}
    an = analyze("standerd draw step", svc.speller, svc.vocabulary(), scope=None)
    assert an.corrections.get("standerd") == "standard"


@pytest.mark.parametrize("query, games", [
    ("can 2 of my spirits block 1 attacker in saga or standerd", {"bss", "bs-standard"}),
    ("do triggers still resolve after the game ends - weiss and monster invasion", {"ws", "monster"}),
    ("tap cost: saga effect cost vs weiss ACT cost", {"bss", "ws"}),  # one name surely a name: the others too
    ("opening hand size and mulligan rules in battle spirits", {"bss", "bs-standard"}),
    ("standard draw step saga", set()),  # English words, no name surely a name
])
def test_an_unscoped_query_searches_the_games_it_names(svc, query, games):
    from judge_app.search.query import games_named

    assert games_named(query, svc.vocabulary(), svc.speller) == games
    hit_games = {h.game for h in svc.search(query).hits}
    assert hit_games <= games if games else len(hit_games) > 1


def test_misspelt_names_are_read_at_most_as_often_as_the_corrector_corrects(svc):
    from judge_app.search.query import MAX_TYPO_FIX, _name_typos

    names = tuple(n for ns in svc.vocabulary().names.values() for n in ns)
    fixes = _name_typos(" ".join(["weis", "standerd"] * 40), names, svc.speller)
    assert len(fixes) == MAX_TYPO_FIX
    assert {w for _, _, w in fixes} == {"weiss", "standard"}
