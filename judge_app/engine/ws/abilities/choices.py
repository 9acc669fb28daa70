"""The choices an effect asks of a player (8.6.3): yes or no, one of, up to N, and the characters an effect may choose."""

from __future__ import annotations

from typing import Any

from judge_app.engine.core import Choice, EventLog, ask
from judge_app.engine.ws import view
from judge_app.engine.ws.abilities.common import _bound_rules, _gain_text, _selects, _within
from judge_app.engine.ws.answers import answers_of, peek, skip
from judge_app.engine.ws.effects import Pump, Select, has_trait
from judge_app.engine.ws.state import BACK, CENTER, POSITIONS, State, other


def yes_no(log: EventLog, who: str, question: str, rule: str, yes: str = "yes", no: str = "no") -> bool:
    (v,) = ask(answers_of(log), Choice(who, question, (yes, no), rule, log.line),
               lambda a: None if len(a.values) >= 1 and a.values[0] in (yes, no) else f"answer {yes} or {no}",
               default=(no,))[:1]
    return v == yes


def pick(log: EventLog, who: str, question: str, options: tuple[str, ...], rule: str, optional: bool) -> str | None:
    """One of `options` (a card), or None when the player may and does choose none."""
    opts = options + (("none",) if optional else ())
    if not options:
        return None
    (v,) = ask(answers_of(log), Choice(who, question, opts, rule, log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in opts else f"choose one of {', '.join(opts)}",
               default=("none",) if optional else None)
    return None if v == "none" else v


def choose(log: EventLog, who: str, options: tuple[str, ...], what: str, question: str, rule: str) -> str:
    """One of `options` (cards), which must be chosen: the only one is taken (`forced`), otherwise asked."""
    if len(options) == 1:
        return forced(log, who, options[0], what, rule)
    (v,) = ask(answers_of(log), Choice(who, question, options, rule, log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in options else f"choose one of {', '.join(options)}")
    return v


def forced(log: EventLog, who: str, option: str, what: str, rule: str) -> str:
    """The only legal choice is made; an answer line naming exactly it (e.g. the neutral form's `targets`) is
    taken, so that it is not left over as an answer to nothing."""
    a = peek(log, who)
    if a is not None and a.values == (option,):
        skip(log)
    log.add("choose", f"{who} must choose {option!r}: it is the only {what}.", (rule, "8.6.3.1"), subject=option)
    return option


# --- the opponent's characters, looking at and searching the deck (issue 13) ---------------------

def _choose_opp(state: State, log: EventLog, p: str, what: str, area: str = "", at_most: bool = False,
                bound: Select | None = None, may: bool = False) -> str | None:
    """One of the opponent's characters (a "character" is on the stage, 2.3.2.1.2; `area`: only on its center or
    back stage, 3.6.3; `bound`: only those within a level or cost bound, s9-wsrealb), chosen by the ability's master
    (8.6.3); none when there is none (8.6.3.1.3)."""
    spots = CENTER if area == "center" else BACK if area == "back" else POSITIONS
    opts = _choosable(state, log, p, tuple(o.uid for pos, o in state.side(other(p)).characters() if pos in spots
                                           and (bound is None or _within(state, o.uid, bound))))
    if not opts:
        kind = f"{bound.text()} " if bound is not None else "character "
        log.add("nothing", f"{other(p)} has no {kind}{f'on the {area} stage ' if area else ''}to choose: the "
                "effect does nothing.", ("8.6.3.1.3",) + (("3.6.3",) if area else ()) + _bound_rules(bound))
        return None
    if bound is not None:
        on_area = f" on the {area} stage" if area else ""  # s10 bodies: a bound within an area (3.6.3)
        log.add("count", f"{other(p)}'s characters that can be chosen ({bound.text()}{on_area}): "
                f"{', '.join(map(repr, opts))}.", ("2.3.2.1.2",) + _bound_rules(bound) + (("3.6.3",) if area else ()))
    if at_most or may:  # "choose up to 1" (8.6.3.1.1), s10: "you may choose 1" (8.6.3): the player may choose none
        why, rule = ("up to 1", "8.6.3.1.1") if at_most else ("the text says 'you may'", "8.6.3")
        got = pick(log, p, f"Which of {other(p)}'s characters {what} ({why})?", opts, rule, True)
        if got is None:
            log.add("decline", f"{p} chooses none of {other(p)}'s characters ({why}).", (rule,))
        return got
    return choose(log, p, opts, f"{bound.text() if bound else 'character'} of {other(p)}"
                  + (f" on the {area} stage" if area else ""),
                  f"Which of {other(p)}'s characters {what}?", "8.6.3")


def _opp_chooses(state: State, log: EventLog, p: str, eff: Pump) -> str | None:
    """s17 zone: "your opponent chooses 1 of their [《T》] characters, and that character gets …": the player the text names
    chooses (8.6.3), one of his or her own characters (2.3.2.1.2), as many as possible (8.6.3.1); none when there is none
    (8.6.3.1.3). The effect is still p's: a character that "cannot be chosen by your opponent's effects" is not among
    the choices; the rules do not say whether that holds when its own master chooses, and the engine says so."""
    o = other(p)
    fits = tuple(x.uid for _pos, x in state.side(o).characters() if eff.select is None or _selects(state, x.uid, eff.select))
    opts = _choosable(state, log, p, fits)
    kind = f"{eff.select.text()} of {o}" if eff.select is not None else f"character of {o}"
    if len(opts) < len(fits):
        log.add("note", f"The rules do not say whether 'cannot be chosen by your opponent's effects' holds when {o}, the "
                f"character's own master, chooses for {p}'s effect: the engine keeps such a character out of the choices.",
                ("8.6.3", "1.3.4"))
    if not opts:
        log.add("nothing", f"{o} has no {kind} to choose: the effect does nothing.", ("8.6.3.1.3",))
        return None
    return choose(log, o, opts, kind, f"Which of {o}'s characters does {o} choose to get "
                  f"{_gain_text(eff.power, eff.soul, eff.levels)}?", "8.6.3")


def pick_up_to(log: EventLog, who: str, question: str, options: tuple[str, ...], n: int, rule: str) -> tuple[str, ...]:
    """Up to `n` different cards of `options`, or none ("choose up to N", 8.6.3.1.1): the player answers with the
    cards (`A chooses "X" "Y"`) or none."""
    def valid(a: Any) -> str | None:
        vals = tuple(a.values)
        if vals == ("none",) or (len(vals) <= n and len(set(vals)) == len(vals) and all(v in options for v in vals)):
            return None
        return f"choose up to {n} different cards of {', '.join(options)}, or none"
    got = ask(answers_of(log), Choice(who, question, (*options, "none"), rule, log.line), valid, default=("none",))
    return () if tuple(got) == ("none",) else tuple(got)


def in_order(log: EventLog, who: str, cards: tuple[str, ...], where: str) -> list[str]:
    """s20 body: the order `who` puts several cards in ("in any order", 8.8.1: as the text says), the first named nearest
    the top; the last one left is not asked about."""
    order: list[str] = []
    while len(order) < len(cards) - 1:
        left = tuple(dict.fromkeys(x for x in cards if cards.count(x) > order.count(x)))
        order.append(choose(log, who, left, "card left to put back", f"Which card goes {'first' if not order else 'next'} "
                            f"({where}, from the top)?", "8.8.1"))
    return order + [x for x in cards if cards.count(x) > order.count(x)]


def pick_exactly(log: EventLog, who: str, question: str, options: tuple[str, ...], n: int, rule: str,
                 optional: bool = False) -> tuple[str, ...]:
    """s19 body: "choose N …" (8.6.3.1): as many of `options` as possible up to N, so all of them when there are N or
    fewer (the choice is forced), otherwise N different ones the player names; none only when the text says "you may"
    (`optional`, 8.6.3)."""
    if len(options) <= n and not optional:  # forced: an answer line naming exactly them is taken (as `forced`)
        a = peek(log, who)
        if a is not None and sorted(a.values) == sorted(options):
            skip(log)
        log.add("choose", f"{who} must choose {', '.join(map(repr, options))}: no more can be chosen (as many as possible "
                f"up to {n}).", (rule,), subject=options[0])
        return options
    want = min(n, len(options))

    def valid(a: Any) -> str | None:
        vals = tuple(a.values)
        if (optional and vals == ("none",)) or (len(vals) == want and len(set(vals)) == len(vals)
                                                 and all(v in options for v in vals)):
            return None
        return f"choose {want} different cards of {', '.join(options)}" + (", or none" if optional else "")
    got = ask(answers_of(log), Choice(who, question, (*options, "none") if optional else options, rule, log.line,
                                      pick=want), valid, default=("none",) if optional else None)
    return () if tuple(got) == ("none",) else tuple(got)


# --- effect actions of real card texts: revealing the top card, a discard, "draw up to" (issue 13) --------------

def _how_many(log: EventLog, p: str, question: str, n: int) -> int:
    """"up to n" cards from the top of the deck: the player may stop before any card (3.2.3.1, 3.2.3.1.1)."""
    opts = tuple(str(i) for i in range(n, -1, -1))
    (v,) = ask(answers_of(log), Choice(p, question, opts, "3.2.3.1", log.line),
               lambda a: None if len(a.values) == 1 and a.values[0] in opts else f"a number of {', '.join(opts)}")
    log.add("choose", f"{p} chooses {v} (up to {n}: the player may stop before any card).", ("3.2.3.1", "3.2.3.1.1"))
    return int(v)


def _choose_battling(state: State, log: EventLog, p: str) -> str | None:
    """s14 bodies: 1 of p's characters in battle, the attacking or the defending character (7.2.1.5.1), chosen as the
    effect resolves (8.6.3); none outside a frontal attack or when neither is p's (8.6.3.1.3)."""
    opts = tuple(x for x in view.in_battle(state) if (on := state.on_stage(x)) and on[0] == p)
    if not opts:
        log.add("nothing", f"{p} has no character in battle to choose: the effect does nothing.", ("8.6.3.1.3", "7.2.1.5.1"))
        return None
    return choose(log, p, opts, "character in battle", "Which character in battle gets the ability?", "8.6.3")


def _choose_own(state: State, log: EventLog, p: str, source: str, trait: str, other_only: bool,
                question: str) -> str | None:
    """1 of p's characters (with `trait`, 2.5.3; not the ability's own card when the text says "other"), chosen as the
    effect resolves (8.6.3); none when there is none (8.6.3.1.3)."""
    opts = tuple(o.uid for _pos, o in state.side(p).characters() if has_trait(trait, view.traits_of(state, o.uid))
                 and not (other_only and o.uid == source))
    if not opts:
        log.add("nothing", f"{p} has no character to choose: the effect does nothing.", ("8.6.3.1.3",))
        return None
    return choose(log, p, opts, "character to choose", question, "8.6.3")


def _choosable(state: State, log: EventLog, p: str, opts: tuple[str, ...], rule: str = "") -> tuple[str, ...]:
    """The opponent's characters p's effect may choose: not one that "cannot be chosen by your opponent's effects"
    (its own text stops the choice, 1.3.4; 8.6.3: the choices presented). A trigger icon's action (`rule`, 4.12.1) is
    treated as an effect of its player here: the rules call it an action and do not say; the step says so."""
    kept = []
    for x in opts:
        ban = view.banned(state, x, "unchoosable")
        if ban is None:
            kept.append(x)
            continue
        log.add("ban", f"{x!r} cannot be chosen by {p}'s effects (its text: \"{ban.text}\"): it is not among the "
                "choices" + (" (the engine treats the trigger icon's action as one of those effects: the rules do not "
                             "say)" if rule else "") + ".",
                ("1.3.4", "8.6.3") + view.ban_rules(state, x, ban) + ((rule, "4.12.1") if rule else ()), subject=x)
    return tuple(kept)
