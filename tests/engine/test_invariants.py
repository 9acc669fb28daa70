"""Invariants of the bss procedures under random legal and illegal declarations.

Cores are conserved except the core step's +1 (6-3-2); after gameplay management no card on the
field lacks its LV1 cores and no spirit has 0 BP; the soul core is always somewhere that holds a core.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from judge_app.engine.bss import actions as A
from judge_app.engine.bss.rules import Source, _reductions
from judge_app.engine.bss.state import PLAYERS, Card, CardType, Level, Player, State, Step
from judge_app.engine.core import EventLog, GameOver, NeedsChoice, Rejected
from judge_app.engine.games import get_game

GAME = get_game("bss")
NAMES = ["R1", "R2", "R3", "W1", "W2", "W3"]


def total_cores(s: State) -> int:
    return sum(p.life + p.reserve + p.trash_cores + sum(c.cores for c in p.field) for p in (s.a, s.b))


def spirit(uid: str, draw) -> Card:
    lv1 = draw(st.integers(1, 2))
    return Card(uid, CardType.SPIRIT, colors=("red",), cost=draw(st.integers(0, 4)),
                reduction=tuple(draw(st.lists(st.sampled_from(["red", "blue"]), max_size=2))),
                levels=(Level(1, lv1, draw(st.sampled_from([0, 1000, 3000]))), Level(2, lv1 + 2, 5000)),
                symbols=tuple(draw(st.lists(st.sampled_from(["red", "blue", "red/blue"]), max_size=2))),
                cores=draw(st.integers(lv1, 4)), exhausted=draw(st.booleans()))


@st.composite
def boards(draw) -> State:
    players = []
    for _who, names in (("A", NAMES[:3]), ("B", NAMES[3:])):
        field = tuple(spirit(n, draw) for n in names[:draw(st.integers(0, 2))])
        hand = tuple(spirit(n, draw) for n in names[2:]) if draw(st.booleans()) else ()
        hand = tuple(replace(c, cores=0, exhausted=False) for c in hand)
        soul = draw(st.sampled_from([None, "reserve"] + [c.uid for c in field]))
        players.append(Player(life=draw(st.integers(1, 5)), reserve=draw(st.integers(1, 6)),
                              trash_cores=draw(st.integers(0, 3)), deck=draw(st.integers(0, 9)),
                              hand=hand, field=field, soul=soul))
    return State(player=draw(st.sampled_from(PLAYERS)), step=draw(st.sampled_from([Step.MAIN, Step.ATTACK])),
                 turn=draw(st.integers(2, 9)), a=players[0], b=players[1])


def action(draw, s: State) -> object:
    """A declaration that is usually legal (drawn from the state), sometimes not."""
    p = s.player if draw(st.integers(0, 3)) else ("B" if s.player == "A" else "A")
    own = [c.uid for c in s.p(p).field] or NAMES
    opp = [c.uid for c in s.p("B" if p == "A" else "A").field] or NAMES
    hand = list(s.p(p).hand)
    kind = draw(st.integers(0, 9))
    ready = [c.uid for c in s.p(p).field if not c.exhausted] or own
    if kind == 0:
        return A.Attack(p, draw(st.sampled_from(ready)))
    if kind == 1:
        return A.Block(p, draw(st.sampled_from(ready)))
    if kind == 2:
        return A.NoBlock(p)
    if kind in (3, 4):
        return A.Pass(s.battle.to_act if s.battle and draw(st.booleans()) else p)
    if kind == 5:
        return A.EndStep(p)
    if kind == 6:
        src = draw(st.sampled_from(["reserve"] + own))
        return A.MoveCores(p, Source(src, draw(st.integers(0, 3)), draw(st.booleans())),
                           draw(st.sampled_from(["reserve"] + own + opp[:1])))
    if kind == 7 and hand:
        c = draw(st.sampled_from(hand))
        red = max(_reductions([x for f in s.p(p).field for x in f.symbols], c.reduction))
        cost = max(0, c.cost - red) + draw(st.sampled_from([0, 0, 0, 1]))
        src = draw(st.sampled_from(["reserve"] + own))
        return A.Summon(p, c.uid, (Source(src, cost),), (Source("reserve", c.lv1_cost + draw(st.integers(0, 1))),))
    return A.ProceedTo(p, draw(st.sampled_from([Step.MAIN, Step.ATTACK, Step.ATTACK, Step.DRAW])))


def check_invariants(s: State) -> None:
    for who in PLAYERS:
        pl = s.p(who)
        for c in pl.field:
            assert c.level >= 1, c
            assert c.type is not CardType.SPIRIT or (c.bp or 0) > 0, c
        if pl.soul == "reserve":
            assert pl.reserve >= 1
        elif pl.soul == "trash":
            assert pl.trash_cores >= 1
        elif pl.soul not in (None, "life", "void"):
            card = pl.find(pl.soul)
            assert card is not None and card.cores >= 1, (pl.soul, pl.field)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_invariants(data) -> None:
    state = data.draw(boards())
    log = EventLog()
    try:
        state = GAME.start(state, log)
    except GameOver:
        return
    for _ in range(data.draw(st.integers(1, 20))):
        act = action(data.draw, state)
        before = total_cores(state)
        mark = len(log)
        try:
            new = GAME.apply(state, act, log)
        except Rejected:
            log.truncate(mark)
            continue
        except (GameOver, NeedsChoice):
            return
        core_steps = sum(1 for e in log.events[mark:] if e.kind == "core")
        assert total_cores(new) == before + core_steps, (act, log.events[mark:])
        check_invariants(new)
        state = new
