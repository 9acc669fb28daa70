"""Specific terms (chapter 5), winning and losing (1.2), rage and the values cards have (3.4, 10.8).

Each function performs one instruction on a State and logs the step with the rules behind it.
Choices go through `core.choices.ask`: the engine never picks for a player.
"""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core import (
    UNKNOWN,
    Answer,
    Answers,
    Choice,
    EventLog,
    GameOver,
    Verdict,
    VerdictKind,
    ask,
)
from judge_app.engine.monster.cardtext import abilities, has
from judge_app.engine.monster.effects import PlusCounter, PlusThreat
from judge_app.engine.monster.replacements import replace_destruction
from judge_app.engine.monster.state import BEHIND, ROMAN_OF, Card, Kind, Pending, Player, State, but, other


def answers(log: EventLog) -> Answers | None:
    """The scenario's answers for the action being replayed (the driver sets them on the log)."""
    return log.answers if isinstance(log.answers, Answers) else None


# ---- values (10.8.1: printed value, then rage (3.4.5), then effects that modify values) ----------


def awakened(s: State, who: str, number: int | None) -> bool:
    """12.4.2: active only if the zone number of your invading monster's zone is `number` or greater."""
    return number is not None and s.p(who).zone >= number


def threat_level(s: State, who: str) -> int:
    pl = s.p(who)
    top = pl.top
    if top is None:
        return 0
    value = top.threat + 5000 * pl.rage  # 3.2.3.1 the top card's information; 3.4.5
    # the top card's own abilities, then those active in a zone / a strategy zone (10.3.4.2-10.3.4.3)
    for card in [top] + [stack[-1] for _z, stack in pl.field if stack] + [c for c, _t in pl.strategy]:
        if not card.effects:  # most cards: nothing to read
            continue
        for ab in abilities(card):
            if ab.keyword == "continuous" or (ab.keyword == "awakening" and awakened(s, who, ab.number)):
                value += sum(x.n for x in ab.static if isinstance(x, PlusThreat))
    value += sum(m.amount for m in s.modifiers if m.player == who and m.what == "threat")
    return value  # may be 0 or negative (1.3.2.4)


def counter_power(s: State, who: str, card: Card) -> int:
    value = card.counter
    for ab in abilities(card):
        if ab.keyword == "continuous" or (ab.keyword == "awakening" and awakened(s, who, ab.number)):
            value += sum(x.n for x in ab.static if isinstance(x, PlusCounter))
    if s.modifiers:  # "… get +N counter power until end of turn" (10.8.1.5, 7.5.6)
        value += sum(m.amount for m in s.modifiers if m.player == who and m.what == f"counter:{card.uid}")
    return value


def leaves_field(s: State, uid: str) -> State:
    """10.8.2: an effect of a one-shot ability no longer applies to a card that left the field (4.1.4)."""
    if not any(m.what == f"counter:{uid}" for m in s.modifiers):
        return s
    return but(s, modifiers=tuple(m for m in s.modifiers if m.what != f"counter:{uid}"))


def awakening_applies(s: State, who: str, card: Card) -> bool:
    return any(ab.keyword == "awakening" and awakened(s, who, ab.number) for ab in abilities(card))


def counter_total(s: State, who: str) -> int:
    """7.4.2's total alone (the board's view, an expectation): `total_counter_power` without its wording."""
    return sum(counter_power(s, who, card) for _z, card in s.p(who).battle_tops() if not card.cannot_engage)


def total_counter_power(s: State, who: str) -> tuple[int, list[str]]:
    """7.4.2: the counter power of the battle cards in `who`'s zones (not 'cannot engage', 5.16.1)."""
    total, parts = 0, []
    for z, card in s.p(who).battle_tops():
        if card.cannot_engage:
            parts.append(f"\"{card.uid}\" (zone {z}) cannot engage")
            continue
        v = counter_power(s, who, card)
        total += v
        parts.append(f"\"{card.uid}\" {v}" + (" with Awakening active" if awakening_applies(s, who, card) else ""))
    return total, parts


# ---- winning and losing (1.2) -----------------------------------------------------------------


def win(s: State, log: EventLog, who: str, how: str, text: str, rules: tuple[str, ...]) -> GameOver:
    log.add("win", text, rules, facts=(("victory", how), ("winner", who)))
    return GameOver(Verdict(VerdictKind.WIN, who, f"{who} wins: victory through {how}"), s)


# ---- draw (5.4) and reshuffle (11.2, an interrupt type rule action) -----------------------------


