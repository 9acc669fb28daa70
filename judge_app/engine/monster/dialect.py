"""The monster game's part of the scenario language: board lines, actions and expectations.

    game monster
    turn 5, A, main phase
    A: hand 5, deck 30, discard 0, rage 0, monster zone 3
    A monster: "Flame Lion I" rank I, trait Beast, threat 6000, red
    A monster_deck: "Flame Lion II" rank II, trait Beast, threat 9000
    A hand: strategy "Scout Report" rank 1, icon 1, text "Draw 1 card."
    A field: battle "Ballista" zone 1, rank 3, counter 7000, icon 1
    A invades discarding "Scout Report"
    expect A monster zone 4, hand 4

See docs/scenario-language.md (section "The monster-invasion game") for every line.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge_app.engine.core import UNKNOWN, OrderedZone, RuleIdFormat
from judge_app.engine.monster.moves import (
    Choose,
    Concede,
    GainRage,
    Invade,
    Pass,
    PlayBattle,
    PlayCard,
    ProceedTo,
)
from judge_app.engine.monster.state import (
    COLORS,
    PLAYERS,
    ROMAN,
    Card,
    Kind,
    Phase,
    Player,
    State,
    as_state,
    but,
    known,
)
from judge_app.engine.monster.terms import counter_power, counter_total, threat_level
from judge_app.errors import ScenarioError
from judge_app.scenario.expect import Expectations, error, parse_expect
from judge_app.scenario.model import ActionItem, Context, Scenario
from judge_app.scenario.syntax import Phrase, Statement, Tok, abilities

AREAS = ("monster", "monster_deck", "hand", "deck", "discard", "field", "strategy")
_KIND_OF = {k.value: k for k in Kind}
_KINDS = frozenset(_KIND_OF)
_DEFAULT_KIND = {"monster": Kind.MONSTER, "monster_deck": Kind.MONSTER, "field": Kind.BATTLE,
                 "strategy": Kind.STRATEGY}
PHASE_WORDS = {p.value: p for p in Phase}
EXPECTS = ('A hand|deck|discard|rage|threat|counter power N', 'A monster zone N', 'A monster rank II',
           'A monster top "Card"', "A countered | A not countered", '"Card" in hand|discard|deck|monster deck|'
           'monster|strategy zone', '"Card" in zone N', '"Card" destroyed | not destroyed', '"Card" triggered',
           '"Card" counter power N', "victory invasion|countering", "main phase (start|main|counter|end)")


class _Board:
    def __init__(self) -> None:
        self.state = State()
        self.counts: dict[tuple[str, str], tuple[int, Tok]] = {}
        self.listed: dict[tuple[str, str], list[Card]] = {(w, a): [] for w in PLAYERS for a in AREAS}
        self.zone_of: dict[str, int] = {}
        self.this_turn: set[str] = set()
        self.bottom: set[str] = set()  # deck cards listed below the unknown ones
        self.tokens: set[str] = set()  # field cards that are tokens (9.1)
        self.stacked: set[str] = set()  # field cards stacked on the card listed before them in their zone
        self.burst: dict[str, list[str]] = {w: [] for w in PLAYERS}
        self.monster_zone: dict[str, int] = {}
        self.rage: dict[str, int] = {}
        self.lines: dict[str, tuple[int, int]] = {}


def _int(t: Tok, what: str) -> int:
    if not t.quoted and t.value.isdigit():  # the usual case, without the number pattern
        return int(t.value)
    if not t.is_number:
        raise error(t, f"{what} must be a whole number, not {t.value!r}")
    return int(t.value)


def _rank(t: Tok) -> int:
    if t.value.upper() in ROMAN:
        return ROMAN[t.value.upper()]
    return _int(t, "a rank")


def read_turn(b: _Board, st: Statement) -> None:
    changes: dict[str, object] = {}
    for ph in st.phrases:
        w = ph.words
        if len(w) == 1 and ph.toks[0].is_number:
            changes["turn"] = int(ph.toks[0].value)
        elif len(w) == 1 and ph.toks[0].value in PLAYERS:
            changes["player"] = ph.toks[0].value
        elif len(w) in (1, 2) and w[0] in PHASE_WORDS and w[1:] in ((), ("phase",)):
            changes["phase"] = PHASE_WORDS[w[0]]
        else:
            raise error(ph, f"unknown turn item {ph.text()!r}", "write `turn 5, A, main phase`")
    if changes:
        b.state = but(b.state, **changes)


def read_player(b: _Board, st: Statement) -> None:
    who = st.head
    for ph in st.phrases:
        w, t = ph.words, ph.toks
        if len(t) == 2 and w[0] in ("hand", "deck", "discard"):
            b.counts[(who, w[0])] = (_int(t[1], w[0]), t[1])
        elif len(t) == 2 and w[0] == "rage":
            b.rage[who] = _int(t[1], "rage")
        elif (len(t) == 3 and w[:2] == ("monster", "zone")) or (len(t) == 2 and w[0] == "zone"):
            z = _int(t[-1], "a zone")
            if not 1 <= z <= 8:
                raise error(t[-1], f"zone {z} does not exist: zones are numbered 1 to 8 (4.4.3)")
            b.monster_zone[who] = z
        else:
            raise error(ph, f"unknown player item {ph.text()!r}",
                        "write e.g. `A: hand 5, deck 30, discard 0, rage 0, monster zone 3`")


def _card_head(b: _Board, st: Statement) -> tuple[Kind, Tok, int]:
    """The card's type (or the area's default), its quoted name, and where the first phrase goes on after it."""
    who, area = st.head, st.area or ""
    if not st.phrases:
        raise error(st, f"{area} line without a card", 'e.g. `A hand: battle "Pike Line" rank 2, counter 6000`')
    first = st.phrases[0]
    toks = first.toks
    kind = _DEFAULT_KIND.get(area)
    i = 0
    if toks and not toks[0].quoted:
        word = first.words[0]  # (lower-cased once, by the phrase)
        if word not in _KINDS:
            raise error(toks[0], f"unknown card type {toks[0].value!r}", "monster, battle or strategy")
        kind = _KIND_OF[word]
        i = 1
    if len(toks) <= i or not toks[i].quoted:
        raise error(first, "the card's name goes in double quotes", f'e.g. `{who} {area}: battle "Pike Line" rank 2`')
    name = toks[i]
    if kind is None:
        raise error(name, f"say the type of {name.value!r}: monster, battle or strategy")
    if name.value in b.lines:
        raise error(name, f"card {name.value!r} is described twice", 'give each card its own name, e.g. "Pike#2"')
    b.lines[name.value] = (name.line, name.column)
    return kind, name, i + 1


def _set_rank(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) != 2:
        return False
    fields["rank"] = _rank(t[1])
    return True


def _set_traits(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) < 2:
        return False
    fields["traits"] = fields.get("traits", ()) + tuple(x.value for x in t[1:])
    return True


def _set_threat(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) == 2:
        fields["threat"] = _int(t[1], "threat")
    elif len(t) == 3 and w[1] == "level":
        fields["threat"] = _int(t[2], "threat level")
    else:
        return False
    return True


def _set_icon(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) != 2:
        return False
    fields["icon"] = _int(t[1], "icon")
    return True


def _set_counter(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) not in (2, 3) or w[1:-1] not in ((), ("power",)):
        return False
    fields["counter"] = _int(t[-1], "counter power")
    return True


def _set_color(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) != 1:
        return False
    fields["colors"] = fields.get("colors", ()) + (w[0],)
    return True


def _set_text(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if len(t) != 2 or not t[1].quoted:
        return False
    fields["effects"] = fields.get("effects", ()) + abilities(t[1].value)  # text pasted with its lines
    return True


def _set_cannot(fields: dict, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    if w != ("cannot", "engage"):
        return False
    fields["cannot_engage"] = True
    return True


# A piece of the card's information (chapter 2) by its first word: each phrase is looked up once instead of
# being compared with every form in turn. A reader returns False when the phrase is not that piece.
_CARD_VALUE = {"rank": _set_rank, "trait": _set_traits, "traits": _set_traits, "threat": _set_threat,
               "icon": _set_icon, "counter": _set_counter, "text": _set_text, "cannot": _set_cannot,
               **dict.fromkeys(COLORS, _set_color)}


# (area, words) -> the _Board set the card's name goes into
_PLACE_FLAGS = {("field", ("stacked",)): "stacked", ("deck", ("bottom",)): "bottom", ("deck", ("at", "bottom")): "bottom",
                ("strategy", ("placed", "this", "turn")): "this_turn"}


def _card_place(b: _Board, who: str, area: str, uid: str, w: tuple[str, ...], t: tuple[Tok, ...]) -> bool:
    """Where the card lies in its area (zone, stacked, bottom, this turn, burst); False when not that."""
    if w[0] == "zone" and len(t) == 2 and area == "field":
        z = _int(t[1], "a zone")
        if not 1 <= z <= 8:
            raise error(t[1], f"zone {z} does not exist: zones are numbered 1 to 8 (4.4.3)")
        b.zone_of[uid] = z
    elif (area, w) in _PLACE_FLAGS:
        getattr(b, _PLACE_FLAGS[(area, w)]).add(uid)
    elif w == ("token",) and area == "field":  # 9.1.4.1: a battle token exists only in zones
        b.tokens.add(uid)
    elif w in (("played", "with", "burst"), ("burst",)) and area == "monster":
        b.burst[who].append(uid)
    else:
        return False
    return True


def _card_property(b: _Board, fields: dict, who: str, area: str, uid: str, w: tuple[str, ...],
                   t: tuple[Tok, ...], ph: Phrase | None) -> None:
    """One property phrase of a card line (`ph` None: the rest of the first phrase, after the name)."""
    reader = _CARD_VALUE.get(w[0])
    if not ((reader is not None and reader(fields, w, t)) or _card_place(b, who, area, uid, w, t)):
        at = Phrase(t) if ph is None else ph
        raise error(at, f"unknown card property {at.text()!r}",
                    "rank N, trait T, threat N, counter N, icon N, a color, text \"…\", cannot engage"
                    + (", zone N" if area == "field" else ""))


def _card(b: _Board, st: Statement) -> None:
    who, area = st.head, st.area or ""
    kind, name, rest = _card_head(b, st)
    uid = name.value
    phrases = st.phrases
    first = phrases[0]
    fields: dict = {"owner": who}  # the Card's fields given on the line: the others keep their defaults
    # each property: the first phrase after the card's type and name, then the others
    if len(first.toks) > rest:
        _card_property(b, fields, who, area, uid, first.words[rest:], first.toks[rest:], None)
    for ph in phrases[1:]:
        _card_property(b, fields, who, area, uid, ph.words, ph.toks, ph)
    if area == "field" and uid not in b.zone_of:
        raise error(st.phrases[0], f"say which zone {uid!r} is in", f'e.g. `{who} field: battle "{uid}" zone 2, …`')
    if uid in b.tokens:
        fields["token"] = True
        if "Token" not in fields.get("traits", ()):  # 9.1.5
            fields["traits"] = fields.get("traits", ()) + ("Token",)
    b.listed[(who, area)].append(Card(uid, kind, **fields))


def _fill(b: _Board, who: str, area: str) -> tuple:
    cards = b.listed[(who, area)]
    if (who, area) not in b.counts:
        return tuple(cards)
    n, tok = b.counts[(who, area)]
    if n < len(cards):
        raise error(tok, f"{who} {area} {n} but {len(cards)} {area} cards are listed",
                    "the count is the total: listed cards are part of it")
    if not b.bottom:  # the usual board: no card listed at the bottom
        return tuple(cards) + (UNKNOWN,) * (n - len(cards))
    top = tuple(c for c in cards if c.uid not in b.bottom)
    return top + (UNKNOWN,) * (n - len(cards)) + tuple(c for c in cards if c.uid in b.bottom)


def _finish_board(b: _Board) -> State:
    s = b.state
    for who in PLAYERS:
        stack = tuple(b.listed[(who, "monster")])
        for u in b.burst[who]:
            if u not in {c.uid for c in stack}:
                raise ScenarioError(f"{u!r} played with burst must be in the invading monster")
        pl = Player(stack=stack, zone=b.monster_zone.get(who, 1), rage=b.rage.get(who, 0),
                    monster_deck=tuple(b.listed[(who, "monster_deck")]), hand=_fill(b, who, "hand"),
                    deck=OrderedZone(_fill(b, who, "deck")), discard=_fill(b, who, "discard"),
                    field=_field(b, who),
                    strategy=tuple((c, c.uid in b.this_turn) for c in b.listed[(who, "strategy")]),
                    burst=tuple(b.burst[who]))
        s = s.with_p(who, pl)
    return s


def _field(b: _Board, who: str) -> tuple:
    """Battle cards by zone; a `stacked` card goes on top of the card listed before it in its zone."""
    stacks: list[tuple[int, tuple[Card, ...]]] = []
    for c in b.listed[(who, "field")]:
        z = b.zone_of[c.uid]
        if c.uid in b.stacked:
            i = next((k for k in range(len(stacks) - 1, -1, -1) if stacks[k][0] == z), None)
            if i is None:
                raise ScenarioError(f"{c.uid!r} is stacked, but no card is listed before it in zone {z}",
                                    line=b.lines[c.uid][0], column=b.lines[c.uid][1])
            stacks[i] = (z, stacks[i][1] + (c,))
        elif any(zz == z for zz, _cs in stacks):  # which was placed last (11.5.1) is not on the board
            raise ScenarioError(f"{who}'s zone {z} already holds a battle card: a zone holds one (11.5.1)",
                                line=b.lines[c.uid][0], column=b.lines[c.uid][1],
                                hint=f'write `stacked` if "{c.uid}" lies on top of the other card')
        else:
            stacks.append((z, (c,)))
    return tuple(sorted(stacks, key=lambda e: e[0]))


_PHASE_HINT = "write `proceed to B main phase`: the player, then the phase (start, main, counter, end)"


def read_proceed(st: Statement) -> ProceedTo:
    toks = [t for ph in st.phrases for t in ph.toks]
    w = [t.word or t.value for t in toks]
    if len(w) in (3, 4) and w[0] == "to" and toks[1].value in PLAYERS and w[2] in PHASE_WORDS \
            and w[3:] in ([], ["phase"]):
        return ProceedTo(toks[1].value, PHASE_WORDS[w[2]])
    raise error(st, "cannot read this proceed line", _PHASE_HINT)


def read_action(st: Statement) -> object:
    who = st.head
    phrases = st.phrases
    if len(phrases) == 1:  # the usual case: the phrase's words are made once
        toks, w = phrases[0].toks, phrases[0].words
    else:
        toks = tuple(t for ph in phrases for t in ph.toks)
        w = tuple(x for ph in phrases for x in ph.words)
    names = [t.value for t in toks if t.quoted]
    if w[:1] == ("plays",) and len(toks) >= 2 and toks[1].quoted:
        rest = w[2:]
        if len(rest) == 3 and rest[:2] == ("to", "zone") and toks[-1].is_number:
            return PlayBattle(who, toks[1].value, int(toks[-1].value))
        if rest in ((), ("with", "burst")):
            return PlayCard(who, toks[1].value, burst=bool(rest))
    elif len(toks) == 3 and w[:2] == ("invades", "discarding") and toks[2].quoted:
        return Invade(who, names[0])
    elif len(toks) == 4 and w[:3] == ("gains", "rage", "discarding") and toks[3].quoted:
        return GainRage(who, names[0])
    elif w == ("passes",):
        return Pass(who)
    elif w == ("concedes",):
        return Concede(who)
    elif w[:1] == ("chooses",) and len(toks) >= 2:
        vals = tuple(t.value for t in toks[1:])
        if all(t.quoted for t in toks[1:]) or vals in (("no",), ("nothing",), ("yes",), ("none",)) \
                or (len(vals) == 1 and vals[0].isdigit()):
            return Choose(who, ("no",) if vals == ("nothing",) else vals)
    raise error(st, f"unknown action {st.source.strip()!r}",
                'actions: A plays "Card" to zone N; A plays "Card" [with burst]; A invades discarding "Card"; '
                'A gains rage discarding "Card"; A passes; A chooses "Card"; A concedes; proceed to B main phase')


# ---- expectations -------------------------------------------------------------------------------


def where(s: State, uid: str) -> tuple[str, str, int | None] | None:
    """(player, area, zone) of a card on the board."""
    for who in PLAYERS:
        pl = s.p(who)
        for area, cards in (("monster", pl.stack), ("monster deck", pl.monster_deck), ("hand", pl.hand),
                            ("discard", pl.discard), ("deck", pl.deck.cards + pl.deck.unplaced),
                            ("strategy zone", tuple(c for c, _t in pl.strategy))):
            if any(isinstance(c, Card) and c.uid == uid for c in cards):
                return who, area, pl.zone if area == "monster" else None
        for z, cs in pl.field:
            if any(c.uid == uid for c in cs):
                return who, "zone", z
    return None


def _describe(loc) -> str:
    if loc is None:
        return "not on the board"
    who, area, z = loc
    return f"{who}'s {area}" + (f" {z}" if area == "zone" else "")


def _card_expect(ph: Phrase, uid: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    if w[:1] == ("in",) and len(w) >= 2:
        owner = t[1].value if len(t) == 4 and t[1].value in PLAYERS else None
        if w[-2] == "zone" and len(t) == (4 if owner else 3) and t[-1].is_number:
            z = int(t[-1].value)
            return (lambda ctx: ((lambda loc: (bool(loc and loc[1] == "zone" and loc[2] == z
                                                    and owner in (None, loc[0])), _describe(loc)))(
                where(ctx.state, uid)))), False
        area = " ".join(w[1:])
        if area in ("hand", "discard", "deck", "monster deck", "monster", "strategy zone", "strategy"):
            area = "strategy zone" if area == "strategy" else area
            return (lambda ctx: ((lambda loc: (bool(loc and loc[1] == area), _describe(loc)))(
                where(ctx.state, uid)))), False
    if w == ("on", "field"):
        return (lambda ctx: ((lambda loc: (bool(loc and loc[1] == "zone"), _describe(loc)))(
            where(ctx.state, uid)))), False
    if w in (("destroyed",), ("not", "destroyed")):
        want = w == ("destroyed",)
        return (lambda ctx: ((any(e.kind == "destroy" and e.subject == uid for e in ctx.events) == want),
                             "destroyed" if any(e.kind == "destroy" and e.subject == uid for e in ctx.events)
                             else "not destroyed")), False
    if w in (("triggered",), ("not", "triggered"), ("resolved",)):
        kind = "resolve" if w == ("resolved",) else "trigger"
        want = w != ("not", "triggered")
        return (lambda ctx: ((any(e.kind == kind and e.subject == uid for e in ctx.events) == want),
                             f"{kind}: {any(e.kind == kind and e.subject == uid for e in ctx.events)}")), False
    if w[:2] == ("counter", "power") and len(t) == 3 and t[2].is_number:
        n = int(t[2].value)

        def chk(ctx: Context):
            s = as_state(ctx.state)
            from_card = [(who, c) for who in PLAYERS for _z, c in s.p(who).battle_tops() if c.uid == uid]
            if not from_card:
                return False, "not a battle card on the field"
            v = counter_power(s, from_card[0][0], from_card[0][1])
            return v == n, str(v)
        return chk, False
    return None


def _player_expect(ph: Phrase, who: str, w: tuple[str, ...], t: tuple[Tok, ...]):
    def num(get):
        n = _int(t[-1], "the expected value")
        return (lambda ctx: ((lambda v: (v == n, str(v)))(get(ctx.state)))), False
    if len(t) == 2 and w[0] in ("hand", "deck", "discard"):
        area = w[0]
        return num(lambda s: len(getattr(s.p(who), area)))
    if len(t) == 2 and w[0] == "rage":
        return num(lambda s: s.p(who).rage)
    if w[:1] == ("threat",) and len(t) in (2, 3) and w[1:-1] in ((), ("level",)):
        return num(lambda s: threat_level(s, who))
    if w[:2] == ("counter", "power") and len(t) == 3:
        return num(lambda s: counter_total(s, who))
    if w[:2] == ("monster", "zone") and len(t) == 3:
        return num(lambda s: s.p(who).zone)
    if w[:2] == ("monster", "rank") and len(t) == 3:
        r = _rank(t[2])
        return (lambda ctx: ((lambda top: (bool(top and top.rank == r), top.rank_word() if top else "none"))(
            ctx.state.p(who).top))), False
    if w[:2] == ("monster", "top") and len(t) == 3 and t[2].quoted:
        name = t[2].value
        return (lambda ctx: ((lambda top: (bool(top and top.uid == name), top.uid if top else "none"))(
            ctx.state.p(who).top))), False
    if w in (("countered",), ("not", "countered"), ("monster", "countered"), ("monster", "not", "countered")):
        want = "not" not in w
        return (lambda ctx: ((who in ctx.state.countered) == want,
                             "countered" if who in ctx.state.countered else "not countered")), False
    return None


def _game_expect(ph: Phrase, w: tuple[str, ...], t: tuple[Tok, ...]):
    if w[0] == "victory" and len(w) == 2 and w[1] in ("invasion", "countering"):
        how = w[1]

        def chk(ctx: Context):
            got = [dict(e.facts).get("victory") for e in ctx.events if e.kind == "win"]
            return got == [how], (got[0] if got else "no victory")
        return chk, True
    if len(w) == 2 and w[0] in PHASE_WORDS and w[1] == "phase":
        ph_ = w[0]
        return (lambda ctx: (str(ctx.state.phase) == ph_, f"{ctx.state.phase} phase")), False
    if w in (("countered",), ("not", "countered")):
        want = w == ("countered",)
        return (lambda ctx: (bool(ctx.state.countered) == want,
                             "countered: " + (", ".join(ctx.state.countered) or "none"))), False
    return None


EXPECT = Expectations(
    players=PLAYERS, rule_ids=RuleIdFormat.DOTTED_NO_TRAILING,
    turn=lambda s: (as_state(s).turn, as_state(s).player, str(as_state(s).phase)), steps=frozenset(PHASE_WORDS), card=_card_expect,
    player=_player_expect, game=_game_expect, heads=frozenset({"victory"}),
    phrases=frozenset({"countered", "not countered"} | {f"{p} phase" for p in PHASE_WORDS}),
    player_items=frozenset({"hand", "deck", "discard", "rage", "threat", "counter", "monster", "countered", "not"}),
    examples=EXPECTS)


def read_assume(st: Statement) -> str:
    text = " ".join(t.value for ph in st.phrases for t in ph.toks)
    if text in ("unmentioned options are declined", "declined"):
        return "declined"
    raise error(st, f"unknown assumption {text!r}", "write `assume unmentioned options are declined`")


def _tok_value(tok: Tok) -> str:
    return tok.value


def read(statements: Sequence[Statement], rules_version: str) -> Scenario:
    b = _Board()
    items: list = []
    assumptions: set[str] = set()
    board_done: State | None = None
    for st in statements:
        kind, head = st.kind, st.head
        if kind == "player" or (kind == "keyword" and head == "turn"):
            if board_done is not None:
                raise error(st, "board lines come before the first action or expectation")
            if kind == "keyword":
                read_turn(b, st)
            elif st.area is None:
                read_player(b, st)
            else:
                _card(b, st)
            continue
        if kind == "keyword" and head in ("game", "rules"):
            continue
        if kind == "keyword" and head == "assume":
            assumptions.add(read_assume(st))
            continue
        if board_done is None:
            board_done = _finish_board(b)
        if kind == "action":
            items.append(ActionItem(st.line, st.source.strip(), read_action(st)))
        elif kind == "keyword" and head == "expect":
            items.extend(parse_expect(st, _tok_value, EXPECT))
        elif kind == "keyword" and head == "proceed":
            items.append(ActionItem(st.line, st.source.strip(), read_proceed(st)))
        else:
            raise error(st, f"`{head}` lines are not part of the monster game's language")
    if board_done is None:
        board_done = _finish_board(b)
    return Scenario("monster", rules_version, board_done, tuple(items),
                    tuple((u, ln, col) for u, (ln, col) in b.lines.items()), frozenset(assumptions))


# ---- writing a board back --------------------------------------------------------------------------


def card_text(c: Card, *, with_kind: bool = True) -> str:
    parts = [(f"{c.kind} " if with_kind else "") + f'"{c.uid}"']
    if c.rank:
        parts.append(f"rank {c.rank_word()}")
    if c.traits:
        parts.append("trait " + " ".join(f'"{x}"' if " " in x else x for x in c.traits))
    if c.kind is Kind.MONSTER or c.threat:
        parts.append(f"threat {c.threat}")
    if c.kind is Kind.BATTLE or c.counter:
        parts.append(f"counter {c.counter}")
    if c.icon:
        parts.append(f"icon {c.icon}")
    parts += list(c.colors)
    parts += ['text "' + e.replace("\\", "\\\\").replace('"', '\\"') + '"' for e in c.effects]
    if c.cannot_engage:
        parts.append("cannot engage")
    if c.token:
        parts.append("token")
    return ", ".join(parts)


def write_board(s: State) -> str:
    out = ["game monster", "rules 1.2", f"turn {s.turn}, {s.player}, {s.phase} phase"]
    for who in PLAYERS:
        pl = s.p(who)
        out.append(f"{who}: hand {len(pl.hand)}, deck {len(pl.deck)}, discard {len(pl.discard)}, rage {pl.rage}, "
                   f"monster zone {pl.zone}")
        for c in pl.stack:
            out.append(f"{who} monster: {card_text(c)}" + (", played with burst" if c.uid in pl.burst else ""))
        out += [f"{who} monster_deck: {card_text(c)}" for c in pl.monster_deck]
        out += [f"{who} hand: {card_text(c)}" for c in pl.known_hand()]
        out += [f"{who} field: {card_text(c)}, zone {z}" + (", stacked" if i else "")
                for z, cs in pl.field for i, c in enumerate(cs)]
        out += [f"{who} strategy: {card_text(c)}" + (", placed this turn" if t else "") for c, t in pl.strategy]
        out += [f"{who} discard: {card_text(c)}" for c in known(pl.discard)]
        out += _deck_lines(who, pl.deck.cards)
    return "\n".join(out) + "\n"


def _deck_lines(who: str, cards: tuple) -> list[str]:
    """The known cards of a deck, those below its first unknown card marked `bottom`."""
    if cards.count(UNKNOWN) == len(cards):  # the usual deck: only a count (counted in C, without a loop here)
        return []
    listed = [(c, i) for i, c in enumerate(cards) if isinstance(c, Card)]
    first_unknown = next((i for i, c in enumerate(cards) if c is UNKNOWN), len(cards))
    return [f"{who} deck: {card_text(c)}" + (", bottom" if i > first_unknown else "") for c, i in listed]
