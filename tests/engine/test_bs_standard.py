"""Battle Spirits Standard: cited ids exist in Ver.1.0, invariants after every action, determinism, refusal of
unknown card text, fuzzed scenarios end with a verdict, and the dev scenarios import and pass."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from judge_app.engine.bs_standard import cards, dialect, serialize
from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.ruleids import CITED
from judge_app.engine.core import (
    Answers,
    EventLog,
    GameOver,
    NeedsChoice,
    Rejected,
    Undetermined,
    Unsupported,
)
from judge_app.engine.games import get_game, get_spec
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text
from judge_app.scenario.check import parse as check_parse
from judge_app.scenario.check import replay
from judge_app.scenario.model import ActionItem
from judge_app.scenario.syntax import parse_statements

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "judge_app" / "engine" / "bs_standard"
SCN = sorted((ROOT / "tests" / "scenarios" / "bs-standard").glob("*.scn"))
DEV = Path("/work/shared/scenarios-dev.jsonl")


def _ids_in_document() -> set[str]:
    text = (ROOT / "rules_text" / "bs-standard-1.0.txt").read_text(encoding="utf-8")
    return set(re.findall(r"^(\d+(?:-\d+)+):?\s", text, re.M)) | set(re.findall(r"^(\d+-\d+)\s", text, re.M))


def test_every_cited_id_exists() -> None:
    ids = _ids_in_document()
    assert not sorted(r for r in CITED if r not in ids)


def test_table_covers_the_source() -> None:
    found: set[str] = set()
    for path in SRC.glob("*.py"):
        if path.name in ("ruleids.py", "coverage.py", "dialect.py", "from_json.py"):
            continue
        found |= set(re.findall(r'"(\d+(?:-\d+)+)"', path.read_text(encoding="utf-8")))
    assert found - CITED == set()
    assert get_game("bs-standard").cited_rules() == CITED


def _replay_checked(text: str) -> list:
    """Replay action by action, checking the invariants after each: no card created or lost, cited ids exist."""
    spec = get_spec("bs-standard")
    sc = dialect.read(parse_statements(text, spec.players, spec.areas), "1.0")
    game = spec.engine
    log = EventLog()
    ids = _ids_in_document()

    def cards_of(s) -> tuple:
        return tuple(s.p(w).hand_count + s.p(w).trash_count + len(s.p(w).field) + len(s.p(w).removed)
                     + (s.p(w).deck or 0) for w in ("A", "B"))

    def cores_of(s) -> int:
        return sum(s.p(w).life + s.p(w).reserve + s.p(w).trash_cores + sum(c.cores for c in s.p(w).field)
                   for w in ("A", "B"))

    state = sc.board
    total = cards_of(state)
    try:
        cores = cores_of(state)
        state = game.start(state, log)
        assert cores_of(state) - cores == sum(dict(ev.facts).get("void", 0) for ev in log.events)
        actions = [i for i in sc.items if isinstance(i, ActionItem)]
        for k, item in enumerate(actions):
            log.line = item.line
            if game.answer_of(item.action, item.line) is not None:
                continue
            given = []  # the answer lines written right after the action answer its choices
            for nxt in actions[k + 1:]:
                a = game.answer_of(nxt.action, nxt.line)
                if a is None:
                    break
                given.append(a)
            log.answers = Answers(given, decline_optional="declined" in sc.assumptions)
            cores, first = cores_of(state), len(log)
            try:
                state = game.apply(state, item.action, log)
            except Rejected:
                continue
            # Cores come from or go to the Void only by a logged step (the Core Step, an effect).
            void = sum(dict(ev.facts).get("void", 0) for ev in log.events[first:])
            assert cores_of(state) - cores == void, (item.text, cores, cores_of(state), void)
            # A Magic card resolving belongs to no area (3-4-3), but none is in flight once an action is done.
            assert cards_of(state) == total, (item.text, cards_of(state), total)
            assert not state.waiting and not state.pending
    except (GameOver, NeedsChoice, Undetermined, Unsupported):
        pass
    assert all(r in ids for ev in log.events for r in ev.rules)
    return [(e.kind, e.text, e.rules) for e in log.events]


@pytest.mark.parametrize("path", SCN, ids=lambda p: p.stem)
def test_invariants_and_determinism(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        check_text(text)
    except ScenarioError as e:  # a refusal (unknown card text) is itself the answer, and the same each time
        with pytest.raises(ScenarioError) as again:
            check_text(text)
        assert (again.value.line, again.value.message) == (e.line, e.message) and "cannot execute" in e.message
        return
    assert _replay_checked(text) == _replay_checked(text)
    r = check_text(text)
    assert all(e.ok for e in r.expectations), [e for e in r.expectations if not e.ok]


@pytest.mark.parametrize("words", ["[Main] frobnicate the opponent.", "【Clash】", "[Main] Look at your opponent's deck.",
                                   "You must draw 1 card.", "When Summoned: summon 1 Wolf (Token spirit/Green/0 Cost/"
                                   "LV1①/BP1000/1 Green Symbol)"])
def test_unknown_text_is_refused_naming_the_words(words: str) -> None:
    with pytest.raises(cards.EffectSyntaxError) as e:
        cards.parse_effect(words)
    assert "cannot execute the effect words" in e.value.message
    scn = ("game bs-standard\nturn 3, A, main step\nA: deck 10\nA hand: magic \"X\" red, cost 1, effect "
           + json.dumps(words, ensure_ascii=False) + "\nexpect A hand 1\n")
    with pytest.raises(ScenarioError):
        check_text(scn)


BOARD = """game bs-standard
turn 5, A, main step
A: life 3, reserve 5, deck 5, hand 2
A hand: spirit "Wolf" green, cost 2, LV1 1 core 2000 BP, symbol green
A hand: magic "Smite" red, cost 1, effect "[Flash] Destroy 1 opponent Spirit. Then, draw 1 card."
A field: spirit "Ryuman" red, cost 3, LV1 1 core 3000 BP, LV2 3 cores 5000 BP, symbol red, 1 core
B: life 2, reserve 2, deck 3, hand 2
B field: spirit "Bear" green, cost 3, LV1 1 core 4000 BP, symbol green, 1 core, effect "『When Destroyed』 draw 1 card."
B field: spirit "Phoenix" red, cost 4, LV1 1 core 3000 BP, symbol red, 1 core, effect "『When Destroyed』 Return this Spirit to its owner's Hand."
B field: nexus "Bell" purple, cost 2, LV1 0 cores, symbol purple, 0 cores, effect "When one of your Spirits is Destroyed: draw 1 card.", effect "If one of your Spirits would be Destroyed, you may Heavy Exhaust it instead."
A field: nexus "Drum" green, cost 2, LV1 0 cores, symbol green, 0 cores, effect "[Unstackable, Once per turn] When a Spirit is Summoned: draw 1 card."
"""
MOVES = ['A chooses "Phoenix"', 'B chooses "Bell"', 'B chooses yes', 'A ends the step', 'B ends the step', 'A attacks with "Ryuman"', 'B attacks with "Bear"', 'B passes',
         'A passes', 'B blocks with "Bear"', 'B does not block', 'A uses "Smite" paying 1 from reserve',
         'A summons "Wolf" paying 2 from reserve, placing 1 from reserve', 'A moves 1 core from reserve to "Ryuman"',
         'B moves 1 core from "Bear" to reserve', 'A chooses "Bear"']


def test_fuzzed_scenarios_end_with_a_verdict() -> None:
    rng = random.Random(14)
    for _ in range(100):
        text = BOARD + "\n".join(rng.choice(MOVES) for _ in range(rng.randint(1, 14))) + "\n"
        try:
            r = check_text(text)
        except ScenarioError as e:
            assert e.line
            continue
        assert r.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")
        assert check_text(text).to_dict() == r.to_dict()
        assert _replay_checked(text) == _replay_checked(text)  # the invariants hold after every action


@pytest.mark.skipif(not DEV.exists(), reason="the shared dev scenarios are not on this machine")
def test_dev_scenarios_import_and_pass() -> None:
    spec = get_spec("bs-standard")
    n = 0
    for line in DEV.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("game") != "bs-standard":
            continue
        text, _skipped = spec.importer(d)
        r = check_text(text)
        assert r.expectations and all(e.ok for e in r.expectations), (d["sid"], [e for e in r.expectations if not e.ok])
        assert set(d.get("cites", [])) <= set(r.cited)
        n += 1
    assert n == 2


IMPORTED = [
    {'sid': 'v2', 'game': 'bs-standard', 'topic': 'cores-levels', 'setup': {'turn_player': 'A', 'step': 'main', 'turn_number': 6, 'players': {'A': {'life': 5, 'reserve': 1, 'trash_cores': 0, 'deck': 30, 'hand': 4, 'trash': 0, 'field': [{'name': 'Imp', 'type': 'spirit', 'color': ['purple'], 'cost': 1, 'reduction': [], 'levels': [{'lv': 1, 'cores': 1, 'bp': 1000}], 'symbols': ['purple'], 'cores': 1, 'state': 'refreshed', 'effects': ['When destroyed: draw 1 card.']}], 'hand_cards': [{'name': 'Wolf', 'type': 'spirit', 'color': ['green'], 'cost': 1, 'reduction': [], 'levels': [{'lv': 1, 'cores': 1, 'bp': 2000}], 'symbols': ['green'], 'effects': []}]}, 'B': {'life': 5, 'reserve': 3, 'trash_cores': 0, 'deck': 30, 'hand': 4, 'trash': 0, 'field': []}}}, 'actions': [{'player': 'A', 'do': 'summon', 'card': 'Wolf', 'pay': {'Imp': 1}, 'place': {'reserve': 1}}], 'expected': {'self_destroyed': ['Imp'], 'A.hand': 3, 'Imp.zone': 'trash'}, 'cites': ['5-11-1']},
    {'sid': 'v3', 'game': 'bs-standard', 'topic': 'turn-structure', 'setup': {'turn_player': 'A', 'step': 'main', 'turn_number': 6, 'players': {'A': {'life': 5, 'reserve': 3, 'trash_cores': 0, 'deck': 30, 'hand': 4, 'trash': 0, 'field': [{'name': 'Ryuman', 'type': 'spirit', 'color': ['red'], 'cost': 3, 'reduction': [], 'levels': [{'lv': 1, 'cores': 1, 'bp': 3000}], 'symbols': ['red'], 'cores': 1, 'state': 'heavy_exhausted', 'effects': []}]}, 'B': {'life': 5, 'reserve': 3, 'trash_cores': 0, 'deck': 30, 'hand': 4, 'trash': 0, 'field': []}}}, 'actions': [{'do': 'proceed_to', 'turn_player': 'A', 'step': 'second_main'}, {'do': 'proceed_to', 'turn_player': 'A', 'step': 'main'}], 'expected': {'Ryuman.state': 'exhausted', 'A.reserve': 4, 'checks': [{'after': 0, 'facts': {'Ryuman.state': 'heavy_exhausted'}}]}, 'cites': ['5-14-2', '7-8-1']},
]


@pytest.mark.parametrize("d", IMPORTED, ids=lambda d: d["sid"])
def test_importer_translates_standard_facts(d: dict) -> None:
    """Standard's own facts (heavy_exhausted, Depletion for a card below its Lv1 cost, second_main) are asserted."""
    text, skipped = get_spec("bs-standard").importer(d)
    assert skipped == 0 and "game bs-standard" in text
    r = check_text(text)
    assert r.expectations and all(e.ok for e in r.expectations), [e for e in r.expectations if not e.ok]


