"""Delayed directives: "At the end of this turn, <directive>." (cardnodes.Delayed), set up by a resolving effect.

The rules name the moment: effects worded "end of your turn" activate in the end step (6-8-1-1). They are silent
about an effect that sets a directive up for later, so these are the engine's decisions, each said in the answer:
* resolving the effect only sets the directive up (`State.delayed`); nothing else happens then;
* in the end step it activates with the effects worded "end of turn" (6-8-1-1), in the same batch of simultaneous
  activations, so the player taking their turn orders them (8-5-2-4); it resolves as they do;
* it activates with its source as the card is then (wherever it is), not as it was when it was set up;
* one set up after this turn's end-of-turn effects activated (by one of them) has missed its moment: the rules do not
  say whether it waits for a later end of turn; it lapses when the turn ends (6-8-1-3), as effects active "during
  this turn" do (6-8-1-2), and never activates.

A board states a waiting one as `A delayed: "At the end of this turn, draw a card.", from "Source"` (dialect.py).
"""

from __future__ import annotations

from judge_app.engine.bss import cardnodes as M
from judge_app.engine.bss.state import Activation, Card, CardType, DelayedEffect, State
from judge_app.engine.bss.vocab import Effect, EffectSyntaxError
from judge_app.engine.core import EventLog
from judge_app.engine.core.evolve import evolve

__all__ = ["activate", "activate_battle", "carried", "lapse", "read_text", "read_when", "set_up", "set_up_battle"]

DECIDED = "the engine's decision: the rules say nothing of a directive set up for later"


def _effect(d: M.Delayed | M.BattleDelayed) -> Effect:
    """The effect that activates in the end step: the one directive, worded as printed."""
    return Effect(text=d.text, kind="triggered", body=(d.then,))


def set_up(state: State, log: EventLog, controller: str, source: str, d: M.Delayed, on: tuple[str, ...] = ()) -> State:
    """A resolving effect sets the directive up; it is not performed now. `on`: the cards selected before it that its
    "it" names (8-5-3), kept for the end step."""
    names = ", ".join(f'"{u}"' for u in on)
    names = f' for {names}, the card{"s" * (len(on) != 1)} selected now (8-5-3)' if on else ""
    log.add("delayed", f'"{source}"\'s effect sets up "{d.text}"{names}: the directive is performed at the end of this '
                       f'turn, when the effects worded "end of turn" activate (6-8-1-1; {DECIDED}).',
            ("6-8-1-1", "8-5-1") + (("8-5-3",) if on else ()), subject=source)
    return evolve(state, delayed=state.delayed + (DelayedEffect(controller, source, _effect(d), on),))


def read_text(text: str, on: bool = False) -> Effect:
    return read_when(text, on)[0]


def read_when(text: str, on: bool = False) -> tuple[Effect, str]:
    """The effect a board's `delayed:` line quotes ("At the end of this turn, draw a card."), read as card text reads
    it; `on`: the line names the cards its "it" means (read after a selection, as printed). EffectSyntaxError when
    the text is not one delayed directive the engine executes, or names selected cards exactly when `on` is not."""
    from judge_app.engine.bss.view import read_effects

    effs = read_effects(("[Main] Select a spirit. " if on else "[Main] ") + text)
    body = effs[0].body[int(on):] if len(effs) == 1 and not effs[0].cost and not effs[0].optional else ()
    if len(body) != 1 or not isinstance(body[0], M.Delayed | M.BattleDelayed) or body[0].text != text.strip():
        raise EffectSyntaxError("not one delayed directive", text,
                                'quote one sentence "At the end of this turn, <directive>." or "When this battle ends, '
                                '<directive>.", as card text prints it')
    return _effect(body[0]), "battle" if isinstance(body[0], M.BattleDelayed) else "turn"


def _card(state: State, uid: str) -> Card:
    """The source as it is now (anywhere on the board); a token that has ceased to exist, as a bare token."""
    loc = state.locate(uid)
    return loc[2] if loc is not None else Card(uid=uid, type=CardType.SPIRIT, token=True)


