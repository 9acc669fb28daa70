"""ws: which 【ACT】 ability a player plays (6.5.1.2.3, 8.6.2.1): named by number on the action line, asked when
several can be paid for, never guessed; a wrong number is a clear error."""

from __future__ import annotations

import pytest

from judge_app.errors import ScenarioError
from judge_app.scenario import check_text

BOARD = ('game ws\nturn 4, A, main phase\nA: deck 10, stock 3\nA CM: character "Twin" red, level 0, cost 0, 3000 power, '
         'soul 1, effect "【ACT】 [(1)] This card gets +1000 power until end of turn.", effect "【ACT】 [(2)] This card '
         'gets +1 soul until end of turn."\nB: deck 10\n')


@pytest.mark.parametrize("line", ['A uses "Twin", ability', 'A uses "Twin", ability two', 'A uses "Twin", ability 0'])
def test_an_ability_without_its_number_is_refused_by_name(line: str) -> None:
    with pytest.raises(ScenarioError, match="write the ability's number"):
        check_text(BOARD + line + "\n")


def test_each_ability_is_played_by_its_number_and_an_unnamed_one_is_asked() -> None:
    r = check_text(BOARD + 'A uses "Twin", ability 1\nexpect "Twin" power 4000, "Twin" soul 1, A stock 2\n'
                   'A uses "Twin", ability 2\nexpect "Twin" power 4000, "Twin" soul 2, A stock 0\n')
    assert r.ok, [e for e in r.expectations if not e.ok]
    asked = check_text(BOARD + 'A uses "Twin"\n')
    assert asked.verdict.kind.value == "needs_choice"
    assert asked.needs_choice is not None and asked.needs_choice.rule == "6.5.1.2.3"
    assert [o[:13] for o in asked.needs_choice.options] == ["【ACT】 [(1)] T", "【ACT】 [(2)] T"]


def test_an_answer_that_is_not_one_of_the_listed_abilities_is_not_taken() -> None:
    r = check_text(BOARD + 'A uses "Twin"\nA chooses "Twin"\n')
    assert r.needs_choice is not None and r.needs_choice.rule == "6.5.1.2.3"


COUNTER = ('game ws\nassume unmentioned options are declined\nturn 5, A, attack phase\nA: deck 10\n'
           'A CM: character "Knight" red, level 1, cost 0, 4000 power, soul 1\n'
           'A deck: character "Top" red, level 0, cost 0, 1000 power, soul 1\nB: deck 10, level 1, stock 2, hand 2\n'
           'B level: character "Old Lv" yellow, level 0, cost 0, 1000 power, soul 1\n'
           'B CM: character "Guard" yellow, level 1, cost 0, 3000 power, soul 1\n'
           'B deck: character "D1" blue, level 0, cost 0, 1000 power, soul 1\n'
           'B hand: character "Helper" yellow, level 1, cost 1, 1500 power, soul 1, effect "Backup 2500, Level 1 [①]", '
           'effect "【ACT】 [(1)] This card gets +1000 power until end of turn."\n'
           'A attacks with "Knight", frontal attack\n')


def test_in_the_counter_step_a_named_ability_must_be_the_backup() -> None:
    """Backup is the only 【ACT】 ability played from the hand in the counter step (7.4.1.2.1, 10.5.1): naming the
    card's other one is rejected, not read as its Backup; naming the Backup plays it."""
    other = check_text(COUNTER + 'B uses "Helper", ability 2\nexpect rejected\n')
    assert other.rejected and "is not its Backup" in other.rejected[0].reason, other.rejected
    backup = check_text(COUNTER + 'B uses "Helper", ability 1\nexpect accepted\nexpect "Guard" power 5500\n')
    assert backup.ok, [e for e in backup.expectations if not e.ok]
