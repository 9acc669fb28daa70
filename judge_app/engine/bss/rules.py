"""Battle Spirits Saga core procedures as plain functions over the frozen state.

Every function returns a new state and logs each step with the rule ids that make it happen. A
declared action the rules forbid raises `Rejected` before anything changes (states are immutable,
so the caller simply keeps the old one).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from itertools import product
from operator import is_
from typing import TYPE_CHECKING, Any, NoReturn

from judge_app.engine.bss import deck as deck_pile
from judge_app.engine.bss import delayed, effects, lifeguard, norefresh, once, protect
from judge_app.engine.bss import view as V
from judge_app.engine.bss.state import (
    AUTOMATIC_STEPS,
    PLAYERS,
    STEP_ORDER,
    Activation,
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
from judge_app.engine.core.budget import charge
from judge_app.engine.core.choices import ask_answer
from judge_app.engine.core.evolve import evolve

if TYPE_CHECKING:  # resolve imports this module; the procedures import it where they call it
    from judge_app.engine.bss.resolve import Cause

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
             ("9-2-1", "9-2-2", "9-2-3", "1-2-1-1-1", "9-1-2-1"))
    return state


def checkpoint(self_by: str | None, changed: frozenset[str] = frozenset(), cause=None):
    """9-3 and 9-4: checkpoint management, all failing cards destroyed simultaneously (4-7-2, 9-1-2-3).

    `self_by` names the player whose own action or cost payment is being managed and `changed` the
    cards whose cores that action changed: those that fail are self-destroyed (9-3-2, 9-4-2-3,
    10-1-1-1). `cause` is the effect that was just performed, if any: a card failing now is treated as
    destroyed by that effect (9-3-2-1, 9-4-2-1). Any other failing card is destroyed by the rules.
    """

    def check(state: State, log: EventLog) -> State:
        vs = V.views(state)
        doomed: list[tuple[str, Card, tuple[str, ...], str]] = []
        for who in PLAYERS:
            for c in state.p(who).field:
                v = vs[c.uid]
                if c.type in (CardType.SPIRIT, CardType.NEXUS) and c.levels and c.level == 0:
                    doomed.append((who, c, ("9-3-1", "9-3-2"),
                                   f"has {c.cores} core{'s' * (c.cores != 1)}, fewer than the {c.lv1_cost} its LV1 needs"))
                elif c.type is CardType.SPIRIT and v.bp is not None and v.bp <= 0:
                    why = f"has {v.bp} BP" + (f" ({'; '.join(v.layers)})" if v.layers else "")
                    doomed.append((who, c, ("9-4-1", "9-4-2"), why))
        if not doomed:
            return state
        items = []
        for who, c, rules, why in doomed:
            self_destroyed = self_by == who and c.uid in changed
            own: Cause | None = None  # this card's own cause, when it differs from the action's
            if self_destroyed:
                extra = ("10-1-1-1",) + (("9-4-2-3",) if rules[0] == "9-4-1" else ())
            elif cause is not None and cause.kind == "effect":
                extra = (("9-4-2-1", "10-14-2") + (("9-4-2-2",) if vs[c.uid].level != c.level else ())
                         if rules[0] == "9-4-1" else ("9-3-2-1", "10-14-2"))
            elif rules[0] == "9-4-1" and vs[c.uid].lowered_by:
                # Its BP is zero because of effects still applying (e.g. one that kept it alive has ended):
                # destroyed by those effects, whenever the check happens (9-4-2-1, 9-4-2-2).
                own, note, extra = _lowered_cause(who, vs[c.uid])
                why += note
            else:
                extra = ()
            items.append((who, c.uid, why, rules + extra, self_destroyed, own))
        eff_cause = cause if cause is not None and cause.kind == "effect" else None
        if eff_cause is not None:
            eff_cause = evolve(eff_cause, destruction_effect=False)  # 10-14-2: not a destruction effect
        return destroy_all(state, log, items, eff_cause)

    return check


def _lowered_cause(who: str, v: V.View) -> tuple[Cause, str, tuple[str, ...]]:
    """The cause of a destruction at zero BP by effects that lowered the BP earlier: their controller."""
    import judge_app.engine.bss.resolve as E

    players = list(dict.fromkeys(p for p, _src in v.lowered_by))
    sources = ", ".join(f'"{s}"' for _p, s in v.lowered_by if s) or "an effect"
    rules = ("9-4-2-1", "10-14-2") + (("9-4-2-2",) if v.level != v.card.level else ())
    if len(players) == 1:
        by = players[0]
        note = f" - lowered by {by}'s effect ({sources}), so destroyed by {by} -"
    else:
        by = other(who)  # both players' effects lowered it; the opponent's is one of them
        note = (f" - lowered by both players' effects ({sources}); the rules do not say whose destruction it is "
                f"then: the engine treats it as destroyed by both, so by {who}'s opponent too -")
    src = next((s for p, s in v.lowered_by if p == by and s), None)
    return E.Cause("effect", by, src, None, False), note, rules


def manage(state: State, log: EventLog, self_by: str | None = None,
           changed: frozenset[str] = frozenset(), cause=None) -> State:
    """Run gameplay management until nothing changes (kernel loop with step cap and loop detection).

    Both checks read only what the views read (`V._inputs`: the fields, lives, continuous effects, battle, turn
    and step): on a board whose inputs are the very objects of the last board found clean, they would find it
    clean again, so their pass is charged and skipped (a flash-window pass or a resolved effect that changed
    nothing on the field)."""
    last = _CLEAN[0]
    # the fields first (most boards checked differ there): no tuple built for them
    if last is not None and last[0] is state.a.field and last[1] is state.b.field \
            and all(map(is_, V._inputs(state), last)):
        charge()  # the same work as run_checks' one pass of its two checks
        charge()
        return state
    out = run_checks(state, (establish_winner, checkpoint(self_by, changed, cause)), log)
    if out is state:
        _CLEAN[0] = V._inputs(state)  # the parts are kept alive, so an identical one is the same object
    return out


_CLEAN: list[tuple | None] = [None]  # the views' inputs of the last board both checks found clean


def _to_reserve(pl: Player, card: Card) -> Player:
    """3-5-5 / 10-1-3-4: cores on a card leaving the field go to its controller's reserve."""
    soul = "reserve" if pl.soul == card.uid else pl.soul
    return evolve(pl, reserve=pl.reserve + card.cores, soul=soul)


def _forget(state: State, uid: str, log: EventLog | None = None) -> State:
    """3-1-4: effects applied to a card that leaves the field no longer apply; 11-18-4: links end."""
    cont = tuple(evolve(a, targets=tuple(t for t in a.targets if t != uid)) for a in state.continuous)
    cont = tuple(a for a in cont if a.targets)
    b = state.battle
    if b is not None and any(uid in link for link in b.links):
        for linker, linked in b.links:
            if uid in (linker, linked) and log is not None:
                log.add("unlink", f'"{uid}" has left the field: "{linker}" and "{linked}" are no longer linked, and the '
                                  "BP and symbols return to what they were.", ("11-18-4",), subject=linked)
        b = evolve(b, links=tuple(x for x in b.links if uid not in x))
    return once.forget(evolve(state, continuous=cont, battle=b), uid)


def destroy(state: State, log: EventLog, who: str, uid: str, *, self_destroyed: bool, why: str,
            rules: tuple[str, ...]) -> State:
    """10-1-3 for one card (see destroy_all)."""
    return destroy_all(state, log, [(who, uid, why, rules, self_destroyed)], None)


