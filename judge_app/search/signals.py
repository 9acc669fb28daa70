"""The reranker's signals: what makes one candidate rule a better answer to the query than another.

Each signal is a small function of one candidate (`Match`: the rule's features read against the
query) with its weight; a candidate's score is the weighted sum in table order. Adding a signal is
one entry in `SIGNALS` (and, when it needs a property of the rule, a field of `Features`, computed
once per document by the service). After scoring, the service applies the ranking adjustments that
compare candidates with each other (a share of the parent's score, headings after their best
subrule, the decay of each game's later hits): see `SearchService._rerank`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WEIGHTS_FILE = Path(__file__).with_name("weights.toml")


PARTS = ("signals", "question", "ranking")
LONG = 3  # a query of this many concepts or more, or with a question form, is ranked as a question


def load_weights(path: Path = WEIGHTS_FILE) -> dict[str, dict[str, float]]:
    """The signals' weights (for short queries, and for questions) and the ranking constants, as
    data (fitted on the tuning half: scripts/learn_search_weights.py)."""
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    data.setdefault("question", data["signals"])
    return {part: {k: float(v) for k, v in data[part].items()} for part in PARTS}


WEIGHTS = load_weights()
RANKING = WEIGHTS["ranking"]
BASE = RANKING["base"]  # the share of its BM25 score a candidate keeps however little of the query it covers
COV_EXP = RANKING["cov_exp"]
# the BM25 share is compressed: a rule that repeats the query's words does not bury the one that answers
BM25_EXP = RANKING.get("bm25_exp", 1.0)
# a concept said only in its parent's or its subrules' text counts this much of its coverage (its
# parent heading's title 0.75, its ancestors' headings 0.5). Swept on the tuning halves pooled
# (fifteenth round, with the semantic vectors reading the same words): 0 0.7796,
# 0.3 0.7830, 0.45 0.7851, 0.6 0.7872, 0.75 0.7852, 0.9 0.7828
FAMILY_SHARE = 0.6
# a concept said only in the rule's player words (player_words.py, the `words` index field; sixteenth
# round) counts this much of its coverage: as much as its own text. Swept on the twelve tuning halves
# pooled (files fully covered, field weight 1.0): 0.6 0.8148, 0.8 0.8123, 1.0 0.8173; held out set by set,
# 1.0 is chosen on every one of the twelve
PW_SHARE = 1.0
# ... and for a query with a word the speller corrected (a guessed word meeting guessed words): typo queries
# lost at 1.0 (0.833 -> 0.827); 0.4 0.8202, 0.6 0.8204, 1.0 0.8196 pooled, typo 0.833 / 0.836 / 0.827
PW_SHARE_CORRECTED = 0.6
FIRST_CHILD = 0.5  # the first rule under a heading the query names defines its subject: this much of `under`
# a heading named in passing (twenty-first round): in a question that does not ask what a term is, `under`
# counts UNDER_PASSING of itself, and the rest as far as the rule says the query's other concepts (those its
# heading's title does not say). The query asks about something happening to or with the thing the heading
# names: a rule under that heading that says none of the rest is not the answer. Swept on the sixteen tuning
# halves (with the diversification over 2 places): off 0.8298, 0 0.8307, 0.25 0.8317, 0.5 0.8310,
# 0.75 0.8307 pooled; leaving one set out, 0.25 is chosen for all sixteen (held out 0.8317)
UNDER_PASSING = 0.25
# which question form rewards which property of a rule (Features field)
INTENT_FEATURE = {"count": "numeric", "permission": "modal", "frequency": "frequent"}


@dataclass
class Features:
    """What the signals read of one rule (computed once per document, independent of the query)."""

    own: frozenset[str]  # stems of title, terms, text, examples
    ctx: frozenset[str]  # stems of ancestors' titles
    ptitle: frozenset[str]  # stems of the parent heading's title
    title: tuple[str, ...]
    terms: tuple[frozenset[str], ...]
    bigrams: frozenset[tuple[str, str]]  # consecutive stems of title, terms and text (for adjacency)
    first_child: bool  # the first numbered rule under its parent (where a section defines its subject)
    parent_title: tuple[str, ...]
    chapter: bool = False
    title_set: frozenset[str] = frozenset()
    heading: bool = False  # a chapter or section heading (no text of its own)
    numeric: bool = False  # its text states a number (answers "how many")
    modal: bool = False  # its text says what may, must or cannot be done (answers "can I")
    frequent: bool = False  # its text says how often ("once per turn", "only one"; answers "twice?")
    up: tuple[str, ...] = ()  # keys of the rules its number says it is under (up to 3 levels)
    text: frozenset[str] = frozenset()  # stems of its own text and examples (not its title)
    leaf: bool = True  # has no numbered subrules (a single statement, not an introduction to a list)
    row: int = -1  # its row in its document's semantic vectors (semantic.py; -1: none)
    # stems its parent's text and its subrules' texts say that neither it nor its headings do (the words
    # it is read with: "do so one card at a time" under "moving cards to the deck area"; fifteenth round)
    fam: frozenset[str] = frozenset()
    every: frozenset[str] = frozenset()  # own | ptitle | ctx | fam | pw (set once they are known; empty: not yet)
    # stems of the words players use about it (player_words.py) that it and its headings do not say
    pw: frozenset[str] = frozenset()
    # its player words' phrases of two or more stems, each as a set (seventeenth round: `phrase`)
    phrases: tuple[frozenset[str], ...] = ()
    phrase_words: frozenset[str] = frozenset()  # the union of its phrases (one test first: most candidates fail it)
    # the rules it is tied to in the tree, each with how (nineteenth round: service._pull_linked)
    links: tuple[tuple[str, str], ...] = ()
    cited: int = 0  # how many rules of its document cite it (a principle others refer to)
    cites: int = 0  # how many rules it cites
    quotes: tuple[str, ...] = ()  # the wordings its text quotes, plain words padded with spaces


Alts = list[tuple[frozenset[str], float]]  # one concept of the query: (its stems, weight) per way of saying it


@dataclass(frozen=True)
class QueryInGame:
    """The query as the documents of one game see it: the alternatives that apply in the game."""

    feats: dict[str, Features]
    alts: list[Alts]  # per concept
    weights: list[float]  # idf weight per concept
    total: float  # their sum (1.0 when 0)
    words: frozenset[str]  # every stem of every alternative
    # the alternatives best first, single words split out (tested with `in`, the hot path)
    fast: list[list[tuple[str | None, frozenset[str], float]]]
    pairs: list[tuple[str, str]] = field(default_factory=list)  # consecutive typed words (last, first)
    intents: list[str] = field(default_factory=list)  # Features fields the question form rewards
    sims: dict[int, float] | None = None  # the candidates' `sem` cosines by Features.row (None: no vectors)
    qvec: Any = None  # (the document's rule vectors, the query's vector): semantic.py, via the service
    pw_share: float = PW_SHARE  # what a concept said only in a rule's player words counts (Features.pw)
    # what a phrase of a rule's player words said by the query counts (`phrase`): as pw_share, and 0 for a
    # string of game terms as typed (query.term_string), which is not a player's phrasing
    phrase_share: float = PW_SHARE
    # a question that does not ask what a term is (no definition form, not a string of terms): a heading it
    # names may be named in passing (`under`)
    passing: bool = False


class Match:
    """One candidate rule read against the query: BM25 share and coverage, computed once."""

    __slots__ = ("f", "q", "bm25", "coverage", "body", "said", "told", "_under")

    def __init__(self, f: Features, q: QueryInGame, bm25: float):
        self.f, self.q, self.bm25 = f, q, bm25
        self.coverage, self.body, self.said, self.told = _coverage(f, q)
        self._under: float | None = None

    @property
    def under(self) -> float:
        """The share of the query its parent heading's title says (0 unless all of the title is asked)."""
        if self._under is None:
            f, q = self.f, self.q
            named = bool(f.parent_title) and f.ptitle <= q.words
            self._under = share(f.ptitle, q.alts, q.weights) / q.total if named else 0.0
        return self._under


