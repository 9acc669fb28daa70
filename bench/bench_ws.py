"""Benchmark: parse + replay of typical Weiss Schwarz scenarios (platform targets: median <= 2 ms typical,
<= 5 ms effects-heavy).

    .venv/bin/python bench/bench_ws.py
    PYTHONPATH=<checkout> .venv/bin/python bench/bench_ws.py   # an older commit, to alternate with (same scenarios)
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path and not os.environ.get("PYTHONPATH"):  # PYTHONPATH: the checkout measured
    sys.path.insert(0, str(ROOT))

from bench.bench_scenarios import run  # noqa: E402
from judge_app.scenario import check_text  # noqa: E402
from judge_app.scenario.syntax import clear_caches  # noqa: E402

try:
    from judge_app.engine.ws.dialect import forget_texts
except ImportError:  # measuring an older checkout (PYTHONPATH=<checkout>): the same two caches
    def forget_texts() -> None:
        from judge_app.engine.ws import cardtext, dialect
        dialect._TEXTS.clear()
        cardtext.parse_ability.cache_clear()

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


def new_texts(source: str, repeats: int = 100) -> dict:
    """The first check of a scenario whose card texts were never read either (the "no line parsed before" figure
    keeps the texts read by earlier checks): wall and CPU medians and minimums in ms, with the load average."""
    check_text(source)
    wall, cpu = [], []
    for _ in range(repeats):
        clear_caches()
        forget_texts()
        c0, t0 = time.process_time(), time.perf_counter()
        check_text(source)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {"median_ms": statistics.median(wall), "min_ms": min(wall), "cpu_median_ms": statistics.median(cpu),
            "cpu_min_ms": min(cpu), "load_average": os.getloadavg()[0]}


if __name__ == "__main__":
    ok = True
    for name, src in (("typical", TYPICAL), ("effects-heavy", EFFECTS)):
        r = run(source=src)
        good = max(r["median_ms"], r["cold_lines_median_ms"]) <= TARGETS[name]
        ok = ok and good
        print(f"ws {name}: median {r['median_ms']:.2f} ms (lines parsed before), {r['cold_lines_median_ms']:.2f} ms "
              f"(no line parsed before), p90 {r['p90_ms']:.2f} ms, min {r['min_ms']:.2f} ms over {r['repeats']} runs "
              f"({r['steps']} steps); CPU medians {r['cpu_median_ms']:.2f} / {r['cpu_cold_median_ms']:.2f} ms; "
              f"target <= {TARGETS[name]:.0f} ms for both: {'ok' if good else 'SLOW'}")
        t = new_texts(src)
        print(f"   and with no card text read before either: median {t['median_ms']:.2f} ms, min {t['min_ms']:.2f} ms "
              f"(CPU {t['cpu_median_ms']:.2f} / {t['cpu_min_ms']:.2f} ms), load average {t['load_average']:.1f}")
    sys.exit(0 if ok else 1)
