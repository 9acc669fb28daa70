"""The bs-standard card-text corpus, reader and audit (issue 13): grammar/bs_standard_effects.lark read through
engine/bs_standard/cardtext.py.

The audit is proved from behaviour, as monster's and ws's are: each accepted corpus text is read and reduced to
signatures (the effect's kind with its Magic labels or timing, each part's joining word, and each instruction's
node type with the features its procedure branches on), and each signature must occur in a text a scenario
executes and checks: a corpus line with a scenario (graded here) or a card of a golden scenario (test_golden).
"""

from __future__ import annotations

import json
import logging
import re
import subprocess
import sys

import pytest

from judge_app.cardtext_report import ROOT, grade
from judge_app.engine.bs_standard import cards, cardtext
from judge_app.engine.bs_standard.cards import EffectSyntaxError
from judge_app.paths import grammar_path

CORPUS = ROOT / "tests" / "cardtext" / "bs-standard.jsonl"
GOLDEN = ROOT / "tests" / "scenarios" / "bs-standard"


@pytest.fixture(scope="module")
def report():
    return grade("bs-standard")


def test_corpus_reads_as_written_and_every_scenario_holds(report) -> None:
    assert report.total >= 100
    assert not report.failures(), [(f.n, f.text, f.detail) for f in report.failures()[:10]]


def test_corpus_targets(report) -> None:
    assert report.accepted >= 0.9 * report.total
    assert report.with_scenario >= report.accepted / 3
    assert report.executed == report.with_scenario


def test_refusal_points_at_the_word_and_shows_the_nearest_wording() -> None:
    with pytest.raises(EffectSyntaxError) as e:
        cards.parse_effect("『When Summoned』 Destroy 1 opponent Spirt with 3000 BP or less.")
    assert e.value.message == ('the engine cannot execute the effect words "Destroy 1 opponent Spirt with 3000 BP or '
                               'less" (not an instruction the Standard engine reads)')
    assert 'understanding stopped at "Spirt" (column 36)' in e.value.hint
    assert 'there it reads "spirit", "spirits"' in e.value.hint  # what the grammar reads there, nearest first
    near = "[Main] Destroy 1 opponent Spirit with 3000 BP or less. Then, draw 1 card."
    assert f"nearest supported wording: {near}" in e.value.hint
    r = cards.understand("『When Summoned』 Destroy 1 opponent Spirt with 3000 BP or less.")
    assert (r.status, r.understood, r.word) == ("not understood", "『When Summoned』 Destroy 1 opponent ", "Spirt")
    assert r.nearest == near


def test_a_read_construction_the_engine_cannot_execute_is_refused_by_name() -> None:
    r = cards.understand("This Spirit cannot be affected by opposing effects.")
    assert r.status == "not executable" and "cannot be affected by opposing effects" in r.message
    for text, words in (("《Super Unleash》", "Super Unleash"), ("All your Spirits with 3000 BP or less get +1000 BP.",
                                                                   "by BP or state"),
                        ("[Main] 1 opponent Spirit gets -1000 BP.", "how long it lasts"),
                        ("[Main] Move 1 core from 1 opponent Spirit to 2 of your Spirits.", "several cards"),
                        ("[Main] You must draw 1 card.", "nothing precedes it"),
                        # a heading conditions continuous and triggered effects only (9-1-4-3, 9-2-1), once
                        ("(During Your Turn) [Main] Draw a card.", "over a magic effect"),
                        ("(During Your Turn) 『During Attack』 This Spirit gets +2000 BP.", "two conditions"),
                        # a continuous count describes cards by printed information (9-1-4-1: recounted always)
                        ("(While This Spirit Attacks) This spirit gains 1000 BP for each of your spirits with 3000 "
                         "BP or less.", "by BP or state"),
                        ("(While This Spirit Attacks) This spirit gains 1000 BP for each of them.",
                         "counts cards the text describes"),
                        # a card in the Trash has no cores and is in no battle (4-4-1)
                        ('[Main] Select a spirit card with a "Soul Core" on it from your trash and return it to your '
                         "hand.", "colour, type and cost only"),
                        ("[Main] Select an attacking spirit card from your trash and return it to your hand.",
                         "colour, type and cost only"),
                        # the cores counted are on one card the text names
                        ("(When Summoned) Discard a number of cards from the top of your deck equal to the number of "
                         "cores on all your spirits.", "the cores counted are on one card"),
                        # "cannot be blocked by" in a resolving effect says how long it lasts (9-1-5-6)
                        ("[Main] This spirit cannot be blocked by spirits with 5000 BP or less.",
                         "how long it lasts")):
        with pytest.raises(EffectSyntaxError, match=re.escape(words)):
            cards.parse_effect(text)


