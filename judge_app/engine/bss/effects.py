"""The effect seam. Part 1 executes no card effect: any effect that could change an outcome is an error.

Part 2 (issue 8) registers effect parsers here (`EFFECT_PARSERS`) and fills the hooks the procedures
call (`after_attack`, `after_block`, `after_damage`, ...). Until then every hook is a no-op because
`require_supported` has already refused any card that carries effect text into play.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from judge_app.engine.bss.state import Card
from judge_app.engine.core import Unsupported

# Chapter 11 keyword effects, by the names cards print in 【】.
KEYWORDS = ("Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
            "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link")

# text -> parsed effect (or None when the text is not understood). Empty in part 1.
EFFECT_PARSERS: list[Callable[[str], object | None]] = []

_KEYWORD_RE = re.compile(r"[【\[]\s*([^】\]:：]+?)\s*(?:[:：][^】\]]*)?[】\]]")
_KEYWORD_FULL = re.compile(r"^\s*[【\[]\s*([^】\]:：]+?)\s*(?:[:：]\s*([^】\]]*?))?\s*[】\]]\s*(?:\(([^)]*)\))?\s*$")


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword effect as printed: 【Crush: +1】 -> Keyword("Crush", "+1"); an active timing may follow
    in parentheses: 【Gale: 2】 (flash) -> Keyword("Gale", "2", "flash")."""

    name: str
    arg: str | None = None
    timing: str | None = None


def parse_keyword(text: str) -> Keyword | None:
    """The keyword effect a whole effect text consists of, if it is one of chapter 11's keywords."""
    m = _KEYWORD_FULL.match(text)
    if not m:
        return None
    name = m.group(1).strip()
    canon = {k.lower(): k for k in KEYWORDS}.get(name.lower())
    if canon is None:
        return None
    return Keyword(canon, (m.group(2) or "").strip() or None, (m.group(3) or "").strip() or None)


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
        raise Unsupported(f'effect "{text}" of "{card.uid}" is not supported yet: the engine does not '
                          "execute card effects yet", subject=card.uid,
                          hint="remove the effect text if it cannot change the outcome")


# ---------------------------------------------------------------------------------------------
# Hooks: the procedures call these at the timing points the rules name. In part 1 no card with
# effects is ever in play (require_supported refuses it), so each returns the state unchanged.
# Part 2 activates triggered effects here and resolves them (8-5, 8-6).


def at_step_start(state, log):  # 6-2-1, 6-3-1, 6-4-1, 6-5-1, 6-6-1-1, 6-7-3-1: "at the start of the step"
    return state


def at_turn_end(state, log):  # 6-8-1-1 "end of turn" triggers; 6-8-1-2 "during this turn" effects expire
    return state


def when_summoned(state, log, uid: str):  # after 10-6-7 / 10-7-7
    return state


def when_attacking(state, log, uid: str):  # 7-1-1-2
    return state


def when_blocking(state, log, uid: str):  # 7-1-3-2
    return state


def after_damage(state, log, uid: str, moved: int):  # 7-1-5-3-1 (e.g. 11-7 Blessed)
    return state


def when_destroyed(state, log, uids: tuple[str, ...], self_destroyed: bool):  # 10-1-3-3
    # Called per destroyed card today; part 2 batches simultaneous destructions so a trigger
    # fulfilled several times at once activates once (8-6-3), and skips self-destruction (10-1-1-1).
    return state


def battle_ends(state, log):  # 7-1-6-1 "when the battle ends"; 7-1-6-2 battle-long effects end
    return state
