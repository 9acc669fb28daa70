"""Lines of a scenario as frozen dataclasses. The only module that sees lark trees.

The statement grammar (grammar/scenario.lark) is the same for every game; its player words (`A`, `B`)
and area words (`field`, `hand`, …) come from the game named on the `game` line: the grammar's
PLAYER and AREA terminals are rewritten for the game's words when its parser is built (once per
game, cached).
"""

from __future__ import annotations

import hashlib
import json
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from judge_app.errors import ScenarioError
from judge_app.paths import data_dir, grammar_path, write_atomically

if TYPE_CHECKING:  # lark is imported only when a statement needs it (errors): see `_lexer`
    from lark import Lark, Token, UnexpectedInput

# Size limits, checked before parsing so that parsing and replay are bounded by them (issue 19):
# the largest golden scenario is far below each.
MAX_BYTES = 64_000
MAX_LINES = 2_000
MAX_LINE = 2_000  # characters in one line (a card with long effect text)
MAX_CARDS = 300
_CARD_LINE = re.compile(r"^[ \t]*[AB][ \t]+[a-z]+[ \t]*:", re.M)
_NUM = re.compile(r"[+-]?\d+")
_WORD = re.compile(r"[^ \t]+")
_BARE_WORD = r'[^\s",:#“”]+'  # one word of the grammar's BARE terminal, as lark compiles it


class Tok(NamedTuple):
    """One token. A named tuple, not a slots dataclass: a first reading builds hundreds per scenario, and a tuple
    is built in one C call (`_new_tok`) where a frozen dataclass sets each field through a descriptor; equality
    and hash are the same (its fields, in order), and its fields are read as fast."""

    value: str  # strings without their quotes, unescaped
    quoted: bool
    line: int
    column: int

    @property
    def is_number(self) -> bool:
        """`[+-]?\\d+` (`_NUM`): `\\d` is the Unicode category Nd, as `str.isdecimal` (asked often: no regex)."""
        v = self.value
        return not self.quoted and (v.isdecimal() or (v[:1] in ("+", "-") and v[1:].isdecimal()))

    @property
    def word(self) -> str:
        """Lower-cased bare word ('' for a quoted string)."""
        return "" if self.quoted else self.value.lower()


@dataclass(frozen=True, slots=True)
class Phrase:
    toks: tuple[Tok, ...]
    # Lower-cased bare words ('' for quoted strings), made once: the dialects read them many times.
    words: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", tuple(t.word for t in self.toks))

    @property
    def line(self) -> int:
        return self.toks[0].line

    @property
    def column(self) -> int:
        return self.toks[0].column

    def text(self) -> str:
        return " ".join([f'"{t.value}"' if t.quoted else t.value for t in self.toks])


@dataclass(frozen=True, slots=True)
class Statement:
    kind: str  # "keyword" | "player" | "action"
    head: str  # the keyword, or the player letter
    area: str | None  # for "A field:" lines
    phrases: tuple[Phrase, ...]
    line: int
    column: int
    source: str  # the whole source line, for error messages


class _PlainStatement(Statement):
    """A plain statement (`_PlainStatement.plain`) whose phrases are read when first asked for: a subclass, so that only
    these carry a `__getattr__` (a type with one loses the interpreter's fast slot reads for every attribute)."""

    # (offset of the phrases in `source`, whether a phrase is required, the text with its strings' escapes masked
    # or None): the phrases are plain words, commas and "…" strings on one line (`_PLAIN_PHRASES`), read by
    # splitting (`_split`) when first asked for; a dialect may read the text itself (`plain_phrases`).
    __slots__ = ("plain",)
    plain: tuple[int, bool, str | None]

    def __getattr__(self, name: str) -> Any:
        """Only for an unset slot: the phrases, read when first asked for (a dialect that reads the line from its
        text never builds them). They are set in the slot, so later reads are plain slot reads."""
        if name != "phrases":
            raise AttributeError(name)
        plain = self.plain
        phrases = _split(plain[2] or self.source, plain[0], plain[1], self.line)
        if phrases is None:  # pragma: no cover - `_PLAIN_PHRASES` admits only what `_split` reads
            raise RuntimeError(f"plain statement not read by splitting: {self.source!r}")
        if plain[2] is not None:  # the strings' values, with their escapes read
            phrases = tuple(_phrase(tuple([t._replace(value=unmask(t.value)) if t.quoted else t for t in ph.toks]),
                                    ph.words) for ph in phrases)
        _STATEMENT_SET[3](self, phrases)
        return phrases


