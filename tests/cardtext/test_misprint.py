"""s17 misprint: misprints in pasted card text repaired and reported, one rule for every reader (core.misprint)."""

from __future__ import annotations

import pytest

from judge_app.engine.bs_standard import cardtext as std
from judge_app.engine.bss import cardtext as bss
from judge_app.engine.core import misprint
from judge_app.engine.monster import cardtext as monster
from judge_app.engine.ws import cardtext as ws


def _notes(reader, text: str) -> list[tuple[str, str]]:
    r = reader.understand(text)
    assert r.status == "read", r.message
    return [(x.printed, x.read) for x in r.repairs]


@pytest.mark.parametrize("reader, text, printed, read", [
    (ws, "【AUTO】 When this card attacks, choose 1 of your oppponent's characters, and that character gets -1000 "
         "power until end of turn.", "oppponent's", "opponent's"),
    (ws, "【CONT】 All of your other chracters get +500 power.", "chracters", "characters"),
    (ws, "【CONT】 All of your other charcters get +500 power.", "charcters", "characters"),  # swapped letters
    (bss, "(When Summoned) Destroy 1 oppposing spirit with 3000 BP or less.", "oppposing", "opposing"),
    (bss, "(When Summoned) Destroy 1 opposing sppirit with 3000 BP or less.", "sppirit", "spirit"),
    (std, "[Flash] 1 opponent Spirit gets -2000 BP durring this battle.", "durring", "during"),
    (monster, "[Revenge] Destory 1 of your opponent's battle cards.", "Destory", "Destroy"),  # case kept
    (monster, "[When invading] Your opponent's invadding monster loses 1 rage.", "invadding", "invading"),
])
def test_a_misprint_is_repaired_and_reported(reader, text, printed, read):
    assert _notes(reader, text) == [(printed, read)]
    note = reader.understand(text).to_dict()["repairs"][0]["note"]
    assert note == f'read "{printed}" as "{read}", a misprint repaired'


def test_the_repaired_reading_is_the_reading_of_the_text_as_printed_right():
    wrong = "【AUTO】 When this card attacks, choose 1 of your oppponent's characters, and that character gets -1000 power until end of turn."
    right = wrong.replace("oppponent's", "opponent's")
    assert ws.summary(ws.parse_ability(wrong)) == ws.summary(ws.parse_ability(right))
    assert ws.understand(right).repairs == ()  # a text read as written reports nothing
    assert bss.summary(bss.read_effects("(When Summoned) Destroy 1 oppposing spirit with 3000 BP or less.")) == \
        bss.summary(bss.read_effects("(When Summoned) Destroy 1 opposing spirit with 3000 BP or less."))


def test_up_to_three_repairs_an_ability_and_no_more():
    two = "【AUTO】 When this card attacks, choose 1 of your oppponent's chracters, and that character gets -1000 power until end of turn."
    assert _notes(ws, two) == [("oppponent's", "opponent's"), ("chracters", "characters")]
    four = "【AUTO】 When this card attackss, choose 1 of your oppponent's chracters, and that charactter gets -1000 power until end of turn."
    assert ws.understand(four).status == "not understood"


@pytest.mark.parametrize("reader, text", [
    # a tie: "charcter" is one edit from "character" and from "characters"
    (ws, "【CONT】 All of your other charcter get +500 power."),
    # a short word (under 5 letters) is never repaired: "crad"
    (ws, "【AUTO】 When this card attacks, draw 1 crad."),
    # an English word is never a misprint ("opponents" is one, though the grammar reads "opponent's" there)
    (ws, "【AUTO】 When this card attacks, choose 1 of your opponents characters, and that character gets -1000 power until end of turn."),
    # two edits away: refused as before
    (ws, "【CONT】 All of your other chractrs get +500 power."),
    # a capitalised word after a lower-case word is a name
    (bss, "(When Summoned) Destroy 1 opposing Sppirit with 3000 BP or less."),
])
def test_what_is_not_repaired_stays_refused(reader, text):
    r = reader.understand(text)
    assert r.status != "read" and r.repairs == ()


def test_a_name_in_quotes_is_never_touched():
    r = ws.understand('【CONT】 If you have "Chracters" in your waiting room, this card gets +500 power.')
    assert r.repairs == () and '"Chracters"' in r.text
    assert misprint._inside('a "Chracters', 3) and misprint._inside("a 《Chracters", 3)


