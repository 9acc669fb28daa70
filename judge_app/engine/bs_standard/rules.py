"""Battle Spirits Standard procedures: the turn (chapter 7), attack and battle (8), Summon, Deploy and
Use (11), core movement, concession (1-3-4). Plain functions over the frozen state; a forbidden action
raises `Rejected` before anything changes.
"""

from __future__ import annotations

from collections import Counter
from typing import NoReturn

from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.actions import Source
from judge_app.engine.bs_standard.state import (
    MAIN_STEPS,
    STEP_ORDER,
    AppliedKind,
    Battle,
    Card,
    CardType,
    Player,
    Pose,
    Stage,
    State,
    Step,
    evolve,
    other,
    replace_card,
    take_top,
    without,
)
from judge_app.engine.bss import rules as saga_rules
from judge_app.engine.core import Choice, EventLog, Rejected, Unsupported, ask

# ---------------------------------------------------------------------------------------------
# The turn (chapter 7)


def _next(step: Step) -> Step:
    return STEP_ORDER[STEP_ORDER.index(step) + 1]


def _end_triggers(state: State, log: EventLog, rule: str) -> State:
    """The effects that activate at the declared end of the Main, Attack or Second Main Step (7-6-1-2-4, 7-7-3-2,
    7-8-1: resolved before the next step)."""
    if E.listening(state):
        state = E.emit(state, log, [E.Ev("step_end", (), state.player, step=state.step.value)])
    if state.waiting:
        log.add("step-triggers", f"Effects that activate at the end of the {state.step.replace('_', ' ')} step "
                                 "activate.", (rule,))
    return E.settle(state, log)


def _step_triggers(state: State, log: EventLog, step: Step, rule: str) -> State:
    if E.listening(state):
        state = E.emit(state, log, [E.Ev("step_start", (), state.player, step=step.value)])
    if state.waiting:
        log.add("step-triggers", f"Effects with a timing of the {step.replace('_', ' ')} step activate.", (rule,))
    return E.settle(state, log)


def enter(state: State, log: EventLog, step: Step) -> State:
    """Begin `step` of the turn player and run the automatic steps until one where the player acts."""
    while True:
        state = evolve(state, step=step)
        p = state.player
        if step is Step.START:
            log.add("step", f"{p}'s turn begins: Start Step.", ("7-1-1", "7-2"))
            deck = _need_deck(state, p, "7-2-2")
            if deck == 0:  # 1-3-8: before anything else, without resolving triggered effects
                E._win(state, log, {other(p)}, f"{p} has 0 cards in their Deck at the start of their Start Step "
                       "(the game ends immediately, without resolving triggered effects)",
                       ("1-3-8", "7-2-2", "10-2-1-2", "1-3-2-2"))
            state = _step_triggers(state, log, step, "7-2-1")
            log.add("check", f"{p} has {deck} card{'s' * (deck != 1)} in their Deck: no victory.", ("7-2-2",))
            step = Step.CORE
            continue
        if step is Step.CORE:
            if state.first_turn:
                log.add("skip", "The Core Step is skipped on the first player's first turn.", ("7-3-3",))
            else:
                log.add("step", f"{p}'s Core Step.", ("7-3",))
                state = _step_triggers(state, log, step, "7-3-1")
                pl = state.p(p)
                state = state.with_p(p, evolve(pl, reserve=pl.reserve + 1))
                log.add("core", f"{p} places 1 core from the Void into their Reserve ({pl.reserve} → {pl.reserve + 1}).",
                        ("7-3-2",), facts=(("void", 1),))
                state = E.settle(state, log)
            step = Step.DRAW
            continue
        if step is Step.DRAW:
            log.add("step", f"{p}'s Draw Step.", ("7-4",))
            state = _step_triggers(state, log, step, "7-4-1")
            deck = _need_deck(state, p, "7-4-2")
            pl = state.p(p)
            if deck == 0:
                log.add("nothing", f"{p}'s Deck is empty: the draw cannot be performed, and this is no defeat (only the "
                                   "Start Step checks the Deck).", ("7-4-2", "1-4-2", "1-3-8"))
            else:
                pl2, known, unknown = take_top(pl, 1)
                state = state.with_p(p, evolve(pl2, hand=pl.hand + known, hand_unknown=pl.hand_unknown + unknown))
                log.add("draw", f"{p} draws 1 card; Hand {pl.hand_count} → {pl.hand_count + 1}.", ("7-4-2", "5-6-2"))
            state = E.settle(state, log)
            step = Step.REFRESH
            continue
        if step is Step.REFRESH:
            log.add("step", f"{p}'s Refresh Step.", ("7-5",))
            state = _step_triggers(state, log, step, "7-5-1")
            state = refresh_all(state, log, p)
            state = E.settle(state, log)
            step = Step.MAIN
            continue
        if step is Step.MAIN:
            log.add("step", f"{p}'s Main Step begins.", ("7-6-1", "7-6-1-1"))
            state = _step_triggers(state, log, step, "7-6-1-1")
            return state
        if step is Step.ATTACK:
            if state.first_turn:
                log.add("skip", "The Attack Step is skipped on the first player's first turn.", ("7-7-2",))
                step = Step.SECOND_MAIN
                continue
            log.add("step", f"{p}'s Attack Step begins.", ("7-7-1", "7-7-3-1"))
            return _step_triggers(state, log, step, "7-7-3-1")
        if step is Step.SECOND_MAIN:
            if state.first_turn:
                log.add("skip", "The Second Main Step is skipped on the first player's first turn.", ("7-8-2",))
                step = Step.END
                continue
            log.add("step", f"{p}'s Second Main Step begins: the same actions as in the Main Step can be taken.",
                    ("7-1-1", "7-8-1"))
            return _step_triggers(state, log, step, "7-8-1")
        # End Step (7-9)
        log.add("step", f"{p}'s End Step.", ("7-9-1",))
        ending = [a for a in state.continuous if a.duration in ("turn", "turn_while_this")]
        # "until the end of your opponent's next turn" (effects.applied_duration): this is that turn, or it was set up
        # in this player's previous turn's opponent turn and from now on waits for this player's next turn
        until = [a for a in state.continuous if a.duration == f"until_end:{p}"]
        kept = tuple(evolve(a, duration=f"until_end:{p}") if a.duration == f"until_end_next:{p}" else a
                     for a in state.continuous if a not in ending and a not in until)
        state = E.expire_blocked_by(evolve(state, continuous=kept), "turn")
        if ending:
            log.add("expire", "Effects lasting 'during this turn' expire first: "
                    + "; ".join(f'"{", ".join(a.targets)}" {_applied_text(a)}' for a in ending) + ".", ("7-9-1-1",))
        if until:
            log.add("expire", f"This End Step ends the turn of {p}'s that these effects lasted until: they expire "
                    "too: " + "; ".join(f'"{", ".join(a.targets)}" {_applied_text(a)}' for a in until) + ".",
                    ("7-9-1-1",))
        state = E.rule_processing(state, log)
        state = _step_triggers(state, log, step, "7-9-1-1")
        if E.listening(state):
            state = E.emit(state, log, [E.Ev("turn_end", (), p)])
        if state.waiting:
            log.add("turn-end", "Effects that activate at the end of the turn activate.", ("7-9-1-2",))
        state = E.settle(state, log)
        log.add("turn-end", f"{p}'s turn ends; {other(p)} becomes the turn player.", ("7-9-1-3",))
        state = evolve(state, player=other(p), turn=state.turn + 1 if state.turn else None, first_turn=False,
                        once_used=(), firsts=())
        step = Step.START


