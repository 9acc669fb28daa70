"""The trigger icons' actions (4.12), performed at a trigger check (`trigger_icon`), and the CHOICE icon's choice."""

from __future__ import annotations

from judge_app.engine.core import Choice, EventLog, ask
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities.choices import _choosable, pick, yes_no
from judge_app.engine.ws.abilities.common import (
    _KIND_CHARACTER,
    _KIND_CLIMAX,
    _ORIENT_REST,
    _TRIGGER_CHOICE,
    _TRIGGER_COMEBACK,
    _TRIGGER_DRAW,
    _TRIGGER_GATE,
    _TRIGGER_POOL,
    _TRIGGER_RETURN,
    _TRIGGER_SHOT,
    _TRIGGER_SOUL,
    _TRIGGER_STANDBY,
    _TRIGGER_TREASURE,
    pump,
)
from judge_app.engine.ws.answers import answers_of
from judge_app.engine.ws.state import POSITIONS, State, Trigger, other, replace
from judge_app.engine.ws.zones import (
    draw,
    happened,
    interrupts,
    leave_stage,
    place,
    remove,
    take_top,
    transfer,
)

# --- trigger icons (4.12) -----------------------------------------------------------------------

def trigger_icon(state: State, log: EventLog, p: str, card: str, icon: Trigger) -> State:
    if icon is _TRIGGER_CHOICE:
        return _choice_trigger(state, log, p)
    att = state.attack
    rule = {_TRIGGER_SOUL: "4.12.2.2", _TRIGGER_RETURN: "4.12.2.3", _TRIGGER_POOL: "4.12.2.4",
            _TRIGGER_COMEBACK: "4.12.2.5", _TRIGGER_DRAW: "4.12.2.6", _TRIGGER_SHOT: "4.12.2.7",
            _TRIGGER_TREASURE: "4.12.2.8", _TRIGGER_GATE: "4.12.2.9", _TRIGGER_STANDBY: "4.12.2.10"}[icon]
    if icon is _TRIGGER_SOUL:
        if att and state.on_stage(att.attacker):
            state = pump(state, att.attacker, 0, 1)
            log.add("trigger", f"Soul trigger: {att.attacker!r} gets +1 soul until end of turn.", (rule,),
                    subject=att.attacker)
        return state
    if icon is _TRIGGER_SHOT:
        if att:
            state = replace(state, attack=replace(att, shot=True))
        log.add("trigger", "Shot trigger: when the attacker's next damage this turn is cancelled, it deals 1 damage.",
                (rule,))
        return state
    if icon is _TRIGGER_DRAW:
        if yes_no(log, p, "Draw trigger: draw a card?", rule):
            return draw(state, log, p, 1, rule)
        log.add("decline", f"{p} does not use the draw trigger.", (rule,))
        return state
    if icon in (_TRIGGER_POOL, _TRIGGER_TREASURE):
        if icon is _TRIGGER_TREASURE:
            state = transfer(state, p, "resolution", card, "hand")
            log.add("trigger", f"Treasure trigger: {card!r} goes to {p}'s hand.", (rule,), subject=card)
        if not len(state.side(p).deck):
            return state
        if yes_no(log, p, f"{icon.title()} trigger: put the top card of the deck into the stock?", rule):
            state, top = take_top(state, log, p, reveal=False, why="put into stock", rule=rule, to="stock")
            log.add("trigger", f"{icon.title()} trigger: {p} puts the top card of the deck into the stock.", (rule,))
            return interrupts(state, log)
        log.add("decline", f"{p} does not use the {icon} trigger's stock.", (rule,))
        return state
    if icon in (_TRIGGER_COMEBACK, _TRIGGER_GATE):
        want = _KIND_CHARACTER if icon is _TRIGGER_COMEBACK else _KIND_CLIMAX
        opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str) and state.card(x).kind is want))
        c = pick(log, p, f"{icon.title()} trigger: which {want} returns from the waiting room to hand?", opts, rule, True)
        if c is None:
            log.add("decline", f"{p} returns nothing with the {icon} trigger.", (rule,))
            return state
        state = transfer(state, p, "waiting", c, "hand")
        log.add("trigger", f"{icon.title()} trigger: {c!r} returns to {p}'s hand.", (rule,), subject=c)
        return state
    if icon is _TRIGGER_RETURN:
        opts = _choosable(state, log, p, tuple(o.uid for _pos, o in state.side(other(p)).characters()), rule)
        c = pick(log, p, "Return trigger: which opponent's character returns to its owner's hand?", opts, rule, True)
        if c is None:
            log.add("decline", f"{p} returns nothing with the return trigger.", (rule,))
            return state
        q, pos, _o = state.on_stage(c)  # type: ignore[misc]
        return leave_stage(state, log, q, pos, c, "hand", rule, " (return trigger)")
    if icon is _TRIGGER_STANDBY:
        lv = view.level(state, p) + 1
        opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str)
                                   and state.card(x).kind is _KIND_CHARACTER and state.card(x).level <= lv))
        c = pick(log, p, f"Standby trigger: which character of level {lv} or lower goes to the stage?", opts, rule, True)
        if c is None:
            log.add("decline", f"{p} puts nothing on the stage with the standby trigger.", (rule,))
            return state
        (where,) = ask(answers_of(log), Choice(p, f"On which stage position does {c!r} go?", POSITIONS, rule, log.line),
                       lambda a: None if len(a.values) == 1 and a.values[0] in POSITIONS else "a stage position")
        state = place(remove(state, p, "waiting", c), p, where, c, _ORIENT_REST)
        log.add("trigger", f"Standby trigger: {c!r} goes to {p}'s {where}, rested.", (rule, "4.12.2.10.1"), subject=c)
        happened(log, "placed-from", p, c, "waiting")
        return state
    return state  # pragma: no cover


def _choice_trigger(state: State, log: EventLog, p: str) -> State:
    """s12 heads: the choice icon, newer than the rules 2.03 (4.12.2 lists the icons and their actions; this one is
    not among them). The engine performs the action its reminder text states, "you may choose 1 character with [SOUL]
    in its trigger icon in your waiting room, and return it to your hand or put it into your stock", as the other
    icons' actions are performed (4.12.2: by the player executing the trigger check), and says that it decided this."""
    rule = "4.12.2"
    log.add("trigger", "Choice trigger: the rules 2.03 do not list this icon (4.12.2.1-4.12.2.10); the engine performs "
            "the action its reminder text states: choose a character with [SOUL] in its trigger icon in the waiting room "
            "(or none), and put it into the hand or the stock.", (rule,))
    opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str)
                               and state.card(x).kind is _KIND_CHARACTER and Trigger.SOUL in state.card(x).triggers))
    c = pick(log, p, "Choice trigger: which character with [SOUL] in its trigger icon leaves the waiting room?", opts,
             rule, True)
    if c is None:
        log.add("decline", f"{p} chooses nothing with the choice trigger.", (rule,))
        return state
    (to,) = ask(answers_of(log), Choice(p, f"Choice trigger: does {c!r} go to the hand or to the stock?",
                                        ("hand", "stock"), rule, log.line),
                lambda a: None if len(a.values) == 1 and a.values[0] in ("hand", "stock") else "answer hand or stock")
    state = transfer(state, p, "waiting", c, to)
    log.add("trigger", f"Choice trigger: {c!r} goes to {p}'s {to}.", (rule,), subject=c)
    return state
