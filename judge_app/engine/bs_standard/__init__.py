"""Battle Spirits Standard (Official Rules Ver.1.0): state, procedures, effects, scenario dialect - and its
registration. Saga's close relative: what is the same is imported from engine/bss (the instruction
vocabulary, the reading helpers of the language, the neutral-JSON translation); every difference is here.
"""

from judge_app.engine.bs_standard import dialect
from judge_app.engine.bs_standard.coverage import NOT_APPLICABLE, NOT_YET
from judge_app.engine.bs_standard.from_json import import_json
from judge_app.engine.bs_standard.game import GAME
from judge_app.engine.bs_standard.state import PLAYERS
from judge_app.engine.core import GameSpec, RuleIdFormat, register
from judge_app.engine.core.coverage import Subtrees

SPEC = register(GameSpec(
    key="bs-standard", title="Battle Spirits Standard", document="bs-standard", rules_version="1.0",
    rule_ids=RuleIdFormat.DASHED, players=PLAYERS, areas=("field", "hand", "trash", "removed", "active"),
    engine=GAME, dialect=dialect, expectations=dialect.EXPECTS, importer=import_json,
    not_applicable=Subtrees(NOT_APPLICABLE, "-"), not_yet=NOT_YET,
))

__all__ = ["GAME", "SPEC"]
