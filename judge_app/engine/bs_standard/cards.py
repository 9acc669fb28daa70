"""Standard card text's AST: typed, frozen effects (no game logic, no parsing here).

Standard prints effects differently from Saga, and its chapter 5-19 gives the words that join the
parts of an effect a meaning of their own: Effect, Part, Trig and Cond are Standard's. The single
instructions inside a part ("Destroy 1 opponent Spirit with 3000 BP or less", "draw 1 card") mean the
same in both games, so they are Saga's classes (engine/bss/vocab). The text is read by
grammar/bs_standard_effects.lark (cardtext.py); anything the engine does not execute is refused,
naming the words.

Shapes (case-insensitive; 「」『』【】 and [] brackets are equivalent):

* restriction prefix (12-3): `[Once per turn]`, `[Unstackable]`, `[Unstackable, Once per turn]`;
* Magic (9-1-7, 12-2-1-4/5): `[Main] BODY`, `[Flash] BODY`, `[Main][Flash] BODY`;
* triggered (9-1-5, 12-2-1-6..12): `『When Summoned』 BODY`, `When Destroyed: BODY`, `When a Spirit is Summoned: BODY`,
  `At the start of the End Step: BODY`, …;
* continuous (9-1-4, 12-2-1-8/10): `This Spirit cannot be blocked.`, `『During Attack』 This Spirit gets +2000 BP.`;
* replacement (9-1-8): `If this Spirit would be Destroyed, Heavy Exhaust it instead.`;
* BODY: sentences joined by `Then,` (5-19-1), `If CONDITION,` (5-19-2), `After this effect resolves,` (5-19-3/4);
  `You may …` makes a part optional (9-1-2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judge_app.engine.bss.vocab import (
    Cores,
    Destroy,
    Draw,
    EffectSyntaxError,
    Exhaust,
    Forbid,
    ModBP,
    Place,
    Refresh,
    Return,
    Sel,
)

__all__ = ["AnyNumber", "FreeSummon", "NamedSel", "RankedSel", "SelectedRef", "CoresEach", "Choose", "CostIs", "DrawEach", "DrawSymbols", "Cores", "Count", "Destroy", "DiscardCount", "DiscardHand", "DiscardTop", "Draw", "EffectSyntaxError", "Exhaust", "Forbid", "ForbidBlockBy", "ForEach", "FromTrash", "Delayed", "HandToDeck", "LifeCap", "LifeGuard", "HeavyExhaust", "ModBP", "ModBPEach", "NoRefresh", "EndAttackStep", "PlayerBan", "LookHand", "Place", "SoulMove", "WinGame", "Shuffle",
           "Refresh", "Return", "RestRevealed", "RevealTop", "Sel", "TakeRevealed", "TreatLevel", "parse_effect", "summary", "understand"]


@dataclass(frozen=True, slots=True)
class NamedSel(Sel):
    """2-1-1: cards described by their card name ("an Amethyst Sanctuary", "each Ruby Sanctuary you control"): of any
    card type, the name saying which (Saga's shared Sel has no name to match; this is Standard's)."""

    named: str = ""
    # 2-1-2-1: 'with "Dragon" in its card name': a card whose name contains the words quoted, not only that name
    part: bool = False

    def text(self, say_other: bool = True) -> str:
        plain = NamedSel(count=self.count, up_to=self.up_to, owner=self.owner, kinds=self.kinds, named=self.named)
        if self == plain and self.kinds in (("spirit", "nexus"), ("spirit", "nexus", "magic")):  # any card type
            q = "all " if self.count is None else f"{'up to ' if self.up_to else ''}{self.count} "
            own = {"you": "your ", "opponent": "opponent "}.get(self.owner, "")
            return f'{q}{own}card{"" if self.count == 1 else "s"} named "{self.named}"'
        named = f'with "{self.named}" in its name' if self.part else f'named "{self.named}"'
        return f"{Sel.text(replace(self, named=''), say_other)} {named}"  # (Saga's Sel.text would say the name too)


@dataclass(frozen=True, slots=True)
class RankedSel(Sel):
    """"with the lowest BP" / "with the highest cost": of the cards on the Field the rest of the description fits (not
    those in the Pending State), those whose BP (2-8-2) or cost (2-2-1) is the lowest / highest now; several when
    they tie. Standard's (Saga's shared Sel has no rank)."""

    rank: str = "lowest bp"  # "lowest bp" | "highest bp" | "lowest cost" | "highest cost"

    def text(self, say_other: bool = True) -> str:
        return f"{Sel.text(self, say_other)} with the {self.rank.replace('bp', 'BP')}"


@dataclass(frozen=True, slots=True)
class SelectedRef(Sel):
    """"the selected spirit(s) / nexus(es) / card(s)": the cards selected before ("it", 9-3-2), named by their kind,
    which must be the selection's (cardtext._given)."""

    noun: str = "cards"

    def text(self, say_other: bool = True) -> str:
        return f"the selected {self.noun}"


