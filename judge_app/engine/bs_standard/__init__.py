"""Battle Spirits Standard (Official Rules Ver.1.0): state, procedures, effects, scenario dialect - and its
registration. Saga's close relative: what is the same is imported from engine/bss (the instruction
vocabulary, the reading helpers of the language, the neutral-JSON translation); every difference is here.
"""

from judge_app.engine.bs_standard import cards, dialect
from judge_app.engine.bs_standard.coverage import NOT_APPLICABLE, NOT_YET
from judge_app.engine.bs_standard.from_json import import_json
from judge_app.engine.bs_standard.game import GAME
from judge_app.engine.bs_standard.state import PLAYERS
from judge_app.engine.core import CardTextReader, GameSpec, RuleIdFormat, register
from judge_app.engine.core.coverage import Subtrees

CARD_TEXT_NOTE = (
    "The bs-standard corpus is composed by hand in the layouts of printed English Battle Spirits cards and card "
    "databases (『When Summoned』/[When Summoned]/When Summoned:, [Main]/[Flash], 【Activate: Main】 … ▶ …, "
    "《Soul Magic: Red》, [Once per turn]); no real card's text is copied, each line's AST summary (printed by the "
    "reader) was checked by hand against its words, and each scenario's expect lines were written from the Standard "
    "rules text. It measures how well those layouts "
    "are read, not the share of the real card pool the engine can execute, which is lower (see the unsupported "
    "constructions).")

SPEC = register(GameSpec(
    key="bs-standard", title="Battle Spirits Standard", document="bs-standard", rules_version="1.0",
    rule_ids=RuleIdFormat.DASHED, players=PLAYERS, areas=("field", "hand", "trash", "removed", "active", "deck"),
    engine=GAME, dialect=dialect, expectations=dialect.EXPECTS, importer=import_json,
    not_applicable=Subtrees(NOT_APPLICABLE, "-"), not_yet=NOT_YET,
    # the reader's functions import the grammar on first use (cards.py): registering loads no parser
    card_text=CardTextReader(cards.parse_effect, cards.summary, cards.EffectSyntaxError, CARD_TEXT_NOTE,
                             understand=cards.understand),
))

__all__ = ["GAME", "SPEC"]
