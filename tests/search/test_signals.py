"""The reranker's signals table: every signal is reported, and the score is their weighted sum."""

from __future__ import annotations

import pytest

from judge_app.search import signals

from .conftest import load_script


def test_signal_names_are_unique():
    names = [s.name for s in signals.SIGNALS]
    assert len(names) == len(set(names))


def test_debug_shows_every_signal_and_the_score_is_their_weighted_sum(svc):
    svc.debug = {}
    try:
        res = svc.search("how many cards in the starting hand", game="bss", limit=5)
        shown = dict(svc.debug)
    finally:
        svc.debug = None
    assert res.hits
    table = signals.QUESTION_SIGNALS  # a "how many" question
    for h in res.hits[:3]:
        d = shown[f"{h.game}|{h.version}|{h.id}"]
        assert {s.name for s in table} <= set(d)
        want = sum(s.weight * d[s.name] * (d["cov"] if s.gated else 1.0) for s in table)
        assert d["score"] == pytest.approx(want, abs=0.02)  # (the values shown are rounded)


def test_questions_and_short_queries_have_their_own_weights():
    assert signals.is_question(1, ("count",)) and signals.is_question(signals.LONG, ())
    assert not signals.is_question(2, ())
    assert signals.table_for(1, ()) is signals.SIGNALS
    assert signals.table_for(1, ("permission",)) is signals.QUESTION_SIGNALS


def _learner():
    return load_script("learn_search_weights")


def test_the_weight_learner_never_reads_a_test_half():
    with pytest.raises(SystemExit):
        _learner().main(["tests/search/queries/players.jsonl#test"])
    with pytest.raises(SystemExit):
        _learner().main(["tests/search/queries/players.jsonl"])  # a whole file holds the test half too


def test_pairwise_fit_raises_the_weight_of_a_signal_that_orders_the_answers():
    import numpy as np

    learn = _learner()
    names = [n for n, _, _ in signals._TABLE]
    body = names.index("body")
    rng = np.random.default_rng(0)
    data = []
    for _ in range(20):
        x = rng.random((10, len(names))) * 0.1
        grades = [3, 2, 0, 0, 0, 0, 0, 0, 0, 0]
        x[:, body] = [1.0 if g else 0.0 for g in grades]  # only `body` tells the answers apart
        x[:, names.index("bm25")] = rng.random(10)
        data.append(([f"k{i}" for i in range(10)], x, grades))
    start = {n: (1.0 if n == "bm25" else 0.0) for n in names}
    w = learn.pairwise(data, start, l2=1e-4, frozen=frozenset({"title"}))
    assert w["bm25"] == 1.0 and w["title"] == 0.0
    assert w["body"] > 0.5 and w["body"] == max(v for k, v in w.items() if k != "bm25")


def test_weights_file_without_question_weights_uses_the_short_ones(tmp_path):
    p = tmp_path / "w.toml"
    p.write_text("[signals]\nbm25 = 1\nbody = 0.5\n\n[ranking]\nfamily = 0.25\n", encoding="utf-8")
    w = signals.load_weights(p)
    assert w["question"] == w["signals"] == {"bm25": 1.0, "body": 0.5}
    assert signals.make_signals({"bm25": 1.0, "body": 0.0}) == signals.make_signals({"bm25": 1.0})


def test_diversify_gives_a_place_to_the_rule_saying_what_the_first_did_not():
    from types import SimpleNamespace

    q = SimpleNamespace(weights=[1.0, 1.0, 1.0, 1.0], total=4.0)
    # a and b say the same half of the query; c says the other half, with a slightly lower score
    said = {"a": (0b0011, q), "b": (0b0011, q), "c": (0b1100, q), "d": (0b0001, q)}
    ranked = [("a", 1.0), ("b", 0.9), ("c", 0.8), ("d", 0.1)]
    out = signals.diversify(ranked, said, 1.0, 3)
    assert [k for k, _ in out] == ["a", "c", "b", "d"]
    assert [sc for _, sc in out] == sorted((sc for _, sc in out), reverse=True)
    # no strength: the order is kept
    assert [k for k, _ in signals.diversify(ranked, said, 0.0, 3)] == ["a", "b", "c", "d"]


def test_diversify_keeps_a_clear_winner_first():
    from types import SimpleNamespace

    q = SimpleNamespace(weights=[1.0, 1.0], total=2.0)
    said = {"a": (0b01, q), "b": (0b10, q)}
    # b says the other half but scores far lower: a stays first, b second
    assert [k for k, _ in signals.diversify([("a", 1.0), ("b", 0.2)], said, 1.0, 3)] == ["a", "b"]


