"""Card text pasted with its line breaks (issue 13): a quoted string may run over lines.

For every game that has effect text, real scenarios are rewritten two ways and must give the same
answer as written: two abilities of a card given as one string with a line break between them, and
one ability wrapped in the middle of a sentence. Later statements keep their true line numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_app.errors import ScenarioError
from judge_app.scenario import check_text
from judge_app.scenario.syntax import MAX_LINE, abilities, parse_statements

SCN = Path(__file__).resolve().parents[1] / "scenarios"
GAMES = {"bss": "effect", "bs-standard": "effect", "ws": "effect", "monster": "text"}
PAIR = r'(?P<key>{key}) "(?P<a>[^"\n]+)", (?P=key) "(?P<b>[^"\n]+)"'
WRAP = re.compile(r"(?<=[a-z0-9]) (?=[a-z])")  # a space inside a sentence, before a lower-case word


def _answer(src: str, shift_after: int = 0, by: int = 0) -> tuple:
    def n(line: int) -> int:
        return line + (by if line > shift_after else 0)

    def lines(text: str) -> str:  # "line N" in a message
        return re.sub(r"line (\d+)", lambda m: f"line {n(int(m[1]))}", text)

    r = check_text(src)
    exp = tuple((n(e.line), e.text, e.ok, lines(e.actual)) for e in r.expectations)
    return lines(repr(r.verdict)), tuple(lines(s.text) for s in r.steps), r.cited, exp, r.ok


def _two_abilities(game: str) -> list[tuple[Path, re.Match[str]]]:
    pair = re.compile(PAIR.format(key=GAMES[game]))
    out = []
    for f in sorted((SCN / game).glob("*.scn")):
        m = pair.search(f.read_text(encoding="utf-8"))
        if m and abilities(f"{m['a']}\n{m['b']}") == (m["a"], m["b"]):
            out.append((f, m))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_two_abilities_on_two_lines_are_two_abilities(game: str) -> None:
    cases = _two_abilities(game)
    assert cases, f"no {game} scenario gives a card two abilities"
    for f, m in cases:
        src = f.read_text(encoding="utf-8")
        line = src.count("\n", 0, m.start()) + 1
        joined = src[:m.start()] + f'{m["key"]} "{m["a"]}\n{m["b"]}"' + src[m.end():]
        # The statements after the card keep their own line numbers (one more than before).
        assert _answer(joined) == _answer(src, shift_after=line, by=1), f.name


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_sentence_wrapped_over_lines_reads_as_one(game: str) -> None:
    key = GAMES[game]
    done = 0
    for f in sorted((SCN / game).glob("*.scn")):
        src = f.read_text(encoding="utf-8")
        m = next((m for m in re.finditer(f'{key} "([^"\n]+)"', src) if WRAP.search(m[1])), None)
        if m is None:
            continue
        wrapped = WRAP.sub("\n", m[1], count=2)
        assert abilities(wrapped) == (m[1],)
        line = src.count("\n", 0, m.start()) + 1
        new = src[:m.start()] + f'{key} "{wrapped}"' + src[m.end():]
        assert _answer(new) == _answer(src, shift_after=line, by=wrapped.count("\n")), f.name
        done += 1
        if done == 5:
            break
    assert done, f"no {game} effect text to wrap"


def test_lines_after_a_multiline_string_keep_their_numbers() -> None:
    src = ('game bss\nturn 3, A, main step\nA: life 5, reserve 3, deck 10\n'
           'A field: spirit "Ryuman" red, LV1 1 core 3000 BP, symbol red, 1 core, effect "【Crush: +1】\n'
           '【Raid: 1】\n", effect "When destroyed: draw 1\ncard."\n'
           'B: life 5, deck 10\nA atacks with "Ryuman"\n')
    with pytest.raises(ScenarioError) as e:
        check_text(src)
    assert (e.value.line, e.value.column) == (9, 3)  # the typo on its own line, not the statement count
    sts = parse_statements(src)
    card = sts[3]
    effects = [t for ph in card.phrases for t in ph.toks if t.quoted][1:]
    assert [(t.line, t.column) for t in effects] == [(4, 78), (6, 11)]  # each opening quote
    assert abilities(effects[0].value) == ("【Crush: +1】", "【Raid: 1】")
    assert abilities(effects[1].value) == ("When destroyed: draw 1 card.",)
    assert [s.line for s in sts[4:]] == [8, 9]


def test_unterminated_string_points_at_its_opening_quote() -> None:
    src = 'game bss\nturn 3, A, main step\nA: life 5\nA field: spirit "Ryuman red, LV1 1 core 3000 BP\nB: life 5\n'
    with pytest.raises(ScenarioError) as e:
        check_text(src)
    assert (e.value.line, e.value.column) == (4, 17) and "unterminated" in e.value.message


def test_size_limits_apply_to_each_line_before_parsing() -> None:
    long = "x " * (MAX_LINE // 2 + 5)
    src = f'game bss\nturn 3, A, main step\nA field: spirit "R", effect "{long}\n{long}"\n'
    with pytest.raises(ScenarioError) as e:
        parse_statements(src)
    assert "line too long" in e.value.message and e.value.line == 3
