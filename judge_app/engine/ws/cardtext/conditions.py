"""Reading conditions of the head and of effects: 'If …', 'During …', counts of cards in a zone: the Transformer's mixin `_Conditions`."""

from __future__ import annotations

import re

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, v_args
from judge_app.engine.ws.cardtext.common import (
    _HKINDS,
    _HZONES,
    _NUMBERS,
    _ON_STAGE,
    _WORD_NUMBERS,
    _Bound,
    _count_cond,
    _It,
    _Limit,
    _Names,
    _num,
    _Per,
    _Place,
    _refuse,
    _Rules,
    _tokens,
    _What,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.parts import _BEFORE_FIRST14, _TOP_ZONES, _conds_flat14, _or_groups
from judge_app.engine.ws.effects import (
    NAME_OR,
    NAME_PART,
    AllAre,
    AnyOf,
    Cond,
    CondThen,
    LevelCompare,
    PayThen,
    Select,
    SelfTo,
    TopIs,
)


class _Conditions(_Rules):
    """The Transformer's methods for conditions of the head and of effects: 'If …', 'During …', counts of cards in a zone.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def conds(self, *parts: object) -> tuple[Cond, ...]:
        # s9-wsreala: a condition on several things ("X" and "Y" are in your memory) is one Cond each
        return tuple(c for p in parts for c in (p if isinstance(p, tuple) else (p,)) if isinstance(c, Cond))

    def c_level(self, n: Token) -> Cond:
        return Cond("level", int(n))

    def c_have_trait(self, n: Token, trait: Token, _character: str) -> Cond:
        # a character with no zone named is on the stage (2.3.2.1.2); a trait is written in 《 》 (2.5.3)
        _num(n, ("a", "an", "1"), "if you have … character")
        return Cond("have-trait", str(trait)[1:-1].strip())

    def c_facing_level(self, n: Token, *more: str) -> Cond:
        # "the character facing this card" (3.6.5) "is level N" / "N or higher" / "N or lower": "3+", "3-", "3"
        return Cond("facing-level", f"{int(n)}{more[0] if more else ''}")

    def c_opp_turn(self) -> Cond:
        return Cond("opp-turn")

    def c_have_another(self, trait: Token, _character: str) -> Cond:
        return Cond("have-at-least", f"1 others:{str(trait)[1:-1].strip()}")

    def c_all_trait(self, trait: Token) -> Cond:
        return Cond("all-trait", str(trait)[1:-1].strip())

    def or_higher(self) -> str:
        return "+"

    def or_lower(self) -> str:
        return "-"

    def c_level_colours(self, colours: Token) -> Cond:
        # each colour named is among the cards in your level (3.9.1)
        return Cond("level-colours", ",".join(re.findall(r"yellow|green|red|blue", str(colours).lower())))

    def c_have_named(self, name: Token) -> Cond:
        return Cond("have-named", str(name)[1:-1])

    def opponents(self) -> str:
        return "opponent"

    def c_opp_above_level(self) -> Cond:
        return Cond("battle-opp-above-level")

    def c_battle_opp(self, stat: str, n: Token, *more: str) -> Cond:
        return Cond(f"battle-opp-{stat}", f"{int(n)}{more[0] if more else ''}")

    def lz_stage(self) -> str:
        return "stage"

    def lz_hand(self) -> str:
        return "hand"

    def c_have_another_named(self, names: _Names) -> Cond:
        return Cond("have-another-named", str(names))

    def c_have_count_named(self, per: _Per, names: _Names, n: Token, more: str) -> Cond:
        scope, _, trait = per.what.partition(":")
        count = _num(n, ("0", "1", "2", "3", "4", "5", "one", "two", "three", "four", "five", "six"), "the number of characters")
        return Cond("have-named-count", (f"{count}{'+' if more == 'more' else '-'}", scope, trait, str(names)))

    def ml_more(self) -> str:
        return "more"

    def ml_less(self) -> str:
        return "less"

    def c_facing_higher(self, _a: Token) -> Cond:
        return Cond("facing-higher")

    def c_zone_has(self, *parts: object) -> Cond:
        # s16 head: "your memory has 3 or more 《T》 characters": what is counted is a condition's whole selection (`_What`)
        place = next(p for p in parts if isinstance(p, _Place))
        what = next((p for p in parts if isinstance(p, _What)), None)
        if what is None:
            what = _What(Select(next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())))
        bound = next(p for p in parts if isinstance(p, _Bound))
        return _count_cond(what, bound, _Place(place.zone, "opponent" if "opponent" in parts else "own"))

    c_zone_number = c_zone_has

    def c_have_bound(self, what: _What | _Per, bound: _Bound) -> Cond:
        # s16 head: "the number of your other green characters is two or more": characters on your stage (2.3.2.1.2)
        if isinstance(what, _Per):  # "the number of other 《T》 characters you have"
            scope, _, trait = what.what.partition(":")
            what = _What(Select("character", trait), scope == "others")
        if what.select.kind != "character" and not what.select.alts:
            raise _refuse(bound.at, "'the number of your …' counts characters (2.3.2.1.2)")
        return _count_cond(what, bound, None)

    def c_have_in(self, bound: _Bound, what: _What, *place: _Place) -> Cond:
        return _count_cond(what, bound, place[0] if place else None)

    def c_have_no(self, *parts: object) -> Cond:
        what = next(p for p in parts if isinstance(p, _What))
        place = next((p for p in parts if isinstance(p, _Place)), None)
        other = what.other or "another" in parts
        kept = _What(what.select, other)
        kept.orient = what.orient  # s10-wshead
        return _count_cond(kept, _Bound(0, False, 0), place)

    def c_card_in(self, things: tuple[_What, ...], place: _Place) -> tuple[Cond, ...]:
        # each thing named is there (8.3.3); a single name in your climax area is the older "climax" condition
        if place.zone == "climax" and len(things) == 1 and things[0].select.name and '"' not in things[0].select.name:
            return (Cond("climax", things[0].select.name.lower()),)
        return tuple(_count_cond(t, _Bound(1, True, 0), place) for t in things)

    def c_there_are(self, bound: _Bound, what: _What, place: _Place) -> Cond:
        return _count_cond(what, bound, place)

    def c_there_none(self, what: _What, place: _Place) -> Cond:
        return _count_cond(what, _Bound(0, False, 0), place)

    def c_this_in(self, where: str) -> Cond:
        # where this card is (3.6.2 the center stage, 3.6.3 its positions; 3.12 the memory)
        return Cond("this-in", where)

    def c_have_another_part(self, names: _Names) -> Cond:
        # "if you have another character with "X" in its card name" (2.1.2.2: a portion of the card name)
        return Cond("have-named-count", ("1+", "others", "", str(names)))

    @v_args(inline=True, meta=True)
    def h_bound(self, meta: Meta, n: Token, more: bool) -> _Bound:
        word = str(n).lower()
        return _Bound(_WORD_NUMBERS[word] if word in _WORD_NUMBERS else int(word), more, meta.start_pos)

    @v_args(inline=True, meta=True)
    def h_bound_exact(self, meta: Meta, n: Token) -> _Bound:
        # s18 head: a number compared exactly: "is six", "has exactly 4 cards" (8.3.3)
        word = str(n).lower()
        return _Bound(_WORD_NUMBERS[word] if word in _WORD_NUMBERS else int(word), None, meta.start_pos)

    def hd_more(self) -> bool:
        return True

    def hd_less(self) -> bool:
        return False

    def hz_area(self, area: _Word) -> _Place:
        return _Place(str(area))  # "center" | "back" (3.6.2, 3.6.3)

    def hw_kind(self, *parts: object) -> _What:
        trait = _tokens(parts, "TRAIT")
        colour = next((str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:")), "")
        icon = next((p[1] for p in parts if isinstance(p, tuple) and p[:1] == ("icon",)), "")
        kind = next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())
        return _What(Select(kind, str(trait[0])[1:-1].strip() if trait else "", color=colour, icon=icon),
                     "other" in parts)

    def hw_names(self, names: _Names) -> _What:
        return _What(Select(name=str(names)))

    def h_none(self, *_parts: Token) -> str:
        return "a"

    def hn_any(self) -> str:
        return "a"

    def hn_another(self) -> str:
        return "another"  # other than this card (2.3.2.1.2)

    def hp_zone(self, *parts: object) -> _Place:
        place = next(p for p in parts if isinstance(p, _Place))
        return _Place(place.zone, "opponent" if "opponent" in parts else "own")

    def hp_markers(self) -> _Place:
        return _Place("markers")

    def ht_names(self, *parts: object) -> tuple[_What, ...]:
        names = next(p for p in parts if isinstance(p, _Names))
        return (_What(Select(name=str(names))),)

    def ht_all_names(self, *parts: object) -> tuple[_What, ...]:
        return tuple(_What(Select(name=str(p))) for p in parts if isinstance(p, _Names))

    def ht_kind(self, _a: Token, *parts: object) -> tuple[_What, ...]:
        return (self.hw_kind(*parts),)

    def hwh_area(self, area: _Word) -> str:
        return str(area)

    def hwh_middle(self) -> str:
        return "middle"

    def hwh_zone(self, place: _Place) -> str:
        return place.zone

    def c_there_is(self, _if: Token, what: _What, place: _Place) -> Cond:
        return _count_cond(what, _Bound(1, True, 0), place)

    def c_facing_cost(self, n: Token, *more: str) -> Cond:
        # "the character facing this card" (3.6.5) "is cost N" / "N or higher" / "N or lower" (2.7)
        return Cond("facing-cost", f"{int(n)}{more[0] if more else ''}")

    def c_player_level(self, *parts: object) -> Cond:
        # a player's level is the number of cards in his or her level zone (3.9.1, 8.6.2.1.2)
        bound = next(p for p in parts if isinstance(p, _Bound))
        return _count_cond(_What(Select("card")), bound, _Place("level", "opponent" if "opponent" in parts else "own"))

    def c_opp_have(self, bound: _Bound, what: _What, *place: _Place) -> Cond:
        # "if your opponent has 1 or less characters (in their center stage)": the opponent's stage unless named
        return _count_cond(what, bound, place[0] if place else _Place("stage", "opponent"))

    def c_standing(self) -> Cond:
        return Cond("standing")  # this card on the stage in the stand state (4.6.1.1)

    def hp_their(self, place: _Place) -> _Place:
        return _Place(place.zone, "opponent")

    def hw_kind_orient(self, *parts: object) -> _What:
        what = self.hw_kind(*parts)  # _BuildHead's, in the same Transformer
        word = next(p for p in parts if isinstance(p, _Word) and str(p) in ("rest", "stand"))
        what.orient = str(word)
        if what.select.kind != "character":
            raise _refuse(word, "【REST】 / 【STAND】 is the state of a character on the stage (4.6.1)")
        return what

    @v_args(inline=True, meta=True)
    def ho_rest(self, meta: Meta) -> _Word:
        return _word(meta, "rest")

    @v_args(inline=True, meta=True)
    def ho_stand(self, meta: Meta) -> _Word:
        return _word(meta, "stand")

    def c_this_in_tok(self, _this: Token, where: str) -> Cond:
        return Cond("this-in", where)  # as `c_this_in` (3.6.2, 3.6.3, 3.12)

    def hw_kind_named(self, *parts: object) -> _What:
        # "characters with "X" in their card names": the kind counted, and a portion of the card name (2.1.2.2)
        names = next(p for p in parts if isinstance(p, _Names))
        what = self.hw_kind(*(p for p in parts if not isinstance(p, _Names)))
        return _What(evolve(what.select, name=str(names)), what.other)

    def c_in_battle(self) -> Cond:
        return Cond("in-battle")  # this card is the attacking or the defending character of a frontal attack (7.2.1.5.1)

    def c_have_another_names_in(self, *parts: object) -> Cond:
        return self.c_have_names_in(*parts, other=True)  # "another": other than this card (2.3.2.1.2)

    def c_have_names_in(self, *parts: object, other: bool = False) -> Cond:
        # a card of the name (any of "A" or "B", 2.1.2) in the zone written, on the stage if none (2.3.2.1.2)
        names = next(p for p in parts if isinstance(p, _Names))
        place = next((p for p in parts if isinstance(p, _Place)), None)
        return _count_cond(_What(Select(name=str(names)), other), _Bound(1, True, 0), place)

    def c_have_another_names_all(self, *parts: object) -> tuple[Cond, ...]:
        return self.c_have_names_all(*parts, other=True)

    def c_have_names_all(self, *parts: object, other: bool = False) -> tuple[Cond, ...]:
        # each name of the list (8.3.3: every condition holds), one Cond each as "X" and "Y" are in your memory
        place = next((p for p in parts if isinstance(p, _Place)), None)
        return tuple(_count_cond(_What(Select(name=str(n)), other), _Bound(1, True, 0), place)
                     for n in parts if isinstance(n, _Names))

    def bp_opp(self) -> str:
        return "opp"

    def bp_all(self) -> str:
        return "all"

    @v_args(inline=True, meta=True)
    def cond_effects(self, meta: Meta, conds: tuple, *parts: object) -> CondThen:
        # the sentence the condition opens, read as any sentences are (its X joined, "that character", reveals), then
        # governed by the condition as it resolves (8.3.3)
        _, effects, _first = self.sentences(meta, *parts)
        for e in effects:
            if isinstance(e, _It | PayThen) or (isinstance(e, SelfTo) and e.zone == "stock"):
                raise _refuse(getattr(e, "at", meta.start_pos), "under a condition inside the text the engine reads "
                              "effects that need nothing named before them ('that character', 'pay the cost' and "
                              "'put this card into your stock' are read outside it)")
        return CondThen(conds, effects)

    @v_args(inline=True, meta=True)
    def cond_form(self, meta: Meta, cond: CondThen, *_dots: Token) -> tuple:
        # "【ACT】 [cost] If your level is 1 or higher, choose …": the cost is paid as the ability is played (8.6.2.3), the
        # condition is looked at as its effect resolves (8.3.3)
        return ("sentences", (cond,), meta.start_pos)

    def c_placed_from_hand(self, *_parts: Token) -> Cond:
        # "During the turn that this card is placed on the stage from your hand" (8.6.2.4.1: the character played from the
        # hand is placed; `view._placed_from_hand`)
        return Cond("placed-from-hand")

    @v_args(inline=True, meta=True)
    def c_opp_has_one(self, meta: Meta, _a: Token, what: _What, *place: _Place) -> Cond:
        # one or more, as `c_opp_have` reads "1 or more" (the opponent's stage unless their zone is named)
        return self.c_opp_have(_Bound(1, True, meta.start_pos), what, *place)

    def hw_level(self, *parts: object) -> _What:
        # "level 3 or higher character": a level bound (2.6; a climax as level 0, `conditions.level_fits`)
        n = next(p for p in parts if isinstance(p, Token) and p.type == "NUMBER")
        trait = _tokens(parts, "TRAIT")
        kind = next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())
        level = ("<=" if "lower" in parts else ">=") + str(int(n))
        return _What(Select(kind, str(trait[0])[1:-1].strip() if trait else "", level=level), "other" in parts)

    @v_args(inline=True, meta=True)
    def c_top_is(self, meta: Meta, *parts: object) -> Cond:
        # the top card of an open zone, described as the conditions describe cards (8.3.3)
        place = next(p for p in parts if isinstance(p, _Place))
        top = next(p for p in parts if isinstance(p, TopIs))
        if place.zone not in _TOP_ZONES:
            raise _refuse(meta.start_pos, "the top card of your clock or your waiting room (open zones kept in order, "
                          "3.8.1, 3.4.1); the deck's and the stock's cards are face down")
        return Cond("top-is", evolve(top, zone=place.zone))

    @v_args(inline=True, meta=True)
    def auto_conds14(self, meta: Meta, *parts: object) -> tuple:
        # "If this card is the top card of your clock, and your level is 1 or higher, at the beginning of …": a list of
        # conditions before the timing, looked at with the others as the ability resolves (8.3.3; Alarm, 10.1.1)
        at = next(i for i, p in enumerate(parts) if isinstance(p, tuple) and p[:1] == ("when",))
        lead = [p for p in parts[:at] if not isinstance(p, _Limit)]
        before = _conds_flat14(tuple(lead))
        first = before[0]
        if first.kind not in _BEFORE_FIRST14 and first != Cond("this-in", "memory"):
            raise _refuse(meta.start_pos, "before the timing the engine reads a list of conditions that opens with "
                          "'During your (opponent's) turn,', 'During this card's battle,', 'During the turn that this card "
                          "is placed …', Alarm's 'If this card is the top card of your clock,' or Memory's 'If this card "
                          "is in your memory,'")
        form = self.auto(*(p for p in parts[:at] if isinstance(p, _Limit)), *parts[at:])
        if first.kind == "clock-top":  # marked: `_auto` reads it before the timing only as Alarm's own condition (10.1.1)
            before = (Cond("clock-top", "before"),) + before[1:]
        return form[:2] + ((*before, *form[2]),) + form[3:]

    def c_list_have14(self, _you_have: Token, bound: _Bound, what: _What, *place: _Place) -> Cond:
        # "if "X" is in your climax area, you have 2 or more other 《T》 characters, and …": a later condition of a list,
        # written without its own "if" (as `c_have_in`)
        return _count_cond(what, bound, place[0] if place else None)

    @v_args(inline=True, meta=True)
    def c_have_colour14(self, meta: Meta, colours: Token, place: _Place) -> Cond:
        # "If you have a blue card in your level" (one COLOUR_LIST token: "a blue card"): one or more cards of that colour
        m = re.fullmatch(r"an? (yellow|green|red|blue) card", str(colours).strip(), re.IGNORECASE)
        if m is None:
            raise _refuse(colours, "one card of a colour ('a blue card'); a list of colours is read in your level only "
                          "as 'if your level has …'")
        return _count_cond(_What(Select("card", color=m.group(1).lower())), _Bound(1, True, meta.start_pos), place)

    @v_args(inline=True, meta=True)
    def c_have_one14(self, meta: Meta, *parts: object) -> Cond:
        # "If you have a blue card in your level", "if there is a card in your memory": one or more (8.3.3)
        what = next(p for p in parts if isinstance(p, _What))
        place = next(p for p in parts if isinstance(p, _Place))
        return _count_cond(what, _Bound(1, True, meta.start_pos), place)

    @v_args(inline=True, meta=True)
    def c_there_is_one14(self, meta: Meta, words: Token, place: _Place) -> Cond:
        # "if there is a card in your memory", "if there is a blue climax in your waiting room" (IF_THERE_IS_ONE14: the
        # words up to the kind): one or more (8.3.3)
        *_, colour, kind = ("",) + tuple(str(words).lower().split()[3:])
        what = _What(Select(kind, color=colour if colour in ("yellow", "green", "red", "blue") else ""))
        return _count_cond(what, _Bound(1, True, meta.start_pos), place)

    @v_args(inline=True, meta=True)
    def c_zone_has_one14(self, meta: Meta, *parts: object) -> Cond:
        # "if your memory has a card": one or more cards of that description in your zone
        what = next(p for p in parts if isinstance(p, _What))
        place = next(p for p in parts if isinstance(p, _Place))
        return _count_cond(what, _Bound(1, True, meta.start_pos), _Place(place.zone))

    def c_battle_opp_level14(self, n: Token, *more: str) -> Cond:
        # "if the level of this card's battle opponent is level 0 or lower", as "if this card's battle opponent is level 0
        # or lower" (7.2.1.5.1; 2.6)
        return self.c_battle_opp("level", n, *more)

    def cond_and15(self, things: tuple[_What, ...], place: _Place, then: Cond | tuple[Cond, ...]) -> tuple[Cond, ...]:
        # "if X is in your climax area and B": two conditions with no comma between them; the ability needs both (8.3.3),
        # as a list does
        return self.c_card_in(things, place) + (then if isinstance(then, tuple) else (then,))

    def c_zone_named15(self, *parts: object) -> Cond:
        # "if the number of cards named "X" in your waiting room is two or more" (8.3.3; the zone of chapter 3)
        what = next(p for p in parts if isinstance(p, _What))
        place = next(p for p in parts if isinstance(p, _Place))
        bound = next(p for p in parts if isinstance(p, _Bound))
        return _count_cond(what, bound, _Place(place.zone, "opponent" if "opponent" in parts else "own"))

    def c_have_one15(self, n: Token, names: _Names, place: _Place, *then: Cond | tuple[Cond, ...]) -> tuple[Cond, ...]:
        # "if you have 1 "X" in your climax area": one or more there (8.3.3); a number other than 1 is "N or more"
        # elsewhere, so it is read only as 1; a second condition joined by "and" with no comma (`cond_and15`)
        _num(n, ("1",), "'if you have N \"X\" in …'")
        own = _count_cond(_What(Select(name=str(names))), _Bound(1, True, n.start_pos or 0), place)
        return (own,) + tuple(c for t in then for c in (t if isinstance(t, tuple) else (t,)))

    def c_opp_number15(self, what: _What, bound: _Bound) -> Cond:
        # "if the number of your opponent's level 0 or lower characters is two or more": the opponent's characters on
        # the stage (2.3.2.1.2) counted (8.3.3)
        return _count_cond(what, bound, _Place("stage", "opponent"))

    def c_all_colour15(self, *parts: object) -> Cond:
        # "if all of your characters are yellow": each of your characters on the stage has that colour (2.4)
        colour = next(str(p)[4:] for p in parts if isinstance(p, _Word) and p.startswith("col:"))
        return Cond("all-colour", colour)

    def h_names15(self, *parts: object) -> _What:
        names = next(p for p in parts if isinstance(p, _Names))
        return _What(Select(name=str(names)))  # cards of that name (2.1.2), of any kind

    @v_args(inline=True, meta=True)
    def hw_or16(self, meta: Meta, *alts: _What) -> _What:
        # alternatives of one count (8.3.3): a card counts once if it is any of them; "other" written first covers them all
        if any(a.other for a in alts[1:]):
            raise _refuse(getattr(meta, "start_pos", 0), "'other' is written before the first of the alternatives")
        return _What(Select(alts[0].select.kind, alts=tuple(a.select for a in alts)), alts[0].other)

    def hw_alt16(self, *parts: object) -> _What:
        names = next((p for p in parts if isinstance(p, _Names)), None)
        what = self.hw_kind(*(p for p in parts if not isinstance(p, _Names)))  # _BuildHead's
        return _What(evolve(what.select, name=str(names)), what.other) if names is not None else what

    def c_all16(self, *parts: object) -> Cond:
        # "if all of your opponent's characters are 《T》", "if all of your other characters on the center stage are 【STAND】"
        what, orient = next(p for p in parts if isinstance(p, tuple))
        area = next((str(p) for p in parts if isinstance(p, str) and p in ("center", "back")), "stage")
        return Cond("all-are", AllAre("opponent" if "opponent" in parts else "own", area, what, "other" in parts, orient))

    def c_all_theirs16(self, area: _Word, be: tuple[Select, str]) -> Cond:
        # "all characters in their center stage": the opponent's (their: the opponent named before, 3.6.3)
        return Cond("all-are", AllAre("opponent", str(area), be[0], False, be[1]))

    def c_all_trait_or_named16(self, trait: Token, names: _Names, *_words: object) -> Cond:
        # "if all of your characters are 《T》 or have "X" in its card name": each is of the trait or has that portion of
        # its name (2.5.3, 2.1.2.2)
        part = Select(name=NAME_OR.join(NAME_PART + n for n in str(names).split(NAME_OR)))
        return Cond("all-are", AllAre(what=Select("character", alts=(Select("character", str(trait)[1:-1].strip()),
                                                                     part))))

    def ab_trait16(self, trait: Token) -> tuple[Select, str]:
        return Select("character", str(trait)[1:-1].strip()), ""

    def ab_colour16(self, colour: _Word) -> tuple[Select, str]:
        return Select("character", color=str(colour)[4:]), ""

    def c_has_markers19(self, *parts: object) -> Cond:
        # s19 head: "if this card has a marker / N or more markers underneath it": this card's markers (3.7.1) counted
        bound = next((p for p in parts if isinstance(p, _Bound)), _Bound(1, True, 0))
        return _count_cond(_What(Select("marker")), bound, _Place("markers"))

    def c_has_no_markers19(self) -> Cond:
        return _count_cond(_What(Select("marker")), _Bound(0, False, 0), _Place("markers"))  # none there (3.7.1)

    def c_during_phase19(self, *parts: object) -> Cond:
        # "During your (opponent's) attack phase": that player's turn and that phase (6.1.1; 7.7: the encore step is in the
        # attack phase), as "During your turn" is read before a timing
        phase = next(str(p) for p in parts if isinstance(p, _Word))
        return Cond("during-phase", f"{'opp' if 'opponent' in parts else 'own'}:{phase}")

    def c_facing_colour19(self, *colours: _Word) -> Cond:
        # s19 head: "if the character facing this card is yellow or blue": its colour one of those written (3.6.5, 2.4)
        return Cond("facing-colour", "|".join(str(c)[4:] for c in colours))

    def c_all_colours19(self, *colours: _Word) -> Cond:
        # s19 head: "if all of your characters are green or red": each of your characters has one of the colours (2.4)
        return Cond("all-colour", "|".join(str(c)[4:] for c in colours))

    def ab_colours19(self, *colours: _Word) -> tuple[Select, str]:
        # s19 head: "are green or red": each character is one of the colours written (2.4), a card of either counts
        return Select("character", alts=tuple(Select("character", color=str(c)[4:]) for c in colours)), ""

    def ab_stand16(self) -> tuple[Select, str]:
        return Select("character"), "stand"

    def ab_rest16(self) -> tuple[Select, str]:
        return Select("character"), "rest"

    def ab_reversed16(self) -> tuple[Select, str]:
        return Select("character"), "reverse"

    def c_facing_gone14(self, *_words: Token) -> Cond:
        # "there is no character facing this card or the character facing this card is 【REVERSE】" (3.6.5, 4.6.1.3)
        return Cond("facing-gone")

    def c_level_word14(self, n: Token) -> Cond:
        return Cond("level", _WORD_NUMBERS[str(n).lower()])

    def c_colours14(self, bound: _Bound) -> Cond:
        # the different colours among your characters on the stage (2.4; 2.3.2.1.2), compared (8.3.3)
        return Cond("colours", str(bound))

    def c_standing_in14(self, where: str) -> tuple[Cond, ...]:
        return (self.c_standing(), self.c_this_in(where))

    def c_that_icon14(self, words: Token) -> Cond:
        # "if that card's trigger icon is 【TREASURE】": the revealed climax's icon (2.11.1), looked at as the ability resolves;
        # s18 head: a pair "[SOUL] [SOUL]" is both icons ("soul+soul", `conditions.has_icons`)
        icons = re.findall(r"\[\s*([a-z]+)\s*\]", str(words).lower()) or [str(words).split()[-1].lower()]
        return Cond("revealed-icon", "+".join(icons))

    def c_card_in_and17(self, _and: Token, things: tuple[_What, ...], place: _Place) -> tuple[Cond, ...]:
        return self.c_card_in(things, place)  # after the list's ", and" (8.3.3)

    @v_args(inline=True, meta=True)
    def c_zone_has_none17(self, meta: Meta, *parts: object) -> Cond:
        # "if your hand has no cards": none there, 0 or less (8.3.3), as `c_zone_has` counts
        return self.c_zone_has(*parts, _Bound(0, False, meta.start_pos))

    @v_args(inline=True, meta=True)
    def c_have_none17(self, meta: Meta, *parts: object) -> Cond:
        # "if you have no (other) 《T》 characters (in your …)": 0 or less, as `c_have_in` counts
        what = next(p for p in parts if isinstance(p, _What))
        return self.c_have_in(_Bound(0, False, meta.start_pos), what, *(p for p in parts if isinstance(p, _Place)))

    def c_this_orient17(self, words: Token, orient: str) -> Cond:
        # "if this card is (not) 【REVERSE】": this card on the stage in (not in) that state (4.6.1)
        return Cond("this-orient17", ("!" if str(words).lower().split()[-1] == "not" else "") + orient)

    def c_this_in_not17(self, _this: Token, where: str, _not: Token, orient: str) -> tuple[Cond, ...]:
        # "if this card is on your center stage and not 【REVERSE】": two conditions on this card, both needed (8.3.3)
        return (Cond("this-in", where), Cond("this-orient17", "!" + orient))

    def or_reverse17(self) -> str:
        return "reverse"  # 4.6.1.3

    def or_stand17(self) -> str:
        return "stand"  # 4.6.1.1

    def or_rest17(self) -> str:
        return "rest"  # 4.6.1.2

    def c_all_named15b(self, names: _Names, *_words: object) -> Cond:
        # every one of your characters has a portion of its card name (2.1.2.2), each alternative marked as `name_part` does
        return Cond("all-named", NAME_OR.join(NAME_PART + n for n in str(names).split(NAME_OR)))

    def __default__(self, data, children, meta):
        # the zones and kinds: each alternative's name says which (one table, not a method each)
        if data in _HZONES:
            return _Place(_HZONES[data])
        if data in _HKINDS:
            return _HKINDS[data]
        return super().__default__(data, children, meta)

    def c_climax(self, name: Token) -> Cond:
        return Cond("climax", str(name)[1:-1].lower())  # a climax is found by its name in any case

    def c_climax_at_most(self, *parts: object) -> Cond:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        whose = "opponent" if "opponent" in parts else "own"
        return Cond("climax-in-waiting-at-most",
                    f"{whose} {_num(n, ('0', '1', '2', '3', '4', '5', 'one', 'two', 'three'), 'the number of climax')}")

    def c_climax_count(self, *parts: object) -> Cond:
        n = next(p for p in parts if isinstance(p, Token) and p.type in _NUMBERS)
        whose = "opponent" if "opponent" in parts else "own"
        return Cond("climax-in-waiting", f"{whose} {_num(n, ('1', '2', '3', '4', '5', 'one', 'two', 'three'), 'the number of climax')}")

    def c_deck_at_most(self, n: Token) -> Cond:
        count = int(n) if n.type == "NUMBER" else ("one", "two", "three", "four", "five").index(str(n).lower()) + 1
        return Cond("deck-at-most", count)

    def c_hand_at_most(self, n: Token) -> Cond:
        return Cond("hand-at-most", int(n))

    def c_have_at_most(self, per: _Per, n: Token) -> Cond:
        # your characters on the stage (2.3.2.1.2): "If the number of 《T》 characters you have is two or less"
        return Cond("have-at-most", f"{_num(n, ('0', '1', '2', '3', '4', 'one', 'two', 'three', 'four'), 'the number')} "
                    f"{per.what}")

    def c_have_n(self, n: Token, per: _Per) -> Cond:
        # your characters on the stage (2.3.2.1.2), other than this card when the text says "other"
        return Cond("have-at-least", f"{int(n)} {per.what}")

    def c_have_none(self, *parts: object) -> Cond:
        per = next(p for p in parts if isinstance(p, _Per))
        return Cond("have-at-most", f"0 {per.what}")

    def c_memory(self, n: Token) -> Cond:
        return Cond("memory", int(n))

    @v_args(inline=True, meta=True)
    def hb_none17(self, meta: Meta) -> _Bound:
        return _Bound(0, False, meta.start_pos)  # "no cards": none, 0 or less (8.3.3)

    # --- s18 head: conditions joined by "or" / "and" without a comma, levels compared (grammar block "# s18 head")
    def c_or_cond(self, first: Cond | tuple[Cond, ...], _or: Token, second: Cond | tuple[Cond, ...]) -> Cond:
        # two conditions joined by "or": fulfilled when either one is (8.3.3). `AnyOf` holds the groups, each the conditions
        # written on one side (all of a group's must hold); "a or b or c" is one list of three
        groups = _or_groups(first) + _or_groups(second)
        if any(c.kind == "this-in" and c.value not in _ON_STAGE for g in groups for c in g):
            raise _refuse(_or.start_pos or 0, "'or' joins conditions on the stage: where this card is off the stage "
                          "decides where the ability works (2.12.2)")
        return Cond("any", AnyOf(groups))

    def c_and_cond(self, first: Cond | tuple[Cond, ...], _and: Token, second: Cond | tuple[Cond, ...]) -> tuple[Cond, ...]:
        # "… and …" with no comma: both conditions, as the list joined by ", and" reads them (8.3.3)
        return tuple(c for side in (first, second) for c in (side if isinstance(side, tuple) else (side,)))

    def c_there_is_one(self, _a: Token, what: _What, place: _Place) -> Cond:
        return _count_cond(what, _Bound(1, True, 0), place)  # "there is a marker underneath this card" (3.7)

    def lo_battle_opp(self) -> str:
        return "battle-opp"  # 7.2.1.5.1

    def lo_facing(self) -> str:
        return "facing"  # 3.6.5

    def lo_this(self) -> str:
        return "this"  # 2.6

    def ls_own(self) -> str:
        return "own"  # 3.9.1: the number of cards in your level zone

    def ls_opp(self) -> str:
        return "opp"

    def level_side(self, of: str) -> str:
        return of

    def lr_above(self) -> str:
        return ">"

    def lr_below(self) -> str:
        return "<"

    def lr_at_most(self) -> str:
        return "<="

    def lr_at_least(self) -> str:
        return ">="

    def lr_equal(self) -> str:
        return "=="

    def c_compare_levels(self, left: str, rel: str, right: str) -> Cond:
        # two levels compared (2.6, 3.9.1) as the ability resolves (8.3.3); the older wording "the level of this card's
        # battle opponent is higher than your opponent's level" keeps its older condition
        if (left, rel, right) == ("battle-opp", ">", "opp"):
            return Cond("battle-opp-above-level")
        if left == right:
            raise _refuse(0, "two levels compared are of two things")
        return Cond("compare-levels", LevelCompare(left, rel, right))

    def c_compare_bo(self, rel: str, right: str) -> Cond:
        return self.c_compare_levels("battle-opp", rel, right)

    def c_compare_facing(self, rel: str, right: str) -> Cond:
        return self.c_compare_levels("facing", rel, right)

    def c_compare_this(self, rel: str, right: str) -> Cond:
        return self.c_compare_levels("this", rel, right)

    def c_compare_player(self, *parts: object) -> Cond:
        # "if your (opponent's) level is lower than …" (3.9.1)
        rel, right = (p for p in parts if isinstance(p, str) and p != "opponent")
        return self.c_compare_levels("opp" if "opponent" in parts else "own", rel, right)

    # --- s20 head (grammar block "# s20 head") ---
    def c_facing_there20(self, *words: Token) -> Cond:
        # "if there is a character facing this card": one on the opponent's center stage position facing this card's (3.6.5);
        # "if there is no …" (one token, IF_THERE_IS_FACING20, holds "a" or "no")
        if words and str(words[0]).lower().endswith("no"):
            return self.c_facing_none20()
        return Cond("facing-there", "1")

    def c_facing_gone20(self, there: Token) -> Cond:
        # "if there is no character facing this card or the character facing this card is 【REVERSE】" (`c_facing_gone14`)
        if not str(there).lower().endswith("no"):
            raise _refuse(there, "'there is no character facing this card or the character facing this card is 【REVERSE】'")
        return self.c_facing_gone14()

    def c_facing_none20(self, *_words: Token) -> Cond:
        # "if there is no character facing this card": none there (3.6.5)
        return Cond("facing-there", "0")

    def c_brainstorm_climax20(self, _words: Token) -> Cond:
        # "if a climax is put into the waiting room by that effect" after "When (your opponent uses / you use) "Brainstorm"":
        # a climax among the cards that Brainstorm flipped over into the waiting room (10.7.1, 10.7.3; the timing's info)
        return Cond("brainstorm-climax")

    def hwh_left20(self) -> str:
        return "left"  # the left position of the center stage (3.6.3: ①)

    def hwh_right20(self) -> str:
        return "right"  # the right position of the center stage (3.6.3: ③)

    # --- s21 head ------------------------------------------------------------------------------------------------
    def hwh_the_stage21(self) -> str:
        return "stage"  # "in the stage": the stage this card is on, its master's (3.6.1), as "in your stage" reads

    @v_args(inline=True, meta=True)
    def c_have_another21(self, meta: Meta, what: _What) -> Cond:
        # "if you have another blue (or 《T》) character": one or more of your other characters on the stage (2.3.2.1.2)
        return _count_cond(_What(what.select, True), _Bound(1, True, getattr(meta, "start_pos", 0)), None)

    def colour_what21(self, *parts: object) -> _What:
        return self.hw_colour_or21(*parts)

    def colour_alt21(self, alt: object) -> Select:
        # one alternative of "blue or 《T》": a colour (2.4) or a trait (2.5.3)
        if isinstance(alt, _Word) and alt.startswith("col:"):
            return Select(color=str(alt)[4:])
        return Select(trait=str(alt)[1:-1].strip())

    def hw_colour_or21(self, *parts: object) -> _What:
        # "blue or 《Raven Black》 characters": of the kind written, any of the colours or traits (a card counts once)
        kind = next(p for p in parts if isinstance(p, str) and p in _HKINDS.values())
        alts = [Select(color=str(p)[4:]) for p in parts if isinstance(p, _Word) and p.startswith("col:")]  # written first
        alts += [p for p in parts if isinstance(p, Select)]
        select = Select(kind, alts=tuple(evolve(a, kind=kind) for a in alts)) if len(alts) > 1 else evolve(alts[0], kind=kind)
        return _What(select, "other" in parts)

    def c_pile_number21(self, place: _Place, bound: _Bound) -> Cond:
        # "if the number of your stock is 2 or less": the cards of that pile counted (3.1.2), as "cards in your stock"
        return _count_cond(_What(Select("card")), bound, place)
