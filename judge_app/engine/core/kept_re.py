"""Regular expressions compiled once per user instead of once per process.

`re.compile` parses and compiles a pattern in pure Python (re._parser, re._compiler) before the C regex engine
gets its program; a reader that tries a hundred patterns on its first text (the bss house-style vocabulary:
about 30 ms of a cold `judge check`) pays that in every new process. `KeptRegexes(name)` keeps each pattern's
program (lalr_tables.program: exactly what `re.compile` hands to the engine) in a per-user file, and rebuilds
the compiled expression from it in C. The functions mirror `re`'s (`match`, `search`, `sub` …), so a module
swaps `re.match(p, s)` for `kept.match(p, s)` and nothing else changes: the expression is the same object
`re.compile` would build (equal code, flags, groups).

Patterns first met in a process are added to the file when the process ends (written whole under a temporary
name, then renamed); at most `LIMIT` are kept, so patterns built from a user's text cannot grow it without end.
An unreadable or unwritable file only means compiling as `re` does.
"""

from __future__ import annotations

import atexit
import marshal
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from judge_app.engine.core.lalr_tables import from_program, program
from judge_app.paths import data_dir, write_atomically

LIMIT = 4096
_FORMAT = 1


class KeptRegexes:
    def __init__(self, name: str) -> None:
        self.name = name
        self._kept: dict[tuple[str, int], tuple[Any, ...]] | None = None
        self._compiled: dict[tuple[str, int], re.Pattern[str]] = {}
        self._new: dict[tuple[str, int], tuple[Any, ...]] = {}

    def _path(self) -> Path:
        version = f"{_FORMAT} {sys.version}"
        return data_dir() / "re" / f"{self.name}-{zlib.crc32(version.encode('utf-8')):08x}.marshal"

    def _load(self) -> dict[tuple[str, int], tuple[Any, ...]]:
        if self._kept is None:
            self._kept = {}
            try:
                with open(self._path(), "rb") as f:
                    got = marshal.loads(f.read())
                if isinstance(got, dict) and got.get("version") == sys.version:
                    self._kept = got["programs"]
            except (OSError, EOFError, ValueError, TypeError, KeyError):
                pass
        return self._kept

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        key = (pattern, int(flags))
        rx = self._compiled.get(key)
        if rx is None:
            prog = self._load().get(key) or self._new.get(key)
            if prog is None:
                prog = program(pattern, int(flags))
                if len(self._kept or ()) + len(self._new) < LIMIT:
                    if not self._new:
                        atexit.register(self.save)
                    self._new[key] = prog
            rx = self._compiled[key] = from_program(prog)
        return rx

    def save(self) -> None:
        """Adds the patterns first met in this process to the file."""
        if not self._new:
            return
        programs = {**self._load(), **self._new}
        try:
            data = marshal.dumps({"version": sys.version, "programs": programs})
        except ValueError:
            return
        if write_atomically(self._path(), data):
            self._kept, self._new = programs, {}

    # `re`'s functions, on the kept expressions
    def match(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        return self.compile(pattern, flags).match(string)

    def search(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        return self.compile(pattern, flags).search(string)

    def fullmatch(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        return self.compile(pattern, flags).fullmatch(string)

    def sub(self, pattern: str, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0,
            flags: int = 0) -> str:
        return self.compile(pattern, flags).sub(repl, string, count)

    def split(self, pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[Any]:
        return self.compile(pattern, flags).split(string, maxsplit)

    def findall(self, pattern: str, string: str, flags: int = 0) -> list[Any]:
        return self.compile(pattern, flags).findall(string)

    def finditer(self, pattern: str, string: str, flags: int = 0) -> Iterator[re.Match[str]]:
        return self.compile(pattern, flags).finditer(string)
