"""Weiss Schwarz card text as printed: normalise the layout, parse it with grammar/ws_effects.lark, build the AST.

`parse_ability(text)` is how the engine reads an ability: the grammar reads the whole text or refuses it at the
word where understanding stopped, and the Transformer builds the frozen AST of effects.py (`Ability`, `Cost`,
the one-shot effects). What the grammar reads but the engine cannot execute as written (a number a phrase
does not take, a category a form cannot have, a cost nothing would pay) is refused at that word too: the
engine never runs part of a card.

The package, one concept a module (lower layers never import higher ones; `make lint` checks the order):

  reader.py        lark set-up (the grammar compiled once per process), `parse_ability`, `understand`, `summary`,
                   refusals and the nearest wording suggested
  transformer.py   `_Build`: the Transformer composing the mixins below (plus `start`, `head`, the ability forms'
                   rules and `__default__`)
  the mixins, one concept each, methods in the grammar's order (a new construction's methods go to the one
  that reads what it reads; its helpers to parts.py, or common.py when a check needs them too):
    timings.py       `_Timings`        auto-ability timings and triggers ("When …", "At the beginning of …")
    costs.py         `_Costs`          costs (8.4): the head's `[…]`, a cost paid inside an effect
    conditions.py    `_Conditions`     conditions: "If …", "During …", cards counted in a zone, the head's words
    restrictions.py  `_Restrictions`   bans: "cannot …", cannot be chosen, play/encore/backup bans
    selections.py    `_Selections`     what a text chooses: kinds, traits, names, colours, levels, costs, areas
    stage_actions.py `_StageActions`   power/soul/level, stand/rest/reverse, characters moved on/off the stage
    deck.py          `_Deck`           look, reveal, search, mill, shuffle, top and bottom of a deck
    zones.py         `_Zones`          hand, waiting room, clock, stock, memory, markers, damage, onto the stage
    granted.py       `_Granted`        quoted (granted) abilities, keyword abilities and keyword grants
    counts.py        `_Counts`         X definitions, "for each", counts
    sequencing.py    `_Sequencing`     "Then", "if you do", "if so", "instead", choices between options
  forms.py         the ability forms (`_form`, `_auto`, `_cont`, …) a head and body are made into
  parts.py         helpers the rules build effects with (bounds, X definitions, joins of sentences)
  checks.py        the checks run after a text is built (`_…_checked`)
  common.py        refusals (`_Refused`, `_refuse`), token/number helpers, `_Word`, the marker values rules pass
  normalise.py     the print-layout normaliser, `is_counter_icon`
"""

from __future__ import annotations

from judge_app.engine.core.reading import Reading
from judge_app.engine.ws.cardtext.normalise import is_counter_icon, normalise
from judge_app.engine.ws.cardtext.reader import (
    _MISPRINTS,
    _READER,
    EXAMPLES,
    _KeepWords,
    _lighter,
    _parser,
    _StartPos,
    _Words,
    parse_ability,
    summary,
    understand,
)
from judge_app.engine.ws.effects import EffectError

__all__ = ["EXAMPLES", "EffectError", "Reading", "is_counter_icon", "normalise", "parse_ability", "summary",
           "understand", "_KeepWords", "_MISPRINTS", "_READER", "_StartPos", "_Words", "_lighter", "_parser"]
