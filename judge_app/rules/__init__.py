"""The rule library: documents parsed into cross-referenced rule trees."""

from judge_app.rules.library import Game, Library, load_library, nearest
from judge_app.rules.model import Document, Kind, Reference, RefStatus, Rule, Term

__all__ = ["Document", "Game", "Kind", "Library", "RefStatus", "Reference", "Rule", "Term", "load_library", "nearest"]
