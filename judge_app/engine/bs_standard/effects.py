"""Standard chapters 9 and 10: effects activating and resolving, Rule Processing, the Pending State.

Everything that changes cards on the Field goes through here, because every such change can make
effects activate (9-1-5) and Rule Processing happen at once (10-1-2):

* `emit` turns simultaneous events into one batch of activated effects (9-1-5-4: once per effect),
  with [Unstackable] (12-3-2) and [Once per turn] (12-3-1);
* `settle` resolves waiting effects, the newest batch first (9-1-5-9, 9-4-1-1); within a batch the
  player whose effects they are orders them (9-1-5-7), the turn player when both players' are there
  (9-1-5-8, 9-4-1); never guessed;
* a trigger whose card has left the Field before it resolves fails (9-1-5-5, 9-4-1-2);
* Destruction and Depletion put a card in the Pending State (10-2-2); it goes to the Trash after the
  effects its leaving activated have resolved (10-2-2-5); Depletion is not Destruction (5-10-2, 5-11-2);
* `rule_processing` ends the game at once when a Life becomes 0, without resolving any triggered
  effect (1-3-7, 10-2-1-1), and depletes cards below their Lv1 cost (3-2-5-4, 5-11-1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from judge_app.engine.bs_standard import cards as C
from judge_app.engine.bs_standard.state import (
    PLAYERS,
    STEP_RULE,
    Applied,
    AppliedKind,
    Card,
    CardType,
    Pending,
    Pose,
    State,
    Step,
    evolve,
    other,
    replace_card,
    take_top,
    without,
)
from judge_app.engine.core import (
    Answer,
    Answers,
    Choice,
    EventLog,
    GameOver,
    NeedsChoice,
    OrderPolicy,
    Unsupported,
    Verdict,
    VerdictKind,
    Waiting,
    ask,
    choose_replacement,
)
from judge_app.engine.core import settle as core_settle

# ---------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True, slots=True)
class Ev:
    kind: str  # summoned deployed attacks blocks destroyed exhausted refreshed step_start turn_end battle_end
    uids: tuple[str, ...]
    who: str  # whose cards / whose turn
    by: str | None = None  # destroyed: the player whose effect or spirit destroyed it
    step: str | None = None
    winner: str | None = None  # destroyed by a BP comparison: the other Spirit of the battle (8-1-6-2)
    effect: bool = False  # destroyed by an effect (5-10-1), not by a BP comparison


@dataclass(frozen=True, slots=True)
class Activation:
    controller: str
    source: str
    effect: C.Effect
    that: tuple[str, ...] = ()
    leaving: tuple[str, ...] = ()  # pending cards whose leaving activated it (10-2-2-5)
    event: str = ""


@dataclass(frozen=True, slots=True)
class Later:
    """A part set up by a resolved effect to activate at the end of the turn / battle (`Delayed`), with the cards
    selected before it ("it")."""

    when: str
    controller: str
    source: str
    part: C.Part
    it: tuple[str, ...] = ()
    effect: str = ""  # the text of the effect that set it up (a board line names the part by it: dialect)


@dataclass(frozen=True, slots=True)
class BlockedBy:
    """A resolved "SPIRITS cannot be blocked by SPIRITS during this turn/battle": the cards it applies to fixed when
    it resolved (9-1-5-6-1); the Spirits that may not block them described as they are when a block is declared."""

    targets: tuple[str, ...]
    d: C.ForbidBlockBy
    controller: str
    source: str
    effect: str = ""  # the text of the effect that applied it (a board line names the directive by it: dialect)


@dataclass(frozen=True, slots=True)
class Cause:
    kind: str  # "effect" | "battle" | "rule" | "player"
    by: str | None = None
    source: str | None = None


def answers_of(log: EventLog) -> Answers | None:
    """The answers the driver handed to this action."""
    return log.answers


def effects_of(card: Card) -> tuple[C.Effect, ...]:
    return _effects(card.effects)


@lru_cache(maxsize=1024)
def _effects(texts: tuple[str, ...]) -> tuple[C.Effect, ...]:
    return tuple(C.parse_effect(t) for t in texts)


@lru_cache(maxsize=1024)
def _triggered(texts: tuple[str, ...]) -> tuple[C.Effect, ...]:
    """A card's triggered effects (9-1-5): what `emit` looks at for every event, on every card of the Field."""
    return tuple(e for e in _effects(texts) if e.kind == "triggered" and e.trigger is not None)


def soul_on(state: State, who: str, uid: str) -> bool:
    return state.p(who).soul == uid


def level(state: State, who: str, card: Card) -> int:
    """2-8-3: the Lv its cores give, unless an effect has it treated as another Lv (the latest applies)."""
    if state.continuous:  # (usually none)
        for a in reversed(state.continuous):
            if a.kind is AppliedKind.LEVEL_SET and card.uid in a.targets:
                return int(a.value)
    own = card.level(soul_on(state, who, card.uid))
    if card.effects and state.on_field(card.uid) is not None:
        treated = _self_treated(state, who, card, own)
        if treated is not None:
            return treated
    return own


def _self_treated(state: State, who: str, card: Card, own: int) -> int | None:
    """A continuous "treat this spirit as LVn" of the card's own (9-1-4; the text over 2-8-3, 1-4-1) active now: its
    heading (9-1-4-3) and condition met, and its Lv bracket (2-8-2) met by the Lv the cores give. Where the bracket is
    met by one of the two Lvs (the cores', the one treated) and not the other, the effect would switch itself on or
    off: the rules do not say which, so the engine refuses to answer rather than choose."""
    for e in _continuous(card.effects):
        for d in e.parts[0].directives:
            if not isinstance(d, C.TreatLevel):
                continue
            if e.while_ in HEADINGS and not heading_met(state, who, card.uid, e.while_) or e.while_ in (
                    "attacking", "blocking", "attacking_or_blocking") and not heading_met(state, who, card.uid, e.while_):
                continue
            cond = e.parts[0].cond
            if cond is not None and not _cond_met(state, cond, who, False, card.uid):
                continue
            printed = sorted(lv.lv for lv in card.levels)
            lv = d.level if d.level is not None else (printed[-1] if printed else None)
            if lv is None or lv not in printed:  # no BP or effects of that Lv to take (as _treat_level)
                continue
            if e.levels and (own in e.levels) is not (lv in e.levels):  # active or not by its own doing
                raise Unsupported(f'"{card.uid}": "{e.text}" works at Lv{"/".join(map(str, sorted(e.levels)))} and '
                                  f"treats its card as Lv{lv}; at Lv{own} by its cores it would switch itself on or "
                                  "off, and the rules do not say which (2-8-2): the engine does not choose")
            if e.levels and own not in e.levels:
                continue
            return lv
    return None


def at_level(state: State, who: str, card: Card, e: C.Effect) -> bool:
    """2-8-2: a card on the Field has the effects of its Lv; one printed for some Lvs only works at those."""
    return not e.levels or level(state, who, card) in e.levels


def level_rules(state: State, who: str, card: Card) -> tuple[str, ...]:
    """The rules a card's Lv rests on: its cores (2-8-3), or 《Super Unleash》 with the soul core (12-2-1-1-2)."""
    if card.super_unleash and soul_on(state, who, card.uid) and card.level(True) != card.level(False):
        return ("2-8-3", "12-2-1-1-2", "3-2-5-5")
    return ("2-8-3",)


# ---------------------------------------------------------------------------------------------
# Effective values (continuous effects, 9-1-4; resolved effects with a duration, 9-1-5-6)


def _sel_matches(state: State, sel: C.Sel, controller: str, source: str | None, uid: str, who: str,
                 card: Card) -> bool:
    if isinstance(sel, C.RankedSel):
        return _ranked(state, sel, controller, source, uid, who, card)
    if sel.ref == "this":
        return uid == source
    if sel.ref is not None:
        return False
    if sel.owner == "you" and who != controller or sel.owner == "opponent" and who == controller:
        return False
    if not _printed(sel, card) or sel.other and uid == source:
        return False
    if sel.state == "exhausted" and card.pose is Pose.REFRESHED or sel.state == "refreshed" and card.pose is not Pose.REFRESHED:
        return False
    if sel.state == "heavy exhausted" and card.pose is not Pose.HEAVY:  # 5-5-1-3
        return False
    if sel.bp:
        b = bp(state, uid)
        if b is None or not (b <= sel.bp[1] if sel.bp[0] == "<=" else b >= sel.bp[1]):
            return False
    if sel.soul is not None and soul_on(state, who, uid) is not sel.soul:  # 5-7-1, 5-7-3: its owner's one Soul Core
        return False
    if sel.level and not _compare(level(state, who, card), sel.level):  # 2-8-3: the Lv it is now
        return False
    if sel.cores and not _compare(card.cores, sel.cores):  # 4-5-1: the cores on it now (a Soul Core among them)
        return False
    if sel.bp_vs is not None and not _bp_vs(state, sel.bp_vs, source, uid):
        return False
    if sel.battling and not battling(state, sel, uid):
        return False
    return sel.keyword is None


def _rank_value(state: State, rank: str, uid: str, card: Card) -> int:
    return (bp(state, uid) or 0) if rank.endswith("bp") else card.cost


def _ranked(state: State, sel: C.RankedSel, controller: str, source: str | None, uid: str, who: str,
            card: Card) -> bool:
    """"with the lowest BP" / "with the highest cost": the card fits the rest of the description and its BP (2-8-2) /
    cost (2-2-1) now is the lowest / highest of the cards on the Field the rest fits (those in the Pending State
    leave it, 5-17-1, and are not compared); tied cards all fit."""
    base = C.Sel(**{f: getattr(sel, f) for f in C.Sel.__dataclass_fields__})
    if not _sel_matches(state, base, controller, source, uid, who, card):
        return False
    peers = [_rank_value(state, sel.rank, c.uid, c) for w in PLAYERS for c in state.p(w).field
             if state.pending_of(c.uid) is None and _sel_matches(state, base, controller, source, c.uid, w, c)]
    mine = _rank_value(state, sel.rank, uid, card)
    return mine == (min(peers) if sel.rank.startswith("lowest") else max(peers)) if peers else True


def _bp_vs(state: State, op: str, source: str | None, uid: str) -> bool:
    """"with BP equal to or less than this spirit's BP" (2-8-2): the card's BP against the effect's own card's BP now.
    An effect whose card is no longer on the Field has no BP to compare with: the engine does not guess one."""
    mine = bp(state, source) if source is not None else None
    if mine is None:
        raise Unsupported(f'"{source}" is not on the Field, so it has no BP to compare with ("this spirit\'s BP"); the '
                          "rules do not say which BP that would be, and the engine does not guess")
    b = bp(state, uid)
    if b is None:
        return False
    return b < mine if op == "<" else b > mine if op == ">" else _compare(b, (op, mine))


def _printed(sel: C.Sel, card: Card) -> bool:
    """The description's printed parts: kind, colour, Family (2-6), cost, "with no effects listed" (2-7-1)."""
    return (card.type.value in sel.kinds and (not sel.colors or bool(set(sel.colors) & set(card.colors)))
            and (not sel.families or _families_match(card, sel.families))
            and (not sel.cost or _compare(card.cost, sel.cost)) and not (sel.plain and card.effects)
            and (not sel.symbols or _compare(len(card.symbols), sel.symbols))  # 2-10: printed symbols
            and not _named(sel, card))


def _by_name(sel: C.Sel) -> bool:
    return sel.not_named is not None or isinstance(sel, C.NamedSel)


def _name_rules(sel: C.Sel) -> tuple[str, ...]:
    """The rules a description by card name rests on: the name (2-1-1), or part of it in quotation marks (2-1-2-1)."""
    if not _by_name(sel):
        return ()
    return ("2-1-1", "2-1-2-1") if isinstance(sel, C.NamedSel) and sel.part else ("2-1-1",)


def _named(sel: C.Sel, card: Card) -> bool:
    """2-1-1: whether a card name rules the card out: "other than <Card Name>" names it, or the description is of
    cards named otherwise ("an Amethyst Sanctuary"; a card's name is its id without a "#n")."""
    if isinstance(sel, C.NamedSel):
        name, want = card.name.casefold(), sel.named.casefold()
        if (want not in name) if sel.part else name != want:  # 2-1-2-1: part of the name, or the name (2-1-2)
            return True
    return sel.not_named is not None and card.name.casefold() == sel.not_named.casefold()


def _compare(value: int, test: tuple[str, int]) -> bool:
    op, n = test
    return value <= n if op == "<=" else value >= n if op == ">=" else value == n


def battling(state: State, sel: C.Sel, uid: str) -> bool:
    """"attacking / blocking spirits": the battle's attacker (8-1-1-1) / blocker (8-1-3-1) now; none outside a
    battle (it ends at 8-1-7)."""
    b = state.battle
    return b is not None and ("attacking" in sel.battling and b.attacker == uid
                              or "blocking" in sel.battling and b.blocker == uid)


@lru_cache(maxsize=1024)
def _continuous(texts: tuple[str, ...]) -> tuple[C.Effect, ...]:
    """A card's continuous effects (9-1-4): what `_constant` looks at for every BP, on every card of the Field."""
    return tuple(e for e in _effects(texts) if e.kind == "continuous")


def _active_continuous(state: State):
    """(controller, card, its one directive) of each continuous effect active now (9-1-4-2, 9-1-4-3)."""
    b = state.battle
    for who in PLAYERS:
        for c in state.p(who).field:
            if not c.effects:  # the usual card: nothing to look up
                continue
            for e in _continuous(c.effects):
                if e.while_ == "attacking" and (b is None or b.attacker != c.uid):
                    continue
                if e.levels and not at_level(state, who, c, e):
                    continue
                if e.while_ == "blocking" and (b is None or b.blocker != c.uid):
                    continue
                if e.while_ in HEADINGS and not heading_met(state, who, c.uid, e.while_):  # 9-1-4-3
                    continue
                cond = e.parts[0].cond  # "If you have 3 or fewer life, …": active while it is met (9-1-4-3)
                if cond is not None and not _cond_met(state, cond, who, False, c.uid):
                    continue
                for d in e.parts[0].directives:  # one, or several joined by "and" (1-4-7)
                    yield who, c, d


def _constant(state: State, uid: str, kind: AppliedKind):
    """(kind, value, source) of continuous effects of `kind` applying to the card now (9-1-4-2, 9-1-4-3)."""
    loc: tuple[str, Card] | None = None
    for who, c, d in _active_continuous(state):
        if isinstance(d, (C.ForbidBlockBy, C.LifeCap, C.TreatLevel, C.PlayerBan)):  # a pair of cards / its card's Lv
            # (`level`) / a player (`player_banned`)
            continue
        forbid = isinstance(d, (C.Forbid, C.LifeGuard))
        if forbid is not (kind is AppliedKind.FORBID):
            continue
        loc = loc or state.on_field(uid)
        if loc is None:
            continue
        # a "cannot" described by BP or state ("your opponent's spirits with 5000 or fewer BP cannot block"): the card
        # as it is now, its BP with the BP effects applying to it (no BP depends on a "cannot": well-founded, 9-1-4-1)
        if forbid and _dynamic(d.sel):
            if not _sel_matches(state, d.sel, who, c.uid, uid, loc[0], loc[1]):
                continue
        elif not _sel_matches_static(d.sel, who, c.uid, uid, loc[0], loc[1]):
            continue
        if d.sel.battling and not battling(state, d.sel, uid):  # the battle now, 9-1-4-1
            continue
        if isinstance(d, C.ModBPEach):
            yield AppliedKind.BP_PLUS, d.amount * _count_static(state, d.per, who, c.uid), c.uid
            continue
        if isinstance(d, C.LifeGuard):  # 8-1-5-1: its attacks reduce no Life of the player(s) named
            for p in _guarded(d, who):
                yield AppliedKind.FORBID, guard_word(p), c.uid
            continue
        yield ((AppliedKind.BP_PLUS, d.amount, c.uid) if isinstance(d, C.ModBP)
               else (AppliedKind.FORBID, d.what, c.uid))


def block_forbidden(state: State, attacker: str, blocker: str) -> C.ForbidBlockBy | None:
    """The continuous "ATTACKER cannot be blocked by SPIRITS" that forbids `blocker` to block `attacker` now, if any
    (8-1-3-1; the forbidding effect first, 1-4-3). The blocker is described as it is now (its BP included)."""
    att, blk = state.on_field(attacker), state.on_field(blocker)
    if att is None or blk is None:
        return None
    for x in state.blocked_by:  # resolved effects with a duration (9-1-5-6)
        if attacker in x.targets and _sel_matches(state, x.d.by, x.controller, x.source, blocker, blk[0], blk[1]):
            return x.d
    if not _texts_on_field(state):
        return None
    for who, c, d in _active_continuous(state):
        if not isinstance(d, C.ForbidBlockBy):
            continue
        fits = _sel_matches if _dynamic(d.sel) else (lambda _s, *a: _sel_matches_static(*a))
        if (fits(state, d.sel, who, c.uid, attacker, att[0], att[1])
                and _sel_matches(state, d.by, who, c.uid, blocker, blk[0], blk[1])):
            return d
    return None


def _count_static(state: State, per: C.Sel, controller: str, source: str) -> int:
    """A continuous "N BP for each CARD" (9-1-4-1: constantly active): the cards `per` describes on the Field now,
    recounted whenever the BP is looked at; printed information only, as every continuous description. Cards in the
    Pending State are not counted, as a resolving effect's count does not count them (`_bp_each`)."""
    return sum(1 for w in PLAYERS for c in state.p(w).field
               if state.pending_of(c.uid) is None and _sel_matches_static(per, controller, source, c.uid, w, c)
               and (not per.battling or battling(state, per, c.uid)))


def _dynamic(sel: C.Sel) -> bool:
    """A description by what changes on the Field (BP, state, the Soul Core, Lv): judged by `_sel_matches`."""
    return bool(sel.bp or sel.state or sel.soul is not None or sel.level or sel.cores or sel.bp_vs)


def _sel_matches_static(sel: C.Sel, controller: str, source: str, uid: str, who: str, card: Card) -> bool:
    """Descriptions inside continuous effects look at printed information only (no BP), to stay well-founded."""
    if sel.bp or sel.bp_vs:
        return False
    if sel.cost and not _compare(card.cost, sel.cost):
        return False
    if sel.ref == "this":
        return uid == source
    if sel.ref is not None or sel.other and uid == source:
        return False
    if sel.owner == "you" and who != controller or sel.owner == "opponent" and who == controller:
        return False
    if sel.plain and card.effects:  # 2-7-1: printed information too
        return False
    if _named(sel, card):  # 2-1-1: printed
        return False
    if sel.symbols and not _compare(len(card.symbols), sel.symbols):  # 2-10: printed
        return False
    # 4-5-1: the cores on the card now; no continuous effect moves a core, so a count by them stays well-founded
    if sel.cores and not _compare(card.cores, sel.cores):
        return False
    return (card.type.value in sel.kinds and (not sel.colors or bool(set(sel.colors) & set(card.colors)))
            and _families_match(card, sel.families))


_STEP_WORDS = {s: s.value.replace("_", " ").title() + " Step" for s in Step}
# A heading's condition (cardtext: "(During Your Attack Step)" …, Effect.while_), besides 『During Attack』/『During
# Block』: whose turn it is (7-1-1: the turn player), whose Attack Step (7-7); the words the log says and the rules.
HEADINGS = {"your_turn": ("during your turn", ("7-1-1",)),
            # (While This Spirit Attacks or Blocks): 『During Attack』 (12-2-1-8-1) or 『During Block』 (12-2-1-10-1)
            "attacking_or_blocking": ("while this Spirit attacks or blocks", ("12-2-1-8-1", "12-2-1-10-1")),
            "opponent_turn": ("during the opponent's turn", ("7-1-1",)),
            # each of the eight steps (7-1-1), in its own section (7-2 .. 7-9)
            **{f"your_{s.value}_step": (f"during your {_STEP_WORDS[s]}", ("7-1-1", STEP_RULE[s])) for s in Step},
            **{f"opponent_{s.value}_step": (f"during the opponent's {_STEP_WORDS[s]}", ("7-1-1", STEP_RULE[s]))
               for s in Step},
            **{f"{s.value}_step": (f"during either player's {_STEP_WORDS[s]}", (STEP_RULE[s],)) for s in Step}}
_HEADING_STEP = {k: s for s in Step for k in (f"your_{s.value}_step", f"opponent_{s.value}_step", f"{s.value}_step")}


def heading_met(state: State, who: str, uid: str, while_: str) -> bool:
    """Whether the condition `while_` of `who`'s card `uid` holds now (9-1-4-3, 9-2-1)."""
    if while_ == "attacking":  # 12-2-1-8-1
        return state.battle is not None and state.battle.attacker == uid
    if while_ == "blocking":  # 12-2-1-10-1
        return state.battle is not None and state.battle.blocker == uid
    if while_ == "attacking_or_blocking":
        return state.battle is not None and uid in (state.battle.attacker, state.battle.blocker)
    step = _HEADING_STEP.get(while_)
    if step is not None and state.step is not step:
        return False
    if while_.startswith("your"):
        return state.player == who
    return state.player != who if while_.startswith("opponent") else True


def bp(state: State, uid: str) -> int | None:
    """The card's BP now: its Lv's BP (2-8-2) plus the effects applying to it; never below 0 (1-4-6)."""
    loc = state.on_field(uid)
    if loc is None:
        return None
    who, card = loc
    return bp_at_level(state, card, level(state, who, card))


