"""Misprints in pasted card text, repaired and reported: one rule for every game's reader (issue 13).

Card databases carry typing slips ("oppponent's", "chracters"). A reader that refused such a text made the user
retype it; a reader now repairs a slip when that is safe and says so wherever the reading is shown (the answer's
notes, the "What happens if?" page, the JSON answers, `judge check`). A repair is made only when all of these hold:

- the word is one the reader does not know at all: not a word of the game's grammar (its string terminals), not a
  word of the game's corpus (`tests/cardtext/<game>.jsonl`, lines marked `misprint` left out), not a common English
  word (`judge_app/search/english_words.txt`); a word of 5 letters or more, letters only (no number), not written
  in capitals (an icon), not capitalised after a lower-case word or a comma (a name), not inside quotes, 《 》 or
  brackets (names, traits, icons);
- it is one edit (Damerau: a letter doubled, dropped, swapped with its neighbour or replaced) from exactly one word
  the grammar reads where reading stopped (two or more: no repair, the text is refused as before);
- the repaired text then reads completely (the reader checks: it reads the repaired text with its whole pipeline)
  and an ability needs at most `MAX_REPAIRS` of them.

It runs only when the grammar refused a text (an accepted text pays nothing), its work is bounded (at most
`MAX_REPAIRS` parses of the text, and per repair a fixed number of candidate spellings of one word of at most
`MAX_WORD` letters) and it is deterministic (the same text gets the same repair).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from judge_app.engine.core.lalr import Reader, Unparsed

__all__ = ["MAX_REPAIRS", "Misprints", "Repair", "Repaired", "english_words", "repairs_made"]

MAX_REPAIRS = 3  # per ability
MIN_LETTERS = 5  # shorter words are never repaired: one edit turns too many short words into others
MAX_WORD = 24  # longer "words" are not words a card prints

_PACKAGE = Path(__file__).resolve().parents[2]  # judge_app/
_ENGLISH = _PACKAGE / "search" / "english_words.txt"
_CORPORA = _PACKAGE.parent / "tests" / "cardtext"  # a source checkout; a wheel carries no corpus
_ALPHABET = string.ascii_lowercase + "'"
_LETTERS = re.compile(r"[A-Za-z][A-Za-z']*")
_PROBE = "zqxjvkwq"  # a nonsense word: a terminal that reads it reads any word (a name), and names are not repaired
_made = [0]  # texts repaired in this process (`repairs_made`)


@dataclass(frozen=True, slots=True)
class Repair:
    """One misprinted word: `printed` read as `read`; `at` is where it starts in the normalised text. `why` says what
    was repaired: a misprint, or (s22 bssC) an icon a card database lost, restored by a game's normaliser."""

    at: int
    printed: str
    read: str
    why: str = "a misprint repaired"

    def note(self) -> str:
        return f'read "{self.printed}" as "{self.read}", {self.why}'

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "printed": self.printed, "read": self.read, "note": self.note()}


@dataclass(frozen=True, slots=True)
class Repaired:
    """The normalised text with its misprints repaired, and the repairs (in text order)."""

    text: str
    repairs: tuple[Repair, ...]


def repairs_made() -> int:
    """How many texts were repaired in this process (0: no answer needs a misprint note)."""
    return _made[0]


@cache
def english_words() -> frozenset[str]:
    """Common English words (lowercase, 3+ letters; the search's list): real words are never misprints."""
    lines = _ENGLISH.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))


@cache
def corpus_words(game: str) -> frozenset[str]:
    """The words of the game's corpus lines (lowercase), those marked `misprint` left out: wordings of cards."""
    path = _CORPORA / f"{game}.jsonl"
    if not path.exists():
        return frozenset()
    texts: list[str] = []
    decode = json.JSONDecoder().raw_decode
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or '"misprint"' in line:
            continue
        if line.startswith(_TEXT_FIRST):  # the builders' layout: only the text is decoded (the scenarios are long)
            texts.append(decode(line, len(_TEXT_FIRST))[0])
        else:
            texts.append(json.loads(line).get("text", ""))
    return frozenset(w.lower() for w in _LETTERS.findall("\n".join(texts)))


_TEXT_FIRST = '{"text": '


