"""The effect vocabulary: card effect text -> typed, frozen effect objects (no game logic here).

A card carries its effect text verbatim (`effect "When destroyed: draw 1 card."`). `parse_effects`
turns one text into `Effect`s or raises `EffectSyntaxError` naming the phrase it could not read and
the forms it can; nothing is ever half-understood. docs/scenario-language.md lists every form.

Shapes (case-insensitive; a final period is optional):

* keyword effects (chapter 11): `【Crush: +1】`, `【Astral】 (during your turn)`;
* triggered effects: `TIMING: DIRECTIVES` or `TIMING, DIRECTIVES` (e.g. `When destroyed: draw 1 card.`);
* activated effects and magic: `main: …`, `flash: …`, `main/flash: …`;
* bursts: `Burst: CONDITION. DIRECTIVES`;
* substitution effects: `If this spirit would be destroyed, you may … instead.`;
* constant effects: `DIRECTIVE [DURATION or CONDITION]`, `While CONDITION, DIRECTIVE`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, cast

from judge_app.engine.core.evolve import evolve as _evolve
from judge_app.engine.core.kept_re import KeptRegexes

# `re`'s functions, on expressions kept compiled between processes (a cold check's first text tried ~100 of them)
_re = KeptRegexes("bss-vocab")

COLORS = ("red", "purple", "white", "yellow", "green", "blue")
KEYWORDS = ("Awaken", "Confront", "Curse", "Immortal", "Armor", "Luster", "Blessed", "Ascend", "Swift",
            "Gale", "Crush", "Raid", "A.T. Field", "Astral", "Chain", "Agile", "Feast", "Link")
_KW_CANON = {k.lower(): k for k in KEYWORDS}
STEPS = ("start", "core", "draw", "refresh", "main", "attack", "end")


class EffectSyntaxError(ValueError):
    def __init__(self, message: str, phrase: str, hint: str):
        super().__init__(message)
        self.message = message
        self.phrase = phrase
        self.hint = hint


# ---------------------------------------------------------------------------------------------
# Objects


@dataclass(frozen=True, slots=True)
class Keyword:
    """【Crush: +1】 -> Keyword("Crush", "+1"); an active timing may follow: 【Astral】 (during your turn)."""

    name: str
    arg: str | None = None
    timing: str | None = None

    @property
    def number(self) -> int:
        """The numeric argument (Crush modifier, Gale count, Raid times); 0 when absent."""
        m = _re.search(r"[+-]?\d+", self.arg or "")
        return int(m.group()) if m else 0

    def text(self) -> str:
        inner = self.name + (f": {self.arg}" if self.arg else "")
        return f"【{inner}】" + (f" ({self.timing})" if self.timing else "")


_VS_WORDS = {"<=": "equal to or less than", ">=": "equal to or more than", "==": "equal to", "<": "less than",
             ">": "more than"}


def _or_cmp(op: str) -> str:
    return "" if op == "==" else f" or {'less' if op == '<=' else 'more'}"


@dataclass(frozen=True, slots=True)
class Sel:
    """Which cards a directive is about.

    `ref`: "this" (the effect's own card), "that" (the card of the triggering event), "it" (the
    cards the previous directive chose), "attacker", "blocker"; otherwise a description: `count`
    (None = all, no selection), `up_to`, `target`, `owner` ("you", "opponent", "any"; relative to
    the effect's controller), `kinds`, `colors`, `cost`/`bp` comparisons (op, n), `state`,
    `keyword` ("with 【K】"), `other` (not the effect's own card).
    """

    ref: str | None = None
    count: int | None = None
    up_to: bool = False
    target: bool = False
    owner: str = "any"
    kinds: tuple[str, ...] = ("spirit",)
    colors: tuple[str, ...] = ()
    cost: tuple[str, int] | None = None
    bp: tuple[str, int] | None = None
    state: str | None = None
    keyword: str | None = None
    other: bool = False
    token: bool | None = None
    soul: bool | None = None  # "with" (True) / "without" (False) a "Soul Core" on it (4-11-1); None: either
    chooser: str | None = None  # "opponent": "your opponent selects one of their spirits" (default: the controller)
    families: tuple[str, ...] = ()  # 2-5: "your Terrasaur or Shadow spirits": a card of any one of these spirit types
    level: tuple[str, int] | None = None  # 2-10-3: "LV1 spirits" ("==", 1), "that are LV2 or higher" (">=", 2)
    plain: bool = False  # 2-9-3: "with no effects listed": a card whose printed text lists no effect
    # 7-1: "your attacking spirits" / "blocking" / "attacking or blocking": the battle's attacker / blocker now (a
    # card of either role); judged only where the caller gives the battle (match_info raises otherwise)
    battling: tuple[str, ...] = ()
    # 2-8, s10-bssreal: "with one symbol" / "with two or more symbols": the symbols the card has now (a double-color
    # symbol is one); judged only where an effect selects cards as it resolves (match_info raises otherwise)
    symbols: tuple[str, int] | None = None
    not_named: str | None = None  # 2-1-1, s10-bssreal: "other than <Card Name>": not a card of that name
    # s11 bss, 8-5-3-2: "any number of <cards>": the chooser takes as many as they wish, none included (count 0, up_to)
    any_number: bool = False
    # s12 bss, 2-1: "a Ruby Sanctuary" / "each Diamond Sanctuary you control": a card of that name (`named`); "with
    # "Siegwurm" in its card name": a card whose name contains those words (`name_part`)
    named: str | None = None
    name_part: str | None = None
    # s13 bss, 4-3: "with three or more cores on it": the cores on the card now (its soul core included)
    cores: tuple[str, int] | None = None
    # s15 bss: `cores` read from "with one core on it" (no "only"): the rules do not say exactly or at least; the engine
    # reads exactly, and `resolve.select` says so in the answer
    cores_read: bool = False
    # s13 bss, 2-10-2: "with BP equal to or less than this spirit's BP": compared with the effect's card's BP as the
    # effect resolves (resolve._candidates puts that number in `bp`); judged nowhere else (match_info raises)
    bp_vs: str | None = None
    # s14 bss, 2-9, 8-6: "with a "When Summoned" effect": a card whose printed text has a triggered effect of its own with
    # that timing ("summoned", "attacks", "blocks", "destroyed"), at any of its levels (view.match_info)
    timing: str | None = None
    # s14 bss, 8-5-3: "one NERV spirit card, or one Shinji nexus card": a card either description fits (each without a
    # number of its own; this Sel's count is the one choice); judged in view.match_info
    any_of: tuple[Sel, ...] = ()
    # s22-bssB, 2-4-1-2: "with only one color" / "with two or more colors": how many colors the card has (op, n)
    n_colors: tuple[str, int] | None = None
    # s22-bssB, 11-x: "with Confront or Curse": a card with any one of these keywords
    keywords_any: tuple[str, ...] = ()

    @property
    def selects(self) -> bool:
        """The effect selects (8-5-3): a count is given, so the player chooses which."""
        return self.ref is None and self.count is not None

    def text(self, say_other: bool = True) -> str:
        """The description in words ("all your other spirits"); `say_other=False` leaves "other" for the caller to
        say another way (the corpus summary's "… other than this card")."""
        if self.ref:
            return {"this": "this card", "that": "that card", "it": "it", "attacker": "the attacking spirit",
                    "blocker": "the blocking spirit", "linked": "the linked spirit",
                    # s17 bss, 7-1-1-1 (view.first_attacker)
                    FIRST_ATTACKER[0]: "the first spirit that attacks this turn",
                    FIRST_ATTACKER[1]: "the first spirit that attacks this turn, during that battle"}[self.ref]
        q = "all" if self.count is None else "any number of" if self.any_number else (
            f"up to {self.count}" if self.up_to else str(self.count))
        if self.any_of:  # s14 bss: "one X, or one Y"
            return f"{q} of (" + " | ".join(_evolve(s, count=1).text().removeprefix("1 ") for s in self.any_of) + ")"
        owner = {"you": " your", "opponent": " opponent", "any": ""}[self.owner]
        kind = "/".join(self.kinds) + (("es" if self.kinds[-1] == "nexus" else "s") if self.count != 1 else "")
        parts = [q + (" target" if self.target else "") + owner + (" other" if self.other and say_other else "")
                 + (f" {self.state}" if self.state else "")
                 + (" " + " or ".join(self.battling) if self.battling else "")
                 + "".join(f" {c}" for c in self.colors) + "".join(f" {f}" for f in self.families[:1])
                 + "".join(f" or {f}" for f in self.families[1:]) + f" {kind}"]
        parts += self._filter_words()
        if self.chooser:
            parts.append(f"chosen by the {self.chooser}")
        return " ".join(parts)

    def _filter_words(self) -> list[str]:
        """The words of the description's filters after its kind ("with 3000 BP or less", "with 【Link】", …)."""
        out: list[str] = []
        if self.bp:
            out.append(f"with {self.bp[1]} BP or {'less' if self.bp[0] == '<=' else 'more'}")
        if self.cost:
            out.append(f"with cost {self.cost[1]}" + _or_cmp(self.cost[0]))
        if self.level:
            out.append(f"at LV{self.level[1]}" + _or_cmp(self.level[0]))
        if self.plain:
            out.append("with no effects listed")
        if self.not_named:
            out.append(f'other than "{self.not_named}"')
        if self.named:
            out.append(f'named "{self.named}"')
        if self.name_part:
            out.append(f'with "{self.name_part}" in its card name')
        return out + self._more_filter_words()

    def _more_filter_words(self) -> list[str]:
        out: list[str] = []
        if self.cores:
            out.append(f"with {self.cores[1]} core{'s' * (self.cores[1] != 1)}" + _or_cmp(self.cores[0]))
        if self.bp_vs:
            out.append(f"with BP {_VS_WORDS[self.bp_vs]} this card's BP")
        if self.symbols:
            out.append(f"with {self.symbols[1]} symbol{'s' * (self.symbols[1] != 1)}" + _or_cmp(self.symbols[0]))
        if self.n_colors:  # s22-bssB, 2-4-1-2
            out.append(f"with {self.n_colors[1]} color{'s' * (self.n_colors[1] != 1)}" + _or_cmp(self.n_colors[0]))
        if self.keyword:
            out.append(f"with 【{self.keyword}】")
        if self.keywords_any:  # s22-bssB
            out.append("with " + " or ".join(f"【{k}】" for k in self.keywords_any))
        if self.timing:
            out.append(f'with a "{_TIMING_WORDS[self.timing]}" effect')
        if self.soul is not None:
            out.append(f"{'with' if self.soul else 'without'} a soul core on {'it' if self.count == 1 else 'them'}")
        return out


# s14 bss: how a description names an effect by its timing ("with a "When Summoned" effect")
_TIMING_WORDS = {"summoned": "When Summoned", "placed": "When Placed", "attacks": "When Attacks", "blocks": "When Blocks",
                 "destroyed": "When Destroyed"}


@dataclass(frozen=True, slots=True)
class Place:
    """Where cores are: "reserve", "life", "trash", "void" of `who`, or the cards `sel` (field)."""

    kind: str
    who: str = "you"  # "you" | "opponent" | "owner" (the owner of the card in question)
    sel: Sel | None = None

    def text(self) -> str:
        if self.kind == "card":
            return self.sel.text() if self.sel else "a card"
        if self.kind == "void":
            return "the void"
        if self.kind == "soul":  # s18 bss: "your Soul Core" wherever it is (4-11-3)
            return {"you": "your", "opponent": "your opponent's"}.get(self.who, "its owner's") + " soul core's place"
        return {"you": "your", "opponent": "your opponent's", "owner": "its owner's"}[self.who] + " " + self.kind


# Directives ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    n: int
    who: str = "you"


@dataclass(frozen=True, slots=True)
class Discard:
    n: int
    who: str = "you"
    cards: Sel | None = None  # "discard a nexus card / a red card": only hand cards fitting it (kinds, colors)


def hand_cards_text(cards: Sel) -> str:
    """"nexus card(s)", "red card(s)": a discard's description of the hand cards it may take."""
    tail = (f" with 【{cards.keyword}】" if cards.keyword else "") + (
        f" with cost {cards.cost[1]}{_or_cmp(cards.cost[0])}" if cards.cost else "")
    return " ".join((*cards.colors, " or ".join(cards.families), "/".join(cards.kinds) if len(cards.kinds) < 3 else "")
                    ).replace("  ", " ").strip() + " card(s)" + tail


@dataclass(frozen=True, slots=True)
class Mill:  # discard from the top of a deck
    n: int
    who: str = "opponent"


@dataclass(frozen=True, slots=True)
class Destroy:
    sel: Sel


@dataclass(frozen=True, slots=True)
class Exhaust:
    sel: Sel


@dataclass(frozen=True, slots=True)
class Refresh:
    sel: Sel


@dataclass(frozen=True, slots=True)
class Return:
    sel: Sel
    to: str = "hand"  # "hand" | "deck top" | "deck bottom"
    # s11 bss: whose hand / deck the text names ("you" | "opponent"; None: its owner's, or not said); 4-2-4: the card
    # goes to its owner's area all the same (resolve says so when the two differ)
    named: str | None = None


@dataclass(frozen=True, slots=True)
class ModBP:  # 8-8-1-3-5
    sel: Sel
    amount: int
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class SetBP:  # 8-8-1-3-4
    sel: Sel
    value: int
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class SetLevel:  # 8-8-1-3-2
    sel: Sel
    level: int  # HIGHEST: "treat it as its highest level", each card's own (levels are numbered from 1, 2-10)
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class Gain:  # gain a keyword effect
    sel: Sel
    keyword: Keyword
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class Forbid:  # "cannot block" / "cannot attack"
    sel: Sel
    what: str
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class Allow:  # s21 bss: "can block while exhausted": what the card may do that a rule forbids (1-3-1, 7-1-3-1)
    sel: Sel
    what: str
    duration: str | None = None


@dataclass(frozen=True, slots=True)
class Cores:
    n: int | None  # None: all
    src: Place
    dst: Place
    soul: bool = False  # the effect names the soul core
    up_to: bool = False
    regular: bool = False  # "a core that is not a Soul Core": never the soul core (8-5-6 gives no choice then)
    but: int = 0  # s12 bssonce: with n None, "all but <but> cores" (every core of the place but that many)


@dataclass(frozen=True, slots=True)
class TokenSpec:
    name: str
    colors: tuple[str, ...]
    cost: int
    levels: tuple[tuple[int, int, int], ...]  # (lv, cores, bp)
    symbols: tuple[str, ...]
    families: tuple[str, ...] = ()  # s12 bssonce, 2-5: the spirit types the annotation gives ("Carapite•Token")


@dataclass(frozen=True, slots=True)
class SummonToken:
    spec: TokenSpec
    n: int = 1
    from_void: bool = False


@dataclass(frozen=True, slots=True)
class Feast:  # 11-17
    specs: tuple[TokenSpec, ...] = ()
    times: int = 1  # s20 bss2: "Activate Feast twice / three times": that many activations, one after another


@dataclass(frozen=True, slots=True)
class AttackSpirit:  # 10-10: "this spirit attacks 1 target opponent spirit"
    sel: Sel


Directive = (Draw | Discard | Mill | Destroy | Exhaust | Refresh | Return | ModBP | SetBP | SetLevel | Gain
             | Forbid | Cores | SummonToken | Feast | AttackSpirit)
CONTINUOUS = (ModBP, SetBP, SetLevel, Gain, Forbid, Allow)


@dataclass(frozen=True, slots=True)
class Trigger:
    """A timing: `event` with the parameters that must match.

    events: summoned, attacks, blocks, blocked, destroyed, exhausted, refreshed, step_start, turn_end,
    battle_end, life_reduced. `whose`: "self" (this card), "you" (one of your cards / your turn),
    "opponent", "any". `by_opponent`: "when destroyed by the opponent". `step`: for step_start.
    """

    event: str
    whose: str = "self"
    by_opponent: bool = False
    step: str | None = None
    kinds: tuple[str, ...] = ("spirit",)
    by_effect: bool = False  # "destroyed" only: destroyed because of an effect (10-1-2), not by comparing BP or a rule
    sel: Sel | None = None  # "when one of your yellow spirits is destroyed": the cards the event is about
    # 7-1-5-3-1, "life_reduced" only: the damage of a spirit's attack ("self": this card's attack; "any": an attack
    # of a spirit `sel` describes, if given); None: any reduction of that player's life
    attack: str | None = None
    # "destroyed" only: by comparing BP with the other battling spirit (7-1-5-2-1), which this describes (ref "this":
    # this card); the event's cards are the destroyed ones, `sel` describes them
    destroyer: Sel | None = None
    # s13 bss: "When one of your spirits destroys … via comparing BP, you may refresh it": the event's card ("that", "it"
    # first) is the spirit that destroyed (still on the field), not the one destroyed (resolve._trigger_matches)
    that_destroyer: bool = False
    # "magic_used" / "magic_resolved" only (s11 delayed): a magic card used from any area (10-8-1: using is activating
    # any of its effects but a burst), not only from the hand ("When you use a magic card, …")
    any_area: bool = False
    # s17 bss, 7-1-1-1: "attacks" only: "When the first spirit attacks each turn": the first attack declared this turn
    # (state.attacked), not the first time this card sees one (once.py's "The first time … each turn")
    first: bool = False

    def text(self) -> str:
        return ("the first attack this turn: " if self.first else "") + _TRIGGER_TEXT.get((self.event, self.whose), self.event.replace("_", " ")) + (
            " by the opponent" if self.by_opponent else "") + (" by an effect" if self.by_effect else "") + (
            f" ({self.step} step)" if self.step else "") + (
            "" if self.attack is None else " by this spirit's attack" if self.attack == "self" else
            " by an attack" + (f" of {self.sel.text().removeprefix('all ')}" if self.sel else ""))


@dataclass(frozen=True, slots=True)
class Cond:
    """A condition of a constant effect (8-1-4-1) or a duration word: attacking, blocking, battling (attacking or
    blocking, 7-1), your_turn,
    opponent_turn, life_le N, life_ge N (the controller's life), opponent_life_le N, opponent_life_ge N, soul (the
    soul core is on this card), soul_on with `sel` (s20: the controller's soul core on one of their cards fitting `sel`)."""

    kind: str
    n: int = 0
    # s11 bss, 8-5-4: "count_ge" / "count_le" / "opponent_count_ge" / "opponent_count_le": the cards on the field of the
    # controller (or the opponent) fitting `sel`, on printed information, N or more / N or less
    sel: Sel | None = None


@dataclass(frozen=True, slots=True)
class Subst:
    """8-9: "If SEL would be destroyed [by the opponent], [you may] DIRECTIVES instead."."""

    sel: Sel
    by_opponent: bool = False
    effects_only: bool = False  # "by an opposing effect" / "by the opponent's effects": not by a battle


@dataclass(frozen=True, slots=True)
class Effect:
    text: str
    kind: str  # keyword | triggered | activated | magic | burst | substitution | constant
    keyword: Keyword | None = None
    triggers: tuple[Trigger, ...] = ()
    labels: frozenset[str] = frozenset()  # main / flash
    levels: frozenset[int] | None = None  # None: every level
    condition: tuple[Cond, ...] = ()
    optional: bool = False  # "you may"
    cost: tuple = ()  # 8-4: "you may COST to BODY"
    body: tuple = ()
    chain: tuple[str, tuple] | None = None  # 11-15: (color, directives)
    subst: Subst | None = None
    # s12 bssonce: a per-turn limit as printed ("once per turn" / "the first time … each turn"; engine/bss/once.py)
    once: str | None = None

    def is_(self, name: str) -> bool:
        return self.keyword is not None and self.keyword.name == name


_TRIGGER_TEXT = {
    ("summoned", "self"): "when summoned", ("attacks", "self"): "when attacking", ("blocks", "self"): "when blocking",
    ("destroyed", "self"): "when destroyed", ("blocked", "self"): "when this spirit is blocked",
    ("destroyed", "you"): "when one of your spirits is destroyed",
    ("destroyed", "opponent"): "when one of your opponent's spirits is destroyed",
    ("exhausted", "you"): "when one of your spirits becomes exhausted",
    ("exhausted", "opponent"): "when one of your opponent's spirits becomes exhausted",
    ("refreshed", "you"): "when one of your spirits becomes refreshed",
    ("refreshed", "opponent"): "when one of your opponent's spirits becomes refreshed",
    ("attacks", "you"): "when one of your spirits attacks", ("attacks", "opponent"): "when your opponent attacks",
    ("turn_end", "you"): "at the end of your turn", ("turn_end", "opponent"): "at the end of your opponent's turn",
    ("turn_end", "any"): "at the end of the turn", ("battle_end", "any"): "when the battle ends",
    ("battle_end", "self"): "when this spirit's battle ends",
    ("life_reduced", "you"): "when your life is reduced", ("life_reduced", "opponent"): "when your opponent's life is reduced",
}

# ---------------------------------------------------------------------------------------------
# Supported forms, for error messages (the full list with examples is in docs/scenario-language.md)

FORMS = (
    "keywords: " + ", ".join(f"【{k}】" for k in KEYWORDS),
    "timings: when summoned | when attacking | when blocking | when attacking or blocking | when destroyed | "
    "when destroyed by the opponent | when this spirit is blocked | when one of your [opponent's] spirits is "
    "destroyed / attacks / becomes exhausted / becomes refreshed | at the start of your [opponent's] STEP step | "
    "at the end of your [opponent's] turn | when the battle ends | when your life is reduced",
    "activated and magic: main: … | flash: … | main/flash: …; bursts: Burst: CONDITION. …",
    "directives: draw N cards | discard N cards | discard N cards from the top of your opponent's deck | "
    "destroy SPIRITS | exhaust SPIRITS | refresh SPIRITS | return SPIRITS to their owner's hand / to the top "
    "of its owner's deck | SPIRITS get +N BP / -N BP | SPIRITS' BP becomes N | SPIRITS are treated as LVn | "
    "SPIRITS gain 【Keyword】 | SPIRITS cannot block / attack | move N cores from PLACE to PLACE | "
    "summon 1 NAME (Token spirit/Color/0 Cost/LV1①/BP1000/1 Color Symbol) | 【Feast】 | "
    "this spirit attacks 1 target opponent spirit",
    "SPIRITS: this spirit | that spirit | it | N [target] [opponent|your] [COLOR] spirit(s) | up to N … | all … "
    "[with N BP or less/more] [with cost N or less/more] [with 【Keyword】]",
    "durations and conditions: during this turn | during this battle | while attacking | while blocking | "
    "during your [opponent's] turn | while you have N or less life | while this spirit has your soul core",
    "costs and options: you may … | you may COST to EFFECT; substitution: If this spirit would be destroyed, "
    "you may … instead.",
)
HINT = "supported effect text — " + "; ".join(FORMS) + " (see docs/scenario-language.md, Effects)"


def _fail(phrase: str, why: str = "") -> EffectSyntaxError:
    msg = f'the engine cannot execute the effect phrase "{phrase.strip()}"' + (f" ({why})" if why else "")
    return EffectSyntaxError(msg, phrase, HINT)


# ---------------------------------------------------------------------------------------------
# Parsing helpers

_NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
              "eight": 8, "nine": 9, "ten": 10}
_CIRCLED = {c: i for i, c in enumerate("⓪①②③④⑤⑥⑦⑧⑨⑩", start=0)}
_NUM = r"(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)"


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _NUM_WORDS[word]


def _norm(text: str) -> str:
    t = (text.replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'").replace("：", ":")
         .replace("［", "[").replace("］", "]"))
    t = _re.sub(r"\s+", " ", t).strip()
    t = _re.sub(r"\b(?:whenever|each time)\b", "when", t, flags=re.I)
    return t


_KW_RE = _re.compile(r"[【\[]\s*([A-Za-z. ]+?)\s*(?::\s*([^】\]]*?))?\s*[】\]](?:\s*\(([^)]*)\))?")


def parse_keyword_text(text: str) -> Keyword | None:
    """The keyword effect a whole text consists of (【Crush: +1】, [Astral] (during your turn)), if it is one."""
    t = _norm(text).rstrip(".")
    m = _KW_RE.fullmatch(t)
    if not m:
        return None
    canon = _KW_CANON.get(m.group(1).strip().lower())
    if canon is None:
        return None
    timing = (m.group(3) or "").strip() or None
    if timing and canon != "Astral" and is_reminder(canon, timing):  # s18 bss: the rule's own words, read as nothing
        timing = None
    return Keyword(canon, (m.group(2) or "").strip() or None, timing)


# # s18 bss, 11-1-1, 11-2-1: a keyword's reminder text in parentheses after it restates the keyword's rule and is read as
# nothing beside the keyword; any other text in parentheses after a keyword is refused by name (_check_keyword): a
# timing is printed for 【Astral】 only (11-14-2), and a reminder the engine does not know could say something else
_KW_REMINDERS = {
    # 11-1-1: activated where the spirit could use flash effects; one or more cores from the player's other cards onto it
    "Awaken": re.compile(r"(?:when(?:ever)? this spirit (?:is able to|can) use flash effects|during (?:the |your )?flash "
                          r"timing|flash)\s*[,:]?\s*(?:you may )?move (?:any number of|one or more) cores? from (?:your )?"
                          r"other (?:cards|spirits)(?: on your field)? (?:onto|to) (?:it|this spirit)\s*\.?", re.I),
    # 11-2-1: when it attacks, the defending player blocks if a spirit of theirs can
    "Confront": re.compile(r"when this spirit attacks, (?:your )?opponent must block(?: with a spirit)?(?: if (?:able|"
                            r"possible|they can))?\s*\.?", re.I),
}


def is_reminder(name: str, text: str) -> bool:
    """s18 bss: the text in parentheses after 【name】 is that keyword's reminder text (its rule restated)."""
    rx = _KW_REMINDERS.get(name)
    return rx is not None and rx.fullmatch(text.strip()) is not None


def unknown_keyword(text: str) -> str | None:
    """The name in 【…】 when it is not one of chapter 11's keywords."""
    for m in _KW_RE.finditer(_norm(text)):
        name = m.group(1).strip()
        low = name.lower()
        if low not in _KW_CANON and low not in ("main", "flash", "burst", "when summoned", "when attacks",
                                                "when blocks", "when destroyed", "lv1", "lv2", "lv3", "lv4", "lv5"):
            return name
    return None


_OWNER_WORDS = [
    (r"(?:of )?your opponent'?s'?|opponent'?s'?|(?:of )?the opponent'?s'?|enemy|opposing|opponent", "opponent"),
    (r"(?:of )?your|your own|you control", "you"),
]


def parse_sel(s: str) -> Sel:
    """A card description: `1 target opponent spirit`, `all spirits with 3000 BP or less`, `this spirit`."""
    s = s.strip().rstrip(".").strip()
    low = s.lower()
    refs = {"this spirit": "this", "this nexus": "this", "this card": "this", "it": "it", "them": "it",
            "they": "it", "that spirit": "that", "that nexus": "that", "that card": "that",
            "the attacking spirit": "attacker", "the blocking spirit": "blocker", "those spirits": "it",
            "the target": "it", "the targets": "it", "its": "it"}
    if low in refs:
        return Sel(ref=refs[low])
    kw: dict[str, Any] = {}
    rest = _sel_count(low, kw)
    rest = _sel_adjectives(rest, kw)
    rest = _sel_kinds(s, rest, kw)
    _sel_conditions(s, rest, kw)
    return Sel(**kw)


def _sel_count(rest: str, kw: dict[str, Any]) -> str:
    """`up to 2`, `all`, `a`/`target` (one) or nothing (all): the count; the rest of the description."""
    m = _re.match(r"(up to )?" + _NUM + r" (?:of )?", rest)
    if m:
        kw["count"] = _n(m.group(2))
        kw["up_to"] = bool(m.group(1))
        return rest[m.end():]
    m = _re.match(r"(?:all|each|every)(?: of)? ", rest)
    if m:
        kw["count"] = None
        return rest[m.end():]
    if _re.match(r"(?:the )?target ", rest) or _re.match(r"(?:an?|one) ", rest):
        kw["count"] = 1  # "target spirit": one
        return _re.sub(r"^the ", "", rest)
    kw["count"] = None
    return rest


def _sel_adjectives(rest: str, kw: dict[str, Any]) -> str:
    """`target`, the owner, `other`, the state and the colors, in this order, each optional."""
    if rest.startswith("target "):
        kw["target"] = True
        rest = rest[7:]
    for pat, owner in _OWNER_WORDS:
        m = _re.match(rf"(?:{pat}) ", rest)
        if m:
            kw["owner"] = owner
            rest = rest[m.end():]
            break
    if rest.startswith("target "):
        kw["target"] = True
        rest = rest[7:]
    m = _re.match(r"(?:other |another )", rest)
    if m:
        kw["other"] = True
        rest = rest[m.end():]
    m = _re.match(r"(exhausted|refreshed) ", rest)
    if m:
        kw["state"] = m.group(1)
        rest = rest[m.end():]
    colors = []
    while m := _re.match(r"(" + "|".join(COLORS) + r")(?: or |/| and |, | )", rest):
        colors.append(m.group(1))
        rest = rest[m.end():]
    if colors:
        kw["colors"] = tuple(colors)
    return rest


def _sel_kinds(s: str, rest: str, kw: dict[str, Any]) -> str:
    """`[token] spirit(s)`, `nexus(es)`, `spirit or nexus`, `card(s)`, then `you control`/`your opponent controls`."""
    m = _re.match(r"(token )?(spirits? or nexus(?:es)?|spirits?/nexus(?:es)?|spirits?|nexus(?:es)?|cards?)\b", rest)
    if not m:
        raise _fail(s, "expected a description such as `1 target opponent spirit` or `all spirits with 3000 BP "
                       "or less`")
    if m.group(1):
        kw["token"] = True
    k = m.group(2)
    kw["kinds"] = ("spirit", "nexus") if ("nexus" in k and "spirit" in k) or k.startswith("card") else (
        ("nexus",) if k.startswith("nexus") else ("spirit",))
    rest = rest[m.end():].strip()
    if rest.startswith("you control"):
        kw["owner"] = "you"
        rest = rest[len("you control"):].strip()
    elif rest.startswith("your opponent controls"):
        kw["owner"] = "opponent"
        rest = rest[len("your opponent controls"):].strip()
    return rest


def _sel_conditions(s: str, rest: str, kw: dict[str, Any]) -> None:
    """What follows the kind: BP and cost comparisons, `with 【K】`, `other than this spirit`."""
    while rest:
        m = _re.match(r"(?:with |that (?:has|have) )?(\d+) ?bp or (less|more|fewer|lower|higher)\b,?\s*(?:and )?", rest)
        if m:
            kw["bp"] = ("<=" if m.group(2) in ("less", "fewer", "lower") else ">=", int(m.group(1)))
            rest = rest[m.end():]
            continue
        m = _re.match(r"(?:with )?(?:a )?cost (?:of )?(\d+) or (less|more|fewer|lower|higher)\b,?\s*(?:and )?", rest)
        if m:
            kw["cost"] = ("<=" if m.group(2) in ("less", "fewer", "lower") else ">=", int(m.group(1)))
            rest = rest[m.end():]
            continue
        m = _re.match(r"(?:with )?cost (\d+)(?! or)\s*(?:and )?", rest)
        if m:  # an exact cost ("that cost 2")
            kw["cost"] = ("==", int(m.group(1)))
            rest = rest[m.end():]
            continue
        m = _re.match(r"with no effects listed\s*(?:and )?", rest)
        if m:  # 2-9-3
            kw["plain"] = True
            rest = rest[m.end():]
            continue
        m = _re.match(r"at lv ?(\d)(?: or (less|more|lower|higher))?\s*(?:and )?", rest)
        if m:  # 2-10-3: the level the card is at
            kw["level"] = ("==" if not m.group(2) else "<=" if m.group(2) in ("less", "lower") else ">=",
                           int(m.group(1)))
            rest = rest[m.end():]
            continue
        m = _re.match(r"with [【\[]([^】\]]+)[】\]]\s*", rest)
        if m:
            canon = _KW_CANON.get(m.group(1).split(":")[0].strip().lower())
            if canon is None:
                raise _fail(s, f"unknown keyword effect {m.group(1)!r}")
            kw["keyword"] = canon
            rest = rest[m.end():]
            continue
        m = _re.match(r"other than this (?:spirit|card|nexus)\s*", rest)
        if m:
            kw["other"] = True
            rest = rest[m.end():]
            continue
        raise _fail(s, f"cannot read {rest!r} in the card description")


_DURATIONS = [
    (r"(?:during|for the rest of|until the end of|until end of)(?: this| the)? turn|this turn", "turn"),
    (r"(?:during|until the end of|until end of)(?: this| the)? battle|this battle", "battle"),
    # s14 bss: the state's words for "will not refresh during their next refresh step" (norefresh.py)
    (r"during its controller's next refresh step", "next refresh"),
    # s16 bss: "until the end of your opponent's next turn", as the state words it (rules._next_turn)
    (r"until the end of your opponent's next turn", "opponent next turn"),
]


def _split_duration(s: str) -> tuple[str, str | None]:
    for pat, dur in _DURATIONS:
        m = _re.search(rf"(?:,\s*)?\b(?:{pat})\s*$", s, re.I)
        if m:
            return s[:m.start()].strip().rstrip(","), dur
        m = _re.match(rf"^(?:{pat})\s*,?\s*", s, re.I)
        if m:
            return s[m.end():].strip(), dur
    return s, None


_CONDS = [
    (r"while attacking|while this spirit (?:is )?attack(?:s|ing)", lambda m: Cond("attacking")),
    (r"while blocking|while this spirit (?:is )?block(?:s|ing)", lambda m: Cond("blocking")),
    (r"during your turn|while it is your turn", lambda m: Cond("your_turn")),
    (r"during (?:your )?opponent'?s'? turn|during the opponent'?s'? turn", lambda m: Cond("opponent_turn")),
    (r"while (?:you have|your life is) (\d+)(?: life)? or (less|fewer|more)(?: life)?",
     lambda m: Cond("life_le" if m.group(2) != "more" else "life_ge", int(m.group(1)))),
    (r"while (?:this (?:spirit|nexus|card) has (?:your|the|a) soul core(?: on it)?|"
     r"(?:your|the) soul core is on this (?:spirit|nexus|card))", lambda m: Cond("soul")),
]


def _split_conditions(s: str) -> tuple[str, tuple[Cond, ...]]:
    conds: list[Cond] = []
    changed = True
    while changed:
        changed = False
        for pat, mk in _CONDS:
            m = _re.match(rf"^(?:{pat})\s*,\s*", s, re.I)
            if m:
                conds.append(mk(_re.match(pat, m.group(0), re.I)))
                s = s[m.end():]
                changed = True
                continue
            m = _re.search(rf"(?:,\s*)?\b(?:{pat})\s*$", s, re.I)
            if m:
                conds.append(mk(_re.search(pat, m.group(0), re.I)))
                s = s[:m.start()].strip().rstrip(",")
                changed = True
    return s.strip(), tuple(conds)


_PLACE_RE = (r"(the void|(?:your |your opponent'?s'? |the opponent'?s'? |their |its owner'?s'? |the )?"
             r"(?:reserve|life|trash)|[^,]+?)")


def _place(s: str) -> Place:
    low = s.strip().lower()
    if low == "the void" or low == "void":
        return Place("void")
    m = _re.fullmatch(r"(your |your opponent'?s'? |the opponent'?s'? |their |its owner'?s'? |its controller'?s'? |the )?"
                     r"(reserve|life|trash)", low)
    if m:
        w = (m.group(1) or "your ").strip()
        who = ("opponent" if "opponent" in w else "owner" if w in ("their", "its owner's", "its owners",
                                                                   "its owner'", "its controller's", "the") else "you")
        return Place(m.group(2), who)
    return Place("card", sel=parse_sel(s))


def _token_spec(name: str, annot: str) -> TokenSpec:
    parts = [p.strip() for p in _re.split(r"/|,", annot) if p.strip()]
    colors: list[str] = []
    cost = 0
    levels: list[list[int]] = []
    symbols: list[str] = []
    families: list[str] = []
    # 4-12-1, 4-12-2: the annotation gives the card type first; the engine summons token spirits only (s12 bssonce:
    # "(spirit/…)" or "(Token/…)" no longer pass for it)
    if not parts or parts[0].lower() != "token spirit":
        raise _fail(annot, "a token's description starts with its card type, Token spirit (4-12-2)")
    for p in parts[1:]:
        low = p.lower()
        if low in COLORS:
            colors.append(low)
            continue
        m = _re.fullmatch(r"(\d+) ?cost|cost (\d+)", low)
        if m:
            cost = int(m.group(1) or m.group(2))
            continue
        m = _re.fullmatch(r"lv ?(\d+) ?(?:([⓪①②③④⑤⑥⑦⑧⑨⑩])|(\d+) cores?)(?: ?(\d+) ?bp| ?bp ?(\d+))?", low)
        if m:
            cores = _CIRCLED[m.group(2)] if m.group(2) else int(m.group(3))
            bp = m.group(4) or m.group(5)
            levels.append([int(m.group(1)), cores, int(bp) if bp else -1])
            continue
        m = _re.fullmatch(r"bp ?(\d+)|(\d+) ?bp", low)
        if m and levels and levels[-1][2] < 0:
            levels[-1][2] = int(m.group(1) or m.group(2))
            continue
        m = _re.fullmatch(r"(\d+) ((?:" + "|".join(COLORS) + r")(?:/(?:" + "|".join(COLORS) + r"))?) symbols?", low)
        if m:
            symbols += [m.group(2)] * int(m.group(1))
            continue
        if _re.fullmatch(r"[\w•·\- ]+", p) and not any(ch.isdigit() for ch in p):
            # a spirit type (2-5), "Carapite•Token": s12 bssonce keeps each (a description of spirit types reads them)
            families += [f.strip() for f in _re.split(r"[•·]", p) if f.strip()]
            continue
        raise _fail(annot, f"cannot read {p!r} in the token's description")
    if not levels or any(lv[2] < 0 for lv in levels):
        raise _fail(annot, "a token needs its levels and BP, e.g. LV1①/BP1000")
    return TokenSpec(name, tuple(colors), cost, tuple((a, b, c) for a, b, c in levels), tuple(symbols),
                     tuple(families))


_DIRECTIVES: list[tuple[str, Callable[..., Any]]] = []


def _directive(pattern: str):
    def deco(fn):
        _DIRECTIVES.append((pattern, fn))
        return fn
    return deco


@cache
def _compiled_directives() -> tuple[tuple[re.Pattern[str], Callable[..., Any]], ...]:
    """Compiled on first use: a scenario without card effects (and `judge rule`) never pays for it."""
    return tuple((_re.compile(p, re.I), fn) for p, fn in _DIRECTIVES)


_WHO = r"(you |your opponent |the opponent |each player |)"


def _who(w: str) -> str:
    w = w.strip().lower()
    return "opponent" if "opponent" in w else "each" if w == "each player" else "you"


@_directive(_WHO + r"draws? " + _NUM + r" cards?")
def _d_draw(m, dur):
    return Draw(_n(m.group(2).lower()), _who(m.group(1)))


@_directive(r"(?:you |your opponent |the opponent )?discards? " + _NUM +
            r" cards? from the top of (your|your opponent'?s'?|the opponent'?s'?|their) deck")
def _d_mill(m, dur):
    return Mill(_n(m.group(1).lower()), "opponent" if "opponent" in m.group(2).lower() or m.group(2).lower() == "their"
                else "you")


@_directive(r"put the top " + _NUM + r" cards? of (your|your opponent'?s'?|the opponent'?s'?) deck into (?:the|its owner'?s'?|their|your) trash")
def _d_mill2(m, dur):
    return Mill(_n(m.group(1).lower()), "opponent" if "opponent" in m.group(2).lower() else "you")


@_directive(_WHO + r"discards? " + _NUM + r" cards?(?: from (?:your|their) hand)?")
def _d_discard(m, dur):
    return Discard(_n(m.group(2).lower()), _who(m.group(1)))


@_directive(r"(?:you )?gains? " + _NUM + r" life")
def _d_life(m, dur):
    return Cores(_n(m.group(1).lower()), Place("void"), Place("life", "you"))


@_directive(r"(?:reduce your opponent'?s'? life by " + _NUM + r"|your opponent loses " + _NUM + r" life|"
            r"your opponent'?s'? life is reduced by " + _NUM + r")")
def _d_life_loss(m, dur):
    n = next(g for g in m.groups() if g)
    return Cores(_n(n.lower()), Place("life", "opponent"), Place("reserve", "opponent"))


@_directive(r"(?:your opponent )?discards? the top " + _NUM + r" cards? of (your|your opponent'?s'?|the opponent'?s'?|their) deck")
def _d_mill3(m, dur):
    return Mill(_n(m.group(1).lower()), "opponent" if "opponent" in m.group(2).lower() or m.group(2).lower() == "their"
                else "you")


@_directive(r"(.+?) (?:cannot|can't|can not) be blocked")
def _d_unblockable(m, dur):
    return Forbid(parse_sel(m.group(1)), "be blocked", dur)


BLOCKED_BY = "be blocked by "
# s17 bss, 7-1-1-1: Sel refs "the first spirit that attacks each turn" (from the state's attacks of this turn) and the same
# "during that battle" (only during the battle of that first attack; view.first_attacker)
FIRST_ATTACKER = ("first_attacker", "first_attacker_battle")


def blocked_by(blockers: Sel) -> str:
    """The restriction "cannot be blocked by <spirits>" (8-8-1-2) as the state words it: the blockers' description
    in the words `parse_sel` reads back (`blockers_of`), relative to the effect's controller."""
    return BLOCKED_BY + blockers.text().removeprefix("all ")


@cache
def blockers_of(what: str) -> Sel:
    """The spirits a "be blocked by …" restriction names (the inverse of `blocked_by`)."""
    return parse_sel(what.removeprefix(BLOCKED_BY))


@_directive(r"(.+?) (?:cannot|can't|can not) be blocked by (.+)")
def _d_unblockable_by(m, dur):
    return Forbid(parse_sel(m.group(1)), blocked_by(parse_sel(m.group(2))), dur)


@_directive(r"destroy (.+)")
def _d_destroy(m, dur):
    return Destroy(parse_sel(m.group(1)))


@_directive(r"exhaust (.+)")
def _d_exhaust(m, dur):
    return Exhaust(parse_sel(m.group(1)))


@_directive(r"refresh (.+)")
def _d_refresh(m, dur):
    return Refresh(parse_sel(m.group(1)))


@_directive(r"return (.+?) to (?:its |their |the |your )?(?:owner'?s'? |owners' )?(hand|hands|deck bottom|deck top|"
            r"(?:the )?top of (?:its|their|your|the) (?:owner'?s'? )?deck|(?:the )?bottom of (?:its|their|your|the) "
            r"(?:owner'?s'? )?deck)")
def _d_return(m, dur):
    to = m.group(2).lower()
    dest = "deck top" if "top" in to else "deck bottom" if "bottom" in to else "hand"
    # whose area the text names, as the grammar reads it (4-2-4: the card goes to its owner's all the same)
    named = "you" if re.search(r"\byour\b", m.string[m.end(1):m.end()], re.I) else None
    return Return(parse_sel(m.group(1)), dest, named)


@_directive(r"(?:return )?(.+?) (?:to|into) (?:its|their) owner'?s'? hand")
def _d_return2(m, dur):
    return Return(parse_sel(m.group(1)), "hand")


@_directive(r"(.+?) (?:gets?|gains?|get) ([+-]\d+) ?bp")
def _d_mod(m, dur):
    return ModBP(parse_sel(m.group(1)), int(m.group(2)), dur)


@_directive(r"(.+?) (gains?|loses?) (\d+) ?bp")
def _d_mod2(m, dur):
    sign = -1 if m.group(2).lower().startswith("lose") else 1
    return ModBP(parse_sel(m.group(1)), sign * int(m.group(3)), dur)


@_directive(r"(?:give )?([+-]\d+) ?bp to (.+)")
def _d_mod3(m, dur):
    return ModBP(parse_sel(m.group(2)), int(m.group(1)), dur)


@_directive(r"(.+?)(?:'s?|') bp (?:becomes|is set to|is) (\d+)(?: ?bp)?")
def _d_set(m, dur):
    return SetBP(parse_sel(m.group(1)), int(m.group(2)), dur)


@_directive(r"its bp (?:becomes|is set to|is) (\d+)(?: ?bp)?")
def _d_set_its(m, dur):
    return SetBP(Sel(ref="it"), int(m.group(1)), dur)


@_directive(r"set the bp of (.+?) to (\d+)(?: ?bp)?")
def _d_set2(m, dur):
    return SetBP(parse_sel(m.group(1)), int(m.group(2)), dur)


HIGHEST = 0  # SetLevel.level: "as its / their highest level" (2-10-3: the highest level the card has)


@_directive(r"(.+?) (?:is|are) treated as (?:its|their) highest level")
def _d_level_highest(m, dur):
    return SetLevel(parse_sel(m.group(1)), HIGHEST, dur)


@_directive(r"(.+?) (?:is|are) treated as (?:lv|level) ?(\d+)")
def _d_level(m, dur):
    return SetLevel(parse_sel(m.group(1)), int(m.group(2)), dur)


@_directive(r"(.+?) (?:becomes?|become) (?:lv|level) ?(\d+)")
def _d_level2(m, dur):
    return SetLevel(parse_sel(m.group(1)), int(m.group(2)), dur)


@_directive(r"(.+?) (?:gains?|gain|gets?) ([【\[][^】\]]+[】\]](?:\s*\([^)]*\))?)")
def _d_gain(m, dur):
    kw = parse_keyword_text(m.group(2))
    if kw is None:
        raise _fail(m.group(2), "unknown keyword effect")
    return Gain(parse_sel(m.group(1)), kw, dur)


@_directive(r"(.+?) (?:cannot|can't|can not) (block|attack)")
def _d_forbid(m, dur):
    return Forbid(parse_sel(m.group(1)), m.group(2).lower(), dur)


# The restrictions as the state writes them back (`A active: "cannot be affected by opposing effects …"`):
# the printed wordings ("is not affected by …") are read by the grammar (cardtext.py, immunity.py).
@_directive(r"(.+?) (?:cannot|can't|can not) (be affected by opposing (?:(?:spirit|nexus|magic)(?:/(?:spirit|nexus|magic))* )?"
            r"effects|be destroyed(?: by (?:opposing )?effects)?)")
def _d_restriction(m, dur):
    return Forbid(parse_sel(m.group(1)), m.group(2).lower(), dur)


# s13 bssmech: "cannot attack unless they pay N cores" as the state writes it back (`A active: "cannot attack unless pay 1
# during this turn"`; rules._pay_to_attack)
@_directive(r"(.+?) (?:cannot|can't|can not) (attack unless pay \d+)")
def _d_unless_pay(m, dur):
    return Forbid(parse_sel(m.group(1)), m.group(2).lower(), dur)


# s21 bss: "can block while exhausted" as the state writes it back (`A active: "can block while exhausted during this turn"`)
@_directive(r"(.+?) can (block while exhausted)")
def _d_allow(m, dur):
    return Allow(parse_sel(m.group(1)), m.group(2).lower(), dur)


# s14 bss: "cannot refresh during its controller's next refresh step" as the state writes it back (norefresh.py); no other
# duration is one an effect gives it
@_directive(r"(.+?) (?:cannot|can't|can not) (refresh)")
def _d_no_refresh(m, dur):
    if dur != "next refresh":
        raise _fail(m.group(0), "only \"cannot refresh during its controller's next refresh step\"")
    return Forbid(parse_sel(m.group(1)), "refresh", dur)


# s8-bssreala: the state's words for restrictions on the life an attack reduces (lifeguard.py) and on the opponent's
# effects selecting a card or removing its cores (selguard.py), written back on `A active:` lines
@_directive(r"(.+?) (?:cannot|can't|can not) (reduce (?:your )?life(?: to 0| by more than 1)? by its attacks(?: while it "
            r"has \d+ or (?:fewer|more) BP)?|(?:be selected|have cores removed) by opposing "
            r"(?:(?:spirit|nexus|magic)(?:/(?:spirit|nexus|magic))* )?effects)")
def _d_guard(m, dur):
    return Forbid(parse_sel(m.group(1)), m.group(2).lower().replace(" bp", " BP"), dur)


@_directive(r"(?:move|put|place|send|return|add) (up to )?(all|" + _NUM[1:-1] + r") ?(?:of the )?(soul )?cores? "
            r"(?:on it |on them )?from " + _PLACE_RE + r" (?:to|into|onto|on|in) " + _PLACE_RE)
def _d_cores(m, dur):
    n = None if m.group(2).lower() == "all" else _n(m.group(2).lower())
    return Cores(n, _place(m.group(4)), _place(m.group(5)), soul=bool(m.group(3)), up_to=bool(m.group(1)))


@_directive(r"(?:move|put|place|send) (?:your |the |a |their )?soul core from " + _PLACE_RE + r" (?:to|into|onto|on|in) " + _PLACE_RE)
def _d_soul(m, dur):
    return Cores(1, _place(m.group(1)), _place(m.group(2)), soul=True)


@_directive(r"(?:move|put|place|send) (?:all )?(?:the )?cores (?:on|from) (.+?) (?:to|into) " + _PLACE_RE)
def _d_cores_all(m, dur):
    return Cores(None, Place("card", sel=parse_sel(m.group(1))), _place(m.group(2)))


@_directive(r"summon " + _NUM + r" \"?([^\"(]+?)\"? ?\(([^)]*)\)(?:,? (?:placing|with) (?:its|the) cores? from the void)?")
def _d_token(m, dur):
    name = m.group(2).strip()
    name = name.removesuffix("s") if name.endswith("Tokens") else name  # s15 bss: "two Sprout Tokens" are "Sprout Token"s
    return SummonToken(_token_spec(name, m.group(3)), _n(m.group(1).lower()),
                       from_void="void" in m.group(0).lower())


@_directive(r"[【\[]feast[】\]](?:\s*\((.*)\))?")
def _d_feast(m, dur):
    specs = ()
    if m.group(1):
        specs = tuple(_token_spec(n.strip().strip('"'), a) for n, a in _re.findall(r"([^;:()]+?)\s*:\s*([^;]+)", m.group(1)))
    sizes = {x.name.split()[0].lower() for x in specs}
    if not {"small", "medium", "large"} <= sizes:
        raise _fail(m.group(0), "【Feast】 needs its three tokens: 【Feast】 (Small Supsprite Token: Token spirit/Green/"
                                "0 Cost/LV1①/BP1000/1 Green Symbol; Medium Supsprite Token: …; Large Supsprite Token: …)")
    return Feast(specs)


@_directive(r"this spirit attacks (.+)")
def _d_attack_spirit(m, dur):
    return AttackSpirit(parse_sel(m.group(1)))


@_directive(r"(.+?) blocks? this spirit")
def _d_attack_spirit2(m, dur):
    return AttackSpirit(parse_sel(m.group(1)))


def parse_directive(s: str, duration: str | None = None):
    s = s.strip().rstrip(".").strip()
    s, dur = _split_duration(s)
    dur = dur or duration
    for rx, fn in _compiled_directives():
        m = rx.fullmatch(s)
        if m:
            d = fn(m, dur)
            if dur and not isinstance(d, CONTINUOUS):
                raise _fail(s, "a duration applies only to BP, level, keyword and cannot-block/attack directives")
            return d
    raise _fail(s)


def _sentences(body: str) -> list[str]:
    """Split on sentence ends, ";" and "then", outside parentheses and brackets."""
    masked, depth, saved = [], 0, []
    for ch in body:
        if ch in "(【[":
            depth += 1
        if depth:
            saved.append(ch)
            masked.append("\x00")
        else:
            masked.append(ch)
        if ch in ")】]":
            depth = max(0, depth - 1)
    text = "".join(masked)
    parts = []
    for sent in _re.split(r"\.(?:\s+|$)|;\s*", text):
        for p in _re.split(r"(?:,\s*|\s+)(?:and )?then,?\s+", sent, flags=re.I):
            p = _re.sub(r"^\s*(?:and )?then,?\s+", "", p, flags=re.I)
            if p.strip():
                parts.append(p)
    out = []
    it = iter(saved)
    for p in parts:
        out.append("".join(next(it) if ch == "\x00" else ch for ch in p).strip())
    return out


def parse_body(body: str) -> tuple[bool, tuple, tuple, tuple[str, tuple] | None, tuple[Cond, ...]]:
    """(optional, cost, directives, chain, conditions) of an effect's directive text."""
    chain = None
    m = _re.search(r"[【\[]\s*chain\s*:\s*([a-z/ ]+?)\s*[】\]]\s*(.*)$", body, re.I | re.S)
    if m:
        color = m.group(1).strip().lower()
        if color not in COLORS:
            raise _fail(m.group(0), "【Chain: COLOR】 names one of " + ", ".join(COLORS))
        chain = (color, tuple(parse_directive(s) for s in _sentences(m.group(2))))
        body = body[:m.start()].strip()
    body, duration = _split_duration(body.rstrip(". "))
    optional = False
    cost: tuple = ()
    directives: list = []
    for k, s in enumerate(_sentences(body)):
        low = s.lower()
        if k == 0 and _re.match(r"(?:you may|may) ", low):
            optional = True
            s = _re.sub(r"^(?:you may|may) ", "", s, flags=re.I)
            try:
                directives.append(parse_directive(s, duration))
                continue
            except EffectSyntaxError as first:
                # 8-4-1: "you may COST to EFFECT" - try each " to " as the split
                for m in _re.finditer(r" (?:in order )?to ", s):
                    try:
                        c = tuple(parse_directive(x) for x in _re.split(r",? and ", s[:m.start()]))
                        d = parse_directive(s[m.end():], duration)
                    except EffectSyntaxError:
                        continue
                    cost = c
                    directives.append(d)
                    break
                else:
                    raise first from None
                continue
        if _re.match(r"(?:your opponent )?may ", low):
            raise _fail(s, "only the effect's controller's \"you may\" is supported")
        directives.append(parse_directive(s, duration))
    return optional, cost, tuple(directives), chain, ()


_TIMINGS: list[tuple[str, Callable[..., tuple[Trigger, ...]]]] = [
    (r"when (?:this spirit is |this nexus is )?summoned(?: or placed)?|when (?:this nexus is )?placed|"
     r"when (?:this spirit|this card) (?:is|gets) summoned", lambda m: (Trigger("summoned", kinds=("spirit", "nexus")),)),
    (r"when attacking or blocking|when this spirit attacks or blocks|when attacks?/blocks?|when (?:this spirit )?attacks or blocks",
     lambda m: (Trigger("attacks"), Trigger("blocks"))),
    (r"when attacking|when this spirit attacks|when attacks", lambda m: (Trigger("attacks"),)),
    (r"when blocking|when this spirit blocks|when blocks", lambda m: (Trigger("blocks"),)),
    (r"when this spirit is blocked|when blocked", lambda m: (Trigger("blocked"),)),
    (r"when (?:this spirit is |this nexus is |this card is )?destroyed by (?:the |your |an )?opponent(?:'?s'? effects?)?",
     lambda m: (Trigger("destroyed", by_opponent=True, kinds=("spirit", "nexus")),)),
    (r"when (?:this spirit is |this nexus is |this card is )?destroyed", lambda m: (Trigger("destroyed", kinds=("spirit", "nexus")),)),
    (r"when (?:one of your (opponent'?s'? )?(spirits|nexuses)|(?:a|an) (opponent'?s'? )?(spirit|nexus)"
     r"(?: you control| your opponent controls)?|your (opponent'?s'? )?(spirit|nexus)) is destroyed( by (?:the |your )?opponent)?",
     lambda m: (Trigger("destroyed", "opponent" if (m.group(1) or m.group(3) or m.group(5) or "controls" in m.group(0))
                        else "you", by_opponent=bool(m.group(7)),
                        kinds=("nexus",) if "nexus" in (m.group(2) or m.group(4) or m.group(6) or "") else ("spirit",)),)),
    (r"when (?:your )?opponent destroys (?:one of )?your spirits?",
     lambda m: (Trigger("destroyed", "you", by_opponent=True),)),
    (r"when one of your (opponent'?s'? )?spirits (?:becomes|is|gets) exhausted",
     lambda m: (Trigger("exhausted", "opponent" if m.group(1) else "you"),)),
    (r"when one of your (opponent'?s'? )?spirits (?:becomes|is|gets) refreshed",
     lambda m: (Trigger("refreshed", "opponent" if m.group(1) else "you"),)),
    (r"when one of your spirits attacks|when your spirit attacks", lambda m: (Trigger("attacks", "you"),)),
    (r"when (?:your opponent'?s'? spirit attacks|your opponent attacks|one of your opponent'?s'? spirits attacks|"
     r"you are attacked|attacked|after your opponent'?s'? attack)", lambda m: (Trigger("attacks", "opponent"),)),
    (r"when one of your spirits is summoned|when you summon a spirit", lambda m: (Trigger("summoned", "you"),)),
    (r"when your opponent summons a spirit|when one of your opponent'?s'? spirits is summoned",
     lambda m: (Trigger("summoned", "opponent"),)),
    (r"at the start of (?:your turn|your start step)", lambda m: (Trigger("step_start", "you", step="start"),)),
    (r"at the start of your opponent'?s'? turn", lambda m: (Trigger("step_start", "opponent", step="start"),)),
    (r"at the start of (your |your opponent'?s'? |each |the |each player'?s'? )?(" + "|".join(STEPS) + r") step",
     lambda m: (Trigger("step_start", "opponent" if "opponent" in (m.group(1) or "") else
                        "you" if (m.group(1) or "").strip() == "your" else "any", step=m.group(2).lower()),)),
    (r"at the end of (?:your|your own) turn|at the end of turn|at your turn'?s end", lambda m: (Trigger("turn_end", "you"),)),
    (r"at the end of (?:your )?opponent'?s'? turn", lambda m: (Trigger("turn_end", "opponent"),)),
    (r"at the end of (?:the|each|every) turn|at the end of each player'?s'? turn", lambda m: (Trigger("turn_end", "any"),)),
    (r"when this spirit'?s'? battle ends|at the end of this spirit'?s'? battle", lambda m: (Trigger("battle_end", "self"),)),
    (r"when the battle ends|at the end of (?:the|this) battle|when a battle ends|at the end of battle",
     lambda m: (Trigger("battle_end", "any"),)),
    (r"when (?:your life is reduced|your life decreases|you take damage)|after your life is reduced",
     lambda m: (Trigger("life_reduced", "you"),)),
    (r"when your opponent'?s'? life is reduced", lambda m: (Trigger("life_reduced", "opponent"),)),
]


def _timing(text: str) -> tuple[tuple[Trigger, ...], str] | None:
    """A leading timing (`When destroyed: …`, `[When Summoned] …`) -> (triggers, rest)."""
    t = text
    bracket = _re.match(r"^[【\[]\s*([^】\]]+?)\s*[】\]]\s*:?\s*", t)
    if bracket and bracket.group(1).lower().startswith(("when", "at ")):
        head, rest = bracket.group(1), t[bracket.end():]
        for pat, mk in _TIMINGS:
            m = _re.fullmatch(pat, head, re.I)
            if m:
                return mk(m), rest
        return None
    for pat, mk in _TIMINGS:
        m = _re.match(rf"^(?:{pat})\s*(?::|,)\s*", t, re.I)
        if m:
            mm = _re.match(pat, t, re.I)
            trig = mk(mm)
            rest = t[m.end():]
            # "When X: … / When Y: …" (two timings sharing one body) are written with a slash.
            return trig, rest
    # a timing written after the directives: "Draw a card when one of your spirits is destroyed."
    for pat, mk in _TIMINGS:
        m = _re.search(rf",?\s+(?:{pat})\s*\.?$", t, re.I)
        if m and m.start() > 0:
            mm = _re.search(pat, m.group(0), re.I)
            return mk(mm), t[:m.start()]
    return None


# `LV2:`, `[LV2][LV3]`, `LV2, LV3:`, `LV2/LV3`, and ranges `LV2-3:` / `LV2-LV3:` (after a dash the LV may go).
_LEVEL_PREFIX = _re.compile(r"^\s*(?:\[?\s*LV\s*(\d)\s*\]?(?:\s*(?:[-–]\s*\[?\s*(?:LV?\s*)?|(?:[/,&]|and)?\s*\[?\s*LV?\s*)"
                           r"(\d)\s*\]?)*)\s*[:]?\s*", re.I)


def _levels(t: str) -> tuple[frozenset[int] | None, str]:
    m = _LEVEL_PREFIX.match(t)
    if not m or not _re.match(r"^\s*\[?\s*LV\s*\d", t, re.I):
        return None, t
    nums = [int(x) for x in _re.findall(r"\d", m.group(0))]
    if _re.search(r"[-–]", m.group(0)) and len(nums) == 2:
        nums = list(range(nums[0], nums[1] + 1))
    return frozenset(nums), t[m.end():]


def _nodes_of(x: object) -> Iterator[object]:
    """`x` and every AST value inside it (tuples, the fields of the frozen dataclasses; a selection is a leaf)."""
    yield x
    if isinstance(x, tuple):
        for y in x:
            yield from _nodes_of(y)
    elif not isinstance(x, (str, Sel)):
        for f in getattr(x, "__slots__", ()):
            yield from _nodes_of(getattr(x, f, None))


ATTACKER_MISSING = ('"attack <spirits>" in an effect that does not resolve while this spirit attacks (10-10-1 instructs '
                    'the attacking spirit, the effect\'s own; only "When This Spirit Attacks" and [Flash] effects have one)')


def attacker_missing(effects: tuple[Effect, ...]) -> bool:
    """s10-fix: "attack <spirits>" (10-10-1) makes the effect's own spirit, attacking, attack them
    (resolve.attack_spirit). An effect that resolves while it may attack ("When This Spirit Attacks", a [Flash]
    effect) reads it; any other ([Main]: the main step, when no spirit attacks) would execute as nothing."""
    for e in effects:
        if any(t.event == "attacks" and t.whose == "self" for t in e.triggers) or "flash" in e.labels:
            continue
        if any(isinstance(n, AttackSpirit) for n in _nodes_of(e.body + e.cost)):
            return True
    return False


@lru_cache(maxsize=4096)
def parse_effects(text: str) -> tuple[Effect, ...]:
    """One card effect text -> its effects; EffectSyntaxError when a phrase cannot be executed."""
    effects = _parse_effects(text)
    if attacker_missing(effects):
        raise _fail(text, ATTACKER_MISSING)
    out = tuple(trigger_it(e) for e in effects)  # s12 bssonce: a triggered effect's first "it" is the event's card
    if any(e is None for e in out):
        raise _fail(text, '"it" first in a triggered effect whose event names no card (or two)')
    return cast(tuple[Effect, ...], out)


def _parse_effects(text: str) -> tuple[Effect, ...]:
    raw = text
    t = _norm(text)
    if not t:
        raise _fail(raw, "empty effect text")
    levels, t = _levels(t)

    def mk(**kw) -> Effect:
        return Effect(text=raw, levels=levels, **kw)

    # Keyword effects: the whole text is one or more 【Keyword】s.
    kws, rest = _leading_keywords(t.rstrip("."))
    if kws and not rest:
        for kw in kws:
            _check_keyword(kw, raw)
        return tuple(mk(kind="keyword", keyword=kw) for kw in kws)
    unknown = unknown_keyword(t)
    if unknown is not None and not _re.match(r"^[【\[]\s*(when|at )", t, re.I):
        raise EffectSyntaxError(f'unknown keyword effect "{unknown}"', t, "keyword effects: " + ", ".join(KEYWORDS))
    # Bursts (10-9).
    m = (_re.match(r"^[【\[]\s*burst\s*[:：]\s*(.+?)\s*[】\]]\s*:?\s*(.+)$", t, re.I)
         or _re.match(r"^[【\[]?\s*burst\s*[】\]]?\s*:?\s*[(【\[]?\s*(.+?)\s*[)】\]]?\s*[.:]\s+(.+)$", t, re.I))
    if m:
        trig = _timing(m.group(1) + ":")
        if trig is None:
            raise _fail(m.group(1), "unknown burst condition; e.g. `Burst: when your life is reduced. …`")
        triggers = trig[0]
        optional, cost, body, chain, _ = parse_body(m.group(2))
        return (mk(kind="burst", triggers=tuple(triggers), optional=optional,
                   cost=cost, body=body, chain=chain),)
    # Activated effects and magic: main / flash labels.
    m = _re.match(r"^((?:[【\[]?\s*(?:main|flash)\s*[】\]]?\s*(?:/|and|&|,)?\s*)+)\s*:?\s*(.+)$", t, re.I)
    if m and _re.match(r"^[【\[]?\s*(main|flash)\b", t, re.I):
        labels = frozenset(x.lower() for x in _re.findall(r"main|flash", m.group(1), re.I))
        optional, cost, body, chain, _ = parse_body(m.group(2))
        return (mk(kind="activated", labels=labels, optional=optional, cost=cost, body=body, chain=chain),)
    # Substitution effects (8-9).
    m = _re.match(r"^(?:if|when|whenever) (.+?) would be destroyed( by (?:the |your |an )?(?:opponent(?:'?s'? effects?)?|"
                 r"opposing effects?))?,\s*(.+?)\s+instead\.?$", t, re.I)
    if m:
        optional, cost, body, chain, _ = parse_body(m.group(3))
        by = (m.group(2) or "").lower()
        return (mk(kind="substitution", subst=Subst(parse_sel(m.group(1)), bool(by), "effect" in by),
                   optional=optional, cost=cost, body=body),)
    # Triggered effects.
    trig = _timing(t)
    if trig is not None:
        triggers, rest = trig
        optional, cost, body, chain, _ = parse_body(rest)
        if not body:
            raise _fail(t, "a timing needs directives after it")
        return (mk(kind="triggered", triggers=triggers, optional=optional, cost=cost, body=body, chain=chain),)
    # Constant effects, with conditions.
    conds, directives = _constant(t)
    return (mk(kind="constant", condition=conds, body=directives),)


def _leading_keywords(rest: str) -> tuple[list[Keyword], str]:
    """The 【Keyword】s the text starts with (【Feast】 is a directive, not one of them), and what follows."""
    kws = []
    while rest:
        m = _KW_RE.match(rest)
        if not m:
            break
        kw = parse_keyword_text(m.group(0))
        if kw is None or kw.name == "Feast":
            break
        kws.append(kw)
        rest = rest[m.end():].strip().lstrip(",").strip()
    return kws, rest


def _constant(t: str) -> tuple[tuple[Cond, ...], tuple[Any, ...]]:
    """A constant effect: (its conditions, its continuous directives)."""
    phrase, conds = _split_conditions(t.rstrip("."))
    if _re.match(r"^(?:you may|may) ", phrase, re.I):
        raise _fail(t, "a constant effect cannot be optional; did you mean a timing such as `When summoned: …`?")
    directives = tuple(parse_directive(s) for s in _sentences(phrase))
    for d in directives:
        if not isinstance(d, CONTINUOUS):
            raise _fail(t, "an effect without a timing must be continuous (BP, level, keyword, cannot block/attack); "
                           "give it a timing such as `When summoned:` or `main:`")
        if d.duration is not None:
            raise _fail(t, "a constant effect has no duration; use a condition such as `while attacking`")
    return conds, directives


def _check_keyword(kw: Keyword, raw: str) -> None:
    needs_arg = {"Crush": False, "Gale": True, "Raid": True, "Armor": True, "Immortal": True, "Link": True,
                 "Ascend": True, "Chain": True}
    if needs_arg.get(kw.name) and not kw.arg:
        raise EffectSyntaxError(f"【{kw.name}】 needs its condition or number, e.g. " + {
            "Gale": "【Gale: 2】", "Raid": "【Raid: 1】", "Armor": "【Armor: red】", "Immortal": "【Immortal: purple spirit】",
            "Link": "【Link: cost 4 or more】", "Ascend": "【Ascend: red spirit】", "Chain": "【Chain: red】 draw 1 card"}[kw.name],
            raw, HINT)
    if kw.name in ("Gale", "Raid") and not _re.fullmatch(r"\d+", kw.arg or ""):
        raise EffectSyntaxError(f"【{kw.name}: N】 needs a whole number", raw, HINT)
    if kw.name == "Crush" and kw.arg and not _re.fullmatch(r"[+-]?\d+", kw.arg):
        raise EffectSyntaxError("【Crush: +N】 needs a whole number modifier", raw, HINT)
    if kw.name == "Armor":
        cols = [c.strip().lower() for c in _re.split(r"[,/ ]+", kw.arg or "") if c.strip() and c.strip().lower() != "and"]
        bad = [c for c in cols if c not in COLORS]
        if bad:
            raise EffectSyntaxError(f"【Armor】 lists colors; unknown {bad[0]!r}", raw, HINT)
    if kw.name in ("Immortal", "Link", "Ascend"):
        condition_sel(kw.arg)
    if kw.timing and kw.name not in ("Astral", "Feast"):  # s18 bss: a reminder read above; anything else is not dropped
        raise EffectSyntaxError(f'text in parentheses after 【{kw.name}】 ("{kw.timing}") other than a timing of 【Astral】 '
                                f"(11-14-2) and the reminder text of 【Awaken】 or 【Confront】", raw, HINT)
    if kw.name == "Astral" and kw.timing and astral_timing(kw.timing) is None:
        raise EffectSyntaxError("【Astral】 timings: during your turn, during your opponent's turn", raw, HINT)
    if kw.name == "Chain":
        raise EffectSyntaxError("【Chain: COLOR】 follows another effect's directives, e.g. "
                                "\"When summoned: draw 1 card. 【Chain: red】 destroy 1 opponent spirit\"", raw, HINT)


def astral_timing(t: str | None) -> str | None:
    if not t:
        return "always"
    low = t.lower()
    if _re.search(r"opponent", low):
        return "opponent_turn"
    if _re.search(r"your turn", low):
        return "your_turn"
    return None


# s17 bss, 2-5: a keyword condition naming one spirit type: "Dragon", "\"Dragon\" spirits", "Ancient Dragon Spirit" (not a
# colour: "purple spirit" is a colour condition)
_KW_FAMILY = _re.compile(r'"?(?!(?i:red|purple|white|yellow|green|blue|spirits?|cost)\b)([A-Z][\w\'-]*(?: [A-Z][\w\'-]*)*?)"?'
                         r"(?: (?:spirits?|Spirits?))?")


@lru_cache(maxsize=512)
def condition_sel(arg: str | None) -> Sel:
    """The condition of 【Immortal: …】, 【Link: …】, 【Ascend: …】 as a description: `purple spirit`,
    `cost 4 or more`, `red spirit with cost 3 or more`."""
    a = (arg or "").strip().lower()
    if not a:
        return Sel(count=None)
    # s17 bss, 2-6-1: the cost bound as cards print it ("3 or more cost", "Spirits with 3 or more cost", "costing 3 or
    # more") is "cost 3 or more"
    a = _re.sub(r"(?:with )?(\d+) or (more|less|higher|lower|fewer) cost\b|costing (\d+) or (more|less|higher|lower|fewer)",
                lambda m: f"with cost {m.group(1) or m.group(3)} or {m.group(2) or m.group(4)}", a)
    a = _re.sub(r"^spirits with cost", "spirit with cost", a)
    if not _re.search(r"spirit|nexus|card", a):
        a = "spirit " + a if _re.match(r"(cost|\d|with)", a) else a + " spirit"
    a = _re.sub(r"^spirit (cost|\d)", r"spirit with \1", a)
    try:
        return parse_sel(a if a.startswith(("all", "1 ")) else "all " + a)
    except EffectSyntaxError:
        family = _KW_FAMILY.fullmatch((arg or "").strip())
        if family is not None:  # s17 bss, 2-5: "Dragon", ""Dragon" spirits" (a colour reads above)
            return Sel(count=None, families=(family.group(1),))
        raise EffectSyntaxError(f"cannot read the keyword condition {arg!r}", arg or "",
                                "e.g. purple spirit, cost 4 or more, red spirit with cost 3 or more") from None


def armor_colors(kw: Keyword) -> frozenset[str]:
    return frozenset(c.strip().lower() for c in _re.split(r"[,/ ]+", kw.arg or "") if c.strip().lower() in COLORS)


# ---- s12 bssonce: "it" first in a triggered effect ------------------------------------------------------------------
# 8-1-5-1: the events whose card a triggered effect's "it" can name (the spirit that attacked, blocked, was summoned,
# destroyed, exhausted, refreshed, blocked or linked)
_CARD_EVENTS = frozenset({"attacks", "blocks", "summoned", "destroyed", "exhausted", "refreshed", "blocked", "linked"})


def _names_it_first(d: object) -> bool:
    if isinstance(d, Sel):
        return d.ref == "it"
    if isinstance(d, Place):
        return d.sel is not None and d.sel.ref == "it"
    return any(_names_it_first(getattr(d, f)) for f in getattr(d, "__slots__", ()) if f == "inner"
               or isinstance(getattr(d, f), Sel | Place))


def _that_card(d: object, ref: str = "that") -> object:
    """The directive with its "it" (Sel ref "it", directly, in a place or in a repeated directive) as "that": the card
    of the triggering event."""
    changes: dict[str, object] = {}
    for f in getattr(d, "__slots__", ()):
        v = getattr(d, f)
        if isinstance(v, Sel) and v.ref == "it":
            changes[f] = _evolve(v, ref=ref)
        elif isinstance(v, Place) and v.sel is not None and v.sel.ref == "it":
            changes[f] = _evolve(v, sel=_evolve(v.sel, ref=ref))
        elif f == "inner":
            changes[f] = _that_card(v, ref)
    return _evolve(d, **changes) if changes else d


def trigger_it(e: Effect) -> Effect | None:
    """"When one of your spirits attacks, it gains 3000 BP": first in a triggered effect with no cost, "it" is the card of
    the event that triggered it ("that spirit", 8-1-5-1), not a card chosen before (there is none). None when the
    event has no card ("when you lose life"): "it" names nothing there, and the reader refuses the text."""
    if e.kind != "triggered" or e.cost or not e.body or not _names_it_first(e.body[0]):
        return e
    # "When this spirit destroys one of your opponent's spirits via comparing BP, place two cores from the void onto it":
    # the event names two cards (7-1-5-2-1); the destroyed one has left the field, and a spirit the text names with no
    # further description is on the field (8-5-4), so "it" is this spirit. With another destroyer "it" is refused.
    if e.triggers and all(t.destroyer is not None and t.destroyer.ref == "this" for t in e.triggers):
        return _evolve(e, body=(_that_card(e.body[0], "this"),) + e.body[1:])
    # s13 bss: with a described destroyer ("When one of your spirits destroys …, refresh it") "it" is, for the same
    # reason, the spirit that destroyed: the trigger names it as the event's card
    if e.triggers and all(t.destroyer is not None and t.destroyer.ref is None for t in e.triggers):
        return _evolve(e, triggers=tuple(_evolve(t, that_destroyer=True) for t in e.triggers),
                       body=(_that_card(e.body[0]),) + e.body[1:])
    if not e.triggers or any(t.event not in _CARD_EVENTS or t.destroyer is not None for t in e.triggers):
        return None
    return _evolve(e, body=(_that_card(e.body[0]),) + e.body[1:])
