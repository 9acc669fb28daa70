"""Executors of effects on the deck (3.2): look, reveal, search, take from the top, shuffle, and the opponent's deck."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, Choice, EventLog, ask
from judge_app.engine.ws.abilities.choices import (
    _how_many,
    choose,
    in_order,
    pick,
    pick_exactly,
    pick_up_to,
    yes_no,
)
from judge_app.engine.ws.abilities.common import (
    _KIND_CHARACTER,
    _KIND_CLIMAX,
    _ORIENT_REST,
    _ORIENT_STAND,
    _name_rules,
    _selects,
    _spot_words,
    _stage_spots,
)
from judge_app.engine.ws.abilities.counts import _opp_milled, _x_among, _x_counted, _x_resolved
from judge_app.engine.ws.abilities.dispatch import Executor, execute
from judge_app.engine.ws.abilities.markers import _revealed_marker
from judge_app.engine.ws.abilities.moves import _top_to_clock_bottom
from judge_app.engine.ws.abilities.onto_stage import _revealed_stage
from judge_app.engine.ws.answers import answers_of
from judge_app.engine.ws.effects import (
    AT_MOST_OWN_LEVEL,
    Brainstorm,
    Damage,
    LookAt,
    LookOpp,
    LookPut,
    LookTake,
    MillCompare15,
    OppStockSwap,
    OppTopTo,
    RevealedTo,
    RevealOppPick15,
    RevealTake,
    RevealTop,
    Salvage,
    Search,
    Select,
    Shuffle15,
    TopTo,
    article,
)
from judge_app.engine.ws.state import State, other, replace
from judge_app.engine.ws.zones import (
    happened,
    identify_top,
    interrupts,
    out_of_resolution,
    place,
    put,
    take_top,
)


def _top_to(state: State, log: EventLog, p: str, source: str, eff: TopTo) -> State:
    if eff.zone == "clock_bottom":  # s15 zone: "… at the bottom of your clock"
        return _top_to_clock_bottom(state, log, p, eff)
    rule = "8.8.1"
    zone = {"waiting_room": "waiting"}.get(eff.zone, eff.zone)
    if eff.optional and not yes_no(log, p, f"Put the top card of the deck into the {eff.zone.replace('_', ' ')}?",
                                   "8.6.3"):
        log.add("decline", f"{p} declines.", ("8.6.3",))
        return state
    n = eff.n
    if eff.at_most:  # s20 body: "put up to n cards …": the player may stop before any card (3.2.3.1, 3.2.3.1.1)
        n = _how_many(log, p, f"Put how many cards from the top of the deck into the {eff.zone.replace('_', ' ')} (up to "
                      f"{eff.n})?", eff.n)
    for _ in range(n):
        if not len(state.side(p).deck):
            break
        state, card = take_top(state, log, p, reveal=zone != "stock", why=f"put into the {eff.zone}", rule="3.2.3",
                               to=zone)
        log.add("move", f"{p} puts the top card of the deck ({'unnamed' if card is UNKNOWN else repr(card)}) into "
                f"the {eff.zone.replace('_', ' ')}.", (rule, "3.2.3"), subject=card if isinstance(card, str) else None)
        state = interrupts(state, log)
    return state


def _brainstorm(state: State, log: EventLog, p: str, source: str, eff: Brainstorm) -> State:
    if eff.x is not None:  # s21 body2: "Flip over X cards …": X counted once, before any card is flipped (8.8.1)
        n, what, rules = _x_counted(state, p, eff.x, source)
        log.add("count", f"X = {n} ({what}): the rules do not say when X is counted; the engine counts it once, as this "
                "action is done.", ("8.8.1", *rules), subject=source)
        eff = replace(eff, n=n, x=None)
    flipped = []
    for _ in range(eff.n):  # one at a time into the resolution zone, then all together (10.7.3)
        if not len(state.side(p).deck):
            state = interrupts(state, log)
            if not len(state.side(p).deck):
                break
        state, card = take_top(state, log, p, reveal=True, why="flipped by Brainstorm", rule="10.7.3", to="resolution")
        flipped.append(card)
    state = out_of_resolution(state, p, flipped, "waiting")
    # s20 head: the climaxes it put into the waiting room, for "When you use "Brainstorm", if a climax is put into the waiting
    # room by that effect" (`resolve.used_keyword16b`)
    log.scratch["brainstorm_climaxes"] = log.scratch.get("brainstorm_climaxes", 0) + sum(
        isinstance(x, str) and state.card(x).kind is _KIND_CLIMAX for x in flipped)
    # s16 body: the cards counted are those `eff.counted` names ("climax with [COMEBACK] in its trigger icon", 2.11.1)
    climaxes = len([x for x in flipped if isinstance(x, str) and _selects(state, x, eff.counted)])
    said = "climax(es)" if eff.counted == Select("climax") else f"counted ({eff.counted.text()})"
    log.add("brainstorm", f"Brainstorm flips {', '.join(map(repr, flipped)) or 'nothing'} into {p}'s waiting room: "
            f"{climaxes} {said}" + (" (its effect is done once if there is one)." if eff.once else "."),
            ("10.7.1", "10.7.2", "10.7.3", "3.13.1.4", "3.2.3") + (("2.11.1",) if eff.counted.icon else ())
            + (("8.3.3",) if eff.once else ()), subject=source)
    state = interrupts(state, log)
    done = eff.then if isinstance(eff.then, tuple) else (eff.then,)  # s16 body: the sentence's effects, in turn (8.8.1)
    for _ in range(min(climaxes, 1) if eff.once else climaxes):
        for e in done:
            state = execute(state, log, p, source, e)
    return state


def _look_count(state: State, log: EventLog, p: str, eff: LookTake | LookPut, verb: str = "looks at") -> int:
    """How many cards are looked at: all n, or for "up to n" as many as the player says (3.2.3.1)."""
    if not eff.up_to:
        return eff.n
    opts = tuple(str(i) for i in range(eff.n, -1, -1))
    (v,) = ask(answers_of(log), Choice(p, f"Look at how many cards from the top of the deck (up to {eff.n})?", opts,
                                       "3.2.3.1", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in opts else f"a number of {', '.join(opts)}")
    log.add("choose", f"{p} {verb} {v} card(s) (up to {eff.n}: the player may stop before any card).",
            ("3.2.3.1", "3.2.3.1.1"))
    return int(v)


def _look_take(state: State, log: EventLog, p: str, source: str, eff: LookTake) -> State:
    if eff.x is not None:  # s12 bodies: "look at up to X cards …": X counted once, as the effect resolves (8.8.1)
        n, what, rules = _x_counted(state, p, eff.x, source)
        log.add("count", f"X = {n} ({what}): the rules do not say when X is counted; the engine counts it once, as this "
                "action is done.", ("8.8.1", *rules), subject=source)
        if not n:
            log.add("nothing", "X is 0: no card is looked at, and none is chosen.", ("8.8.1", "1.3.3"), subject=source)
            return state
        eff = replace(eff, n=n, x=None)
    return _look_and_take(state, log, p, source, eff)[0]


def _look_and_take(state: State, log: EventLog, p: str, source: str, eff: LookTake, verb: str = "looks at",
                   rule: str = "4.8.1") -> tuple[State, int]:
    """Look at (or reveal, 4.9.1) the top cards, one at a time (3.2.3); up to 1 chosen card goes to the hand, the
    rest to the waiting room. Returns the state and how many cards were looked at. s20 body: the opponent's deck
    (`whose`), looked at by p; the cards go to its owner's zones (3.1.6)."""
    owner = other(p) if eff.whose == "opponent" else p
    of = "the deck" if owner == p else f"{owner}'s deck"
    if not len(state.side(owner).deck):  # no card to look at: the action waits for the refresh (3.2.3.2, 9.2)
        state = interrupts(state, log)
    want = _look_count(state, log, p, eff, verb)
    looked: list[str] = []
    for _ in range(want):
        if not len(state.side(owner).deck):  # fewer cards than asked: those are looked at and the action ends
            log.add("look", f"{owner}'s deck has no more cards: {p} {verb} {len(looked)} card(s) and the action "
                    "ends.", ("3.2.3",))
            break
        state, card = take_top(state, log, owner, reveal=True, why="looked at" if rule == "4.8.1" else "revealed",
                               rule=rule)
        looked.append(str(card))
    log.add("look", f"{p} {verb} {', '.join(map(repr, looked)) or 'no card'} from the top of {of}.",
            (rule, "3.2.3"), subject=source)
    opts = tuple(dict.fromkeys(x for x in looked if _selects(state, x, eff.select)))
    if eff.take > 1:  # s10 bodies: "choose up to N … from among them"
        return _look_take_many(state, log, p, eff, looked, opts), len(looked)
    what = eff.select.text()
    got = _look_pick(log, p, eff, opts)
    if got is None:
        log.add("decline" if opts else "nothing", f"{p} chooses no {what} from among them"
                + ("." if opts else f" (none of them is a {what})."), ("8.6.3.1.1",) if opts else ("8.6.3.1.3",))
    elif eff.to in ("waiting_room", "deck_bottom") or owner != p:  # s20 body: the owner's waiting room, deck bottom/top
        state = _chosen_to_owner(state, log, p, owner, eff, (got,))
    elif eff.to == "deck_top":  # s7b-wsreal: "put it on the top of your deck"
        s = state.side(p)
        state = state.with_side(p, replace(s, deck=s.deck.put_top([got])))
        shown = f"; {p} reveals it to {other(p)}" if eff.reveal else ""
        log.add("move", f"{p} chooses {got!r}{shown}: it goes back on top of {p}'s deck.",
                ("4.8.1", "8.6.3.1.1" if eff.optional else "8.6.3.1", "8.8.1"), subject=got)
    else:
        state = put(state, p, "hand", (got,))
        shown = f"{p} reveals {got!r} to {other(p)}; " if eff.reveal else ""
        log.add("move", f"{shown}{got!r} goes to {p}'s hand.", ("8.6.3.1.1", "8.8.1"), subject=got)
    rest = tuple(x for x in looked if x != got)
    return interrupts(_rest_of_look(state, log, p, owner, eff, rest), log), len(looked)


