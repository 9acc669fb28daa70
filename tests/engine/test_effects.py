"""The effect vocabulary and the effect engine: phrases, errors, choices, and the rules they follow."""

from __future__ import annotations

import pytest

from judge_app.engine.bss import vocab
from judge_app.engine.bss.vocab import (
    Cores,
    Destroy,
    Draw,
    EffectSyntaxError,
    Forbid,
    Gain,
    Mill,
    ModBP,
    Refresh,
    Return,
    SetBP,
    SetLevel,
    SummonToken,
    parse_effects,
)
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

PHRASES = [
    ("When destroyed: draw 1 card.", "triggered", Draw),
    ("When this spirit attacks: destroy 1 target opponent spirit.", "triggered", Destroy),
    ("When one of your spirits becomes exhausted, you may refresh that spirit.", "triggered", Refresh),
    ("Draw 1 card when one of your spirits is destroyed.", "triggered", Draw),
    ("[When Summoned] Draw 1 card.", "triggered", Draw),
    ("main: Return 1 target opponent spirit to its owner's hand.", "activated", Return),
    ("flash: 1 target opponent spirit gets -3000 BP during this turn.", "activated", ModBP),
    ("main: Set the BP of 1 target spirit to 1000 during this turn.", "activated", SetBP),
    ("main: All opponent spirits are treated as LV1 during this turn.", "activated", SetLevel),
    ("main: Move 1 core from your reserve to your life.", "activated", Cores),
    ("main: Discard the top 3 cards of your opponent's deck.", "activated", Mill),
    ("Burst: when your life is reduced. Destroy 1 target opponent spirit.", "burst", Destroy),
    ("[Burst: When your opponent's spirit attacks] Exhaust 1 opponent spirit.", "burst", vocab.Exhaust),
    ("All of your spirits gain 【Blessed】.", "constant", Gain),
    ("This spirit gets +3000 BP while attacking.", "constant", ModBP),
    ("Opponent's spirits cannot block.", "constant", Forbid),
    ("This spirit cannot be blocked.", "constant", Forbid),
    ("If this spirit would be destroyed, you may put 1 core from this spirit into your reserve instead.",
     "substitution", Cores),
    ("When summoned: Summon 1 Antman Token (Token spirit/Green/0 Cost/Carapite•Token/LV1①/BP1000/1 Green Symbol).",
     "triggered", SummonToken),
]


@pytest.mark.parametrize(("text", "kind", "directive"), PHRASES, ids=[p[0][:40] for p in PHRASES])
def test_phrases(text: str, kind: str, directive: type) -> None:
    (eff,) = parse_effects(text)
    assert eff.kind == kind
    assert isinstance(eff.body[0], directive)


def test_keywords_and_largest_instance_arguments() -> None:
    (crush,) = parse_effects("【Crush: +2】")
    assert crush.keyword.name == "Crush" and crush.keyword.number == 2
    (astral,) = parse_effects("【Astral】 (during your opponent's turn)")
    assert vocab.astral_timing(astral.keyword.timing) == "opponent_turn"
    assert vocab.armor_colors(parse_effects("【Armor: red, purple】")[0].keyword) == {"red", "purple"}
    two = parse_effects("【Crush: +1】【Gale: 1】")
    assert [e.keyword.name for e in two] == ["Crush", "Gale"]


def test_selectors() -> None:
    s = vocab.parse_sel("up to 2 target opponent exhausted red spirits with 3000 BP or less")
    assert (s.count, s.up_to, s.target, s.owner, s.state, s.colors, s.bp) == (
        2, True, True, "opponent", "exhausted", ("red",), ("<=", 3000))
    assert vocab.parse_sel("all spirits with cost 4 or more").cost == (">=", 4)
    assert vocab.parse_sel("target spirit").count == 1
    assert vocab.parse_sel("that spirit").ref == "that"


def test_options_and_costs() -> None:
    (e,) = parse_effects("flash: You may exhaust this nexus to refresh 1 target spirit you control.")
    assert e.optional and isinstance(e.cost[0], vocab.Exhaust) and isinstance(e.body[0], Refresh)
    (e,) = parse_effects("When summoned: draw 1 card. 【Chain: red】 destroy 1 opponent spirit with 3000 BP or less.")
    assert e.chain[0] == "red" and isinstance(e.chain[1][0], Destroy)
    (e,) = parse_effects("LV2: When attacking: draw 1 card")
    assert e.levels == frozenset({2})