def destroy_all(state: State, log: EventLog, items: list, cause=None) -> State:
    """10-1-3: destroy cards simultaneously. `items`: (player, card, why, rule ids, self-destroyed).

    10-1-3-2 substitution effects (8-9) and prevention (【A.T. Field】, 11-13-1) first; 10-1-3-3 the
    destruction is confirmed and "when destroyed" effects activate (not for self-destruction, 10-1-1-1);
    10-1-3-4 every card goes to its owner's trash (a token is removed, 4-12-3), cores to the reserve.
    `cause` is a resolve.Cause (battle, effect) or None for a rule.
    """
    import judge_app.engine.bss.resolve as E

    confirmed = []
    base_cause = cause
    for who, uid, why, rules, self_destroyed, *own in items:
        card = state.p(who).find(uid)
        if card is None:
            continue
        cause = own[0] if own and own[0] is not None else base_cause
        if not self_destroyed:
            v = V.view(state, uid)
            if (cause is not None and cause.kind == "effect" and cause.destruction_effect
                    and cause.source_type is CardType.SPIRIT and cause.by not in (None, who)
                    and v is not None and v.has("A.T. Field") and state.p(who).soul == uid):
                log.add("prevent", f'"{uid}" has 【A.T. Field】 with {who}\'s soul core on it: the destruction effect of '
                                   f'{cause.by}\'s spirit "{cause.source}" cannot destroy it.',
                        ("11-13-1", "10-14-1", "1-3-3"), subject=uid)
                continue
            if protect.prevents_destruction(state, log, who, uid, cause):
                continue
            state, kept = E.substitute(state, log, who, uid, cause)
            if kept:
                continue
        confirmed.append((who, uid, why, rules, self_destroyed, cause))
    if not confirmed:
        return state
    events = []
    for who, uid, why, rules, self_destroyed, cause in confirmed:
        card = state.p(who).find(uid)
        kind = "self-destroy" if self_destroyed else "destroy"
        verb = "self-destroyed" if self_destroyed else "destroyed"
        assert card is not None
        cores = (f"; its {card.cores} core{'s go' if card.cores != 1 else ' goes'} to {who}'s reserve"
                 if card.cores else "")
        if card.token:
            log.add(kind, f'"{uid}" {why} and is {verb}; as a token it is removed from the game{cores}.',
                    rules + ("10-1-1", "10-1-3-4", "4-12-3"), subject=uid)
        else:
            log.add(kind, f'"{uid}" {why} and is {verb}: it goes to {who}\'s trash{cores}.',
                    rules + ("10-1-1", "10-1-3-4"), subject=uid)
        if not self_destroyed:
            by = (other(who) if cause is not None and cause.kind == "battle"
                  else cause.by if cause is not None else None)
            events.append(E.Ev("destroyed", (uid,), who, by=by, battle=cause is not None and cause.kind == "battle",
                               effect=cause is not None and cause.kind == "effect"))
    if events:  # 10-1-3-3: destruction confirmed, its triggers activate (the cards are still on the field)
        state = E.emit(state, log, events)
    for who, uid, _why, _rules, _self, _cause in confirmed:  # 10-1-3-4: simultaneously
        E.remember(state, log, uid)
        pl = state.p(who)
        card = pl.find(uid)
        assert card is not None
        pl = _to_reserve(evolve(pl, field=without(pl.field, uid)), card)
        if card.token:
            pl = evolve(pl, removed=pl.removed + (evolve(card, cores=0, exhausted=False),))
        else:
            pl = evolve(pl, trash=pl.trash + (evolve(card, cores=0, exhausted=False),))
        state = _forget(state.with_p(who, pl), uid, log)
    return state


def leave_field(state: State, log: EventLog, uid: str, dest: str, why: str) -> State:
    """A card moves from the field to the hand or the deck (not destruction, 10-1-2): its cores go to the
    reserve (3-5-5), it goes to its owner's area (4-2-4) as a new card (3-1-4); a token is removed (4-12-3)."""
    import judge_app.engine.bss.resolve as E

    loc = E.find_field(state, uid)
    if loc is None:
        log.add("nothing", f'"{uid}" is no longer on the field, so it does not move.', ("1-3-2",))
        return state
    who, card = loc
    E.remember(state, log, uid)
    pl = _to_reserve(evolve(state.p(who), field=without(state.p(who).field, uid)), card)
    cores = (f"; its {card.cores} core{'s go' if card.cores != 1 else ' goes'} to {who}'s reserve" if card.cores else "")
    where = {"hand": f"{who}'s hand", "deck top": f"the top of {who}'s deck", "deck bottom": f"the bottom of {who}'s deck"}[dest]
    if card.token:
        pl = evolve(pl, removed=pl.removed + (evolve(card, cores=0, exhausted=False),))
        log.add("removed", f'"{uid}" would go to {where} by {why}, but a token that leaves the field is removed from '
                           f"the game{cores}.", ("4-12-3", "3-5-5"), subject=uid)
    elif dest == "hand":
        pl = evolve(pl, hand=pl.hand + (evolve(card, cores=0, exhausted=False),))
        log.add("return", f'"{uid}" returns to {where} by {why}{cores}.', ("3-1-4", "3-5-5", "4-2-4"), subject=uid)
    else:
        if pl.deck is None:
            raise Unsupported(f"{who}'s deck size is needed to put a card into it; give it on the player line "
                              f"(e.g. `{who}: deck 30`)")
        pl = deck_pile.put(pl, (evolve(card, cores=0, exhausted=False),), bottom=dest == "deck bottom")
        log.add("return", f'"{uid}" goes to {where} by {why}{cores}; its place in the deck is known (3-2-3-1).',
                ("3-1-4", "3-5-5", "4-2-4", "3-2-3-1"), subject=uid)
    state = _forget(state.with_p(who, pl), uid, log)
    if card.token:  # 4-12-3: removed from the game, it does not reach the hand or the deck
        return state
    # s13 bssmech: "When one of your opponent's spirits returns to their hand", answered as it arrives (8-6-1)
    return E.emit(state, log, [E.Ev("returned", (uid,), who, area="hand" if dest == "hand" else "deck",
                                   card_type="nexus" if card.type is CardType.NEXUS else "spirit")])


# ---------------------------------------------------------------------------------------------
# Turn structure (chapter 6)


def _need_deck(state: State, who: str, rule: str) -> int:
    deck = state.p(who).deck
    if deck is None:
        raise Unsupported(f"{who}'s deck size is needed by rule {rule}; give it on the player line "
                          f"(e.g. `{who}: deck 30`)")
    return deck


