"""Effects in play: activation, the waiting effects, resolution, directives, targets (chapter 8).

Procedures report what happened with `emit(state, log, [Ev, …])` (one call = one moment: every
triggered effect whose event is among them activates once, 8-6-2, 8-6-3) and call `settle` at the
points where the rules resolve waiting effects. `settle` resolves the most recent activation first
(8-5-2-4); when several activated at the same moment, the turn player chooses (asked unless the
scenario says, or unless every order gives the same board). A position that repeats while effects
resolve is an infinite loop (12-1-1): a draw when nobody can end it, otherwise the player who can
declares how many times it is performed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from judge_app.engine.bss import cardast as fx_registry
from judge_app.engine.bss import deck as deck_pile
from judge_app.engine.bss import delayed, laststate, once, selguard
from judge_app.engine.bss import rules as R
from judge_app.engine.bss.cardnodes import PayCores
from judge_app.engine.bss.immunity import IMMUNE, immunity
from judge_app.engine.bss.state import (
    PLAYERS,
    Activation,
    Applied,
    AppliedKind,
    Card,
    CardType,
    Level,
    Player,
    Stage,
    State,
    other,
    replace_card,
    without,
)
from judge_app.engine.bss.view import (
    View,
    blocker_refused,
    card_effects,
    cond_holds,
    first_attacker,
    match_info,
    printed_keywords,
    views,
)
from judge_app.engine.bss.vocab import (
    FIRST_ATTACKER,
    HIGHEST,
    Allow,
    AttackSpirit,
    Cores,
    Destroy,
    Discard,
    Draw,
    Effect,
    Exhaust,
    Feast,
    Forbid,
    Gain,
    Keyword,
    Mill,
    ModBP,
    Place,
    Refresh,
    Return,
    Sel,
    SetBP,
    SetLevel,
    SummonToken,
    TokenSpec,
    Trigger,
    condition_sel,
    hand_cards_text,
)
from judge_app.engine.core import (
    Answer,
    Answers,
    Choice,
    EventLog,
    GameOver,
    LastKnown,
    NeedsChoice,
    OrderPolicy,
    Undetermined,
    Unsupported,
    Verdict,
    VerdictKind,
    Waiting,
    ask,
    charge,
    choose_replacement,
)
from judge_app.engine.core import settle as settle_queue
from judge_app.engine.core.budget import spent, within
from judge_app.engine.core.events import Event
from judge_app.engine.core.evolve import evolve

MAX_RESOLUTIONS = 3000


@dataclass(frozen=True, slots=True)
class Ev:
    """Something that happened, for triggered effects: kind, the cards, whose, caused by whom."""

    kind: str  # summoned attacks blocks blocked destroyed exhausted refreshed step_start turn_end battle_end life_reduced
    cards: tuple[str, ...] = ()
    player: str | None = None  # whose cards / life / turn
    by: str | None = None  # destroyed: the player who destroyed it; life_reduced: the attacking player
    step: str | None = None
    damage: bool = False  # life reduced by applying damage (11-7-1)
    battle: bool = False  # destroyed: by comparing BP (7-1-5-2-1)
    effect: bool = False  # destroyed: because of an effect (10-1-2; Cause kind "effect")
    area: str | None = None  # magic_used / magic_resolved: where the magic card was used from (10-8-1)
    card_type: str | None = None  # s13 bssmech, returned: "spirit" / "nexus", the card that left the field


@dataclass(frozen=True, slots=True)
class Cause:
    """Why a card is destroyed: "battle", "rule", "effect", or the owner's own action ("self")."""

    kind: str
    by: str | None = None
    source: str | None = None
    source_type: CardType | None = None
    destruction_effect: bool = False  # 10-14-1: an effect worded "destroy"


@dataclass
class Ctx:
    """Working memory for one declared action (it is replayed from scratch on every run)."""

    lki: LastKnown[View] = field(default_factory=LastKnown)  # 8-10: last state on the field
    optional: list[tuple[str, tuple, tuple[str, ...]]] = field(default_factory=list)  # (player, key, values)
    settling: bool = False
    plan: dict | None = None  # 12-1-1-2 / 12-1-1-3: the declared loop
    tentative: list = field(default_factory=list)  # "may" questions answered by a loop count still to come
    sims: dict = field(default_factory=dict)  # (state, answers position, first) -> conclusive simulation result
    depth: int = 0  # simulation depth (order of simultaneous effects)
    # Recording sandbox runs so the chosen order's run is adopted instead of resolved again (`_order`):
    runs: dict[int, _Run] = field(default_factory=dict)  # first activation -> its run, for the current `_order`
    adopt: _Run | None = None  # the run the queue's next resolution takes over
    positions: set[State] = field(default_factory=set)  # positions the active `_settle` has seen (12-1)
    steps: int = 0  # resolutions the active `_settle` has begun
    faithful: bool = True  # False once an order here was decided in a way that depends on the depth
    nested_work: int = 0  # budget work charged by the sandboxes started from here


@dataclass(frozen=True, slots=True)
class _Run:
    """A sandbox's conclusive run with `first` resolving first: enough to take it over in the main log, as
    if it had been resolved there (its steps, answers taken, working memory, the work it charged)."""

    state: State  # the position it started from
    pos: int  # the answers' position it started from
    end: State
    events: tuple[Event, ...]
    pos_end: int
    taken: tuple[tuple[Choice, Answer | None], ...]
    lki: LastKnown[View]
    optional: list[tuple[str, tuple, tuple[str, ...]]]
    tentative: list
    positions: frozenset[State]
    steps: int
    work: int  # budget work it charged itself (not its own sandboxes')


def ctx(log: EventLog) -> Ctx:
    c = log.scratch.get("bss")
    if c is None:
        c = log.scratch["bss"] = Ctx()
    return c


def q(uid: str | None) -> str:
    return f'"{uid}"'


def find_field(state: State, uid: str) -> tuple[str, Card] | None:
    for who in PLAYERS:
        c = state.p(who).find(uid)
        if c is not None:
            return who, c
    return None


def view_or_lki(state: State, log: EventLog, uid: str) -> View | None:
    v = views(state).get(uid)
    if v is not None:
        return v
    return ctx(log).lki.recall(uid)


def remember(state: State, log: EventLog, uid: str) -> None:
    """8-10-1: keep the card's last state on the field before it moves."""
    v = views(state).get(uid)
    if v is not None:
        ctx(log).lki.remember(uid, v.owner, v)
        laststate.remember_soul(state, log, uid)  # s16 bss: whose soul core was on it, with its last state


# ---------------------------------------------------------------------------------------------
# Asking


def may(state: State, log: EventLog, player: str, question: str, rule: str, key: tuple,
        options: tuple[str, ...] = ("yes", "no"), decline: str = "no") -> tuple[str, ...]:
    """An optional decision (8-1-8). Follows a declared loop (12-1-1-2), takes the scenario's answer, or
    asks; with `assume unmentioned options are declined` an unanswered one is declined."""
    c = ctx(log)
    plan = c.plan
    if plan is not None and key in plan["loop_values"]:
        if player not in plan["enders"] or plan["iter"] <= plan["count"].get(player, 0):
            vals = plan["loop_values"][key]
        else:
            vals = (decline,)
            if not plan.get("ended"):
                plan["ended"] = True
                log.add("loop-end", f"{player} ends the loop: they decline ({question}).", (plan["rule"],))
        c.optional.append((player, key, vals))
        return vals
    answers: Answers | None = log.answers
    head = answers.peek(player) if answers is not None else None
    if head is not None and len(head.values) == 1 and head.values[0].isdigit() and "yes" in options \
            and not any(o.isdigit() for o in options):
        # A number answers the loop count (12-1-1-2): the player goes on looping until it is asked. If no
        # loop comes, the question was not answered after all (checked when resolution ends).
        vals = ("yes",)
        c.tentative.append(Choice(player, question, options, rule, log.line))
    else:
        def valid(a) -> str | None:
            v = tuple(x.lower() if x.lower() in ("yes", "no") else x for x in a.values)
            return None if len(v) == 1 and v[0] in options else f"answer one of: {', '.join(options)}"

        vals = ask(answers, Choice(player, question, options, rule, log.line), valid, default=(decline,))
        vals = tuple(x.lower() if x.lower() in ("yes", "no") else x for x in vals)
    c.optional.append((player, key, vals))
    return vals


def by_assumption(log: EventLog) -> str:
    """Said in a step when the last decision was not answered but declined by `assume unmentioned options
    are declined`: the engine never says a player chose what the scenario did not say."""
    ans: Answers | None = log.answers
    if ans is not None and ans.taken and ans.taken[-1][1] is None:
        return " (the scenario does not answer; it assumes that options it does not mention are declined)"
    return ""


def choose_cards(state: State, log: EventLog, player: str, question: str, eligible: list[str], n: int,
                 up_to: bool, rule: str = "8-5-3") -> tuple[str, ...]:
    def valid(a) -> str | None:
        vals = a.values
        if len(set(vals)) != len(vals):
            return "a card is chosen twice"
        bad = [v for v in vals if v not in eligible]
        if bad:
            return f'"{bad[0]}" cannot be chosen (legal: {", ".join(q(e) for e in eligible)})'
        if up_to and len(vals) > n or (not up_to and len(vals) != n):
            return f"choose {'up to ' if up_to else ''}{n}"
        return None

    opts = tuple(eligible) + (("none",) if up_to else ())

    def valid2(a) -> str | None:
        if up_to and tuple(x.lower() for x in a.values) in (("none",), ("nothing",), ("0",)):
            return None
        return valid(a)
    vals = ask(log.answers, Choice(player, question, opts, rule, log.line, pick=n), valid2)
    if up_to and tuple(x.lower() for x in vals) in (("none",), ("nothing",), ("0",)):
        return ()
    return tuple(vals)


# ---------------------------------------------------------------------------------------------
# Activation (triggers)


def _trigger_matches(state: State, t: Trigger, owner: str, uid: str, card: Card, ev: Ev) -> tuple[str, ...] | None:
    """The cards of the event the trigger answers to ("that spirit"), or None if it does not match."""
    def rel(p: str | None) -> bool:
        return t.whose == "any" or (t.whose == "you" and p == owner) or (t.whose == "opponent" and p is not None
                                                                        and p != owner)

    k = t.event
    # s17 bss: "When the first spirit attacks each turn": the first attack declared this turn (rules.declare_attack)
    if k != ev.kind or t.first and state.attacked != ev.cards:
        return None
    if k in ("step_start", "turn_end"):
        if k == "step_start" and t.step != ev.step:
            return None
        return () if rel(state.player) or t.whose == "self" and state.player == owner else None
    if k in ("magic_used", "magic_resolved"):  # s8-bssrealb: a magic card used (10-8), by that player, from the hand
        return ev.cards if rel(ev.player) and (t.any_area or ev.area == "hand") else None
    if k == "battle_end":
        if t.whose == "self":
            return (uid,) if uid in ev.cards else None
        return ev.cards
    if k == "life_increased":  # s19 bss: "when your life increases", whoever's effect placed the cores there
        return () if rel(ev.player) else None
    if k == "life_reduced":
        return _life_reduced_matches(t, uid, ev) if rel(ev.player) else None
    if k == "discarded":  # s13 bssmech: "When you discard a card [from your hand]" (10-2-1)
        return ev.cards if rel(ev.player) and (t.any_area or ev.area == "hand") else None
    if k == "returned":  # s13 bssmech: "When one of your opponent's spirits returns to their hand [or deck]"
        return ev.cards if rel(ev.player) and ev.card_type in t.kinds and (t.any_area or ev.area == "hand") else None
    if t.whose == "self":
        if uid not in ev.cards:
            return None
        if t.by_opponent and not (ev.by is not None and ev.by != owner):
            return None
        if t.by_effect and not ev.effect:  # s13 bssmech: "when this spirit is destroyed / exhausted by an effect"
            return None
        if k == "summoned" and _field_kind(state, uid) not in t.kinds:  # "When Placed": a nexus's only (10-7)
            return None
        return (uid,)
    if not rel(ev.player):
        return None
    if t.by_opponent and not (ev.by is not None and ev.by != ev.player):
        return None
    if t.by_effect and not ev.effect:  # "destroyed by an effect" (10-1-2); s13 bssmech: "exhausted by an effect"
        return None
    if t.destroyer is not None and not _destroyed_by(state, t.destroyer, owner, uid, ev):
        return None
    if t.that_destroyer and state.battle is not None:  # s13 bss: the spirit that destroyed (7-1-5-2-1)
        b = state.battle
        return (b.blocker if ev.cards[0] == b.attacker else b.attacker,)  # type: ignore[return-value]
    hits = [c for c in ev.cards if _field_kind(state, c) in t.kinds]
    return tuple(hits) if hits else None


