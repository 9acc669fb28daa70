"""The learned re-ordering of the best candidates (ltr.py, ranker.toml) and its learner."""

from __future__ import annotations

import pytest

from judge_app.search import ltr
from judge_app.search import service as service_mod

from .conftest import load_script


def _capture(svc, query: str, game: str | None = "bss"):
    svc.ltr_capture = []
    try:
        svc.search(query, game=game, limit=10)
        return list(svc.ltr_capture)
    finally:
        svc.ltr_capture = None


def test_a_model_of_the_current_score_alone_keeps_the_order(svc, monkeypatch):
    query = "how many cards do i draw when i keep my opening hand"
    monkeypatch.setattr(service_mod, "LTR", None)
    before = [h.id for h in svc.search(query, game="bss", limit=10).hits]
    only_score = tuple(1.0 if n == "score" else 0.0 for n in ltr.FEATURES)
    monkeypatch.setattr(service_mod, "LTR", ltr.Model(10, {"question": only_score, "short": only_score}))
    assert [h.id for h in svc.search(query, game="bss", limit=10).hits] == before


def test_features_are_one_row_per_candidate_and_in_range(svc):
    (ranked, matches, ups, part, extra), = _capture(svc, "can i block with a spirit that is exhausted")
    assert part == "question"
    rows = ltr.featurize(ranked[:10], matches, ups, extra)
    assert len(rows) == 10 and all(len(r) == len(ltr.FEATURES) for r in rows)
    assert rows[0][0] == pytest.approx(1.0)  # the current score, relative to the first
    assert all(-1e-9 <= v <= 1.0 + 1e-9 for r in rows for n, v in zip(ltr.FEATURES, r, strict=True)
               if n not in ("intent", "sem"))


def test_reorder_moves_the_window_only_and_keeps_scores_decreasing(svc):
    (ranked, matches, ups, _, _), = _capture(svc, "can i block with a spirit that is exhausted")
    # a model that prefers headings: the window is re-ordered, what is below it is untouched
    w = tuple(1.0 if n == "leaf" else 0.0 for n in ltr.FEATURES)
    out = ltr.reorder(ranked, matches, ups, w, 5)
    assert {k for k, _ in out[:5]} == {k for k, _ in ranked[:5]} and out[5:] == ranked[5:]
    assert [sc for _, sc in out[:5]] == [sc for _, sc in ranked[:5]]  # the window's scores, in the new order
    leafs = [matches[k].f.leaf for k, _ in out[:5]]
    assert leafs == sorted(leafs, reverse=True)


def test_the_newer_features_read_the_player_words_the_family_and_the_citations(svc):
    """Twenty-fourth round: the player words' share and BM25, the family's share, a quoted wording and
    the citations, each in [0, 1] and read from what the service gives beside the Match."""
    (ranked, matches, ups, _, extra), = _capture(svc, "can i block with a spirit that is exhausted")
    window = ranked[:10]
    assert set(extra) >= {k for k, _ in window}
    rows = ltr.featurize(window, matches, ups, extra)
    at = {n: ltr.FEATURES.index(n) for n in ("pw_only", "told", "fam_only", "pw_bm25", "quoted", "cited", "cites")}
    assert max(r[at["pw_bm25"]] for r in rows) == pytest.approx(1.0)  # relative to the window's best
    assert all(r[at["pw_only"]] <= r[at["told"]] + 1e-9 for r in rows)  # said only there: part of said anywhere
    assert all(r[at["quoted"]] == 0.0 for r in rows)  # nothing quoted
    for (k, _), r in zip(window, rows, strict=True):
        f = matches[k].f
        assert (r[at["cited"]] > 0) == (f.cited > 0) and (r[at["cites"]] > 0) == (f.cites > 0)
    # without the service's extra the rows are the same but for those two features
    bare = ltr.featurize(window, matches, ups)
    assert all(a == b for r, s in zip(rows, bare, strict=True) for i, (a, b) in enumerate(zip(r, s, strict=True))
               if ltr.FEATURES[i] not in ltr.EXTRA)


def test_a_model_reads_the_extra_features_only_when_it_weighs_them():
    w = [0.0] * len(ltr.FEATURES)
    w[0] = 1.0
    m = ltr.Model(10, {"question": tuple(w)})
    assert not m.extra and not m.newer
    w[ltr.FEATURES.index("cited")] = 0.5
    m = ltr.Model(10, {"question": tuple(w)})
    assert m.newer and not m.extra
    w[ltr.FEATURES.index("quoted")] = 0.5
    assert ltr.Model(10, {"question": tuple(w)}).extra
    kept = ltr.load()  # ranker.toml (twenty-fourth round) weighs them, so the service computes them
    assert kept is not None and kept.newer and kept.extra


