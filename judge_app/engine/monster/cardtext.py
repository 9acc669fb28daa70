"""Card text as printed: normalise the print layout, parse it with grammar/monster_effects.lark, build the AST.

The effect AST is in effects.py (frozen dataclasses); this module is the one way monster reads card text:
`parse_ability(card, kind, text)` for the engine (one ability per text entry, the card type decides
what bare sentences mean: 10.1.1.1.2), `abilities(card)` / `has(card, keyword)` for the procedures, and
`read` / `summary` for `judge cardtext-report`. Every sentence must be read completely into an
instruction; text the grammar stops in is refused at the word where understanding stopped, with the
nearest supported wording. Nothing on a card is silently ignored.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from typing import TYPE_CHECKING, cast

from judge_app.engine.core import Unsupported
from judge_app.engine.core.lalr import Reader, Unparsed
from judge_app.engine.core.misprint import Misprints, Repaired
from judge_app.engine.core.reading import Reading
from judge_app.engine.core.transformer import ThreadTransformer
from judge_app.engine.core.tree import Transformer, VisitError, v_args
from judge_app.engine.monster.effects import (
    Ability,
    Continuous,
    CounterIt,
    CounterUntil,
    DestroyBattle,
    DestroySelf,
    Discard,
    DiscardUntil,
    Draw,
    ForEach,
    Instruction,
    Look,
    Modal,
    Move,
    NoAdvance,
    Optional,
    PlayToken,
    PlusCounter,
    PlusThreat,
    Rage,
    Search,
    SendTop,
    Shuffle,
    Swap,
    Threat,
)
from judge_app.engine.monster.state import ROMAN, Kind

if TYPE_CHECKING:  # lark is imported where a refusal is explained (_parser), not at module import
    from lark import Lark, UnexpectedInput

    from judge_app.engine.core.tree import Token

__all__ = ["EXAMPLES", "abilities", "has", "normalise", "parse_ability", "read", "summary"]

HINT = "supported effects are listed in docs/scenario-language.md (monster)"

# Printed wordings the grammar reads; the nearest one is shown when a text is refused.
EXAMPLES = (
    "[Enter] Draw 2 cards.",
    "[Enter] You may draw 1 card, then discard 1 card.",
    "[Revenge] Destroy 1 of your opponent's battle cards.",
    "[When invading] Your opponent's invading monster loses 1 rage.",
    "[Awakening 6] Your invading monster gets +2000 threat level.",
    "[Burst II]",
    "[Evolution 3][Beast]",
    "[Base] At the beginning of your start phase, draw 1 card.",
    "When this card would be destroyed, you may discard 1 card instead.",
    "This card gets +1000 counter power.",
    "Each player discards 1 card.",
    "Your opponent draws 2 cards.",
    "Retreat your opponent's invading monster.",
    "Advance your invading monster 2 times.",
    "Increase your invading monster's rage by 1.",
    "Counter your opponent's invading monster.",
    "Your opponent's invading monster gets -3000 threat level until end of turn.",
    "Your opponent's invading monster cannot advance until end of turn.",
    "Destroy up to 1 of your opponent's battle cards in a zone adjacent to your invading monster.",
    "Play a Soldier battle token with 3000 counter power.",
    "Destroy all of your opponent's battle cards.",
    "Draw 1 card for each of your battle cards.",
    "You may discard 1 card. If you do, draw 2 cards.",
    "Look at the top 3 cards of your deck.",
    "Look at up to 2 cards from the top of your deck.",
    "Reveal the top card of your deck.",
    "Search your deck for 1 battle card with the Beast trait, reveal it and add it to your hand.",
    "Shuffle your deck.",
    "Discard cards until you have 3 cards remaining.",
    "Swap 1 of your battle cards with 1 battle card in your hand.",
    "Your battle cards get +1000 counter power until end of turn.",
    "Do 1 from the below. • Draw 2 cards. • Your opponent's invading monster loses 1 rage.",
    "Send the top 2 cards of your deck into the discard pile.",
    "This card cannot be destroyed, instead, discard 1 card.",
)

# ---------------------------------------------------------------------------------------------
# Normaliser: the print layouts of cards and card databases -> one layout

_CHARS = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "`": "'", "´": "'", "–": "-", "—": "-", "−": "-",
                        "〔": "【", "〕": "】", "《": "【", "》": "】", "≪": "【", "≫": "】"})
# A keyword icon lost in text extraction and written as its word: "{Enter}", "<Revenge>", "(Burst II)".
# In parentheses only at the very start, where reminder text (2.9.2) never stands alone before the effect.
_KEYWORD_WORDS = r"enter|when invading|revenge|awakening \d+|burst [IV]+|evolution \d+|base|resonance"
_ICON = re.compile(rf"\{{\s*({_KEYWORD_WORDS})\s*\}}|<\s*({_KEYWORD_WORDS})\s*>", re.I)
_ICON_AT_START = re.compile(rf"^\(\s*({_KEYWORD_WORDS})\s*\)", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def normalise(text: str) -> str:
    """Full-width characters, curly quotes, bracket variants and keyword icons -> the grammar's layout."""
    t = unicodedata.normalize("NFKC", text).translate(_CHARS)
    t = _CONTROL.sub(" ", t)
    t = " ".join(t.split())
    t = _ICON.sub(lambda m: f"[{m.group(1) or m.group(2)}]", t)
    return _ICON_AT_START.sub(lambda m: f"[{m.group(1)}]", t)


