"""The CLI contract of the rule library: JSON shapes and errors."""

from __future__ import annotations

import json

from click.testing import CliRunner

from judge_app.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_games_json():
    res = run("games", "--json")
    assert res.exit_code == 0
    data = json.loads(res.output)
    games = {g["game"]: g for g in data["games"]}
    assert set(games) == {"bss", "bs-standard", "monster", "ws"}
    bss = games["bss"]
    assert bss["current"] == "1.7.0"
    versions = {d["version"]: d for d in bss["documents"]}
    assert versions["1.7.0"]["current"] is True and versions["pre-2023-11-21"]["current"] is False
    assert versions["pre-2023-11-21"]["label"].startswith("Before the changes of November 21, 2023")
    assert games["bs-standard"]["documents"][0]["effective_date"] == "2026-04-01"
    for key in ("game", "game_title", "title", "version", "label", "effective_date", "current", "source"):
        assert key in versions["1.7.0"]


def test_rule_text_and_json():
    res = run("rule", "bss", "7-1-5-2-1")
    assert res.exit_code == 0
    flat = " ".join(res.output.split())
    assert "the spirit with fewer BP is destroyed" in flat and "7-1-5-2 Comparing BP" in flat
    data = json.loads(run("rule", "bss", "7-1-5-2-1", "--json").output)
    assert data["rule"]["id"] == "7-1-5-2-1" and data["rule"]["parent"] == "7-1-5-2"
    assert [a["id"] for a in data["breadcrumb"]] == ["7", "7-1", "7-1-5", "7-1-5-2"]
    assert data["refs"][0]["target"]["id"] == "7-1-6"
    old = json.loads(run("rule", "bss", "11-3-1", "--version", "pre-2023-11-21", "--json").output)
    assert old["version"] == "pre-2023-11-21" and "attacks and that spirit is blocked" in old["rule"]["text"]


def test_rule_reads_any_notation_digits_typed_with_spaces_too():
    """A judge types the number the way a phone keyboard makes easy: the argument can only be a rule id."""
    for typed in ("7-1-5-2-1", "7.1.5.2.1", "CR 7-1-5-2-1", "7 1 5 2 1", "rule 7 1 5 2 1"):
        data = json.loads(run("rule", "bss", typed, "--json").output)
        assert data["rule"]["id"] == "7-1-5-2-1", typed
    assert json.loads(run("rule", "ws", "8 5 1 2", "--json").output)["rule"]["id"] == "8.5.1.2"
    res = CliRunner().invoke(main, ["rule", "bss", "99 99"])
    assert res.exit_code != 0 and "99 99" in res.output


def test_rule_unknown_gives_nearest():
    res = CliRunner().invoke(main, ["rule", "bss", "7-1-9"])
    assert res.exit_code == 3
    assert "has no rule 7-1-9" in res.output and "nearest: 7-1" in res.output
    res = CliRunner().invoke(main, ["rule", "chess", "1"])
    assert res.exit_code == 3 and "unknown game 'chess'" in res.output
    res = CliRunner().invoke(main, ["rule", "bss", "1", "--version", "0.1", "--json"])
    assert res.exit_code == 3 and json.loads(res.output.strip().splitlines()[-1])["error"] == "unknown_version"


def test_export_shape():
    data = json.loads(run("export", "monster", "--json").output)
    assert data["game"] == "monster" and data["version"] == "1.2"
    rule = next(r for r in data["rules"] if r["id"] == "1.2.3")
    assert set(rule) >= {"id", "kind", "title", "text", "parent", "children", "refs", "cited_by", "line"}
    assert rule["refs"][0]["status"] == "stale" and rule["refs"][0]["proposed"] == "10.4.1"
    assert any(t["term"] == "infinite loop" for t in data["terms"])
    assert any(d["kind"] == "doubled-id" for d in data["diagnostics"])


def test_doctor_lists_repairs():
    res = run("doctor", "bss")
    assert res.exit_code == 0
    assert "duplicate-id (3)" in res.output and "read as 1-2-1-1-1" in res.output
    assert "evidence:" in res.output
    data = json.loads(run("doctor", "ws", "--json").output)
    kinds = {d["kind"] for doc in data["documents"] for d in doc["diagnostics"]}
    assert {"heading-out-of-order", "heading-level", "rule-as-heading", "broken-reference"} <= kinds


def test_errors_map_to_exit_codes_and_json_wherever_the_flag_stands():
    from judge_app.clikit import BadInput, NotFoundError, click_error
    from judge_app.errors import BadQuery, UnknownRule

    assert isinstance(click_error(UnknownRule("x")), NotFoundError) and NotFoundError.exit_code == 3
    assert isinstance(click_error(BadQuery("x")), BadInput) and BadInput.exit_code == 2
    for args in (["rule", "--json", "bss", "1", "--version", "0.1"], ["rule", "bss", "1", "--version", "0.1", "--json"]):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 3
        assert json.loads(res.stderr.strip().splitlines()[-1])["error"] == "unknown_version", args
        assert res.stdout == ""
    res = CliRunner().invoke(main, ["search", "  ", "--json"])
    assert res.exit_code == 2 and json.loads(res.stderr)["error"] == "bad_query"
    res = CliRunner().invoke(main, ["search", "  "])
    assert res.exit_code == 2 and res.stderr.startswith("error: give a query")
