"""Metrics on a hand-made set, and the quality floor on the development set."""

import json
import math
from pathlib import Path

import pytest

from judge_app.search.evaluation import GradedQuery, evaluate, load_queries, mrr, ndcg, recall, run_eval

from .conftest import DEV_SET


def test_mrr():
    rel = {"a": 3, "b": 2, "c": 1}
    assert mrr(["a", "x"], rel) == 1.0
    assert mrr(["x", "c", "b"], rel) == pytest.approx(1 / 3)  # grade 1 does not count
    assert mrr(["x"] * 10 + ["a"], rel) == 0.0  # beyond the top 10
    assert mrr([], rel) == 0.0


def test_ndcg():
    rel = {"a": 3, "b": 2}
    assert ndcg(["a", "b"], rel) == pytest.approx(1.0)
    ideal = 3 + 2 / math.log2(3)
    assert ndcg(["b", "a"], rel) == pytest.approx((2 + 3 / math.log2(3)) / ideal)
    assert ndcg(["x", "a"], rel) == pytest.approx((3 / math.log2(3)) / ideal)
    assert ndcg(["a", "a", "b"], rel) == pytest.approx((3 + 2 / 2) / ideal)  # a duplicate gains nothing
    assert ndcg(["x"], {}) == 0.0


def test_recall():
    rel = {"a": 3, "b": 2, "c": 1}
    assert recall(["a"], rel) == 0.5
    assert recall(["c", "b", "a"], rel) == 1.0
    assert recall(["x"] * 10 + ["a", "b"], rel) == 0.0


def test_evaluate_aggregates_by_kind():
    qs = [GradedQuery("1", "g", "q1", "k1", {"a": 3}), GradedQuery("2", "g", "q2", "k2", {"b": 3}),
          GradedQuery("3", None, "q3", "k2", {"g:b": 3})]
    answers = {"q1": ["a"], "q2": ["x", "b"], "q3": ["b"]}
    rep = evaluate(qs, lambda q: {"hits": [{"game": "g", "id": i} for i in answers[q.query]]})
    assert rep["by_kind"]["k1"]["mrr"] == 1.0
    assert rep["by_kind"]["k2"]["mrr"] == pytest.approx(0.75)  # (1/2 + 1) / 2: unscoped ids are game:id
    assert rep["overall"]["mrr"] == pytest.approx((1 + 0.5 + 1) / 3, abs=1e-4)


def test_load_queries(tmp_path):
    p = tmp_path / "q.jsonl"
    p.write_text(json.dumps({"qid": "x", "game": None, "query": "q", "kind": "typo", "relevant": {"a:1": 2}}) + "\n\n")
    (q,) = load_queries(p)
    assert q.relevant == {"a:1": 2} and q.game is None


# Targets from the issue: nDCG@10 >= 0.85 and MRR >= 0.85 overall, >= 0.75 on typo and synonym.
# (mrr, ndcg) floors; measured values are in docs/search.md.
FLOOR = {"overall": (0.85, 0.85), "typo": (0.75, 0.75), "synonym": (0.75, 0.75)}


@pytest.mark.skipif(not DEV_SET.is_file(), reason="development set not present")
def test_quality_floor_on_dev_set(svc):
    rep = run_eval(svc, load_queries(DEV_SET), baseline=True)
    s = rep["search"]
    assert s["overall"]["mrr"] >= FLOOR["overall"][0]
    assert s["overall"]["ndcg"] >= FLOOR["overall"][1]
    for kind in ("typo", "synonym"):
        assert s["by_kind"][kind]["mrr"] >= FLOOR[kind][0], kind
        assert s["by_kind"][kind]["ndcg"] >= FLOOR[kind][1], kind
    # and clearly better than plain BM25
    assert s["overall"]["ndcg"] > rep["baseline"]["overall"]["ndcg"] + 0.2


def test_split_is_a_fixed_hash_of_the_text():
    from judge_app.search.evaluation import split_of

    assert split_of("Graveyard") == split_of("  graveyard ") in ("tune", "test")
    halves = {split_of(f"query {n}") for n in range(20)}
    assert halves == {"tune", "test"}