def bp_at_level(state: State, card: Card, lv: int) -> int | None:
    """`bp` of a card on the Field whose Lv is known: `lv`."""
    base = card.bp_at(lv)
    if base is None:
        return None
    uid = card.uid
    total = base
    if state.continuous:  # (usually none: no generator to run)
        total += sum(a.amount for a in state.continuous if a.kind is AppliedKind.BP_PLUS and uid in a.targets)
    if _texts_on_field(state):  # (usually not: no card of the Field has text)
        total += sum(int(v) for _k, v, _s in _constant(state, uid, AppliedKind.BP_PLUS))
    return max(total, 0)


_NOTHING_FORBIDDEN: frozenset[str] = frozenset()


def _texts_on_field(state: State) -> bool:
    """Some card on the Field has text: the only place a continuous effect comes from (`_constant`)."""
    for c in state.a.field:  # (plain loops: asked for every BP and every event)
        if c.effects:
            return True
    for c in state.b.field:  # noqa: SIM110 (a loop: any() over a generator costs a frame per call)
        if c.effects:
            return True
    return False


def listening(state: State) -> bool:
    """Whether some event can activate an effect now: cards on the Field activate theirs (`emit`), and effects set up
    for later wait for the end of the turn / battle; on a board with neither, `emit` changes nothing."""
    return bool(state.delayed) or _texts_on_field(state) or _first_time_off_field(state)


def _first_time_off_field(state: State) -> bool:
    """A card off the Field with a "The first time … each turn" effect: the turn's events are recorded for it."""
    return any("first time" in t.lower() for who in PLAYERS for c in (state.p(who).hand + state.p(who).trash)
               if c.effects for t in c.effects)


def forbidden(state: State, uid: str) -> frozenset[str]:
    if not state.continuous and not _texts_on_field(state):  # the usual board: nothing forbids anything
        return _NOTHING_FORBIDDEN
    out = {a.word for a in state.continuous if a.kind is AppliedKind.FORBID and uid in a.targets}
    out |= {str(v) for _k, v, _s in _constant(state, uid, AppliedKind.FORBID)}
    return frozenset(w for word in out for w in _EITHER.get(word, (word,)))


# One restriction that forbids either action ("It cannot attack or block"): each is forbidden.
_EITHER = {"attack or block": ("attack", "block")}


# ---------------------------------------------------------------------------------------------
# Rule Processing (chapter 10)


def _win(state: State, log: EventLog, winners: set[str], why: str, rules: tuple[str, ...]) -> None:
    if len(winners) == 2:
        log.add("draw", f"Both players fulfil a victory condition at the same time ({why}): the game is a draw.",
                rules + ("1-3-3",))
        raise GameOver(Verdict(VerdictKind.DRAW, None, f"both players fulfil a victory condition: {why}"), state)
    (w,) = winners
    log.add("win", f"{w} wins: {why}.", rules + ("1-3-1",))
    raise GameOver(Verdict(VerdictKind.WIN, w, why), state)


def check_life(state: State, log: EventLog, by_effect: bool = False) -> State:
    """10-2-1-1 / 1-3-7: a Life of 0 ends the game at once; waiting triggered effects never resolve.
    `by_effect`: during an effect's resolution, the game ends right there (1-3-6)."""
    if state.a.life > 0 and state.b.life > 0:  # the usual case
        return state
    zero = [p for p in PLAYERS if state.p(p).life <= 0]
    if zero:
        waiting = sum(len(b) for b in state.waiting.batches) if state.waiting else 0
        note = (f"; {waiting} waiting triggered effect{'s' * (waiting != 1)} never resolve{'s' * (waiting == 1)}"
                if waiting else "")
        _win(evolve(state, waiting=Waiting()), log, {other(p) for p in zero},
             f"{' and '.join(zero)}'s Life is 0 (the game ends immediately, without resolving triggered effects{note})",
             ("10-2-1-1", "1-3-2-1", "1-3-7") + (("1-3-6",) if by_effect else ()))
    return state


def rule_processing(state: State, log: EventLog, cause: Cause | None = None) -> State:
    """10-1-2: done at once, even while something else is being done."""
    state = check_life(state, log, by_effect=cause is not None and cause.kind == "effect")
    doomed = []
    for who in PLAYERS:
        for c in state.p(who).field:
            # (the Lv1 cost is at most LV1's cores: a card holding those is never below it, the usual case)
            if c.levels and c.cores < c.levels[0].cores and c.cores < c.lv1_cost and state.pending_of(c.uid) is None:
                doomed.append((who, c))
    for who, c in doomed:
        by: str | None = None
        rules: tuple[str, ...] = ("3-2-5-4" if c.type is CardType.SPIRIT else "3-3-3-3", "5-11-1", "10-2-2-1")
        if cause is not None and cause.kind == "effect":
            by, rules, note = cause.by, rules + ("10-2-2-8",), f', by the effect of "{cause.source}"'
        elif cause is not None and cause.kind == "player":
            by, rules, note = cause.by, rules + ("10-2-2-10",), (f", by {cause.by}'s own core movement or cost "
                                                                   "payment (the engine reads 10-2-2-10 as covering it)")
        else:
            note = ""
        state = evolve(state, pending=state.pending + (Pending(c.uid, "depleted", by),))
        lv = level(state, who, c)
        log.add("deplete", f'"{c.uid}" has {c.cores} core{"s" * (c.cores != 1)}, fewer than its Lv1 cost {c.lv1_cost}: '
                           f"it is Depleted{note} (not Destroyed) and enters the Pending State at Lv{lv}.",
                rules + ("5-11-2", "10-2-2-3"), subject=c.uid)
    return state


# ---------------------------------------------------------------------------------------------
# Triggers (9-1-5)


def _trig_matches(t: C.Trig, ev: Ev, who: str, uid: str, state: State) -> bool:
    if "|" in t.event:  # "(When Summoned/When This Spirit Attacks)": either timing (9-1-5-2)
        return any(_trig_matches(replace(t, event=e), ev, who, uid, state) for e in t.event.split("|"))
    if t.event == "bp_destroys":
        return ev.kind == "destroyed" and _bp_destroys(t, ev, who, uid, state)
    if t.event != ev.kind and not (t.event == "attacks_or_blocks" and ev.kind in ("attacks", "blocks")):
        return False
    if t.event in ("step_start", "step_end"):
        return t.step == ev.step and (t.whose == "any" or (t.whose == "you") == (ev.who == who))
    if t.event in ("turn_end", "battle_end", "used"):  # ("used": a Magic card, in no area while it resolves, 11-3-1-6)
        return t.whose == "any" or (t.whose == "you") == (ev.who == who)
    if t.whose == "self":
        if uid not in ev.uids:
            return False
        return not t.by_opponent or (ev.by is not None and ev.by != who)
    if t.attack and not ev.uids:  # a Life reduced by a Spirit's attack (8-1-5-1), not by an effect
        return False
    if not _by_matches(t, ev, who):
        return False
    need = t.kinds or (("spirit",) if t.event in _EITHER_KIND else ())  # "your spirits" / "your nexuses"
    if need and not any(_of_kind(state, u, need) for u in ev.uids):
        return False
    if t.colors and not any(_colored(state, u, t.colors) for u in ev.uids):
        return False
    if t.families and not any(_of_family(state.on_field(u), t.families) for u in ev.uids):
        return False
    if t.desc is not None and not any(_described(state, t.desc, u, uid) for u in ev.uids):
        return False
    if t.whose == "any":
        return True
    mine = ev.who == who
    return mine if t.whose == "you" else not mine


def _by_matches(t: C.Trig, ev: Ev, who: str) -> bool:
    """Who or what made the event happen: a Life reduced "by your opponent" (their attack or effect, 5-4-2); a card
    Destroyed by an effect (5-10-1), the opponent's (5-4-2), by the opponent (their effect or their Spirit in a BP
    comparison, 12-2-1-12-1), or by a battle's BP comparison (8-1-6-1)."""
    if t.by_opponent and ev.by != other(who):
        return False
    if t.by_bp and ev.winner is None:
        return False
    return not t.by_effect or (ev.effect and (not t.by_opponent or ev.by == other(who)))