def perform_step(state: State, log: EventLog) -> State:
    """The gameplay management of an automatic step (6-2 .. 6-5, 6-8); then waiting effects resolve."""
    p, step = state.player, state.step
    if step is Step.START:
        log.add("step", f"{p}'s start step begins.", ("6-1-1", "6-2-1"))
    if step is not Step.END:
        state = effects.at_step_start(state, log)
    pl = state.p(p)
    if step is Step.START:
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
            state = state.with_p(p, evolve(pl, reserve=pl.reserve + 1))
            log.add("core", f"Core step: {p} places 1 core from the void into their reserve "
                            f"({pl.reserve} → {pl.reserve + 1}).", ("6-3-2", "6-3-3"), facts=(("void", 1),))
    elif step is Step.DRAW:
        deck = _need_deck(state, p, "6-4-2")
        if deck == 0:
            log.add("nothing", f"Draw step: {p}'s deck is empty, so the draw is not performed "
                               "(deck-out is only checked at the start step).", ("6-4-2", "1-3-2", "9-2-4"))
        else:
            state = state.with_p(p, deck_pile.draw(pl, 1)[0])
            log.add("draw", f"Draw step: {p} draws 1 card (hand {pl.hand_count} → {pl.hand_count + 1}, "
                            f"deck {deck} → {deck - 1}).", ("6-4-2", "4-5-2"))
    elif step is Step.REFRESH:
        kept = norefresh.held(state, p)  # s14 bss: "will not refresh during their next refresh step" (1-3-1)
        field = tuple(c if c.uid in kept else evolve(c, exhausted=False) for c in pl.field)
        soul = "reserve" if pl.soul == "trash" else pl.soul
        state = state.with_p(p, evolve(pl, field=field, reserve=pl.reserve + pl.trash_cores, trash_cores=0,
                                        soul=soul))
        n = sum(c.exhausted and c.uid not in kept for c in pl.field)
        log.add("refresh", f"Refresh step: {p} refreshes {n} card{'s' * (n != 1)} and moves {pl.trash_cores} "
                           f"core{'s' * (pl.trash_cores != 1)} from the trash to the reserve.",
                ("6-5-2", "10-3-1"))
        if kept:
            names = ", ".join(f'"{u}"' for u in sorted(kept))
            log.add("refresh", f"{names} stay{'s' * (len(kept) == 1)} exhausted: an "
                               "effect says it will not refresh during this refresh step, and the card's text takes "
                               "precedence over the rules.", ("1-3-1", "6-5-2"), subject=min(kept))
        state = norefresh.expire(state, log, p)
        refreshed = tuple(c.uid for c in pl.field if c.exhausted and c.uid not in kept)
        if refreshed:
            import judge_app.engine.bss.resolve as E
            state = E.emit(state, log, [E.Ev("refreshed", refreshed, p)])
    elif step is Step.END:
        state = effects.at_turn_end(state, log)
        state = effects.resolve_waiting(state, log)  # 6-8-1-2: after all management required now
        ending = [a for a in state.continuous if a.duration == "turn"]
        if ending:  # 6-8-1-2
            state = evolve(state, continuous=tuple(a for a in state.continuous if a.duration != "turn"))
            log.add("expire", f"Effects active during this turn end ({len(ending)} continuous "
                              f"effect{'s' * (len(ending) != 1)}).", ("6-8-1-2",))
            state = manage(state, log)
            state = effects.resolve_waiting(state, log)  # what the ending effects caused, before the turn ends
        state = _next_turn(state, log)  # s16 bss
        log.add("step", f"{p}'s end step: nothing is waiting; the turn ends.", ("6-8-1", "6-8-1-3"))
    state = effects.resolve_waiting(state, log)
    return evolve(state, performed=True)


def advance(state: State, log: EventLog) -> State:
    """Leave the current step for the next one (6-1-1); after the end step the opponent's turn begins."""
    if state.step is Step.END:
        nxt = other(state.player)
        turn = state.turn + 1 if state.turn is not None else None
        state = delayed.lapse(state, log)  # set up after this turn's end-of-turn effects activated
        log.add("turn", f"{nxt}'s turn begins" + (f" (turn {turn})" if turn else "") + ".", ("6-8-1-3",))
        return evolve(state, player=nxt, step=Step.START, turn=turn, first_turn=False, performed=False,
                       burst_set=False, raid_used=(), once_used=(), attacked=())
    i = STEP_ORDER.index(state.step)
    return evolve(state, step=STEP_ORDER[i + 1], performed=False)


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
            state = effects.at_step_start(evolve(state, performed=True), log)
            state = effects.resolve_waiting(state, log)
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
    if not reduction:  # no reduction symbol: every choice of colors counts 0, with no double-color symbol used
        return {0: False}
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


def sources_text(sources: tuple[Source, ...]) -> str:
    """The cores a payment or placement took, in words ("1 core from the reserve")."""
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
            pl = evolve(pl, reserve=pl.reserve - n, soul=None if uses_soul else pl.soul)
        else:
            card = pl.find(s.place)
            assert card is not None
            pl = evolve(pl, field=replace_card(pl.field, evolve(card, cores=card.cores - n)),
                         soul=None if uses_soul else pl.soul)
        total += n
    return state.with_p(who, pl), total, soul_taken


def _put(state: State, who: str, place: str, n: int, soul: bool) -> State:
    pl = state.p(who)
    if place == "reserve":
        pl = evolve(pl, reserve=pl.reserve + n)
    elif place == "trash":
        pl = evolve(pl, trash_cores=pl.trash_cores + n)
    else:
        card = pl.find(place)
        assert card is not None
        pl = evolve(pl, field=replace_card(pl.field, evolve(card, cores=card.cores + n)))
    if soul:
        pl = evolve(pl, soul=place)
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


def _flash_turn(state: State, who: str, what: str) -> Battle:
    """A flash action needs an open flash window where it is `who`'s turn to act (7-1-2-1, 7-1-4-1)."""
    b = state.battle
    if b is None or b.stage is Stage.BLOCK:
        raise Rejected(f"{what} needs an open flash window (or the main step of your own turn)", "8-1-3-1",
                       "7-1-2-1", "7-1-4-1")
    rule = "7-1-2-1" if b.stage is Stage.FLASH_BEFORE_BLOCK else "7-1-4-1"
    if who != b.to_act:
        raise Rejected(f"it is {b.to_act}'s turn to use a flash effect or pass in this flash window", rule)
    return b


def _after_flash(state: State, log: EventLog, who: str) -> State:
    """After one flash effect the other player may use one (7-1-2-1, 7-1-4-1); passes start again."""
    b = state.battle
    if b is None or b.stage is Stage.BLOCK:
        return state
    rule = "7-1-2-1" if b.stage is Stage.FLASH_BEFORE_BLOCK else "7-1-4-1"
    log.add("flash", f"{other(who)} may now use a flash effect or pass.", (rule,))
    return evolve(state, battle=evolve(b, to_act=other(who), passes=0))


def use_cost(state: State, log: EventLog | None, who: str, card: Card) -> int:
    """10-8-4: the cost determined when a magic card is used: its printed cost, or the cost its own text sets
    ("When using this magic card, it costs N if <condition>", the condition read now); each such text is logged
    when `log` is given. Were two of them to hold, the later one in the text is the one applied."""
    cost = card.cost
    if card.type is not CardType.MAGIC:
        return cost
    for e in V.card_effects(card):
        if e.kind != "use_cost":
            continue
        from judge_app.engine.bss.resolve import condition_holds
        d = e.body[0]
        holds, what, facts, rules = condition_holds(state, log or EventLog(), Activation(who, card.uid, e, card,
                                                                                     kind="magic"), d.when)
        if holds:
            cost = d.cost
        if log is not None:
            log.add("condition", f'"{card.uid}"\'s text "{e.text}": {what}, so '
                    + (f"its cost is {d.cost} instead of {card.cost}." if holds else f"its cost stays {card.cost}."),
                    ("10-8-4", "1-3-7", "8-3-3") + rules, subject=card.uid, facts=facts)
    return _changed_cost(state, log, who, card, cost)  # s16 bss


def _changed_cost(state: State, log: EventLog | None, who: str, card: Card, cost: int) -> int:
    """s16 bss, 10-8-4: the active constant effects "<whose> magic cards cost N more / less" change the cost determined
    as `who` uses the magic card `card` (before the reduction by symbols, 10-8-5); the changes add up, and a result
    below 0 is treated as 0 (1-3-6: a negative number is kept only while further adjustments are made)."""
    import judge_app.engine.bss.resolve as E
    from judge_app.engine.bss.cardnodes import COST_BEING_DETERMINED, CostChange
    from judge_app.engine.bss.state import Activation

    start, work = cost, log if log is not None else EventLog()  # no log: the cost only (answers' options)
    for owner in ("A", "B"):
        for c in state.p(owner).field:
            v = V.view(state, c.uid)
            for e in v.effects if v is not None else ():
                for d in e.body if e.kind == "constant" else ():
                    if not isinstance(d, CostChange) or not (d.whose == "any" or (d.whose == "you") == (owner == who)):
                        continue
                    if not V.cond_holds(state, owner, c.uid, e.condition):
                        continue
                    work.scratch[COST_BEING_DETERMINED] = (card.uid, cost)  # performed by the dispatcher (cardexec)
                    E.directive(state, work, Activation(owner, c.uid, e, c, kind="constant"), d, ())
                    cost = work.scratch.pop(COST_BEING_DETERMINED)[1]
    if cost < 0 and log is not None:
        log.add("cost", f'The cost of using "{card.uid}" would be {cost} ({start} changed): it is treated as 0.',
                ("1-3-6",), subject=card.uid)
    return max(0, cost)


