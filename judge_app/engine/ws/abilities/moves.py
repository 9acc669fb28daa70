"""Executors that move cards between zones: to the hand, waiting room, clock, stock, memory and deck (3.1)."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, EventLog, Unsupported
from judge_app.engine.ws.abilities.choices import (
    _choosable,
    _choose_opp,
    choose,
    forced,
    in_order,
    pick,
    pick_exactly,
    pick_up_to,
    yes_no,
)
from judge_app.engine.ws.abilities.common import (
    _KIND_CHARACTER,
    _ORIENT_REST,
    _ORIENT_STAND,
    _bound_rules,
    _selects,
    _spot_words,
    _stage_spots,
    _within,
)
from judge_app.engine.ws.abilities.counts import _x_counted, _x_resolved
from judge_app.engine.ws.abilities.dispatch import Executor
from judge_app.engine.ws.abilities.markers import _declines_marker, _marker_source_gone, _under_this_card
from judge_app.engine.ws.abilities.onto_stage import _onto_stage, _salvage_vacated
from judge_app.engine.ws.abilities.stage import _facing_bound, _facing_target, _may_battle_opponent
from judge_app.engine.ws.effects import (
    AT_MOST_OWN_LEVEL,
    NAME_OR,
    NAME_PART,
    BattleOppTo,
    HandTo,
    OppAllTo21,
    OppClockTo,
    OppClockTop,
    OppHandTo,
    OppMemoryBack,
    OppStockBottom,
    OppTo,
    OppWaitingPick,
    OppWaitingToDeck,
    ReturnPrevious,
    Salvage,
    Select,
    SelfTo,
    StockTop,
    ThatTo,
    TopTo,
    WaitingToDeck,
    article,
    has_name,
)
from judge_app.engine.ws.state import BACK, CENTER, POSITIONS, State, other, replace
from judge_app.engine.ws.zones import (
    happened,
    interrupts,
    leave_stage,
    off_stage,
    place,
    remove,
    take_top,
    transfer,
)

_SELF_ZONE_RULES = {"stock": "3.10.1", "memory": "3.12.1", "hand": "3.3.1", "clock": "3.8.1"}  # s9-wsreala; s11: clock
_SELF_ZONE_RULES["deck_bottom"] = "3.2.1"  # s13 zones: "put this card at the bottom of your deck"


def _self_to(state: State, log: EventLog, p: str, source: str, eff: SelfTo) -> State:
    rule = "8.8.1"
    # an event's "put this card into your stock" (s9-wsreala: "… into your memory"): from the resolution zone
    # (8.6.2.4.2; 3.10.1 the stock, 3.12.1 the memory); s13 zones: a character's, from the stage (below)
    if eff.zone == "stock" and state.on_stage(source) is None or source in state.side(p).resolution:
        if source not in state.side(p).resolution:
            log.add("nothing", f"{source!r} is not being resolved any more: it does not move.", ("8.7.7", "1.3.3"))
            return state
        state = transfer(state, p, "resolution", source, eff.zone)
        log.add("move", f"{source!r} goes from the resolution zone into {p}'s {eff.zone} (instead of the waiting room "
                "after it resolves).", (rule, _SELF_ZONE_RULES.get(eff.zone, "3.10.1"), "8.6.2.4.2"), subject=source)
        return interrupts(state, log) if eff.zone == "clock" else state  # s11 bodies: a level up (9.3)
    if eff.zone == "hand" and source in state.side(p).memory:  # s11-wshead: a Memory ability's card (10.9.1)
        return _memory_to_hand(state, log, p, source, eff)
    on = state.on_stage(source)
    if not on:
        log.add("nothing", f"{source!r} is not on the stage any more: it does not move.", ("8.7.7", "1.3.3"))
        return state
    # s9-wsbody2: also "you may put this card into your memory"
    verb, to = ("return", "to the hand") if eff.zone == "hand" else ("put", "at the bottom of the deck") \
        if eff.zone == "deck_bottom" else ("put", f"into the {'waiting room' if eff.zone == 'waiting' else eff.zone}")
    if eff.may and not yes_no(log, p, f"{verb.capitalize()} {source!r} {to}?", "8.6.3"):
        log.add("decline", f"{p} does not {verb} {source!r} {to}.", ("8.6.3",), subject=source)
        return state
    if eff.may:
        log.add("choose", f"{p} chooses to {verb} {source!r} {to} (the text says 'you may').", ("8.6.3",),
                subject=source)
    state = leave_stage(state, log, on[0], on[1], source, eff.zone, rule, " by its own effect")
    return interrupts(state, log) if eff.zone == "clock" else state  # s11 bodies: 7 in the clock, a level up (9.3)


def _memory_to_hand(state: State, log: EventLog, p: str, source: str, eff: SelfTo) -> State:
    """s11-wshead: "return this card to your hand" in a Memory ability played from the memory (10.9.1): the card goes
    from the memory (3.12.1) to the hand (3.3.1)."""
    if eff.may and not yes_no(log, p, f"Return {source!r} from the memory to the hand?", "8.6.3"):
        log.add("decline", f"{p} does not return {source!r} to the hand.", ("8.6.3",), subject=source)
        return state
    state = transfer(state, p, "memory", source, "hand")
    log.add("move", f"{source!r} returns from {p}'s memory to the hand by its own effect.",
            ("8.8.1", "10.9.1", "3.12.1", "3.3.1"), subject=source)
    return state


def _salvage(state: State, log: EventLog, p: str, source: str, eff: Salvage) -> State:
    if eff.to == "deck_shuffle" and not eff.many:  # s15 zone: "…, return it to your deck, and shuffle your deck"
        return _salvage_shuffle(state, log, p, source, eff)
    if eff.x is not None:  # s9-wsbody2: "level X or lower", X counted in a zone of the player's (an X over "those
        if eff.x.zone.startswith("among"):  # cards" was counted by `_milled`)
            raise Unsupported("X counted over 'those cards' without the cards put just before")
        eff = _x_resolved(state, log, source, eff, _x_counted(state, p, eff.x, source))  # type: ignore[assignment]
    if eff.level == AT_MOST_OWN_LEVEL:  # s12 bodies: "with level equal to or lower than your level", counted now
        lv = len(state.side(p).level)
        log.add("count", f"{p}'s level is {lv} (the cards in the level zone): a level {lv} or lower card is chosen.",
                ("3.9.1", "8.6.2.1.2", "2.6"), subject=source)
        eff = replace(eff, level=f"<={lv}")
    log.scratch.pop("placed", None)  # s13 zones: only this placement is "that character" after it
    sel = eff.select or Select(eff.kind, eff.trait, color=eff.color, level=eff.level, cost=eff.cost)  # s13 bodies
    if sel.kind == "card" and eff.to.startswith(("stage", "vacated")):  # s14 zones: the stage holds characters (3.6.1)
        sel = replace(sel, kind="character")
    what = (f'"{eff.name}"' if NAME_OR in eff.name else repr(eff.name)) if eff.name else sel.text()
    if eff.name and eff.name[:1] == NAME_PART:  # s11 bodies: a portion of the name (2.1.2.2) beside kind and trait
        what = replace(sel, name=eff.name).text()
    zone, where = _SALVAGE_FROM.get(eff.from_zone, ("waiting", "waiting room"))  # s13 zones: also the hand
    pile = getattr(state.side(p), zone)
    opts = tuple(dict.fromkeys(x for x in pile if isinstance(x, str)
                               and (eff.name is None or has_name(eff.name, state.card(x).name)) and _selects(state, x, sel)
                               and (not eff.to.startswith(("stage", "vacated")) or state.card(x).kind is _KIND_CHARACTER)))
    if eff.to == "vacated":  # s13 zones
        return _salvage_vacated(state, log, p, source, eff, opts, zone, what)
    if eff.to == "marker" and _marker_source_gone(state, log, source):  # s10 bodies
        return state
    if eff.to.startswith("stage") and not _stage_spots(state, p, eff.to):  # s9-wsrealb
        log.add("nothing", f"{p} has no open {_spot_words(eff.to)}: nothing is put on the stage.",
                ("3.6.2", "1.3.3") + (("3.6.3",) if "@" in eff.to else ()))
        return state
    if eff.to == "deck_shuffle" and eff.many:  # s11 bodies: "return them to your deck, and shuffle your deck" (3.2.4)
        return _salvage_many_deck(state, log, p, eff, opts, sel.text())
    if not opts:
        log.add("nothing", f"No {what} in {p}'s {where} can be chosen: nothing is chosen"
                + (" (unnamed cards cannot be chosen)." if UNKNOWN in pile else "."),
                ("8.6.3.1.3", "8.6.3.1.4"))
        return state
    if eff.many:  # "choose up to N … characters in your waiting room, and return them to your hand"
        return _salvage_many(state, log, p, eff, opts, zone, where)
    got: str | None
    free = eff.optional or eff.may  # "up to 1" (8.6.3.1.1) or "you may choose" (the player may choose nothing)
    if len(opts) == 1 and not free:
        got = forced(log, p, opts[0], f"{what} in the {where}", "8.6.3")
    else:
        dest = "underneath this card as a marker" if eff.to == "marker" else f"to the {eff.to}"  # s10 bodies
        got = pick(log, p, f"Which {what} returns to hand?" if eff.to == "hand" else f"Which {what} goes {dest}?",
                   opts, "8.6.3.1.1" if eff.optional else "8.6.3", free)
        if got is None:
            log.add("decline", f"{p} chooses nothing " + ("(up to 1)." if eff.optional else "(the text says 'you may')."),
                    ("8.6.3.1.1",) if eff.optional else ("8.6.3",))
            return state
    if eff.to.startswith("stage"):  # s9-wsrealb
        return _onto_stage(state, log, p, eff, zone, where, got)
    if eff.to == "climax":  # s22 ws
        return _onto_climax22(state, log, p, source, eff, got)
    if eff.to == "marker":  # s10 bodies
        return _under_this_card(remove(state, p, zone, got), log, p, source, got, eff.face, where,
                                ("8.6.3",) + (("8.6.3.1.1",) if eff.optional else ()))
    if eff.to in ("deck_top", "deck_in"):  # s15 zone: on top of the deck; into it (`_salvage_shuffle` shuffles it)
        return _salvage_deck(remove(state, p, zone, got), log, p, got, where, eff)
    if eff.to == "deck_bottom":
        state = remove(state, p, zone, got)
        s = state.side(p)
        state = state.with_side(p, replace(s, deck=s.deck.put_bottom((got,))))
    else:  # s11 bodies: "waiting_room" from the clock
        state = transfer(state, p, zone, got, "waiting" if eff.to == "waiting_room" else eff.to)
    to = "the bottom of the deck" if eff.to == "deck_bottom" else f"{p}'s {eff.to.replace('_', ' ')}"
    log.add("move", f"{got!r} goes from {p}'s {where} to {to}.", ("8.6.3",)
            + (("8.6.3.1.1",) if eff.optional else ()) + _SALVAGE_TO_RULES.get(eff.to, ())
            + (_named_salvage_rules(state, source, eff) if eff.name else ()) + (("2.7",) if eff.cost else ())
            + (("3.11.1",) if eff.from_zone == "climax" else ("3.12.1",) if eff.from_zone == "memory" else ()),
            subject=got)  # s16 zone: from the climax area; s17 zone: from the memory
    return interrupts(state, log) if eff.to == "clock" else state  # s13 zones: 7 in the clock, a level up (9.3)


def _onto_climax22(state: State, log: EventLog, p: str, source: str, eff: Salvage, got: str) -> State:
    """s22 ws: "put it on your climax area": the chosen climax of the waiting room is placed there by the effect, not played
    (3.11.1; 8.6.2.4.3 is a climax played): "When your climax is placed on your climax area" sees it (8.7.2), a climax's own
    "When this card is placed on your climax area from your hand" does not (`abilities.triggers`, "climax-put"); a climax
    already there goes to the waiting room by the rule action (9.7.1) at the next check timing."""
    state = transfer(state, p, "waiting", got, "climax")
    log.add("move", f"{got!r} goes from {p}'s waiting room onto {p}'s climax area (put there by the effect, not played).",
            ("8.6.3", "3.11.1") + (("8.6.3.1.1",) if eff.optional else ())
            + (_named_salvage_rules(state, source, eff) if eff.name else ()), subject=got)
    happened(log, "climax-put", p, got)
    return state


# s13 zones: where a chosen card is (the pile and its words): the clock, the hand (3.3.1), else the waiting room
_SALVAGE_FROM = {"clock": ("clock", "clock"), "hand": ("hand", "hand"), "climax": ("climax", "climax area"),  # s16 zone
                 "memory": ("memory", "memory")}  # s17 zone
# s13 zones: the rule of the zone a chosen card goes to (3.4.1 waiting room, 3.12.1 memory, 3.8.1 clock)
_SALVAGE_TO_RULES = {"waiting_room": ("3.4.1",), "memory": ("3.12.1",), "clock": ("3.8.1",)}


def _salvage_many(state: State, log: EventLog, p: str, eff: Salvage, opts: tuple[str, ...], zone: str,
                  where: str) -> State:
    """Up to `eff.many` of `opts` (any number from none, 8.6.3.1.1) go from p's `zone` to the hand together."""
    what = Select(eff.kind, eff.trait, name=eff.name or "").text()  # s11 bodies: with a portion of the name (2.1.2.2)
    if eff.to == "stock":  # s9-wsbody2: "put them into your stock in any order"
        return _salvage_many_stock(state, log, p, eff, opts, zone, where, what)
    which = f"Which cards ({what})" if eff.name else f"Which {what}s"
    got = pick_up_to(log, p, f"{which} return to hand (up to {eff.many})?", opts, eff.many, "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none (up to {eff.many}).", ("8.6.3.1.1",))
        return state
    for x in got:
        state = transfer(state, p, zone, x, "hand")
    # s16 body: a whole card name (2.1.2), or a portion of it (2.1.2.2)
    log.add("move", f"{', '.join(map(repr, got))} go(es) from {p}'s {where} to {p}'s hand.", ("8.6.3", "8.6.3.1.1")
            + (("2.1.2.2",) if eff.name and eff.name[:1] == NAME_PART else ("2.1.2",) if eff.name else ()), subject=got[0])
    return state


