"""Executors of the nodes of cardnodes.py, each through the bss procedures with its rule cited.

* A selection several sentences act on (Choose) and a condition on the card selected (CardIs).
* The deck: a card of a given name revealed among the cards viewed (NamedFromAmong), and the player's choice for a
  viewed card, the trash or the top of the deck (RestChoice). A card the scenario does not name is never invented.
"""

from __future__ import annotations

from judge_app.engine.bss import cardast as N
from judge_app.engine.bss import cardnodes as M
from judge_app.engine.bss import deck as D
from judge_app.engine.bss import resolve as E
from judge_app.engine.bss import rules as R
from judge_app.engine.bss import view as V
from judge_app.engine.bss.cardexec import _choose, _need_named, need_named_trash, trash_to
from judge_app.engine.bss.delayed import set_up as delayed_set_up
from judge_app.engine.bss.delayed import set_up_battle
from judge_app.engine.bss.state import PLAYERS, Activation, Card, CardType, State
from judge_app.engine.bss.view import match_info, views
from judge_app.engine.bss.vocab import COLORS, Sel, hand_cards_text
from judge_app.engine.core import Choice, EventLog, Unsupported
from judge_app.engine.core.choices import ask, ask_answer
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.zones import UNKNOWN, OrderedZone

__all__ = ["after_resolves", "card_is", "free_summon", "named_from_trash", "choose", "named_from_among", "rest_choice", "step_timing"]

Result = tuple[State, tuple[str, ...], frozenset[str]]


def choose(state: State, log: EventLog, act: Activation, d: M.Choose, prev: tuple[str, ...]) -> Result:
    """8-5-3: the selection is made when the effect resolves; the sentences after it act on the selected cards."""
    return state, E.select(state, log, act, d.sel, "select", prev), frozenset()


def _has(state: State, uid: str, quality: str) -> tuple[bool, tuple[str, ...]]:
    """Whether the card on the field is of that color (2-4-1), in that state (10-3-1, 10-4-1) or linked (11-18-1)."""
    v = views(state)[uid]
    if quality in COLORS:
        return quality in v.card.colors, ("2-4-1",)
    if quality == "linked":
        links = state.battle.links if state.battle is not None else ()
        return any(linked == uid for _linker, linked in links), ("11-18-1",)
    return v.card.exhausted == (quality == "exhausted"), ("10-3-1", "10-4-1")


def card_is(state: State, log: EventLog, act: Activation, d: M.CardIs, prev: tuple[str, ...]) -> Result:
    """"If it is [not] <quality>, <directive>": read when the directive resolves, in the order written (1-3-7); the
    directive is performed only while the condition holds (8-3-3)."""
    src = E.q(act.source)
    on = [u for u in prev if E.find_field(state, u) is not None]
    want = f'"it is {"not " if d.negated else ""}{d.quality}"'
    if not on:
        log.add("nothing", f"{src}'s effect: no selected card is on the field, so the condition {want} has no card to "
                           "test and the directive after it is not performed.", ("8-5-3-4", "1-3-2"),
                subject=act.source)
        return state, prev, frozenset()
    uid = on[0]
    has, rules = _has(state, uid, d.quality)
    holds = has != d.negated
    log.add("condition", f"{src}'s effect: {E.q(uid)} is {'' if has else 'not '}{d.quality}, so the condition {want} "
            f"{'holds and the directive after it is performed' if holds else 'does not hold and the directive after it is not performed'}.",
            ("1-3-7", "8-3-3") + rules, subject=act.source)
    if not holds:
        return state, prev, frozenset()
    return E.directive(state, log, act, d.then, prev)


def named_from_among(state: State, log: EventLog, act: Activation, d: M.NamedFromAmong,
                     prev: tuple[str, ...]) -> Result:
    """12-2-1: the card of that name (2-1-1) chosen among the cards viewed is revealed and added to the hand; the
    cards not taken stay where they are for the text's next sentence."""
    who = act.controller
    _need_named(act, prev, who)
    pl = state.p(who)
    named = {c.uid: c for c in pl.deck_known}
    eligible = [u for u in prev if u in named and u.split("#")[0].casefold() == d.name.casefold()]
    chosen = _choose(state, log, act, Sel(count=d.count, kinds=("spirit", "nexus", "magic")), eligible)
    if not chosen:
        log.add("nothing", f'No card named "{d.name}" is among the cards viewed: none is added to {who}\'s hand by '
                           f"{E.q(act.source)}'s effect.", ("8-5-3-4", "2-1-1"), subject=act.source)
        return state, prev, frozenset()
    pl, taken = D.take_at(pl, chosen)
    state = state.with_p(who, evolve(pl, hand=pl.hand + taken))
    log.add("add", f"{who} reveals {', '.join(E.q(u) for u in chosen)} and adds {'it' if len(chosen) == 1 else 'them'} "
                   f"to their hand ({E.q(act.source)}'s effect).", ("12-2-1", "12-2-2", "2-1-1"), subject=act.source)
    return state, tuple(u for u in prev if u not in chosen), frozenset()


