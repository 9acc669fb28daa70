"""SearchService: rule numbers, keywords, questions, typos and other games' words -> ranked rules.

    from judge_app.search import SearchService
    svc = SearchService.open()                  # builds the index if missing or stale
    res = svc.search("can I block with an exhausted spirit", game="bss")
    res.to_dict()   # the CLI/web JSON contract, see SearchResult.to_dict

Pipeline for a query:
1. bound and normalise the text (query.bound); empty -> BadQuery;
2. a rule number in any notation (judge_app.rules.notation) -> the rule, its subrules, parent
   and siblings; ``redirect`` set when it exists in one game; ``nearest`` when it does not;
3. otherwise words -> concepts (typo correction, synonym expansion: query.analyze) -> candidates
   from the whoosh index (BM25F over title, defined terms, text, examples, ancestors' titles) ->
   rerank: coverage of the query's concepts (idf-weighted), definitions of a query term,
   headings named by the query.
"""

from __future__ import annotations

import gc
import html
import logging
import math
import re
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, SupportsInt

import numpy as np

from judge_app import config
from judge_app.errors import BadQuery, JudgeError
from judge_app.rules import Kind, Library, load_library
from judge_app.rules.model import Document
from judge_app.rules.notation import GAME_ALIASES, RULE_WORDS, RuleNumber, RuleTarget, parse_rule_number
from judge_app.search import index as ix
from judge_app.search import ltr, signals
from judge_app.search.query import (
    QUOTED,
    Analysis,
    Speller,
    SynonymTable,
    analyze,
    asks_what_it_is,
    bound,
    default_synonyms,
    games_named,
    key_of,
    plain_concepts,
    term_string,
)
from judge_app.search.refresh import Background
from judge_app.search.signals import INTENT_FEATURE, Features, Match, QueryInGame
from judge_app.search.store import IndexStore

if TYPE_CHECKING:
    from judge_app.search.neural import Reranker

# Ranking adjustments after the signals (signals.py) have scored each candidate on its own; the
# learned ones are data (weights.toml, fitted on the tuning half; see docs/search.md):
DIVERSIFY = signals.RANKING.get("diversify", 0.0)  # a query saying several things: signals.diversify
# the first places it decides: 2 for a question (twenty-first round: the first two places to two things
# asked, the third by score), 3 for a string of terms (at 2 one keyword query lost). Sixteen tuning halves
# pooled 0.8289 -> 0.8298, players-16 0.7051 -> 0.7070; leaving one set out, chosen for all sixteen
DIVERSIFY_DEPTH = 2
DIVERSIFY_TERMS_DEPTH = 3
DIVERSIFY_MIN = 4  # concepts a query must have (at 3, short keyword queries lost a little)
FAMILY = signals.RANKING["family"]  # a subrule gets this share of its parent's score (an answer's details gather under it)
KIDS_FIRST = 1  # a heading goes right after its best this-many subrules among the hits
ANSWER_FIRST = 10  # the first places where a parent rule yields to a subrule that says more (_answer_first)
ANSWER_UP = 1  # how many levels up a subrule's parent is looked for
ANSWER_MARGIN = 0.0  # how much more of the query the subrule's own text must say
GAME_DECAY = signals.RANKING["game_decay"]  # an unscoped query: each game's n-th hit counts GAME_DECAY ** n
LTR_KEEP_TERMS = True  # a string of game terms keeps the lexical order (query.term_string; thirteenth round)
LTR = ltr.load()  # the learned re-ordering of the best candidates (ltr.py, ranker.toml); None: off
LTR_CAPTURE = 20  # how many candidates its learner reads (the deepest window it tries)

MAX_LIMIT = 100
# nineteenth round: places LINK_AT.. of the top 10 of a query in one game go to the rules the best hit is tied to in the tree
# (its section, siblings, subrules, the rules it cites or that cite it, the definitions of terms it uses)
LINK_TYPES = frozenset({"parent", "child", "sibling", "cites", "cited_by", "term"})
LINK_AT = 7  # (0-based: the 8th place)
LINK_MAX = 3  # at most this many (so the 8th to 10th places)
# a rule number among words; after a bare "r" too ("see r7-1-5")
_ID_IN_TEXT = re.compile(r"(?:(?<![\w.\-])|(?<=(?<!\w)r))\d{1,3}(?:[-.]\d{1,3}){1,7}(?![\w\-]|\.\d)")
# three or more parts joined by dashes, slashes or underscores ("7–1–5", "7/1/5", "8_7_5"): one rule
# number, written with hyphens (two parts joined by an en dash stay a range, "5–7")
_OTHER_SEPS = re.compile(r"(?<![\w.\-/])\d{1,3}(?:[\u2013\u2014/_]\d{1,3}){2,7}(?![\w\-/])")
# a subrule's letter (a to k), as other games' rules write them ("702.19a" is 702.19's first subrule)
_LETTERED = re.compile(r"(?<![\w.\-])(\d{1,3}(?:([-.])\d{1,3}){1,7})([a-k])\b")
# a whole query of digits with commas, underscores or slashes between them, maybe after "r"/"rule"
_LOOSE_WHOLE = re.compile(r"^\s*(?:r\s*|rules?\s+)?\d{1,3}(?:\s*[,_/]\s*\d{1,3}){1,7}\s*\.?\s*$", re.I)
# candidates reranked (fifteenth round: 50 -> 100; with a rule read with its parent and subrules the
# deeper candidates are worth reading: tuning halves pooled 0.7847 -> 0.7873, the tenth and eleventh
# +0.006 / +0.009, five older halves -0.001 to -0.003; a question's CPU about +50 %, 0.9 -> 1.4 ms median)
CANDIDATES = 100
QUOTED_DEPTH = 30  # how far down a rule saying a quoted wording word for word is brought up from
PTITLE_UP = 2  # how far up an untitled parent's heading is looked for
SEM_CONTEXT = 0.3  # the weight of a rule's ancestors' headings in its semantic vector
# and of the words its parent's and subrules' texts add (Features.fam; fifteenth round, the family share
# at 0.45: 0.3 0.7824, 0.5 0.7847, 0.8 0.7831, 1.2 0.7823 on the tuning halves pooled, 0.7807 without)
SEM_FAMILY = 0.5
# the weight of a rule's player words in its semantic vector (player_words.py; sixteenth round; tuning halves
# pooled: 0 0.8173, 0.3 0.8174, 0.6 0.8196, 1.0 0.8189; held out set by set, 0.6 chosen on every one)
SEM_WORDS = 0.6
# a rule's parent's and subrules' player words are read with it too, at the family share (0.8123 -> 0.8148)
PW_FAMILY = True
_NUMERIC = re.compile(r"\d|\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|twice|once|limit|"
                      r"up to|or more|or less|no more than|at least)\b", re.I)
_FREQUENT = re.compile(r"\b(?:once|twice|times|only one|no more than)\b", re.I)
_MODAL = re.compile(r"\b(?:can|cannot|can't|may|must|only|not allowed|allowed|unable)\b", re.I)
_SPACED = re.compile(rf"^\s*(?P<pre>(?:(?:{RULE_WORDS}|see)\s*)*)(?P<num>\d{{1,3}}(?:\s+\d{{1,3}}){{1,7}})\s*\.?\s*$",
                     re.I)
# a game's name (notation.GAME_ALIASES) before digits typed with spaces, maybe with "rule" between
_NAMED_SPACED = re.compile(
    r"^\s*(?P<pre>" + "|".join(sorted((re.escape(a) for names in GAME_ALIASES.values() for a in names), key=len, reverse=True))
    + rf")\s+(?:{RULE_WORDS}\s*)*(?P<num>\d{{1,3}}(?:\s+\d{{1,3}}){{1,7}})\s*\.?\s*$", re.I)
_RELOAD_CHECK_S = 3.0
_DIGIT = re.compile(r"\d")
log = logging.getLogger(__name__)


