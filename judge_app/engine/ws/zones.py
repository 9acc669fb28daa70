"""Moving cards between zones (chapter 3), drawing and revealing from the deck (3.2, 4.7-4.9), the damage
process with cancel (4.10), and the interrupt-type rule actions: reshuffle (9.2) and level up (9.3).

Every move keeps each card in exactly one zone. What happened is noted in `log.scratch["happened"]`
for the automatic abilities (the check timing turns the notes into standby abilities, 8.7.2).
"""

from __future__ import annotations

from judge_app.engine.core import (
    UNKNOWN,
    Choice,
    EventLog,
    GameOver,
    Unsupported,
    Verdict,
    VerdictKind,
    ask,
    choose_replacement,
)
from judge_app.engine.ws import view
from judge_app.engine.ws.answers import answers_of
from judge_app.engine.ws.state import (
    POSITIONS,
    Card,
    Entry,
    Kind,
    OnStage,
    Orient,
    State,
    other,
    replace,
)

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_KIND_CHARACTER = Kind.CHARACTER
_KIND_CLIMAX = Kind.CLIMAX
_VERDICT_WIN = VerdictKind.WIN

NAMED = ("unnamed climax", "unnamed character")


def label(e: Entry) -> str:
    return "unnamed" if e is UNKNOWN else str(e)


def happened(log: EventLog, *note: object) -> None:
    log.scratch.setdefault("happened", []).append(note)


def paying(log: EventLog) -> bool:
    return bool(log.scratch.get("paying"))


def _append(state: State, who: str, zone: str, cards: tuple[Entry, ...]) -> State:
    s = state.side(who)
    return state.with_side(who, replace(s, **{zone: getattr(s, zone) + tuple(cards)}))


def _identify(state: State, log: EventLog, who: str, index: int, why: str, rule: str) -> tuple[State, Entry]:
    """The identity of the card at `index` of who's deck, asked when the scenario did not give it."""
    s = state.side(who)
    deck = s.deck
    if deck.cards[index] is not UNKNOWN:
        return state, deck.cards[index]
    options = deck.candidates(index)
    complete = len(deck.unplaced) >= deck.unknown
    if complete and len(set(options)) == 1:
        card = options[0]
        log.add("infer", f"The card {why} can only be {card!r}: every other card of {who}'s deck is known.",
                (rule,), subject=card)
        return state.with_side(who, replace(s, deck=deck.reveal(index, card))), card
    opts = tuple(options) + (() if complete else NAMED)

    def valid(a) -> str | None:
        return None if len(a.values) >= 1 and " ".join(a.values) in opts else f"the card is one of {', '.join(opts)}"
    values = ask(answers_of(log), Choice(who, f"Which card is {why} (position {index + 1} of {who}'s deck)?", opts,
                                     rule, log.line), valid)
    value = " ".join(values)
    if value in NAMED:
        n = state.unnamed + 1
        uid = f"{who}-card-{n}"
        kind = _KIND_CLIMAX if value == "unnamed climax" else _KIND_CHARACTER
        state = replace(state, unnamed=n, catalog=state.catalog.add(Card(uid, kind)))
        s = state.side(who)
        cards = deck.cards[:index] + (uid,) + deck.cards[index + 1:]
        deck = replace(deck, cards=cards)
        log.add("reveal", f"{who} says the card is an unnamed {kind} without trigger icons ({uid}).", (rule,),
                subject=uid)
        return state.with_side(who, replace(s, deck=deck)), uid
    log.add("reveal", f"{who} says the card is {value!r}.", (rule,), subject=value)
    return state.with_side(who, replace(s, deck=deck.reveal(index, value))), value


