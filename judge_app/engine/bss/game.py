"""The Battle Spirits Saga game module over the kernel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge_app.engine.bss import answers, effects, rules
from judge_app.engine.bss.actions import (
    Action,
    Activate,
    Attack,
    Awaken,
    Block,
    Choose,
    Concede,
    EndStep,
    MoveCores,
    NoBlock,
    Pass,
    ProceedTo,
    SetBurst,
    Summon,
    UseMagic,
)
from judge_app.engine.bss.ruleids import CITED
from judge_app.engine.bss.serialize import state_dict
from judge_app.engine.bss.state import PLAYERS, State, Step
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
)
from judge_app.engine.core.evolve import evolve
from judge_app.engine.core.loop import Check


class BattleSpiritsSaga(Game[State, Action]):
    key = "bss"
    title = "Battle Spirits Saga"
    rules_version = "1.7.0"
    document = "bss"
    game_over_rule = "1-2-1"  # after the game has ended, declared actions mean nothing

    def checks(self) -> Sequence[Check[State]]:
        return (rules.establish_winner, rules.checkpoint(None))

    def start(self, state: State, log: EventLog) -> State:
        if state.first_turn and state.step is Step.ATTACK:
            raise Unsupported("player one has no attack step on their first turn (6-7-2); "
                              "use another step on the turn line")
        for who in PLAYERS:
            pl = state.p(who)
            for card in pl.field + pl.hand + pl.trash + pl.burst:
                effects.require_supported(card)
        log.scratch = {}
        # Only gameplay management here: automatic steps run before the first declared action (or at
        # the end), so expectations written right after the board see the board as written.
        return rules.manage(state, log)

    def apply(self, state: State, action: Action, log: EventLog) -> State:
        log.scratch = {}  # the effect engine's working memory is per declared action
        try:
            return self._apply(state, action, log)
        except (GameOver, Undetermined) as e:  # stopped while effects waited: they never resolve
            if isinstance(e.state, State) and e.state.pending:
                e.state = evolve(e.state, pending=())
            raise

    def _apply(self, state: State, action: Action, log: EventLog) -> State:
        if not isinstance(action, ProceedTo):
            # Steps entered automatically run by themselves before the next declared action.
            state = rules.settle(state, log)
        do = _DO.get(type(action))
        if do is None:
            raise TypeError(f"not a bss action: {action!r}")  # pragma: no cover
        return do(state, log, action)

    def answer_of(self, action: Action, line: int | None) -> Answer | None:
        if isinstance(action, Choose):
            extra = (action.pay, action.place) if action.pay is not None or action.place is not None else None
            return Answer(line, action.player, action.values, extra)
        return None

    def finish(self, state: State, log: EventLog) -> tuple[State, Verdict, Choice | None]:
        log.scratch = {}
        state = rules.settle(state, log)  # steps entered automatically still happen
        choice = rules.pending_choice(state, log.line)
        if choice is not None:
            return state, Verdict(VerdictKind.NEEDS_CHOICE, None, f"{choice.player} must decide: "
                                  f"{choice.question}"), choice
        turn = f"turn {state.turn}, " if state.turn else ""
        return state, Verdict(VerdictKind.ONGOING, None,
                              f"no winner yet; the game goes on ({turn}{state.player}'s {state.step} step)"), None

    def answer_line(self, choice: Choice, option: str) -> str | None:
        return answers.answer_line(choice, option)

    def explore_answers(self, state: State, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return answers.explore_answers(state, choice)

    def state_dict(self, state: State) -> dict[str, Any]:
        return state_dict(state)

    def cited_rules(self) -> frozenset[str]:
        return CITED


def _choose(state: State, log: EventLog, a: Choose) -> State:
    raise Rejected("no choice is pending: choices are made when an effect asks for them", "8-5-3")


# Each declared action's procedure (a table instead of a chain of class patterns: one lookup per action).
_DO: dict[type, Any] = {
    ProceedTo: lambda s, log, a: rules.proceed_to(s, log, a.player, a.step),
    EndStep: lambda s, log, a: rules.end_step(s, log, a.player, a.step),
    Attack: lambda s, log, a: rules.attack(s, log, a.player, a.card),
    Block: lambda s, log, a: rules.block(s, log, a.player, a.card),
    NoBlock: lambda s, log, a: rules.no_block(s, log, a.player),
    Pass: lambda s, log, a: rules.pass_(s, log, a.player),
    Summon: lambda s, log, a: rules.summon(s, log, a.player, a.card, a.pay, a.place, a.ascend),
    MoveCores: lambda s, log, a: rules.move_cores(s, log, a.player, a.source, a.to),
    UseMagic: lambda s, log, a: rules.use_magic(s, log, a.player, a.card, a.pay, a.which),
    Activate: lambda s, log, a: rules.activate(s, log, a.player, a.card, a.which),
    Awaken: lambda s, log, a: rules.awaken(s, log, a.player, a.card, a.sources),
    SetBurst: lambda s, log, a: rules.set_burst(s, log, a.player, a.card),
    Concede: lambda s, log, a: rules.concede(s, log, a.player),
    Choose: _choose,
}

GAME = BattleSpiritsSaga()
