"""Playing cards and abilities in the turn player's play timings (6.4.1.2, 6.5.1.2, 6.6.1.2, 8.6)."""

from __future__ import annotations

from judge_app.engine.core import Choice, EventLog, Rejected, Unsupported, ask
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities import ability_kinds, can_pay, execute, pay, used_keyword16b
from judge_app.engine.ws.answers import answers_of, give
from judge_app.engine.ws.attack import play_event_effects
from judge_app.engine.ws.effects import Ability, Cost, effects_in
from judge_app.engine.ws.state import POSITIONS, Kind, Phase, Point, State, replace
from judge_app.engine.ws.timing import check_timing
from judge_app.engine.ws.turn import enter
from judge_app.engine.ws.zones import draw, happened, interrupts, place, remove, transfer

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_KIND_CHARACTER = Kind.CHARACTER
_KIND_CLIMAX = Kind.CLIMAX
_KIND_EVENT = Kind.EVENT
_PHASE_ATTACK = Phase.ATTACK
_PHASE_CLIMAX = Phase.CLIMAX
_PHASE_CLOCK = Phase.CLOCK
_PHASE_MAIN = Phase.MAIN
_POINT_CLOCK = Point.CLOCK
_POINT_PLAY = Point.PLAY


def _own_timing(state: State, p: str, phase: Phase, point: Point, what: str, rule: str) -> None:
    if p != state.player or state.phase is not phase or state.point is not point:
        raise Rejected(f"{p} cannot {what} now: it is {state.player}'s {state.phase} phase", rule)


def _in_hand(state: State, p: str, uid: str, kind: Kind | None, rule: str) -> None:
    if uid not in state.side(p).hand:
        raise Rejected(f"{uid!r} is not in {p}'s hand", rule)
    if kind is not None and state.card(uid).kind is not kind:
        raise Rejected(f"{uid!r} is a {state.card(uid).kind}, not a {kind}", rule)


def requirements(state: State, p: str, uid: str, log: EventLog) -> None:
    """8.6.2.1: colour (not for level 0 characters and events) and level (not for climaxes); the cost (8.6.2.3)."""
    c = state.card(uid)
    banned = view.play_banned(state, p, uid) if c.abilities else None
    if banned is not None:  # its own text: "If …, this card cannot be played from your hand." (2.12.2, 8.3.3)
        raise Rejected(f"{uid!r} cannot be played from the hand now: its own text says so ({banned.text!r}, its "
                       "condition holds)", "8.6.2", "2.12.2", "8.3.3")
    lv = view.hand_level(state, p, uid) if c.abilities else c.level  # its own "-1 level while in your hand" (2.6)
    if c.kind is not _KIND_CLIMAX and lv > view.level(state, p):
        raise Rejected(f"{uid!r} is level {lv} and {p} is level {view.level(state, p)}", "8.6.2.1.2",
                       *(("2.6.1", "2.12.2") if lv != c.level else ()))
    waived = view.colour_waived(state, p, uid) if c.abilities and not (c.kind is not _KIND_CLIMAX and lv <= 0) else None
    if waived is not None:
        log.add("play", f"{uid!r} needs no card of its colour in {p}'s level or clock: its own text says so "
                f"({waived.text!r}).", ("8.6.2.1.1", "1.3.1"), subject=uid)
    elif not (c.kind is not _KIND_CLIMAX and lv <= 0):
        ok = view.color_ok(state, p, uid)
        if ok is None and state.undescribed_irrelevant:
            log.add("assume", f"The unnamed cards of {p}'s clock and level are assumed not to matter: none is "
                    f"{c.color} (the scenario's assumption).", ("8.6.2.1.1",), subject=uid)
            ok = False
        if ok is None:
            raise Unsupported(f"whether {p} may play {uid!r} depends on the colours of unnamed cards in {p}'s clock "
                              "or level (8.6.2.1.1)", subject=uid, hint=f"name them on `{p} clock:`/`{p} level:` lines")
        if not ok:
            assumed = " (the undescribed ones assumed not to matter)" if state.undescribed_irrelevant else ""
            raise Rejected(f"{uid!r} is {c.color}: {p} has no {c.color} card in level or clock{assumed}", "8.6.2.1.1")
    if len(state.side(p).stock) < c.cost:
        raise Rejected(f"{uid!r} costs {c.cost} and {p} has {len(state.side(p).stock)} stock", "8.6.2.3.2", "2.7.2",
                       "8.4.2.2")


