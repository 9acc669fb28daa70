"""The rule library on the real documents: counts, repairs, references, terms, changelogs."""

from __future__ import annotations

import shutil

import pytest

from judge_app.errors import UnknownGame, UnknownRule, UnknownVersion
from judge_app.rules import Kind, RefStatus, load_library
from judge_app.rules.parsing import ids as idmod

ALL = [("bss", "1.7.0"), ("bss", "pre-2023-11-21"), ("bs-standard", "1.0"), ("monster", "1.2"), ("ws", "2.03")]


def diags(doc, kind):
    return [d for d in doc.diagnostics if d.kind == kind]


# -- counts and structure -------------------------------------------------------------------

@pytest.mark.parametrize("game,version,entries,rules", [
    ("bss", "1.7.0", 483, 365),
    ("bss", "pre-2023-11-21", 434, 326),
    ("bs-standard", "1.0", 476, 355),
    ("monster", "1.2", 519, 417),
    ("ws", "2.03", 597, 472),
])
def test_counts(lib, game, version, entries, rules):
    doc = lib.document(game, version)
    assert len(doc) == entries
    assert sum(1 for r in doc if r.kind is Kind.RULE) == rules


@pytest.mark.parametrize("game,version", ALL)
def test_tree_invariants(lib, game, version):
    doc = lib.document(game, version)
    ids = list(doc.rules)
    assert len(ids) == len(set(ids)), "ids unique"
    numbered = [r for r in doc if r.kind not in (Kind.EXAMPLE, Kind.NOTE)]
    keys = [idmod.parts(r.id) for r in numbered]
    assert keys == sorted(keys), "ids come out in order"
    for r in doc:
        assert not r.id.endswith(".") and not r.id.endswith(":")
        sep = "-" if doc.info.notation == "-" else "."
        assert idmod.to_notation(idmod.base_of(r.id), doc.info.notation) == idmod.base_of(r.id)
        assert (sep == "-" and "." not in idmod.base_of(r.id)) or (sep == "." and "-" not in idmod.base_of(r.id))
        if r.parent is not None:
            parent = doc.rules[r.parent]  # every parent exists
            assert r.id in parent.children
        elif r.kind in (Kind.EXAMPLE, Kind.NOTE):
            pytest.fail(f"{r.id} has no parent")
        for c in r.children:
            assert doc.rules[c].parent == r.id
        if r.kind.is_heading:
            assert r.title
        elif r.kind is Kind.RULE:
            assert r.text and "**" not in r.text and not r.text.startswith("- ")
    chapters = [r for r in doc if r.kind is Kind.CHAPTER]
    assert chapters and all(r.parent is None for r in chapters)


def test_text_keeps_curly_quotes_and_joins_wrapped_lines(lib):
    bss = lib.document("bss")
    assert bss.rules["1-2-1"].text == "A game of Battle Spirits Saga ends when one player wins and the other loses."
    assert "pass, without using one.Regardless" in bss.rules["7-1-2-1"].text  # printed this way, kept
    assert bss.rules["3-8-3"].text.endswith("the first card is discarded.")
    ws = lib.document("ws")
    assert "“look at the top 5 cards of your deck”" in ws.rules["3.2.3.3-ex1".replace("-", ".")].text
    old = lib.document("bss", "pre-2023-11-21")
    assert "’" in old.rules["1-2-1-1-1"].text  # the web copy prints curly apostrophes


# -- printed ids repaired, with the evidence --------------------------------------------------