@pytest.mark.parametrize("text", ["When summoned: shuffle your deck.", "Draw 1 card.", "【Smash】",
                                  "【Gale】", "main: Destroy 1 blorp."])
def test_unexecutable_text_is_an_error_naming_the_phrase(text: str) -> None:
    with pytest.raises(EffectSyntaxError) as e:
        parse_effects(text)
    assert e.value.hint


BOARD = """game bss
turn 9, A, main step
A: life 5, reserve 5, deck 30, hand 1
B: life 5, reserve 3, deck 30, hand 4
"""


def test_unsupported_effect_points_at_the_card_line() -> None:
    # "Shuffle your deck." is executed since issue 12 (3-2-4); moving the trash into the deck is not
    src = BOARD + 'A hand: magic "Odd" red, cost 1, effect "main: Shuffle your trash into your deck."\n'
    with pytest.raises(ScenarioError) as e:
        check_text(src)
    assert e.value.line == 5 and "Shuffle your trash into your deck" in e.value.message and "draw N cards" in e.value.hint


def test_assume_and_active_lines_are_checked() -> None:
    with pytest.raises(ScenarioError) as e:
        check_text(BOARD.replace("turn 9", "assume nothing\nturn 9"))
    assert "assumption" in e.value.message
    src = BOARD + 'B field: spirit "Wolf" green, LV1 1 core 2000 BP, 1 core\nA active: "gets +1000 BP during this turn"\n'
    with pytest.raises(ScenarioError) as e:
        check_text(src)
    assert "on" in e.value.hint
    ok = check_text(BOARD + 'B field: spirit "Wolf" green, LV1 1 core 2000 BP, 1 core\n'
                    'A active: "gets -1000 BP during this turn", on "Wolf"\nexpect "Wolf" BP 1000\n')
    assert ok.ok and 'A active: "gets -1000 BP during this turn", on "Wolf"' in ok.board


def test_answer_that_does_not_fit_is_rejected_and_the_choice_stays_open() -> None:
    src = BOARD + ('A hand: magic "Blast" red, cost 1, effect "main: Destroy 1 target opponent spirit."\n'
                   'B field: spirit "Wolf" green, LV1 1 core 2000 BP, 1 core\n'
                   'B field: spirit "Bear" green, LV1 1 core 3000 BP, 1 core\n'
                   'A uses "Blast" paying 1 from reserve\nA chooses "Wolf", "Bear"\n')
    r = check_text(src)
    assert r.verdict.kind == "needs_choice" and r.needs_choice.rule == "8-5-3"
    assert set(r.needs_choice.options) == {"Wolf", "Bear"}
    assert r.rejected and "choose 1" in r.rejected[0].reason


def test_may_unanswered_is_needs_choice_unless_declined_by_assumption() -> None:
    src = BOARD + ('A hand: spirit "Sage" blue, cost 1, LV1 1 core 2000 BP, symbol blue, '
                   'effect "When summoned: you may draw 1 card."\n'
                   'A summons "Sage" paying 1 from reserve, placing 1 from reserve\n')
    r = check_text(src)
    assert r.verdict.kind == "needs_choice" and r.needs_choice.rule == "8-1-8"
    r = check_text(src.replace("game bss\n", "game bss\nassume unmentioned options are declined\n"))
    assert r.verdict.kind == "ongoing" and r.state["players"]["A"]["hand"] == 0


@pytest.mark.parametrize("text", [
    "each player puts 1 core from their reserve into their trash", "each player gains 1 life",
    "each player discards the top 2 cards of their deck", "each player's life is reduced by 1"])
def test_each_player_phrases_not_executed_are_refused_naming_them(text: str) -> None:
    from judge_app.engine.bss.vocab import EffectSyntaxError, parse_directive

    with pytest.raises(EffectSyntaxError) as e:
        parse_directive(text)
    assert text in e.value.message


@pytest.mark.parametrize(("text", "who"), [("each player draws 2 cards", "each"), ("each player discards 1 card", "each")])
def test_each_player_phrases_act_on_each_player(text: str, who: str) -> None:
    from judge_app.engine.bss.vocab import parse_directive

    assert parse_directive(text).who == who
