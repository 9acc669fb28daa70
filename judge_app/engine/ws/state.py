"""The Weiss Schwarz board as frozen values (rules v2.03, chapters 3 and 4).

A card's printed information is a `Card` in the scenario's catalogue; zones hold card ids (the
card's unique name) or `UNKNOWN` for a card the scenario did not name. The deck is an ordered pile
(`OrderedZone`, top first); the clock, level, stock, waiting room and memory are piles listed bottom
first (the last entry is the top: 3.4.2, 3.8.2, 3.9.3, 3.10.2). A character on the stage is an
`OnStage`: the card, its orientation, and what this stay on the stage gave it (effects that end when
the card leaves: 3.1.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import Any

from judge_app.engine.core import UNKNOWN, OrderedZone, Unknown, Waiting
from judge_app.engine.core.evolve import copier, evolve
from judge_app.engine.ws.effects import abilities_within, reads_from_hand

# A replay makes thousands of copies of these frozen values (`with_side` most of all).
replace = evolve

PLAYERS = ("A", "B")
POSITIONS = ("CL", "CM", "CR", "BL", "BR")  # ① ② ③ center stage, ④ ⑤ back stage (3.6.3)
CENTER = POSITIONS[:3]
BACK = POSITIONS[3:]
# A's ① faces B's ③, ② faces ②, ③ faces ① (3.6.5)
FACING = {"CL": "CR", "CM": "CM", "CR": "CL"}
# Back-stage position -> the center-stage positions in front of it (3.6.4)
IN_FRONT = {"BL": ("CL", "CM"), "BR": ("CM", "CR")}
# s16 body: the "turn" at whose end a gain "during this game" ends (8.2.1.2: an effect with no duration written lasts the
# game; OnStage.lasting keeps it until the card leaves the stage, 3.1.4)
GAME_LONG = 10**9
COLORS = ("yellow", "green", "red", "blue", "purple")
HAND_LIMIT = 7  # 3.3.3.1

Entry = str | Unknown  # a card id, or a card the scenario did not name


def other(p: str) -> str:
    return "B" if p == "A" else "A"


class Kind(StrEnum):
    CHARACTER = "character"
    EVENT = "event"
    CLIMAX = "climax"


class Orient(StrEnum):
    STAND = "stand"
    REST = "rest"
    REVERSE = "reverse"


class Trigger(StrEnum):  # 4.12.2
    SOUL = "soul"
    RETURN = "return"
    POOL = "pool"
    COMEBACK = "comeback"
    DRAW = "draw"
    SHOT = "shot"
    TREASURE = "treasure"
    GATE = "gate"
    STANDBY = "standby"
    # s12 heads: newer than the rules 2.03 (4.12.2.1-4.12.2.10 do not list it); its action is the one its reminder text
    # states, performed by `abilities._choice_trigger`, and the answer says that the engine decided it
    CHOICE = "choice"


class Phase(StrEnum):  # chapter 6
    STAND = "stand"
    DRAW = "draw"
    CLOCK = "clock"
    MAIN = "main"
    CLIMAX = "climax"
    ATTACK = "attack"
    ENCORE = "encore"
    END = "end"


PHASE_ORDER = tuple(Phase)


class Point(StrEnum):
    """Where the game waits. START: the phase has just begun, its procedure not yet performed."""

    START = "start"
    BEGUN = "begun"  # stand, draw, end: the phase's "at the beginning of" activation and check timing performed
    CLOCK = "clock"  # 6.4.1.2: the turn player may clock a card
    PLAY = "play"  # a play timing of the main or climax phase (8.5.2)
    DECLARE = "declare"  # 7.2.1.3: the turn player may choose an attacker
    COUNTER = "counter"  # 7.4.1.2: the defending player's play timing


@dataclass(frozen=True, slots=True)
class Card:
    """A card's printed information (chapter 2). `uid` is its name in the scenario (unique)."""

    uid: str
    kind: Kind = Kind.CHARACTER
    color: str = ""
    level: int = 0
    cost: int = 0
    power: int = 0
    soul: int = 0
    triggers: tuple[Trigger, ...] = ()
    counter: bool = False  # the counter icon (2.8.2)
    texts: tuple[str, ...] = ()  # card text, one ability per entry, as written
    abilities: tuple = ()  # the parsed abilities (judge_app.engine.ws.effects.Ability), same order
    traits: tuple[str, ...] = ()  # 2.5: the card's traits, as written (a selection may name one, 2.5.3)

    @property
    def name(self) -> str:
        return self.uid.split("#", 1)[0]


