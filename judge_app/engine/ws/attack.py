"""Attack and battle (chapter 7): declaration, trigger step, counter step, damage step, battle step, encore step."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core import Answer, Choice, EventLog, Rejected, Unsupported, ask
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities import can_pay, execute, pay, pump, set_orient, trigger_icon
from judge_app.engine.ws.answers import answers_of, give, peek
from judge_app.engine.ws.effects import Ability, Cost, Pump
from judge_app.engine.ws.state import CENTER, FACING, Attack, Kind, Orient, Point, State, other, replace
from judge_app.engine.ws.timing import check_timing
from judge_app.engine.ws.zones import deal_damage, happened, leave_stage, take_top, transfer

# Enum members used by the procedures below, looked up once: an enum class's attribute look-up goes through
# EnumType's __getattr__ hook (Python 3.11): 0.4-0.8 µs against 0.01 µs for a module global.
_KIND_EVENT = Kind.EVENT
_ORIENT_REST = Orient.REST
_ORIENT_REVERSE = Orient.REVERSE
_ORIENT_STAND = Orient.STAND
_POINT_COUNTER = Point.COUNTER
_POINT_DECLARE = Point.DECLARE
_POINT_PLAY = Point.PLAY


def _declared(log: EventLog, p: str, uid: str, kind: str, facing: str | None) -> None:
    """What the declaration makes happen for the automatic abilities (7.2.1.6): the attack, and its kind."""
    happened(log, "attacks", p, uid)
    if kind == "frontal" and facing is not None:  # s9-wsreala: "When this card frontal attacks" (7.2.1.4.1)
        happened(log, "frontal-attacks", p, uid)
        happened(log, "frontal-attacked", other(p), facing)  # "When this card is frontal attacked" (7.2.1.5.1)
    if kind in ("direct", "side"):  # s10-wshead: "When this card direct | side attacks" (7.2.1.4.1, 7.2.1.4.2)
        happened(log, f"{kind}-attacks", p, uid)


def declare(state: State, log: EventLog, p: str, uid: str, kind: str | None) -> State:
    """7.2.1.3-7.2.1.6, then the trigger step and, when no counter can be played, the rest of the attack."""
    if state.point is not _POINT_DECLARE or p != state.player:
        raise Rejected(f"{p} cannot attack now: attacks are declared by the turn player in the attack declaration "
                       "step", "7.2.1.3", "7.1.1")
    if state.first_turn and state.attacks_done >= 1:
        raise Rejected("on the starting player's first turn only one attack may be made", "7.2.1.3.1")
    on = state.on_stage(uid)
    if not on or on[0] != p or on[1] not in CENTER:
        raise Rejected(f"{uid!r} is not on {p}'s center stage: only center-stage characters attack", "7.1.1",
                       "7.2.1.3", "3.6.3")
    _, pos, o = on
    if o.orient is not _ORIENT_STAND:
        raise Rejected(f"{uid!r} is not standing ({o.orient}): only standing characters attack", "7.2.1.3", "7.1.1")
    if ban := view.banned(state, uid, "no-attack"):  # s14 heads: "this card cannot attack" (1.3.4)
        raise Rejected(f"{uid!r} cannot attack: its text says \"{ban.text}\"", "1.3.4", "7.2.1.3",
                       *view.ban_rules(state, uid, ban))
    opp = other(p)
    facing_pos = FACING[pos]
    facing = state.side(opp).at(facing_pos)
    performer = view.great_performer(state, opp)
    notes: list[tuple[str, tuple[str, ...]]] = []
    if performer:
        notes.append((f"{performer!r} has Great Performance: the attack is a frontal attack on it.",
                      ("10.6.1", "10.6.2")))
        kind, facing, facing_pos = "frontal", state.side(opp).at("CM"), "CM"
    if facing is None:
        if kind not in (None, "direct"):
            raise Rejected(f"no character faces {uid!r}: the attack can only be a direct attack", "7.2.1.4.1")
        kind = "direct"
    else:
        kind = _facing_kind(state, log, p, uid, facing.uid, kind, notes, performer)
    log.add("attack", f"{p} attacks with {uid!r} ({kind} attack).", ("7.2.1.3", "7.2.1.4", "3.6.5", "7.1.1"),
            subject=uid,
            facts=(("type", kind),))
    for text, rules in notes:
        log.add("attack", text, rules)
    att = Attack(p, uid, pos, kind, facing.uid if kind == "frontal" and facing else None,
                 facing_pos if kind == "frontal" else None)
    state = replace(state, attack=att)
    if kind == "direct":
        state = pump(state, uid, 0, 1)
        log.add("soul", f"Direct attack: {uid!r} gets +1 soul until end of turn.", ("7.2.1.4.1",), subject=uid)
    elif kind == "side":
        lv = view.card_level(state, facing.uid)  # type: ignore[union-attr]
        kept = view.banned(state, uid, "side-soul-kept") if lv > 0 else None  # s20 head: its soul does not decrease
        if kept is not None:
            why = view.ban_rules(state, uid, kept)
            whose = {"8.2.1.2": "an effect gave it", "8.9.1": "a continuous ability gives it"}.get(
                why[0] if why else "", view.ban_whose(kept))
            log.add("soul", f"Side attack: {uid!r}'s soul does not decrease ({whose} \"{kept.text}\").",
                    ("7.2.1.4.2", "1.3.4") + why, subject=uid)
        elif lv > 0:
            state = pump(state, uid, 0, -lv)
            log.add("soul", f"Side attack: {uid!r} gets -{lv} soul until end of turn (the level of {facing.uid!r}).",  # type: ignore[union-attr]
                    ("7.2.1.4.2",), subject=uid)
        else:
            log.add("soul", f"Side attack: {facing.uid!r} is level 0, so {uid!r}'s soul does not change.",  # type: ignore[union-attr]
                    ("7.2.1.4.2",), subject=uid)
    elif facing is not None:  # a frontal attack
        log.add("battle", f"{facing.uid!r} is the defending character.", ("7.2.1.5.1", "7.2.1.5.2"),
                subject=facing.uid)
    state = set_orient(state, uid, _ORIENT_REST)
    log.add("rest", f"{uid!r} is the attacking character and rests; \"when this card attacks\" activates.",
            ("7.2.1.5", "7.2.1.5.3", "7.2.1.6"), subject=uid)
    _declared(log, p, uid, kind, facing.uid if facing is not None else None)
    state = check_timing(state, log)  # 7.2.1.6
    return trigger_step(state, log)


def _facing_kind(state: State, log: EventLog, p: str, uid: str, facing: str, kind: str | None,
                 notes: list[tuple[str, tuple[str, ...]]], performer: str | None) -> str:
    """Frontal or side: the turn player chooses (7.2.1.4.2), asked, never guessed. A kind the attacker may not make
    (`_attack_bans`: its own conditional continuous ability while its condition holds, s8-wsrealb, 8.2.1.2; or its
    printed, gained or granted restriction, s8-wsreala, 1.3.4) is rejected when named and not offered: one kind left
    is the attack, and the step says why; both left: asked; none left: rejected."""
    bans = _attack_bans(state, p, uid)
    if performer and "frontal" in bans:
        raise Unsupported(f"{uid!r} cannot frontal attack, but {performer!r}'s Great Performance makes the attack a frontal "
                          "attack: the rules do not say which applies")
    if kind in bans:
        ban, conditional = bans[kind]
        if conditional:
            raise Rejected(f"{uid!r} cannot {kind} attack now: {ban.text}", "7.2.1.4.2", "8.2.1.2")
        raise Rejected(f"{uid!r} cannot {kind} attack: its text says \"{ban.text}\"", "1.3.4", "7.2.1.4",
                       *view.ban_rules(state, uid, ban))
    if kind in ("frontal", "side"):
        return kind
    left = tuple(k for k in ("frontal", "side") if k not in bans)
    if not left:
        rules = {r: None for b, c in bans.values() for r in (("8.2.1.2",) if c else view.ban_rules(state, uid, b))}
        raise Rejected(f"{uid!r} can neither frontal nor side attack now ({'; '.join(b.text for b, _c in bans.values())}),"
                       f" and {facing!r} faces it", "1.3.4", "7.2.1.4", *rules)
    if len(left) == 1:
        _only_kind(state, log, uid, left[0], bans, notes)
        return left[0]
    (chosen,) = ask(answers_of(log), Choice(p, f"{facing!r} faces {uid!r}: frontal or side attack?", ("frontal", "side"),
                                            "7.2.1.4.2", log.line),
                    lambda a: None if a.values in (("frontal",), ("side",)) else "answer frontal or side")
    return str(chosen)


def _attack_bans(state: State, p: str, uid: str) -> dict[str, tuple[Ability, bool]]:
    """The attack kinds `uid` may not make now, each with the ability that forbids it and whether that is its own
    conditional continuous ability (`view.attack_bans`, s8-wsrealb) rather than a printed, gained or granted
    restriction (`view.banned`, s8-wsreala); the conditional one is the one named when both hold."""
    bans = {k: (b, False) for k in ("frontal", "side") if (b := view.banned(state, uid, f"no-{k}-attack"))}
    return bans | {k: (b, True) for k, b in view.attack_bans(state, p, uid).items()}


def _only_kind(state: State, log: EventLog, uid: str, kind: str, bans: dict[str, tuple[Ability, bool]],
               notes: list[tuple[str, tuple[str, ...]]]) -> None:
    """Why the attack is the one kind left (7.2.1.4.2): a conditional ban is noted after the attack's step (it holds
    now), a printed, gained or granted one is said before it, with the rule that gives it (8.2.1.2, 8.9.1)."""
    other_kind = "side" if kind == "frontal" else "frontal"
    ban, conditional = bans[other_kind]
    if conditional:
        notes.append((f"{uid!r} cannot {other_kind} attack now ({ban.text}): the only type left is a {kind} attack.",
                      ("7.2.1.4.2", "8.2.1.2")))
        return
    log.add("attack", f"{uid!r} cannot {other_kind} attack (its text: \"{ban.text}\"): the attack can only be a {kind} "
            "attack.", ("1.3.4", "7.2.1.4.2") + view.ban_rules(state, uid, ban), subject=uid)


def _begin_step(state: State, log: EventLog, step: str, text: str, rules: tuple[str, ...]) -> State:
    """A step of the attack begins: its "at the beginning of" activation, then a check timing."""
    assert state.attack is not None
    state = replace(state, attack=replace(state.attack, step=step), point=_POINT_PLAY)
    happened(log, "begin", step)
    if text:
        log.add("step", text, rules)
    return check_timing(state, log)


def trigger_step(state: State, log: EventLog) -> State:
    p = state.player
    state = _begin_step(state, log, "trigger", "Trigger step.", ("7.3.1", "7.3.1.1"))
    checks = state.attack.checks if state.attack else 1
    for k in range(checks):  # s12 bodies: "perform a trigger check 2 times on the trigger step" (the card's text)
        if checks > 1:
            log.add("trigger", f"Trigger check {k + 1} of {checks} (the text of {state.attack.attacker if state.attack else ''!r} "
                    "says how many).", ("7.3.1.2", "8.8.1"))
        state = _trigger_check(state, log, p)
    state = check_timing(state, log)
    if state.attack and state.attack.kind == "frontal":
        log.add("step", "A frontal attack: on to the counter step.", ("7.3.1.3",))
        return counter_step(state, log)
    log.add("step", f"A {state.attack.kind if state.attack else ''} attack has no counter step: on to the damage step.",
            ("7.3.1.3",))
    return damage_step(state, log)


def _trigger_check(state: State, log: EventLog, p: str) -> State:
    """One trigger check (7.3.1.2): the top card of the deck revealed, its icons' actions done, the card to the stock."""
    if not len(state.side(p).deck):  # pragma: no cover - an empty deck is refreshed at once (9.2)
        log.add("trigger", f"{p}'s deck is empty: no trigger check.", ("1.3.3",))
    else:
        state, card = take_top(state, log, p, reveal=True, why="revealed by the trigger check", rule="7.3.1.2",
                               to="resolution")
        c = state.card(card)  # type: ignore[arg-type]
        icons = ", ".join(c.triggers) or "no trigger icon"
        log.add("trigger check", f"Trigger check: {p} reveals {card!r} ({icons}).", ("7.3.1.2", "4.12.2", "4.12.2.1"
                if not c.triggers else "4.12.1"), subject=str(card))
        # s11-wshead: "When your climax with [ICON] in its trigger icon triggers", "When this card's trigger check reveals
        # a climax" (7.3.1.2): the abilities waiting for it are played at the next check timing (8.7.2)
        happened(log, "trigger-reveals", p, str(card), state.attack.attacker if state.attack else "")
        for icon in c.triggers:
            state = trigger_icon(state, log, p, str(card), icon)
        if card in state.side(p).resolution:
            state = transfer(state, p, "resolution", card, "stock")
            log.add("stock", f"{card!r} goes to {p}'s stock ({len(state.side(p).stock)} in stock).",
                    ("7.3.1.2", "3.13.1.2", "3.10.1"), subject=str(card))
    return state