def _salvage_many_deck(state: State, log: EventLog, p: str, eff: Salvage, opts: tuple[str, ...], what: str) -> State:
    """Up to `eff.many` of `opts` (8.6.3.1.1) go from p's waiting room into the deck, then the deck is shuffled (3.2.4):
    where they went in does not matter, the shuffle makes every position unknown."""
    got = pick_up_to(log, p, f"Which {what}s return to the deck (up to {eff.many})?", opts, eff.many, "8.6.3.1.1") \
        if opts else ()
    if got:
        for x in got:
            state = remove(state, p, "waiting", x)
        s = state.side(p)
        state = state.with_side(p, replace(s, deck=s.deck.put_top(got)))
        log.add("move", f"{', '.join(map(repr, got))} go(es) from {p}'s waiting room into the deck.", ("8.6.3",
                "8.6.3.1.1", "3.2.1"), subject=got[0])
    else:
        log.add("decline" if opts else "nothing", f"{p} chooses none (up to {eff.many})." if opts else
                f"No {what} in {p}'s waiting room can be chosen: nothing is chosen.", ("8.6.3.1.1",))
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.shuffle()))
    log.add("shuffle", f"{p} shuffles the deck.", ("3.2.4",))
    return state


def _salvage_many_stock(state: State, log: EventLog, p: str, eff: Salvage, opts: tuple[str, ...], zone: str,
                        where: str, what: str) -> State:
    """Up to `eff.many` of `opts` go to the stock "in any order": the player names them in the order they are put,
    each on top of the stock (3.10.2), so the last named is on top."""
    got = pick_up_to(log, p, f"Which {what}s go to the stock (up to {eff.many}), in the order they are put (the last "
                     "on top)?", opts, eff.many, "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none (up to {eff.many}).", ("8.6.3.1.1",))
        return state
    for x in got:
        state = transfer(state, p, zone, x, "stock")
    log.add("move", f"{', '.join(map(repr, got))} go from {p}'s {where} to {p}'s stock in that order, each on top of "
            f"the stock ({got[-1]!r} on top; the text says 'in any order': {p} chose it).",
            ("8.6.3", "8.6.3.1.1", "3.10.2"), subject=got[0])
    return state


