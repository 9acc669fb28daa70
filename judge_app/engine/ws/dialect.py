"""The WS part of the scenario language: board lines, actions and expectations (docs/scenario-language.md).

    game ws
    turn 6, A, clock phase
    A: deck 30, hand 5, clock 6, level 0, stock 0, waiting room 2
    A hand: character "Spare Knight" red, level 0, cost 0, 2000 power, soul 1
    A clocks "Spare Knight"
    A chooses "Spare Knight"
    expect A level 1, clock 0, waiting room 8, hand 6
"""

from __future__ import annotations

import difflib
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from judge_app.engine.core import UNKNOWN, OrderedZone, RuleIdFormat
from judge_app.engine.ws import actions as A
from judge_app.engine.ws import view
from judge_app.engine.ws.effects import Ability, EffectError
from judge_app.engine.ws.state import (
    COLORS,
    PLAYERS,
    POSITIONS,
    Card,
    Catalog,
    Kind,
    OnStage,
    Orient,
    Phase,
    Point,
    Side,
    State,
    Trigger,
)
from judge_app.errors import ScenarioError
from judge_app.scenario.expect import Expectations, error, parse_expect
from judge_app.scenario.model import ActionItem, Context, Scenario
from judge_app.scenario.syntax import Phrase, Statement, Tok, plain_phrases, unmask
from judge_app.scenario.syntax import abilities as text_abilities

GAME = "ws"
# Card lines are read from their text when plain (`_plain_card`): the statement reader leaves their phrases unread.
PLAIN_CARD_LINES = True
AREAS = ("hand", *POSITIONS, "climax", "deck", "clock", "level", "stock", "waiting_room", "memory", "marker")
PILE = {"hand": "hand", "clock": "clock", "level": "level", "stock": "stock", "waiting_room": "waiting",
        "memory": "memory", "climax": "climax"}
COUNTS = {"deck": "deck", "hand": "hand", "clock": "clock", "level": "level", "stock": "stock",
          "waiting room": "waiting", "memory": "memory", "refresh point": "refresh_point"}
PHASE_WORDS = {str(p): p for p in Phase}
ZONE_WORDS = {"hand": "hand", "waiting room": "waiting_room", "waiting_room": "waiting_room", "clock": "clock",
              "level": "level", "stock": "stock", "memory": "memory", "deck": "deck", "climax area": "climax_area",
              "resolution": "resolution", "marker": "marker"}
EXPECTS = ('A deck|hand|clock|level|stock|waiting room|memory|refresh point N', '"Card" in hand|waiting room|clock|'
           'level|stock|memory|deck|climax area', '"Card" on CM (any of CL CM CR BL BR)', '"Card" stand|rest|reverse',
           '"Card" power N', '"Card" soul N', '"Card" on stage | not on stage', "damage cancelled | damage not cancelled",
           "frontal attack | side attack | direct attack", "counter step | no counter step", "main phase (any phase)")


def _int(t: Tok | None, where: Phrase, what: str) -> int:
    if t is None or not t.is_number or int(t.value) < 0:
        raise error(t or where, f"{what} needs a number of 0 or more", f"e.g. `{what} 3`")
    return int(t.value)


# --- cards ----------------------------------------------------------------------------------------

@dataclass
class _Draft:
    """A card line read detail by detail: the Card's fields, its orientation and markers, its texts."""

    info: dict[str, Any]
    orient: Orient = Orient.STAND
    markers: int = 0
    texts: list[str] = field(default_factory=list)


_ORIENT_WORDS = {"stand": Orient.STAND, "standing": Orient.STAND, "rest": Orient.REST, "rested": Orient.REST,
                 "reverse": Orient.REVERSE, "reversed": Orient.REVERSE}
_TRIGGER_WORDS = frozenset(str(i) for i in Trigger)
_DETAIL_HINT = ("card details: level N, cost N, N power, soul N, trigger ICONS, counter, stand|rest|reverse, "
                "N markers (on the stage), trait \"Name\", effect \"text\"")


def _triggers(ph: Phrase) -> tuple[Trigger, ...]:
    for x in ph.toks[1:]:
        if x.word not in _TRIGGER_WORDS:
            raise error(x, f"unknown trigger icon {x.value!r}", "icons: " + ", ".join(map(str, Trigger)))
    return tuple(Trigger(x.word) for x in ph.toks[1:])


_Got = tuple[str, Any] | None  # a detail's reading: (field, value), or None when the phrase is not that detail


def _named_detail(w: tuple[str, ...], tk: tuple[Tok, ...], ph: Phrase) -> _Got:
    if w[0] in ("level", "cost", "soul"):
        return (w[0], _int(tk[1], ph, w[0])) if len(tk) == 2 else None
    if w[0] in ("trigger", "triggers"):
        return "triggers", _triggers(ph)
    if w[0] in ("trait", "traits"):  # 2.5: trait "Music" (or trait Music, as monster writes it)
        return ("traits+", tuple(x.value for x in tk[1:])) if len(tk) >= 2 else None
    # effect "…": text pasted with its lines, one ability a line
    return ("texts+", card_abilities(tk[1].value)) if len(tk) == 2 and tk[1].quoted else None


# s7-wsreal: a line that opens with a quote continues the ability before it when that one names "the following"
# effects, ability or action: cards print the options of "Choose 1 of the following effects, and perform it." (and a
# granted ability) on lines of their own. No ability starts with a quote, so every text read before reads the same.
_FOLLOWING = re.compile(r"\bthe following (?:effects?|abilit(?:y|ies)|actions?)\b", re.I)


def card_abilities(text: str) -> tuple[str, ...]:
    """The abilities of one pasted card text: one a line (`scenario.syntax.abilities`), with each quoted line after
    "the following …" kept with the ability that introduces it."""
    parts = text_abilities(text)
    if len(parts) < 2 or not any(p[:1] in _QUOTES for p in parts):
        return parts
    out: list[str] = []
    for p in parts:
        if out and p[:1] in _QUOTES and _FOLLOWING.search(out[-1]):
            out[-1] += " " + p
        else:
            out.append(p)
    return tuple(out)


_QUOTES = ('"', "\u201c")


