"""Executors that put cards on the stage (3.6.1): from a zone, onto the position vacated, exchanged, and the
keyword effects Change, Fusion and Sunder."""

from __future__ import annotations

from judge_app.engine.core import UNKNOWN, EventLog
from judge_app.engine.ws.abilities.choices import choose, forced, pick, yes_no
from judge_app.engine.ws.abilities.common import (
    _KIND_CHARACTER,
    _ORIENT_REST,
    _ORIENT_STAND,
    _name_rules,
    _selects,
    _stage_spots,
    set_orient,
)
from judge_app.engine.ws.abilities.dispatch import Executor
from judge_app.engine.ws.abilities.keywords import _fusion, _sunder
from judge_app.engine.ws.abilities.stage import _move_to, _no_attack_on
from judge_app.engine.ws.effects import (
    ChangeInto,
    Exchange,
    ExchangeNamed,
    FusionInto,
    PutWhereWas,
    RevealedTo,
    Salvage,
    Select,
    SelfStage17,
    SunderInto,
)
from judge_app.engine.ws.state import State, replace
from judge_app.engine.ws.zones import happened, interrupts, place, remove, take_top


def _self_stage(state: State, log: EventLog, p: str, source: str, eff: SelfStage17) -> State:
    """s17 zone: "(you may) put this card on any position of your stage": this card, in p's memory (its Memory ability,
    10.9.1) or waiting room as its ability resolves, goes onto the stage position p chooses (`_onto_stage`: 3.6.1, 8.6.3;
    a character already there goes to the waiting room, 9.6.1). Anywhere else (already on the stage, or gone) it does not
    move (1.3.3)."""
    s = state.side(p)
    zone = "memory" if source in s.memory else "waiting" if source in s.waiting and not eff.within else ""
    where = {"memory": "memory", "waiting": "waiting room"}.get(zone, "")
    if not zone or state.card(source).kind is not _KIND_CHARACTER:
        log.add("nothing", f"{source!r} is not a character in {p}'s memory{'' if eff.within else ' or waiting room'}: it "
                "does not move.",
                ("1.3.3", "3.6.1"), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Put {source!r} from the {where} on the stage?", "8.6.3"):
        log.add("decline", f"{p} does not put {source!r} on the stage.", ("8.6.3",), subject=source)
        return state
    if not _stage_spots(state, p, eff.to):
        log.add("nothing", f"{p} has no open stage position there: {source!r} stays in the {where}.", ("3.6.2", "1.3.3"),
                subject=source)
        return state
    # s18 zone: "that character" of an ability an effect created for it (8.7.5), not a Memory ability of its own
    rule = ("8.7.5",) if eff.that else ("10.9.1",) if zone == "memory" else ()
    log.add("effect", f"{source!r} goes from {p}'s {where} onto the stage by "
            + ("the ability created for it." if eff.that else "its own effect."), ("8.8.1", *rule), subject=source)
    return _onto_stage(state, log, p, Salvage(None, kind="character", to=eff.to, rest=eff.rest), zone, where, source)


def _fusion_into(state: State, log: EventLog, p: str, source: str, eff: FusionInto) -> State:
    return _fusion(state, log, p, source, eff.name)


def _sunder_into(state: State, log: EventLog, p: str, source: str, eff: SunderInto) -> State:
    return _sunder(state, log, p, source, eff.name)


def _onto_vacated(state: State, log: EventLog, p: str, source: str, name: str,
                  empty: bool = False) -> tuple[State, str | None, str]:
    """A card named `name` chosen in p's waiting room and put on the stage position the cost's "Put this card into
    your waiting room" left (`paid_from`), standing: (the state, the card or None when there is none or no position
    left, the position). `empty`: only onto a position still empty."""
    src, pos = log.scratch.pop("paid_from", (None, None))
    opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str)
                               and state.card(x).name == name))
    if src != source or not opts or (empty and state.side(p).at(str(pos)) is not None):
        return state, None, str(pos)
    c = choose(log, p, opts, f"{name!r} in the waiting room", f"Which {name!r} goes on {pos}?", "8.6.3")
    return place(remove(state, p, "waiting", c), p, str(pos), c), c, str(pos)


# Change (10.8.1: "put a specified character in that specified zone into the original character's zone") and the
# unkeyworded "choose a card named "X" in your waiting room, and put it on the stage position that this card was on"
# are one action, `_onto_vacated`, announced in their own words: (the step's kind, its words, rules) when a card is put
# there, (words, rules) when none is. Only onto a still empty position for the unkeyworded text (s8-wsrealb).
_VACATED_WORDS: dict[type, tuple[bool, str, str, tuple[str, ...], str, tuple[str, ...]]] = {
    ChangeInto: (False, "change", "Change: {c!r} goes from {p}'s waiting room onto {pos}, where {source!r} was "
                 "(standing: 10.8 does not say the orientation, and the engine puts it standing, as Sunder's 10.15.3.1 "
                 "does).", ("10.8.1", "10.8.2"),
                 "No {name!r} in {p}'s waiting room (or no position left by the cost): Change does nothing.",
                 ("10.8.3", "8.6.3.1.3")),
}


