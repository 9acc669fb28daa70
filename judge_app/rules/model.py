"""The rule tree: frozen, typed, and free of any parsing detail."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Notation(StrEnum):
    DASH = "-"
    DOT = "."


class Kind(StrEnum):
    CHAPTER = "chapter"
    SECTION = "section"
    RULE = "rule"
    EXAMPLE = "example"
    NOTE = "note"

    @property
    def is_heading(self) -> bool:
        return self in (Kind.CHAPTER, Kind.SECTION)


class RefStatus(StrEnum):
    OK = "ok"
    STALE = "stale"  # names an existing rule, but the wording shows another was meant
    BROKEN = "broken"  # names no rule at all


def _constructor_call(self: Any) -> tuple[Any, tuple[Any, ...]]:
    """Pickled as a call of the class with its fields (`__slots__` are the fields, in order): loading the
    saved library (judge_app/rules/library.py) then runs the generated `__init__` instead of dataclasses'
    `__setstate__`, which looks the fields up again for every object (half the load time of a document)."""
    return type(self), tuple(map(self.__getattribute__, self.__slots__))


@dataclass(frozen=True, slots=True)
class Reference:
    raw: str  # as printed, e.g. "(see 2-13)" or "Clause 6.8.1.5"
    printed: str  # the id as printed, normalised to the document's notation
    target: str | None  # the rule it resolves to (None when broken and no proposal)
    status: RefStatus = RefStatus.OK
    proposed: str | None = None  # for stale/broken: the likely intended rule
    evidence: str | None = None
    span_end: str | None = None  # for ranges: the last id of the range
    __reduce__ = _constructor_call

    def to_dict(self) -> dict[str, Any]:
        out = {"raw": self.raw, "printed": self.printed, "target": self.target, "status": str(self.status)}
        if self.proposed:
            out["proposed"] = self.proposed
        if self.evidence:
            out["evidence"] = self.evidence
        if self.span_end:
            out["range_end"] = self.span_end
        return out


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    kind: Kind
    title: str | None
    text: str
    parent: str | None
    children: tuple[str, ...]
    line: int
    refs: tuple[Reference, ...] = ()
    cited_by: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    printed_id: str | None = None  # set when the document printed another id (a repaired misprint)
    __reduce__ = _constructor_call

    @property
    def is_heading(self) -> bool:
        return self.kind.is_heading

    @property
    def label(self) -> str:
        """Title for headings, text otherwise."""
        return self.title if self.title else self.text

    def to_dict(self) -> dict[str, Any]:
        out = {
            "id": self.id,
            "kind": str(self.kind),
            "title": self.title,
            "text": self.text,
            "parent": self.parent,
            "children": list(self.children),
            "refs": [r.to_dict() for r in self.refs],
            "cited_by": list(self.cited_by),
            "line": self.line,
        }
        if self.defines:
            out["defines"] = list(self.defines)
        if self.printed_id:
            out["printed_id"] = self.printed_id
        return out


@dataclass(frozen=True, slots=True)
class Term:
    term: str
    rule: str  # the defining rule
    used_by: tuple[str, ...] = ()
    __reduce__ = _constructor_call

    def to_dict(self) -> dict[str, Any]:
        return {"term": self.term, "rule": self.rule, "used_by": list(self.used_by)}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    kind: str  # e.g. "duplicate-id", "stale-reference"
    line: int | None
    message: str
    rule: str | None = None
    printed: str | None = None
    repaired: str | None = None
    evidence: str | None = None
    doubtful: bool = False
    __reduce__ = _constructor_call

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in {
            "kind": self.kind, "line": self.line, "rule": self.rule, "printed": self.printed,
            "repaired": self.repaired, "message": self.message, "evidence": self.evidence,
            "doubtful": self.doubtful or None,
        }.items() if v is not None}


@dataclass(frozen=True, slots=True)
class ChangelogEntry:
    date: str | None  # ISO date where the document gives one
    version: str | None
    text: str
    action: str | None  # added / changed / corrected / ...
    rules: tuple[str, ...]  # ids the entry names (as printed, trailing dot removed)
    missing: tuple[str, ...] = ()  # named ids that are not rules of this document
    line: int = 0
    __reduce__ = _constructor_call

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date, "version": self.version, "text": self.text, "action": self.action,
                "rules": list(self.rules), "missing": list(self.missing), "line": self.line}


@dataclass(frozen=True, slots=True)
class AlignmentRecord:
    """How a rule id was recovered for a document that does not print it."""

    line: int
    id: str
    similarity: float  # 1.0 identical text, 0.0 no counterpart
    method: str  # identical / near-identical / reworded / only-in-this-version
    prev: str | None
    next: str | None
    text: str
    __reduce__ = _constructor_call

    def with_next(self, next_id: str | None) -> AlignmentRecord:
        return AlignmentRecord(self.line, self.id, self.similarity, self.method, self.prev, next_id, self.text)

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "id": self.id, "similarity": self.similarity, "method": self.method,
                "prev": self.prev, "next": self.next, "text": self.text}


@dataclass(frozen=True, slots=True)
class TocEntry:
    id: str
    title: str
    line: int
    __reduce__ = _constructor_call


@dataclass(frozen=True)
class DocumentInfo:
    """What the manifest says about one source file."""

    game: str
    game_title: str
    title: str
    version: str
    file: str
    notation: Notation
    dialect: str
    source: str
    effective_date: str | None = None
    current: bool = False
    label: str | None = None
    aligned_to: str | None = None  # for documents whose ids are recovered from another version
    sequence: int = 0  # chronological order among the versions of one game (older first)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "game_title": self.game_title, "title": self.title,
            "version": self.version, "label": self.label or self.version, "file": self.file,
            "notation": str(self.notation), "effective_date": self.effective_date,
            "current": self.current, "source": self.source, "sequence": self.sequence,
        }


@dataclass(frozen=True)
class Document:
    info: DocumentInfo
    rules: dict[str, Rule]  # in document order
    terms: tuple[Term, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    changelog: tuple[ChangelogEntry, ...] = ()
    toc: tuple[TocEntry, ...] = ()
    order: dict[str, int] = field(default_factory=dict)
    alignment: tuple[AlignmentRecord, ...] = ()

    @property
    def game(self) -> str:
        return self.info.game

    @property
    def version(self) -> str:
        return self.info.version

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules.values())

    def __len__(self) -> int:
        return len(self.rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id)

    def roots(self) -> list[Rule]:
        return [r for r in self.rules.values() if r.parent is None]

    def ancestors(self, rule_id: str) -> list[Rule]:
        """Parent chain, outermost first."""
        chain = []
        r = self.rules.get(rule_id)
        while r is not None and r.parent is not None:
            r = self.rules[r.parent]
            chain.append(r)
        return list(reversed(chain))

    def neighbours(self, rule_id: str) -> tuple[Rule | None, Rule | None]:
        """Previous and next numbered rule in document order (examples and notes skipped)."""
        ids = [i for i, r in self.rules.items() if r.kind not in (Kind.EXAMPLE, Kind.NOTE)]
        pos = {i: n for n, i in enumerate(ids)}
        rid = rule_id
        r = self.rules.get(rid)
        while r is not None and r.kind in (Kind.EXAMPLE, Kind.NOTE) and r.parent:
            rid, r = r.parent, self.rules.get(r.parent)
        n = pos.get(rid)
        if n is None:
            return None, None
        prev_r = self.rules[ids[n - 1]] if n > 0 else None
        next_r = self.rules[ids[n + 1]] if n + 1 < len(ids) else None
        return prev_r, next_r

    def term(self, name: str) -> Term | None:
        low = name.casefold()
        for t in self.terms:
            if t.term.casefold() == low:
                return t
        return None