# ---------------------------------------------------------------------------------------------
# Transformer: lark tree -> the parts of an ability (which ability they make depends on the card type)

_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_WHO = {"s_opponent": "opponent", "s_each": "each", "w_you": "you", "w_opponent": "opponent"}


class _Refusal(Exception):  # noqa: N818  (raised inside the transformer: the words, and why)
    def __init__(self, words: str, why: str = ""):
        super().__init__(words)
        self.words, self.why = words, why


@dataclass(frozen=True, slots=True)
class _Sentence:
    may: bool
    parts: tuple[object, ...]
    words: str  # the sentence as written, for refusals
    if_you_do: bool = False  # "If you do, …": performed only if the "You may" before it was (10.5.4)
    modal: tuple[int, tuple[_Sentence, ...]] | None = None  # "Do N from the below" and its options (10.5.2.2.1)


@dataclass(frozen=True, slots=True)
class _Reading:
    """What the grammar read: the ability's form, its head, the sentences and the text after the head."""

    form: str  # keyworded, replacement, enter, when invading, revenge, beginning, plain
    sentences: tuple[_Sentence, ...]
    rest: str  # the text after the head (keyword brackets or written-out timing)
    head: str = ""  # the keyword bracket(s) as written
    word: str = ""  # the keyword (lower case)
    number: int | None = None
    trait: str | None = None
    phase: str | None = None


_KEYWORD = re.compile(r"[\[【] ?([A-Za-z]+(?: [A-Za-z]+)*?)(?: ([IV]+|\d+))? ?[\]】]", re.I)
_TRAIT = re.compile(r"[\[【] ?(.+?) ?[\]】]")


def _words(text: str, meta) -> str:
    return text[meta.start_pos:meta.end_pos] if not meta.empty else ""


def _is_token(x: object) -> bool:
    """A lark Token (a str with a terminal type), told apart from the transformer's own marker strings."""
    return isinstance(x, str) and hasattr(x, "type")


def _rest(text: str, tok: Token) -> str:
    return text[tok.end_pos:] if tok.end_pos is not None else text


def _phase(when: Token) -> str:
    m = re.search(r"your (\w+) phase", str(when), re.I)
    assert m is not None  # the terminal's own pattern
    return m.group(1).lower()


def _who(parts: tuple) -> str:
    return next((p[1] for p in parts if isinstance(p, tuple) and p[0] == "who"), "you")


def _scaled(ins, parts: tuple):
    """The instruction, or "for each of <whose> battle cards" around it."""
    each = next((p[1] for p in parts if isinstance(p, tuple) and p[0] == "for each"), None)
    return ins if each is None else ForEach(ins, each)


def _n(parts: tuple) -> int:
    return next(p for p in parts if isinstance(p, int))


def _first_word(tok) -> str:
    return str(tok.children[0]).lower()


