"""Effective card information on the field: printed values with the continuous effects applied (8-8).

8-8-1-1 start from the card; 8-8-1-2 apply the directives that change no number (keywords gained,
"cannot block"); 8-8-1-3 then the numeric ones, BP in four layers: level changes (8-8-1-3-2), BP
redefinitions (8-8-1-3-3, none in the vocabulary), BP set to a value (8-8-1-3-4), BP plus or minus
(8-8-1-3-5), each layer in chronological order. Constant effects count from the card's position on
the board (the order the board lists them); resolved effects in the order they resolved.

To keep the computation well-founded, the descriptions inside constant effects ("all of your spirits
with 3000 BP or less") look at printed information (the printed BP of the card's level from its
cores), never at other constant effects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from operator import is_
from typing import Any

from judge_app.engine.bss import vocab
from judge_app.engine.bss.cardast import ForEach
from judge_app.engine.bss.cardnodes import GainSymbol
from judge_app.engine.bss.immunity import IMMUNE, immunity
from judge_app.engine.bss.lifeguard import is_yours
from judge_app.engine.bss.state import PLAYERS, Applied, AppliedKind, Card, CardType, State, Step, other
from judge_app.engine.bss.vocab import (
    BLOCKED_BY,
    FIRST_ATTACKER,
    HIGHEST,
    Allow,
    Effect,
    Forbid,
    Gain,
    Keyword,
    ModBP,
    Sel,
    SetBP,
    SetLevel,
    blockers_of,
    parse_keyword_text,
)


@dataclass(frozen=True, slots=True)
class View:
    uid: str
    owner: str
    card: Card
    level: int
    bp: int | None  # never negative (1-3-6)
    symbols: tuple[str, ...]
    keywords: tuple[Keyword, ...]  # keyword effects it has now, its own (at this level) and gained ones
    effects: tuple[Effect, ...]  # its own effects active at this level (keyword effects included)
    forbid: frozenset[str]  # "block", "attack", …
    layers: tuple[str, ...] = ()  # how the BP came about, for the log
    # (controller, source card or "") of each effect that lowered its BP or level (9-4-2-1, 9-4-2-2)
    lowered_by: tuple[tuple[str, str], ...] = ()
    allowed: frozenset[str] = frozenset()  # what an effect lets it do against a rule: "block while exhausted" (1-3-1)

    def has(self, name: str) -> bool:
        return any(k.name == name for k in self.keywords)

    def all_kw(self, name: str) -> tuple[Keyword, ...]:
        return tuple(k for k in self.keywords if k.name == name)

    @property
    def colors(self) -> tuple[str, ...]:
        return self.card.colors


# Views are built through their slots' own setters (a dozen per computation of the board; the frozen
# dataclass's __init__ costs twice as much).
_VIEW_SET = tuple(View.__dict__[f].__set__ for f in View.__slots__)
assert tuple(View.__slots__) == ("uid", "owner", "card", "level", "bp", "symbols", "keywords", "effects", "forbid",
                                 "layers", "lowered_by", "allowed")


def _view(uid: str, owner: str, card: Card, level: int, bp: int | None, symbols: tuple[str, ...],
          keywords: tuple[Keyword, ...], effects: tuple[Effect, ...], forbid: frozenset[str],
          layers: tuple[str, ...] = (), lowered_by: tuple[tuple[str, str], ...] = (),
          allowed: frozenset[str] = frozenset()) -> View:
    """View(...) with the same arguments, built directly."""
    v = object.__new__(View)
    s_uid, s_owner, s_card, s_level, s_bp, s_symbols, s_keywords, s_effects, s_forbid, s_layers, s_lowered, s_allowed = _VIEW_SET
    s_uid(v, uid)
    s_owner(v, owner)
    s_card(v, card)
    s_level(v, level)
    s_bp(v, bp)
    s_symbols(v, symbols)
    s_keywords(v, keywords)
    s_effects(v, effects)
    s_forbid(v, forbid)
    s_layers(v, layers)
    s_lowered(v, lowered_by)
    s_allowed(v, allowed)
    return v


@lru_cache(maxsize=4096)
def read_effects(text: str) -> tuple[vocab.Effect, ...]:
    """`cardtext.read_effects`, with the card-text grammar loaded only for a text that needs it.

    The house-style vocabulary is read first there too; the print-layout reader (cardtext.py) imports
    lark, about a sixth of a cold `judge check`, so it is imported when a text is not house style.
    """
    try:
        return vocab.parse_effects(text)  # s12 bssonce: with a triggered effect's first "it" read (vocab.trigger_it)
    except vocab.EffectSyntaxError:
        pass
    from judge_app.engine.bss import cardtext  # start-up time, not an import cycle
    return cardtext.read_effects(text)


def misprint_notes(text: str) -> tuple[str, ...]:
    """The notes the reading of `text` adds to an answer (misprints repaired, core.misprint): none for a house-style
    text, which the print-layout reader never reads (and whose grammar it therefore need not load)."""
    try:
        vocab.parse_effects(text)
        return ()
    except vocab.EffectSyntaxError:
        pass
    from judge_app.engine.bss import cardtext  # start-up time, not an import cycle
    return cardtext.understand(text).notes()


def card_effects(card: Card, level: int | None = None) -> tuple[Effect, ...]:
    """The card's own effects (parsed), limited to those active at `level` when it is given (2-10-2)."""
    if not card.effects:
        return ()
    return _card_effects(card.effects, level)


