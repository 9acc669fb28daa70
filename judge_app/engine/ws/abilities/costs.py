"""Paying costs (8.4): whether a cost can be paid (`can_pay`) and paying it (`pay`), each part chosen by its payer."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, EventLog
from judge_app.engine.ws.abilities.choices import choose
from judge_app.engine.ws.abilities.common import (
    _ORIENT_REST,
    _ORIENT_STAND,
    _name_rules,
    _selects,
    set_orient,
)
from judge_app.engine.ws.effects import Cost, Select, ZoneMove17
from judge_app.engine.ws.state import POSITIONS, OnStage, Side, State, replace
from judge_app.engine.ws.zones import interrupts, leave_stage, put, remove, take_top, transfer

# --- costs (8.4) ---------------------------------------------------------------------------------

def can_pay(state: State, p: str, uid: str, cost: Cost, from_hand: bool = False) -> bool:
    s = state.side(p)
    if len(s.stock) < cost.stock + cost.stock_to_clock:  # s21 head: the top card of the stock into the clock too
        return False
    if cost.discard and len(_discardable(state, p, uid, cost.discard_select)) < cost.discard:
        return False
    if (cost.discard_self or cost.hand_self_to) and (not from_hand or uid not in s.hand):
        return False
    if cost.rest_self:
        on = state.on_stage(uid)
        if not on or on[2].orient is not _ORIENT_STAND:
            return False
    if cost.clock_top and len(s.deck) < cost.clock_top:
        return False
    if cost.rest_chars and len(_rest_payers(state, p, uid, cost)) < cost.rest_chars:
        return False
    if cost.self_to_waiting and not state.on_stage(uid):
        return False
    if cost.stage_to_marker and not _fusion_partner(state, p, uid, cost.stage_to_marker):
        return False
    if not _can_move(state, p, uid, cost):
        return False
    return not cost.reveal or any(isinstance(x, str) and state.card(x).name == cost.reveal for x in s.hand)


def pay(state: State, log: EventLog, p: str, uid: str, cost: Cost, what: str) -> State:
    """Pay a cost in full, in the order written (8.4.2.1); no reshuffle or level up meanwhile (9.2.3, 9.3.3)."""
    log.scratch["paying"] = True
    try:
        if cost.stock:
            s = state.side(p)
            taken = s.stock[-cost.stock:]
            state = state.with_side(p, replace(s, stock=s.stock[:-cost.stock], waiting=s.waiting + taken[::-1]))
            log.add("pay", f"{p} pays {cost.stock} stock for {what}: the top {cost.stock} card(s) of the stock go to "
                    "the waiting room.", ("8.4.3", "8.6.2.3.1", "8.4.1", "8.4.2", "8.4.2.1"), subject=uid)
        if cost.stock_to_clock:  # s21 head
            state = _stock_to_clock(state, log, p, cost.stock_to_clock, what)
        if cost.discard_self:
            state = transfer(state, p, "hand", uid, "waiting")
            log.add("pay", f"{p} puts {uid!r} from hand into the waiting room for {what}.", ("8.4.2",), subject=uid)
        for _ in range(cost.discard):
            kind = cost.discard_select.text()
            c = choose(log, p, _discardable(state, p, uid, cost.discard_select), f"{kind} in hand",
                       f"Which {kind} from {p}'s hand pays for {what}?", "8.4.2")
            state = transfer(state, p, "hand", c, "waiting")
            log.add("pay", f"{p} puts {c!r} from hand into the waiting room for {what}.",
                    ("8.4.2",) + _name_rules(cost.discard_select) + (("2.5.3",) if cost.discard_select.trait else ()),
                    subject=c)
        if cost.hand_self_to:  # s21 head: Backup's "Reveal this card in your hand & Put it at the bottom of your deck"
            state = _hand_self_to_bottom(state, log, p, uid, what)
        if cost.rest_self:
            state = set_orient(state, uid, _ORIENT_REST)
            log.add("pay", f"{p} rests {uid!r} for {what}.", ("8.4.2",), subject=uid)
        for k in range(cost.rest_chars):  # "【REST】 N of your characters": N standing characters, chosen one by one
            opts = _rest_payers(state, p, uid, cost)
            if len(opts) <= cost.rest_chars - k:  # no more standing characters than are still to rest: no choice
                c = opts[0]
                log.add("choose", f"{p} must rest {c!r}: no other standing character can pay in its place.",
                        ("8.4.2", "8.6.3.1"), subject=c)
            else:
                c = choose(log, p, opts, "standing character", f"Which of {p}'s characters is rested for {what}?",
                           "8.4.2")
            state = set_orient(state, c, _ORIENT_REST)
            log.add("pay", f"{p} rests {c!r} for {what}.", ("8.4.2", "4.6.1.2")
                    + (("2.5.3",) if cost.rest_select.trait else ()), subject=c)
        for _ in range(cost.clock_top):
            state, top = take_top(state, log, p, reveal=False, why="put into the clock", rule="8.4.2", to="clock")
            log.add("pay", f"{p} puts the top card of the deck into the clock for {what} "
                    f"({len(state.side(p).clock)} in clock).", ("8.4.2", "10.12.1", "10.12.3"))
        if cost.reveal:
            log.add("pay", f"{p} reveals {cost.reveal!r} from hand for {what}.", ("8.4.2", "10.13.1", "10.13.3"))
        if cost.stage_to_marker:
            state = _to_marker(state, log, p, uid, _fusion_partner(state, p, uid, cost.stage_to_marker)[0], what)
        if cost.self_to_waiting:
            q, pos, _o = state.on_stage(uid)  # type: ignore[misc]
            log.scratch["paid_from"] = (uid, pos)
            state = leave_stage(state, log, q, pos, uid, "waiting", "8.4.2", f" to pay for {what}")
        state = _pay_moving(state, log, p, uid, cost, what)
    finally:
        log.scratch.pop("paying", None)
    s = state.side(p)
    if (cost.clock_top or cost.hand_to_clock or cost.waiting_to_clock or cost.self_to_zone == "clock"
            or any(m.dst == "clock" for m in cost.moves17) or cost.stock_to_clock or cost.stage_dst == "clock") \
            and (len(s.clock) >= 7 or not len(s.deck)):
        log.add("pay", "The cost is paid: the level up or refresh that waited for it happens now.",
                ("9.3.3", "9.2.3", "8.4.2.1"))
    return interrupts(state, log)


def _stage_payers(state: State, p: str, uid: str, cost: Cost) -> tuple[str, ...]:
    """p's characters on the stage that can pay "put 1 (other) [《T》] character from your stage into your waiting
    room" (8.4.2): this card too unless the text says "other"."""
    return tuple(o.uid for _pos, o in state.side(p).characters() if not (cost.stage_other and o.uid == uid)
                 and _selects(state, o.uid, cost.stage_select))


