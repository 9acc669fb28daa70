"""Battle Spirits Saga: one small exact state model (frozen), shared by the rules and the language."""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import field as dc_field  # Player has a field named `field`
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.pieces import Area, find, swap, take
from judge_app.engine.core.zones import OrderedZone, Unknown

if TYPE_CHECKING:  # the effect objects sit above the state model; the state only carries them
    from judge_app.engine.bss.vocab import Effect

COLORS = ("red", "purple", "white", "yellow", "green", "blue")  # 2-4-1-1
PLAYERS = ("A", "B")


# 3-1-1: the areas a scenario describes (the deck's named cards: engine/bss/deck.py).
AREAS = {name: Area("", name, public=name != "hand", ordered=name == "trash")
         for name in ("field", "hand", "trash", "burst", "removed")}


class Step(StrEnum):
    START = "start"
    CORE = "core"
    DRAW = "draw"
    REFRESH = "refresh"
    MAIN = "main"
    ATTACK = "attack"
    END = "end"


STEP_ORDER = tuple(Step)  # 6-1-1: seven steps in this order
AUTOMATIC_STEPS = frozenset({Step.START, Step.CORE, Step.DRAW, Step.REFRESH, Step.END})


class CardType(StrEnum):
    SPIRIT = "spirit"
    NEXUS = "nexus"
    MAGIC = "magic"


@dataclass(frozen=True, slots=True)
class Level:
    lv: int
    cores: int  # maintenance cost (2-10-3)
    bp: int | None = None  # nexuses have no BP


T = TypeVar("T")


def _hash_once(cls: type[T]) -> type[T]:
    """The dataclass's own hash, kept in the `_h` slot after the first call: cards and players are hashed
    again and again (the views' cache, loop detection, the order sandbox) and most stay the same object."""
    fields_hash = cls.__hash__

    def __hash__(self: Any) -> int:
        h = self._h
        if h is None:
            h = fields_hash(self)
            object.__setattr__(self, "_h", h)
        return h

    cls.__hash__ = __hash__  # type: ignore[method-assign]
    return cls


@_hash_once
@dataclass(frozen=True, slots=True)
class Card:
    """A card as the rules see it. `uid` is the name as written, unique in a scenario ("Bell Tower#1")."""

    uid: str
    type: CardType
    token: bool = False
    colors: tuple[str, ...] = ()
    cost: int = 0
    reduction: tuple[str, ...] = ()
    levels: tuple[Level, ...] = ()
    symbols: tuple[str, ...] = ()  # one entry per symbol; "red/blue" is one double-color symbol
    effects: tuple[str, ...] = ()  # effect text, carried verbatim
    cores: int = 0  # every core on the card, the soul core included
    exhausted: bool = False
    # 2-5: spirit types ("families"), as the scenario writes them (`family "Terrasaur"`); none when not written
    family: tuple[str, ...] = ()
    _h: int | None = field(default=None, init=False, compare=False, repr=False)  # see `_hash_once`
    # The level, computed once (views and the rules ask it hundreds of times a replay); `evolve` and `replace`
    # reset it with every other `init=False` field.
    _lv: int | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def name(self) -> str:
        return self.uid.split("#", 1)[0]

    @property
    def level(self) -> int:
        """2-10-3: the highest level whose maintenance cost is met; 0 when even LV1 is not."""
        best = self._lv
        if best is None:
            best = 0
            for lv in self.levels:
                if self.cores >= lv.cores and lv.lv > best:
                    best = lv.lv
            object.__setattr__(self, "_lv", best)
        return best

    @property
    def lv1_cost(self) -> int:
        return min((lv.cores for lv in self.levels), default=0)

    @property
    def bp(self) -> int | None:
        """2-10-2: BP of the current level (None for a nexus or below LV1)."""
        cur = self.level
        for lv in self.levels:
            if lv.lv == cur:
                return lv.bp
        return None


@_hash_once
@dataclass(frozen=True, slots=True)
class Player:
    life: int = 5  # 5-2-3 is the default when a scenario does not say
    reserve: int = 0  # every core in the reserve, the soul core included
    trash_cores: int = 0
    deck: int | None = None  # None: not given; a rule that needs it asks for it
    hand: tuple[Card, ...] = ()  # the cards that matter
    hand_unknown: int = 0  # further cards in hand, not described
    trash: tuple[Card, ...] = ()
    trash_unknown: int = 0
    field: tuple[Card, ...] = ()
    burst: tuple[Card, ...] = ()  # the set burst card, at most one (3-8-3)
    removed: tuple[Card, ...] = ()  # tokens removed from the game (4-12-3)
    soul: str | None = None  # where the soul core is: "reserve", "trash", "life", "void", a card uid, None
    # The deck as an ordered pile (3-2-2), top first, when the scenario names some of its cards; None when
    # only its size is known. `deck` is always its size (engine/bss/deck.py keeps the two together).
    pile: OrderedZone[Card] | None = None
    _h: int | None = dc_field(default=None, init=False, compare=False, repr=False)  # see `_hash_once`

    @property
    def hand_count(self) -> int:
        return len(self.hand) + self.hand_unknown

    @property
    def trash_count(self) -> int:
        return len(self.trash) + self.trash_unknown

    def find(self, uid: str) -> Card | None:
        """A card on this player's field."""
        return find(self.field, uid)

    @property
    def deck_known(self) -> tuple[Card, ...]:
        """The cards of the deck the scenario names, placed or not (never an unknown one)."""
        if self.pile is None:
            return ()
        return tuple(c for c in self.pile.cards if not isinstance(c, Unknown)) + self.pile.unplaced


