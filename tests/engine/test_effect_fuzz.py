"""Random boards with random effect texts: the checker never crashes, and after every action cores and
cards are conserved and the board round-trips through the language."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from judge_app.engine.bss.dialect import write_board
from judge_app.errors import ScenarioError
from judge_app.scenario.check import parse, replay

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_effect_invariants import cards, cores  # noqa: E402

T = ["When summoned:", "When attacking:", "When blocking:", "When destroyed:", "When destroyed by the opponent:",
     "When one of your spirits is destroyed:", "When one of your opponent's spirits becomes exhausted,",
     "When one of your spirits becomes refreshed,", "At the end of your turn,", "When the battle ends:",
     "When your life is reduced:", "At the start of your main step,", "main:", "flash:", "When this spirit is blocked:"]
D = ["draw 1 card", "discard 1 card", "destroy 1 target opponent spirit", "destroy all spirits with 3000 BP or less",
     "exhaust 1 opponent spirit", "refresh all of your spirits", "return 1 target spirit to its owner's hand",
     "1 target spirit gets -3000 BP during this turn", "all of your spirits get +1000 BP during this battle",
     "set the BP of 1 target spirit to 1000 during this turn", "all opponent spirits are treated as LV1 during this turn",
     "move 1 core from your reserve to your life", "move 1 core from the void to this spirit",
     "send 1 core from 1 target opponent spirit to its owner's reserve", "exhaust that spirit", "refresh that spirit",
     "this spirit attacks 1 target opponent spirit", "summon 1 Bug Token (Token spirit/Green/0 Cost/LV1①/BP1000/1 Green Symbol)",
     "discard 2 cards from the top of your opponent's deck", "up to 2 target spirits gain 【Crush: +1】 during this turn",
     "you may draw 1 card", "you may exhaust this spirit to destroy 1 opponent spirit"]
D_MAIN = [d for d in D if "attacks 1 target" not in d]  # 10-10-1: a main-step effect has no attacking spirit
K = ["【Crush: +1】", "【Gale: 1】", "【Raid: 1】", "【Curse】", "【Blessed】", "【Confront】", "【Astral】", "【A.T. Field】",
     "【Armor: red】", "【Luster】", "【Link: cost 2 or more】", "This spirit gets +2000 BP while attacking.",
     "If this spirit would be destroyed, you may put 1 core from this spirit into your reserve instead."]


def eff(r):
    if r.random() < 0.35:
        return r.choice(K)
    timing, directive = r.choice(T), r.choice(D)
    if "attacks 1 target" in directive and timing not in ("When attacking:", "flash:"):
        timing = "When attacking:"  # 10-10-1: only an effect resolving while this spirit attacks makes it attack
    return f"{timing} {directive}."


def card(r, name, area):
    col = r.choice(["red", "green", "blue"])
    effs = ", ".join(f'effect "{eff(r)}"' for _ in range(r.randint(0, 2)))
    lv = f"LV1 1 core {r.choice([1000,3000,5000])} BP, LV2 3 cores 7000 BP"
    base = f'spirit "{name}" {col}, cost {r.randint(0,4)}, {lv}, symbol {col}'
    if area == "field":
        base += f", {r.randint(1,3)} cores" + (", exhausted" if r.random() < 0.2 else "")
    return base + (", " + effs if effs else "")


def scenario(r):
    step = r.choice(["main", "attack"])
    lines = ["game bss", f"turn 7, A, {step} step"]
    if r.random() < 0.5:
        lines.append("assume unmentioned options are declined")
    lines.append("A: life 5, reserve 5, deck 20, hand 3")
    for i in range(r.randint(1, 3)):
        lines.append(f"A field: {card(r, f'A{i}', 'field')}")
    lines.append(f'A field: nexus "AN" red, LV1 0 cores, symbol red, 0 cores, effect "{eff(r)}"')
    lines.append(f'A hand: magic "M1" red, cost 1, effect "main: {r.choice(D_MAIN)}."')
    lines.append(f'A hand: magic "M2" red, cost 1, effect "flash: {r.choice(D)}."')
    lines.append("B: life 3, reserve 4, deck 20, hand 3")
    for i in range(r.randint(1, 3)):
        lines.append(f"B field: {card(r, f'B{i}', 'field')}")
    lines.append(f'B hand: magic "M3" blue, cost 1, effect "flash: {r.choice(D)}."')
    acts = []
    if step == "main":
        acts += ['A uses "M1" paying 1 from reserve', 'A chooses "B0"', "A ends the main step"]
    acts += ['A attacks with "A0"', 'A chooses yes', 'B uses "M3" paying 1 from reserve', 'B chooses "A0"',
             "A passes", "B passes", 'B blocks with "B0"', "B passes", 'A uses "M2" paying 1 from reserve', "B passes", "A passes"]
    return "\n".join(lines + acts) + "\n"


def test_random_effects_keep_invariants() -> None:
    r = random.Random(11)
    ran = 0
    for _ in range(120):
        src = scenario(r)
        try:
            sc = parse(src)
        except ScenarioError:
            continue
        res = replay(sc, time_budget=5)
        ran += 1
        start = cores(sc.board)
        for line, n, s in res.snapshots:
            void = sum(dict(ev.facts).get("void", 0) for ev in res.steps[:n])
            assert cores(s) == start + void, (line, src)
            assert all(cards(s, w) == cards(sc.board, w) for w in "AB"), (line, src)
            assert parse(write_board(s)).board == s, (line, src)
        assert res.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")
    assert ran > 100
