"""Playing and resolving abilities (chapter 10): the check timing (10.4.3), automatic abilities in
standby (10.6), and performing the effect AST's instructions one at a time."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core import UNKNOWN, Answer, Choice, EventLog, ask
from judge_app.engine.core.evolve import evolve
from judge_app.engine.monster import replacements, terms
from judge_app.engine.monster.cardtext import abilities
from judge_app.engine.monster.effects import (
    Ability,
    CounterIt,
    CounterUntil,
    DestroyBattle,
    DestroySelf,
    Discard,
    DiscardUntil,
    Draw,
    ForEach,
    Look,
    Modal,
    Move,
    NoAdvance,
    Optional,
    PlayToken,
    Rage,
    Search,
    SendTop,
    Shuffle,
    Swap,
    Threat,
)
from judge_app.engine.monster.ruleactions import check_rule_actions, interrupts
from judge_app.engine.monster.state import (
    ZONES,
    Card,
    Kind,
    Modifier,
    Pending,
    State,
    adjacent,
    all_cards,
    but,
    other,
)
from judge_app.engine.monster.state import known as known_cards


def _players(s: State, master: str, who: str) -> tuple[str, ...]:
    """Whom an instruction acts on; "each player": the active player first (1.3.4, 1.3.4.1)."""
    return {"you": (master,), "opponent": (other(master),), "each": (s.player, s.opponent)}[who]


def _how_many(log: EventLog, who: str, n: int) -> int:
    """5.4.3: "draw up to N cards" - the player may end the instruction before any draw: how many they draw."""
    if n <= 0:
        log.add("nothing", f"{who} would draw up to {n} cards: the instruction ends.", ("5.4.3.1",))
        return 0
    options = tuple(str(k) for k in range(n + 1))
    (k,) = ask(terms.answers(log), Choice(who, f"How many cards does {who} draw (up to {n}: {who} may end the "
                                               "instruction before any draw)?", options, "5.4.3.2", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in options else f"choose a number 0 to {n}",
               default=("0",))
    if k == "0":
        log.add("end", f"{who} ends the instruction without drawing (up to {n}).", ("5.4.3.2",))
    else:
        log.add("choose", f"{who} draws {k} of up to {n} cards, then ends the instruction.",
                ("5.4.3.2", "5.4.3.3", "5.4.3.4"))
    return int(k)


def _draw(s, log, ins: Draw, master, source):
    for who in _players(s, master, ins.who):
        rules = ("5.4.1", "5.4.2") + (("1.3.4.1",) if ins.who == "each" else ())
        if ins.up_to:
            k = _how_many(log, who, ins.n)
            if k:
                s = terms.draw(s, log, who, k, ("5.4.3.3", "5.4.1") + rules[2:])
            continue
        s = terms.draw(s, log, who, ins.n, rules)
    return s


def _discard(s, log, ins: Discard, master, source):
    whos = _players(s, master, ins.who)
    rules = ("5.7.1",) + (("1.3.4",) if ins.who == "each" else ())
    # 1.3.4.2: cards of a hidden area (the hand, 4.9.2) chosen at the same time - the active player chooses
    # first, then the other; the chosen cards are revealed (discarded) once every player has chosen.
    picks = [(who, terms.choose_discard(s, log, who, ins.n, up_to=ins.up_to)) for who in whos]
    if len([p for _w, p in picks if p is not None]) > 1:
        log.add("simultaneous", f"{' then '.join(whos)} chose without revealing, the active player first; the "
                "chosen cards are revealed and discarded now.", ("1.3.4.2", "4.9.2"))
    for who, picked in picks:
        if picked is not None:
            s = terms.discard_chosen(s, log, who, picked, ins.n, rules, up_to=ins.up_to)
    return s


def _move(s, log, ins: Move, master, source):
    for who in _players(s, master, ins.who):
        s, _ = terms.move_monster(s, log, who, ins.forward, ins.times, to=ins.to, interrupt=interrupts)
        s = interrupts(s, log)
    return s


def _rage(s, log, ins: Rage, master, source):
    for who in _players(s, master, ins.who):
        s = terms.set_rage(s, log, who, s.p(who).rage + ins.n, ("3.4.1",))
    return s


def _destroy(s, log, ins: DestroyBattle, master, source):
    opp = other(master)
    mine = (master, s.p(master).zone)
    options = tuple(c.uid for z, c in s.p(opp).battle_tops() if not ins.adjacent or adjacent(mine, (opp, z)))
    rules = ("10.5.3",) + (("4.4.5.2",) if ins.adjacent else ())
    if ins.every or ins.n > 1:
        return _destroy_several(s, log, ins, opp, options, rules, master, source)
    if ins.up_to:  # 10.5.3.1.1: any number of targets from 0 to 1, asked even with one candidate
        return _destroy_up_to(s, log, opp, options, rules, master, source)
    if not options:
        log.add("nothing", f"\"{source}\": {opp} has no battle card it can destroy; no target is chosen and the "
                "destruction is ignored.", rules + ("10.5.3.1.2",))
        return s
    if len(options) == 1:
        pick = options[0]
        log.add("only", f"\"{pick}\" is the only battle card that can be chosen.", rules + ("10.5.3.1",))
    else:
        (pick,) = ask(terms.answers(log), Choice(master, f"Which of {opp}'s battle cards does \"{source}\" destroy?", options,
                                          "10.5.3.1", log.line),
                      lambda a: None if len(a.values) == 1 and a.values[0] in options else
                      f"choose one of {', '.join(options)}")
    return terms.destroy_battle(s, log, opp, pick, rules)


def _destroy_several(s: State, log: EventLog, ins: DestroyBattle, opp: str, options: tuple[str, ...],
                     rules: tuple[str, ...], master: str, source: str) -> State:
    """"Destroy N / up to N / all of your opponent's battle cards": the cards are determined first, then each is
    destroyed (5.12.1.2); a card whose destruction is replaced (10.9.1) does not stop the others."""
    what = "all" if ins.every else f"{'up to ' if ins.up_to else ''}{ins.n}"
    if not options:
        log.add("nothing", f"\"{source}\": {opp} has no battle card it can destroy; no target is chosen.",
                rules + ("10.5.3.1.2",))
        return s
    if ins.every:
        picked = options
        log.add("targets", f"\"{source}\" destroys all of {opp}'s battle cards{' in a zone adjacent to ' + master + chr(39) + 's invading monster' if ins.adjacent else ''}: "
                f"{', '.join(chr(34) + u + chr(34) for u in picked)}, all determined before any is destroyed.",
                ("5.12.1.2",), subject=source)
    else:
        picked = terms.choose_cards(s, log, master, ins.n, options, f"Which {what} of {opp}'s battle cards does "
                                    f"\"{source}\" destroy?", "10.5.3.1.1" if ins.up_to else "10.5.3.1",
                                    up_to=ins.up_to)
        if not picked:
            log.add("nothing", f"{master} chooses no target for \"{source}\" (up to {ins.n}: 0 may be chosen).",
                    rules + ("10.5.3.1.1", "1.3.6"))
            return s
        log.add("targets", f"{master} chooses {', '.join(chr(34) + u + chr(34) for u in picked)} ({what}"
                + (f"; only {len(picked)} can be chosen" if len(picked) < ins.n and not ins.up_to else "")
                + "), all determined before any is destroyed.",
                rules + ("10.5.3.1.1",) if ins.up_to else rules + ("10.5.3.1", "5.12.1.2"), subject=source)
    for uid in picked:
        s = terms.destroy_battle(s, log, opp, uid, rules + ("5.12.1.2",))
    return s


def _destroy_up_to(s: State, log: EventLog, opp: str, options: tuple[str, ...], rules: tuple[str, ...],
                   master: str, source: str) -> State:
    if not options:
        log.add("nothing", f"\"{source}\": {opp} has no battle card it can destroy; no target is chosen.",
                rules + ("10.5.3.1.1", "10.5.3.1.2"))
        return s
    (pick,) = ask(terms.answers(log), Choice(master, f"Which of {opp}'s battle cards does \"{source}\" destroy (up to "
                                                     "1: or none)?", options + ("none",), "10.5.3.1.1", log.line),
                  lambda a: None if len(a.values) == 1 and a.values[0] in options + ("none",) else
                  f"choose one of {', '.join(options)} or none", default=("none",))
    if pick == "none":
        log.add("nothing", f"{master} chooses no target for \"{source}\" (up to 1: 0 may be chosen).",
                rules + ("10.5.3.1.1", "1.3.6"))
        return s
    return terms.destroy_battle(s, log, opp, pick, rules + ("10.5.3.1.1",))


def _threat(s, log, ins: Threat, master, source):
    for who in _players(s, master, ins.who):
        s = but(s, modifiers=s.modifiers + (Modifier(who, "threat", ins.n, source),))
        log.add("modify", f"{who}'s invading monster gets {ins.n:+d} threat level until end of turn "
                f"(now {terms.threat_level(s, who)}).", ("10.2.1.2", "10.8.1.5", "1.3.2.4"))
    return s


def _counter(s, log, ins: CounterIt, master, source):
    s = terms.counter(s, log, other(master), ("5.15.1",))
    return interrupts(s, log)


def _destroy_self(s, log, ins: DestroySelf, master, source):
    pl = s.p(master)
    if pl.find_stack(source) is not None:
        return terms.destroy_battle(s, log, master, source, ())
    for i, (card, _t) in enumerate(pl.strategy):
        if card.uid == source:
            log.add("destroy", f"\"{source}\" in {master}'s strategy zone is destroyed.", ("5.12.1", "5.12.1.1"),
                    subject=source)
            return s.with_p(master, but(pl, strategy=pl.strategy[:i] + pl.strategy[i + 1:],
                                            discard=pl.discard + (card,)))
    log.add("nothing", f"\"{source}\" is no longer where it was: it cannot be destroyed.", ("1.3.2",))
    return s


def _optional(s, log, ins: Optional, master, source):
    if not replacements.performable(s, master, ins.steps):
        log.add("cannot", f"{master} cannot perform \"{source}\"'s optional action in its entirety, so cannot choose "
                "to perform it" + (" (nor, therefore, what follows 'If you do')" if ins.then else "") + ".",
                ("10.5.4.1",) + (("10.5.4",) if ins.then else ()))
        return s
    (yes,) = ask(terms.answers(log), Choice(master, f"Does {master} perform \"{source}\"'s optional action (yes or no)?",
                                     ("yes", "no"), "10.5.4", log.line),
                 lambda a: None if len(a.values) == 1 and a.values[0] in ("yes", "no") else "answer yes or no",
                 default=("no",))
    if yes == "no":
        log.add("decline", f"{master} chooses not to perform \"{source}\"'s optional action.", ("10.5.4",))
        return s
    log.add("accept", f"{master} chooses to perform \"{source}\"'s optional action.", ("10.5.4",))
    s = perform(s, log, ins.steps, master, source)
    if ins.then:
        log.add("if-you-do", f"{master} performed the action, so what follows 'If you do' is performed.", ("10.5.4",))
        s = perform(s, log, ins.then, master, source)
    return s


def _no_advance(s, log, ins: NoAdvance, master, source):
    for who in _players(s, master, ins.who):
        s = but(s, modifiers=s.modifiers + (Modifier(who, "no-advance", 0, source),))
        log.add("restrict", f"{who}'s invading monster cannot advance until end of turn (\"{source}\").",
                ("10.2.1.2", "1.3.3"))
    return s


def _names(s: State) -> set[str]:
    names = set(all_cards(s))
    return names | {c.uid for who in ("A", "B") for _z, cs in s.p(who).field for c in cs}


def _token(s, log, ins: PlayToken, master, source):
    """5.11.4, 9.1.2: a battle token appears in one of the master's zones, chosen by the master; a zone without
    their invading monster must be chosen when possible (5.11.1.2) - and one always is."""
    zones = tuple(str(z) for z in ZONES if z != s.p(master).zone)
    (z,) = ask(terms.answers(log), Choice(master, f"Which zone does {master} play the {ins.name} token in?", zones,
                                          "5.11.1.2", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in zones else
               f"zone {a.values[0]} holds {master}'s invading monster: a zone without it must be chosen"
               if a.values == (str(s.p(master).zone),) else f"choose a zone: {', '.join(zones)}")
    uid, k, taken = f"{ins.name} token", 1, _names(s)
    while uid in taken:  # each card of a scenario has its own name
        k += 1
        uid = f"{ins.name} token#{k}"
    card = Card(uid, Kind.BATTLE, counter=ins.counter, traits=("Token",), token=True, owner=master)
    s = s.with_p(master, s.p(master).add_stack(int(z), (card,)))
    log.add("token", f"\"{uid}\", a battle token with {ins.counter} counter power and the Token trait, appears in "
            f"{master}'s zone {z}; its owner and master is {master}.",
            ("5.11.4", "9.1.2", "9.1.2.1", "9.1.5", "9.1.1", "9.1.1.1", "5.11.1.2"), subject=uid)
    return s


def _for_each(s, log, ins: ForEach, master, source):
    """"<instruction> for each of <whose> battle cards": counted once, when the effect resolves."""
    whose = master if ins.whose == "you" else other(master)
    counted = tuple(c for _z, c in s.p(whose).battle_tops())
    k = len(counted)
    base = ins.inner.n
    tokens = any(c.token for c in counted)
    log.add("count", f"\"{source}\" counts {whose}'s battle cards: {k} ("
            f"{', '.join(chr(34) + c.uid + chr(34) for c in counted) or 'none'}), so {base} x {k} = {base * k}. The "
            "rules do not say when a 'for each' count is taken; the engine counts once, when the effect resolves.",
            ("10.5.2.3.3", "10.7.1") + (("9.1.1.1",) if tokens else ()), subject=source)
    if k == 0:
        log.add("nothing", f"\"{source}\"'s instruction is performed zero times: nothing happens.", ("1.3.2.2",))
        return s
    return PERFORM[type(ins.inner)](s, log, evolve(ins.inner, n=base * k), master, source)


def _s(n: int) -> str:
    return "s" * (n != 1)


def _named(cards) -> str:
    named = [f'"{c.uid}"' for c in cards if isinstance(c, Card)]
    unknown = len(cards) - len(named)
    return ", ".join(named) + (f"{' and ' if named else ''}{unknown} card{_s(unknown)} the scenario does not name (the "
                               "engine never invents a card)" if unknown else "") or "nothing"


def _look_how_many(log: EventLog, who: str, n: int) -> int:
    """5.5.2.2-5.5.2.5: the player looks at one more card each time, and may end before any of them."""
    options = tuple(str(k) for k in range(n + 1))
    (k,) = ask(terms.answers(log), Choice(who, f"How many cards from the top does {who} look at (up to {n}: {who} may "
                                               "end the instruction before any)?", options, "5.5.2.3", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in options else f"choose a number 0 to {n}",
               default=("0",))
    return int(k)


def _look(s, log, ins: Look, master, source):
    """5.5.1 / 5.5.2 (the master checks the cards' information) or 5.10.1 (reveal: the public state, until the end
    of the effect, 5.10.1.1); the cards stay where they are."""
    whose = master if ins.who == "you" else other(master)
    deck = s.p(whose).deck
    n = ins.n
    if ins.up_to:
        if n <= 0:
            log.add("nothing", f"{master} would look at up to {n} cards: the instruction ends.", ("5.5.2.1",))
            return s
        n = _look_how_many(log, master, min(n, len(deck)) if len(deck) < n else n)
        if n == 0:
            log.add("end", f"{master} ends the instruction without looking at a card.", ("5.5.2.3",))
            return s
    top = deck.top(n)
    short = f" ({whose}'s deck holds only {len(deck)})" if len(deck) < n else ""
    if ins.reveal:
        log.add("reveal", f"{master} reveals the top {len(top)} card{_s(len(top))} of {whose}'s deck{short}: "
                f"{_named(top)}. They are public until the effect ends, then hidden again; they stay in the deck.",
                ("5.10.1", "4.2.2", "5.10.1.1", "4.8.2") + (("1.3.2",) if short else ()), subject=source)
        return s
    rules = ("5.5.2", "5.5.2.2", "5.5.2.3", "5.5.2.4", "5.5.2.5") if ins.up_to else ("5.5.1",)
    log.add("look", f"{master} looks at the top {len(top)} card{_s(len(top))} of {whose}'s deck{short}: {_named(top)}. "
            f"Only {master} sees them{' (and ' + whose + ' does not)' if whose != master else ''}; they stay in the deck "
            "in the same order.", rules + ("4.8.2", "4.1.3") + (("1.3.2",) if short else ()), subject=source)
    return s


def _search_options(deck, ins: Search) -> tuple[Card, ...]:
    known = list(known_cards(deck.cards)) + list(deck.unplaced)
    return tuple({c.uid: c for c in known if (ins.kind is None or c.kind.value == ins.kind)
                  and (ins.trait is None or ins.trait in c.traits)}.values())


def _search(s, log, ins: Search, master, source):
    """5.8.1: the master looks at all the cards of their deck and chooses the specified cards; with information
    besides the number, none may be there (5.8.1.2), and a hidden area may be treated as holding none (4.1.2.3)."""
    pl = s.p(master)
    what = " ".join(x for x in (ins.kind, "card" if ins.n == 1 else "cards") if x) + \
        (f" with the {ins.trait} trait" if ins.trait else "")
    options = _search_options(pl.deck, ins)
    unnamed = pl.deck.unknown - len(pl.deck.unplaced)
    log.add("search", f"{master} searches their deck for {'up to ' if ins.up_to else ''}{ins.n} {what} (\"{source}\"): "
            f"they look at all {len(pl.deck)} of its cards." + (f" {unnamed} of them the scenario does not name; the "
                                                                 "engine never invents one, so only named cards can be found."
                                                                 if unnamed else ""),
            ("5.8.1", "5.8.1.2", "4.1.2.3"), subject=source)
    picked = terms.choose_cards(s, log, master, ins.n, tuple(c.uid for c in options),
                                f"Which {what} does {master} find in their deck (up to {ins.n}, or none: there is no "
                                "guarantee one is there)?", "5.8.1.2", up_to=True) if options else ()
    if not picked:
        log.add("nothing", f"{master} finds no {what}.", ("5.8.1.2", "4.1.2.3"), subject=source)
        return s
    found = [c for c in options if c.uid in picked]
    names = ", ".join(f'"{c.uid}"' for c in found)
    if ins.reveal:
        log.add("reveal", f"{master} reveals {names} (public now).", ("5.10.1", "4.2.2"), subject=source)
    if not ins.to_hand:
        log.add("hidden", f"{names} stay{'s' * (len(found) == 1)} in the deck: at the end of the effect "
                f"{'it is' if len(found) == 1 else 'they are'} hidden again.", ("5.10.1.1", "4.8.2"), subject=source)
        return s
    deck = pl.deck
    for c in found:
        if c in deck.cards:
            i = deck.cards.index(c)
            deck = evolve(deck, cards=deck.cards[:i] + deck.cards[i + 1:])
        else:
            unplaced = list(deck.unplaced)
            unplaced.remove(c)
            cards, below = _drop_unknown(deck)
            deck = evolve(deck, cards=cards, unplaced=tuple(unplaced) + below)
    s = s.with_p(master, but(pl, deck=deck, hand=pl.hand + tuple(found)))
    log.add("add", f"{master} adds {names} to their hand" + (" (moved to another area, the card returns to its "
                                                            "original visibility: hidden in the hand)" if ins.reveal
                                                            else "") + ".",
            ("5.8.1", "5.2.1") + (("5.10.1.1", "4.9.2") if ins.reveal else ("4.9.2",)), subject=source)
    return s


def _drop_unknown(deck):
    """A known card somewhere among the unknown places (4.8.2) leaves the deck: one unknown place fewer. Which one
    is not known, so a named card below the first unknown place keeps its name but no longer its place."""
    first = next(i for i, c in enumerate(deck.cards) if not isinstance(c, Card))
    below = tuple(c for c in deck.cards[first + 1:] if isinstance(c, Card))
    cards = deck.cards[:first] + (UNKNOWN,) * (len(deck.cards) - first - 1 - len(below)) + (UNKNOWN,) * len(below)
    return cards, below


def _shuffle(s, log, ins: Shuffle, master, source):
    whose = master if ins.who == "you" else other(master)
    pl = s.p(whose)
    if len(pl.deck) <= 1:
        log.add("shuffle", f"{whose}'s deck holds {len(pl.deck)} card{_s(len(pl.deck))}: its order does not change, "
                "but it is considered shuffled.", ("5.3.1", "5.3.1.1", "5.3.1.2"), subject=source)
        return s
    log.add("shuffle", f"{whose} shuffles their deck (\"{source}\"): its order is now unknown.",
            ("5.3.1", "5.3.1.1", "4.8.2"), subject=source)
    return s.with_p(whose, but(pl, deck=pl.deck.shuffle()))


def _discard_until(s, log, ins: DiscardUntil, master, source):
    """5.7.2: each player chooses N cards of their hand to keep and discards the rest (5.7.2.1: with fewer than N,
    nothing); several players choose the active player first, revealed once all have chosen (1.3.4.2)."""
    whos = _players(s, master, ins.who)
    picks: list[tuple[str, tuple[str, ...]]] = []
    for who in whos:
        labels = terms.hand_labels(s.p(who))
        if len(labels) < ins.n:
            log.add("nothing", f"{who} has {len(labels)} card{_s(len(labels))} in hand, fewer than {ins.n}: the "
                    "instruction does nothing.", ("5.7.2.1",))
            continue
        keep = terms.choose_cards(s, log, who, ins.n, labels, f"Which {ins.n} card{_s(ins.n)} does {who} keep (the "
                                  "rest are discarded)?", "5.7.2")
        picks.append((who, tuple(lab for lab in labels if lab not in keep)))
    if len(picks) > 1:
        log.add("simultaneous", f"{' then '.join(w for w, _p in picks)} chose without revealing, the active player "
                "first; the cards are discarded now.", ("1.3.4.2", "4.9.2"))
    for who, gone in picks:
        if not gone:
            log.add("nothing", f"{who} has exactly {ins.n} card{_s(ins.n)} in hand: nothing is discarded.", ("5.7.2",))
            continue
        s = terms.discard_chosen(s, log, who, gone, len(gone), ("5.7.2",) + (("1.3.4",) if ins.who == "each" else ()))
    return s


def _send_top(s, log, ins: SendTop, master, source):
    """5.7.3: the top N cards of the deck into the discard pile, one at a time (4.8.3); fewer when the deck runs out
    (1.3.2). A card the scenario does not name stays unnamed (the engine never invents it)."""
    whose = master if ins.who == "you" else other(master)
    sent: list = []
    for _ in range(ins.n):
        pl = s.p(whose)
        if not len(pl.deck):
            break
        deck, card = terms.take_top_card(log, whose, pl)
        s = s.with_p(whose, but(pl, deck=deck, discard=pl.discard + (card,)))
        sent.append(card)
    short = len(sent) < ins.n
    log.add("send", f"The top {len(sent)} card{_s(len(sent))} of {whose}'s deck go{'es' * (len(sent) == 1)} into the "
            f"discard pile (\"{source}\"): {_named(tuple(sent))}" + (f"; the deck held only {len(sent)}" if short else "")
            + ".", ("5.7.3", "4.8.3", "4.1.7") + (("1.3.2",) if short else ()), subject=source)
    return s


def _modal(s, log, ins: Modal, master, source):
    """10.5.2.2.1: the master chooses N of the options as the ability is played; the others are nonexistent
    (10.5.2.2.1.1) and the chosen ones resolve in the order written (10.5.2.2.1.2)."""
    labels = ins.labels
    if ins.n >= len(labels):
        picked = labels
        log.add("modal", f"\"{source}\": all {len(labels)} options are to be done.", ("10.5.2.2.1",), subject=source)
    else:
        picked = terms.choose_cards(s, log, master, ins.n, labels, f"Which {ins.n} of the options of \"{source}\" does "
                                    f"{master} choose (do {ins.n} from the below)?", "10.5.2.2.1")
        others = [lab for lab in labels if lab not in picked]
        log.add("modal", f"{master} chooses {', '.join(chr(34) + p + chr(34) for p in picked)} as \"{source}\"'s ability "
                f"is played; {', '.join(chr(34) + o + chr(34) for o in others)} {'is' if len(others) == 1 else 'are'} "
                "considered nonexistent.",
                ("10.5.2.2", "10.5.2.2.1", "10.5.2.2.1.1"), subject=source)
    chosen = [i for i, lab in enumerate(labels) if lab in picked]
    if len(chosen) > 1:
        log.add("order", "The chosen options resolve in the order they are written.", ("10.5.2.2.1.2",),
                subject=source)
    for i in chosen:
        s = perform(s, log, ins.options[i], master, source)
    return s


def _swap(s, log, ins: Swap, master, source):
    """5.6.1: a battle card of the master's zones and a battle card of their hand change places at once; 5.6.2:
    if either cannot move (none there), nothing. A stack (3.2.3) or a token (it cannot exist in a hand, 9.1.4.1)
    is not offered; a hand card the scenario does not name is never assumed to be a battle card (4.9.2)."""
    pl = s.p(master)
    field = tuple(c.uid for _z, stack in pl.field if len(stack) == 1 for c in stack if not c.token)
    hand = tuple(c.uid for c in pl.known_hand() if c.kind is Kind.BATTLE)
    unnamed = len(pl.hand) - len(pl.known_hand())
    if not field or not hand:
        missing = "battle card in their zones (a lone card, not a token)" if not field else "named battle card in hand"
        log.add("nothing", f"{master} has no {missing}: the swap is not performed." + (
            f" {unnamed} card{_s(unnamed)} of the hand the scenario does not name {'is' if unnamed == 1 else 'are'} "
            "never assumed to be battle cards." if unnamed and not hand else ""), ("5.6.2",) + (("4.9.2",) if unnamed
                                                                                               and not hand else ()),
                subject=source)
        return s
    (out,) = terms.choose_cards(s, log, master, 1, field, f"Which of {master}'s battle cards does \"{source}\" swap?",
                                "5.6.1")
    (into,) = terms.choose_cards(s, log, master, 1, hand, f"Which battle card of {master}'s hand does it swap with?",
                                 "5.6.1")
    i = pl.find_stack(out)
    assert i is not None  # offered from the field above
    z, (card,) = pl.field[i]
    new = next(c for c in pl.known_hand() if c.uid == into)
    k = next(j for j, c in enumerate(pl.hand) if isinstance(c, Card) and c.uid == into)
    pl = but(pl, field=pl.field[:i] + ((z, (new,)),) + pl.field[i + 1:], hand=pl.hand[:k] + pl.hand[k + 1:] + (card,))
    log.add("swap", f"\"{out}\" (zone {z}) and \"{into}\" (hand) swap at once: \"{into}\" is now in zone {z} as a new "
            f"card, \"{out}\" in {master}'s hand. \"{into}\" was not played, so an [Enter] ability does not trigger.",
            ("5.6.1", "4.1.4", "5.11.1", "12.2.2"), subject=source)
    return terms.leaves_field(s.with_p(master, pl), out)


def _counter_until(s, log, ins: CounterUntil, master, source):
    """The battle cards in those zones now get the value until end of turn (10.2.1.2, 10.8.1.5, 7.5.6); a token is
    affected as a card (9.1.1.1); one that leaves the field is no longer (10.8.2)."""
    for who in _players(s, master, ins.who):
        cards = tuple(c for _z, c in s.p(who).battle_tops())
        if not cards:
            log.add("nothing", f"{who} has no battle card: \"{source}\" affects none.", ("1.3.2",), subject=source)
            continue
        s = but(s, modifiers=s.modifiers + tuple(Modifier(who, f"counter:{c.uid}", ins.n, source) for c in cards))
        log.add("modify", f"{who}'s battle cards {', '.join(chr(34) + c.uid + chr(34) for c in cards)} get {ins.n:+d} "
                "counter power until end of turn (the cards there now).", ("10.2.1.2", "10.8.1.5", "7.5.6", "10.8.2")
                + (("9.1.1.1",) if any(c.token for c in cards) else ()), subject=source)
    return s


PERFORM: dict[type, Callable[..., State]] = {CounterUntil: _counter_until, Swap: _swap, Modal: _modal, DiscardUntil: _discard_until, SendTop: _send_top, ForEach: _for_each, Look: _look, Search: _search, Shuffle: _shuffle, PlayToken: _token, NoAdvance: _no_advance, Optional: _optional, Draw: _draw, Discard: _discard, Move: _move, Rage: _rage, DestroyBattle: _destroy, Threat: _threat,
           CounterIt: _counter, DestroySelf: _destroy_self}


def perform(s: State, log: EventLog, steps: tuple, master: str, source: str) -> State:
    for ins in steps:
        s = PERFORM[type(ins)](s, log, ins, master, source)
    return s


replacements.set_performer(perform)  # a replacement's action is performed like any effect's (10.9.1)


def _evolve(s: State, log: EventLog, p: Pending) -> State:
    """12.6.2: the master may search the deck for a battle card with the trait and rank N or less."""
    ab = _ability(p)
    pl = s.p(p.master)
    i = pl.find_stack(p.source)
    if i is None:
        log.add("nothing", f"\"{p.source}\" is no longer on the field: nothing to stack onto.", ("1.3.2",))
        return s
    known = list(known_cards(pl.deck.cards)) + list(pl.deck.unplaced)
    options = tuple(dict.fromkeys(c.uid for c in known if c.kind is Kind.BATTLE and c.rank <= (ab.number or 0)
                                  and ab.trait in c.traits))
    if not options:
        log.add("nothing", f"No card of {p.master}'s deck that the scenario names is a rank {ab.number} or lower "
                f"battle card with the {ab.trait} trait; there is no guarantee one exists: none is revealed.",
                ("12.6.2", "5.8.1.2"))
        return s
    (pick,) = ask(terms.answers(log), Choice(p.master, f"Does {p.master} search for a card with \"{p.source}\"'s Evolution "
                                      "(which, or no)?", options + ("no",), "12.6.2", log.line),
                  lambda a: None if len(a.values) == 1 and a.values[0] in options + ("no",) else
                  f"answer one of {', '.join(options)} or no", default=("no",))
    if pick == "no":
        log.add("decline", f"{p.master} does not search with \"{p.source}\"'s Evolution.", ("12.6.2", "10.5.4"))
        return s
    card = next(c for c in known if c.uid == pick)
    cards = tuple(c for c in pl.deck.cards if not isinstance(c, Card) or c.uid != pick)
    unplaced = tuple(c for c in pl.deck.unplaced if c.uid != pick)
    deck = but(pl.deck, cards=cards, unplaced=unplaced).shuffle()
    z, stack = pl.field[i]
    pl = but(pl, deck=deck, field=pl.field[:i] + ((z, stack + (card,)),) + pl.field[i + 1:])
    log.add("evolve", f"{p.master} reveals \"{pick}\" from their deck and plays it stacked onto \"{p.source}\" in zone "
            f"{z} (moved to a zone, a public area, it is public there: its revealed state ends); the deck is "
            "shuffled.", ("12.6.2", "5.8.1", "5.10.1", "5.10.1.1", "4.1.2.1", "5.17.1", "3.2.5", "5.3.1"), subject=pick)
    return s.with_p(p.master, pl)


def resolve(s: State, log: EventLog, p: Pending, rule: str) -> State:
    log.add("resolve", f"\"{p.source}\"'s {p.label} ability ({p.master}'s) is played and resolves.",
            (rule, "10.6.3", "10.5.2.3.3"), subject=p.source)
    if p.label == "Evolution":
        return _evolve(s, log, p)
    return perform(s, log, _ability(p).steps, p.master, p.source)


def _ability(p: Pending) -> Ability:
    if not isinstance(p.ability, Ability):
        raise TypeError(f"not an ability: {p.ability!r}")
    return p.ability


def _labels(mine: list[Pending]) -> dict[str, Pending]:
    """Each waiting ability by its label: identical ones are interchangeable (one label); different ones with the
    same card and keyword are told apart by their text."""
    abilities_of: dict[str, set[object]] = {}
    for p in mine:
        abilities_of.setdefault(f"{p.source}: {p.label}", set()).add(p.ability)
    by_label: dict[str, Pending] = {}
    for p in mine:
        base = f"{p.source}: {p.label}"
        by_label.setdefault(f"{base} ({_ability(p).text})" if len(abilities_of[base]) > 1 else base, p)
    return by_label


def check_timing(s: State, log: EventLog, rules: tuple[str, ...] = ()) -> State:
    """10.4.3: rule actions until none, then the turn player's standby abilities one at a time, each
    followed by rule actions again; then the non-turn player's."""
    if rules:
        log.add("check", "Check timing.", rules + ("10.4.1", "10.4.3"))
    # No round cap: each round plays one ability in standby, and abilities trigger only from cards moving
    # or phases beginning, a finite supply; the replay's step budget bounds the rest.
    while True:
        s = check_rule_actions(s, log)
        if not s.standby:  # the usual case
            return s
        turn_players = [p for p in s.standby if p.master == s.player]
        who, rule = (s.player, "10.4.3.2") if turn_players else (s.opponent, "10.4.3.3")
        mine = turn_players or [p for p in s.standby if p.master == s.opponent]
        by_label = _labels(mine)
        labels = tuple(by_label)
        if len(labels) == 1:
            pick = mine[0]
        else:
            def named(v: str, by_label=by_label) -> list[str]:
                return [lab for lab, p in by_label.items() if v in (lab, p.source)]

            def valid(a: Answer, named=named, labels=labels) -> str | None:
                return None if len(a.values) == 1 and len(named(a.values[0])) == 1 else \
                    f"choose one of {'; '.join(labels)}"

            (ans,) = ask(terms.answers(log), Choice(who, f"Which of {who}'s automatic abilities in standby is played next?",
                                             labels, "10.6.3.1", log.line), valid)
            pick = by_label[named(ans)[0]]
            log.add("order", f"{who} chooses to play \"{pick.source}\"'s {pick.label} ability next.",
                    (rule, "10.6.3", "10.6.3.1"))
        i = s.standby.index(pick)
        s = but(s, standby=s.standby[:i] + s.standby[i + 1:])
        s = resolve(s, log, pick, rule)


