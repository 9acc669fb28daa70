"""Restrictions on destruction: "cannot be destroyed", "… by effects", "… by opposing effects" (1-3-3).

A restriction beats an instruction: a card an active effect says cannot be destroyed stays on the field
when a rule or an effect would destroy it. "By effects" means destruction effects, the effects worded
"destroy" (10-14-1); a spirit whose BP an effect lowers to 0 is destroyed by the rules, not by a
destruction effect (10-14-2), so that restriction does not keep it. Self-destruction (10-1-1-1) is not
a destruction these restrictions name.

"Is not affected by opposing effects" (immunity.py) also keeps a destruction effect of the opponent off
the card, 【Curse】 included.
"""

from __future__ import annotations

from typing import Any

from judge_app.engine.bss import view as V
from judge_app.engine.bss.immunity import immunity
from judge_app.engine.bss.state import State
from judge_app.engine.core import EventLog

__all__ = ["RESTRICTIONS", "prevents_destruction"]

RESTRICTIONS = ("be destroyed", "be destroyed by effects", "be destroyed by opposing effects")


def _applies(what: str, who: str, cause: Any) -> bool:
    if what == "be destroyed":
        return True
    by_effect = cause is not None and cause.kind == "effect" and cause.destruction_effect
    if what == "be destroyed by effects":
        return by_effect
    return by_effect and cause.by not in (None, who)


def prevents_destruction(state: State, log: EventLog, who: str, uid: str, cause: Any) -> bool:
    """True (and the step logged) when an active restriction keeps `uid` from being destroyed."""
    v = V.view(state, uid)
    if v is None:
        return False
    for what in RESTRICTIONS:
        if what in v.forbid and _applies(what, who, cause):
            how = "a destruction effect" if cause is not None and cause.kind == "effect" else (
                "the battle" if cause is not None and cause.kind == "battle" else "the rules")
            log.add("prevent", f'"{uid}" cannot {what}: {how} does not destroy it (an active restriction beats '
                               "the instruction).", ("1-3-3",) + (("10-14-1",) if "effects" in what else ()),
                    subject=uid)
            return True
    # the effect itself destroys (10-14-1, 11-3-1): a card left at 0 BP is destroyed by the rules (10-14-2)
    shield = immunity(v.forbid, who, cause.by, cause.source_type) if (
        cause is not None and cause.kind == "effect" and cause.destruction_effect) else None
    if shield is not None:
        log.add("prevent", f'"{uid}" cannot {shield}: the effect of "{cause.source}" does not destroy it (an active '
                           "restriction beats the instruction).", ("1-3-3", "1-3-1", "10-14-1"), subject=uid)
        return True
    return False
