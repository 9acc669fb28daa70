"""Replay a scenario through its game's rules: the `check_text` API behind `judge check` and /api/check."""

from __future__ import annotations

import difflib
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from judge_app.engine.core import (
    Answer,
    Answers,
    Budget,
    Choice,
    Event,
    EventLog,
    GameOver,
    NeedsChoice,
    Rejected,
    Rejection,
    Undetermined,
    Unsupported,
    Verdict,
    VerdictKind,
)
from judge_app.engine.core.budget import DEFAULT_MAX_STEPS, DEFAULT_MAX_WORK, DEFAULT_TIME_BUDGET
from judge_app.engine.core.evolve import maker
from judge_app.engine.games import get_spec, keys, require_spec
from judge_app.errors import ScenarioError
from judge_app.scenario.collector import paused
from judge_app.scenario.model import ActionItem, Context, ExpectItem, ExpectResult, Scenario
from judge_app.scenario.readings import misprint_notes
from judge_app.scenario.syntax import Statement, game_word, parse_statements


@dataclass(frozen=True)
class Checkpoint:
    """The replay's position before item `index`: `replay(..., resume=cp)` of a scenario whose items up to
    `index` are the same goes on from here and answers exactly as a replay from the start would. The
    explorer resumes here after writing an answer to the open choice (items are only added after it)."""

    index: int
    state: Hashable
    events: tuple[Event, ...]
    rejected: tuple[Rejection, ...]
    results: tuple[ExpectResult, ...]
    deferred: tuple[ExpectItem, ...]
    consumed: tuple[tuple[int, bool], ...]
    snapshots: tuple[tuple[int, int, Hashable], ...]
    last_rejected: bool | None


@dataclass(frozen=True)
class CheckResult:
    game: str
    rules_version: str
    verdict: Verdict
    steps: tuple[Event, ...]
    rejected: tuple[Rejection, ...]
    needs_choice: Choice | None
    state: dict[str, Any]
    cited: tuple[str, ...]
    board: str = ""  # the final board, in the scenario language
    expectations: tuple[ExpectResult, ...] = ()
    # The state after each replayed action: (line, steps so far, state); see `boards()`.
    snapshots: tuple[tuple[int, int, Hashable], ...] = field(default=(), repr=False)
    writer: Callable[[Hashable], str] | None = field(default=None, compare=False, repr=False)
    elapsed_ms: float = field(default=0.0, compare=False)
    # For the explorer (scenario/explore.py): the final state as the game holds it, and where an answer
    # to the open choice goes: after this scenario line (0: before the first action; None: no choice).
    final_state: Hashable = field(default=None, compare=False, repr=False)
    answer_after: int | None = field(default=None, compare=False, repr=False)
    checkpoint: Checkpoint | None = field(default=None, compare=False, repr=False)  # where the choice was asked
    notes: tuple[str, ...] = ()  # s17 misprint: what the answer says beside its steps (Scenario.notes)

    def boards(self) -> list[tuple[int, int, str]]:
        """The board after each replayed action, in the scenario language: (line, steps so far, text).

        "The board after step N" is the entry with the largest steps-so-far <= N. Line 0 is the
        board as written. Rendered on demand (the replay itself does not pay for it).
        """
        return [(line, n, self.writer(s)) for line, n, s in self.snapshots] if self.writer else []

    @property
    def ok(self) -> bool:
        """Every `expect` line holds."""
        return all(e.ok for e in self.expectations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "verdict": self.verdict.to_dict(),
            "steps": [e.to_dict() for e in self.steps],
            "rejected": [r.to_dict() for r in self.rejected],
            "needs_choice": self.needs_choice.to_dict() if self.needs_choice else None,
            "state": self.state,
            "cited": list(self.cited),
            "expectations": [e.to_dict() for e in self.expectations],
            "notes": list(self.notes),
        }


