"""A triggered effect's event is one card's event (8-1-5-1): "when one of your spirits is destroyed". A count other
than one ("when two of your spirits are destroyed") was read as one card's event, the number dropped (found by the
nineteenth session's word audit, which now changes spelled numbers): it is refused by name."""
from __future__ import annotations

import pytest

from judge_app.engine.bss import cardtext
from judge_app.engine.bss.vocab import EffectSyntaxError


@pytest.mark.parametrize("text", [
    "(When Two of Your Spirits Are Destroyed) Draw 1 card.",
    "When 2 of your spirits are destroyed, draw a card.",
    "When up to one of your opponent's spirits is exhausted, draw a card.",
])
def test_an_event_of_several_cards_is_refused_by_name(text: str) -> None:
    with pytest.raises(EffectSyntaxError, match="only one card's event"):
        cardtext.read_effects(text)


@pytest.mark.parametrize("text", [
    "(When One of Your Spirits Is Destroyed) Draw 1 card.",
    "When a spirit is destroyed, draw a card.",
    "When one of your opponent's spirits is exhausted, draw a card.",
])
def test_one_card_s_event_is_read(text: str) -> None:
    assert "Draw" in cardtext.summary(cardtext.read_effects(text))
