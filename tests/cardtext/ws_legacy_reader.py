"""The regex reader ws used before grammar/ws_effects.lark (main 8948feb), kept only as the oracle of the
equivalence proof (tests/cardtext/test_ws_equivalence.py): the product reads card text with
judge_app.engine.ws.cardtext alone. Unchanged but for its imports and the AST classes it builds, which now
live in judge_app.engine.ws.effects. Delete it once the proof is recorded.
"""

# ruff: noqa
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from judge_app.engine.ws.effects import (Ability, Brainstorm, ChangeInto, Cond, Cost, Damage, Draw, Effect,
                                         EffectError, FusionInto, Heal, Pump, Salvage, SelfTo, SunderInto, TopTo)

CIRCLED = {"①": 1, "②": 2, "③": 3, "④": 4, "⑤": 5, "⑥": 6, "⑦": 7, "⑧": 8, "⑨": 9}
NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}
NOT_YET_KEYWORDS: dict[str, str] = {}

# --- the reader ---------------------------------------------------------------------------------

_CATEGORY = re.compile(r"^\s*(?:【\s*(auto|cont|act)\s*】|\[\s*(auto|cont|act)\s*\]|\b(auto|cont|act)\b)\s*", re.I)
_COMBO = re.compile(r"^\s*(?:\[\s*cxcombo\s*\]|【\s*cxcombo\s*】|cxcombo)\s*", re.I)
_COST = re.compile(r"^\s*\[([^\]]*)\]\s*")


def _num(s: str) -> int:
    return CIRCLED.get(s) or NUM_WORDS.get(s.lower()) or int(s)


def _norm(text: str) -> str:
    t = text.replace("’", "'").replace("“", '"').replace("”", '"').replace("【", "").replace("】", "")
    return re.sub(r"\s+", " ", t).strip()


def parse_cost(text: str, whole: str) -> Cost:
    text = re.sub(r"\(([1-9])\)", lambda m: "①②③④⑤⑥⑦⑧⑨"[int(m.group(1)) - 1], text)  # "(1)" is how English cards print ①
    parts = [p.strip() for p in re.split(r"\s*(?:,| and |&)\s*", text.strip()) if p.strip()]
    stock, dself, dchar, rest, clock_top, reveal, to_wr = 0, False, 0, False, 0, "", False
    for p in parts:
        low = p.lower().rstrip(".")
        if low in CIRCLED or re.fullmatch(r"[①-⑨]+", low):
            stock += sum(CIRCLED[c] for c in low)
        elif m := re.fullmatch(r"(\d+) stock", low):
            stock += int(m.group(1))
        elif low.startswith(tuple(CIRCLED)) and (rest_ := low[1:].strip()):
            stock += CIRCLED[low[0]]
            sub = parse_cost(rest_, whole)
            dself, dchar, rest = dself or sub.discard_self, dchar + sub.discard_character, rest or sub.rest_self
            clock_top, reveal, to_wr = clock_top + sub.clock_top, reveal or sub.reveal, to_wr or sub.self_to_waiting
        elif low == "put this card from your hand into your waiting room":
            dself = True
        elif low == "put this card into your waiting room":
            to_wr = True
        elif m := re.fullmatch(r"put (a|1|one|two|2) characters? from your hand into your waiting room", low):
            dchar += _num(m.group(1))
        elif low in ("rest this card", "【rest】 this card"):
            rest = True
        elif m := re.fullmatch(r"put the top (?:(\d+) )?cards? of your deck into your clock", low):
            clock_top += int(m.group(1) or 1)
        elif m := re.fullmatch(r'reveal (?:a|1|one) "([^"]+)" (?:from|in) your hand', p.strip().rstrip("."), re.I):
            reveal = m.group(1)
        else:
            raise EffectError(whole, p, "costs understood: ①…⑨ (stock), put this card from your hand into your "
                              "waiting room, put a character from your hand into your waiting room, rest this card, "
                              "put the top card of your deck into your clock, reveal a \"Name\" from your hand")
    return Cost(stock=stock, discard_self=dself, discard_character=dchar, rest_self=rest, clock_top=clock_top,
                reveal=reveal, self_to_waiting=to_wr)


_GETS = r"gets? ([+-]\d+) (power|soul)(?: and ([+-]\d+) (power|soul))?"


