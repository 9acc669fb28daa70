"""The monster-invasion game (Comprehensive Rules ver. 1.2) over the engine kernel."""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from pathlib import Path

from judge_app.engine.core import (
    Answer,
    Choice,
    EventLog,
    Game,
    GameOver,
    Rejected,
    Verdict,
    VerdictKind,
)
from judge_app.engine.monster import actions, answers, turn
from judge_app.engine.monster.abilities import check_timing
from judge_app.engine.monster.cardtext import abilities
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
from judge_app.engine.monster.state import PLAYERS, Card, Phase, State, as_state, but, known, other
from judge_app.engine.monster.terms import counter_total, threat_level


def _cards(s: State) -> Iterator[Card]:
    for who in PLAYERS:
        pl = s.p(who)
        yield from pl.stack + pl.monster_deck + tuple(c for _z, cs in pl.field for c in cs)
        yield from (c for c, _t in pl.strategy)
        yield from known(pl.hand + pl.discard + pl.deck.cards) + pl.deck.unplaced


def _concede(s: State, log: EventLog, who: str) -> State:
    log.add("concede", f"{who} concedes and loses at once, without a check timing: {other(who)} wins.",
            ("1.2.3", "1.2.1"))
    raise GameOver(Verdict(VerdictKind.WIN, other(who), f"{who} conceded"), s)


def _pass(s: State, log: EventLog, who: str) -> State:
    if s.phase is not Phase.MAIN or who != s.player:
        raise Rejected(f"{who} has no play timing to end: it is {s.player}'s {s.phase} phase", "10.4.4.3")
    return turn.advance_phase(s, log)


_APPLY = {
    PlayBattle: lambda s, log, a: actions.play_battle(s, log, a.player, a.card, a.zone),
    PlayCard: lambda s, log, a: actions.play_card(s, log, a.player, a.card, a.burst),
    Invade: lambda s, log, a: actions.invade(s, log, a.player, a.discard),
    GainRage: lambda s, log, a: actions.gain_rage(s, log, a.player, a.discard),
    Pass: lambda s, log, a: _pass(s, log, a.player),
    ProceedTo: lambda s, log, a: turn.proceed_to(s, log, a.player, a.phase),
    Concede: lambda s, log, a: _concede(s, log, a.player),
}


def _main_action(s: State, log: EventLog, action: PlayBattle | PlayCard | Invade | GainRage) -> State:
    """A main phase action, remembered with the game state it was performed from. The same action from the
    same, completely identical state in the same turn means the actions performed since then made a loop
    that left the game state identical: the turn player cannot perform them again (13.1.1.2)."""
    position = but(s, history=()) if s.history else s  # (the turn's first action: s is that position already)
    if (action, position) in s.history:  # the action first: most entries differ there, cheaply
        raise Rejected(f"the game state is completely identical to the one from which {action.player} performed "
                       "this action earlier in this turn: the actions since then made a loop, and the turn player "
                       "cannot perform them again", "13.1.1.2", "13.1.1")
    out = _APPLY[type(action)](s, log, action)
    return but(out, history=s.history + ((action, position),))


class MonsterInvasion(Game):
    key = "monster"
    title = "Monster invasion card game"
    rules_version = "1.2"
    document = "monster"
    game_over_rule = "1.2.1"  # the game has ended: a declared action means nothing

    def checks(self) -> Sequence:
        return ()

    def start(self, state: Hashable, log: EventLog) -> State:
        state = as_state(state)
        for card in _cards(state):
            for ab in abilities(card):  # refuses text it cannot execute, naming the words
                if ab.keyword == "resonance":
                    log.add("resonance", f"\"{card.uid}\"'s Resonance is a deck construction rule: inactive in play.",
                            ("12.8.1", "6.1.2"), subject=card.uid)
        if state.phase is Phase.MAIN:  # a check timing comes before any play timing (10.4.2)
            state = check_timing(state, log)
        return state

    def apply(self, state: Hashable, action: object, log: EventLog) -> State:
        state = as_state(state)
        if isinstance(action, Choose):
            raise Rejected(f"{action.player} answers, but no choice is open", "10.5.2.2")
        if isinstance(action, PlayBattle | PlayCard | Invade | GainRage):
            return _main_action(state, log, action)
        return _APPLY[type(action)](state, log, action)

    def answer_of(self, action: object, line: int | None) -> Answer | None:
        return Answer(line, action.player, action.values) if isinstance(action, Choose) else None

    def answer_line(self, choice: Choice, option: str) -> str | None:
        return answers.answer_line(choice, option)

    def explore_answers(self, state: Hashable, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return answers.explore_answers(state, choice)

    def finish(self, state: Hashable, log: EventLog) -> tuple[Hashable, Verdict, Choice | None]:
        return state, Verdict(VerdictKind.ONGOING, None, "the game goes on"), None

    def state_dict(self, state: Hashable) -> dict:
        state = as_state(state)
        out: dict = {"turn": state.turn, "turn_player": state.player, "phase": str(state.phase),
                     "invaded": state.invaded}
        for who in PLAYERS:
            pl = state.p(who)
            out[who] = {
                "monster": {"stack": [c.uid for c in pl.stack], "zone": pl.zone, "rage": pl.rage,
                            "threat_level": threat_level(state, who)},
                "monster_deck": [c.uid for c in pl.monster_deck],
                "hand": len(pl.hand), "hand_cards": [c.uid for c in pl.known_hand()],
                "deck": len(pl.deck), "discard": len(pl.discard),
                "discard_cards": [c.uid for c in known(pl.discard)],
                "zones": {str(z): [c.uid for c in cs] for z, cs in pl.field},
                "strategy_zones": [c.uid for c, _t in pl.strategy],
                "counter_power": counter_total(state, who),
            }
        return out

    def cited_rules(self) -> frozenset[str]:
        return cited_in_code()


_ID = re.compile(r'"(\d+(?:\.\d+)+)"')


@cache
def cited_in_code() -> frozenset[str]:
    """Every rule id quoted in this package's procedures (a test checks each exists in the document)."""
    here = Path(__file__).resolve().parent
    ids: set[str] = set()
    for path in here.glob("*.py"):
        if path.name not in ("coverage.py", "dialect.py", "from_json.py"):
            ids |= set(_ID.findall(path.read_text(encoding="utf-8")))
    return frozenset(ids)


GAME = MonsterInvasion()