def _rest_of_look(state: State, log: EventLog, p: str, owner: str, eff: LookTake, rest: tuple[str, ...]) -> State:
    """The cards looked at but not chosen: back on the top or at the bottom of the deck in the order p says (s11 bodies),
    else into the waiting room of the deck's owner (3.4.1; 3.1.6)."""
    if rest and eff.rest_to:
        return _rest_to_deck(state, log, p, rest, eff.rest_to, owner=owner)
    if rest:
        state = put(state, owner, "waiting", rest)
        log.add("move", f"The rest ({', '.join(map(repr, rest))}) go to {owner}'s waiting room.", ("8.8.1", "3.4.1")
                + (("3.1.6",) if owner != p else ()))
    return state


def _chosen_to_owner(state: State, log: EventLog, p: str, owner: str, eff: LookTake, got: tuple[str, ...]) -> State:
    """s20 body: the cards p chose from among those looked at go into the deck owner's waiting room (3.4.1), at the bottom
    of that deck, or (the opponent's) back on its top, several in the order p says (8.8.1, the text's "in any order")."""
    log.add("choose", f"{p} chooses {', '.join(map(repr, got))} from among them.",
            ("8.6.3.1.1" if eff.optional else "8.6.3.1",), subject=got[0])
    if eff.to == "waiting_room":
        state = put(state, owner, "waiting", got)
        log.add("move", f"{', '.join(map(repr, got))} go(es) to {owner}'s waiting room.", ("8.8.1", "3.4.1")
                + (("3.1.6",) if owner != p else ()), subject=got[0])
        return state
    where = "deck_bottom" if eff.to == "deck_bottom" else "deck_top"
    return _rest_to_deck(state, log, p, got, where, "the chosen card(s)", owner)