def _life_reduced_matches(t: Trigger, uid: str, ev: Ev) -> tuple[str, ...] | None:
    """A life-reduced trigger of the player whose life it is: who or what reduced it, and by which attack."""
    if t.by_opponent and ev.by in (None, ev.player) or t.by_effect and ev.damage:  # s13 bssmech: "by your
        return None  # opponent" (their attack or effect), "by your opponent's effect" (not an attack's damage)
    if t.attack is None:
        return ()
    if not ev.damage:  # 7-1-5-3-1: only the damage of an attack is a spirit reducing life by its attack
        return None
    return ev.cards if t.attack == "any" else ((uid,) if uid in ev.cards else None)


def _field_kind(state: State, uid: str) -> str:
    loc = find_field(state, uid)
    return "nexus" if loc is not None and loc[1].type is CardType.NEXUS else "spirit"


def _destroyed_by(state: State, destroyer: Sel, owner: str, uid: str, ev: Ev) -> bool:
    """7-1-5-2-1: the card of `ev` was destroyed by comparing BP with the other battling spirit, which `destroyer`
    describes (this card, or a spirit as it is at that moment: still on the field, 10-1-3-3)."""
    b = state.battle
    if not ev.battle or b is None or b.blocker is None:
        return False
    winner = b.blocker if ev.cards[0] == b.attacker else b.attacker
    if destroyer.ref is not None:
        return destroyer.ref == "this" and winner == uid
    v = views(state).get(winner)
    souls = frozenset(s for s in (state.a.soul, state.b.soul) if s) if destroyer.soul is not None else None  # 4-11-1
    return v is not None and match_info(destroyer, v.card, v.owner, owner, uid, bp=v.bp,
                                        keywords={k.name for k in v.keywords}, level=v.level, souls=souls)


# The events a keyword (`_keyword_triggers`, 【Immortal】, 【Agile】) can answer to.
_KEYWORD_EVENTS = frozenset({"attacks", "blocked", "life_reduced", "battle_end", "destroyed"})


def _heard(state: State, kinds: set[str]) -> bool:
    """Whether any effect of a card on the field or set as a burst (at any level) has a trigger for one of
    the event `kinds`: a superset of the effects `collect` could activate, read without the views."""
    for who in PLAYERS:
        pl = state.p(who)
        for c in pl.field + pl.burst:
            if not c.effects:
                continue
            for eff in card_effects(c):
                for t in eff.triggers:
                    if t.event in kinds:
                        return True
    return False


def collect(state: State, log: EventLog, events: list[Ev]) -> list[Activation]:
    acts: list[Activation] = []
    index: dict[tuple[str, str], list[int]] = {}  # (card, effect text) -> positions in `acts`
    order = (state.player, other(state.player))
    kinds = {e.kind for e in events}
    if kinds.isdisjoint(_KEYWORD_EVENTS) and not _heard(state, kinds):
        # Nothing can answer these events (e.g. a card exhausted, with no "when exhausted" effect anywhere):
        # the same scan's work is charged, without computing the views of a board nothing reads.
        for who in order:
            pl = state.p(who)
            charge(len(pl.field) + len(pl.burst) + len(pl.trash) + len(pl.hand))
        return []
    vs = views(state)

    def add(who: str, uid: str, eff: Effect, card: Card, that: tuple[str, ...], kind: str) -> None:
        # One activation per (card, effect), in first-activation order. Looked up by the effect's text, then
        # compared (equal effects have equal texts): an effect's hash walks its whole syntax tree.
        slots = index.setdefault((uid, eff.text), [])
        for i in slots:
            old = acts[i]
            if old.effect == eff:  # 8-6-3: fulfilled several times at once, it activates once
                merged = old.that + tuple(x for x in that if x not in old.that)
                acts[i] = evolve(old, that=merged)
                return
        slots.append(len(acts))
        acts.append(Activation(who, uid, eff, card, that, kind))

    def fire(who: str, card: Card, eff: Effect, kind: str) -> None:
        _fire(state, events, add, who, card, eff, kind, log)

    for who in order:
        pl = state.p(who)
        charge(len(pl.field) + len(pl.burst) + len(pl.trash) + len(pl.hand))  # the cards scanned below
        for c in pl.field:
            v = vs.get(c.uid)
            if v is None:
                continue
            for eff in v.effects:
                if eff.kind == "triggered":
                    fire(who, c, eff, "trigger")
            if v.keywords:  # every keyword trigger below needs one (most cards have none)
                _keyword_triggers(state, who, c, v, events, add)
        # Below, a card without effect text has no effect to activate (`card_effects` is empty): skipped.
        for c in pl.burst:  # 10-9-1: bursts activate when their condition is fulfilled
            for eff in card_effects(c):
                if eff.kind == "burst":
                    fire(who, c, eff, "burst")
        for c in pl.trash:  # 11-4-1: 【Immortal】 in the trash
            if c.effects and c.type is CardType.SPIRIT:
                _immortal_triggers(state, log, who, c, events, add)
        for c in pl.hand:  # 11-16-1: 【Agile】 in the hand
            if c.effects:
                _agile_triggers(vs, who, c, events, add)
    return acts


def _fire(state: State, events: list[Ev], add: Callable[..., None], who: str, card: Card, eff: Effect,
          kind: str, log: EventLog | None = None) -> None:
    """Activate `eff` once for each of its trigger conditions the events fulfil. A triggered effect printed
    under a condition ("(During Your Attack Step) When …") is active only while it holds (8-3-3); an event
    about "one of your <described> spirits" matches the cards as they last were (destroyed ones too)."""
    if eff.condition and not cond_holds(state, who, card.uid, eff.condition):
        return
    for t in eff.triggers:
        for ev in events:
            that = _trigger_matches(state, t, who, card.uid, card, ev)
            if that is not None and t.sel is not None and log is not None:
                fit = tuple(x for x in (ev.cards if t.that_destroyer else that)  # s13 bss: the destroyed fit `sel`
                            if _lki_match(state, log, t.sel, x, who))
                that = (that if t.that_destroyer else fit) if fit else None
            if that is not None:
                add(who, card.uid, eff, card, that, kind)


def _immortal_triggers(state: State, log: EventLog, who: str, c: Card, events: list[Ev], add: Callable[..., None]) -> None:
    """11-4-1: a spirit card with 【Immortal】 in the trash, when spirits of its owner fitting it are destroyed."""
    for eff in card_effects(c):
        if eff.keyword is None or not eff.is_("Immortal"):
            continue
        cond = condition_sel(eff.keyword.arg)
        for ev in events:
            if ev.kind == "destroyed" and ev.player == who:
                hits = tuple(x for x in ev.cards if x != c.uid and _lki_match(state, log, cond, x, who))
                if hits:
                    add(who, c.uid, eff, c, hits, "keyword")


def _agile_triggers(vs: dict[str, View], who: str, c: Card, events: list[Ev], add: Callable[..., None]) -> None:
    """11-16-1: a card with 【Agile】 in the hand, at the end of a battle of a cheaper spirit of its owner."""
    for eff in card_effects(c):
        if not eff.is_("Agile"):
            continue
        for ev in events:
            if ev.kind != "battle_end":
                continue
            for uid in ev.cards:  # the attacker or the blocker: "one of your spirits" (11-16-1)
                v = vs.get(uid)
                if v is not None and v.owner == who and v.card.cost < c.cost:
                    add(who, c.uid, eff, c, (uid,), "keyword")


def _lki_match(state: State, log: EventLog, sel: Sel, uid: str, controller: str) -> bool:
    v = views(state).get(uid) or ctx(log).lki.recall(uid)
    if v is None:
        return False
    return match_info(sel, v.card, v.owner, controller, None, bp=v.bp, keywords={k.name for k in v.keywords})


def _largest(kws: tuple[Keyword, ...]) -> Keyword:
    return max(kws, key=lambda k: k.number)


def _keyword_triggers(state: State, who: str, c: Card, v: View, events: list[Ev], add) -> None:
    def kw_effect(k: Keyword) -> Effect:
        return Effect(text=k.text(), kind="keyword", keyword=k)

    for ev in events:
        if ev.kind == "attacks" and ev.cards == (c.uid,):
            if v.all_kw("Crush"):  # 11-11-4: only the largest modifier
                add(who, c.uid, kw_effect(_largest(v.all_kw("Crush"))), c, (c.uid,), "keyword")
            if v.all_kw("Raid"):  # 11-12-3: only the highest number of times
                k = _largest(v.all_kw("Raid"))
                used = dict(state.raid_used).get(c.uid, 0)
                if used < k.number:
                    add(who, c.uid, kw_effect(k), c, (c.uid,), "keyword")
        if ev.kind == "attacks" and ev.player == who and ev.cards and ev.cards[0] != c.uid and v.has("Link"):
            att = ev.cards[0]
            av = views(state).get(att)
            k = v.all_kw("Link")[0]
            if av is not None and match_info(condition_sel(k.arg), av.card, who, who, None, bp=av.bp,
                                             keywords={x.name for x in av.keywords}):
                add(who, c.uid, kw_effect(k), c, (att,), "keyword")
        if ev.kind == "blocked" and ev.cards == (c.uid,) and v.all_kw("Gale"):  # 11-10-3: the largest
            add(who, c.uid, kw_effect(_largest(v.all_kw("Gale"))), c, (c.uid,), "keyword")
        if ev.kind == "life_reduced" and ev.damage and ev.cards == (c.uid,) and v.has("Blessed"):
            add(who, c.uid, kw_effect(v.all_kw("Blessed")[0]), c, (c.uid,), "keyword")  # 11-7-2: one only
        if ev.kind == "battle_end" and ev.cards and ev.cards[0] == c.uid and v.has("Luster"):
            add(who, c.uid, kw_effect(v.all_kw("Luster")[0]), c, (c.uid,), "keyword")


_TRIGGER_RULES = {"attacks": ("7-1-1-2", "10-11-1"), "blocks": ("7-1-3-2", "10-11-1"), "destroyed": ("10-1-3-3", "10-15-1"),
                  "step_start": (), "turn_end": ("6-8-1-1",), "battle_end": ("7-1-6-1",),
                  "magic_used": ("10-8-1", "10-8-7"), "magic_resolved": ("10-8-8",),
                  "links": ("11-18-1",)}  # s20 bss: "(When This Spirit Links)"
_STEP_RULES: dict[str | None, tuple[str, ...]] = {"start": ("6-2-1",), "core": ("6-3-1",), "draw": ("6-4-1",), "refresh": ("6-5-1",),
               "main": ("6-6-1-1",), "attack": ("6-7-3-1",), "end": ("6-8-1-1",)}
_KW_RULES = {"Crush": ("11-11-1",), "Raid": ("11-12-1",), "Gale": ("11-10-1",), "Blessed": ("11-7-1",),
             "Luster": ("11-6-1",), "Link": ("11-18-1", "11-18-2"), "Immortal": ("11-4-1",), "Agile": ("11-16-1",)}


def emit(state: State, log: EventLog, events: list[Ev]) -> State:
    """These events happened at one moment: activate every triggered effect they fulfil (one batch)."""
    acts = collect(state, log, events)
    kept = []
    for a in acts:
        if a.effect.cost and a.kind != "burst":
            why = cost_blocked(state, log, a, a.effect.cost)
            if why:
                log.add("nothing", f"{q(a.source)}: \"{a.effect.text}\" would activate, but its cost cannot be paid "
                                   f"({why}), so it does not activate.", ("8-4-2-3", "8-4-2-4"), subject=a.source)
                continue
        kept.append(a)
    state, acts = once.screen(state, log, kept)  # s12 bssonce: per-turn limits
    if not acts:
        return state
    kinds = {e.kind for e in events}
    for a in acts:
        eff = a.effect
        if a.kind == "keyword":
            assert eff.keyword is not None
            rules = _KW_RULES.get(eff.keyword.name, ()) + ("8-6-2",)
            what = eff.keyword.text()
        else:
            mine = [t.event for t in eff.triggers if t.event in kinds]
            rules = ("8-6-1", "8-6-2", "8-1-5") + tuple(dict.fromkeys(r for k in mine for r in _TRIGGER_RULES.get(k, ())))
            rules += ("8-3-3",) if eff.condition else ()
            rules += ("4-11-1",) if any(c.kind in ("soul", "soul_on") for c in eff.condition) else ()  # s20 bss
            rules += ("7-1-5-3-1",) if any(t.attack for t in eff.triggers if t.event in kinds) else ()
            rules += ("4-11-1",) if any(t.destroyer and t.destroyer.soul is not None for t in eff.triggers) else ()
            if "step_start" in mine:
                rules += tuple(_STEP_RULES.get(e.step, ()) for e in events if e.kind == "step_start")[0]
            what = f'"{eff.text}"'
        many = len(a.that) > 1 and a.kind != "keyword" and not (eff.triggers and eff.triggers[0].whose == "self")
        if many:
            rules += ("8-6-3",)
        note = f" (its condition is fulfilled {len(a.that)} times at once, so it activates once)" if many else ""
        if a.kind == "burst":
            log.add("trigger", f'{a.controller}\'s burst "{a.source}" can activate: {what}.', ("10-9-1", "10-9-3"),
                    subject=a.source)
        else:
            log.add("trigger", f'{q(a.source)}: {what} activates and waits to be resolved{note}.', rules,
                    subject=a.source)
    return evolve(state, pending=state.pending + (tuple(acts),))


