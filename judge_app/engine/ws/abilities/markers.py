"""Executors that put cards underneath a character as markers (3.7.2)."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, EventLog
from judge_app.engine.ws.abilities.choices import choose, yes_no
from judge_app.engine.ws.abilities.dispatch import Executor
from judge_app.engine.ws.effects import DeckTopMarker, MarkerTo, RevealedTo
from judge_app.engine.ws.state import POSITIONS, State, replace
from judge_app.engine.ws.zones import put, take_top


def _marker_to(state: State, log: EventLog, p: str, source: str, eff: MarkerTo) -> State:
    """A marker under the ability's card (3.7) goes to the hand; the player must choose one if there is one
    (8.6.3.1); a marker the scenario did not describe may be chosen (nothing about it is needed)."""
    on = state.on_stage(source)
    markers = on[2].markers if on else ()
    if not markers:
        log.add("nothing", f"{source!r} has no marker{'' if on else ' (it is not on the stage)'}: nothing is chosen.",
                ("8.6.3.1.3",), subject=source)
        return state
    opts = tuple(dict.fromkeys(x for x in markers if isinstance(x, str))) + (("unnamed",) if UNKNOWN in markers
                                                                             else ())
    owner, pos, o = on  # type: ignore[misc]
    zone, where, rule = _MARKER_DEST[eff.zone]
    s = state.side(owner)
    if eff.all:  # s16 zone: "put all markers underneath this card into …": every one, nothing chosen
        here = tuple(replace(x, markers=()) if x is o else x for x in s.stage[POSITIONS.index(pos)])
        state = put(state.with_side(owner, s.with_pos(pos, here)), p, zone, tuple(reversed(markers)))
        log.add("move", f"All {len(markers)} marker(s) under {source!r} go to {p}'s {where}.", ("3.7.1", "8.8.1", rule),
                subject=source)
        return state
    c = choose(log, p, opts, f"marker under {source!r}", f"Which marker under {source!r} goes to the {where}?", "8.6.3")
    got = UNKNOWN if c == "unnamed" else c
    left = list(o.markers)
    left.remove(got)
    here = tuple(replace(x, markers=tuple(left)) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    state = put(state.with_side(owner, s.with_pos(pos, here)), p, zone, (got,))
    verb = "returns" if eff.zone == "hand" else "puts"
    log.add("move", f"{p} {verb} {'an unnamed marker' if c == 'unnamed' else repr(c)} from under {source!r} to the "
            f"{where}.", ("3.7.1", "8.6.3.1", "8.8.1") + ((rule,) if eff.zone != "hand" else ()), subject=source)
    return state


# s16 zone: where a marker goes (the pile, its words, the zone's rule)
_MARKER_DEST = {"hand": ("hand", "hand", "3.3.1"), "waiting_room": ("waiting", "waiting room", "3.4.1")}


def _under_this_card(state: State, log: EventLog, p: str, source: str, card: str, face: str, frm: str,
                     rules: tuple[str, ...] = ()) -> State:
    """`card` (already taken from its zone by the caller) goes underneath the ability's card as a marker: on top of
    the marker area of that card's stage position (3.7.1, 3.7.2), face down (hidden, 3.7.2) or face up (every player
    may see it, 3.7.2.1)."""
    on = state.on_stage(source)
    assert on is not None  # the caller checked
    owner, pos, o = on
    s = state.side(owner)
    here = tuple(replace(x, markers=x.markers + (card,)) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    state = state.with_side(owner, s.with_pos(pos, here))
    how = "face up (every player may see it)" if face == "up" else "face down (a hidden card)"
    log.add("move", f"{card!r} goes from {p}'s {frm} underneath {source!r} as a marker, {how}.",
            ("8.8.1", "3.7.1", "3.7.2") + (("3.7.2.1",) if face == "up" else ()) + rules, subject=card)
    return state


def _marker_source_gone(state: State, log: EventLog, source: str) -> bool:
    """Nothing can go underneath the ability's card when it is not on the stage (3.7.1: a marker area is a stage
    position's); the effect does as much as it can (1.3.3)."""
    if state.on_stage(source):
        return False
    log.add("nothing", f"{source!r} is not on the stage: no card can go underneath it as a marker.", ("3.7.1", "1.3.3"),
            subject=source)
    return True


