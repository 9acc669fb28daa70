"""Lines of a scenario as frozen dataclasses. The only module that sees lark trees."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from judge_app.errors import ScenarioError
from judge_app.paths import grammar_path

# Size limits, checked before parsing so that parsing and replay are bounded by them (issue 19):
# the largest golden scenario is far below each.
MAX_BYTES = 64_000
MAX_LINES = 2_000
MAX_LINE = 2_000  # characters in one line (a card with long effect text)
MAX_CARDS = 300
_CARD_LINE = re.compile(r"^[ \t]*[AB][ \t]+[a-z]+[ \t]*:", re.M)
_NUM = re.compile(r"[+-]?\d+")


@dataclass(frozen=True, slots=True)
class Tok:
    value: str  # strings without their quotes, unescaped
    quoted: bool
    line: int
    column: int

    @property
    def is_number(self) -> bool:
        return not self.quoted and bool(_NUM.fullmatch(self.value))

    @property
    def word(self) -> str:
        """Lower-cased bare word ('' for a quoted string)."""
        return "" if self.quoted else self.value.lower()


@dataclass(frozen=True, slots=True)
class Phrase:
    toks: tuple[Tok, ...]

    @property
    def line(self) -> int:
        return self.toks[0].line

    @property
    def column(self) -> int:
        return self.toks[0].column

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(t.word for t in self.toks)

    def text(self) -> str:
        return " ".join(f'"{t.value}"' if t.quoted else t.value for t in self.toks)


@dataclass(frozen=True, slots=True)
class Statement:
    kind: str  # "keyword" | "player" | "action"
    head: str  # the keyword, or the player letter
    area: str | None  # for "A field:" lines
    phrases: tuple[Phrase, ...]
    line: int
    column: int
    source: str  # the whole source line, for error messages


def _unquote(s: str) -> str:
    if s.startswith("“"):
        return s[1:-1]
    return re.sub(r"\\(.)", r"\1", s[1:-1])


class _ToStatements(Transformer):
    """Applied while parsing (lark's LALR `transformer=`), so no tree is built; stateless."""

    def phrase(self, items):
        return Phrase(tuple(Tok(_unquote(t) if t.type == "STRING" else str(t), t.type == "STRING",
                                t.line, t.column) for t in items))

    def phrases(self, items):
        return tuple(items)

    def _stmt(self, kind, head: Token, area, phrases):
        return Statement(kind, str(head), str(area) if area is not None else None, phrases or (),
                         head.line, head.column, "")

    def keyword_line(self, items):
        return self._stmt("keyword", items[0], None, items[1] if len(items) > 1 else ())

    def player_line(self, items):
        head, rest = items[0], items[1:]
        area = rest.pop(0) if rest and isinstance(rest[0], Token) else None
        return self._stmt("player", head, area, rest[0] if rest else ())

    def action_line(self, items):
        return self._stmt("action", items[0], None, items[1])

    def start(self, items):
        return tuple(items)


@cache
def _parser() -> Lark:
    return Lark(grammar_path("scenario.lark").read_text(encoding="utf-8"), parser="lalr",
                lexer="contextual", start="start", propagate_positions=False, maybe_placeholders=False,
                transformer=_ToStatements())


_EXPECTED_NAMES = {"HEAD": "game/rules/assume/turn/battle/expect/proceed", "PLAYER": "A or B", "STRING": 'a "quoted name"',
                   "BARE": "a word or number", "COLON": '":"', "COMMA": '","', "_NL": "end of line"}


def _check_size(lines: list[str], text: str) -> None:
    if len(lines) > MAX_LINES:
        raise ScenarioError(f"scenario too long: more than {MAX_LINES:,} lines", line=MAX_LINES + 1, column=1,
                            hint="split it into smaller scenarios")
    for i, ln in enumerate(lines, 1):
        if len(ln) > MAX_LINE:
            raise ScenarioError(f"line too long: more than {MAX_LINE:,} characters", line=i, column=MAX_LINE + 1,
                                text=ln[:80], hint="shorten the card's text")
    cards = _CARD_LINE.findall(text)
    if len(cards) > MAX_CARDS:
        raise ScenarioError(f"too many cards: {len(cards):,}, at most {MAX_CARDS} are replayed", line=1, column=1,
                            hint="keep the cards the question is about")


def parse_statements(source: str) -> tuple[Statement, ...]:
    if len(source.encode("utf-8", "replace")) > MAX_BYTES:
        raise ScenarioError(f"scenario too large: more than {MAX_BYTES // 1000} KB", line=1, column=1,
                            hint="split it into smaller scenarios")
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    _check_size(lines, text)
    try:
        statements = _parser().parse(text + "\n")
    except UnexpectedInput as e:
        ln, col = e.line, e.column
        src = lines[ln - 1] if 0 < ln <= len(lines) else ""
        if isinstance(e, UnexpectedCharacters):
            frag = src[col - 1:col] or "?"
            if frag == '"':
                msg, hint = "unterminated string", 'close the quote: "Name"'
            else:
                msg, hint = f"unexpected character {frag!r}", "names go in double quotes"
        elif isinstance(e, UnexpectedToken):
            frag = str(e.token).strip() or "end of line"
            exp = sorted({_EXPECTED_NAMES.get(x, x) for x in e.expected})
            if e.token.type == "BARE" and e.column == 1 or (col == 1 and e.token.type != "_NL"):
                msg = f"a line cannot start with {frag!r}"
                hint = ("a line starts with game, rules, assume, turn, battle, expect, proceed, or a player (A or B); "
                        "write card names in double quotes")
            else:
                msg, hint = f"unexpected {frag!r}", "expected " + ", ".join(exp)
        else:  # pragma: no cover
            frag, msg, hint = "", str(e), None
        raise ScenarioError(msg, line=ln, column=col, text=src, hint=hint) from None
    return tuple(replace(st, source=lines[st.line - 1]) for st in statements)
