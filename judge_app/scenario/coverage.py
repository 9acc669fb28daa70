"""Rules coverage from behaviour: which rule ids the scenario tests of a game actually replay.

    .venv/bin/python -m judge_app.scenario.coverage monster > docs/rules-coverage-monster.md

A rule counts as executed only when a scenario test (tests/scenarios/<game>/*.scn) replays a step
or a rejection that cites it; the game's `GameSpec.coverage` renders the table from that.
"""

from __future__ import annotations

import sys
from pathlib import Path

from judge_app.engine.games import get_spec
from judge_app.errors import ScenarioError
from judge_app.scenario.check import check_text

SCENARIOS = Path(__file__).resolve().parents[2] / "tests" / "scenarios"


def executed(key: str, directory: Path | None = None) -> dict[str, list[str]]:
    """rule id -> the names of the scenario tests of game `key` that cite it."""
    out: dict[str, list[str]] = {}
    for path in sorted((directory or SCENARIOS / key).glob("*.scn")):
        try:
            r = check_text(path.read_text(encoding="utf-8"))
        except ScenarioError:
            continue  # a golden that shows a refusal executes no rule
        for rid in r.cited:
            out.setdefault(rid, []).append(path.stem)
    return out


def render(key: str) -> str:
    spec = get_spec(key)
    if spec is None or spec.coverage is None:
        raise SystemExit(f"game {key!r} has no coverage table")
    return spec.coverage(executed(key))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m judge_app.scenario.coverage GAME")
    sys.stdout.write(render(sys.argv[1]))