class _BuildMethods:
    """Tree -> _Reading; a construction the grammar reads but the engine cannot execute raises _Refusal.

    The methods of a lark Transformer, made one by `_builder` (lark is imported there, not at module import)."""

    def __init__(self, text: str):
        super(type(self), self).__init__()  # type(self) is the class _builder makes
        self.text = text

    def __default__(self, data, children, meta):
        if data in _WHO:
            return ("who", _WHO[data])
        return super(type(self), self).__default__(data, children, meta)

    # quantities
    def count(self, _meta, tok: Token) -> int:
        s = str(tok).lower()
        return _WORDS.get(s) or int(s)

    def up_to(self, _meta) -> str:
        return "up_to"

    def adjacent(self, _meta) -> str:
        return "adjacent"

    def until_eot(self, _meta) -> str:
        return "until"

    def may(self, _meta) -> str:
        return "may"

    # instructions (chapter 5)
    def for_each(self, _meta, whose) -> tuple[str, str]:
        return ("for each", whose[1])

    def draw(self, _meta, *parts):
        return _scaled(Draw(_who(parts), _n(parts), "up_to" in parts), parts)

    def discard(self, _meta, *parts):
        return _scaled(Discard(_who(parts), _n(parts), "up_to" in parts), parts)

    def discard_until(self, meta, *parts) -> DiscardUntil:
        if _n(parts) <= 0:  # 1.3.2.2 or "discard the whole hand": the words do not say which; refused
            raise _Refusal(_words(self.text, meta), "'until … 0 cards remaining' is not supported")
        return DiscardUntil(_who(parts), _n(parts))

    def swap(self, meta, mine: int, theirs: int) -> Swap:
        if (mine, theirs) != (1, 1):
            raise _Refusal(_words(self.text, meta), "the engine swaps 1 battle card with 1")
        return Swap()

    def send_top(self, _meta, *parts) -> SendTop:
        return SendTop(_who(parts), next((p for p in parts if isinstance(p, int)), 1))

    def increase(self, _meta, whose, n: Token, *each):
        return _scaled(Rage(whose[1], int(n)), each)

    def rage(self, meta, whose, verb, n: Token, *each):
        if str(n).startswith("-"):  # "gains +2 rage" is read, "gains -2 rage" is not
            raise _Refusal(_words(self.text, meta))
        return _scaled(Rage(whose[1], int(str(n)) * (1 if _first_word(verb) == "gains" else -1)), each)

    def gain_rage(self, _meta, verb, n: Token, *each):
        return _scaled(Rage("you", int(n) * (1 if _first_word(verb) == "gain" else -1)), each)

    # the deck (5.3, 5.5, 5.8, 5.10)
    def look(self, _meta, *parts) -> Look:
        return Look(_who(parts), next((p for p in parts if isinstance(p, int)), 1))

    def look_up_to(self, _meta, n: int, whose) -> Look:
        return Look(whose[1], n, up_to=True)

    def reveal_top(self, _meta, *parts) -> Look:
        return Look(_who(parts), next((p for p in parts if isinstance(p, int)), 1), reveal=True)

    def shuffle(self, _meta, whose) -> Shuffle:
        return Shuffle(whose[1])

    def card_kind(self, _meta, tok: Token) -> tuple[str, str]:
        return ("kind", str(tok).lower())

    def with_trait(self, _meta, word: Token) -> tuple[str, str]:
        return ("trait", str(word))

    def reveal_it(self, _meta) -> str:
        return "reveal"

    def add_it(self, _meta) -> str:
        return "to_hand"

    def search(self, meta, *parts) -> Search:
        info: dict[str, str] = dict(p for p in parts if isinstance(p, tuple))
        if "kind" not in info and "trait" not in info:  # 5.8.1.1: a number alone takes unnamed cards
            raise _Refusal(_words(self.text, meta), "a search for a number of cards with no other information "
                           "(5.8.1.1) is not supported yet: say the card type or trait")
        if "reveal" not in parts and "to_hand" not in parts:  # 5.8.1 chooses; the text says what follows
            raise _Refusal(_words(self.text, meta), "a search says what is done with the card found: "
                           "'reveal it' and/or 'add it to your hand'")
        return Search(_n(parts), info.get("kind"), info.get("trait"), "up_to" in parts, "reveal" in parts,
                      "to_hand" in parts)

    def times(self, _meta, n: Token) -> tuple[str, int]:
        return ("times", int(n))

    def to_zone(self, _meta, n: Token) -> tuple[str, int]:
        return ("to", int(n))

    def move(self, _meta, verb, whose, *where: tuple[str, int]) -> Move:
        forward = _first_word(verb) == "advance"
        return Move(whose[1], forward, **dict(where))

    def destroy_battle(self, meta, *parts) -> DestroyBattle:
        n = str(next(p for p in parts if _is_token(p)))
        if n.lower() == "all":  # every such card (5.12.1.2), no choice: "up to all" means nothing else
            if "up_to" in parts:
                raise _Refusal(_words(self.text, meta), "'up to' takes a number")
            return DestroyBattle("adjacent" in parts, every=True)
        if not re.fullmatch(r"[1-9]", n):  # 0 (1.3.2.2) or a number no zone count reaches (8 zones)
            raise _Refusal(_words(self.text, meta), "the engine destroys 1 to 8 (or all) of your opponent's "
                           "battle cards")
        return DestroyBattle("adjacent" in parts, "up_to" in parts, int(n))

    def destroy_self(self, _meta) -> DestroySelf:
        return DestroySelf()

    def counter_it(self, _meta) -> CounterIt:
        return CounterIt()

    def threat(self, meta, whose, n: Token, *until: str) -> Threat | PlusThreat:
        if until:
            return Threat(whose[1], int(str(n)))
        if whose[1] != "you" or not str(n).startswith("+"):  # lasting: only +N to your own invading monster
            raise _Refusal(_words(self.text, meta))
        return PlusThreat(int(str(n)))

    def counter_until(self, _meta, whose, n: Token, _until) -> CounterUntil:
        return CounterUntil(whose[1], int(str(n)))

    def no_advance(self, _meta, whose, _until) -> NoAdvance:
        return NoAdvance(whose[1])

    def plus_counter(self, meta, n: Token) -> PlusCounter:
        if not str(n).startswith("+"):
            raise _Refusal(_words(self.text, meta))
        return PlusCounter(int(str(n)))

    def token(self, _meta, head: Token, n: Token) -> PlayToken:
        m = re.match(r"play an? (.+?) battle token with$", str(head), re.I)
        assert m is not None  # the terminal's own pattern
        return PlayToken(m.group(1), int(n))

    # sentences and abilities
    def sentence(self, meta, *parts) -> _Sentence:
        may = bool(parts) and parts[0] == "may"
        steps = tuple(p for p in parts if not isinstance(p, str))
        return _Sentence(may, steps, _words(self.text, meta))

    def if_you_do(self, meta, _if: Token, *parts) -> _Sentence:
        steps = tuple(p for p in parts if not isinstance(p, str))
        return _Sentence(False, steps, _words(self.text, meta), if_you_do=True)

    def body(self, _meta, *sentences: _Sentence) -> tuple[_Sentence, ...]:
        return sentences

    def option(self, _meta, _bullet: Token, sentence: _Sentence) -> _Sentence:
        return sentence

    def modal(self, meta, head: Token, *options: _Sentence) -> _Sentence:
        m = re.match(r"do (\S+)", str(head), re.I)
        assert m is not None  # the terminal's own pattern
        n = _WORDS.get(m.group(1).lower()) or int(m.group(1))
        if not 1 <= n <= len(options):
            raise _Refusal(_words(self.text, meta), f"'do {n} from the below' needs 1 to {len(options)} options")
        return _Sentence(False, (), _words(self.text, meta), modal=(n, options))

    def keyworded(self, _meta, *parts) -> _Reading:
        brackets = [p for p in parts if _is_token(p)]
        return self._keyword(brackets, parts[-1], None, _rest(self.text, brackets[-1]))

    def keyworded_beginning(self, _meta, *parts) -> _Reading:
        brackets = [p for p in parts if _is_token(p) and p.type == "BRACKET"]
        when = next(p for p in parts if _is_token(p) and p.type == "AT_BEGINNING")
        return self._keyword(brackets, parts[-1], _phase(when), _rest(self.text, brackets[-1]))

    def _keyword(self, brackets: list[Token], body: tuple[_Sentence, ...], phase: str | None, rest: str) -> _Reading:
        head = "".join(str(b) for b in brackets)
        m = _KEYWORD.fullmatch(str(brackets[0]))
        if m is None:
            raise _Refusal(head, "unknown keyword")
        num, number = m.group(2), None
        if num:
            if not num.isdigit() and num.upper() not in ROMAN:
                raise _Refusal(head, "a rank is written I, II, III or IV")
            number = ROMAN[num.upper()] if num.upper() in ROMAN else int(num)
        t = _TRAIT.fullmatch(str(brackets[1])) if len(brackets) > 1 else None
        return _Reading("keyworded", body, rest, head, " ".join(m.group(1).lower().split()), number,
                        t.group(1) if t else None, phase)

    def replacement(self, _meta, when: Token, body: tuple[_Sentence, ...], _instead: Token) -> _Reading:
        return _Reading("replacement", body, _rest(self.text, when))

    def replacement_cannot(self, _meta, when: Token, body: tuple[_Sentence, ...]) -> _Reading:
        if body and body[0].may:  # 10.2.1.3.2 makes only "when …, you may … instead" optional
            raise _Refusal(body[0].words, "'cannot be destroyed, instead,' is not optional (10.2.1.3.1)")
        return _Reading("replacement", body, _rest(self.text, when))

    def enter(self, _meta, when: Token, body) -> _Reading:
        return _Reading("enter", body, _rest(self.text, when))

    def when_invading(self, _meta, when: Token, body) -> _Reading:
        return _Reading("when invading", body, _rest(self.text, when))

    def revenge(self, _meta, when: Token, body) -> _Reading:
        return _Reading("revenge", body, _rest(self.text, when))

    def beginning(self, _meta, when: Token, body) -> _Reading:
        return _Reading("beginning", body, _rest(self.text, when), phase=_phase(when))

    def plain(self, _meta, body) -> _Reading:
        return _Reading("plain", body, self.text)