def plain_phrases(st: Statement) -> tuple[str, int, bool] | None:
    """(the statement's text, the offset of its phrases, whether its strings hold escapes) when they are plain (see
    `_PlainStatement.plain`): words separated by spaces, commas, and "…" strings without curly quotes, all on one line,
    and well-formed (no empty phrase); None otherwise (read it by its phrases). The text has the same length as the
    statement's, with each escape in a string (`\\"`, `\\\\`) masked by two characters that are not quotes:
    `unmask` a string's text when the third value is true."""
    if type(st) is not _PlainStatement:
        return None
    plain = st.plain
    return plain[2] or st.source, plain[0], plain[2] is not None


# Escapes in strings, masked by characters of the same length (so columns stay) that are neither quotes nor
# backslashes; a text holding them already is not masked.
_MASKS = (("\\\\", "\x00\x00"), ('\\"', "\x01\x01"))
_ESCAPED_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _mask(s: str) -> str:
    for escape, mask in _MASKS:
        s = s.replace(escape, mask)
    return s


def unmask(s: str) -> str:
    """A masked string's text with its escapes read (`plain_phrases`)."""
    return s.replace("\x01\x01", '"').replace("\x00\x00", "\\")


def _masked(text: str, pos: int) -> str | None:
    """`text` with the escapes of the strings after `pos` masked, when those are its only backslashes (and it
    holds no mask characters); else None."""
    if "\x00" in text or "\x01" in text:
        return None
    masked = text[:pos] + _ESCAPED_STRING.sub(lambda m: _mask(m.group()), text[pos:])
    return None if "\\" in masked[pos:] else masked


def _setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    return tuple(cls.__dict__[n].__set__ for n in names)


# A first reading builds a Tok per word and a Phrase per phrase (hundreds per scenario); a frozen
# dataclass's __init__ sets each field through object.__setattr__, twice the cost of the slots' own setters.
_PHRASE_SET = _setters(Phrase, "toks", "words")
_new_tok: Callable[[tuple[str, bool, int, int]], Tok] = partial(tuple.__new__, Tok)
_STATEMENT_SET = _setters(Statement, "kind", "head", "area", "phrases", "line", "column", "source")
_PLAIN_SET = _setters(_PlainStatement, "plain")[0]


def _statement_of(kind: str, head: str, area: str | None, phrases: tuple[Phrase, ...] | None, line: int,
                  column: int, source: str, plain: tuple[int, bool, str | None] | None = None) -> Statement:
    """Statement(...), built directly; phrases None: a plain statement's, read when first asked for."""
    st = object.__new__(Statement if phrases is not None else _PlainStatement)
    s_kind, s_head, s_area, s_phrases, s_line, s_column, s_source = _STATEMENT_SET
    s_kind(st, kind)
    s_head(st, head)
    s_area(st, area)
    if phrases is not None:
        s_phrases(st, phrases)
    s_line(st, line)
    s_column(st, column)
    s_source(st, source)
    if plain is not None:
        _PLAIN_SET(st, plain)
    return st


def _phrase(toks: tuple[Tok, ...], words: tuple[str, ...]) -> Phrase:
    """Phrase(toks), built directly with its lower-cased words (`words[i] == toks[i].word`)."""
    ph = object.__new__(Phrase)
    _PHRASE_SET[0](ph, toks)
    _PHRASE_SET[1](ph, words)
    return ph


def _unquote(s: str) -> str:
    if s.startswith("“") or "\\" not in s:
        return s[1:-1]
    return re.sub(r"\\(.)", r"\1", s[1:-1])


class _ToStatements:
    """Applied while parsing (lark's LALR `transformer=`), so no tree is built; stateless. Mixed into
    lark's Transformer when the parser is built (`_parser`), so importing this module needs no lark."""

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
        area = rest.pop(0) if rest and isinstance(rest[0], str) else None  # a Token (a str), not phrases
        return self._stmt("player", head, area, rest[0] if rest else ())

    def action_line(self, items: list[Any]) -> Statement:
        return self._stmt("action", items[0], None, items[1])

    def start(self, items: list[Statement]) -> tuple[Statement, ...]:
        return tuple(items)


# Card text pasted with its line breaks (a string that runs over lines). A line break separates two
# abilities, as the separate quoted strings the readers expect; it is a space only where it plainly
# wraps a sentence: the line ends without a sentence's or bracket's end and the next begins in lower
# case or with a digit ("draw 1" / "card."). Never two abilities merged into one sentence.
_ENDS_ABILITY = tuple('.!?)]】』」"”\'')


