"""Reading what a text chooses: card kinds, traits, names, colours, levels and costs, areas: the Transformer's mixin `_Selections`."""

from __future__ import annotations

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _Levels,
    _levels,
    _name_spec,
    _Names,
    _refuse,
    _Rules,
    _tokens,
    _trait_word,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.parts import (
    _area_in,
    _bound,
    _dur,
    _each_granted21,
    _grant,
    _level_parts,
    _middle17,
    _own_count,
    _own_select,
    _sel13,
    _subject14,
)
from judge_app.engine.ws.effects import (
    ABOVE_OPP_LEVEL,
    NAME_OR,
    NAME_PART,
    OwnPick,
    Pump,
    Select,
)


class _Selections(_Rules):
    """The Transformer's methods for what a text chooses: card kinds, traits, names, colours, levels and costs, areas.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def other(self) -> str:
        return "other"

    @v_args(inline=True, meta=True)
    def color(self, meta: Meta, word: Token) -> _Word:
        return _word(meta, f"col:{str(word).lower()}")

    def area_center(self) -> _Word:
        return _Word("center")

    def area_back(self) -> _Word:
        return _Word("back")

    def select(self, *parts: object) -> Select:
        trait = _tokens(parts, "TRAIT")
        icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        kind = next(str(p) for p in parts if p in ("card", "character", "climax"))
        return Select(kind, str(trait[0])[1:-1].strip() if trait else "", icon=icon)

    def with_icon(self, icon: Token) -> tuple[str, str]:
        return ("icon", str(icon).strip("[] ").lower())

    def sk_card(self) -> str:
        return "card"

    def sk_character(self) -> str:
        return "character"

    def sk_climax(self) -> str:
        return "climax"

    @v_args(inline=True, meta=True)
    def s_all_trait(self, meta: Meta, trait: Token) -> _Word:
        return _trait_word(meta, "all", trait)

    @v_args(inline=True, meta=True)
    def s_others_trait(self, meta: Meta, trait: Token) -> _Word:
        return _trait_word(meta, "others", trait)

    def num(self, tok: Token) -> Token:
        return tok

    @v_args(inline=True, meta=True)
    def s_others_named(self, meta: Meta, name: Token) -> _Word:
        w = _word(meta, "others")
        w.named = str(name)[1:-1]
        return w

    @v_args(inline=True, meta=True)
    def s_middle_other(self, meta: Meta, *trait: Token) -> _Word:
        w = _trait_word(meta, "others", trait[0]) if trait else _word(meta, "others")
        w.where = "CM"
        return w

    @v_args(inline=True, meta=True)
    def s_front_level(self, meta: Meta, n: Token) -> _Word:
        w = _word(meta, "front")
        w.min_level = int(n)
        return w

    def select_level(self, n: Token, direction: str, *parts: object) -> Select:
        # s7-wsreal: "level N or higher/lower <kind>" (2.6): kept as Select.level, as the reveal filter keeps it
        return evolve(self.select(*parts), level=("<=" if direction == "lower" else ">=") + str(int(n)))

    def select_names(self, names: _Names) -> Select:
        return Select(name=str(names))

    def select_names_or(self, names: _Names, *parts: object) -> Select:
        # ""Mjölnir" or 《MARVEL》 character": any of them (2.1.2, 2.5.3); "or 1 《T》 character" restates the count
        n = _tokens(parts, "NUMBER")
        if n and int(n[0]) != 1:
            raise _refuse(n[0], "'\"Name\" or 1 《T》 character': one card, named or with the trait")
        trait = _tokens(parts, "TRAIT")
        kind = next(str(p) for p in parts if p in ("card", "character", "climax"))
        return Select(alts=(Select(name=str(names)), Select(kind, str(trait[0])[1:-1].strip() if trait else "")))

    def qnames(self, *parts: object) -> _Names:
        names = [p for p in parts if isinstance(p, _Names)]
        return _Names(NAME_OR.join(n for n in names), names[0].tok)

    def qn(self, tok: Token) -> _Names:
        return _Names(_name_spec(tok), tok)

    def name_part(self, names: _Names, *_words: object) -> _Names:
        return _Names(NAME_OR.join(NAME_PART + n for n in str(names).split(NAME_OR)), names.tok)

    def card_bound(self, stat: str, n: Token, direction: str) -> Select:
        bound = _bound(stat, n, direction)
        return Select("character", level=bound) if stat == "level" else Select("character", cost=bound)

    def select_cost(self, n: Token, direction: str, *parts: object) -> Select:
        return evolve(self.select(*parts), cost=_bound("cost", n, direction))

    def sp_any(self) -> str:
        return "stage"

    def sp_open(self, _an: Token) -> str:
        return "stage_open"

    def level_above(self) -> Select:
        return Select("character", level=ABOVE_OPP_LEVEL)

    @v_args(inline=True, meta=True)
    def s_middle_other_level(self, meta: Meta, n: Token, *trait: Token) -> _Word:
        # the gain goes to the middle position's character only while its level is N or higher (view: min_level)
        w = _trait_word(meta, "others", trait[0]) if trait else _word(meta, "others")
        w.where, w.min_level = "CM", int(n)
        return w

    def select_part(self, *parts: object) -> Select:
        # "1 character with "X" in its card name": the kind (and trait) written, and a portion of the name (2.1.2.2)
        names = next(p for p in parts if isinstance(p, _Names))
        return evolve(self.select(*(p for p in parts if not isinstance(p, _Names))), name=str(names))

    # a level gain alone: the pump of the same subject with "+N level and" and no power or soul
    def level_only(self, n: Token) -> tuple:
        return (_Levels(int(n)), (0, 0))

    def own_pick(self, *parts: object) -> OwnPick:
        n, up_to = _own_count(parts)
        orient = next((str(p)[7:] for p in parts if isinstance(p, str) and p.startswith("orient:")), "")
        return OwnPick(str(parts[-1]), n, up_to, _own_select(parts), "other" in parts, orient, may="may" in parts,
                       area=_area_in(parts))

    def own_pick_gain(self, *parts: object) -> OwnPick:
        n, up_to = _own_count(parts)
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return OwnPick("gain", n, up_to, _own_select(parts), "other" in parts,
                       gain=Pump("chosen", gain[0], gain[1], until=until, levels=_levels(parts)), area=_area_in(parts))

    def own_pick_level21(self, *parts: object) -> OwnPick:
        return self.own_pick_gain(*_level_parts(parts))

    def own_them(self, *_words: Token) -> str:
        return "them"

    def own_those(self, *_words: object) -> str:
        return "them"

    def own_pick_grant(self, *parts: object) -> OwnPick:
        n, up_to = _own_count(parts)
        return OwnPick("grant", n, up_to, _own_select(parts), "other" in parts, may="may" in parts,
                       grant=_grant("chosen", parts))

    def select_one13(self, *parts: object) -> Select:
        return _sel13(parts)

    def select_any13(self, *alts: Select) -> Select:
        return Select(alts=tuple(a for a in alts if isinstance(a, Select)))

    def select_shared13(self, first: _Word, *parts: object) -> Select:
        # "green or 《Esper》 character": the kind written once for both alternatives (2.4 colour, 2.5.3 trait)
        second = _sel13(parts)
        return Select(alts=(Select(second.kind, color=str(first)[4:]), second))

    def sel_event(self, *_parts: object) -> str:
        return "event"

    def sel_alt13(self, *parts: object) -> Select:
        return _sel13(parts)

    def sel_named13(self, *parts: object) -> Select:
        return Select(name=str(next(p for p in parts if isinstance(p, _Names))))

    def pick_one13(self, *parts: object) -> Select:
        return _sel13(parts)

    def pick_any13(self, *alts: Select) -> Select:
        return Select(alts=tuple(a for a in alts if isinstance(a, Select)))

    def pick_shared13(self, first: _Word, *parts: object) -> Select:
        return self.select_shared13(first, *parts)

    def select_named13(self, names: _Names) -> Select:
        return Select(name=str(names))

    @v_args(inline=True, meta=True)
    def s_named13b(self, meta: Meta, *parts: object) -> _Word:
        """"all of your (other) (《T》) characters with "X" (or "Y") in its/their card name(s)": the subject of a continuous
        gain, every character whose name holds one of the portions (2.1.2.2) and has the trait (2.5.3)."""
        return self._named13b(meta, "all", parts)

    @v_args(inline=True, meta=True)
    def s_named13b_other(self, meta: Meta, *parts: object) -> _Word:
        return self._named13b(meta, "others", parts)

    @v_args(inline=True, meta=True)
    def s_bound14_other(self, meta: Meta, n: Token, direction: str, *parts: object) -> _Word:
        return _subject14(meta, "others", parts, _bound("level", n, direction))

    @v_args(inline=True, meta=True)
    def s_bound14_lower(self, meta: Meta, n: Token, *parts: object) -> _Word:
        return _subject14(meta, "all", parts, _bound("level", n, "lower"))

    @v_args(inline=True, meta=True)
    def s_colour14(self, meta: Meta, *parts: object) -> _Word:
        return _subject14(meta, "others" if "other" in parts else "all", parts, "")

    @v_args(inline=True, meta=True)
    def s_middle14(self, meta: Meta, n: Token, *trait: Token) -> _Word:
        # the gain goes to the middle position's character only while its level is N or lower (3.6.3, 2.6)
        w = _subject14(meta, "others", trait, _bound("level", n, "lower"))
        w.where = "CM"
        return w

    @v_args(inline=True, meta=True)
    def s_named14(self, meta: Meta, *parts: object) -> _Word:
        # your (other) characters with that name on the stage (2.1.2, 2.3.2.1.2), as `s_others_named` reads them
        w = _word(meta, "others" if "other" in parts else "all")
        w.named = str(next(p for p in parts if isinstance(p, _Names)))
        return w

    @v_args(inline=True, meta=True)
    def s_named_and19(self, meta: Meta, *parts: object) -> _Word:
        # s19 head: "all of your other "A" and "B"": each of your (other) characters of either name (2.1.2), as names joined
        # by "or" are (`s_named14`)
        w = _word(meta, "others" if "other" in parts else "all")
        w.named = NAME_OR.join(str(p) for p in parts if isinstance(p, _Names))
        return w

    def front14(self) -> str:
        return "front"

    def own_pick_another15(self, *parts: object) -> OwnPick:
        orient = next((str(p)[7:] for p in parts if isinstance(p, str) and p.startswith("orient:")), "")
        return OwnPick(str(parts[-1]), 1, False, _own_select(parts), True, orient, may="may" in parts)

    def qq_names15(self, tok: Token) -> _Names:
        return _Names(_name_spec(tok), tok)

    def sp_any_area16(self, area: _Word) -> str:
        return f"stage@{area}"

    def sp_open_area16(self, _an: Token, area: _Word) -> str:
        return f"stage_open@{area}"

    @v_args(inline=True, meta=True)
    def sp_one16(self, meta: Meta, side: str, area: _Word) -> str:
        # 3.6.3 names the positions: left, middle, right of the center stage (CL, CM, CR); left, right of the back stage
        if str(area) == "back" and side == "M":
            raise _refuse(meta.start_pos, "the back stage has a left and a right position (3.6.3), no middle one")
        return f"stage@{str(area)[0].upper()}{side}"

    def side_left16(self) -> str:
        return "L"

    def side_middle16(self) -> str:
        return "M"

    def side_right16(self) -> str:
        return "R"

    @v_args(inline=True, meta=True)
    def s_middle_other17(self, meta: Meta, *parts: object) -> _Word:
        return _middle17(meta, "others", parts)

    @v_args(inline=True, meta=True)
    def s_middle17(self, meta: Meta, *parts: object) -> _Word:
        # your character on the middle position (3.6.3), this card too: `s_middle_other`'s subject without "other"
        return _middle17(meta, "all", parts)

    @staticmethod
    def _named13b(meta: Meta, scope: str, parts: tuple) -> _Word:
        trait = _tokens(parts, "TRAIT")
        w = _trait_word(meta, scope, trait[0]) if trait else _word(meta, scope)
        w.named = str(next(p for p in parts if isinstance(p, _Names)))
        return w

    def own_pick_grant_many21(self, *parts: object) -> OwnPick:
        # s21 grant: "choose up to N of your characters, and those characters get … the following (N) abilities …": each
        # quoted ability read as `own_pick_grant` reads one, all given to each character chosen (`Grant.more`, 8.2.1.2)
        picks = [self.own_pick_grant(*one) for one in _each_granted21(parts)]
        first = picks[0].grant
        assert first is not None  # `own_pick_grant` always gives one
        return evolve(picks[0], grant=evolve(first, more=tuple(p.grant.ability for p in picks[1:] if p.grant)))

