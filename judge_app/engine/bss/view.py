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

from dataclasses import dataclass
from functools import lru_cache

from judge_app.engine.bss.cardtext import read_effects
from judge_app.engine.bss.state import PLAYERS, AppliedKind, Card, CardType, State
from judge_app.engine.bss.vocab import (
    Effect,
    Forbid,
    Gain,
    Keyword,
    ModBP,
    Sel,
    SetBP,
    SetLevel,
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
    forbid: frozenset[str]  # "block", "attack"
    layers: tuple[str, ...] = ()  # how the BP came about, for the log
    # (controller, source card or "") of each effect that lowered its BP or level (9-4-2-1, 9-4-2-2)
    lowered_by: tuple[tuple[str, str], ...] = ()

    def has(self, name: str) -> bool:
        return any(k.name == name for k in self.keywords)

    def all_kw(self, name: str) -> tuple[Keyword, ...]:
        return tuple(k for k in self.keywords if k.name == name)

    @property
    def colors(self) -> tuple[str, ...]:
        return self.card.colors


def card_effects(card: Card, level: int | None = None) -> tuple[Effect, ...]:
    """The card's own effects (parsed), limited to those active at `level` when it is given (2-10-2)."""
    if not card.effects:
        return ()
    return _card_effects(card.effects, level)


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


def cond_holds(state: State, who: str, uid: str, conds) -> bool:
    for c in conds:
        k = c.kind
        b = state.battle
        if k == "attacking" and not (b is not None and b.attacker == uid and state.player == who):
            return False
        if k == "blocking" and not (b is not None and b.blocker == uid and state.player != who):
            return False
        if k == "your_turn" and state.player != who:
            return False
        if k == "opponent_turn" and state.player == who:
            return False
        if k == "life_le" and state.p(who).life > c.n:
            return False
        if k == "life_ge" and state.p(who).life < c.n:
            return False
        if k == "soul" and state.p(who).soul != uid:
            return False
    return True


def _cmp(op: str, a: int | None, n: int) -> bool:
    if a is None:
        return False
    return a <= n if op == "<=" else a >= n


def printed_match(sel: Sel, card: Card, card_owner: str, controller: str, source: str | None) -> bool:
    """Does a field card fit a description, judged on printed information (constant effects)."""
    if sel.ref == "this":
        return card.uid == source
    if sel.ref is not None:
        return False
    keywords = ({e.keyword.name for e in card_effects(card, card.level) if e.keyword} if sel.keyword else set())
    return match_info(sel, card, card_owner, controller, source, bp=_printed_bp(card, card.level),
                      keywords=keywords)


def match_info(sel: Sel, card: Card, card_owner: str, controller: str, source: str | None, *, bp: int | None,
               keywords: set[str]) -> bool:
    kind = "nexus" if card.type is CardType.NEXUS else "spirit" if card.type is CardType.SPIRIT else "magic"
    if kind not in sel.kinds:
        return False
    if sel.owner == "you" and card_owner != controller:
        return False
    if sel.owner == "opponent" and card_owner == controller:
        return False
    if sel.colors and not set(sel.colors) & set(card.colors):
        return False
    if sel.cost and not _cmp(sel.cost[0], card.cost, sel.cost[1]):
        return False
    if sel.bp and not _cmp(sel.bp[0], bp, sel.bp[1]):
        return False
    if sel.state == "exhausted" and not card.exhausted:
        return False
    if sel.state == "refreshed" and card.exhausted:
        return False
    if sel.keyword and sel.keyword not in keywords:
        return False
    if sel.other and card.uid == source:
        return False
    return not (sel.token is True and not card.token)


_CACHE: dict[tuple, tuple[tuple, dict[str, View]]] = {}


def _inputs(state: State) -> tuple:
    """Everything `_compute` reads. Frozen parts are compared by identity: `replace` keeps the parts
    it does not change, so a new state whose fields, effects and battle are unchanged hits the cache."""
    a, b = state.p(PLAYERS[0]), state.p(PLAYERS[1])
    return (a.field, b.field, state.continuous, state.battle, state.player, a.life, b.life, a.soul, b.soul)


def views(state: State) -> dict[str, View]:
    parts = _inputs(state)
    key = tuple(map(id, parts))
    hit = _CACHE.get(key)
    if hit is not None and all(x is y for x, y in zip(hit[0], parts, strict=True)):
        return hit[1]
    out = _compute(state)
    if len(_CACHE) > 256:
        _CACHE.clear()
    _CACHE[key] = (parts, out)  # the parts are kept alive, so their ids are not reused while cached
    return out


def view(state: State, uid: str) -> View | None:
    return views(state).get(uid)


def _compute(state: State) -> dict[str, View]:
    field = [(who, c) for who in PLAYERS for c in state.p(who).field]
    if not field:
        return {}
    base_level = {c.uid: c.level for _, c in field}
    any_effects = any(c.effects for _, c in field) or state.continuous or (state.battle and state.battle.links)
    if not any_effects:  # the common case: printed values
        return {c.uid: View(c.uid, who, c, c.level, c.bp, c.symbols, (), (), frozenset()) for who, c in field}
    owner = {c.uid: who for who, c in field}
    cards = {c.uid: c for _, c in field}
    # Constant effects that are active (8-1-4-2), in board order.
    consts: list[tuple[str, Card, Effect]] = []
    for who, c in field:
        for e in card_effects(c, base_level[c.uid]):
            if e.kind == "constant" and cond_holds(state, who, c.uid, e.condition):
                consts.append((who, c, e))

    def targets(sel: Sel, who: str, src: Card) -> list[str]:
        return [c.uid for w, c in field if printed_match(sel, c, w, who, src.uid)]

    gains: dict[str, list[Keyword]] = {}
    forbid: dict[str, set[str]] = {}
    level_sets: list[tuple[str, int]] = []
    bp_sets: list[tuple[str, int, str]] = []
    bp_mods: list[tuple[str, int, str]] = []
    lowered: dict[str, list[tuple[str, str]]] = {}  # card -> (controller, source) of effects lowering it
    for who, src, e in consts:
        for d in e.body:
            for t in targets(d.sel, who, src):
                if isinstance(d, Gain):
                    gains.setdefault(t, []).append(d.keyword)
                elif isinstance(d, Forbid):
                    forbid.setdefault(t, set()).add(d.what)
                elif isinstance(d, SetLevel):
                    level_sets.append((t, d.level))
                    lowered.setdefault(t, []).append((who, src.uid))
                elif isinstance(d, SetBP):
                    bp_sets.append((t, d.value, f'"{src.uid}"'))
                    lowered.setdefault(t, []).append((who, src.uid))
                elif isinstance(d, ModBP):
                    bp_mods.append((t, d.amount, f'"{src.uid}"'))
                    if d.amount < 0:
                        lowered.setdefault(t, []).append((who, src.uid))
    for ap in state.continuous:
        by = f'"{ap.source}"' if ap.source else "an effect"
        for t in ap.targets:
            if t not in cards:
                continue
            if ap.kind is AppliedKind.GAIN:
                kw = parse_keyword_text(ap.word)
                if kw is not None:
                    gains.setdefault(t, []).append(kw)
            elif ap.kind is AppliedKind.FORBID:
                forbid.setdefault(t, set()).add(ap.word)
            elif ap.kind is AppliedKind.LEVEL_SET:
                level_sets.append((t, ap.amount))
                lowered.setdefault(t, []).append((ap.controller, ap.source or ""))
            elif ap.kind is AppliedKind.BP_SET:
                bp_sets.append((t, ap.amount, by))
                lowered.setdefault(t, []).append((ap.controller, ap.source or ""))
            elif ap.kind is AppliedKind.BP_PLUS:
                bp_mods.append((t, ap.amount, by))
                if ap.amount < 0:
                    lowered.setdefault(t, []).append((ap.controller, ap.source or ""))
    level = dict(base_level)
    for t, lv in level_sets:  # 8-8-1-3-2, chronological: the last one counts
        if level[t] >= 1 and any(x.lv == lv for x in cards[t].levels):
            level[t] = lv
    bp: dict[str, int | None] = {}
    layers: dict[str, list[str]] = {}
    for uid, c in cards.items():
        bp[uid] = _printed_bp(c, level[uid]) if c.type is CardType.SPIRIT else None
        if level[uid] != base_level[uid]:
            layers.setdefault(uid, []).append(f"treated as LV{level[uid]} (8-8-1-3-2)")
    for t, v, by in bp_sets:  # 8-8-1-3-4
        if bp[t] is not None:
            bp[t] = v
            layers.setdefault(t, []).append(f"set to {v} by {by} (8-8-1-3-4)")
    for t, v, by in bp_mods:  # 8-8-1-3-5
        if (now := bp[t]) is not None:
            bp[t] = now + v
            layers.setdefault(t, []).append(f"{v:+d} from {by} (8-8-1-3-5)")
    symbols = {uid: c.symbols for uid, c in cards.items()}
    if state.battle is not None:
        for linker, linked in state.battle.links:  # 11-18-1: BP and symbols of the linking spirit
            if linker in cards and linked in cards and (now := bp.get(linked)) is not None:
                bp[linked] = now + max(0, bp[linker] or 0)
                symbols[linked] = symbols[linked] + cards[linker].symbols
                layers.setdefault(linked, []).append(f'+{max(0, bp[linker] or 0)} linked with "{linker}" (11-18-1)')
    out: dict[str, View] = {}
    for uid, c in cards.items():
        own = card_effects(c, level[uid])
        kws = tuple(e.keyword for e in own if e.keyword is not None) + tuple(gains.get(uid, ()))
        b = bp[uid]
        out[uid] = View(uid, owner[uid], c, level[uid], None if b is None else max(0, b), symbols[uid], kws, own,
                        frozenset(forbid.get(uid, ())), tuple(layers.get(uid, ())),
                        tuple(dict.fromkeys(lowered.get(uid, ()))))
    return out