def _header(statements: tuple[Statement, ...]) -> tuple[str, str | None, Statement]:
    games = [s for s in statements if s.kind == "keyword" and s.head == "game"]
    if not games:
        at = statements[0] if statements else None
        raise ScenarioError("the scenario must say which game it is", line=at.line if at else 1, column=1,
                            text=at.source if at else "", hint="start with `game bss`")
    g = games[0]
    if len(games) > 1:
        raise ScenarioError("the game is given twice", line=games[1].line, column=1, text=games[1].source)
    if len(g.phrases) != 1 or len(g.phrases[0].toks) != 1:
        raise ScenarioError("write the game as `game bss`", line=g.line, column=g.column, text=g.source)
    key = g.phrases[0].toks[0].value
    spec = get_spec(key)
    if spec is None:
        near = difflib.get_close_matches(key, keys(), n=1)
        raise ScenarioError(f"unknown or unsupported game {key!r}", line=g.line, column=g.phrases[0].column,
                            text=key, hint=("did you mean " + repr(near[0]) + "? " if near else "")
                            + "supported: " + ", ".join(keys()))
    version = None
    for s in statements:
        if s.kind == "keyword" and s.head == "rules":
            toks = [t for ph in s.phrases for t in ph.toks]
            if toks and toks[0].word == "version":
                toks = toks[1:]
            if len(toks) != 1:
                raise ScenarioError("write the rules version as `rules 1.7.0`", line=s.line, column=s.column,
                                    text=s.source)
            version = toks[0].value
            want = spec.rules_version
            if version.lstrip("v") != want:
                raise ScenarioError(f"rules version {version!r} is not available for {key}", line=s.line,
                                    column=s.column, text=s.source, hint=f"available: {want}")
    return key, version, g


def parse(source: str) -> Scenario:
    """Parse and bind a scenario (raises ScenarioError); no replay."""
    scenario = read_statements(statements_of(source))
    # s17 misprint: a card text read with a misprint repaired: the answer says which (each text's reading is cached;
    # a game may read its cards' texts only when they act, so they are read here)
    notes = misprint_notes(source)
    return replace(scenario, notes=notes) if notes else scenario


def statements_of(source: str, game: str | None = None) -> tuple[Statement, ...]:
    """The lines of a scenario, read with the words of its game (`game`, else its `game` line)."""
    word = game or game_word(source)
    spec = get_spec(word) if word else None
    try:
        return parse_statements(source, spec.players, spec.areas, getattr(spec.dialect, "PLAIN_CARD_LINES", False)) \
            if spec else parse_statements(source)
    except ScenarioError:
        if word and spec is None:  # say first that the game is unknown: its words are what failed
            _header(parse_statements(f"game {word}\n"))
        raise


def read_statements(statements: tuple[Statement, ...]) -> Scenario:
    """Bind parsed lines to their game's dialect (raises ScenarioError)."""
    key, _, _ = _header(statements)
    spec = require_spec(key)
    scenario: Scenario = spec.dialect.read(statements, spec.rules_version)
    return scenario


def check_text(source: str, *, max_steps: int = DEFAULT_MAX_STEPS, time_budget: float = DEFAULT_TIME_BUDGET,
               max_work: int = DEFAULT_MAX_WORK) -> CheckResult:
    """Parse the scenario, replay it, and answer; ScenarioError for a scenario that cannot be run."""
    word = game_word(source)
    if word:
        get_spec(word)  # a game's first use imports its package: not part of this scenario's time budget
    t0 = time.perf_counter()
    with paused():  # no cyclic collection inside a check (scenario/collector.py)
        scenario = parse(source)
        return replay(scenario, max_steps=max_steps, time_budget=time_budget, started=t0, max_work=max_work)


def replay(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS,
           time_budget: float = DEFAULT_TIME_BUDGET, started: float | None = None,
           on_state: Callable[[int, Hashable], None] | None = None, render: bool = True,
           resume: Checkpoint | None = None, max_work: int = DEFAULT_MAX_WORK) -> CheckResult:
    """Replay under a deterministic work budget (see engine/core/budget.py); the wall clock only
    ever raises Busy, never changes the answer."""
    t0 = started if started is not None else time.perf_counter()
    with Budget(max_steps=max_steps, time_budget=time_budget, started=t0, max_work=max_work) as budget:
        budget.charge(len(scenario.card_lines))  # reading the cards
        run = _Replay(scenario, budget, on_state)
        try:
            run.start(resume)
            for idx in range(resume.index if resume is not None else 0, len(scenario.items)):
                run.item(idx)
            run.finish()
        finally:  # the log and its hook hold each other: parted, the log and its events are freed with the result
            run.log.on_append = None
        if budget.exhausted and (run.verdict is None or run.verdict.kind is not VerdictKind.UNDETERMINED):
            # the budget ran out inside a sandbox that treats it as inconclusive: still undetermined
            run.choice, run.verdict = None, Verdict(VerdictKind.UNDETERMINED, None, budget.exhausted)
        return run.result(render, t0)


