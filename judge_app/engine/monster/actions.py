"""Main phase performable actions (chapter 8), each followed by the check timing that comes before
the player's next play timing (10.4.4.1-10.4.4.2)."""

from __future__ import annotations

from judge_app.engine.core import EventLog, Rejected
from judge_app.engine.monster import terms
from judge_app.engine.monster.abilities import check_timing, interrupts, on_invading, on_play
from judge_app.engine.monster.cardtext import has
from judge_app.engine.monster.state import STRATEGY_ZONES, ZONES, Card, Kind, Phase, State, but


def _main_action(s: State, who: str) -> None:
    if s.phase is not Phase.MAIN:
        raise Rejected(f"main phase actions are performed in the main phase; it is the {s.phase} phase", "8.1.1")
    if who != s.player:
        raise Rejected(f"only the turn player ({s.player}) performs main phase actions", "8.1.1")


def _from_hand(s: State, who: str, uid: str, rule: str) -> Card:
    card = terms.hand_card(s.p(who), uid)
    if card is None:
        raise Rejected(f"\"{uid}\" is not in {who}'s hand", rule)
    return card


def _leave_hand(s: State, who: str, card: Card) -> State:
    pl = s.p(who)
    i = pl.hand.index(card)
    return s.with_p(who, but(pl, hand=pl.hand[:i] + pl.hand[i + 1:]))


def _hand_to_discard(s: State, who: str, card: Card) -> State:
    """`card` from `who`'s hand to their discard pile, in one copy of the player and of the state."""
    pl = s.p(who)
    i = pl.hand.index(card)
    return s.with_p(who, but(pl, hand=pl.hand[:i] + pl.hand[i + 1:], discard=pl.discard + (card,)))


def play_battle(s: State, log: EventLog, who: str, uid: str, zone: int) -> State:
    _main_action(s, who)
    card = _from_hand(s, who, uid, "8.2.1")
    if card.kind is not Kind.BATTLE:
        raise Rejected(f"\"{uid}\" is a {card.kind} card, not a battle card", "8.2.1")
    opp_zone = s.p(s.opponent).zone
    if card.rank > opp_zone:
        raise Rejected(f"\"{uid}\" has battle rank {card.rank}, higher than the number of the zone {s.opponent}'s "
                       f"invading monster occupies ({opp_zone})", "8.2.1")
    if zone not in ZONES:
        raise Rejected(f"zone {zone} does not exist: zones are numbered 1 to 8", "4.4.3")
    if zone == s.p(who).zone:
        raise Rejected(f"zone {zone} is occupied by {who}'s invading monster", "10.5.2.1.2")
    log.add("play", f"{who} plays battle card \"{uid}\" (rank {card.rank} <= {opp_zone}, the zone number of "
            f"{s.opponent}'s invading monster), indicating zone {zone}.",
            ("8.2.1", "10.5.2.1", "10.5.2.1.1", "10.5.2.1.2", "5.11.1", "4.11.1"), subject=uid)
    pl = s.p(who)  # from the hand to the zone: one copy of the player and of the state
    i = pl.hand.index(card)
    s = s.with_p(who, but(pl, hand=pl.hand[:i] + pl.hand[i + 1:], field=pl.field + ((zone, (card,)),)))
    log.add("place", f"\"{uid}\" is placed in {who}'s zone {zone}.", ("10.5.2.3", "10.5.2.3.2"), subject=uid)
    s = on_play(s, log, who, card)
    return check_timing(s, log, ("10.4.4.1",))


def play_strategy(s: State, log: EventLog, who: str, card: Card) -> State:
    pl = s.p(who)
    if card.rank > pl.zone:
        raise Rejected(f"\"{card.uid}\" has strategy rank {card.rank}, higher than the number of the zone {who}'s "
                       f"invading monster occupies ({pl.zone})", "8.3.1")
    if len(pl.strategy) >= STRATEGY_ZONES:
        raise Rejected(f"both of {who}'s strategy zones already hold a strategy card", "8.3.2")
    s = _leave_hand(s, who, card)
    log.add("play", f"{who} activates strategy card \"{card.uid}\" (rank {card.rank} <= {pl.zone}), indicating a "
            "strategy zone.", ("8.3.1", "10.5.2.1", "10.5.2.1.1", "10.5.2.1.3", "4.11.1"), subject=card.uid)
    pl = s.p(who)
    s = s.with_p(who, but(pl, strategy=pl.strategy + ((card, True),)))
    log.add("place", f"\"{card.uid}\" is placed in {who}'s strategy zone.", ("10.5.2.3", "10.5.2.3.2"),
            subject=card.uid)
    s = on_play(s, log, who, card)
    return check_timing(s, log, ("10.4.4.1",))


