"""The card-text corpora hold: every line reads as written, scenarios run, docs/card-text.md is current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge_app.cardtext_report import ROOT, grade, readers, render
from judge_app.cli import main
from judge_app.engine.bss import cardtext, vocab


@pytest.fixture(scope="module")
def bss_report():
    return grade("bss")


def test_bss_corpus_reads_as_written(bss_report):
    assert bss_report.total >= 300
    assert not bss_report.failures(), [(f.n, f.text, f.detail) for f in bss_report.failures()[:10]]


def test_bss_corpus_targets(bss_report):
    assert bss_report.accepted >= 0.9 * bss_report.total
    assert bss_report.with_scenario >= bss_report.accepted / 3
    assert bss_report.executed == bss_report.with_scenario


def test_report_document_is_current(bss_report, tmp_path: Path):
    out = tmp_path / "card-text.md"
    r = CliRunner().invoke(main, ["cardtext-report", "--output", str(out)])  # every game with a corpus and a reader
    assert r.exit_code == 0, r.output
    games = sorted(p.stem for p in (ROOT / "tests" / "cardtext").glob("*.jsonl") if p.stem in readers())
    assert {"bss", "monster", "ws"} <= set(games)
    assert out.read_text(encoding="utf-8") == render([bss_report if g == "bss" else grade(g) for g in games])
    assert out.read_text(encoding="utf-8") == (ROOT / "docs" / "card-text.md").read_text(encoding="utf-8"), \
        "docs/card-text.md is stale: run `judge cardtext-report`"


def test_report_unknown_game_is_a_clear_error():
    r = CliRunner().invoke(main, ["cardtext-report", "--game", "chess", "--output", "-"])
    assert r.exit_code == 2 and "no card-text reader for game 'chess'" in r.output


def test_grammar_reads_existing_scenario_texts_as_the_vocabulary_does():
    # The grammar must not give a house-style text of the golden scenarios another meaning.
    texts = {m.group(1) for p in (ROOT / "tests" / "scenarios" / "bss").glob("*.scn")
             for m in re.finditer(r'effect "([^"]*)"', p.read_text(encoding="utf-8"))}
    both = 0
    for t in texts:
        try:
            g = cardtext.parse_printed(t)
            house = vocab.parse_effects(t)
        except vocab.EffectSyntaxError:
            continue  # not read by both: printed-only texts (the deck, "for each") have no house-style meaning
        assert house == g, t
        both += 1
    assert both >= 20


def test_refusal_points_at_the_word_and_shows_the_nearest_wording():
    with pytest.raises(vocab.EffectSyntaxError) as e:
        cardtext.parse_printed("[LV2][LV3] (When Attacks) Destroy 1 opposing wizard.")
    assert 'understanding stopped at "wizard"' in e.value.message
    assert e.value.hint.startswith("nearest supported wording: [LV2][LV3] (When Attacks) Destroy 1 opposing spirit")
    # what the grammar would have read at that word, in card words
    assert "there the engine reads LVn, a color, exhausted / refreshed, spirit(s) / nexus(es), target" in e.value.message
    with pytest.raises(vocab.EffectSyntaxError) as e:
        cardtext.parse_printed("(When Summond) Draw 1 card, discard 1 card.")
    assert 'stopped at "Summond" (column 7)' in e.value.message and '"summoned"' in e.value.message
    with pytest.raises(vocab.EffectSyntaxError) as e:
        cardtext.parse_printed("(Main) Destroy 1 opposing spirt with 3000 BP or les.")
    # misspelt words: the nearest wording is the text with the nearest words the grammar reads there
    assert e.value.hint.startswith("nearest supported wording: (Main) Destroy 1 opposing spirit with 3000 BP or less.")
    with pytest.raises(vocab.EffectSyntaxError) as e:
        cardtext.parse_printed("(When Summoned) Draw 1 card, discard 1 card.")
    assert 'stopped at "," (column 28)' in e.value.message


def test_read_but_not_executable_is_refused_whole():
    # "not affected by opposing effects" is executed since session 4 (immunity.py); "by effects" (its own
    # player's too) is not yet, and refuses the whole effect, its first sentence included
    with pytest.raises(cardtext.NotExecutable) as e:
        cardtext.read_effects("(When Summoned) Destroy 1 opposing spirit. Then, this spirit is not affected by "
                              "effects.")
    assert '"is not affected by"' in e.value.message and "whole effect is refused" in e.value.message
    whole = cardtext.read_effects("(When Summoned) Destroy 1 opposing spirit. Then, this spirit is not affected by "
                                  "opposing effects.")
    assert cardtext.summary(whole) == ("triggered summoned | do Destroy(1 opponent spirit); "
                                       "Forbid(this card, be affected by opposing effects)")


def test_print_layout_is_normalised():
    assert cardtext.normalise("（Ｗｈｅｎ Ｓｕｍｍｏｎｅｄ）  Return it to its owner’s hand.") == \
        "(When Summoned) Return it to its owner's hand."
    a = cardtext.parse_printed("［LV2］［LV3］ （When Attacks） Exhaust 1 opposing spirit.")
    b = cardtext.parse_printed("[LV2][LV3] (When Attacks) Exhaust 1 opposing spirit.")
    assert cardtext.summary(a) == cardtext.summary(b) == "triggered[LV2,3] attacks | do Exhaust(1 opponent spirit)"


def test_a_keyword_typed_without_its_brackets_reads_as_the_keyword():
    """The whole effect is a keyword's name (as a player types it): the bracketed keyword the card prints."""
    for bare, bracketed in (("[LV1][LV2][LV3] Awaken", "[LV1][LV2][LV3] 【Awaken】"), ("swift", "【Swift】"),
                            ("[LV2][LV3] Crush: +1.", "[LV2][LV3] 【Crush: +1】")):
        assert cardtext.normalise(bare) == bracketed
        assert cardtext.summary(cardtext.read_effects(bare)) == cardtext.summary(cardtext.read_effects(bracketed))
    # a sentence that starts with a keyword's name is not a keyword
    assert cardtext.normalise("Swift summon this spirit.") == "Swift summon this spirit."