def rest_choice(state: State, log: EventLog, act: Activation, d: M.RestChoice, prev: tuple[str, ...]) -> Result:
    """The text gives the controller a choice for the card viewed: the trash (discarding from the deck, 10-2-1) or
    the top of the deck, where it already is (it stays: 12-3-2, 1-3-2-2). The engine asks; it never picks."""
    who, src = act.controller, E.q(act.source)
    if not prev:
        log.add("nothing", "No card was viewed, so there is nothing to discard or return.", ("1-3-2",),
                subject=act.source)
        return state, (), frozenset()
    if len(prev) > 1:
        raise Unsupported(f"{src}'s effect: \"discard that card or return it\" after more than one card was viewed",
                            subject=act.source)
    what = ", ".join(E.q(u) if not u.startswith("⁇") else "the viewed card" for u in prev)
    options = ("discard", "top")

    def valid(a) -> str | None:
        return None if len(a.values) == 1 and a.values[0].lower() in options else "answer `discard` or `top`"

    ans = ask(log.answers, Choice(who, f"Does {who} discard {what} or return it to the top of their deck ({src})?",
                                  options, "12-3-2", log.line), valid)[0].lower()
    if ans == "discard":
        return N.EXECUTORS[N.PutRest](state, log, act, N.PutRest("trash"), prev)
    log.add("return", f"{who} chooses to return {what} to the top of their deck ({src}'s effect): it is already "
                      "there, so it stays, and the deck keeps its order.", ("12-3-2", "1-3-2-2"), subject=act.source)
    return state, (), frozenset()


def step_timing(state: State, log: EventLog, act: Activation, d: M.StepTiming, prev: tuple[str, ...]) -> Result:
    """The decision the engine made where the rules are silent (cardnodes.StepTiming), said before the directives."""
    if d.why == "end":
        text = ("the rules' end step activates only effects worded \"end of your turn\" / \"end of opponent's turn\" "
                "(6-8-1-1) and do not say when an effect worded \"at the start of the step\" activates there; as every "
                "other step activates such effects first (6-2-1 .. 6-7-3-1), the engine activates it as the end step "
                "starts, together with the \"end of turn\" effects")
        rules: tuple[str, ...] = ("6-8-1-1", "6-2-1", "6-7-3-1")
    else:
        text = (f"the effect is printed under a {d.step} step heading and is not worded \"at the start of the step\"; "
                "the rules do not say when such an effect activates (6-2-1 .. 6-7-3-1 name only that wording, 8-3-3 "
                "makes the heading a condition), so the engine activates it once, as that step starts")
        rules = ("8-3-3", "6-2-1")
    log.add("note", f"{E.q(act.source)}: {text}.", rules, subject=act.source)
    return state, prev, frozenset()


def after_resolves(state: State, log: EventLog, act: Activation, d: M.AfterResolves, prev: tuple[str, ...]) -> Result:
    """The decision the engine made where the rules are silent (cardnodes.AfterResolves), said before the directives."""
    used = ", ".join(E.q(u) for u in act.that) or "the magic card"
    log.add("note", f"{E.q(act.source)}: its effect answers to {used} being used from the hand (8-6-1, 10-8-1) and its "
                    "text performs its directive after that card's effect resolves; the rules do not say how a directive "
                    "waits, so the engine activates it once the magic card's effect has resolved (10-8-8).",
            ("8-6-1", "10-8-1", "10-8-8"), subject=act.source)
    return state, prev, frozenset()