def test_bss_duplicate_ids_repaired(lib):
    bss = lib.document("bss")
    dup = {d.printed: d for d in diags(bss, "duplicate-id")}
    assert set(dup) == {"1-2-1-1", "5-1-1-1", "8-2-2-2"}
    assert dup["1-2-1-1"].repaired == "1-2-1-1-1"
    assert "1-2-1-1-2" in dup["1-2-1-1"].evidence
    assert dup["5-1-1-1"].repaired == "5-1-1-2"
    assert dup["8-2-2-2"].repaired == "8-2-2-3"
    assert "8-2-2-2-1 already follows" in dup["8-2-2-2"].evidence
    assert bss.rules["1-2-1-1-1"].text == "Your opponent's life total is zero."
    assert bss.rules["1-2-1-1-1"].printed_id == "1-2-1-1"
    assert bss.rules["1-2-1-1-1"].parent == "1-2-1-1"
    assert bss.rules["5-1-1-2"].text.startswith("Cards with identical card names")
    assert bss.rules["8-2-2-3"].text.startswith("One kind of continuous effect directive is substitution")
    gaps = diags(bss, "sequence-gap")
    assert [(g.rule, g.doubtful) for g in gaps] == [("4-1-1-2", True)]


def test_no_unexplained_duplicates_or_gaps_elsewhere(lib):
    for game in ("bs-standard", "monster", "ws"):
        doc = lib.document(game)
        assert diags(doc, "duplicate-id") == []
        assert diags(doc, "out-of-order") == []
        assert diags(doc, "sequence-gap") == []


def test_doubled_ids_and_colons(lib):
    monster = lib.document("monster")
    assert [d.repaired for d in diags(monster, "doubled-id")] == ["1.3.1", "1.3.2", "1.3.2.1"]
    assert monster.rules["1.3.2.1"].text.endswith("it does not change to that state again, and that action never happens.")
    std = lib.document("bs-standard")
    assert [d.repaired for d in diags(std, "id-colon")] == ["9-1-5-6-1", "13-1-1", "13-1-2"]
    assert std.rules["9-1-5-6-1"].text.startswith("Once a continuous effect")
    stray = diags(monster, "stray-punctuation")
    assert [d.repaired for d in stray] == ["10.11"] and monster.rules["10.11"].title == "Source"


def test_two_rules_on_one_line(lib):
    std = lib.document("bs-standard")
    assert [d.rule for d in diags(std, "two-rules-one-line")] == ["5-3-3"]
    assert std.rules["5-3-2"].text == "The ‘turn player’ refers to the player whose turn is currently in progress."
    assert std.rules["5-3-3"].text.startswith("The ‘non-turn player’ refers to")
    assert std.rules["5-3-3"].parent == "5-3"


def test_wrapped_across_blank_lines_is_listed(lib):
    bss = lib.document("bss")
    joined = diags(bss, "joined-line")
    assert {d.rule for d in joined} >= {"1-2-1", "3-3-2", "6-6-1-2-5", "8-1-8", "8-5-1"}
    assert bss.rules["8-5-1"].text.endswith("Constant effects continuously apply their effect directives without activation.")


# -- headings -----------------------------------------------------------------------------

def test_ws_markdown_heading_levels_and_order(lib):
    ws = lib.document("ws")
    assert ws.rules["6.6"].kind is Kind.SECTION and ws.rules["6.6"].parent == "6"
    levels = {d.rule for d in diags(ws, "heading-level")}
    assert {"6.6", "7.4", "8.5", "8.12", "3.6"} <= levels
    assert {d.rule for d in diags(ws, "rule-as-heading")} == {"2.1.1", "3.5.3"}
    assert ws.rules["2.1.1"].kind is Kind.RULE and ws.rules["3.5.3"].kind is Kind.RULE
    moved = diags(ws, "heading-out-of-order")
    assert [d.rule for d in moved] == ["11"]
    ids = list(ws.rules)
    assert ids.index("10.15.4") < ids.index("11") < ids.index("11.1")
    assert ws.rules["10.14.1.1.2.1"].parent == "10.14.1.1.2"
    assert ws.rules["10.15"].parent == "10"