def printed_keywords(card: Card) -> set[str]:
    """10-13-2: away from the field (hand, trash, the cards of a deck), a card has the keywords printed on it, at any
    level: what a description "a spirit card with Link" reads there."""
    return {e.keyword.name for e in card_effects(card) if e.keyword is not None}


@lru_cache(maxsize=4096)
def _card_effects(texts: tuple[str, ...], level: int | None) -> tuple[Effect, ...]:
    out: list[Effect] = []
    for text in texts:
        for e in read_effects(text):
            if level is None or e.levels is None or level in e.levels:
                out.append(e)
    return tuple(out)


def _printed_bp(card: Card, level: int) -> int | None:
    for lv in card.levels:
        if lv.lv == level:
            return lv.bp
    return None


# 6-7: "(During Your / Opponent's / Either Attack Step)": whose attack step the condition names
_ATTACK_STEP = {"your_attack_step": lambda turn, who: turn == who,
                "opponent_attack_step": lambda turn, who: turn != who,
                "attack_step": lambda turn, who: True}


def cond_holds(state: State, who: str, uid: str, conds) -> bool:
    for c in conds:
        k = c.kind
        b = state.battle
        if k == "attacking" and not (b is not None and b.attacker == uid and state.player == who):
            return False
        if k == "blocking" and not (b is not None and b.blocker == uid and state.player != who):
            return False
        # 7-1: "(While This Spirit Attacks or Blocks)": this spirit is the battle's attacker or its blocker
        if k == "battling" and not (b is not None and ((b.attacker == uid and state.player == who)
                                                       or (b.blocker == uid and state.player != who))):
            return False
        if k == "your_turn" and state.player != who:
            return False
        if k == "opponent_turn" and state.player == who:
            return False
        if k in _ATTACK_STEP and not (state.step == Step.ATTACK and _ATTACK_STEP[k](state.player, who)):
            return False
        if k == "life_le" and state.p(who).life > c.n:
            return False
        if k == "life_ge" and state.p(who).life < c.n:
            return False
        if k == "opponent_life_le" and state.p(other(who)).life > c.n:
            return False
        if k == "opponent_life_ge" and state.p(other(who)).life < c.n:
            return False
        if k == "soul" and state.p(who).soul != uid:
            return False
        if k == "soul_on":  # s20 bss, 4-11-1: the soul core on one of the controller's cards fitting the description
            card = state.p(who).find(state.p(who).soul or "")
            if card is None or not printed_match(c.sel, card, who, who, uid):
                return False
            continue
        if k == "linked" and not (b is not None and any(linker == uid for linker, _ in b.links)):  # 11-18-1
            return False
        if k in ("this_refreshed", "this_exhausted"):  # s13 bss, 4-4: this card's orientation now
            me = state.p(who).find(uid)
            if me is None or me.exhausted != (k == "this_exhausted"):
                return False
        if c.sel is not None and not _count_holds(state, who, uid, c):  # s11 bss
            return False
    return True


def _count_holds(state: State, who: str, uid: str, c: Any) -> bool:
    """s11 bss, 8-5-4: "If / While you control N or more <cards>": the cards on that player's field fitting the
    description on printed information (the reader accepts only descriptions no effect changes), this card left out
    when the text says "another"."""
    whose = other(who) if c.kind.startswith("opponent_") else who
    n = sum(1 for card in state.p(whose).field if printed_match(c.sel, card, whose, who, uid))
    return n >= c.n if c.kind.endswith("_ge") else n <= c.n