_OPP_ZONE = {"waiting_room": "waiting", "hand": "hand", "clock": "clock", "stock": "stock", "memory": "memory",
             "deck_top": "deck_top", "deck_bottom": "deck_bottom"}


def _opp_to(state: State, log: EventLog, p: str, source: str, eff: OppTo) -> State:
    where = _ZONE_WORDS.get(eff.zone, eff.zone.replace("_", " "))
    if eff.n > 1:  # s9-wsrealb: "choose up to N …, and return them …"
        return _opp_to_many(state, log, p, source, eff, where)
    if eff.facing and eff.select is not None:  # s15 body: "choose a level 1 or lower character facing this card"
        target = _facing_bound(state, log, p, source, eff, where)
    elif eff.facing:  # s9-wsrealb
        target = _facing_target(state, log, p, source, f"goes to its owner's {where}", eff.may)
    else:
        target = _choose_opp(state, log, p, f"goes to its owner's {where}", area=eff.area, at_most=eff.at_most,
                             bound=eff.select, may=eff.may)
    if target is None:
        return state
    owner, pos, _o = state.on_stage(target)  # type: ignore[misc]
    why = " (the character facing it, 3.6.5)" if eff.facing else ""
    state = leave_stage(state, log, owner, pos, target, _OPP_ZONE[eff.zone], _ZONE_RULES.get(eff.zone, "8.8.1"),
                        f" by {source!r}'s effect{why}")
    return interrupts(state, log) if eff.zone == "clock" else state  # 7 in the clock: level up (9.3)


def _hand_to(state: State, log: EventLog, p: str, source: str, eff: HandTo) -> State:
    """"choose 1 card in your hand, and put it into your waiting room": the player must choose one if they can
    (8.6.3.1); an undescribed card of the hand may be chosen only when the choice needs nothing about it.
    s15 zone: "choose 2 cards in your hand, and put them into …": as many as possible up to the number (8.6.3.1; 1.3.3),
    chosen one after another by the player (each chosen card is one the others are not)."""
    if eff.n == 1:
        return _hand_to_one(state, log, p, eff)
    log.add("effect", f"{p} chooses {eff.n} cards of the hand (as many as possible, up to {eff.n}).", ("8.6.3.1",),
            subject=source)
    for _ in range(eff.n):
        if not state.side(p).hand:
            log.add("nothing", f"{p}'s hand is empty: no more cards are chosen.", ("8.6.3.1", "1.3.3"))
            break
        state = _hand_to_one(state, log, p, eff)
    return state


def _hand_to_one(state: State, log: EventLog, p: str, eff: HandTo) -> State:
    """One card of p's hand that fits `eff.select` goes to `eff.dest` (`_hand_to`)."""
    hand = state.side(p).hand
    opts = tuple(dict.fromkeys(x for x in hand if isinstance(x, str) and _selects(state, x, eff.select)))
    if UNKNOWN in hand and eff.select == Select():
        opts += ("unnamed",)
    what = eff.select.text()
    where = eff.dest.replace("_", " ")  # s9-wsrealb: or the stock, the clock, the memory
    if not opts:
        log.add("nothing", f"{p} has no {what} in hand to choose: nothing is put into the {where}.",
                ("8.6.3.1.3",) + (("8.6.3.1.4",) if UNKNOWN in hand else ()))
        return state
    if eff.may:  # "you may choose …": the player may choose none (8.6.3)
        got = pick(log, p, f"Which {what} from {p}'s hand goes to the {where} (you may choose none)?", opts, "8.6.3", True)
        if got is None:
            log.add("decline", f"{p} chooses none (the text says 'you may').", ("8.6.3",))
            return state
        c = got
    else:
        c = choose(log, p, opts, f"{what} in hand", f"Which {what} from {p}'s hand goes to the {where}?", "8.6.3")
    state = transfer(state, p, "hand", UNKNOWN if c == "unnamed" else c, _HAND_DEST.get(eff.dest, eff.dest))
    state = _to_clock_bottom(state, p) if eff.dest == "clock_bottom" else state  # s15 zone
    log.add("move", f"{p} puts {'an unnamed card' if c == 'unnamed' else repr(c)} from hand into the {where}.",
            ("8.6.3" if eff.may else "8.6.3.1", "8.8.1") + _HAND_RULES.get(eff.dest, ()),
            subject=None if c == "unnamed" else c)
    state = interrupts(state, log) if eff.dest in ("clock", "clock_bottom") else state  # 7 in the clock: level up (9.3)
    return state


