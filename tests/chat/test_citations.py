"""The citation linker: what it finds, what it leaves alone, and how it resolves."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge_app.chat.citations import find_citations
from judge_app.chat.format import CUT_MARK, cite, split_message
from judge_app.cli import main
from judge_app.errors import BadQuery, TooLarge, UnknownGame


def found(lib, text, game=None):
    return [(c.raw, c.status, c.game, c.id) for c in find_citations(text, lib, game, "")]


@pytest.mark.parametrize("text,expected", [
    ("see 7-1-5-2-1", [("7-1-5-2-1", "resolved", "bss", "7-1-5-2-1")]),
    ("see 10.4.1.1 now", [("10.4.1.1", "resolved", "monster", "10.4.1.1")]),
    ("bss:7-1-5", [("bss:7-1-5", "resolved", "bss", "7-1-5")]),
    ("ws 7.5.1.3", [("ws 7.5.1.3", "resolved", "ws", "7.5.1.3")]),
    ("rule 7.5.1.3 says", [("rule 7.5.1.3", "resolved", "ws", "7.5.1.3")]),
    ("§7-1-5", [("§7-1-5", "resolved", "bss", "7-1-5")]),
    ("[[7-1-5]]", [("[[7-1-5]]", "resolved", "bss", "7-1-5")]),
    ("[[ws:9.2]]", [("[[ws:9.2]]", "resolved", "ws", "9.2")]),
    ("full width ７-１-５-２-１", [("７-１-５-２-１", "resolved", "bss", "7-1-5-2-1")]),
    ("CR 7-1-5:", [("CR 7-1-5", "resolved", "bss", "7-1-5")]),  # the colon stays outside the link
    ("See CR 7.1.5.", [("CR 7.1.5", "resolved", "bss", "7-1-5")]),  # dotted, in a dash document
    ("see rule 7 1 5 2 1.", [("rule 7 1 5 2 1", "resolved", "bss", "7-1-5-2-1")]),  # spaces, as search reads
    ("7.1.5 in bss", [("7.1.5", "resolved", "bss", "7-1-5")]),  # the game named after the number
])
def test_forms(lib, text, expected):
    assert found(lib, text) == expected


def test_ranges_and_lists(lib):
    assert found(lib, "bss 9-2-3 to 9-2-4") == [("bss 9-2-3 to 9-2-4", "resolved", "bss", "9-2-3"),
                                               ("bss 9-2-3 to 9-2-4", "resolved", "bss", "9-2-4")]
    got = [c.id for c in find_citations("bss 7-1-5-1, -2 and 7-1-5-3", lib)]
    assert got == ["7-1-5-1", "7-1-5-2", "7-1-5-3"]
    assert [c.id for c in find_citations("bss 7-1-5-1..3", lib)] == ["7-1-5-1", "7-1-5-2", "7-1-5-3"]
    mixed = found(lib, "bss 7-1-5 and 10.4.1.1")
    assert mixed[0][3] == "7-1-5" and mixed[1][:3] == ("10.4.1.1", "resolved", "monster")


@pytest.mark.parametrize("text", [
    "card BSS02-016 is great", "on 2024-05-27 we played", "see you at 10:30", "rules v1.7.0 are out",
    "I won 3-2 yesterday", "version 1.7.0 changed it", "27.05.2024", "12 cores", "page 2-3 of the rules",
])
def test_not_fired(lib, text):
    assert found(lib, text) == []


def test_score_is_a_rule_with_game_context(lib):
    assert found(lib, "3-2", game="bss") == [("3-2", "resolved", "bss", "3-2")]


def test_ambiguous_and_unknown(lib):
    (c,) = find_citations("CR 9-2", lib)
    assert c.status == "ambiguous" and {x["game"] for x in c.candidates} == {"bss", "bs-standard"}
    assert found(lib, "CR 9-2", game="bs-standard") == [("CR 9-2", "resolved", "bs-standard", "9-2")]
    (u,) = find_citations("bss 7-1-9", lib)
    assert u.status == "unknown" and u.candidates[0]["id"] == "7-1"
    (u2,) = find_citations("CR 99-1", lib)
    assert u2.status == "unknown" and u2.game is None
    with pytest.raises(UnknownGame):
        find_citations("7-1-5", lib, "chess")


def test_message_context_settles_ambiguity(lib):
    res = cite("per 7-1-5-2-1 both die, and CR 9-2 decides the game", lib, None, "plain", "https://j.test")
    assert [(c["status"], c["game"], c["id"]) for c in res["citations"]] == [
        ("resolved", "bss", "7-1-5-2-1"), ("resolved", "bss", "9-2")]
    assert "game of the other citations" in res["citations"][1]["reason"]
    assert res["text"] == ("per 7-1-5-2-1 <https://j.test/bss/7-1-5-2-1> both die, and "
                           "CR 9-2 <https://j.test/bss/9-2> decides the game")
    assert [q["id"] for q in res["quotes"]] == ["7-1-5-2-1", "9-2"]
    assert "the spirit with fewer BP is destroyed" in res["quotes"][0]["messages"][0]


def test_formats(lib):
    d = cite("bss:7-1-5", lib, None, "discord", "https://j.test")
    assert d["text"] == "[bss:7-1-5](https://j.test/bss/7-1-5)"
    s = cite("bss:7-1-5 <b>", lib, None, "slack", "https://j.test")
    assert s["text"] == "<https://j.test/bss/7-1-5|bss:7-1-5> &lt;b&gt;"
    with pytest.raises(BadQuery):
        cite("x", lib, None, "telegram")
    with pytest.raises(TooLarge):
        cite("7-1-5 " * 5000, lib)


def test_split_messages_at_limits():
    text = ("This is a sentence about rules. " * 200).strip()
    parts = split_message(text, 2000)
    assert all(len(p) <= 2000 for p in parts) and len(parts) > 1
    assert all(p.endswith(".") for p in parts[:-1])  # cut at sentence ends
    assert " ".join(parts) == text
    word = split_message("x" * 4500, 2000)
    assert all(len(p) <= 2000 for p in word) and word[0].endswith(CUT_MARK)
    words = split_message("word " * 900, 2000)
    assert all(not p.endswith("wor") for p in words) and all(len(p) <= 2000 for p in words)


def test_long_quotes_split_for_discord(lib):
    # 12-1-1-3 is one of the longest rules; a short limit forces a split that must land on words
    from judge_app.chat import format as fmt

    old = fmt.LIMITS["discord"]
    fmt.LIMITS["discord"] = 300
    try:
        res = cite("bss 12-1-1-3", lib, None, "discord", "https://j.test")
    finally:
        fmt.LIMITS["discord"] = old
    msgs = res["quotes"][0]["messages"]
    assert res["quotes"][0]["split"] and all(len(m) <= 300 for m in msgs)
    whole = cite("bss 12-1-1-3", lib, None, "discord", "https://j.test")["quotes"][0]["messages"][0]
    assert " ".join(" ".join(msgs).split()) == " ".join(whole.split())  # nothing lost, no word cut


def test_cli_cite():
    res = CliRunner().invoke(main, ["cite", "per 7-1-5-2-1 both die", "--json", "--base-url", "https://j.test"])
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data["citations"][0]["url"] == "https://j.test/bss/7-1-5-2-1"
    plain = CliRunner().invoke(main, ["cite", "CR 9-2"])
    assert plain.exit_code == 0 and "ambiguous" in plain.output
