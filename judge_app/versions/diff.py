"""Rule-level differences between two versions of a game's rules, reconciled with the changelog."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from enum import StrEnum
from typing import Any

from judge_app.errors import BadQuery
from judge_app.rules.library import Library
from judge_app.rules.model import ChangelogEntry, Document, Kind, Rule
from judge_app.rules.parsing import ids as idmod

_MOVED_MIN = 0.9  # an added and a removed rule this similar are one rule renumbered


class Status(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"
    MOVED = "moved"
    EDITORIAL = "editorial"


_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "【": "[", "】": "]", "「": '"', "」": '"'})


def editorial_form(text: str) -> str:
    """Text with quotes, brackets, punctuation, spacing and capitalisation folded away: what is left
    is the wording. Two texts with the same form differ only editorially."""
    t = unicodedata.normalize("NFKC", text.translate(_QUOTES)).casefold()
    return re.sub(r"[\W_]+", "", t)


def word_diff(old: str, new: str) -> list[dict]:
    """Word-level operations turning `old` into `new`."""
    a, b = old.split(), new.split()
    ops = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        op: dict[str, str] = {"op": tag}
        if tag in ("equal", "delete", "replace"):
            op["old"] = " ".join(a[i1:i2])
        if tag in ("insert", "replace"):
            op["new"] = " ".join(b[j1:j2])
        if tag == "equal":
            op = {"op": "equal", "text": op["old"]}
        ops.append(op)
    return ops


def _content(r: Rule) -> str:
    return (r.title or "") + ("\n" if r.title and r.text else "") + (r.text or "")


@dataclass(frozen=True)
class Change:
    id: str
    status: Status
    old_text: str | None
    new_text: str | None
    kind: str
    old_id: str | None = None  # for moved rules
    similarity: float | None = None
    diff: tuple[dict, ...] = ()

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"id": self.id, "status": str(self.status), "kind": self.kind,
               "old_text": self.old_text, "new_text": self.new_text}
        if self.old_id:
            out["old_id"] = self.old_id
        if self.similarity is not None:
            out["similarity"] = round(self.similarity, 3)
        if self.diff:
            out["diff"] = list(self.diff)
        return out


@dataclass(frozen=True)
class LoggedChange:
    entry: ChangelogEntry
    confirmed: bool
    evidence: str

    def to_dict(self) -> dict:
        return {**self.entry.to_dict(), "confirmed": self.confirmed, "evidence": self.evidence}


@dataclass(frozen=True)
class VersionDiff:
    game: str
    old: str
    new: str
    changes: tuple[Change, ...]
    changelog: tuple[LoggedChange, ...] = ()
    unlogged: tuple[str, ...] = ()  # changed ids that no changelog entry names
    counts: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"game": self.game, "old": self.old, "new": self.new,
                "changes": [c.to_dict() for c in self.changes],
                "changelog": [c.to_dict() for c in self.changelog],
                "unlogged": list(self.unlogged), "counts": self.counts}

    def by_id(self) -> dict[str, Change]:
        return {c.id: c for c in self.changes}


def _numbered(doc: Document) -> dict[str, Rule]:
    return {rid: r for rid, r in doc.rules.items() if r.kind not in (Kind.EXAMPLE, Kind.NOTE)}


def _renumbered(a: dict[str, Rule], b: dict[str, Rule], added: list[str],
                removed: list[str]) -> dict[str, tuple[str, float]]:
    """Renumbered rules: an added and a removed rule with (nearly) the same text (new id -> (old id, similarity))."""
    moved_from: dict[str, tuple[str, float]] = {}
    for nid in added:
        if b[nid].kind is not Kind.RULE:
            continue
        best, best_sim = None, 0.0
        for oid in removed:
            if oid in {v[0] for v in moved_from.values()} or a[oid].kind is not Kind.RULE:
                continue
            sim = SequenceMatcher(None, editorial_form(a[oid].text), editorial_form(b[nid].text)).ratio()
            if sim > best_sim:
                best, best_sim = oid, sim
        if best is not None and best_sim >= _MOVED_MIN:
            moved_from[nid] = (best, best_sim)
    return moved_from


def diff_documents(old: Document, new: Document) -> VersionDiff:
    if old.game != new.game:
        raise BadQuery(f"cannot diff {old.game} against {new.game}: versions of one game only")
    a, b = _numbered(old), _numbered(new)
    changes: list[Change] = []
    for rid in b.keys() & a.keys():
        ra, rb = a[rid], b[rid]
        ta, tb = _content(ra), _content(rb)
        if ta == tb:
            continue
        if editorial_form(ta) == editorial_form(tb):
            changes.append(Change(rid, Status.EDITORIAL, ta, tb, str(rb.kind)))
        else:
            sim = SequenceMatcher(None, ta, tb, autojunk=False).ratio()
            changes.append(Change(rid, Status.CHANGED, ta, tb, str(rb.kind), similarity=sim,
                                  diff=tuple(word_diff(ta, tb))))
    added = [rid for rid in b if rid not in a]
    removed = [rid for rid in a if rid not in b]
    moved_from = _renumbered(a, b, added, removed)
    moved_old = {v[0] for v in moved_from.values()}
    for nid in added:
        if nid in moved_from:
            oid, sim = moved_from[nid]
            changes.append(Change(nid, Status.MOVED, _content(a[oid]), _content(b[nid]), str(b[nid].kind),
                                  old_id=oid, similarity=sim))
        else:
            changes.append(Change(nid, Status.ADDED, None, _content(b[nid]), str(b[nid].kind)))
    for oid in removed:
        if oid not in moved_old:
            changes.append(Change(oid, Status.REMOVED, _content(a[oid]), None, str(a[oid].kind)))
    changes.sort(key=lambda c: idmod.sort_key(c.id))
    logged, unlogged = reconcile(changes, old, new)
    counts: dict[str, int] = {}
    for c in changes:
        counts[str(c.status)] = counts.get(str(c.status), 0) + 1
    return VersionDiff(new.game, old.version, new.version, tuple(changes), tuple(logged), tuple(unlogged), counts)


def _covers(logged_id: str, rid: str, notation: str) -> bool:
    """A changelog entry naming 11-11 covers 11-11 and everything under it."""
    return rid == logged_id or rid.startswith(logged_id + notation)


def reconcile(changes: list[Change], old: Document, new: Document) -> tuple[list[LoggedChange], list[str]]:
    """Which changelog entries of the newer document the diff confirms, and which changes no entry names."""
    sep = str(new.info.notation)
    by_id = {c.id: c for c in changes}
    meaning = [c for c in changes if c.status is not Status.EDITORIAL]
    entries = [e for e in new.changelog if e.rules]
    if old.info.effective_date:
        entries = [e for e in entries if not e.date or e.date > old.info.effective_date]
    out: list[LoggedChange] = []
    for e in entries:
        found: list[tuple[str, list[Change]]] = []
        missing: list[tuple[str, list[Change]]] = []
        for rid in e.rules:
            hits = [c for c in meaning if _covers(rid, c.id, sep)]
            (found if hits else missing).append((rid, hits))
        action = e.action or ""
        parts = []
        for rid, hits in found:
            statuses = sorted({str(h.status) for h in hits})
            if action == "added" and rid in by_id and by_id[rid].status is not Status.ADDED:
                parts.append(f"{rid} differs but is not new ({', '.join(statuses)})")
            else:
                parts.append(f"{rid}: {', '.join(statuses)} ({len(hits)} rule{'s' if len(hits) > 1 else ''})")
        for rid, _ in missing:
            why = "not in the newer document" if rid not in new.rules else "identical in both versions"
            if rid in new.rules and rid in old.rules and by_id.get(rid) and by_id[rid].status is Status.EDITORIAL:
                why = "only editorial differences"
            parts.append(f"{rid}: no change found ({why})")
        confirmed = bool(found) and not missing
        out.append(LoggedChange(e, confirmed, "; ".join(parts)))
    logged_ids = [rid for e in entries for rid in e.rules]
    unlogged = [c.id for c in meaning if not any(_covers(l_id, c.id, sep) for l_id in logged_ids)]
    return out, unlogged


def diff_versions(lib: Library, game: str, old: str, new: str) -> VersionDiff:
    return diff_documents(lib.document(game, old), lib.document(game, new))


@dataclass(frozen=True)
class HistoryItem:
    version: str
    label: str
    status: str  # "same" / "changed" / "editorial" / "added" / "absent" / "removed"
    text: str | None

    def to_dict(self) -> dict:
        return {"version": self.version, "label": self.label, "status": self.status, "text": self.text}


def rule_history(lib: Library, game: str, rule_id: str) -> list[HistoryItem]:
    """The rule across every version the service holds, oldest first, compared with the version before."""
    g = lib.game(game)
    out: list[HistoryItem] = []
    prev: Rule | None = None
    for n, v in enumerate(g.versions):
        doc = lib.document(game, v)
        r = doc.get(rule_id)
        label = doc.info.label or v
        if r is None:
            out.append(HistoryItem(v, label, "removed" if prev is not None else "absent", None))
        elif prev is None:
            out.append(HistoryItem(v, label, "added" if n > 0 else "same", _content(r)))
        else:
            ta, tb = _content(prev), _content(r)
            status = "same" if ta == tb else ("editorial" if editorial_form(ta) == editorial_form(tb) else "changed")
            out.append(HistoryItem(v, label, status, tb))
        prev = r
    return out


def changed_since(lib: Library, game: str, rule_id: str, since: str, version: str | None = None) -> Change | None:
    """How `rule_id` differs between version `since` and `version` (current by default); None if not at all."""
    old, new = lib.document(game, since), lib.document(game, version)
    ra, rb = old.get(rule_id), new.get(rule_id)
    if ra is None and rb is None:
        return None
    if ra is None:
        assert rb is not None
        return Change(rule_id, Status.ADDED, None, _content(rb), str(rb.kind))
    if rb is None:
        return Change(rule_id, Status.REMOVED, _content(ra), None, str(ra.kind))
    ta, tb = _content(ra), _content(rb)
    if ta == tb:
        return None
    if editorial_form(ta) == editorial_form(tb):
        return Change(rule_id, Status.EDITORIAL, ta, tb, str(rb.kind))
    return Change(rule_id, Status.CHANGED, ta, tb, str(rb.kind), diff=tuple(word_diff(ta, tb)))