_HAND_DEST = {"waiting_room": "waiting", "clock_bottom": "clock"}  # s15 zone: then moved under the others
_HAND_RULES = {"stock": ("3.10.1",), "clock": ("3.8.1",), "memory": ("3.12.1",), "clock_bottom": ("3.8.1", "3.8.2", "1.3.1")}


def _battle_opp_to(state: State, log: EventLog, p: str, source: str, eff: BattleOppTo) -> State:
    """The battle opponent of the ability's card (7.2.1.5.1: attacker and defender of a frontal attack) goes into
    its owner's zone; none when the card is not in battle or the opponent has left the stage (1.3.3)."""
    where = _ZONE_WORDS.get(eff.zone, eff.zone.replace("_", " "))  # s10 bodies: also the deck's top or bottom (3.2.1)
    target = _may_battle_opponent(state, log, p, source, eff.may, f"goes into the {where}",
                                  lambda t: f"Put {t!r} into its owner's {where} ({source})?",
                                  lambda t: f"put {t!r} into the {where}")
    on = state.on_stage(target) if target else None
    if on is None:
        return state
    owner, pos, _o = on
    state = leave_stage(state, log, owner, pos, str(target), {"waiting_room": "waiting"}.get(eff.zone, eff.zone),
                        "3.12.1" if eff.zone == "memory" else "3.2.1" if eff.zone.startswith("deck") else "8.8.1",
                        f" as {source!r}'s battle opponent (7.2.1.5.1)")
    return interrupts(state, log) if eff.zone == "clock" else state  # 7 in the clock: level up (9.3)


def _that_to(state: State, log: EventLog, p: str, source: str, eff: ThatTo) -> State:
    """"return that character to your hand": the character the timing watched goes from the stage to its owner's hand
    (3.3.1); "… to its previous stage position as 【REST】": from the waiting room back to the position it left, rested
    (10.2.2's words; a character there goes to the waiting room, 9.6). One no longer where the timing saw it: nothing
    happens (8.7.7)."""
    watched = log.scratch.get("watched")
    if not isinstance(watched, tuple):
        raise Unsupported("'that character' outside an ability whose timing watches another character")
    uid, left = str(watched[0]), str(watched[1])
    if eff.dest == "marker":  # s21 body2
        return _that_to_marker(state, log, p, source, uid, eff)
    on = state.on_stage(uid)
    here = on is not None and on[0] == p if eff.dest == "hand" else uid in state.side(p).waiting and bool(left)
    if not here:
        log.add("nothing", f"{uid!r} is no longer {'on the stage' if eff.dest == 'hand' else 'in the waiting room'}: "
                "nothing happens.", ("8.7.7",), subject=uid)
        return state
    where = "to the hand" if eff.dest == "hand" else f"to {left}, rested"
    if eff.may and not yes_no(log, p, f"Return {uid!r} {where}?", "8.6.3"):
        log.add("decline", f"{p} does not return {uid!r} (the text says 'you may').", ("8.6.3",), subject=uid)
        return state
    if eff.dest == "hand":
        assert on is not None
        return leave_stage(state, log, p, on[1], uid, "hand", "3.3.1", f" by {source!r}'s effect (that character)")
    state = place(remove(state, p, "waiting", uid), p, left, uid, _ORIENT_REST)
    log.add("move", f"{uid!r}, the character the timing named, returns from {p}'s waiting room to its previous stage "
            f"position {left}, rested.", ("8.7.4.1.2", "10.2.2", "4.6.1.2"), subject=uid)
    return interrupts(state, log)


def _that_to_marker(state: State, log: EventLog, p: str, source: str, uid: str, eff: ThatTo) -> State:
    """s21 body2: "(you may) put that character face down underneath this card as a marker": the character the timing
    watched goes from p's stage underneath the ability's card (3.7.1; face down, 3.7.2, or face up, 3.7.2.1); markers
    under it go to the waiting room as it leaves its stage position (3.7.3.2). One no longer on p's stage, or this card
    gone from the stage, and nothing moves (8.7.7, 1.3.3)."""
    on = state.on_stage(uid)
    if on is None or on[0] != p:
        log.add("nothing", f"{uid!r} is no longer on {p}'s stage: nothing happens.", ("8.7.7",), subject=uid)
        return state
    if _marker_source_gone(state, log, source):
        return state
    if _declines_marker(log, p, uid, source, eff.may, " (the text says 'you may')."):
        return state
    pos = on[1]
    state, _ = off_stage(state, log, p, pos, uid)
    return _under_this_card(state, log, p, source, uid, eff.face or "down", pos + " (the stage)",
                            ("8.6.3",) if eff.may else ())


def _opp_pile_to_waiting(state: State, log: EventLog, p: str, source: str, zone: str, end: int, rules: tuple[str, ...],
                         may: bool = False) -> State:
    """The top (`end` -1) or bottom (0) card of the opponent's clock or stock goes into the opponent's waiting room;
    with "you may", the player says whether (8.6.3)."""
    o = other(p)
    s = state.side(o)
    pile = getattr(s, zone)
    where = f"the {'top' if end else 'bottom'} card of {o}'s {zone}"
    if not pile:
        log.add("nothing", f"{o}'s {zone} is empty: there is no {where.split(' of ')[0][4:]} to move.", rules + ("1.3.3",),
                subject=source)
        return state
    if may and not yes_no(log, p, f"Put {where} into {o}'s waiting room ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not put {where} into the waiting room.", ("8.6.3",))
        return state
    card = pile[end]
    rest = pile[:-1] if end else pile[1:]
    state = state.with_side(o, replace(s, **{zone: rest}, waiting=s.waiting + (card,)))
    shown = repr(card) if isinstance(card, str) else "a card the scenario did not describe"
    log.add("move", f"{where[0].upper()}{where[1:]} ({shown}) goes into {o}'s waiting room.", rules + ("8.8.1",),
            subject=source)
    return state


def _opp_clock_top(state: State, log: EventLog, p: str, source: str, eff: OppClockTop) -> State:
    return _opp_pile_to_waiting(state, log, p, source, "clock", -1, ("3.8.1",), eff.may)


def _opp_stock_bottom(state: State, log: EventLog, p: str, source: str, eff: OppStockBottom) -> State:
    return _opp_pile_to_waiting(state, log, p, source, "stock", 0, ("3.10.1",))


def _named_salvage_rules(state: State, source: str, eff: Salvage) -> tuple[str, ...]:
    """A card chosen by its name (2.1.2), by Bond (10.4.1, 10.4.2: the Bond's own name, or either of its names)."""
    bond = _bond_of(state, source, eff)
    if str(eff.name)[:1] == NAME_PART:  # s11 bodies: a portion of the name (2.1.2.2)
        return ("2.1.2.2",)
    return (("2.1.2",) if NAME_OR in str(eff.name) or not bond else ()) + (("10.4.1", "10.4.2") if bond else ())