@cache
def _builder() -> type:
    """The Transformer class (the tree values of core.tree: no lark)."""
    methods = {k: v for k, v in vars(_BuildMethods).items() if k not in ("__dict__", "__weakref__")}
    return cast(type, v_args(meta=True, inline=True)(type("_Build", (Transformer,), methods)))


_TRANSFORMERS = ThreadTransformer(_builder)


def _transformer(text: str):
    """This thread's transformer (see core.transformer), set to read `text`."""
    b = _TRANSFORMERS.get()
    b.text = text
    return b


# ---------------------------------------------------------------------------------------------
# Parsing, errors, caching


# The grammar's parser: lark's tables, read without lark from the per-user cache (core.lalr).
_READER = Reader("monster_effects.lark", lexer="basic", propagate_positions=True)


@cache
def _parser() -> Lark:
    """lark's parser for the grammar (imported and built when a refusal is explained: its expected terminals)."""
    return _READER.lark()


@dataclass(frozen=True, slots=True)
class _Stop:
    """Where the grammar stopped reading a text: the word, its index, what it would have read there."""

    text: str
    pos: int
    word: str
    expected: tuple[str, ...]
    nearest: str

    def sentence(self) -> str:
        """The sentence (or ", then" part) the stop is in, as the refusal names it."""
        starts = [m.end() for m in re.finditer(r"\.+\s+|,\s*then\s+|^\s*(?:[\[【][^\]】]*[\]】]\s*)+|,\s+", self.text)
                  if m.end() <= self.pos]
        start = max(starts, default=0)
        end = self.text.find(". ", self.pos)
        words = self.text[start:end if end >= 0 else len(self.text)]
        words = re.sub(r"\([^()]*\)", "", words).strip().rstrip(".").strip()
        return re.sub(r"^you may\s+", "", words, flags=re.I) or self.word

    def hint(self) -> str:
        where = f'understanding stopped at "{self.word}" (column {self.pos + 1})'
        if self.expected:
            where += "; there the engine reads " + ", ".join(self.expected)
        return f"{where}; nearest supported wording: {self.nearest}; {HINT}"