# log.scratch keys: the payment being made (card, soul core spent, rule) and, per card, what its cost last spent
SOUL_PAYING, SOUL_SPENT = "bss-soul-paying", "bss-soul-spent"


def pay_cost(state: State, log: EventLog, who: str, card: Card, pay: tuple[Source, ...] | None, rid: str,
             verb: str, reserve_only: bool = False) -> State:
    """Cost, reduction by symbols and payment into the trash (10-6-4..6, 10-7-4..6, 10-8-4..6, 2-7-3)."""
    uid = card.uid
    vs = V.views(state)
    symbols = [(c.uid, s) for c in state.p(who).field for s in vs[c.uid].symbols]
    reach = _reductions([s for _, s in symbols], card.reduction)
    if rid == "10-8" and card.type is CardType.MAGIC and card.effects:
        base = use_cost(state, log, who, card)
        card = evolve(card, cost=base)  # the cost determined at 10-8-4, reduced below (10-8-5)
    costs = {max(0, card.cost - r): (r, dbl) for r, dbl in sorted(reach.items())}  # 1-3-6: never negative
    if pay is None:
        if set(costs) == {0}:
            pay = ()
        else:
            opts = _payment_options(state, who)
            if reserve_only:
                opts = tuple(o for o in opts if "reserve" in o)
            raise NeedsChoice(Choice(who, f'Which cores does {who} pay the {verb} cost of "{uid}" with '
                                          f"(cost {' or '.join(map(str, sorted(costs)))})?",
                                     opts, f"{rid}-6", log.line))
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
    # "If you spend a Soul Core as part of this card's cost" (cardexec.soul_spent) reads what this payment spent: a
    # magic card's at once (it resolves now, 10-8-8), a summoned card's once it is on the field (put_on_field)
    log.scratch[SOUL_PAYING] = (uid, soul_paid, f"{rid}-6")
    if rid == "10-8":
        log.scratch.setdefault(SOUL_SPENT, {})[uid] = log.scratch.pop(SOUL_PAYING)[1:]
    if paid:
        log.add("pay", f"{who} pays {sources_text(pay)} into the trash.", (f"{rid}-6", "3-4-1"), subject=uid)
    return state


def put_on_field(state: State, log: EventLog, who: str, card: Card, area: str, place: tuple[Source, ...] | None,
                 rid: str) -> State:
    """10-6-7 / 10-7-7: the card enters the field refreshed, with at least its LV1 cost in cores."""
    uid = card.uid
    nexus = card.type is CardType.NEXUS
    if place is None:
        if card.lv1_cost == 0:
            place = ()
        else:
            raise NeedsChoice(Choice(who, f'Which cores does {who} place on "{uid}" (at least '
                                          f"{card.lv1_cost})?", _payment_options(state, who),
                                     f"{rid}-7", log.line))
    pl = state.p(who)
    new = evolve(card, cores=0, exhausted=False)
    left: dict[str, Any] = {}
    if area == "deck":  # s13 bssmech: a card chosen among the cards looked at or revealed on the deck (12-2, 12-3)
        pl, _taken = deck_pile.take_at(pl, (uid,))
    else:
        left = {area: without({"hand": pl.hand, "trash": pl.trash}[area], uid)}
    pl = evolve(pl, field=pl.field + (new,), **left)
    state = state.with_p(who, pl)
    paying = log.scratch.pop(SOUL_PAYING, None)  # a card put on the field without paying its cost spent nothing on it
    spent = log.scratch.setdefault(SOUL_SPENT, {})
    if paying is not None and paying[0] == uid:
        spent[uid] = paying[1:]
    else:
        spent.pop(uid, None)
    state, n, soul_placed = _take(state, who, place, f"{rid}-7", exclude=uid)
    if n < card.lv1_cost:
        raise Rejected(f'"{uid}" needs at least {card.lv1_cost} core{"s" * (card.lv1_cost != 1)} for LV1, '
                       f"but {n} {'were' if n != 1 else 'was'} placed", f"{rid}-7")
    state = _put(state, who, uid, n, soul_placed)
    placed = state.p(who).find(uid)
    v = V.view(state, uid)
    assert v is not None and placed is not None
    bp = f", {v.bp} BP" if v.bp is not None else ""
    log.add("place" if nexus else "summon",
            f'"{uid}" is {"placed" if nexus else "summoned"} refreshed with {sources_text(place)} on it '
            f"(LV{placed.level}{bp}).", (f"{rid}-7", "3-5-3", "2-10-3"), subject=uid)
    return state


def summon(state: State, log: EventLog, who: str, uid: str, pay: tuple[Source, ...] | None,
           place: tuple[Source, ...] | None, ascend: str | None = None) -> State:
    """10-6 (spirits) and 10-7 (nexuses): reveal, cost, reduction, payment, placing cores.

    In a flash window only a spirit with 【Swift】 can be summoned, with cores from the reserve (11-9-1).
    【Ascend】 adds the cores of one spirit fulfilling its condition to the cost (11-8-1).
    """
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
    effects.require_supported(card)
    own = V.card_effects(card)
    flash = state.battle is not None and state.battle.stage is not Stage.BLOCK
    if flash and not nexus and any(e.is_("Swift") for e in own):
        _flash_turn(state, who, "summoning with 【Swift】")
        if any(s.place != "reserve" for s in (pay or ()) + (place or ())):
            raise Rejected(f'【Swift】: the cost of "{uid}" is paid and its cores are placed from the reserve only',
                           "11-9-1")
    else:
        if state.battle is not None and not nexus:
            if any(e.is_("Swift") for e in own):
                raise Rejected("【Swift】 summons in a flash window, and no flash window is open", "11-9-1")
        _main_action(state, who, "summoning a spirit" if not nexus else "placing a nexus")
        flash = False
    log.add("reveal", f'{who} reveals "{uid}" to {"place" if nexus else "summon"} it.', (f"{rid}-3",))
    asc = [e.keyword for e in own if e.keyword is not None and e.is_("Ascend")]
    if asc:
        from judge_app.engine.bss.vocab import condition_sel
        cond = condition_sel(asc[0].arg)
        vs = V.views(state)
        eligible = [c.uid for c in pl.field if c.type is CardType.SPIRIT
                    and V.match_info(cond, c, who, who, None, bp=vs[c.uid].bp,
                                     keywords={k.name for k in vs[c.uid].keywords})]
        if not eligible:
            raise Rejected(f'【Ascend: {asc[0].arg}】: {who} has no spirit fulfilling the condition, so "{uid}" '
                           "cannot be summoned", "11-8-1", "11-8-2")
        if ascend is None:
            if len(eligible) > 1:
                raise NeedsChoice(Choice(who, f'【Ascend】: the cores of which spirit does {who} put into the reserve '
                                              f'to summon "{uid}"?', tuple(eligible), "11-8-1", log.line))
            ascend = eligible[0]
        if ascend not in eligible:
            raise Rejected(f'【Ascend: {asc[0].arg}】: "{ascend}" does not fulfil the condition (can use: '
                           + ", ".join(f'"{e}"' for e in eligible) + ")", "11-8-1", "11-8-2")
    elif ascend is not None:
        raise Rejected(f'"{uid}" has no 【Ascend】', "11-8-1")
    state = pay_cost(state, log, who, card, pay, rid, verb, reserve_only=flash)
    if ascend is not None:
        c = state.p(who).find(ascend)
        assert c is not None
        n = c.cores
        state, _, soul = _take(state, who, (Source(ascend, n - (1 if state.p(who).soul == ascend else 0),
                                                   state.p(who).soul == ascend),), "11-8-1")
        state = _put(state, who, "reserve", n, soul)
        log.add("ascend", f'【Ascend】: {who} also puts all {n} core{"s" * (n != 1)} of "{ascend}" into the reserve.',
                ("11-8-1",), subject=ascend)
    state = put_on_field(state, log, who, card, "hand", place, rid)
    changed = frozenset(s.place for s in (pay or ()) + (place or ()) if s.place != "reserve") | (
        {ascend} if ascend else set())
    state = manage(state, log, self_by=who, changed=changed)
    if flash:
        log.add("swift", f'"{uid}" was summoned in a flash window by its 【Swift】.', ("11-9-1",), subject=uid)
    if state.p(who).find(uid):
        state = effects.when_summoned(state, log, uid, who)
    return _after_flash(state, log, who) if flash else state


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
    pl = evolve(pl, hand=without(pl.hand, uid), burst=(card,), trash=pl.trash + old)
    log.add("burst", f'{who} sets "{uid}" face down in the burst area.', ("6-6-1-2-2",), subject=uid)
    for c in old:
        log.add("discard", f'The burst card already set, "{c.uid}", is discarded to the trash.',
                ("3-8-3", "10-2-1"), subject=c.uid)
    state = evolve(state.with_p(who, pl), burst_set=True)
    import judge_app.engine.bss.resolve as E
    # s13 bssmech: the discarded burst card's "When you discard a card" effects resolve now, as after a summon (8-6-1)
    return E.settle(E.discarded(state, log, who, tuple(c.uid for c in old), len(old), "burst"), log) if old else state