def _bond_of(state: State, source: str, eff: Salvage) -> bool:
    """s8-wsrealb: whether `eff` is the effect of the source card's Bond (10.4.2; a Bond naming two cards)."""
    return source in state.catalog and any(a.keyword == "bond" and a.effects == (eff,)
                                           for a in state.card(source).abilities)


def _opp_waiting_to_deck(state: State, log: EventLog, p: str, source: str, eff: OppWaitingToDeck) -> State:
    """The opponent's waiting room (public, 3.4) back into the opponent's deck, which the opponent shuffles (3.2.4):
    the cards the master chooses (up to n, 8.6.3.1.1), or all but the one the opponent chooses to keep (the text
    names the opponent as the one who chooses, 8.6.3). A waiting room the scenario gives only as a count is not
    guessed at: the answer asks for its cards."""
    o = other(p)
    pile = state.side(o).waiting
    if UNKNOWN in pile:
        raise Unsupported(f"{o}'s waiting room is needed, but some of its cards are not named",
                          hint=f"describe them on `{o} waiting_room:` lines")
    known = tuple(x for x in pile if isinstance(x, str))
    if eff.chosen is not None:
        return _opp_waiting_one(state, log, p, source, eff, eff.chosen, known)
    if eff.keep is None:
        opts = tuple(dict.fromkeys(known))
        back = pick_up_to(log, p, f"Which cards of {o}'s waiting room does {p} return to {o}'s deck (up to {eff.n})?",
                          opts, eff.n, "8.6.3.1.1")
        rules: tuple[str, ...] = ("8.6.3.1.1", "8.8.1")
    else:
        what = eff.keep.text()
        opts = tuple(dict.fromkeys(x for x in known if _selects(state, x, eff.keep)))
        kept = choose(log, o, opts, f"{what} in the waiting room", f"Which {what} of {o}'s waiting room does {o} keep?",
                      "8.6.3") if opts else None
        if kept is None:
            log.add("choose", f"{o} has no {what} in the waiting room to choose: every card there returns.",
                    ("8.6.3.1.3",), subject=source)
        back = known if kept is None else _all_but_one(known, kept)
        rules = ("8.6.3", "8.8.1")
    for c in back:
        state = remove(state, o, "waiting", c)
    s = state.side(o)
    state = state.with_side(o, replace(s, deck=s.deck.put_top(back).shuffle()))
    log.add("move", f"{', '.join(map(repr, back)) or 'No card'} {'goes' if len(back) == 1 else 'go'} from {o}'s "
            f"waiting room to {o}'s deck, and {o} shuffles the deck.", rules + ("3.2.4",), subject=source)
    return state


def _opp_waiting_one(state: State, log: EventLog, p: str, source: str, eff: OppWaitingToDeck, sel: Select,
                     known: tuple[str, ...]) -> State:
    """s20 body2: "(you may) choose a climax in your opponent's waiting room, and return it to his or her deck": the
    master chooses one such card (8.6.3; none there: nothing is chosen and nothing moves, 8.6.3.1.3) and puts it into
    the opponent's deck (3.2); the shuffle is the effect after "If you do," (3.2.4)."""
    o = other(p)
    what = sel.text()
    if eff.may and not yes_no(log, p, f"Choose {article(what)} in {o}'s waiting room and return it to {o}'s deck?",
                              "8.6.3"):
        log.add("decline", f"{p} does not do it.", ("8.6.3",), subject=source)
        return state
    opts = tuple(dict.fromkeys(x for x in known if _selects(state, x, sel)))
    if not opts:
        log.add("choose", f"{o} has no {what} in the waiting room: nothing is chosen and nothing returns.",
                ("8.6.3.1.3",), subject=source)
        return state
    got = choose(log, p, opts, f"{what} in {o}'s waiting room", f"Which {what} of {o}'s waiting room does {p} return "
                 f"to {o}'s deck?", "8.6.3")
    state = remove(state, o, "waiting", got)
    s = state.side(o)
    state = state.with_side(o, replace(s, deck=s.deck.put_top((got,))))
    log.add("move", f"{got!r} goes from {o}'s waiting room into {o}'s deck.", ("8.6.3", "3.2.1", "8.8.1"),
            subject=source)
    return state


def _all_but_one(cards: tuple[str, ...], kept: str) -> tuple[str, ...]:
    """`cards` without one copy of `kept` (a pile may hold two cards of one name, 5.1.2.2)."""
    i = cards.index(kept)
    return cards[:i] + cards[i + 1:]


# --- s9-wsrealb: the effect body, general: which of the opponent's characters, where it goes ---------------------------

# the zones an opponent's character goes to, as the steps name them, and the rule of that zone (3.10.1 the stock, 3.12.1
# the memory, 3.2.1 the deck)
_ZONE_WORDS = {"deck_top": "deck (on top)", "deck_bottom": "deck (at the bottom)"}
_ZONE_RULES = {"stock": "3.10.1", "memory": "3.12.1", "deck_top": "3.2.1", "deck_bottom": "3.2.1"}


def _opp_memory_back(state: State, log: EventLog, p: str, source: str, eff: OppMemoryBack) -> State:
    """One of the opponent's characters goes into its owner's memory (`OppTo`, 3.12.1), and the opponent puts that card
    from the memory on the stage position they choose (8.6.3: the text says the opponent puts it): a new card (3.1.4),
    standing (the text names no state; the engine places it standing, the state a character is placed in when played,
    8.6.2.4.1). A character already there goes to the waiting room by the rule action (9.6.1)."""
    o, take = other(p), eff.opp
    # s13 bodies: the choice stated as a step of its own ("up to 1": 8.6.3.1.1), then the move into the memory (3.12.1)
    target = _choose_opp(state, log, p, "goes to its owner's memory", area=take.area, at_most=take.at_most,
                         bound=take.select, may=take.may)
    if target is None:
        return state
    owner, frm, _o = state.on_stage(target)  # type: ignore[misc]
    log.add("choose", f"{p} chooses {target!r} ({owner}'s, on {frm})" + (" (up to 1)." if take.at_most else "."),
            ("8.6.3.1.1",) if take.at_most else ("8.6.3",), subject=target)
    state = leave_stage(state, log, owner, frm, target, "memory", "3.12.1", f" by {source!r}'s effect")
    memory = state.side(o).memory
    if target not in memory:  # a replacement sent it elsewhere: "that character" is not in the memory (8.8.1)
        log.add("nothing", f"{target!r} is not in {o}'s memory: it is not put back on the stage.", ("8.8.1", "1.3.3"),
                subject=target)
        return state
    c = target
    pos = choose(log, o, POSITIONS, "stage position", f"On which of {o}'s stage positions does {c!r} go?", "8.6.3")
    occupied = state.side(o).at(pos)
    state = place(remove(state, o, "memory", c), o, pos, c, _ORIENT_STAND)
    log.add("move", f"{o} puts {c!r} from the memory onto {pos}, standing (the text names no state; the engine places it "
            "standing), a new card with no effect of before (3.1.4)"
            + (f"; {occupied.uid!r} was there and goes to the waiting room by the rule action" if occupied else "") + ".",
            ("8.6.3", "3.12.1", "3.1.4", "8.8.1") + (("9.6.1",) if occupied else ()), subject=c)
    happened(log, "placed-from", o, c, "memory")
    return state


