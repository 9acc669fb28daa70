"""The compiled code of the methods `dataclasses` writes for judge's classes, kept between processes.

For every dataclass, `dataclasses` writes the source of `__init__`, `__repr__`, `__eq__`, `__hash__` and,
when frozen, `__setattr__`/`__delattr__`, and compiles it with `exec`: about a millisecond per class, and
more than half the CPU time of a cold `judge check` (95 classes for a bss scenario; docs/performance.md).
That source depends only on the class's fields, so its compiled code is kept in the data directory
(`marshal`, as Python keeps a module's bytecode in a .pyc), under the source text, one file a module, in a
folder named by the interpreter's bytecode magic number. `install()` gives `dataclasses` an `exec` that
runs the saved code for a class of judge's own modules and compiles the rest as `exec` does: the methods
are the same functions, made by the same code; only the compiling is skipped.
"""

from __future__ import annotations  # (the cached text is compiled with `dont_inherit`: not under this flag)

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

_MAX = 1024  # per module: classes made at run time (tests' toy games) must not grow a file without end

_folder: str | None = None  # where the code is kept, once the data directory is known ("": nowhere)
_code: dict[str, dict[str, CodeType]] = {}  # module -> source text -> its code, read on the module's first class
_changed: set[str] = set()  # modules whose code was compiled here (written back at exit)
_used: dict[str, set[str]] = {}  # module -> the texts its classes used here (what is written back: no stale code)


def _locate() -> str:
    """The folder in the data directory as it is now ("" when it cannot be determined)."""
    try:
        from judge_app.paths import data_dir  # (imports judge_app.config)

        base = str(data_dir())
    except Exception:  # e.g. no home directory to put it in: classes are then made without the cache
        return ""
    return os.path.join(base, f"dataclass-code-{MAGIC_NUMBER.hex()}-O{sys.flags.optimize}")


def _where() -> str | None:
    global _folder
    if _folder is None:
        config = sys.modules.get("judge_app.config")
        if config is not None and not hasattr(config, "value"):  # while judge_app.config itself is imported
            return None
        _folder = _locate()
        atexit.register(_save)
    return _folder or None


def _saved(module: str) -> dict[str, CodeType] | None:
    """The saved code of `module`'s classes (one small file a module: a command reads only its modules')."""
    code = _code.get(module)
    if code is None:
        folder = _where()
        if folder is None:
            return None
        code = _code[module] = {}
        try:
            with open(os.path.join(folder, f"{module}.marshal"), "rb") as f:
                got = marshal.loads(f.read())  # our own cache, written by _save below (as trusted as a .pyc)
        except (OSError, EOFError, ValueError, TypeError):
            got = None
        if isinstance(got, dict) and all(type(k) is str and type(v) is CodeType for k, v in got.items()):
            code.update(got)
    return code


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """`exec`, as `dataclasses` calls it: `exec(text, globals, namespace)`."""
    if type(source) is str:
        module = str(globals.get("__name__", "")) if globals is not None else ""
        saved = _saved(module) if module.startswith("judge_app.") else None
        code = saved.get(source) if saved is not None else None
        if code is None:
            # compiled without inheriting this module's flags: as `dataclasses` (no __future__ imports) compiles it
            code = compile(source, "<string>", "exec", dont_inherit=True)
            if saved is not None and len(saved) < _MAX:
                saved[source] = code
                _changed.add(module)
        if saved is not None:
            _used.setdefault(module, set()).add(source)
        source = code
    builtins.exec(source, globals, locals)


def _save() -> None:
    # The data directory as it is at exit: the test suite names its own only after importing judge's modules.
    folder = _locate() if _folder else ""
    if not folder:
        return
    from judge_app.paths import (
        write_atomically,  # (as in _where: judge_app.config imports this module's users)
    )

    for module in sorted(_changed):
        used = _used.get(module, set())
        data = marshal.dumps({text: code for text, code in _code[module].items() if text in used})
        if not write_atomically(os.path.join(folder, f"{module}.marshal"), data):
            return  # a read-only data directory only costs the cache
    _changed.clear()


def install() -> None:
    """Give `dataclasses` the caching `exec` (once; a module-level name of `dataclasses` shadows the builtin)."""
    if getattr(dataclasses, "exec", None) is None:
        dataclasses.exec = _exec  # type: ignore[attr-defined]
