"""Reading costs (8.4): the head's `[…]` and a cost paid inside an effect: the Transformer's mixin `_Costs`."""

from __future__ import annotations

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _HAND_COST_N,
    _Among,
    _AmongIf,
    _It,
    _num,
    _one_dot,
    _opt,
    _refuse,
    _Rules,
    _tokens,
    _Word,
    _x_select,
)
from judge_app.engine.ws.cardtext.parts import (
    _cost_whole16,
    _head10_costs,
    _moving_costs,
    _rest14,
    _rest_more16,
    _RestMore16,
)
from judge_app.engine.ws.effects import (
    Cost,
    PayThen,
    Rest,
    Select,
)


class _Costs(_Rules):
    """The Transformer's methods for costs (8.4): the head's `[…]` and a cost paid inside an effect.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    @v_args(inline=True, meta=True)
    def pay(self, meta: Meta, *parts: object) -> tuple[str, int]:
        return ("pay", meta.start_pos)

    def rest_self(self) -> Rest:
        return Rest("self")

    def k_climax(self) -> str:
        return "climax"

    @v_args(inline=True, meta=True)
    def cost(self, meta: Meta, *parts: Cost) -> Cost:
        parts = _rest_more16(parts)  # s16 head: "【REST】 this card and 1 of your other characters"
        c = Cost()
        for p in parts:
            if c.discard and p.discard and c.discard_select != p.discard_select:
                raise _refuse(meta.start_pos, "a cost that puts two kinds of cards from your hand into your waiting room")
            c = Cost(stock=c.stock + p.stock, discard_self=c.discard_self or p.discard_self,
                     discard=c.discard + p.discard, discard_select=p.discard_select if p.discard else c.discard_select,
                     rest_self=c.rest_self or p.rest_self,
                     clock_top=c.clock_top + p.clock_top, self_to_waiting=c.self_to_waiting or p.self_to_waiting,
                     reveal=p.reveal or c.reveal, rest_chars=c.rest_chars + p.rest_chars)
        c = _rest14(_head10_costs(_moving_costs(c, parts), parts), parts)  # s10-wshead: this card, a climax; s14 heads
        c = evolve(c, moves17=tuple(m for p in parts for m in p.moves17))  # s17 zone: cards between the zones
        c = evolve(c, hand_self_to=next((p.hand_self_to for p in parts if p.hand_self_to), ""),  # s21 head
                   stage_dst=next((p.stage_dst for p in parts if p.stage_dst), ""),
                   stock_to_clock=sum(p.stock_to_clock for p in parts))
        return _cost_whole16(evolve(c, markers_to_waiting=sum(p.markers_to_waiting for p in parts)), parts, meta)

    def cost_part(self, item: Cost, *_dots: Token) -> Cost:
        return item

    def k_stock(self, *parts: object) -> Cost:
        icons = _tokens(parts, "STOCK")
        stock = sum("①②③④⑤⑥⑦⑧⑨".index(t) + 1 if len(t) == 1 else int(t.strip("()")) for t in icons)
        item = _opt(parts, Cost)
        return evolve(item, stock=stock) if isinstance(item, Cost) else Cost(stock=stock)

    def k_stock_n(self, n: Token, *_dots: Token) -> Cost:
        return Cost(stock=int(n))

    def k_discard_self(self) -> Cost:
        return Cost(discard_self=True)

    def k_to_waiting(self) -> Cost:
        return Cost(self_to_waiting=True)

    def k_discard(self, n: Token, select: Select) -> Cost:
        # 8.4.1/8.4.2: "Put N <card|character|climax> from your hand into your waiting room", a trait if named (2.5.3)
        return Cost(discard=_num(n, _HAND_COST_N, "a cost of cards from your hand"),
                    discard_select=select)

    def k_rest(self) -> Cost:
        return Cost(rest_self=True)

    def k_clock_top(self, *parts: object) -> Cost:
        n = _tokens(parts, "NUMBER")
        return Cost(clock_top=int(n[0]) if n else 1)

    def k_reveal(self, n: Token, name: Token) -> Cost:
        _num(n, ("a", "1", "one"), "a cost that reveals a card")
        return Cost(reveal=str(name)[1:-1])

    def k_rest_chars(self, n: Token, _character: str) -> Cost:
        return Cost(rest_chars=_num(n, ("1", "2", "3", "one", "two", "three", "a"), "a cost that rests your characters"))

    def k_stage_to_waiting(self, n: Token, *parts: object) -> Cost:
        select = next(p for p in parts if isinstance(p, Select))
        if select.kind != "character" or select.icon:
            raise _refuse(n, "a cost from your stage puts a character into your waiting room")
        return Cost(stage_to_waiting=_num(n, ("a", "an", "1", "one", "2", "two"), "a cost of characters from your stage"),
                    stage_select=select, stage_other="other" in parts)

    def k_hand_to_clock(self, n: Token, select: Select) -> Cost:
        return Cost(hand_to_clock=_num(n, ("a", "an", "1", "one"), "a cost of cards from your hand into your clock"),
                    clock_select=select)

    def k_self_to_memory(self) -> Cost:
        return Cost(self_to_memory=True)

    def k_waiting_to_deck(self, n: Token, select: Select) -> Cost:
        return Cost(waiting_to_deck=_num(n, ("1", "2", "3", "a", "one", "two", "three"), "a cost of cards from your "
                                         "waiting room"), waiting_select=select)

    def k_shuffle(self) -> Cost:
        return Cost(shuffle=True)

    def k_waiting_to_clock(self, n: Token, select: Select) -> Cost:
        return Cost(waiting_to_clock=_num(n, ("1", "a", "one"), "a cost of cards from your waiting room"),
                    waiting_select=select)

    def paid(self, pay: tuple, sentences: tuple) -> tuple:
        return ("paid", pay, sentences)

    @v_args(inline=True, meta=True)
    def among_if_paid(self, meta: Meta, *parts: object) -> _AmongIf:
        effects = tuple(p.pump if isinstance(p, _Among) else p for p in parts
                        if not isinstance(p, Token | str) and not (isinstance(p, tuple) and p[:1] == ("pay",)))
        return _AmongIf(_x_select(parts), (PayThen(None, effects),), meta.start_pos)

    def k_self_to_clock(self) -> Cost:
        return Cost(self_to_zone="clock")  # from the stage into the clock (3.8.1)

    def k_self_to_deck_bottom(self) -> Cost:
        return Cost(self_to_zone="deck_bottom")  # from the stage to the bottom of the deck (3.2.1)

    def k_climax_to_waiting(self, n: Token, select: Select) -> Cost:
        # "Put 1 "X" from your climax area into your waiting room": the climax area holds climaxes only (3.11.1)
        if select.kind not in ("card", "climax") or select.trait:
            raise _refuse(n, "the climax area holds a climax (3.11.1): 'Put 1 \"X\" | climax from your climax area …'")
        return Cost(climax_to_waiting=_num(n, ("a", "an", "1", "one"), "a cost from your climax area"),
                    climax_select=select)

    def k_discard_trait(self, n: Token, trait: Token) -> Cost:
        # "Put 1 《T》 from your hand into the waiting room": any card with that trait (2.5.3), as "1 《T》 card" reads
        return Cost(discard=_num(n, _HAND_COST_N, "a cost of cards from your hand"),
                    discard_select=Select("card", str(trait)[1:-1].strip()))

    def k_stage_to_waiting_n(self, n: Token, *parts: object) -> Cost:
        # N of your (other) characters from the stage (8.4.2; `abilities._pay` puts each, chosen, into the waiting room)
        select = next(p for p in parts if isinstance(p, Select))
        if select.kind != "character" or select.icon:
            raise _refuse(n, "a cost from your stage puts a character into your waiting room")
        count = _num(n, ("a", "an", "1", "one", "2", "two"), "a cost of characters from your stage")
        return Cost(stage_to_waiting=count, stage_select=select, stage_other="other" in parts)

    def k_self_to_hand(self) -> Cost:
        return Cost(self_to_zone="hand")  # from the stage to the hand (3.3.1): merged by `_head10_costs`

    def k_stage_another16(self, select: Select) -> Cost:
        # "Put another 《T》 character from your stage into your waiting room": one character other than this card (8.4.2)
        if select.kind != "character" or select.icon:
            raise _refuse(0, "a cost from your stage puts a character into your waiting room")
        return Cost(stage_to_waiting=1, stage_select=select, stage_other=True)

    @v_args(inline=True, meta=True)
    def k_rest_more16(self, meta: Meta, n: Token, *parts: object) -> _RestMore16:
        # the other characters rested with this card ("1 of your other characters": not this card, which rests too)
        trait = _tokens(parts, "TRAIT")
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        return _RestMore16(Cost(rest_chars=_num(n, ("1", "2", "one", "two", "a"), "a cost that rests your characters"),
                                rest_select=Select("character", str(trait[0])[1:-1].strip() if trait else ""),
                                rest_other=True), getattr(meta, "start_pos", 0))

    def k_rest_trait14(self, n: Token, *parts: object) -> Cost:
        # "【REST】 two of your 《T》 characters": standing characters (8.4.2; 4.6.1.2) of the trait written (2.5.3)
        trait = _tokens(parts, "TRAIT")
        return Cost(rest_chars=_num(n, ("1", "2", "3", "one", "two", "three", "a"), "a cost that rests your characters"),
                    rest_select=Select("character", str(trait[0])[1:-1].strip() if trait else ""),
                    rest_other="other" in parts)

    def k_self_stand_memory14(self) -> Cost:
        # this card from the stage into the memory (3.12), which it can only be while it is 【STAND】 (4.6.1.1)
        return Cost(self_to_memory=True, self_stand=True)

    def k_rest_other_self17(self, n: Token, *parts: object) -> Cost:
        # this card and N other standing characters (of the trait written) rested (8.4.2; 4.6.1.2), as `k_rest_more16`
        # reads "【REST】 this card and N of your other characters"
        trait = _tokens(parts, "TRAIT")
        return Cost(rest_self=True, rest_chars=_num(n, ("1", "2", "one", "two", "a"), "a cost that rests your characters"),
                    rest_select=Select("character", str(trait[0])[1:-1].strip() if trait else ""), rest_other=True)

    def k_self_to_stock17(self) -> Cost:
        return Cost(self_to_zone="stock")  # from the stage into the stock (3.10.1)

    def k_marker_to_waiting16(self, n: Token, *_words: object) -> Cost:
        return Cost(markers_to_waiting=_num(n, ("1", "one", "a", "2", "two"), "a cost of markers underneath this card"))

    def k_from_waiting17(self, n: Token, select: Select, dst: str) -> Cost:
        return self._zone_move17("waiting", n, select, dst)

    def k_from_memory17(self, n: Token, select: Select, dst: str) -> Cost:
        return self._zone_move17("memory", n, select, dst)

    def k_from_clock17(self, n: Token, select: Select, dst: str) -> Cost:
        return self._zone_move17("clock", n, select, dst)

    def pay_mid15(self, *parts: object) -> PayThen:
        # the ability's [cost] is filled in when the ability is built (`_with_cost`)
        return PayThen(None, tuple(p.effect if isinstance(p, _It) else p for p in parts
                                   if not isinstance(p, Token | str) and not (isinstance(p, tuple) and p[:1] == ("pay",))))

    def k_hand_self_bottom21(self, *_words: object) -> Cost:
        # s21 head: Backup's "[Reveal this card in your hand & Put it at the bottom of your deck]" (10.5.2; 8.4.2): this
        # card from the hand, shown, to the bottom of the deck (3.2) as the cost is paid
        return Cost(hand_self_to="deck_bottom")

    def k_stage_to_clock21(self, n: Token, *parts: object) -> Cost:
        # s21 head: "Put a 《T》 character from your stage into your clock" (8.4.2; 3.8.2), chosen as `k_stage_to_waiting`'s
        return evolve(self.k_stage_to_waiting(n, *parts), stage_dst="clock")

    def k_stock_to_clock21(self, card: _Word) -> Cost:
        # s21 head: "Put the top card of your stock into your clock" (8.4.2; 3.10.2: from the stock's top; 3.8.2): one card
        if card != "card":
            raise _refuse(card.at, "'the top card of your stock': one card, its number not written")
        return Cost(stock_to_clock=1)