def _coverage(f: Features, q: QueryInGame) -> tuple[float, float, int, int]:
    """(idf-weighted share of the query's concepts the rule says, ancestors' titles and the texts
    of its parent and subrules counting partly; the share said in the rule's own text, not its
    heading; the concepts it says itself, as a bit mask; and those it says itself or in its player
    words, which the coverage counts as fully: what `diversify` reads, eighteenth round)."""
    own, ptitle, ctx, body, fam, pw = f.own, f.ptitle, f.ctx, f.text, f.fam, f.pw
    every = f.every or (own | ptitle | ctx | fam | pw)
    cov = 0.0
    bcov = 0.0
    said = 0
    told = 0
    for i, (alts, w) in enumerate(zip(q.fast, q.weights, strict=False)):  # (same lengths: built together)
        best = 0.0
        for one, ws, aw in alts:
            if aw <= best or ((one not in every) if one else not ws <= every):
                continue  # (most concepts are said nowhere near most candidates: one test instead of four)
            if (one in own) if one else ws <= own:
                best = aw
                said |= 1 << i
                if (one in body) if one else ws <= body:
                    bcov += w * aw
                    break
            elif 0.75 * aw > best and ((one in ptitle) if one else ws <= ptitle):
                best = 0.75 * aw
            elif 0.5 * aw > best and ((one in ctx) if one else ws <= ctx):
                best = 0.5 * aw
            elif q.pw_share * aw > best and ((one in pw) if one else ws <= pw):  # (pw and fam: disjoint)
                best = q.pw_share * aw
                told |= 1 << i
            elif FAMILY_SHARE * aw > best and ((one in fam) if one else ws <= fam):
                best = FAMILY_SHARE * aw
        cov += w * best
    return cov / q.total, bcov / q.total, said, told | said


