"""The ability forms (`_form`, `_auto`, `_cont`, …): a read head and body made an `Ability` of a category."""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.core.evolve import evolve
from judge_app.engine.ws.cardtext.checks import _player_ban_checked, _previous_checked
from judge_app.engine.ws.cardtext.common import _refuse, _that_character
from judge_app.engine.ws.effects import (
    Ability,
    Cond,
    Cost,
    Milled,
    Modal,
    PayThen,
    RevealTop,
    SelfTo,
)


def _pays_inside(effects: tuple) -> bool:
    """s9-wsreala: whether the ability pays its [cost] inside its effect ("… you may pay the cost. If you do, …")."""
    return any(isinstance(e, PayThen) or (isinstance(e, Milled | RevealTop) and any(isinstance(x, PayThen) for x in e.then))
               for e in effects)  # s15 body: also after a revealed card's condition


def _with_cost(effects: tuple, cost: Cost) -> tuple:
    """The ability's [cost] put into the `PayThen` that pays it."""
    def fill(e: object) -> object:
        if isinstance(e, PayThen):
            return PayThen(cost, e.then)
        if isinstance(e, Milled | RevealTop):  # s15 body: RevealTop
            return evolve(e, then=tuple(fill(x) for x in e.then))
        return e
    return tuple(fill(e) for e in effects)