def _word_detail(w: tuple[str, ...], tk: tuple[Tok, ...], ph: Phrase) -> _Got:
    if w[0] in _ORIENT_WORDS:
        return ("orient", _ORIENT_WORDS[w[0]]) if len(w) == 1 else None
    if w in (("no", "trigger"), ("no", "triggers")):
        return "triggers", ()
    return ("counter", True) if w in (("counter",), ("counter", "icon")) else None


def _counted_detail(w: tuple[str, ...], tk: tuple[Tok, ...], ph: Phrase) -> _Got:
    """`3000 power`, `2 soul`, `2 markers` (a number first)."""
    if len(tk) != 2:
        return None
    if w[1] in ("power", "soul"):
        return w[1], int(tk[0].value)
    return ("markers", int(tk[0].value)) if w[1] in ("marker", "markers") else None


# A card detail's first word -> its reader (one look-up per detail; a number first: `_counted_detail`)
_DETAILS: dict[str, Callable[[tuple[str, ...], tuple[Tok, ...], Phrase], _Got]] = {
    **dict.fromkeys(("level", "cost", "soul", "trigger", "triggers", "trait", "traits", "effect"), _named_detail),
    **dict.fromkeys((*_ORIENT_WORDS, "no", "counter"), _word_detail),
}
# The reading of a detail without quoted words, by its words: a board repeats the same few (`level 0`, `cost 0`,
# `soul 1`, `1000 power`, `rest`), and such a detail's reading is a function of its lower-cased words alone (numbers,
# icons, orientations; not a trait, whose case is kept; positions only go into errors, which are never kept).
_PLAIN: dict[tuple[str, ...], tuple[str, Any]] = {}
_MAX_PLAIN = 2048


def _reading(ph: Phrase) -> tuple[tuple[str, Any], bool]:
    """One detail of a card line read (`level 1`, `3000 power`, `trigger soul`, `rest`, `2 markers`, `effect "…"`):
    (field, value), and whether it is plain (a function of its lower-cased words alone, kept in `_PLAIN`)."""
    w = ph.words
    got = _PLAIN.get(w)
    if got is not None:
        return got, True
    tk = ph.toks
    reader = _DETAILS.get(w[0])
    if reader is None and tk[0].is_number:
        reader = _counted_detail
    got = reader(w, tk, ph) if reader is not None else None
    if got is None:
        raise error(ph, f"unknown card detail {ph.text()!r}", _DETAIL_HINT)
    if "" in w or got[0] == "traits+":  # a quoted word; a trait keeps its letters' case
        return got, False
    if len(_PLAIN) >= _MAX_PLAIN:
        _PLAIN.clear()
    _PLAIN[w] = got
    return got, True


def _own(d: _Draft, key: str, value: Any) -> None:
    """A detail that is not plain: an effect's text or traits, added in the line's order."""
    if key == "texts+":
        d.texts.extend(value)
    else:
        d.info["traits"] = d.info.get("traits", ()) + value


# The plain details of a card line read together, by the words of all its details (quoted words are ''): what they
# set (fields, orientation, markers) and which details are read on their own (effects, traits). A board repeats
# the same few sets (`level 0, cost 0, 1000 power, soul 1`), and a set's reading is a function of these words alone
# (as `_PLAIN`'s of one detail); a line with an error is never kept, so its error is raised again in the line's order.
_SETS: dict[tuple[tuple[str, ...], ...], tuple[dict[str, Any], Orient, int, tuple[int, ...]]] = {}
_MAX_SETS = 1024


def _details(d: _Draft, details: Sequence[Phrase]) -> None:
    """The details of a card line after its kind and name, into the draft."""
    key = tuple([ph.words for ph in details])
    known = _SETS.get(key)
    if known is not None:
        fields, d.orient, d.markers, own = known
        d.info.update(fields)
        for i in own:
            _own(d, *_reading(details[i])[0])
        return
    fields = {}
    own_at = []
    for i, ph in enumerate(details):
        (k, value), plain = _reading(ph)
        if not plain:
            own_at.append(i)
            _own(d, k, value)
        elif k == "orient":
            d.orient = value
        elif k == "markers":
            d.markers = value
        else:
            fields[k] = value
    d.info.update(fields)
    if len(_SETS) >= _MAX_SETS:
        _SETS.clear()
    _SETS[key] = (fields, d.orient, d.markers, tuple(own_at))


_TEXTS: dict[str, Ability | EffectError] = {}  # card text -> its reading (or the refusal), read once per text
_MAX_TEXTS = 1024


def _ability(text: str) -> Ability | EffectError:
    """The card-text reader's reading of one ability's text, kept by text: a scenario re-checked, edited or explored
    reads the same texts again, and the reader is the dialect's most expensive call for a card line."""
    got = _TEXTS.get(text)
    if got is None:
        from judge_app.engine.ws.cardtext import parse_ability  # lark: loaded by the first card text

        try:
            got = parse_ability(text)
        except EffectError as e:
            got = e
        if len(_TEXTS) >= _MAX_TEXTS:
            _TEXTS.clear()
        _TEXTS[text] = got
    return got


def forget_texts() -> None:
    """Forget every card text read so far, here and in the reader (the benchmark's "new card texts" figure)."""
    from judge_app.engine.ws.cardtext import is_counter_icon, parse_ability

    _TEXTS.clear()
    parse_ability.cache_clear()
    is_counter_icon.cache_clear()


