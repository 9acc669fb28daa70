"""Battle Spirits Saga core procedures as plain functions over the frozen state.

Every function returns a new state and logs each step with the rule ids that make it happen. A
declared action the rules forbid raises `Rejected` before anything changes (states are immutable,
so the caller simply keeps the old one).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from itertools import product

from judge_app.engine.bss import effects
from judge_app.engine.bss.state import (
    AUTOMATIC_STEPS,
    PLAYERS,
    STEP_ORDER,
    Battle,
    Card,
    CardType,
    Player,
    Stage,
    State,
    Step,
    other,
    replace_card,
    without,
)
from judge_app.engine.core import (
    Choice,
    EventLog,
    GameOver,
    NeedsChoice,
    Rejected,
    Unsupported,
    Verdict,
    VerdictKind,
    run_checks,
)

# ---------------------------------------------------------------------------------------------
# Gameplay management (chapter 9)


def _win(state: State, log: EventLog, winners: set[str], why: str, rules: tuple[str, ...]) -> None:
    if len(winners) == 2:
        log.add("draw", f"Both players fulfil a victory condition at once ({why}): the game is a draw.",
                rules + ("1-2-3",))
        raise GameOver(Verdict(VerdictKind.DRAW, None, f"both players fulfil a victory condition: {why}"),
                       state)
    (w,) = winners
    log.add("win", f"{w} wins: {why}.", rules + ("1-2-2",))
    raise GameOver(Verdict(VerdictKind.WIN, w, why), state)


def establish_winner(state: State, log: EventLog) -> State:
    """9-2: interrupting gameplay management; a player whose opponent has zero life wins."""
    winners = {other(p) for p in PLAYERS if state.p(p).life <= 0}
    if winners:
        zero = " and ".join(p for p in PLAYERS if state.p(p).life <= 0)
        _win(state, log, winners, f"{zero} {'has' if len(winners) == 1 else 'have'} zero life",
             ("9-2-1", "9-2-2", "9-2-3"))
    return state


def checkpoint(self_by: str | None, changed: frozenset[str] = frozenset()):
    """9-3 and 9-4: checkpoint management, all failing cards destroyed simultaneously (4-7-2, 9-1-2-3).

    `self_by` names the player whose own action or cost payment is being managed and `changed` the
    cards whose cores that action changed: those that fail are self-destroyed (9-3-2, 9-4-2-3,
    10-1-1-1). Any other failing card is destroyed normally.
    """

    def check(state: State, log: EventLog) -> State:
        doomed: list[tuple[str, Card, tuple[str, ...], str]] = []
        for who in PLAYERS:
            for c in state.p(who).field:
                if c.type in (CardType.SPIRIT, CardType.NEXUS) and c.levels and c.level == 0:
                    doomed.append((who, c, ("9-3-1", "9-3-2"),
                                   f"has {c.cores} core{'s' * (c.cores != 1)}, fewer than the {c.lv1_cost} its LV1 needs"))
                elif c.type is CardType.SPIRIT and c.bp is not None and c.bp <= 0:
                    doomed.append((who, c, ("9-4-1", "9-4-2"), f"has {c.bp} BP"))
        for who, c, rules, why in doomed:
            self_destroyed = self_by == who and c.uid in changed
            extra = (("10-1-1-1",) + (("9-4-2-3",) if rules[0] == "9-4-1" else ())) if self_destroyed else ()
            state = destroy(state, log, who, c.uid, self_destroyed=self_destroyed,
                            why=why, rules=rules + extra)
        return state

    return check


def manage(state: State, log: EventLog, self_by: str | None = None,
           changed: frozenset[str] = frozenset()) -> State:
    """Run gameplay management until nothing changes (kernel loop with step cap and loop detection)."""
    return run_checks(state, (establish_winner, checkpoint(self_by, changed)), log)


def _to_reserve(pl: Player, card: Card) -> Player:
    """3-5-5 / 10-1-3-4: cores on a card leaving the field go to its controller's reserve."""
    soul = "reserve" if pl.soul == card.uid else pl.soul
    return replace(pl, reserve=pl.reserve + card.cores, soul=soul)


