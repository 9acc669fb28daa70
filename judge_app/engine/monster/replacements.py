"""Replacement effects (10.2.1.3, 10.9) and the infinite loop they can make (13.1).

A battle card's "When this card would be destroyed, [you may] (action) instead." is a replacement
effect while the card is on the field: the destruction does not occur at all (10.9.1, 10.9.1.1) and
the action is performed instead. An optional one ("you may") is asked of the card's master and is
not applied when the action cannot be performed in its entirety (10.9.3, 10.5.4.1). When several
apply to one destruction, the card's master chooses the one applied (10.9.2, 10.9.2.1); each applies
to one event at most once (10.9.2.3). The core's `choose_replacement` asks.

Two such cards can replace each other's destruction for ever. When the same destruction comes back
with the game state completely identical and no player made a choice in between, neither player can
stop the loop: the game is a draw (13.1.1, 13.1.1.3).

The action is performed by the effect procedures (`abilities.perform`), which sit above this module:
they register themselves with `set_performer` (the procedures import this module, never the reverse).
"""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core import Answers, EventLog, GameOver, Verdict, VerdictKind
from judge_app.engine.core.replacement import choose_replacement
from judge_app.engine.monster.cardtext import abilities
from judge_app.engine.monster.effects import Ability, Discard, Instruction
from judge_app.engine.monster.state import Card, State

Performer = Callable[[State, EventLog, tuple[Instruction, ...], str, str], State]
_performer: list[Performer] = []
_STACK = "monster.replacing"  # log.scratch key: the destructions being replaced, innermost last


def set_performer(perform: Performer) -> None:
    _performer[:] = [perform]


def _answers(log: EventLog) -> Answers | None:
    return log.answers if isinstance(log.answers, Answers) else None


def performable(s: State, who: str, steps: tuple[Instruction, ...]) -> bool:
    """10.5.4.1: the action must be performed in its entirety (a discard needs the cards in hand)."""
    need = sum(x.n for x in steps if isinstance(x, Discard) and x.who == "you")
    return len(s.p(who).hand) >= need


def _loop_check(s: State, log: EventLog, key: tuple[str, str, State]) -> None:
    pos = a.pos if (a := _answers(log)) is not None else 0
    for k, at in log.scratch.get(_STACK, ()):
        if k == key and at == pos:
            log.add("loop", f"\"{key[1]}\" would be destroyed again with the game state completely identical, and no "
                    "player has made a choice since: the replacements repeat without end and neither player can "
                    "stop them. The game ends in a draw.", ("13.1.1", "13.1.1.3"), subject=key[1])
            raise GameOver(Verdict(VerdictKind.DRAW, None, "an infinite loop neither player can stop (13.1.1.3)"), s)


def _which(s: State, log: EventLog, who: str, top: Card, usable: list[Ability]) -> Ability | None:
    if len(usable) == 1 and not usable[0].optional:
        return usable[0]
    labels = [ab.text for ab in usable]
    question = (f"Does {who} apply \"{top.uid}\"'s optional replacement effect (or none)?" if len(usable) == 1 else
                f"\"{top.uid}\" would be destroyed: which replacement effect does {who} apply?")
    i = choose_replacement(_answers(log), who, question, labels, mandatory=any(not ab.optional for ab in usable),
                           rule="10.9.2.1" if len(usable) > 1 else "10.2.1.3.2", line=log.line,
                           match=lambda v: 0 if len(usable) == 1 and v in ((top.uid,), ("yes",)) else None)
    return None if i is None else usable[i]


def replace_destruction(s: State, log: EventLog, who: str, top: Card) -> State | None:
    """The state after a replacement effect of `top` replaced its destruction, or None: it is destroyed."""
    effects = [ab for ab in abilities(top) if ab.keyword == "replacement"]
    if not effects:
        return None
    usable = [ab for ab in effects if not ab.optional or performable(s, who, ab.steps)]
    for ab in effects:
        if ab not in usable:
            log.add("not-applied", f"\"{top.uid}\"'s optional replacement effect cannot be performed in its entirety: "
                    "it is not applied.", ("10.9.3", "10.5.4.1"), subject=top.uid)
    if not usable:
        return None
    chosen = _which(s, log, who, top, usable)
    if chosen is None:
        log.add("decline", f"{who} does not apply \"{top.uid}\"'s optional replacement effect.", ("10.2.1.3.2",),
                subject=top.uid)
        return None
    # After the choice, not before: a player who may decline is asked again each time round, and so can stop
    # the loop; only a round with no choice at all is one neither player can stop (13.1.1.3).
    key = (who, top.uid, s)
    _loop_check(s, log, key)
    ab = chosen
    log.add("replace", f"\"{top.uid}\" would be destroyed: instead, its replacement effect applies (\"{ab.text}\"); "
            "the destruction does not occur.", ("10.9.1", "10.9.1.1", "10.2.1.3.2" if ab.optional else "10.2.1.3.1")
            + (("10.9.2", "10.9.2.1") if len(usable) > 1 else ()), subject=top.uid)
    pos = a.pos if (a := _answers(log)) is not None else 0
    stack = log.scratch.setdefault(_STACK, [])
    stack.append((key, pos))
    try:
        return _performer[0](s, log, ab.steps, who, top.uid)
    finally:
        stack.pop()
