"""Automatic abilities entering their standby condition (8.7), paying costs (8.4), and executing the effects of
resolved abilities (8.8) - including the keyword abilities of chapter 10 and the trigger icons (4.12)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from judge_app.engine.core import UNKNOWN, Choice, EventLog, Unsupported, ask
from judge_app.engine.ws import conditions, view
from judge_app.engine.ws.answers import answers_of, peek, skip
from judge_app.engine.ws.effects import (
    ABOVE_OPP_LEVEL,
    AT_MOST_OWN_LEVEL,
    NAME_OR,
    NAME_PART,
    PER_NAMED,
    USED_KEYWORDS16B,
    WATCHING16,
    Ability,
    BattleOppTo,
    Brainstorm,
    ChangeInto,
    ChooseMove,
    ChosenAndSelf,
    Cond,
    CondThen,
    Cost,
    Count,
    Damage,
    DeckTopMarker,
    Draw,
    EncoreBan15b,
    EndOfTurn,
    Exchange,
    ExchangeNamed,
    FusionInto,
    Grant,
    HandTo,
    Heal,
    IfDone,
    IfToHand,
    LastingBan,
    LookOpp,
    LookPut,
    LookTake,
    MarkerTo,
    MillCompare15,
    Milled,
    Modal,
    MoveSelf,
    NoStand,
    OppClockTo,
    OppClockTop,
    OppHandTo,
    OppMemoryBack,
    OppShift,
    OppStockBottom,
    OppStockSwap,
    OppTo,
    OppTopTo,
    OppWaitingPick,
    OppWaitingToDeck,
    OwnPick,
    PayThen,
    Perform,
    Pump,
    PutWhereWas,
    Repeat,
    Rest,
    ReturnPrevious,
    RevealedTo,
    RevealOppPick15,
    RevealTake,
    RevealTop,
    Reverse,
    Salvage,
    Search,
    Select,
    SelfStage17,
    SelfTo,
    Shuffle15,
    StandSelf,
    StockTop,
    SunderInto,
    ThatTo,
    TopTo,
    TriggerChecks,
    WaitingToDeck,
    XCount,
    ZoneMove17,
    article,
    has_name,
    has_trait,
    name_part_english,
    name_text,
)
from judge_app.engine.ws.state import (
    BACK,
    CENTER,
    FACING,
    GAME_LONG,
    POSITIONS,
    Card,
    Kind,
    OnStage,
    Orient,
    Pending,
    Side,
    State,
    Trigger,
    other,
    replace,
)
from judge_app.engine.ws.zones import (
    deal_damage,
    draw,
    happened,
    identify_top,
    interrupts,
    leave_stage,
    out_of_resolution,
    place,
    put,
    remove,
    take_bottom,
    take_top,
    transfer,
)

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_KIND_CHARACTER = Kind.CHARACTER
_IN_MEMORY = Cond("this-in", "memory")  # s11-wshead: a Memory ability's own condition (10.9.1)
_KIND_CLIMAX = Kind.CLIMAX
_ORIENT_REST = Orient.REST
_ORIENT_REVERSE = Orient.REVERSE
_ORIENT_STAND = Orient.STAND
_TRIGGER_COMEBACK = Trigger.COMEBACK
_TRIGGER_DRAW = Trigger.DRAW
_TRIGGER_GATE = Trigger.GATE
_TRIGGER_POOL = Trigger.POOL
_TRIGGER_RETURN = Trigger.RETURN
_TRIGGER_SHOT = Trigger.SHOT
_TRIGGER_SOUL = Trigger.SOUL
_TRIGGER_STANDBY = Trigger.STANDBY
_TRIGGER_TREASURE = Trigger.TREASURE
_TRIGGER_CHOICE = Trigger.CHOICE

ENCORE_DEFAULT = Ability("auto", "encore", "to-waiting", cost=Cost(stock=3), optional=True, text="Encore [③]")


def yes_no(log: EventLog, who: str, question: str, rule: str, yes: str = "yes", no: str = "no") -> bool:
    (v,) = ask(answers_of(log), Choice(who, question, (yes, no), rule, log.line),
               lambda a: None if len(a.values) >= 1 and a.values[0] in (yes, no) else f"answer {yes} or {no}",
               default=(no,))[:1]
    return v == yes


def pick(log: EventLog, who: str, question: str, options: tuple[str, ...], rule: str, optional: bool) -> str | None:
    """One of `options` (a card), or None when the player may and does choose none."""
    opts = options + (("none",) if optional else ())
    if not options:
        return None
    (v,) = ask(answers_of(log), Choice(who, question, opts, rule, log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in opts else f"choose one of {', '.join(opts)}",
               default=("none",) if optional else None)
    return None if v == "none" else v


def choose(log: EventLog, who: str, options: tuple[str, ...], what: str, question: str, rule: str) -> str:
    """One of `options` (cards), which must be chosen: the only one is taken (`forced`), otherwise asked."""
    if len(options) == 1:
        return forced(log, who, options[0], what, rule)
    (v,) = ask(answers_of(log), Choice(who, question, options, rule, log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in options else f"choose one of {', '.join(options)}")
    return v


def forced(log: EventLog, who: str, option: str, what: str, rule: str) -> str:
    """The only legal choice is made; an answer line naming exactly it (e.g. the neutral form's `targets`) is
    taken, so that it is not left over as an answer to nothing."""
    a = peek(log, who)
    if a is not None and a.values == (option,):
        skip(log)
    log.add("choose", f"{who} must choose {option!r}: it is the only {what}.", (rule, "8.6.3.1"), subject=option)
    return option


# --- standby (8.7.2) ------------------------------------------------------------------------------

def _stage_abilities(state: State, p: str, uid: str) -> list[tuple[int, Ability]]:
    return list(enumerate(state.card(uid).abilities))


# What a card's other characters (or its climax) doing makes the abilities of p's characters watching it trigger:
# "When your other 《T》 character attacks" / "… becomes reversed in battle", "When your climax is placed on your
# climax area" (8.7.2: each ability whose activation condition is fulfilled enters its standby condition).
_WATCHED = {"attacks": "other-attacks", "reversed": "other-reversed", "climax-placed": "your-climax-placed",
            "opp-reversed": "other-opp-reversed", "placed": "other-placed",
            "frontal-attacked": "other-frontal-attacked",  # s9-wsreala (7.2.1.5.1)
            # s15 heads: "When your (other) character direct | frontal | side attacks" (7.2.1.4.1, 7.2.1.4.2)
            "direct-attacks": "other-direct-attacks", "frontal-attacks": "other-frontal-attacks",
            "side-attacks": "other-side-attacks"}


# Happenings whose automatic abilities the rules make, whatever the cards' texts: Encore [③] (10.2.3), the shot
# trigger's ability (4.12.2.7).
_BY_RULE = frozenset(("to-waiting", "cancel", "damaged"))


def _waited_for(state: State, notes: list[tuple] | None) -> list[tuple]:
    """The happenings after which an automatic ability can wait: the rules' own, and those an automatic ability of
    the scenario's cards waits for (`Catalog.auto_heads`)."""
    if not notes:
        return []
    catalog = state.catalog
    kept = _WAITED[0]  # the happenings waited for, per catalogue: a replay asks about the same one
    if kept[0] is not catalog:
        kept = _WAITED[0] = (catalog, {})  # one pair, replaced whole: a catalogue is never paired with another's
    known: dict[str, bool] = kept[1]
    out = []
    for n in notes:
        kind = n[0]
        w = known.get(kind)
        if w is None:
            w = known[kind] = kind in _BY_RULE or _waited(kind, catalog.auto_heads)
        if w:
            out.append(n)
    return out


# [(the last catalogue asked about, its happening kind -> whether an automatic ability waits for it)]
_WAITED: list[tuple[object, dict[str, bool]]] = [(None, {})]


def _waited(kind: str, heads: frozenset[str]) -> bool:
    if kind == "begin":
        return "begin" in heads or "shift" in heads or "begin-any" in heads
    return (kind in heads or _WATCHED.get(kind, "") in heads
            or (kind in ("backup-used", "act-used") and "opp-act-used" in heads)  # s13 heads: the opponent's 【ACT】
            or (kind == "backup-used" and "act-used" in heads)  # Backup is an 【ACT】 (10.5.2)
            or (kind == "climax-placed" and "opp-climax-placed" in heads)  # s10-wshead
            or (kind == "level-up" and "opp-level-up" in heads)  # s14 heads
            or (kind == "trigger-reveals" and "self-trigger-reveals" in heads))  # s11-wshead


def _watchers(state: State, who: str, uid: str, when: str, left: str = "") -> list[Pending]:
    """The automatic abilities of who's characters on the stage, other than `uid`, that trigger on `uid` (s12 bodies: the
    watched card in the info, and the position it `left`, for "that character")."""
    watched: tuple[tuple[str, object], ...] = (("watched", uid),) + ((("watched_from", left),) if left else ())
    out = []
    for pos, o in state.side(who).characters():
        if o.uid == uid:
            continue
        for i, a in _stage_abilities(state, who, o.uid):
            head, _, trait = next((w.partition(":") for w in a.whens if w.partition(":")[0] == when), ("", "", ""))
            if a.category == "auto" and head == when and _watched_fits(state, uid, trait):
                rules = ("2.11.1", "4.12.2") if trait.startswith("[") else ("2.1.2",) if trait.startswith('"') \
                    else ("2.5.3",)
                out.append(Pending(who, o.uid, i, f"{o.uid}: {a.text}", ((("rules", rules),) if trait else ()) + watched))
        # s16 quote: and those an effect (8.2.1.2) or a continuous ability (8.9.1) gave it, watched as its printed ones
        for w in view.gained_whens16(state, who, pos, o):
            head, _, trait = w.partition(":")
            if head == when and _watched_fits(state, uid, trait):
                out += [replace(pd, info=pd.info + watched) for pd in _gained(state, o.uid, w)]
    return out


assert set(_WATCHED.values()) <= set(WATCHING16)  # s16 quote: what a gained ability may wait for (cardtext)


def _watched_fits(state: State, uid: str, wanted: str) -> bool:
    """Whether the watched card is the one the timing names: "your other 《T》 character" (its traits, 2.5.3), "your
    climax with [ICON] in its trigger icon" (its trigger icons, 2.11.1)."""
    if wanted.startswith("["):
        return wanted[1:-1] in state.card(uid).triggers
    if wanted.startswith('"'):  # s8-wsrealb: "When a card named "X" is placed on your climax area" (2.1.2)
        return has_name(wanted[1:-1], state.card(uid).name)  # s11-wshead: also a portion of the name (2.1.2.2)
    return has_trait(wanted, state.card(uid).traits)


def _act_watchers(state: State, who: str) -> list[Pending]:
    """"When you use an 【ACT】": the abilities of who's characters on the stage, this card's own 【ACT】 included; s13 heads:
    and "When your opponent uses an 【ACT】", those of the other player's characters (8.7.2)."""
    foe = other(who)
    return [Pending(who, o.uid, i, f"{o.uid}: {a.text}") for _pos, o in state.side(who).characters()
            for i, a in _stage_abilities(state, who, o.uid) if a.category == "auto" and "act-used" in a.whens] \
        + [Pending(foe, o.uid, i, f"{o.uid}: {a.text}") for _pos, o in state.side(foe).characters()
           for i, a in _stage_abilities(state, foe, o.uid) if a.category == "auto" and "opp-act-used" in a.whens]


def _gained(state: State, uid: str, when: str) -> list[Pending]:
    """The automatic abilities an effect gave `uid` (Grant) whose activation condition is `when`: a character on
    the stage has them as its own until they end (8.2.1.2, 6.8.1.4), and triggers them like its printed ones (8.7.2)."""
    on = state.on_stage(uid)
    if on is None:
        return []
    # s11 bodies: and those a continuous ability gives it while it applies (8.9.1), looked at as the timing occurs
    given = [Pending(on[0], uid, -3, f"{uid}: {a.text} (given by {src!r})",
                     (("gained", a), ("rules", ("8.9.1",) + (("2.5.3",) if g.trait else ()))))
             for src, g, a in view.granted_autos(state, on[0], on[1], uid, when)] if state.catalog.cont else []
    if not on[2].gained:
        return given
    # s12 bodies: "slot" tells each gained ability apart for its per-turn limit (`_within_limits`), two alike included
    return [Pending(on[0], uid, -3, f"{uid}: {a.text} (gained)", (("gained", a), ("rules", ("8.2.1.2",)))
                    + ((("slot", _GAINED_SLOT - k),) if a.limit else ()))
            for k, a in enumerate(on[2].gained) if when in a.whens] + given


def _gained_ability(pend: Pending) -> Ability:
    """s16 quote: the ability a standby gained ability (`_gained`) is."""
    a = dict(pend.info)["gained"]
    assert isinstance(a, Ability)
    return a


_NOT_FIRST_TURN = Cond("not-first-turn")


def _first_turn_kept(state: State, log: EventLog, new: list[Pending]) -> list[Pending]:
    """s11-wshead: "This ability does not activate if it is the starting player's first turn": in that turn its activation
    condition does not make it enter its standby condition (8.7.2; the starting player's first turn as 7.2.1.3.1 names it; the card's own text)."""
    if not state.first_turn:
        return new
    kept = []
    for pend in new:
        a = state.card(pend.source).abilities[pend.ability] if pend.ability >= 0 else None
        if a is not None and _NOT_FIRST_TURN in a.conds:
            log.add("standby", f"{pend.label.rstrip('.')} does not activate: it is the starting player's first turn, and "
                    "its text says it does not activate then.", ("8.7.2", "7.2.1.3.1"), subject=pend.source)
            continue
        kept.append(pend)
    return kept


_GAINED_SLOT = -100  # s12 bodies: the `activations` key of the k-th ability an effect gave a card: -100 - k


def _limited(state: State, pend: Pending) -> tuple[Ability | None, int]:
    """The ability a standby ability is, with the key its activations are counted under this turn: a printed one by its
    index; s12 bodies: one an effect gave the card (8.2.1.2) by its place among the gained ones (`_gained`)."""
    if pend.ability >= 0:
        return state.card(pend.source).abilities[pend.ability], pend.ability
    info = dict(pend.info)
    slot, gained = info.get("slot"), info.get("gained")
    if isinstance(slot, int) and isinstance(gained, Ability):
        return gained, slot
    return None, pend.ability


def _within_limits(state: State, log: EventLog, new: list[Pending]) -> tuple[State, list[Pending]]:
    """"This ability activates up to N time(s) per turn": past N this turn, its activation condition no longer
    makes it enter its standby condition (8.7.2). The rules define no such limit: it is the card's own text."""
    if not any((a := _limited(state, p)[0]) is not None and a.limit for p in new):
        return state, new
    kept, done = [], list(state.activations)
    for pend in new:
        a, key = _limited(state, pend)
        if a is not None and a.limit:
            if done.count((pend.source, key)) >= a.limit:
                log.add("standby", f"{pend.label.rstrip('.')} does not activate: it has activated {a.limit} time(s) "
                        "this turn, as many as its text allows (the card's own limit; the rules set none).",
                        ("8.7.2",), subject=pend.source)
                continue
            done.append((pend.source, key))
        kept.append(pend)
    return replace(state, activations=tuple(done)), kept


def _side_waiting(state: State, who: str, when: str) -> list[Pending]:
    """s8-wsrealb: the automatic abilities of who's characters on the stage whose activation condition is `when`."""
    autos = state.catalog.autos
    return [Pending(who, o.uid, i, f"{o.uid}: {a.text}") for _pos, o in state.side(who).characters()
            for i, a in autos.get((o.uid, when), ()) if a.keyword != "alarm"  # s10-wshead: Alarm, from the clock
            and not _memory_only(a)]  # s11-wshead: Memory, from the memory


# --- s11-wshead: Memory 【AUTO】 abilities from the memory (10.9.1) ---------------------------------------------------
def _memory_only(a: Ability) -> bool:
    """A Memory 【AUTO】 ability "If this card is in your memory, …": possessed by the card in the memory (10.9.1; 2.12.2
    "unless otherwise specified"), so the engine looks for it there and not on the stage."""
    return a.keyword == "memory" and _IN_MEMORY in a.conds


def _from_memory(state: State, q: str, whens: tuple[str, ...]) -> list[Pending]:
    """The Memory 【AUTO】 abilities of the cards in q's memory waiting for one of `whens` (10.9.1, 8.7.2)."""
    autos = state.catalog.autos
    return [Pending(q, x, i, f"{x}: {a.text}", (("rules", ("2.12.2", "10.9.1")),))
            for x in dict.fromkeys(state.side(q).memory) if isinstance(x, str)
            for w in whens for i, a in autos.get((x, w), ()) if _memory_only(a)]


def _trigger_watchers(state: State, note: tuple) -> list[Pending]:
    """s11-wshead: "When your climax with [ICON] in its trigger icon triggers", "When your character's trigger check reveals
    a climax with [ICON] in its trigger icon", "When this card's trigger check reveals a climax": the abilities of the
    turn player's characters on the stage when the trigger check reveals a climax (7.3.1.2; the icon, 2.11.1), this
    card's own only when it is the attacking character."""
    _, who, card, attacker = note
    c = state.card(card) if isinstance(card, str) else None
    if c is None or c.kind is not _KIND_CLIMAX:
        return []
    out = []
    for _pos, o in state.side(who).characters():
        for i, a in _stage_abilities(state, who, o.uid):
            heads = [w.partition(":") for w in a.whens] if a.category == "auto" else []
            fit = next((icon for h, _, icon in heads if _reveal_fits(icon, c)
                        and (h == "trigger-reveals" or (h == "self-trigger-reveals" and o.uid == attacker))), None)
            if fit is not None:
                rules = ("7.3.1.2", "2.11.1") if fit[:1] == "[" else ("7.3.1.2", "2.4") if fit else ("7.3.1.2",)
                # s14 heads: the revealed climax, for "if that card's trigger icon is …" (`_conds_hold14`)
                out.append(Pending(who, o.uid, i, f"{o.uid}: {a.text}", (("rules", rules), ("revealed", card))))
        out += _gained_reveals16(state, o.uid, c, o.uid == attacker)
    return out


def _gained_reveals16(state: State, uid: str, c: Card, attacking: bool) -> list[Pending]:
    """s16 quote: the trigger-check timings of the abilities an effect (8.2.1.2) or a continuous ability (8.9.1) gave `uid`:
    each timing the revealed climax `c` fulfils (any climax, one of its trigger icons, 2.11.1, or its colour, 2.4), this
    card's own only when it is the attacking character (7.3.1.2), as its printed ones are watched."""
    fits = ("", *(f"[{t}]" for t in c.triggers), *((c.color.lower(),) if c.color else ()))
    heads = ("trigger-reveals", "self-trigger-reveals") if attacking else ("trigger-reveals",)
    return [replace(pd, info=tuple((k, (*v, "7.3.1.2")) if k == "rules" and isinstance(v, tuple) else (k, v)
                                   for k, v in pd.info) + (("revealed", c.uid),))
            for h in heads for f in fits for pd in _gained(state, uid, f"{h}:{f}" if f else h)]


def _reveal_fits(want: str, c: Card) -> bool:
    """The climax a trigger check revealed against what the timing names: "" any; "[X]" a trigger icon (2.11.1); else (s15
    heads) a colour (2.4)."""
    if not want:
        return True
    return want[1:-1] in c.triggers if want[:1] == "[" else c.color.lower() == want


def _memory_begin(state: State, p: str, phase: str) -> list[Pending]:
    """The beginning of p's phase: "your" phase for p's memory, "the" phase for both, "your opponent's" for the other."""
    return _from_memory(state, p, (f"begin:{phase}", f"begin-any:{phase}")) \
        + _from_memory(state, other(p), (f"begin-any:{phase}", f"begin:opp-{phase}"))


def _used_waiting16b(when: str, state: State, who: str) -> list[Pending]:
    return _side_waiting(state, who, when)


# Happenings of a player (not of a card) that the abilities of that player's characters wait for.
_SIDE_NOTES: dict[str, Callable[[State, str], list[Pending]]] = {
    "act-used": lambda state, who: _act_watchers(state, who),
    "level-up": lambda state, who: _side_waiting(state, who, "level-up") + _from_memory(state, who, ("level-up",))
    + _side_waiting(state, other(who), "opp-level-up"),  # s14 heads: "When your opponent levels up" (9.3, 8.7.2)
    "event-played": lambda state, who: _side_waiting(state, who, "event-played"),  # s13 zones (6.5.1.2.2, 7.4.1.2.1)
    # s16b ws: "When you use "Accelerate"" (10.7.4, 10.12.3): the abilities of who's characters waiting for it
    **{f"used-{k}": partial(_used_waiting16b, f"used-{k}") for k in USED_KEYWORDS16B},
}


def _alarms(state: State, p: str, phase: str) -> list[Pending]:
    """s10-wshead: the automatic Alarm abilities of the top card of each player's clock waiting for the beginning of
    this phase of p's turn ("your" phase for p's own, "the" phase for both): valid there (10.1.1, 10.1.2)."""
    out = []
    for q in (p, other(p)):
        clock = state.side(q).clock
        top = clock[-1] if clock else None
        if not isinstance(top, str):
            continue
        whens = (f"begin:{phase}", f"begin-any:{phase}") if q == p else (f"begin-any:{phase}", f"begin:opp-{phase}")
        out += [Pending(q, top, i, f"{top}: {a.text}", (("rules", ("10.1.1", "10.1.2")),)) for w in whens
                for i, a in state.catalog.autos.get((top, w), ()) if a.keyword == "alarm"]
    return out


def _climax_begin(state: State, p: str, phase: str) -> list[Pending]:
    """s10-wsfix2: the "At the beginning of your … phase" abilities of the climax in p's climax area: a climax's text is
    valid there (2.12.2.2), so they wait like a character's (8.7.2)."""
    return [Pending(p, x, i, f"{x}: {a.text}", (("rules", ("2.12.2.2",)),))
            for x in dict.fromkeys(state.side(p).climax) if isinstance(x, str)
            for w in (f"begin:{phase}", f"begin-any:{phase}") for i, a in state.catalog.autos.get((x, w), ())]


def _dealt_by(state: State, source: str, when: str) -> list[Pending]:
    """s10-wshead: "When damage dealt by this card is (not) canceled": the abilities, printed or gained, of the card on the
    stage that dealt the damage (its attack's, 7.5.1.2, or its ability's, 4.11.1.2)."""
    on = state.on_stage(source)
    if on is None:
        return []
    return [Pending(on[0], source, i, f"{source}: {a.text}") for i, a in state.catalog.autos.get((source, when), ())] \
        + _gained(state, source, when)


def _received(state: State, who: str, when: str, rule: str) -> list[Pending]:
    """s12 heads: "When the damage you received is (not) canceled": the abilities of the characters on the stage of the
    player who received the damage (4.10.1.2 cancelled, 4.10.1.3 not), whoever dealt it."""
    return [replace(pd, info=(("rules", (rule,)),)) for pd in _side_waiting(state, who, when)]


def _info_rules(pend: Pending) -> tuple[str, ...]:
    """Rules a standby ability's activation also rests on (a watched character's trait, 2.5.3)."""
    rules = dict(pend.info).get("rules", ())
    return tuple(str(r) for r in rules) if isinstance(rules, tuple) else ()


def _card_waiting(state: State, kind: str, note: tuple) -> list[Pending]:
    """The abilities a happening of one card makes wait: its own (printed or gained) and those watching it."""
    _, who, uid = note[:3]
    if note[3:] == ("effect",):  # s9-wsrealb: reversed by an effect, not in battle
        return _reversed_by_effect(state, who, uid)
    new = [Pending(who, uid, i, f"{uid}: {a.text}") for i, a in state.catalog.autos.get((uid, kind), ())]
    new += _gained(state, uid, kind)
    if kind in _WATCHED:
        new += _watchers(state, who, uid, _WATCHED[kind])
    if kind == "backup-used":  # Backup is an 【ACT】 ability (10.5.2)
        new += _act_watchers(state, who)
    return new


def _not_attacker(state: State, uid: str, a: Ability) -> bool:
    """s12 heads: "At the end of this card's attack" (and Sunder's timing) activates only for the attacking character
    (7.5.1.4, 7.6.1.5: "at the end of the attack"; 7.2.1.5: the attacking character): the others' do not activate."""
    return _COND_ATTACKER in a.conds and (state.attack is None or state.attack.attacker != uid)


_COND_ATTACKER = Cond("attacker")


def _begin_waiting(state: State, p: str, phase: str) -> list[Pending]:
    """The abilities waiting for the beginning of p's phase (s11-wshead: taken out of `collect`, unchanged, with Memory's)."""
    new: list[Pending] = []
    autos = state.catalog.autos
    if phase == "main":  # Shift works from the clock (10.11.2)
        for x in dict.fromkeys(state.side(p).clock):
            if isinstance(x, str):
                for i, a in _stage_abilities(state, p, x):
                    if a.keyword == "shift":
                        new.append(Pending(p, x, i, f"{x}: {a.text}"))
    when = f"begin:{phase}"
    for _pos, o in state.side(p).characters():
        for i, a in autos.get((o.uid, when), ()):
            # s10-wshead: Alarm works from the clock only (10.1.1): `_alarms`; s11-wshead: Memory from the memory
            if a.keyword != "alarm" and not _memory_only(a) and not _not_attacker(state, o.uid, a):
                new.append(Pending(p, o.uid, i, f"{o.uid}: {a.text}"))
        # s16 quote: a gained "At the end of this card's attack" activates only for the attacking character too (7.5.1.4)
        new += [pd for pd in _gained(state, o.uid, when) if not _not_attacker(state, o.uid, _gained_ability(pd))]
    new += _side_waiting(state, other(p), f"begin:opp-{phase}")  # s8-wsrealb: your opponent's phase
    for _pos, o in state.side(other(p)).characters():  # s15 quote: and those an effect or a continuous ability gave
        new += _gained(state, o.uid, f"begin:opp-{phase}")  # (8.2.1.2, 8.9.1)
    new += _alarms(state, p, phase)  # s10-wshead: Alarm, from the top card of the clock (10.1.1)
    new += _memory_begin(state, p, phase)  # s11-wshead: Memory, from the memory (10.9.1)
    new += _climax_begin(state, p, phase)  # s10-wsfix2: a climax's, from the climax area (2.12.2.2)
    for q in (p, other(p)):  # s10-wshead: "At the beginning of the <phase>": either player's turn (6.1.1)
        new += [replace(pd, info=(("rules", ("6.1.1",)),)) for pd in _side_waiting(state, q, f"begin-any:{phase}")]
    return new


def collect(state: State, log: EventLog) -> State:
    """Turn what happened since the last check into standby automatic abilities."""
    notes = _waited_for(state, log.scratch.pop("happened", None))
    if not notes:
        return state
    new: list[Pending] = []
    for note in notes:
        kind = note[0]
        if kind == "to-waiting":
            _, who, uid, pos, _cause, *given = note
            if state.card(uid).kind is not _KIND_CHARACTER:
                continue
            abilities = [(i, a) for i, a in _stage_abilities(state, who, uid) if "to-waiting" in a.whens]
            # Every character has Encore [③] unless otherwise specified (10.2.3); its text's own Encore is another.
            for i, a in [(-1, ENCORE_DEFAULT), *abilities]:
                lbl = f"{uid}: {a.text}" if i >= 0 else f"{uid}: Encore [③]"
                new.append(Pending(who, uid, i, lbl, (("from", pos),)))
            # s11 bodies: those an effect gave it, as it had them on the stage (8.2.1.2, 8.7.4.1.2; `leave_stage`)
            new += [Pending(who, uid, -3, f"{uid}: {a.text} (gained)", (("gained", a), ("from", pos),
                                                                        ("rules", ("8.2.1.2", "8.7.4.1.2"))))
                    for a in (given[0] if given else ())]
            # s12 bodies: those a continuous ability gave it there while it applied (8.9.1; `leave_stage`)
            new += [Pending(who, uid, -3, f"{uid}: {a.text} (given by a continuous ability)",
                            (("gained", a), ("from", pos), ("rules", ("8.9.1", "8.7.4.1.2"))))
                    for a in (given[1] if len(given) > 1 else ())]
            new += _watchers(state, who, uid, "other-to-waiting", pos)  # s10-wshead: "When your other … is put into …"
        elif kind in ("attacks", "placed", "reversed", "opp-reversed", "climax-placed", "backup-used", *_OWN_USED16B,
                      "frontal-attacked", "frontal-attacks", "direct-attacks", "side-attacks"):
            new += _card_waiting(state, kind, note)
            if kind == "climax-placed":  # s10-wshead: "When a climax is placed on your opponent's climax area"
                new += _watchers(state, other(note[1]), note[2], "opp-climax-placed")
        elif kind == "placed-by":  # s13 heads
            new += _placed_by(state, note)
        elif kind == "placed-from":  # s14 zones
            new += _placed_from(state, note)
        elif kind == "trigger-reveals":  # s11-wshead (7.3.1.2)
            new += _trigger_watchers(state, note)
        elif kind in _SIDE_NOTES:  # "When you use an 【ACT】"; s8-wsrealb: "When you level up" (9.3)
            new += _SIDE_NOTES[kind](state, note[1])
        elif kind == "begin":
            new += _begin_waiting(state, state.player, note[1])
        elif kind == "cancel":
            _, who, source, *amount = note
            # s12 bodies: the amount cancelled, for "deal the same damage" (`Damage.same`)
            new += [replace(pend, info=pend.info + (("cancelled", amount[0]),)) if amount else pend
                    for pend in _dealt_by(state, source, "damage-canceled")]  # s10-wshead (4.10.1.2)
            new += _received(state, who, "received-canceled", "4.10.1.2")  # s12 heads
            att = state.attack
            if att and att.shot and source == att.attacker:
                new.append(Pending(att.player, source, -2, f"{source}: shot trigger"))
                state = replace(state, attack=replace(att, shot=False))
        elif kind == "damaged":
            _, who, source, _n = note
            new += _dealt_by(state, source, "damage-not-canceled")  # s10-wshead (4.10.1.3)
            new += _received(state, who, "received-not-canceled", "4.10.1.3")  # s12 heads
            att = state.attack
            if att and att.shot and source == att.attacker:  # 4.12.2.7.1: only the next damage counts
                state = replace(state, attack=replace(att, shot=False))
                log.add("trigger", f"{source!r}'s damage was not cancelled: the shot trigger's ability does not "
                        "activate, and no later damage activates it.", ("4.12.2.7", "4.12.2.7.1"), subject=source)
    new = _first_turn_kept(state, log, new)  # s11-wshead
    state, new = _within_limits(state, log, new)
    for pend in new:
        log.add("standby", f"{pend.label.rstrip('.')} activates and waits to be played ({pend.master}'s ability).",
                ("8.7.2", "8.1.1.2.1") + (("10.2.1", "10.2.3") if pend.ability == -1 else ())
                + _info_rules(pend), subject=pend.source)
    if new:
        state = replace(state, waiting=state.waiting.push(tuple(new)))
    return state


# --- costs (8.4) ---------------------------------------------------------------------------------

def can_pay(state: State, p: str, uid: str, cost: Cost, from_hand: bool = False) -> bool:
    s = state.side(p)
    if len(s.stock) < cost.stock:
        return False
    if cost.discard and len(_discardable(state, p, uid, cost.discard_select)) < cost.discard:
        return False
    if cost.discard_self and (not from_hand or uid not in s.hand):
        return False
    if cost.rest_self:
        on = state.on_stage(uid)
        if not on or on[2].orient is not _ORIENT_STAND:
            return False
    if cost.clock_top and len(s.deck) < cost.clock_top:
        return False
    if cost.rest_chars and len(_rest_payers14(state, p, uid, cost)) < cost.rest_chars:
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
        if cost.rest_self:
            state = set_orient(state, uid, _ORIENT_REST)
            log.add("pay", f"{p} rests {uid!r} for {what}.", ("8.4.2",), subject=uid)
        for k in range(cost.rest_chars):  # "【REST】 N of your characters": N standing characters, chosen one by one
            opts = _rest_payers14(state, p, uid, cost)
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
            or any(m.dst == "clock" for m in cost.moves17)) \
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
    if cost.markers_to_waiting and len(_markers_under16(state, uid)) < cost.markers_to_waiting:
        return False  # s16 zone
    if any(len(_zone_payers17(state, p, m)) < m.n for m in cost.moves17):
        return False  # s17 zone
    if cost.self_stand:  # s14 heads: "Put this 【STAND】 card into …" (4.6.1.1)
        on = state.on_stage(uid)
        return on is not None and on[2].orient is _ORIENT_STAND
    return not (cost.self_to_memory or cost.self_to_zone) or bool(state.on_stage(uid))


