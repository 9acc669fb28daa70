"""Replay a scenario through its game's rules: the `check_text` API behind `judge check` and /api/check."""

from __future__ import annotations

import difflib
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
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
from judge_app.engine.core.loop import DEFAULT_MAX_STEPS, DEFAULT_TIME_BUDGET
from judge_app.engine.games import get_spec, keys, require_spec
from judge_app.errors import ScenarioError
from judge_app.scenario.model import ActionItem, Context, ExpectItem, ExpectResult, Scenario
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
    return read_statements(statements_of(source))


def statements_of(source: str, game: str | None = None) -> tuple[Statement, ...]:
    """The lines of a scenario, read with the words of its game (`game`, else its `game` line)."""
    word = game or game_word(source)
    spec = get_spec(word) if word else None
    try:
        return parse_statements(source, spec.players, spec.areas) if spec else parse_statements(source)
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


def check_text(source: str, *, max_steps: int = DEFAULT_MAX_STEPS,
               time_budget: float = DEFAULT_TIME_BUDGET) -> CheckResult:
    """Parse the scenario, replay it, and answer; ScenarioError for a scenario that cannot be run."""
    word = game_word(source)
    if word:
        get_spec(word)  # a game's first use imports its package: not part of this scenario's time budget
    t0 = time.perf_counter()
    scenario = parse(source)
    return replay(scenario, max_steps=max_steps, time_budget=time_budget, started=t0)