def _auto(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    _, when, conds, pay, effects, first, *limit = form
    if category not in ("auto", ""):
        raise _refuse(at, f"an automatic ability (\"When …\") is 【AUTO】, not 【{category.upper()}】")
    if cost != Cost() and pay is None and _pays_inside(effects):  # s9-wsreala: the cost is paid where the text says
        return Ability("auto", keyword, when, conds=conds, effects=_with_cost(effects, cost),
                       limit=limit[0] if limit else 0, text=text)
    if cost != Cost() and pay is None:
        raise _refuse(first, "an automatic ability with a cost says 'you may pay the cost. If you do, …'")
    if cost == Cost() and pay is not None:
        raise _refuse(pay[1], "'you may pay the cost' needs a [cost] before the timing")
    # s13 zones: "put this card into your stock" moves this card from the stage (`abilities._self_to`), not from the
    # clock or the memory an Alarm or a Memory ability is played from
    _event_self_to(effects, "auto" if keyword in ("alarm", "memory") or any(c.kind == "clock-top" or c == Cond(
        "this-in", "memory") for c in conds) else "", at)
    if Cond("clock-top", "before") in conds:  # s10-wshead: Alarm's own condition, read before its timing (10.1.1)
        if keyword != "alarm" or not when.startswith(("begin:", "begin-any:")):
            raise _refuse(at, "'If this card is the top card of your clock, at the beginning of …' is Alarm's (10.1.1)")
        conds = tuple(Cond("clock-top") if c == Cond("clock-top", "before") else c for c in conds)
    return Ability("auto", keyword, when, cost=cost, conds=conds, effects=effects, limit=limit[0] if limit else 0,
                   text=text)


def _cont(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    _, conds, who, (power, soul), *per = form
    if category not in ("cont", ""):
        raise _refuse(at, f"a continuous gain (no \"until end of turn\") is 【CONT】, not 【{category.upper()}】")
    if cost != Cost():
        raise _refuse(at, "a continuous ability has no cost")
    if who not in ("self", "all", "others", "front", "facing", "opp"):  # pragma: no cover - the grammar's subjects
        raise _refuse(who.at, "this card / all of your (other) characters")
    if who in ("facing", "opp") and (keyword or per):  # s12 bodies: a printed 【CONT】 of a character on the stage only
        raise _refuse(who.at, "a continuous gain of the character facing this card is read without a keyword or count")
    if keyword == "alarm" and Cond("clock-top") not in conds:
        raise _refuse(at, "Alarm: 'If this card is the top card of your clock, …' (10.1.1)")
    if per and keyword:
        raise _refuse(per[0].at, f"{keyword.title()} gains no counted amount")
    return Ability("cont", keyword, conds=conds, scope=str(who), power=power, soul=soul,
                   trait=getattr(who, "trait", ""), per=per[0].what if per else "", name=getattr(who, "named", ""),
                   where=getattr(who, "where", ""), min_level=getattr(who, "min_level", 0),
                   select=getattr(who, "select", None), text=text)


# the conditions that read a character's level (a level gain under one is refused: `cont_levels`)
_LEVEL_CONDS = frozenset(("facing-level", "battle-opp-level", "battle-opp-above-level"))


def _cont_levels(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    _, conds, who, (power, soul), levels, hand = form
    if category not in ("cont", "") or (keyword and not _keyword_zone(keyword, conds)) or cost != Cost():
        raise _refuse(at, "a continuous level gain is 【CONT】, with no cost, and no keyword but Experience or Memory over "
                      "a condition on the level zone or the memory")
    return Ability("cont", keyword, conds=conds, scope="" if hand else "self", power=power, soul=soul, levels=levels,
                   in_hand=hand, text=text)


def _keyword_zone(keyword: str, conds: tuple) -> bool:
    """s10-wshead: Experience heads a condition on the level zone, Memory one on the memory (the zones their keywords
    name, 3.9, 3.12); the keyword itself changes nothing the condition does not say."""
    zone = {"experience": "level", "memory": "memory"}.get(keyword)
    return zone is not None and any(c.kind == ("level" if zone == "level" else "memory")
                                    or (c.kind == "count" and getattr(c.value, "zone", "") == zone)
                                    or (c.kind == "this-in" and c.value == zone) for c in conds)


def _event_self_to(effects: tuple, category: str, at: int) -> None:
    """"put this card into your stock" is read in an event's text (the event, being resolved, 8.6.2.4.2) and, s13 zones,
    in an 【ACT】 or 【AUTO】 ability of a card on the stage (3.10.1); `category` names an ability read elsewhere."""
    flat = [e for x in effects for e in ((x, *(y for o in x.options for y in o)) if isinstance(x, Modal) else (x,))]
    if category not in ("", "act") and any(isinstance(e, SelfTo) and e.zone == "stock" for e in flat):
        raise _refuse(at, "'put this card into your stock' is read in an event's text or an ability of a card on the "
                      "stage")
    # s13 bodies' "put this card at the bottom of your deck" in an event is refused by `_zone13_checked` (s13 zones)


def _play_ban_then14b(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s14b-wshz: an event's own restriction on being played and its effect in one paragraph: the event's sentences
    (`_one_shots`: an event's text, no icon, no cost) and the restriction's conditions, looked at by `view.play_banned`
    as the card would be played (2.12.2, 8.3.3); its effects are executed as it resolves (8.6.2.4.2)."""
    if category:
        raise _refuse(at, "a card's restriction on being played, then its effect, is an event's text, printed without "
                      "an icon")
    return evolve(_one_shots(text, "", keyword, cost, form[2], at), conds=form[1], restrict="play")


def _one_shots(text: str, category: str, keyword: str, cost: Cost, form: tuple | None, at: int) -> Ability:
    effects = _that_character(form[1], "") if form else ()
    _event_self_to(effects, category, at)
    if category == "act":
        return Ability("act", keyword, cost=cost, effects=effects, text=text)
    if category:
        raise _refuse(at, f"one-shot sentences are an event's text or an 【ACT】 ability's, not 【{category.upper()}】")
    if cost != Cost():
        raise _refuse(at, "an event's text has no cost (its card's cost is paid when it is played)")
    return Ability("effect", keyword, effects=effects, text=text)


def _form(text: str, category: str, keyword: str, cost: Cost | None, form: tuple | None, at: int) -> Ability:
    cost = cost or Cost()
    kind = form[0] if form else "sentences"
    if kind == "replacement":
        if cost != Cost():
            raise _refuse(at, "a replacement effect has no cost (8.2.1.3)")
        return Ability("replace", keyword, name=form[1], text=text)  # type: ignore[index]
    if kind == "auto":  # s11 bodies: "its previous stage position" only where the card left the stage
        return _previous_checked(_auto(text, category, keyword, cost, form, at), at)  # type: ignore[arg-type]
    if (made := _FORM_KINDS.get(kind)) is not None:  # s14b-wshz: the kinds made by one function each
        return made(text, category, keyword, cost, form, at)
    if kind == "play-ban":
        if category not in ("cont", "") or keyword or cost != Cost():
            raise _refuse(at, "a card's restriction on being played is 【CONT】 or printed without an icon, with no cost")
        assert form is not None
        permit = form[2] if len(form) > 2 else ""  # s9-wshead2: "can be played … without fulfilling color requirements"
        return Ability("cont", conds=form[1], restrict="" if permit else "play", permit=permit, text=text)
    if kind == "stand-ban":
        if category != "cont" or keyword or cost != Cost():
            raise _refuse(at, "'this card does not 【STAND】 during your stand phase' is 【CONT】, with no cost")
        return Ability("cont", conds=form[1], restrict="stand", text=text)  # type: ignore[index]
    if kind == "cont-grant":  # s8-wsreala: a continuous gain of a restriction (8.9.1); s15 quote: and more abilities
        return evolve(_cont(text, category, keyword, cost, form[:4], at), grants=form[4],  # type: ignore[index]
                      grants_more=form[5] if len(form or ()) > 5 else ())  # type: ignore[index]
    if kind == "self-ban":  # s8-wsreala
        if category not in ("cont", "") or keyword or cost != Cost():
            raise _refuse(at, "a character's own restriction ('this card cannot …') is 【CONT】, with no keyword and no cost")
        _player_ban_checked(str(form[2]), category, at)  # type: ignore[index]
        return Ability("cont", conds=form[1], restrict=form[2], text=text)  # type: ignore[index]
    if kind == "paid":  # s9-wsreala: "[cost] You may pay the cost. If you do, …" (8.4.2), an event's text
        if category or keyword or cost == Cost():
            raise _refuse(at, "'You may pay the cost. If you do, …' opens an event's text, after its [cost]")
        base = _one_shots(text, "", "", Cost(), form[2], at)  # type: ignore[index]
        return evolve(base, effects=(PayThen(cost, base.effects),))
    return _one_shots(text, category, keyword, cost, form, at)


def _cont_levels_per15(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s15: a continuous level gain (with power or soul) counted over this card's markers (`view._own_levels`)."""
    _, levels_form, per = form
    return evolve(_cont_levels(text, category, keyword, cost, levels_form, at), per=per.what)


def _facing_ban15(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s15 heads: a 【CONT】 restriction on the character facing this card (3.6.5; `view.banned` looks for it across)."""
    if category != "cont" or keyword or cost != Cost():
        raise _refuse(at, "a restriction on the character facing this card is 【CONT】, with no keyword and no cost")
    return Ability("cont", conds=form[1], restrict=form[2], scope="facing", text=text)


# the form kinds `_form` hands whole to one function each ("cont", "cont-levels"; s14b-wshz: "play-ban-then")
_FORM_KINDS: dict[str, Callable[..., Ability]] = {"cont": _cont, "cont-levels": _cont_levels,
                                                  "play-ban-then": _play_ban_then14b,
                                                  "facing-ban15": _facing_ban15}  # s15 heads


_FORM_KINDS["cont-levels-per15"] = _cont_levels_per15  # s15: for each marker


def _cont_traits20(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s20 head2: a continuous gain of traits (2.5, 8.9.1.4), with or without +power / soul: a `_cont` gain that
    gives `gains` too; the character facing this card or the opponent's characters are not read (no check of
    theirs looks at a gained trait through this card's side)."""
    _, conds, who, gain, traits = form
    if who in ("facing", "opp"):
        raise _refuse(who.at, "a trait given to the opponent's characters")
    return evolve(_cont(text, category, keyword, cost, ("cont", conds, who, gain), at), gains=traits)


_FORM_KINDS["cont-traits20"] = _cont_traits20


def _cont_levels_grant21(text: str, category: str, keyword: str, cost: Cost, form: tuple, at: int) -> Ability:
    """s21 grant: "this card gets +1 level, +1500 power, and the following ability. "…"": the continuous level gain
    (`_cont_levels`: this card's level, 2.6, and its power / soul) that also gives the ability while it applies (8.9.1)."""
    _, levels_form, granted = form
    return evolve(_cont_levels(text, category, keyword, cost, levels_form, at), grants=granted)


_FORM_KINDS["cont-levels-grant21"] = _cont_levels_grant21  # s21 grant