def abilities(text: str) -> tuple[str, ...]:
    """The abilities of one quoted card text: one per line, wrapped sentences rejoined, blank lines dropped."""
    if "\n" not in text:
        return (text,)
    out: list[str] = []
    for line in (ln.strip() for ln in text.split("\n")):
        if not line:
            continue
        if out and not out[-1].endswith(_ENDS_ABILITY) and (line[0].islower() or line[0].isdigit()):
            out[-1] += " " + line
        else:
            out.append(line)
    return tuple(out)


HEADS = ("game", "rules", "assume", "turn", "battle", "expect", "proceed")
DEFAULT_PLAYERS = ("A", "B")
_GAME_LINE = re.compile(r"^[ \t]*game[ \t]+([^\s#,\"]+)", re.M)
_GAME_AT = re.compile(r"[ \t]*game[ \t]+([^\s#,\"]+)")  # the same, matched at one line's start


def game_word(source: str) -> str | None:
    """The word after `game` on the first game line, found before parsing (it picks the words)."""
    # `_GAME_LINE.search` in effect, without trying `^` at every offset of the scenario: the first line that reads
    # as a game line holds the first "game" that starts such a line (a line before it holds no "game" at all).
    at = source.find("game")
    while at >= 0:
        m = _GAME_AT.match(source, source.rfind("\n", 0, at) + 1)
        if m is not None:
            return m.group(1)
        at = source.find("game", at + 4)
    return None


@cache
def _grammar(players: tuple[str, ...], areas: tuple[str, ...] | None) -> str:
    """The grammar file's text with the game's words in place of the default PLAYER and AREA terminals."""
    def words(ws: Iterable[str]) -> str:
        return "(?:" + "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True)) + ")"

    text = grammar_path("scenario.lark").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^PLAYER\.3: .*$", lambda _m: f'PLAYER.3: /{words(players)}(?![^\\s",:#])/', text)
    if areas is not None:
        text = re.sub(r"(?m)^AREA\.2: .*$", lambda _m: f"AREA.2: /{words(areas)}(?=\\s*:)/", text)
    return text


@cache
def _parser(players: tuple[str, ...], areas: tuple[str, ...] | None) -> Lark:
    # cache=True: lark keeps the analysed grammar in a file named by its hash (the error path of a cold
    # `judge check` skips building the LALR tables).
    from lark import Lark, Transformer

    transformer = type("ToStatements", (_ToStatements, Transformer), {})()
    return Lark(_grammar(players, areas), parser="lalr", lexer="contextual", start="start",
                propagate_positions=False, maybe_placeholders=False, transformer=transformer, cache=True)


def _expected_names(players: tuple[str, ...]) -> dict[str, str]:
    return {"HEAD": "/".join(HEADS), "PLAYER": " or ".join(players), "STRING": 'a "quoted name"',
            "BARE": "a word or number", "COLON": '":"', "COMMA": '","', "_NL": "end of line"}


def _check_size(lines: list[str], text: str) -> None:
    if len(lines) > MAX_LINES:
        raise ScenarioError(f"scenario too long: more than {MAX_LINES:,} lines", line=MAX_LINES + 1, column=1,
                            hint="split it into smaller scenarios")
    if max(map(len, lines)) > MAX_LINE:  # in C; the loop only finds which line
        for i, ln in enumerate(lines, 1):
            if len(ln) > MAX_LINE:
                raise ScenarioError(f"line too long: more than {MAX_LINE:,} characters", line=i, column=MAX_LINE + 1,
                                    text=ln[:80], hint="shorten the card's text")
    if len(lines) <= MAX_CARDS:  # at most one card a line
        return
    cards = _CARD_LINE.findall(text)
    if len(cards) > MAX_CARDS:
        raise ScenarioError(f"too many cards: {len(cards):,}, at most {MAX_CARDS} are replayed", line=1, column=1,
                            hint="keep the cards the question is about")


