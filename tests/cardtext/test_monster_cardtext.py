"""monster's card-text reader: the corpus holds, refusals point at the word, the print layout is normalised,
the grammar is conflict-free, compiled once and read through a cache."""

from __future__ import annotations

import json
import logging
import sys

import pytest

from judge_app.cardtext_report import ROOT, grade
from judge_app.engine.core import Unsupported
from judge_app.engine.monster import cardtext
from judge_app.engine.monster.effects import Ability, Discard, Draw, Move, Optional, PlayToken
from judge_app.engine.monster.state import Kind


@pytest.fixture(scope="module")
def monster_report():
    return grade("monster")


def test_monster_corpus_reads_as_written_and_meets_the_targets(monster_report) -> None:
    r = monster_report
    assert not r.failures(), [(f.n, f.text, f.detail) for f in r.failures()[:10]]
    assert r.accepted >= 0.9 * r.total
    assert r.with_scenario >= r.accepted / 3
    assert r.executed == r.with_scenario


def _refusal(kind: Kind, text: str) -> Unsupported:
    with pytest.raises(Unsupported) as e:
        cardtext.parse_ability("Odd", kind, text)
    return e.value


def test_refusal_points_at_the_word_and_shows_the_nearest_wording() -> None:
    e = _refusal(Kind.BATTLE, "[Enter] Destroy 1 opposing battle card.")
    # the message names the sentence (as the golden unknown-card-text records), the hint the word and column
    assert e.message == ("card text of 'Odd' not understood: 'Destroy 1 opposing battle card' in "
                         "'[Enter] Destroy 1 opposing battle card.'")
    assert e.hint.startswith('understanding stopped at "opposing" (column 19); there the engine reads of;')
    assert "nearest supported wording: [Revenge] Destroy 1 of your opponent's battle cards." in e.hint
    # misspelt words: the nearest wording is the text with the nearest words the grammar reads there
    # (s17 misprint: "Your oponent draws 2 crads." is now read, both misprints repaired and reported: a word of 4
    # letters, "drws" and "crds", is never repaired, so this text is still refused)
    e = _refusal(Kind.STRATEGY, "Your oponent drws 2 crds.")
    assert "nearest supported wording: Your opponent draws 2 cards.;" in e.hint
    assert [(r.printed, r.read) for r in cardtext.understand("Your oponent draws 2 crads.").repairs] == [
        ("oponent", "opponent"), ("crads", "cards")]
    e = _refusal(Kind.STRATEGY, "Draw 1 card. Exchange your hand with your opponent's hand.")
    assert e.message == ("card text of 'Odd' not understood: \"Exchange your hand with your opponent's hand\" in "
                         "\"Draw 1 card. Exchange your hand with your opponent's hand.\"")
    assert e.hint.startswith('understanding stopped at "Exchange" (column 14)')
    e = _refusal(Kind.STRATEGY, "Draw1 card.")  # a keyword is a whole word, never a prefix
    assert 'stopped at "Draw1" (column 1)' in e.hint


@pytest.mark.parametrize(("kind", "text", "words"), [
    (Kind.BATTLE, "[When invading] Draw 1 card.", "when invading is not supported on a battle card"),
    (Kind.STRATEGY, "This card gets +1000 counter power.", "not supported yet"),
    (Kind.MONSTER, "This card gets +1000 counter power.", "no counter power"),
    (Kind.BATTLE, "Draw 1 card.", "a one-shot effect needs a timing such as [Enter]"),
    (Kind.BATTLE, "[Enter] This card gets +1000 counter power.", "a continuous effect cannot follow a trigger"),
    (Kind.MONSTER, "[Burst II] Draw 1 card.", "write [Burst II] alone"),
    (Kind.MONSTER, "[Burst VV]", "a rank is written I, II, III or IV"),
    (Kind.STRATEGY, "[Base][Fort]", "Base takes no trait"),
    (Kind.STRATEGY, "You may your invading monster gets +1000 threat level.", "'you may' takes a one-shot action"),
    (Kind.STRATEGY, "Your opponent's invading monster gets +1000 threat level.", "Your opponent's invading monster"),
    (Kind.BATTLE, "When this card would be destroyed, instead.", "When this card would be destroyed, instead."),
])
def test_constructions_read_but_not_executable_are_refused_whole(kind: Kind, text: str, words: str) -> None:
    assert words in _refusal(kind, text).message


def test_work_is_bounded() -> None:
    import time

    for hostile in ("(" * 20000, "Draw 1 card. " * 3000 + "Swap", "[" + "a " * 20000):
        t0 = time.process_time()
        e = _refusal(Kind.STRATEGY, hostile)
        assert "the reader reads at most 1000" in e.message and time.process_time() - t0 < 0.05
    t0 = time.process_time()
    _refusal(Kind.STRATEGY, "(" * 999)  # the longest text read: reminder text is matched in linear time
    _refusal(Kind.STRATEGY, "Draw 1 card. " * 75 + "Swap")
    assert time.process_time() - t0 < 1.0


def test_print_layout_is_normalised() -> None:
    assert cardtext.normalise("［Ｅｎｔｅｒ］　Retreat your opponent’s invading monster．") == \
        "[Enter] Retreat your opponent's invading monster."
    assert cardtext.normalise("{Enter} Draw 1 card.") == "[Enter] Draw 1 card."
    assert cardtext.normalise("(Revenge) Draw 1 card.") == "[Revenge] Draw 1 card."
    assert cardtext.normalise("〔Burst Ⅱ〕") == "【Burst II】"
    a = cardtext.parse_ability("c", Kind.BATTLE, "［Enter］ Retreat your opponent’s  invading monster.")
    b = cardtext.parse_ability("c", Kind.BATTLE, "[Enter] Retreat your opponent's invading monster.")
    assert a == b == Ability("enter", "[Enter] Retreat your opponent's invading monster.", steps=(Move("opponent", False),))