def test_a_trash_selection_never_invents_an_unnamed_card() -> None:
    """9-2-2, 4-4-2: a Trash selection chooses among the Trash's cards as they are; cards the scenario leaves
    unnamed are refused by name, never guessed to be (or not to be) a purple spirit card."""
    scn = ('game bs-standard\nturn 5, A, main step\nA: life 5, reserve 3, deck 20, hand 1, trash 3\n'
           'A hand: magic "Recall" purple, cost 1, effect "[Main] Select a purple spirit card from your trash and '
           'return it to your hand."\nA trash: spirit "Ghoul" purple, cost 2, LV1 1 core 2000 BP\n'
           'B: life 5, reserve 0, deck 20, hand 0\nA uses "Recall" paying 1 from reserve\nexpect "Ghoul" in hand\n')
    with pytest.raises(ScenarioError) as e:
        check_text(scn)
    assert e.value.line == 7 and "does not name 2 of them: the engine never invents a card" in e.value.message


# -- every board the engine reaches can be written out and read back (boardfx) -------------------------------


def _readable(path: Path) -> bool:
    try:
        check_parse(path.read_text(encoding="utf-8"))
    except ScenarioError:  # scenarios whose point is a refused text or a board error
        return False
    return True


@pytest.mark.parametrize("path", [p for p in SCN if _readable(p)], ids=lambda p: p.stem)
def test_round_trip_every_step(path: Path) -> None:
    """The board at every step, with what resolved effects left (continuous directives, [Once per turn] uses, Soul
    Core payments, delayed parts, "cannot be blocked by"), is written out and read back unchanged."""
    sc = check_parse(path.read_text(encoding="utf-8"))
    boards = [sc.board]
    replay(sc, on_state=lambda _line, s: boards.append(s))
    for b in boards:
        assert check_parse(dialect.write_board(b)).board == b