def counter_options(state: State, who: str) -> list[str]:
    """The cards whose Backup (or counter event) `who` can play now (7.4.1.2.1, 10.5.2); no Backup while a continuous
    ability forbids it to `who` (s12 heads; 1.3.4, `view.backup_banned`)."""
    out = []
    no_backup = view.backup_banned(state, who) is not None
    no_event = view.backup_banned(state, who, "event") is not None  # s13 zones: "… cannot play event cards …"
    for x in state.side(who).hand:
        if not isinstance(x, str):
            continue
        c = state.card(x)
        for a in c.abilities:
            if a.keyword == "backup" and not no_backup and view.level(state, who) >= a.level \
                    and can_pay(state, who, x, a.cost, True):
                out.append(x)
                break
        else:
            if c.kind is _KIND_EVENT and c.counter and not no_event and _playable(state, who, x):
                out.append(x)
    return out


def _playable(state: State, who: str, uid: str) -> bool:
    c = state.card(uid)
    lv = view.hand_level(state, who, uid)  # its own "-1 level while in your hand" (2.6, 2.12.2)
    return view.play_banned(state, who, uid) is None and lv <= view.level(state, who) and len(state.side(who).stock) >= c.cost and (
        lv <= 0 or view.color_ok(state, who, uid) is not False)