def _gains(m: re.Match) -> tuple[int, int]:
    power = soul = 0
    for val, what in ((m.group("v1"), m.group("w1")), (m.group("v2"), m.group("w2"))):
        if val is None:
            continue
        if what == "power":
            power += int(val)
        else:
            soul += int(val)
    return power, soul


_GAIN = r"gets? (?P<v1>[+-]\d+) (?P<w1>power|soul)(?: and (?P<v2>[+-]\d+) (?P<w2>power|soul))?"

# One-shot effect sentences (lower-cased, without the final period).
_ONE_SHOT: list[tuple[re.Pattern, object]] = [
    (re.compile(r"(you may )?draw (a|1|one|2|two) cards?"), lambda m: Draw(_num(m.group(2)), bool(m.group(1)))),
    (re.compile(r"this card " + _GAIN + r" until end of turn"), lambda m: Pump("self", *_gains(m))),
    (re.compile(r"choose (?:1|one|a) of your characters?(?:;|,)?(?: and)? (?:it|that character) " + _GAIN
                + r" until end of turn"), lambda m: Pump("choose-own", *_gains(m))),
    (re.compile(r"choose (?:1|one|a) of your defending characters?(?:;|,)?(?: and)? (?:it|that character) " + _GAIN
                + r" until end of turn"), lambda m: Pump("choose-defending", *_gains(m))),
    (re.compile(r"all of your characters " + _GAIN + r" until end of turn"), lambda m: Pump("all-own", *_gains(m))),
    (re.compile(r"(you may )?put the top (?:(\d+) )?cards? of your deck into your (stock|clock|waiting room)"),
     lambda m: TopTo(m.group(3).replace(" ", "_"), int(m.group(2) or 1), bool(m.group(1)))),
    (re.compile(r"deal (\d+) damage to your opponent"), lambda m: Damage(int(m.group(1)))),
    (re.compile(r"put the top card of your clock into your waiting room"), lambda m: Heal()),
    (re.compile(r"put this card into your (memory|hand)"), lambda m: SelfTo(m.group(1))),
    (re.compile(r"return this card to your hand"), lambda m: SelfTo("hand")),
    (re.compile(r"choose (1|one|up to 1) (character|card) in your waiting room,? and (?:return|put) it (?:to|into) "
                r"your hand"), lambda m: Salvage(None, m.group(2), m.group(1) == "up to 1")),
]


def parse_one_shot(sentence: str, whole: str) -> Effect:
    s = sentence.strip().rstrip(".").strip().lower()
    for pat, make in _ONE_SHOT:
        m = pat.fullmatch(s)
        if m:
            return make(m)  # type: ignore[operator]
    raise EffectError(whole, sentence.strip(), "effects understood: draw N card(s); this card gets +N power until "
                      "end of turn; choose 1 of your characters, it gets +N power until end of turn; put the top card "
                      "of your deck into your stock|clock|waiting room; deal N damage to your opponent; put the top "
                      "card of your clock into your waiting room; put this card into your memory|hand")


def _sentences(s: str) -> list[str]:
    return [x for x in re.split(r"(?<=\.)\s+", s.strip()) if x.strip()]


_WHEN = [
    (re.compile(r"when this card attacks"), "attacks"),
    (re.compile(r"when this card is placed on (?:the )?stage from your hand"), "placed"),
    (re.compile(r"when this card is played and placed on (?:the )?stage"), "placed"),
    (re.compile(r"when this card becomes reversed"), "reversed"),
    (re.compile(r"when this card is placed on (?:your )?climax area from your hand"), "climax-placed"),
    (re.compile(r"when this card's battle opponent becomes reversed"), "opp-reversed"),
    (re.compile(r"when this card is put into your waiting room from the stage"), "to-waiting"),
    (re.compile(r"at the beginning of your (climax|encore|main|attack|draw|clock|end) (?:phase|step)"), "begin"),
]

_CONDITIONS = [
    (re.compile(r'if "([^"]+)" is in your climax area'), lambda m: Cond("climax", m.group(1))),
    (re.compile(r"if you have (\d+) or more cards in your memory"), lambda m: Cond("memory", int(m.group(1)))),
    (re.compile(r"if the total level of cards in your level is (\d+) or higher"), lambda m: Cond("level", int(m.group(1)))),
    (re.compile(r"if this card is the top card of your clock"), lambda m: Cond("clock-top")),
    (re.compile(r"if this card is rest(?:ing|ed)"), lambda m: Cond("resting")),
    (re.compile(r"if this card was the attacking character"), lambda m: Cond("attacker")),
    (re.compile(r"during your turn"), lambda m: Cond("your-turn")),
]