def _rest_to_deck(state: State, log: EventLog, p: str, rest: tuple[str, ...], where: str, what: str = "the rest",
                  owner: str = "") -> State:
    """s11 bodies: "put the rest on the top / at the bottom of your deck in any order": the player names the order, the
    first named nearest the top (4.8.1, 8.8.1: as the text says). s20 body: the opponent's deck (`owner`), p's order."""
    owner = owner or p
    of = "the deck" if owner == p else f"{owner}'s deck"
    order = in_order(log, p, rest, f"{'on the top' if where == 'deck_top' else 'at the bottom'} of {of}")
    s = state.side(owner)
    state = state.with_side(owner, replace(s, deck=s.deck.put_top(order) if where == "deck_top" else
                                           s.deck.put_bottom(order)))
    log.add("reorder", f"{p} puts {what} {'on the top' if where == 'deck_top' else 'at the bottom'} of {of}, from the "
            f"top: {', '.join(map(repr, order))} (the player's order, as the text says).", ("4.8.1", "8.8.1"))
    return state


def _look_pick(log: EventLog, p: str, eff: LookTake, opts: tuple[str, ...]) -> str | None:
    """The card chosen from among those looked at: "choose up to 1" may choose none (8.6.3.1.1); "choose 1" must
    choose one when it can (8.6.3.1: the only one is taken)."""
    if not opts:
        return None
    where = "back on top of the deck" if eff.to == "deck_top" else "to the hand"
    if eff.optional:
        return pick(log, p, f"Which {eff.select.text()} goes {where} (up to 1)?", opts, "8.6.3.1.1", True)
    return choose(log, p, opts, f"{eff.select.text()} among them", f"Which {eff.select.text()} goes {where}?",
                  "8.6.3.1")


def _look_opp(state: State, log: EventLog, p: str, source: str, eff: LookOpp) -> State:
    """"(you may) look at the top card of your opponent's deck" (4.8.1): nothing moves; the card is named when the
    scenario names it (which card it is changes nothing here, so it is not asked)."""
    o = other(p)
    if eff.may and not yes_no(log, p, f"Look at the top card of {o}'s deck ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not look.", ("8.6.3",))
        return state
    if not len(state.side(o).deck):  # no card to look at: the action waits for the refresh (3.2.3.2, 9.2)
        state = interrupts(state, log)
    if not len(state.side(o).deck):
        log.add("nothing", f"{o}'s deck is empty: {p} looks at no card.", ("1.3.3",))
        return state
    top = state.side(o).deck.cards[0]
    seen = "a card the scenario does not name" if top is UNKNOWN else repr(top)
    log.add("look", f"{p} {'chooses to look' if eff.may else 'looks'} at the top card of {o}'s deck, {seen}; it "
            "stays there, its original place.", ("4.8.1", "8.6.3", "8.8.1") if eff.may else ("4.8.1", "8.8.1"),
            subject=source)
    return state