@dataclass(frozen=True, slots=True)
class HeavyExhaust:  # 5-16
    sel: Sel


@dataclass(frozen=True, slots=True)
class DiscardTop:  # 5-13-1: the top N cards of a player's Deck into their Trash
    n: int
    who: str = "you"  # you | opponent (the effect's controller's opponent)


@dataclass(frozen=True, slots=True)
class Count:  # "the number of cores on SEL" (what="cores") / "the number of SEL" (what="cards"), counted on resolving
    what: str
    sel: Sel

    def text(self) -> str:
        if self.what in ("hand", "trash"):  # 4-1-2: the cards in that player's Hand / Trash
            return f"cards in {'your' if self.sel.owner == 'you' else 'your opponent' + chr(39) + 's'} {self.what}"
        if self.what == "cost":  # "that spirit's cost" (2-2-1): the printed cost of the card named
            return f"the cost of {self.sel.text()}"
        return f"cores on {self.sel.text()}" if self.what == "cores" else self.sel.text()


@dataclass(frozen=True, slots=True)
class DiscardCount:  # 5-13-1: "discard a number of cards from the top of … deck equal to COUNT"
    count: Count
    who: str = "you"
    each: int = 1  # "discard the top N cards … for each SEL": N times the count (9-3-1-3)


@dataclass(frozen=True, slots=True)
class DiscardHand:  # 5-13-1, 4-3-1: N cards of the controller's Hand (described by `sel`, or any) into their Trash
    n: int
    sel: Sel | None = None
    who: str = "you"  # "opponent": "your opponent discards …" (their Hand, their choice, 4-3-2); "each": both players


@dataclass(frozen=True, slots=True)
class Choose:  # "Select SEL." followed by conditions on it (9-3-2): the selection, made once; later parts say "it"
    sel: Sel


@dataclass(frozen=True, slots=True)
class ForEach:  # "Select N of SEL for each PER and <action> them": `d` with its selection's number times PER counted
    d: Destroy | Exhaust | HeavyExhaust | Refresh | Return
    per: Sel


@dataclass(frozen=True, slots=True)
class AnyNumber:  # "Select any number of SEL [with a combined total of N or fewer BP] and <action> them" (1-4-5, 9-3-2)
    d: Destroy | Exhaust | HeavyExhaust | Refresh | Return
    total_bp: int | None = None  # the most their BP may add up to, when the text bounds it


@dataclass(frozen=True, slots=True)
class DrawEach:  # "draw N cards for each SEL": N times the cards SEL describes on the Field, counted when it resolves
    d: Draw
    per: Sel


@dataclass(frozen=True, slots=True)
class DrawSymbols:  # "draw N cards for each symbol on the destroyed spirit / on it": N times the symbols (2-10)
    d: Draw
    destroyed: bool  # "the destroyed spirit": only the cards selected before that this effect Destroyed


@dataclass(frozen=True, slots=True)
class CoresEach:  # "place N cores … for each SEL": N times the cards SEL describes on the Field, counted when it resolves
    d: Cores
    per: Sel


@dataclass(frozen=True, slots=True)
class CostIs:  # "When using this magic card, it costs N if …" (11-3-1-2, 1-4-1): the cost confirmed is N
    n: int
    when: str  # "use" | "summon" | "deploy": the procedure whose cost it is; "hand": any of them (from the Hand)