def _abilities(d: _Draft, kind: Kind, name_tok: Tok) -> tuple[tuple[str, ...], tuple[Ability, ...]]:
    """The card's texts read as abilities (a counter icon written as text sets the icon), or refused by name."""
    if not d.texts:  # most cards of a board: nothing to read
        return (), ()
    from judge_app.engine.ws.cardtext import is_counter_icon

    abilities: list[Ability] = []
    kept: list[str] = []
    for text in d.texts:
        if is_counter_icon(text):
            d.info["counter"] = True
            continue
        got = _ability(text)
        if isinstance(got, EffectError):
            raise ScenarioError(f"the engine cannot execute this card text: {got.words!r} is not understood",
                                line=name_tok.line, column=name_tok.column, text=text, hint=got.hint or None)
        abilities.append(got)
        kept.append(text)
        if got.keyword == "counter" and got.category == "effect":  # s9-wsreala: "【COUNTER】 …" (2.8.2)
            d.info["counter"] = True
        if (abilities[-1].category == "effect") != (kind is Kind.EVENT) and abilities[-1].category != "replace" \
                and abilities[-1].restrict != "play" and not abilities[-1].permit:  # "this card cannot be played
                # from your hand" (s9-wshead2: "can be played … without fulfilling color requirements"): any card's
            raise ScenarioError(
                "an event's text is its effect; a character's or climax's text starts with AUTO, CONT or ACT",
                line=name_tok.line, column=name_tok.column, text=text,
                hint="write e.g. effect \"【AUTO】 When this card attacks, draw 1 card.\"" if kind is not Kind.EVENT
                else "write the event's effect without AUTO/CONT/ACT")
        if abilities[-1].category == "reminder":
            _reminded_icon(d, Trigger(abilities[-1].keyword), name_tok, text)
    return tuple(kept), tuple(abilities)


def _reminded_icon(d: _Draft, icon: Trigger, name_tok: Tok, text: str) -> None:
    """A trigger icon's reminder text (2.12.3) is printed beside the icon: the card has that icon (4.12). Stated
    with other icons, it is a contradiction, refused; stated with none, the reminder's icon is the card's."""
    stated = d.info.get("triggers")
    if stated is None:
        d.info["triggers"] = (icon,)
    elif icon not in stated:
        raise ScenarioError(f"this reminder text explains the [{icon.upper()}] trigger icon, which the card's "
                            f"'trigger' does not list (2.12.3, 4.12.2)", line=name_tok.line, column=name_tok.column,
                            text=text, hint=f"add {icon} to the card's trigger icons, e.g. trigger {icon}")


_KINDS = {str(k): k for k in Kind}


def parse_card(phrases: Sequence[Phrase]) -> tuple[Card, Orient, Tok, int]:
    first = phrases[0]
    t = first.toks
    if not t or t[0].word not in ("character", "event", "climax") or len(t) < 2 or not t[1].quoted:
        raise error(first, "a card starts with its kind and name", 'e.g. character "Old Guard" red')
    kind = _KINDS[t[0].word]
    name_tok = t[1]
    color = ""
    for x in t[2:]:
        if x.word not in COLORS:
            raise error(x, f"unknown colour {x.value!r}", "colours: " + ", ".join(COLORS))
        color = x.word
    d = _Draft({"kind": kind, "color": color})
    _details(d, phrases[1:])
    texts, abilities = _abilities(d, kind, name_tok)
    return Card(name_tok.value, texts=texts, abilities=abilities, **d.info), d.orient, name_tok, d.markers


class _Kept:
    """Values computed from an immutable object, kept by the object itself (compared by identity, never by value:
    hashing a card or a statement costs as much as reading it). The scenario parser hands back the same Statement
    for a line it has read before, so a scenario re-checked with a line edited or answers appended (the checker
    page, the explorer) is read here only for its new lines, and cards read from the same lines are the same
    objects; a first check reads everything. `key`: what else a value depends on (the board's cards), also
    compared by identity. Errors are not kept: they are raised again by computing again."""

    def __init__(self, size: int = 512):  # small: every object kept alive is more work for the cyclic GC
        self.size = size
        self.got: dict[int, tuple[object, tuple[object, ...], Any]] = {}

    def get(self, obj: object, key: tuple[object, ...] = ()) -> Any:
        e = self.got.get(id(obj))
        if e is None or e[0] is not obj or len(e[1]) != len(key) or not all(map(operator.is_, e[1], key)):
            return None
        return e[2]

    def put(self, obj: object, value: Any, key: tuple[object, ...] = ()) -> Any:
        if len(self.got) >= self.size:
            self.got.clear()
        self.got[id(obj)] = (obj, key, value)  # the object is kept alive with it, so its id is not reused
        return value


_CARD_LINES = _Kept()  # card line -> its card
_LATER_LINES = _Kept()  # action or expect line, with the board's cards -> its items
_BOARDS = _Kept(64)  # first board line, with all the board lines -> the board


def _card_line(st: Statement) -> tuple[Card, Orient, Tok, int, str | None]:
    """A card line's card, orientation, name token, unnamed markers and (a marker line) the position it lies under."""
    if st.area != "marker":
        got = _plain_card(st)
        if got is not None:
            return got
    phrases, under = st.phrases, None
    if st.area == "marker":  # `A marker: character "Wing" …, under CM` (a face-up marker, bottom first)
        last = phrases[-1]
        if last.words[:1] != ("under",) or len(last.toks) != 2 or last.toks[1].value not in POSITIONS:
            raise error(last, "say which character the marker lies under", 'end the line with `under CM`')
        phrases, under = phrases[:-1], last.toks[1].value
    card, orient, tok, markers = parse_card(phrases)
    return card, orient, tok, markers, under


# A card line's kind, name and colours as the phrase reading accepts them (`parse_card`), on a plain line (see
# `syntax.plain_phrases`): read from the line's text in one match, with its details split from the rest.
_CARD_HEAD = re.compile(r' *(character|event|climax) +"([^"]*)"((?: +(?:' + "|".join(COLORS) + r'))*) *(?:,|\Z)')
_Words = tuple[tuple[str, ...], tuple[str, ...]]  # a detail's lower-cased words ('' for a string) and values


def _plain_details(rest: str, escaped: bool) -> list[_Words]:
    """The details of a plain card line after its head: each one's words and values (as its phrase's); `escaped`:
    its strings' escapes are masked (`syntax.plain_phrases`)."""
    out: list[_Words] = []
    w: list[str] = []
    v: list[str] = []
    for k, seg in enumerate(rest.split('"')):
        if k & 1:  # a string
            w.append("")
            v.append(unmask(seg) if escaped else seg)
            continue
        for j, part in enumerate(seg.split(",")):
            if j:
                out.append((tuple(w), tuple(v)))
                w, v = [], []
            for x in part.split(" "):
                if x:
                    w.append(x.lower())
                    v.append(x)
    out.append((tuple(w), tuple(v)))
    return out