def parse_statements(source: str, players: tuple[str, ...] = DEFAULT_PLAYERS,
                     areas: tuple[str, ...] | None = None, plain_cards: bool = False) -> tuple[Statement, ...]:
    """The statements of a scenario, with the game's player and area words (areas None: any word). `plain_cards`:
    the game's dialect reads a plain card line (`A hand: …`) from its text (`plain_phrases`), so such a line's
    phrases are read only when asked for (`_PlainStatement.plain`).

    A statement is one line, or several when a quoted string runs over line breaks (card text pasted
    with its lines). The lexer starts each statement in the same state, so statements are read one at
    a time and each distinct one is read once per process (`_statement`): scenarios share most of
    their lines ("A passes", board lines), and a scenario re-run with answers appended, or edited on
    the checker page, re-reads only its new lines.
    """
    if len(source) * 4 > MAX_BYTES and len(source.encode("utf-8", "replace")) > MAX_BYTES:  # <= 4 bytes a character
        raise ScenarioError(f"scenario too large: more than {MAX_BYTES // 1000} KB", line=1, column=1,
                            hint="split it into smaller scenarios")
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    _check_size(lines, text)  # bounded before any parsing: the work of a scenario is linear in its size
    lx = _lexer(tuple(players), tuple(areas) if areas is not None else None, plain_cards)
    out = []
    for n, stmt in _statement_texts(lines):
        bare = stmt.strip()
        if not bare or bare[0] == "#":
            continue
        try:
            st = _statement(stmt, n, lx)
        except ScenarioError as e:
            raise ScenarioError(e.message, line=n + (e.line or 1) - 1, column=e.column, text=e.text,
                                hint=e.hint) from None
        if st is not None:
            out.append(st)
    return tuple(out)


def _statement(text: str, n: int, lx: _Lexer) -> Statement | None:
    """The statement `text` at line `n`, read once per text and game (`_READ`). A text read before at another line
    (`A passes`, a board line after lines were inserted) is not read again: its statement is moved to line `n` (the
    columns stay), once per text and line (`_MOVED`), so a scenario re-run with answers appended, or edited on the
    checker page, gets every unchanged line as the same object (statements are frozen; the dialects keep what they
    read from a statement by its identity). A first reading keeps the statement alone, under its text, in the
    game's own table: no key or entry object per statement (each would be one more object for the cyclic GC)."""
    if len(text) > CACHED_LINE:  # long statements are read each time, so the caches stay small (< ~8 MB)
        return _read(text, n, lx)
    read = _READ.get(lx)  # the game's words: its lexer, one per game and hashed by identity
    if read is None:
        read = _READ[lx] = {}
    st = read.get(text, _UNREAD)
    if st is _UNREAD:
        st = _read(text, n, lx)  # (an error is raised again, never kept)
        if len(read) >= _READ_MAX:
            read.clear()
        read[text] = st
        return st
    if st is None or st.line == n:  # read at this line (a statement is at the line it was read at)
        return st
    key = (text, n, lx)
    moved = _MOVED.get(key)
    if moved is None:
        if len(_MOVED) >= _READ_MAX:
            _MOVED.clear()
        moved = _MOVED[key] = _moved(st, n - st.line)
    return moved


def clear_caches() -> None:
    """Forget every statement read so far (the benchmark's "never seen" figure)."""
    _READ.clear()
    _MOVED.clear()


# Joining the lines of a statement whose quoted string is still open at the end of a line. The string
# forms are the grammar's STRING terminal: "…" with backslash escapes, and “…”.
_OPENER = re.compile(r'["“#]')
_REST = {'"': re.compile(r'(?:[^"\\\n]|\\.)*"'), "“": re.compile(r"[^”\n]*”")}


def _open_string(line: str, pos: int = 0) -> int:
    """Offset of a string that opens at or after `pos` and is not closed on this line, else -1."""
    while True:
        m = _OPENER.search(line, pos)
        if m is None or m.group() == "#":  # outside strings, `#` starts a comment
            return -1
        rest = _REST[m.group()].match(line, m.end())
        if rest is None:
            return m.start()
        pos = rest.end()


def _statement_texts(lines: list[str]) -> Iterable[tuple[int, str]]:
    """(first line number, text) of each statement; a line is its own statement unless a string stays
    open at its end: then the following lines join it up to the line that closes the string. A string
    never closed is left on its own line, where the parser reports it at its opening quote. Each line
    is scanned once (linear in the scenario's size)."""
    i, count = 0, len(lines)
    while i < count:
        line = lines[i]
        if "“" not in line and "\\" not in line and not line.count('"') & 1:
            at = -1  # plain quotes pair up: every string closes on this line (a comment holds none of them open)
        else:
            at = _open_string(line)
        quote = line[at] if at >= 0 else ""
        j = i + 1
        while quote and j < count:  # inside a string: find its closing quote on the next lines
            nxt = lines[j]
            j += 1
            rest = _REST[quote].match(nxt)
            if rest is not None:
                at = _open_string(nxt, rest.end())
                quote = nxt[at] if at >= 0 else ""
        if quote:  # never closed
            yield i + 1, line
            i += 1
        else:
            yield i + 1, "\n".join(lines[i:j]) if j > i + 1 else line
            i = j


