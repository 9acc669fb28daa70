"""The monster-invasion card game (Comprehensive Rules ver. 1.2): state, procedures, effects, scenario
dialect - and its registration."""

from judge_app.engine.core import GameSpec, RuleIdFormat, register
from judge_app.engine.monster import dialect
from judge_app.engine.monster.coverage import FOLLOWED, NOT_APPLICABLE, NOT_YET
from judge_app.engine.monster.from_json import import_json
from judge_app.engine.monster.game import GAME
from judge_app.engine.monster.state import PLAYERS

SPEC = register(GameSpec(
    key="monster", title="Monster invasion card game", document="monster", rules_version="1.2",
    rule_ids=RuleIdFormat.DOTTED_NO_TRAILING, players=PLAYERS, areas=dialect.AREAS, engine=GAME, dialect=dialect,
    expectations=dialect.EXPECTS, importer=import_json, not_applicable=NOT_APPLICABLE,
    not_yet=NOT_YET, followed=FOLLOWED,
))

__all__ = ["GAME", "SPEC"]
