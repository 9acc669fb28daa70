"""Reading power/soul/level, stand/rest/reverse, characters moved on or off the stage: the Transformer's mixin `_StageActions`."""

from __future__ import annotations

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _NUMBERS,
    _PUMP_WHO,
    _X,
    _Among,
    _among,
    _It,
    _LevelNote,
    _levels,
    _Names,
    _num,
    _one_dot,
    _opt,
    _Per,
    _Placed,
    _pump_x,
    _refuse,
    _Reminder,
    _Rules,
    _tokens,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.parts import (
    _ONE,
    _area_in,
    _bare16,
    _bare16_parts,
    _bound,
    _color_in,
    _dur,
    _dur_apart,
    _level_parts,
    _own_select,
)
from judge_app.engine.ws.effects import (
    BattleOppTo,
    ChosenAndSelfTo22,
    Cond,
    MoveSelf,
    OppAllTo21,
    OppShift,
    OppTo,
    OwnPick,
    Pump,
    Rest,
    RestAll21,
    Reverse,
    Select,
    SelfStage17,
    SelfTo,
    StandSelf,
)


class _StageActions(_Rules):
    """The Transformer's methods for power/soul/level, stand/rest/reverse, characters moved on or off the stage.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def sd_deck_bottom(self) -> str:
        return "deck_bottom"

    @v_args(inline=True, meta=True)
    def battle_opp_to(self, meta: Meta, *parts: object) -> BattleOppTo | _It:
        eff = BattleOppTo(str(parts[-1]), "may" in parts)
        # "that character" names the battle opponent only after the trigger that names it (checked in `auto`)
        return _It(eff, getattr(meta, "start_pos", 0), "that character") if "that character" in parts else eff

    def bo_that_character(self) -> str:
        return "that character"

    def bo_battle_opponent(self) -> str:
        return "battle opponent"

    def pump(self, who: _Word, _get: str, *parts: object) -> Pump:
        # s17 body: "all of your other (《T》) characters" get it too, any but the ability's own card (`Pump.other`)
        if who not in _PUMP_WHO and who != "others" or who.named or who.where or who.min_level or who.select is not None:
            raise _refuse(who.at, "until end of turn, this card, 1 of your characters or all of your characters (the other "
                          "ones, or those of a trait) gets it")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump(_PUMP_WHO.get(who, "all-own"), gain[0], gain[1], trait=who.trait, until=until, levels=_levels(parts),
                    other=who == "others")

    def pump_choose(self, n: Token, *parts: object) -> Pump | OwnPick:
        # a bound, an area or a colour (s21 body): `own_pick_gain`'s selection
        if _area_in(parts) or _color_in(parts) or any(isinstance(p, Select) for p in parts):
            _num(n, ("1", "one", "a"), "choose")
            if "defending" in parts or "in battle" in parts:
                raise _refuse(n, "a defending character or one in battle is chosen without a bound or an area")
            rest, until = _dur(parts)
            gain = rest[-1]
            assert isinstance(gain, tuple)
            return OwnPick("gain", 1, False, _own_select(parts), "other" in parts, area=_area_in(parts),
                           gain=Pump("chosen", gain[0], gain[1], until=until, levels=_levels(rest)))
        return self._pump_choose(n, *parts)

    def _pump_choose(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        trait = _tokens(parts, "TRAIT")
        if trait and ("defending" in parts or "in battle" in parts):
            raise _refuse(trait[0], "a defending character or one in battle is chosen without a trait")
        if "defending" in parts and "in battle" in parts:
            raise _refuse(n, "a defending character is always in battle: 'in battle' is read without 'defending'")
        who = "choose-defending" if "defending" in parts else "choose-battle" if "in battle" in parts else "choose-own"
        if "other" in parts and who != "choose-own":
            raise _refuse(n, "'other' is read in 'choose 1 of your other characters', not with a character in battle")
        return Pump(who, gain[0], gain[1], trait=str(trait[0])[1:-1].strip() if trait else "", other="other" in parts,
                    until=until, levels=_levels(parts))

    def pump_opp(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose … of your opponent's characters")
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("choose-opp", gain[0], gain[1], until=until, levels=_levels(parts), area=_area_in(parts))

    def pump_opp_area(self, n: Token, kind: _Word, *parts: object) -> Pump:
        gain, until, parts = _one_character_gains(n, kind, parts, "in your opponent's center/back stage", "on the stage")
        area = next(str(p) for p in parts if p in ("center", "back"))
        return Pump("choose-opp", gain[0], gain[1], area=area, until=until, levels=_levels(parts))

    def pump_in_battle19(self, n: Token, kind: _Word, *parts: object) -> Pump:
        # s19 body: any character in battle, either player's (7.2.1.5.1), chosen by the ability's master (8.6.3)
        gain, until, parts = _one_character_gains(n, kind, parts, "in battle", "in battle")
        return Pump("choose-in-battle", gain[0], gain[1], until=until, levels=_levels(parts))

    def pump_x(self, who: _Word, _get: str, _x: Token, stat: str, _stop: Token, per: _Per) -> Pump:
        if who not in _PUMP_WHO or who.trait:
            raise _refuse(who.at, "+X until end of turn: this card or all of your characters gets it")
        gain = (per.times, 0) if stat == "power" else (0, per.times)
        return Pump(_PUMP_WHO[who], *gain, per=per.what)

    def opp_move(self, n: Token, *parts: object) -> OppTo | Rest | Reverse:
        _num(n, ("1", "one", "a"), "choose … of your opponent's characters")
        area = _area_in(parts)  # "… characters in their center stage" (3.6.3)
        if parts[-1] == "reverse":  # s9-wsrealb
            return Reverse("choose-opp", area=area)
        return Rest("choose-opp", area=area) if parts[-1] == "rest" else OppTo(str(parts[-1]), area=area)

    def opp_move_up_to(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        _num(n, ("1", "one"), "choose up to … of your opponent's characters")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose up to 1 of your opponent's characters' is read before a move to a zone")
        return OppTo(str(parts[-1]), at_most=True)

    def od_rest(self, _it: str) -> str:
        return "rest"

    def return_self(self) -> SelfTo:
        return SelfTo("hand")

    def pump_choose_x(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose")
        per = next(p for p in parts if isinstance(p, _Per))
        stat = next(p for p in parts if isinstance(p, _Word) and p in ("power", "soul"))
        trait = _tokens(parts, "TRAIT")
        gain = (per.times, 0) if stat == "power" else (0, per.times)
        return Pump("choose-own", *gain, trait=str(trait[0])[1:-1].strip() if trait else "", per=per.what)

    def may_return_self(self, _may: str) -> SelfTo:
        return SelfTo("hand", may=True)

    @v_args(inline=True, meta=True)
    def level_note(self, meta: Meta, n: Token) -> _LevelNote:
        if int(n) != 0:  # the engine counts a climax as level 0 (conditions.level_fits), as the cards print it
            raise _refuse(n, "a climax is regarded as level 0")
        return _LevelNote(meta.start_pos)

    def pump_opp_area_many(self, _up_to: _Word, n: Token, *parts: object) -> Pump:
        many = _num(n, ("1", "2", "3", "one", "two", "three"), "choose up to … characters in your opponent's stage")
        parts, until = _dur(parts)
        gain = parts[-1]
        area = next(str(p) for p in parts if p in ("center", "back"))
        assert isinstance(gain, tuple)
        return Pump("choose-opp", gain[0], gain[1], area=area, until=until, levels=_levels(parts), many=many)

    def move_self(self, *parts: object) -> MoveSelf:
        return MoveSelf(next(str(p) for p in parts if p in ("center", "back")), "may" in parts)

    def as_stand(self) -> str:
        return "as-stand"

    def pump_x_equal(self, who: _Word, _get: str, *parts: object) -> Pump | _Among:
        x = next(p for p in parts if isinstance(p, _X))
        if who not in _PUMP_WHO:
            raise _refuse(who.at, "+X counted as it resolves goes to this card, to all of your (《T》) characters or to 1 "
                          "of your characters chosen")
        if x.count.zone in ("that-level", "that-soul"):  # s11 bodies: its soul too
            raise _refuse(who.at, "'that character's level' is read after 'choose 1 of your characters, and that "
                          "character gets +X …'")
        return _among(evolve(_pump_x(parts, x, _PUMP_WHO[who]), trait=who.trait), who.at)

    def pump_choose_x_equal(self, n: Token, *parts: object) -> Pump | _Among:
        _num(n, ("1", "one", "a"), "choose")
        x = next(p for p in parts if isinstance(p, _X))
        trait = _tokens(parts, "TRAIT")
        return _among(evolve(_pump_x(parts, x, "choose-own"), trait=str(trait[0])[1:-1].strip() if trait else "",
                             other="other" in parts), n.start_pos)

    def pump_x_next(self, who: _Word, _get: str, _x: Token, stat: str, _next: Token, _stop: Token, per: _Per) -> Pump:
        return evolve(self.pump_x(who, _get, _x, stat, _stop, per), until="opp-next")

    def opp_move_bound(self, *parts: object) -> OppTo | Rest | Reverse:
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        _num(n, ("1", "one", "a") if not up_to else ("1", "one"), "choose … of your opponent's characters")
        bound = _opt(parts, Select)
        if parts[-1] in ("rest", "reverse"):
            if up_to:
                raise _refuse(n, "'choose up to 1 of your opponent's characters' is read before a move to a zone")
            return Rest("choose-opp", select=bound) if parts[-1] == "rest" else Reverse("choose-opp", select=bound)
        return OppTo(str(parts[-1]), at_most=up_to, select=bound)

    def pump_opp_bound(self, n: Token, bound: Select, *parts: object) -> Pump:
        return evolve(self.pump_opp(n, *parts), select=bound)

    def od_into(self, _it: str, zone: str) -> str:
        return str(zone)

    def od_deck(self, _it: str, end: str) -> str:
        return str(end)

    def od_memory(self, _it: str) -> str:
        return "memory"

    def facing_to(self, *parts: object) -> OppTo:
        return OppTo(str(parts[-1]), facing=True, may="may" in parts)

    def facing_to_hand(self, *parts: object) -> OppTo:
        return OppTo("hand", facing=True, may="may" in parts)

    def facing_to_memory(self, *parts: object) -> OppTo:
        return OppTo("memory", facing=True, may="may" in parts)

    def fd_zone(self, zone: str) -> str:
        return str(zone)

    def fd_deck(self, end: str) -> str:
        return str(end)

    def facing_rest(self) -> Rest:
        return Rest("facing")

    def pump_facing(self, _get: str, *parts: object) -> Pump:
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("facing", gain[0], gain[1], until=until, levels=_levels(parts))

    @v_args(inline=True, meta=True)
    def reverse_battle_opp(self, meta: Meta, *parts: object) -> Reverse | _It:
        eff = Reverse("battle-opp", "may" in parts)
        # "that character" names the battle opponent only after the trigger or condition that names it (`auto`)
        return _It(eff, getattr(meta, "start_pos", 0), "that character") if "that character" in parts else eff

    def reverse_facing(self, *parts: object) -> Reverse:
        return Reverse("facing", "may" in parts)

    def od_reverse(self, _it: str) -> str:
        return "reverse"

    def sd_stage(self, place: str, *rest: object) -> str:
        return place + (":rest" if rest else "")

    def as_rest(self) -> str:
        return "rest"

    def pump_dur_first(self, *parts: object) -> Pump:
        rest, dur = _dur_apart(parts)
        return self.pump(rest[0], rest[1], *rest[2:], *dur)

    def pump_all_opp(self, _get: str, *parts: object) -> Pump:
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("all-opp", gain[0], gain[1], until=until, levels=_levels(parts))

    def pump_choose_named(self, n: Token, *parts: object) -> Pump:
        _num(n, ("1", "one", "a"), "choose")
        names = next(p for p in parts if isinstance(p, _Names))
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return Pump("choose-own", gain[0], gain[1], other="other" in parts, until=until, levels=_levels(parts),
                    select=Select("character", name=str(names)))

    def opp_move_many(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        many = _num(n, ("1", "2", "3", "one", "two", "three"), "choose up to … of your opponent's characters")
        return OppTo(str(parts[-1]), n=many, at_most=True)

    def opp_move_may(self, _may: object, n: Token, *parts: object) -> OppTo:
        # "you may choose 1 of your opponent's characters, and return it to their hand": the player says whether (8.6.3)
        moved = self.opp_move(n, *parts)
        if not isinstance(moved, OppTo):
            raise _refuse(n, "'you may' before a choice of your opponent's character that is rested or reversed is "
                          "not read yet")
        return evolve(moved, may=True)

    @v_args(inline=True, meta=True)
    def level_damage_note(self, meta: Meta, n: Token, _stop: Token) -> _Reminder:
        if int(n) != 0:  # the engine counts a climax as level 0, as the cards print it
            raise _refuse(n, "a climax is regarded as level 0")
        return _Reminder(meta.start_pos)

    def pump_level(self, *parts: object) -> Pump:
        return self.pump(*_level_parts(parts))

    def pump_level_choose(self, *parts: object) -> Pump:
        return self._pump_choose(*_level_parts(parts))

    def pump_level_opp(self, *parts: object) -> Pump:
        return self.pump_opp(*_level_parts(parts))

    def pump_level_opp_bound21(self, n: Token, bound: Select, *parts: object) -> Pump:
        return self.pump_opp_bound(n, bound, *_level_parts(parts))

    def opp_all_waiting21(self, *parts: object) -> OppAllTo21:
        return OppAllTo21("waiting_room", str(_area_in(parts)), _opt(parts, Select))

    def opp_all_hand21(self, *parts: object) -> OppAllTo21:
        return OppAllTo21("hand", str(_area_in(parts)), _opt(parts, Select))

    def st_stand(self) -> str:
        return "orient:stand"

    def st_rest(self) -> str:
        return "orient:rest"

    def st_reverse(self) -> str:
        return "orient:reverse"

    def oa_into(self, _them: object, zone: str) -> str:
        return str(zone)

    def oa_hand(self, _them: object) -> str:
        return "hand"

    def oa_stand(self, _them: object) -> str:
        return "stand"

    def pump_choose_other_x(self, n: Token, *parts: object) -> Pump:
        return evolve(self.pump_choose_x(n, *parts), other=True)

    def opp_move_area_level(self, *parts: object) -> OppTo | Rest | Reverse:
        return self.opp_move_area(*parts, stat="level")

    def opp_move_area_cost(self, *parts: object) -> OppTo | Rest | Reverse:
        return self.opp_move_area(*parts, stat="cost")

    def opp_move_area(self, *parts: object, stat: str = "") -> OppTo:
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        _num(n, ("1", "one", "a") if not up_to else ("1", "one"), "choose … in your opponent's center/back stage")
        if next(p for p in parts if p in ("character", "card", "climax")) != "character":
            raise _refuse(n, "a character is chosen on the stage")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose 1 character in your opponent's center stage' is read before a move to a zone")
        bound = None
        if stat:
            i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER" and p is not n)
            bound = Select("character", **{stat: _bound(stat, parts[i], str(parts[i + 1]))})  # type: ignore[arg-type]
        return OppTo(str(parts[-1]), at_most=up_to, select=bound, may="may" in parts,
                     area=next(str(p) for p in parts if p in ("center", "back")))

    def oa_rest(self, _them: object) -> str:
        return "rest"

    def stand_self(self, *parts: object) -> StandSelf:
        return StandSelf("may" in parts)

    def oa_move(self, _them: object, _an: Token, area: _Word) -> str:
        return f"move:{area}"

    @v_args(inline=True, meta=True)
    def cont_facing(self, meta: Meta, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("cont", conds, _word(meta, "facing"), gain)

    def rest_self_may22(self, *_may: object) -> Rest:
        return Rest("self", may=True)  # s22 ws: "you may 【REST】 this card" (4.6.1.2; 8.6.3)

    def sd_vacated(self, *rest: object) -> str:
        return "vacated" + (":rest" if rest else "")

    @v_args(inline=True, meta=True)
    def pump_placed(self, meta: Meta, _get: str, *parts: object) -> _Placed:
        parts, until = _dur(parts)
        gain = parts[-1]
        assert isinstance(gain, tuple)
        return _Placed(Pump("placed", gain[0], gain[1], until=until, levels=_levels(parts)), meta.start_pos)

    def sd_deck_top15(self) -> str:
        return "deck_top"

    def sd_deck_shuffle15(self, *_parts: object) -> str:
        return "deck_shuffle"  # one card: `abilities._salvage` (many: `_salvage_many_deck`)

    def pump_opp_chooses17(self, n: Token, *parts: object) -> Pump:
        # `pump_opp`'s gain on the character the opponent chooses (8.6.3), of a trait if one is written (2.5.3)
        made = self.pump_opp(n, *parts)
        trait = _tokens(parts, "TRAIT")
        return evolve(made, who="opp-chooses", select=Select("character", str(trait[0])[1:-1].strip()) if trait else None)

    def self_stage17(self, *parts: object) -> SelfStage17:
        place = next(str(p) for p in parts if isinstance(p, str) and str(p).startswith("stage"))
        return SelfStage17(place, may="may" in parts, rest="rest" in parts)

    def opp_shift13(self, *parts: object) -> OppShift:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … and move it")
        kind = next((str(p) for p in parts if isinstance(p, str) and p in ("character", "card", "climax")), "character")
        if kind != "character":
            raise _refuse(n, "a character is chosen on the stage")
        areas = [str(p) for p in parts if p in ("center", "back")]
        return OppShift(areas[-1], areas[0] if len(areas) > 1 else "", "may" in parts)

    def move_self_middle13(self, *parts: object) -> MoveSelf:
        return MoveSelf("center", "may" in parts, pos="CM")

    def move_self_facing19(self, *parts: object) -> MoveSelf:
        return MoveSelf("center", "may" in parts, faced=True)  # s19 body: a position an opponent's character faces (3.6.5)

    def opp_move_bound_trait13(self, *parts: object) -> OppTo | Rest | Reverse:
        trait = _tokens(parts, "TRAIT")[0]
        made = self.opp_move_bound(*(p for p in parts if p is not trait))
        assert made.select is not None
        return evolve(made, select=evolve(made.select, trait=str(trait)[1:-1].strip()))

    def opp_move_bound_area14(self, *parts: object) -> OppTo:
        # `opp_move_bound`'s choice, only among the characters of that area (OppTo.area, 3.6.3)
        area = next(p for p in parts if isinstance(p, _Word) and p in ("center", "back"))
        made = self.opp_move_bound(*(p for p in parts if p is not area))
        if not isinstance(made, OppTo):
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character of one area is chosen before a move to a zone")
        trait = _tokens(parts, "TRAIT")
        if trait:
            assert made.select is not None
            made = evolve(made, select=evolve(made.select, trait=str(trait[0])[1:-1].strip()))
        return evolve(made, area=str(area))

    def opp_shift_stage14(self, *parts: object) -> OppShift:
        # `opp_shift13` with the whole stage for the open positions (OppShift.area "stage", 3.6.2)
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … and move it")
        return OppShift("stage", _area_in(parts), "may" in parts)

    def opp_shift_stage21(self, *parts: object) -> OppShift:
        if not any(p == "character" for p in parts if isinstance(p, str)):
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character is chosen on the stage")
        return self.opp_shift_stage14(*parts)

    def pump_another_any21(self, *parts: object) -> Pump:
        rest, until = _dur(_level_parts(parts))
        gain = rest[-1]
        assert isinstance(gain, tuple)
        return Pump("choose-another", gain[0], gain[1], until=until, levels=_levels(rest))

    def rest_all21(self, *parts: object) -> RestAll21:
        return RestAll21("other" in parts)

    def pump_all_opp_area14(self, area: _Word, *parts: object) -> Pump:
        # `pump_all_opp` over one area (Pump.area, 3.6.3)
        return evolve(self.pump_all_opp(*parts), area=str(area))  # type: ignore[arg-type]

    def pump_each(self, *parts: object) -> Pump:
        # `pump`'s gain counted "for each" as it resolves (Pump.per, as `pump_x` reads "+X … the number of …")
        per = next(p for p in parts if isinstance(p, _Per))
        who = next(p for p in parts if isinstance(p, _Word) and p.at is not None)
        if who not in _PUMP_WHO or who.trait or who.named or who.where or who.min_level or who.select is not None:
            raise _refuse(who.at, "a gain counted 'for each' until end of turn goes to this card or all of your characters")
        rest = [p for p in parts if p is not who and p is not per]
        made = self.pump(who, str(rest[0]), *rest[1:])
        return evolve(made, per=per.what)

    def pump_all_own_area(self, *parts: object) -> Pump:
        # all of your (《T》) characters on one area (Pump.area, 3.6.3), as `pump_all_opp_area14` reads the opponent's
        trait = _tokens(parts, "TRAIT")
        rest, until = _dur(tuple(p for p in parts if not (isinstance(p, Token) and p.type == "TRAIT")))
        gain = rest[-1]
        assert isinstance(gain, tuple)
        return Pump("all-own", gain[0], gain[1], trait=str(trait[0])[1:-1].strip() if trait else "", until=until,
                    levels=_levels(rest), area=_area_in(rest))

    def pump_all_others_area(self, *parts: object) -> Pump:
        return evolve(self.pump_all_own_area(*parts), other=True)

    def pump_another15(self, *parts: object) -> Pump:
        return evolve(self._pump_choose(_ONE, *parts), other=True)

    def opp_move_may15(self, *parts: object) -> OppTo:
        # `opp_move_bound`'s choice (an area: `opp_move_bound_area14`'s), which the player may decline (8.6.3)
        area = next((p for p in parts if isinstance(p, _Word) and p in ("center", "back")), None)
        trait = _tokens(parts, "TRAIT")
        made = self.opp_move_bound(*(p for p in parts if p is not area and p != "may"))
        if not isinstance(made, OppTo):
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "'you may choose 1 of your opponent's characters' is read before a "
                          "move to a zone")
        if trait:
            made = evolve(made, select=evolve(made.select or Select("character"), trait=str(trait[0])[1:-1].strip()))
        return evolve(made, may=True, area=str(area) if area is not None else "")

    def opp_facing15(self, *parts: object, stat: str = "") -> OppTo:
        n = _tokens(parts, *_NUMBERS)[0]
        _num(n, ("a", "1", "one"), "choose … character facing this card")
        if parts[-1] in ("rest", "reverse"):
            raise _refuse(n, "'choose a character facing this card' is read before a move to a zone")
        bound = None
        if stat:  # the bound's number: the NUMBER after the count (2.6 level, 2.7 cost)
            k = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER" and p is not n)
            way = next(str(p) for p in parts if p in ("lower", "higher"))
            bound = Select("character", **{stat: _bound(stat, k, way)})  # type: ignore[arg-type]
        return OppTo(str(parts[-1]), facing=True, may="may" in parts, select=bound)

    def opp_facing_level15(self, *parts: object) -> OppTo:
        return self.opp_facing15(*parts, stat="level")

    def opp_facing_cost15(self, *parts: object) -> OppTo:
        return self.opp_facing15(*parts, stat="cost")

    def pump_choose_game16(self, n: Token, *parts: object) -> Pump:
        # `pump_choose`'s gain, no duration written: "during this game" (8.2.1.2; `abilities._last`)
        return evolve(self._pump_choose(n, *parts), until="game")

    def pump_opp_game16(self, n: Token, *parts: object) -> Pump:
        return evolve(self.pump_opp(n, *parts), until="game")

    def pump_bare16(self, who: _Word, get: str, n: Token, *dur: Token) -> Pump:
        return evolve(self.pump(who, get, *_bare16(n), *dur), bare=True)

    def pump_choose_bare16(self, n: Token, *parts: object) -> Pump:
        parts = _bare16_parts(parts)
        return evolve(self._pump_choose(n, *parts), bare=True)

    def pump_choose_named_bare16(self, n: Token, *parts: object) -> Pump:
        parts = _bare16_parts(parts)
        return evolve(self.pump_choose_named(n, *parts), bare=True)

    def pump_opp_bare16(self, n: Token, *parts: object) -> Pump:
        parts = _bare16_parts(parts)
        return evolve(self.pump_opp(n, *parts), bare=True)

    def opp_move_many17(self, _up_to: str, n: Token, *parts: object) -> OppTo:
        # `opp_move_many`'s choice of up to N, only among those the selection describes (`_opp_to_many`)
        made = self.opp_move_many(_up_to, n, *parts)
        area = next((p for p in parts if isinstance(p, _Word) and p in ("center", "back")), "")
        bound = _opt(parts, Select)
        trait = _tokens(parts, "TRAIT")
        if trait:
            bound = evolve(bound or Select("character"), trait=str(trait[0])[1:-1].strip())
        return evolve(made, area=str(area), select=bound)

    def pump_choose_dur17(self, n: Token, *parts: object) -> Pump:
        rest, dur = _dur_apart(parts)  # the duration printed first, read as `pump_choose` reads it after the gain
        return self._pump_choose(n, *rest, *dur)

    def pump_opp_dur17(self, n: Token, *parts: object) -> Pump:
        rest, dur = _dur_apart(parts)
        return self.pump_opp(n, *rest, *dur)

    def pump_choose_facing17(self, n: Token, *parts: object) -> Pump:
        # "choose a character facing this card": the one character facing it (3.6.5), as `pump_facing`'s "the character …"
        _num(n, ("1", "one", "a"), "choose … character facing this card")
        rest, dur = _dur_apart(parts)
        return self.pump_facing("gets", *(p for p in rest if p not in ("get", "gets")), *dur)

    # --- s22-ws2 ---------------------------------------------------------------------------------------------------
    def chosen_self_to22(self, *parts: object) -> ChosenAndSelfTo22:
        # "choose 1 of your other characters and this card, and return them to your hand" (either order)
        n = next(p for p in parts if isinstance(p, Token) and p.type != "TRAIT")
        _num(n, ("1", "one", "a"), "choose … of your other characters and this card")
        return ChosenAndSelfTo22(OwnPick("hand", 1, False, _own_select(parts), True), "may" in parts)


def _one_character_gains(n: Token, kind: _Word, parts: tuple, where: str, chosen: str) -> tuple[tuple, str, tuple]:
    """"choose 1 character <where>, and that character gets <gain> …": the gain, its duration and the other parts;
    one card only, and a character (a card of another kind is refused where it was written)."""
    _num(n, ("1", "one", "a"), f"choose … {where}")
    if kind != "character":
        raise _refuse(kind.at, f"a character is chosen {chosen}")
    parts, until = _dur(parts)
    gain = parts[-1]
    assert isinstance(gain, tuple)
    return gain, until, parts