def _applied_text(a) -> str:
    if a.kind is AppliedKind.FORBID and a.value in E.PLAYER_BANS:  # a player ban: its target is the player
        return f"may {a.value} again"
    if a.kind is AppliedKind.LEVEL_SET:
        return f"treated as Lv{a.value}"
    return f"{a.value:+d} BP" if a.kind is AppliedKind.BP_PLUS else f"cannot {a.value}"


def _need_deck(state: State, who: str, rule: str) -> int:
    deck = state.p(who).deck
    if deck is None:
        raise Unsupported(f"{who}'s deck size is needed by rule {rule}; give it on the player line (e.g. `{who}: deck 30`)")
    return deck


def refresh_all(state: State, log: EventLog, p: str) -> State:
    """7-5-2: refresh every card on the field (a Heavy Exhausted one becomes Exhausted, 5-14-2); trash cores to Reserve."""
    state, kept = E.kept_unrefreshed(state, p)
    pl = state.p(p)
    events, moved = [], []
    cards = []
    for c in pl.field:
        if c.pose is Pose.REFRESHED or c.uid in kept:
            cards.append(c)
            continue
        new = Pose.EXHAUSTED if c.pose is Pose.HEAVY else Pose.REFRESHED
        moved.append(f'"{c.uid}" {c.pose} → {new}')
        cards.append(evolve(c, pose=new))
        events.append(c.uid)
    state = state.with_p(p, evolve(pl, field=tuple(cards), reserve=pl.reserve + pl.trash_cores, trash_cores=0,
                                    soul="reserve" if pl.soul == "trash" else pl.soul))
    heavy = any("heavy" in m for m in moved)
    log.add("refresh", f"{p} refreshes every card on their Field" + (f" ({'; '.join(moved)})" if moved else "")
            + f" and moves the {pl.trash_cores} core{'s' * (pl.trash_cores != 1)} of their Trash to the Reserve.",
            ("7-5-2", "5-14-1") + (("5-14-2",) if heavy else ()))
    if kept:
        log.add("not-refreshed", ", ".join(f'"{u}"' for u in sorted(kept)) + " stays as it is: an effect said it would "
                "not refresh during this Refresh Step (the card's text over 7-5-2, 1-4-1); that effect ends now.",
                ("7-5-2", "1-4-1"))
    if events and E.listening(state):
        state = E.emit(state, log, [E.Ev("refreshed", tuple(events), p)])
    return state


def end_step(state: State, log: EventLog, who: str, step: Step | None) -> State:
    if who != state.player:
        raise Rejected(f"only the turn player ({state.player}) ends a step", "7-1-2")
    if step is not None and step is not state.step:
        raise Rejected(f"it is the {state.step.value.replace('_', ' ')} step, not the {step.value.replace('_', ' ')} step",
                       "7-1-1")
    if state.battle is not None:
        raise Rejected("a battle is in progress; it ends first", "8-1-7-3")
    if state.step not in (Step.MAIN, Step.ATTACK, Step.SECOND_MAIN):
        raise Rejected(f"the {state.step} step proceeds by itself", "7-1-2")
    rule = {Step.MAIN: "7-6-1-2-4", Step.ATTACK: "7-7-3-2", Step.SECOND_MAIN: "7-8-1"}[state.step]
    log.add("end-step", f"{who} declares the end of the {state.step.replace('_', ' ')} step.", (rule,))
    return enter(_end_triggers(state, log, rule), log, _next(state.step))


def proceed_to(state: State, log: EventLog, who: str, step: Step) -> State:
    """Run the normal procedure, every optional action declined, until `step` of `who`'s turn next begins."""
    if state.battle is not None:
        raise Rejected("a battle is in progress", "8-1-7-3")
    for k in range(40):
        # The board is written in the middle of its step: the next occurrence of that step is meant.
        if k and state.player == who and state.step is step:
            return state
        if state.step in (Step.MAIN, Step.ATTACK, Step.SECOND_MAIN):
            log.add("end-step", f"{state.player} declares the end of the {state.step.replace('_', ' ')} step "
                                "(proceeding, no other action).", ({Step.MAIN: "7-6-1-2-4", Step.ATTACK: "7-7-3-2",
                                                                    Step.SECOND_MAIN: "7-8-1"}[state.step],))
            state = enter(_end_triggers(state, log, {Step.MAIN: "7-6-1-2-4", Step.ATTACK: "7-7-3-2",
                                                     Step.SECOND_MAIN: "7-8-1"}[state.step]), log, _next(state.step))
        else:
            state = enter(state, log, state.step)
    raise Rejected(f"{who}'s {step} step is not reached", "7-1-1")


# ---------------------------------------------------------------------------------------------
# Costs and placing cards (chapter 11)


