"""The one table of effect executors (`_EXECUTE`, by effect node type) and `execute`, which runs one effect node.
The table is filled by the package `__init__` from each executor module's `EXECUTORS`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge_app.engine.core import EventLog, Unsupported
from judge_app.engine.ws.state import State
from judge_app.engine.ws.zones import happened

# An effect's procedure: (state, log, the player whose effect it is, the ability's card, the effect node) -> state.
Executor = Callable[[State, EventLog, str, str, Any], State]

# One procedure per one-shot effect the card-text reader builds (8.8.1: executed once), from the executor
# modules' own tables (the package gathers them; an executor calls `execute` for the effects inside its node).
_EXECUTE: dict[type, Executor] = {}


def execute(state: State, log: EventLog, p: str, source: str, eff: object) -> State:
    run = _EXECUTE.get(type(eff))
    if run is None:  # pragma: no cover - the reader builds only the above
        raise Unsupported(f"effect {eff!r} is not executed")
    if not _PLACING_HEADS.isdisjoint(state.catalog.auto_heads):  # s13 heads: an ability waits for a character an effect puts on the stage
        return _placing(state, log, p, source, eff, run)
    return run(state, log, p, source, eff)


# s20 head: "When (your opponent uses / you use) "Change"" waits for a card placed by a Change effect too (10.8.5)
_PLACING_HEADS = frozenset(("placed-by", "used-change", "opp-used-change"))


def _placing(state: State, log: EventLog, p: str, source: str, eff: object,
             run: Executor) -> State:
    """An effect run where an automatic ability waits for a character put on the stage "by the 【AUTO】 effect of "X""
    (8.7.2): each character the effect (with the effects inside it) put on a stage position is noted with the effect's
    card and the kinds of the ability being resolved (`resolving`), for `collect` (`_placed_by`)."""
    depth = log.scratch.get("placing", 0)
    log.scratch["placing"] = depth + 1
    try:
        out = run(state, log, p, source, eff)
    finally:
        log.scratch["placing"] = depth
    if depth or out.serial == state.serial:
        return out
    kinds = log.scratch.get("resolving", ())
    for who in ("A", "B"):
        for _pos, o in out.side(who).characters():
            if o.placed > state.serial:
                happened(log, "placed-by", who, o.uid, source, kinds)
    return out
