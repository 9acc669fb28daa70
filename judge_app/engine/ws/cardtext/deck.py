"""Reading the deck: look, reveal, search, mill, shuffle, top and bottom: the Transformer's mixin `_Deck`."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _LOOK_NUMBERS,
    _NUMBERS,
    _WORD_NUMBERS,
    _count17,
    _DamageNote,
    _It,
    _Note,
    _num,
    _opt,
    _refuse,
    _Rules,
    _tokens,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.parts import (
    _at,
    _memory_back_joined,
    _one_card,
    _option,
    _own_look20,
    _RevealX,
    _XDef,
    _XPending,
)
from judge_app.engine.ws.effects import (
    AT_MOST_OWN_LEVEL,
    Ability,
    DeckTopMarker,
    Draw,
    Heal,
    LookAt,
    LookOpp,
    LookPut,
    LookTake,
    MillCompare15,
    OppTopTo,
    OppWaitingToDeck,
    Perform,
    RevealedTo,
    RevealOppPick15,
    RevealTake,
    RevealTop,
    Search,
    Select,
    StockTop,
    TopTo,
    TriggerChecks,
)


class _Deck(_Rules):
    """The Transformer's methods for the deck: look, reveal, search, mill, shuffle, top and bottom.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def look_opp(self, *parts: object) -> LookOpp:
        return LookOpp("may" in parts)

    def look_at(self, *parts: object) -> LookAt:
        return LookAt(str(parts[-1]), "may" in parts)

    def look_top_at(self, *parts: object) -> LookAt:
        more = [str(p) for p in parts if p in ("stock", "opp_hand")]
        return LookAt("+".join(["deck_top", *more]), "may" in parts)

    def lw_stock(self) -> str:
        return "stock"

    def lw_opp_hand(self) -> str:
        return "opp_hand"

    def draw(self, *parts: object) -> Draw:
        n = next(p for p in parts if isinstance(p, Token))
        # s18 body: any count (8.8.1: the cards drawn one at a time, 4.5.1; "up to": the player says how many)
        count = _count17(n, "draw") if str(n).isdigit() else _num(n, ("a", "one", "two", "three", "four", "five", "six"),
                                                                   "draw")  # "an card" stays refused
        return Draw(count, "may" in parts, at_most="up to" in parts)

    def reveal_top(self, *parts: object) -> RevealTop:
        select = _opt(parts, Select)
        assert select is not None
        # s17 body: "…, put it on any position of your stage, and that character gets …" joined in the sentence too
        then = _memory_back_joined(tuple(p.effect if isinstance(p, _It) else p for p in parts
                                         if not isinstance(p, Token | Select | str)))
        return RevealTop(select, then)

    def reveal_take(self, *parts: object) -> RevealTake:
        n = _tokens(parts, *_NUMBERS)[0]
        parts = parts[parts.index(n) + 1:]
        count = _num(n, ("1", "2", "3", "4", "5", "one", "two", "three"), "reveal up to")
        at_least, take = _tokens(parts, "NUMBER", *_NUMBERS)[:2]
        _num(take, ("1", "one"), "choose … from among them")
        if str(at_least).lower() != "one" and int(at_least) != 1:  # s13 bodies: "one or more" too
            raise _refuse(at_least, "'If you revealed 1 or more cards' is read")
        look = LookTake(count, True, _opt(parts, Select) or Select(), 1, "up to" in parts, reveal="reveal" in parts)
        then = tuple(p for p in parts if not isinstance(p, Token | Select | str))
        # "you may reveal up to n": revealing none is one of the counts the player is asked for (3.2.3.1.1)
        return RevealTake(look, 1, then)

    def rf_any(self, *alts: Select) -> Select:
        return Select(alts=alts)

    def rf_kind(self, _a: Token, *parts: object) -> Select:
        trait = _tokens(parts, "TRAIT")
        return Select(str(parts[-1]), str(trait[0])[1:-1].strip() if trait else "")

    def rf_level(self, *parts: object) -> Select:
        n = _tokens(parts, "NUMBER")[0]
        kind = parts[-1] if parts[-1] in ("card", "character", "climax") else "card"
        return Select(str(kind), level=("<=" if "lower" in parts else ">=") + str(int(n)))

    def rf_event(self, _a: Token) -> Select:
        return Select("event")

    def rf_name(self, name: Token) -> Select:
        return Select(name=str(name)[1:-1])

    def ld_lower(self) -> str:
        return "lower"

    def ld_higher(self) -> str:
        return "higher"

    @v_args(inline=True, meta=True)
    def revealed_to(self, meta: Meta, zone: str) -> _It:
        return _It(RevealedTo(str(zone)), getattr(meta, "start_pos", 0))

    @v_args(inline=True, meta=True)
    def reveal_note(self, meta: Meta, *parts: object) -> _Note:
        level = _tokens(parts, "NUMBER")
        if level and int(level[0]) != 0:
            raise _refuse(level[0], "a climax is regarded as level 0")
        return _Note(getattr(meta, "start_pos", 0))

    def look_reveal(self, *_parts: object) -> str:
        return "reveal"

    @v_args(inline=True, meta=True)
    def sf_waiting(self, meta: Meta) -> _Word:
        return _word(meta, "from:waiting_room")

    @v_args(inline=True, meta=True)
    def sf_clock(self, meta: Meta) -> _Word:
        return _word(meta, "from:clock")

    def look_put(self, look: tuple, *parts: object) -> LookPut:
        _own_look20(look, parts)
        if len(look) > 3:  # s12 bodies: an X is read where cards are chosen from among them (`look_take`)
            raise _refuse(look[3], "'look at up to X cards' is read before 'choose … from among them'")
        dest = str(parts[-1])
        if dest not in ("any-order", "original") and (look[1] != 1 or look[2]):
            raise _refuse(parts[-1].at if isinstance(parts[-1], _Word) else 0,
                          "'put it on the top …' follows 'look at the top card of your deck'")
        return LookPut(look[1], look[2], dest)

    @v_args(inline=True, meta=True)
    def lb_top_or_waiting(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "top-or-waiting")

    @v_args(inline=True, meta=True)
    def lb_top_or_bottom(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "top-or-bottom")

    @v_args(inline=True, meta=True)
    def lb_any_order(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "any-order")

    def look_take(self, look: tuple, *parts: object) -> LookTake | _XPending:
        _own_look20(look, parts)
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        # s10 bodies: "choose up to 2 … from among them, … put them into your hand / stock in any order"
        # s19 body: any count a look reads ("choose up to 4 《T》 characters from among them", 8.6.3.1.1: none up to N)
        many = tuple(w for w in _LOOK_NUMBERS if w not in ("1", "one")) if up_to and "deck_top" not in parts else ()
        take = _num(n, ("1", "one") + many, "choose … from among them")
        if len(look) <= 3 and take > look[1]:
            raise _refuse(n, "'choose up to N … from among them' chooses no more cards than were looked at")
        if "deck_top_order" in parts:  # s14 bodies: "put them on the top of your deck in any order" (`look_back_order14`)
            if take == 1:
                raise _refuse(n, "'put them on the top of your deck in any order' follows 'choose up to 2 … from among them'")
            parts = tuple("deck_top" if p == "deck_top_order" else p for p in parts)
        if "stock" in parts and take == 1:
            raise _refuse(n, "'put them into your stock in any order' follows 'choose up to 2 … from among them'")
        made = LookTake(look[1], look[2], _opt(parts, Select) or Select(), take, up_to, reveal="reveal" in parts,
                        to="deck_top" if "deck_top" in parts else "stock" if "stock" in parts else "hand")
        return _XPending(made, look[3]) if len(look) > 3 else made  # s12 bodies: X defined by the next sentence

    def look_back_top(self, *_parts: object) -> str:
        return "deck_top"

    def look_up_to(self, n: Token, _cards: str) -> tuple[str, int, bool]:
        return ("look", _num(n, _LOOK_NUMBERS, "look at up to"), True)

    def look_top(self, n: Token, _cards: str) -> tuple[str, int, bool]:
        return ("look", _num(n, _LOOK_NUMBERS, "look at the top"), False)

    def look_top_one(self) -> tuple[str, int, bool]:
        return ("look", 1, False)

    def search(self, n: Token, select: Select, *parts: object) -> Search:
        return Search(_num(n, ("1", "2", "3", "one", "two", "three"), "search your deck for up to"), select)

    def top_to(self, *parts: object) -> TopTo | Heal | StockTop | DeckTopMarker:
        # "the top 3 cards" or, as many cards print it, "three" (s18 body: any count, one card at a time, 3.2.3)
        n = _tokens(parts, "NUMBER", "N_TWO", "N_THREE", "N_FOUR", "N_FIVE", "N_SIX")
        source = parts[-1]
        if isinstance(source, StockTop | DeckTopMarker):  # s14 zones: "… of your stock into your …", "… as a marker"
            _one_card(parts, "the top card of your stock / deck put there")
            if n:
                raise _refuse(n[0], "'put the top card of your stock / deck …' is one card")
            return evolve(source, may="may" in parts)
        if isinstance(source, Heal):
            if bool(n) != ("cards" in parts):
                raise _refuse(n[0] if n else parts[0], "'the top card of your clock' is one card, 'the top N cards' N")
            # s13 zones: into the waiting room or the stock; s17 zone: the top N cards, one at a time (3.8.2)
            return evolve(source, may="may" in parts, heal_n=_count17(n[0], "the top … cards of your clock") if n else 1)
        count = _count17(n[0], "the top … cards") if n else 1
        if source == "clock_bottom" and (n or "cards" in parts):  # s15 zone: the order of several is not printed
            raise _refuse(n[0] if n else parts[0], "'put the top card of your deck at the bottom of your clock' is one card")
        return TopTo(str(source), count, "may" in parts)

    def top_source(self, zone: str) -> str:
        return zone

    @v_args(inline=True, meta=True)
    def reveal_note_damage(self, meta: Meta, *_parts: object) -> _Note:
        return _DamageNote(getattr(meta, "start_pos", 0))

    def owd_choose(self, _up_to: _Word, n: Token) -> OppWaitingToDeck:
        return OppWaitingToDeck(n=_num(n, ("1", "2", "3", "4", "5", "one", "two", "three"), "choose up to … cards in your "
                                       "opponent's waiting room"))

    def owd_keep(self, n: Token) -> OppWaitingToDeck:
        _num(n, ("1", "a", "one"), "your opponent chooses … climax")
        return OppWaitingToDeck(keep=Select("climax"))

    def owd_one20(self, *parts: object) -> OppWaitingToDeck:
        # s20 body2: one card chosen; the shuffle follows "If you do," (`if_do_opp_shuffle20`)
        _num(next(p for p in parts if isinstance(p, Token) and p.type != "DECK_IF_OPP20"), ("1", "a", "an", "one"),
             "choose … in your opponent's waiting room, and return it")
        return OppWaitingToDeck(chosen=Select(str(parts[-2])), may="may" in parts)

    def brainstorm_x21(self, *parts: object) -> Callable[..., Ability]:
        """s21 body2: Brainstorm flipping X cards, X defined by the next sentence and counted as it resolves (8.8.1)."""
        d = next(p for p in parts if isinstance(p, _XDef))
        if d.count.zone.startswith(("among", "that", "self")):
            raise _refuse(d.at, "Brainstorm's X is counted before any card is flipped: 'X is equal to the number of … "
                          "you have / colors of your characters on stage / … in your waiting room'")
        stops = _tokens(parts, "STOP")
        made = self.brainstorm(*(p for p in parts if p is not d and p is not stops[-1]),
                               Token("NUMBER", "0", d.at))
        return lambda text, category: (lambda a: evolve(a, effects=(evolve(a.effects[0], x=d.count),)))(
            made(text, category))

    def brainstorm_action(self, *parts: object) -> Callable[..., Ability]:
        option = _tokens(parts, "OPTION")[0]
        effects, said = _option(option)
        rest = tuple(p for p in parts if p is not option)
        return self.brainstorm(*rest, Perform(effects, said))

    def de_top(self) -> str:
        return "deck_top"

    def de_bottom(self) -> str:
        return "deck_bottom"

    @v_args(inline=True, meta=True)
    def reveal_top_x(self, meta: Meta, *parts: object) -> _RevealX:
        return _RevealX(tuple(p for p in parts if not isinstance(p, Token | str)), meta.start_pos)

    @v_args(inline=True, meta=True)
    def revealed_marker(self, meta: Meta, *parts: object) -> _It:
        face = str(parts[-1]).partition(":")[2]
        return _It(RevealedTo("marker", face=face, may="may" in parts), getattr(meta, "start_pos", 0))

    def look_to_stock(self, *_parts: object) -> str:
        return "stock"

    def opp_top_to(self, *parts: object) -> OppTopTo:
        n = next((p for p in parts if isinstance(p, Token)), None)
        count = _count17(n, "the top … cards") if n else 1  # s17 zone: any number of cards (3.2.3: one at a time)
        if (count == 1) != (parts[-2] == "card"):
            raise _refuse(n if n is not None else parts[-2], "'the top card' is one card, 'the top N cards' N")
        return OppTopTo(str(parts[-1]), count)

    def search_then(self, n: Token, select: Select, *parts: object) -> Search:
        then = tuple(p.effect if isinstance(p, _It) else p for p in parts if hasattr(p, "__slots__")
                     and not isinstance(p, Token | Select | str))
        return evolve(self.search(n, select), before_shuffle=then)

    def look_take_rest(self, look: tuple, *parts: object) -> LookTake | _XPending:
        where = next(str(p) for p in parts if p in ("rest:deck_top", "rest:deck_bottom"))
        kept = tuple(p for p in parts if p not in ("rest:deck_top", "rest:deck_bottom"))
        made = self.look_take(look, *kept)
        if isinstance(made, _XPending):  # s12 bodies: "look at up to X cards"
            return _XPending(evolve(made.effect, rest_to=where[5:]), made.at)
        return evolve(made, rest_to=where[5:])

    # s20 body: the cards chosen from among those looked at into the deck owner's zones, the rest too (4.8.1; 3.1.6; 8.8.1)
    def look_opp_up_to20(self, n: Token, _cards: str) -> tuple[str, int, bool]:
        return ("look-opp", _num(n, _LOOK_NUMBERS, "look at up to"), True)

    def look_opp_top20(self, n: Token, _cards: str) -> tuple[str, int, bool]:
        return ("look-opp", _num(n, _LOOK_NUMBERS, "look at the top"), False)

    def look_take20(self, look: tuple, *parts: object) -> LookTake | _XPending:
        to, rest = (next(p for p in parts if isinstance(p, _Word) and p.startswith(w)) for w in ("to:", "rest:"))
        whose = "opponent" if look[0] == "look-opp" else "own"
        for w in (to, rest):
            if w.endswith(":opp") != (whose == "opponent"):
                raise _refuse(w.at or 0, "the cards looked at go to the zones of the deck's owner (3.1.6): one deck is "
                              "named throughout")
        where, order, rest_to = to.split(":")[1], to.split(":")[2], rest.split(":")[1]
        n = _tokens(parts, *_NUMBERS)[0]
        up_to = "up to" in parts
        take = _num(n, _LOOK_NUMBERS, "choose … from among them")
        if len(look) <= 3 and take > look[1]:
            raise _refuse(n, "'choose … from among them' chooses no more cards than were looked at")
        if where == rest_to:
            raise _refuse(rest.at or 0, "the rest go where the chosen cards do not")
        if where == "deck_top" and (order == "order") != (take > 1):
            raise _refuse(to.at or 0, "'put them on the top of their deck in any order' follows a choice of more than one "
                          "card, 'put it on the top of their deck' a choice of one")
        made = LookTake(look[1], look[2], _opt(parts, Select) or Select(), take, up_to, to=where,
                        rest_to="deck_top" if rest_to == "deck_top" else "", whose=whose)
        return _XPending(made, look[3]) if len(look) > 3 else made

    @v_args(inline=True, meta=True)
    def lt20_waiting_own(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "to:waiting_room:-:own")

    @v_args(inline=True, meta=True)
    def lt20_waiting_opp(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "to:waiting_room:-:opp")

    @v_args(inline=True, meta=True)
    def lt20_bottom_own(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "to:deck_bottom:-:own")

    @v_args(inline=True, meta=True)
    def lt20_bottom_opp(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "to:deck_bottom:-:opp")

    @v_args(inline=True, meta=True)
    def lt20_top_opp(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "to:deck_top:-:opp")

    @v_args(inline=True, meta=True)
    def lt20_top_order_opp(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "to:deck_top:order:opp")

    @v_args(inline=True, meta=True)
    def lr20_top_own(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "rest:deck_top:own")

    @v_args(inline=True, meta=True)
    def lr20_top_opp(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "rest:deck_top:opp")

    @v_args(inline=True, meta=True)
    def lr20_waiting_own(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "rest:waiting_room:own")

    @v_args(inline=True, meta=True)
    def lr20_waiting_opp(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "rest:waiting_room:opp")

    def top_up_to20(self, *parts: object) -> TopTo:
        # "put up to N cards from the top of your deck into your stock / clock / waiting room" (3.2.3.1)
        n = _tokens(parts, "NUMBER", "N_ONE", "N_TWO", "N_THREE")[0]
        if "may" in parts:  # "you may put up to …": "up to" already lets the player put none (3.2.3.1.1)
            raise _refuse(n, "'you may put up to …' says twice that none may be put")
        return TopTo(str(parts[-1]), _count17(n, "put up to … card(s) from the top of your deck"), at_most=True)

    def rb_top(self) -> str:
        return "rest:deck_top"

    def rb_bottom(self) -> str:
        return "rest:deck_bottom"

    def trigger_checks(self, _during: Token, n: Token) -> TriggerChecks:
        return TriggerChecks(_WORD_NUMBERS[str(n).lower()] if str(n).lower() in _WORD_NUMBERS else int(n))

    @v_args(inline=True, meta=True)
    def look_up_to_x(self, meta: Meta, _cards: str) -> tuple[str, int, bool, int]:
        return ("look", 0, True, meta.start_pos)  # the 4th item: where the X was written (`look_take` makes it pending)

    def owd14_deck_top(self) -> str:
        return "deck_top"

    def owd14_open_back(self) -> str:
        return "open_back"

    def deck_look_marker15(self, *parts: object) -> DeckTopMarker:
        # looked at (4.8.1), then face down under this card (3.7.2); "you may" is the look's, "If you do" the marker's
        return DeckTopMarker(str(parts[-1]).rpartition(":")[2], may="may" in parts, look=True)

    def mill_compare15(self, *parts: object) -> MillCompare15:
        then = tuple(p for p in parts if not isinstance(p, Token))
        for e in then:
            if isinstance(e, _It):
                raise _refuse(e.at, "'it' after the levels compared names no card")
        return MillCompare15(then)

    def all_mill15(self, *_parts: object) -> MillCompare15:
        return MillCompare15(compare=False)

    def reveal_opp_pick15(self, n: Token, *parts: object) -> RevealOppPick15:
        _num(_tokens(parts, *_NUMBERS)[0], ("1", "one", "a", "an"), "your opponent chooses … from among them")
        count = int(n)
        if count < 2:
            raise _refuse(n, "'the top N cards' is two or more cards")
        return RevealOppPick15(count, next(p for p in parts if isinstance(p, Select)))

    def opp_top_may16(self, _may: object, *parts: object) -> OppTopTo:
        return evolve(self.opp_top_to(*parts), may=True)

    @v_args(inline=True, meta=True)
    def sf_climax16(self, meta: Meta) -> _Word:
        return _word(meta, "from:climax")

    @v_args(inline=True, meta=True)
    def revealed_stage16(self, meta: Meta, place: str, *rest: object) -> _It:
        return _It(RevealedTo(str(place), rest=bool(rest)), getattr(meta, "start_pos", 0))

    @v_args(inline=True, meta=True)
    def sf_memory17(self, meta: Meta) -> _Word:
        return _word(meta, "from:memory")

    def search_stage13(self, n: Token, select: Select, *parts: object) -> Search:
        many = _num(n, ("1", "one"), "search your deck for up to … , put it on your stage")
        if _tokens(parts, "OWN_LEVEL13"):  # within the player's level, counted as it resolves (3.9.1)
            if select.level or select.alts:
                raise _refuse(_tokens(parts, "OWN_LEVEL13")[0], "one level bound, on a selection of one kind")
            select = evolve(select, level=AT_MOST_OWN_LEVEL)
        # s16 body: "stage@back", "stage_open@center", "stage@CL" (`stage_place`: one area or one position, 3.6.3)
        to = next(str(p) for p in parts if isinstance(p, str) and str(p).partition("@")[0] in ("stage", "stage_open"))
        return Search(many, select, to=to, rest="rest" in parts)

    def search_stage_many13(self, n: Token, select: Select, *_parts: object) -> Search:
        return Search(_num(n, ("2", "3", "two", "three"), "search your deck for up to … , put them on separate positions"),
                      select, to="stage")

    def look_back_order14(self, *_parts: object) -> str:
        return "deck_top_order"

    def opp_bottom_to14b(self, *parts: object) -> OppTopTo:
        n = next((p for p in parts if isinstance(p, Token)), None)
        count = _num(n, tuple(map(str, range(1, 11))) + ("two", "three", "four"), "the bottom … cards") if n else 1
        if (count == 1) != (parts[-2] == "card"):
            raise _refuse(n if n is not None else parts[-2], "'the bottom card' is one card, 'the bottom N cards' N")
        if str(parts[-1]) != "waiting_room":
            raise _refuse(parts[-1], "the bottom cards of your opponent's deck are read into their waiting room only")
        return OppTopTo("waiting_room", count, bottom=True)

    def top_to_from15(self, *parts: object) -> TopTo | Heal | StockTop | DeckTopMarker:
        # "put N cards from the top of your deck into …": `top_to`'s "the top N cards of your deck", plain cards only
        sel = next(p for p in parts if isinstance(p, Select))
        n = _tokens(parts, *_NUMBERS)[0]
        if sel != Select("card"):
            raise _refuse(n, "'put N cards from the top of your deck' takes cards, not a kind of card")
        count = _num(n, tuple(map(str, range(2, 11))) + ("two", "three"), "put … cards from the top of your deck")
        source = parts[-1]
        if isinstance(source, StockTop | DeckTopMarker | Heal):
            raise _refuse(n, "'put N cards from the top of your deck' is read into your stock, clock or waiting room")
        return TopTo(str(source), count, "may" in parts)

    def reveal_top_not15(self, *parts: object) -> RevealTop:
        return evolve(self.reveal_top(*parts), negate=True)

    @v_args(inline=True, meta=True)
    def revealed_stage17(self, meta: Meta, who: str, place: str, *rest: object) -> _It:
        # "put that character on any position of your back stage": the revealed or milled card, read as "it" (4.9.1)
        if who != "that character":
            raise _refuse(meta.start_pos, "'put that character on … your stage' names the card revealed or put into the "
                          "waiting room just before")
        return _It(RevealedTo(str(place), rest=bool(rest)), getattr(meta, "start_pos", 0))

    def look_opp_put17(self, look: tuple, *parts: object) -> LookPut:
        # s20 body: the opponent's deck is a `look_count` now; this rule puts the cards back on their deck only
        if look[0] != "look-opp":
            raise _refuse(_at(parts), "'put … on the top of their deck' follows a look at your opponent's deck")
        return self._opp_look17(("look", *look[1:]), parts)

    def rf_name_a15b(self, _a: Token, name: Token) -> Select:
        return Select(name=str(name)[1:-1])  # "a "Name"": the article changes nothing (2.1.2)

    def rf_kind_bare15b(self, trait: Token, kind: object) -> Select:
        return Select(str(kind), str(trait)[1:-1].strip())  # "… or 《T》 character": the first one's article

    def _opp_look17(self, look: tuple, parts: tuple) -> LookPut:
        # `look_put`'s checks (one card for "top or bottom"), on the opponent's deck
        return evolve(self.look_put(look, *parts), whose="opponent")

    def deck_n(self, tok: Token) -> Token:
        return tok
