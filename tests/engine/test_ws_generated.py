"""ws engine invariants beyond the goldens: every scenario of the card-text corpus (tests/cardtext/ws.jsonl), and
boards generated from the corpus's character texts (bounded, seeded) whose open choices are answered with a listed
option the way the explorer writes it. After every step: no card created or lost, named cards unique, the known
order of a deck kept unless the step shuffled or reordered it; every cited id exists in the document and in the
engine's table; every step cites; the same scenario gives the same answer; each replay ends with a verdict or a
clear error at a line (never a traceback)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from test_ws import _holdings, _known_order  # tests/engine is on the path (pytest's prepend import mode)

from judge_app.engine.ws.answers import explore_answers
from judge_app.engine.ws.cardtext import parse_ability
from judge_app.engine.ws.effects import EffectError
from judge_app.engine.ws.ruleids import CITED
from judge_app.engine.ws.state import PLAYERS, State
from judge_app.errors import ScenarioError
from judge_app.rules import load_library
from judge_app.scenario import check_text
from judge_app.scenario.check import parse, replay

CORPUS = Path(__file__).resolve().parents[1] / "cardtext" / "ws.jsonl"
ROWS = [json.loads(x) for x in CORPUS.read_text(encoding="utf-8").splitlines() if x.strip()]
_MOVED = frozenset(("reorder", "shuffle", "reshuffle"))


def _problems(src: str) -> list[str] | None:
    """What breaks an invariant in this scenario's replay; None when the scenario is refused with a clear error."""
    states: list[State] = []
    lines: list[int | None] = [None]
    try:
        scenario = parse(src)
        states.append(scenario.board)
        r = replay(scenario, on_state=lambda line, s: (states.append(s), lines.append(line)))
    except ScenarioError as e:
        assert e.line is not None, str(e)
        return None
    out: list[str] = []
    moved = {e.line for e in r.steps if e.kind in _MOVED}
    sizes = {p: scenario.board.side(p).count() for p in PLAYERS}
    for i, (before, after) in enumerate(zip(states, states[1:], strict=False)):
        for p in PLAYERS:
            if after.side(p).count() != sizes[p]:
                out.append(f"line {lines[i + 1]}: {p} has {after.side(p).count()} cards, not {sizes[p]}")
            out += [f"line {lines[i + 1]}: {c!r} twice" for c, n in _holdings(after, p).items() if n > 1]
            old, new = _known_order(before, p), _known_order(after, p)
            kept = [c for c in new if c in old]
            unplaced = after.side(p).deck.unplaced and not before.side(p).deck.unplaced
            if not unplaced and lines[i + 1] not in moved and kept != [c for c in old if c in kept]:
                out.append(f"line {lines[i + 1]}: {p}'s deck order {old} -> {new}")
    doc = load_library().document("ws")
    out += [f"cites {c}, not in the document or the table" for c in r.cited if doc.get(c) is None or c not in CITED]
    out += [f"step without a rule: {s.text}" for s in r.steps if not s.rules]
    assert r.verdict.kind in ("win", "draw", "ongoing", "needs_choice", "undetermined")
    again = check_text(src)
    if [s.text for s in again.steps] != [s.text for s in r.steps] or again.state != r.state:
        out.append("a second replay gives another answer")
    return out


def test_every_corpus_scenario_keeps_the_invariants_after_every_step() -> None:
    bad = {}
    for n, row in enumerate(ROWS, 1):
        if row.get("scenario"):
            got = _problems(row["scenario"])
            if got:
                bad[n] = got[:3]
    assert not bad, bad


# --- generated boards ---------------------------------------------------------------------------------------------

def _character_texts() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"act": [], "auto": [], "any": []}
    for row in ROWS:
        try:
            a = parse_ability(row["text"])
        except EffectError:
            continue
        if a.category in ("auto", "cont", "act", "replace"):
            out["any"].append(row["text"])
            if a.category in out:
                out[a.category].append(row["text"])
    return out


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


_POS = ("CL", "CM", "CR", "BL", "BR")