def test_player_set_is_valid_and_balanced():
    """The graded player queries: >= 150, every game and kind, every id exists in its document."""
    from pathlib import Path

    from judge_app.rules import load_library
    from judge_app.search.evaluation import load_set, split_of

    path = Path(__file__).parent / "queries" / "players.jsonl"
    qs = load_queries(path)
    assert len(qs) >= 150 and len({q.qid for q in qs}) == len(qs)
    _every_id_exists_and_every_game_is_asked(qs, load_library())
    for half in ("tune", "test"):
        label, part = load_set(f"{path}#{half}")
        assert all(split_of(q.query) == half for q in part) and len(part) > 60
        assert {q.kind for q in part} == {"keyword", "natural", "typo", "synonym", "rule-id", "multi"}


def _every_id_exists_and_every_game_is_asked(qs, lib):
    for q in qs:
        for key in q.relevant:
            game, rid = key.split(":", 1) if q.game is None else (q.game, key)
            assert lib.document(game).get(rid) is not None, (q.qid, key)
    assert {q.game for q in qs} == {None, "bss", "bs-standard", "monster", "ws"}


def test_second_player_set_is_valid():
    """The second round of graded player queries (the kinds the test half was weakest on): >= 120,
    every game, ids that exist, qids and texts distinct from the first set's."""
    from pathlib import Path

    from judge_app.rules import load_library
    from judge_app.search.evaluation import split_of

    here = Path(__file__).parent / "queries"
    qs = load_queries(here / "players-2.jsonl")
    first = load_queries(here / "players.jsonl")
    assert len(qs) >= 120 and len({q.qid for q in qs + first}) == len(qs) + len(first)
    norm = {" ".join(q.query.casefold().split()) for q in first}
    assert not [q.query for q in qs if " ".join(q.query.casefold().split()) in norm]
    _every_id_exists_and_every_game_is_asked(qs, load_library())
    assert {q.kind for q in qs} == {"natural", "multi", "synonym"}
    assert {split_of(q.query) for q in qs if q.kind == "multi"} == {"tune", "test"}


def _check_later_set(name: str, before: tuple[str, ...], with_dev: bool = False) -> None:
    """A later set of graded player queries: >= 120, every game, ids that exist, qids and texts
    distinct from the earlier sets' (and the development set's), every kind in both halves."""
    from pathlib import Path

    from judge_app.rules import load_library
    from judge_app.search.evaluation import split_of

    here = Path(__file__).parent / "queries"
    qs = load_queries(here / name)
    earlier = [q for b in before for q in load_queries(here / b)]
    dev = here.parents[2].parent / "shared" / "search-dev.jsonl"
    others = earlier + (load_queries(dev) if with_dev and dev.is_file() else [])
    assert len(qs) >= 120 and len({q.qid for q in qs + earlier}) == len(qs) + len(earlier)
    norm = {" ".join(q.query.casefold().split()) for q in others}
    assert not [q.query for q in qs if " ".join(q.query.casefold().split()) in norm]
    _every_id_exists_and_every_game_is_asked(qs, load_library())
    for kind in ("natural", "multi", "synonym", "keyword", "typo", "rule-id"):
        assert {split_of(q.query) for q in qs if q.kind == kind} == {"tune", "test"}, kind


def test_third_player_set_is_valid():
    """The third round of graded player queries, written before any tuning of the fourth session."""
    _check_later_set("players-3.jsonl", ("players.jsonl", "players-2.jsonl"))


def test_fourth_player_set_is_valid():
    """The fourth round, written and graded from the rules text before any tuning of the fifth
    session; distinct from the development set's texts too."""
    _check_later_set("players-4.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl"), with_dev=True)


def test_fifth_player_set_is_valid():
    """The fifth round, written and graded from the rules text before any tuning of the sixth
    round; distinct from every earlier set's texts and the development set's."""
    _check_later_set("players-5.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl"),
                     with_dev=True)


