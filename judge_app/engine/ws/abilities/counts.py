"""Executors that count: X (the number of cards milled or chosen), repeating an effect, "for each"."""

from __future__ import annotations

from judge_app.engine.core import EventLog, Unsupported
from judge_app.engine.ws.abilities.choices import choose, yes_no
from judge_app.engine.ws.abilities.common import (
    _KIND_CHARACTER,
    _KIND_CLIMAX,
    _ORIENT_REST,
    _ORIENT_STAND,
    _OWN_ZONE,
    _selects,
    _spot_words,
    _stage_spots,
)
from judge_app.engine.ws.abilities.dispatch import Executor, execute
from judge_app.engine.ws.effects import (
    Damage,
    Milled,
    OppTopTo,
    Pump,
    Repeat,
    RevealedTo,
    Salvage,
    Select,
    TopTo,
    XCount,
    article,
)
from judge_app.engine.ws.state import BACK, CENTER, POSITIONS, State, other, replace
from judge_app.engine.ws.zones import happened, interrupts, place, put, remove, take_bottom, take_top

_X_ZONE_RULES = {"waiting_room": ("waiting", "waiting room", "3.4.2"), "clock": ("clock", "clock", "3.8.2"),
                 "memory": ("memory", "memory", "3.12.2.1")}  # s16 zone: your own memory (3.12.2.2)


def _x_counted(state: State, p: str, x: XCount, source: str = "") -> tuple[int, str, tuple[str, ...]]:
    """The number X counts, what it counted (for the step) and the rules that make those cards known. s19 body:
    `x.other`: the ability's own card (`source`) is not counted."""
    whose = p if x.whose == "own" else other(p)
    s = state.side(whose)
    if x.zone in ("back", "center", "stage"):  # the characters on that stage area's positions (3.6.3)
        # s12 bodies: "stage", the characters a player has: all of their stage's positions (2.3.2.1.2)
        positions = BACK if x.zone == "back" else CENTER if x.zone == "center" else POSITIONS
        got = [o.uid for pos, o in s.characters() if pos in positions and _selects(state, o.uid, x.select)
               and not (x.other and o.uid == source)]
        area = "stage" if x.zone == "stage" else f"{x.zone} stage"
        return len(got), f"{'other ' if x.other else ''}{x.select.text()}s in {whose}'s {area}: " \
            f"{', '.join(map(repr, got)) or 'none'}", ("3.6.2", "3.6.3") + (("2.3.2.1.2",) if x.zone == "stage" else ())
    if x.zone == "colours":  # s21 body2: the different colours among the characters on the stage (2.4), `plus` added
        colours = sorted({state.card(o.uid).color.lower() for _pos, o in s.characters() if state.card(o.uid).color})
        return len(colours) + x.plus, f"the colours of {whose}'s characters on the stage: {', '.join(colours) or 'none'}" \
            + (f", {x.plus:+d}" if x.plus else ""), ("2.4", "2.3.2.1.2")
    attr, where, rule = _X_ZONE_RULES[x.zone]
    pile = getattr(s, attr)
    if x.select != Select() and any(not isinstance(c, str) for c in pile):
        raise Unsupported(f"X counts the {x.select.text()}s in {whose}'s {where}, but some of its cards are not named",
                          hint=f"describe them on `{whose} {x.zone}:` lines")
    got = [c for c in pile if x.select == Select() or _selects(state, c, x.select)]
    return len(got), f"{x.select.text()}s in {whose}'s {where}" + (f": {', '.join(map(repr, got))}" if got and
                                                                    x.select != Select() else ""), (rule,)


def _own_milled(state: State, log: EventLog, p: str, top: TopTo) -> tuple[State, list[str]]:
    """The top N cards of p's deck into p's waiting room one by one (3.2.3), each seen there (3.4.2)."""
    cards: list[str] = []
    for _ in range(top.n):
        if not len(state.side(p).deck):
            break
        state, card = take_top(state, log, p, reveal=True, why="put into the waiting room", rule="3.2.3", to="waiting")
        log.add("move", f"{p} puts the top card of the deck ({card!r}) into the waiting room.", ("8.8.1", "3.2.3"),
                subject=str(card))
        cards.append(str(card))
        state = interrupts(state, log)
    return state, cards