def _can_move(state: State, p: str, uid: str, cost: Cost) -> bool:
    """Whether the costs that move cards (stage -> waiting room, hand -> clock, this card -> memory) can be paid."""
    if cost.stage_to_waiting and len(_stage_payers(state, p, uid, cost)) < cost.stage_to_waiting:
        return False
    if cost.hand_to_clock and len(_discardable(state, p, uid, cost.clock_select)) < cost.hand_to_clock:
        return False
    back = cost.waiting_to_deck or cost.waiting_to_clock
    if back and len(_waiting_payers(state, p, cost.waiting_select)) < back:
        return False
    if cost.climax_to_waiting and len(_climax_payers(state, p, cost.climax_select)) < cost.climax_to_waiting:
        return False  # s10-wshead
    if cost.markers_to_waiting and len(_markers_under(state, uid)) < cost.markers_to_waiting:
        return False  # s16 zone
    if any(len(_zone_payers(state, p, m)) < m.n for m in cost.moves17):
        return False  # s17 zone
    if cost.self_stand:  # s14 heads: "Put this 【STAND】 card into …" (4.6.1.1)
        on = state.on_stage(uid)
        return on is not None and on[2].orient is _ORIENT_STAND
    return not (cost.self_to_memory or cost.self_to_zone) or bool(state.on_stage(uid))


def _zone_payers(state: State, p: str, m: ZoneMove17) -> tuple[str, ...]:
    """s17 zone: the described cards of p's `m.src` pile that fit the cost's selection (never a card nobody described)."""
    return tuple(dict.fromkeys(x for x in getattr(state.side(p), m.src) if isinstance(x, str) and _selects(state, x, m.select)))


_ZONE_WORDS17 = {"waiting": ("waiting room", "3.4.1"), "memory": ("memory", "3.12.1"), "clock": ("clock", "3.8.1"),
                 "stock": ("stock", "3.10.1")}


