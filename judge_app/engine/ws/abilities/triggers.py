"""Automatic abilities entering their standby condition (8.7): which abilities wait for what happened (`collect`),
with their watchers, limits and side notes."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from judge_app.engine.core import EventLog
from judge_app.engine.ws import conditions, view
from judge_app.engine.ws.abilities.common import (
    _IN_MEMORY,
    _KIND_CHARACTER,
    _KIND_CLIMAX,
    _OWN_USED,
    ENCORE_DEFAULT,
)
from judge_app.engine.ws.effects import USED_KEYWORDS16B, WATCHING16, Ability, Cond, has_name, has_trait
from judge_app.engine.ws.state import Card, Pending, State, other, replace

# --- standby (8.7.2) ------------------------------------------------------------------------------

def _stage_abilities(state: State, p: str, uid: str) -> list[tuple[int, Ability]]:
    return list(enumerate(state.card(uid).abilities))


# What a card's other characters (or its climax) doing makes the abilities of p's characters watching it trigger:
# "When your other 《T》 character attacks" / "… becomes reversed in battle", "When your climax is placed on your
# climax area" (8.7.2: each ability whose activation condition is fulfilled enters its standby condition).
_WATCHED = {"attacks": "other-attacks", "reversed": "other-reversed", "climax-placed": "your-climax-placed",
            "climax-put": "your-climax-placed",  # s22 ws: a climax put there by an effect (3.11.1), not played
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
            or (kind in _CLIMAX_ARRIVES and "opp-climax-placed" in heads)  # s10-wshead; s22 ws: put by an effect
            or (kind == "level-up" and "opp-level-up" in heads)  # s14 heads
            or (kind == "trigger-reveals" and "self-trigger-reveals" in heads)  # s11-wshead
            # s20 head: "When your opponent uses "X"" (a keyword's use, 10.7.4, 10.12.3); "When … use(s) "Change"" (10.8.5)
            or (kind.startswith("used-") and f"opp-{kind}" in heads)
            or (kind == "placed-by" and not heads.isdisjoint(("used-change", "opp-used-change"))))


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
            if a.category == "auto" and head == when and not _memory_only(a) and _watched_fits(state, uid, trait):
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
        return conditions.has_icons(state.card(uid).triggers, wanted[1:-1])  # s18 head: or a pair ("soul+soul")
    if wanted.startswith('"'):  # s8-wsrealb: "When a card named "X" is placed on your climax area" (2.1.2)
        return has_name(wanted[1:-1], state.card(uid).name)  # s11-wshead: also a portion of the name (2.1.2.2)
    return has_trait(wanted, view.traits_of(state, uid))


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
    if c is None:
        return []  # s21 head: a card of any kind may fit ("a card with [SOUL] in its trigger icon"; `_reveal_fits`)
    out = []
    for _pos, o in state.side(who).characters():
        for i, a in _stage_abilities(state, who, o.uid):
            heads = [w.partition(":") for w in a.whens] if a.category == "auto" else []
            fit = next((icon for h, _, icon in heads if _reveal_fits(icon, c)
                        and (h == "trigger-reveals" or (h == "self-trigger-reveals" and o.uid == attacker))), None)
            if fit is not None:
                rules = ("7.3.1.2", "2.11.1") if fit[:1] == "[" or fit[:5] == "card[" else ("7.3.1.2", "2.4") if fit \
                    else ("7.3.1.2",)
                # s14 heads: the revealed climax, for "if that card's trigger icon is …" (`_conds_hold`)
                out.append(Pending(who, o.uid, i, f"{o.uid}: {a.text}", (("rules", rules), ("revealed", card))))
        out += _gained_reveals(state, o.uid, c, o.uid == attacker)
    return out


def _gained_reveals(state: State, uid: str, c: Card, attacking: bool) -> list[Pending]:
    """s16 quote: the trigger-check timings of the abilities an effect (8.2.1.2) or a continuous ability (8.9.1) gave `uid`:
    each timing the revealed climax `c` fulfils (any climax, one of its trigger icons, 2.11.1, or its colour, 2.4), this
    card's own only when it is the attacking character (7.3.1.2), as its printed ones are watched."""
    fits = ("", *(f"[{t}]" for t in c.triggers), *((c.color.lower(),) if c.color else ())) \
        if c.kind is _KIND_CLIMAX else ()
    fits += tuple(f"card[{t}]" for t in c.triggers)  # s21 head: a card of any kind with that icon (2.11.1)
    heads = ("trigger-reveals", "self-trigger-reveals") if attacking else ("trigger-reveals",)
    return [replace(pd, info=tuple((k, (*v, "7.3.1.2")) if k == "rules" and isinstance(v, tuple) else (k, v)
                                   for k, v in pd.info) + (("revealed", c.uid),))
            for h in heads for f in fits for pd in _gained(state, uid, f"{h}:{f}" if f else h)]


