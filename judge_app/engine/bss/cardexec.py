"""Executors of the printed-text nodes of cardast.py, each through the bss procedures with its rule cited.

* "for each" (ForEach): the directive's number times the cards counted when the effect resolves.
* The deck (3-2, 12-2, 12-3, 8-5-3-5): looking at / revealing the top cards, adding some of them to the
  hand, putting the rest in the trash or on the deck, searching the deck, shuffling it. The deck is the
  ordered pile of deck.py: a card the scenario does not name is never invented. Where its identity
  decides the outcome (which card is added), the scenario is refused with the words to name it.
"""

from __future__ import annotations

from judge_app.engine.bss import cardast as N
from judge_app.engine.bss import cardnodes as M
from judge_app.engine.bss import deck as D
from judge_app.engine.bss import resolve as E
from judge_app.engine.bss import rules as R
from judge_app.engine.bss import view as V
from judge_app.engine.bss.state import Activation, AppliedKind, Card, State
from judge_app.engine.bss.view import match_info, views
from judge_app.engine.bss.vocab import (
    Cores,
    Destroy,
    Discard,
    Draw,
    Feast,
    Mill,
    ModBP,
    Place,
    Sel,
    hand_cards_text,
)
from judge_app.engine.core import Answer, Choice, EventLog, NeedsChoice, Unsupported
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.zones import UNKNOWN, OrderedZone

__all__ = ["UNNAMED", "need_named_trash", "trash_to"]

Result = tuple[State, tuple[str, ...], frozenset[str]]
UNNAMED = "⁇"  # prefix of a looked-at deck position the scenario does not name (never a card id)
ADDED = "bss.added_from_among"  # s13 bssmech: log.scratch key, {effect's card: how many cards its last "add …" added}
# The number a "for each" multiplies, per directive type.
_SCALED = {Draw: "n", Mill: "n", Discard: "n", Cores: "n", ModBP: "amount"}


def _s(n: int) -> str:
    return "s" * (n != 1)


# ---------------------------------------------------------------------------------------------
# "for each"


def _selected_count(inner: object) -> tuple[object, int | None]:
    """"Select one of … for each …": the number a "for each" multiplies is the selection's (8-5-3)."""
    sel = getattr(inner, "sel", None)
    return (sel, sel.count) if isinstance(sel, Sel) and sel.selects and not sel.up_to else (None, None)


def _multiplier(inner: object, words: str, source: str) -> tuple[str, int, Sel | None]:
    """The field of `inner` that "<words>" multiplies and its number: a number of the directive (`_SCALED`), or the
    count of its selection (8-5-3) with that selection; refused by name when it has none."""
    field_name = _SCALED.get(type(inner))
    base = getattr(inner, field_name) if field_name else None
    sel, n = _selected_count(inner) if field_name is None else (None, None)
    if n is not None:
        field_name, base = "sel", n
    if field_name is None or base is None:
        raise Unsupported(f'"{words}" on {type(inner).__name__} of {E.q(source)} has no number to multiply',
                          subject=source)
    return field_name, base, sel  # type: ignore[return-value]


def _times(state: State, log: EventLog, act: Activation, d: object, k: int, scale: tuple[str, int, Sel | None],
           prev: tuple[str, ...]) -> Result:
    """The directive of a "for each" (`d.inner`) with its number multiplied by `k`, under the duration the sentence
    gives (`d.duration`, when it has one); performed zero times when `k` is 0 (1-3-2-3)."""
    field_name, base, sel = scale
    if k == 0:
        log.add("nothing", f"{E.q(act.source)}'s effect is performed zero times: nothing happens.", ("1-3-2-3",),
                subject=act.source)
        return state, prev, frozenset()
    inner = evolve(d.inner, **{field_name: base * k if sel is None else evolve(sel, count=base * k)})  # type: ignore[attr-defined]
    duration = getattr(d, "duration", None)
    if duration is not None and hasattr(inner, "duration"):
        inner = evolve(inner, duration=duration)
    return E.directive(state, log, act, inner, prev)


def for_each(state: State, log: EventLog, act: Activation, d: N.ForEach, prev: tuple[str, ...]) -> Result:
    if isinstance(d.inner, Feast):  # s17 bss: "Activate Feast once for each …": 【Feast】 k times (11-17-1)
        return _feast_times(state, log, act, d, prev)
    scale = _multiplier(d.inner, "for each", act.source)
    base = scale[1]
    counted = tuple(E._candidates(state, log, act, d.counted))
    k = len(counted)
    src = E.q(act.source)
    names = ", ".join(E.q(u) for u in counted) or "none"
    what = d.counted.text(say_other=False) + (f" other than {src}" if d.counted.other else "")
    log.add("count", f'{src}\'s effect counts {what} "for each": {k} ({names}), so {base} × {k} = '
                     f"{base * k}. The rules do not say when the count is taken; the engine counts once, when the "
                     "effect resolves.", ("8-2-1", "8-5-3"), subject=act.source, facts=(("counted", counted),))
    return _times(state, log, act, d, k, scale, prev)


def _feast_times(state: State, log: EventLog, act: Activation, d: N.ForEach, prev: tuple[str, ...]) -> Result:
    """s17 bss, 11-17-1: 【Feast】 once for each card counted when the effect resolves, one activation after another (each
    sees the tokens the one before left); zero times does nothing (1-3-2-3)."""
    from judge_app.engine.bss.keywords import feast

    counted = tuple(E._candidates(state, log, act, d.counted))
    k = len(counted)
    src = E.q(act.source)
    log.add("count", f'{src}\'s effect counts {d.counted.text(say_other=False)} "for each": {k} '
                     f"({', '.join(E.q(u) for u in counted) or 'none'}), so 【Feast】 is activated {k} time{_s(k)}. The "
                     "rules do not say when the count is taken; the engine counts once, when the effect resolves.",
            ("8-2-1", "8-5-3", "11-17-1") + (("1-3-2-3",) if k == 0 else ()), subject=act.source,
            facts=(("counted", counted),))
    for _ in range(k):
        assert isinstance(d.inner, Feast)
        state = feast(state, log, act, d.inner)
    return state, prev, frozenset()


def _cost_of(state: State, log: EventLog, prev: tuple[str, ...]) -> tuple[int, str]:
    """"that spirit's cost": the cost of the selected card (2-6-1), as it is, or as it last was on the field (8-10-1)."""
    v = E.view_or_lki(state, log, prev[0]) if prev else None
    if v is None:
        return 0, "the cost of the selected card: no card was selected"
    return v.card.cost, f"the cost of {E.q(prev[0])}: {v.card.cost}"


def number_of(state: State, log: EventLog, act: Activation, d: N.NumberOf, prev: tuple[str, ...]) -> Result:
    """"… a number of cards equal to the number of <cores on this spirit / cards>": counted as the effect resolves
    (8-2-1), then the directive with that number."""
    src = E.q(act.source)
    cite: tuple[str, ...] = ()  # s20 bss: the rule that says what is counted, where it is not 8-2-1 alone
    if d.what == "cores":  # the effect's own card (the reader accepts no other)
        loc = E.find_field(state, act.source)
        if loc is None:
            raise Unsupported(f"{src}'s effect counts the cores on {src}, which is no longer on the field: the rules do "
                              "not say what that number is", subject=act.source)
        k, what = loc[1].cores, f"the cores on {src}"
    elif d.what == "cost":  # s8-bssrealb: the cost printed on the card selected just before (2-6-1)
        k, what = _cost_of(state, log, prev)
    elif d.what == "level":  # s20 bss, 2-10-3: the effect's own card's level now (the reader accepts no other)
        v = V.views(state).get(act.source)
        if v is None:
            raise Unsupported(f"{src}'s effect counts the level of {src}, which is no longer on the field: the rules do "
                              "not say what that number is", subject=act.source)
        k, what, cite = v.level, f"the level of {src}", ("2-10-3",)
    elif d.what == "hand":  # s20 bss, 3-1-2: the cards in a player's hand (a public number)
        whose = E._who(act, d.sel.owner or "you")
        k, what, cite = state.p(whose).hand_count, f"the cards in {whose}'s hand", ("3-1-2",)
    elif d.what == "trash":  # s22-bssB, 3-4-2, 3-1-2: the cards in a player's trash (public)
        whose = E._who(act, d.sel.owner or "you")
        k, what, cite = state.p(whose).trash_count, f"the cards in {whose}'s trash", ("3-4-2", "3-1-2")
    else:
        counted = tuple(E._candidates(state, log, act, d.sel))
        k, what = len(counted), f"{d.sel.text()}: " + (", ".join(E.q(u) for u in counted) or "none")
    log.add("count", f"{src}'s effect counts {what}, so the number is {k}. The rules do not say when the number is "
                     "taken; the engine counts once, when the effect resolves.", ("8-2-1",) + cite, subject=act.source)
    if k == 0:
        log.add("nothing", f"{src}'s effect is performed with the number 0: nothing happens.", ("1-3-2-3",),
                subject=act.source)
        return state, prev, frozenset()
    return E.directive(state, log, act, evolve(d.inner, n=k), prev)


