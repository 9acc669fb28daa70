"""The golden scenarios a test replays: an error golden (its expected answer is the refusal, checked with its
message by test_golden) has no replay, no steps and no boards to walk."""

from __future__ import annotations

import json
from pathlib import Path


def replayed(paths: list[Path]) -> list[Path]:
    def ok(p: Path) -> bool:
        exp = p.with_suffix(".expected.json")
        return not (exp.exists() and "error" in json.loads(exp.read_text(encoding="utf-8")))

    return [p for p in paths if ok(p)]
