"""Reading X definitions, 'for each', counts: the Transformer's mixin `_Counts`."""

from __future__ import annotations

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _X,
    _X_KINDS,
    _X_ZONES,
    _Among,
    _AmongIf,
    _first_pos,
    _Names,
    _one_dot,
    _Per,
    _refuse,
    _Rules,
    _times,
    _tokens,
    _Word,
    _x_select,
)
from judge_app.engine.ws.cardtext.parts import _bound, _BsCount16, _per16, _XDef
from judge_app.engine.ws.effects import (
    PER_NAMED,
    Select,
    XCount,
)


def _zone_count(parts: tuple) -> XCount:
    """The cards of a kind (with a trait) in a zone of yours or your opponent's, or the characters of a stage area."""
    trait = _tokens(parts, "TRAIT")
    kind = next(str(p) for p in parts if isinstance(p, str) and p in _X_KINDS.values())
    zone = next(str(p) for p in parts if isinstance(p, str) and p in _X_ZONES.values())
    if zone in ("back", "center") and kind != "character":
        raise _refuse(_first_pos(parts), "a stage area holds characters: 'the number of characters in your "
                      "(opponent's) back stage'")
    if zone == "memory" and "opponent" in parts:  # s16 zone: 3.12.2.2, the opponent's face-down cards are hidden
        raise _refuse(_first_pos(parts), "the number of cards in your own memory")
    sel = Select(kind, str(trait[0])[1:-1].strip() if trait else "")
    return XCount(zone, sel, "opponent" if "opponent" in parts else "own")


