"""Translate scenarios from the neutral JSON form (../shared/scenarios-dev.md) into the language.

    judge import-scenarios FILE.jsonl OUTDIR     # one OUTDIR/<sid>.scn per line of a registered game

Each game translates its own lines (the `importer` of its GameSpec). Lines of games that are not
registered, or whose game has no importer, are reported and skipped, with a count. Facts the
language cannot state stay in the file as `# not asserted:` comments, counted on stderr: nothing is
dropped silently.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge_app.engine.games import get_spec
from judge_app.errors import BadQuery

_SID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")


def convert(d: dict[str, Any]) -> str:
    """One neutral-JSON scenario -> scenario text (BadQuery when its game cannot be imported)."""
    text, _n = convert_counted(d)
    return text


def convert_counted(d: dict[str, Any]) -> tuple[str, int]:
    spec = get_spec(str(d.get("game", "")))
    if spec is None or spec.importer is None:
        raise BadQuery(f"game {d.get('game')!r} is not registered or has no importer")
    return spec.importer(d)


@dataclass
class Report:
    written: list[Path] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)  # game -> lines skipped (unregistered / no importer)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (sid, why)
    not_asserted: int = 0


def import_file(src: Path, out: Path) -> Report:
    rep = Report()
    out.mkdir(parents=True, exist_ok=True)
    for n, line in enumerate(src.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError as e:
            rep.failed.append((f"line {n}", f"not JSON: {e.msg}"))
            continue
        if not isinstance(d, dict):
            rep.failed.append((f"line {n}", "not a JSON object"))
            continue
        game = str(d.get("game", ""))
        sid = str(d.get("sid") or f"line-{n}")
        spec = get_spec(game)
        if spec is None or spec.importer is None:
            rep.skipped[game] += 1
            continue
        if not _SID.fullmatch(sid):
            rep.failed.append((f"line {n}", f"scenario id {sid!r} is not a safe file name"))
            continue
        try:
            text, count = spec.importer(d)
        except (KeyError, TypeError, ValueError, NotImplementedError) as e:
            rep.failed.append((sid, f"{type(e).__name__}: {e}"))
            continue
        path = out / f"{sid}.scn"
        path.write_text(text, encoding="utf-8")
        rep.written.append(path)
        rep.not_asserted += count
    return rep


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    rep = import_file(Path(argv[0]), Path(argv[1]))
    for sid, why in rep.failed:
        print(f"{sid}: not imported: {why}", file=sys.stderr)
    for game, n in sorted(rep.skipped.items()):
        print(f"skipped {n} scenario{'s' * (n != 1)} of game {game!r}: not a registered game with an importer",
              file=sys.stderr)
    print(f"imported {len(rep.written)}, skipped {sum(rep.skipped.values())}, failed {len(rep.failed)}; "
          f"{rep.not_asserted} fact{'s' * (rep.not_asserted != 1)} left as '# not asserted:' comments",
          file=sys.stderr)
    return 1 if rep.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