def _cmp(op: str, a: int | None, n: int) -> bool:
    if a is None:
        return False
    return a <= n if op == "<=" else a >= n if op == ">=" else a == n


def printed_match(sel: Sel, card: Card, card_owner: str, controller: str, source: str | None) -> bool:
    """Does a field card fit a description, judged on printed information (constant effects)."""
    if sel.ref == "this":
        return card.uid == source
    if sel.ref is not None:
        return False
    keywords = ({e.keyword.name for e in card_effects(card, card.level) if e.keyword}
                if sel.keyword or sel.keywords_any else set())
    return match_info(sel, card, card_owner, controller, source, bp=_printed_bp(card, card.level),
                      keywords=keywords)


def match_info(sel: Sel, card: Card, card_owner: str, controller: str, source: str | None, *, bp: int | None,
               keywords: set[str], souls: frozenset[str] | None = None, level: int | None = None,
               battle: tuple[str | None, str | None] | None = None, symbols: tuple[str, ...] | None = None) -> bool:
    """`souls`: the cards the soul cores are on (4-11-1), needed by a description "with(out) a Soul Core on it"
    (the reader accepts that filter only where the caller gives them, cardtext._situational). `battle`: the
    battle's (attacker, blocker), (None, None) outside a battle, needed by "attacking / blocking spirits" (7-1)."""
    if sel.any_of:  # s14 bss, 8-5-3: "one X, or one Y": a card either description fits
        return any(match_info(s, card, card_owner, controller, source, bp=bp, keywords=keywords, souls=souls, level=level,
                              battle=battle, symbols=symbols) for s in sel.any_of)
    if sel.battling and not _battling(sel.battling, card.uid, battle, sel):
        return False
    if sel.soul is not None and (souls is None or (card.uid in souls) != sel.soul):
        if souls is None:
            raise ValueError(f'"{sel.text()}" judged without knowing where the soul cores are')
        return False
    kind = "nexus" if card.type is CardType.NEXUS else "spirit" if card.type is CardType.SPIRIT else "magic"
    if kind not in sel.kinds:
        return False
    if sel.owner == "you" and card_owner != controller:
        return False
    if sel.owner == "opponent" and card_owner == controller:
        return False
    if not _printed_fits(sel, card):
        return False
    if sel.bp and not _cmp(sel.bp[0], bp, sel.bp[1]):
        return False
    if sel.bp_vs is not None:  # s13 bss: resolve._candidates puts this card's BP in `bp` before asking
        raise ValueError(f'"{sel.text()}" judged without knowing this card\'s BP')
    if sel.cores and not _cmp(sel.cores[0], card.cores, sel.cores[1]):  # s13 bss, 4-3: the cores on it now
        return False
    # 2-10-3: the level it is at now (`level`, from its view), else the level its cores give it
    if sel.level and not _cmp(sel.level[0], card.level if level is None else level, sel.level[1]):
        return False
    if sel.symbols is not None:  # 2-8: the symbols it has now (`symbols`, from its view: a link adds some, 11-18-1)
        if symbols is None:
            raise ValueError(f'"{sel.text()}" judged without knowing the card\'s symbols')
        if not _cmp(sel.symbols[0], len(symbols), sel.symbols[1]):
            return False
    if sel.state == "exhausted" and not card.exhausted:
        return False
    if sel.state == "refreshed" and card.exhausted:
        return False
    if sel.keyword and sel.keyword not in keywords:
        return False
    if sel.keywords_any and not set(sel.keywords_any) & set(keywords):  # s22-bssB: "with Confront or Curse"
        return False
    if sel.other and card.uid == source:
        return False
    if sel.timing is not None and not _has_timing(card, sel.timing):  # s14 bss: "with a "When Summoned" effect"
        return False
    return _name_fits(sel, card) and (sel.token is None or sel.token == card.token)


def _printed_fits(sel: Sel, card: Card) -> bool:
    """The description's filters on the card's printed information: colours (2-4), how many colours (s22-bssB, 2-4-1-2),
    family (2-5), cost (2-2), "with no effects listed" (2-9-3)."""
    if sel.colors and not set(sel.colors) & set(card.colors):
        return False
    if sel.n_colors and not _cmp(sel.n_colors[0], len(card.colors), sel.n_colors[1]):
        return False
    if sel.families and not _of_family(sel.families, card.family):
        return False
    if sel.cost and not _cmp(sel.cost[0], card.cost, sel.cost[1]):
        return False
    return not (sel.plain and card.effects)