# ---------------------------------------------------------------------------------------------
# Resolution


def _label(a: Activation) -> str:
    return f'{q(a.source)}: "{a.effect.text}"'


def settle(state: State, log: EventLog) -> State:
    """Resolve waiting effects until none waits (8-5-2-4), with loop detection (12-1)."""
    c = ctx(log)
    if c.settling or not state.pending:
        return state
    c.settling = True
    try:
        state = _settle(state, log, c)
    finally:
        c.settling = False
    if c.tentative and c.depth == 0:
        raise NeedsChoice(c.tentative[0])
    return state


def _settle(state: State, log: EventLog, c: Ctx) -> State:
    c.positions, c.steps = set(), 0

    def restart(st: State) -> bool:
        if c.depth and log.answers is not None and log.answers.rejected:
            raise _Misfit  # a sandbox whose answers were rejected is a misfit however it goes on (`_sandbox`)
        c.positions.add(st)  # every position the queue sees, and how many (for adopting a sandbox's run)
        c.steps += 1
        if c.plan is not None and st == c.plan["key"]:
            c.plan["iter"] += 1  # one more time through the declared loop (12-1-1-2)
            return True
        return False

    return settle_queue(state, log, get=_waiting, put=_with_waiting, policy=OrderPolicy.MOST_RECENT_FIRST,
                        choose=_order, resolve=_resolve_next, restart=restart,
                        on_repeat=lambda st, first: _loop(st, log, c, first),
                        mark=lambda: (len(log), len(c.optional)), limit=MAX_RESOLUTIONS)


def _waiting(state: State) -> Waiting[Activation]:
    return Waiting(state.pending)


def _with_waiting(state: State, w: Waiting[Activation]) -> State:
    return evolve(state, pending=w.batches)


def _loop(state: State, log: EventLog, c: Ctx, first: object) -> State:
    """12-1-1: the position repeats while effects resolve (`first`: the mark of its first sight, (log length,
    optional decisions so far))."""
    assert isinstance(first, tuple)
    mark, opt0 = first
    decisions = c.optional[opt0:]
    enders = sorted({p for p, _k, _v in decisions}, key=lambda p: p != state.player)
    if c.plan is not None:
        raise Undetermined("the infinite loop goes on after the declared number of repetitions", state)
    if not enders:
        log.add("loop", "The same position repeats while effects resolve and no player has a choice that ends it: "
                        "an infinite loop neither player can end, so the game is a draw.", ("12-1-1", "12-1-1-1"))
        raise GameOver(Verdict(VerdictKind.DRAW, None, "an infinite loop that neither player can end (12-1-1-1)"),
                       state)
    rule = "12-1-1-2" if len(enders) == 1 else "12-1-1-3"
    counts: dict[str, int] = {}
    for p in enders:
        def valid(a) -> str | None:
            return None if len(a.values) == 1 and a.values[0].isdigit() else "declare a whole number of times"
        vals = ask(log.answers, Choice(p, f"The same position repeats: an infinite loop that {p} can end. How many "
                                          f"times does {p} perform the looping action before ending it?",
                                       ("0", "1", "2", "3", "…"), rule, log.line), valid)
        counts[p] = int(vals[0])
    c.tentative.clear()
    low = min(counts.values())
    ender = next(p for p in enders if counts[p] == low)  # the turn player first on a tie
    loop_values: dict[tuple[Any, ...], tuple[str, ...]] = {}
    for _p, k, v in decisions:
        loop_values.setdefault(k, v)
    log.truncate(mark)
    who = " and ".join(enders)
    decl = "; ".join(f"{p} declares {counts[p]}" for p in enders)
    log.add("loop", f"The same position repeats while effects resolve: an infinite loop (12-1-1) that {who} can end. "
                    f"{decl}: the looping action is performed {low} time{'s' * (low != 1)}, then {ender} ends it.",
            ("12-1-1", rule), facts=(("loop_ender", ender), ("count", low)))
    # The position now is the position where the loop began: perform it again `low` times, then end it.
    c.plan = {"key": state, "count": {ender: low}, "enders": {ender}, "iter": 0, "loop_values": loop_values,
              "rule": rule}
    c.optional = c.optional[:opt0]
    return state


def _order(state: State, log: EventLog, batch: tuple[Activation, ...]) -> int:
    """8-5-2-4: simultaneous activations; the turn player chooses which resolves first."""
    p = state.player
    labels = [_label(a) for a in batch]
    c = ctx(log)
    if c.depth >= 2 and len(batch) <= 4:
        c.faithful = False  # a shallower run would simulate here (see `_Run`)
    if c.depth < 2 and len(batch) <= 4:
        # Try each first effect in a sandbox. An order under which the scenario's answers do not fit is
        # not the order the scenario describes; if all the others lead to the same board, the choice
        # cannot change the answer, so it is not asked.
        c.runs = {}
        results = []
        for i in range(len(batch)):
            results.append(_simulate(state, log, i))
            if results[-1] is None:  # inconclusive: the order is asked (or answered) whatever the others give
                break
        if None in results:
            c.faithful = False  # inconclusive here, perhaps conclusive in a shallower run
        fitting = [i for i, r in enumerate(results) if r is not None and r != "misfit"]
        if None not in results and fitting and len({results[i] for i in fitting}) == 1:
            first = fitting[0]
            note = ("every order leads to the same result" if len(fitting) == len(batch)
                    else "only this order fits the answers given")
            answers = log.answers
            head = answers.peek(p) if answers is not None else None
            unused = answers is not None and results[first][2] == answers.pos
            idx = _match_activation(batch, head.values) if head is not None and unused else None
            if idx is not None and idx in fitting:  # the scenario orders them anyway: follow it
                assert answers is not None
                answers.take(Choice(p, "order", (), "8-5-2-4"), lambda a: None)
                first, note = idx, f"{p} chooses this order (it does not change the result)"
            log.add("order", f"Effects activated at the same time wait: {'; '.join(labels)}. {p}, the player taking "
                             f"their turn, chooses the order; {note}, so {labels[first]} resolves first.",
                    ("8-5-2-4",), facts=(("effect_order_chooser", p),))
            c.adopt = _adoptable(state, log, c, c.runs.get(first))
            return first
    answers = log.answers
    head = answers.peek(p) if answers is not None else None
    if head is not None:
        idx = _match_activation(batch, head.values)
        if idx is not None:
            assert answers is not None
            answers.take(Choice(p, "order", (), "8-5-2-4"), lambda a: None)
            log.add("order", f"{p}, the player taking their turn, chooses to resolve {labels[idx]} first.",
                    ("8-5-2-4",), facts=(("effect_order_chooser", p),))
            return idx
    raise NeedsChoice(Choice(p, f"Effects activated at the same time: which does {p} resolve first?",
                             tuple(labels), "8-5-2-4", log.line))


def _match_activation(batch: tuple[Activation, ...], values: tuple[str, ...]) -> int | None:
    if len(values) != 1:
        return None
    v = values[0]
    hits = [i for i, a in enumerate(batch) if v in (a.source, _label(a), a.effect.text)]
    if len(hits) == 1:
        return hits[0]
    hits = [i for i, a in enumerate(batch) if a.source == v and a.kind == "keyword"] or hits
    return hits[0] if len(hits) >= 1 and all(batch[h].source == v for h in hits) and len(hits) == 1 else None


class _Misfit(Exception):
    """Raised inside a sandbox once one of its answers was rejected: whatever happens after, `_sandbox` would
    call the run a misfit, so it stops there instead of resolving the rest."""


def _simulate(state: State, log: EventLog, first: int):
    """Resolve everything waiting with activation `first` of the top batch first, in a sandbox."""
    c = ctx(log)
    ans: Answers | None = log.answers
    key = (state, ans.pos if ans else 0, first)
    hit = c.sims.get(key)
    if hit is not None:
        return hit
    out = _simulate_run(state, log, first, c, ans)
    if out is not None:  # conclusive results are the same whatever the depth they were found at
        c.sims[key] = out
    return out


def _simulate_run(state: State, log: EventLog, first: int, c: Ctx, ans: Answers | None):
    w0 = spent()
    try:
        return _sandbox(state, log, first, c, ans)
    finally:
        c.nested_work += spent() - w0


def _sandbox(state: State, log: EventLog, first: int, c: Ctx, ans: Answers | None):
    w0 = spent()
    sand = EventLog()
    sand.line = log.line
    main_tick = log.on_append
    if callable(main_tick):  # the time budget covers the sandbox too
        sand.on_append = main_tick  # the same hook (a forwarding lambda was one more call per step)
    sand.answers = Answers(items=ans.items, decline_optional=ans.decline_optional, pos=ans.pos) if ans else None
    sc = Ctx(lki=c.lki.copy(), optional=list(c.optional), depth=c.depth + 1, sims=c.sims)
    sand.scratch["bss"] = sc
    batch = state.pending[-1]
    rest = batch[:first] + batch[first + 1:]
    st = evolve(state, pending=state.pending[:-1] + ((rest,) if rest else ()))
    try:
        sc.settling = True
        end = _settle(resolve_one(st, sand, batch[first]), sand, sc)
        verdict = None
    except GameOver as e:
        assert isinstance(e.state, State)
        end, verdict = e.state, e.verdict
    except (NeedsChoice, Undetermined, R.Rejected):
        return "misfit" if sand.answers is not None and sand.answers.rejected else None
    except _Misfit:
        return "misfit"
    if sand.answers is not None and sand.answers.rejected:
        return "misfit"
    pos_end = sand.answers.pos if sand.answers else 0
    if verdict is None and sc.faithful and sc.plan is None and all(ev.cause is None for ev in sand.events):
        c.runs[first] = _Run(state, ans.pos if ans else 0, end, tuple(sand.events), pos_end,
                             tuple(sand.answers.taken) if sand.answers else (), sc.lki, sc.optional, sc.tentative,
                             frozenset(sc.positions), sc.steps, spent() - w0 - sc.nested_work)
    return (end, verdict, pos_end)


def _adoptable(state: State, log: EventLog, c: Ctx, run: _Run | None) -> _Run | None:
    """`run` if taking it over gives exactly what resolving the same order again would: it started here, from
    the answers as they stand; replaying it would not repeat a position seen before it (12-1) or pass the
    resolution cap; and the budget's caps would not be reached on the way."""
    if run is None or run.state is not state or c.plan is not None:
        return None
    pos = log.answers.pos if log.answers is not None else 0
    if pos != run.pos or c.steps + run.steps > MAX_RESOLUTIONS or not run.positions.isdisjoint(c.positions):
        return None
    return run if within(run.work, len(log) + len(run.events)) else None


def _resolve_next(state: State, log: EventLog, act: Activation) -> State:
    """The queue's resolution step: `act` resolves, or the sandbox's run of it (and of everything that waits
    after it) is taken over when `_order` found one to adopt."""
    c = ctx(log)
    run, c.adopt = c.adopt, None
    if run is None:
        return resolve_one(state, log, act)
    ticks = len(run.events) if callable(log.on_append) else 0  # the steps below are charged as they are logged
    charge(run.work - ticks)
    for ev in run.events:
        log.add(ev.kind, ev.text, ev.rules, line=ev.line, subject=ev.subject, facts=ev.facts)
    if log.answers is not None:
        log.answers.pos = run.pos_end
        log.answers.taken.extend(run.taken)
    c.lki, c.optional = run.lki, run.optional
    c.tentative.extend(run.tentative)
    c.positions |= run.positions
    c.steps += run.steps
    return run.end