# ---------------------------------------------------------------------------------------------
# The deck


def _deck_owner(act: Activation, who: str) -> str:
    return E._who(act, who)


def look(state: State, log: EventLog, act: Activation, d: N.Look, prev: tuple[str, ...]) -> Result:
    """12-3-1/12-3-2 (look: only the controller sees, the cards stay) or 12-2 (reveal: both players see)."""
    who = _deck_owner(act, d.who)
    size = R._need_deck(state, who, "12-2-2" if d.reveal else "12-3-1")
    top = D.pile_of(state.p(who)).top(d.n)
    ids = tuple(c.uid if isinstance(c, Card) else f"{UNNAMED}{i + 1}" for i, c in enumerate(top))
    named = [c.uid for c in top if isinstance(c, Card)]
    unknown = len(top) - len(named)
    what = ", ".join(E.q(u) for u in named) + (f"{' and ' if named else ''}{unknown} card{_s(unknown)} the scenario "
                                                "does not name" if unknown else "")
    short = f" (the deck holds only {size})" if size < d.n else ""
    verb = "reveals" if d.reveal else "looks at"
    rules = ("12-2-2",) if d.reveal else ("12-3-1", "12-3-2")
    log.add("reveal" if d.reveal else "look", f"{act.controller} {verb} the top {len(top)} card{_s(len(top))} of "
            f"{who}'s deck by {E.q(act.source)}'s effect{short}: {what or 'nothing'}; they stay in the deck.",
            rules + (("1-3-2",) if short else ()), subject=act.source, facts=(("looked", ids),))
    return state, ids, frozenset()


def _need_named(act: Activation, ids: tuple[str, ...], who: str) -> None:
    unknown = [u for u in ids if u.startswith(UNNAMED)]
    if unknown:
        raise Unsupported(f'"{act.source}"\'s effect chooses among the top {len(ids)} card{_s(len(ids))} of {who}\'s '
                          f"deck, and the scenario does not name {len(unknown)} of them: the engine never invents a "
                          "card", subject=act.source,
                          hint=f"name the top cards of the deck in order on `{who} deck:` lines (top card first)")


def add_from_among(state: State, log: EventLog, act: Activation, d: N.AddFromAmong, prev: tuple[str, ...]) -> Result:
    """12-2-1: a card moved from the deck to the hand because it fulfils a condition is revealed."""
    who = act.controller
    _need_named(act, prev, who)
    pl = state.p(who)
    by_uid = {c.uid: c for c in pl.deck_known}
    eligible = [u for u in prev if u in by_uid and match_info(d.sel, by_uid[u], who, act.controller, act.source,
                                                              bp=None, keywords=V.printed_keywords(by_uid[u]),
                                                              souls=frozenset())]
    chosen = _choose(state, log, act, d.sel, eligible)
    log.scratch.setdefault(ADDED, {})[act.source] = len(chosen)  # s13 bssmech: "If you add a card … with this effect"
    if not chosen:
        log.add("nothing", f"No card among them is added to {who}'s hand by {E.q(act.source)}'s effect.",
                ("8-5-3-4",) if not eligible else ("8-5-3-2",), subject=act.source)
        return state, prev, frozenset()
    pl, taken = D.take_at(pl, chosen)
    state = state.with_p(who, evolve(pl, hand=pl.hand + taken))
    log.add("add", f"{who} reveals {', '.join(E.q(u) for u in chosen)} and adds {'it' if len(chosen) == 1 else 'them'} "
                   f"to their hand ({E.q(act.source)}'s effect).", ("12-2-1", "12-2-2"), subject=act.source)
    return state, tuple(u for u in prev if u not in chosen), frozenset()


def _choose(state: State, log: EventLog, act: Activation, sel, eligible: list[str],
            verb: str = "add to their hand") -> tuple[str, ...]:
    """8-5-3-1 / 8-5-3-2: a number must be met when it can be, "up to" may choose fewer."""
    if sel.count is None or (not sel.up_to and len(eligible) <= sel.count):
        if eligible:
            log.add("targets", f"{act.controller} must choose {len(eligible)}: {', '.join(E.q(u) for u in eligible)}.",
                    ("8-5-3-1",) + (("8-5-3-3",) if sel.count and len(eligible) < sel.count else ()),
                    subject=act.source)
        return tuple(eligible)
    return E.choose_cards(state, log, act.controller, f"Which {'up to ' if sel.up_to else ''}{sel.count} card"
                          f"{_s(sel.count)} does {act.controller} {verb} ({E.q(act.source)})?",
                          eligible, sel.count, sel.up_to, "8-5-3-2" if sel.up_to else "8-5-3-1")


def put_rest(state: State, log: EventLog, act: Activation, d: N.PutRest, prev: tuple[str, ...]) -> Result:
    """The cards looked at and not taken are still the top of the deck: they go where the text says."""
    who = act.controller
    k = len(prev)
    if k == 0:
        log.add("nothing", "No card is left to move.", ("1-3-2",), subject=act.source)
        return state, (), frozenset()
    pl = state.p(who)
    if d.to == "trash":
        pl, named = D.mill(pl, k)
        log.add("discard", f"The other {k} card{_s(k)} go{'es' * (k == 1)} from the top of {who}'s deck to the trash "
                           f"({E.q(act.source)}'s effect).", ("10-2-1", "3-2-3"), subject=act.source)
        return E.discarded(state.with_p(who, pl), log, who, tuple(c.uid for c in named), k, "deck"), (), frozenset()
    z, taken = D.pile_of(pl).take_top(k)
    known = tuple(c for c in taken if isinstance(c, Card))
    bottom = d.to == "deck bottom"
    if len(taken) > 1 and known:
        # 3-1-5: the owner orders them; the engine keeps them named but does not track the order chosen
        blanks = (UNKNOWN,) * len(taken)
        moved = z.put_bottom(blanks) if bottom else z.put_top(blanks)  # type: ignore[arg-type]
        moved = OrderedZone(moved.cards, moved.unplaced + known)
        order = f" in an order {who} chooses (not tracked: those cards are now somewhere in the deck)"
    else:
        moved = z.put_bottom(taken) if bottom else z.put_top(taken)  # type: ignore[arg-type]
        order = ""
    state = state.with_p(who, D.with_pile(pl, moved))
    where = "bottom" if d.to == "deck bottom" else "top"
    log.add("return", f"The other {k} card{_s(k)} go{'es' * (k == 1)} to the {where} of {who}'s deck{order} "
                      f"({E.q(act.source)}'s effect).", ("3-2-3-1", "3-1-5"), subject=act.source)
    return state, (), frozenset()


def search(state: State, log: EventLog, act: Activation, d: N.SearchDeck, prev: tuple[str, ...]) -> Result:
    """8-5-3-5: looking for cards with some information in a private area, the player may find none."""
    who = _deck_owner(act, d.who)
    R._need_deck(state, who, "8-5-3-5")
    pl = state.p(who)
    z = D.pile_of(pl)
    eligible = [c.uid for c in pl.deck_known if match_info(d.sel, c, who, act.controller, act.source, bp=None,
                                                           keywords=V.printed_keywords(c), souls=frozenset())]
    undescribed = D.UNDESCRIBED
    options = eligible + ([undescribed] if z.unknown > len(z.unplaced) else [])
    n = d.sel.count if d.sel.count is not None else len(options)
    log.add("search", f"{act.controller} searches {who}'s deck for {d.sel.text().replace(' your ', ' ')} card(s) ({E.q(act.source)}'s effect); they "
                      "may find none even if one is there.", ("8-5-3-5", "12-3-1"), subject=act.source)
    chosen = E.choose_cards(state, log, act.controller, f"Which card{_s(n)} does {act.controller} find in the deck for "
                            f"{E.q(act.source)} (up to {n})?", options, n, True, "8-5-3-5") if options else ()
    named = [u for u in chosen if u != undescribed]
    pl, taken = D.take_at(pl, named)
    pl = evolve(pl, hand=pl.hand + taken)
    if undescribed in chosen:
        pl = D.take_unknown(pl, 1)
    state = state.with_p(who, pl)
    found = ", ".join(E.q(u) if u != undescribed else u for u in chosen) or "nothing"
    log.add("add", f"{act.controller} reveals and adds {found} to their hand.", ("8-5-3-5", "12-2-1"),
            subject=act.source)
    return state, tuple(named), frozenset()


def shuffle(state: State, log: EventLog, act: Activation, d: N.Shuffle, prev: tuple[str, ...]) -> Result:
    """3-2-4 (the deck owner shuffles first, then the opponent may shuffle or cut); 12-3-3 after viewing."""
    who = _deck_owner(act, d.who)
    R._need_deck(state, who, "3-2-4")
    state = state.with_p(who, D.shuffle(state.p(who)))
    why = ("the text does not say where the cards looked at or revealed go, so they are returned and the deck "
           "is shuffled; 12-3-3 names viewing, and the engine reads revealed cards the same way" if d.implicit
           else f"{E.q(act.source)}'s effect shuffles it")
    log.add("shuffle", f"{who} shuffles their deck ({why}); its order is now unknown.",
            (("12-3-3",) if d.implicit else ()) + ("3-2-4",), subject=act.source)
    return state, prev, frozenset()