def _pay_zone_move(state: State, log: EventLog, p: str, m: ZoneMove17, what: str) -> State:
    """s17 zone: "Put N <selection> from your <zone> into your <zone>" (8.4.2): the player chooses each card as it is paid;
    it goes on top of the clock or the stock (3.8.2; 3.10.1), into the waiting room or the memory."""
    (src, src_rule), (dst, dst_rule) = _ZONE_WORDS17[m.src], _ZONE_WORDS17[m.dst]
    for _ in range(m.n):
        c = choose(log, p, _zone_payers(state, p, m), f"{m.select.text()} in the {src}",
                   f"Which {m.select.text()} of {p}'s {src} goes into the {dst} for {what}?", "8.4.2")
        state = transfer(state, p, m.src, c, m.dst)
        log.add("pay", f"{p} puts {c!r} from the {src} into the {dst} for {what}.",
                ("8.4.2", src_rule, dst_rule) + (("2.5.3",) if m.select.trait else ()) + _name_rules(m.select), subject=c)
    return state  # a level up waits for the whole cost (`pay`, 8.4.2.1)


def _climax_payers(state: State, p: str, sel: Select) -> tuple[str, ...]:
    """s10-wshead: the cards of p's climax area a cost "Put 1 "X" from your climax area into your waiting room" can take."""
    return tuple(dict.fromkeys(x for x in state.side(p).climax if isinstance(x, str) and _selects(state, x, sel)))


def _pay_moving(state: State, log: EventLog, p: str, uid: str, cost: Cost, what: str) -> State:
    """Pay the costs that move cards (8.4.2): the player chooses each card as it is paid; a character leaving the
    stage is a new card in its new zone (3.1.4), and one put into the waiting room activates Encore (10.2.1)."""
    state = _pay_markers(state, log, p, uid, cost.markers_to_waiting, what) if cost.markers_to_waiting else state
    for m in cost.moves17:  # s17 zone
        state = _pay_zone_move(state, log, p, m, what)
    for _ in range(cost.hand_to_clock):
        kind = cost.clock_select.text()
        c = choose(log, p, _discardable(state, p, uid, cost.clock_select), f"{kind} in hand",
                   f"Which {kind} from {p}'s hand goes into the clock for {what}?", "8.4.2")
        state = transfer(state, p, "hand", c, "clock")
        log.add("pay", f"{p} puts {c!r} from hand into the clock for {what} ({len(state.side(p).clock)} in clock).",
                ("8.4.2", "3.8.1") + (("2.5.3",) if cost.clock_select.trait else ()), subject=c)
    dst = cost.stage_dst or "waiting"  # s21 head: "… from your stage into your clock" (3.8.2)
    for _ in range(cost.stage_to_waiting):
        kind = ("other " if cost.stage_other else "") + cost.stage_select.text()
        c = choose(log, p, _stage_payers(state, p, uid, cost), f"{kind} on the stage",
                   f"Which {kind} of {p}'s stage goes into the {_ZONE_WORDS17[dst][0]} for {what}?", "8.4.2")
        q, pos, _o = state.on_stage(c)  # type: ignore[misc]
        state = leave_stage(state, log, q, pos, c, dst, "8.4.2", f" to pay for {what}"
                            + (f" (a 《{cost.stage_select.trait}》 character, 2.5.3)" if cost.stage_select.trait else ""))
    if cost.self_to_memory:
        q, pos, _o = state.on_stage(uid)  # type: ignore[misc]
        if cost.self_stand:  # s14 zones
            log.add("pay", f"{uid!r} is standing (4.6.1.1): it can be put into the memory (3.12.1) as 'this 【STAND】 "
                    "card'.", ("8.4.2", "4.6.1.1", "3.12.1"), subject=uid)
        state = leave_stage(state, log, q, pos, uid, "memory", "8.4.2", f" to pay for {what}")
    for _ in range(cost.climax_to_waiting):  # s10-wshead: a climax from the climax area (3.11.1)
        c = choose(log, p, _climax_payers(state, p, cost.climax_select), cost.climax_select.text() + " in the climax "
                   "area", f"Which card of {p}'s climax area goes into the waiting room for {what}?", "8.4.2")
        state = transfer(state, p, "climax", c, "waiting")
        log.add("pay", f"{p} puts {c!r} from the climax area into the waiting room for {what}.",
                ("8.4.2", "3.11.1", "3.4.1") + _name_rules(cost.climax_select), subject=c)
    if cost.self_to_zone:  # s10-wshead: this card from the stage into the clock (3.8.1) or to the deck's bottom (3.2.1)
        q, pos, _o = state.on_stage(uid)  # type: ignore[misc]
        log.scratch["paid_from"] = (uid, pos)  # the position it left ("… on the stage position that this card was on")
        state = leave_stage(state, log, q, pos, uid, cost.self_to_zone, "8.4.2",
                            f" to pay for {what} ({_SELF_TO_RULE.get(cost.self_to_zone, '3.2.1')})")
    return _pay_waiting_to_deck(state, log, p, cost, what) if cost.waiting_to_deck or cost.waiting_to_clock else state