def _placement(state: State, log: EventLog, who: str, uid: str, need: int, rid: str) -> tuple:
    """10-6-7 / 10-7-7: the player places at least the LV1 cost in cores, from the field or the reserve, or more if
    they wish: `A chooses placing 1 from reserve`. The engine never picks the cores: without an answer it asks."""
    choice = Choice(who, f'Which cores does {who} place on "{uid}" (at least {need}; `placing N from reserve`)?',
                    R._payment_options(state, who) or ("placing …",), f"{rid}-7", log.line)

    def valid(a) -> str | None:
        ok = isinstance(a.extra, tuple) and not a.extra[0] and a.extra[1] is not None
        return None if ok else "answer `placing N from reserve` / `placing N from \"Card\"` (no paying: the cost is not paid)"
    extra = ask_answer(log.answers, choice, valid).extra
    assert isinstance(extra, tuple)  # checked by `valid`
    return extra[1]


def free_summon(state: State, log: EventLog, act: Activation, d: M.FreeSummon, prev: tuple[str, ...]) -> Result:
    """10-6 / 10-7 by an effect "without paying its cost": the card is chosen among the cards of that area fitting the
    description (8-5-3; the hidden hand: 8-5-3-5), revealed (10-6-3), no cost is paid (10-6-6 is not performed, as the
    effect says), and the player places at least its LV1 cost in cores on it (10-6-7, 10-7-7)."""
    if d.area == "revealed":
        return _free_from_revealed(state, log, act, d, prev)
    who, src = act.controller, E.q(act.source)
    pl = state.p(who)
    if d.area == "trash":
        need_named_trash(act, who, pl.trash_unknown)
    cards = pl.hand if d.area == "hand" else pl.trash
    if d.sel.ref is not None:  # s21 bss: "Summon this spirit card from your trash …": the card named, nothing chosen
        return _free_named(state, log, act, d, prev)
    eligible = [c.uid for c in cards if match_info(d.sel, c, who, who, act.source, bp=None,
                                                  keywords=V.printed_keywords(c), souls=frozenset())]
    if d.area == "hand" and pl.hand_unknown:
        log.add("note", f"{who}'s hand also holds {pl.hand_unknown} card{'s' * (pl.hand_unknown != 1)} the scenario does "
                        "not describe: a card selected from a private area may be left aside even if it fits (8-5-3-5), "
                        "so only the cards it names are offered.", ("8-5-3-5",), subject=act.source)
    verb = "place" if d.sel.kinds == ("nexus",) else "summon"
    chosen = _choose(state, log, act, d.sel, eligible, verb=f"{verb} without paying its cost")
    if not chosen:
        log.add("nothing", f"{who} has no card in their {d.area} fitting {src}'s effect: nothing is {verb}ed.",
                ("8-5-3-4",), subject=act.source)
        return state, (), frozenset()
    done: list[str] = []
    for uid in chosen:
        pl = state.p(who)
        card = next(c for c in (pl.hand if d.area == "hand" else pl.trash) if c.uid == uid)
        state, on = _put_free(state, log, act, card, d.area, f"from their {d.area}")
        done += [uid] if on else []
    return state, tuple(done), frozenset()


def _free_named(state: State, log: EventLog, act: Activation, d: M.FreeSummon, prev: tuple[str, ...]) -> Result:
    """s21 bss, 10-6 / 10-7, 3-1-4: "Summon this spirit card from your trash without paying its cost": the card the text
    names (this card, or the event's), summoned or placed from the trash if it is there; elsewhere (a token is removed,
    4-12-3) it is not, and the answer says so."""
    who = act.controller
    named = E._referred(state, act, d.sel, prev)
    done: list[str] = []
    for uid in named:
        card = next((c for c in state.p(who).trash if c.uid == uid), None)
        if card is None or card.type.value != d.sel.kinds[0]:
            log.add("nothing", f"{E.q(uid)} is not a {d.sel.kinds[0]} card in {who}'s trash, so {E.q(act.source)}'s "
                               "effect does not put it on the field (3-1-4, 4-12-3).", ("3-1-4", "4-12-3", "1-3-2"),
                    subject=act.source)
            continue
        state, on = _put_free(state, log, act, card, "trash", "from their trash")
        done += [uid] if on else []
    return state, tuple(done), frozenset()


def _put_free(state: State, log: EventLog, act: Activation, card: Card, area: str, where: str) -> tuple[State, bool]:
    """One card summoned / placed without paying its cost (10-6-3, 10-6-6 not performed, 10-6-7; 10-7 for a nexus);
    whether it is on the field once the rules have been managed (10-6-8 / 8-5-2-5)."""
    who, uid = act.controller, card.uid
    rid = "10-7" if card.type is CardType.NEXUS else "10-6"
    log.add("reveal", f'{who} reveals "{uid}" {where} to {"place" if rid == "10-7" else "summon"} it '
                      f"without paying its cost ({E.q(act.source)}'s effect): no cost is paid.", (f"{rid}-3", f"{rid}-6"),
            subject=uid)
    place = _placement(state, log, who, uid, card.lv1_cost, rid)
    state = R.put_on_field(state, log, who, card, area, place, rid)
    changed = frozenset(s.place for s in place if s.place != "reserve")
    state = R.manage(state, log, self_by=who, changed=changed)
    if E.find_field(state, uid) is None:
        return state, False
    return E.emit(state, log, [E.Ev("summoned", (uid,), who)]), True