def clock(state: State, log: EventLog, p: str, uid: str | None) -> State:
    _own_timing(state, p, _PHASE_CLOCK, _POINT_CLOCK, "put a card into the clock", "6.4.1.2")
    if uid is None:
        log.add("clock", f"{p} puts no card into the clock.", ("6.4.1.2", "6.4.1.3"))
    else:
        _in_hand(state, p, uid, None, "6.4.1.2")
        state = transfer(state, p, "hand", uid, "clock")
        log.add("clock", f"{p} puts {uid!r} from hand into the clock ({len(state.side(p).clock)} in clock).",
                ("6.4.1.2", "6.4.1.3"), subject=uid)
        state = interrupts(state, log)  # a level up interrupts at once (9.1.2.1)
        state = draw(state, log, p, 2, "6.4.1.2")
    state = check_timing(state, log)  # 6.4.1.3
    return enter(state, _PHASE_MAIN)


def play_character(state: State, log: EventLog, p: str, uid: str, pos: str) -> State:
    _own_timing(state, p, _PHASE_MAIN, _POINT_PLAY, "play a character", "6.5.1.2.1")
    _in_hand(state, p, uid, _KIND_CHARACTER, "6.5.1.2.1")
    if pos not in POSITIONS:
        raise Rejected(f"{pos!r} is not a stage position", "3.6.3")
    requirements(state, p, uid, log)
    c = state.card(uid)
    lv = view.hand_level(state, p, uid) if c.abilities else c.level
    changed = f", its own ability making it level {lv} in the hand" if lv != c.level else ""
    log.add("play", f"{p} plays {uid!r} onto {pos} (level {c.level}{changed}, cost {c.cost}: "
            f"{'no colour needed at level 0' if lv <= 0 else 'colour, level and cost allow it'}).",
            ("6.5.1.2.1", "8.6.2", "8.6.2.1", "8.6.2.1.2", "8.6.2.2.1", "8.6.2.3")
            + (("8.6.2.1.1.1",) if lv <= 0 else ("8.6.2.1.1",)) + (("2.6.1", "2.12.2") if changed else ()), subject=uid)
    if c.cost:
        state = pay(state, log, p, uid, Cost(stock=c.cost), repr(uid))
    occupied = state.side(p).at(pos)
    state = place(remove(state, p, "hand", uid), p, pos, uid, from_hand=state.catalog.reads_from_hand)
    log.add("place", f"{uid!r} is placed on {p}'s {pos}" + (f" where {occupied.uid!r} stands" if occupied else "") + ".",
            ("8.6.2.4.1",), subject=uid)
    happened(log, "placed", p, uid)
    return check_timing(state, log)


def seed_answers(log: EventLog, p: str, targets: tuple[str, ...]) -> None:
    """Targets written on the action line answer the effect's choices, in order (8.6.3)."""
    give(log, p, targets)


def play_event(state: State, log: EventLog, p: str, uid: str, targets: tuple[str, ...] = ()) -> State:
    _own_timing(state, p, _PHASE_MAIN, _POINT_PLAY, "play an event", "6.5.1.2.2")
    _in_hand(state, p, uid, _KIND_EVENT, "6.5.1.2.2")
    ban = view.backup_banned(state, p, "event")  # s13 zones: "your opponent cannot play event cards from hand"
    if ban is not None and ban.restrict.endswith(":lasting"):  # s15 heads: an effect's restriction for a time (8.2.1.2)
        raise Rejected(f"{p} cannot play an event now: {ban.text}", "1.3.4", "8.2.1.2")
    if ban is not None:
        raise Rejected(f"{p} cannot play an event now: a continuous ability forbids it ({ban.text!r}, its condition "
                       "holds)", "1.3.4", "8.9.1")
    requirements(state, p, uid, log)
    if targets:
        if not any(getattr(e, "who", "").startswith("choose") for a in state.card(uid).abilities
                   for e in effects_in(a.effects)):
            raise Rejected(f"{uid!r} chooses no target", "8.6.3")
        seed_answers(log, p, targets)
    log.add("play", f"{p} plays the event {uid!r} from hand.", ("6.5.1.2.2", "8.6.2.1"), subject=uid)
    happened(log, "event-played", p, uid)  # s13 zones: "When you play an event card" waits (8.7.2)
    return check_timing(play_event_effects(state, log, p, uid), log)