@dataclass(frozen=True, slots=True)
class FromTrash:  # 9-2-2, 4-4-2: cards `sel` describes, selected in the controller's Trash, returned to their Hand
    sel: Sel
    to: str = "hand"  # "hand" (4-3-1) | "deck_top" | "deck_bottom" (4-2-2): where the selected cards go
    # chosen only among the cards the effect discarded from the top of its controller's Deck just before ("Discard the
    # top three cards of your deck and return one purple spirit card from them to your hand"; 5-13-1, 4-4-2)
    discarded: bool = False


@dataclass(frozen=True, slots=True)
class HandToDeck:  # 4-3-1, 4-2-2: N cards of the controller's Hand (they choose) onto the top / bottom of their Deck
    n: int
    to: str  # "deck_top" | "deck_bottom"


@dataclass(frozen=True, slots=True)
class ModBPEach:  # "gains N BP for each SPIRIT you control": N times the cards `per` describes, counted when it resolves
    sel: Sel
    amount: int
    per: Sel
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class ForbidBlockBy:  # "SPIRITS cannot be blocked by SPIRITS" (8-1-3-1, 1-4-3): `by` may not block `sel`
    sel: Sel
    by: Sel
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class TreatLevel:  # "treat SPIRITS as their highest level" / "as LVn" (2-8-2; card text over 2-8-3, 1-4-1)
    sel: Sel
    level: int | None  # None: each card's own highest printed Lv
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class LifeGuard:  # "your life cannot be reduced by SPIRITS' attacks" (8-1-5-1): their unblocked attacks reduce no Life
    sel: Sel
    duration: str | None = None
    both: bool = False  # "Neither player's life can be reduced by …": either player's Life, not only the controller's


@dataclass(frozen=True, slots=True)
class RevealTop:  # "Reveal / View the top N cards of your deck": card text over 4-2-2 (1-4-1); they stay on top
    n: int
    view: bool = False  # "view" / "look at": the controller looks at them; "reveal": both players see them


@dataclass(frozen=True, slots=True)
class TakeRevealed:  # "[Reveal] one SEL from the revealed cards [and] add it to your hand" / "add it to your hand"
    sel: Sel  # a reference ("it"): every card revealed; a description: that many of them, chosen (9-3-2-2)
    # the words naming where they are: "revealed" ("the revealed cards"), "them" ("from [among] them": the cards the
    # text revealed or discarded before) or "discarded" ("the discarded cards"); cardtext settles the last two
    src: str = "revealed"


@dataclass(frozen=True, slots=True)
class FreeSummon:  # "summon SEL from AREA without paying its cost": 5-8-1 / 5-9-1 by the text, 11-1-1-5 not performed
    sel: Sel  # the cards chosen (9-3-2), Spirit cards Summoned, Nexus cards Deployed
    area: str  # "hand" | "trash" | "revealed" (the cards revealed from the top of the Deck before it)


@dataclass(frozen=True, slots=True)
class RestRevealed:  # "Discard the remaining cards" / "Return the remaining cards to the bottom of your deck"
    to: str  # "trash" (5-13-1) | "deck_bottom" | "deck_top" (4-2-2)
    some: bool = False  # "place any number of them …": those of the revealed cards the controller chooses (1-4-5)
    or_to: str | None = None  # "discard it or return it to …": `to` or this, the controller's choice (9-3-2-3)


@dataclass(frozen=True, slots=True)
class LifeCap:  # "your life can only be reduced by N … from an attack by SPIRITS" (8-1-5-1, text over it: 1-4-1)
    sel: Sel
    n: int
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class EndAttackStep:  # "When this battle ends, end the attack step." (7-7-3-2 by the card's text, 1-4-1)
    # "[Flash] End the attack step.": at once, cutting short a battle in progress (effects._end_attack, rules.cut_battle)
    at_once: bool = False
    # "End your opponent's attack step": only the opponent's (the effect's controller's own Attack Step is not ended)
    whose: str | None = None