def _reduction(state: State, who: str, card: Card) -> int:
    """2-3-3 / 11-1-1-4-1: one per symbol on your Field matching a reduction symbol, up to the reduction symbols."""
    if not card.reduction:  # nothing to reduce (and no Field to count)
        return 0
    have: Counter[str] = Counter()
    for c in state.p(who).field:
        for s in c.symbols:
            for col in set(s.split("/")):
                have[col] += 1
    need = Counter(card.reduction)
    return sum(min(n, have[col]) for col, n in need.items())


def _take(state: State, who: str, sources: tuple[Source, ...], rule: str) -> tuple[State, int, bool]:
    """Take cores from the reserve or the acting player's own field cards: (state, count, soul taken)."""
    pl, n, soul = _take_from(state.p(who), who, sources, rule)
    return state.with_p(who, pl), n, soul


def _take_from(pl: Player, who: str, sources: tuple[Source, ...], rule: str) -> tuple[Player, int, bool]:
    """`_take` on the player `who`: (the player after it, count, soul taken); the caller places the player."""
    n, soul = 0, False
    for s in sources:
        if s.place == "reserve":
            ordinary = pl.reserve - (1 if pl.soul == "reserve" else 0)
            if s.count > ordinary:
                raise Rejected(f"{who}'s Reserve has {ordinary} core{'s' * (ordinary != 1)} besides the soul core",
                               rule)
            take = s.count + (1 if s.soul else 0)
            if s.soul and pl.soul != "reserve":
                raise Rejected(f"{who}'s soul core is not in the Reserve", rule)
            pl = evolve(pl, reserve=pl.reserve - take, soul=None if s.soul else pl.soul)
        else:
            c = pl.find(s.place)
            if c is None:
                raise Rejected(f'"{s.place}" is not on {who}\'s Field', rule)
            ordinary = c.cores - (1 if pl.soul == c.uid else 0)
            if s.count > ordinary or (s.soul and pl.soul != c.uid):
                raise Rejected(f'"{s.place}" does not have those cores', rule)
            pl = evolve(pl, field=replace_card(pl.field, evolve(c, cores=c.cores - s.count - (1 if s.soul else 0))),
                         soul=None if s.soul else pl.soul)
        n += s.count + (1 if s.soul else 0)
        soul = soul or s.soul
    return pl, n, soul


def _src_text(sources: tuple[Source, ...]) -> str:
    return " and ".join(f"{s.count}{' + the soul core' if s.soul else ''} from "
                        + ("the Reserve" if s.place == "reserve" else f'"{s.place}"') for s in sources) or "nothing"


def _succession(state: State, log: EventLog, who: str, card: Card, names: tuple[str, ...], marks: set,
                rules: tuple[str, ...]) -> tuple[State, int]:
    """12-2-1-3: each EX-symbol card removed from the Trash fulfils one reduction symbol (before the Field's)."""
    if not names:
        return state, 0
    if "Succession" not in marks:
        raise Rejected(f'"{card.uid}" has no 《Succession》', "12-2-1-3-1")
    if len(names) > len(card.reduction):
        raise Rejected(f'"{card.uid}" has {len(card.reduction)} reduction symbol{"s" * (len(card.reduction) != 1)}: '
                       f"no more cards than that can be removed", "12-2-1-3-2-1")
    pl = state.p(who)
    for u in names:
        c = next((x for x in pl.trash if x.uid == u), None)
        if c is None or not c.ex:
            raise Rejected(f'"{u}" is not a card with an EX symbol in {who}\'s Trash', "12-2-1-3-1")
        pl = evolve(pl, trash=without(pl.trash, u), removed=pl.removed + (c,))
    log.add("succession", f"{who} uses 《Succession》: " + ", ".join(f'"{u}"' for u in names) + " are removed from the game "
            f"(to the Removed Area), fulfilling {len(names)} reduction symbol{'s' * (len(names) != 1)}.",
            (rules[4], "12-2-1-3-1", "12-2-1-3-2", "4-9-1"), subject=card.uid)
    return state.with_p(who, pl), len(names)


# The procedure step that confirms the cost (11-1-1-2 Summon, 11-2-1-2 Deployment, 11-3-1-2 use), by `_pay`'s `what`.
_CONFIRM = {"use": ("use", "11-3-1-2"), "Summon": ("summon", "11-1-1-2"), "Deployment": ("deploy", "11-2-1-2")}


def confirmed_cost(state: State, who: str, card: Card, what: str, log: EventLog | None = None) -> int:
    """The cost the procedure confirms (11-x-1-2) before its reduction (11-x-1-3): the printed one (2-2-2), or N when
    the card's own "When using this card, it costs N if …" has its condition met now (the card's text over the rules,
    1-4-1; the condition checked as a continuous effect's is, 9-1-4-3)."""
    kind, rule = _CONFIRM[what]
    if not card.effects:  # the usual card
        return card.cost
    for e in E.effects_of(card):
        if e.kind != "cost":
            continue
        part = e.parts[0]
        d = part.directives[0]
        # ("hand": "This card costs N in your hand": every procedure, each paid from the Hand, 2-2-2)
        if d.when in (kind, "hand") and part.cond is not None and E.cond_met(state, part.cond, who, card.uid):
            if log is not None:  # performed as the card's directive (effects._cost_is), with its step
                E.perform(state, log, E.Activation(who, card.uid, e, event=rule), d)
            return d.n
    return card.cost