def _zone_payers17(state: State, p: str, m: ZoneMove17) -> tuple[str, ...]:
    """s17 zone: the described cards of p's `m.src` pile that fit the cost's selection (never a card nobody described)."""
    return tuple(dict.fromkeys(x for x in getattr(state.side(p), m.src) if isinstance(x, str) and _selects(state, x, m.select)))


_ZONE_WORDS17 = {"waiting": ("waiting room", "3.4.1"), "memory": ("memory", "3.12.1"), "clock": ("clock", "3.8.1"),
                 "stock": ("stock", "3.10.1")}


def _pay_zone_move17(state: State, log: EventLog, p: str, m: ZoneMove17, what: str) -> State:
    """s17 zone: "Put N <selection> from your <zone> into your <zone>" (8.4.2): the player chooses each card as it is paid;
    it goes on top of the clock or the stock (3.8.2; 3.10.1), into the waiting room or the memory."""
    (src, src_rule), (dst, dst_rule) = _ZONE_WORDS17[m.src], _ZONE_WORDS17[m.dst]
    for _ in range(m.n):
        c = choose(log, p, _zone_payers17(state, p, m), f"{m.select.text()} in the {src}",
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
    state = _pay_markers16(state, log, p, uid, cost.markers_to_waiting, what) if cost.markers_to_waiting else state
    for m in cost.moves17:  # s17 zone
        state = _pay_zone_move17(state, log, p, m, what)
    for _ in range(cost.hand_to_clock):
        kind = cost.clock_select.text()
        c = choose(log, p, _discardable(state, p, uid, cost.clock_select), f"{kind} in hand",
                   f"Which {kind} from {p}'s hand goes into the clock for {what}?", "8.4.2")
        state = transfer(state, p, "hand", c, "clock")
        log.add("pay", f"{p} puts {c!r} from hand into the clock for {what} ({len(state.side(p).clock)} in clock).",
                ("8.4.2", "3.8.1") + (("2.5.3",) if cost.clock_select.trait else ()), subject=c)
    for _ in range(cost.stage_to_waiting):
        kind = ("other " if cost.stage_other else "") + cost.stage_select.text()
        c = choose(log, p, _stage_payers(state, p, uid, cost), f"{kind} on the stage",
                   f"Which {kind} of {p}'s stage goes into the waiting room for {what}?", "8.4.2")
        q, pos, _o = state.on_stage(c)  # type: ignore[misc]
        state = leave_stage(state, log, q, pos, c, "waiting", "8.4.2", f" to pay for {what}"
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


def _rest_payers14(state: State, p: str, uid: str, cost: Cost) -> tuple[str, ...]:
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


def set_orient(state: State, uid: str, orient: Orient) -> State:
    on = state.on_stage(uid)
    if not on:
        return state
    p, pos, o = on
    s = state.side(p)
    here = tuple(replace(x, orient=orient) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    return state.with_side(p, s.with_pos(pos, here))


def pump(state: State, uid: str, power: int, soul: int, last: int = 0, ability: Ability | None = None,
         levels: int = 0) -> State:
    """+power/+soul (and an ability, `Grant`) until end of turn on a character, or to the end of turn `last`
    (`OnStage.lasting`); lost when it leaves the stage (3.1.4)."""
    on = state.on_stage(uid)
    if not on:
        return state
    p, pos, o = on
    s = state.side(p)
    lasting = o.lasting + ((last, power, soul, ability, levels),) if last else o.lasting
    gained = o.gained + (ability,) if ability is not None else o.gained
    here = tuple(replace(x, power=x.power + power, soul=x.soul + soul, levels=x.levels + levels, gained=gained,
                         lasting=lasting) if x is o else x for x in s.stage[POSITIONS.index(pos)])
    return state.with_side(p, s.with_pos(pos, here))


def _last(state: State, p: str, until: str) -> int:
    """The turn at whose end a gain of `p`'s effect ends: 0 for "until end of turn" (6.8.1.4); "until the end of your
    opponent's next turn": the next turn whose turn player is `p`'s opponent (turns alternate, 6.8.1.5), the next
    one during `p`'s turn, the one after during the opponent's own turn (the rules do not define the words: the
    engine reads "next" as after this one)."""
    if not until:
        return 0
    if until == "game":  # s16 body: no duration written (8.2.1.2: "during this game")
        return GAME_LONG
    return state.turn + (1 if state.player == p else 2)


def _until_text(state: State, p: str, until: str) -> str:
    if until == "game":  # s16 body
        return ("for the rest of the game (no duration is written: 8.2.1.2 makes it last during this game; it ends if the "
                "character leaves the stage, 3.1.4)")
    last = _last(state, p, until)
    return f"until the end of {other(p)}'s next turn (turn {last})" if last else "until end of turn"


# --- one-shot effects (8.8) ----------------------------------------------------------------------

def _gain_text(power: int, soul: int, levels: int = 0) -> str:
    return " and ".join(x for x in (f"{levels:+} level" if levels else "", f"{power:+} power" if power else "",
                                    f"{soul:+} soul" if soul else "") if x)


def _still_on_stage(state: State, log: EventLog, source: str) -> bool:
    """Whether the ability's card is still on the stage to get what "this card gets" gives (else it gets nothing)."""
    if state.on_stage(source):
        return True
    log.add("nothing", f"{source!r} is no longer on the stage: it gets nothing.", ("8.11.1", "1.3.3"))
    return False


def _draw(state: State, log: EventLog, p: str, source: str, eff: Draw) -> State:
    rule = "8.8.1"
    if eff.at_most:
        return draw(state, log, p, _how_many(log, p, f"Draw how many cards (up to {eff.n})?", eff.n), rule)
    if eff.optional and not yes_no(log, p, f"Draw {eff.n} card(s) ({source})?", "8.6.3"):
        log.add("decline", f"{p} does not draw.", ("8.6.3",))
        return state
    return draw(state, log, p, eff.n, rule)


def _pump(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    rule = "8.8.1"
    if eff.bare:  # s16 body: a gain printed with no stat
        log.add("note", f"The text names no stat for its {eff.power:+} gain: the rules do not say which; the engine reads it as "
                "power (2.9), the stat cards raise by multiples of 500.", ("2.9.1",), subject=source)
    if eff.x is not None:  # s8-wsreala
        return _pump_x(state, log, p, source, eff)
    if eff.per:
        return _pump_counted(state, log, p, source, eff)
    if eff.who == "choose-opp" or eff.trait:
        return _pump_opp(state, log, p, source, eff) if eff.who == "choose-opp" else _pump_trait(state, log, p, source, eff)
    if eff.who in ("all-own", "all-opp"):  # the characters on the stage now; one placed later does not get it (8.9.2)
        # s14 bodies: only those on one area when the text names it (3.6.3)
        spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS
        # s17 body: "all of your other characters": any but the ability's own card
        targets = [o.uid for pos, o in state.side(p if eff.who == "all-own" else other(p)).characters() if pos in spots
                   and not (eff.other and o.uid == source)]
        for t in targets:
            state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
        whose = f" ({other(p)}'s)" if eff.who == "all-opp" else ""
        log.add("pump", f"{', '.join(map(repr, targets)) or 'no character'}{whose} get(s) "
                f"{_gain_text(eff.power, eff.soul, eff.levels)} {_until_text(state, p, eff.until)}; a character placed later does not.",
                ("8.2.1.2", "8.9.2", rule) + (("2.3.2.1.2",) if whose else ()) + (("3.6.3",) if eff.area else ()))
        return state
    if eff.who in ("self", "placed"):  # s13 zones: "placed", the character the sentence before put on the stage
        target = source if eff.who == "self" else log.scratch.pop("placed", "")
        if not (target and _still_on_stage(state, log, target)):
            if not target:
                log.add("nothing", "No character was put on the stage: 'that character' gets nothing.", ("1.3.3",))
            return state
    elif eff.who == "facing":  # s9-wsrealb
        got = _facing_target(state, log, p, source, f"gets {_gain_text(eff.power, eff.soul, eff.levels)}")
        if got is None:
            return state
        target = got
    elif eff.who == "opp-chooses":  # s17 zone: the opponent chooses one of their own characters (8.6.3)
        got = _opp_chooses17(state, log, p, eff)
        if got is None:
            return state
        target = got
    else:
        att = state.attack
        if eff.who in ("choose-defending", "choose-battle"):  # in battle: attacker and defender (7.2.1.5.1)
            fighting = (att.attacker, att.defender) if att and eff.who == "choose-battle" else \
                (att.defender,) if att else ()
            opts = tuple(x for x in fighting if x and (on := state.on_stage(x)) and on[0] == p)
        else:  # "other": any but the ability's own card; s9-wsrealb: a name's portion (2.1.2.2)
            opts = tuple(o.uid for _pos, o in state.side(p).characters() if not (eff.other and o.uid == source)
                         and (eff.select is None or _selects(state, o.uid, eff.select)))
        if not opts:
            log.add("nothing", f"{p} has no character to choose: the effect does nothing.", ("8.6.3.1.3",))
            return state
        target = choose(log, p, opts, "character to choose", f"Which character gets {_gain_text(eff.power, eff.soul, eff.levels)}?", "8.6.3")
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} gets {_gain_text(eff.power, eff.soul, eff.levels)} {_until_text(state, p, eff.until)}.", ("8.2.1.2", rule)
            + (("7.2.1.5.1",) if eff.who == "choose-battle" else ("3.6.5",) if eff.who == "facing" else ())
            + (("2.1.2.2",) if eff.select is not None and eff.who == "choose-own" else ()),
            subject=target)
    return state


def _top_to(state: State, log: EventLog, p: str, source: str, eff: TopTo) -> State:
    if eff.zone == "clock_bottom":  # s15 zone: "… at the bottom of your clock"
        return _top_to_clock_bottom(state, log, p, eff)
    rule = "8.8.1"
    zone = {"waiting_room": "waiting"}.get(eff.zone, eff.zone)
    if eff.optional and not yes_no(log, p, f"Put the top card of the deck into the {eff.zone.replace('_', ' ')}?",
                                   "8.6.3"):
        log.add("decline", f"{p} declines.", ("8.6.3",))
        return state
    for _ in range(eff.n):
        if not len(state.side(p).deck):
            break
        state, card = take_top(state, log, p, reveal=zone != "stock", why=f"put into the {eff.zone}", rule="3.2.3",
                               to=zone)
        log.add("move", f"{p} puts the top card of the deck ({'unnamed' if card is UNKNOWN else repr(card)}) into "
                f"the {eff.zone.replace('_', ' ')}.", (rule, "3.2.3"), subject=card if isinstance(card, str) else None)
        state = interrupts(state, log)
    return state


def _damage(state: State, log: EventLog, p: str, source: str, eff: Damage) -> State:
    if eff.same:  # s12 bodies: "deal the same damage": as much as the damage whose cancel the timing saw (4.10.1.2)
        n = log.scratch.get("cancelled")
        if not isinstance(n, int):
            raise Unsupported("'the same damage' outside an ability waiting for damage dealt by this card to be canceled")
        log.add("count", f"The same damage: the damage cancelled was {n}.", ("4.10.1.2", "8.8.1"), subject=source)
        eff = replace(eff, n=n, same=False)
    if eff.may:  # s12 bodies: "you may deal 1 damage to your opponent": the player says whether (8.6.3)
        if not yes_no(log, p, f"Deal {eff.n} damage to {other(p)} ({source})?", "8.6.3"):
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
            state, _ = deal_damage(state, log, other(p), eff.n, source, "4.11.1.2")
        return state
    state, _ = deal_damage(state, log, other(p), eff.n, source, "4.11.1.2")
    return state


def _heal(state: State, log: EventLog, p: str, source: str, eff: Heal) -> State:
    rule = "8.8.1"
    s = state.side(p)
    if not s.clock:
        log.add("nothing", f"{p}'s clock is empty: nothing moves.", ("1.3.3",))
        return state
    if eff.bottom:  # s15 zone
        return _clock_bottom15(state, log, p, source, eff)
    if eff.heal_n > 1:  # s17 zone: the top N cards (or up to N)
        return _heal_many17(state, log, p, eff)
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
        if eff.zone == "deck_bottom" else ("put", f"into the {eff.zone.replace('_', ' ')}")
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


def _self_stage17(state: State, log: EventLog, p: str, source: str, eff: SelfStage17) -> State:
    """s17 zone: "(you may) put this card on any position of your stage": this card, in p's memory (its Memory ability,
    10.9.1) or waiting room as its ability resolves, goes onto the stage position p chooses (`_onto_stage`: 3.6.1, 8.6.3;
    a character already there goes to the waiting room, 9.6.1). Anywhere else (already on the stage, or gone) it does not
    move (1.3.3)."""
    s = state.side(p)
    zone = "memory" if source in s.memory else "waiting" if source in s.waiting else ""
    where = {"memory": "memory", "waiting": "waiting room"}.get(zone, "")
    if not zone or state.card(source).kind is not _KIND_CHARACTER:
        log.add("nothing", f"{source!r} is not a character in {p}'s memory or waiting room: it does not move.",
                ("1.3.3", "3.6.1"), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Put {source!r} from the {where} on the stage?", "8.6.3"):
        log.add("decline", f"{p} does not put {source!r} on the stage.", ("8.6.3",), subject=source)
        return state
    if not _stage_spots(state, p, eff.to):
        log.add("nothing", f"{p} has no open stage position there: {source!r} stays in the {where}.", ("3.6.2", "1.3.3"),
                subject=source)
        return state
    rule = ("10.9.1",) if zone == "memory" else ()
    log.add("effect", f"{source!r} goes from {p}'s {where} onto the stage by its own effect.", ("8.8.1", *rule),
            subject=source)
    return _onto_stage(state, log, p, Salvage(None, kind="character", to=eff.to, rest=eff.rest), zone, where, source)


def _brainstorm(state: State, log: EventLog, p: str, source: str, eff: Brainstorm) -> State:
    flipped = []
    for _ in range(eff.n):  # one at a time into the resolution zone, then all together (10.7.3)
        if not len(state.side(p).deck):
            state = interrupts(state, log)
            if not len(state.side(p).deck):
                break
        state, card = take_top(state, log, p, reveal=True, why="flipped by Brainstorm", rule="10.7.3", to="resolution")
        flipped.append(card)
    state = out_of_resolution(state, p, flipped, "waiting")
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


def _salvage(state: State, log: EventLog, p: str, source: str, eff: Salvage) -> State:
    if eff.to == "deck_shuffle" and not eff.many:  # s15 zone: "…, return it to your deck, and shuffle your deck"
        return _salvage_shuffle(state, log, p, source, eff)
    if eff.x is not None:  # s9-wsbody2: "level X or lower", X counted in a zone of the player's (an X over "those
        if eff.x.zone.startswith("among"):  # cards" was counted by `_milled`)
            raise Unsupported("X counted over 'those cards' without the cards put just before")
        eff = _x_resolved(state, log, source, eff, _x_counted(state, p, eff.x))  # type: ignore[assignment]
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
        log.add("nothing", f"{p} has no open {_spot_words16(eff.to)}: nothing is put on the stage.",
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
    if eff.to == "marker":  # s10 bodies
        return _under_this_card(remove(state, p, zone, got), log, p, source, got, eff.face, where,
                                ("8.6.3",) + (("8.6.3.1.1",) if eff.optional else ()))
    if eff.to in ("deck_top", "deck_in"):  # s15 zone: on top of the deck; into it (`_salvage_shuffle` shuffles it)
        return _salvage_deck15(remove(state, p, zone, got), log, p, got, where, eff)
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


# One procedure per one-shot effect the card-text reader builds (8.8.1: executed once).
_EXECUTE: dict[type, Callable[[State, EventLog, str, str, Any], State]] = {
    Draw: _draw,
    Pump: _pump,
    TopTo: _top_to,
    Damage: _damage,
    Heal: _heal,
    SelfTo: _self_to,
    Brainstorm: _brainstorm,
    FusionInto: _fusion_into,
    SunderInto: _sunder_into,
    ChangeInto: _change_into,
    Salvage: _salvage,
}


def execute(state: State, log: EventLog, p: str, source: str, eff: object) -> State:
    run = _EXECUTE.get(type(eff))
    if run is None:  # pragma: no cover - the reader builds only the above
        raise Unsupported(f"effect {eff!r} is not executed")
    if "placed-by" in state.catalog.auto_heads:  # s13 heads: an ability waits for a character an effect puts on the stage
        return _placing(state, log, p, source, eff, run)
    return run(state, log, p, source, eff)


# The rules a condition of the real cards' frame looks at (the older conditions cite only 8.3.3, as recorded):
# the character facing this card (3.6.5), your characters on the stage (2.3.2.1.2) and their traits (2.5.3), the
# turn player (6.1.1: "your turn" is the turn of which you are the turn player), the hand (3.3).
_COND_RULES = {"facing-level": ("3.6.5",), "facing-cost": ("3.6.5", "2.7"), "standing": ("4.6.1.1",), "your-turn": ("6.1.1",), "opp-turn": ("6.1.1",),
               "level-colours": ("3.9.1",), "have-named": ("2.3.2.1.2",), "have-at-least": ("2.3.2.1.2", "2.5.3"),
               "have-at-most": ("2.3.2.1.2", "2.5.3"),
               "all-trait": ("2.5.3",), "hand-at-most": ("3.3.1",),
               "climax-in-waiting": ("3.4.1",), "climax-in-waiting-at-most": ("3.4.1",), "battle-opp-level": ("7.2.1.5.1",), "battle-opp-cost": ("7.2.1.5.1",),
               "battle-opp-above-level": ("7.2.1.5.1", "8.6.2.1.2"),
               "have-named-count": ("2.1.2.2", "2.3.2.1.2"), "have-another-named": ("2.1.2", "2.3.2.1.2"),
               "facing-higher": ("3.6.5",), "deck-at-most": ("3.2.1",), "not-first-turn": ("7.2.1.3.1",),
               "in-battle": ("7.2.1.5.1",), "all-named": ("2.1.2.2", "2.3.2.1.2")}


def _cond_rules(a: Ability) -> tuple[str, ...]:
    return tuple(r for c in a.conds if c.kind in _COND_RULES for r in _COND_RULES[c.kind]) \
        + tuple(r for c in a.conds for r in conditions.rules_of(c)) \
        + (("2.1.2.1",) if _japanese_parts(a) else ())


def _japanese_parts(a: Ability) -> str:
    """s8-wsrealb: the note a condition on "with "○○○ (▲▲▲)" in its card name" needs (2.1.2.1: an English and a
    Japanese portion): the scenario's card names are English only, so only the English portion is compared."""
    parts = [alt[1:] for c in a.conds if c.kind == "have-named-count" and isinstance(c.value, tuple)
             for alt in str(c.value[3]).split(NAME_OR)
             if name_part_english(alt[1:]) != alt[1:]]
    parts += [alt[1:] for c in a.conds if c.kind == "all-named" for alt in str(c.value).split(NAME_OR)  # s15b headzone
              if alt[:1] == NAME_PART and name_part_english(alt[1:]) != alt[1:]]
    # s16 head: a portion of the name in a condition's selection (a count's, an "all of … are"'s), or in its alternatives
    parts += [alt[1:] for c in a.conds if c.kind in ("count", "all-are") for sel in _selects_in(c.value)
              for alt in sel.name.split(NAME_OR) if alt[:1] == NAME_PART and name_part_english(alt[1:]) != alt[1:]]
    return (f" The Japanese portion of {', '.join(map(repr, parts))} is not compared: the scenario names its cards in "
            "English only (2.1.2.1), so only the English portion is (2.1.2.2).") if parts else ""


def _selects_in(value: object) -> tuple[Select, ...]:
    """s16 head: the selection of a `Count` or `AllAre` condition, with each of its alternatives."""
    what = getattr(value, "what", None)
    return (what, *what.alts) if isinstance(what, Select) else ()


_OWN_USED16B = tuple(f"own-used-{k}" for k in sorted(USED_KEYWORDS16B))


_USED_RULES16B = {"brainstorm": "10.7.4", "accelerate": "10.12.3"}


def used_keyword16b(state: State, log: EventLog, p: str, source: str, a: Ability) -> None:
    """s16b ws: an ability with the keyword Brainstorm or Accelerate has been used once its effect is executed
    (10.7.4: its effect resolved; 10.12.3: its cost paid and its effect executed afterward): "When you use
    "Accelerate"" of p's characters and "When you use this card's "Accelerate"" of its own card wait for it."""
    if a.keyword not in USED_KEYWORDS16B:
        return
    if {f"used-{a.keyword}", f"own-used-{a.keyword}"} & state.catalog.auto_heads:  # said only when an ability waits
        log.add("effect", f"{p} has used {source!r}'s \"{a.keyword.title()}\" (its effect executed).",
                (_USED_RULES16B[a.keyword],), subject=source)
    happened(log, f"used-{a.keyword}", p, source)
    happened(log, f"own-used-{a.keyword}", p, source)


def resolve_ability(state: State, log: EventLog, p: str, source: str, a: Ability, info: dict) -> State:
    """Play and resolve one automatic or activated ability (8.6.2, 8.7.3)."""
    if a.keyword == "encore":
        return _encore(state, log, p, source, a, info)
    if a.conds and not _conds_hold14(state, p, source, a.conds, info):
        log.add("effect", f"{source}: its condition does not hold; nothing happens.{_japanese_parts(a)}", ("8.3.3",)
                + _cond_rules(a), subject=source)
        return state
    if _cond_rules(a):
        log.add("effect", f"{source}: its condition holds.{_japanese_parts(a)}", ("8.3.3",) + _cond_rules(a),
                subject=source)
    if a.cost != Cost() and a.category == "auto":
        if not can_pay(state, p, source, a.cost):
            log.add("effect", f"{source}: {p} cannot pay {a.cost.text()}: the ability is not played.", ("8.7.3.2.1",),
                    subject=source)
            return state
        if not yes_no(log, p, f"Pay {a.cost.text()} for {source!r}'s {a.keyword or 'ability'}?", "8.7.3.1.1",
                      "pay", "decline"):
            log.add("effect", f"{p} does not pay: {source}'s ability is not played.", ("8.7.3.1.1", "8.7.3.2.1"),
                    subject=source)
            return state
        state = pay(state, log, p, source, a.cost, f"{source!r}'s {a.keyword or 'ability'}")
    log.add("effect", f"{source}'s {a.keyword or 'ability'} resolves: {a.text}", ("8.6.2.4.4",),
            subject=source)
    if "from" in info:  # s11 bodies: the position the card left, for "its previous stage position" (`ReturnPrevious`)
        log.scratch["left_from"] = (source, info["from"])
    if "watched" in info:  # s12 bodies: the character the timing watched, for "that character" (`ThatTo`)
        log.scratch["watched"] = (info["watched"], info.get("watched_from", ""))
    if "cancelled" in info:  # s12 bodies: the damage whose cancel the timing saw, for "the same damage" (`Damage.same`)
        log.scratch["cancelled"] = info["cancelled"]
    log.scratch["resolving"] = ability_kinds(a)  # s13 heads: "by the 【AUTO】 effect of "X"" (`_placing`)
    log.scratch["resolving_master"] = p  # s15 heads: whose ability it is ("your opponent character's 【AUTO】 effects")
    for eff in a.effects:
        state = execute(state, log, p, source, eff)
    used_keyword16b(state, log, p, source, a)
    log.scratch.pop("resolving", None)
    log.scratch.pop("resolving_master", None)
    log.scratch.pop("left_from", None)
    log.scratch.pop("watched", None)
    log.scratch.pop("cancelled", None)
    return state


def _encore(state: State, log: EventLog, p: str, uid: str, a: Ability, info: dict) -> State:
    pos = info.get("from")
    if uid not in state.side(p).waiting:
        log.add("effect", f"{uid!r} is no longer in the waiting room: Encore does nothing.", ("8.7.7", "10.2.2"),
                subject=uid)
        return state
    if (ban := _encore_banned15b(state, p)) is not None:  # s15b headzone: "you cannot use "【AUTO】 Encore"" (1.3.4)
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


def resolve_pending(state: State, log: EventLog, pend: Pending) -> State:
    info = dict(pend.info)
    if pend.ability == -1:
        return _encore(state, log, pend.master, pend.source, ENCORE_DEFAULT, info)
    if pend.ability == -2:  # the shot trigger's ability (4.12.2.7)
        log.add("effect", f"{pend.source}'s damage was cancelled: the shot trigger's ability deals 1 damage.",
                ("4.12.2.7",), subject=pend.source)
        state, _ = deal_damage(state, log, other(pend.master), 1, pend.source, "4.12.2.7")
        return state
    if pend.ability == -3:  # an ability an effect gave the card (Grant): the card has it as its own (8.2.1.2)
        gained = info["gained"]
        assert isinstance(gained, Ability)
        return resolve_ability(state, log, pend.master, pend.source, gained, info)
    a = state.card(pend.source).abilities[pend.ability]
    if a.keyword == "shift":
        return _shift(state, log, pend.master, pend.source, a)
    return resolve_ability(state, log, pend.master, pend.source, a, info)


# --- trigger icons (4.12) -----------------------------------------------------------------------

def trigger_icon(state: State, log: EventLog, p: str, card: str, icon: Trigger) -> State:
    if icon is _TRIGGER_CHOICE:
        return _choice_trigger(state, log, p)
    att = state.attack
    rule = {_TRIGGER_SOUL: "4.12.2.2", _TRIGGER_RETURN: "4.12.2.3", _TRIGGER_POOL: "4.12.2.4",
            _TRIGGER_COMEBACK: "4.12.2.5", _TRIGGER_DRAW: "4.12.2.6", _TRIGGER_SHOT: "4.12.2.7",
            _TRIGGER_TREASURE: "4.12.2.8", _TRIGGER_GATE: "4.12.2.9", _TRIGGER_STANDBY: "4.12.2.10"}[icon]
    if icon is _TRIGGER_SOUL:
        if att and state.on_stage(att.attacker):
            state = pump(state, att.attacker, 0, 1)
            log.add("trigger", f"Soul trigger: {att.attacker!r} gets +1 soul until end of turn.", (rule,),
                    subject=att.attacker)
        return state
    if icon is _TRIGGER_SHOT:
        if att:
            state = replace(state, attack=replace(att, shot=True))
        log.add("trigger", "Shot trigger: when the attacker's next damage this turn is cancelled, it deals 1 damage.",
                (rule,))
        return state
    if icon is _TRIGGER_DRAW:
        if yes_no(log, p, "Draw trigger: draw a card?", rule):
            return draw(state, log, p, 1, rule)
        log.add("decline", f"{p} does not use the draw trigger.", (rule,))
        return state
    if icon in (_TRIGGER_POOL, _TRIGGER_TREASURE):
        if icon is _TRIGGER_TREASURE:
            state = transfer(state, p, "resolution", card, "hand")
            log.add("trigger", f"Treasure trigger: {card!r} goes to {p}'s hand.", (rule,), subject=card)
        if not len(state.side(p).deck):
            return state
        if yes_no(log, p, f"{icon.title()} trigger: put the top card of the deck into the stock?", rule):
            state, top = take_top(state, log, p, reveal=False, why="put into stock", rule=rule, to="stock")
            log.add("trigger", f"{icon.title()} trigger: {p} puts the top card of the deck into the stock.", (rule,))
            return interrupts(state, log)
        log.add("decline", f"{p} does not use the {icon} trigger's stock.", (rule,))
        return state
    if icon in (_TRIGGER_COMEBACK, _TRIGGER_GATE):
        want = _KIND_CHARACTER if icon is _TRIGGER_COMEBACK else _KIND_CLIMAX
        opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str) and state.card(x).kind is want))
        c = pick(log, p, f"{icon.title()} trigger: which {want} returns from the waiting room to hand?", opts, rule, True)
        if c is None:
            log.add("decline", f"{p} returns nothing with the {icon} trigger.", (rule,))
            return state
        state = transfer(state, p, "waiting", c, "hand")
        log.add("trigger", f"{icon.title()} trigger: {c!r} returns to {p}'s hand.", (rule,), subject=c)
        return state
    if icon is _TRIGGER_RETURN:
        opts = _choosable(state, log, p, tuple(o.uid for _pos, o in state.side(other(p)).characters()), rule)
        c = pick(log, p, "Return trigger: which opponent's character returns to its owner's hand?", opts, rule, True)
        if c is None:
            log.add("decline", f"{p} returns nothing with the return trigger.", (rule,))
            return state
        q, pos, _o = state.on_stage(c)  # type: ignore[misc]
        return leave_stage(state, log, q, pos, c, "hand", rule, " (return trigger)")
    if icon is _TRIGGER_STANDBY:
        lv = view.level(state, p) + 1
        opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str)
                                   and state.card(x).kind is _KIND_CHARACTER and state.card(x).level <= lv))
        c = pick(log, p, f"Standby trigger: which character of level {lv} or lower goes to the stage?", opts, rule, True)
        if c is None:
            log.add("decline", f"{p} puts nothing on the stage with the standby trigger.", (rule,))
            return state
        (where,) = ask(answers_of(log), Choice(p, f"On which stage position does {c!r} go?", POSITIONS, rule, log.line),
                       lambda a: None if len(a.values) == 1 and a.values[0] in POSITIONS else "a stage position")
        state = place(remove(state, p, "waiting", c), p, where, c, _ORIENT_REST)
        log.add("trigger", f"Standby trigger: {c!r} goes to {p}'s {where}, rested.", (rule, "4.12.2.10.1"), subject=c)
        happened(log, "placed-from", p, c, "waiting")
        return state
    return state  # pragma: no cover


