""""It depends": replay a scenario once per answer to every choice it leaves open.

The plain check stops at the first decision the scenario does not make (`needs_choice`). The explorer
takes that choice, asks the game for every answer to it (`Game.explore_answers`: the listed options,
plus what a game knows the options leave out, such as the flash effects a player holds in an open
flash window), and replays the scenario once per answer, the answer written where the player would
write it. Each replay goes on to the end of the described actions or the next open choice, which is
explored the same way. Nothing here knows a game: answers are scenario lines the game writes, and
outcomes are compared on the check driver's public result (verdict, open choice, state).

Bounded and deterministic: breadth first in the order the game lists the answers, at most
`max_leaves` outcomes and `max_depth` choices on a path, every replay inside the checker's budgets
(one wall-time budget for the whole tree, the step budget per replay); what the caps cut off is
counted ("12 more branches not explored"). Outcomes with the same verdict, open choice and board
are merged, listing every path that leads there.
"""

from __future__ import annotations

import json
import re
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from judge_app.engine.core import Choice, Event, Game, Rejection, Verdict, VerdictKind
from judge_app.engine.core.budget import DEFAULT_MAX_STEPS, DEFAULT_TIME_BUDGET
from judge_app.engine.games import require_spec
from judge_app.errors import ScenarioError
from judge_app.scenario.check import Checkpoint, CheckResult, read_statements, replay, statements_of
from judge_app.scenario.collector import paused
from judge_app.scenario.model import ActionItem, ExpectItem, Scenario
from judge_app.scenario.readings import misprint_notes
from judge_app.scenario.syntax import Statement

MAX_LEAVES = 64
MAX_DEPTH = 16
# Answer lines the explorer inserts are numbered from here, so they never collide with a line of the
# user's text; every output maps them back to the line of the declaration they answer.
SYNTH = 1_000_000
_now = time.perf_counter  # the clock the time budget is checked against (a test replaces it)
_LINE_REF = re.compile(r"\bline (\d{7,})\b")


@dataclass(frozen=True, slots=True)
class Answered:
    """One choice on a path, and the answer this branch gives it."""

    player: str
    question: str
    rule: str
    answer: str  # the answer in words (an option as the engine lists it)
    lines: tuple[str, ...]  # the scenario lines that give it
    index: int  # position among the answers explored for this choice (the tree's order)
    only: bool  # the only answer the rules leave (e.g. a pass with no flash effect to use)
    line: int | None  # the scenario line of the declaration that asks

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "question": self.question, "rule": self.rule, "answer": self.answer,
                "lines": list(self.lines), "only": self.only, "line": self.line}

    def words(self) -> str:
        return "; ".join(self.lines) or f"{self.player}: {self.answer}"


Path = tuple[Answered, ...]


@dataclass(frozen=True, slots=True)
class Change:
    subject: str  # a card's name, or a path into the state ("B life")
    what: str  # "moved", "changed", "added", "removed" (a card); "gained", "lost" (an entry of a list)
    before: object
    after: object

    @property
    def text(self) -> str:
        if self.what == "moved":
            return f"{self.subject}: {self.before} → {self.after}"
        if self.what == "added":
            return f"{self.subject}: new in {self.after}"
        if self.what == "removed":
            return f"{self.subject}: no longer in {self.before}"
        if self.what == "gained":
            return f"{self.subject} + {_show(self.after)}"
        if self.what == "lost":
            return f"{self.subject} − {_show(self.before)}"
        return f"{self.subject} {_show(self.before)} → {_show(self.after)}"

    def to_dict(self) -> dict[str, Any]:
        return {"subject": self.subject, "what": self.what, "before": self.before, "after": self.after,
                "text": self.text}