def _pay(state: State, log: EventLog, who: str, card: Card, pay: tuple[Source, ...], rules: tuple[str, ...],
         what: str, succession: tuple[str, ...] = ()) -> State:
    """rules: (the procedure, paying the cost, placing cores, the reduction, 《Succession》 step)."""
    marks = {e.keyword for e in E.effects_of(card) if e.kind == "common" and e.keyword}
    soul_magic = [k.split(":")[1] for k in marks if k.startswith("Soul Magic:")]
    if soul_magic and len(pay) == 1 and pay[0].soul and pay[0].count == 0:
        color = soul_magic[0]
        if not any(color in s.split("/") for c in state.p(who).field for s in c.symbols):
            raise Rejected(f"《Soul Magic: {color}》 needs a {color} symbol on {who}'s Field", "12-2-1-2-1")
        state, _n, _soul = _take(state, who, pay, rules[1])
        pl = state.p(who)
        state = state.with_p(who, evolve(pl, trash_cores=pl.trash_cores + 1, soul="trash"))
        log.add("cost", f'{who} pays the cost of "{card.uid}" with only the soul core (《Soul Magic: {color}》, a {color} '
                        f"symbol is on the Field).", (rules[0], "12-2-1-2-1"), subject=card.uid, facts=(("cost", 1),))
        return _soul_paid(state, card.uid, True)
    state, k = _succession(state, log, who, card, succession, marks, rules)
    red = min(k + _reduction(state, who, card), len(card.reduction))
    printed = confirmed_cost(state, who, card, what, log)
    cost = max(printed - red, 0)
    pl, n, soul = _take_from(state.p(who), who, pay, rules[1])
    if n != cost:
        raise Rejected(f"the {what} cost is {cost} (cost {printed} reduced by {red}); {n} were offered, and the cost "
                       "is paid exactly, never overpaid" if n > cost else f"the {what} cost is {cost}; {n} were offered",
                       rules[1], "2-3-3")
    state = state.with_p(who, evolve(pl, trash_cores=pl.trash_cores + n, soul="trash" if soul else pl.soul))
    by_text = f" by its text, printed {card.cost}" if printed != card.cost else ""
    log.add("cost", f"{who} pays the {what} cost {cost} (cost {printed}{by_text}, reduced by {red}): {_src_text(pay)} to the "
                    "Trash.", rules[:2] + ((rules[3], "2-3-3") if red else ()), subject=card.uid, facts=(("cost", cost),))
    return _soul_paid(state, card.uid, soul)


def _soul_paid(state: State, uid: str, soul: bool) -> State:
    """Record whether this payment of `uid`'s cost included the Soul Core (the latest payment replaces the last)."""
    if not soul and uid not in state.soul_paid:  # the usual case: nothing to record
        return state
    kept = tuple(u for u in state.soul_paid if u != uid)
    return evolve(state, soul_paid=kept + ((uid,) if soul else ()))


def _main_timing(state: State, who: str, rule: str) -> None:
    if who != state.player or state.step not in MAIN_STEPS:
        raise Rejected(f"this is done by the turn player in their Main Step or Second Main Step (it is "
                       f"{state.player}'s {state.step.value.replace('_', ' ')} step)", rule, "7-8-1")
    if state.battle is not None:
        raise Rejected("a battle is in progress", rule)


def _banned(state: State, who: str, what: str) -> None:
    """1-4-3: an effect prohibiting `who` from `what` ("Your opponent cannot use magic cards during this turn")
    takes priority: the action is not done."""
    by = E.player_banned(state, who, what)
    if by is not None:
        raise Rejected(f'an effect of "{by}" says {who} cannot {what} now', "1-4-3", E.PLAYER_BANS[what])


def summon(state: State, log: EventLog, who: str, uid: str, pay: tuple[Source, ...], place: tuple[Source, ...],
           deploy: bool, succession: tuple[str, ...] = ()) -> State:
    kind, proc = (CardType.NEXUS, ("11-2-1", "11-2-1-5", "11-2-1-6", "11-2-1-4-1", "11-2-1-4")) if deploy else (
        CardType.SPIRIT, ("11-1-1", "11-1-1-5", "11-1-1-6", "11-1-1-4-1", "11-1-1-4"))
    _main_timing(state, who, "7-6-1-2-1")
    pl = state.p(who)
    card = next((c for c in pl.hand if c.uid == uid), None)
    if card is None:
        raise Rejected(f'"{uid}" is not in {who}\'s Hand', proc[0])
    if card.type is not kind:
        verb = "Deployed" if card.type is CardType.NEXUS else "Summoned" if card.type is CardType.SPIRIT else "used"
        raise Rejected(f'"{uid}" is a {card.type}: it is {verb}, not {"Deployed" if deploy else "Summoned"}',
                       "5-9-1" if deploy else "5-8-1")
    _banned(state, who, "deploy nexus cards" if deploy else "summon spirit cards")
    what = "Deployment" if deploy else "Summon"
    state = state.with_p(who, evolve(pl, hand=without(pl.hand, uid)))
    state = _pay(state, log, who, card, pay, proc, what, succession)
    pl, n, soul = _take_from(state.p(who), who, place, proc[2])
    if n < card.lv1_cost:
        raise Rejected(f'"{uid}" needs at least {card.lv1_cost} core{"s" * (card.lv1_cost != 1)} placed on it '
                       f"(its minimum Lv cost); {n} were placed", proc[2])
    placed = evolve(card, cores=n, pose=Pose.REFRESHED)
    state = state.with_p(who, evolve(pl, field=pl.field + (placed,), soul=uid if soul else pl.soul))
    lv = E.level(state, who, placed)
    log.add("deploy" if deploy else "summon",
            f'{who} {"Deploys" if deploy else "Summons"} "{uid}" with {n} core{"s" * (n != 1)} on it ({_src_text(place)}): '
            f"Lv{lv}" + (f", {E.bp(state, uid)} BP" if kind is CardType.SPIRIT else "") + ".",
            (proc[0], proc[2], "4-5-3") + E.level_rules(state, who, placed),
            subject=uid)
    state = E.rule_processing(state, log, E.Cause("player", who))
    if E.listening(state):
        state = E.emit(state, log, [E.Ev("deployed" if deploy else "summoned", (uid,), who)])
    return E.settle(state, log)