# A statement's shape: kind, head, area, head offset, phrases of (value, quoted, offset) tokens; offsets
# are in the statement's text, so one shape serves the same text at any line of any scenario.
_Toks = tuple[tuple[str, bool, int], ...]
Shape = tuple[str, str, str | None, int, tuple[_Toks, ...]]


def _build(shape: Shape, text: str, first: int) -> Statement:
    """The statement of a shape (lark's reading of a statement) at line `first`."""
    kind, head, area, at, phrases = shape
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def pos(o: int) -> tuple[int, int]:
        k = bisect_right(starts, o) - 1
        return first + k, o - starts[k] + 1

    ph = tuple(Phrase(tuple(Tok(v, q, *pos(o)) for v, q, o in p)) for p in phrases)
    return Statement(kind, head, area, ph, *pos(at), text)


def _moved(st: Statement, by: int) -> Statement:
    """The same statement `by` lines further down."""
    if type(st) is _PlainStatement:  # its phrases are read from its text, at its line, when asked for
        return _statement_of(st.kind, st.head, st.area, None, st.line + by, st.column, st.source, st.plain)
    ph = tuple(_phrase(tuple([_new_tok((t.value, t.quoted, t.line + by, t.column)) for t in p.toks]), p.words)
               for p in st.phrases)
    return _statement_of(st.kind, st.head, st.area, ph, st.line + by, st.column, st.source)


@dataclass(frozen=True, slots=True, eq=False)
class _Lexer:
    """The grammar's terminals compiled for a direct reading of well-formed statements (see `_fast`). One per
    game's words (`_lexer`), compared and hashed by identity: it keys the statement caches."""
    space: re.Pattern[str]
    head: re.Pattern[str]
    player: re.Pattern[str]
    area: re.Pattern[str]
    colon: str  # the grammar's ":" literal
    # Within phrases, one match per token: (ignored space before it, STRING, COMMA, COMMENT, BARE); with
    # findall the whole line is matched in C and only the tokens' texts come back.
    tok: re.Pattern[str]
    words: bool  # BARE is matched one word at a time (see `_lexer`)
    split: bool  # and the space between tokens is ignored: plain phrases are read by splitting (`_split`)
    rest: re.Pattern[str]  # phrases to the end of the line: those terminals and ignored space
    # The start of a line in one match: HEAD, or PLAYER with its optional AREA and the space after each (`_head`);
    # None when a word could be both a head and a player (lark's priorities decide: `_head` tries each alone).
    start: re.Pattern[str] | None
    players: tuple[str, ...]  # the words it was built for (lark reads with the same words: `_read`)
    areas: tuple[str, ...] | None
    plain_cards: bool = False  # plain card lines are read lazily (`parse_statements`)


def _terminals(players: tuple[str, ...], areas: tuple[str, ...] | None) -> dict[str, Any]:
    """The grammar's terminals as lark's grammar compiler builds them: {"patterns", "ignore", "colon"}.
    Kept in the data directory under the grammar text's hash, so a command run from a shell needs no
    lark at all for a well-formed scenario (importing lark is a tenth of a cold `judge check`)."""
    text = _grammar(players, areas)
    path = data_dir() / f"scenario-terminals-{hashlib.sha256(text.encode()).hexdigest()[:20]}.json"
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(saved, dict) and {"patterns", "ignore", "colon"} <= saved.keys():
            return saved
    except (OSError, ValueError):
        pass
    from lark.load_grammar import load_grammar

    grammar, _ = load_grammar(text, "scenario.lark", (), False)  # type: ignore[no-untyped-call]
    terminals, _rules, ignore = grammar.compile(["start"], set())
    out = {"patterns": {t.name: t.pattern.to_regexp() for t in terminals}, "ignore": list(ignore),
           "colon": next(t.pattern.value for t in terminals if t.name == "COLON")}
    write_atomically(path, json.dumps(out).encode("utf-8"))
    return out


