"""The effect seam between the procedures (rules.py) and the effect engine.

* `EFFECT_PARSERS`: text -> parsed effects; the vocabulary (vocab.py) is registered here. A text no
  parser understands is refused by `require_supported` with the phrase and the supported forms.
* Hooks the procedures call at the timing points the rules name; each reports the event to the
  effect engine (resolve.py), which activates the triggered effects it fulfils (8-6) and, where the
  rules resolve waiting effects, resolves them (8-5).
"""

from __future__ import annotations

from collections.abc import Callable

from judge_app.engine.bss import delayed, vocab
from judge_app.engine.bss.state import Card, State
from judge_app.engine.bss.view import read_effects
from judge_app.engine.bss.vocab import KEYWORDS, Keyword, parse_keyword_text
from judge_app.engine.core import EventLog, Unsupported

__all__ = ["EFFECT_PARSERS", "KEYWORDS", "Keyword", "parse_effect", "parse_keyword", "require_supported"]

# text -> parsed effects (a tuple of vocab.Effect), or None when the parser does not understand the text.
EFFECT_PARSERS: list[Callable[[str], tuple[vocab.Effect, ...] | None]] = []


def _vocabulary(text: str) -> tuple[vocab.Effect, ...] | None:
    try:
        return read_effects(text)
    except vocab.EffectSyntaxError:
        return None


EFFECT_PARSERS.append(_vocabulary)


def parse_keyword(text: str) -> Keyword | None:
    """The keyword effect a whole effect text consists of, if it is one of chapter 11's keywords."""
    return parse_keyword_text(text)


def parse_effect(text: str) -> tuple[vocab.Effect, ...] | None:
    for parser in EFFECT_PARSERS:
        eff = parser(text)
        if eff is not None:
            return eff
    return None


def require_supported(card: Card) -> None:
    """Refuse a card whose effect text the engine cannot execute: a silent wrong answer is worse."""
    for text in card.effects:
        if parse_effect(text) is not None:
            continue
        try:
            read_effects(text)
        except vocab.EffectSyntaxError as e:
            if e.message.startswith("unknown keyword"):
                raise Unsupported(f'{e.message} on "{card.uid}"', subject=card.uid, hint=e.hint) from None
            raise Unsupported(f'effect "{text}" of "{card.uid}" is not supported: {e.message}', subject=card.uid,
                              hint=e.hint) from None
        raise Unsupported(f'effect "{text}" of "{card.uid}" is not supported', subject=card.uid,  # pragma: no cover
                          hint=vocab.HINT)


# ---------------------------------------------------------------------------------------------
# Hooks (the procedures call these; the effect engine does the work)


def _r():
    # `import a.b.c as x`, not `from a.b import c`: the latter calls the import machinery's Python-level
    # `_handle_fromlist` on every call (this runs at every step).
    import judge_app.engine.bss.resolve as resolve_module
    return resolve_module


def at_step_start(state: State, log: EventLog) -> State:
    """6-2-1, 6-3-1, 6-4-1, 6-5-1, 6-6-1-1, 6-7-3-1: effects worded "at the start of the step" activate."""
    r = _r()
    return r.emit(state, log, [r.Ev("step_start", (), state.player, step=str(state.step))])


def at_turn_end(state: State, log: EventLog) -> State:
    """6-8-1-1: "end of your turn" effects activate and resolve; an effect worded "at the start of the step" under an
    end step heading activates with them (the engine's decision, cardnodes.StepTiming)."""
    r = _r()
    waiting = len(state.pending)
    state = r.emit(state, log, [r.Ev("step_start", (), state.player, step="end"), r.Ev("turn_end", (), state.player)])
    return r.settle(delayed.activate(state, log, waiting), log)


def resolve_waiting(state: State, log: EventLog) -> State:
    """Resolve every effect waiting for resolution (8-5-2-4)."""
    return _r().settle(state, log)


def when_summoned(state: State, log: EventLog, uid: str, who: str) -> State:
    r = _r()
    return r.settle(r.emit(state, log, [r.Ev("summoned", (uid,), who)]), log)
