"""The ws card-text corpus and reader (issue 13): grammar/ws_effects.lark read through engine/ws/cardtext/ (reader.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from judge_app.cardtext_report import grade
from judge_app.engine.ws import cardtext
from judge_app.engine.ws.effects import EffectError
from judge_app.paths import grammar_path


@pytest.fixture(scope="module")
def ws_report():
    return grade("ws")


def test_ws_corpus_reads_as_written_and_every_scenario_holds(ws_report) -> None:
    assert ws_report.total >= 250
    assert not ws_report.failures(), [(f.n, f.text, f.detail) for f in ws_report.failures()[:10]]


def test_ws_corpus_targets(ws_report) -> None:
    assert ws_report.accepted >= 0.9 * ws_report.total
    assert ws_report.with_scenario >= ws_report.accepted / 3
    assert ws_report.executed == ws_report.with_scenario


def test_refusal_points_at_the_word_and_shows_the_nearest_wording() -> None:
    # (the opponent's characters are read since the fourth session; a selection by stage area is not)
    with pytest.raises(EffectError) as e:
        cardtext.parse_ability("【AUTO】 When this card attacks, choose 1 of your center stage characters, and that "
                               "character gets -1000 power until end of turn.")
    assert 'understanding stopped at "center" (column 47)' in e.value.message
    assert '"defending"' in e.value.message and '"characters"' in e.value.message  # what the grammar reads there
    assert '"opponent\'s"' in e.value.message
    assert e.value.words == "choose 1 of your center stage characters"  # the clause the dialect names
    assert "nearest supported wording: 【AUTO】 When this card attacks, this card gets +1000 power until end of turn" \
        in e.value.hint
    with pytest.raises(EffectError) as e:  # misspelt words: the text with the nearest words the grammar reads
        cardtext.parse_ability("【AUTO】 When this card atacks, draw 1 crad.")
    assert e.value.hint.startswith('understanding stopped at "atacks" (column 21)')
    assert "nearest supported wording: AUTO When this card attacks, draw 1 card." in e.value.hint
    with pytest.raises(EffectError) as e:  # a number the phrase does not take, refused at the number
        cardtext.parse_ability("Draw 0 cards.")  # (s18 body: any count from 1 is read, "Draw 3 cards.")
    assert 'stopped at "0" (column 6)' in e.value.message and "draw reads" in e.value.message
    with pytest.raises(EffectError) as e:  # a keyword is only read as a whole word
        cardtext.parse_ability("Drawa card.")
    assert 'stopped at "Drawa"' in e.value.message


def test_costs_nothing_would_pay_are_refused_not_dropped() -> None:
    for text in ("【CONT】 [(1)] This card gets +1000 power.", "[Rest this card] Draw 1 card.",
                 "[(1)] If this card would be put from the stage into your waiting room, put it into your memory "
                 "instead."):
        with pytest.raises(EffectError) as e:
            cardtext.parse_ability(text)
        assert "has no cost" in e.value.message, text


def test_print_layouts_are_normalised() -> None:
    assert cardtext.normalise("［ＡＵＴＯ］　When this card’s battle opponent becomes 【REVERSE】, draw １ card.") == \
        "[AUTO] When this card's battle opponent becomes reversed, draw 1 card."
    assert cardtext.normalise("【ACT】 [(1) 【REST】 this card] Draw 1 card.") == "ACT [(1) REST this card] Draw 1 card."
    assert cardtext.normalise("[A] When this card attacks, draw 1 card.") == "AUTO When this card attacks, draw 1 card."
    assert cardtext.normalise("Encore [③]") == "Encore [③]"  # the stock icon survives NFKC
    same = {cardtext.summary(cardtext.parse_ability(t)) for t in (
        '【AUTO】 【CXCOMBO】 When this card attacks, if “Lucky” is in your climax area, draw 1 card.',
        '[AUTO] [CXCOMBO] When this card attacks, if "Lucky" is in your climax area, draw 1 card.',
        '【AUTO】【CXCOMBO】When this card attacks, if "Lucky" is in your climax area, draw 1 card.',
        '［AUTO］ ［CXCOMBO］ When this card attacks, if ＂Lucky＂ is in your climax area, draw 1 card.')}
    assert same == {"auto attacks | if climax=lucky | do Draw(n=1, optional=False)"}
    assert cardtext.parse_ability("Encore [(3)]").cost == cardtext.parse_ability("Encore [③]").cost


def test_the_ability_keeps_its_text_as_written() -> None:
    text = "【AUTO】 When this card attacks, draw 1 card."
    assert cardtext.parse_ability(text).text == text


def test_grammar_compiled_once_and_reading_cached() -> None:
    cardtext.parse_ability("Draw 2 cards.")
    cardtext.parse_ability("Draw 1 card.")
    assert cardtext._parser.cache_info().misses <= 1
    before = cardtext.parse_ability.cache_info().hits
    cardtext.parse_ability("Draw 2 cards.")
    assert cardtext.parse_ability.cache_info().hits == before + 1


def test_grammar_has_no_lalr_conflicts(caplog) -> None:
    # lark resolves a shift/reduce conflict silently (as shift) and logs it: a conflict would make some
    # wording unreadable without anybody noticing
    from lark import Lark, logger

    logger.setLevel(logging.DEBUG)
    try:
        with caplog.at_level(logging.DEBUG, logger="lark"):
            Lark(grammar_path("ws_effects.lark").read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                 postlex=cardtext._KeepWords(), debug=True)
    finally:
        logger.setLevel(logging.WARNING)
    messages = [r.getMessage() for r in caplog.records]
    assert not [m for m in messages if "conflict" in m.lower()]
    assert not [m for m in messages if "unused" in m.lower()], messages  # WORD is kept by the post-lexer


def _signatures(a) -> set[tuple[str, ...]]:
    """The constructions an ability is built from: category, keyword, timing, conditions, cost parts, the gain's
    scope and each effect's type with its who / zone / kind."""
    from judge_app.engine.ws.effects import Cost

    out = {("category", a.category), ("keyword", a.category, a.keyword)}
    if a.when:
        out.add(("when", a.when))
    out |= {("cond", c.kind) for c in a.conds}
    out |= {("cost", f) for f in Cost.__slots__ if getattr(a.cost, f)}
    if a.scope:
        out.add(("scope", a.scope, "power" if a.power else "", "soul" if a.soul else ""))
    for e in a.effects:
        out.add(("effect", type(e).__name__, *(str(getattr(e, f)) for f in ("who", "zone", "kind") if hasattr(e, f))))
    return out