@cache
def _lexer(players: tuple[str, ...], areas: tuple[str, ...] | None, plain_cards: bool = False) -> _Lexer:
    # The grammar's own terminals (no parser built: lark reads only what `_fast` declines, mostly errors).
    terms = _terminals(players, areas)
    pat: dict[str, str] = terms["patterns"]
    ignored = [n for n in terms["ignore"] if n != "COMMENT"]
    space = "|".join(pat[n] for n in ignored)
    # A BARE run is words separated by blanks: while the grammar says so, words are matched one at a time.
    bare = "WORD" if pat["BARE"] == f"{_BARE_WORD}(?:[ \t]+{_BARE_WORD})*" else "BARE"
    tok = re.compile(f"((?:{space})*)(?:" + "|".join(f"({pat[n]})" for n in ("STRING", "COMMA", "COMMENT")) +
                     f"|({_BARE_WORD if bare == 'WORD' else pat['BARE']}))")
    if tok.groups != 5:  # `_scan` unpacks five groups: the terminals' own groups must not capture
        raise RuntimeError("grammar/scenario.lark: STRING, COMMA, COMMENT and BARE must use (?:…) groups only")
    # Atomic and possessive: each token is matched once, greedily, as the lexer would (no backtracking
    # into a run of words, which could take exponential time on a line that does not read).
    rest = f"(?>{space}|{pat['STRING']}|{pat['BARE']}|{pat['COMMA']})*+(?:{pat['COMMENT']})?"
    sp = f"(?:{space})*"
    start = re.compile(f"{sp}(?:(?P<head>{pat['HEAD']})|(?P<player>{pat['PLAYER']}){sp}(?:(?P<area>{pat['AREA']}){sp})?)?")
    both = any(re.fullmatch(pat["HEAD"], w) for w in players) or any(re.fullmatch(pat["PLAYER"], w) for w in HEADS)
    return _Lexer(re.compile(sp), re.compile(pat["HEAD"]), re.compile(pat["PLAYER"]),
                  re.compile(pat["AREA"]), terms["colon"], tok, bare == "WORD",
                  bare == "WORD" and re.fullmatch(sp, " ") is not None, re.compile(rest), None if both else start,
                  players, areas, plain_cards)


def _head(text: str, lx: _Lexer) -> tuple[str, str, str | None, int, int, bool] | None:
    """The start of a well-formed statement, read with the grammar's own terminals in the order its rules
    and contextual lexer allow them (`keyword_line`, `player_line`, `action_line`): (kind, head, area, head
    offset, offset of its phrases, whether a phrase is required); None when it is not plainly one of them."""
    if lx.start is not None:
        return _head_at_once(text, lx, lx.start)
    pos = lx.space.match(text).end()  # type: ignore[union-attr]  # `(...)*` always matches
    head = lx.head.match(text, pos)
    player = lx.player.match(text, pos)
    if (head is None) == (player is None):  # neither (an error) or both (lark's priorities decide)
        return None
    if head is not None:
        return "keyword", head.group(), None, pos, head.end(), False
    assert player is not None
    after = lx.space.match(text, player.end()).end()  # type: ignore[union-attr]
    area = lx.area.match(text, after)
    if area is not None:
        after = lx.space.match(text, area.end()).end()  # type: ignore[union-attr]
        if not text.startswith(lx.colon, after):
            return None
    if area is not None or text.startswith(lx.colon, after):
        return "player", player.group(), area.group() if area is not None else None, pos, after + len(lx.colon), False
    return "action", player.group(), None, pos, after, True


def _head_at_once(text: str, lx: _Lexer, start: re.Pattern[str]) -> tuple[str, str, str | None, int, int, bool] | None:
    """`_head` in one match of the same terminals (the player and head words are distinct, so at most one matches)."""
    m = start.match(text)
    assert m is not None  # every part is optional: it always matches
    head = m.group("head")
    if head is not None:
        return "keyword", head, None, m.start("head"), m.end("head"), False
    player = m.group("player")
    if player is None:
        return None
    after = m.end()
    area = m.group("area")
    if area is not None and not text.startswith(lx.colon, after):
        return None
    if area is not None or text.startswith(lx.colon, after):
        return "player", player, area, m.start("player"), after + len(lx.colon), False
    return "action", player, None, m.start("player"), after, True