def play_climax(state: State, log: EventLog, p: str, uid: str) -> State:
    _own_timing(state, p, _PHASE_CLIMAX, _POINT_PLAY, "play a climax", "6.6.1.2.1")
    _in_hand(state, p, uid, _KIND_CLIMAX, "6.6.1.2.1")
    requirements(state, p, uid, log)
    state = transfer(state, p, "hand", uid, "climax")
    log.add("play", f"{p} plays the climax {uid!r} into the climax area (a climax needs no level; its colour is "
            f"in {p}'s level or clock); no other play timing follows.", ("6.6.1.2.1", "8.6.2.4.3", "8.6.2.1.1",
            "8.6.2.1.2.1", "6.6.1.2.2", "6.6.1.3", "3.11.1"), subject=uid)
    state = replace(state, climax_played=True)
    happened(log, "climax-placed", p, uid)
    state = check_timing(state, log)  # 6.6.1.2.2: no other play timing, 6.6.1.3
    return enter(state, _PHASE_ATTACK)


def move(state: State, log: EventLog, p: str, src: str, dst: str) -> State:
    _own_timing(state, p, _PHASE_MAIN, _POINT_PLAY, "move characters", "6.5.1.2.4")
    if src not in POSITIONS or dst not in POSITIONS or src == dst:
        raise Rejected("name two different stage positions", "6.5.1.2.4")
    s = state.side(p)
    a, b = s.stage[POSITIONS.index(src)], s.stage[POSITIONS.index(dst)]
    if not a and not b:
        raise Rejected("both stage positions are empty", "6.5.1.2.4")
    for o in a + b:  # s8-wsreala: "This card cannot move to another position of the stage" (1.3.4)
        if ban := view.banned(state, o.uid, "no-move"):
            raise Rejected(f"{o.uid!r} cannot move to another position of the stage: {view.ban_whose(ban)} "
                           f"\"{ban.text}\"",
                           "1.3.4", "6.5.1.2.4", *view.ban_rules(state, o.uid, ban))
    state = state.with_side(p, s.with_pos(src, b).with_pos(dst, a))
    marked = any(o.markers for o in a + b)
    log.add("move", f"{p} exchanges the cards on {src} and {dst}" + (", with the markers under them" if marked else "")
            + "; a move between stage positions keeps the card the same card.",
            ("6.5.1.2.4", "3.1.4") + (("3.7.3.1", "3.7.1.1") if marked else ()))
    return check_timing(state, log)


def named_backup(state: State, uid: str, index: int) -> None:
    """`B uses "X", ability N` where a Backup is played: the Nth 【ACT】 ability printed on the card is its Backup,
    or the line is rejected rather than read as the Backup anyway (7.4.1.2.1: only Backup or a counter event there)."""
    acts = [a for a in state.card(uid).abilities if a.category == "act"]
    if not 1 <= index <= len(acts) or acts[index - 1].keyword != "backup":
        raise Rejected(f"{uid!r}'s 【ACT】 ability {index} is not its Backup: in the counter step the defending player "
                       "plays only a Backup or a counter event", "7.4.1.2.1", "10.5.1")


def _acts(state: State, uid: str) -> list[tuple[str, Ability, tuple[str, ...]]]:
    """The 【ACT】 abilities `uid` has, each with its text and the rule that gives it: printed first (in printed order), then
    s15 quote: one an effect gave it for a time (8.2.1.2: the card has it as its own until the duration ends) and one a
    continuous ability gives it while that ability's conditions hold (8.9.1: "this card gets the following ability.
    "【ACT】 …"")."""
    c = state.card(uid)
    acts: list[tuple[str, Ability, tuple[str, ...]]] = [(c.texts[i], a, ()) for i, a in enumerate(c.abilities)
                                                          if a.category == "act"]
    on = state.on_stage(uid)
    if on is not None:
        acts += [(a.text, a, ("8.2.1.2",)) for a in on[2].gained if getattr(a, "category", "") == "act"]
        acts += [(g.text, g, ("8.9.1",)) for _src, _a, g in view.granted_acts(state, on[0], on[1], uid)]
    return acts