def _reveal_fits(want: str, c: Card) -> bool:
    """The climax a trigger check revealed against what the timing names: "" any; "[X]" a trigger icon (2.11.1); else (s15
    heads) a colour (2.4)."""
    if want[:5] == "card[":  # s21 head: "a card with [X] in its trigger icon": any kind of card (2.11.1)
        return want[5:-1] in c.triggers
    if c.kind is not _KIND_CLIMAX:
        return False
    if not want:
        return True
    return want[1:-1] in c.triggers if want[:1] == "[" else c.color.lower() == want


def _memory_begin(state: State, p: str, phase: str) -> list[Pending]:
    """The beginning of p's phase: "your" phase for p's memory, "the" phase for both, "your opponent's" for the other."""
    return _from_memory(state, p, (f"begin:{phase}", f"begin-any:{phase}")) \
        + _from_memory(state, other(p), (f"begin-any:{phase}", f"begin:opp-{phase}"))


def _used_waiting(when: str, state: State, who: str) -> list[Pending]:
    # s20 head: "When your opponent uses "X"": the other side's abilities wait for it too (8.7.2)
    return _side_waiting(state, who, when) + _side_waiting(state, other(who), f"opp-{when}")


def _used_info20(note: tuple, pends: list[Pending]) -> list[Pending]:
    """s20 head: the climaxes a used Brainstorm put into the waiting room (the happening's count, `resolve.used_keyword16b`)
    go with each ability it makes wait, for "if a climax is put into the waiting room by that effect" (10.7.1, 10.7.3)."""
    if len(note) < 4 or not str(note[0]).endswith("-brainstorm") or not isinstance(note[3], int):
        return pends
    return [replace(p, info=p.info + (("brainstorm-climaxes", note[3]),)) for p in pends]


