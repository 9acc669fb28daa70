"""Mutated scenarios never crash the checker: the answer is a result or a ScenarioError."""

from __future__ import annotations

import random
from pathlib import Path

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
        lines = rng.choice(files).splitlines()
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(lines) + 1)
            op = rng.random()
            if op < 0.4:
                lines.insert(k, " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 7))))
            elif lines and op < 0.7:
                del lines[min(k, len(lines) - 1)]
            elif lines:
                j = min(k, len(lines) - 1)
                toks = lines[j].split(" ")
                toks[rng.randrange(len(toks))] = rng.choice(WORDS)
                lines[j] = " ".join(toks)
        try:
            r = check_text("\n".join(lines))
        except ScenarioError as e:
            assert e.line is not None
        else:
            assert r.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")
