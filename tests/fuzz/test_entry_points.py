"""Property-based tests: random and mutated input at the resolver, search and citation parser.

CI runs the `ci` profile; `HYPOTHESIS_PROFILE=long .venv/bin/pytest tests/fuzz` runs many more
examples (see docs/reliability.md).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app.chat.citations import find_citations
from judge_app.chat.format import cite
from judge_app.errors import JudgeError
from judge_app.rules.notation import parse_rule_number

# pieces people type, glued in random orders: digits, separators, prefixes, games, brackets
PIECES = st.sampled_from([
    "7", "1", "5", "12", "0", "999", "-", ".", "..", ":", "§", "CR ", "rule ", "bss", "ws", "monster",
    "bs-standard", "[[", "]]", " to ", ", ", "-2", "７", "－", " ", "\t", "\n", "\x00", "*", "~", "(", ")",
    "destroy", "2024-05-27", "v1.7.0", "BSS02-016", "10:30", "and", "\u202e", "😀", "'", '"',
])
MESSY = st.one_of(st.text(max_size=200), st.lists(PIECES, max_size=40).map("".join))

settings.register_profile("ci", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("long", max_examples=5000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile(__import__("os").environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def svc(lib, tmp_path_factory):
    from judge_app.search import SearchService

    return SearchService.open(lib, index_dir=tmp_path_factory.mktemp("fuzz-index"))


@given(text=MESSY, game=st.sampled_from([None, "bss", "bs-standard", "monster", "ws"]))
def test_rule_number_resolver_never_crashes(lib, text, game):
    rn = parse_rule_number(text, lib, game=game)
    if rn is not None:
        for rid in rn.ids:
            assert isinstance(rid, str)
        if rn.exists and rn.game:
            for rid in rn.ids:
                assert rid in lib.document(rn.game, rn.version)


@given(text=MESSY, game=st.sampled_from([None, "bss", "ws"]))
def test_search_answers_or_refuses_clearly(svc, text, game):
    try:
        res = svc.search(text, game=game, limit=10).to_dict()
    except JudgeError as e:
        assert 400 <= e.status < 500 and e.message
        return
    assert len(res["hits"]) <= 10
    for h in res["hits"]:
        assert h["id"] in svc_lib(svc).document(h["game"], h["version"])


def svc_lib(svc):
    from judge_app.rules import load_library

    return load_library()


@given(text=st.text(min_size=1000, max_size=12000))
@settings(max_examples=20)
def test_search_long_input_bounded(svc, text):
    try:
        svc.search(text)
    except JudgeError as e:
        assert 400 <= e.status < 500


@given(text=MESSY, game=st.sampled_from([None, "bss", "ws"]), fmt=st.sampled_from(["plain", "discord", "slack"]))
def test_citations_never_crash(lib, text, game, fmt):
    cites = find_citations(text, lib, game, "")
    for c in cites:
        assert c.status in ("resolved", "ambiguous", "unknown")
        assert 0 <= c.start <= c.end <= len(text)
        if c.status == "resolved":
            assert c.id in lib.document(c.game)
    out = cite(text, lib, game, fmt, "https://j.test")
    for q in out["quotes"]:
        assert all(len(m) <= {"plain": 4000, "discord": 2000, "slack": 3000}[fmt] for m in q["messages"])


@pytest.mark.parametrize("text", ["*a*", "destroyed~6", "(" * 2000 + "x", "a" * 20000, "x:y field:value",
                                  "[0 TO 9]", "\x00\x01\x02", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 " * 50])
def test_hostile_queries(svc, lib, text):
    try:
        svc.search(text)
    except JudgeError as e:
        assert 400 <= e.status < 500
    parse_rule_number(text, lib)
    try:
        find_citations(text, lib)
    except JudgeError as e:
        assert 400 <= e.status < 500