def destroy(state: State, log: EventLog, who: str, uid: str, *, self_destroyed: bool, why: str,
            rules: tuple[str, ...]) -> State:
    """10-1-3: destruction (no substitution or destruction trigger exists in part 1)."""
    pl = state.p(who)
    card = pl.find(uid)
    if card is None:
        return state
    pl = _to_reserve(replace(pl, field=without(pl.field, uid)), card)
    kind = "self-destroy" if self_destroyed else "destroy"
    verb = "self-destroyed" if self_destroyed else "destroyed"
    cores = (f"; its {card.cores} core{'s go' if card.cores != 1 else ' goes'} to {who}'s reserve"
             if card.cores else "")
    if card.token:
        pl = replace(pl, removed=pl.removed + (replace(card, cores=0, exhausted=False),))
        log.add(kind, f'"{uid}" {why} and is {verb}; as a token it is removed from the game{cores}.',
                rules + ("10-1-1", "10-1-3-4", "4-12-3"), subject=uid)
    else:
        pl = replace(pl, trash=pl.trash + (replace(card, cores=0, exhausted=False),))
        log.add(kind, f'"{uid}" {why} and is {verb}: it goes to {who}\'s trash{cores}.',
                rules + ("10-1-1", "10-1-3-4"), subject=uid)
    return effects.when_destroyed(state.with_p(who, pl), log, (uid,), self_destroyed)


# ---------------------------------------------------------------------------------------------
# Turn structure (chapter 6)


def _need_deck(state: State, who: str, rule: str) -> int:
    deck = state.p(who).deck
    if deck is None:
        raise Unsupported(f"{who}'s deck size is needed by rule {rule}; give it on the player line "
                          f"(e.g. `{who}: deck 30`)")
    return deck


def perform_step(state: State, log: EventLog) -> State:
    """The gameplay management of an automatic step (6-2 .. 6-5, 6-8)."""
    state = effects.at_step_start(state, log)
    p, step = state.player, state.step
    pl = state.p(p)
    if step is Step.START:
        log.add("step", f"{p}'s start step begins.", ("6-1-1", "6-2-1"))
        deck = _need_deck(state, p, "6-2-2")
        winners = {other(p)} if deck == 0 else set()
        winners |= {other(q) for q in PLAYERS if state.p(q).life <= 0}
        if winners:
            why = f"{p} has no cards in their deck at the start of their start step" if deck == 0 else "zero life"
            _win(state, log, winners, why, ("6-2-2", "9-2-2", "9-2-4", "1-2-1-1-2"))
        log.add("check", f"{p} still has {deck} card{'s' * (deck != 1)} in their deck: no winner.",
                ("6-2-2", "9-2-4"))
    elif step is Step.CORE:
        if state.first_turn:
            log.add("skip", f"Player one ({p}) has no core step on their first turn.", ("6-3-3",))
        else:
            state = state.with_p(p, replace(pl, reserve=pl.reserve + 1))
            log.add("core", f"Core step: {p} places 1 core from the void into their reserve "
                            f"({pl.reserve} → {pl.reserve + 1}).", ("6-3-2", "6-3-3"))
    elif step is Step.DRAW:
        deck = _need_deck(state, p, "6-4-2")
        if deck == 0:
            log.add("nothing", f"Draw step: {p}'s deck is empty, so the draw is not performed "
                               "(deck-out is only checked at the start step).", ("6-4-2", "1-3-2", "9-2-4"))
        else:
            state = state.with_p(p, replace(pl, deck=deck - 1, hand_unknown=pl.hand_unknown + 1))
            log.add("draw", f"Draw step: {p} draws 1 card (hand {pl.hand_count} → {pl.hand_count + 1}, "
                            f"deck {deck} → {deck - 1}).", ("6-4-2", "4-5-2"))
    elif step is Step.REFRESH:
        field = tuple(replace(c, exhausted=False) for c in pl.field)
        soul = "reserve" if pl.soul == "trash" else pl.soul
        state = state.with_p(p, replace(pl, field=field, reserve=pl.reserve + pl.trash_cores, trash_cores=0,
                                        soul=soul))
        n = sum(c.exhausted for c in pl.field)
        log.add("refresh", f"Refresh step: {p} refreshes {n} card{'s' * (n != 1)} and moves {pl.trash_cores} "
                           f"core{'s' * (pl.trash_cores != 1)} from the trash to the reserve.",
                ("6-5-2", "10-3-1"))
    elif step is Step.END:
        state = effects.at_turn_end(state, log)
        log.add("step", f"{p}'s end step: nothing is waiting; the turn ends.", ("6-8-1", "6-8-1-3"))
    return replace(state, performed=True)


