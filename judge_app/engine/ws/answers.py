"""How a WS choice is answered in the scenario language: the Game hooks the explorer uses.

`answer_line` writes one listed option as the line a player would write: a card or an ability
(`B chooses "Backup Girl"`, `A chooses "Knight: When ..."`), a word (`A chooses yes`, `A chooses pass`,
`A chooses CL`), a card revealed from the deck (`A reveals "Gate"`, `A reveals unnamed climax`: only
the cards the engine lists, never an invented one), an Encore (`A encores "X"`, `A declines encore of
"X"`). `explore_answers` adds what one option cannot say: the hand-limit discard names several cards
at once, so every multiset of the asked size taken from the hand is one answer.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Hashable
from itertools import combinations

from judge_app.engine.core import UNKNOWN, Answer, Answers, Choice, EventLog
from judge_app.engine.ws.state import POSITIONS, State

_WORD = re.compile(r"^[a-z]+$")
_ENCORE = re.compile(r"^Pay Encore \(.*\) for (?P<uid>'.*'|\".*\")\?$")
_MAX_SETS = 256  # discard sets tried for one choice; the explorer's leaf cap is far lower anyway


# --- the answers of the action being replayed (the core's `EventLog.answers` slot is typed loosely) ---

def answers_of(log: EventLog) -> Answers | None:
    a = log.answers
    return a if isinstance(a, Answers) else None


def peek(log: EventLog, who: str) -> Answer | None:
    """`who`'s next answer line, not taken."""
    a = answers_of(log)
    return a.peek(who) if a is not None else None


def skip(log: EventLog) -> None:
    """The answer just peeked at is used up (it says no more than the rules already decide)."""
    a = answers_of(log)
    if a is not None:
        a.pos += 1


def declines(log: EventLog) -> bool:
    """`assume unmentioned options are declined`."""
    a = answers_of(log)
    return a is not None and a.decline_optional


def give(log: EventLog, who: str, values: tuple[str, ...]) -> None:
    """Targets written on the declaration itself answer its choices next, in order."""
    a = answers_of(log)
    if a is None:
        a = Answers()
        log.answers = a
    for k, t in enumerate(values):
        a.items.insert(a.pos + k, Answer(log.line, who, (t,)))


# --- writing an option as its answer line (the explorer's hooks) ---

def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _value(option: str) -> str:
    """An option as the answer line writes it: a bare word or position as is, anything else quoted."""
    if option in POSITIONS or _WORD.match(option) or option.isdigit():  # a number: how many cards (3.2.3.1)
        return option
    return quote(option)


def answer_line(choice: Choice, option: str) -> str | None:
    p = choice.player
    if m := _ENCORE.match(choice.question):  # Encore of one reversed character (10.2.2)
        uid = ast.literal_eval(m["uid"])
        return f"{p} encores {quote(uid)}" if option == "pay" else f"{p} declines encore of {quote(uid)}"
    if choice.question.startswith("Which card is "):  # a card of the deck becomes known (zones.reveal)
        return f"{p} reveals {option}" if option.startswith("unnamed ") else f"{p} reveals {quote(option)}"
    if option.startswith("unnamed "):  # pragma: no cover - only a revealed deck card is offered this way
        return None
    if choice.question.startswith(f"Which of {p}'s waiting automatic abilities"):  # labels "Card: text" (8.7.3)
        card = option.split(": ", 1)[0]
        if [o.split(": ", 1)[0] for o in choice.options].count(card) == 1:
            return f"{p} chooses {quote(card)}"  # the card names its one waiting ability
    return f"{p} chooses {_value(option)}"


def explore_answers(state: Hashable, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if choice.pick > 1 and isinstance(state, State):
        return _discards(state, choice)
    return tuple((o, (line,)) for o in choice.options if (line := answer_line(choice, o)) is not None)


def _discards(state: State, choice: Choice) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The hand-limit discard (6.8.1.2): every set of `pick` cards of the hand (unnamed cards count as often
    as the hand holds them), named cards first in the hand's order."""
    cards = state.side(choice.player).hand
    hand = [str(x) for x in cards if x is not UNKNOWN] + ["unnamed"] * sum(1 for x in cards if x is UNKNOWN)
    out: list[tuple[str, tuple[str, ...]]] = []
    for group in dict.fromkeys(combinations(hand, choice.pick)):
        if len(out) >= _MAX_SETS:
            break
        words = ", ".join(_value(x) for x in group)
        out.append((words, (f"{choice.player} chooses {words}",)))
    return tuple(out)
