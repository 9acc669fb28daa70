"""The rules coverage table of the monster engine, generated from behaviour.

    .venv/bin/python -m judge_app.scenario.coverage > docs/rules-coverage.md  (the monster section)

Every rule id of the Comprehensive Rules ver. 1.2 gets one status:

* **executed** — a scenario test (tests/scenarios/monster/*.scn) replays a step that cites it; the
  scenarios that do are named. Nothing else counts: a rule the code cites but no scenario reaches
  is not "executed";
* **followed** — the engine's structure follows it without a step of its own; the code is named in
  `FOLLOWED` and checked to exist;
* **n/a** — card anatomy, physical handling, setting up a game (with the reason in `NOT_APPLICABLE`),
  or a heading whose rules are listed under it;
* **not yet** — not implemented (the reason in `NOT_YET`, else the plain status). Looking at
  cards and a "reveal" instruction are "not yet".

A test regenerates the table and compares it with the committed file.
"""

from __future__ import annotations

import importlib

ANATOMY = "card anatomy: a scenario states the card's information directly"
PHYSICAL = "physical handling of the game pieces"
SETUP = "setting up a game: a scenario starts from a board already in play"
DECK = "deck construction: outside play"

NOT_APPLICABLE: dict[str, str] = {
    "2.1.1": ANATOMY, "2.1.2": ANATOMY, "2.1.3": ANATOMY, "2.2.1": ANATOMY, "2.3.1": ANATOMY, "2.3.2": ANATOMY,
    "2.3.2.2": ANATOMY, "2.3.2.3": ANATOMY, "2.4.1": ANATOMY, "2.4.2": ANATOMY, "2.4.3": ANATOMY, "2.4.4": ANATOMY,
    "2.4.5": ANATOMY, "2.5.3": ANATOMY, "2.5.3.1": ANATOMY, "2.6.1": ANATOMY, "2.7.1": ANATOMY, "2.8.2": ANATOMY,
    "2.9.1": ANATOMY, "2.10.1": ANATOMY, "2.10.2": ANATOMY + " (art is not written)", "2.11.1": ANATOMY,
    "2.11.2": DECK, "2.11.3": ANATOMY, "3.4.2": PHYSICAL + " (rage cards)", "3.4.2.note1": PHYSICAL,
    "3.4.2.1": PHYSICAL + " (rage cards are a game aid)", "3.4.6": ANATOMY + " (an icon)",
    "4.4.4.note1": "the layout picture", "5.12.2": ANATOMY + " (an icon)",
    "6.1.1": DECK, "6.1.1.1": DECK, "6.1.1.2": DECK, "6.1.1.2.1": DECK, "6.1.1.2.2": DECK, "6.1.1.3": DECK,
    "6.1.1.4": DECK, "6.1.1.4.1": DECK, "6.1.1.5": DECK, "6.2.1": SETUP, "6.3.1": SETUP, "6.3.1.1": SETUP,
    "6.3.1.2": SETUP, "6.3.1.3": SETUP, "6.3.1.4": SETUP, "6.3.1.5": SETUP, "6.3.1.6": SETUP, "6.3.1.6.1": SETUP,
    "6.3.1.7": SETUP, "12.2.3": ANATOMY + " (an icon)", "12.3.3": ANATOMY + " (an icon)",
    "12.4.3": ANATOMY + " (an icon)", "12.5.4": ANATOMY + " (an icon)", "12.6.3": ANATOMY + " (an icon)",
    "12.7.4": ANATOMY + " (an icon)", "12.8.2.1": ANATOMY + " (an icon)", "12.8.2.2": DECK, "12.8.2": DECK,
    "12.9.2.1": ANATOMY + " (an icon)", "3.1.1": "after the game: outside a ruling (the owner is the player whose "
    "lines list the card)",
}

