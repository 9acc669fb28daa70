"""The Battle Spirits Standard game over the kernel."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any

from judge_app.engine.bs_standard import answers, rules
from judge_app.engine.bs_standard import effects as E
from judge_app.engine.bs_standard.actions import (
    Activate,
    Attack,
    Block,
    Choose,
    Concede,
    EndStep,
    MoveCores,
    NoBlock,
    Pass,
    ProceedTo,
    Summon,
    UseMagic,
)
from judge_app.engine.bs_standard.ruleids import CITED
from judge_app.engine.bs_standard.serialize import state_dict
from judge_app.engine.bs_standard.state import PLAYERS, State, Step
from judge_app.engine.core import (
    Answer,
    Choice,
    EventLog,
    Game,
    GameOver,
    Rejected,
    Undetermined,
    Unsupported,
    Verdict,
    VerdictKind,
    Waiting,
)


def _no_choice(state: State, action: Choose, log: EventLog) -> State:
    raise Rejected("no choice is pending: choices are made when an effect asks for them", "9-3-2")


# Each declared action's procedure, by the action's class (one lookup per action, not a chain of patterns).
_PROCEDURES: dict[type, Callable[[State, Any, EventLog], State]] = {
    ProceedTo: lambda s, a, log: rules.proceed_to(s, log, a.player, a.step),
    EndStep: lambda s, a, log: rules.end_step(s, log, a.player, a.step),
    Attack: lambda s, a, log: rules.attack(s, log, a.player, a.card),
    Block: lambda s, a, log: rules.block(s, log, a.player, a.card),
    NoBlock: lambda s, a, log: rules.no_block(s, log, a.player),
    Pass: lambda s, a, log: rules.pass_(s, log, a.player),
    Summon: lambda s, a, log: rules.summon(s, log, a.player, a.card, a.pay, a.place, a.deploy, a.succession),
    UseMagic: lambda s, a, log: rules.use_magic(s, log, a.player, a.card, a.pay, a.succession),
    MoveCores: lambda s, a, log: rules.move_cores(s, log, a.player, a.source, a.to),
    Activate: lambda s, a, log: rules.activate(s, log, a.player, a.card),
    Concede: lambda s, a, log: rules.concede(s, log, a.player),
    Choose: _no_choice,
}


def _state(state: Hashable) -> State:
    """The driver hands back the state this game made: narrowed here, once per call of the seam."""
    assert isinstance(state, State), type(state)
    return state


class BattleSpiritsStandard(Game):
    key = "bs-standard"
    title = "Battle Spirits Standard"
    rules_version = "1.0"
    document = "bs-standard"
    game_over_rule = "1-3-1"  # the game has ended: declared actions mean nothing

    def checks(self) -> Sequence:
        return (lambda s, log: E.rule_processing(s, log),)

    def start(self, state: Hashable, log: EventLog) -> State:
        state = _state(state)
        if state.first_turn and state.step in (Step.ATTACK, Step.SECOND_MAIN):
            raise Unsupported(f"the first player's first turn has no {state.step.value.replace('_', ' ')} step "
                              "(7-7-2, 7-8-2); use another step on the turn line")
        for who in PLAYERS:
            pl = state.p(who)
            for cards in (pl.field, pl.hand, pl.trash):
                for card in cards:
                    if card.effects:  # (the usual card has none to check)
                        E.require_supported(card)
        state = E.rule_processing(state, log)
        if state.step not in (Step.MAIN, Step.ATTACK, Step.SECOND_MAIN):
            state = rules.enter(state, log, state.step)  # automatic steps run by themselves
        return E.finish_pending(state, log)

    def apply(self, state: Hashable, action: object, log: EventLog) -> State:
        try:
            return self._apply(_state(state), action, log)
        except (GameOver, Undetermined) as e:  # stopped while effects waited: they never resolve
            if isinstance(e.state, State) and e.state.waiting:
                e.state = replace(e.state, waiting=Waiting())
            raise

    def _apply(self, state: State, action: object, log: EventLog) -> State:
        run = _PROCEDURES.get(type(action))
        if run is None:
            raise TypeError(f"not a bs-standard action: {action!r}")  # pragma: no cover
        state = run(state, action, log)
        # "[Flash] End the attack step." resolved in a battle: the battle ends once the action has (rules.cut_battle)
        return rules.cut_battle(state, log) if state.battle_cut else state

    def answer_of(self, action: object, line: int | None) -> Answer | None:
        if isinstance(action, Choose):
            return Answer(line, action.player, action.values)
        return None

    def answer_line(self, choice: Choice, option: str) -> str | None:
        return answers.answer_line(choice, option)

    def explore_answers(self, state: Hashable, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return answers.explore_answers(state, choice)

    def finish(self, state: Hashable, log: EventLog) -> tuple[State, Verdict, Choice | None]:
        state = _state(state)
        choice = rules.pending_choice(state, log.line)
        if choice is not None:
            return state, Verdict(VerdictKind.NEEDS_CHOICE, None, f"{choice.player} must decide: {choice.question}"), choice
        turn = f"turn {state.turn}, " if state.turn else ""
        return state, Verdict(VerdictKind.ONGOING, None, f"no winner yet; the game goes on ({turn}{state.player}'s "
                              f"{state.step.replace('_', ' ')} step)"), None

    def state_dict(self, state: Hashable) -> dict[str, Any]:
        return state_dict(_state(state))

    def cited_rules(self) -> frozenset[str]:
        return CITED


GAME = BattleSpiritsStandard()