def _look_at(state: State, log: EventLog, p: str, source: str, eff: LookAt) -> State:
    """s18 zone: "(you may) look at the top card of your deck", "… all of your stock", "… your opponent's hand" (and two of
    them, "look at the top card of your deck, and look at all of your stock"): the player confirms the cards' information
    (4.8.1) and none moves; the stock (3.10.2) and the opponent's hand (3.3.2) are hidden zones, which the card's text
    lets the player see (1.3.1). What the cards are changes nothing here, so the engine does not ask."""
    parts = eff.what.split("+")
    words = {"deck_top": "the top card of the deck", "stock": "all of the stock", "opp_hand": f"{other(p)}'s hand"}
    if eff.may and not yes_no(log, p, f"Look at {' and '.join(words[w] for w in parts)} ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not look.", ("8.6.3",))
        return state
    for what in parts:
        if what == "deck_top" and not len(state.side(p).deck):  # the action waits for the refresh (3.2.3.2, 9.2)
            state = interrupts(state, log)
        pile = state.side(p).deck.cards[:1] if what == "deck_top" else tuple(
            state.side(p).stock if what == "stock" else state.side(other(p)).hand)
        seen = ", ".join("a card the scenario does not name" if x is UNKNOWN else repr(x) for x in pile) or "no card"
        zone = {"deck_top": f"the top card of {p}'s deck", "stock": f"all of {p}'s stock ({len(pile)} cards)",
                "opp_hand": f"{other(p)}'s hand ({len(pile)} cards)"}[what]
        rules = {"deck_top": ("4.8.1",), "stock": ("4.8.1", "3.10.2", "1.3.1"), "opp_hand": ("4.8.1", "3.3.2", "1.3.1")}[what]
        log.add("look", f"{p} {'chooses to look' if eff.may else 'looks'} at {zone}: {seen}; nothing moves, the order "
                "is kept.", (*rules, "8.8.1") + (("8.6.3",) if eff.may else ()), subject=source)
    return state


def _search(state: State, log: EventLog, p: str, source: str, eff: Search) -> State:
    if eff.to != "hand":  # s13 bodies: onto the stage
        return _search_stage(state, log, p, source, eff)
    state, found = _searched(state, log, p, source, eff)
    if found:
        state = put(state, p, "hand", tuple(found))
        log.add("move", f"{p} reveals {', '.join(map(repr, found))} and puts them into the hand.", ("8.8.1",),
                subject=found[0])
    for e in eff.before_shuffle:  # s11 bodies: what the text says before "and shuffle your deck", in that order (8.8.1)
        state = execute(state, log, p, source, e)
    return _shuffled(state, log, p)


def _shuffled(state: State, log: EventLog, p: str) -> State:
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.shuffle()))
    log.add("shuffle", f"{p} shuffles the deck.", ("3.2.4",))
    return interrupts(state, log)


def _searched(state: State, log: EventLog, p: str, source: str, eff: Search) -> tuple[State, list[str]]:
    """The cards the player finds searching the deck (up to `eff.n`, 8.6.3.1.1), taken out of it."""
    s = state.side(p)
    deck = s.deck
    what = eff.select.text()
    found: list[str] = []
    pool = [x for x in (*deck.cards, *deck.unplaced) if isinstance(x, str)]  # the described cards of the deck
    while len(found) < eff.n:
        opts = tuple(dict.fromkeys(x for x in pool if _selects(state, x, eff.select)
                                   and (eff.to == "hand" or state.card(x).kind is _KIND_CHARACTER)))
        c = pick(log, p, f"Search: which {what} (up to {eff.n - len(found)} more)?", opts, "8.6.3.1.1", True)
        if c is None:
            break
        found.append(c)
        pool.remove(c)
    hidden = deck.unknown
    log.add("search", f"{p} searches the deck for up to {eff.n} {what}: {', '.join(map(repr, found)) or 'none'}"
            + (f"; the {hidden} card(s) the scenario did not describe cannot be chosen (the engine does not invent a "
               "card: describe them with `" + p + " deck: …` to find them)" if hidden else "") + ".",
            ("8.6.3.1.1",) + (("8.6.3.1.4",) if hidden else ()) + _name_rules(eff.select), subject=source)
    for c in found:
        if c in deck.cards:
            i = deck.cards.index(c)
            deck = replace(deck, cards=deck.cards[:i] + deck.cards[i + 1:])
        else:  # a known card at an unknown place: one unknown position was it
            i = deck.cards.index(UNKNOWN)
            unplaced = list(deck.unplaced)
            unplaced.remove(c)
            deck = replace(deck, cards=deck.cards[:i] + deck.cards[i + 1:], unplaced=tuple(unplaced))
    return state.with_side(p, replace(s, deck=deck)), found


def _reveal_top(state: State, log: EventLog, p: str, source: str, eff: RevealTop) -> State:
    if not len(state.side(p).deck):  # no card to reveal: the action waits for the refresh (3.2.3.2, 9.2)
        state = interrupts(state, log)
    if not len(state.side(p).deck):
        log.add("nothing", f"{p}'s deck is empty: no card is revealed.", ("1.3.3",))
        return state
    state, card = identify_top(state, log, p, "revealed", "4.9.1")
    what = eff.select.text()
    what = what if eff.select.alts or eff.select.name else article(what)
    unnamed = " (an unnamed card: no trait, level 0)" if str(card).startswith(f"{p}-card-") else ""
    if _selects(state, card, eff.select) == eff.negate and eff.otherwise:  # s15b bodyquote: "If it is not, …"
        log.add("reveal", f"{p} reveals the top card of the deck, {card!r}{unnamed}: it is not {what}, so what the "
                "sentence 'If it is not, …' says is done.", ("4.9.1", "8.8.1"), subject=str(card))
        return _revealed_do(state, log, p, source, card, eff.otherwise)
    if _selects(state, card, eff.select) == eff.negate:  # s15 body: `negate`, "If that card is not a 《T》 character"
        log.add("reveal", f"{p} reveals the top card of the deck, {card!r}{unnamed}: it is {'' if eff.negate else 'not '}"
                f"{what}, so nothing more happens; it stays on top of the deck, its original place.", ("4.9.1", "8.8.1"),
                subject=str(card))
        return state
    log.add("reveal", f"{p} reveals the top card of the deck, {card!r}{unnamed if eff.negate else ''}: it is "
            f"{'not ' if eff.negate else ''}{what}.", ("4.9.1", "8.8.1"), subject=str(card))
    return _revealed_do(state, log, p, source, card, eff.then)


