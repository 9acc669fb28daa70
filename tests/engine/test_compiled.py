"""The mypyc build of the hot modules (judge_app/compiled.py, scripts/build_compiled.py).

It is used only while it is the build of the sources on disk, `JUDGE_PURE_PYTHON=1` turns it off, and it gives
byte-identical answers. Each case runs in a subprocess: which file a module is imported from is decided once per
process. Without a build (`make setup` found no compiler) the cases that need one are skipped, with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge_app import compiled

ROOT = Path(__file__).resolve().parents[2]
SCN = ROOT / "tests" / "scenarios"
BUILT = compiled.read_manifest(compiled.folder()) is not None and not compiled.stale(
    compiled.read_manifest(compiled.folder()) or {"modules": {}}, str(ROOT / "judge_app"))
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build of these sources (scripts/build_compiled.py)")

WHICH = f"""
import json, sys
import judge_app.scenario.check, judge_app.engine.ws.game
print(json.dumps({{m: sys.modules[m].__file__ for m in {list(compiled.MODULES)!r}}}))
"""

# The answer of a scenario file as tests/engine/test_golden.py records it, for each file named on stdin.
ANSWERS = """
import json, sys
sys.path.insert(0, sys.argv[1])
from tests.engine.test_golden import answer
from pathlib import Path
for line in sys.stdin:
    print(json.dumps(answer(Path(line.strip())), ensure_ascii=False, sort_keys=True))
"""


def _run(code: str, *args: str, cwd: Path = ROOT, pure: bool = False, stdin: str = "") -> str:
    env = {k: v for k, v in os.environ.items() if k not in (compiled.PURE_ENV, "PYTHONPATH")}
    env["PYTHONPATH"] = str(cwd)
    if pure:
        env[compiled.PURE_ENV] = "1"
    out = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, env=env, input=stdin, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def _files(package: Path, code: str = WHICH, **kw: bool) -> dict[str, str]:
    got: dict[str, str] = json.loads(_run(code, cwd=package, **kw))
    return got


@needs_build
def test_the_build_is_used_and_pure_python_on_request() -> None:
    files = _files(ROOT)
    assert all(f.endswith(compiled.EXTENSION_SUFFIXES[0]) for f in files.values()), files
    assert all(not f.startswith(str(ROOT)) for f in files.values())  # never inside the source tree
    assert all(f.endswith(".py") for f in _files(ROOT, pure=True).values())


@needs_build
def test_an_edited_source_is_never_shadowed(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "judge_app", tmp_path / "judge_app", ignore=shutil.ignore_patterns("__pycache__"))
    # an unchanged copy: the same sources, so the build is theirs
    assert all(not f.endswith(".py") for f in _files(tmp_path).values())
    edited = tmp_path / "judge_app" / "engine" / "ws" / "turn.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    files = _files(tmp_path)
    # all or nothing: compiled modules call each other directly, so one edit leaves every module pure
    assert all(f.endswith(".py") and f.startswith(str(tmp_path)) for f in files.values()), files


def test_a_stale_or_foreign_manifest_is_not_used(tmp_path: Path) -> None:
    src = tmp_path / "judge_app" / "engine" / "ws"
    src.mkdir(parents=True)
    (src / "turn.py").write_text("x = 1\n", encoding="utf-8")
    digest = compiled.source_hash(str(src / "turn.py"))
    manifest = {"mypy": compiled.mypy_version(), "modules": {"judge_app.engine.ws.turn": digest}}
    assert compiled.stale(manifest, str(tmp_path / "judge_app")) == []
    (src / "turn.py").write_text("x = 2\n", encoding="utf-8")
    assert compiled.stale(manifest, str(tmp_path / "judge_app")) == ["judge_app.engine.ws.turn"]
    (src / "turn.py").write_text("x = 1\n", encoding="utf-8")
    assert compiled.stale({**manifest, "mypy": "0.0.0"}, str(tmp_path / "judge_app")) == ["judge_app.engine.ws.turn"]
    (src / "turn.py").unlink()
    assert compiled.stale(manifest, str(tmp_path / "judge_app")) == ["judge_app.engine.ws.turn"]


def _sample() -> list[Path]:
    """Every ws scenario file and every other one of the other games (the goldens run compiled in the suite)."""
    out = []
    for game in ("ws", "bss", "bs-standard", "monster"):
        files = sorted((SCN / game).glob("*.scn"))
        out += files if game == "ws" else files[::2]
    return out


@needs_build
def test_scenario_answers_are_byte_identical_compiled_and_pure() -> None:
    files = "\n".join(str(p) for p in _sample()) + "\n"
    compiled_answers = _run(ANSWERS, str(ROOT), stdin=files)
    pure_answers = _run(ANSWERS, str(ROOT), stdin=files, pure=True)
    assert len(compiled_answers.splitlines()) == len(_sample())
    for path, a, b in zip(_sample(), compiled_answers.splitlines(), pure_answers.splitlines(), strict=True):
        assert a == b, path.name
