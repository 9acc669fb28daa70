"""The compiled code of the methods `dataclasses` writes for judge's classes, kept between processes.

For every dataclass, `dataclasses` writes the source of `__init__`, `__repr__`, `__eq__`, `__hash__` and,
when frozen, `__setattr__`/`__delattr__`, and compiles it with `exec`: about a millisecond per class, and
more than half the CPU time of a cold `judge check` (95 classes for a bss scenario; docs/performance.md).
That source depends only on the class's fields, so its compiled code is kept in the data directory
(`marshal`, as Python keeps a module's bytecode in a .pyc), under the source text, in a file named by the
interpreter's bytecode magic number. `install()` gives `dataclasses` an `exec` that runs the saved code
for a class of judge's own modules and compiles the rest as `exec` does: the methods are the same
functions, made by the same code; only the compiling is skipped.
"""

from __future__ import annotations  # (the cached text is compiled with `dont_inherit`: not under this flag)

import atexit
import builtins
import contextlib
import dataclasses
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType
from typing import Any

_MAX = 4096  # a bound on the file: classes made at run time (tests' toy games) must not grow it forever

_code: dict[str, CodeType] | None = None  # None: not read yet (the data directory is not known yet)
_file = ""  # where it was read from, and is written back to
_new = False


def _path() -> str | None:
    config = sys.modules.get("judge_app.config")
    if config is not None and not hasattr(config, "value"):  # while judge_app.config itself is imported
        return None
    from judge_app.paths import data_dir  # (imports judge_app.config)

    name = f"dataclass-code-{MAGIC_NUMBER.hex()}-O{sys.flags.optimize}.marshal"
    return os.path.join(data_dir(), name)


def _saved() -> dict[str, CodeType] | None:
    global _code, _file
    if _code is None:
        path = _path()
        if path is None:
            return None
        _code, _file = {}, path
        try:
            with open(path, "rb") as f:  # (marshal.load on the file object reads it piecemeal: 10x slower)
                got = marshal.loads(f.read())  # our own cache, written by _save below (as trusted as a .pyc)
        except (OSError, EOFError, ValueError, TypeError):
            got = None
        if isinstance(got, dict) and all(type(k) is str and type(v) is CodeType for k, v in got.items()):
            _code.update(got)
        atexit.register(_save)
    return _code


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """`exec`, as `dataclasses` calls it: `exec(text, globals, namespace)`."""
    if type(source) is str:
        # compiled without inheriting this module's flags: as `dataclasses` (no __future__ imports) compiles it
        mine = globals is not None and str(globals.get("__name__", "")).startswith("judge_app.")
        saved = _saved() if mine else None
        code = saved.get(source) if saved is not None else None
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            if saved is not None and len(saved) < _MAX:
                global _new
                saved[source] = code
                _new = True
        source = code
    builtins.exec(source, globals, locals)


def _save() -> None:
    if not _new or not _code:
        return
    tmp = f"{_file}.{os.getpid()}.tmp"
    try:  # written atomically; a read-only data directory only costs the cache
        os.makedirs(os.path.dirname(_file), exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(marshal.dumps(_code))
        os.replace(tmp, _file)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def install() -> None:
    """Give `dataclasses` the caching `exec` (once; a module-level name of `dataclasses` shadows the builtin)."""
    if getattr(dataclasses, "exec", None) is None:
        dataclasses.exec = _exec  # type: ignore[attr-defined]
