"""bss fast paths give what the general code gives (seventh session's speed work, issue 12).

Each shortcut is compared with the computation it replaces, not with a snapshot of its own output.
"""

from __future__ import annotations

import copy

import pytest

from judge_app.engine.bss import deck, rules
from judge_app.engine.bss.state import Activation, Card, CardType, Level, Player, State
from judge_app.engine.bss.view import read_effects
from judge_app.engine.core import EventLog
from judge_app.engine.core.budget import Budget
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.loop import run_checks
from judge_app.engine.core.zones import OrderedZone


def _card(uid: str, cores: int = 1) -> Card:
    return Card(uid=uid, type=CardType.SPIRIT, levels=(Level(1, 1, 3000),), cores=cores,
                effects=("When destroyed: draw 1 card.",))


def test_activation_hash_agrees_with_equality() -> None:
    eff = read_effects("When destroyed: draw 1 card.")[0]
    twin = copy.deepcopy(eff)  # an equal effect that is another object
    assert twin == eff and twin is not eff
    a = Activation("A", "Wolf", eff, _card("Wolf"), ("Wolf",))
    b = Activation("A", "Wolf", twin, _card("Wolf"), ("Wolf",))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert hash(a) == hash(a)  # kept after the first call
    c = evolve(a, that=("Wolf", "Bear"))  # a changed copy is hashed afresh
    assert c != a and hash(c) == hash(Activation("A", "Wolf", eff, _card("Wolf"), ("Wolf", "Bear")))
    other = read_effects("When destroyed: draw 2 cards.")[0]
    assert Activation("A", "Wolf", other, _card("Wolf"), ("Wolf",)) != a


def _general(pl: Player, k: int, into: str) -> Player:
    """draw / mill as the pile code does them (`pile_of`, `take_top`, `with_pile`)."""
    z, taken = OrderedZone.of_count(pl.deck or 0).take_top(k)
    pl2 = deck.with_pile(pl, z)
    if into == "hand":
        return evolve(pl2, hand=pl.hand, hand_unknown=pl.hand_unknown + len(taken))
    return evolve(pl2, trash=pl.trash, trash_unknown=pl.trash_unknown + len(taken))


@pytest.mark.parametrize("n", [None, 0, 1, 5])
@pytest.mark.parametrize("k", [-1, 0, 1, 2, 6])
def test_counted_deck_draw_and_mill_match_the_pile(n: int | None, k: int) -> None:
    pl = Player(deck=n, hand_unknown=2, trash_unknown=1)
    drawn, named = deck.draw(pl, k)
    assert named == () and drawn == _general(pl, k, "hand")
    milled, named = deck.mill(pl, k)
    assert named == () and milled == _general(pl, k, "trash")


def test_rule_check_skip_charges_the_same_work() -> None:
    state = State(a=Player(field=(_card("Wolf"),)), b=Player(field=(_card("Bear"),)))
    log = EventLog()
    with Budget() as budget:
        before = budget.work
        assert rules.manage(state, log) is state
        first = budget.work - before
        before = budget.work
        assert rules.manage(state, log) is state  # the same board: skipped
        assert budget.work - before == first
        before = budget.work
        run_checks(state, (rules.establish_winner, rules.checkpoint(None)), log)
        assert budget.work - before == first


def test_rule_check_not_skipped_when_a_card_fails() -> None:
    clean = State(a=Player(field=(_card("Wolf"),)), b=Player(field=(_card("Bear"),)))
    assert rules.manage(clean, EventLog()) is clean
    # the same field objects for B, a new A field whose spirit has lost its core (9-3-1)
    failing = evolve(clean, a=evolve(clean.a, field=(_card("Wolf", cores=0),)))
    log = EventLog()
    out = rules.manage(failing, log)
    assert out.a.field == () and any(ev.kind == "destroy" for ev in log.events)
