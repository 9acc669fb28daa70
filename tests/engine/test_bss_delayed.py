"""Delayed directives ("At the end of this turn, …", engine/bss/delayed.py) as board facts: the `A delayed:` line
read and written, its errors, the state's equality, hash and JSON."""

from __future__ import annotations

import dataclasses

import pytest

from judge_app.engine.bss.delayed import read_text
from judge_app.engine.bss.dialect import write_board
from judge_app.engine.bss.serialize import state_dict
from judge_app.engine.bss.state import DelayedEffect, State
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text
from judge_app.scenario.check import parse

BOARD = """game bss
turn 5, A, main step
A: life 5, reserve 3, deck 20, hand 0
A field: spirit "Alpha" red, cost 3, LV1 1 core 3000 BP, symbol red, 1 core, exhausted
A trash: magic "Wind" white, cost 1, effect "[Main] At the end of this turn, refresh all of your spirits."
B: life 5, reserve 3, deck 20, hand 2
"""
LINE = 'A delayed: "At the end of this turn, refresh all of your spirits.", from "Wind"\n'


def error(src: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        check_text(src)
    return e.value


def test_board_line_is_read_and_written_back() -> None:
    board = parse(BOARD + LINE).board
    (d,) = board.delayed
    assert (d.controller, d.source, d.effect.text) == ("A", "Wind", "At the end of this turn, refresh all of your spirits.")
    assert d.effect.kind == "triggered" and len(d.effect.body) == 1
    assert LINE.strip() in write_board(board).splitlines()
    assert parse(write_board(board)).board == board


def test_state_equality_hash_and_json_cover_it() -> None:
    with_d = parse(BOARD + LINE).board
    without = dataclasses.replace(with_d, delayed=())
    assert with_d != without and hash(with_d) != hash(without)
    assert "delayed" not in state_dict(without)
    assert state_dict(with_d)["delayed"] == [
        {"controller": "A", "source": "Wind", "text": "At the end of this turn, refresh all of your spirits."}]


@pytest.mark.parametrize(("line", "message"), [
    ('A delayed: "At the end of this turn, refresh all of your spirits."\n', "say which card's effect set the"),
    ('A delayed: "Draw a card.", from "Wind"\n', "not one delayed directive"),
    ('A delayed: "At the end of this turn, draw a card. Draw a card.", from "Wind"\n', "not one delayed directive"),
    ('A delayed: "At the end of this turn, refresh all of your spirits.", from "Wnd"\n', 'unknown card "Wnd"'),
    ('A delayed: "At the end of this turn, refresh all of your spirits.", from "Wind", during this turn\n', "unknown item"),
    ("A delayed: from \"Wind\"\n", "starts with the directive in double quotes"),
])
def test_board_line_errors(line: str, message: str) -> None:
    e = error(BOARD + line + "expect main step\n")
    assert e.line == 7 and message in e.message


def test_it_activates_in_the_end_step_as_the_source_is_then() -> None:
    r = check_text(BOARD.replace("main step", "attack step") + LINE + 'expect "Alpha" exhausted\nA ends the attack step\n'
                   'expect "Alpha" refreshed\nexpect cited 6-8-1-1\n')
    assert r.ok, [x for x in r.expectations if not x.ok]
    assert "A delayed" not in r.board
    assert any("the engine's decision" in s.text for s in r.steps)


def test_board_line_on_selected_cards() -> None:
    src = BOARD.replace('"Wind" white, cost 1, effect "[Main] At the end of this turn, refresh all of your spirits."',
                        '"Snare" white, cost 1, effect "[Main] Select one of your spirits. At the end of this turn, '
                        'destroy it."')
    line = 'A delayed: "At the end of this turn, destroy it.", from "Snare", on "Alpha"\n'
    board = parse(src + line).board
    assert board.delayed[0].on == ("Alpha",) and line.strip() in write_board(board).splitlines()
    assert parse(write_board(board)).board == board
    assert state_dict(board)["delayed"][0]["on"] == ["Alpha"]
    e = error(src + line.replace(', on "Alpha"', "") + "expect main step\n")
    assert "not selected right before" in e.message and 'on "Card"' in e.hint
    e = error(src + LINE.replace('"Wind"', '"Snare"').replace("\n", ', on "Alpha"\n') + "expect main step\n")
    assert "leave out `on`" in e.hint


def test_read_text_is_what_an_effect_sets_up() -> None:
    eff = read_text("At the end of this turn, draw a card.")
    assert eff.text == "At the end of this turn, draw a card." and eff.kind == "triggered"
    assert State(delayed=(DelayedEffect("A", "X", eff),)) == State(delayed=(DelayedEffect("A", "X", eff),))
