"""Which WS rules have nothing to execute (n/a, with the reason) and what is known not to be done yet.

The coverage table (docs/rules-coverage.md, section ws) is generated from behaviour by `judge_app.scenario.coverage`;
these tables only give reasons.
"""

from __future__ import annotations

ANATOMY = "card anatomy: a scenario states the card's information directly"
SETUP = "preparing to play: a scenario starts from a board already in play"
PHYSICAL = "physical handling or hidden information: the engine sees the whole board"
LANGUAGE = "printed-language matters: a scenario names cards in one language"

NOT_APPLICABLE: dict[str, str] = {
    **{rid: ANATOMY for rid in (
        "2.1.1", "2.1.1.1", "2.1.1.2", "2.1.1.3", "2.2.1", "2.2.2", "2.2.3", "2.3.1",
        "2.3.2", "2.3.2.1", "2.3.2.1.1", "2.3.2.2", "2.3.2.2.1", "2.3.2.3", "2.3.2.3.1", "2.4.1", "2.5.1", "2.5.2",
        "2.7.1", "2.8.1", "2.8.3", "2.10.2", "2.12.1", "2.12.3",
        "2.13.1", "2.13.2", "2.14.1", "2.14.2", "2.15.1", "2.15.2", "2.16.1", "2.16.2", "2.17.1", "2.17.2",
        "2.18.1", "2.18.1.1", "2.18.1.2", "2.18.1.3", "2.18.2", "8.1.1.4", "8.12.1")},
    # 2.9.1 is cited: a gain printed with no stat is read as power, and the step says so (s16 body)
    # 5.1.2.2 and 5.1.2.4 are cited: a card's deck-construction text is read and said to change nothing in play (s14 zones)
    **{rid: SETUP for rid in ("5.1.1", "5.1.2", "5.1.2.1", "5.1.2.2.1", "5.1.2.3", "5.2.1",
                              "5.2.1.1", "5.2.1.2", "5.2.1.3", "5.2.1.3.1", "5.2.1.4", "5.2.1.5", "5.2.1.6")},
    # 3.4.2, 3.6.2, 3.8.2 (public zones) are cited: an X counted over a waiting room, a stage area, a clock (s8-wsreala);
    # 3.12.2.1 (the memory's cards face up) is cited: an X counted over your memory (s16 zone)
    # 3.10.2 (each card put on top of the stock) is cited: "put them into your stock in any order" (s9-wsbody2)
    # 3.3.2 (the hand hidden from the opponent) is cited: "look at your opponent's hand" (s18 zone)
    **{rid: PHYSICAL for rid in ("3.1.2", "3.1.3", "3.1.5.1", "3.2.2",
                                 "3.9.2", "3.9.2.1", "3.9.2.2", "3.9.2.2.1", "3.9.2.2.2",
                                 "3.11.2", "3.12.2", "3.12.2.2", "3.12.2.2.1", "3.12.2.2.2",
                                 "3.12.2.3", "3.13.2", "3.5.3", "4.2.3")},
    "1.3.1.1": LANGUAGE, "1.3.2": "the engine implements one version, v2.03",
    "1.1.1": "two players, A and B, are the language's player words",
}

NOT_YET: dict[str, str] = {
    "1.2.4": "conceding is not an action of the language", "1.2.4.1": "as 1.2.4",
    "1.2.5": "no card effect wins or loses the game",
    "11.2.1": "no effect gives an additional turn", "11.3.1": "no Replay command in the vocabulary",
    "8.9.1.4": "dependency between continuous effects: the vocabulary has no effect that changes another's target",
    "11.1.1": "no supported card text can repeat a position (each automatic ability activates on a one-time event); "
              "a repeat would be answered 'undetermined', not with a declared loop count",
}
