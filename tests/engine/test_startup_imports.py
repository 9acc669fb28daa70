"""A cold `judge check` of bss cards written in the house-style vocabulary imports neither lark nor the
print-layout card-text reader (about a sixth of its start-up); a printed-layout text loads the reader, and
lark only in the first process, which builds the tables the reader keeps (engine/core/lalr.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = ("import sys; from judge_app.scenario import check_text; "
        "r = check_text(open(sys.argv[1], encoding='utf-8').read()); "
        "print(r.ok, r.verdict.kind, 'lark' in sys.modules, 'judge_app.engine.bss.cardtext' in sys.modules)")


def _run(path: Path, data: Path) -> list[str]:
    env = dict(os.environ, JUDGE_DATA_DIR=str(data))
    return subprocess.run([sys.executable, "-c", CODE, str(path)], env=env, capture_output=True, text=True,
                          check=True, cwd=ROOT).stdout.split()


def test_house_style_effects_load_no_grammar(tmp_path: Path) -> None:
    src = tmp_path / "effects.scn"
    sys.path.insert(0, str(ROOT))
    from bench.bench_scenarios import EFFECTS
    src.write_text(EFFECTS, encoding="utf-8")
    _run(src, tmp_path)  # the first process compiles the scenario grammar's terminals (with lark) and saves them
    assert _run(src, tmp_path) == ["True", "ongoing", "False", "False"]


def test_printed_layout_text_loads_the_card_text_reader(tmp_path: Path) -> None:
    src = tmp_path / "printed.scn"
    src.write_text('game bss\nturn 3, A, main step\nA: life 5, reserve 3, deck 20, hand 1\n'
                   'A field: spirit "Drum" red, cost 2, LV1 1 core 2000 BP, symbol red, 1 core, '
                   'effect "[LV1] (When Attacks) Draw 1 card."\n'
                   'B: life 5, reserve 3, deck 20, hand 1\nexpect A life 5\n', encoding="utf-8")
    # the first process builds the grammar's LALR tables with lark and keeps them (core/lalr.py); the next reads
    # them without importing lark at all (it was a fifth of such a check's start-up)
    ok, _kind, lark, cardtext = _run(src, tmp_path)
    assert (ok, lark, cardtext) == ("True", "True", "True")
    ok, _kind, lark, cardtext = _run(src, tmp_path)
    assert (ok, lark, cardtext) == ("True", "False", "True")


def test_registering_every_game_loads_no_card_text_grammar() -> None:
    """Listing the games (the web app, `judge games`, the scenario parser's words) imports no reader's
    grammar: each game's card-text reader is loaded by the first text it reads."""
    code = ("import sys; from judge_app.engine.games import all_specs; specs = all_specs(); "
            "print(sorted(specs), sorted(m for m in sys.modules if m == 'lark' or m.startswith('lark.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    games, loaded = out.strip().split("] [")
    assert "'ws'" in games and "'monster'" in games
    assert loaded.strip("[]\n") == "", loaded
