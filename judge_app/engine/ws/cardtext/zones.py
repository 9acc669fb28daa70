"""Reading hand, waiting room, clock, stock, memory, markers, damage and cards put onto the stage: the Transformer's mixin `_Zones`."""

from __future__ import annotations

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _NUMBERS,
    _count17,
    _MemoryBack,
    _name_spec,
    _Names,
    _num,
    _OppBack17,
    _opt,
    _refuse,
    _Reminder,
    _Rules,
    _tokens,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.parts import _MANY_KINDS, _bound, _one_card, _without_names, _XPending
from judge_app.engine.ws.effects import (
    AT_MOST_OWN_LEVEL,
    NAME_OR,
    Cost,
    Damage,
    DeckTopMarker,
    Exchange,
    ExchangeNamed,
    HandTo,
    Heal,
    MarkerTo,
    OppClockTo,
    OppClockTop,
    OppDraw20,
    OppHandTo,
    OppStockBottom,
    OppStockSwap,
    OppWaitingPick,
    PutWhereWas,
    ReturnPrevious,
    Salvage,
    Select,
    SelfTo,
    StockTop,
    ThatTo,
    WaitingToDeck,
    ZoneMove17,
)


class _Zones(_Rules):
    """The Transformer's methods for hand, waiting room, clock, stock, memory, markers, damage and cards put onto the stage.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def marker_to(self, n: Token) -> MarkerTo:
        _num(n, ("1", "one", "a"), "choose … marker")
        return MarkerTo()

    def hand_to(self, n: Token, *parts: object) -> HandTo:
        trait = _tokens(parts, "TRAIT")  # s21 body: "choose 1 《T》 character in your hand" (2.5.3)
        return HandTo(_num(n, ("1", "one", "a"), "choose … in your hand"),
                      Select(str(parts[-1]), str(trait[0])[1:-1].strip() if trait else ""))

    def from_clock(self) -> Heal:
        return Heal()

    def damage(self, n: Token, times: int = 1) -> Damage:
        return Damage(int(n), times=times)

    def dmg_times(self, n: Token) -> int:
        # one damage dealt a number of times, each apart (4.10.1); "X times" is `damage_x_times`
        return _count17(n, "deal … damage … N times")

    def damage_self(self, *parts: object) -> Damage:
        # the ability's master takes the damage (4.10.1), as many times as written
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        times = next((p for p in parts if isinstance(p, int)), 1)
        return Damage(_count17(n, "deal … damage to yourself"), times=times, may="may" in parts, to_self=True)

    def self_to(self, zone: str) -> SelfTo:
        return SelfTo(str(zone))

    def salvage(self, *parts: object) -> Salvage:
        n = next(p for p in parts if isinstance(p, Token))
        up_to = "up to" in parts
        _num(n, ("1", "one", "a", "an"), "choose … in your waiting room")
        trait, name = _tokens(parts, "TRAIT"), _tokens(parts, "QNAME", "QNAMES")
        kind = next((str(p) for p in parts[:-1] if p in ("character", "card", "climax")), "card")
        color = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")
        from_zone = next(str(p)[5:] for p in parts if isinstance(p, _Word) and p.startswith("from:"))
        to, _, rest = str(parts[-1]).partition(":")  # s9-wsrealb: "stage[:rest]" (`sd_stage`); s10: "marker:up|down"
        if to == "climax":  # s22 ws: only a climax is placed on the climax area (3.11.1): a name picks a climax there
            if kind not in ("card", "climax"):
                raise _refuse(n, "only a climax is put on your climax area (3.11.1)")
            kind = "climax"
        # s11 bodies: from the clock; s17 zone: from any other zone (the memory, the climax area: 3.4.1)
        if to == "waiting_room" and from_zone == "waiting_room":
            raise _refuse(n, "'put it into your waiting room' reads a card chosen in another zone than the waiting room")
        if to == "climax" and from_zone != "waiting_room":  # s22 ws: the one zone such a card is read from (3.11.1)
            raise _refuse(n, "'put it on your climax area' reads a card chosen in your waiting room")
        return Salvage(str(name[0])[1:-1] if name else None, kind, up_to,
                       str(trait[0])[1:-1].strip() if trait else "", "may" in parts, to=to,
                       from_zone=from_zone, color=color, rest=rest == "rest", face=rest if to == "marker" else "")

    def sd_climax22(self) -> str:
        return "climax"  # s22 ws: "put it on your climax area" (3.11.1; `abilities._salvage`)

    @v_args(inline=True, meta=True)
    def damage_reminder(self, meta: Meta) -> _Reminder:
        return _Reminder(getattr(meta, "start_pos", 0))

    def opp_clock_top(self, *parts: object) -> OppClockTop:
        _one_card(parts, "the top card of your opponent's clock")
        return OppClockTop("may" in parts)

    def opp_stock_bottom(self, *parts: object) -> OppStockBottom:
        _one_card(parts, "the bottom card of your opponent's stock")
        return OppStockBottom()

    def salvage_many(self, _up_to: _Word, n: Token, *parts: object) -> Salvage:
        many = _num(n, ("2", "3", "4", "two", "three", "four"), "choose up to … characters in your waiting room")
        trait = _tokens(parts, "TRAIT")
        where = next(str(p) for p in parts if isinstance(p, _Word) and str(p).startswith("from:"))
        color = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")  # s21 body (2.4)
        return Salvage(None, "character", True, str(trait[0])[1:-1].strip() if trait else "",
                       from_zone=where.split(":", 1)[1], many=many, color=color)

    def exchange_named(self, *parts: object) -> ExchangeNamed:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … of your cards named")
        return ExchangeNamed(str(_tokens(parts, "QNAME")[0])[1:-1], "may" in parts, "as-stand" in parts)

    def self_to_waiting(self) -> SelfTo:
        return SelfTo("waiting")

    def salvage_named(self, *parts: object) -> Salvage | PutWhereWas:
        names = next(p for p in parts if isinstance(p, _Names))
        rest = tuple(p for p in parts if not isinstance(p, _Names))
        if not any(isinstance(p, _Word) and p.startswith("from:") for p in rest):  # s16 zone: else `salvage_from` says
            rest = (_word(Meta(), "from:waiting_room"), *rest)  # the rules that name no zone read the waiting room
        made = evolve(self.salvage(*rest), name=str(names))
        if made.to == "vacated" and not (made.may or made.optional or made.rest):  # s13 zones: as it was read before
            return self.put_where_was(next(p for p in parts if isinstance(p, Token)), names)
        return made

    def opp_stock_swap(self) -> OppStockSwap:
        return OppStockSwap()

    def hand_to_zone(self, *parts: object) -> HandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        to = str(parts[-1]) if parts[-1] in ("stock", "clock", "memory") else "waiting_room"
        trait = _tokens(parts, "TRAIT")  # s21 body: "choose 1 《T》 character in your hand" (2.5.3)
        return HandTo(_num(n, ("1", "one", "a"), "choose … in your hand"),
                      Select(kind, str(trait[0])[1:-1].strip() if trait else ""), dest=to, may="may" in parts)

    def salvage_level(self, *parts: object) -> Salvage:
        i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER"
                 and k + 1 < len(parts) and parts[k + 1] in ("lower", "higher"))
        bound = _bound("level", parts[i], str(parts[i + 1]))  # type: ignore[arg-type]
        return evolve(self.salvage(*parts[:i], *parts[i + 2:]), level=bound)

    def opp_dest_them(self, zone: str) -> str:
        return str(zone)

    def them_zone(self, zone: str) -> str:
        return str(zone)

    def dmg_upto15(self, n: Token) -> int:
        return _num(n, ("1", "2", "3"), "'you cannot receive N or less damage'")

    @v_args(inline=True, meta=True)
    def salvage_level_x(self, meta: Meta, *parts: object) -> _XPending:
        return _XPending(evolve(self.salvage(*parts), level="<=X"), meta.start_pos)

    @v_args(inline=True, meta=True)
    def damage_x(self, meta: Meta) -> _XPending:
        return _XPending(Damage(0), meta.start_pos)

    def salvage_many_stock(self, up_to: _Word, n: Token, *parts: object) -> Salvage:
        return evolve(self.salvage_many(up_to, n, *parts), to="stock")

    def may_self_to_memory(self, _may: str) -> SelfTo:
        return SelfTo("memory", may=True)

    def marker_place(self, face: str) -> str:
        return face

    def face_up(self) -> str:
        return "marker:up"

    def face_down(self) -> str:
        return "marker:down"

    def salvage_name_part(self, *parts: object) -> Salvage:
        rest, names = _without_names(parts)
        return evolve(self.salvage(*rest), name=names)

    def salvage_many_part(self, _up_to: _Word, n: Token, *parts: object) -> Salvage:
        rest, names = _without_names(parts)
        return evolve(self.salvage_many(_up_to, n, *rest), name=names)

    def return_previous(self, *parts: object) -> ReturnPrevious:
        return ReturnPrevious("may" in parts)

    @v_args(inline=True, meta=True)
    def damage_x_times(self, meta: Meta, n: Token) -> _XPending:
        return _XPending(Damage(_num(n, ("1", "2"), "deal … damage to your opponent X times"), x_times=True),
                         meta.start_pos)

    def many_to_deck(self, *parts: object) -> Salvage:
        n = next(p for p in parts if isinstance(p, Token) and p.type in (*_NUMBERS, "N_FOUR"))
        many = _num(n, ("2", "3", "4", "two", "three", "four"), "choose up to … cards in your waiting room")
        where = next(str(p) for p in parts if isinstance(p, _Word) and str(p).startswith("from:"))
        if where != "from:waiting_room":
            raise _refuse(n, "'return them to your deck' reads cards chosen in your waiting room")
        trait = _tokens(parts, "TRAIT")
        kind = next(str(p).lower() for p in parts if isinstance(p, Token) and str(p).lower() in _MANY_KINDS)
        return Salvage(None, _MANY_KINDS[kind], True, str(trait[0])[1:-1].strip() if trait else "", to="deck_shuffle",
                       many=many)

    def hand_put(self, *parts: object) -> HandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        select = _opt(parts, Select) or Select()
        to = str(parts[-1]) if parts[-1] in ("stock", "clock", "memory") else "waiting_room"
        return HandTo(_num(n, ("1", "one", "a"), "put … from your hand"), select, dest=to, may="may" in parts)

    def opp_hand_to(self, *parts: object) -> OppHandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        words = [str(p).lower() for p in parts]
        dest = str(parts[-1]) if parts[-1] in ("stock", "clock", "memory") else "waiting_room"
        if "cards" in words:  # s20 body: more than one, as many as possible up to N (8.6.3.1)
            many = _num(n, ("2", "3", "two", "three"), "your opponent chooses … cards in their hand")
            return OppHandTo(many, Select("card"), dest)
        return OppHandTo(_num(n, ("1", "one", "a"), "your opponent chooses … in their hand"),
                         Select("character" if "character" in words else "card"), dest)

    def opp_draw20(self, n: Token, cards: str) -> OppDraw20:
        count = _num(n, ("1", "2", "3", "one", "a", "two", "three"), "your opponent may draw")
        if (count == 1) != (cards == "card"):
            raise _refuse(n, "'draw 1 card' is one card, 'draw N cards' N")
        return OppDraw20(count, may=True)

    def damage_may(self, _may: str, n: Token, times: int = 1) -> Damage:
        return Damage(int(n), may=True, times=times)

    def that_to_hand(self, *parts: object) -> ThatTo:
        return ThatTo("hand", "may" in parts)

    def that_to_previous(self, *parts: object) -> ThatTo:
        return ThatTo("previous", "may" in parts)

    def that_to_marker21(self, *parts: object) -> ThatTo:
        # s21 body2: "put that character face down underneath this card as a marker" (3.7.1, 3.7.2)
        return ThatTo("marker", "may" in parts, face=str(parts[-1]).partition(":")[2])

    def salvage_own_level(self, *parts: object) -> Salvage:
        return evolve(self.salvage(*parts), level=AT_MOST_OWN_LEVEL)

    def damage_same(self, *parts: object) -> Damage:
        return Damage(0, may="may" in parts, same=True)

    def salvage_cost(self, *parts: object) -> Salvage:
        i = next(k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER"
                 and k + 1 < len(parts) and parts[k + 1] in ("lower", "higher"))
        bound = _bound("cost", parts[i], str(parts[i + 1]))  # type: ignore[arg-type]
        return evolve(self.salvage(*parts[:i], *parts[i + 2:]), cost=bound)

    def salvage_event(self, *parts: object) -> Salvage:
        return evolve(self.salvage(*(p for p in parts if p != "event")), kind="event")

    def may_self_to_stock(self, _may: str) -> SelfTo:
        return SelfTo("stock", may=True)

    def may_self_to_zone(self, _may: str, zone: str) -> SelfTo:
        return SelfTo(zone, may=True)

    def msz_waiting(self) -> str:
        return "waiting"  # SelfTo names the zone as the side's field (`leave_stage`)

    def msz_clock(self) -> str:
        return "clock"

    def exchange_zone(self, *parts: object) -> Exchange:
        for n in _tokens(parts, *_NUMBERS):
            _num(n, ("1", "one", "a", "an"), "choose … and exchange them")
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        return Exchange("level", _opt(parts, Select) or Select(), Select(kind), may="may" in parts)

    def exchange_clock_bottom(self, *parts: object) -> Exchange:
        _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a", "an"), "choose … and exchange them")
        return Exchange("clock_bottom", _opt(parts, Select) or Select(), may="may" in parts)

    @v_args(inline=True, meta=True)
    def opp_memory_back(self, meta: Meta, *_parts: object) -> _MemoryBack:
        return _MemoryBack(meta.start_pos)

    def zs_you(self) -> str:
        return "self"

    def waiting_all_to_deck(self) -> WaitingToDeck:
        return WaitingToDeck()

    def hand_stage(self, *parts: object) -> Salvage:
        if "climax" in parts:  # s13 bodies: only a character is put on the stage (3.6.1, 2.3.2.1.2)
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character is put on the stage")
        i = next((k for k, p in enumerate(parts) if isinstance(p, Token) and p.type == "NUMBER"
                  and k + 1 < len(parts) and parts[k + 1] in ("lower", "higher")), None)
        if i is None:
            return self.salvage(_word(Meta(), "from:hand"), *parts)
        bound = _bound("level", parts[i], str(parts[i + 1]))  # type: ignore[arg-type]
        return evolve(self.salvage(_word(Meta(), "from:hand"), *parts[:i], *parts[i + 2:]),
                      level=bound)

    def hand_stage_named(self, *parts: object) -> Salvage:
        names = next(p for p in parts if isinstance(p, _Names))
        rest = tuple(p for p in parts if not isinstance(p, _Names))
        return evolve(self.salvage(_word(Meta(), "from:hand"), *rest), name=str(names))

    def hand_stage_own(self, *parts: object) -> Salvage:
        return evolve(self.hand_stage(*parts), level=AT_MOST_OWN_LEVEL)

    def hand_stage_named_own(self, *parts: object) -> Salvage:
        return evolve(self.hand_stage_named(*parts), level=AT_MOST_OWN_LEVEL)

    def zs_marker_dest(self, face: str) -> str:
        return str(face)

    def from_clock_stock(self) -> Heal:
        return Heal(dest="stock")

    def self_to_deck_bottom(self, *parts: object) -> SelfTo:
        return SelfTo("deck_bottom", may="may" in parts)

    def opp_clock_pick(self, *parts: object) -> OppClockTo:
        _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a"), "choose … in your opponent's clock")
        return OppClockTo("may" in parts, next(str(p) for p in parts if p in ("character", "card", "climax")))

    def pz14_waiting(self) -> str:
        return "waiting"

    def pz14_deck(self) -> str:
        return "deck"

    def pz14_memory(self) -> str:
        return "memory"

    def stock_top14_hand(self, *parts: object) -> StockTop:
        _one_card(parts, "the top card of your stock")
        return StockTop("hand", may="may" in parts)

    def stock_top14_opp(self, *parts: object) -> StockTop:
        _one_card(parts, "the top card of your opponent's stock")
        return StockTop(str(parts[-1]), opp=True, may="may" in parts)

    def from_stock14(self, dest: object) -> StockTop:
        return StockTop(str(dest))  # `top_to` checks "the top card" and adds "you may"

    def opp_waiting_pick14(self, *parts: object) -> OppWaitingPick:
        return self._opp_waiting14("", parts)

    def opp_waiting_pick14_level(self, *parts: object) -> OppWaitingPick:
        return self._opp_waiting14("level", parts)

    def opp_waiting_pick14_cost(self, *parts: object) -> OppWaitingPick:
        return self._opp_waiting14("cost", parts)

    def opp_waiting_pick20(self, *parts: object) -> OppWaitingPick:
        # s20 body: "choose up to N …" / "choose N …" (8.6.3.1.1, 8.6.3.1) of the opponent's waiting room, to their zones
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        return _opp_waiting20(kind, parts)

    def opp_waiting_cards20(self, *parts: object) -> OppWaitingPick:
        return _opp_waiting20("card", parts)

    def opp_waiting_characters20(self, *parts: object) -> OppWaitingPick:
        return _opp_waiting20("character", parts)

    def opp_wr_dest20(self, dest: object) -> str:
        return str(dest)

    def owd20_deck_bottom(self) -> str:
        return "deck_bottom"

    def owd20_deck_top_order(self) -> str:
        return "deck_top_order"

    def opp_wr_dest14(self, zone: object) -> str:
        return str(zone)

    def from_deck_marker14(self, *face: object) -> DeckTopMarker:
        # no face written: "" (put face down all the same, 3.7.2), so that a written "face down" is carried apart
        return DeckTopMarker(str(face[0]).rpartition(":")[2] if face else "")  # `top_to` checks "the top card" and adds "you may"

    def hand_to_many15(self, *parts: object) -> HandTo:
        # "choose 2 cards in your hand, and put them into your waiting room": as many as possible up to 2 (8.6.3.1)
        n = _tokens(parts, *_NUMBERS)[0]
        return HandTo(_num(n, ("2", "3", "4", "two", "three", "four"), "choose … cards in your hand"), Select("card"),
                      dest=str(parts[-1]))

    def hand_clock_bottom15(self, *parts: object) -> HandTo:
        n = _tokens(parts, *_NUMBERS)[0]
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        return HandTo(_num(n, ("1", "one", "a"), "choose … in your hand"), Select(kind), dest="clock_bottom",
                      may="may" in parts)

    def from_deck_clock_bottom15(self) -> str:
        return "clock_bottom"  # `top_to`'s zone: TopTo(zone='clock_bottom')

    def waiting_all_return15(self, *_parts: object) -> WaitingToDeck:
        return WaitingToDeck(unshuffled=True)  # the shuffle follows "If you do," (`if_do_shuffle15`)

    def clock_bottom15(self, *parts: object) -> Heal:
        _one_card(parts, "the bottom card of your clock")
        return Heal(may="may" in parts, bottom=True)

    def exchange_zone_trait16(self, *parts: object) -> Exchange:
        made = self.exchange_zone(*parts)
        return evolve(made, first=evolve(made.first, trait=str(_tokens(parts, "TRAIT")[0])[1:-1].strip()))

    def marker_to16(self, n: Token, zone: str) -> MarkerTo:
        return evolve(self.marker_to(n), zone=str(zone))

    def markers_all16(self, zone: str) -> MarkerTo:
        return MarkerTo(str(zone), all=True)

    def exchange_pick17(self, *parts: object) -> ExchangeNamed:
        # `exchange_pick13` with a portion of the name (2.1.2.2) kept in the selection
        names = next((p for p in parts if isinstance(p, _Names)), None)
        made = self.exchange_pick13(*(p for p in parts if not isinstance(p, _Names)))
        made = evolve(made, other="other" in parts)
        if names is None:
            return made
        return evolve(made, select=evolve(made.select or Select("character"), name=str(names)))

    def exchange_another17(self, *parts: object) -> ExchangeNamed:
        # "another of your characters": one character other than this card (the exchange never takes this card itself)
        return self.exchange_pick17(Token("NUMBER", "1"), *parts)

    def salvage_pick13(self, *parts: object) -> Salvage:
        sel = next(p for p in parts if isinstance(p, Select))
        made = self.salvage(*(p for p in parts if not isinstance(p, Select)))
        return evolve(made, kind=sel.kind if not sel.alts else "card", select=sel)

    def heal_up_to13(self, n: Token, *_cards: object) -> Heal:
        # s17 zone: up to any number of cards (3.8.2: the clock's top cards, one at a time)
        return Heal(may=True, at_most=True, heal_n=_count17(n, "put up to … card(s) from the top of your clock"))

    def damage_word13(self, *parts: object) -> Damage:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS + ("N_FOUR", "N_FIVE", "N_SIX"))
        times = next((p for p in parts if isinstance(p, int)), 1)
        return Damage(_count17(n, "deal … damage"), may="may" in parts, times=times)  # s21 body: words to six

    def exchange_pick13(self, *parts: object) -> ExchangeNamed:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        _num(n, ("1", "one", "a"), "choose … and this card, and exchange them")
        name, trait = _tokens(parts, "QNAME"), _tokens(parts, "TRAIT")
        sel = None if name else Select("character", str(trait[0])[1:-1].strip() if trait else "")
        return ExchangeNamed(str(name[0])[1:-1] if name else "", "may" in parts, "as-stand" in parts, select=sel)

    def salvage_many_named16(self, _up_to: _Word, n: Token, *parts: object) -> Salvage:
        # `salvage_many`'s choice of up to N (8.6.3.1.1), of the cards of a name (2.1.2)
        many = _num(n, ("2", "3", "4", "two", "three", "four"), "choose up to … in your waiting room")
        named = next(p for p in parts if isinstance(p, _Names | Token))
        where = next((str(p) for p in parts if isinstance(p, _Word) and str(p).startswith("from:")), "from:waiting_room")
        return Salvage(str(named) if isinstance(named, _Names) else _name_spec(named), "card", True,
                       from_zone=where.split(":", 1)[1], many=many)

    def salvage_level_part17(self, *parts: object) -> Salvage:
        rest, names = _without_names(parts)  # `salvage_level`'s choice, of cards with that portion of the name too
        return evolve(self.salvage_level(*rest), name=names)

    def salvage_cost_part17(self, *parts: object) -> Salvage:
        rest, names = _without_names(parts)
        return evolve(self.salvage_cost(*rest), name=names)

    @v_args(inline=True, meta=True)
    def opp_back_one17(self, meta: Meta, *_parts: object) -> _OppBack17:
        return _OppBack17(meta.start_pos)

    @staticmethod
    def _opp_waiting14(stat: str, parts: tuple) -> OppWaitingPick:
        nums = _tokens(parts, *_NUMBERS)
        _num(nums[0], ("1", "one", "a", "an"), "choose … in your opponent's waiting room")
        kind = next(str(p) for p in parts if p in ("character", "card", "climax"))
        trait = _tokens(parts, "TRAIT")
        sel = Select(kind, str(trait[0])[1:-1].strip() if trait else "")
        if stat:  # "level 1 or higher", "cost 0 or lower" (2.6, 2.7)
            direction = next(str(p) for p in parts if p in ("lower", "higher"))
            sel = evolve(sel, **{stat: _bound(stat, nums[1], direction)})
        dest = str(parts[-1])
        if dest == "open_back" and kind != "character":  # only a character is put on the stage (3.6.1)
            raise _refuse(_tokens(parts, *_NUMBERS)[0], "a character is put on the stage")
        return OppWaitingPick(dest, sel, may="may" in parts)

    def _zone_move17(self, src: str, n: Token, select: Select, dst: str) -> Cost:
        to = {"waiting_room": "waiting"}.get(str(dst), str(dst))
        if to == src:
            raise _refuse(n, "a cost that puts cards into the zone they are taken from")
        return Cost(moves17=(ZoneMove17(_count17(n, "a cost of cards"), select, src, to),))

    def put_where_was(self, n: Token, names: _Names) -> PutWhereWas:
        _num(n, ("1", "a", "one"), "choose … named")
        if NAME_OR in names:
            raise _refuse(names.tok, "the stage position this card was on takes the card of one name")
        return PutWhereWas(str(names))


def _opp_waiting20(kind: str, parts: tuple) -> OppWaitingPick:
    """s20 body: `OppWaitingPick` of more than one card or "up to" (8.6.3.1, 8.6.3.1.1): several go on the top of the deck
    only "in any order" (the master's order, 8.8.1), and one open back stage position takes one."""
    n = _tokens(parts, *_NUMBERS)[0]
    count = _count17(n, "choose … in your opponent's waiting room")
    trait = _tokens(parts, "TRAIT")
    dest = str(parts[-1])
    if dest in ("deck_top", "deck_top_order") and (dest == "deck_top_order") != (count > 1):
        raise _refuse(n, "'put them on the top of their deck in any order' follows a choice of more than one card, 'put it "
                      "on the top of their deck' a choice of one")
    if dest in ("stock", "clock") and count > 1:  # the order of their stock and clock matters (3.10.2, 3.8.2)
        raise _refuse(n, "the order of several cards put into their stock or clock is not said")
    if dest == "open_back" and (count > 1 or kind != "character"):
        raise _refuse(n, "one character is put on an open position of their back stage")
    return OppWaitingPick("deck_top" if dest == "deck_top_order" else dest, Select(kind, str(trait[0])[1:-1].strip()
                          if trait else ""), may="may" in parts, many=count if count > 1 else 0, at_most="up to" in parts)
