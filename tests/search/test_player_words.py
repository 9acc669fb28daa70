"""Player words per rule (judge_app/search/player_words.py, sixteenth round of issue 17): the files parse,
name their game and version, every id exists in that version and no entry is empty; the index reads them
as a field of its own, for the version the file names only."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.search import player_words as pw

FIXTURES = Path(__file__).with_name("data") / "player_words"


def _versions(library) -> dict[tuple[str, str], list[str]]:
    return {(d.game, d.version): list(d.rules) for d in library.documents()}


def test_shipped_files_are_valid(library):
    """Every file of judge_app/search/rule_words/ (none yet is fine): parses, names a game and version
    the library has, every id is a rule of that version, no entry is empty."""
    for p in pw.files():
        wf = pw.read(p)
        assert wf is None or (wf.game and wf.version), p
    assert pw.problems(_versions(library)) == []


@pytest.mark.parametrize("game", ["bss", "bs-standard", "monster", "ws"])
def test_each_game_ships_a_whole_file_for_its_current_version(library, game):
    """A file below MIN_COVERAGE is silently not read, so each game's file must cover its current document: every
    rule with text of its own has an entry (notes, headings without text aside), of distinct non-empty phrases,
    at most 25 (the writers' form, session 14)."""
    wf = pw.read(pw.files()[0].with_name(f"{game}.toml"))
    assert wf is not None and wf.game == game
    doc = library.document(game)
    assert wf.version == doc.version, "the file names an older version: its entries are not read"
    entries = pw.load()[(game, doc.version)]
    missing = [r.id for r in doc.rules.values()
               if r.text.strip() and r.kind.value == "rule" and r.id not in entries]
    assert missing == []
    assert pw.coverage(doc, entries) >= pw.MIN_COVERAGE
    bad = {rid: wf.phrases(rid) for rid in entries
           if not 1 <= len(wf.phrases(rid)) <= 25 or len(set(map(str.lower, wf.phrases(rid)))) != len(wf.phrases(rid))}
    assert bad == {}


def test_fixture_files_are_valid(library):
    assert pw.problems(_versions(library), FIXTURES) == []
    got = pw.load(FIXTURES)
    assert set(got) == {("bss", "1.7.0"), ("ws", "2.03")}  # (the empty file adds nothing)
    assert got[("bss", "1.7.0")]["3-2-3"] == "quuxle pile, one by one"
    assert pw.read(FIXTURES / "bss.toml").phrases("1-1-1") == ["zorblax", "free for all", "three player game"]


def test_missing_and_empty(tmp_path):
    assert pw.read(tmp_path / "nope.toml") is None
    (tmp_path / "x.toml").write_text("  \n", encoding="utf-8")
    assert pw.read(tmp_path / "x.toml") is None
    assert pw.load(tmp_path / "no-such-dir") == {}
    assert pw.files(tmp_path / "no-such-dir") == []


def test_problems_are_found(tmp_path):
    (tmp_path / "a.toml").write_text('game = "g"\nversion = "1"\n[rules]\n"1" = "x, y"\n"9" = "z"\n"2" = " , "\n',
                                     encoding="utf-8")
    (tmp_path / "b.toml").write_text('game = "g"\nversion = "2"\n[rules]\n"1" = "x"\n', encoding="utf-8")
    (tmp_path / "c.toml").write_text('version = "1"\n[rules]\n', encoding="utf-8")
    (tmp_path / "d.toml").write_text('game = "g"\nversion = \n', encoding="utf-8")
    (tmp_path / "e.toml").write_text('game = "g"\nversion = "1"\n[rules]\n"1" = 3\n', encoding="utf-8")
    got = pw.problems({("g", "1"): ["1", "2"]}, tmp_path)
    assert any("'9' is not a rule of g 1" in p for p in got)
    assert any("'2' has no words" in p for p in got)
    assert any("b.toml: no document g 2" in p for p in got)
    assert any("c.toml: must name its game and version" in p for p in got)
    assert any("d.toml: not valid TOML" in p for p in got)
    assert any("e.toml: [rules] must map rule ids to strings" in p for p in got)
    assert len(got) == 6
    with pytest.raises(pw.PlayerWordsError):
        pw.read(tmp_path / "c.toml")


def test_digest_follows_the_files(tmp_path):
    d0 = pw.digest(tmp_path)
    (tmp_path / "a.toml").write_text('game = "g"\nversion = "1"\n', encoding="utf-8")
    d1 = pw.digest(tmp_path)
    (tmp_path / "a.toml").write_text('game = "g"\nversion = "1"\n[rules]\n"1" = "x"\n', encoding="utf-8")
    assert len({d0, d1, pw.digest(tmp_path)}) == 3


def test_index_reads_them_for_their_version_only(library, tmp_path):
    """A word only the fixture's entry says finds that rule in the version the file names, and nothing
    in the game's other version (rule ids move between versions)."""
    from judge_app.search import index as ix

    docs = [library.document("bss", v) for v in library.game("bss").versions]
    assert len(docs) == 2
    ix.build(docs, tmp_path / "ix", {}, words_dir=FIXTURES, min_coverage=0.0)
    r = ix.open_reader(tmp_path / "ix")
    try:
        concept = ix.Concept((ix.Alt((ix.stem("zorblax") or "",)),))
        every = [ix.docset("bss", d.version) for d in docs]
        assert [k for k, _ in r.search([concept], every)] == ["bss|1.7.0|1-1-1"]
        two = ix.Concept((ix.Alt(tuple(ix.stems("quuxle pile"))),))  # a phrase of an entry
        assert [k for k, _ in r.search([two], every)] == ["bss|1.7.0|3-2-3"]
        assert r.player_words("bss|1.7.0")["1-1-1"].startswith("zorblax")
        assert r.player_words("bss|pre-2023-11-21") == {}
    finally:
        r.close()


def test_reranker_reads_them(library, tmp_path):
    """The service reads the words the build indexed (Features.pw: not the rule's own words)."""
    from judge_app.search import SearchService
    from judge_app.search import index as ix
    from judge_app.search.store import IndexStore

    docs = [library.document("bss", "1.7.0")]
    ix.build(docs, tmp_path / "ix", {}, words_dir=FIXTURES, min_coverage=0.0)
    svc = SearchService(library, ix.open_reader(tmp_path / "ix"), IndexStore(tmp_path / "store"))
    try:
        f = svc._features("bss", "1.7.0")
        assert ix.stem("zorblax") in f["1-1-1"].pw
        assert ix.stem("zorblax") in f["1-1-1"].every
        assert not f["1-1-1"].pw & f["1-1-1"].own
        hits = svc.search("zorblax", game="bss", version="1.7.0").to_dict()["hits"]
        assert hits and hits[0]["id"] == "1-1-1"
    finally:
        svc.close()


def test_a_partly_written_file_is_not_read(library, tmp_path):
    """Below MIN_COVERAGE of a document's rules with text, its entries are not indexed (half a file pushes
    the covered rules above better uncovered answers); the build says how covered each document was."""
    from judge_app.search import index as ix

    doc = library.document("bss", "1.7.0")
    assert 0 < pw.coverage(doc, pw.load(FIXTURES)[("bss", "1.7.0")]) < pw.MIN_COVERAGE
    ix.build([doc], tmp_path / "ix", {}, words_dir=FIXTURES)
    r = ix.open_reader(tmp_path / "ix")
    try:
        assert r.player_words("bss|1.7.0") == {}
        assert r.search([ix.Concept((ix.Alt((ix.stem("zorblax") or "",)),))], ["bss|1.7.0"]) == []
        assert r.meta["player_words"]["bss|1.7.0"] == {"entries": 2, "coverage": pytest.approx(2 / 365, abs=0.01),
                                                       "read": False}
    finally:
        r.close()


def test_an_example_entry_is_read_with_its_rule(library, tmp_path):
    """Examples and notes are folded into their rule in the index: so are their player words."""
    from judge_app.search import index as ix

    ix.build([library.document("ws", "2.03")], tmp_path / "ix", {}, words_dir=FIXTURES, min_coverage=0.0)
    r = ix.open_reader(tmp_path / "ix")
    try:
        assert [k for k, _ in r.search([ix.Concept((ix.Alt((ix.stem("flurbo") or "",)),))], ["ws|2.03"])] == [
            "ws|2.03|2.1.2.2"]
        assert r.player_words("ws|2.03") == {"2.1.2.2": "flurbo"}
    finally:
        r.close()
