"""Issue 19, finding 1: no regular expression or grammar terminal reachable from user input
backtracks super-linearly.

Two kinds of evidence: regexploit (a static ReDoS finder) over every grammar terminal and every
regex in the package, and the worst inputs it and we know of, at the largest size each entry
point accepts. The time limits are 10-50x what a linear parse takes, so they only fail on
super-linear behaviour (the citation input below took 4.7 s at 51 characters and doubled with
each "1-").
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge_app.chat.citations import MAX_TEXT, _parser, parse_citations
from judge_app.rules import load_library
from judge_app.rules.notation import parse_rule_number
from judge_app.scenario.check import check_text

ROOT = Path(__file__).resolve().parents[2]
regexploit = pytest.importorskip("regexploit.redos")


def _redos(pattern: str, flags: int = 0) -> list:
    from regexploit.ast.sre import SreOpParser

    return [r for r in regexploit.find(SreOpParser().parse_sre(pattern, flags)) if r.starriness > 2]


def _seconds(fn, *args) -> float:
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t


def test_finding_1_citation_bracket_is_linear():
    # the reported message: "[[" + "1-" * 24 + a letter; exponential before the fix (8 s here)
    parse_citations("warm up: build the parser once")
    assert _seconds(parse_citations, "[[" + "1-" * 24 + "a") < 0.5
    assert _seconds(parse_citations, "[[" + "1-" * 40 + "a") < 0.5


@pytest.mark.parametrize("make", [
    lambda n: "[[" + "1-" * n + "a",
    lambda n: "[[ " + "1 to " * n + "x",
    lambda n: "[[1" + "-.1" * n,
    lambda n: "[[" + "1.." * n + "a",
    lambda n: "[[1-1" * n,
    lambda n: "bss 1" + "-1111" * n,
    lambda n: "7-1, " * n,
    lambda n: "[[1" + " " * (5 * n) + "x",
    lambda n: "a" * n + "1" * n,
    lambda n: "rule " * n,
], ids=["brackets", "to", "dash-dot", "dots", "repeated-open", "range-lookahead", "lists", "spaces",
        "cardno", "prefixes"])
def test_citation_families_at_the_size_limit(make):
    """Linear: four times the text costs about four times as much (quadratic would be 16x).
    The best of three runs of each size keeps a busy machine's noise out of the ratio."""
    small, big = make(MAX_TEXT)[:MAX_TEXT // 4], make(MAX_TEXT)[:MAX_TEXT]
    t_small = max(min(_seconds(parse_citations, small) for _ in range(3)), 0.002)
    t_big = min(_seconds(parse_citations, big) for _ in range(3))
    assert t_big < 0.05 or t_big / t_small < 9, f"{t_small:.4f} s -> {t_big:.4f} s for 4x the text"


def test_no_grammar_terminal_is_flagged_by_regexploit():
    from lark import Lark

    from judge_app.paths import grammar_path

    parsers = {"citations": _parser(),
               "scenario": Lark(grammar_path("scenario.lark").read_text(encoding="utf-8"), parser="lalr")}
    flagged = {}
    for name, parser in parsers.items():
        for term in parser.terminals:
            pat = term.pattern
            if pat.type == "re" and _redos(pat.to_regexp(), 0):
                flagged[f"{name}:{term.name}"] = pat.value
    assert not flagged


# Regexes regexploit flags in the package, and why each is safe: every one of them matches card
# text after `_norm` has collapsed whitespace runs to one space (the repeated character it
# reports), and card text is bounded by the scenario's size limits. The test below feeds each
# reported worst case through the real scenario checker.
ALLOWED = {"judge_app/engine/bss/vocab.py"}  # (bs-standard reads its card text with a grammar since 5cde7bd)


def test_regexploit_over_the_package():
    out = subprocess.run([str(Path(sys.executable).parent / "regexploit-py"), "judge_app/"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600).stdout
    files = set(re.findall(r"^Vulnerable regex in (\S+) #\d+", out, re.M))
    assert "Processed" in out
    assert files <= ALLOWED, out


def test_rule_reference_resolver_is_linear():
    lib = load_library()
    for text in ["0" + " " * 400 + "0", "7-1-5" + " " * 400 + "x", "1" * 500, "rule " * 100 + "1"]:
        assert _seconds(parse_rule_number, text, lib) < 0.5


@pytest.mark.parametrize("effect", [
    "burst" + " " * 3000 + ".",
    "【burst" + " " * 3000,
    "if a would be destroyed," + " " * 3000 + "i",
    "[" + " " * 3000 + "x",
    "[chain:" + " a" * 1500,
])
def test_card_text_worst_cases_are_fast(effect):
    src = ('game bss\nturn 3, A, main step\nA: life 5, reserve 3, deck 20\n'
           f'A field: spirit "X" red, cost 3, LV1 1 core 3000 BP, symbol red, 1 core, effect "{effect}"\n'
           'B: life 5, deck 20\n')
    t = time.perf_counter()
    try:
        check_text(src)
    except Exception as e:  # noqa: BLE001 - refusing the card is a fine answer; only time matters
        assert getattr(e, "status", 400) < 500
    assert time.perf_counter() - t < 2.0


@pytest.mark.parametrize(("game", "effect"), [
    ("bs-standard", "[activate:main]" + " " * 1900 + "x"),
    ("bs-standard", "if 0 would be destroyed" + " " * 1900),
    ("monster", "[" + " " * 1900 + "x"),
    ("monster", "[a][" + " " * 1900 + "x"),
])
def test_other_games_card_text_worst_cases_are_fast(game, effect):
    """regexploit's worst cases for the Standard and monster card-text readers, through the checker."""
    boards = {
        "bs-standard": ('game bs-standard\nturn 3, A, main step\nA: life 5, reserve 3, deck 20\n'
                        f'A field: spirit "X" red, cost 3, LV1 1 core 3000 BP, symbol red, 1 core, effect "{effect}"\n'
                        'B: life 5, deck 20\n'),
        "monster": ('game monster\nturn 8, A, main phase\nA: hand 2, monster zone 8\n'
                    'A monster: "Lion I" rank I, trait Beast, threat 6000\n'
                    f'A hand: strategy "Sweep" rank 1, icon 1, text "{effect}"\n'
                    'B: monster zone 2\nB monster: "Troll I" rank I, trait Troll, threat 7000\n'),
    }
    t = time.perf_counter()
    try:
        check_text(boards[game])
    except Exception as e:  # noqa: BLE001 - refusing the card is a fine answer; only time matters
        assert getattr(e, "status", 400) < 500
    assert time.perf_counter() - t < 2.0
