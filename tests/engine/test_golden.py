"""Replay every golden scenario and compare with the expected answer beside it.

Regenerate the answers after an intended change with:
    UPDATE_GOLDEN=1 .venv/bin/pytest tests/engine/test_golden.py
then review the diff of tests/scenarios/**/*.expected.json before committing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

SCN = Path(__file__).resolve().parents[1] / "scenarios"
GOLDEN = sorted(p for p in SCN.glob("*/*.scn"))


def answer(path: Path) -> dict:
    try:
        r = check_text(path.read_text(encoding="utf-8"))
    except ScenarioError as e:
        return {"error": {"line": e.line, "message": e.message}}
    return {
        "verdict": r.to_dict()["verdict"],
        "steps": [f"{s.text} ({', '.join(s.rules)})" + (f" [line {s.line}]" if s.line else "") for s in r.steps],
        "rejected": [x.to_dict() for x in r.rejected],
        "needs_choice": r.needs_choice.to_dict() if r.needs_choice else None,
        "cited": ", ".join(r.cited),
        "expectations": [f"line {e.line}: {e.text} -> {'ok' if e.ok else 'FAIL'} ({e.actual})"
                         for e in r.expectations],
        "board": r.board.splitlines(),
    }


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden(path: Path) -> None:
    got = answer(path)
    expected_path = path.with_suffix(".expected.json")
    if os.environ.get("UPDATE_GOLDEN"):
        expected_path.write_text(json.dumps(got, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    # A golden scenario without its answer file is a failure, not a snapshot taken on the fly.
    assert expected_path.exists(), f"{expected_path.name} is missing: review the answer, then UPDATE_GOLDEN=1"
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert got == expected
    if "error" not in got:  # a golden scenario's own expect lines must all hold
        failed = [e for e in got["expectations"] if "-> FAIL" in e]
        assert not failed, failed
        assert got["expectations"], "a golden scenario should assert something"