def _free_from_revealed(state: State, log: EventLog, act: Activation, d: M.FreeSummon,
                        prev: tuple[str, ...]) -> Result:
    """s13 bssmech: "Reveal the top N cards of your deck. You may summon one <card> from among them without paying its
    cost": the card is chosen among the cards just looked at or revealed that fit the description (8-5-3, 12-2-1: a
    card that fulfils the condition is revealed as it leaves the deck), then summoned / placed as from any area; the
    cards not chosen stay on top of the deck for the text's next sentence ("Discard the rest")."""
    who, src = act.controller, E.q(act.source)
    _need_named(act, prev, who)
    by_uid = {c.uid: c for c in state.p(who).deck_known}
    eligible = [u for u in prev if u in by_uid and match_info(d.sel, by_uid[u], who, who, act.source, bp=None,
                                                              keywords=V.printed_keywords(by_uid[u]),
                                                              souls=frozenset())]
    verb = "place" if d.sel.kinds == ("nexus",) else "summon"
    chosen = _choose(state, log, act, d.sel, eligible, verb=f"{verb} without paying its cost")
    if not chosen:
        log.add("nothing", f"No card among the cards revealed fits {src}'s effect"
                           f"{' or ' + who + ' chooses none' if eligible else ''}: nothing is {verb.rstrip('e')}ed.",
                ("8-5-3-2",) if eligible else ("8-5-3-4",), subject=act.source)
        return state, prev, frozenset()
    for uid in chosen:
        state, _on = _put_free(state, log, act, by_uid[uid], "deck", "from among the cards on top of their deck")
    return state, tuple(u for u in prev if u not in chosen), frozenset()


def named_from_trash(state: State, log: EventLog, act: Activation, d: M.NamedFromTrash, prev: tuple[str, ...]) -> Result:
    """3-4-2: the trash is public, so the card of that name (2-1-1) is chosen as it is (8-5-3-1); a trash holding cards
    the scenario does not name is refused, never invented."""
    who = act.controller
    pl = state.p(who)
    need_named_trash(act, who, pl.trash_unknown)
    eligible = [c.uid for c in pl.trash if c.uid.split("#")[0].casefold() == d.name.casefold()]
    return trash_to(state, log, act, Sel(count=d.count, kinds=("spirit", "nexus", "magic")), eligible, d.to,
                    f'card named "{d.name}"', ("8-5-3", "3-4-2", "2-1-1"))


def delayed(state: State, log: EventLog, act: Activation, d: M.Delayed, prev: tuple[str, ...]) -> Result:
    """The directive is not performed now; it waits for this turn's end step (engine/bss/delayed.py), with the cards
    selected just before it when it names them ("it"); with none selected it is ignored (8-5-3-4)."""
    if d.selected and not prev:
        log.add("nothing", f'{E.q(act.source)}\'s effect: no card was selected for "{d.text}", so that directive is '
                           "ignored and nothing is set up for the end of the turn.", ("8-5-3-4",), subject=act.source)
        return state, prev, frozenset()
    return delayed_set_up(state, log, act.controller, act.source, d, prev if d.selected else ()), prev, frozenset()


N.EXECUTORS.update({M.Delayed: delayed, M.NamedFromTrash: named_from_trash, M.FreeSummon: free_summon, M.AfterResolves: after_resolves, M.Choose: choose, M.CardIs: card_is, M.NamedFromAmong: named_from_among,
                    M.RestChoice: rest_choice, M.StepTiming: step_timing})


# --- s11 bss ----------------------------------------------------------------------------------------------------------


