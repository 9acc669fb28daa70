"""The per-user cache of LALR tables (engine/core/lalr_tables.py) is never stale: its key covers everything the
tables are made from (the grammar's text, lark's and Python's versions, the lexer, the post-lexer's kept
terminals, the layout of the file). Each test edits a grammar in a temporary copy and reads it with a fresh
`Reader` over a fresh cache folder, the way the next process after an edit does."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge_app.engine.core import lalr, lalr_tables

_TOY = """
start: "draw"i NUMBER "card"i
NUMBER: /[0-9]+/
%import common.WS
%ignore WS
"""


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    grammars = tmp_path / "grammar"
    grammars.mkdir()
    monkeypatch.setattr(lalr, "grammar_path", lambda name: grammars / name)
    monkeypatch.setattr(lalr, "data_dir", lambda: tmp_path / "data")
    return grammars


def _read(text: str, **kw: object) -> object:
    return lalr.Reader("toy.lark", lexer="basic", propagate_positions=False, **kw).parse(text)  # type: ignore[arg-type]


def test_editing_the_grammar_invalidates_the_kept_tables(folders: Path) -> None:
    (folders / "toy.lark").write_text(_TOY, encoding="utf-8")
    _read("draw 2 card")
    with pytest.raises(lalr.Unparsed):
        _read("discard 2 card")
    kept = list((folders.parent / "data" / "lalr").glob("toy-*.lalr"))
    assert len(kept) == 1
    (folders / "toy.lark").write_text(_TOY.replace('start: "draw"i', 'start: ("draw"i | "discard"i)'),
                                      encoding="utf-8")
    _read("discard 2 card")  # the edited grammar's tables, not the kept ones
    assert len(list((folders.parent / "data" / "lalr").glob("toy-*.lalr"))) == 2


def test_a_stale_file_under_the_same_name_is_not_read(folders: Path) -> None:
    """The file name is a crc32 of the key; the whole key is kept in the file and compared (a crc collision, or a
    file from another layout, is rebuilt)."""
    (folders / "toy.lark").write_text(_TOY, encoding="utf-8")
    reader = lalr.Reader("toy.lark", lexer="basic", propagate_positions=False)
    key = reader.tables["key"]
    path = next((folders.parent / "data" / "lalr").glob("toy-*.lalr"))
    import marshal

    path.write_bytes(marshal.dumps({"key": key + "x"}))
    again = lalr.Reader("toy.lark", lexer="basic", propagate_positions=False)
    assert again.tables["key"] == key and "actions" in again.tables


@pytest.mark.parametrize("change", ["lark", "python", "format", "lexer"])
def test_the_key_covers_every_input_of_the_tables(change: str, monkeypatch: pytest.MonkeyPatch) -> None:
    base = lalr_tables.cache_key(_TOY, "lalr basic postlex=None")
    if change == "lark":
        monkeypatch.setattr(lalr_tables, "lark_version", lambda: "0.0.0")
    elif change == "python":
        monkeypatch.setattr(lalr_tables.sys, "version", "2.7.0")
    elif change == "format":
        monkeypatch.setattr(lalr_tables, "FORMAT", lalr_tables.FORMAT + 1)
    options = "lalr contextual postlex=None" if change == "lexer" else "lalr basic postlex=None"
    assert lalr_tables.cache_key(_TOY, options) != base


class _Keep:
    always_accept = ("WORD",)

    def process(self, stream: object) -> object:
        return stream


class _KeepNothing(_Keep):
    always_accept = ()


def test_a_changed_post_lexer_rebuilds_the_tables(folders: Path) -> None:
    """The post-lexer's kept terminals change the tables (a terminal no rule names is kept in the lexer): a reader
    whose post-lexer keeps another set gets other tables, lark's own cache (which leaves the post-lexer out of its
    key) included."""
    (folders / "toy.lark").write_text(_TOY + "WORD: /[a-z]+/\n", encoding="utf-8")
    plain = lalr.Reader("toy.lark", lexer="basic", propagate_positions=False, postlex=_KeepNothing).tables
    kept = lalr.Reader("toy.lark", lexer="basic", propagate_positions=False, postlex=_Keep).tables
    assert "WORD" not in {t[0] for t in plain["terminals"]}
    assert "WORD" in {t[0] for t in kept["terminals"]}