def _name_fits(sel: Sel, card: Card) -> bool:
    """2-1-1: "other than <name>", "a <name>" (s12 bss), "with "<words>" in its card name": the card name."""
    name = card.name.casefold()
    if sel.not_named is not None and name == sel.not_named.casefold():
        return False
    if sel.named is not None and name != sel.named.casefold():
        return False
    return sel.name_part is None or sel.name_part.casefold() in name


def _has_timing(card: Card, event: str) -> bool:
    """s14 bss, 2-9, 8-6: the card's printed text has a triggered effect of its own with that timing, at any of its
    levels (the description names the text printed on the card, as "a spirit card with Link" does, 10-13-2)."""
    # "When Placed" is a nexus's "summoned" (10-7), "When Summoned" a spirit's (cardtext._TIMINGS)
    want, kind = ("summoned", "nexus") if event == "placed" else (event, "spirit")
    return any(t.event == want and t.whose == "self" and kind in t.kinds for e in card_effects(card) for t in e.triggers)


def _battling(roles: tuple[str, ...], uid: str, battle: tuple[str | None, str | None] | None, sel: Sel) -> bool:
    """7-1: the attacking spirit is the battle's attacker, the blocking spirit its blocker once one is declared
    (7-1-3); outside a battle no spirit is either. Never judged blind: a filter must not match every card."""
    if battle is None:
        raise ValueError(f'"{sel.text()}" judged without knowing the battle')
    return ("attacking" in roles and uid == battle[0]) or ("blocking" in roles and uid == battle[1])


def _of_family(wanted: tuple[str, ...], family: tuple[str, ...]) -> bool:
    """2-5-3: a card of several spirit types is of each one; the names compare without regard to case."""
    have = {f.casefold() for f in family}
    return any(w.casefold() in have for w in wanted)


_CACHE: dict[tuple, tuple[tuple, dict[str, View]]] = {}


def _inputs(state: State) -> tuple:
    """Everything `_compute` reads. Frozen parts are compared by identity: `replace` keeps the parts
    it does not change, so a new state whose fields, effects and battle are unchanged hits the cache."""
    a, b = state.a, state.b  # state.p(PLAYERS[0]), state.p(PLAYERS[1])
    # the step: a constant effect may be active only in an attack step (cond_holds). Of the battle, only the
    # attacker and blocker (cond_holds) and the links (`_links`): a pass in a flash window or the block
    # step beginning gives a new battle with the same views.
    bt = state.battle
    if bt is None:
        return (a.field, b.field, state.continuous, None, None, None, state.player, state.step, a.life, b.life,
                a.soul, b.soul, state.attacked)
    return (a.field, b.field, state.continuous, bt.attacker, bt.blocker, bt.links, state.player, state.step, a.life,
            b.life, a.soul, b.soul, state.attacked)  # s17 bss: "the first spirit that attacks each turn"


_BY_VALUE: dict[tuple, dict[str, View]] = {}
_LAST: list[Any] = [None, None]  # the last state asked about and its views: most calls repeat it
_PLAIN_LAST: list[Any] = [None, None, None]  # the last effect-free fields (A's, B's) and their printed views


