"""Rule numbers as people type them, resolved against the rule library.

Used by search, by the web permalinks and by the chat citation linker::

    from judge_app.rules import load_library
    from judge_app.rules.notation import parse_rule_number

    rn = parse_rule_number("CR 7.1.5", load_library(), game="bss")
    rn.game, rn.version, rn.ids, rn.exists   # "bss", "1.7.0", ("7-1-5",), True
    rn.interpretation                        # "rule number 7-1-5 in Battle Spirits Saga"

Recognised forms (any mix): ``7-1-5``, ``7.1.5``, ``7.1.5.``, ``7-1-5:``, ``CR 7-1-5``,
``rule 9-2``, ``section 12``, ``§7-1-5``, ``clause 6.8``, ``bss 7-1-5``, ``ws:7.5.1.3``,
``Weiss Schwarz 7.5.1.3``, full-width digits and dashes (``７－１－５``), dots in a dash document
and dashes in a dot document (the id is re-written in the document's own notation), and ranges:
``7-1-5-1..3``, ``7-1-5-1 to 7-1-5-3``, ``9-2-3 through 9-2-4``, ``7.5.1–7.5.3`` (en dash),
``7.5.1-3`` (a dash range in a dot document).

`parse_rule_number` returns None when the text is not a rule number at all (``"deck out"``,
``"4 level cards"``); otherwise a frozen `RuleNumber`. It never raises for odd text; it raises
`UnknownGame` / `UnknownVersion` only for a `game` / `version` argument the library lacks.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from judge_app.rules.library import Library, nearest
from judge_app.rules.model import Document, Kind

__all__ = ["RuleNumber", "RuleTarget", "parse_rule_number", "normalize_text", "GAME_ALIASES", "RULE_WORDS"]

# Extra names people use for the games, beyond each game's key and title. Only aliases of games
# the library holds are used.
GAME_ALIASES: dict[str, tuple[str, ...]] = {
    "bss": ("bss", "battle spirits saga", "bs saga", "saga"),
    "bs-standard": ("bs-standard", "bs standard", "bsstandard", "battle spirits standard",
                    "battle spirits (standard format)", "standard", "bs"),
    "monster": ("monster", "monster invasion", "monster invasion card game", "mi"),
    "ws": ("ws", "weiss schwarz", "weiß schwarz", "weiss", "w/s"),
}

_MAX_LEN = 120  # a rule number, with prefixes, is never longer
_MAX_RANGE = 60  # ids enumerated for one range

# the words people put before a rule number ("CR", "sec.", "§"): one list for every reader of rule numbers
RULE_WORDS = (r"(?:cr|comp(?:rehensive)?\.?\s+rules?|rules?|r\.|sections?|sec\.?|§+|clauses?|chapters?|ch\.?|"
              r"paragraphs?|para\.?|art(?:icle)?\.?|no\.?|nr\.?|number|#)")
_PREFIX = re.compile(rf"^(?:(?:{RULE_WORDS}|r(?=\d))\s*)+", re.I)
_ID = r"\d{1,3}(?:\s?[-.]\s?\d{1,3}){0,7}"
_ONE = re.compile(rf"^(?P<a>{_ID})\.?$")
_RANGE = re.compile(
    rf"^(?P<a>{_ID})\.?\s*(?:\.\.\.?|…|~|–|—|\bto\b|\bthrough\b|\bthru\b|\bupto\b)\s*"
    rf"(?:(?:cr|rules?|sections?|§+)\s*)?(?P<b>{_ID})\.?$",
    re.I)
_LOOSE = re.compile(r"\d{1,3}(?:\s*[-.\s_/,]\s*\d{1,3})*")
_HYPHENS = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2212\ufe63\uff0d"), "-")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")


def normalize_text(text: str) -> str:
    """NFKC (full-width digits and letters become ASCII), hyphen look-alikes become '-',
    control characters become spaces, whitespace collapsed."""
    t = unicodedata.normalize("NFKC", text)
    t = t.translate(_HYPHENS)
    t = _CONTROL.sub(" ", t)
    return " ".join(t.split())


@dataclass(frozen=True)
class RuleTarget:
    """One document in which the number was looked up."""

    game: str
    version: str
    ids: tuple[str, ...]  # in this document's notation
    exists: bool  # every id exists in this document
    nearest: tuple[str, ...] = ()  # nearest existing ids when one does not exist
    same_notation: bool = True  # typed in this document's own notation (or without separators)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "version": self.version, "ids": list(self.ids), "exists": self.exists,
                "nearest": list(self.nearest), "same_notation": self.same_notation}


@dataclass(frozen=True)
class RuleNumber:
    """A recognised rule number.

    - ``game``: the game it resolves to; None when the text named no game and the number exists
      in several games (see ``candidates``) or in none.
    - ``version``: the version of ``game`` looked up (its current one unless asked), else None.
    - ``ids``: the id(s) in ``game``'s notation (several for a range); when ``game`` is None, in
      the notation as typed. A tuple (immutable); ``list(rn.ids)`` for JSON.
    - ``exists``: every id exists in ``game`` (or, with ``game`` None, in some candidate).
    - ``nearest``: nearest existing ids when the (first missing) id does not exist.
    - ``candidates``: every document looked at, best first: documents where the number exists in
      the notation typed, then where it exists after converting the notation, then the rest.
    - ``interpretation``: a human sentence, e.g. "rule number 7-1-5 in Battle Spirits Saga".
    - ``is_range``: the text was a range.
    """

    text: str
    game: str | None
    version: str | None
    ids: tuple[str, ...]
    exists: bool
    nearest: tuple[str, ...] = ()
    candidates: tuple[RuleTarget, ...] = field(default_factory=tuple)
    interpretation: str = ""
    is_range: bool = False
    parts: tuple[tuple[int, ...], ...] = ()  # the numbers typed, per id

    @property
    def ambiguous(self) -> bool:
        return self.game is None and sum(1 for c in self.candidates if c.exists) > 1

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "game": self.game, "version": self.version, "ids": list(self.ids),
                "exists": self.exists, "nearest": list(self.nearest), "interpretation": self.interpretation,
                "is_range": self.is_range, "candidates": [c.to_dict() for c in self.candidates]}


def _parts(s: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.split(r"\s?[-.]\s?", s.strip()) if p)


def _seps(s: str) -> set[str]:
    return set(re.findall(r"[-.]", s))


def _game_alias_index(library: Library) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, g in library.games.items():
        names = {key.casefold(), g.title.casefold(), *GAME_ALIASES.get(key, ())}
        out.extend((n, key) for n in names)
    out.sort(key=lambda x: -len(x[0]))  # longest alias first
    return out


def _split_game(t: str, library: Library) -> tuple[str | None, str]:
    low = t.casefold()
    for alias, key in _game_alias_index(library):
        if low.startswith(alias):
            rest = t[len(alias):]
            m = re.match(r"^\s*(?:[:/@,]|\s)\s*", rest)
            if rest and (m or rest[0].isdigit() or rest[0] in "§#"):
                return key, rest[m.end():] if m else rest
    return None, t


def _split_loose(rest: str) -> tuple[list[tuple[int, ...]], str | None, bool] | None:
    """Digits separated by spaces, underscores, slashes or commas, maybe after an R (URL paths)."""
    body = re.sub(r"^r\s*", "", rest, flags=re.I).rstrip("/").rstrip(".:").strip()  # "R7-1-5"
    return _split_number("-".join(re.findall(r"\d+", body))) if _LOOSE.fullmatch(body) else None


def _split_number(body: str) -> tuple[list[tuple[int, ...]], str | None, bool] | None:
    """-> (list of part tuples, separator typed or None, is_range)."""
    body = body.strip().rstrip(":").strip()
    if not body:
        return None
    m = _ONE.match(body)
    if m:
        a = m.group("a")
        seps = _seps(a)
        # "7.5.1-3" or "7.5.1-7.5.3": a dash range in dotted text
        if seps == {".", "-"} and a.count("-") == 1:
            left, right = a.split("-")
            if "." in left and "-" not in left:
                rng = _range(_parts(left), _parts(right))
                if rng:
                    return rng, ".", True
            return None
        if len(seps) > 1:
            return None
        return [_parts(a)], (seps.pop() if seps else None), False
    m = _RANGE.match(body)
    if m:
        a, b = m.group("a"), m.group("b")
        seps = _seps(a) | _seps(b)
        if len(seps) > 1:
            return None
        rng = _range(_parts(a), _parts(b))
        if rng:
            return rng, (seps.pop() if seps else None), True
    return None


def _range(a: tuple[int, ...], b: tuple[int, ...]) -> list[tuple[int, ...]] | None:
    if not a or not b:
        return None
    if len(b) < len(a):  # "7-1-5-1..3": b replaces the tail of a
        b = a[: len(a) - len(b)] + b
    if len(b) != len(a) or a[:-1] != b[:-1] or b[-1] < a[-1]:
        return [a, b] if a != b else [a]  # not a sibling range: its two ends
    n = b[-1] - a[-1] + 1
    if n > _MAX_RANGE:
        return None
    return [a[:-1] + (k,) for k in range(a[-1], b[-1] + 1)]


def _target(doc: Document, parts_list: list[tuple[int, ...]], typed_sep: str | None) -> RuleTarget:
    ids = tuple(str(doc.info.notation).join(map(str, p)) for p in parts_list)
    missing = [i for i in ids if _is_missing(doc, i)]
    near: tuple[str, ...] = tuple(nearest(doc, missing[0])) if missing else ()
    same = typed_sep is None or typed_sep == str(doc.info.notation)
    return RuleTarget(doc.game, doc.version, ids, not missing, near, same)


def _is_missing(doc: Document, rid: str) -> bool:
    r = doc.get(rid)
    return r is None or r.kind in (Kind.EXAMPLE, Kind.NOTE)


def _label(doc: Document) -> str:
    return doc.info.game_title


def parse_rule_number(text: str, library: Library, game: str | None = None,
                      version: str | None = None, *, loose: bool = False) -> RuleNumber | None:
    """Recognise `text` as a rule number (see the module docstring for the forms) and resolve it.

    `game` scopes the lookup (a game named in the text wins over it); `version` picks a version of
    that game (current when None; for an unscoped lookup it applies to games that have it).
    Returns None when the text is not a rule number at all. `loose` (URL paths, where the text
    can only be a rule id) also reads digits separated by spaces, underscores, slashes or commas
    (``7 1 5``, ``7_1_5``) and an ``R`` prefix, which free text must not: there "3 4" is two numbers.
    """
    if not text or len(text) > _MAX_LEN * 4:
        return None
    t = normalize_text(text)
    if not t or len(t) > _MAX_LEN:
        return None
    named, rest = _split_game(t, library)
    rest = _PREFIX.sub("", rest.strip()).strip()
    if named is None:  # "7-1-5 bss", "rule 7-1-5 in ws"
        m = re.match(r"^(?P<body>.*?\d)\.?:?\s*(?:(?:\(|,|\bin\b|\bof\b)\s*)?(?P<g>[^\d\s][^\d]*?)\)?$", rest, re.I)
        if m:
            g2, tail = _split_game(m.group("g").strip() + " 0", library)
            if g2 and tail.strip() == "0":
                named, rest = g2, m.group("body")
    split = _split_number(rest)
    if split is None and loose:
        split = _split_loose(rest)
    if split is None:
        return None
    parts_list, sep, is_range = split
    if not parts_list or any(not p for p in parts_list):
        return None

    scope = named or game
    if scope is not None:
        g = library.game(scope)
        doc = library.document(scope, version if version and (named is None or version in g.versions) else None)
        tg = _target(doc, parts_list, sep)
        interp = _interpretation(tg.ids, doc, is_range, tg.exists, tg.nearest)
        return RuleNumber(text=text, game=doc.game, version=doc.version, ids=tg.ids, exists=tg.exists,
                          nearest=tg.nearest, candidates=(tg,), interpretation=interp, is_range=is_range,
                          parts=tuple(parts_list))

    targets = []
    for key, g in library.games.items():
        v = version if version and version in g.versions else g.current
        targets.append(_target(library.document(key, v), parts_list, sep))
    # exists in the typed notation, then exists after conversion, then the rest; manifest order within
    order = {k: n for n, k in enumerate(library.games)}
    targets.sort(key=lambda c: (not c.exists, not c.same_notation, order[c.game]))
    found = [c for c in targets if c.exists]
    typed_ids = tuple((sep or "-").join(map(str, p)) for p in parts_list)
    if len(found) == 1 or (found and found[0].same_notation and sum(1 for c in found if c.same_notation) == 1):
        best = found[0]
        doc = library.document(best.game, best.version)
        return RuleNumber(text=text, game=best.game, version=best.version, ids=best.ids, exists=True,
                          candidates=tuple(targets), interpretation=_interpretation(best.ids, doc, is_range, True, ()),
                          is_range=is_range, parts=tuple(parts_list))
    if found:
        names = ", ".join(library.games[c.game].title for c in found)
        what = "rule numbers" if is_range else "rule number"
        interp = f"{what} {_show(typed_ids, is_range)}, which exists in {len(found)} games: {names}"
        return RuleNumber(text=text, game=None, version=None, ids=typed_ids, exists=True,
                          candidates=tuple(targets), interpretation=interp, is_range=is_range,
                          parts=tuple(parts_list))
    # exists nowhere: nearest from documents of the typed notation
    same = [c for c in targets if c.same_notation] or targets
    near: list[str] = []
    for c in same:
        near.extend(x for x in c.nearest if x not in near)
    interp = f"rule number {_show(typed_ids, is_range)}, which exists in no game"
    if len(same) == 1:
        doc = library.document(same[0].game, same[0].version)
        return RuleNumber(text=text, game=same[0].game, version=same[0].version, ids=same[0].ids, exists=False,
                          nearest=same[0].nearest, candidates=tuple(targets),
                          interpretation=_interpretation(same[0].ids, doc, is_range, False, same[0].nearest),
                          is_range=is_range, parts=tuple(parts_list))
    return RuleNumber(text=text, game=None, version=None, ids=typed_ids, exists=False, nearest=tuple(near[:5]),
                      candidates=tuple(targets), interpretation=interp, is_range=is_range,
                      parts=tuple(parts_list))


def _show(ids: tuple[str, ...], is_range: bool) -> str:
    if is_range and len(ids) > 1:
        return f"{ids[0]} to {ids[-1]}"
    return ids[0]


def _interpretation(ids: tuple[str, ...], doc: Document, is_range: bool, exists: bool,
                    near: tuple[str, ...]) -> str:
    what = "rule numbers" if is_range and len(ids) > 1 else "rule number"
    where = _label(doc)
    if not doc.info.current:
        where += f" ({doc.info.label or doc.version})"
    s = f"{what} {_show(ids, is_range)} in {where}"
    if not exists:
        s += " (no such rule" + (f"; nearest: {', '.join(near)}" if near else "") + ")"
    return s
