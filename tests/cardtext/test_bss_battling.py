"""7-1-3: "attacking / blocking spirits" is judged on the battle, never on a board it cannot see."""
from __future__ import annotations

import pytest

from judge_app.engine.bss import cardtext
from judge_app.engine.bss.state import Card, CardType, Level
from judge_app.engine.bss.view import match_info
from judge_app.engine.bss.vocab import EffectSyntaxError


def _spirit(uid: str) -> Card:
    return Card(uid=uid, type=CardType.SPIRIT, levels=(Level(1, 1, 3000),), cores=1)


def _sel(text: str):
    return cardtext.parse_printed(text)[0].body[0].sel


def test_the_filter_follows_the_battle_and_is_never_judged_blind() -> None:
    blocking = _sel("[Flash] Select one of your opponent's blocking spirits and destroy it.")
    either = _sel("[Flash] Select one of your attacking or blocking spirits. It gains 3000 BP during this turn.")
    wall, idle = _spirit("Wall"), _spirit("Idle")

    def hits(sel, card, battle, owner="B", controller="A") -> bool:
        return match_info(sel, card, owner, controller, None, bp=3000, keywords=set(), battle=battle)

    assert hits(blocking, wall, ("Striker", "Wall")) and not hits(blocking, idle, ("Striker", "Wall"))
    assert not hits(blocking, wall, ("Striker", None))  # before the block nothing is blocking
    assert not hits(blocking, wall, (None, None))  # outside a battle
    assert hits(either, wall, ("Wall", None), owner="A") and hits(either, wall, ("Striker", "Wall"), owner="A")
    with pytest.raises(ValueError, match="without knowing the battle"):
        match_info(blocking, wall, "B", "A", None, bp=3000, keywords=set())


def test_a_resolving_directive_judges_the_role_as_it_resolves() -> None:
    """s9-bssreal2: as a directive's own cards (not a count, condition or trigger) the role is judged when the
    directive resolves, the battle known (resolve._candidates): "[Main] Destroy all attacking spirits." was refused
    while only selections were told the battle; it now reads, and in a main step (no battle) destroys nothing."""
    for text in ("[Main] Destroy all attacking spirits.", "[Flash] Return your opponent's attacking spirit to their hand."):
        sel = _sel(text)
        assert sel.battling == ("attacking",) and sel.count is None
    wall = _spirit("Wall")
    opp_blocker = _sel("(When Summoned) Destroy your opponent's blocking spirit.")
    # owner-aware: the blocker is named only if it is the opponent's (7-1-3)
    assert match_info(opp_blocker, wall, "B", "A", None, bp=3000, keywords=set(), battle=("Striker", "Wall"))
    assert not match_info(opp_blocker, wall, "A", "A", None, bp=3000, keywords=set(), battle=("Striker", "Wall"))
    assert not match_info(opp_blocker, wall, "B", "A", None, bp=3000, keywords=set(), battle=(None, None))


@pytest.mark.parametrize("text", ["(When This Spirit Attacks) Draw a card for each of your blocking spirits.",
                                  "When one of your blocking spirits is destroyed, draw a card."])
def test_elsewhere_it_is_refused_by_name(text: str) -> None:
    with pytest.raises(EffectSyntaxError, match="attacking / blocking spirits"):
        cardtext.read_effects(text)