def test_a_model_without_the_newer_features_reads_them_as_zero(svc):
    (ranked, matches, ups, _, extra), = _capture(svc, "can i block with a spirit that is exhausted")
    full = ltr.featurize(ranked[:10], matches, ups, extra)
    bare = ltr.featurize(ranked[:10], matches, ups, extra, newer=False)
    at = ltr.FEATURES.index("pw_only")
    assert [r[:at] for r in full] == [r[:at] for r in bare] and all(not any(r[at:]) for r in bare)


def test_trees_add_to_the_linear_value():
    t = (0, 0.5, 1, 0.5, 1.0, 2.0, 1, 0.5, 3.0, 4.0)
    assert ltr.tree_value(t, (0.2, 0.9)) == 2.0 and ltr.tree_value(t, (0.9, 0.1)) == 3.0


def test_the_model_file_loads(tmp_path):
    assert ltr.load(tmp_path / "none.toml") is None
    p = tmp_path / "r.toml"
    p.write_text("[model]\ndepth = 10\n\n[question]\nscore = 1\nleaf = 0.5\n", encoding="utf-8")
    m = ltr.load(p)
    assert m is not None and m.depth == 10 and set(m.weights) == {"question"}
    assert m.weights["question"][ltr.FEATURES.index("leaf")] == 0.5


def _learner():
    return load_script("learn_search_ranker")


def test_the_ranker_learner_reads_tuning_halves_only(monkeypatch):
    mod = _learner()
    monkeypatch.setattr(mod, "TUNE_SETS", ["tests/search/queries/players.jsonl#test"])
    with pytest.raises(SystemExit):
        mod.load(5)
    monkeypatch.setattr(mod, "TUNE_SETS", ["tests/search/queries/players.jsonl"])
    with pytest.raises(SystemExit):
        mod.load(5)


def test_the_learner_compares_the_answer_with_the_rule_ranked_first(svc, capsys):
    """Twenty-sixth round (`--first-vs-answer`): a query whose answer is second is compared feature by feature."""
    from judge_app.search.evaluation import GradedQuery

    mod = _learner()
    query = "can i block with a spirit that is exhausted"
    ids = [h.id for h in svc.search(query, game="bss", limit=10).hits]
    before = service_mod.LTR
    q = GradedQuery("made-up", "bss", query, "natural", {ids[1]: 3})
    mod.first_vs_answer(svc, [mod.Seen(q, 0, "made-up", 0.0, None)], ["made-up"])
    out = capsys.readouterr().out
    assert "compared 1" in out and "answer first 0" in out
    rows = [line.split() for line in out.splitlines()[2:]]
    assert {r[0] for r in rows} == set(ltr.FEATURES) and all(sum(map(int, r[1:])) == 1 for r in rows)
    assert service_mod.LTR is before


def test_pairwise_fit_prefers_the_feature_that_orders_the_answers():
    import numpy as np

    mod = _learner()
    rng = np.random.default_rng(0)
    data = []
    for _ in range(40):
        x = rng.random((10, len(ltr.FEATURES)))
        g = (x[:, ltr.FEATURES.index("body")] > 0.7).astype(float) * 3
        if g.max() > g.min():
            data.append((x, g))
    w = mod.fit(data, 0.001)
    body = ltr.FEATURES.index("body")
    assert w[body] > 1.0 and w[body] == max(w)


@pytest.mark.parametrize("text, expected", [
    ("encore keyword ability", True),  # a string of game terms
    ("awakening zone number", True),
    ("cannot engage", True),  # a card wording opening with "cannot"
    ("when destroyed by opponent", True),
    ("can i block with an exhausted spirit", False),  # questions
    ("how many cards do i draw", False),
    ("my spirit got destroyed", False),
])
def test_term_strings_are_told_from_questions(svc, text, expected):
    from judge_app.search.query import analyze, term_string

    assert term_string(analyze(text, svc.speller, svc.vocabulary())) is expected


def test_a_term_string_keeps_the_lexical_order(svc, monkeypatch):
    """The re-ordering cost keyword queries on unseen queries: a string of game terms typed without a typo
    is not re-ordered (not even captured for the learner), whatever the model says."""
    query = "curse blocked spirit destroyed end of battle"
    assert _capture(svc, query) == []
    monkeypatch.setattr(service_mod, "LTR", None)
    before = [h.id for h in svc.search(query, game="bss", limit=10).hits]
    backwards = tuple(-1.0 if n == "score" else 0.0 for n in ltr.FEATURES)  # the window upside down
    model = ltr.Model(10, {"question": backwards, "short": backwards})
    monkeypatch.setattr(service_mod, "LTR", model)
    assert [h.id for h in svc.search(query, game="bss", limit=10).hits] == before
    # a question is re-ordered by the same model
    q = "can i block with a spirit that is exhausted"
    monkeypatch.setattr(service_mod, "LTR", None)
    plain = [h.id for h in svc.search(q, game="bss", limit=10).hits]
    monkeypatch.setattr(service_mod, "LTR", model)
    assert [h.id for h in svc.search(q, game="bss", limit=10).hits] != plain