def test_state_json_has_every_effect_record() -> None:
    """soul_paid, delayed and blocked_by are in the JSON state (`judge check --json`)."""
    for stem, key in (("saga-soul-core-paid", "soul_paid"), ("saga-end-of-turn-later", "delayed"),
                      ("saga-block-by-during-turn", "blocked_by")):
        src = (ROOT / "tests" / "scenarios" / "bs-standard" / f"{stem}.scn").read_text(encoding="utf-8")
        sc = check_parse(src)
        boards = [sc.board]
        replay(sc, on_state=lambda _line, s, boards=boards: boards.append(s))
        assert any(serialize.state_dict(b)[key] for b in boards), (stem, key)
        json.dumps([serialize.state_dict(b) for b in boards])


def test_active_line_errors() -> None:
    base = ("game bs-standard\nturn 3, A, main step\nA: life 5, reserve 3\n"
            'A field: spirit "Wolf" green, cost 2, LV1 1 core 2000 BP, symbol green, 1 core\n')
    for line, words in (('A active: "flies", on "Wolf"\n', "Standard active directive"),
                        ('A active: "gets +1000 BP during this battle", on "Wolf"\n', "needs a battle line"),
                        ('A active: delayed, effect "[Main] Draw 1 card.", directive 1, from "Wolf"\n', "not a directive 1"),
                        ("A active: soul core paid\n", "'on'")):
        with pytest.raises(ScenarioError, match=re.escape(words)):
            check_parse(base + line)
    board = check_parse(base + 'A active: "gets +1000 BP during this turn", on "Wolf"\n').board
    assert E.bp(board, "Wolf") == 3000