def _that(state: State, t: C.Trig, hits: list[Ev]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards of the events that activated an effect ("that spirit", "it"), and those of them in the Pending State
    whose leaving activated it (9-3-3)."""
    that = tuple(dict.fromkeys(u for ev in hits for u in ev.uids))
    leaving = tuple(u for u in that if state.pending_of(u) is not None)
    if t.event == "bp_destroys":
        # "When this spirit / one of your spirits destroys … via comparing BP, … it": the Spirit that won the
        # comparison (8-1-6-2), the subject of the timing, not the one destroyed (which is still `leaving`)
        that = tuple(dict.fromkeys(ev.winner for ev in hits if ev.winner))
    return that, leaving


# 9-3-3: the timings of a card's own move from the Field (its Pending State, 10-2-2-1): they activate while it is in it
_LEAVING = ("destroyed", "to_hand", "to_deck")


def _fired_as(t: C.Trig, kind: str) -> str:
    """The timing an effect activated at: its one event, or of "(When Summoned/When This Spirit Attacks)" the event
    that happened (`kind`)."""
    return kind if "|" in t.event else t.event


def _bp_destroys(t: C.Trig, ev: Ev, who: str, uid: str, state: State) -> bool:
    """"When this spirit / one of your SPIRITS destroys an opponent's spirit via comparing BP": an opponent's Spirit
    Destroyed by a BP comparison (8-1-6-1, 8-1-6-2) that this Spirit / such a Spirit of yours won."""
    if ev.winner is None or ev.who == who:
        return False
    if t.loser is not None and not any(_described(state, t.loser, u) for u in ev.uids):  # as it is when destroyed
        return False
    if t.whose == "self":
        return ev.winner == uid
    loc = state.on_field(ev.winner)
    return (loc is not None and loc[0] == who and (not t.colors or _colored(state, ev.winner, t.colors))
            and _of_family(loc, t.families) and (t.desc is None or _described(state, t.desc, ev.winner, uid)))


# Events a Spirit and a Nexus both have: an event of "your spirits" is a Spirit's, of "your nexuses" a Nexus's.
_EITHER_KIND = ("destroyed", "exhausted", "refreshed", "to_hand", "to_deck")


def _of_kind(state: State, uid: str, kinds: tuple[str, ...]) -> bool:
    loc = state.locate(uid)  # on the Field (a Pending card too) or already moved on
    return loc is not None and loc[2].type.value in kinds


def _described(state: State, desc: C.Sel, uid: str, source: str | None = None) -> bool:
    """Whether the Spirit of an event (on the Field, or in the Pending State there) fits the rest of a timing's
    description now, when the event happens (9-1-5-2): its BP, cost, a Soul Core on it (5-7-1); "other": not the
    card whose effect it is (`source`)."""
    loc = state.on_field(uid)
    return loc is not None and _sel_matches(state, desc, loc[0], source, uid, loc[0], loc[1])


def _of_family(loc: tuple[str, Card] | None, families: tuple[str, ...]) -> bool:
    """2-6-3: a card with several Families is of each; a description naming several asks for any one (case as
    printed is not significant)."""
    return loc is not None and _families_match(loc[1], families)


def _families_match(card: Card, families: tuple[str, ...]) -> bool:
    return not families or bool({f.casefold() for f in families} & {f.casefold() for f in card.families})


def _colored(state: State, uid: str, colors: tuple[str, ...]) -> bool:
    """Whether the card of an event (on the Field, or in the Pending State there) is of one of `colors`."""
    loc = state.on_field(uid)
    return loc is not None and bool(set(colors) & set(loc[1].colors))


# The common effects (12-2) a timing is, when it is one.
_COMMON = {("summoned", "self", False): ("12-2-1-6-1",), ("deployed", "self", False): ("12-2-1-11-1",),
           ("attacks", "self", False): ("12-2-1-7-1",), ("blocks", "self", False): ("12-2-1-9-1",),
           ("attacks_or_blocks", "self", False): ("12-2-1-7-1", "12-2-1-9-1"),
           ("blocked", "self", False): ("8-1-3-1",), ("life_reduced", "self", False): ("8-1-5-1",),
           ("bp_destroys", "self", False): ("8-1-6-2",), ("bp_destroys", "you", False): ("8-1-6-2",),
           ("destroyed", "self", False): ("12-2-1-12",), ("destroyed", "self", True): ("12-2-1-12", "12-2-1-12-1")}


def _common_rules(t: C.Trig, kind: str) -> tuple[str, ...]:
    """The common effect (12-2) a timing is, or whose definition it borrows: "one of your spirits is destroyed by your
    opponent" is 12-2-1-12-1's "Destroyed by an opponent" (their effect or a BP comparison with their Spirit)."""
    if t.event == "destroyed" and t.whose == "you" and t.by_opponent and not t.by_effect:
        return ("12-2-1-12-1",)
    return _COMMON.get((_fired_as(t, kind), t.whose, t.by_opponent), ())


def _later(state: State, log: EventLog, events: list[Ev]) -> tuple[State, list[Activation]]:
    """The parts set up for the end of the turn (7-9-1-2) / battle (8-1-7-1) that these events are: they activate
    now, once. The Standard rules do not describe effects set up for later; the engine activates them as effects
    that trigger at that timing, and says so."""
    if not state.delayed:
        return state, []
    ends = {"turn_end": "turn", "battle_end": "battle"}
    now = {ends[ev.kind] for ev in events if ev.kind in ends}
    due = [x for x in state.delayed if x.when in now]
    if not due:
        return state, []
    state = evolve(state, delayed=tuple(x for x in state.delayed if x.when not in now))
    out = []
    for x in due:
        effect = C.Effect(x.part.text, "delayed", parts=(replace(x.part, link="first") if x.part.cond is None else x.part,))
        out.append(Activation(x.controller, x.source, effect, x.it, event=f"{x.when}_end"))
        log.add("trigger", f'"{x.source}": "{x.part.text}", set up for the end of the {x.when}, activates (the Standard '
                           "rules do not describe effects set up for later: the engine activates it as an effect "
                           f"that triggers at the end of the {x.when}).",
                ("7-9-1-2",) if x.when == "turn" else ("8-1-7-1",), subject=x.source)
    return state, out


def _not_first(log: EventLog, uid: str, e: C.Effect, firsts: list[tuple[str, str]]) -> bool:
    """"The first time … each turn": whether its event has already happened this turn (then it does not activate);
    otherwise this is the first time, recorded whether or not the effect then activates (its Lv, its heading)."""
    if (uid, e.text) in firsts:
        log.add("no-trigger", f'"{uid}": "{e.text}": its event has already happened this turn, so this is not the '
                              "first time and it does not activate.", ("9-1-5-3", "1-4-1"), subject=uid)
        return True
    firsts.append((uid, e.text))
    log.add("first-time", f'"{uid}": "{e.text}": the first time this turn its event happens (the engine knows the '
                          "events since the scenario's first line; one before it is written `active: first time "
                          "passed`).", ("9-1-5-2-1", "1-4-1"), subject=uid)
    return False


def _firsts_off_field(state: State, events: list[Ev], firsts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The first time an event happens this turn is so for the cards off the Field too: one that comes onto it
    later this turn does not see a second one as the first."""
    out: list[tuple[str, str]] = []
    for who in PLAYERS:
        pl = state.p(who)
        for c in pl.hand + pl.trash + pl.removed + pl.deck_top + pl.deck_bottom:
            for e in (_triggered(c.effects) if c.effects else ()):
                assert e.trigger is not None
                if e.trigger.first and (c.uid, e.text) not in firsts and any(
                        _trig_matches(e.trigger, ev, who, c.uid, state) for ev in events):
                    out.append((c.uid, e.text))
    return out


def _turn_record(state: State, events: list[Ev], once: list[tuple[str, str]], firsts: list[tuple[str, str]]) -> State:
    """The turn's [Once per turn] uses (12-3-1) and first events ("The first time … each turn") after a batch."""
    if len(once) != len(state.once_used):
        state = evolve(state, once_used=tuple(once))
    firsts += _firsts_off_field(state, events, firsts)
    if len(firsts) != len(state.firsts):
        state = evolve(state, firsts=tuple(firsts))
    return state


def emit(state: State, log: EventLog, events: list[Ev]) -> State:
    """Effects whose timing the simultaneous `events` meet activate, each once (9-1-5-4), as one batch."""
    state, batch = _later(state, log, events)
    once = list(state.once_used)
    firsts = list(state.firsts)
    stacked: dict[tuple[str, str], str] = {}
    held: list[Activation] = []
    for who in PLAYERS:
        for c in state.p(who).field:
            if not c.effects:  # the usual card: nothing can activate
                continue
            for e in _triggered(c.effects):
                assert e.trigger is not None  # a triggered effect has its timing
                hits = [ev for ev in events if _trig_matches(e.trigger, ev, who, c.uid, state)]
                if not hits:
                    continue
                if e.trigger.first and _not_first(log, c.uid, e, firsts):
                    continue
                # 10-2-2-4: a card in the Pending State activates only effects of its leaving.
                leaving_self = _fired_as(e.trigger, hits[0].kind) in _LEAVING and e.trigger.whose == "self"
                if not leaving_self and state.pending_of(c.uid) is not None:
                    log.add("no-trigger", f'"{c.uid}" is in the Pending State: its "{e.text}" does not activate.',
                            ("10-2-2-4",), subject=c.uid)
                    continue
                if _inactive(state, log, who, c, e):
                    continue
                if e.once_per_turn and (c.uid, e.text) in once:
                    log.add("no-trigger", f'"{c.uid}": "{e.text}" has already activated this turn ([Once per turn]).',
                            ("12-3-1-1", "12-3-1-2"), subject=c.uid)
                    continue
                key = (c.name, e.text)
                if e.unstackable and key in stacked:
                    log.add("no-trigger", f'"{c.uid}": "{e.text}" is [Unstackable] and the same effect of a card with '
                                          f'the same name ("{stacked[key]}") already activates at this timing, so it does '
                                          "not activate again (the rules do not say which copy activates; the engine "
                                          "takes the one listed first, the effects being the same).", ("12-3-2-1", "12-3-2") + (("12-3-3-1",) if e.once_per_turn else ()),
                            subject=c.uid)
                    continue
                # 12-3-1-3 / 12-3-2-2: the same text on a card with another name is another effect.
                other_name = ((e.once_per_turn and any(t == e.text and u.split("#")[0] != c.name for u, t in once))
                              or (e.unstackable and any(t == e.text and n != c.name for n, t in stacked)))
                if e.unstackable:
                    stacked[key] = c.uid
                if e.once_per_turn:
                    once.append((c.uid, e.text))
                that, leaving = _that(state, e.trigger, hits)
                # "… after its effect resolves": held until the Magic card's effect has resolved (rules.use)
                (held if e.trigger.resolved else batch).append(Activation(who, c.uid, e, that, leaving, hits[0].kind))
                several = len(hits) > 1 or len(hits[0].uids) > 1 and e.trigger.whose != "self"
                log.add("trigger", f'"{c.uid}": "{e.text}" activates' + (
                    " once, though its condition was met by several simultaneous events" if several else "")
                        + (_LIFE_BY_ATTACK if e.trigger.event == "life_reduced" and e.trigger.whose == "self" else "")
                        + (_NESTED if e.nested else "")
                        + ".", ("9-1-5-1", "9-1-5-2") + _common_rules(e.trigger, hits[0].kind)
                        + (("9-1-5-4",) if several else ())
                        + _while_rules(e.while_)
                        + (("12-3-1-1",) if e.once_per_turn else ()) + (("9-3-3",) if leaving else ())
                        + ((("12-3-1-3",) if e.once_per_turn else ()) + (("12-3-2-2",) if e.unstackable else ())
                           if other_name else ()), subject=c.uid)
    state = _turn_record(state, events, once, firsts)
    state = _hold(state, log, held)
    if batch and state.waiting:
        log.add("priority", "These effects activated while others wait: they resolve first.", ("9-1-5-9", "9-4-1-1"))
    if batch:
        state = evolve(state, waiting=state.waiting.push(tuple(batch)))
    return state


def _hold(state: State, log: EventLog, held: list[Activation]) -> State:
    """Effects whose text has them resolve "after its effect resolves" (cards.Trig.resolved): kept until the Magic
    card's effect has resolved (rules.use releases them)."""
    for act in held:
        log.add("held", f'"{act.source}": its text says this effect resolves after the Magic card\'s effect resolves: it '
                        "waits until that effect has resolved (the card's text over the order of resolution, 1-4-1; "
                        "9-3-1-4).", ("1-4-1", "9-3-1-4"), subject=act.source)
    return evolve(state, after_magic=state.after_magic + tuple(held)) if held else state


# "When this spirit reduces your opponent's life": the Standard rules describe a Life reduced by a Spirit only through
# its unblocked attack (8-1-5-1), so that is the event the engine reads it as.
_LIFE_BY_ATTACK = (" (its unblocked attack reduced the Life by its symbols, 8-1-5-1: the Standard rules describe no "
                   "other way a Spirit reduces a Life)")


# "(When This Spirit Attacks) When this spirit is blocked, …" (cards.Effect.nested)
_NESTED = (" (its timing is printed under \"(When This Spirit Attacks)\": the Standard rules do not say what a timing "
           "under another timing means; the engine reads the first as 『During Attack』, 12-2-1-8-1, so that the second "
           "activates it while this Spirit is attacking)")


def _inactive(state: State, log: EventLog, who: str, c: Card, e: C.Effect) -> bool:
    """Whether `c`'s triggered effect `e` cannot activate now, said in the log: printed for other Lvs (2-8-2), or
    its condition does not hold (9-2-1)."""
    if e.levels and not at_level(state, who, c, e):
        log.add("no-trigger", f'"{c.uid}" is Lv{level(state, who, c)}: its "{e.text}" works only at '
                + "/".join(f"Lv{n}" for n in sorted(e.levels)) + ", so it does not activate.",
                ("2-8-2", "2-8-3"), subject=c.uid)
        return True
    if e.while_ is not None and not heading_met(state, who, c.uid, e.while_):
        log.add("no-trigger", f'"{c.uid}": "{e.text}" activates only {_while_words(e.while_)}: it does not '
                "activate now.", ("9-1-5-3",) + _while_rules(e.while_), subject=c.uid)
        return True
    return False


def _while_words(while_: str) -> str:
    return HEADINGS[while_][0] if while_ in HEADINGS else f"while this Spirit is {while_}"


def _while_rules(while_: str | None) -> tuple[str, ...]:
    """The rules of an effect's condition (9-2-1 and those of `HEADINGS`, 12-2-1-8/10); none without one."""
    if while_ is None:
        return ()
    return ("9-2-1",) + (HEADINGS[while_][1] if while_ in HEADINGS else (
        ("12-2-1-8-1", "12-2-1-8-2") if while_ == "attacking" else ("12-2-1-10-1", "12-2-1-10-2")))


def _choose(state: State, log: EventLog, cands: tuple[Activation, ...]) -> int:
    owners = {a.controller for a in cands}
    chooser = next(iter(owners)) if len(owners) == 1 else state.player
    rule = "9-1-5-7" if len(owners) == 1 else "9-1-5-8"
    labels = [f'"{a.source}": {a.effect.text}' for a in cands]

    def index(values: tuple[str, ...]) -> int | None:
        v = " ".join(values)
        hits = [i for i, a in enumerate(cands) if v in (labels[i], a.effect.text)]
        if not hits:  # a card's name names its effect only when it has just one waiting
            hits = [i for i, a in enumerate(cands) if v in (a.source, a.source.split("#")[0])]
        return hits[0] if len(hits) == 1 else None

    def valid(a: Answer) -> str | None:
        return None if index(a.values) is not None else ("answer with one of the waiting effects (a card with "
                                                        "several waiting effects is answered with the effect's text)")

    vals = ask(answers_of(log), Choice(chooser, f"{chooser} chooses which of the simultaneously activated effects "
                                       "resolves first", tuple(labels), rule, log.line), valid)
    k = index(vals)
    assert k is not None  # `valid` accepted the answer
    log.add("order", f'{chooser} chooses to resolve "{cands[k].source}" first.', (rule,) + (("9-4-1",) if rule == "9-1-5-8" else ()),
            subject=cands[k].source, facts=(("effect_order_chooser", chooser),))
    return k


def settle(state: State, log: EventLog) -> State:
    """Resolve every waiting effect (newest batch first), then finish leaving cards (10-2-2-5)."""
    if not state.waiting:  # the usual case: nothing waits (and perhaps nothing is leaving)
        return finish_pending(state, log)
    state = core_settle(state, log, get=lambda s: s.waiting, put=lambda s, w: evolve(s, waiting=w),
                        policy=OrderPolicy.MOST_RECENT_FIRST, choose=_choose, resolve=_resolve_and_finish)
    return finish_pending(state, log)


def _resolve_and_finish(state: State, log: EventLog, act: Activation) -> State:
    state = resolve(state, log, act)
    return finish_pending(state, log)


def finish_pending(state: State, log: EventLog) -> State:
    """10-2-2-5: a pending card whose leaving-effects have all resolved moves on; cores to the Reserve (4-5-4)."""
    if not state.pending:  # the usual case, after every resolution
        return state
    waiting_for = {u for b in state.waiting.batches for a in b for u in a.leaving} if state.waiting else set()
    for p in state.pending:
        if p.uid in waiting_for:
            continue
        loc = state.on_field(p.uid)
        state = evolve(state, pending=tuple(x for x in state.pending if x.uid != p.uid))
        if loc is None:
            continue
        who, card = loc
        state = _leave(state, log, who, card, p.why, p.by)
    return state


def _leave(state: State, log: EventLog, who: str, card: Card, why: str, by: str | None = None) -> State:
    pl = state.p(who)
    soul = "reserve" if pl.soul == card.uid else pl.soul
    fresh = evolve(card, cores=0, pose=Pose.REFRESHED)
    pl = evolve(pl, field=without(pl.field, card.uid), reserve=pl.reserve + card.cores, soul=soul)
    cores = f"; its {card.cores} core{'s go' if card.cores != 1 else ' goes'} to {who}'s Reserve" if card.cores else ""
    if why == "hand":
        pl = evolve(pl, hand=pl.hand + (fresh,))
        owner_note = f" (its owner's Hand, though {by}'s effect moved it)" if by and by != who else ""
        log.add("return", f'"{card.uid}" leaves the Pending State and returns to {who}\'s Hand{owner_note}{cores}.',
                ("10-2-2-5", "4-5-4", "4-1-4") + (("5-3-6",) if owner_note else ()), subject=card.uid)
    elif why in ("deck_top", "deck_bottom"):
        pl = _into_deck(pl, fresh, why)
        owner_note = f" (its owner's Deck, though {by}'s effect moved it)" if by and by != who else ""
        log.add("to-deck", f'"{card.uid}" leaves the Pending State and is put {_DEST[why].split("(")[1][:-1]} of '
                f"{who}'s Deck, face down{owner_note}{cores}: Deck {pl.deck - 1} → {pl.deck}.",
                ("10-2-2-5", "10-2-2-7", "4-2-2", "4-5-4", "4-1-4") + (("5-3-6",) if owner_note else ()),
                subject=card.uid, facts=(("to_deck", 1),))
    else:
        pl = evolve(pl, trash=pl.trash + (fresh,))
        rule = "5-10-1" if why == "destroyed" else "5-11-1"
        log.add("to-trash", f'"{card.uid}" leaves the Pending State and is placed in {who}\'s Trash{cores}.',
                ("10-2-2-5", rule, "4-5-4"), subject=card.uid)
    # "During this turn, as long as you control this spirit, …": what it set up ends as its card leaves (9-1-5-6)
    held = [a for a in state.continuous if a.duration == "turn_while_this" and a.source == card.uid]
    if held:
        log.add("expire", f'What "{card.uid}" applied "as long as you control this spirit" ends: it has left the Field'
                + " (" + "; ".join(f'{", ".join(a.targets)}' for a in held) + ").", ("9-1-5-6", "1-4-1"),
                subject=card.uid)
    cont = tuple(evolve(a, targets=tuple(t for t in a.targets if t != card.uid)) for a in state.continuous
                 if a not in held)
    if cont != state.continuous:
        log.add("forget", f'Effects that applied to "{card.uid}" no longer apply: it is a new card in its new area.',
                ("4-1-4",), subject=card.uid)
    return evolve(state.with_p(who, pl), continuous=tuple(a for a in cont if a.targets))


# ---------------------------------------------------------------------------------------------
# Leaving the Field: Destruction (5-10), returns (10-2-2-1), with replacement effects (9-1-8)


def _replacements(state: State, log: EventLog, who: str, uid: str, by: str | None) -> list[tuple[str, str, C.Effect]]:
    out: list[tuple[str, str, C.Effect]] = []
    card = state.p(who).find(uid)
    if card is None:
        return out
    for w in PLAYERS:
        for c in state.p(w).field:
            if not c.effects or state.pending_of(c.uid) is not None:  # (the usual card has no text)
                continue
            for e in effects_of(c):
                if e.kind != "replacement" or e.replaces is None or (e.by_opponent and (by is None or by == who)):
                    continue
                if not at_level(state, w, c, e):  # 2-8-2
                    continue
                if not _sel_matches(state, e.replaces, w, c.uid, uid, who, card):
                    continue
                # a heading ("(During Either Attack Step) When this spirit would be destroyed, …"): the replacement
                # applies only while it holds (its condition, 9-2-1)
                if e.while_ and not heading_met(state, w, c.uid, e.while_):
                    log.add("no-trigger", f'"{c.uid}": "{e.text}" applies only {_while_words(e.while_)}, which is not '
                                          "the case now: it does not replace this event.", _while_rules(e.while_),
                            subject=c.uid)
                    continue
                if e.cond is not None and not _cond_met(state, e.cond, w, False, c.uid):
                    log.add("no-trigger", f'"{c.uid}": "{e.text}" applies only if {e.cond.text()}, which is not the case '
                                          "now: it does not replace this event.", ("9-2-1", "5-19-2"), subject=c.uid)
                    continue
                if e.once_per_turn and (c.uid, e.text) in state.once_used:  # 12-3-1-1: used this turn already
                    log.add("no-trigger", f'"{c.uid}": "{e.text}" has already replaced an event this turn ([Once per '
                                          "turn]): it does not apply again.", ("12-3-1-1",), subject=c.uid)
                else:
                    out.append((w, c.uid, e))
    return out


def destroy(state: State, log: EventLog, items: list[tuple[str, str]], cause: Cause, why: str,
            rules: tuple[str, ...]) -> State:
    """Destroy cards simultaneously: (owner, uid). Replacement first (9-1-8); then the Pending State (10-2-2-1)."""
    events = []
    for who, uid in items:
        if state.on_field(uid) is None or state.pending_of(uid) is not None:
            continue
        by = cause.by if cause.kind == "effect" else other(who) if cause.kind == "battle" else None
        kept = _not_destroyed(state, uid, cause.kind == "effect", by is not None and by != who)
        if kept:
            log.add("not-destroyed", f'"{uid}" {why}, but it cannot {kept}: it is not Destroyed.',
                    rules + ("9-1-2-1", "9-1-2-2", "5-10-1") + (("5-4-2",) if "opposing" in kept else ()), subject=uid)
            continue
        reps = _replacements(state, log, who, uid, by)
        if reps:
            state, replaced = _apply_replacement(state, log, who, uid, reps)
            if replaced:
                continue
        state = evolve(state, pending=state.pending + (Pending(uid, "destroyed", by),))
        byt = f" by {by}'s {'Spirit in battle' if cause.kind == 'battle' else 'effect'}" if by else ""
        log.add("destroy", f'"{uid}" {why} and is Destroyed{byt}: it enters the Pending State.',
                rules + ("5-10-1", "10-2-2-1"), subject=uid, facts=(("by", by),))
        b = state.battle
        winner = (b.blocker if uid == b.attacker else b.attacker) if cause.kind == "battle" and b else None
        events.append(Ev("destroyed", (uid,), who, by=by, winner=winner, effect=cause.kind == "effect"))
    if events:  # one batch: the destructions were simultaneous
        state = emit(state, log, events)
    return state


def _not_destroyed(state: State, uid: str, by_effect: bool, by_opponent: bool) -> str | None:
    """The "cannot be destroyed …" applying to this Destruction (9-1-2-2: 'Cannot' first), if any."""
    words = forbidden(state, uid)
    for what, applies in (("be destroyed", True), ("be destroyed by effects", by_effect),
                          ("be destroyed by opposing effects", by_effect and by_opponent)):
        if applies and what in words:
            return what
    return None


def _cost_act(ctrl: str, src: str, eff: C.Effect, uid: str) -> Activation | None:
    """A replacement's "you may <cost> to <event> instead": the Activation paying the words before "to", if any."""
    k = next((i for i, p in enumerate(eff.parts) if p.link == "to"), 0)
    return evolve(Activation(ctrl, src, eff, (uid,), (), "replacement"), effect=evolve(eff, cost=eff.parts[:k])) if k else None


def _payable(state: State, act: Activation) -> bool:
    """Whether the cost can be paid in full now, tried on a scratch log: a choice it would ask means there is one to
    make (the real payment asks it); paid with nothing left to do short is payable too."""
    try:
        return run_cost(state, EventLog(), act)[1]
    except NeedsChoice:
        return True


def _not_paid(log: EventLog, src: str, uid: str, eff: C.Effect, asked: bool) -> None:
    k = next(i for i, p in enumerate(eff.parts) if p.link == "to")
    what = (f'so "{eff.text}" cannot replace the Destruction of "{uid}" and is not offered' if not asked else
            f'so "{uid}" is not kept by "{eff.text}" and is Destroyed')
    log.add("replace-none", f'"{src}": "{eff.parts[k - 1].text}" cannot be done in full{" now" if not asked else ""}, '
                            f'{what} (the Standard rules do not define "… to … instead": the engine reads the words '
                            "before \"to\" as a cost, which must be paid in full, as 9-1-6-2 says of an activated "
                            "effect's).", ("9-1-8-1", "9-1-6-2"), subject=src)


def _apply_replacement(state: State, log: EventLog, who: str, uid: str, reps) -> tuple[State, bool]:
    unpaid = [r for r in reps if (c := _cost_act(r[0], r[1], r[2], uid)) is not None and not _payable(state, c)]
    for _ctrl, src, eff in unpaid:  # never offered: "you may" is no option when the cost cannot be paid (9-1-6-2)
        _not_paid(log, src, uid, eff, asked=False)
    reps = [r for r in reps if r not in unpaid]
    if not reps:
        return state, False
    if len(reps) > 1:
        labels = [f'"{s}": {e.text}' for _w, s, e in reps]

        def match(vals: tuple[str, ...]) -> int | None:
            v = " ".join(vals)
            return next((i for i, (_w, s, _e) in enumerate(reps) if v in (s, s.split("#")[0])), None)

        mandatory = all(not e.parts[0].optional for _w, _s, e in reps)
        k = choose_replacement(answers_of(log), state.player, f'"{uid}" would be Destroyed: {state.player} (the turn player) '
                               "chooses which replacement effect applies", labels, mandatory=mandatory,
                               rule="9-1-8-1-3", line=log.line, match=match)
        if k is None:
            log.add("replace-none", f"{state.player} applies no replacement effect.", ("9-1-8-1-3",),
                    facts=(("substitution_chooser", state.player),))
            return state, False
        ctrl, src, eff = reps[k]
        log.add("replace-choice", f'{state.player}, the turn player, chooses the replacement effect of "{src}".',
                ("9-1-8-1-3",), subject=src, facts=(("substitution_chooser", state.player),))
    else:
        ctrl, src, eff = reps[0]
    if eff.parts[0].optional:
        yes = ask(answers_of(log), Choice(ctrl, f'Does {ctrl} use "{src}": {eff.text}?', ("yes", "no"), "9-1-2", log.line),
                  lambda a: None if " ".join(a.values).lower() in ("yes", "no") else "answer yes or no", default=("no",))
        if " ".join(yes).lower() != "yes":
            log.add("decline", f'{ctrl} does not use "{src}".', ("9-1-2",), subject=src)
            return state, False
    act = Activation(ctrl, src, eff, (uid,), (), "replacement")
    cost = _cost_act(ctrl, src, eff, uid)
    if cost is not None:  # "you may <cost> to <event> instead": the cost first, the event only when it was paid in full
        before, start = len(log), state
        state, full = run_cost(state, log, cost)
        if not full:  # payable by the scratch try, short in the real payment (its answers): nothing of it is done
            log.truncate(before)
            _not_paid(log, src, uid, eff, asked=True)
            return start, False
        act = evolve(act, effect=evolve(eff, parts=eff.parts[len(cost.effect.cost):]))
    log.add("replace", f'"{uid}" would be Destroyed; "{src}" replaces that: {eff.text}', ("9-1-8-1", "9-1-8-1-1")
            + (("9-1-8-1-2",) if len(reps) > 1 else ()) + (("12-3-1-1",) if eff.once_per_turn else ())
            + (("9-2-1",) if eff.cond is not None else ()), subject=src)
    if eff.once_per_turn:  # 12-3-1-1: [Once per turn] holds for a replacement effect too; this turn's use recorded
        state = evolve(state, once_used=state.once_used + ((src, eff.text),))
    state = run_parts(state, log, act, it=(uid,), skip_optional=True)
    return state, True


def leave_to_hand(state: State, log: EventLog, uid: str, cause: Cause, why: str = "hand") -> State:
    """The card enters the Pending State of returning to the Hand (`why` "hand") or to the top / bottom of the Deck
    ("deck_top" / "deck_bottom"), 10-2-2-1; it moves on when its leaving-effects have resolved (finish_pending)."""
    loc = state.on_field(uid)
    if loc is None:
        return state
    where = _DEST[why]
    old = state.pending_of(uid)
    if old is not None:
        if old.why == why:
            log.add("nothing", f'"{uid}" is already in the Pending State of returning to the {where}: it cannot enter it '
                               "again.", ("10-2-2-6-1",), subject=uid)
            return state
        # 10-2-2-6: another pending state; what its first one activated can no longer resolve (10-2-2-6-2), and an
        # effect that moves it says where it goes (10-2-2-7, 4-1-6 "unless otherwise specified").
        dropped = [a for b in state.waiting.batches for a in b if uid in a.leaving] if state.waiting else []
        w = Waiting(tuple(tuple(a for a in b if uid not in a.leaving) for b in state.waiting.batches))
        w = Waiting(tuple(b for b in w.batches if b))
        state = evolve(state, waiting=w, pending=tuple(Pending(uid, why, cause.by) if p.uid == uid else p
                                                       for p in state.pending))
        log.add("pending", f'"{uid}" changes from the Pending State of being {old.why} to that of returning to the '
                f'{where}'
                + (": " + ", ".join(f'"{a.source}"' for a in dropped) + " can no longer resolve (the engine reads 'effects "
                   "triggered by the previous pending state' as every effect its leaving activated)" if dropped else "")
                + ".", ("10-2-2-6", "10-2-2-6-2", "10-2-2-7"), subject=uid)
        return state
    state = evolve(state, pending=state.pending + (Pending(uid, why, cause.by),))
    log.add("pending", f'"{uid}" is to return to the {where}: it enters the Pending State.', ("10-2-2-1", "5-17-1"),
            subject=uid)
    return state


# ---------------------------------------------------------------------------------------------
# Resolution (9-3) and the instructions


def resolve(state: State, log: EventLog, act: Activation) -> State:
    e = act.effect
    if e.kind == "delayed":  # set up by a resolved effect: it activates whether or not its card is on the Field
        log.add("resolve", f'"{act.source}" ({act.controller}): "{e.text}" resolves.', ("9-3-1-3", "9-3-1-4"),
                subject=act.source)
        return run_parts(state, log, act, it=act.that)
    if e.kind == "triggered" and e.trigger is not None:
        loc = state.on_field(act.source)
        pend = state.pending_of(act.source)
        fired = _fired_as(e.trigger, act.event)
        leaving_self = fired in _LEAVING and e.trigger.whose == "self"
        if loc is None or (pend is not None and not leaving_self):
            log.add("fizzle", f'"{act.source}" has left the Field before its effect activated: "{e.text}" can no '
                              "longer activate.", ("9-1-5-5", "9-4-1-2"), subject=act.source)
            return state
        if fired == "exhausted" and e.trigger.whose == "self":
            c = loc[1]
            if c.pose is Pose.REFRESHED:
                log.add("fizzle", f'"{act.source}" was Refreshed before its "When Exhausted" effect resolved: it cannot '
                                  "activate.", ("5-15-2",), subject=act.source)
                return state
    log.add("resolve", f'"{act.source}" ({act.controller}): "{e.text}" resolves.', ("9-3-1-3", "9-3-1-4"),
            subject=act.source)
    return run_parts(state, log, act)


def run_cost(state: State, log: EventLog, act: Activation) -> tuple[State, bool]:
    """An activated effect's cost (9-1-6-2): (state, resolved completely)."""
    cost_act = evolve(act, effect=evolve(act.effect, parts=act.effect.cost))
    before = len(log)
    state = run_parts(state, log, cost_act, skip_optional=True)
    steps = log.events[before:]
    partial = any("1-4-2" in ev.rules or "1-4-2-1" in ev.rules or ev.kind == "nothing" for ev in steps)
    return state, not partial


def _spirits(state: State, who: str) -> int:
    """Spirits `who` has: on their Field, those in the Pending State too (5-17-1: still on the Field, leaving it)."""
    return sum(c.type is CardType.SPIRIT for c in state.p(who).field)


def _cond_met(state: State, c: C.Cond, ctrl: str, destroyed_any: bool, source: str = "",
              chosen: tuple[str, ...] = ()) -> bool:
    if c.kind == "destroyed":
        return destroyed_any
    if c.kind.startswith("it_card"):  # the card revealed from the top of the Deck, by its printed information
        shown = _still_revealed(state, ctrl, chosen)
        fits = [_sel_matches_static(c.sel, ctrl, source, card.uid, ctrl, card) for card in shown] if c.sel else []
        return bool(shown) and (all(fits) if c.kind == "it_card" else not any(fits))
    if c.kind.startswith("hand_"):  # 4-3: the cards in each player's Hand now (its count is known to both)
        mine, theirs = state.p(ctrl).hand_count, state.p(other(ctrl)).hand_count
        return mine < theirs if c.kind == "hand_fewer" else mine > theirs
    if c.kind.startswith("it_is"):  # the card selected before, as it is now; nothing selected: not met
        cards = [loc[1] for u in chosen if (loc := state.on_field(u)) is not None]
        if c.what.startswith("bp"):  # "it has N or less/more BP": its BP now (2-8-2, the effects applying to it)
            want = ("<=" if c.what[2:4] == "<=" else ">=", int(c.what[4:]))
            return bool(cards) and all(_compare(bp(state, card.uid) or 0, want) for card in cards)
        return bool(cards) and all(_is(card, c.what) is (c.kind == "it_is") for card in cards)
    if c.kind.startswith("this_is"):  # the effect's own card on the Field, its state now (5-5-1); off it: not met
        own = state.on_field(source)
        return own is not None and _is(own[1], c.what) is (c.kind == "this_is")
    if c.kind == "soul":  # 5-7-1: the Soul Core is on the effect's own card (its controller's one Soul Core)
        return soul_on(state, ctrl, source)
    if c.kind == "soul_paid":  # 5-7-1, 5-7-3: the Soul Core among the cores paid for its cost (rules._pay records it)
        return source in state.soul_paid
    if c.kind == "soul_in":  # 5-7-1, 5-7-3: the controller's one Soul Core is in the area named now
        where = state.p(ctrl).soul
        if where is None:
            raise Unsupported(f'"{source}" looks at where {ctrl}\'s Soul Core is, and the scenario does not say: write it '
                              f'on the player line (e.g. `{ctrl}: reserve 3, soul core in reserve`)')
        return where == c.what
    if c.kind.startswith("count_"):
        return _count_met(state, c, ctrl, source)
    if c.kind == "turn":  # 5-3-2: the turn player
        return state.player == (ctrl if c.who == "you" else other(ctrl))
    if c.kind.startswith("control"):
        n = _controlled(state, c, ctrl, source)
        return n <= c.n if c.kind == "control_le" else n >= c.n
    if c.kind.startswith("spirits"):
        n = _spirits(state, ctrl)
        return n <= c.n if c.kind == "spirits_le" else n >= c.n
    life = state.p(ctrl if c.who == "you" else other(ctrl)).life
    return life <= c.n if c.kind == "life_le" else life >= c.n


def counted(state: State, c: C.Cond, ctrl: str, source: str) -> int | None:
    """The number a counted condition compares (None: the effect's own card is not on the Field). 4-1-2: the cards
    and cores of each area are public; the Deck's size must be given (a scenario may leave it unsaid)."""
    pl = state.p(ctrl if c.who == "you" else other(ctrl))
    if c.what.startswith("symbols"):  # 2-10: the symbols of the cards on the Field, of the colour named
        color = c.what.partition(":")[2]
        return sum(1 for card in pl.field for s in card.symbols if not color or color in s)
    if c.what in _AREA_COUNT:
        if c.what == "deck" and pl.deck is None:
            who = ctrl if c.who == "you" else other(ctrl)
            raise Unsupported(f"{who}'s deck size is needed to count it; give it on the player line "
                              f"(e.g. `{who}: deck 30`)")
        return _AREA_COUNT[c.what](pl)
    own = state.on_field(source)
    if own is None:
        return None
    if c.what == "cores_this":
        return own[1].cores
    if c.what == "bp_this":
        return bp(state, source) or 0
    return level(state, own[0], own[1])


_AREA_COUNT = {"hand": lambda pl: pl.hand_count, "trash": lambda pl: pl.trash_count, "deck": lambda pl: pl.deck,
               "reserve": lambda pl: pl.reserve, "trash_cores": lambda pl: pl.trash_cores}
# The rules a counted condition rests on, by what it counts.
COUNT_RULES = {"hand": ("4-1-2", "4-3-1"), "trash": ("4-1-2", "4-4-1"), "deck": ("4-1-2", "4-2-1"),
               "reserve": ("4-1-2", "4-6-1"), "trash_cores": ("4-1-2", "4-4-1"), "cores_this": ("4-1-2", "4-5-1"),
               "bp_this": ("2-8-2", "2-9-2"), "lv_this": ("2-8-2", "2-8-3"), "symbols": ("2-10-1", "2-10-2", "4-5-2")}


def _count_met(state: State, c: C.Cond, ctrl: str, source: str) -> bool:
    n = counted(state, c, ctrl, source)
    if n is None:
        return False
    return n <= c.n if c.kind == "count_le" else n >= c.n if c.kind == "count_ge" else n == c.n


def cond_met(state: State, c: C.Cond, ctrl: str, source: str) -> bool:
    """A condition checked outside an effect's resolution (a card's own cost, rules.confirmed_cost)."""
    return _cond_met(state, c, ctrl, False, source)


def _controlled(state: State, c: C.Cond, ctrl: str, source: str) -> int:
    """The cards of a player's Field (4-5-1) the condition's description fits, now; those in the Pending State
    counted, as `_spirits` counts them (5-17-1: still on the Field)."""
    who = ctrl if c.who == "you" else other(ctrl)
    assert c.sel is not None
    return sum(1 for card in state.p(who).field if _sel_matches(state, c.sel, ctrl, source, card.uid, who, card))


def _is(card: Card, what: str) -> bool:
    """A card's colour (2-11-1-1; a card of several colours is each, 2-11-1-2) or state (5-5-1)."""
    if what in ("exhausted", "refreshed", "heavy exhausted"):
        return card.pose is Pose(what)
    return what in card.colors


# The rules a condition on the selected card rests on: its colour or its state.
_IT_RULES = {"exhausted": ("5-5-1", "5-5-1-2"), "refreshed": ("5-5-1", "5-5-1-1"),
             "heavy exhausted": ("5-5-1", "5-5-1-3")}
_IT_BP_RULES = ("2-8-2", "2-8-4")  # its BP: that of its Lv, with the effects applying to it


def run_parts(state: State, log: EventLog, act: Activation, it: tuple[str, ...] = (),
              skip_optional: bool = False) -> State:
    """The parts of an effect in the order written (1-4-7), joined as 5-19 says."""
    did_prev = False
    prev_full = True  # the part before was performed completely ("… to …")
    all_full = True  # every part so far was performed completely (5-19-5)
    destroyed_any = False
    added_any = False  # a revealed card was added to the Hand (TakeRevealed): "If you add a card to your hand with this effect"
    chosen = it
    for part in act.effect.parts:
        if part.link == "then":
            log.add("then", f"'Then,': \"{part.text}\" resolves whether or not the part before it could.",
                    ("5-19-1",), subject=act.source)
        elif part.link == "if" and part.cond is not None:
            met = (added_any if part.cond.kind == "added"
                   else _cond_met(state, part.cond, act.controller, destroyed_any, act.source, chosen))
            count = (f" ({act.controller} has {_spirits(state, act.controller)} Spirits on the Field, those in the "
                     "Pending State counted: 5-17-1)") if part.cond.kind.startswith("spirits") else ""
            if part.cond.kind.startswith("control"):
                count = (f" ({_controlled(state, part.cond, act.controller, act.source)} on the Field now, those in the "
                         "Pending State counted: 4-5-1, 5-17-1)")
            pending = part.cond.kind == "soul" and state.pending_of(act.source) is not None
            if pending:  # 10-2-2-5: its cores leave it only when it moves to the Trash
                count = (f' ("{act.source}" is in the Pending State and keeps its cores until it is moved to the '
                         "Trash)")
            log.add("condition", f"'If {part.cond.text()},': the condition is {'met' if met else 'not met'}{count}"
                    + ("" if met else f", so \"{part.text}\" does not activate") + ".",
                    ("5-19-2",) + (("5-7-1",) if part.cond.kind in ("soul", "soul_paid", "soul_in") else ())
                    + (("4-5-1",) if part.cond.kind.startswith("control") else ()) + (("10-2-2-5",) if pending else ())
                    + (("2-1-1",) if part.cond.sel is not None and _by_name(part.cond.sel) else ())
                    + (("4-3-1",) if part.cond.kind.startswith("hand_") else ())
                    + (COUNT_RULES[part.cond.what.split(":")[0]] if part.cond.kind.startswith("count_") else ())
                    + (("5-3-2",) if part.cond.kind == "turn" else ())
                    + ((("9-3-2",) + (_IT_BP_RULES if part.cond.what.startswith("bp") else _IT_RULES.get(part.cond.what, ("2-11-1-1",))))
                       if part.cond.kind.startswith("it_is") else ())
                    + (("9-2-1",) if not met else ()), subject=act.source)
            if not met:
                continue
        elif part.link in _REQUIRED:
            if not _required(log, act, part, all_full if part.link == "must" else prev_full):
                continue
        elif part.link == "after":
            if not did_prev:
                log.add("condition", f"'After this effect resolves,': the effect before it could not be done at all, "
                                     f'so "{part.text}" does not activate.', ("5-19-3",), subject=act.source)
                continue
            if state.waiting:
                log.add("after", "'After this effect resolves,': the triggered effects the part before activated "
                                 "resolve first.", ("5-19-4",), subject=act.source)
                state = settle(state, log)
            log.add("after", f"'After this effect resolves,': \"{part.text}\" now activates.", ("5-19-3", "5-19-4"),
                    subject=act.source)
        if part.optional and not skip_optional:
            yes = ask(answers_of(log), Choice(act.controller, f'"{act.source}": does {act.controller} do "{part.text}"?',
                                          ("yes", "no"), "9-1-2", log.line),
                      lambda a: None if " ".join(a.values).lower() in ("yes", "no") else "answer yes or no",
                      default=("no",))
            if " ".join(yes).lower() != "yes":
                log.add("decline", f'{act.controller} chooses not to "{part.text}".', ("9-1-2",), subject=act.source)
                did_prev = all_full = prev_full = False
                continue
        did, full = False, True
        directives = part.directives if part.instead is None else _instead(state, log, act, part, destroyed_any, chosen)
        for d in directives:
            before = len(log)
            state, done, chosen, killed = _DO[type(d)](state, log, act, d, chosen)
            state = rule_processing(state, log, Cause("effect", act.controller, act.source))
            did = did or done
            destroyed_any = destroyed_any or killed
            added_any = added_any or (done and isinstance(d, C.TakeRevealed))
            # A part is not resolved in full when nothing was done, or only partly (a 1-4-2 step was logged).
            partial = any("1-4-2" in ev.rules or "9-3-2-1" in ev.rules and ev.kind == "as-many"
                          for ev in log.events[before:])
            full = full and done and not partial
        all_full = all_full and full
        did_prev, prev_full = did, full
    return state


def _instead(state: State, log: EventLog, act: Activation, part: C.Part, destroyed_any: bool,
             chosen: tuple[str, ...]) -> tuple:
    """"X. If CONDITION, Y instead.": a replacement of X by Y (9-1-8-1, 9-1-8-1-1) when the condition is met as X is
    about to resolve (5-19-2); X as written otherwise."""
    alt = part.instead
    assert alt is not None and alt.cond is not None
    met = _cond_met(state, alt.cond, act.controller, destroyed_any, act.source, chosen)
    log.add("condition", f"'If {alt.cond.text()}, … instead': the condition is {'met' if met else 'not met'}, so "
            + (f'"{alt.text}" is done in place of "{part.text}".' if met else f'"{part.text}" is done as written.'),
            ("5-19-2",) + (("9-1-8-1", "9-1-8-1-1") if met else ()) + (("5-7-1",) if alt.cond.kind in ("soul", "soul_paid") else ()),
            subject=act.source)
    return alt.directives if met else part.directives


# Parts done only when what is before them was done in full: 'must' (5-19-5: all the text before it) and '… to …'
# (the part just before it: the Standard rules do not define this wording, the engine reads it as 5-19-5 reads
# 'must'). The words of the step when it is not done / done, and the rules cited.
_REQUIRED = {
    "must": ("'must': the text before \"{t}\" could not be resolved in full, so it cannot be activated.",
             "'must': everything before it was resolved, so \"{t}\" is activated and resolved as much as possible.",
             ("5-19-5", "9-1-2")),
    "to": ("'… to …': the words before 'to' were not done in full, so \"{t}\" is not done (the Standard rules do not "
           "define this wording: the engine reads the words before 'to' as what must be done first, as 5-19-5 says "
           "of 'must').",
           "'… to …': the words before 'to' were done in full, so \"{t}\" is done (the Standard rules do not define "
           "this wording; the engine reads it as 5-19-5 reads 'must').", ("5-19-5",)),
    # 5-19-2 "If [condition is met],": the condition "you do" is that the part just before it was done; the rules do
    # not say whether a part done only partly counts, and the engine reads it as done in full (as '… to …' above)
    "did": ("'If you do,': the part before it was not done in full, so the condition is not met and \"{t}\" is not "
            "activated (the Standard rules do not say whether a part done only partly counts: the engine reads 'you do' "
            "as done in full).",
            "'If you do,': the part before it was done in full, so the condition is met and \"{t}\" is activated.",
            ("5-19-2",)),
}


def _required(log: EventLog, act: Activation, part: C.Part, full_before: bool) -> bool:
    not_done, done, rules = _REQUIRED[part.link]
    if not full_before:
        log.add("condition", not_done.format(t=part.text), rules if part.link == "did" else ("5-19-5",),
                subject=act.source)
        return False
    log.add(part.link, done.format(t=part.text), rules, subject=act.source)
    return True


def _select(state: State, log: EventLog, act: Activation, sel: C.Sel, chosen: tuple[str, ...],
            verb: str, exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    if sel.ref == "this":
        return (act.source,) if state.on_field(act.source) else ()
    if sel.ref in ("it", "that"):
        src = chosen if sel.ref == "it" and chosen else act.that
        return tuple(u for u in src if state.on_field(u))
    if sel.ref is not None:
        b = state.battle
        u = (b.attacker if sel.ref == "attacker" else b.blocker) if b else None
        return (u,) if u and state.on_field(u) else ()
    eligible = [c.uid for who in PLAYERS for c in state.p(who).field
                if state.pending_of(c.uid) is None and c.uid not in exclude
                and _sel_matches(state, sel, act.controller, act.source, c.uid, who, c)]
    if isinstance(sel, C.RankedSel):
        _log_ranked(state, log, act, sel, eligible)
    if sel.count is not None:
        eligible = _selectable(state, log, act, eligible)
    if sel.count is None:
        if sel.level or sel.plain or _by_name(sel):
            # described by the Lv each card is now (2-8-3) / the effects its text lists (2-7-1) / its card name (2-1-1)
            by = ("the Lv each card is now" if sel.level else "the effects each card's text lists" if sel.plain
                  else "each card's card name")
            log.add("targets", f'"{act.source}": {sel.text()}, by {by}: '
                    + (", ".join(f'"{u}"' for u in eligible) or "there is none") + ".",
                    (("2-8-3", "2-8-2") if sel.level else ()) + (("2-7-1",) if sel.plain else ())
                    + _name_rules(sel),
                    subject=act.source, facts=(("eligible", tuple(eligible)),))
        return tuple(eligible)
    return _pick(log, act, sel, eligible, verb, (("5-7-1",) if sel.soul is not None else ()) + (("2-10-3",) if sel.symbols else ())
                 + (_BATTLING_RULES if sel.battling else ()) + (("2-8-3",) if sel.level else ())
                 + _name_rules(sel))


def _log_ranked(state: State, log: EventLog, act: Activation, sel: C.RankedSel, eligible: list[str]) -> None:
    """"with the lowest BP": which cards have it now, with the number compared (BP 2-8-2 / cost 2-2-1)."""
    what = "BP" if sel.rank.endswith("bp") else "cost"
    shown = ", ".join(f'"{u}" ({_rank_value(state, sel.rank, u, state.field_card(u)[1])} {what})' for u in eligible)
    log.add("targets", f'"{act.source}": {sel.text()}, compared as the effect resolves: '
            + (shown or "there is none") + (" (tied: each fits)" if len(eligible) > 1 else "") + ".",
            ("2-8-2", "2-9-2") if what == "BP" else ("2-2-1",), subject=act.source, facts=(("eligible", tuple(eligible)),))


_BATTLING_RULES = ("8-1-1-1", "8-1-3-1")
_UNSELECTABLE = "be selected by opposing effects"


def _source_kind(state: State, act: Activation) -> str | None:
    """The card type of the card whose effect this is (2-5): a Magic card's effect (9-1-7), or the Spirit / Nexus on
    the Field (in the Pending State included) whose effect it is; None when it is neither."""
    if act.effect.kind == "magic":
        return "magic"
    loc = state.on_field(act.source)
    return loc[1].type.value if loc is not None else None


def _selectable(state: State, log: EventLog, act: Activation, eligible: list[str]) -> list[str]:
    """The cards an effect may select (9-3-2): not the opponent's cards that "cannot be selected by your opponent's
    effects" ('Cannot' first, 9-1-2-2; the opponent's effects, 5-4-2)."""
    if not state.continuous and not _texts_on_field(state):  # the usual board: nothing forbids it
        return eligible
    out = []
    kind = _source_kind(state, act)
    for u in eligible:
        owner = state.field_card(u)[0]
        forb = forbidden(state, u) if owner != act.controller else _NOTHING_FORBIDDEN
        by_kind = kind is not None and f"be selected by opposing {kind} effects" in forb
        if _UNSELECTABLE in forb or by_kind:
            log.add("unselectable", f'"{u}" cannot be selected by {act.controller}\'s '
                    + (f"{kind} " if by_kind else "") + "effects: it is not among the cards to select ('Cannot' "
                    "first).", ("9-3-2", "9-1-2-2", "5-4-2") + (("2-5-2",) if by_kind else ()), subject=u)
            continue
        out.append(u)
    return out


def _pick(log: EventLog, act: Activation, sel: C.Sel, eligible: list[str], verb: str,
          rules: tuple[str, ...] = ()) -> tuple[str, ...]:
    """9-3-2: the controller selects `sel.count` (or up to) of the eligible cards when the effect resolves: asked,
    never guessed, unless the count leaves no choice (9-3-2-1: as many as possible)."""
    assert sel.count is not None
    # the player the text names selects ("your opponent selects one of their spirits"); else the effect's (9-3-2-3)
    chooser = other(act.controller) if sel.chooser == "opponent" else act.controller
    if chooser != act.controller:
        rules = rules + ("9-3-2-3",)
        log.add("chooser", f'"{act.source}": the text names the player who selects: {chooser}, {act.controller}\'s '
                           "opponent (the effect's player selects only when the text names no player, 9-3-2-3).",
                ("9-3-2", "9-3-2-3"), subject=act.source)
    log.add("targets", f'"{act.source}" selects {sel.text()} to {verb}: '
            + (", ".join(f'"{u}"' for u in eligible) or "there is none") + ".", ("9-3-2", "9-2-2") + rules,
            subject=act.source, facts=(("eligible", tuple(eligible)),))
    if not eligible:
        log.add("nothing", f"Nothing can be selected, so \"{verb}\" is not performed.", ("1-4-2", "9-3-2-1"),
                subject=act.source)
        return ()
    if len(eligible) <= sel.count and not sel.up_to:
        if len(eligible) < sel.count:
            log.add("as-many", f"Only {len(eligible)} can be selected: as many as possible are.", ("9-3-2-1", "1-4-2"))
        return tuple(eligible)
    count = sel.count
    want = f"up to {count}" if sel.up_to else str(count)

    def valid(a: Answer) -> str | None:
        vals = [v for v in a.values if v.lower() != "none"]
        if any(v not in eligible for v in vals):
            return "choose among " + ", ".join(f'"{u}"' for u in eligible)
        if len(set(vals)) != len(vals) or len(vals) > count or (not sel.up_to and len(vals) != count):
            return f"choose {want}"
        return None

    vals = ask(answers_of(log), Choice(chooser, f'Which {sel.text()} does {chooser} select for "{act.source}" '
                                   f"({want})?", tuple(eligible) + (("none",) if sel.up_to else ()),
                                   "9-3-2-1" if not sel.up_to else "1-4-5-1", log.line, pick=sel.count), valid)
    picked = tuple(v for v in vals if v.lower() != "none")
    log.add("select", f"{chooser} selects " + (", ".join(f'"{u}"' for u in picked) or "nothing") + ".",
            ("9-3-2",) + (("1-4-5-1", "9-3-2-1") if sel.up_to and len(picked) < sel.count else ()), subject=act.source)
    return picked


def _draw(state: State, log: EventLog, act: Activation, d: C.Draw, chosen):
    players = PLAYERS if d.who == "each" else (act.controller if d.who == "you" else other(act.controller),)
    done = False
    for who in players:
        pl = state.p(who)
        if pl.deck is None:
            raise Unsupported(f"{who}'s deck size is needed to draw; give it on the player line (e.g. `{who}: deck 30`)")
        pl2, known, unknown = take_top(pl, d.n)
        n = len(known) + unknown
        state = state.with_p(who, evolve(pl2, hand=pl.hand + known, hand_unknown=pl.hand_unknown + unknown))
        short = f" (only {n}: the Deck has no more)" if n < d.n else ""
        log.add("draw", f"{who} draws {d.n} card{'s' * (d.n != 1)}{short}; Hand {pl.hand_count} → {pl.hand_count + n}.",
                ("5-6-2", "5-6-3") + (("1-4-2",) if n < d.n else ()), subject=act.source, facts=(("drawn", n),))
        done = done or n > 0
    return state, done, chosen, False


def _discard_top(state: State, log: EventLog, act: Activation, d: C.DiscardTop, chosen):
    """5-13-1: the top N cards of the Deck go to their owner's Trash (4-4-1), moved at once and placed one by one
    (4-2-3). They stay unknown: the Deck is private (4-2-2) and the scenario names no card in it, so the Trash
    gains that many unnamed cards. A Deck with fewer cards discards what it has (1-4-2); an empty Deck loses the
    game only at its owner's Start Step (1-3-8, 7-2-2), not here."""
    who = act.controller if d.who == "you" else other(act.controller)
    pl = state.p(who)
    if pl.deck is None:
        raise Unsupported(f"{who}'s deck size is needed to discard from it; give it on the player line "
                          f"(e.g. `{who}: deck 30`)")
    pl2, known, unknown = take_top(pl, d.n)
    n = len(known) + unknown
    # a later part chooses among the cards discarded ("… and return one purple spirit card from them to your hand"):
    # they are the part's result, and each must be known (the engine never invents a card)
    among = any(isinstance(x, C.FromTrash) and x.discarded for p in act.effect.parts for x in p.directives)
    if among and unknown:
        raise Unsupported(f'"{act.source}" chooses among the cards it discards from the top of {who}\'s Deck, and the '
                          f"scenario does not name {unknown} of them: name the top of the Deck on `{who} deck:` lines")
    state = state.with_p(who, evolve(pl2, trash=pl.trash + known, trash_unknown=pl.trash_unknown + unknown))
    short = f" (only {n}: the Deck has no more)" if n < d.n else ""
    names = f" ({_names(tuple(c.uid for c in known))})" if among and known else ""
    log.add("discard", f"{who} discards the top {d.n} card{'s' * (d.n != 1)} of their Deck{names}{short}: Deck "
            f"{pl.deck} → {pl.deck - n}, Trash {pl.trash_count} → {pl.trash_count + n} cards.",
            ("5-13-1", "4-4-1", "4-2-3") + (("1-4-2",) if n < d.n else ()), subject=act.source,
            facts=(("discarded", n),))
    return state, n > 0, tuple(c.uid for c in known) if among else chosen, False


def _discard_hand(state: State, log: EventLog, act: Activation, d: C.DiscardHand, chosen):
    """5-13-1: cards of the controller's Hand into their Trash (4-4-1); they choose which (the Hand is theirs to look
    at, 4-3-2). Cards the scenario does not name stay unnamed: discarding "a card" from them needs no name, but which
    of them fits a description ("a red card") cannot be known, so that is refused (the engine never invents a card).
    A Hand with fewer cards discards what it has (1-4-2). "Your opponent discards …": the opponent's Hand, and they
    choose (the text names who discards; the owner looks at their Hand, 4-3-2). "Each player discards …": both, the
    turn player first (1-4-4: the rules say the turn player goes first when players choose at the same time)."""
    if d.who == "each":
        done = False
        for who in (state.player, other(state.player)):
            state, did = _discard_from(state, log, act, d, who)
            done = done or did
        if done:
            log.add("order", "Both players have discarded; the turn player chose first.", ("1-4-4",),
                    subject=act.source)
        return state, done, chosen, False
    state, done = _discard_from(state, log, act, d, act.controller if d.who == "you" else other(act.controller))
    return state, done, chosen, False


def _discard_from(state: State, log: EventLog, act: Activation, d: C.DiscardHand, who: str) -> tuple[State, bool]:
    """`who` discards the cards `d` says from their Hand (5-13-1), choosing which (4-3-2)."""
    pl = state.p(who)
    if d.sel is not None and pl.hand_unknown:
        raise Unsupported(f'"{act.source}" discards {d.sel.text()} from {who}\'s Hand, and the scenario does not name '
                          f"{pl.hand_unknown} of its cards: the engine never invents a card; name the cards of the "
                          f"Hand on `{who} hand:` lines")
    named = [c.uid for c in pl.hand if d.sel is None or _sel_matches_static(d.sel, act.controller, act.source, c.uid, who, c)]
    most = len(named) + (pl.hand_unknown if d.sel is None else 0)
    n = min(d.n, most)
    if n <= 0:
        log.add("nothing", f"{who} has no card in their Hand that can be discarded" + (f" ({d.sel.text()})" if d.sel
                else "") + ".", ("1-4-2",), subject=act.source)
        return state, False
    picked = _hand_pick(log, act, named, pl.hand_unknown if d.sel is None else 0, n, chooser=who)
    unnamed = n - len(picked)
    taken = tuple(c for c in pl.hand if c.uid in picked)
    state = state.with_p(who, evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in picked),
                                     hand_unknown=pl.hand_unknown - unnamed, trash=pl.trash + taken,
                                     trash_unknown=pl.trash_unknown + unnamed))
    what = ", ".join([f'"{u}"' for u in picked] + ([f"{unnamed} unnamed card{'s' * (unnamed != 1)}"] if unnamed else []))
    log.add("discard", f"{who} discards {what} from their Hand: Hand {pl.hand_count} → {pl.hand_count - n}, Trash "
            f"{pl.trash_count} → {pl.trash_count + n} cards.", ("5-13-1", "4-4-1") + (("1-4-2",) if n < d.n else ())
            + (("4-3-2",) if who != act.controller else ()),
            subject=act.source, facts=(("discarded", n),))
    return state, True


UNNAMED = "an unnamed card"  # the option naming a card of the Hand the scenario does not name (the dialect reads it)


def _hand_pick(log: EventLog, act: Activation, named: list[str], unknown: int, n: int, verb: str = "discard",
               rule: str = "5-13-1", chooser: str | None = None) -> tuple[str, ...]:
    """Which named cards of the Hand are discarded (the rest of the `n` are unnamed ones): asked when there is a
    choice, never guessed (4-3-2: the owner looks at their Hand and chooses)."""
    if not named or len(named) + unknown <= n:
        return tuple(named)
    options = tuple(named) + ((UNNAMED,) if unknown else ())

    def valid(a: Answer) -> str | None:
        vals = [v for v in a.values if v != UNNAMED]
        if any(v not in named for v in vals) or len(set(vals)) != len(vals):
            return "choose among " + ", ".join(f'"{o}"' for o in options)
        if len(a.values) != n or len(a.values) - len(vals) > unknown:
            return f"choose {n}"
        return None

    who = chooser or act.controller
    vals = ask(answers_of(log), Choice(who, f'Which card{"s" * (n != 1)} does {who} {verb} from '
                                       f'their Hand for "{act.source}" ({n})?', options, rule, log.line, pick=n), valid)
    return tuple(v for v in vals if v != UNNAMED)


def _discard_count(state: State, log: EventLog, act: Activation, d: C.DiscardCount, chosen):
    """"Discard a number of cards from the top of … deck equal to COUNT": COUNT is taken when the effect resolves
    (9-3-1-3), then the top cards are discarded as `_discard_top` does (5-13-1). Cores on a card that has left the
    Field are none: there is no such card on the Field to count them on."""
    n = _counted(state, log, act, d.count, chosen) * d.each  # "the top N cards … for each SEL": N per card counted
    what = f"{d.each} × the number of {d.count.text()}" if d.each != 1 else f"the number of {d.count.text()}"
    if d.count.what == "cost":  # the card named: its printed cost (2-2-1)
        what = "the cost of " + (", ".join(f'"{u}"' for u in _select(state, log, act, d.count.sel, chosen, "count"))
                                 or "no card on the Field")
    log.add("count", f'"{act.source}": {what} now: {n}.', ("9-3-1-3",) + (("2-2-1",) if d.count.what == "cost" else ())
            + COUNT_RULES.get(d.count.what, ()),
            subject=act.source, facts=(("counted", n),))
    if n <= 0:
        log.add("nothing", "A discard of 0 cards is not performed.", ("1-4-2-3",), subject=act.source)
        return state, False, chosen, False
    return _discard_top(state, log, act, C.DiscardTop(n, d.who), chosen)


def _counted(state: State, log: EventLog, act: Activation, count: C.Count, chosen: tuple[str, ...]) -> int:
    if count.what == "cores":  # a reference (cardtext): `_select` names its cards without a step
        return sum(state.field_card(u)[1].cores for u in _select(state, log, act, count.sel, chosen, "count"))
    if count.what in ("hand", "trash"):  # 4-1-2: the cards in that player's Hand / Trash, public numbers
        return _AREA_COUNT[count.what](state.p(act.controller if count.sel.owner == "you" else other(act.controller)))
    if count.what == "cost":  # 2-2-1: the printed cost of the card named, on the Field now
        return sum(state.field_card(u)[1].cost for u in _select(state, log, act, count.sel, chosen, "count"))
    return sum(1 for who in PLAYERS for c in state.p(who).field if state.pending_of(c.uid) is None
               and _sel_matches(state, count.sel, act.controller, act.source, c.uid, who, c))


def _destroy(state: State, log: EventLog, act: Activation, d: C.Destroy, chosen):
    picked = _select(state, log, act, d.sel, chosen, "Destroy")
    items = [(state.field_card(u)[0], u) for u in picked]
    state = destroy(state, log, items, Cause("effect", act.controller, act.source),
                    f'is hit by "{act.source}"', ("9-3-1-3",))
    killed = any(p.uid in picked and p.why == "destroyed" for p in state.pending)
    return state, bool(picked), picked, killed


def set_pose(state: State, log: EventLog, uid: str, pose: Pose, why: str, rules: tuple[str, ...]) -> tuple[State, bool]:
    """Exhaust (5-15-1), Heavy Exhaust (5-16-1), Refresh (5-14-1; a Heavy Exhausted card becomes Exhausted, 5-14-2)."""
    who, card = state.field_card(uid)
    old = card.pose
    if pose is Pose.REFRESHED and old is Pose.HEAVY:
        new = Pose.EXHAUSTED
    else:
        new = pose
    if new == old or (pose is Pose.EXHAUSTED and old is Pose.HEAVY):
        log.add("nothing", f'"{uid}" is already {old}: it is not {pose} again.', ("1-4-2-1",), subject=uid)
        return state, False
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, field=replace_card(pl.field, evolve(card, pose=new))))
    extra = (("5-14-2",) if old is Pose.HEAVY and pose is Pose.REFRESHED else ())
    log.add(new.value.replace(" ", "-"), f'"{uid}" {why}: {old} → {new}.', rules + extra, subject=uid)
    ev = "refreshed" if pose is Pose.REFRESHED else "exhausted"
    return emit(state, log, [Ev(ev, (uid,), who)]), True


