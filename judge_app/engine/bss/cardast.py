"""The effect AST nodes of printed card text that the house vocabulary (vocab.py) has no object for, and
the table that executes them.

Value types only: frozen dataclasses, below the procedures. The executors live in cardexec.py and
register themselves in `EXECUTORS`; resolve.directive hands every directive it has no branch for to
`perform`, which refuses a node without an executor by name (never skips it: a silently ignored part
of a card is the worst bug).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from judge_app.engine.bss.cardnodes import MORE_NODES
from judge_app.engine.bss.vocab import Sel
from judge_app.engine.core import Unsupported

__all__ = ["EXECUTORS", "NODES", "AddFromAmong", "NumberOf", "Chain", "DestroyCombined", "ForEach", "FromTrash", "IfThen", "Instead", "Look", "PaidInstead", "PutRest", "PutThemBack", "SearchDeck", "Shuffle", "perform"]


@dataclass(frozen=True, slots=True)
class ForEach:
    """"<directive> for each <cards>": the directive's number times the cards counted when it resolves."""

    inner: Any  # a vocab directive with a number: Draw, Mill, Cores, ModBP, Discard
    counted: Sel
    duration: str | None = None  # the duration written around it ("During this turn, … for each …")


@dataclass(frozen=True, slots=True)
class Look:
    """"Look at / Reveal the top N cards of <whose> deck" (12-3, 12-2): the cards stay in the deck."""

    n: int
    who: str  # "you" | "opponent"
    reveal: bool = False


@dataclass(frozen=True, slots=True)
class AddFromAmong:
    """"Add N <cards> from among them to your hand": chosen among the cards looked at (12-2-1)."""

    sel: Sel  # kinds may include "magic"; count None = all of them


@dataclass(frozen=True, slots=True)
class PutRest:
    """"Discard the rest" / "Put the rest on the bottom of your deck in any order"."""

    to: str  # "trash" | "deck bottom" | "deck top"


@dataclass(frozen=True, slots=True)
class PutThemBack(PutRest):
    """# s18 bss, 12-3, 3-1-5: "… and return them in any order" / "put them back on top of your deck": the cards looked at
    just before go back on the top of the deck (as "put the rest on top of your deck in any order"); read only right
    after "Look at the top N cards of your deck" (cardtext._check_them_back)."""


@dataclass(frozen=True, slots=True)
class SearchDeck:
    """"Search your deck for N <cards> … add it to your hand" (8-5-3-5: free to find nothing)."""

    sel: Sel
    who: str = "you"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """"Shuffle your deck" (3-2-4); implicit after cards were looked at and not put back (12-3-3)."""

    who: str = "you"
    implicit: bool = False


@dataclass(frozen=True, slots=True)
class Instead:
    """"<first>. If you have N or less life, <second> instead.": one of the two, decided on resolution.

    With `counted`, the condition counts cards on the field instead of life: "If you have 2 or more red
    spirits, …" / "If your opponent has a nexus, …" (the owner is in the selection)."""

    first: Any
    second: Any
    whose: str  # "you" | "opponent": whose life (or cards) the condition reads
    op: str  # "<=" | ">="
    n: int
    counted: Sel | None = None


@dataclass(frozen=True, slots=True)
class PaidInstead:
    """"<first>. You may <cost>. If you do, <second> instead.": the effect cost (8-4-1), optional (8-1-8),
    decides on resolution which of the two directives is performed; never both."""

    first: Any
    cost: tuple[Any, ...]
    second: Any


@dataclass(frozen=True, slots=True)
class IfThen:
    """"If <condition>, <directive>.": the directive is performed only when the condition holds as it resolves.

    `kind`: "life" (whose life, op, n), "count" (cards on the field, `counted`), "soul" (the soul core is on
    this card), "turn" (`whose` turn it is)."""

    kind: str
    then: Any
    whose: str | None = None
    op: str | None = None
    n: int | None = None
    counted: Sel | None = None
    color: str | None = None  # s15 bss: "symbols": the color counted (None: every symbol)


@dataclass(frozen=True, slots=True)
class FromTrash:
    """"Select <cards> from your trash and return it to your hand / the top of your deck" (3-4-2: public)."""

    sel: Sel
    to: str  # "hand" | "deck top"


@dataclass(frozen=True, slots=True)
class DestroyCombined:
    """"Select any number of <cards> with a combined total of N or fewer BP / cost and destroy them" (8-5-3-2)."""

    sel: Sel  # count None: the cards that may be chosen
    measure: str  # "bp" | "cost"
    limit: int


@dataclass(frozen=True, slots=True)
class Chain:
    """One of several 【Chain】s of an effect (11-15-2: each follows the effect, in the order printed)."""

    color: str
    directives: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class BurstPay:
    """A burst's last sentence, "You may then pay this card's cost to activate its flash / main effect": the burst
    was activated without paying (10-9-2); paying the card's use cost (10-8-4..6, reduction 2-7-3) activates the
    card's effect of that label (10-8-1: using the magic card), which resolves before the burst goes to the trash."""

    label: str  # "flash" | "main"


@dataclass(frozen=True, slots=True)
class NumberOf:
    """"<directive> a number of cards equal to the number of <cores on a card / cards>": the directive's number is
    counted when it resolves."""

    inner: Any  # a vocab directive with a number (Draw, Mill), its number 0 until counted
    what: str  # "cores" (the cores on the card `sel` names) | "cards" (the cards `sel` describes)
    sel: Sel


NODES: tuple[type, ...] = (NumberOf, ForEach, Look, AddFromAmong, PutRest, SearchDeck, Shuffle, Instead, PaidInstead, IfThen,
                           FromTrash, DestroyCombined, Chain, BurstPay)
NODES += MORE_NODES  # s8-bssrealb: cardnodes.py
NODES += (PutThemBack,)  # s18 bss

# node type -> executor(state, log, activation, node, prev) -> (state, prev, changed); filled by cardexec.
Executor = Callable[[Any, Any, Any, Any, tuple[str, ...]], tuple[Any, tuple[str, ...], frozenset[str]]]
EXECUTORS: dict[type, Executor] = {}


def perform(state: Any, log: Any, act: Any, d: object,
            prev: tuple[str, ...]) -> tuple[Any, tuple[str, ...], frozenset[str]]:
    """Execute a node of this module, or refuse one no procedure executes (names its type)."""
    run = EXECUTORS.get(type(d))
    if run is None:
        raise Unsupported(f"the effect directive {type(d).__name__} of {getattr(act, 'source', '?')!r} has no "
                          "procedure in the engine, so the effect is refused rather than executed in part",
                          subject=getattr(act, "source", None))
    return run(state, log, act, d, prev)


@dataclass(frozen=True, slots=True)
class UseCost:
    """10-8-4: "When using this magic card, it costs N if <condition>": the cost determined when the card is used
    is N while the condition (an `IfThen` without a directive) holds; 10-8-5 then reduces it by symbols."""

    cost: int
    when: IfThen



# --- s8-bssreala -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SoulSpent:
    """"If you spend a "Soul Core" as part of this card's (summoning) cost, <then> [instead]": whether the payment of
    this card's cost moved its controller's soul core into the trash (10-6-6, 10-8-6, 4-11-1); with `first`, the
    directive written before it, performed when it did not ("… instead")."""

    then: Any
    first: Any = None


NODES += (SoulSpent,)