def resolve_one(state: State, log: EventLog, act: Activation) -> State:
    if act.kind == "keyword":
        import judge_app.engine.bss.keywords as kw_module
        return kw_module.resolve(state, log, act)
    if act.kind == "burst":
        return _resolve_burst(state, log, act)
    if act.kind == "magic":
        log.add("resolve", f'The magic effect of {q(act.source)} resolves: "{act.effect.text}".', ("10-8-8", "8-5-2-4"),
                subject=act.source)
        state = run_effect(state, log, act)
        pl = state.p(act.controller)
        state = state.with_p(act.controller, evolve(pl, trash=pl.trash + (act.card,)))
        log.add("trash", f'{q(act.source)} has resolved and goes to {act.controller}\'s trash.', ("10-8-8", "3-4-1"),
                subject=act.source)
        return emit(state, log, [Ev("magic_resolved", (act.source,), act.controller, area="hand")])  # s8-bssrealb
    log.add("resolve", f'{_label(act)} resolves.', ("8-5-2-4", "8-5-1") + (("1-3-7",) if len(act.effect.body) > 1 else ()),
            subject=act.source)
    state = run_effect(state, log, act, asked=act.kind == "activated")
    if act.kind == "trigger" and act.card.type is CardType.SPIRIT and any(
            t.event == "summoned" and t.whose == "self" for t in act.effect.triggers):
        # 10-9-1: a burst "when opponent resolves a spirit's 'When Summoned' effect" answers to this event
        state = emit(state, log, [Ev("summon_resolved", (act.source,), act.controller)])
    return state


# ---------------------------------------------------------------------------------------------
# Substitution (8-9, 10-1-3-2)


def _substitutions(state: State, log: EventLog, who: str, uid: str, cause: Cause | None) -> list[Activation]:
    """The substitution effects on the field that can replace the destruction of `uid` (8-9-1)."""
    vs = views(state)
    found: list[Activation] = []
    for w in PLAYERS:
        for c in state.p(w).field:
            v = vs.get(c.uid)
            if v is None:
                continue
            for eff in v.effects:
                if eff.kind != "substitution":
                    continue
                if eff.condition and not cond_holds(state, w, c.uid, eff.condition):  # s13 bssmech, 8-3-3
                    continue
                sub = eff.subst
                assert sub is not None
                tv = vs.get(uid)
                if sub.sel.ref == "this":
                    if c.uid != uid:
                        continue
                elif tv is None or not match_info(sub.sel, tv.card, who, w, c.uid, bp=tv.bp,
                                                  keywords={k.name for k in tv.keywords}):
                    continue
                if sub.by_opponent and not (cause is not None and cause.by is not None and cause.by != who
                                            or cause is not None and cause.kind == "battle" and not sub.effects_only):
                    continue
                if sub.effects_only and (cause is None or cause.kind != "effect"):
                    continue  # "by an opposing effect": the words name effects, not a battle (10-14-1 by analogy)
                act = Activation(w, c.uid, eff, c, (uid,), "substitution")
                if (eff.cost or eff.body) and cost_blocked(state, log, act, eff.cost + eff.body):
                    continue  # 8-4-2-3 (its effect cost, s19) and by analogy: a replacement that cannot be performed
                if once.spent(state, act):  # s19 bss: "Once per turn, when … would be destroyed, …" (once.py)
                    log.add("no-trigger", f'"{c.uid}": "{eff.text}" is limited to {eff.once} and has been applied this '
                                          f"turn already, so it cannot replace this destruction ({once.DECIDED}).",
                            once.RULES, subject=c.uid)
                    continue
                found.append(act)
    return found


def substitute(state: State, log: EventLog, who: str, uid: str, cause: Cause | None) -> tuple[State, bool]:
    """Before a destruction is confirmed: apply one substitution effect, chosen by the card's controller
    (8-9-2, 8-9-2-1); the destruction then never happens (8-9-1-1). Returns (state, kept on the field)."""
    found = _substitutions(state, log, who, uid, cause)
    if not found:
        return state, False
    labels = [_label(a) for a in found]
    mandatory = [a for a in found if not a.effect.optional]
    opts = tuple(labels) + (() if mandatory else ("none",))
    pick: Activation | None
    if len(opts) == 1:
        pick = found[0]
    else:
        if len(found) == 1:
            vals = may(state, log, found[0].controller, f'{q(uid)} would be destroyed: does {found[0].controller} apply '
                                                        f'the substitution effect {labels[0]}?', "8-9-1",
                       ("subst", found[0].source, found[0].effect.text, uid))
            pick = found[0] if vals[0] == "yes" else None
        else:
            idx = choose_replacement(log.answers, who, f'{q(uid)} would be destroyed: which substitution effect '
                                     f'does {who} apply (only one can be)?', labels, mandatory=bool(mandatory),
                                     rule="8-9-2-1", line=log.line,
                                     match=lambda vals: _match_activation(tuple(found), vals))
            pick = None if idx is None else found[idx]
            log.add("choose", f"{who}, who controls {q(uid)}, chooses the substitution effect to apply.",
                    ("8-9-2", "8-9-2-1", "8-9-3"), facts=(("substitution_chooser", who),))
    if pick is None:
        log.add("decline", f"No substitution effect is applied to the destruction of {q(uid)}{by_assumption(log)}.",
                ("8-9-1",))
        return state, False
    state = once.substituted(state, log, pick)  # s19 bss: a limited substitution's use of the turn
    log.add("substitute", f'{q(uid)} would be destroyed; {_label(pick)} applies instead, so it is not destroyed.',
            ("8-9-1", "8-9-1-1", "10-1-3-2", "10-5-1") + (("8-9-3",) if len(found) > 1 else ())
            + (("8-3-3",) if pick.effect.condition else ()), subject=uid)  # s13 bssmech: its conditions hold
    prev: tuple[str, ...] = (uid,)
    if pick.effect.cost:  # s19 bss: "you may <cost> to <directive> instead": the effect cost first (8-4-1, 8-4-2-1)
        log.add("cost", f"{pick.controller} pays the effect cost of {_label(pick)}.", ("8-4-1", "8-4-2", "8-4-2-1"),
                subject=pick.source)
    for d in pick.effect.cost + pick.effect.body:
        state, prev, _changed = directive(state, log, pick, d, prev)
    return state, True


def run_effect(state: State, log: EventLog, act: Activation, *, asked: bool = False) -> State:
    """The directives of a resolving effect, with its optional part and its cost (8-4, 8-1-8)."""
    eff: Effect = act.effect
    if eff.cost:
        why = cost_blocked(state, log, act, eff.cost)
        if why:
            for d in eff.cost[:1]:  # s18 bss: "<directive>. If you do, …" read as a cost: the answer says so (DoneFirst)
                if type(d).__name__ == "DoneFirst":
                    directive(state, log, act, d, ())
            log.add("nothing", f"The cost of {q(act.source)}'s effect cannot be paid ({why}), so it does not "
                               "activate.", ("8-4-2-3", "8-4-2-4"), subject=act.source)
            return state
    if eff.optional and not asked:
        what = "pay the cost and use" if eff.cost else "use"
        ans = may(state, log, act.controller, f'Does {act.controller} {what} the effect of {q(act.source)} '
                                             f'("{eff.text}")?', "8-1-8", ("may", act.source, eff.text, act.that))
        if ans[0] != "yes":
            note = by_assumption(log)
            log.add("decline", f"{act.controller} does not use the optional effect of {q(act.source)}{note}."
                    if note else f"{act.controller} chooses not to use the optional effect of {q(act.source)}.",
                    ("8-1-8",), subject=act.source)
            return state
        log.add("accept", f"{act.controller} chooses to use the optional effect of {q(act.source)}.", ("8-1-8",),
                subject=act.source)
    prev: tuple[str, ...] = delayed.carried(state, log, act)  # a delayed directive's "it" (engine/bss/delayed.py)
    if eff.cost:
        log.add("cost", f"{act.controller} pays the effect cost of {q(act.source)}.", ("8-4-1", "8-4-2", "8-4-2-1"),
                subject=act.source)
        for d in eff.cost:
            state, prev, changed = directive(state, log, act, d, prev)
            state = R.manage(state, log, self_by=act.controller, changed=changed)
    for d in eff.body:
        state, prev, changed = directive(state, log, act, d, prev)
        own = changed if isinstance(d, SummonToken) else frozenset()  # the player's own placement (10-6-7)
        state = R.manage(state, log, self_by=act.controller if own else None, changed=own,
                         cause=Cause("effect", act.controller, act.source, act.card.type, isinstance(d, Destroy)))
    if eff.chain is not None:  # 11-15
        state, prev = run_chain(state, log, act, eff.chain[0], eff.chain[1], prev)
    return state


def run_chain(state: State, log: EventLog, act: Activation, color: str, extra: tuple,
              prev: tuple[str, ...]) -> tuple[State, tuple[str, ...]]:
    """11-15: a 【Chain】 continues the effect when its controller possesses a symbol of its color."""
    have = [s for c in state.p(act.controller).field for s in views(state)[c.uid].symbols
            if color in s.split("/")]
    if have:
        log.add("chain", f"【Chain: {color}】 of {q(act.source)}: {act.controller} has a {color} symbol, so it "
                         "continues the effect.", ("11-15-1", "11-15-2", "11-15-3"), subject=act.source)
        for d in extra:
            state, prev, _changed = directive(state, log, act, d, prev)
            state = R.manage(state, log, cause=Cause("effect", act.controller, act.source, act.card.type,
                                                      isinstance(d, Destroy)))
    else:
        log.add("nothing", f"【Chain: {color}】 of {q(act.source)} is not active: {act.controller} has no {color} "
                           "symbol.", ("11-15-3",), subject=act.source)
    return state, prev


def _resolve_burst(state: State, log: EventLog, act: Activation) -> State:
    """10-9: a set burst whose condition was fulfilled may be activated at will, without paying its cost."""
    who = act.controller
    pl = state.p(who)
    card = next((c for c in pl.burst if c.uid == act.source), None)
    if card is None:
        log.add("nothing", f'The burst "{act.source}" is no longer set, so it cannot activate.', ("10-9-3",))
        return state
    ans = may(state, log, who, f'Does {who} activate the burst "{act.source}" ("{act.effect.text}")?', "10-9-3",
              ("burst", act.source, act.effect.text))
    if ans[0] != "yes":
        log.add("decline", f'{who} does not activate the burst "{act.source}"{by_assumption(log)}.', ("10-9-3",),
                subject=act.source)
        return state
    state = state.with_p(who, evolve(pl, burst=without(pl.burst, act.source)))
    log.add("burst", f'{who} turns over the burst "{act.source}" and activates it without paying its cost.',
            ("8-5-2-1", "10-9-2"), subject=act.source)
    state = run_effect(state, log, act, asked=True)
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, trash=pl.trash + (card,)))
    log.add("trash", f'The burst "{act.source}" has resolved and goes to the trash.', ("10-9-4",), subject=act.source)
    return state


def cost_blocked(state: State, log: EventLog, act: Activation, cost: tuple) -> str | None:
    """8-4-2-3: an effect cost can be paid only if every part of it can be."""
    for d in cost:
        if isinstance(d, (Exhaust, Refresh)) and d.sel.ref == "this":
            loc = find_field(state, act.source)
            if loc is None:
                return f"{q(act.source)} is not on the field"
            if isinstance(d, Exhaust) and loc[1].exhausted:
                return f"{q(act.source)} is already exhausted"
            if isinstance(d, Refresh) and not loc[1].exhausted:
                return f"{q(act.source)} is already refreshed"
        elif isinstance(d, Cores) and d.n is not None:
            have = _count_at(state, log, act, d.src, d.soul)
            if have is not None and have < d.n:
                return f"only {have} core{'s' * (have != 1)} can be moved"
        elif isinstance(d, PayCores) and d.soul:  # s22-bssA, 4-11-1: the soul core, on the field or in the reserve
            if state.p(act.controller).soul in ("trash", "void", "life"):
                return f"{act.controller}'s soul core is in the {state.p(act.controller).soul}"
        elif isinstance(d, PayCores):  # s21 bss: from the field or the reserve (10-8-6)
            pl = state.p(act.controller)
            have = pl.reserve + sum(c.cores for c in pl.field)
            if have < d.n:
                return f"{act.controller} has only {have} core{'s' * (have != 1)} on the field and in the reserve"
        elif isinstance(d, Discard):
            who = act.controller if d.who == "you" else other(act.controller)
            have = state.p(who).hand_count if d.cards is None else len(_discardable(state, act, who, d.cards))
            if have < d.n:
                return f"{who} has only {have} {'card(s)' if d.cards is None else hand_cards_text(d.cards)} in hand"
        elif isinstance(d, (Exhaust, Destroy, Return)) and d.sel.selects:
            if len(_candidates(state, log, act, d.sel)) < (d.sel.count or 0):
                return "not enough cards can be chosen"
    return None


# ---------------------------------------------------------------------------------------------
# Targets


