"""Lines of a scenario as frozen dataclasses. The only module that sees lark trees.

The statement grammar (grammar/scenario.lark) is the same for every game; its player words (`A`, `B`)
and area words (`field`, `hand`, …) come from the game named on the `game` line: the grammar's
PLAYER and AREA terminals are rewritten for the game's words when its parser is built (once per
game, cached).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any, cast

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
_WORD = re.compile(r"[^ \t]+")


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


class _ToStatements(Transformer[Token, tuple[Statement, ...]]):
    """Applied while parsing (lark's LALR `transformer=`), so no tree is built; stateless."""

    def phrase(self, items: list[Token]) -> Phrase:
        toks: list[Tok] = []
        for t in items:
            assert t.line is not None and t.column is not None  # lexer tokens carry their position
            if t.type == "STRING":
                toks.append(Tok(_unquote(t), True, t.line, t.column))
            else:  # a run of bare words: one Tok per word, at its own column
                toks.extend(Tok(m.group(), False, t.line, t.column + m.start()) for m in _WORD.finditer(t))
        return Phrase(tuple(toks))

    def phrases(self, items: list[Phrase]) -> tuple[Phrase, ...]:
        return tuple(items)

    def _stmt(self, kind: str, head: Token, area: Token | None, phrases: tuple[Phrase, ...]) -> Statement:
        # Tokens from the lexer always carry their position.
        assert head.line is not None and head.column is not None
        return Statement(kind, str(head), str(area) if area is not None else None, phrases or (),
                         head.line, head.column, "")

    def keyword_line(self, items: list[Any]) -> Statement:
        return self._stmt("keyword", items[0], None, items[1] if len(items) > 1 else ())

    def player_line(self, items: list[Any]) -> Statement:
        head, rest = items[0], items[1:]
        area = rest.pop(0) if rest and isinstance(rest[0], Token) else None
        return self._stmt("player", head, area, rest[0] if rest else ())

    def action_line(self, items: list[Any]) -> Statement:
        return self._stmt("action", items[0], None, items[1])

    def start(self, items: list[Statement]) -> tuple[Statement, ...]:
        return tuple(items)


HEADS = ("game", "rules", "assume", "turn", "battle", "expect", "proceed")
DEFAULT_PLAYERS = ("A", "B")
_GAME_LINE = re.compile(r"^[ \t]*game[ \t]+([^\s#,\"]+)", re.M)


def game_word(source: str) -> str | None:
    """The word after `game` on the first game line, found before parsing (it picks the words)."""
    m = _GAME_LINE.search(source)
    return m.group(1) if m else None


@cache
def _parser(players: tuple[str, ...], areas: tuple[str, ...] | None) -> Lark:
    def words(ws: Iterable[str]) -> str:
        return "(?:" + "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True)) + ")"

    text = grammar_path("scenario.lark").read_text(encoding="utf-8")
    # The game's words replace the default PLAYER and AREA terminals of the grammar file.
    text = re.sub(r"(?m)^PLAYER\.3: .*$", lambda _m: f'PLAYER.3: /{words(players)}(?![^\\s",:#])/', text)
    if areas is not None:
        text = re.sub(r"(?m)^AREA\.2: .*$", lambda _m: f"AREA.2: /{words(areas)}(?=\\s*:)/", text)
    # cache=True: lark keeps the analysed grammar in a file named by its hash (a cold `judge check` skips
    # building the LALR tables).
    return Lark(text, parser="lalr", lexer="contextual", start="start", propagate_positions=False,
                maybe_placeholders=False, transformer=_ToStatements(), cache=True)


def _expected_names(players: tuple[str, ...]) -> dict[str, str]:
    return {"HEAD": "/".join(HEADS), "PLAYER": " or ".join(players), "STRING": 'a "quoted name"',
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


def parse_statements(source: str, players: tuple[str, ...] = DEFAULT_PLAYERS,
                     areas: tuple[str, ...] | None = None) -> tuple[Statement, ...]:
    """The statements of a scenario, with the game's player and area words (areas None: any word).

    Every statement is one line and the lexer starts each line in the same state, so lines are parsed
    one at a time and each distinct line is parsed once per process (an LRU cache): scenarios share
    most of their lines ("A passes", board lines), and a scenario re-run with answers appended, or
    edited on the checker page, re-parses only its new lines.
    """
    if len(source.encode("utf-8", "replace")) > MAX_BYTES:
        raise ScenarioError(f"scenario too large: more than {MAX_BYTES // 1000} KB", line=1, column=1,
                            hint="split it into smaller scenarios")
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    _check_size(lines, text)  # bounded before any parsing: the work of a scenario is linear in its size
    words = (tuple(players), tuple(areas) if areas is not None else None)
    out = []
    for n, line in enumerate(lines, 1):
        bare = line.strip()
        if not bare or bare.startswith("#"):
            continue
        try:
            st = _parse_line(line, *words)
        except ScenarioError as e:
            raise ScenarioError(e.message, line=n, column=e.column, text=e.text, hint=e.hint) from None
        if st is not None:
            out.append(st if n == 1 else _at_line(st, n))
    return tuple(out)


def _at_line(st: Statement, n: int) -> Statement:
    phrases = tuple(Phrase(tuple(Tok(t.value, t.quoted, n, t.column) for t in ph.toks)) for ph in st.phrases)
    return replace(st, line=n, phrases=phrases)


def _parse_one(line: str, players: tuple[str, ...], areas: tuple[str, ...] | None) -> Statement | None:
    statements = _parse_text(line, players, areas)
    return statements[0] if statements else None


_parse_cached = lru_cache(maxsize=8192)(_parse_one)
CACHED_LINE = 400  # characters: longer lines are parsed each time, so the cache stays small (< ~4 MB)


def _parse_line(line: str, players: tuple[str, ...], areas: tuple[str, ...] | None) -> Statement | None:
    return (_parse_cached if len(line) <= CACHED_LINE else _parse_one)(line, players, areas)


def _parse_text(text: str, players: tuple[str, ...], areas: tuple[str, ...] | None) -> tuple[Statement, ...]:
    lines = text.split("\n")
    try:
        # The parser runs `_ToStatements` inline (LALR `transformer=`), so parse returns its `start`.
        statements = cast(tuple[Statement, ...],
                          _parser(tuple(players), tuple(areas) if areas is not None else None).parse(text + "\n"))
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
            if e.token.type == "BARE":  # a bare token is a run of words: name the first
                frag = frag.split()[0]
            names = _expected_names(tuple(players))
            exp = sorted({names.get(x, x) for x in e.expected})
            if e.token.type == "BARE" and e.column == 1 or (col == 1 and e.token.type != "_NL"):
                msg = f"a line cannot start with {frag!r}"
                hint = (f"a line starts with {', '.join(HEADS)}, or a player ({' or '.join(players)}); "
                        "write card names in double quotes")
            else:
                msg, hint = f"unexpected {frag!r}", "expected " + ", ".join(exp)
        else:  # pragma: no cover
            frag, msg, hint = "", str(e), None
        raise ScenarioError(msg, line=ln, column=col, text=src, hint=hint) from None
    return tuple(replace(st, source=lines[st.line - 1]) for st in statements)