def _direct(text: str, n: int, lx: _Lexer) -> Statement | None:
    """A well-formed statement at line `n`, read directly (see `_head`, `_scan`); None when lark must read
    it (errors, mostly: lark reports them at line/column).
    tests/engine/test_syntax_fast.py checks this reading against lark's on every scenario we have."""
    h = _head(text, lx) if lx.start is None else _head_at_once(text, lx, lx.start)
    if h is None:
        return None
    kind, head, area, at, pos, required = h
    if area is not None and lx.plain_cards and lx.split and "\n" not in text and "“" not in text:
        masked = _masked(text, pos) if "\\" in text else None
        read = masked or text
        rest = read[pos:]
        if (masked is not None or "\\" not in text) and (_plain(rest) or _quoted_apart(read, pos) is not None) and (
                _PLAIN_PHRASES.fullmatch(rest) is not None or not (required or rest.strip(" "))):
            return _statement_of(kind, head, area, None, n, at + 1, text, (pos, required, masked))
    phrases = _scan(text, pos, lx, required, n)
    if phrases is None:
        return None
    if "\n" in text:  # a string ran over lines: tokens were placed at line n, columns as offsets
        shape = (kind, head, area, at, tuple(tuple((t.value, t.quoted, t.column - 1) for t in p.toks)
                                             for p in phrases))
        return _build(shape, text, n)
    return _statement_of(kind, head, area, phrases, n, at + 1, text)


def _fast(text: str, lx: _Lexer) -> Shape | None:
    """The direct reading's shape of a statement (for the tests: compared with lark's, `_shape`)."""
    st = _direct(text, 1, lx)
    return None if st is None else _shape(st, text)


def _scan(text: str, pos: int, lx: _Lexer, required: bool, n: int) -> tuple[Phrase, ...] | None:
    """phrases: phrase ("," phrase)*; phrase: (STRING | BARE)+ — built as Toks at line `n` (column: offset + 1).
    The rest of the line is checked to be only those terminals (and ignored space, a final comment) in
    one regex match; its tokens are then read left to right in one pass (each token's extent is unambiguous)."""
    if lx.split:
        if _plain(text[pos:]):
            return _split(text, pos, required, n)
        segments = _quoted_apart(text, pos)
        if segments is not None:
            return _split(text, pos, required, n, segments)
    if lx.rest.fullmatch(text, pos) is None:
        return None
    out: list[Phrase] = []
    toks: list[Tok] = []
    words: list[str] = []
    new = _new_tok
    one_word = lx.words
    for space, string, comma, _comment, bare in lx.tok.findall(text, pos):  # the line is valid: tokens abut
        pos += len(space)
        if bare:
            if one_word:  # one per word, most of a scenario's tokens
                toks.append(new((bare, False, n, pos + 1)))
                words.append(bare.lower())
            else:  # a run of bare words: one token per word, at its own offset
                for w in _WORD.finditer(bare):
                    toks.append(_new_tok((w.group(), False, n, pos + 1 + w.start())))
                    words.append(w.group().lower())
            pos += len(bare)
        elif string:
            toks.append(_new_tok((_unquote(string), True, n, pos + 1)))
            words.append("")
            pos += len(string)
        elif comma:
            if not toks:
                return None
            out.append(_phrase(tuple(toks), tuple(words)))
            toks, words = [], []
            pos += 1
        else:  # the comment ends the line
            break
    if toks:
        out.append(_phrase(tuple(toks), tuple(words)))
    elif out or required:  # a trailing comma, or an action with nothing after the player
        return None
    return tuple(out)


# Phrases with none of these characters are plain words, spaces, commas and "…" strings without escapes: they
# are read by splitting (`_split`). Strings with escapes or curly quotes, comments, colons, tabs and line breaks
# go through the grammar's terminals (`_scan`).
_NOT_SPLIT = re.compile(r'[^\S ]|[“”#:\\]')
# Plain phrases that `_split` reads (tested on a text `_plain` or `_quoted_apart` admits, on one line): phrases of
# words and "…" strings, separated by commas, none empty. Linear without possessive quantifiers (which regexploit,
# tests/reliability/test_redos.py, cannot read): after the spaces, each character starts exactly one alternative.
_TOKEN = r' *(?:"[^"]*"|[^ ,"])(?:[^,"]|"[^"]*")*'
_PLAIN_PHRASES = re.compile(f"{_TOKEN}(?:,{_TOKEN})*")
_ESCAPES = re.compile(r'[“”\\]')  # anywhere, they change where a string ends


def _plain(text: str) -> bool:
    """`_NOT_SPLIT.search(text) is None`, decided by a few scans in C where it can be (the regex tests a character set
    at every offset): a printable text has no white space but " " (every other \\s character is a control or
    separator, not printable); a text that is not printable (a tab, a zero-width joiner) asks the regex."""
    if ":" in text or "#" in text or "\\" in text or "“" in text or "”" in text:
        return False
    return text.isprintable() or _NOT_SPLIT.search(text) is None