def advance(state: State, log: EventLog) -> State:
    """Leave the current step for the next one (6-1-1); after the end step the opponent's turn begins."""
    if state.step is Step.END:
        nxt = other(state.player)
        turn = state.turn + 1 if state.turn is not None else None
        log.add("turn", f"{nxt}'s turn begins" + (f" (turn {turn})" if turn else "") + ".", ("6-8-1-3",))
        return replace(state, player=nxt, step=Step.START, turn=turn, first_turn=False, performed=False,
                       burst_set=False, raid_used=())
    i = STEP_ORDER.index(state.step)
    return replace(state, step=STEP_ORDER[i + 1], performed=False)


def settle(state: State, log: EventLog, stop: tuple[str, Step] | None = None) -> State:
    """Perform automatic steps until a player must act (main or attack step), or until `stop` begins."""
    for _ in range(64):
        if stop is not None and (state.player, state.step) == stop and state.step in AUTOMATIC_STEPS:
            # `proceed to` an automatic step: it begins and its gameplay management is performed.
            return state if state.performed else perform_step(state, log)
        if state.step in AUTOMATIC_STEPS:
            if not state.performed:
                state = perform_step(state, log)
            state = advance(state, log)
            continue
        if state.step is Step.ATTACK and state.first_turn:
            log.add("skip", f"Player one ({state.player}) has no attack step on their first turn.", ("6-7-2",))
            state = advance(state, log)
            continue
        if not state.performed:
            if state.step is Step.MAIN:
                log.add("step", f"{state.player}'s main step begins.", ("6-6-1-1", "6-6-1-2"))
            else:
                log.add("step", f"{state.player}'s attack step begins.", ("6-7-2", "6-7-3-1", "6-7-3-2"))
            state = effects.at_step_start(replace(state, performed=True), log)
        return state
    raise Unsupported("the turn structure did not reach a step where a player acts")  # pragma: no cover


def proceed_to(state: State, log: EventLog, who: str, step: Step) -> State:
    """Run the normal procedure, every optional action declined, until step `step` of `who` begins."""
    if state.battle is not None:
        raise Rejected("a battle is in progress; finish it first", "7-1")
    if (state.player, state.step) == (who, step) and not state.performed:
        return settle(state, log, stop=(who, step))  # the board was written as this step began
    # Otherwise the next occurrence of that step.
    if state.step not in AUTOMATIC_STEPS and not state.performed:
        state = settle(state, log)  # the current main/attack step begins before it is declined
        if (state.player, state.step) == (who, step):
            return state
    for _ in range(32):
        if state.step is Step.MAIN:
            log.add("end-step", f"{state.player} declines any further action and ends the main step.",
                    ("6-6-1-2-5",))
        elif state.step is Step.ATTACK:
            log.add("end-step", f"{state.player} declines to attack and ends the attack step.", ("6-7-3-2",))
        elif not state.performed:
            state = perform_step(state, log)
        state = settle(advance(state, log), log, stop=(who, step))
        if (state.player, state.step) == (who, step):
            return state
    raise Rejected(f"{who}'s {step} step is never reached", "6-1-1")  # pragma: no cover


def end_step(state: State, log: EventLog, who: str, step: Step | None) -> State:
    if who != state.player:
        raise Rejected(f"only the player taking their turn ({state.player}) can end the step",
                       "6-6-1-2-5", "6-7-3-2")
    if step is not None and step is not state.step:
        raise Rejected(f"it is the {state.step} step, not the {step} step", "6-1-1")
    if state.battle is not None:
        raise Rejected("a battle is in progress; the attack step can end only between battles", "6-7-3-2")
    if state.step is Step.MAIN:
        log.add("end-step", f"{who} declares the end of the main step.", ("6-6-1-2-5",))
    elif state.step is Step.ATTACK:
        log.add("end-step", f"{who} declares the end of the attack step.", ("6-7-3-2",))
    else:
        raise Rejected(f"the {state.step} step ends by itself; only the main and attack steps are ended "
                       "by declaration", "6-1-2")
    return settle(advance(state, log), log)


# ---------------------------------------------------------------------------------------------
# Cores, costs, summoning and placing (2-7, 2-8, 6-6, 10-6, 10-7)


@dataclass(frozen=True, slots=True)
class Source:
    """Where declared cores come from or go to: "reserve" or a card uid; `soul` names the soul core."""

    place: str
    count: int = 0
    soul: bool = False


