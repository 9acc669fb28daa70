"""The rule library: every document of every game, parsed, cross-referenced and cached."""

from __future__ import annotations

import bisect
import hashlib
import pickle
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from judge_app.errors import JudgeError, UnknownGame, UnknownRule, UnknownVersion
from judge_app.paths import data_dir, grammar_dir, rules_text_dir, write_atomically
from judge_app.rules.model import (
    Diagnostic,
    Document,
    DocumentInfo,
    Kind,
    Notation,
    Reference,
    RefStatus,
    Rule,
    Term,
)
from judge_app.rules.parsing import ids as idmod


class ManifestError(JudgeError):
    code = "manifest"


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    versions: tuple[str, ...]  # oldest first (manifest `sequence`)
    current: str


if TYPE_CHECKING:
    from judge_app.rules.parsing.document import Assembled


def read_manifest(rules_dir: Path) -> list[DocumentInfo]:
    import tomllib  # here: a command whose manifest is unchanged reads it from `_saved_manifest` instead

    path = rules_dir / "manifest.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ManifestError(f"cannot read {path}: {e}") from e
    infos = []
    for n, d in enumerate(data.get("document", []), 1):
        try:
            infos.append(DocumentInfo(
                game=d["game"], game_title=d["game_title"], title=d["title"], version=str(d["version"]),
                file=d["file"], notation=Notation(d.get("notation", "-")), dialect=d.get("dialect", "numbered"),
                source=d.get("source", ""), effective_date=d.get("effective_date") or None,
                current=bool(d.get("current", False)), label=d.get("label"), aligned_to=d.get("aligned_to"),
                sequence=int(d.get("sequence", n)),
            ))
        except (KeyError, ValueError) as e:
            raise ManifestError(f"manifest entry {n} is incomplete or wrong: {e}") from e
    return infos


def build_document(info: DocumentInfo, assembled: Assembled) -> Document:
    """Turn assembled entries into frozen rules with references, backlinks and terms."""
    # Imported here, not at the top: a command answered from the saved library (`judge rule`) never
    # parses, so it does not pay for importing the parser and lark (docs/performance.md).
    from judge_app.rules.changelog import parse_changelog
    from judge_app.rules.terms import collect_terms, term_users
    from judge_app.rules.xref import Resolver

    entries = assembled.entries
    diags = list(assembled.diagnostics)
    prelim: dict[str, Rule] = {}
    for e in entries:
        prelim[e.id] = Rule(id=e.id, kind=e.kind, title=e.title, text=e.text, parent=e.parent,
                            children=tuple(e.children), line=e.line, printed_id=e.printed_id)
    chapters = {_fold(r.title or ""): int(r.id) for r in prelim.values() if r.kind is Kind.CHAPTER and r.id.isdigit()}
    renumbered = {int(t.id): chapters[_fold(t.title)] for t in assembled.toc
                  if _fold(t.title) in chapters and chapters[_fold(t.title)] != int(t.id)}
    resolver = Resolver(prelim, info.notation, renumbered)
    refs: dict[str, tuple[Reference, ...]] = {}
    cited_by: dict[str, list[str]] = {}
    for r in prelim.values():
        found = tuple(resolver.resolve(r.id, r.text)) if r.text else ()
        refs[r.id] = found
        for ref in found:
            tgt = ref.proposed if ref.status is RefStatus.STALE and ref.proposed else ref.target
            if tgt and tgt != r.id:
                owner = idmod.base_of(r.id) if r.kind in (Kind.EXAMPLE, Kind.NOTE) else r.id
                cited_by.setdefault(tgt, [])
                if owner not in cited_by[tgt]:
                    cited_by[tgt].append(owner)
            if ref.status is not RefStatus.OK:
                diags.append(Diagnostic(
                    kind=f"{ref.status}-reference", line=r.line, rule=r.id, printed=ref.raw,
                    repaired=ref.proposed,
                    message=(f"{r.id} cites {ref.printed} in {ref.raw!r}"
                             + (f"; likely meant {ref.proposed}" if ref.proposed else "; no likely target")),
                    evidence=ref.evidence, doubtful=ref.status is RefStatus.BROKEN))
    terms_found = collect_terms(prelim)
    defines: dict[str, list[str]] = {}
    terms: list[Term] = []
    for term, rids in sorted(terms_found.items(), key=lambda kv: kv[0].casefold()):
        users = term_users(term, prelim.values(), set(rids))
        terms.append(Term(term, rids[0], tuple(users)))
        defines.setdefault(rids[0], []).append(term)
    rules = {rid: replace(r, refs=refs[rid], cited_by=tuple(sorted(cited_by.get(rid, ()), key=idmod.sort_key)),
                          defines=tuple(defines.get(rid, ())))
             for rid, r in prelim.items()}
    changelog = parse_changelog(assembled.changelog_lines, info.notation, set(rules))
    for c in changelog:
        for m in c.missing:
            diags.append(Diagnostic(kind="changelog-missing-rule", line=c.line, printed=m,
                                    message=f"changelog entry {c.text!r} names {m}, which is not a rule of this document",
                                    doubtful=True))
    order = {rid: n for n, rid in enumerate(rules)}
    diags.sort(key=lambda d: (d.line or 0, d.kind))
    return Document(info, rules, tuple(terms), tuple(diags), tuple(changelog), tuple(assembled.toc), order,
                    tuple(assembled.alignment))