def _opp_milled(state: State, log: EventLog, p: str, top: OppTopTo) -> tuple[State, list[str]]:
    """s14b bodies: N cards of the opponent's deck, from its top (3.2.3) or its bottom, into their waiting room one by
    one (3.4.1), each seen there (3.4.2). The rules say how cards are taken from the top of a deck (3.2.3), not from
    its bottom: the engine takes the bottom card first, one at a time, and says so."""
    q = other(p)
    cards: list[str] = []
    if top.bottom:
        log.add("note", f"The rules say how cards are taken from the top of a deck (3.2.3), not from its bottom: the "
                f"engine takes the bottom {top.n} card(s) of {q}'s deck one at a time, the bottom card first.",
                ("3.2.3", "3.2.1"))
    for _ in range(top.n):
        if not len(state.side(q).deck):
            log.add("nothing", f"{q}'s deck is empty: nothing more moves.", ("1.3.3",))
            break
        if top.bottom:
            state, card = take_bottom(state, log, q, why="put into the waiting room", rule="3.2.1", to="waiting")
        else:
            state, card = take_top(state, log, q, reveal=True, why="put into the waiting room", rule="3.2.3",
                                   to="waiting")
        log.add("move", f"The {'bottom' if top.bottom else 'top'} card of {q}'s deck ({card!r}) goes into {q}'s "
                "waiting room.", ("8.8.1", "3.2.1" if top.bottom else "3.2.3", "3.4.1", "3.4.2"), subject=str(card))
        cards.append(str(card))
        state = interrupts(state, log)
    return state, cards


_MILL = {TopTo: _own_milled, OppTopTo: _opp_milled}


def _milled(state: State, log: EventLog, p: str, source: str, eff: Milled) -> State:
    """The top N cards of p's deck go into the waiting room one by one (3.2.3), each seen there (3.4.2: face up, a
    public zone); then `eff.then` in the order written (8.8.1), only if the cards so put hold what `eff.cond` names
    (8.3.3); an X "among those cards" counts them (once, as it resolves). s13b bodies: "you may put …" asks first;
    declined, no card is put and a condition on "that card" does not hold (8.3.3)."""
    if isinstance(eff.top, TopTo) and eff.top.optional and not yes_no(log, p, f"Put the top {eff.top.n} card(s) of the deck into the waiting room?",
                                       "8.6.3"):
        log.add("decline", f"{p} declines: no card is put into the waiting room"
                + (", so what the text says then does not happen." if eff.cond is not None else "."), ("8.6.3", "8.3.3"))
        return state
    state, cards = _MILL[type(eff.top)](state, log, p, eff.top)  # type: ignore[operator]
    shown = ", ".join(map(repr, cards)) or "no card"
    icon: tuple[str, ...] = ("2.11.1",) if eff.cond is not None and eff.cond.icon else ()
    icon += ("2.6",) if eff.cond is not None and eff.cond.level else ()  # s12 bodies: "a level 2 or higher card"
    if eff.cond is not None:
        hit = [c for c in cards if _selects(state, c, eff.cond)]
        what = article(eff.cond.text())
        head = f"That card ({shown}) is" if eff.top.n == 1 else f"Among those cards ({shown}) there is"
        if not hit:
            log.add("effect", f"{head} {'not ' + what if eff.top.n == 1 else 'no ' + eff.cond.text()}: what the text "
                    "says then does not happen.", ("8.3.3", "3.4.2", *icon), subject=source)
            return state
        log.add("effect", f"{head} {what}" + ("" if eff.top.n == 1 else f" ({', '.join(map(repr, hit))})")
                + ": what the text says then happens.", ("8.3.3", "3.4.2", *icon), subject=source)
    for e in eff.then:
        if isinstance(e, Pump) and e.x is not None and e.x.zone == "among":
            got = [c for c in cards if _selects(state, c, e.x.select)]
            log.add("count", f"X = {len(got)} ({e.x.select.text()}s among those cards, {shown}: "
                    f"{', '.join(map(repr, got)) or 'none'}) × {e.power or e.soul}: counted once, as the effect "
                    "resolves.", ("8.8.1", "3.4.2") + (("2.5.3",) if e.x.select.trait else ()),  # s14b bodies: a trait
                    subject=source)
            e = replace(e, power=e.power * len(got), soul=e.soul * len(got), x=None)
        elif isinstance(e, Salvage | Damage) and e.x is not None:  # s9-wsbody2
            e = _x_resolved(state, log, source, e, _x_among(state, e.x, cards))
        elif isinstance(e, RevealedTo):  # s17 body: "put it (that character) …": the one card put there
            state = _milled_to(state, log, p, str(cards[0]), e) if cards else state
            continue
        state = execute(state, log, p, source, e)
    return state