def use_magic(state: State, log: EventLog, who: str, uid: str, pay: tuple[Source, ...],
              succession: tuple[str, ...] = ()) -> State:
    pl = state.p(who)
    card = next((c for c in pl.hand if c.uid == uid), None)
    if card is None:
        raise Rejected(f'"{uid}" is not in {who}\'s Hand', "11-3-1")
    if card.type is not CardType.MAGIC:
        raise Rejected(f'"{uid}" is a {card.type}, not a Magic card', "3-4-1")
    effs = [e for e in E.effects_of(card) if e.kind == "magic"]
    if not effs:
        raise Rejected(f'"{uid}" has no [Main] or [Flash] effect', "3-4-4")
    b = state.battle
    usable = []
    for e in effs:
        if "main" in e.labels and who == state.player and state.step in MAIN_STEPS and b is None:
            usable.append((e, "12-2-1-4-1"))
        elif "flash" in e.labels and ((who == state.player and state.step in MAIN_STEPS and b is None)
                                      or (b is not None and b.stage is not Stage.BLOCK and b.to_act == who)):
            usable.append((e, "12-2-1-5-1"))
    _banned(state, who, "use magic cards")
    if not usable:
        labels = "/".join(sorted({lab for e in effs for lab in e.labels}))
        raise Rejected(f'"{uid}" ([{labels.title()}]) cannot be used now ({state.player}\'s '
                       f"{state.step.value.replace('_', ' ')} step" + (", during a battle" if b else "") + ")",
                       "12-2-1-4-1" if "main" in labels else "12-2-1-5-1", "9-1-7-1")
    eff, rule = usable[0]
    if len(usable) > 1:  # 9-1-7-1-3: the player chooses which effect to use; never guessed
        texts = tuple(e.text for e, _r in usable)
        vals = ask(E.answers_of(log), Choice(who, f'Which effect of "{uid}" does {who} use?', texts, "9-1-7-1-3", log.line),
                   lambda a: None if " ".join(a.values) in texts else "answer with one of the effects' texts")
        eff, rule = usable[texts.index(" ".join(vals))]
        log.add("which", f'{who} uses the effect "{eff.text}" of "{uid}".', ("9-1-7-1-3",), subject=uid)
    if eff.once_per_turn and (uid, eff.text) in state.once_used:  # the same card back in the Hand this turn
        raise Rejected(f'"{eff.text}" of "{uid}" has already been used this turn', "12-3-1-1")
    if eff.once_per_turn:
        state = evolve(state, once_used=state.once_used + ((uid, eff.text),))
    state = state.with_p(who, evolve(pl, hand=without(pl.hand, uid)))
    state = _pay(state, log, who, card, pay, ("11-3-1", "11-3-1-5", "11-3-1-5", "11-3-1-4-1", "11-3-1-4"), "use",
                 succession)
    log.add("use", f'{who} uses "{uid}": while its effect resolves it belongs to no area.',
            ("11-3-1", rule, "9-1-7-1", "11-3-1-6", "3-4-3"), subject=uid)
    state = E.rule_processing(state, log, E.Cause("player", who))
    state = _used(state, log, who, uid)
    act = E.Activation(who, uid, eff, event="magic")
    log.add("resolve", f'"{uid}" ({who}): "{eff.text}" resolves.', ("9-3-1-3", "9-3-1-4"), subject=uid)
    state = E.run_parts(state, log, act)
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, trash=pl.trash + (card,)))
    log.add("to-trash", f'"{uid}" has resolved and is placed in {who}\'s Trash.', ("4-4-1",), subject=uid)
    state = E.settle(state, log)
    state = _after_magic(state, log, uid)
    if state.battle is not None:  # using a Flash effect passes the right to act (8-1-2-1, 8-1-4-1)
        b = state.battle
        state = evolve(state, battle=evolve(b, to_act=other(who), passes=0))
    return state


def _used(state: State, log: EventLog, who: str, uid: str) -> State:
    """"When you use a magic card": the effects the use activates (9-1-5-2). The rules do not say whether they
    resolve before or after the Magic card's own effect; the engine resolves them first and says so."""
    if not E.listening(state):
        return state
    before = state.waiting
    state = E.emit(state, log, [E.Ev("used", (uid,), who)])
    if state.waiting == before:
        return state
    log.add("engine-decides", f'The rules do not say whether an effect that activates when "{uid}" is used resolves '
                              "before or after that Magic card's own effect. The engine resolves it first: the card has "
                              "been used and its effect is about to resolve (11-3-1-6, 3-4-3) when the new effect "
                              "activates, and a newly activated effect is resolved with priority (9-1-5-9).",
            ("11-3-1-6", "3-4-3", "9-1-5-9"), subject=uid)
    return E.settle(state, log)


def _after_magic(state: State, log: EventLog, uid: str) -> State:
    """The effects its use activated that resolve "after its effect resolves" (cards.Trig.resolved): the Magic card's
    effect has resolved (9-3-1-4), so they resolve now, as one batch (1-4-1: their text over the order of
    resolution). A card that has left the Field meanwhile no longer activates its effect (9-1-5-5)."""
    if not state.after_magic:
        return state
    held, state = state.after_magic, evolve(state, after_magic=())
    ready = []
    for act in held:
        if state.p(act.controller).find(act.source) is None:
            log.add("no-trigger", f'"{act.source}" has left the Field before "{act.effect.text}" resolved: it no longer '
                                  "activates.", ("9-1-5-5",), subject=act.source)
            continue
        ready.append(act)
    if not ready:
        return state
    log.add("after-magic", f'"{uid}"\'s effect has resolved: the effects waiting for it resolve now.',
            ("9-3-1-4", "1-4-1"), subject=uid)
    state = evolve(state, waiting=state.waiting.push(tuple(ready)))
    return E.settle(state, log)


def _timing_ok(state: State, who: str, labels: frozenset[str]) -> str | None:
    """The rule that lets `who` use a [Main]/[Flash] effect now (12-2-1-4-1, 12-2-1-5-1), or None."""
    b = state.battle
    in_main = who == state.player and state.step in MAIN_STEPS and b is None
    if "main" in labels and in_main:
        return "12-2-1-4-1"
    if "flash" in labels and (in_main or (b is not None and b.stage is not Stage.BLOCK and b.to_act == who)):
        return "12-2-1-5-1"
    return None