def _fold(title: str) -> str:
    return " ".join(re.sub(r"\W+", " ", title).split()).casefold()


def parse_file(info: DocumentInfo, rules_dir: Path, others: dict[tuple[str, str], Document]) -> Document:
    from judge_app.rules.parsing.document import assemble  # only when parsing (see build_document)

    text = (rules_dir / info.file).read_text(encoding="utf-8")
    if info.dialect == "numbered":
        return build_document(info, assemble(info, text))
    if info.dialect == "web-copy":
        from judge_app.rules.parsing.webcopy import assemble_web_copy

        ref = others.get((info.game, info.aligned_to or ""))
        if ref is None:
            raise ManifestError(f"{info.file}: aligned_to={info.aligned_to!r} names no parsed version of {info.game}")
        return build_document(info, assemble_web_copy(info, text, ref))
    raise ManifestError(f"{info.file}: unknown dialect {info.dialect!r}")


class Library:
    def __init__(self, documents: list[Document], fingerprint: str):
        self._setup(fingerprint, [d.info for d in documents], list(documents))

    def _setup(self, fingerprint: str, infos: list[DocumentInfo], docs: list[Document | bytes]) -> None:
        self.fingerprint = fingerprint
        self._infos = infos
        # A document read from the saved library stays pickled (bytes) until it is first asked for:
        # `judge rule bss …` loads one document of the five (see `_load_saved`).
        self._docs: dict[tuple[str, str], Document | bytes] = {
            (i.game, i.version): d for i, d in zip(infos, docs, strict=True)}
        self._load_lock = threading.Lock()
        games: dict[str, list[DocumentInfo]] = {}
        for info in infos:
            games.setdefault(info.game, []).append(info)
        self.games: dict[str, Game] = {}
        for key, versions in games.items():
            versions.sort(key=lambda i: i.sequence)
            current = [i for i in versions if i.current] or versions[-1:]
            self.games[key] = Game(key, versions[0].game_title, tuple(i.version for i in versions),
                                   current[0].version)

    @classmethod
    def _saved(cls, fingerprint: str, infos: list[DocumentInfo], pickled: list[bytes]) -> Library:
        """The library `_load_saved` reads: its documents still pickled, in the manifest's order."""
        lib = cls.__new__(cls)
        lib._setup(fingerprint, infos, list(pickled))
        return lib

    def _saved_form(self) -> tuple[str, list[DocumentInfo], list[bytes]]:
        """What `_save` writes: each document pickled on its own, so that a command loads only those it reads."""
        return self.fingerprint, list(self._infos), [
            d if isinstance(d, bytes) else pickle.dumps(d, protocol=pickle.HIGHEST_PROTOCOL) for d in self._docs.values()]

    def _doc(self, key: tuple[str, str]) -> Document | None:
        doc = self._docs.get(key)
        if isinstance(doc, bytes):
            with self._load_lock:  # one Document object per key, whichever thread asks first
                doc = self._docs[key]
                if isinstance(doc, bytes):
                    doc = self._docs[key] = pickle.loads(doc)  # our own cache, written by _save
        return doc

    def documents(self) -> list[Document]:
        return [d for d in map(self._doc, list(self._docs)) if d is not None]

    def game(self, key: str) -> Game:
        g = self.games.get(key)
        if g is None:
            raise UnknownGame(f"unknown game {key!r}", hint="games: " + ", ".join(sorted(self.games)),
                              details={"games": sorted(self.games)})
        return g

    def document(self, game: str, version: str | None = None) -> Document:
        g = self.game(game)
        v = version or g.current
        doc = self._doc((game, v))
        if doc is None:
            raise UnknownVersion(f"{game} has no version {version!r}", hint="versions: " + ", ".join(g.versions),
                                 details={"versions": list(g.versions)})
        return doc

    def rule(self, game: str, rule_id: str, version: str | None = None) -> Rule:
        doc = self.document(game, version)
        r = doc.get(rule_id)
        if r is None:
            near = nearest(doc, rule_id)
            raise UnknownRule(
                f"{doc.info.game_title} {doc.info.label or doc.version} has no rule {rule_id}",
                hint=("nearest: " + ", ".join(near)) if near else None, details={"nearest": near})
        return r


