"""Every rule id the engine can cite exists in the bss v1.7.0 document, and none is ambiguous."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_app.engine.bss.ruleids import AMBIGUOUS, CITED
from judge_app.engine.games import get_game
from tests.engine.goldens import replayed

ROOT = Path(__file__).resolve().parents[2]
BSS_SRC = ROOT / "judge_app" / "engine" / "bss"
_ID = re.compile(r"^\d+(-\d+)+$")


def _exists():
    try:
        from judge_app.rules import load_library

        doc = load_library().document("bss")
        return lambda rid: doc.get(rid) is not None
    except Exception:  # library not importable: scan the text for lines that start with an id
        text = (ROOT / "rules_text" / "bss-1.7.0.txt").read_text(encoding="utf-8")
        ids = set(re.findall(r"^(?:- )?(\d+(?:-\d+)+)\s", text, re.M))
        return ids.__contains__


def test_every_cited_id_exists() -> None:
    exists = _exists()
    missing = sorted(r for r in CITED if not exists(r))
    assert not missing, missing


def test_no_ambiguous_id_is_cited() -> None:
    assert not (CITED & AMBIGUOUS)


def test_table_covers_the_source() -> None:
    """Any quoted id in the bss engine (or a '{rid}-N' pattern) is in the table."""
    found: set[str] = set()
    for path in BSS_SRC.glob("*.py"):
        if path.name in ("ruleids.py", "coverage.py", "dialect.py", "from_json.py"):  # tables; the language matches ids, cites none
            continue
        text = path.read_text(encoding="utf-8")
        found |= {m for m in re.findall(r'"(\d+(?:-\d+)+)"', text) if _ID.match(m)}
        for suffix in re.findall(r'f"\{rid\}-(\d+)"', text):
            found |= {f"10-6-{suffix}", f"10-7-{suffix}", f"10-8-{suffix}"}
    found -= {"10-6", "10-7", "10-8"}  # section prefixes used to build ids
    assert found - CITED == set()


def test_game_exposes_table() -> None:
    assert get_game("bss").cited_rules() == CITED


@pytest.mark.parametrize("path", replayed(sorted((ROOT / "tests" / "scenarios" / "bss").glob("*.scn"))),
                         ids=lambda p: p.stem)
def test_golden_citations_exist(path: Path) -> None:
    from judge_app.scenario import check_text

    exists = _exists()
    r = check_text(path.read_text(encoding="utf-8"))
    assert all(exists(c) for c in r.cited), [c for c in r.cited if not exists(c)]
    assert all(s.rules for s in r.steps), [s.text for s in r.steps if not s.rules]  # every step cites
    assert all(x.rules for x in r.rejected)
    assert set(r.cited) <= CITED
