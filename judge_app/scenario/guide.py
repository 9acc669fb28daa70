"""What the "What happens if?" page teaches per game: which games the checker runs, a template,
a cheat-sheet of the statements, the examples; and a first reading of a question typed in prose.

Driven by data: a game is supported when the engine registry has it (`judge_app.engine.core.game`);
its template and cheat-sheet come from `guide/<game>.toml` and its examples from `examples/*.scn`,
so a new game appears on the page by itself.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from judge_app.engine.games import all_specs
from judge_app.scenario.examples import examples

_DIR = Path(__file__).resolve().parent / "guide"
# How a scenario line starts: a keyword, a player line (`A:`, `B field:`), or a player's action.
# A text none of whose lines starts so is read as a question in prose ("A spirit attacks, and …?"
# is prose: a player's line names the player alone, then a colon or an action).
_HEADS = ("game", "rules", "assume", "turn", "battle", "expect", "proceed")
_AREAS = ("field", "hand", "trash", "burst", "removed", "active", "delayed")
_VERBS = ("attacks", "passes", "chooses", "does", "uses", "ends", "blocks", "summons", "moves", "activates",
          "sets", "places", "concedes", "declares", "pays")
_LINE_START = re.compile(r"^\s*(?:(?:" + "|".join(_HEADS) + r")\b|[AB]\s*:|[AB]\s+(?:" + "|".join(_AREAS)
                         + r")\b[^:\n]{0,20}:|[AB]\s+(?:" + "|".join(_VERBS) + r")\b)")


@dataclass(frozen=True)
class CheatLine:
    section: str
    form: str
    example: str
    note: str = ""


@dataclass(frozen=True)
class Guide:
    game: str
    title: str
    rules_version: str
    template: str
    cheatsheet: tuple[CheatLine, ...]
    examples: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "rules_version": self.rules_version,
                "template": self.template,
                "cheatsheet": [c.__dict__ for c in self.cheatsheet],
                "examples": [{k: e[k] for k in ("name", "title", "game")} for e in self.examples]}


def _data(game: str) -> dict[str, Any]:
    path = _DIR / f"{game}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


@cache
def guides() -> tuple[Guide, ...]:
    """One guide per game the engine runs, in registry order."""
    out = []
    all_examples = examples()
    for key, g in all_specs().items():
        data = _data(key)
        mine = tuple(e for e in all_examples if e["game"] == key)
        if data.get("template"):
            template = data["template"].strip("\n") + "\n"
        elif mine:  # no guide file yet: the first example, without its expectations
            template = "".join(ln + "\n" for ln in mine[0]["text"].splitlines() if not ln.startswith("expect"))
        else:
            template = f"game {key}\n"
        sheet = tuple(CheatLine(**c) for c in data.get("cheatsheet", ()))
        out.append(Guide(key, g.title or key, g.rules_version, template, sheet, mine))
    return tuple(out)


def guide(game: str) -> Guide | None:
    return next((g for g in guides() if g.game == game), None)


def looks_like_prose(text: str) -> bool:
    """No line of `text` starts like a scenario statement: it is a question, not a scenario."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return bool(lines) and not any(_LINE_START.match(ln) for ln in lines)


_QUOTED = re.compile(r"[\"“‘]([^\"“”‘’\n]{2,40})[\"”’]")


def read_question(text: str, game_names: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    """What could be recognised in a question in prose: the game (by any of its names, among the
    supported ones), the card names it quotes; and the template prefilled with them."""
    low = " " + re.sub(r"\s+", " ", text.casefold()) + " "
    supported = [g.game for g in guides()]
    game = None
    for key in supported:
        if any(re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", low) for n in game_names.get(key, (key,))):
            game = key
            break
    named = None if game else next((k for k, names in game_names.items() if k not in supported and any(
        re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", low) for n in names)), None)
    if game is None and len(supported) == 1 and named is None:
        game = supported[0]
    cards = list(dict.fromkeys(m.group(1).strip() for m in _QUOTED.finditer(text)))[:2]
    template = ""
    g = guide(game) if game else None
    if g:
        template = g.template
        defaults = re.findall(r'field: \w+ "([^"]+)"', template)
        for old, new in zip(defaults, cards, strict=False):
            template = template.replace(f'"{old}"', '"' + new.replace('"', "'") + '"')
        question = [ln.strip() for ln in text.strip().splitlines() if ln.strip()][:6]
        template = "".join(f"# {ln[:200]}\n" for ln in question) + template
    return {"game": game, "unsupported_game": named, "cards": cards, "template": template}