def activate(state: State, log: EventLog, waiting: int) -> State:
    """6-8-1-1: the delayed directives activate with the effects worded "end of turn" (those activated just now, after
    the `waiting` batches that were there before): one batch of simultaneous activations (8-5-2-4)."""
    if not any(d.at == "turn" for d in state.delayed):
        return state
    now = []
    for d in (d for d in state.delayed if d.at == "turn"):
        log.add("trigger", f'"{d.source}"\'s delayed directive "{d.effect.text}", set up earlier this turn, activates '
                           f'with the effects worded "end of turn" (6-8-1-1; {DECIDED}).', ("6-8-1-1", "8-6-1"),
                subject=d.source)
        # kind "delayed": it resolves as a triggered effect does; `that` holds its "it" (`carried`)
        now.append(Activation(d.controller, d.source, d.effect, _card(state, d.source), d.on, "delayed"))
    pending = state.pending
    if len(pending) > waiting:  # the end-of-turn effects activated just now: one batch with them
        pending = pending[:-1] + (pending[-1] + tuple(now),)
    else:
        pending = pending + (tuple(now),)
    return evolve(state, pending=pending, delayed=tuple(d for d in state.delayed if d.at != "turn"))


def carried(state: State, log: EventLog, act: Activation) -> tuple[str, ...]:
    """As a delayed directive resolves, its "it": the cards selected when it was set up (kept in `act.that`), those
    still on the field (8-5-4: a spirit or nexus with no further description is on the field); one that has left is
    not acted on. Any other activation starts with nothing selected."""
    if act.kind != "delayed" or not act.that:
        return ()
    gone = [u for u in act.that if not any(c.uid == u for w in ("A", "B") for c in state.p(w).field)]
    if gone:
        names = ", ".join(f'"{u}"' for u in gone)
        log.add("nothing", f'"{act.source}"\'s delayed directive: {names} {"is" if len(gone) == 1 else "are"} no '
                           f'longer on the field, so the directive does not act on {"it" if len(gone) == 1 else "them"} '
                           "(8-5-4).", ("8-5-4",), subject=act.source)
    return tuple(u for u in act.that if u not in gone)


def lapse(state: State, log: EventLog) -> State:
    """6-8-1-3: the turn ends; a delayed directive still waiting was set up after this turn's end-of-turn effects
    activated (6-8-1-1). The rules do not say whether it waits for a later end of turn: the engine lets it lapse with
    this turn, as effects active "during this turn" do (6-8-1-2)."""
    for d in (d for d in state.delayed if d.at == "turn"):
        log.add("nothing", f'"{d.source}"\'s delayed directive "{d.effect.text}" was set up after this turn\'s '
                           "end-of-turn effects activated (6-8-1-1); the rules do not say whether it waits for a later "
                           "end of turn, and the engine lets it lapse with this turn (6-8-1-2).",
                ("6-8-1-1", "6-8-1-2", "6-8-1-3"), subject=d.source)
    return evolve(state, delayed=tuple(d for d in state.delayed if d.at != "turn")) if state.delayed else state


# ---- s16 bss: "When this battle ends, <directive>." (cardnodes.BattleDelayed) -----------------------------------------
BATTLE_DECIDED = "the engine's decision: the rules say nothing of a directive set up for the end of a battle"


def set_up_battle(state: State, log: EventLog, controller: str, source: str, d: M.BattleDelayed,
                  on: tuple[str, ...] = ()) -> State:
    """Set up during a battle: the directive waits for that battle's end (7-1-6-1)."""
    names = ", ".join(f'"{u}"' for u in on)
    names = f' for {names}, the card{"s" * (len(on) != 1)} selected now (8-5-3)' if on else ""
    log.add("delayed", f'"{source}"\'s effect sets up "{d.text}"{names}: the directive is performed when this battle '
                       f"ends (7-1-6-1; {BATTLE_DECIDED}).", ("7-1-6-1", "8-5-1") + (("8-5-3",) if on else ()),
            subject=source)
    return evolve(state, delayed=state.delayed + (DelayedEffect(controller, source, _effect(d), on, "battle"),))


def activate_battle(state: State, log: EventLog) -> State:
    """7-1-6-1: the battle ends; the directives set up for its end activate, one batch of simultaneous activations
    (8-5-2-4: the player taking their turn orders them), resolved as triggered effects are."""
    waiting = [d for d in state.delayed if d.at == "battle"]
    if not waiting:
        return state
    now = []
    for d in waiting:
        log.add("trigger", f'"{d.source}"\'s delayed directive "{d.effect.text}" activates as the battle ends (7-1-6-1; '
                           f"{BATTLE_DECIDED}).", ("7-1-6-1", "8-6-1"), subject=d.source)
        now.append(Activation(d.controller, d.source, d.effect, _card(state, d.source), d.on, "delayed"))
    return evolve(state, pending=state.pending + (tuple(now),),
                  delayed=tuple(d for d in state.delayed if d.at != "battle"))
