"""The one place where the data folders are found.

In a source checkout (editable install) `rules_text/`, `grammar/` and `templates/` sit beside
the package; a built wheel carries them inside it.
"""

from __future__ import annotations

import contextlib
import os
from functools import cache
from pathlib import Path

from judge_app import config

_PACKAGE = Path(__file__).resolve().parent


@cache
def _root() -> Path:
    if (_PACKAGE / "rules_text").is_dir():  # installed from a wheel
        return _PACKAGE
    return _PACKAGE.parent  # source checkout


def rules_text_dir() -> Path:
    override = config.value("JUDGE_RULES_DIR")
    return override if override else _root() / "rules_text"


def grammar_dir() -> Path:
    return _root() / "grammar"


def grammar_path(name: str) -> Path:
    return grammar_dir() / name


def templates_dir() -> Path:
    return _root() / "templates"


def docs_dir() -> Path:
    return _root() / "docs"


def data_dir() -> Path:
    """Writable place for caches and the search index."""
    override = config.value("JUDGE_DATA_DIR")
    if override:
        return override
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "judge"


def write_atomically(path: Path | str, data: bytes) -> bool:
    """Writes `data` whole: under a temporary name in the same folder, then renamed, so that a reader (another process
    too) never sees half a file. False when the folder cannot be written (nothing is left behind): for the caches
    kept in the data directory, that only costs time."""
    import tempfile  # only when something is saved (tempfile imports shutil, random, bz2, lzma)

    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
    return True