# What a regex terminal stands for, in the words of the cards.
_TERMINAL_WORDS = {
    "BRACKET": "[keyword]", "WOULD_BE_DESTROYED": "When this card would be destroyed,",
    "WHEN_PLAYED": "When this card is played,", "WHEN_INVADING": "When this invading monster advances from an "
    "invasion,", "WHEN_REVENGE": "When this card is placed into the discard pile from the field,",
    "AT_BEGINNING": "At the beginning of your … phase,", "INSTEAD": "instead", "THEN": ", then",
    "PLAY_TOKEN": "Play a … battle token with", "NUMBER": "a number", "SIGNED": "+N / -N", "_SEP": ".",
    "IF_YOU_DO": "If you do,", "ALL": "all", "MODAL_HEAD": "Do N from the below.", "BULLET": "•", "CANNOT_BE_DESTROYED": "cannot be destroyed, instead,",
    "$END": "the end of the text",
}


def _expected(e: UnexpectedInput) -> tuple[str, ...]:
    from lark import UnexpectedCharacters

    if isinstance(e, UnexpectedCharacters):  # the lexer's whole alphabet, not what the parser expected here
        return ()
    names = getattr(e, "expected", None) or ()
    by_name = {t.name: t for t in _parser().terminals}
    words = set()
    for n in names:
        if n in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[n])
        elif n in by_name and by_name[n].pattern.type == "str":
            words.add(by_name[n].pattern.value)
    return tuple(sorted(words, key=str.lower))


def _word_at(t: str, pos: int) -> str:
    m = re.match(r"[^\s.,()\[\]【】]+|\S", t[pos:])
    return m.group() if m else "(end of text)"


def _nearest(t: str, pos: int, word: str, e: UnexpectedInput) -> str:
    """The text with each misspelt word (up to 3) replaced by the nearest word the grammar reads there, when
    that reads; otherwise the nearest example wording."""
    from lark import UnexpectedInput

    fixed = t
    for _ in range(3):
        options = [w for w in _expected(e) if re.fullmatch(r"[A-Za-z']+", w)]
        near = difflib.get_close_matches(word.lower(), options, n=1, cutoff=0.6)
        if not near:
            break
        fixed = fixed[:pos] + near[0] + fixed[pos + len(word):]
        try:
            _parser().parse(fixed)
            return fixed
        except UnexpectedInput as again:
            e, pos = again, _position(again, fixed)
            word = _word_at(fixed, pos)
    return (difflib.get_close_matches(t, EXAMPLES, n=1, cutoff=0.0) or [EXAMPLES[0]])[0]


def _position(e: UnexpectedInput, t: str) -> int:
    pos = getattr(e, "pos_in_stream", None)
    if pos is None:
        token = getattr(e, "token", None)
        pos = getattr(token, "start_pos", None)
    return len(t) if pos is None else pos


_COLOUR = r"(?:red|blue|white|green)"
# the colour specification may be lost with its icon (12.8.2.1): the bare keyword is read too
_RESONANCE = re.compile(rf"\s*(?:{_COLOUR}(?:(?:\s*(?:,|/|\band\b|\bor\b)\s*|\s+){_COLOUR})*\s*\.?"
                        rf"(?:\s*[•・]\s*[^•・]+)*)?\s*", re.I)


# s17 misprint: misprinted words repaired when safe (core.misprint), reported by `understand`
_MISPRINTS = Misprints(_READER, "monster", re.compile(r"[^\s.,()\[\]【】]+|\S"))


def _read_repaired(fixed: Repaired | None) -> _Reading | None:
    """What the grammar read of a text with its misprints repaired, if the repaired text reads completely."""
    if fixed is None:
        return None
    try:
        got = _transformer(fixed.text).transform(_READER.parse(fixed.text))
    except (Unparsed, VisitError):
        return None
    return got if isinstance(got, _Reading) else None