def views(state: State) -> dict[str, View]:
    if state is _LAST[0]:
        last: dict[str, View] = _LAST[1]  # a typed local, not `cast(...)`: no call on the hottest path
        return last
    a, b = state.a, state.b  # state.p(PLAYERS[0]), state.p(PLAYERS[1])
    if not state.continuous and (state.battle is None or not state.battle.links):
        if a.field is _PLAIN_LAST[0] and b.field is _PLAIN_LAST[1]:  # the same fields as the last plain board
            out = _PLAIN_LAST[2]
            _LAST[:] = (state, out)
            return out
        for c in a.field + b.field:  # a loop, not two any(genexpr): the hottest path of the views
            if c.effects:
                break
        else:
            # No effect anywhere (`_compute`'s common case): printed values, cheaper than the caches' keys.
            out = {c.uid: _plain(who, c) for who, pl in ((PLAYERS[0], a), (PLAYERS[1], b)) for c in pl.field}
            _LAST[:] = (state, out)
            _PLAIN_LAST[:] = (a.field, b.field, out)  # printed views depend on the fields alone
            return out
    parts = _inputs(state)
    key = tuple(map(id, parts))
    hit = _CACHE.get(key)
    if hit is not None and all(map(is_, hit[0], parts)):
        out = hit[1]
    else:
        # Equal parts give equal views: the order sandbox reaches the same board by different paths.
        same = _BY_VALUE.get(parts)
        full = len(_CACHE) > 256
        if full:
            _CACHE.clear()
            _BY_VALUE.clear()
        if same is None:
            out = _BY_VALUE[parts] = _compute(state)
        else:  # kept under equal parts: stored again only after a clear (hashing them again is not free)
            out = same
            if full:
                _BY_VALUE[parts] = out
        _CACHE[key] = (parts, out)  # the parts are kept alive, so their ids are not reused while cached
    _LAST[:] = (state, out)
    return out


def clear_caches() -> None:
    """Forget every computed view (benchmarks measure a first check with nothing cached)."""
    _CACHE.clear()
    _BY_VALUE.clear()
    _PLAIN.clear()
    _LAST[:] = (None, None)
    _PLAIN_LAST[:] = (None, None, None)


def view(state: State, uid: str) -> View | None:
    return views(state).get(uid)


@dataclass(slots=True)
class _Mods:
    """What the continuous effects do to the cards on the field, collected before it is applied."""
    gains: dict[str, list[Keyword]] = field(default_factory=dict)
    forbid: dict[str, set[str]] = field(default_factory=dict)
    allowed: dict[str, set[str]] = field(default_factory=dict)  # card -> what an effect lets it do (1-3-1)
    level_sets: list[tuple[str, int]] = field(default_factory=list)
    bp_sets: list[tuple[str, int, str]] = field(default_factory=list)
    bp_mods: list[tuple[str, int, str]] = field(default_factory=list)
    lowered: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # card -> (controller, source)
    shielded: dict[str, list[str]] = field(default_factory=dict)  # card -> BP changes it is not affected by
    symbols: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # s17 bss: card -> (symbol, source)

    def lower(self, t: str, controller: str, source: str) -> None:
        self.lowered.setdefault(t, []).append((controller, source))


# What a directive of a constant effect does to target `t` (controller `who`, source card `src`).
def _gain(m: _Mods, t: str, d: Any, who: str, src: str) -> None:
    m.gains.setdefault(t, []).append(d.keyword)


def _forbid(m: _Mods, t: str, d: Any, who: str, src: str) -> None:
    m.forbid.setdefault(t, set()).add(_whose(d.what, who))


def _allow(m: _Mods, t: str, d: Any, who: str, src: str) -> None:
    m.allowed.setdefault(t, set()).add(d.what)


def _whose(what: str, who: str) -> str:
    """"be blocked by <spirits>" describes the blockers from its controller's side, "your life" (lifeguard) names
    its controller's life: the view keeps who that is."""
    return f"{what}{OF_EFFECT}{who}" if what.startswith(BLOCKED_BY) or is_yours(what) else what


OF_EFFECT = " | effect of "


def blocker_refused(av: View, v: View) -> str | None:
    """8-8-1-2, 7-1-3-1: why `v` cannot block the attacker `av` under "cannot be blocked by <spirits>" (None if
    no such restriction names it); the spirits are described from the side of the effect's controller."""
    for w in av.forbid:
        if w.startswith(BLOCKED_BY):
            what, who = w.rsplit(OF_EFFECT, 1)
            if match_info(blockers_of(what), v.card, v.owner, who, av.uid, bp=v.bp,
                          keywords={k.name for k in v.keywords}, level=v.level):
                return f'an effect says "{av.uid}" cannot {what}'
    return None


def _set_level(m: _Mods, t: str, d: Any, who: str, src: str) -> None:
    m.level_sets.append((t, d.level))
    m.lower(t, who, src)


def _set_bp(m: _Mods, t: str, d: Any, who: str, src: str) -> None:
    m.bp_sets.append((t, d.value, f'"{src}"'))
    m.lower(t, who, src)


def _mod_bp(m: _Mods, t: str, d: Any, who: str, src: str) -> None:
    m.bp_mods.append((t, d.amount, f'"{src}"'))
    if d.amount < 0:
        m.lower(t, who, src)


