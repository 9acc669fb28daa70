"""Weiss Schwarz: the dev scenarios through the importer, rule ids, engine invariants after every step,
determinism, the card-text reader, and mutated scenarios that must end with a verdict or a clear error."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from mutation import mutate  # tests/engine is on the path (pytest's prepend import mode)

from judge_app.engine.core import UNKNOWN
from judge_app.engine.games import get_game, get_spec
from judge_app.engine.ws.cardtext import parse_ability
from judge_app.engine.ws.effects import EffectError
from judge_app.engine.ws.ruleids import CITED
from judge_app.engine.ws.state import PLAYERS, State
from judge_app.errors import ScenarioError
from judge_app.scenario import check_text
from judge_app.scenario.check import parse, replay
from judge_app.scenario.from_json import convert

ROOT = Path(__file__).resolve().parents[2]
SCN = ROOT / "tests" / "scenarios" / "ws"
GOLDEN = sorted(SCN.glob("*.scn"))
DEV = ROOT.parent / "shared" / "scenarios-dev.jsonl"
ROWS = [json.loads(x) for x in DEV.read_text(encoding="utf-8").splitlines() if x.strip()] if DEV.exists() else []
WS = [d for d in ROWS if d["game"] == "ws"]


def _doc():
    from judge_app.rules import load_library

    return load_library().document("ws")


@pytest.mark.skipif(not WS, reason="../shared/scenarios-dev.jsonl not present")
@pytest.mark.parametrize("d", WS, ids=lambda d: d["sid"])
def test_dev_scenario_imports_and_passes(d: dict) -> None:
    src = convert(d)
    r = check_text(src)
    assert r.ok, ([e for e in r.expectations if not e.ok], src)
    assert set(d["cites"]) <= set(r.cited)


def test_cited_table_exists_in_the_document_and_covers_the_source() -> None:
    doc = _doc()
    assert not [r for r in CITED if doc.get(r) is None]
    found: set[str] = set()
    for path in (ROOT / "judge_app" / "engine" / "ws").glob("*.py"):
        if path.name in ("ruleids.py", "applicability.py"):
            continue
        text = "\n".join(ln for ln in path.read_text(encoding="utf-8").splitlines() if "rules_version" not in ln)
        found |= set(re.findall(r'"(\d+(?:\.\d+)+)"', text))
    assert found <= CITED, sorted(found - CITED)
    assert get_game("ws").cited_rules() == CITED


def test_not_applicable_and_not_yet_name_real_rules() -> None:
    from judge_app.engine.ws.applicability import NOT_APPLICABLE, NOT_YET

    doc = _doc()
    assert not [r for r in (*NOT_APPLICABLE, *NOT_YET) if doc.get(r) is None]
    assert not set(NOT_APPLICABLE) & CITED, "a rule the engine cites is marked n/a"


def _known_order(state: State, p: str) -> list[str]:
    return [c for c in state.side(p).deck.cards if c is not UNKNOWN]


def _holdings(state: State, p: str) -> Counter:
    s = state.side(p)
    named = Counter(x for x in (*s.hand, *s.clock, *s.level, *s.stock, *s.waiting, *s.memory, *s.climax,
                                *s.resolution, *s.deck.cards, *s.deck.unplaced) if x is not UNKNOWN)
    named.update(o.uid for _pos, o in s.characters())
    return named


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_invariants_after_every_step(path: Path) -> None:
    """No card is created or lost; named cards stay unique; the known order of a deck is kept unless it is
    shuffled or a card text has its player put cards back in the order they choose (4.8.1: a "reorder" step on
    that line); every cited id exists and every step cites; the same scenario gives the same answer."""
    states: list[State] = []
    lines: list[int | None] = [None]
    try:
        scenario = parse(path.read_text(encoding="utf-8"))
        states.append(scenario.board)
        r = replay(scenario, on_state=lambda line, s: (states.append(s), lines.append(line)))
    except ScenarioError:
        return  # refused (card text, information not given): the golden answer holds the error
    reordered = {e.line for e in r.steps if e.kind == "reorder"}
    sizes = {p: scenario.board.side(p).count() for p in PLAYERS}
    for i, (before, after) in enumerate(zip(states, states[1:], strict=False)):
        for p in PLAYERS:
            assert after.side(p).count() == sizes[p], (path.stem, p)
            held = _holdings(after, p)
            assert all(n == 1 for n in held.values()), held
            old, new = _known_order(before, p), _known_order(after, p)
            kept = [c for c in new if c in old]
            if (not after.side(p).deck.unplaced or before.side(p).deck.unplaced) and lines[i + 1] not in reordered:
                assert kept == [c for c in old if c in kept], (path.stem, old, new)
    doc = _doc()
    assert all(doc.get(c) is not None for c in r.cited), [c for c in r.cited if doc.get(c) is None]
    assert set(r.cited) <= CITED
    assert all(s.rules for s in r.steps)
    again = check_text(path.read_text(encoding="utf-8"))
    assert [s.text for s in again.steps] == [s.text for s in r.steps] and again.state == r.state


READS = [
    "Encore [③]", "【AUTO】 Encore [Put a character from your hand into your waiting room]",
    "【Backup 2500, Level 1】 [① Put this card from your hand into your waiting room] Choose 1 of your defending "
    "characters; it gets +2500 power until end of turn.",
    "【CONT】 Assist All of your characters in front of this card get +500 power.", "Great Performance",
    '【AUTO】 Bond/"Friend" [①]', "【CONT】 All of your characters get +1000 power and +1 soul.",
    '【AUTO】 【CXCOMBO】 When this card attacks, if "Lucky" is in your climax area, this card gets +1 soul until end of turn.',
    "【AUTO】 When this card becomes reversed, draw 1 card.",
    "If this card would be put from the stage into your waiting room, put it into your memory instead.",
]
REFUSED = {
    "【AUTO】 When this card attacks, choose 1 of your opponent's characters and put it into the clock.":
        "choose 1 of your opponent's characters",
    "【ACT】 Fusion [Put \"A\" from your stage underneath this card as a marker] Search your deck.": "from your stage",
    "【AUTO】 Change [①] Put this card into your waiting room.": "Put this card into your waiting room",
    "【CONT】 Assist All of your characters get +500 power.": "All of your characters get",
    "【AUTO】 Encore [Discard two climaxes]": "Discard two climaxes",
    "【Backup 2500, Level 1】 [①] Choose 1 of your characters; it gets +3000 power until end of turn.": "Choose",
    "【AUTO】 When this card attacks, draw 1 card and shuffle your deck.": "draw 1 card and shuffle",
}


@pytest.mark.parametrize("text", READS)
def test_reader_accepts(text: str) -> None:
    assert parse_ability(text).text == text


@pytest.mark.parametrize("text", sorted(REFUSED))
def test_reader_refuses_naming_the_words(text: str) -> None:
    with pytest.raises(EffectError) as e:
        parse_ability(text)
    assert REFUSED[text].lower() in e.value.words.lower(), e.value.words


WORDS = ['A', 'B', '"Knight"', '"Squire"', '"Striker"', 'attacks', 'with', 'frontal', 'side', 'direct', 'attack',
         'passes', 'plays', 'on', 'CM', 'CL', 'BR', 'chooses', 'yes', 'no', 'pay', 'unnamed', 'reveals', 'encores',
         'declines', 'encore', 'of', 'clocks', 'proceed', 'to', 'clock', 'phase', 'main', 'end', 'expect', 'deck',
         'hand', 'stock', 'level', '0', '1', '7', '-1', ',', 'uses', 'backup', 'moves', '"X"', 'winner', 'turn']


def test_mutated_scenarios_end_with_a_verdict_or_a_clear_error() -> None:
    rng = random.Random(15)
    files = [p.read_text(encoding="utf-8") for p in GOLDEN]
    for _ in range(300):
        lines = mutate(rng, rng.choice(files).splitlines(), WORDS)
        try:
            r = check_text("\n".join(lines))
        except ScenarioError as e:
            assert e.line is not None
        else:
            assert r.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")


def test_random_turns_end_with_a_verdict() -> None:
    """Whole turns played by `proceed` from random boards: every replay ends with a verdict, cards conserved."""
    rng = random.Random(3)
    for _ in range(60):
        deck_a, deck_b = rng.randint(0, 6), rng.randint(0, 6)
        lines = ["game ws", "assume unmentioned options are declined", f"turn 3, A, {rng.choice(['stand', 'main'])} phase",
                 f"A: deck {deck_a}, hand {rng.randint(0, 9)}, clock {rng.randint(0, 6)}, waiting room {rng.randint(0, 3)}",
                 f"B: deck {deck_b}, hand 2, clock {rng.randint(0, 6)}, level {rng.randint(0, 3)}, stock 3"]
        for who, pos in (("A", "CM"), ("A", "CL"), ("B", "CM"), ("B", "CR")):
            if rng.random() < 0.7:
                lines.append(f'{who} {pos}: character "{who}{pos}" red, level 0, cost 0, '
                             f'{rng.choice([1000, 3000, 4000])} power, soul {rng.randint(0, 2)}')
        for _ in range(rng.randint(1, 3)):
            lines.append(f"proceed to {rng.choice(['A', 'B'])} {rng.choice(['clock', 'attack', 'end'])} phase")
            for pos in ("CM", "CL"):
                if rng.random() < 0.5:
                    lines.append(f'A attacks with "A{pos}", frontal attack')
        try:
            scenario = parse("\n".join(lines) + "\n")
        except ScenarioError:
            continue
        sizes = {p: scenario.board.side(p).count() for p in PLAYERS}
        seen: list[State] = []
        r = replay(scenario, on_state=lambda _l, s, seen=seen: seen.append(s))
        assert all(s.side(p).count() == sizes[p] for s in seen for p in PLAYERS), "a card was created or lost"
        assert r.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")


def test_registered_with_its_spec() -> None:
    spec = get_spec("ws")
    assert spec.document == "ws" and spec.rules_version == "2.03" and spec.importer is not None
    assert "CM" in spec.areas and "waiting_room" in spec.areas


def test_what_happens_if_page_runs_the_ws_examples(lib) -> None:
    """The "What happens if?" page lists the WS examples and runs one, with rule links into the WS document."""
    from judge_app.scenario.examples import examples
    from judge_app.web import create_app

    names = [e["name"] for e in examples() if e["game"] == "ws"]
    assert len(names) >= 4
    client = create_app({"JUDGE_LIBRARY": lib, "JUDGE_SEARCH": None, "TESTING": True}).test_client()
    assert all(f"/check?example={n}" in client.get("/check").get_data(as_text=True) for n in names)
    html = client.get("/check?example=ws-01-clock-level-up").get_data(as_text=True)
    assert 'class="headline"' in html and 'href="/ws/9.3.2"' in html and "game ws" in html


def test_convert_minimal() -> None:
    """The importer: a clock phase with no card clocked, a pass, facts as expectations, cites as `expect cited`."""
    d = {"sid": "x", "game": "ws", "setup": {"turn_player": "A", "phase": "clock", "turn_number": 3, "players": {
        "A": {"deck": 10, "hand": 2}, "B": {"deck": 10}}},
        "actions": [{"player": "A", "do": "clock", "card": None}, {"player": "A", "do": "pass"}],
        "expected": {"A.hand": 2, "winner": None, "blocked": False}, "cites": ["6.4.1.2"]}
    text, missing = get_spec("ws").importer(d)
    assert "A does not clock" in text and "expect A hand 2" in text and missing == 1  # `blocked` is not a ws fact
    r = check_text(text)
    assert r.ok and r.verdict.kind == "ongoing"


def test_ws_bench_scenarios_hold() -> None:
    """bench/bench_ws.py's scenarios run and their expectations hold (the timing targets are checked by running it)."""
    import importlib.util
    import sys

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("bench_ws", ROOT / "bench" / "bench_ws.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for src in (mod.TYPICAL, mod.EFFECTS):
        r = check_text(src)
        assert r.ok and r.expectations, [e for e in r.expectations if not e.ok]


def test_ws_procedures_stay_under_the_complexity_cap():
    """Issue 21: ws's rule procedures (abilities, timing) are exempt from C901's 15 in pyproject.toml, but never
    above 25; everything else in the package is held to 15 by `ruff check` itself."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "C901", "--config",
                        "lint.mccabe.max-complexity=25", "--config", "lint.per-file-ignores={}",
                        "judge_app/engine/ws"], cwd=root, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout


# --- readings kept between checks (dialect._Kept): a kept reading must never outlive what it was read from ---

_KEPT = """game ws
turn 3, A, climax phase
A: deck 5, stock 2, clock 1
A clock: character "Red" red, level 0, cost 0, 1000 power, soul 1
A CM: character "Hero" red, level 0, cost 0, 3000 power, soul 1
A hand: {card}
B: deck 5
A plays "Lucky"
expect "Hero" power {power}
"""


def test_an_edited_card_line_is_read_again() -> None:
    """Re-checking after a card line changed (same action and expect lines, same line numbers) binds them to the
    new card: a climax is played in the climax phase (6.6.1.2.1) and its text counts; an event is not (events are
    played in the main phase, 6.5.1.2.2); an edited text's value is the edited one."""
    climax = 'climax "Lucky" red, trigger soul, effect "【CONT】 All of your characters get +1000 power."'
    event = 'event "Lucky" red, level 0, cost 0, effect "Draw 1 card."'
    for _ in range(2):  # the second round reads every line from the kept readings
        a = check_text(_KEPT.format(card=climax, power=4000))
        assert a.ok and a.state["A"]["climax_area"] == ["Lucky"] and not a.rejected
        b = check_text(_KEPT.format(card=event, power=3000))
        assert b.ok and b.state["A"]["climax_area"] == [] and [r.rules for r in b.rejected] == [("6.5.1.2.2",)]
        c = check_text(_KEPT.format(card=climax.replace("+1000", "+2000"), power=5000))
        assert c.ok, [e for e in c.expectations if not e.ok]


def test_a_refused_line_is_refused_every_time() -> None:
    """Errors are not kept: a card text the reader refuses, and a card described twice, fail on every check."""
    bad = _KEPT.format(card='character "Odd" red, level 0, cost 0, 1000 power, soul 1, effect "【AUTO】 Fly away."',
                       power=3000)
    twice = _KEPT.format(card='character "Hero" red, level 0, cost 0, 1000 power, soul 1', power=3000)
    for _ in range(3):
        with pytest.raises(ScenarioError, match="cannot execute this card text"):
            check_text(bad)
        with pytest.raises(ScenarioError, match="described twice"):
            check_text(twice)


def test_a_trigger_icon_reminder_names_the_cards_icon() -> None:
    """A trigger icon's reminder text (2.12.3) is printed beside the icon: a card with no 'trigger' line has that icon;
    a card whose stated icons leave it out is a contradiction, refused by name."""
    text = ('game ws\nturn 6, A, main phase\nA: deck 5\nA deck: climax "Door" red, {trig}effect "( [COMEBACK] : When '
            'this card triggers, you may choose 1 character in your waiting room, and return it to your hand)"\nB: deck 5\n')
    assert parse(text.format(trig="")).board.card("Door").triggers == ("comeback",)
    with pytest.raises(ScenarioError, match=r"explains the \[COMEBACK\] trigger icon"):
        parse(text.format(trig="trigger soul, "))
    assert parse(text.format(trig="trigger soul comeback, ")).board.card("Door").triggers == ("soul", "comeback")
