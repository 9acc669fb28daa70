"""The bss deck as an ordered pile (3-2): the core's OrderedZone, kept in step with the deck count.

A scenario may give only `A: deck 30` (every card unknown, `Player.pile` is None) or name some cards:
`A deck: …` lines are the top cards in order (the first line is the top card), `A deck bottom: …` lines
the bottom cards (the last line is the bottom card), `A deck anywhere: …` cards known to be in the
deck at an unknown position (after a shuffle). Drawing, discarding from the top, putting cards on the
top or the bottom and shuffling act on the pile; an unknown card stays unknown wherever it goes
(drawn into the hand it is an undescribed hand card), the engine never invents one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from judge_app.engine.bss.state import Card, Player
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.zones import UNKNOWN, OrderedZone, Unknown

__all__ = ["DECK_AREAS", "build", "draw", "mill", "pile_of", "put", "shuffle", "take_at", "write_lines"]

# Where a deck card line puts its card: `A deck: …` (the top, in order, as the ws dialect states its
# deck), ending in `, at the bottom` (the bottom, in order) or `, anywhere` (position unknown).
DECK_AREAS = ("deck", "deck bottom", "deck anywhere")
UNDESCRIBED = "an undescribed card"  # the option naming a card the scenario does not describe
_POSITIONS = {("at", "the", "bottom"): "deck bottom", ("bottom",): "deck bottom", ("anywhere",): "deck anywhere",
              ("position", "unknown"): "deck anywhere"}
_WRITE = {"deck": "", "deck bottom": ", at the bottom", "deck anywhere": ", anywhere"}


def position(area: str | None, phrases: Sequence[Any]) -> tuple[str | None, tuple[Any, ...]]:
    """The deck position a `A deck:` line ends with, and the card's own phrases."""
    if area != "deck" or not phrases or tuple(phrases[-1].words) not in _POSITIONS:
        return area, tuple(phrases)
    return _POSITIONS[tuple(phrases[-1].words)], tuple(phrases[:-1])


def pile_of(pl: Player) -> OrderedZone[Card]:
    """The player's deck as a pile (all unknown when the scenario gave only its size)."""
    if pl.pile is not None:
        return pl.pile
    return OrderedZone.of_count(pl.deck or 0)


def with_pile(pl: Player, z: OrderedZone[Card]) -> Player:
    """The player with this pile; a pile with no known card left is stored as its count alone."""
    named = any(not isinstance(c, Unknown) for c in z.cards) or bool(z.unplaced)
    return evolve(pl, deck=len(z), pile=z if named else None)


def _split(cards: Sequence[Card | Unknown]) -> tuple[tuple[Card, ...], int]:
    known = tuple(c for c in cards if not isinstance(c, Unknown))
    return known, len(cards) - len(known)


def _unknown_taken(pl: Player, k: int) -> int | None:
    """How many cards the top k of a deck given by its count alone are (all unknown, and the rest stays so):
    what `take_top` and `with_pile` give for such a deck, without building its pile. None for a pile."""
    if pl.pile is not None or (pl.deck or 0) < 0:
        return None
    return min(max(k, 0), pl.deck or 0)


def draw(pl: Player, k: int) -> tuple[Player, tuple[Card, ...]]:
    """4-5-2: the top k cards go to the hand (named ones by name); (player, the named cards drawn)."""
    n = _unknown_taken(pl, k)
    if n is not None:
        return evolve(pl, deck=(pl.deck or 0) - n, pile=None, hand_unknown=pl.hand_unknown + n), ()
    z, taken = pile_of(pl).take_top(k)
    known, unknown = _split(taken)
    pl = evolve(with_pile(pl, z), hand=pl.hand + known, hand_unknown=pl.hand_unknown + unknown)
    return pl, known