def armor_blocks(state: State, act: Activation, v: View) -> bool:
    """11-5-1: a spirit with 【Armor】 cannot be selected by its opponent's effects of the listed colors."""
    from judge_app.engine.bss.vocab import armor_colors
    if v.owner == act.controller or v.card.type is not CardType.SPIRIT:
        return False
    colors = set(act.card.colors)
    return any(armor_colors(k) & colors for k in v.all_kw("Armor"))


def _candidates(state: State, log: EventLog, act: Activation, sel: Sel) -> list[str]:
    out = []
    if sel.bp_vs is not None:  # s13 bss, 2-10-2: "with BP equal to or less than this spirit's BP": its BP now
        sv = views(state).get(act.source) if act.source else None
        if sv is None or sv.bp is None:  # this card is not on the field (or has no BP): no BP to compare with
            return []
        op, n = {"<": ("<=", sv.bp - 1), ">": (">=", sv.bp + 1)}.get(sel.bp_vs, (sel.bp_vs, sv.bp))
        sel = evolve(sel, bp=(op, n), bp_vs=None)
    souls = frozenset(s for s in (state.a.soul, state.b.soul) if s) if sel.soul is not None else None  # 4-11-1
    bt = state.battle  # 7-1: "one of your attacking or blocking spirits"
    battle = (bt.attacker, bt.blocker) if bt else (None, None)
    for uid, v in views(state).items():
        if match_info(sel, v.card, v.owner, act.controller, act.source, bp=v.bp,
                      keywords={k.name for k in v.keywords}, souls=souls, level=v.level, battle=battle,
                      symbols=v.symbols):
            out.append(uid)
    return out


def _referred(state: State, act: Activation, sel: Sel, prev: tuple[str, ...]) -> tuple[str, ...]:
    if sel.ref == "this":
        return (act.source,)
    if sel.ref == "that":
        return act.that
    if sel.ref == "it":
        return prev
    if sel.ref in FIRST_ATTACKER:  # s17 bss: the first spirit that attacked this turn, if it is on the field
        uid = first_attacker(state)[sel.ref == FIRST_ATTACKER[1]]
        return (uid,) if uid and find_field(state, uid) is not None else ()
    b = state.battle
    if sel.ref == "linked":  # s20 bss2, 11-18-1: the spirit this one is linked to in this battle (none once unlinked, 11-18-4)
        return tuple(target for linker, target in (b.links if b else ()) if linker == act.source)[:1]
    uid = (b.attacker if sel.ref == "attacker" else b.blocker) if b else None
    return (uid,) if uid else ()


def unaffected(state: State, log: EventLog, act: Activation, uids: list[str] | tuple[str, ...]) -> list[str]:
    """The cards of `uids` that `act`'s effect cannot affect ("is not affected by opposing effects", 1-3-3),
    each logged; a card no longer on the field is left to the directive."""
    vs = views(state)
    out = []
    for u in uids:
        v = vs.get(u)
        shield = immunity(v.forbid, v.owner, act.controller, act.card.type) if v is not None else None
        if shield is not None:
            log.add("prevent", f"{q(u)} cannot {shield}: {q(act.source)}'s effect does not affect it (an active "
                               "restriction beats the instruction).", ("1-3-3", "1-3-1"), subject=u)
            out.append(u)
    return out


def _none_fits(log: EventLog, act: Activation, verb: str, cards: tuple[str, ...]) -> tuple[str, ...]:
    """s10-fix: every card described ("all …", "your blocking spirit", "it") when none is there: the action is not
    performed (1-3-2), and the answer says so (it said nothing: the execution audit, judge_app/cardtext_execaudit.py)."""
    if not cards:
        log.add("nothing", f"No card fits what {q(act.source)}'s effect describes, so it has nothing to {verb}: "
                           "that action is not performed.", ("1-3-2",), subject=act.source)
    return cards


def select(state: State, log: EventLog, act: Activation, sel: Sel, verb: str, prev: tuple[str, ...]) -> tuple[str, ...]:
    """The cards a directive is about: a reference, every card described, or a selection (8-5-3)."""
    if sel.ref is not None:
        refs = _referred(state, act, sel, prev)
        shielded = unaffected(state, log, act, refs)
        return _none_fits(log, act, verb, tuple(u for u in refs if u not in shielded))
    if sel.cores_read and sel.cores is not None:
        n = sel.cores[1]
        cores = f'{n} core{"s" * (n != 1)}'
        log.add("note", f'The text counts {cores} on a card without "only" or "or more": the rules do not say whether that '
                        f'means exactly {n} or at least {n}; the engine decides exactly {n}, as "with only {cores} on it" '
                        "reads.", ("4-11-1",), subject=act.source)
    cands = _candidates(state, log, act, sel)
    shielded = unaffected(state, log, act, cands)
    cands = [u for u in cands if u not in shielded]
    if sel.count is None:
        return _none_fits(log, act, verb, tuple(cands))
    vs = views(state)
    armored = [u for u in cands if armor_blocks(state, act, vs[u])]
    eligible = [u for u in cands if u not in armored]
    rules = ("8-5-3",) + (("11-5-1",) if armored else ())
    note = (f" ({', '.join(q(u) for u in armored)} cannot be selected: 【Armor】 against "
            f"{'/'.join(act.card.colors) or 'colorless'})" if armored else "")
    kept = selguard.guarded(vs, eligible, act.controller, act.card.type, selguard.SELECTED)
    if kept:  # "cannot be selected by the effects of your opponent's spirits" (1-3-3, selguard.py)
        eligible = [u for u in eligible if u not in kept]
        rules += ("1-3-3",)
        note += (f" ({', '.join(q(u) for u in kept)} cannot be selected by the effects of {act.controller}'s "
                 f"{act.card.type.value} cards: an active restriction beats the instruction)")
    # s11 bss, 8-5-3-2: "any number of": as many as the chooser wishes among those that can be chosen, none included
    n = len(eligible) if sel.any_number else sel.count
    who = act.controller if sel.chooser is None else other(act.controller)  # "your opponent selects …"
    if not eligible:
        log.add("targets", f"No card can be chosen for {q(act.source)}'s effect{note}: everything tied to that "
                           "target is ignored.", rules + ("8-5-3-4",), subject=act.source, facts=(("eligible", ()),))
        return ()
    if not sel.up_to and len(eligible) <= n:
        short = len(eligible) < n
        log.add("targets", f"{who} must choose {n} for {q(act.source)}'s effect and "
                           f"{'only ' if short else ''}{len(eligible)} can be chosen: "
                           f"{', '.join(q(u) for u in eligible)}{note}.",
                rules + (("8-5-3-1", "8-5-3-3") if short else ("8-5-3-1",)), subject=act.source,
                facts=(("eligible", tuple(eligible)),))
        answers = log.answers
        head = answers.peek(who) if answers is not None else None
        if head is not None and set(head.values) == set(eligible):  # the scenario confirms the only choice
            assert answers is not None
            answers.take(Choice(who, "targets", tuple(eligible), "8-5-3"), lambda a: None)
        return tuple(eligible)
    chosen = choose_cards(state, log, who,
                          f'Which {"any number of" if sel.any_number else ("up to " if sel.up_to else "") + str(n)} '
                          f'card{"s" * (n != 1 or sel.any_number)} does {who} choose '
                          f'for {q(act.source)} ("{act.effect.text}")?', eligible, n, sel.up_to)
    rules += ("8-5-3-2",) if sel.up_to else ("8-5-3-1",)
    log.add("targets", f"{who} chooses {', '.join(q(u) for u in chosen) or 'nothing'} for "
                       f"{q(act.source)}'s effect (could choose: {', '.join(q(u) for u in eligible)}){note}.",
            rules, subject=act.source, facts=(("eligible", tuple(eligible)), ("chosen", chosen)))
    return chosen


# ---------------------------------------------------------------------------------------------
# Directives


def _named_area(state: State, log: EventLog, act: Activation, d: Return, uid: str) -> None:
    """s11 bss, 4-2-4: "return it to your opponent's hand" names a player's area; a card another player owns goes to
    its owner's area all the same, and the answer says so."""
    loc = find_field(state, uid) if d.named is not None else None
    if loc is None or loc[0] == _who(act, d.named or "you"):
        return
    area = "hand" if d.to == "hand" else "deck"
    log.add("owner", f"{q(uid)} belongs to {loc[0]}: the text names {_who(act, d.named or 'you')}'s {area}, and a card "
                     f"an effect moves to an area other than the field goes to its owner's {area} (4-2-4).",
            ("4-2-4",), subject=act.source)


def _who(act: Activation, w: str) -> str:
    return act.controller if w in ("you", "owner") else other(act.controller)


def applied_value(d: ModBP | SetBP | SetLevel | Gain | Forbid | Allow) -> tuple[AppliedKind, int | str]:
    """What a continuous directive leaves in the state once its effect resolved (8-8-1): its kind and value."""
    if isinstance(d, ModBP):
        return AppliedKind.BP_PLUS, d.amount
    if isinstance(d, SetBP):
        return AppliedKind.BP_SET, d.value
    if isinstance(d, SetLevel):
        return AppliedKind.LEVEL_SET, d.level
    if isinstance(d, Gain):
        return AppliedKind.GAIN, d.keyword.text()
    if isinstance(d, Allow):  # s21 bss
        return AppliedKind.ALLOW, d.what
    return AppliedKind.FORBID, d.what


# How the log words a continuous directive, and the rules that make it apply.
_APPLIED_TEXT: dict[AppliedKind, Callable[[Any], str]] = {
    AppliedKind.BP_PLUS: lambda n: f"{n:+d} BP", AppliedKind.BP_SET: lambda n: f"BP set to {n}",
    AppliedKind.LEVEL_SET: lambda n: "treated as its highest level" if n == HIGHEST else f"treated as LV{n}",
    AppliedKind.GAIN: lambda kw: f"gains {kw}",
    AppliedKind.FORBID: lambda what: f"cannot {what}",
    AppliedKind.ALLOW: lambda what: f"can {what}",  # s21 bss
    AppliedKind.SYMBOL: lambda cols: "gains " + " and ".join(f"one {c} symbol" for c in str(cols).split(","))}  # s19
_APPLIED_RULES = {AppliedKind.BP_PLUS: ("8-8-1-3-5",), AppliedKind.BP_SET: ("8-8-1-3-4",),
                  AppliedKind.LEVEL_SET: ("8-8-1-3-2",), AppliedKind.GAIN: ("8-8-1-2",),
                  AppliedKind.FORBID: ("8-8-1-2",), AppliedKind.ALLOW: ("8-8-1-2", "1-3-1"), AppliedKind.SYMBOL: ("8-8-1-2", "2-8-1")}
_CHANGES_BP = frozenset({AppliedKind.BP_PLUS, AppliedKind.BP_SET, AppliedKind.LEVEL_SET})


def directive(state: State, log: EventLog, act: Activation, d, prev: tuple[str, ...]):
    """Perform one directive: (state, the cards it was about, the cards whose cores changed)."""
    src = q(act.source)
    changed: frozenset[str] = frozenset()
    if isinstance(d, Draw):
        players = PLAYERS if d.who == "each" else (_who(act, d.who),)
        for p in players:
            state = draw(state, log, p, d.n, f"{src}'s effect")
        return state, prev, changed
    if isinstance(d, Mill):
        p = _who(act, d.who)
        return mill(state, log, p, d.n, f"{src}'s effect"), prev, changed
    if isinstance(d, Discard):
        if d.who != "each":
            return discard(state, log, act, _who(act, d.who), d.n, d.cards), prev, changed
        # "Each player discards": every player does; the player taking their turn chooses first (1-3-4).
        first = state.player
        log.add("each", f"{src}'s effect makes each player discard {d.n}: {first}, the player taking their turn, "
                        f"chooses first, then {other(first)}.", ("1-3-4",), subject=act.source)
        for p in (first, other(first)):
            state = discard(state, log, act, p, d.n, d.cards)
        return state, prev, changed
    if isinstance(d, (Destroy, Exhaust, Refresh, Return, AttackSpirit)):
        chosen = select(state, log, act, d.sel, type(d).__name__.lower(), prev)
        if isinstance(d, Destroy):
            items = []
            for uid in chosen:
                loc = find_field(state, uid)
                if loc is None:
                    log.add("nothing", f'{q(uid)} is no longer on the field, so it is not destroyed.', ("1-3-2",))
                    continue
                items.append((loc[0], uid, f"falls to {src}'s destruction effect", ("10-14-1", "10-1-2"), False))
            cause = Cause("effect", act.controller, act.source, act.card.type, True)
            state = R.destroy_all(state, log, items, cause)
        elif isinstance(d, (Exhaust, Refresh)):
            state = set_orientation(state, log, chosen, exhausted=isinstance(d, Exhaust), why=f"{src}'s effect",
                                    by=act.controller)
        elif isinstance(d, Return):
            for uid in chosen:
                _named_area(state, log, act, d, uid)
                state = R.leave_field(state, log, uid, d.to, why=f"{src}'s effect")
        else:
            state = attack_spirit(state, log, act, chosen)
        return state, chosen, changed
    if isinstance(d, (ModBP, SetBP, SetLevel, Gain, Forbid, Allow)):
        state, chosen = _continuous(state, log, act, d, prev, src)
        return state, chosen, changed
    if isinstance(d, Cores):
        order = [c.uid for w in PLAYERS for c in state.p(w).field]
        state, changed = move_cores(state, log, act, d, prev)
        if d.src.kind == "card" and d.src.sel is not None and d.src.sel.ref is None:
            # s20 bss: cores taken from the cards a description names ("from each of your opponent's spirits"): those
            # cards are what the directive chose, for "… for each spirit destroyed by this effect" (9-3-2-1)
            return state, tuple(u for u in order if u in changed), changed
        return state, prev, changed
    if isinstance(d, SummonToken):
        made = []
        before = {c.uid: c.cores for c in state.p(act.controller).field}
        for _ in range(d.n):
            state, uid = summon_token(state, log, act.controller, d.spec, d.from_void, f"{src}'s effect")
            made.append(uid)
        # cards the player took the token's cores from: a card left short by that is self-destroyed (9-3-2)
        changed = frozenset(c.uid for c in state.p(act.controller).field if c.cores < before.get(c.uid, 0))
        return state, tuple(made), changed
    if isinstance(d, Feast):
        import judge_app.engine.bss.keywords as kw_module
        for n in range(d.times):  # s20 bss2, 11-17-1: "twice / three times": each activation sees the one before's tokens
            if d.times > 1:
                log.add("resolve", f"【Feast】 of {src}: activation {n + 1} of {d.times}.", ("11-17-1",),
                        subject=act.source)
            state = kw_module.feast(state, log, act, d)
        return state, prev, changed
    return fx_registry.perform(state, log, act, d, prev)


