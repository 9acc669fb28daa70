""""Is not affected by opposing [magic / spirit / nexus] effects": the restriction on the opponent's effects.

The card is not selected by those effects, "all" does not include it (resolve.select), their constant
effects do not apply to it (view.py), they do not destroy it (protect.py, 【Curse】 included) and 【Gale】
does not exhaust it (keywords.py): an active effect that
prevents an action beats the instruction (1-3-3), and the card's text beats the rules (1-3-1). The
rules document does not define the wording; this is the one place that reads it. Effects of the
opponent that already apply when the restriction starts keep applying: a resolved continuous effect
fixed the cards it applies to when it resolved (8-8-1-4), and the rules do not say that a later
restriction undoes that (resolve.py says so in the log).
"""

from __future__ import annotations

from judge_app.engine.bss.state import CardType

__all__ = ["IMMUNE", "immunity"]

IMMUNE = "be affected by opposing "  # + "effects" | "magic effects" | "spirit/nexus effects" ...
_KIND = {CardType.SPIRIT: "spirit", CardType.NEXUS: "nexus", CardType.MAGIC: "magic"}


def immunity(forbid: frozenset[str], owner: str, controller: str | None, source_type: CardType | None,
             prefix: str = IMMUNE) -> str | None:
    """The restriction ("be affected by opposing … effects", or another `prefix`: selguard.py) that keeps an effect of
    `controller`, from a card of `source_type`, off a card of `owner` with restrictions `forbid`; None when it may
    affect it."""
    if controller is None or controller == owner:
        return None
    for what in sorted(forbid):
        if what.startswith(prefix):
            kinds = what[len(prefix):].removesuffix("effects").strip()
            if not kinds or (source_type is not None and _KIND.get(source_type, "") in kinds.split("/")):
                return what
    return None