def _change_into(state: State, log: EventLog, p: str, source: str, eff: ChangeInto | PutWhereWas) -> State:
    empty, kind, done, done_rules, none, none_rules = _VACATED_WORDS[type(eff)]
    log.scratch.pop("placed", None)  # s15 body: only this placement is "that character" after it
    state, c, pos = _onto_vacated(state, log, p, source, eff.name, empty)
    if c is not None:
        log.scratch["placed"] = c  # s15 body: "…, put it on the stage position that this card was on, and that character …"
    if c is None:
        log.add("nothing", none.format(name=eff.name, p=p, source=source), none_rules, subject=source)
        return state
    log.add(kind, done.format(c=c, p=p, pos=pos, source=source), done_rules, subject=c)
    happened(log, "placed-from", p, c, "waiting")
    return state


# "choose a card named "X" in your waiting room, and put it on the stage position that this card was on": the
# position the cost's "Put this card into your waiting room" left (8.4.2); a card of that name must be chosen if there
# is one (8.6.3.1), none there or no position left by the cost: nothing happens (8.6.3.1.3). Change's action.
_VACATED_WORDS[PutWhereWas] = (
    True, "move", "{c!r} goes from {p}'s waiting room onto {pos}, the stage position {source!r} was on (standing: the "
    "text does not say the orientation, and the engine puts it standing, as Sunder's 10.15.3.1 does).",
    ("8.6.3.1", "8.8.1"), "No {name!r} in {p}'s waiting room, or no empty stage position left by {source!r}'s cost: "
    "nothing is put on the stage.", ("8.6.3.1.3", "8.8.1"))