@dataclass
class Hit:
    game: str
    version: str
    id: str
    title: str
    snippet: str
    snippet_html: str
    score: float
    kind: str
    section: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "version": self.version, "id": self.id, "title": self.title,
                "snippet": self.snippet, "score": round(self.score, 4), "kind": self.kind,
                "section": self.section, "snippet_html": self.snippet_html}


@dataclass
class SearchResult:
    query: str
    game: str | None
    version: str | None
    interpreted_as: str
    did_you_mean: str | None
    hits: list[Hit] = field(default_factory=list)
    redirect: dict[str, Any] | None = None
    nearest: list[dict[str, Any]] | None = None
    rule_number: RuleNumber | None = None
    truncated: bool = False
    elsewhere: list[dict[str, Any]] | None = None  # a scoped search that found nothing: games where it does
    game_titles: dict[str, str] = field(default_factory=dict)

    def by_game(self) -> list[dict[str, Any]]:
        """Hits per game, the game of the best hit first: [{"game", "title", "version", "ids"}]."""
        out: dict[str, dict[str, Any]] = {}
        for h in self.hits:
            g = out.get(h.game)
            if g is None:
                g = out[h.game] = {"game": h.game, "title": self.game_titles.get(h.game, h.game),
                                   "version": h.version, "ids": []}
            g["ids"].append(h.id)
        return list(out.values())

    def groups(self) -> list[dict[str, Any]]:
        """Hits grouped under their section, groups in the order of their best hit."""
        out: list[dict[str, Any]] = []
        index: dict[tuple[str, str, str | None], dict[str, Any]] = {}
        for h in self.hits:
            sec = h.section or {"id": None, "title": None}
            k = (h.game, h.version, sec["id"])
            g = index.get(k)
            if g is None:
                g = {"game": h.game, "version": h.version, "section": h.section, "ids": []}
                index[k] = g
                out.append(g)
            g["ids"].append(h.id)
        return out

    def to_dict(self) -> dict[str, Any]:
        """{"query", "game", "interpreted_as", "did_you_mean", "hits": [{"game", "version", "id",
        "title", "snippet", "score", "kind", "section", "snippet_html"}], "redirect", "nearest",
        "groups", "version", "truncated", "by_game", "rule_number", "elsewhere"} -- hits best first."""
        return {
            "query": self.query,
            "game": self.game,
            "interpreted_as": self.interpreted_as,
            "did_you_mean": self.did_you_mean,
            "hits": [h.to_dict() for h in self.hits],
            "redirect": self.redirect,
            "nearest": self.nearest,
            "groups": self.groups(),
            "version": self.version,
            "truncated": self.truncated,
            "by_game": self.by_game(),
            "rule_number": self.rule_number.to_dict() if self.rule_number is not None else None,
            "elsewhere": self.elsewhere,
        }


_Where = tuple[str, str, str]  # (game, version, rule id)
# (title, text, kind, section): what a hit shows that does not depend on the query
_Static = tuple[str, str, str, dict[str, Any] | None]

def _number_targets(rn: RuleNumber, game: str | None, docs: list[Document]) -> list[RuleTarget]:
    """The documents whose rules a rule-number query lists: the game it resolves to, or every game it exists in."""
    if rn.game is None or not rn.exists:
        allowed = {(d.game, d.version) for d in docs}
        return [c for c in rn.candidates if c.exists and ((c.game, c.version) in allowed or not game)]
    targets = [c for c in rn.candidates if c.game == rn.game and c.exists][:1]
    if not game and len(rn.candidates) > 1:
        # no game named, only the notation: the number as it exists in the other notation's games
        # follows ("rule 9.2.2" is asked of the dashed documents too; twenty-second round)
        targets += [c for c in rn.candidates if c.exists and not c.same_notation]
    return targets