def mill(pl: Player, k: int) -> tuple[Player, tuple[Card, ...]]:
    """10-2-1: the top k cards go to the trash, one at a time (3-2-3); (player, the named cards)."""
    n = _unknown_taken(pl, k)
    if n is not None:
        return evolve(pl, deck=(pl.deck or 0) - n, pile=None, trash_unknown=pl.trash_unknown + n), ()
    z, taken = pile_of(pl).take_top(k)
    known, unknown = _split(taken)
    pl = evolve(with_pile(pl, z), trash=pl.trash + known, trash_unknown=pl.trash_unknown + unknown)
    return pl, known


def put(pl: Player, cards: Sequence[Card], *, bottom: bool) -> Player:
    """Cards go on top (the first ends on top) or at the bottom (the last ends at the bottom), 3-2-3-1."""
    z = pile_of(pl)
    return with_pile(pl, z.put_bottom(cards) if bottom else z.put_top(cards))


def take_at(pl: Player, uids: Sequence[str]) -> tuple[Player, tuple[Card, ...]]:
    """Named cards leave the deck from wherever they are (a search, 8-5-3-5); (player, the cards taken)."""
    z = pile_of(pl)
    want = set(uids)
    taken = tuple(c for c in z.cards if not isinstance(c, Unknown) and c.uid in want)
    cards = tuple(c for c in z.cards if isinstance(c, Unknown) or c.uid not in want)
    unplaced = list(z.unplaced)
    for c in list(unplaced):
        if c.uid in want:
            unplaced.remove(c)
            taken += (c,)
            # a known card among the unknown positions leaves one of those positions
            i = next(j for j, x in enumerate(cards) if isinstance(x, Unknown))
            cards = cards[:i] + cards[i + 1:]
    return with_pile(pl, OrderedZone(cards, tuple(unplaced))), taken


def take_unknown(pl: Player, n: int) -> Player:
    """n unknown cards leave the deck (chosen by a player without naming them): they go to the hand."""
    z = pile_of(pl)
    cards = list(z.cards)
    for _ in range(n):
        i = next(j for j in range(len(cards) - 1, -1, -1) if isinstance(cards[j], Unknown))
        del cards[i]
    pl = with_pile(pl, OrderedZone(tuple(cards), z.unplaced))
    return evolve(pl, hand_unknown=pl.hand_unknown + n)


def shuffle(pl: Player) -> Player:
    """3-2-4: the order becomes random; the named cards stay in the deck at unknown positions."""
    return with_pile(pl, pile_of(pl).shuffle())


def build(count: int | None, top: Sequence[Card], bottom: Sequence[Card],
          anywhere: Sequence[Card]) -> tuple[int | None, OrderedZone[Card] | None] | str:
    """The deck of a board: (count, pile), or the reason the lines contradict the count."""
    named = len(top) + len(bottom) + len(anywhere)
    if not named:
        return count, None
    n = named if count is None else count
    if n < named:
        return f"the deck is {n} card(s), but {named} deck cards are listed"
    middle = (UNKNOWN,) * (n - len(top) - len(bottom))
    if len(middle) < len(anywhere):  # pragma: no cover - n >= named
        return "the deck has no room for the cards listed anywhere in it"
    return n, OrderedZone(tuple(top) + middle + tuple(bottom), tuple(anywhere))


def write_lines(who: str, pl: Player, write_card: Callable[[Card, str], str]) -> list[str]:
    """The `A deck: …` lines of a board (the count is on the player line)."""
    if pl.pile is None:
        return []
    cards = pl.pile.cards
    top = 0
    while top < len(cards) and not isinstance(cards[top], Unknown):
        top += 1
    bottom = len(cards)
    while bottom > top and not isinstance(cards[bottom - 1], Unknown):
        bottom -= 1
    placed: list[tuple[Card, str]] = [(c, "deck") for c in cards[:top] if isinstance(c, Card)]
    # a named card between unknown ones is written as "anywhere": its position is not expressible
    placed += [(c, "deck anywhere") for c in cards[top:bottom] if isinstance(c, Card)]
    placed += [(c, "deck anywhere") for c in pl.pile.unplaced]
    placed += [(c, "deck bottom") for c in cards[bottom:] if isinstance(c, Card)]
    return [f"{who} deck: " + write_card(c, "deck") + _WRITE[where] for c, where in placed]