def _number(w: str, v: str) -> bool:
    """`Tok.is_number` of a token of these word and value."""
    return w != "" and (v.isdecimal() or (v[:1] in ("+", "-") and v[1:].isdecimal()))


def _plain_reading(w: tuple[str, ...], v: tuple[str, ...]) -> tuple[str, Any] | None:
    """`_reading` of a detail by its words and values, when it reads without an error (else None: the phrase
    reading raises it)."""
    got = _PLAIN.get(w)
    if got is not None:
        return got
    w0 = w[0]
    if w0 in ("level", "cost", "soul"):
        got = (w0, int(v[1])) if len(w) == 2 and _number(w[1], v[1]) and int(v[1]) >= 0 else None
    elif w0 in ("trigger", "triggers"):
        got = ("triggers", tuple(Trigger(x) for x in w[1:])) if _TRIGGER_WORDS.issuperset(w[1:]) else None
    elif w0 in ("trait", "traits"):
        return ("traits+", v[1:]) if len(w) >= 2 else None
    elif w0 == "effect":
        return ("texts+", card_abilities(v[1])) if len(w) == 2 and w[1] == "" else None
    elif w0 in _DETAILS:
        got = _word_detail(w, (), None)  # type: ignore[arg-type]  # it reads the words alone
    elif _number(w0, v[0]) and len(w) == 2:
        got = (w[1], int(v[0])) if w[1] in ("power", "soul") else \
            ("markers", int(v[0])) if w[1] in ("marker", "markers") else None
    if got is None or "" in w:
        return got
    if len(_PLAIN) >= _MAX_PLAIN:
        _PLAIN.clear()
    _PLAIN[w] = got
    return got


# The details of plain card lines without strings, by their text (as `_SETS`, by their words): fields, orientation,
# markers. Never an error: a line with one is read by its phrases.
_TEXT_SETS: dict[str, tuple[dict[str, Any], Orient, int]] = {}


def _plain_card(st: Statement) -> tuple[Card, Orient, Tok, int, None] | None:
    """`_card_line` of a plain card line (not a marker's), read from its text; None when the phrase reading must
    read it (it does not read plainly, or it has an error, which that reading raises at its place)."""
    plain = plain_phrases(st)
    if plain is None:
        return None
    text, pos, escaped = plain
    m = _CARD_HEAD.match(text, pos)
    if m is None:
        return None
    kind_word, name, colors = m.groups()
    if escaped:
        name = unmask(name)
    kind = _KINDS[kind_word]
    d = _Draft({"kind": kind, "color": colors.rsplit(" ", 1)[-1] if colors else ""})
    rest = text[m.end():]
    known = _TEXT_SETS.get(rest)  # details without strings, read before (a board repeats `level 0, cost 0, …`)
    if known is not None:
        fields, d.orient, d.markers = known
    else:
        fields = {}
        own = False
        for w, v in _plain_details(rest, escaped) if rest else ():
            got = _plain_reading(w, v)
            if got is None:
                return None
            k, value = got
            if k == "orient":
                d.orient = value
            elif k == "markers":
                d.markers = value
            elif k in ("texts+", "traits+"):
                own = True
                _own(d, k, value)
            else:
                fields[k] = value
        if not own:  # a function of the text alone (effects and traits are read each time, into the draft)
            if len(_TEXT_SETS) >= _MAX_SETS:
                _TEXT_SETS.clear()
            _TEXT_SETS[rest] = (fields, d.orient, d.markers)
    d.info.update(fields)
    name_tok = Tok(name, True, st.line, m.start(2))  # the string's column is its opening quote's
    texts, abilities = _abilities(d, kind, name_tok)
    return Card(name, texts=texts, abilities=abilities, **d.info), d.orient, name_tok, d.markers, None