def _waiting_to_deck(state: State, log: EventLog, p: str, source: str, eff: WaitingToDeck) -> State:
    """Every card of p's waiting room (3.4.1) goes into p's deck (3.2.1); the deck is then shuffled (3.2.4), so where
    they went in does not matter."""
    s = state.side(p)
    back = s.waiting
    if eff.unshuffled:  # s15 zone: "… to your deck. If you do, shuffle your deck, …"
        return _waiting_return(state, log, p, source)
    # the deck holds unnamed cards too (UNKNOWN), as the waiting room does
    state = state.with_side(p, replace(s, waiting=(), deck=s.deck.put_top(back).shuffle()))  # type: ignore[arg-type]
    log.add("move", f"All {len(back)} card(s) of {p}'s waiting room go into the deck ({len(state.side(p).deck)} cards "
            "there now).", ("8.8.1", "3.4.1", "3.2.1"), subject=source)
    log.add("shuffle", f"{p} shuffles the deck.", ("3.2.4",))
    return state


def _opp_clock_to(state: State, log: EventLog, p: str, source: str, eff: OppClockTo) -> State:
    """p chooses a card of the opponent's clock (3.8.1: public, 8.6.3), which goes to its owner's waiting room (3.4.1);
    "you may": p says whether (none chosen, nothing moves)."""
    o = other(p)
    pile = state.side(o).clock
    sel = Select(eff.kind)
    opts = tuple(dict.fromkeys(x for x in pile if isinstance(x, str) and _selects(state, x, sel)))
    if not opts:
        log.add("nothing", f"No {sel.text()} in {o}'s clock can be chosen" + (" (unnamed cards cannot be chosen)"
                if UNKNOWN in pile else "") + ": nothing moves.", ("8.6.3.1.3", "3.8.1"), subject=source)
        return state
    got = pick(log, p, f"Which card of {o}'s clock goes to {o}'s waiting room?", opts, "8.6.3", True) if eff.may \
        else choose(log, p, opts, f"{sel.text()} in {o}'s clock", f"Which card of {o}'s clock goes to {o}'s waiting "
                    "room?", "8.6.3")
    if got is None:
        log.add("decline", f"{p} chooses nothing (the text says 'you may').", ("8.6.3",), subject=source)
        return state
    state = transfer(state, o, "clock", got, "waiting")
    log.add("move", f"{got!r} goes from {o}'s clock to {o}'s waiting room.", ("8.6.3", "8.8.1", "3.8.1", "3.4.1"),
            subject=got)
    return state


def _opp_to_many(state: State, log: EventLog, p: str, source: str, eff: OppTo, where: str) -> State:
    """"choose up to N of your opponent's characters, and return them to …": any number from none up to N of them
    (8.6.3.1.1), each goes to its owner's zone. s17 body: only those of one area (3.6.3) and within the selection's level or
    cost bound and trait (2.6, 2.7, 2.5.3), when the text names them."""
    spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS
    opts = _choosable(state, log, p, tuple(o.uid for pos, o in state.side(other(p)).characters() if pos in spots
                                           and (eff.select is None or _within(state, o.uid, eff.select))))
    kind = f"{eff.select.text()} " if eff.select is not None else "character "
    area = f"on the {eff.area} stage " if eff.area else ""
    rules = (("3.6.3",) if eff.area else ()) + _bound_rules(eff.select)
    if not opts:
        log.add("nothing", f"{other(p)} has no {kind}{area}to choose: the effect does nothing.", ("8.6.3.1.3",) + rules)
        return state
    got = pick_up_to(log, p, f"Which of {other(p)}'s {kind}{area}go to the {where} (up to {eff.n})?", opts, eff.n,
                     "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none of {other(p)}'s characters (up to {eff.n}).", ("8.6.3.1.1",), subject=source)
        return state
    log.add("choose", f"{p} chooses {', '.join(map(repr, got))} (up to {eff.n}).", ("8.6.3.1.1",) + rules, subject=source)
    for t in got:
        on = state.on_stage(t)
        if on is not None:
            state = leave_stage(state, log, on[0], on[1], t, _OPP_ZONE[eff.zone], _ZONE_RULES.get(eff.zone, "8.8.1"),
                                f" by {source!r}'s effect")
    return interrupts(state, log) if eff.zone == "clock" else state


def _opp_all_to21(state: State, log: EventLog, p: str, source: str, eff: OppAllTo21) -> State:
    """s21 body: "put all [level N or lower] characters in your opponent's center stage into their waiting room" / "return
    all … to their hand": every character of the opponent's on that area (3.6.3) within the bound (2.6, 2.7) goes to its
    owner's zone (8.8.1). None is chosen, so none is left out for "cannot be chosen" (8.6.3). Several put into the
    waiting room at once go in the order their owner decides (3.1.5): the owner is asked."""
    q = other(p)
    spots = CENTER if eff.area == "center" else BACK
    kind = f"{eff.select.text()} " if eff.select is not None else "character "
    rules = ("3.6.3",) + _bound_rules(eff.select)
    got = tuple(o.uid for pos, o in state.side(q).characters()
                if pos in spots and (eff.select is None or _within(state, o.uid, eff.select)))
    where = eff.zone.replace("_", " ")
    if not got:
        log.add("nothing", f"{q} has no {kind}on the {eff.area} stage: nothing goes to the {where}.", ("1.3.3",) + rules,
                subject=source)
        return state
    log.add("count", f"{q}'s {kind}on the {eff.area} stage, all of which go to the {where}: "
            f"{', '.join(map(repr, got))}.", ("8.8.1",) + rules, subject=source)
    if eff.zone == "waiting_room" and len(got) > 1:  # at once: their owner says their order (3.1.5)
        got = tuple(in_order(log, q, got, "into the waiting room"))
        log.add("order", f"{q} puts them into the waiting room in this order: {', '.join(map(repr, got))}.", ("3.1.5",),
                subject=source)
    for t in got:
        on = state.on_stage(t)
        if on is not None:
            state = leave_stage(state, log, on[0], on[1], t, _OPP_ZONE[eff.zone], "3.1.5" if eff.zone == "waiting_room"
                                else "3.3.1", f" by {source!r}'s effect")
    return state