@dataclass(frozen=True, slots=True)
class OnStage:
    uid: str
    orient: Orient = Orient.STAND
    power: int = 0  # +/- until end of turn, from one-shot effects while on this stage stay
    soul: int = 0
    levels: int = 0  # +/- level until end of turn ("gets +1 level and …"), like power and soul
    markers: tuple[Entry, ...] = ()  # bottom first (3.7.2)
    placed: int = 0  # serial of the placement (9.6.1: the last placed stays)
    gained: tuple[Any, ...] = ()  # abilities an effect gave it until end of turn (effects.Grant; lost off the stage, 3.1.4)
    # the parts of power/soul/gained that last past this turn (8.2.1.2: "until the end of your opponent's next turn"):
    # (the turn at whose end they end, power, soul, ability or None, levels); 6.8.1.4 keeps them in the totals above
    lasting: tuple[tuple[int, int, int, Any, int], ...] = ()
    # s13 heads: placed on the stage from the hand during this turn (8.6.2.4.1), what "During the turn that this card is
    # placed on the stage from your hand" looks at; it ends with the turn (turn.end_phase) and a card that leaves the stage
    # is a new card (3.1.4). The board's turn line states it: `"Card" placed from hand`
    from_hand: bool = False


@dataclass(frozen=True, slots=True)
class Side:
    deck: OrderedZone[str] = OrderedZone()
    hand: tuple[Entry, ...] = ()
    clock: tuple[Entry, ...] = ()  # bottom first
    level: tuple[Entry, ...] = ()
    stock: tuple[Entry, ...] = ()
    waiting: tuple[Entry, ...] = ()
    memory: tuple[Entry, ...] = ()
    climax: tuple[str, ...] = ()  # normally 0 or 1 (3.11.2); several only until 9.7
    stage: tuple[tuple[OnStage, ...], ...] = ((), (), (), (), ())  # per POSITIONS; several only until 9.6
    resolution: tuple[Entry, ...] = ()  # 3.13
    refresh_point: int = 0  # 5.2.1.5, 9.2.2, 9.9
    no_reshuffle: bool = False  # 9.2.2.1: an empty deck with an empty waiting room is not refreshed again
    # Cards in the marker area of a stage position with no character (3.7.1: the area is the position's), per
    # POSITIONS, bottom first. A check-type rule action puts them into the waiting room (9.8.1).
    loose: tuple[tuple[Entry, ...], ...] = ((), (), (), (), ())
    # A memo, no part of the value (not compared, hashed, printed or copied): the catalogue with which the check
    # timing found no rule action applying to this side (timing._is_settled). A copy starts without it.
    settled_with: Any = field(default=None, init=False, compare=False, repr=False)

    def at(self, pos: str) -> OnStage | None:
        """The character on `pos` (the last placed, if several wait for 9.6)."""
        here = self.stage[POSITIONS.index(pos)]
        return here[-1] if here else None

    def where(self, uid: str) -> str | None:
        for pos, here in zip(POSITIONS, self.stage, strict=True):
            if any(o.uid == uid for o in here):
                return pos
        return None

    def with_pos(self, pos: str, here: tuple[OnStage, ...]) -> Side:
        i = POSITIONS.index(pos)
        return replace(self, stage=self.stage[:i] + (here,) + self.stage[i + 1:])

    def characters(self) -> list[tuple[str, OnStage]]:
        return [(pos, o) for pos, here in zip(POSITIONS, self.stage, strict=True) if here for o in here]

    def count(self) -> int:
        """Every card this player has in a zone (conservation: no card is created or lost)."""
        return (len(self.deck) + len(self.hand) + len(self.clock) + len(self.level) + len(self.stock)
                + len(self.waiting) + len(self.memory) + len(self.climax) + len(self.resolution)
                + sum(1 + len(o.markers) for _p, o in self.characters()) + sum(len(x) for x in self.loose))


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack sub-phase under way (7.2.1.5)."""

    player: str
    attacker: str  # card id
    pos: str  # the attacker's stage position
    kind: str  # "direct" | "frontal" | "side"
    defender: str | None = None  # frontal: the defending character (7.2.1.5.1)
    defender_pos: str | None = None
    step: str = "declare"  # declare, trigger, counter, damage, battle
    countered: bool = False  # the counter step's one action is used (7.4.1.2.2)
    shot: bool = False  # a shot trigger's ability waits for the attacker's next cancelled damage (4.12.2.7)
    checks: int = 1  # s12 bodies: trigger checks on this attack's trigger step ("perform a trigger check 2 times")


@dataclass(frozen=True, slots=True)
class Pending:
    """An automatic ability in its standby condition (8.7.2)."""

    master: str
    source: str  # the card that has the ability
    ability: int  # index into the card's abilities; -1: a rule-made ability (shot, encore default); -3: a gained one
    label: str  # what the scenario calls it, e.g. "Old Guard: Encore"
    info: tuple[tuple[str, object], ...] = ()  # e.g. (("from", "CM"),) for Encore


@dataclass(frozen=True)
class Catalog:
    """Every card of the scenario, by id (unnamed cards named by an answer are added)."""

    cards: tuple[Card, ...] = ()

    @cached_property
    def by_uid(self) -> dict[str, Card]:
        return {c.uid: c for c in self.cards}

    def __getitem__(self, uid: str) -> Card:
        return self.by_uid[uid]

    @cached_property
    def cont(self) -> dict[str, tuple[Any, ...]]:
        """Each card's continuous abilities with a scope (the ones that change power or soul), by id."""
        return {c.uid: t for c in self.cards if (t := tuple(a for a in c.abilities if a.category == "cont" and a.scope))}

    @cached_property
    def alarm(self) -> dict[str, tuple[Any, ...]]:
        """Each card's Alarm abilities with a scope (valid from the top of the clock, 10.1), by id."""
        return {c.uid: t for c in self.cards if (t := tuple(a for a in c.abilities if a.keyword == "alarm" and a.scope))}

    @cached_property
    def autos(self) -> dict[tuple[str, str], tuple[tuple[int, Any], ...]]:
        """(card id, standby condition) -> the card's automatic abilities with that condition, with their index."""
        out: dict[tuple[str, str], list[tuple[int, Any]]] = {}
        for c in self.cards:
            for i, a in enumerate(c.abilities):
                for when in a.whens if a.category == "auto" else ():
                    out.setdefault((c.uid, when), []).append((i, a))
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def auto_heads(self) -> frozenset[str]:
        """What the cards' automatic abilities wait for, printed ones and those their effects can give a character
        (`abilities_within`), without a trait (`other-attacks` of `other-attacks:T`), and "shift" when a card has
        Shift (it waits for the main phase's beginning, 10.11.2): a happening no card waits for makes no ability
        wait, so the check timing need not look for one."""
        heads = {when.partition(":")[0] for c in self.cards for printed in c.abilities
                 for a in abilities_within(printed) if a.category == "auto" for when in a.whens}
        if any(a.keyword == "shift" for c in self.cards for a in c.abilities):
            heads.add("shift")
        return frozenset(heads)

    @cached_property
    def lowers_power(self) -> bool:
        """Whether any continuous ability of the scenario can lower a character's power (else a character's
        power is at least its printed power plus its until-end-of-turn changes)."""
        return any(a.power < 0 for t in (*self.cont.values(), *self.alarm.values()) for a in t)

    @cached_property
    def reads_from_hand(self) -> bool:
        """s13 heads: whether a card's text looks at "the turn that this card is placed on the stage from your hand": only
        then does the engine keep `OnStage.from_hand` for a character played from the hand (no other answer depends on it,
        and every other board stays as it was written)."""
        return any(reads_from_hand(a) for c in self.cards for a in c.abilities)

    @cached_property
    def _hash(self) -> int:
        return hash(self.cards)

    def __contains__(self, uid: object) -> bool:
        return uid in self.by_uid

    def add(self, card: Card) -> Catalog:
        return Catalog(self.cards + (card,))

    def __hash__(self) -> int:  # kept: the check timing hashes whole states to see a position repeat (11.1.1)
        return self._hash

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Catalog) and o.cards == self.cards