@dataclass
class _Reader:
    turn: int = 1
    player: str = "A"
    phase: Phase = Phase.MAIN
    first_turn: bool = False
    counts: dict = field(default_factory=lambda: {p: {} for p in PLAYERS})
    cards: dict = field(default_factory=dict)  # uid -> Card
    where: dict = field(default_factory=lambda: {p: {a: [] for a in AREAS} for p in PLAYERS})
    lines: dict = field(default_factory=dict)  # uid -> (line, column)
    assumptions: set = field(default_factory=set)
    turn_seen: bool = False
    # s13 heads: the characters the turn line says were placed on the stage from the hand this turn (`"X" placed from
    # hand`, OnStage.from_hand), each with its token for an error
    from_hand: dict = field(default_factory=dict)

    def read_turn(self, st: Statement) -> None:
        self.turn_seen = True
        for ph in st.phrases:
            w, t = ph.words, ph.toks
            if len(t) == 1 and t[0].is_number:
                self.turn = max(1, int(t[0].value))
            elif len(t) == 1 and t[0].value in PLAYERS:
                self.player = t[0].value
            elif len(w) == 2 and w[1] in ("phase", "step") and w[0] in PHASE_WORDS:
                self.phase = PHASE_WORDS[w[0]]
            elif w == ("first", "turn"):
                self.first_turn = True
            elif len(t) == 4 and t[0].quoted and w[1:] == ("placed", "from", "hand"):  # s13 heads
                self.from_hand[t[0].value] = t[0]
            else:
                raise error(ph, f"unknown turn detail {ph.text()!r}",
                           "write `turn 6, A, main phase` (phases: " + ", ".join(PHASE_WORDS) + "), `first turn`, "
                           '`"Card" placed from hand` (a character played from the hand this turn)')

    def read_player(self, st: Statement) -> None:
        for ph in st.phrases:
            w = " ".join(ph.words[:-1])
            if w not in COUNTS:
                near = difflib.get_close_matches(w, list(COUNTS), n=1)
                raise error(ph, f"unknown count {ph.text()!r}", (f"did you mean {near[0]!r}? " if near else "")
                           + "counts: " + ", ".join(COUNTS))
            self.counts[st.head][COUNTS[w]] = _int(ph.toks[-1], ph, w)

    def read_card(self, st: Statement) -> None:
        plain = plain_phrases(st)
        if not (plain[0][plain[1]:].strip(" ") if plain is not None else st.phrases):
            raise error(st, "describe the card after the colon", 'e.g. A CM: character "Old Guard" red, 2500 power')
        card, orient, tok, markers, under = _CARD_LINES.get(st) or _CARD_LINES.put(st, _card_line(st))
        if markers and st.area not in POSITIONS:
            raise error(st, "markers lie under a character on a stage position (3.7.1)")
        if card.uid in self.cards:
            raise error(tok, f'"{card.uid}" is described twice', 'give copies an id: "Name#1", "Name#2"')
        if st.area in POSITIONS and card.kind is not Kind.CHARACTER:
            raise error(st, f"only characters stand on the stage; {card.uid!r} is a {card.kind}")
        if st.area == "climax" and card.kind is not Kind.CLIMAX:
            raise error(st, f"only a climax goes in the climax area; {card.uid!r} is a {card.kind}")
        self.cards[card.uid] = card
        self.where[st.head][st.area].append((card.uid, under or orient, markers))
        self.lines[card.uid] = (tok.line, tok.column)

    def board(self, anchor: Statement) -> State:
        sides = {}
        serial = 0
        for p in PLAYERS:
            c, w = self.counts[p], self.where[p]
            kw: dict = {}
            for area, fld in PILE.items():
                listed = tuple(u for u, _o, _m in w[area])
                n = c.get(fld, len(listed)) if fld != "climax" else len(listed)
                if n < len(listed):
                    raise error(anchor, f"{p} has {n} card(s) in {area.replace('_', ' ')} but {len(listed)} are described",
                               f"raise {p}'s `{area.replace('_', ' ')}` count")
                unnamed = (UNKNOWN,) * (n - len(listed))
                # clock and level: the described cards are the bottom ones; other piles: on top
                kw[fld] = listed + unnamed if fld in ("clock", "level") else unnamed + listed
            deck_listed = tuple(u for u, _o, _m in w["deck"])
            n = c.get("deck", len(deck_listed))
            if n < len(deck_listed):
                raise error(anchor, f"{p} has {n} card(s) in deck but {len(deck_listed)} are described",
                           f"raise {p}'s `deck` count")
            kw["deck"] = OrderedZone(deck_listed + (UNKNOWN,) * (n - len(deck_listed)))
            stage: list[tuple[OnStage, ...]] = []
            for pos in POSITIONS:
                here = w[pos]
                if len(here) > 1:
                    raise error(anchor, f"{p}'s {pos} holds more than one character")
                if here:
                    serial += 1
                    uid, orient, markers = here[0]
                    named = tuple(u for u, at, _m in w["marker"] if at == pos) if w["marker"] else ()
                    stage.append((OnStage(uid, orient, markers=named + (UNKNOWN,) * markers, placed=serial,
                                          from_hand=uid in self.from_hand),))
                else:
                    stage.append(())
            # a marker under a position with no character lies in that position's marker area (3.7.1), unaffiliated
            loose = tuple(tuple(u for u, at, _m in w["marker"] if at == pos and not w[pos]) for pos in POSITIONS) \
                if w["marker"] else _NO_MARKERS
            sides[p] = Side(stage=tuple(stage), refresh_point=c.get("refresh_point", 0), loose=loose, **kw)
        point = Point.START
        for uid, tok in self.from_hand.items():  # s13 heads: only a character on the stage was placed there (8.6.2.4.1)
            if not any(uid == u for p in PLAYERS for pos in POSITIONS for u, _o, _m in self.where[p][pos]):
                raise error(tok, f'"{uid}" is not a character on the stage: `"Card" placed from hand` names a character '
                            "played from the hand this turn (8.6.2.4.1)", "describe it on a stage position")
        return State(Catalog(tuple(self.cards.values())), self.turn, self.player, self.phase, point,
                     self.first_turn or (self.turn == 1 and self.player == "A"), sides["A"], sides["B"], serial=serial)


_NO_MARKERS: tuple[tuple[str, ...], ...] = ((),) * len(POSITIONS)  # no marker line for a player


# --- actions ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _ActionLine:
    """One action line being read: its player, first phrase (`w` words, `t` tokens), the phrases after it,
    how a quoted card name is bound (`names`), and the effect texts a quoted answer may name."""

    st: Statement
    names: Callable[[Tok], str]
    texts: frozenset[str]

    @property
    def p(self) -> str:
        return self.st.head

    @property
    def ph0(self) -> Phrase:
        return self.st.phrases[0]

    @property
    def w(self) -> tuple[str, ...]:
        return self.ph0.words

    @property
    def t(self) -> tuple[Tok, ...]:
        return self.ph0.toks

    @property
    def rest(self) -> Sequence[Phrase]:
        return self.st.phrases[1:]

    def card(self, i: int) -> str:
        tok = self.t[i] if len(self.t) > i else None
        if tok is None or not tok.quoted:
            raise error(tok or self.ph0, "name the card in double quotes")
        return self.names(tok)

    def quoted_after(self) -> tuple[str, ...]:
        return tuple(self.names(x) for ph in self.rest for x in ph.toks if x.quoted)


def _clocks(a: _ActionLine) -> object:
    return A.Clock(a.p, a.card(1))


def _does(a: _ActionLine) -> object | None:
    if a.w[:3] == ("does", "not", "clock"):
        return A.Clock(a.p, None)
    return A.Pass(a.p) if a.w == ("does", "nothing") else None


def _plays(a: _ActionLine) -> object | None:
    t = a.t
    if len(t) < 2:
        return None
    uid = a.card(1)
    if len(t) == 4 and a.w[2] in ("on", "to", "onto", "at"):
        if t[3].value not in POSITIONS:
            raise error(t[3], f"unknown stage position {t[3].value!r}", "positions: " + ", ".join(POSITIONS))
        return A.PlayCharacter(a.p, uid, t[3].value)
    if len(t) != 2:
        raise error(a.ph0, "write `A plays \"Card\" on CM` (a character) or `A plays \"Card\"` (an event or climax)")
    targets = a.quoted_after()
    if any(not x.quoted and x.word not in ("on", "targets", "target") for ph in a.rest for x in ph.toks):
        raise error(a.st, 'write targets as `A plays "Event", on "Target"`')
    return A.PlayCard(a.p, uid, targets)