@dataclass(frozen=True, slots=True)
class LookHand:  # "Look at your opponent's hand" / "Your opponent reveals their hand" / "Reveal your hand" (4-3-3, 1-4-1)
    who: str  # whose Hand: "you" | "opponent" (named from the effect's controller)
    reveal: bool  # shown to both players; else looked at by the effect's controller only


@dataclass(frozen=True, slots=True)
class PlayerBan:  # 1-4-3: "Your opponent cannot use magic cards / summon spirits / deploy nexuses [during this turn]"
    who: str  # "you" | "opponent": the player prohibited, named from the effect's controller
    what: str  # "use magic cards" (11-3-1) | "summon spirit cards" (11-1-1) | "deploy nexus cards" (11-2-1)
    duration: str | None = None  # None: a continuous effect, while its card is on the Field (9-1-4)


@dataclass(frozen=True, slots=True)
class WinGame:  # 1-3-6: "you win the game" / "your opponent loses the game": the game ends at once, that player winning
    who: str = "you"


@dataclass(frozen=True, slots=True)
class Shuffle:  # 4-2-4: "Shuffle your deck" / "your opponent shuffles their deck": that Deck's order randomized
    who: str = "you"


@dataclass(frozen=True, slots=True)
class SoulMove:  # 5-7-3: the controller's Soul Core moved by an effect that names it, from `src` (None: where it is)
    dst: Place
    src: Place | None = None


@dataclass(frozen=True, slots=True)
class NoRefresh:  # "That spirit will not refresh during their next refresh step" (card text over 7-5-2, 1-4-1)
    sel: Sel
    whose: str | None = None  # the step's player the text names ("you" / "opponent"); None: the card's controller


@dataclass(frozen=True, slots=True)
class Delayed:  # "At the end of this turn/battle, PART": set up when it resolves, activates then (7-9-1-2, 8-1-7-1)
    when: str  # "turn" | "battle"
    part: Part


@dataclass(frozen=True, slots=True)
class Trig:
    event: str  # summoned, deployed, attacks, blocks, destroyed, exhausted, refreshed, step_start, turn_end, battle_end
    whose: str = "self"  # self | you | opponent | any
    by_opponent: bool = False
    step: str | None = None
    colors: tuple[str, ...] = ()  # you/opponent/any: the event's cards are of one of these colours ("yellow Spirits")
    families: tuple[str, ...] = ()  # 2-6: … and of one of these Families ("your Android or Ice Princess spirits")
    by_effect: bool = False  # destroyed: by an effect only, not by a BP comparison (5-10-1)
    by_bp: bool = False  # destroyed: by the BP comparison of a battle only (8-1-6-1), not by an effect
    attack: bool = False  # life_reduced: only by the attack of the Spirit described (8-1-5-1), not by an effect
    desc: Sel | None = None  # the rest of its description: "with 3000 or fewer BP", "with a Soul Core on it" (9-1-5-2)
    kinds: tuple[str, ...] = ()  # you/opponent/any: the event's cards are Spirits / Nexuses ("one of your nexuses")
    loser: Sel | None = None  # bp_destroys: the Spirit destroyed, described ("… spirits with 3000 or fewer BP", 8-1-6-1)
    # "The first time <event> each turn": activates on the turn's first such event only (effects.emit keeps the turn's
    # record, State.firsts); a later one that turn is not "the first time", whether or not the first activated it
    first: bool = False
    # used: "… after its effect resolves": activates at the use, resolves once the Magic card's effect has (1-4-1)
    resolved: bool = False


# The conditions said in fixed words ("did": 5-19-2 "If you do,", the part before it done, read as the link "did")
_COND_WORDS = {"did": "you do", "added": "you added a card to your hand with this effect",
               "soul": 'this card has a "Soul Core" on it', "soul_paid": 'a "Soul Core" was paid as part of this card\'s cost',
               "destroyed": "a card was Destroyed by this effect"}

_COUNTED = {"hand": "cards in {p} hand", "trash": "cards in {p} trash", "deck": "cards in {p} deck",
            "reserve": "cores in {p} reserve", "trash_cores": "cores in {p} trash"}
_CMP_WORDS = {"count_le": "or less", "count_ge": "or more", "count_eq": ""}


