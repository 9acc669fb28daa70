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
    (ranked, matches, ups, part), = _capture(svc, "can i block with a spirit that is exhausted")
    assert part == "question"
    rows = ltr.featurize(ranked[:10], matches, ups)
    assert len(rows) == 10 and all(len(r) == len(ltr.FEATURES) for r in rows)
    assert rows[0][0] == pytest.approx(1.0)  # the current score, relative to the first
    assert all(-1e-9 <= v <= 1.0 + 1e-9 for r in rows for n, v in zip(ltr.FEATURES, r, strict=True)
               if n not in ("intent", "sem"))


def test_reorder_moves_the_window_only_and_keeps_scores_decreasing(svc):
    (ranked, matches, ups, _), = _capture(svc, "can i block with a spirit that is exhausted")
    # a model that prefers headings: the window is re-ordered, what is below it is untouched
    w = tuple(1.0 if n == "leaf" else 0.0 for n in ltr.FEATURES)
    out = ltr.reorder(ranked, matches, ups, w, 5)
    assert {k for k, _ in out[:5]} == {k for k, _ in ranked[:5]} and out[5:] == ranked[5:]
    assert [sc for _, sc in out[:5]] == [sc for _, sc in ranked[:5]]  # the window's scores, in the new order
    leafs = [matches[k].f.leaf for k, _ in out[:5]]
    assert leafs == sorted(leafs, reverse=True)


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