def _moves(a: _ActionLine) -> object | None:
    t = a.t
    if len(t) != 4 or a.w[2] not in ("and", "to"):
        return None
    if t[1].value not in POSITIONS or t[3].value not in POSITIONS:
        raise error(a.ph0, "name two stage positions", "e.g. A moves CL to BL")
    return A.Move(a.p, t[1].value, t[3].value)


def _attacks(a: _ActionLine) -> object | None:
    if a.w[:2] != ("attacks", "with"):
        return None
    uid = a.card(2)
    kinds = [x for x in a.w[3:] if x != "attack"] + [x for ph in a.rest for x in ph.words if x != "attack"]
    if len(kinds) > 1 or (kinds and kinds[0] not in ("direct", "frontal", "side")):
        raise error(a.st, "the attack type is direct, frontal or side", 'e.g. A attacks with "X", frontal attack')
    return A.Attack(a.p, uid, kinds[0] if kinds else None)


def _uses(a: _ActionLine) -> object:
    uid = a.card(1)
    ability = "backup" if "backup" in a.w[2:] else ""
    return A.Activate(a.p, uid, ability, a.quoted_after() + tuple(a.names(x) for x in a.t[2:] if x.quoted),
                      _ability_number(a))


def _ability_number(a: _ActionLine) -> int:
    """`A uses "X", ability 2`: the Nth 【ACT】 ability printed on the card (6.5.1.2.3); 0 when not named."""
    toks = [*a.t[2:], *(x for ph in a.rest for x in ph.toks)]
    at = next((k for k, x in enumerate(toks) if not x.quoted and x.word == "ability"), None)
    if at is None:
        return 0
    n = toks[at + 1] if at + 1 < len(toks) else None
    if n is None or n.quoted or not n.value.isdigit() or int(n.value) < 1:
        raise error(n or toks[at], "write the ability's number: `ability 2` is the card's second 【ACT】 ability",
                    'e.g. A uses "X", ability 2')
    return int(n.value)


def _passes(a: _ActionLine) -> object | None:
    return A.Pass(a.p) if a.w == ("passes",) else None


def _answer_value(x: Tok) -> str:
    return x.value if x.quoted or x.value in POSITIONS else x.word


# zones._identify names an unnamed card "A-card-1": an answer may choose it by that name (e.g. among looked-at cards)
_UNNAMED_UID = re.compile(r"[AB]-card-\d+")


def _says(a: _ActionLine) -> object:
    """`chooses …`, `discards …`, `reveals …`: an answer; quoted values must name a card (or an effect's text)."""
    toks = [*a.t[1:], *(x for ph in a.rest for x in ph.toks)]
    vals = [_answer_value(x) for x in toks]
    if a.w[0] == "reveals" and vals[:1] == ["unnamed"]:
        vals = [" ".join(["unnamed", *vals[1:]])]
    for x in toks:
        if _UNNAMED_UID.fullmatch(x.value):  # a card the engine was told is unnamed, by the name its step gave it
            continue
        if x.quoted and x.value not in a.texts:  # a card, an effect's text, or a waiting ability "Card: text"
            a.names(Tok(x.value.split(": ", 1)[0], True, x.line, x.column))
    if not vals:
        raise error(a.ph0, f"{a.w[0]} what?")
    return A.Say(a.p, tuple(vals))


def _encores(a: _ActionLine) -> object:
    return A.Say(a.p, ("pay", a.card(1)))


def _declines(a: _ActionLine) -> object | None:
    if a.w[:2] != ("declines", "encore"):
        return None
    q = next((x for x in a.t if x.quoted), None)
    return A.Say(a.p, ("decline", a.names(q)) if q else ("decline",))


_ACTIONS: dict[str, Callable[[_ActionLine], object | None]] = {
    "clocks": _clocks, "does": _does, "plays": _plays, "exchanges": _moves, "moves": _moves, "attacks": _attacks,
    "uses": _uses, "activates": _uses, "passes": _passes, "chooses": _says, "discards": _says, "reveals": _says,
    "encores": _encores, "declines": _declines,
}


def parse_action(st: Statement, names: Callable[[Tok], str], texts: frozenset[str] = frozenset()) -> object:
    line = _ActionLine(st, names, texts)
    reader = _ACTIONS.get(line.w[0])
    action = reader(line) if reader else None
    if action is None:
        raise error(line.ph0, f"unknown action {line.ph0.text()!r}",
                    'actions: clocks "X"; does not clock; plays "X" on CM; plays "X"; moves CL to BL; attacks with '
                    '"X", frontal|side|direct attack; uses "X"; uses "X", ability 2; uses "X" backup; passes; chooses …; '
                    'reveals …; encores "X"; declines encore of "X"')
    return action



def parse_proceed(st: Statement) -> A.Proceed:
    w = [x for ph in st.phrases for x in ph.words]
    toks = [x for ph in st.phrases for x in ph.toks]
    if len(w) == 4 and w[0] == "to" and toks[1].value in PLAYERS and w[2] in PHASE_WORDS and w[3] in ("phase", "step"):
        return A.Proceed(toks[1].value, PHASE_WORDS[w[2]])
    raise error(st, "write `proceed to B clock phase`: the player, then the phase",
               "phases: " + ", ".join(PHASE_WORDS))


# --- expectations -------------------------------------------------------------------------------------

def _zone(state: State, uid: str) -> str:
    loc = state.locate(uid)
    if loc is None:
        return "nowhere"
    return loc[1]


def _in_zone(uid: str, want: str) -> Callable[[Context], tuple[bool, str]]:
    """`"X" in waiting room`, `"X" on CM`: the card is located once (a walk of both sides' zones)."""
    def chk(ctx: Context) -> tuple[bool, str]:
        zone = _zone(_st(ctx), uid)
        return zone == want, zone
    return chk


