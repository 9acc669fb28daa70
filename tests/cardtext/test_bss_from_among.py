""""… from among them" chooses among cards the effect itself looked at, revealed or discarded (10-2-1, 8-5-3): after a
discard paid as a cost the effect is not told which cards those were, and the text is refused, never executed as
"no card among them" (found at the eleventh session's integration: it was accepted and added nothing)."""
from __future__ import annotations

import pytest

from judge_app.engine.bss import cardtext
from judge_app.engine.bss.vocab import EffectSyntaxError


@pytest.mark.parametrize("text", [
    "[Main] You may discard the top three cards of your deck. If you do, add a spirit card from among them to your hand.",
    "(When Summoned) You may discard the top two cards of your deck. If you do, add one magic card from among them to "
    "your hand.",
])
def test_after_a_discard_paid_as_a_cost_it_is_refused_by_name(text: str) -> None:
    with pytest.raises(EffectSyntaxError, match="from among them"):
        cardtext.read_effects(text)


@pytest.mark.parametrize(("text", "node"), [
    ("[Main] Discard the top three cards of your deck. Add a spirit card from among them to your hand.", "MillPick"),
    ("[Main] Reveal the top three cards of your deck. Add a spirit card from among them to your hand. Discard the rest.",
     "AddFromAmong"),
])
def test_after_the_effect_s_own_discard_or_look_it_is_read(text: str, node: str) -> None:
    assert node in cardtext.summary(cardtext.read_effects(text))


@pytest.mark.parametrize("text", ["[Main] Return it to your hand.", "[Flash] Destroy it."])
def test_it_first_in_an_activated_effect_with_no_cost_is_refused(text: str) -> None:
    """"it" names what the cost or the directive before acted on: first, with no cost, it named nothing and the
    answer was "no card fits"."""
    with pytest.raises(EffectSyntaxError, match='"it" with no card'):
        cardtext.read_effects(text)


@pytest.mark.parametrize("text", [
    "[Main] Select one of your opponent's spirits. Return it to its owner's hand.",
    "[Main] You may destroy one of your spirits. If you do, return it to your hand.",
    "If this spirit would be destroyed by an opposing effect, you may exhaust it instead.",
])
def test_it_after_a_selection_a_cost_or_in_a_substitution_is_read(text: str) -> None:
    assert cardtext.read_effects(text)
