"""The ws card-text parser's lighter lexer and position propagation (cardtext._lighter) give lark's own tokens,
trees and start positions, refusals included: only the work per word changes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import ws_texts
from lark import Lark, Tree

from judge_app.engine.ws import cardtext
from judge_app.paths import grammar_path

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def parsers() -> tuple[Lark, Lark]:
    plain = Lark(grammar_path("ws_effects.lark").read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                 postlex=cardtext._KeepWords(), propagate_positions=True, maybe_placeholders=False, cache=True)
    return cardtext._parser(), plain


def _texts() -> list[str]:
    raw = [json.loads(line)["text"] for f in (HERE / "ws.jsonl", HERE / "real" / "ws.jsonl")
           for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = [cardtext.normalise(t) for t in raw + ws_texts.texts()[::4]]
    rng = random.Random(15)
    for t in texts[:600]:  # words and characters where they do not belong: the refusals must match too
        i = rng.randrange(len(t) + 1)
        texts.append(t[:i] + rng.choice(("~", "..", " 3x", "(", "+X", "×2", " and", ",", "\n", "\\")) + t[i:])
    return texts


def _shape(parser: Lark, text: str) -> object:
    def walk(x: object) -> object:
        if isinstance(x, Tree):
            return x.data, getattr(x.meta, "start_pos", None), x.meta.empty, tuple(walk(c) for c in x.children)
        return x.type, str(x), x.start_pos  # type: ignore[attr-defined]
    try:
        return walk(parser.parse(text))
    except Exception as e:  # noqa: BLE001 - the refusal itself is compared
        return type(e).__name__, str(e)


def test_the_lighter_parts_are_in_use(parsers) -> None:
    fast, _ = parsers
    assert isinstance(fast.parser.lexer, cardtext._Words)
    assert all(isinstance(f, cardtext._StartPos) for f in fast.parser.parser.parser.callbacks.values())


def test_same_trees_positions_and_refusals_as_lark(parsers) -> None:
    fast, plain = parsers
    texts = _texts()
    shapes = [(_shape(fast, t), _shape(plain, t)) for t in texts]
    assert not [t for t, (a, b) in zip(texts, shapes, strict=True) if a != b][:3]
    parsed = sum(a[0] == "start" for a, _ in shapes)  # type: ignore[index]
    assert 1000 < parsed < len(texts) - 500, parsed  # both sides: texts read and texts refused
