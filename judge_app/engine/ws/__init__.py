"""Weiss Schwarz (Comprehensive Rules v2.03): state, procedures, card text, scenario dialect - and its registration."""

from judge_app.engine.core import GameSpec, RuleIdFormat, register
from judge_app.engine.ws import dialect
from judge_app.engine.ws.applicability import NOT_APPLICABLE, NOT_YET
from judge_app.engine.ws.from_json import import_json
from judge_app.engine.ws.game import GAME
from judge_app.engine.ws.state import PLAYERS

SPEC = register(GameSpec(
    key="ws", title="Weiss Schwarz", document="ws", rules_version="2.03", rule_ids=RuleIdFormat.DOTTED,
    players=PLAYERS, areas=dialect.AREAS, engine=GAME, dialect=dialect, expectations=dialect.EXPECTS,
    importer=import_json, not_applicable=NOT_APPLICABLE, not_yet=NOT_YET,
))

__all__ = ["GAME", "SPEC"]