def _count_text(c: Cond) -> str:
    """A counted condition's words (4-1-2; the effect's own card: its cores, BP or Lv); exactly N says no comparison."""
    return " ".join(_count_words(c).split())


def _count_words(c: Cond) -> str:
    cmp = _CMP_WORDS[c.kind]
    if c.what == "lv_this":
        return f"this card is LV{c.n}" + (f" {cmp.replace('less', 'lower').replace('more', 'higher')}" if cmp else "")
    if c.what == "bp_this":
        return f"this card has {c.n} {cmp} BP"
    if c.what == "cores_this":
        return f"this card has {c.n} {cmp} cores on it"
    if c.what.startswith("symbols"):
        color = c.what.partition(":")[2]
        whose = "you have" if c.who == "you" else "your opponent has"
        return f"{whose} {c.n} {cmp} {color + ' ' if color else ''}symbols on {'your' if c.who == 'you' else 'their'} field"
    whose, poss = ("you have", "your") if c.who == "you" else ("your opponent has", "their")
    return f"{whose} {c.n} {cmp} {_COUNTED[c.what].format(p=poss)}"


@dataclass(frozen=True, slots=True)
class Cond:
    kind: str  # life_le / life_ge (whose life: "you"/"opponent"), spirits_le / spirits_ge (Spirits you have),
    # destroyed (this effect destroyed a card), soul (the Soul Core is on the effect's own card, 5-7-1), soul_paid
    # (the Soul Core was among the cores paid for the effect's own card's cost when it was last used / Summoned)
    who: str = "you"
    n: int = 0
    what: str = ""  # it_is / it_is_not: the colour or state of the card selected before
    sel: Sel | None = None  # control_ge / control_le: the cards counted on the Field ("another Serpent spirit", 4-5-1)

    def text(self) -> str:
        if self.kind in _COND_WORDS:
            return _COND_WORDS[self.kind]
        if self.kind.startswith("count_"):
            return _count_text(self)
        if self.kind == "turn":  # 5-3-2: whose turn it is
            return "it is your turn" if self.who == "you" else "it is your opponent's turn"
        if self.kind.startswith("it_card") and self.sel is not None:  # the card revealed from the top of the Deck
            return f"it is {'not ' * (self.kind == 'it_card_not')}{self.sel.text().removeprefix('1 ')}"
        if self.kind.startswith("this_is"):  # the effect's own card, its state now (5-5-1)
            return f"this card is {'not ' * (self.kind == 'this_is_not')}{self.what}"
        if self.kind.startswith("hand_"):  # 4-3: the cards in the two Hands
            return (f"you have {'fewer' if self.kind == 'hand_fewer' else 'more'} cards in your hand than your opponent"
                    + (f" {self.what}" if self.what else ""))
        if self.kind.startswith("it_is") and self.what.startswith("bp"):  # "it has 5000 or less BP"
            return f"it has {self.what[4:]} or {'less' if self.what[2:4] == '<=' else 'more'} BP"
        if self.kind.startswith("it_is"):
            return f"it is {'not ' * (self.kind == 'it_is_not')}{self.what}"
        if self.kind == "soul_in":  # 5-7-1: where the controller's Soul Core is
            return f'you have a "Soul Core" in your {self.what}'
        if self.kind.startswith("control"):
            whose = "you control" if self.who == "you" else "your opponent controls"
            what = self.sel.text().removeprefix("all ") if self.sel else "cards"
            return f"{whose} {self.n} or {'less' if self.kind == 'control_le' else 'more'} {what}"
        if self.kind.startswith("spirits"):
            return f"you have {self.n} or {'less' if self.kind == 'spirits_le' else 'more'} Spirits"
        whose = "you have" if self.who == "you" else "your opponent has"
        return f"{whose} {self.n} or {'less' if self.kind == 'life_le' else 'more'} Life"


@dataclass(frozen=True, slots=True)
class Part:
    """One part of an effect's text; `link` says how it joins the parts before it (5-19)."""

    link: str  # "first" | "and" | "then" (5-19-1) | "if" (5-19-2) | "after" (5-19-3) | "must" (5-19-5)
    directives: tuple
    optional: bool = False
    cond: Cond | None = None
    text: str = ""
    # 9-1-8-1-1: "If CONDITION, … instead." written after this part: when its condition is met as this part is about
    # to resolve, that part (link "if", its own `cond`) is done in place of this one
    instead: Part | None = None


