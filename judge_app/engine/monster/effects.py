"""The card-text reader and the effect AST (chapters 10 and 12).

One ability per text entry: an optional keyword in brackets (`[Enter]`, `【Revenge】`, `[Awakening 6]`,
`[Burst II]`, `[Evolution 3][Beast]`, `[Base]`, `[Resonance]`, `[When invading]`) or a timing
(`At the beginning of your end phase,`), then sentences. Every sentence must be read completely into
an instruction; a sentence the reader does not know is refused, naming its words. Nothing on a card
is silently ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

# ---- the effect AST: one-shot instructions (10.2.1.1) and continuous ones ----------------------


@dataclass(frozen=True, slots=True)
class Draw:
    who: str  # "you" | "opponent" | "each"
    n: int
    up_to: bool = False  # "draw up to N cards" (5.4.3): the player may end after any draw


@dataclass(frozen=True, slots=True)
class Discard:
    who: str  # "you" | "each"
    n: int
    up_to: bool = False  # "discard up to N cards": 0 may be chosen (1.3.6)


@dataclass(frozen=True, slots=True)
class DiscardUntil:
    """'Discard cards until you have N cards remaining.' (5.7.2): the player chooses N cards to keep."""

    who: str  # "you" | "opponent" | "each"
    n: int


@dataclass(frozen=True, slots=True)
class SendTop:
    """'Send the top N cards of <whose> deck into the discard pile.' (5.7.3, 4.8.3)"""

    who: str
    n: int


@dataclass(frozen=True, slots=True)
class Swap:
    """'Swap 1 of your battle cards with 1 battle card in your hand.' (5.6.1): both move at once; if either
    cannot move, nothing (5.6.2). Not a play (5.11.1): the card put in the zone does not trigger [Enter]."""


@dataclass(frozen=True, slots=True)
class Move:
    who: str  # "you" | "opponent": whose invading monster
    forward: bool  # advance (5.13.1) or retreat (5.13.2)
    times: int = 1
    to: int | None = None  # "to zone N" (5.13.1.2 / 5.13.2.2)


@dataclass(frozen=True, slots=True)
class Rage:
    who: str
    n: int  # negative: loses rage


@dataclass(frozen=True, slots=True)
class DestroyBattle:
    adjacent: bool = False  # only in a zone adjacent to your invading monster (4.4.5.2)
    up_to: bool = False  # "destroy up to N": no target may be chosen (10.5.3.1.1)
    n: int = 1  # "destroy N of …": as many targets as possible up to N (10.5.3.1)
    every: bool = False  # "destroy all of …": every such card, determined first (5.12.1.2)


@dataclass(frozen=True, slots=True)
class Threat:
    who: str
    n: int  # until end of turn (7.5.6)


@dataclass(frozen=True, slots=True)
class CounterUntil:
    """'<Your|Your opponent's> battle cards get +N/-N counter power until end of turn.': the battle cards in those
    zones when it resolves (10.8.2: not a card that leaves the field afterwards)."""

    who: str
    n: int


@dataclass(frozen=True, slots=True)
class NoAdvance:
    """'… invading monster cannot advance until end of turn.' (a restriction: 1.3.3)"""

    who: str


@dataclass(frozen=True, slots=True)
class CounterIt:
    """'Counter your opponent's invading monster.' (5.15)"""


@dataclass(frozen=True, slots=True)
class DestroySelf:
    """'destroy this card' (Base's automatic ability, 12.9)."""


@dataclass(frozen=True, slots=True)
class PlayToken:
    """'Play a NAME battle token with N counter power.' (5.11.4, 9.1.2): its information is what the text
    states (9.1.2.2 points to an appendix the document does not include)."""

    name: str
    counter: int


@dataclass(frozen=True, slots=True)
class PlusCounter:  # continuous: "This card gets +N counter power."
    n: int


@dataclass(frozen=True, slots=True)
class PlusThreat:  # continuous: "Your invading monster gets +N threat level."
    n: int


@dataclass(frozen=True, slots=True)
class Look:
    """'Look at the top N cards of <whose> deck.' (5.5.1), '… up to N cards from the top …' (5.5.2), or
    'Reveal the top N cards of <whose> deck.' (5.10.1): the cards stay where they are."""

    who: str  # whose deck: "you" | "opponent"
    n: int
    up_to: bool = False
    reveal: bool = False


@dataclass(frozen=True, slots=True)
class Search:
    """'Search your deck for N [battle|strategy|monster] card(s) [with the T trait][, reveal it][ and add it to
    your hand].' (5.8.1): with information besides the number, none may be found (5.8.1.2, 4.1.2.3)."""

    n: int
    kind: str | None = None
    trait: str | None = None
    up_to: bool = False
    reveal: bool = False
    to_hand: bool = False


@dataclass(frozen=True, slots=True)
class Shuffle:
    """'Shuffle <whose> deck.' (5.3.1, 5.3.1.1)"""

    who: str


@dataclass(frozen=True, slots=True)
class ForEach:
    """'<instruction> for each of <whose> battle cards': its number times the cards counted on resolution."""

    inner: Draw | Discard | Rage
    whose: str  # whose battle cards: "you" | "opponent"


@dataclass(frozen=True, slots=True)
class Modal:
    """'Do N from the below. • (option) • (option)' (10.5.2.2.1): N options chosen as the ability is played, the
    others nonexistent (10.5.2.2.1.1), the chosen ones resolved in the order written (10.5.2.2.1.2)."""

    n: int
    options: tuple[tuple, ...]  # each option's instructions
    labels: tuple[str, ...]  # each option's words, as the choice names it


@dataclass(frozen=True, slots=True)
class Optional:
    """'You may (action).' (10.5.4): the master decides while the effect resolves; 'If you do, (process).'
    after it is `then`, performed only if the action was (10.5.4)."""

    steps: tuple
    then: tuple = ()


Instruction = (Draw | Discard | Move | Rage | DestroyBattle | Threat | CounterIt | DestroySelf | Optional | NoAdvance
               | PlayToken | Look | Search | Shuffle | ForEach | DiscardUntil | SendTop | Modal | Swap | CounterUntil)
Continuous = PlusCounter | PlusThreat


@dataclass(frozen=True, slots=True)
class Ability:
    keyword: str  # "enter", "when invading", "revenge", "awakening", "burst", "evolution", "base",
    # "resonance", "beginning" (At the beginning of your PHASE phase), "strategy", "continuous"
    text: str
    steps: tuple[Instruction, ...] = ()
    static: tuple[Continuous, ...] = ()
    number: int | None = None  # Awakening zone, Burst rank, Evolution rank
    trait: str | None = None  # Evolution trait
    phase: str | None = None  # for "beginning"
    optional: bool = False  # a replacement effect written "you may … instead" (10.2.1.3.2)