def _gain_symbol(m: _Mods, t: str, d: Any, who: str, src: str) -> None:  # s17 bss, 2-8
    m.symbols.setdefault(t, []).extend((s, src) for s in d.symbols)


_CONSTANT: dict[type, Callable[[_Mods, str, Any, str, str], None]] = {
    Gain: _gain, Forbid: _forbid, Allow: _allow, SetLevel: _set_level, SetBP: _set_bp, ModBP: _mod_bp, GainSymbol: _gain_symbol}


# What an applied (resolved) effect of each kind does to target `t`; `label` names it for the log.
def _ap_gain(m: _Mods, t: str, ap: Applied, label: str) -> None:
    kw = parse_keyword_text(ap.word)
    if kw is not None:
        m.gains.setdefault(t, []).append(kw)


def _ap_forbid(m: _Mods, t: str, ap: Applied, label: str) -> None:
    m.forbid.setdefault(t, set()).add(_whose(ap.word, ap.controller))


def _ap_allow(m: _Mods, t: str, ap: Applied, label: str) -> None:
    m.allowed.setdefault(t, set()).add(ap.word)


def _ap_level(m: _Mods, t: str, ap: Applied, label: str) -> None:
    m.level_sets.append((t, ap.amount))
    m.lower(t, ap.controller, ap.source or "")


def _ap_set_bp(m: _Mods, t: str, ap: Applied, label: str) -> None:
    m.bp_sets.append((t, ap.amount, label))
    m.lower(t, ap.controller, ap.source or "")


def _ap_mod_bp(m: _Mods, t: str, ap: Applied, label: str) -> None:
    m.bp_mods.append((t, ap.amount, label))
    if ap.amount < 0:
        m.lower(t, ap.controller, ap.source or "")


def _ap_symbol(m: _Mods, t: str, ap: Applied, label: str) -> None:  # s19 bss, 2-8: symbols gained for a while
    m.symbols.setdefault(t, []).extend((s, ap.source or "") for s in ap.word.split(","))


_APPLIED: dict[AppliedKind, Callable[[_Mods, str, Applied, str], None]] = {
    AppliedKind.GAIN: _ap_gain, AppliedKind.FORBID: _ap_forbid, AppliedKind.ALLOW: _ap_allow, AppliedKind.LEVEL_SET: _ap_level,
    AppliedKind.BP_SET: _ap_set_bp, AppliedKind.BP_PLUS: _ap_mod_bp, AppliedKind.SYMBOL: _ap_symbol}


_PLAIN: dict[int, tuple[Card, str, View]] = {}
_NONE: frozenset[str] = frozenset()


def _plain(who: str, c: Card) -> View:
    """The printed view of a card no effect touches; kept per card object (cards are frozen, and most
    stay the same object from one state to the next)."""
    hit = _PLAIN.get(id(c))
    if hit is not None and hit[0] is c and hit[1] == who:
        return hit[2]
    v = _view(c.uid, who, c, c.level, c.bp, c.symbols, (), (), _NONE)
    if len(_PLAIN) > 4096:
        _PLAIN.clear()
    _PLAIN[id(c)] = (c, who, v)  # the card is kept alive, so its id is not reused while cached
    return v


def _compute(state: State) -> dict[str, View]:
    field_ = [(who, c) for who in PLAYERS for c in state.p(who).field]
    if not field_:
        return {}
    any_effects = any(c.effects for _, c in field_) or state.continuous or (state.battle and state.battle.links)
    if not any_effects:  # the common case: printed values
        return {c.uid: _plain(who, c) for who, c in field_}
    cards = {c.uid: c for _, c in field_}
    mods = _Mods()
    _constants(state, field_, mods)
    _applied(state, cards, mods)
    level = {c.uid: c.level for c in cards.values()}
    for t, lv in mods.level_sets:  # 8-8-1-3-2, chronological: the last one counts
        if lv == HIGHEST:  # "treated as its highest level": the highest of its own levels (2-10-3)
            lv = max((x.lv for x in cards[t].levels), default=0)
        if level[t] >= 1 and any(x.lv == lv for x in cards[t].levels):
            level[t] = lv
    bp, layers = _bp(cards, level, mods)
    symbols = _links(state, cards, bp, layers)
    for t, extra in mods.symbols.items():  # s17 bss, 2-8: symbols a constant effect gives, besides the card's own
        symbols[t] = symbols[t] + tuple(s for s, _src in extra)
        layers.setdefault(t, []).extend(f'+1 {s} symbol from "{src}" (2-8)' for s, src in extra)
    owner = {c.uid: who for who, c in field_}
    out: dict[str, View] = {}
    gains, forbid, lowered = mods.gains, mods.forbid, mods.lowered
    for uid, c in cards.items():
        own, kws = _own(c.effects, level[uid]) if c.effects else ((), ())
        if uid in gains:
            kws += tuple(gains[uid])
        b = bp[uid]
        # Most cards have no forbidden action, layer or lowering effect: the empty values without building them.
        out[uid] = _view(uid, owner[uid], c, level[uid], None if b is None else max(0, b), symbols[uid], kws, own,
                         frozenset(forbid[uid]) if uid in forbid else _NONE,
                         tuple(layers[uid]) if uid in layers else (),
                         tuple(dict.fromkeys(lowered[uid])) if uid in lowered else (),
                         frozenset(mods.allowed[uid]) if uid in mods.allowed else _NONE)
    return out