def _reductions(field_symbols: list[str], reduction: tuple[str, ...]) -> dict[int, bool]:
    """2-7-3, 2-8-2-1, 2-8-2-2: reductions reachable by choosing the colors of double-color symbols.

    Returns {reduction: needs a double-color symbol to be counted}. Matching is per color, limited by
    the card's reduction symbols of that color.
    """
    want = Counter(reduction)
    plain = Counter(s for s in field_symbols if "/" not in s)
    doubles = [s.split("/") for s in field_symbols if "/" in s][:12]  # bound the product
    out: dict[int, bool] = {}
    for pick in product(*doubles) if doubles else [()]:
        have = plain + Counter(pick)
        n = sum(min(have[c], k) for c, k in want.items())
        n_plain = sum(min(plain[c], k) for c, k in want.items())
        used_double = n > n_plain
        out[n] = out.get(n, True) and used_double
    return out


def _sources_text(sources: tuple[Source, ...]) -> str:
    parts = []
    for s in sources:
        where = "the reserve" if s.place == "reserve" else f'"{s.place}"'
        if s.count:
            parts.append(f"{s.count} core{'s' * (s.count != 1)} from {where}")
        if s.soul:
            parts.append(f"the soul core from {where}")
    return " and ".join(parts) or "no cores"


def _take(state: State, who: str, sources: tuple[Source, ...], rule: str,
          exclude: str | None = None) -> tuple[State, int, bool]:
    """Remove declared cores from the reserve/field; returns (state, count, soul taken)."""
    pl = state.p(who)
    total, soul_taken = 0, False
    for s in sources:
        if s.count < 0:
            raise Rejected(f"a number of cores cannot be negative ({s.count})", "1-3-5")
        n = s.count + (1 if s.soul else 0)
        if s.place == "reserve":
            has, has_soul = pl.reserve, pl.soul == "reserve"
        else:
            card = pl.find(s.place)
            if card is None or s.place == exclude:
                raise Rejected(f'"{s.place}" is not on {who}\'s field', rule)
            has, has_soul = card.cores, pl.soul == s.place
        if s.soul and not has_soul:
            raise Rejected(f"{who}'s soul core is not on {'the reserve' if s.place == 'reserve' else s.place}",
                           rule)
        if n > has:
            where = f"{who}'s reserve" if s.place == "reserve" else f'"{s.place}"'
            raise Rejected(f"{where} has only {has} core{'s' * (has != 1)}, not {n}", rule)
        # The soul core goes only when named, or when the count leaves nothing else (the count says so).
        uses_soul = has_soul and (s.soul or s.count > has - 1)
        soul_taken = soul_taken or uses_soul
        if s.place == "reserve":
            pl = replace(pl, reserve=pl.reserve - n, soul=None if uses_soul else pl.soul)
        else:
            card = pl.find(s.place)
            pl = replace(pl, field=replace_card(pl.field, replace(card, cores=card.cores - n)),
                         soul=None if uses_soul else pl.soul)
        total += n
    return state.with_p(who, pl), total, soul_taken


def _put(state: State, who: str, place: str, n: int, soul: bool) -> State:
    pl = state.p(who)
    if place == "reserve":
        pl = replace(pl, reserve=pl.reserve + n)
    elif place == "trash":
        pl = replace(pl, trash_cores=pl.trash_cores + n)
    else:
        card = pl.find(place)
        pl = replace(pl, field=replace_card(pl.field, replace(card, cores=card.cores + n)))
    if soul:
        pl = replace(pl, soul=place)
    return state.with_p(who, pl)


def _main_action(state: State, who: str, what: str) -> None:
    if state.battle is not None:
        raise Rejected(f"{what} is not possible during a battle", "6-6-1-2-1")
    if who != state.player:
        raise Rejected(f"only {state.player}, the player taking their turn, may do this: {what} is a main "
                       "step action", "6-6-1-2-1")
    if state.step is not Step.MAIN:
        raise Rejected(f"{what} is a main step action, and it is the {state.step} step", "6-6-1-2-1")


def _payment_options(state: State, who: str) -> tuple[str, ...]:
    pl = state.p(who)
    opts = [f"from the reserve ({pl.reserve} core{'s' * (pl.reserve != 1)})"] if pl.reserve else []
    opts += [f'from "{c.uid}" ({c.cores} core{"s" * (c.cores != 1)})' for c in pl.field if c.cores]
    return tuple(opts)


