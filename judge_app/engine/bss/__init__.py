"""Battle Spirits Saga (rules v1.7.0): state model, core procedures, and the game registration."""

from judge_app.engine.bss.game import GAME
from judge_app.engine.core.game import register

register(GAME)

__all__ = ["GAME"]