def _pose(pose: Pose, verb: str, rules: tuple[str, ...]):
    def do(state: State, log: EventLog, act: Activation, d, chosen):
        picked = _select(state, log, act, d.sel, chosen, verb)
        done = False
        for u in picked:
            state, ok = set_pose(state, log, u, pose, f'is {pose} by "{act.source}"', rules)
            done = done or ok
        return state, done, picked, False
    return do


def _return(state: State, log: EventLog, act: Activation, d: C.Return, chosen):
    """The cards selected leave the Field for their owner's Hand, or the top / bottom of their owner's Deck (10-2-2-1:
    through the Pending State; 10-2-2-7: there, not the Trash)."""
    why = _RETURN_WHY[d.to]
    picked = _select(state, log, act, d.sel, chosen, f"return to the {_DEST[why]}")
    events = []
    for u in picked:
        loc = state.on_field(u)
        if why != "hand" and loc is not None and state.p(loc[0]).deck is None:
            raise Unsupported(f"{loc[0]}'s deck size is needed to put \"{u}\" into it; give it on the player line "
                              f"(e.g. `{loc[0]}: deck 30`)")
        before = state.pending_of(u)
        state = leave_to_hand(state, log, u, Cause("effect", act.controller, act.source), why)
        after = state.pending_of(u)
        if loc is not None and after is not None and after != before:  # it entered (or changed to) that Pending State
            events.append(Ev("to_hand" if why == "hand" else "to_deck", (u,), loc[0], by=act.controller, effect=True))
    if events and listening(state):  # one batch: the cards were returned at once (10-2-2-1)
        state = emit(state, log, events)
    if why != "hand" and len(picked) > 1:
        # the rules do not say in which order several cards put into a Deck at once go there; the Deck is private
        # and no player may look at its order (4-2-2): the engine puts them in the order selected, and says so
        log.add("engine-decides", "The rules do not say in which order several cards go into a Deck at once; the engine "
                f"puts them {_DEST[why].split('(')[1][:-1]} of the Deck in the order selected (no player may look at "
                "the Deck's order, 4-2-2).", ("4-2-2",), subject=act.source)
    return state, bool(picked), picked, False