def _choice_trigger(state: State, log: EventLog, p: str) -> State:
    """s12 heads: the choice icon, newer than the rules 2.03 (4.12.2 lists the icons and their actions; this one is
    not among them). The engine performs the action its reminder text states, "you may choose 1 character with [SOUL]
    in its trigger icon in your waiting room, and return it to your hand or put it into your stock", as the other
    icons' actions are performed (4.12.2: by the player executing the trigger check), and says that it decided this."""
    rule = "4.12.2"
    log.add("trigger", "Choice trigger: the rules 2.03 do not list this icon (4.12.2.1-4.12.2.10); the engine performs "
            "the action its reminder text states: choose a character with [SOUL] in its trigger icon in the waiting room "
            "(or none), and put it into the hand or the stock.", (rule,))
    opts = tuple(dict.fromkeys(x for x in state.side(p).waiting if isinstance(x, str)
                               and state.card(x).kind is _KIND_CHARACTER and Trigger.SOUL in state.card(x).triggers))
    c = pick(log, p, "Choice trigger: which character with [SOUL] in its trigger icon leaves the waiting room?", opts,
             rule, True)
    if c is None:
        log.add("decline", f"{p} chooses nothing with the choice trigger.", (rule,))
        return state
    (to,) = ask(answers_of(log), Choice(p, f"Choice trigger: does {c!r} go to the hand or to the stock?",
                                        ("hand", "stock"), rule, log.line),
                lambda a: None if len(a.values) == 1 and a.values[0] in ("hand", "stock") else "answer hand or stock")
    state = transfer(state, p, "waiting", c, to)
    log.add("trigger", f"Choice trigger: {c!r} goes to {p}'s {to}.", (rule,), subject=c)
    return state


