"""The machine interface: `judge check FILE --json` and `judge import-scenarios FILE.jsonl OUTDIR`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app.cli import main
from judge_app.scenario import check_text

DEV = Path(__file__).resolve().parents[3] / "shared" / "scenarios-dev.jsonl"


def test_check_json_has_expectations(tmp_path: Path) -> None:
    f = tmp_path / "s.scn"
    f.write_text("game bss\nturn 3, A, main step\nA: life 5, reserve 3, deck 20, hand 4\n"
                 "B: life 2, reserve 3, deck 20, hand 4\nexpect B life 2\nexpect B life 3\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(f), "--json"])
    assert r.exit_code == 1  # an expectation fails
    data = json.loads(r.stdout)
    assert data["expectations"] == [
        {"line": 5, "text": "expect B life 2", "ok": True, "actual": "2"},
        {"line": 6, "text": "expect B life 3", "ok": False, "actual": "2"}]


def _jsonl(rows: list[dict], path: Path) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


BSS_ROW = {"sid": "t-1", "game": "bss", "setup": {
    "turn_player": "A", "step": "main", "turn_number": 3, "players": {
        "A": {"life": 5, "reserve": 3, "deck": 20, "hand": 4}, "B": {"life": 5, "reserve": 3, "deck": 20, "hand": 4}}},
    "actions": [], "expected": {"A.life": 5, "A.mood": "happy"}, "cites": []}


def test_import_reports_skipped_games_and_unasserted_facts(tmp_path: Path) -> None:
    src = _jsonl([BSS_ROW, {"sid": "w-1", "game": "chess"}, {"sid": "w-2", "game": "chess"},
                  {"sid": "m-1", "game": "go"}], tmp_path / "in.jsonl")
    out = tmp_path / "out"
    r = CliRunner().invoke(main, ["import-scenarios", str(src), str(out)])
    assert r.exit_code == 0, r.output
    assert "skipped 2 scenarios of game 'chess'" in r.stderr and "skipped 1 scenario of game 'go'" in r.stderr
    assert "imported 1, skipped 3, failed 0; 1 fact left as '# not asserted:' comments" in r.stderr
    text = (out / "t-1.scn").read_text(encoding="utf-8")
    assert "# not asserted: A.mood" in text
    assert check_text(text).ok


def test_import_rejects_unsafe_ids_and_bad_lines(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(dict(BSS_ROW, sid="../evil")) + "\n{not json\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["import-scenarios", str(src), str(tmp_path / "out")])
    assert r.exit_code == 1
    assert "not a safe file name" in r.stderr and "not JSON" in r.stderr
    assert not (tmp_path / "evil.scn").exists()


@pytest.mark.skipif(not DEV.exists(), reason="../shared/scenarios-dev.jsonl not present")
def test_every_dev_scenario_imports_and_passes(tmp_path: Path) -> None:
    """Every game of the development set has an engine now: every line imports and passes."""
    r = CliRunner().invoke(main, ["import-scenarios", str(DEV), str(tmp_path)])
    assert r.exit_code == 0, r.stderr
    files = sorted(tmp_path.glob("*.scn"))
    rows = [json.loads(line) for line in DEV.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(files) == len(rows) >= 20
    assert {row["game"] for row in rows} == {"bss", "bs-standard", "monster", "ws"}
    for f in files:
        res = CliRunner().invoke(main, ["check", str(f)])
        assert res.exit_code == 0, (f.name, res.stderr)


def test_command_map_matches_the_modules() -> None:
    import importlib

    from judge_app.cli import COMMANDS

    for name, module in COMMANDS.items():
        assert name in {c.name for c in importlib.import_module(module).commands}, name
    for module in set(COMMANDS.values()):
        assert {c.name for c in importlib.import_module(module).commands} <= set(COMMANDS), module


def test_check_and_rule_do_not_import_the_web_stack(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = ("import sys\nfrom judge_app.cli import main\ntry:\n    main([{args}])\nexcept SystemExit:\n    pass\n"
            "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'whoosh', 'gunicorn')\n"
            "               or m.startswith(('judge_app.web', 'judge_app.search'{extra})))\nprint(heavy)\n")
    scn = Path(__file__).resolve().parents[1] / "scenarios" / "bss" / "battle-equal-bp.scn"
    for args, extra in ((f"'check', {str(scn)!r}", ""), ("'rule', 'bss', '7-1-5-2-1'", ", 'judge_app.engine'")):
        out = subprocess.run([sys.executable, "-c", code.format(args=args, extra=extra)], capture_output=True,
                             text=True, env={"JUDGE_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
        assert out.stdout.strip().splitlines()[-1] == "[]", (args, out.stdout[-500:], out.stderr[-500:])


def test_check_json_says_which_words_of_each_card_text_were_understood(tmp_path: Path) -> None:
    """The same readings as the checker page and /check.json (judge_app/scenario/readings.py)."""
    head = ("game bss\nturn 5, A, main step\nA: life 5, reserve 5, deck 20, hand 1\n"
            'A hand: magic "Good" red, cost 1, effect "(Main) Draw 1 card."\nB: life 5, reserve 3, deck 20, hand 4\n')
    f = tmp_path / "ok.scn"
    f.write_text(head + 'A uses "Good" paying 1 from reserve\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(f), "--json"])
    assert r.exit_code == 0
    assert [(c["text"], c["status"]) for c in json.loads(r.stdout)["card_texts"]] == [("(Main) Draw 1 card.", "read")]
    bad = tmp_path / "bad.scn"
    bad.write_text(head.replace("Draw 1 card.", "Draw 1 wizard."), encoding="utf-8")
    r = CliRunner().invoke(main, ["check", str(bad), "--json"])
    assert r.exit_code == 2
    (c,) = json.loads(r.stdout)["card_texts"]
    assert (c["status"], c["understood"], c["word"]) == ("not understood", "(Main) Draw 1 ", "wizard")
