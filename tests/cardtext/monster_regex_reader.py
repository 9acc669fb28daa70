"""The regex reader monster used before grammar/monster_effects.lark (frozen copy, 8948feb), kept only as the
oracle of test_monster_equivalence.py: the grammar must read every text it accepted to the same AST."""

# ruff: noqa
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from judge_app.engine.core import Unsupported
from judge_app.engine.monster.effects import (Ability, Continuous, CounterIt, DestroyBattle, DestroySelf, Discard,
                                              Draw, Instruction, Move, NoAdvance, Optional, PlayToken, PlusCounter,
                                              PlusThreat, Rage, Threat)
from judge_app.engine.monster.state import ROMAN, Kind

_N = r"(\d+|an?|one|two|three)"
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_WHO = {"you": "you", "your": "you", "your opponent": "opponent", "your opponent's": "opponent",
        "each player": "each", "each": "each"}


def _num(s: str) -> int:
    return _WORDS.get(s.lower()) or int(s)


def _who(s: str | None) -> str:
    return _WHO[(s or "you").lower().strip()]


# sentence pattern -> builder (a dispatch table: the first full match wins)
_SENTENCES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], object]], ...] = tuple((re.compile(p, re.I), f) for p, f in (
    (rf"(?:(your opponent|each player) )?draws? (up to )?{_N} cards?",
     lambda m: Draw(_who(m[1]), _num(m[3]), bool(m[2]))),
    (rf"(?:(your opponent|each player) )?discards? (up to )?{_N} cards?(?: from (?:your|their) hand)?",
     lambda m: Discard(_who(m[1]), _num(m[3]), bool(m[2]))),
    (r"increase (your|your opponent's) invading monster's rage by (\d+)", lambda m: Rage(_who(m[1]), int(m[2]))),
    (r"(advance|retreat) (your|your opponent's) invading monster(?: (\d+) times| to zone (\d+))?",
     lambda m: Move(_who(m[2]), m[1].lower() == "advance", int(m[3] or 1), int(m[4]) if m[4] else None)),
    (r"(your|your opponent's) invading monster (gains|loses) \+?(\d+) rage",
     lambda m: Rage(_who(m[1]), int(m[3]) * (1 if m[2].lower() == "gains" else -1))),
    (r"(gain|lose) (\d+) rage", lambda m: Rage("you", int(m[2]) * (1 if m[1].lower() == "gain" else -1))),
    (r"destroy (up to )?1 of your opponent's battle cards( in a zone adjacent to your invading monster)?",
     lambda m: DestroyBattle(bool(m[2]), bool(m[1]))),
    (r"(your|your opponent's) invading monster gets ([+-]\d+) threat level until end of turn",
     lambda m: Threat(_who(m[1]), int(m[2]))),
    (r"counter your opponent's invading monster", lambda m: CounterIt()),
    (r"(your|your opponent's) invading monster cannot advance until end of turn", lambda m: NoAdvance(_who(m[1]))),
    (r"destroy this card", lambda m: DestroySelf()),
    (r"play an? ([A-Za-z][A-Za-z' -]*?) battle token with (\d+) counter power", lambda m: PlayToken(m[1], int(m[2]))),
    (r"this card gets \+(\d+) counter power", lambda m: PlusCounter(int(m[1]))),
    (r"your invading monster gets \+(\d+) threat level", lambda m: PlusThreat(int(m[1]))),
))

# Matched against text whose whitespace runs are collapsed to one space (`_parse_ability`): words are
# separated by exactly one space, so the pattern cannot split a run of spaces in many ways (ReDoS).
_KEYWORD = re.compile(r"^[\[【] ?([A-Za-z]+(?: [A-Za-z]+)*?)(?: ([IV]+|\d+))? ?[\]】] ?(?:[\[【] ?([^\]】 ]+(?: [^\]】 ]+)*) ?[\]】])? ?",
                      re.I)