@dataclass(frozen=True)
class Branch:
    """One outcome: the answers that lead to it, the verdict, what changed, and every step."""

    choices: Path
    verdict: Verdict
    steps: tuple[Event, ...]
    rejected: tuple[Rejection, ...]
    changes: tuple[Change, ...]
    state: dict[str, Any]
    final: object = field(default=None, repr=False, compare=False)  # the game's final state, for `board`
    writer: Callable[[object], str] | None = field(default=None, repr=False, compare=False)
    open: Choice | None = None  # a choice left open (not explored further: `why`)
    why: str = ""
    unexplored: int = 0  # answers to `open` not explored (cap, depth or budget)
    also: tuple[Path, ...] = ()  # other paths with the same outcome (merged)

    @property
    def board(self) -> str:
        """The final board in the scenario language (rendered on demand: most callers never need it)."""
        return self.writer(self.final) if self.writer else ""

    def to_dict(self) -> dict[str, Any]:
        return {"choices": [a.to_dict() for a in self.choices], "verdict": self.verdict.to_dict(),
                "changes": [c.to_dict() for c in self.changes], "steps": [e.to_dict() for e in self.steps],
                "rejected": [r.to_dict() for r in self.rejected],
                "needs_choice": self.open.to_dict() if self.open else None, "not_explored": self.why or None,
                "unexplored": self.unexplored, "also": [[a.to_dict() for a in p] for p in self.also]}


@dataclass(frozen=True)
class Refused:
    """An answer the explorer tried and the rules refused (e.g. a flash effect that cannot be used now)."""

    choices: Path
    answer: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"choices": [a.to_dict() for a in self.choices], "answer": self.answer, "reason": self.reason}


@dataclass(frozen=True)
class Exploration:
    game: str
    rules_version: str
    first: Choice | None  # the first open choice (None: the scenario answers every choice)
    branches: tuple[Branch, ...]
    merged: int  # paths folded into a branch with the same outcome
    truncated: int  # answers not explored because a cap or the budget was reached
    shared_steps: int  # the first N steps are the same in every branch
    refused: tuple[Refused, ...] = ()
    replays: int = 0
    elapsed_ms: float = field(default=0.0, compare=False)
    notes: tuple[str, ...] = ()  # s17 misprint: what the answer says beside its steps (Scenario.notes)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "rules_version": self.rules_version, "explore": True,
                "needs_choice": self.first.to_dict() if self.first else None,
                "branches": [b.to_dict() for b in self.branches], "merged": self.merged,
                "truncated": self.truncated, "shared_steps": self.shared_steps,
                "refused": [r.to_dict() for r in self.refused], "replays": self.replays,
                "max_leaves": MAX_LEAVES, "elapsed_ms": round(self.elapsed_ms, 2), "notes": list(self.notes)}

    def tree(self) -> dict[str, Any] | None:
        """The branches as nested choices, for display: single-answer choices fold into the answer before
        them (`then`). None when no choice is open."""
        return _tree(self.branches)


# ---------------------------------------------------------------------------------------------
# Exploring


@dataclass
class _Node:
    scenario: Scenario
    path: Path
    result: CheckResult
    shown: dict[int, int | None]  # synthetic line -> the user's line it answers
    new_lines: tuple[int, ...] = ()


def explore_text(source: str, *, max_steps: int = DEFAULT_MAX_STEPS, time_budget: float = DEFAULT_TIME_BUDGET,
                 max_leaves: int = MAX_LEAVES, max_depth: int = MAX_DEPTH, resume_replays: bool = True) -> Exploration:
    """Parse the scenario and explore every answer to the choices it leaves open (ScenarioError if it
    cannot be run). `time_budget` bounds the whole tree; `max_steps` each replay. Each branch goes on
    from where its choice was asked (`resume_replays=False` replays every branch from the start: the
    same answer, slower; the tests compare the two)."""
    t0 = time.perf_counter()
    with paused():  # no cyclic collection inside the exploration (scenario/collector.py): bounded by its budget
        statements = tuple(st for st in statements_of(source) if not (st.kind == "keyword" and st.head == "expect"))
        scenario = read_statements(statements)
        notes = misprint_notes(source)  # s17 misprint: a card text read with a misprint repaired
        if notes:
            scenario = replace(scenario, notes=notes)
        return explore(scenario, statements, max_steps=max_steps, time_budget=time_budget, max_leaves=max_leaves,
                       max_depth=max_depth, started=t0, resume_replays=resume_replays)