def _exchange_named(state: State, log: EventLog, p: str, source: str, eff: ExchangeNamed) -> State:
    """"(you may) choose one of your cards named "X" and this card, and exchange them (as 【STAND】)": the two characters
    swap positions (3.7.3.1, 8.9.2), then both stand (4.6.1.1) when the text says "as 【STAND】"."""
    on = state.on_stage(source)
    opts = tuple(o.uid for _pos, o in state.side(p).characters() if o.uid != source
                 and (_selects(state, o.uid, eff.select) if eff.select is not None  # s13 bodies: a general selection
                      else state.card(o.uid).name == eff.name)) if on and on[0] == p else ()
    what = eff.select.text() if eff.select is not None else repr(eff.name)
    if not opts:
        log.add("nothing", f"No other {what} on {p}'s stage (or {source!r} is not on it): nothing is exchanged.",
                ("8.6.3.1.3",), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Exchange {source!r} with {what}?", "8.6.3", "exchange", "decline"):
        log.add("decline", f"{p} does not exchange them.", ("8.6.3",), subject=source)
        return state
    other_uid = choose(log, p, opts, f"{what} on the stage", f"Which {what} is exchanged with {source!r}?",
                       "8.6.3")
    _no_attack_on(state, source, other_uid)
    a, b = on[1], state.side(p).where(other_uid)  # type: ignore[index]
    state = _move_to(_move_to(state, p, source, str(b)), p, other_uid, str(a))
    log.add("move", f"{source!r} and {other_uid!r} exchange positions ({source!r} on {b}, {other_uid!r} on {a}), "
            "keeping their markers and the effects on them.", ("3.7.3.1", "8.9.2", "8.8.1"), subject=source)
    if eff.stand:
        for x in (source, other_uid):
            state = set_orient(state, x, _ORIENT_STAND)
        log.add("stand", f"Both stand ({source!r}, {other_uid!r}), as the text says.", ("4.6.1.1", "8.8.1"),
                subject=source)
    return state


# --- s13 zones: the zones and cards off the stage ----------------------------------------------------------------------

def _salvage_vacated(state: State, log: EventLog, p: str, source: str, eff: Salvage, opts: tuple[str, ...], zone: str,
                     what: str) -> State:
    """"choose 1 《T》 character in your waiting room, and put it on the stage position that this card was on": the
    position the ability's cost took this card from (`paid_from`, 8.4.2), as Change puts a card there (10.8.1), and only
    while it is still empty, as the named wording (`PutWhereWas`) does. Standing unless the text says "as 【REST】": the
    text names no state, and the engine puts it standing, as Sunder's 10.15.3.1 does."""
    src, pos = log.scratch.pop("paid_from", (None, None))
    if src != source or pos is None or state.side(p).at(str(pos)) is not None:
        log.add("nothing", f"No empty stage position was left by {source!r}'s cost: nothing is put on the stage.",
                ("8.6.3.1.3", "8.8.1"), subject=source)
        return state
    where = "hand" if zone == "hand" else zone.replace("waiting", "waiting room")
    if not opts:
        log.add("nothing", f"No {what} in {p}'s {where} can be chosen: nothing is put on {pos}.", ("8.6.3.1.3",))
        return state
    free = eff.optional or eff.may
    got = forced(log, p, opts[0], f"{what} in the {where}", "8.6.3") if len(opts) == 1 and not free else \
        pick(log, p, f"Which {what} goes on {pos}, where {source!r} was?", opts, "8.6.3.1.1" if eff.optional else "8.6.3",
             free)
    if got is None:
        log.add("decline", f"{p} chooses nothing " + ("(up to 1)." if eff.optional else "(the text says 'you may')."),
                ("8.6.3.1.1",) if eff.optional else ("8.6.3",))
        return state
    state = place(remove(state, p, zone, got), p, str(pos), got, _ORIENT_REST if eff.rest else _ORIENT_STAND)
    log.scratch["placed"] = got  # "…, and that character gets …" (`Pump` who "placed")
    how = "resting (as 【REST】)" if eff.rest else "standing (the text names no state; the engine puts it standing, as " \
        "Sunder's 10.15.3.1 does)"
    log.add("move", f"{got!r} goes from {p}'s {where} onto {pos}, the stage position {source!r} was on, {how}.",
            ("8.6.3", "10.8.1", "8.8.1", "3.6.1") + (("8.6.3.1.1",) if eff.optional else ())  # s13 bodies: 3.6.1, the stage
            + (("4.6.1.2",) if eff.rest else ()) + (("2.6",) if eff.level else ())
            + (("2.7",) if eff.cost else ()) + (("2.5.3",) if eff.trait else ()), subject=got)
    happened(log, "placed-from", p, got, zone)
    if zone == "hand":
        _from_hand_note(log, got)
    return state


_EXCHANGE_WHERE = {"level": ("level", "3.9.1"), "clock_bottom": ("clock (its bottom card)", "3.8.1")}


def _exchange(state: State, log: EventLog, p: str, source: str, eff: Exchange) -> State:
    """"choose 1 card in your level and 1 《T》 character in your waiting room, and exchange them": each card goes where the
    other was (the level 3.9.1, or the bottom of the clock 3.8.1; the waiting room 3.4.1), each chosen (8.6.3). The rules
    do not say what an exchange does when one of its two cards cannot be chosen: the engine moves neither (there is
    nothing to exchange it with), and says so."""
    s = state.side(p)
    where, rule = _EXCHANGE_WHERE[eff.zone]
    if eff.zone == "level":
        pile = s.level
        firsts = tuple(dict.fromkeys(x for x in pile if isinstance(x, str) and _selects(state, x, eff.first)))
    else:
        pile = s.clock[:1]
        firsts = tuple(x for x in pile if isinstance(x, str))
    seconds = tuple(dict.fromkeys(x for x in s.waiting if isinstance(x, str) and _selects(state, x, eff.select)))
    what = eff.select.text()
    if eff.may and not yes_no(log, p, f"Exchange a card of the {where} with a {what} of the waiting room?", "8.6.3"):
        log.add("decline", f"{p} does not choose (the text says 'you may').", ("8.6.3",), subject=source)
        return state
    if not firsts or not seconds:
        lacking = f"no card in {p}'s {where}" if not firsts else f"no {what} in {p}'s waiting room"
        unnamed = UNKNOWN in pile or UNKNOWN in s.waiting
        log.add("nothing", f"There is {lacking} to choose" + (" (unnamed cards cannot be chosen)" if unnamed else "")
                + ": the two cards cannot be exchanged, and neither moves (the rules do not say what a half-chosen "
                "exchange does; the engine decides that nothing moves).", ("8.6.3.1.3", rule, "3.4.1"), subject=source)
        return state
    first = eff.first.text() if eff.first != Select() else "card"  # s16 zone: a level card by its trait (2.5.3)
    a = choose(log, p, firsts, f"{first} in the {where}", f"Which {first} of {p}'s {where} is exchanged?", "8.6.3")
    b = choose(log, p, seconds, f"{what} in the waiting room", f"Which {what} of {p}'s waiting room is exchanged?",
               "8.6.3")
    waiting = s.waiting[:s.waiting.index(b)] + s.waiting[s.waiting.index(b) + 1:] + (a,)
    if eff.zone == "level":
        i = s.level.index(a)
        state = state.with_side(p, replace(s, level=s.level[:i] + (b,) + s.level[i + 1:], waiting=waiting))
    else:
        state = state.with_side(p, replace(s, clock=(b,) + s.clock[1:], waiting=waiting))
    log.add("move", f"{p} exchanges {a!r} of the {where} with {b!r} of the waiting room: {a!r} goes into the waiting "
            f"room, {b!r} into the {where}.", ("8.6.3", "8.8.1", rule, "3.4.1") + _name_rules(eff.select)
            + (("2.5.3",) if eff.first.trait else ()), subject=b)
    return state


def _onto_stage(state: State, log: EventLog, p: str, eff: Salvage, zone: str, where: str, got: str) -> State:
    """The chosen character goes from `zone` onto the stage position its master chooses (8.6.3, 3.6.1), resting if the
    text says "as 【REST】" (4.6.1.2); otherwise standing: the text names no state, and the engine puts it standing (the
    state a character is placed in when played, 8.6.2.4.1). A character already on that position goes to the waiting
    room by the rule action (9.6.1)."""
    spots = _stage_spots(state, p, eff.to)
    pos = choose(log, p, spots, "stage position", f"On which stage position does {got!r} go?", "8.6.3")
    state = place(remove(state, p, zone, got), p, pos, got, _ORIENT_REST if eff.rest else _ORIENT_STAND)
    log.scratch["placed"] = got  # s13 zones: "…, and that character gets …" (`Pump` who "placed")
    how = "resting (as 【REST】)" if eff.rest else "standing (the text names no state; the engine places it standing)"
    log.add("move", f"{got!r} goes from {p}'s {where} onto {pos}, {how}.", ("8.6.3", "3.6.1", "8.8.1")
            + (("4.6.1.2",) if eff.rest else ()) + (("2.6",) if eff.level else ()) + (("2.7",) if eff.cost else ())
            + (("3.6.3",) if "@" in eff.to else ()), subject=got)  # s16 body: one area or position named
    happened(log, "placed-from", p, got, zone)  # s14 zones: "When this card is placed on the stage from your waiting room"
    if zone == "hand":  # s13 zones
        _from_hand_note(log, got)
    return state


def _from_hand_note(log: EventLog, got: str) -> None:
    log.add("note", f"{got!r} is put on the stage by an effect, not played (no cost is paid, 8.6.2): the rules do not say "
            "whether its own \"When this card is placed on the stage from your hand\" abilities activate then; the "
            "engine does not activate them.", ("8.6.2", "8.7.2"), subject=got)


def _revealed_stage(state: State, log: EventLog, p: str, card: str, eff: RevealedTo) -> State:
    """The revealed card (4.9.1: still on top of the deck) goes onto the stage position its master chooses (8.6.3; 3.6.1,
    `_stage_spots`), resting if the text says "as 【REST】" (4.6.1.2), otherwise standing (the text names no state: the
    engine places it standing, as `_onto_stage` does). Only a character can be on the stage (2.3.2.1.2): another card stays
    on top of the deck; so does any card when no position can take it (1.3.3)."""
    if state.card(card).kind is not _KIND_CHARACTER:
        log.add("nothing", f"{card!r} is not a character: it cannot be put on the stage and stays on top of the deck.",
                ("2.3.2.1.2", "1.3.3"), subject=card)
        return state
    spots = _stage_spots(state, p, eff.zone)
    if not spots:
        log.add("nothing", f"{p} has no open stage position: {card!r} stays on top of the deck.", ("3.6.2", "1.3.3"),
                subject=card)
        return state
    pos = choose(log, p, spots, "stage position", f"On which stage position does {card!r} go?", "8.6.3")
    state, _ = take_top(state, log, p, reveal=True, why="revealed", rule="4.9.1")
    state = place(state, p, pos, card, _ORIENT_REST if eff.rest else _ORIENT_STAND)
    log.scratch["placed"] = card  # "…, and that character gets …" (`Pump` who "placed")
    how = "resting (as 【REST】)" if eff.rest else "standing (the text names no state; the engine places it standing)"
    log.add("move", f"{card!r} goes from the top of {p}'s deck onto {pos}, {how}.", ("8.6.3", "3.6.1", "8.8.1")
            + (("4.6.1.2",) if eff.rest else ()) + (("3.6.3",) if "@" in eff.zone else ()),
            subject=card)
    happened(log, "placed-from", p, card, "deck")
    return interrupts(state, log)  # an emptied deck is refreshed (9.2)


# The effects this module executes (8.8.1), gathered into `dispatch._EXECUTE` by the package.
EXECUTORS: dict[type, Executor] = {
    FusionInto: _fusion_into, SunderInto: _sunder_into, ChangeInto: _change_into,
    PutWhereWas: _change_into, ExchangeNamed: _exchange_named, Exchange: _exchange,
    SelfStage17: _self_stage,
}
