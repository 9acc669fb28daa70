"""Executors that decide which effects run: "If you do", conditions, modal choices, costs inside an effect, and the
performed actions the text names."""

from __future__ import annotations

from judge_app.engine.core import EventLog
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities.choices import choose, yes_no
from judge_app.engine.ws.abilities.costs import can_pay, pay
from judge_app.engine.ws.abilities.dispatch import Executor, execute
from judge_app.engine.ws.abilities.resolve import _cond_rules, _japanese_parts
from judge_app.engine.ws.effects import (
    Ability,
    AnyOrder21,
    Cond,
    CondThen,
    Cost,
    Count,
    Draw,
    IfDone,
    IfToHand,
    Modal,
    OppDraw20,
    PayThen,
    Perform,
    TopTo,
)
from judge_app.engine.ws.state import State, other, replace


def _if_done(state: State, log: EventLog, p: str, source: str, eff: IfDone) -> State:
    """"you may <first>. If you do, <then>": the player says whether (8.6.3); `then` happens, in the order written
    (8.8.1), only if `first` was done (the rules word "If you do" so in 10.2.2 and 10.4.2: the second part follows the
    first only when it was done)."""
    # "you may draw 1 card" (s9-wsbody2) keeps its "may" as Draw.optional
    first = replace(eff.first, optional=False) if isinstance(eff.first, Draw | TopTo) else replace(eff.first, may=False)
    # s19 body: "If you do not, …" (`otherwise`) happens in its place when the first effect was not done
    # s20 body: "your opponent may …. If your opponent does, …": the opponent, whom the text names, says whether (8.6.3)
    asked = other(p) if isinstance(first, OppDraw20) else p
    said = "If you do" if asked == p else "If your opponent does"
    ifdo = f"what follows '{said}' does not happen" if eff.then else ""
    orelse = "what follows 'If you do not' happens" if eff.otherwise else ""
    undone = " and ".join(w for w in (ifdo, orelse) if w)
    if not eff.must and not yes_no(log, asked, f"Do the optional effect of {source!r} ({type(first).__name__})?", "8.6.3"):
        log.add("decline", f"{asked} does not do it: {undone}{'' if eff.otherwise else ' either'}.", ("8.6.3",),
                subject=source)
        return _run(state, log, p, source, eff.otherwise)
    before = state
    state = execute(state, log, p, source, first)
    if state == before:
        log.add("nothing", f"It could not be done: {undone}.", ("8.6.3", "8.8.1"), subject=source)
        return _run(state, log, p, source, eff.otherwise)
    done = " and ".join(w for w in (f"what follows '{said}' happens" if eff.then else "",
                                    "what follows 'If you do not' does not" if eff.otherwise else "") if w)
    log.add("effect", f"{asked} did it: {done}.", ("8.6.3", "8.8.1"), subject=source)
    return _run(state, log, p, source, eff.then)


def _run(state: State, log: EventLog, p: str, source: str, effects: tuple) -> State:
    """Effects one after another, in the order written (8.8.1)."""
    for e in effects:
        state = execute(state, log, p, source, e)
    return state


def _modal(state: State, log: EventLog, p: str, source: str, eff: Modal) -> State:
    """"Choose 1 of the following effects, and perform it.": the master chooses one option as the instruction is given
    (8.6.3) and performs its effects in the order written (8.8.1); the others do not happen. The rules name no
    procedure of their own for choosing among effects: the step says that 8.6.3's choice is applied."""
    opts = tuple(str(i) for i in range(1, len(eff.options) + 1))
    listed = "; ".join(f"{i}: {t}" for i, t in zip(opts, eff.texts, strict=True))
    if eff.may and not yes_no(log, p, f"Perform one of the effects of {source!r}? {listed}", "8.6.3"):
        log.add("decline", f"{p} performs none of the effects (the text says 'you may').", ("8.6.3",), subject=source)
        return state  # s17 zone: "you may choose (and perform) 1 of the following effects"
    v = choose(log, p, opts, "effect", f"Which effect of {source!r} does {p} perform? {listed}", "8.6.3")
    log.add("choose", f"{p} chooses effect {v} of {source!r} and performs it: {eff.texts[int(v) - 1]!r} (the rules "
            "name no procedure for choosing among effects: the choice is made as the instruction is given, 8.6.3).",
            ("8.6.3", "8.8.1"), subject=source)
    for e in eff.options[int(v) - 1]:
        state = execute(state, log, p, source, e)
    return state


def _perform(state: State, log: EventLog, p: str, source: str, eff: Perform) -> State:
    """"perform the following action": its effects in the order written (8.8.1)."""
    log.add("effect", f"{p} performs the action: {eff.text!r}", ("8.8.1",), subject=source)
    for e in eff.effects:
        state = execute(state, log, p, source, e)
    return state


# --- s9-wsreala: the ability's head ------------------------------------------------------------------------------------