class SearchService:
    """Opened index + library. Thread-safe for searching."""

    def __init__(self, library: Library, reader: ix.IndexReader, store: IndexStore,
                 auto_library: bool = False, synonyms: SynonymTable | None = None, semantic: bool | None = None):
        self.library = library
        self.reader = reader
        self.store = store
        self.synonyms = synonyms or default_synonyms()
        self._auto = auto_library
        self.debug: dict[str, Any] | None = None  # set to {} to collect ranking features per hit
        self.ltr_capture: list[Any] | None = None  # set to [] to collect what ltr.py reads (its learner)
        self._is_view = False
        self._checked = time.monotonic()
        self._lock = threading.Lock()
        self._swap = threading.Lock()  # held only to swap in a new index and to copy a view
        self._check_lock = threading.Lock()  # one freshness check at a time
        self._refresher = Background(self.check_now, name="judge-index-check")
        self._feats: dict[str, dict[str, Features]] = {}
        self._df: dict[str, dict[str, int]] = {}
        self._idfs: dict[tuple[str, tuple[str, ...], int], float] = {}  # (docset, words, rules) -> idf weight
        self._terms: dict[str, dict[str, str]] = {}
        self._resolved: dict[str, SynonymTable] = {}  # shared with views (see _view): one entry
        self._static: dict[tuple[str, str, str], _Static] = {}
        self._sem: dict[str, tuple[np.ndarray, np.ndarray] | None] = {}  # docset -> (rule vectors, their mean)
        self.speller = Speller(reader.lexicon(), reader.stem_lexicon())
        # the optional semantic re-ranker (neural.py): off unless asked for or configured (JUDGE_SEMANTIC)
        self.semantic: Reranker | None = None
        if config.value("JUDGE_SEMANTIC") if semantic is None else semantic:
            from judge_app.search.neural import Reranker

            self.semantic = Reranker(store.root)

    # --- opening -------------------------------------------------------------------------------
    @classmethod
    def open(cls, library: Library | None = None, index_dir: Path | str | None = None,
             force: bool = False, semantic: bool | None = None) -> SearchService:
        """Open the index under `index_dir` (default: $JUDGE_INDEX_DIR or data_dir()/"index"),
        building it first if it is missing, stale (the library's fingerprint or the index code
        changed) or `force`d. Building is atomic and serialised by a lock file, so several
        workers may call this at once: one builds, the others wait and then open its result."""
        auto = library is None
        lib = library or load_library()
        store = IndexStore(index_dir)
        path, _ = store.ensure(lib, force=force)
        return cls(lib, _open_retrying(store, lib, path), store, auto_library=auto, semantic=semantic)

    def close(self) -> None:
        self._refresher.close()
        self.reader.close()

    def _view(self) -> SearchService:
        """A consistent snapshot (library, reader, speller, caches) for one call, so that a reload
        by another thread never mixes an old index with a new library."""
        self._maybe_reload()
        v = object.__new__(type(self))  # (copy.copy's shallow copy, without its generic protocol)
        with self._swap:
            v.__dict__.update(self.__dict__)
        v._is_view = True
        return v

    def _maybe_reload(self) -> None:
        """Every few seconds, ask for a freshness check (`check_now`) on the background thread. The
        request does not wait for it: it searches the index it has (the check hashes the index's
        files and may load the library or rebuild: milliseconds to seconds on a user's request)."""
        now = time.monotonic()
        if now - self._checked < _RELOAD_CHECK_S:
            return
        self._checked = now  # (two threads may both ask: the asks are served by one run)
        self._refresher.poke()

    def wait_reloaded(self, timeout: float | None = 30.0) -> bool:
        """Until the freshness checks asked for so far have finished (tests, commands)."""
        return self._refresher.wait(timeout)

    def check_now(self) -> None:
        """Pick up a new index generation (`judge index --force`, a rebuild after damage) and, for a
        service that loads its own library, new rule texts. Runs off the request path (see
        `_maybe_reload`); what it opens is swapped in atomically. If anything fails, the index in
        use keeps serving and the failure is logged (/healthz tells the store's state)."""
        with self._check_lock:
            try:
                lib = load_library() if self._auto else self.library
                if (lib.fingerprint == self.library.fingerprint and self.store.current() == self.reader.path
                        and self.store.is_fresh(lib)):
                    return
                path, _ = self.store.ensure(lib)
                if path == self.reader.path and lib is self.library:
                    return
                reader = _open_retrying(self.store, lib, path)
                speller = Speller(reader.lexicon(), reader.stem_lexicon())
            except Exception:  # noqa: BLE001 - keep serving what is open
                log.exception("could not reload the search index")
                return
            # searches in flight hold a view of the old state (see _view); the old reader is closed
            # when the last of them lets go of it
            with self._swap:
                self.reader, self.library, self.speller = reader, lib, speller
                self._feats, self._df, self._terms, self._resolved, self._static = {}, {}, {}, {}, {}
                self._idfs = {}
                self._sem = {}

    def vocabulary(self) -> SynonymTable:
        """The synonym data resolved against this library's documents (see vocabulary.py)."""
        t = self._resolved.get("table")
        if t is None:
            with self._lock:
                t = self._resolved.get("table")
                if t is None:
                    from judge_app.search.vocabulary import game_vocabularies, resolve

                    t = resolve(self.synonyms, game_vocabularies(self.library, self.synonyms))
                    self._resolved["table"] = t
        return t

    # --- scope ----------------------------------------------------------------------------------
    def _docs(self, game: str | None, version: str | None) -> list[Document]:
        if game:
            return [self.library.document(game, version)]
        out = []
        for key, g in self.library.games.items():
            v = version if version and version in g.versions else g.current
            out.append(self.library.document(key, v))
        return out

    def _named(self, text: str, docs: list[Document]) -> list[Document]:
        """An unscoped query's games: those it names ("in saga or standard", "weiss and monster invasion"), else all."""
        named = games_named(text, self.vocabulary(), self.speller)
        return [d for d in docs if d.game in named] if any(d.game in named for d in docs) else docs

    # --- search ---------------------------------------------------------------------------------
    def search(self, query: str, game: str | None = None, version: str | None = None,
               limit: int = 10) -> SearchResult:
        """Search. `game` None searches every game (current versions; `version` applies to the
        games that have it). Raises BadQuery for an empty/invalid query, UnknownGame /
        UnknownVersion for a bad scope. Bounded in time and size for any input."""
        return self._view()._search(query, game, version, limit)

    def _search(self, query: str, game: str | None = None, version: str | None = None,
                limit: int = 10) -> SearchResult:
        """Search. `game` None searches every game (current versions; `version` applies to the
        games that have it). Raises BadQuery for an empty/invalid query, UnknownGame /
        UnknownVersion for a bad scope. Bounded in time and size for any input."""
        if not isinstance(query, str):
            raise BadQuery("the query must be a string")
        limit = _limit(limit)
        docs = self._docs(game, version)  # validates game and version
        text, truncated = bound(query)
        if not text or not re.search(r"\w", text):
            raise BadQuery("empty query: type a rule number, a keyword or a question",
                           hint="examples: 7-1-5, 'exhaust', 'can I block with an exhausted spirit'")
        text = self._number_forms(text, game, version)
        rn = self._whole_number(text, game, version) if len(text) <= 120 and _DIGIT.search(text) else None
        if rn is not None:
            return self._number_result(query, game, version, rn, docs, limit)
        # rule numbers inside words ("7-1-5 battle", "is 9-4-2 a checkpoint"): those rules first
        pinned: list[str] = []
        notes: list[str] = []
        for m in list(_ID_IN_TEXT.finditer(text))[:3]:
            prn = parse_rule_number(m.group(0), self.library, game, version)
            if (prn is not None and prn.exists and prn.game is not None and prn.version is not None
                    and len(prn.ids) == 1):
                key = ix.make_key(prn.game, prn.version, prn.ids[0])
                if key not in pinned:
                    pinned.append(key)
                    notes.append(prn.interpretation)
        words_text = _ID_IN_TEXT.sub(" ", text) if pinned else text
        if game is None:
            docs = self._named(words_text, docs)
        scope = frozenset(d.game for d in docs)
        an = analyze(words_text, self.speller, self.vocabulary(), scope=scope)
        docsets = [ix.docset(d.game, d.version) for d in docs]
        if an.did_you_mean and not any(self.reader.occurs(k, docsets) for k in
                                       (key_of(c) for c in an.corrections.values()) if k):
            an.did_you_mean = None  # the corrections find nothing in the games searched: do not offer them
        interp = "; ".join(notes + ([an.interpreted_as] if an.concepts or not notes else []))
        res = SearchResult(query=query, game=game, version=version,
                           interpreted_as=interp + (" (query cut to the first words)" if an.truncated else ""),
                           did_you_mean=an.did_you_mean, truncated=an.truncated or truncated)
        ranked: list[tuple[str, float]] = []
        if an.concepts:
            cands = self.reader.search(an.concepts, docsets, limit=max(CANDIDATES, limit * 2))
            ranked = self._rerank(cands, an, scoped=game is not None)
            if self.semantic is not None and ranked:
                ranked = self._by_meaning(text, an, ranked, bool(pinned), res)
        quoted = quoted_phrases(text)
        if quoted and ranked:
            ranked = self._quoted_first(ranked, quoted)
        if "list" in an.intents and ranked:
            ranked = self._with_members(ranked)
        if pinned:
            top = max((sc for _, sc in ranked), default=1.0)
            ranked = [(k, top + 1.0 - n * 0.01) for n, k in enumerate(pinned)] + [x for x in ranked if x[0] not in pinned]
        res.hits = [self._hit(k, sc, an.highlight) for k, sc in ranked[:limit]]
        res.game_titles = {g: self.library.games[g].title for g in self.library.games}
        if game is not None and not res.hits and an.concepts:
            res.elsewhere = self._elsewhere(an, game)
        return res

    def _whole_number(self, text: str, game: str | None, version: str | None) -> RuleNumber | None:
        """The whole query as a rule number (every rule number has a digit; `text` is normalised)."""
        # "rule 7 1 5 2 1": digits typed with spaces (a phone keyboard) are a rule number too
        sp = _SPACED.match(text)
        as_number = f"{sp.group('pre')}{'-'.join(sp.group('num').split())}" if sp else text
        rn = parse_rule_number(as_number, self.library, game, version)
        named = _NAMED_SPACED.match(text) if sp is None else None
        if rn is None and named is not None:
            # "standard 10 2 2 6", "monster rule 5 11": a game's name, then the digits typed with spaces;
            # taken as a rule number only when that rule exists ("standard 40 3" is a deck question)
            got = parse_rule_number(f"{named.group('pre')} {'-'.join(named.group('num').split())}",
                                    self.library, game, version)
            rn = got if got is not None and got.exists else None
        if rn is None and _LOOSE_WHOLE.match(text):
            # "7,1,5", "r 7_1_5": other separators, taken only when that rule exists
            got = parse_rule_number(text, self.library, game, version, loose=True)
            rn = got if got is not None and got.exists else None
        return rn

    def _number_forms(self, text: str, game: str | None, version: str | None) -> str:
        """Rule numbers written in other notations, in the documents' own: "7–1–5", "7/1/5" -> "7-1-5";
        a subrule's letter (other games' rules write "702.19a" for 702.19's first subrule):
        "7-1-5a" -> "7-1-5-1" when that rule exists, else "7-1-5"."""
        if not _DIGIT.search(text):
            return text
        text = _OTHER_SEPS.sub(lambda m: re.sub(r"[\u2013\u2014/_]", "-", m.group(0)), text)

        def lettered(m: re.Match[str]) -> str:
            child = f"{m.group(1)}{m.group(2)}{ord(m.group(3)) - ord('a') + 1}"
            got = parse_rule_number(child, self.library, game, version)
            return child if got is not None and got.exists else m.group(1)
        return _LETTERED.sub(lettered, text)

    def _by_meaning(self, text: str, an: Analysis, ranked: list[tuple[str, float]], pinned: bool,
                    res: SearchResult) -> list[tuple[str, float]]:
        """The semantic re-ranker's order of the best hits, for the queries it applies to (neural.py).
        A model that cannot be loaded is logged once and the lexical order kept."""
        sem = self.semantic
        assert sem is not None
        if sem.failed is not None or not sem.applies(an, pinned):
            return ranked
        try:
            out = sem.rerank(self.library, text, ranked, an)
        except (JudgeError, OSError, ValueError) as e:
            sem.failed = str(e)
            log.error("semantic re-ranker off: %s", e)
            return ranked
        res.interpreted_as += " (re-ranked by meaning)"
        return out

    def _quoted_first(self, ranked: list[tuple[str, float]], quoted: list[tuple[str, ...]]) -> list[tuple[str, float]]:
        """A wording the player quotes ("'at the end of the attack'", "'when attacks or blocks'"): among
        the best QUOTED_DEPTH hits, the rules that quote it too, word for word (each part of it, in
        order, when it is cut by "..."), come first, in their order; the others keep theirs. A rule
        that quotes the wording is about it; one whose running text happens to use the same words
        ("… by an effect when summoned") is not (twenty-third round)."""
        head, tail = ranked[:QUOTED_DEPTH], ranked[QUOTED_DEPTH:]
        says: list[tuple[str, float]] = []
        rest: list[tuple[str, float]] = []
        for key, sc in head:
            game, version, rid = key.split("|", 2)
            r = self.library.document(game, version).get(rid)
            said = [f" {_plain(m.group(1))} " for m in _RULE_QUOTE.finditer(r.text or "")] if r is not None else []
            (says if any(_says(q, parts) for q in said for parts in quoted) else rest).append((key, sc))
        if not says or len(says) == len(head):
            return ranked
        top = max(sc for _, sc in head)
        return [(k, top + 1.0 - n * 1e-3) for n, (k, _) in enumerate(says)] + rest + tail

    def _with_members(self, ranked: list[tuple[str, float]]) -> list[tuple[str, float]]:
        """A question asking for a list ("all the trigger icons", "steps of summoning"): the first of
        the best few hits that introduces a list is followed by the list's items, in document order."""
        for pos, (key, sc) in enumerate(ranked[:LIST_LOOK]):
            ds, _, rid = key.rpartition("|")
            game, _, version = ds.partition("|")
            members = _list_members(self.library.document(game, version), rid)
            if members:
                keys = [f"{ds}|{m}" for m in members]
                drop = set(keys)
                head = [x for x in ranked[: pos + 1] if x[0] not in drop]
                step = 1e-4
                items = [(k, sc - step * (i + 1)) for i, k in enumerate(keys)]
                return head + items + [x for x in ranked[pos + 1:] if x[0] not in drop]
        return ranked

    def _elsewhere(self, an: Analysis, game: str) -> list[dict[str, Any]]:
        """The other games where the words find rules, most hits first: [{"game", "title", "count"}]."""
        others = [d for d in self._docs(None, None) if d.game != game]
        scope = frozenset(d.game for d in others)
        an2 = analyze(an.text, self.speller, self.vocabulary(), scope=scope)
        if not an2.concepts:
            return []
        cands = self.reader.search(an2.concepts, [ix.docset(d.game, d.version) for d in others], limit=50)
        count: dict[str, int] = {}
        for key, _ in cands:
            g = key.split("|", 1)[0]
            count[g] = count.get(g, 0) + 1
        return [{"game": g, "title": self.library.games[g].title, "count": n}
                for g, n in sorted(count.items(), key=lambda x: -x[1])]

    def baseline(self, query: str, game: str | None = None, version: str | None = None,
                 limit: int = 10) -> SearchResult:
        """Plain BM25 over title and text with the words as typed: no rule numbers, typos,
        synonyms, field weights or reranking. For comparison in `judge eval-search`."""
        if not self._is_view:
            return self._view().baseline(query, game, version, limit)
        limit = _limit(limit)
        docs = self._docs(game, version)
        text, truncated = bound(query)
        concepts = plain_concepts(text)
        res = SearchResult(query=query, game=game, version=version, interpreted_as="plain BM25",
                           did_you_mean=None, truncated=truncated)
        if concepts:
            cands = self.reader.search(concepts, [ix.docset(d.game, d.version) for d in docs],
                                       limit=limit, bm25_only=True)
            hl = {a.words[0] for c in concepts for a in c.alts}
            res.hits = [self._hit(k, s, hl) for k, s in cands[:limit]]
        return res

    # --- rule numbers ---------------------------------------------------------------------------
    def _number_result(self, query: str, game: str | None, version: str | None, rn: RuleNumber,
                       docs: list[Document], limit: int) -> SearchResult:
        res = SearchResult(query=query, game=game, version=version, interpreted_as=rn.interpretation,
                           did_you_mean=None, rule_number=rn,
                           game_titles={g: self.library.games[g].title for g in self.library.games})
        targets = _number_targets(rn, game, docs)
        if rn.game is not None and rn.exists and len(rn.ids) == 1:
            res.redirect = {"game": rn.game, "version": rn.version, "id": rn.ids[0]}
        if not rn.exists or not targets:
            near: list[_Where] = []
            for c in rn.candidates:
                if game and c.game != game:
                    continue
                if c.same_notation or len(rn.candidates) == 1:
                    near.extend((c.game, c.version, n) for n in c.nearest)
            res.nearest = [{"game": g, "version": v, "id": i, "title": self._title(g, v, i)} for g, v, i in near]
            res.hits = [self._rule_hit(g, v, i, 1.0 - n * 0.01, set()) for n, (g, v, i) in enumerate(near[:limit])]
            return res
        # tiers: the rules themselves; their first subrules; the same number in a document of the
        # other notation; the remaining subrules; parents; siblings; the rest of the other notation
        tiers: tuple[list[_Where], ...] = tuple([] for _ in range(7))
        own, first, other, rest, parents, sibs, other_rest = tiers
        for c in targets:
            doc = self.library.document(c.game, c.version)

            def item(rid: str, c: RuleTarget = c) -> _Where:
                return (c.game, c.version, rid)

            (own if c.same_notation else other).extend(item(rid) for rid in c.ids)
            desc = [d for rid in c.ids for d in _descendants(doc, rid)]
            if c.same_notation:
                first.extend(item(d) for d in desc[:3])
                rest.extend(item(d) for d in desc[3:])
            else:
                other_rest.extend(item(d) for d in desc)
            for rid in c.ids:
                r = doc.get(rid)
                if r and r.parent:
                    (parents if c.same_notation else other_rest).append(item(r.parent))
                    close = _closest([s for s in doc.rules[r.parent].children if s not in c.ids and _numbered(doc, s)], rid)
                    (sibs if c.same_notation else other_rest).extend(item(s) for s in close)
        seen: set[_Where] = set()
        order: list[tuple[str, str, str]] = []
        for items in (own, other, _interleave(first), _interleave(rest), parents, _interleave(sibs), other_rest):
            for it in items:
                if it not in seen:
                    seen.add(it)
                    order.append(it)
        res.hits = [self._rule_hit(g, v, i, round(1.0 - n * 0.01, 4), set()) for n, (g, v, i) in enumerate(order[:limit])]
        return res

    # --- ranking --------------------------------------------------------------------------------
    def _features(self, game: str, version: str) -> dict[str, Features]:
        ds = ix.docset(game, version)
        feats = self._feats.get(ds)
        if feats is None:
            with self._lock:
                feats = self._feats.get(ds)
                if feats is None:
                    feats = self._compute_features(game, version)
        return feats

    def _compute_features(self, game: str, version: str) -> dict[str, Features]:
        ds = ix.docset(game, version)
        doc = self.library.document(game, version)
        feats: dict[str, Features] = {}
        df: dict[str, int] = {}
        title_stems: dict[str, tuple[str, ...]] = {}
        for r in doc:
            if r.kind in (Kind.EXAMPLE, Kind.NOTE):
                continue
            f = ix.rule_fields(doc, r.id)
            title = tuple(ix.stems(f["title"]))
            title_stems[r.id] = title
            seq = tuple(ix.stems(" ".join((f["title"], ";", f["terms"], ";", f["body"]))))
            own = frozenset(seq) | frozenset(ix.stems(f["extra"]))
            parent = doc.rules.get(r.parent) if r.parent else None
            first = False
            ptitle: tuple[str, ...] = ()
            leaf = not any(_numbered(doc, c) for c in r.children)
            if parent is not None:
                kids = [c for c in parent.children if _numbered(doc, c)]
                first = bool(kids) and kids[0] == r.id
                ptitle = title_stems.get(parent.id, ())
                up = doc.rules.get(parent.id)  # (typed as optional, like the walk up)
                for _ in range(PTITLE_UP):  # an untitled parent (a numbered rule): its nearest titled ancestor
                    if ptitle or up is None or not up.parent:
                        break
                    up = doc.rules.get(up.parent)
                    ptitle = title_stems.get(up.id, ()) if up is not None else ()
            feats[r.id] = Features(own=own, ctx=frozenset(ix.stems(f["context"])), ptitle=frozenset(ptitle),
                                title=title, title_set=frozenset(title),
                                terms=tuple(t for t in (frozenset(ix.stems(x)) for x in ix.rule_terms(r)) if t),
                                bigrams=frozenset(zip(seq, seq[1:], strict=False)), first_child=first, parent_title=ptitle, chapter=r.kind is Kind.CHAPTER,
                                heading=r.kind.is_heading, numeric=bool(_NUMERIC.search(f["body"])),
                                modal=bool(_MODAL.search(f["body"])), frequent=bool(_FREQUENT.search(f["body"])), up=_up_keys(ix.make_key(game, version, r.id)),
                                text=frozenset(ix.stems(" ".join((f["terms"], f["body"], f["extra"])))), leaf=leaf)
            for st in own:
                df[st] = df.get(st, 0) + 1
        _player_words(self.reader.player_words(ds), feats)
        _family_words(doc, feats)
        _links(doc, feats)
        self._sem[ds] = self._rule_vectors(doc, feats)
        self._df[ds] = df
        self._feats[ds] = feats
        return feats

    def _rule_vectors(self, doc: Document, feats: dict[str, Features]) -> tuple[np.ndarray, np.ndarray] | None:
        """Each rule's semantic vector (its own words, its ancestors' headings at SEM_CONTEXT, the words
        its parent and subrules add at SEM_FAMILY),
        centred on the document's mean and normalised; sets Features.row. None without vectors."""
        space = self.reader.semantic()
        if space is None:
            return None
        rows: list[np.ndarray] = []
        for f in feats.values():
            # (in sorted order: a float sum in a set's order would differ between processes)
            v = space.embed([(w, 1.0) for w in sorted(f.own)] + [(w, SEM_CONTEXT) for w in sorted(f.ctx - f.own)]
                            + [(w, SEM_FAMILY) for w in sorted(f.fam)]
                            + ([(w, SEM_WORDS) for w in sorted(f.pw)] if SEM_WORDS else []))
            if v is not None:
                f.row = len(rows)
                rows.append(v)
        if not rows:
            return None
        m = np.vstack(rows)
        mean = m.mean(axis=0)
        m = m - mean
        m /= np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-9)
        return m.astype(np.float32), mean

    def _query_vector(self, ds: str, game: str, an: Analysis,
                      memo: dict[tuple[tuple[str, float], ...], np.ndarray | None] | None = None,
                      ) -> tuple[np.ndarray, np.ndarray] | None:
        """(the docset's rule vectors, the query's semantic vector: its concepts' alternatives
        that apply in `game`, each at its weight, centred like the rules'), or None."""
        sem = self._sem.get(ds)
        space = self.reader.semantic()
        if sem is None or space is None:
            return None
        said = tuple((w, a.weight) for c in an.concepts for a in c.alts
                     if a.games is None or game in a.games for w in a.words)
        if memo is not None and said in memo:  # (an unscoped query: most games see the same words)
            v = memo[said]
        else:
            v = space.embed(said)
            if memo is not None:
                memo[said] = v
        if v is None:
            return None
        m, mean = sem
        v = v - mean
        n = float(np.linalg.norm(v))
        return None if n == 0 else (m, (v / n).astype(np.float32))

    def warm(self) -> None:
        """Load postings and compute reranking features of every document now (about 0.5 s)
        rather than on first use: call it at web worker start."""
        self.reader.preload()
        self.vocabulary()
        for d in self.library.documents():
            self._features(d.game, d.version)
        if self.semantic is not None and self.semantic.failed is None:
            try:
                self.semantic.vectors(self.library)  # the model, and the rules' vectors if not kept yet
            except (JudgeError, OSError, ValueError) as e:
                self.semantic.failed = str(e)
                log.error("semantic re-ranker off: %s", e)
        # what warm() loaded lives as long as the process: a full collection walking it cost one request in about
        # every hundred ~50 ms (bench/search_ab.py, p99), so the collector is told to leave it alone
        gc.freeze()

    def _idf(self, ds: str, words: tuple[str, ...], n: int) -> float:
        key = (ds, words, n)
        got = self._idfs.get(key)
        if got is None:
            df = self._df.get(ds, {})
            got = max(math.log((n + 1) / (1 + min((df.get(w, 0) for w in words), default=0))), 0.1)
            if len(self._idfs) < 100_000:
                self._idfs[key] = got
        return got

    def _rerank(self, cands: list[tuple[str, float]], an: Analysis, scoped: bool = True) -> list[tuple[str, float]]:
        """Score each candidate by the signals (signals.py), then order them against each other."""
        if not cands:
            return []
        top = max(s for _, s in cands) or 1.0
        main = [c.alts[0].words for c in an.concepts]
        pairs = [(m1[-1], m2[0]) for m1, m2 in zip(main, main[1:], strict=False)]
        intents = [INTENT_FEATURE[i] for i in an.intents if i in INTENT_FEATURE]
        table = signals.table_for(len(an.concepts), an.intents)
        want_sem = any(sig.name == "sem" for sig in table)
        per_ds: dict[str, QueryInGame] = {}
        vectors: dict[tuple[tuple[str, float], ...], np.ndarray | None] = {}  # the query's, per words seen
        headings: set[str] = set()
        ups: dict[str, tuple[str, ...]] = {}
        out = []
        debug = self.debug
        items: list[tuple[str, float, Features, QueryInGame]] = []
        for key, s in cands:
            ds, _, rid = key.rpartition("|")
            q = per_ds.get(ds)
            if q is None:
                game, version = ds.split("|", 1)
                q = per_ds[ds] = self._rerank_context(game, version, an, pairs, intents, want_sem, vectors)
            f = q.feats.get(rid)
            if f is not None:
                items.append((key, s, f, q))
        if want_sem:
            _fill_sims(items)
        said: dict[str, tuple[int, QueryInGame]] = {}
        bodies: dict[str, float] = {}
        matches: dict[str, Match] = {}
        for key, s, f, q in items:
            if f.heading:
                headings.add(key)
            ups[key] = f.up
            shown: dict[str, float] | None = None if debug is None else {}
            m = Match(f, q, s / top)
            said[key] = (m.told, q)  # (what it says in its text or its player words: eighteenth round)
            matches[key] = m
            bodies[key] = m.body
            out.append((key, signals.score(m, shown, table)))
            if debug is not None:
                debug[key] = shown
        if FAMILY > 0:
            # a rule under a well-matching rule shares some of its score: the answer's siblings
            # and details gather under it
            got = dict(out)
            fam = FAMILY
            out = [(k, sc + fam * got.get(ups[k][0], 0.0)) if ups[k] else (k, sc) for k, sc in out]
        out.sort(key=lambda x: -x[1])
        if KIDS_FIRST > 0 and headings:
            out = _children_first(out, headings, ups)
        if ANSWER_FIRST > 0:
            out = _answer_first(out, ups, bodies)
        if DIVERSIFY > 0 and len(an.concepts) >= DIVERSIFY_MIN:
            depth = DIVERSIFY_TERMS_DEPTH if term_string(an) else DIVERSIFY_DEPTH
            out = signals.diversify(out, said, DIVERSIFY, depth)
        out = self._learned_order(out, an, matches, ups)
        if LINK_MAX > 0 and scoped:
            # (an unscoped query wants each game's answer near the top, not one game's neighbours)
            out = _pull_linked(out, matches)
        return out if scoped else _game_decay(out)

    def _learned_order(self, out: list[tuple[str, float]], an: Analysis, matches: dict[str, Match],
                       ups: dict[str, tuple[str, ...]]) -> list[tuple[str, float]]:
        """The best candidates re-ordered by the learned model (ltr.py), for the kind of query it was
        fitted for; its learner reads what it would see through `ltr_capture`."""
        model = LTR
        if model is None and self.ltr_capture is None:
            return out
        if LTR_KEEP_TERMS and term_string(an) and not an.corrections:
            # a term or a card wording as typed: the lexical order (re-ordered, these lost on unseen
            # queries); a corrected one is still re-ordered (its lexical order is less sure)
            return out
        part = "question" if signals.is_question(len(an.concepts), an.intents) else "short"
        if self.ltr_capture is not None:
            self.ltr_capture.append((list(out), matches, ups, part, self._ltr_extra(out[:LTR_CAPTURE], an)))
        w = model.weights.get(part) if model is not None else None
        if w is None or model is None:
            return out
        extra = self._ltr_extra(out[:model.depth], an) if model.extra else None
        return ltr.reorder(out, matches, ups, w, model.depth, (model.trees or {}).get(part, ()), extra, model.newer)

    def _ltr_extra(self, window: list[tuple[str, float]], an: Analysis) -> dict[str, tuple[float, float]]:
        """What the learned re-ordering reads of the candidates beyond their Match (ltr.EXTRA): the BM25 of
        their player words (the `words` field alone), and whether they quote a wording the query quotes."""
        keys = [k for k, _ in window]
        pw = self.reader.field_scores("words", an.concepts, keys)
        quoted = quoted_phrases(an.text)
        out = {}
        for k in keys:
            q = 0.0
            if quoted:
                ds, _, rid = k.rpartition("|")
                f = self._feats.get(ds, {}).get(rid)
                if f is not None and any(_says(s, parts) for s in f.quotes for parts in quoted):
                    q = 1.0
            out[k] = (pw.get(k, 0.0), q)
        return out

    def _rerank_context(self, game: str, version: str, an: Analysis, pairs: list[tuple[str, str]],
                        intents: list[str], want_sem: bool = False,
                        memo: dict[tuple[tuple[str, float], ...], np.ndarray | None] | None = None) -> QueryInGame:
        """The query as the documents of `game` see it: its alternatives that apply in this game
        (as stem sets), their idf weights and the query's words, for the signals."""
        feats = self._features(game, version)
        ds = ix.docset(game, version)
        calts = [[(frozenset(a.words), a.weight) for a in c.alts if a.games is None or game in a.games]
                 for c in an.concepts]
        n = len(feats)
        weights = [max(self._idf(ds, tuple(ws), n) for ws, _ in alts) for alts in calts]
        words = frozenset(x for alts in calts for ws, _ in alts for x in ws)
        # single words tested with `in`, alternatives best first (so that a match ends the search)
        fast = [[(next(iter(ws)) if len(ws) == 1 else None, ws, aw) for ws, aw in sorted(alts, key=lambda x: -x[1])]
                for alts in calts]
        qv = self._query_vector(ds, game, an, memo) if want_sem else None
        pw = signals.PW_SHARE_CORRECTED if an.corrections else signals.PW_SHARE
        # a string of game terms as typed is not a player's phrasing: no `phrase` (seventeenth round)
        phr = 0.0 if term_string(an) and not an.corrections else pw
        return QueryInGame(feats, calts, weights, sum(weights) or 1.0, words, fast, pairs, intents,
                           sims=None if qv is None else {}, qvec=qv, pw_share=pw, phrase_share=phr,
                           passing=not asks_what_it_is(an) and not term_string(an))

    # --- hits -----------------------------------------------------------------------------------
    def _title(self, game: str, version: str, rid: str) -> str:
        doc = self.library.document(game, version)
        r = doc.get(rid)
        if r is None:
            return ""
        if r.title:
            return r.title
        for a in reversed(doc.ancestors(rid)):
            if a.title:
                return a.title
        return ""

    def _hit(self, key: str, score: float, highlight: set[str]) -> Hit:
        game, version, rid = key.split("|", 2)
        return self._rule_hit(game, version, rid, score, highlight)

    def _rule_hit(self, game: str, version: str, rid: str, score: float, highlight: set[str]) -> Hit:
        key = (game, version, rid)
        st = self._static.get(key)
        if st is None:  # what a hit shows that does not depend on the query (kept per rule)
            doc = self.library.document(game, version)
            r = doc.rules[rid]
            parent = doc.get(r.parent) if r.parent else None
            section = {"id": parent.id, "title": parent.title or _short(parent.text, 80)} if parent else None
            st = (self._title(game, version, rid), " ".join((r.text or r.title or "").split()), str(r.kind), section)
            if len(self._static) < 50_000:
                self._static[key] = st
        title, text, kind, section = st
        snippet, snippet_html = _snippet(text, highlight)
        return Hit(game=game, version=version, id=rid, title=title, snippet=snippet, snippet_html=snippet_html,
                   score=float(score), kind=kind, section=dict(section) if section else None)

    # --- autocomplete ---------------------------------------------------------------------------
    def suggest_ids(self, prefix: str, game: str, limit: int = 10, version: str | None = None) -> list[dict[str, Any]]:
        """Rule ids of `game` starting with `prefix` (any notation), in document order:
        [{"id", "title"}]."""
        if not self._is_view:
            return self._view().suggest_ids(prefix, game, limit, version)
        doc = self.library.document(game, version)
        p = re.sub(r"[.\-]", str(doc.info.notation), _clean_prefix(prefix))
        if not p or not re.fullmatch(r"[\d.\-]+", p):
            return []
        out = []
        for r in doc:
            if _numbered(doc, r.id) and (r.id == p.rstrip(".-") or r.id.startswith(p)):
                out.append({"id": r.id, "title": self._title(game, doc.version, r.id)})
                if len(out) >= _limit(limit):
                    break
        return out

    def suggest_terms(self, prefix: str, game: str, limit: int = 10, version: str | None = None) -> list[dict[str, Any]]:
        """Defined terms and keywords of `game` starting with `prefix` (case-insensitive), then
        containing it: [{"term", "rule"}]."""
        if not self._is_view:
            return self._view().suggest_terms(prefix, game, limit, version)
        doc = self.library.document(game, version)
        p = _clean_prefix(prefix).casefold()
        if not p:
            return []
        ds = ix.docset(doc.game, doc.version)
        seen = self._terms.get(ds)
        if seen is None:
            seen = {}
            for r in doc:
                if r.kind in (Kind.EXAMPLE, Kind.NOTE):
                    continue
                for t in ix.rule_terms(r):
                    seen.setdefault(t, r.id)
            self._terms[ds] = seen
        starts = sorted((t for t in seen if t.casefold().startswith(p)), key=lambda t: (len(t), t.casefold()))
        inside = sorted((t for t in seen if p in t.casefold() and t not in starts), key=lambda t: (len(t), t.casefold()))
        return [{"term": t, "rule": seen[t]} for t in (starts + inside)[:_limit(limit)]]