class Stage(StrEnum):
    FLASH_BEFORE_BLOCK = "flash before block"  # 7-1-2
    BLOCK = "block declaration"  # 7-1-3
    FLASH_AFTER_BLOCK = "flash after block"  # 7-1-4


@dataclass(frozen=True, slots=True)
class Battle:
    attacker: str
    stage: Stage = Stage.FLASH_BEFORE_BLOCK
    blocker: str | None = None
    to_act: str = "B"  # who acts next in the flash window
    passes: int = 0  # passes in a row in the current window
    links: tuple[tuple[str, str], ...] = ()  # 11-18: (the spirit with 【Link】, the spirit linked to)
    magic: tuple[str, ...] = ()  # magic cards used during this battle, in order (11-6 【Luster】)
    # s15 bss: the card whose effect "When this battle ends, end the attack step." resolved during this battle (6-7-3-2)
    ends_step: str | None = None


class AppliedKind(StrEnum):
    """What a continuous directive of a resolved effect does (8-8-1), and so what its value is.

    The string values are the state's JSON spelling (`judge check --json`, docs/scenario-language.md).
    """

    BP_PLUS = "bp+"  # value: the BP added, an int (negative to lower), 8-8-1-3-5
    BP_SET = "bp="  # value: the BP it becomes, an int, 8-8-1-3-4
    LEVEL_SET = "lv="  # value: the level it is treated as, an int, 8-8-1-3-2
    GAIN = "gain"  # value: the keyword's text, e.g. "【Crush: +1】", 8-8-1-2
    FORBID = "forbid"  # value: what it cannot do: "block", "attack", "be blocked", 8-8-1-2
    ALLOW = "allow"  # s21 bss, value: what it may do that a rule forbids: "block while exhausted", 1-3-1, 7-1-3-1
    SYMBOL = "symbol"  # s19 bss, value: the symbols gained, colours joined by "," ("green", "red,red"; "red/purple" one), 2-8


@dataclass(frozen=True, slots=True)
class Applied:
    """A continuous directive of a resolved effect (8-2-2-2); the cards it applies to were fixed when the
    effect resolved (8-8-1-4). Chronological order is the order in `State.continuous`.

    `value` is an int for the three numeric kinds and a str for the others (see `AppliedKind`).
    duration: "turn" (6-8-1-2), "battle" (7-1-6-2) or "field" (until the card leaves the field, 3-1-4).
    """

    kind: AppliedKind
    value: int | str
    targets: tuple[str, ...]
    duration: str
    controller: str
    source: str | None = None

    @property
    def amount(self) -> int:
        """The number of a BP or level directive."""
        if not isinstance(self.value, int):
            raise TypeError(f"a {self.kind} directive has no number")
        return self.value

    @property
    def word(self) -> str:
        """The text of a keyword or restriction directive."""
        if not isinstance(self.value, str):
            raise TypeError(f"a {self.kind} directive has no text")
        return self.value


@dataclass(frozen=True, slots=True)
class Activation:
    """An effect that has activated and waits to be resolved (8-5-2-3)."""

    controller: str
    source: str  # the card whose effect it is
    effect: Effect  # frozen
    card: Card  # the card as it was when the effect activated (its last state, 8-10)
    that: tuple[str, ...] = ()  # the cards of the triggering event ("that spirit"); kind "delayed": its "it"
    kind: str = "trigger"  # trigger | magic | activated | burst | keyword | delayed (engine/bss/delayed.py)
    _h: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        """Kept after the first call. The effect stands in by its text (equal effects have equal texts): the
        effect's own hash walks its whole syntax tree, and waiting activations are hashed with every position
        of the queue (loop detection, the order sandbox)."""
        h = self._h
        if h is None:
            h = hash((self.controller, self.source, self.effect.text, self.card, self.that, self.kind))
            object.__setattr__(self, "_h", h)
        return h


