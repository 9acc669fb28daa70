"""Substitution / replacement effects: an event that would happen is replaced by another.

The framework common to the games: find the replacement effects that apply to the event (the game
does that), then, when more than one applies, the player the rules name chooses one (bss 8-9-2-1;
ws 9.x "replacement": the affected card's master chooses); only one applies. With a single optional
one, the game asks its yes/no question itself (its "may" machinery). Never guessed: unanswered,
the replay stops with `needs_choice` listing the effects.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judge_app.engine.core.choices import Answer, Answers, ask
from judge_app.engine.core.verdict import Choice

NONE = "none"


def choose_replacement(answers: Answers | None, chooser: str, question: str, labels: Sequence[str], *,
                       mandatory: bool, rule: str, line: int | None,
                       match: Callable[[tuple[str, ...]], int | None] | None = None) -> int | None:
    """Index of the replacement `chooser` applies, or None when they apply none (only if none is mandatory).

    `match` maps an answer written another way (e.g. the card's name only) to an index.
    """
    opts = tuple(labels) + (() if mandatory else (NONE,))

    def valid(a: Answer) -> str | None:
        v = " ".join(a.values)
        if v in opts or (v.lower() in (NONE, "no") and not mandatory) or (match and match(a.values) is not None):
            return None
        return "answer with one of the listed effects" + ("" if mandatory else " or none")

    vals = ask(answers, Choice(chooser, question, opts, rule, line), valid, default=None if mandatory else (NONE,))
    v = " ".join(vals)
    if v in labels:
        return list(labels).index(v)
    return match(vals) if match is not None else None