# ---------------------------------------------------------------------------------------------
# "instead" within an effect


def instead(state: State, log: EventLog, act: Activation, d: N.Instead, prev: tuple[str, ...]) -> Result:
    """The effect's own alternative: its condition is read when the directive resolves (1-3-7, the order
    written), and exactly one of the two directives is performed."""
    who = _deck_owner(act, d.whose)
    more = "less" if d.op == "<=" else "more"
    facts: tuple[tuple[str, tuple[str, ...]], ...]
    rules: tuple[str, ...]
    if d.counted is None:
        have, cond, facts, rules = state.p(who).life, f"{d.n} or {more} life", (), ("1-3-7", "8-2-1")
        has = f"{who} has {have} life"
    else:
        counted = tuple(E._candidates(state, log, act, d.counted))
        have, facts, rules = len(counted), (("counted", counted),), ("1-3-7", "8-2-1", "8-5-4")
        cond = f"{d.n} or {more} of {d.counted.text().removeprefix('all ')} on the field"
        has = f"{who} has {have} ({', '.join(E.q(u) for u in counted) or 'none'})"
    holds = have <= d.n if d.op == "<=" else have >= d.n
    log.add("instead", f"{E.q(act.source)}'s effect: {has}, so the condition \"{cond}\" "
                       f"{'holds and the alternative is performed instead' if holds else 'does not hold and the first directive is performed'}.",
            rules, subject=act.source, facts=facts)
    return E.directive(state, log, act, d.second if holds else d.first, prev)


def paid_instead(state: State, log: EventLog, act: Activation, d: N.PaidInstead, prev: tuple[str, ...]) -> Result:
    """"X. You may C. If you do, Y instead.": the card says otherwise than the order written (1-3-7), so the
    controller decides first whether to pay the optional effect cost C (8-1-8, 8-4-1); paid, Y is performed
    and X never is; not paid (or not payable, 8-4-2-3), X is performed."""
    src, who = E.q(act.source), act.controller
    why = E.cost_blocked(state, log, act, d.cost)
    if why:
        log.add("nothing", f"The optional cost of {src}'s alternative cannot be paid ({why}), so the first directive "
                           "is performed.", ("8-4-2-3", "1-3-7"), subject=act.source)
        return E.directive(state, log, act, d.first, prev)
    ans = E.may(state, log, who, f'Does {who} pay the cost of {src}\'s alternative, to perform it instead of the first '
                                 f'directive ("{act.effect.text}")?', "8-1-8",
                ("may-instead", act.source, act.effect.text, act.that))
    if ans[0] != "yes":
        note = E.by_assumption(log)
        log.add("decline", f"{who} does not pay the optional cost{note}, so the first directive of {src}'s effect is "
                           "performed.", ("8-1-8", "1-3-7"), subject=act.source)
        return E.directive(state, log, act, d.first, prev)
    log.add("cost", f"{who} chooses to pay the optional cost of {src}'s effect; the alternative is performed instead "
                    "of the first directive, which is not performed.", ("8-1-8", "8-4-1", "8-4-2", "8-4-2-1"),
            subject=act.source)
    for c in d.cost:
        state, prev, changed = E.directive(state, log, act, c, prev)
        state = R.manage(state, log, self_by=who, changed=changed)
    return E.directive(state, log, act, d.second, prev)


# ---------------------------------------------------------------------------------------------
# "If <condition>, <directive>."


def if_then(state: State, log: EventLog, act: Activation, d: N.IfThen, prev: tuple[str, ...]) -> Result:
    """The condition is read when the directive resolves, in the order written (1-3-7); the directive is
    performed when it holds, and is not performed otherwise (8-3-3: a part active under a condition)."""
    if d.kind in ("destroyed", "destroyed_bp"):  # s10-bssreal; s20 bss: "via reducing its BP to 0" (9-4-2-1)
        holds, what, facts, rules = _destroyed_here(state, act, d, prev)
        rules += ("9-4-2-1",) if d.kind == "destroyed_bp" else ()
    elif d.kind == "added":  # s13 bssmech: the cards the "add … from among them" before it added (add_from_among)
        k = log.scratch.get(ADDED, {}).get(act.source, 0)
        holds, facts, rules = k >= 1, (), ("12-2-1",)
        what = f"{act.controller} added {k} card{_s(k)} to their hand with this effect"
    else:
        holds, what, facts, rules = E.condition_holds(state, log, act, d)
    log.add("condition", f"{E.q(act.source)}'s effect: {what}, so the condition "
            f"{'holds and the directive after it is performed' if holds else 'does not hold and the directive after it is not performed'}.",
            ("1-3-7", "8-3-3") + rules, subject=act.source, facts=facts)
    if not holds:
        return state, prev, frozenset()
    return E.directive(state, log, act, d.then, prev)


def destroyed_among(state: State, act: Activation, prev: tuple[str, ...], described: Sel) -> list[str]:
    """Of the cards the directive before chose (`prev`), those it destroyed: no longer on the field (10-1-1; destroyed at
    the checkpoint right after it when their cores or BP fell, 9-3-2-1, 9-4-2-1), fitting the description as they are
    now (a token is removed from the game, 4-12-3: it still counts as a spirit destroyed)."""
    counted = []
    for uid in prev:
        if E.find_field(state, uid) is not None:
            continue
        loc = state.locate(uid)
        if loc is None:
            plain = described == Sel(count=None, kinds=described.kinds, owner=described.owner)
            if not plain or "spirit" not in described.kinds:
                raise Unsupported(f"{E.q(act.source)}'s effect counts {described.text()} destroyed by it, and "
                                  f"{E.q(uid)} left the game (4-12-3): its card information is not kept",
                                  subject=act.source)
            counted.append(uid)
        elif match_info(described if described.owner in ("you", "opponent") else evolve(described, owner="any"),
                        loc[2], loc[0], act.controller, act.source, bp=None,
                        keywords=V.printed_keywords(loc[2]), souls=frozenset()):
            counted.append(uid)
    return counted


def _destroyed_here(state: State, act: Activation, d: N.IfThen, prev: tuple[str, ...]) -> tuple:
    """"If N or more <cards> are destroyed by this effect": of the cards the directive before destroyed (chosen), those
    no longer on the field (10-1-1: destroyed means placed from the field into the trash; a card that stayed, for
    instance by a substitution, was not destroyed), fitting the description as they are now (a token is removed from
    the game, 4-12-3: it still counts as a spirit destroyed)."""
    assert d.counted is not None  # the reader always gives what is counted
    counted = destroyed_among(state, act, prev, d.counted)
    n = d.n or 0
    holds = len(counted) <= n if d.op == "<=" else len(counted) >= n
    what = (f"{d.counted.text().removeprefix('all ')} destroyed by it: {len(counted)} "
            f"({', '.join(E.q(u) for u in counted) or 'none'}), {n} or {'less' if d.op == '<=' else 'more'} needed")
    return holds, what, (("counted", tuple(counted)),), ("10-1-1", "10-1-2")


# ---------------------------------------------------------------------------------------------
# The trash


def from_trash(state: State, log: EventLog, act: Activation, d: N.FromTrash, prev: tuple[str, ...]) -> Result:
    """3-4-2: the trash is public, so its cards are chosen as they are (8-5-3-1: as many as the number asks, when
    there are that many); a trash holding cards the scenario does not name is refused, never invented."""
    who = act.controller
    pl = state.p(who)
    if d.sel.ref is not None:  # s12 bssonce: the card the event names, or this card, now in the trash
        return _named_from_trash(state, log, act, d, prev)
    need_named_trash(act, who, pl.trash_unknown)
    eligible = [c.uid for c in pl.trash if match_info(d.sel, c, who, who, act.source, bp=None,
                                                      keywords=V.printed_keywords(c),
                                                      souls=frozenset())]  # no cores on cards in the trash
    what = f"{d.sel.text().removeprefix('1 ').removeprefix('your ')} card"
    return trash_to(state, log, act, d.sel, eligible, d.to, what, ("8-5-3", "3-4-2"))


def _named_from_trash(state: State, log: EventLog, act: Activation, d: N.FromTrash, prev: tuple[str, ...]) -> Result:
    """s12 bssonce, 10-15-1, 3-4-2: "return that spirit card from your trash to your hand": the card of the triggering
    event (or this card), which the text names where it now is (3-1-4, "unless specified otherwise"); nothing is chosen.
    A card that is not in the controller's trash (a token is removed, 4-12-3; another player's card) is not returned."""
    who = act.controller
    pl = state.p(who)
    named = E._referred(state, act, d.sel, prev)
    there = tuple(u for u in named if any(c.uid == u for c in pl.trash))
    for u in named:
        if u not in there:
            log.add("nothing", f"{E.q(u)} is not in {who}'s trash, so {E.q(act.source)}'s effect does not return it "
                               "(3-1-4, 4-12-3).", ("3-1-4", "4-12-3", "1-3-2"), subject=act.source)
    if not there:
        return state, (), frozenset()
    taken = tuple(c for c in pl.trash if c.uid in there)
    pl = evolve(pl, trash=tuple(c for c in pl.trash if c.uid not in there))
    pl = evolve(pl, hand=pl.hand + taken) if d.to == "hand" else D.with_pile(pl, D.pile_of(pl).put_top(taken))
    log.add("return", f"{who} returns {', '.join(E.q(u) for u in there)}, the card the effect names, from the trash to "
                      f"their {'hand' if d.to == 'hand' else 'deck, on top'} ({E.q(act.source)}'s effect).",
            ("3-4-2", "10-15-1", "3-1-4"), subject=act.source)
    return state.with_p(who, pl), there, frozenset()