# Happenings of a player (not of a card) that the abilities of that player's characters wait for.
_SIDE_NOTES: dict[str, Callable[[State, str], list[Pending]]] = {
    "act-used": lambda state, who: _act_watchers(state, who),
    "level-up": lambda state, who: _side_waiting(state, who, "level-up") + _from_memory(state, who, ("level-up",))
    + _side_waiting(state, other(who), "opp-level-up"),  # s14 heads: "When your opponent levels up" (9.3, 8.7.2)
    "event-played": lambda state, who: _side_waiting(state, who, "event-played"),  # s13 zones (6.5.1.2.2, 7.4.1.2.1)
    # s16b ws: "When you use "Accelerate"" (10.7.4, 10.12.3): the abilities of who's characters waiting for it
    **{f"used-{k}": partial(_used_waiting, f"used-{k}") for k in USED_KEYWORDS16B},
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


# a climax arriving on a climax area: played (8.6.2.4.3) or, s22 ws, put there by an effect (3.11.1)
_CLIMAX_ARRIVES = ("climax-placed", "climax-put")


def _card_waiting(state: State, kind: str, note: tuple) -> list[Pending]:
    """The abilities a happening of one card makes wait: its own (printed or gained) and those watching it."""
    _, who, uid = note[:3]
    if note[3:] == ("effect",):  # s9-wsrealb: reversed by an effect, not in battle
        return _reversed_by_effect(state, who, uid)
    new = [Pending(who, uid, i, f"{uid}: {a.text}") for i, a in state.catalog.autos.get((uid, kind), ())]
    new += _gained(state, uid, kind)
    if kind in _WATCHED:
        new += _watchers(state, who, uid, _WATCHED[kind])
    if kind in _CLIMAX_ARRIVES:  # s21 head: a Memory 【AUTO】 ability of who's memory waiting for it (10.9.1)
        new += _memory_watchers21(state, who, uid, _WATCHED[kind])
    if kind == "backup-used":  # Backup is an 【ACT】 ability (10.5.2)
        new += _act_watchers(state, who)
    return _used_info20(note, new) if kind in _OWN_USED else new


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


def _timed_due(state: State, p: str, phase: str) -> tuple[State, list[Pending]]:
    """The automatic abilities an effect created with a timed activation (8.7.5; `AtNextPhase`) that wait for the
    beginning of p's `phase` in a later turn than the one they were made in: they activate now (8.7.2), once, and are
    no longer kept."""
    when = f"begin:{phase}"
    due = [t for t in state.timed if t[0] == p and t[3] == when and t[1] < state.turn]
    if not due:
        return state, []
    return (replace(state, timed=tuple(t for t in state.timed if t not in due)),
            [Pending(m, uid, -3, f"{uid}: {a.text} (created by an effect)", (("gained", a), ("rules", ("8.7.5",))))
             for m, _turn, uid, _when, a in due])


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
        elif kind in ("attacks", "placed", "reversed", "opp-reversed", "climax-placed", "climax-put", "backup-used",
                      *_OWN_USED, "frontal-attacked", "frontal-attacks", "direct-attacks", "side-attacks"):
            new += _card_waiting(state, kind, note)
            if kind in _CLIMAX_ARRIVES:  # s10-wshead: "When a climax is placed on your opponent's climax area"
                new += _watchers(state, other(note[1]), note[2], "opp-climax-placed")
        elif kind == "placed-by":  # s13 heads
            new += _placed_by(state, note)
        elif kind == "placed-from":  # s14 zones
            new += _placed_from(state, note)
        elif kind == "trigger-reveals":  # s11-wshead (7.3.1.2)
            new += _trigger_watchers(state, note)
        elif kind in _SIDE_NOTES:  # "When you use an 【ACT】"; s8-wsrealb: "When you level up" (9.3)
            new += _used_info20(note, _SIDE_NOTES[kind](state, note[1]))
        elif kind == "begin":
            new += _begin_waiting(state, state.player, note[1])
            state, due = _timed_due(state, state.player, note[1])  # s18 zone: created by an effect (8.7.5)
            new += due
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
           for i, a in state.catalog.autos.get((uid, f"placed-by:any:{name}"), ())] \
        + ([replace(p, info=p.info + (("rules", ("10.8.5",)),)) for p in _used_waiting("used-change", state, who)]
           if "change" in kinds else [])  # s20 head: "When you use "Change"": a card of who's placed by Change (10.8.5)



def _placed_from(state: State, note: tuple) -> list[Pending]:
    """s14 zones: "When this card is placed on the stage from your waiting room / deck / memory": the character's abilities
    that wait for its being put on a stage position by an effect from that zone (3.6.1; 8.7.2), while it is still there."""
    _, who, uid, zone = note
    if state.on_stage(uid) is None:
        return []
    return [Pending(who, uid, i, f"{uid}: {a.text}", (("rules", ("3.6.1",)),))
            for i, a in state.catalog.autos.get((uid, f"placed-from:{zone}"), ())]


# --- s21 head (issue 13, twenty-first session) -----------------------------------------------------------------------

def _memory_watchers21(state: State, who: str, uid: str, when: str) -> list[Pending]:
    """"Memory If this card is in your memory, when "X" is placed on your climax area, …": the Memory 【AUTO】 abilities of
    the cards in who's memory (10.9.1: possessed by the card in the memory; 2.12.2) whose activation condition the placed
    climax `uid` fulfils (8.7.2; a name, 2.1.2), as `_watchers` finds those of the stage's characters."""
    out = []
    for x in dict.fromkeys(state.side(who).memory):
        if not isinstance(x, str):
            continue
        for i, a in enumerate(state.card(x).abilities):
            head, _, want = next((w.partition(":") for w in a.whens if w.partition(":")[0] == when), ("", "", ""))
            if a.category == "auto" and head == when and _memory_only(a) and _watched_fits(state, uid, want):
                rules = ("2.12.2", "10.9.1") + (("2.1.2",) if want.startswith('"') else ())
                out.append(Pending(who, x, i, f"{x}: {a.text}", (("rules", rules), ("watched", uid))))
    return out