def _features(**kw):
    base = dict(own=frozenset(), ctx=frozenset(), ptitle=frozenset(), title=(), terms=(), bigrams=frozenset(),
                first_child=False, parent_title=())
    base.update(kw)
    return signals.Features(**base)


def _query(*words):
    alts = [[(frozenset([w]), 1.0)] for w in words]
    return signals.QueryInGame(feats={}, alts=alts, weights=[1.0] * len(words), total=float(len(words)),
                               words=frozenset(words), fast=[[(w, frozenset([w]), 1.0)] for w in words])


def test_a_concept_said_by_the_parent_or_a_subrule_counts_partly():
    """Fifteenth round: a rule is read with its parent's and its subrules' texts (Features.fam), below
    its own words and its headings'."""
    q = _query("deck", "time")
    alone = signals.Match(_features(own=frozenset({"time"}), text=frozenset({"time"})), q, 1.0)
    read_with = signals.Match(_features(own=frozenset({"time"}), text=frozenset({"time"}), fam=frozenset({"deck"})), q, 1.0)
    own = signals.Match(_features(own=frozenset({"time", "deck"}), text=frozenset({"time", "deck"})), q, 1.0)
    assert alone.coverage == pytest.approx(0.5)
    assert read_with.coverage == pytest.approx(0.5 + 0.5 * signals.FAMILY_SHARE)
    assert own.coverage == pytest.approx(1.0)
    assert read_with.body == alone.body  # the share said in its own text is its own


def test_family_words_are_what_the_parent_and_subrules_add(svc):
    """(Sixteenth round: less the rule's own player words, and with PW_FAMILY plus its family's.)"""
    from judge_app.search import service

    doc = svc.library.document("bss")
    feats = svc._features("bss", doc.version)
    for rid, f in feats.items():
        r = doc.rules[rid]
        fam = [feats[c] for c in (r.parent, *r.children) if c in feats]
        said = {w for k in fam for w in k.text | (k.pw if service.PW_FAMILY else frozenset())}
        assert f.fam == frozenset(said) - f.own - f.ctx - f.ptitle - f.pw
        assert not f.pw & (f.own | f.ctx | f.ptitle)
        assert f.every == f.own | f.ptitle | f.ctx | f.fam | f.pw
    assert sum(1 for f in feats.values() if f.fam) > len(feats) // 4


def test_a_concept_said_in_the_player_words_counts_at_its_share():
    """Sixteenth round: a concept only the rule's player words say (Features.pw) counts PW_SHARE of it,
    and none of it as said in the rule's own text."""
    q = _query("deck", "time")
    alone = signals.Match(_features(own=frozenset({"time"}), text=frozenset({"time"})), q, 1.0)
    said = signals.Match(_features(own=frozenset({"time"}), text=frozenset({"time"}), pw=frozenset({"deck"})), q, 1.0)
    assert said.coverage == pytest.approx(0.5 + 0.5 * signals.PW_SHARE)
    assert said.body == alone.body


def test_diversify_reads_what_a_rule_says_in_its_text_or_its_player_words():
    """Eighteenth round: `said` (what the learned re-ordering reads) is the rule's own text only; `told`
    (what `diversify` reads) adds the concepts its player words say, which the coverage counts as fully,
    so a rule saying in its text what the first place says in its player words is not raised as new."""
    q = _query("deck", "time", "core")
    m = signals.Match(_features(own=frozenset({"time"}), text=frozenset({"time"}), pw=frozenset({"deck"}),
                                fam=frozenset({"core"})), q, 1.0)
    assert m.said == 0b010
    assert m.told == 0b011  # the family's words are not the rule's own: not told
    first = signals.Match(_features(pw=frozenset({"deck", "time"})), q, 1.0)
    second = signals.Match(_features(own=frozenset({"deck", "time"}), text=frozenset({"deck", "time"})), q, 1.0)
    third = signals.Match(_features(own=frozenset({"core"}), text=frozenset({"core"})), q, 1.0)
    said = {"a": (first.told, q), "b": (second.told, q), "c": (third.told, q)}
    # b says nothing a did not (a says it in its player words); c says the rest: c is raised above b
    assert [k for k, _ in signals.diversify([("a", 1.0), ("b", 0.9), ("c", 0.8)], said, 1.0, 3)] == ["a", "c", "b"]
    # read with the own-text mask (before), a "says nothing" and loses even the first place to b
    own = {"a": (first.said, q), "b": (second.said, q), "c": (third.said, q)}
    assert [k for k, _ in signals.diversify([("a", 1.0), ("b", 0.9), ("c", 0.8)], own, 1.0, 3)] == ["b", "c", "a"]


