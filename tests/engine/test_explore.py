"""The explorer: every answer to the open choices, merged outcomes, caps, determinism.

The expected trees (tests/scenarios/explore/<game>/*.tree.json) were written from the rules text
(each says why in "_why"), not copied from the engine's output.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge_app.engine.core import VerdictKind
from judge_app.errors import ScenarioError
from judge_app.scenario.check import check_text
from judge_app.scenario.explore import MAX_LEAVES, diff, explore_text, format_human

ROOT = Path(__file__).resolve().parents[2]
TREES = sorted((ROOT / "tests" / "scenarios" / "explore").glob("*/*.scn"))
GOLDEN = sorted((ROOT / "tests" / "scenarios").glob("*/*.scn"))


def _summary(ex) -> dict:
    def path(p):
        return [list(a.lines) for a in p]

    out = {"first": ({"player": ex.first.player, "rule": ex.first.rule, "options": list(ex.first.options)}
                     if ex.first else None),
           "branches": [], "merged": ex.merged, "truncated": ex.truncated}
    for b in ex.branches:
        d = {"choices": path(b.choices), "verdict": str(b.verdict.kind), "winner": b.verdict.winner,
             "changes": [c.text for c in b.changes]}
        if b.also:
            d["also"] = [path(p) for p in b.also]
        out["branches"].append(d)
    return out


@pytest.mark.parametrize("scn", TREES, ids=[p.stem for p in TREES])
def test_expected_tree(scn: Path):
    want = json.loads(scn.with_suffix(".tree.json").read_text(encoding="utf-8"))
    want.pop("_why")
    assert _summary(explore_text(scn.read_text(encoding="utf-8"))) == want


@pytest.mark.parametrize(("game", "names"), [
    ("bss", ("one-choice-block", "two-choices-target-then-block", "three-choices-flash-block-flash")),
    ("ws", ("one-choice-counter", "two-choices-counter-then-encore", "three-choices-draw-counter-encore")),
    ("monster", ("one-choice-counter", "two-choices-target-then-counter", "three-choices-each-discards-then-counter")),
])
def test_nested_choice_counts(game: str, names: tuple[str, str, str]):
    """The scenarios of their names: one, two and three nested choices with more than one answer."""
    def depth(name: str) -> int:
        ex = explore_text((ROOT / "tests/scenarios/explore" / game / f"{name}.scn").read_text(encoding="utf-8"))
        return max(sum(1 for a in b.choices if not a.only) for b in ex.branches)

    assert [depth(n) for n in names] == [1, 2, 3]


@pytest.mark.parametrize("scn", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_fully_answered_is_the_plain_answer(scn: Path):
    """A scenario that answers every choice explores to exactly one branch: the plain answer."""
    text = scn.read_text(encoding="utf-8")
    try:
        plain = check_text(text)
    except ScenarioError as refused:  # a golden showing a refusal: exploring refuses it the same way
        with pytest.raises(ScenarioError) as again:
            explore_text(text)
        assert again.value.message == refused.message
        return
    ex = explore_text(text)
    if plain.verdict.kind is VerdictKind.NEEDS_CHOICE:
        assert ex.first == plain.needs_choice
        return
    assert ex.first is None and ex.truncated == 0 and ex.merged == 0
    (b,) = ex.branches
    assert b.choices == ()
    assert b.verdict == plain.verdict
    assert b.steps == plain.steps
    assert b.rejected == plain.rejected
    assert b.state == plain.state
    assert b.board == plain.board
    assert "board" not in b.to_dict()  # rendered on demand only


OPEN = TREES + [p for p in GOLDEN
                if '"kind": "needs_choice"' in p.with_suffix(".expected.json").read_text(encoding="utf-8")]


@pytest.mark.parametrize("scn", OPEN, ids=[p.stem for p in OPEN])
def test_resuming_where_the_choice_was_asked_changes_nothing(scn: Path):
    """Going on from the checkpoint gives exactly what replaying every branch from the start gives."""
    text = scn.read_text(encoding="utf-8")

    def plain(ex) -> list:
        return [(b.choices, b.verdict, b.steps, b.rejected, b.state, b.board, b.open, b.also) for b in ex.branches]
    fast, slow = explore_text(text), explore_text(text, resume_replays=False)
    assert plain(fast) == plain(slow)
    assert (fast.merged, fast.truncated, fast.refused) == (slow.merged, slow.truncated, slow.refused)
    assert fast.replays == slow.replays


def test_answer_goes_where_the_choice_is_asked():
    """An open target choice in the middle: the answer is written after the declaration that asks, and the
    lines the scenario wrote after it still run (B's passes and no block)."""
    text = (ROOT / "tests/scenarios/explore/bss/two-choices-target-then-block.scn").read_text(encoding="utf-8")
    text += "B passes\nA passes\nB does not block\n"
    ex = explore_text(text)
    assert [[ln for a in b.choices for ln in a.lines] for b in ex.branches] == [['A chooses "Wolf"'],
                                                                                 ['A chooses "Bear"']]
    for b in ex.branches:
        assert {"B life 5 → 4"} <= {c.text for c in b.changes}
        assert all(e.line is not None and e.line < 100 for e in b.steps)  # user's lines only


def _wide(n: int) -> str:
    """A target choice among n spirits, then a block with any of the n - 1 others or none: n * n outcomes."""
    spirits = "\n".join(f'B field: spirit "Imp{i}" green, LV1 1 core 1000 BP, symbol green, 1 core' for i in range(n))
    return ("game bss\nturn 5, A, attack step\nA: life 5, reserve 2, deck 20\n"
            'A field: spirit "Herald" red, LV1 1 core 5000 BP, symbol red, 1 core, effect "When this spirit attacks: '
            'destroy 1 target opponent spirit with 3000 BP or less."\n'
            f"B: life 5, reserve 0, deck 20\n{spirits}\nA attacks with \"Herald\"\n")


def test_cap_reports_what_is_not_explored():
    # 9 targets, then 9 answers each (8 blockers or none) would be 81 outcomes: breadth first, six of the
    # nine block choices fit under 64 (9 + 6 * 8 = 57); the other three are reported, 9 answers each.
    ex = explore_text(_wide(9))
    assert MAX_LEAVES == 64
    assert ex.truncated == 27
    assert len(ex.branches) == 57
    cut = [b for b in ex.branches if b.open is not None]
    assert len(cut) == 3 and all("cap of 64" in b.why and b.unexplored == 9 for b in cut)
    assert "27 more branches not explored" in format_human(ex)
    assert ex.to_dict()["truncated"] == 27


def test_small_cap_and_depth():
    ex = explore_text(_wide(3), max_leaves=2)
    assert len(ex.branches) == 1 and ex.truncated == 3 and ex.branches[0].open is not None
    ex = explore_text(_wide(3), max_depth=1)  # each target's next choice (the flash window) is cut
    assert len(ex.branches) == 3 and ex.truncated == 3
    assert all("cap of 1 choices on one path" in b.why and b.unexplored == 1 for b in ex.branches)


def test_time_budget_bounds_the_whole_tree(monkeypatch):
    """Once the budget is spent no further branch starts; what is left is counted, and the cut says why."""
    import time

    import judge_app.scenario.explore as explore_mod

    calls = iter(range(10**6))
    start = time.perf_counter()
    monkeypatch.setattr(explore_mod, "_now", lambda: start + (100.0 if next(calls) >= 12 else 0.0))
    ex = explore_text(_wide(9), time_budget=2.0)
    assert ex.truncated > 0 and len(ex.branches) + ex.truncated < 81
    assert any("time budget" in b.why for b in ex.branches)
    assert ex.replays <= 14


@pytest.mark.parametrize("scn", ["bss/three-choices-flash-block-flash", "ws/three-choices-draw-counter-encore"])
def test_same_tree_every_time(scn: str):
    text = (ROOT / "tests/scenarios/explore" / f"{scn}.scn").read_text(encoding="utf-8")

    def strip(d: dict) -> dict:
        d.pop("elapsed_ms")
        return d
    assert strip(explore_text(text).to_dict()) == strip(explore_text(text).to_dict())


@pytest.mark.parametrize(("scn", "branches", "merged"), [
    ("bss/merged-loop-count", 1, 4),
    ("monster/three-choices-each-discards-then-counter", 8, 0),  # the monster hooks too
])
def test_same_tree_across_processes(scn: str, branches: int, merged: int):
    """Another hash seed, another process: the same JSON in the same order."""
    path = ROOT / "tests/scenarios/explore" / f"{scn}.scn"
    outs = []
    for seed in ("1", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        p = subprocess.run([sys.executable, "-m", "judge_app.cli", "check", "--explore", "--json", str(path)],
                           capture_output=True, text=True, env=env, cwd=ROOT, check=True)
        d = json.loads(p.stdout)
        d.pop("elapsed_ms")
        outs.append(d)
    assert outs[0] == outs[1]
    assert outs[0]["merged"] == merged and len(outs[0]["branches"]) == branches and outs[0]["truncated"] == 0


def test_json_shape():
    text = (ROOT / "tests/scenarios/explore/bss/one-choice-block.scn").read_text(encoding="utf-8")
    d = explore_text(text).to_dict()
    assert {"branches", "merged", "truncated", "needs_choice", "shared_steps"} <= set(d)
    b = d["branches"][0]
    assert {"choices", "verdict", "changes", "steps"} <= set(b)
    assert b["choices"][0]["lines"] == ['B blocks with "Wolf"']
    assert all(s["rules"] for s in b["steps"])  # every step cites its rules
    json.dumps(d)


def test_unwritable_options_are_reported_not_guessed():
    """A payment is completed in the declaration: the explorer reports the choice and does not branch."""
    text = (ROOT / "tests/scenarios/bss/summon-without-payment-needs-choice.scn").read_text(encoding="utf-8")
    ex = explore_text(text)
    (b,) = ex.branches
    assert b.verdict.kind is VerdictKind.NEEDS_CHOICE and b.open is not None and "complete the declaration" in b.why


def test_flash_effects_offered_only_when_usable():
    """A main-only magic is not a flash answer; a flash magic the reserve cannot pay is asked for its payment."""
    text = ("game bss\nturn 5, A, attack step\nA: life 5, reserve 2, deck 20\n"
            'A field: spirit "Ryuman" red, LV1 1 core 3000 BP, symbol red, 1 core\n'
            "B: life 5, reserve 0, deck 20, hand 2\n"
            'B hand: magic "Rally" red, cost 1, effect "main: 1 target spirit gets +3000 BP during this turn."\n'
            'B hand: magic "Frost Bite" blue, cost 1, effect "flash: 1 target opponent spirit gets -3000 BP during '
            'this turn."\n'
            'A attacks with "Ryuman"\n')
    ex = explore_text(text)
    first_answers = {b.choices[0].answer for b in ex.branches} | {b.choices[0].answer for b in ex.branches
                                                                   for _ in b.also}
    assert first_answers == {"pass", 'use "Frost Bite"'}
    frost = next(b for b in ex.branches if b.choices[0].answer == 'use "Frost Bite"')
    assert frost.verdict.kind is VerdictKind.NEEDS_CHOICE and "pay" in frost.open.question


def test_diff_is_generic():
    before = {"players": {"A": {"life": 5, "field": [{"name": "X", "bp": 1000}], "trash_cards": []}}, "battle": None}
    after = {"players": {"A": {"life": 4, "field": [], "trash_cards": [{"name": "X", "bp": 1000}]}},
             "battle": {"attacker": "Y"}}
    assert [c.text for c in diff(before, after)] == ['"X": A field → A trash', "A life 5 → 4",
                                                     "battle none → {attacker: Y}"]
    effects = diff({"continuous": [{"source": "Rally", "value": "+3000"}]},
                   {"continuous": [{"source": "Gust", "value": "-1000"}]})
    assert [c.text for c in effects] == ["continuous − {source: Rally, value: +3000}",
                                         "continuous + {source: Gust, value: -1000}"]


def test_documented_example_is_current():
    """docs/scenario-language.md shows `judge check --explore` output: it is what the explorer says."""
    import re

    doc = (ROOT / "docs" / "scenario-language.md").read_text(encoding="utf-8")
    part = doc[doc.index("## Exploring every choice"):]
    src = re.search(r"```scenario\n(.*?)```", part, re.S).group(1)
    shown = re.search(r"```explore-output\n(.*?)```", part, re.S).group(1)
    assert format_human(explore_text(src)) == shown


def test_any_registered_game(monkeypatch):
    """The explorer knows no game: a toy game registered on the core seam is explored and merged too."""
    from types import SimpleNamespace

    from judge_app.engine.core import (
        Answer,
        Choice,
        Game,
        GameSpec,
        Rejected,
        RuleIdFormat,
        Verdict,
        ask,
        register,
        unregister,
    )
    from judge_app.scenario.model import ActionItem, Scenario

    class Coin(Game):
        key, title, rules_version, game_over_rule = "coin", "Coin", "1", "1-2"

        def checks(self):
            return ()

        def start(self, state, log):
            return state

        def apply(self, state, action, log):
            who, verb, *_ = action
            if verb != "flips":
                raise Rejected("nothing to call", "1-1")
            (call,) = ask(log.answers, Choice(who, "Heads or tails?", ("heads", "tails"), "1-1", log.line),
                          lambda a: None if a.values[0] in ("heads", "tails") else "heads or tails")
            log.add("flip", f"{who} calls {call}; the coin shows heads.", ("1-1",))
            return state + (call == "heads")

        def answer_of(self, action, line):
            who, verb, *rest = action
            return Answer(line, who, tuple(rest)) if verb == "calls" else None

        def finish(self, state, log):
            return state, Verdict(VerdictKind.ONGOING, None, f"A scored {state}"), None

        def state_dict(self, state):
            return {"players": {"A": {"score": state}}}

        def cited_rules(self):
            return frozenset({"1-1", "1-2"})

        def answer_line(self, choice, option):
            return f"{choice.player} calls {option}"

    def read(statements, version):
        items = tuple(ActionItem(st.line, st.source, (st.head, *(t.value for ph in st.phrases for t in ph.toks)))
                      for st in statements if st.kind == "action")
        return Scenario("coin", version, 0, items)

    register(GameSpec(key="coin", title="Coin", document="bss", rules_version="1", rule_ids=RuleIdFormat.DASHED,
                      players=("A", "B"), areas=("field",), engine=Coin(),
                      dialect=SimpleNamespace(read=read, write_board=lambda s: f"score {s}\n")))
    try:
        ex = explore_text("game coin\nA flips\nA flips\n")
    finally:
        unregister("coin")
    assert [[ln for a in b.choices for ln in a.lines] for b in ex.branches] == [
        ["A calls heads", "A calls heads"], ["A calls heads", "A calls tails"], ["A calls tails", "A calls tails"]]
    assert [[ln for a in p for ln in a.lines] for p in ex.branches[1].also] == [["A calls tails", "A calls heads"]]
    assert [c.text for c in ex.branches[0].changes] == ["A score 0 → 2"] and ex.merged == 1
    assert ex.branches[2].changes == ()


@pytest.mark.parametrize(("n", "sets"), [
    ("2", [["Wolf", "Bear"], ["Wolf", "Owl"], ["Bear", "Owl"]]),  # 8-5-3-1: exactly 2 of the 3
    ("up to 2", [[], ["Wolf"], ["Bear"], ["Owl"], ["Wolf", "Bear"], ["Wolf", "Owl"], ["Bear", "Owl"]]),  # 8-5-3-2
])
def test_several_targets_at_once(n, sets):
    text = ("game bss\nturn 5, A, main step\nA: life 5, reserve 3, deck 20, hand 1\n"
            f'A hand: magic "Gale Sweep" green, cost 1, effect "main: Return {n} target opponent spirits to their '
            "owner's hand.\"\nB: life 5, reserve 0, deck 20, hand 0\n"
            'B field: spirit "Wolf" green, LV1 1 core 2000 BP, symbol green, 1 core\n'
            'B field: spirit "Bear" green, LV1 1 core 3000 BP, symbol green, 1 core\n'
            'B field: spirit "Owl" green, LV1 1 core 1000 BP, symbol green, 1 core\n'
            'A uses "Gale Sweep" paying 1 from reserve\n')
    ex = explore_text(text)
    assert not ex.refused and ex.merged == 0
    got = []
    for b in ex.branches:
        moved = sorted((c.subject.strip('"') for c in b.changes if c.what == "moved" and c.after == "B hand"),
                       key=["Wolf", "Bear", "Owl"].index)
        got.append(moved)
        assert f"B hand 0 → {len(moved)}" in [c.text for c in b.changes] or not moved
    assert got == sets


def test_activated_flash_effect_is_an_answer():
    """A flash effect of a card on the field is offered in an open flash window (8-1-3), with pass."""
    text = ("game bss\nturn 5, A, attack step\nA: life 5, reserve 2, deck 20\n"
            'A field: spirit "Ryuman" red, LV1 1 core 3000 BP, symbol red, 1 core\n'
            "B: life 5, reserve 0, deck 20\n"
            'B field: spirit "Wolf" green, LV1 1 core 2000 BP, symbol green, 1 core, effect "flash: this spirit '
            'gets +3000 BP during this turn."\n'
            'A attacks with "Ryuman"\n')
    ex = explore_text(text, max_depth=1)
    assert [b.choices[0].lines for b in ex.branches] == [("B passes",), ('B activates "Wolf"',)]
    # a flash effect free to use again and again: the depth cap ends the tree, and says so
    deep = explore_text(text)
    assert deep.truncated > 0 and any("choices on one path" in b.why for b in deep.branches)


def test_every_golden_scenario_with_its_answers_removed():
    """Remove the answers (`chooses`, passes, blocks) and the `assume` line of every golden scenario: the
    choices that open up are explored without error, every answer the game writes for a listed option is
    accepted by the rules, and every step still cites its rules."""
    import re

    answer = re.compile(r"^[AB] (chooses|passes|blocks|does not block)|^assume")
    explored = branched = 0
    runs = 0
    for scn in GOLDEN:
        try:
            check_text(scn.read_text(encoding="utf-8"))
        except ScenarioError:  # a golden showing a refusal has nothing to explore
            continue
        lines = scn.read_text(encoding="utf-8").splitlines()
        for keep in (lambda s: not answer.match(s), lambda s: not s.startswith("assume")):
            text = "\n".join(filter(keep, lines)) + "\n"
            runs += 1
            try:
                check_text(text)
            except ScenarioError:  # without its answers the scenario is refused (e.g. a card it must name)
                continue
            ex = explore_text(text)
            explored += 1
            branched += ex.first is not None and len(ex.branches) + ex.merged > 1
            assert not ex.refused, (scn.name, ex.refused)
            assert all(s.rules for b in ex.branches for s in b.steps), scn.name
    assert explored >= 0.9 * runs and branched >= 30


def test_cli_explore(tmp_path: Path):
    from click.testing import CliRunner

    from judge_app.scenario.commands import check

    scn = ROOT / "tests/scenarios/explore/bss/one-choice-block.scn"
    r = CliRunner().invoke(check, ["--explore", str(scn)])
    assert r.exit_code == 0 and "3 outcomes" in r.output and 'Outcome 1: B blocks with "Wolf"' in r.output
    j = CliRunner().invoke(check, ["--explore", "--json", str(scn)])
    assert j.exit_code == 0 and len(json.loads(j.output)["branches"]) == 3
    bad = tmp_path / "bad.scn"
    bad.write_text('game bss\nturn 5, A, attack step\nA attacks with "Nobody"\n', encoding="utf-8")
    e = CliRunner().invoke(check, ["--explore", str(bad)])
    assert e.exit_code == 2 and "unknown card" in e.output


def test_ws_hand_limit_discards_every_set_of_the_hand():
    """6.8.1.2: A puts 2 of 9 cards into the waiting room. The hand holds "Keep" and 8 unnamed cards, so the
    answers are {Keep, unnamed} and {unnamed, unnamed}; the explorer names no card the engine did not list."""
    text = ("game ws\nturn 8, A, end phase\nA: deck 10, hand 9\n"
            'A hand: character "Keep" red, level 0, cost 0, 1000 power, soul 1\nB: deck 10\n'
            "proceed to B stand phase\n")
    ex = explore_text(text)
    assert ex.first is not None and ex.first.rule == "6.8.1.2" and ex.first.pick == 2
    assert [[list(a.lines) for a in b.choices] for b in ex.branches] == [
        [['A chooses "Keep", unnamed']], [["A chooses unnamed, unnamed"]]]
    assert not ex.refused
    assert ["A waiting room + Keep" in [c.text for c in b.changes] for b in ex.branches] == [True, False]


def test_ws_counter_step_answered_where_it_is_asked():
    """7.4.1.2: the counter-step decision is asked when the next declaration is not the defending player's
    (here A's `A passes`) and answered by the line after it; the same scenario with B's answer written out
    gives the plain answer of that branch."""
    scn = (ROOT / "tests/scenarios/explore/ws/two-choices-counter-then-encore.scn").read_text(encoding="utf-8")
    plain = check_text(scn + 'B chooses pass\nB declines encore of "Guard"\n')
    assert plain.verdict.kind is VerdictKind.ONGOING and not plain.rejected
    ex = explore_text(scn)
    leaf = ex.branches[2]
    assert [list(a.lines) for a in leaf.choices] == [["B chooses pass"], ['B declines encore of "Guard"']]
    assert [e.text for e in leaf.steps] == [e.text for e in plain.steps]
