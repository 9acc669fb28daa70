"""Per-turn limits ("Once per turn", "[Once Per Turn]", "The first time … each turn"; engine/bss/once.py) as board facts:
the turn line's `once used` phrase read and written, its errors, the state's equality, hash and JSON, the counts
starting again at the turn's start (6-1-1) and a card that leaves the field counted afresh (3-1-4)."""

from __future__ import annotations

import dataclasses

import pytest

from judge_app.engine.bss import rules
from judge_app.engine.bss.dialect import write_board
from judge_app.engine.bss.serialize import state_dict
from judge_app.engine.bss.state import Step
from judge_app.engine.core import EventLog
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text
from judge_app.scenario.check import parse

KEEP = ("(During Your Turn) The first time one of your purple spirits is destroyed each turn, return that spirit card "
        "from your trash to your hand.")
DRAW = "[LV1] Once per turn, when one of your spirits is destroyed, draw 1 card."
BOARD = f"""game bss
turn 5, A, main step{{turn}}
A: life 5, reserve 3, deck 20, hand 0
A field: spirit "Keeper" purple, cost 4, LV1 1 core 5000 BP, symbol purple, 1 core, effect "{KEEP}"
A field: spirit "Twin" purple, cost 4, LV1 1 core 5000 BP, symbol purple, 1 core, effect "{KEEP}", effect "{DRAW}"
A field: spirit "Imp" purple, cost 1, LV1 1 core 1000 BP, symbol purple, 1 core
B: life 5, reserve 3, deck 20, hand 2
"""


def board(turn: str = ""):
    return parse(BOARD.replace("{turn}", turn)).board


def error(turn: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        check_text(BOARD.replace("{turn}", turn) + 'expect "Imp" on field\n')
    return e.value


def test_phrase_is_read_and_written_back() -> None:
    b = board(f', once used "Keeper", once used "Twin" "{DRAW}"')
    assert b.once_used == (("Keeper", KEEP), ("Twin", DRAW))
    turn = write_board(b).splitlines()[2]
    assert turn == f'turn 5, A, main step, once used "Keeper", once used "Twin" "{DRAW}"'
    assert parse(write_board(b)).board == b


def test_state_equality_hash_and_json_cover_it() -> None:
    b = board(', once used "Keeper"')
    without = dataclasses.replace(b, once_used=())
    assert b != without and hash(b) != hash(without)
    assert "once_used" not in state_dict(without)["turn"]
    assert state_dict(b)["turn"]["once_used"] == [{"card": "Keeper", "text": KEEP}]


@pytest.mark.parametrize("turn, words", [
    (', once used "Imp"', '"Imp" has 0 per-turn limited effects'),
    (', once used "Twin"', '"Twin" has 2 per-turn limited effects'),
    (', once used "Keeper" "Draw 1 card."', "no per-turn limited effect with this text"),
    (', once used "Nobody"', 'unknown card "Nobody"'),
    (", once used", "write a per-turn limited effect used this turn"),
])
def test_board_errors(turn: str, words: str) -> None:
    assert words in str(error(turn))


def test_counts_start_again_when_a_turn_begins() -> None:
    b = dataclasses.replace(board(', once used "Keeper"'), step=Step.END)
    assert rules.advance(b, EventLog()).once_used == ()


def test_a_card_that_leaves_the_field_is_a_new_card() -> None:
    b = board(', once used "Keeper"')
    after = rules.leave_field(b, EventLog(), "Keeper", "hand", "a test")
    assert after.once_used == ()


def test_an_activated_effect_is_used_once_per_turn() -> None:
    src = BOARD.replace("{turn}", "").replace('effect "' + DRAW + '"', 'effect "[Main] Once per turn, draw 1 card."')
    r = check_text(src + 'A activates "Twin"\nA activates "Twin"\nexpect rejected\nexpect A hand 1\n')
    assert all(e.ok for e in r.expectations), [(e.text, e.actual) for e in r.expectations]