# --- helpers ------------------------------------------------------------------------------------

_ELLIPSIS = re.compile(r"\.{2,}|…")
# what a rule's text quotes: 'When Attacking', “at the beginning of main phase”, 「…」 (not between the
# apostrophes of "player's … card's")
_RULE_QUOTE = re.compile(r"(?<!\w)['\"“‘「『]([^'\"“”‘’」』]{2,200})['\"”’」』](?!\w)")


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.casefold()))


def quoted_phrases(text: str) -> list[tuple[str, ...]]:
    """The wordings quoted in a query, each as its parts (cut at "..."), lowercase words only; a
    quotation of one word, or only stop-length bits, is not a wording."""
    out = []
    for m in QUOTED.finditer(text):
        parts = tuple(p for p in (_plain(x) for x in _ELLIPSIS.split(m.group(1))) if p)
        if parts and sum(len(p.split()) for p in parts) >= 2:
            out.append(parts)
    return out[:3]


def _says(body: str, parts: tuple[str, ...]) -> bool:
    """`body` (plain words, padded with spaces) says every part, in order."""
    at = 0
    for p in parts:
        i = body.find(f" {p} ", at)
        if i < 0:
            return False
        at = i + len(p) + 1
    return True


def _fill_sims(items: list[tuple[str, float, Features, QueryInGame]]) -> None:
    """The `sem` signal's cosines for the candidates only (tens of rows, elementwise: a BLAS call
    per query costs more in thread wake-ups than the arithmetic), per docset."""
    rows: dict[int, tuple[QueryInGame, list[int]]] = {}
    for _, _, f, q in items:
        if q.qvec is not None and f.row >= 0:
            rows.setdefault(id(q), (q, []))[1].append(f.row)
    for q, rs in rows.values():
        m, v = q.qvec
        vals = (m[rs] * v).sum(axis=1)
        assert q.sims is not None
        q.sims.update(zip(rs, vals.tolist(), strict=True))