def need_named_trash(act: Activation, who: str, unknown: int) -> None:
    """A choice among the cards of a trash holding cards the scenario does not name is refused, never invented."""
    if unknown:
        raise Unsupported(f'{E.q(act.source)}\'s effect chooses among the cards of {who}\'s trash, and the scenario does '
                          f"not name {unknown} of them: the engine never invents a card", subject=act.source,
                          hint=f"name the cards of the trash on `{who} trash:` lines")


def trash_to(state: State, log: EventLog, act: Activation, sel: Sel, eligible: list[str], to: str, what: str,
             rules: tuple[str, ...]) -> Result:
    """The cards chosen among `eligible` (8-5-3-1) leave the trash for the hand or the top of the deck."""
    who, src = act.controller, E.q(act.source)
    pl = state.p(who)
    chosen = _choose(state, log, act, sel, eligible, verb="return from their trash")
    if not chosen:
        log.add("nothing", f"{who}'s trash holds no {what}: {src}'s effect returns nothing.", ("8-5-3-4",),
                subject=act.source)
        return state, (), frozenset()
    taken = tuple(c for c in pl.trash if c.uid in chosen)
    pl = evolve(pl, trash=tuple(c for c in pl.trash if c.uid not in chosen))
    if to == "hand":
        pl, where = evolve(pl, hand=pl.hand + taken), "hand"
    elif to == "deck":  # s18 bss: "… to your deck. Then, shuffle your deck." (the shuffle follows: cardtext._check_to_deck)
        pl, where = D.with_pile(pl, D.pile_of(pl).put_top(taken)), "deck, which is then shuffled"
    else:
        pl, where = D.with_pile(pl, D.pile_of(pl).put_top(taken)), "deck, on top"
    log.add("return", f"{who} returns {', '.join(E.q(u) for u in chosen)} from the trash to their {where} "
                      f"({src}'s effect).", rules, subject=act.source)
    return state.with_p(who, pl), tuple(chosen), frozenset()


# ---------------------------------------------------------------------------------------------
# "any number … with a combined total of N or fewer BP / cost"


def destroy_combined(state: State, log: EventLog, act: Activation, d: N.DestroyCombined, prev: tuple[str, ...]) -> Result:
    """8-5-3-2: "any number" is free, zero included; the chosen cards' BP (as they are now, 8-8) or printed costs
    must add up to the limit at most. The chosen cards are then destroyed by the effect (10-1-2)."""
    src = E.q(act.source)
    cands = [u for u in E._candidates(state, log, act, d.sel) if u not in E.unaffected(state, log, act,
                                                                                        E._candidates(state, log, act, d.sel))]
    vs = views(state)
    eligible = [u for u in cands if not E.armor_blocks(state, act, vs[u])]
    unit = "BP" if d.measure == "bp" else "cost"

    def value(u: str) -> int:
        return (vs[u].bp or 0) if d.measure == "bp" else vs[u].card.cost

    if not eligible:
        log.add("targets", f"No card can be chosen for {src}'s effect.", ("8-5-3", "8-5-3-4"), subject=act.source)
        return state, (), frozenset()
    chosen: list[str] = []
    while True:  # one card at a time, among those that still fit: every option offered is a legal answer
        room = d.limit - sum(value(u) for u in chosen)
        fits = [u for u in eligible if u not in chosen and value(u) <= room]
        if not fits:
            break
        pick = E.choose_cards(state, log, act.controller, f"Which card does {act.controller} choose next for {src} "
                              f"(any number, {d.limit} or fewer {unit} in all; {room} {unit} left; none to stop)?",
                              fits, 1, True, "8-5-3-2")
        if not pick:
            break
        chosen.append(pick[0])
    total = sum(value(u) for u in chosen)
    log.add("targets", f"{act.controller} chooses {', '.join(E.q(u) for u in chosen) or 'none'} for {src}'s effect: "
                       f"{total} {unit} in all, {d.limit} or fewer.", ("8-5-3", "8-5-3-2"), subject=act.source,
            facts=(("chosen", tuple(chosen)),))
    if not chosen:
        return state, (), frozenset()
    return E.directive(state, log, act, Destroy(Sel(ref="it")), tuple(chosen))


def chain(state: State, log: EventLog, act: Activation, d: N.Chain, prev: tuple[str, ...]) -> Result:
    """An effect with several 【Chain】s: each one in turn, as the procedure runs an effect's one chain (11-15)."""
    state, prev = E.run_chain(state, log, act, d.color, d.directives, prev)
    return state, prev, frozenset()


# ---------------------------------------------------------------------------------------------
# A burst's "You may then pay this card's cost to activate its flash / main effect"


def _pay_answer(log: EventLog, who: str, question: str, free: bool) -> tuple[bool, tuple | None]:
    """`B chooses paying 2 from reserve` (the payment, as a use declares it) or `B chooses no`; `yes` only when
    the cost is 0. The engine never picks the cores: without an answer it asks."""
    answers = log.answers
    choice = Choice(who, question, ("paying …", "no"), "10-8-6", log.line)

    def valid(a: Answer) -> str | None:
        if isinstance(a.extra, tuple) and a.extra[0] is not None and not a.extra[1]:
            return None
        word = a.values[0].lower() if len(a.values) == 1 and a.extra is None else ""
        if word == "no" or (free and word == "yes"):
            return None
        return "answer `no`, or the payment: `paying N from reserve` / `paying N from \"Card\"` (10-8-6)"
    if answers is not None:
        a = answers.take(choice, valid)
        if a is not None:
            E.ctx(log).optional.append((who, ("burst pay", question), a.values))
            if isinstance(a.extra, tuple):
                return True, a.extra[0]
            return a.values[0].lower() == "yes", ()
        if answers.decline_optional:
            answers.taken.append((choice, None))
            return False, None
    raise NeedsChoice(choice)


def burst_pay(state: State, log: EventLog, act: Activation, d: N.BurstPay, prev: tuple[str, ...]) -> Result:
    """10-9-2: the burst was activated without paying; its text lets the player pay the card's cost now (the use
    cost of 10-8-4..6, reduced by symbols, 2-7-3) to activate the card's effect of that label: using the magic
    card (10-8-1), whose effect resolves at once, before the burst goes to the trash (10-9-4)."""
    who, card = act.controller, act.card
    usable = [e for e in V.card_effects(card) if e.kind == "activated" and d.label in e.labels]
    if not usable:
        log.add("nothing", f"{E.q(act.source)} has no {d.label} effect, so there is nothing to pay for.",
                ("10-8-1", "1-3-2"), subject=act.source)
        return state, prev, frozenset()
    free = card.cost == 0
    yes, pay = _pay_answer(log, who, f"Does {who} pay the cost of {E.q(act.source)} (cost {card.cost}, reduced by "
                                     f"symbols) to activate its {d.label} effect?", free)
    if not yes:
        log.add("decline", f"{who} does not pay the cost of {E.q(act.source)}{E.by_assumption(log)}: its "
                           f"{d.label} effect is not activated.", ("8-1-8", "10-9-2"), subject=act.source)
        return state, prev, frozenset()
    eff = R._pick_effect(state, log, who, card, usable, None, "10-8-3")
    log.add("reveal", f'{who} pays the cost of {E.q(act.source)} to activate its {d.label} effect "{eff.text}" '
                      "(the burst's text).", ("10-9-2", "10-8-1", "10-8-3"), subject=act.source)
    state = R.pay_cost(state, log, who, card, pay, "10-8", "use")
    changed = frozenset(s.place for s in pay or () if s.place != "reserve")
    state = R.manage(state, log, self_by=who, changed=changed)
    log.add("resolve", f"The {d.label} effect of {E.q(act.source)} resolves: \"{eff.text}\".", ("10-8-8", "8-5-2-4"),
            subject=act.source)
    # s11 delayed: using the magic card from the burst area (10-8-1): "When you use a magic card" (any area) triggers
    state = E.emit(state, log, [E.Ev("magic_used", (act.source,), who, area="burst")])
    state = E.run_effect(state, log, Activation(who, act.source, eff, card, (), "magic"))
    return E.emit(state, log, [E.Ev("magic_resolved", (act.source,), who, area="burst")]), prev, frozenset()