class _Counts(_Rules):
    """The Transformer's methods for X definitions, 'for each', counts.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def for_each(self, per: _Per) -> _Per:
        return per

    def for_x(self, per: _Per, times: Token) -> _Per:
        return _Per(per.what, per.at, int(str(times).lstrip("×✕ ")))

    @v_args(inline=True, meta=True)
    def count_what(self, meta: Meta, *parts: object) -> _Per:
        trait = _tokens(parts, "TRAIT")
        return _Per(("others" if "other" in parts else "all") + (f":{str(trait[0])[1:-1].strip()}" if trait else ""),
                    getattr(meta, "start_pos", 0))

    def for_each_after(self, per: _Per) -> _Per:
        return per

    def x_level(self, times: Token) -> int:
        return int(str(times).lstrip("×✕ "))

    def x_level_n(self, n: Token) -> int:
        return int(n)

    def x_count(self, per: _Per) -> _Per:
        return per

    def x_count_n(self, n: Token, per: _Per) -> _Per:
        return _Per(per.what, per.at, int(n))

    def for_x_have_n(self, per: _Per) -> _Per:
        return per

    def bs_level(self) -> str:
        return "level"

    def bs_cost(self) -> str:
        return "cost"

    def x_in_zone(self, *parts: object) -> _X:
        return _X(_zone_count(parts), _times(_tokens(parts, "TIMES")[0]))

    def x_that_level(self, times: Token) -> _X:
        return _X(XCount("that-level"), _times(times))

    def x_among(self, *parts: object) -> _X:
        return _X(XCount("among", _x_select(parts)), _times(_tokens(parts, "TIMES")[0]))

    @v_args(inline=True, meta=True)
    def among_if(self, meta: Meta, *parts: object) -> _AmongIf:
        effects = tuple(p.pump if isinstance(p, _Among) else p for p in parts if not isinstance(p, Token | str))
        return _AmongIf(_x_select(parts), effects, meta.start_pos)

    @v_args(inline=True, meta=True)
    def that_card_if(self, meta: Meta, _if: Token, icon: Token, *parts: object) -> _AmongIf:
        effects = tuple(p.pump if isinstance(p, _Among) else p for p in parts if not isinstance(p, Token | str))
        return _AmongIf(Select("card", icon=str(icon).strip("[] ").lower()), effects, meta.start_pos, one=True)

    @v_args(inline=True, meta=True)
    def xd_colours21(self, meta: Meta, *plus: Token) -> _XDef:
        # s21 body2: the colours of your characters on the stage (2.4), a number added
        return _XDef(XCount("colours", plus=int(plus[0]) if plus else 0), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_total_level(self, meta: Meta) -> _XDef:
        return _XDef(XCount("among-level"), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_icons(self, meta: Meta, icon: Token) -> _XDef:
        return _XDef(XCount("among-icon", Select("card", icon=str(icon).strip("[] ").lower())), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_that_level(self, meta: Meta, *plus: Token) -> _XDef:
        return _XDef(XCount("among-that", plus=int(plus[0]) if plus else 0), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_named(self, meta: Meta, names: _Names, zone: str) -> _XDef:
        if zone not in ("waiting_room", "clock", "memory"):  # s16 zone: also the memory (3.12.2.1, 3.12.2.2: your own)
            raise _refuse(names.tok, "'X is equal to the number of \"X\" in your waiting room / clock / memory'")
        return _XDef(XCount(zone, Select(name=str(names))), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_revealed_level(self, meta: Meta, *plus: Token) -> _XDef:
        return _XDef(XCount("among-revealed", plus=int(plus[0]) if plus else 0), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_among_kind(self, meta: Meta, *parts: object) -> _XDef:
        return _XDef(XCount("among-kind", _x_select(parts)), meta.start_pos)

    def x_that_soul(self, times: Token) -> _X:
        return _X(XCount("that-soul"), _times(times))

    @v_args(inline=True, meta=True)
    def for_each_named(self, meta: Meta, names: _Names) -> _Per:
        return _Per(f"others:{PER_NAMED}{names}", meta.start_pos)  # `view._times` reads the name spec after the mark

    def x_opp_has(self, *parts: object) -> _X:
        trait = _tokens(parts, "TRAIT")
        sel = Select("character", str(trait[0])[1:-1].strip() if trait else "")
        return _X(XCount("stage", sel, "opponent"), _times(_tokens(parts, "TIMES")[0]))

    @v_args(inline=True, meta=True)
    def xd_have(self, meta: Meta, *trait: Token) -> _XDef:
        return _XDef(XCount("stage", Select("character", str(trait[0])[1:-1].strip() if trait else "")), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_opp_has(self, meta: Meta, *trait: Token) -> _XDef:
        return _XDef(XCount("stage", Select("character", str(trait[0])[1:-1].strip() if trait else ""), "opponent"),
                     meta.start_pos)

    @v_args(inline=True, meta=True)
    def among_if_level(self, meta: Meta, *parts: object) -> _AmongIf:
        i, n = next((k, p) for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER")
        made = self.among_if(meta, *parts[:i], *parts[i + 2:])
        return _AmongIf(evolve(made.select, level=_bound("level", n, str(parts[i + 1]))),
                        made.effects, made.at)

    @v_args(inline=True, meta=True)
    def for_each_marker(self, meta: Meta) -> _Per:
        return _Per("markers", meta.start_pos)  # `view._times`: this card's markers (3.7.1)

    def deck_rule14(self, *parts: object) -> tuple:
        # "deck:<how many>[:<the names counted with it>]" (5.1.2.4): a permission the game's deck was built under
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        count = next(str(p) for p in parts if isinstance(p, str) and (p == "any" or p.isdigit()))
        names = next((p for p in parts if isinstance(p, _Names)), None)
        return ("play-ban", (), f"deck:{count}" + (f":{names}" if names else ""))

    def deck_count14(self, n: Token) -> str:
        return str(int(n))

    def dc14_any(self) -> str:
        return "any"

    @v_args(inline=True, meta=True)
    def x_markers17(self, meta: Meta, times: Token) -> _Per:
        return _Per("markers", meta.start_pos, int(str(times).lstrip("×✕ ")))

    @v_args(inline=True, meta=True)
    def x_markers_n17(self, meta: Meta, n: Token) -> _Per:
        return _Per("markers", meta.start_pos, int(n))  # this card's markers (3.7.1) × N, counted as it resolves

    def x_that_soul_n13(self, n: Token) -> _X:
        return _X(XCount("that-soul"), int(n))

    @v_args(inline=True, meta=True)
    def for_each_level14(self, meta: Meta, *parts: object) -> _Per:
        # counted as `count_what` is, "others" | "all" with ":Trait", the level bound after "@" (view._times)
        n = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")
        trait = _tokens(parts, "TRAIT")
        bound = _bound("level", n, str(next(p for p in parts if p in ("lower", "higher"))))
        return _Per(("others" if "other" in parts else "all") + "@" + bound
                    + (f":{str(trait[0])[1:-1].strip()}" if trait else ""), getattr(meta, "start_pos", 0))

    @v_args(inline=True, meta=True)
    def for_each_named_area14(self, meta: Meta, area: _Word, names: _Names) -> _Per:
        # `for_each_named` on one area (`view._times` reads "-center" / "-back" as `for_each_stage` does)
        return _Per(f"others-{area}:{PER_NAMED}{names}", meta.start_pos)

    def x_among_n14b(self, n: Token, *parts: object) -> _X:
        # "X is equal to N multiplied by the number of … among those cards": `x_among`'s count, its factor printed first
        return _X(XCount("among", _x_select(parts)), int(n))

    def x_self_soul15(self, times: Token) -> _X:
        return _X(XCount("self-soul"), _times(times))

    def x_self_soul_n15(self, n: Token) -> _X:
        return _X(XCount("self-soul"), int(n))

    def cont_levels_per15(self, *parts: object) -> tuple:
        # `cont_levels`'s gain, each counted over this card's markers (`view._times`, `view._own_levels`); only markers:
        # a level counted over characters' levels would look at itself (2.6)
        per = next(p for p in parts if isinstance(p, _Per))
        if per.what != "markers":
            raise _refuse(per.at, "a level gain counted 'for each' is read over the markers underneath this card only")
        made = self.cont_levels(*(p for p in parts if not isinstance(p, _Per)))
        if made[5]:
            raise _refuse(per.at, "a level gain for each marker applies on the stage")
        return ("cont-levels-per15", made, per)

    @v_args(inline=True, meta=True)
    def xd_among_bound15(self, meta: Meta, *parts: object) -> _XDef:
        # `xd_among_kind`'s count, within the level bound (2.6)
        n = _tokens(parts, "NUMBER")[0]
        way = next(str(p) for p in parts if p in ("lower", "higher"))
        return _XDef(XCount("among-kind", evolve(_x_select(parts), level=_bound("level", n, way))), meta.start_pos)

    @v_args(inline=True, meta=True)
    def for_each_part15(self, meta: Meta, *parts: object) -> _Per:
        names = next(p for p in parts if isinstance(p, _Names))
        return _Per(f"{'others' if 'other' in parts else 'all'}:{PER_NAMED}{names}", meta.start_pos)

    def for_x_have_part15(self, per: _Per, names: _Names) -> _Per:
        scope, _, trait = per.what.partition(":")
        if trait:
            raise _refuse(per.at, "characters counted by a trait or by a portion of their name, not both")
        return _Per(f"{scope}:{PER_NAMED}{names}", per.at, per.times)

    @v_args(inline=True, meta=True)
    def for_each16(self, meta: Meta, *parts: object) -> _Per:
        where = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("where",)), None)
        if where is not None and where[1] == "opponent":
            if "other" in parts:  # pragma: no cover - the grammar writes no "other" before a character of the opponent's
                raise _refuse(meta.start_pos, "'other' names one of your own characters")
            return _per16(meta, "opp", parts, where[2])
        return _per16(meta, "others" if "other" in parts else "all", parts, where[2] if where else "")

    @v_args(inline=True, meta=True)
    def for_each_own16(self, meta: Meta, *parts: object) -> _Per:
        # "for each of your …": your own characters, on an area of your own stage
        where = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("where",)), None)
        if where is not None and where[1] == "opponent":
            raise _refuse(meta.start_pos, "'of your' characters are counted on your own stage: 'on your back stage' (or "
                          "'of your opponent's … on your opponent's back stage')")
        return _per16(meta, "others" if "other" in parts else "all", parts, where[2] if where else "")

    @v_args(inline=True, meta=True)
    def for_each_opp16(self, meta: Meta, *parts: object) -> _Per:
        where = next((p for p in parts if isinstance(p, tuple) and p[:1] == ("where",)), None)
        if where is not None and where[1] != "opponent":
            raise _refuse(meta.start_pos, "your opponent's characters are counted on your opponent's stage: 'on your "
                          "opponent's back stage'")
        return _per16(meta, "opp", parts, where[2] if where else "")

    def bs_each16(self, what: Select) -> _BsCount16:
        return _BsCount16(what, False)

    def bs_once16(self, _there: Token, _a: Token, what: Select) -> _BsCount16:
        return _BsCount16(what, True)

    def bs_what16(self, *parts: object) -> Select:
        icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        return Select("climax", icon=icon)

    def for_x_have_trait17(self, per: _Per, trait: Token) -> _Per:
        scope, _, already = per.what.partition(":")
        if already:
            raise _refuse(trait, "characters counted by one trait, printed before or after them")
        return _Per(f"{scope}:{str(trait)[1:-1].strip()}", per.at, per.times)

    def for_x_trait17(self, per: _Per, trait: Token, times: Token) -> _Per:
        return self.for_x(self.for_x_have_trait17(per, trait), times)

    # --- s19 body: X defined by the next sentence over a zone's cards, or your characters other than this card
    @v_args(inline=True, meta=True)
    def xd_in_zone19(self, meta: Meta, *parts: object) -> _XDef:
        return _XDef(_zone_count(parts), meta.start_pos)

    @v_args(inline=True, meta=True)
    def xd_have_other19(self, meta: Meta, *parts: object) -> _XDef:
        trait = _tokens(parts, "TRAIT")
        return _XDef(XCount("stage", Select("character", str(trait[0])[1:-1].strip() if trait else ""), other=True),
                     meta.start_pos)