def on_play(s: State, log: EventLog, who: str, card: Card) -> State:
    """Automatic abilities that trigger on playing a card: [Enter] (12.2) and a strategy card's text
    (10.1.1.1.2)."""
    for ab in abilities(card):
        if ab.keyword in ("enter", "strategy"):
            label = "Enter" if ab.keyword == "enter" else "strategy"
            s = but(s, standby=s.standby + (Pending(who, card.uid, ab, label),))
            log.add("trigger", f"\"{card.uid}\"'s {label} ability triggers.",
                    ("12.2.1", "12.2.2", "10.6.2") if ab.keyword == "enter" else ("10.1.1.1.2", "10.6.2"),
                    subject=card.uid)
    return s


def at_beginning(s: State, log: EventLog, phase: str, rule: str) -> State:
    """The 'at the beginning of your PHASE phase' trigger condition (7.2.1, 7.3.1, 7.4.1, 7.5.1)."""
    who = s.player
    pl = s.p(who)
    # the battle cards (tops), the strategy cards, the invading monster: those with text (the others have no
    # ability to trigger)
    sources = [cards[-1] for _z, cards in pl.field if cards and cards[-1].effects]
    sources += [c for c, _t in pl.strategy if c.effects]
    if pl.top is not None and pl.top.effects:
        sources.append(pl.top)
    for card in sources:
        for ab in abilities(card):
            if ab.keyword in ("beginning", "base") and ab.phase == phase:
                s = but(s, standby=s.standby + (Pending(who, card.uid, ab, f"beginning of {phase} phase"),))
                log.add("trigger", f"\"{card.uid}\"'s 'at the beginning of your {phase} phase' ability triggers.",
                        (rule, "10.6.2") + (("12.9.2",) if ab.keyword == "base" else ()), subject=card.uid)
            elif ab.keyword == "evolution" and phase == "main" and card.kind is Kind.BATTLE:
                s = but(s, standby=s.standby + (Pending(who, card.uid, ab, "Evolution"),))
                log.add("trigger", f"\"{card.uid}\"'s Evolution triggers at the beginning of the main phase.",
                        (rule, "12.6.1", "12.6.2", "10.6.2"), subject=card.uid)
    return s


def on_invading(s: State, log: EventLog, who: str) -> State:
    top = s.p(who).top
    if top is None:
        return s
    for ab in abilities(top):
        if ab.keyword == "when invading":
            s = but(s, standby=s.standby + (Pending(who, top.uid, ab, "When invading"),))
            log.add("trigger", f"\"{top.uid}\"'s When invading ability triggers: it advanced from an invasion.",
                    ("12.3.1", "12.3.2", "10.6.2"), subject=top.uid)
    return s
