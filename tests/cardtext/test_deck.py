"""The bss deck as an ordered pile (engine/bss/deck.py) and the printed-text nodes that act on it."""

from __future__ import annotations

import pytest

from judge_app.engine.bss import cardast, deck
from judge_app.engine.bss.state import Card, CardType, Player
from judge_app.engine.core import Unsupported
from judge_app.engine.core.zones import UNKNOWN, OrderedZone
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

BOARD = """game bss
turn 5, A, main step
A: life 5, reserve 4, deck {deck}, hand 1
{cards}A hand: magic "Peek" red, cost 1, effect "(Main) Look at the top 2 cards of your deck. Add 1 spirit card from among them to your hand. Discard the rest."
B: life 5, reserve 3, deck 10, hand 2
A uses "Peek" paying 1 from reserve
"""
WOLF = 'A deck: spirit "Wolf" red, cost 1, LV1 1 core 1000 BP, symbol red\n'


def _card(uid: str) -> Card:
    return Card(uid, CardType.MAGIC)


def test_unnamed_cards_that_decide_the_outcome_are_never_invented() -> None:
    # only the top card is named; the second one may be a spirit card: the engine refuses, saying how to name it
    with pytest.raises(ScenarioError) as e:
        check_text(BOARD.format(deck=10, cards=WOLF))
    assert "never invents a card" in e.value.message and "does not name 1 of them" in e.value.message
    assert "A deck:" in (e.value.hint or "")


def test_unnamed_cards_that_do_not_matter_stay_unknown() -> None:
    src = BOARD.format(deck=10, cards=WOLF + 'A deck: magic "Flame" red, cost 2\n')
    r = check_text(src + 'expect "Wolf" in hand\nexpect "Flame" in trash\nexpect A deck 8, hand 1, trash 2\n')
    assert r.ok, [(x.text, x.actual) for x in r.expectations if not x.ok]


def test_a_plain_count_keeps_its_meaning_and_named_cards_need_room() -> None:
    r = check_text("game bss\nturn 4, B, draw step\nA: life 5, deck 20\nB: life 5, deck 12, hand 5\n"
                   "expect B hand 6, deck 11\n")
    assert r.ok and "B deck:" not in r.board
    with pytest.raises(ScenarioError) as e:
        check_text("game bss\nturn 4, B, draw step\nA: deck 20\nB: deck 1\n"
                   'B deck: magic "Flame" red, cost 2\nB deck: magic "Ice" blue, cost 2, at the bottom\n')
    assert "the deck is 1 card(s), but 2 deck cards are listed" in e.value.message


def test_the_board_writes_the_deck_it_read() -> None:
    src = ("game bss\nturn 5, A, main step\nA: life 5, deck 6\n" + WOLF
           + 'A deck: magic "Flame" red, cost 2, at the bottom\nA deck: magic "Ice" blue, cost 2, anywhere\n'
           + "B: life 5, deck 3\n")
    board = check_text(src).board
    assert 'A deck: spirit "Wolf"' in board and ', at the bottom' in board and ', anywhere' in board
    again = check_text(board)
    assert again.board == board


def test_pile_operations_keep_count_and_names() -> None:
    a, b = _card("A1"), _card("B1")
    pl = Player(deck=4, pile=OrderedZone((a, UNKNOWN, UNKNOWN, b)))
    drawn, named = deck.draw(pl, 2)
    assert named == (a,) and drawn.hand == (a,) and drawn.hand_unknown == 1 and drawn.deck == 2
    milled, named = deck.mill(drawn, 2)
    assert named == (b,) and milled.deck == 0 and milled.pile is None  # nothing named left: a count again
    shuffled = deck.shuffle(pl)
    assert shuffled.deck == 4 and set(shuffled.deck_known) == {a, b} and shuffled.pile is not None
    assert all(c is UNKNOWN for c in shuffled.pile.cards)
    taken, got = deck.take_at(shuffled, ["B1"])
    assert got == (b,) and taken.deck == 3 and taken.deck_known == (a,)
    assert deck.put(Player(deck=2), [a], bottom=True).pile == OrderedZone((UNKNOWN, UNKNOWN, a))


def test_a_node_without_a_procedure_is_refused_by_name() -> None:
    class Teleport:
        __slots__ = ()

    with pytest.raises(Unsupported) as e:
        cardast.perform(None, None, None, Teleport(), ())
    assert "Teleport" in e.value.message and "refused rather than executed in part" in e.value.message


def test_every_node_type_has_an_executor() -> None:
    assert set(cardast.NODES) == set(cardast.EXECUTORS)


def test_a_described_discard_never_invents_a_hand_card() -> None:
    # "discard a nexus card": the hand holds 2 cards the scenario does not name, either may be a nexus card
    src = ("game bss\nturn 5, A, main step\nA: life 5, reserve 4, deck 10, hand 3\n"
           'A hand: magic "Swap" red, cost 1, effect "[Main] Discard a nexus card. Then, draw a card."\n'
           "B: life 5, reserve 3, deck 10, hand 2\n"
           'A uses "Swap" paying 1 from reserve\n')
    with pytest.raises(ScenarioError) as e:
        check_text(src)
    assert "never invents a card" in e.value.message and "nexus card(s)" in e.value.message
    assert "A hand:" in (e.value.hint or "")
