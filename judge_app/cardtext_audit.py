"""The word audit (s10-fix): card text a reader accepts is executed completely, every word of it.

Proved from behaviour, for every game's registered reader, without reading the readers' code: an accepted text is
read again with one word taken out (or one number changed), and the AST it gives is compared with the text's own
(`canon`: the AST with the fields that only quote the text left out). When the reading is the same, the reader
accepted the word and carried nothing of it into what the engine executes: the word was parsed and dropped (a
Transformer method discarding a child, an optional grammar piece whose value is ignored, a normaliser deletion).

The explicit rules (what is not probed, and why):
- punctuation is not a word (the probe takes out words: letters and digits, with an apostrophe, +, - or / inside);
- a parenthesised span the reader reads as nothing, taken out whole, is reminder text (the rules say what a keyword
  does; the card's words in parentheses restate them), listed apart (`reminders`), its words not probed one by one;
- `FILLER` words carry nothing the rules need where they stand (an article, "then" between two sentences that are
  performed in order anyway): taking one out and reading the same is no finding;
- `LENIENT` phrases: the readers accept a text without them, to the same meaning ("one of your opponent's spirits"
  and "your opponent's spirits" select alike, "(When This Spirit Attacks)" and "(When Attacks)" are one timing, a
  card is discarded "from your hand" or revealed "to your opponent" as the rules have it): taking one out and
  reading the same is no finding;
- an ability's category icon (ws 【AUTO】, 【CONT】, 【ACT】, and 【COUNTER】 / 【CXCOMBO】 / 【CLOCK】 beside a keyword or
  condition that says the same: Backup, a climax named in the climax area, Shift and Alarm) is `ICONS`: the wording read determines the category, so the icon adds nothing to the reading;
- an ability the rules make do nothing in a game (`NO_GAME_EFFECT`: monster 【Resonance】, 12.8.1) is not probed;
- a number is probed by changing it (n -> n + 1, or + 1000 for a multiple of 1000): the same reading means the
  number was not carried, whatever its word; a number spelled out ("up to two", s19 wsaudit) is changed to the next
  one ("up to three"), except "one of", which names a selection (LENIENT).

`audit(game, texts)` returns the findings; `corpus_texts(game)` and `tuning_texts(game)` the accepted texts of the
composed corpus (tests/cardtext/<game>.jsonl) and of the tuning half of the real texts (never the test half).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from judge_app.cardtext_report import CORPUS_DIR, REAL_DIR, half, printed, reader
from judge_app.engine.core.registry import CardTextReader

_WORD = re.compile(r"[A-Za-z0-9]+(?:['’+/-][A-Za-z0-9]+)*")
_NUMBER = re.compile(r"(?<![A-Za-z0-9])\d+(?![A-Za-z0-9])")
# Numbers spelled out, in order: each is probed by the next one.
SPELLED = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")
_SPELLED = re.compile(r"(?<![A-Za-z0-9'’-])(?:" + "|".join(SPELLED[:-1]) + r")(?![A-Za-z0-9'’-])", re.I)
_PAREN = re.compile(r"[(（][^()（）]*[)）]")
# Words that carry nothing the rules need where they stand: taking one out and reading the same is no finding.
FILLER = frozenset({"a", "an", "the", "then", "also", "of", "that", "this", "s", "and"})
LENIENT = frozenset({"of your", "one of", "all of", "each of", "of all", "one of your", "all of your", "each of your",
                     "this spirit", "this spirit is", "from your hand", "a card named", "to your opponent",
                     "among those cards", "of your opponent's", "this nexus", "its owner's", "its owner’s",
                     "card named", "from their hand", "their owner's", "their owner’s"})
ICONS = frozenset({"auto", "cont", "act", "counter", "cxcombo", "clock"})
# Words whose absence the rules fill in the same way where a card prints them (reported only as part of a phrase):
# "all" before a plural selection (a plural names all of them), "with" before a bound, "its owner's" / "their" before
# a hand or deck (a card goes to its owner's, bss 10-? and ws 1.5), "your" before "opponent's", "during" before "this
# turn", "you" before "may" (the controller is the one who may), "each"/"every" in "for each".
REDUNDANT = frozenset({"all", "with", "owner's", "owner’s", "its", "their", "your", "during", "you", "each", "every"})
# Words replaced by one of another meaning: a reading that stays the same did not carry the word.
CONTRAST = {"opposing": "your", "opponent's": "your", "red": "blue", "blue": "red", "purple": "white",
            "white": "purple", "green": "yellow", "yellow": "green", "exhausted": "refreshed",
            "refreshed": "exhausted", "less": "more", "more": "less", "fewer": "more", "spirit": "nexus",
            "spirits": "nexuses", "nexus": "spirit", "hand": "trash", "trash": "hand", "top": "bottom",
            "bottom": "top", "power": "soul", "soul": "power", "level": "cost", "cost": "level", "stock": "clock",
            "clock": "stock", "front": "back", "back": "front", "rested": "standing", "standing": "rested",
            "reversed": "standing", "adjacent": "forward", "forward": "adjacent", "opponent": "you",
            "turn": "battle", "attacks": "blocks", "blocks": "attacks", "attacking": "blocking",
            "blocking": "attacking", "draw": "discard", "discard": "draw", "destroy": "exhaust",
            "exhaust": "destroy", "refresh": "exhaust"}
_CONTRAST = re.compile(r"(?<![A-Za-z0-9'’])(?:" + "|".join(sorted(map(re.escape, CONTRAST), key=len, reverse=True))
                       + r")(?![A-Za-z0-9'’])", re.I)
_QUOTING = frozenset({"text", "raw"})  # AST fields that only quote the text read


@dataclass(frozen=True, slots=True)
class Finding:
    game: str
    where: str  # "corpus" or "tuning"
    text: str
    kind: str  # "word not carried", "number not carried", "reminder"
    word: str

    def __str__(self) -> str:
        return f"{self.game} {self.where}: {self.kind} {self.word!r} in {self.text!r}"


def canon(x: Any) -> Any:
    """The AST as plain, comparable values, without the fields that only quote the text read."""
    if is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple((f.name, canon(getattr(x, f.name))) for f in fields(x)
                                           if f.name not in _QUOTING)
    if isinstance(x, (tuple, list)):
        return tuple(canon(y) for y in x)
    if isinstance(x, (frozenset, set)):
        return ("set",) + tuple(sorted(repr(canon(y)) for y in x))
    if isinstance(x, dict):
        return ("dict",) + tuple(sorted((repr(k), repr(canon(v))) for k, v in x.items()))
    if isinstance(x, str):
        return str(x)
    return x


def _reading(card_text: CardTextReader, text: str) -> Any | None:
    """The canonical AST of `text`, None when the reader refuses it."""
    try:
        return canon(card_text.read(text))
    except card_text.refusal:
        return None
    except Exception:  # noqa: BLE001  # a probe that breaks the reader otherwise is not a reading
        return None


def _cut(text: str, start: int, end: int) -> str:
    """`text` without [start, end) and, when one follows, the comma that closed it ("During this turn, draw …")."""
    if text[end:end + 1] == ",":
        end += 1
    return re.sub(r"\s{2,}", " ", (text[:start] + text[end:])).strip()


def _inside(spans: list[tuple[int, int]], at: int) -> bool:
    return any(a <= at < b for a, b in spans)


def _numbers(text: str, spans: list[tuple[int, int]]) -> Iterator[tuple[str, str]]:
    for m in _NUMBER.finditer(text):
        if _inside(spans, m.start()):
            continue
        n = int(m.group())
        other = n + 1000 if n and n % 1000 == 0 else n + 1
        yield m.group(), text[:m.start()] + str(other) + text[m.end():]
    # s19 wsaudit: a number spelled out ("up to two", "four or more") is probed as a digit is: n -> n + 1
    for m in _SPELLED.finditer(text):
        if _inside(spans, m.start()) or m.group().lower() + text[m.end():m.end() + 3].lower() == "one of":
            continue  # "one of your …" is a selection (LENIENT), not a count
        nxt = SPELLED[SPELLED.index(m.group().lower()) + 1]
        yield m.group(), text[:m.start()] + (nxt.capitalize() if m.group()[0].isupper() else nxt) + text[m.end():]


def _contrasts(text: str, spans: list[tuple[int, int]]) -> Iterator[tuple[str, str]]:
    """(word, text with the word replaced by one of another meaning), for each word of `CONTRAST` in `text` (not
    "this / that spirit" and "this / that nexus": both name the card referred to)."""
    for m in _CONTRAST.finditer(text):
        w = m.group()
        if _inside(spans, m.start()) or (w.lower() in ("spirit", "nexus") and text[:m.start()].lower().endswith(("this ", "that "))):
            continue
        other = CONTRAST[w.lower()]
        other = other[:1].upper() + other[1:] if w[:1].isupper() else other
        yield w, text[:m.start()] + other + text[m.end():]


def _phrases(text: str, spans: list[tuple[int, int]]) -> Iterator[tuple[str, int, int]]:
    """Runs of 2 and 3 words outside reminder text, not all of them filler."""
    words = [m for m in _WORD.finditer(text) if not _inside(spans, m.start())]
    for n in (2, 3):
        for i in range(len(words) - n + 1):
            run = words[i:i + n]
            if text[run[0].end():run[-1].start()].strip(" ") and not all(
                    text[a.end():b.start()].strip(" ") == "" for a, b in zip(run, run[1:], strict=False)):
                continue  # punctuation inside: not one phrase
            if all(w.group().lower() in FILLER for w in run) or " ".join(w.group().lower() for w in run) in LENIENT:
                continue
            yield text[run[0].start():run[-1].end()], run[0].start(), run[-1].end()


def probe(card_text: CardTextReader, text: str, *, phrases: bool = True) -> Iterator[tuple[str, str]]:
    """(kind, word) for each word of an accepted `text` the reading does not carry (nothing for a refused text).

    Kinds: "reminder" (a parenthesised span read as nothing), "number not carried" (changing it reads the same),
    "contrast not carried" (a word replaced by one of another meaning reads the same: the word was dropped),
    "word not carried" / "phrase not carried" (taken out, the text reads the same)."""
    own = _reading(card_text, text)
    if own is None:
        return
    spans: list[tuple[int, int]] = []
    for m in _PAREN.finditer(text):
        if _reading(card_text, _cut(text, m.start(), m.end())) == own:
            spans.append((m.start(), m.end()))
            yield "reminder", m.group()
    for word, changed in _numbers(text, spans):
        if _reading(card_text, changed) == own:
            yield "number not carried", word
    for word, changed in _contrasts(text, spans):
        if _reading(card_text, changed) == own:
            yield "contrast not carried", f"{word} -> {CONTRAST[word.lower()]}"
    for m in _WORD.finditer(text):
        if m.group().lower() in FILLER | REDUNDANT | ICONS or m.group().isdigit() or _inside(spans, m.start()):
            continue
        if _reading(card_text, _cut(text, m.start(), m.end())) == own:
            yield "word not carried", m.group()
    for phrase, a, b in _phrases(text, spans) if phrases else ():
        if _reading(card_text, _cut(text, a, b)) == own:
            yield "phrase not carried", phrase


# Abilities the rules make do nothing in a game, read by their shape and carried as the ability alone: their words
# are not probed. monster 【Resonance】: a deck construction rule, inactive once the game starts (12.8.1; the reader
# checks its shape, a colour specification and a condition list, 12.8.2).
NO_GAME_EFFECT = {"monster": re.compile(r"\s*[\[【]resonance[\]】]", re.I)}


def audit(game: str, texts: Iterable[tuple[str, str]]) -> list[Finding]:
    """The findings over (where, text) pairs, read by `game`'s registered reader."""
    card_text = reader(game)
    inert = NO_GAME_EFFECT.get(game)
    return [Finding(game, where, text, kind, word) for where, text in texts
            if inert is None or not inert.match(text) for kind, word in probe(card_text, text)]