def _reshuffle(s: State, log: EventLog, who: str) -> tuple[State, bool]:
    pl = s.p(who)
    if not pl.discard:
        log.add("nothing", f"{who}'s deck and discard pile are empty: no reshuffle, and nothing is drawn.",
                ("11.2.4", "1.3.2"))
        return s, False
    # an unknown card of the discard pile stays unknown in the deck (the zone holds known and unknown places)
    deck = pl.deck.put_bottom(pl.discard).shuffle()  # type: ignore[arg-type]
    log.add("reshuffle", f"{who} would draw with an empty deck: the {len(pl.discard)} cards of their discard pile "
            "become their deck, shuffled.", ("11.2.1", "11.2.2", "11.2.3", "5.3.1"))
    return s.with_p(who, but(pl, deck=deck, discard=())), True


def _one_of(options: tuple[str, ...]):
    return lambda a: None if len(a.values) == 1 and a.values[0] in options else f"choose one of {', '.join(options)}"


def take_top_card(log: EventLog, who: str, pl: Player):
    """The deck without its top card, and that card (4.8.3: one at a time); an unknown place that can only hold
    one of the known cards somewhere in the deck is that card (asked when it could be several)."""
    deck, (card,) = pl.deck.take_top(1)
    if card is UNKNOWN and deck.unplaced and deck.unknown < len(deck.unplaced):  # (counting unknowns only when needed)
        # Every unknown place held one of the known cards: the top card is one of them (asked).
        options = tuple(dict.fromkeys(c.uid for c in deck.unplaced))
        by_uid = {c.uid: c for c in deck.unplaced}
        if len(options) == 1:
            card = by_uid[options[0]]
            log.add("infer", f"{who}'s top card can only be \"{card.uid}\".", ("4.8.2",))
        else:
            (pick,) = ask(answers(log), Choice(who, f"Which card is on top of {who}'s deck?", options, "4.8.2",
                                              log.line), _one_of(options))
            card = by_uid[pick]
        unplaced = list(deck.unplaced)
        unplaced.remove(card)
        deck = but(deck, unplaced=tuple(unplaced))
    return deck, card


def draw(s: State, log: EventLog, who: str, n: int, rules: tuple[str, ...] = ("5.4.1", "5.4.2")) -> State:
    if n <= 0:
        log.add("nothing", f"{who} would draw {n} cards: nothing happens.", ("1.3.2.2",))
        return s
    drawn: list[str] = []
    pl = start = s.p(who)  # one card at a time (4.8.3) into the player; the state is copied once at the end
    for _ in range(n):
        if not len(pl.deck):
            s, ok = _reshuffle(s.with_p(who, pl) if pl is not start else s, log, who)
            pl = start = s.p(who)
            if not ok:
                if drawn:
                    log.add("partial", f"{who} draws only {len(drawn)} of {n} cards: the rest cannot be performed.",
                            ("1.3.2",))
                break
        deck, card = take_top_card(log, who, pl)
        pl = but(pl, deck=deck, hand=pl.hand + (card,))
        drawn.append(f'"{card.uid}"' if isinstance(card, Card) else "a card")
    if pl is not start:
        s = s.with_p(who, pl)
    if drawn:
        log.add("draw", f"{who} draws {len(drawn)} card{'s' * (len(drawn) != 1)}: {', '.join(drawn)}.",
                rules + (("4.8.3",) if len(drawn) > 1 else ()))
    return s


# ---- discard (5.7), destroy (5.12) ------------------------------------------------------------


def choose_cards(s: State, log: EventLog, who: str, n: int, options: tuple[str, ...], question: str,
                 rule: str, *, up_to: bool = False) -> tuple[str, ...]:
    """`who` chooses `n` of `options` (all of them when there are no more than n: no choice to make); "up to"
    n: any number from 0 (answered `none`, 1.3.6) to n, always asked."""
    if len(options) <= n and not up_to:
        return options
    k = min(n, len(options))

    def valid(a: Answer) -> str | None:
        if up_to and a.values == ("none",):
            return None
        if (len(a.values) != k and not up_to) or len(a.values) > k or len(set(a.values)) != len(a.values) \
                or not set(a.values) <= set(options):
            return f"choose {'up to ' if up_to else ''}{k} of {', '.join(options)}" + (" or none" if up_to else "")
        return None
    picked = ask(answers(log), Choice(who, question, options + (("none",) if up_to else ()), rule, log.line, pick=k),
                 valid, default=("none",) if up_to else None)
    return () if picked == ("none",) else picked


def hand_labels(pl: Player) -> tuple[str, ...]:
    """The hand as the engine names it: known cards by name, the others as "unknown card N" (4.9.2: the
    engine never invents what an unknown card is)."""
    return tuple(c.uid if isinstance(c, Card) else f"unknown card {i + 1}" for i, c in enumerate(pl.hand))


