"""Player words per rule (the document side of the vocabulary; issue 17, sixteenth round).

For each rule, the words players use when asking about what it governs ("my guy dies", "graveyard",
"same power"), written from the rules text alone, one file per game in ``rule_words/<game>.toml``:

    game = "ws"
    version = "2.03"

    [rules]
    "9.1.2" = "comma-separated words, and short phrases"

The index reads them as a field of their own (``words`` in index.py, BM25F at its own weight) and the
reranker reads their stems as part of what a rule says (``Features.pw``, at a share; see signals.py).

- A missing or empty file, or a file whose ``[rules]`` table is empty, adds nothing.
- **A partly written file adds nothing either**: the index reads a document's entries only when they
  cover at least `MIN_COVERAGE` of its rules that have text (`coverage`). Measured on the tuning halves
  with every file cut to its first half: the covered rules rose above better uncovered answers (the
  uncovered grade-3 answers' mean reciprocal rank 0.659 -> 0.612, 166 down, 14 up), so half a file is
  worse than none. The build's meta.json says per document how covered it was and whether it was read.
- An entry applies to the one document version its file names. **Other versions of the game get no
  player words** (rule ids move between versions; an entry is written for one text). A file naming a
  version the library does not have adds nothing (`problems` reports it).
- The files are read by path: `DIRECTORY` by default, or the `directory` given to `load` (the index
  build and the tests pass one). What an index build read is written into the build (``words.json``)
  so the reranker reads the same entries as the index; their digest is part of the index's stamp
  (`digest`), so editing a file rebuilds the index.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from judge_app.errors import JudgeError
from judge_app.rules.model import Document, Kind

DIRECTORY = Path(__file__).with_name("rule_words")
MIN_COVERAGE = 0.9  # the share of a document's rules with text that must have an entry (see above)


class PlayerWordsError(JudgeError):
    code = "bad_player_words"


@dataclass(frozen=True)
class WordsFile:
    """One game's file: the version it was written for and its entries (rule id -> words)."""

    game: str
    version: str
    rules: dict[str, str] = field(default_factory=dict)
    path: Path | None = None

    def phrases(self, rule_id: str) -> list[str]:
        """The entry of one rule as its comma-separated phrases (empty: no entry)."""
        return split(self.rules.get(rule_id, ""))


def split(entry: str) -> list[str]:
    return [p.strip() for p in entry.split(",") if p.strip()]


def read(path: Path | str) -> WordsFile | None:
    """One file; None when it is missing or empty. A file that is not valid TOML, does not name its
    game and version, or has an entry that is not a string raises PlayerWordsError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    if not text.strip():
        return None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PlayerWordsError(f"{p.name}: not valid TOML: {e}") from None
    game, version, rules = data.get("game"), data.get("version"), data.get("rules", {})
    if not isinstance(game, str) or not game or not isinstance(version, str) or not version:
        raise PlayerWordsError(f"{p.name}: must name its game and version (game = \"...\", version = \"...\")")
    if not isinstance(rules, dict) or not all(isinstance(v, str) for v in rules.values()):
        raise PlayerWordsError(f"{p.name}: [rules] must map rule ids to strings")
    return WordsFile(game, version, {str(k): v for k, v in rules.items()}, p)


def files(directory: Path | str | None = None) -> list[Path]:
    d = Path(directory) if directory is not None else DIRECTORY
    return sorted(d.glob("*.toml")) if d.is_dir() else []


def load(directory: Path | str | None = None) -> dict[tuple[str, str], dict[str, str]]:
    """(game, version) -> {rule id: words} of every file in `directory` (default `DIRECTORY`).
    Entries that are empty after trimming are left out; two files for one (game, version) merge."""
    out: dict[tuple[str, str], dict[str, str]] = {}
    for p in files(directory):
        wf = read(p)
        if wf is None:
            continue
        got = out.setdefault((wf.game, wf.version), {})
        for rid, words in wf.rules.items():
            if phrases := split(words):
                got[rid] = ", ".join(phrases)
    return out


_digests: dict[tuple[tuple[str, int, int], ...], str] = {}


def digest(directory: Path | str | None = None) -> str:
    """A hash of the files' names and bytes (part of the index's stamp: an edit rebuilds it). Kept per
    the files' sizes and modification times: the index's freshness check asks every few seconds."""
    paths = files(directory)
    sig = tuple((str(p), st.st_mtime_ns, st.st_size) for p in paths for st in (p.stat(),))
    got = _digests.get(sig)
    if got is None:
        h = hashlib.sha256()
        for p in paths:
            h.update(p.name.encode())
            h.update(p.read_bytes())
        got = _digests[sig] = h.hexdigest()[:12]
        if len(_digests) > 64:  # (a long-running process whose files change often)
            _digests.clear()
            _digests[sig] = got
    return got


def coverage(doc: Document, entries: dict[str, str]) -> float:
    """The share of the document's rules with text of their own (not examples or notes) that have an entry."""
    with_text = [r.id for r in doc if r.kind not in (Kind.EXAMPLE, Kind.NOTE) and (r.text or "").strip()]
    return sum(1 for rid in with_text if rid in entries) / len(with_text) if with_text else 0.0


def problems(versions: dict[tuple[str, str], Iterable[str]], directory: Path | str | None = None) -> list[str]:
    """What is wrong with the files against the library: `versions` maps (game, version) to that
    document's rule ids. A file naming an unknown game or version, an id that is not in its version,
    an empty entry."""
    out: list[str] = []
    for p in files(directory):
        try:
            wf = read(p)
        except PlayerWordsError as e:
            out.append(str(e))
            continue
        if wf is None:
            continue
        ids = versions.get((wf.game, wf.version))
        if ids is None:
            out.append(f"{p.name}: no document {wf.game} {wf.version}")
            continue
        known = set(ids)
        for rid, words in wf.rules.items():
            if rid not in known:
                out.append(f"{p.name}: {rid!r} is not a rule of {wf.game} {wf.version}")
            if not split(words):
                out.append(f"{p.name}: {rid!r} has no words")
    return out
