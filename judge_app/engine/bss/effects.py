"""The effect seam. Part 1 executes no card effect: any effect that could change an outcome is an error.

Part 2 (issue 8) registers effect parsers here (`EFFECT_PARSERS`) and fills the hooks the procedures
call (`after_attack`, `after_block`, `after_damage`, ...). Until then every hook is a no-op because
`require_supported` has already refused any card that carries effect text into play.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge_app.engine.bss.state import Card
from judge_app.engine.core import Unsupported

# Chapter 11 keyword effects, by the names cards print in 【】.
KEYWORDS = ("Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
            "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link")

# text -> parsed effect (or None when the text is not understood). Empty in part 1.
EFFECT_PARSERS: list[Callable[[str], object | None]] = []

_KEYWORD_RE = re.compile(r"[【\[]\s*([^】\]:：]+?)\s*(?:[:：][^】\]]*)?[】\]]")


def parse_effect(text: str) -> object | None:
    for parser in EFFECT_PARSERS:
        eff = parser(text)
        if eff is not None:
            return eff
    return None


def require_supported(card: Card) -> None:
    """Refuse a card whose effect text the engine cannot execute: a silent wrong answer is worse."""
    for text in card.effects:
        if parse_effect(text) is not None:
            continue
        m = _KEYWORD_RE.search(text)
        if m and m.group(1) not in KEYWORDS:
            raise Unsupported(f'unknown keyword effect "{m.group(1)}" on "{card.uid}"', subject=card.uid,
                              hint="keyword effects: " + ", ".join(KEYWORDS))
        raise Unsupported(f'effect "{text}" of "{card.uid}" is not supported yet (card effects come with '
                          "issue 8); remove it if it cannot matter", subject=card.uid)
