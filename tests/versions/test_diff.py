"""Version diffs on the real Battle Spirits Saga documents, and the mechanics on small ones."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge_app.cli import main
from judge_app.rules.model import Document, DocumentInfo, Kind, Notation, Rule
from judge_app.versions.diff import (
    Status,
    changed_since,
    diff_documents,
    diff_versions,
    editorial_form,
    rule_history,
)


@pytest.fixture(scope="module")
def bss_diff(lib):
    return diff_versions(lib, "bss", "pre-2023-11-21", "1.7.0")


def test_changelog_entries_classified(bss_diff):
    by_text = {lc.entry.text: lc for lc in bss_diff.changelog}
    assert len(by_text) == 11
    assert all(lc.confirmed for lc in bss_diff.changelog)
    assert by_text["Changed 11-3-1."].evidence == "11-3-1: changed (1 rule)"
    assert by_text["Added 11-11."].evidence == "11-11: added (5 rules)"
    changes = bss_diff.by_id()
    assert changes["11-3-1"].status is Status.CHANGED
    assert changes["11-6-1"].status is Status.CHANGED
    for rid in ("11-11", "11-11-1", "11-12", "11-13-1", "2-8-2-1", "2-8-2-2", "11-16-1", "11-17-1", "11-18-4"):
        assert changes[rid].status is Status.ADDED, rid


def test_changes_the_changelog_does_not_mention(bss_diff):
    unlogged = set(bss_diff.unlogged)
    assert {"4-11-3", "5-1-1-1", "4-12-1", "11-9-1", "11-10-1", "10-1-1-1"} <= unlogged
    assert not unlogged & {"11-3-1", "11-6-1", "11-11-1", "2-8-2-1"}
    four_eleven = bss_diff.by_id()["4-11-3"]
    assert four_eleven.status is Status.CHANGED
    assert [o for o in four_eleven.diff if o["op"] != "equal"] == [{"op": "insert", "new": "a player's life or"}]


def test_editorial_changes_kept_apart(bss_diff):
    changes = bss_diff.by_id()
    assert changes["1-2-1-1-1"].status is Status.EDITORIAL  # ’ versus '
    assert changes["11-5-1"].status is Status.EDITORIAL  # 【Armor】 versus [Armor]
    assert changes["8-8-1-3-2"].status is Status.EDITORIAL  # BP① versus BP(1)
    assert changes["10-13"].status is Status.EDITORIAL  # heading title spacing
    assert bss_diff.counts == {"added": 49, "changed": 4, "editorial": 54}
    assert editorial_form("“Up to” X") == editorial_form('"up to"  x')
    assert editorial_form("may not") != editorial_form("may")


def _doc(version: str, rules: dict[str, str]) -> Document:
    info = DocumentInfo(game="toy", game_title="Toy", title="Toy rules", version=version, file="-",
                        notation=Notation.DASH, dialect="numbered", source="test")
    built = {rid: Rule(rid, Kind.RULE, None, text, None, (), n) for n, (rid, text) in enumerate(rules.items())}
    return Document(info, built)


def test_moved_added_removed_on_small_documents():
    old = _doc("1", {"1-1": "Players draw one card.", "1-2": "The deck is shuffled before the game starts.",
                     "1-3": "Gone rule."})
    new = _doc("2", {"1-1": "Players draw two cards.", "1-3": "Brand new rule text.",
                     "1-4": "The deck is shuffled before the game starts."})
    d = diff_documents(old, new)
    got = {c.id: c for c in d.changes}
    assert got["1-1"].status is Status.CHANGED
    assert got["1-4"].status is Status.MOVED and got["1-4"].old_id == "1-2"
    assert got["1-3"].status is Status.CHANGED  # same id, other meaning
    assert "1-2" not in got  # reported once, as the move


def test_history_and_changed_since(lib):
    hist = rule_history(lib, "bss", "11-3-1")
    assert [(h.version, h.status) for h in hist] == [("pre-2023-11-21", "same"), ("1.7.0", "changed")]
    assert [(h.version, h.status) for h in rule_history(lib, "bss", "11-11-1")] == [
        ("pre-2023-11-21", "absent"), ("1.7.0", "added")]
    c = changed_since(lib, "bss", "11-3-1", "pre-2023-11-21")
    assert c is not None and c.status is Status.CHANGED
    assert changed_since(lib, "bss", "7-1-5-2-1", "pre-2023-11-21") is None
    assert changed_since(lib, "bss", "11-5-1", "pre-2023-11-21").status is Status.EDITORIAL


def test_diff_cli_json():
    res = CliRunner().invoke(main, ["diff", "bss", "pre-2023-11-21", "1.7.0", "--json"])
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert (data["game"], data["old"], data["new"]) == ("bss", "pre-2023-11-21", "1.7.0")
    statuses = {c["status"] for c in data["changes"]}
    assert statuses <= {"added", "removed", "changed", "moved", "editorial"}
    sample = next(c for c in data["changes"] if c["id"] == "11-3-1")
    assert set(sample) >= {"id", "status", "old_text", "new_text"}
    assert data["changelog"][0]["confirmed"] is True
    bad = CliRunner().invoke(main, ["diff", "bss", "1.7.0", "0.0"])
    assert bad.exit_code == 3 and "no version" in bad.output