def summon(state: State, log: EventLog, who: str, uid: str, pay: tuple[Source, ...] | None,
           place: tuple[Source, ...] | None) -> State:
    """10-6 (spirits) and 10-7 (nexuses): reveal, cost, reduction, payment, placing cores."""
    pl = state.p(who)
    card = next((c for c in pl.hand if c.uid == uid), None)
    if card is None:
        loc = state.locate(uid)
        where = (f"{'on' if loc[1] == 'field' else 'in'} {loc[0]}'s {loc[1]}" if loc
                 else "nowhere on the board")
        raise Rejected(f'"{uid}" is not in {who}\'s hand (it is {where})', "10-6-1", "10-7-1")
    if card.type is CardType.MAGIC:
        raise Rejected(f'"{uid}" is a magic card: it is used, not summoned or placed', "10-8-1")
    nexus = card.type is CardType.NEXUS
    verb, rid = ("placing", "10-7") if nexus else ("summoning", "10-6")
    _main_action(state, who, "summoning a spirit" if not nexus else "placing a nexus")
    effects.require_supported(card)
    log.add("reveal", f'{who} reveals "{uid}" to {"place" if nexus else "summon"} it.', (f"{rid}-3",))
    symbols = [(c.uid, s) for c in pl.field for s in c.symbols]
    reach = _reductions([s for _, s in symbols], card.reduction)
    costs = {max(0, card.cost - r): (r, dbl) for r, dbl in sorted(reach.items())}  # 1-3-6: never negative
    if pay is None:
        if set(costs) == {0}:
            pay = ()
        else:
            raise NeedsChoice(Choice(who, f'Which cores does {who} pay the {verb} cost of "{uid}" with '
                                          f"(cost {' or '.join(map(str, sorted(costs)))})?",
                                     _payment_options(state, who), f"{rid}-6", log.line))
    paid = sum(s.count + s.soul for s in pay)
    if paid not in costs:
        can = " or ".join(map(str, sorted(costs)))
        raise Rejected(f'the {verb} cost of "{uid}" is {can} (cost {card.cost} less the matching symbols), '
                       f"but {paid} core{'s' * (paid != 1)} {'were' if paid != 1 else 'was'} paid",
                       f"{rid}-5", f"{rid}-6", "2-7-3")
    red, dbl = costs[paid]
    rules = (f"{rid}-4", f"{rid}-5", "2-7-3") + (("2-8-2-1", "2-8-2-2") if dbl else ()) \
        + (("1-3-6",) if card.cost - red < 0 else ())
    if card.reduction:
        match = ", ".join(f'"{u}" {s}' for u, s in symbols) or "none"
        red_text = (f"reduced by {card.cost - paid} for the matching symbols on {who}'s field "
                    f"(reduction symbols {' '.join(card.reduction)}; field symbols: {match})")
    else:
        red_text = "no reduction symbols"
    log.add("cost", f'The {verb} cost of "{uid}" is {paid}: cost {card.cost}, {red_text}.', rules,
            subject=uid, facts=(("cost", paid),))
    state, _, soul_paid = _take(state, who, pay, f"{rid}-6")
    state = _put(state, who, "trash", paid, soul_paid)
    if paid:
        log.add("pay", f"{who} pays {_sources_text(pay)} into the trash.", (f"{rid}-6", "3-4-1"), subject=uid)
    # 10-6-7 / 10-7-7: the card enters the field refreshed, with at least its LV1 cost in cores.
    if place is None:
        if card.lv1_cost == 0:
            place = ()
        else:
            raise NeedsChoice(Choice(who, f'Which cores does {who} place on "{uid}" (at least '
                                          f"{card.lv1_cost})?", _payment_options(state, who),
                                     f"{rid}-7", log.line))
    pl = state.p(who)
    new = replace(card, cores=0, exhausted=False)
    state = state.with_p(who, replace(pl, hand=without(pl.hand, uid), field=pl.field + (new,)))
    state, n, soul_placed = _take(state, who, place, f"{rid}-7", exclude=uid)
    if n < card.lv1_cost:
        raise Rejected(f'"{uid}" needs at least {card.lv1_cost} core{"s" * (card.lv1_cost != 1)} for LV1, '
                       f"but {n} {'were' if n != 1 else 'was'} placed", f"{rid}-7")
    state = _put(state, who, uid, n, soul_placed)
    placed = state.p(who).find(uid)
    bp = f", {placed.bp} BP" if placed.bp is not None else ""
    log.add("place" if nexus else "summon",
            f'"{uid}" is {"placed" if nexus else "summoned"} refreshed with {_sources_text(place)} on it '
            f"(LV{placed.level}{bp}).", (f"{rid}-7", "3-5-3", "2-10-3"), subject=uid)
    changed = frozenset(s.place for s in pay + place if s.place != "reserve")
    state = manage(state, log, self_by=who, changed=changed)
    return effects.when_summoned(state, log, uid) if state.p(who).find(uid) else state