def activate(state: State, log: EventLog, who: str, uid: str) -> State:
    """9-1-6: an activated effect of a card on the Field: its cost (before '▶') is resolved completely first."""
    card = state.p(who).find(uid)
    if card is None:
        raise Rejected(f'"{uid}" is not on {who}\'s Field', "9-1-6-1")
    if state.pending_of(uid) is not None:
        raise Rejected(f'"{uid}" is in the Pending State', "10-2-2-4")
    effs = [e for e in E.effects_of(card) if e.kind == "activated"]
    if not effs:
        raise Rejected(f'"{uid}" has no activated effect', "9-1-6-1")
    effs = [e for e in effs if E.at_level(state, who, card, e)]
    if not effs:
        raise Rejected(f'"{uid}" is Lv{E.level(state, who, card)}: its activated effect works only at other Lvs',
                       "2-8-2", "2-8-3")
    usable = [(e, r) for e in effs if (r := _timing_ok(state, who, e.labels)) is not None]
    if not usable:
        raise Rejected(f'no activated effect of "{uid}" can be used now', "9-1-6-1", "12-2-1-4-1", "12-2-1-5-1")
    eff, rule = usable[0]
    if len(usable) > 1:
        labels = tuple(e.text for e, _r in usable)
        vals = ask(E.answers_of(log), Choice(who, f'Which effect of "{uid}" does {who} activate?', labels, "9-1-6-1", log.line),
                   lambda a: None if " ".join(a.values) in labels else "answer with one of the effects' texts")
        eff, rule = usable[labels.index(" ".join(vals))]
    if eff.once_per_turn and (uid, eff.text) in state.once_used:
        raise Rejected(f'"{eff.text}" of "{uid}" has already been activated this turn', "12-3-1-1")
    if eff.once_per_turn:
        state = evolve(state, once_used=state.once_used + ((uid, eff.text),))
    act = E.Activation(who, uid, eff, event="activated")
    log.add("activate", f'{who} activates "{uid}": "{eff.text}".', ("9-1-6-1", rule), subject=uid)
    if eff.cost:
        state, full = E.run_cost(state, log, act)
        if not full:
            raise Rejected(f'the action before "▶" of "{uid}" cannot be resolved completely, so the effect is not '
                           "activated", "9-1-6-2")
        log.add("cost-done", "The action before '▶' is resolved completely; the effect after it activates "
                             "(even if it cannot be resolved).", ("9-1-6-2", "9-1-6-3"), subject=uid)
    else:
        log.add("declare", "It has no action before '▶': declaring it activates it.", ("9-1-6-3",), subject=uid)
    log.add("resolve", f'"{uid}" ({who}): "{eff.text}" resolves.', ("9-3-1-3", "9-3-1-4"), subject=uid)
    state = E.run_parts(state, log, act)
    state = E.settle(state, log)
    if state.battle is not None:  # using a Flash effect passes the right to act (8-1-2-1, 8-1-4-1)
        state = evolve(state, battle=evolve(state.battle, to_act=other(who), passes=0))
    return state


def move_cores(state: State, log: EventLog, who: str, src: Source, to: str) -> State:
    _main_timing(state, who, "7-6-1-2-2")
    if src.place == to:
        raise Rejected("moving cores to where they are is not a movement", "1-4-2-2")
    if to != "reserve" and state.p(who).find(to) is None:
        raise Rejected(f'"{to}" is not on {who}\'s Field', "7-6-1-2-2")
    pl, n, soul = _take_from(state.p(who), who, (src,), "7-6-1-2-2")
    if to == "reserve":
        pl = evolve(pl, reserve=pl.reserve + n, soul="reserve" if soul else pl.soul)
    else:
        c = pl.find(to)  # on the mover's own Field (checked above), after the cores were taken
        assert c is not None
        pl = evolve(pl, field=replace_card(pl.field, evolve(c, cores=c.cores + n)), soul=to if soul else pl.soul)
    state = state.with_p(who, pl)
    log.add("move", f"{who} moves {_src_text((src,))} to " + ("the Reserve" if to == "reserve" else f'"{to}"') + ".",
            ("7-6-1-2-2",))
    for c in state.p(who).field:
        if c.uid in (src.place, to):
            log.add("level", f'"{c.uid}" now has {c.cores} core{"s" * (c.cores != 1)}: Lv{E.level(state, who, c)}'
                    + (f", {E.bp(state, c.uid)} BP" if c.type is CardType.SPIRIT else "") + ".",
                    E.level_rules(state, who, c), subject=c.uid)
    state = E.rule_processing(state, log, E.Cause("player", who))
    return E.settle(state, log)


# ---------------------------------------------------------------------------------------------
# Attack and battle (chapter 8)


def attack(state: State, log: EventLog, who: str, uid: str) -> State:
    if state.battle is not None:
        raise Rejected("a battle is already in progress", "8-1")
    if state.step is not Step.ATTACK or who != state.player:
        raise Rejected(f"only the turn player attacks, in their Attack Step (it is {state.player}'s "
                       f"{state.step.value.replace('_', ' ')} step)", "7-7-1", "8-1-1-1")
    card = state.p(who).find(uid)
    if card is None:
        raise Rejected(f'"{uid}" is not on {who}\'s Field', "8-1-1-1")
    if card.type is not CardType.SPIRIT:
        raise Rejected(f'"{uid}" is a {card.type}; only Spirits attack', "3-2-3")
    if card.pose is not Pose.REFRESHED:
        raise Rejected(f'"{uid}" is {card.pose}; only a Spirit in the Refresh state attacks', "8-1-1-1", "5-5-1")
    if "attack" in E.forbidden(state, uid):
        raise Rejected(f'an effect says "{uid}" cannot attack', "1-4-3", "9-1-2-1")
    pl = state.p(who)
    opp = other(who)
    state = _with_p_battle(state, who, evolve(pl, field=replace_card(pl.field, evolve(card, pose=Pose.EXHAUSTED))),
                           Battle(uid, to_act=opp))
    log.add("attack", f'{who} exhausts "{uid}" and declares an attack (BP {E.bp(state, uid)}, '
                      f"{len(card.symbols)} symbol{'s' * (len(card.symbols) != 1)}).", ("8-1-1-1",), subject=uid)
    if E.listening(state):
        state = E.emit(state, log, [E.Ev("attacks", (uid,), who), E.Ev("exhausted", (uid,), who)])
    if state.waiting:
        log.add("when-attacking", "'When Attacking' effects activate.", ("8-1-1-2", "12-2-1-7-1"))
    state = E.settle(state, log)
    if state.battle is not None and state.p(who).find(uid) is not None:
        log.add("flash", f"Flash Timing before the block: {opp}, the defending player, may use a Flash effect first.",
                ("8-1-2-1",))
    return state


