"""Executors of drawing (8.1), damage (4.10) and healing (the clock to the waiting room), and the trigger checks an
effect performs."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, Choice, EventLog, Unsupported, ask
from judge_app.engine.ws.abilities.choices import _how_many, yes_no
from judge_app.engine.ws.abilities.counts import _x_counted, _x_resolved
from judge_app.engine.ws.abilities.dispatch import Executor
from judge_app.engine.ws.answers import answers_of
from judge_app.engine.ws.effects import Damage, Draw, Heal, OppDraw20, TriggerChecks
from judge_app.engine.ws.state import State, other, replace
from judge_app.engine.ws.zones import deal_damage, draw


def _draw(state: State, log: EventLog, p: str, source: str, eff: Draw) -> State:
    rule = "8.8.1"
    if eff.at_most:
        return draw(state, log, p, _how_many(log, p, f"Draw how many cards (up to {eff.n})?", eff.n), rule)
    if eff.optional and not yes_no(log, p, f"Draw {eff.n} card(s) ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not draw.", ("8.6.3",))
        return state
    return draw(state, log, p, eff.n, rule)


def _opp_draw(state: State, log: EventLog, p: str, source: str, eff: OppDraw20) -> State:
    """s20 body: "your opponent may draw N cards": the opponent, whom the text names, says whether (8.6.3, as "you may"
    leaves it to the ability's master) and draws from their own deck (4.7.1)."""
    q = other(p)
    if eff.may and not yes_no(log, q, f"Draw {eff.n} card(s) ({source}'s effect lets {q} draw)?", "8.6.3"):
        log.add("decline", f"{q} does not draw (the text says 'your opponent may').", ("8.6.3",), subject=source)
        return state
    return draw(state, log, q, eff.n, "8.8.1")


def _damage(state: State, log: EventLog, p: str, source: str, eff: Damage) -> State:
    who = p if eff.to_self else other(p)  # "deal 1 damage to yourself": the player named takes it (4.10.1)
    if eff.same:  # s12 bodies: "deal the same damage": as much as the damage whose cancel the timing saw (4.10.1.2)
        n = log.scratch.get("cancelled")
        if not isinstance(n, int):
            raise Unsupported("'the same damage' outside an ability waiting for damage dealt by this card to be canceled")
        log.add("count", f"The same damage: the damage cancelled was {n}.", ("4.10.1.2", "8.8.1"), subject=source)
        eff = replace(eff, n=n, same=False)
    if eff.may:  # s12 bodies: "you may deal 1 damage to your opponent": the player says whether (8.6.3)
        if not yes_no(log, p, f"Deal {eff.n} damage to {who} ({source})?", "8.6.3"):
            log.add("decline", f"{p} does not deal the damage.", ("8.6.3",), subject=source)
            return state
        log.add("effect", f"{p} chooses to deal the damage.", ("8.6.3",), subject=source)
        eff = replace(eff, may=False)
    if eff.x is not None:
        return _damage_x(state, log, p, source, eff)
    if eff.times != 1:  # s11 bodies: "deal N damage to your opponent X times": each damage apart (4.10.1, 8.8.1)
        if not eff.times:
            log.add("nothing", "X is 0: no damage is dealt.", ("8.8.1",), subject=source)
        for k in range(eff.times):
            log.add("effect", f"Damage {k + 1} of {eff.times}: {eff.n} damage.", ("8.8.1", "4.10.1"), subject=source)
            state, _ = deal_damage(state, log, who, eff.n, source, "4.11.1.2")
        return state
    state, _ = deal_damage(state, log, who, eff.n, source, "4.11.1.2")
    return state


def _heal(state: State, log: EventLog, p: str, source: str, eff: Heal) -> State:
    rule = "8.8.1"
    s = state.side(p)
    if not s.clock:
        log.add("nothing", f"{p}'s clock is empty: nothing moves.", ("1.3.3",))
        return state
    if eff.bottom:  # s15 zone
        return _clock_bottom(state, log, p, source, eff)
    if eff.heal_n > 1:  # s17 zone: the top N cards (or up to N)
        return _heal_many(state, log, p, eff)
    if eff.may and not yes_no(log, p, f"Put the top card of the clock into the waiting room ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not put the top card of the clock into the waiting room"
                + (" (up to 1: the player may put none; the engine asks, as for 'you may')." if eff.at_most else "."),
                ("8.6.3",))
        return state
    top = s.clock[-1]
    if eff.dest == "stock":  # s13 zones: "put the top card of your clock into your stock" (3.10.1)
        state = state.with_side(p, replace(s, clock=s.clock[:-1], stock=s.stock + (top,)))
        log.add("move", f"{p} puts the top card of the clock into the stock.", (rule, "3.8.1", "3.10.1"))
        return state
    state = state.with_side(p, replace(s, clock=s.clock[:-1], waiting=s.waiting + (top,)))
    log.add("move", f"{p} puts the top card of the clock into the waiting room.", (rule,))
    return state


# --- s12 bodies: more trigger checks in this card's attack ------------------------------------------------------------
def _trigger_checks(state: State, log: EventLog, p: str, source: str, eff: TriggerChecks) -> State:
    """"during that attack, perform a trigger check 2 times on the trigger step" (its ability waits for this card's
    attack, cardtext.py): the attack under way is this card's, before its trigger step; its trigger step then does that
    many trigger checks (7.3.1.2, each one whole: reveal, icons, stock). Otherwise nothing happens (1.3.3)."""
    att = state.attack
    if att is None or att.attacker != source or att.step != "declare":
        log.add("nothing", f"{source!r}'s attack is not before its trigger step: nothing happens.", ("1.3.3",),
                subject=source)
        return state
    log.add("effect", f"During this attack, {p} performs the trigger check {eff.times} times on the trigger step.",
            ("7.3.1.2", "8.8.1"), subject=source)
    return replace(state, attack=replace(att, checks=eff.times))


def _damage_x(state: State, log: EventLog, p: str, source: str, eff: Damage) -> State:
    """"deal X damage to your opponent. X is equal to the number of "N" in your waiting room": X counted, then dealt."""
    assert eff.x is not None
    if eff.x.zone.startswith("among"):
        raise Unsupported("X counted over 'those cards' without the cards put just before")
    return _damage(state, log, p, source, _x_resolved(state, log, source, eff, _x_counted(state, p, eff.x, source)))  # type: ignore[arg-type]


def _heal_many(state: State, log: EventLog, p: str, eff: Heal) -> State:
    """s17 zone: "put (up to) N cards from the top of your clock into your waiting room / stock": the clock's top cards
    (3.8.2: the last put there) go one at a time; "up to N": the player says how many, from 0 (8.6.3.1.1, as for "you
    may"); as many as the clock holds otherwise (1.3.3)."""
    n = eff.heal_n
    if eff.may and not eff.at_most and not yes_no(log, p, f"Put the top {n} cards of the clock into the "
                                                  f"{eff.dest.replace('_', ' ')}?", "8.6.3"):
        log.add("decline", f"{p} does not put the top {n} cards of the clock into the {eff.dest.replace('_', ' ')}.",
                ("8.6.3",))
        return state
    if eff.at_most:
        opts = tuple(str(i) for i in range(min(n, len(state.side(p).clock)), -1, -1))
        (v,) = ask(answers_of(log), Choice(p, f"Put how many cards from the top of the clock into the "
                                              f"{eff.dest.replace('_', ' ')} (up to {n})?", opts, "8.6.3.1.1", log.line),
                   lambda a: None if len(a.values) == 1 and a.values[0] in opts else f"a number of {', '.join(opts)}")
        n = int(v)
        log.add("choose", f"{p} chooses {n} (up to {eff.heal_n}).", ("8.6.3.1.1",))
    field, rule = ("stock", "3.10.1") if eff.dest == "stock" else ("waiting", "3.4.1")
    for _ in range(n):
        s = state.side(p)
        if not s.clock:
            log.add("nothing", f"{p}'s clock is empty: nothing more moves.", ("1.3.3",))
            break
        top = s.clock[-1]
        state = state.with_side(p, replace(s, clock=s.clock[:-1], **{field: getattr(s, field) + (top,)}))
        log.add("move", f"{p} puts the top card of the clock ({'unnamed' if top is UNKNOWN else repr(top)}) into the "
                f"{eff.dest.replace('_', ' ')}.", ("8.8.1", "3.8.2", rule), subject=top if isinstance(top, str) else None)
    return state


def _clock_bottom(state: State, log: EventLog, p: str, source: str, eff: Heal) -> State:
    """"(you may) put the bottom card of your clock into your waiting room": the card under the others (3.8.2: each card
    put into the clock goes on top, so the bottom one was put there first) goes to the waiting room (3.4.1); `_heal` has
    checked that the clock holds a card."""
    if eff.may and not yes_no(log, p, f"Put the bottom card of the clock into the waiting room ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not put the bottom card of the clock into the waiting room.", ("8.6.3",))
        return state
    s = state.side(p)
    bottom = s.clock[0]
    state = state.with_side(p, replace(s, clock=s.clock[1:], waiting=s.waiting + (bottom,)))
    log.add("move", f"{p} puts the bottom card of the clock ({bottom!r}) into the waiting room.",
            ("8.8.1", "3.8.2", "3.4.1") + (("8.6.3",) if eff.may else ()), subject=bottom if isinstance(bottom, str) else None)
    return state


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    Draw: _draw, Damage: _damage, Heal: _heal, TriggerChecks: _trigger_checks, OppDraw20: _opp_draw,
}