def _continuous(state: State, log: EventLog, act: Activation, d: Any, prev: tuple[str, ...], src: str,
                applied: tuple[AppliedKind, int | str] | None = None) -> tuple[State, tuple[str, ...]]:
    """A continuous directive of a resolved effect: it applies to the cards chosen now (8-8-1-4); `applied`: its kind and
    value, for a directive `applied_value` does not know (s19 bss: a symbol gained, cardexec.gain_symbol_now)."""
    chosen = select(state, log, act, d.sel, "affect", prev)
    chosen = tuple(u for u in chosen if find_field(state, u) is not None)
    if not chosen:
        log.add("nothing", f"{src}'s effect has no card to apply to.", ("1-3-2",), subject=act.source)
        return state, chosen
    dur = d.duration or "field"
    if dur == "battle" and state.battle is None:
        log.add("nothing", f"{src}'s effect lasts during this battle, and there is no battle: it does nothing.",
                ("1-3-2",), subject=act.source)
        return state, chosen
    kind, value = applied if applied is not None else applied_value(d)
    text, rules = _APPLIED_TEXT[kind](value), _APPLIED_RULES[kind]
    ap = Applied(kind, value, chosen, dur, act.controller, act.source)
    state = evolve(state, continuous=state.continuous + (ap,))
    until = {"turn": " during this turn", "battle": " during this battle", "field": "",
             "next refresh": " during its controller's next refresh step",  # s14 bss (norefresh.py)
             "opponent next turn": f" until the end of {other(act.controller)}'s next turn"}[dur]  # s16 bss (rules._next_turn)
    log.add("continuous", f"{', '.join(q(u) for u in chosen)}: {text}{until} ({src}'s effect).",
            rules + ("8-8-1-4", "8-2-2-2-1") + (("6-8-1-2",) if dur in ("turn", "opponent next turn") else ("7-1-6-2",) if dur == "battle"
                                                 else ("6-5-2", "1-3-1") if dur == "next refresh" else ()),
            subject=chosen[0])
    if kind is AppliedKind.FORBID and str(value).startswith(IMMUNE):
        _earlier_effects_stay(state, log, act, chosen)
    for u in chosen:
        v = views(state).get(u)
        if v is not None and v.bp is not None and kind in _CHANGES_BP:
            log.add("bp", f"{q(u)} is now LV{v.level}, {v.bp} BP" + (f" ({'; '.join(v.layers)})" if v.layers else "")
                    + ".", ("8-8-1", "8-8-1-3-1"), subject=u)
    return state, chosen


def _earlier_effects_stay(state: State, log: EventLog, act: Activation, chosen: tuple[str, ...]) -> None:
    """A restriction on the opponent's effects does not undo their resolved effects already applying."""
    earlier = [ap for ap in state.continuous if ap.controller != act.controller and set(ap.targets) & set(chosen)]
    if earlier:
        log.add("note", f"Effects of {other(act.controller)} that already apply to "
                        f"{', '.join(q(u) for u in chosen)} ({', '.join(q(ap.source) for ap in earlier)}) keep applying: "
                        "they fixed the cards they apply to when they resolved, and the rules do not say a later "
                        "restriction undoes that; the engine decides so.", ("8-8-1-4", "1-3-3"), subject=chosen[0])


def draw(state: State, log: EventLog, p: str, n: int, why: str) -> State:
    pl = state.p(p)
    if n <= 0:
        log.add("nothing", "Drawing zero cards does nothing.", ("4-5-3", "1-3-2-3"))
        return state
    deck = R._need_deck(state, p, "4-5-2")
    k = min(n, deck)
    state = state.with_p(p, deck_pile.draw(pl, k)[0])
    short = f" (only {k} card{'s' * (k != 1)} left in the deck)" if k < n else ""
    log.add("draw", f"{p} draws {k} card{'s' * (k != 1)} by {why}{short} (hand {pl.hand_count} → {pl.hand_count + k}).",
            ("4-5-2", "4-5-3") + (("1-3-2",) if k < n else ()))
    return state


def mill(state: State, log: EventLog, p: str, n: int, why: str) -> State:
    pl = state.p(p)
    deck = R._need_deck(state, p, "10-2-1")
    k = min(n, deck)
    pl, named = deck_pile.mill(pl, k)
    state = state.with_p(p, pl)
    short = f" (only {k} left)" if k < n else ""
    short += f"; named: {', '.join(q(c.uid) for c in named)}" if named else ""
    log.add("mill", f"{k} card{'s' * (k != 1)} from the top of {p}'s deck {'are' if k != 1 else 'is'} discarded to "
                    f"{p}'s trash by {why}{short} (deck {deck} → {deck - k}).",
            ("10-2-1",) + (("1-3-2",) if k < n else ()), facts=(("milled", k),))
    state = discarded(state, log, p, tuple(c.uid for c in named), k, "deck")
    return state


def _discardable(state: State, act: Activation, p: str, cards: Sel) -> list[str]:
    """The hand cards of `p` a discard described by `cards` may take (10-2-2); a hand holding cards the scenario
    does not name cannot be judged (one of them may or may not fit), and the engine never invents a card."""
    pl = state.p(p)
    if pl.hand_unknown:
        raise Unsupported(f"{q(act.source)}'s effect discards {hand_cards_text(cards)} from {p}'s hand, and the scenario "
                          f"does not name {pl.hand_unknown} of its cards: the engine never invents a card",
                          subject=act.source, hint=f"name the cards of the hand on `{p} hand:` lines")
    # 10-13-2: a hand card has the keywords printed on it ("discard a spirit card with Link")
    return [c.uid for c in pl.hand
            if match_info(cards, c, p, act.controller, None, bp=None, keywords=printed_keywords(c))]


def discard(state: State, log: EventLog, act: Activation, p: str, n: int, cards: Sel | None = None) -> State:
    """10-2: `p` discards `n` cards of their choice from their hand (only those fitting `cards`, when given)."""
    if cards is not None:
        return _discard_described(state, log, act, p, n, cards)
    pl = state.p(p)
    k = min(n, pl.hand_count)
    chosen: tuple[str, ...] = ()
    if pl.hand and k:
        opts = [c.uid for c in pl.hand] + (["an undescribed card"] if pl.hand_unknown else [])
        if len(opts) == 1 or k == pl.hand_count:
            chosen = tuple(c.uid for c in pl.hand)[:k]
        else:
            chosen = choose_cards(state, log, p, f"Which {k} card{'s' * (k != 1)} does {p} discard?",
                                  opts, k, False, "10-2-2")
    named = [c for c in pl.hand if c.uid in chosen]
    unknown = k - len(named)
    pl = evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in chosen), hand_unknown=pl.hand_unknown - unknown,
                 trash=pl.trash + tuple(named), trash_unknown=pl.trash_unknown + unknown)
    log.add("discard", f"{p} discards {k} card{'s' * (k != 1)} from their hand"
                       + (f" ({', '.join(q(c.uid) for c in named)})" if named else "") + ".",
            ("10-2-1", "10-2-2") + (("1-3-2",) if k < n else ()))
    return discarded(state.with_p(p, pl), log, p, tuple(c.uid for c in named), k, "hand")


def _discard_described(state: State, log: EventLog, act: Activation, p: str, n: int, cards: Sel) -> State:
    pl, what = state.p(p), hand_cards_text(cards)
    opts = _discardable(state, act, p, cards)
    k = min(n, len(opts))
    chosen = tuple(opts) if k == len(opts) else choose_cards(
        state, log, p, f"Which {k} {what} does {p} discard?", opts, k, False, "10-2-2")
    named = [c for c in pl.hand if c.uid in chosen]
    pl = evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in chosen), trash=pl.trash + tuple(named))
    log.add("discard", f"{p} discards {k} {what} from their hand"
                       + (f" ({', '.join(q(c.uid) for c in named)})" if named else f": they hold no {what}") + ".",
            ("10-2-1", "10-2-2") + (("1-3-2",) if k < n else ()))
    return discarded(state.with_p(p, pl), log, p, tuple(c.uid for c in named), k, "hand")


def discarded(state: State, log: EventLog, p: str, uids: tuple[str, ...], k: int, area: str) -> State:
    """s13 bssmech, 10-2-1: `k` cards of `p` were just discarded, placed into the trash from the hand, the deck or the
    burst area (`uids`: those the scenario names): "When you discard a card" answers to it (8-6-1)."""
    return emit(state, log, [Ev("discarded", uids, p, area=area)]) if k else state


def set_orientation(state: State, log: EventLog, uids: tuple[str, ...], *, exhausted: bool, why: str,
                    by: str | None = None) -> State:
    """10-4-1 / 10-3-1. `by`: the controller of the effect that exhausts or refreshes (s13 bssmech: the event says it
    happened because of an effect, and whose, for "when this spirit is exhausted by an opposing effect"); None when a
    rule does it (attacking or blocking exhausts the spirit, 7-1-1-2, 7-1-3-1)."""
    done = []
    for uid in uids:
        loc = find_field(state, uid)
        if loc is None:
            continue
        who, c = loc
        if c.exhausted == exhausted:
            log.add("nothing", f'{q(uid)} is already {"exhausted" if exhausted else "refreshed"}: nothing happens.',
                    ("1-3-2-1",), subject=uid)
            continue
        pl = state.p(who)
        state = state.with_p(who, evolve(pl, field=replace_card(pl.field, evolve(c, exhausted=exhausted))))
        done.append((who, uid))
        log.add("exhaust" if exhausted else "refresh", f'{q(uid)} is {"exhausted" if exhausted else "refreshed"} by {why}.',
                ("10-4-1",) if exhausted else ("10-3-1",), subject=uid)
    if done:
        evs = [Ev("exhausted" if exhausted else "refreshed", tuple(u for w, u in done if w == p), p, by=by,
                  effect=by is not None) for p in PLAYERS if any(w == p for w, _ in done)]
        state = emit(state, log, evs)
    return state


