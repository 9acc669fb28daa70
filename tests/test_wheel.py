"""The project works from a built wheel: the wheel carries rules_text/, grammar/ and templates/."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_carries_data_and_runs(tmp_path):
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w",
                            str(tmp_path / "dist"), str(ROOT)], capture_output=True, text=True)
    if build.returncode != 0 and "hatchling" in build.stderr:
        build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(tmp_path / "dist"),
                                str(ROOT)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("judge-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "judge_app/rules_text/manifest.toml" in names
    assert "judge_app/rules_text/bss-1.7.0.txt" in names
    assert "judge_app/grammar/rules_document.lark" in names
    assert "judge_app/docs/scenario-language.md" in names  # rendered at /check/language
    assert "judge_app/scenario/guide/bss.toml" in names  # the checker page's template and cheat-sheet
    assert any(n.startswith("judge_app/templates/") for n in names) or not any(ROOT.joinpath("templates").iterdir())
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(target), "JUDGE_DATA_DIR": str(tmp_path / "data")}
    env.pop("JUDGE_RULES_DIR", None)
    code = ("import judge_app, judge_app.paths as p, sys; "
            "assert str(p.rules_text_dir()).startswith(sys.argv[1]), p.rules_text_dir(); "
            "assert judge_app.__file__.startswith(sys.argv[1]), judge_app.__file__; "
            "target = sys.argv.pop(1); "
            "from judge_app.cli import main; main()")
    out = subprocess.run([sys.executable, "-c", code, str(target), "rule", "bss", "7-1-5-2-1", "--json"],
                         cwd=tmp_path, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout)["rule"]["parent"] == "7-1-5-2"
