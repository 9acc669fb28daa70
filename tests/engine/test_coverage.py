"""docs/rules-coverage.md is computed from behaviour and up to date; its declared parts hold."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from judge_app.engine.games import get_spec
from judge_app.rules import load_library
from judge_app.scenario import coverage

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-coverage.md"
SPEC = get_spec("bss")


@pytest.fixture(scope="module")
def rows() -> list[tuple[str, str, str, str, str]]:
    return coverage.rows(SPEC)


def test_committed_table_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == coverage.render_all(), (
        "regenerate: .venv/bin/python -m judge_app.scenario.coverage > docs/rules-coverage.md")


@pytest.mark.parametrize("key", ["bs-standard", "monster", "ws"])
def test_every_game_has_its_section_computed_from_behaviour(key) -> None:
    spec = get_spec(key)
    doc = load_library().document(spec.document)
    table = coverage.rows(spec)
    assert [r[0] for r in table] == list(doc.rules)
    seen = coverage.executed(key)
    assert {r[0] for r in table if r[2] == "executed"} == set(seen)
    for declared in (spec.not_applicable, spec.followed, spec.not_yet):
        assert all(doc.get(rid) is not None for rid in declared), [r for r in declared if doc.get(r) is None]
        assert not (set(seen) & {r[0] for r in table if r[0] in declared and r[2] != "executed"})


def test_every_rule_has_a_status(rows) -> None:
    assert [r[0] for r in rows] == list(load_library().document("bss").rules)
    assert {r[2] for r in rows} <= set(coverage.STATUSES)


def test_executed_means_a_replayed_step_cites_it(rows) -> None:
    seen = coverage.executed("bss")
    assert {r[0] for r in rows if r[2] == "executed"} == set(seen)
    # every id a replayed scenario cites is one the engine declares it can cite (and so exists)
    assert set(seen) <= SPEC.engine.cited_rules()


def test_declarations_do_not_contradict_behaviour() -> None:
    doc = load_library().document("bss")
    seen = set(coverage.executed("bss"))
    for table in (SPEC.not_applicable, SPEC.followed, SPEC.not_yet):
        assert all(doc.get(rid) is not None for rid in table), [r for r in table if doc.get(r) is None]
        assert not (seen & set(table)), f"declared, yet a scenario executes it: {sorted(seen & set(table))}"
    for where in SPEC.followed.values():
        mod, name = where.split(":")
        assert hasattr(importlib.import_module(f"judge_app.engine.bss.{mod}"), name), where


def test_hidden_information_is_not_yet_never_na() -> None:
    for rid, why in SPEC.not_applicable.items():
        assert "hidden" not in why and "reveal" not in why and "look" not in why, rid
    # hidden information is "not yet" until a scenario executes it (8-5-3-5 searching, 12-2-1 revealing
    # are executed since the deck became an ordered pile), never n/a
    seen = set(coverage.executed("bss"))
    for rid in ("3-1-2", "3-2-2", "8-5-3-5", "12-2-1"):
        assert rid in SPEC.not_yet or rid in seen, rid
    assert {"8-5-3-5", "12-2-1", "12-3-1", "3-2-4"} <= seen
