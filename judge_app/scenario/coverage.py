"""A game's rules-coverage table, computed from behaviour (docs/rules-coverage.md for bss).

    .venv/bin/python -m judge_app.scenario.coverage > docs/rules-coverage.md

Every scenario the test suite replays for the game - the golden scenarios (tests/scenarios/<game>/),
the examples of the checker page and the examples of docs/scenario-language.md - is replayed here,
and the rule ids its steps and rejections cite are collected. A rule is **executed** only when some
replayed step cites it (the table names up to three scenarios that do). The other statuses come from
the game's spec, each with its reason: **followed** (the state model embodies it; the code is named),
**n/a** (physical play or card anatomy; headings), **not yet** (anything else, e.g. hidden
information). A test regenerates the table and compares it with the committed file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from judge_app.engine.core import GameSpec
from judge_app.engine.games import all_specs, get_spec, require_spec
from judge_app.errors import ScenarioError
from judge_app.rules import load_library
from judge_app.scenario.check import check_text
from judge_app.scenario.examples import examples
from judge_app.scenario.syntax import game_word

ROOT = Path(__file__).resolve().parents[2]
STATUSES = ("executed", "followed", "n/a", "not yet")


def scenario_sources(key: str) -> Iterator[tuple[str, str]]:
    """(name, text) of every scenario of game `key` that the test suite replays."""
    for path in sorted((ROOT / "tests" / "scenarios" / key).glob("*.scn")):
        yield f"{path.stem}", path.read_text(encoding="utf-8")
    for ex in examples():
        if ex["game"] == key:
            yield f"example {ex['name']}", ex["text"]
    doc = ROOT / "docs" / "scenario-language.md"
    if doc.exists():
        blocks = re.findall(r"```(scenario(?:-error)?)\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
        for i, (kind, src) in enumerate(blocks, 1):
            if kind == "scenario" and game_word(src) == key:
                yield f"docs example {i}", src


@cache
def executed(key: str) -> dict[str, list[str]]:
    """rule id -> the scenarios whose replayed steps (or rejections) cite it (computed once per process)."""
    out: dict[str, list[str]] = {}
    for name, text in scenario_sources(key):
        try:
            r = check_text(text)
        except ScenarioError:
            continue  # a scenario that does not run executes nothing
        for rid in r.cited:
            out.setdefault(rid, []).append(name)
    return out


def rows(spec: GameSpec) -> list[tuple[str, str, str, str, str]]:
    """(id, kind, status, where or why, text) for every rule of the game's document, in document order."""
    doc = load_library().document(spec.document)
    seen = executed(spec.key)
    out = []
    for rid, rule in doc.rules.items():
        kind = rule.kind.value
        text = (rule.title or rule.text or "").strip()
        if rid in seen:
            names = seen[rid]
            more = f" and {len(names) - 3} more" if len(names) > 3 else ""
            status, note = "executed", ", ".join(f"`{n}`" for n in names[:3]) + more
        elif rid in spec.followed:
            status, note = "followed", f"`{spec.followed[rid]}`"
        elif rid in spec.not_applicable:
            status, note = "n/a", spec.not_applicable[rid]
        elif kind in ("chapter", "section") and not rule.text:
            status, note = "n/a", "heading: its rules are listed under it"
        elif rid in spec.not_yet:
            status, note = "not yet", spec.not_yet[rid]
        elif rid in spec.engine.cited_rules():
            status, note = "not yet", "the engine can cite it, but no scenario test replays a step that does"
        else:
            status, note = "not yet", ""
        out.append((rid, kind, status, note, text))
    return out


def render(key: str) -> str:
    """The section of docs/rules-coverage.md for game `key`."""
    spec = get_spec(key)
    if spec is None:
        raise SystemExit(f"unknown game {key!r}")
    table = rows(spec)
    counts = {s: sum(1 for r in table if r[2] == s) for s in STATUSES}
    sep = "-" if spec.rule_ids.value == "dashed" else "."
    lines = [f"## {spec.title} (`{key}`), rules v{spec.rules_version}", "",
             "| status | rules |", "|---|---|"]
    lines += [f"| {s} | {counts[s]} |" for s in STATUSES]
    lines.append(f"| total | {len(table)} |")
    chapter = None
    for rid, kind, status, note, text in table:
        top = rid.split(sep)[0]
        if top != chapter:
            chapter = top
            lines += ["", f"### {key} {rid} {text}" if kind == "chapter" else f"### {key} {top}", "",
                      "| rule | status | where / why | text |", "|---|---|---|---|"]
        short = " ".join(text.split())
        short = short if len(short) <= 90 else short[:87].rstrip() + "…"
        lines.append(f"| {rid} | {status} | {note} | {short.replace('|', chr(92) + '|')} |")
    return "\n".join(lines) + "\n"


def render_all() -> str:
    """docs/rules-coverage.md: every registered game, one section each."""
    keys = sorted(all_specs())
    summary = ["| game | " + " | ".join(STATUSES) + " | total |", "|---|" + "---:|" * (len(STATUSES) + 1)]
    for key in keys:
        table = rows(require_spec(key))
        counts = [sum(1 for r in table if r[2] == s) for s in STATUSES]
        summary.append(f"| [{key}](#{key}) | " + " | ".join(map(str, counts)) + f" | {len(table)} |")
    head = [
        "# Rules coverage",
        "",
        "Generated by `python -m judge_app.scenario.coverage > docs/rules-coverage.md` from behaviour: for",
        "each game, every scenario the tests replay (golden scenarios, page examples, examples of",
        "docs/scenario-language.md) is replayed and the rule ids its steps cite are collected. Do not edit",
        "by hand (a test checks that this file is up to date).",
        "",
        "* **executed**: a scenario test replays a step that cites the rule; *where* names scenarios that do.",
        "* **followed**: the engine's state model embodies the rule without a step of its own; *where* names the code.",
        "* **n/a**: nothing for an engine to execute (physical play, card anatomy, headings), with the reason.",
        "* **not yet**: not implemented, or implemented but not yet exercised by a scenario test (said so).",
        "",
        *summary,
    ]
    body = []
    for key in keys:
        body += ["", f'<a id="{key}"></a>', "", render(key).rstrip("\n")]
    return "\n".join(head + body) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render(sys.argv[1]) if len(sys.argv) > 1 else render_all())