def attack_spirit(state: State, log: EventLog, act: Activation, chosen: tuple[str, ...]) -> State:
    """10-10-1: the spirit attacked immediately blocks; then the flash window after blocking."""
    b = state.battle
    if b is None or b.attacker != act.source or b.stage is Stage.FLASH_AFTER_BLOCK or not chosen:
        log.add("nothing", f"{q(act.source)} cannot attack another spirit now.", ("1-3-2",), subject=act.source)
        return state
    target = chosen[0]
    defender = other(state.player)
    vs = views(state)
    prevented = ("block" in vs[target].forbid and f"{q(target)} cannot block") if target in vs else False
    prevented = prevented or ("be blocked" in vs[act.source].forbid and f"{q(act.source)} cannot be blocked"
                              if act.source in vs else False)
    if not prevented and target in vs and act.source in vs:
        prevented = blocker_refused(vs[act.source], vs[target]) or False
    if prevented:
        # 1-3-3: the card's instruction requires a block that an active effect prevents: no block happens.
        log.add("nothing", f"{q(act.source)}'s effect would make {q(target)} block it, but {prevented} (an active "
                           "effect prevents it, and that takes precedence): no block happens and the battle goes on.",
                ("1-3-3", "10-10-1"), subject=target)
        return state
    state = evolve(state, battle=evolve(b, stage=Stage.FLASH_AFTER_BLOCK, blocker=target, to_act=defender, passes=0))
    log.add("block", f'{q(act.source)} attacks {q(target)}, which immediately blocks it.', ("10-10-1",), subject=target)
    return emit(state, log, [Ev("blocks", (target,), defender), Ev("blocked", (act.source,), state.player)])


def _count_at(state: State, log: EventLog, act: Activation, place: Place, soul: bool) -> int | None:
    if place.kind == "void":
        return None
    who = _who(act, place.who)
    pl = state.p(who)
    if place.kind == "soul":  # s18 bss: the soul core where it is (None: the scenario does not say; move_cores asks)
        return None if pl.soul is None else int(pl.soul != "void")
    if place.kind == "reserve":
        return pl.reserve
    if place.kind == "life":
        return pl.life
    if place.kind == "trash":
        return pl.trash_cores
    if place.sel is not None and place.sel.ref == "this":
        loc = find_field(state, act.source)
        return loc[1].cores if loc else 0
    return None


def move_cores(state: State, log: EventLog, act: Activation, d: Cores, prev: tuple[str, ...]):
    """Move cores between the void, life, reserve, trash and cards (8-5-5, 8-5-6, 4-11-3)."""
    changed: set[str] = set()
    srcs: list[tuple[str, str]] = []  # (player, place or card uid)
    if d.src.kind == "card":
        assert d.src.sel is not None
        picked = select(state, log, act, d.src.sel, "take cores from", prev)
        kept = selguard.guarded(views(state), picked, act.controller, act.card.type, selguard.CORES_OFF)
        if kept:  # "its cores cannot be removed by the effects of your opponent's spirits" (1-3-3, selguard.py)
            log.add("prevent", f"{', '.join(q(u) for u in kept)}: its cores cannot be removed by the effects of "
                               f"{act.controller}'s {act.card.type.value} cards, so {q(act.source)}'s effect moves "
                               "none of them (an active restriction beats the instruction).", ("1-3-3",),
                    subject=kept[0])
        for uid in (u for u in picked if u not in kept):
            loc = find_field(state, uid)
            if loc:
                srcs.append((loc[0], uid))
    elif d.src.kind == "soul":  # s18 bss: "send your Soul Core to the void": from wherever it is
        srcs += _soul_place(state, log, act, _who(act, d.src.who))
    else:
        srcs.append((_who(act, d.src.who), d.src.kind))
    dsts: list[tuple[str, str]] = []
    if d.dst.kind == "card":
        assert d.dst.sel is not None
        for uid in select(state, log, act, d.dst.sel, "put cores on", prev):
            loc = find_field(state, uid)
            if loc:
                dsts.append((loc[0], uid))
    else:
        owner = None
        if d.dst.who == "owner" and srcs and srcs[0][1] != "void":
            owner = srcs[0][0]  # "their reserve", "its owner's reserve": where the cores came from
        dsts.append((owner or _who(act, d.dst.who), d.dst.kind))
    if not srcs and d.src.kind == "soul":
        return state, frozenset()  # s18 bss: said by _soul_place
    if not srcs or not dsts:
        log.add("nothing", f"{q(act.source)}'s effect has nowhere to move cores from or to.", ("1-3-2",))
        return state, frozenset()
    if len(dsts) > 1 and any(place != "void" for _w, place in srcs):
        # Several cards receive cores from a limited place: when there are too few, which card gets them is
        # the player's choice, which this engine does not ask yet. Refuse rather than serve one card only.
        raise Unsupported(f'{q(act.source)}: moving cores from a reserve, life, trash or card onto several cards '
                          f'("{act.effect.text}") is not supported yet', subject=act.source,
                          hint="cores from the void onto several cards, or from one place onto one card, are")
    if d.up_to and d.n is None:  # s18 bss: "any number of cores" (1-3-5): the player chooses how many, from one place
        d = _any_number(state, log, act, d, srcs, dsts)
        if d.n == 0:
            return state, frozenset()
    for who, place in srcs:
        for dwho, dplace in dsts:
            if d.dst.who == "owner" and d.dst.kind != "card" and place not in _PILES:
                dwho = who  # s19 bss, 4-2-4: "into their owners' reserves": each card's cores to its own player's area
            if (who, place) == (dwho, dplace):
                log.add("nothing", "Moving cores to where they already are is not performed.", ("1-3-2-2",))
                continue
            state, ch = _move(state, log, act, d, who, place, dwho, dplace)
            changed |= ch
    return state, frozenset(changed)


_PILES = ("reserve", "life", "trash", "void")  # the places of cores that are not cards


def _any_number(state: State, log: EventLog, act: Activation, d: Cores, srcs: list[tuple[str, str]],
                dsts: list[tuple[str, str]]) -> Cores:
    """s18 bss, 1-3-5: "any number of cores" from one place to one place: the controller chooses a whole number from zero
    to the cores there (the soul core among them when the effect may move it, 4-11-3); from several cards it is refused."""
    if len(srcs) != 1 or len(dsts) != 1:
        raise Unsupported(f"{q(act.source)}: moving any number of cores from or onto several cards is not supported yet",
                          subject=act.source, hint="any number of cores from one place onto one card is")
    who, place = srcs[0]
    have, soul_here = _cores_at(state.p(who), place)
    top = have - (1 if soul_here and dsts[0][1] in ("life", "void") else 0)
    vals = ask(log.answers, Choice(act.controller, f"How many cores (0 to {top}) does {act.controller} move for "
                                                   f"{q(act.source)}?", tuple(str(i) for i in range(top + 1)), "1-3-5",
                                   log.line),
               lambda a: None if len(a.values) == 1 and a.values[0].isdigit() and int(a.values[0]) <= top
               else "choose a number in range")
    k = int(vals[0])
    if k == 0:
        log.add("nothing", f"{act.controller} chooses to move no core for {q(act.source)} (\"any number\" includes zero).",
                ("1-3-5", "1-3-2-3"), subject=act.source)
    else:
        log.add("choice", f"{act.controller} chooses to move {k} core{'s' * (k != 1)} for {q(act.source)} (\"any number\": a "
                          "whole number, zero or more).", ("1-3-5",), subject=act.source)
    return evolve(d, n=k, up_to=False)


def _soul_place(state: State, log: EventLog, act: Activation, who: str) -> list[tuple[str, str]]:
    """s18 bss, 4-11-3: an effect naming the player's soul core takes it from where it is (one of the player's cards, the
    reserve, the trash or the life); in the void already, it is not moved (1-3-2). The engine never guesses where it is."""
    where = state.p(who).soul
    if where is None:
        raise Unsupported(f"{q(act.source)}'s effect moves {who}'s soul core, and the scenario does not say where it is",
                          subject=act.source, hint=f"write `{who}: soul core in reserve` (or trash, life, void), or "
                                               "`soul core` on the card that holds it")
    if where == "void":
        log.add("nothing", f"{who}'s soul core is already in the void, so {q(act.source)}'s effect cannot move it: it is "
                           "not performed.", ("4-11-4", "1-3-2"), subject=act.source)
        return []
    return [(who, where)]


def _cores_at(pl: Player, place: str) -> tuple[int, bool]:
    """(how many cores are there, whether the soul core is among them); the void holds any number."""
    if place == "void":
        return 10**6, False
    if place == "reserve":
        return pl.reserve, pl.soul == "reserve"
    if place == "life":
        return pl.life, pl.soul == "life"
    if place == "trash":
        return pl.trash_cores, pl.soul == "trash"
    held = pl.find(place)
    assert held is not None
    return held.cores, pl.soul == place


def _shift_cores(pl: Player, place: str, n: int) -> Player:
    """`n` more cores (fewer if negative) at `place` of the player; the void is not the player's."""
    if place == "reserve":
        return evolve(pl, reserve=pl.reserve + n)
    if place == "life":
        return evolve(pl, life=pl.life + n)
    if place == "trash":
        return evolve(pl, trash_cores=pl.trash_cores + n)
    if place == "void":
        return pl
    c = pl.find(place)
    assert c is not None
    return evolve(pl, field=replace_card(pl.field, evolve(c, cores=c.cores + n)))


def _move(state: State, log: EventLog, act: Activation, d: Cores, who: str, place: str, dwho: str, dplace: str):
    pl = state.p(who)
    pl0 = {c.uid: c for w in PLAYERS for c in state.p(w).field}  # before the move, for level changes
    have, soul_here = _cores_at(pl, place)
    soul_ok = (d.soul or dplace not in ("life", "void")) and not d.regular  # 4-11-3; "not a Soul Core": never it
    want = max(have - d.but, 0) if d.n is None else d.n  # s12 bssonce: "all but N"
    if d.up_to and d.n is not None:
        top = min(d.n, have)
        vals = ask(log.answers, Choice(act.controller, f"How many cores (0 to {top}) does {act.controller} "
                                                       f"move for {q(act.source)}?",
                                       tuple(str(i) for i in range(top + 1)), "1-3-5-1", log.line),
                   lambda a: None if len(a.values) == 1 and a.values[0].isdigit() and int(a.values[0]) <= top
                   else "choose a number in range")
        want = int(vals[0])
        if want == 0:
            log.add("nothing", f"{act.controller} chooses to move no core for {q(act.source)}: \"up to\" lets the "
                               "player choose zero, and an action performed zero times is not performed.",
                    ("1-3-5-1", "1-3-2-3"), subject=act.source)
            return state, set()
    if d.soul:
        normal_avail, use_soul = 0, soul_here
        n = 1 if soul_here else 0
        rules: tuple[str, ...] = ("4-11-3",)
    else:
        normal_avail = have - (1 if soul_here else 0)
        use_soul = False
        if soul_here and soul_ok and want > normal_avail:
            use_soul = True  # the count leaves nothing else
        elif soul_here and soul_ok and want <= normal_avail and normal_avail > 0 and (d.n is not None or d.but):
            # 8-5-6: the core's controller chooses a core or the soul core
            ans = ask(log.answers, Choice(who, f"{who} moves {want} core{'s' * (want != 1)} for {q(act.source)}: "
                                               "does that include the soul core?", ("core", "soul core"), "8-5-6",
                                          log.line),
                      lambda a: None if " ".join(a.values).lower() in ("core", "soul core", "cores", "the soul core")
                      else "answer `core` or `soul core`")
            use_soul = "soul" in " ".join(ans).lower()
        elif soul_here and d.n is None and not d.but and soul_ok:
            use_soul = True
        n = min(want, normal_avail + (1 if use_soul else 0))
        rules = ("8-5-5", "8-5-6") + (("4-11-3",) if soul_here and not soul_ok else ())
    short = n < want
    if n <= 0:
        why = (f"only {who}'s soul core is there, and an effect that does not name soul cores cannot put it into "
               f"{'the life' if dplace == 'life' else 'the void'}") if soul_here and not soul_ok and normal_avail == 0 \
            else "there is no core to move"
        if d.regular and soul_here and normal_avail == 0:
            why = f"only {who}'s soul core is there, and the effect moves a core that is not a soul core"
        log.add("nothing", f"{q(act.source)}'s effect cannot move a core: {why}, so it is not performed.",
                rules + ("1-3-2",), subject=act.source)
        return state, set()
    # take, then put
    changed = {x for x in (place, dplace) if x not in _PILES}  # the cards whose cores change
    pl = _shift_cores(pl, place, -n)
    if use_soul:
        pl = evolve(pl, soul=None)
    state = state.with_p(who, pl)
    dpl = _shift_cores(state.p(dwho), dplace, n)
    if use_soul:
        dpl = evolve(dpl, soul=dplace if dplace != "void" else "void")
    state = state.with_p(dwho, dpl)

    def name(p: str, pl_: str) -> str:
        return "the void" if pl_ == "void" else f"{p}'s {pl_}" if pl_ in ("reserve", "life", "trash") else q(pl_)
    what = f"{n} core{'s' * (n != 1)}" + (" (the soul core among them)" if use_soul and n > 1 else
                                          " (the soul core)" if use_soul else "")
    void = n if place == "void" else -n if dplace == "void" else 0
    # 2-10-3: a card's level follows from its cores; say so when the move changes one
    levels = []
    for p_, c_ in ((who, place), (dwho, dplace)):
        before, after = pl0.get(c_), state.p(p_).find(c_) if c_ not in _PILES else None
        if before is not None and after is not None and before.level != after.level and after.level > 0:
            levels.append(f"{q(c_)} is now LV{after.level}")
    log.add("cores", f"{q(act.source)}'s effect moves {what} from {name(who, place)} to {name(dwho, dplace)}"
                     + (f" (only {n} of {want} can move)" if short else "")
                     + (f"; {', '.join(levels)} (its level follows from its cores)" if levels else "") + ".",
            rules + (("1-3-2",) if short else ()) + (("2-10-3",) if levels else ())
            + (("1-3-5-1",) if d.up_to and d.n is not None else ()), subject=act.source,
            facts=(("void", void),) if void else ())
    if place == "life":
        state = emit(state, log, [Ev("life_reduced", (), who, by=act.controller)])
    if dplace == "life" and place != "life":  # s19 bss: "when your life increases" (cores placed into the life, 3-7)
        state = emit(state, log, [Ev("life_increased", (), dwho, by=act.controller)])
    return state, changed