def test_headings_versus_rules(lib):
    bss = lib.document("bss")
    assert bss.rules["7-1-5-2"].kind is Kind.SECTION and bss.rules["7-1-5-2"].title == "Comparing BP"
    assert bss.rules["7-1"].kind is Kind.RULE  # a rule with text whose children are headings
    assert bss.rules["12"].kind is Kind.CHAPTER and bss.rules["12"].title == "Miscellaneous Rules"
    assert lib.document("monster").rules["3.4.1"].kind is Kind.RULE  # no final period, still a rule
    std = lib.document("bs-standard")
    assert std.rules["5-1"].title == "Game" and std.rules["5-1"].text == "‘Game’ refers to the match itself."
    assert std.rules["12-2-1-1"].title == "《Super Unleash》"


def test_table_of_contents_compared(lib):
    std = lib.document("bs-standard")
    toc = diags(std, "toc-title")
    assert [(d.rule, d.printed, d.repaired) for d in toc] == [
        ("12", "Keyword, Common, and Restricted Effects", "Keyword Effects and Effect Descriptions")]
    monster = lib.document("monster")
    assert [(d.printed, d.repaired) for d in diags(monster, "toc-number")] == [
        ("9", "10"), ("10", "11"), ("11", "12"), ("12", "13")]
    assert len(lib.document("bss").toc) == 12 and not diags(lib.document("bss"), "toc-title")


# -- examples, tables, captions --------------------------------------------------------------

def test_examples_belong_to_the_rule_they_follow(lib):
    std = lib.document("bs-standard")
    ex = std.rules["1-4-2-1-ex1"]
    assert ex.kind is Kind.EXAMPLE and ex.parent == "1-4-2-1" and ex.text.startswith("Example: If an effect")
    assert "1-4-2-1-ex1" in std.rules["1-4-2-1"].children
    ws = lib.document("ws")
    italic = [r for r in ws if r.kind is Kind.EXAMPLE]
    assert len(italic) == 7 and all(not r.text.startswith("*") and "**" not in r.text for r in italic)
    assert ws.rules["8.9.2.ex1"].parent == "8.9.2"


def test_tables_and_captions_are_notes(lib):
    monster = lib.document("monster")
    table = monster.rules["4.4.4.note1"]
    assert table.kind is Kind.NOTE and "相手" in table.text and table.parent == "4.4.4"
    assert monster.rules["6"].title == "Setting up the Game"  # a table cell did not become chapter 6
    assert monster.rules["3.4.2.note1"].text == "Example of rage card"
    ws = lib.document("ws")
    assert [ws.rules[f"2.note{i}"].text for i in (1, 2, 3)] == ["Character card", "Event card", "Climax card"]
    assert ws.rules["2.note4"].text.startswith("|")


# -- references ----------------------------------------------------------------------------

def _ref(doc, rid, printed):
    return next(x for x in doc.rules[rid].refs if x.printed == printed)


def test_reference_forms(lib):
    bss = lib.document("bss")
    assert _ref(bss, "7-1-5-2-1", "7-1-6").raw == "(7-1-6)"
    assert "7-1-5-2-1" in bss.rules["7-1-6"].cited_by
    std = lib.document("bs-standard")
    assert _ref(std, "1-1-1", "2-13").raw == "(see 2-13)"
    assert _ref(std, "3-1", "2").raw == "(see 2 Card Information)"
    assert _ref(std, "3-4-4", "12-1").target == "12-1"
    ws = lib.document("ws")
    assert _ref(ws, "1.2.2", "9").raw == "(refer to Section 9)"
    assert _ref(ws, "11.2.1", "6.8.1.5").raw == "(Clause 6.8.1.5)"
    assert _ref(ws, "2.8.3", "3.8").status is RefStatus.OK
    monster = lib.document("monster")
    assert _ref(monster, "1.2.1.2", "5.15.1.2.1").target == "5.15.1.2.1"
    rng = _ref(monster, "10.8.1.6", "9.8.1.2")
    assert rng.span_end == "9.8.1.5"
    # no card numbers, dates or versions taken for references
    assert all(x.printed != "2-016" for x in bss.rules["2-1-2"].refs)