def _card(rng: random.Random, texts: dict[str, list[str]], name: str, color: str, text: bool = True) -> str:
    effects = "".join(f", effect {_q(rng.choice(texts[rng.choice(('any', 'act', 'auto'))]))}"
                      for _ in range(rng.choice((0, 1, 1, 2)) if text else 0))
    trait = f", trait {rng.choice(('hololive', 'Music', 'Magic'))}" if rng.random() < 0.5 else ""
    return (f"character {_q(name)} {color}, level {rng.choice((0, 0, 1))}, cost {rng.choice((0, 0, 1))}, "
            f"{rng.choice((1000, 2000, 3000, 5000))} power, soul {rng.choice((1, 1, 2))}{trait}{effects}")


def _board(rng: random.Random, texts: dict[str, list[str]]) -> str:
    nd, nh, bd = rng.randint(0, 3), rng.randint(0, 2), rng.randint(0, 3)
    lines = ["game ws", *(["assume unmentioned options are declined"] if rng.random() < 0.7 else []),
             f"turn {rng.randint(2, 6)}, A, main phase",
             f"A: deck {nd + rng.randint(0, 9)}, hand {nh + rng.randint(0, 2)}, clock {rng.randint(0, 6)}, "
             f"level {rng.randint(0, 2)}, stock {rng.randint(0, 5)}, waiting room {rng.randint(0, 3)}"]
    names = [f"A{pos}" for pos in rng.sample(_POS, rng.randint(1, 4))]
    lines += [f"A {n[1:]}: {_card(rng, texts, n, 'red')}" for n in names]
    lines += [f"A deck: {_card(rng, texts, f'Ad{i}', 'red', False)}" for i in range(nd)]
    lines += [f"A hand: {_card(rng, texts, f'Ah{i}', 'red')}" for i in range(nh)]
    lines.append(f"B: deck {bd + rng.randint(0, 8)}, hand {rng.randint(0, 3)}, clock {rng.randint(0, 6)}, "
                 f"level {rng.randint(0, 2)}, stock {rng.randint(0, 3)}")
    lines += [f"B {pos}: {_card(rng, texts, f'B{pos}', 'blue')}" for pos in rng.sample(_POS, rng.randint(0, 3))]
    lines += [f"B deck: {_card(rng, texts, f'Bd{i}', 'blue', False)}" for i in range(bd)]
    for _ in range(rng.randint(0, 3)):
        lines.append(rng.choice([f"A uses {_q(n)}" + (f", ability {rng.randint(1, 2)}" if rng.random() < 0.3 else "")
                                 for n in names] + ([f'A plays "Ah0" on {rng.choice(_POS)}'] if nh else [])))
    lines += ["A passes", "A passes"]
    for pos in ("CL", "CM", "CR"):
        if f"A{pos}" in names and rng.random() < 0.7:
            lines.append(f'A attacks with "A{pos}"' + rng.choice(("", ", frontal attack", ", side attack",
                                                                   ", direct attack")))
    if rng.random() < 0.5:
        lines.append(f"proceed to B {rng.choice(('clock', 'main', 'attack'))} phase")
    return "\n".join(lines) + "\n"


def _answered(rng: random.Random, src: str, rounds: int = 8) -> str:
    """Each open choice answered with one of its listed options, written where the engine asked."""
    for _ in range(rounds):
        try:
            r = check_text(src)
        except ScenarioError:
            return src
        options = explore_answers(r.final_state, r.needs_choice) if r.needs_choice is not None else ()
        if not options or r.answer_after is None:
            return src
        lines = src.splitlines()
        lines[r.answer_after:r.answer_after] = list(rng.choice(options)[1])
        src = "\n".join(lines) + "\n"
    return src


def test_generated_boards_with_card_texts_keep_the_invariants() -> None:
    texts = _character_texts()
    rng = random.Random(9)
    bad = {}
    for i in range(60):
        src = _answered(rng, _board(rng, texts))
        got = _problems(src)
        if got:
            bad[i] = (got[:3], src)
    assert not bad, bad
