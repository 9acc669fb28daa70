"""Game-independent kernel: events, verdicts, choices, the rule-check loop, budgets, the game seam.

Nothing here knows any game's concepts; a game plugs in by subclassing `Game` and registering.
"""

from judge_app.engine.core.budget import Budget, charge
from judge_app.engine.core.choices import Answer, Answers, ask, ask_answer
from judge_app.engine.core.events import Event, EventLog
from judge_app.engine.core.game import Game, games, get_game, register
from judge_app.engine.core.loop import run_checks
from judge_app.engine.core.pieces import Area, Piece
from judge_app.engine.core.verdict import (
    Choice,
    GameOver,
    NeedsChoice,
    Rejected,
    Rejection,
    Undetermined,
    Unsupported,
    Verdict,
    VerdictKind,
)

__all__ = [
    "Answer", "Answers", "ask", "ask_answer", "Area", "Budget", "Choice", "Event", "EventLog", "Game", "GameOver", "NeedsChoice", "Piece", "Rejected", "Rejection",
    "Undetermined", "Unsupported", "Verdict", "VerdictKind", "charge", "games", "get_game", "register", "run_checks",
]
