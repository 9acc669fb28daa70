"""s16 bss: a condition on this card read by an effect that resolves after the card left the field.

"(When Destroyed) If this spirit has a "Soul Core" on it, …", "… has three or more cores on it", "… is at LV2 or
higher": a "When Destroyed" effect activates when the destruction is confirmed, with the card still on the field
(10-1-3-3), and resolves after the card and its cores were placed into the trash and the reserve (10-1-3-4). The
rules do not say which state such a condition then reads; the engine reads the card's last state on the field, as
8-10-1 has an effect directive that observes a card which moved read its last state, and says in the answer that
this is its decision. The last state is the one `resolve.remember` keeps as the card leaves the field (the soul
core's place with it, below); without it (the card left the field before the action the scenario replays) the
engine refuses by name, as before.
"""

from __future__ import annotations

from judge_app.engine.bss.state import PLAYERS, State
from judge_app.engine.core import EventLog

__all__ = ["DECIDED", "holds", "remember_soul"]

DECIDED = ("the rules do not say which state a condition on this card reads once the card has left the field; the "
           "engine's decision: its last state on the field, as 8-10-1 reads a card that moved")
RULES = ("8-10-1", "10-1-3-3", "10-1-3-4")


def _soul_key(uid: str) -> str:
    # kept beside the card's last state (the same working memory, copied with it into simulations)
    return f"{uid}\x00soul core"


def remember_soul(state: State, log: EventLog, uid: str) -> None:
    """As the card leaves the field: whose soul core is on it (4-11-1), for its last state."""
    import judge_app.engine.bss.resolve as E

    lki = E.ctx(log).lki
    on = next((p for p in PLAYERS if state.p(p).soul == uid), None)
    v = lki.recall(uid)
    if v is not None:
        lki.remember(_soul_key(uid), on or "", v)


def holds(state: State, log: EventLog, act, d) -> tuple[bool, str, tuple, tuple[str, ...]] | None:  # noqa: ANN001
    """The condition `d` ("soul", "cores", "level", "highest") on the effect's own card `act.source` read in its last
    state on the field, when it is no longer there; None while it is on the field (the reading as before)."""
    import judge_app.engine.bss.resolve as E

    uid = act.source
    if E.find_field(state, uid) is not None:
        return None
    lki = E.ctx(log).lki
    v = lki.recall(uid)
    if v is None:
        return None  # no last state kept: the readings before refuse by name
    q = E.q(uid)
    if d.kind == "soul":
        whose = lki.where(_soul_key(uid))
        have = whose == act.controller
        what = (f"in its last state on the field {q} had {act.controller}'s soul core on it" if have
                else f"in its last state on the field {q} did not have {act.controller}'s soul core on it")
        return have, f"{what} ({DECIDED})", (), ("4-11-1",) + RULES
    n = d.n or 0
    if d.kind == "cores":
        k = v.card.cores
        ok = k <= n if d.op == "<=" else k >= n
        return ok, (f"in its last state on the field {q} had {k} cores on it, {n} or "
                    f"{'less' if d.op == '<=' else 'more'} needed ({DECIDED})"), (), ("4-11-1",) + RULES
    if d.kind == "highest":
        top = max((lv.lv for lv in v.card.levels), default=0)
        return v.level == top, (f"in its last state on the field {q} was LV{v.level}, its highest level being "
                                f"LV{top} ({DECIDED})"), (), ("2-10-3",) + RULES
    ok = v.level == n if d.op == "==" else v.level <= n if d.op == "<=" else v.level >= n
    need = f"LV{n}" + {"==": "", "<=": " or lower", ">=": " or higher"}.get(d.op or "==", "")
    return ok, f"in its last state on the field {q} was LV{v.level}, {need} needed ({DECIDED})", (), ("2-10-3",) + RULES