def test_sixth_player_set_is_valid():
    """The sixth round, written and graded from the rules text before any tuning of the seventh
    round; distinct from every earlier set's texts and the development set's."""
    _check_later_set("players-6.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                         "players-5.jsonl"), with_dev=True)


def test_seventh_player_set_is_valid():
    """The seventh round, written and graded from the rules text before any tuning of the eighth
    round; distinct from every earlier set's texts and the development set's."""
    _check_later_set("players-7.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                         "players-5.jsonl", "players-6.jsonl"), with_dev=True)


def test_eighth_player_set_is_valid():
    """The eighth round, written and graded from the rules text before any tuning of the tenth
    round; distinct from every earlier set's texts and the development set's."""
    _check_later_set("players-8.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                         "players-5.jsonl", "players-6.jsonl", "players-7.jsonl"), with_dev=True)


def test_ninth_player_set_is_valid():
    """The ninth round, written and graded from the rules text before any tuning of the twelfth
    round; distinct from every earlier set's texts and the development set's."""
    _check_later_set("players-9.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                         "players-5.jsonl", "players-6.jsonl", "players-7.jsonl", "players-8.jsonl"),
                     with_dev=True)


def test_tenth_player_set_is_valid():
    """The tenth set, written and graded from the rules text by a helper who never ran the search on
    it; distinct from every earlier set's texts and the development set's, every kind in both halves."""
    _check_later_set("players-10.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                          "players-5.jsonl", "players-6.jsonl", "players-7.jsonl", "players-8.jsonl",
                                          "players-9.jsonl"),
                     with_dev=True)


def test_eleventh_player_set_is_valid():
    """The eleventh set, written and graded from the rules text by a helper who never ran the search on
    it; distinct from every earlier set's texts and the development set's, every kind in both halves."""
    _check_later_set("players-11.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                          "players-5.jsonl", "players-6.jsonl", "players-7.jsonl", "players-8.jsonl",
                                          "players-9.jsonl", "players-10.jsonl"),
                     with_dev=True)


def test_twelfth_player_set_is_valid():
    """The twelfth set, written and graded from the rules text by a helper who never ran the search on
    it, aimed at rules no earlier set graded 3; distinct from every earlier set's texts and the
    development set's, every kind in both halves."""
    _check_later_set("players-12.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                          "players-5.jsonl", "players-6.jsonl", "players-7.jsonl", "players-8.jsonl",
                                          "players-9.jsonl", "players-10.jsonl", "players-11.jsonl"),
                     with_dev=True)


def test_thirteenth_player_set_is_valid():
    """The thirteenth set, written and graded from the rules text by a helper who never ran the search on
    it, aimed at situations no earlier set asked about; distinct from every earlier set's texts and the
    development set's, every kind in both halves."""
    _check_later_set("players-13.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                          "players-5.jsonl", "players-6.jsonl", "players-7.jsonl", "players-8.jsonl",
                                          "players-9.jsonl", "players-10.jsonl", "players-11.jsonl",
                                          "players-12.jsonl"),
                     with_dev=True)


def test_fourteenth_player_set_is_valid():
    """The fourteenth set, written and graded from the rules text by a helper who never ran the search on
    it, aimed at rules and clauses no earlier set graded 3; every candidate that asked what one of the
    thirteen earlier sets already asked was dropped; distinct from every earlier set's texts and the
    development set's, every kind in both halves."""
    _check_later_set("players-14.jsonl", ("players.jsonl", "players-2.jsonl", "players-3.jsonl", "players-4.jsonl",
                                          "players-5.jsonl", "players-6.jsonl", "players-7.jsonl", "players-8.jsonl",
                                          "players-9.jsonl", "players-10.jsonl", "players-11.jsonl",
                                          "players-12.jsonl", "players-13.jsonl"),
                     with_dev=True)


def _sets_before(n: int) -> tuple[str, ...]:
    """The files of the graded player sets written before the n-th (the first is players.jsonl)."""
    return ("players.jsonl",) + tuple(f"players-{k}.jsonl" for k in range(2, n))


def _kinds_in_both_halves(name: str, least: int, per_half: int) -> None:
    """At least 160 queries; `least` of every kind, and `per_half` of each kind in each half."""
    from judge_app.search.evaluation import split_of

    qs = load_queries(Path(__file__).parent / "queries" / name)
    assert len(qs) >= 160
    for kind in ("natural", "multi", "synonym", "keyword", "typo", "rule-id"):
        halves = [split_of(q.query) for q in qs if q.kind == kind]
        assert len(halves) >= least and min(halves.count("tune"), halves.count("test")) >= per_half, kind


def test_fifteenth_player_set_is_valid():
    """The fifteenth set, written and graded from the rules text by a helper who never ran the search on
    it, aimed at situations and combinations no earlier set asked about (every candidate that asked what
    one of the fourteen earlier sets already asked was dropped); distinct from every earlier set's texts and
    the development set's, at least 16 queries of every kind and every kind in both halves."""
    _check_later_set("players-15.jsonl", _sets_before(15), with_dev=True)
    _kinds_in_both_halves("players-15.jsonl", least=16, per_half=5)


