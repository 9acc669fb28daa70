"""Weiss Schwarz: what the dialect and the check timing keep between readings changes no answer.

The card details without quoted words are kept by their words (`dialect._PLAIN`), a card line's plain details
together by the words of all its details (`dialect._SETS`), the states and sides found settled are noted on them
(`State.settled`, `Side.settled_with`: a copy starts without), and the check timing skips happenings no card waits
for (`Catalog.auto_heads`): each scenario here must read and replay the same with these memories empty and full."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.engine.ws import abilities, dialect
from judge_app.engine.ws.state import Kind
from judge_app.scenario import check_text
from judge_app.scenario.check import format_human, parse
from judge_app.scenario.syntax import clear_caches

SCN = Path(__file__).resolve().parents[1] / "scenarios" / "ws"
GOLDEN = sorted(SCN.glob("*.scn"))


def _forget() -> None:
    clear_caches()
    dialect._PLAIN.clear()
    dialect._SETS.clear()
    dialect._TEXT_SETS.clear()
    abilities._WAITED[:] = [(None, {})]


def _answer(src: str) -> str:
    try:
        return format_human(check_text(src))
    except Exception as e:  # a scenario that is refused is refused the same way
        return f"{type(e).__name__}: {e}"


@pytest.mark.parametrize("path", GOLDEN[::6], ids=lambda p: p.stem)
def test_answers_are_the_same_with_the_memories_empty_or_full(path: Path) -> None:
    src = path.read_text(encoding="utf-8")
    _forget()
    first = _answer(src)
    for other in GOLDEN[:40]:  # fill the memories with other boards' details and sides
        _answer(other.read_text(encoding="utf-8"))
    clear_caches()  # every line read again, with the details and sides kept
    assert _answer(src) == first


def test_a_trait_keeps_its_case_when_the_same_words_come_again() -> None:
    # `trait Music` and `trait music` have the same lower-cased words: the trait is not kept by them
    board = ('game ws\nturn 3, A, main phase\nA: deck 5\nB: deck 5\n'
             'A CL: character "One" red, level 0, cost 0, 1000 power, soul 1, trait Music\n'
             'A CM: character "Two" red, level 0, cost 0, 1000 power, soul 1, trait music\n')
    _forget()
    cards = parse(board).board.catalog.by_uid
    assert cards["One"].traits == ("Music",)
    assert cards["Two"].traits == ("music",)


def test_kept_details_give_the_same_card() -> None:
    line = 'A CL: character "Knight" red, level 1, cost 0, 3000 power, soul 2, trigger soul, rest, 2 markers\n'
    src = f"game ws\nturn 3, A, main phase\nA: deck 5\nB: deck 5\n{line}"
    _forget()
    before = parse(src).board
    assert dialect._PLAIN  # the plain details were kept
    clear_caches()
    after = parse(src).board
    assert after.catalog.cards == before.catalog.cards and after.a == before.a
    card = after.catalog["Knight"]
    assert (card.kind, card.level, card.power, card.soul, card.triggers) == (Kind.CHARACTER, 1, 3000, 2, ("soul",))
    assert after.a.at("CL").markers and len(after.a.at("CL").markers) == 2


def test_a_kept_set_of_details_still_reads_each_line_own_name_effects_and_traits() -> None:
    # the same details' words on two lines: the second reads its plain details from the first's, its own rest
    board = ('game ws\nturn 3, A, main phase\nA: deck 5\nB: deck 5\n'
             'A CL: character "One" red, level 1, effect "【AUTO】 When this card attacks, draw 1 card.", '
             'trait "Music", 3000 power, rest\n'
             'A CM: character "Two" blue, level 1, effect "【AUTO】 When this card is placed on stage from your hand, '
             'draw 1 card.", trait "Sports", 3000 power, rest\n')
    _forget()
    state = parse(board).board
    one, two = state.catalog["One"], state.catalog["Two"]
    # plain lines are read from their text (`_plain_card`): details with an effect or a trait are never kept by text
    assert not dialect._TEXT_SETS and not dialect._SETS
    assert (one.color, one.level, one.power, one.traits) == ("red", 1, 3000, ("Music",))
    assert (two.color, two.level, two.power, two.traits) == ("blue", 1, 3000, ("Sports",))
    assert one.texts != two.texts and len(one.abilities) == len(two.abilities) == 1
    assert str(state.a.at("CL").orient) == str(state.a.at("CM").orient) == "rest"


def test_a_card_line_with_an_error_is_not_kept_and_errors_come_in_the_line_order() -> None:
    bad = ('game ws\nturn 3, A, main phase\nA: deck 5\nB: deck 5\n'
           'A CL: character "One" red, trait, level x\n')
    _forget()
    first = _answer(bad)
    assert "trait" in first and not dialect._SETS
    assert _answer(bad) == first
