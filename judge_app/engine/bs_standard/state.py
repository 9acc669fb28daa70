"""Battle Spirits Standard: the exact frozen state model (Official Rules Ver.1.0).

What differs from Saga's model (engine/bss/state.py) is explicit here: eight steps with the Second
Main Step (7-1-1), three card states with Heavy Exhausted (5-5-1), the Pending State of cards leaving
the Field (5-17, 10-2-2), and the [Once per turn] record (12-3-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from judge_app.engine.bss import state as saga
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.pieces import swap, take
from judge_app.engine.core.queue import Waiting

# The family's: the same six colours (Standard's 2-11-1-1, Saga's 2-4-1-1), the two players and the other one.
COLORS = saga.COLORS
PLAYERS = saga.PLAYERS
other = saga.other


class Step(StrEnum):  # 7-1-1: eight steps, in this order
    START = "start"
    CORE = "core"
    DRAW = "draw"
    REFRESH = "refresh"
    MAIN = "main"
    ATTACK = "attack"
    SECOND_MAIN = "second_main"
    END = "end"


STEP_ORDER = tuple(Step)
ACTING_STEPS = frozenset({Step.MAIN, Step.ATTACK, Step.SECOND_MAIN})  # 7-1-2: the player acts as they wish
MAIN_STEPS = frozenset({Step.MAIN, Step.SECOND_MAIN})  # 7-8-1: the same actions as in the Main Step
STEP_RULE = {Step.START: "7-2", Step.CORE: "7-3", Step.DRAW: "7-4", Step.REFRESH: "7-5", Step.MAIN: "7-6",
             Step.ATTACK: "7-7", Step.SECOND_MAIN: "7-8", Step.END: "7-9"}


class CardType(StrEnum):
    SPIRIT = "spirit"
    NEXUS = "nexus"
    MAGIC = "magic"


class Pose(StrEnum):  # 5-5-1
    REFRESHED = "refreshed"
    EXHAUSTED = "exhausted"
    HEAVY = "heavy exhausted"


# A Lv and its Lv cost (2-8-3) and BP (a Nexus has none): the family's value.
Level = saga.Level


@dataclass(frozen=True, slots=True)
class Card:
    uid: str
    type: CardType
    colors: tuple[str, ...] = ()
    cost: int = 0
    reduction: tuple[str, ...] = ()
    levels: tuple[Level, ...] = ()
    symbols: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    cores: int = 0  # every core on it, the soul core included
    pose: Pose = Pose.REFRESHED
    super_unleash: bool = False  # 12-2-1-1: its Lv2 cost reads 'Super Unleash'
    ex: bool = False  # 2-10-3: it has an EX symbol (12-2-1-3 《Succession》)
    families: tuple[str, ...] = ()  # 2-6: its Families as the scenario writes them (`family "Dragonoid"`), 2-6-3: any number

    @property
    def name(self) -> str:
        return self.uid.split("#", 1)[0]

    def level(self, soul: bool = False) -> int:
        """2-8-3: the highest Lv whose cost the cores meet; 12-2-1-1-2: 《Super Unleash》 is Lv2 with a soul core."""
        best = 0
        for lv in self.levels:
            if self.cores >= lv.cores and lv.lv > best:
                best = lv.lv
        if self.super_unleash and soul and best < 2 and any(lv.lv == 2 for lv in self.levels):
            best = 2
        return best

    @property
    def lv1_cost(self) -> int:
        ls = self.levels  # asked for every card at every Rule Processing: one Lv is the common case
        return ls[0].cores if len(ls) == 1 else min((lv.cores for lv in ls), default=0)

    def bp_at(self, level: int) -> int | None:
        for lv in self.levels:  # a plain loop: asked for every BP
            if lv.lv == level:
                return lv.bp
        return None


def _keep_hash(value: object, fields: tuple[object, ...]) -> int:
    """Hash a frozen value's fields once and keep it in its `_h` (reset by `evolve` on every copy)."""
    h = hash(fields)
    object.__setattr__(value, "_h", h)
    return h