def _pay_then(state: State, log: EventLog, p: str, source: str, eff: PayThen) -> State:
    """"you may pay the cost. If you do, …" inside the effect: the master decides (8.6.3); the cost is paid as 8.4.2
    says ("pay the cost" is to do what it says, all or nothing, 8.4.2.2), and only then what follows happens. The rules
    define costs for activated and automatic abilities (8.4.1); an event's text that pays its own [cost] this way is
    read the same way, and the step says so."""
    cost: Cost = eff.cost  # type: ignore[assignment]
    event = source in state.side(p).resolution
    note = (" (an event's [cost]: the rules define costs for activated and automatic abilities, 8.4.1; the engine has "
            "it paid as its text says, 8.4.2)") if event else ""
    if not can_pay(state, p, source, cost):
        log.add("effect", f"{p} cannot pay {cost.text()}{note}: what follows 'If you do' does not happen.",
                ("8.4.2.2", "8.6.3"), subject=source)
        return state
    if not yes_no(log, p, f"Pay {cost.text()} for {source!r}?", "8.6.3", "pay", "decline"):
        log.add("decline", f"{p} does not pay: what follows 'If you do' does not happen.", ("8.6.3",), subject=source)
        return state
    state = pay(state, log, p, source, cost, f"{source!r}'s effect")
    log.add("effect", f"{p} paid {cost.text()}{note}: what follows 'If you do' happens.", ("8.4.2", "8.6.3", "8.8.1"),
            subject=source)
    for e in eff.then:
        state = execute(state, log, p, source, e)
    return state


# --- s13 heads (issue 13, thirteenth session) -------------------------------------------------------------------------
def _cond_words(c: Cond) -> str:
    """A condition as the step states it: a count as written ("2 or less cards in your memory"), else its kind."""
    if c.kind in ("have-at-least", "have-at-most"):  # the older count of your characters on the stage: "2 others:T"
        n, _, what = str(c.value).partition(" ")
        scope, _, trait = what.partition(":")
        return (f"{n} or {'more' if c.kind == 'have-at-least' else 'less'} {'other ' if scope == 'others' else ''}"
                + (f"《{trait}》 " if trait else "") + "characters on your stage")
    return str(c.value) if isinstance(c.value, Count) else c.kind + (f" {c.value}" if c.value is not None else "")


def _cond_then(state: State, log: EventLog, p: str, source: str, eff: CondThen) -> State:
    """"If <conditions>, <effects>" inside the text: the conditions are looked at as the text resolves, and the effects
    happen, in the order written (8.8.1), only if every one holds (8.3.3: where a condition is not fulfilled, that part
    is inactive; nothing is chosen for it, 8.3.2)."""
    probe = Ability("effect", conds=eff.conds)
    rules, said, note = ("8.3.3",) + _cond_rules(probe), "; ".join(map(_cond_words, eff.conds)), _japanese_parts(probe)
    if not all(view.cond_holds(state, p, source, c) for c in eff.conds):
        log.add("effect", f"{source}: its condition ({said}) does not hold: what it governs does not happen.{note}",
                rules, subject=source)
        return state
    log.add("effect", f"{source}: its condition ({said}) holds: what it governs happens.{note}", rules, subject=source)
    for e in eff.then:
        state = execute(state, log, p, source, e)
    return state


def _if_to_hand(state: State, log: EventLog, p: str, source: str, eff: IfToHand) -> State:
    """`first`, then `then` in the order written (8.8.1) only if `first` put a card into p's hand (8.3.3: the condition is
    looked at as the sentence resolves)."""
    before = len(state.side(p).hand)
    state = execute(state, log, p, source, eff.first)
    if len(state.side(p).hand) <= before:
        log.add("nothing", f"{p} put no card into the hand: what follows 'If you put 1 card into your hand' does not "
                "happen.", ("8.3.3", "8.8.1"), subject=source)
        return state
    log.add("effect", f"{p} put a card into the hand: what follows 'If you put 1 card into your hand' happens.",
            ("8.3.3", "8.8.1"), subject=source)
    for e in eff.then:
        state = execute(state, log, p, source, e)
    return state


def _any_order21(state: State, log: EventLog, p: str, source: str, eff: AnyOrder21) -> State:
    """s21 grant: "perform the following effects 1 time in any order": each option once (8.8.1), in the order p chooses
    as the instruction is given (8.6.3); the last one left is forced. The rules name no procedure for ordering
    effects: the step says that 8.6.3's choice is applied."""
    left = list(range(1, len(eff.options) + 1))
    while left:
        listed = "; ".join(f"{i}: {eff.texts[i - 1]}" for i in left)
        v = int(choose(log, p, tuple(map(str, left)), "effect", f"Which effect of {source!r} does {p} perform "
                       f"{'first' if len(left) == len(eff.options) else 'next'}? {listed}", "8.6.3"))
        left.remove(v)
        log.add("choose", f"{p} performs effect {v} of {source!r}: {eff.texts[v - 1]!r} (each effect once, in the order {p} chooses; the rules name no procedure for "
                "ordering effects: the choice is made as the instruction is given, 8.6.3).", ("8.6.3", "8.8.1"),
                subject=source)
        state = _run(state, log, p, source, eff.options[v - 1])
    return state


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    IfDone: _if_done, Modal: _modal, Perform: _perform, PayThen: _pay_then, IfToHand: _if_to_hand,
    CondThen: _cond_then, AnyOrder21: _any_order21,
}
