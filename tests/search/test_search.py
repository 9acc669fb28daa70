"""Behaviour of SearchService.search: numbers, words, typos, synonyms, scope, grouping, snippets."""

import pytest

from judge_app.errors import BadQuery, UnknownGame, UnknownVersion


def ids(res):
    return [h.id for h in res.hits]


def test_contract_keys(svc):
    d = svc.search("exhaust", game="bss").to_dict()
    for k in ("query", "game", "interpreted_as", "did_you_mean", "hits", "redirect", "nearest"):
        assert k in d
    h = d["hits"][0]
    for k in ("game", "version", "id", "title", "snippet", "score", "kind", "section", "snippet_html"):
        assert k in h
    assert d["game"] == "bss" and h["game"] == "bss"
    scores = [x["score"] for x in d["hits"]]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize("q", ["7-1-5", "7.1.5", "7.1.5.", "CR 7-1-5", "§7-1-5", "bss 7-1-5", "７－１－５", "7-1-5:"])
def test_number_redirects(svc, q):
    res = svc.search(q, game="bss")
    assert res.redirect == {"game": "bss", "version": svc.library.games["bss"].current, "id": "7-1-5"}
    assert ids(res)[0] == "7-1-5"
    # the subrules follow, children first
    assert ids(res)[1:4] == ["7-1-5-1", "7-1-5-2", "7-1-5-3"]


def test_number_other_game_prefix(svc):
    res = svc.search("ws:7.5.1.3")
    assert res.redirect["game"] == "ws" and res.hits[0].id == "7.5.1.3"


@pytest.mark.parametrize("q, game, want", [("standard 10 2 2 6", None, ("bs-standard", "10-2-2-6")),
                                          ("weiss 9 6 1", None, ("ws", "9.6.1")),
                                          ("saga 7 1 5", "bss", ("bss", "7-1-5")),
                                          ("monster rule 5 11", "monster", ("monster", "5.11")),
                                          ("standard rule 11 1 1", "bs-standard", ("bs-standard", "11-1-1")),
                                          ("weiss cr 8 7 4", None, ("ws", "8.7.4"))])
def test_number_typed_with_spaces_after_a_game_name(svc, q, game, want):
    res = svc.search(q, game=game)
    assert (res.hits[0].game, res.hits[0].id) == want


def test_game_name_and_spaced_digits_of_no_rule_are_words(svc):
    # no rule 40-3 in the standard document: a deck question (40 cards, 3 copies), searched as words
    res = svc.search("standard 40 3", game="bs-standard")
    assert res.redirect is None and res.hits


def test_number_range(svc):
    res = svc.search("7-1-5-1..3", game="bss")
    assert ids(res)[:3] == ["7-1-5-1", "7-1-5-2", "7-1-5-3"]
    assert res.redirect is None  # a range is listed, not jumped to


def test_ambiguous_number_lists_each_game(svc):
    res = svc.search("rule 9-2")
    assert res.redirect is None
    top = [(h.game, h.id) for h in res.hits[:2]]
    assert set(top) == {("bss", "9-2"), ("bs-standard", "9-2")}
    assert ("ws", "9.2") in [(h.game, h.id) for h in res.hits]


def test_unscoped_number_in_one_notation_lists_the_other_notations_games(svc):
    # "9.2.2" exists only in ws among the dotted documents, and as 9-2-2 in both dashed ones: with no game
    # named, those come right after it, before anyone's subrules (twenty-second round)
    res = svc.search("rule 9.2.2")
    top = [(h.game, h.id) for h in res.hits[:3]]
    assert top == [("ws", "9.2.2"), ("bss", "9-2-2"), ("bs-standard", "9-2-2")]
    scoped = svc.search("rule 9.2.2", game="ws")
    assert all(h.game == "ws" for h in scoped.hits)


def test_missing_number_gives_nearest(svc):
    res = svc.search("7-1-9", game="bss")
    assert res.redirect is None
    assert res.nearest and res.hits
    assert all(svc.library.document("bss").get(n["id"]) for n in res.nearest)
    assert "no such rule" in res.interpreted_as


def test_keyword_definition_first(svc):
    assert ids(svc.search("Awaken", game="bss"))[0] == "11-1-1"
    assert ids(svc.search("Encore", game="ws"))[0] in ("10.2.1", "10.2.2")


def test_question(svc):
    assert ids(svc.search("can I block with an exhausted spirit", game="bss"))[0] == "7-1-3-1"


@pytest.mark.parametrize("typo, word", [("destory", "destroy"), ("mulligun", "mulligan"), ("exaust", "exhaust"),
                                        ("tigger check", "trigger check")])
def test_typos_did_you_mean(svc, typo, word):
    res = svc.search(typo)
    assert res.did_you_mean == word
    assert res.hits


def test_typo_keeps_case_and_other_words(svc):
    res = svc.search("Pendng state", game="bs-standard")
    assert res.did_you_mean == "pending state"
    assert ids(res)[0] in ("5-17-1", "10-2-2-1", "5-17")