def _which_act(state: State, log: EventLog, p: str, uid: str, index: int) -> tuple[str, Ability, tuple[str, ...]]:
    """The 【ACT】 ability of `uid` that `p` plays (6.5.1.2.3: "any of the activated abilities" of a character), with its
    text and the rule that gives it when it is not printed (`_acts`). `index` (`A uses "X", ability 2`) names the Nth
    【ACT】 ability of the card (printed ones first); without it, a card with one 【ACT】 ability plays that one, one of
    several the player can pay for is the only one the rules allow (8.6.2.3.2, said in the step), and several the
    player can pay for are asked, listing them (never guessed)."""
    acts = _acts(state, uid)
    if index:
        if not 1 <= index <= len(acts):
            raise Rejected(f"{uid!r} has {len(acts)} 【ACT】 abilit{'y' if len(acts) == 1 else 'ies'}, not {index}",
                           "6.5.1.2.3", "8.1.1.1.1")
        a = acts[index - 1][1]
        if a.keyword == "backup":
            raise Rejected(f"{uid!r}'s 【ACT】 ability {index} is Backup, played from the hand in the counter step",
                           "10.5.1", "7.4.1.2.1")
        if not can_pay(state, p, uid, a.cost):
            raise Rejected(f"{p} cannot pay {a.cost.text()}", "8.6.2.3.2")
        return acts[index - 1]
    usable = [x for x in acts if x[1].keyword != "backup"]
    if not usable:
        raise Rejected(f"{uid!r} has no activated ability to play in the main phase", "6.5.1.2.3")
    payable = [x for x in usable if can_pay(state, p, uid, x[1].cost)]
    if len(usable) == 1 or not payable:
        if not payable:
            raise Rejected(f"{p} cannot pay " + " nor ".join(a.cost.text() for _t, a, _r in usable), "8.6.2.3.2")
        return usable[0]
    if len(payable) == 1:
        log.add("infer", f"{uid!r} has {len(usable)} 【ACT】 abilities and {p} can pay the cost of only one, "
                f"{payable[0][0]!r}: it is the one {p} plays (the others cannot be played, 8.6.2.3.2).",
                ("6.5.1.2.3", "8.6.2.3.2"), subject=uid)
        return payable[0]
    labels = [t for t, _a, _r in payable]
    (v,) = ask(answers_of(log), Choice(p, f"Which 【ACT】 ability of {uid!r} does {p} play?", tuple(labels),
                                       "6.5.1.2.3", log.line),
               lambda ans: None if len(ans.values) == 1 and ans.values[0] in labels else
               "answer with the text of one of the listed 【ACT】 abilities")
    return payable[labels.index(v)]


_ACT_SLOT17 = -300  # s17 head: the `activations` key of a card's k-th 【ACT】 ability (`_acts` order): -300 - k


def _act_limit17(state: State, log: EventLog, uid: str, label: str, a: Ability) -> State:
    """s17 head: "This ability activates up to N time(s) per turn." on an 【ACT】 ability: the card's own limit (the rules set
    none; 6.5.1.2.3 lets the turn player play activated abilities in the main phase): past N uses this turn it is rejected;
    each use is counted with the turn's activations (emptied as a turn begins)."""
    key = _ACT_SLOT17 - [t for t, _a, _r in _acts(state, uid)].index(label)
    used = state.activations.count((uid, key))
    if used >= a.limit:
        raise Rejected(f"{uid!r}'s 【ACT】 ability has been used {used} time(s) this turn, as many as its text allows (the "
                       "card's own limit; the rules set none)", "6.5.1.2.3")
    log.add("limit", f"{uid!r}'s 【ACT】 ability: use {used + 1} of the {a.limit} its text allows this turn (the card's own "
            "limit; the rules set none).", ("6.5.1.2.3",), subject=uid)
    return replace(state, activations=state.activations + ((uid, key),))


def activate(state: State, log: EventLog, p: str, uid: str, targets: tuple[str, ...] = (), index: int = 0) -> State:
    _own_timing(state, p, _PHASE_MAIN, _POINT_PLAY, "play an activated ability", "6.5.1.2.3")
    on = state.on_stage(uid)
    if not on or on[0] != p:
        raise Rejected(f"{uid!r} is not one of {p}'s characters on the stage", "6.5.1.2.3")
    label, a, given = _which_act(state, log, p, uid, index)
    state = _act_limit17(state, log, uid, label, a) if a.limit else state
    if targets:
        if not any(getattr(e, "who", "").startswith("choose") for e in effects_in(a.effects)):
            raise Rejected(f"{uid!r}'s ability chooses no target", "8.6.3")
        seed_answers(log, p, targets)
    several = len(_acts(state, uid)) > 1
    log.add("play", f"{p} plays {uid!r}'s activated ability" + (f" {label!r}" if several or given else "")
            + (" (an ability it has gained)" if given else "") + ".",
            ("6.5.1.2.3", "8.6.2") + (("8.6.2.1",) if several else ()) + given, subject=uid)
    happened(log, "act-used", p, uid)  # "When you use an 【ACT】" (8.7.2)
    state = pay(state, log, p, uid, a.cost, f"{uid!r}'s ability")
    log.scratch["resolving"] = ability_kinds(a)  # s13 heads: "by the 【ACT】 effect of "X"" (`abilities._placing`)
    for eff in a.effects:
        state = execute(state, log, p, uid, eff)
    used_keyword16b(state, log, p, uid, a)  # s16b ws: "When you use "Brainstorm"" (10.7.4, 10.12.3)
    log.scratch.pop("resolving", None)
    return check_timing(state, log)