def test_stale_references_with_proposals(lib):
    monster = lib.document("monster")
    stale = {(d.rule, d.printed): d for d in diags(monster, "stale-reference")}
    check = _ref(monster, "1.2.3", "9.4.1")
    assert check.status is RefStatus.STALE and check.proposed == "10.4.1"
    assert "check, timing" in check.evidence
    assert _ref(monster, "11.2.1", "10.1.2").proposed == "11.1.2"
    assert _ref(monster, "10.4.3.2", "9.4.3.1").proposed == "10.4.3.1"
    assert _ref(monster, "10.8.1.6", "9.8.1.2").proposed == "10.8.1.2"
    chapter = _ref(monster, "10.4.1.1", "10")
    assert chapter.status is RefStatus.STALE and chapter.proposed == "11" and "Rule Action" in chapter.evidence
    assert len(stale) == 8
    assert "1.2.3" in monster.rules["10.4.1"].cited_by  # backlinks follow the intended target
    ws = lib.document("ws")
    broken = diags(ws, "broken-reference")
    assert [(d.rule, d.printed) for d in broken] == [("8.7.4.1.3", "(except those in Clause 8.6.7.1.2)")]
    for game in ("bss", "bs-standard"):
        assert not [d for d in lib.document(game).diagnostics if d.kind.endswith("-reference")]


# -- terms -------------------------------------------------------------------------------------

def test_terms(lib):
    bss = lib.document("bss")
    assert bss.term("infinite loop").rule == "12-1-1"
    assert bss.term("effect costs").rule == "8-4-1"
    assert bss.term("Crush").rule == "11-11-1"
    assert bss.term("self-destructions").rule == "10-1-1-1"
    assert "12-1-1" in bss.rules["12-1-1"].id and "infinite loop" in bss.rules["12-1-1"].defines
    assert "12-1-1-1" in bss.term("infinite loop").used_by
    std = lib.document("bs-standard")
    assert std.term("Lv cost").rule == "3-2-5-2"
    assert std.term("Depletion").rule == "5-11-1"
    ws = lib.document("ws")
    assert ws.term("Brainstorm").rule == "10.7.1"
    assert lib.document("monster").term("victory through invasion").rule == "5.13.1.1.2.1"


# -- changelogs --------------------------------------------------------------------------------

def test_changelogs(lib):
    bss = lib.document("bss")
    assert [(c.date, c.rules) for c in bss.changelog][:4] == [
        ("2023-11-21", ("11-3-1",)), ("2023-11-21", ("11-6-1",)), ("2023-11-21", ("11-11",)), ("2023-11-21", ("11-12",))]
    assert len(bss.changelog) == 11 and bss.changelog[-1].date == "2024-11-14"
    assert diags(bss, "stray-text")[0].printed == "ONew Topics and Changes"
    monster = lib.document("monster")
    (entry,) = monster.changelog
    assert entry.version == "1.2" and entry.missing == ("2.4.4.1",)
    ws = lib.document("ws")
    assert {c.version for c in ws.changelog} == {"2.00", "2.01", "2.02", "2.03"}
    assert {m for c in ws.changelog for m in c.missing} == {"7.6.2", "4.8.2", "4.9.2"}
    revamp = ws.changelog[0]
    assert "Consistent Wording" in revamp.text  # sub-bullets stay with their entry
    assert all("." not in r or True for r in revamp.rules)
    for doc in lib.documents():  # changelogs are not rules
        assert all(r.line < (doc.changelog[0].line if doc.changelog else 10**9) for r in doc)


# -- the older version, recovered by alignment -------------------------------------------------