def test_sixteenth_player_set_is_valid():
    """The sixteenth set, written and graded from the rules text by a helper who never ran the search on
    it: about half on rules earlier sets graded 3 (in situations no earlier query asked about), half on
    rules none did; distinct from every earlier set's texts and the development set's, at least 12
    queries of every kind and every kind in both halves (at least 4 in each)."""
    _check_later_set("players-16.jsonl", _sets_before(16), with_dev=True)
    _kinds_in_both_halves("players-16.jsonl", least=12, per_half=4)


def test_seventeenth_player_set_is_valid():
    """The seventeenth set, written and graded from the rules text by a helper who never ran the search on
    it: situations and mechanic combinations no earlier query asked about (150 of its 160 queries grade 3
    only rules an earlier set already graded 3, since nearly every rule with text has been), many in other
    games' jargon, phone typos and terse fragments; distinct from every earlier set's texts and the
    development set's, at least 12 queries of every kind and every kind in both halves (at least 4 in each)."""
    _check_later_set("players-17.jsonl", _sets_before(17), with_dev=True)
    _kinds_in_both_halves("players-17.jsonl", least=12, per_half=4)


def test_eighteenth_player_set_is_valid():
    """The eighteenth set, written and graded from the rules text by a helper who never ran the search on
    it: 83 of its 160 queries grade 3 a rule earlier sets graded 3 at most once, the rest put popular rules
    in situations not asked before; other games' jargon, phone typos, terse fragments and oddly written
    rule numbers; distinct from every earlier set's texts and the development set's, at least 14 queries
    of every kind and at least 5 of each kind in each half."""
    _check_later_set("players-18.jsonl", _sets_before(18), with_dev=True)
    _kinds_in_both_halves("players-18.jsonl", least=14, per_half=5)


def test_nineteenth_player_set_is_valid():
    """The nineteenth set, written and graded from the rules text by a helper who never ran the search on
    it: plain table questions (40 of 160), other games' jargon, phone typos, terse fragments, oddly written
    rule numbers and two-thing questions, on rule combinations and less-asked rules; candidates that asked
    what an earlier set already asked were dropped; distinct from every earlier set's texts and the
    development set's, at least 14 queries of every kind and at least 5 of each kind in each half."""
    _check_later_set("players-19.jsonl", _sets_before(19), with_dev=True)
    _kinds_in_both_halves("players-19.jsonl", least=14, per_half=5)


def test_twentieth_player_set_is_valid():
    """The twentieth set, written and graded from the rules text by a helper who never ran the search on
    it: plain table questions (47 of 160), other games' jargon, phone typos, terse fragments, oddly written
    rule numbers and two-thing questions, aimed at rules earlier sets rarely graded 3 and at combinations
    of rules no earlier query asked together; candidates that asked what an earlier set already asked were
    dropped; distinct from every earlier set's texts and the development set's, at least 14 queries of
    every kind and at least 5 of each kind in each half."""
    _check_later_set("players-20.jsonl", _sets_before(20), with_dev=True)
    _kinds_in_both_halves("players-20.jsonl", least=14, per_half=5)


# Floors a little under the figures measured at the end of issue 17 (docs/search.md): they catch
# regressions; they are not targets (the target, nDCG >= 0.85 on the test half, is not met).
PLAYER_FLOOR = {"tune": 0.80, "test": 0.70}


@pytest.mark.parametrize("half", ["tune", "test"])
def test_quality_floor_on_player_queries(svc, half):
    from pathlib import Path

    from judge_app.search.evaluation import load_set

    _, qs = load_set(f"{Path(__file__).parent / 'queries' / 'players.jsonl'}#{half}")
    rep = run_eval(svc, qs, baseline=True)
    assert rep["search"]["overall"]["ndcg"] >= PLAYER_FLOOR[half]
    assert rep["search"]["overall"]["ndcg"] > rep["baseline"]["overall"]["ndcg"] + 0.25


def test_quality_floor_on_the_second_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the second set (0.632 when the weights were
    fitted, docs/search.md); its test half is reported in docs/search.md, not asserted here."""
    from pathlib import Path

    from judge_app.search.evaluation import load_set

    _, qs = load_set(f"{Path(__file__).parent / 'queries' / 'players-2.jsonl'}#tune")
    rep = run_eval(svc, qs, baseline=True)
    assert rep["search"]["overall"]["ndcg"] >= 0.60
    assert rep["search"]["overall"]["ndcg"] > rep["baseline"]["overall"]["ndcg"] + 0.15


def test_quality_floor_on_the_third_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the third set at the end of the fourth round
    (0.767, docs/search.md); its test half is reported there, never asserted or tuned on."""
    from pathlib import Path

    from judge_app.search.evaluation import load_set

    _, qs = load_set(f"{Path(__file__).parent / 'queries' / 'players-3.jsonl'}#tune")
    rep = run_eval(svc, qs, baseline=True)
    assert rep["search"]["overall"]["ndcg"] >= 0.74
    assert rep["search"]["overall"]["ndcg"] > rep["baseline"]["overall"]["ndcg"] + 0.15