def _conds(s: str, whole: str) -> tuple[tuple[Cond, ...], str]:
    """Leading conditions of a sentence: `if …, ` and `during your turn, `."""
    conds = []
    while True:
        for pat, make in _CONDITIONS:
            m = pat.match(s)
            if m and s[m.end():m.end() + 1] in (",", ""):
                conds.append(make(m))
                s = s[m.end():].lstrip(", ").strip()
                break
        else:
            return tuple(conds), s


def _cont_gain(s: str, whole: str) -> tuple[str, int, int] | None:
    for pat, scope in ((r"this card " + _GAIN, "self"), (r"all of your characters " + _GAIN, "all"),
                       (r"all of your other characters " + _GAIN, "others"),
                       (r"all of your characters in front of this card " + _GAIN, "front")):
        m = re.fullmatch(pat, s)
        if m:
            return (scope, *_gains(m))
    return None


@dataclass(frozen=True, slots=True)
class _Text:
    """One ability's text while it is read: as written (`whole`), what is left of it (`s`, and `low` in lower
    case), its category bracket, the keyword word it starts with, and its cost."""

    whole: str
    s: str
    low: str
    category: str = ""
    keyword: str = ""
    cost: Cost = Cost()


def _encore(t: _Text) -> Ability | None:
    if not re.fullmatch(r"encore \[([^\]]*)\]\.?", t.low):
        return None
    s = t.s
    return Ability("auto", "encore", "to-waiting", cost=parse_cost(s[s.index("[") + 1:s.index("]")], t.whole),
                   optional=True, text=t.whole)


def _backup(t: _Text) -> Ability | None:
    m = re.fullmatch(r"backup (\d+), level (\d+)\s*(?:\[([^\]]*)\])?\s*(.*)", t.low)
    if not m:
        return None
    s, whole = t.s, t.whole
    cost = parse_cost(s[s.index("[") + 1:s.index("]")], whole) if m.group(3) is not None else Cost()
    rest = m.group(4).strip().rstrip(".")
    want = rf"choose (?:1|one|a) of your defending characters?(?:;|,| and) (?:it|that character) gets \+{m.group(1)} power until end of turn"
    if rest and not re.fullmatch(want, rest):
        raise EffectError(whole, rest, "Backup's text is 'Choose 1 of your defending characters; it gets +X "
                          "power until end of turn' (10.5.2)")
    return Ability("act", "backup", power=int(m.group(1)), level=int(m.group(2)), cost=cost, text=whole)


def _assist(t: _Text) -> Ability | None:
    m = re.fullmatch(r"assist (.*)", t.low)
    if not m:
        return None
    g = _cont_gain(m.group(1).rstrip("."), t.whole)
    if g is None or g[0] != "front":
        raise EffectError(t.whole, m.group(1), "Assist: 'All of your characters in front of this card get +N power'")
    return Ability("cont", "assist", scope="front", power=g[1], soul=g[2], text=t.whole)


def _great_performance(t: _Text) -> Ability | None:
    return Ability("cont", "great performance", text=t.whole) if t.low.rstrip(".") == "great performance" else None


def _named_keyword(word: str, t: _Text) -> tuple[str, Cost] | None:
    """`Sunder/"Name" [COST]`, `Bond/"Name" [COST]`: the name as written, and the cost."""
    m = re.fullmatch(word + r'/"?([^"\[]+?)"?\s*\[([^\]]*)\]\.?', t.low)
    written = re.search(word + r'/"?([^"\[]+?)"?\s*\[', t.s, re.I)
    if not m or not written:
        return None
    return written.group(1).strip(), parse_cost(m.group(2), t.whole)


def _sunder(t: _Text) -> Ability | None:
    if (got := _named_keyword("sunder", t)) is None:
        return None
    name, cost = got
    return Ability("auto", "sunder", "begin:end-of-attack", cost=cost, conds=(Cond("attacker"),),
                   effects=(SunderInto(name),), name=name, optional=True, text=t.whole)


def _bond(t: _Text) -> Ability | None:
    if (got := _named_keyword("bond", t)) is None:
        return None
    name, cost = got
    return Ability("auto", "bond", "placed", cost=cost, optional=True, effects=(Salvage(name),), name=name,
                   text=t.whole)


