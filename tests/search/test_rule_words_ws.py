"""Player words per rule for Weiss Schwarz (rule_words/ws.toml): valid, every id exists, the whole document covered."""

import tomllib
from pathlib import Path

import pytest

FILE = Path(__file__).resolve().parents[2] / "judge_app" / "search" / "rule_words" / "ws.toml"


@pytest.fixture(scope="module")
def data():
    return tomllib.loads(FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def document(library, data):
    return library.document(data["game"], data["version"])


def test_header_names_the_current_version(library, data):
    assert data["game"] == "ws"
    assert library.document("ws").version == data["version"]


def test_every_id_exists(document, data):
    assert [rid for rid in data["rules"] if document.get(rid) is None] == []


def test_entries_are_6_to_25_distinct_phrases(data):
    bad = {}
    for rid, words in data["rules"].items():
        phrases = [p.strip().lower() for p in words.split(",")]
        if "" in phrases or not 6 <= len(phrases) <= 25 or len(set(phrases)) != len(phrases):
            bad[rid] = len(phrases)
    assert bad == {}


def test_every_rule_with_text_has_an_entry(document, data):
    """Image captions (notes) aside; a half-covered document makes the covered half outrank the rest."""
    missing = [r.id for r in document.rules.values()
               if r.text.strip() and r.kind.value in ("rule", "example") and r.id not in data["rules"]]
    assert missing == []