def nearest(doc: Document, rule_id: str, n: int = 5) -> list[str]:
    """Existing ids closest to a missing one: longest shared prefix, then numeric distance."""
    want = idmod.parts(rule_id)
    if not want:
        return []
    index = _prefix_index(doc)
    if not index:  # no numbered rule at all (a source file caught half-written, say): nothing is near
        return []
    # the rules sharing exactly `level` leading numbers with `want`, from the longest shared prefix
    # down, each level in order: the same as sorting every rule (tests/search/test_equivalence.py),
    # reading only the branches nearest to `want` (a number in no document, "99-1", used to sort
    # every rule of every document)
    level = len(want)
    while level > 0 and want[:level] not in index:
        level -= 1
    out: list[str] = []
    lw = len(want)
    while level >= 0 and len(out) < n:
        if level == lw:  # `want` is a heading's prefix only: everything under it, nearest length first
            out.extend(_by_length(index[want][0], lw, n - len(out)))
        else:
            out.extend(_level(index, want, level, n - len(out)))
        level -= 1
    return out


def _level(index: _PrefixIndex, want: tuple[int, ...], level: int, k: int) -> list[str]:
    """The first `k` rules that share exactly `level` leading numbers with `want`, ordered by the
    distance of their next number to want's, then length difference, then document order."""
    prefix, w, lw = want[:level], want[level], len(want)
    by_len, kids = index[prefix]
    out = [rid for _, rid in by_len.get(level, ())][:k]  # the rule `prefix` itself: distance 0
    lo = bisect.bisect_left(kids, w)
    hi = lo + 1 if lo < len(kids) and kids[lo] == w else lo  # the child `w` shares one more number
    lo -= 1
    while len(out) < k and (lo >= 0 or hi < len(kids)):
        d = min(w - kids[lo] if lo >= 0 else 1 << 62, kids[hi] - w if hi < len(kids) else 1 << 62)
        batch: list[tuple[int, tuple[tuple[int, ...], str, int], str]] = []  # (length difference, key, id)
        for x in (w - d, w + d):
            if lo >= 0 and kids[lo] == x:
                lo -= 1
            elif hi < len(kids) and kids[hi] == x:
                hi += 1
            else:
                continue
            sub = index[(*prefix, x)][0]
            batch.extend((abs(lg - lw), key, rid) for lg, rid_key in _lengths_near(sub, lw, k)
                         for key, rid in rid_key)
        batch.sort()
        out.extend(b[2] for b in batch[: k - len(out)])
    return out


def _lengths_near(by_len: dict[int, list[_Entry]], lw: int, k: int) -> Iterator[tuple[int, list[_Entry]]]:
    """(length, its first `k` rules) for the lengths nearest `lw` that hold at least `k` rules in all
    (and every length as near as the last one taken)."""
    got, last = 0, 0
    for lg in sorted(by_len, key=lambda g: (abs(g - lw), g)):
        if got >= k and abs(lg - lw) > last:
            return
        rules = by_len[lg][:k]
        got += len(rules)
        last = abs(lg - lw)
        yield lg, rules


def _by_length(by_len: dict[int, list[_Entry]], lw: int, k: int) -> list[str]:
    batch = sorted((abs(lg - lw), key, rid) for lg, rules in _lengths_near(by_len, lw, k) for key, rid in rules)
    return [b[2] for b in batch[:k]]


_Entry = tuple[tuple[tuple[int, ...], str, int], str]  # (sort key, id)
# a prefix -> (the rules under it by length, each list in order; the distinct next numbers, in order)
_PrefixIndex = dict[tuple[int, ...], tuple[dict[int, list[_Entry]], list[int]]]
_PREFIXES: dict[int, tuple[Document, _PrefixIndex]] = {}  # id(document) -> (it, its prefix index)
_prefix_lock = threading.Lock()


def _prefix_index(doc: Document) -> _PrefixIndex:
    """Every leading part of every numbered rule's id -> the rules under it grouped by length, and
    the numbers that follow it (built once per document: `nearest` runs for each game an unscoped
    rule number misses)."""
    got = _PREFIXES.get(id(doc))
    if got is not None and got[0] is doc:
        return got[1]
    index: _PrefixIndex = {}
    for rid, r in doc.rules.items():
        if r.kind in (Kind.EXAMPLE, Kind.NOTE):
            continue
        have = idmod.parts(rid)
        entry = (idmod.sort_key(rid), rid)
        for k in range(len(have) + 1):
            by_len, kids = index.setdefault(have[:k], ({}, []))
            by_len.setdefault(len(have), []).append(entry)
            if k < len(have):
                kids.append(have[k])
    for by_len, kids in index.values():
        for rules in by_len.values():
            rules.sort()
        kids[:] = sorted(set(kids))
    with _prefix_lock:
        if len(_PREFIXES) >= 32:  # (documents of replaced libraries)
            _PREFIXES.clear()
        _PREFIXES[id(doc)] = (doc, index)
    return index