def choose_discard(s: State, log: EventLog, who: str, n: int, *, up_to: bool = False) -> tuple[str, ...] | None:
    """Which cards of `who`'s hand are discarded (5.7.1), or None when nothing is to be chosen."""
    pl = s.p(who)
    if n <= 0:
        log.add("nothing", f"{who} would discard {n} cards: nothing happens.", ("1.3.2.2",))
        return None
    if not pl.hand:
        log.add("nothing", f"{who} has no cards in hand: nothing is discarded.", ("1.3.2",))
        return None
    what = f"{'up to ' if up_to else ''}{n} card{'s' * (n != 1)}"
    return choose_cards(s, log, who, n, hand_labels(pl), f"Which {what} does {who} discard?",
                        "1.3.6" if up_to else "5.7.1", up_to=up_to)


def discard_chosen(s: State, log: EventLog, who: str, picked: tuple[str, ...], n: int, rules: tuple[str, ...], *,
                   up_to: bool = False) -> State:
    pl = s.p(who)
    if not picked:
        log.add("nothing", f"{who} chooses to discard no card (up to {n}: 0 may be chosen).", ("1.3.6",))
        return s
    labels = hand_labels(pl)
    keep = tuple(c for c, lab in zip(pl.hand, labels, strict=True) if lab not in picked)
    gone = tuple(c for c, lab in zip(pl.hand, labels, strict=True) if lab in picked)
    s = s.with_p(who, but(pl, hand=keep, discard=pl.discard + gone))
    short = len(gone) < n and not up_to
    unknown = [lab for c, lab in zip(pl.hand, labels, strict=True) if lab in picked and not isinstance(c, Card)]
    named = ", ".join(f"{lab} (never named: it stays unknown)" if lab in unknown else f'"{lab}"' for lab in picked)
    log.add("discard", f"{who} discards {named}{' (all they have)' if short else ''}.",
            rules + (("1.3.2",) if short else ()) + (("1.3.6",) if up_to else ()) + (("4.9.2",) if unknown else ()))
    return s


def discard_from_hand(s: State, log: EventLog, who: str, n: int, rules: tuple[str, ...], *,
                      up_to: bool = False) -> State:
    picked = choose_discard(s, log, who, n, up_to=up_to)
    return s if picked is None else discard_chosen(s, log, who, picked, n, rules, up_to=up_to)


def destroy_battle(s: State, log: EventLog, who: str, uid: str, rules: tuple[str, ...], *,
                   duplicate: bool = False) -> State:
    """Put the battle card `uid` (its whole stack) into its owner's discard pile (5.12.1, 5.12.1.1, 3.2.4)."""
    pl = s.p(who)
    i = pl.find_stack(uid)
    if i is None:
        return s
    zone, cards = pl.field[i]
    top = cards[-1]
    instead = replace_destruction(s, log, who, top)  # 10.9.1: a replacement effect, and it never happens
    if instead is not None:
        return instead
    s = s.with_p(who, but(pl, field=pl.field[:i] + pl.field[i + 1:],
                              discard=pl.discard + tuple(c for c in cards if not c.token)))
    s = leaves_field(s, top.uid)
    log.add("destroy", f"\"{top.uid}\" in {who}'s zone {zone} is destroyed: into the discard pile.",
            rules + ("5.12.1", "5.12.1.1") + (("3.2.4",) if len(cards) > 1 else ()), subject=top.uid)
    for t in (c for c in cards if c.token):
        log.add("disappear", f"\"{t.uid}\" is a token: in the discard pile, where a battle token cannot exist, it "
                "disappears at once.", ("9.1.4.1", "9.1.4.2", "9.1.3", "9.1.3.1"), subject=t.uid)
    rev = has(top, "revenge")
    if rev is not None:
        if duplicate:  # 12.7.2: not for duplicate card processing
            log.add("no-trigger", f"\"{top.uid}\"'s Revenge does not trigger: it was destroyed by the overloaded "
                    "cards rule action (duplicate card processing).", ("12.7.2",), subject=top.uid)
        else:
            s = but(s, standby=s.standby + (Pending(who, top.uid, rev, "Revenge"),))
            log.add("trigger", f"\"{top.uid}\"'s Revenge triggers (it was placed into the discard pile from the "
                    "field).", ("12.7.1", "12.7.2", "10.6.2"), subject=top.uid)
    for under in cards[:-1]:
        if has(under, "revenge") is not None:
            log.add("no-trigger", f"\"{under.uid}\" was stacked underneath: its Revenge is invalid.", ("12.7.3",),
                    subject=under.uid)
    return s


