"""The rules coverage table of the bss engine, generated from the code (docs/rules-coverage.md).

    .venv/bin/python -m judge_app.engine.bss.coverage > docs/rules-coverage.md

Every rule id of the Battle Spirits Saga comprehensive rules v1.7.0 (from the rule library) gets one
status:

* **executed** — the engine performs it and cites it in its steps; the code that does it is found by
  scanning the engine's source for the quoted id (module:function);
* **followed** — the engine's structure follows it without a step of its own (e.g. the two players,
  the areas); the code is named in `FOLLOWED` below and checked to exist;
* **n/a** — nothing to execute: card anatomy, physical setup, hidden information (the reason is given
  in `NOT_APPLICABLE`), or a heading whose rules are listed under it;
* **not yet** — not implemented (the reason or the missing vocabulary is given in `NOT_YET`, else
  the plain status).

A test regenerates the table and compares it with the committed file.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent
SKIP = {"ruleids.py", "coverage.py", "__init__.py"}
_ID = re.compile(r"^\d+(?:-\d+)+$")

ANATOMY = "card anatomy: a scenario states the card's information directly"
HIDDEN = "hidden information: the engine sees the whole board, and no ruling depends on who may look"
SETUP = "preparing to play: a scenario starts from a board already in play"
PHYSICAL = "physical handling of the game pieces"

NOT_APPLICABLE: dict[str, str] = {
    "2-1-1": ANATOMY, "2-1-2": ANATOMY + " (one name per card)", "2-2-1": ANATOMY, "2-2-2": ANATOMY,
    "2-3-1": ANATOMY, "2-4-1": ANATOMY, "2-5-1": ANATOMY, "2-6-1": ANATOMY, "2-7-1": ANATOMY, "2-7-2": ANATOMY,
    "2-8-1": ANATOMY, "2-9-1": ANATOMY, "2-9-2-2": ANATOMY + " (flavor text is not written)",
    "2-10-1": ANATOMY, "2-10-3-1": ANATOMY, "2-11-1": ANATOMY, "2-12-1": ANATOMY, "2-12-2": ANATOMY,
    "2-12-3": ANATOMY, "2-13-1": ANATOMY, "2-13-1-1": ANATOMY, "2-13-1-2": ANATOMY, "2-13-1-3": ANATOMY,
    "2-13-1-4": ANATOMY,
    "3-1-2": HIDDEN, "3-1-3": HIDDEN, "3-2-2": HIDDEN, "3-3-2": HIDDEN, "3-3-3": HIDDEN, "3-4-2": HIDDEN,
    "3-5-2": HIDDEN, "3-6-2": HIDDEN, "3-7-2": HIDDEN, "3-8-2": HIDDEN, "3-8-5": "after the game: outside a ruling",
    "3-1-5": "the order of cards put into an area together is the owner's and changes no ruling the engine makes",
    "3-2-4": "shuffling is random: the deck is a count, and a scenario gives any order that matters",
    "3-9-1": PHYSICAL, "3-9-2": PHYSICAL, "4-11-2": PHYSICAL, "4-8-1": "a definition (game pieces)",
    "4-2-1": "the owner is the player whose board lines list the card", "4-2-2": "as 4-2-1",
    "4-2-3": "after the game: outside a ruling", "4-4-1-1": PHYSICAL,
    "5-1-1": SETUP, "5-1-1-1": SETUP, "5-1-1-2": SETUP, "5-2-1": SETUP, "5-2-2": SETUP, "5-2-3": SETUP,
    "5-2-4": SETUP, "5-2-5": SETUP, "5-2-6": SETUP, "5-2-7": SETUP, "5-2-8": SETUP,
    "8-1-7": "terminology: the vocabulary reads \"activate\" and \"trigger\" alike",
    "8-5-3-5": HIDDEN, "12-2-1": HIDDEN, "12-2-2": HIDDEN, "12-3-1": HIDDEN, "12-3-2": HIDDEN, "12-3-3": HIDDEN,
}

FOLLOWED: dict[str, str] = {
    "1-1-1": "state:PLAYERS", "1-2-1-1": "rules:establish_winner", "8-2-2-2": "resolve:directive", "1-2-5": "rules:concede", "1-3-1": "vocab:parse_effects",
    "1-3-4": "resolve:_loop", "2-3-2": "state:CardType", "2-4-1-1": "state:COLORS", "2-4-1-2": "state:Card",
    "2-6-2": "rules:pay_cost", "2-8-2": "state:Card", "2-8-3": "rules:resolve_battle", "2-9-2": "vocab:parse_effects",
    "2-9-2-1": "vocab:_token_spec", "2-10-4": "state:Level", "2-11-2": "rules:resolve_battle",
    "3-1-1": "state:Player", "3-1-6": "rules:leave_field", "3-2-1": "state:Player", "3-2-3": "resolve:draw",
    "3-3-1": "resolve:draw", "3-3-4": "resolve:draw", "3-4-3": "rules:pay_cost", "3-5-1": "state:Player",
    "3-5-4": "rules:put_on_field", "3-6-1": "state:Player", "3-6-3": "rules:_put", "3-7-1": "state:Player",
    "3-7-3": "keywords:_blessed", "3-8-1": "rules:set_burst",
    "4-1-1": "vocab:Effect", "4-1-1-2": "vocab:Effect", "4-1-2": "vocab:parse_directive", "4-1-2-1": "vocab:CONTINUOUS",
    "4-3-1": "state:State", "4-3-2": "state:other", "4-4-1": "state:Card", "4-5-1": "resolve:draw",
    "4-7-1": "rules:manage", "4-7-2": "rules:manage", "4-9-1": "rules:put_on_field", "4-9-2": "view:View",
    "4-10-1": "rules:put_on_field", "4-10-2": "view:View", "4-11-1": "state:Player", "4-11-4": "resolve:_move",
    "6-6-1": "rules:settle", "6-6-1-2-4": "game:BattleSpiritsSaga", "6-7-3": "rules:settle",
    "8-1-1": "vocab:parse_effects", "8-1-2": "vocab:Effect", "8-1-4": "view:_compute", "8-1-4-1": "view:cond_holds",
    "8-1-4-2": "view:_compute", "8-1-5-1": "vocab:_timing", "8-1-6": "rules:use_magic",
    "8-2-1": "vocab:parse_directive", "8-2-2": "vocab:CONTINUOUS", "8-2-2-1": "resolve:directive",
    "8-2-2-3": "resolve:substitute", "8-3-1": "view:cond_holds", "8-3-2": "view:cond_holds", "8-3-3": "view:cond_holds",
    "8-5-2": "rules:activate", "8-5-4": "resolve:_candidates", "8-7-1": "resolve:directive",
    "8-8-1-1": "view:_compute", "8-8-1-3": "view:_compute",
    "9-1-1": "rules:manage", "9-1-2": "rules:manage", "9-1-2-2": "rules:checkpoint", "9-1-2-3": "rules:checkpoint",
    "10-1-3-1": "rules:destroy_all", "10-6-2": "rules:summon", "10-7-2": "rules:summon", "10-8-2": "rules:use_magic",
    "10-11-2": "vocab:_timing", "10-12-1": "view:cond_holds", "10-13-1": "view:_compute",
    "11-5-2": "vocab:armor_colors", "11-14-2": "vocab:astral_timing", "11-14-3": "rules:_astral",
    "11-14-4": "rules:_astral",
}

NOT_YET: dict[str, str] = {
    "1-2-6": "no directive makes a player win or lose",
    "2-5-2": "spirit types: the vocabulary has no spirit-type descriptions", "2-5-3": "as 2-5-2",
    "4-6-1": "effects with X are not in the vocabulary", "4-6-2": "as 4-6-1", "4-6-3": "as 4-6-1",
    "4-12-4": "no effect restricts summoning", "8-4-2-2": "no effect adds costs to other effects",
    "8-8-1-3-3": "no directive redefines the printed BP", "8-8-1-5": "no directive changes cards in an area",
    "8-8-1-5-1": "as 8-8-1-5", "8-9-2-2": "substitutions apply to destruction only",
    "9-3-2-2": "no directive changes the LV1 cost", "10-13-2": "\"with 【Keyword】\" is read on the field only",
}


def _module_functions(path: Path) -> list[tuple[str, set[str]]]:
    """(module:symbol, rule ids quoted in it) for each top-level function, class and constant."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mod = path.stem
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            name = node.name
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            name = target.id if isinstance(target, ast.Name) else None
        else:
            name = None
        if name is None:
            continue
        ids: set[str] = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and _ID.match(sub.value):
                ids.add(sub.value)
            if isinstance(sub, ast.JoinedStr):  # f"{rid}-4" with rid "10-6", "10-7" (and "10-8" for costs)
                vals = sub.values
                for a, b in zip(vals, vals[1:], strict=False):
                    if (isinstance(a, ast.FormattedValue) and isinstance(a.value, ast.Name) and a.value.id == "rid"
                            and isinstance(b, ast.Constant) and re.fullmatch(r"-\d+", str(b.value))):
                        prefixes = ("10-6", "10-7") + (("10-8",) if name == "pay_cost" else ())
                        ids |= {p + b.value for p in prefixes}
        out.append((f"{mod}:{name}", ids))
    return out