def mill_pick(state: State, log: EventLog, act: Activation, d: M.MillPick, prev: tuple[str, ...]) -> Result:
    """10-2-1: the top cards of the deck go to the trash; then 8-5-3 (3-4-2: the trash is public) the controller chooses,
    among the cards just discarded that fit the description, the cards that go to the hand. A discarded card the
    scenario does not name could be one that fits: the choice is refused, never invented."""
    who = act.controller
    before = state.p(who)
    state, _prev, changed = E.directive(state, log, act, d.mill, prev)
    after = state.p(who)
    had = {c.uid for c in before.trash}
    milled = [c for c in after.trash if c.uid not in had]
    need_named_trash(act, who, after.trash_unknown - before.trash_unknown)
    eligible = [c.uid for c in milled if match_info(d.sel, c, who, who, act.source, bp=None,
                                                    keywords=V.printed_keywords(c), souls=frozenset())]
    what = f"{d.sel.text().removeprefix('1 ').removeprefix('your ')} card among the cards just discarded"
    rule = "8-5-3-2" if d.sel.up_to else "8-5-3-1"
    state, chosen, _c = trash_to(state, log, act, d.sel, eligible, "hand", what, ("8-5-3", rule, "3-4-2", "10-2-1"))
    return state, chosen, changed


N.EXECUTORS[M.MillPick] = mill_pick


_REVEALED_TO = {"hand": ("adds it to their hand", ("12-2-1",)), "deck top": ("", ("12-3-2", "1-3-2-2")),
                "deck bottom": ("puts it on the bottom of their deck", ("3-2-3-1",)),
                "trash": ("discards it", ("10-2-1",))}


def revealed_is(state: State, log: EventLog, act: Activation, d: M.RevealedIs, prev: tuple[str, ...]) -> Result:
    """1-3-7: "If it is [not] <card description>, <where it goes>": tested on the card just revealed (12-2) as the
    sentence resolves, on its printed information; a revealed card the scenario does not name is never invented."""
    who, src = act.controller, E.q(act.source)
    _need_named(act, prev, who)
    pl = state.p(who)
    card = next((c for c in pl.deck_known if prev and c.uid == prev[0]), None)
    if card is None or d.sel is None:
        log.add("nothing", f"The revealed card is no longer on {who}'s deck: {src}'s sentence has nothing to test.",
                ("1-3-2",), subject=act.source)
        return state, prev, frozenset()
    fits = match_info(d.sel, card, who, who, act.source, bp=None, keywords=V.printed_keywords(card), souls=frozenset())
    holds = fits != d.negated
    what = hand_cards_text(d.sel).replace("card(s)", "card")
    log.add("condition", f"{E.q(card.uid)} {'is' if fits else 'is not'} a {what}: "
                         f"the condition of {src}'s sentence {'holds' if holds else 'does not hold'}.",
            ("1-3-7", "12-2-2"), subject=act.source)
    if not holds:
        return state, prev, frozenset()
    if d.to == "deck top":  # it is already there (12-3-2: the card did not leave the deck)
        log.add("return", f"{who} returns {E.q(card.uid)} to the top of their deck ({src}'s effect): it is already there, "
                          "so it stays.", _REVEALED_TO["deck top"][1], subject=act.source)
        return state, prev, frozenset()
    pl, taken = D.take_at(pl, (card.uid,))
    if d.to == "hand":
        pl = evolve(pl, hand=pl.hand + taken)
    elif d.to == "trash":
        pl = evolve(pl, trash=pl.trash + taken)
    else:
        pl = D.put(pl, taken, bottom=True)
    verb, rules = _REVEALED_TO[d.to]
    log.add("add" if d.to == "hand" else "return", f"{who} {verb.replace('it', E.q(card.uid), 1)} ({src}'s effect).",
            rules, subject=act.source)
    if d.to == "trash":  # s13 bssmech: a discard (10-2-1)
        return E.discarded(state.with_p(who, pl), log, who, (card.uid,), 1, "deck"), (), frozenset()
    return state.with_p(who, pl), (), frozenset()


N.EXECUTORS[M.RevealedIs] = revealed_is


