"""Tokenise a document into printed lines with the lark grammar `grammar/rules_document.lark`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError

from judge_app.errors import JudgeError
from judge_app.paths import grammar_path


@dataclass(frozen=True, slots=True)
class Line:
    """One non-blank printed line: its markers, its leading ids and the rest of its text."""

    lineno: int
    hashes: int  # markdown heading level, 0 if none
    bullet: bool
    ids: tuple[str, ...]  # as printed, trailing dot kept
    colon: bool  # an id followed by ':'
    text: str
    indent: int = 0

    @property
    def numbered(self) -> bool:
        return bool(self.ids)


class _ToLines(Transformer[Token, list[Line]]):
    @v_args(inline=True)
    def rule_id(self, tok: Token) -> Token:
        return tok

    def numbered(self, items: list[Token]) -> Line:
        return self._line(items)

    def plain(self, items: list[Token]) -> Line:
        return self._line(items)

    @staticmethod
    def _line(items: list[Token]) -> Line:
        hashes, bullet, colon, ids, text, lineno, indent = 0, False, False, [], "", 0, 0
        for tok in items:
            lineno = lineno or tok.line or 0
            if tok.type == "HASHES":
                hashes = len(tok)
            elif tok.type == "BULLET":
                bullet = True
                indent = len(tok) - len(tok.lstrip())
            elif tok.type == "RULE_ID":
                ids.append(str(tok))
            elif tok.type == "COLON":
                colon = True
            elif tok.type == "TEXT":
                text = str(tok).rstrip()
        return Line(lineno, hashes, bullet, tuple(ids), colon, text, indent)

    def start(self, items: list[Line | Token]) -> list[Line]:
        return [i for i in items if isinstance(i, Line)]


@cache
def _parser() -> Lark:
    return Lark(grammar_path("rules_document.lark").read_text(encoding="utf-8"),
                parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)


class DocumentSyntaxError(JudgeError):
    code = "document_syntax"


def tokenize(text: str) -> list[Line]:
    try:
        tree = _parser().parse(text)
    except LarkError as e:  # the grammar accepts any text; this means the grammar file is broken
        line = getattr(e, "line", "?")
        col = getattr(e, "column", "?")
        raise DocumentSyntaxError(f"cannot tokenise document at line {line}, column {col}: {e}") from e
    return _ToLines().transform(tree)