def _revealed_do(state: State, log: EventLog, p: str, source: str, card: object, effects: tuple) -> State:
    """What a reveal's sentence says, in the order written (8.8.1); "it" is the revealed card, which stays on top of
    the deck unless an effect moves it (4.9.1)."""
    for e in effects:  # in the order written (8.8.1); "it" is the revealed card
        if isinstance(e, Salvage | Damage) and e.x is not None and e.x.zone == "among-revealed":  # s9-wsbody2
            e = _x_resolved(state, log, source, e, _x_among(state, e.x, [str(card)]))
        if isinstance(e, RevealedTo) and e.zone == "marker":  # s10 bodies
            state = _revealed_marker(state, log, p, source, str(card), e)
            continue
        state = _revealed_to(state, log, p, str(card), e) if isinstance(e, RevealedTo) else \
            execute(state, log, p, source, e)
    if card in state.side(p).deck.cards[:1]:
        log.add("reveal", f"{card!r} stays on top of {p}'s deck, its original place.", ("4.9.1",), subject=str(card))
    return state


def _revealed_to(state: State, log: EventLog, p: str, card: str, eff: RevealedTo) -> State:
    zone = {"waiting_room": "waiting"}.get(eff.zone, eff.zone)
    if state.side(p).deck.cards[:1] != (card,):
        log.add("nothing", f"{card!r} is no longer on top of the deck: it does not move.", ("1.3.3",), subject=card)
        return state
    if zone.startswith("stage"):  # s16 zone: "put it on any position of your stage"
        return _revealed_stage(state, log, p, card, eff)
    state, _ = take_top(state, log, p, reveal=True, why="revealed", rule="4.9.1", to=zone)
    # s22 ws: into the clock it goes on top (3.8.2); a level up it causes is the interrupt rule action below (9.3.1)
    log.add("move", f"{card!r} goes from the top of {p}'s deck into {p}'s {eff.zone.replace('_', ' ')}.",
            ("8.8.1",) + (("3.8.2",) if zone == "clock" else ()), subject=card)
    return interrupts(state, log)


def _look_put(state: State, log: EventLog, p: str, source: str, eff: LookPut) -> State:
    """Look at the top cards (4.8.1, one at a time, 3.2.3) and put them back as the text says; the player decides
    where and in which order (the text leaves it to them). s17 body: the opponent's deck (`whose`), looked at and put back
    by the ability's master, who decides as for his or her own (8.6.3; the cards stay the opponent's, 3.2.1)."""
    owner = other(p) if eff.whose == "opponent" else p
    of = f"{owner}'s deck" if owner != p else "the deck"
    if not len(state.side(owner).deck):  # no card to look at: the action waits for the refresh (3.2.3.2, 9.2)
        state = interrupts(state, log)
    want = _look_count(state, log, p, eff)
    looked: list[str] = []
    for _ in range(want):
        if not len(state.side(owner).deck):
            break
        state, card = take_top(state, log, owner, reveal=True, why="looked at", rule="4.8.1")
        looked.append(str(card))
    log.add("look", f"{p} looks at {', '.join(map(repr, looked)) or 'no card'} from the top of {of}.",
            ("4.8.1", "3.2.3"), subject=source)
    if not looked:
        return state
    if eff.dest == "any-order":
        order: list[str] = []
        while len(order) < len(looked) - 1:
            rest = tuple(dict.fromkeys(x for x in looked if looked.count(x) > order.count(x)))
            order.append(choose(log, p, rest, "card left to put back", f"Which card goes {'on top' if not order else 'next'}"
                                f" of {of}?", "8.8.1"))
        order += [x for x in looked if looked.count(x) > order.count(x)]
        what, where = "them", f"on top of {of}, from the top: " + ", ".join(map(repr, order))
    elif eff.dest == "original":  # s14 bodies: back as they were, the first looked at on top (4.8.1)
        order = list(looked)
        what, where = "them", f"back on top of {of} in the original order: " + ", ".join(map(repr, order))
    else:
        (card,) = looked
        opts = ("top", "waiting") if eff.dest == "top-or-waiting" else ("top", "bottom")
        (v, *more) = ask(answers_of(log), Choice(p, f"Put {card!r} back on the top of {of} (top), or "
                                                 + ("into the waiting room (waiting)?" if opts[1] == "waiting" else
                                                    f"at the bottom of {of} (bottom)?"), opts, "8.8.1",
                                                 log.line),
                         lambda a: None if " ".join(a.values) in opts else f"answer {' or '.join(opts)}")
        dest = " ".join((v, *more))
        if dest == "waiting":
            s = state.side(p)
            state = state.with_side(p, replace(s, waiting=s.waiting + (card,)))
            log.add("move", f"{p} puts {card!r} into the waiting room.", ("4.8.1", "8.8.1"), subject=card)
            return interrupts(state, log)
        order = [card]
        what, where = repr(card), f"at the bottom of {of}" if dest == "bottom" else f"back on top of {of}"
    s = state.side(owner)
    deck = s.deck.put_bottom(order) if where.startswith("at the bottom") else s.deck.put_top(order)
    state = state.with_side(owner, replace(s, deck=deck))
    log.add("reorder", f"{p} puts {what} {where}" + (" (as the text says)." if eff.dest == "original" else
                                                   " (the player's choice, as the text says)."),
            ("4.8.1", "8.8.1"), subject=source)
    return state