_SELF_TO_RULE = {"clock": "3.8.1", "hand": "3.3.1",  # s12 heads: "[Return this card to your hand]" (3.3.1 the hand)
                 "stock": "3.10.1"}  # s17: "[Put this card into your stock]"


def _standing_chars(state: State, p: str) -> tuple[str, ...]:
    """p's characters on the stage in the stand state (4.6.1.1), which a cost may rest."""
    return tuple(o.uid for _pos, o in state.side(p).characters() if o.orient is _ORIENT_STAND)


def _rest_payers(state: State, p: str, uid: str, cost: Cost) -> tuple[str, ...]:
    """s14 heads: the standing characters a rest cost may take: of the trait it names (2.5.3), not this card if it says
    "other" (the rest of "【REST】 N of your characters" takes any standing one, this card included)."""
    sel = cost.rest_select
    return tuple(x for x in _standing_chars(state, p)
                 if (sel == _ANY_CHARACTER or _selects(state, x, sel)) and not (cost.rest_other and x == uid))


_ANY_CHARACTER = Select("character")


def _discardable(state: State, p: str, uid: str, sel: Select) -> tuple[str, ...]:
    """The cards of the hand that can pay "put N <selection> from your hand into your waiting room" (8.4.2): named
    cards only, never this card, and never a card nobody described (the engine does not invent a hidden card)."""
    return tuple(dict.fromkeys(x for x in state.side(p).hand if isinstance(x, str) and x != uid
                               and _selects(state, x, sel)))


def _fusion_partner(state: State, p: str, uid: str, name: str) -> list[str]:
    return [o.uid for _pos, o in state.side(p).characters() if o.uid != uid and state.card(o.uid).name == name]


def _standing(s: Side, uid: str) -> tuple[str, OnStage]:
    """Where `uid` stands on this side, and as what (the cost's check found it there)."""
    pos = s.where(uid)
    o = s.at(pos) if pos else None
    if pos is None or o is None:  # pragma: no cover - can_pay checks the Fusion partner first
        raise RuntimeError(f"{uid!r} is not on the stage")
    return pos, o


def _to_marker(state: State, log: EventLog, p: str, uid: str, other_uid: str, what: str) -> State:
    """Fusion's cost: a character of p's goes under `uid` as a marker; its own markers go to the waiting room
    (10.14.1.1.2.1, 3.7.3.2)."""
    s = state.side(p)
    pos, o = _standing(s, other_uid)
    s = s.with_pos(pos, ())
    s = replace(s, waiting=s.waiting + o.markers)
    mpos, host = _standing(s, uid)
    s = s.with_pos(mpos, (replace(host, markers=host.markers + (other_uid,)),))
    log.add("pay", f"{p} puts {other_uid!r} from {pos} under {uid!r} as a marker for {what}"
            + (f"; its {len(o.markers)} marker(s) go to the waiting room" if o.markers else "") + ".",
            ("8.4.2", "10.14.1.1", "10.14.1.1.2.1", "3.7.3.2"), subject=other_uid)
    return state.with_side(p, s)


def _waiting_payers(state: State, p: str, sel: Select) -> tuple[str, ...]:
    """The described cards of p's waiting room that fit a cost's selection (never a card nobody described)."""
    return tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str) and _selects(state, x, sel)))