@lru_cache(maxsize=4096)
def _read(text: str) -> _Reading | _Stop | _Refusal:
    """One ability's text -> what the grammar read (cached by text: the card type is applied after)."""
    t = normalise(text)
    m = _KEYWORD.match(t)
    if m and m.group(1).lower() == "resonance":  # 12.8.2: deck construction only, inactive once the game starts
        rest = t[m.end():]
        # s10-fix: any words after the keyword were accepted; only its own shape is: a colour specification
        # (2.4.3) and a condition list of bullet points (12.8.2.2), which the engine does not check (no deck is built)
        if _RESONANCE.fullmatch(rest) is None:
            return _Refusal(rest.strip() or m.group(0), "【Resonance】 is a colour specification (red, blue, white, "
                                                        "green) and a bullet-pointed condition list (12.8.2)")
        return _Reading("keyworded", (), rest, m.group(0), "resonance")
    try:
        tree = _READER.parse(t)
    except Unparsed as u:
        e = u.error
        repaired = _read_repaired(_MISPRINTS.repair(t, e))  # s17 misprint: reported by `understand`
        if repaired is not None:
            return repaired
        pos = _position(e, t)
        word = _word_at(t, pos)
        return _Stop(t, pos, word, _expected(e), _nearest(t, pos, word, e))
    try:
        return _transformer(t).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, _Refusal):
            return e.orig_exc
        raise


# ---------------------------------------------------------------------------------------------
# The ability a reading makes on a card of a given type


def _refuse(card: str, text: str, words: str, why: str = "", hint: str = HINT) -> Unsupported:
    return Unsupported(f"card text of {card!r} not understood: {words!r} in {text!r}" + (f" ({why})" if why else ""),
                       subject=card, hint=hint)


_TRIGGER_WHY = "a continuous effect cannot follow a trigger"


def _instructions(card: str, text: str, r: _Reading) -> tuple[object, ...]:
    """The sentences in order, "You may …" wrapping its sentence's instructions (10.5.4)."""
    out: list[object] = []
    for s in r.sentences:
        if s.modal is not None:
            n, options = s.modal
            steps = tuple(_instructions(card, text, _Reading(r.form, (o,), r.rest)) for o in options)
            labels = tuple(re.sub(r"\([^()]*\)", "", o.words).strip().rstrip(".").strip() for o in options)
            if len(set(labels)) != len(labels):
                raise _refuse(card, text, s.words, "two options of 'do N from the below' have the same words")
            if any(isinstance(x, PlusCounter | PlusThreat) for o in steps for x in o):
                raise _refuse(card, text, s.words, "an option of 'do N from the below' is a one-shot action")
            out.append(Modal(n, steps, labels))
        elif s.if_you_do:
            last = out[-1] if out else None
            if not isinstance(last, Optional) or last.then or any(isinstance(x, PlusCounter | PlusThreat)
                                                                   for x in s.parts):
                raise _refuse(card, text, s.words, "'If you do, …' follows a 'You may …' sentence (10.5.4) and "
                              "performs a one-shot action")
            out[-1] = Optional(last.steps, s.parts)
        elif s.may:
            if any(isinstance(x, PlusCounter | PlusThreat) for x in s.parts):
                raise _refuse(card, text, s.words, "'you may' takes a one-shot action")
            out.append(Optional(s.parts))
        else:
            out.extend(s.parts)
    return tuple(out)


def _steps(card: str, text: str, r: _Reading, why: str) -> tuple[Instruction, ...]:
    """One-shot instructions only: a continuous effect here is refused with `why`."""
    parsed = _instructions(card, text, r)
    steps = tuple(x for x in parsed if isinstance(x, Instruction))
    if len(steps) != len(parsed):
        raise _refuse(card, text, r.rest.strip(), why)
    return steps


def _static(card: str, text: str, r: _Reading, why: str) -> tuple[Continuous, ...]:
    """Continuous effects only: a one-shot instruction here is refused with `why`."""
    parsed = _instructions(card, text, r)
    static = tuple(x for x in parsed if isinstance(x, PlusCounter | PlusThreat))
    if len(static) != len(parsed):
        raise _refuse(card, text, r.rest.strip(), why)
    return static


def _nothing_after(r: _Reading) -> bool:
    return not re.sub(r"\([^()]*\)", "", r.rest).strip()  # reminder text aside (2.9.2)


def _burst(card: str, text: str, r: _Reading) -> Ability:
    if r.number is None or not _nothing_after(r) or r.phase:
        raise _refuse(card, text, r.rest.strip() or r.head, "write [Burst II] alone")
    return Ability("burst", text, number=r.number)


def _evolution(card: str, text: str, r: _Reading) -> Ability:
    if r.number is None or not r.trait or not _nothing_after(r) or r.phase:
        raise _refuse(card, text, r.rest.strip() or r.head, "write [Evolution 3][Trait] alone")
    return Ability("evolution", text, number=r.number, trait=r.trait)


