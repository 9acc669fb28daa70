"""From what a judge typed to bounded concepts: normalisation, limits, typos, synonyms.

Everything user text goes through is here, and it is bounded before any work is done:
at most `MAX_QUERY_CHARS` characters are read, words are ``[a-z0-9]+`` only (so no wildcard,
fuzzy, range, field or grouping syntax survives), at most `MAX_TERMS` searchable words (stop and question
words not counted; twice that in all), each at most
`MAX_TERM_LEN` characters. Typo correction is done here, by edit distance over the corpus's
own unstemmed vocabulary (distance <= 1 for words of up to 5 letters, <= 2 otherwise; the first
letter is never changed but for "f"/"ph", and for a slip to a neighbouring key when nothing else is near;
a word that sounds the same goes first). A common English
word (`english_words.txt`) is never "corrected": "matter", "fire", "roll" are what the player meant
even where the rules do not use them.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from judge_app.rules.notation import normalize_text
from judge_app.search.index import Alt, Concept, stem

MAX_QUERY_CHARS = 1000
MAX_TERMS = 24
MAX_TERM_LEN = 40
MAX_TYPO_FIX = 6  # words per query that get typo correction

SYNONYMS_PATH = Path(__file__).with_name("synonyms.toml")
ENGLISH_PATH = Path(__file__).with_name("english_words.txt")


@cache
def english_words() -> frozenset[str]:
    """Common English words (lowercase, 3+ letters): real words, not typos."""
    lines = ENGLISH_PATH.read_text(encoding="utf-8").splitlines()
    return frozenset(w for w in lines if w and not w.startswith("#"))

# Words of questions that say nothing about the rules. (whoosh's stop list is applied too.)
QUESTION_WORDS = frozenset("""
what whats which who whom whose how why where does do did doing done happens happen happened
happening i im ive my me mine our we is are was were am been being there their they them it its
get gets got work works working explain explained mean means meaning rules rule about should
would could shall during anything something someone thing things hey please tell know want many
much difference between versus vs whats whens hows wheres possible supposed need needs
say says said tell tells told give gives gave stuff guy guys ok okay just really actually anyway
""".split())

# Filler phrases of spoken questions, dropped before the words are read ("two spirits end up in one
# zone", "how does that work", "at what point"): their words are in rules, but not what is asked.
_FILLER = re.compile(r"\b(?:(?:end|ends|ended|ending)\s+up|how\s+does\s+(?:that|this|it)\s+work|what\s+now|"
                     r"at\s+what\s+point|does\s+anything\s+happen|in\s+the\s+middle\s+of|"
                     # how much and how to find out, as speech says it ("a bunch of effects", "figure out its BP")
                     r"(?:figure|figured|figuring|work|working)\s+out|(?:a\s+)?(?:bunch|lot|lots)\s+of|"
                     # a tag question asking to confirm ("..., right?", "is that ok")
                     r",\s*right(?=\s*\?)|is\s+that\s+(?:right|correct|ok|okay)|"
                     # question forms whose words a rule would not say (the form itself is an intent)
                     r"how\s+many\s+times|how\s+often)\b")
# Other card games named in passing ("like mtg mana", "one piece DON!! vs cores"): whose jargon the player
# borrows, not what to look for; no rule of these games names them ("one piece" is not "1"; twenty-third round).
# Their jargon stays (the vocabulary reads it); "magic" alone is a card type here, so only the full name goes
_OTHER_GAMES = re.compile(r"\b(?:mtg|magic\s+the\s+gathering|pok[eé]mon(?:\s+tcg)?|ptcg|yu-?gi-?oh|ygo|one\s+piece|"
                          r"hearthstone|lorcana|flesh\s+and\s+blood|digimon|duel\s+masters|cardfight\s+vanguard)\b")


def never_read(phrase: str) -> bool:
    """Whether `phrase` is dropped before the vocabulary reads a query (another game's name, filler):
    a vocabulary entry from it could never expand."""
    return bool(_OTHER_GAMES.search(phrase) or _FILLER.search(phrase))

# Question forms: recognised, reported, and used by the ranker (service.py) -- then dropped as words.
INTENTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("definition", re.compile(r"\b(?:what\s+(?:is|are|does)\b(?=.*\bmean)|what\s+is\s+an?\b|whats\s+an?\b|define|"
                              r"definition\s+of|meaning\s+of|what\s+counts\s+as)\b")),
    ("count", re.compile(r"\b(?:how\s+many|how\s+much|max|maximum|minimum|limit|number\s+of)\b")),
    ("permission", re.compile(r"\b(?:can\s+(?:i|you|we|my|a|an|the)|may\s+(?:i|you)|am\s+i\s+allowed|allowed\s+to|"
                              r"is\s+it\s+legal|cannot)\b")),
    # how often something may happen ("invade twice", "attack more than once")
    ("frequency", re.compile(r"\b(?:twice|more\s+than\s+once|how\s+many\s+times|how\s+often|second\s+time)\b")),
    ("consequence", re.compile(r"\b(?:what\s+happens|what\s+if|happens\s+(?:if|when))\b")),
    ("timing", re.compile(r"^\s*when\b|\b(?:at\s+what\s+point|which\s+(?:step|phase)|what\s+(?:step|phase))\b")),
    ("comparison", re.compile(r"\b(?:difference\s+between|vs|versus)\b")),
    # asks for a list or a sequence: the rule that introduces it and its items answer together
    ("list", re.compile(r"\b(?:list\s+of|all\s+the|every\s+\w+\s+(?:of|in)|steps?\s+(?:of|to|for|in)|step\s+by\s+step|"
                        r"in\s+order(?!\s+to)|order\s+of|in\s+each)\b")),
)

# Contractions and possessives, so that no stray one-letter word is left ("don't" -> "t").
_CONTRACTIONS = (
    (re.compile(r"\b(can)['’]?t\b|\bcant\b"), "cannot"),
    (re.compile(r"\bwon['’]t\b"), "will not"),
    (re.compile(r"\b(\w+)n['’]t\b"), r"\1 not"),
    (re.compile(r"\b(\w+)['’](?:s|re|ve|ll|d|m)\b"), r"\1"),
    (re.compile(r"\b(\w+s)['’](?=\s|$)"), r"\1"),
    (re.compile(r"['’]"), " "),
)


# Chat spellings of small words (fifteenth round: "wat" was read as a typo for "way"): the word meant.
_CHAT = {"wat": "what", "wut": "what", "wht": "what", "u": "you", "ur": "your", "b4": "before", "cuz": "because",
         "coz": "because", "thru": "through", "pls": "please", "plz": "please", "dont": "do not", "doesnt": "does not",
         "didnt": "did not", "isnt": "is not", "arent": "are not", "wasnt": "was not", "werent": "were not",
         "hasnt": "has not", "havent": "have not", "shouldnt": "should not", "wouldnt": "would not",
         "couldnt": "could not"}
_CHAT_WORD = re.compile(r"(?<![\w'’-])(" + "|".join(sorted(_CHAT, key=len, reverse=True)) + r")(?![\w'’-])", re.I)


def expand_chat(text: str) -> str:
    """Chat spellings of small words as the words ("wat happens if u" -> "what happens if you")."""
    return _CHAT_WORD.sub(lambda m: _CHAT[m.group(1).casefold()], text)


def expand_contractions(text: str) -> str:
    """"don't" -> "do not", "can't"/"cant" -> "cannot", "spirit's" -> "spirit", "players'" -> "players"."""
    t = text.casefold()
    if "'" not in t and "’" not in t and "cant" not in t:  # (every pattern needs one of these)
        return t
    for pat, rep in _CONTRACTIONS:
        t = pat.sub(rep, t)
    return t


# a wording quoted in a query (card text, a rule's words): "cannot", "number of" or "up to" inside it are
# the card's words, not the question's form
QUOTED = re.compile(r"(?:^|(?<=[\s(]))['\"“‘]([^'\"“”‘’]{3,100}?)['\"”’](?=$|[\s,.?!:;)])")


def intents_of(text: str) -> tuple[str, ...]:
    """The question forms of a query, read from the player's words: a quoted wording is left out
    (its "cannot" is the card's), unless nothing else is left (a quoted wording alone)."""
    t = text.casefold()
    rest = QUOTED.sub(" ", t)
    if rest != t and re.search(r"[a-z]", rest):
        t = rest
    return tuple(name for name, pat in INTENTS if pat.search(t))


# --- derivations -------------------------------------------------------------------------------
# Word families the stemmer does not join: suffix rules (word -> related word), then a few
# irregular pairs. A relative is used only when its stem occurs in the corpus.
_DERIVE_RULES = (
    ("uction", "uce"), ("ution", "olve"), ("asion", "ade"), ("ision", "ide"), ("ission", "it"),
    ("ment", ""), ("ments", ""), ("er", ""), ("ers", ""), ("ance", ""), ("ence", ""), ("ation", "e"),
    ("ive", "e"), ("al", ""),
)
_IRREGULAR = (
    ("destruction", "destroy"), ("destructive", "destroy"), ("destroyed", "destruction"), ("destroy", "destruction"),
    ("victory", "win"), ("win", "victory"), ("wins", "victory"), ("won", "win"), ("loss", "lose"), ("lose", "loss"),
    ("losing", "loss"), ("lost", "lose"), ("death", "die"), ("choice", "choose"), ("chose", "choose"),
    ("choose", "choice"), ("drew", "draw"), ("paid", "pay"), ("pay", "payment"), ("reveal", "revealed"),
    ("resolve", "resolution"), ("evolve", "evolution"), ("invade", "invasion"), ("reduce", "reduction"),
    ("decide", "decision"), ("block", "blocker"), ("place", "placement"), ("move", "movement"),
)


@lru_cache(maxsize=65536)
def relatives(word: str) -> tuple[str, ...]:
    """Words derived from or to `word` by the rules above (not checked against any corpus; a pure
    function of the word, kept like the stems)."""
    out = [b for a, b in _IRREGULAR if a == word]
    for suf, rep in _DERIVE_RULES:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            out.append(word[: len(word) - len(suf)] + rep)
    return tuple(w for w in dict.fromkeys(out) if w != word)

_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Lower-case words of a normalised text, unbounded (internal use)."""
    return _WORD.findall(text.casefold())


def key_of(word: str) -> str | None:
    """Match key of a word: its stem; None for a stop word."""
    return stem(word)


def phrase_key(text: str) -> tuple[str, ...]:
    return tuple(k for k in (key_of(w) for w in words(normalize_text(text))) if k)


# --- synonyms ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Expansion:
    name: str
    to: tuple[tuple[str, ...], ...]  # stem tuples
    labels: tuple[str, ...]  # as written in the table
    weight: float
    original_weight: float = 1.0
    games: frozenset[str] | None = None  # written for these games only (a game's own file); None: any
    # per target, once resolved against the documents (vocabulary.py): the games where it applies;
    # empty tuple: not resolved, applies everywhere
    valid: tuple[frozenset[str], ...] = ()
    # a shared phrase of stop words and then its one content word ("in play", "can not be destroyed"): the
    # stop words, which must be typed just before that word; () for any other phrase
    lead: tuple[str, ...] = ()

    def games_of(self, i: int) -> frozenset[str] | None:
        return self.valid[i] if self.valid else self.games


@dataclass
class SynonymTable:
    by_key: dict[tuple[str, ...], list[Expansion]] = field(default_factory=dict)
    vocabulary: frozenset[str] = frozenset()  # words that appear in the table (never "typos")
    max_len: int = 1
    own: dict[str, frozenset[tuple[str, ...]]] = field(default_factory=dict)  # game -> words declared its own
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)  # game -> what players call it ("weiss")
    # phrases of the data that are some games' own terms (-> those games): read there as the game's
    # words, never as a shorter phrase inside them ("waiting room" in Weiss Schwarz is not "waiting")
    own_phrases: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict)
    # games' own terms that open with a question word ("During Attack", "rule actions" -> those games): there
    # the question word is the term's first word, searched
    asking_terms: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict)
    _prefixes: tuple[int, frozenset[tuple[str, ...]]] = (-1, frozenset())

    def prefixes(self) -> frozenset[tuple[str, ...]]:
        """Every beginning of a phrase of the table (a phrase read further can no longer match
        once it is none of them). Kept until the table grows."""
        n, got = self._prefixes
        if n != len(self.by_key):
            got = frozenset(k[:j] for k in self.by_key for j in range(1, len(k) + 1))
            self._prefixes = (len(self.by_key), got)
        return got

    @classmethod
    def load(cls, path: Path = SYNONYMS_PATH, extra: tuple[Path, ...] = ()) -> SynonymTable:
        """The shared table at `path`, plus per-game files (`game = "..."`, `own`, `[[map]]`)."""
        table = cls()
        vocab: set[str] = set()
        for p in (path, *extra):
            data = tomllib.loads(Path(p).read_text(encoding="utf-8"))
            game = data.get("game")
            games = frozenset([game]) if game else None
            if game:
                table.own[game] = frozenset(k for k in (phrase_key(o) for o in data.get("own", [])) if k)
                table.names[game] = tuple(" ".join(words(n)) for n in data.get("names", []) if words(n))
            for g in data.get("group", []):
                terms = list(g["terms"])
                w = float(g.get("weight", 0.8))
                ow = float(g.get("original_weight", 1.0))
                for t in terms:
                    table._add(t, [x for x in terms if x != t], w, g.get("name", terms[0]), ow, games)
                vocab.update(w for t in terms for w in words(t))
            for m in data.get("oneway", []) + data.get("map", []):
                w = float(m.get("weight", 0.8))
                ow = float(m.get("original_weight", 1.0))
                for t in m["from"]:
                    table._add(t, list(m["to"]), w, m.get("name", m["from"][0]), ow, games)
                vocab.update(w for t in m["from"] for w in words(t))
        table.vocabulary = frozenset(vocab)
        return table

    def _add(self, phrase: str, targets: list[str], weight: float, name: str, original_weight: float = 1.0,
             games: frozenset[str] | None = None) -> None:
        k = phrase_key(phrase)
        if not k:
            return
        to, labels = [], []
        for t in targets:
            tk = phrase_key(t)
            if tk and tk != k and tk not in to:
                to.append(tk)
                labels.append(t)
        if not to:
            return
        # In the shared everyday data, stop words before the one content word make the phrase ("in play", "on
        # board", "can not be destroyed" are not "play", "board", "destroyed": the bare word would expand in every
        # query); a particle after a verb does not ("counts as" is "counts"). A game's own file maps another
        # game's term where the bare word names that game's thing too ("play" in Weiss Schwarz is onto the stage).
        said = words(normalize_text(phrase))
        n = next((n for n, w in enumerate(said) if key_of(w) is not None), 0)
        lead = tuple(said[:n]) if len(k) == 1 and games is None else ()
        self.by_key.setdefault(k, []).append(Expansion(name, tuple(to), tuple(labels), weight, original_weight, games,
                                                       lead=lead))
        self.max_len = max(self.max_len, len(k))


VOCABULARY_DIR = Path(__file__).with_name("vocabulary")


@cache
def default_synonyms() -> SynonymTable:
    """The shared table and every game's vocabulary file, not yet resolved against the documents."""
    return SynonymTable.load(SYNONYMS_PATH, tuple(sorted(VOCABULARY_DIR.glob("*.toml"))))


# --- typos -------------------------------------------------------------------------------------

def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """Optimal-string-alignment (Damerau) distance, giving up above `limit` (returns limit+1)."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[len(b)]


class Speller:
    """Typo correction over the corpus's own unstemmed vocabulary (with document frequencies)."""

    def __init__(self, lexicon: dict[str, int], stems: frozenset[str] = frozenset(),
                 english: frozenset[str] | None = None):
        self.lexicon = lexicon
        self.stems = stems  # stemmed words of the corpus: a word whose stem is there is no typo
        self.english = english_words() if english is None else english  # real words: never corrected
        # candidates bucketed by first letter and length, with their letters for a cheap bound
        # (and how they sound, see `_sound`)
        self._by_first: dict[tuple[str, int], list[tuple[str, int, frozenset[str], str]]] = {}
        for w, df in lexicon.items():
            if w.isalpha() and len(w) >= 2:
                self._by_first.setdefault((w[0], len(w)), []).append((w, df, frozenset(w), _sound(w)))

    def real(self, word: str) -> bool:
        """A common English word, or a regular inflection of one ("resets", "modes", "boosts", "binned",
        "linker"): a word the player meant, searched as typed, never "corrected" to a rules word."""
        return word in self.english or _english_inflection(word, self.english)

    def known(self, word: str) -> bool:
        if word in self.lexicon:
            return True
        k = key_of(word)
        return bool(k and k in self.stems)

    def american(self, word: str) -> str | None:
        """The corpus's American spelling of a British one ("armour" -> "armor", "honours"), if it has it."""
        for br, am in _BRITISH:
            if br in word:
                w = word.replace(br, am, 1)
                if w != word and w in self.lexicon:
                    return w
        return None

    def _first_slip(self, word: str) -> list[tuple[str, int]]:
        """A word nothing with its first letter is near: its first letter a slip to a neighbouring key, or its first
        two letters swapped, the rest as typed ("vlock" -> block, "lbock" -> block; a phone keyboard). Only a
        word of four letters or more, and the most frequent first."""
        if len(word) < 4 or not word.isalpha():
            return []
        tries = [c + word[1:] for c in _NEAR.get(word[0], ())] + [word[1] + word[0] + word[2:]]
        got = sorted((-self.lexicon[w], w) for w in set(tries) if w != word and w in self.lexicon)
        return [(w, 1) for _, w in got]

    def split(self, word: str) -> tuple[str, str] | None:
        """A word the corpus writes as two ("facedown" -> "face down"), both parts of 3+ letters."""
        for cut in range(3, len(word) - 2):
            a, b = word[:cut], word[cut:]
            if a in self.lexicon and b in self.lexicon and a.isalpha() and b.isalpha():
                return a, b
        return None

    def candidates(self, word: str, max_n: int = 3) -> list[tuple[str, int]]:
        """[(correction, distance)], best first; empty when nothing is close enough. A word of 4-5
        letters with a correction one edit away may instead become one two edits away that sounds the same
        where none of the near ones does ("gail": "gale", whose vowels alone differ, before "gain"), and a
        typed "f" may be the documents' "ph" ("fase" -> "phase")."""
        limit = 1 if len(word) <= 5 else 2
        sound = _sound(word)
        reach = limit + 1 if limit == 1 and len(word) >= 4 else limit  # (the sound decides beyond limit)
        found = []
        for typed, extra in _spellings(word):
            letters = frozenset(typed)
            for n in range(len(typed) - reach + extra, len(typed) + reach - extra + 1):
                for w, df, wl, ws in self._by_first.get((typed[0], n), ()):
                    # (a word further away only when it sounds the same and is as long: vowels mixed up, "gail" for
                    # "gale"; a letter dropped and another changed is no sound-alike, "redaw" is not "red")
                    same = ws == sound
                    r = (reach if same and n == len(typed) else limit) - extra  # edits left for this candidate
                    # each edit adds or removes at most one letter on each side
                    if abs(n - len(typed)) > r or len(letters - wl) > r or len(wl - letters) > r:
                        continue
                    d = edit_distance(typed, w, r)
                    if d <= r:
                        found.append((min(d + extra, limit), not same, d + extra, -df, w))
        # a word one edit further only chooses among corrections: it never makes a word a typo that nothing
        # near makes one ("miku" is a name, not "make"), and is not needed when a near one sounds the same
        if not any(d <= limit for _, _, d, _, _ in found) or any(not other and d <= limit
                                                                  for _, other, d, _, _ in found):
            found = [f for f in found if f[2] <= limit]
        if not found:
            return self._first_slip(word)[:max_n]
        best = min(f[0] for f in found)
        # same distance: a word that sounds the same first ("tipes" -> "types", not "times"), then the
        # fewer edits, then a slip to a neighbouring key ("climaz" -> "climax"), then corpus frequency
        top = sorted((other, d, _slips(word, w), ndf, w) for e, other, d, ndf, w in found if e == best)
        out = [(w, best) for *_, w in top]
        return list(dict.fromkeys(out))[:max_n]


_VOWELS = frozenset("aeiou")


def _short_last_syllable(base: str) -> bool:
    """A base ending consonant-vowel-consonant (not w, x, y), whose last letter English doubles before -ed/-ing/-er
    ("bin" -> "binned")."""
    return (len(base) >= 3 and base[-1] not in _VOWELS and base[-1] not in "wxy" and base[-2] in _VOWELS
            and base[-3] not in _VOWELS)


@lru_cache(maxsize=65536)
def _bases(word: str) -> tuple[str, ...]:
    """The words `word` is a regular inflection of by English spelling: plural / third person ("-s"; "-es"
    only after s, x, z, ch, sh), past ("-ed", "-d" after e), "-ing", "-er"; with a dropped "e" put back and a
    doubled last consonant undoubled where English doubles it ("binned" -> bin; "numbber", "lowwer" and
    "activateed" are typos, not inflections)."""
    out: list[str] = []
    if word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        out.append(word[:-2])
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        out.append(word[:-1])
    for suf in ("ed", "ing", "er"):
        base = word[: -len(suf)] if word.endswith(suf) else ""
        if len(base) < 2 or (base.endswith("e") and not base.endswith("ee")):
            continue  # (a base in -e drops it: "activated", not "activateed")
        out.append(base)  # linked -> link, missed -> miss
        if base[-1] not in _VOWELS:
            out.append(base + "e")  # moved -> move
        if base[-1] == base[-2] and _short_last_syllable(base[:-1]):
            out.append(base[:-1])  # binned -> bin
    if word.endswith("ed"):
        out.append(word[:-1])  # agreed -> agree
    return tuple(b for b in dict.fromkeys(out) if len(b) >= 3)


def _english_inflection(word: str, english: frozenset[str]) -> bool:
    """`word` inflects a common English word that is no stop word (a stop word's forms are no words: "thes")."""
    return any(b in english and key_of(b) is not None for b in _bases(word))


def _spellings(word: str) -> tuple[tuple[str, int], ...]:
    """The word as typed (no extra edit), and with a first "f" spelt "ph" or a first "ph" spelt "f" (one
    edit: the first letter is otherwise never changed)."""
    if word.startswith("ph"):
        return (word, 0), ("f" + word[2:], 1)
    if word.startswith("f"):
        return (word, 0), ("ph" + word[1:], 1)
    return ((word, 0),)


_SOUND_PAIRS = (("ph", "f"), ("ck", "k"), ("c", "k"), ("q", "k"), ("z", "s"))
_UNSOUNDED = re.compile(r"[aeiouyhw]+")  # vowels, and h and w after a letter
_RUNS = re.compile(r"(.)\1+")


@lru_cache(maxsize=65536)
def _sound(word: str) -> str:
    """How a word sounds, roughly: its first letter and the run of its other consonants ("gail" and
    "gale" -> "gl", "types" and "tipes" -> "tps"; "ph" is "f", "c"/"ck"/"q" are "k"), doubles once."""
    for a, b in _SOUND_PAIRS:
        word = word.replace(a, b)
    return _RUNS.sub(r"\1", word[:1] + _UNSOUNDED.sub("", word[1:]))


_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEAR = {c: {r2[j] for r2 in _ROWS[max(0, i - 1): i + 2] for j in range(max(0, k - 1), k + 2) if j < len(r2)} - {c}
         for i, r in enumerate(_ROWS) for k, c in enumerate(r)}


def _slips(typed: str, word: str) -> int:
    """How many of the letters that differ (same length only) are not a neighbouring key's: a
    QWERTY slip is the likelier typo."""
    if len(typed) != len(word):
        return 1
    return sum(1 for a, b in zip(typed, word, strict=True) if a != b and b not in _NEAR.get(a, ()))


# British spellings and the American ones the documents use (first that gives a corpus word wins)
_BRITISH = (("our", "or"), ("ise", "ize"), ("yse", "yze"), ("tre", "ter"), ("ence", "ense"), ("ll", "l"))


# --- analysis ------------------------------------------------------------------------------------

@dataclass
class Analysis:
    """A query taken apart: what is searched for and how it was understood."""

    text: str  # normalised, bounded
    truncated: bool
    tokens: list[str]  # words as typed (bounded)
    corrected: list[str]  # words after typo correction
    corrections: dict[str, str]  # typed -> corrected
    concepts: list[Concept]
    labels: list[str]  # human-readable: one per concept
    highlight: set[str]  # stems to highlight
    did_you_mean: str | None
    intents: tuple[str, ...] = ()  # question forms recognised: definition, count, permission, ...

    @property
    def interpreted_as(self) -> str:
        if not self.labels:
            return "nothing to search for"
        q = f" (question: {', '.join(self.intents)})" if self.intents else ""
        return "words: " + "; ".join(self.labels) + q


def bound(text: str) -> tuple[str, bool]:
    """Normalise and cut to the limits; returns (text, truncated)."""
    raw = text[: MAX_QUERY_CHARS * 4]
    t = normalize_text(raw)
    truncated = len(raw) < len(text)
    if len(t) > MAX_QUERY_CHARS:
        cut = t[:MAX_QUERY_CHARS]
        sp = cut.rfind(" ")
        t = cut[:sp] if sp > MAX_QUERY_CHARS // 2 else cut
        truncated = True
    return t, truncated


def _usable(e: Expansion, i: int, scope: frozenset[str] | None) -> frozenset[str] | None | Literal[False]:
    """Where target `i` of `e` applies within `scope`: None (everywhere), a set of games, or False."""
    g = e.games_of(i)
    if g is None:
        return None
    if scope is None:
        return g or False
    inter = g & scope
    if not inter:
        return False
    return None if inter == scope else inter


def _compounds(toks: list[str], speller: Speller | None) -> tuple[dict[int, str], dict[int, tuple[str, str]]]:
    """Compounds written apart or together ("face down" / "facedown"): the corpus's form too
    (-> word index -> the two words joined, word index -> the word split)."""
    joined: dict[int, str] = {}
    split: dict[int, tuple[str, str]] = {}
    if speller is None:
        return joined, split
    for i in range(len(toks) - 1):
        ab = toks[i] + toks[i + 1]
        if toks[i].isalpha() and toks[i + 1].isalpha() and len(ab) >= 6 and ab in speller.lexicon:
            joined[i] = ab
    for i, w in enumerate(toks):
        if w.isalpha() and len(w) >= 6 and not speller.known(w):
            parts = speller.split(w)
            if parts:
                split[i] = parts
    return joined, split


# short words typed without the space before or after them ("endof turn", "ontop", "upto")
_GLUE = ("of", "to", "on", "in", "at", "up", "the", "a")


def _unglued(toks: list[str], speller: Speller, vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """A word that is no word but a corpus word and a short one typed together, as the two (a
    word of the synonym data is another game's term: "upkeep" is not "up keep")."""
    out: list[str] = []
    for w in toks:
        if (len(w) >= 4 and w.isalpha() and not speller.known(w) and w not in speller.english
                and w not in vocabulary):
            out.extend(_unglue(w, speller.lexicon))
        else:
            out.append(w)
    return out


def _unglue(w: str, lexicon: dict[str, int]) -> tuple[str, ...]:
    for g in _GLUE:
        if w.endswith(g) and len(w) - len(g) >= 3 and w[: -len(g)] in lexicon:
            return w[: -len(g)], g
        if w.startswith(g) and len(w) - len(g) >= 3 and w[len(g):] in lexicon:
            return g, w[len(g):]
    return (w,)


def _typos(toks: list[str], speller: Speller, synonyms: SynonymTable, split: dict[int, tuple[str, str]],
           corrected: list[str], corrections: dict[str, str]) -> dict[int, list[tuple[str, int]]]:
    """Correct unknown words in `corrected` (at most MAX_TYPO_FIX), noting them in `corrections`;
    -> word index -> the candidates, best first."""
    typo_alts: dict[int, list[tuple[str, int]]] = {}
    fixed = 0
    for i, w in enumerate(toks):
        if (fixed >= MAX_TYPO_FIX or not w.isalpha() or len(w) < 3 or speller.known(w) or i in split
                or w in synonyms.vocabulary or w in QUESTION_WORDS or key_of(w) is None):
            continue
        am = speller.american(w)
        if am is not None:
            corrected[i] = am
            corrections[w] = am
            continue
        if speller.real(w):  # a real word the rules do not use: searched as typed
            continue
        qw = _question_word(w)
        if qw is not None:  # a misspelled question word ("diffrence", "explian"): a question word, not searched
            corrected[i] = qw
            corrections[w] = qw
            continue
        cands = speller.candidates(w)
        fixed += 1
        if cands:
            corrected[i] = cands[0][0]
            corrections[w] = cands[0][0]
            typo_alts[i] = cands
    return typo_alts


# question words long enough to be told from a typo of another word
_LONG_QUESTION_WORDS = tuple(sorted(w for w in QUESTION_WORDS if len(w) >= 5))


def _question_word(word: str) -> str | None:
    """The question word `word` is a typo of (same first letter; distance 1, or 2 from 7 letters), or None."""
    limit = 1 if len(word) <= 6 else 2
    for q in _LONG_QUESTION_WORDS:
        if q[0] == word[0] and abs(len(q) - len(word)) <= limit and edit_distance(word, q, limit) <= limit:
            return q
    return None


_PhraseMatch = tuple[int, tuple[str, ...], list[Expansion]]  # (end, the phrase's keys, its expansions)


@dataclass
class _Reader:
    """Turns the query's words into concepts, left to right (see `analyze`)."""

    toks: list[str]
    corrected: list[str]
    keys: list[str | None]
    joined: dict[int, str]
    split: dict[int, tuple[str, str]]
    typo_alts: dict[int, list[tuple[str, int]]]
    synonyms: SynonymTable
    speller: Speller | None
    scope: frozenset[str] | None
    concepts: list[Concept] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    highlight: set[str] = field(default_factory=set)

    def read(self) -> None:
        i = 0
        n = len(self.corrected)
        while i < n:
            ki = self.keys[i]
            if ki is None:
                i += 1
                continue
            match = self._phrase_at(i)
            if isinstance(match, int):  # a game's own term: its words as typed
                while i < match:
                    k = self.keys[i]
                    if k is not None and self.corrected[i] not in QUESTION_WORDS:
                        self._word(i, k)
                    i += 1
                continue
            if match:
                i = self._expansion(i, match)
                continue
            k_next = self.keys[i + 1] if i + 1 < n else None
            if i in self.joined and k_next is not None and i not in self.typo_alts and i + 1 not in self.typo_alts:
                i = self._joined(i, ki, k_next)
                continue
            if self.corrected[i] not in QUESTION_WORDS or self._opens_term(i):
                self._word(i, ki)
            i += 1

    def _opens_term(self, i: int) -> bool:
        """Whether word `i`, a question word, opens a term of a game searched ("during attack" in the game whose
        effects are 'During Attack')."""
        terms = self.synonyms.asking_terms
        for n in range(2, 4):
            got = terms.get(tuple(self.keys[i:i + n]))  # type: ignore[arg-type]
            if got and (self.scope is None or got & self.scope):
                return True
        return False

    def _add(self, alts: list[Alt]) -> None:
        self.concepts.append(Concept(tuple(alts)))
        for a in alts:
            self.highlight.update(a.words)

    def _phrase_at(self, i: int) -> _PhraseMatch | int | None:
        """The longest phrase of the vocabulary starting here that applies in a game searched
        (stop words inside a phrase are skipped); or where a longer phrase ends that is the own term
        of every game searched."""
        keys, synonyms, scope = self.keys, self.synonyms, self.scope
        match: _PhraseMatch | int | None = None
        content: list[str] = []
        prefixes = synonyms.prefixes()
        j = i
        while j < len(keys) and len(content) < synonyms.max_len:
            kj = keys[j]
            if kj is not None:
                content.append(kj)
                if tuple(content) not in prefixes:
                    break
                exps = [e for e in synonyms.by_key.get(tuple(content), ())
                        if any(_usable(e, x, scope) is not False for x in range(len(e.to)))
                        and (not e.lead or self._led_by(j, e.lead))]
                if exps:
                    match = (j + 1, tuple(content), exps)
                elif len(content) > 1:
                    own = synonyms.own_phrases.get(tuple(content))
                    if own and (scope or frozenset(synonyms.names)) <= own:
                        match = j + 1
            j += 1
        return match

    def _led_by(self, j: int, lead: tuple[str, ...]) -> bool:
        """Whether the stop words `lead` are typed just before word `j` ("in" before "play")."""
        return j >= len(lead) and tuple(self.corrected[j - len(lead): j]) == lead

    def _expansion(self, i: int, match: _PhraseMatch) -> int:
        end, k, exps = match
        found: dict[tuple[str, ...], tuple[float, frozenset[str] | None, str]] = {}  # target -> (weight, games or None, label)
        where: set[str] = set()
        everywhere = False
        for e in exps:
            for x, (tk, lab) in enumerate(zip(e.to, e.labels, strict=True)):
                g = _usable(e, x, self.scope)
                if g is False or tk == k:
                    continue
                if g is None:
                    everywhere = True
                else:
                    where |= g
                cur = found.get(tk)
                if cur is None:
                    found[tk] = (e.weight, g, lab)
                else:  # said by several entries: the best weight, in every game any of them names
                    found[tk] = (max(cur[0], e.weight), None if cur[1] is None or g is None else cur[1] | g,
                                 cur[2])
        alts: list[Alt] = [Alt(tk, w, g) for tk, (w, g, _) in found.items()]
        shown = [lab for _, _, lab in found.values()]
        ow = min(e.original_weight for e in exps)
        if everywhere or ow >= 1.0:
            alts.insert(0, Alt(k, ow if everywhere else 1.0))
        else:  # the typed words count less only where the expansion applies
            alts.insert(0, Alt(k, 1.0))
            alts.insert(1, Alt(k, ow, frozenset(where)))
        phrase = " ".join(self.corrected[i:end])
        self.labels.append(f"{phrase} (also: {', '.join(dict.fromkeys(shown[:8]))})")
        self._add(alts)
        return end

    def _joined(self, i: int, ki: str, k_next: str) -> int:
        jk = key_of(self.joined[i])
        alts = [Alt((ki, k_next), 1.0)] + ([Alt((jk,), 0.9)] if jk else [])
        self.labels.append(f"{self.corrected[i]} {self.corrected[i + 1]} (also: {self.joined[i]})")
        self._add(alts)
        return i + 2

    def _word(self, i: int, ki: str) -> None:
        w = self.corrected[i]
        alts = [Alt((ki,), 1.0)]
        if i in self.split:
            pk = tuple(k for k in (key_of(x) for x in self.split[i]) if k)
            if len(pk) == 2:
                alts.append(Alt(pk, 0.9))
            self.labels.append(f"{w} (also: {' '.join(self.split[i])})")
        elif i in self.typo_alts:
            for cw, _d in self.typo_alts[i][1:]:
                ck = key_of(cw)
                if ck and all(a.words != (ck,) for a in alts):
                    alts.append(Alt((ck,), 0.8))
            self.labels.append(f"{w} (typo for {self.toks[i]!r})")
        else:
            self.labels.append(w)
        # word families the stemmer does not join (destroyed / destruction)
        if self.speller is not None and self.speller.stems:
            for rel in relatives(w):
                rk = key_of(rel)
                if rk and rk in self.speller.stems and all(a.words != (rk,) for a in alts):
                    alts.append(Alt((rk,), 0.85))
        self._add(alts)


@lru_cache(maxsize=64)
def _game_names_pattern(names: tuple[str, ...], scoped: bool = False) -> re.Pattern[str]:
    def alt(ns: Iterable[str]) -> str:
        return "|".join(r"\s+".join(map(re.escape, n.split())) for n in sorted(ns, key=len, reverse=True))

    # a name no English sentence says ("weiss", "bss", "battle spirits saga") is a game's name wherever it
    # stands ("... - weiss and monster invasion card game"); the others ("standard", "saga") only after in/for/of/on
    english = english_words()
    plain = [n for n in names if len(n.split()) < 3 and all(w in english for w in n.split())]
    distinct = [n for n in names if n not in plain]
    suffix = r"(?:\s+(?:rules?|format|game|tcg|cards?))?\b"
    lead = rf"\b(?:in|for|of|on)\s+(?:the\s+)?(?:{alt(names)})"
    if scoped:  # searching one game: its name ending a string of terms is the name ("removed from game zone saga")
        lead = rf"(?:{lead}|\b(?:{alt(names)}){suffix}(?=\s*[?.!]?\s*$))"
    head = rf"(?:{lead}|\b(?:{alt(distinct)})){suffix}" if distinct else lead + suffix
    # names listed with one that is surely a name ("in saga or standard", "weiss and monster invasion",
    # "saga vs weiss") are names too
    sep = r"\s*(?:,|&|/|\band\b|\bor\b|\bvs\b|\bversus\b)\s*(?:the\s+)?"
    name = rf"\b(?:{alt(names)}){suffix}"
    return re.compile(rf"(?:{name}{sep})*{head}(?:{sep}{name})*")


@lru_cache(maxsize=64)
def _name_words(names: tuple[str, ...]) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
    """The words of the names (4 letters or more), with their letters, by their first letter."""
    out: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for w in sorted({w for n in names for w in n.split() if len(w) >= 4 and w.isalpha()}):
        out.setdefault(w[0], []).append((w, frozenset(w)))
    return {k: tuple(v) for k, v in out.items()}


def _name_typos(text: str, names: tuple[str, ...], speller: Speller) -> list[tuple[int, int, str]]:
    """Where a game's name is misspelt ("standerd", "weis", "monster invasoin"): (start, end, the name's
    word) of each word that is no corpus word, no English word, within the corrector's distance of a
    word of a name (same first letter). Only the words a query is read for are looked at (2 x MAX_TERMS), and
    at most MAX_TYPO_FIX are read as names, as the corrector corrects at most that many."""
    by_first = _name_words(names)
    out: list[tuple[int, int, str]] = []
    for n, m in enumerate(_WORD.finditer(text) if by_first else ()):
        if n >= 2 * MAX_TERMS or len(out) >= MAX_TYPO_FIX:
            break
        w = m.group(0)
        cands = by_first.get(w[0], ())
        if len(w) < 4 or not cands or not w.isalpha() or any(w == c for c, _ in cands):
            continue
        limit = 1 if len(w) <= 5 else 2
        letters = frozenset(w)
        near = min(((edit_distance(w, c, limit), c) for c, cl in cands  # (each edit adds or drops a letter)
                    if abs(len(c) - len(w)) <= limit and len(letters - cl) <= limit and len(cl - letters) <= limit),
                   default=(limit + 1, ""))
        if near[0] <= limit and not speller.known(w) and w not in speller.english:
            out.append((m.start(), m.end(), near[1]))
    return out


def without_game_names(text: str, synonyms: SynonymTable, scope: frozenset[str] | None,
                       speller: Speller | None = None) -> str:
    """"hand limit in weiss", "mulligan in standard": the name of a game searched says where to
    look, not what to look for (it would match the rules that name the game or its formats). With a
    `speller`, a misspelt name is read as the name ("in saga or standerd"); a word so read that is not
    then dropped as a name is left as typed, for the corrector."""
    names = tuple(n for g, ns in sorted(synonyms.names.items()) if scope is None or g in scope for n in ns)
    if not names:
        return text
    pattern = _game_names_pattern(names, scope is not None and len(scope) == 1)
    fixes = _name_typos(text, names, speller) if speller is not None else []
    if not fixes:
        return pattern.sub(" ", text)
    # the text with the names spelt right, and where each typed word now stands in it
    parts, at, where = [], 0, []
    for a, b, w in fixes:
        parts.append(text[at:a])
        start = sum(map(len, parts))
        parts.append(w)
        where.append((start, start + len(w), text[a:b]))
        at = b
    fixed = "".join(parts) + text[at:]
    gone = [m.span() for m in pattern.finditer(fixed)]
    out, at = [], 0
    for a, b, typed in where:  # a misspelt word outside every dropped name: as typed
        if not any(x <= a and b <= y for x, y in gone):
            out.append(fixed[at:a] + typed)
            at = b
    return pattern.sub(" ", "".join(out) + fixed[at:])


@lru_cache(maxsize=8)
def _names_read(table: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[dict[str, frozenset[str]], tuple[str, ...],
                                                                     re.Pattern[str]]:
    """Each name -> the games it names (a name that begins another game's names both), every name, and a
    pattern finding any of them."""
    by_name: dict[str, set[str]] = {}
    for g, ns in table:
        for n in ns:
            by_name.setdefault(n, set()).add(g)
    for n in list(by_name):
        for other, gs in list(by_name.items()):
            if other != n and other.startswith(n + " "):
                by_name[n] |= gs
    names = tuple(sorted(by_name))
    one = re.compile(r"\b(" + "|".join(r"\s+".join(map(re.escape, n.split()))
                                       for n in sorted(names, key=len, reverse=True)) + r")\b")
    return {n: frozenset(gs) for n, gs in by_name.items()}, names, one


def games_named(text: str, synonyms: SynonymTable, speller: Speller | None = None) -> frozenset[str]:
    """The games a query names, once one name is read as a name (see `without_game_names`): "in saga or
    standerd" -> bss, bs-standard. A name that begins another game's ("battle spirits") names both."""
    if not synonyms.names:
        return frozenset()
    by_name, names, one = _names_read(tuple(sorted(synonyms.names.items())))
    fixed = expand_contractions(expand_chat(text))
    if speller is not None:
        for a, b, w in reversed(_name_typos(fixed, names, speller)):
            fixed = fixed[:a] + w + fixed[b:]
    found: set[str] = set()
    if _game_names_pattern(names).search(fixed):  # once one name is surely a name, the others are too
        for x in one.finditer(fixed):                 # ("saga effect cost vs weiss ACT cost")
            found |= by_name.get(" ".join(x.group(1).split()), frozenset())
    return frozenset(found)


# "one" standing for a thing already named ("the old one", "which one applies", "each one"): a pronoun, not the number 1
_PRONOUN_ONE = re.compile(r"\b(the|each|which|this|that|another|older|newer|new|old|other|every|same|first|second|last)"
                          r"\s+one\b")


# A quoted card wording with "if" in it ("then, if you do, ...", "if you have 2 or more nexuses") is a condition; the
# rules name the thing "condition" ("If an effect requires a condition ...") and the reader drops "if" as a stop word
_CARD_CONDITION = re.compile(r"\bif\b")
_CONDITION_KEY = stem("condition") or "condit"
CARD_CONDITION_WEIGHT = 0.8  # an expansion's weight (the word is not typed)


def _bounded(toks: list[str]) -> tuple[list[str], bool]:
    """At most `MAX_TERMS` words that can be searched (stop words and question words do not count: a long question
    says its point last, "... - does it still count?"), and at most twice that in all; (words, cut)."""
    if len(toks) <= MAX_TERMS:
        return toks, False
    n = 0
    for i, w in enumerate(toks[: 2 * MAX_TERMS]):
        if w not in QUESTION_WORDS and key_of(w) is not None:
            n += 1
            if n > MAX_TERMS:
                return toks[:i], True
    return toks[: 2 * MAX_TERMS], len(toks) > 2 * MAX_TERMS


def analyze(text: str, speller: Speller | None, synonyms: SynonymTable | None = None,
            fix_typos: bool = True, scope: frozenset[str] | None = None) -> Analysis:
    """Take a query apart. `scope`: the games searched (None: all); an expansion of the vocabulary
    is used only in the games where it applies (see vocabulary.py)."""
    synonyms = synonyms if synonyms is not None else default_synonyms()
    t, truncated = bound(text)
    t = expand_chat(t)
    intents = intents_of(t)
    named = without_game_names(expand_contractions(t), synonyms, scope, speller if fix_typos else None)
    plain = _PRONOUN_ONE.sub(r"\1", _FILLER.sub(" ", _OTHER_GAMES.sub(" ", named)))
    toks, cut = _bounded([w for w in words(plain) if len(w) <= MAX_TERM_LEN])
    truncated = truncated or cut
    if speller is not None:
        toks = _unglued(toks, speller, synonyms.vocabulary)
    corrections: dict[str, str] = {}
    corrected = list(toks)
    joined, split = _compounds(toks, speller)
    typo_alts = _typos(toks, speller, synonyms, split, corrected, corrections) if fix_typos and speller is not None else {}
    reader = _Reader(toks, corrected, [key_of(w) for w in corrected], joined, split, typo_alts, synonyms,
                     speller, scope)
    reader.read()
    if any(_CARD_CONDITION.search(x) for x in QUOTED.findall(t.casefold())):
        reader.concepts.append(Concept((Alt((_CONDITION_KEY,), CARD_CONDITION_WEIGHT),)))
        reader.labels.append("if (also: condition)")
    dym = None
    if corrections:
        def fix(m: re.Match[str]) -> str:
            return corrections.get(m.group(0).casefold(), m.group(0))
        dym = re.sub(r"[A-Za-z0-9]+", fix, t)
        intents += tuple(i for i in intents_of(dym) if i not in intents)  # "diffrence between": a comparison
    return Analysis(text=t, truncated=truncated, tokens=toks, corrected=corrected, corrections=corrections,
                    concepts=reader.concepts, labels=reader.labels, highlight=reader.highlight, did_you_mean=dym,
                    intents=intents)


def plain_concepts(text: str) -> list[Concept]:
    """The baseline's query: each word once, stemmed, no typo or synonym handling."""
    t, _ = bound(text)
    out, seen = [], set()
    for w in words(t)[:MAX_TERMS]:
        k = key_of(w) if len(w) <= MAX_TERM_LEN else None
        if k and k not in seen:
            seen.add(k)
            out.append(Concept((Alt((k,), 1.0),)))
    return out


# how a question in words starts, and the words of a player talking about their own game: a string of
# game terms ("encore keyword ability", "swift summon during flash") has neither
_ASKS = frozenset("what whats how why when where which who can cant cannot do does did is are if should "
                  "would could will am may must".split())
_PERSONAL = frozenset("i im ive id my me mine you your we our us".split())


# card-text wordings open with these and read as questions to the analyser ("when destroyed by
# opponent", "cannot engage"): the question form each one alone makes (query.INTENTS)
_WORDING_OPENERS = {"when": "timing", "whenever": "timing", "cannot": "permission"}


def card_wording(an: Analysis) -> bool:
    """A phrase of card text or a game term that opens with "when"/"cannot" ("when destroyed by
    opponent", "cannot engage"), not a question: the analyser's only question form is the one that
    opening word makes, and no other word asks (no auxiliary, no question word, no "?", no player
    speaking of their own cards)."""
    toks = an.tokens
    if not toks or "?" in an.text or toks[0] not in _WORDING_OPENERS:
        return False
    if any(i != _WORDING_OPENERS[toks[0]] for i in an.intents):
        return False
    return not any(t in _ASKS or t in _PERSONAL for t in toks[1:])


def question_shaped(an: Analysis) -> bool:
    """A question form the analyser recognised, a first word that asks, a question mark, or a player
    speaking of their own cards ("my", "I"): written as a question, not as a list of terms."""
    toks = an.tokens
    return (bool(an.intents) or "?" in an.text or (bool(toks) and toks[0] in _ASKS)
            or any(t in _PERSONAL for t in toks))


def term_string(an: Analysis) -> bool:
    """A string of game terms or a card wording ("encore keyword ability", "cannot engage"), not a
    question: the lexical order of such a query is kept by the learned re-ordering (ltr.py)."""
    return not question_shaped(an) or card_wording(an)


# a short question asking what a thing is, with or without an article ("what is the marker area", "what are
# cores", "encore meaning", "define rest"): INTENTS' "definition" needs "a"/"an" or "mean" (and it changes the
# weights a query is ranked with); this only says that the query asks for the thing itself
_W = r"[\w'’-]+"
_WHAT_IT_IS = re.compile(rf"^\s*(?:what\s+(?:is|are)|whats|define|definition\s+of|meaning\s+of)\s+(?:(?:the|a|an)\s+)?"
                         rf"(?:{_W}\s+){{0,3}}{_W}\s*\??\s*$|^\s*(?:{_W}\s+){{1,4}}(?:mean|means|meaning|definition)\s*\??\s*$")


def asks_what_it_is(an: Analysis) -> bool:
    """The query asks what a term is (a definition question in any form the analyser knows)."""
    return "definition" in an.intents or bool(_WHAT_IT_IS.search(an.text.casefold()))