def _return_previous(state: State, log: EventLog, p: str, source: str, eff: ReturnPrevious) -> State:
    """The card the ability waited for goes from the waiting room back to the stage position it left, rested, as
    Encore's effect puts it (10.2.2; a character already there is put into the waiting room by 9.6); if it is no longer
    in the waiting room, nothing happens (8.7.7)."""
    left = log.scratch.get("left_from")
    if not (isinstance(left, tuple) and left[0] == source):
        raise Unsupported("'return this card to its previous stage position' outside an ability that waits for this "
                          "card to leave the stage")
    pos = str(left[1])
    if source not in state.side(p).waiting:
        log.add("nothing", f"{source!r} is no longer in the waiting room: it does not return.", ("8.7.7",),
                subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Return {source!r} to {pos}, rested?", "8.6.3"):
        log.add("decline", f"{p} does not return {source!r} (the text says 'you may').", ("8.6.3",), subject=source)
        return state
    state = place(remove(state, p, "waiting", source), p, pos, source, _ORIENT_REST)
    log.add("move", f"{source!r} returns from {p}'s waiting room to its previous stage position {pos}, rested.",
            ("8.7.4.1.2", "10.2.2", "4.6.1.2"), subject=source)
    return interrupts(state, log)


def _opp_hand_to(state: State, log: EventLog, p: str, source: str, eff: OppHandTo) -> State:
    """"your opponent chooses 1 card in their hand, and puts it into …": the opponent is the one who chooses, as the text
    says (8.6.3), among the cards of their own hand; then as `_hand_to` for that player."""
    q = other(p)
    log.add("effect", f"{q} chooses, as the text says: {source!r}'s effect has {q} choose from {q}'s hand.", ("8.6.3",),
            subject=source)
    return _hand_to(state, log, q, source, HandTo(eff.n, eff.select, eff.dest))


_STOCK_DEST = {"waiting_room": ("waiting", "waiting room", "3.4.1"), "hand": ("hand", "hand", "3.3.1"),
               "clock": ("clock", "clock", "3.8.1")}


def _stock_top(state: State, log: EventLog, p: str, source: str, eff: StockTop) -> State:
    """s14 zones: the top card of p's (or the opponent's) stock, the last put there (3.10.2), goes to its owner's zone; the
    master says whether when the text says "you may" (8.6.3). An empty stock moves nothing (1.3.3)."""
    who = other(p) if eff.opp else p
    s = state.side(who)
    zone, words, rule = _STOCK_DEST[eff.dest]
    if not s.stock:
        log.add("nothing", f"{who}'s stock is empty: nothing moves.", ("1.3.3", "3.10.2"), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Put the top card of {who}'s stock into {who}'s {words} ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not move the top card of {who}'s stock (the text says 'you may').", ("8.6.3",),
                subject=source)
        return state
    top = s.stock[-1]
    state = state.with_side(who, replace(s, stock=s.stock[:-1], **{zone: getattr(s, zone) + (top,)}))
    shown = "an unnamed card" if top is UNKNOWN else repr(top)
    log.add("move", f"The top card of {who}'s stock ({shown}) goes to {who}'s {words}.", ("8.8.1", "3.10.2", rule),
            subject=top if isinstance(top, str) else None)
    return interrupts(state, log) if zone == "clock" else state


_OPP_WAITING_DEST = {"deck_top": ("the top of {o}'s deck", "3.2.1"), "stock": ("{o}'s stock", "3.10.2"),
                     "clock": ("{o}'s clock", "3.8.1"), "memory": ("{o}'s memory", "3.12.1")}


def _opp_waiting_pick(state: State, log: EventLog, p: str, source: str, eff: OppWaitingPick) -> State:
    """s14 zones: p chooses a card of the opponent's waiting room (3.4.1: public; 8.6.3) that the selection describes (a
    kind, a trait 2.5.3, a level or cost bound 2.6, 2.7); "you may": p may choose none. It goes to its owner's zone: the top
    of the deck, the stock (on top, 3.10.2), the clock or the memory, or, a character, onto an open back stage position
    p chooses (3.6.3), standing (the text names no state; the engine places it standing)."""
    o = other(p)
    pile = state.side(o).waiting
    sel = eff.select
    opts = tuple(dict.fromkeys(x for x in pile if isinstance(x, str) and _selects(state, x, sel)))
    spots = tuple(pos for pos in ("BL", "BR") if state.side(o).at(pos) is None) if eff.dest == "open_back" else ()
    if eff.dest == "open_back" and not spots:
        log.add("nothing", f"{o} has no open back stage position: nothing moves.", ("3.6.3", "1.3.3"), subject=source)
        return state
    if not opts:
        log.add("nothing", f"No {sel.text()} in {o}'s waiting room can be chosen" + (" (unnamed cards cannot be chosen)"
                if UNKNOWN in pile else "") + ": nothing moves.", ("8.6.3.1.3", "3.4.1"), subject=source)
        return state
    if eff.many or eff.at_most or eff.dest == "deck_bottom":  # s20 body: up to N, or as many as possible up to N
        return _opp_waiting_many(state, log, p, source, eff, opts)
    question = f"Which {sel.text()} of {o}'s waiting room goes " + ("onto an open position of their back stage?"
                                                                   if eff.dest == "open_back" else "on?")
    got = pick(log, p, question, opts, "8.6.3", True) if eff.may else \
        choose(log, p, opts, f"{sel.text()} in {o}'s waiting room", question, "8.6.3")
    if got is None:
        log.add("decline", f"{p} chooses nothing (the text says 'you may').", ("8.6.3",), subject=source)
        return state
    bound = _bound_rules(sel)
    if eff.dest == "open_back":
        pos = choose(log, p, spots, "open back stage position", f"On which open back stage position of {o}'s does {got!r} "
                     "go?", "8.6.3")
        state = place(remove(state, o, "waiting", got), o, pos, got, _ORIENT_STAND)
        log.add("move", f"{got!r} goes from {o}'s waiting room onto {o}'s {pos}, standing (the text names no state; the "
                "engine places it standing).", ("8.6.3", "8.8.1", "3.4.1", "3.6.1", "3.6.3") + bound, subject=got)
        happened(log, "placed-from", o, got, "waiting")
        return state
    where, rule = _OPP_WAITING_DEST[eff.dest]
    if eff.dest == "deck_top":
        state = remove(state, o, "waiting", got)
        s = state.side(o)
        state = state.with_side(o, replace(s, deck=s.deck.put_top((got,))))
    else:
        state = transfer(state, o, "waiting", got, eff.dest)
    log.add("move", f"{got!r} goes from {o}'s waiting room to {where.format(o=o)}.", ("8.6.3", "8.8.1", "3.4.1", rule)
            + bound, subject=got)
    return interrupts(state, log) if eff.dest == "clock" else state


def _opp_waiting_many(state: State, log: EventLog, p: str, source: str, eff: OppWaitingPick, opts: tuple[str, ...]) -> State:
    """s20 body: "choose up to N …" (8.6.3.1.1: none up to N) or "choose N …" (8.6.3.1: as many as possible up to N) of the
    opponent's waiting room; each goes to its owner's zone (3.1.6): several on the top of the deck in the order p says
    (8.8.1, the text's "in any order"), at its bottom (3.2.1), or into the stock, clock or memory."""
    o, sel = other(p), eff.select
    n = eff.many or 1
    question = f"Which {sel.text()}s of {o}'s waiting room go to the {eff.dest.replace('_', ' ')} (up to {n})?"
    got = pick_up_to(log, p, question, opts, n, "8.6.3.1.1") if eff.at_most or eff.may else \
        pick_exactly(log, p, question, opts, n, "8.6.3.1")
    if not got:
        log.add("decline", f"{p} chooses no card of {o}'s waiting room.", ("8.6.3.1.1",), subject=source)
        return state
    bound = _bound_rules(sel)
    for card in got:
        state = remove(state, o, "waiting", card)
    if eff.dest in ("deck_top", "deck_bottom"):
        where = "on the top" if eff.dest == "deck_top" else "at the bottom"
        order = in_order(log, p, got, f"{where} of {o}'s deck") if eff.dest == "deck_top" else list(got)
        s = state.side(o)
        state = state.with_side(o, replace(s, deck=s.deck.put_top(order) if eff.dest == "deck_top" else
                                           s.deck.put_bottom(order)))
        log.add("move", f"{', '.join(map(repr, order))} go(es) from {o}'s waiting room {where} of {o}'s deck"
                + (", from the top (the player's order, as the text says)." if len(order) > 1 else "."),
                ("8.6.3", "8.8.1", "3.4.1", "3.2.1") + bound, subject=order[0])
        return state
    where, rule = _OPP_WAITING_DEST[eff.dest]
    s = state.side(o)
    state = state.with_side(o, replace(s, **{eff.dest: getattr(s, eff.dest) + tuple(got)}))
    log.add("move", f"{', '.join(map(repr, got))} go(es) from {o}'s waiting room to {where.format(o=o)}.",
            ("8.6.3", "8.8.1", "3.4.1", rule) + bound, subject=got[0])
    return interrupts(state, log) if eff.dest == "clock" else state


# --- s15 zone (issue 13, fifteenth session): the zones and cards off the stage (cardtext.py `_BuildZone15`) -------------

def _top_to_clock_bottom(state: State, log: EventLog, p: str, eff: TopTo) -> State:
    """"put the top card of your deck at the bottom of your clock": the card goes into the clock (3.8.1) under the
    others, as the text says (1.3.1 over 3.8.2); then a level up if the clock holds 7 (9.3, `interrupts`)."""
    if eff.optional and not yes_no(log, p, "Put the top card of the deck at the bottom of the clock?", "8.6.3"):
        log.add("decline", f"{p} declines.", ("8.6.3",))
        return state
    if not len(state.side(p).deck):
        log.add("nothing", f"{p}'s deck is empty: nothing is put into the clock.", ("1.3.3",))
        return state
    state, card = take_top(state, log, p, reveal=True, why="put into the clock", rule="3.2.3", to="clock")
    state = _to_clock_bottom(state, p)
    log.add("move", f"{p} puts the top card of the deck ({card!r}) at the bottom of the clock (the text says where, over "
            "'on the top of those already in the clock').", ("8.8.1", "3.2.3", "3.8.1", "3.8.2", "1.3.1"),
            subject=card if isinstance(card, str) else None)
    return interrupts(state, log)


def _to_clock_bottom(state: State, p: str) -> State:
    """The card just put on top of p's clock goes under the others instead: the text says "at the bottom of your clock",
    which takes precedence over 3.8.2's "on the top" (1.3.1)."""
    s = state.side(p)
    return state.with_side(p, replace(s, clock=s.clock[-1:] + s.clock[:-1]))


def _waiting_return(state: State, log: EventLog, p: str, source: str) -> State:
    """"return all cards in your waiting room to your deck. If you do, …": every card of the waiting room (3.4.1) goes
    into the deck (3.2.1; on top, where they go does not matter: the shuffle after "If you do" follows). An empty waiting
    room returns nothing: it was not done, and nothing after "If you do" happens (`_if_done`; 1.3.3)."""
    s = state.side(p)
    back = s.waiting
    if not back:
        log.add("nothing", f"{p}'s waiting room is empty: no card is returned to the deck.", ("1.3.3", "3.4.1"),
                subject=source)
        return state
    state = state.with_side(p, replace(s, waiting=(), deck=s.deck.put_top(back)))  # type: ignore[arg-type]
    log.add("move", f"All {len(back)} card(s) of {p}'s waiting room go into the deck ({len(state.side(p).deck)} cards "
            "there now).", ("8.8.1", "3.4.1", "3.2.1"), subject=source)
    return state


def _salvage_shuffle(state: State, log: EventLog, p: str, source: str, eff: Salvage) -> State:
    """"choose 1 card in your waiting room, return it to your deck, and shuffle your deck": the card chosen (if any) goes
    into the deck, then the deck is shuffled all the same (3.2.4; 1.3.3: what can be done is done)."""
    before = len(state.side(p).deck)
    state = _salvage(state, log, p, source, replace(eff, to="deck_in"))
    if len(state.side(p).deck) == before:  # none chosen: the shuffle is still an instruction that can be done
        log.add("note", "No card went into the deck; the shuffle is still done (1.3.3: the actions that can be done are "
                "done; the rules do not say whether 'you may' / 'up to' covers the shuffle: the engine shuffles).",
                ("1.3.3", "3.2.4"), subject=source)
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.shuffle()))
    log.add("shuffle", f"{p} shuffles the deck.", ("3.2.4", "8.8.1"), subject=source)
    return state


