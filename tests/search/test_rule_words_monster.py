"""The monster game's player words per rule (judge_app/search/rule_words/monster.toml) stay valid data.

The file is written by hand from the rules text; this checks its form only: the header names the game and a
version the library has, every id exists in that version, every rule with text of its own has an entry, and each
entry is a short comma-separated list with no empty phrase.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

FILE = Path(__file__).resolve().parents[2] / "judge_app" / "search" / "rule_words" / "monster.toml"


@pytest.fixture(scope="module")
def words() -> dict:
    with FILE.open("rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def document(library, words):
    return library.document(words["game"], words["version"])


def test_header(words):
    assert words["game"] == "monster"
    assert set(words) == {"game", "version", "rules"}


def test_every_id_exists(words, document):
    missing = [rid for rid in words["rules"] if rid not in document.rules]
    assert not missing, missing


def test_every_rule_with_text_has_an_entry(words, document):
    uncovered = [rid for rid, rule in document.rules.items() if rule.text.strip() and rid not in words["rules"]]
    assert not uncovered, uncovered


def test_entries_are_short_phrase_lists(words):
    for rid, text in words["rules"].items():
        phrases = [p.strip() for p in text.split(",")]
        assert all(phrases), (rid, text)
        assert 4 <= len(phrases) <= 25, (rid, len(phrases))
        assert all(len(p.split()) <= 10 for p in phrases), rid