def take_top(state: State, log: EventLog, who: str, *, reveal: bool, why: str, rule: str,
             to: str | None = None) -> tuple[State, Entry]:
    """Remove the top card of who's deck, and put it on top of who's pile `to` when given (one copy of the side).
    A revealed card (or one the bookkeeping needs) is identified."""
    s = state.side(who)
    deck = s.deck
    if not len(deck):
        return state, UNKNOWN  # the caller checks first; an empty deck was refreshed or the player lost
    # A card taken unseen from a deck that holds known cards at unknown places (after a refresh) may be one of
    # them: which one it is decides where those cards are, so it is asked, never assumed (3.2.4).
    need = reveal or (deck.cards[0] is UNKNOWN and bool(deck.unplaced))
    if need and deck.cards[0] is UNKNOWN:
        state, _ = _identify(state, log, who, 0, why, rule)
        s = state.side(who)
        deck = s.deck
    deck, (card,) = deck.take_top(1)
    if to is None:
        return state.with_side(who, replace(s, deck=deck)), card
    return state.with_side(who, replace(s, deck=deck, **{to: getattr(s, to) + (card,)})), card


def take_bottom(state: State, log: EventLog, who: str, *, why: str, rule: str, to: str) -> tuple[State, Entry]:
    """s14b bodies: remove the bottom card of who's deck, identified (asked when the scenario did not give it), and
    put it on top of who's pile `to` (the caller checks that the deck holds a card)."""
    s = state.side(who)
    last = len(s.deck) - 1
    if s.deck.cards[last] is UNKNOWN:
        state, _ = _identify(state, log, who, last, why, rule)
        s = state.side(who)
    card = s.deck.cards[last]
    deck = replace(s.deck, cards=s.deck.cards[:last])
    return state.with_side(who, replace(s, deck=deck, **{to: getattr(s, to) + (card,)})), card


def identify_top(state: State, log: EventLog, who: str, why: str, rule: str) -> tuple[State, Entry]:
    """The top card of who's deck, identified where it lies (asked when the scenario did not give it): a revealed
    card stays in the deck (4.9.1)."""
    return _identify(state, log, who, 0, why, rule)


def out_of_resolution(state: State, who: str, cards: list[Entry], zone: str) -> State:
    """Cards of one process leave the resolution zone together, in order, onto the top of `zone`."""
    s = state.side(who)
    keep = tuple(x for x in s.resolution if x not in cards)
    return state.with_side(who, replace(s, resolution=keep, **{zone: getattr(s, zone) + tuple(cards)}))


def draw(state: State, log: EventLog, who: str, n: int, rule: str) -> State:
    for _ in range(n):
        if not len(state.side(who).deck):
            state = interrupts(state, log)
        if not len(state.side(who).deck):
            log.add("nothing", f"{who}'s deck is empty: nothing is drawn (1.3.3).", ("1.3.3",))
            break
        state, card = take_top(state, log, who, reveal=False, why="drawn", rule="4.7.1", to="hand")
        log.add("draw", f"{who} draws {'a card' if card is UNKNOWN else repr(card)}.", (rule, "4.7.1"),
                subject=None if card is UNKNOWN else str(card))
        state = interrupts(state, log)
    return state


def put(state: State, who: str, zone: str, cards: tuple[Entry, ...]) -> State:
    """Put cards on top of one of who's piles (hand, clock, level, stock, waiting, memory, climax, resolution)."""
    return _append(state, who, zone, cards)


def _without(pile: tuple[Entry, ...], card: Entry) -> tuple[Entry, ...]:
    """The pile without the topmost copy of `card` (an unnamed card is any of them)."""
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            return pile[:i] + pile[i + 1:]
    raise ValueError(f"{card!r} is not in the pile")


def remove(state: State, who: str, zone: str, card: Entry) -> State:
    s = state.side(who)
    return state.with_side(who, replace(s, **{zone: _without(getattr(s, zone), card)}))


def transfer(state: State, who: str, zone: str, card: Entry, to: str) -> State:
    """`card` leaves who's `zone` for the top of who's pile `to` (`put(remove(…))` with one copy of the side)."""
    s = state.side(who)
    if zone == to:
        return put(remove(state, who, zone, card), who, to, (card,))
    return state.with_side(who, replace(s, **{zone: _without(getattr(s, zone), card), to: getattr(s, to) + (card,)}))


def place(state: State, who: str, pos: str, uid: str, orient: Orient = Orient.STAND, from_hand: bool = False) -> State:
    """Put a character on a stage position; one already there stays until the rule action 9.6. `from_hand`: played
    from the hand (8.6.2.4.1; s13 heads, `OnStage.from_hand`)."""
    s = state.side(who)
    serial = state.serial + 1
    here = s.stage[POSITIONS.index(pos)] + (OnStage(uid, orient, placed=serial, from_hand=from_hand),)
    return replace(state, serial=serial).with_side(who, s.with_pos(pos, here))