# --- the opponent's characters, looking at and searching the deck (issue 13) ---------------------

def _choose_opp(state: State, log: EventLog, p: str, what: str, area: str = "", at_most: bool = False,
                bound: Select | None = None, may: bool = False) -> str | None:
    """One of the opponent's characters (a "character" is on the stage, 2.3.2.1.2; `area`: only on its center or
    back stage, 3.6.3; `bound`: only those within a level or cost bound, s9-wsrealb), chosen by the ability's master
    (8.6.3); none when there is none (8.6.3.1.3)."""
    spots = CENTER if area == "center" else BACK if area == "back" else POSITIONS
    opts = _choosable(state, log, p, tuple(o.uid for pos, o in state.side(other(p)).characters() if pos in spots
                                           and (bound is None or _within(state, o.uid, bound))))
    if not opts:
        kind = f"{bound.text()} " if bound is not None else "character "
        log.add("nothing", f"{other(p)} has no {kind}{f'on the {area} stage ' if area else ''}to choose: the "
                "effect does nothing.", ("8.6.3.1.3",) + (("3.6.3",) if area else ()) + _bound_rules(bound))
        return None
    if bound is not None:
        on_area = f" on the {area} stage" if area else ""  # s10 bodies: a bound within an area (3.6.3)
        log.add("count", f"{other(p)}'s characters that can be chosen ({bound.text()}{on_area}): "
                f"{', '.join(map(repr, opts))}.", ("2.3.2.1.2",) + _bound_rules(bound) + (("3.6.3",) if area else ()))
    if at_most or may:  # "choose up to 1" (8.6.3.1.1), s10: "you may choose 1" (8.6.3): the player may choose none
        why, rule = ("up to 1", "8.6.3.1.1") if at_most else ("the text says 'you may'", "8.6.3")
        got = pick(log, p, f"Which of {other(p)}'s characters {what} ({why})?", opts, rule, True)
        if got is None:
            log.add("decline", f"{p} chooses none of {other(p)}'s characters ({why}).", (rule,))
        return got
    return choose(log, p, opts, f"{bound.text() if bound else 'character'} of {other(p)}"
                  + (f" on the {area} stage" if area else ""),
                  f"Which of {other(p)}'s characters {what}?", "8.6.3")


def _opp_chooses17(state: State, log: EventLog, p: str, eff: Pump) -> str | None:
    """s17 zone: "your opponent chooses 1 of their [《T》] characters, and that character gets …": the player the text names
    chooses (8.6.3), one of his or her own characters (2.3.2.1.2), as many as possible (8.6.3.1); none when there is none
    (8.6.3.1.3). The effect is still p's: a character that "cannot be chosen by your opponent's effects" is not among
    the choices; the rules do not say whether that holds when its own master chooses, and the engine says so."""
    o = other(p)
    fits = tuple(x.uid for _pos, x in state.side(o).characters() if eff.select is None or _selects(state, x.uid, eff.select))
    opts = _choosable(state, log, p, fits)
    kind = f"{eff.select.text()} of {o}" if eff.select is not None else f"character of {o}"
    if len(opts) < len(fits):
        log.add("note", f"The rules do not say whether 'cannot be chosen by your opponent's effects' holds when {o}, the "
                f"character's own master, chooses for {p}'s effect: the engine keeps such a character out of the choices.",
                ("8.6.3", "1.3.4"))
    if not opts:
        log.add("nothing", f"{o} has no {kind} to choose: the effect does nothing.", ("8.6.3.1.3",))
        return None
    return choose(log, o, opts, kind, f"Which of {o}'s characters does {o} choose to get "
                  f"{_gain_text(eff.power, eff.soul, eff.levels)}?", "8.6.3")


def _pump_opp(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    if eff.many:
        return _pump_opp_many(state, log, p, source, eff)
    target = _choose_opp(state, log, p, f"gets {_gain_text(eff.power, eff.soul, eff.levels)}", eff.area,
                         bound=eff.select)
    if target is None:
        return state
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} ({other(p)}'s) gets {_gain_text(eff.power, eff.soul, eff.levels)} {_until_text(state, p, eff.until)}.",
            ("8.2.1.2", "8.6.3", "2.3.2.1.2", "8.8.1") + (("3.6.3",) if eff.area else ()) + _bound_rules(eff.select),
            subject=target)
    return state


def pick_up_to(log: EventLog, who: str, question: str, options: tuple[str, ...], n: int, rule: str) -> tuple[str, ...]:
    """Up to `n` different cards of `options`, or none ("choose up to N", 8.6.3.1.1): the player answers with the
    cards (`A chooses "X" "Y"`) or none."""
    def valid(a: Any) -> str | None:
        vals = tuple(a.values)
        if vals == ("none",) or (len(vals) <= n and len(set(vals)) == len(vals) and all(v in options for v in vals)):
            return None
        return f"choose up to {n} different cards of {', '.join(options)}, or none"
    got = ask(answers_of(log), Choice(who, question, (*options, "none"), rule, log.line), valid, default=("none",))
    return () if tuple(got) == ("none",) else tuple(got)


def _pump_opp_many(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """"choose up to N characters in your opponent's center stage, and those characters get …": any number from none
    up to N of them (8.6.3.1.1), each gets the gain."""
    spots = CENTER if eff.area == "center" else BACK if eff.area == "back" else POSITIONS
    opts = _choosable(state, log, p, tuple(o.uid for pos, o in state.side(other(p)).characters() if pos in spots))
    gain = _gain_text(eff.power, eff.soul, eff.levels)
    where = f" on the {eff.area} stage" if eff.area else ""
    if not opts:
        log.add("nothing", f"{other(p)} has no character{where} to choose: the effect does nothing.",
                ("8.6.3.1.3", "3.6.3"))
        return state
    got = pick_up_to(log, p, f"Which of {other(p)}'s characters{where} get {gain} (up to {eff.many})?", opts,
                     eff.many, "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none of {other(p)}'s characters{where} (up to {eff.many}): none gets {gain}.",
                ("8.6.3.1.1",), subject=source)
        return state
    for t in got:
        state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{', '.join(map(repr, got))} ({other(p)}'s, chosen up to {eff.many}) get(s) {gain} "
            f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.6.3.1.1", "3.6.3", "8.8.1"), subject=source)
    return state


def _pump_trait(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """`all of your 《T》 characters` / `choose 1 of your (other) 《T》 characters`: only characters with the trait
    (2.5.3), not the ability's own card when the text says "other"."""
    have = [o.uid for _pos, o in state.side(p).characters() if has_trait(eff.trait, state.card(o.uid).traits)
            and not (eff.other and o.uid == source)]
    gain = _gain_text(eff.power, eff.soul, eff.levels)
    if eff.who == "all-own":  # the characters there when it resolves (8.9.2)
        for t in have:
            state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
        log.add("pump", f"{', '.join(map(repr, have)) or 'no character'} (《{eff.trait}》) get(s) {gain} "
                f"{_until_text(state, p, eff.until)}; a character placed later does not.", ("8.2.1.2", "8.9.2", "2.5.3", "8.8.1"))
        return state
    if not have:
        log.add("nothing", f"{p} has no 《{eff.trait}》 character to choose: the effect does nothing.", ("8.6.3.1.3",))
        return state
    target = choose(log, p, tuple(have), f"《{eff.trait}》 character", f"Which 《{eff.trait}》 character gets {gain}?",
                    "8.6.3")
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} gets {gain} {_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.6.3", "2.5.3", "8.8.1"),
            subject=target)
    return state


def _pump_counted(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """"+X … X is equal to the number of your (other) [《T》] characters ×N": X is counted once, as the effect
    resolves (8.8.1), and does not change afterwards. s17 zone: "… the number of markers underneath this card": this
    card's markers (3.7.1; none once it has left the stage, 3.7.3.2)."""
    if eff.per == "markers":
        k = len(_markers_under16(state, source))
        log.add("count", f"X = {k} (the markers underneath {source!r}) × {eff.power or eff.soul}: counted as the effect "
                "resolves.", ("8.8.1", "3.7.1"), subject=source)
        return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, per=""))
    scope, _, trait = eff.per.partition(":")
    named = trait[:1] == PER_NAMED  # s15 body: characters with a portion of the name (2.1.2.2), as `view._times` counts
    k = sum(1 for _pos, o in state.side(p).characters()
            if (scope != "others" or o.uid != source) and (has_name(trait[1:], state.card(o.uid).name) if named
                                                          else has_trait(trait, state.card(o.uid).traits)))
    shown = " or ".join(f'"{n.lstrip(NAME_PART)}"' for n in trait[1:].split(NAME_OR)) if named else ""
    what = f"{p}'s {'other ' if scope == 'others' else ''}{f'《{trait}》 ' if trait and not named else ''}characters" + (
        f" with {shown} in the card name" if named else "")
    log.add("count", f"X = {k} ({what}) × {eff.power or eff.soul}: counted as the effect resolves.",
            ("8.8.1",) + (("2.1.2.2",) if named else ()), subject=source)
    return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, per=""))