def test_old_bss_ids_recovered(lib):
    old = lib.document("bss", "pre-2023-11-21")
    assert old.rules["1-2-1-1-1"].text == "Your opponent’s life total is zero."
    assert old.rules["7-1-5-2-1"].text.startswith("The result of a battle between two spirits")
    assert old.rules["12-3-3"].text.startswith("Unless the text of an effect specifies")
    curse = next(a for a in old.alignment if a.id == "11-3-1")
    assert curse.method == "reworded" and 0.6 < curse.similarity < 0.97
    assert "attacks and that spirit is blocked" in old.rules["11-3-1"].text
    assert old.rules["7-1-2"].title == "Flash Window Prior to Blocking"  # printed without its id
    new = lib.document("bss")
    only_new = set(new.rules) - set(old.rules)
    assert {"11-11", "11-12", "11-13", "2-8-2-1", "2-8-2-2", "11-18-1"} <= only_new
    assert not set(old.rules) - set(new.rules)
    assert not [d for d in old.diagnostics if d.kind == "recovered-id" and d.doubtful]
    sites = [d for d in old.diagnostics if d.kind == "not-a-rule"]
    assert len(sites) == 6 and all(r.line > 4 for r in old if r.kind is Kind.RULE)


# -- lookups and caching -----------------------------------------------------------------------

def test_lookup_errors(lib):
    with pytest.raises(UnknownGame):
        lib.document("mtg")
    with pytest.raises(UnknownVersion):
        lib.document("bss", "9.9")
    with pytest.raises(UnknownRule) as e:
        lib.rule("bss", "7-1-9")
    assert e.value.details["nearest"][0] == "7-1"
    assert lib.rule("ws", "7.5.1.3").parent == "7.5.1"


def test_changed_source_is_reread(tmp_path):
    from judge_app.paths import rules_text_dir

    copy = tmp_path / "rules"
    shutil.copytree(rules_text_dir(), copy)
    first = load_library(copy)
    assert load_library(copy) is first  # cached while nothing changes
    f = copy / "ws-2.03.txt"
    f.write_text(f.read_text(encoding="utf-8").replace("This game is played with two players.",
                                                       "This game is played with three players."), encoding="utf-8")
    second = load_library(copy)
    assert second is not first
    assert "three players" in second.document("ws").rules["1.1.1"].text
    assert "two players" in first.document("ws").rules["1.1.1"].text


def test_manifest_only_needs_a_file_and_an_entry(tmp_path):
    from judge_app.paths import rules_text_dir

    copy = tmp_path / "rules"
    shutil.copytree(rules_text_dir(), copy)
    (copy / "ws-9.99.txt").write_text((copy / "ws-2.03.txt").read_text(encoding="utf-8"), encoding="utf-8")
    with (copy / "manifest.toml").open("a", encoding="utf-8") as fh:
        fh.write('\n[[document]]\nfile = "ws-9.99.txt"\ngame = "ws"\ngame_title = "Weiss Schwarz"\n'
                 'title = "Test"\nversion = "9.99"\nsource = "test"\nnotation = "."\n')
    lib = load_library(copy)
    assert lib.games["ws"].versions == ("2.03", "9.99") and lib.games["ws"].current == "2.03"
    assert len(lib.document("ws", "9.99")) == len(lib.document("ws"))


def test_saved_library_loads_only_the_documents_asked_for(lib, tmp_path, monkeypatch):
    """The library saved in the data directory is read back equal to the parsed one, each document unpickled
    when first asked for (`judge rule bss …` reads one document of five); a file of another form is ignored."""
    import pickle

    from judge_app.rules import library as L

    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    key = "test-key"
    L._save(key, lib)
    saved = L._load_saved(key, lib.fingerprint)
    assert saved is not None and saved.games == lib.games
    assert all(isinstance(d, bytes) for d in saved._docs.values())
    assert saved.document("bss") == lib.document("bss")
    assert [k for k, d in saved._docs.items() if not isinstance(d, bytes)] == [("bss", "1.7.0")]
    assert saved.document("bss") is saved.document("bss")  # unpickled once
    assert saved.documents() == lib.documents()
    assert saved.rule("ws", "7.5.1.3") == lib.rule("ws", "7.5.1.3")
    assert L._load_saved(key, "another fingerprint") is None
    L._saved_path(key).write_bytes(pickle.dumps(lib.games))  # e.g. a file of an older form
    assert L._load_saved(key, lib.fingerprint) is None
