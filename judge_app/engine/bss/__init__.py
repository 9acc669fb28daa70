"""Battle Spirits Saga (rules v1.7.0): state, procedures, effects, scenario dialect - and its registration."""

from judge_app.engine.bss import cardexec, cardsteps, dialect
from judge_app.engine.bss.coverage import FOLLOWED, NOT_APPLICABLE, NOT_YET
from judge_app.engine.bss.from_json import import_json
from judge_app.engine.bss.game import GAME
from judge_app.engine.bss.state import PLAYERS
from judge_app.engine.bss.view import misprint_notes, read_effects
from judge_app.engine.bss.vocab import EffectSyntaxError
from judge_app.engine.core import CardTextReader, GameSpec, RuleIdFormat, lazy, register

_READER = "judge_app.engine.bss.cardtext"
CARD_TEXT_NOTE = (
    "The bss corpus is composed by `scripts/build_cardtext_bss.py` from the printed layouts of Battle Spirits Saga "
    "cards (timing and level brackets, selections, actions), each part with its meaning written by hand; it "
    "measures how well those printed layouts are read, not the share of the real card pool the engine can "
    "execute, which is lower (see the unsupported constructions).")


SPEC = register(GameSpec(
    key="bss", title="Battle Spirits Saga", document="bss", rules_version="1.7.0", rule_ids=RuleIdFormat.DASHED,
    players=PLAYERS, areas=("field", "hand", "trash", "burst", "removed", "active", "delayed", "deck"),
    engine=GAME, dialect=dialect, expectations=dialect.EXPECTS, importer=import_json,
    not_applicable=NOT_APPLICABLE, not_yet=NOT_YET, followed=FOLLOWED,
    # the print-layout reader (cardtext.py) loads lark: its summary and understand load it on first use only
    card_text=CardTextReader(read_effects, lazy(_READER, "summary"), EffectSyntaxError, CARD_TEXT_NOTE,
                             understand=lazy(_READER, "understand"), notes=misprint_notes),
))

__all__ = ["GAME", "SPEC", "cardexec", "cardsteps"]
