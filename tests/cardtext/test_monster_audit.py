"""The audit for monster (issue 12's, as bss has it): every construction the card-text reader accepts in the
corpus is executed by a passing scenario.

Proved from behaviour: each accepted corpus text is read, reduced to signatures (the ability's keyword, a
replacement's optionality, and each instruction's node type with the features a procedure branches on:
whose, up to, adjacent, forward, to a zone, several times, a gain or a loss), and each signature must occur
in a text a scenario executes and checks: a corpus line with a scenario (graded by test_monster_cardtext)
or a card of a golden scenario (replayed by test_golden).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from judge_app.cardtext_report import ROOT
from judge_app.engine.core import Unsupported
from judge_app.engine.monster import cardtext
from judge_app.engine.monster.effects import Ability, Optional

CORPUS = ROOT / "tests" / "cardtext" / "monster.jsonl"
GOLDEN = ROOT / "tests" / "scenarios" / "monster"
_FEATURES = ("who", "up_to", "adjacent", "forward")


def _node(x: object) -> str:
    feats = [type(x).__name__] + [f"{f}={getattr(x, f)}" for f in _FEATURES if f in getattr(x, "__slots__", ())]
    if getattr(x, "to", None) is not None:
        feats.append("to zone")
    if getattr(x, "times", 1) != 1:
        feats.append("times")
    if type(x).__name__ in ("Rage", "Threat"):
        feats.append("loss" if x.n < 0 else "gain")  # type: ignore[attr-defined]
    return " ".join(feats)


def signatures(ab: Ability) -> set[str]:
    out = {f"keyword {ab.keyword}"} | ({"optional replacement"} if ab.optional else set())
    for d in ab.steps + ab.static:
        inner: Iterator[object] = iter(d.steps) if isinstance(d, Optional) else iter((d,))
        if isinstance(d, Optional):
            out.add("Optional")
        out |= {_node(x) for x in inner}
    return out


def test_every_accepted_construction_is_executed_by_a_scenario() -> None:
    built: dict[str, str] = {}
    executed: set[str] = set()
    for row in (json.loads(x) for x in CORPUS.read_text(encoding="utf-8").splitlines() if x.strip()):
        if "ast" not in row:
            continue
        sig = signatures(cardtext.read(row["text"]))
        for s in sig:
            built.setdefault(s, row["text"])
        if "scenario" in row:
            executed |= sig
    for path in GOLDEN.glob("*.scn"):
        for m in re.finditer(r'\btext "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")):
            try:
                executed |= signatures(cardtext.read(m.group(1).replace('\\"', '"')))
            except Unsupported:
                continue  # the refused-text golden
    assert len(built) >= 40
    missing = {s: t for s, t in built.items() if s not in executed}
    assert not missing, missing