def milled_is(state: State, log: EventLog, act: Activation, d: M.MilledIs, prev: tuple[str, ...]) -> Result:
    """s14 bss, 10-2-1, 1-3-7: the discard from the top of a deck, then the directive when a card it put into the trash
    fits the description (judged on the cards' printed information, public in the trash, 3-4-2). A discarded card the
    scenario does not name could be one that fits: the answer is refused, never guessed."""
    had = {p: ({c.uid for c in state.p(p).trash}, state.p(p).trash_unknown) for p in PLAYERS}
    state, after, changed = E.directive(state, log, act, d.mill, prev)
    milled: list[tuple[str, Card]] = []
    for p in PLAYERS:
        pl = state.p(p)
        if pl.trash_unknown > had[p][1]:
            raise Unsupported(f"{E.q(act.source)}'s effect asks whether a card it discarded from {p}'s deck is "
                              f"{hand_cards_text(d.sel)}, and the scenario does not name the discarded cards: the engine "
                              "never invents a card", subject=act.source, hint=f"name the top cards of {p}'s deck")
        milled += [(p, c) for c in pl.trash if c.uid not in had[p][0]]
    fits = [c.uid for p, c in milled if match_info(evolve(d.sel, count=None), c, p, act.controller, act.source,
                                                   bp=None, keywords=V.printed_keywords(c), souls=frozenset())]
    what = hand_cards_text(d.sel).replace("card(s)", "card")
    log.add("condition", f"{', '.join(E.q(u) for u in fits) or 'None of the discarded cards'} "
                         f"{'is' if len(fits) == 1 else 'are' if fits else 'is'} a {what}: the condition of "
                         f"{E.q(act.source)}'s sentence {'holds' if fits else 'does not hold'}.",
            ("1-3-7", "10-2-1"), subject=act.source)
    if not fits:
        return state, after, changed
    state, after, more = E.directive(state, log, act, d.then, after)
    return state, after, changed | more


N.EXECUTORS[M.MilledIs] = milled_is


def some_to_bottom(state: State, log: EventLog, act: Activation, d: M.SomeToBottom, prev: tuple[str, ...]) -> Result:
    """s14 bss, 12-3, 8-5-3-2: of the cards just viewed (still on top of the deck, 12-3-2) the controller chooses any
    number, none included, for the bottom of the deck; the engine asks, it never picks. Several go there in an order
    their owner chooses (3-1-5), which the engine does not track (as cardexec.put_rest). The others stay on top."""
    who, src = act.controller, E.q(act.source)
    _need_named(act, prev, who)
    if not prev:
        log.add("nothing", f"No card was viewed: {src}'s effect puts nothing on the bottom of the deck.", ("1-3-2",),
                subject=act.source)
        return state, prev, frozenset()
    chosen = E.choose_cards(state, log, who, f"Which of the viewed cards ({', '.join(E.q(u) for u in prev)}) does {who} "
                                             f"put on the bottom of their deck ({src}; any number, none included)?",
                            list(prev), len(prev), True, "8-5-3-2")
    if not chosen:
        log.add("nothing", f"{who} puts none of the viewed cards on the bottom of their deck ({src}'s effect).",
                ("8-5-3-2",), subject=act.source)
        return state, prev, frozenset()
    pl, taken = D.take_at(state.p(who), chosen)
    z = D.pile_of(pl)
    if len(taken) > 1:  # 3-1-5: the owner orders them; known to be at the bottom, in an order not tracked
        moved = z.put_bottom((UNKNOWN,) * len(taken))  # type: ignore[arg-type]
        pl = D.with_pile(pl, OrderedZone(moved.cards, moved.unplaced + taken))
    else:
        pl = D.with_pile(pl, z.put_bottom(taken))
    order = (f" in an order {who} chooses (not tracked: those cards are now somewhere in the deck)" if len(taken) > 1
             else "")
    log.add("return", f"{who} puts {', '.join(E.q(c.uid) for c in taken)} on the bottom of their deck{order} ({src}'s "
                      "effect).", ("8-5-3-2", "3-2-3-1", "3-1-5"), subject=act.source)
    return state.with_p(who, pl), tuple(u for u in prev if u not in chosen), frozenset()


N.EXECUTORS[M.SomeToBottom] = some_to_bottom


def battle_delayed(state: State, log: EventLog, act: Activation, d: M.BattleDelayed, prev: tuple[str, ...]) -> Result:
    """s16 bss: "When this battle ends, <directive>": not performed now; set up for the end of the battle in progress
    (7-1-6-1, engine/bss/delayed.py); with no battle in progress there is no "this battle" and the engine refuses."""
    if state.battle is None:
        raise Unsupported(f'{E.q(act.source)}\'s effect sets up "{d.text}" and no battle is in progress',
                          subject=act.source)
    if d.selected and not prev:
        log.add("nothing", f'{E.q(act.source)}\'s effect: no card was selected for "{d.text}", so that directive is '
                           "ignored and nothing is set up for the end of the battle.", ("8-5-3-4",), subject=act.source)
        return state, prev, frozenset()
    return set_up_battle(state, log, act.controller, act.source, d, prev if d.selected else ()), prev, frozenset()


N.EXECUTORS[M.BattleDelayed] = battle_delayed  # s16 bss
