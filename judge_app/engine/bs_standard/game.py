"""The Battle Spirits Standard game over the kernel."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
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
            for card in pl.field + pl.hand + pl.trash:
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
        match action:
            case ProceedTo(player, step):
                return rules.proceed_to(state, log, player, step)
            case EndStep(player, step):
                return rules.end_step(state, log, player, step)
            case Attack(player, card):
                return rules.attack(state, log, player, card)
            case Block(player, card):
                return rules.block(state, log, player, card)
            case NoBlock(player):
                return rules.no_block(state, log, player)
            case Pass(player):
                return rules.pass_(state, log, player)
            case Summon(player, card, pay, place, deploy, succession):
                return rules.summon(state, log, player, card, pay, place, deploy, succession)
            case UseMagic(player, card, pay, succession):
                return rules.use_magic(state, log, player, card, pay, succession)
            case MoveCores(player, source, to):
                return rules.move_cores(state, log, player, source, to)
            case Activate(player, card):
                return rules.activate(state, log, player, card)
            case Concede(player):
                return rules.concede(state, log, player)
            case Choose():
                raise Rejected("no choice is pending: choices are made when an effect asks for them", "9-3-2")
        raise TypeError(f"not a bs-standard action: {action!r}")  # pragma: no cover

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
                              f"{state.step.value.replace('_', ' ')} step)"), None

    def state_dict(self, state: Hashable) -> dict[str, Any]:
        return state_dict(_state(state))

    def cited_rules(self) -> frozenset[str]:
        return CITED


GAME = BattleSpiritsStandard()