def test_grammar_compiled_once_and_reading_cached():
    cardtext.parse_printed("(When Summoned) Draw 2 cards.")
    cardtext.parse_printed("(When Destroyed) Draw 2 cards.")
    assert cardtext._parser.cache_info().misses <= 1
    before = cardtext.parse_printed.cache_info().hits
    cardtext.parse_printed("(When Summoned) Draw 2 cards.")
    assert cardtext.parse_printed.cache_info().hits == before + 1


def test_grammar_has_no_lalr_conflicts(caplog):
    # lark resolves a shift/reduce conflict silently (as shift) and logs it: a conflict would make some
    # wording unreadable without anybody noticing.
    import logging

    from lark import Lark, logger

    from judge_app.paths import grammar_path

    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark(grammar_path("bss_effects.lark").read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                 debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_grading_catches_a_wrong_reading_a_wrong_refusal_and_a_failing_scenario(tmp_path: Path):
    import json

    scn = ('game bss\nturn 5, A, main step\nA: life 5, reserve 5, deck 20, hand 1\nA hand: spirit "T" red, cost 1, '
           'LV1 1 core 3000 BP, symbol red, effect "(When Summoned) Draw 1 card."\nB: life 5, reserve 3, deck 20, '
           'hand 4\nA summons "T" paying 1 from reserve, placing 1 from reserve\nexpect A hand 2\n')
    rows = [{"text": "(When Summoned) Draw 1 card.", "ast": "triggered summoned | do Draw(2, you)"},
            {"text": "(When Summoned) Draw 1 card.", "refused": "for each"},
            {"text": "(When Summoned) Draw 1 card.", "ast": "triggered summoned | do Draw(1, you)", "scenario": scn}]
    path = tmp_path / "bss.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    r = grade("bss", path)
    assert [f.n for f in r.failures()] == [1, 2, 3]
    assert r.accepted == 3 and r.correct == 1 and r.with_scenario == 1 and r.executed == 0
    assert "expect A hand 2 -> 1" in r.lines[2].detail


def test_grammar_alone_reads_every_accepted_corpus_text_and_agrees_with_the_vocabulary():
    # The engine reads house style first; the grammar must still read every printed text of the corpus on
    # its own, and where both read a text they must build the same effects.
    import json

    rows = [json.loads(x) for x in (ROOT / "tests" / "cardtext" / "bss.jsonl").read_text(encoding="utf-8").splitlines()]
    both = 0
    for row in rows:
        if "ast" not in row:
            continue
        g = cardtext.parse_printed(row["text"])
        assert cardtext.summary(g) == row["ast"], row["text"]
        try:
            v = vocab.parse_effects(row["text"])
        except vocab.EffectSyntaxError:
            continue
        assert v == g, row["text"]
        both += 1
    assert both >= 100
