"""Battle Spirits Saga procedures tested directly on the state model."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge_app.engine.bss import rules
from judge_app.engine.bss.state import Battle, Card, CardType, Level, Player, Stage, State, Step
from judge_app.engine.core import EventLog, GameOver, Rejected

RYU = Card("Ryuman", CardType.SPIRIT, colors=("red",), cost=3,
           levels=(Level(1, 1, 3000), Level(2, 3, 5000)), symbols=("red",), cores=1)
WOLF = Card("Wolf", CardType.SPIRIT, colors=("green",), cost=2,
            levels=(Level(1, 1, 2000), Level(2, 2, 4000)), symbols=("green",), cores=2)


def test_level_and_bp_follow_cores() -> None:
    assert (RYU.level, RYU.bp) == (1, 3000)
    assert (replace(RYU, cores=3).level, replace(RYU, cores=3).bp) == (2, 5000)
    assert replace(RYU, cores=0).level == 0


@pytest.mark.parametrize(("blocked", "text"), [(False, "no damage"), (True, "does nothing")])
def test_attacker_removed_before_resolution(blocked: bool, text: str) -> None:
    """7-1-5-2-1 / 7-1-5-3-1: if the attacker has left the field, resolution does nothing."""
    st = State(player="A", step=Step.ATTACK, a=Player(), b=Player(life=1, field=(WOLF,)),
               battle=Battle("Ryuman", Stage.FLASH_AFTER_BLOCK if blocked else Stage.BLOCK,
                             blocker="Wolf" if blocked else None))
    log = EventLog()
    out = rules.resolve_battle(st, log)
    assert out.b.life == 1 and out.b.find("Wolf") is not None and out.battle is None
    assert any(text in e.text for e in log.events)


def test_blocker_removed_before_resolution() -> None:
    st = State(player="A", step=Step.ATTACK, a=Player(field=(RYU,)), b=Player(),
               battle=Battle("Ryuman", Stage.FLASH_AFTER_BLOCK, blocker="Wolf"))
    out = rules.resolve_battle(st, EventLog())
    assert out.a.find("Ryuman") is not None


def test_damage_wins_immediately() -> None:
    st = State(player="A", step=Step.ATTACK, a=Player(field=(RYU,)), b=Player(life=1),
               battle=Battle("Ryuman", Stage.BLOCK))
    with pytest.raises(GameOver) as e:
        rules.no_block(st, EventLog(), "B")
    assert e.value.verdict.winner == "A"
    assert e.value.state.b.life == 0 and e.value.state.b.reserve == 1


def test_reduction_with_double_symbols() -> None:
    got = rules._reductions(["red", "red/blue", "blue"], ("red", "red", "red"))
    assert got == {2: True, 1: False}
    assert rules._reductions(["red"] * 5, ("red",)) == {1: False}


def test_token_destroyed_is_removed() -> None:
    tok = Card("Antman Token", CardType.SPIRIT, token=True, levels=(Level(1, 1, 0),), cores=1)
    st = State(b=Player(field=(tok,)))
    out = rules.manage(st, EventLog())
    assert out.b.removed and not out.b.trash and out.b.reserve == 1


def test_soul_core_follows_destroyed_card_to_reserve() -> None:
    st = State(player="A", step=Step.MAIN, a=Player(field=(RYU,), soul="Ryuman"))
    out = rules.move_cores(st, EventLog(), "A", rules.Source("Ryuman", 0, True), "reserve")
    assert out.a.soul == "reserve" and out.a.reserve == 1 and out.a.find("Ryuman") is None


def test_rejection_leaves_state_unchanged() -> None:
    st = State(player="A", step=Step.MAIN, a=Player(field=(RYU,)))
    with pytest.raises(Rejected):
        rules.attack(st, EventLog(), "A", "Ryuman")


def test_parse_keyword() -> None:
    from judge_app.engine.bss.effects import Keyword, parse_keyword

    assert parse_keyword("【Crush: +1】") == Keyword("Crush", "+1")
    assert parse_keyword("【Gale: 2】 (flash)") == Keyword("Gale", "2", "flash")
    assert parse_keyword("【A.T. Field】") == Keyword("A.T. Field")
    assert parse_keyword("【Immortal: purple spirit】") == Keyword("Immortal", "purple spirit")
    assert parse_keyword("【Smash】") is None
    assert parse_keyword("When destroyed: draw 1 card.") is None


def test_state_hash_covers_every_compared_field() -> None:
    """State caches its hash over a hand-written tuple: it must list exactly the fields equality compares."""
    import dataclasses

    from judge_app.engine.bss.state import State

    compared = [f.name for f in dataclasses.fields(State) if f.compare]
    assert compared == ["player", "step", "turn", "first_turn", "a", "b", "battle", "burst_set", "raid_used",
                        "once_used", "attacked", "continuous", "pending", "delayed"]
    s = State()
    assert hash(s) == hash(dataclasses.replace(s)) and s == dataclasses.replace(s, performed=True)