def _reveal_take(state: State, log: EventLog, p: str, source: str, eff: RevealTake) -> State:
    """"Reveal up to n cards … If you revealed 1 or more cards, choose …, …": the sentence after the reveal
    happens only if at least `at_least` cards were revealed (3.2.3.1: the player may reveal none)."""
    state, revealed = _look_and_take(state, log, p, source, eff.look, "reveals", "4.9.1")
    if revealed < eff.at_least:
        log.add("nothing", f"{p} revealed {revealed} card(s), fewer than {eff.at_least}: the rest of the sentence does "
                "nothing.", ("8.8.1",))
        return state
    for e in eff.then:  # in the order written (8.8.1)
        state = execute(state, log, p, source, e)
    return state


def _opp_stock_swap(state: State, log: EventLog, p: str, source: str, eff: OppStockSwap) -> State:
    """"your opponent puts all of their stock into their waiting room, and puts the same number of cards from the top
    of their deck into their stock": the opponent does both (the text says so); the deck's cards one at a time from the
    top (3.2.3), into the stock (3.10.1); cards the scenario did not name stay unnamed."""
    o = other(p)
    s = state.side(o)
    n = len(s.stock)
    state = state.with_side(o, replace(s, stock=(), waiting=s.waiting + s.stock[::-1]))
    log.add("move", f"{o} puts all {n} card(s) of the stock into the waiting room.", ("3.10.1", "3.4.1", "8.8.1"),
            subject=source)
    moved = 0
    for _ in range(n):
        if not len(state.side(o).deck):
            state = interrupts(state, log)  # an empty deck is refreshed first (9.2)
            if not len(state.side(o).deck):
                break
        state, _card = take_top(state, log, o, reveal=False, why="put into the stock", rule="3.2.3", to="stock")
        moved += 1
    log.add("move", f"{o} puts the same number ({moved}) of cards from the top of the deck into the stock.",
            ("3.2.3", "3.10.1", "8.8.1"), subject=source)
    return interrupts(state, log)


# --- s11 bodies ---------------------------------------------------------------------------------------------------
_OPP_ZONE_RULES = {"waiting_room": "3.4.1", "clock": "3.8.1", "stock": "3.10.1"}


def _opp_top_to(state: State, log: EventLog, p: str, source: str, eff: OppTopTo) -> State:
    """The top `n` cards of the opponent's deck go one at a time into that zone of theirs (3.2.3; the zone's rule); a
    deck emptied on the way is refreshed before the next (4.8.2, `interrupts`); an empty deck has nothing to move."""
    if eff.bottom:  # s14b bodies: from the bottom (into their waiting room only, cardtext.py)
        return _opp_milled(state, log, p, eff)[0]
    q = other(p)
    if eff.may and not yes_no(log, p, f"Put the top card(s) of {q}'s deck into {q}'s {eff.zone.replace('_', ' ')}?",
                              "8.6.3"):  # s16 zone: "you may put the top card of your opponent's deck into …"
        log.add("decline", f"{p} does not put the top card(s) of {q}'s deck into {q}'s {eff.zone.replace('_', ' ')}.",
                ("8.6.3",), subject=source)
        return state
    zone = {"waiting_room": "waiting"}.get(eff.zone, eff.zone)
    where = eff.zone.replace("_", " ")
    for _ in range(eff.n):
        if not len(state.side(q).deck):
            log.add("nothing", f"{q}'s deck is empty: nothing more moves.", ("1.3.3",))
            break
        state, card = take_top(state, log, q, reveal=zone != "stock", why=f"put into the {where}", rule="3.2.3",
                               to=zone)
        log.add("move", f"The top card of {q}'s deck ({'unnamed' if card is UNKNOWN else repr(card)}) goes into {q}'s "
                f"{where}.", ("8.8.1", "3.2.3", _OPP_ZONE_RULES[eff.zone]),
                subject=card if isinstance(card, str) else None)
        state = interrupts(state, log)
    return state


