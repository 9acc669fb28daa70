"""The reranker's signals table: every signal is reported, and the score is their weighted sum."""

from __future__ import annotations

import pytest

from judge_app.search import signals


def test_signal_names_are_unique():
    names = [s.name for s in signals.SIGNALS]
    assert len(names) == len(set(names))


def test_debug_shows_every_signal_and_the_score_is_their_weighted_sum(svc):
    svc.debug = {}
    try:
        res = svc.search("how many cards in the starting hand", game="bss", limit=5)
        shown = dict(svc.debug)
    finally:
        svc.debug = None
    assert res.hits
    table = signals.QUESTION_SIGNALS  # a "how many" question
    for h in res.hits[:3]:
        d = shown[f"{h.game}|{h.version}|{h.id}"]
        assert {s.name for s in table} <= set(d)
        want = sum(s.weight * d[s.name] * (d["cov"] if s.gated else 1.0) for s in table)
        assert d["score"] == pytest.approx(want, abs=0.02)  # (the values shown are rounded)


def test_questions_and_short_queries_have_their_own_weights():
    assert signals.is_question(1, ("count",)) and signals.is_question(signals.LONG, ())
    assert not signals.is_question(2, ())
    assert signals.table_for(1, ()) is signals.SIGNALS
    assert signals.table_for(1, ("permission",)) is signals.QUESTION_SIGNALS