# ---- advance / retreat (5.13) and invasion victory -------------------------------------------------


def move_monster(s: State, log: EventLog, who: str, forward: bool, times: int, *, invasion: bool = False,
                 to: int | None = None, rules: tuple[str, ...] = (),
                 interrupt: Callable[[State, EventLog], State] | None = None) -> tuple[State, bool]:
    """Advance or retreat `who`'s invading monster one zone at a time; returns (state, whether it moved).

    `interrupt` runs the interrupt type rule actions after each single move (11.1.2.1: a monster
    passing through a zone that holds its master's battle card crushes it on the way)."""
    start = s.p(who).zone
    if to is not None:
        if (forward and start >= to) or (not forward and start <= to):
            log.add("nothing", f"{who}'s invading monster is in zone {start}: "
                    f"{'advancing' if forward else 'retreating'} to zone {to} does nothing.",
                    ("5.13.1.2.1", "4.4.5.3", "4.4.5.3.1") if forward else ("5.13.2.2.1", "4.4.5.3", "4.4.5.3.1"))
            return s, False
        times = abs(to - start)
        rules += ("5.13.1.2.2",) if forward else ("5.13.2.2.2",)
    if times <= 0:
        log.add("nothing", f"{who}'s invading monster would move {times} times: nothing happens.", ("1.3.2.2",))
        return s, False
    if forward and any(m.player == who and m.what == "no-advance" for m in s.modifiers):
        log.add("restricted", f"{who}'s invading monster would advance, but an effect says it cannot: the "
                "restriction takes precedence and it does not advance.", ("1.3.3", "5.13.3"))
        return s, False
    verb = "advances" if forward else "retreats"
    base = rules + (("5.13.1",) if forward else ("5.13.2",)) + ("3.3.3", "3.3.3.3")
    zone = mark = start

    def flush() -> None:  # log the moves made since the last step that was logged
        nonlocal mark
        if zone != mark:
            log.add("advance" if forward else "retreat", f"{who}'s invading monster {verb} from zone {mark} to "
                    f"zone {zone}.", base, facts=(("zone", zone),))
            mark = zone
    for _ in range(times):
        if forward and zone == 8:
            flush()
            if invasion and not s.p(other(who)).battle_in(8):
                raise win(s, log, who, "invasion", f"{who}'s invading monster advances from zone 8 by an invasion "
                          f"and {other(who)}'s zone 8 holds no battle card: {who} wins by victory through invasion.",
                          ("5.13.1", "5.13.1.1", "5.13.1.1.2", "5.13.1.1.2.1", "1.2.1.1", "1.2.1"))
            why = ("the advance is not from an invasion" if not invasion
                   else f"{other(who)}'s zone 8 is occupied by a battle card")
            log.add("nothing", f"{who}'s invading monster in zone 8 does not advance: {why}.",
                    ("5.13.1.1", "5.13.1.1.1"))
            break
        if not forward and zone == 1:
            flush()
            log.add("nothing", f"{who}'s invading monster is in zone 1: it does not retreat.", ("5.13.2.1",))
            break
        zone += 1 if forward else -1
        s = s.with_p(who, but(s.p(who), zone=zone))
        if interrupt is not None and s.p(who).battle_in(zone):
            flush()  # the rule action interrupts the move (11.1.2.1)
            s = interrupt(s, log)
    flush()
    if zone == start:
        log.add("nothing", f"{who}'s invading monster did not move: it is not considered to have "
                f"{'advanced' if forward else 'retreated'}.", ("5.13.3",))
        return s, False
    return s, True


# ---- counter (5.15) -----------------------------------------------------------------------------