N.EXECUTORS.update({N.NumberOf: number_of, N.BurstPay: burst_pay, N.Chain: chain, N.DestroyCombined: destroy_combined, N.FromTrash: from_trash, N.IfThen: if_then, N.Instead: instead, N.PaidInstead: paid_instead, N.ForEach: for_each, N.Look: look, N.AddFromAmong: add_from_among, N.PutRest: put_rest,
                    N.SearchDeck: search, N.Shuffle: shuffle})


# ---------------------------------------------------------------------------------------------
# s8-bssreala: "If you spend a "Soul Core" as part of this card's cost, …"


def soul_spent(state: State, log: EventLog, act: Activation, d: N.SoulSpent, prev: tuple[str, ...]) -> Result:
    """Whether paying this card's cost moved its controller's soul core into the trash (10-6-6 / 10-8-6, 4-11-1), as
    rules.pay_cost noted it; read when the directive resolves (1-3-7). A card whose cost the scenario did not pay
    (already on the field, or put there without paying) is refused: the engine does not guess how it was paid."""
    spent = log.scratch.get(R.SOUL_SPENT, {}).get(act.source)
    src = E.q(act.source)
    if spent is None:
        raise Unsupported(f"{src}'s effect asks whether a soul core was spent paying its cost, and the scenario did not "
                          "pay that cost, so it is not known", subject=act.source,
                          hint="summon or use the card in the scenario, naming the cores paid (… paying 1 from "
                               "reserve and the soul core from reserve)")
    paid, rule = spent
    what = "was" if paid else "was not"
    then = ("the directive after it is performed" + (" instead of the one before it" if d.first is not None else "")
            if paid else ("the directive before it is performed" if d.first is not None
                          else "the directive after it is not performed"))
    log.add("condition", f"{src}'s effect: {act.controller}'s soul core {what} spent paying its cost, so {then}.",
            ("1-3-7", "8-3-3", rule, "4-11-1"), subject=act.source)
    if paid:
        return E.directive(state, log, act, d.then, prev)
    if d.first is not None:
        return E.directive(state, log, act, d.first, prev)
    return state, prev, frozenset()


N.EXECUTORS[N.SoulSpent] = soul_spent


def if_instead(state: State, log: EventLog, act: Activation, d: M.IfInstead, prev: tuple[str, ...]) -> Result:
    """s12 bssonce: "<first>. If <condition>, <second> instead.": the condition is read as the effect resolves (1-3-7);
    when it holds the second directive substitutes for the first, which is not performed (8-2-2-3, 8-9-1)."""
    holds, what, facts, rules = E.condition_holds(state, log, act, d.cond)
    log.add("instead", f"{E.q(act.source)}'s effect: {what}, so the condition "
                       + ("holds: the directive after it is performed instead of the one before it"
                          if holds else "does not hold: the directive before it is performed") + ".",
            ("1-3-7", "8-2-2-3", "8-9-1") + rules, subject=act.source, facts=facts)
    return E.directive(state, log, act, d.cond.then if holds else d.first, prev)


N.EXECUTORS[M.IfInstead] = if_instead


# ---- s13 bss: "for each card in your hand / core on this spirit / symbol on this spirit" --------------------------------


def _amount_on(state: State, log: EventLog, act: Activation, d: M.ForEachAmount,
               prev: tuple[str, ...]) -> tuple[int, str, tuple[str, ...]]:
    """s14 bss: the cores or symbols of the one card the directive before chose, as it is on the field now or, having
    left it ("the destroyed spirit"), as it last was there: the rules do not say which state a later directive observes
    (8-10-1 speaks of a card moving during the directive); the engine decides so and says it."""
    v = E.view_or_lki(state, log, prev[0]) if prev else None
    if v is None:
        return 0, f"the {d.what} on the {d.on} card (no card was chosen)", ("1-3-2",)
    gone = E.find_field(state, prev[0]) is None
    k = v.card.cores if d.what == "cores" else len(v.symbols)
    note = (" as it last was on the field (the engine's decision: the rules do not say which state a directive after its "
            "destruction observes; it reads it as 8-10-1 reads a card that moves)") if gone else ""
    return k, f"the {d.what} of {E.q(prev[0])}{note}", (("8-10-1",) if gone else ()) + (
        ("4-11-1",) if d.what == "cores" else ("2-8-1",))


def _amount_of_kind(act: Activation, d: M.ForEachAmount, who: str, cards: tuple[Card, ...],
                    unknown: int) -> tuple[int, str, tuple[str, ...]]:
    """s18 bss, 2-3: the cards of one card type in a hand or trash; cards the scenario does not name cannot be counted."""
    if unknown:
        raise Unsupported(f"{E.q(act.source)}'s effect counts the {d.kind} cards in {who}'s {d.what}, and the scenario does "
                          f"not name {unknown} of the cards there: the engine never invents a card", subject=act.source,
                          hint=f"name the cards on `{who} {d.what}:` lines")
    k = sum(1 for c in cards if c.type.value == d.kind)
    return k, f"the {d.kind} cards in {who}'s {d.what}", ("2-3-1", "3-3-1" if d.what == "hand" else "3-4-1")


def _amount(state: State, act: Activation, d: M.ForEachAmount) -> tuple[int, str, tuple[str, ...]]:
    """The amount a "for each" counts now: cards in a hand (3-3-1) or trash (3-4-1), cores (4-3) or symbols (2-8) on
    this card (on the field: the reader accepts no other card); a link's symbols count (11-18-1, view)."""
    src = E.q(act.source)
    if d.what in ("hand", "trash"):
        who = E._who(act, d.whose)
        p = state.p(who)
        k = p.hand_count if d.what == "hand" else p.trash_count
        if d.kind is not None:  # s18 bss: "for each magic card in your trash": the cards of that type (2-3)
            return _amount_of_kind(act, d, who, p.hand if d.what == "hand" else p.trash,
                                   p.hand_unknown if d.what == "hand" else p.trash_unknown)
        return k, f"the cards in {who}'s {d.what}", ("3-3-1",) if d.what == "hand" else ("3-4-1",)
    if d.what == "field_symbols":  # s15 bss, 2-8: the symbols on a player's field
        who = E._who(act, d.whose)
        k, doubles = E.field_symbols(state, who, d.color)
        if doubles:
            raise Unsupported(f"{src}'s effect counts the {d.color} symbols on {who}'s field: {doubles} double-color "
                              f"symbol{'s' * (doubles != 1)} count as {d.color} only if {who} decides so (2-8-2-2), and "
                              "the engine does not ask that yet", subject=act.source)
        return k, f"the {d.color + ' ' if d.color else ''}symbols on {who}'s field", ("2-8-1",)
    v = views(state).get(act.source)
    if v is None:
        raise Unsupported(f"{src}'s effect counts the {d.what} on {src}, which is no longer on the field: the rules do "
                          "not say what that number is", subject=act.source)
    if d.what == "cores":
        return v.card.cores, f"the cores on {src}", ("4-11-1",)
    return len(v.symbols), f"the symbols of {src}", ("2-8-1",)


def for_each_amount(state: State, log: EventLog, act: Activation, d: M.ForEachAmount, prev: tuple[str, ...]) -> Result:
    """s13 bss: "Draw 1 card for each card in your opponent's hand": the directive's number times the amount counted
    when the effect resolves (as `for_each` counts cards on the field)."""
    scale = _multiplier(d.inner, "for each", act.source)
    base = scale[1]
    rules: tuple[str, ...]
    if d.what == "destroyed":  # s20 bss: "for each spirit destroyed by this effect" (10-1-1, 9-3-2-1, 9-4-2-1)
        kinds = (d.kind,) if d.kind else ("spirit", "nexus")
        gone = destroyed_among(state, act, prev, Sel(kinds=kinds, owner=d.owner or "any"))  # s22-bssB: an owner named
        k, what, rules = len(gone), (f"the {'/'.join(kinds)}s destroyed by it: "
                                     f"{', '.join(E.q(u) for u in gone) or 'none'}"), ("10-1-1", "9-3-2-1", "9-4-2-1")
    else:
        k, what, rules = _amount_on(state, log, act, d, prev) if d.on else _amount(state, act, d)
    src = E.q(act.source)
    log.add("count", f'{src}\'s effect counts {what} "for each": {k}, so {base} × {k} = {base * k}. The rules do not '
                     "say when the count is taken; the engine counts once, when the effect resolves.",
            ("8-2-1",) + rules, subject=act.source)
    return _times(state, log, act, d, k, scale, prev)


N.EXECUTORS[M.ForEachAmount] = for_each_amount


def end_step_after_battle(state: State, log: EventLog, act: Activation, d: M.EndStepAfterBattle,
                          prev: tuple[str, ...]) -> Result:
    """s15 bss: "When this battle ends, end the attack step.": the battle in progress is marked; rules.resolve_battle ends
    the attack step when the battle ends (7-1-6-1, 6-7-3-2). Outside a battle "this battle" names none, and the engine
    refuses rather than guess which battle is meant."""
    b = state.battle
    if b is None or state.step is not R.Step.ATTACK:
        raise Unsupported(f'{E.q(act.source)}\'s effect ends the attack step "when this battle ends", and no battle is in '
                          "progress", subject=act.source)
    log.add("resolve", f"{E.q(act.source)}'s effect: when this battle ends, the attack step ends (7-1-6-1, 6-7-3-2).",
            ("7-1-6-1", "6-7-3-2"), subject=act.source)
    return evolve(state, battle=evolve(b, ends_step=act.source)), prev, frozenset()


