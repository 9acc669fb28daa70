"""The engine platform: a second game plugs in with one registration and uses the core's machinery
(ordered zones of known and unknown cards, the waiting queue with an ordering policy, choices,
replacements, player/area words from the game, dotted rule ids), through the unchanged checker."""

from __future__ import annotations

import pytest
from toy_game import SPEC  # tests/engine is on the path (pytest's prepend import mode)

from judge_app.engine.core import UNKNOWN, OrderedZone, RuleIdFormat, register, unregister
from judge_app.engine.games import all_specs, get_spec
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text


@pytest.fixture
def pile():
    register(SPEC)
    yield SPEC
    unregister("pile")


def test_registered_and_found(pile) -> None:
    assert get_spec("pile") is pile and "pile" in all_specs() and "bss" in all_specs()


def test_unregistered_game_is_a_clear_error() -> None:
    with pytest.raises(ScenarioError, match="unknown or unsupported game 'pile'"):
        check_text("game pile\nX draws 1\n")


def test_player_and_area_words_come_from_the_game(pile) -> None:
    r = check_text('game pile\nturn X\nX deck: "Ace", "Two", 3 unknown\nX draws 2\nexpect X hand 2, deck 3\n'
                   'expect "Ace" in hand\n')
    assert r.ok, r.expectations
    with pytest.raises(ScenarioError) as e:  # `A` is a bss player word, not a pile one
        check_text("game pile\nturn X\nA draws 1\n")
    assert "cannot start with 'A'" in e.value.message
    with pytest.raises(ScenarioError):  # `field` is not a pile area
        check_text('game pile\nturn X\nX field: "Ace"\n')


def test_unknown_card_is_asked_never_invented(pile) -> None:
    src = 'game pile\nturn X\nX deck: 2 unknown\nX draws 1\n'
    r = check_text(src)
    assert r.verdict.kind == "needs_choice" and r.needs_choice.rule == "1.2"
    r = check_text(src + 'X says "Queen"\nexpect "Queen" in hand, X deck 1\nexpect cited 1.2.\n')
    assert r.ok, r.expectations  # `1.2.` as the document writes it is the dotted id 1.2


def test_shuffle_keeps_identity_and_forgets_order(pile) -> None:
    src = 'game pile\nturn X\nX deck: "Ace", "Two"\nX shuffles\nX draws 1\n'
    r = check_text(src)
    assert r.needs_choice.options == ("Ace", "Two")
    r = check_text(src + 'X says "Two"\nX draws 1\nexpect "Ace" in hand, "Two" in hand\n')
    assert r.ok and not r.rejected  # the second card can only be the Ace: inferred, and the step says so
    assert any(s.kind == "infer" for s in r.steps)
    r = check_text(src + 'X says "King"\n')  # not a card of that deck
    assert [x.line for x in r.rejected] == [6]


def test_waiting_queue_any_order_is_asked_then_followed(pile) -> None:
    src = 'game pile\nturn X\nX deck: "Ace", "Two"\nX triggers "draw a", "guard b"\n'
    r = check_text(src)
    assert r.needs_choice.options == ("draw a", "guard b") and r.needs_choice.player == "X"
    r = check_text(src + 'X says "guard b"\nexpect resolution order "guard b", "draw a"\nexpect X hand 0, deck 2\n')
    assert r.ok, r.expectations  # the guard replaced the draw: the Ace went to the bottom
    r = check_text(src + 'X says "draw a"\nexpect resolution order "draw a", "guard b"\nexpect X hand 1\n')
    assert r.ok, r.expectations


def test_answer_from_the_wrong_player_is_a_listed_rejection(pile) -> None:
    r = check_text('game pile\nturn X\nX deck: "Ace"\nX triggers "draw a", "draw b"\nY says "draw b"\n')
    assert r.verdict.kind == "needs_choice"
    assert [x.line for x in r.rejected] == [5] and "Y" in r.rejected[0].reason


def test_ordered_zone() -> None:
    z = OrderedZone(("a", UNKNOWN, "c"))
    assert z.top(2) == ("a", UNKNOWN) and len(z) == 3 and z.unknown == 1
    z2, taken = z.take_top(1)
    assert taken == ("a",) and z2.cards == (UNKNOWN, "c")
    s = z.shuffle()
    assert s.cards == (UNKNOWN,) * 3 and sorted(s.unplaced) == ["a", "c"]
    assert s.candidates(0) == ("a", "c")
    r = s.reveal(0, "a").reveal(1, "c")
    assert r.candidates(2) == () and r.reveal(2, "z").cards[2] == "z"  # the one card nobody knew
    with pytest.raises(ValueError):  # two unknown places left, one is the "c": only one can be "z"
        s.reveal(0, "a").reveal(1, "z").reveal(2, "y")
    assert OrderedZone.of_count(2).put_top(["x"]).put_bottom(["y"]).cards == ("x", UNKNOWN, UNKNOWN, "y")


def test_rule_id_formats() -> None:
    assert RuleIdFormat.DASHED.normalise("7-1-5") == "7-1-5" and RuleIdFormat.DASHED.normalise("7.1") is None
    assert RuleIdFormat.DOTTED.normalise("8.1.4.") == "8.1.4"
    assert RuleIdFormat.DOTTED_NO_TRAILING.normalise("2.3") == "2.3"
