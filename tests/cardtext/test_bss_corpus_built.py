"""tests/cardtext/bss.jsonl is what scripts/build_cardtext_bss.py writes: a line added to the file by hand would be
dropped the next time the builder runs (sessions 20 and 21 did that; their lines now live in
scripts/cardtext_bss_late.jsonl)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_bss_corpus_is_the_builders_output() -> None:
    spec = importlib.util.spec_from_file_location("build_bss", ROOT / "scripts" / "build_cardtext_bss.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules[spec.name]
    lines = (ROOT / "tests" / "cardtext" / "bss.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(x) for x in lines] == mod.rows_built()
