"""Mutated scenarios never crash the checker: the answer is a result or a ScenarioError."""

from __future__ import annotations

import random
from pathlib import Path

from mutation import mutate  # tests/engine is on the path (pytest's prepend import mode)

from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

SCN = Path(__file__).resolve().parents[1] / "scenarios" / "bss"
WORDS = ['A', 'B', '"Ryuman"', '"Wolf"', 'attacks', 'with', 'blocks', 'passes', 'does', 'not', 'block',
         'summons', 'paying', 'placing', 'from', 'reserve', 'and', 'moves', 'cores', 'core', 'to', 'ends',
         'the', 'main', 'attack', 'step', 'proceed', 'expect', 'soul', '0', '1', '-1', '3', ',', 'LV1', 'BP',
         'field:', 'hand:', 'spirit', 'nexus', 'exhausted', '"', '#', 'turn', 'draw', 'start', 'end',
         'winner', 'life', 'battle', 'attacking', 'blocking', 'uses', 'chooses', '"X"', 'concedes']


def test_mutations_do_not_crash() -> None:
    rng = random.Random(7)
    files = [p.read_text(encoding="utf-8") for p in sorted(SCN.glob("*.scn"))]
    for _ in range(400):
        lines = mutate(rng, rng.choice(files).splitlines(), WORDS)
        try:
            r = check_text("\n".join(lines))
        except ScenarioError as e:
            assert e.line is not None
        else:
            assert r.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")