N.EXECUTORS[M.EndStepAfterBattle] = end_step_after_battle


def added_discard(state: State, log: EventLog, act: Activation, d: M.AddedDiscard, prev: tuple[str, ...]) -> Result:
    """s15 bss: a constant effect's added cost is read where a magic card is used (rules.use_magic, 8-4-2-2); it is never
    a directive that resolves (the reader builds it only as a constant effect's)."""
    raise Unsupported(f"{E.q(act.source)}'s added cost of using a magic card is not a directive that resolves (8-4-2-2)",
                      subject=act.source)  # pragma: no cover


N.EXECUTORS[M.AddedDiscard] = added_discard


def cost_change(state: State, log: EventLog, act: Activation, d: M.CostChange, prev: tuple[str, ...]) -> Result:
    """s16 bss, 10-8-4: a constant effect's "<whose> magic cards cost N more / less", performed where the cost of a magic
    card being used is determined (rules._changed_cost sets the card and its cost so far, and reads the result)."""
    uid, cost = log.scratch[M.COST_BEING_DETERMINED]
    log.add("cost", f'{E.q(act.source)}\'s effect "{act.effect.text}" changes the cost of using "{uid}" by '
                    f"{d.delta:+d}: {cost} → {cost + d.delta}.", ("10-8-4", "8-3-3"), subject=act.source)
    log.scratch[M.COST_BEING_DETERMINED] = (uid, cost + d.delta)
    return state, prev, frozenset()


N.EXECUTORS[M.CostChange] = cost_change


# ---------------------------------------------------------------------------------------------
# # s16 bss: "Discard any number of cards / up to N cards. For each card discarded, …" (cardnodes.DiscardSome, PerDiscarded)

DISCARDED_SOME = "bss.discarded_some"  # log.scratch key, {effect's card: how many cards its last DiscardSome discarded}


def discard_some(state: State, log: EventLog, act: Activation, d: M.DiscardSome, prev: tuple[str, ...]) -> Result:
    """10-2-1, 10-2-2, 8-5-3-2: the player discards the hand cards they choose, none included, at most `most`; a hand
    holding cards the scenario does not name cannot be judged (the engine never invents a card)."""
    p = E._who(act, d.who)
    pl = state.p(p)
    src = E.q(act.source)
    if pl.hand_unknown:
        raise Unsupported(f"{src}'s effect lets {p} discard cards of their choice, and the scenario does not name "
                          f"{pl.hand_unknown} of the cards in {p}'s hand: the engine never invents a card",
                          subject=act.source, hint=f"name the cards of the hand on `{p} hand:` lines")
    opts = E._discardable(state, act, p, d.cards) if d.cards is not None else [c.uid for c in pl.hand]
    what = "cards" if d.cards is None else hand_cards_text(d.cards)
    most = len(opts) if d.most is None else min(d.most, len(opts))
    limit = "any number" if d.most is None else f"up to {d.most}"
    chosen = E.choose_cards(state, log, p, f"Which {what} does {p} discard ({limit}, none included)?", opts, most,
                            True, "10-2-2") if opts else ()
    named = [c for c in pl.hand if c.uid in chosen]
    pl = evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in chosen), trash=pl.trash + tuple(named))
    k = len(named)
    log.add("discard", f"{src}'s effect: {p} discards {k} {what} from their hand ({limit})"
                       + (f": {', '.join(E.q(c.uid) for c in named)}" if named else "") + ".",
            ("10-2-1", "10-2-2", "8-5-3-2"), subject=act.source)
    log.scratch.setdefault(DISCARDED_SOME, {})[act.source] = k
    return E.discarded(state.with_p(p, pl), log, p, tuple(c.uid for c in named), k, "hand"), prev, frozenset()


def per_discarded(state: State, log: EventLog, act: Activation, d: M.PerDiscarded, prev: tuple[str, ...]) -> Result:
    """"For each card discarded, <directive>": the directive's number (or its selection's, 8-5-3) times the cards the
    discard before it in this effect put into the trash (10-2-1)."""
    k = log.scratch.get(DISCARDED_SOME, {}).get(act.source)
    src = E.q(act.source)
    if k is None:  # the reader accepts it only after a DiscardSome of the same effect
        raise Unsupported(f'{src}\'s effect counts "each card discarded" before discarding', subject=act.source)
    scale = _multiplier(d.inner, "for each card discarded", act.source)
    base = scale[1]
    log.add("count", f"{src}'s effect: {k} card{_s(k)} discarded by it, so {base} × {k} = {base * k}.",
            ("10-2-1", "1-3-7"), subject=act.source)
    return _times(state, log, act, d, k, scale, prev)


N.EXECUTORS.update({M.DiscardSome: discard_some, M.PerDiscarded: per_discarded})


# ---------------------------------------------------------------------------------------------
# # s16b bss: "Discard a random card from your opponent's hand" (cardnodes.DiscardRandom)


def discard_random(state: State, log: EventLog, act: Activation, d: M.DiscardRandom, prev: tuple[str, ...]) -> Result:
    """10-2-1, 10-2-2: `n` cards of the player's hand go to their trash, picked by chance (1-3-2: as many as there are).
    The rules say nothing of how a random card is picked; the engine never guesses it: when the hand holds more cards
    than are discarded, it asks the scenario which card(s) came out, listing every card of the hand (a card the scenario
    does not name is "an undescribed card"), and says so in the answer."""
    p = E._who(act, d.who)
    pl = state.p(p)
    src = E.q(act.source)
    k = min(d.n, pl.hand_count)
    named_opts = [c.uid for c in pl.hand]
    if k == pl.hand_count or (k and not named_opts):
        chosen: tuple[str, ...] = tuple(named_opts)[:k]  # every card goes, or only undescribed cards are there
    elif k:
        log.add("note", f"{src}'s effect picks {k} card{_s(k)} of {p}'s hand at random: the rules do not say how, and "
                            "the engine does not guess the outcome; the scenario names it.", ("10-2-1",),
                subject=act.source)
        opts = named_opts + (["an undescribed card"] if pl.hand_unknown else [])
        chosen = E.choose_cards(state, log, p, f"Which {k} card{_s(k)} of {p}'s hand come{'s' * (k == 1)} out at random "
                                f"(not a choice of {p}'s: the outcome of chance)?", opts, k, False, "10-2-2")
    else:
        chosen = ()
    named = [c for c in pl.hand if c.uid in chosen]
    unknown = k - len(named)
    pl = evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in chosen), hand_unknown=pl.hand_unknown - unknown,
                trash=pl.trash + tuple(named), trash_unknown=pl.trash_unknown + unknown)
    log.add("discard", f"{src}'s effect: {p} discards {k} card{_s(k)} at random from their hand"
                       + (f" ({', '.join([E.q(c.uid) for c in named] + ['an undescribed card'] * unknown)})" if k else "")
                       + ".", ("10-2-1", "10-2-2") + (("1-3-2",) if k < d.n else ()), subject=act.source)
    return E.discarded(state.with_p(p, pl), log, p, tuple(c.uid for c in named), k, "hand"), prev, frozenset()


N.EXECUTORS[M.DiscardRandom] = discard_random


# ---------------------------------------------------------------------------------------------
# # s17 bss: a token named without its card information (cardnodes.NamedToken)


def named_token(state: State, log: EventLog, act: Activation, d: M.NamedToken, prev: tuple[str, ...]) -> Result:
    """4-12-2: a token has the card information the effect creating it gives. The card line gives it in a scenario
    (`token "<Name> (Token spirit/…)"`), and the text then reads as printed with it (a SummonToken); reaching this node
    means the scenario did not give it, and the engine does not invent a token's cost, level costs, BP or symbols."""
    src = E.q(act.source)
    raise Unsupported(f"{src}'s effect summons {d.n} \"{d.name}\" and the scenario does not give that token's card "
                      "information (4-12-2: the effect that creates a token gives it; card databases print it apart from "
                      "the card's text): the engine never invents a card's information", subject=act.source,
                      hint=f'add it to the card line: token "{d.name} (Token spirit/<color>/<cost> Cost/<spirit type>/'
                           'LV1①/BP<n>/<n> <color> Symbol)"')


N.EXECUTORS[M.NamedToken] = named_token


# ---------------------------------------------------------------------------------------------
# # s17 bss: bursts set and discarded by an effect (cardnodes.SetBurst, BurstOff)


