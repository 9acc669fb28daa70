"""The direct reading of statements (syntax._fast) agrees with lark's reading of the grammar.

`_fast` is derived from the grammar's terminals and may decline any statement (lark then reads it and
reports errors); whenever it accepts one, the statement must be exactly what lark builds. Checked on
every scenario file we have, for every game's words, and on generated lines full of the tricky
characters (quotes, commas, colons, comments, curly quotes, tabs).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from judge_app.engine.games import keys
from judge_app.errors import ScenarioError
from judge_app.scenario.check import get_spec
from judge_app.scenario.syntax import (
    _direct,
    _fast,
    _head,
    _lexer,
    _open_string,
    _parse_text,
    _shape,
    _statement_texts,
    game_word,
    parse_statements,
)

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted([*ROOT.glob("tests/scenarios/**/*.scn"), *ROOT.glob("judge_app/scenario/examples/*.scn")])


def _words(game: str | None) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    spec = get_spec(game) if game else None
    return (spec.players, spec.areas) if spec else (("A", "B"), None)


def _lark(text: str, words: tuple) -> object:
    try:
        sts = _parse_text(text, *words)
    except ScenarioError:
        return None
    return _shape(sts[0], text) if sts else None


def _agree(text: str, words: tuple) -> None:
    fast = _fast(text, _lexer(*words))
    if fast is not None:
        assert fast == _lark(text, words), text


def _head_apart(text: str, words: tuple) -> object:
    """`_head` with each terminal matched on its own (the reading before the one-match start)."""
    import dataclasses

    lx = _lexer(*words)
    assert lx.start is not None  # the games' player words are no line heads
    return _head(text, dataclasses.replace(lx, start=None))


def test_every_scenario_line_reads_the_same() -> None:
    assert len(FILES) > 250
    fast_hits = total = 0
    for f in FILES:
        src = f.read_text(encoding="utf-8")
        words = _words(game_word(src))
        for _, text in _statement_texts(src.split("\n")):
            if text.strip() and not text.strip().startswith("#"):
                _agree(text, words)
                assert _head(text, _lexer(*words)) == _head_apart(text, words), text
                total += 1
                fast_hits += _fast(text, _lexer(*words)) is not None
    assert total > 3000 and fast_hits / total > 0.97, (fast_hits, total)  # the common path, not a rarity


@pytest.mark.parametrize("game", sorted(keys()))
def test_every_game_words(game: str) -> None:
    words = _words(game)
    players, areas = words
    for area in areas or ("field",):
        for line in (f'{players[0]} {area}: x "Y", z 1', f'{players[1]}  {area} : "a, b" 2, c # d',
                     f"{players[0]} {area}:", f'{players[0]} {area} x: y'):
            _agree(line, words)


PIECES = ["A", "B", "game", "expect", "turn", "field", "hand", " ", "  ", "\t", ",", ":", "#", '"', "“", "”",
          '"x y"', "“z”", "1", "-2", "LV1", "passes", '\\"', "\\", "\f", "ab_c", "é", '"a\nb"', "\n"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=12))
def test_generated_lines_read_the_same(parts: list[str]) -> None:
    _agree("".join(parts), (("A", "B"), None))
    _agree("".join(parts), (("A", "B"), ("field", "hand")))
    for words in ((("A", "B"), None), (("A", "B"), ("field", "hand"))):
        assert _head("".join(parts), _lexer(*words)) == _head_apart("".join(parts), words)


def _statement_texts_by_scanning(lines: list[str]) -> list[tuple[int, str]]:
    """`_statement_texts` with every line scanned by `_open_string` (no shortcut for lines whose quotes pair up)."""
    out, i = [], 0
    while i < len(lines):
        at = _open_string(lines[i])
        quote, j = (lines[i][at] if at >= 0 else ""), i + 1
        while quote and j < len(lines):
            rest = {'"': r'(?:[^"\\\n]|\\.)*"', "“": r"[^”\n]*”"}[quote]
            m = re.match(rest, lines[j])
            j += 1
            if m is not None:
                at = _open_string(lines[j - 1], m.end())
                quote = lines[j - 1][at] if at >= 0 else ""
        if quote:
            out.append((i + 1, lines[i]))
            i += 1
        else:
            out.append((i + 1, "\n".join(lines[i:j])))
            i = j
    return out


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=16))
@example(['"', '\\"', "\n", "x", '"'])  # an escaped quote keeps the string open: the next line joins it
@example(["“", '"', "\n", "”"])
@example(["#", '"', "\n", '"'])  # a quote in a comment opens nothing
def test_statements_are_joined_as_by_scanning_each_line(parts: list[str]) -> None:
    lines = "".join(parts).split("\n")
    assert list(_statement_texts(lines)) == _statement_texts_by_scanning(lines)


@pytest.mark.parametrize("line", [
    "expect " + "a " * 995 + ":",  # a run of words that cannot end well: each word in one token, no backtracking
    "A " + "x\t" * 995 + '"',
    "A field: " + '"a" ' * 495 + ",,",
    "A " + "a " * 995 + "“",
])
def test_lines_that_do_not_read_are_rejected_in_linear_time(line: str) -> None:
    """As tests/reliability/test_redos.py: the limit is far above a linear reading (~1 ms), so it only
    fails on super-linear backtracking in the direct reading's regular expressions."""
    assert len(line) <= 2_000
    t0 = time.perf_counter()
    with pytest.raises(ScenarioError):
        parse_statements(line)
    assert time.perf_counter() - t0 < 2.0


