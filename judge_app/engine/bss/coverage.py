"""What the bss rules-coverage table says about rules no scenario step cites (docs/rules-coverage.md).

The table itself is computed from behaviour by `judge_app.scenario.coverage`: a rule is *executed* only
when a scenario test replays a step citing it. This module holds the declared part, each entry with
its reason, checked by tests/engine/test_coverage.py:

* `NOT_APPLICABLE` - physical play and card anatomy only: nothing for an engine to execute;
* `NOT_YET` - not implemented, with what is missing (hidden information, revealing and looking at
  cards are here until the engine models them);
* `FOLLOWED` - the state model embodies the rule without a step of its own; the code is named.
"""

from __future__ import annotations

ANATOMY = "card anatomy: a scenario states the card's information directly"
HIDDEN = "hidden information, revealing and looking at cards: the engine sees the whole board and does not model who may look"
SETUP = "preparing to play: a scenario starts from a board already in play"
PHYSICAL = "physical handling of the game pieces"

NOT_APPLICABLE: dict[str, str] = {
    "2-1-2": ANATOMY + " (one name per card)", "2-2-1": ANATOMY, "2-2-2": ANATOMY,
    "2-5-1": ANATOMY, "2-6-1": ANATOMY, "2-7-1": ANATOMY, "2-7-2": ANATOMY,
    "2-9-1": ANATOMY, "2-9-2-2": ANATOMY + " (flavor text is not written)",
    "2-10-1": ANATOMY, "2-10-3-1": ANATOMY, "2-11-1": ANATOMY, "2-12-1": ANATOMY, "2-12-2": ANATOMY,
    "2-12-3": ANATOMY, "2-13-1": ANATOMY, "2-13-1-1": ANATOMY, "2-13-1-2": ANATOMY, "2-13-1-3": ANATOMY,
    "2-13-1-4": ANATOMY,
    "3-8-5": "after the game: outside a ruling",
    "3-9-1": PHYSICAL, "3-9-2": PHYSICAL, "4-11-2": PHYSICAL, "4-8-1": "a definition (game pieces)",
    "4-2-3": "after the game: outside a ruling", "4-4-1-1": PHYSICAL,
    "5-1-1": SETUP, "5-1-1-1": SETUP, "5-1-1-2": SETUP, "5-2-1": SETUP, "5-2-2": SETUP, "5-2-3": SETUP,
    "5-2-4": SETUP, "5-2-5": SETUP, "5-2-6": SETUP, "5-2-7": SETUP, "5-2-8": SETUP,
}

FOLLOWED: dict[str, str] = {
    "4-2-1": "dialect:_Reader", "4-2-2": "dialect:_Reader", "8-1-7": "vocab:parse_effects",
    "1-1-1": "state:PLAYERS", "1-2-1-1": "rules:establish_winner", "8-2-2-2": "resolve:directive", "1-2-5": "rules:concede",
    "2-3-2": "state:CardType", "2-4-1-1": "state:COLORS", "2-4-1-2": "state:Card",
    "2-6-2": "rules:pay_cost", "2-8-3": "rules:resolve_battle", "2-9-2": "vocab:parse_effects",
    "2-9-2-1": "vocab:_token_spec", "2-10-4": "state:Level", "2-11-2": "rules:resolve_battle",
    "3-1-1": "state:Player", "3-1-6": "rules:leave_field", "3-2-1": "state:Player",
    "3-3-4": "resolve:draw", "3-4-3": "rules:pay_cost", "3-5-1": "state:Player",
    "3-5-4": "rules:put_on_field", "3-6-3": "rules:_put", "3-7-1": "state:Player",
    "3-7-3": "keywords:_blessed",
    "4-1-1": "vocab:Effect", "4-1-1-2": "vocab:Effect", "4-1-2": "vocab:parse_directive", "4-1-2-1": "vocab:CONTINUOUS",
    "4-3-1": "state:State", "4-3-2": "state:other", "4-4-1": "state:Card", "4-5-1": "resolve:draw",
    "4-7-1": "rules:manage", "4-7-2": "rules:manage", "4-9-1": "rules:put_on_field", "4-9-2": "view:View",
    "4-10-1": "rules:put_on_field", "4-10-2": "view:View", "4-11-4": "resolve:_move",
    "6-6-1": "rules:settle", "6-6-1-2-4": "game:BattleSpiritsSaga", "6-7-3": "rules:settle",
    "8-1-1": "vocab:parse_effects", "8-1-2": "vocab:Effect", "8-1-4": "view:_compute", "8-1-4-1": "view:cond_holds",
    "8-1-4-2": "view:_compute", "8-1-5-1": "vocab:_timing", "8-1-6": "rules:use_magic",
    "8-2-2": "vocab:CONTINUOUS", "8-2-2-1": "resolve:directive",
    "8-3-1": "view:cond_holds", "8-3-2": "view:cond_holds",
    "8-5-2": "rules:activate", "8-7-1": "resolve:directive",
    "8-8-1-1": "view:_compute", "8-8-1-3": "view:_compute",
    "9-1-1": "rules:manage", "9-1-2": "rules:manage", "9-1-2-2": "rules:checkpoint", "9-1-2-3": "rules:checkpoint",
    "10-1-3-1": "rules:destroy_all", "10-6-2": "rules:summon", "10-7-2": "rules:summon", "10-8-2": "rules:use_magic",
    "10-11-2": "vocab:_timing", "10-12-1": "view:cond_holds", "10-13-1": "view:_compute",
    "11-5-2": "vocab:armor_colors", "11-14-2": "vocab:astral_timing", "11-14-3": "rules:_astral",
    "11-14-4": "rules:_astral",
}

NOT_YET: dict[str, str] = {
    "1-2-6": "no directive makes a player win or lose",
    "2-5-2": "spirit types: the vocabulary has no spirit-type descriptions", "2-5-3": "as 2-5-2",
    "4-6-1": "effects with X are not in the vocabulary", "4-6-2": "as 4-6-1", "4-6-3": "as 4-6-1",
    "4-12-4": "no effect restricts summoning",
    "8-8-1-3-3": "no directive redefines the printed BP", "8-8-1-5": "no directive changes cards in an area",
    "8-8-1-5-1": "as 8-8-1-5", "8-9-2-2": "substitutions apply to destruction only",
    "9-3-2-2": "no directive changes the LV1 cost", "10-13-2": "\"with 【Keyword】\" is read on the field only",
    "3-1-3": HIDDEN, "3-2-2": HIDDEN, "3-3-2": HIDDEN, "3-5-2": HIDDEN, "3-6-2": HIDDEN, "3-7-2": HIDDEN, "3-8-2": HIDDEN,
}