def _fusion(t: _Text) -> Ability | None:
    if not re.fullmatch(r'(?:act )?fusion \[put "([^"]+)" from your stage face up underneath this card as a '
                        r'marker\] search your deck for up to (?:1|one) "([^"]+)",? put it on this card\'s stage '
                        r'position,? put this card and all markers underneath this card face up in any order '
                        r'underneath "[^"]+" as markers,? and shuffle your deck\.?', t.low.strip()):
        return None
    a_name, b_name = re.findall(r'"([^"]+)"', t.s)[:2]
    return Ability("act", "fusion", cost=Cost(stage_to_marker=a_name), effects=(FusionInto(b_name),),
                   name=b_name, text=t.whole)


def _shift(t: _Text) -> Ability | None:
    m = re.fullmatch(r"shift,? level (\d+)\.?", t.low)
    return Ability("auto", "shift", "begin:main", level=int(m.group(1)), optional=True, text=t.whole) if m else None


# Keyword abilities read whole (chapter 10), tried in order.
_KEYWORD_ABILITIES = (_encore, _backup, _assist, _great_performance, _sunder, _fusion, _bond, _shift)
# Keywords that head an ability of the usual form ([cost] body), read after the word.
_KEYWORD_WORDS = ("alarm", "brainstorm", "memory", "experience", "accelerate", "resonate", "change")


def _change(t: _Text) -> Ability:
    m = re.fullmatch(r'at the beginning of your (encore|climax|main|attack) (?:step|phase), (if this card is '
                     r'rest(?:ing|ed), )?you may pay the cost\.? if you do, choose (?:1|one) "([^"]+)" in your '
                     r'waiting room,? and put it on the stage position (?:that|where) this card was(?: on)?\.?',
                     t.low.strip())
    name = re.search(r'choose (?:1|one) "([^"]+)"', t.s, re.I)
    if not m or not name or not t.cost.self_to_waiting:
        raise EffectError(t.whole, t.s, "Change: '[cost, put this card into your waiting room] At the beginning of your "
                          "encore step, (if this card is resting,) you may pay the cost. If you do, choose 1 \"Name\" "
                          "in your waiting room, and put it on the stage position that this card was on.'")
    return Ability("auto", "change", f"begin:{m.group(1)}", cost=t.cost,
                   conds=(Cond("resting"),) if m.group(2) else (), effects=(ChangeInto(name.group(1)),), text=t.whole)


def _brainstorm(t: _Text) -> Ability:
    m = re.fullmatch(r"flip over the top (\d+) cards? of your deck,? (?:and )?put (?:them|those cards) into your "
                     r"waiting room\. for each climax revealed among those cards, (.*)", t.low.strip())
    if not m:
        raise EffectError(t.whole, t.s, "Brainstorm: 'Flip over the top N cards of your deck, put them into your "
                          "waiting room. For each climax revealed among those cards, <effect>.'")
    return Ability(t.category or "act", "brainstorm", cost=t.cost, effects=(Brainstorm(int(m.group(1)),
                   parse_one_shot(m.group(2), t.whole)),), text=t.whole)


def _replacement(t: _Text) -> Ability | None:
    """8.2.1.3: "If this card would be put from the stage into your waiting room, put it into your X instead." """
    m = re.fullmatch(r"if this card would be put (?:from the stage into your waiting room|into your waiting room from "
                     r"the stage), (?:put it|put this card|return it) (?:into|to) your (memory|hand) instead\.?",
                     t.low.strip())
    return Ability("replace", t.keyword, name=m.group(1), text=t.whole) if m else None


def _auto(t: _Text) -> Ability | None:
    if not (t.category == "auto" or (not t.category and t.low.startswith(("when ", "at the beginning")))):
        return None
    low, whole = t.low.strip(), t.whole
    for pat, when in _WHEN:
        mw = pat.match(low)
        if not mw:
            continue
        if when == "begin":
            when = f"begin:{mw.group(1)}"
        conds, rest = _conds(low[mw.end():].lstrip(", ").strip(), whole)
        if t.cost != Cost():  # "[cost] When …, you may pay the cost. If you do, …" (8.1.1.2.2)
            mp = re.match(r"you may pay the cost\.? if you do,? ", rest)
            if not mp:
                raise EffectError(whole, rest.split(".")[0], "an automatic ability with a cost says "
                                  "'you may pay the cost. If you do, …'")
            rest = rest[mp.end():]
        effects = tuple(parse_one_shot(x, whole) for x in _sentences(rest))
        if not effects:
            raise EffectError(whole, t.low, "an automatic ability needs an effect")
        return Ability("auto", t.keyword, when, cost=t.cost, conds=conds, effects=effects, text=whole)
    raise EffectError(whole, t.s.split(",")[0], "activation conditions understood: when this card attacks; when "
                      "this card is placed on stage from your hand; when this card becomes reversed; when this "
                      "card's battle opponent becomes reversed; at the beginning of your <phase>")


