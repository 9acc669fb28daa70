"""Each game's vocabulary: its own terms, and which expansions of the synonym data apply in it.

The data is `synonyms.toml` (shared: word families, everyday words, other games' words that
several games name alike) and `vocabulary/<game>.toml` (one game: other games' and everyday words
mapped onto that game's terms, and words declared its own). Resolving it against the documents
decides, per game, where each expansion applies:

- the target must occur in the game's document (as a phrase, on stems), and
- the word typed must not already be a term of that game (a defined term, a heading, or a word
  the game's file declares its own): "chain" is a keyword of Battle Spirits Saga, so the
  stack/chain expansion never fires there; "refresh" is Weiss Schwarz's reshuffle, so it is not
  read as "stand" there.

A query searched in several games gets, for each alternative, the set of games where it applies.
"""

from __future__ import annotations

import re
from dataclasses import replace

from judge_app.rules import Kind, Library
from judge_app.search import index as ix
from judge_app.search.query import QUESTION_WORDS, SynonymTable, key_of, never_read, phrase_key

MAX_NGRAM = 5
_BRACKETS = re.compile(r"[\[\]【】《》『』‘’'\"“”()]")


def _title_term(title: str) -> str:
    t = _BRACKETS.sub(" ", title.replace("**", ""))
    return re.sub(r"^\s*the\s+", "", t, flags=re.I).strip()


class GameVocabulary:
    """The words of one game (all its versions): phrases present, and its own terms."""

    def __init__(self, game: str, library: Library, declared: frozenset[tuple[str, ...]] = frozenset()):
        self.game = game
        grams: set[tuple[str, ...]] = set()
        own: set[tuple[str, ...]] = set(declared)
        g = library.games[game]
        for v in g.versions:
            doc = library.document(game, v)
            for r in doc:
                if r.kind in (Kind.EXAMPLE, Kind.NOTE):
                    continue
                f = ix.rule_fields(doc, r.id)
                for part in (f["title"], f["terms"], f["body"], f["extra"]):
                    for chunk in part.split(";"):
                        seq = ix.stems(chunk)
                        for n in range(1, MAX_NGRAM + 1):
                            grams.update(tuple(seq[i:i + n]) for i in range(len(seq) - n + 1))
                for t in ix.rule_terms(r):
                    k = phrase_key(t)
                    if k:
                        own.add(k)
                if r.title and r.kind in (Kind.SECTION, Kind.CHAPTER):
                    k = phrase_key(_title_term(r.title))
                    if k and len(k) <= 3:
                        own.add(k)
        self.grams = frozenset(grams)
        self.own = frozenset(own)

    def has(self, phrase: tuple[str, ...]) -> bool:
        return phrase in self.grams

    def is_own(self, phrase: tuple[str, ...]) -> bool:
        return phrase in self.own


def game_vocabularies(library: Library, table: SynonymTable) -> dict[str, GameVocabulary]:
    return {g: GameVocabulary(g, library, table.own.get(g, frozenset())) for g in library.games}


def resolve(table: SynonymTable, vocabs: dict[str, GameVocabulary]) -> SynonymTable:
    """A copy of `table` whose expansions know, per target, the games where they apply; targets
    that apply nowhere, and expansions left without targets, are dropped."""
    out = SynonymTable(vocabulary=table.vocabulary, own=dict(table.own), names=dict(table.names))
    asking = {k for k in (key_of(w) for w in QUESTION_WORDS) if k}
    for g, v in vocabs.items():
        for k in v.own:
            if 2 <= len(k) <= 3 and k[0] in asking:
                out.asking_terms[k] = out.asking_terms.get(k, frozenset()) | {g}
    for key, exps in table.by_key.items():
        if len(key) > 1:
            own = frozenset(g for g, v in vocabs.items() if v.is_own(key))
            if own:
                out.own_phrases[key] = own
        kept = []
        for e in exps:
            to, labels, valid = [], [], []
            for tk, lab in zip(e.to, e.labels, strict=True):
                games = frozenset(g for g, v in vocabs.items()
                                  if (e.games is None or g in e.games) and v.has(tk) and not v.is_own(key))
                if games:
                    to.append(tk)
                    labels.append(lab)
                    valid.append(games)
            if to:
                kept.append(replace(e, to=tuple(to), labels=tuple(labels), valid=tuple(valid)))
        if kept:
            out.by_key[key] = kept
            out.max_len = max(out.max_len, len(key))
    return out


def check(table: SynonymTable, vocabs: dict[str, GameVocabulary]) -> list[str]:
    """Problems of the per-game data against the documents (empty when all is well): a target the
    game's document never says, a word mapped from that is already the game's own term, a word the
    query drops before the vocabulary reads it."""
    problems = []
    for key, exps in table.by_key.items():
        if never_read(" ".join(key)):
            problems.append(f"{' '.join(key)!r} is dropped from every query (another game's name or filler); "
                            "it would never expand")
        for e in exps:
            if e.games is None:
                continue
            for g in e.games:
                v = vocabs.get(g)
                if v is None:
                    problems.append(f"{g}: no such game")
                    continue
                if v.is_own(key):
                    problems.append(f"{g}: {' '.join(key)!r} is already a term of this game; it would never expand")
                for tk, lab in zip(e.to, e.labels, strict=True):
                    if not v.has(tk):
                        problems.append(f"{g}: {lab!r} (for {' '.join(key)!r}) does not occur in the document")
    return problems