def explore(scenario: Scenario, statements: tuple[Statement, ...], *, max_steps: int = DEFAULT_MAX_STEPS,
            time_budget: float = DEFAULT_TIME_BUDGET, max_leaves: int = MAX_LEAVES, max_depth: int = MAX_DEPTH,
            started: float | None = None, resume_replays: bool = True) -> Exploration:
    t0 = started if started is not None else time.perf_counter()
    game = require_spec(scenario.game).engine
    deadline = t0 + time_budget
    action_lines = {it.line for it in scenario.items}
    reader = _AnswerLines(scenario.game, tuple(st for st in statements if st.line not in action_lines))
    read_lines, read_line = reader.read_lines, reader.read_line
    counter = iter(range(SYNTH, 2**62))
    replays = 0

    def run(sc: Scenario, resume: Checkpoint | None = None) -> CheckResult:
        nonlocal replays
        replays += 1
        return replay(sc, max_steps=max_steps, time_budget=time_budget, started=t0, render=False,
                      resume=resume if resume_replays else None)

    root = _Node(scenario, (), run(scenario), {})
    first = root.result.needs_choice
    leaves: list[_Node] = []
    cut: dict[int, tuple[str, int]] = {}  # id(node) -> (why not explored, answers not explored)
    refused: list[Refused] = []
    queue: deque[_Node] = deque([root])
    n_leaves = 1
    truncated = 0
    out_of_time = False
    while queue:
        node = queue.popleft()
        res = node.result
        choice = res.needs_choice if res.verdict.kind is VerdictKind.NEEDS_CHOICE else None
        if choice is None:
            leaves.append(node)
            continue
        answers = game.explore_answers(res.final_state, choice)
        out_of_time = out_of_time or (bool(answers) and _now() > deadline)
        why = _why_not(answers, out_of_time, time_budget, len(node.path) >= max_depth,
                       n_leaves - 1 + len(answers) > max_leaves, max_depth, max_leaves)
        if why:
            leaves.append(node)
            cut[id(node)] = (why, len(answers))
            truncated += len(answers) if answers else 0
            continue
        children: list[_Node] = []
        read_lines([t for _a, lines in answers for t in lines])
        for i, (answer, lines) in enumerate(answers):
            if _now() > deadline:
                out_of_time = True
                truncated += len(answers) - i
                break
            step = Answered(choice.player, choice.question, choice.rule, answer, tuple(lines), i,
                            len(answers) == 1, _users_line(node.shown, choice.line))
            try:
                new = tuple(ActionItem(next(counter), text, read_line(text)) for text in lines)
            except ScenarioError as e:
                refused.append(Refused(node.path, answer, e.message))
                continue
            where = _insert_at(node.scenario.items, res.answer_after)
            sc = replace(node.scenario, items=node.scenario.items[:where] + new + node.scenario.items[where:])
            shown = dict(node.shown)
            at = _users_line(node.shown, res.answer_after) or None
            shown.update((it.line, at) for it in new)
            # Everything before the declaration that asked is unchanged: go on from where it was asked.
            cp = res.checkpoint if res.checkpoint is not None and res.checkpoint.index <= where else None
            child = _Node(sc, node.path + (step,), run(sc, cp), shown, tuple(it.line for it in new))
            bad = [r for r in child.result.rejected if r.line in child.new_lines]
            if bad:
                refused.append(Refused(node.path, answer, bad[0].reason))
                continue
            if child.result.verdict.kind is VerdictKind.UNDETERMINED and _now() > deadline:
                out_of_time = True
                truncated += len(answers) - i
                break
            children.append(child)
        if not children:
            leaves.append(node)
            cut[id(node)] = (("the time budget ran out" if out_of_time else "the rules refuse every answer tried"),
                             0)
            continue
        n_leaves += len(children) - 1
        queue.extend(children)

    branches, merged = _branches(game, scenario, leaves, cut)
    shared = _shared(branches)
    return Exploration(scenario.game, game.rules_version, first, tuple(branches), merged, truncated, shared,
                       tuple(refused), replays, (time.perf_counter() - t0) * 1000, scenario.notes)


