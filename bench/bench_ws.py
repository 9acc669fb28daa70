"""Benchmark: parse + replay of typical Weiss Schwarz scenarios (platform targets: median <= 2 ms typical,
<= 5 ms effects-heavy).

    .venv/bin/python bench/bench_ws.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_scenarios import run  # noqa: E402

# A whole turn: stand, draw, clock with a level up, main, climax, a direct attack, encore, end, next turn.
TYPICAL = (ROOT / "tests" / "scenarios" / "ws" / "full-turn.scn").read_text(encoding="utf-8")

# Effects-heavy: keywords, triggers, a Backup in the counter step, simultaneous abilities, Encore, a refresh.
EFFECTS = """game ws
assume unmentioned options are declined
turn 5, A, attack phase
A: deck 3, stock 3, waiting room 4, clock 1
A clock: character "Siren" red, level 1, cost 0, 1000 power, soul 1, effect "【CONT】 Alarm If this card is the top card of your clock, all of your characters get +1000 power."
A CL: character "Left" red, level 0, cost 0, 3000 power, soul 1, effect "【AUTO】 When this card becomes reversed, draw 1 card."
A CM: character "Knight" red, level 1, cost 0, 4000 power, soul 1, effect "【AUTO】 When this card attacks, this card gets +1000 power until end of turn."
A BL: character "Coach" red, level 0, cost 0, 1000 power, soul 1, effect "【CONT】 Assist All of your characters in front of this card get +500 power."
A deck: climax "Soulful" red, trigger soul
A deck: character "Drawer" red, level 0, cost 0, 1000 power, soul 1, trigger draw
A deck: character "Drawn" red, level 0, cost 0, 1000 power, soul 1
B: deck 10, level 1, stock 1, hand 1
B level: character "Old" yellow, level 0, cost 0, 1000 power, soul 1
B CM: character "Guard" yellow, level 1, cost 0, 3000 power, soul 1, effect "【AUTO】 When this card becomes reversed, draw 1 card."
B CR: character "Wall" yellow, level 0, cost 0, 5500 power, soul 1, effect "【AUTO】 When this card becomes reversed, draw 1 card."
B hand: character "Helper" yellow, level 1, cost 1, 1500 power, soul 1, effect "Backup 2500, Level 1 [① Put this card from your hand into your waiting room]"
B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1
B deck: climax "C2" blue
B deck: character "D3" blue, level 0, cost 0, 1000 power, soul 1
B deck: character "D4" blue, level 0, cost 0, 1000 power, soul 1
A attacks with "Knight", frontal attack
B uses "Helper" backup
A attacks with "Left", frontal attack
A chooses yes
B passes
A passes
expect "Wall" stand, "Left" in waiting room, "Guard" in waiting room
"""

TARGETS = {"typical": 2.0, "effects-heavy": 5.0}

if __name__ == "__main__":
    ok = True
    for name, src in (("typical", TYPICAL), ("effects-heavy", EFFECTS)):
        r = run(source=src)
        good = max(r["median_ms"], r["cold_lines_median_ms"]) <= TARGETS[name]
        ok = ok and good
        print(f"ws {name}: median {r['median_ms']:.2f} ms (lines parsed before), {r['cold_lines_median_ms']:.2f} ms "
              f"(no line parsed before), p90 {r['p90_ms']:.2f} ms, min {r['min_ms']:.2f} ms over {r['repeats']} runs "
              f"({r['steps']} steps); target <= {TARGETS[name]:.0f} ms for both: {'ok' if good else 'SLOW'}")
    sys.exit(0 if ok else 1)