def _up_keys(key: str) -> tuple[str, ...]:
    """The keys of the rules a rule's number puts it under, nearest first, up to 3 levels
    (headings are at most a few levels above the rules that answer)."""
    out = []
    k = key
    bar = key.rfind("|")
    for _ in range(3):
        cut = max(k.rfind("-"), k.rfind("."))
        if cut <= bar:
            break
        k = k[:cut]
        out.append(k)
    return tuple(out)


def _children_first(ranked: list[tuple[str, float]], headings: set[str],
                    ups: dict[str, tuple[str, ...]] | None = None) -> list[tuple[str, float]]:
    """A heading whose own subrules are among the hits goes right after its best KIDS_FIRST of
    them: the rule whose text answers first, then the section it belongs to. (`ups`: each key's
    _up_keys, when the caller has them.)"""
    below: dict[str, list[float]] = {}
    for key, sc in ranked:
        for k in (ups[key] if ups is not None else _up_keys(key)):
            if k in headings:
                below.setdefault(k, []).append(sc)
    if not below:
        return ranked
    n = int(KIDS_FIRST)
    out = []
    for key, sc in ranked:
        kids = below.get(key)
        if kids:
            kids.sort(reverse=True)
            sc = min(sc, kids[min(n, len(kids)) - 1] - 1e-4)
        out.append((key, sc))
    out.sort(key=lambda x: -x[1])
    return out