def _pay_waiting_to_deck(state: State, log: EventLog, p: str, cost: Cost, what: str) -> State:
    """"Return 2 《T》 characters from your waiting room to your deck & Shuffle your deck" (8.4.2): the player chooses
    each card as it is paid; then the deck is shuffled (3.2.4), which puts them at unknown places."""
    kind = cost.waiting_select.text()
    where = "the deck" if cost.waiting_to_deck else "the bottom of the clock"
    for _ in range(cost.waiting_to_deck or cost.waiting_to_clock):
        c = choose(log, p, _waiting_payers(state, p, cost.waiting_select), f"{kind} in the waiting room",
                   f"Which {kind} of {p}'s waiting room goes to {where} for {what}?", "8.4.2")
        state = remove(state, p, "waiting", c)
        s = state.side(p)
        state = state.with_side(p, replace(s, deck=s.deck.put_top((c,))) if cost.waiting_to_deck
                                else replace(s, clock=(c, *s.clock)))  # the clock's bottom first (3.8)
        said = f"returns {c!r} from the waiting room to" if cost.waiting_to_deck else f"puts {c!r} from the waiting room into"
        log.add("pay", f"{p} {said} {where} for {what}.",
                ("8.4.2",) + (("2.5.3",) if cost.waiting_select.trait else ()) + _name_rules(cost.waiting_select)
                + (() if cost.waiting_to_deck else ("3.8.1",)), subject=c)
    if cost.shuffle:
        s = state.side(p)
        state = state.with_side(p, replace(s, deck=s.deck.shuffle()))
        log.add("pay", f"{p} shuffles the deck for {what}.", ("8.4.2", "3.2.4"))
    return state


# --- s16 zone (issue 13, sixteenth session): the zones and cards off the stage (cardtext.py `_BuildZone16`) ------------

def _markers_under(state: State, uid: str) -> tuple[object, ...]:
    on = state.on_stage(uid)
    return on[2].markers if on else ()


def _pay_markers(state: State, log: EventLog, p: str, uid: str, n: int, what: str) -> State:
    """"Put 1 marker underneath this card into your waiting room" (8.4.2): the markers leave the marker area from its top
    (3.7.2: "they must be removed, in order, from the top of the zone"; nothing is chosen) into the waiting room (3.4.1)."""
    owner, pos, o = state.on_stage(uid)  # type: ignore[misc]
    taken = o.markers[-n:]
    s = state.side(owner)
    here = tuple(replace(x, markers=o.markers[:-n]) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    state = put(state.with_side(owner, s.with_pos(pos, here)), owner, "waiting", tuple(reversed(taken)))
    shown = ", ".join("an unnamed card" if c is UNKNOWN else repr(c) for c in reversed(taken))
    log.add("pay", f"{p} puts the top {n} marker(s) underneath {uid!r} ({shown}) into the waiting room for {what} (the "
            "markers are removed from the top of the marker area; nothing is chosen).", ("8.4.2", "3.7.2", "3.4.1"),
            subject=uid)
    return state


# --- s21 head (issue 13, twenty-first session) -----------------------------------------------------------------------

def _hand_self_to_bottom(state: State, log: EventLog, p: str, uid: str, what: str) -> State:
    """Backup's "[Reveal this card in your hand & Put it at the bottom of your deck]" (10.5.2; 8.4.2, 8.4.2.1: in the
    order written): the card is shown from the hand, then goes under the deck (3.2), not into the waiting room."""
    log.add("pay", f"{p} reveals {uid!r} from hand for {what}.", ("8.4.2", "8.4.2.1"), subject=uid)
    state = remove(state, p, "hand", uid)
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.put_bottom((uid,))))
    log.add("pay", f"{p} puts {uid!r} at the bottom of the deck for {what}.", ("8.4.2", "3.2.1"), subject=uid)
    return state


def _stock_to_clock(state: State, log: EventLog, p: str, n: int, what: str) -> State:
    """"[Put the top card of your stock into your clock]" (8.4.2): the stock's cards leave from its top (3.10.2), onto the
    clock's top (3.8.2); a level up waits for the whole cost (8.4.2.1, `pay`)."""
    for _ in range(n):
        s = state.side(p)
        top = s.stock[-1]
        state = state.with_side(p, replace(s, stock=s.stock[:-1], clock=s.clock + (top,)))
        shown = "an unnamed card" if top is UNKNOWN else repr(top)
        log.add("pay", f"{p} puts the top card of the stock ({shown}) into the clock for {what} "
                f"({len(state.side(p).clock)} in clock).", ("8.4.2", "3.10.2", "3.8.2"))
    return state