def counter_step(state: State, log: EventLog) -> State:
    state = _begin_step(state, log, "counter", "Counter step: the defending player may play one Backup or counter "
                        "event. (7.4.1.2 as printed gives this play timing to \"the turn player\", but 7.4.1 and "
                        "7.4.1.2.1-7.4.1.2.2 make it the opponent's response: the engine gives it to the defending "
                        "player.)", ("7.4.1", "7.4.1.1"))
    return replace(state, point=_POINT_COUNTER)


def implicit_pass(state: State, log: EventLog, decline_optional: bool) -> State:
    """The scenario goes on without the defending player's counter-step decision: with nothing playable (or
    options declined by assumption) that player plays nothing; otherwise the engine asks (never guesses)."""
    opp = other(state.player)
    opts = counter_options(state, opp)
    if opts and (not decline_optional or answered_counter(state, log)):
        return counter_answer(state, log, opts)
    why = "has nothing that can be played" if not opts else "declines (unmentioned options are declined)"
    log.add("pass", f"{opp} {why} in the counter step: the step ends.", ("7.4.1.2.1", "7.4.1.3"))
    state = replace(state, point=_POINT_PLAY)
    state = check_timing(state, log)
    return damage_step(state, log)


def answered_counter(state: State, log: EventLog) -> bool:
    """The defending player's next answer line (`B chooses pass`, `B chooses "Backup Girl"`) is at hand."""
    return state.point is _POINT_COUNTER and peek(log, other(state.player)) is not None