_PHRASED = ((re.compile(r"^\s*when this card is played,\s*", re.I), "enter"),
            (re.compile(r"^\s*when this invading monster advances from an invasion,\s*", re.I), "when invading"),
            (re.compile(r"^\s*when this card is placed into the discard pile from the field,\s*", re.I), "revenge"))
# 10.2.1.3.1-10.2.1.3.2: "when (action A), [you may] (action B) instead" - a replacement effect of the card
# while it is on the field; the event it replaces is the card's destruction.
_REPLACEMENT = re.compile(r"^when this card would be destroyed, (you may )?(.+?),? instead\.?$", re.I)
_BEGINNING = re.compile(r"^\s*at the beginning of your (start|main|counter|end) phase,\s*", re.I)


def _refuse(card: str, text: str, words: str, why: str = "") -> Unsupported:
    return Unsupported(f"card text of {card!r} not understood: {words!r} in {text!r}" + (f" ({why})" if why else ""),
                       subject=card, hint="supported effects are listed in docs/scenario-language.md (monster)")


def _one(card: str, text: str, s: str) -> object:
    for pat, build in _SENTENCES:
        m = pat.fullmatch(s)
        if m:
            return build(m)
    raise _refuse(card, text, s)


def _sentences(card: str, text: str, body: str) -> tuple[object, ...]:
    out: list[object] = []
    body = re.sub(r"\([^)]*\)", "", body)  # reminder text does not affect the game (2.9.2)
    for sentence in (s.strip() for s in re.split(r"(?<=\.)\s+", body.strip())):
        s = sentence.rstrip(".").strip()
        if not s:
            continue
        may = re.match(r"you may\s+", s, re.I)  # 10.5.4: the whole sentence is the optional action
        parts = tuple(_one(card, text, p.strip()) for p in re.split(r",\s*then\s+", s[may.end():] if may else s,
                                                                     flags=re.I))
        if may:
            if any(isinstance(x, PlusCounter | PlusThreat) for x in parts):
                raise _refuse(card, text, s, "'you may' takes a one-shot action")
            out.append(Optional(parts))
        else:
            out.extend(parts)
    return tuple(out)


# Which card types each ability may sit on: an ability the engine would never apply on that type is
# refused rather than silently ignored.
_ON = {"when invading": {Kind.MONSTER}, "burst": {Kind.MONSTER}, "evolution": {Kind.BATTLE},
       "revenge": {Kind.BATTLE}, "base": {Kind.STRATEGY}, "replacement": {Kind.BATTLE}}


@cache
def parse_ability(card: str, kind: Kind, text: str) -> Ability:
    """One ability of a card (raises Unsupported, naming the words not understood)."""
    ab = _parse_ability(card, kind, text)
    allowed = _ON.get(ab.keyword)
    if allowed is not None and kind not in allowed:
        raise _refuse(card, text, text.strip(), f"{ab.keyword} is not supported on a {kind} card")
    if any(isinstance(x, PlusCounter) for x in ab.static) and kind is not Kind.BATTLE:
        raise _refuse(card, text, text.strip(), f"a {kind} card has no counter power")
    return ab


def _steps(card: str, text: str, body: str, why: str) -> tuple[Instruction, ...]:
    """One-shot instructions only: a continuous effect here is refused with `why`."""
    parsed = _sentences(card, text, body)
    steps = tuple(x for x in parsed if isinstance(x, Instruction))
    if len(steps) != len(parsed):
        raise _refuse(card, text, body.strip(), why)
    return steps


def _static(card: str, text: str, body: str, why: str) -> tuple[Continuous, ...]:
    """Continuous effects only: a one-shot instruction here is refused with `why`."""
    parsed = _sentences(card, text, body)
    static = tuple(x for x in parsed if isinstance(x, PlusCounter | PlusThreat))
    if len(static) != len(parsed):
        raise _refuse(card, text, body.strip(), why)
    return static


@dataclass(frozen=True, slots=True)
class _Head:
    """A bracketed keyword read off the front of an ability: `[Evolution 3][Beast]` and what follows."""

    card: str
    text: str  # the whole ability, whitespace collapsed
    word: str
    number: int | None
    trait: str | None
    rest: str  # the text after the keyword(s)
    head: str  # the keyword(s) as written