def test_well_formed_scenario_needs_no_lark_once_terminals_are_saved(tmp_path: Path) -> None:
    """The grammar's terminals are kept in the data directory: a later process reads a well-formed
    scenario without importing lark (an error still goes through lark, with its line and column)."""
    import os
    import subprocess
    import sys

    code = ("import sys; from judge_app.scenario.check import statements_of; "
            "sts = statements_of(open(sys.argv[1], encoding='utf-8').read()); "
            "print(len(sts), 'lark' in sys.modules)")
    scn = str(ROOT / "tests" / "scenarios" / "ws" / "full-turn.scn")
    env = dict(os.environ, JUDGE_DATA_DIR=str(tmp_path))
    runs = [subprocess.run([sys.executable, "-c", code, scn], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]
    first, second = (r.stdout.split() for r in runs)
    assert first[0] == second[0] and int(first[0]) > 20
    assert (first[1], second[1]) == ("True", "False")  # compiled once, then read from the saved file
    saved = list(tmp_path.glob("scenario-terminals-*.json"))
    assert len(saved) == 1
    saved[0].write_text("{not json", encoding="utf-8")  # a damaged file is rebuilt, never trusted
    third = subprocess.run([sys.executable, "-c", code, scn], env=env, capture_output=True, text=True, check=True)
    assert third.stdout.split() == first


PLAIN = ["x", "LV1", "3", "-2", " ", "  ", ",", ", ", '"a b"', '""', "é", "passes", '"q,r"', 'ab"c"d', '"', "w"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["A ", "B ", "A: ", "A field: ", "expect ", " B  ", "A hand:"]),
       st.lists(st.sampled_from(PLAIN), max_size=12))
def test_split_reading_is_the_terminals_reading(head: str, parts: list[str]) -> None:
    """Plain phrases (words, spaces, commas, "…" strings without escapes) are read by splitting; the
    statement, its Toks, columns and words, and every refusal are those of the reading by the terminals."""
    import dataclasses

    text = head + "".join(parts)
    lx = _lexer(("A", "B"), ("field", "hand"))
    assert lx.split
    by_split, by_terminals = _direct(text, 4, lx), _direct(text, 4, dataclasses.replace(lx, split=False))
    assert by_split == by_terminals, text
    if by_split is not None and by_terminals is not None:
        assert [p.words for p in by_split.phrases] == [p.words for p in by_terminals.phrases]