def off_stage(state: State, log: EventLog, who: str, pos: str, uid: str) -> tuple[State, OnStage]:
    """`uid` taken off who's stage position `pos`; the markers under it go to the waiting room (3.7.3.2). The caller
    says where the card itself goes."""
    s = state.side(who)
    here = s.stage[POSITIONS.index(pos)]
    o = next(x for x in here if x.uid == uid)
    state = state.with_side(who, s.with_pos(pos, tuple(x for x in here if x is not o)))
    if o.markers:
        state = put(state, who, "waiting", o.markers)
        log.add("markers", f"The {len(o.markers)} marker(s) under {uid!r} go to {who}'s waiting room.", ("3.7.3.2",))
    return state, o


def leave_stage(state: State, log: EventLog, who: str, pos: str, uid: str, to: str, rule: str, why: str,
                cause: str = "") -> State:
    """A character leaves the stage for the owner's `to` zone (markers go to the waiting room, 3.7.3.2).

    A replacement effect of the card ("would be put into your waiting room from the stage … instead") applies
    (8.10.1); a character put into the waiting room from the stage activates Encore (10.2.1).
    """
    # s12 bodies: the abilities waiting for it to leave that a continuous ability gives it, as they applied on the stage
    # (8.9.1, 8.7.4.1.2): looked at before it leaves
    given = tuple(g for _src, _a, g in view.granted_autos(state, who, pos, uid, "to-waiting")) if to == "waiting" else ()
    state, o = off_stage(state, log, who, pos, uid)
    if to == "waiting":
        reps = [a for a in state.card(uid).abilities if a.category == "replace"]
        if len(reps) > 1:  # the master of the card chooses which one applies (8.10.2, 8.10.2.1)
            k = choose_replacement(answers_of(log), who, f"{uid!r} would be put into the waiting room: which replacement "
                                   "effect applies?", [a.text for a in reps], mandatory=True, rule="8.10.2.1",
                                   line=log.line)
            log.add("replace", f"{who} chooses which replacement effect of {uid!r} applies (each applies at most once "
                    "to one event).", ("8.10.2", "8.10.2.1", "8.10.2.3"), subject=uid)
            reps = [reps[k or 0]]
        for a in reps:
            if a.category == "replace":
                dest = "memory" if a.name == "memory" else "hand"
                state = put(state, who, dest, (uid,))
                log.add("replace", f"{uid!r} would be put into the waiting room from the stage; its replacement "
                        f"effect puts it into {who}'s {dest} instead: it never goes to the waiting room.",
                        ("8.2.1.3", "8.10.1", "8.10.1.1") + (("3.12.1",) if dest == "memory" else ()), subject=uid)
                return state
    if to in ("deck_top", "deck_bottom"):  # s9-wsrealb: onto the top or the bottom of the owner's deck (3.2.1)
        s = state.side(who)
        state = state.with_side(who, replace(s, deck=s.deck.put_top((uid,)) if to == "deck_top" else
                                             s.deck.put_bottom((uid,))))
    else:
        state = put(state, who, to, (uid,))
    where = {"waiting": "waiting room", "hand": "hand", "memory": "memory", "deck_top": "deck (on top)",
             "deck_bottom": "deck (at the bottom)"}.get(to, to)
    log.add("leave", f"{uid!r} goes from {who}'s {pos} to {who}'s {where}{why}; it is a new card there.",
            (rule, "3.1.4") + (("3.4.1",) if to == "waiting" else ()), subject=uid,
            facts=(("from", pos), ("to", to)))
    if to == "waiting":
        # s11 bodies: the abilities an effect gave it that wait for this, as the card had them on the stage (8.7.4.1.2)
        gained = tuple(a for a in o.gained if "to-waiting" in getattr(a, "whens", ()))
        happened(log, "to-waiting", who, uid, pos, cause, *((gained, given) if gained or given else ()))
    return state


# --- interrupt-type rule actions (9.1.2.1) -----------------------------------------------------