def _resonance(h: _Head) -> Ability:  # deck construction only (12.8, 6.1.2): inactive once the game starts
    return Ability("resonance", h.text)


def _burst(h: _Head) -> Ability:
    if h.number is None or h.rest.strip():
        raise _refuse(h.card, h.text, h.rest.strip() or h.head, "write [Burst II] alone")
    return Ability("burst", h.text, number=h.number)


def _evolution(h: _Head) -> Ability:
    if h.number is None or not h.trait or h.rest.strip():
        raise _refuse(h.card, h.text, h.rest.strip() or h.head, "write [Evolution 3][Trait] alone")
    return Ability("evolution", h.text, number=h.number, trait=h.trait)


def _base(h: _Head) -> Ability:
    if not h.rest.strip():
        return Ability("base", h.text)
    b = _BEGINNING.match(h.rest)
    if not b:
        raise _refuse(h.card, h.text, h.rest.strip(), "Base needs 'At the beginning of your … phase, …'")
    return Ability("base", h.text, steps=_steps(h.card, h.text, h.rest[b.end():],
                                                  "a continuous effect cannot follow a trigger"), phase=b[1].lower())


def _awakening(h: _Head) -> Ability:
    if h.number is None:
        raise _refuse(h.card, h.text, h.head, "write [Awakening 6]")
    return Ability("awakening", h.text, number=h.number,
                   static=_static(h.card, h.text, h.rest, "Awakening takes a continuous effect"))


def _triggered(h: _Head) -> Ability:  # [Enter], [When invading], [Revenge]: a trigger, then instructions
    if h.number is not None or h.trait:
        raise _refuse(h.card, h.text, h.head)
    return Ability(h.word, h.text, steps=_steps(h.card, h.text, h.rest, "a continuous effect cannot follow a trigger"))


_KEYWORD_READERS: dict[str, Callable[[_Head], Ability]] = {
    "resonance": _resonance, "burst": _burst, "evolution": _evolution, "base": _base, "awakening": _awakening,
    "enter": _triggered, "when invading": _triggered, "revenge": _triggered,
}


def _keyword(card: str, text: str, m: re.Match[str]) -> Ability:
    word = m[1].strip().lower()
    reader = _KEYWORD_READERS.get(word)
    if reader is None:
        raise _refuse(card, text, m[0].strip(), "unknown keyword")
    num = m[2]
    number = (ROMAN[num.upper()] if num.upper() in ROMAN else int(num)) if num else None
    return reader(_Head(card, text, word, number, m[3], text[m.end():], m[0].strip()))


def _parse_ability(card: str, kind: Kind, text: str) -> Ability:
    text = " ".join(text.split())
    m = _KEYWORD.match(text)
    if m:
        return _keyword(card, text, m)
    r = _REPLACEMENT.match(text)
    if r:
        return Ability("replacement", text, optional=bool(r[1]),
                       steps=_steps(card, text, r[2], "a replacement performs a one-shot action"))
    for pat, word in _PHRASED:  # the keyword's meaning written out (12.2.2, 12.3.2, 12.7.2)
        p = pat.match(text)
        if p:
            return Ability(word, text, steps=_steps(card, text, text[p.end():],
                                                    "a continuous effect cannot follow a trigger"))
    b = _BEGINNING.match(text)
    if b:
        return Ability("beginning", text, phase=b[1].lower(),
                       steps=_steps(card, text, text[b.end():], "a continuous effect cannot follow a trigger"))
    if kind is Kind.STRATEGY:  # 10.1.1.1.2: a strategy card's text is an automatic ability on placement
        return Ability("strategy", text, steps=_steps(
            card, text, text, "a lasting effect from a strategy card's text is not supported yet (10.1.1.1.2 makes "
            "the text an automatic ability)"))
    return Ability("continuous", text,
                   static=_static(card, text, text, "a one-shot effect needs a timing such as [Enter] on this card type"))