_expect_result = maker(ExpectResult)  # ExpectResult(line, text, ok, actual) without four object.__setattr__ calls
_check_result = maker(CheckResult)  # every field positional, without 16 object.__setattr__ calls
_checkpoint = maker(Checkpoint)  # the same for the checkpoint made before every replay's final steps


class _Replay:
    """One replay of a scenario: the state, the log and what has been judged so far, item by item."""

    def __init__(self, scenario: Scenario, budget: Budget, on_state: Callable[[int, Hashable], None] | None):
        spec = require_spec(scenario.game)
        self.scenario, self.game, self.dialect, self.on_state = scenario, spec.engine, spec.dialect, on_state
        self.log = log = EventLog()
        log.on_append = partial(budget.tick, log)  # no Python frame between the log and the budget
        self.card_lines = {u: (ln, col) for u, ln, col in scenario.card_lines}
        self.state: Hashable = scenario.board
        self.verdict: Verdict | None = None
        self.choice: Choice | None = None
        self.stopped = False  # needs_choice or undetermined: later actions are not replayed
        self.answer_after: int | None = None
        self.checkpoint: Checkpoint | None = None
        self.before: Checkpoint | None = None  # the position before the game's final steps
        self.rejected: list[Rejection] = []
        self.results: list[ExpectResult] = []
        self.deferred: list[ExpectItem] = []
        self.last_rejected: bool | None = None
        self.snapshots: list[tuple[int, int, Hashable]] = [(0, 0, self.state)]
        self.decline = "declined" in scenario.assumptions
        log.answers = Answers(decline_optional=self.decline)
        self.consumed: dict[int, bool] = {}  # item index -> rejected (answer lines used by an earlier action)
        # Answer lines (bss: `A chooses …`) answer the choices of the action written before them: per action, the
        # answer lines that follow it (up to the next action that is not one), found in one pass from the end.
        self.last_action = -1
        self.after: dict[int, tuple[tuple[int, ...], tuple[Answer, ...]]] = {}
        run: tuple[tuple[int, ...], tuple[Answer, ...]] = ((), ())
        answer_of = self.game.answer_of
        items = scenario.items
        for i in range(len(items) - 1, -1, -1):
            it = items[i]
            if isinstance(it, ActionItem):
                if self.last_action < 0:
                    self.last_action = i
                self.after[i] = run
                answer = answer_of(it.action, it.line)
                run = ((i, *run[0]), (answer, *run[1])) if answer is not None else ((), ())

    def unsupported(self, e: Unsupported, line: int | None) -> ScenarioError:
        at, col = self.card_lines.get(e.subject, (line, 1)) if e.subject else (line, 1)
        return ScenarioError(e.message, line=at, column=col, text=e.subject, hint=e.hint)

    def start(self, resume: Checkpoint | None) -> None:
        try:
            if resume is not None:  # everything before resume.index is as it was then
                self.state, self.last_rejected = resume.state, resume.last_rejected
                self.log.events, self.rejected, self.results = (list(resume.events), list(resume.rejected),
                                                                list(resume.results))
                self.deferred, self.consumed, self.snapshots = (list(resume.deferred), dict(resume.consumed),
                                                                list(resume.snapshots))
            else:
                self.state = self.game.start(self.state, self.log)
        except GameOver as e:
            self.state, self.verdict = e.state, e.verdict
        except NeedsChoice as e:
            self.choice, self.stopped, self.answer_after = e.choice, True, 0
            self.verdict = Verdict(VerdictKind.NEEDS_CHOICE, None, f"{e.choice.player} must decide: {e.choice.question}")
        except Undetermined as e:
            self.state, self.stopped = e.state or self.state, True
            self.verdict = Verdict(VerdictKind.UNDETERMINED, None, e.reason)
        except Unsupported as e:
            raise self.unsupported(e, None) from None

    def _seen(self, line: int) -> None:
        self.snapshots.append((line, len(self.log.events), self.state))
        if self.on_state is not None:
            self.on_state(line, self.state)

    def item(self, idx: int) -> None:
        item = self.scenario.items[idx]
        if isinstance(item, ExpectItem):
            # Expectations after the last action are judged on the final answer (after the steps
            # that run by themselves); the others see the state at their place in the file.
            if idx > self.last_action:
                self.deferred.append(item)
                return
            try:
                ok, actual = item.check(Context(self.state, self.log.events, self.rejected, self.last_rejected,
                                                self.verdict, self.choice))
            except Unsupported as e:  # s13: as an expectation on the final board's (`result`): an error at its line
                raise self.unsupported(e, item.line) from None
            self.results.append(_expect_result(item.line, item.text, ok, actual))
            return
        if idx in self.consumed:  # an answer taken by the action before it
            self.last_rejected = self.consumed[idx]
            self._seen(item.line)
            return
        if self.stopped:
            return
        if self.verdict is not None:  # the game is over
            self.rejected.append(Rejection(item.line, "the game is already over", (self.game.game_over_rule,)))
            self.last_rejected = True
            return
        self._apply(idx, item)
        self._seen(item.line)

    def _following(self, idx: int) -> tuple[list[int], list[Answer]]:
        """The answer lines written after an action answer its choices. An answer line replayed as an action
        (ws: it answers the phase that has just begun) sees the answer lines after it too; a game that
        rejects it leaves them to be replayed on their own, as before."""
        following, given = self.after[idx]
        return list(following), list(given)

    def _apply(self, idx: int, item: ActionItem) -> None:
        following, given = self._following(idx)
        answers = Answers(given, decline_optional=self.decline)
        log = self.log
        log.answers = answers
        log.line = item.line
        mark, n_rejected, was_rejected = len(log.events), len(self.rejected), self.last_rejected
        try:
            self.state = self.game.apply(self.state, item.action, log)
            self.last_rejected = False
            _take_answers(answers, following, self.consumed, self.rejected, self.scenario)
        except Rejected as r:
            log.truncate(mark)
            self.rejected.append(Rejection(item.line, r.reason, r.rules))
            self.last_rejected = True
        except GameOver as e:
            self.state, self.verdict, self.last_rejected = e.state, e.verdict, False
            _take_answers(answers, following, self.consumed, self.rejected, self.scenario)
        except NeedsChoice as e:
            log.truncate(mark)
            self.choice, self.stopped, self.last_rejected = e.choice, True, False
            _take_answers(answers, following, self.consumed, self.rejected, self.scenario)
            self.answer_after = (self.scenario.items[following[answers.consumed - 1]].line if answers.consumed
                                 else item.line)
            self.checkpoint = _checkpoint(idx, self.state, tuple(log.events), tuple(self.rejected[:n_rejected]),
                                          tuple(self.results), tuple(self.deferred),
                                          tuple((k, v) for k, v in self.consumed.items() if k < idx),
                                          tuple(self.snapshots), was_rejected)
            self._wrong_player(answers, e.choice)
            self.verdict = Verdict(VerdictKind.NEEDS_CHOICE, None,
                                   f"{e.choice.player} must decide (line {item.line}): {e.choice.question}")
        except Undetermined as e:
            self.state, self.stopped = e.state or self.state, True
            self.verdict = Verdict(VerdictKind.UNDETERMINED, None, f"{e.reason} (line {item.line})")
        except Unsupported as e:
            raise self.unsupported(e, item.line) from None

    def _wrong_player(self, answers: Answers, choice: Choice) -> None:
        wrong = answers.peek()
        if wrong is not None and wrong.player != choice.player:
            # The next answer line is another player's: it answers nothing, and it is said so.
            self.rejected.append(Rejection(wrong.line, f"{wrong.player} answers, but the decision is "
                                           f"{choice.player}'s: {choice.question}", (choice.rule,)))

    def finish(self) -> None:
        """The steps that run by themselves after the last action, then where a choice left open belongs."""
        if self.verdict is None:
            self._final_steps()
        items, last_action = self.scenario.items, self.last_action
        if self.choice is not None and self.answer_after is None:  # asked after the last action
            self.answer_after = items[last_action].line if last_action >= 0 else 0
            self.checkpoint = self.before
        if self.choice is not None and self.choice.line is None and last_action >= 0:
            # A choice left open at the end belongs to the last declared action.
            self.choice = replace(self.choice, line=items[last_action].line)

    def _final_steps(self) -> None:
        log = self.log
        log.line = None
        log.answers = Answers(decline_optional=self.decline)
        self.before = _checkpoint(len(self.scenario.items), self.state, tuple(log.events), tuple(self.rejected),
                                  tuple(self.results), tuple(self.deferred), tuple(self.consumed.items()),
                                  tuple(self.snapshots), self.last_rejected)
        try:
            self.state, self.verdict, self.choice = self.game.finish(self.state, log)
        except GameOver as e:
            self.state, self.verdict = e.state, e.verdict
        except NeedsChoice as e:
            self.choice = e.choice
            self.verdict = Verdict(VerdictKind.NEEDS_CHOICE, None, f"{e.choice.player} must decide: {e.choice.question}")
        except Undetermined as e:
            self.verdict = Verdict(VerdictKind.UNDETERMINED, None, e.reason)
        except Unsupported as e:
            raise self.unsupported(e, None) from None

    def result(self, render: bool, t0: float) -> CheckResult:
        state, log, game, dialect = self.state, self.log, self.game, self.dialect
        final = Context(state, log.events, self.rejected, self.last_rejected, self.verdict, self.choice, final=True,
                        notes=self.scenario.notes)
        for item in self.deferred:
            try:
                ok, actual = item.check(final)
            except Unsupported as e:  # the final board lacks what the expectation needs: an error at its line
                raise self.unsupported(e, item.line) from None
            self.results.append(_expect_result(item.line, item.text, ok, actual))
        self.results.sort(key=lambda r: r.line)
        cited: dict[str, None] = dict.fromkeys(log.cited())
        for rej in self.rejected:
            cited.update(dict.fromkeys(rej.rules))
        assert self.verdict is not None  # finish() always ends with a verdict
        return _check_result(  # CheckResult's fields in order: game, rules_version, verdict, steps, rejected,
            # needs_choice, state, cited, board, expectations, snapshots, writer, elapsed_ms, final_state,
            # answer_after, checkpoint, notes
            self.scenario.game, game.rules_version, self.verdict, tuple(log.events), tuple(self.rejected),
            self.choice, game.state_dict(state) if render else {}, tuple(cited),
            dialect.write_board(state) if render else "",  # render=False: the explorer renders only what it shows
            tuple(self.results), tuple(self.snapshots), dialect.write_board, (time.perf_counter() - t0) * 1000,
            state, self.answer_after, self.checkpoint, self.scenario.notes)