@dataclass(frozen=True, slots=True)
class Effect:
    text: str
    kind: str  # magic | triggered | continuous | replacement | keyword | cost (CostIs: the card's own cost)
    labels: frozenset[str] = frozenset()  # main / flash
    trigger: Trig | None = None
    parts: tuple[Part, ...] = ()
    once_per_turn: bool = False  # 12-3-1
    unstackable: bool = False  # 12-3-2
    while_: str | None = None  # continuous: "attacking" (12-2-1-8) / "blocking" (12-2-1-10)
    replaces: Sel | None = None  # replacement: which cards' destruction it replaces
    by_opponent: bool = False  # replacement: only a destruction by the opponent's effect or Spirit
    # replacement: "If CONDITION, when … would be destroyed, …": applied only while the condition is met (9-2-1, 5-19-2)
    cond: Cond | None = None
    keyword: str | None = None
    cost: tuple[Part, ...] = ()  # activated effects: the action before '▶' (9-1-6-2)
    levels: frozenset[int] = frozenset()  # 2-8-2: the Lvs it is printed for (none: every Lv)
    # "(When This Spirit Attacks) When …": the second timing read under the first as 『During Attack』 (12-2-1-8-1), the
    # rules saying nothing of a timing under another (the answer says so when it activates)
    nested: bool = False


FORMS = (
    "restrictions: [Once per turn] | [Unstackable] | [Unstackable, Once per turn]",
    "common effects: 《Soul Magic: COLOR》 | 《Succession》",
    "magic: [Main] … | [Flash] … | [Main][Flash] …",
    "activated: 【Activate: Main】 COST ▶ EFFECT | 【Activate: Flash】 EFFECT",
    "timings: 『When Summoned』 | 『When Deployed』 | 『When Attacking』 | 『When Blocking』 | 『When Destroyed』 | "
    "『When Destroyed by Opponent』 | When Exhausted | When Refreshed | When a Spirit is Summoned | When one of "
    "your [opponent's] Spirits is Summoned / Destroyed | At the start of [your|your opponent's|the] STEP Step | "
    "At the end of the turn | At the end of the battle | When your [opponent's] Life is reduced",
    "continuous: SPIRITS cannot attack / block / be blocked | 『During Attack』/『During Block』 This Spirit gets +N BP",
    "replacement: If SPIRITS would be Destroyed, [you may] … instead.",
    "joining words: Then, … | If you have N or less Life, … | If a Spirit was Destroyed by this effect, … | "
    "After this effect resolves, … | You must … (after other text) | You may …",
    "instructions: draw N cards | discard the top N cards of your [opponent's] deck | select CARDS from your trash "
    "and return it to your hand | destroy SPIRITS | exhaust / Heavy Exhaust / refresh SPIRITS | return SPIRITS to "
    "their owner's Hand | SPIRITS get +N/-N BP during this turn/battle | SPIRITS cannot attack/block during this "
    "turn | move N cores from PLACE to PLACE",
)
HINT = "supported Standard effect text — " + "; ".join(FORMS) + " (see docs/scenario-language.md, Battle Spirits Standard)"


def parse_effect(text: str) -> Effect:
    """One effect text -> Effect; EffectSyntaxError naming the words it cannot read or execute.

    Read by grammar/bs_standard_effects.lark (cardtext.py), imported here on first use: a scenario whose cards
    print no effect text never loads the parser."""
    from judge_app.engine.bs_standard import cardtext

    return cardtext.read(text)


def require_supported(text: str) -> Effect:
    return parse_effect(text)


def summary(effect: Effect) -> str:
    from judge_app.engine.bs_standard import cardtext

    return cardtext.summary(effect)


def understand(text: str):
    """How much of `text` the engine understood (engine/core/reading.Reading), for the checker's answers."""
    from judge_app.engine.bs_standard import cardtext

    return cardtext.understand(text)