def locations() -> dict[str, list[str]]:
    """rule id -> the code that cites it (module:function), from the engine's source."""
    found: dict[str, list[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in SKIP:
            continue
        for where, ids in _module_functions(path):
            for rid in ids:
                found.setdefault(rid, []).append(where)
    return found


def _exists(where: str) -> bool:
    mod, name = where.split(":")
    m = importlib.import_module(f"judge_app.engine.bss.{mod}")
    return hasattr(m, name)


def rows() -> list[tuple[str, str, str, str, str]]:
    """(id, kind, status, where or why, text) for every rule of the document, in document order."""
    from judge_app.rules import load_library

    doc = load_library().document("bss")
    cited = locations()
    out = []
    for rid, rule in doc.rules.items():
        kind = rule.kind.value
        text = (rule.title or rule.text or "").strip()
        if rid in cited:
            status, note = "executed", ", ".join(f"`{w}`" for w in sorted(set(cited[rid])))
        elif rid in FOLLOWED:
            status, note = "followed", f"`{FOLLOWED[rid]}`"
        elif rid in NOT_APPLICABLE:
            status, note = "n/a", NOT_APPLICABLE[rid]
        elif kind in ("chapter", "section") and not rule.text:
            status, note = "n/a", "heading: its rules are listed under it"
        elif rid in NOT_YET:
            status, note = "not yet", NOT_YET[rid]
        else:
            status, note = "not yet", ""
        out.append((rid, kind, status, note, text))
    return out


def render() -> str:
    from judge_app.engine.bss.ruleids import AMBIGUOUS

    table = rows()
    counts: dict[str, int] = {}
    for r in table:
        counts[r[2]] = counts.get(r[2], 0) + 1
    lines = [
        "# Rules coverage: Battle Spirits Saga v1.7.0",
        "",
        "Generated by `python -m judge_app.engine.bss.coverage > docs/rules-coverage.md` from the engine's code;",
        "do not edit by hand (a test checks that this file is up to date).",
        "",
        "* **executed**: the engine performs the rule and cites it in its steps; *where* is the code that cites it.",
        "* **followed**: the engine's structure follows the rule without a step of its own; *where* names the code.",
        "* **n/a**: nothing for the engine to execute (card anatomy, physical setup, hidden information, headings).",
        "* **not yet**: not implemented.",
        "",
        f"Ids printed twice in the document are listed once, in repaired form ({', '.join(sorted(AMBIGUOUS))} are the "
        "first of each pair; the second is 1-2-1-1-1, 5-1-1-2, 8-2-2-3).",
        "",
        "| status | rules |",
        "|---|---|",
    ]
    for status in ("executed", "followed", "n/a", "not yet"):
        lines.append(f"| {status} | {counts.get(status, 0)} |")
    lines.append(f"| total | {len(table)} |")
    chapter = None
    for rid, kind, status, note, text in table:
        top = rid.split("-")[0]
        if top != chapter:
            chapter = top
            lines += ["", f"## {rid} {text}" if kind == "chapter" else f"## {top}", "",
                      "| rule | status | where / why | text |", "|---|---|---|---|"]
        short = text if len(text) <= 90 else text[:87].rstrip() + "…"
        short = short.replace("|", "\\|")
        lines.append(f"| {rid} | {status} | {note} | {short} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
