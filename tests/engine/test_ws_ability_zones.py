"""s10-wsfix2: every ability the ws reader accepts works from a zone where the engine looks for it, or is refused.

A card's text is valid on the stage (2.12.2.1) or in the climax area (2.12.2.2) unless it says otherwise: Alarm from the
top card of the clock (10.1.1), a Memory ability from the memory (10.9.1). An ability whose own condition puts its card
in another zone ("if this card is in your waiting room, …") would be accepted and then never consulted: the worst bug.
For each (ability kind, zone) this test either runs a scenario proving the ability acts there, or asserts the refusal
names the words."""

from __future__ import annotations

import pytest

from judge_app.engine.ws.cardtext import EffectError, parse_ability
from judge_app.engine.ws.effects import abilities_within
from judge_app.scenario import check_text

_ZONES = ("hand", "waiting room", "stock", "clock", "memory")

# (text with {zone}, zones where it acts: proven by a scenario below)
_KINDS = {
    "cont-all": ("【CONT】 If this card is in your {zone}, all of your characters get +1000 power.", {"memory"}),
    "cont-others": ("【CONT】 If this card is in your {zone}, all of your other characters get +1000 power.", {"memory"}),
    "cont-self": ("【CONT】 If this card is in your {zone}, this card gets +1000 power.", set()),
    "auto-begin": ("【AUTO】 At the beginning of your climax phase, if this card is in your {zone}, draw 1 card.", set()),
    "auto-attacks": ("【AUTO】 When this card attacks, if this card is in your {zone}, draw 1 card.", set()),
}


def _acts(text: str) -> dict[str, int]:
    """A's "Reader" (3000) on the stage with `text` on a card in A's memory: its power."""
    scn = f"""game ws
turn 4, A, main phase
A: deck 10, memory 1
A memory: character "Keeper" red, level 0, cost 0, 1000 power, soul 1, effect "{text}"
A CM: character "Reader" red, level 0, cost 0, 3000 power, soul 1
B: deck 10
expect "Reader" power 4000
"""
    r = check_text(scn)
    return {e.text: e.ok for e in r.expectations}


@pytest.mark.parametrize("kind", sorted(_KINDS))
@pytest.mark.parametrize("zone", _ZONES)
def test_each_kind_and_zone_acts_or_is_refused(kind: str, zone: str) -> None:
    template, acting = _KINDS[kind]
    text = template.format(zone=zone)
    if zone in acting:
        parse_ability(text)
        assert all(_acts(text).values()), text  # 10.9.1: it gives A's character +1000 from the memory
        return
    with pytest.raises(EffectError) as e:
        parse_ability(text)
    assert f"'if this card is in your {zone}': the engine applies this kind of ability only where" in str(e.value)


@pytest.mark.parametrize("text", [
    "【AUTO】 Alarm When this card attacks, draw 1 card.",
    "【AUTO】 Alarm When you use this card's \"Backup\", draw 1 card.",
])
def test_alarm_auto_other_than_at_the_beginning_is_refused(text: str) -> None:
    """10.1.1: the engine looks for Alarm 【AUTO】 abilities on the top card of the clock at the beginning of a phase
    (head-alarm-auto.scn proves those act); any other timing is refused by name, not accepted and left unfired."""
    with pytest.raises(EffectError, match="an Alarm 【AUTO】 ability other than 'At the beginning of"):
        parse_ability(text)


@pytest.mark.parametrize("text", [
    "【CONT】 If this card is the top card of your clock, all of your characters get +500 power.",
    "【AUTO】 At the beginning of your climax phase, if this card is the top card of your clock, draw 1 card.",
])
def test_clock_top_without_alarm_is_refused(text: str) -> None:
    with pytest.raises(EffectError, match="heads an Alarm ability"):
        parse_ability(text)


def test_alarm_abilities_at_the_beginning_are_accepted() -> None:
    """The two Alarm forms the engine consults from the clock's top card (keyword-alarm.scn, head-alarm-auto.scn)."""
    parse_ability("【CONT】 Alarm If this card is the top card of your clock, all of your characters get +1000 power.")
    parse_ability("【AUTO】 Alarm If this card is the top card of your clock, at the beginning of your climax phase, "
                  "draw 1 card.")


@pytest.mark.parametrize("text", [
    "【ACT】 [(1)] This card gets the following ability until end of turn. \"【AUTO】 Alarm When this card attacks, draw "
    "1 card.\"",
    "【ACT】 [(1)] This card gets the following ability until the end of your opponent's next turn. \"【AUTO】 At the "
    "beginning of the climax phase, draw 1 card.\"",  # either player's phase: printed abilities only
])
def test_granted_abilities_the_engine_does_not_collect_are_refused(text: str) -> None:
    """A granted Alarm that would never fire, or a granted ability waiting for either player's phase, is refused, not
    given and left unused."""
    with pytest.raises(EffectError):
        parse_ability(text)


@pytest.mark.parametrize("text", [
    "【CONT】 All of your characters get the following ability. \"【AUTO】 Encore [(1)]\"",
    "【ACT】 [(1)] This card gets the following ability until end of turn. \"【AUTO】 Encore [(2)]\"",
    "【ACT】 [(1)] This card gets the following ability until the end of your opponent's next turn. \"【AUTO】 At the "
    "beginning of your opponent's climax phase, draw 1 card.\"",
])
def test_granted_abilities_the_engine_collects_are_read(text: str) -> None:
    """s15 quote: a quoted Encore after "the following ability." is looked at as the card leaves the stage (8.7.4.1.2,
    quote15-opp-facing-encore.scn), and a gained ability waiting for the opponent's phase at its beginning
    (quote15-split-duration-opp-begin.scn)."""
    ability = parse_ability(text)
    assert any(a.category == "auto" for a in abilities_within(ability) if a is not ability)


def test_a_climax_begin_phase_ability_acts_from_the_climax_area() -> None:
    """2.12.2.2: a climax's text is valid in the climax area; its "At the beginning of your attack phase" waits there
    (it was accepted and never collected before s10-wsfix2), not from the hand."""
    scn = """game ws
turn 4, A, climax phase
A: deck 10, hand 1
A climax: climax "Dawn" red, effect "【AUTO】 At the beginning of your attack phase, draw 1 card."
A hand: climax "Dusk" red, effect "【AUTO】 At the beginning of your attack phase, draw 1 card."
A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1
B: deck 10
A passes
expect attack phase, A hand 2, A deck 9
"""
    r = check_text(scn)
    assert r.expectations and all(e.ok for e in r.expectations), [(e.text, e.actual) for e in r.expectations]