def test_phrase_is_the_best_share_of_one_player_words_phrase_the_query_says():
    """Seventeenth round: `phrase` reads a rule's player words phrase by phrase (Features.phrases): the
    best phrase's share of its stems that the query says, when it says two or more of them."""
    ps = (frozenset({"still", "go", "off"}), frozenset({"deck", "out", "lose", "game"}))
    f = _features(phrases=ps, phrase_words=frozenset().union(*ps))
    assert signals.phrase(signals.Match(f, _query("still", "go", "off", "trigger"), 1.0)) == pytest.approx(1.0)
    assert signals.phrase(signals.Match(f, _query("deck", "lose", "draw"), 1.0)) == pytest.approx(0.5)
    assert signals.phrase(signals.Match(f, _query("deck", "draw"), 1.0)) == 0.0  # one word of a phrase is not a phrase
    assert signals.phrase(signals.Match(_features(), _query("still", "go"), 1.0)) == 0.0
    q = _query("still", "go", "off")
    for share in (0.0, 0.6):
        scaled = signals.QueryInGame(feats=q.feats, alts=q.alts, weights=q.weights, total=q.total, words=q.words,
                                     fast=q.fast, phrase_share=share)
        assert signals.phrase(signals.Match(f, scaled, 1.0)) == pytest.approx(share)


def test_phrase_is_off_for_a_string_of_game_terms_and_partial_for_a_corrected_query(svc):
    """A string of game terms as typed is not a player's phrasing (query.term_string): no `phrase`; a
    query with a corrected word reads it at the corrected share, as it reads the player words."""
    from judge_app.search.query import analyze

    doc = svc.library.document("bss")

    def share(text: str) -> float:
        an = analyze(text, svc.speller, svc.vocabulary(), scope=frozenset({"bss"}))
        return svc._rerank_context("bss", doc.version, an, [], []).phrase_share

    assert share("burst flash timing") == 0.0
    assert share("does my burst still go off if the spirit is destroyed") == signals.PW_SHARE
    assert share("does my brust still go off") == signals.PW_SHARE_CORRECTED
    assert any(f.phrases for f in svc._features("bss", doc.version).values())


def test_a_heading_named_in_passing_counts_as_far_as_the_rule_says_the_rest():
    """Twenty-first round: a question that names a heading ("marker area") and asks something else about it:
    `under` counts UNDER_PASSING of itself, the rest as far as the rule says the other concepts. A query
    asking what the term is, or a string of terms, is not read so."""
    import dataclasses

    q = _query("marker", "area", "cont", "ability")
    passing = dataclasses.replace(q, passing=True)
    heading = dict(ptitle=frozenset({"marker", "area"}), parent_title=("marker", "area"))
    bare = _features(own=frozenset({"marker"}), text=frozenset({"marker"}), **heading)
    says = _features(own=frozenset({"marker", "cont", "ability"}), text=frozenset({"marker", "cont", "ability"}), **heading)
    assert signals.under(signals.Match(bare, q, 1.0)) == pytest.approx(0.5)  # not in passing: the whole
    assert signals.under(signals.Match(bare, passing, 1.0)) == pytest.approx(0.5 * signals.UNDER_PASSING)
    assert signals.under(signals.Match(says, passing, 1.0)) == pytest.approx(0.5)
    # the heading is all the query says: nothing else is asked
    only = dataclasses.replace(_query("marker", "area"), passing=True)
    assert signals.under(signals.Match(bare, only, 1.0)) == pytest.approx(1.0)


@pytest.mark.parametrize("query, passing", [
    ("does a character in the marker area keep its cont abilities", True),
    ("what is the marker area", False),  # asks what it is
    ("marker area meaning?", False),
    ("marker area", False),  # a string of terms
])
def test_a_question_may_name_a_heading_in_passing(svc, query, passing):
    from judge_app.search.query import analyze

    an = analyze(query, svc.speller, svc.vocabulary(), scope=frozenset(["ws"]))
    q = svc._rerank_context("ws", svc.library.document("ws").version, an, [], [])
    assert q.passing is passing