_OPP_ZONE = {"waiting_room": "waiting", "hand": "hand", "clock": "clock", "stock": "stock", "memory": "memory",
             "deck_top": "deck_top", "deck_bottom": "deck_bottom"}


def _opp_to(state: State, log: EventLog, p: str, source: str, eff: OppTo) -> State:
    where = _ZONE_WORDS.get(eff.zone, eff.zone.replace("_", " "))
    if eff.n > 1:  # s9-wsrealb: "choose up to N …, and return them …"
        return _opp_to_many(state, log, p, source, eff, where)
    if eff.facing and eff.select is not None:  # s15 body: "choose a level 1 or lower character facing this card"
        target = _facing_bound15(state, log, p, source, eff, where)
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


# one selection matcher for effects and conditions (conditions.selects: kind, trait, name, level bound, alternatives)
_selects = conditions.selects


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
        n, what, rules = _x_counted(state, p, eff.x)
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
    rest to the waiting room. Returns the state and how many cards were looked at."""
    if not len(state.side(p).deck):  # no card to look at: the action waits for the refresh (3.2.3.2, 9.2)
        state = interrupts(state, log)
    want = _look_count(state, log, p, eff, verb)
    looked: list[str] = []
    for _ in range(want):
        if not len(state.side(p).deck):  # fewer cards than asked: those are looked at and the action ends
            log.add("look", f"{p}'s deck has no more cards: {p} {verb} {len(looked)} card(s) and the action "
                    "ends.", ("3.2.3",))
            break
        state, card = take_top(state, log, p, reveal=True, why="looked at" if rule == "4.8.1" else "revealed",
                               rule=rule)
        looked.append(str(card))
    log.add("look", f"{p} {verb} {', '.join(map(repr, looked)) or 'no card'} from the top of the deck.",
            (rule, "3.2.3"), subject=source)
    opts = tuple(dict.fromkeys(x for x in looked if _selects(state, x, eff.select)))
    if eff.take > 1:  # s10 bodies: "choose up to N … from among them"
        return _look_take_many(state, log, p, eff, looked, opts), len(looked)
    what = eff.select.text()
    got = _look_pick(log, p, eff, opts)
    if got is None:
        log.add("decline" if opts else "nothing", f"{p} chooses no {what} from among them"
                + ("." if opts else f" (none of them is a {what})."), ("8.6.3.1.1",) if opts else ("8.6.3.1.3",))
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
    if rest and eff.rest_to:  # s11 bodies: back on the top or at the bottom of the deck, in the player's order
        state = _rest_to_deck(state, log, p, rest, eff.rest_to)
    elif rest:
        state = put(state, p, "waiting", rest)
        log.add("move", f"The rest ({', '.join(map(repr, rest))}) go to {p}'s waiting room.", ("8.8.1", "3.4.1"))
    return interrupts(state, log), len(looked)


def _rest_to_deck(state: State, log: EventLog, p: str, rest: tuple[str, ...], where: str, what: str = "the rest") -> State:
    """s11 bodies: "put the rest on the top / at the bottom of your deck in any order": the player names the order, the
    first named nearest the top (4.8.1, 8.8.1: as the text says)."""
    order: list[str] = []
    while len(order) < len(rest) - 1:
        left = tuple(dict.fromkeys(x for x in rest if rest.count(x) > order.count(x)))
        order.append(choose(log, p, left, "card left to put back", f"Which card goes {'first' if not order else 'next'} "
                            f"({'on the top' if where == 'deck_top' else 'at the bottom'} of the deck, from the top)?",
                            "8.8.1"))
    order += [x for x in rest if rest.count(x) > order.count(x)]
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.put_top(order) if where == "deck_top" else s.deck.put_bottom(order)))
    log.add("reorder", f"{p} puts {what} {'on the top' if where == 'deck_top' else 'at the bottom'} of the deck, from the "
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


_EXECUTE.update({OppTo: _opp_to, LookTake: _look_take, Search: _search})


# --- effect actions of real card texts: revealing the top card, a discard, "draw up to" (issue 13) --------------

def _how_many(log: EventLog, p: str, question: str, n: int) -> int:
    """"up to n" cards from the top of the deck: the player may stop before any card (3.2.3.1, 3.2.3.1.1)."""
    opts = tuple(str(i) for i in range(n, -1, -1))
    (v,) = ask(answers_of(log), Choice(p, question, opts, "3.2.3.1", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in opts else f"a number of {', '.join(opts)}")
    log.add("choose", f"{p} chooses {v} (up to {n}: the player may stop before any card).", ("3.2.3.1", "3.2.3.1.1"))
    return int(v)


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
        return _revealed_stage16(state, log, p, card, eff)
    state, _ = take_top(state, log, p, reveal=True, why="revealed", rule="4.9.1", to=zone)
    log.add("move", f"{card!r} goes from the top of {p}'s deck into {p}'s {eff.zone.replace('_', ' ')}.",
            ("8.8.1",), subject=card)
    return interrupts(state, log)


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
    state = _to_clock_bottom15(state, p) if eff.dest == "clock_bottom" else state  # s15 zone
    log.add("move", f"{p} puts {'an unnamed card' if c == 'unnamed' else repr(c)} from hand into the {where}.",
            ("8.6.3" if eff.may else "8.6.3.1", "8.8.1") + _HAND_RULES.get(eff.dest, ()),
            subject=None if c == "unnamed" else c)
    state = interrupts(state, log) if eff.dest in ("clock", "clock_bottom") else state  # 7 in the clock: level up (9.3)
    return state


_HAND_DEST = {"waiting_room": "waiting", "clock_bottom": "clock"}  # s15 zone: then moved under the others
_HAND_RULES = {"stock": ("3.10.1",), "clock": ("3.8.1",), "memory": ("3.12.1",), "clock_bottom": ("3.8.1", "3.8.2", "1.3.1")}


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


def _rest(state: State, log: EventLog, p: str, source: str, eff: Rest) -> State:
    """"【REST】 this card" (`self`) / "choose 1 of your opponent's characters, and 【REST】 it" (`choose-opp`, 8.6.3):
    the character is put in the rest orientation (4.6.1.2); one not on the stage, or resting already, is not
    (1.3.3, 1.3.3.1)."""
    chosen = eff.who != "self"
    target = _choose_opp(state, log, p, "is rested", bound=eff.select) if eff.who == "choose-opp" else \
        _facing_target(state, log, p, source, "is rested") if eff.who == "facing" else source
    on = state.on_stage(target) if target else None
    if on is None or on[2].orient is _ORIENT_REST:
        if target:
            log.add("nothing", f"{target!r} is {'not on the stage' if on is None else 'rested already'}: nothing to "
                    "rest.", ("4.6.1.2", "1.3.3"), subject=target)
        return state
    state = set_orient(state, str(target), _ORIENT_REST)
    log.add("rest", f"{target!r} ({on[0]}'s) becomes rested." if chosen else f"{target!r} becomes rested.",
            ("4.6.1.2",) + (("3.6.5",) if eff.who == "facing" else ("8.6.3",) if chosen else ())
            + _bound_rules(eff.select), subject=target)
    return state


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
    zone, where, rule = _MARKER_DEST16[eff.zone]
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
_MARKER_DEST16 = {"hand": ("hand", "hand", "3.3.1"), "waiting_room": ("waiting", "waiting room", "3.4.1")}


_EXECUTE.update({MarkerTo: _marker_to})


def _grant(state: State, log: EventLog, p: str, source: str, eff: Grant) -> State:
    """"… gets [+N power and] the following ability until end of turn": one character, this card or one chosen as
    it resolves (8.6.3), gets the gain and the ability, which it has until end of turn (8.2.1.2, 6.8.1.4) or until
    it leaves the stage (3.1.4); a character placed later does not get it (8.9.2)."""
    if eff.who == "all-own":  # s15 quote
        return _grant_all(state, log, p, source, eff)
    if eff.who in ("self", "placed"):  # s16 quote: "placed", the character the sentence before put on the stage
        target = source if eff.who == "self" else log.scratch.pop("placed", "")
        if not target:
            log.add("nothing", "No character was put on the stage: 'that character' gets nothing.", ("1.3.3",))
        if not (target and _still_on_stage(state, log, target)):
            return state
    elif eff.who == "choose-opp":  # s8-wsreala: 1 of the opponent's characters (8.6.3); s14 bodies: within a bound, an area
        got = _choose_opp(state, log, p, "gets the ability", area=eff.area, bound=eff.bound)
        if got is None:
            return state
        target = got
    elif eff.who == "choose-battle":  # s14 bodies: 1 of your characters in battle (7.2.1.5.1), chosen (8.6.3)
        got = _choose_battling(state, log, p)
        if got is None:
            return state
        target = got
    else:
        own = _choose_own(state, log, p, source, eff.trait, eff.other, "Which character gets the ability?")
        if own is None:
            return state
        target = own
    if eff.gain_until:  # s15 quote: the gain until end of turn, the ability as its own duration says
        state = pump(state, target, eff.power, eff.soul)
        state = pump(state, target, 0, 0, _last(state, p, eff.until), eff.ability)
        log.add("grant", f"{target!r} gets {_gain_text(eff.power, eff.soul)} {_until_text(state, p, '')} and the ability "
                f"\"{eff.ability.text}\" {_until_text(state, p, eff.until)}.", ("8.2.1.2", "6.8.1.4", "8.8.1"),
                subject=target)
        return state
    state = pump(state, target, eff.power, eff.soul, _last(state, p, eff.until), eff.ability)
    gain = _gain_text(eff.power, eff.soul)
    log.add("grant", f"{target!r} gets {gain + ' and ' if gain else ''}the ability \"{eff.ability.text}\" "
            f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.9.2", "8.8.1") + (("2.5.3",) if eff.trait else ())
            + (("7.2.1.5.1",) if eff.who == "choose-battle" else ()), subject=target)
    return _grant_more(state, log, p, (target,), eff)


def _grant_more(state: State, log: EventLog, p: str, targets: tuple[str, ...] | list[str], eff: Grant) -> State:
    """s15 quote: "the following abilities": each further ability, given to the same characters for the same time
    (8.2.1.2)."""
    for more in eff.more:
        for t in targets:
            state = pump(state, t, 0, 0, _last(state, p, eff.until), more)
        log.add("grant", f"{', '.join(map(repr, targets)) or 'no character'} also get(s) the ability \"{more.text}\" "
                f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.8.1"))
    return state


_EXECUTE.update({Grant: _grant})


def _grant_all(state: State, log: EventLog, p: str, source: str, eff: Grant) -> State:
    """s15 quote: "all of your (other) [《T》] characters get the following ability until …": each of p's characters on
    the stage as the effect resolves (not the ability's own card when the text says "other"; only those with the trait,
    2.5.3) gets the gain and the ability until the duration ends (8.2.1.2) or it leaves the stage (3.1.4); a
    character placed later does not get it (8.9.2). Each one has the ability as its own: "this card" in it is that
    character."""
    have = [o.uid for _pos, o in state.side(p).characters() if not (eff.other and o.uid == source)
            and (not eff.trait or has_trait(eff.trait, state.card(o.uid).traits))]
    for t in have:
        state = pump(state, t, eff.power, eff.soul, _last(state, p, eff.until), eff.ability)
    gain = _gain_text(eff.power, eff.soul)
    log.add("grant", f"{', '.join(map(repr, have)) or 'no character'}{f' (《{eff.trait}》)' if eff.trait else ''} get(s) "
            f"{gain + ' and ' if gain else ''}the ability \"{eff.ability.text}\" {_until_text(state, p, eff.until)}; "
            "a character placed later does not.", ("8.2.1.2", "8.9.2", "8.8.1") + (("2.5.3",) if eff.trait else ()))
    return _grant_more(state, log, p, have, eff)


def _choose_battling(state: State, log: EventLog, p: str) -> str | None:
    """s14 bodies: 1 of p's characters in battle, the attacking or the defending character (7.2.1.5.1), chosen as the
    effect resolves (8.6.3); none outside a battle or when neither is p's (8.6.3.1.3)."""
    att = state.attack
    fighting = (att.attacker, att.defender) if att else ()
    opts = tuple(x for x in fighting if x and (on := state.on_stage(x)) and on[0] == p)
    if not opts:
        log.add("nothing", f"{p} has no character in battle to choose: the effect does nothing.", ("8.6.3.1.3", "7.2.1.5.1"))
        return None
    return choose(log, p, opts, "character in battle", "Which character in battle gets the ability?", "8.6.3")


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


_EXECUTE.update({TriggerChecks: _trigger_checks})


def _that_to(state: State, log: EventLog, p: str, source: str, eff: ThatTo) -> State:
    """"return that character to your hand": the character the timing watched goes from the stage to its owner's hand
    (3.3.1); "… to its previous stage position as 【REST】": from the waiting room back to the position it left, rested
    (10.2.2's words; a character there goes to the waiting room, 9.6). One no longer where the timing saw it: nothing
    happens (8.7.7)."""
    watched = log.scratch.get("watched")
    if not isinstance(watched, tuple):
        raise Unsupported("'that character' outside an ability whose timing watches another character")
    uid, left = str(watched[0]), str(watched[1])
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


_EXECUTE.update({ThatTo: _that_to})


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


def _if_done(state: State, log: EventLog, p: str, source: str, eff: IfDone) -> State:
    """"you may <first>. If you do, <then>": the player says whether (8.6.3); `then` happens, in the order written
    (8.8.1), only if `first` was done (the rules word "If you do" so in 10.2.2 and 10.4.2: the second part follows the
    first only when it was done)."""
    # "you may draw 1 card" (s9-wsbody2) keeps its "may" as Draw.optional
    first = replace(eff.first, optional=False) if isinstance(eff.first, Draw) else replace(eff.first, may=False)
    if not eff.must and not yes_no(log, p, f"Do the optional effect of {source!r} ({type(first).__name__})?", "8.6.3"):
        log.add("decline", f"{p} does not do it: what follows 'If you do' does not happen either.", ("8.6.3",),
                subject=source)
        return state
    before = state
    state = execute(state, log, p, source, first)
    if state == before:
        log.add("nothing", "It could not be done: what follows 'If you do' does not happen.", ("8.6.3", "8.8.1"),
                subject=source)
        return state
    log.add("effect", f"{p} did it: what follows 'If you do' happens.", ("8.6.3", "8.8.1"), subject=source)
    for e in eff.then:
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


_EXECUTE.update({OppClockTop: _opp_clock_top, OppStockBottom: _opp_stock_bottom, IfDone: _if_done, Modal: _modal})
_EXECUTE.update({LookOpp: _look_opp, RevealTop: _reveal_top, HandTo: _hand_to, LookPut: _look_put, Rest: _rest, RevealTake: _reveal_take,
                 BattleOppTo: _battle_opp_to})


# --- s8-wsrealb: names and traits in selections, conditions and timings ---------------------------------------------

def _name_rules(sel: Select) -> tuple[str, ...]:
    """2.1.2 when a selection names a card name (itself or one of its alternatives: ""A" or 《T》 character")."""
    return ("2.1.2",) if sel.name or any(a.name for a in sel.alts) else ()


# "choose a card named "X" in your waiting room, and put it on the stage position that this card was on": the
# position the cost's "Put this card into your waiting room" left (8.4.2); a card of that name must be chosen if there
# is one (8.6.3.1), none there or no position left by the cost: nothing happens (8.6.3.1.3). Change's action.
_VACATED_WORDS[PutWhereWas] = (
    True, "move", "{c!r} goes from {p}'s waiting room onto {pos}, the stage position {source!r} was on (standing: the "
    "text does not say the orientation, and the engine puts it standing, as Sunder's 10.15.3.1 does).",
    ("8.6.3.1", "8.8.1"), "No {name!r} in {p}'s waiting room, or no empty stage position left by {source!r}'s cost: "
    "nothing is put on the stage.", ("8.6.3.1.3", "8.8.1"))
_EXECUTE.update({PutWhereWas: _change_into})


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


def _all_but_one(cards: tuple[str, ...], kept: str) -> tuple[str, ...]:
    """`cards` without one copy of `kept` (a pile may hold two cards of one name, 5.1.2.2)."""
    i = cards.index(kept)
    return cards[:i] + cards[i + 1:]


_EXECUTE.update({OppWaitingToDeck: _opp_waiting_to_deck})


def _move_to(state: State, p: str, uid: str, to: str) -> State:
    """p's character `uid` moves to the stage position `to` with its state, markers and effects (3.7.3.1, 8.9.2); cards
    left in that position's marker area go to the waiting room (3.7.3.1)."""
    s = state.side(p)
    frm = s.where(uid)
    assert frm is not None
    o = next(x for x in s.stage[POSITIONS.index(frm)] if x.uid == uid)
    s = s.with_pos(frm, tuple(x for x in s.stage[POSITIONS.index(frm)] if x.uid != uid))
    j = POSITIONS.index(to)
    s = s.with_pos(to, s.stage[j] + (o,))
    if s.loose[j]:
        s = replace(s, waiting=s.waiting + s.loose[j], loose=s.loose[:j] + ((),) + s.loose[j + 1:])
    return state.with_side(p, s)