def _look_take_many(state: State, log: EventLog, p: str, eff: LookTake, looked: list[str], opts: tuple[str, ...]) -> State:
    """"choose up to N … from among them, [reveal them to your opponent,] put them into your hand / into your stock in
    any order, put the rest into your waiting room": any number from none up to N of the fitting cards (8.6.3.1.1) go
    to the hand, or to the stock one by one in the order the player names them, each on top (3.10.2); the rest to the
    waiting room (3.4.1)."""
    what = eff.select.text()
    owner = other(p) if eff.whose == "opponent" else p
    order = ", in the order they are put (the last on top)" if eff.to == "stock" else ""
    got: tuple[str, ...] = ()
    question = f"Which {what}s go to the {eff.to.replace('_', ' ')}" + (f" of {owner}" if owner != p else "")
    if opts and eff.optional:
        got = pick_up_to(log, p, f"{question} (up to {eff.take}){order}?", opts, eff.take, "8.6.3.1.1")
    elif opts:  # s20 body: "choose N … from among them": as many as possible up to N (8.6.3.1)
        got = pick_exactly(log, p, f"{question} ({eff.take})?", opts, eff.take, "8.6.3.1")
    if not got:
        log.add("decline" if opts else "nothing", f"{p} chooses no {what} from among them"
                + ("." if opts else f" (none of them is a {what})."), ("8.6.3.1.1",) if opts else ("8.6.3.1.3",))
    elif eff.to in ("waiting_room", "deck_bottom") or owner != p:  # s20 body: the deck owner's zones (3.1.6)
        state = _chosen_to_owner(state, log, p, owner, eff, got)
    elif eff.to == "deck_top":  # s14 bodies: "put them on the top of your deck in any order" (4.8.1, the player's order)
        log.add("choose", f"{p} chooses {', '.join(map(repr, got))} from among them.", ("8.6.3.1.1",), subject=got[0])
        state = _rest_to_deck(state, log, p, got, "deck_top", "the chosen cards")
    else:
        state = put(state, p, eff.to, got)
        shown = f"{p} reveals {', '.join(map(repr, got))} to {other(p)}; " if eff.reveal else ""
        log.add("move", f"{shown}{', '.join(map(repr, got))} go(es) to {p}'s {eff.to}"
                + (f", each on top of the stock ({got[-1]!r} on top, as {p} chose)" if eff.to == "stock" else "") + ".",
                ("8.6.3.1.1", "8.8.1") + (("3.10.2",) if eff.to == "stock" else ()), subject=got[0])
    rest = tuple(x for x in looked if x not in got)  # s11 bodies: the rest back on the deck too
    return interrupts(_rest_of_look(state, log, p, owner, eff, rest), log)


# --- s13 bodies: the effect body, sixth round ----------------------------------------------------------------------------

def _search_stage(state: State, log: EventLog, p: str, source: str, eff: Search) -> State:
    """"search your deck for up to 1 …, put it in any position of your stage, and shuffle your deck": only a character can
    be on the stage (2.3.2.1.2); the player chooses the position (8.6.3; a character already there goes to the waiting room
    by the rule action 9.6.1), then shuffles (3.2.4). "with level equal to or lower than your level": the player's level
    (3.9.1), counted as it resolves."""
    if eff.select.level == AT_MOST_OWN_LEVEL:
        lv = len(state.side(p).level)
        log.add("count", f"{p}'s level is {lv} (the cards in the level zone): a level {lv} or lower character is chosen.",
                ("3.9.1", "2.6"), subject=source)
        eff = replace(eff, select=replace(eff.select, level=f"<={lv}"))
    log.scratch.pop("placed", None)  # s15 body: only this search's card is "that character" after it
    spots = _stage_spots(state, p, eff.to)  # s16 body: one area or one position too
    if not spots:
        log.add("nothing", f"{p} has no open {_spot_words(eff.to)}: nothing is put on the stage.",
                ("3.6.2", "1.3.3") + (("3.6.3",) if "@" in eff.to else ()))
        return _shuffled(state, log, p)
    state, found = _searched(state, log, p, source, eff)
    used: list[str] = []
    for got in found:  # more than one: each on its own position ("on separate positions")
        pos = choose(log, p, tuple(x for x in spots if x not in used), "stage position",
                     f"On which stage position does {got!r} go?", "8.6.3")
        used.append(pos)
        state = place(state, p, pos, got, _ORIENT_REST if eff.rest else _ORIENT_STAND)
        if len(found) == 1:
            log.scratch["placed"] = got  # s14 bodies: "…, and at the end of the turn, put that character …" (`EndOfTurn`)
        how = "resting (as 【REST】)" if eff.rest else "standing (the text names no state; the engine places it standing)"
        log.add("move", f"{got!r} goes from {p}'s deck onto {pos}, {how}.", ("8.6.3", "3.6.1", "8.8.1")
                + (("4.6.1.2",) if eff.rest else ()) + (("2.6",) if eff.select.level else ())
                + (("3.6.3",) if "@" in eff.to else ()), subject=got)  # s16 body: one area or position named
        happened(log, "placed-from", p, got, "deck")  # s14 zones
    return _shuffled(state, log, p)


def _shuffle(state: State, log: EventLog, p: str, source: str, eff: Shuffle15) -> State:
    """"shuffle your deck": the deck's order becomes unknown (3.2.4: its owner shuffles it)."""
    q = other(p) if eff.theirs else p  # s20 body2: "shuffle your opponent's deck"
    s = state.side(q)
    state = state.with_side(q, replace(s, deck=s.deck.shuffle()))
    log.add("shuffle", f"{p} shuffles {q + chr(39) + 's' if eff.theirs else 'the'} deck.", ("3.2.4", "8.8.1"),
            subject=source)
    return state


