"""The card-text readers' LALR runtime (engine/core/lalr.py) against lark itself, on every text we have: the
corpora (`tests/cardtext/*.jsonl`, `real/*.jsonl`), the card texts of every scenario file and the generated
near misses of the equivalence sets. For each text each game's reader reads, the runtime's tree must equal
lark's (node names, tokens with their terminals and positions, every node's `meta` positions), a text lark
refuses must be refused (with lark's own exception), and the reader's answer (value or refusal message) must
be the one it gives when lark does the parsing. Generic: nothing here names a rule or a terminal."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest

from judge_app.engine.core import lalr
from judge_app.engine.core.tree import Token, Tree

HERE = Path(__file__).parent
SCENARIOS = HERE.parent / "scenarios"
_QUOTED = re.compile(r'\b(?:text|effect)\s+"((?:[^"]|"")*)"')
_META = ("line", "column", "start_pos", "end_line", "end_column", "end_pos", "container_line", "container_column",
         "container_start_pos", "container_end_line", "container_end_column", "container_end_pos")


def _ours(node: object) -> object:
    """lark's tree in our types (the shape compared, and what the reader would transform)."""
    from lark import Token as LarkToken
    from lark import Tree as LarkTree

    if isinstance(node, LarkTree):
        tree = Tree(node.data, [_ours(c) for c in node.children])
        if not node.meta.empty or any(hasattr(node.meta, k) for k in _META):
            for k in (*_META, "empty"):
                if hasattr(node.meta, k):
                    setattr(tree.meta, k, getattr(node.meta, k))
        return tree
    if isinstance(node, LarkToken):
        return Token(node.type, node.value, node.start_pos, node.line, node.column, node.end_line, node.end_column,
                     node.end_pos)
    return node


def _shape(node: object, positions: bool) -> object:
    if isinstance(node, Tree):
        meta = tuple((k, getattr(node.meta, k, None)) for k in (*_META, "empty")) if positions else ()
        return ("tree", node.data, meta, tuple(_shape(c, positions) for c in node.children))
    if isinstance(node, Token):
        return ("token", node.type, node.value, node.start_pos, node.line, node.column, node.end_line,
                node.end_column, node.end_pos)
    return node


def _game_texts(game: str) -> list[str]:
    texts: list[str] = []
    for f in [HERE / f"{game}.jsonl", HERE / "real" / f"{game}.jsonl"]:
        if f.exists():
            texts += [json.loads(line)["text"] for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    folder = {"bs_standard": "bs-standard"}.get(game, game)
    for scn in sorted((SCENARIOS / folder).rglob("*.scn")):
        texts += [m.group(1).replace('""', '"') for m in _QUOTED.finditer(scn.read_text(encoding="utf-8"))]
    return list(dict.fromkeys(texts))


@functools.cache
def _plain_lark(grammar: str, lexer: str, positions: bool, postlex: object) -> object:
    """lark's parser as the reader builds it, never made lighter (ws's `_lighter` propagates start positions only)."""
    return lalr.Reader(grammar, lexer=lexer, propagate_positions=positions, postlex=postlex).lark()  # type: ignore[arg-type]


class _Both:
    """Reader.parse that parses with the runtime and with lark, compares, and returns the tree of `use`."""

    def __init__(self, use: str):
        self.use, self.checked, self.refused = use, 0, 0
        self.original = lalr.Reader.parse

    def __call__(self, reader: lalr.Reader, text: str) -> object:
        from lark import UnexpectedInput

        try:
            theirs = _ours(_plain_lark(reader.grammar, reader.lexer_kind, reader.propagate_positions,
                                       reader.postlex).parse(text))
        except UnexpectedInput:
            theirs = None
        try:
            mine = reader._runtime.parse(text)
        except lalr._NoParse:
            mine = None
        self.checked += 1
        if theirs is None:
            assert mine is None, f"lark refuses, the runtime reads: {text!r}"
            self.refused += 1
            return self.original(reader, text)  # raises Unparsed, lark's error inside
        assert mine is not None, f"the runtime refuses, lark reads: {text!r}"
        assert _shape(mine, reader.propagate_positions) == _shape(theirs, reader.propagate_positions), text
        return mine if self.use == "runtime" else theirs


def _answer(read, text: str) -> str:
    try:
        return "ok " + repr(read(text))
    except Exception as e:  # noqa: BLE001  # a refusal: its type and words
        return f"refused {type(e).__name__} {e}"


def _readers():
    from judge_app.engine.bs_standard import cardtext as std
    from judge_app.engine.bss import cardtext as bss
    from judge_app.engine.monster import cardtext as monster
    from judge_app.engine.ws import cardtext as ws

    return {"bss": (bss.parse_printed, bss), "ws": (ws.parse_ability, ws), "monster": (monster._read, monster),
            "bs_standard": (std.read, std)}


def _extra(game: str) -> list[str]:
    if game == "ws":
        import ws_texts
        return list(ws_texts.texts())[::12]
    if game == "bs_standard":
        import bs_standard_texts
        return list(bs_standard_texts.texts())[::12]
    return []


@pytest.mark.parametrize("game", ["bss", "ws", "monster", "bs_standard"])
def test_runtime_reads_as_lark(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    read, module = _readers()[game]
    texts = _game_texts(game) + _extra(game)
    assert len(texts) > 100
    answers = {}
    for use in ("runtime", "lark"):
        both = _Both(use)
        monkeypatch.setattr(lalr.Reader, "parse", lambda reader, text, both=both: both(reader, text))
        read.cache_clear()
        answers[use] = [_answer(read, t) for t in texts]
        assert both.checked > 100
    read.cache_clear()
    assert answers["runtime"] == answers["lark"]


@pytest.mark.parametrize("game", ["bss", "ws", "monster", "bs_standard"])
def test_kept_programs_are_the_compiled_expressions(game: str) -> None:
    """The regex programs kept with the tables rebuild exactly what `re.compile` gives (code, flags, groups)."""
    from judge_app.engine.core.lalr_tables import from_program

    module = _readers()[game][1]
    programs = module._READER.tables["programs"]
    assert programs
    for prog in programs.values():
        rebuilt, compiled = from_program(prog), re.compile(prog[0], prog[1])
        assert (rebuilt, rebuilt.flags, rebuilt.groupindex) == (compiled, compiled.flags, compiled.groupindex)


def test_a_text_only_lark_reads_is_read_by_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the runtime ever refuse a text lark reads, lark's tree is used (in our types), not an error."""
    module = _readers()["monster"][1]
    text = "Draw 2 cards."
    mine = module._READER.parse(text)

    def refuse(self: object, text: str) -> object:
        raise lalr._NoParse

    monkeypatch.setattr(lalr._Runtime, "parse", refuse)
    theirs = module._READER.parse(text)
    assert _shape(theirs, True) == _shape(mine, True)


def test_tables_of_a_freshly_compiled_grammar_can_be_kept() -> None:
    """A grammar lark compiles anew (no lark cache: the first process after a grammar edit) names its rules with lark
    Tokens; the tables keep plain strings, so that marshal writes them (it refused the Tokens)."""
    import marshal

    from lark import Lark

    from judge_app.engine.core.lalr import grammar_path
    from judge_app.engine.core.lalr_tables import extract

    fresh = Lark(grammar_path("ws_effects.lark").read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                 propagate_positions=True, maybe_placeholders=False, cache=False)
    tables = extract(fresh)
    assert marshal.loads(marshal.dumps(tables)) == tables
