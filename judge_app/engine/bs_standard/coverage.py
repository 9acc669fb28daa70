"""Standard rules that describe physical play or card anatomy: "n/a" in the coverage table, with why."""

NOT_APPLICABLE: dict[str, str] = {
    "1-1": "formats and card pools, not play", "1-2": "the number of players", "2-1": "card anatomy",
    "2-2": "card anatomy", "2-3-1": "card anatomy", "2-3-2": "card anatomy", "2-4": "the illustration",
    "2-5": "card anatomy", "2-6": "card anatomy (families are not used by any rule of play)", "2-7": "card anatomy",
    "2-9": "card anatomy", "2-10": "card anatomy", "2-11": "card anatomy", "2-12": "card numbers",
    "2-13": "icons with no meaning in the game", "2-14": "icons with no meaning in the game",
    "2-15": "flavor text", "2-16": "frame text", "3-1": "card anatomy", "3-2-2": "deck construction",
    "3-3-2": "deck construction", "3-4-2": "deck construction", "4-3-2": "physical handling of the hand",
    "4-4-2": "physical handling of the trash", "4-5-5": "physical handling",
    "4-6-2": "physical handling", "4-7-2": "physical handling", "4-8-2": "substitute cores",
    "4-9-2": "physical handling", "5-1": "a definition", "5-3-1": "a definition", "5-4": "a definition",
    "5-5-1-1": "how a card is turned", "5-5-1-2": "how a card is turned", "5-5-1-3": "how a card is turned",
    "6-1": "deck construction", "6-2": "the pre-game procedure, before any scenario starts",
}


# 【Clash】 is the only keyword effect Ver.1.0 names, as an example (5-2-2, 12-1-1), and no rule says what it
# does: the engine refuses it by name (scenario `clash-refused`) rather than guess. 12-1-2/12-1-3 describe how
# keyword effects are written and stacked, with none defined to apply them to.
_CLASH = ("【Clash】 is named as an example (5-2-2, 12-1-1) but never defined in Ver.1.0: the engine refuses it by "
          "name (`clash-refused`) rather than guess")
NOT_YET: dict[str, str] = {
    "5-2-2": _CLASH, "12-1-1": _CLASH,
    "12-1-2": "how a keyword effect's name and modifier are written; Ver.1.0 defines no keyword effect to read so",
    "12-1-3": "several effects of the same keyword on one card; Ver.1.0 defines no keyword effect to stack",
}