def _no_attack_on(state: State, *uids: str) -> None:
    """A character that attacks or defends moved to another position ends its part in the battle (7.5.1.2.2, 7.6.1.3):
    the engine does not follow that yet, and says so rather than guessing."""
    att = state.attack
    if att is not None and (att.attacker in uids or att.defender in uids):
        raise Unsupported("a character in battle moves to another stage position (7.5.1.2.2, 7.6.1.3): not executed yet")


def _move_self(state: State, log: EventLog, p: str, source: str, eff: MoveSelf) -> State:
    """"(you may) move this card to an open position of your center / back stage" (3.6.3): the master chooses the
    position (8.6.3); none open, or this card not on the stage: nothing happens (8.6.3.1.3)."""
    area = (eff.pos,) if eff.pos else CENTER if eff.area == "center" else BACK  # s13 bodies: one position
    on = state.on_stage(source)
    opts = tuple(pos for pos in area if state.side(p).at(pos) is None) if on and on[0] == p else ()
    if not opts:
        log.add("nothing", f"{source!r} cannot move: no open position of {p}'s {eff.area} stage (or it is not on the "
                "stage).", ("8.6.3.1.3", "3.6.3"), subject=source)
        return state
    _no_attack_on(state, source)
    if eff.may and not yes_no(log, p, f"Move {source!r} to an open position of the {eff.area} stage?", "8.6.3",
                              "move", "decline"):
        log.add("decline", f"{p} does not move {source!r}.", ("8.6.3",), subject=source)
        return state
    to = choose(log, p, opts, f"open position of the {eff.area} stage", f"To which position does {source!r} move?",
                "8.6.3")
    log.add("move", f"{source!r} moves from {on[1]} to {to}, keeping its state, its markers and the effects on it."  # type: ignore[index]
            , ("3.6.3", "3.7.3.1", "8.9.2", "8.8.1"), subject=source)
    return _move_to(state, p, source, to)


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


def _perform(state: State, log: EventLog, p: str, source: str, eff: Perform) -> State:
    """"perform the following action": its effects in the order written (8.8.1)."""
    log.add("effect", f"{p} performs the action: {eff.text!r}", ("8.8.1",), subject=source)
    for e in eff.effects:
        state = execute(state, log, p, source, e)
    return state


_EXECUTE.update({MoveSelf: _move_self, ExchangeNamed: _exchange_named, Perform: _perform})


def _choose_move(state: State, log: EventLog, p: str, source: str, eff: ChooseMove) -> State:
    """"choose 1 of your other 《T》 characters, 【REST】 it, and move it to an open position of your back stage": the master
    chooses the character (8.6.3.1: one must be chosen if there is one), it rests (4.6.1.2), then it moves to an open
    position the master chooses (3.6.3; none open: it stays, 8.6.3.1.3)."""
    sel = Select("character", eff.trait)
    opts = tuple(o.uid for _pos, o in state.side(p).characters() if not (eff.other and o.uid == source)
                 and _selects(state, o.uid, sel))
    what = ("other " if eff.other else "") + sel.text()
    if not opts:
        log.add("nothing", f"{p} has no {what} to choose: nothing happens.", ("8.6.3.1.3",), subject=source)
        return state
    c = choose(log, p, opts, what, f"Which {what} of {p}'s rests and moves?", "8.6.3")
    _no_attack_on(state, c)
    state = set_orient(state, c, _ORIENT_REST)
    log.add("rest", f"{c!r} rests.", ("4.6.1.2", "8.8.1") + (("2.5.3",) if eff.trait else ()), subject=c)
    return _own_move(state, log, p, c, eff.area)


_EXECUTE.update({ChooseMove: _choose_move})


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


_EXECUTE.update({OppStockSwap: _opp_stock_swap})


# --- s8-wsreala: X quantities (8.8.1), granted restrictions, "among those cards" ---------------------------------------

def _pump_x(state: State, log: EventLog, p: str, source: str, eff: Pump) -> State:
    """"+X … X is equal to <what> ×N": X is counted once, as the effect resolves (8.8.1), and does not change
    afterwards. "that character's level": the character is chosen first (8.6.3), then X is its level (2.6)."""
    x = eff.x
    assert x is not None
    times = eff.power or eff.soul
    if x.zone == "self-soul":  # s15 body: this card's own soul, counted once as it resolves
        return _pump_self_soul15(state, log, p, source, eff, times)
    if x.zone not in ("that-level", "that-soul"):
        k, what, rules = _x_counted(state, p, x)
        log.add("count", f"X = {k} ({what}) × {times}: counted once, as the effect resolves.", ("8.8.1", *rules),
                subject=source)
        return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, x=None))
    stat = "soul" if x.zone == "that-soul" else "level"  # s11 bodies: its soul (2.10)
    target = _choose_own(state, log, p, source, eff.trait, eff.other, f"Which character gets the +X (X: its {stat})?")
    if target is None:
        return state
    if stat == "soul":
        on = state.on_stage(target)
        assert on is not None  # chosen on the stage just now
        k = view.stats(state, on[0], on[1], on[2])[1]
        log.add("count", f"X = {k} ({target!r}'s soul as the effect resolves, before this effect's own gain applies: the "
                "rules do not say which soul X reads, the engine decides so) × " f"{times}.", ("8.8.1", "2.10.1"),
                subject=target)
    else:
        k = view.card_level(state, target)
        log.add("count", f"X = {k} ({target!r}'s level as the effect resolves, before this effect's own level gain "
                "applies: the rules do not say which level X reads, the engine decides so) × " f"{times}.",
                ("8.8.1", "2.6"), subject=target)
    power, soul = eff.power * k, eff.soul * k
    state = pump(state, target, power, soul, _last(state, p, eff.until), levels=eff.levels)
    log.add("pump", f"{target!r} gets {_gain_text(power, soul, eff.levels) or '+0 power'} "
            f"{_until_text(state, p, eff.until)}.", ("8.2.1.2", "8.8.1") + (("2.5.3",) if eff.trait else ()),
            subject=target)
    return state


def _choose_own(state: State, log: EventLog, p: str, source: str, trait: str, other_only: bool,
                question: str) -> str | None:
    """1 of p's characters (with `trait`, 2.5.3; not the ability's own card when the text says "other"), chosen as the
    effect resolves (8.6.3); none when there is none (8.6.3.1.3)."""
    opts = tuple(o.uid for _pos, o in state.side(p).characters() if has_trait(trait, state.card(o.uid).traits)
                 and not (other_only and o.uid == source))
    if not opts:
        log.add("nothing", f"{p} has no character to choose: the effect does nothing.", ("8.6.3.1.3",))
        return None
    return choose(log, p, opts, "character to choose", question, "8.6.3")


_X_ZONE_RULES = {"waiting_room": ("waiting", "waiting room", "3.4.2"), "clock": ("clock", "clock", "3.8.2"),
                 "memory": ("memory", "memory", "3.12.2.1")}  # s16 zone: your own memory (3.12.2.2)


def _x_counted(state: State, p: str, x: XCount) -> tuple[int, str, tuple[str, ...]]:
    """The number X counts, what it counted (for the step) and the rules that make those cards known."""
    whose = p if x.whose == "own" else other(p)
    s = state.side(whose)
    if x.zone in ("back", "center", "stage"):  # the characters on that stage area's positions (3.6.3)
        # s12 bodies: "stage", the characters a player has: all of their stage's positions (2.3.2.1.2)
        positions = BACK if x.zone == "back" else CENTER if x.zone == "center" else POSITIONS
        got = [o.uid for pos, o in s.characters() if pos in positions and _selects(state, o.uid, x.select)]
        area = "stage" if x.zone == "stage" else f"{x.zone} stage"
        return len(got), f"{x.select.text()}s in {whose}'s {area}: {', '.join(map(repr, got)) or 'none'}", \
            ("3.6.2", "3.6.3") + (("2.3.2.1.2",) if x.zone == "stage" else ())
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
            state = _milled_to17(state, log, p, str(cards[0]), e) if cards else state
            continue
        state = execute(state, log, p, source, e)
    return state


def _milled_to17(state: State, log: EventLog, p: str, card: str, eff: RevealedTo) -> State:
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
        why = "it is not a character" if spots else f"{p} has no open {_spot_words16(eff.zone)}"
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
    n += x.plus
    log.add("count", f"X = {n} ({what}" + (f" {x.plus:+d}" if x.plus else "") + "): the rules do not say when X is "
            "counted; the engine counts it once, as this action is done.", ("8.8.1", *rules), subject=source)
    if isinstance(eff, Damage):  # s11 bodies: X the number of times (`x_times`)
        return replace(eff, times=n, x=None, x_times=False) if eff.x_times else replace(eff, n=n, x=None)
    return replace(eff, level=f"<={n}", x=None)


def _damage_x(state: State, log: EventLog, p: str, source: str, eff: Damage) -> State:
    """"deal X damage to your opponent. X is equal to the number of "N" in your waiting room": X counted, then dealt."""
    assert eff.x is not None
    if eff.x.zone.startswith("among"):
        raise Unsupported("X counted over 'those cards' without the cards put just before")
    return _damage(state, log, p, source, _x_resolved(state, log, source, eff, _x_counted(state, p, eff.x)))  # type: ignore[arg-type]


_EXECUTE.update({Milled: _milled})


def _choosable(state: State, log: EventLog, p: str, opts: tuple[str, ...], rule: str = "") -> tuple[str, ...]:
    """The opponent's characters p's effect may choose: not one that "cannot be chosen by your opponent's effects"
    (its own text stops the choice, 1.3.4; 8.6.3: the choices presented). A trigger icon's action (`rule`, 4.12.1) is
    treated as an effect of its player here: the rules call it an action and do not say; the step says so."""
    kept = []
    for x in opts:
        ban = view.banned(state, x, "unchoosable")
        if ban is None:
            kept.append(x)
            continue
        log.add("ban", f"{x!r} cannot be chosen by {p}'s effects (its text: \"{ban.text}\"): it is not among the "
                "choices" + (" (the engine treats the trigger icon's action as one of those effects: the rules do not "
                             "say)" if rule else "") + ".",
                ("1.3.4", "8.6.3") + view.ban_rules(state, x, ban) + ((rule, "4.12.1") if rule else ()), subject=x)
    return tuple(kept)


def _repeat(state: State, log: EventLog, p: str, source: str, eff: Repeat) -> State:
    """"perform the following action N times": the quoted effects, in the order written, N times over (8.8.1: each
    time executed once)."""
    for i in range(1, eff.n + 1):
        log.add("effect", f"{source!r}'s following action, time {i} of {eff.n}: {eff.text!r}", ("8.8.1",), subject=source)
        for e in eff.effects:
            state = execute(state, log, p, source, e)
    return state


_EXECUTE.update({Repeat: _repeat})


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


_EXECUTE[PayThen] = _pay_then
# --- s9-wsrealb: the effect body, general: which of the opponent's characters, where it goes ---------------------------

# the zones an opponent's character goes to, as the steps name them, and the rule of that zone (3.10.1 the stock, 3.12.1
# the memory, 3.2.1 the deck)
_ZONE_WORDS = {"deck_top": "deck (on top)", "deck_bottom": "deck (at the bottom)"}
_ZONE_RULES = {"stock": "3.10.1", "memory": "3.12.1", "deck_top": "3.2.1", "deck_bottom": "3.2.1"}


def _within(state: State, uid: str, bound: Select) -> bool:
    """A character within "level N or lower/higher" (its level now, 2.6 and the effects that change it) and "cost N or
    lower/higher" (its printed cost, 2.7)."""
    if bound.level == ABOVE_OPP_LEVEL:  # "with level higher than your opponent's level": its owner's level (3.9.1)
        on = state.on_stage(uid)
        return on is not None and view.card_level(state, uid) > len(state.side(on[0]).level)
    if bound.trait and not has_trait(bound.trait, state.card(uid).traits):  # s13 bodies: "level 0 or lower 《T》 characters"
        return False
    return conditions.bound_fits(view.card_level(state, uid), bound.level) \
        and conditions.bound_fits(state.card(uid).cost, bound.cost)


def _bound_rules(bound: Select | None) -> tuple[str, ...]:
    if bound is None:
        return ()
    return (("2.5.3",) if bound.trait else ()) + (("2.6",) if bound.level else ()) \
        + (("3.9.1",) if bound.level == ABOVE_OPP_LEVEL else ()) + (("2.7",) if bound.cost else ())  # s13: the trait


def _facing_target(state: State, log: EventLog, p: str, source: str, what: str, may: bool = False) -> str | None:
    """The character facing this card (3.6.5): the opponent's character on the center stage position facing this card's;
    none when this card is not on the center stage or that position is empty (1.3.3: nothing happens). `may`: the
    master says whether (8.6.3)."""
    on = state.on_stage(source)
    facing = state.side(other(on[0])).at(FACING[on[1]]) if on is not None and on[1] in FACING else None
    if facing is None:
        log.add("nothing", f"No character faces {source!r} ({'it is not on the center stage' if on is None or on[1] not in FACING else 'that position is empty'}): "
                "nothing happens.", ("3.6.5", "1.3.3"), subject=source)
        return None
    if may:
        if not yes_no(log, p, f"Does {facing.uid!r}, the character facing {source!r}, {what}?", "8.6.3"):
            log.add("decline", f"{p} does not: {facing.uid!r} stays (the text says 'you may').", ("8.6.3",))
            return None
        log.add("choose", f"{p} chooses that {facing.uid!r} {what} (the text says 'you may').", ("8.6.3",))
    elif on is not None:
        log.add("count", f"{facing.uid!r} is the character facing {source!r} ({other(on[0])}'s {FACING[on[1]]}, facing "
                f"{on[1]}).", ("3.6.5",), subject=facing.uid)
    return facing.uid


# "When this card becomes 【REVERSE】 in battle" waits for a reversal in battle only (7.2.1.6: the battle step reverses
# the loser); the grammar reads both timings as "reversed", so the printed words tell them apart ("during battle" is
# the same timing, s9-wshead2).
_IN_BATTLE = re.compile(r"becomes\s*(?:[【\[]\s*reverse\s*[】\]]|reversed)\s*(?:in|during)\s+battle"
                        r"|in\s+battle\s+becomes\s*(?:[【\[]\s*reverse\s*[】\]]|reversed)", re.I)  # s15 heads: "… in battle becomes …"


def _reversed_by_effect(state: State, who: str, uid: str) -> list[Pending]:
    """The abilities a character reversed by an effect makes wait (8.7.2): its own "When this card becomes 【REVERSE】"
    (printed or gained), not those that say "in battle", nor the watchers of another character's reversal in battle."""
    printed = [Pending(who, uid, i, f"{uid}: {a.text}") for i, a in state.catalog.autos.get((uid, "reversed"), ())
               if not _IN_BATTLE.search(a.text)]
    gained = [(p, dict(p.info).get("gained")) for p in _gained(state, uid, "reversed")]
    # s11-wshead: "When your other character becomes 【REVERSE】" (not "in battle") watches a reversal by an effect too
    watching = [p for p in _watchers(state, who, uid, "other-reversed")
                if not _IN_BATTLE.search(state.card(p.source).abilities[p.ability].text)]
    return printed + [p for p, a in gained if not (isinstance(a, Ability) and _IN_BATTLE.search(a.text))] + watching


def _battle_opponent(state: State, source: str) -> str | None:
    """The ability's card's battle opponent on the stage (7.2.1.5.1: attacker and defender of a frontal attack)."""
    att = state.attack
    target = (att.defender if source == att.attacker else att.attacker if source == att.defender else None) \
        if att else None
    return target if target and state.on_stage(target) else None


def _reverse_target(state: State, log: EventLog, p: str, source: str, eff: Reverse) -> str | None:
    if eff.who == "facing":
        return _facing_target(state, log, p, source, "becomes reversed", eff.may)
    if eff.who == "choose-opp":
        return _choose_opp(state, log, p, "is reversed", bound=eff.select)
    return _may_battle_opponent(state, log, p, source, eff.may, "is reversed",
                                lambda t: f"Reverse {t!r}, {source!r}'s battle opponent?", lambda t: f"reverse {t!r}")


def _may_battle_opponent(state: State, log: EventLog, p: str, source: str, may: bool, nothing: str,
                         question: Callable[[str], str], act: Callable[[str], str]) -> str | None:
    """The ability's card's battle opponent as what an effect acts on (7.2.1.5.1), none when there is none on the stage
    (1.3.3); with "you may" the master says whether (8.6.3): `question` asks it, `act` words what is done."""
    target = _battle_opponent(state, source)
    if target is None:
        log.add("nothing", f"{source!r} has no battle opponent on the stage: nothing {nothing}.", ("7.2.1.5.1", "1.3.3"),
                subject=source)
        return None
    if may:
        done = act(target)
        if not yes_no(log, p, question(target), "8.6.3"):
            log.add("decline", f"{p} does not {done}.", ("8.6.3",))
            return None
        log.add("choose", f"{p} chooses to {done} (the text says 'you may').", ("8.6.3",))
    return target


def _opp_auto_banned14b(state: State, log: EventLog, p: str, source: str, target: str, owner: str) -> bool:
    """s14b-wshz: "This card cannot become 【REVERSE】 by 【AUTO】 effects of your opponent's characters" stops the reversal
    when the effect resolving is an automatic ability's (8.1.1.2; `resolving`) of a character of the target's opponent
    (1.3.4: the effect that stops an action takes precedence)."""
    if p == owner or "auto" not in log.scratch.get("resolving", ()) or state.card(source).kind is not _KIND_CHARACTER:
        return False
    ban = view.banned(state, target, "no-reverse-opp-auto")
    if ban is None:
        return False
    log.add("nothing", f"{target!r} cannot become 【REVERSE】 by the 【AUTO】 effect of {source!r}, its opponent's character: "
            f"\"{ban.text}\"; it stays as it is.", ("4.6.1.3", "1.3.4", "8.1.1.2", *view.ban_rules(state, target, ban)),
            subject=target)
    return True