_RETURN_WHY = {"hand": "hand", "deck top": "deck_top", "deck bottom": "deck_bottom"}


def _from_trash(state: State, log: EventLog, act: Activation, d: C.FromTrash, chosen):
    """9-2-2: the selection is made among the cards of the controller's Trash, which is public (4-4-2), when the
    effect resolves (9-3-2, 9-3-2-1); the selected cards go to their owner's Hand (4-3-1). The Trash's cards have no
    cores (4-4-1), so they are described by colour, type and printed cost only. A Trash holding cards the scenario
    does not name is refused: the engine never invents a card."""
    who = act.controller
    pl = state.p(who)
    if pl.trash_unknown and not d.discarded:
        raise Unsupported(f'"{act.source}" selects among the cards of {who}\'s Trash, and the scenario does not name '
                          f"{pl.trash_unknown} of them: the engine never invents a card; name the cards of the Trash "
                          f"on `{who} trash:` lines")
    # "… from them": only the cards the effect discarded just before, still in the Trash (5-13-1, 4-4-2)
    eligible = [c.uid for c in pl.trash if (not d.discarded or c.uid in chosen)
                and _sel_matches_static(d.sel, who, act.source, c.uid, who, c)]
    among = " among the cards just discarded" if d.discarded else ""
    picked = _pick(log, act, d.sel, eligible, f"return from {who}'s Trash{among} to their {_DEST[d.to]}",
                   ("4-4-2",) + (("5-13-1",) if d.discarded else ()) + _name_rules(d.sel))
    if not picked:
        return state, False, (), False
    taken = tuple(c for c in pl.trash if c.uid in picked)
    if d.to != "hand":
        return _onto_deck(state, log, act, who, evolve(pl, trash=tuple(c for c in pl.trash if c.uid not in picked)),
                          picked, d.to, "Trash"), True, picked, False
    state = state.with_p(who, evolve(pl, trash=tuple(c for c in pl.trash if c.uid not in picked),
                                     hand=pl.hand + taken))
    log.add("return", f"{who} returns " + ", ".join(f'"{u}"' for u in picked) + f" from their Trash to their Hand: "
            f"Trash {pl.trash_count} → {pl.trash_count - len(taken)}, Hand {pl.hand_count} → "
            f"{pl.hand_count + len(taken)}.", ("9-2-2", "4-4-2", "4-3-1"), subject=act.source)
    return state, True, picked, False


_DEST = {"hand": "Hand", "deck_top": "Deck (on top)", "deck_bottom": "Deck (at the bottom)"}


def _free_summon(state: State, log: EventLog, act: Activation, d: C.FreeSummon, chosen):
    """"Summon SEL from AREA without paying its cost": the controller chooses the cards among those of their Hand (4-3-2),
    public Trash (4-4-2) or the cards revealed before (9-3-2; a card in a private area need not be chosen, 9-3-2-2);
    each is revealed (11-1-1-1 / 11-2-1-1), its cost is not paid (the card's text over 11-1-1-5, 1-4-1), and cores
    equal to or greater than its minimum Lv cost are placed on it from its controller's Field or Reserve, as they choose
    (11-1-1-6 / 11-2-1-6). A Spirit card becomes a Spirit (5-8-1), a Nexus card a Nexus (5-9-1)."""
    who = act.controller
    pl = state.p(who)
    if d.area == "trash" and pl.trash_unknown:
        raise Unsupported(f'"{act.source}" chooses among the cards of {who}\'s Trash, and the scenario does not name '
                          f"{pl.trash_unknown} of them: the engine never invents a card; name them on `{who} trash:` lines")
    cards = (pl.hand if d.area == "hand" else pl.trash if d.area == "trash"
             else _still_revealed(state, who, chosen))
    eligible = [c.uid for c in cards if _sel_matches_static(d.sel, who, act.source, c.uid, who, c)]
    for what, kind in (("summon spirit cards", CardType.SPIRIT), ("deploy nexus cards", CardType.NEXUS)):
        by = player_banned(state, who, what) if any(c.uid in eligible and c.type is kind for c in cards) else None
        if by is not None:  # 1-4-3: the prohibition first, though the effect instructs it
            eligible = [u for u in eligible if next(c for c in cards if c.uid == u).type is not kind]
            log.add("note", f'"{by}": {who} cannot {what}, so none is offered (the prohibiting effect takes priority).',
                    ("1-4-3",), subject=act.source)
    if d.area == "hand" and pl.hand_unknown:
        log.add("note", f"{who}'s Hand also holds {pl.hand_unknown} card{'s' * (pl.hand_unknown != 1)} the scenario does "
                        "not name: only the cards it names are offered (a card in the Hand, a private area, need not be "
                        "chosen even if it fits, 9-3-2-2).", ("9-3-2-2",), subject=act.source)
    sel = d.sel if d.area == "trash" else replace(d.sel, up_to=True)  # 9-3-2-2: a private area's card need not be
    src = "the revealed cards" if d.area == "revealed" else f"their {d.area.title()}"
    verb = "Deploy" if d.sel.kinds == ("nexus",) else "Summon" if d.sel.kinds == ("spirit",) else "Summon / Deploy"
    picked = _pick(log, act, sel, eligible, f"{verb} from {src} without paying its cost",
                   ("9-3-2-2",) if d.area != "trash" else ("4-4-2",))
    rest = tuple(u for u in chosen if u not in picked) if d.area == "revealed" else chosen
    done = False
    for uid in picked:
        card = next(c for c in cards if c.uid == uid)
        state, on = _put_free(state, log, act, card, d.area)
        done = done or on
    return state, done, rest, False


def _put_free(state: State, log: EventLog, act: Activation, card: Card, area: str) -> tuple[State, bool]:
    """One card Summoned / Deployed by the effect, its cost not paid; False when no placement of its minimum Lv cost
    is possible (1-4-2: not performed; the card stays where it is)."""
    who, uid = act.controller, card.uid
    deploy = card.type is CardType.NEXUS
    proc = ("11-2-1", "11-2-1-1", "11-2-1-5", "11-2-1-6", "5-9-1") if deploy else (
        "11-1-1", "11-1-1-1", "11-1-1-5", "11-1-1-6", "5-8-1")
    options = _placements(state, who, card.lv1_cost)
    if not options:
        log.add("nothing", f'{who} cannot place {card.lv1_cost} core{"s" * (card.lv1_cost != 1)} (the minimum Lv cost of '
                           f'"{uid}") from their Field or Reserve: it is not {"Deployed" if deploy else "Summoned"} and '
                           f"stays in their {area}.", ("1-4-2", proc[3]), subject=uid)
        return state, False
    texts = tuple(_placement_text(o) for o in options)
    plain = [_plain(t) for t in texts]
    vals = ask(answers_of(log), Choice(who, f'How does {who} place cores on "{uid}" (at least {card.lv1_cost}, from their '
                                            "Field or Reserve)?", texts, proc[3], log.line),
               lambda a: None if _plain(" ".join(a.values)) in plain else "answer with one of the placements")
    option = options[plain.index(_plain(" ".join(vals)))]
    pl = state.p(who)
    pl = _take_placed(pl, option)
    n = sum(k for _p, k in option)
    where = {"hand": "Hand", "trash": "Trash", "revealed": "Deck (revealed)"}[area]
    pl = evolve(pl, hand=without(pl.hand, uid) if area == "hand" else pl.hand,
                trash=without(pl.trash, uid) if area == "trash" else pl.trash,
                deck=(pl.deck or 0) - 1 if area == "revealed" else pl.deck,
                deck_top=tuple(c for c in pl.deck_top if c.uid != uid) if area == "revealed" else pl.deck_top)
    placed = evolve(card, cores=n, pose=Pose.REFRESHED)
    soul = any(p == "soul" for p, _k in option)
    state = state.with_p(who, evolve(pl, field=pl.field + (placed,), soul=uid if soul else pl.soul))
    log.add("deploy" if deploy else "summon",
            f'{who} reveals "{uid}" from their {where} and {"Deploys" if deploy else "Summons"} it without paying its cost '
            f'("{act.source}"\'s effect), placing {texts[options.index(option)]} on it: Lv{level(state, who, placed)}.',
            (proc[4], proc[0], proc[1], proc[3], "1-4-1", "4-5-3") + level_rules(state, who, placed), subject=uid)
    state = rule_processing(state, log, Cause("effect", who, act.source))
    if listening(state):
        state = emit(state, log, [Ev("deployed" if deploy else "summoned", (uid,), who)])
    return state, True


_PLACEMENT_LIMIT = 60  # more ways to place the cores than this are not listed (the engine says so)


