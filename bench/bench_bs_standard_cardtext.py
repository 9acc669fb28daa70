"""Benchmark: reading Battle Spirits Standard card text (issue 13 target: median <= 1 ms per text; grammar compiled once).

Cold: each text of tests/cardtext/bs-standard.jsonl read for the first time (the cache cleared before every text, the
compiled grammar kept); cached: the same text read again (a card's text is read once per scenario). Wall and
CPU (`time.process_time`) medians: the machine is shared.

    .venv/bin/python bench/bench_bs_standard_cardtext.py
    PYTHONPATH=<checkout of 5cde7bd> .venv/bin/python bench/bench_bs_standard_cardtext.py   # the regex reader it replaced
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "cardtext" / "bs-standard.jsonl"
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(CORPUS.parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cardtext_timing  # noqa: E402

try:
    from judge_app.engine.bs_standard.cardtext import read as parse_ability  # the grammar
except ImportError:  # a checkout before the grammar: the regex reader of judge_app/engine/bs_standard/cards.py
    from judge_app.engine.bs_standard.cards import parse_effect as parse_ability  # type: ignore[assignment]
from judge_app.engine.bs_standard.cards import EffectSyntaxError as EffectError  # noqa: E402


def run(rounds: int = 5) -> dict:
    """Medians in ms over `rounds` passes of the corpus (the `judge bench` interface)."""
    return cardtext_timing.run(parse_ability, EffectError, CORPUS, rounds)


def main() -> None:
    cardtext_timing.report(run(), CORPUS)


if __name__ == "__main__":
    main()