def _with_p_battle(state: State, who: str, pl: Player, battle: Battle) -> State:
    """`state.with_p(who, pl)` with the battle `battle`, in one copy of the state."""
    return evolve(state, a=pl, battle=battle) if who == "A" else evolve(state, b=pl, battle=battle)


def pass_(state: State, log: EventLog, who: str, implied: bool = False) -> State:
    b = state.battle
    if b is None or b.stage is Stage.BLOCK:
        raise Rejected("no Flash Timing is open", "8-1-2-1", "8-1-4-1")
    rule = "8-1-2-1" if b.stage is Stage.FLASH_BEFORE_BLOCK else "8-1-4-1"
    if who != b.to_act:
        raise Rejected(f"it is {b.to_act}'s right to use a Flash effect or pass", rule)
    passes = b.passes + 1
    note = " (not written: the scenario goes on to the block declaration)" if implied else ""
    log.add("pass", f"{who} passes{note}" + (": two passes in a row end the Flash Timing." if passes == 2 else "."), (rule,))
    if passes < 2:
        return evolve(state, battle=evolve(b, to_act=other(who), passes=passes))
    if b.stage is Stage.FLASH_BEFORE_BLOCK:
        log.add("block-step", f"Block declaration: {state.opponent} may block with a Spirit in the Refresh state.",
                ("8-1-3-1",))
        return evolve(state, battle=evolve(b, stage=Stage.BLOCK, passes=0, to_act=state.opponent))
    return resolve_battle(state, log)


def _implied_passes(state: State, log: EventLog) -> State:
    while state.battle is not None and state.battle.stage is Stage.FLASH_BEFORE_BLOCK:
        state = pass_(state, log, state.battle.to_act, implied=True)
    return state


def can_block(state: State, uid: str) -> str | None:
    loc = state.on_field(uid)
    if loc is None:
        return "not on the Field"
    card = loc[1]
    if card.type is not CardType.SPIRIT:
        return "only Spirits block"
    if card.pose is not Pose.REFRESHED:
        return f"it is {card.pose}; only a Spirit in the Refresh state blocks"
    if state.pending_of(uid) is not None:
        return "it is in the Pending State"
    if "block" in E.forbidden(state, uid):
        return "an effect says it cannot block"
    b = state.battle
    if b is not None and "be blocked" in E.forbidden(state, b.attacker):
        return f'an effect says "{b.attacker}" cannot be blocked'
    by = E.block_forbidden(state, b.attacker, uid) if b is not None else None
    if b is not None and by is not None:
        return f'an effect says "{b.attacker}" cannot be blocked by {by.by.text().removeprefix("all ")}'
    return None


def _before_block(state: State, who: str) -> None:
    b = state.battle
    if b is None:
        raise Rejected("there is no attack to block", "8-1-3-1")
    if who != state.opponent:
        raise Rejected(f"only the defending player ({state.opponent}) declares a block", "8-1-3-1")
    if b.stage is Stage.FLASH_AFTER_BLOCK:
        raise Rejected("the block declaration has already been made", "8-1-3-1")


def block(state: State, log: EventLog, who: str, uid: str) -> State:
    _before_block(state, who)
    if state.p(who).find(uid) is None:
        raise Rejected(f'"{uid}" is not on {who}\'s Field', "8-1-3-1")
    why = can_block(state, uid)
    if why is not None:
        raise Rejected(f'"{uid}" cannot block: {why}', "8-1-3-1", *(("1-4-3",) if "effect" in why else ()))
    state = _implied_passes(state, log)
    pl = state.p(who)
    _who, card = state.field_card(uid)
    b = state.battle
    assert b is not None  # can_block said a battle is waiting for the block
    state = _with_p_battle(state, who, evolve(pl, field=replace_card(pl.field, evolve(card, pose=Pose.EXHAUSTED))),
                           evolve(b, stage=Stage.FLASH_AFTER_BLOCK, blocker=uid, to_act=who, passes=0))
    log.add("block", f'{who} exhausts "{uid}" and blocks (BP {E.bp(state, uid)}).', ("8-1-3-1",), subject=uid)
    # the declaration is also the event "this Spirit is blocked" of the attacking Spirit (9-1-5-2)
    if E.listening(state):
        state = E.emit(state, log, [E.Ev("blocks", (uid,), who), E.Ev("exhausted", (uid,), who),
                                    E.Ev("blocked", (b.attacker,), other(who))])
    if any(a.effect.trigger is None or a.effect.trigger.event != "blocked"
           for batch in state.waiting.batches for a in batch):  # (not said for "this Spirit is blocked" alone)
        log.add("when-blocking", "'When Blocking' effects activate.", ("8-1-3-2", "12-2-1-9-1"))
    state = E.settle(state, log)
    if state.battle is not None:
        log.add("flash", f"Flash Timing after the block: {who}, the defending player, may use a Flash effect first.",
                ("8-1-4-1",))
    return state


def no_block(state: State, log: EventLog, who: str) -> State:
    _before_block(state, who)
    state = _implied_passes(state, log)
    log.add("no-block", f"{who} does not block: the Flash Timing after the block is skipped and the battle goes to "
                        "Battle Resolution.", ("8-1-3-1",))
    return resolve_battle(state, log)