def _placements(state: State, who: str, need: int) -> list[tuple[tuple[str, int], ...]]:
    """Every way to take `need` or more cores from the player's Reserve and the cards of their Field (11-1-1-6), the
    Soul Core (5-7-1) as a source of its own: each a tuple of (place, count), "reserve" / a card / "soul"."""
    pl = state.p(who)
    sources = [("reserve", pl.reserve - (pl.soul == "reserve"))] + [
        (c.uid, c.cores - (pl.soul == c.uid)) for c in pl.field if c.cores - (pl.soul == c.uid) > 0]
    if pl.soul == "reserve" or any(pl.soul == c.uid for c in pl.field):
        sources.append(("soul", 1))
    out: list[tuple[tuple[str, int], ...]] = [()]
    for place, most in sources:
        out = [o + ((place, k),) if k else o for o in out for k in range(most + 1)]
        if len(out) > 50 * _PLACEMENT_LIMIT:
            break
    fits = [o for o in out if sum(k for _p, k in o) >= need]  # a Nexus's minimum Lv cost is 0 (3-3-3-3): none
    if len(fits) > _PLACEMENT_LIMIT:
        raise Unsupported(f"there are {len(fits)} ways to place at least {need} cores from {who}'s Field and Reserve: "
                          "the engine lists at most 60; give the board fewer cores")
    return sorted(fits, key=lambda o: (sum(k for _p, k in o), o))


def _placement_text(option: tuple[tuple[str, int], ...]) -> str:
    return ", ".join("the soul core" if p == "soul" else f"{k} from reserve" if p == "reserve" else f'{k} from "{p}"'
                     for p, k in option) or "no cores"


def _plain(text: str) -> str:
    """An answer's words compared with an option's: no quotes, commas or "and" (the dialect drops them)."""
    return " ".join(w for w in text.replace('"', " ").replace(",", " ").lower().split() if w != "and")


def _take_placed(pl, option: tuple[tuple[str, int], ...]):
    """The player after the cores of `option` left their places (the Soul Core from where it is)."""
    for place, k in option:
        if place == "soul":
            if pl.soul == "reserve":
                pl = evolve(pl, reserve=pl.reserve - 1)
            else:
                c = pl.find(pl.soul)
                pl = evolve(pl, field=replace_card(pl.field, evolve(c, cores=c.cores - 1)))
        elif place == "reserve":
            pl = evolve(pl, reserve=pl.reserve - k)
        else:
            c = pl.find(place)
            pl = evolve(pl, field=replace_card(pl.field, evolve(c, cores=c.cores - k)))
    return pl


def _onto_deck(state: State, log: EventLog, act: Activation, who: str, pl, moved: tuple[str, ...], to: str,
               whence: str, unnamed: int = 0) -> State:
    """Cards onto the top / bottom of `who`'s Deck (`pl`: the player with them already taken from `whence`). The Deck is
    private and face down (4-2-2): the engine keeps its count only, so which card is where in it is not recorded
    (a draw from it afterwards is an unnamed card, as every draw is)."""
    if pl.deck is None:
        raise Unsupported(f"{who}'s deck size is needed to put cards into it; give it on the player line (e.g. "
                          f"`{who}: deck 30`)")
    n = len(moved) + unnamed
    if pl.deck_top or pl.deck_bottom:  # a Deck whose top / bottom cards the scenario names: the card is placed there
        if unnamed or len(moved) != 1:
            raise Unsupported(f"{who}'s Deck has named cards, and the order of several cards put into it is not "
                              "executed yet")
        loc = state.locate(moved[0])  # where it was (`pl` is the player with it already taken)
        assert loc is not None
        card = loc[2]
        pl = evolve(pl, deck_top=(card,) + pl.deck_top) if to == "deck_top" else evolve(
            pl, deck_bottom=pl.deck_bottom + (card,))
    state = state.with_p(who, evolve(pl, deck=pl.deck + n))
    what = ", ".join([f'"{u}"' for u in moved] + ([f"{unnamed} unnamed card{'s' * (unnamed != 1)}"] if unnamed else []))
    where = "on top of" if to == "deck_top" else "at the bottom of"
    log.add("to-deck", f"{who} puts {what} from their {whence} {where} their Deck, face down: Deck {pl.deck} → "
            f"{pl.deck + n} (the Deck is private, 4-2-2: the engine records its count, not its order).",
            ("4-2-2", "9-2-2") if whence == "Trash" else ("4-2-2", "4-3-1"), subject=act.source,
            facts=(("to_deck", n),))
    return state


def _hand_to_deck(state: State, log: EventLog, act: Activation, d: C.HandToDeck, chosen):
    """Cards of the controller's Hand onto their Deck: they choose which (their Hand, 4-3-1; asked when there is a
    choice); a Hand with fewer cards puts what it has (1-4-2). The Deck's order is not recorded (4-2-2), so "in any
    order" asks nothing."""
    who = act.controller
    pl = state.p(who)
    n = min(d.n, pl.hand_count)
    if n <= 0:
        log.add("nothing", f"{who} has no card in their Hand to put into their Deck.", ("1-4-2",), subject=act.source)
        return state, False, chosen, False
    named = [c.uid for c in pl.hand]
    picked = _hand_pick(log, act, named, pl.hand_unknown, n, "put into their Deck", "4-3-1")
    unnamed = n - len(picked)
    pl2 = evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in picked), hand_unknown=pl.hand_unknown - unnamed)
    state = _onto_deck(state, log, act, who, pl2, picked, d.to, "Hand", unnamed)
    if n < d.n:
        log.add("as-many", f"{who} had only {n} card{'s' * (n != 1)} in their Hand: as many as possible.", ("1-4-2",),
                subject=act.source)
    return state, True, chosen, False


def dur_words(duration: str, source: str | None) -> str:
    """How long a resolved effect lasts, in the log's words (9-1-5-6)."""
    if duration == "turn_while_this":
        return f'during this turn, as long as "{source}" stays on its controller\'s Field'
    if duration.startswith("until_end"):  # "until the end of your opponent's next turn" (applied_duration)
        return f"until the end of {duration.split(':')[1]}'s next turn"
    return f"during this {duration}"


def applied_duration(state: State, controller: str, duration: str) -> str:
    """How long a resolved effect lasts, as the End Step reads it (rules): "until the end of your opponent's next
    turn" ends at the End Step of the opponent's next turn (7-9-1-1): the coming one when it resolves in its
    controller's turn ("until_end:B"), the one after this when it resolves in the opponent's turn ("until_end_next:B",
    which becomes "until_end:B" as this turn ends)."""
    if duration != "opp_next_turn":
        return duration
    opp = other(controller)
    return f"until_end_next:{opp}" if state.player == opp else f"until_end:{opp}"


def _applied(kind: AppliedKind):
    def do(state: State, log: EventLog, act: Activation, d, chosen):
        picked = _select(state, log, act, d.sel, chosen, "affect")
        if not picked:
            return state, False, picked, False
        value = d.amount if kind is AppliedKind.BP_PLUS else d.what
        duration = applied_duration(state, act.controller, d.duration)
        a = Applied(kind, value, picked, duration, act.controller, act.source)
        how = f"gets {d.amount:+d} BP" if kind is AppliedKind.BP_PLUS else f"cannot {d.what}"
        log.add("apply", ", ".join(f'"{u}"' for u in picked) + f" {how} {dur_words(duration, act.source)}.",
                ("9-1-5-2", "9-1-5-6") + (("7-9-1-1",) if duration != d.duration else ()), subject=picked[0])
        state = replace(state, continuous=state.continuous + (a,))
        for u in picked:
            if kind is AppliedKind.BP_PLUS and d.amount < 0 and bp(state, u) == 0:
                log.add("zero-bp", f'"{u}" now has 0 BP (a value below 0 counts as 0). The Standard rules say nothing '
                                   "about a Spirit at 0 BP (Saga destroys it, its 9-4): the engine leaves it on the "
                                   "Field.", ("1-4-6",), subject=u)
        return state, True, picked, False
    return do


def _on_field(state: State, act: Activation, per: C.Sel) -> int:
    """How many cards on the Field `per` describes for this effect, those in the Pending State not counted ("for each")."""
    return sum(1 for who in PLAYERS for c in state.p(who).field
               if state.pending_of(c.uid) is None and _sel_matches(state, per, act.controller, act.source, c.uid, who, c))


def _bp_each(state: State, log: EventLog, act: Activation, d: C.ModBPEach, chosen):
    """"gains N BP for each SPIRIT": N times the cards on the Field `d.per` describes. The Standard rules do not say
    when such a number is counted; the engine counts once, when the effect resolves (as it does the other numbers
    of a resolving effect, 9-3-1-3), and the bonus then lasts as written (9-1-5-6)."""
    n = _on_field(state, act, d.per)
    log.add("count", f'"{act.source}": {d.per.text()} on the Field now: {n}, so {d.amount:+d} BP × {n} = '
            f"{d.amount * n:+d} BP (the rules do not say when this is counted: the engine counts when the effect "
            "resolves).", ("9-3-1-3",), subject=act.source, facts=(("counted", n),))
    return _applied(AppliedKind.BP_PLUS)(state, log, act, C.ModBP(d.sel, d.amount * n, d.duration), chosen)


def _for_each(state: State, log: EventLog, act: Activation, d: C.ForEach, chosen):
    """"Select N of SEL for each PER and <action> them": N times the cards on the Field PER describes is the number of
    targets (9-3-2); counted once, when the effect resolves (9-3-1-3: the rules do not say when, as for the BP
    "for each"). A count of 0 selects nothing and the action is not performed (1-4-2-3)."""
    inner = d.d
    sel = inner.sel
    n = _on_field(state, act, d.per)
    total = (sel.count or 0) * n
    counted = d.per.text()  # says "other" itself ("all your other spirits …")
    log.add("count", f'"{act.source}": {counted} on the Field now: {n}, so {sel.count} × {n} = {total} to select '
            "(the rules do not say when this is counted: the engine counts when the effect resolves).",
            ("9-3-1-3", "9-3-2") + (("1-4-2-3",) if total == 0 else ()), subject=act.source, facts=(("counted", n),))
    if total == 0:
        return state, False, chosen, False
    return _DO[type(inner)](state, log, act, replace(inner, sel=replace(sel, count=total)), chosen)


def _any_number(state: State, log: EventLog, act: Activation, d: C.AnyNumber, chosen):
    """"Select any number of SEL [with a combined total of N or fewer BP] and <action> them": the controller chooses
    how many (0 or more, 1-4-5) and which of the eligible cards when the effect resolves (9-3-2), their BP now adding
    up to at most N; asked, never guessed. The action is then done to the cards chosen."""
    inner = d.d
    sel = inner.sel
    eligible = [c.uid for who in PLAYERS for c in state.p(who).field
                if state.pending_of(c.uid) is None and _sel_matches(state, sel, act.controller, act.source, c.uid, who, c)]
    eligible = _selectable(state, log, act, eligible)
    bps = {u: bp(state, u) or 0 for u in eligible}
    bound = f" with a combined total of {d.total_bp} or fewer BP" if d.total_bp is not None else ""
    what = replace(sel, count=None, up_to=False).text().removeprefix("all ")
    fits = [u for u in eligible if d.total_bp is None or bps[u] <= d.total_bp]
    over = [u for u in eligible if u not in fits]
    log.add("targets", f'"{act.source}" selects any number of {what}{bound}: '
            + (", ".join(f'"{u}" ({bps[u]} BP)' if bound else f'"{u}"' for u in fits) or "there is none")
            + ("".join(f'; "{u}" ({bps[u]} BP) alone is over the total' for u in over)) + ".",
            ("9-3-2", "1-4-5"), subject=act.source, facts=(("eligible", tuple(fits)),))
    if not fits:
        log.add("nothing", "No card can be selected, so nothing is done.", ("1-4-2", "9-3-2-1"), subject=act.source)
        return state, False, (), False

    if d.total_bp is None:  # any subset is an answer: one question
        vals = ask(answers_of(log), Choice(act.controller, f'Which of {what} does {act.controller} select for '
                                           f'"{act.source}" (any number)?', tuple(fits) + ("none",), "1-4-5", log.line,
                                           pick=len(fits)), lambda a: _subset_error(a, fits))
    else:  # one card at a time among those that still fit the total, so that every option offered is an answer
        vals = _pick_within(log, act, what, fits, bps, d.total_bp)
    picked = tuple(v for v in vals if v.lower() != "none")
    total = f" (BP {' + '.join(str(bps[u]) for u in picked)} = {sum(bps[u] for u in picked)})" if bound and picked else ""
    log.add("select", f"{act.controller} selects " + (", ".join(f'"{u}"' for u in picked) or "nothing") + total + ".",
            ("9-3-2", "1-4-5"), subject=act.source)
    if not picked:
        return state, False, (), False
    return _DO[type(inner)](state, log, act, replace(inner, sel=C.Sel(ref="it")), picked)


def _draw_each(state: State, log: EventLog, act: Activation, d: C.DrawEach, chosen):
    """"Draw N cards for each SEL": N times the cards SEL describes on the Field, counted once when the effect resolves
    (9-3-1-3: the rules do not say when, as for the BP "for each"), those in the Pending State not counted; then drawn
    (5-6-2). A count of 0 draws nothing (1-4-2-3)."""
    total = _counted_each(state, log, act, d.per, d.d.n, "card", "draw")
    if total == 0:
        return state, False, chosen, False
    return _draw(state, log, act, C.Draw(total, d.d.who), chosen)


def _draw_symbols(state: State, log: EventLog, act: Activation, d: C.DrawSymbols, chosen):
    """"… draws N cards for each symbol on the destroyed spirit": the symbols printed on the card the effect acted on
    before (2-10; no effect the engine executes changes a symbol), counted as this part resolves (9-3-1-3), wherever
    the card is now; "the destroyed spirit" only if this effect Destroyed it (in the Pending State or the Trash,
    5-10-1). N times that many cards are drawn (5-6-2); 0 draws nothing (1-4-2-3)."""
    cards = []
    for u in chosen:
        loc = state.locate(u)
        pend = state.pending_of(u)
        if loc is None or d.destroyed and not (loc[1] == "trash" or pend is not None and pend.why == "destroyed"):
            continue
        cards.append(loc[2])
    n = sum(len(c.symbols) for c in cards)
    total = d.d.n * n
    what = "the destroyed card" if d.destroyed else "it"
    log.add("count", f'"{act.source}": the symbols on {what} ({_names(tuple(c.uid for c in cards))}): {n}, so '
            f'{d.d.n} × {n} = {total} card{"s" * (total != 1)} to draw.', ("9-3-1-3", "2-10")
            + (("1-4-2-3",) if total == 0 else ()), subject=act.source, facts=(("counted", n),))
    if total == 0:
        return state, False, chosen, False
    state, done, _, _ = _draw(state, log, act, C.Draw(total, d.d.who), chosen)
    return state, done, chosen, False


def _counted_each(state: State, log: EventLog, act: Activation, per: C.Sel, each: int, unit: str, verb: str) -> int:
    """`each` times the cards `per` describes on the Field, counted once as the effect resolves (9-3-1-3: the rules do
    not say when), those in the Pending State not counted; the count is logged with its rules."""
    n = _on_field(state, act, per)
    total = each * n
    log.add("count", f'"{act.source}": {per.text()} on the Field now: {n}, so {each} × {n} = {total} {unit}'
            f'{"s" * (total != 1)} to {verb} (the rules do not say when this is counted: the engine counts when the '
            "effect resolves).", ("9-3-1-3",) + _name_rules(per) + (("1-4-2-3",) if total == 0 else ()),
            subject=act.source, facts=(("counted", n),))
    return total


def _cores_each(state: State, log: EventLog, act: Activation, d: C.CoresEach, chosen):
    """"Place N cores … for each SEL": N times the cards SEL describes on the Field, counted once when the effect
    resolves (9-3-1-3: the rules do not say when; the engine counts then, as for "draw … for each"), those in the
    Pending State not counted; then moved as one instruction (5-7-3). A count of 0 moves nothing (1-4-2-3)."""
    assert d.d.n is not None
    total = _counted_each(state, log, act, d.per, d.d.n, "core", "move")
    if total == 0:
        return state, False, chosen, False
    return _cores(state, log, act, replace(d.d, n=total), chosen)


def _subset_error(a: Answer, fits: list[str]) -> str | None:
    vals = [v for v in a.values if v.lower() != "none"]
    if any(v not in fits for v in vals) or len(set(vals)) != len(vals):
        return "choose among " + ", ".join(f'"{u}"' for u in fits) + ", or none"
    return None


def _one_of(options: tuple[str, ...]) -> Callable[[Answer], str | None]:
    def valid(a: Answer) -> str | None:
        if len(a.values) == 1 and a.values[0] in options + ("none",):
            return None
        return "choose one of " + ", ".join(f'"{u}"' for u in options) + ", or none"
    return valid


def _pick_within(log: EventLog, act: Activation, what: str, fits: list[str], bps: dict[str, int],
                 total: int) -> tuple[str, ...]:
    """Cards chosen one at a time (1-4-5: any number, so "none" ends it), each among those whose BP still fits in what
    is left of the total: every option offered can be answered."""
    picked: list[str] = []
    while True:
        left = total - sum(bps[u] for u in picked)
        options = tuple(u for u in fits if u not in picked and bps[u] <= left)
        if not options:
            return tuple(picked)
        vals = ask(answers_of(log), Choice(act.controller, f'Which of {what} does {act.controller} select '
                                           + ("next " if picked else "") + f'for "{act.source}" (any number, their BP '
                                           f"adding up to {total} or less; {left} left)?", options + ("none",), "1-4-5",
                                           log.line),
                   _one_of(options))
        if vals[0] == "none":
            return tuple(picked)
        picked.append(vals[0])


def _cost_is(state: State, log: EventLog, act: Activation, d: C.CostIs, chosen):
    """"When using this magic card, it costs N if …", its condition met (rules.confirmed_cost): the cost the procedure
    confirms (`act.event`: 11-3-1-2, 11-1-1-2 or 11-2-1-2) is N, the card's text over the printed cost (1-4-1)."""
    log.add("cost", f'"{act.source}": "{act.effect.text}": the condition is met, so the cost confirmed is {d.n} (the '
            "card's text over the printed cost, 1-4-1); its reduction applies to it.", (act.event, "1-4-1", "5-19-2"),
            subject=act.source)
    return state, True, chosen, False


def perform(state: State, log: EventLog, act: Activation, d: object) -> State:
    """One directive performed outside an effect's resolution (a card's own cost: rules.confirmed_cost)."""
    return _DO[type(d)](state, log, act, d, ())[0]


def _treat_level(state: State, log: EventLog, act: Activation, d: C.TreatLevel, chosen):
    """"Treat SPIRITS as their highest level / as LVn": a card on the Field has the BP and effects of its Lv (2-8-2);
    the card's text is followed over 2-8-3's Lv by cores (1-4-1), for the duration written (9-1-5-6). A Lv the card
    does not print has no BP or effects to take: the rules do not say what that would be, so it is not applied."""
    picked = _select(state, log, act, d.sel, chosen, "treat as another Lv")
    done: list[str] = []
    for u in picked:
        who, card = state.field_card(u)
        printed = sorted(lv.lv for lv in card.levels)
        lv = d.level if d.level is not None else (printed[-1] if printed else None)
        if lv is None or lv not in printed:
            log.add("nothing", f'"{u}" prints no Lv{lv}: it has no BP or effects of that Lv, and the rules do not say '
                               "what being treated as it would mean, so the engine does not apply it.", ("2-8-2", "1-4-2"),
                    subject=u)
            continue
        before, old = bp(state, u), level(state, who, card)
        state = replace(state, continuous=state.continuous + (
            Applied(AppliedKind.LEVEL_SET, lv, (u,), d.duration or "turn", act.controller, act.source),))
        highest = " (its highest)" if d.level is None else ""
        log.add("apply", f'"{u}" is treated as Lv{lv}{highest} {dur_words(d.duration or "turn", act.source)}: Lv{old} → '
                         f'Lv{lv}, BP {before} → '
                         f"{bp(state, u)} (its Lv{lv} BP and effects; the card's text over the Lv its cores give, 2-8-3).",
                ("2-8-2", "1-4-1", "9-1-5-6"), subject=u)
        done.append(u)
    return state, bool(done), picked, False


def _owner_place(place: C.Place, act: Activation, card_owner: str | None) -> str:
    if place.who == "owner" and card_owner is not None:
        return card_owner
    return act.controller if place.who == "you" else other(act.controller)


def _into_deck(pl, card: Card, why: str):
    """`card` onto the top / at the bottom of the player's Deck (one more card; its place there is recorded, the Deck's
    named top and bottom cards being where they are, state.take_top)."""
    if why == "deck_top":
        return evolve(pl, deck=(pl.deck or 0) + 1, deck_top=(card,) + pl.deck_top)
    return evolve(pl, deck=(pl.deck or 0) + 1, deck_bottom=pl.deck_bottom + (card,))


def _amount(log: EventLog, act: Activation, d: C.Cores, most: int) -> int:
    """How many cores to move: the number written, or for "up to N" the controller's choice of 0..N (1-4-5-1),
    never more than can move (`most`, 1-4-2)."""
    want = d.n if d.n is not None else most
    if not d.up_to or most <= 0:
        return min(want, most)
    top = min(want, most)
    options = tuple(str(i) for i in range(top + 1))
    # "any number of cores" (n None): 0 or more, the controller's choice (1-4-5), as many as can move (1-4-2)
    rule, limit = ("1-4-5", f"any number, at most {top} can move") if d.n is None else ("1-4-5-1", f"up to {want}")
    vals = ask(answers_of(log), Choice(act.controller, f'How many cores ({limit}) does {act.controller} move for '
                                       f'"{act.source}"?', options, rule, log.line),
               lambda a: None if " ".join(a.values) in options else "answer with a number from 0 to " + str(top))
    n = int(" ".join(vals))
    log.add("amount", f"{act.controller} chooses to move {n} core{'s' * (n != 1)} ({limit}).", (rule,),
            subject=act.source)
    return n