class _AnswerLines:
    """Answer lines read as the actions they declare, once per text."""

    def __init__(self, game: str, board_lines: tuple[Statement, ...]):
        self.game, self.board_lines = game, board_lines
        self.actions: dict[str, object] = {}  # answer line -> the action it reads as, or its error

    def read_lines(self, texts: list[str]) -> None:
        """Read the answer lines not read yet, all at once (binding a line needs the whole board); a line
        the dialect refuses keeps its error, reported with its answer."""
        actions = self.actions
        todo = list(dict.fromkeys(t for t in texts if t not in actions))
        if not todo:
            return
        try:
            extra = statements_of("\n".join(todo) + "\n", self.game)
            items = read_statements(self.board_lines + extra).items
            if len(items) != len(todo) or not all(isinstance(it, ActionItem) for it in items):
                raise ScenarioError("an answer is not one declaration per line: " + "; ".join(todo))
        except ScenarioError as e:
            if len(todo) == 1:
                actions[todo[0]] = e
            for t in todo:  # find the lines the dialect refuses; the others still count
                self.read_lines([t])
            return
        actions.update(zip(todo, (it.action for it in items if isinstance(it, ActionItem)), strict=True))

    def read_line(self, text: str) -> object:
        self.read_lines([text])
        got = self.actions[text]
        if isinstance(got, ScenarioError):
            raise got
        return got


def _why_not(answers: tuple[tuple[str, tuple[str, ...]], ...], out_of_time: bool, time_budget: float,
             too_deep: bool, too_many: bool, max_depth: int, max_leaves: int) -> str:
    """Why the answers to a choice are not explored ("" when they are)."""
    if not answers:
        return "the engine cannot write these options as answers: complete the declaration in the scenario"
    if out_of_time:
        return f"the time budget ({time_budget:g} s) ran out"
    if too_deep:
        return f"the cap of {max_depth} choices on one path was reached"
    if too_many:
        return f"the cap of {max_leaves} outcomes was reached"
    return ""


def _branches(game: Game[Any, Any], scenario: Scenario, leaves: list[_Node],
              cut: dict[int, tuple[str, int]]) -> tuple[list[Branch], int]:
    """One branch per distinct outcome, in answer order; leaves with the same outcome are merged
    into the first (-> the branches, how many leaves were merged)."""
    base = game.state_dict(scenario.board)
    leaves.sort(key=lambda n: tuple(a.index for a in n.path))
    branches: list[Branch] = []
    by_outcome: dict[str, int] = {}
    merged = 0
    for node in leaves:
        state = game.state_dict(node.result.final_state)
        key = _outcome_key(node.result, state)
        if key in by_outcome:
            i = by_outcome[key]
            branches[i] = replace(branches[i], also=branches[i].also + (node.path,))
            merged += 1
            continue
        by_outcome[key] = len(branches)
        branches.append(_branch(node, base, cut.get(id(node)), state))
    return branches, merged


def _users_line(shown: dict[int, int | None], line: int | None) -> int | None:
    """The user's line a (possibly synthetic) line stands for."""
    return shown.get(line, line) if line is not None else None


def _insert_at(items: tuple[ActionItem | ExpectItem, ...], after: int | None) -> int:
    """The answer goes right after the line the driver names (0: before the first declaration)."""
    if not after:
        return 0
    for i, it in enumerate(items):
        if it.line == after:
            return i + 1
    return len(items)


def _outcome_key(res: CheckResult, state: dict[str, Any]) -> str:
    c = res.needs_choice if res.verdict.kind is VerdictKind.NEEDS_CHOICE else None
    return json.dumps([str(res.verdict.kind), res.verdict.winner,
                       [c.player, c.question, list(c.options), c.rule] if c else None, state],
                      sort_keys=True, default=str)