def test_every_accepted_construction_is_executed_by_a_scenario() -> None:
    # issue 13's audit for ws, from behaviour: each construction a corpus text is read into occurs in a text that a
    # scenario executes and checks (a corpus line with a scenario, graded above, or a ws golden's card)
    import json
    import re

    from judge_app.cardtext_report import ROOT

    built: dict[tuple[str, ...], str] = {}
    executed: set[tuple[str, ...]] = set()
    for line in (ROOT / "tests" / "cardtext" / "ws.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if "ast" in row:
            sig = _signatures(cardtext.parse_ability(row["text"]))
            built.update({s: row["text"] for s in sig if s not in built})
            executed |= sig if "scenario" in row else set()
    for path in (ROOT / "tests" / "scenarios" / "ws").glob("*.scn"):
        for m in re.finditer(r'effect "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")):
            try:
                executed |= _signatures(cardtext.parse_ability(m.group(1).replace('\\"', '"')))
            except EffectError:
                continue
    assert len(built) >= 55
    assert not {s: t for s, t in built.items() if s not in executed}


def test_near_misses_kept_apart_are_refused_naming_their_words() -> None:
    """tests/cardtext/ws-probes.jsonl (scripts/build_cardtext_ws.py `probes`): near misses of the eighth session's
    constructions, each refused naming the words it expects, none read."""
    probes = grade("ws", Path(__file__).with_name("ws-probes.jsonl"))
    assert probes.total >= 15
    assert probes.accepted == 0
    assert not probes.failures(), [(f.n, f.text, f.detail) for f in probes.failures()]
