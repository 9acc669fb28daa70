"""Reading granted abilities (quoted), keyword abilities and keyword grants: the Transformer's mixin `_Granted`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.tree import Meta, Token, Tree, v_args
from judge_app.engine.ws.cardtext.checks import _cond_checked
from judge_app.engine.ws.cardtext.common import (
    _NUMBERS,
    _PHASES,
    GRANTED_LEAVING,
    GRANTED_WHEN,
    _grant_stats,
    _granted_auto_checked,
    _granted_ban,
    _It,
    _Levels,
    _name_spec,
    _num,
    _one_dot,
    _opt,
    _Placed,
    _read_granted,
    _refuse,
    _Rules,
    _tokens,
    _trait_word,
    _until,
    _Word,
    _word,
)
from judge_app.engine.ws.cardtext.forms import _one_shots
from judge_app.engine.ws.cardtext.parts import (
    _KEYWORDS14,
    _area_in,
    _BsCount16,
    _cont_kw15,
    _dur_apart,
    _each_granted21,
    _grant,
    _grant_all15,
    _granted_many15,
    _Many21,
    _one_granted15,
    _slash_name,
    _slash_names,
)
from judge_app.engine.ws.effects import (
    TRAIT_OR,
    Ability,
    AtNextPhase,
    Brainstorm,
    ChangeInto,
    Cond,
    CondThen,
    Cost,
    EndOfTurn,
    FusionInto,
    Grant,
    Modal,
    Salvage,
    Select,
    SelfStage17,
    SelfTo,
    SunderInto,
)


@dataclass(frozen=True, slots=True)
class _Traits20:
    """s20 head2: the traits a gain gives (2.5), each as written between its brackets."""

    names: tuple[str, ...]
    gain: tuple[int, int] = (0, 0)  # the +power / soul given with them ("+1000 power and 《T》")


def _traits_grant20(who: str, parts: tuple, trait: str = "", other: bool = False) -> Grant:
    """s20 head2: traits given for a time (8.2.1.2) as an ability the character holds while it lasts ("【CONT】 This card gets
    《T》.", read by `view.traits_of` from `OnStage.gained`), with the +power / soul printed before them."""
    gained = next(p for p in parts if isinstance(p, _Traits20))
    shown = " and ".join(f"《{t}》" for t in gained.names)
    ability = Ability("cont", scope="self", gains=gained.names, text=f"【CONT】 This card gets {shown}.")
    return Grant(who, ability, gained.gain[0], gained.gain[1], trait, other, _until(tuple(_tokens(parts, "NEXT_TURN"))))


class _Granted(_Rules):
    """The Transformer's methods for granted abilities (quoted), keyword abilities and keyword grants.

    A mixin of `_Build`; the methods in the order of the grammar rules they transform.
    """

    def encore(self, cost: Cost, *parts: Token) -> Callable[..., Ability]:
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        return lambda text, category: Ability("auto", "encore", "to-waiting", cost=cost, optional=True, text=text)

    def encore_reminder(self, *_dots: Token) -> Tree:
        return Tree("reminder", [])

    def backup(self, power: Token, level: Token, *parts: object) -> Callable[..., Ability]:
        cost = _opt(parts, Cost) or Cost()
        reminder = _opt(parts, tuple)
        if isinstance(reminder, tuple) and str(reminder[1]) != f"+{power}":
            raise _refuse(reminder[1], f"Backup {power}'s text gives +{power} power (10.5.2)")
        return lambda text, category: Ability("act", "backup", power=int(power), level=int(level), cost=cost,
                                              text=text)

    def backup_reminder(self, n: Token, _character: str, signed: Token, *_dots: Token) -> tuple[Token, Token]:
        _num(n, ("1", "one", "a"), "Backup's reminder: choose")
        return (n, signed)

    def backup_text(self, n: Token, *parts: object) -> tuple[Token, Token]:
        _num(n, ("1", "one", "a"), "Backup's text: choose")
        sep = next(p for p in parts if isinstance(p, _Word) and p in (";", ",", "and", "; and", ", and"))
        if sep in ("; and", ", and") or "get" in parts:
            raise _refuse(sep.at if sep in ("; and", ", and") else n, "Backup's text is 'Choose 1 of your defending characters; "
                          "it gets +X power until end of turn' (10.5.2)")
        return (n, next(p for p in parts if isinstance(p, Token) and p.type == "SIGNED"))

    def assist(self, who: _Word, _get: str, gain: tuple[int, int], *dots: Token) -> Callable[..., Ability]:
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your characters in front of this card get +N power'")
        return lambda text, category: Ability("cont", "assist", scope="front", power=gain[0], soul=gain[1],
                                              min_level=who.min_level, text=text)

    def great(self, *dots: Token) -> Callable[..., Ability]:
        return lambda text, category: Ability("cont", "great performance", text=text)

    def sunder(self, name: Token, cost: Cost, *dots: Token) -> Callable[..., Ability]:
        _one_dot(dots[0] if dots else None)
        n = _slash_name(name)
        return lambda text, category: Ability("auto", "sunder", "begin:end-of-attack", cost=cost,
                                              conds=(Cond("attacker"),), effects=(SunderInto(n),), name=n,
                                              optional=True, text=text)

    def bond(self, name: Token, cost: Cost, *dots: Token) -> Callable[..., Ability]:
        _one_dot(dots[0] if dots else None)
        n = _slash_names(name)
        return lambda text, category: Ability("auto", "bond", "placed", cost=cost, optional=True,
                                              effects=(Salvage(n),), name=n, text=text)

    def shift(self, level: Token, *parts: object) -> Callable[..., Ability]:
        dots = _tokens(parts, "DOTS")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("auto", "shift", "begin:main", level=int(level), optional=True,
                                              text=text)

    def fusion(self, *parts: Token) -> Callable[..., Ability]:
        a, b = (str(q)[1:-1] for q in _tokens(parts, "QNAME")[:2])
        _num(_tokens(parts, *_NUMBERS)[-1], ("1", "one"), "Fusion: search your deck for up to")
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        a_name, b_name = a, b
        return lambda text, category: Ability("act", "fusion", cost=Cost(stage_to_marker=a_name),
                                              effects=(FusionInto(b_name),), name=b_name, text=text)

    @v_args(inline=True, meta=True)
    def change(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        cost = _opt(parts, Cost) or Cost()
        phase = next(p for p in parts if isinstance(p, _Word) and p in _PHASES)
        if phase not in ("encore", "climax", "main", "attack"):
            raise _refuse(phase.at, "Change happens at the beginning of your encore step, climax, main or attack "
                          "phase")
        # s13 bodies: also "choose a card named "X"" and ""A" B" (`change_name13`)
        n, name = _tokens(parts, *_NUMBERS)[0], _tokens(parts, "QNAME", "QQNAME")[0]
        _num(n, ("1", "one", "a"), "Change: choose")
        _one_dot(next(iter(_tokens(parts, "DOTS")), None))
        # s14 zones: the cost takes this card from the stage (into the waiting room, or "Return this card to your hand"):
        # the position it left is the one the card chosen goes onto (`abilities._onto_vacated`, `paid_from`)
        if not (cost.self_to_waiting or cost.self_to_zone):
            raise _refuse(meta.start_pos, "Change's cost puts this card into your waiting room (10.8)")
        conds = (Cond("resting"),) if "resting" in parts else ()
        return lambda text, category: Ability("auto", "change", f"begin:{phase}", cost=cost, conds=conds,
                                              effects=(ChangeInto(str(name)[1:-1]),), text=text)

    def change_resting(self, _resting: str) -> str:
        return _resting

    def brainstorm(self, *parts: object) -> Callable[..., Ability]:
        cost = _opt(parts, Cost) or Cost()
        stop = _tokens(parts, "STOP")[0]
        if str(stop).strip() != ".":
            raise _refuse(stop, "one period ends the sentence")
        count = _tokens(parts, "NUMBER", "N_TWO", "N_THREE", "N_FOUR")[0]  # digits, or a word (10.7.1: any N)
        n = int(count) if count.type == "NUMBER" else _num(count, ("two", "three", "four"), "Brainstorm's count")
        # s16 body: what is counted among the flipped cards (`bs_count16`), and the sentence's effects done in turn
        counted = next((p for p in parts if isinstance(p, _BsCount16)), _BsCount16(Select("climax"), False))
        effects = tuple(p for p in parts if not isinstance(p, Token | Cost | str | _BsCount16))
        for e in effects:
            if isinstance(e, _It):
                raise _refuse(e.at, "'put it into …' is read after 'reveal the top card of your deck. If that card is …'")
            if not hasattr(e, "__dataclass_fields__"):  # an "If you do", an X to define: read in a sentence of its own
                raise _refuse(getattr(e, "at", 0) or stop, "Brainstorm's sentence: effects done for each card counted")
        then = effects[0] if len(effects) == 1 else effects
        made = Brainstorm(n, then, counted.select, counted.once)
        return lambda text, category: Ability(category or "act", "brainstorm", cost=cost, effects=(made,), text=text)

    def replacement(self, *parts: object) -> tuple:
        _one_dot(_opt(parts, Token))
        zone = next((p for p in parts if p in ("memory", "hand")), None)
        if zone is None:  # s11 bodies: `self_zone` reads "clock" too, for an effect
            raise _refuse(next((p for p in parts if p == "clock"), parts[-1]), "a replacement effect here puts this "
                          "card into your memory or your hand instead (8.2.1.3)")
        return ("replacement", str(zone))

    def level_gain(self, n: Token) -> _Levels:
        return _Levels(int(n))

    def cont_traits20(self, *parts: object) -> tuple:
        """s20 head2: "this card gets [+1000 power and] 《T》": the `cont` form with the traits given (2.5)."""
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front", "facing", "opp"))
        traits = next(p for p in parts if isinstance(p, _Traits20))
        return ("cont-traits20", conds, who, traits.gain, traits.names)

    def grant_traits20(self, who: _Word, _get: str, *parts: object) -> Grant:
        if who != "self":
            raise _refuse(who.at, "a trait given until end of turn to this card or to 1 character chosen")
        return _traits_grant20("self", parts)

    def grant_choose_traits20(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        trait = _tokens(parts, "TRAIT")  # the selection's (the traits given are read by `traits_gained20`)
        return _traits_grant20("choose-own", parts, str(trait[0])[1:-1].strip() if trait else "", "other" in parts)

    def traits_gained20(self, *parts: object) -> _Traits20:
        gain = self.gain(*parts[:2]) if len(parts) > 1 and not str(parts[1]).startswith("《") else (0, 0)  # type: ignore[arg-type]
        traits = [t for t in parts if isinstance(t, Token) and t.type == "TRAIT"]
        # each 《T》 (or "《A》 or 《B》", which gives no one trait: refused) as written between the brackets (2.5.3)
        for t in traits:
            if TRAIT_OR in str(t):
                raise _refuse(t.start_pos or 0, "a trait gained is one trait, not a choice of traits")
        return _Traits20(tuple(str(t)[1:-1].strip() for t in traits), gain)

    def gain(self, *parts: Token) -> tuple[int, int]:
        power = soul = 0
        for value, stat in zip(parts[::2], parts[1::2], strict=True):
            if stat == "power":
                power += int(value)
            else:
                soul += int(value)
        return power, soul

    def assist_x(self, who: _Word, _get: str, _x: Token, stat: str, _stop: Token, times: int,
                 *dots: Token) -> Callable[..., Ability]:
        if who != "front" or who.trait or who.min_level or stat != "power":
            raise _refuse(who.at, "Assist: 'All of your characters in front of this card get +X power. X is equal to "
                          "that character's level ×N'")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=times, per="level", text=text)

    def bond_reminded(self, name: Token, cost: Cost, reminder: tuple[Token, Token], *dots: Token) -> Callable[..., Ability]:
        n, chosen = reminder
        _num(n, ("1", "a", "one"), "Bond's reminder: choose")
        if _name_spec(chosen) != _slash_names(name):
            raise _refuse(chosen, f"Bond's reminder chooses the Bond's own card, \"{_slash_names(name)}\" (10.4.2)")
        return self.bond(name, cost, *dots)

    def bond_reminder(self, _stop: Token, n: Token, name: Token) -> tuple[Token, Token]:
        return (n, name)

    def bond_name(self, name: Token) -> Token:
        return name

    def grant(self, who: _Word, _get: str, *parts: object) -> Grant:
        if who != "self":
            return _grant_all15(who, parts)  # s15 quote: all of your (other) [《T》] characters
        return _grant("self", parts)

    def grant_choose(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        trait = _tokens(parts, "TRAIT")
        return _grant("choose-own", parts, str(trait[0])[1:-1].strip() if trait else "", "other" in parts)

    def shift_reminder(self, n: Token, *parts: object) -> str:
        _num(n, ("1", "one", "a"), "Shift exchanges")  # 10.11.3: exactly two cards, one of them from the hand
        return "shift-reminder"

    def grant_choose_opp(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        return evolve(_grant("choose-opp", parts), area=_area_in(parts))

    def cont_grant(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        granted = _granted_ban(parts)
        return ("cont-grant", conds, who, _grant_stats(parts), granted)

    def assist_grant(self, who: _Word, _get: str, *parts: object) -> Callable[..., Ability]:
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your (《T》) characters in front of this card get …' (10.3.1)")
        power, soul = _grant_stats(parts)
        granted = _granted_ban(parts)
        return lambda text, category: Ability("cont", "assist", scope="front", power=power, soul=soul, trait=who.trait,
                                              grants=granted, text=text)

    @v_args(inline=True, meta=True)
    def assist_grant_trait(self, meta: Meta, trait: Token, *parts: object) -> Callable[..., Ability]:
        return self.assist_grant(_trait_word(meta, "front", trait), str(parts[0]), *parts[1:])

    @v_args(inline=True, meta=True)
    def counter_event(self, meta: Meta, sentences: tuple) -> Callable[..., Ability]:
        # the counter icon (2.8.2) on an event: the dialect gives the card the icon (`Ability.keyword` "counter")
        at = getattr(meta, "start_pos", 0)

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(at, "the counter icon heads an event's text, or a Backup (10.5)")
            return _one_shots(text, "", "counter", Cost(), sentences, at)
        return make

    # durations printed first (8.2.1.2): the same gains, the duration token moved where the gains read it
    def grant_dur_first(self, *parts: object) -> Grant:
        rest, dur = _dur_apart(parts)
        return self.grant(rest[0], rest[1], *rest[2:], *dur)

    def grant_choose_dur_first(self, n: Token, *parts: object) -> Grant:
        return self.grant_choose(n, *parts)

    def play_free(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        return ("play-ban", conds, "colour")  # read as the play ban is (【CONT】 or no icon, no cost), a permission

    @v_args(inline=True, meta=True)
    def assist_trait(self, meta: Meta, trait: Token, _get: str, gain: tuple[int, int], *dots: Token) -> Callable[..., Ability]:
        # Assist to the 《T》 characters in front of this card only (10.3.1, 2.5.3)
        who = _trait_word(meta, "front", trait)
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=gain[0], soul=gain[1],
                                              trait=who.trait, text=text)

    @v_args(inline=True, meta=True)
    def assist_x_trait(self, meta: Meta, trait: Token, _get: str, _x: Token, stat: str, _stop: Token, times: int,
                       *dots: Token) -> Callable[..., Ability]:
        # "+X power. X is equal to that character's level ×500" (10.3.1): counted on each character that gets it
        if stat != "power":
            raise _refuse(_x, "Assist: '… get +X power. X is equal to that character's level ×N'")
        who = _trait_word(meta, "front", trait)
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=times, per="level",
                                              trait=who.trait, text=text)

    @v_args(inline=True, meta=True)
    def counter_cond_event(self, meta: Meta, cond: CondThen, *_dots: Token) -> Callable[..., Ability]:
        # "【COUNTER】 If you have 5 or more 《T》 characters, choose 1 …": the counter icon on an event (2.8.2), its text
        # under a condition (8.3.3)
        at = getattr(meta, "start_pos", 0)

        def make(text: str, category: str) -> Ability:
            if category:
                raise _refuse(at, "the counter icon heads an event's text, or a Backup (10.5)")
            return _cond_checked(_one_shots(text, "", "counter", Cost(), ("sentences", (cond,), at), at), at)
        return make

    def assist_conds15(self, conds: tuple[Cond, ...], make: Callable[..., Ability]) -> Callable[..., Ability]:
        # Assist's gain (10.3.1) while the conditions hold (8.3.3; `view._active` checks them as for any 【CONT】)
        return lambda text, category: replace(make(text, category), conds=conds)

    def assist14(self, who: _Word, _get: str, gain: tuple[int, int], *dots: Token) -> Callable[..., Ability]:
        # Assist (10.3.1) to the characters in front of this card that the selection describes
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your … characters in front of this card get +N power'")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=gain[0], soul=gain[1],
                                              trait=who.trait, select=who.select, text=text)

    def cont_grant_kw(self, *parts: object) -> tuple:
        conds = next((p for p in parts if isinstance(p, tuple) and p and isinstance(p[0], Cond)), ())
        who = next(p for p in parts if isinstance(p, _Word) and p in ("self", "all", "others", "front"))
        _one_dot(_tokens(parts, "DOTS")[0] if _tokens(parts, "DOTS") else None)
        ability, at = _read_granted(_tokens(parts, "GRANTED_KW")[0])
        _granted_auto_checked(ability, at, "a continuously granted", GRANTED_WHEN + GRANTED_LEAVING)
        return ("cont-grant", conds, who, _grant_stats(parts), ability)

    @v_args(inline=True, meta=True)
    def cont_grant_kw_facing15(self, meta: Meta, *parts: object) -> tuple:
        # Encore given to the character facing this card while the ability applies (3.6.5, 8.9.1; `view.granted_autos`)
        return _cont_kw15(_word(meta, "facing"), parts)

    @v_args(inline=True, meta=True)
    def cont_grant_kw_opp15(self, meta: Meta, *parts: object) -> tuple:
        # Encore given to all of your opponent's characters while the ability applies (8.9.1; `view.granted_autos`)
        return _cont_kw15(_word(meta, "opp"), parts)

    def assist_grant_kw15(self, who: _Word, _get: str, *parts: object) -> Callable[..., Ability]:
        if who != "front":
            raise _refuse(who.at, "Assist: 'All of your (《T》) characters in front of this card get …' (10.3.1)")
        _, _, _, (power, soul), granted = _cont_kw15(who, parts)
        return lambda text, category: Ability("cont", "assist", scope="front", power=power, soul=soul, trait=who.trait,
                                              grants=granted, text=text)

    @v_args(inline=True, meta=True)
    def assist_grant_kw_trait15(self, meta: Meta, trait: Token, *parts: object) -> Callable[..., Ability]:
        return self.assist_grant_kw15(_trait_word(meta, "front", trait), str(parts[0]), *parts[1:])

    def grant_many15(self, who: _Word, _get: str, *parts: object) -> Grant:
        # the first ability as `grant` reads it, the others read and checked the same way, given with it (`Grant.more`)
        firsts = [self.grant(who, _get, *_one_granted15(parts, tok))
                  for tok in _granted_many15(parts)]
        return evolve(firsts[0], more=tuple(g.ability for g in firsts[1:]))

    def grant_many_dur_first15(self, *parts: object) -> Grant:
        rest, dur = _dur_apart(parts)
        return self.grant_many15(rest[0], rest[1], *rest[2:], *dur)

    def cont_grant_many15(self, *parts: object) -> tuple:
        # each ability as `cont_grant` reads the one it gives (a restriction, an 【AUTO】 or an 【ACT】 ability), given together
        forms = [self.cont_grant(*_one_granted15(parts, tok))
                 for tok in _granted_many15(parts)]
        return forms[0] + (tuple(f[4] for f in forms[1:]),)

    @v_args(inline=True, meta=True)
    def grant_modal15(self, meta: Meta, n: Token, *parts: object) -> Modal:
        # each option is this card getting one of the quoted abilities, read and checked as `grant` reads one; the
        # master chooses one as the effect resolves (8.6.3, `Modal`)
        _num(n, ("1", "one"), "choose … of the following abilities")
        this = _word(meta, "self")
        grants = [self.grant(this, "gets", *_one_granted15(parts, tok))
                  for tok in _tokens(parts, "GRANTED")]
        return Modal(tuple((g,) for g in grants), tuple(f"This card gets \"{g.ability.text}\"" for g in grants))

    def grant_split15(self, who: _Word, _get: str, *parts: object) -> Grant:
        # the gain lasts until end of turn (6.8.1.4), the ability as its own duration says (`Grant.gain_until`)
        if who != "self":
            raise _refuse(who.at, "a gain and the following ability with durations of their own go to this card")
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        return evolve(_grant("self", tuple(p for p in parts if p is not gain)), power=gain[0], soul=gain[1],
                      gain_until="eot")

    @v_args(inline=True, meta=True)
    def grant_placed16(self, meta: Meta, _get: str, *parts: object) -> _Placed:
        # "that character": the one the sentence before put on the stage, joined to it as `pump_placed` is
        # (`_memory_back_joined`), given the ability as `grant` reads it (8.2.1.2)
        return _Placed(_grant("placed", parts), meta.start_pos)

    def shift_reminder14(self, colours: Token, *_parts: object) -> str:
        # one card of one colour (10.11.3: exactly two cards are exchanged, one from the hand); the colour is this card's
        # (10.11.2: "a card in your hand of the same color"), which the engine compares as it resolves
        if str(colours).lower().count(" card") != 1:
            raise _refuse(colours, "Shift exchanges one card of the hand")
        return "shift-reminder"

    def bond_reminder13(self, _stop: Token, n: Token, name: Token, *dots: Token) -> tuple[Token, Token]:
        _one_dot(dots[0] if dots else None)
        return (n, name)

    def change_name13(self, name: Token) -> Token:
        return name

    def grant_opp_bound14(self, n: Token, bound: Select, *parts: object) -> Grant:
        # `grant_choose_opp`'s choice among the opponent's characters within the bound, of the trait, on the area
        _num(n, ("1", "one", "a"), "choose")
        trait = _tokens(parts, "TRAIT")
        if trait:
            bound = evolve(bound, trait=str(trait[0])[1:-1].strip())
        area = next((str(p) for p in parts if isinstance(p, _Word) and p in ("center", "back")), "")
        return evolve(_grant("choose-opp", parts), bound=bound, area=area)

    def grant_battle14(self, n: Token, *parts: object) -> Grant:
        _num(n, ("1", "one", "a"), "choose")
        return _grant("choose-battle", parts)

    @v_args(inline=True, meta=True)
    def end_act14(self, meta: Meta, who: str, zone: str) -> EndOfTurn:
        if who == "self" and zone not in ("waiting_room", "memory", "stock", "clock"):  # pragma: no cover - the grammar's
            raise _refuse(meta.start_pos, "a zone of yours")
        # SelfTo names the zone as the side's field (`leave_stage`): "waiting" for the waiting room
        made = Ability("auto", when="begin:end", effects=(SelfTo("waiting" if zone == "waiting_room" else str(zone)),),
                       text=f"At the end of the turn, put this card into your {str(zone).replace('_', ' ')}.")
        return EndOfTurn(who, str(zone), made)

    @v_args(inline=True, meta=True)
    def later_acts(self, meta: Meta, when: Token, *effects: object) -> AtNextPhase:
        # the phase or step named in the token (8.1.1.2.1), the effects the created ability will execute (8.7.5)
        phase = next(w for w in _PHASES if re.search(rf"\bnext\s+{w}\s", str(when), re.I))
        for e in effects:
            if not hasattr(e, "__dataclass_fields__") or type(e).__name__.startswith("_"):
                raise _refuse(getattr(e, "at", meta.start_pos), "an effect the created ability executes by itself")
        that = any(isinstance(e, SelfStage17) and e.that for e in effects)
        # "this card" and "that character" are both the card the created ability is kept for, not a Memory ability's own
        effects = tuple(evolve(e, that=True) if isinstance(e, SelfStage17) else e for e in effects)
        step = "step" if phase == "encore" else "phase"
        made = Ability("auto", when=f"begin:{phase}", effects=effects,  # type: ignore[arg-type]
                       text=f"At the beginning of your next {phase} {step}, " + _later_words(effects))
        return AtNextPhase(phase, "memory" if that else "self", made)

    @v_args(inline=True, meta=True)
    def later_that(self, meta: Meta, *parts: object) -> SelfStage17:
        if "battle opponent" in parts:
            raise _refuse(meta.start_pos, "'put that character (in your memory) on … your stage' names the character put "
                          "into the memory")
        place = next(str(p) for p in parts if isinstance(p, str) and str(p).startswith("stage"))
        within = "memory" if "memory" in parts else ""  # "in your memory" / "from your memory"
        return SelfStage17(place, may="may" in parts, rest="rest" in parts, that=True, within=within)

    def lz_memory(self) -> str:
        return "memory"

    def ew_placed14(self) -> str:
        return "placed"

    def ew_self14(self) -> str:
        return "self"

    @v_args(inline=True, meta=True)
    def lb_original14(self, meta: Meta, *_parts: object) -> _Word:
        return _word(meta, "original")

    @v_args(inline=True, meta=True)
    def change14(self, meta: Meta, *parts: object) -> Callable[..., Ability]:
        # `change`, its reminder checked to name the phase of its own timing (10.8; the card is on the stage then)
        notes = [p for p in parts if isinstance(p, tuple) and p and p[0] == "change-note"]
        rest = tuple(p for p in parts if not (isinstance(p, tuple) and p and p[0] == "change-note"))
        phase = next(p for p in rest if isinstance(p, _Word) and p in _PHASES)
        if notes and notes[0][1] != phase:
            raise _refuse(notes[0][1].at or 0, f"Change's reminder names the phase of its timing, the {phase} phase")
        return self.change(meta, *rest)

    def change_note14(self, *parts: object) -> tuple:
        return ("change-note", next(p for p in parts if isinstance(p, _Word) and p in _PHASES))

    def assist_x_kw14(self, who: _Word, _get: str, _x: Token, stat: str, _stop: Token, n: Token, name: Token,
                      *dots: Token) -> Callable[..., Ability]:
        keyword = str(name)[1:-1].strip().lower()
        if keyword not in _KEYWORDS14:
            raise _refuse(name, "a keyword ability's name (chapter 10): \"Assist\", \"Encore\", \"Backup\", …")
        if who != "front" or who.trait or who.min_level or stat != "power":
            raise _refuse(who.at, "Assist: 'All of your characters in front of this card get +X power'")
        _one_dot(dots[0] if dots else None)
        return lambda text, category: Ability("cont", "assist", scope="front", power=int(n), per=f"kw:{keyword}",
                                              text=text)

    def ew_own16(self, area: _Word) -> tuple[str, str, str]:
        return ("where", "own", str(area))

    def ew_opp16(self, area: _Word) -> tuple[str, str, str]:
        return ("where", "opponent", str(area))

    # --- s19 head: the following ability given to characters on one area (grammar block "# s19 head")
    def grant_opp_area19(self, n: Token, kind: _Word, *parts: object) -> Grant:
        # "choose 1 character in your opponent's center stage, and that character gets … the following ability …": one of
        # the opponent's characters on that area (3.6.3), chosen (8.6.3), as `pump_opp_area` chooses one for a gain
        _num(n, ("1", "one", "a"), "choose … in your opponent's center/back stage")
        if kind != "character":
            raise _refuse(kind.at, "a character is chosen on the stage")
        return evolve(_grant("choose-opp", parts), area=_area_in(parts))

    def grant_all_area19(self, *parts: object) -> Grant:
        # "all of your (other) (《T》) characters in your center stage (except this card) get the following ability …": each
        # such character on that area as the effect resolves (3.6.3, 8.9.2), as `pump_all_own_area` gives a gain
        trait = _tokens(parts, "TRAIT")
        return evolve(_grant("all-own", parts, str(trait[0])[1:-1].strip() if trait else "",
                             "other" in parts), area=_area_in(parts))

    def grant_others_area19(self, *parts: object) -> Grant:
        return evolve(self.grant_all_area19(*parts), other=True)  # "all of your other …": not the ability's own card

    def cont_grant_comma19(self, *parts: object) -> tuple:
        # "this card gets +1500 power, and the following ability. "…"": the gain and the ability, as `cont_grant` reads them
        # with "and" alone (8.9.1)
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        kind, conds, who, _stats, granted = self.cont_grant(*(p for p in parts if p is not gain))
        return (kind, conds, who, gain, granted)

    def grant_comma19(self, who: _Word, get: str, *parts: object) -> Grant:
        # "this card gets +1000 power, and the following ability until end of turn. "…"": the gain and the ability for the
        # same time (8.2.1.2), as `grant` reads them with "and" alone
        gain = next(p for p in parts if isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], int))
        return evolve(self.grant(who, get, *(p for p in parts if p is not gain)), power=gain[0], soul=gain[1])

    def except_this19(self) -> str:
        return "other"  # "except this card": any but the ability's own card, as "other" (s18 body's `subject`)

    # --- s21 grant: "… the following ability / abilities" (the grammar's block "s21 grant") ------------------------------
    def following_many21(self, *n: Token) -> _Many21:
        return _Many21(n[0] if n else None)

    def grant_all_opp21(self, _get: str, *parts: object) -> Grant:
        # the ability read and checked as one given to 1 of your opponent's characters is (`grant_choose_opp`: a 【CONT】
        # restriction without conditions; an 【AUTO】 given to the opponent's characters is refused), given to each of them
        return evolve(_grant("choose-opp", parts), who="all-opp")

    def cont_levels_grant21(self, *parts: object) -> tuple:
        # the level and +power / soul checked as `cont_levels` checks them (this card only; no condition on a level), the
        # ability as `cont_grant` reads the one it gives
        return ("cont-levels-grant21", self.cont_levels(*parts), _granted_ban(parts))

    def grant_choose_many21(self, n: Token, *parts: object) -> Grant:
        # each quoted ability read and checked as `grant_choose` reads one; the first given with the others (`Grant.more`)
        grants = [self.grant_choose(n, *one) for one in _each_granted21(parts)]
        return evolve(grants[0], more=tuple(g.ability for g in grants[1:]))


def _later_words(effects: tuple) -> str:
    """The created ability's words as the log shows them (`AtNextPhase`): "put that character on the stage", "put this card
    into your waiting room", or what the effects are called."""
    words = []
    for e in effects:
        if isinstance(e, SelfStage17):
            words.append("put that character on the stage")
        elif isinstance(e, SelfTo):
            # SelfTo names the waiting room as the side's field, "waiting" (`leave_stage`): the log writes the zone's name
            words.append(f"put this card into your {'waiting room' if e.zone == 'waiting' else e.zone.replace('_', ' ')}")
        elif isinstance(e, Salvage):
            to = e.to.partition("@")[0]
            words.append(f"choose {repr(e.name) if e.name else 'a ' + e.kind} in your {e.from_zone.replace('_', ' ')} and put "
                         + ("it on your stage" if to.startswith("stage") else f"it into your {to.replace('_', ' ')}"))
        else:
            words.append(type(e).__name__)
    return ", and ".join(words) + "."