def _branch(node: _Node, base: dict[str, Any], cut: tuple[str, int] | None, state: dict[str, Any]) -> Branch:
    res, shown = node.result, node.shown

    def line(n: int | None) -> int | None:
        return shown.get(n, n) if n is not None else None

    def text(s: str) -> str:
        return _LINE_REF.sub(lambda m: f"line {shown.get(int(m[1]), int(m[1]))}", s)

    steps = tuple(replace(e, line=line(e.line), text=text(e.text)) for e in res.steps)
    rejected = tuple(replace(r, line=line(r.line)) for r in res.rejected)
    verdict = replace(res.verdict, reason=text(res.verdict.reason))
    open_choice = None
    if res.verdict.kind is VerdictKind.NEEDS_CHOICE and res.needs_choice is not None:
        open_choice = replace(res.needs_choice, line=line(res.needs_choice.line))
    why, unexplored = cut or ("", 0)
    return Branch(node.path, verdict, steps, rejected, tuple(diff(base, state)), state, res.final_state, res.writer,
                  open_choice, why if open_choice else "", unexplored)


def _shared(branches: list[Branch]) -> int:
    if not branches:
        return 0
    n = min(len(b.steps) for b in branches)
    for i in range(n):
        first = branches[0].steps[i]
        if any(b.steps[i] != first for b in branches[1:]):
            return i
    return n


# ---------------------------------------------------------------------------------------------
# What changed: a compact diff of two states as plain JSON data, for any game. Pieces are the dicts
# with a "name" inside lists (a card in an area); the rest are counts and settings.


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[Change]:
    out: list[Change] = []
    pb, pa = dict(_pieces(before)), dict(_pieces(after))
    for name, (where, card) in pb.items():
        if name not in pa:
            out.append(Change(f'"{name}"', "removed", where, None))
            continue
        where2, card2 = pa[name]
        if where2 != where:
            out.append(Change(f'"{name}"', "moved", where, where2))
            continue
        for k in card:
            if k in card2 and card[k] != card2[k]:
                out.append(Change(f'"{name}" {k.replace("_", " ")}', "changed", card[k], card2[k]))
    for name, (where, _card) in pa.items():
        if name not in pb:
            out.append(Change(f'"{name}"', "added", None, where))
    out += _values(before, after, ())
    return out


def _is_pieces(v: object) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) and "name" in x for x in v)


def _where(path: tuple[str, ...]) -> str:
    return " ".join(p.removesuffix("_cards").replace("_", " ") for p in path if p != "players")


def _pieces(d: object, path: tuple[str, ...] = ()) -> Iterator[tuple[str, tuple[str, dict[str, Any]]]]:
    if isinstance(d, dict):
        for k, v in d.items():
            if _is_pieces(v):
                for card in v:
                    yield str(card["name"]), (_where(path + (k,)), card)
            else:
                yield from _pieces(v, path + (k,))


def _values(a: object, b: object, path: tuple[str, ...]) -> list[Change]:
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[Change] = []
        for k in list(a) + [k for k in b if k not in a]:
            va, vb = a.get(k), b.get(k)
            if _is_pieces(va) or _is_pieces(vb) or (va == [] and vb == []):
                continue
            out += _values(va, vb, path + (k,))
        return out
    if a == b:
        return []
    if isinstance(a, list) and isinstance(b, list):  # e.g. the effects active: what began, what ended
        return ([Change(_where(path), "lost", x, None) for x in a if x not in b]
                + [Change(_where(path), "gained", None, x) for x in b if x not in a])
    return [Change(_where(path), "changed", a, b)]


def _show(v: object) -> str:
    if v is None:
        return "none"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_show(x)}" for k, x in v.items() if x not in (None, [], {})) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return str(v)


# ---------------------------------------------------------------------------------------------
# The tree for display


