"""Game pieces and areas, game-independent.

A game keeps its own exact frozen state; these are the shared vocabulary and helpers for it: every
card instance has a `uid` unique in its scenario (the name as written, e.g. "Bell Tower#1") and a
`name`; an `Area` says whose it is and whether it is public or ordered.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar


class Piece(Protocol):
    @property
    def uid(self) -> str: ...

    @property
    def name(self) -> str: ...


P = TypeVar("P", bound=Piece)


@dataclass(frozen=True, slots=True)
class Area:
    owner: str  # a player key
    name: str  # e.g. "field", "hand", "trash"
    public: bool = True
    ordered: bool = False


def find(cards: Iterable[P], uid: str) -> P | None:
    for c in cards:  # a loop, not `next(genexpr)`: no generator to build and resume on a hot path
        if c.uid == uid:
            return c
    return None


def take(cards: tuple[P, ...], uid: str) -> tuple[tuple[P, ...], P | None]:
    """Remove a piece by uid: (the rest, the piece or None)."""
    piece = find(cards, uid)
    return (tuple(c for c in cards if c.uid != uid), piece) if piece is not None else (cards, None)


def put(cards: tuple[P, ...], piece: P) -> tuple[P, ...]:
    return cards + (piece,)


def swap(cards: tuple[P, ...], piece: P) -> tuple[P, ...]:
    """Replace the piece with the same uid (a changed copy of a frozen piece)."""
    uid = piece.uid
    return tuple([piece if c.uid == uid else c for c in cards])