def _milled_to(state: State, log: EventLog, p: str, card: str, eff: RevealedTo) -> State:
    """s17 body: "put the top card of your deck into your waiting room. If that card is …, put it into your hand | put that
    character on any position of your back stage": the card the mill put into the waiting room (3.4.1) goes on, in the order
    written (8.8.1), if it is still there (1.3.3). Onto the stage (3.6.1; 3.6.3 an area named) only a character can go
    (2.3.2.1.2), on the position its master chooses (8.6.3), resting if the text says "as 【REST】" (4.6.1.2), otherwise
    standing (the text names no state: the engine places it standing, and says so); a character already there goes to the
    waiting room by the rule action (9.6.1)."""
    if card not in state.side(p).waiting:
        log.add("nothing", f"{card!r} is no longer in {p}'s waiting room: it does not move.", ("1.3.3",), subject=card)
        return state
    if not eff.zone.startswith("stage"):
        zone, rule = _OWN_ZONE[eff.zone]
        state = put(remove(state, p, "waiting", card), p, zone, (card,))
        log.add("move", f"{card!r} goes from {p}'s waiting room to {p}'s {eff.zone}.", ("8.8.1", rule), subject=card)
        return state
    spots = _stage_spots(state, p, eff.zone)
    if state.card(card).kind is not _KIND_CHARACTER or not spots:
        why = "it is not a character" if spots else f"{p} has no open {_spot_words(eff.zone)}"
        log.add("nothing", f"{card!r} is not put on the stage ({why}); it stays in the waiting room.",
                ("2.3.2.1.2", "1.3.3") if spots else ("3.6.2", "1.3.3"), subject=card)
        return state
    pos = choose(log, p, spots, "stage position", f"On which stage position does {card!r} go?", "8.6.3")
    state = place(remove(state, p, "waiting", card), p, pos, card, _ORIENT_REST if eff.rest else _ORIENT_STAND)
    log.scratch["placed"] = card  # "…, and that character gets …" (`Pump` who "placed")
    how = "resting (as 【REST】)" if eff.rest else "standing (the text names no state; the engine places it standing)"
    log.add("move", f"{card!r} goes from {p}'s waiting room onto {pos}, {how}.", ("8.6.3", "3.6.1", "8.8.1")
            + (("4.6.1.2",) if eff.rest else ()) + (("3.6.3",) if "@" in eff.zone else ()), subject=card)
    happened(log, "placed-from", p, card, "waiting")
    return interrupts(state, log)