def summon_token(state: State, log: EventLog, who: str, spec: TokenSpec, from_void: bool, why: str) -> tuple[State, str]:
    """4-12: a token is put on the field by an effect with the information the effect gives."""
    taken = set(state.all_uids())
    uid = spec.name
    k = 2
    while uid in taken:
        uid = f"{spec.name}#{k}"
        k += 1
    levels = tuple(Level(a, b, c) for a, b, c in spec.levels)
    card = Card(uid, CardType.SPIRIT, token=True, colors=spec.colors, cost=spec.cost, levels=levels,
                symbols=spec.symbols, family=spec.families)  # s12 bssonce: its spirit types (2-5)
    need = min(lv.cores for lv in levels)
    pl = state.p(who)
    rules = ("4-12-1", "4-12-2", "10-6-1", "10-6-7")
    head = f"{q(uid)} (token spirit, LV1 {need} core{'s' * (need != 1)}) is summoned by {why}"
    if from_void:
        state = state.with_p(who, evolve(pl, field=pl.field + (evolve(card, cores=need),)))
        log.add("token", f"{head} with {need} core{'s' * (need != 1)} from the void.", rules, subject=uid,
                facts=(("void", need),))
        return emit(state, log, [Ev("summoned", (uid,), who)]), uid
    # 10-6-7: its cores come from the field, the reserve or both, at least its LV1 cost, more if wished.
    state = state.with_p(who, evolve(pl, field=pl.field + (card,)))
    avail = pl.reserve - (1 if pl.soul == "reserve" else 0)
    place = _token_placement(log, who, uid, need)
    if place is not None:
        state, n, soul = R._take(state, who, place, "10-6-7", exclude=uid)
        state = R._put(state, who, uid, n, soul)
        log.add("token", f"{head}; {who} places {R.sources_text(place)} on it.", rules, subject=uid)
    elif avail >= need:
        state = R._put(state.with_p(who, evolve(state.p(who), reserve=state.p(who).reserve - need)), who, uid,
                       need, False)
        log.add("token", f"{head} with {need} core{'s' * (need != 1)} from {who}'s reserve: the scenario does not say "
                         f"where its cores come from, so the engine places the minimum from the reserve (10-6-7 also "
                         f"lets {who} use cores from the field or place more: write `{who} chooses placing …` after "
                         "the action to say so).", rules, subject=uid)
    elif any(c.cores for c in pl.field):
        raise NeedsChoice(Choice(who, f"Which cores does {who} place on the token {q(uid)} (at least {need}; the "
                                      f"reserve has {max(avail, 0)} that can be used)?",
                                 R._payment_options(state, who), "10-6-7", log.line))
    else:
        n = max(avail, 0)
        state = R._put(state.with_p(who, evolve(state.p(who), reserve=state.p(who).reserve - n)), who, uid, n, False)
        log.add("token", f"{head} with {n} core{'s' * (n != 1)} from {who}'s reserve: {who} has no other cores, so "
                         f"it gets what there is (fewer than its LV1 cost).", rules + ("1-3-2",), subject=uid)
    return emit(state, log, [Ev("summoned", (uid,), who)]), uid


def _token_placement(log: EventLog, who: str, uid: str, need: int):
    """The scenario's answer placing a token's cores (`A chooses placing 2 from "Wolf"`), or None."""
    answers: Answers | None = log.answers
    head = answers.peek(who) if answers is not None else None
    # bss's structured answer is (paying, placing); a token's cores are placing only
    if answers is None or head is None or not isinstance(head.extra, tuple) or head.extra[1] is None or head.extra[0]:
        return None
    choice = Choice(who, f"Which cores does {who} place on the token {q(uid)} (at least {need})?", (), "10-6-7",
                    log.line)

    def valid(a: Answer) -> str | None:
        assert isinstance(a.extra, tuple)
        n = sum(s.count + s.soul for s in a.extra[1])
        return None if n >= need else f"the token needs at least {need} core{'s' * (need != 1)} (10-6-7)"
    a = answers.take(choice, valid)
    return a.extra[1] if a is not None and isinstance(a.extra, tuple) else None


def condition_holds(state: State, log: EventLog, act: Activation,
                    d: fx_registry.IfThen) -> tuple[bool, str, tuple, tuple[str, ...]]:
    """"If <condition>" read now (cardexec.if_then; a use cost, rules.use_cost, 10-8-4): whether it holds, what the
    engine read, the cards counted, the rules of that reading."""
    if d.kind in ("soul", "cores", "level", "highest"):  # s16 bss: this card off the field, read in its last state
        last = laststate.holds(state, log, act, d)
        if last is not None:
            return last
    if d.kind == "soul":  # 4-11: each player's one soul core, on a card or in an area
        where = state.p(act.controller).soul
        return where == act.source, f"{act.controller}'s soul core is {'on ' + q(where) if where and where not in ('reserve', 'trash', 'life', 'void') else 'in the ' + str(where)}", (), ("4-11-1", "4-11-3")
    if d.kind == "turn":
        turn = state.player
        want = _who(act, d.whose or "you")
        return turn == want, f"it is {turn}'s turn", (), ("6-1-1",)
    if d.kind in ("hand", "hand_vs", "trash"):  # s13 bss, 3-3, 3-4: the cards in a player's hand / trash now
        return _hand_holds(state, act, d)
    if d.kind in ("cores", "reserve"):  # s15 bss, 4-11-1, 3-6: the cores on this card / in a player's reserve now
        return _cores_hold(state, act, d)
    if d.kind == "symbols":  # s15 bss, 2-8: the symbols on a player's field now
        return _symbols_hold(state, act, d)
    if d.kind in ("level", "highest"):  # s15 bss, 2-10-3: this card's level now
        return _level_holds(state, act, d)
    more = "less" if d.op == "<=" else "more"
    n = d.n or 0
    who = _who(act, d.whose or "you")
    if d.kind == "count" and d.counted is not None:
        counted = tuple(_candidates(state, log, act, d.counted))
        have = len(counted)
        what = f"{who} has {have} of {d.counted.text().removeprefix('all ')} on the field, {n} or {more} needed"
        return (have <= n if d.op == "<=" else have >= n), what, (("counted", counted),), ("8-5-4",)
    have = state.p(who).life
    return (have <= n if d.op == "<=" else have >= n), f"{who} has {have} life, {n} or {more} needed", (), ()


def _hand_holds(state: State, act: Activation, d: fx_registry.IfThen) -> tuple[bool, str, tuple, tuple[str, ...]]:
    """s13 bss, 3-3: "If you have 3 or fewer cards in your hand" / "if you have fewer cards in your hand than your
    opponent": the cards in the hands as the directive resolves (1-3-7)."""
    who = _who(act, d.whose or "you")
    have = state.p(who).hand_count  # the cards the scenario describes and the others
    if d.kind == "hand_vs":
        theirs = state.p(other(who)).hand_count
        holds = have < theirs if d.op == "<" else have > theirs
        return holds, (f"{who} has {have} cards in the hand and {other(who)} has {theirs}, "
                       f"{'fewer' if d.op == '<' else 'more'} needed"), (), ("3-3-1",)
    area, rule = ("trash", "3-4-1") if d.kind == "trash" else ("hand", "3-3-1")
    have = state.p(who).trash_count if d.kind == "trash" else have
    n = d.n or 0
    holds = have <= n if d.op == "<=" else have >= n
    return holds, f"{who} has {have} cards in the {area}, {n} or {'less' if d.op == '<=' else 'more'} needed", (), (rule,)


def _cores_hold(state: State, act: Activation, d: fx_registry.IfThen) -> tuple[bool, str, tuple, tuple[str, ...]]:
    """s15 bss: "If this spirit has three or more cores on it" (4-11-1: the soul core is a core too) / "If your opponent
    has 5 or more cores in their reserve" (3-6-1): counted as the directive resolves (1-3-7)."""
    n = d.n or 0
    more = "less" if d.op == "<=" else "more"
    if d.kind == "cores":
        found = find_field(state, act.source)
        if found is None:  # the card left the field: the rules do not say what "on it" then counts
            raise Unsupported(f"{q(act.source)}'s effect counts the cores on {q(act.source)}, which is no longer on the "
                              "field (the rules do not say what a card off the field has on it)", subject=act.source)
        have = found[1].cores  # every core on it, the soul core included (4-11-1)
        what, rule = f"{q(act.source)} has {have} cores on it", "4-11-1"
    else:
        who = _who(act, d.whose or "you")
        have = state.p(who).reserve
        what, rule = f"{who} has {have} cores in the reserve", "3-6-1"
    holds = have <= n if d.op == "<=" else have >= n
    return holds, f"{what}, {n} or {more} needed", (), (rule,)


def field_symbols(state: State, who: str, color: str | None) -> tuple[int, int]:
    """s15 bss, 2-8: the symbols on `who`'s field (each card's as it is now, a link's included: view): (those of `color`
    for certain, the double-color ones that may be counted as `color`, 2-8-2-1, 2-8-2-2). Every symbol when `color` is
    None: a double-color symbol is one symbol."""
    vs = views(state)
    symbols = [s for c in state.p(who).field if c.uid in vs for s in vs[c.uid].symbols]
    if color is None:
        return len(symbols), 0
    plain = sum(1 for s in symbols if s == color)
    doubles = sum(1 for s in symbols if "/" in s and color in s.split("/"))
    return plain, doubles


def _symbols_hold(state: State, act: Activation, d: fx_registry.IfThen) -> tuple[bool, str, tuple, tuple[str, ...]]:
    """s15 bss: "If you have 3 or more red symbols on your field": counted as the directive resolves (1-3-7). Where the
    answer depends on the color a player gives a double-color symbol (2-8-2-2), the engine does not decide it."""
    who = _who(act, d.whose or "you")
    plain, doubles = field_symbols(state, who, d.color)
    n = d.n or 0

    def holds(k: int) -> bool:
        return k <= n if d.op == "<=" else k >= n
    if holds(plain) != holds(plain + doubles):
        raise Unsupported(f"{q(act.source)}'s effect counts the {d.color} symbols on {who}'s field: {doubles} "
                          f"double-color symbol{'s' * (doubles != 1)} count as {d.color} only if {who} decides so "
                          "(2-8-2-2), and the engine does not ask that yet", subject=act.source)
    what = f"{d.color} symbols" if d.color else "symbols"
    return holds(plain), (f"{who} has {plain} {what} on the field, {n} or {'less' if d.op == '<=' else 'more'} "
                          "needed"), (), ("2-8-1", "2-8-2")


def _level_holds(state: State, act: Activation, d: fx_registry.IfThen) -> tuple[bool, str, tuple, tuple[str, ...]]:
    """s15 bss, 2-10-3: "If this spirit is LV3 / at LV2 or higher / at its highest level": this card's level as the
    directive resolves (1-3-7: the level its cores give it, or the one an effect treats it as), on the field."""
    v = views(state).get(act.source)
    if v is None:
        raise Unsupported(f"{q(act.source)}'s effect asks the level of {q(act.source)}, which is no longer on the field "
                          "(the rules do not say what level a card off the field is at)", subject=act.source)
    if d.kind == "highest":
        top = max((lv.lv for lv in v.card.levels), default=0)
        return v.level == top, f"{q(act.source)} is LV{v.level}, its highest level being LV{top}", (), ("2-10-3",)
    n = d.n or 0
    holds = v.level == n if d.op == "==" else v.level <= n if d.op == "<=" else v.level >= n
    need = f"LV{n}" + ("" if d.op == "==" else " or lower" if d.op == "<=" else " or higher")
    return holds, f"{q(act.source)} is LV{v.level}, {need} needed", (), ("2-10-3",)
