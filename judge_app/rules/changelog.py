"""Changelogs ("New Topics and Changes", "Changelog") parsed into dated entries."""

from __future__ import annotations

import re
from datetime import datetime

from judge_app.rules.model import ChangelogEntry, Notation
from judge_app.rules.parsing import ids as idmod

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE = re.compile(rf"^(?:{_MONTHS})\s+\d{{1,2}},\s+\d{{4}}")
_VERSION = re.compile(r"\b(?:ver\.?\s*|v)(\d+(?:\.\d+)+)", re.I)
_ACTIONS = ("added", "changed", "corrected", "replaced", "expanded", "reworded", "moved", "edited",
            "dissolved", "revamp", "consolidated", "deleted", "removed", "clarified")


def _iso(date_text: str) -> str | None:
    try:
        return datetime.strptime(date_text, "%B %d, %Y").date().isoformat()
    except ValueError:
        return None


def parse_changelog(lines: list[tuple[int, str, int]], notation: Notation,
                    known: set[str]) -> list[ChangelogEntry]:
    entries: list[ChangelogEntry] = []
    date: str | None = None
    version: str | None = None
    pending: list[tuple[int, str]] = []

    def flush() -> None:
        for lineno, text in pending:
            entries.append(_entry(lineno, text, date, version, notation, known))
        pending.clear()

    for lineno, text, indent in lines:
        text = text.replace("**", "").strip()
        if not text or text.startswith("#"):
            continue
        m = _DATE.match(text)
        if m:
            flush()
            date = _iso(m.group(0))
            v = _VERSION.search(text[m.end():])
            version = v.group(1) if v else None
            continue
        if re.match(r"^The most recent changes", text):
            continue
        if pending and indent > 0:  # a sub-bullet continues the entry above it
            pending[-1] = (pending[-1][0], pending[-1][1] + "; " + text)
        else:
            pending.append((lineno, text))
    flush()
    return entries


def _entry(lineno: int, text: str, date: str | None, version: str | None, notation: Notation,
           known: set[str]) -> ChangelogEntry:
    ids: list[str] = []
    lead = re.match(r"^(\d{1,2}(?:[-.]\d{1,3})*)\.?\s+", text)
    body = text
    if lead:
        ids.append(idmod.to_notation(lead.group(1), notation))
        body = text[lead.end():]
    pattern = r"(?<![\w.])(\d{1,2}(?:[-.]\d{1,3})+)(?![\w-])" if notation is Notation.DASH else \
        r"(?<![\w.])(\d{1,2}(?:\.\d{1,3})+)(?![\w-]|\.\d)"
    for m in re.finditer(pattern, body):
        rid = idmod.to_notation(m.group(1), notation)
        if rid not in ids:
            ids.append(rid)
    action = None
    low = body.lower()
    for a in _ACTIONS:
        if re.search(rf"\b{a}", low):
            action = a
            break
    missing = tuple(i for i in ids if i not in known)
    return ChangelogEntry(date, version, text, action, tuple(ids), missing, lineno)
