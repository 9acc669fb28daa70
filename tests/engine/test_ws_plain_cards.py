"""Plain card lines read from their text (`dialect._plain_card`, `Statement.plain`) read as their phrases do: the same
board, card lines and errors, over generated lines (odd spacing, escapes, case, bad details, empty phrases)."""

from __future__ import annotations

import random

import pytest

from judge_app.engine.ws import dialect
from judge_app.errors import ScenarioError
from judge_app.scenario.check import parse, statements_of
from judge_app.scenario.syntax import clear_caches, plain_phrases

HEAD = "game ws\nturn 3, A, main phase\nA: deck 5, hand 5\nB: deck 5\n"
# Each part is mostly well-formed (the first entries), sometimes not (the rest): most boards read, some refuse.
KINDS = (["character", "climax", "event"], ["Character", "trait", ""])
NAMES = (['"Hero"', '"Red Clock"', '"Say \\"hi\\""', '"Back\\\\slash"', '"A, B: C"', '"Tab\there"'],
         ['"Odd\\n"', '""', "Hero"])
COLORS = (["", " red", " blue", " red blue", " yellow"], [" Red", " pink", "red"])
DETAILS = (["level 0", "level 1", "cost 0", "1000 power", "3000 power", "-500 power", "soul 1", "2 soul", "1 marker",
            "2 markers", "rest", "reversed", "stand", "counter", "counter icon", "no trigger", "trigger soul",
            "trigger soul draw", 'trait "Music"', "trait Music", "traits Music Sports", "LEVEL 2",
            'effect "【AUTO】 When this card attacks, draw 1 card."',
            'effect "【AUTO】 When this card attacks, if \\"Hero\\" is on stage, draw 1 card."',
            'effect "【CONT】 All of your characters get +1000 power and +1 soul."'],
           ["cost -1", "level x", "soul", "rest now", "trigger bogus", 'trigger "soul"', "trait", 'level "1"',
            'effect "Not a text at all"', "effect", "power 3000", "", "bogus detail", '"quoted"'])
AREAS = ["hand", "CM", "BL", "deck", "clock", "climax", "waiting_room", "stock", "level"]


def _pick(rnd: random.Random, pools: tuple[list[str], list[str]]) -> str:
    return rnd.choice(pools[rnd.random() < 0.08])


def _line(rnd: random.Random, k: int) -> str:
    sep = rnd.choice([", ", ", ", ",", " , ", ",  "])
    name = _pick(rnd, NAMES)
    name = name[:-1] + f'{k}"' if name.endswith('"') and len(name) > 2 else name  # distinct cards
    parts = [f"{_pick(rnd, KINDS)}{rnd.choice([' ', ' ', '  ', ''])}{name}{_pick(rnd, COLORS)}"]
    parts += [_pick(rnd, DETAILS) for _ in range(rnd.randint(0, 5))]
    line = sep.join(parts) + rnd.choice(["", "", "", " ", ",", " # note", "  "])
    return f"A {rnd.choice(AREAS)}:{rnd.choice([' ', ' ', '  ', ''])}{line}"


def _outcome(src: str, plain: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(dialect, "PLAIN_CARD_LINES", plain)
    clear_caches()
    for kept in (dialect._PLAIN, dialect._SETS, dialect._TEXT_SETS):
        kept.clear()
    try:
        sc = parse(src)
    except ScenarioError as e:
        return f"error {e.message!r} {e.line} {e.column} {e.text!r} {e.hint!r}"
    return repr((sc.board, sc.card_lines))


@pytest.mark.parametrize("seed", range(4))
def test_plain_card_lines_read_as_their_phrases(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(seed)
    plain_read = 0
    for _ in range(200):
        lines = [_line(rnd, k) for k in range(rnd.randint(1, 3))]
        src = HEAD + "\n".join(lines) + "\n"
        assert _outcome(src, True, monkeypatch) == _outcome(src, False, monkeypatch), src
        plain_read += "error" not in _outcome(src, True, monkeypatch)
    assert plain_read > 20  # the generator makes well-formed boards too


def test_escaped_strings_keep_their_columns_and_values() -> None:
    line = ('A CM: character "Say \\"hi\\" \\\\o/" red, level 0, cost 0, 1000 power, soul 1, effect "【AUTO】 【CXCOMBO】 '
            'When this card attacks, if \\"Lucky\\" is in your climax area, this card gets +1000 power until end of turn."')
    src = HEAD + line + "\n"
    clear_caches()
    sc = parse(src)
    name = 'Say "hi" \\o/'
    assert sc.board.catalog[name].texts == ('【AUTO】 【CXCOMBO】 When this card attacks, if "Lucky" is in your climax '
                                            'area, this card gets +1000 power until end of turn.',)
    assert sc.card_lines == ((name, 5, line.index('"') + 1),)
    st = next(s for s in statements_of(src) if s.area)
    plain = plain_phrases(st)
    assert plain is not None and plain[2]  # read from its text, escapes masked
    assert st.phrases[0].toks[1].value == name and st.phrases[-1].toks[1].column == line.index('"【') + 1
