"""The explorer over Battle Spirits Standard: its Game hooks (engine/bs_standard/answers.py).

The expected trees themselves (tests/scenarios/explore/bs-standard/*.tree.json, each with its "_why" from
the Standard rules) are checked by tests/engine/test_explore.py with every other game's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.engine.core import VerdictKind
from judge_app.scenario.explore import explore_text

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "tests" / "scenarios" / "explore" / "bs-standard"


def _depth(name: str) -> int:
    ex = explore_text((TREES / f"{name}.scn").read_text(encoding="utf-8"))
    return max(sum(1 for a in b.choices if not a.only) for b in ex.branches)


def test_nested_choice_counts():
    """One, two and three nested choices with more than one answer, as the scenarios' names say."""
    assert _depth("one-choice-block") == 1
    assert _depth("two-choices-target-then-block") == 2
    assert _depth("three-choices-flash-block-flash") == 3


def _board(extra: str = "") -> str:
    return ("game bs-standard\nturn 5, A, attack step\nA: life 5, reserve 2, deck 20\n"
            'A field: spirit "Ryuman" red, cost 3, LV1 1 core 3000 BP, symbol red, 1 core\n'
            "B: life 5, reserve 1, deck 20, hand 2\n" + extra + 'A attacks with "Ryuman"\n')


def test_only_flash_effects_are_offered():
    """A [Main] Magic is no answer in a Flash Timing (12-2-1-4-1); a [Flash] Magic is (12-2-1-5-1)."""
    ex = explore_text(_board(
        'B hand: magic "Rally" red, cost 1, effect "[Main] 1 of your Spirits gets +3000 BP during this turn."\n'
        'B hand: magic "Shrink" blue, cost 1, effect "[Flash] 1 opponent Spirit gets -3000 BP during this turn."\n'),
        max_depth=1)
    assert [b.choices[0].lines for b in ex.branches] == [("B passes",), ('B uses "Shrink" paying 1 from reserve',)]


def test_unpayable_magic_is_asked_for_its_payment():
    """The reserve cannot pay: the use line leaves the payment to the player, and the engine asks for it."""
    ex = explore_text(_board('B hand: magic "Shrink" blue, cost 2, effect "[Flash] 1 opponent Spirit gets -3000 BP '
                             'during this turn."\n'), max_depth=1)
    assert [b.choices[0].lines for b in ex.branches][0] == ("B passes",)
    assert all(b.choices[0].lines != ('B uses "Shrink" paying 2 from reserve',) for b in ex.branches)


def test_activated_flash_effect_without_once_per_turn_hits_the_depth_cap():
    """Without [Once per turn] an 【Activate: Flash】 effect with no cost can be activated again and again
    (9-1-6-1): the explorer stops at its depth cap and says so, it never loops."""
    ex = explore_text(_board('B field: spirit "Guard" white, cost 3, LV1 1 core 3000 BP, symbol white, 1 core, '
                             'effect "【Activate: Flash】 This Spirit gets +1000 BP during this turn."\n'))
    assert ex.truncated > 0 and any("choices on one path" in b.why for b in ex.branches)


def test_choice_asked_while_a_card_is_in_the_pending_state():
    """"Bomb", Destroyed, is in the Pending State while its 『When Destroyed』 resolves (10-2-2-4, 10-2-2-5); the
    Spirit it destroys is B's choice (9-3-2-1): the explorer branches on both, and Bomb reaches the Trash in each."""
    text = ("game bs-standard\nturn 5, A, main step\nA: life 5, reserve 2, deck 20, hand 1\n"
            'A hand: magic "Smite" red, cost 1, effect "[Main] Destroy 1 opponent Spirit."\n'
            'A field: spirit "Ryuman" red, cost 3, LV1 1 core 3000 BP, symbol red, 1 core\n'
            'A field: spirit "Fox" red, cost 3, LV1 1 core 3000 BP, symbol red, 1 core\n'
            "B: life 5, reserve 0, deck 20, hand 3\n"
            'B field: spirit "Bomb" green, cost 3, LV1 1 core 3000 BP, symbol green, 1 core, effect "『When Destroyed』 '
            'Destroy 1 opponent Spirit."\n'
            'A uses "Smite" paying 1 from reserve\n')
    ex = explore_text(text)
    assert ex.first is not None and ex.first.options == ("Ryuman", "Fox")
    assert [b.choices[0].lines for b in ex.branches] == [('B chooses "Ryuman"',), ('B chooses "Fox"',)]
    assert all(b.verdict.kind is VerdictKind.ONGOING for b in ex.branches)
    for b, gone in zip(ex.branches, ("Ryuman", "Fox"), strict=True):
        assert {'"Bomb": B field → B trash', f'"{gone}": A field → A trash'} <= {c.text for c in b.changes}


@pytest.mark.parametrize(("n", "sets"), [
    ("2", [["Wolf", "Bear"], ["Wolf", "Owl"], ["Bear", "Owl"]]),  # 9-3-2-1: exactly 2 of the 3
    ("up to 2", [[], ["Wolf"], ["Bear"], ["Owl"], ["Wolf", "Bear"], ["Wolf", "Owl"], ["Bear", "Owl"]]),  # 1-4-5-1
])
def test_several_targets_at_once(n, sets):
    text = ("game bs-standard\nturn 5, A, main step\nA: life 5, reserve 3, deck 20, hand 1\n"
            f'A hand: magic "Gale" green, cost 1, effect "[Main] Return {n} opponent Spirits to their owner\'s '
            "Hand.\"\nB: life 5, reserve 0, deck 20, hand 0\n"
            'B field: spirit "Wolf" green, cost 2, LV1 1 core 2000 BP, symbol green, 1 core\n'
            'B field: spirit "Bear" green, cost 3, LV1 1 core 3000 BP, symbol green, 1 core\n'
            'B field: spirit "Owl" green, cost 1, LV1 1 core 1000 BP, symbol green, 1 core\n'
            'A uses "Gale" paying 1 from reserve\n')
    ex = explore_text(text)
    assert not ex.refused and ex.merged == 0
    got = [sorted((c.subject.strip('"') for c in b.changes if c.what == "moved" and c.after == "B hand"),
                  key=["Wolf", "Bear", "Owl"].index) for b in ex.branches]
    assert got == sets


def test_same_tree_across_processes():
    """Another hash seed, another process: the same Standard tree, in the same order."""
    import json
    import os
    import subprocess
    import sys

    scn = TREES / "three-choices-flash-block-flash.scn"
    outs = []
    for seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        p = subprocess.run([sys.executable, "-m", "judge_app.cli", "check", "--explore", "--json", str(scn)],
                           capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        d = json.loads(p.stdout)
        d.pop("elapsed_ms")
        outs.append(d)
    assert outs[0] == outs[1] and len(outs[0]["branches"]) == 4 and outs[0]["merged"] == 1


def test_once_per_turn_ends_every_branch():
    """[Once per turn] bounds the Flash Timings (12-3-1-1): no branch is cut by a cap, every one ends judged."""
    ex = explore_text((TREES / "once-per-turn-flash.scn").read_text(encoding="utf-8"))
    assert ex.truncated == 0 and all(b.open is None for b in ex.branches)