def _card_expect(ph: Phrase, uid: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    j = " ".join(w)
    if w[:1] == ("in",) and " ".join(w[1:]) in ZONE_WORDS:
        return _in_zone(uid, ZONE_WORDS[" ".join(w[1:])]), False
    if len(w) == 2 and w[0] in ("on", "at") and t[1].value in POSITIONS:
        return _in_zone(uid, t[1].value), False
    if j in ("on stage", "not on stage"):
        want_on = j == "on stage"
        return (lambda ctx: ((_st(ctx).on_stage(uid) is not None) == want_on, _zone(_st(ctx), uid))), False
    if j in ("stand", "standing", "rest", "rested", "reverse", "reversed"):
        want = {"standing": "stand", "rested": "rest", "reversed": "reverse"}.get(j, j)

        def chk(ctx: Context) -> tuple[bool, str]:
            on = _st(ctx).on_stage(uid)
            actual = str(on[2].orient) if on else "not on stage"
            return actual == want, actual
        return chk, False
    if len(w) == 2 and w[0] in ("power", "soul") and t[1].value.lstrip("+-").isdigit():
        n, k = int(t[1].value), 0 if w[0] == "power" else 1

        def chk_n(ctx: Context) -> tuple[bool, str]:
            on = _st(ctx).on_stage(uid)
            if not on:
                return False, "not on stage"
            v = view.stats(_st(ctx), on[0], on[1], on[2])[k]
            return v == n, str(v)
        return chk_n, False
    if len(w) == 2 and w[0] == "markers" and t[1].is_number:
        n_m = int(t[1].value)

        def chk_m(ctx: Context) -> tuple[bool, str]:
            on = _st(ctx).on_stage(uid)
            return (on is not None and len(on[2].markers) == n_m), (str(len(on[2].markers)) if on else "not on stage")
        return chk_m, False
    if j in ("triggered", "not triggered"):
        want_t = j == "triggered"
        return (lambda ctx: (any(e.kind == "standby" and e.subject == uid for e in ctx.events) == want_t,
                             "triggered" if any(e.kind == "standby" and e.subject == uid for e in ctx.events)
                             else "not triggered")), False
    return None


def _ws(state: object) -> State:
    if not isinstance(state, State):  # pragma: no cover - the driver hands back the state this game made
        raise TypeError(f"not a Weiss Schwarz state: {type(state).__name__}")
    return state


def _st(ctx: Context) -> State:
    return _ws(ctx.state)


def _player_expect(ph: Phrase, who: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    key = " ".join(w[:-1])
    if key in COUNTS and t[-1].is_number:
        n, fld = int(t[-1].value), COUNTS[key]

        def chk(ctx: Context) -> tuple[bool, str]:
            s = _st(ctx).side(who)
            v = getattr(s, fld)
            v = v if isinstance(v, int) else len(v)
            return v == n, str(v)
        return chk, False
    return None


def _facts(ctx: Context, key: str) -> list[object]:
    return [v for e in ctx.events for k, v in e.facts if k == key]


def _game_expect(ph: Phrase, w: tuple[str, ...], t: tuple[Tok, ...]):
    j = " ".join(w)
    if j in ("damage cancelled", "damage canceled", "damage not cancelled", "damage not canceled"):
        want = "not" not in w
        return (lambda ctx: ((want in _facts(ctx, "cancelled")), ", ".join(map(str, _facts(ctx, "cancelled")))
                             or "no damage")), False
    if j in ("frontal attack", "side attack", "direct attack"):
        kind = w[0]
        return (lambda ctx: (kind in _facts(ctx, "type"), ", ".join(map(str, _facts(ctx, "type"))) or "no attack")), False
    if j in ("counter step", "no counter step"):
        want_c = j == "counter step"
        return (lambda ctx: (any("7.4.1" in e.rules for e in ctx.events) == want_c,
                             "counter step" if any("7.4.1" in e.rules for e in ctx.events) else "no counter step")), False
    if len(w) == 2 and w[1] == "phase" and w[0] in PHASE_WORDS:
        ph_ = w[0]
        return (lambda ctx: (str(_st(ctx).phase) == ph_, f"{_st(ctx).phase} phase")), False
    return None


EXPECTATIONS = Expectations(
    players=PLAYERS, rule_ids=RuleIdFormat.DOTTED,
    turn=lambda s: (_ws(s).turn, _ws(s).player, str(_ws(s).phase)), steps=frozenset(PHASE_WORDS),
    card=_card_expect, player=_player_expect, game=_game_expect,
    heads=frozenset({"damage", "frontal", "side", "direct", "counter"}) | frozenset(PHASE_WORDS),
    phrases=frozenset({"no counter step"}),
    player_items=frozenset({"deck", "hand", "clock", "level", "stock", "waiting", "memory", "refresh"}),
    examples=EXPECTS)

ASSUMPTIONS = {"unmentioned options are declined": "declined", "unmentioned options declined": "declined",
               "optional effects are declined": "declined", "options declined": "declined",
               "undescribed cards do not matter": "undescribed", "unnamed cards do not matter": "undescribed"}


def _assume(r: _Reader, st: Statement) -> None:
    text = " ".join(x for ph in st.phrases for x in ph.words)
    if text not in ASSUMPTIONS:
        raise error(st, f"unknown assumption {text!r}", "write `assume unmentioned options are declined` or "
                    "`assume undescribed cards do not matter`")
    r.assumptions.add(ASSUMPTIONS[text])


def _board_line(r: _Reader, st: Statement, first_action: Statement | None) -> None:
    if first_action is not None:
        raise error(st, "board lines come before the actions and expectations", f"move it above line {first_action.line}")
    if st.head == "battle":
        raise error(st, "ws scenarios have no `battle` line: start at a phase and declare the attack")
    if st.kind == "keyword":
        r.read_turn(st)
    elif st.area is None:
        r.read_player(st)
    else:
        r.read_card(st)


def _namer(r: _Reader) -> Callable[[Tok], str]:
    """How a quoted name binds to a card of the board: exactly, or the one card of that name (`"X#2"`)."""
    known = list(r.cards)

    def names(tok: Tok) -> str:
        if tok.value in r.cards:
            return tok.value
        same = [u for u in known if u.split("#", 1)[0] == tok.value]
        if len(same) == 1:
            return same[0]
        if same:
            raise error(tok, f'"{tok.value}" is ambiguous', "write one of " + ", ".join(f'"{u}"' for u in same))
        near = difflib.get_close_matches(tok.value, known, n=1)
        raise error(tok, f'unknown card "{tok.value}"', f'did you mean "{near[0]}"?' if near else
                    "describe it on a board line first")
    return names


def _item(st: Statement, names: Callable[[Tok], str], texts: frozenset[str], state: State) -> list[Any]:
    """The items of one line after the board: an action, `proceed to …`, or expectations."""
    if st.kind == "action":
        return [ActionItem(st.line, st.source.strip(), _bind_play(parse_action(st, names, texts), state))]
    if st.head == "proceed":
        return [ActionItem(st.line, st.source.strip(), parse_proceed(st))]
    if st.head == "expect":
        return list(parse_expect(st, names, EXPECTATIONS))
    raise error(st, f"unexpected {st.head!r} line")


def read(statements: Sequence[Statement], rules_version: str) -> Scenario:
    r = _Reader()
    later: list[Statement] = []
    board: list[Statement] = []
    first_action: Statement | None = None
    for st in statements:
        if st.kind == "keyword" and st.head in ("game", "rules"):
            continue
        if st.kind == "keyword" and st.head == "assume":
            _assume(r, st)
        elif st.kind == "player" or (st.kind == "keyword" and st.head in ("turn", "battle")):
            _board_line(r, st, first_action)
            board.append(st)
        else:
            first_action = first_action or st
            later.append(st)
    anchor = first_action or (statements[-1] if statements else None)
    if anchor is None:
        raise ScenarioError("the scenario is empty", line=1, column=1, hint="start with `game ws`")
    # the board is a function of its lines (with the catalogue's indexes computed once for it)
    state = (_BOARDS.get(board[0], tuple(board)) or _BOARDS.put(board[0], r.board(anchor), tuple(board))) if board \
        else r.board(anchor)
    if "undescribed" in r.assumptions:
        state = replace(state, undescribed_irrelevant=True)
    names = _namer(r)
    texts = frozenset(t for c in r.cards.values() for t in c.texts)
    # A line's items depend on the line and the board's cards (names, kinds, texts): the catalogue's tuple of
    # cards is the same object exactly when the board was kept for the same lines.
    cards = (state.catalog.cards,)
    items = []
    for st in later:
        got = _LATER_LINES.get(st, cards)
        items += got if got is not None else _LATER_LINES.put(st, tuple(_item(st, names, texts, state)), cards)
    return Scenario(GAME, rules_version, state, tuple(items),
                    tuple((u, ln, col) for u, (ln, col) in r.lines.items()), frozenset(r.assumptions))


def _bind_play(action: object, state: State) -> object:
    """`A plays "X"` is an event or a climax, by the card's kind."""
    if isinstance(action, A.PlayCard):
        kind = state.card(action.card).kind
        if kind is Kind.CLIMAX:
            return A.PlayClimax(action.player, action.card)
        if kind is Kind.EVENT:
            return A.PlayEvent(action.player, action.card, action.targets)
        return A.PlayCharacter(action.player, action.card, "")
    return action


# --- writing a board back ---------------------------------------------------------------------------

def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


_CLIMAX, _CHARACTER = Kind.CLIMAX, Kind.CHARACTER  # looked up once (slow enum class attributes, engine/ws/turn.py)
_STAND = Orient.STAND


def _printed(card: Card) -> tuple[str, str]:
    """A card line's printed details and its effects (the orientation and markers go between them)."""
    kind = card.kind
    head = f"{str(kind)} {_q(card.uid)}" + (f" {card.color}" if card.color else "")
    if kind is not _CLIMAX:
        head += f", level {card.level}, cost {card.cost}"
    if kind is _CHARACTER:
        head += f", {card.power} power, soul {card.soul}"
    if card.triggers:
        head += ", trigger " + " ".join(card.triggers)
    if card.counter:
        head += ", counter"
    for t in card.traits:
        head += f", trait {_q(t)}"
    return head, "".join(f", effect {_q(x)}" for x in card.texts)


_WRITTEN = _Kept()  # card -> its printed details (the answer, the explorer and the page write boards again)


def write_card(card: Card, orient: Orient | None = None, markers: int = 0) -> str:
    head, effects = _WRITTEN.get(card) or _WRITTEN.put(card, _printed(card))
    if orient is not None and orient is not _STAND:
        head += f", {orient}"
    if markers:
        head += f", {markers} marker{'s' * (markers != 1)}"
    return head + effects


def write_board(state: State) -> str:
    turn = f"turn {state.turn}, {state.player}, {state.phase} phase" + (", first turn" if state.first_turn else "")
    # s13 heads: the characters played from the hand this turn (OnStage.from_hand)
    turn += "".join(f", {_q(o.uid)} placed from hand" for p in PLAYERS for here in state.side(p).stage for o in here
                    if o.from_hand)
    out = ["game ws", turn]
    by_uid = state.catalog.by_uid
    for p in PLAYERS:
        s = state.side(p)
        out.append(f"{p}: deck {len(s.deck)}, hand {len(s.hand)}, clock {len(s.clock)}, level {len(s.level)}, "
                   f"stock {len(s.stock)}, waiting room {len(s.waiting)}, memory {len(s.memory)}, "
                   f"refresh point {s.refresh_point}")
        for pos, here, loose in zip(POSITIONS, s.stage, s.loose, strict=True):
            if here:
                o = here[-1]  # the last placed (Side.at)
                out.append(f"{p} {pos}: {write_card(by_uid[o.uid], o.orient, o.markers.count(UNKNOWN))}")
                out += [f"{p} marker: {write_card(by_uid[m])}, under {pos}" for m in o.markers if isinstance(m, str)]
            if loose:
                out += [f"{p} marker: {write_card(by_uid[m])}, under {pos}" for m in loose if isinstance(m, str)]
        for area, pile in zip(PILE, (s.hand, s.clock, s.level, s.stock, s.waiting, s.memory, s.climax), strict=True):
            out += [f"{p} {area}: {write_card(by_uid[x])}" for x in pile if isinstance(x, str)]
        for x in s.deck.cards:
            if not isinstance(x, str):
                break
            out.append(f"{p} deck: {write_card(state.card(x))}")
    return "\n".join(out) + "\n"


__all__ = ["EXPECTATIONS", "EXPECTS", "read", "replace", "write_board"]
