"""Continuous directives of resolved effects carry a kind (an enum) and typed values, not strings parsed back.

The state's JSON keeps its documented spelling (docs/scenario-language.md: "kind": "bp+", "value": "+3000").
"""

from __future__ import annotations

import pytest

from judge_app.engine.bss.dialect import write_board
from judge_app.engine.bss.serialize import state_dict
from judge_app.engine.bss.state import Applied, AppliedKind
from judge_app.scenario.check import parse

BOARD = """game bss
turn 3, A, main step
A: life 5, reserve 3, deck 20, hand 0
B: life 5, reserve 3, deck 20, hand 0
A field: spirit "Ryuman" red, cost 3, LV1 1 core 3000 BP, LV2 3 cores 5000 BP, symbol red, 1 core
B field: spirit "Wolf" green, cost 2, LV1 1 core 2000 BP, LV2 2 cores 4000 BP, symbol green, 2 cores
"""

ACTIVE = [
    ('A active: "gets +3000 BP during this turn", on "Ryuman"', AppliedKind.BP_PLUS, 3000, "+3000"),
    ('A active: "gets -1000 BP during this turn", on "Wolf"', AppliedKind.BP_PLUS, -1000, "-1000"),
    ('A active: "BP becomes 7000 during this turn", on "Ryuman"', AppliedKind.BP_SET, 7000, "7000"),
    ('A active: "is treated as LV2 during this turn", on "Wolf"', AppliedKind.LEVEL_SET, 2, "2"),
    ('A active: "cannot block during this turn", on "Wolf"', AppliedKind.FORBID, "block", "block"),
    ('A active: "gains 【Crush: +1】 during this turn", on "Ryuman"', AppliedKind.GAIN, "【Crush: +1】", "【Crush: +1】"),
    ('A active: "gains one green symbol during this turn", on "Wolf"', AppliedKind.SYMBOL, "green", "green"),  # s19 bss
    ('A active: "can block while exhausted during this turn", on "Ryuman"', AppliedKind.ALLOW, "block while exhausted",
     "block while exhausted"),  # s21 bss
    ('A active: "gains one red symbol and one red symbol during this turn", on "Ryuman"', AppliedKind.SYMBOL, "red,red",
     "red,red"),
]


@pytest.mark.parametrize(("line", "kind", "value", "spelled"), ACTIVE, ids=[a[1].name for a in ACTIVE])
def test_active_line_typed_and_round_trips(line: str, kind: AppliedKind, value: int | str, spelled: str) -> None:
    board = parse(BOARD + line + "\n").board
    (ap,) = board.continuous
    assert isinstance(ap, Applied)
    assert ap.kind is kind
    assert ap.value == value and type(ap.value) is type(value)
    (js,) = state_dict(board)["continuous"]
    assert js["kind"] == kind.value and js["value"] == spelled
    assert parse(write_board(board)).board == board


def test_effective_values_use_the_numbers() -> None:
    from judge_app.engine.bss.view import view

    board = parse(BOARD + 'A active: "gets +3000 BP during this turn", on "Ryuman"\n'
                  + 'A active: "is treated as LV2 during this turn", on "Wolf"\n').board
    ryuman, wolf = view(board, "Ryuman"), view(board, "Wolf")
    assert ryuman is not None and ryuman.bp == 6000
    assert wolf is not None and wolf.level == 2 and wolf.bp == 4000


def test_a_number_is_not_text() -> None:
    bp = Applied(AppliedKind.BP_PLUS, 3000, ("Ryuman",), "turn", "A")
    assert bp.amount == 3000
    with pytest.raises(TypeError):
        _ = bp.word
    forbid = Applied(AppliedKind.FORBID, "block", ("Wolf",), "turn", "A")
    assert forbid.word == "block"
    with pytest.raises(TypeError):
        _ = forbid.amount
