"""Weiss Schwarz (Comprehensive Rules v2.03): state, procedures, card text, scenario dialect - and its registration."""

from judge_app.engine.core import CardTextReader, GameSpec, RuleIdFormat, lazy, register
from judge_app.engine.ws import dialect
from judge_app.engine.ws.applicability import NOT_APPLICABLE, NOT_YET
from judge_app.engine.ws.effects import EffectError
from judge_app.engine.ws.from_json import import_json
from judge_app.engine.ws.game import GAME
from judge_app.engine.ws.state import PLAYERS

_READER = "judge_app.engine.ws.cardtext"  # imported on the first card text it reads (it loads lark)
CARD_TEXT_NOTE = (
    "The ws corpus is composed by `scripts/build_cardtext_ws.py` in the layouts of printed English Weiss Schwarz cards "
    "and card databases (【AUTO】/[AUTO], (1) for the stock icon, 【REST】 and 【REVERSE】 icons, curly quotes, full-width "
    "brackets); no real card's text is copied, and each part's meaning and each scenario's expect lines are written "
    "by hand from the rules. It measures how well those layouts are read, not the share of the real card pool the "
    "engine can execute, which is lower (see the unsupported constructions).")


SPEC = register(GameSpec(
    key="ws", title="Weiss Schwarz", document="ws", rules_version="2.03", rule_ids=RuleIdFormat.DOTTED,
    players=PLAYERS, areas=dialect.AREAS, engine=GAME, dialect=dialect, expectations=dialect.EXPECTS,
    importer=import_json, not_applicable=NOT_APPLICABLE, not_yet=NOT_YET,
    card_text=CardTextReader(lazy(_READER, "parse_ability"), lazy(_READER, "summary"), EffectError, CARD_TEXT_NOTE,
                             understand=lazy(_READER, "understand"), split=dialect.card_abilities),
))

__all__ = ["GAME", "SPEC"]