def _answer_first(ranked: list[tuple[str, float]], ups: dict[str, tuple[str, ...]],
                  bodies: dict[str, float]) -> list[tuple[str, float]]:
    """A rule with text that introduces subrules (a section's opening rule, "1-2-1 ... listed
    below") and stands in the first ANSWER_FIRST places while one of its subrules among the hits
    says more of the query in its own words: that subrule goes right above it. The parent matched
    mostly through the heading it shares with its subrules; the subrule is the answer."""
    pos = {k: i for i, (k, _) in enumerate(ranked)}
    best: dict[str, str] = {}
    for key, _ in ranked:  # best first: the first subrule seen is the best placed
        for up in ups.get(key, ())[:ANSWER_UP]:
            if up in pos and up not in best:
                best[up] = key
    if not best:
        return ranked
    out = list(ranked)
    moved: set[str] = set()
    for i in range(min(ANSWER_FIRST, len(ranked))):
        key, sc = ranked[i]
        kid = best.get(key)
        if kid is None or kid in moved or key in moved or pos[kid] <= i:
            continue
        if bodies.get(kid, 0.0) > bodies.get(key, 0.0) + ANSWER_MARGIN:
            moved.add(kid)
            j = out.index((kid, ranked[pos[kid]][1]))
            out.pop(j)
            out.insert(out.index((key, sc)), (kid, sc + 1e-4))
    return out