def set_burst(state: State, log: EventLog, act: Activation, d: M.SetBurst, prev: tuple[str, ...]) -> Result:
    """6-6-1-2-2: placing a card with a burst effect from the hand face down in the burst area is setting a burst card,
    once per turn (whoever's action or effect sets it); 3-8-3: a card already set is discarded; 3-8-4: only a card with a
    burst effect. The player chooses the card (8-5-3); a hand with cards the scenario does not name cannot be judged."""
    p = E._who(act, d.who)
    pl = state.p(p)
    src = E.q(act.source)
    if state.burst_set:
        log.add("nothing", f"{src}'s effect would set a burst card, and a burst card has already been set this turn "
                           "(only one may be set per turn): it is not performed.", ("6-6-1-2-2", "1-3-2"),
                subject=act.source)
        return state, prev, frozenset()
    opts = [c.uid for c in pl.hand if any(R._BURST_RE.match(e) for e in c.effects)]
    if not opts and pl.hand_unknown:
        raise Unsupported(f"{src}'s effect sets a burst card from {p}'s hand, and the scenario does not name "
                          f"{pl.hand_unknown} of the cards in {p}'s hand: the engine never invents a card",
                          subject=act.source, hint=f"name the cards of the hand on `{p} hand:` lines")
    if not opts:
        log.add("nothing", f"{src}'s effect: {p} has no card with a burst effect in their hand (3-8-4), so no burst "
                           "card is set.", ("3-8-4", "1-3-2"), subject=act.source)
        return state, prev, frozenset()
    uid = E.choose_cards(state, log, p, f"Which card with a burst effect does {p} set?", opts, 1, False, "3-8-4")[0]
    card = next(c for c in pl.hand if c.uid == uid)
    old = pl.burst
    pl = evolve(pl, hand=tuple(c for c in pl.hand if c.uid != uid), burst=(card,), trash=pl.trash + old)
    log.add("burst", f"{src}'s effect: {p} sets {E.q(uid)} face down in the burst area.", ("6-6-1-2-2", "3-8-1"),
            subject=act.source)
    for c in old:
        log.add("discard", f"The burst card already set, {E.q(c.uid)}, is discarded to the trash.", ("3-8-3", "10-2-1"),
                subject=c.uid)
    state = evolve(state.with_p(p, pl), burst_set=True)
    return E.discarded(state, log, p, tuple(c.uid for c in old), len(old), "burst"), prev, frozenset()


def burst_off(state: State, log: EventLog, act: Activation, d: M.BurstOff, prev: tuple[str, ...]) -> Result:
    """10-2-1: a card placed into its owner's trash from the burst area is discarded. "Destroy your opponent's burst": the
    rules define destruction for cards on the field (10-1-1) and say nothing of a set burst; the engine places it into the
    trash as this discard (no "When Destroyed" effect activates) and says so."""
    p = E._who(act, d.who)
    pl = state.p(p)
    src = E.q(act.source)
    if not pl.burst:
        log.add("nothing", f"{src}'s effect: {p} has no burst card set, so nothing is discarded.", ("1-3-2",),
                subject=act.source)
        return state, prev, frozenset()
    if d.destroy:
        log.add("note", f'{src}\'s effect "destroys" {p}\'s set burst: the rules define destruction for cards on the '
                        "field (10-1-1) and do not say what destroying a set burst is; the engine places it into its "
                        "owner's trash as a discard from the burst area (10-2-1), so no \"When Destroyed\" effect "
                        "activates.", ("10-1-1", "10-2-1"), subject=act.source)
    old = pl.burst
    state = state.with_p(p, evolve(pl, burst=(), trash=pl.trash + old))
    log.add("discard", f"{src}'s effect: {p}'s burst card {', '.join(E.q(c.uid) for c in old)} is discarded from the "
                       "burst area to the trash.", ("10-2-1", "3-8-1"), subject=act.source)
    return E.discarded(state, log, p, tuple(c.uid for c in old), len(old), "burst"), prev, frozenset()


N.EXECUTORS.update({M.SetBurst: set_burst, M.BurstOff: burst_off})


# ---------------------------------------------------------------------------------------------
# # s18 bss: "<directive>. If you do, <directive>." without "you may" (cardnodes.DoneFirst)


def done_first(state: State, log: EventLog, act: Activation, d: M.DoneFirst, prev: tuple[str, ...]) -> Result:
    """8-4-1: the first directive of "<directive>. If you do, …" is paid as an effect cost; the rules are silent on a
    directive that is not optional, and the answer says the engine's decision."""
    log.add("note", f"{E.q(act.source)}'s effect is worded \"<directive>. If you do, …\" without \"you may\": the rules do "
                    "not say whether such a directive is an effect cost; the engine reads it as one (8-4-1, \"or similar "
                    "phrasing\"), so what follows \"If you do\" is performed only when it is performed in full "
                    "(8-4-2-3, 8-4-2-4).", ("8-4-1", "8-4-2-3"), subject=act.source)
    return state, prev, frozenset()


N.EXECUTORS[M.DoneFirst] = done_first


# ---------------------------------------------------------------------------------------------
# # s18 bss: the attack step ended by an effect, the opponent's hand looked at (cardnodes.EndAttackStep, LookHand)


def end_attack_step(state: State, log: EventLog, act: Activation, d: M.EndAttackStep, prev: tuple[str, ...]) -> Result:
    """6-7-3-2: the player taking their turn ends the attack step by declaring it; an effect may do it for them. In a
    battle, the rules are silent on the battle in progress: the engine lets it run to its end (7-1-6), then the step ends
    (rules.resolve_battle, as for "When this battle ends, end the attack step") and says so. Outside a battle the engine
    does not end a step in the middle of an effect's resolution, and refuses rather than guess."""
    src = E.q(act.source)
    if state.step is not R.Step.ATTACK or (d.whose == "opponent" and state.player == act.controller):
        whose = "its controller's opponent's" if d.whose == "opponent" else "an"
        log.add("nothing", f"{src}'s effect would end {whose} attack step, and none is in progress: it is not performed.",
                ("6-7-3-2", "1-3-2"), subject=act.source)
        return state, prev, frozenset()
    b = state.battle
    if b is None:
        raise Unsupported(f"{src}'s effect ends the attack step outside a battle, and the engine does not end a step in the "
                          "middle of an effect's resolution yet", subject=act.source)
    log.add("note", f"{src}'s effect ends the attack step while a battle is in progress: the rules do not say what becomes "
                    "of that battle; the engine lets it run to its end (7-1-6), then the attack step ends and the turn goes "
                    "on to the end step (6-7-3-2), as \"when this battle ends, end the attack step\" does.",
            ("6-7-3-2", "7-1-6-1"), subject=act.source)
    return evolve(state, battle=evolve(b, ends_step=act.source)), prev, frozenset()


def look_hand(state: State, log: EventLog, act: Activation, d: M.LookHand, prev: tuple[str, ...]) -> Result:
    """3-3-3: a player may not view the other player's hand; the card's text takes precedence (1-3-1). The controller
    sees the cards; the answer names those the scenario names. Nothing moves."""
    p = E._who(act, d.who)
    pl = state.p(p)
    seen = [E.q(c.uid) for c in pl.hand] + ([f"{pl.hand_unknown} card{'s' * (pl.hand_unknown != 1)} the scenario does "
                                             "not name"] if pl.hand_unknown else [])
    log.add("look", f"{E.q(act.source)}'s effect: {act.controller} looks at {p}'s hand"
                    + (f" ({', '.join(seen)})" if seen else " (it is empty)") + "; no card moves.",
            ("3-3-3", "1-3-1"), subject=act.source)
    return state, prev, frozenset()


N.EXECUTORS.update({M.EndAttackStep: end_attack_step, M.LookHand: look_hand})
N.EXECUTORS[N.PutThemBack] = put_rest  # s18 bss: the cards looked at just before, as "the rest"


def hand_to_deck(state: State, log: EventLog, act: Activation, d: M.HandToDeck, prev: tuple[str, ...]) -> Result:
    """3-3, 3-2-3-1: the player chooses `n` cards of their hand (8-5-3; as many as there are when fewer, 1-3-2) and puts
    them on that end of their deck; a hand the scenario does not name cannot be chosen from, and is refused."""
    who, src = act.controller, E.q(act.source)
    pl = state.p(who)
    if pl.hand_unknown:
        raise Unsupported(f"{src}'s effect puts cards from {who}'s hand on their deck, and the scenario does not name "
                          f"{pl.hand_unknown} of the cards in {who}'s hand: the engine never invents a card",
                          subject=act.source, hint=f"name the cards of the hand on `{who} hand:` lines")
    k = min(d.n, len(pl.hand))
    if k == 0:
        log.add("nothing", f"{who} has no card in their hand, so {src}'s effect puts none on the deck.", ("1-3-2",),
                subject=act.source)
        return state, (), frozenset()
    end = "bottom" if d.bottom else "top"
    chosen = E.choose_cards(state, log, who, f"Which card{'s' * (k != 1)} from {who}'s hand go{'es' * (k == 1)} on the "
                                             f"{end} of their deck?", [c.uid for c in pl.hand], k, False, "8-5-3")
    taken = tuple(c for c in pl.hand if c.uid in chosen)
    z = D.pile_of(pl)
    order = ""
    why: tuple[str, ...] = ()
    if len(taken) > 1:  # s19 bss, 3-1-5: their owner orders cards placed together; the engine does not track that order
        blanks = (UNKNOWN,) * len(taken)
        moved = z.put_bottom(blanks) if d.bottom else z.put_top(blanks)  # type: ignore[arg-type]
        moved = OrderedZone(moved.cards, moved.unplaced + taken)
        order, why = f" in an order {who} chooses (not tracked: those cards are now somewhere in the deck)", ("3-1-5",)
    else:
        moved = z.put_bottom(taken) if d.bottom else z.put_top(taken)
    pl = D.with_pile(evolve(pl, hand=tuple(c for c in pl.hand if c.uid not in chosen)), moved)
    log.add("return", f"{src}'s effect: {who} puts {', '.join(E.q(u) for u in chosen)} from their hand on the {end} of "
                      f"their deck{order}.", ("3-2-3-1", "3-3-1", "8-5-3") + why + (("1-3-2",) if k < d.n else ()),
            subject=act.source)
    return state.with_p(who, pl), tuple(chosen), frozenset()


