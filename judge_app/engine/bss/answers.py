"""How a bss choice is answered in the scenario language: the Game hooks the explorer uses.

`answer_line` writes one listed option as the line a player would write (`B chooses "Wolf"`,
`B blocks with "Wolf"`, `A passes`); `explore_answers` adds what the options do not list: target
sets when several cards are chosen at once, and in a flash window each flash effect the player to
act holds (chapter 7's flash windows). Which of those the player can actually use is the rules' business: the
explorer drops the answers the replay rejects.
"""

from __future__ import annotations

import re
from itertools import combinations

from judge_app.engine.bss import view as V
from judge_app.engine.bss.state import CardType, Stage, State, other
from judge_app.engine.core import Choice
from judge_app.engine.core.evolve import evolve

_LABEL = re.compile(r'^"(?P<source>[^"]+)": "(?P<text>.*)"$')  # an activation: "Card": "effect text"
_NUMBERED = re.compile(r"^(?P<n>\d+): ")  # one of a card's effects: "2: flash: …"
_WORDS = {"yes", "no", "none", "core", "soul core", "discard", "top"}  # options written unquoted (not cards)
_MAX_SETS = 256  # target sets tried for one choice; the explorer's leaf cap is far lower anyway


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def answer_line(choice: Choice, option: str) -> str | None:
    p = choice.player
    if "…" in option or option.startswith("from ") or "【Ascend】" in choice.question:
        return None  # a payment or an 【Ascend】 source: completed in the declaration itself
    if option == "no block":  # the block declaration (`pending_choice`)
        return f"{p} does not block"
    if option.startswith("block with "):
        return f"{p} blocks with {option[len('block with '):]}"
    if option == "pass":  # a flash window (`pending_choice`)
        return f"{p} passes"
    if m := _LABEL.match(option):  # the order of simultaneous effects, or a substitution effect
        sources = [lm["source"] for o in choice.options if (lm := _LABEL.match(o))]
        value = m["source"] if sources.count(m["source"]) == 1 else m["text"]
        return f"{p} chooses {quote(value)}"
    if m := _NUMBERED.match(option):
        return f"{p} chooses {m['n']}"
    if option.isdigit() or option.lower() in _WORDS:
        return f"{p} chooses {option.lower()}"
    return f"{p} chooses {quote(option)}"  # a card


def explore_answers(state: State, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if choice.pick > 1:
        return _card_sets(choice)
    out: list[tuple[str, tuple[str, ...]]] = [(o, (line,)) for o in choice.options if (line := answer_line(choice, o)) is not None]
    b = state.battle
    if b is not None and b.stage is not Stage.BLOCK and b.to_act == choice.player and "pass" in choice.options:
        flash = _flash_effects(state, choice.player)
        if not flash and b.passes == 0 and not _flash_effects(evolve(state, battle=evolve(b, to_act=other(b.to_act))),
                                                              other(b.to_act)):
            # Neither player holds a flash effect: passing changes nothing else, so the window closes
            # with both passes (one answer, not two choices in a row).
            return (("pass", (f"{choice.player} passes", f"{other(choice.player)} passes")),)
        out += flash
    return tuple(out)


def _card_sets(choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Several cards chosen at once: every set of the asked size (any size up to it, or none, for "up to")."""
    cards = [o for o in choice.options if o != "none"]
    up_to = "none" in choice.options
    out: list[tuple[str, tuple[str, ...]]] = []
    if up_to:
        out.append(("none", (f"{choice.player} chooses none",)))
    sizes = range(1, choice.pick + 1) if up_to else (choice.pick,)
    for k in sizes:
        for group in combinations(cards, k):
            if len(out) >= _MAX_SETS:
                return tuple(out)
            out.append((", ".join(quote(c) for c in group),
                        (f"{choice.player} chooses " + ", ".join(quote(c) for c in group),)))
    return tuple(out)


def _flash_effects(state: State, who: str) -> list[tuple[str, tuple[str, ...]]]:
    """A flash window left open: each flash effect `who` holds, on a magic card in the hand (10-8) or on a
    card on the field (8-1-3). A magic is paid from the reserve at its lowest cost (2-7-3); when the
    reserve cannot pay it, the payment is left to the player (the engine then asks for it)."""
    from judge_app.engine.bss.rules import _reductions, use_cost

    b = state.battle
    if b is None or b.stage is Stage.BLOCK or b.to_act != who:
        return []
    pl = state.p(who)
    out: list[tuple[str, tuple[str, ...]]] = []
    views = V.views(state)
    symbols = [s for c in pl.field for s in views[c.uid].symbols]
    for card in pl.hand:
        if card.type is not CardType.MAGIC:
            continue
        flash = [e for e in V.card_effects(card) if e.kind == "activated" and "flash" in e.labels]
        cost = max(0, use_cost(state, None, who, card) - max(_reductions(symbols, card.reduction)))
        pay = " paying nothing" if cost == 0 else f" paying {cost} from reserve" if pl.reserve >= cost else ""
        for i, _e in enumerate(flash, 1):
            which = f", effect {i}" if len(flash) > 1 else ""
            out.append((f"use {quote(card.uid)}" + (f" (effect {i})" if which else ""),
                        (f"{who} uses {quote(card.uid)}{pay}{which}",)))
    for card in pl.field:
        v = views[card.uid]
        flash = [e for e in v.effects if e.kind == "activated" and "flash" in e.labels]
        for i, _e in enumerate(flash, 1):
            which = f", effect {i}" if len(flash) > 1 else ""
            out.append((f"activate {quote(card.uid)}" + (f" (effect {i})" if which else ""),
                        (f"{who} activates {quote(card.uid)}{which}",)))
    return out