def _cores_between(state: State, log: EventLog, act: Activation, d: C.Cores, chosen: tuple[str, ...]):
    """Cores from one card onto another by an effect (9-3-1-3; as a player's action, 7-6-1-2-2). The card they
    leave is selected first, then the card they go onto, as written. The soul core is a core (5-7-3): when only
    some of the cores move, whether it is among them is the controller's choice."""
    assert d.src.sel is not None and d.dst.sel is not None
    srcs = _select(state, log, act, d.src.sel, chosen, "move cores from")
    dsel = d.dst.sel
    exclude: tuple[str, ...] = ()
    if dsel.other and dsel.ref is None:  # "onto another of your spirits": another than the card the cores leave
        dsel, exclude = replace(dsel, other=False), srcs
    dsts = _select(state, log, act, dsel, srcs, "move cores onto", exclude) if srcs else ()
    if not srcs or not dsts:
        return state, False, chosen, False
    u, v = srcs[0], dsts[0]
    if u == v:
        log.add("nothing", f'Moving cores from "{u}" to "{u}" is not a movement: nothing is done.', ("1-4-2-2",),
                subject=act.source)
        return state, False, dsts, False
    who, card = state.field_card(u)
    kept = d.regular and state.p(who).soul == u  # "cores that are not a Soul Core": it stays (5-7-1)
    n = _amount(log, act, d, card.cores - kept)
    if n <= 0:
        log.add("nothing", f'No core moves from "{u}"' + (" (only the Soul Core is on it)" if kept else "") + ".",
                ("1-4-2",) + (("5-7-1",) if kept else ()) if card.cores - kept == 0 else ("1-4-5-1",), subject=u)
        return state, False, dsts, False
    soul = not kept and state.p(who).soul == u and (n == card.cores or _moves_soul(log, act, u))
    to, dcard = state.field_card(v)
    if soul and to != who:
        raise Unsupported(f"moving {who}'s soul core onto the other player's card is not executed yet")
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, field=replace_card(pl.field, evolve(card, cores=card.cores - n)),
                                      soul=v if soul else pl.soul))
    tp = state.p(to)
    state = state.with_p(to, evolve(tp, field=replace_card(tp.field, evolve(dcard, cores=dcard.cores + n))))
    short = d.n is not None and not d.up_to and n < d.n
    log.add("cores", f'{n} core{"s" * (n != 1)}{" (the soul core among them)" if soul else ""} move{"s" * (n == 1)} '
                     f'from "{u}" ({card.cores} → {card.cores - n}) onto "{v}" ({dcard.cores} → {dcard.cores + n}).',
            ("9-3-1-3",) + (("5-7-3",) if soul else ()) + (("1-4-2",) if short else ()), subject=act.source)
    return state, True, dsts, False


def _cores_off(state: State, log: EventLog, act: Activation, d: C.Cores, u: str) -> tuple[State, int]:
    """Cores from a card to a place. The soul core is a core (5-7-3): to the Reserve or the Trash it moves with
    the others when all of them move, and when only some move the controller says whether it is among them; it is
    never placed in the Life or the Void by an effect that does not name it, so there it stays on the card."""
    dst = d.dst
    who, card = state.field_card(u)
    pl = state.p(who)
    on_card = pl.soul == u
    stays = on_card and (dst.kind in ("life", "void") or d.regular)  # d.regular: "not a Soul Core" (5-7-1)
    n = _all_but(d, card.cores, stays) if d.but else _amount(log, act, d, card.cores - stays)
    if n <= 0 and d.but:
        log.add("nothing", f'"{u}" has {card.cores} core{"s" * (card.cores != 1)}: all but {d.but} of them is none, so '
                           "no core moves.", ("1-4-2",), subject=u)
        return state, 0
    if n <= 0:
        log.add("nothing", f'"{u}" has no core that can be moved' + (
            " (the soul core is not one of them)" if stays and d.regular else " (the soul core cannot go there)" if stays else "")
                + ".", ("1-4-2",) + (("5-7-3",) if stays else ()), subject=u)
        return state, 0
    to = _owner_place(dst, act, who)
    soul = on_card and not stays and (n == card.cores or _moves_soul(log, act, u))
    if soul and to != who:
        raise Unsupported(f"moving {who}'s soul core to the other player's {dst.kind} is not executed yet")
    pl = evolve(pl, field=replace_card(pl.field, evolve(card, cores=card.cores - n)),
                soul=dst.kind if soul else pl.soul)
    state = _add_cores(state.with_p(who, pl), to, dst.kind, n)
    note = " (the soul core among them)" if soul else " (the soul core stays on it)" if stays else ""
    log.add("cores", f'{n} core{"s" * (n != 1)}{note} move{"s" * (n == 1)} from "{u}" to {to}\'s {dst.kind} '
            f"({card.cores} → {card.cores - n} on it).",
            ("9-3-1-3",) + (("5-7-3",) if soul or stays else ()) + (("5-7-1",) if stays and d.regular else ())
            + (("1-4-2",) if d.n and n < d.n else ()),
            subject=u, facts=(("void", -n if dst.kind == "void" else 0),))
    return state, n


def _all_but(d: C.Cores, cores: int, stays: bool) -> int:
    """"All but N cores": every core on the card but N, which stay on it (none move when it has N or fewer, 1-4-2).
    The Soul Core that cannot go where they go is one of the N kept; "all but N cores that are not a Soul Core"
    keeps N besides it (5-7-1)."""
    if d.regular:
        return max(0, cores - stays - d.but)
    return max(0, min(cores - d.but, cores - stays))


def _moves_soul(log: EventLog, act: Activation, uid: str, where: str | None = None) -> bool:
    """Whether the soul core (on card `uid`, or `where`: "in A's reserve") is among the cores moved (5-7-3)."""
    at = where or f'on "{uid}"'
    vals = ask(answers_of(log), Choice(act.controller, f"Is the soul core {at} one of the cores {act.controller} "
                                                       "moves?", ("yes", "no"), "5-7-3", log.line),
               lambda a: None if " ".join(a.values).lower() in ("yes", "no") else "answer yes or no")
    yes = " ".join(vals).lower() == "yes"
    log.add("soul", f'{act.controller} chooses {"" if yes else "not "}to move the soul core {at} with them.',
            ("5-7-3",), subject=act.source)
    return yes


def _cores(state: State, log: EventLog, act: Activation, d: C.Cores, chosen):
    src, dst = d.src, d.dst
    moved_total = 0
    if src.kind == "card" and dst.kind == "card":
        return _cores_between(state, log, act, d, chosen)
    if src.kind == "card" and src.sel is not None:
        picked = _select(state, log, act, src.sel, chosen, "remove cores from")
        for u in picked:
            state, n = _cores_off(state, log, act, d, u)
            moved_total += n
        return state, moved_total > 0, picked, False
    frm = _owner_place(src, act, None)
    if dst.kind == "card" and dst.sel is not None:  # cores from a place onto the selected cards, n on each
        picked = _select(state, log, act, dst.sel, chosen, "put cores on")
        for u in picked:
            who, card = state.field_card(u)
            kept = _soul_kept(state, d, frm)
            state, n, soul = _take_cores(state, log, act, frm, d, _place_amount(state, log, act, d, frm), who)
            pl = state.p(who)
            state = state.with_p(who, evolve(pl, field=replace_card(pl.field, evolve(card, cores=card.cores + n)),
                                             soul=u if soul else pl.soul))
            where = "the Void" if src.kind == "void" else f"{frm}'s {src.kind}"
            log.add("cores", f'{n} core{"s" * (n != 1)}{" (the soul core among them)" if soul else ""} '
                    f'move{"s" * (n == 1)} from {where} onto "{u}" ({card.cores} → {card.cores + n} on it){kept}.',
                    ("9-3-1-3", "4-8-1") + (("5-7-3",) if soul else ()) + (("5-7-1",) if kept else ())
                    + (("1-4-2",) if d.n and n < d.n else ()),
                    subject=u, facts=(("void", n if src.kind == "void" else 0),))
            moved_total += n
        return state, moved_total > 0, picked, False
    to = _owner_place(dst, act, None)
    kept = _soul_kept(state, d, frm)
    state, n, soul = _take_cores(state, log, act, frm, d, _place_amount(state, log, act, d, frm), to)
    if dst.kind != "void":
        state = _add_cores(state, to, dst.kind, n)
    if soul:
        state = state.with_p(to, evolve(state.p(to), soul=dst.kind))
    where = "the Void" if src.kind == "void" else f"{frm}'s {src.kind}"
    log.add("cores", f"{n} core{'s' * (n != 1)}{' (the soul core among them)' if soul else ''} move{'s' * (n == 1)} "
            f"from {where} to " + ("the Void" if dst.kind == "void" else f"{to}'s {dst.kind}") + kept + ".",
            ("9-3-1-3", "4-8-1") + (("5-7-3",) if soul else ()) + (("5-7-1",) if kept else ())
            + (("1-4-2",) if d.n and n < d.n else ()),
            subject=act.source,
            facts=(("void", n if src.kind == "void" else -n if dst.kind == "void" else 0),))
    if src.kind == "life" and n > 0:  # a Life reduced by an effect: "When your Life is reduced" (9-1-5-2)
        state = emit(state, log, [Ev("life_reduced", (), frm, by=act.controller)])
    if dst.kind == "life" and n > 0:  # cores placed in a Life (4-7-1): "When your life increases" (9-1-5-2)
        state = emit(state, log, [Ev("life_increased", (), to, by=act.controller)])
    return state, n > 0, chosen, False


def _soul_move(state: State, log: EventLog, act: Activation, d: C.SoulMove, chosen):
    """5-7-3: the controller's Soul Core moved by an effect that names it: from where it is (or, when the text names a
    place or card, only from there: elsewhere, nothing moves, 1-4-2) to the place or card named, the Life and the Void
    included (5-7-3 allows those to an effect that names the Soul Core)."""
    who = act.controller
    where = state.p(who).soul
    if where is None:
        raise Unsupported(f"where {who}'s soul core is is not said; write it on the player line (`soul core in "
                          "reserve`) or on a Field card (`…, soul core`)")
    at_card = state.on_field(where) is not None
    if d.src is not None:
        if d.src.kind == "card":
            assert d.src.sel is not None
            froms = _select(state, log, act, d.src.sel, chosen, "move the soul core from")
            ok = where in froms
        else:
            ok = d.src.kind == where
        if not ok:
            log.add("nothing", f"{who}'s Soul Core is not {'on ' if at_card else 'in '}"
                    f"{d.src.text() if d.src.kind != 'card' else 'that card'}: it does not move.", ("5-7-3", "1-4-2"),
                    subject=act.source)
            return state, False, chosen, False
    elif where == "void":
        log.add("nothing", f"{who}'s Soul Core is in the Void: there is no core to move.", ("1-4-2",), subject=act.source)
        return state, False, chosen, False
    dst, picked = d.dst.kind, chosen
    if dst == "card":
        assert d.dst.sel is not None
        dsel = d.dst.sel
        exclude: tuple[str, ...] = ()
        if dsel.other and dsel.ref is None and at_card:  # "onto one of your other spirits": not the one it leaves
            dsel, exclude = replace(dsel, other=False), (where,)
        picked = _select(state, log, act, dsel, chosen, "move the soul core onto", exclude)
        if not picked:
            return state, False, chosen, False
        if state.field_card(picked[0])[0] != who:
            raise Unsupported(f"moving {who}'s soul core onto the other player's card is not executed yet")
        dst = picked[0]
    if dst == where:
        log.add("nothing", "The Soul Core would move to where it is: it is not a movement.", ("1-4-2-2",),
                subject=act.source)
        return state, False, chosen, False
    state = _soul_step(state, who, where, -1)
    state = _soul_step(state, who, dst, +1)
    pl = state.p(who)
    state = state.with_p(who, evolve(pl, soul=dst))
    here = f'"{where}"' if at_card else f"{who}'s {where}"
    there = f'"{dst}"' if d.dst.kind == "card" else "the Void" if dst == "void" else f"{who}'s {dst}"
    log.add("cores", f"{who}'s Soul Core moves from {here} to {there}.", ("9-3-1-3", "5-7-1", "5-7-3"),
            subject=act.source, facts=(("void", -1 if dst == "void" else 0),))
    if dst == "life":  # the Soul Core placed in the Life (5-7-3, 4-7-1): "When your life increases" (9-1-5-2)
        state = emit(state, log, [Ev("life_increased", (), who, by=who)])
    return state, True, picked, False


def _soul_step(state: State, who: str, where: str, n: int) -> State:
    """One core more (`n` 1) or fewer (-1) at `where`: a card on the Field (its cores), a place of `who`, the Void."""
    loc = state.on_field(where)
    if loc is not None:
        owner, card = loc
        pl = state.p(owner)
        return state.with_p(owner, evolve(pl, field=replace_card(pl.field, evolve(card, cores=card.cores + n))))
    return _add_cores(state, who, where, n)


def _win_game(state: State, log: EventLog, act: Activation, d: C.WinGame, chosen):
    """1-3-6: a card effect makes a player win: the game ends at once, during the effect's resolution."""
    _win(state, log, {act.controller}, f'the effect of "{act.source}" says so', ("1-3-6",))


def _shuffle(state: State, log: EventLog, act: Activation, d: C.Shuffle, chosen):
    """4-2-4: the Deck's order is randomized. Cards the scenario placed at its top or bottom stay in the Deck, but
    where each now is nobody knows (4-2-2), so they are no longer told apart from the Deck's other cards: a later
    draw takes an unknown card. Rules-silent, decided here: shuffling an empty Deck counts as not done."""
    who = act.controller if d.who == "you" else other(act.controller)
    pl = state.p(who)
    named = pl.deck_top + pl.deck_bottom
    state = state.with_p(who, evolve(pl, deck_top=(), deck_bottom=()))
    size = "" if pl.deck is None else f" ({pl.deck} card{'s' * (pl.deck != 1)})"
    lost = (f"; {', '.join(c.name for c in named)} {'is' if len(named) == 1 else 'are'} still in it, where nobody knows"
            if named else "")
    log.add("shuffle", f"{who} shuffles their Deck{size}: its order is randomized{lost}.", ("4-2-4", "4-2-2"),
            subject=act.source)
    return state, bool(pl.deck) or bool(named), chosen, False


def _look_hand(state: State, log: EventLog, act: Activation, d: C.LookHand, chosen):
    """"Look at your opponent's hand" / "Reveal your hand": a player's Hand, private (4-3-2, 4-3-3), seen by the
    effect's player or by both as the card's text says (1-4-1); nothing moves, nothing is chosen. The cards the
    scenario does not name are said as a number: the engine never invents a card."""
    who = act.controller if d.who == "you" else other(act.controller)
    pl = state.p(who)
    names = ", ".join(f'"{c.uid}"' for c in pl.hand) or "no card the scenario names"
    unknown = (f", and {pl.hand_unknown} card{'s' * (pl.hand_unknown != 1)} the scenario does not name"
               if pl.hand_unknown else "")
    seen = "Both players see" if d.reveal else f"{act.controller} looks at"
    log.add("look", f"{seen} {who}'s Hand ({pl.hand_count} card{'s' * (pl.hand_count != 1)}): {names}{unknown}.",
            ("4-3-3", "1-4-1"), subject=act.source)
    return state, pl.hand_count > 0, chosen, False


def _soul_kept(state: State, d: C.Cores, who: str) -> str:
    """What the log adds when "cores that are not a Soul Core" leave a place holding the Soul Core (5-7-1)."""
    if not d.regular or d.src.kind == "void" or state.p(who).soul != d.src.kind:
        return ""
    return f" (the Soul Core in {who}'s {d.src.kind} is not one of them)"


def _place_amount(state: State, log: EventLog, act: Activation, d: C.Cores, who: str) -> int:
    """The cores asked for from a place: the number written, or for "up to N" the controller's choice among what
    the place holds (the Void has no limit, 4-8-2)."""
    if not d.up_to and d.n is not None:
        return d.n
    kind = d.src.kind
    if kind == "void":
        most = d.n or 0  # (never "all": the reader refuses all the cores of the Void, 4-8-2)
    else:
        pl = state.p(who)
        attr = {"reserve": "reserve", "life": "life", "trash": "trash_cores"}[kind]
        most = getattr(pl, attr) - (1 if pl.soul == kind and (d.dst.kind in _SOUL_NEVER or d.regular) else 0)
    if not d.up_to:  # "all cores in / from PLACE": every core it holds now (the Soul Core as 5-7-3 allows)
        return max(0, most)
    return _amount(log, act, d, max(0, most))


# 5-7-3: the soul core is placed in the Life or the Void only by an effect that names it.
_SOUL_NEVER = ("life", "void")


def _take_cores(state: State, log: EventLog, act: Activation, who: str, d: C.Cores, n: int,
                to: str) -> tuple[State, int, bool]:
    """Take up to n cores from `who`'s place (the Void has no limit, 4-8-2), and whether the soul core is among
    them (5-7-3): all the place's cores taken, it goes with them; some, the controller says; never toward the
    Life or the Void. `to`: the player whose card or place receives them (the soul core stays its owner's)."""
    kind = d.src.kind
    if kind == "void":
        return state, n, False
    pl = state.p(who)
    attr = {"reserve": "reserve", "life": "life", "trash": "trash_cores"}[kind]
    have = getattr(pl, attr)
    here = pl.soul == kind
    stays = here and (d.dst.kind in _SOUL_NEVER or d.regular)  # d.regular: "not a Soul Core" (5-7-1)
    n = max(0, min(n, have - stays))
    soul = here and not stays and n > 0 and (n == have or _moves_soul(log, act, "", f"in {who}'s {kind}"))
    if soul and to != who:
        raise Unsupported(f"moving {who}'s soul core to the other player's {d.dst.kind} is not executed yet")
    return state.with_p(who, evolve(pl, **{attr: have - n})), n, soul


def _add_cores(state: State, who: str, kind: str, n: int) -> State:
    pl = state.p(who)
    attr = {"reserve": "reserve", "life": "life", "trash": "trash_cores"}.get(kind)
    if attr is None:
        return state
    return state.with_p(who, evolve(pl, **{attr: getattr(pl, attr) + n}))


def _block_by(state: State, log: EventLog, act: Activation, d: C.ForbidBlockBy, chosen):
    """"SPIRITS cannot be blocked by SPIRITS during this turn/battle": the Spirits that may not declare a block against
    them (8-1-3-1; the forbidding effect first, 1-4-3), for the duration written (9-1-5-6)."""
    picked = _select(state, log, act, d.sel, chosen, "affect")
    if not picked:
        return state, False, picked, False
    state = evolve(state, blocked_by=state.blocked_by + (BlockedBy(picked, d, act.controller, act.source, act.effect.text),))
    log.add("apply", ", ".join(f'"{u}"' for u in picked) + f" cannot be blocked by {d.by.text().removeprefix('all ')} "
            f"during this {d.duration}.", ("8-1-3-1", "1-4-3", "9-1-5-6", "9-1-5-6-1"), subject=picked[0])
    return state, True, picked, False


def expire_blocked_by(state: State, duration: str) -> State:
    """The resolved "cannot be blocked by" effects lasting `duration` end (7-9-1-1 a turn, 8-1-7-2 a battle)."""
    if not any(x.d.duration == duration for x in state.blocked_by):
        return state
    return evolve(state, blocked_by=tuple(x for x in state.blocked_by if x.d.duration != duration))


def life_forbidden(state: State, attacker: str, defender: str) -> bool:
    """Whether an effect (resolved, or continuous on the Field) says `attacker`'s attacks cannot reduce `defender`'s
    Life (8-1-5-1, 1-4-3)."""
    return (bool(state.continuous) or _texts_on_field(state)) and guard_word(defender) in forbidden(state, attacker)


def life_cap(state: State, attacker: str, defender: str) -> tuple[int, str] | None:
    """The least N of the continuous "your life can only be reduced by N … from an attack by SPIRITS" of `defender`'s
    cards that describe `attacker` now (8-1-5-1, the card's text over it: 1-4-1), with its card; None if none."""
    if not _texts_on_field(state):
        return None
    att = state.on_field(attacker)
    best: tuple[int, str] | None = None
    for who, c, d in _active_continuous(state):
        if (isinstance(d, C.LifeCap) and who == defender and att is not None
                and _sel_matches(state, d.sel, who, c.uid, attacker, att[0], att[1])
                and (best is None or d.n < best[0])):
            best = (d.n, c.uid)
    return best


def _guarded(d: C.LifeGuard, controller: str) -> tuple[str, ...]:
    """Whose Lives a LifeGuard protects: its controller's, or both players' ("Neither player's life …")."""
    return PLAYERS if d.both else (controller,)


# 1-4-3: the actions a player ban prohibits (cards.PlayerBan.what), with the procedure each is
PLAYER_BANS = {"use magic cards": "11-3-1", "summon spirit cards": "11-1-1", "deploy nexus cards": "11-2-1"}


