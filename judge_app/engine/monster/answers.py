"""How a monster choice is answered in the scenario language: the Game hooks the explorer uses.

Every choice the monster engine asks is answered by one `chooses` line (`B chooses "Sea Lion II"`,
`A chooses no`, `A chooses "Pike Line", "Ballista"`): which monster becomes the invading monster
after a counter (5.15.1.2, with 4.1.2.3's "as though none fits"), the target of a destruction
(10.5.3.1), the order of automatic abilities in standby (10.6.3.1), an optional action (10.5.4), an
Evolution search (12.6.2), the cards discarded (5.7.1, "up to": 10.5.3.1.1, 1.3.6) and which known
card was drawn (4.8.2). Several cards chosen at once are explored as every set of the asked size.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

from judge_app.engine.core import Choice

_WORDS = {"yes", "no", "none"}
_MAX_SETS = 256  # card sets tried for one choice; the explorer's leaf cap is far lower anyway


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def answer_line(choice: Choice, option: str) -> str | None:
    if option in _WORDS or option.isdigit():
        return f"{choice.player} chooses {option}"
    return f"{choice.player} chooses {quote(option)}"


def _sets(choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every set of the asked size (any size up to it, or none, for "up to")."""
    cards = [o for o in choice.options if o != "none"]
    up_to = "none" in choice.options
    out: list[tuple[str, tuple[str, ...]]] = [("none", (f"{choice.player} chooses none",))] if up_to else []
    for k in range(1, choice.pick + 1) if up_to else (choice.pick,):
        for group in combinations(cards, k):
            if len(out) >= _MAX_SETS:
                return tuple(out)
            words = ", ".join(quote(c) for c in group)
            out.append((words, (f"{choice.player} chooses {words}",)))
    return tuple(out)


def explore_answers(state: Hashable, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if choice.pick > 1:
        return _sets(choice)
    return tuple((o, (line,)) for o in choice.options if (line := answer_line(choice, o)) is not None)
