"""Game-independent kernel: events, verdicts, choices, the rule-check loop, budgets, the waiting-effect
queue, last known information, replacements, ordered zones, and the registry of games.

Nothing here knows any game; a game plugs in with one call, `register(GameSpec(...))`.
"""

from judge_app.engine.core.budget import Budget, charge
from judge_app.engine.core.choices import Answer, Answers, ask, ask_answer
from judge_app.engine.core.events import Event, EventLog
from judge_app.engine.core.game import Game
from judge_app.engine.core.lki import LastKnown
from judge_app.engine.core.loop import run_checks
from judge_app.engine.core.pieces import Area, Piece
from judge_app.engine.core.queue import OrderPolicy, Waiting, settle
from judge_app.engine.core.registry import (
    CardTextReader,
    Dialect,
    GameSpec,
    RuleIdFormat,
    lazy,
    register,
    registered,
    unregister,
)
from judge_app.engine.core.replacement import choose_replacement
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
from judge_app.engine.core.zones import UNKNOWN, OrderedZone, Unknown

__all__ = [
    "UNKNOWN", "Answer", "Answers", "Area", "Budget", "Choice", "Dialect", "Event", "EventLog", "Game", "GameOver",
    "CardTextReader", "GameSpec", "LastKnown", "NeedsChoice", "OrderPolicy", "OrderedZone", "Piece", "Rejected", "Rejection",
    "RuleIdFormat", "Undetermined", "Unknown", "Unsupported", "Verdict", "VerdictKind", "Waiting", "ask",
    "ask_answer", "charge", "choose_replacement", "lazy", "register", "registered", "run_checks", "settle", "unregister",
]