def _reverse(state: State, log: EventLog, p: str, source: str, eff: Reverse) -> State:
    """The character is put in the reverse state (4.6.1.3); one reversed already is not again (1.3.3.1). Its own
    "When this card becomes 【REVERSE】" abilities wait (8.7.2); one that says "in battle" does not (`_reversed_by_effect`)."""
    target = _reverse_target(state, log, p, source, eff)
    on = state.on_stage(target) if target else None
    if target is None or on is None:
        return state
    if on[2].orient is _ORIENT_REVERSE:
        log.add("nothing", f"{target!r} is reversed already: it does not become reversed again.", ("4.6.1.3", "1.3.3.1"),
                subject=target)
        return state
    if ban := view.banned(state, target, "no-reverse"):  # s13 heads: "This card cannot become 【REVERSE】" (1.3.4)
        log.add("nothing", f"{target!r} cannot become 【REVERSE】: \"{ban.text}\"; it stays as it is.",
                ("4.6.1.3", "1.3.4", *view.ban_rules(state, target, ban)), subject=target)
        return state
    if _opp_auto_banned14b(state, log, p, source, target, on[0]):
        return state
    state = set_orient(state, target, _ORIENT_REVERSE)
    why = {"battle-opp": (f", {source!r}'s battle opponent", ("7.2.1.5.1",)), "facing": ("", ("3.6.5",)),
           "choose-opp": ("", ("8.6.3",) + _bound_rules(eff.select))}[eff.who]
    log.add("reverse", f"{target!r} ({on[0]}'s{why[0]}) becomes reversed by {source!r}'s effect.",
            ("4.6.1.3", "4.6.1.3.1", "8.8.1") + why[1], subject=target)
    happened(log, "reversed", on[0], target, "effect")
    foe = _battle_opponent(state, target)  # "When this card's battle opponent becomes 【REVERSE】" (7.2.1.5.1)
    if foe is not None:
        happened(log, "opp-reversed", state.on_stage(foe)[0], foe)  # type: ignore[index]
    return state


_EXECUTE.update({Reverse: _reverse})


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
        return _waiting_return15(state, log, p, source)
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


_EXECUTE.update({Exchange: _exchange, OppMemoryBack: _opp_memory_back, WaitingToDeck: _waiting_to_deck,
                 OppClockTo: _opp_clock_to})


# --- s9-wsrealb: a card chosen in the waiting room or the clock put on the stage ------------------------------------------

def _stage_spots(state: State, p: str, to: str) -> tuple[str, ...]:
    """The stage positions a card put "on any position of your stage" may go to (every position: a character already there
    goes to the waiting room by the rule action 9.6.1), or "an open position" (the empty ones, 3.6.2); s16: only those of
    one area ("stage@back": "any position of your back stage", 3.6.3) or the one position named ("stage@CL": "the left
    position of your center stage"). `to` is the effect's destination (Salvage.to, Search.to, RevealedTo.zone)."""
    s = state.side(p)
    how, _, spot = to.partition("@")
    spots = _SPOT_AREAS16.get(spot, (spot,)) if spot else POSITIONS
    return spots if how == "stage" else tuple(pos for pos in spots if s.at(pos) is None)


_SPOT_AREAS16 = {"center": CENTER, "back": BACK}  # s16 body: the areas of the stage (3.6.3)


def _spot_words16(to: str) -> str:
    """s16 body: the stage positions a destination names, in words ("position of the back stage", "CL")."""
    spot = to.partition("@")[2]
    return f"position of the {spot} stage" if spot in _SPOT_AREAS16 else spot or "stage position"


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


# --- s10 bodies: your own characters by a general selection; cards put underneath this card as markers ---------------
_OWN_ZONE = {"hand": ("hand", "3.3.1"), "stock": ("stock", "3.10.1"), "waiting_room": ("waiting", "3.4.1"),
             "memory": ("memory", "3.12.1"), "clock": ("clock", "3.8.1")}


_ORIENTS = {"stand": Orient.STAND, "rest": Orient.REST, "reverse": Orient.REVERSE}
_ORIENT_RULES = {"stand": "4.6.1.1", "rest": "4.6.1.2", "reverse": "4.6.1.3"}


def _own_fits(state: State, source: str, uid: str, o: OnStage, eff: OwnPick) -> bool:
    """A character of the master's that the selection describes: not this card when "other", in a state when "【STAND】
    characters" (4.6.1), the portion of the name (2.1.2.2), the trait (2.5.3), the level or cost bound (2.6, 2.7)."""
    sel = eff.select
    card = state.card(uid)
    return not (eff.other and uid == source) and not (eff.orient and o.orient is not _ORIENTS[eff.orient]) \
        and (not sel.name or has_name(sel.name, card.name)) and has_trait(sel.trait, card.traits) \
        and (not (sel.level or sel.cost) or _within(state, uid, sel))


def _own_rules(eff: OwnPick) -> tuple[str, ...]:
    sel = eff.select
    return ((("2.1.2.2",) if sel.name.startswith(NAME_PART) else ("2.1.2",)) if sel.name else ()) \
        + _bound_rules(sel) \
        + ((_ORIENT_RULES[eff.orient],) if eff.orient else ())


def _own_chosen(state: State, log: EventLog, p: str, source: str, eff: OwnPick, doing: str) -> tuple[str, ...]:
    """The characters the master chooses (8.6.3): exactly 1 when there is one, or any number from none up to N
    ("up to", 8.6.3.1.1), or none when the text says "you may"; none to choose: nothing happens (8.6.3.1.3)."""
    sel = eff.select
    what = ("other " if eff.other else "") + (f"【{eff.orient.upper()}】 " if eff.orient else "") \
        + (f"character with {name_text(sel.name)}" if sel.name else sel.text())
    opts = tuple(o.uid for _pos, o in state.side(p).characters() if _own_fits(state, source, o.uid, o, eff))
    if not opts:
        log.add("nothing", f"{p} has no {what} to choose: the effect does nothing.", ("8.6.3.1.3",) + _own_rules(eff),
                subject=source)
        return ()
    log.add("count", f"{p}'s characters that can be chosen ({what}): {', '.join(map(repr, opts))}.",
            ("2.3.2.1.2",) + _own_rules(eff), subject=source)
    if eff.at_most:
        got = pick_up_to(log, p, f"Which of {p}'s characters {doing} (up to {eff.n})?", opts, eff.n, "8.6.3.1.1")
        log.add("choose" if got else "decline", f"{p} chooses {', '.join(map(repr, got)) or 'none'} (up to {eff.n}).",
                ("8.6.3.1.1",), subject=source)
        return got
    if eff.may:
        one = pick(log, p, f"Which of {p}'s characters {doing} (you may choose none)?", opts, "8.6.3", True)
        log.add("choose" if one else "decline", f"{p} chooses {repr(one) if one else 'none'} (the text says 'you may').",
                ("8.6.3",), subject=source)
        return () if one is None else (one,)
    return (choose(log, p, opts, what, f"Which of {p}'s characters {doing}?", "8.6.3"),)


def _own_pick(state: State, log: EventLog, p: str, source: str, eff: OwnPick) -> State:
    """"choose [up to] N of your … characters, and <act>": the chosen characters, in the order chosen, go to a zone of
    the master's (a new card there, 3.1.4; their markers to the waiting room, 3.7.3.2), stand (4.6.1.1), or get the
    gain (8.2.1.2)."""
    if eff.act == "gain":
        assert eff.gain is not None
        doing = f"get {_gain_text(eff.gain.power, eff.gain.soul, eff.gain.levels)}"
    elif eff.act == "grant":
        doing = "get the ability"
    else:
        doing = eff.act if eff.act in _ORIENTS else f"move to an open position of the {eff.act[5:]} stage" \
            if eff.act.startswith("move:") else f"go to the {eff.act.replace('_', ' ')}"
    got = _own_chosen(state, log, p, source, eff, doing)
    for uid in got:
        on = state.on_stage(uid)
        if on is None:  # pragma: no cover - chosen on the stage just now
            continue
        if eff.act == "gain":
            assert eff.gain is not None
            g = eff.gain
            state = pump(state, uid, g.power, g.soul, _last(state, p, g.until), levels=g.levels)
            log.add("pump", f"{uid!r} gets {_gain_text(g.power, g.soul, g.levels)} {_until_text(state, p, g.until)}.",
                    ("8.2.1.2", "8.6.3", "8.8.1"), subject=uid)
        elif eff.act == "grant":
            assert eff.grant is not None
            state = _grant_to(state, log, p, uid, eff.grant)
        elif eff.act.startswith("move:"):  # s11 bodies: "move it to an open position of your <area> stage"
            state = _own_move(state, log, p, uid, eff.act[5:])
        elif eff.act in _ORIENTS:  # "【STAND】 it"; s11 bodies: "【REST】 it" (4.6.1.2)
            state = set_orient(state, uid, _ORIENTS[eff.act])
            log.add(eff.act, f"{uid!r} {'stands' if eff.act == 'stand' else 'rests'}.",
                    (_ORIENT_RULES[eff.act], "8.6.3", "8.8.1"), subject=uid)
        else:
            zone, rule = _OWN_ZONE[eff.act]
            state = leave_stage(state, log, on[0], on[1], uid, zone, rule, f" by {source!r}'s effect")
    return interrupts(state, log) if eff.act == "clock" and got else state  # 7 in the clock: level up (9.3)


_EXECUTE.update({OwnPick: _own_pick})


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


_EXECUTE.update({OppTopTo: _opp_top_to})


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


_EXECUTE.update({ReturnPrevious: _return_previous})


def _stand_self(state: State, log: EventLog, p: str, source: str, eff: StandSelf) -> State:
    """"【STAND】 this card": the ability's card stands (4.6.1.1); one not on the stage, or standing already, does not
    (1.3.3)."""
    on = state.on_stage(source)
    if on is None or on[2].orient is Orient.STAND:
        log.add("nothing", f"{source!r} is {'not on the stage' if on is None else 'standing already'}: nothing to "
                "stand.", ("4.6.1.1", "1.3.3"), subject=source)
        return state
    if eff.may and not yes_no(log, p, f"Stand {source!r}?", "8.6.3"):
        log.add("decline", f"{p} does not stand {source!r} (the text says 'you may').", ("8.6.3",), subject=source)
        return state
    state = set_orient(state, source, Orient.STAND)
    log.add("stand", f"{source!r} stands.", ("4.6.1.1", "8.8.1"), subject=source)
    return state


_EXECUTE.update({StandSelf: _stand_self})


def _own_move(state: State, log: EventLog, p: str, c: str, area: str) -> State:
    """A chosen character of p's moves to an open position of p's `area` stage that p chooses (3.6.3), keeping its state,
    markers and effects (3.7.3.1, 8.9.2); none open: it stays (8.6.3.1.3)."""
    _no_attack_on(state, c)
    frm = state.side(p).where(c)
    free = tuple(pos for pos in (CENTER if area == "center" else BACK) if state.side(p).at(pos) is None)
    if not free:
        log.add("nothing", f"No open position of {p}'s {area} stage: {c!r} stays on {frm}.", ("8.6.3.1.3", "3.6.3"),
                subject=c)
        return state
    to = choose(log, p, free, f"open position of the {area} stage", f"To which position does {c!r} move?", "8.6.3")
    log.add("move", f"{c!r} moves from {frm} to {to}, keeping its state, its markers and the effects on it.",
            ("3.6.3", "3.7.3.1", "8.9.2", "8.8.1"), subject=c)
    return _move_to(state, p, c, to)


def _opp_hand_to(state: State, log: EventLog, p: str, source: str, eff: OppHandTo) -> State:
    """"your opponent chooses 1 card in their hand, and puts it into …": the opponent is the one who chooses, as the text
    says (8.6.3), among the cards of their own hand; then as `_hand_to` for that player."""
    q = other(p)
    log.add("effect", f"{q} chooses, as the text says: {source!r}'s effect has {q} choose from {q}'s hand.", ("8.6.3",),
            subject=source)
    return _hand_to(state, log, q, source, HandTo(eff.n, eff.select, eff.dest))


_EXECUTE.update({OppHandTo: _opp_hand_to})


def _grant_to(state: State, log: EventLog, p: str, uid: str, g: Grant) -> State:
    """One chosen character gets the gain and the ability until the duration ends (8.2.1.2) or it leaves the stage
    (3.1.4), as `_grant` gives it to one."""
    state = pump(state, uid, g.power, g.soul, _last(state, p, g.until), g.ability)
    gain = _gain_text(g.power, g.soul)
    log.add("grant", f"{uid!r} gets {gain + ' and ' if gain else ''}the ability \"{g.ability.text}\" "
            f"{_until_text(state, p, g.until)}.", ("8.2.1.2", "8.9.2", "8.8.1"), subject=uid)
    return state


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


def _revealed_marker(state: State, log: EventLog, p: str, source: str, card: str, eff: RevealedTo) -> State:
    """"(you may) put that card face down underneath this card as a marker": the revealed card, still on top of the
    deck (4.9.1), goes underneath the ability's card (the player says whether, 8.6.3)."""
    if state.side(p).deck.cards[:1] != (card,):
        log.add("nothing", f"{card!r} is no longer on top of the deck: it does not move.", ("1.3.3",), subject=card)
        return state
    if _marker_source_gone(state, log, source):
        return state
    if eff.may and not yes_no(log, p, f"Put {card!r} underneath {source!r} as a marker?", "8.6.3"):
        log.add("decline", f"{p} does not put {card!r} underneath {source!r}; it stays on top of the deck.", ("8.6.3",),
                subject=card)
        return state
    state, _ = take_top(state, log, p, reveal=True, why="revealed", rule="4.9.1")
    return _under_this_card(state, log, p, source, card, eff.face, "deck (its top card)", ("8.6.3",) if eff.may else ())


