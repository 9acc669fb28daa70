"""The execution audit (s10-fix): an accepted card text's every action is performed, with a step, when it resolves.

Proved from behaviour: each composed corpus line that carries a scenario is replayed with the game's procedure for
one action (the dispatcher every action node of the AST goes through) watched. For each action node of the line's
AST (the directives of a bss effect and of a Standard effect's parts, the effects of a ws ability, the steps of a
monster ability) the audit asks:
- was it performed (dispatched) when the effect resolved? If not, the answer must say why (a step of the effect's
  own: a condition not met, a choice declined, the effect fizzling); an effect whose action is simply skipped is a
  finding ("not performed");
- did performing it add a step to the answer (the step saying what happened, or the stated reason, with its rule,
  why nothing does)? A dispatch that adds none is a finding ("performed without a step").
"""

from __future__ import annotations

import contextlib
import importlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from judge_app.cardtext_audit import canon
from judge_app.cardtext_report import CORPUS_DIR, reader

# game -> (module, attribute, index of the node among the procedure's arguments); a dict attribute is a table of
# procedures by node type (each entry is watched), a function the one procedure.
DISPATCH: dict[str, tuple[str, str, int]] = {
    "bss": ("judge_app.engine.bss.resolve", "directive", 3),
    "bs-standard": ("judge_app.engine.bs_standard.effects", "_DO", 3),
    "ws": ("judge_app.engine.ws.abilities.dispatch", "_EXECUTE", 4),
    "monster": ("judge_app.engine.monster.abilities", "PERFORM", 2),
}
# The kinds of step with which an effect says why an action of it is not performed (a condition not met, a choice
# declined, the effect no longer able to resolve).
_REASON_WORDS = re.compile(r"nothing happens|does not hold|not met|chooses not|declines|is not performed", re.I)
_REASONS = ("condition", "decline", "fizzle", "nothing", "not", "choice", "no", "skip", "ends", "win", "lose")


def action_nodes(game: str, ast: Any) -> list[Any]:
    """The action nodes of a text's AST, each one the game's dispatcher performs."""
    items = ast if isinstance(ast, tuple) else (ast,)
    if game == "bss":
        return [d for e in items for d in e.cost + e.body]
    if game == "bs-standard":
        return [d for e in items for p in e.parts for d in p.directives]
    if game == "ws":
        return [d for a in items for d in a.effects]
    return [d for a in items for d in a.steps]


@dataclass
class Watch:
    """What the dispatcher performed: (canonical node, steps it added)."""

    done: list[tuple[Any, int]]


def _steps(log: Any) -> int:
    return len(log.events)


def _wrap(fn: Callable[..., Any], index: int, watch: Watch) -> Callable[..., Any]:
    def run(*args: Any) -> Any:
        log = args[1]
        before = _steps(log)
        out = fn(*args)
        watch.done.append((canon(args[index]), _steps(log) - before))
        return out

    return run


@contextlib.contextmanager
def watching(game: str) -> Iterator[Watch]:
    """Watch the game's dispatcher while the block runs."""
    module_name, attr, index = DISPATCH[game]
    module = importlib.import_module(module_name)
    original = getattr(module, attr)
    watch = Watch([])
    if isinstance(original, dict):
        saved = dict(original)
        original.update({k: _wrap(v, index, watch) for k, v in saved.items()})
        try:
            yield watch
        finally:
            original.clear()
            original.update(saved)
    else:
        setattr(module, attr, _wrap(original, index, watch))
        try:
            yield watch
        finally:
            setattr(module, attr, original)


@dataclass(frozen=True, slots=True)
class ExecFinding:
    game: str
    line: int
    text: str
    kind: str  # "not performed" | "performed without a step"
    node: str

    def __str__(self) -> str:
        return f"{self.game} line {self.line}: {self.kind}: {self.node} in {self.text!r}"


def _quotes(step: str, text: str) -> bool:
    """Does the step quote the card text (as written, or its first words where the answer shortens it)?"""
    return text in step or text[:40] in step or text.replace("’", "'")[:40] in step


def _explains(step: Any) -> bool:
    """Is this step an effect's stated reason why an action of it is not performed?"""
    return step.kind.startswith(_REASONS) or _REASON_WORDS.search(step.text) is not None


def _resolved(game: str, steps: Any, text: str) -> int | None:
    """The index of the first step of the line's effect (its text quoted; monster's answers name the card, not the
    text: the first ability that resolves, every corpus scenario having one card with the text), None if none."""
    for i, s in enumerate(steps):
        if (s.kind == "resolve") if game == "monster" else _quotes(s.text, text):
            return i
    return None


def audit_line(game: str, n: int, row: dict[str, Any]) -> list[ExecFinding]:
    """The findings of one corpus line with a scenario."""
    from judge_app.scenario import check_text

    card_text = reader(game)
    nodes = action_nodes(game, card_text.read(row["text"]))
    with watching(game) as watch:
        res = check_text(row["scenario"])
    out: list[ExecFinding] = []
    first = _resolved(game, res.steps, row["text"])
    if first is None:
        return out  # the effect never activated in this scenario (a level it is not active at, a condition): no case
    after = res.steps[first:]  # a reason is a step of the effect's resolution or after it
    done = [c for c, _ in watch.done]
    for node in nodes:
        c = canon(node)
        if c not in done:
            if not any(_explains(s) for s in after):
                out.append(ExecFinding(game, n, row["text"], "not performed", type(node).__name__))
            continue
        if all(k == 0 for cc, k in watch.done if cc == c):
            out.append(ExecFinding(game, n, row["text"], "performed without a step", type(node).__name__))
    return out


def scenario_rows(game: str) -> list[tuple[int, dict[str, Any]]]:
    path = CORPUS_DIR / f"{game}.jsonl"
    rows = [(n, json.loads(line)) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
            if line.strip()]
    return [(n, r) for n, r in rows if "scenario" in r and "ast" in r]


def audit(game: str) -> list[ExecFinding]:
    return [f for n, row in scenario_rows(game) for f in audit_line(game, n, row)]