def _pick_effect(state: State, log: EventLog, who: str, card: Card, usable: list, which: int | None, rule: str):
    if which is not None:
        if not 1 <= which <= len(usable):
            raise Rejected(f'"{card.uid}" has {len(usable)} usable effect{"s" * (len(usable) != 1)} now', rule)
        return usable[which - 1]
    if len(usable) == 1:
        return usable[0]
    from judge_app.engine.core import ask
    labels = tuple(f"{i + 1}: {e.text}" for i, e in enumerate(usable))
    vals = ask(log.answers, Choice(who, f'Which effect of "{card.uid}" does {who} use?', labels, rule, log.line),
               lambda a: None if len(a.values) == 1 and a.values[0].split(":")[0].strip().isdigit()
               and 1 <= int(a.values[0].split(":")[0]) <= len(usable) else "answer with the effect's number")
    return usable[int(vals[0].split(":")[0]) - 1]


def use_magic(state: State, log: EventLog, who: str, uid: str, pay: tuple[Source, ...] | None = None,
              which: int | None = None) -> State:
    """10-8: reveal, choose the effect, cost with reduction, pay; the card waits while its effect resolves,
    then goes to the trash. Main effects in the main step of one's own turn, flash effects in flash
    windows (8-1-6-1)."""
    from judge_app.engine.bss.state import Activation

    loc = state.locate(uid)
    if loc is None or loc[:2] != (who, "hand"):
        raise Rejected(f'"{uid}" is not in {who}\'s hand', "10-8-1")
    card = loc[2]
    if card.type is not CardType.MAGIC:
        raise Rejected(f'"{uid}" is not a magic card', "10-8-1")
    if not card.effects:
        raise Rejected(f'"{uid}" has no effect to use', "10-8-1", "2-9-3")
    effects.require_supported(card)
    magic = [e for e in V.card_effects(card) if e.kind == "activated"]
    flash = state.battle is not None
    if flash:
        _flash_turn(state, who, "using a magic card")
        usable = [e for e in magic if "flash" in e.labels]
        if not usable:
            raise Rejected(f'"{uid}" has no flash effect, so it cannot be used in a flash window', "8-1-6-1", "10-8-1")
    else:
        _main_action(state, who, "using a main magic effect")
        usable = [e for e in magic if "main" in e.labels]
        if not usable:
            raise Rejected(f'"{uid}" has no main effect, so it cannot be used in the main step (flash effects are '
                           "used in flash windows)", "8-1-6-1", "10-8-1")
    eff = _pick_effect(state, log, who, card, usable, which, "10-8-3")
    log.add("reveal", f'{who} reveals "{uid}" to use its effect "{eff.text}".', ("10-8-1", "10-8-3", "8-5-2-1"),
            subject=uid)
    added = _added_discards(state, who)  # s15 bss, 8-4-2-2
    if added and state.p(who).hand_count - 1 < sum(n for _, n in added):  # 8-4-2-3: every portion must be payable
        raise Rejected(f'{who} cannot pay the additional cost of using "{uid}" (discarding '
                       f'{sum(n for _, n in added)} more card(s) from the hand)', "8-4-2-3", "8-4-2-4")
    state = pay_cost(state, log, who, card, pay, "10-8", "use")
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, hand=without(pl.hand, uid)))
    log.add("wait", f'"{uid}" waits to be resolved (it no longer counts as a card in the hand).',
            ("10-8-7", "8-5-2-3"), subject=uid)
    if added:
        state = _pay_added_discards(state, log, who, uid, eff, card, added)
    if state.battle is not None:
        state = evolve(state, battle=evolve(state.battle, magic=state.battle.magic + (uid,)))
    act = Activation(who, uid, eff, card, (), "magic")
    state = once.activated(state, log, act) or state  # s12 bssonce: a magic card's limit is said, never binds again
    state = evolve(state, pending=state.pending + ((act,),))
    import judge_app.engine.bss.resolve as E  # s8-bssrealb: "when your opponent uses a magic card from their hand"
    state = E.emit(state, log, [E.Ev("magic_used", (uid,), who, area="hand")])
    state = manage(state, log, self_by=who, changed=frozenset(s.place for s in pay or () if s.place != "reserve"))
    state = effects.resolve_waiting(state, log)
    return _after_flash(state, log, who) if flash else state


def _added_discards(state: State, who: str) -> list[tuple[str, int]]:
    """s15 bss, 8-4-2-2: the active constant effects that add "must discard N cards as an additional cost" to `who`'s use
    of a magic card from the hand: (source card, N) each, A's field then B's."""
    from judge_app.engine.bss.cardnodes import AddedDiscard

    out = []
    for owner in ("A", "B"):
        for c in state.p(owner).field:
            v = V.view(state, c.uid)
            for e in v.effects if v is not None else ():
                for d in e.body if e.kind == "constant" else ():
                    applies = d.whose == "any" or (d.whose == "you") == (owner == who) if isinstance(d, AddedDiscard) \
                        else False
                    if applies and V.cond_holds(state, owner, c.uid, e.condition):
                        out.append((c.uid, d.n))
    return out