@dataclass(frozen=True, slots=True)
class DelayedEffect:
    """A delayed directive set up by a resolved effect ("At the end of this turn, <directive>."), waiting for this
    turn's end step (engine/bss/delayed.py). Only what the board can state: the card it activates with is the source
    as it is then, not a snapshot, so a board written out and read back is the same state."""

    controller: str
    source: str  # the card whose effect set it up
    effect: Effect  # frozen: kind "triggered", text the sentence as printed, body the one directive
    on: tuple[str, ...] = ()  # "it": the cards selected when it was set up (8-5-3), when the directive names them
    at: str = "turn"  # s16 bss: "turn" (the end step, 6-8-1-1) or "battle" ("When this battle ends", 7-1-6-1)


@dataclass(frozen=True, slots=True)
class State:
    player: str = "A"  # the player taking their turn
    step: Step = Step.MAIN
    turn: int | None = None  # game turn number, 1 = player one's first turn
    first_turn: bool = False  # player one's first turn (6-3-3, 6-7-2)
    # For an automatic step: its procedure is done. Bookkeeping only, so not part of equality.
    performed: bool = field(default=False, compare=False)
    a: Player = field(default_factory=Player)
    b: Player = field(default_factory=Player)
    battle: Battle | None = None
    burst_set: bool = False  # a burst card was set this turn (6-6-1-2-2: once per turn)
    raid_used: tuple[tuple[str, int], ...] = ()  # 【Raid】 uses this turn per spirit (11-12-1)
    # s12 bssonce: (card, effect text) of the per-turn limited effects used this turn (engine/bss/once.py)
    once_used: tuple[tuple[str, str], ...] = ()
    # s17 bss, 7-1-1-1: the spirits that declared an attack this turn, in order ("The first spirit that attacks each
    # turn"); a board states them with `attacked "Spirit"` on its turn line
    attacked: tuple[str, ...] = ()
    continuous: tuple[Applied, ...] = ()  # continuous directives of resolved effects, in order
    # Activated effects waiting to be resolved, in batches of simultaneous activations; the last batch is
    # the most recent (8-5-2-4). Empty whenever a declared action has finished.
    pending: tuple[tuple[Activation, ...], ...] = ()
    # Delayed directives a resolved effect set up ("At the end of this turn, refresh all of your spirits."), waiting
    # for this turn's end step, where they activate with the "end of turn" effects (6-8-1-1; engine/bss/delayed.py).
    # A board states them with `A delayed:` lines.
    delayed: tuple[DelayedEffect, ...] = ()
    # The hash, computed once: states are hashed again and again by loop detection and the order sandbox.
    _h: int | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        h = self._h
        if h is None:
            h = hash((self.player, self.step, self.turn, self.first_turn, self.a, self.b, self.battle,
                      self.burst_set, self.raid_used, self.once_used, self.attacked, self.continuous, self.pending, self.delayed))
            object.__setattr__(self, "_h", h)
        return h

    def p(self, who: str) -> Player:
        return self.a if who == "A" else self.b

    def with_p(self, who: str, pl: Player) -> State:
        return evolve(self, a=pl) if who == "A" else evolve(self, b=pl)

    @property
    def opponent(self) -> str:
        return other(self.player)

    def locate(self, uid: str) -> tuple[str, str, Card] | None:
        """(owner, area, card) for a card anywhere on the board."""
        for who in PLAYERS:
            pl = self.p(who)
            for area, cards in (("field", pl.field), ("hand", pl.hand), ("trash", pl.trash),
                                ("burst", pl.burst), ("removed", pl.removed), ("deck", pl.deck_known)):
                for c in cards:
                    if c.uid == uid:
                        return who, area, c
        return None

    def attacks_read(self) -> tuple[str, ...]:
        """s17 bss: the attacks declared this turn, where a card of the game reads them ("the first spirit that attacks
        each turn"): a board writes them only then (the attack history of other boards says nothing about them)."""
        return self.attacked if self.attacked and self.reads_attacks() else ()

    def reads_attacks(self) -> bool:
        """Whether a card of the game reads this turn's attacks ("the first spirit that attacks each turn"): only
        then are they recorded (`rules`), so that a board written and read back is the same state."""
        for who in PLAYERS:
            pl = self.p(who)
            for c in pl.field + pl.hand + pl.trash + pl.burst + pl.deck_known:
                if any("first spirit" in e.lower() for e in c.effects):
                    return True
        return False

    def all_uids(self) -> list[str]:
        out = []
        for who in PLAYERS:
            pl = self.p(who)
            out += [c.uid for c in pl.field + pl.hand + pl.trash + pl.burst + pl.removed + pl.deck_known]
        return out


def other(who: str) -> str:
    return "B" if who == "A" else "A"


def replace_card(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return swap(cards, card)


def without(cards: tuple[Card, ...], uid: str) -> tuple[Card, ...]:
    return take(cards, uid)[0]