def _reshuffle(state: State, log: EventLog, who: str) -> State:
    s = state.side(who)
    if len(s.deck):
        return state
    in_damage = bool(log.scratch.get("damage") == who)
    climax_in_resolution = any(isinstance(x, str) and state.card(x).kind is _KIND_CLIMAX for x in s.resolution)
    if not s.waiting:
        if in_damage and climax_in_resolution:
            if not s.no_reshuffle:
                log.add("reshuffle", f"{who}'s deck is empty and the waiting room too, but a climax waits in the "
                        "resolution zone during the damage process: the reshuffle ends instead.", ("9.2.2.1",))
            return state.with_side(who, replace(s, no_reshuffle=True))
        log.add("lose", f"{who}'s deck and waiting room are both empty: {who} loses immediately.",
                ("9.2.2.1", "1.2.2.2"))
        raise GameOver(Verdict(_VERDICT_WIN, other(who), f"{who} has no cards in deck and waiting room (9.2.2.1)"),
                       state)
    deck = replace(s.deck, cards=tuple(s.waiting)).shuffle()
    log.add("reshuffle", f"{who}'s deck is empty: the {len(s.waiting)} card(s) of {who}'s waiting room become the "
            f"deck, shuffled; {who}'s refresh point becomes {s.refresh_point + 1}.", ("9.2.1", "9.2.2", "3.2.4", "9.2.4",
                                                                          "9.1.2.1"))
    return state.with_side(who, replace(s, deck=deck, waiting=(), refresh_point=s.refresh_point + 1,
                                        no_reshuffle=False))


def _level_up(state: State, log: EventLog, who: str) -> State:
    s = state.side(who)
    bottom = s.clock[:7]
    opts = tuple(dict.fromkeys(label(x) for x in bottom))
    if len(opts) == 1:
        pick = opts[0]
        if pick == "unnamed":
            log.add("infer", f"The seven bottom cards of {who}'s clock are all unnamed: which one goes to level "
                    "changes nothing the engine knows.", ("9.3.2",))
    else:
        (pick,) = ask(answers_of(log), Choice(who, f"Which card of the seven bottom cards of {who}'s clock goes to "
                                          f"{who}'s level?", opts, "9.3.2", log.line),
                      lambda a: None if len(a.values) == 1 and a.values[0] in opts else
                      f"the card is one of {', '.join(opts)} (the seven bottom cards of the clock)")
    chosen = UNKNOWN if pick == "unnamed" else pick
    i = list(bottom).index(chosen)
    rest = bottom[:i] + bottom[i + 1:]
    s = replace(s, clock=s.clock[7:], level=s.level + (chosen,), waiting=s.waiting + rest)
    state = state.with_side(who, s)
    log.add("level up", f"{who} has {len(bottom) + len(s.clock)} cards in clock: level up. "
            f"{'An unnamed card' if chosen is UNKNOWN else repr(chosen)} goes to {who}'s level "
            f"(level {len(s.level)}), the other 6 go to {who}'s waiting room.", ("9.3.1", "9.3.2", "3.8.3", "9.1.2.1", "3.9.1"),
            subject=None if chosen is UNKNOWN else str(chosen))
    happened(log, "level-up", who)  # "When you level up" (s8-wsrealb)
    return state


def interrupts(state: State, log: EventLog, *, as_given: bool = False) -> State:
    """Interrupt-type rule actions, the turn player's first (9.1.2.1.1.1); not while a cost is paid (8.4.2.1).

    `as_given`: the board was written with an empty deck. 9.2.2.1's immediate loss is "at the instance" the deck
    empties, which a written board never passed through, so an empty deck and waiting room is left to the
    losing verdict of the next rule action (9.4.1.2) instead.
    """
    a, b = state.a, state.b
    if a.deck.cards and b.deck.cards and len(a.clock) < 7 and len(b.clock) < 7:  # the usual case: nothing to do
        return state
    if paying(log):
        return state
    changed = True
    while changed:
        changed = False
        for who in (state.player, other(state.player)):
            s = state.side(who)
            if not len(s.deck) and (s.waiting or not (s.no_reshuffle or as_given)):
                before = state
                state = _reshuffle(state, log, who)
                changed = changed or state != before
            if len(state.side(who).clock) >= 7:
                state = _level_up(state, log, who)
                changed = True
    return state