def _salvage_deck(state: State, log: EventLog, p: str, got: str, where: str, eff: Salvage) -> State:
    """The chosen card (already taken from p's `where`) goes on top of p's deck (3.2.1: "put it on the top of your deck"),
    or into it ("return it to your deck": where does not matter, the shuffle follows, `_salvage_shuffle`)."""
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.put_top((got,))))
    to = "on top of" if eff.to == "deck_top" else "into"
    log.add("move", f"{got!r} goes from {p}'s {where} {to} {p}'s deck.", ("8.6.3",)
            + (("8.6.3.1.1",) if eff.optional else ()) + ("8.8.1", "3.2.1"), subject=got)
    return state


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    SelfTo: _self_to, Salvage: _salvage, OppTo: _opp_to, ThatTo: _that_to, OppClockTop: _opp_clock_top,
    OppStockBottom: _opp_stock_bottom, HandTo: _hand_to, BattleOppTo: _battle_opp_to,
    OppWaitingToDeck: _opp_waiting_to_deck, OppMemoryBack: _opp_memory_back,
    WaitingToDeck: _waiting_to_deck, OppClockTo: _opp_clock_to, ReturnPrevious: _return_previous,
    OppHandTo: _opp_hand_to, StockTop: _stock_top, OppWaitingPick: _opp_waiting_pick, OppAllTo21: _opp_all_to21,
}