def _pay_added_discards(state: State, log: EventLog, who: str, uid: str, eff, card: Card,
                        added: list[tuple[str, int]]) -> State:
    """8-4-2-2: the costs other effects add are paid next, after the use cost (10-8-6): `who` discards the cards from
    the hand (10-2-2: their choice; the magic card, waiting, is no longer among them, 10-8-7)."""
    import judge_app.engine.bss.resolve as E
    from judge_app.engine.bss.state import Activation

    act = Activation(who, uid, eff, card, (), "magic")
    for source, n in added:
        log.add("cost", f'"{source}"\'s effect adds a cost to using "{uid}": {who} must discard {n} card'
                        f"{'s' * (n != 1)} from the hand as an additional cost.", ("8-4-2-2", "10-8-6"), subject=source)
        state = E.discard(state, log, act, who, n)
    return state


def activate(state: State, log: EventLog, who: str, uid: str, which: int | None = None) -> State:
    """8-1-3: an activated effect of a card on one's field, main (main step of one's turn) or flash (flash
    windows); its cost (8-4) must be payable (8-5-2-2)."""
    import judge_app.engine.bss.resolve as E
    from judge_app.engine.bss.state import Activation

    card = state.p(who).find(uid)
    if card is None:
        raise Rejected(f'"{uid}" is not on {who}\'s field', "8-1-3")
    v = V.view(state, uid)
    assert v is not None
    acts = [e for e in v.effects if e.kind == "activated"]
    flash = state.battle is not None
    if flash:
        _flash_turn(state, who, "activating a flash effect")
        usable = [e for e in acts if "flash" in e.labels]
    else:
        _main_action(state, who, "activating a main effect")
        usable = [e for e in acts if "main" in e.labels]
    if not usable:
        raise Rejected(f'"{uid}" has no {"flash" if flash else "main"} effect to activate now', "8-1-3", "8-1-3-1")
    eff = _pick_effect(state, log, who, card, usable, which, "8-5-2-1")
    act = Activation(who, uid, eff, card, (), "activated")
    if eff.cost:
        why = E.cost_blocked(state, log, act, eff.cost)
        if why:
            raise Rejected(f'the cost of "{uid}"\'s effect cannot be paid: {why}', "8-4-2-3", "8-4-2-4")
    log.add("activate", f'{who} activates "{uid}": "{eff.text}".', ("8-1-3", "8-5-2-1", "8-5-2-2", "8-5-2-3"),
            subject=uid)
    limited = once.activated(state, log, act)  # s12 bssonce: "[Flash] Once per turn, …"
    if limited is None:
        raise Rejected(f'"{uid}"\'s effect "{eff.text}" is limited to once per turn and has already been activated this '
                       f"turn ({once.DECIDED})", *once.RULES)
    state = evolve(limited, pending=limited.pending + ((act,),))
    state = effects.resolve_waiting(state, log)
    return _after_flash(state, log, who) if flash else state


def awaken(state: State, log: EventLog, who: str, uid: str, sources: tuple[Source, ...]) -> State:
    """11-1-1: 【Awaken】 moves cores from one's other field cards onto the card, when flash effects can be
    used; a card left without its LV1 cores is self-destroyed and its destruction triggers nothing."""
    _flash_turn(state, who, "activating 【Awaken】")
    card = state.p(who).find(uid)
    if card is None:
        raise Rejected(f'"{uid}" is not on {who}\'s field', "11-1-1")
    v = V.view(state, uid)
    if v is None or not v.has("Awaken"):
        raise Rejected(f'"{uid}" has no 【Awaken】', "11-1-1")
    if not sources or any(s.place in ("reserve", uid) for s in sources):
        raise Rejected("【Awaken】 moves cores from other cards on your field onto the card", "11-1-1")
    n_total = sum(s.count + s.soul for s in sources)
    if n_total < 1:
        raise Rejected("【Awaken】 moves at least one core", "11-1-1")
    state, n, soul = _take(state, who, sources, "11-1-1")
    state = _put(state, who, uid, n, soul)
    log.add("awaken", f'{who} activates 【Awaken】 of "{uid}": {sources_text(sources)} move onto it.', ("11-1-1",),
            subject=uid)
    state = manage(state, log, self_by=who, changed=frozenset(s.place for s in sources))
    return _after_flash(state, log, who)


# ---------------------------------------------------------------------------------------------
# Battles (chapter 7)


def _exhaust(state: State, who: str, uid: str) -> State:
    pl = state.p(who)
    card = pl.find(uid)
    assert card is not None
    return state.with_p(who, evolve(pl, field=replace_card(pl.field, evolve(card, exhausted=True))))


def _astral(v, attacking: bool) -> bool:
    """11-14: is an 【Astral】 of this spirit active (attacking in its turn / blocking in the opponent's)?"""
    import judge_app.engine.bss.vocab as vocab  # `import … as`: no `_handle_fromlist` call per battle
    for k in v.all_kw("Astral"):
        t = vocab.astral_timing(k.timing)
        if t == "always" or (t == "your_turn" and attacking) or (t == "opponent_turn" and not attacking):
            return True
    return False


def can_block(state: State, uid: str) -> str | None:
    """Why the spirit cannot block the current attacker (None if it can)."""
    b = state.battle
    v = V.view(state, uid)
    if v is None or v.card.type is not CardType.SPIRIT:
        return "only spirits block"
    if v.card.exhausted and "block while exhausted" not in v.allowed:  # an effect may allow it (1-3-1)
        return "exhausted"
    if "block" in v.forbid:
        return "an effect says it cannot block"
    av = V.view(state, b.attacker) if b else None
    if av is not None and "be blocked" in av.forbid:
        return f'an effect says "{av.uid}" cannot be blocked'
    if av is not None and av.forbid:
        why = V.blocker_refused(av, v)
        if why is not None:
            return why
    if av is not None and _astral(av, True) and not _astral(v, False):
        return f'"{av.uid}" has 【Astral】 and it has none'
    return None


def attack(state: State, log: EventLog, who: str, uid: str) -> State:
    import judge_app.engine.bss.resolve as E

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
    v = V.view(state, uid)
    assert v is not None
    if "attack" in v.forbid:
        raise Rejected(f'an effect says "{uid}" cannot attack', "1-3-3")
    toll = sum(int(w.removeprefix(UNLESS_PAY)) for w in v.forbid if w.startswith(UNLESS_PAY))
    if toll:  # s13 bssmech: "… cannot attack unless they pay N cores"
        state = _pay_to_attack(state, log, who, uid, toll)
        if state.p(who).find(uid) is None:
            log.add("nothing", f'"{uid}" left the field as its cores were paid: it does not attack.', ("1-3-2",),
                    subject=uid)
            return state
        v = V.view(state, uid)
        assert v is not None
    state = _exhaust(state, who, uid)
    log.add("attack", f'{who} exhausts "{uid}" and declares an attack (BP {v.bp}, '
                      f"{len(v.symbols)} symbol{'s' * (len(v.symbols) != 1)}).",
            ("7-1-1-1", "10-4-1"), subject=uid)
    opp = other(who)
    # s17 bss: recorded before the attack's effects activate ("When the first spirit attacks each turn")
    # s17 bss: the attack recorded only where a card reads this turn's attacks (State.reads_attacks)
    attacked = state.attacked + (uid,) if state.reads_attacks() else state.attacked
    state = evolve(state, battle=Battle(attacker=uid, to_act=opp), attacked=attacked)
    state = E.emit(state, log, [E.Ev("exhausted", (uid,), who), E.Ev("attacks", (uid,), who)])
    state = effects.resolve_waiting(state, log)
    b = state.battle
    if b is not None and b.stage is Stage.FLASH_BEFORE_BLOCK:
        log.add("flash", f"The flash window before blocking opens; {opp}, the player being attacked, acts first.",
                ("7-1-2-1",))
    return state


UNLESS_PAY = "attack unless pay "  # s13 bssmech: the forbid word of "cannot attack unless they pay N cores" (+ N)


