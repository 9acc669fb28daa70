"""Battle Spirits Saga (rules v1.7.0): state, procedures, effects, scenario dialect - and its registration."""

from judge_app.engine.bss import cardexec, dialect
from judge_app.engine.bss.coverage import FOLLOWED, NOT_APPLICABLE, NOT_YET
from judge_app.engine.bss.from_json import import_json
from judge_app.engine.bss.game import GAME
from judge_app.engine.bss.state import PLAYERS
from judge_app.engine.core import GameSpec, RuleIdFormat, register

SPEC = register(GameSpec(
    key="bss", title="Battle Spirits Saga", document="bss", rules_version="1.7.0", rule_ids=RuleIdFormat.DASHED,
    players=PLAYERS, areas=("field", "hand", "trash", "burst", "removed", "active", "deck"),
    engine=GAME, dialect=dialect, expectations=dialect.EXPECTS, importer=import_json,
    not_applicable=NOT_APPLICABLE, not_yet=NOT_YET, followed=FOLLOWED,
))

__all__ = ["GAME", "SPEC", "cardexec"]