def test_a_refusal_still_suggests_the_nearest_wording():
    with pytest.raises(ws.EffectError) as e:
        ws.parse_ability("【CONT】 All of your other charcter get +500 power.")
    assert "understanding stopped at" in str(e.value)


def test_edits_are_one_damerau_step():
    edits = misprint._edits("spirit")
    assert {"spirt", "sprit", "spiirt", "spirits", "spirjt", "psirit"} <= edits and "spirit" not in edits
    assert "sprti" not in edits  # two steps


def test_known_words_cover_the_grammar_the_corpus_and_english():
    known = ws._MISPRINTS.known
    assert {"opponent's", "characters", "waiting", "climax"} <= known  # grammar
    assert "opponents" in known and "chracters" not in known  # English; a misprint is not a word
    assert "abandon" in misprint.english_words()


def test_repair_is_deterministic():
    text = "【CONT】 All of your other chracters get +500 power."
    first = ws._MISPRINTS.repair(ws.normalise(text), _error(text))
    again = ws._MISPRINTS.repair(ws.normalise(text), _error(text))
    assert first == again and first is not None and first.text.endswith("other characters get +500 power.")


def _error(text: str):
    from judge_app.engine.core.lalr import Unparsed

    try:
        ws._READER.parse(ws.normalise(text))
    except Unparsed as u:
        return u.error
    raise AssertionError("parsed")


@pytest.mark.parametrize("reader", [ws, bss, std, monster])
def test_a_hostile_text_stays_fast(reader):
    """10,000 characters of near-misses: the repair stops after 3 (bounded: a few parses of the text). Measured
    as work, not time: the reader's parse count (a linear parse each)."""
    hostile = "【CONT】 All of your other " + "chracters oppponent's " * 455
    calls = []
    parse = reader._MISPRINTS.reader.parse

    def counting(t: str):
        calls.append(len(t))
        return parse(t)

    t = reader.normalise(hostile)
    try:
        parse(t)
    except Exception as e:  # noqa: BLE001 - the reader's Unparsed
        got = reader._MISPRINTS.repair(t, e.error, counting)  # type: ignore[attr-defined]
        assert got is None
    assert len(calls) <= misprint.MAX_REPAIRS
    assert reader.understand(hostile[:10000]).status != "read"


@pytest.mark.parametrize("game, reader", [("ws", ws), ("bss", bss), ("monster", monster)])
def test_corpus_misprint_lines_report_their_repairs(game, reader):
    """Corpus lines marked `misprint` (scripts/build_cardtext_<game>.py `session17misprint`): each read with
    exactly the repairs it names, reported by `understand`; the refused ones repaired nothing."""
    import json
    from pathlib import Path

    path = Path(__file__).with_name(f"{game}.jsonl")
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if '"misprint"' in x]
    assert len(rows) >= 2
    for row in rows:
        r = reader.understand(row["text"])
        if row["misprint"] == "refused":
            assert r.status != "read" and r.repairs == (), row["text"]
        else:
            assert [[x.printed, x.read] for x in r.repairs] == row["misprint"], row["text"]


@pytest.mark.parametrize("reader, printed, normal", [
    # a space lost in a database's export as "?" (the ws look pool: "When?this?card?attacks")
    (ws, "【AUTO】 When?this?card?attacks, draw 1 card.", "AUTO When this card attacks, draw 1 card."),
    (bss, "(When?Attacks) Draw 1 card.", "(When Attacks) Draw 1 card."),
    # a space typed before a comma or a period ("[SOUL] [SOUL] ,", "as 【STAND】 .", "spirits .")
    (ws, "【AUTO】 When this card attacks, draw 1 card .", "AUTO When this card attacks, draw 1 card."),
    (ws, "if that card's trigger icon is [SOUL] [SOUL] , you may pay the cost.",
     "if that card's trigger icon is [SOUL] [SOUL], you may pay the cost."),
    (bss, "(When Attacks) Draw 1 card .", "(When Attacks) Draw 1 card."),
    # left alone: a question mark after a word, an ellipsis, a number's sign
    (ws, "Is it? Draw 1 card ...", "Is it? Draw 1 card ..."),
    (bss, "(When Attacks) Draw 1 card ...", "(When Attacks) Draw 1 card ..."),
    # a stray period after a period is not a space typed before one: left for the reader to refuse
    (ws, "return this card to your hand. . put the top 2 cards", "return this card to your hand. . put the top 2 cards"),
])
def test_database_damage_is_normalised(reader, printed, normal):
    assert reader.normalise(printed) == normal