def share(stems: frozenset[str], calts: list[Alts], weights: list[float]) -> float:
    """Idf-weighted share of the query's concepts said by `stems` (unnormalised)."""
    got = 0.0
    for alts, w in zip(calts, weights, strict=True):
        best = 0.0
        for ws, aw in alts:
            if aw > best and ws <= stems:
                best = aw
        got += w * best
    return got


def bm25(m: Match) -> float:
    """The candidate's BM25 score (share of the best), kept in full only as far as it covers the query."""
    b = float(m.bm25)  # (a Python float: ** on a numpy scalar costs several times more)
    return float(b ** BM25_EXP) * (BASE + (1 - BASE) * float(m.coverage ** COV_EXP))


def define(m: Match) -> float:
    """Defines a term the query names (weighted by how much of the query the term is)."""
    q = m.q
    best = 0.0
    for tset in m.f.terms:
        # (the cheap test first: a term made of (nearly) only query words)
        if len(tset - q.words) <= max(0, len(tset) // 3) \
                and all(any(ws & tset for ws, _ in alts) for alts in q.alts if alts[0][0] <= tset) \
                and any(tset <= ws or ws <= tset for alts in q.alts for ws, _ in alts):
            covered = sum(w for alts, w in zip(q.alts, q.weights, strict=True) if any(ws <= tset for ws, _ in alts))
            best = max(best, covered / q.total)
    if m.f.first_child:
        best = max(best, FIRST_CHILD * m.under)
    return best


def heading(m: Match) -> float:
    """A heading the query names (a whole chapter is rarely the answer: half)."""
    f, q = m.f, m.q
    if not (f.title and f.title_set <= q.words):
        return 0.0
    h = share(f.title_set, q.alts, q.weights) / q.total
    return h * 0.5 if f.chapter else h


def adjacency(m: Match) -> float:
    """Words typed together found together (side by side: 1, in reverse order: 0.5), per pair."""
    pairs_wanted = m.q.pairs
    if not pairs_wanted:
        return 0.0
    seen = m.f.bigrams
    pairs = 0.0
    for pair in pairs_wanted:
        if pair in seen:
            pairs += 1.0
        elif (pair[1], pair[0]) in seen:
            pairs += 0.5
    return pairs / len(pairs_wanted)


def under(m: Match) -> float:
    """Stands under a heading the query names; in a question naming it in passing (`QueryInGame.passing`),
    as far as the rule also says the query's other concepts (UNDER_PASSING)."""
    u = m.under
    q = m.q
    if not u or not q.passing:
        return u
    ptitle = m.f.ptitle
    other = 0.0
    got = 0.0
    told = m.told
    for i, (alts, w) in enumerate(zip(q.alts, q.weights, strict=True)):
        if not any(ws <= ptitle for ws, _ in alts):  # a concept the heading's title does not say
            other += w
            if told >> i & 1:
                got += w
    return u * (UNDER_PASSING + (1 - UNDER_PASSING) * got / other) if other > 0 else u


def intent(m: Match) -> float:
    """Has what the question form asks for (a number for `count`, may/cannot for `permission`)."""
    return float(sum(1 for name in m.q.intents if getattr(m.f, name))) if m.q.intents else 0.0


def own_text(m: Match) -> float:
    """The share of the query said in the rule's own text (a rule matched only through its title
    chain gets none of it)."""
    return float(m.body ** COV_EXP)


def title(m: Match) -> float:
    """The share of the query its own heading says (a heading need not be all query words)."""
    f = m.f
    if not f.title_set:
        return 0.0
    return share(f.title_set, m.q.alts, m.q.weights) / m.q.total


def is_heading(m: Match) -> float:
    """A chapter or section heading, which has no text of its own."""
    return 1.0 if m.f.heading else 0.0


def leaf(m: Match) -> float:
    """A rule with no subrules: it states one thing rather than introducing a list."""
    return 1.0 if m.f.leaf else 0.0


def depth(m: Match) -> float:
    """How deep its number is (a chapter 0, a section 1/3, ..., three levels or more 1)."""
    return len(m.f.up) / 3


def phrase(m: Match) -> float:
    """How much of one of its player words' phrases the query says: the best phrase's share of its
    words, when two or more of them are said ("does it still go off" against "still goes off"), at the
    query's `phrase_share`. A player asking the way an entry puts it, words side by side or not; the
    coverage reads the same words one by one, wherever in the entry (seventeenth round)."""
    share = m.q.phrase_share
    if not share:
        return 0.0
    words = m.q.words
    if len(m.f.phrase_words & words) < 2:
        return 0.0
    best = 0.0
    for p in m.f.phrases:
        n = len(p & words)
        if n >= 2 and n > best * len(p):
            best = n / len(p)
    return best * share


def semantic(m: Match) -> float:
    """How close the rule's words are in meaning to the query's (cosine of their vectors learned
    from the documents: semantic.py); 0 when either has no vector."""
    sims = m.q.sims
    return sims.get(m.f.row, 0.0) if sims is not None else 0.0


def _raised(item: tuple[str, float], said: dict[str, tuple[int, QueryInGame]], done: int, strength: float) -> float:
    """The candidate's score raised by the share of the query it says that `done` does not."""
    mask, q = said[item[0]]
    new = mask & ~done
    if not new:
        return item[1]
    got = sum(w for i, w in enumerate(q.weights) if new >> i & 1)
    return item[1] * (1.0 + strength * got / q.total)


def diversify(ranked: list[tuple[str, float]], said: dict[str, tuple[int, QueryInGame]], strength: float,
              depth: int) -> list[tuple[str, float]]:
    """A question saying several things, answered by several rules (each saying part of it): the
    first `depth` places go, one by one, to the candidate whose score, raised by `strength` times
    the share of the query it says that the places before it did not, is highest. The rest keep
    their order."""
    pool = ranked[: depth * 3]
    out: list[tuple[str, float]] = []
    done = 0
    while pool and len(out) < depth:
        seen = done
        pick = max(pool, key=lambda item: _raised(item, said, seen, strength))  # noqa: B023 (used at once)
        pool.remove(pick)
        out.append(pick)
        done |= said[pick[0]][0]
    top = out[0][1] if out else 0.0
    placed = {k for k, _ in out}
    rest = [x for x in ranked if x[0] not in placed]
    floor = max((sc for _, sc in rest[:1]), default=0.0)
    out = [(k, max(top, floor) + (len(out) - n) * 1e-4) for n, (k, _) in enumerate(out)]
    return out + rest


@dataclass(frozen=True)
class Signal:
    name: str
    weight: float
    value: Callable[[Match], float]
    gated: bool = False  # counts only as far as the rule covers the query (weight x value x coverage)


# (name, value, gated); the weights come from weights.toml
_TABLE: tuple[tuple[str, Callable[[Match], float], bool], ...] = (
    ("bm25", bm25, False),
    ("define", define, False),
    ("heading", heading, False),
    ("adj", adjacency, True),
    ("under", under, False),
    ("intent", intent, True),
    ("body", own_text, False),
    ("title", title, False),
    ("is_heading", is_heading, False),
    ("leaf", leaf, False),
    ("depth", depth, False),
    ("sem", semantic, False),
    ("phrase", phrase, False),
)


def make_signals(weights: dict[str, float]) -> tuple[Signal, ...]:
    """The signals table with these weights (a signal of weight 0 is left out: it costs nothing)."""
    return tuple(Signal(name, weights.get(name, 0.0), fn, gated) for name, fn, gated in _TABLE if weights.get(name, 0.0) != 0.0)


SIGNALS: tuple[Signal, ...] = make_signals(WEIGHTS["signals"])  # keywords, names, typos: short queries
QUESTION_SIGNALS: tuple[Signal, ...] = make_signals(WEIGHTS["question"])  # questions and longer queries


def is_question(concepts: int, intents: tuple[str, ...] | list[str]) -> bool:
    """A question form, or a query saying several things: ranked with the question weights."""
    return bool(intents) or concepts >= LONG


def table_for(concepts: int, intents: tuple[str, ...] | list[str]) -> tuple[Signal, ...]:
    return QUESTION_SIGNALS if is_question(concepts, intents) else SIGNALS


def score(m: Match, debug: dict[str, float] | None = None, table: tuple[Signal, ...] | None = None) -> float:
    """The weighted sum of the signals (`table`, default SIGNALS), in table order; `debug` gets
    each signal's value."""
    if debug is None:  # (the hot path: the same sum, in the same order, without the bookkeeping)
        total = 0.0
        cov = m.coverage
        for s in SIGNALS if table is None else table:
            t = s.weight * s.value(m)
            if s.gated:
                t *= cov
            total += t
        return total
    total = 0.0
    for s in SIGNALS if table is None else table:
        v = s.value(m)
        t = s.weight * v
        if s.gated:
            t *= m.coverage
        total += t
        if debug is not None:
            debug[s.name] = round(v, 3)
    if debug is not None:
        debug["cov"] = round(m.coverage, 3)
        debug["score"] = round(total, 3)
    return total
