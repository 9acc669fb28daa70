"""The board lines of what resolved effects and paid costs leave in a Standard state (`A active: …`).

A board the engine reaches must be writable and read back unchanged (the answer's final board, the explorer's
positions): besides the cards, a Standard state holds the continuous directives of resolved effects (9-1-5-6),
the [Once per turn] effects used this turn (12-3-1), the cards whose last cost included the Soul Core (5-7-1),
the effects set up for the end of the turn / battle ("At the end of this turn, …") and the resolved "cannot be
blocked by" effects (8-1-3-1). Each is one line:

    A active: "gets +3000 BP during this turn", on "Ryuman", from "Flame Blast"
    A active: once per turn used, on "Ryuman", effect "[Once per turn] (When Summoned) Draw a card."
    A active: soul core paid, on "Ryuman"
    A active: first time passed, on "Lamorak", effect "(During Your Turn) The first time … each turn, …"
    A active: delayed, effect "…", directive 1, from "Ryuman", for "Wolf"
    A active: blocked by, effect "…", directive 1, on "Ryuman", from "Ryuman"

A delayed part and a "cannot be blocked by" directive are named by the text of the effect that set them up and
their place among that effect's directives of their kind (the effect is read again on reading the line), so that
the line gives back exactly the value the engine made.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from judge_app.engine.bs_standard import cards as C
from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.state import Applied, AppliedKind, State
from judge_app.engine.bss.dialect import _err, _q
from judge_app.engine.core.evolve import evolve
from judge_app.scenario.syntax import Phrase, Statement, Tok

_DURATION_WORDS = {"turn": " during this turn", "battle": " during this battle", "field": "",
                   "next_refresh": " during its next refresh step",
                   "turn_while_this": " during this turn while its source is on the field"}
_ACTIVE = re.compile(r"(?:(?P<bp>gets [+-]\d+ bp)|(?P<lv>is treated as lv\d+)|cannot (?P<what>.+?))"
                     r"(?: during this (?P<dur>turn|battle)(?P<while> while its source is on the field)?"
                     r"| during its next refresh step(?P<next>)"
                     r"| until the end of (?P<until>[AB])'s (?P<after>next )?turn)?", re.I)


def _duration_words(duration: str) -> str:
    """A resolved effect's duration in a board line; "until the end of your opponent's next turn" is written by
    whose turn's end it waits for: "until the end of B's turn" (the coming end of one of B's turns, this one
    included), "until the end of B's next turn" (not this one: set up in B's turn, effects.applied_duration)."""
    if duration.startswith("until_end"):
        kind, who = duration.split(":")
        return f" until the end of {who}'s {'next ' if kind == 'until_end_next' else ''}turn"
    return _DURATION_WORDS[duration]


def _directives(effect: C.Effect) -> Iterator[object]:
    """Every directive of an effect, in reading order, those of a delayed part after the part's own."""
    stack = list(effect.cost + effect.parts)
    while stack:
        part = stack.pop(0)
        for d in part.directives:
            yield d
            if isinstance(d, C.Delayed):
                stack.insert(0, d.part)


def _index(text: str, kind: type, match: Callable[[object], bool]) -> int:
    """The place of the directive among the effect's directives of its kind (what `_located` reads back)."""
    for i, d in enumerate(x for x in _directives(C.parse_effect(text)) if isinstance(x, kind)):
        if match(d):
            return i + 1
    raise ValueError(f"the effect {text!r} sets up no such directive; the board cannot be written now")


def _uids(word: str, uids: tuple[str, ...]) -> str:
    return f"{word} " + " ".join(_q(u) for u in uids)


def write_lines(state: State) -> list[str]:
    """The `A active:` lines of a board (none for a board with no resolved effect, no cost paid and no use)."""
    out = []
    for a in state.continuous:
        value = a.value
        if a.kind is AppliedKind.FORBID and value in E.PLAYER_BANS:  # a player ban (1-4-3): its target is a player
            out.append(f"{a.controller} active: " + ", ".join(
                [_q(f"{a.targets[0]} cannot {value}" + _duration_words(a.duration))]
                + ([f"from {_q(a.source)}"] if a.source else [])))
            continue
        what = (f"gets {value:+d} BP" if a.kind is AppliedKind.BP_PLUS else f"is treated as LV{value}"
                if a.kind is AppliedKind.LEVEL_SET else f"cannot {value}")
        parts = [_q(what + _duration_words(a.duration)), _uids("on", a.targets)] + (
            [f"from {_q(a.source)}"] if a.source else [])
        out.append(f"{a.controller} active: " + ", ".join(parts))
    for uid, text in state.once_used:
        out.append(f"{_owner(state, uid)} active: once per turn used, on {_q(uid)}, effect {_q(text)}")
    for uid, text in state.firsts:
        out.append(f"{_owner(state, uid)} active: first time passed, on {_q(uid)}, effect {_q(text)}")
    for uid in state.soul_paid:
        out.append(f"{_owner(state, uid)} active: soul core paid, on {_q(uid)}")
    for x in state.delayed:
        n = _index(x.effect, C.Delayed, _same_delayed(x))
        out.append(f"{x.controller} active: delayed, effect {_q(x.effect)}, directive {n}, from {_q(x.source)}"
                   + (", " + _uids("for", x.it) if x.it else ""))
    for b in state.blocked_by:
        n = _index(b.effect, C.ForbidBlockBy, b.d.__eq__)
        out.append(f"{b.controller} active: blocked by, effect {_q(b.effect)}, directive {n}, "
                   f"{_uids('on', b.targets)}, from {_q(b.source)}")
    return out


def _same_delayed(x: E.Later) -> Callable[[object], bool]:
    return lambda d: isinstance(d, C.Delayed) and d.when == x.when and d.part == x.part


def _owner(state: State, uid: str) -> str:
    loc = state.locate(uid)
    return loc[0] if loc else "A"


# -- reading ----------------------------------------------------------------------------------


def _items(st: Statement, name: Callable[[Tok], str]) -> dict[str, object]:
    """The items after the first phrase: on/for (cards), from (a card), effect (a text), directive (a number)."""
    out: dict[str, object] = {}
    for ph in st.phrases[1:]:
        key, toks = ph.words[0], ph.toks[1:]
        if key in ("on", "for") and toks and all(t.quoted for t in toks):
            out[key] = tuple(name(t) for t in toks)
        elif key == "from" and len(toks) == 1 and toks[0].quoted:
            out[key] = name(toks[0])
        elif key == "effect" and len(toks) == 1 and toks[0].quoted:
            out[key] = toks[0].value
        elif key == "directive" and len(toks) == 1 and toks[0].is_number:
            out[key] = int(toks[0].value)
        else:
            raise _err(ph, f"unknown item {ph.text()!r} of an active line",
                       'items: on "Card", …; from "Card"; effect "text"; directive N; for "Card", …')
    return out


def _need(st: Statement, items: dict[str, object], *keys: str) -> None:
    for k in keys:
        if k not in items:
            raise _err(st, f"this active line needs its {k!r} item", _EXAMPLE)


_EXAMPLE = 'e.g. A active: "gets +3000 BP during this turn", on "Ryuman", from "Flame Blast"'


def _located(st: Statement, items: dict[str, object], kind: type) -> object:
    """The directive `kind` an `effect "…", directive N` pair names."""
    _need(st, items, "effect", "directive")
    text, n = str(items["effect"]), int(str(items["directive"]))
    try:
        found = [d for d in _directives(C.parse_effect(text)) if isinstance(d, kind)]
    except C.EffectSyntaxError as e:
        raise _err(st, f"the effect of this active line cannot be read: {e.message}") from None
    if not 1 <= n <= len(found):
        raise _err(st, f"the effect sets up {len(found)} such directive(s), not a directive {n}")
    return found[n - 1]


def read_line(st: Statement, state: State, name: Callable[[Tok], str], battle: bool) -> State:
    """One `A active:` line added to the board (in the order written: the state's tuples keep that order)."""
    if not st.phrases:
        raise _err(st, "an active line needs what is active", _EXAMPLE)
    first: Phrase = st.phrases[0]
    head = " ".join(first.words)
    items = _items(st, name)
    who = st.head
    if len(first.toks) == 1 and first.toks[0].quoted:
        ban = _BAN.fullmatch(first.toks[0].value)
        if ban is not None:
            return _read_ban(st, ban, items, state, who, battle)
        return _read_continuous(st, first.toks[0], items, state, who, battle)
    if head == "once per turn used":
        _need(st, items, "on", "effect")
        uid = cast_one(st, items["on"])
        return evolve(state, once_used=state.once_used + ((uid, str(items["effect"])),))
    if head == "first time passed":  # "The first time … each turn": its event has happened this turn
        _need(st, items, "on", "effect")
        uid = cast_one(st, items["on"])
        return evolve(state, firsts=state.firsts + ((uid, str(items["effect"])),))
    if head == "soul core paid":
        _need(st, items, "on")
        return evolve(state, soul_paid=state.soul_paid + (cast_one(st, items["on"]),))
    if head == "delayed":
        _need(st, items, "from")
        d = _located(st, items, C.Delayed)
        assert isinstance(d, C.Delayed)
        later = E.Later(d.when, who, str(items["from"]), d.part, tuple(items.get("for", ())),  # type: ignore[arg-type]
                        str(items["effect"]))
        return evolve(state, delayed=state.delayed + (later,))
    if head == "blocked by":
        _need(st, items, "on", "from")
        d = _located(st, items, C.ForbidBlockBy)
        assert isinstance(d, C.ForbidBlockBy)
        b = E.BlockedBy(tuple(items["on"]), d, who, str(items["from"]), str(items["effect"]))  # type: ignore[arg-type]
        return evolve(state, blocked_by=state.blocked_by + (b,))
    raise _err(first, f"unknown active line {head!r}", "active lines: a quoted continuous directive, once per turn "
               "used, first time passed, soul core paid, delayed, blocked by")


# a player ban (cards.PlayerBan, 1-4-3): "B cannot use magic cards during this turn"
_BAN = re.compile(r"(?P<player>[AB]) cannot (?P<what>use magic cards|summon spirit cards|deploy nexus cards)"
                  r"(?: during this (?P<dur>turn|battle)| until the end of (?P<until>[AB])'s (?P<after>next )?turn)")


def _read_ban(st: Statement, m: re.Match, items: dict[str, object], state: State, who: str, battle: bool) -> State:
    if m.group("dur") == "battle" and not battle:
        raise _err(st, "an effect active during this battle needs a battle line")
    duration = m.group("dur") or f"until_end{'_next' if m.group('after') else ''}:{m.group('until')}"
    source = items.get("from")
    a = Applied(AppliedKind.FORBID, m.group("what"), (m.group("player"),), duration, who,
                None if source is None else str(source))
    return evolve(state, continuous=state.continuous + (a,))


def cast_one(st: Statement, uids: object) -> str:
    if not isinstance(uids, tuple) or len(uids) != 1:
        raise _err(st, "name one card after `on`")
    return str(uids[0])


def _read_continuous(st: Statement, tok: Tok, items: dict[str, object], state: State, who: str,
                     battle: bool) -> State:
    m = _ACTIVE.fullmatch(tok.value)
    if m is None:
        raise _err(tok, "a Standard active directive is one of: gets +N BP, is treated as LVn, cannot …, with "
                   "\"during this turn/battle\" or nothing after it", _EXAMPLE)
    _need(st, items, "on")
    targets: tuple[str, ...] = tuple(items["on"])  # type: ignore[arg-type]
    for u in targets:
        if state.on_field(u) is None:
            raise _err(st, f'"{u}" is not on the field: an active effect applies to cards on the field')
    duration = m.group("dur") or ("next_refresh" if m.group("next") is not None else "field")
    if m.group("until"):
        if m.group("until") not in "AB" or m.group("bp") is None and m.group("what") is None:
            raise _err(tok, "\"until the end of A's/B's [next] turn\" is written with a capital player letter, after "
                            "a BP or \"cannot\" directive", _EXAMPLE)
        duration = f"until_end{'_next' if m.group('after') else ''}:{m.group('until')}"
    if m.group("while"):
        if duration != "turn" or "from" not in items:
            raise _err(st, "\"during this turn while its source is on the field\" names its source: from \"Card\"")
        duration = "turn_while_this"
    if duration == "next_refresh" and (m.group("what") or "").lower() != "refresh":
        raise _err(st, "only \"cannot refresh\" lasts until its card's next refresh step")
    if duration == "battle" and not battle:
        raise _err(st, "an effect active during this battle needs a battle line")
    if m.group("bp"):
        kind, value = AppliedKind.BP_PLUS, int(m.group("bp").split()[1])  # type: tuple[AppliedKind, int | str]
    elif m.group("lv"):
        kind, value = AppliedKind.LEVEL_SET, int(m.group("lv")[len("is treated as lv"):])
    else:
        kind, value = AppliedKind.FORBID, m.group("what")
    source = items.get("from")
    a = Applied(kind, value, targets, duration, who, None if source is None else str(source))
    return evolve(state, continuous=state.continuous + (a,))