def test_print_layouts_read_alike() -> None:
    same = ["『When Summoned』 Draw 1 card.", "[When Summoned] Draw 1 card.", "【When Summoned】 Draw 1 card.",
            "「When Summoned」: Draw 1 card.", "When Summoned: Draw 1 card.", "When this Spirit is Summoned, draw 1 card.",
            "『When Summoned』  draw one card.", "『When Summoned』 Draw a card"]
    assert {cards.summary(cards.parse_effect(t)) for t in same} == {"triggered summoned | first: Draw(1, you)"}
    assert cards.parse_effect("[Main] Return 1 opponent Spirit to its owner’s Hand.").parts[0].text == \
        "Return 1 opponent Spirit to its owner's Hand"


def test_grammar_compiled_once_and_reading_cached() -> None:
    cardtext.read("[Main] Draw 2 cards.")
    cardtext.read("[Main] Draw 3 cards.")
    assert cardtext._parser.cache_info().misses <= 1
    before = cardtext.read.cache_info().hits
    cardtext.read("[Main] Draw 2 cards.")
    assert cardtext.read.cache_info().hits == before + 1


def test_grammar_has_no_lalr_conflicts(caplog) -> None:
    from lark import Lark, logger

    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark(grammar_path("bs_standard_effects.lark").read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                 debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_a_scenario_without_card_text_does_not_load_the_reader(tmp_path) -> None:
    # (other games' readers may import lark when the games are discovered; this one's parser is never built)
    scn = tmp_path / "plain.scn"
    scn.write_text("game bs-standard\nturn 5, A, main step\nA: life 5, reserve 3, deck 20, hand 1\nB: life 5, deck 20\n"
                   "expect A hand 1\n", encoding="utf-8")
    code = ("import sys; from judge_app.scenario import check_text; import judge_app.engine.bs_standard; "
            f"check_text(open({str(scn)!r}, encoding='utf-8').read()); "
            "print('judge_app.engine.bs_standard.cardtext' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


_FEATURES = ("who", "up_to", "duration", "what", "to", "discarded")


def _node(d: object) -> str:
    feats = [type(d).__name__] + [f"{f}={getattr(d, f)}" for f in _FEATURES if f in getattr(d, "__slots__", ())]
    if isinstance(d, cards.Cores):
        feats += [f"from {d.src.kind}", f"to {d.dst.kind}", "all" if d.n is None else "n"]
    return " ".join(feats)


def signatures(e: cards.Effect) -> set[str]:
    head = e.kind + (f" {e.trigger.event}" if e.trigger else "") + (f" while {e.while_}" if e.while_ else "")
    out = {head} | {f"labels {'+'.join(sorted(e.labels))}" for _ in (1,) if e.labels}
    for p in e.cost + e.parts:
        out.add(f"link {p.link}" + (" may" if p.optional else "") + (f" cond {p.cond.kind}" if p.cond else ""))
        out |= {_node(d) for d in p.directives}
    return out


def test_every_accepted_construction_is_executed_by_a_scenario() -> None:
    built: dict[str, str] = {}
    executed: set[str] = set()
    for row in (json.loads(x) for x in CORPUS.read_text(encoding="utf-8").splitlines() if x.strip()):
        if "ast" not in row:
            continue
        sig = signatures(cards.parse_effect(row["text"]))
        for s in sig:
            built.setdefault(s, row["text"])
        if "scenario" in row:
            executed |= sig
    for path in GOLDEN.glob("*.scn"):
        for m in re.finditer(r'\beffect "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")):
            try:
                executed |= signatures(cards.parse_effect(m.group(1).replace('\\"', '"')))
            except EffectSyntaxError:
                continue  # the refused-text goldens
    assert len(built) >= 40
    missing = {s: t for s, t in built.items() if s not in executed}
    assert not missing, missing


def test_reading_in_several_threads_gives_the_same_effects() -> None:
    """Each thread reads through its own transformer (cardtext._build): texts read at once in four threads
    give what one thread gives, refusals included."""
    from tests.cardtext.threads import same_in_threads

    texts = [json.loads(line)["text"] for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]

    def readings(batch: list[str]) -> list[object]:
        out: list[object] = []
        for t in batch:
            try:
                out.append(cardtext.read.__wrapped__(t))  # uncached: every text goes through the transformer
            except EffectSyntaxError as e:
                out.append(("refused", e.message))
        return out

    assert same_in_threads(readings, texts)
