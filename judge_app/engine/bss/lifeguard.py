"""Restrictions on the life an attack reduces: "Neither player's life can be reduced by an attack from a spirit that
has 2000 or fewer BP", "your life cannot be reduced by that spirit's attacks", "Attacks from <spirits> cannot reduce
your life to 0", "Your life can only be reduced by 1 each time you take damage from an attack by <spirits>".

The card text contradicts the rule that moves as many cores from the attacked player's life as the attacker has
symbols (7-1-5-3-1), and the card's text takes precedence (1-3-1): the cores the restriction allows move, no more
(1-3-2: as much of the action as possible). Each restriction is a word the attacking spirit carries (vocab.Forbid,
from a constant or a resolved effect, view.py), so the spirits it names are decided as for any other restriction
(8-8-1-4); a BP condition is judged on the attacker as the damage is applied.
"""

from __future__ import annotations

import re

__all__ = ["GUARD", "OF_EFFECT", "guard_word", "is_yours", "limit"]

GUARD = "reduce "  # every restriction word of this module starts so, and ends with " by its attacks[ while …]"
OF_EFFECT = " | effect of "  # "your life": the view keeps whose effect it is (view._whose)
_WORD = re.compile(r"reduce (your )?life( to 0| by more than 1)? by its attacks(?: while it has (\d+) or (fewer|more) "
                   r"BP)?(?: \| effect of (\w+))?$")


def guard_word(yours: bool, how: str, bp: tuple[str, int] | None) -> str:
    """The restriction as the state words it: `how` "" (no core), " to 0" (not the last), " by more than 1"."""
    tail = "" if bp is None else f" while it has {bp[1]} or {'fewer' if bp[0] == '<=' else 'more'} BP"
    return f"reduce {'your ' if yours else ''}life{how} by its attacks{tail}"


def is_yours(what: str) -> bool:
    """A restriction on the life of the effect's controller only (view._whose appends whose effect it is)."""
    return what.startswith("reduce your life")


def limit(forbid: frozenset[str], bp: int | None, attacked: str, n: int, life: int) -> tuple[int, list[str]]:
    """The cores the damage moves from the attacked player's life (`n` by the rules, `life` there) under the attacking
    spirit's restrictions, and the restrictions that lowered it (in words)."""
    moved, why = min(n, life), []
    for what in sorted(forbid):
        m = _WORD.match(what)
        if m is None:
            continue
        yours, how, at, cmp, whose = m.groups()
        if yours and whose != attacked:  # "your life": only the life of that effect's controller
            continue
        if at is not None and (bp is None or (bp > int(at) if cmp == "fewer" else bp < int(at))):
            continue
        cap = 0 if how is None else life - 1 if how == " to 0" else 1
        if moved > max(cap, 0):
            moved = max(cap, 0)
            why.append(what.split(OF_EFFECT)[0].replace("your life", f"{attacked}'s life"))
    return moved, why