@dataclass(frozen=True, slots=True)
class State:
    catalog: Catalog = Catalog()
    turn: int = 1
    player: str = "A"
    phase: Phase = Phase.MAIN
    point: Point = Point.PLAY
    first_turn: bool = False  # the starting player's first turn (7.2.1.3.1)
    a: Side = Side()
    b: Side = Side()
    attack: Attack | None = None
    attacks_done: int = 0  # attack sub-phases executed this turn
    waiting: Waiting[Pending] = Waiting()
    serial: int = 0  # placement counter (9.6.1)
    unnamed: int = 0  # counter for cards named by an answer ("unnamed climax")
    climax_played: bool = False  # 6.6.1.2.2
    # s15 heads: player restrictions for a time (effects.LastingBan; 8.2.1.2): (player, kinds, last turn, what says so)
    bans: tuple[tuple[str, str, int, Any], ...] = ()
    # (card, ability index) each time an ability limited to "up to N time(s) per turn" activated this turn
    activations: tuple[tuple[str, int], ...] = ()
    # automatic abilities an effect created with a timed activation (8.7.5; effects.AtNextPhase), until they activate:
    # (master, the turn they were made in, the card they are kept for, activation condition "begin:<phase>", ability)
    timed: tuple[tuple[str, int, str, str, Any], ...] = ()
    # `assume undescribed cards do not matter`: a card the scenario did not describe has none of the
    # information a rule looks for (e.g. the colour a card's colour requirement needs)
    undescribed_irrelevant: bool = False
    # A memo, no part of the value (not compared, hashed, printed or copied): the check timing found no rule action
    # applying to this state (timing._settled). A copy starts without it.
    settled: bool = field(default=False, init=False, compare=False, repr=False)

    def side(self, p: str) -> Side:
        return self.a if p == "A" else self.b

    def with_side(self, p: str, s: Side) -> State:
        return _WITH_A(self, s) if p == "A" else _WITH_B(self, s)

    def card(self, uid: str) -> Card:
        return self.catalog[uid]

    def locate(self, uid: str) -> tuple[str, str] | None:
        """(player, zone) of a named card; zone is a stage position or a zone word."""
        for p in PLAYERS:
            s = self.side(p)
            pos = s.where(uid)
            if pos:
                return p, pos
            for zone in ZONE_FIELDS:
                if uid in getattr(s, zone):
                    return p, ZONE_WORDS[zone]
            if uid in s.deck.cards or uid in s.deck.unplaced:
                return p, "deck"
            for _pos, o in s.characters():
                if uid in o.markers:
                    return p, "marker"
            if any(uid in here for here in s.loose):
                return p, "marker"
        return None

    def on_stage(self, uid: str) -> tuple[str, str, OnStage] | None:
        for p, s in (("A", self.a), ("B", self.b)):
            for pos, here in zip(POSITIONS, s.stage, strict=True):
                if here:  # most positions are empty: no inner loop set up for them
                    for o in here:
                        if o.uid == uid:
                            return p, pos, o
        return None


# The copies a replay makes most often, without `evolve`'s own call (core/evolve.py `copier`)
_WITH_A = copier(State, "a")
_WITH_B = copier(State, "b")
at_point = copier(State, "point")  # replace(state, point=...)
at_phase = copier(State, "phase", "point")  # replace(state, phase=..., point=...)

ZONE_FIELDS = ("hand", "clock", "level", "stock", "waiting", "memory", "climax", "resolution")
ZONE_WORDS = {"hand": "hand", "clock": "clock", "level": "level", "stock": "stock", "waiting": "waiting_room",
              "memory": "memory", "climax": "climax_area", "resolution": "resolution"}

__all__ = ["UNKNOWN"]
