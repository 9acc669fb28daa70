"""Playing and resolving abilities (chapter 10): the check timing (10.4.3), automatic abilities in
standby (10.6), and performing the effect AST's instructions one at a time."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core import Answer, Choice, EventLog, ask
from judge_app.engine.monster import replacements, terms
from judge_app.engine.monster.cardtext import abilities
from judge_app.engine.monster.effects import (
    Ability,
    CounterIt,
    DestroyBattle,
    DestroySelf,
    Discard,
    Draw,
    Move,
    NoAdvance,
    Optional,
    PlayToken,
    Rage,
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
    (yes,) = ask(terms.answers(log), Choice(master, f"Does {master} perform \"{source}\"'s optional action (yes or no)?",
                                     ("yes", "no"), "10.5.4", log.line),
                 lambda a: None if len(a.values) == 1 and a.values[0] in ("yes", "no") else "answer yes or no",
                 default=("no",))
    if yes == "no":
        log.add("decline", f"{master} chooses not to perform \"{source}\"'s optional action.", ("10.5.4",))
        return s
    log.add("accept", f"{master} chooses to perform \"{source}\"'s optional action.", ("10.5.4",))
    return perform(s, log, ins.steps, master, source)


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


PERFORM: dict[type, Callable[..., State]] = {PlayToken: _token, NoAdvance: _no_advance, Optional: _optional, Draw: _draw, Discard: _discard, Move: _move, Rage: _rage, DestroyBattle: _destroy, Threat: _threat,
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
    sources: list[tuple[Card, str]] = [(c, "field") for _z, c in pl.battle_tops()]
    sources += [(c, "strategy") for c, _t in pl.strategy]
    if pl.top is not None:
        sources.append((pl.top, "monster"))
    for card, _where in sources:
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
