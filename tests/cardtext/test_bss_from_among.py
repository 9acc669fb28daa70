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