def player_banned(state: State, who: str, what: str) -> str | None:
    """The card whose effect prohibits `who` from `what` now ("Your opponent cannot use magic cards during this turn"),
    resolved (an Applied on the player, 9-1-5-6) or continuous (9-1-4); None if nothing does (1-4-3)."""
    for a in state.continuous:
        if a.kind is AppliedKind.FORBID and a.value == what and who in a.targets:
            return a.source or "an effect"
    if not _texts_on_field(state):
        return None
    for ctl, c, d in _active_continuous(state):
        if isinstance(d, C.PlayerBan) and d.what == what and (ctl if d.who == "you" else other(ctl)) == who:
            return c.uid
    return None


def _player_ban(state: State, log: EventLog, act: Activation, d: C.PlayerBan, chosen):
    """"Your opponent cannot use magic cards during this turn": while it lasts (9-1-5-6) that player's uses of Magic
    (11-3-1), Summons (11-1-1) or Deployments (11-2-1) are not done, from the Hand or by an effect's instruction (the
    prohibition first, 1-4-3)."""
    assert d.duration is not None
    who = act.controller if d.who == "you" else other(act.controller)
    duration = applied_duration(state, act.controller, d.duration)
    log.add("apply", f"{who} cannot {d.what} {dur_words(duration, act.source)}.",
            ("1-4-3", PLAYER_BANS[d.what], "9-1-5-6") + (("7-9-1-1",) if duration != d.duration else ()),
            subject=act.source)
    a = Applied(AppliedKind.FORBID, d.what, (who,), duration, act.controller, act.source)
    return replace(state, continuous=state.continuous + (a,)), True, chosen, False


def guard_word(defender: str) -> str:
    return f"reduce {defender}'s life"


def _life_guard(state: State, log: EventLog, act: Activation, d: C.LifeGuard, chosen):
    """"Your life cannot be reduced by SPIRITS' attacks during this turn": the Spirits fixed when it resolves
    (9-1-5-6-1); while it lasts (9-1-5-6) their unblocked attacks do not reduce the controller's Life (8-1-5-1; the
    forbidding effect first, 1-4-3)."""
    picked = _select(state, log, act, d.sel, chosen, "affect")
    if not picked:
        return state, False, picked, False
    assert d.duration is not None
    whose = _guarded(d, act.controller)
    state = replace(state, continuous=state.continuous + tuple(
        Applied(AppliedKind.FORBID, guard_word(p), picked, d.duration, act.controller, act.source) for p in whose))
    log.add("apply", ", ".join(f'"{u}"' for u in picked) + ": its attacks cannot reduce " + (
            "either player's Life" if d.both else f"{act.controller}'s Life") + f" during this {d.duration}.",
            ("8-1-5-1", "1-4-3", "9-1-5-6", "9-1-5-6-1"), subject=picked[0])
    return state, True, picked, False


def _delayed(state: State, log: EventLog, act: Activation, d: C.Delayed, chosen):
    """"At the end of this turn/battle, …": set up now, with the cards selected before it ("it"); it activates at the
    end of the turn (7-9-1-2) / battle (8-1-7-1) whether or not this effect's card is still on the Field."""
    if d.when == "battle" and state.battle is None:
        log.add("nothing", f'No battle is in progress, so "{d.part.text}" is not set up for the end of one.', ("1-4-2",),
                subject=act.source)
        return state, False, chosen, False
    state = evolve(state, delayed=state.delayed + (Later(d.when, act.controller, act.source, d.part, chosen, act.effect.text),))
    log.add("delayed", f'"{d.part.text}" is set up to activate at the end of the {d.when}' + (
        " (for " + ", ".join(f'"{u}"' for u in chosen) + ")" if chosen else "") + ".",
            ("7-9-1-2",) if d.when == "turn" else ("8-1-7-1",), subject=act.source)
    return state, True, chosen, False


# --- the top of the Deck revealed or looked at (card text over 4-2-2's privacy, 1-4-1) ----------------------------
def _names(uids) -> str:
    return ", ".join(f'"{u}"' for u in uids) or "no card"


def _reveal_top(state: State, log: EventLog, act: Activation, d: C.RevealTop, chosen):
    """"Reveal / View the top N cards of your deck": the Deck is private and no player may look at it (4-2-2), but a
    card's text takes priority over the rules (1-4-1), so the cards are shown (or looked at by the controller) and
    stay where they are, on top of the Deck, until the text moves them. The engine needs them named (`A deck:` lines):
    it never invents a card. A Deck with fewer cards shows what it has (1-4-2). The parts after it name these cards
    ("it", "the revealed cards", "the remaining cards")."""
    who = act.controller
    pl = state.p(who)
    if pl.deck is None:
        raise Unsupported(f"{who}'s deck size is needed to reveal its top cards; give it on the player line (e.g. "
                          f"`{who}: deck 30`)")
    n = min(d.n, pl.deck)
    if n <= 0:
        log.add("nothing", f"{who}'s Deck is empty: there is no card to reveal.", ("1-4-2",), subject=act.source)
        return state, False, (), False
    if len(pl.deck_top) < n:
        raise Unsupported(f'"{act.source}" reveals the top {n} card{"s" * (n != 1)} of ' + f"{who}'s Deck, and the scenario "
                          f"names {len(pl.deck_top)} of them: the engine never invents a card; name them on `{who} "
                          "deck:` lines, the first line the top card")
    shown = tuple(c.uid for c in pl.deck_top[:n])
    verb, seen = ("looks at", f"only {who} sees them") if d.view else ("reveals", "both players see them")
    short = f"; only {n}: the Deck has no more" if n < d.n else ""
    log.add("reveal", f"{who} {verb} the top {n} card{'s' * (n != 1)} of their Deck ({seen}{short}): {_names(shown)}. The "
            "card's text overrides the Deck's privacy (1-4-1, 4-2-2); they stay on top of the Deck until the text "
            "moves them.", ("1-4-1", "4-2-2") + (("1-4-2",) if n < d.n else ()), subject=act.source,
            facts=(("revealed", n),))
    return state, True, shown, False


def _still_revealed(state: State, who: str, chosen: tuple[str, ...]) -> tuple[Card, ...]:
    """The revealed cards (`chosen`) still on top of `who`'s Deck, in order."""
    return tuple(c for c in state.p(who).deck_top if c.uid in chosen)


def _any_card(sel: C.Sel) -> C.Sel:  # a card described by nothing but its number ("one of them")
    return C.Sel(count=sel.count, up_to=sel.up_to, owner="any", kinds=("spirit", "nexus", "magic"))


def _take_revealed(state: State, log: EventLog, act: Activation, d: C.TakeRevealed, chosen):
    """Revealed cards to their owner's Hand (4-3-1): "it" is every card revealed; a description ("one nexus card",
    "one Ruby Sanctuary") is chosen by the controller among the revealed cards it fits (printed information: 2-1-1,
    2-6, 2-11-1, 2-2). They are cards in the Deck, a private area: 9-3-2-2 lets the chooser select none even when one
    fits (the rules do not say whether a revealed card still counts as unseen: the engine applies 9-3-2-2 as written).
    The parts after it name the cards left ("the remaining cards")."""
    who = act.controller
    cards = _still_revealed(state, who, chosen)
    least = 0
    if d.sel.ref is not None:
        picked = tuple(c.uid for c in cards)
    else:
        fits = [c.uid for c in cards if _sel_matches_static(d.sel, who, act.source, c.uid, who, c)]
        if not fits:
            log.add("nothing", f'None of the revealed cards is {d.sel.text().removeprefix("1 ")}: no card is added.',
                    ("1-4-2", "9-3-2-1"), subject=act.source)
            return state, False, chosen, False
        most = d.sel.count or 1
        # "Add one of them": no card information to check, so 9-3-2-2 does not apply: as many as possible (9-3-2-1)
        least = 0 if d.sel.up_to or d.sel != _any_card(d.sel) else min(most, len(fits))
        options = tuple(fits) + (("none",) if not least else ())

        def valid(a: Answer) -> str | None:
            vals = [v for v in a.values if v.lower() != "none"]
            if any(v not in fits for v in vals) or len(set(vals)) != len(vals) or not least <= len(vals) <= most:
                return (f"choose {least}" if least == most else f"choose {least} to {most}" if least
                        else f"choose up to {most}") + " of " + ", ".join(f'"{o}"' for o in fits) \
                    + ("" if least else ', or "none"')
            return None
        vals = ask(answers_of(log), Choice(who, f'Which {d.sel.text().removeprefix("1 ")} does {who} add to their Hand '
                                           f'from the revealed cards for "{act.source}" '
                                           f'({"" if least == most else "up to "}{most})?', options,
                                           "9-3-2-1" if least else "9-3-2-2", log.line, pick=most), valid)
        picked = tuple(v for v in vals if v.lower() != "none")
    if not picked:
        log.add("select", f"{who} selects no card among the revealed ones (a card in the Deck, a private area, need "
                          "not be selected: 9-3-2-2).", ("9-3-2-2",), subject=act.source)
        return state, False, chosen, False
    pl = state.p(who)
    taken = tuple(c for c in pl.deck_top if c.uid in picked)
    state = state.with_p(who, evolve(pl, deck=(pl.deck or 0) - len(taken), hand=pl.hand + taken,
                                     deck_top=tuple(c for c in pl.deck_top if c.uid not in picked)))
    log.add("to-hand", f"{who} adds {_names(picked)} from the top of their Deck to their Hand: Deck {pl.deck} → "
            f"{(pl.deck or 0) - len(taken)}, Hand {pl.hand_count} → {pl.hand_count + len(taken)}.",
            ("4-3-1", "1-4-1") + (("9-3-2", "9-3-2-1" if least else "9-3-2-2") if d.sel.ref is None else ())
            + _name_rules(d.sel),
            subject=act.source, facts=(("added", len(taken)),))
    return state, True, tuple(u for u in chosen if u not in picked), False


def _rest_revealed(state: State, log: EventLog, act: Activation, d: C.RestRevealed, chosen):
    """The revealed cards left: into their owner's Trash ("discard", 5-13-1, 4-4-1; one at a time, 4-2-3), to the
    bottom of the Deck, face down (4-2-2; "in any order": the controller chooses the order, asked when there are two
    or more; the card's text over 4-2-2's fixed order, 1-4-1), or to its top, where they already are (1-4-2-2: a move
    to the same place is not performed)."""
    who = act.controller
    cards = _still_revealed(state, who, chosen)
    if d.or_to and cards:  # "discard it or return it to …": where, the controller's choice (9-3-2-3, 1-4-1)
        d = replace(d, to=_where_to(log, act, (d.to, d.or_to), _names(tuple(c.uid for c in cards))), or_to=None)
    if d.some and cards:  # "any number of them": which, the controller's choice (1-4-5, 1-4-5-1: 0 too)
        cards = _some_revealed(log, act, who, cards, d.to)
        if not cards:
            return state, False, chosen, False
    uids = tuple(c.uid for c in cards)
    if not cards:
        log.add("nothing", "No revealed card is left to move.", ("1-4-2",), subject=act.source)
        return state, False, (), False
    left = tuple(u for u in chosen if u not in uids)  # the revealed cards not moved: "the remaining cards" after it
    pl = state.p(who)
    rest = tuple(c for c in pl.deck_top if c.uid not in uids)
    if d.to == "deck_top" and len(cards) == 1:
        log.add("nothing", f"{_names(uids)} is already on top of {who}'s Deck: the move is not performed.",
                ("1-4-2-2", "4-2-2"), subject=act.source)
        return state, True, left, False
    if d.to == "deck_top":  # they are the top cards already; put back in the order the controller chooses (1-4-1)
        order = _deck_order(log, act, who, uids, "on top of")
        state = state.with_p(who, evolve(pl, deck_top=tuple(next(c for c in cards if c.uid == u) for u in order) + rest))
        log.add("to-deck", f"{who} puts {_names(order)} back on top of their Deck, face down, in that order (the first "
                "is the top card).", ("4-2-2", "1-4-1") + (("1-4-5",) if d.some else ()), subject=act.source)
        return state, True, left, False
    if d.to == "trash":
        state = state.with_p(who, evolve(pl, deck=(pl.deck or 0) - len(cards), deck_top=rest, trash=pl.trash + cards))
        log.add("discard", f"{who} discards {_names(uids)} from their Deck: Deck {pl.deck} → "
                f"{(pl.deck or 0) - len(cards)}, Trash {pl.trash_count} → {pl.trash_count + len(cards)} cards.",
                ("5-13-1", "4-4-1", "4-2-3"), subject=act.source, facts=(("discarded", len(cards)),))
        return state, True, left, False
    order = _deck_order(log, act, who, uids, "at the bottom of")
    moved = tuple(next(c for c in cards if c.uid == u) for u in order)
    state = state.with_p(who, evolve(pl, deck_top=rest, deck_bottom=pl.deck_bottom + moved))
    log.add("to-deck", f"{who} puts {_names(order)} at the bottom of their Deck, face down" + (
            ", in that order" if len(order) > 1 else "") + f" (Deck {pl.deck}: the last is now the bottom card).",
            ("4-2-2", "1-4-1") + (("1-4-5",) if d.some else ()), subject=act.source)
    return state, True, left, False


_WHERE = {"deck_bottom": "at the bottom of their Deck", "deck_top": "on top of their Deck", "trash": "into their Trash"}
_WHERE_OPTION = {"deck_bottom": "bottom", "deck_top": "top", "trash": "trash"}


def _where_to(log: EventLog, act: Activation, places: tuple[str, ...], names: str) -> str:
    """Which of the places the text offers ("discard it or return it to the top of your deck") the revealed cards go
    to: the effect's controller chooses (the text names no other player, 9-3-2-3; the card's text, 1-4-1)."""
    options = tuple(_WHERE_OPTION[p] for p in places)
    vals = ask(answers_of(log), Choice(act.controller, f'Where does {act.controller} put {names} for "{act.source}": '
                                       + " or ".join(_WHERE[p] for p in places) + "?", options, "9-3-2-3", log.line),
               lambda a: None if " ".join(a.values) in options else "answer " + " or ".join(options))
    place = places[options.index(" ".join(vals))]
    log.add("choose-place", f"{act.controller} chooses to put {names} {_WHERE[place]}.", ("9-3-2-3", "1-4-1"),
            subject=act.source)
    return place


def _some_revealed(log: EventLog, act: Activation, who: str, cards: tuple[Card, ...], to: str) -> tuple[Card, ...]:
    """Which of the revealed cards `who` moves ("any number of them"): asked (1-4-5; "none" is 0, 1-4-5-1)."""
    uids = tuple(c.uid for c in cards)

    def valid(a: Answer) -> str | None:
        vals = [v for v in a.values if v.lower() != "none"]
        return None if set(vals) <= set(uids) and len(set(vals)) == len(vals) else (
            "choose any of " + _names(uids) + ', or "none"')
    vals = ask(answers_of(log), Choice(who, f'Which of {_names(uids)} does {who} put {_WHERE[to]} for '
                                       f'"{act.source}" (any number)?', uids + ("none",), "1-4-5", log.line,
                                       pick=len(uids)), valid)
    picked = {v for v in vals if v.lower() != "none"}
    if not picked:
        log.add("select", f"{who} chooses none of the revealed cards (0, 1-4-5-1).", ("1-4-5", "1-4-5-1"),
                subject=act.source)
    return tuple(c for c in cards if c.uid in picked)


def _deck_order(log: EventLog, act: Activation, who: str, uids: tuple[str, ...], where: str) -> tuple[str, ...]:
    """The order in which `who` puts cards into their Deck ("in any order"): their choice, asked when there are two
    or more (the card's text over 4-2-2's fixed order, 1-4-1); the first named is the highest."""
    if len(uids) < 2:
        return uids

    def valid(a: Answer) -> str | None:
        return None if sorted(a.values) == sorted(uids) else "name each of " + _names(uids) + " once, in order"
    return ask(answers_of(log), Choice(who, f'In which order does {who} put {_names(uids)} {where} their Deck for '
                                       f'"{act.source}" (the first named is the highest)?', uids, "1-4-1", log.line,
                                       pick=len(uids)), valid)


def _choose_only(state: State, log: EventLog, act: Activation, d: C.Choose, chosen):
    """"Select SEL." on its own (9-3-2): the selection, made now; the parts after it act on "it"."""
    picked = _select(state, log, act, d.sel, chosen, "select")
    return state, bool(picked), picked, False


def _no_refresh(state: State, log: EventLog, act: Activation, d: C.NoRefresh, chosen):
    """"… will not refresh during their next refresh step": each card stays as it is when its controller next refreshes
    their cards (the card's text over 7-5-2, 1-4-1); the effect ends with that step (rules.refresh_all). A card that
    leaves the Field is a new card (4-1-4): the effect no longer applies to it."""
    picked = _select(state, log, act, d.sel, chosen, "keep from refreshing")
    for u in picked:
        who = state.field_card(u)[0]
        named = {"you": act.controller, "opponent": other(act.controller)}.get(d.whose or "", who)
        if named != who:  # only its controller refreshes it (7-5-2): the step named refreshes it in no case
            log.add("nothing", f'"{u}" is {who}\'s: {named}\'s Refresh Step does not refresh it (7-5-2), so the effect '
                               "changes nothing.", ("7-5-2", "1-4-2"), subject=u)
            continue
        state = replace(state, continuous=state.continuous + (
            Applied(AppliedKind.FORBID, "refresh", (u,), "next_refresh", act.controller, act.source),))
        log.add("apply", f'"{u}" will not refresh during {state.field_card(u)[0]}\'s next Refresh Step.', ("7-5-2", "1-4-1"),
                subject=u)
    return state, bool(picked), picked, False


def _end_attack(state: State, log: EventLog, act: Activation, d: C.EndAttackStep, chosen):
    """"When this battle ends, end the attack step.": resolving at the end of the battle (8-1-7-1), it has the Attack
    Step end as the battle does, as if the turn player declared 'End of Attack Step' (7-7-3-2; the card's text, 1-4-1).
    "[Flash] End the attack step." in a battle's Flash Timing cuts the battle short (rules.cut_battle)."""
    if state.step is not Step.ATTACK or state.battle is None:
        log.add("nothing", "No battle of an Attack Step is ending: there is no attack step to end.", ("1-4-2",),
                subject=act.source)
        return state, False, chosen, False
    if d.whose == "opponent" and state.player == act.controller:  # "End your opponent's attack step" in one's own
        log.add("nothing", f"It is {act.controller}'s own Attack Step, not the opponent's: there is no opponent's attack "
                "step to end.", ("1-4-2",), subject=act.source)
        return state, False, chosen, False
    if d.at_once:
        log.add("attack-step-ends", f'"{act.source}": the Attack Step ends now, in the middle of a battle. The rules do '
                "not say what becomes of the battle: the engine ends it at once, as soon as this action has resolved; "
                "the rest of it does not happen (no further Flash Timing or block declaration, no Battle Resolution, "
                "8-1-5, 8-1-6): its End of Battle follows (8-1-7), and then the 'End of Attack Step' (7-7-3-2).", ("7-7-3-2", "1-4-1"), subject=act.source)
        return replace(state, battle_cut=True), True, chosen, False
    log.add("attack-step-ends", f'"{act.source}": the Attack Step will end as this battle does (no further attack is '
            "declared in it).", ("7-7-3-2", "1-4-1"), subject=act.source)
    return replace(state, attack_ends=True), True, chosen, False


def kept_unrefreshed(state: State, who: str) -> tuple[State, frozenset[str]]:
    """`who`'s cards a "will not refresh during their next refresh step" keeps as they are in this Refresh Step, and
    the state without those effects (they end with it)."""
    mine = {c.uid for c in state.p(who).field}
    ending = [a for a in state.continuous if a.duration == "next_refresh" and set(a.targets) & mine]
    if not ending:
        return state, frozenset()
    kept = frozenset(u for a in ending for u in a.targets)
    return replace(state, continuous=tuple(a for a in state.continuous if a not in ending)), kept


_DO = {
    C.Choose: _choose_only, C.ForEach: _for_each, C.AnyNumber: _any_number, C.DrawEach: _draw_each, C.CoresEach: _cores_each, C.CostIs: _cost_is, C.Draw: _draw, C.DiscardTop: _discard_top, C.DiscardCount: _discard_count, C.DiscardHand: _discard_hand, C.Destroy: _destroy,
    C.Exhaust: _pose(Pose.EXHAUSTED, "Exhaust", ("5-15-1",)),
    C.HeavyExhaust: _pose(Pose.HEAVY, "Heavy Exhaust", ("5-16-1",)),
    C.Refresh: _pose(Pose.REFRESHED, "Refresh", ("5-14-1",)),
    C.DrawSymbols: _draw_symbols, C.RevealTop: _reveal_top, C.TakeRevealed: _take_revealed, C.RestRevealed: _rest_revealed,
    C.Return: _return, C.FromTrash: _from_trash, C.HandToDeck: _hand_to_deck, C.Delayed: _delayed, C.ForbidBlockBy: _block_by, C.LifeGuard: _life_guard, C.ModBP: _applied(AppliedKind.BP_PLUS), C.ModBPEach: _bp_each, C.TreatLevel: _treat_level, C.Forbid: _applied(AppliedKind.FORBID), C.Cores: _cores,
    C.PlayerBan: _player_ban, C.LookHand: _look_hand,
    C.NoRefresh: _no_refresh, C.EndAttackStep: _end_attack, C.SoulMove: _soul_move, C.WinGame: _win_game, C.Shuffle: _shuffle, C.FreeSummon: _free_summon,
}


def require_supported(card: Card) -> None:
    for t in card.effects:
        C.parse_effect(t)