def counter_answer(state: State, log: EventLog, opts: list[str] | None = None) -> State:
    """The defending player's counter-step decision taken as an answer (7.4.1.2): one of the Backups or counter
    events that player can play, or pass; asked (never guessed) when the scenario gives none."""
    opp = other(state.player)
    options = (*(counter_options(state, opp) if opts is None else opts), "pass")
    (v,) = ask(answers_of(log), Choice(opp, f"{opp} may play one Backup or counter event in the counter step, or pass",
                                   options, "7.4.1.2", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in options else
               "answer pass or one of " + ", ".join(options[:-1]))
    return pass_counter(state, log, opp) if v == "pass" else play_counter(state, log, opp, v, "", ())


def play_counter(state: State, log: EventLog, who: str, uid: str, ability: str, targets: tuple[str, ...]) -> State:
    att = state.attack
    if state.point is not _POINT_COUNTER or att is None or who == state.player:
        raise Rejected(f"{uid!r} cannot be used now: Backup and counter events are played only by the defending "
                       "player in the counter step, which follows only a frontal attack", "7.4.1.2.1", "7.3.1.3",
                       "10.5.1")
    if uid not in state.side(who).hand:
        raise Rejected(f"{uid!r} is not in {who}'s hand", "10.5.1")
    c = state.card(uid)
    backup = next((a for a in c.abilities if a.keyword == "backup"), None)
    if backup is not None and ability in ("backup", ""):
        if view.level(state, who) < backup.level:
            raise Rejected(f"{who} is level {view.level(state, who)}: this Backup needs level {backup.level}", "10.5.2")
        ban = view.backup_banned(state, who)  # s12 heads
        if ban is not None:
            raise Rejected(f"{who} cannot play Backup now: {ban.text!r} forbids it (the effect that stops an action "
                           "takes precedence)", "1.3.4", "10.5.1")
        if not can_pay(state, who, uid, backup.cost, True):
            raise Rejected(f"{who} cannot pay Backup's cost ({backup.cost.text()})", "8.6.2.3.2")
        if targets and targets != (att.defender,):
            raise Rejected(f"Backup chooses a defending character of {who}'s: {att.defender!r}", "10.5.2")
        log.add("counter", f"{who} plays {uid!r}'s Backup; no other play timing follows in this step.",
                ("7.4.1.2", "10.5.1", "10.5.2", "7.4.1.2.2"), subject=uid)
        state = pay(state, log, who, uid, backup.cost, f"{uid!r}'s Backup")
        d = att.defender
        if d and state.on_stage(d):
            state = pump(state, d, backup.power, 0)
            log.add("pump", f"{d!r} gets +{backup.power} power until end of turn.", ("10.5.2",), subject=d)
        happened(log, "backup-used", who, uid)  # "When you use this card's "Backup"" (8.1.1.2.1)
    elif c.kind is _KIND_EVENT and c.counter:
        ban = view.backup_banned(state, who, "event")  # s13 zones
        if ban is not None:
            raise Rejected(f"{who} cannot play an event now: {ban.text!r} forbids it (the effect that stops an action "
                           "takes precedence)", "1.3.4", "7.4.1.2.1")
        if (own := view.play_banned(state, who, uid)) is not None:  # s14b-wshz: its own text (2.12.2, 8.3.3)
            raise Rejected(f"{uid!r} cannot be played from the hand now: its own text says so ({own.text!r}, its "
                           "condition holds)", "8.6.2", "2.12.2", "8.3.3")
        if not _playable(state, who, uid):
            raise Rejected(f"{who} cannot play {uid!r} (level, colour or cost)", "8.6.2.1", "8.6.2.3.2")
        give(log, who, targets)  # targets on the action line answer the event's choices, in order
        log.add("counter", f"{who} plays the counter event {uid!r} in the counter step (one action only).", ("7.4.1.2", "7.4.1.2.1",
                "2.8.2", "7.4.1.2.2"), subject=uid)
        happened(log, "event-played", who, uid)  # s13 zones: "When you play an event card" waits (8.7.2)
        state = play_event_effects(state, log, who, uid)
    else:
        raise Rejected(f"{uid!r} has no Backup and is not a counter event", "7.4.1.2.1")
    state = replace(state, point=_POINT_PLAY, attack=replace(_current(state), countered=True))
    state = check_timing(state, log)  # 7.4.1.3
    return damage_step(state, log)


def play_event_effects(state: State, log: EventLog, who: str, uid: str) -> State:
    c = state.card(uid)
    if c.cost:
        state = pay(state, log, who, uid, Cost(stock=c.cost), repr(uid))
    state = transfer(state, who, "hand", uid, "resolution")
    log.add("play", f"{who} plays the event {uid!r}.", ("8.6.2", "8.6.2.4.2"), subject=uid)
    for a in c.abilities:
        for eff in a.effects:
            state = execute(state, log, who, uid, eff)
    if uid not in state.side(who).resolution:  # its own text moved it ("put this card into your stock")
        return state
    state = transfer(state, who, "resolution", uid, "waiting")
    log.add("move", f"{uid!r} goes to {who}'s waiting room.", ("8.6.2.4.2", "3.13.1.1"), subject=uid)
    return state


def pass_counter(state: State, log: EventLog, who: str) -> State:
    if state.point is not _POINT_COUNTER or who == state.player:
        raise Rejected(f"{who} has nothing to pass: it is not {who}'s counter step", "7.4.1.2")
    log.add("pass", f"{who} plays nothing in the counter step.", ("7.4.1.2", "8.5.2.3"))
    state = replace(state, point=_POINT_PLAY)
    state = check_timing(state, log)
    return damage_step(state, log)


def damage_step(state: State, log: EventLog) -> State:
    state = _begin_step(state, log, "damage", "", ())
    att = state.attack
    on = state.on_stage(att.attacker)  # type: ignore[union-attr]
    if not on or on[0] != att.player or on[1] != att.pos:  # type: ignore[union-attr]
        log.add("no damage", f"{att.attacker!r} is no longer on its stage position: it deals no damage.",  # type: ignore[union-attr]
                ("7.5.1.2.2",))
    else:
        soul = view.stats(state, on[0], on[1], on[2])[1]
        parts = view.contributions(state, on[0], on[1], on[2])
        extra = f" (continuous effects: {'; '.join(x[1] for x in parts)})" if parts else ""
        log.add("step", f"Damage step: {att.attacker!r} has {soul} soul{extra}.",  # type: ignore[union-attr]
                ("7.5.1", "7.5.1.1", "4.11.1.1", *dict.fromkeys(r for x in parts for r in x[2])),
                subject=att.attacker)  # type: ignore[union-attr]
        state, _ = deal_damage(state, log, other(att.player), soul, att.attacker, "7.5.1.2")  # type: ignore[union-attr]
    state = check_timing(state, log)
    if state.attack and state.attack.kind == "frontal":
        log.add("step", "A frontal attack: on to the battle step.", ("7.5.1.3",))
        return battle_step(state, log)
    return end_attack(state, log, "7.5.1.3", "7.5.1.4")


def _current(state: State) -> Attack:
    """The attack under way (the attack's steps run only inside one)."""
    if state.attack is None:  # pragma: no cover - the steps are reached from an attack declaration only
        raise RuntimeError("no attack is under way")
    return state.attack


def _not_reversed(state: State, log: EventLog, u: str) -> None:
    """s13 heads: the battle's loser that its text (or an ability given to it) says cannot become 【REVERSE】 stays as it
    is (7.6.1.2 would reverse it; 1.3.4: the effect that stops an action takes precedence)."""
    ban = view.banned(state, u, "no-reverse")
    assert ban is not None
    log.add("reverse", f"{u!r} would be reversed, but it cannot become 【REVERSE】: \"{ban.text}\".",
            ("7.6.1.2", "1.3.4", "4.6.1.3", *view.ban_rules(state, u, ban)), subject=u)


def battle_step(state: State, log: EventLog) -> State:
    state = _begin_step(state, log, "battle", "Battle step.", ("7.6.1", "7.6.1.1"))
    att = _current(state)
    defender = att.defender or ""
    a_on = state.on_stage(att.attacker)
    d_on = state.on_stage(defender) if defender else None
    if not a_on or not d_on or a_on[1] != att.pos or d_on[1] != att.defender_pos:
        log.add("battle", "The attacking or the defending character has left its position: no powers are compared.",
                ("7.6.1.3",))
    else:
        pa = view.stats(state, a_on[0], a_on[1], a_on[2])[0]
        pd = view.stats(state, d_on[0], d_on[1], d_on[2])[0]
        losers = [u for u, pw, q in ((att.attacker, pa, pd), (defender, pd, pa)) if pw <= q]
        parts = view.contributions(state, a_on[0], a_on[1], a_on[2]) + view.contributions(state, d_on[0], d_on[1],
                                                                                           d_on[2])
        extra = f" (continuous effects: {'; '.join(x[1] for x in parts)})" if parts else ""
        log.add("battle", f"Battle: {att.attacker!r} {pa} power against {defender!r} {pd} power{extra}.",
                ("7.6.1.2", *dict.fromkeys(r for x in parts for r in x[2])), facts=(("attacker", pa), ("defender", pd)))
        for u in losers:
            if view.banned(state, u, "no-reverse"):  # s13 heads: "This card cannot become 【REVERSE】" (1.3.4)
                _not_reversed(state, log, u)
                continue
            state = set_orient(state, u, _ORIENT_REVERSE)
            log.add("reverse", f"{u!r} is reversed.", ("7.6.1.2", "4.6.1.3", "4.6.1.3.1"), subject=u)
            on = state.on_stage(u)
            if on is not None:
                happened(log, "reversed", on[0], u)
            opp_u = defender if u == att.attacker else att.attacker
            opp_on = state.on_stage(opp_u)
            if opp_on:
                happened(log, "opp-reversed", opp_on[0], opp_u)
    state = check_timing(state, log)
    return end_attack(state, log, "7.6.1.4", "7.6.1.5")


def end_attack(state: State, log: EventLog, *rules: str) -> State:
    happened(log, "begin", "end-of-attack")
    state = check_timing(state, log)
    log.add("step", "The attack ends: back to the attack declaration step.", rules)
    return replace(state, attack=None, attacks_done=state.attacks_done + 1, point=_POINT_DECLARE)


def _encore_answer_for(log: EventLog, who: str, names: tuple[str, ...]) -> str | None:
    """The card named by `who`'s next answer when it answers an Encore (`A encores "X"`), if among `names`."""
    a = peek(log, who)
    if a is not None and len(a.values) == 2 and a.values[0] in ("pay", "decline") and a.values[1] in names:
        return a.values[1]
    return None


def _one_of(names: tuple[str, ...]) -> Callable[[Answer], str | None]:
    return lambda a: None if len(a.values) == 1 and a.values[0] in names else "one of " + ", ".join(names)


def encore_step(state: State, log: EventLog) -> State:
    """7.7: each player in turn puts their reversed characters into the waiting room, one at a time."""
    happened(log, "begin", "encore")
    state = check_timing(state, log)
    for _ in range(100):
        moved = False
        for who, rule in ((state.player, "7.7.1.2"), (other(state.player), "7.7.1.3")):
            while True:
                rev = [(pos, o.uid) for pos, o in state.side(who).characters() if o.orient is _ORIENT_REVERSE]
                if not rev:
                    break
                names = tuple(u for _p, u in rev)
                hinted = _encore_answer_for(log, who, names)
                if len(names) == 1:
                    u = names[0]
                elif hinted is not None:
                    u = hinted
                    log.add("order", f"{who}'s next answer is about the Encore of {u!r}: {u!r} is the reversed "
                            "character chosen first (inferred from the answers given).", (rule,), subject=u)
                else:
                    (u,) = ask(answers_of(log), Choice(who, f"Which reversed character of {who}'s goes to the waiting "
                                                   "room first?", names, rule, log.line),
                               _one_of(names))
                pos = dict((b, a) for a, b in rev)[u]
                if who != state.player and rule == "7.7.1.3" and not log.scratch.get("noted-7713"):
                    log.scratch["noted-7713"] = True
                    log.add("note", "7.7.1.3 as printed ends with \"executes Clause 7.7.1.2 again\"; the engine "
                            "reads it as repeating 7.7.1.3 for the non-turn player, as 7.7.1.2 does for the turn "
                            "player.", ("7.7.1.3",))
                state = leave_stage(state, log, who, pos, u, "waiting", rule, " (encore step)", cause="encore")
                state = check_timing(state, log)
                moved = True
        state = check_timing(state, log)  # 7.7.1.4
        if not any(o.orient is _ORIENT_REVERSE for p in (state.player, other(state.player))
                   for _pos, o in state.side(p).characters()):
            break
        if not moved:  # pragma: no cover
            break
    log.add("step", "No reversed character is left: the encore step ends.", ("7.7.1.4",))
    return state


__all__ = ["Pump", "declare", "encore_step", "pass_counter", "play_counter"]
