"""Battle Spirits Standard card text as printed: normalise it, parse it with grammar/bs_standard_effects.lark,
build the effect AST of cards.py (Effect, Part, Trig, Cond and Saga's instruction classes) that effects.py
executes.

One reader: what the grammar reads and the checks below accept is executed completely; a construction the
grammar reads but the engine cannot execute (a continuous effect described by BP, a "cannot be destroyed" the
engine never checks, 《Super Unleash》 written as an effect …) is refused naming its words, and a text the grammar
stops in is refused at that word with the nearest supported wording. Lark is imported here only: cards.py
imports this module when a text is first read, so a scenario without card text never loads the parser.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from judge_app.engine.bs_standard.cards import (
    HINT,
    AnyNumber,
    Choose,
    Cond,
    Cores,
    CoresEach,
    CostIs,
    Count,
    Delayed,
    Destroy,
    DiscardCount,
    DiscardHand,
    DiscardTop,
    Draw,
    DrawEach,
    DrawSymbols,
    Effect,
    EffectSyntaxError,
    EndAttackStep,
    Exhaust,
    Forbid,
    ForbidBlockBy,
    ForEach,
    FreeSummon,
    FromTrash,
    HandToDeck,
    HeavyExhaust,
    LifeCap,
    LifeGuard,
    LookHand,
    ModBP,
    ModBPEach,
    NamedSel,
    NoRefresh,
    Part,
    Place,
    PlayerBan,
    RankedSel,
    Refresh,
    RestRevealed,
    Return,
    RevealTop,
    Sel,
    SelectedRef,
    Shuffle,
    SoulMove,
    TakeRevealed,
    TreatLevel,
    Trig,
    WinGame,
)
from judge_app.engine.bss.vocab import COLORS
from judge_app.engine.core.lalr import Reader, Unparsed
from judge_app.engine.core.misprint import Misprints, Repaired
from judge_app.engine.core.reading import Reading
from judge_app.engine.core.transformer import ThreadTransformer
from judge_app.engine.core.tree import Meta, Token, Transformer, VisitError, v_args

if TYPE_CHECKING:  # lark is imported where a refusal is explained (_parser), not at module import
    from lark import Lark, UnexpectedInput

_T = TypeVar("_T")

# Printed wordings the grammar reads; the nearest one is shown when a text is refused.
EXAMPLES = (
    "『When Summoned』 Draw 1 card.",
    "[Main] Destroy 1 opponent Spirit with 3000 BP or less. Then, draw 1 card.",
    "[Flash] 1 opponent Spirit gets -2000 BP during this battle.",
    "[Main][Flash] 1 of your Spirits gets +3000 BP during this turn.",
    "『When Attacking』 Exhaust 1 opponent Spirit.",
    "『When Destroyed』 Return this Spirit to its owner's Hand.",
    "『When Blocking』 This Spirit gets +3000 BP during this battle.",
    "[Once per turn] When one of your Spirits is Summoned: draw 1 card.",
    "At the start of your Main Step: draw 1 card.",
    "At the end of the turn: destroy all Spirits with 3000 BP or less.",
    "『During Attack』 This Spirit gets +2000 BP.",
    "This Spirit cannot be blocked.",
    "If this Spirit would be Destroyed, Heavy Exhaust it instead.",
    "[Main] If you have 2 or less Life, draw 2 cards.",
    "[Main] Move 1 core from your Reserve to 1 of your Spirits.",
    "【Activate: Main】 Exhaust this Spirit ▶ Draw 1 card.",
    "《Soul Magic: Red》",
    "《Succession》",
)

# The "cannot" the engine checks (rules.py: attacking 7-3, blocking 7-4; effects.destroy: Destruction 5-10, "cannot"
# first 9-1-2-2): others would be read and ignored.
_FORBIDS = ("attack", "block", "attack or block", "be blocked", "be destroyed", "be destroyed by effects",
            "be destroyed by opposing effects", "be selected by opposing effects",
            "be selected by opposing spirit effects", "be selected by opposing nexus effects",
            "be selected by opposing magic effects")
_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}


def normalise(text: str) -> str:
    """The print layout made uniform: curly quotes straight, full-width letters, digits and signs plain ("：", "＋",
    "（Ｆｌａｓｈ）"), a thousands separator dropped ("10,000 BP"), the Soul Core in single quotation marks as in double
    ('Soul Core', 5-7-1), whitespace single."""
    t = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'").translate(_FULL_WIDTH)
    t = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", t)  # "10,000 BP": a thousands separator, not a list
    t = re.sub(r"(?<![\w'])'(soul\s+core)'(?![\w'])", r'"\1"', t, flags=re.I)  # 'Soul Core' quoted as "Soul Core"
    return re.sub(r"\s+", " ", t).strip()


# U+FF01..U+FF5E are the ASCII signs, digits and letters in full width; U+3000 the full-width space
_FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


class _Refused(Exception):
    def __init__(self, at: int, reason: str):
        super().__init__(reason)
        self.at, self.reason = at, reason


class _NotRead(_Refused):
    """Words the grammar took in but that do not mean what their place asks (a lower-case word as a Family):
    refused as not understood, at that word."""


def _span(t: str, meta: Meta) -> str:
    return t[meta.start_pos:meta.end_pos]


def _sel(**kw: Any) -> Sel:
    """A description's Sel: ranked ("with the lowest BP", cards.RankedSel) when it says a rank; by card name
    (cards.NamedSel) when it names one in quotation marks (2-1-2) or part of one (2-1-2-1)."""
    if "named_part" in kw:
        kw = {**{k: v for k, v in kw.items() if k not in ("named_part", "named")}, "named": kw["named_part"],
              "part": True}
    if "named" in kw:
        if "rank" in kw:
            raise _Refused(0, '"with the lowest/highest BP/cost" among cards named in quotation marks is not executed')
        return NamedSel(**kw)
    return RankedSel(**kw) if "rank" in kw else Sel(**kw)


def _unranked(kw: dict[str, Any], at: int, where: str) -> dict[str, Any]:
    """A description where a rank among the Field's cards is not executed (an event's card, a condition's count),
    nor a card name in quotation marks (2-1-2)."""
    if "rank" in kw:
        raise _Refused(at, f'"with the lowest/highest BP/cost" describes cards selected on the Field, not {where}')
    if "named" in kw or "named_part" in kw:
        raise _Refused(at, f"a card name in quotation marks (2-1-2) is read in a selection, not in {where}")
    return kw


def _sel_kw(items: tuple) -> dict[str, Any]:
    """The fields of a Sel from the (field, value) pairs of a description, in printed order (later wins)."""
    kw: dict[str, Any] = {}
    for item in items:
        if isinstance(item, dict):
            kw.update(item)
        elif isinstance(item, list):
            for k, v in item:
                kw[k] = v
    return kw


@v_args(inline=True)
class _Build(Transformer):
    """Lark tree -> cards.py values; `t` is the normalised text (parts keep their printed words)."""

    def __init__(self, t: str):
        super().__init__()
        self.t = t

    # --- whole effects -------------------------------------------------------------------------
    def start(self, *xs: Any) -> tuple[tuple[bool, bool], dict[str, Any]]:
        fields = dict(xs[-1])
        _after_magic(fields, self.t)
        _blocked_ok(fields, self.t)
        if xs and isinstance(xs[0], frozenset):
            fields["levels"], xs = xs[0], xs[1:]
        if len(xs) > 1 and isinstance(xs[-2], _Heading):
            fields, xs = _headed(xs[-2], fields), xs[:-2] + xs[-1:]
        _own_lv_ok(fields)
        if fields.get("kind") == "magic" and any(getattr(d, "duration", None) == "turn_while_this"
                                                 for p in fields.get("parts", ()) for d in p.directives):
            raise _Refused(0, '"as long as you control this spirit" on a Magic card: it is on no Field (11-3-1-6)')
        if fields.get("kind") == "magic" and any(s.bp_vs for p in fields.get("parts", ()) for d in p.directives
                                                 for s in _sels(d)):
            # a Magic card is on no Field while its effect resolves (11-3-1-6): it has no BP to compare with
            raise _Refused(0, "\"this spirit's BP\" on a Magic card: it has no BP to compare with")
        trig = fields.get("trigger")
        if trig is not None and trig.event in ("step_start", "step_end") and trig.step is None:
            raise _Refused(0, '"At the start of the step" names the step of its heading: (During Your Attack Step)')
        if getattr(fields.get("parts"), "once_sentence", False):  # "… This effect can only be activated once per turn."
            fields["once_inline"] = True
        if fields.pop("once_inline", False):  # "[Flash] Once per turn, …": the [Once per turn] restriction (12-3-1)
            if len(xs) == 2:
                raise _Refused(0, "[Once per turn] is written once")
            xs = ((True, False),) + xs
        for key in ("parts", "cost"):
            if getattr(fields.get(key), "instead_tail", False):
                raise _Refused(self.t.lower().rfind("instead"), '"instead" replaces what the text says before it '
                                                                 'under a condition: "If …, … instead" (9-1-8-1-1)')
            if key in fields:
                fields[key] = tuple(fields[key])
        return (xs[0] if len(xs) == 2 else (False, False)), fields

    @v_args(meta=True)
    def heading(self, meta: Meta, children: list) -> _Heading:
        # (the heading's words: not the brackets of "[During Your Turn]")
        return _Heading(next(c for c in children if not isinstance(c, Token)), meta.start_pos)

    def h_your_turn(self, *_: Any) -> str:
        return "your_turn"

    def h_opponent_turn(self, *_: Any) -> str:
        return "opponent_turn"

    def h_your_step(self, step: str) -> str:
        return f"your_{step}_step"

    def h_opponent_step(self, *xs: Any) -> str:
        return f"opponent_{xs[-1]}_step"

    def h_any_step(self, step: str) -> str:
        return f"{step}_step"

    def h_attacking(self) -> str:
        return "attacking"

    def h_blocking(self) -> str:
        return "blocking"

    def h_attacking_or_blocking(self, *_: Any) -> str:
        return "attacking_or_blocking"

    @v_args(meta=True)
    def levels(self, meta: Meta, tokens: list) -> frozenset[int]:
        lvs = [int(re.sub(r"\D", "", str(tok))) for tok in tokens]
        if len(set(lvs)) != len(lvs) or lvs != sorted(lvs) or not all(1 <= n <= 9 for n in lvs):
            raise _Refused(meta.start_pos, "Lv brackets name each Lv once, lowest first: [LV1][LV2]")
        return frozenset(lvs)

    def restriction(self, _o: Token, rw: tuple[bool, bool], _c: Token) -> tuple[bool, bool]:
        return rw

    def r_once(self, *_: Any) -> tuple[bool, bool]:
        return True, False

    def r_unstack(self) -> tuple[bool, bool]:
        return False, True

    def r_both(self, *_: Any) -> tuple[bool, bool]:
        return True, True

    def soul_magic(self, color: Any) -> dict[str, Any]:
        c = str(color).lower()
        if c not in COLORS:
            raise _Refused(getattr(color, "start_pos", 0) or 0, "《Soul Magic: COLOR》 names the symbol needed on your "
                                                                  "Field: " + ", ".join(COLORS))
        return {"kind": "common", "keyword": f"Soul Magic:{c}", "plain": True}

    def succession(self) -> dict[str, Any]:
        return {"kind": "common", "keyword": "Succession", "plain": True}

    def super_unleash(self, *_: Any) -> dict[str, Any]:
        raise _Refused(0, "《Super Unleash》 is written on the Lv2 cost: put `super unleash` on the card line")

    def activated(self, _o: Token, labels: frozenset, _c: Token, *bodies: tuple) -> dict[str, Any]:
        cost, parts = (bodies[0], bodies[1]) if len(bodies) == 2 else ((), bodies[0])
        return {"kind": "activated", "labels": labels, "parts": parts, "cost": cost}

    def l_main(self, *_: Any) -> frozenset[str]:
        return frozenset({"main"})

    def l_flash(self, *_: Any) -> frozenset[str]:
        return frozenset({"flash"})

    def l_main_flash(self) -> frozenset[str]:
        return frozenset({"main", "flash"})

    def magic(self, *xs: Any) -> dict[str, Any]:
        labels = frozenset().union(*(x for x in xs if isinstance(x, frozenset)))
        return {"kind": "magic", "labels": labels, "parts": xs[-1]} | (
            {"once_inline": True} if any(x == "once_inline" for x in xs if isinstance(x, str)) else {})

    def inline_once(self, *_: Any) -> str:
        return "once_inline"

    def bracketed_timing(self, _o: Token, trig: Trig, _c: Token, body: tuple) -> dict[str, Any]:
        return {"kind": "triggered", "trigger": trig, "parts": body}

    def paren_timing(self, trig: Trig, body: tuple) -> dict[str, Any]:
        """A timing in parentheses, the way Saga-worded cards print it: "(When Summoned)" is 『When Summoned』."""
        return {"kind": "triggered", "trigger": trig, "parts": body}

    def paren_timing_once(self, trig: Trig, _once: str, body: tuple) -> dict[str, Any]:
        return {"kind": "triggered", "trigger": trig, "parts": body, "once_inline": True}

    @v_args(meta=True)
    def paren_timings(self, meta: Meta, children: list) -> dict[str, Any]:
        """"(When Summoned/When This Spirit Attacks) …": one effect whose timing is either event (9-1-5-2)."""
        trigs = [c for c in children if isinstance(c, Trig)]
        return {"kind": "triggered", "trigger": _either(trigs, meta.start_pos), "parts": children[-1]}

    bracketed_timings = paren_timings

    @v_args(meta=True)
    def paren_nested(self, meta: Meta, children: list) -> dict[str, Any]:
        """"(When This Spirit Attacks) When this spirit is blocked, …": the second timing, while this Spirit attacks
        (『During Attack』, 12-2-1-8-1); the rules say nothing of a timing under another, and the answer says how it
        is read (Effect.nested)."""
        outer, inner = (c for c in children if isinstance(c, Trig))
        while_ = _NESTED_UNDER.get(outer.event) if outer.whose == "self" and not outer.first else None
        if while_ is None:
            raise _Refused(meta.start_pos, "a timing under another is read under the Spirit's own attack only: "
                                           "(When This Spirit Attacks) When this spirit is blocked, …")
        return {"kind": "triggered", "trigger": inner, "parts": children[-1], "while_": while_, "nested": True}

    def timed(self, trig: Trig, body: tuple) -> dict[str, Any]:
        return {"kind": "triggered", "trigger": trig, "parts": body}

    def timed_once(self, _once: str, trig: Trig, body: tuple) -> dict[str, Any]:
        """"Once per turn, when …, …": the [Once per turn] restriction (12-3-1) written before the timing."""
        return {"kind": "triggered", "trigger": trig, "parts": body, "once_inline": True}

    def late(self, instructions: tuple, trig: Trig, *sentences: tuple | list) -> dict[str, Any]:
        """"Draw a card when one of your Spirits is Destroyed.": the event written after the first sentence's
        instruction (9-1-5-2); the sentences after it go on with the effect, as after a timing written first."""
        return {"kind": "triggered", "trigger": trig, "parts": self.body((set(), None, instructions), *sentences)}

    @v_args(meta=True)
    def late_if(self, meta: Meta, children: list) -> dict[str, Any]:
        """"If CONDITION, X when EVENT.": the event written last, the condition checked as the effect resolves (5-19-2,
        as "(When EVENT) If CONDITION, X")."""
        cond, instructions, trig = children[0], children[1], children[2]
        _not_did(cond, meta.start_pos)
        return {"kind": "triggered", "trigger": trig, "parts": self.body(({"if"}, cond, instructions))}

    def _during(self, close: Token, cont: Any, while_: str) -> dict[str, Any]:
        _continuous_ok(cont, close.end_pos or 0)
        text = re.sub(r"^\s*:?\s*", "", self.t[close.end_pos:])
        return {"kind": "continuous", "parts": (Part("first", (cont,), text=text),), "while_": while_, "plain": True}

    def during_attack(self, _o: Token, close: Token, cont: Any) -> dict[str, Any]:
        return self._during(close, cont, "attacking")

    def during_block(self, _o: Token, close: Token, cont: Any) -> dict[str, Any]:
        return self._during(close, cont, "blocking")

    @v_args(meta=True)
    def replacement(self, meta: Meta, children: list) -> dict[str, Any]:
        once = "once_inline" in children  # "Once per turn, when …": the [Once per turn] restriction (12-3-1)
        # "If CONDITION, when … would be destroyed, …": applied only while the condition is met (9-2-1, 5-19-2)
        cond = next((c for c in children if isinstance(c, Cond)), None)
        children = [c for c in children if not (isinstance(c, Token) and c.type == "WHEN_WOULD") and c != "once_inline"
                    and not isinstance(c, Cond)]
        sel, rest = children[0], children[1:]
        if not getattr(rest[-1], "instead_tail", False):
            raise _Refused(meta.end_pos, 'a replacement effect ends in "instead": "If this Spirit would be Destroyed, '
                                         '… instead." (9-1-8-1-1)')
        if cond is not None:
            _not_did(cond, meta.start_pos)
            _static_cond_ok(cond, meta.start_pos)
        parts = tuple(rest[-1])
        if any(p.link == "to" for p in parts[:1]) or sum(p.link == "to" for p in parts) > 1:
            raise _Refused(meta.start_pos, 'a replacement effect pays one cost before its event: "you may <cost> to '
                                           '<event> instead"')
        return {"kind": "replacement", "parts": parts, "replaces": sel, "by_opponent": len(rest) == 2} \
            | ({"once_inline": True} if once else {}) | ({"cond": cond} if cond is not None else {})

    def repl_by(self, *_: Any) -> bool:
        return True

    @v_args(meta=True)
    def continuous(self, meta: Meta, children: list) -> dict[str, Any]:
        cond = next((c for c in children if isinstance(c, Cond)), None)
        conts = tuple(_it_is_this(c, cond, meta.start_pos)
                      for c in children if not isinstance(c, (Token, Cond)))  # several: each applies (1-4-7)
        for cont in conts:
            _continuous_ok(cont, meta.start_pos)
        if cond is not None:
            _static_cond_ok(cond, meta.start_pos)
        return {"kind": "continuous", "parts": (Part("first", conts, cond=cond, text=self.t[meta.start_pos:]),),
                "plain": True}

    def cont_if(self, *xs: Any) -> Cond:
        return xs[-1]

    @v_args(meta=True)
    def cost_change(self, meta: Meta, children: list) -> dict[str, Any]:
        """"When using this magic card, it costs N if CONDITION": the cost its procedure confirms is N while the
        condition is met (11-3-1-2; the card's text over the printed cost, 1-4-1); checked like a continuous
        effect's condition (9-1-4-3)."""
        when, n, cond = children[0], int(children[1]), children[-1]
        _static_cond_ok(cond, meta.start_pos)
        if cond.kind in ("soul", "soul_paid") or cond.what == "cores_this":
            raise _Refused(meta.start_pos, "a cost that depends on the cores or Soul Core on the card or paid for it is "
                                           "not executed (the card is not on the Field while its cost is confirmed)")
        part = Part("if", (CostIs(n, when),), cond=cond, text=self.t[meta.start_pos:])
        return {"kind": "cost", "parts": (part,), "plain": True}

    @v_args(meta=True)
    def cost_in_hand(self, meta: Meta, children: list) -> dict[str, Any]:
        """"This card costs N in your hand if CONDITION": the cost confirmed when it is Summoned, Deployed or used from
        the Hand (2-2-2; 11-1-1-2, 11-2-1-2, 11-3-1-2), whichever its card type makes it."""
        return self.cost_change(meta, ["hand", *children])

    def cw_use(self, *_: Any) -> str:
        return "use"

    def cw_summon(self, *_: Any) -> str:
        return "summon"

    def cw_deploy(self, *_: Any) -> str:
        return "deploy"

    # --- timings -------------------------------------------------------------------------------
    def t_summoned(self, *_: Any) -> Trig:
        return Trig("summoned")

    def t_deployed(self, *_: Any) -> Trig:
        return Trig("deployed")

    def t_attacks(self, *_: Any) -> Trig:
        return Trig("attacks")

    def t_blocks(self, *_: Any) -> Trig:
        return Trig("blocks")

    def t_blocked(self, *_: Any) -> Trig:
        # the opponent declares a block against this Spirit's attack (8-1-3-1)
        return Trig("blocked")

    def t_attacks_or_blocks(self, *_: Any) -> Trig:
        # 12-2-1-7-1 and 12-2-1-9-1 in one timing: the effect activates at either event
        return Trig("attacks_or_blocks")

    def t_destroyed_by_opponent(self, *_: Any) -> Trig:
        return Trig("destroyed", by_opponent=True)

    def t_destroyed(self, *_: Any) -> Trig:
        return Trig("destroyed")

    def t_returned_self(self, *xs: Any) -> Trig:
        """"When this spirit is returned to your hand": the card itself enters the Pending State of returning there
        (10-2-2-1) and its effect activates then (9-3-3)."""
        return Trig(next(x for x in xs if isinstance(x, str) and x.startswith("to_")))

    def t_exhausted(self, *_: Any) -> Trig:
        return Trig("exhausted")

    def t_refreshed(self, *_: Any) -> Trig:
        return Trig("refreshed")

    def t_any_destroyed(self) -> Trig:
        return Trig("destroyed", "any")

    def t_any_summoned(self) -> Trig:
        return Trig("summoned", "any")

    def t_you_summoned(self, *_: Any) -> Trig:
        return Trig("summoned", "you")

    def t_you_deploy(self, *_: Any) -> Trig:  # 5-9-1: one of the player's Nexuses Deployed (11-2-1-6: onto their Field)
        return Trig("deployed", "you", kinds=("nexus",))

    def t_opponent_deploys(self, *_: Any) -> Trig:
        return Trig("deployed", "opponent", kinds=("nexus",))

    def t_you_use(self, *_: Any) -> Trig:  # 5-12-1, 11-3-1: a Magic card used by the effect's controller
        return Trig("used", "you")

    def t_opponent_uses(self, *_: Any) -> Trig:  # … by their opponent (5-4-2)
        return Trig("used", "opponent")

    def t_first_you_use(self, *_: Any) -> Trig:
        return Trig("used", "you", first=True)

    def t_first_opponent_uses(self, *_: Any) -> Trig:
        return Trig("used", "opponent", first=True)

    def t_you_summon(self, *xs: Any) -> Trig:
        # 5-8-1, 11-1-1-6: the Spirit the player Summons comes onto their Field: one of their Spirits is Summoned
        desc = xs[-1]  # a summon_desc, or the bare conditions after SUMMON_SPIRIT_WITH ("a spirit that costs 5 or more")
        return _event_trig("summoned", "you", desc if isinstance(desc, dict) else _sel_kw((desc,)))

    def t_opponent_summons(self, *xs: Any) -> Trig:
        return _event_trig("summoned", "opponent", xs[-1])

    @v_args(meta=True)
    def t_yours(self, meta: Meta, children: list) -> Trig:
        """"When one of your SPIRITS EVENT": the event of a Spirit of the effect's controller, as described."""
        desc, event = children[-2], children[-1]
        if event == "life":  # 8-1-5-1: the opponent's Life, reduced by the attack of the Spirit described
            return dataclasses.replace(_event_trig("life_reduced", "opponent", desc), attack=True)
        trig = _event_trig("bp_destroys" if event == "bp" else event, "you", desc)
        return dataclasses.replace(trig, loser=event.loser) if isinstance(event, _BpEvent) else trig

    @v_args(meta=True)
    def t_theirs(self, meta: Meta, children: list) -> Trig:
        # the description: the last one before the event ("a spirit your opponent controls": "your opponent" after it)
        return _event_trig(children[-1], "opponent", next(c for c in reversed(children[:-1]) if isinstance(c, dict)))

    @v_args(meta=True)
    def t_first_yours(self, meta: Meta, children: list) -> Trig:
        return dataclasses.replace(self.t_yours(meta, children), first=True)

    @v_args(meta=True)
    def t_first_theirs(self, meta: Meta, children: list) -> Trig:
        return dataclasses.replace(self.t_theirs(meta, children), first=True)

    def t_life_attack_you(self, *xs: Any) -> Trig:
        # 8-1-5-1: your Life reduced by the attack of an opponent's Spirit so described (the attacker, 8-1-1-1)
        return dataclasses.replace(_event_trig("life_reduced", "you", xs[-1]), attack=True)

    def t_life_attack_opponent(self, *xs: Any) -> Trig:
        return dataclasses.replace(_event_trig("life_reduced", "opponent", xs[-1]), attack=True)

    @v_args(meta=True)
    def t_lose_life(self, meta: Meta, _children: list) -> Trig:
        # 8-1-5-1: a player's Life reduced ("loses life"); whose: you, your opponent, or either player
        words = _span(self.t, meta).lower().split()
        whose = "any" if "or" in words or "either" in words else "opponent" if "opponent" in words else "you"
        return Trig("life_reduced", whose)

    def ev_desc(self, *xs: Any) -> dict[str, Any]:
        return _sel_kw(xs)

    def summon_desc(self, *xs: Any) -> dict[str, Any]:
        return _sel_kw(xs)

    def e_summoned(self, *_: Any) -> str:
        return "summoned"

    def e_destroyed(self, *_: Any) -> str:
        return "destroyed"

    def e_destroyed_effect(self, *_: Any) -> str:
        return "destroyed by effect"

    def e_destroyed_opp_effect(self, *_: Any) -> str:
        return "destroyed by opponent's effect"

    def e_destroyed_opp(self, *_: Any) -> str:
        return "destroyed by opponent"

    def e_destroyed_bp(self, *_: Any) -> str:
        return "destroyed by bp"

    def e_refreshed(self, *_: Any) -> str:
        return "refreshed"

    def e_exhausted(self, *_: Any) -> str:
        return "exhausted"

    def e_returned(self, *xs: Any) -> str:
        """"is returned to your hand" / "returns to their hand or deck": the card enters the Pending State of returning
        there (10-2-2-1); either place, either event (9-1-5-2)."""
        return next(x for x in xs if isinstance(x, str) and x.startswith("to_"))

    def ret_where(self, *xs: Any) -> str:
        return "|".join(dict.fromkeys(x for x in xs if x in ("to_hand", "to_deck")))

    def ret_whose(self, *_: Any) -> None:
        return None

    def ra_hand(self) -> str:
        return "to_hand"

    def ra_deck(self) -> str:
        return "to_deck"

    def e_blocked(self, *_: Any) -> str:
        return "blocked"

    def e_attacks(self, *_: Any) -> str:
        return "attacks"

    def e_blocks(self, *_: Any) -> str:
        return "blocks"

    def e_life(self, *_: Any) -> str:
        return "life"

    def e_bp(self, *xs: Any) -> str:
        return _BpEvent("bp", next((x.sel for x in xs if isinstance(x, _Loser)), None))

    def bp_loser(self, *xs: Any) -> _Loser:
        kw = _sel_kw(tuple(x for x in xs if isinstance(x, (dict, list))))
        # (whose it is the timing says, the opponent's: `_bp_destroys` checks it; the rest as it is when destroyed)
        return _Loser(Sel(**_unranked(kw, 0, "a Spirit destroyed in battle")) if kw else None)

    def bp_how(self, *_: Any) -> None:
        return None

    @v_args(meta=True)
    def t_summoned_or(self, meta: Meta, children: list) -> Trig:
        """"When [This Spirit is] Summoned or Attacks / Blocks / Destroyed": either of the card's own timings (9-1-5-2),
        as the same timings joined by "/"."""
        return _either([Trig("summoned"), *(c for c in children if isinstance(c, Trig))], meta.start_pos)

    def t_step_start(self, *xs: Any) -> Trig:
        whose = next((x for x in xs if x in ("you", "opponent", "any")), "any")
        return Trig("step_start", whose, step=xs[-1])

    def t_step_end(self, *xs: Any) -> Trig:
        if xs[-1] not in _DECLARED_ENDS:
            raise _Refused(0, "the end of a step is a timing for the Main, Attack and Second Main Steps, whose end the "
                              "turn player declares (7-6-1-2-4, 7-7-3-2, 7-8-1)")
        whose = next((x for x in xs if x in ("you", "opponent", "any")), "any")
        return Trig("step_end", whose, step=xs[-1])

    def t_the_step_end(self) -> Trig:
        return Trig("step_end", "any", step=None)

    def t_the_step_start(self) -> Trig:
        # "the step": the one its heading names (`_headed`); without a step heading it names none (refused there)
        return Trig("step_start", "any", step=None)

    @v_args(meta=True)
    def step(self, meta: Meta, _children: list) -> str:
        return _span(self.t, meta).lower().replace(" ", "_")

    def w_you(self) -> str:
        return "you"

    def w_opponent(self, *_: Any) -> str:
        return "opponent"

    def w_any(self) -> str:
        return "any"

    def t_turn_end_any(self) -> Trig:
        return Trig("turn_end", "any")

    def t_turn_end_you(self) -> Trig:
        return Trig("turn_end", "you")

    def t_turn_end_opponent(self, *_: Any) -> Trig:
        return Trig("turn_end", "opponent")

    def t_battle_end(self) -> Trig:
        return Trig("battle_end", "any")

    def t_life_you_by_opponent(self, *_: Any) -> Trig:
        return Trig("life_reduced", "you", by_opponent=True)

    def t_life_you(self) -> Trig:
        return Trig("life_reduced", "you")

    def t_life_up_you(self, *_: Any) -> Trig:  # cores placed in the player's Life by an effect (4-7-1)
        return Trig("life_increased", "you")

    def t_life_up_opponent(self, *_: Any) -> Trig:
        return Trig("life_increased", "opponent")

    def t_life_opponent(self, *_: Any) -> Trig:
        return Trig("life_reduced", "opponent")

    def t_bp_this(self, *xs: Any) -> Trig:
        return Trig("bp_destroys", loser=next((x.sel for x in xs if isinstance(x, _Loser)), None))

    def t_life_by_this(self, *_: Any) -> Trig:
        # 8-1-5-1: this Spirit's unblocked attack reduces the opponent's Life by its symbols
        return Trig("life_reduced")


    # --- bodies (5-19) -------------------------------------------------------------------------
    def body(self, *sentences: tuple | list) -> tuple[Part, ...]:
        parts: list[Part] = []
        flat = [_reselect(x) for s in sentences for x in (s if isinstance(s, list) else (s,))]
        tail = bool(flat) and "instead" in flat[-1][0] and flat[-1][1] is None
        for k, (marks, cond, (directives, start, end)) in enumerate(_selected(tuple(flat))):
            did = cond is not None and cond.kind == "did"
            if did:  # 5-19-2 "If you do,": done when the part just before it was (run_parts: link "did")
                if k == 0 or marks & {"instead", "then", "after", "must"}:
                    raise _Refused(start, '"If you do," follows the part it looks at, with nothing else joining them: '
                                          '"You may discard a card. If you do, draw two cards."')
                cond = None
            if "instead" in marks and cond is not None:  # 9-1-8-1-1: the part before, replaced when it is met
                for d in directives:
                    _one_shot_ok(d, start)
                parts[-1:] = [_with_instead(parts[-1:], Part("if", directives, "may" in marks, cond,
                                                             self.t[start:end]), start)]
                continue
            if "instead" in marks and not (tail and k == len(flat) - 1):
                raise _Refused(start, '"instead" replaces what the text says before it under a condition: "If …, … '
                                      'instead" (9-1-8-1-1)')
            link = "first" if k == 0 else "and"
            for mark in ("then", "after", "to"):
                if mark in marks:
                    link = mark
            if cond is not None:
                link = "if"
            if did:
                link = "did"
            if "after_magic" in marks and k != 0:
                raise _Refused(start, '"after its effect resolves" defers the whole effect of a use timing: it ends '
                                      "the effect's first sentence (\"When you use a magic card, draw a card after its "
                                      'effect resolves.")')
            if "must" in marks:
                if k == 0:
                    raise _Refused(start, "'must' (5-19-5) joins a part to the text before it; nothing precedes "
                                          "it here")
                link = "must"
            for d in directives:
                _one_shot_ok(d, start)
            parts.append(Part(link, directives, "may" in marks, cond, self.t[start:end]))
            parts[-1] = _after_reveal(parts, start)
        out = _Parts(parts, tail)
        out.after_magic = any("after_magic" in marks for marks, _c, _d in flat)
        return out

    def body_once(self, *xs: Any) -> tuple[Part, ...]:
        """A body whose last sentence is "This effect can only be activated once per turn.": [Once per turn] (12-3-1-1),
        as when it is written in brackets (start)."""
        out = self.body(*(x for x in xs if not isinstance(x, Token)))
        assert isinstance(out, _Parts)
        out.once_sentence = True
        return out

    def instead(self, *_: Any) -> str:
        return "instead"

    def sentence_to(self, *xs: Any) -> list[tuple]:
        """"[You may] X to Y [instead]": two parts, Y linked by "to" to X (run_parts: Y only when X was done in full).
        "… to keep it on the field [exhausted / refreshed] instead" (TO_KEEP): a replacement's different event (9-1-8-1):
        the card stays on the Field, then is exhausted / refreshed as the words say (nothing more when they say neither)."""
        rest = list(xs)
        marks = {"to"} | ({rest.pop()} if rest[-1] == "instead" else set())
        last = rest[-1]
        if isinstance(last, Token) and last.type == "TO_KEEP":
            word = str(last).split()[-1].lower()
            keep = (Exhaust(Sel(ref="it")),) if word == "exhausted" else (Refresh(Sel(ref="it")),) \
                if word == "refreshed" else ()
            first, second, lead = rest[-2], (keep, last.start_pos, last.end_pos), rest[:-2]
        else:
            first, second, lead = rest[-3], rest[-1], rest[:-3]
        return [self.sentence(*lead, first), (marks, None, second)]

    @v_args(meta=True)
    def sentence_if_after(self, meta: Meta, xs: list) -> tuple:
        """"X if CONDITION": the condition of 5-19-2 written after its instruction; read as "If CONDITION, X"."""
        marks = {x for x in xs if isinstance(x, str)}
        cond = _first(list(xs), Cond)
        _not_did(cond, meta.start_pos)
        return marks, cond, _first(list(xs), tuple)

    @v_args(meta=True)
    def sentence_delayed(self, meta: Meta, children: list) -> tuple:
        """"At the end of this turn, [if …,] [you may] X": one directive, Delayed, holding the part it will resolve."""
        when = _first(children, _When)
        cond = next((x for x in children if isinstance(x, Cond)), None)
        _not_did(cond, meta.start_pos)
        ds, start, end = _first(children, tuple)
        inner = {x for x in children if isinstance(x, str) and not isinstance(x, _When)}
        for d in ds:
            if isinstance(d, _DECK_LOOK):
                raise _Refused(start, "revealing the top of the Deck in an effect set up for later is not executed yet")
            if isinstance(d, (_Select, Delayed)):
                raise _Refused(start, "an effect set up for the end of the turn acts on a card selected before it: "
                                      "\"Select … . At the end of this turn, return it …\"")
            if isinstance(d, EndAttackStep):
                if str(when) != "battle":
                    raise _Refused(start, '"end the attack step" at the end of a turn: the Attack Step is over by then')
                continue  # the Attack Step ends once the battle has (rules.resolve_battle)
            _one_shot_ok(d, start)
        ds = tuple(dataclasses.replace(d, at_once=False) if isinstance(d, EndAttackStep) else d for d in ds)
        part = Part("if" if cond is not None else "first", ds, "may" in inner, cond, self.t[start:end])
        marks = {"then"} if "then" in inner else set()
        return marks, None, ((Delayed(str(when), part),), meta.start_pos, meta.end_pos)

    def delay_when(self, what: str) -> _When:
        return _When(what)

    def nexus_s(self, *_: Any) -> dict[str, Any]:
        return {"kinds": ("nexus",)}

    def sentence(self, *xs: Any) -> tuple:
        marks = {x for x in xs if isinstance(x, str)}
        cond = next((x for x in xs if isinstance(x, Cond)), None)
        return marks, cond, _first(list(xs), tuple)

    def then(self, *_: Any) -> str:
        return "then"

    def after(self, *_: Any) -> str:
        return "after"

    def after_magic(self, *_: Any) -> str:
        return "after_magic"

    def must(self, *_: Any) -> str:
        return "must"

    def may(self) -> str:
        return "may"

    def cond(self, c: Cond) -> Cond:
        return c

    @v_args(meta=True)
    def c_hand(self, meta: Meta, xs: list) -> Cond:
        cmp = next((x for x in xs if x in ("<=", ">=")), ">=")
        # the words after "your opponent" as printed ("has in theirs", "does"), which the condition's text says too
        tail = re.split(r"opponent", _span(self.t, meta), maxsplit=1, flags=re.I)[-1].strip()
        return Cond("hand_fewer" if cmp == "<=" else "hand_more", what=tail)

    def c_did(self, *_: Any) -> Cond:
        return Cond("did")

    def c_life_you(self, n: Token, cmp: str) -> Cond:
        return Cond("life_le" if cmp == "<=" else "life_ge", "you", int(n))

    def c_life_opponent(self, n: Token, cmp: str) -> Cond:
        return Cond("life_le" if cmp == "<=" else "life_ge", "opponent", int(n))

    @v_args(meta=True)
    def c_spirits_you(self, meta: Meta, children: list) -> Cond:
        n, cmp, tail = children[-3:]
        if tail == {"kinds": ("spirit",)}:  # "three or more spirits": the Spirits you have (as before)
            return Cond("spirits_le" if cmp == "<=" else "spirits_ge", "you", n)
        return _control(meta.start_pos, "you", n, cmp, tail)

    @v_args(meta=True)
    def c_spirits_opponent(self, meta: Meta, children: list) -> Cond:
        n, cmp, tail = children[-3:]
        return _control(meta.start_pos, "opponent", n, cmp, tail)

    @v_args(meta=True)
    def c_control_any(self, meta: Meta, children: list) -> Cond:
        return _control(meta.start_pos, "you", 1, ">=", children[-1])

    @v_args(meta=True)
    def c_control_none(self, meta: Meta, children: list) -> Cond:
        """"If you control no other spirits,": none of the cards described on the player's Field (4-5-1)."""
        return _control(meta.start_pos, "you", 0, "<=", children[-1])

    @v_args(meta=True)
    def c_control_none_opponent(self, meta: Meta, children: list) -> Cond:
        return _control(meta.start_pos, "opponent", 0, "<=", children[-1])

    @v_args(meta=True)
    def c_there_cards(self, meta: Meta, xs: list) -> Cond:
        """"If there are N or more cards in your [opponent's] trash,": the cards of that player's area (4-1-2), the
        same count as "you have / your opponent has N or more cards in …"."""
        who, what = xs[-2], xs[-1]
        n = next(int(x) for x in xs if isinstance(x, int) or (isinstance(x, Token) and x.type == "DIGITS"))
        cmp = next(x for x in xs if x in ("<=", ">="))
        return Cond("count_le" if cmp == "<=" else "count_ge", who, n, what)

    @v_args(meta=True)
    def c_control_any_opponent(self, meta: Meta, children: list) -> Cond:
        return _control(meta.start_pos, "opponent", 1, ">=", children[-1])

    def c_soul(self, *_: Any) -> Cond:
        return Cond("soul")

    def c_soul_in(self, *xs: Any) -> Cond:
        """"If you have a "Soul Core" in your trash": where the controller's Soul Core is (5-7-1, 5-7-3)."""
        return Cond("soul_in", what=next(str(x) for x in xs if isinstance(x, str) and not isinstance(x, Token)))

    @v_args(meta=True)
    def c_cards_in(self, meta: Meta, xs: list) -> Cond:
        """4-1-2: the cards in a player's Hand, Trash or Deck, counted when the condition is checked."""
        return _count_cond(self.t, meta, xs, xs[-1])

    @v_args(meta=True)
    def c_cores_in(self, meta: Meta, xs: list) -> Cond:
        return _count_cond(self.t, meta, xs, xs[-1])

    @v_args(meta=True)
    def c_this_cores(self, meta: Meta, xs: list) -> Cond:
        return _count_cond(self.t, meta, xs, "cores_this")

    @v_args(meta=True)
    def c_this_bp(self, meta: Meta, xs: list) -> Cond:
        return _count_cond(self.t, meta, xs, "bp_this")

    @v_args(meta=True)
    def c_this_lv(self, meta: Meta, xs: list) -> Cond:
        """2-8-3: "this spirit is LV3" (that Lv exactly) / "LV2 or higher": its Lv when the condition is checked."""
        n = next(int(x) for x in xs if isinstance(x, Token) and x.type == "DIGITS")
        cmp = next((x for x in xs if x in ("<=", ">=")), "==")
        return Cond({"<=": "count_le", ">=": "count_ge", "==": "count_eq"}[cmp], "you", n, "lv_this")

    @v_args(meta=True)
    def c_symbols(self, meta: Meta, xs: list) -> Cond:
        """2-10: the symbols on a player's Field, of the colour named (any colour when none is)."""
        c = _count_cond(self.t, meta, xs, "symbols")
        color = next((x for x in xs if isinstance(x, str) and x in COLORS), "")
        return dataclasses.replace(c, what=f"symbols:{color}" if color else "symbols")

    def c_turn_you(self, *_: Any) -> Cond:
        return Cond("turn", "you")

    def c_turn_opponent(self, *_: Any) -> Cond:
        return Cond("turn", "opponent")

    def z_hand(self) -> str:
        return "hand"

    def z_trash(self) -> str:
        return "trash"

    def z_deck(self) -> str:
        return "deck"

    def z_reserve(self) -> str:
        return "reserve"

    def z_trash_cores(self) -> str:
        return "trash_cores"

    def zone_whose(self, *_: Any) -> None:
        return None

    def c_soul_paid(self, *_: Any) -> Cond:
        return Cond("soul_paid")

    def soul_core(self, *_: Any) -> None:
        return None

    def c_destroyed(self, *_: Any) -> Cond:
        return Cond("destroyed")

    def c_it_bp(self, *xs: Any) -> Cond:
        n, cmp = xs[-2], xs[-1]
        return Cond("it_is", what=f"bp{cmp}{int(n)}")

    def c_it(self, *xs: Any) -> Cond:
        negated = any(isinstance(x, Token) and x.type == "NOT" for x in xs)
        return Cond("it_is_not" if negated else "it_is", what=xs[-1])

    def c_this(self, *xs: Any) -> Cond:
        negated = any(isinstance(x, Token) and x.type == "NOT" for x in xs)
        return Cond("this_is_not" if negated else "this_is", what=xs[-1])

    def it_state(self, what: str) -> str:
        return what

    def it_prop(self, color: str) -> str:
        return color

    def p_exhausted(self) -> str:
        return "exhausted"

    def p_heavy(self) -> str:  # 5-5-1-3
        return "heavy exhausted"

    def p_refreshed(self) -> str:
        return "refreshed"

    def less(self) -> str:
        return "<="

    def more(self) -> str:
        return ">="

    @v_args(meta=True)
    def instructions(self, meta: Meta, children: list) -> tuple:
        return tuple(c for c in children if not isinstance(c, Token)), meta.start_pos, meta.end_pos

    # --- instructions --------------------------------------------------------------------------
    def timed_cont(self, *xs: Any) -> Any:
        cont = next(x for x in xs if isinstance(x, (ModBP, ModBPEach, Forbid, ForbidBlockBy, TreatLevel, LifeGuard,
                                                   LifeCap, PlayerBan)))
        dur = next((x for x in xs if isinstance(x, str)), None)
        if dur == "turn_while_this" and not isinstance(cont, (ModBP, Forbid, TreatLevel)):
            # (a resolved effect kept as an Applied: effects ends it when its card leaves the Field)
            raise _Refused(0, '"as long as you control this spirit" is executed for BP, "cannot" and Lv effects')
        if dur == "opp_next_turn" and not isinstance(cont, (ModBP, ModBPEach, Forbid, PlayerBan)):
            raise _Refused(0, '"until the end of your opponent\'s next turn" is executed for BP and "cannot" effects')
        return dataclasses.replace(cont, duration=dur) if dur else cont

    @v_args(meta=True)
    def duration(self, meta: Meta, children: list) -> str:
        if "rest" in children and children[-1] == "battle":
            raise _Refused(meta.start_pos, "'for the rest of' is said of a turn, not of a battle")
        return str(children[-1])

    def dur_opp_next(self, *_: Any) -> str:
        return "opp_next_turn"

    def dur_while_this(self, *_: Any) -> str:
        return "turn_while_this"

    def dur_lead(self) -> str:
        return ""

    def dur_rest(self) -> str:
        return "rest"

    def turn(self) -> str:
        return "turn"

    def battle(self) -> str:
        return "battle"

    def draw(self, *xs: Any) -> Draw:
        who = next((x for x in xs if isinstance(x, str)), "you")
        return Draw(xs[-1], who)

    @v_args(meta=True)
    def cores_each(self, meta: Meta, children: list) -> CoresEach:
        d, per = children[0], children[-1]
        if any(pl.sel is not None and pl.sel.selects for pl in (d.src, d.dst)):
            # one selection for all, or one for each count? The rules do not say: not guessed
            raise _Refused(meta.start_pos, '"for each" with cores moved from or onto a card selected is not executed '
                                           '(whether each count selects again is not said)')
        if per.ref is not None or per.count is not None or d.n is None or d.up_to:
            raise _Refused(meta.start_pos, '"for each" multiplies a number of cores by the cards the text describes: '
                                           '"place a core from the void onto this spirit for each nexus you control"')
        return CoresEach(d, per)

    @v_args(meta=True)
    def draw_each(self, meta: Meta, children: list) -> DrawEach:
        per = children[-1]
        if per.ref is not None or per.count is not None:
            raise _Refused(meta.start_pos, '"for each" counts cards the text describes: "draw a card for each nexus you '
                                           'control"')
        who = next((x for x in children if isinstance(x, str) and not isinstance(x, Token)), "you")
        n = next(x for x in children if isinstance(x, int))
        return DrawEach(Draw(n, who), per)

    @v_args(meta=True)
    def draw_equal(self, meta: Meta, children: list) -> DrawEach:
        """"Draw cards equal to the number of SEL": one card for each card SEL describes (a "for each" of 1)."""
        per = children[-1]
        if per.ref is not None or per.count is not None:
            raise _Refused(meta.start_pos, '"equal to the number of" counts cards the text describes: "draw cards equal '
                                           'to the number of nexuses you control"')
        who = next((x for x in children if isinstance(x, str) and not isinstance(x, Token)), "you")
        return DrawEach(Draw(1, who), per)

    def draw_symbols(self, *children: Any) -> DrawSymbols:
        who = next((x for x in children if isinstance(x, str) and not isinstance(x, Token) and x != "destroyed"
                    and x != "it"), "you")
        n = next(x for x in children if isinstance(x, int))
        return DrawSymbols(Draw(n, who), destroyed=children[-1] == "destroyed")

    def sym_destroyed(self, *_: Any) -> str:
        return "destroyed"

    def sym_it(self, *_: Any) -> str:
        return "it"

    def discard_top(self, *xs: Any) -> DiscardTop:
        # "the top card": one (5-13-1)
        return DiscardTop(next((x for x in xs if isinstance(x, int)), 1), xs[-1])

    def discard_hand(self, n: int, desc: dict[str, Any] | None = None) -> DiscardHand:
        """"discard a [red/nexus] card [from your hand]": the controller's Hand (5-13-1, 4-3-1); a described one is a
        card of that colour, Family or type (printed information: a card in the Hand has no state or cores)."""
        return DiscardHand(n, None if desc is None else Sel(count=n, owner="you", **{"kinds": ("spirit", "nexus", "magic"),
                                                                                      **desc}))

    @v_args(meta=True)
    def discard_they(self, meta: Meta, children: list) -> DiscardHand:
        """"they discard a card": "they" is the player named last before it, read only when that is the opponent
        ("If your opponent has five or more cards in their hand, they discard a card.")."""
        named = re.findall(r"\b(your opponent|opponent|you)\b", self.t[:meta.start_pos], re.I)
        if not named or named[-1].lower() == "you":
            raise _NotRead(meta.start_pos, '"they" names no player here: "your opponent discards a card"')
        return self.discard_opp(*children)

    def discard_each(self, n: int, desc: dict[str, Any] | None = None) -> DiscardHand:
        d = self.discard_hand(n, desc)
        return dataclasses.replace(d, who="each", sel=None if d.sel is None else dataclasses.replace(d.sel, owner="any"))

    def discard_opp(self, n: int, desc: dict[str, Any] | None = None) -> DiscardHand:
        d = self.discard_hand(n, desc)
        return dataclasses.replace(d, who="opponent", sel=None if d.sel is None else dataclasses.replace(d.sel, owner="opponent"))

    def hand_desc(self, *xs: Any) -> dict[str, Any]:
        return _sel_kw(xs)

    @v_args(meta=True)
    def discard_count(self, meta: Meta, xs: list) -> DiscardCount:
        count, who = xs[-1], xs[0]
        if count.what in ("hand", "trash") and count.sel.owner == "any":  # "their trash": the Deck's owner's
            if who != "opponent":  # ("your deck … their trash" names no other player)
                raise _Refused(meta.start_pos, '"their" names the player whose deck the text names: "… of your '
                                               'opponent\'s deck equal to the number of cards in their trash"')
            count = dataclasses.replace(count, sel=dataclasses.replace(count.sel, owner=who))
        return DiscardCount(count, who)

    @v_args(meta=True)
    def discard_top_each(self, meta: Meta, children: list) -> DiscardCount:
        """"Discard the top [N] card[s] of … deck for each SEL": N times the cards SEL describes on the Field, counted
        when it resolves (9-3-1-3), discarded as "a number of cards … equal to" that (5-13-1)."""
        per = children[-1]
        if per.ref is not None or per.count is not None:
            raise _Refused(meta.start_pos, '"for each" counts cards the text describes: "discard the top card of your '
                                           'opponent\'s deck for each nexus you control"')
        n = next((x for x in children if isinstance(x, int)), 1)
        who = next(x for x in children if isinstance(x, str) and not isinstance(x, Token))
        return DiscardCount(Count("cards", per), who, each=n)

    @v_args(meta=True)
    def discard_top_cores(self, meta: Meta, children: list) -> DiscardCount:
        """"Discard the top [N] card[s] of … deck for each core on this spirit": N times the cores on the card named,
        counted when it resolves (9-3-1-3), discarded as "… equal to the number of cores on …" (5-13-1)."""
        count = self.n_cores(meta, [children[-1]])
        n = next((x for x in children if isinstance(x, int)), 1)
        who = next(x for x in children if isinstance(x, str) and not isinstance(x, Token))
        return DiscardCount(count, who, each=n)

    @v_args(meta=True)
    def n_cores(self, meta: Meta, children: list) -> Count:
        sel = children[0]
        if sel.ref is None:
            raise _Refused(meta.start_pos, 'the cores counted are on one card the text names: "the number of cores on '
                                           'this spirit"')
        return Count("cores", sel)

    def n_cost(self, *_: Any) -> Count:
        return Count("cost", Sel(ref="it"))

    @v_args(meta=True)
    def n_cards(self, meta: Meta, children: list) -> Count:
        sel = children[0]
        if sel.ref is not None or sel.count is not None:
            raise _Refused(meta.start_pos, 'the cards counted are described: "the number of spirits you control"')
        return Count("cards", sel)

    @v_args(meta=True)
    def n_zone(self, meta: Meta, children: list) -> Count:
        """"the number of cards in your/their trash": the cards in that player's Hand or Trash (4-1-2), counted when
        the effect resolves; "their" is fixed by the instruction (`discard_count`). The Deck is not counted here (a
        scenario need not say how many cards it holds)."""
        whose, zone = children[-2], children[-1]
        if zone == "deck":
            raise _Refused(meta.start_pos, 'a count of cards in an area is read for the Hand and the Trash: "the number '
                                           'of cards in their trash"')
        return Count(zone, Sel(owner={"you": "you", "opponent": "opponent"}.get(whose, "any")))

    def d_you(self) -> str:
        return "you"

    def d_opponent(self, *_: Any) -> str:
        return "opponent"

    @v_args(meta=True)
    def d_their(self, meta: Meta, _children: list) -> str:
        # "their deck": the player the text names before it, the opponent (5-4-2); a text naming no opponent before
        # it, or an owner ("its owner", "their owner's"), leaves whose deck it is unsaid
        before = self.t[:meta.start_pos].lower()
        if "opponent" not in before or "owner" in before:
            raise _Refused(meta.start_pos, '"their deck" is the opponent\'s when the text names the opponent before it: '
                                           "\"When your opponent loses life, discard the top card of their deck\"")
        return "opponent"

    def who_you(self) -> str:
        return "you"

    def who_opponent(self) -> str:
        return "opponent"

    def who_each(self, *_: Any) -> str:
        return "each"

    @v_args(meta=True)
    def select(self, meta: Meta, children: list) -> _Select:
        return _Select(children[0], meta.start_pos)

    @v_args(meta=True)
    def select_each(self, meta: Meta, children: list) -> _Select:
        sel, per = children[0], children[-1]
        if sel.ref is not None or sel.count is None or sel.up_to or per.ref is not None or per.count is not None:
            raise _Refused(meta.start_pos, '"for each" multiplies a counted selection by described cards: "Select one '
                                           'of your opponent\'s spirits for each of your other spirits …"')
        return _Select(sel, meta.start_pos, per)

    @v_args(meta=True)
    def select_any(self, meta: Meta, children: list) -> _Select:
        tail: dict[str, Any] = dict(children[0])
        if tail.pop("target_first", False):
            raise _Refused(meta.start_pos, '"any number of" is said of cards described: "Select any number of your '
                                           'opponent\'s spirits …"')
        total = None
        if len(children) > 1:
            if children[-1] != "<=":
                raise _Refused(meta.start_pos, 'a combined total of BP bounds the cards from above: "with a combined '
                                               'total of 6000 or fewer BP"')
            total = int(children[2])
        # the count is the player's (1-4-5): the Sel's own number stands for "one or more", replaced when it resolves
        return _Select(_sel(**{**tail, "count": 1, "up_to": True}), meta.start_pos, any_total=("any", total))

    # --- the top of the Deck, revealed or looked at (card text over 4-2-2, 1-4-1) ----------------------------
    @v_args(meta=True)
    def reveal_top(self, meta: Meta, children: list) -> RevealTop:
        n = next((c for c in children if isinstance(c, int)), 1)
        return RevealTop(n, view=_span(self.t, meta).lower().split()[0] in ("view", "look"))

    @v_args(meta=True)
    def take_revealed(self, meta: Meta, children: list) -> TakeRevealed:
        src = next((c for c in children if isinstance(c, _Src)), "revealed")
        sel = _first(children, Sel)
        if sel.ref is not None:
            if sel.ref != "it" or len(children) > 1:
                raise _Refused(meta.start_pos, 'the cards added are those revealed: "add it to your hand", "add one '
                                               'nexus card from the revealed cards to your hand"')
            return TakeRevealed(sel)
        if sel.count is None or sel.bp or sel.state or sel.soul is not None or sel.battling or sel.level or sel.other \
                or sel.cores or sel.bp_vs \
                or sel.owner == "opponent":
            # a card in the Deck has no BP, state or core: it is described by its printed information, and counted
            raise _Refused(meta.start_pos, 'a card revealed from the Deck is counted and described by its colour, type, '
                                           'Family, name and cost: "one nexus card", "one Ruby Sanctuary"')
        kinds = ("spirit", "nexus", "magic") if isinstance(sel, NamedSel) or sel.kinds == ("spirit", "nexus") \
            else sel.kinds  # 2-1-1 / "card": of whatever card type
        return TakeRevealed(dataclasses.replace(sel, owner="any", kinds=kinds), str(src))

    def revealed(self, *_: Any) -> None:
        return None

    def take_of_them(self, tok: Token) -> TakeRevealed:
        """"Add one of them to your hand": N of the cards revealed or discarded before, any card type (5-12: chosen)."""
        words = str(tok).lower().split()
        up_to = words[1] == "up"
        n = words[3 if up_to else 1]
        count = int(n) if n.isdigit() else _NUMBER_WORDS[n]
        return TakeRevealed(Sel(count=count, up_to=up_to, owner="any", kinds=("spirit", "nexus", "magic")),
                            "them" if words[-1] in ("them", "cards") and "revealed" not in words
                            and "viewed" not in words else "revealed")

    def src_them(self, *_: Any) -> _Src:
        return _Src("them")

    def src_discarded(self, *_: Any) -> _Src:
        return _Src("discarded")

    @v_args(meta=True)
    def free_summon(self, meta: Meta, children: list) -> FreeSummon:
        """"Summon one spirit card that costs 2 from the revealed cards without paying its cost": a card of that area
        chosen by its printed information (a card off the Field has no BP, state or cores), counted; a Spirit card
        is Summoned (5-8-1), a Nexus card Deployed (5-9-1); a Magic card is used, not put onto the Field."""
        area = next(c for c in children if c in ("hand", "trash", "revealed"))
        tail = next((c for c in children if isinstance(c, dict)), None)
        n = next((c for c in children if isinstance(c, int)), 1)
        sel = _sel(**{**{k: v for k, v in tail.items() if k != "target_first"}, "count": n}) if tail is not None \
            else _first(children, Sel)
        after = _sel_kw(tuple(c for c in children if isinstance(c, list)))  # conditions printed after the area
        if after:
            if set(after) != {"cost"} or sel.cost:
                raise _Refused(meta.start_pos, 'after the area, a card to Summon is described by its cost: "Summon a red '
                                               'spirit card from your trash that costs 3 or fewer without paying its cost"')
            sel = dataclasses.replace(sel, cost=after["cost"])
        if sel.ref is not None or sel.count is None or sel.bp or sel.state or sel.soul is not None or sel.battling \
                or sel.level or sel.other or sel.cores or sel.bp_vs or sel.owner == "opponent" \
                or isinstance(sel, RankedSel):
            raise _Refused(meta.start_pos, 'a card Summoned without paying its cost is counted and described by its '
                                           'printed information: "summon one spirit card that costs 3 or fewer from '
                                           'your hand without paying its cost"')
        verb = "summon" if re.search(r"\bsummon\b", _span(self.t, meta), re.I) else "deploy"
        kinds = ("spirit", "nexus") if isinstance(sel, NamedSel) or sel.kinds == ("spirit", "nexus") else sel.kinds
        if "magic" in kinds or (verb == "summon") != (kinds == ("spirit",)) and kinds != ("spirit", "nexus"):
            raise _Refused(meta.start_pos, "a Spirit card is Summoned and a Nexus card Deployed (5-8-1, 5-9-1): "
                                           "\"summon one spirit card\", \"place one nexus card\"")
        return FreeSummon(dataclasses.replace(sel, owner="any", kinds=kinds), area)

    def free_unpaid(self, *_: Any) -> None:
        return None

    def fs_hand(self) -> str:
        return "hand"

    def fs_trash(self) -> str:
        return "trash"

    def fs_revealed(self, *_: Any) -> str:
        return "revealed"

    def rest_words(self, *_: Any) -> None:
        return None

    def rest_trash(self, *_: Any) -> RestRevealed:
        return RestRevealed("trash")

    @v_args(meta=True)
    def rest_deck(self, meta: Meta, children: list) -> RestRevealed | Return:
        sel = next((c for c in children if isinstance(c, Sel)), None)
        to = next((c for c in children if isinstance(c, _OwnerDeck)), None)
        if to is not None:  # "… to the bottom of their deck": a card of the Field to its owner's Deck (10-2-2-1)
            if sel is None and _span(self.t, meta).lower().split()[1:2] in (["it"], ["them"]):
                sel = Sel(ref="it")  # "put it / them on top of their deck": the cards selected before
            if sel is None:
                raise _Refused(meta.start_pos, 'the cards returned to their owner\'s Deck are named: "return it to the '
                                               'bottom of their deck"')
            return Return(sel, to.replace("_", " "), to.named)
        if sel is not None and sel.ref != "it":
            raise _Refused(meta.start_pos, 'what returns to the Deck here is the card revealed: "return it to the top '
                                           'of your deck"')
        return RestRevealed(next(c for c in children if c in ("deck_top", "deck_bottom")))

    @v_args(meta=True)
    def rest_or(self, meta: Meta, children: list) -> RestRevealed:
        """"Discard it or return it to the top/bottom of your deck": the revealed cards go to one of the two places,
        the controller choosing which (9-3-2-3, 1-4-1)."""
        to = next((c for c in children if c in ("deck_top", "deck_bottom")), None)
        sel = next((c for c in children if isinstance(c, Sel)), None)
        if to is None or (sel is not None and sel.ref != "it"):  # (a Deck named by its owner: a Field card's)
            raise _Refused(meta.start_pos, 'the revealed card goes back to your own Deck: "discard it or return it to '
                                           'the top of your deck"')
        # (the places in the order printed: the question lists them so)
        return RestRevealed("trash", or_to=to) if _span(self.t, meta).lower().startswith("discard") else \
            RestRevealed(to, or_to="trash")

    @v_args(meta=True)
    def rest_some(self, meta: Meta, children: list) -> RestRevealed:
        if any(isinstance(c, _OwnerDeck) for c in children):
            raise _Refused(meta.start_pos, '"any number of them" goes back to the Deck of the cards revealed: "your '
                                           'deck"')
        return RestRevealed(next(c for c in children if c in ("deck_top", "deck_bottom")), some=True)

    @v_args(meta=True)
    def no_refresh(self, meta: Meta, children: list) -> NoRefresh:
        """"… will not refresh during their next refresh step": whose step the text names must be the card's
        controller's, the only player who refreshes it (7-5-2)."""
        sel = children[0]
        whose = next((c for c in children[1:] if c in ("you", "opponent")), None)
        if whose is not None and sel.ref is None and sel.owner != whose:
            raise _Refused(meta.start_pos, "a card is refreshed in its controller's Refresh Step (7-5-2): \"your "
                                           "opponent's spirits … will not refresh during their next refresh step\"")
        return NoRefresh(sel, whose)

    def end_attack(self, *_: Any) -> EndAttackStep:
        return EndAttackStep(at_once=True)  # (set up for the end of a battle, `sentence_delayed` makes it wait)

    def end_attack_opp(self, *_: Any) -> EndAttackStep:
        return EndAttackStep(at_once=True, whose="opponent")

    def nw_you(self) -> str:
        return "you"

    def nw_opponent(self, *_: Any) -> str:
        return "opponent"

    @v_args(meta=True)
    def select_place_deck(self, meta: Meta, children: list) -> Return:
        """"Select SEL and place it at the bottom of their deck": the cards selected leave the Field for their owner's
        Deck (10-2-2-1, 10-2-2-7); "your deck" only for your own cards (5-3-6: a card goes to its owner's area)."""
        sel, to = children[0], children[-1]
        if not isinstance(sel, Sel) or sel.ref is not None:
            raise _Refused(meta.start_pos, 'what is placed into the Deck is the card selected: "Select one of your '
                                           'opponent\'s spirits and place it at the bottom of their deck"')
        if not isinstance(to, _OwnerDeck) and sel.owner != "you":
            raise _Refused(meta.start_pos, "\"your deck\" is said of your own cards: a card goes to its owner's Deck "
                                           "(5-3-6)")
        return Return(sel, to.replace("_", " "), getattr(to, "named", None))

    def deck_top_owner(self, *children: Any) -> str:
        return _OwnerDeck("deck_top", children[-1])

    def deck_bottom_owner(self, *children: Any) -> str:
        return _OwnerDeck("deck_bottom", children[-1])

    def od_owner(self, *_: Any) -> None:
        return None

    def od_opponent(self, *_: Any) -> str:
        return "opponent"

    def deck_at(self, *children: Any) -> str:
        return next((c for c in children if c in ("deck_top", "deck_bottom")), "deck_top")

    @v_args(meta=True)
    def c_it_card(self, meta: Meta, xs: list) -> Cond:
        negated = any(isinstance(x, Token) and x.type == "NOT" for x in xs)
        tail = dict(xs[-1])
        tail.pop("target_first", None)
        sel = Sel(**_unranked({**tail, "count": 1}, meta.start_pos, "a card revealed from the Deck"))
        if sel.bp or sel.state or sel.soul is not None or sel.battling or sel.level or sel.other or sel.owner != "any" \
                or sel.cores or sel.bp_vs:
            raise _Refused(meta.start_pos, 'a card revealed from the Deck is described by its printed information: "If '
                                           'it is a Terrasaur spirit card," (it has no BP, state or cores there)')
        if sel.kinds == ("spirit", "nexus"):  # "a red card": of whatever card type
            sel = dataclasses.replace(sel, kinds=("spirit", "nexus", "magic"))
        return Cond("it_card_not" if negated else "it_card", sel=sel)

    def c_it_else(self, *_: Any) -> Cond:
        return Cond("it_else")

    def c_added(self, *_: Any) -> Cond:
        return Cond("added")

    @v_args(meta=True)
    def from_trash(self, meta: Meta, children: list) -> FromTrash:
        return _from_trash(children[0], children[-1], meta.start_pos)

    @v_args(meta=True)
    def from_trash_add(self, meta: Meta, children: list) -> FromTrash:
        return _from_trash(children[0], "hand", meta.start_pos)

    def to_hand(self) -> str:
        return "hand"

    def deck_top(self) -> str:
        return "deck_top"

    def deck_bottom(self) -> str:
        return "deck_bottom"

    @v_args(meta=True)
    def hand_to_deck_put(self, meta: Meta, children: list) -> HandToDeck:
        """"Place a card from your hand at the bottom of your deck": the Hand only (the Trash's cards are selected,
        "Select … from your trash and place it …", FromTrash)."""
        n, tail, area, to = children[0], children[1], children[2], children[-1]
        if area != "hand":
            raise _Refused(meta.start_pos, 'cards placed from the Trash onto the Deck are selected: "Select a spirit '
                                           'card from your trash and place it on top of your deck"')
        sel = _sel(**{**{k: v for k, v in tail.items() if k != "target_first"}, "count": n})
        return self.hand_to_deck(meta, [sel, to])

    @v_args(meta=True)
    def hand_to_deck(self, meta: Meta, children: list) -> HandToDeck:
        sel, to = children[0], children[1]
        if (not isinstance(sel, Sel) or sel.ref is not None or sel.count is None or sel.up_to
                or dataclasses.replace(sel, count=None, kinds=("spirit", "nexus")) != Sel(kinds=("spirit", "nexus"))):
            # cards of the Hand named by number only: a described card of the Hand is not executed here
            raise _Refused(meta.start_pos, 'cards returned from the Hand to the Deck are counted: "return two cards '
                                           'from your hand to the bottom of your deck"')
        return HandToDeck(sel.count, to)

    @v_args(meta=True)
    def select_by_opponent(self, meta: Meta, children: list) -> _Select:
        q = _first(children, tuple)
        tail: dict[str, Any] = _first(children, dict)
        if q[0] != "n" or tail.get("owner") is not None or tail.get("target_first"):
            raise _Refused(meta.start_pos, '"your opponent selects" a number of their cards: "Your opponent selects '
                                           'one of their spirits"')
        return _Select(_sel(**{**tail, "count": q[1], "owner": "opponent", "chooser": "opponent"}), meta.start_pos)

    def opp_chooser(self, *_: Any) -> None:
        return None

    def destroy(self, sel: Sel) -> Destroy:
        return Destroy(sel)

    def exhaust(self, sel: Sel) -> Exhaust:
        return Exhaust(sel)

    def heavy_exhaust(self, sel: Sel) -> HeavyExhaust:
        return HeavyExhaust(sel)

    def refresh(self, sel: Sel) -> Refresh:
        return Refresh(sel)

    @v_args(meta=True)
    def return_opp(self, meta: Meta, children: list) -> Return:
        sel = _first(children, Sel)
        if sel.ref not in _SELECTED_REFS and sel.owner != "opponent":
            # the Hand is its owner's (4-3-1): "your opponent's hand" is said of the opponent's cards
            raise _Refused(meta.start_pos, "\"to your opponent's hand\" returns your opponent's cards: \"Return one of "
                                           "your opponent's spirits to your opponent's hand\"")
        return Return(sel)

    def return_(self, sel: Sel, *_: Any) -> Return:
        return Return(sel, "hand")

    def gain_life(self, n: int) -> Cores:
        return Cores(n, Place("void"), Place("life", "you"))

    def life_loss(self, *xs: Any) -> Cores:
        return Cores(xs[-1], Place("life", "opponent"), Place("reserve", "opponent"))

    @v_args(meta=True)
    def cores(self, meta: Meta, children: list) -> Cores:
        qty = children[0]
        if qty[0] == "word" and qty[1] != "all":
            raise _Refused(meta.start_pos, f'"{qty[1]}" cores: say a number of cores, "up to N" or "all"')
        src, dst = (c for c in children if isinstance(c, Place))
        n = None if qty[0] in ("word", "any") else qty[1]
        if src.sel is not None and src.sel.up_to:  # "from up to 2 Spirits": how many from each is not said
            raise _Refused(meta.start_pos, 'cores are moved from cards the effect names or counts; "from up to N" '
                                           "cards is not executed")
        return _cores_ok(_regular(children, Cores(n, src, dst, up_to=qty[0] in ("up to", "any"))), meta.start_pos)

    @v_args(meta=True)
    def cores_remove(self, meta: Meta, children: list) -> Cores:
        """"Remove N cores from SPIRIT and place them into PLACE": N cores from that card to the place (5-7)."""
        qty = children[0]
        if qty[0] not in ("n", "any") and qty != ("word", "all"):
            raise _Refused(meta.start_pos, 'cores removed from a card are counted: "Remove N cores from …", "Remove all '
                                           'cores from …", "Remove any number of cores from …"')
        # "Remove all cores from it": every core on the card (the Soul Core too, 5-7-3), as "all cores on …" moves them
        return _cores_ok(_regular(children, Cores(qty[1] if qty[0] == "n" else None, Place("card", sel=_first(children, Sel)),
                                                  _first(children, Place), up_to=qty[0] == "any")), meta.start_pos)

    cores_zone = cores  # "Remove N cores from PLACE and place them into PLACE": a move (5-7)

    @v_args(meta=True)
    def cores_remove_but(self, meta: Meta, children: list) -> Cores:
        """"Remove all but N cores from SPIRIT and place them into PLACE": every core on that card except N, which stay
        on it (5-7); the Soul Core is a core (5-7-3), so whether it is among those that stay is the controller's choice."""
        qty = next((c for c in children if isinstance(c, tuple)), None)  # "Remove all cores but one …" ("all" read as a quantity)
        if qty is not None and qty != ("word", "all"):
            raise _Refused(meta.start_pos, '"but N" keeps cores back from all of them: "Remove all cores but one from it"')
        n = _first(children, int)
        if n < 1:
            raise _Refused(meta.start_pos, '"all but N cores" keeps a number of cores: "Remove all but one core from it"')
        d = Cores(None, Place("card", sel=_first(children, Sel)), _first(children, Place), but=n)
        if d.dst.kind == "card":
            raise _Refused(meta.start_pos, '"all but N cores" moved onto another card is not executed yet')
        return _cores_ok(_regular(children, d), meta.start_pos)

    @v_args(meta=True)
    def cores_select(self, meta: Meta, children: list) -> Cores:
        """"Select SEL and place N cores from PLACE onto it": N cores from PLACE onto the cards selected (9-3-2)."""
        sel, qty, src = children[0], _first(children, tuple), _first(children, Place)
        if not isinstance(sel, Sel) or qty[0] != "n":
            raise _Refused(meta.start_pos, 'cores placed onto a selected card are counted: "Select one of your nexuses '
                                           'and place a core from the void onto it"')
        return self._cores_checked(meta, _regular(children, Cores(qty[1], src, Place("card", sel=sel))))

    @v_args(meta=True)
    def cores_pay(self, meta: Meta, children: list) -> Cores:
        """"Pay N cores from your reserve": N cores of the Reserve to the Trash (paying, 11-3-1-5)."""
        qty = children[0]
        if qty[0] != "n":
            raise _Refused(meta.start_pos, 'cores paid are counted: "pay one core from your reserve"')
        return _regular(children, Cores(qty[1], Place("reserve", "you"), Place("trash", "you")))

    def _cores_checked(self, meta: Meta, d: Cores) -> Cores:
        return _cores_ok(d, meta.start_pos)

    @v_args(meta=True)
    def cores_all(self, meta: Meta, children: list) -> Cores:
        return _cores_ok(Cores(None, Place("card", sel=_first(children, Sel)), _first(children, Place)), meta.start_pos)

    @v_args(meta=True)
    def cores_all_on(self, meta: Meta, children: list) -> Cores:
        qty, word = children[0], children[1]
        if qty != ("word", "all") or word != "cores" or isinstance(word, _Regular):
            raise _Refused(meta.start_pos, 'cores "on" a card are moved all at once: "all cores on …"')
        return _cores_ok(Cores(None, Place("card", sel=_first(children, Sel)), _first(children, Place)), meta.start_pos)

    def core_word(self, noun: str, regular: bool = False) -> str:
        return _Regular(noun) if regular else noun

    @v_args(meta=True)
    def core_noun(self, meta: Meta, _children: list) -> str:
        return _span(self.t, meta).lower()

    def not_soul(self, *_: Any) -> bool:
        return True

    def soul_move(self, *xs: Any) -> SoulMove:
        """5-7-3: the controller's Soul Core, from the place or card named (or wherever it is) to the place named."""
        places = [x for x in xs if isinstance(x, Place)]
        if len(places) == 2 and places[0].kind == "card" and places[0].sel is not None \
                and places[0].sel.owner == "opponent":
            raise _Refused(0, "a player's Soul Core is on their own cards (5-7-3), not the opponent's")
        if places[-1].kind != "void" and places[-1].kind != "card" and places[-1].who != "you" or (
                places[-1].kind == "card" and places[-1].sel is not None and places[-1].sel.owner == "opponent"):
            raise _Refused(0, "a player's Soul Core is moved to their own places and cards (5-7-3)")
        return SoulMove(places[-1], places[0] if len(places) == 2 else None)

    def win_you(self, *_: Any) -> WinGame:  # 1-3-6 ("your opponent loses the game" is the same end)
        return WinGame("you")

    def shuffle_you(self, *_: Any) -> Shuffle:  # 4-2-4
        return Shuffle("you")

    def shuffle_opp(self, *_: Any) -> Shuffle:  # 4-2-4: the opponent's own Deck
        return Shuffle("opponent")

    @v_args(meta=True)
    def c_cards_none(self, meta: Meta, xs: list) -> Cond:
        """4-1-2: "no cards" / "0 cards" in a player's Hand, Trash or Deck: 0 or fewer."""
        return _count_cond(self.t, meta, [0, "<="], xs[-1])

    @v_args(meta=True)
    def c_cards_exact(self, meta: Meta, xs: list) -> Cond:
        """4-1-2: exactly N cards in a player's Hand, Trash or Deck ("0 cards in their deck")."""
        return _count_cond(self.t, meta, [*xs[:-1], "=="], xs[-1])

    def soul_whose(self, *_: Any) -> None:
        return None

    def p_void(self) -> Place:
        return Place("void")

    def p_zone(self, *xs: str) -> Place:
        return Place(xs[-1], xs[0] if len(xs) == 2 else "you")

    def p_opp_zone(self, kind: str) -> Place:  # "their life" after "your opponent places …": the opponent's
        return Place(kind, "opponent")

    def p_card(self, sel: Sel) -> Place:
        return Place("card", sel=sel)

    def pw_you(self) -> str:
        return "you"

    def pw_opponent(self, *_: Any) -> str:
        return "opponent"

    def pw_owner(self, *_: Any) -> str:
        return "owner"

    def reserve(self) -> str:
        return "reserve"

    def life(self) -> str:
        return "life"

    def trash(self) -> str:
        return "trash"

    def mod_signed(self, sel: Sel, n: Token, *_: Any) -> ModBP:
        return ModBP(sel, int(n))

    def mod_gains(self, sel: Sel, n: Token) -> ModBP:
        return ModBP(sel, int(n))

    def mod_gains_each(self, sel: Sel, n: Token, _each: Token, per: Sel) -> ModBPEach:
        return ModBPEach(sel, int(n), per)

    def mod_loses_each(self, sel: Sel, n: Token, _each: Token, per: Sel) -> ModBPEach:
        return ModBPEach(sel, -int(n), per)

    def mod_reduce_each(self, sel: Sel, n: Token, _each: Token, per: Sel) -> ModBPEach:
        """"Reduce its BP by N for each SPIRIT …": -N BP times the cards counted (8-8-1-3-5 in Saga's words)."""
        return ModBPEach(sel, -int(n), per)

    def mod_loses(self, sel: Sel, n: Token) -> ModBP:
        return ModBP(sel, -int(n))

    def mod_give(self, n: Token, sel: Sel) -> ModBP:
        return ModBP(sel, int(n))

    def mod_reduce(self, sel: Sel, n: Token) -> ModBP:
        """"Reduce the BP of SPIRITS by N" / "reduce its BP by N": -N BP (8-8-1-3-5 in Saga's words)."""
        return ModBP(sel, -int(n))

    def forbid(self, sel: Sel, _cannot: None, what: tuple[str, int]) -> Forbid:
        if what[0].startswith("be selected by"):  # the opponent's effects, however worded (5-4-2)
            kind = re.search(r"\b(spirit|nexus|magic)", what[0][len("be selected by"):])
            # … of one card type only: "by the effects of your opponent's spirits" (the effect's card, 9-3-2)
            what = (f"be selected by opposing {kind.group(1)} effects" if kind else "be selected by opposing effects",
                    what[1])
        if re.fullmatch(r"be destroyed by (your|the) opponent'?s?'? effects?", what[0]):  # 5-4-2: the opponent's
            what = ("be destroyed by opposing effects", what[1])
        if what[0] not in _FORBIDS:
            raise _Refused(what[1], f'"cannot {what[0]}" is not executed by the Standard engine yet (it checks '
                                    '"cannot attack [or block]", "cannot block", "cannot be blocked" and "cannot be destroyed '
                                    '[by (opposing) effects]")')
        return Forbid(sel, what[0])

    @v_args(meta=True)
    def life_guard(self, meta: Meta, xs: list) -> LifeGuard:
        return LifeGuard(_attackers(_first(list(xs), Sel), _span(self.t, meta)))

    def life_cap(self, *xs: Any) -> LifeCap:
        sel = _first(list(xs), Sel)
        return LifeCap(dataclasses.replace(sel, count=None, up_to=False) if sel.ref is None else sel,
                       _first(list(xs), int))

    @v_args(meta=True)
    def life_guard_both(self, meta: Meta, xs: list) -> LifeGuard:
        return LifeGuard(_attackers(_first(list(xs), Sel), _span(self.t, meta)), both=True)

    def treat(self, sel: Sel, lv: int | None) -> TreatLevel:
        return TreatLevel(sel, lv)

    def lv_highest(self) -> None:
        return None

    def lv_n(self, n: Token) -> int:
        return int(n)

    def look_opp_hand(self, *_: Any) -> LookHand:  # 4-3-3: the text lets its player look (1-4-1)
        return LookHand("opponent", reveal=False)

    def reveal_opp_hand(self, *_: Any) -> LookHand:
        return LookHand("opponent", reveal=True)

    def reveal_own_hand(self, *_: Any) -> LookHand:
        return LookHand("you", reveal=True)

    def player_ban(self, who: str, _cannot: None, what: str) -> PlayerBan:
        return PlayerBan(who, what)

    def bw_opponent(self) -> str:
        return "opponent"

    def bw_you(self) -> str:
        return "you"

    def bn_magic(self, *_: Any) -> str:
        return "use magic cards"

    def bn_summon(self, *_: Any) -> str:
        return "summon spirit cards"

    def bn_deploy(self, *_: Any) -> str:
        return "deploy nexus cards"

    def forbid_block_by(self, sel: Sel, _cannot: None, by: Sel) -> ForbidBlockBy:
        return ForbidBlockBy(sel, by)

    def cannot(self, *_: Any) -> None:
        return None

    @v_args(meta=True)
    def forbid_what(self, meta: Meta, _children: list) -> tuple[str, int]:
        return _span(self.t, meta).lower(), meta.start_pos

    # --- card descriptions ---------------------------------------------------------------------
    def r_this(self) -> Sel:
        return Sel(ref="this")

    def r_that(self) -> Sel:
        return Sel(ref="that")

    def r_it(self) -> Sel:
        return Sel(ref="it")

    @v_args(meta=True)
    def r_by_this_effect(self, meta: Meta, _children: list) -> Sel:
        """"the spirits selected by this effect": the cards selected before (9-3-2), as "them". Those "refreshed /
        exhausted by this effect" are refused: a selected card already in that state was not (1-4-2-1), and the
        engine does not keep which of them changed."""
        words = _span(self.t, meta).lower().split()
        if "selected" not in words:
            raise _Refused(meta.start_pos, 'the cards "refreshed/exhausted by this effect" are not told apart from '
                                           "those selected that already were (1-4-2-1)")
        noun = words[words.index("selected") - 1]
        kinds = {"spirit": ("spirit",), "spirits": ("spirit",), "nexus": ("nexus",), "nexuses": ("nexus",)}.get(
            noun, ("spirit", "nexus"))
        return SelectedRef(ref="it", kinds=kinds, noun=noun)  # (its kind must be the selection's, as r_selected)

    @v_args(meta=True)
    def r_selected(self, meta: Meta, _children: list) -> Sel:
        noun = _span(self.t, meta).split()[-1].lower()
        kinds = {"spirit": ("spirit",), "spirits": ("spirit",), "nexus": ("nexus",), "nexuses": ("nexus",)}.get(
            noun, ("spirit", "nexus"))
        return SelectedRef(ref="it", kinds=kinds, noun=noun)

    def r_attacker(self) -> Sel:
        return Sel(ref="attacker")

    def r_blocker(self) -> Sel:
        return Sel(ref="blocker")

    def r_blocked(self) -> Sel:
        return Sel(ref="attacker")  # 8-1-3-1: the Spirit blocked is the attacking one (_blocked_ok checks the timing)

    def the_target(self, tail: dict | None = None) -> Sel:
        if tail is None:
            return Sel(ref="it")
        kw = {k: v for k, v in tail.items() if k != "target_first"}
        return Sel(**{**kw, "count": 1, "target": True})

    @v_args(meta=True)
    def c_control_named(self, meta: Meta, children: list) -> Cond:
        return _control_named(meta.start_pos, "you", children[-1])

    @v_args(meta=True)
    def c_control_named_opponent(self, meta: Meta, children: list) -> Cond:
        return _control_named(meta.start_pos, "opponent", children[-1])

    def named(self, tok: Token, owner: dict | None = None) -> Sel:
        """2-1-1: "an Amethyst Sanctuary" (one card), "each/every/all Ruby Sanctuary [you control]" (all of them)."""
        article, name = str(tok).split(None, 1)
        count = 1 if article.lower() in ("a", "an", "one") else None
        # on the Field a card is a Spirit or a Nexus (4-5-1); a Trash selection widens it to magic cards (from_trash)
        return NamedSel(count=count, kinds=("spirit", "nexus"), named=" ".join(name.split()), **(owner or {}))

    def for_named(self, tok: Token, owner: dict | None = None) -> Sel:
        """"for every Ruby Sanctuary [you control]": all the cards of that name, counted (2-1-1)."""
        name = str(tok).split(None, 2)[2]
        return NamedSel(kinds=("spirit", "nexus"), named=" ".join(name.split()), **(owner or {}))

    @v_args(meta=True)
    def described(self, meta: Meta, xs: list) -> Sel:
        tail = dict(xs[-1])
        first = tail.pop("target_first", False)
        count: dict[str, Any] = {"count": 1 if first else None}
        if len(xs) == 2:
            q = xs[0]
            count = {"count": None} if q[0] == "word" else {"count": q[1], "up_to": q[0] == "up to"}
        elif "rank" in tail and re.search(r"\b(spirit|nexus|card)\s+with\s+the\b", _span(self.t, meta), re.I):
            # "your opponent's spirit with the lowest BP": one card (the singular), chosen among any that tie (9-3-2)
            count = {"count": 1}
        return _sel(**{**tail, **count})

    def tail(self, *xs: Any) -> dict[str, Any]:
        return _sel_kw(xs)

    def another_of(self, _other: dict[str, Any], tail: dict[str, Any]) -> Sel:
        """"another of your spirits": one card of those described, not the effect's own (9-3-2)."""
        tail = {k: v for k, v in tail.items() if k != "target_first"}
        return _sel(**{**tail, "other": True, "count": 1})

    @v_args(meta=True)
    def each_of_them(self, meta: Meta, children: list) -> Sel:
        """"each of them" / "all of them": the cards selected before, every one (a reference, as "them")."""
        if children[0][0] != "word":
            raise _Refused(meta.start_pos, 'a number "of them" is not executed: "each of them" names every card '
                                           'selected before')
        return Sel(ref="it")

    def pre(self, *xs: Any) -> dict[str, Any]:
        kw: dict[str, Any] = {"target_first": xs[0] == "target"}
        for x in xs:
            if x == "target":
                kw["target"] = True
            else:
                kw.update(x)
        return kw

    def q_up_to(self, n: int) -> tuple:
        return "up to", n

    def q_n(self, n: int) -> tuple:
        return "n", n

    def q_any(self, *_: Any) -> tuple:
        """"any number of cores": 0 or more, the controller's choice (1-4-5), at most as many as can move (1-4-2)."""
        return "any", None

    @v_args(meta=True)
    def q_all(self, meta: Meta, _children: list) -> tuple:
        return "word", _span(self.t, meta).lower()

    def target(self) -> str:
        return "target"

    def o_you(self, *_: Any) -> dict[str, Any]:
        return {"owner": "you"}

    def o_opponent(self, *_: Any) -> dict[str, Any]:
        return {"owner": "opponent"}

    def other(self) -> dict[str, Any]:
        return {"other": True}

    def b_attacking(self) -> dict[str, Any]:
        return {"battling": ("attacking",)}

    def b_blocking(self) -> dict[str, Any]:
        return {"battling": ("blocking",)}

    def b_either(self) -> dict[str, Any]:
        return {"battling": ("attacking", "blocking")}

    def exhausted(self) -> dict[str, Any]:
        return {"state": "exhausted"}

    def refreshed(self) -> dict[str, Any]:
        return {"state": "refreshed"}

    def heavy_exhausted(self) -> dict[str, Any]:  # 5-5-1-3
        return {"state": "heavy exhausted"}

    def colors(self, *cs: Any) -> dict[str, Any]:
        return {"colors": tuple(c for c in cs if isinstance(c, str))}

    @v_args(meta=True)
    def color(self, meta: Meta, _children: list) -> str:
        return _span(self.t, meta).lower()

    def families(self, *fs: Any) -> dict[str, Any]:
        return {"families": tuple(f for f in fs if isinstance(f, _Family))}

    @v_args(meta=True)
    def family(self, meta: Meta, words: list) -> _Family:
        # 2-6-1: a Family is a printed name, capitalised ("Dragonoid"); a lower-case or all-capitals word there is
        # not read as one, nor "token" (a token Spirit is made by an effect, not of a Family)
        # (a Family printed in capitals, "NERV", "EVA-02", is read in a text that is not all capitals itself)
        caps = self.t != self.t.upper()
        if not all(_FAMILY_WORD.fullmatch(w) or caps and _FAMILY_CAPS.fullmatch(w) for w in words) or any(
                w.lower() == "token" for w in words):
            raise _NotRead(meta.start_pos, f'"{" ".join(words)}" before the card kind is not a Family (2-6: a '
                                           "Family is printed capitalised)")
        return _Family(" ".join(words))

    def k_spirit(self) -> dict[str, Any]:
        return {"kinds": ("spirit",)}

    def k_nexus(self) -> dict[str, Any]:
        return {"kinds": ("nexus",)}

    def k_both(self) -> dict[str, Any]:
        return {"kinds": ("spirit", "nexus")}

    def k_magic(self) -> dict[str, Any]:
        return {"kinds": ("magic",)}

    def quoted_name(self, tok: Token, kind: dict[str, Any] | None = None) -> dict[str, Any]:
        """2-1-2: "Wolf" in quotation marks, a card of that name: on the Field a Spirit or Nexus (2-1-2-1) unless a
        card type follows ("a "Wolf" spirit card")."""
        return {"named": " ".join(str(tok)[1:-1].split()), **(kind or {"kinds": ("spirit", "nexus")})}

    def f_name_part(self, tok: Token) -> tuple:  # 2-1-2-1: 'with "Dragon" in its card name'
        return "named_part", " ".join(str(tok)[1:-1].split())

    def sel_conds(self, *cs: tuple) -> list:
        return list(cs)

    @v_args(meta=True)
    def f_rank(self, meta: Meta, children: list) -> tuple:
        words = _span(self.t, meta).lower().split()
        return "rank", f"{words[2]} {words[3]}"

    def f_bp(self, n: Token, cmp: str) -> tuple:
        return "bp", (cmp, int(n))

    def f_bp_before(self, n: Token, cmp: str) -> tuple:
        return "bp", (cmp, int(n))

    def f_cost(self, n: Token, cmp: str) -> tuple:
        return "cost", (cmp, int(n))

    def f_soul(self, *_: Any) -> tuple:
        return "soul", True

    def f_no_soul(self, *_: Any) -> tuple:
        return "soul", False

    def f_not_named(self, t: Token) -> tuple:  # 2-1-1: "other than <Card Name>"
        return "not_named", str(t)[len("other than "):].strip('"')

    def f_other(self) -> tuple:
        return "other", True

    def f_cost_rev(self, cmp: str, n: Token) -> tuple:  # "with a cost equal to or less than N"
        return self.f_cost(n, cmp)

    def f_bp_rev(self, cmp: str, n: Token) -> tuple:  # "with BP equal to or less than N"
        return self.f_bp(n, cmp)

    def f_cost_eq(self, n: Token) -> tuple:
        return "cost", ("==", int(n))

    def f_plain(self) -> tuple:
        return "plain", True

    def f_level(self, n: Token, cmp: str = "==") -> tuple:
        return "level", (cmp, int(n))

    def f_no_symbols(self) -> tuple:  # 2-10-3: "with no symbols": none printed
        return self.f_symbols(0)

    def f_symbols(self, n: int, cmp: str = "==") -> tuple:
        return "symbols", (cmp, n)

    def f_bp_vs(self, t: Token) -> tuple:
        """"with BP equal to or less than this spirit's BP": (op, compared with the effect's card's BP)."""
        low = " ".join(str(t).lower().split())
        if not low.endswith("bp"):  # "with less BP than this spirit"
            return "bp_vs", "<" if re.search(r"with (less|lower|fewer) bp", low) else ">"
        return "bp_vs", next(o for words, o in _BOUND_CMP if words in low)

    def f_cores_or(self, n: Any, cmp: str, *_: Any) -> tuple:
        return "cores", (cmp, n if isinstance(n, int) else int(n))

    def f_cores_eq(self, *xs: Any) -> tuple:
        return "cores", ("==", next(x for x in xs if isinstance(x, int)))

    def f_symbols_or(self, n: Any, cmp: str) -> tuple:
        return "symbols", (cmp, n if isinstance(n, int) else int(n))

    @v_args(meta=True)
    def sym_word(self, meta: Meta, _children: list) -> int:
        return _NUMBER_WORDS[_span(self.t, meta).lower()]

    def lv_pre(self, n: Token) -> dict[str, Any]:
        return {"level": ("==", int(n))}

    @v_args(meta=True)
    def number(self, meta: Meta, _children: list) -> int:
        w = _span(self.t, meta).lower()
        return int(w) if w.isdigit() else _NUMBER_WORDS[w]


def _own_lv_ok(fields: dict[str, Any]) -> None:
    """A continuous "treat this spirit as LVn" printed for some Lvs (2-8-2) must work at the Lv it gives: one that
    would switch itself off ("[LV2] … treated as LV3") is active or not by its own doing, which the rules do not
    settle (effects._self_treated refuses "its highest level" the same way when it resolves)."""
    levels: frozenset[int] = fields.get("levels") or frozenset()
    for part in fields.get("parts", ()) if fields.get("kind") == "continuous" and levels else ():
        for d in part.directives:
            if isinstance(d, TreatLevel) and d.level is not None and d.level not in levels:
                raise _Refused(0, f"a Lv treatment printed for LV{'/'.join(map(str, sorted(levels)))} that treats its "
                                  f"card as LV{d.level} would switch itself off: the rules do not say whether it applies")


# the words of a comparison with the effect's own card's BP, longest first (f_bp_vs)
_BOUND_CMP = (("equal to or less than", "<="), ("equal to or lower than", "<="), ("equal to or fewer than", "<="),
              ("equal to or more than", ">="), ("equal to or higher than", ">="), ("equal to or greater than", ">="),
              ("equal to", "=="), ("less than", "<"), ("lower than", "<"), ("more than", ">"), ("higher than", ">"),
              ("greater than", ">"))


class _OwnerDeck(str):
    """"the top / bottom of their deck": where a card of the Field goes (its owner's Deck, 10-2-2-1); `named` is who
    the text says that is ("opponent": "your opponent's deck"; None: "their" / "its owner's")."""

    named: str | None

    def __new__(cls, where: str, named: str | None) -> _OwnerDeck:
        obj = super().__new__(cls, where)
        obj.named = named
        return obj


def _from_trash(sel: Any, to: str, at: int) -> FromTrash:
    """Cards selected in the controller's Trash (9-2-2), described by what a card there has."""
    if not isinstance(sel, Sel) or sel.ref is not None or sel.count is None:
        raise _Refused(at, "a Trash selection says how many cards: \"Select a spirit card from your trash …\" (9-3-2)")
    if (sel.bp or sel.state or sel.soul is not None or sel.battling or sel.other or sel.owner == "opponent"
            or sel.level or sel.cores or sel.bp_vs):
        # a card in the Trash has no BP, state or core (4-4-1: cores stay off it) and is the Trash's owner's
        raise _Refused(at, "a card in the Trash is described by its colour, type and cost only")
    if isinstance(sel, NamedSel) and sel.kinds == ("spirit", "nexus"):  # 2-1-1: a card of that name, any type
        sel = dataclasses.replace(sel, kinds=("spirit", "nexus", "magic"))
    return FromTrash(dataclasses.replace(sel, owner="you"), to)


class _Src(str):
    """Where the cards a text takes are named to be: "them" / "discarded" (take_revealed; _after_reveal settles it)."""


class _When(str):
    """"At the end of this turn/battle": when a Delayed part activates ("turn" / "battle")."""


def _count_cond(t: str, meta: Meta, xs: list, what: str) -> Cond:
    """A number counted when a condition is checked, compared with N ("N or fewer/more"): whose is the player the
    words name ("you have" / "your opponent has"); the area's owner must be that player ("in your hand" / "in their
    hand"), or the words are refused (one player's count, not the other's)."""
    words = t[meta.start_pos:meta.end_pos].lower()
    who = "opponent" if words.startswith("your opponent") or words.startswith("your opponents") else "you"
    zone_owner = re.search(r"\b(?:in|on)\s+(your|their|his or her)\s", words)
    if zone_owner and (zone_owner.group(1) == "your") != (who == "you"):
        raise _Refused(meta.start_pos, "a count of one player's cards in the other player's area is not read: "
                                       "\"you have … in your hand\", \"your opponent has … in their hand\"")
    n = next(int(x) for x in xs if isinstance(x, int) or (isinstance(x, Token) and x.type == "DIGITS"))
    cmp = next(x for x in xs if x in ("<=", ">=", "=="))
    return Cond({"<=": "count_le", ">=": "count_ge", "==": "count_eq"}[cmp], who, int(n), what)


def _control_named(at: int, who: str, sel: Sel) -> Cond:
    """"If you control a Ruby Sanctuary,": one or more cards of that name on the player's Field (2-1-1, 4-5-1)."""
    if sel.owner != "any" or sel.count is None:
        raise _Refused(at, "a condition names a card the player controls: \"If you control a Ruby Sanctuary, …\"")
    return Cond("control_ge", who, 1, sel=dataclasses.replace(sel, count=None))


def _control(at: int, who: str, n: int, cmp: str, tail: dict[str, Any]) -> Cond:
    """"If you control N or more / a / another <cards>": the cards of that player's Field the description fits
    (4-5-1), counted when the condition is checked. Described by what the Field shows (BP and state included)."""
    tail = dict(tail)
    if tail.pop("target_first", False) or tail.get("owner") or "magic" in tail.get("kinds", ()):
        raise _Refused(at, "a condition counts the cards a player controls on the Field: \"If you control another "
                           "Serpent spirit, …\"")
    named = {k: tail.pop(k) for k in ("named", "named_part") if k in tail}
    sel = _sel(**_unranked(tail, at, "the cards a condition counts"), **named)  # "If you control a "Wolf","
    return Cond("control_le" if cmp == "<=" else "control_ge", who, n, sel=sel)


# Events a Nexus has (5-10 Destroyed, 5-15 Exhausted, 5-14 Refreshed): the others are a Spirit's (attacking, blocking,
# being Summoned, reducing a Life, winning a BP comparison).
_NEXUS_EVENTS = ("destroyed", "destroyed by effect", "destroyed by opponent's effect", "exhausted", "refreshed",
                 "to_hand", "to_deck", "to_hand|to_deck")


def _event_trig(event: str, whose: str, desc: dict[str, Any]) -> Trig:
    """A timing's event of described Spirits: colours and Families (2-6) on the Trig; the rest of the description
    (BP, cost, a Soul Core on it) as `Trig.desc`, matched against the event's Spirit when it happens (9-1-5-2). A
    Nexus's event ("When one of your nexuses is exhausted") keeps its kind in `desc`."""
    rest = {k: v for k, v in desc.items() if k not in ("colors", "families", "kinds")}
    kinds = desc.get("kinds", ("spirit",))
    if kinds == ("nexus",) and event not in _NEXUS_EVENTS:
        raise _Refused(0, f'a Nexus is not {event}: only a Spirit is (a Nexus is Destroyed, Exhausted or Refreshed)')
    by_bp = event == "destroyed by bp"
    # 12-2-1-12-1: "by an opponent" is by their effect or by comparing BP with their Spirit
    by_effect = event in ("destroyed by effect", "destroyed by opponent's effect")
    by_opponent = event in ("destroyed by opponent's effect", "destroyed by opponent")
    return Trig(event.split()[0], whose, by_opponent=by_opponent, by_effect=by_effect, by_bp=by_bp,
                colors=tuple(desc.get("colors", ())), families=tuple(desc.get("families", ())),
                desc=Sel(**_unranked(rest, 0, "the card of an event")) if rest else None, kinds=kinds if kinds == ("nexus",) else ())


_FAMILY_WORD = re.compile(r"[A-Z][a-z]+(?:-[A-Za-z0-9]+|\.[0-9]+)*")
_FAMILY_CAPS = re.compile(r"[A-Z][A-Z0-9]+(?:-[A-Za-z0-9]+|\.[0-9]+)*")


class _Family(str):
    """One Family's name (2-6) as printed, its words joined by one space."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Heading:
    """"(During Your Attack Step)" …: the condition under which the effect after it is active (Effect.while_)."""

    while_: str
    at: int


# The effects a heading may stand over: a continuous effect is active while it holds (9-1-4-3), a triggered one
# activates only while it holds (9-2-1); Magic, activated, common and replacement effects say their own timing.
_HEADED_KINDS = ("continuous", "triggered", "replacement")
_DECLARED_ENDS = ("main", "attack", "second_main")  # the steps whose end the turn player declares
_STEP_HEADING = re.compile(r"(?:(your|opponent)_)?([a-z_]+?)_step")


def _headed(head: _Heading, fields: dict[str, Any]) -> dict[str, Any]:
    trig = fields.get("trigger")
    if trig is not None and trig.event in ("step_start", "step_end") and trig.step is None:
        # "(During Your Attack Step) At the start of the step": the start of the step the heading names, in the turn
        # it names (7-1-1); the heading then says nothing more (it holds whenever that step starts)
        m = _STEP_HEADING.fullmatch(head.while_)
        if m is None:
            raise _Refused(head.at, '"At the start of the step" names the step of its heading: (During Your Attack Step)')
        whose = {"your": "you", "opponent": "opponent", "": "any"}[m.group(1) or ""]
        if trig.event == "step_end" and m.group(2) not in _DECLARED_ENDS:
            raise _Refused(head.at, "the end of a step is a timing for the Main, Attack and Second Main Steps (7-6-1-2-4, "
                                    "7-7-3-2, 7-8-1)")
        return {**fields, "trigger": dataclasses.replace(trig, whose=whose, step=m.group(2))}
    if fields["kind"] not in _HEADED_KINDS:
        raise _Refused(head.at, f"a heading such as (During Your Turn) over a {fields['kind']} effect is not executed "
                                "(it conditions continuous and triggered effects: 9-1-4-3, 9-2-1)")
    if fields.get("while_"):
        raise _Refused(head.at, "a heading and 『During Attack』/『During Block』 on one effect: two conditions")
    return {**fields, "while_": head.while_}


# The first timing of "(When This Spirit Attacks) When …": the condition it is read as (12-2-1-8-1)
_NESTED_UNDER = {"attacks": "attacking"}

# The timings of the effect's own card that a slash may join: each event is the card's own (9-1-5-2)
_JOINABLE = frozenset({"summoned", "deployed", "attacks", "blocks", "attacks_or_blocks", "destroyed", "exhausted",
                       "refreshed", "blocked", "life_reduced"})


def _either(trigs: list[Trig], at: int) -> Trig:
    """The timings of "(When Summoned/When This Spirit Attacks)" as one Trig whose event is either ("summoned|attacks")."""
    for t in trigs:
        if t.whose != "self" or t.event not in _JOINABLE or t.by_opponent or t.step:
            raise _Refused(at, 'timings joined by "/" are read for the card\'s own events: "(When Summoned/When This '
                               'Spirit Attacks)"')
    events = [t.event for t in trigs]
    if len(set(events)) != len(events):
        raise _Refused(at, 'a timing joined to itself by "/"')
    return Trig("|".join(events))


@dataclasses.dataclass(frozen=True, slots=True)
class _Loser:
    """The Spirit a BP comparison destroys, as a timing describes it (None: any of the opponent's)."""

    sel: Sel | None


class _BpEvent(str):
    """The event "destroys … via comparing BP" (8-1-6-2), with the description of the Spirit destroyed."""

    loser: Sel | None

    def __new__(cls, word: str, loser: Sel | None) -> _BpEvent:
        out = super().__new__(cls, word)
        out.loser = loser
        return out


class _Parts(tuple):
    """A body's parts, and whether its last sentence ends in a bare "instead" (a replacement effect's, 9-1-8)."""

    instead_tail: bool
    after_magic: bool  # a sentence ends in "after its effect resolves" (_after_magic)
    once_sentence: bool  # the last sentence is "This effect can only be activated once per turn." (body_once)

    def __new__(cls, parts: list[Part], tail: bool) -> _Parts:
        out = super().__new__(cls, parts)
        out.instead_tail = tail
        out.after_magic = False
        out.once_sentence = False
        return out


_THE_BLOCKED = re.compile(r"\bthe\s+blocked\s+spirit\b", re.I)


def _blocked_ok(fields: dict[str, Any], t: str) -> None:
    """"the blocked spirit": the attacking Spirit a block was declared against (8-1-3-1), read in an effect whose timing
    is that block only; elsewhere no block need have been declared: refused."""
    m = _THE_BLOCKED.search(t)
    trig = fields.get("trigger")
    if m and (trig is None or trig.event != "blocked"):
        raise _Refused(m.start(), '"the blocked spirit" names the Spirit of a block timing: "When one of your spirits '
                                  'is blocked, … the blocked spirit"')


def _after_magic(fields: dict[str, Any], t: str) -> None:
    """"When you use a magic card, … after its effect resolves": the effect activates at the use (9-1-5-2) and resolves
    once the Magic card's own effect has (9-3-1-4), the card's text over the order the rules leave open (1-4-1); said of
    any other timing or effect, "its effect" names no Magic card: refused."""
    if getattr(fields.get("cost"), "after_magic", False) or not getattr(fields.get("parts"), "after_magic", False):
        if getattr(fields.get("cost"), "after_magic", False):
            raise _Refused(t.lower().find("after"), '"after its effect resolves" in the cost of an activated effect')
        return
    trig = fields.get("trigger")
    if fields.get("kind") != "triggered" or trig is None or trig.event != "used":
        raise _Refused(t.lower().rfind("after"), '"after its effect resolves" names the effect of the Magic card a use '
                                                 'timing is about: "When you use a magic card, …"')
    fields["trigger"] = dataclasses.replace(trig, resolved=True)


@dataclasses.dataclass(frozen=True, slots=True)
class _Reselect:
    """"If …, select SEL instead.": the part before done with its selection described as SEL (9-1-8-1-1)."""

    sel: Sel
    at: int


def _reselect(sentence: tuple) -> tuple:
    """An "instead" sentence that is only "select SEL" becomes a `_Reselect` (it completes no selection itself)."""
    marks, cond, (ds, start, end) = sentence
    if "instead" in marks and cond is not None and len(ds) == 1 and isinstance(ds[0], _Select) and ds[0].per is None:
        return marks, cond, ((_Reselect(ds[0].sel, ds[0].at),), start, end)
    return sentence


def _with_instead(before: list[Part], alt: Part, at: int) -> Part:
    """The part before with `alt` to do in its place (9-1-8-1-1). "select SEL instead": the part before's own
    selection, described as SEL; any other alternative is complete in itself (it names no card selected before)."""
    if not before or before[0].instead is not None:
        raise _Refused(at, '"If …, … instead" replaces one part written before it (9-1-8-1-1)')
    prev = before[0]
    if alt.optional:
        raise _Refused(at, '"If …, you may … instead" (a choice between the two) is not executed yet')
    if len(alt.directives) == 1 and isinstance(alt.directives[0], _Reselect):
        new = alt.directives[0].sel
        i = next((i for i, d in enumerate(prev.directives) if any(s.selects for s in _sels(d)[:1])), None)
        if i is None or isinstance(prev.directives[i], (ForEach, Cores)):
            raise _Refused(at, '"select … instead" changes the selection of the part before it: "Select one of … and '
                               'destroy it. If …, select … instead."')
        d = prev.directives[i]
        alt = dataclasses.replace(alt, directives=prev.directives[:i] + (dataclasses.replace(d, sel=new),)
                                  + prev.directives[i + 1:])
    elif any(s.ref in _SELECTED_REFS for d in alt.directives for s in _sels(d)):
        raise _Refused(at, '"… it instead" (an alternative acting on a card selected before it) is not executed yet')
    return dataclasses.replace(prev, instead=alt)


@dataclasses.dataclass(frozen=True, slots=True)
class _Select:
    """"Select SEL" (9-2-2): never in an Effect; `_selected` hands SEL to the instruction that says "it"."""

    sel: Sel
    at: int
    per: Sel | None = None  # "for each PER": the number is sel.count times the cards PER describes (ForEach)
    any_total: tuple[str, int | None] | None = None  # "any number of": ("any", the BP total or None) (AnyNumber)


# Right after "Select SEL", "it" / "them" and "that spirit" name the selected cards.
_SELECTED_REFS = ("it", "that")


def _given_sel(d: Any, chosen: _Select) -> object | None:
    """`_given` for a selection, wrapped in ForEach when its number is counted ("for each …")."""
    got = _given(d, chosen.sel)
    if got is not None and chosen.any_total is not None:
        if not isinstance(got, (Destroy, Exhaust, HeavyExhaust, Refresh, Return)):
            raise _Refused(chosen.at, '"any number of" selections are executed for destroy, exhaust, refresh and '
                                      'return')
        return AnyNumber(got, chosen.any_total[1])
    if got is None or chosen.per is None:
        return got
    if not isinstance(got, (Destroy, Exhaust, HeavyExhaust, Refresh, Return)):
        raise _Refused(chosen.at, '"for each" selections are executed for destroy, exhaust, refresh and return')
    return ForEach(got, chosen.per)


def _given(d: Any, sel: Sel) -> object | None:
    """`d` with the card it names as "it" (or "that spirit") replaced by `sel` (None when `d` names neither)."""
    if isinstance(d, Cores):
        for end in ("src", "dst"):
            place = getattr(d, end)
            if place.sel is not None and place.sel.ref in _SELECTED_REFS:
                _kind_fits(place.sel, sel)
                return dataclasses.replace(d, **{end: dataclasses.replace(place, sel=sel)})
        return None
    got = getattr(d, "sel", None)
    if not (isinstance(got, Sel) and got.ref in _SELECTED_REFS):
        return None
    _kind_fits(got, sel)
    return dataclasses.replace(d, sel=sel)


def _kind_fits(ref: Sel, sel: Sel) -> None:
    """"Select one of your nexuses. The selected spirit …": the noun names another kind of card than was selected."""
    if isinstance(ref, SelectedRef) and not set(ref.kinds) & set(sel.kinds):
        raise _Refused(0, f'"{ref.text()}" names cards of another kind than those selected ({sel.text()})')


def _selected(sentences: tuple) -> list:
    """Sentences with each "Select SEL" folded into the instruction after it that says "it" (9-3-2: the
    selection is made when that instruction resolves), in the same sentence ("… and destroy it") or as the
    next, unlinked sentence ("Select a spirit. It gains 2000 BP during this turn."). Anything else is refused."""
    out: list = []
    pending: _Select | None = None
    for marks, cond, (directives, start, end) in sentences:
        ds = list(directives)
        if pending is not None and _chosen_first(pending, marks, cond, ds):
            prev_marks, prev_cond, (_, pstart, pend) = out.pop()
            out.append((prev_marks, prev_cond, ((Choose(pending.sel),), pstart, pend)))
            pending = None
            ds = [_that_is_it(d) for d in ds]  # "that spirit" right after it: the card selected (9-3-2)
        if pending is not None:
            given = _given_sel(ds[0], pending) if not marks and cond is None else None
            if given is None:
                raise _Refused(pending.at, 'a selection is followed by what is done to it: "Select … and <action> '
                                           'it" or "Select … . It …"')
            marks, cond, (_, start, _) = out.pop()  # the selecting sentence's links ("Then,", "If …,") lead the whole
            ds[0], pending = given, None
        for i, d in enumerate(ds):
            if isinstance(d, _Select):
                if i + 1 < len(ds):
                    given = _given_sel(ds[i + 1], d)
                    if given is None:
                        raise _Refused(d.at, 'a selection is followed by what is done to it: "Select … and '
                                             '<action> it"')
                    ds[i + 1] = given
                elif marks - {"then", "to"}:
                    raise _Refused(d.at, "a selection under 'may' must say in its sentence what is done to it")
                else:
                    pending = d
        ds = [d for d in ds if not isinstance(d, _Select)]
        out.append((marks, cond, (tuple(ds), start, end)))
    if pending is not None:
        raise _Refused(pending.at, 'a selection is followed by what is done to it: "Select … and <action> it"')
    chosen = selected = False
    for _marks, cond, (ds, start, _end) in out:
        if cond is not None and cond.kind.startswith("it_is") and not chosen:
            raise _Refused(start, '"If it is …" looks at the card selected before it: "Select a spirit. If it is green, '
                                  '…"')
        if not selected and any(isinstance(d, Delayed) and _says_it(d.part) for d in ds):
            raise _Refused(start, '"it" in an effect set up for later names a card selected before it: "Select … . At '
                                  'the end of this turn, return it …"')
        chosen = chosen or any(isinstance(d, Choose) for d in ds)
        # a card selected before, by "Select …" or by an instruction that selects ("Exhaust one of …"): "it" later
        selected = selected or any(isinstance(d, Choose) or any(s.selects for s in _sels(d)) for d in ds)
    return out


def _that_is_it(d: Any) -> Any:
    """`d` with "that spirit" naming the card just selected ("it"), not the card of a triggering event."""
    if isinstance(d, DiscardCount) and d.count.sel.ref == "that":
        return dataclasses.replace(d, count=dataclasses.replace(d.count, sel=Sel(ref="it")))
    got = getattr(d, "sel", None)
    return dataclasses.replace(d, sel=Sel(ref="it")) if isinstance(got, Sel) and got.ref == "that" else d


def _chosen_first(pending: _Select, marks: set, cond: Cond | None, ds: list) -> bool:
    """Whether "Select SEL." is made once, as its own part (Choose, 9-3-2), before the sentence after it that acts on
    "it": a condition on it ("If it is …, …"), a part set up for later ("At the end of this turn, … it …"), or a
    linked sentence ("You may return it to your hand to …", "Then, refresh it.", "If …, destroy it.")."""
    if pending.per is not None or pending.any_total is not None:
        return False
    if cond is not None and cond.kind.startswith("it_is"):
        return True
    if isinstance(ds[0], Delayed):
        return not marks - {"then"}
    says_it = any(s.ref in _SELECTED_REFS for d in ds for s in _sels(d))
    # a linked sentence, or one whose first instruction does not act on it ("Discard … equal to that spirit's cost
    # and destroy that spirit")
    return says_it and (bool(marks or cond is not None) or _given(ds[0], pending.sel) is None)


def _says_it(part: Part) -> bool:
    """Whether a part names "it" (a card selected before it): in a condition on it or in a description."""
    return (part.cond is not None and part.cond.kind.startswith("it_is")) or any(
        s.ref in _SELECTED_REFS for d in part.directives for s in _sels(d))


def _first(xs: list, kind: type[_T]) -> _T:
    return next(x for x in xs if isinstance(x, kind))


def _sels(d: object) -> list[Sel]:
    if isinstance(d, Delayed):
        return [s for x in d.part.directives for s in _sels(x)]
    if isinstance(d, ForEach):
        return _sels(d.d) + [d.per]
    if isinstance(d, AnyNumber):
        return _sels(d.d)
    if isinstance(d, DrawEach):
        return [d.per]
    if isinstance(d, CoresEach):
        return _sels(d.d) + [d.per]
    out = [x for x in (getattr(d, "sel", None),) if isinstance(x, Sel)]
    if isinstance(d, DiscardCount):
        out.append(d.count.sel)
    if isinstance(d, Cores):
        out += [p.sel for p in (d.src, d.dst) if p.sel is not None]
    return out


def _it_is_this(cont: Any, cond: Cond | None, at: int) -> Any:
    """"If this spirit is refreshed, it cannot be destroyed": in a continuous effect "it" can only be the card its
    condition names, the effect's own (nothing is selected, 9-3-2); read as "this spirit". Without such a condition
    "it" names no card and is refused (it was read and matched nothing: a silently ignored effect)."""
    sel = getattr(cont, "sel", None)
    if not isinstance(sel, Sel) or sel.ref != "it":
        return cont
    about_this = cond is not None and (cond.kind.startswith("this_is") or cond.kind == "soul"
                                       or cond.what in ("cores_this", "bp_this", "lv_this"))
    if not about_this:
        raise _Refused(at, '"it" in a continuous effect names no card: "this spirit cannot …", "your spirits gain …"')
    return dataclasses.replace(cont, sel=Sel(ref="this"))


def _continuous_ok(cont: object, at: int) -> None:
    """A continuous effect (9-1-4) applies while its card is on the Field: the engine describes its cards by
    who, colour, kind and printed cost, not by BP or state, which change while it applies."""
    if isinstance(cont, LifeGuard) and cont.sel.ref is not None:
        raise _Refused(at, "a Life protected while its card is on the Field names the attacking Spirits by a "
                           "description: \"attacks from your opponent's spirits with 3000 or fewer BP …\"")
    if isinstance(cont, TreatLevel) and cont.sel.ref != "this":
        # its own card only (effects.level looks at the card's own texts): another card's Lv is not executed yet
        raise _Refused(at, "a Lv treatment that lasts while its card is on the Field treats that card only: \"treat "
                           "this spirit as LV3\" (one with a duration is executed for other cards: \"… during this "
                           "turn\")")
    sels = _sels(cont)
    if isinstance(cont, ModBPEach):  # recounted while it applies (9-1-4-1): the counted cards too
        if cont.per.ref is not None:
            raise _Refused(at, "a continuous BP bonus counts cards the text describes: \"for each nexus you control\"")
        sels.append(cont.per)
    if isinstance(cont, LifeCap) and cont.sel.ref is not None:
        raise _Refused(at, "a Life reduced by at most N names the attacking Spirits by a description")
    if isinstance(cont, (Forbid, ForbidBlockBy, LifeGuard, LifeCap)):
        # a "cannot" looks at the cards it names as they are when it is checked (BP, state, Soul Core, Lv): no BP
        # depends on it (effects.bp reads BP effects only), so the description is well-founded (9-1-4-1)
        sels = []  # (`by` is judged as the blocker is: effects.block_forbidden)
    for sel in sels:
        if sel.bp or sel.bp_vs or sel.state or sel.soul is not None:
            raise _Refused(at, "a continuous effect's description by BP or state (or a Soul Core on the card) is not "
                               "executed yet")
        if isinstance(sel, RankedSel):  # the rank changes with the BP it would change
            raise _Refused(at, "a continuous effect's description by rank (\"with the lowest BP\") is not executed yet")
        if sel.level:  # the Lv changes with the cores while it applies (2-8-3)
            raise _Refused(at, "a continuous effect's description by Lv is not executed yet")


# 9-1-4-3: the conditions a continuous effect can be active under, checked whenever it is looked at: the Life, the
# Spirits or described cards a player controls, the Soul Core on its card or among its card's last cost, its card's
# state (5-5-1: no continuous effect changes it, so it stays well-founded). (Not "it"
# or "destroyed by this effect": a continuous effect selects and destroys nothing.)
_STATIC_CONDS = ("life_le", "life_ge", "spirits_le", "spirits_ge", "control_le", "control_ge", "soul", "soul_paid",
                 "this_is", "this_is_not")


# … and the counts no continuous effect changes (4-1-2: the cards and cores of an area; the cores on its card): not
# its card's BP or Lv, which continuous effects change (2-8-2, 2-8-3)
_STATIC_COUNTS = ("hand", "trash", "deck", "reserve", "trash_cores", "cores_this", "symbols")


def _static_cond_ok(cond: Cond, at: int) -> None:
    if cond.kind.startswith("count_") and cond.what.split(":")[0] in _STATIC_COUNTS or cond.kind == "turn":
        return
    if cond.kind not in _STATIC_CONDS:
        raise _Refused(at, f'a continuous effect under the condition "{cond.text()}" is not executed (it looks at '
                           "Life, the cards a player controls, the Soul Core or its card's state: 9-1-4-3)")
    if cond.sel is not None and (cond.sel.bp or cond.sel.level or cond.sel.bp_vs):
        # the cards counted by BP or Lv, which continuous effects change: not well-founded
        raise _Refused(at, "a continuous effect's condition counts cards by their printed information, not by BP or Lv")


def _not_did(cond: Cond | None, at: int) -> None:
    """"If you do," only as its own sentence after the part it looks at (body: the link "did")."""
    if cond is not None and cond.kind == "did":
        raise _Refused(at, '"If you do," begins the sentence after the part it looks at: "You may discard a card. If '
                           'you do, draw two cards."')


_DECK_LOOK = (RevealTop, TakeRevealed, RestRevealed, FreeSummon)
_REVEALED_CONDS = ("it_card", "it_card_not", "it_else", "added")


def _from_discarded(parts: list[Part], at: int) -> Part:
    """The last part, with a card taken "from them" / "from the discarded cards" after the top of its controller's Deck
    was discarded (and nothing revealed) made a selection among those cards, now in the Trash (5-13-1, 4-4-2: public;
    9-2-2). "From them" after a reveal stays the revealed cards."""
    part = parts[-1]
    if not any(isinstance(d, TakeRevealed) and d.src != "revealed" for d in part.directives):
        return part
    earlier = [d for p in parts[:-1] for d in p.directives]
    out: list = []
    for d in part.directives:
        if isinstance(d, TakeRevealed) and d.src != "revealed":
            revealed = any(isinstance(x, RevealTop) for x in earlier)
            last = max((i for i, x in enumerate(earlier) if isinstance(x, DiscardTop)), default=None)
            # "them" are the cards discarded just before: the controller's own, no card selected in between
            discarded = last is not None and earlier[last].who == "you" and not any(
                isinstance(x, Choose) or any(s.selects for s in _sels(x)) for x in earlier[last + 1:])
            if d.src == "them" and revealed:
                d = dataclasses.replace(d, src="revealed")
            elif revealed or not discarded or d.sel.ref is not None:
                raise _Refused(at, 'the cards taken "from them" are those discarded or revealed just before: "Discard '
                                   'the top three cards of your deck and return one purple spirit card from them to '
                                   'your hand"')
            else:
                kinds = ("spirit", "nexus", "magic") if isinstance(d.sel, NamedSel) else d.sel.kinds
                d = FromTrash(dataclasses.replace(d.sel, owner="you", kinds=kinds), "hand", discarded=True)
        earlier.append(d)
        out.append(d)
    return dataclasses.replace(part, directives=tuple(out))


def _after_reveal(parts: list[Part], at: int) -> Part:
    """The last part of `parts`, checked against the ones before it: what the text does with the cards revealed from
    the top of the Deck (RevealTop) names them only after they are revealed; after a reveal, only what is done with
    them (and a discard from the Hand) is executed, so that "it" and "the remaining cards" are always those cards.
    "If it is not," right after "If it is a …," is that condition not met."""
    part, before = _from_discarded(parts, at), parts[:-1]
    revealed = any(isinstance(d, RevealTop) for p in before for d in p.directives)
    cond = part.cond
    if cond is not None and cond.kind in _REVEALED_CONDS and not revealed:
        raise _Refused(at, '"If it is …" / "If you add a card …" here looks at cards revealed before it: "Reveal the '
                           'top card of your deck. If it is a Terrasaur spirit card, add it to your hand."')
    if cond is not None and cond.kind == "it_else":
        prev = before[-1].cond if before else None
        if prev is None or prev.kind not in ("it_card", "it_card_not"):
            raise _Refused(at, '"If it is not," follows "If it is a …,": "If it is not, return it to the top of your '
                               'deck."')
        part = dataclasses.replace(part, cond=dataclasses.replace(
            prev, kind="it_card_not" if prev.kind == "it_card" else "it_card"))
    if any(isinstance(d, DrawSymbols) for d in part.directives) and not any(
            isinstance(d, Choose) or any(s.selects for s in _sels(d)) for p in before for d in p.directives):
        raise _Refused(at, '"for each symbol on the destroyed spirit" counts the card the effect acted on before: '
                           '"Select one of your opponent\'s spirits and destroy it. Then, your opponent draws two cards '
                           'for each symbol on the destroyed spirit."')
    for d in part.directives:
        if isinstance(d, RevealTop) and revealed:
            raise _Refused(at, "one reveal of the top of the Deck per effect is executed")
        if isinstance(d, FreeSummon) and (d.area == "revealed") != revealed:
            raise _Refused(at, 'a card Summoned "from the revealed cards" is one revealed before; after a reveal, only '
                               "the revealed cards are summoned")
        if isinstance(d, (TakeRevealed, RestRevealed)) and not revealed and not isinstance(d, RevealTop):
            raise _Refused(at, 'the cards added or returned here are those revealed before: "Reveal the top four cards '
                               'of your deck. You may add one nexus card from the revealed cards to your hand."')
        if revealed and not isinstance(d, (*_DECK_LOOK, DiscardHand)):
            raise _Refused(at, "after revealing the top of the Deck, what is done with those cards (to the Hand, the "
                               "Trash or the Deck) and a discard from the Hand are executed, not other instructions")
    if (revealed or any(isinstance(d, _DECK_LOOK) for d in part.directives)) and (
            part.instead is not None or any(isinstance(x, (Choose,)) for x in part.directives)):
        raise _Refused(at, "a selection or an \"instead\" around cards revealed from the Deck is not executed yet")
    return part


def _attackers(sel: Sel, words: str) -> Sel:
    """"… by an attack from a spirit that has 2000 or fewer BP": any such Spirit (every one the description fits),
    not one selected."""
    if sel.ref is None and re.search(r"\b(?:an attack|attacks) from (?:a|an|one) ", words, re.I):
        return dataclasses.replace(sel, count=None, up_to=False)
    return sel


def _one_shot_ok(d: object, at: int) -> None:
    if isinstance(d, (FromTrash, TakeRevealed, DiscardHand, HandToDeck)) and isinstance(getattr(d, "sel", None), RankedSel):
        raise _Refused(at, '"with the lowest/highest BP/cost" is executed for cards on the Field, not in the Trash, '
                           "the Hand or the revealed cards")
    if isinstance(d, LifeCap):
        raise _Refused(at, "a Life reduced by at most N set up by a resolving effect is not executed yet (one active "
                           "while its card is on the Field is)")
    if isinstance(d, (ModBP, ModBPEach, Forbid, ForbidBlockBy, TreatLevel, LifeGuard)) and d.duration is None:
        raise _Refused(at, "a resolving effect must say how long it lasts: during this turn / during this battle")


class _Regular(str):
    """"core(s)" said to be "not a Soul Core" (5-7-1): the Cores directive is `regular`."""


def _regular(children: list, d: Cores) -> Cores:
    """`d` made `regular` when its cores are said not to be the Soul Core (after "core", or after the place)."""
    if any(isinstance(c, _Regular) or c is True for c in children):
        return dataclasses.replace(d, regular=True)
    return d


def _cores_ok(d: Cores, at: int) -> Cores:
    if d.src.kind == "void" and d.n is None and not d.but:  # 4-8-2: the Void has no limit
        raise _Refused(at, "all the cores of the Void is no number: the Void has no limit (4-8-2)")
    if d.dst.kind == "card" and d.src.kind == "card" and any(
            p.sel is not None and (p.sel.count or 0) > 1 for p in (d.src, d.dst)):
        raise _Refused(at, "moving cores from or onto several cards at once by an effect is not executed yet")
    return d


# The grammar's parser: lark's tables, read without lark from the per-user cache (core.lalr).
_READER = Reader("bs_standard_effects.lark", lexer="basic", propagate_positions=True)


@cache
def _parser() -> Lark:
    """lark's parser for the grammar (imported and built when a refusal is explained: its expected terminals)."""
    return _READER.lark()


_WORD_AT = re.compile(r"[^\s.,:;()\[\]【】『』「」《》]+|\S")
_EXAMPLE_WORDS = [set(re.findall(r"\w+", e.lower())) for e in EXAMPLES]


def _nearest_example(t: str) -> str:
    """The supported wording sharing the most words with `t` (linear in the text)."""
    words = set(re.findall(r"\w+", t.lower()))
    scores = [len(words & w) / len(words | w) for w in _EXAMPLE_WORDS]
    return EXAMPLES[scores.index(max(scores))]


def _expected(e: UnexpectedInput) -> list[str]:
    """The words the grammar would have read where it stopped (string terminals only)."""
    names = getattr(e, "expected", None) or getattr(e, "allowed", None) or ()
    by_name = {t.name: t for t in _parser().terminals}
    return sorted({by_name[n].pattern.value for n in names if n in by_name and by_name[n].pattern.type == "str"})


class CardTextError(EffectSyntaxError):
    """A refusal that knows where understanding stopped (`at`, an index in the normalised text) and whether the
    text was read but cannot be executed (`executable` False) or not understood."""

    def __init__(self, message: str, phrase: str, hint: str, at: int, understood: bool, nearest: str):
        super().__init__(message, phrase, hint)
        self.at, self.understood, self.nearest = at, understood, nearest


_LINKS = re.compile(r"^(?:then,?\s+|after this effect resolves,?\s+|if [^,]+,\s+|(?:you |your opponent |they )?must\s+"
                    r"|you may\s+)*", re.I)
# Battle Spirits Saga's keyword effects (Saga rules chapter 11) and its Burst (Saga rules 10-9: a card set in the
# Burst Area, 3-8), which the Standard rules do not define: a Saga card's text that names one is refused by that name
# (the Standard reader also reads Saga-worded cards). The values are Saga rules sections, not Standard ones.
_SAGA_KEYWORDS = {"awaken": (11, 1), "confront": (11, 2), "curse": (11, 3), "immortal": (11, 4), "armor": (11, 5),
                  "luster": (11, 6), "blessed": (11, 7), "ascend": (11, 8), "swift": (11, 9), "gale": (11, 10),
                  "crush": (11, 11), "raid": (11, 12), "a.t. field": (11, 13), "astral": (11, 14), "chain": (11, 15),
                  "agile": (11, 16), "feast": (11, 17), "link": (11, 18), "burst": (10, 9)}
_SAGA_ONLY = re.compile(r"(?<![\w.])(" + "|".join(re.escape(k) for k in _SAGA_KEYWORDS) + r")(?:s|ed)?(?!\w)", re.I)
_CLASH = re.compile(r"^(?:[\[【『「][^\]】』」]*[\]】』」]\s*)?([\[【『「]\s*clash\b.*)$", re.I)


def _clause(t: str, pos: int) -> str:
    """The words the engine did not understand, as the refusal names them: the sentence in which reading stopped,
    without its joining words ("Then,", "If …,", "You may" …)."""
    begin = max([0] + [m.end() for m in re.finditer(r"\.\s+|[\]】』」]\s*:?\s*|:\s+", t) if m.end() <= pos])
    end = next((m.start() for m in re.finditer(r"\.(?:\s|$)", t) if m.start() >= pos), len(t))
    s = t[begin:end].strip()
    cut = _LINKS.match(s).end()  # type: ignore[union-attr]
    lead = begin + len(t[begin:end]) - len(t[begin:end].lstrip())
    return (s[cut:].strip() if lead + cut <= pos else s) or s  # the stop may be inside "If …,"


def _refusal(t: str, pos: int, reason: str, understood: bool, phrase: str | None = None) -> CardTextError:
    m = _WORD_AT.match(t, pos)
    word = m.group() if m else "(end of text)"
    nearest = _nearest_example(t)
    stopped = f'understanding stopped at "{word}" (column {pos + 1})'
    if understood:
        msg = f'the engine cannot execute the effect words "{phrase or t}" ({reason})'
        hint = f"{stopped}; {HINT}"
    else:
        msg = f'the engine cannot execute the effect words "{_clause(t, pos)}" (not an instruction the Standard engine reads)'
        hint = f"{stopped}" + (f"; {reason}" if reason else "") + f"; nearest supported wording: {nearest}; {HINT}"
    return CardTextError(msg, phrase or _clause(t, pos), hint, pos, understood, nearest)


_TRANSFORMERS = ThreadTransformer(lambda: _Build)


def _build(t: str) -> _Build:
    """This thread's transformer (see core.transformer), set to read `t`."""
    b: _Build = _TRANSFORMERS.get()
    b.t = t
    return b


@lru_cache(maxsize=4096)
def read(text: str) -> Effect:
    """One effect's printed text -> its Effect, or CardTextError naming the words not understood or executed."""
    t = normalise(text)
    if not t:
        raise _refusal(t, 0, "empty effect text", True)
    clash = _CLASH.match(t)
    if clash:  # a keyword the document names without defining: refused by name, not at a word
        raise _refusal(t, clash.start(1), "the Standard rules name 【Clash】 (5-2-2, 12-1-1) but do not say what it does",
                       True, clash.group(1))
    saga = _SAGA_ONLY.search(t)
    if saga:
        name = saga.group(1).lower()
        what = "a card of Battle Spirits Saga's Burst Area" if name == "burst" else "a keyword effect of Battle Spirits Saga"
        where = "-".join(map(str, _SAGA_KEYWORDS[name]))
        raise _refusal(t, saga.start(), f"{saga.group(1)} is {what} (Saga rules {where}); the Standard rules do not "
                                        "define it", True, saga.group())
    try:
        tree = _READER.parse(t)
    except Unparsed as u:
        e = u.error
        pos = getattr(e, "pos_in_stream", None)
        pos = len(t) if pos is None else pos
        pos = _family_start(t, pos, _expected(e))
        stop = _WORD_AT.match(t, pos)
        # the words the grammar reads there, the nearest to the word written first
        expected = sorted(_expected(e), key=lambda w: -difflib.SequenceMatcher(
            None, w, stop.group().lower() if stop else "").ratio())
        reason = ("there it reads " + ", ".join(f'"{w}"' for w in expected[:12])) if expected else ""
        repaired = _read_repaired(text, _MISPRINTS.repair(t, e))  # s17 misprint: reported by `understand`
        if repaired is None:
            raise _refusal(t, pos, reason, False) from None
        return repaired
    return _effect(text, t, tree)


# s17 misprint: misprinted words repaired when safe (core.misprint), reported by `understand`
_MISPRINTS = Misprints(_READER, "bs-standard", _WORD_AT)


def _read_repaired(text: str, fixed: Repaired | None) -> Effect | None:
    """The effect of a text read with its misprints repaired, if the repaired text reads completely."""
    if fixed is None:
        return None
    try:
        return _effect(text, fixed.text, _READER.parse(fixed.text))
    except (Unparsed, CardTextError):
        return None


def _effect(text: str, t: str, tree: Any) -> Effect:
    """The effect of the grammar's tree of `t` (normalised `text`), or CardTextError."""
    try:
        (once, unstack), fields = _build(t).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, _Refused):
            raise _refusal(t, e.orig_exc.at, e.orig_exc.reason, not isinstance(e.orig_exc, _NotRead)) from None
        raise
    # A common (12-2-1) or continuous (9-1-4) effect never activates, so [Once per turn]/[Unstackable] (12-3) do
    # not apply to it (as the reader before the grammar had it).
    if fields.get("levels") and fields["kind"] in ("magic", "common"):
        # 2-8-2: Lvs are those of a Spirit or Nexus on the Field; Magic and common effects have none
        raise _refusal(t, 0, "a Lv bracket belongs to a Spirit's or Nexus's effect (2-8-2), not to Magic or a "
                             "common effect", True, t.split("]")[0] + "]")
    _soul_ok(t, fields)
    _magic_ok(t, fields)
    if fields.pop("plain", False):
        return Effect(text, **fields)
    return Effect(text, **fields, once_per_turn=once, unstackable=unstack)


def _magic_ok(t: str, fields: dict[str, Any]) -> None:
    """A Magic card is used and then goes to the Trash (4-4-1): it is never on the Field, so "magic card" describes a
    card in the Trash only (the Trash selection, FromTrash); anywhere else it would select nothing: refused."""
    sels = [fields["replaces"]] if fields.get("replaces") is not None else []
    for p in fields.get("parts", ()) + fields.get("cost", ()):
        for d in p.directives:
            if not isinstance(d, (FromTrash, DiscardHand, TakeRevealed)):  # a magic card in the Trash, Hand or Deck
                sels += _sels(d) + ([d.per] if isinstance(d, ModBPEach) else [])
    if any("magic" in s.kinds for s in sels):
        raise _refusal(t, t.lower().find("magic"), "a magic card is never on the Field (4-4-1): it is selected in the "
                                                   "Trash only (\"Select a magic card from your trash …\")", True)


_KINDS = frozenset({"spirit", "spirits", "nexus", "nexuses", "card", "cards", "magic"})
_CAPITALISED = re.compile(r"\b([A-Z][\w'-]*)\s*$")


def _family_start(t: str, pos: int, expected: list[str]) -> int:
    """Where a refusal points when reading stopped after words taken as a Family (2-6) that no card kind follows:
    at the first of those words ("1 opponent Spirt with …" stops at "Spirt", the misspelt kind, not at "with")."""
    if not _KINDS & set(expected):
        return pos
    keywords = _keywords()
    start = pos
    while (m := _CAPITALISED.search(t, 0, start)) and m.group(1).lower() not in keywords:
        start = m.start()
    return start


@cache
def _keywords() -> frozenset[str]:
    return frozenset(str(t.pattern.value).lower() for t in _parser().terminals if t.pattern.type == "str")


def _soul_ok(t: str, fields: dict[str, Any]) -> None:
    """'If this spirit has a "Soul Core" on it' looks at the effect's own card on the Field now (5-7-1): said of a
    Triggered Effect of a Spirit or Nexus. A Magic card has no such card: refused. A Destroyed card keeps its cores
    in the Pending State, on the Field, until its "When Destroyed" effects have resolved (10-2-2-5: only then are
    they placed in the Reserve), so there the condition looks at the card in the Pending State."""
    if not any(p.cond is not None and p.cond.kind == "soul" for p in fields.get("parts", ())):
        return
    if fields.get("trigger") is None and fields["kind"] != "continuous":  # (a continuous effect: its card on the Field)
        raise _refusal(t, t.lower().find("this"), "a Soul Core on this card is checked on the Field: in a Triggered "
                                                  "Effect of a Spirit or Nexus that has not left it", True)


@lru_cache(maxsize=1024)
def understand(text: str) -> Reading:
    """What the engine understood of `text`: all of it, or up to the word where understanding stopped."""
    t = normalise(text)
    try:
        read(text)
        return Reading(t, "read", len(t), repairs=_MISPRINTS.repairs_of(t))
    except CardTextError as e:
        stop = min(e.at, len(t))
        m = _WORD_AT.match(t, stop)
        status = "not executable" if e.understood else "not understood"
        return Reading(t, status, stop, m.group() if m else "", e.message, e.nearest)


def summary(effect: Effect) -> str:
    """A short, stable AST summary (the corpus records it): kind, labels/timing, restrictions, parts."""
    head = effect.kind + (f"[{','.join(sorted(effect.labels))}]" if effect.labels else "")
    if effect.levels:
        head += " LV" + ",".join(map(str, sorted(effect.levels)))
    if effect.trigger:
        tr = effect.trigger
        head += f" {tr.event}" + ("/" + tr.whose if tr.whose != "self" else "") + "".join(f" {c}" for c in tr.colors) + "".join(
            f" family {f}" for f in tr.families) + (f" ({tr.desc.text().removeprefix('all spirits ')})" if tr.desc else "") + (
            " by-attack" if tr.attack else "") + (" by-effect" if tr.by_effect else "") + (" by-bp" if tr.by_bp else "") + (
            " by-opponent" if tr.by_opponent else "") + (f" {tr.step}" if tr.step else "") + (
            f" destroying ({tr.loser.text()})" if tr.loser else "") + (
            " nexuses" if tr.kinds == ("nexus",) else "") + (" first-each-turn" if tr.first else "") + (
            " after-its-effect" if tr.resolved else "")
    if effect.keyword:
        head += f" {effect.keyword}"
    if effect.while_:
        head += f" while {effect.while_}"
    if effect.replaces:
        head += f" replaces destroying {effect.replaces.text()}" + (" by-opponent" if effect.by_opponent else "")
    if effect.cond is not None:
        head += f" if {effect.cond.text()}"
    flags = [f for f, on in (("once per turn", effect.once_per_turn), ("unstackable", effect.unstackable)) if on]
    out = [head] + flags
    if effect.cost:
        out.append("cost " + "; ".join(_part(p) for p in effect.cost))
    out += [_part(p) for p in effect.parts]
    return " | ".join(out)


def _part(p: Part) -> str:
    lead = p.link + (f" {p.cond.text()}" if p.cond else "") + (" may" if p.optional else "")
    # (a replacement's "to keep it on the field": nothing more to do, the card staying where it is)
    out = f"{lead}: " + ("; ".join(_directive(d) for d in p.directives) or "KeepOnField")
    return out + (f" [instead {_part(p.instead)}]" if p.instead is not None else "")


# What the summary says after a directive's selection, by its class.
_EXTRA: dict[type, Any] = {
    ModBP: lambda d: f", {d.amount:+d}",
    ModBPEach: lambda d: f", {d.amount:+d} × ({d.per.text()})",
    Forbid: lambda d: f", cannot {d.what}",
    ForbidBlockBy: lambda d: f", cannot be blocked by {d.by.text()}",
    LifeGuard: lambda d: ", its attacks cannot reduce " + ("either player's life" if d.both else "your life"),
    LifeCap: lambda d: f", its attack reduces your life by at most {d.n}",
    Return: lambda d: f", to {d.to}",
    FromTrash: lambda d: f", to {d.to.replace('_', ' ')}" + (", among the cards discarded" if d.discarded else ""),
    FreeSummon: lambda d: f", from {d.area}",
    TreatLevel: lambda d: ", as " + ("highest LV" if d.level is None else f"LV{d.level}"),
    NoRefresh: lambda d: ", not in " + {None: "its", "you": "your", "opponent": "the opponent's"}[d.whose]
                         + " next refresh step",
}


# Directives the summary says whole, by their class.
_WHOLE: dict[type, Any] = {
    CostIs: lambda d: f"CostIs({d.n}, {d.when})",
    EndAttackStep: lambda d: f"EndAttackStep({'now' if d.at_once else ''}"
                             + (f"{', ' if d.at_once else ''}opponent's" if d.whose else "") + ")",
    WinGame: lambda d: f"WinGame({d.who})",
    Shuffle: lambda d: f"Shuffle({d.who})",
    SoulMove: lambda d: f"SoulMove({d.src.text() if d.src else 'where it is'} -> {d.dst.text()})",
    RevealTop: lambda d: f"RevealTop({d.n}" + (", view" if d.view else "") + ")",
    RestRevealed: lambda d: f"RestRevealed({'any number, ' if d.some else ''}to {d.to.replace('_', ' ')}"
                            + (f" or {d.or_to.replace('_', ' ')}" if d.or_to else "") + ")",
    HandToDeck: lambda d: f"HandToDeck({d.n}, to {d.to})",
    LookHand: lambda d: f"LookHand({'your' if d.who == 'you' else 'opponent' + chr(39) + 's'} hand, "
                        f"{'revealed' if d.reveal else 'looked at'})",
    PlayerBan: lambda d: f"PlayerBan({d.who}, cannot {d.what}" + (f", {d.duration}" if d.duration else "") + ")",
}


def _directive(d: object) -> str:
    if isinstance(d, Delayed):
        return f"Delayed(end of {d.when}, {_part(d.part)})"
    if isinstance(d, ForEach):
        return f"ForEach({_directive(d.d)}, × ({d.per.text()}))"
    if isinstance(d, AnyNumber):
        many = dataclasses.replace(d.d, sel=dataclasses.replace(d.d.sel, count=None, up_to=False))
        return f"AnyNumber({_directive(many).replace('(all ', '(', 1)}" + (f", total BP <= {d.total_bp}" if d.total_bp is not None else "") + ")"
    if isinstance(d, (Draw, DiscardTop)):
        return f"{type(d).__name__}({d.n}, {d.who})"
    if isinstance(d, DiscardCount):
        return f"DiscardCount({f'{d.each} × ' if d.each != 1 else ''}{d.count.text()}, {d.who})"
    if isinstance(d, DiscardHand):
        return f"DiscardHand({d.n}" + (f", {d.sel.text()}" if d.sel else "") + (f", {d.who}" if d.who != "you" else "") + ")"
    if isinstance(d, CoresEach):
        return f"CoresEach({_directive(d.d)}, × ({d.per.text()}))"
    if isinstance(d, DrawEach):
        return f"DrawEach({d.d.n}, {d.d.who}, × ({d.per.text()}))"
    if isinstance(d, DrawSymbols):
        return f"DrawSymbols({d.d.n}, {d.d.who}, × symbols on {'the destroyed card' if d.destroyed else 'it'})"
    if type(d) in _WHOLE:  # directives summarised whole (no selection first)
        return _WHOLE[type(d)](d)
    if isinstance(d, Cores):
        return (f"Cores({('all but ' + str(d.but)) if d.but else ('any number' if d.up_to else 'all') if d.n is None else ('up to ' if d.up_to else '') + str(d.n)}, "
                f"{d.src.text()} -> {d.dst.text()}" + (", not the Soul Core" if d.regular else "") + ")")
    sel = _sels(d)[0]
    extra = _EXTRA[type(d)](d) if type(d) in _EXTRA else ""
    dur = getattr(d, "duration", None)
    return f"{type(d).__name__}({sel.text()}{extra}" + (f", {dur}" if dur else "") + ")"