def counter(s: State, log: EventLog, who: str, rules: tuple[str, ...]) -> State:
    """Counter `who`'s invading monster: back behind from zones 6-8, then the next rank sharing a trait."""
    pl = s.p(who)
    top = pl.top
    s = but(s, countered=s.countered + (who,))
    log.add("counter", f"{who}'s invading monster \"{top.uid if top else ''}\" is countered.", rules + ("5.15.1",),
            subject=top.uid if top else None)
    if pl.zone in BEHIND:
        to = BEHIND[pl.zone]
        log.add("retreat", f"It is in zone {pl.zone}: it moves to zone {to}, behind it.", ("5.15.1.1", "4.4.5.1"),
                facts=(("zone", to),))
        s = s.with_p(who, but(pl, zone=to))
        pl = s.p(who)
    else:
        log.add("nothing", f"It is in zone {pl.zone} (not 6, 7 or 8): it does not move.", ("5.15.1.1",))
    rank = top.rank + 1 if top else 1
    traits = set(top.traits) if top else set()
    options = tuple(c.uid for c in pl.monster_deck if c.rank == rank and traits & set(c.traits))
    if not options:
        have = ", ".join(f"\"{c.uid}\" (rank {c.rank_word()}, {'/'.join(c.traits) or 'no trait'})"
                         for c in pl.monster_deck) or "nothing"
        log.add("no-monster", f"{who} must make a rank {ROMAN_OF.get(rank, rank)} monster card sharing a trait "
                f"({'/'.join(sorted(traits))}) the new invading monster; their monster deck holds {have}: "
                f"they cannot, and lose the game.", ("5.15.1.2", "5.15.1.2.1", "1.2.1.2"))
        raise win(s, log, other(who), "countering", f"{other(who)} wins by victory through countering.",
                  ("5.15.1.2.2", "1.2.1"))
    pick = _next_rank_pick(log, who, options)
    if pick == "none":
        log.add("no-monster", f"{who} treats their monster deck as holding no rank {ROMAN_OF.get(rank, rank)} monster "
                f"card sharing a trait ({'/'.join(sorted(traits))}), as a hidden area allows: they cannot make one "
                "the new invading monster, and lose the game.", ("4.1.2.3", "4.6.2", "5.15.1.2.1", "1.2.1.2"))
        raise win(s, log, other(who), "countering", f"{other(who)} wins by victory through countering.",
                  ("5.15.1.2.2", "1.2.1"))
    card = next(c for c in pl.monster_deck if c.uid == pick)
    pl = but(pl, monster_deck=tuple(c for c in pl.monster_deck if c.uid != pick), stack=pl.stack + (card,))
    log.add("new-monster", f"{who} makes \"{pick}\" (rank {card.rank_word()}) the new invading monster, on top of the "
            "stack.", ("5.15.1.2", "4.7.2", "3.3.1", "3.2.5"), subject=pick)
    return s.with_p(who, pl)


def _next_rank_pick(log: EventLog, who: str, options: tuple[str, ...]) -> str:
    """The master chooses the new invading monster (5.15.1.2), or to treat the monster deck (a hidden area,
    4.6.2) as though no fitting card were in it (4.1.2.3): an option the rules give, so the engine asks
    even when one card fits; "unmentioned options are declined" takes that one card."""
    choice = Choice(who, f"Which monster card becomes {who}'s new invading monster (or none, treating the monster "
                    "deck as holding no fitting card, 4.1.2.3)?", options + ("none",), "5.15.1.2", log.line)
    (pick,) = ask(answers(log), choice, _one_of(options + ("none",)),
                  default=options if len(options) == 1 else None)
    if len(options) == 1 and pick == options[0]:
        log.add("only", f"\"{pick}\" is the only monster card in {who}'s monster deck that fits, and {who} does not "
                "treat the deck as holding none (4.1.2.3): it is the one chosen.", ("5.15.1.2", "4.1.2.3"))
    return pick


def stack_monster(s: State, who: str, card: Card) -> State:
    pl = s.p(who)
    return s.with_p(who, but(pl, stack=pl.stack + (card,)))


def set_rage(s: State, log: EventLog, who: str, value: int, rules: tuple[str, ...]) -> State:
    pl = s.p(who)
    if value < 0:
        log.add("floor", f"{who}'s rage would become {value}: it becomes 0.", ("3.4.4",))
        value = 0
    if value == pl.rage:
        log.add("nothing", f"{who}'s rage is already {value}: it does not change again.", rules + ("1.3.2.1",))
        return s
    log.add("rage", f"{who}'s rage: {pl.rage} -> {value}.", rules, facts=(("rage", value),))
    s = s.with_p(who, but(pl, rage=value))
    note_threat(s, log, who)
    return s


def note_threat(s: State, log: EventLog, who: str) -> None:
    """Say the invading monster's threat level after its top card or rage changed (10.8.1)."""
    pl = s.p(who)
    if pl.top is None:
        return
    threat = threat_level(s, who)
    log.add("threat", f"{who}'s invading monster's threat level is {threat} (\"{pl.top.uid}\": "
            f"{pl.top.threat}, +5000 for each of {pl.rage} rage, then other effects).",
            ("3.2.3.1", "3.4.5", "10.8.1.1", "10.8.1.4"), facts=(("threat", threat),))


def hand_card(pl: Player, uid: str) -> Card | None:
    return next((c for c in pl.known_hand() if c.uid == uid), None)


def is_kind(card: Card, kind: Kind) -> bool:
    return card.kind is kind
