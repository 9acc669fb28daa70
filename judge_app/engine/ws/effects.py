"""The card-text language the WS engine executes: its effect AST (frozen values) and the refusal.

`judge_app.engine.ws.cardtext` reads printed text into these values (grammar/ws_effects.lark); every text is
read completely into an `Ability` or refused with `EffectError`, which names the words that were not
understood: the engine never runs part of a card. The vocabulary (documented in docs/scenario-language.md)
covers the keyword abilities of chapter 10 that the engine executes, the common climax effect, and a small
set of automatic, continuous and replacement effects.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass


class EffectError(ValueError):
    """Card text the engine cannot execute; `words` are the words it did not understand (the clause where
    understanding stopped), `stopped` says at which word and column."""

    def __init__(self, text: str, words: str, hint: str = "", stopped: str = "", at: int | None = None):
        self.message = f"card text not understood: {stopped or repr(words)}"
        super().__init__(f"{self.message} (in {text!r})")
        self.text, self.words, self.hint, self.stopped, self.at = text, words, hint, stopped, at


# --- traits (2.5.3) ------------------------------------------------------------------------------

# A text may name alternatives, "《Avatar》 or 《Net》 character": the reader keeps the names joined by this
# separator, so that a trait shown as f"《{trait}》" reads as printed.
TRAIT_OR = "》 or 《"


# A text may name card names as alternatives, ""A" or "B"" (2.1): kept joined by this separator, shown as printed in quotes.
NAME_OR = '" or "'


def has_name(spec: str, name: str) -> bool:
    """Whether a card named `name` is one a text names (any of ""A" or "B""; an alternative marked `NAME_PART` is a
    portion of the name, "with "X" in its card name", `name_has_part`)."""
    return any(name_has_part(name, alt[1:]) if alt[:1] == NAME_PART else name == alt for alt in spec.split(NAME_OR))


# s8-wsrealb: an alternative of a name spec that is only a portion of the card name: "with "X" in its card name".
NAME_PART = "\u2026"


def name_part_english(part: str) -> str:
    """The English portion of "○○○ (▲▲▲)" (2.1.2.1): the scenario's card names are English, so the Japanese portion in
    parentheses is not compared (the answer says so)."""
    return re.sub(r"\s*[(（][^()（）]*[)）]\s*$", "", part)


def name_has_part(name: str, part: str) -> bool:
    """2.1.2.2: "with "○○○" in its card name" is a portion of the English card name with a space (or the name's start)
    before it and a space, a colon or the name's end after it ("Sakura" is in "Cardcaptor Sakura" and "Sakura:
    Athletic", not in "Riko Sakurauchi")."""
    return re.search(rf"(?:^|\s){re.escape(name_part_english(part))}(?=$|\s|:)", name) is not None


def name_text(spec: str) -> str:
    """A name spec as printed: "A" or "B", "X" for a portion ("with "X" in its card name")."""
    return " or ".join(f'"{alt[1:]}" in its card name' if alt[:1] == NAME_PART else f'"{alt}"'
                       for alt in spec.split(NAME_OR))


def article(what: str) -> str:
    """"a character", "an event": a kind of card as a sentence names one."""
    return ("an " if what[:1] in "aeiou" else "a ") + what


def has_trait(spec: str, traits: tuple[str, ...]) -> bool:
    """Whether a card with `traits` has the trait a text names (any of "《A》 or 《B》"); no trait named: any card."""
    return not spec or any(t in traits for t in spec.split(TRAIT_OR))


# --- costs (8.4) -------------------------------------------------------------------------------

# s9-wsrealb: `Select.level` of "with level higher than your opponent's level" (2.6 against the opponent's level, 3.9)
ABOVE_OPP_LEVEL = ">opp"
# s12 bodies: `Salvage.level` of "with level equal to or lower than your level": the player's level as it resolves (3.9.1)
AT_MOST_OWN_LEVEL = "<=own"


# a cost that moves this card from the stage (8.4.2), as the summary words it (s12 heads: "return this card to your hand")
_SELF_TO_COST = {"clock": "put this card into your clock", "hand": "return this card to your hand",
                 "stock": "put this card into your stock"}  # s17: the stock (3.10.1)


@dataclass(frozen=True, slots=True)
class Select:
    """What a choice may take: a kind of card ("card" | "character" | "event" | "climax", 2.3.2), with a trait if
    one is named (2.5.3: the text writes it in 《 》); or a card name (2.1.2); or any of `alts`."""

    kind: str = "card"
    trait: str = ""
    level: str = ""  # "<=N" | ">=N": "a level 0 or lower character", "level 2 or higher" (a climax is level 0)
    color: str = ""  # "blue card" (2.4)
    icon: str = ""  # "with [SOUL] in its trigger icon" (2.11): the trigger icon's name
    name: str = ""  # a card name in quotes (2.1.2): "If that card is "Name" or a 《T》 character"
    # s7b-wsreal: "an event or a 《T》 character": alternatives, a card is selected when it is any of them
    alts: tuple[Select, ...] = ()
    cost: str = ""  # s9-wsrealb: "<=N" | ">=N": "a cost 0 or lower character" (2.7)

    def text(self) -> str:
        if self.alts:
            return " or ".join(a.text() if a.name else article(a.text()) for a in self.alts)
        if self.name and (self.name[:1] != NAME_PART or (self.kind == "card" and not self.trait)):
            return name_text(self.name)
        if self.level == ABOVE_OPP_LEVEL:
            return f"{self.kind} with level higher than the opponent's level"
        bound = f"level {self.level[2:]} or {'lower' if self.level[0] == '<' else 'higher'} " if self.level else ""
        bound += f"cost {self.cost[2:]} or {'lower' if self.cost[0] == '<' else 'higher'} " if self.cost else ""
        return bound + (f"{self.color} " if self.color else "") + (f"《{self.trait}》 " if self.trait else "") \
            + self.kind + (f" with [{self.icon.upper()}] in its trigger icon" if self.icon else "") \
            + (f" with {name_text(self.name)}" if self.name else "")  # s11 bodies: a portion of the name (2.1.2.2)


@dataclass(frozen=True, slots=True)
class ZoneMove17:
    """s17 zone: a cost part "Put N <selection> from your <zone> into your <zone>" (8.4.2): `n` cards of `select`, each
    chosen as it is paid, from the side's `src` pile ("waiting" | "memory" | "clock") into its `dst` pile ("waiting" |
    "clock" | "memory" | "stock"; the clock's and the stock's top, 3.8.2, 3.10.1)."""

    n: int
    select: Select
    src: str
    dst: str

    def text(self) -> str:
        words = {"waiting": "waiting room"}
        return f"{self.n} {self.select.text()}(s) from the {words.get(self.src, self.src)} into the " \
               f"{words.get(self.dst, self.dst)}"


@dataclass(frozen=True, slots=True)
class Cost:
    stock: int = 0  # ⓝ: put n cards from stock into the waiting room (8.4.3)
    discard_self: bool = False  # put this card from your hand into your waiting room (Backup)
    discard: int = 0  # put n cards of `discard_select` (other than this card) from your hand into your waiting room
    discard_select: Select = Select("character")
    rest_self: bool = False  # rest this card
    clock_top: int = 0  # put the top n cards of your deck into your clock (Accelerate, 10.12)
    self_to_waiting: bool = False  # put this card (on the stage) into your waiting room (Change, 10.8)
    stage_to_marker: str = ""  # put a character with this name from your stage under this card as a marker (Fusion)
    reveal: str = ""  # reveal a card with this name from your hand (Resonate, 10.13)
    rest_chars: int = 0  # rest n of your standing characters ("【REST】 2 of your characters")
    # "Put 1 (other) [《T》] character from your stage into your waiting room" (8.4.2): chosen as the cost is paid
    stage_to_waiting: int = 0
    stage_select: Select = Select("character")
    stage_other: bool = False  # "other": not this card
    # "Put 1 [《T》] character from your hand into your clock" (8.4.2)
    hand_to_clock: int = 0
    clock_select: Select = Select("card")
    self_to_memory: bool = False  # "Put this card into your memory" (from the stage, 3.12)
    # s8-wsrealb: "Return 2 《T》 characters from your waiting room to your deck" (8.4.2), "Shuffle your deck" (3.2)
    waiting_to_deck: int = 0
    waiting_select: Select = Select("card")
    shuffle: bool = False
    waiting_to_clock: int = 0  # "Put 1 《T》 character from your waiting room into the bottom of your clock" (`waiting_select`)
    # s10-wshead: "Put this card into your clock" / "… at the bottom of your deck" (from the stage: "clock" | "deck_bottom");
    # "Put 1 "X" from your climax area into your waiting room" (3.11.1)
    self_to_zone: str = ""
    climax_to_waiting: int = 0
    climax_select: Select = Select("climax")
    # s14 heads: the characters "【REST】 N of your (other) 《T》 characters" takes (2.5.3; "other": not this card)
    rest_select: Select = Select("character")
    rest_other: bool = False
    self_stand: bool = False  # s14 heads: "Put this 【STAND】 card into …": paid only while this card stands (4.6.1.1)
    markers_to_waiting: int = 0  # s16 zone: "Put 1 marker underneath this card into your waiting room" (3.7.2: the top one)
    moves17: tuple[ZoneMove17, ...] = ()  # s17 zone: "Put 1 《T》 character from your memory into your waiting room", …
    # s21 head: Backup's "Reveal this card in your hand & Put it at the bottom of your deck" ("deck_bottom"; 10.5.2)
    hand_self_to: str = ""
    # s21 head: "Put a 《T》 character from your stage into your clock" ("clock"; "" the waiting room, `stage_to_waiting`),
    # "Put the top card of your stock into your clock" (3.10.2: from the stock's top)
    stage_dst: str = ""
    stock_to_clock: int = 0

    def text(self) -> str:
        parts = ([f"{self.stock} stock"] if self.stock else []) + (["this card from hand"] if self.discard_self else []) \
            + ([f"{self.discard} {self.discard_select.text()}(s) from hand"] if self.discard else []) \
            + (["rest this card"] if self.rest_self else []) \
            + ([f"the top {self.clock_top} card(s) of the deck into the clock"] if self.clock_top else []) \
            + ([f"reveal {self.reveal!r} from hand"] if self.reveal else []) \
            + (["put this card into the waiting room"] if self.self_to_waiting else []) \
            + ([f"put {self.stage_to_marker!r} under this card as a marker"] if self.stage_to_marker else []) \
            + ([f"rest {self.rest_chars} of your {'other ' if self.rest_other else ''}"
                f"{self.rest_select.text() + '(s)' if self.rest_select != Select('character') else 'characters'}"]
               if self.rest_chars else []) \
            + ([f"{self.stage_to_waiting} {'other ' if self.stage_other else ''}{self.stage_select.text()}(s) from the "
                f"stage into the {'clock' if self.stage_dst == 'clock' else 'waiting room'}"] if self.stage_to_waiting
               else []) \
            + ([f"{self.hand_to_clock} {self.clock_select.text()}(s) from hand into the clock"] if self.hand_to_clock
               else []) \
            + ([f"put this {'【STAND】 ' if self.self_stand else ''}card into your memory"] if self.self_to_memory else []) \
            + ([f"return {self.waiting_to_deck} {self.waiting_select.text()}(s) from the waiting room to the deck"]
               if self.waiting_to_deck else []) \
            + (["shuffle your deck"] if self.shuffle else []) \
            + ([f"{self.waiting_to_clock} {self.waiting_select.text()}(s) from the waiting room to the bottom of the "
                "clock"] if self.waiting_to_clock else []) \
            + ([_SELF_TO_COST.get(self.self_to_zone, "put this card at the bottom of your deck")]
               if self.self_to_zone else []) \
            + ([f"{self.climax_to_waiting} {self.climax_select.text()} from the climax area into the waiting room"]
               if self.climax_to_waiting else []) \
            + ([f"put {self.markers_to_waiting} marker(s) underneath this card into the waiting room"]
               if self.markers_to_waiting else []) \
            + [m.text() for m in self.moves17] \
            + (["reveal this card in your hand and put it at the bottom of your deck"] if self.hand_self_to else []) \
            + ([f"put the top {self.stock_to_clock} card(s) of your stock into your clock"] if self.stock_to_clock else [])
        return ", ".join(parts) or "no cost"


# --- one-shot effects ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Draw:
    n: int
    optional: bool = False
    at_most: bool = False  # "draw up to n cards": the player may stop before any card (3.2.3.1)


@dataclass(frozen=True, slots=True)
class Pump:
    """`this card` / `1 of your characters` / `defending character` gets +N power / +N soul until end of turn."""

    # "self" | "choose-own" | "choose-defending" | "choose-battle" (7.2.1.5.1) | "all-own" | "choose-opp"; s21 body:
    # "choose-another", either player's character but this card ("Choose another character")
    who: str
    # | "facing": the character facing this card (3.6.5, s9-wsrealb)
    power: int = 0
    soul: int = 0
    trait: str = ""  # only characters with this trait (2.5.3): "choose 1 of your 《Music》 characters"
    per: str = ""  # "+X … X is equal to the number of your (other) [《T》] characters ×N": counted as it resolves
    other: bool = False  # "choose 1 of your other … characters": any but the ability's own card
    area: str = ""  # "choose 1 character in your opponent's center stage": "center" | "back" (3.6.3)
    until: str = ""  # "" until end of turn; "opp-next": until the end of your opponent's next turn (8.2.1.2)
    # s16 body: "game": no duration written, "during this game" (8.2.1.2)
    levels: int = 0  # "+1 level and +1000 power": the character's level (2.6) changes too
    select: Select | None = None  # s9-wsrealb: "choose 1 of your opponent's level 1 or lower characters" (2.6, 2.7)
    many: int = 0  # "choose up to N characters in your opponent's center stage, and those characters get …" (8.6.3.1.1)
    x: XCount | None = None  # s8-wsreala: "+X … X is equal to <what> ×N" (power/soul hold N): counted as it resolves
    bare: bool = False  # s16 body: printed with no stat ("+2000 until end of turn"): read as power, and the step says so


@dataclass(frozen=True, slots=True)
class XCount:
    """s8-wsreala: what X is equal to, counted once as the effect resolves (8.8.1). `zone`: the cards of `select` in
    a public zone of the master's or the opponent's (`whose`): "waiting_room" (3.4.2), "clock" (3.8.2), or the
    characters of a stage area, "back" | "center" (3.6.2, 3.6.3); "that-level": the level of the character that gets
    the gain (2.6); "among": the cards the sentence before put into the waiting room ("among those cards", `Milled`)."""

    zone: str
    select: Select = Select()
    whose: str = "own"  # "own" | "opponent"
    # s9-wsbody2: over "those cards" a mill put (`Milled`), zone "among-level" (their total level, 2.6: a climax as level
    # 0, as the cards' reminder says), "among-icon" (the `select.icon` trigger icons among them, 2.11.1); `plus` is added
    plus: int = 0
    other: bool = False  # s19 body: "other … characters you have": the ability's own card is not counted (2.3.2.1.2)
    # s21 body2: zone "colours", the different colours of the master's characters on the stage (2.4, 2.3.2.1.2), `plus` added


@dataclass(frozen=True, slots=True)
class TopTo:
    """Put the top n cards of your deck into a zone (stock, clock, waiting room)."""

    zone: str
    n: int = 1
    optional: bool = False
    at_most: bool = False  # s20 body: "put up to n cards from the top of your deck …": the player may stop (3.2.3.1)


@dataclass(frozen=True, slots=True)
class Damage:
    n: int
    x: XCount | None = None  # s9-wsbody2: "deal X damage to your opponent. X is equal to …": counted as it resolves
    # s11 bodies: "deal 1 damage to your opponent X times": `x` counts the times (`x_times`), each damage dealt apart (4.10)
    times: int = 1
    x_times: bool = False
    may: bool = False  # s12 bodies: "you may deal 1 damage to your opponent" (8.6.3: the player says whether)
    same: bool = False  # s12 bodies: "deal the same damage": the amount of the damage whose cancel the timing saw
    # "deal 1 damage to yourself": the ability's master takes it (4.10.1: the player named; 4.11.1.2: its source)
    to_self: bool = False


@dataclass(frozen=True, slots=True)
class Heal:
    """Put the top card of your clock into your waiting room ("you may": the player says whether, 8.6.3)."""

    may: bool = False
    dest: str = "waiting_room"  # s13 zones: "stock": "put the top card of your clock into your stock" (3.10.1)
    at_most: bool = False  # s13 bodies: "put up to 1 card from the top of your clock …": none or 1, as the player says
    bottom: bool = False  # s15 zone: "put the bottom card of your clock into your waiting room" (3.8.2: the first put there)
    heal_n: int = 1  # s17 zone: "put (up to) 2 cards from the top of your clock …", "the top 2 cards of your clock": one at a time


@dataclass(frozen=True, slots=True)
class SelfStage17:
    """s17 zone: "(you may) put this card on any position of your stage" (or "in an open position of your stage", one area,
    "as 【REST】") said by this card's own ability played from the memory (10.9.1) or the waiting room: this card goes from
    there onto the stage position its master chooses (3.6.1, 8.6.3). `to`: the stage place, as `Salvage.to` names it."""

    to: str
    may: bool = False
    rest: bool = False
    # "put that character (in your memory) on any position of your stage": said by an ability an effect created for the
    # card it names (`AtNextPhase`), not by a Memory ability of the card's own (10.9.1)
    that: bool = False
    # "… that character in your memory …" / "… from your memory …": the card moves only from that zone ("memory")
    within: str = ""


@dataclass(frozen=True, slots=True)
class SelfTo:
    zone: str  # "memory" | "hand" | "waiting_room"
    may: bool = False  # "you may return this card to your hand": the player says whether (8.6.3)


@dataclass(frozen=True, slots=True)
class Brainstorm:
    """Flip the top n cards into the waiting room; for each climax among them, do `then` (10.7)."""

    n: int
    then: object  # a one-shot effect, done once per climax; s16 body: or a tuple of them, done in turn (8.8.1)
    # s16 body: what is counted among the flipped cards ("climax with [COMEBACK] in its trigger icon", 2.11.1), and
    # `once`: "If there is a climax … among those cards," does `then` once when there is one
    counted: Select = Select("climax")
    once: bool = False
    x: XCount | None = None  # s21 body2: "Flip over X cards …. X is equal to …": `n` counted as it resolves (8.8.1)


@dataclass(frozen=True, slots=True)
class FusionInto:
    """Fusion (10.14.1.1): search the deck for up to 1 `name`, put it on this card's position, this card and its
    markers under it as markers; shuffle the deck."""

    name: str


@dataclass(frozen=True, slots=True)
class SunderInto:
    """Sunder (10.15.2): the marker named `name` goes on a chosen stage position, this card and the other markers
    under it."""

    name: str


@dataclass(frozen=True, slots=True)
class ChangeInto:
    """Change (10.8): put a card named `name` from your waiting room on the stage position this card was on."""

    name: str


@dataclass(frozen=True, slots=True)
class Salvage:
    """Choose a card named `name` (or any character) in your waiting room and put it into your hand (Bond)."""

    name: str | None
    kind: str = "card"  # "character": only characters
    optional: bool = False  # "up to 1"
    trait: str = ""  # "choose 1 《T》 character": only cards with this trait (2.5.3)
    may: bool = False  # "you may choose …": the player may choose nothing
    to: str = "hand"  # where it goes: "hand" | "stock" | "deck_bottom" ("…, and put it into your stock")
    from_zone: str = "waiting_room"  # where it is chosen: "waiting_room" | "clock" ("choose 1 card in your clock")
    color: str = ""  # "choose up to one blue card …" (2.4)
    many: int = 0  # "choose up to N 《T》 characters in your waiting room, and return them to your hand" (8.6.3.1.1)
    level: str = ""  # s9-wsrealb: "<=N" | ">=N": "choose 1 level 0 or lower character in your waiting room" (2.6)
    rest: bool = False  # s9-wsrealb: `to` "stage" | "stage_open": put "as 【REST】" (4.6.1.2), else standing
    x: XCount | None = None  # s9-wsbody2: "level X or lower": `level` is "<=X", X counted as it resolves (8.8.1)
    # s10 bodies: `to` "marker": underneath this card as a marker (3.7.1), "up" (3.7.2.1) or "down" (3.7.2)
    face: str = ""
    # s13 zones: "choose 1 cost 0 or lower character": "<=N" | ">=N" (2.7); `to` also "memory" (3.12.1), "clock" (3.8.1),
    # "vacated": the stage position the ability's cost took this card from (as Change, 10.8.1)
    cost: str = ""
    # s13 bodies: what may be chosen, as one selection (an event, a colour, a trigger icon, alternatives joined by "or");
    # when set, it is the whole of what is chosen (`kind`, `trait`, `color` stay at their defaults)
    select: Select | None = None


@dataclass(frozen=True, slots=True)
class OppTo:
    """Choose `n` of your opponent's characters (on the stage, 2.3.2.1.2) and put it into the opponent's `zone`
    ("waiting_room" | "hand" | "clock")."""

    zone: str
    n: int = 1
    at_most: bool = False  # "choose up to 1 of your opponent's characters": the player may choose none (8.6.3.1.1)
    # s9-wsrealb: only characters within a bound ("your opponent's cost 0 or lower characters", 2.6, 2.7); or, instead
    # of a choice, the character facing this card (3.6.5); `zone` also "stock", "memory", "deck_top", "deck_bottom"
    select: Select | None = None
    facing: bool = False
    may: bool = False  # "you may put the character facing this card …": the player says whether (8.6.3)
    area: str = ""  # s10 bodies: "choose 1 … character in your opponent's center stage": "center" | "back" (3.6.3)


@dataclass(frozen=True, slots=True)
class OppAllTo21:
    """s21 body: "put all [level N or lower] characters in your opponent's center stage into their waiting room", "return
    all … to their hand": every character of the opponent's on that area (3.6.3) within the bound (2.6, 2.7) goes to its
    owner's `zone` ("waiting_room" | "hand") at once; none is chosen, so "cannot be chosen" does not protect one (8.6.3)."""

    zone: str
    area: str  # "center" | "back"
    select: Select | None = None


@dataclass(frozen=True, slots=True)
class RestAll21:
    """s21 body: "【REST】 all of your [other] 【STAND】 characters": every standing character of the master's (never this
    card when `other`) is rested at once (4.6.1.2); none is chosen (8.8.1)."""

    other: bool = False


@dataclass(frozen=True, slots=True)
class LookTake:
    """Look at the top `n` cards of your deck (`up_to`: up to n, 3.2.3.1; 4.8.1), choose up to `take` `select`
    from among them into your hand (or back on top of the deck, `to`), put the rest into your waiting room."""

    n: int
    up_to: bool
    select: Select = Select()
    take: int = 1
    optional: bool = True  # "choose up to"
    reveal: bool = False  # "reveal it to your opponent": the chosen card is shown before it goes to the hand
    to: str = "hand"  # where the chosen card goes: "hand", or "deck_top" ("put it on the top of your deck")
    rest_to: str = ""  # s11 bodies: "deck_top" | "deck_bottom": the rest back in the order the player says, else waiting room
    x: XCount | None = None  # s12 bodies: "look at up to X cards …. X is equal to …": `n` counted as it resolves (8.8.1)
    # s20 body: "opponent": the top of the opponent's deck, looked at by the ability's master (4.8.1); `to` "waiting_room" /
    # "deck_bottom" (and, theirs, "deck_top") and `rest_to` name the deck owner's zones (3.1.6)
    whose: str = "own"


@dataclass(frozen=True, slots=True)
class Search:
    """Search your deck for up to `n` `select`, reveal them, put them into your hand, shuffle your deck."""

    n: int
    select: Select = Select("character")
    before_shuffle: tuple = ()  # s11 bodies: effects done after the cards are taken, before the shuffle (8.8.1)
    # s13 bodies: "put it in any position of your stage" ("stage") / "in an open position" ("stage_open"), as 【REST】 or not,
    # instead of the hand (3.6.1)
    to: str = "hand"
    rest: bool = False


# --- effect actions of real card texts: revealing the top card, the revealed card, a discard -------------------

@dataclass(frozen=True, slots=True)
class RevealTop:
    """Reveal the top card of your deck (4.9.1); if it is a `select`, do `then` in the order written ("it" is the
    revealed card, `RevealedTo`). It never leaves the deck unless `then` moves it (the printed reminder: "return it
    to its original place")."""

    select: Select
    then: tuple = ()
    negate: bool = False  # s15 body: "If that card is not a 《T》 character, …": `then` when it is not a `select`
    otherwise: tuple = ()  # s15b bodyquote: "If it is not, …": done, in the order written, when `then` is not


@dataclass(frozen=True, slots=True)
class RevealedTo:
    """"put it into your hand/stock/waiting room": the card `RevealTop` revealed, from the top of the deck."""

    zone: str
    # s10 bodies: `zone` "marker": "(you may) put that card face down underneath this card as a marker" (3.7.1, 3.7.2)
    face: str = ""
    may: bool = False
    rest: bool = False  # s16 zone: `zone` "stage…" (`stage_place`), "as 【REST】" (4.6.1.2)


@dataclass(frozen=True, slots=True)
class LookOpp:
    """"(you may) look at the top card of your opponent's deck" (4.8.1): the player sees the card, which stays on top
    of that deck (the printed reminder: "Return the card you saw to its original place"); `may`: 8.6.3."""

    may: bool = False


@dataclass(frozen=True, slots=True)
class LookAt:
    """"(you may) look at the top card of your deck", "… all of your stock", "… your opponent's hand" (4.8.1: the player
    confirms the cards' information; none moves; the stock, 3.10.2, and the opponent's hand, 3.3.2, are hidden zones the
    text lets the player see, 1.3.1). `what`: "deck_top" | "stock" | "opp_hand"; `may`: 8.6.3."""

    what: str
    may: bool = False


@dataclass(frozen=True, slots=True)
class HandTo:
    """"choose 1 card in your hand, and put it into your waiting room": chosen as it resolves (8.6.3)."""

    n: int = 1
    select: Select = Select()
    dest: str = "waiting_room"  # s9-wsrealb: or "stock" (3.10.1), "clock" (3.8.1), "memory" (3.12.1)
    may: bool = False  # s9-wsrealb: "you may choose …": the player may choose none (8.6.3)


@dataclass(frozen=True, slots=True)
class LookPut:
    """Look at the top `n` cards of your deck (`up_to`: up to n, 3.2.3.1; 4.8.1) and put them back: "top-or-waiting"
    (the card on top of the deck or into the waiting room), "top-or-bottom", or "any-order" (all on top, in the
    order the player chooses); s14 bodies: "original" (all on top as they were)."""

    n: int
    up_to: bool
    dest: str
    whose: str = "own"  # s17 body: "opponent": the top of the opponent's deck, put back on their deck (3.2.1, 4.8.1)


@dataclass(frozen=True, slots=True)
class Rest:
    """"【REST】 this card" (`self`) or "choose 1 of your opponent's characters, and 【REST】 it" (`choose-opp`), or
    "【REST】 the character facing this card" (`facing`, 3.6.5; s9-wsrealb)."""

    who: str
    select: Select | None = None  # s9-wsrealb: a bound on the opponent's character chosen (as `OppTo.select`)
    area: str = ""  # the area the opponent's character is chosen on (as `OppTo.area`, 3.6.3)
    may: bool = False  # s22 ws: "you may 【REST】 this card": the player says whether (8.6.3)


@dataclass(frozen=True, slots=True)
class BattleOppTo:
    """Put the ability's card's battle opponent (7.2.1.5.1) into its owner's `zone` ("clock" | "waiting_room" |
    "stock"); `may`: the player says whether (8.6.3)."""

    zone: str
    may: bool = False


@dataclass(frozen=True, slots=True)
class RevealTake:
    """"Reveal up to n cards from the top of your deck. If you revealed `at_least` or more cards, choose up to 1 …
    from among them, put it into your hand, put the rest into your waiting room, <then>": `look` (a LookTake that
    reveals, 4.9.1), then the sentence's other effects in order, all only if enough cards were revealed."""

    look: LookTake
    at_least: int = 1
    then: tuple = ()


@dataclass(frozen=True, slots=True)
class MarkerTo:
    """"choose 1 marker underneath this card, and return it to your hand" (3.7: the markers under a character).
    s16 zone: `zone` "hand" | "waiting_room" ("… and put it into your waiting room"); `all`: "put all markers underneath
    this card into your waiting room" (every marker, nothing chosen)."""

    zone: str = "hand"
    all: bool = False


@dataclass(frozen=True, slots=True)
class Grant:
    """"this card / that character gets [+N power and] the following ability until end of turn. "【AUTO】 …"": a
    continuous effect (8.2.1.2) that gives `ability` (read by the same grammar) to this card (`self`) or to 1 of your
    characters chosen as it resolves (`choose-own`, with `trait` / `other` as in `Pump`); the character has it until
    end of turn (6.8.1.4), or until it leaves the stage (3.1.4)."""

    who: str
    ability: Ability
    power: int = 0
    soul: int = 0
    trait: str = ""
    other: bool = False
    until: str = ""  # as `Pump.until`
    # s14 bodies: "choose-opp": only the opponent's characters within this bound / of this trait (2.6, 2.7, 2.5.3) and on
    # this area (3.6.3); `who` "choose-battle": one of your characters in battle (7.2.1.5.1)
    bound: Select | None = None
    area: str = ""
    # s15 quote: the +power / soul's own duration when it differs from the ability's ("gets +1500 power until end of turn
    # and the following ability until the end of your opponent's next turn"): "eot", until end of turn (6.8.1.4)
    gain_until: str = ""
    more: tuple[Ability, ...] = ()  # s15 quote: the abilities given with `ability` ("the following 2 abilities")


@dataclass(frozen=True, slots=True)
class EndOfTurn:
    """s14 bodies: "…, and at the end of the turn, put that character / this card into your <zone>": the effect creates an
    automatic ability (8.1.1.2) whose activation condition is "at the end of turn" (6.8.1.1), which puts that card into
    `zone` then. `who`: "self" (this card) or "placed" (the character the sentence put on the stage just before); s22-ws2:
    "chosen" (the one of your characters a gain just before was given to, 8.6.3)."""

    who: str
    zone: str
    # the automatic ability it creates (read from the fields by `abilities_within`, so that the check timing knows that
    # an ability may wait for the end phase's beginning, `Catalog.auto_heads`)
    ability: Ability | None = None


@dataclass(frozen=True, slots=True)
class AtNextPhase:
    """"…, and at the beginning of your next draw phase, <effects>": the effect creates an automatic ability with a timed
    activation (8.7.5) whose activation condition is the beginning of that phase (or step) of its master's next turn
    (8.1.1.2.1); it is played then, once. `who`: "self" (this card) or "memory" (the character the sentence put into the
    memory just before, which "that character" names): the card the created ability is kept for. `ability` holds the
    created ability (read from the fields by `abilities_within`, so that the check timing knows it may wait for the
    phase's beginning)."""

    phase: str
    who: str
    ability: Ability


@dataclass(frozen=True, slots=True)
class OppClockTop:
    """"(you may) put the top card of your opponent's clock into their waiting room" (3.8: the clock's top card)."""

    may: bool = False


@dataclass(frozen=True, slots=True)
class OppStockBottom:
    """"put the bottom card of your opponent's stock into their waiting room" (3.10: the stock's bottom card)."""


@dataclass(frozen=True, slots=True)
class IfDone:
    """"you may <first>. If you do, <then>": `then`, in the order written, only if `first` (an optional effect, its
    "you may" asked once, 8.6.3) was done."""

    first: object
    then: tuple = ()
    # s13 bodies: `first` is not optional ("Choose 1 of your 【STAND】 characters, and 【REST】 it. If you do, …"): it is done
    # without a question, and `then` happens only if it was done (none could be chosen: it was not)
    must: bool = False
    # s19 body: "If you do not, <otherwise>": in the order written, only if `first` was not done (declined, or nothing done)
    otherwise: tuple = ()


@dataclass(frozen=True, slots=True)
class Modal:
    """"Choose 1 of the following effects, and perform it. "…" "…"": as it resolves, the master chooses one of
    `options` (each the effects of one quoted option, in the order written, `texts` as printed) and performs it
    (8.6.3: the player chooses as the instruction is given; 8.8.1)."""

    options: tuple[tuple, ...]
    texts: tuple[str, ...] = ()
    may: bool = False  # s17 zone: "you may choose (and perform) 1 of the following effects": the player says whether (8.6.3)


# --- s8-wsrealb: names and traits in selections, conditions and timings ---------------------------------------------

@dataclass(frozen=True, slots=True)
class PutWhereWas:
    """"choose a card named "X" in your waiting room, and put it on the stage position that this card was on": the
    position the ability's cost ("Put this card into your waiting room") left (the exchange 10.8.1 describes, by an
    ability without the Change keyword)."""

    name: str


@dataclass(frozen=True, slots=True)
class OppWaitingToDeck:
    """The opponent's waiting room back into the opponent's deck, which the opponent then shuffles (3.4, 3.2):
    `n` > 0: the master chooses up to `n` cards there ("choose up to 3 cards in your opponent's waiting room, return
    them to his or her deck"); `keep` set: the opponent chooses 1 such card ("your opponent chooses 1 climax in their
    waiting room") and returns all the others."""

    n: int = 0
    keep: Select | None = None
    # s20 body2: "(you may) choose a climax in your opponent's waiting room, and return it to his or her deck. If you
    # do, shuffle your opponent's deck": exactly one card of this kind, chosen by the master; the shuffle is the
    # `Shuffle15(theirs=True)` that follows "If you do,"
    chosen: Select | None = None
    may: bool = False


@dataclass(frozen=True, slots=True)
class MoveSelf:
    """"(you may) move this card to an open position of your center / back stage": the master chooses the open
    position (8.6.3); the character keeps its state, markers and effects (3.7.3.1, 8.9.2)."""

    area: str  # "center" | "back" (3.6.3)
    may: bool = False
    pos: str = ""  # s13 bodies: "to the open middle position of your center stage": that position only ("CM")
    faced: bool = False  # s19 body: "… with a character facing this card": only a position an opponent's character faces


@dataclass(frozen=True, slots=True)
class ExchangeNamed:
    """"(you may) choose one of your cards named "X" and this card, and exchange them (as 【STAND】)": the two characters
    swap stage positions (3.7.3.1, 8.9.2); `stand`: both are then in the stand state (4.6.1.1)."""

    name: str
    may: bool = False
    stand: bool = False
    select: Select | None = None  # s13 bodies: "one of your 《A》 or 《B》 characters" (`name` empty)
    other: bool = False  # s17 zone: "1 of your other characters": as written (the exchange never takes this card itself)


@dataclass(frozen=True, slots=True)
class ChooseMove:
    """"choose 1 of your (other) [《T》] characters, 【REST】 it, and move it to an open position of your back stage": the
    chosen character rests (4.6.1.2), then moves to an open position the master chooses (3.6.3)."""

    area: str
    trait: str = ""
    other: bool = False


@dataclass(frozen=True, slots=True)
class OppStockSwap:
    """"your opponent puts all of their stock into their waiting room, and puts the same number of cards from the top
    of their deck into their stock" (3.10, 3.2.3)."""


@dataclass(frozen=True, slots=True)
class Perform:
    """"perform the following action. "…"": the quoted action's effects, in the order written (8.8.1), `text` as
    printed (Brainstorm's, once per climax revealed, 10.7)."""

    effects: tuple
    text: str = ""


@dataclass(frozen=True, slots=True)
class Milled:
    """s8-wsreala: "put the top N cards of your deck into your waiting room. If there is a climax (revealed) among those
    cards, <then>" / "…, and this card gets +X … X is equal to the number of 《T》 characters among those cards ×N":
    `top` is done, then `then` in the order written (8.8.1); `cond`, if any, is looked at over the cards `top` put
    (3.4.2: face up, in a public zone; 8.3.3: not fulfilled, `then` does not happen), and an X "among those cards"
    (`XCount` zone "among") counts them."""

    top: TopTo | OppTopTo  # s14b bodies: the opponent's deck milled into their waiting room (`OppTopTo`)
    then: tuple = ()
    cond: Select | None = None


@dataclass(frozen=True, slots=True)
class Repeat:
    """s8-wsreala: "perform the following action N times. "<effects>."": `effects`, in the order written, `n` times
    (8.8.1: each time executed once); `text` as printed."""

    n: int
    effects: tuple = ()
    text: str = ""
    ask_each: bool = False  # s21 grant: "up to N times": before each time the player may end the action (3.2.3.1's way)


# --- s9-wsrealb: the effect body, general -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Reverse:
    """"(you may) 【REVERSE】 that character" (the battle opponent, 7.2.1.5.1: `battle-opp`), "【REVERSE】 the character
    facing this card" (`facing`, 3.6.5), "choose 1 of your opponent's characters, and 【REVERSE】 it" (`choose-opp`,
    8.6.3, within `select` if a bound is named): the character is put in the reverse state (4.6.1.3)."""

    who: str
    may: bool = False
    select: Select | None = None
    area: str = ""  # the area the opponent's character is chosen on (as `OppTo.area`, 3.6.3)


# --- s13 zones: the zones and cards off the stage ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Exchange:
    """"choose 1 card in your level and 1 《T》 character in your waiting room, and exchange them" (`zone` "level", 3.9.1),
    "choose the bottom card of your clock and a 《T》 character in your waiting room, and exchange them" (`zone`
    "clock_bottom", 3.8.1): each card chosen (8.6.3) goes where the other was (the waiting room 3.4.1)."""

    zone: str
    select: Select = Select()  # the waiting room's card
    first: Select = Select()  # the level's card ("1 card in your level")
    may: bool = False  # "you may choose …": the player says whether (8.6.3)


@dataclass(frozen=True, slots=True)
class WaitingToDeck:
    """"return all cards from your waiting room to your deck, and shuffle your deck": every card of the waiting room
    (3.4.1) goes into the deck (3.2.1), which is then shuffled (3.2.4)."""

    unshuffled: bool = False  # s15 zone: "… to your deck. If you do, shuffle your deck, …" (the shuffle is `Shuffle15`)
    may: bool = False  # s15 zone: never said ("If you do" follows it done or not, `abilities._if_done` clears it)


@dataclass(frozen=True, slots=True)
class MillCompare15:
    """s15 zone: "all players put the top card of their deck into their waiting room. If the level of the card put into
    your waiting room by this effect is higher than the level of the card put into your opponent's waiting room by this
    effect, <then>": each player's top card goes to their waiting room (3.2.3, 3.4.1), then the levels are compared (2.6;
    a climax is level 0) and `then` happens, in the order written, only if the master's is higher."""

    then: tuple = ()
    compare: bool = True  # False: "all players put the top card of their deck into their waiting room" alone


@dataclass(frozen=True, slots=True)
class RevealOppPick15:
    """s15 zone: "reveal the top `n` cards of your deck, your opponent chooses 1 `select` from among them, you put it into
    your hand, and put the rest into your waiting room" (4.9.1; the opponent chooses, 8.6.3)."""

    n: int
    select: Select = Select()


@dataclass(frozen=True, slots=True)
class Shuffle15:
    """s15 zone: "If you do, shuffle your deck, …": the player shuffles their deck (3.2.4). s20 body2: `theirs`,
    "shuffle your opponent's deck"."""

    theirs: bool = False


@dataclass(frozen=True, slots=True)
class OppClockTo:
    """"(you may) choose 1 card in your opponent's clock, and put it into their waiting room": the master chooses (8.6.3) a
    card of the opponent's clock (3.8.1), which goes to its owner's waiting room (3.4.1)."""

    may: bool = False
    kind: str = "card"


@dataclass(frozen=True, slots=True)
class OppMemoryBack:
    """"choose up to 1 of your opponent's characters, put it into their memory, and your opponent puts that character
    from their memory on any position of their stage": the character goes to its owner's memory (3.12.1) and comes back
    as a new card (3.1.4) onto the stage position its owner chooses (8.6.3)."""

    opp: OppTo


# --- s14 zones: the zones and cards off the stage ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class StockTop:
    """"(you may) put the top card of your stock into your waiting room", "return the top card of your stock to your hand",
    "put the top card of your opponent's stock into their waiting room": the top card of that player's stock (3.10.2: the
    last one put there) goes to its owner's zone `dest` ("waiting_room" 3.4.1, "hand" 3.3.1, "clock" 3.8.1); nothing
    when the stock is empty (then "If you do" does not follow)."""

    dest: str
    opp: bool = False
    may: bool = False


@dataclass(frozen=True, slots=True)
class OppWaitingPick:
    """"(you may) choose 1 [cost 1 or higher] character / a card in your opponent's waiting room, and put it on the top of
    his or her deck / into their stock / clock / memory / on an open position of their back stage": the master chooses
    (8.6.3) a card of the opponent's waiting room (3.4.1: public) that `select` describes; it goes to its owner's zone
    `dest` ("deck_top" 3.2.1, "stock" 3.10.2, "clock" 3.8.1, "memory" 3.12.1, "open_back": a character onto an empty back
    stage position the master chooses, 3.6.3)."""

    dest: str
    select: Select = Select()
    may: bool = False
    # s20 body: `many` cards (0: one) chosen, as many as possible (8.6.3.1) or, `at_most`, "up to" (8.6.3.1.1; none may be
    # chosen); several on the top of the deck in the order the master says (8.8.1)
    many: int = 0
    at_most: bool = False


@dataclass(frozen=True, slots=True)
class DeckTopMarker:
    """"(you may) put the top card of your deck (face down / face up) underneath this card as a marker": the deck's top
    card (3.2.1) goes into the marker area of this card's stage position (3.7.1), face down unless the text says face up
    (3.7.2, 3.7.2.1)."""

    face: str = ""  # "up" | "down" as written; "" when the text names no face (face down, 3.7.2)
    may: bool = False
    look: bool = False  # s15 zone: "you may look at the top card of your deck. If you do, put that card …": seen first (4.8.1)


@dataclass(frozen=True, slots=True)
class LastingBan:
    """s15 heads: a player restriction for a time (8.2.1.2: a continuous effect of a one-shot ability, for its duration;
    1.3.4): "Until end of turn, your opponent cannot play event cards and "Backup" from hand." `who` "opp" | "self" |
    "all"; `kinds` "event" | "backup" | "backup+event" (as `Ability.restrict` writes them); `until` "turn" (the end of this
    turn) or "opp-next" (the end of the opponent's next turn)."""

    who: str
    kinds: str
    until: str = "turn"


@dataclass(frozen=True, slots=True)
class AnyOf:
    """s18 head: conditions joined by "or" (8.3.3: fulfilled when any one side is): each group is the conditions written on
    one side, all of which must hold. Kind "any" of `Cond`."""

    groups: tuple[tuple[Cond, ...], ...]

    def __str__(self) -> str:
        return " or ".join("(" + ", ".join(c.kind + (f"={c.value}" if c.value is not None else "") for c in g) + ")"
                           for g in self.groups)


def flat_conds(conds: tuple[Cond, ...]) -> tuple[Cond, ...]:
    """The conditions written, each side of "or" (s18 head: `Cond("any")`'s groups) among them: what a check looks at."""
    return tuple(x for c in conds for x in (flat_conds(tuple(y for g in c.value.groups for y in g))
                                            if isinstance(c.value, AnyOf) else (c,)))


@dataclass(frozen=True, slots=True)
class LevelCompare:
    """s18 head: two levels compared (8.3.3): `left` and `right` each "own" / "opp" (a player's level, 3.9.1), "this" (this
    card's level, 2.6), "battle-opp" (this card's battle opponent's, 7.2.1.5.1) or "facing" (the character facing this card,
    3.6.5); `rel` one of ">", "<", ">=", "<=", "==". Kind "compare-levels" of `Cond`."""

    left: str
    rel: str
    right: str

    def __str__(self) -> str:
        return f"{self.left} {self.rel} {self.right}"


@dataclass(frozen=True, slots=True)
class EncoreBan15b:
    """s15b headzone: "you / your opponent cannot use "【AUTO】 Encore" until end of turn": the player named cannot use any
    Encore, the keyword's or the rule's Encore [(3)] (10.2.2, 10.2.3), until the end of this turn or of the opponent's
    next (8.2.1.2: a continuous effect of a one-shot ability, for its duration; 1.3.4: "cannot" takes precedence). `who`
    "self" | "opp" | "all"; `until` "turn" | "opp-next", as `LastingBan` writes them."""

    who: str
    until: str = "turn"


# --- s16 head ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NoStand:
    """"Choose up to 2 of your opponent's level 0 or lower characters. Those characters cannot 【STAND】 during your opponent's
    next stand phase.", "【REST】 this card, and this card cannot 【STAND】 during your next stand phase.": the character
    (`who` "choose-opp": up to `n` of the opponent's characters within `select`, chosen by the master, 8.6.3; "self": the
    ability's card) does not stand in its master's next stand phase (6.2.1.2; 1.3.4: the effect that stops an action
    takes precedence; 8.2.1.2: a continuous effect until that turn ends)."""

    who: str = "self"
    n: int = 1
    at_most: bool = False
    select: Select | None = None
    area: str = ""  # s22-ws2: "choose 1 character on your opponent's back stage": only on that area (3.6.3)


@dataclass(frozen=True, slots=True)
class OppDraw20:
    """s20 body: "your opponent may draw N cards": the opponent, whom the text names, says whether (as "you may" leaves it to
    the ability's master, 8.6.3) and draws them (4.7.1); "If your opponent does, …" follows it (`IfDone`)."""

    n: int = 1
    may: bool = False


Effect = Draw | Pump | TopTo | Damage | Heal | SelfTo | Brainstorm | Salvage | ChangeInto | FusionInto | SunderInto | OppTo | LookTake | Search \
    | RevealTop | RevealedTo | HandTo | LookPut | Rest | BattleOppTo | RevealTake | MarkerTo | Grant \
    | OppClockTop | OppStockBottom | IfDone | Modal | PutWhereWas \
    | OppWaitingToDeck | MoveSelf | ExchangeNamed | Perform | ChooseMove \
    | OppStockSwap | Milled | Repeat | Reverse | Exchange | OppMemoryBack | WaitingToDeck | OppClockTo | StockTop \
    | OppWaitingPick | DeckTopMarker | LastingBan | EncoreBan15b | NoStand | OppDraw20


# --- conditions --------------------------------------------------------------------------------

# --- s10 bodies: your own characters chosen by a general selection, and what happens to them --------------------------

@dataclass(frozen=True, slots=True)
class OwnPick:
    """"choose [up to] N of your [other] [level 1 or higher] [【STAND】] [《T》] characters [with "X" in its card name], and
    <act>": the master chooses as it resolves (8.6.3; "up to": none up to N, 8.6.3.1.1) among the characters on the
    stage (2.3.2.1.2) that fit `select` (its `name` a portion of the card name, 2.1.2.2; its `level`/`cost` a bound,
    2.6, 2.7), in the state `orient` names if any (4.6.1), never the ability's own card when `other`. `act`: a zone of
    the master's the chosen go to ("hand", "stock", "waiting_room", "memory", "clock"), "stand" (4.6.1.1), "rest"
    (4.6.1.2; s11 bodies), "gain": each gets what `gain` gives (a `Pump` of who "chosen": power, soul, levels, until), or
    "grant": the following ability."""

    act: str
    n: int = 1
    at_most: bool = False
    select: Select = Select("character")
    other: bool = False
    orient: str = ""  # "stand" | "rest" | "reverse": only characters in that state ("【STAND】 characters", 4.6.1)
    gain: Pump | None = None
    may: bool = False  # "you may choose …": the master may choose none (8.6.3)
    grant: Grant | None = None  # act "grant": each chosen gets what the `Grant` gives (who "chosen"), 8.2.1.2
    area: str = ""  # "… characters in your center stage": only those on that area, "center" | "back" (3.6.3)


# --- s11 bodies --------------------------------------------------------------------------------------------------
# `Ability.per` "others:@<names>": the characters counted are those with a name of the spec (2.1.2), not a trait
PER_NAMED = "@"
# s16 quote: the timings on another card an ability of a character waits for (`abilities._watchers`: "When your other
# character attacks", "When your climax is placed on your climax area", …), a gained or given one's too
WATCHING16 = ("other-attacks", "other-reversed", "your-climax-placed", "other-opp-reversed", "other-placed",
              "other-frontal-attacked", "other-direct-attacks", "other-frontal-attacks", "other-side-attacks",
              "other-to-waiting", "opp-climax-placed")


@dataclass(frozen=True, slots=True)
class OppTopTo:
    """"put the top N cards of your opponent's deck into their waiting room", "your opponent puts the top N cards of their
    deck into their clock": the cards go from the top of the opponent's deck (3.2.3) to that zone of theirs, one at a
    time (`zone` "waiting_room" | "clock" | "stock"). s14b bodies: `bottom`, "put the bottom N cards of your opponent's
    deck …": from the bottom, one at a time (3.2.1; the engine takes them as 3.2.3 takes them from the top)."""

    zone: str
    n: int = 1
    bottom: bool = False
    may: bool = False  # s16 zone: "you may put the top card of your opponent's deck into …": the player says whether (8.6.3)


@dataclass(frozen=True, slots=True)
class ReturnPrevious:
    """"[you may] return this card to its previous stage position as 【REST】": in an ability that waits for this card to
    be put into the waiting room from the stage, the card goes back to the position it left, rested (the words of
    Encore's effect, 10.2.2)."""

    may: bool = False


@dataclass(frozen=True, slots=True)
class StandSelf:
    """"[you may] 【STAND】 this card": the ability's card, on the stage and not standing, stands (4.6.1.1)."""

    may: bool = False


@dataclass(frozen=True, slots=True)
class OppHandTo:
    """"your opponent chooses 1 card in their hand, and puts it into their waiting room": the opponent chooses, as the
    text says (8.6.3), and the card goes to that zone of theirs (`dest` as `HandTo.dest`)."""

    n: int = 1
    select: Select = Select()
    dest: str = "waiting_room"


@dataclass(frozen=True, slots=True)
class Cond:
    kind: str  # "climax" (a named climax in your climax area), "memory", "level", "clock-top", "your-turn"
    value: object = None


# --- s9-wsreala: the ability's head (issue 13, ninth session): conditions as one sentence structure ------------------

@dataclass(frozen=True, slots=True)
class PayThen:
    """"you may pay the cost. If you do, <then>" inside the effect (an event's text, or after "If there is a climax
    among those cards,"): the master decides whether to pay `cost` (8.6.3), pays it (8.4.2), and only then `then`."""

    cost: object = None  # the ability's own [cost] (a Cost), filled in when the ability is built
    then: tuple = ()


@dataclass(frozen=True, slots=True)
class Count:
    """What a condition counts (8.3.3): the cards `what` in a zone of `whose` ("own" | "opponent"): "stage", "center",
    "back" (the characters there, 3.6), "hand", "deck", "clock", "stock", "waiting_room", "memory", "level",
    "climax" (chapter 3), or "markers" (underneath the ability's card, 3.7), other than that card when `other`; held
    against `bound`: "N+" (N or more) or "N-" (N or less). Kind "count" of `Cond`."""

    zone: str
    bound: str
    what: Select = Select("card")
    whose: str = "own"
    other: bool = False
    orient: str = ""  # s10-wshead: only characters in this state on the stage, "rest" | "stand" (4.6.1)

    def __str__(self) -> str:
        n, more = self.bound[:-1], self.bound[-1] == "+"
        zone = {"climax": "climax area", "center": "center stage", "back": "back stage"}.get(self.zone, self.zone)
        where = "in " + ("your opponent's " if self.whose == "opponent" else "your ") + zone.replace("_", " ")
        if self.zone == "markers":
            where = "underneath this card"
        state = f"【{self.orient.upper()}】 " if self.orient else ""
        how = "exactly " + n if self.bound[-1] == "=" else f"{n} or {'more' if more else 'less'}"  # s18 head: exactly N
        return f"{how} {'other ' if self.other else ''}{state}{self.what.text()} {where}"


# --- s16 head (issue 13, sixteenth session) ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AllAre:
    """"If all of your opponent's characters are 《T》", "if all of your other characters on the center stage are 【STAND】"
    (8.3.3): every character of `whose` ("own" | "opponent") in `area` ("stage" | "center" | "back", 3.6; 2.3.2.1.2 a
    character is on the stage), other than the ability's card when `other`, is `what` (a trait, a colour, alternatives)
    and in the state `orient` ("stand" | "rest" | "reversed", 4.6.1) when one is written. Kind "all-are" of `Cond`."""

    whose: str = "own"
    area: str = "stage"
    what: Select = Select("character")
    other: bool = False
    orient: str = ""

    def __str__(self) -> str:
        area = {"center": " in the center stage", "back": " in the back stage"}.get(self.area, "")
        who = "your opponent's" if self.whose == "opponent" else "your"
        be = [f"【{self.orient.upper()}】"] if self.orient else []
        if self.what.trait and not (self.what.color or self.what.alts):
            be.append(f"《{self.what.trait}》")
        elif self.what.color and not (self.what.trait or self.what.alts):
            be.append(self.what.color)
        elif self.what != Select("character"):
            be.append(self.what.text())
        return f"all of {who} {'other ' if self.other else ''}characters{area} are {' and '.join(be)}"


# --- abilities ---------------------------------------------------------------------------------

# s16b ws: the keywords "When you use "X"" is read for (10.7.4 Brainstorm, 10.12.3 Accelerate); an
# ability with one of them, once resolved, is a happening "used-<keyword>" of its master and "own-used-<keyword>" of its card
USED_KEYWORDS16B = frozenset(("brainstorm", "accelerate"))

@dataclass(frozen=True, slots=True)
class Ability:
    category: str  # "auto" | "cont" | "act" | "replace"
    keyword: str = ""  # "encore", "backup", "assist", "bond", "great performance", "alarm", "brainstorm", ...
    when: str = ""  # auto: "attacks" | "placed" | "played" | "reversed" | "opp-reversed" | "begin:<phase>" | "to-waiting"
    cost: Cost = Cost()
    conds: tuple[Cond, ...] = ()
    effects: tuple[Effect, ...] = ()
    # cont: +power / +soul to "self" | "all" | "others" | "front" (assist)
    scope: str = ""
    power: int = 0
    soul: int = 0
    level: int = 0  # backup: the level needed (10.5.2)
    trait: str = ""  # cont: the gain goes only to characters with this trait (2.5.3)
    # cont: the gain counted per character (8.9.1): "others" | "all", with ":Trait" when one is named
    per: str = ""
    name: str = ""  # bond: the card name; replacement: the destination zone; cont: only cards with this name (2.1)
    optional: bool = False
    text: str = ""
    limit: int = 0  # auto: "This ability activates up to N time(s) per turn" (0: no limit)
    where: str = ""  # cont: only the character on this stage position gets the gain (3.6.3: "CM", the middle)
    min_level: int = 0  # cont: only characters of this level or higher get the gain
    # s14 bodies: cont: only characters this selection describes get the gain (its level bound against the level now, 2.6;
    # its colour, 2.4; its trait, 2.5.3): "all of your other level 0 or lower characters", "… other yellow characters"
    select: Select | None = None
    # cont: the card's level changes (2.6: "this card gets -2 level"); `in_hand`: only while it is in the hand (2.12.2:
    # the text says where it is valid, "while in your hand"), else on the stage as a character's text is
    levels: int = 0
    in_hand: bool = False
    # cont: what the card's own text forbids while its conditions hold: "play" ("this card cannot be played from your
    # hand", checked as it would be played, 8.6.2), "stand" ("this card does not 【STAND】 during your stand phase", 6.2.1.2)
    restrict: str = ""
    # s8-wsreala: cont: the ability the gain gives ("… get the following ability. "【CONT】 This card cannot …""), a
    # restriction (`restrict`) the characters in `scope` have while this ability applies (8.9.1)
    grants: Ability | None = None
    # s9-wshead2: cont: what the card's own text allows that the rules would not (1.3.1: card text takes precedence):
    # "colour" ("this card can be played from your hand without fulfilling color requirements", 8.6.2.1.1)
    permit: str = ""
    # s15 quote: cont: the abilities the gain gives after `grants` ("this card gets the following 2 abilities. "…" "…"")
    grants_more: tuple[Ability, ...] = ()
    # s20 head2: cont: the traits the gain gives ("this card gets 《T》", 2.5; a trait gained is a trait every check sees,
    # applied before the effects that select by trait, 8.9.1.4: `view.traits_of`)
    gains: tuple[str, ...] = ()

    @property
    def gives(self) -> tuple[Ability, ...]:
        """s15 quote: every ability a continuous gain gives (8.9.1): `grants`, then `grants_more`."""
        return ((self.grants,) if self.grants is not None else ()) + self.grants_more

    @property
    def combo(self) -> bool:
        return any(c.kind == "climax" for c in self.conds)

    @property
    def whens(self) -> tuple[str, ...]:
        """s9-wshead2: the happenings the ability waits for: one, or each of two timings joined by "or" ("placed|reversed",
        8.7.2: either makes it trigger)."""
        return tuple(self.when.split("|"))


def abilities_within(a: Ability) -> Iterator[Ability]:
    """`a` and every ability its effects can give a character (`Grant`), at any depth (inside `IfDone`, `RevealTop`,
    `Brainstorm`, … or another granted ability): read from the dataclasses' fields, so a new effect that holds
    effects needs no change here."""
    yield a
    todo: list[object] = list(a.effects)
    todo += a.gives  # s11 bodies: an ability a continuous effect gives (8.9.1); s15 quote: each of them
    while todo:
        x = todo.pop()
        if isinstance(x, Ability):
            yield from abilities_within(x)
        elif isinstance(x, tuple):
            todo.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            todo.extend(getattr(x, f) for f in x.__dataclass_fields__)


# --- s12 bodies (issue 13, twelfth session) ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TriggerChecks:
    """"during that attack, perform a trigger check 2 times on the trigger step": this card's attack, the one its
    "When this card attacks" names, has `times` trigger checks in its trigger step (7.3.1.2, each one whole)."""

    times: int


@dataclass(frozen=True, slots=True)
class ThatTo:
    """"[you may] return that character to your hand" / "… to its previous stage position as 【REST】": the character the
    ability's timing watched ("When your other character is frontal attacked", "… is put into your waiting room from the
    stage"), from the stage to the hand, or from the waiting room back to the position it left, rested."""

    dest: str  # "hand" | "previous"; s21 body2: "marker", "put that character face down underneath this card as a marker"
    may: bool = False
    face: str = ""  # s21 body2: the marker's face, "down" | "up" (3.7.2, 3.7.2.1)


# --- s13 heads (issue 13, thirteenth session) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CondThen:
    """"If <conditions>, <effects>" written inside an effect's text (an 【ACT】 ability's, an event's, a 【COUNTER】 event's,
    or after an earlier sentence): `then`, in the order written, only if every one of `conds` holds as the text resolves
    (8.3.3: where the condition is not fulfilled, that part is inactive; 8.8.1); looked at with `view.cond_holds`, the one
    condition structure the head's conditions use."""

    conds: tuple[Cond, ...]
    then: tuple = ()


def effects_in(effects: tuple) -> Iterator[object]:
    """The effects written, each `CondThen`'s governed effects with them (what a target on the action line may answer)."""
    for e in effects:
        yield e
        if isinstance(e, CondThen):
            yield from effects_in(e.then)


def reads_from_hand(a: Ability) -> bool:
    """Whether `a`, or an ability or effect within it, has the condition "During the turn that this card is placed on the
    stage from your hand" (kind "placed-from-hand"), read from the dataclasses' fields as `abilities_within`."""
    todo: list[object] = [a]
    while todo:
        x = todo.pop()
        if isinstance(x, Cond):
            if x.kind == "placed-from-hand":
                return True
        elif isinstance(x, tuple):
            todo.extend(x)
        elif hasattr(x, "__dataclass_fields__"):
            todo.extend(getattr(x, f) for f in x.__dataclass_fields__)
    return False


# --- s13 bodies: the effect body, sixth round --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OppShift:
    """"(you may) choose 1 character in your opponent's center stage (`from_area`; any of their characters when empty), and
    move it to an open position of their center stage (`area`)": the master chooses the character and the position
    (8.6.3); it keeps its state, markers and effects (3.1.4, 3.7.3.1)."""

    area: str  # "center" | "back" (3.6.3); s14 bodies: "stage", any position of the stage (3.6.2)
    from_area: str = ""
    may: bool = False


@dataclass(frozen=True, slots=True)
class IfToHand:
    """"…, put it into your hand, …. If you put 1 card into your hand, <then>": `first` (a look that may put a card into the
    hand) is done, then `then`, in the order written (8.8.1), only if it put a card into the hand (8.3.3)."""

    first: object
    then: tuple = ()


# --- s13b heads (issue 13, thirteenth session, second round) ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TopIs:
    """"if the top card of your clock is a card with "Alarm"": the top card of one of the master's open ordered zones
    (`zone`: "clock" 3.8.1 | "waiting_room" 3.4.1) is what `what` describes and, when `keyword` is named, has that
    keyword ability (10). An empty zone has no top card: the condition does not hold (8.3.3)."""

    zone: str
    what: Select
    keyword: str = ""


# --- s15 body ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChosenAndSelf:
    """"choose 1 of your other characters and this card, and those cards get +1 soul until end of turn": the master chooses
    one of his or her other characters as it resolves (8.6.3; `pick`, act "gain"), and that character and this card each
    get the gain (8.2.1.2): the chosen one as `pick` gives it, then this card, if it is still on the stage."""

    pick: OwnPick


@dataclass(frozen=True, slots=True)
class ChosenAndSelfTo22:
    """s22-ws2: "[you may] choose 1 of your other characters and this card, and return them to your hand": (when the master
    says yes, 8.6.3) the master chooses one of his or her other characters (`pick`, act "hand"; none: this card still
    goes, 8.6.3.1.3, 1.3.3) and both go to the hand together (3.3.1; their markers to the waiting room, 3.7.3.2)."""

    pick: OwnPick
    may: bool = False


@dataclass(frozen=True, slots=True)
class AnyOrder21:
    """s21 grant: "perform the following effects 1 time in any order. "…" "…"": each of `options` (the effects of one quoted
    option, `texts` as printed) is performed once (8.8.1), in the order the master chooses as it resolves (8.6.3)."""

    options: tuple[tuple, ...]
    texts: tuple[str, ...] = ()
