"""`_Build`: the lark Transformer composing the concept mixins (grammar/ws_effects.lark -> effects.py values)."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core.tree import Meta, Token, Transformer, Tree, v_args
from judge_app.engine.ws.cardtext.checks import _checked
from judge_app.engine.ws.cardtext.common import (
    _ALIASES,
    _FLAG_CONDS,
    _TRIGGERS,
    _after_level_bound,
    _after_reveal,
    _among_those,
    _DamageNote,
    _deals_damage,
    _levels,
    _Limit,
    _one_dot,
    _opt,
    _Per,
    _refuse,
    _Reminder,
    _that_character,
    _tokens,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.conditions import _Conditions
from judge_app.engine.ws.cardtext.costs import _Costs
from judge_app.engine.ws.cardtext.counts import _Counts
from judge_app.engine.ws.cardtext.deck import _Deck
from judge_app.engine.ws.cardtext.forms import _LEVEL_CONDS, _form
from judge_app.engine.ws.cardtext.granted import _Granted
from judge_app.engine.ws.cardtext.parts import (
    _Both,
    _chosen_end22,
    _if_done,
    _if_hand,
    _memory_back_joined,
    _names_battle_opp,
    _x_defined,
)
from judge_app.engine.ws.cardtext.restrictions import _Restrictions
from judge_app.engine.ws.cardtext.selections import _Selections
from judge_app.engine.ws.cardtext.sequencing import _Sequencing
from judge_app.engine.ws.cardtext.stage_actions import _StageActions
from judge_app.engine.ws.cardtext.timings import _Timings
from judge_app.engine.ws.cardtext.zones import _Zones
from judge_app.engine.ws.effects import (
    Ability,
    Cond,
    Cost,
    Count,
)


@v_args(inline=True)
class _Build(_Timings, _Costs, _Conditions, _Restrictions, _Selections, _StageActions,
             _Deck, _Zones, _Granted, _Counts, _Sequencing, Transformer):
    """Every method returns an effects.py value or a small part of one; `start` applies the category.

    The bases are the concept mixins, head first then body (the package's map, `__init__`). No rule method
    is defined twice, so their order decides nothing but `__default__`'s chain: this class's (aliases,
    trigger words, flag conditions), then `_Conditions`' (the zones and kinds of the head's counts).
    """

    def __default__(self, data, children, meta):
        if data in _ALIASES:
            return _word(meta, _ALIASES[data])
        if data in _TRIGGERS:
            return ("when", _TRIGGERS[data])
        if data in _FLAG_CONDS:
            return Cond(_FLAG_CONDS[data])
        return super().__default__(data, children, meta)

    @v_args(inline=True, meta=True)
    def sentences(self, meta: Meta, *parts: object) -> tuple:
        parts = _x_defined(_after_level_bound(parts))
        effects = _memory_back_joined(_among_those(_if_done(_after_reveal(_if_hand(_chosen_end22(  # s13: `_if_hand`
            tuple(q for p in parts if not isinstance(p, Token | _Reminder)
                  for q in (p if isinstance(p, _Both) else (p,)))))))))  # s18 head: `_Both` spread
        reminder = next((p for p in parts if isinstance(p, _Reminder | _DamageNote)), None)
        # s8-wsrealb: the reminder explains the ability's damage (2.12.3), wherever its sentences deal it
        if reminder is not None and not _deals_damage(effects):
            raise _refuse(reminder.at, "'(Damage may be canceled)' follows a sentence that deals damage")
        return ("sentences", effects, meta.start_pos)

    @v_args(inline=True, meta=True)
    def cont_level(self, meta: Meta, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        if next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul")) != "power":
            raise _refuse(meta.start_pos, "+X power, X equal to that character's level")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        times = next(p for p in parts if isinstance(p, int) and not isinstance(p, bool))
        return ("cont", conds, who, (times, 0), _Per("level", meta.start_pos))

    def cont_levels(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        if who != "self":
            raise _refuse(who.at, "a continuous level gain goes to this card")
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        levels = _levels(parts) or int(_tokens(parts, "SIGNED")[0])
        gain = next((p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int)), (0, 0))
        hand = "hand" in parts
        if hand and gain != (0, 0):
            raise _refuse(who.at, "in the hand a card has no power or soul that an effect changes (2.12.2)")
        reads_level = [c for c in conds if c.kind in _LEVEL_CONDS or (  # s13 heads: characters counted by level
            not hand and isinstance(c.value, Count) and c.value.what.level and c.value.zone in ("stage", "center", "back"))]
        if reads_level:  # a level that depends on a level: not read (the engine would ask itself in a loop)
            raise _refuse(who.at, "a level gain under a condition on a character's level")
        return ("cont-levels", conds, who, gain, levels, hand)

    def auto(self, *parts: object) -> tuple:
        when = next(p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("when",))
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        # s12 heads: a timing that names the card's own part ("At the end of this card's attack") carries its condition
        conds = next(p[2:] for p in parts if isinstance(p, tuple) and p[:1] == ("when",)) + conds
        pay = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("pay",)), None)
        sentences = parts[-1]
        assert isinstance(sentences, tuple)
        _, effects, first = sentences
        limit = next((p.n for p in parts if isinstance(p, _Limit)), 0)
        named = "opp-reversed" if any(_names_battle_opp(c) for c in conds) else when
        return ("auto", when, conds, pay, _that_character(effects, named), first) + ((limit,) if limit else ())

    def cont(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        per = next((p for p in parts if isinstance(p, _Per)), None)
        return ("cont", conds, who, gain) + ((per,) if per else ())

    def cont_x(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        stat = next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul"))
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        per = next(p for p in parts if isinstance(p, _Per))
        gain = (per.times, 0) if stat == "power" else (0, per.times)
        return ("cont", conds, who, gain, per)

    @v_args(inline=True, meta=True)
    def plain(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        keyword = next((str(p) for p in parts if isinstance(p, _Word)), "")
        cost = _opt(parts, Cost)
        form = _opt(parts, tuple)
        at = getattr(meta, "start_pos", 0)
        # s14 heads: a card of the hand or the waiting room into the clock is a card put into the clock as well (10.12.1)
        if keyword == "accelerate" and not (cost and (cost.clock_top or cost.waiting_to_clock or cost.hand_to_clock
                                                   or any(m.dst == "clock" for m in cost.moves17))):  # s17 zone
            raise _refuse(at, "Accelerate: its cost puts a card into your clock (10.12.1)")
        if keyword == "resonate" and not (cost and cost.reveal):
            raise _refuse(at, "Resonate: its cost reveals a card in your hand (10.13.1)")
        if keyword and cost is None and form is None:
            raise _refuse(at, f"{keyword.title()} heads an ability: its cost and effect follow")
        return lambda text, category: _checked(_form(text, category, keyword, cost, form, at), at)

    def start(self, *parts: object) -> tuple[Callable[..., Ability], str]:
        """The ability's maker and its category (the maker takes the text as written and the category)."""
        make = parts[-1]
        assert callable(make)
        category = next((str(c) for p in parts[:-1] if isinstance(p, Tree) for c in p.children
                         if isinstance(c, str) and c in ("auto", "cont", "act")), "")
        return make, category

    def head(self, *parts: object) -> Tree:
        return Tree("head", list(parts))

    def category(self, c: object) -> str:
        if isinstance(c, Token):  # [AUTO] in brackets
            return _word(Meta(), str(c).strip("[] ").lower())
        return str(c)
