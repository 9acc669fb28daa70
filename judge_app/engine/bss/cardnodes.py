"""More effect AST nodes of printed card text (value types, beside cardast.py): a selection several sentences act
on, conditions on the selected card, the player's choice for a card viewed on the deck, a card named in a
description. Listed in `cardast.NODES`, executed by cardsteps.py (registered in `cardast.EXECUTORS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge_app.engine.bss.vocab import Sel

__all__ = ["MORE_NODES", "AfterResolves", "CardIs", "Choose", "Delayed", "FreeSummon", "FromDiscarded", "MillPick",
           "IfInstead", "MilledIs", "NamedFromAmong", "SomeToBottom", "NamedFromTrash", "RestChoice", "RevealedIs", "StepTiming", "ForEachAmount", "EndStepAfterBattle", "AddedDiscard", "DiscardSome", "PerDiscarded", "BattleDelayed", "CostChange", "DiscardRandom", "NamedToken", "GainSymbol", "SetBurst", "BurstOff", "DoneFirst", "EndAttackStep", "LookHand", "HandToDeck", "DrawUpTo", "MayDo", "MayPay", "DrawUntil", "PayCores"]


@dataclass(frozen=True, slots=True)
class Choose:
    """"Select <cards>." whose cards the next sentences test and act on ("If it is green, refresh it. If it is not
    green, exhaust it."): the selection is made once, when the effect resolves (8-5-3); "it" / "that spirit" after it
    are the selected cards."""

    sel: Sel


@dataclass(frozen=True, slots=True)
class CardIs:
    """"If it is [not] <color / exhausted / refreshed / linked>, <directive>": a condition on the card selected just
    before (one card), read when the directive resolves (1-3-7); the directive is performed only when it holds."""

    quality: str  # a color, "exhausted", "refreshed" or "linked" (11-18-1)
    then: Any
    negated: bool = False


@dataclass(frozen=True, slots=True)
class NamedFromAmong:
    """"Reveal one <card name> from the cards you viewed and add it to your hand": a card of that name among the cards
    looked at (12-2-1: revealed as it moves to the hand)."""

    name: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class RestChoice:
    """"Discard that card or return it to the top of your deck": for the card viewed, the controller chooses the
    trash or the top of the deck (the text gives the choice; the engine asks). It says where the viewed card goes,
    so no shuffle follows (cardtext._after_viewing)."""

    options: str = "trash or deck top"


@dataclass(frozen=True, slots=True)
class StepTiming:
    """Where the rules are silent about when a step effect activates, the engine's decision, said in the answer first:
    "heading": an effect printed under "(During <whose> <Step> Step)" and not worded "at the start of the step" (6-2-1
    .. 6-7-3-1 name only that wording) activates once, as that step starts; "end": "at the start of the step" in the end
    step, where 6-8-1-1 names only "end of turn" effects, activates with them, as the end step starts."""

    step: str
    why: str  # "heading" | "end"


@dataclass(frozen=True, slots=True)
class AfterResolves:
    """"When your opponent uses a magic card from their hand, <directive> after its effect resolves": the engine
    activates the effect once the magic card's effect has resolved (10-8-8), and says the rules do not say how a
    directive worded so waits."""


@dataclass(frozen=True, slots=True)
class FreeSummon:
    """"Summon a spirit card in your hand … without paying its cost" / "Select a nexus card from your trash and place
    it without paying its cost": 10-6 / 10-7 by the effect, the cost not paid (10-6-6 / 10-7-6 not performed)."""

    sel: Sel  # the cards of the area that may be chosen (count: how many)
    area: str  # "hand" | "trash" | "revealed" (s13 bssmech: among the cards just looked at / revealed on the deck)


@dataclass(frozen=True, slots=True)
class NamedFromTrash:
    """"Select an Amethyst Sanctuary from your trash and return it to your hand": a card of that name (2-1-1) chosen
    among the cards of the public trash (3-4-2), to the hand or the top of the deck."""

    name: str
    to: str  # "hand" | "deck top"
    count: int = 1


@dataclass(frozen=True, slots=True)
class Delayed:
    """s10-bssreal2: "At the end of this turn, <directive>.": resolving sets the directive up; it activates in this
    turn's end step with the effects worded "end of turn" (6-8-1-1), and resolves then, as they do (8-5-2-4)."""

    then: Any
    text: str  # the sentence as printed, for the answer
    # s11 delayed: "Select one of … . At the end of this turn, [if it is refreshed,] return it …": the directive acts on
    # the card selected as the effect resolved (8-5-3), carried to the end step (engine/bss/delayed.py)
    selected: bool = False


MORE_NODES: tuple[type, ...] = (Delayed, NamedFromTrash, Choose, CardIs, NamedFromAmong, RestChoice, StepTiming, AfterResolves, FreeSummon)


# --- s11 bss ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FromDiscarded:
    """"Add one spirit card with Link from the discarded cards to your hand" / "… and return one purple spirit card from
    them to your hand": as read, before it is joined to the discard from the deck it follows (cardtext._picks_after_mill,
    which refuses it anywhere else)."""

    sel: Sel


@dataclass(frozen=True, slots=True)
class MillPick:
    """"Discard the top N cards of your deck. Add <cards> from the discarded cards to your hand": the cards go from the
    deck to the trash (10-2-1), then the controller chooses among those of them that fit (8-5-3; the trash is public,
    3-4-2) and they go to the hand."""

    mill: Any  # vocab.Mill of the controller's own deck
    sel: Sel  # the cards that may be chosen (count: how many, None: all that fit)


MORE_NODES += (MillPick,)  # FromDiscarded never leaves the reader (joined into MillPick or refused)


@dataclass(frozen=True, slots=True)
class RevealedIs:
    """"Reveal the top card of your deck. If it is [not] <card description>, <add it to your hand / return it to the top
    or bottom of your deck / discard it>": a condition on the one card just revealed (1-3-7), read as the sentence
    resolves, and where that card then goes. `sel` None: "If it is not, …" (the description of the sentence before)."""

    sel: Sel | None
    to: str  # "hand" | "deck top" | "deck bottom" | "trash"
    negated: bool = False


MORE_NODES += (RevealedIs,)


# s12 bssonce
@dataclass(frozen=True, slots=True)
class IfInstead:
    """"<first>. If <condition>, <second> instead." (8-2-2-3, 8-9-1): `cond` is the condition with the second directive
    as its `then` (cardast.IfThen: the soul core on this card, whose turn it is, cards controlled); read when the effect
    resolves (1-3-7), exactly one of the two directives is performed."""

    first: Any
    cond: Any


MORE_NODES += (IfInstead,)


@dataclass(frozen=True, slots=True)
class ForEachAmount:
    """s13 bss: "<directive> for each card in your hand / in your opponent's trash / core on this spirit / symbol on this
    spirit": the directive's number times an amount other than cards on the field, counted when it resolves (8-2-1)."""

    inner: Any  # a vocab directive with a number (cardexec._SCALED)
    what: str  # "hand" | "trash" (the cards in `whose` hand / trash) | "cores" | "symbols" (on this card)
    whose: str = "you"  # "you" | "opponent" (hand and trash)
    duration: str | None = None  # the duration written around it ("During this turn, … for each …")
    # s14 bss: "cores" / "symbols" on the one card the directive before it chose ("the destroyed spirit": destroyed by it,
    # "the selected spirit" / "that spirit"), rather than on this card
    on: str | None = None
    color: str | None = None  # s15 bss: "field_symbols": the color counted (None: every symbol)
    kind: str | None = None  # s18 bss: "hand" / "trash": the cards of that card type only ("for each magic card in …")
    # s22-bssB: "destroyed": the owner the description names ("for each of your opponent's spirits destroyed by this effect");
    # None: any owner
    owner: str | None = None


MORE_NODES += (ForEachAmount,)


@dataclass(frozen=True, slots=True)
class MilledIs:
    """s14 bss: "<discard from the top of a deck>. When / If <card description> is discarded by this effect, <directive>":
    the discard (10-2-1), then the directive when one of the cards it put into the trash fits the description (1-3-7),
    judged on the printed information of the cards, now public in the trash (3-4-2)."""

    mill: Any  # the discard before it: vocab.Mill, or cardast.NumberOf of a Mill
    sel: Sel  # what a discarded card must be (its count is not used: one fitting card is enough)
    then: Any  # the directive


MORE_NODES += (MilledIs,)


@dataclass(frozen=True, slots=True)
class SomeToBottom:
    """s14 bss: "You may place any number of them at the bottom of your deck [in any order]": of the cards just viewed on
    the controller's deck (12-3), the controller chooses any number, none included (8-5-3-2), and they go to the bottom of
    the deck in an order the owner chooses (3-1-5, whether or not "in any order" is printed); the others stay where they
    are (12-3-2)."""


MORE_NODES += (SomeToBottom,)



@dataclass(frozen=True, slots=True)
class EndStepAfterBattle:
    """s15 bss, 7-1-6-1, 6-7-3-2: "When this battle ends, end the attack step.": set up by an effect resolving during a
    battle; when that battle ends (7-1-6, where effects worded "when the battle ends" activate) the attack step ends and
    the turn goes on to the end step (cardexec.end_step_after_battle, rules.resolve_battle)."""


MORE_NODES += (EndStepAfterBattle,)  # s15 bss


@dataclass(frozen=True, slots=True)
class AddedDiscard:
    """s15 bss, 8-4-2-2, 10-8-6: the directive of a constant effect "When <player> uses a magic card from their hand, they
    must discard <n> card(s) as an additional cost": while it is active, that player's use of a magic card from the hand
    adds a discard to its cost (rules.use_magic, which reads it; the view applies nothing for it)."""

    whose: str  # "you" | "opponent" | "any": whose magic use it costs, from the effect's controller's side
    n: int = 1


MORE_NODES += (AddedDiscard,)  # s15 bss


# # s16 bss
@dataclass(frozen=True, slots=True)
class DiscardSome:
    """s16 bss, 10-2-1, 10-2-2, 8-5-3-2: "Discard any number of cards" / "Discard up to two cards": the player discards as
    many cards of their hand as they choose, none included, at most `most` (None: any number); `cards` as Discard's."""

    most: int | None
    who: str = "you"
    cards: Any = None


@dataclass(frozen=True, slots=True)
class PerDiscarded:
    """s16 bss: "For each card discarded, <directive>", "Draw that many cards", "Draw a card for each card discarded"
    after a DiscardSome of the same effect: the directive's number (or its selection's) times the cards that discard put
    into the trash (the reader accepts it only after one)."""

    inner: Any


@dataclass(frozen=True, slots=True)
class BattleDelayed:
    """s16 bss, 7-1-6-1: "When this battle ends, <directive>." / "At the end of this battle, <directive>.": resolving sets
    the directive up; it activates as the battle in progress ends (7-1-6-1), as "At the end of this turn" waits for the
    end step (Delayed; engine/bss/delayed.py)."""

    then: Any
    text: str  # the sentence as printed, for the answer
    selected: bool = False  # its "it": the cards selected just before it (8-5-3)


@dataclass(frozen=True, slots=True)
class CostChange:
    """s16 bss, 10-8-4: the directive of a constant effect "<whose> magic cards cost N more / less": while it is active,
    the cost determined when that player uses a magic card is changed by `delta` (rules.use_cost reads it; the view
    applies nothing for it)."""

    whose: str  # "you" | "opponent" | "any": whose use of a magic card, from the effect's controller's side
    delta: int


COST_BEING_DETERMINED = "bss.cost_being_determined"  # log.scratch key: (card used, its cost so far), rules._changed_cost

MORE_NODES += (DiscardSome, PerDiscarded, BattleDelayed, CostChange)  # s16 bss


# # s16b bss
@dataclass(frozen=True, slots=True)
class DiscardRandom:
    """s16b bss, 10-2-1, 10-2-2: "Discard a random card from your opponent's hand" / "Your opponent discards one card at
    random": `n` cards of `who`'s hand go to their trash, picked by chance rather than by a player's choice."""

    n: int
    who: str = "you"


MORE_NODES += (DiscardRandom,)  # s16b bss


# # s17 bss
@dataclass(frozen=True, slots=True)
class NamedToken:
    """s17 bss, 4-12-1, 4-12-2: "Summon two of your Mecha Leaf Kindred Tokens": `n` tokens of that name summoned, the card
    text naming the token without its card information (card databases print the annotation elsewhere). The
    information comes from the scenario's card line (`token "<Name> Token (Token spirit/…)"`, dialect._with_tokens, which
    makes the text the printed form); without it the engine stops and asks for it (cardexec.named_token), never invents it."""

    name: str
    n: int = 1


MORE_NODES += (NamedToken,)  # s17 bss


@dataclass(frozen=True, slots=True)
class GainSymbol:
    """s17 bss, 2-8: "[LV2][LV3] This spirit gains one red symbol": while the constant effect is active the cards the
    description names have these symbols besides their own (view._gain_symbol): counted in cost reduction (10-6-5), in
    the damage of their attack (7-1-5-3-1) and in 【Chain】's condition (11-15-3), as a link's symbols are (11-18-1). Read
    in constant effects, and (s19) in effects that resolve, with a duration."""

    sel: Sel
    symbols: tuple[str, ...]  # one colour per symbol ("red/purple" for a double-colour symbol, 2-8-2-1)
    # a constant effect has none (cardtext._Build.constant reads it); s19 bss: "during this turn / battle" in an effect
    # that resolves (cardexec.gain_symbol_now)
    duration: str | None = None


MORE_NODES += (GainSymbol,)  # s19 bss: executed when it resolves with a duration (cardexec.gain_symbol_now)


@dataclass(frozen=True, slots=True)
class SetBurst:
    """s17 bss, 3-8, 6-6-1-2-2: "Set one burst card from your hand": a card with a burst effect from the effect's
    controller's hand placed face down in the burst area (the one set before is discarded, 3-8-3), within the one setting
    a turn allows (cardexec.set_burst)."""

    who: str = "you"


@dataclass(frozen=True, slots=True)
class BurstOff:
    """s17 bss, 3-8, 10-2-1: "Discard your opponent's burst" / "Destroy your opponent's burst": the card set in that
    player's burst area placed into its owner's trash (cardexec.burst_off). "Destroy" (`destroy`): destruction is of a
    card on the field (10-1-1), which a set burst is not; the engine reads it as the same discard and says so."""

    who: str = "opponent"
    destroy: bool = False


MORE_NODES += (SetBurst, BurstOff)  # s17 bss


# # s18 bss
@dataclass(frozen=True, slots=True)
class DoneFirst:
    """s18 bss, 8-4-1, 8-4-2-4: "<directive>. If you do, <directive>." without "you may" ("Send your Soul Core to the void.
    If you do, …", "Destroy one of your spirits. If you do, draw two cards."): the first directive is read as the effect
    cost ("or similar phrasing", 8-4-1). The rules do not say whether a directive that is not optional is one; the engine
    decides that it is, so that what follows "If you do" happens only when the first was performed in full (8-4-2-3),
    and says so in the answer (this node, first in the cost: cardexec.done_first)."""


MORE_NODES += (DoneFirst,)  # s18 bss


@dataclass(frozen=True, slots=True)
class EndAttackStep:
    """s18 bss, 6-7-3-2: "End the attack step." / "End your opponent's attack step." (`whose`: "any" or "opponent"), an
    effect doing what 6-7-3-2 lets the player taking their turn declare. Resolving during a battle (a flash), the rules do
    not say what becomes of the battle in progress: the engine lets it run to its end (7-1-6), then the step ends, as
    "When this battle ends, end the attack step" does (EndStepAfterBattle), and says so (cardexec.end_attack_step)."""

    whose: str = "any"


@dataclass(frozen=True, slots=True)
class LookHand:
    """s18 bss, 3-3-3 overridden (1-3-1): "Look at your opponent's hand": the effect's controller sees the cards of the
    opponent's hand; no card moves (cardexec.look_hand)."""

    who: str = "opponent"


MORE_NODES += (EndAttackStep, LookHand)  # s18 bss



@dataclass(frozen=True, slots=True)
class HandToDeck:
    """s18 bss, 3-3, 3-2-3-1: "Put one card from your hand on top of / on the bottom of your deck": `n` cards of the
    effect's controller's hand, chosen by them (8-5-3), onto that end of their deck (cardexec.hand_to_deck)."""

    n: int
    bottom: bool = False


@dataclass(frozen=True, slots=True)
class DrawUpTo:
    """s18 bss, 1-3-5-1, 4-5-3: "Draw up to two cards": the player chooses how many, zero included (cardexec.draw_up_to)."""

    n: int


MORE_NODES += (HandToDeck, DrawUpTo)  # s18 bss


@dataclass(frozen=True, slots=True)
class MayDo:
    """s18 bss, 8-1-8: "<directive>. You may <directive>." ("Look at the top card of your deck. You may put it on the bottom
    of your deck."): a later sentence the player may perform or not, asked when it is reached (cardexec.may_do)."""

    inner: Any


MORE_NODES += (MayDo,)  # s18 bss


@dataclass(frozen=True, slots=True)
class MayPay:
    """s19 bss, 8-4-1, 8-1-8: an effect cost after the effect's first sentence, or inside a 【Chain】: "<directive>. You may
    <cost> to <effect>.", "… You may <cost>. If you do, <effect>." (`optional`), "<cost> to <effect>" (not optional: paid
    when it can be, 8-4-2-4). Asked when it is reached; the cost's directives in order (8-4-2-1), then the effect's
    (cardexec.may_pay); a cost that cannot be paid whole is not paid, and the effect after it is not performed (8-4-2-3)."""

    cost: tuple
    then: tuple
    optional: bool = True


MORE_NODES += (MayPay,)  # s19 bss


@dataclass(frozen=True, slots=True)
class DrawUntil:
    """s21 bss, 4-5-3: "Draw until you have five cards in your hand": the effect's controller draws as many cards as their
    hand lacks of `n` when the directive is performed, none when it holds `n` or more (cardexec.draw_until)."""

    n: int


MORE_NODES += (DrawUntil,)  # s21 bss


@dataclass(frozen=True, slots=True)
class PayCores:
    """s21 bss, 10-8-6, 3-4-1: "pay one core" with no place named: `n` cores from the payer's field, reserve or both into
    their trash, the payer choosing which (rules.pay_cores); an effect cost paid whole or not at all (8-4-2-3)."""

    n: int
    soul: bool = False  # s22-bssA, 4-11-1: "pay a Soul Core": the payer's soul core, from their field or reserve


MORE_NODES += (PayCores,)  # s21 bss