# --- the damage process (4.10) ------------------------------------------------------------------

def _damage_stopped(state: State, log: EventLog, who: str, n: int, source: str, rule: str) -> bool:
    """s15 heads: "you cannot take damage from your opponent character's 【AUTO】 effects" (1.3.4: the effect that stops an
    action takes precedence): the damage an automatic ability (8.1.1.2) of a character of who's opponent deals is not
    dealt. The Shot icon's ability (4.12.2.7) is made by the rules: they do not say whose it is, so the engine refuses."""
    if not isinstance(source, str):
        return False
    if rule == "4.12.2.7" and view.damage_banned(state, who, n) is not None:
        raise Unsupported(f"{who} cannot take damage from the 【AUTO】 effects of the opponent's characters, and the Shot "
                          "icon's ability (4.12.2.7) deals damage: the rules do not say whether it is an 【AUTO】 effect of "
                          "the attacking character", hint="leave the shot trigger out of the scenario")
    if "auto" not in log.scratch.get("resolving", ()) or log.scratch.get("resolving_master") != other(who) \
            or state.card(source).kind is not _KIND_CHARACTER:
        return False
    ban = view.damage_banned(state, who, n)
    if ban is None:
        return False
    log.add("no damage", f"{who} cannot take this damage: {ban.text!r} forbids it ({source!r}'s 【AUTO】 effect, a character "
            f"of {who}'s opponent); no damage is dealt.", ("1.3.4", "8.1.1.2", "4.10.1"), subject=source)
    return True


def deal_damage(state: State, log: EventLog, who: str, n: int, source: str, rule: str) -> tuple[State, bool]:
    """`who` takes n damage from `source`: (state, cancelled). Cards go to the resolution zone one at a time;
    a climax cancels the damage (4.10.1.2), otherwise all go to the clock in order (4.10.1.3)."""
    if n <= 0:
        log.add("no damage", f"{source!r} would deal {n} damage: no damage is dealt (there is no 0 or negative "
                "damage).", ("7.5.1.2.1", "1.3.3.2"))
        return state, False
    if _damage_stopped(state, log, who, n, source, rule):
        return state, False
    log.add("damage", f"{source!r} deals {n} damage to {who}.", (rule, "4.10.1", "4.11.1"), subject=source)
    log.scratch["damage"] = who
    moved: list[Entry] = []
    try:
        for k in range(n):
            if not len(state.side(who).deck):
                state = interrupts(state, log)
                if not len(state.side(who).deck):
                    break  # nothing more to reveal (1.3.3)
            state, card = take_top(state, log, who, reveal=True, why=f"revealed for damage ({k + 1} of {n})",
                                   rule="4.10.1.1", to="resolution")
            moved.append(card)
            assert isinstance(card, str)  # revealed: named by the scenario or by an answer
            c = state.card(card)
            log.add("damage card", f"{who} puts {card!r} from the top of the deck into the resolution zone "
                    f"({'a climax' if c.kind is _KIND_CLIMAX else 'not a climax'}).", ("4.10.1.1", "3.13.1", "3.2.3"),
                    subject=card)
            if c.kind is _KIND_CLIMAX:
                state = out_of_resolution(state, who, moved, "waiting")
                log.add("cancel", f"A climax is revealed: the damage is cancelled; the {len(moved)} card(s) of this "
                        f"damage go to {who}'s waiting room.", ("4.10.1.2", "4.10.1.2.1", "3.13.1.3"),
                        subject=source, facts=(("cancelled", True),))
                happened(log, "cancel", who, source, n)  # s12 bodies: the damage cancelled ("deal the same damage")
                return interrupts(state, log), True
            state = interrupts(state, log)
        state = out_of_resolution(state, who, moved, "clock")
        log.add("clock", f"{len(moved)} damage is not cancelled: the card(s) go to the top of {who}'s clock in the "
                f"order revealed ({len(state.side(who).clock)} in clock).", ("4.10.1.3", "3.13.1.3.1", "3.8.1"),
                subject=source, facts=(("cancelled", False),))
        happened(log, "damaged", who, source, len(moved))
    finally:
        log.scratch.pop("damage", None)
    return interrupts(state, log), False