def _look_take_many(state: State, log: EventLog, p: str, eff: LookTake, looked: list[str], opts: tuple[str, ...]) -> State:
    """"choose up to N … from among them, [reveal them to your opponent,] put them into your hand / into your stock in
    any order, put the rest into your waiting room": any number from none up to N of the fitting cards (8.6.3.1.1) go
    to the hand, or to the stock one by one in the order the player names them, each on top (3.10.2); the rest to the
    waiting room (3.4.1)."""
    what = eff.select.text()
    order = ", in the order they are put (the last on top)" if eff.to == "stock" else ""
    got: tuple[str, ...] = ()
    if opts:
        got = pick_up_to(log, p, f"Which {what}s go to the {eff.to} (up to {eff.take}){order}?", opts, eff.take,
                         "8.6.3.1.1")
    if not got:
        log.add("decline" if opts else "nothing", f"{p} chooses no {what} from among them"
                + ("." if opts else f" (none of them is a {what})."), ("8.6.3.1.1",) if opts else ("8.6.3.1.3",))
    elif eff.to == "deck_top":  # s14 bodies: "put them on the top of your deck in any order" (4.8.1, the player's order)
        log.add("choose", f"{p} chooses {', '.join(map(repr, got))} from among them.", ("8.6.3.1.1",), subject=got[0])
        state = _rest_to_deck(state, log, p, got, "deck_top", "the chosen cards")
    else:
        state = put(state, p, eff.to, got)
        shown = f"{p} reveals {', '.join(map(repr, got))} to {other(p)}; " if eff.reveal else ""
        log.add("move", f"{shown}{', '.join(map(repr, got))} go(es) to {p}'s {eff.to}"
                + (f", each on top of the stock ({got[-1]!r} on top, as {p} chose)" if eff.to == "stock" else "") + ".",
                ("8.6.3.1.1", "8.8.1") + (("3.10.2",) if eff.to == "stock" else ()), subject=got[0])
    rest = tuple(x for x in looked if x not in got)
    if rest and eff.rest_to:  # s11 bodies
        state = _rest_to_deck(state, log, p, rest, eff.rest_to)
    elif rest:
        state = put(state, p, "waiting", rest)
        log.add("move", f"The rest ({', '.join(map(repr, rest))}) go to {p}'s waiting room.", ("8.8.1", "3.4.1"))
    return interrupts(state, log)


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
        log.add("nothing", f"{p} has no open {_spot_words16(eff.to)}: nothing is put on the stage.",
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


def _opp_shift(state: State, log: EventLog, p: str, source: str, eff: OppShift) -> State:
    """The master chooses one of the opponent's characters (8.6.3; in `from_area`, 3.6.3) and an open position of the
    opponent's `area` for it (8.6.3); it moves there keeping its state, markers and effects (3.1.4: a move between stage
    positions keeps the card the same card; 3.7.3.1). A character whose text says it cannot move to another position does
    not move (1.3.4); with no open position there it cannot move (8.6.3.1.3)."""
    o = other(p)
    # s14 bodies: "stage": any open position of the stage (3.6.2), center or back
    spots = tuple(pos for pos in _SHIFT_AREAS.get(eff.area, BACK) if state.side(o).at(pos) is None)
    where = "stage" if eff.area == "stage" else f"{eff.area} stage"
    target = _choose_opp(state, log, p, f"moves to an open position of the {where}", area=eff.from_area,
                         may=eff.may)
    if target is None:
        return state
    frm = state.side(o).where(target)
    to_spots = tuple(pos for pos in spots if pos != frm)
    if ban := view.banned(state, target, "no-move"):
        log.add("nothing", f"{target!r} cannot move to another position of the stage ({view.ban_whose(ban)} "
                f"\"{ban.text}\"): it "
                "stays.", ("1.3.4", *view.ban_rules(state, target, ban)), subject=target)
        return state
    if not to_spots:
        log.add("nothing", f"{o}'s {where} has no open position: {target!r} does not move.", ("8.6.3.1.3",
                "3.6.2" if eff.area == "stage" else "3.6.3"), subject=target)
        return state
    _no_attack_on(state, target)
    to = choose(log, p, to_spots, f"open position of {o}'s {where}", f"To which position does {target!r} move?",
                "8.6.3")
    state = _move_to(state, o, target, to)
    log.add("move", f"{target!r} ({o}'s) moves from {frm} to {to}, keeping its state, markers and the effects on it (a "
            "move between stage positions keeps the card the same card).", ("8.6.3", "3.1.4", "3.7.3.1", "8.8.1"),
            subject=target)
    return state


_SHIFT_AREAS = {"center": CENTER, "back": BACK, "stage": POSITIONS}


_SIDE_ZONE14 = {"waiting_room": "waiting"}


def _end_of_turn(state: State, log: EventLog, p: str, source: str, eff: EndOfTurn) -> State:
    """s14 bodies: the effect creates an automatic ability (8.1.1.2) with the activation condition "at the end of turn"
    (6.8.1.1: it activates as the end phase begins) that puts that card into p's `zone`. The rules do not say where such
    an ability is kept: the engine keeps it with that character while it stays on the stage this turn (a card that
    leaves the stage is a new card, 3.1.4, which the effect no longer names), and it is played as p's ability then."""
    target = source if eff.who == "self" else str(log.scratch.get("placed", ""))
    if not target or state.on_stage(target) is None:
        log.add("nothing", f"{target or 'No character'!r} is not on the stage: nothing waits for the end of the turn."
                if target else "No character was put on the stage: nothing waits for the end of the turn.", ("3.1.4", "1.3.3"))
        return state
    if state.player != p:
        raise Unsupported("an effect waiting for the end of the turn, created in the opponent's turn")
    zone = eff.zone.replace("_", " ")
    made = eff.ability or Ability("auto", when="begin:end", effects=(SelfTo(_SIDE_ZONE14.get(eff.zone, eff.zone)),),
                                  text=f"At the end of the turn, put this card into your {zone}.")
    state = pump(state, target, 0, 0, _last(state, p, ""), made)
    log.add("effect", f"At the end of this turn, {target!r} goes into {p}'s {zone}: the effect creates an automatic ability "
            "with the activation condition \"at the end of turn\" (the rules do not say where it is kept: the engine keeps it "
            f"with {target!r} while it stays on the stage this turn).", ("8.1.1.2", "6.8.1.1", "3.1.4"), subject=target)
    return state


_EXECUTE.update({EndOfTurn: _end_of_turn})
_EXECUTE.update({SelfStage17: _self_stage17})  # s17 zone
_EXECUTE.update({OppShift: _opp_shift})


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


_EXECUTE.update({IfToHand: _if_to_hand})
_EXECUTE.update({CondThen: _cond_then})
_COND_RULES["placed-from-hand"] = ("8.6.2.4.1", "3.1.4")  # played from the hand this turn, the same card since
_COND_RULES["facing-gone"] = ("3.6.5", "4.6.1.3")  # s14 heads: no character facing this card, or a reversed one
_COND_RULES["this-orient17"] = ("4.6.1",)  # s17 head: this card's orientation on the stage
_COND_RULES["revealed-icon"] = ("7.3.1.2", "2.11.1")  # s14 heads: the revealed climax's trigger icon


def _conds_hold14(state: State, p: str, source: str, conds: tuple[Cond, ...], info: dict) -> bool:
    """An ability's conditions as it resolves (8.3.3); s14 heads: "if that card's trigger icon is …" looks at the climax
    the trigger check revealed (the ability's `revealed` info, `_trigger_watchers`; 2.11.1)."""
    revealed = info.get("revealed")
    return all((isinstance(revealed, str) and str(c.value) in state.card(revealed).triggers)
               if c.kind == "revealed-icon" else view.cond_holds(state, p, source, c) for c in conds)
_COND_RULES["colours"] = ("2.4", "2.3.2.1.2")  # s14 heads: the colours of your characters on the stage


def ability_kinds(a: Ability) -> tuple[str, ...]:
    """The kinds an ability's effect is "the 【AUTO】 / 【ACT】 / 【CXCOMBO】 effect of" its card in (2.12.1: an ability's category;
    a 【CXCOMBO】 ability is one with that icon, its condition a climax named in the climax area)."""
    return (a.category,) + (("cxcombo",) if a.combo else ()) + (("change",) if a.keyword == "change" else ())  # s14 heads


def _placing(state: State, log: EventLog, p: str, source: str, eff: object,
             run: Callable[[State, EventLog, str, str, Any], State]) -> State:
    """An effect run where an automatic ability waits for a character put on the stage "by the 【AUTO】 effect of "X""
    (8.7.2): each character the effect (with the effects inside it) put on a stage position is noted with the effect's
    card and the kinds of the ability being resolved (`resolving`), for `collect` (`_placed_by`)."""
    depth = log.scratch.get("placing", 0)
    log.scratch["placing"] = depth + 1
    try:
        out = run(state, log, p, source, eff)
    finally:
        log.scratch["placing"] = depth
    if depth or out.serial == state.serial:
        return out
    kinds = log.scratch.get("resolving", ())
    for who in ("A", "B"):
        for _pos, o in out.side(who).characters():
            if o.placed > state.serial:
                happened(log, "placed-by", who, o.uid, source, kinds)
    return out


def _placed_by(state: State, note: tuple) -> list[Pending]:
    """s13 heads: "When this card is placed on the stage … by the 【AUTO】 effect of "X"": the character's abilities that
    wait for its placing by an effect of that kind of a card of that name (8.7.2; 2.1.2)."""
    _, who, uid, source, kinds = note
    name = state.card(source).name
    return [Pending(who, uid, i, f"{uid}: {a.text}", (("rules", ("2.1.2",)),))
            for k in kinds for i, a in state.catalog.autos.get((uid, f"placed-by:{k}:{name}"), ())] \
        + [Pending(who, uid, i, f"{uid}: {a.text}", (("rules", ("10.8.1",)),))  # s14 heads: "by a "Change" effect"
           for i, a in state.catalog.autos.get((uid, "placed-by:change:"), ()) if "change" in kinds] \
        + [Pending(who, uid, i, f"{uid}: {a.text}", (("rules", ("2.1.2",)),))  # s15 heads: "by the effect of "X"", any kind
           for i, a in state.catalog.autos.get((uid, f"placed-by:any:{name}"), ())]



def _placed_from(state: State, note: tuple) -> list[Pending]:
    """s14 zones: "When this card is placed on the stage from your waiting room / deck / memory": the character's abilities
    that wait for its being put on a stage position by an effect from that zone (3.6.1; 8.7.2), while it is still there."""
    _, who, uid, zone = note
    if state.on_stage(uid) is None:
        return []
    return [Pending(who, uid, i, f"{uid}: {a.text}", (("rules", ("3.6.1",)),))
            for i, a in state.catalog.autos.get((uid, f"placed-from:{zone}"), ())]


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


_EXECUTE[StockTop] = _stock_top


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


_EXECUTE[OppWaitingPick] = _opp_waiting_pick


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


_EXECUTE[DeckTopMarker] = _deck_top_marker


# --- s15 body: the effect body (the grammar's block "# s15 body") ------------------------------------------------------

def _pump_self_soul15(state: State, log: EventLog, p: str, source: str, eff: Pump, times: int) -> State:
    """"+X … X is equal to this card's soul ×N": X is this card's soul as the effect resolves (8.8.1; 2.10.1), counted
    once, before this effect's own gain applies (the rules do not say which soul X reads; the engine decides so, as it
    does for "that character's soul"); then the gain goes where the text says (`_pump`). This card off the stage has no
    soul on the stage to count: the engine does not guess one."""
    on = state.on_stage(source)
    if on is None:
        raise Unsupported("'this card's soul' counted while this card is not on the stage")
    k = view.stats(state, on[0], on[1], on[2])[1]
    log.add("count", f"X = {k} ({source!r}'s soul as the effect resolves, before this effect's own gain applies: the rules "
            f"do not say which soul X reads, the engine decides so) × {times}: counted once.", ("8.8.1", "2.10.1"),
            subject=source)
    return _pump(state, log, p, source, replace(eff, power=eff.power * k, soul=eff.soul * k, x=None))


def _chosen_and_self15(state: State, log: EventLog, p: str, source: str, eff: ChosenAndSelf) -> State:
    """"choose 1 of your other characters and this card, and those cards get …": the chosen character gets the gain
    (`_own_pick`, 8.6.3), and so does this card (8.2.1.2); none to choose: this card still gets it (8.6.3.1.3 leaves the
    rest of the effect to be done)."""
    state = _own_pick(state, log, p, source, eff.pick)
    assert eff.pick.gain is not None
    return _pump(state, log, p, source, replace(eff.pick.gain, who="self"))


_EXECUTE[ChosenAndSelf] = _chosen_and_self15


def _facing_bound15(state: State, log: EventLog, p: str, source: str, eff: OppTo, where: str) -> str | None:
    """"choose a level 1 or lower character facing this card, and put it into …": the character facing this card (3.6.5)
    is the only one that can be chosen, and only when it fits the bound (2.6, 2.7; none: nothing happens, 8.6.3.1.3);
    "you may": the master says whether (8.6.3)."""
    assert eff.select is not None
    target = _facing_target(state, log, p, source, f"goes to its owner's {where}")
    if target is None:
        return None
    if not _selects(state, target, eff.select):
        log.add("nothing", f"{target!r}, the character facing {source!r}, is not {article(eff.select.text())}: nothing "
                "can be chosen.", ("3.6.5", "8.6.3.1.3") + (("2.6",) if eff.select.level else ()), subject=target)
        return None
    if eff.may and not yes_no(log, p, f"Does {target!r}, the character facing {source!r}, go to its owner's {where}?",
                              "8.6.3"):
        log.add("decline", f"{p} does not: {target!r} stays (the text says 'you may').", ("8.6.3",))
        return None
    return target

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
    state = _to_clock_bottom15(state, p)
    log.add("move", f"{p} puts the top card of the deck ({card!r}) at the bottom of the clock (the text says where, over "
            "'on the top of those already in the clock').", ("8.8.1", "3.2.3", "3.8.1", "3.8.2", "1.3.1"),
            subject=card if isinstance(card, str) else None)
    return interrupts(state, log)


def _to_clock_bottom15(state: State, p: str) -> State:
    """The card just put on top of p's clock goes under the others instead: the text says "at the bottom of your clock",
    which takes precedence over 3.8.2's "on the top" (1.3.1)."""
    s = state.side(p)
    return state.with_side(p, replace(s, clock=s.clock[-1:] + s.clock[:-1]))


def _waiting_return15(state: State, log: EventLog, p: str, source: str) -> State:
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


def _shuffle15(state: State, log: EventLog, p: str, source: str, eff: Shuffle15) -> State:
    """"shuffle your deck": the deck's order becomes unknown (3.2.4: its owner shuffles it)."""
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.shuffle()))
    log.add("shuffle", f"{p} shuffles the deck.", ("3.2.4", "8.8.1"), subject=source)
    return state


_EXECUTE[Shuffle15] = _shuffle15


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


def _salvage_deck15(state: State, log: EventLog, p: str, got: str, where: str, eff: Salvage) -> State:
    """The chosen card (already taken from p's `where`) goes on top of p's deck (3.2.1: "put it on the top of your deck"),
    or into it ("return it to your deck": where does not matter, the shuffle follows, `_salvage_shuffle`)."""
    s = state.side(p)
    state = state.with_side(p, replace(s, deck=s.deck.put_top((got,))))
    to = "on top of" if eff.to == "deck_top" else "into"
    log.add("move", f"{got!r} goes from {p}'s {where} {to} {p}'s deck.", ("8.6.3",)
            + (("8.6.3.1.1",) if eff.optional else ()) + ("8.8.1", "3.2.1"), subject=got)
    return state


def _mill_compare15(state: State, log: EventLog, p: str, source: str, eff: MillCompare15) -> State:
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


_EXECUTE[MillCompare15] = _mill_compare15


def _reveal_opp_pick15(state: State, log: EventLog, p: str, source: str, eff: RevealOppPick15) -> State:
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


_EXECUTE[RevealOppPick15] = _reveal_opp_pick15


def _heal_many17(state: State, log: EventLog, p: str, eff: Heal) -> State:
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


def _clock_bottom15(state: State, log: EventLog, p: str, source: str, eff: Heal) -> State:
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

def _lasting_ban(state: State, log: EventLog, p: str, source: str, eff: LastingBan) -> State:
    """s15 heads: "until end of turn, your opponent cannot play event cards and "Backup" from hand": the players named
    cannot do so until the end of this turn, or of the opponent's next turn (8.2.1.2: a continuous effect for that time;
    1.3.4: the effect that stops an action takes precedence; `view.backup_banned` looks for it)."""
    players = {"opp": (other(p),), "self": (p,), "all": ("A", "B")}[eff.who]
    last = state.turn + (1 if eff.until == "opp-next" and state.player == p else 0)
    what = {"event": "event cards", "backup": "\"Backup\"", "backup+event": "event cards and \"Backup\""}[eff.kinds]
    until = "the end of this turn" if last == state.turn else "the end of the next turn"
    said = Ability("cont", restrict=f"{eff.kinds}:lasting", text=f"{source!r}'s effect: {what} cannot be played from the "
                   f"hand until {until}")
    log.add("effect", f"{' and '.join(players)} cannot play {what} from the hand until {until}.", ("8.2.1.2", "1.3.4"),
            subject=source)
    return replace(state, bans=state.bans + tuple((pl, eff.kinds, last, said) for pl in players))


_EXECUTE[LastingBan] = _lasting_ban


def _encore_ban15b(state: State, log: EventLog, p: str, source: str, eff: EncoreBan15b) -> State:
    """s15b headzone: "you cannot use "【AUTO】 Encore" until end of turn": the players named cannot use any Encore, the
    keyword's or the rule's [(3)] (10.2.2, 10.2.3), until the end of this turn or of the opponent's next (8.2.1.2; 1.3.4:
    "cannot" takes precedence; `_encore` looks for it in `State.bans`, kind "encore")."""
    players = {"opp": (other(p),), "self": (p,), "all": ("A", "B")}[eff.who]
    last = state.turn + (1 if eff.until == "opp-next" and state.player == p else 0)
    until = "the end of this turn" if last == state.turn else "the end of the next turn"
    said = Ability("cont", restrict="encore:lasting", text=f"{source!r}'s effect: Encore cannot be used until {until}")
    log.add("effect", f"{' and '.join(players)} cannot use Encore (the keyword's or the rule's Encore [③]) until {until}.",
            ("8.2.1.2", "1.3.4", "10.2.3"), subject=source)
    return replace(state, bans=state.bans + tuple((pl, "encore", last, said) for pl in players))


_EXECUTE[EncoreBan15b] = _encore_ban15b


def _encore_banned15b(state: State, p: str) -> Ability | None:
    """s15b headzone: the effect that stops p using Encore now (`_encore_ban15b`), if one lasts."""
    return next((said for pl, kinds, last, said in state.bans if pl == p and kinds == "encore" and last >= state.turn), None)


# --- s16 zone (issue 13, sixteenth session): the zones and cards off the stage (cardtext.py `_BuildZone16`) ------------

def _markers_under16(state: State, uid: str) -> tuple[object, ...]:
    on = state.on_stage(uid)
    return on[2].markers if on else ()


def _pay_markers16(state: State, log: EventLog, p: str, uid: str, n: int, what: str) -> State:
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


def _revealed_stage16(state: State, log: EventLog, p: str, card: str, eff: RevealedTo) -> State:
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


# --- s16 head (issue 13, sixteenth session) -----------------------------------------------------------------------------
def _no_stand(state: State, log: EventLog, p: str, source: str, eff: NoStand) -> State:
    """s16 head: "Those characters cannot 【STAND】 during your opponent's next stand phase", "this card cannot 【STAND】 during
    your next stand phase": each character (chosen by p among the opponent's, 8.6.3; or the ability's card) is given, until
    the end of its master's next turn, the restriction that keeps it rested in that turn's stand phase (6.2.1.2; 1.3.4:
    the effect that stops an action takes precedence; 8.2.1.2: a continuous effect for that time; `view.stays_rested`
    reads it). "Next" is not defined by the rules: the engine reads it as the first stand phase after now, and says so."""
    if eff.who == "self":
        targets: tuple[str, ...] = (source,) if state.on_stage(source) is not None else ()
        if not targets:
            log.add("nothing", f"{source!r} is not on the stage: nothing is kept from standing.", ("1.3.3",), subject=source)
    elif eff.n == 1:
        got = _choose_opp(state, log, p, "cannot stand during its next stand phase", at_most=eff.at_most, bound=eff.select)
        targets = (got,) if got else ()
    else:
        targets = _no_stand_many(state, log, p, source, eff)
    for t in targets:
        on = state.on_stage(t)
        if on is None:
            continue
        master = on[0]
        last = state.turn + (1 if state.player != master else 2)  # that player's next turn (turns alternate, 6.8.1.5)
        said = Ability("cont", restrict="stand", text=f"{source!r}'s effect: this card cannot 【STAND】 during its master's "
                       f"next stand phase (turn {last})")
        state = pump(state, t, 0, 0, last, said)
        log.add("effect", f"{t!r} ({master}'s) cannot stand during {master}'s next stand phase, the one of turn {last} (the "
                "rules do not define \"next\": the engine reads it as the first stand phase after this effect).",
                ("6.2.1.2", "1.3.4", "8.2.1.2") + (("8.6.3",) if eff.who != "self" else ())
                + (("8.6.3.1.1",) if eff.at_most else ()) + _bound_rules(eff.select),
                subject=t)
    return state


def _no_stand_many(state: State, log: EventLog, p: str, source: str, eff: NoStand) -> tuple[str, ...]:
    """"choose up to 2 of your opponent's level 0 or lower characters": any number from none up to `n` (8.6.3.1.1)."""
    opts = _choosable(state, log, p, tuple(o.uid for _pos, o in state.side(other(p)).characters()
                                           if eff.select is None or _within(state, o.uid, eff.select)))
    kind = eff.select.text() if eff.select is not None else "character"
    if not opts:
        log.add("nothing", f"{other(p)} has no {kind} to choose: the effect does nothing.",
                ("8.6.3.1.3",) + _bound_rules(eff.select))
        return ()
    got = pick_up_to(log, p, f"Which of {other(p)}'s characters ({kind}) cannot stand during the next stand phase "
                     f"(up to {eff.n})?", opts, eff.n, "8.6.3.1.1")
    if not got:
        log.add("decline", f"{p} chooses none of {other(p)}'s characters (up to {eff.n}).", ("8.6.3.1.1",), subject=source)
    return got


_EXECUTE[NoStand] = _no_stand