def _base(card: str, text: str, r: _Reading) -> Ability:
    if r.trait:
        raise _refuse(card, text, r.head, "Base takes no trait")
    if r.phase is None:
        if not _nothing_after(r):
            raise _refuse(card, text, r.rest.strip(), "Base needs 'At the beginning of your … phase, …'")
        return Ability("base", text)
    return Ability("base", text, steps=_steps(card, text, r, _TRIGGER_WHY), phase=r.phase)


def _awakening(card: str, text: str, r: _Reading) -> Ability:
    if r.number is None:
        raise _refuse(card, text, r.head, "write [Awakening 6]")
    if r.trait or r.phase:
        raise _refuse(card, text, r.head if r.trait else r.rest.strip(), "Awakening takes a continuous effect")
    return Ability("awakening", text, number=r.number, static=_static(card, text, r, "Awakening takes a continuous effect"))


def _triggered(card: str, text: str, r: _Reading) -> Ability:  # [Enter], [When invading], [Revenge]
    if r.number is not None or r.trait or r.phase:
        raise _refuse(card, text, r.head if not r.phase else r.rest.strip())
    return Ability(r.word, text, steps=_steps(card, text, r, _TRIGGER_WHY))


_KEYWORD_READERS: dict[str, Callable[[str, str, _Reading], Ability]] = {
    "resonance": lambda card, text, r: Ability("resonance", text), "burst": _burst, "evolution": _evolution,
    "base": _base, "awakening": _awakening, "enter": _triggered, "when invading": _triggered, "revenge": _triggered,
}


def _replacement(card: str, text: str, r: _Reading) -> Ability:
    """10.2.1.3.1-10.2.1.3.2: "When this card would be destroyed, [you may] (action) instead"."""
    if not r.sentences:
        raise _refuse(card, text, text, "a replacement performs an action instead")
    if any(s.if_you_do for s in r.sentences):
        raise _refuse(card, text, text, "'If you do' in a replacement effect is not supported yet (10.9.3)")
    first = r.sentences[0]
    optional = first.may
    if optional:  # "you may" covers the replacing action: the effect is optional, not an Optional step
        r = _Reading(r.form, (_Sentence(False, first.parts, first.words),) + r.sentences[1:], r.rest)
    return Ability("replacement", text, optional=optional,
                   steps=_steps(card, text, r, "a replacement performs a one-shot action"))


def _plain(card: str, text: str, r: _Reading, kind: Kind) -> Ability:
    if kind is Kind.STRATEGY:  # 10.1.1.1.2: a strategy card's text is an automatic ability on placement
        return Ability("strategy", text, steps=_steps(
            card, text, r, "a lasting effect from a strategy card's text is not supported yet (10.1.1.1.2 makes "
            "the text an automatic ability)"))
    return Ability("continuous", text,
                   static=_static(card, text, r, "a one-shot effect needs a timing such as [Enter] on this card type"))


def _ability(card: str, kind: Kind, r: _Reading, text: str) -> Ability:
    if r.form == "keyworded":
        reader = _KEYWORD_READERS.get(r.word)
        if reader is None:
            raise _refuse(card, text, r.head, "unknown keyword")
        return reader(card, text, r)
    if r.form == "replacement":
        return _replacement(card, text, r)
    if r.form == "beginning":
        return Ability("beginning", text, phase=r.phase, steps=_steps(card, text, r, _TRIGGER_WHY))
    if r.form == "plain":
        return _plain(card, text, r, kind)
    return Ability(r.form, text, steps=_steps(card, text, r, _TRIGGER_WHY))  # a keyword's meaning written out


# Which card types each ability may sit on: an ability the engine would never apply on that type is
# refused rather than silently ignored.
_ON = {"when invading": {Kind.MONSTER}, "burst": {Kind.MONSTER}, "evolution": {Kind.BATTLE},
       "revenge": {Kind.BATTLE}, "base": {Kind.STRATEGY}, "replacement": {Kind.BATTLE}}


# The longest ability the reader reads: printed abilities are a few lines; this bounds the work a hostile text
# can cause (reading is linear in the text, about 20 µs a word).
MAX_TEXT = 1000


@lru_cache(maxsize=8192)
def parse_ability(card: str, kind: Kind, text: str) -> Ability:
    """One ability of a card (raises Unsupported, naming the words not understood)."""
    if len(text) > MAX_TEXT:
        raise _refuse(card, text[:40] + "…", text[:40] + "…", f"one ability's text is {len(text)} characters: the "
                      f"reader reads at most {MAX_TEXT}; write each ability in its own text \"…\"")
    r = _read(text)
    t = normalise(text)
    if isinstance(r, _Stop):
        raise _refuse(card, t, r.sentence(), hint=r.hint())
    if isinstance(r, _Refusal):
        raise _refuse(card, t, r.words or t, r.why, _example_hint(t))
    ab = _ability(card, kind, r, t)
    allowed = _ON.get(ab.keyword)
    if allowed is not None and kind not in allowed:
        raise _refuse(card, t, t, f"{ab.keyword} is not supported on a {kind} card")
    if any(isinstance(x, PlusCounter) for x in ab.static) and kind is not Kind.BATTLE:
        raise _refuse(card, t, t, f"a {kind} card has no counter power")
    return ab


