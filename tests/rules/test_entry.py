"""The `judge` executable's fast path (judge_app/entry.py) answers `judge check FILE` and `judge rule GAME ID`
without click, exactly as the click commands answer them: the same output, errors and exit status, for
successes and for every case it hands over to click."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
SCN = ROOT / "tests" / "scenarios"

RUN = "import sys; from judge_app.{} import main; sys.argv[0] = 'judge'; sys.exit(main())"


def _both(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    env = dict(os.environ, JUDGE_DATA_DIR=str(tmp_path / "data"))
    runs = [subprocess.run([sys.executable, "-c", RUN.format(m), *args], capture_output=True, text=True, env=env,
                           cwd=ROOT) for m in ("entry", "cli")]
    return runs[0], runs[1]


BAD = {
    "failing": "game bss\nturn 3, A, main step\nA: life 5, reserve 3, deck 20\nB: life 5, reserve 3, deck 20\n"
               "expect A life 4\nexpect B life 5\n",
    "typo": "game bss\nturn 3, A, main step\nA: lfe 5\n",
    "escape": 'game bss\nturn 3, A, main step\nA: life 5, reserve 3, deck 20\nA field: spirit "Red\x1b[31mX" red, '
              'cost 2, LV1 1 core 2000 BP, symbol red, 1 core\nB: life 5, reserve 3, deck 20\n',
}


@pytest.mark.parametrize("args", [
    ["check", str(SCN / "bss" / "battle-equal-bp.scn")],
    ["check", str(SCN / "ws" / "full-turn.scn")],
    ["check", "failing.scn"], ["check", "typo.scn"], ["check", "escape.scn"], ["check", "latin1.scn"],
    ["check", "missing.scn"], ["check", "--json", str(SCN / "bss" / "battle-equal-bp.scn")],
    ["rule", "bss", "7-1-5-2-1"], ["rule", "ws", "7.5.1.3"], ["rule", "monster", "5.15.1.2.1"],
    ["rule", "bss", "7-1-9"], ["rule", "mtg", "1"], ["rule", "bss", "--version", "1.7.0", "7-1-5-2-1"],
])
def test_same_answer_as_click(args: list[str], tmp_path: Path) -> None:
    for name, text in BAD.items():
        (tmp_path / f"{name}.scn").write_text(text, encoding="utf-8")
    (tmp_path / "latin1.scn").write_bytes("game bss\n# caf\xe9\n".encode("latin-1"))
    args = [str(tmp_path / a) if a.endswith(".scn") and "/" not in a else a for a in args]
    fast, slow = _both(args, tmp_path)
    assert fast.returncode == slow.returncode
    assert fast.stdout == slow.stdout
    if "Traceback" in slow.stderr:  # (a file that is not UTF-8: the same error, raised under another caller)
        assert fast.stderr.splitlines()[-1] == slow.stderr.splitlines()[-1]
    else:
        assert fast.stderr == slow.stderr


def test_plain_forms_import_neither_click_nor_a_toml_parser(tmp_path: Path) -> None:
    """(The manifest is read from the data directory once saved there: the second run imports no tomllib.)"""
    code = ("import io, sys; from judge_app import entry; out = io.TextIOWrapper(io.BytesIO(), encoding='utf-8'); "
            "sys.stdout, real = out, sys.stdout; status = entry._fast(sys.argv[1:]); sys.stdout = real; "
            "print(status, 'click' in sys.modules, 'tomllib' in sys.modules)")
    env = dict(os.environ, JUDGE_DATA_DIR=str(tmp_path))
    for args in (["check", str(SCN / "bss" / "battle-equal-bp.scn")], ["rule", "bss", "7-1-5-2-1"]):
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                                 check=True, cwd=ROOT).stdout
        assert out.split() == ["0", "False", "False"], out


class _Terminal(io.StringIO):
    encoding = "utf-8"
    errors = "strict"

    def isatty(self) -> bool:
        return True


def test_rule_head_is_bold_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge_app import entry
    from judge_app.cli import main

    term = _Terminal()
    monkeypatch.setattr(sys, "stdout", term)
    assert entry._fast(["rule", "bss", "7-1-5-2-1"]) == 0
    monkeypatch.undo()
    clicked = CliRunner().invoke(main, ["rule", "bss", "7-1-5-2-1"], color=True)
    assert "\x1b[1m7-1-5-2-1" in term.getvalue()
    assert term.getvalue() == clicked.output