def _take_answers(answers: Answers, following: list[int], consumed: dict[int, bool], rejected: list[Rejection],
                  scenario: Scenario) -> None:
    """The answer lines an action used: they are not replayed again; the invalid ones are rejections."""
    bad = {r.line for r in answers.rejected}
    for j in following[:answers.consumed]:
        consumed[j] = scenario.items[j].line in bad
    rejected.extend(answers.rejected)


def format_human(result: CheckResult) -> str:
    """Numbered steps with rule ids, rejections, the verdict, expectations, and the final board."""
    out = [f"{result.game} rules {result.rules_version}", ""]
    for ev in result.steps:
        where = f" [line {ev.line}]" if ev.line else ""
        out.append(f"{ev.n:3}. {ev.text}  ({', '.join(ev.rules)}){where}")
    for r in result.rejected:
        out.append(f"  rejected, line {r.line}: {r.reason} ({', '.join(r.rules)})")
    v = result.verdict
    out += [f"  note: {n}" for n in result.notes]  # s17 misprint
    out += ["", f"verdict: {v.kind}" + (f" {v.winner}" if v.winner else "") + f" - {v.reason}"]
    if result.needs_choice:
        c = result.needs_choice
        out.append(f"choice for {c.player} ({c.rule}): {c.question}")
        out += [f"  - {o}" for o in c.options]
    if result.expectations:
        out.append("")
        for e in result.expectations:
            out.append(f"{'ok  ' if e.ok else 'FAIL'} line {e.line}: {e.text}" + ("" if e.ok else f" (actual: {e.actual})"))
    out += ["", "final board:", result.board.rstrip()]
    return "\n".join(out) + "\n"