FOLLOWED: dict[str, str] = {
    "1.1.1": "state:PLAYERS", "1.3.1": "cardtext:parse_ability", "1.3.5": "cardtext:_WORDS",
    "2.2.2": "state:Kind", "2.2.3": "state:Kind", "2.2.4": "state:Kind", "2.3.2.1": "state:ROMAN",
    "2.5.1": "state:Card", "2.5.2": "terms:counter", "2.9.2": "cardtext:_nothing_after",
    "3.1.2": "abilities:_players", "3.1.2.1": "terms:threat_level", "3.1.2.2": "abilities:on_play",
    "3.1.2.3": "abilities:perform", "3.1.2.3.1": "abilities:_players", "3.2.1": "state:Player",
    "3.2.2": "state:Player", "3.2.3": "state:Player", "3.3.2": "state:Player", "3.3.3.1": "state:Player",
    "3.3.3.2": "state:Player", "3.3.4": "abilities:_players", "3.4.3": "abilities:_rage",
    "4.1.1": "state:Player", "4.1.6": "abilities:_players", "4.1.7": "terms:destroy_battle",
    "4.3.1": "state:Player", "4.3.2": "state:Player", "4.4.1": "state:Player", "4.4.2": "state:ZONES",
    "4.4.3": "state:ZONES", "4.4.4": "state:adjacent", "4.4.4.1": "dialect:read_player", "4.4.5": "state:adjacent",
    "4.4.8": "state:Player", "4.5.1": "state:Player", "4.5.2": "state:STRATEGY_ZONES", "4.6.1": "state:Player",
    "4.7.1": "state:Player", "4.8.1": "state:Player", "4.9.1": "state:Player", "4.10.1": "state:Player",
    "5.1.1": "terms:draw", "5.2.1": "terms:destroy_battle", "5.3.1.1": "terms:_reshuffle",
    "5.11.3": "actions:play_card", "7.1.2": "turn:advance_phase", "10.1.1": "effects:Ability",
    "10.1.1.1": "abilities:check_timing", "10.1.1.1.1": "cardtext:parse_ability", "10.1.1.2": "terms:threat_level",
    "10.1.1.2.1": "cardtext:parse_ability", "10.2.1": "effects:Ability", "10.2.1.1": "abilities:perform",
    "10.3.4.2": "terms:threat_level", "10.3.4.3": "abilities:at_beginning", "10.4.3.4": "abilities:check_timing",
    "10.5.1": "terms:threat_level", "10.5.2": "actions:play_card", "10.5.2.2": "abilities:_destroy",
    "10.6.1": "abilities:check_timing", "10.7.1": "abilities:perform", "10.8.1": "terms:threat_level",
    "11.1.1": "ruleactions:check_rule_actions", "11.1.2": "ruleactions:interrupts",
    "11.1.2.2": "ruleactions:check_rule_actions", "11.1.3": "ruleactions:check_rule_actions",
    "12.1.1": "cardtext:parse_ability", "4.1.3": "state:Player", "4.1.3.1": "state:Player",
    "11.4.1.1": "actions:play_card", "10.4.4": "turn:main_phase", "10.3.4": "terms:threat_level",
    "10.3.4.1": "abilities:at_beginning", "10.3.4.1.1": "abilities:on_play",
    # hidden information: a hidden area holds named cards and unknown ones, never invented (state.Slot)
    "4.1.2": "state:Slot", "4.1.2.1": "state:known", "4.1.2.2": "dialect:_fill", "4.2.1": "state:Slot",
    "4.2.2": "state:Slot", "4.2.3": "state:Slot", "4.4.7": "state:Player", "4.5.3": "state:Player",
    "4.7.3": "state:Player", "4.10.2": "state:Player", "4.11.2": "actions:play_card",
    "4.8.2": "terms:draw", "4.9.2": "terms:hand_labels",
    "9.1.1": "state:Card", "9.1.4": "terms:destroy_battle", "10.9.2.3": "replacements:replace_destruction",
    "5.4.3": "abilities:_how_many", "5.4.3.1": "abilities:_how_many", "5.5.2.1": "abilities:_look", "5.7.2.1": "abilities:_discard_until", "10.2.1.3": "replacements:replace_destruction",
}

_SEARCH_NUMBER = ("a search for a number of cards with no other information is refused by the card-text reader (it "
                  "would take cards the scenario does not name); searches say a card type or trait (5.8.1.2)")

NOT_YET: dict[str, str] = {
    "1.2.2": "no effect makes both players lose at once yet", "1.2.3.1": "no effect interacts with conceding",
    "1.2.4": "no 'win/lose the game' effect text yet", "1.3.2.3": "no competing requirements in the effect vocabulary",
    "4.1.5.1": "no effect places several cards into a hidden area in an order its master chooses",
    "5.8.1.1": _SEARCH_NUMBER, "5.8.1.1.1": _SEARCH_NUMBER,
    "5.9.1": "no 'activate' effects yet",
    "9.1.2.2": "the document's appendix of token names is not part of it: the card text states the token's "
    "information (\"Play a Soldier battle token with 2000 counter power.\")",
    "9.1.5.1": "no effect in the vocabulary refers to tokens", "9.1.5.2": "no effect grants or removes traits",
    "13.1.1.1": "the loops the supported card texts make either come back with no player's choice (a draw, "
    "13.1.1.3) or pass through a player's choice each time round (an optional replacement effect): the engine asks "
    "that choice every time, and the scenario's answers play the loop round by round; declaring a number of "
    "repetitions instead is not offered",
    "4.4.5.4": "no effect in the vocabulary refers to columns", "4.4.6": "no effect refers to left and right",
    **{r: "no effect refers to left and right" for r in ("4.4.5.5", "4.4.5.5.1", "4.4.5.5.1.1", "4.4.5.5.2",
                                                         "4.4.5.5.3", "4.4.5.5.4")},
    **{r: "no effect plays a battle card to a specific zone or several at once yet" for r in ("5.11.1.1", "5.11.1.3")},
    **{r: "no area-changing, timed or situation triggers in the vocabulary beyond Revenge yet" for r in (
        "10.6.4", "10.6.4.1", "10.6.4.1.1", "10.6.4.1.2", "10.6.4.1.3", "10.6.4.2", "10.6.5", "10.6.5.1", "10.6.6",
        "10.6.6.1")},
    **{r: "effects that refer to a card after it moved are not in the vocabulary yet" for r in (
        "10.10.1", "10.10.1.1", "10.10.1.2", "10.10.1.2.1", "4.1.4", "4.1.4.1", "10.8.2", "10.6.7", "10.6.7.1")},
    **{r: "one kind of value modification only: no dependency or timestamp order needed yet" for r in (
        "10.8.1.2", "10.8.1.3", "10.8.1.6", "10.8.1.7", "10.8.1.7.1", "10.8.1.7.2", "10.8.3", "10.8.3.1")},
    "10.9.2.2": "the only replacement effects replace a card's destruction (10.9.2.1), not an action",
    "10.5.4.2": "no replacement effect replaces a 'you may' action yet",
}


def _exists(where: str) -> bool:
    module, _, name = where.partition(":")
    return hasattr(importlib.import_module(f"judge_app.engine.monster.{module}"), name)