def _immune(d: Any) -> bool:
    return isinstance(d, Forbid) and d.what.startswith(IMMUNE)


def _constants(state: State, field_: list[tuple[str, Card]], mods: _Mods) -> None:
    """Constant effects that are active (8-1-4-2), in board order, on the cards they describe.

    "Is not affected by opposing effects" first (a restriction, 8-8-1-2), from constant and resolved
    effects alike; then every other directive, except on a card that restriction shields from it (1-3-3)."""
    active = [(who, src, d) for who, src in field_ if src.effects for e, ds in _constant_parts(src.effects, src.level)
              if cond_holds(state, who, src.uid, e.condition) for d in ds]
    if not active:
        return
    printed = [(w, c, _printed_bp(c, c.level)) for w, c in field_]  # (owner, card, printed BP)
    keywords: dict[str, set[str]] = {}
    bt = state.battle  # "your blocking spirits" (7-1): the view's cache is keyed on its attacker and blocker
    battle = (bt.attacker, bt.blocker) if bt else (None, None)
    # "gains 2000 BP for each nexus you control": the raise times the field cards the count describes, as they are now
    active = [(w, c, _times(d, len(_described(printed, keywords, w, c, d.counted, battle))) if type(d) is ForEach else d)
              for w, c, d in active]
    shields = [x for x in active if _immune(x[2])]
    for who, src, d in shields:
        for _w, c in _described(printed, keywords, who, src, d.sel, battle):
            _forbid(mods, c.uid, d, who, src.uid)
    immune = {uid: frozenset(ws) for uid, ws in mods.forbid.items() if any(w.startswith(IMMUNE) for w in ws)}
    for ap in state.continuous:
        if ap.kind is AppliedKind.FORBID and ap.word.startswith(IMMUNE):
            for t in ap.targets:
                immune[t] = immune.get(t, frozenset()) | {ap.word}
    links = bt.links if bt else ()
    first = first_attacker(state)
    for who, src, d in active:
        if shields and _immune(d):
            continue
        for w, c in _described(printed, keywords, who, src, d.sel, battle, links, first):
            if c.uid in immune and immunity(immune[c.uid], w, who, src.type) is not None:
                if type(d) in (ModBP, SetBP, SetLevel):
                    mods.shielded.setdefault(c.uid, []).append(f'not affected by "{src.uid}" (1-3-3)')
                continue
            _CONSTANT[type(d)](mods, c.uid, d, who, src.uid)


@lru_cache(maxsize=4096)
def _own(texts: tuple[str, ...], level: int) -> tuple[tuple[Effect, ...], tuple[Keyword, ...]]:
    """A card's own effects at `level` and their keywords (`card_effects`), read once per card text."""
    own = _card_effects(texts, level)
    return own, tuple(e.keyword for e in own if e.keyword is not None)


@lru_cache(maxsize=4096)
def _constant_parts(texts: tuple[str, ...], level: int) -> tuple[tuple[Effect, tuple[Any, ...]], ...]:
    """The constant effects of a card's texts at `level`, each with the directives `_CONSTANT` applies: read once
    per card text, not at every computation of the board (most cards have none). A "for each" raise is kept
    whole: its count is taken on the board at hand (`_times`)."""
    return tuple((e, tuple(d for d in e.body if type(d) in _CONSTANT or type(d) is ForEach))
                 for e in _card_effects(texts, level) if e.kind == "constant")