def _tree(branches: tuple[Branch, ...]) -> dict[str, Any] | None:
    paths = sorted(((p, i, p is b.choices) for i, b in enumerate(branches) for p in (b.choices,) + b.also),
                   key=lambda t: tuple(a.index for a in t[0]))
    if not paths or not paths[0][0]:
        return None
    root: dict[str, Any] = {}
    for path, i, primary in paths:
        node = root
        for k, a in enumerate(path):
            node.setdefault("choice", {"player": a.player, "question": a.question, "rule": a.rule, "line": a.line})
            opts = node.setdefault("options", {})
            opt = opts.setdefault(a.index, {"answer": a.answer, "lines": list(a.lines), "then": [], "node": {}})
            if k == len(path) - 1:
                opt["leaf"], opt["primary"] = i, primary
            node = opt["node"]
    return _fold(root)


def _fold(node: dict[str, Any]) -> dict[str, Any]:
    """Single-answer choices become `then` lines of the answer before them."""
    out = {"choice": node["choice"], "options": []}
    for _i, opt in sorted(node["options"].items()):
        o = {"answer": opt["answer"], "lines": opt["lines"], "then": [], "leaf": opt.get("leaf"),
             "primary": opt.get("primary", True), "node": None}
        sub = opt["node"]
        while sub and len(sub["options"]) == 1:
            (only,) = sub["options"].values()
            o["then"].append({"player": sub["choice"]["player"], "answer": only["answer"], "lines": only["lines"]})
            if "leaf" in only:
                o["leaf"], o["primary"] = only["leaf"], only.get("primary", True)
            sub = only["node"]
        if sub:
            o["node"] = _fold(sub)
        out["options"].append(o)
    return out


# ---------------------------------------------------------------------------------------------
# Text output (`judge check FILE --explore`)


def format_human(ex: Exploration) -> str:
    out = [f"{ex.game} rules {ex.rules_version}: every answer to the open choices explored", ""]
    if ex.first is None:
        out.append("The scenario answers every choice: one outcome, the plain answer.")
    else:
        c = ex.first
        out.append(f"It depends on {c.player} ({c.rule}): {c.question}")
    n = len(ex.branches)
    summary = f"{n} outcome{'s' * (n != 1)}"
    if ex.merged:
        summary += f" ({ex.merged} more path{'s' * (ex.merged != 1)} merged into the same outcome)"
    if ex.truncated:
        summary += f"; {ex.truncated} more branch{'es' * (ex.truncated != 1)} not explored"
    out += [summary, ""]
    out += [f"note: {n}" for n in ex.notes] + ([""] if ex.notes else [])  # s17 misprint
    if ex.shared_steps:
        out.append("Steps in every outcome:")
        out += [_step(e) for e in ex.branches[0].steps[:ex.shared_steps]]
        out.append("")
    for k, b in enumerate(ex.branches, 1):
        path = "; ".join(a.words() for a in b.choices) or "(no choice)"
        out.append(f"Outcome {k}: {path}")
        for p in b.also:
            out.append(f"  same outcome: {'; '.join(a.words() for a in p)}")
        v = b.verdict
        out.append(f"  verdict: {v.kind}" + (f" {v.winner}" if v.winner else "") + f" - {v.reason}")
        if b.open is not None:
            out.append(f"  not explored further ({b.why}); options: {', '.join(b.open.options)}")
        out.append("  changes: " + ("; ".join(c.text for c in b.changes) or "none"))
        for r in b.rejected:
            out.append(f"  rejected, line {r.line}: {r.reason} ({', '.join(r.rules)})")
        new = b.steps[ex.shared_steps:]
        if new:
            out.append("  steps:")
            out += ["  " + _step(e) for e in new]
        out.append("")
    for ref in ex.refused:
        where = "; ".join(a.words() for a in ref.choices)
        out.append(f"refused answer{' after ' + where if where else ''}: {ref.answer} - {ref.reason}")
    return "\n".join(out).rstrip() + "\n"


def _step(e: Event) -> str:
    where = f" [line {e.line}]" if e.line else ""
    return f"{e.n:3}. {e.text}  ({', '.join(e.rules)}){where}"