def replay(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS,
           time_budget: float = DEFAULT_TIME_BUDGET, started: float | None = None,
           on_state: Callable[[int, Hashable], None] | None = None, render: bool = True,
           resume: Checkpoint | None = None) -> CheckResult:
    spec = require_spec(scenario.game)
    game, dialect = spec.engine, spec.dialect
    t0 = started if started is not None else time.perf_counter()
    budget = Budget(max_steps=max_steps, time_budget=time_budget, started=t0)
    log = EventLog()
    log.on_append = lambda _ev: budget.tick(log)
    card_lines = {u: (ln, col) for u, ln, col in scenario.card_lines}
    state: Hashable = scenario.board
    verdict: Verdict | None = None
    choice: Choice | None = None
    stopped = False  # needs_choice or undetermined: later actions are not replayed
    answer_after: int | None = None
    checkpoint: Checkpoint | None = None
    rejected: list[Rejection] = []
    results: list[ExpectResult] = []
    deferred: list[ExpectItem] = []
    last_rejected: bool | None = None
    snapshots: list[tuple[int, int, Hashable]] = [(0, 0, state)]

    def unsupported(e: Unsupported, line: int | None) -> ScenarioError:
        at, col = card_lines.get(e.subject, (line, 1)) if e.subject else (line, 1)
        return ScenarioError(e.message, line=at, column=col, text=e.subject, hint=e.hint)

    decline = "declined" in scenario.assumptions
    log.answers = Answers(decline_optional=decline)
    consumed: dict[int, bool] = {}  # item index -> rejected (answer lines used by an earlier action)
    try:
        if resume is not None:  # everything before resume.index is as it was then
            state, last_rejected = resume.state, resume.last_rejected
            log.events, rejected, results = list(resume.events), list(resume.rejected), list(resume.results)
            deferred, consumed, snapshots = list(resume.deferred), dict(resume.consumed), list(resume.snapshots)
        else:
            state = game.start(state, log)
    except GameOver as e:
        state, verdict = e.state, e.verdict
    except NeedsChoice as e:
        choice, stopped, answer_after = e.choice, True, 0
        verdict = Verdict(VerdictKind.NEEDS_CHOICE, None, f"{e.choice.player} must decide: {e.choice.question}")
    except Undetermined as e:
        state, stopped = e.state or state, True
        verdict = Verdict(VerdictKind.UNDETERMINED, None, e.reason)
    except Unsupported as e:
        raise unsupported(e, None) from None

    last_action = max((i for i, it in enumerate(scenario.items) if isinstance(it, ActionItem)), default=-1)
    # Answer lines (bss: `A chooses …`) answer the choices of the action written before them.
    answer_of = {i: game.answer_of(it.action, it.line) for i, it in enumerate(scenario.items)
                 if isinstance(it, ActionItem)}
    for idx in range(resume.index if resume is not None else 0, len(scenario.items)):
        item = scenario.items[idx]
        if isinstance(item, ExpectItem):
            # Expectations after the last action are judged on the final answer (after the steps
            # that run by themselves); the others see the state at their place in the file.
            if idx > last_action:
                deferred.append(item)
                continue
            ok, actual = item.check(Context(state, log.events, rejected, last_rejected, verdict, choice))
            results.append(ExpectResult(item.line, item.text, ok, actual))
            continue
        if idx in consumed:  # an answer taken by the action before it
            last_rejected = consumed[idx]
            snapshots.append((item.line, len(log), state))
            if on_state is not None:
                on_state(item.line, state)
            continue
        if stopped:
            continue
        if verdict is not None:  # the game is over
            rejected.append(Rejection(item.line, "the game is already over", (game.game_over_rule,)))
            last_rejected = True
            continue
        # The answer lines written after an action answer its choices. An answer line replayed as an action
        # (ws: it answers the phase that has just begun) sees the answer lines after it too; a game that
        # rejects it leaves them to be replayed on their own, as before.
        following: list[int] = []
        given: list[Answer] = []
        j = idx + 1
        while j < len(scenario.items):
            if isinstance(scenario.items[j], ActionItem):
                answer = answer_of.get(j)
                if answer is None:
                    break
                following.append(j)
                given.append(answer)
            j += 1
        answers = Answers(given, decline_optional=decline)
        log.answers = answers
        log.line = item.line
        mark, n_rejected, was_rejected = len(log), len(rejected), last_rejected
        try:
            state = game.apply(state, item.action, log)
            last_rejected = False
            _take_answers(answers, following, consumed, rejected, scenario)
        except Rejected as r:
            log.truncate(mark)
            rejected.append(Rejection(item.line, r.reason, r.rules))
            last_rejected = True
        except GameOver as e:
            state, verdict, last_rejected = e.state, e.verdict, False
            _take_answers(answers, following, consumed, rejected, scenario)
        except NeedsChoice as e:
            log.truncate(mark)
            choice, stopped, last_rejected = e.choice, True, False
            _take_answers(answers, following, consumed, rejected, scenario)
            answer_after = scenario.items[following[answers.consumed - 1]].line if answers.consumed else item.line
            checkpoint = Checkpoint(idx, state, tuple(log.events), tuple(rejected[:n_rejected]), tuple(results),
                                    tuple(deferred), tuple((k, v) for k, v in consumed.items() if k < idx),
                                    tuple(snapshots), was_rejected)
            wrong = answers.peek()
            if wrong is not None and wrong.player != e.choice.player:
                # The next answer line is another player's: it answers nothing, and it is said so.
                rejected.append(Rejection(wrong.line, f"{wrong.player} answers, but the decision is "
                                          f"{e.choice.player}'s: {e.choice.question}", (e.choice.rule,)))
            verdict = Verdict(VerdictKind.NEEDS_CHOICE, None,
                              f"{e.choice.player} must decide (line {item.line}): {e.choice.question}")
        except Undetermined as e:
            state, stopped = e.state or state, True
            verdict = Verdict(VerdictKind.UNDETERMINED, None, f"{e.reason} (line {item.line})")
        except Unsupported as e:
            raise unsupported(e, item.line) from None
        snapshots.append((item.line, len(log), state))
        if on_state is not None:
            on_state(item.line, state)
    if verdict is None:
        log.line = None
        log.answers = Answers(decline_optional=decline)
        before = Checkpoint(len(scenario.items), state, tuple(log.events), tuple(rejected), tuple(results),
                            tuple(deferred), tuple(consumed.items()), tuple(snapshots), last_rejected)
        try:
            state, verdict, choice = game.finish(state, log)
        except GameOver as e:
            state, verdict = e.state, e.verdict
        except NeedsChoice as e:
            choice = e.choice
            verdict = Verdict(VerdictKind.NEEDS_CHOICE, None, f"{e.choice.player} must decide: {e.choice.question}")
        except Undetermined as e:
            verdict = Verdict(VerdictKind.UNDETERMINED, None, e.reason)
        except Unsupported as e:
            raise unsupported(e, None) from None
    if choice is not None and answer_after is None:  # asked after the last action
        answer_after = scenario.items[last_action].line if last_action >= 0 else 0
        checkpoint = before
    if choice is not None and choice.line is None and last_action >= 0:
        # A choice left open at the end belongs to the last declared action.
        choice = replace(choice, line=scenario.items[last_action].line)
    final = Context(state, log.events, rejected, last_rejected, verdict, choice, final=True)
    for item in deferred:
        ok, actual = item.check(final)
        results.append(ExpectResult(item.line, item.text, ok, actual))
    results.sort(key=lambda r: r.line)
    cited: dict[str, None] = dict.fromkeys(log.cited())
    for rej in rejected:
        cited.update(dict.fromkeys(rej.rules))
    return CheckResult(
        game=scenario.game, rules_version=game.rules_version, verdict=verdict, steps=tuple(log.events),
        rejected=tuple(rejected), needs_choice=choice, state=game.state_dict(state) if render else {},
        cited=tuple(cited), board=dialect.write_board(state) if render else "",  # render=False: the explorer
        expectations=tuple(results), snapshots=tuple(snapshots),  # renders only the outcomes it shows
        writer=dialect.write_board,
        elapsed_ms=(time.perf_counter() - t0) * 1000, final_state=state, answer_after=answer_after,
        checkpoint=checkpoint,
    )


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