def _times(d: ForEach, k: int) -> ModBP:
    """A constant "<BP raise> for each <cards>" with its count taken: the raise times `k` (8-8-1-3-5)."""
    return ModBP(d.inner.sel, d.inner.amount * k, d.inner.duration)


def first_attacker(state: State) -> tuple[str | None, str | None]:
    """s17 bss, 7-1-1-1: the first spirit that declared an attack this turn, and the same only during the battle of that
    attack ("… during that battle": no later attack has been declared)."""
    at = state.attacked
    first = at[0] if at else None
    bt = state.battle
    return first, first if bt is not None and len(at) == 1 and bt.attacker == first else None


def _described(printed: list[tuple[str, Card, int | None]], keywords: dict[str, set[str]], who: str, src: Card,
               sel: Sel, battle: tuple[str | None, str | None],
               links: tuple[tuple[str, str], ...] = (),
               first: tuple[str | None, str | None] = (None, None)) -> list[tuple[str, Card]]:
    """The field cards a constant effect's description names: `printed_match`, each card's printed values
    computed once; "the linked spirit" is the one `src` is linked to (11-18-1)."""
    out = []
    for w, c, bp in printed:
        if sel.ref in FIRST_ATTACKER:  # s17 bss: the first spirit that attacked this turn (`first`, from the state)
            ok = c.uid == first[sel.ref == FIRST_ATTACKER[1]]
        elif sel.ref is not None:
            ok = c.uid == src.uid if sel.ref == "this" else sel.ref == "linked" and (src.uid, c.uid) in links
        else:
            kws = keywords.get(c.uid) if sel.keyword else set()
            if kws is None:
                kws = keywords[c.uid] = {x.keyword.name for x in card_effects(c, c.level) if x.keyword}
            ok = match_info(sel, c, w, who, src.uid, bp=bp, keywords=kws, battle=battle)
        if ok:
            out.append((w, c))
    return out


def _applied(state: State, cards: dict[str, Card], mods: _Mods) -> None:
    """Effects that resolved and still apply (during this turn / battle), in the order they resolved."""
    for ap in state.continuous:
        label = f'"{ap.source}"' if ap.source else "an effect"
        act = _APPLIED.get(ap.kind)
        if act is None:
            continue
        for t in ap.targets:
            if t in cards:
                act(mods, t, ap, label)


def _bp(cards: dict[str, Card], level: dict[str, int], mods: _Mods) -> tuple[dict[str, int | None], dict[str, list[str]]]:
    """BP after the level (8-8-1-3-2), set (8-8-1-3-4) and plus/minus (8-8-1-3-5) layers, with the log."""
    bp: dict[str, int | None] = {}
    layers: dict[str, list[str]] = {}
    for uid, c in cards.items():
        bp[uid] = _printed_bp(c, level[uid]) if c.type is CardType.SPIRIT else None
        if level[uid] != c.level:
            layers.setdefault(uid, []).append(f"treated as LV{level[uid]} (8-8-1-3-2)")
    for t, notes in mods.shielded.items():
        layers.setdefault(t, []).extend(notes)
    for t, v, src in mods.bp_sets:  # 8-8-1-3-4
        if bp[t] is not None:
            bp[t] = v
            layers.setdefault(t, []).append(f"set to {v} by {src} (8-8-1-3-4)")
    for t, v, src in mods.bp_mods:  # 8-8-1-3-5
        b = bp[t]
        if b is not None:
            bp[t] = b + v
            layers.setdefault(t, []).append(f"{v:+d} from {src} (8-8-1-3-5)")
    return bp, layers


def _links(state: State, cards: dict[str, Card], bp: dict[str, int | None],
           layers: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """11-18-1: a linked spirit adds the BP and symbols of the spirit linking it; the symbols of each card."""
    symbols = {uid: c.symbols for uid, c in cards.items()}
    if state.battle is None:
        return symbols
    for linker, linked in state.battle.links:
        b = bp.get(linked)
        if linker in cards and linked in cards and b is not None:
            plus = max(0, bp[linker] or 0)
            bp[linked] = b + plus
            symbols[linked] = symbols[linked] + cards[linker].symbols
            layers.setdefault(linked, []).append(f'+{plus} linked with "{linker}" (11-18-1)')
    return symbols