def test_reminder_text_is_ignored() -> None:  # 2.9.2
    ab = cardtext.parse_ability("c", Kind.MONSTER, "[Burst II] (You may play this card as though its rank is II.)")
    assert ab.keyword == "burst" and ab.number == 2
    ab = cardtext.parse_ability("c", Kind.STRATEGY, "Draw 2 cards (from your deck). Discard 1 card.")
    assert ab.steps == (Draw("you", 2), Discard("you", 1))


def test_the_reading_of_each_construction() -> None:
    ab = cardtext.parse_ability("c", Kind.STRATEGY, "You may draw 2 cards, then discard 1 card. Draw 1 card.")
    assert ab.steps == (Optional((Draw("you", 2), Discard("you", 1))), Draw("you", 1))
    ab = cardtext.parse_ability("c", Kind.STRATEGY, "Play a Stone-Golem battle token with 4000 counter power.")
    assert ab.steps == (PlayToken("Stone-Golem", 4000),)
    ab = cardtext.parse_ability("c", Kind.BATTLE, "When this card would be destroyed, you may draw 1 card instead.")
    assert ab.optional and ab.steps == (Draw("you", 1),)
    ab = cardtext.parse_ability("c", Kind.BATTLE, "【Evolution 3】【Giant Beast】")
    assert (ab.keyword, ab.number, ab.trait) == ("evolution", 3, "Giant Beast")


def test_report_reader_picks_the_card_type_that_can_carry_the_text() -> None:
    assert cardtext.summary(cardtext.read("Draw 1 card.")) == "strategy | do Draw(you, 1)"
    assert cardtext.summary(cardtext.read("[Burst II]")) == "burst 2"
    assert cardtext.summary(cardtext.read("This card gets +1000 counter power.")) == \
        "continuous | static PlusCounter(1000)"
    with pytest.raises(Unsupported) as e:
        cardtext.read("Activate 1 of your strategy cards.")
    assert 'understanding stopped at "Activate" (column 1)' in e.value.message


def test_grammar_compiled_once_and_reading_cached() -> None:
    cardtext.parse_ability("a", Kind.STRATEGY, "Draw 2 cards.")
    cardtext.parse_ability("b", Kind.STRATEGY, "Draw 3 cards.")
    assert cardtext._parser.cache_info().misses <= 1
    before = cardtext._read.cache_info().hits
    cardtext.parse_ability("another card", Kind.STRATEGY, "Draw 2 cards.")  # same text, another card
    assert cardtext._read.cache_info().hits == before + 1


def test_grammar_has_no_lalr_conflicts(caplog) -> None:
    from lark import Lark, logger

    from judge_app.paths import grammar_path

    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark(grammar_path("monster_effects.lark").read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                 debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_bench_runs() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_monster_cardtext", ROOT / "bench" / "bench_monster_cardtext.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    r = mod.run()
    assert r["texts"] >= 500 and r["read_cold"]["median_ms"] < 50  # generous: the target is checked by running it


def test_a_monster_scenario_without_card_text_needs_no_lark(tmp_path) -> None:
    """cardtext.py imports lark where a text is parsed, not at module import: once the scenario grammar's
    terminals are saved (the first run), a cold check of a monster scenario whose cards carry no text never
    imports lark; one with a card text does."""
    import os
    import subprocess

    code = ("import sys; from judge_app.scenario.check import check_text; "
            "r = check_text(open(sys.argv[1], encoding='utf-8').read()); print(r.ok, 'lark' in sys.modules)")
    env = dict(os.environ, JUDGE_DATA_DIR=str(tmp_path))
    plain = str(ROOT / "tests" / "scenarios" / "monster" / "concede.scn")
    assert 'text "' not in (ROOT / "tests" / "scenarios" / "monster" / "concede.scn").read_text(encoding="utf-8")
    runs = [subprocess.run([sys.executable, "-c", code, plain], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]
    assert runs[1].stdout.split() == ["True", "False"], [r.stdout for r in runs]
    texted = tmp_path / "texted.scn"
    texted.write_text('game monster\nturn 2, A, main phase\nA: hand 1, deck 5\nA monster: "L" rank I, trait Beast, '
                      'threat 1\nA hand: strategy "S" rank 1, text "Draw 1 card."\nB monster: "T" rank I, trait Troll, '
                      'threat 1\nA plays "S"\nexpect A hand 1, deck 4\n', encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", code, str(texted)], env=env, capture_output=True, text=True, check=True)
    assert r.stdout.split() == ["True", "True"]


def test_reading_in_several_threads_gives_the_same_readings() -> None:
    """Each thread reads through its own transformer (cardtext._transformer): texts read at once in four
    threads give what one thread gives, refusals included."""
    from tests.cardtext.threads import same_in_threads

    texts = [json.loads(line)["text"] for line in (ROOT / "tests" / "cardtext" / "monster.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()]

    def readings(batch: list[str]) -> list[str]:
        return [repr(cardtext._read.__wrapped__(t)) for t in batch]  # uncached: every text is transformed

    assert same_in_threads(readings, texts)