def play_monster(s: State, log: EventLog, who: str, card: Card, burst: bool) -> State:
    pl = s.p(who)
    top = pl.top
    rank = card.rank
    rules: tuple[str, ...] = ("8.5.1",)
    if burst:
        b = has(card, "burst")
        if b is None:
            raise Rejected(f"\"{card.uid}\" has no Burst", "12.5.2")
        rank, rules = b.number or 0, ("8.5.1", "12.5.1", "12.5.2")
    if top is None or rank != top.rank:
        raise Rejected(f"\"{card.uid}\" is rank {card.rank_word() if not burst else rank}; the invading monster is rank "
                       f"{top.rank_word() if top else '-'}: a monster card must be played at the same rank", *rules)
    shared = set(card.traits) & set(top.traits)
    if not shared:
        raise Rejected(f"\"{card.uid}\" shares no trait with the invading monster \"{top.uid}\" "
                       f"({'/'.join(top.traits)})", "8.5.1", "2.5.1.1")
    s = _leave_hand(s, who, card)
    log.add("play", f"{who} plays monster card \"{card.uid}\"" + (" with Burst, as though rank " + str(rank) if burst
            else "") + f" (same rank, shared trait {'/'.join(sorted(shared))}).", rules + ("10.5.2.1.1", "5.11.2"),
            subject=card.uid)
    s = terms.stack_monster(s, who, card)
    if burst:
        s = s.with_p(who, but(s.p(who), burst=s.p(who).burst + (card.uid,)))
    log.add("stack", f"\"{card.uid}\" is stacked on top of {who}'s invading monster and is its new top card.",
            ("10.5.2.3.1", "4.7.2", "3.2.5", "3.2.3.1"), subject=card.uid)
    s = terms.set_rage(s, log, who, s.p(who).rage + 1, ("8.5.1.1", "3.4.1"))
    s = on_play(s, log, who, card)
    return check_timing(s, log, ("10.4.4.1",))


def play_card(s: State, log: EventLog, who: str, uid: str, burst: bool) -> State:
    _main_action(s, who)
    card = _from_hand(s, who, uid, "8.1.1")
    if card.kind is Kind.BATTLE:
        raise Rejected(f"\"{uid}\" is a battle card: say which zone (`plays \"{uid}\" to zone 2`)", "10.5.2.1.2")
    if card.kind is Kind.STRATEGY:
        if burst:
            raise Rejected(f"\"{uid}\" is a strategy card: Burst is for monster cards", "12.5.1")
        return play_strategy(s, log, who, card)
    return play_monster(s, log, who, card, burst)


def gain_rage(s: State, log: EventLog, who: str, uid: str) -> State:
    _main_action(s, who)
    card = _from_hand(s, who, uid, "8.4.1")
    if card.kind is not Kind.MONSTER:
        raise Rejected(f"\"{uid}\" is not a monster card: only a monster card can be discarded for rage", "8.4.1")
    s = _hand_to_discard(s, who, card)
    log.add("discard", f"{who} discards monster card \"{uid}\" from their hand to gain rage.", ("8.4.1", "5.7.1"),
            subject=uid)
    s = terms.set_rage(s, log, who, s.p(who).rage + 1, ("8.4.1", "3.4.1"))
    return check_timing(s, log, ("10.4.4.1",))


def invade(s: State, log: EventLog, who: str, uid: str) -> State:
    _main_action(s, who)
    if s.invaded:
        raise Rejected(f"{who} has already performed an invasion this turn", "8.6.2")
    card = _from_hand(s, who, uid, "8.6.1")
    s = but(_hand_to_discard(s, who, card), invaded=True)
    log.add("invade", f"{who} discards \"{uid}\" (invasion icon {card.icon}) to have their invading monster invade.",
            ("8.6.1", "8.6.1.1", "5.14.1", "5.7.1", "2.8.1"), subject=uid)
    s, moved = terms.move_monster(s, log, who, True, card.icon, invasion=True, rules=("8.6.1.2",),
                                  interrupt=interrupts)
    s = interrupts(s, log)
    if moved:
        s = on_invading(s, log, who)
    elif s.p(who).top is not None and has(s.p(who).top, "when invading") is not None:
        log.add("no-trigger", "The invading monster did not advance: When invading does not trigger.", ("12.3.2.1",))
    return check_timing(s, log, ("10.4.4.1",))
