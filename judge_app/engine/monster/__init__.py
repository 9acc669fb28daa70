"""The monster-invasion card game (Comprehensive Rules ver. 1.2): state, procedures, effects, scenario
dialect - and its registration."""

from judge_app.engine.core import CardTextReader, GameSpec, RuleIdFormat, Unsupported, register
from judge_app.engine.monster import cardtext, dialect
from judge_app.engine.monster.coverage import FOLLOWED, NOT_APPLICABLE, NOT_YET
from judge_app.engine.monster.from_json import import_json
from judge_app.engine.monster.game import GAME
from judge_app.engine.monster.state import PLAYERS

CARD_TEXT_NOTE = (
    "The monster corpus is composed by `scripts/build_cardtext_monster.py` from the wordings of the monster-invasion "
    "rules document (keyword brackets, the keywords' meanings written out, a strategy card's bare text, the "
    "instructions of chapter 5), each part with its meaning written by hand; no real card list was available, so "
    "every text is composed. A text is read for the first card type that can carry it (battle, strategy, monster).")

SPEC = register(GameSpec(
    key="monster", title="Monster invasion card game", document="monster", rules_version="1.2",
    rule_ids=RuleIdFormat.DOTTED_NO_TRAILING, players=PLAYERS, areas=dialect.AREAS, engine=GAME, dialect=dialect,
    expectations=dialect.EXPECTS, importer=import_json, not_applicable=NOT_APPLICABLE,
    not_yet=NOT_YET, followed=FOLLOWED,
    card_text=CardTextReader(cardtext.read, cardtext.summary, Unsupported, CARD_TEXT_NOTE,
                             understand=cardtext.understand, phrase="text"),
))

__all__ = ["GAME", "SPEC"]
