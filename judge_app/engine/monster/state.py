"""The monster-invasion game's board as frozen values (chapters 2-4 of the rules ver. 1.2).

A player has an invading monster (a stack of monster cards, bottom first, 3.2-3.3) at a position in
their own zones 1-8 (3.3.3, 4.4), its rage (3.4), a monster deck (4.6), a hand (4.9), a deck as an
ordered zone of known and unknown cards (4.8), a discard pile (4.10), battle cards in their zones
(4.4; a stack, bottom first, for Evolution) and two strategy zones (4.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from judge_app.engine.core import OrderedZone, Unknown
from judge_app.engine.core.evolve import evolve

PLAYERS = ("A", "B")
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
ROMAN_OF = {v: k for k, v in ROMAN.items()}
COLORS = ("red", "blue", "white", "green")
ZONES = range(1, 9)  # 4.4.2-4.4.3
STRATEGY_ZONES = 2  # 4.5.2
HAND_SIZE = 5  # 7.5.4


class Kind(StrEnum):
    MONSTER = "monster"
    BATTLE = "battle"
    STRATEGY = "strategy"


class Phase(StrEnum):
    START = "start"
    MAIN = "main"
    COUNTER = "counter"
    END = "end"


PHASES = (Phase.START, Phase.MAIN, Phase.COUNTER, Phase.END)  # 7.1.2


@dataclass(frozen=True, slots=True)
class Card:
    uid: str  # the card's name in the scenario (unique)
    kind: Kind
    rank: int = 0  # monster ranks I-IV are kept as 1-4 (2.3.2.1)
    traits: tuple[str, ...] = ()
    threat: int = 0  # 2.6
    counter: int = 0  # 2.7
    icon: int = 0  # 2.8
    colors: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()  # the card's text, one ability per entry
    cannot_engage: bool = False  # 5.16
    owner: str = "A"
    token: bool = False  # 9.1: not a card, treated as one; it exists only in zones (9.1.4.1)

    def rank_word(self) -> str:
        return ROMAN_OF.get(self.rank, str(self.rank)) if self.kind is Kind.MONSTER else str(self.rank)


Slot = Card | Unknown


@dataclass(frozen=True, slots=True)
class Player:
    stack: tuple[Card, ...] = ()  # the invading monster, bottom first (3.3.2)
    zone: int = 1  # its position: one of this player's zones (3.3.3)
    rage: int = 0  # 3.4
    monster_deck: tuple[Card, ...] = ()
    hand: tuple[Slot, ...] = ()
    deck: OrderedZone[Card] = OrderedZone()
    discard: tuple[Slot, ...] = ()
    field: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (zone number, stack bottom first), placing order
    strategy: tuple[tuple[Card, bool], ...] = ()  # (card, placed this turn), at most 2 (4.5.2)
    burst: tuple[str, ...] = ()  # monster cards played with Burst, sent away at the next end phase (12.5.2)

    @property
    def top(self) -> Card | None:
        return self.stack[-1] if self.stack else None

    def battle_in(self, zone: int) -> tuple[Card, ...]:
        """Every card in one of this player's zones (several stacks only until 11.5 acts)."""
        return tuple(c for z, cards in self.field if z == zone for c in cards)

    def battle_tops(self) -> tuple[tuple[int, Card], ...]:
        """Each battle card (a stack is one card with its top card's information, 3.2.3), in placing order."""
        return tuple((z, cards[-1]) for z, cards in self.field if cards)

    def add_stack(self, zone: int, cards: tuple[Card, ...]) -> Player:
        return replace(self, field=self.field + ((zone, cards),))

    def find_stack(self, uid: str) -> int | None:
        """The index in `field` of the stack whose top card is `uid`."""
        return next((i for i, (_z, cards) in enumerate(self.field) if cards and cards[-1].uid == uid), None)

    def known_hand(self) -> tuple[Card, ...]:
        return tuple(c for c in self.hand if isinstance(c, Card))


