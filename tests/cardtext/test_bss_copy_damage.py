"""s22 bssC: the transcription damage of a card database's bss texts, undone by the normaliser (made-up texts)."""

from __future__ import annotations

import pytest

from judge_app.engine.bss import cardtext


@pytest.mark.parametrize("printed, normal, restored", [
    ("If this spirit has a on it, draw a card.", "If this spirit has a Soul Core on it, draw a card.", ["a on"]),
    ("Destroy all of your spirits with aon them.", "Destroy all of your spirits with a Soul Core on them.", ["aon"]),
    ("If you spend aas part of this card's cost, draw a card.",
     "If you spend a Soul Core as part of this card's cost, draw a card.", ["aas"]),
    ("Place a core that is not a into your life. Then, pay a to draw.",
     "Place a core that is not a Soul Core into your life. Then, pay a Soul Core to draw.", ["a into", "a to"]),
    ("Place a from your reserve onto it.", "Place a Soul Core from your reserve onto it.", ["a from"]),
])
def test_the_lost_soul_core_icon_is_restored_and_reported(printed, normal, restored):
    assert cardtext.normalise(printed) == normal
    icons = cardtext.lost_icons(printed)
    assert [r.printed for r in icons] == restored
    for r in icons:  # where the restored words stand in the normalised text
        assert normal[r.at:r.at + len(r.read)] == r.read
        assert "Soul Core icon" in r.note() and "4-11-1" in r.note()


@pytest.mark.parametrize("text", [
    "Draw a card.",  # an article before a noun
    "If this spirit has a Soul Core on it, draw a card.",  # the icon written as words: nothing lost
    "Select a spirit. Plan A on the field.",  # a capital "A" is no article the copy dropped an icon after
    'Select a spirit named "a on" and destroy it.',  # inside quotes: a name
    "Select a spirit with a Soul Core on it.",
])
def test_an_article_that_reads_otherwise_is_left_alone(text):
    assert cardtext.lost_icons(text) == ()
    assert cardtext.normalise(text) == text


def test_the_reading_says_the_icon_was_restored():
    text = "(When This Spirit Attacks) If this spirit has a on it, draw a card."
    r = cardtext.understand(text)
    assert r.status == "read"
    assert r.notes() == ('read "a on" as "a Soul Core on", the Soul Core icon the copy lost, restored (4-11-1: the core a '
                         'card names apart from a plain core); check the printed card',)
    assert cardtext.summary(cardtext.read_effects(text)) == cardtext.summary(cardtext.read_effects(
        "(When This Spirit Attacks) If this spirit has a Soul Core on it, draw a card."))
    # refused further on, the text shown still says the icon was restored
    # (s22-bssA: "You may pay a to draw a card." is read now, "pay a Soul Core" being an effect cost)
    refused = cardtext.understand("(When Summoned) You cannot place a on this spirit with this effect.")
    assert refused.status != "read" and [x.printed for x in refused.repairs] == ["a on"]


@pytest.mark.parametrize("printed, normal", [
    # a keyword's box after the keyword just granted restates it (11-x-1 says when each works): dropped
    ("It gains Armor: Red, Purple, Green during this turn: Armor: Red, Purple, Green",
     "It gains Armor: Red, Purple, Green during this turn"),
    ("It gains Gale:2 during this turn : While This Spirit Attacks Gale:2", "It gains Gale:2 during this turn"),
    ("All of your spirits gain Astral : Astral", "All of your spirits gain Astral"),
    ("This spirit gains Raid: 1 : When This Spirit Attacks Raid: 1", "This spirit gains Raid: 1"),
    ("This spirit gains Blessed if you have 3 or fewer life: While This Spirit Attacks Blessed",
     "This spirit gains Blessed if you have 3 or fewer life"),
    ("It gains 3000 BP and Confront during this turn: While This Spirit Attacks Confront",
     "It gains 3000 BP and Confront during this turn"),
    # not the keyword granted, or not its argument: no restatement, kept (and refused by the grammar)
    ("It gains Gale: 1 during this turn: Gale: 2", "It gains Gale: 1 during this turn: Gale: 2"),
    ("It gains Armor: Red, Purple during this turn: Armor: Red", "It gains Armor: Red, Purple during this turn: Armor: Red"),
    ("It gains 3000 BP during this turn: While This Spirit Attacks Confront",
     "It gains 3000 BP during this turn: While This Spirit Attacks Confront"),
    ("Select a spirit with Astral: Astral", "Select a spirit with Astral: Astral"),
])
def test_a_keywords_box_restating_the_grant_is_dropped(printed, normal):
    assert cardtext.normalise(printed) == normal


@pytest.mark.parametrize("printed, normal", [
    ("Summon two of your Antman Tokensexhausted.", "Summon two of your Antman Tokens exhausted."),
    ("Draw a card for each of your Antman Tokensfor each nexus.", "Draw a card for each of your Antman Tokens for each nexus."),
    ("Summon one Antman Token (Token spirit/Green/0 Cost).", "Summon one Antman Token (Token spirit/Green/0 Cost)."),
])
def test_the_space_lost_after_a_tokens_name_is_put_back(printed, normal):
    assert cardtext.normalise(printed) == normal


def test_a_box_naming_part_of_the_argument_is_no_restatement():
    """Found by the word audit: the box's argument cut short ("Armor: Red," after "Armor: Red, Purple") is kept."""
    text = "It gains Armor: Red, Purple during this turn: Armor: Red,"
    assert cardtext.normalise(text) == text