def _example_hint(t: str) -> str:
    return "nearest supported wording: " + (difflib.get_close_matches(t, EXAMPLES, n=1, cutoff=0.0) or
                                             [EXAMPLES[0]])[0] + "; " + HINT


# ---------------------------------------------------------------------------------------------
# The procedures' view: a card's abilities

_NO_ABILITIES: tuple[Ability, ...] = ()


def abilities(card) -> tuple[Ability, ...]:
    if not card.effects:  # most cards of a board: asked for many times per step
        return _NO_ABILITIES
    return _abilities(card.uid, card.kind, card.effects)


@lru_cache(maxsize=4096)
def _abilities(uid: str, kind: Kind, effects: tuple[str, ...]) -> tuple[Ability, ...]:
    return tuple(parse_ability(uid, kind, t) for t in effects)


def has(card, keyword: str) -> Ability | None:
    return next((a for a in abilities(card) if a.keyword == keyword), None)


# ---------------------------------------------------------------------------------------------
# `judge cardtext-report`: a text read without a card, as the card type it can sit on

_KINDS = (Kind.BATTLE, Kind.STRATEGY, Kind.MONSTER)


def read(text: str) -> Ability:
    """A printed ability, read for the first card type (battle, strategy, monster) that can carry it."""
    first: Unsupported | None = None
    for kind in _KINDS:
        try:
            return parse_ability("card", kind, text)
        except Unsupported as e:
            first = first or e
    assert first is not None
    words = first.message.removeprefix("card text of 'card' not understood: ")
    if first.hint and "understanding stopped at" in first.hint:
        words = f"{words}; {first.hint.split('; nearest supported wording')[0]}"
    raise Unsupported(words, subject=first.subject, hint=first.hint)


def summary(ab: Ability) -> str:
    """A short, stable AST summary (the corpus records it): keyword, its number/trait/phase, then the effects."""
    head = ab.keyword + "".join(f" {v}" for v in (ab.number, ab.trait, ab.phase) if v is not None)
    parts = [head + (" optional" if ab.optional else "")]
    if ab.steps:
        parts.append("do " + "; ".join(_d(d) for d in ab.steps))
    if ab.static:
        parts.append("static " + "; ".join(_d(d) for d in ab.static))
    return " | ".join(parts)


def _d(d: object) -> str:
    if isinstance(d, Optional):
        then = " if you do(" + ", ".join(_d(x) for x in d.then) + ")" if d.then else ""
        return "may(" + ", ".join(_d(x) for x in d.steps) + ")" + then
    if isinstance(d, Modal):
        return f"Modal({d.n} of " + " | ".join("; ".join(_d(x) for x in o) for o in d.options) + ")"
    if isinstance(d, ForEach):
        return f"ForEach({_d(d.inner)}, of {'your' if d.whose == 'you' else 'opponent'} battle cards)"
    values = []
    for f in fields(d):  # type: ignore[arg-type]
        v = getattr(d, f.name)
        if f.name == "n" and isinstance(d, DestroyBattle) and (v == 1 or d.every):
            continue
        if v is True:
            values.append(f.name)
        elif f.name == "times" and v != 1:
            values.append(f"{v} times")
        elif f.name == "to" and v is not None:
            values.append(f"to zone {v}")
        elif v is not False and v is not None and f.name not in ("times", "to"):
            values.append(str(v))
    return type(d).__name__ + "(" + ", ".join(values) + ")"


# ---------------------------------------------------------------------------------------------
# The checker page: how much of a text was understood


@lru_cache(maxsize=1024)
def understand(text: str) -> Reading:
    t = normalise(text)
    try:
        read(text)
        return Reading(t, "read", len(t), repairs=_MISPRINTS.repairs_of(t))
    except Unsupported as e:
        message, hint = e.message, e.hint or ""
    r = _read(text) if len(text) <= MAX_TEXT else None
    nearest = hint.split("nearest supported wording: ", 1)[-1].split("; " + HINT)[0] if "nearest" in hint else ""
    if isinstance(r, _Stop):
        return Reading(t, "not understood", r.pos, r.word, message, r.nearest)
    # read, not executable: the words the refusal names mark where (the whole text when it names the whole)
    m = re.match(r"""(['"])(.+?)\1 in """, message)
    at = max(t.find(m.group(2)), 0) if m else 0
    return Reading(t, "not executable", at, _word_at(t, at) if at < len(t) else "", message, nearest)