def test_no_did_you_mean_for_correct_words(svc):
    assert svc.search("exhaust", game="bss").did_you_mean is None


def test_synonym_graveyard(svc):
    res = svc.search("graveyard", game="ws")
    assert set(ids(res)[:3]) & {"3.4.1", "3.4", "3.4.2"}
    assert "waiting room" in res.interpreted_as


def test_synonym_tap(svc):
    assert set(ids(svc.search("tap", game="bss"))[:3]) & {"10-4-1", "4-4-1-2"}


def test_synonym_state_based_actions(svc):
    assert ids(svc.search("state-based actions", game="monster"))[0].startswith("11.1")


def test_synonyms_are_data(svc):
    from judge_app.search.query import SYNONYMS_PATH, SynonymTable

    table = SynonymTable.load(SYNONYMS_PATH)
    assert table.by_key and "graveyard" in table.vocabulary


def test_game_filter(svc):
    for g in svc.library.games:
        res = svc.search("destroyed", game=g)
        assert all(h.game == g for h in res.hits)


def test_unscoped_names_each_game(svc):
    res = svc.search("is conceding affected by effects")
    games = {h.game for h in res.hits}
    assert len(games) >= 3


def test_version_filter(svc):
    g = svc.library.games["bss"]
    for v in g.versions:
        res = svc.search("exhaust", game="bss", version=v)
        assert res.hits and all(h.version == v for h in res.hits)


def test_bad_scope(svc):
    with pytest.raises(UnknownGame):
        svc.search("x", game="nope")
    with pytest.raises(UnknownVersion):
        svc.search("x", game="bss", version="0.0.0")


def test_empty_query(svc):
    for q in ("", "   ", "\x00\x01", "!!!"):
        with pytest.raises(BadQuery):
            svc.search(q)


def test_limit(svc):
    assert len(svc.search("card", limit=3).hits) == 3
    assert len(svc.search("card", limit=10_000).hits) <= 100
    with pytest.raises(BadQuery):
        svc.search("card", limit=0)


def test_grouping_and_sections(svc):
    res = svc.search("rage", game="monster")
    d = res.to_dict()
    groups = d["groups"]
    assert groups and sum(len(g["ids"]) for g in groups) == len(d["hits"])
    # siblings under 3.4 end up in one group
    g34 = [g for g in groups if g["section"] and g["section"]["id"] == "3.4"]
    assert g34 and len(g34[0]["ids"]) >= 2
    for h in d["hits"]:
        rule = svc.library.document("monster").get(h["id"])
        if rule.parent:
            assert h["section"]["id"] == rule.parent


def test_snippet_html_escaped_and_marked(svc):
    res = svc.search("waiting room", game="ws")
    # (the first hit whose text says the words: the zone's definition, 3.4.1, may come first and says
    # them only in its title, which the snippet does not show)
    h = next(h for h in res.hits if "waiting room" in h.snippet.lower())
    assert "<mark>" in h.snippet_html
    assert "<script" not in svc.search("<script>alert(1)</script> exhaust").to_dict()["hits"][0]["snippet_html"]


def test_make_snippet_escapes():
    from judge_app.search.service import make_snippet

    plain, html = make_snippet("Cards <b>&</b> exhausted spirits", {"exhaust"})
    assert "<b>" not in html and "&lt;b&gt;" in html and "<mark>exhausted</mark>" in html
    assert plain == "Cards <b>&</b> exhausted spirits"


def test_hits_point_at_real_rules(svc):
    from judge_app.rules import Kind

    for q in ("example", "note", "for example the spirit"):
        for h in svc.search(q).hits:
            r = svc.library.document(h.game, h.version).get(h.id)
            assert r is not None and r.kind not in (Kind.EXAMPLE, Kind.NOTE)


def test_suggest_ids(svc):
    out = svc.suggest_ids("7-1-5", "bss", 5)
    assert out[0]["id"] == "7-1-5" and all(o["id"].startswith("7-1-5") for o in out)
    assert svc.suggest_ids("7.1.5", "bss", 5)[0]["id"] == "7-1-5"
    assert svc.suggest_ids("abc", "bss") == []


def test_suggest_terms(svc):
    out = svc.suggest_terms("awa", "bss", 5)
    assert any(o["term"].casefold() == "awaken" for o in out)
    assert svc.suggest_terms("", "bss") == []


def test_number_inside_words_comes_first(svc):
    res = svc.search("7-1-5 battle", game="bss")
    assert res.hits[0].id == "7-1-5"
    assert "rule number 7-1-5" in res.interpreted_as and "battle" in res.interpreted_as
    assert res.redirect is None


def test_every_version_indexed(svc):
    for d in svc.library.documents():
        res = svc.search("card", game=d.game, version=d.version, limit=3)
        assert res.hits, (d.game, d.version)
