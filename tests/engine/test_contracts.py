"""The import-linter contracts cover a game package nobody listed: adding a game is one package and one
line in engine/games.py, and the layering (core imports no game, a game imports no front end, the
scenario language imports no game) holds for it without editing pyproject.toml.

A copy of the package gets a fake game `judge_app.engine.zzgame` that imports the web layer, and
modules of the core and of the scenario language that import the fake game; lint-imports, run on
the copy with the project's own configuration, must report all three.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))  # the copy's judge_app comes first on the path
    return subprocess.run([str(LINT), "--config", str(tree / "pyproject.toml"), "--no-cache", "--no-logo"],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=300)


def _copy(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "judge_app", tree / "judge_app", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    return tree


def test_contracts_catch_an_unlisted_game(tmp_path: Path) -> None:
    tree = _copy(tmp_path)
    assert _lint(tree).returncode == 0  # the copy itself keeps every contract
    game = tree / "judge_app" / "engine" / "zzgame"
    game.mkdir()
    (game / "__init__.py").write_text('"""A game nobody listed in pyproject.toml."""\n')
    (game / "board.py").write_text("import judge_app.web  # a game must not reach the front end\n")
    (tree / "judge_app" / "engine" / "core" / "zz.py").write_text("import judge_app.engine.zzgame\n")
    (tree / "judge_app" / "scenario" / "zz.py").write_text("import judge_app.engine.zzgame.board\n")
    out = _lint(tree)
    assert out.returncode != 0, out.stdout
    report = out.stdout
    for contract in ("The engine core imports no game", "A game imports no front end",
                     "The scenario language imports no game"):
        line = next(ln for ln in report.splitlines() if ln.startswith(contract))
        assert "BROKEN" in line, line
    assert "judge_app.engine.zzgame.board -> judge_app.web" in report
    assert "judge_app.engine.core.zz -> judge_app.engine.zzgame" in report
    assert "judge_app.scenario.zz -> judge_app.engine.zzgame" in report
