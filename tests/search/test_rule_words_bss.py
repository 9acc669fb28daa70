"""The player words per rule for the two Battle Spirits documents (data only, session 14).

Each file names its game and version, uses only ids of that version, covers every rule with
text of its own, and keeps each entry to a handful of words or short phrases."""

import tomllib
from pathlib import Path

import pytest

RULE_WORDS = Path(__file__).resolve().parents[2] / "judge_app" / "search" / "rule_words"


@pytest.mark.parametrize("game", ["bss", "bs-standard"])
def test_rule_words_match_the_current_document(library, game):
    data = tomllib.loads((RULE_WORDS / f"{game}.toml").read_text(encoding="utf-8"))
    assert data["game"] == game
    doc = library.document(game, data["version"])
    assert data["version"] == library.game(game).current
    unknown = [rid for rid in data["rules"] if rid not in doc.rules]
    assert unknown == []
    uncovered = [r.id for r in doc if r.text.strip() and r.id not in data["rules"]]
    assert uncovered == []
    for rid, words in data["rules"].items():
        phrases = [p.strip() for p in words.split(",")]
        assert all(phrases), rid  # no empty phrase, no trailing comma
        assert len(words.split()) >= 6 and len(phrases) <= 25, rid
        assert len({p.lower() for p in phrases}) == len(phrases), rid