# --- s9-wsbody2: X in the effect body: "level X or lower", "deal X damage" (8.8.1: counted as the action is done) --------
def _x_among(state: State, x: XCount, cards: list[str]) -> tuple[int, str, tuple[str, ...]]:
    """X over the cards a mill put into the waiting room (3.4.2: face up, public): their total level (2.6; a climax as
    level 0, as the cards' reminder says), the trigger icons of a kind among them (2.11.1), or the one card's level."""
    shown = ", ".join(map(repr, cards)) or "no card"
    if x.zone == "among-kind":  # s11 bodies: "the number of climax among those cards" (2.3.2 card types; 2.5.3)
        if x.select.level and any(c.startswith(("A-card-", "B-card-")) for c in cards):  # s15 body: a level bound
            raise Unsupported("X counts by the level of a card the scenario did not describe",
                              hint="describe the deck's top cards on `A deck:` lines")
        got = [c for c in cards if _selects(state, c, x.select)]
        kinds = x.select.text() + ("es" if x.select.text().endswith("x") else "s")
        return len(got), f"{kinds} among those cards ({shown}): {', '.join(map(repr, got)) or 'none'}", \
            ("3.4.2",) + (("2.5.3",) if x.select.trait else ()) + (("2.6",) if x.select.level else ())
    if x.zone == "among-icon":
        n = sum(t == x.select.icon for c in cards for t in state.card(c).triggers)
        return n, f"[{x.select.icon.upper()}] in the trigger icons of those cards ({shown})", ("3.4.2", "2.11.1")
    if any(c.startswith(("A-card-", "B-card-")) for c in cards):  # never a level the scenario did not give
        raise Unsupported("X counts the level of a card the scenario did not describe",
                          hint="describe the deck's top cards on `A deck:` lines")
    levels = [0 if state.card(c).kind is _KIND_CLIMAX else state.card(c).level for c in cards]
    what = {"among-that": "the level of that card", "among-revealed": "the level of the revealed card"}.get(
        x.zone, "the total level of those cards")
    seen = "4.9.1" if x.zone == "among-revealed" else "3.4.2"  # revealed (it stays on the deck) or in the waiting room
    return sum(levels), f"{what} ({shown}: {' + '.join(map(str, levels)) or '0'}; a climax as level 0)", (seen, "2.6")


def _x_resolved(state: State, log: EventLog, source: str, eff: Salvage | Damage,
                counted: tuple[int, str, tuple[str, ...]]) -> Salvage | Damage:
    """The effect with its X counted: the step says what X counted and that the engine counts it as the action is done
    (the rules do not say when an X is counted)."""
    n, what, rules = counted
    x = eff.x
    assert x is not None
    plus = 0 if x.zone == "colours" else x.plus  # s21 body2: `_x_counted` added it already
    n += plus
    log.add("count", f"X = {n} ({what}" + (f" {plus:+d}" if plus else "") + "): the rules do not say when X is "
            "counted; the engine counts it once, as this action is done.", ("8.8.1", *rules), subject=source)
    if isinstance(eff, Damage):  # s11 bodies: X the number of times (`x_times`)
        return replace(eff, times=n, x=None, x_times=False) if eff.x_times else replace(eff, n=n, x=None)
    return replace(eff, level=f"<={n}", x=None)


def _repeat(state: State, log: EventLog, p: str, source: str, eff: Repeat) -> State:
    """"perform the following action N times": the quoted effects, in the order written, N times over (8.8.1: each
    time executed once)."""
    for i in range(1, eff.n + 1):
        if eff.ask_each and not _go_on21(log, p, source, i, eff.n):
            break
        log.add("effect", f"{source!r}'s following action, time {i} of {eff.n}: {eff.text!r}", ("8.8.1",), subject=source)
        for e in eff.effects:
            state = execute(state, log, p, source, e)
    return state


def _go_on21(log: EventLog, p: str, source: str, i: int, n: int) -> bool:
    """s21 grant: "perform the following action up to N times": before each time, p may declare that the action ends
    (the rules say so of "up to (Number)" cards, 3.2.3.1, and of choices from zero up to N, 8.6.3.1.1; they name no
    procedure for repeated actions: the engine asks it that way, and the step says so)."""
    if yes_no(log, p, f"Perform {source!r}'s following action (time {i} of up to {n})?", "3.2.3.1", "perform", "end"):
        return True
    log.add("decline", f"{p} ends the action after {i - 1} time(s) of up to {n} (the rules do not name a procedure for "
            "'up to N times': the engine lets the player end it before each time, as 3.2.3.1 does for 'up to (Number)' "
            "cards).", ("3.2.3.1", "8.6.3.1.1"), subject=source)
    return False


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    Milled: _milled, Repeat: _repeat,
}
