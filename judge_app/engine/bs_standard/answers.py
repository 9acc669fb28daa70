"""How a Battle Spirits Standard choice is answered in the scenario language: the explorer's Game hooks.

The lines a player writes are the family's (`B chooses "Wolf"`, `B blocks with "Wolf"`, `A passes`,
`A chooses none`), so one listed option is written by bss's `answer_line`. What differs is what the
options do not list: the Flash effects a player holds in Standard's Flash Timing (8-1-2-1, 8-1-4-1),
a [Flash] magic in the hand (12-2-1-5-1, paid as 11-3-1 and 2-3-3 say) or an activated [Flash]
effect of a card on the Field (9-1-6-1), and several targets selected at once (9-3-2-1, "up to"
1-4-5-1). A card in the Pending State (10-2-2-4) or a [Once per turn] effect already used (12-3-1-1)
is not offered; anything else the rules reject (a cost that cannot be paid) the explorer drops.
"""

from __future__ import annotations

import re
from dataclasses import replace

from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.rules import _reduction, confirmed_cost
from judge_app.engine.bs_standard.state import CardType, Stage, State, other
from judge_app.engine.bss import answers as saga
from judge_app.engine.bss.answers import _card_sets as card_sets
from judge_app.engine.bss.answers import quote
from judge_app.engine.core import Choice

Answers = tuple[tuple[str, tuple[str, ...]], ...]
# A waiting or replacement effect is listed as `"Card": effect text` (unquoted text, unlike Saga's labels).
_LABEL = re.compile(r'^"(?P<source>[^"]+)": (?P<text>.+)$')


def answer_line(choice: Choice, option: str) -> str | None:
    """The line that answers `choice` with `option`; Saga's words except for effect labels: the card's name
    when it has one effect among the options, else the effect's text (both read by the Standard dialect)."""
    if choice.rule in ("11-1-1-6", "11-2-1-6"):  # cores placed on a card put onto the Field by an effect (effects._put_free)
        return f"{choice.player} chooses {option.replace(', ', ' and ')}"
    if m := _LABEL.match(option):
        sources = [lm["source"] for o in choice.options if (lm := _LABEL.match(o))]
        value = m["source"] if sources.count(m["source"]) == 1 else m["text"]
        return f"{choice.player} chooses {quote(value)}"
    return saga.answer_line(choice, option)


def explore_answers(state: object, choice: Choice) -> Answers:
    if choice.pick > 1:
        return card_sets(choice)
    out = [(o, (line,)) for o in choice.options if (line := answer_line(choice, o)) is not None]
    b = state.battle if isinstance(state, State) else None
    if not isinstance(state, State) or b is None or b.stage is Stage.BLOCK or b.to_act != choice.player \
            or "pass" not in choice.options:
        return tuple(out)
    flash = _flash_effects(state, choice.player)
    if not flash and b.passes == 0 and not _flash_effects(replace(state, battle=replace(b, to_act=other(b.to_act))),
                                                          other(b.to_act)):
        # Neither player holds a Flash effect: both pass and the Flash Timing ends (8-1-2-1, 8-1-4-1); one answer.
        return (("pass", (f"{choice.player} passes", f"{other(choice.player)} passes")),)
    return tuple(out + flash)


def _flash_effects(state: State, who: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each Flash effect `who` may use in the open Flash Timing: a [Flash] magic in the hand (paid from the
    reserve at its cost less its reduction, 2-3-3; left to the player when the reserve cannot pay it), and a
    card on the Field with an activated [Flash] effect."""
    pl = state.p(who)
    out: list[tuple[str, tuple[str, ...]]] = []
    banned = E.player_banned(state, who, "use magic cards") is not None  # 1-4-3: not an option while prohibited
    for card in pl.hand:
        if card.type is not CardType.MAGIC or banned:
            continue
        if not any(e.kind == "magic" and "flash" in e.labels for e in E.effects_of(card)):
            continue
        cost = max(0, confirmed_cost(state, who, card, "use") - _reduction(state, who, card))
        pay = " paying nothing" if cost == 0 else f" paying {cost} from reserve" if pl.reserve >= cost else ""
        out.append((f"use {quote(card.uid)}", (f"{who} uses {quote(card.uid)}{pay}",)))
    for card in pl.field:  # 【Activate: Flash】 (9-1-6-1), not in the Pending State (10-2-2-4), not used up (12-3-1-1)
        if state.pending_of(card.uid) is None and any(
                e.kind == "activated" and "flash" in e.labels and E.at_level(state, who, card, e)
                and not (e.once_per_turn and (card.uid, e.text) in state.once_used) for e in E.effects_of(card)):
            out.append((f"activate {quote(card.uid)}", (f"{who} activates {quote(card.uid)}",)))
    return out