def _cont(t: _Text) -> Ability | None:
    if t.category not in ("cont", "") or t.cost.stock:
        return None
    conds, rest = _conds(t.low.strip().rstrip("."), t.whole)
    g = _cont_gain(rest, t.whole)
    if g is None:
        return None
    if t.keyword == "alarm" and Cond("clock-top") not in conds:
        raise EffectError(t.whole, t.s, "Alarm: 'If this card is the top card of your clock, …' (10.1.1)")
    return Ability("cont", t.keyword, conds=conds, scope=g[0], power=g[1], soul=g[2], text=t.whole)


def _act(t: _Text) -> Ability | None:
    if t.category != "act":
        return None
    return Ability("act", t.keyword, cost=t.cost, effects=tuple(parse_one_shot(x, t.whole) for x in _sentences(t.s)),
                   text=t.whole)


def _event(t: _Text) -> Ability | None:
    """An event card's effect: one-shot sentences (the dialect checks the card's kind)."""
    if t.category or t.cost.stock:
        return None
    try:
        return Ability("effect", t.keyword, effects=tuple(parse_one_shot(x, t.whole) for x in _sentences(t.s)),
                       text=t.whole)
    except EffectError:
        return None


_WITH_BODY = {"change": _change, "brainstorm": _brainstorm}
_FORMS = (_replacement, _auto, _cont, _act, _event)  # tried in order once the keyword word and cost are read
_COST_NEEDS = {"accelerate": (lambda c: bool(c.clock_top), "Accelerate: its cost puts a card into your clock (10.12.1)"),
               "resonate": (lambda c: bool(c.reveal), "Resonate: its cost reveals a card in your hand (10.13.1)")}


def _head(text: str) -> _Text:
    """The category bracket (【AUTO】, 【CONT】, 【ACT】) and 【CXCOMBO】 taken off the front."""
    s = _norm(text)
    category = ""
    if m := _CATEGORY.match(s):
        category = (m.group(1) or m.group(2) or m.group(3)).lower()
        s = s[m.end():]
    if _COMBO.match(s):
        s = _COMBO.sub("", s, count=1)
    return _Text(text, s, s.lower().strip(), category)


def _body(t: _Text) -> _Text:
    """The keyword word an ability of the usual form starts with, then its [cost]."""
    s, low = t.s, t.low
    keyword = next((kw for kw in _KEYWORD_WORDS if low.startswith(kw + " ")), "")
    if keyword:
        s, low = s[len(keyword) + 1:], low[len(keyword) + 1:]
    cost = Cost()
    if (mc := _COST.match(s)) is not None:
        cost = parse_cost(mc.group(1), t.whole)
        s, low = s[mc.end():], low[mc.end():]
    if keyword in _COST_NEEDS and not _COST_NEEDS[keyword][0](cost):
        raise EffectError(t.whole, s, _COST_NEEDS[keyword][1])
    return _Text(t.whole, s, low, t.category, keyword, cost)


def _read(text: str) -> Ability:
    t = _head(text)
    first = t.low.split(" ", 1)[0].strip(",/")
    if first in NOT_YET_KEYWORDS:
        raise EffectError(text, t.s.split(" ", 1)[0], f"the keyword {first.title()} ({NOT_YET_KEYWORDS[first]}) "
                          "is not executed yet")
    for keyword_ability in _KEYWORD_ABILITIES:
        if (a := keyword_ability(t)) is not None:
            return a
    t = _body(t)
    if t.keyword in _WITH_BODY:
        return _WITH_BODY[t.keyword](t)
    for form in _FORMS:
        if (a := form(t)) is not None:
            return a
    raise EffectError(text, t.s, "see docs/scenario-language.md, 'Weiss Schwarz card text', for the texts understood")


@lru_cache(maxsize=4096)
def parse_ability(text: str) -> Ability:
    return _read(text)


def is_counter_icon(text: str) -> bool:
    return _norm(text).lower().rstrip(".") in ("counter icon", "counter")