def test_quality_floor_on_the_fourth_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the fourth set at the end of the fifth round
    (docs/search.md); its test half is reported there once, never asserted or tuned on."""
    from pathlib import Path

    from judge_app.search.evaluation import load_set

    _, qs = load_set(f"{Path(__file__).parent / 'queries' / 'players-4.jsonl'}#tune")
    rep = run_eval(svc, qs, baseline=True)
    assert rep["search"]["overall"]["ndcg"] >= 0.82
    assert rep["search"]["overall"]["ndcg"] > rep["baseline"]["overall"]["ndcg"] + 0.15


def test_quality_floor_on_the_fifth_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the fifth set at the end of the sixth round
    (0.813, baseline 0.551; docs/search.md); its test half is reported there once, never asserted
    or tuned on."""
    _check_tuning_floor(svc, "players-5.jsonl", 0.79)


def test_quality_floor_on_the_sixth_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the sixth set at the end of the seventh round
    (0.755, baseline 0.567; docs/search.md); its test half is reported there once, never asserted
    or tuned on."""
    _check_tuning_floor(svc, "players-6.jsonl", 0.73)


def test_quality_floor_on_the_seventh_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the seventh set at the end of the eighth round
    (0.797, docs/search.md); its test half is reported there once, never asserted or tuned on."""
    _check_tuning_floor(svc, "players-7.jsonl", 0.77)


def test_quality_floor_on_the_eighth_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the eighth set at the end of the tenth round
    (0.771, docs/search.md); its test half is reported there once, never asserted or tuned on."""
    _check_tuning_floor(svc, "players-8.jsonl", 0.74)


def test_quality_floor_on_the_ninth_player_set_tuning_half(svc):
    """Floor a little under the tuning-half figure of the ninth set at the end of the twelfth round
    (0.775, docs/search.md); its test half is reported there once, never asserted or tuned on."""
    _check_tuning_floor(svc, "players-9.jsonl", 0.75)


def _check_tuning_floor(svc, name: str, floor: float) -> None:
    """A set's tuning half: nDCG@10 at least `floor`, and more than 0.15 above the BM25 baseline."""
    from pathlib import Path

    from judge_app.search.evaluation import load_set

    _, qs = load_set(f"{Path(__file__).parent / 'queries' / name}#tune")
    rep = run_eval(svc, qs, baseline=True)
    assert rep["search"]["overall"]["ndcg"] >= floor
    assert rep["search"]["overall"]["ndcg"] > rep["baseline"]["overall"]["ndcg"] + 0.15


def test_graded_examples_and_notes_count_as_the_rule_they_are_folded_into(library):
    """The index folds examples and notes into their rule, so a graded example id is scored as that rule
    (the higher grade kept); without this the ideal ordering holds an id no search returns."""
    from judge_app.search.evaluation import folded

    ws = library.document("ws")
    ex = next(r for r in ws if r.kind.value == "example")
    parent = ws.rules[ex.parent]
    q = GradedQuery("x", "ws", "q", "natural", {ex.id: 3, parent.id: 2, "1.2": 1})
    assert folded(library, q).relevant == {parent.id: 3, "1.2": 1}
    unscoped = GradedQuery("y", None, "q", "natural", {f"ws:{ex.id}": 2, "bss:1-1": 3})
    assert folded(library, unscoped).relevant == {f"ws:{parent.id}": 2, "bss:1-1": 3}
    # the ids of every graded set that name an example or a note all resolve to a rule a search can return
    for path in sorted((Path(__file__).parent / "queries").glob("*.jsonl")):
        for gq in load_queries(path):
            for key in folded(library, gq).relevant:
                game, _, rid = key.rpartition(":") if gq.game is None else (gq.game, ":", key)
                rule = library.document(game).rules.get(rid)
                assert rule is not None and rule.kind.value not in ("example", "note"), (path.name, gq.qid, key)