def _fingerprint(rules_dir: Path, infos: list[DocumentInfo]) -> str:
    h = hashlib.sha256()
    h.update((rules_dir / "manifest.toml").read_bytes())
    for info in infos:
        h.update(info.file.encode())
        h.update((rules_dir / info.file).read_bytes())
    # the parser's own code and grammar are part of what the result depends on
    code_dir = Path(__file__).resolve().parent
    for p in sorted(code_dir.rglob("*.py")):
        h.update(p.read_bytes())
    for p in sorted(grammar_dir().glob("rules_*.lark")):
        h.update(p.read_bytes())
    return h.hexdigest()[:20]


_lock = threading.Lock()
_cache: dict[str, Library] = {}


def load_library(rules_dir: Path | None = None) -> Library:
    """The library for `rules_dir`; re-parsed whenever a source file, the manifest or the parser changes."""
    rules_dir = Path(rules_dir) if rules_dir else rules_text_dir()
    infos = _saved_manifest(rules_dir)
    fp = _fingerprint(rules_dir, infos)
    key = f"{rules_dir}:{fp}"
    with _lock:
        lib = _cache.get(key) or _load_saved(key, fp)
        if lib is not None:
            _cache.clear()
            _cache[key] = lib
            return lib
        docs: dict[tuple[str, str], Document] = {}
        # documents aligned to another version are parsed after it
        for info in sorted(infos, key=lambda i: i.dialect != "numbered"):
            missing = [i.file for i in infos if not (rules_dir / i.file).is_file()]
            if missing:
                raise ManifestError(f"manifest names files that are not in {rules_dir}: {', '.join(missing)}")
            docs[(info.game, info.version)] = parse_file(info, rules_dir, docs)
        ordered = [docs[(i.game, i.version)] for i in infos]
        _check_manifest(infos)
        lib = Library(ordered, fp)
        _cache.clear()
        _cache[key] = lib
        _save(key, lib)
        return lib


# The parsed library is also kept on disk (in the data directory, beside the search index), so a
# command run from a shell does not parse five documents again: `judge rule` answers in a fraction
# of the time. The file name carries the fingerprint; the file is replaced atomically.
def _saved_path(key: str) -> Path:
    return data_dir() / f"library-{hashlib.sha256(key.encode()).hexdigest()[:24]}.pickle"


def _saved_manifest(rules_dir: Path) -> list[DocumentInfo]:
    """`read_manifest`, kept beside the saved library under the manifest's bytes: a command run from a shell
    then imports no TOML parser (tomllib and datetime, a few per cent of `judge rule`)."""
    try:
        text = (rules_dir / "manifest.toml").read_bytes()
    except OSError:
        return read_manifest(rules_dir)  # which words the error
    # keyed by the folder, the manifest's bytes and the fields a DocumentInfo has (an older form is not read)
    key = "\0".join([str(rules_dir), *DocumentInfo.__dataclass_fields__]).encode() + b"\0" + text
    path = data_dir() / f"manifest-{hashlib.sha256(key).hexdigest()[:24]}.pickle"
    try:
        with open(path, "rb") as f:
            infos = pickle.load(f)  # our own cache, written below
        if isinstance(infos, list) and all(isinstance(i, DocumentInfo) for i in infos):
            return infos
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    infos = read_manifest(rules_dir)
    write_atomically(path, pickle.dumps(infos, protocol=pickle.HIGHEST_PROTOCOL))
    return infos


def _load_saved(key: str, fp: str) -> Library | None:
    try:
        with open(_saved_path(key), "rb") as f:
            saved = pickle.load(f)  # our own cache, written by _save below: (fingerprint, infos, documents)
        saved_fp, infos, pickled = saved
        if saved_fp != fp or len(infos) != len(pickled) or not all(isinstance(p, bytes) for p in pickled):
            return None
        return Library._saved(fp, infos, pickled)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None


def _save(key: str, lib: Library) -> None:
    try:
        data = pickle.dumps(lib._saved_form(), protocol=pickle.HIGHEST_PROTOCOL)
    except pickle.PicklingError:
        return
    write_atomically(_saved_path(key), data)


def _check_manifest(infos: list[DocumentInfo]) -> None:
    seen: dict[str, int] = {}
    for i in infos:
        if i.current:
            seen[i.game] = seen.get(i.game, 0) + 1
    for game, n in seen.items():
        if n > 1:
            raise ManifestError(f"manifest marks {n} versions of {game} as current")
