"""Compile the hot modules of a first check with mypyc into judge_app.compiled.folder() (`make setup` runs it).

The build is made from a copy of the package in a temporary folder and moved into place whole, manifest last:
the manifest records the SHA-256 of each compiled module's .py AS COMPILED and the mypy version, and
`judge_app.compiled` loads the build only while every source on disk still has that hash. Nothing is ever
written into the source tree. Up to date: nothing to do. Any failure (no compiler, no Python headers, mypyc
refusing a module) prints one line and leaves the package pure Python; the exit status is 0 either way, unless
`--strict` is given.

    .venv/bin/python scripts/build_compiled.py [--strict] [--force]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge_app import compiled  # noqa: E402

SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[1].split(",")
setup(name="judge-compiled", packages=[], py_modules=[],
      ext_modules=mypycify(["--config-file", sys.argv[2], *modules], opt_level="3", debug_level="0",
                           separate=True),
      script_args=["build_ext", "--build-lib", "out", "--build-temp", "tmp", "-j", "2"])
"""


def _wanted() -> dict[str, str]:
    return {m: compiled.source_hash(compiled.source_path(str(ROOT / "judge_app"), m)) for m in compiled.MODULES}


def up_to_date() -> bool:
    manifest = compiled.read_manifest(compiled.folder())
    return (manifest is not None and manifest.get("mypy") == compiled.mypy_version()
            and manifest["modules"] == _wanted()
            and not compiled.stale(manifest, str(ROOT / "judge_app")))


def build() -> str:
    """Build into a fresh folder and move it into place; the folder's path."""
    version = compiled.mypy_version()
    if version is None:
        raise RuntimeError("mypy (with mypyc) is not installed: pip install -e '.[test]'")
    with tempfile.TemporaryDirectory(prefix="judge-mypyc-") as work:
        shutil.copytree(ROOT / "judge_app", Path(work) / "judge_app",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        hashes = {m: compiled.source_hash(compiled.source_path(str(Path(work) / "judge_app"), m))
                  for m in compiled.MODULES}
        (Path(work) / "setup_mypyc.py").write_text(SETUP, encoding="utf-8")
        paths = [compiled.source_path("judge_app", m) for m in compiled.MODULES]
        run = subprocess.run([sys.executable, "setup_mypyc.py", ",".join(paths), str(ROOT / "pyproject.toml")],
                             cwd=work, capture_output=True, text=True)
        if run.returncode != 0:
            errors = [ln for ln in (run.stdout + run.stderr).splitlines() if "error" in ln.lower()]
            raise RuntimeError((errors or (run.stdout + run.stderr).splitlines() or ["unknown error"])[0][:300])
        out = Path(work) / "out"
        shared = sorted(p.name.split(".")[0] for p in out.glob("*__mypyc*"))
        target = Path(compiled.folder())
        target.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=".building-", dir=target.parent))
        for so in out.rglob("*" + compiled.EXTENSION_SUFFIXES[0]):
            dest = fresh / so.relative_to(out)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(so, dest)
        manifest = {"mypy": version, "python": sys.version, "modules": hashes, "shared": shared}
        (fresh / compiled.MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        old = target.with_name(target.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if target.exists():
            target.rename(old)
        fresh.rename(target)
        shutil.rmtree(old, ignore_errors=True)
    return str(target)


def main(argv: list[str]) -> int:
    if "--force" not in argv and up_to_date():
        print(f"compiled modules: up to date ({compiled.folder()})")
        return 0
    try:
        where = build()
    except Exception as e:  # one line, and the package stays pure Python (judge_app.compiled finds no build)
        shutil.rmtree(compiled.folder(), ignore_errors=True)
        print(f"compiled modules: not built, pure Python is used ({type(e).__name__}: {e})")
        return 1 if "--strict" in argv else 0
    print(f"compiled modules: {len(compiled.MODULES)} built into {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