def corpus_texts(game: str) -> list[tuple[str, str]]:
    """The accepted texts of the game's composed corpus (lines with an expected AST)."""
    path = CORPUS_DIR / f"{game}.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [("corpus", r["text"]) for r in rows if "ast" in r]


def tuning_texts(game: str) -> list[tuple[str, str]]:
    """The abilities of the tuning half of the game's real texts (the test half is never read here)."""
    from judge_app.scenario.syntax import abilities

    stem = "bss" if game == "bs-standard" else game
    path = REAL_DIR / f"{stem}.jsonl"
    if not path.exists():
        return []
    card_text = reader(game)
    out: list[tuple[str, str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if half(row["text"]) != "tuning":
            continue
        out += [("tuning", part) for part in (card_text.split or abilities)(printed(row))]
    return out


def understanding_disagrees(game: str, texts: Iterable[tuple[str, str]]) -> list[str]:
    """Texts whose "words understood" (what the checker page marks up, `CardTextReader.understand`) disagree with the
    reading: an accepted text must be understood whole ("read", up to its end), a refused one not."""
    card_text = reader(game)
    if card_text.understand is None:
        return []
    out = []
    for _where, text in texts:
        accepted = _reading(card_text, text) is not None
        r = card_text.understand(text)
        whole = r.status == "read" and r.stop == len(r.text)
        if accepted != whole:
            out.append(f"{game}: read {'accepted' if accepted else 'refused'} but understood {r.status!r} up to "
                       f"{r.stop}/{len(r.text)}: {text!r}")
    return out