def draw_up_to(state: State, log: EventLog, act: Activation, d: M.DrawUpTo, prev: tuple[str, ...]) -> Result:
    """1-3-5-1: "up to" with no lower limit lets the player choose zero; they choose how many of `n` cards to draw."""
    who = act.controller
    ans = E.ask(log.answers, Choice(who, f"How many cards (0 to {d.n}) does {who} draw for {E.q(act.source)}?",
                                    tuple(str(i) for i in range(d.n + 1)), "1-3-5-1", log.line),
                lambda a: None if len(a.values) == 1 and a.values[0].isdigit() and int(a.values[0]) <= d.n
                else "choose a number in range")
    k = int(ans[0])
    if k == 0:
        log.add("nothing", f"{who} chooses to draw no card for {E.q(act.source)} (\"up to\" lets the player choose zero).",
                ("1-3-5-1", "1-3-2-3"), subject=act.source)
        return state, prev, frozenset()
    log.add("choice", f"{who} chooses to draw {k} card{'s' * (k != 1)} for {E.q(act.source)}.", ("1-3-5-1",),
            subject=act.source)
    return E.draw(state, log, who, k, f"{E.q(act.source)}'s effect"), prev, frozenset()


N.EXECUTORS.update({M.HandToDeck: hand_to_deck, M.DrawUpTo: draw_up_to})


def draw_until(state: State, log: EventLog, act: Activation, d: M.DrawUntil, prev: tuple[str, ...]) -> Result:
    """s21 bss, 4-5-3: "Draw until you have N cards in your hand": the number drawn is what the hand lacks of N when the
    directive is performed (zero when it holds N or more: nothing happens)."""
    who = act.controller
    have = state.p(who).hand_count
    k = max(0, d.n - have)
    log.add("count", f"{who} has {have} card{'s' * (have != 1)} in hand, so {E.q(act.source)}'s effect draws {k} "
                     f"(until the hand holds {d.n}).", ("4-5-3",), subject=act.source)
    return E.draw(state, log, who, k, f"{E.q(act.source)}'s effect"), prev, frozenset()


N.EXECUTORS.update({M.DrawUntil: draw_until})


def may_do(state: State, log: EventLog, act: Activation, d: M.MayDo, prev: tuple[str, ...]) -> Result:
    """8-1-8: a directive worded "you may" is performed only if its player chooses to, asked when it is reached."""
    who, src = act.controller, E.q(act.source)
    ans = E.may(state, log, who, f"Does {who} perform the part of {src}'s effect worded \"you may\" "
                                 f"({type(d.inner).__name__})?", "8-1-8",
                ("may", act.source, act.effect.text, "later", repr(d.inner)))
    if ans[0] != "yes":
        log.add("decline", f"{who} chooses not to perform the part of {src}'s effect worded \"you may\""
                           f"{E.by_assumption(log)}.", ("8-1-8",), subject=act.source)
        return state, prev, frozenset()
    log.add("accept", f"{who} chooses to perform the part of {src}'s effect worded \"you may\".", ("8-1-8",),
            subject=act.source)
    return E.directive(state, log, act, d.inner, prev)


N.EXECUTORS[M.MayDo] = may_do


def may_pay(state: State, log: EventLog, act: Activation, d: M.MayPay, prev: tuple[str, ...]) -> Result:
    """s19 bss, 8-4-1: an effect cost reached after the effect's first sentence (or in a 【Chain】): "you may" asks the
    controller (8-1-8); a cost that cannot be paid whole is not paid (8-4-2-3) and the effect it allows is not performed
    (8-4-2-4); paid, its directives resolve in order (8-4-2-1), then the effect's."""
    who, src = act.controller, E.q(act.source)
    why = E.cost_blocked(state, log, act, d.cost)
    if why:
        log.add("nothing", f"The effect cost in {src}'s effect cannot be paid ({why}), so the part of the effect it "
                           "allows is not performed.", ("8-4-2-3", "8-4-2-4"), subject=act.source)
        return state, prev, frozenset()
    if d.optional:
        ans = E.may(state, log, who, f"Does {who} pay the effect cost in {src}'s effect worded \"you may … to …\" "
                                     f"({', '.join(type(c).__name__ for c in d.cost)})?", "8-1-8",
                    ("may-pay", act.source, act.effect.text, repr(d.cost)))
        if ans[0] != "yes":
            log.add("decline", f"{who} chooses not to pay the effect cost in {src}'s effect{E.by_assumption(log)}, so "
                               "the part of the effect it allows is not performed.", ("8-1-8", "8-4-2-4"),
                    subject=act.source)
            return state, prev, frozenset()
    log.add("cost", f"{who} pays the effect cost in {src}'s effect.", ("8-4-1", "8-4-2", "8-4-2-1")
            + (("8-1-8",) if d.optional else ()), subject=act.source)
    changed: frozenset = frozenset()
    for c in d.cost:
        state, prev, changed = E.directive(state, log, act, c, prev)
        state = R.manage(state, log, self_by=who, changed=changed)
    for x in d.then[:-1]:
        state, prev, changed = E.directive(state, log, act, x, prev)
        state = R.manage(state, log, cause=E.Cause("effect", who, act.source, act.card.type, isinstance(x, Destroy)))
    return E.directive(state, log, act, d.then[-1], prev)


N.EXECUTORS[M.MayPay] = may_pay


def gain_symbol_now(state: State, log: EventLog, act: Activation, d: M.GainSymbol, prev: tuple[str, ...]) -> Result:
    """s19 bss, 2-8, 8-8-1-4: "this spirit gains one additional green symbol during this battle" in an effect that resolves:
    the cards chosen now have these symbols besides their own for the duration (view._ap_symbol), counted as a constant
    effect's are (cost reduction 10-6-5, damage 7-1-5-3-1, 【Chain】 11-15-3)."""
    state, chosen = E._continuous(state, log, act, d, prev, E.q(act.source), (AppliedKind.SYMBOL, ",".join(d.symbols)))
    return state, chosen, frozenset()


N.EXECUTORS[M.GainSymbol] = gain_symbol_now


def pay_cores(state: State, log: EventLog, act: Activation, d: M.PayCores, prev: tuple[str, ...]) -> Result:
    """s21 bss, 10-8-6, 3-4-1: "pay one core" with no place named: the controller pays from their field, their reserve or
    both into their trash, and says which cores (the engine never picks them); a spirit left below its LV1 cost by
    the payment is destroyed by the rules (self-destruction, 10-1-1-1)."""
    who = act.controller
    if d.soul:
        return _pay_soul(state, log, act, prev)
    state, pay = R.pay_cores(state, log, who, d.n, f"for {E.q(act.source)}'s effect")
    log.add("cost", f"{who} pays {d.n} core{'s' * (d.n != 1)} ({R.sources_text(pay)}) into the trash for "
                    f"{E.q(act.source)}'s effect.", ("10-8-6", "3-4-1"), subject=act.source)
    return state, prev, frozenset(s.place for s in pay if s.place != "reserve")


N.EXECUTORS[M.PayCores] = pay_cores


# ---- s22-bssA ---------------------------------------------------------------------------------------------------------
def _pay_soul(state: State, log: EventLog, act: Activation, prev: tuple[str, ...]) -> Result:
    """4-11-1, 10-8-6, 3-4-1: "pay a Soul Core": the payer's one soul core, from their field or reserve, into their trash
    (a spirit it leaves below its LV1 cost is destroyed by the rules, 10-1-1-1); anywhere else it cannot be paid (8-4-2-3)."""
    who = act.controller
    where = state.p(who).soul
    if where in ("trash", "void", "life"):
        log.add("nothing", f"{who}'s soul core is in the {where}, not on the field or in the reserve, so it cannot be "
                           f"paid for {E.q(act.source)}'s effect.", ("10-8-6", "8-4-2-3"), subject=act.source)
        return state, prev, frozenset()
    log.add("cost", f"{who} pays their soul core into the trash for {E.q(act.source)}'s effect.", ("10-8-6", "3-4-1",
                                                                                                 "4-11-1"), subject=act.source)
    return E.directive(state, log, act, Cores(1, Place("soul"), Place("trash", "you"), soul=True), prev)
