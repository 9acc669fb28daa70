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


def _table(heading: str) -> list[list[str]]:
    """The rows of the first table under a heading of docs/scenario-language.md, as cells."""
    text = DOC.read_text(encoding="utf-8")
    part = text[text.index(heading):]
    rows = []
    for line in part.splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip("|").split(" | ")])
    return rows[1:]  # without the header row


def _concrete(cell: str) -> list[str]:
    """Backticked phrases of a cell that contain no placeholder (NAME, N, COLOR, […], …)."""
    out = []
    for p in re.findall(r"`([^`]+)`", cell):
        if re.search(r"\b[A-Z]{2,}\b|\[|…|\bN\b", p.replace("LV", "lv").replace("BP", "bp")):
            continue
        out.append(p)
    return out


def test_every_documented_timing_parses() -> None:
    from judge_app.engine.bss.vocab import parse_effects

    phrases = [p for row in _table("### Timings") for p in _concrete(row[0])]
    assert len(phrases) >= 15
    for p in phrases:
        (eff,) = parse_effects(f"{p}: draw 1 card.")
        assert eff.kind == "triggered", p


def test_every_documented_shape_and_directive_parses() -> None:
    from judge_app.engine.bss.vocab import parse_directive, parse_effects

    shapes = [p for row in _table("### The shapes of an effect") for p in _concrete(row[1])]
    assert len(shapes) >= 7
    for p in shapes:
        assert parse_effects(p), p
    directives = [p for row in _table("### Directives") for p in _concrete(row[1])]
    assert len(directives) >= 20
    for p in directives:
        if p.startswith("【"):
            assert parse_effects(p), p
        else:
            assert parse_directive(p) is not None, p


def test_level_prefixes_in_the_prose_work() -> None:
    """The prose names level prefixes (`LV2-3:`, `LV2 LV3:`, `[LV2]`): each one is read, with its levels."""
    from judge_app.engine.bss.vocab import parse_effects

    prose = re.sub(r"```.*?```", "", DOC.read_text(encoding="utf-8"), flags=re.S)
    prefixes = [s for s in re.findall(r"`([^`\n]+)`", prose)
                if re.fullmatch(r"\[?LV\d\]?(?:\s*[-–/,]?\s*\[?(?:LV)?\d\]?)*:?", s)]
    assert {"LV2-3:", "LV2 LV3:", "[LV2]"} <= set(prefixes)
    for p in prefixes:
        (eff,) = parse_effects(p.rstrip(":") + ": When attacking: draw 1 card.")
        assert eff.levels, p
    (eff,) = parse_effects("LV2-3: When attacking: draw 1 card.")
    assert eff.levels == frozenset({2, 3})