def move_cores(state: State, log: EventLog, who: str, src: Source, dst: str) -> State:
    """6-6-1-2-3: main-step core movement between the reserve and one's own field cards."""
    _main_action(state, who, "moving cores")
    if src.count < 0:
        raise Rejected(f"a number of cores to move cannot be negative ({src.count})", "1-3-5")
    if src.count == 0 and not src.soul:
        log.add("nothing", "Moving zero cores is not performed.", ("1-3-2-3",))
        return state
    if dst != "reserve" and state.p(who).find(dst) is None:
        raise Rejected(f'"{dst}" is not on {who}\'s field', "6-6-1-2-3")
    if dst == src.place:
        log.add("nothing", "Moving cores to where they already are is not performed.", ("1-3-2-2",))
        return state
    before = {c.uid: (c.level, c.bp) for c in state.p(who).field}
    state, n, soul = _take(state, who, (src,), "6-6-1-2-3")
    state = _put(state, who, dst, n, soul)
    what = f"{src.count} core{'s' * (src.count != 1)}" if src.count else ""
    what = " and ".join(x for x in (what, "the soul core" if src.soul else "") if x)
    frm = "the reserve" if src.place == "reserve" else f'"{src.place}"'
    log.add("move", f"{who} moves {what} from {frm} to "
                    f"{'the reserve' if dst == 'reserve' else repr(dst).replace(chr(39), chr(34))}.",
            ("6-6-1-2-3",))
    for c in state.p(who).field:
        old = before.get(c.uid)
        if old and old != (c.level, c.bp) and c.level:
            bp = f", {c.bp} BP" if c.bp is not None else ""
            log.add("level", f'"{c.uid}" now has {c.cores} core{"s" * (c.cores != 1)}: LV{c.level}{bp}.',
                    ("2-10-2", "2-10-3"), subject=c.uid)
    return manage(state, log, self_by=who, changed=frozenset({src.place, dst}) - {"reserve"})


_BURST_RE = re.compile(r"^\s*[【\[(]?\s*burst\b", re.I)


def set_burst(state: State, log: EventLog, who: str, uid: str) -> State:
    """6-6-1-2-2: set a card with a burst effect face down in the burst area, once per turn."""
    _main_action(state, who, "setting a burst card")
    pl = state.p(who)
    card = next((c for c in pl.hand if c.uid == uid), None)
    if card is None:
        raise Rejected(f'"{uid}" is not in {who}\'s hand', "6-6-1-2-2")
    if not any(_BURST_RE.match(e) for e in card.effects):
        raise Rejected(f'"{uid}" has no burst effect (an effect starting "Burst")', "3-8-4")
    if state.burst_set:
        raise Rejected(f"{who} has already set a burst card this turn", "6-6-1-2-2")
    old = pl.burst
    pl = replace(pl, hand=without(pl.hand, uid), burst=(card,), trash=pl.trash + old)
    log.add("burst", f'{who} sets "{uid}" face down in the burst area.', ("6-6-1-2-2",), subject=uid)
    for c in old:
        log.add("discard", f'The burst card already set, "{c.uid}", is discarded to the trash.',
                ("3-8-3", "10-2-1"), subject=c.uid)
    return replace(state.with_p(who, pl), burst_set=True)


def use_magic(state: State, log: EventLog, who: str, uid: str) -> State:
    """10-8: executing a magic effect needs the effect vocabulary of issue 8."""
    loc = state.locate(uid)
    if loc is None or loc[:2] != (who, "hand"):
        raise Rejected(f'"{uid}" is not in {who}\'s hand', "10-8-1")
    card = loc[2]
    if card.type is not CardType.MAGIC:
        raise Rejected(f'"{uid}" is not a magic card', "10-8-1")
    if not card.effects:
        raise Rejected(f'"{uid}" has no effect to use', "10-8-1", "2-9-3")
    effects.require_supported(card)
    raise Unsupported(f'using "{uid}" is not supported yet', subject=uid)  # pragma: no cover


# ---------------------------------------------------------------------------------------------
# Battles (chapter 7)


def _exhaust(state: State, who: str, uid: str) -> State:
    pl = state.p(who)
    return state.with_p(who, replace(pl, field=replace_card(pl.field, replace(pl.find(uid), exhausted=True))))


