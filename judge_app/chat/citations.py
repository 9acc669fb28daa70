"""Finding rule citations in chat text (grammar/citations.lark) and resolving them."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cache

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError

from judge_app.errors import BadQuery, TooLarge
from judge_app.paths import grammar_path
from judge_app.rules.library import Library, nearest
from judge_app.rules.model import Document, Kind, Notation
from judge_app.rules.parsing import ids as idmod

MAX_TEXT = 20_000
MAX_RANGE = 25  # ids one range may expand to
_NOT_CITATION_BEFORE = re.compile(r"(?i)\b(?:ver(?:sion)?|v|patch|update|build|score[sd]?|won|lost|record|at)\s*$")
_GAME_ALIASES = {"bss": "bss", "bs": "bs-standard", "bs-standard": "bs-standard", "monster": "monster", "ws": "ws"}


_GAME_AFTER = re.compile(r"[.:]?\s*(?:\bin\s+|\bof\s+|\()\s*(?:the\s+)?([A-Za-z][A-Za-z() /-]{1,40}?)\s*(?:\)|\b(?![/-]))")


def _game_named(name: str) -> str | None:
    from judge_app.rules.notation import GAME_ALIASES

    low = name.casefold().strip()
    return next((k for k, names in GAME_ALIASES.items() if low == k or low in names), None)


@dataclass(frozen=True)
class _Number:
    text: str
    start: int
    end: int


def _num(tok: Token) -> _Number:
    assert tok.start_pos is not None and tok.end_pos is not None  # lexer tokens carry their offsets
    return _Number(str(tok), tok.start_pos, tok.end_pos)


@dataclass(frozen=True)
class _Parsed:
    """A citation as printed: its form, optional game, and its numbers with range/list links."""

    form: str  # bracketed / qualified / prefixed / bare
    game: str | None
    first: _Number
    more: tuple[tuple[str, _Number], ...]  # ("to" | "also", number)
    start: int
    end: int


@dataclass(frozen=True)
class Citation:
    raw: str
    start: int
    end: int
    status: str  # resolved / ambiguous / unknown
    game: str | None = None
    id: str | None = None
    version: str | None = None
    url: str | None = None
    candidates: tuple[dict, ...] = ()
    reason: str | None = None

    def to_dict(self) -> dict:
        out = {"raw": self.raw, "game": self.game, "id": self.id, "url": self.url, "status": self.status,
               "candidates": list(self.candidates), "start": self.start, "end": self.end}
        if self.reason:
            out["reason"] = self.reason
        return out


class _Build(Transformer):
    """Parse tree -> _Parsed citations (filler is dropped)."""

    def __init__(self, text: str):
        super().__init__()
        self.text = text

    def number(self, items: list[Token]) -> _Number:
        return _num(items[0])

    def _tail(self, items: list) -> tuple[str, _Number]:
        tok = items[-1]
        if isinstance(tok, Token):  # SUFFIX "-2"
            return ("suffix", _num(tok))
        return ("", tok)

    def range_to(self, items: list) -> tuple[str, _Number]:
        return ("to", items[-1])

    def also(self, items: list) -> tuple[str, _Number]:
        kind, num = self._tail(items)
        return ("suffix" if kind == "suffix" else "also", num)

    def ref(self, items: list) -> tuple[_Number, tuple]:
        return items[0], tuple(items[1:])

    def bare_ref(self, items: list) -> tuple[_Number, tuple]:
        return _num(items[0]), tuple(items[1:])

    def _cite(self, form: str, items: list) -> _Parsed:
        game = None
        ref = None
        start = end = None
        for it in items:
            if isinstance(it, Token):
                if it.type == "GAME":
                    game = _GAME_ALIASES.get(re.sub(r"[\s:]", "", str(it)).lower())
                start = it.start_pos if start is None else start
                end = it.end_pos
            else:
                ref = it
        assert ref is not None  # the grammar gives every citation its numbers
        first, more = ref
        s = min(x for x in (start, first.start) if x is not None)
        last = more[-1][1].end if more else first.end
        e = max(x for x in (end, last) if x is not None)
        return _Parsed(form, game, first, more, s, e)

    def bracketed(self, items):
        return self._cite("bracketed", items)

    def qualified(self, items):
        return self._cite("qualified", items)

    def prefixed(self, items):
        return self._cite("prefixed", items)

    def bare(self, items):
        return self._cite("bare", items)

    def start(self, items):
        return [i for i in items if isinstance(i, _Parsed)]


@cache
def _parser() -> Lark:
    return Lark(grammar_path("citations.lark").read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                propagate_positions=True)


def _ascii(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


def _clean_number(s: str) -> str:
    return _ascii(s).rstrip(".:").replace("．", ".")


def parse_citations(text: str) -> list[_Parsed]:
    if len(text) > MAX_TEXT:
        raise TooLarge(f"text is {len(text)} characters; at most {MAX_TEXT} are read for citations")
    text = text.replace("\x00", " ")
    # The grammar is meant to accept any text. Should a corner of it not, the character where
    # parsing stopped is read as a space and the text parsed again: a bounded, lossless fallback
    # (offsets are kept, only that character cannot start a citation).
    work = text
    for _ in range(50):
        try:
            tree = _parser().parse(work)
            break
        except LarkError as e:
            pos = getattr(e, "pos_in_stream", None)
            if pos is None or pos >= len(work) or work[pos].isspace():
                pos = next((i for i in range(min(pos or 0, len(work) - 1), -1, -1) if not work[i].isspace()), None)
            if pos is None:
                return []
            work = work[:pos] + " " + work[pos + 1:]
    else:
        raise BadQuery("could not read the text for citations")
    if not isinstance(tree, Tree):
        return []
    return _Build(text).transform(tree)


@dataclass
class Resolver:
    library: Library
    default_game: str | None = None
    url_base: str = ""
    _docs: dict[str, Document] = field(default_factory=dict)

    def doc(self, game: str) -> Document:
        if game not in self._docs:
            self._docs[game] = self.library.document(game)
        return self._docs[game]

    def url(self, game: str, rid: str) -> str:
        from judge_app.web.urls import rule_url

        return self.url_base + rule_url(game, rid)

    def _ids_for(self, p: _Parsed, notation: Notation) -> list[str]:
        """The ids a parsed citation names, in a document's notation: ranges expanded, suffixes applied."""
        first = idmod.to_notation(_clean_number(p.first.text), notation)
        out = [first]
        last = first
        for kind, num in p.more:
            val = _clean_number(num.text)
            if kind == "suffix":  # "7-1-5-1, -2" -> 7-1-5-2
                nums = idmod.parts(last)
                cur = idmod.join((*nums[:-1], int(val.lstrip("-"))), notation)
                out.append(cur)
                last = cur
            elif kind == "to":
                out.extend(self._expand(last, val, notation))
                last = out[-1]
            else:
                cur = idmod.to_notation(val, notation)
                if idmod.depth(cur) == 1 and idmod.depth(last) > 1:  # "7-1-5-1, 2" reads like a suffix
                    nums = idmod.parts(last)
                    cur = idmod.join((*nums[:-1], int(val)), notation)
                out.append(cur)
                last = cur
        return list(dict.fromkeys(out))

    def _expand(self, start: str, end_text: str, notation: Notation) -> list[str]:
        a = idmod.parts(start)
        b = idmod.parts(idmod.to_notation(end_text, notation))
        if len(b) == 1 and len(a) > 1:
            b = (*a[:-1], b[0])
        if len(a) != len(b) or a[:-1] != b[:-1] or b[-1] < a[-1]:
            return [idmod.join(b, notation)] if b else []
        return [idmod.join((*a[:-1], n), notation) for n in range(a[-1] + 1, min(b[-1], a[-1] + MAX_RANGE) + 1)]

    def _games_for(self, p: _Parsed) -> list[str]:
        if p.game:
            return [p.game]
        if self.default_game:
            return [self.default_game]
        return list(self.library.games)

    def resolve(self, p: _Parsed, text: str) -> list[Citation]:
        if p.game is None:
            after = _GAME_AFTER.match(text, p.end)  # "9-2-3 to 9-2-4 in bss", "7.1.5 (ws)"
            if after:
                p = replace(p, game=_game_named(after.group(1)))
        if p.form == "prefixed" and not p.more and idmod.depth(_clean_number(p.first.text)) == 1:
            p = _spaced(p, text)  # "rule 7 1 5", as the search box reads it
        end = p.end
        while end > p.start + 1 and text[end - 1] in ".:．：":  # a sentence's full stop is not the citation's
            end -= 1
        raw = text[p.start:end]
        has_context = bool(p.game or self.default_game or p.form in ("prefixed", "bracketed"))
        printed = _clean_number(p.first.text)
        if p.form == "bare":
            if _NOT_CITATION_BEFORE.search(text[max(0, p.start - 12):p.start]):
                return []  # "version 1.7", "score 3-2"
            if idmod.depth(printed) <= 2 and not has_context:
                return []  # a bare "3-2" is a score, not a rule, without a game to read it in
        games = self._games_for(p)
        matches = self._matches(p, printed, games)
        if len(matches) == 1:
            g, found = next(iter(matches.items()))
            return [Citation(raw, p.start, end, "resolved", g, rid, self.doc(g).version, self.url(g, rid))
                    for rid in found]
        if len(matches) > 1:
            cands = tuple({"game": g, "id": found[0], "url": self.url(g, found[0]),
                           "title": self.library.games[g].title} for g, found in matches.items())
            return [Citation(raw, p.start, end, "ambiguous", None, printed, None, None, cands,
                             f"valid in several games; name one (e.g. {next(iter(matches))}:{printed})")]
        if p.form == "bare" and not has_context:
            return []  # a number that is no rule anywhere is just a number
        found_rn = self._by_notation(p, text)
        if found_rn is not None:  # read as the search box reads it (a dotted number in a dash document)
            g, ids = found_rn
            return [Citation(raw, p.start, end, "resolved", g, rid, self.doc(g).version, self.url(g, rid),
                             reason=f"read as {self.library.games[g].title} {rid}") for rid in ids]
        only = games[0] if len(games) == 1 else None
        if only:
            doc = self.doc(only)
            want = idmod.to_notation(printed, doc.info.notation)
            near = [{"game": only, "id": n, "url": self.url(only, n)} for n in nearest(doc, want, 3)]
        else:
            near = self._nearest_anywhere(printed)
        return [Citation(raw, p.start, end, "unknown", only, printed, None, None, tuple(near),
                         f"no rule {printed}" + (f" in {self.library.games[only].title}" if only else " in any game"))]


    def _matches(self, p: _Parsed, printed: str, games: list[str]) -> dict[str, list[str]]:
        """game -> the numbered rules the citation names in it, in the games it may be read in."""
        dash = "-" in printed
        matches: dict[str, list[str]] = {}
        for g in games:
            doc = self.doc(g)
            same_notation = (doc.info.notation is Notation.DASH) == dash or idmod.depth(printed) == 1
            if not same_notation and not (p.game or self.default_game):
                continue  # a bare dotted number is not read in a dash document unless the game is named
            ids = [i for i in self._ids_for(p, doc.info.notation)]
            found = [i for i in ids if i in doc and doc.rules[i].kind not in (Kind.EXAMPLE, Kind.NOTE)]
            if found:
                matches[g] = found if len(ids) > 1 else found[:1]
        return matches

    def _by_notation(self, p: _Parsed, text: str) -> tuple[str, list[str]] | None:
        """The game and ids `parse_rule_number` (the search box's reader) finds for this citation."""
        from judge_app.rules.notation import parse_rule_number

        if p.more and any(kind != "to" for kind, _ in p.more):
            return None
        number = _clean_number(p.first.text)
        if p.more:
            number += " to " + _clean_number(p.more[-1][1].text)
        rn = parse_rule_number(number, self.library, game=p.game or self.default_game)
        if rn is None or not rn.exists or rn.game is None:
            return None
        doc = self.doc(rn.game)
        ids = [i for i in rn.ids if i in doc and doc.rules[i].kind not in (Kind.EXAMPLE, Kind.NOTE)]
        return (rn.game, ids[:MAX_RANGE]) if ids else None

    def _nearest_anywhere(self, printed: str) -> list[dict]:
        """Nearest existing rules in the documents written in the notation typed."""
        from judge_app.rules.notation import parse_rule_number

        rn = parse_rule_number(printed, self.library)
        out: list[dict] = []
        for c in (rn.candidates if rn else ()):
            if c.same_notation:
                out.extend({"game": c.game, "id": n, "url": self.url(c.game, n)} for n in c.nearest[:3])
        return out[:6]