def _declines_marker(log: EventLog, p: str, card: str, source: str, may: bool, after: str) -> bool:
    """"you may put <card> … underneath this card as a marker": whether p says no (8.6.3), logged with `after` (what
    becomes of the card)."""
    if not may or yes_no(log, p, f"Put {card!r} underneath {source!r} as a marker?", "8.6.3"):
        return False
    log.add("decline", f"{p} does not put {card!r} underneath {source!r}{after}", ("8.6.3",), subject=card)
    return True


def _revealed_marker(state: State, log: EventLog, p: str, source: str, card: str, eff: RevealedTo) -> State:
    """"(you may) put that card face down underneath this card as a marker": the revealed card, still on top of the
    deck (4.9.1), goes underneath the ability's card (the player says whether, 8.6.3)."""
    if state.side(p).deck.cards[:1] != (card,):
        log.add("nothing", f"{card!r} is no longer on top of the deck: it does not move.", ("1.3.3",), subject=card)
        return state
    if _marker_source_gone(state, log, source):
        return state
    if _declines_marker(log, p, card, source, eff.may, "; it stays on top of the deck."):
        return state
    state, _ = take_top(state, log, p, reveal=True, why="revealed", rule="4.9.1")
    return _under_this_card(state, log, p, source, card, eff.face, "deck (its top card)", ("8.6.3",) if eff.may else ())


def _deck_top_marker(state: State, log: EventLog, p: str, source: str, eff: DeckTopMarker) -> State:
    """s14 zones: the top card of p's deck goes underneath this card as a marker (3.7.1), face down unless the text says
    face up (3.7.2, 3.7.2.1: a face-up card is identified); "you may": p says whether (8.6.3). Nothing when this card is not
    on the stage or the deck is empty (1.3.3).
    s15 zone: "you may look at the top card of your deck. If you do, put that card face down underneath this card as a
    marker" (`eff.look`): p says whether to look (8.6.3); p sees the card (4.8.1), which then goes underneath this card
    face down (3.7.1, 3.7.2: a hidden card, its name is p's knowledge only)."""
    if _marker_source_gone(state, log, source):
        return state
    if not len(state.side(p).deck):
        log.add("nothing", f"{p}'s deck is empty: nothing goes underneath {source!r}.", ("1.3.3",), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Look at the top card of the deck ({source})?" if eff.look else
                              f"Put the top card of the deck underneath {source!r} as a marker?", "8.6.3"):
        log.add("decline", f"{p} does not look at the top card of the deck: nothing goes underneath {source!r} (the text "
                "says 'If you do')." if eff.look else f"{p} does not put the top card of the deck underneath {source!r}.",
                ("8.6.3",), subject=source)
        return state
    if eff.look:
        state, card = take_top(state, log, p, reveal=False, why="looked at", rule="4.8.1")
        seen = "an unnamed card" if card is UNKNOWN else repr(card)
        log.add("look", f"{p} looks at the top card of the deck ({seen}).", ("4.8.1",), subject=source)
    else:
        state, card = take_top(state, log, p, reveal=eff.face == "up", why="put underneath as a marker", rule="3.7.2")
    rules = ("3.2.1",) + (("8.6.3",) if eff.may else ())
    if isinstance(card, str):
        return _under_this_card(state, log, p, source, card, eff.face or "down", "deck", rules)
    return _unnamed_marker(state, log, source, card, "That card" if eff.look else f"The top card of {p}'s deck", rules)


def _unnamed_marker(state: State, log: EventLog, source: str, card: object, what: str, rules: tuple[str, ...]) -> State:
    """An unnamed card goes underneath `source` face down: hidden, it stays unnamed (3.7.1, 3.7.2)."""
    owner, pos, o = state.on_stage(source)  # type: ignore[misc]
    s = state.side(owner)
    here = tuple(replace(x, markers=x.markers + (card,)) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    state = state.with_side(owner, s.with_pos(pos, here))
    log.add("move", f"{what} (unnamed) goes underneath {source!r} as a marker, face down (a hidden card).",
            ("8.8.1", "3.7.1", "3.7.2") + rules, subject=source)
    return state


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    MarkerTo: _marker_to, DeckTopMarker: _deck_top_marker,
}
