"""The compiled build of the hot modules (mypyc), used only while it is the build of the sources on disk.

`make setup` compiles the modules of a first check's hot path with mypyc (`scripts/build_compiled.py`) into a
folder OUTSIDE the source tree, under the interpreter's prefix (the venv): `judge-compiled/<ABI tag>/`, with a
`manifest.json` naming each compiled module, the SHA-256 of the .py it was built from, and the mypy version
that built it. `install()` puts a finder first on `sys.meta_path` that answers for those modules only, and only
when every listed source on disk has its recorded hash, the mypy installed is the one recorded and
`JUDGE_PURE_PYTHON` is not set: otherwise every module is imported from its .py as if nothing were built.

All or nothing: mypyc compiles a call from one compiled module to another into a direct C call, so a stale
compiled module would keep running beside an edited one; one mismatch therefore leaves the whole package pure.
The check (and the reading of the setting) runs once, at the first import of a listed module: commands that
import none pay nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from typing import Any

# The modules of a ws first check's hot path (docs/performance.md, "mypyc"): the statement reader, the card-text
# runtime, the ws dialect and replay. A module here must compile with mypyc and mean the same compiled: no
# `cached_property` on its classes, no `object.__new__` of its own classes, no generic dataclass, no dataclass
# field typed `object`, no class a module outside this list subclasses (tests/engine/test_compiled.py replays
# scenario files both ways). Left out for those reasons: ws `state` (its Catalog caches with cached_property,
# and `core.evolve` copies its classes through their slots) and `effects`, `scenario.model`, core `choices`,
# `zones`, `queue`, `lki`.
MODULES = (
    "judge_app.scenario.syntax", "judge_app.scenario.expect", "judge_app.scenario.check",
    "judge_app.engine.core.lalr", "judge_app.engine.core.events", "judge_app.engine.core.budget",
    "judge_app.engine.core.verdict", "judge_app.engine.core.loop", "judge_app.engine.core.replacement",
    "judge_app.engine.ws.dialect", "judge_app.engine.ws.game", "judge_app.engine.ws.turn", "judge_app.engine.ws.timing",
    "judge_app.engine.ws.attack", "judge_app.engine.ws.zones", "judge_app.engine.ws.view",
    "judge_app.engine.ws.abilities", "judge_app.engine.ws.play", "judge_app.engine.ws.answers",
    "judge_app.engine.ws.actions", "judge_app.engine.ws.applicability",
)
PURE_ENV = "JUDGE_PURE_PYTHON"  # a boolean setting (judge_app/config.py): import every module from its .py
MANIFEST = "manifest.json"


def folder() -> str:
    """Where this interpreter's build lives (outside the source tree: an edited .py is never shadowed by it)."""
    return os.path.join(sys.prefix, "judge-compiled", EXTENSION_SUFFIXES[0].strip(".").replace(".", "-"))


def source_hash(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def mypy_version() -> str | None:
    """The installed mypy's version, read from its `version.py` without importing mypy (None: not installed)."""
    from importlib.util import find_spec

    try:
        spec = find_spec("mypy")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    try:
        with open(os.path.join(list(spec.submodule_search_locations)[0], "version.py"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("__version__"):
            return line.partition("=")[2].strip().strip("\"'")
    return None


def source_path(package_dir: str, module: str) -> str:
    """The .py of `module` (`judge_app.x.y`) in the package folder `package_dir`."""
    return os.path.join(package_dir, *module.split(".")[1:]) + ".py"


def read_manifest(where: str) -> dict[str, Any] | None:
    try:
        with open(os.path.join(where, MANIFEST), encoding="utf-8") as f:
            got = json.load(f)
    except (OSError, ValueError):
        return None
    return got if isinstance(got, dict) and isinstance(got.get("modules"), dict) else None


def stale(manifest: dict[str, Any], package_dir: str) -> list[str]:
    """The listed modules whose source on disk is not the one compiled (all of them when mypy changed)."""
    modules: dict[str, str] = manifest["modules"]
    if manifest.get("mypy") != mypy_version():
        return sorted(modules)
    out = []
    for module, digest in modules.items():
        try:
            same = source_hash(source_path(package_dir, module)) == digest
        except OSError:
            same = False
        if not same:
            out.append(module)
    return out


class _Finder:
    """Answers for the compiled modules (and mypyc's shared library) once their sources are checked."""

    def __init__(self, where: str, manifest: dict[str, Any], package_dir: str) -> None:
        self.where = where
        self.manifest = manifest
        self.package_dir = package_dir
        self.names: dict[str, str] = {m: m for m in manifest["modules"]}
        for lib in manifest.get("shared", ()):
            self.names[lib] = lib
        self.ok: bool | None = None  # decided at the first listed import

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name not in self.names or not self._usable():
            return None
        file = os.path.join(self.where, *name.split(".")) + EXTENSION_SUFFIXES[0]
        return ModuleSpec(name, ExtensionFileLoader(name, file), origin=file)

    def _usable(self) -> bool:
        if self.ok is None:
            self.ok = not pure_requested() and not stale(self.manifest, self.package_dir) and all(
                os.path.exists(os.path.join(self.where, *n.split(".")) + EXTENSION_SUFFIXES[0]) for n in self.names)
        return self.ok


def pure_requested() -> bool:
    from judge_app.config import ConfigError, value

    try:
        return bool(value(PURE_ENV))
    except ConfigError:  # a value that is not a boolean: pure Python, which is always right
        return True


def install(package_dir: str) -> None:
    """Put the finder first on `sys.meta_path` when a build exists (it decides at the first listed import)."""
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    where = folder()
    manifest = read_manifest(where)
    if manifest is not None:
        sys.meta_path.insert(0, _Finder(where, manifest, package_dir))


def active() -> dict[str, bool]:
    """Which listed modules are imported compiled now (for tests and `judge bench`)."""
    out = {}
    for f in sys.meta_path:
        if isinstance(f, _Finder):
            for m in f.manifest["modules"]:
                mod = sys.modules.get(m)
                out[m] = mod is not None and not str(getattr(mod, "__file__", "")).endswith(".py")
    return out