_SPACED = re.compile(r"(?:[ \t]+[0-9]{1,3}(?![0-9\-]|[.,]\d|\s*[:/]\d)){1,7}")


def _spaced(p: _Parsed, text: str) -> _Parsed:
    """`rule 7 1 5`: a prefix, then numbers separated by spaces, is one rule number."""
    m = _SPACED.match(text, p.first.end)
    if not m:
        return p
    parts = [p.first.text.rstrip(".:"), *m.group(0).split()]
    return replace(p, first=_Number("-".join(parts), p.first.start, m.end()), end=m.end())


def _split_notations(p: _Parsed) -> list[_Parsed]:
    """`bss 7-1-5 and 10.4.1`: a listed number in the other notation starts a citation of its own."""
    dash = "-" in _ascii(p.first.text)
    parts: list[_Parsed] = []
    cur_more: list[tuple[str, _Number]] = []
    cur_first, cur_start, form, game = p.first, p.start, p.form, p.game
    for kind, num in p.more:
        n = _clean_number(num.text)
        if kind == "also" and idmod.depth(n) > 1 and ("-" in n) != dash:
            end = cur_more[-1][1].end if cur_more else cur_first.end
            parts.append(_Parsed(form, game, cur_first, tuple(cur_more), cur_start, end))
            cur_first, cur_more, cur_start, form, game = num, [], num.start, "bare", None
            dash = "-" in n
        else:
            cur_more.append((kind, num))
    parts.append(_Parsed(form, game, cur_first, tuple(cur_more), cur_start,
                         cur_more[-1][1].end if cur_more else max(cur_first.end, p.end if not parts else 0)))
    return parts


def find_citations(text: str, library: Library, default_game: str | None = None, url_base: str = "") -> list[Citation]:
    if default_game is not None:
        library.game(default_game)  # unknown game -> UnknownGame
    resolver = Resolver(library, default_game, url_base)
    out: list[Citation] = []
    for parsed in parse_citations(text):
        for p in _split_notations(parsed):
            out.extend(resolver.resolve(p, text))
    return _read_in_context(out, resolver)


def _read_in_context(cites: list[Citation], resolver: Resolver) -> list[Citation]:
    """An ambiguous number in a message whose other citations all belong to one game is read in
    that game, and says so."""
    games = {c.game for c in cites if c.status == "resolved"}
    if len(games) != 1:
        return cites
    (game,) = games
    if game is None:  # (a resolved citation always names its game)
        return cites
    out = []
    for c in cites:
        cand = next((x for x in c.candidates if x["game"] == game), None) if c.status == "ambiguous" else None
        if cand is None:
            out.append(c)
            continue
        title = resolver.library.games[game].title
        out.append(Citation(c.raw, c.start, c.end, "resolved", game, cand["id"], resolver.doc(game).version,
                            cand["url"], c.candidates,
                            f"valid in several games; read in {title}, the game of the other citations"))
    return out