def _pay_to_attack(state: State, log: EventLog, who: str, uid: str, n: int) -> State:
    """s13 bssmech: "<spirits> cannot attack unless they pay one core". The rules do not define "unless"; the engine
    reads it as a cost of declaring the attack, paid by the attacking player as the attack is declared, whole or not at
    all (8-4-2-3), from their field or reserve into their trash as every payment (10-8-6, 3-4-1). Declaring the attack
    is choosing to pay; the engine asks which cores and never picks them."""
    state, pay = pay_cores(state, log, who, n, f'so that "{uid}" can attack')
    log.add("cost", f'{who} pays {n} core{"s" * (n != 1)} ({sources_text(pay)}) into the trash so that "{uid}" can '
                    'attack: an effect says it cannot attack unless they pay. The rules do not define "unless"; the '
                    "engine reads it as a cost of declaring the attack, paid whole as every payment is, from the field "
                    "or the reserve into the trash.", ("8-4-2-3", "10-8-6", "3-4-1"), subject=uid)
    return manage(state, log, self_by=who, changed=frozenset(s.place for s in pay if s.place != "reserve"))


def pay_cores(state: State, log: EventLog, who: str, n: int, purpose: str) -> tuple[State, tuple[Source, ...]]:
    """`n` cores paid whole by `who` from their field, their reserve or both into their trash (10-8-6, 3-4-1: a payment
    that names no place); the player says which cores (`paying 1 from reserve` / `paying 1 from "Card"`), never the
    engine. The caller logs the payment and manages the field afterwards (a spirit left below LV1 is destroyed)."""
    choice = Choice(who, f'Which {n} core{"s" * (n != 1)} does {who} pay {purpose} (`paying {n} from reserve` / '
                         '`paying N from "Card"`)?', _payment_options(state, who) or ("paying …",), "8-4-2-3",
                    log.line)

    def valid(a) -> str | None:
        ok = isinstance(a.extra, tuple) and bool(a.extra[0]) and not a.extra[1]
        paid = sum(s.count + s.soul for s in a.extra[0]) if ok else -1
        return None if paid == n else f"answer the payment of {n} core{'s' * (n != 1)}: `paying {n} from reserve`"
    extra = ask_answer(log.answers, choice, valid).extra
    assert isinstance(extra, tuple)  # checked by `valid`
    pay: tuple[Source, ...] = extra[0]
    state, _, soul = _take(state, who, pay, "8-4-2-3")
    return _put(state, who, "trash", n, soul), pay


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
        return evolve(state, battle=evolve(b, to_act=other(who), passes=passes))
    return _close_window(state, log)


def _close_window(state: State, log: EventLog) -> State:
    b = state.battle
    assert b is not None
    if b.stage is Stage.FLASH_BEFORE_BLOCK:
        log.add("block-step", f"Block declaration: {state.opponent} may block with a refreshed spirit.",
                ("7-1-3-1",))
        return evolve(state, battle=evolve(b, stage=Stage.BLOCK, passes=0, to_act=state.opponent))
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
    import judge_app.engine.bss.resolve as E

    _before_block(state, log, who)
    card = state.p(who).find(uid)
    if card is None:
        raise Rejected(f'"{uid}" is not on {who}\'s field', "7-1-3-1")
    if card.type is not CardType.SPIRIT:
        raise Rejected(f'"{uid}" is a {card.type}, and only spirits block', "7-1-3-1")
    why = can_block(state, uid)  # "exhausted" unless an effect lets it block while exhausted (1-3-1)
    if why == "exhausted":
        raise Rejected(f'"{uid}" is exhausted; only a refreshed spirit can block', "7-1-3-1", "4-4-1-2")
    if why is not None:
        rule = "11-14-1" if "Astral" in why else "1-3-3"
        # "cannot be blocked by <spirits>": a continuous directive that does not alter a number (8-8-1-2)
        more = (("8-8-1-2",) + (("2-10-3",) if " at LV" in why else ())) if " cannot be blocked by " in why else ()
        raise Rejected(f'"{uid}" cannot block: {why}', rule, "7-1-3-1", *more)
    state = _implied_passes(state, log)
    if card.exhausted:  # s21 bss: an effect lets it block while exhausted (the card's text over 7-1-3-1, 1-3-1)
        log.add("block", f'"{uid}" is exhausted, and an effect says it can block while exhausted: the card\'s text takes '
                         "precedence over the rule that only a refreshed spirit blocks.", ("1-3-1", "7-1-3-1"),
                subject=uid)
    state = _exhaust(state, who, uid)
    v = V.view(state, uid)
    b = state.battle
    assert v is not None and b is not None
    how = f'blocks with "{uid}", already exhausted' if card.exhausted else f'exhausts "{uid}" and blocks'
    log.add("block", f"{who} {how} (BP {v.bp}).", ("7-1-3-1", "10-4-1"), subject=uid)
    state = evolve(state, battle=evolve(b, stage=Stage.FLASH_AFTER_BLOCK, blocker=uid, to_act=who, passes=0))
    # a spirit already exhausted (s21 bss: allowed to block so) is not exhausted again: no "exhausted" event
    state = E.emit(state, log, [E.Ev("exhausted", (uid,), who)] * (not card.exhausted) + [E.Ev("blocks", (uid,), who),
                                E.Ev("blocked", (b.attacker,), state.player)])
    state = effects.resolve_waiting(state, log)
    if state.battle is not None:
        log.add("flash", f"The flash window after blocking opens; {who}, the blocking player, acts first.",
                ("7-1-4-1",))
    return state


def _confront(state: State) -> tuple[bool, list[str]]:
    """11-2-1: (the attacker has 【Confront】, the defender's spirits able to block)."""
    b = state.battle
    assert b is not None
    av = V.view(state, b.attacker)
    if av is None or not av.has("Confront"):
        return False, []
    able = [c.uid for c in state.p(state.opponent).field if can_block(state, c.uid) is None]
    return True, able


def no_block(state: State, log: EventLog, who: str) -> State:
    _before_block(state, log, who)
    confront, able = _confront(state)
    if confront and able:
        assert state.battle is not None
        raise Rejected(f'"{state.battle.attacker}" has 【Confront】 and {who} has spirits able to block ('
                       + ", ".join(f'"{u}"' for u in able) + f"), so {who} must block", "11-2-1", "11-2-2", "7-1-3-1")
    state = _implied_passes(state, log)
    if confront:
        assert state.battle is not None
        log.add("confront", f'"{state.battle.attacker}" has 【Confront】, but {who} controls no spirit able to block '
                            "(exhausted spirits cannot block), so no block is declared.", ("11-2-1", "7-1-3-1"))
    log.add("no-block", f"{who} does not block: the battle goes to battle resolution without the flash "
                        "window after blocking.", ("7-1-3-1",))
    return resolve_battle(state, log)