@dataclass(frozen=True, slots=True)
class Player:
    # The hash, computed once: a State's hash is taken for each position, and usually one player changed.
    # (Declared first: the `field` attribute below hides dataclasses.field in this class body.)
    _h: int | None = field(default=None, init=False, compare=False, repr=False)
    life: int = 5
    reserve: int = 0  # every core in the reserve, the soul core included
    trash_cores: int = 0
    deck: int | None = None
    hand: tuple[Card, ...] = ()
    hand_unknown: int = 0
    trash: tuple[Card, ...] = ()
    trash_unknown: int = 0
    field: tuple[Card, ...] = ()
    removed: tuple[Card, ...] = ()  # 4-9: the Removed Area
    soul: str | None = None  # "reserve", "trash", "life", "void", a card uid, or None (not said)
    # The Deck's top cards the scenario names (`A deck: …` lines, the first the top card), in order; `deck` counts
    # them with the rest, which stay unknown. Only an effect that reveals or looks at the top of the Deck needs them
    # (card text over 4-2-2's privacy, 1-4-1); a draw or discard takes them first, as they are the top.
    deck_top: tuple[Card, ...] = ()
    # … and its bottom cards it names (`A deck: …, at the bottom`, or put there by an effect), in order, the last the
    # bottom card; the unknown cards are between the two
    deck_bottom: tuple[Card, ...] = ()

    def __hash__(self) -> int:
        return self._h if self._h is not None else _keep_hash(self, (
            self.life, self.reserve, self.trash_cores, self.deck, self.hand, self.hand_unknown, self.trash,
            self.trash_unknown, self.field, self.removed, self.soul, self.deck_top,
            self.deck_bottom))

    @property
    def hand_count(self) -> int:
        return len(self.hand) + self.hand_unknown

    @property
    def trash_count(self) -> int:
        return len(self.trash) + self.trash_unknown

    def find(self, uid: str) -> Card | None:
        for c in self.field:  # a plain loop: asked for every card, many times per action
            if c.uid == uid:
                return c
        return None


# The battle's stages are the family's: a Flash Timing before the block (8-1-2), the block declaration (8-1-3) and a
# Flash Timing after it (8-1-4), as in Saga's 7-1-2..7-1-4.
Stage = saga.Stage


@dataclass(frozen=True, slots=True)
class Battle:
    attacker: str
    stage: Stage = Stage.FLASH_BEFORE_BLOCK
    blocker: str | None = None
    to_act: str = "B"
    passes: int = 0


# A resolved effect with a duration (9-1-5-2, 9-1-5-6): the same value as Saga's. Standard uses the kinds
# BP_PLUS (an int) and FORBID ("attack", "block", "be blocked"), durations "turn" (expires at 7-9-1-1) or
# "battle" (8-1-7-2).
Applied = saga.Applied
AppliedKind = saga.AppliedKind