@dataclass(frozen=True, slots=True)
class Pending:
    """An automatic ability in standby (10.6.2): whose, from which card, which ability text."""

    master: str
    source: str  # card uid
    ability: object  # effects.Ability (frozen)
    label: str  # e.g. "Enter", "Revenge", "strategy"


@dataclass(frozen=True, slots=True)
class Modifier:
    """A continuous effect with a duration (until end of turn, 7.5.6): +amount to a value."""

    player: str  # whose invading monster / battle card
    what: str  # "threat"
    amount: int
    source: str


@dataclass(frozen=True, slots=True)
class State:
    player: str = "A"  # the turn player (7.1.1)
    phase: Phase = Phase.MAIN
    turn: int = 1
    a: Player = Player()
    b: Player = Player()
    invaded: bool = False  # the invasion action was performed this turn (8.6.2)
    standby: tuple[Pending, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    countered: tuple[str, ...] = ()  # players whose invading monster was countered (for expectations)
    # This turn's main phase actions, each with the game state it was performed from (13.1.1.2). Not part of
    # the game state itself: two states that differ only here are "completely identical".
    history: tuple[tuple[object, State], ...] = field(default=(), compare=False, hash=False)

    def p(self, who: str) -> Player:
        return self.a if who == "A" else self.b

    def with_p(self, who: str, pl: Player) -> State:
        # The replay's most frequent step: `evolve`'s copier sets the slots directly, a third cheaper than
        # calling the frozen class's __init__ (which goes through object.__setattr__ for each field).
        return evolve(self, a=pl) if who == "A" else evolve(self, b=pl)

    @property
    def opponent(self) -> str:
        return other(self.player)


# `dataclasses.replace` without its per-call field lookups: the replay's hottest step (core/evolve.py).
but = evolve


def as_state(state: object) -> State:
    """The kernel hands a game its state as a Hashable: this game's is always a State."""
    if not isinstance(state, State):
        raise TypeError(f"not a monster State: {type(state).__name__}")
    return state


def known(cards: tuple[Slot, ...]) -> tuple[Card, ...]:
    """The known cards among `cards` (unknown ones are never invented)."""
    return tuple(c for c in cards if isinstance(c, Card))


def quoted(names) -> str:
    """Card names as the scenario language writes them: "A", "B"."""
    return ", ".join(f'"{n}"' for n in names)


def other(who: str) -> str:
    return "B" if who == "A" else "A"


def adjacent(zone_a: tuple[str, int], zone_b: tuple[str, int]) -> bool:
    """4.4.5.2: numbers differing by 1, front/behind pairs (8-3, 7-4, 6-5), or the two zones 8."""
    (pa, a), (pb, b) = zone_a, zone_b
    if pa != pb:
        return a == 8 and b == 8
    return abs(a - b) == 1 or {a, b} in ({8, 3}, {7, 4}, {6, 5})


BEHIND = {8: 3, 7: 4, 6: 5}  # 4.4.5.1: the former is in front of the latter


def all_cards(s: State) -> list[str]:
    """Every card of the board (unknown ones as '?'), for the no-card-created-or-lost invariant. Tokens are
    not cards (9.1.1.1): they appear and disappear by the rules (9.1.2, 9.1.4.2)."""
    out: list[str] = []
    for who in PLAYERS:
        pl = s.p(who)
        out += [c.uid for c in pl.stack] + [c.uid for c in pl.monster_deck]
        out += [c.uid if isinstance(c, Card) else "?" for c in pl.hand + pl.discard]
        # the deck: known cards where they are, known cards somewhere among the unknown places, the rest
        out += [c.uid for c in known(pl.deck.cards)] + [c.uid for c in pl.deck.unplaced]
        out += ["?"] * (pl.deck.unknown - len(pl.deck.unplaced))
        out += [c.uid for _z, cs in pl.field for c in cs if not c.token] + [c.uid for c, _t in pl.strategy]
    return sorted(out)