def resolve_battle(state: State, log: EventLog) -> State:
    """7-1-5 and 7-1-6."""
    import judge_app.engine.bss.resolve as E

    b = state.battle
    assert b is not None
    att_p, def_p = state.player, state.opponent
    attacker = state.p(att_p).find(b.attacker)
    cursed = None
    if b.blocker is not None:
        blocker = state.p(def_p).find(b.blocker)
        if attacker is None or blocker is None:
            gone = b.attacker if attacker is None else b.blocker
            log.add("nothing", f'"{gone}" has left the field: the BP comparison does nothing.',
                    ("7-1-5-1", "7-1-5-2-1"))
        else:
            av, bv = V.view(state, attacker.uid), V.view(state, blocker.uid)
            assert av is not None and bv is not None
            curses = av.all_kw("Curse")
            if curses:  # 11-3-1: triggers during battle resolution; 11-3-2: one only
                cursed = blocker.uid
                log.add("trigger", f'"{attacker.uid}" was blocked: its 【Curse】 triggers; "{blocker.uid}" will be '
                                   "destroyed at the end of the battle"
                        + (f" (it has {len(curses)} 【Curse】 effects; only one activates)" if len(curses) > 1 else "")
                        + ".", ("11-3-1",) + (("11-3-2",) if len(curses) > 1 else ()), subject=attacker.uid)
            ab, bb = av.bp or 0, bv.bp or 0
            expl = "".join(f' ("{x.uid}": {"; ".join(x.layers)})' for x in (av, bv) if x.layers)
            layer_rules = ("8-8-1", "8-8-1-3-1") if expl else ()
            if ab == bb:
                log.add("compare", f'BP {ab} against {bb}: equal, so both spirits are destroyed.{expl}',
                        ("7-1-5-1", "7-1-5-2-1") + layer_rules)
                losers = [(att_p, attacker.uid), (def_p, blocker.uid)]
            else:
                lose = (def_p, blocker.uid) if ab > bb else (att_p, attacker.uid)
                log.add("compare", f'BP {ab} against {bb}: "{lose[1]}" has fewer BP and is destroyed.{expl}',
                        ("7-1-5-1", "7-1-5-2-1") + layer_rules)
                losers = [lose]
                # s13 bssmech: "… if it has higher BP than your opponent's spirit when comparing BP" (7-1-5-2-1)
                win = (att_p, attacker.uid) if ab > bb else (def_p, blocker.uid)
                state = E.emit(state, log, [E.Ev("bp_higher", (win[1],), win[0])])
            state = destroy_all(state, log, [(w, u, "lost the battle", ("7-1-5-2-1",), False) for w, u in losers],
                                E.Cause("battle"))
    elif attacker is None:
        log.add("nothing", f'"{b.attacker}" has left the field: no damage is applied.', ("7-1-5-1", "7-1-5-3-1"))
    else:
        av = V.view(state, attacker.uid)
        assert av is not None
        n = len(av.symbols)
        pl = state.p(def_p)
        moved, guards = lifeguard.limit(av.forbid, av.bp, def_p, n, pl.life)
        rules = ("7-1-5-1", "7-1-5-3-1") + (("1-3-2",) if moved < n else ()) + (("1-3-2-3",) if n == 0 else ())
        if guards:  # the card's text beats the rule (1-3-1): only the cores it allows move
            rules += ("1-3-1",)
            log.add("prevent", f'An effect says "{b.attacker}" cannot {" and cannot ".join(guards)}: at most {moved} '
                               f"core{'s' * (moved != 1)} of {def_p}'s life can move (the card's text takes precedence "
                               "over the rules).", ("1-3-1", "7-1-5-3-1"), subject=b.attacker)
        short = "" if moved >= n else f" (the restriction above lets only {moved} move)" if guards else \
            f" (only {moved} can move)"
        linked = f" (with the symbols of the linked {', '.join(x for x, _ in b.links)})" if b.links else ""
        state = state.with_p(def_p, evolve(pl, life=pl.life - moved, reserve=pl.reserve + moved))
        log.add("damage", f'"{b.attacker}" is not blocked: {n} symbol{"s" * (n != 1)}{linked}, so {n} '
                          f"core{'s' * (n != 1)} move{'s' * (n == 1)} from {def_p}'s life to their reserve{short}; "
                          f"{def_p}'s life {pl.life} → {pl.life - moved}.", rules, subject=b.attacker)
        state = manage(state, log)  # 9-2-1: a winner is established at once
        if moved:
            state = E.emit(state, log, [E.Ev("life_reduced", (attacker.uid,), def_p, by=att_p, damage=True)])
    state = effects.resolve_waiting(manage(state, log), log)
    # 7-1-6 End of the battle
    if cursed is not None and state.p(def_p).find(cursed) is not None:  # 11-3-1: at the end of the battle
        state = destroy_all(state, log, [(def_p, cursed, "is struck by 【Curse】 at the end of the battle",
                                          ("11-3-1",), False)],
                            E.Cause("effect", att_p, b.attacker, CardType.SPIRIT, True))
        state = effects.resolve_waiting(manage(state, log), log)
    cur = state.battle
    if cur is not None:
        state = E.emit(state, log, [E.Ev("battle_end", (b.attacker,) + ((b.blocker,) if b.blocker else ()), att_p)])
        state = delayed.activate_battle(state, log)  # s16 bss: "When this battle ends, <directive>" (7-1-6-1)
        state = effects.resolve_waiting(state, log)
    ending = [a for a in state.continuous if a.duration == "battle"]
    state = evolve(state, battle=None, continuous=tuple(a for a in state.continuous if a.duration != "battle"))
    if ending or (cur is not None and cur.links):
        log.add("expire", "Effects active during the battle end" + (" and the link ends" if cur and cur.links else "")
                + ".", ("7-1-6-2",) + (("11-18-1",) if cur and cur.links else ()))
    state = manage(state, log)
    state = effects.resolve_waiting(state, log)
    if cur is not None and cur.ends_step is not None and state.step is Step.ATTACK:  # s15 bss
        log.add("battle-end", f'The battle ends, and "{cur.ends_step}"\'s effect ends the attack step: {att_p} declares no '
                              "further attack and the turn advances to the end step.", ("7-1-6-1", "6-7-3-2"))
        return settle(advance(state, log), log)
    log.add("battle-end", f"The battle ends; {att_p} may act again in the attack step.", ("7-1-6-1", "7-1-6-3"))
    return state


def _next_turn(state: State, log: EventLog) -> State:
    """s16 bss: an effect lasting "until the end of your opponent's next turn" (duration "opponent next turn"): as its
    controller's turn ends, the turn that comes is that opponent's next turn, so from then on it lasts during that turn
    (duration "turn", ended by 6-8-1-2 at its end); one set up in the opponent's turn waits through the controller's
    turn first."""
    mine = [a for a in state.continuous if a.duration == "opponent next turn" and a.controller == state.player]
    if not mine:
        return state
    log.add("expire", f"{state.player}'s turn ends: effects lasting until the end of {other(state.player)}'s next turn "
                      f"({len(mine)}) last until the end of the coming turn, {other(state.player)}'s.", ("6-8-1-2",))
    return evolve(state, continuous=tuple(evolve(a, duration="turn") if a in mine else a for a in state.continuous))


def concede(state: Hashable, log: EventLog, who: str, rule: str = "1-2-4") -> NoReturn:
    """1-2-4: a player may concede at any time; the opponent wins at once (`rule`: a family member's own id)."""
    log.add("concede", f"{who} concedes: {other(who)} wins.", (rule,))
    raise GameOver(Verdict(VerdictKind.WIN, other(who), f"{who} conceded"), state)


def pending_choice(state: State, line: int | None) -> Choice | None:
    """At the end of the declared actions: the decision a battle is waiting for, if any."""
    b = state.battle
    if b is None:
        return None
    if b.stage is Stage.BLOCK:
        opts = [f'block with "{c.uid}"' for c in state.p(state.opponent).field if can_block(state, c.uid) is None]
        confront, able = _confront(state)
        forced = confront and able
        return Choice(state.opponent, f'Does {state.opponent} block the attack of "{b.attacker}", and with '
                                      "which spirit?" + (" (【Confront】: a block is required)" if forced else ""),
                      tuple(opts + ([] if forced else ["no block"])), "11-2-1" if forced else "7-1-3-1", line)
    before = b.stage is Stage.FLASH_BEFORE_BLOCK
    return Choice(b.to_act, f"{b.to_act} may use a flash effect or pass in the flash window "
                            f"{'before' if before else 'after'} blocking.", ("pass",),
                  "7-1-2-1" if before else "7-1-4-1", line)
