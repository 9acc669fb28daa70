"""Standard card text -> typed, frozen effects (no game logic here).

Standard prints effects differently from Saga, and its chapter 5-19 gives the words that join the
parts of an effect a meaning of their own; both live here. The single instructions inside a part
("Destroy 1 opponent Spirit with 3000 BP or less", "draw 1 card") read the same in both games, so
they are read by Saga's vocabulary (engine/bss/vocab.parse_directive) and then checked against the
instructions this engine executes: anything else is refused, naming the words.

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

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from judge_app.engine.bss import vocab as saga
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
    parse_sel,
)

__all__ = ["Cores", "Destroy", "Draw", "EffectSyntaxError", "Exhaust", "Forbid", "HeavyExhaust", "ModBP", "Place",
           "Refresh", "Return", "Sel"]


@dataclass(frozen=True, slots=True)
class HeavyExhaust:  # 5-16
    sel: Sel


@dataclass(frozen=True, slots=True)
class Trig:
    event: str  # summoned, deployed, attacks, blocks, destroyed, exhausted, refreshed, step_start, turn_end, battle_end
    whose: str = "self"  # self | you | opponent | any
    by_opponent: bool = False
    step: str | None = None


@dataclass(frozen=True, slots=True)
class Cond:
    kind: str  # life_le / life_ge (whose life: "you"/"opponent"), destroyed (this effect destroyed a card)
    who: str = "you"
    n: int = 0

    def text(self) -> str:
        if self.kind == "destroyed":
            return "a card was Destroyed by this effect"
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


@dataclass(frozen=True, slots=True)
class Effect:
    text: str
    kind: str  # magic | triggered | continuous | replacement | keyword
    labels: frozenset[str] = frozenset()  # main / flash
    trigger: Trig | None = None
    parts: tuple[Part, ...] = ()
    once_per_turn: bool = False  # 12-3-1
    unstackable: bool = False  # 12-3-2
    while_: str | None = None  # continuous: "attacking" (12-2-1-8) / "blocking" (12-2-1-10)
    replaces: Sel | None = None  # replacement: which cards' destruction it replaces
    by_opponent: bool = False  # replacement: only a destruction by the opponent's effect or Spirit
    keyword: str | None = None
    cost: tuple[Part, ...] = ()  # activated effects: the action before '▶' (9-1-6-2)


EXECUTED = (Draw, Destroy, Exhaust, HeavyExhaust, Refresh, Return, ModBP, Forbid, Cores)
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
    "instructions: draw N cards | destroy SPIRITS | exhaust / Heavy Exhaust / refresh SPIRITS | return SPIRITS to "
    "their owner's Hand | SPIRITS get +N/-N BP during this turn/battle | SPIRITS cannot attack/block during this "
    "turn | move N cores from PLACE to PLACE",
)
HINT = "supported Standard effect text — " + "; ".join(FORMS) + " (see docs/scenario-language.md, Battle Spirits Standard)"


def _fail(phrase: str, why: str) -> EffectSyntaxError:
    return EffectSyntaxError(f'the engine cannot execute the effect words "{phrase.strip()}" ({why})', phrase, HINT)


_B = r"[\[【『「]"  # opening brackets
_E = r"[\]】』」]"

_TIMINGS: list[tuple[str, Callable[[re.Match[str]], Trig]]] = [
    (r"when (?:this spirit is )?summoned", lambda m: Trig("summoned")),
    (r"when (?:this nexus is )?deployed", lambda m: Trig("deployed")),
    (r"when attacking|when this spirit attacks", lambda m: Trig("attacks")),
    (r"when blocking|when this spirit blocks", lambda m: Trig("blocks")),
    (r"when (?:this (?:spirit|nexus) is )?destroyed by (?:the |an |your )?opponent(?:'s effect)?",
     lambda m: Trig("destroyed", by_opponent=True)),
    (r"when (?:this (?:spirit|nexus) is )?destroyed", lambda m: Trig("destroyed")),
    (r"when (?:this spirit is |this spirit becomes )?exhausted", lambda m: Trig("exhausted")),
    (r"when (?:this spirit is |this spirit becomes )?refreshed", lambda m: Trig("refreshed")),
    (r"when a spirit is summoned", lambda m: Trig("summoned", "any")),
    (r"when (?:one of )?your spirits? (?:is|are) summoned|when you summon a spirit", lambda m: Trig("summoned", "you")),
    (r"when (?:one of )?your opponent'?s'? spirits? (?:is|are) summoned", lambda m: Trig("summoned", "opponent")),
    (r"when a spirit is destroyed", lambda m: Trig("destroyed", "any")),
    (r"when (?:one of )?your spirits? (?:is|are) destroyed", lambda m: Trig("destroyed", "you")),
    (r"when (?:one of )?your opponent'?s'? spirits? (?:is|are) destroyed", lambda m: Trig("destroyed", "opponent")),
    (r"at the start of (your |your opponent'?s'? |the |each )?(start|core|draw|refresh|main|attack|second main|end) step",
     lambda m: Trig("step_start", {"your": "you", "the": "any", "each": "any", "": "any"}.get(
         (m.group(1) or "").strip(), "opponent"), step=m.group(2).lower().replace(" ", "_"))),
    (r"at the end of (?:the|this|each) turn", lambda m: Trig("turn_end", "any")),
    (r"at the end of your turn", lambda m: Trig("turn_end", "you")),
    (r"at the end of your opponent'?s'? turn", lambda m: Trig("turn_end", "opponent")),
    (r"at the end of (?:the|this) battle|when the battle ends", lambda m: Trig("battle_end", "any")),
    (r"when your life is reduced", lambda m: Trig("life_reduced", "you")),
    (r"when your opponent'?s'? life is reduced", lambda m: Trig("life_reduced", "opponent")),
]

_CONDS: list[tuple[str, Callable[[re.Match[str]], Cond]]] = [
    (r"(you have|your opponent has) (\d+) or (less|fewer|more) life",
     lambda m: Cond("life_le" if m.group(3) != "more" else "life_ge", "you" if m.group(1) == "you have" else "opponent",
                    int(m.group(2)))),
    (r"(?:a|an opponent'?s'?) (?:spirit|card) (?:was|is) destroyed by this effect|you destroyed a spirit",
     lambda m: Cond("destroyed")),
]


def _norm(text: str) -> str:
    t = (text.replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'").replace("：", ":"))
    return re.sub(r"\s+", " ", t).strip()


def _sentences(body: str) -> list[str]:
    """Split on '. ' outside brackets and parentheses."""
    out, depth, cur = [], 0, ""
    for i, ch in enumerate(body):
        if ch in "(【[『「":
            depth += 1
        elif ch in ")】]』」":
            depth = max(0, depth - 1)
        cur += ch
        if ch == "." and depth == 0 and (i + 1 == len(body) or body[i + 1] == " "):
            out.append(cur.strip().rstrip(".").strip())
            cur = ""
    if cur.strip():
        out.append(cur.strip().rstrip(".").strip())
    return [s for s in out if s]


def _instruction(s: str, one_shot: bool):
    low = s.lower()
    m = re.fullmatch(r"heavy exhaust (.+)", low)
    if m:
        return HeavyExhaust(parse_sel(m.group(1)))
    try:
        d = saga.parse_directive(s)
    except EffectSyntaxError as e:
        raise _fail(e.phrase or s, "not an instruction the Standard engine reads") from None
    if not isinstance(d, EXECUTED):
        raise _fail(s, f"{type(d).__name__} instructions are not executed by the Standard engine yet")
    if isinstance(d, Return) and d.to != "hand":
        raise _fail(s, "only returns to the Hand are executed")
    if one_shot and isinstance(d, (ModBP, Forbid)) and d.duration is None:
        raise _fail(s, "a resolving effect must say how long it lasts: during this turn / during this battle")
    if isinstance(d, Cores) and d.soul:
        raise _fail(s, "moving the soul core by an effect is not executed yet")
    if isinstance(d, Cores) and d.dst.kind == "card" and d.src.kind == "card" and any(
            p.sel is not None and (p.sel.count or 0) > 1 for p in (d.src, d.dst)):
        raise _fail(s, "moving cores from or onto several cards at once by an effect is not executed yet")
    for sel in _sels(d):
        if sel.keyword is not None or sel.token:
            raise _fail(s, "Standard cards have no such keyword or token description")
        if not one_shot and (sel.bp or sel.cost or sel.state):
            raise _fail(s, "a continuous effect's description by BP, cost or state is not executed yet")
    return d


def _sels(d) -> list[Sel]:
    out = [x for x in (getattr(d, "sel", None),) if x is not None]
    if isinstance(d, Cores):
        out += [p.sel for p in (d.src, d.dst) if p.sel is not None]
    return out


def parse_body(body: str) -> tuple[Part, ...]:
    parts: list[Part] = []
    for k, s in enumerate(_sentences(body)):
        link = "first" if k == 0 else "and"
        cond = None
        m = re.match(r"then,?\s+", s, re.I)
        if m:
            link, s = "then", s[m.end():]
        m = re.match(r"after this effect resolves,?\s+", s, re.I)
        if m:
            link, s = "after", s[m.end():]
        m = re.match(r"if (.+?),\s+", s, re.I)
        if m and not re.search(r"would be destroyed", m.group(1), re.I):
            for pat, mk in _CONDS:
                mm = re.fullmatch(pat, m.group(1), re.I)
                if mm:
                    cond = mk(mm)
                    break
            else:
                raise _fail(m.group(1), "a condition the engine does not read")
            link, s = "if", s[m.end():]
        m = re.match(r"(?:you |your opponent |they )?must\s+", s, re.I)
        if m and k > 0:
            link, s = "must", s[m.end():]
        elif m:
            raise _fail(s, "'must' (5-19-5) joins a part to the text before it; nothing precedes it here")
        optional = False
        m = re.match(r"you may\s+", s, re.I)
        if m:
            optional, s = True, s[m.end():]
        directives = tuple(_instruction(x, True) for x in re.split(r",? and (?=(?:draw|destroy|exhaust|heavy exhaust|refresh|return)\b)", s, flags=re.I))
        parts.append(Part(link, directives, optional, cond, s))
    if not parts:
        raise _fail(body, "the effect says nothing to do")
    return tuple(parts)


def _restrictions(t: str) -> tuple[bool, bool, str]:
    m = re.match(_B + r"\s*(unstackable\s*,\s*once per turn|once per turn\s*,\s*unstackable|once per turn|unstackable)\s*"
                 + _E + r"\s*", t, re.I)
    if not m:
        return False, False, t
    w = m.group(1).lower()
    return "once" in w, "unstackable" in w, t[m.end():]


def _common(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """Common effects written 《…》 (12-2-1): Soul Magic and Succession mark the card; Super Unleash is a Lv cost."""
    m = re.fullmatch(r"《\s*(soul magic|succession|super unleash)\s*(?::\s*([a-z]+))?\s*》\.?", t, re.I)
    if not m:
        return None
    name = m.group(1).lower()
    if name == "super unleash":
        raise _fail(t, "《Super Unleash》 is written on the Lv2 cost: put `super unleash` on the card line")
    if name == "soul magic":
        color = (m.group(2) or "").lower()
        if color not in saga.COLORS:
            raise _fail(t, "《Soul Magic: COLOR》 names the symbol needed on your Field")
        return Effect(raw, "common", keyword=f"Soul Magic:{color}")
    return Effect(raw, "common", keyword="Succession")


def _activated(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """Activated effects (9-1-6): 【Activate: Main】 [COST ▶] EFFECT."""
    m = re.fullmatch(r"[【\[]\s*activate\s*:\s*(main|flash|main\s*/\s*flash)\s*[】\]]\s*(?:(.+?)\s*▶\s*)?(.+)", t, re.I)
    if not m:
        return None
    labels = frozenset(x.strip().lower() for x in m.group(1).split("/"))
    cost = parse_body(m.group(2)) if m.group(2) else ()
    return Effect(raw, "activated", labels, parts=parse_body(m.group(3)), cost=cost, once_per_turn=once,
                  unstackable=unstack)


def _magic(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """Magic: [Main] / [Flash] (9-1-7, 12-2-1-4, 12-2-1-5)."""
    labels: set[str] = set()
    while (m := re.match(_B + r"\s*(main|flash)\s*" + _E + r"\s*(?:/\s*)?", t, re.I)):
        labels.add(m.group(1).lower())
        t = t[m.end():]
    if not labels:
        return None
    return Effect(raw, "magic", frozenset(labels), parts=parse_body(t), once_per_turn=once, unstackable=unstack)


def _bracketed(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """A bracketed head: 『During Attack』/『During Block』 (12-2-1-8), a 『When …』 timing, or a keyword."""
    m = re.match(_B + r"\s*([^\]】』」]+?)\s*" + _E + r"\s*:?\s*(.*)$", t)
    if not m:
        return None
    head = m.group(1)
    if head.lower() in ("during attack", "during block"):
        cont = _instruction(m.group(2).rstrip("."), False)
        if not isinstance(cont, (ModBP, Forbid)) or cont.duration is not None:
            raise _fail(m.group(2), "a 『During Attack』/『During Block』 effect here is a continuous BP or cannot effect")
        return Effect(raw, "continuous", parts=(Part("first", (cont,), text=m.group(2)),),
                      while_="attacking" if "attack" in head.lower() else "blocking")
    if head.lower().startswith(("when", "at ")):
        return _triggered(raw, head, m.group(2), once, unstack)
    name = head.split(":")[0].strip()
    if name.lower() == "clash":
        raise _fail(m.group(0), "the Standard rules name 【Clash】 (5-2-2, 12-1-1) but do not say what it does")
    raise _fail(m.group(0), f"unknown keyword or timing 【{name}】")


def _timed(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """Triggered, unbracketed: When …: BODY (9-1-5)."""
    m = re.match(r"((?:when|at) [^:,]+?)\s*[:,]\s*(.+)$", t, re.I)
    if not m or re.search(r"would be destroyed", m.group(1), re.I):
        return None
    return _triggered(raw, m.group(1), m.group(2), once, unstack)


def _triggered(raw: str, head: str, rest: str, once: bool, unstack: bool) -> Effect:
    for pat, mk in _TIMINGS:
        mt = re.fullmatch(pat, head.strip(), re.I)
        if mt:
            return Effect(raw, "triggered", trigger=mk(mt), parts=parse_body(rest), once_per_turn=once,
                          unstackable=unstack)
    raise _fail(head, "a timing the engine does not read")


def _replacement(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """Replacement (9-1-8): If SPIRITS would be Destroyed, [you may] … instead."""
    m = re.fullmatch(r"if (.+?) would be destroyed( by (?:an |the |your )?opponent(?:'?s'? (?:effect|spirit)s?)?)?,?\s+"
                     r"(you may )?(.+?),?\s+instead\.?", t, re.I)
    if not m:
        return None
    body = (m.group(3) or "") + m.group(4)
    return Effect(raw, "replacement", parts=parse_body(body), replaces=parse_sel(m.group(1)), once_per_turn=once,
                  unstackable=unstack, by_opponent=bool(m.group(2)))


def _continuous(raw: str, t: str, once: bool, unstack: bool) -> Effect | None:
    """Continuous (9-1-4): a BP or cannot effect with no duration."""
    cont = _instruction(t.rstrip("."), False)
    if isinstance(cont, (ModBP, Forbid)) and cont.duration is None:
        return Effect(raw, "continuous", parts=(Part("first", (cont,), text=t),))
    return None


# Tried in order; the first that recognises the shape reads it (or refuses it by name).
_READERS: tuple[Callable[[str, str, bool, bool], Effect | None], ...] = (
    _common, _activated, _magic, _bracketed, _timed, _replacement, _continuous)


@lru_cache(maxsize=2048)
def parse_effect(text: str) -> Effect:
    """One effect text -> Effect; EffectSyntaxError naming the words it cannot execute."""
    raw = text
    t = _norm(text)
    if not t:
        raise _fail(raw, "empty effect text")
    once, unstack, t = _restrictions(t)
    if not t:
        raise _fail(raw, "a restriction needs an effect after it")
    for read in _READERS:
        effect = read(raw, t, once, unstack)
        if effect is not None:
            return effect
    raise _fail(t, "an instruction with no timing: write [Main]/[Flash] or a 『When …』 timing before it")


def require_supported(text: str) -> Effect:
    return parse_effect(text)
