"""Every example in docs/scenario-language.md runs: ```scenario blocks hold, ```scenario-error fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "scenario-language.md"
BLOCKS = re.findall(r"```(scenario(?:-error)?)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_doc_has_examples() -> None:
    assert len(BLOCKS) >= 10


@pytest.mark.parametrize(("kind", "src"), BLOCKS, ids=[f"example{i + 1}" for i in range(len(BLOCKS))])
def test_example(kind: str, src: str) -> None:
    if kind == "scenario":
        r = check_text(src)
        assert r.expectations, "an example should show what happens"
        assert r.ok, [e for e in r.expectations if not e.ok]
    else:
        want = re.search(r"# error: (.*)", src).group(1).strip()
        with pytest.raises(ScenarioError) as e:
            check_text(src)
        assert want in e.value.message
