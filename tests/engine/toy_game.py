"""A tiny test-only game on the engine platform: proves the seam with the core's own machinery.

"Pile" has two players, X and Y (not A and B: the player words come from the game), each with an
ordered `deck` of known and unknown cards and a `hand`. Its rules (dotted ids, as ws and monster
number theirs):

    1.1  Drawing takes the top card of the deck.      1.2  A card whose identity is not given is asked for.
    2.1  Shuffling randomises the deck.               3.1  Effects triggered together wait.
    3.2  The player taking their turn chooses which waiting effect resolves next (any of them).
    3.3  An effect "guard" replaces the next draw: the drawn card goes to the bottom instead.

Nothing here is in the product: the game registers itself only while a test runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from judge_app.engine.core import (
    UNKNOWN,
    Answer,
    Choice,
    EventLog,
    Game,
    GameSpec,
    OrderedZone,
    OrderPolicy,
    Rejected,
    RuleIdFormat,
    Verdict,
    VerdictKind,
    Waiting,
    ask,
    choose_replacement,
    settle,
)
from judge_app.errors import ScenarioError
from judge_app.scenario.expect import Expectations, error, parse_expect
from judge_app.scenario.model import ActionItem, Scenario
from judge_app.scenario.syntax import Statement

PLAYERS = ("X", "Y")


@dataclass(frozen=True, slots=True)
class Side:
    deck: OrderedZone[str] = OrderedZone()
    hand: tuple[str, ...] = ()
    guard: int = 0  # replacement effects waiting for the next draw


@dataclass(frozen=True, slots=True)
class PileState:
    player: str = "X"
    sides: tuple[tuple[str, Side], ...] = (("X", Side()), ("Y", Side()))
    waiting: Waiting[str] = Waiting()

    def side(self, who: str) -> Side:
        return dict(self.sides)[who]

    def with_side(self, who: str, s: Side) -> PileState:
        return replace(self, sides=tuple((w, s if w == who else o) for w, o in self.sides))


@dataclass(frozen=True)
class Draw:
    player: str
    n: int


@dataclass(frozen=True)
class Shuffle:
    player: str


@dataclass(frozen=True)
class Trigger:
    player: str
    effects: tuple[str, ...]


@dataclass(frozen=True)
class Says:  # an answer line: `X says "Ace"`
    player: str
    values: tuple[str, ...]


def _draw(state: PileState, log: EventLog, who: str) -> PileState:
    side = state.side(who)
    if not len(side.deck):
        log.add("nothing", f"{who}'s deck is empty: nothing is drawn.", ("1.1",))
        return state
    deck, (card,) = side.deck.take_top(1)
    if card is UNKNOWN:
        options = side.deck.candidates(0)
        if len(options) == 1:
            card = options[0]
            log.add("infer", f"{who}'s top card can only be {card!r}.", ("1.2",))
        else:
            complete = len(side.deck.unplaced) >= side.deck.unknown  # every unknown card is one of these

            def valid(a: Answer) -> str | None:
                return None if len(a.values) == 1 and (a.values[0] in options or not complete) else \
                    f"the top card is one of {', '.join(options)}"
            (card,) = ask(log.answers, Choice(who, f"Which card is on top of {who}'s deck?",
                                             options or ("a card name",), "1.2", log.line), valid)
            deck = side.deck.reveal(0, card).take_top(1)[0]
            log.add("reveal", f"{who} says the top card is {card!r}.", ("1.2",), subject=card)
    if side.guard:
        names = tuple(f"guard {i + 1}" for i in range(side.guard))
        idx = 0 if len(names) == 1 else choose_replacement(
            log.answers, who, "Which guard replaces the draw?", names, mandatory=True, rule="3.3", line=log.line)
        log.add("replace", f"{names[idx or 0]} applies: {card!r} goes to the bottom of {who}'s deck instead.",
                ("3.3",), subject=card)
        return state.with_side(who, replace(side, deck=deck.put_bottom([card]), guard=side.guard - 1))
    log.add("draw", f"{who} draws {card!r}.", ("1.1",), subject=card)
    return state.with_side(who, replace(side, deck=deck, hand=side.hand + (card,)))


def _order(state: PileState, log: EventLog, candidates: tuple[str, ...]) -> int:
    (pick,) = ask(log.answers, Choice(state.player, "Which waiting effect resolves next?", candidates, "3.2",
                                      log.line),
                  lambda a: None if len(a.values) == 1 and a.values[0] in candidates else "not a waiting effect")
    return candidates.index(pick)


def _resolve(state: PileState, log: EventLog, effect: str) -> PileState:
    log.add("resolve", f"{effect!r} resolves.", ("3.1",), subject=effect)
    if effect.startswith("draw"):
        return _draw(state, log, state.player)
    if effect.startswith("guard"):
        s = state.side(state.player)
        return state.with_side(state.player, replace(s, guard=s.guard + 1))
    return state


class Pile(Game):
    key = "pile"
    title = "Pile (a test game)"
    rules_version = "0.1"
    document = "pile"
    game_over_rule = "1.1"

    def checks(self) -> Sequence:
        return ()

    def start(self, state, log):
        return state

    def apply(self, state: PileState, action, log: EventLog) -> PileState:
        match action:
            case Draw(who, n):
                for _ in range(n):
                    state = _draw(state, log, who)
                return state
            case Shuffle(who):
                s = state.side(who)
                log.add("shuffle", f"{who} shuffles their deck.", ("2.1",))
                return state.with_side(who, replace(s, deck=s.deck.shuffle()))
            case Trigger(_who, effects):
                state = replace(state, waiting=state.waiting.push(effects))
                return settle(state, log, get=lambda s: s.waiting, put=lambda s, w: replace(s, waiting=w),
                              policy=OrderPolicy.ANY_WAITING, choose=_order, resolve=_resolve)
            case Says():
                raise Rejected("nothing was asked", "1.2")
        raise TypeError(action)

    def answer_of(self, action, line):
        return Answer(line, action.player, action.values) if isinstance(action, Says) else None

    def finish(self, state, log):
        return state, Verdict(VerdictKind.ONGOING, None, "the game goes on"), None

    def state_dict(self, state: PileState) -> dict:
        return {w: {"deck": len(s.deck), "hand": list(s.hand)} for w, s in state.sides}

    def cited_rules(self) -> frozenset[str]:
        return frozenset({"1.1", "1.2", "2.1", "3.1", "3.2", "3.3"})


def _player_expect(ph, who, w, t):
    if len(w) == 2 and w[0] in ("deck", "hand") and t[1].is_number:
        n = int(t[1].value)
        return (lambda ctx: (len(getattr(ctx.state.side(who), w[0])) == n,
                             str(len(getattr(ctx.state.side(who), w[0]))))), False
    return None


def _card_expect(ph, uid, w, t):
    if w == ("in", "hand"):
        return (lambda ctx: (any(uid in s.hand for _w, s in ctx.state.sides), "?")), False
    return None


EXPECT = Expectations(players=PLAYERS, rule_ids=RuleIdFormat.DOTTED, turn=lambda s: (None, s.player, "main"),
                      steps=frozenset({"main"}), card=_card_expect, player=_player_expect,
                      game=lambda ph, w, t: None, player_items=frozenset({"deck", "hand"}))


class _Dialect:
    def read(self, statements: Sequence[Statement], rules_version: str) -> Scenario:
        state, items = PileState(), []
        for st in statements:
            if st.kind == "keyword" and st.head in ("game", "rules"):
                continue
            if st.kind == "keyword" and st.head == "turn":
                state = replace(state, player=st.phrases[0].toks[0].value)
            elif st.kind == "player" and st.area == "deck":  # top first; `N unknown` for cards not given
                cards = []
                for ph in st.phrases:
                    if ph.toks[0].quoted:
                        cards.append(ph.toks[0].value)
                    elif len(ph.toks) == 2 and ph.toks[0].is_number and ph.words[1] == "unknown":
                        cards += [UNKNOWN] * int(ph.toks[0].value)
                    else:
                        raise error(ph, f"unknown deck item {ph.text()!r}")
                s = state.side(st.head)
                state = state.with_side(st.head, replace(s, deck=OrderedZone(tuple(cards))))
            elif st.kind == "action":
                w = st.phrases[0].words
                if w[0] == "draws":
                    items.append(ActionItem(st.line, st.source, Draw(st.head, int(w[1]))))
                elif w[0] == "shuffles":
                    items.append(ActionItem(st.line, st.source, Shuffle(st.head)))
                elif w[0] in ("triggers", "says"):
                    vals = tuple(t.value for ph in st.phrases for t in ph.toks if t.quoted)
                    cls = Trigger if w[0] == "triggers" else Says
                    items.append(ActionItem(st.line, st.source, cls(st.head, vals)))
                else:
                    raise error(st, f"unknown action {w[0]!r}")
            elif st.kind == "keyword" and st.head == "expect":
                items.extend(parse_expect(st, lambda t: t.value, EXPECT))
            else:
                raise ScenarioError("not a pile line", line=st.line)
        return Scenario("pile", rules_version, state, tuple(items))

    def write_board(self, state: PileState) -> str:
        return "game pile\n" + "".join(f"{w} deck: {len(s.deck)} cards\n" for w, s in state.sides)


SPEC = GameSpec(key="pile", title=Pile.title, document="pile", rules_version="0.1", rule_ids=RuleIdFormat.DOTTED,
                players=PLAYERS, areas=("deck", "hand"), engine=Pile(), dialect=_Dialect())