def _links(doc: Document, feats: dict[str, Features]) -> None:
    """Each rule's ties in the tree: its parent, subrules, siblings, the rules it cites and that cite
    it, and the rules defining the terms it uses."""
    defs: dict[str, set[str]] = {}
    for t in doc.terms:
        for u in t.used_by:
            defs.setdefault(u, set()).add(t.rule)
    for rid, f in feats.items():
        r = doc.rules.get(rid)
        if r is None:
            continue
        got: dict[str, str] = {}
        for c in r.children:
            got.setdefault(c, "child")
        if r.parent:
            got.setdefault(r.parent, "parent")
            p = doc.rules.get(r.parent)
            for c in p.children if p is not None else ():
                if c != rid:
                    got.setdefault(c, "sibling")
        for ref in r.refs:
            if ref.target and ref.target != rid:
                got.setdefault(ref.target, "cites")
        for c in r.cited_by:
            got.setdefault(c, "cited_by")
        for d in defs.get(rid, ()):
            if d != rid:
                got.setdefault(d, "term")
        f.links = tuple((k, v) for k, v in got.items() if k in feats)
        f.cited = sum(1 for c in r.cited_by if c != rid and c in feats)
        f.cites = len({ref.target for ref in r.refs if ref.target and ref.target != rid and ref.target in feats})
        f.quotes = tuple(f" {_plain(m.group(1))} " for m in _RULE_QUOTE.finditer(r.text or ""))


