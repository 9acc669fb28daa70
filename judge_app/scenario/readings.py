"""Which words of each card text of a scenario the engine understood (issue 13).

One source for the "What happens if?" page, its JSON twins (`/check.json`, `POST /api/check`, their error
answers) and `judge check --json`: each card text of the scenario (`effect "…"`; monster: `text "…"`), read by the game's
registered reader (`GameSpec.card_text.understand`), as the understood part, the first word not
understood, the rest, the refusal's message and the nearest supported wording.
"""

from __future__ import annotations

import re
from functools import cache

from judge_app.engine.games import get_spec
from judge_app.scenario.syntax import game_word

__all__ = ["MAX_CARD_TEXTS", "card_texts", "misprint_notes"]

MAX_CARD_TEXTS = 40  # card texts read for one answer (the work is bounded; each reading is cached by text)
DEFAULT_GAME = "bss"  # card texts of a scenario not yet saying its game are read as bss ones (the page did so)


@cache
def _phrase(word: str) -> re.Pattern[str]:
    """`word "…"` in a scenario (`effect "…"`, `effects "…"`, monster's `text "…"`); a quote inside is \\"."""
    return re.compile(rf'\b{re.escape(word)}s?\s+"((?:[^"\\\n]|\\.)*)"')


def card_texts(source: str | None) -> list[dict[str, str]]:
    """Each distinct card effect text of `source`, as its game's reader understood it (first 40); [] when
    the game has no reader of card text."""
    if not source:
        return []
    spec = get_spec(game_word(source) or DEFAULT_GAME)
    reader = spec.card_text if spec is not None else None
    if reader is None or reader.understand is None:
        return []
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for m in _phrase(reader.phrase).finditer(source):
        effect = re.sub(r"\\(.)", r"\1", m.group(1))
        if effect in seen:
            continue
        seen.add(effect)
        if len(out) >= MAX_CARD_TEXTS:
            break
        out.append(reader.understand(effect).to_dict())
    return out


def misprint_notes(source: str) -> tuple[str, ...]:
    """s17 misprint: what the answer says of the scenario's card texts read with a misprint repaired
    (core.misprint), one note a repair: 'card text "…": read "oppponent's" as "opponent's", a misprint repaired'.
    Each ability as the dialect reads it (`CardTextReader.split`), first `MAX_CARD_TEXTS` texts."""
    spec = get_spec(game_word(source) or DEFAULT_GAME)
    reader = spec.card_text if spec is not None else None
    if reader is None or reader.understand is None:
        return ()
    notes: dict[str, None] = {}
    effects = dict.fromkeys(re.sub(r"\\(.)", r"\1", m.group(1)) for m in _phrase(reader.phrase).finditer(source))
    for effect in list(effects)[:MAX_CARD_TEXTS]:
        for part in (reader.split(effect) if reader.split else (effect,)):
            for note in (reader.notes(part) if reader.notes else reader.understand(part).notes()):
                notes[f'card text "{part}": {note}'] = None
    return tuple(notes)