@dataclass(frozen=True, slots=True)
class Pending:
    """A card in the Pending State (10-2-2): why ("destroyed", "depleted", "hand", "deck") and by whom."""

    uid: str
    why: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class State:
    player: str = "A"
    step: Step = Step.MAIN
    turn: int | None = None
    first_turn: bool = False  # the first player's first turn (7-3-3, 7-7-2, 7-8-2)
    a: Player = field(default_factory=Player)
    b: Player = field(default_factory=Player)
    battle: Battle | None = None
    continuous: tuple[Applied, ...] = ()
    once_used: tuple[tuple[str, str], ...] = ()  # 12-3-1: (card uid, effect text) used this turn
    # "The first time … each turn": (card uid, effect text) whose event has happened this turn (cards.Trig.first)
    firsts: tuple[tuple[str, str], ...] = ()
    pending: tuple[Pending, ...] = ()  # cards in the Pending State, in the order they entered it
    # Cards whose cost, when last paid (a Summon, Deployment or use, 11-1-1 .. 11-3-1), included the Soul Core (5-7-1):
    # what 'If you spend a "Soul Core" as part of this card's cost' looks at
    soul_paid: tuple[str, ...] = ()
    # Effects set up by a resolved effect to activate later ("At the end of this turn, …"): effects.Later values
    delayed: tuple = ()
    # Effects activated by a Magic card's use that resolve "after its effect resolves" (cards.Trig.resolved):
    # effects.Activation values, held until the card's effect has resolved (rules.use)
    after_magic: tuple = ()
    # "SPIRITS cannot be blocked by SPIRITS during this turn/battle" from resolved effects: effects.BlockedBy values
    blocked_by: tuple = ()
    # "When this battle ends, end the attack step." resolved: the Attack Step ends once this battle has (rules)
    attack_ends: bool = False
    # "[Flash] End the attack step." resolved in a battle's Flash Timing: the battle ends once the action that resolved
    # it has (rules.cut_battle; never left set between two actions)
    battle_cut: bool = False
    # Activated effects waiting to resolve (core Waiting batches); empty once a declared action has finished.
    waiting: Waiting = field(default_factory=Waiting)
    # The hash, computed once: the core's resolution loop looks each position up and then records it.
    _h: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        return self._h if self._h is not None else _keep_hash(self, (
            self.player, self.step, self.turn, self.first_turn, self.a, self.b, self.battle, self.continuous,
            self.once_used, self.pending, self.waiting, self.soul_paid, self.delayed, self.blocked_by,
            self.attack_ends, self.firsts, self.battle_cut, self.after_magic))

    def p(self, who: str) -> Player:
        return self.a if who == "A" else self.b

    def with_p(self, who: str, pl: Player) -> State:
        return evolve(self, a=pl) if who == "A" else evolve(self, b=pl)

    @property
    def opponent(self) -> str:
        return other(self.player)

    def locate(self, uid: str) -> tuple[str, str, Card] | None:
        for who in PLAYERS:
            pl = self.p(who)
            for area, cards in (("field", pl.field), ("hand", pl.hand), ("trash", pl.trash), ("removed", pl.removed),
                                ("deck", pl.deck_top + pl.deck_bottom)):
                for c in cards:
                    if c.uid == uid:
                        return who, area, c
        return None

    def on_field(self, uid: str) -> tuple[str, Card] | None:
        # Plain loops over both Fields (A's first): the replay's most frequent question, asked for every BP.
        for c in self.a.field:
            if c.uid == uid:
                return "A", c
        for c in self.b.field:
            if c.uid == uid:
                return "B", c
        return None

    def field_card(self, uid: str) -> tuple[str, Card]:
        """Who controls `uid` and the card, for a card the caller knows is on the Field."""
        found = self.on_field(uid)
        if found is None:
            raise LookupError(f"{uid!r} is not on the Field")
        return found

    def pending_of(self, uid: str) -> Pending | None:
        if not self.pending:  # the usual case, asked for every card again and again
            return None
        return next((p for p in self.pending if p.uid == uid), None)

    def all_uids(self) -> list[str]:
        out: list[str] = []
        for who in PLAYERS:
            pl = self.p(who)
            out += [c.uid for c in pl.field + pl.hand + pl.trash + pl.removed + pl.deck_top + pl.deck_bottom]
        return out


def replace_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return swap(cards, card)


def without(cards: tuple[Card, ...], uid: str) -> tuple[Card, ...]:
    return take(cards, uid)[0]


def take_top(pl: Player, n: int) -> tuple[Player, tuple[Card, ...], int]:
    """The top `n` cards leave `pl`'s Deck (a draw, a discard, 4-2-3: one at a time from the top): the player without
    them, the named ones among them (the named top cards, then the unknown ones, then the named bottom cards) and how
    many unknown ones."""
    deck = pl.deck or 0
    n = max(0, min(n, deck))
    top = pl.deck_top[:n]
    middle = deck - len(pl.deck_top) - len(pl.deck_bottom)
    unknown = min(n - len(top), middle)
    k = n - len(top) - unknown  # reaching the named bottom cards
    bottom = pl.deck_bottom[:k]
    return (evolve(pl, deck=deck - n, deck_top=pl.deck_top[len(top):], deck_bottom=pl.deck_bottom[k:]), top + bottom,
            unknown)
