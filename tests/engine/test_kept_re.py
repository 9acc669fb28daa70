"""core.kept_re: expressions rebuilt from kept programs are the ones `re.compile` builds, in a new process's
reader too (the file written at exit is read back), and a folder that cannot be written changes nothing."""

from __future__ import annotations

import re

import pytest

from judge_app.engine.core import kept_re
from judge_app.engine.core.kept_re import KeptRegexes

PATTERNS = [(r"(?:during|until the end of)(?: this| the)? turn", re.I), (r"(\d+) ?bp or (less|more)\b", 0),
            (r"^[【\[]\s*([^】\]]+?)\s*[】\]]\s*:?\s*", 0), (r"(?P<n>\d+)(?P<w>\w+)", re.S), (r"\bK\b", re.I)]


def _same(a: re.Pattern[str], b: re.Pattern[str]) -> bool:
    return (a, a.flags, a.groupindex, a.groups) == (b, b.flags, b.groupindex, b.groups)


def test_kept_expressions_are_re_compile(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path))
    first = KeptRegexes("test")
    for p, f in PATTERNS:
        assert _same(first.compile(p, f), re.compile(p, f))
    first.save()
    again = KeptRegexes("test")  # as a new process: from the file
    assert len(again._load()) == len(PATTERNS)
    for p, f in PATTERNS:
        assert _same(again.compile(p, f), re.compile(p, f))
    assert again.sub(r"\s+", " ", "a  b\tc") == "a b c"
    assert again.match(PATTERNS[0][0], "During THIS turn", re.I) is not None
    assert [m.group() for m in again.finditer(r"\d", "a1b2")] == ["1", "2"]
    assert again.split(r",\s*", "a, b,c") == ["a", "b", "c"]
    assert again.fullmatch(r"\bK\b", "\u212a", re.I) is not None  # the Kelvin sign, as re has it


def test_unwritable_folder_and_limit(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("JUDGE_DATA_DIR", str(blocked))
    kept = KeptRegexes("test")
    assert _same(kept.compile(r"a+b", 0), re.compile(r"a+b"))
    kept.save()  # cannot write: nothing happens
    monkeypatch.setattr(kept_re, "LIMIT", 1)
    assert _same(kept.compile(r"c+", 0), re.compile(r"c+"))
    assert list(kept._new) == [(r"a+b", 0)]