def attack(state: State, log: EventLog, who: str, uid: str) -> State:
    if state.battle is not None:
        raise Rejected("a battle is already in progress", "7-1")
    if state.step is not Step.ATTACK or who != state.player:
        raise Rejected(f"only the player taking their turn attacks, in their attack step (it is "
                       f"{state.player}'s {state.step} step)", "6-7-1", "7-1-1-1")
    card = state.p(who).find(uid)
    if card is None:
        loc = state.locate(uid)
        where = f"it is in {loc[0]}'s {loc[1]}" if loc else "it is not on the board"
        raise Rejected(f'"{uid}" is not on {who}\'s field ({where})', "7-1-1-1")
    if card.type is not CardType.SPIRIT:
        raise Rejected(f'"{uid}" is a {card.type}, and only spirits attack', "7-1-1-1")
    if card.exhausted:
        raise Rejected(f'"{uid}" is exhausted; only a refreshed spirit can attack', "7-1-1-1", "4-4-1-2")
    state = _exhaust(state, who, uid)
    log.add("attack", f'{who} exhausts "{uid}" and declares an attack (BP {card.bp}, '
                      f"{len(card.symbols)} symbol{'s' * (len(card.symbols) != 1)}).",
            ("7-1-1-1", "10-4-1"), subject=uid)
    opp = other(who)
    state = effects.when_attacking(state, log, uid)
    log.add("flash", f"The flash window before blocking opens; {opp}, the player being attacked, acts first.",
            ("7-1-2-1",))
    return replace(state, battle=Battle(attacker=uid, to_act=opp))


def pass_(state: State, log: EventLog, who: str, *, implied: bool = False) -> State:
    b = state.battle
    if b is None or b.stage is Stage.BLOCK:
        raise Rejected("no flash window is open", "7-1-2-1", "7-1-4-1")
    rule = "7-1-2-1" if b.stage is Stage.FLASH_BEFORE_BLOCK else "7-1-4-1"
    if who != b.to_act:
        raise Rejected(f"it is {b.to_act}'s turn to use a flash effect or pass in this flash window", rule)
    passes = b.passes + 1
    note = " (not written: the scenario goes on to the block declaration)" if implied else ""
    log.add("pass", f"{who} passes{note}" + (": two passes in a row close the flash window." if passes == 2
                                             else "."), (rule,))
    if passes < 2:
        return replace(state, battle=replace(b, to_act=other(who), passes=passes))
    return _close_window(state, log)


def _close_window(state: State, log: EventLog) -> State:
    b = state.battle
    if b.stage is Stage.FLASH_BEFORE_BLOCK:
        log.add("block-step", f"Block declaration: {state.opponent} may block with a refreshed spirit.",
                ("7-1-3-1",))
        return replace(state, battle=replace(b, stage=Stage.BLOCK, passes=0, to_act=state.opponent))
    return resolve_battle(state, log)


def _implied_passes(state: State, log: EventLog) -> State:
    """A block declaration written while the first flash window is open: the unwritten turns are passes."""
    while state.battle is not None and state.battle.stage is Stage.FLASH_BEFORE_BLOCK:
        state = pass_(state, log, state.battle.to_act, implied=True)
    return state


def _before_block(state: State, log: EventLog, who: str) -> Battle:
    b = state.battle
    if b is None:
        raise Rejected("there is no attack to block", "7-1-3-1")
    if who != state.opponent:
        raise Rejected(f"only the player being attacked ({state.opponent}) declares blocks", "7-1-3-1")
    if b.stage is Stage.FLASH_AFTER_BLOCK:
        raise Rejected("the block declaration has already been made", "7-1-3-1")
    return b


def block(state: State, log: EventLog, who: str, uid: str) -> State:
    _before_block(state, log, who)
    card = state.p(who).find(uid)
    if card is None:
        raise Rejected(f'"{uid}" is not on {who}\'s field', "7-1-3-1")
    if card.type is not CardType.SPIRIT:
        raise Rejected(f'"{uid}" is a {card.type}, and only spirits block', "7-1-3-1")
    if card.exhausted:
        raise Rejected(f'"{uid}" is exhausted; only a refreshed spirit can block', "7-1-3-1", "4-4-1-2")
    state = _implied_passes(state, log)
    state = _exhaust(state, who, uid)
    log.add("block", f'{who} exhausts "{uid}" and blocks (BP {card.bp}).', ("7-1-3-1", "10-4-1"), subject=uid)
    state = effects.when_blocking(state, log, uid)
    log.add("flash", f"The flash window after blocking opens; {who}, the blocking player, acts first.",
            ("7-1-4-1",))
    return replace(state, battle=replace(state.battle, stage=Stage.FLASH_AFTER_BLOCK, blocker=uid, to_act=who,
                                         passes=0))