def _edits(word: str) -> set[str]:
    """Every spelling one edit from `word` (lowercase): a letter dropped, swapped with the next, replaced, added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in _ALPHABET}
    out |= {a + c + b for a, b in splits for c in _ALPHABET}
    out.discard(word)
    return out


def _inside(t: str, pos: int) -> bool:
    """Inside quotes, 《 》 or brackets: a name, a trait or an icon."""
    before = t[:pos]
    if before.count('"') % 2:
        return True
    return any(before.rfind(o) > before.rfind(c) for o, c in (("《", "》"), ("[", "]"), ("【", "】"), ("「", "」"),
                                                            ("『", "』"), ("\ue100", "\ue101")))


def _name_like(t: str, pos: int, word: str) -> bool:
    """Capitals: an icon (all capitals) or a name (capitalised after a lower-case word or a comma)."""
    if word.isupper():
        return True
    if not word[0].isupper():
        return False
    before = t[:pos].rstrip()
    return bool(before) and (before[-1] == "," or before[-1].islower())


class Misprints:
    """One reader's misprint repair: its grammar (`reader`), its corpus (`game`) and how it cuts a word (`word_at`,
    the pattern its refusals name the word with)."""

    def __init__(self, reader: Reader, game: str, word_at: re.Pattern[str], words: Iterable[str] = ()) -> None:
        self.reader, self.game, self.word_at = reader, game, word_at
        self.extra = tuple(words)  # words the reader knows beside its grammar's (a vocabulary read outside it)
        self._done: dict[str, Repaired] = {}  # text as parsed -> its repair, for `repairs_of`
        self._ever = False  # a text was repaired in this process

    @cached_property
    def _terminals(self) -> dict[str, tuple[str | None, re.Pattern[str] | None]]:
        """Terminal name -> (its word, when it is a literal word) or (None, its pattern)."""
        g_flags = self.reader.tables["g_flags"]
        out: dict[str, tuple[str | None, re.Pattern[str] | None]] = {}
        for name, is_regex, value, regexp, *_ in self.reader.tables["terminals"]:
            literal = not is_regex or regexp in (re.escape(value), f"(?i:{re.escape(value)})")
            out[name] = (value.lower(), None) if literal else (None, re.compile(regexp, g_flags))
        return out

    @cached_property
    def known(self) -> frozenset[str]:
        """Every word the reader knows: its grammar's words, its corpus's, English ones."""
        grammar = {w.lower() for word, _ in self._terminals.values() if word for w in _LETTERS.findall(word)}
        return frozenset(grammar) | corpus_words(self.game) | english_words() | {w.lower() for w in self.extra}

    def _unknown(self, t: str, pos: int, word: str) -> bool:
        """A word the reader does not know at all, and one a repair may touch."""
        return (MIN_LETTERS <= len(word) <= MAX_WORD and _LETTERS.fullmatch(word) is not None
                and sum(c.isalpha() for c in word) >= MIN_LETTERS and not _inside(t, pos)
                and not _name_like(t, pos, word) and word.lower() not in self.known)

    def _readable(self, error: Any) -> tuple[frozenset[str], tuple[re.Pattern[str], ...]] | None:
        """The words and patterns the grammar reads where it stopped; None when one of them reads any word."""
        names = getattr(error, "expected", None) or getattr(error, "allowed", None) or ()
        words, patterns = set(), []
        for n in sorted(names):
            word, pattern = self._terminals.get(n, (None, None))
            if word:
                words.add(word)
            elif pattern is not None:
                if pattern.fullmatch(_PROBE) or pattern.fullmatch(_PROBE.capitalize()):
                    return None
                patterns.append(pattern)
        return frozenset(words), tuple(patterns)

    def _one(self, t: str, pos: int, word: str, error: Any) -> str | None:
        """The one word the grammar reads at `pos` that is one edit from `word`, in `word`'s case; else None."""
        if not self._unknown(t, pos, word):
            return None
        readable = self._readable(error)
        if readable is None:
            return None
        words, patterns = readable
        near = sorted(w for w in _edits(word.lower()) if w in words or any(p.fullmatch(w) for p in patterns))
        if len(near) != 1:  # none, or a tie: the text is refused as before
            return None
        fix = near[0]
        return fix[0].upper() + fix[1:] if word[0].isupper() else fix

    def repair(self, t: str, error: Any, parse: Callable[[str], object] | None = None) -> Repaired | None:
        """`t` (normalised, as parsed) with its misprints repaired so that the grammar reads it, or None. `error` is
        lark's exception for `t` (`Unparsed.error`); `parse` reads a text or raises `Unparsed` (the reader's)."""
        parse = parse or self.reader.parse
        original = t
        repairs: list[Repair] = []
        shift, last = 0, -1
        for _ in range(MAX_REPAIRS):
            pos = getattr(error, "pos_in_stream", None)
            m = self.word_at.match(t, pos) if pos is not None and pos >= last else None
            fix = self._one(t, pos, m.group(), error) if m and pos is not None else None
            if fix is None or pos is None or m is None:
                return None
            repairs.append(Repair(pos - shift, m.group(), fix))
            t = t[:pos] + fix + t[m.end():]
            shift += len(fix) - len(m.group())
            last = pos + len(fix)
            try:
                parse(t)
            except Unparsed as again:
                error = again.error
                continue
            _made[0] += 1
            got = Repaired(t, tuple(repairs))
            if len(self._done) >= 4096:
                self._done.clear()
            self._done[original], self._ever = got, True
            return got
        return None

    def repairs_of(self, t: str, parse: Callable[[str], object] | None = None) -> tuple[Repair, ...]:
        """The repairs the reader made to read `t` (normalised, as parsed): () when the grammar reads it as written.
        Called by a reader's `understand` for a text it read; free until a text was repaired in this process."""
        got = self._done.get(t)
        if got is not None or not self._ever:
            return got.repairs if got is not None else ()
        parse = parse or self.reader.parse
        try:
            parse(t)
            return ()
        except Unparsed as u:
            again = self.repair(t, u.error, parse)
            return again.repairs if again is not None else ()
