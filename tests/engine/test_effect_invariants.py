"""Invariants over every golden scenario, effects included, checked after every replayed action.

Cores: the total (life, reserve, trash, cards) changes only by the cores the log says came from or went to
the void (core step, 【Blessed】, effects naming the void). Cards: per player, described cards (tokens
aside) plus undescribed ones in hand, trash and deck stay constant - no card is duplicated or lost. No
effect is left waiting between actions. Replays are deterministic.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.engine.bss.state import PLAYERS, State
from judge_app.scenario import check_text
from judge_app.scenario.check import parse, replay
from tests.engine.goldens import replayed

SCN = Path(__file__).resolve().parents[1] / "scenarios" / "bss"


def cores(s: State) -> int:
    return sum(p.life + p.reserve + p.trash_cores + sum(c.cores for c in p.field) for p in (s.a, s.b))


def cards(s: State, who: str) -> int | None:
    p = s.p(who)
    if p.deck is None:
        return None
    described = [c for c in p.field + p.hand + p.trash + p.burst + p.removed if not c.token]
    return len(described) + p.hand_unknown + p.trash_unknown + p.deck


@pytest.mark.parametrize("path", replayed(sorted(SCN.glob("*.scn"))), ids=lambda p: p.stem)
def test_conservation(path: Path) -> None:
    sc = parse(path.read_text(encoding="utf-8"))
    states: list[State] = [sc.board]
    r = replay(sc, on_state=lambda _line, s: states.append(s))
    for s in states[1:]:
        assert not s.pending
    start = cores(sc.board)
    for line, n, s in r.snapshots:
        void = sum(dict(ev.facts).get("void", 0) for ev in r.steps[:n])
        assert cores(s) == start + void, (path.stem, line)
        for who in PLAYERS:
            if cards(sc.board, who) is not None:
                assert cards(s, who) == cards(sc.board, who), (path.stem, line, who)


@pytest.mark.parametrize("path", sorted(SCN.glob("dev-*.scn")) + sorted(SCN.glob("kw-*.scn"))[:6],
                         ids=lambda p: p.stem)
def test_deterministic_replay(path: Path) -> None:
    src = path.read_text(encoding="utf-8")
    assert check_text(src).to_dict() == check_text(src).to_dict()