def _game_decay(out: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """An unscoped query: each game's later hits count a little less, so that every game with a
    good answer shows it near the top."""
    per_game: dict[str, int] = {}
    dec = []
    for key, sc in out:
        game = key.split("|", 1)[0]
        k = per_game.get(game, 0)
        per_game[game] = k + 1
        dec.append((key, sc * (GAME_DECAY ** k)))
    dec.sort(key=lambda x: -x[1])
    return dec


def _pull_linked(out: list[tuple[str, float]], matches: dict[str, Match]) -> list[tuple[str, float]]:
    """The best hit's ties (LINK_TYPES) among the candidates below the first LINK_AT places: up to
    LINK_MAX of them, best placed first, take the places from LINK_AT on (the answer's section, the
    sibling or the rule it cites, which graders count beside the answer and which the query's
    words alone leave lower); the others follow in their order. Every candidate already matched
    the query's words (the index found it)."""
    if len(out) <= LINK_AT:
        return out
    first = matches.get(out[0][0])
    if first is None or not first.f.links:
        return out
    ds = out[0][0].rpartition("|")[0]
    tied = {f"{ds}|{k}" for k, how in first.f.links if how in LINK_TYPES}
    pulled = [k for k, _ in out[LINK_AT:] if k in tied][:LINK_MAX]
    if not pulled:
        return out
    head = out[:LINK_AT]
    low = head[-1][1]
    took = set(pulled)
    rest = [x for x in out[LINK_AT:] if x[0] not in took]
    placed = [(k, low - (n + 1) * 1e-5) for n, k in enumerate(pulled)]
    floor = placed[-1][1]
    # (scores stay in order: the rest are capped just under the last placed)
    return head + placed + [(k, min(sc, floor - (n + 1) * 1e-6)) for n, (k, sc) in enumerate(rest)]


def _player_words(said: dict[str, str], feats: dict[str, Features]) -> None:
    """Set each rule's `pw`: the stems of its player words (player_words.py, as the index read them)
    that it and its headings do not say; and its `phrases`: each phrase (the entries separate them by
    commas) of two or more stems, as a set, for the `phrase` signal."""
    for rid, text in said.items():
        f = feats.get(rid)
        if f is not None:
            # each phrase stemmed once: the analyser stems word by word, so the entry's stems are the phrases' union
            each = [frozenset(ix.stems(x)) for x in text.split(",")]
            f.pw = frozenset().union(*each) - f.own - f.ctx - f.ptitle
            f.phrases = tuple(p for p in each if len(p) >= 2)
            f.phrase_words = frozenset().union(*f.phrases)


def _family_words(doc: Document, feats: dict[str, Features]) -> None:
    """Set each rule's `fam`: the stems its parent's text and its subrules' texts say that it, its
    heading, its ancestors' headings and its player words do not (a rule is read with them;
    signals._coverage). With PW_FAMILY the family's player words count too."""
    for rid, f in feats.items():
        r = doc.rules[rid]
        words: set[str] = set()
        if r.parent and r.parent in feats:
            words |= feats[r.parent].text
            if PW_FAMILY:
                words |= feats[r.parent].pw
        for c in r.children:
            kid = feats.get(c)
            if kid is not None:
                words |= kid.text
                if PW_FAMILY:
                    words |= kid.pw
        f.fam = frozenset(words) - f.own - f.ctx - f.ptitle - f.pw
        f.every = f.own | f.ptitle | f.ctx | f.fam | f.pw


def _open_retrying(store: IndexStore, lib: Library, path: Path) -> ix.IndexReader:
    """Open `path`; if a concurrent rebuild removed it meanwhile, open the new current one."""
    for _ in range(5):
        try:
            return ix.open_reader(path)
        except Exception:  # noqa: BLE001 - removed under us, or half gone: take the current one
            path, _ = store.ensure(lib)
    return ix.open_reader(path)


def _limit(limit: str | SupportsInt) -> int:
    try:
        n = int(limit)
    except (TypeError, ValueError) as e:
        raise BadQuery(f"limit must be a number, not {limit!r}") from e
    if n < 1:
        raise BadQuery("limit must be at least 1")
    return min(n, MAX_LIMIT)


def _clean_prefix(prefix: str) -> str:
    if not isinstance(prefix, str):
        return ""
    from judge_app.rules.notation import normalize_text

    return normalize_text(prefix[:64]).strip()


def _numbered(doc: Document, rid: str) -> bool:
    r = doc.get(rid)
    return r is not None and r.kind not in (Kind.EXAMPLE, Kind.NOTE)


def _descendants(doc: Document, rid: str, cap: int = 60) -> list[str]:
    """Subrules, level by level (children first, then grandchildren), in document order."""
    out: list[str] = []
    level = list(doc.rules[rid].children) if rid in doc.rules else []
    while level and len(out) < cap:
        nxt: list[str] = []
        for c in level:
            if _numbered(doc, c):
                out.append(c)
                nxt.extend(doc.rules[c].children)
        level = nxt
    return out[:cap]


_INTRO = re.compile(r"(?:as\s+follows|the\s+following|below|listed|in\s+this\s+order|in\s+order)\W*$|:\s*$|"
                    r"\b(?:steps\s+below|following\s+order|in\s+the\s+following)\b", re.I)
LIST_LOOK = 5  # how many of the best hits are looked at for the rule that introduces a list
LIST_MAX = 10  # items shown after it


def _list_members(doc: Document, rid: str) -> list[str]:
    """The items of the list a rule introduces: a heading's subrules; for a rule whose text ends by
    announcing a list ("as follows:", "the steps below"), its subrules, else the rules after it
    under the same parent, else the sections after its parent. Empty when it introduces none."""
    r = doc.get(rid)
    if r is None:
        return []
    kids = [c for c in r.children if _numbered(doc, c)]
    if r.kind.is_heading:
        return kids[:LIST_MAX] if len(kids) >= 2 else []
    if not _INTRO.search(r.text or ""):
        return []
    for level in (r, doc.get(r.parent) if r.parent else None):
        if level is None:
            break
        if level is r and kids:
            return kids[:LIST_MAX]
        parent = doc.get(level.parent) if level.parent else None
        sibs = [c for c in (parent.children if parent else ()) if _numbered(doc, c)]
        after = sibs[sibs.index(level.id) + 1:] if level.id in sibs else []
        if len(after) >= 2:
            return after[:LIST_MAX]
    return []


def _closest(sibs: list[str], rid: str) -> list[str]:
    from judge_app.rules.parsing import ids as idmod

    mine = idmod.parts(rid)
    return sorted(sibs, key=lambda s: abs(idmod.parts(s)[-1] - mine[-1]) if mine else 0)


def _interleave(items: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    by: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for it in items:
        by.setdefault(it[:2], []).append(it)
    lists = list(by.values())
    out = []
    for k in range(max((len(x) for x in lists), default=0)):
        for x in lists:
            if k < len(x):
                out.append(x[k])
    return out


def _short(text: str, n: int) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1].rsplit(" ", 1)[0] + "…"


_SNIPPET = 240
_UNNORMAL_SPACE = re.compile(r"\s\s|[^\S ]|^\s|\s$")
_WORDS = re.compile(r"\w+")


@lru_cache(maxsize=8192)
def _word_spans(text: str) -> dict[str | None, tuple[tuple[int, int], ...]]:
    """Match key -> (start, end) of each of its words in a rule's text: computed once per text,
    so that a query looks up its few words instead of scanning the text."""
    out: dict[str | None, list[tuple[int, int]]] = {}
    for m in _WORDS.finditer(text):
        out.setdefault(key_of(m.group(0).casefold()), []).append((m.start(), m.end()))
    return {k: tuple(v) for k, v in out.items()}


def make_snippet(text: str, highlight: Iterable[str], width: int = _SNIPPET) -> tuple[str, str]:
    """A window of `text` around the first highlighted word; plain and HTML (escaped, <mark>)."""
    text = text or ""
    if _UNNORMAL_SPACE.search(text):  # (rule texts come normalised: keep the same object, and its hash)
        text = " ".join(text.split())
    return _snippet(text, highlight, width)


def _snippet(text: str, highlight: Iterable[str], width: int = _SNIPPET) -> tuple[str, str]:
    """make_snippet of a text already normalised (the rule texts kept per rule)."""
    hl = highlight if isinstance(highlight, (set, frozenset)) else set(highlight)
    spans: list[tuple[int, int]] = []
    if hl:
        index = _word_spans(text)
        for k in hl:
            got = index.get(k)
            if got:
                spans.extend(got)
        spans.sort()
    start = 0
    if spans and len(text) > width and spans[0][0] > width // 3:
        start = text.rfind(" ", 0, spans[0][0] - width // 4) + 1
    end = min(len(text), start + width)
    if end < len(text):
        sp = text.rfind(" ", start, end)
        end = sp if sp > start else end
    pre = "… " if start > 0 else ""
    post = " …" if end < len(text) else ""
    plain = pre + text[start:end] + post
    window = text[start:end]
    marks = [(a - start, b - start) for a, b in spans if a >= start and b <= end]
    if not marks:
        return plain, html.escape(plain)
    if "\x00" in window or "\x01" in window:  # (never in rule texts) escape piece by piece
        parts, pos = [], 0
        for a, b in marks:
            parts += [html.escape(window[pos:a]), "<mark>", html.escape(window[a:b]), "</mark>"]
            pos = b
        parts.append(html.escape(window[pos:]))
        return plain, html.escape(pre) + "".join(parts) + html.escape(post)
    # one escape of the whole window, the marks placed first as control characters
    parts, pos = [], 0
    for a, b in marks:
        parts += [window[pos:a], "\x00", window[a:b], "\x01"]
        pos = b
    parts.append(window[pos:])
    marked = html.escape(pre + "".join(parts) + post)
    return plain, marked.replace("\x00", "<mark>").replace("\x01", "</mark>")