def resolve_battle(state: State, log: EventLog) -> State:
    """8-1-5 Battle Resolution, 8-1-6 destruction, 8-1-7 end of the battle."""
    b = state.battle
    assert b is not None  # called in a battle only
    att, dfn = state.player, state.opponent

    def alive(u: str | None) -> bool:
        return (u is not None and state.on_field(u) is not None and state.pending_of(u) is None)
    if b.blocker is not None:
        if not alive(b.attacker) or not alive(b.blocker):
            gone = b.attacker if not alive(b.attacker) else b.blocker
            log.add("nothing", f'"{gone}" has already left the Field: the BP comparison does nothing.', ("8-1-5-2-1",))
        else:
            ab, bb = E.bp(state, b.attacker) or 0, E.bp(state, b.blocker) or 0
            if ab == bb:
                losers = [(att, b.attacker), (dfn, b.blocker)]
                log.add("compare", f"BP {ab} against {bb}: equal, so both Spirits are Destroyed.",
                        ("8-1-5-1", "8-1-5-2-1", "8-1-6-1"))
            else:
                losers = [(dfn, b.blocker) if ab > bb else (att, b.attacker)]
                log.add("compare", f'BP {ab} against {bb}: "{losers[0][1]}" has the lower BP and is Destroyed.',
                        ("8-1-5-1", "8-1-5-2-1", "8-1-6-1"))
            state = E.destroy(state, log, losers, E.Cause("battle"), "lost the BP comparison", ("8-1-6-1", "8-1-6-2"))
            state = E.settle(state, log)
    elif not alive(b.attacker):
        log.add("nothing", f'"{b.attacker}" has left the Field: there are no symbols to reduce Life by.',
                ("8-1-5-1", "1-4-2"))
    elif E.life_forbidden(state, b.attacker, dfn):
        log.add("no-damage", f'"{b.attacker}" is not blocked, but an effect says its attacks cannot reduce {dfn}\'s '
                             f"Life: {dfn}'s Life stays {state.p(dfn).life}.", ("8-1-5-1", "1-4-3"), subject=b.attacker)
    else:
        card = state.field_card(b.attacker)[1]
        n = len(card.symbols)
        cap = E.life_cap(state, b.attacker, dfn)
        by = f"its {n} symbol{'s' * (n != 1)}"
        if cap is not None and cap[0] < n:  # the card's text over 8-1-5-1 (1-4-1)
            log.add("cap", f'"{cap[1]}": {dfn}\'s Life can only be reduced by {cap[0]} by this attack, not by all {n} '
                           f"symbols of \"{b.attacker}\".", ("8-1-5-1", "1-4-1"), subject=cap[1])
            n = cap[0]
            by = f"{n}, the most it may be"
        pl = state.p(dfn)
        moved = min(n, pl.life)
        state = state.with_p(dfn, evolve(pl, life=pl.life - moved, reserve=pl.reserve + moved))
        log.add("damage", f'"{b.attacker}" is not blocked: {dfn}\'s Life is reduced by {by}, '
                          f"{pl.life} → {pl.life - moved}. (The rules do not say where those cores go; "
                          f"the engine puts them in {dfn}'s Reserve, as Saga does.)",
                ("8-1-5-1",) + (("1-4-2",) if moved < n else ()), subject=b.attacker)
        state = E.rule_processing(state, log)
        if moved and E.listening(state):
            state = E.settle(E.emit(state, log, [E.Ev("life_reduced", (b.attacker,), dfn, by=att)]), log)
        elif moved:
            state = E.settle(state, log)
    return _end_of_battle(state, log, b, att)


def cut_battle(state: State, log: EventLog) -> State:
    """"[Flash] End the attack step." resolved in a battle (effects._end_attack, which says what the engine decides):
    once the action that resolved it has finished, the battle ends with no block and no Battle Resolution, and the
    Attack Step with it."""
    b = state.battle
    if b is None or state.waiting or not state.battle_cut:
        return state
    log.add("battle-cut", f'The battle of "{b.attacker}" ends at once, ' + ("with no block declaration and " if
            b.blocker is None and b.stage is not Stage.BLOCK else "") + "with no Battle Resolution.", ("7-7-3-2",))
    return _end_of_battle(state, log, b, state.player)


def _end_of_battle(state: State, log: EventLog, b: Battle, att: str) -> State:
    """8-1-7 End of Battle: its effects activate (8-1-7-1), those lasting the battle end (8-1-7-2), and the turn
    player acts again (8-1-7-3), unless an effect ended the Attack Step."""
    if state.battle is not None:
        if E.listening(state):
            state = E.emit(state, log, [E.Ev("battle_end", tuple(u for u in (b.attacker, b.blocker) if u), att)])
        if state.waiting:
            log.add("battle-end-triggers", "Effects that activate at the end of the battle activate.", ("8-1-7-1",))
        state = E.settle(state, log)
    ending = [a for a in state.continuous if a.duration == "battle"]
    state = E.expire_blocked_by(evolve(state, battle=None, continuous=tuple(
        a for a in state.continuous if a.duration != "battle")), "battle")
    if ending:
        log.add("expire", "Effects lasting during this battle end.", ("8-1-7-2",))
    if state.attack_ends or state.battle_cut:  # "[When this battle ends,] end the attack step." (7-7-3-2, 1-4-1)
        log.add("battle-end", "The battle ends, and with it the Attack Step: an effect ended it (as 'End of Attack "
                "Step' declared by the turn player).", ("8-1-7-3", "7-7-3-2", "1-4-1"))
        return enter(_end_triggers(evolve(state, attack_ends=False, battle_cut=False), log, "7-7-3-2"), log,
                     _next(Step.ATTACK))
    log.add("battle-end", f"The battle ends; {att} may act again in the Attack Step.", ("8-1-7-3",))
    return state


def concede(state: State, log: EventLog, who: str) -> NoReturn:
    """1-3-4: as in Saga (its 1-2-4), the opponent wins at once."""
    saga_rules.concede(state, log, who, rule="1-3-4")


def pending_choice(state: State, line: int | None) -> Choice | None:
    b = state.battle
    if b is None:
        return None
    if b.stage is Stage.BLOCK:
        opts = [f'block with "{c.uid}"' for c in state.p(state.opponent).field if can_block(state, c.uid) is None]
        return Choice(state.opponent, f'Does {state.opponent} block the attack of "{b.attacker}", and with which Spirit?',
                      tuple(opts + ["no block"]), "8-1-3-1", line)
    before = b.stage is Stage.FLASH_BEFORE_BLOCK
    return Choice(b.to_act, f"{b.to_act} may use a Flash effect or pass in the Flash Timing "
                            f"{'before' if before else 'after'} the block.", ("pass",),
                  "8-1-2-1" if before else "8-1-4-1", line)