def no_block(state: State, log: EventLog, who: str) -> State:
    _before_block(state, log, who)
    state = _implied_passes(state, log)
    log.add("no-block", f"{who} does not block: the battle goes to battle resolution without the flash "
                        "window after blocking.", ("7-1-3-1",))
    return resolve_battle(state, log)


def resolve_battle(state: State, log: EventLog) -> State:
    """7-1-5 and 7-1-6."""
    b = state.battle
    att_p, def_p = state.player, state.opponent
    attacker = state.p(att_p).find(b.attacker)
    if b.blocker is not None:
        blocker = state.p(def_p).find(b.blocker)
        if attacker is None or blocker is None:
            gone = b.attacker if attacker is None else b.blocker
            log.add("nothing", f'"{gone}" has left the field: the BP comparison does nothing.',
                    ("7-1-5-1", "7-1-5-2-1"))
        else:
            ab, bb = attacker.bp or 0, blocker.bp or 0
            if ab == bb:
                log.add("compare", f'BP {ab} against {bb}: equal, so both spirits are destroyed.',
                        ("7-1-5-1", "7-1-5-2-1"))
                losers = [(att_p, attacker.uid), (def_p, blocker.uid)]
            else:
                lose = (def_p, blocker.uid) if ab > bb else (att_p, attacker.uid)
                log.add("compare", f'BP {ab} against {bb}: "{lose[1]}" has fewer BP and is destroyed.',
                        ("7-1-5-1", "7-1-5-2-1"))
                losers = [lose]
            for who, uid in losers:  # simultaneous (10-1-3-4)
                state = destroy(state, log, who, uid, self_destroyed=False, why="lost the battle",
                                rules=("7-1-5-2-1",))
    elif attacker is None:
        log.add("nothing", f'"{b.attacker}" has left the field: no damage is applied.', ("7-1-5-1", "7-1-5-3-1"))
    else:
        n = len(attacker.symbols)
        pl = state.p(def_p)
        moved = min(n, pl.life)
        rules = ("7-1-5-1", "7-1-5-3-1") + (("1-3-2",) if moved < n else ()) + (("1-3-2-3",) if n == 0 else ())
        short = f" (only {moved} can move)" if moved < n else ""
        state = state.with_p(def_p, replace(pl, life=pl.life - moved, reserve=pl.reserve + moved))
        log.add("damage", f'"{b.attacker}" is not blocked: {n} symbol{"s" * (n != 1)}, so {n} '
                          f"core{'s' * (n != 1)} move{'s' * (n == 1)} from {def_p}'s life to their reserve{short}; "
                          f"{def_p}'s life {pl.life} → {pl.life - moved}.", rules, subject=b.attacker)
        state = effects.after_damage(state, log, b.attacker, moved)
    state = manage(replace(state, battle=None), log)
    state = effects.battle_ends(state, log)
    log.add("battle-end", f"The battle ends; {att_p} may act again in the attack step.", ("7-1-6-1", "7-1-6-3"))
    return state


def concede(state: State, log: EventLog, who: str) -> State:
    """1-2-4: a player may concede at any time; the opponent wins at once."""
    log.add("concede", f"{who} concedes: {other(who)} wins.", ("1-2-4",))
    raise GameOver(Verdict(VerdictKind.WIN, other(who), f"{who} conceded"), state)


def pending_choice(state: State, line: int | None) -> Choice | None:
    """At the end of the declared actions: the decision a battle is waiting for, if any."""
    b = state.battle
    if b is None:
        return None
    if b.stage is Stage.BLOCK:
        opts = [f'block with "{c.uid}"' for c in state.p(state.opponent).field
                if c.type is CardType.SPIRIT and not c.exhausted]
        return Choice(state.opponent, f'Does {state.opponent} block the attack of "{b.attacker}", and with '
                                      "which spirit?", tuple(opts + ["no block"]), "7-1-3-1", line)
    before = b.stage is Stage.FLASH_BEFORE_BLOCK
    return Choice(b.to_act, f"{b.to_act} may use a flash effect or pass in the flash window "
                            f"{'before' if before else 'after'} blocking.", ("pass",),
                  "7-1-2-1" if before else "7-1-4-1", line)
