"""Replay a scenario through its game's rules: the `check_text` API behind `judge check` and /api/check."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from types import ModuleType

from judge_app.engine.core import (
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
    get_game,
)
from judge_app.engine.core.budget import DEFAULT_MAX_STEPS, DEFAULT_MAX_WORK, DEFAULT_TIME_BUDGET
from judge_app.errors import ScenarioError
from judge_app.scenario import bss as bss_dialect
from judge_app.scenario.model import ActionItem, Context, ExpectItem, ExpectResult, Scenario
from judge_app.scenario.syntax import Statement, parse_statements

# game key -> dialect module (read(statements, rules_version) -> Scenario; write_board(state) -> str)
DIALECTS: dict[str, ModuleType] = {"bss": bss_dialect}



@dataclass(frozen=True)
class CheckResult:
    game: str
    rules_version: str
    verdict: Verdict
    steps: tuple[Event, ...]
    rejected: tuple[Rejection, ...]
    needs_choice: Choice | None
    state: dict
    cited: tuple[str, ...]
    board: str = ""  # the final board, in the scenario language
    expectations: tuple[ExpectResult, ...] = ()
    # The state after each replayed action: (line, steps so far, state); see `boards()`.
    snapshots: tuple[tuple[int, int, Hashable], ...] = field(default=(), repr=False)
    writer: Callable[[Hashable], str] | None = field(default=None, compare=False, repr=False)
    elapsed_ms: float = field(default=0.0, compare=False)

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

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "verdict": self.verdict.to_dict(),
            "steps": [e.to_dict() for e in self.steps],
            "rejected": [r.to_dict() for r in self.rejected],
            "needs_choice": self.needs_choice.to_dict() if self.needs_choice else None,
            "state": self.state,
            "cited": list(self.cited),
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
    if key not in DIALECTS or get_game(key) is None:
        import difflib
        near = difflib.get_close_matches(key, list(DIALECTS), n=1)
        raise ScenarioError(f"unknown or unsupported game {key!r}", line=g.line, column=g.phrases[0].column,
                            text=key, hint=("did you mean " + repr(near[0]) + "? " if near else "")
                            + "supported: " + ", ".join(DIALECTS))
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
            want = get_game(key).rules_version
            if version.lstrip("v") != want:
                raise ScenarioError(f"rules version {version!r} is not available for {key}", line=s.line,
                                    column=s.column, text=s.source, hint=f"available: {want}")
    return key, version, g


def parse(source: str) -> Scenario:
    """Parse and bind a scenario (raises ScenarioError); no replay."""
    statements = parse_statements(source)
    key, _, _ = _header(statements)
    return DIALECTS[key].read(statements, get_game(key).rules_version)


def check_text(source: str, *, max_steps: int = DEFAULT_MAX_STEPS, time_budget: float = DEFAULT_TIME_BUDGET,
               max_work: int = DEFAULT_MAX_WORK) -> CheckResult:
    """Parse the scenario, replay it, and answer; ScenarioError for a scenario that cannot be run."""
    t0 = time.perf_counter()
    scenario = parse(source)
    return replay(scenario, max_steps=max_steps, time_budget=time_budget, started=t0, max_work=max_work)


def replay(scenario: Scenario, *, max_steps: int = DEFAULT_MAX_STEPS,
           time_budget: float = DEFAULT_TIME_BUDGET, started: float | None = None,
           on_state: Callable[[int, Hashable], None] | None = None,
           max_work: int = DEFAULT_MAX_WORK) -> CheckResult:
    """Replay under a deterministic work budget (see engine/core/budget.py); the wall clock only
    ever raises Busy, never changes the answer."""
    t0 = started if started is not None else time.perf_counter()
    with Budget(max_steps=max_steps, time_budget=time_budget, started=t0, max_work=max_work) as budget:
        budget.charge(len(scenario.card_lines))  # reading the cards
        return _replay(scenario, budget, t0, on_state)


def _replay(scenario: Scenario, budget: Budget, t0: float,
            on_state: Callable[[int, Hashable], None] | None) -> CheckResult:
    game = get_game(scenario.game)
    dialect = DIALECTS[scenario.game]
    log = EventLog()
    log.on_append = lambda _ev: budget.tick(log)
    card_lines = {u: (ln, col) for u, ln, col in scenario.card_lines}
    state: Hashable = scenario.board
    verdict: Verdict | None = None
    choice: Choice | None = None
    stopped = False  # needs_choice or undetermined: later actions are not replayed
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
    try:
        state = game.start(state, log)
    except GameOver as e:
        state, verdict = e.state, e.verdict
    except NeedsChoice as e:
        choice, stopped = e.choice, True
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
    consumed: dict[int, bool] = {}  # item index -> rejected (answer lines used by an earlier action)
    for idx, item in enumerate(scenario.items):
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
        following: list[int] = []
        if answer_of.get(idx) is None:
            j = idx + 1
            while j < len(scenario.items):
                if isinstance(scenario.items[j], ActionItem):
                    if answer_of.get(j) is None:
                        break
                    following.append(j)
                j += 1
        answers = Answers([answer_of[j] for j in following], decline_optional=decline)
        log.answers = answers
        log.line = item.line
        mark = len(log)
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
    if budget.exhausted and (verdict is None or verdict.kind is not VerdictKind.UNDETERMINED):
        # the budget ran out inside a sandbox that treats it as inconclusive: still undetermined
        choice, verdict = None, Verdict(VerdictKind.UNDETERMINED, None, budget.exhausted)
    if choice is not None and choice.line is None and last_action >= 0:
        # A choice left open at the end belongs to the last declared action.
        choice = replace(choice, line=scenario.items[last_action].line)
    final = Context(state, log.events, rejected, last_rejected, verdict, choice, final=True)
    for item in deferred:
        ok, actual = item.check(final)
        results.append(ExpectResult(item.line, item.text, ok, actual))
    results.sort(key=lambda r: r.line)
    cited: dict[str, None] = dict.fromkeys(log.cited())
    for r in rejected:
        cited.update(dict.fromkeys(r.rules))
    return CheckResult(
        game=scenario.game, rules_version=game.rules_version, verdict=verdict, steps=tuple(log.events),
        rejected=tuple(rejected), needs_choice=choice, state=game.state_dict(state), cited=tuple(cited),
        board=dialect.write_board(state), expectations=tuple(results), snapshots=tuple(snapshots),
        writer=dialect.write_board,
        elapsed_ms=(time.perf_counter() - t0) * 1000,
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
