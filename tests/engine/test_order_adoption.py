"""The order sandbox's run is taken over instead of resolving the chosen order again (resolve._order):
the answer must be exactly the one resolving again gives - steps, board, verdict, rejections and
expectations - at the default budget and at budgets small enough to run out on the way."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from judge_app.engine.bss import resolve
from judge_app.engine.bss import view as bss_view
from judge_app.errors import JudgeError
from judge_app.scenario import check_text

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "bss"

TRIGGERS = ["When attacking:", "When one of your opponent's spirits becomes exhausted,", "When destroyed:",
            "When one of your spirits is destroyed:", "When your life is reduced:", "When the battle ends:",
            "When one of your spirits becomes refreshed,"]
DOES = ["draw 1 card", "discard 1 card", "destroy 1 target opponent spirit", "exhaust 1 opponent spirit",
        "refresh all of your spirits", "1 target spirit gets -3000 BP during this turn", "you may draw 1 card",
        "discard 2 cards from the top of your opponent's deck", "move 1 core from your reserve to your life",
        "you may exhaust this spirit to destroy 1 opponent spirit", "refresh that spirit"]
KEYWORDS = ["【Crush: +1】", "【Raid: 1】", "【Link: cost 2 or more】", "【Gale: 1】", "【Crush: +2】", "【Blessed】"]
ANSWERS = ['A chooses "A1"', 'A chooses "B0"', "A chooses yes", "A chooses no", 'B chooses "A0"', "B chooses yes",
           'A chooses "A0"', 'B chooses "B1"']


def _effect(r: random.Random) -> str:
    return r.choice(KEYWORDS) if r.random() < 0.4 else f"{r.choice(TRIGGERS)} {r.choice(DOES)}."


def _spirit(r: random.Random, name: str, effects: int) -> str:
    col = r.choice(["red", "green", "blue"])
    text = "".join(f', effect "{_effect(r)}"' for _ in range(effects))
    return (f'spirit "{name}" {col}, cost {r.randint(0, 4)}, LV1 1 core {r.choice([1000, 3000, 5000])} BP, '
            f"LV2 3 cores 7000 BP, symbol {col}, {r.randint(1, 3)} cores{text}")


def _scenario(r: random.Random) -> str:
    """An attack with several simultaneous triggers on both sides, and a few answers."""
    lines = ["game bss", "turn 7, A, attack step"] + (["assume unmentioned options are declined"] * (r.random() < .5))
    lines.append("A: life 5, reserve 5, deck 20, hand 3")
    lines += [f"A field: {_spirit(r, f'A{i}', r.randint(1, 3))}" for i in range(r.randint(1, 3))]
    lines += [f'A field: nexus "AN{i}" red, LV1 0 cores, symbol red, 0 cores, effect "{r.choice(TRIGGERS)} '
              f'{r.choice(DOES)}."' for i in range(r.randint(0, 2))]
    lines.append("B: life 3, reserve 4, deck 20, hand 3")
    lines += [f"B field: {_spirit(r, f'B{i}', r.randint(0, 2))}" for i in range(r.randint(1, 3))]
    acts = ['A attacks with "A0"', *r.sample(ANSWERS, r.randint(0, 4)), "B passes", "A passes",
            r.choice(['B blocks with "B0"', "B does not block"]), *r.sample(ANSWERS, r.randint(0, 3)),
            "B passes", "A passes"]
    return "\n".join(lines + acts) + "\n"


def _answer(src: str, **budget: int) -> str:
    bss_view.clear_caches()
    try:
        res = check_text(src, time_budget=1000, **budget)
    except JudgeError as e:
        return f"error: {e}"
    d = res.to_dict()
    d["events"] = [repr(ev) for ev in res.steps]  # every field of every step, facts and subjects included
    d["board"] = res.board
    return json.dumps(d, sort_keys=True, default=str)


def _sources() -> list[str]:
    r = random.Random(2026)
    return [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.scn"))] + [_scenario(r) for _ in range(60)]


# Whole replays cost 2-140 work units here: the small caps run out after the effects have resolved.
@pytest.mark.parametrize("budget", [{}, {"max_work": 45}, {"max_work": 70}, {"max_work": 100}, {"max_steps": 12},
                                    {"max_steps": 25}])
def test_adopting_the_sandbox_run_changes_no_answer(monkeypatch: pytest.MonkeyPatch, budget: dict[str, int]) -> None:
    adopted = []
    real = resolve._adoptable

    def counting(*args):  # type: ignore[no-untyped-def]
        run = real(*args)
        adopted.append(run is not None)
        return run

    sources = _sources()
    monkeypatch.setattr(resolve, "_adoptable", counting)
    taken_over = [_answer(src, **budget) for src in sources]
    assert sum(adopted) >= (10 if not budget else 1), "the comparison must exercise the adoption"
    monkeypatch.setattr(resolve, "_adoptable", lambda *args: None)  # resolve the chosen order again
    assert [_answer(src, **budget) for src in sources] == taken_over
