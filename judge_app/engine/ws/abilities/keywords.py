"""The keyword abilities of chapter 10 that resolve with a procedure of their own: Encore, Fusion, Sunder, Shift."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, Choice, EventLog, ask
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities.choices import choose, pick
from judge_app.engine.ws.abilities.common import _ORIENT_REST
from judge_app.engine.ws.abilities.costs import can_pay, pay
from judge_app.engine.ws.abilities.grants import _encore_banned
from judge_app.engine.ws.answers import answers_of, peek, skip
from judge_app.engine.ws.effects import Ability
from judge_app.engine.ws.state import POSITIONS, OnStage, State, replace
from judge_app.engine.ws.zones import happened, place, remove


def _encore(state: State, log: EventLog, p: str, uid: str, a: Ability, info: dict) -> State:
    pos = info.get("from")
    if uid not in state.side(p).waiting:
        log.add("effect", f"{uid!r} is no longer in the waiting room: Encore does nothing.", ("8.7.7", "10.2.2"),
                subject=uid)
        return state
    if (ban := _encore_banned(state, p)) is not None:  # s15b headzone: "you cannot use "【AUTO】 Encore"" (1.3.4)
        log.add("effect", f"{p} cannot use Encore now ({ban.text}): {uid!r} stays in the waiting room.",
                ("8.2.1.2", "1.3.4", "10.2.2"), subject=uid)
        return state
    if not can_pay(state, p, uid, a.cost):
        nxt = peek(log, p)
        said = nxt is not None and nxt.values == ("decline", uid)
        if said:  # a decline written for it answers nothing more than what the rules already decide
            skip(log)
        log.add("effect", f"{p} cannot pay Encore's cost ({a.cost.text()}) for {uid!r}: it is not played"
                + (f" ({p}'s answer declines it as well)." if said else "."), ("8.7.3.2.1", "10.2.2"), subject=uid)
        return state
    (v, *rest) = ask(answers_of(log), Choice(p, f"Pay Encore ({a.cost.text()}) for {uid!r}?", ("pay", "decline"),
                                         "10.2.2", log.line),
                     lambda ans: None if ans.values and ans.values[0] in ("pay", "decline")
                     and (len(ans.values) == 1 or ans.values[1] == uid) else f"answer Encore of {uid!r}",
                     default=("decline",))
    if v != "pay":
        log.add("effect", f"{p} does not pay Encore for {uid!r}; it stays in the waiting room.", ("10.2.2", "8.7.3.1.1"),
                subject=uid)
        return state
    state = pay(state, log, p, uid, a.cost, f"Encore of {uid!r}")
    state = remove(state, p, "waiting", uid)
    state = place(state, p, str(pos), uid, _ORIENT_REST)
    log.add("encore", f"Encore: {uid!r} returns to {p}'s {pos}, rested.", ("10.2.2", "10.2.1"), subject=uid)
    return state


def _fusion(state: State, log: EventLog, p: str, uid: str, name: str) -> State:
    s = state.side(p)
    deck = s.deck
    known = [x for x in (*deck.cards, *deck.unplaced) if isinstance(x, str) and state.card(x).name == name]
    pos = s.where(uid)
    opts = tuple(dict.fromkeys(known))
    c = pick(log, p, f"Fusion: which {name!r} from the deck (up to 1)?", opts, "10.14.1.1", True) if (opts and pos) \
        else None
    if c is None:
        log.add("fusion", f"No {name!r} is put on the stage: {uid!r} keeps its new marker"
                + ("" if opts else f" (no {name!r} is described in {p}'s deck; cards in a hidden zone that are not "
                   "described cannot be chosen)") + ".", ("10.14.1.1.1", "8.6.3.1.4"), subject=uid)
    else:
        if c in deck.cards:
            i = deck.cards.index(c)
            deck = replace(deck, cards=deck.cards[:i] + deck.cards[i + 1:])
        else:  # a known card somewhere among the unknown positions
            i = deck.cards.index(UNKNOWN)
            unplaced = list(deck.unplaced)
            unplaced.remove(c)
            deck = replace(deck, cards=deck.cards[:i] + deck.cards[i + 1:], unplaced=tuple(unplaced))
        host = s.at(pos)  # type: ignore[arg-type]
        serial = state.serial + 1
        s = replace(s, deck=deck).with_pos(pos, (OnStage(c, markers=host.markers + (uid,), placed=serial),))  # type: ignore[arg-type, union-attr]
        state = replace(state, serial=serial)
        log.add("fusion", f"Fusion: {c!r} goes from {p}'s deck onto {pos}; {uid!r} and its markers go under it as "
                "markers.", ("10.14.1", "10.14.1.1", "10.14.1.1.2", "10.14.3"), subject=c)
        happened(log, "placed-from", p, c, "deck")
    s = replace(s, deck=s.deck.shuffle())
    log.add("shuffle", f"{p} shuffles the deck.", ("10.14.1.1", "3.2.4"))
    return state.with_side(p, s)


def _sunder(state: State, log: EventLog, p: str, uid: str, name: str) -> State:
    s = state.side(p)
    pos = s.where(uid)
    host = s.at(pos) if pos else None
    named = tuple(dict.fromkeys(m for m in (host.markers if host else ()) if isinstance(m, str)
                                and state.card(m).name == name))
    if not named:
        log.add("sunder", f"No marker named {name!r} under {uid!r}: Sunder does nothing more.", ("10.15.4",),
                subject=uid)
        return state
    c = choose(log, p, named, f"marker named {name!r}", f"Sunder: which {name!r}?", "10.15.2")
    (where,) = ask(answers_of(log), Choice(p, f"Sunder: on which stage position does {c!r} go?", POSITIONS, "10.15.2",
                                       log.line),
                   lambda a: None if len(a.values) == 1 and a.values[0] in POSITIONS else "a stage position")
    rest = tuple(m for m in host.markers if m != c)  # type: ignore[union-attr]
    s = s.with_pos(pos, ())  # type: ignore[arg-type]
    state = state.with_side(p, s)
    state = place(state, p, where, c)
    s = state.side(p)
    here = s.stage[POSITIONS.index(where)]
    s = s.with_pos(where, here[:-1] + (replace(here[-1], markers=(uid, *rest)),))
    log.add("sunder", f"Sunder: {c!r} goes onto {where}, standing, a new character; {uid!r} and the other markers "
            "go under it.", ("10.15.1", "10.15.2", "10.15.3", "10.15.3.1"), subject=c)
    return state.with_side(p, s)


def _shift(state: State, log: EventLog, p: str, uid: str, a: Ability) -> State:
    s = state.side(p)
    if uid not in s.clock:
        log.add("effect", f"{uid!r} is not in {p}'s clock: Shift does nothing.", ("10.11.3.1",), subject=uid)
        return state
    if view.level(state, p) < a.level:
        log.add("effect", f"{p} is below level {a.level}: Shift does nothing.", ("10.11.2",), subject=uid)
        return state
    color = state.card(uid).color
    opts = tuple(dict.fromkeys(x for x in s.hand if isinstance(x, str) and state.card(x).color == color))
    if not opts:
        log.add("effect", f"{p} has no {color} card in hand: no exchange.", ("10.11.3.2",), subject=uid)
        return state
    c = pick(log, p, f"Shift: which {color} card from hand takes {uid!r}'s place in the clock?", opts, "10.11.2", True)
    if c is None:
        log.add("decline", f"{p} does not use Shift.", ("10.11.2",), subject=uid)
        return state
    i = s.clock.index(uid)
    hand = list(s.hand)
    hand.remove(c)
    state = state.with_side(p, replace(s, clock=s.clock[:i] + (c,) + s.clock[i + 1:], hand=tuple(hand) + (uid,)))
    log.add("shift", f"Shift: {uid!r} (clock) and {c!r} (hand) are exchanged.", ("10.11.1", "10.11.2", "10.11.3",
            "10.11.4"), subject=uid)
    return state
