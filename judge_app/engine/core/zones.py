"""Ordered zones holding known and unknown cards: a deck is an ordered pile, not a count.

Games reveal the top card, mill, look at the top cards, put cards on the top or the bottom and
reshuffle. A scenario often knows only some of that: `OrderedZone` keeps each position either as a
known card or as `UNKNOWN`, and remembers which known cards are somewhere among the unknown
positions (after a shuffle their identity is known, their order is not). The engine never invents
a card: taking an unknown card hands back `UNKNOWN`, and the game asks the scenario what it is.
Index 0 is the top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Unknown:
    """A card whose identity the scenario did not give."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = Unknown()


@dataclass(frozen=True, slots=True)
class OrderedZone(Generic[C]):
    cards: tuple[C | Unknown, ...] = ()  # top first
    # Known cards whose position among the UNKNOWN ones is not known (e.g. after a shuffle).
    unplaced: tuple[C, ...] = ()

    @classmethod
    def of_count(cls, n: int) -> OrderedZone[C]:
        """n cards, none known (a scenario that gives only `deck 30`)."""
        if n < 0:
            raise ValueError("a zone cannot hold a negative number of cards")
        return cls((UNKNOWN,) * n)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def unknown(self) -> int:
        return sum(1 for c in self.cards if c is UNKNOWN)

    def top(self, n: int = 1) -> tuple[C | Unknown, ...]:
        """Look at the top n cards (fewer when the zone holds fewer)."""
        return self.cards[:max(n, 0)]

    def take_top(self, n: int = 1) -> tuple[OrderedZone[C], tuple[C | Unknown, ...]]:
        """Remove the top n cards (draw, mill, reveal-and-move): (the rest, the cards taken)."""
        n = max(n, 0)
        return OrderedZone(self.cards[n:], self.unplaced), self.cards[:n]

    def put_top(self, cards: Iterable[C]) -> OrderedZone[C]:
        """Put cards on top; the first of `cards` ends on top."""
        return OrderedZone(tuple(cards) + self.cards, self.unplaced)

    def put_bottom(self, cards: Iterable[C]) -> OrderedZone[C]:
        return OrderedZone(self.cards + tuple(cards), self.unplaced)

    def candidates(self, index: int) -> tuple[C, ...]:
        """What the card at `index` can be: itself when known, else the distinct unplaced cards."""
        c = self.cards[index]
        if c is not UNKNOWN:
            return (c,)  # type: ignore[return-value]
        return tuple(dict.fromkeys(self.unplaced))

    def reveal(self, index: int, card: C) -> OrderedZone[C]:
        """The scenario (or an answer) says what the card at `index` is.

        When every unknown position is accounted for by `unplaced`, only one of those can be it.
        """
        old = self.cards[index]
        if old is not UNKNOWN:
            if old != card:
                raise ValueError(f"position {index} already holds a known card")
            return self
        unplaced = list(self.unplaced)
        if card in unplaced:
            unplaced.remove(card)
        elif len(unplaced) >= self.unknown:
            raise ValueError("every unknown card of this zone is already known to be another card")
        cards = self.cards[:index] + (card,) + self.cards[index + 1:]
        return OrderedZone(cards, tuple(unplaced))

    def shuffle(self) -> OrderedZone[C]:
        """Randomise the order: every position becomes unknown, the known cards stay in the zone."""
        known = [c for c in self.cards if c is not UNKNOWN]
        return OrderedZone((UNKNOWN,) * len(self.cards), tuple(self.unplaced) + tuple(known))  # type: ignore[arg-type]

    def known_counts(self) -> Counter[C]:
        """How many of each known card the zone holds, placed or not."""
        return Counter([c for c in self.cards if not isinstance(c, Unknown)] + list(self.unplaced))