def _quoted_apart(text: str, pos: int) -> list[str] | None:
    """`text[pos:].split('"')` when only its "…" strings hold what `_NOT_SPLIT` finds, else None. Card text in
    quotes holds colons, `#` and tabs, which matter only outside a string (and a string without backslashes
    or curly quotes is its text as written)."""
    rest = text[pos:]
    if '"' not in text or "\\" in rest or "“" in rest or "”" in rest:  # `_ESCAPES.search(text, pos)`, in C
        return None
    segments = rest.split('"')
    for k in range(0, len(segments), 2):  # the words between strings
        if not _plain(segments[k]):
            return None
    return segments


def _split(text: str, pos: int, required: bool, n: int,
           segments: list[str] | None = None) -> tuple[Phrase, ...] | None:
    """`_scan` of a plain phrase text (see `_NOT_SPLIT`; `segments`: `text[pos:].split('"')` when the caller has
    it), by `str.split`: the same Toks, columns and errors."""
    if segments is None:
        segments = text[pos:].split('"')
    if not len(segments) & 1:  # an odd number of quotes: a string is never closed
        return None
    new = _new_tok
    out: list[Phrase] = []
    toks: list[Tok] = []
    words: list[str] = []
    start = pos  # offset of the segment
    quoted = False
    for seg in segments:
        if quoted:  # inside a string, whose opening quote is at offset start - 1
            toks.append(new((seg, True, n, start)))
            words.append("")
        else:
            at = start
            for k, part in enumerate(seg.split(",")):
                if k:  # a comma ends the phrase before it
                    if not toks:
                        return None
                    out.append(_phrase(tuple(toks), tuple(words)))
                    toks, words = [], []
                col = at + 1
                for w in part.split(" "):
                    if w:
                        toks.append(new((w, False, n, col)))
                        words.append(w.lower())
                    col += len(w) + 1
                at += len(part) + 1
        start += len(seg) + 1
        quoted = not quoted
    if toks:
        out.append(_phrase(tuple(toks), tuple(words)))
    elif out or required:  # a trailing comma, or an action with nothing after the player
        return None
    return tuple(out)


def _read(text: str, n: int, lx: _Lexer) -> Statement | None:
    st = _direct(text, n, lx)
    if st is not None:
        return st
    statements = _parse_text(text, lx.players, lx.areas)  # the error path (and anything `_direct` declines)
    return _build(_shape(statements[0], text), text, n) if statements else None


def _shape(st: Statement, text: str) -> Shape:
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    phrases = tuple(tuple((t.value, t.quoted, starts[t.line - 1] + t.column - 1) for t in ph.toks)
                    for ph in st.phrases)
    return st.kind, st.head, st.area, starts[st.line - 1] + st.column - 1, phrases


# Statements read, by game and text (each at the line it was read at): see `_statement`.
_READ: dict[_Lexer, dict[str, Statement | None]] = {}  # game's words -> text -> its statement (at its line)
_MOVED: dict[tuple[str, int, _Lexer], Statement] = {}  # a statement read again at another line
_READ_MAX = 8192  # statements in one game's table (and moved ones)
_UNREAD: Statement = cast(Statement, object())  # `read.get`'s default: a text not read yet
CACHED_LINE = 400  # characters: longer statements are read each time, so the caches stay small (< ~8 MB)


def _parse_text(text: str, players: tuple[str, ...], areas: tuple[str, ...] | None) -> tuple[Statement, ...]:
    """lark's reading of a statement's text (line numbers from 1 within it)."""
    from lark import UnexpectedInput

    lines = text.split("\n")
    try:
        # The parser runs `_ToStatements` inline (LALR `transformer=`), so parse returns its `start`.
        statements = cast(tuple[Statement, ...],
                          _parser(tuple(players), tuple(areas) if areas is not None else None).parse(text + "\n"))
    except UnexpectedInput as e:
        raise _error(e, lines, players) from None
    return tuple(replace(st, source=lines[st.line - 1]) for st in statements)


def _error(e: UnexpectedInput, lines: list[str], players: tuple[str, ...]) -> ScenarioError:
    from lark import UnexpectedCharacters, UnexpectedToken

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
        msg, hint = str(e), None
    if len(lines) > 1 and hint:  # the statement runs over lines: perhaps only because a quote is missing
        hint += "; the quoted string before this runs over several lines: is its closing quote missing?"
    return ScenarioError(msg, line=ln, column=col, text=src, hint=hint)