def _mill_compare(state: State, log: EventLog, p: str, source: str, eff: MillCompare15) -> State:
    """"all players put the top card of their deck into their waiting room[. If the level of the card put into your
    waiting room by this effect is higher than the level of the card put into your opponent's waiting room by this
    effect, <then>]": each player's top card goes to their own waiting room (3.2.3, 3.4.1; nothing is chosen, so the
    order they are put in changes nothing); then the two cards' levels (2.6; a climax as level 0, as the reminder says)
    are compared, and `then` happens in the order written (8.8.1) only if p's is higher. A player whose deck is empty
    puts no card (1.3.3): there is nothing to compare, and `then` does not happen."""
    put: dict[str, object] = {}
    for q in (p, other(p)):
        if not len(state.side(q).deck):
            log.add("nothing", f"{q}'s deck is empty: {q} puts no card into the waiting room.", ("1.3.3",))
            continue
        state, card = take_top(state, log, q, reveal=True, why="put into the waiting room", rule="3.2.3", to="waiting")
        put[q] = card
        log.add("move", f"{q} puts the top card of the deck ({card!r}) into the waiting room (all players do it).",
                ("8.8.1", "3.2.3", "3.4.1"), subject=card if isinstance(card, str) else None)
    state = interrupts(state, log)  # an empty deck is refreshed (9.2)
    if not eff.compare:
        return state
    mine, theirs = (put.get(q) for q in (p, other(p)))
    if not isinstance(mine, str) or not isinstance(theirs, str):
        log.add("nothing", "A card to compare is missing: nothing after 'If the level …' happens.", ("1.3.3", "8.8.1"),
                subject=source)
        return state
    a, b = (0 if state.card(x).kind is _KIND_CLIMAX else state.card(x).level for x in (mine, theirs))
    higher = a > b
    log.add("count", f"{mine!r} is level {a}, {theirs!r} level {b} (a climax is level 0): {p}'s is "
            + ("higher: what follows happens." if higher else "not higher: what follows does not happen."),
            ("2.6", "8.8.1"), subject=source)
    if higher:
        for e in eff.then:
            state = execute(state, log, p, source, e)
    return state


def _reveal_opp_pick(state: State, log: EventLog, p: str, source: str, eff: RevealOppPick15) -> State:
    """"reveal the top N cards of your deck, your opponent chooses 1 … from among them, you put it into your hand, and put
    the rest into your waiting room": the cards are revealed one at a time from the top (3.2.3, 4.9.1); p's opponent
    chooses, as the text says (8.6.3), one that fits if one does (8.6.3.1; none: 8.6.3.1.3); it goes to p's hand (3.3.1),
    the rest to p's waiting room (3.4.1)."""
    o = other(p)
    if not len(state.side(p).deck):  # no card to reveal: the action waits for the refresh (3.2.3.2, 9.2)
        state = interrupts(state, log)
    shown: list[str] = []
    for _ in range(eff.n):
        if not len(state.side(p).deck):
            log.add("look", f"{p}'s deck has no more cards: {len(shown)} card(s) are revealed.", ("3.2.3",))
            break
        state, card = take_top(state, log, p, reveal=True, why="revealed", rule="4.9.1")
        shown.append(str(card))
    log.add("look", f"{p} reveals {', '.join(map(repr, shown)) or 'no card'} from the top of the deck.", ("4.9.1", "3.2.3"),
            subject=source)
    what = eff.select.text()
    opts = tuple(dict.fromkeys(x for x in shown if _selects(state, x, eff.select)))
    got = None
    if opts:
        log.add("effect", f"{o} chooses, as the text says.", ("8.6.3",), subject=source)
        got = choose(log, o, opts, f"revealed card that fits ({what})", f"Which {what} among {p}'s revealed cards does "
                     f"{o} choose (it goes to {p}'s hand)?", "8.6.3.1")
        state = put(state, p, "hand", (got,))
        log.add("move", f"{got!r} goes to {p}'s hand.", ("8.8.1", "3.3.1"), subject=got)
    else:
        log.add("nothing", f"None of the revealed cards is a {what}: {o} chooses none.", ("8.6.3.1.3",), subject=source)
    rest = list(shown)
    if got is not None:
        rest.remove(got)
    if rest:
        state = put(state, p, "waiting", tuple(rest))
        log.add("move", f"The rest ({', '.join(map(repr, rest))}) go to {p}'s waiting room.", ("8.8.1", "3.4.1"))
    return interrupts(state, log)


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    TopTo: _top_to, Brainstorm: _brainstorm, LookTake: _look_take, Search: _search, LookOpp: _look_opp, LookAt: _look_at,
    RevealTop: _reveal_top, LookPut: _look_put, RevealTake: _reveal_take, OppStockSwap: _opp_stock_swap,
    OppTopTo: _opp_top_to, Shuffle15: _shuffle, MillCompare15: _mill_compare,
    RevealOppPick15: _reveal_opp_pick,
}
