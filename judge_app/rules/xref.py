"""In-text references between rules: finding them, resolving them, spotting stale numbers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from judge_app.rules.model import Notation, Reference, RefStatus
from judge_app.rules.parsing import ids as idmod

_STOP = frozenset(
    """a an the of to in on at by for from with and or but not no is are be been was were this that these
    those it its as if when then than any all each such which who whom whose what where there their they
    them he she his her your you our we can may must will shall do does did has have had into out up down
    also only other same more most less card cards rule rules see refer section clause following above
    below""".split()
)

# id-shaped tokens of each notation; the lookbehinds keep card numbers (BSS02-016), dates and
# versions (v1.7.0) out
_DASH_ID = re.compile(r"(?<![\w.\-/])(\d{1,2}(?:-\d{1,3})+)(?![\w\-/]|\.\d)")
_DOT_ID = re.compile(r"(?<![\w.\-/])(\d{1,2}(?:\.\d{1,3})+)\.?(?![\w\-/]|\d)")
_VERSIONISH = re.compile(r"(?:ver\.?|version|v)\s*$", re.I)
_CHAPTER_REF = re.compile(
    r"(?:\b(?:see|refer to)\s+(?:section\s+)?[\"“]?|\b(?:section|chapter)\s+[\"“]?)(\d{1,2})(?:\.(?=\s)|(?![\d.\-]))",
    re.I,
)
_RANGE_JOIN = re.compile(r"^\s*(?:to|through|–|-|\.\.|~)\s*$")
_CUE = re.compile(r"(?:\b(?:see|refer to|clause|section|rule|chapter|as stated in)\s*[\"“]?\s*)$", re.I)


@dataclass(frozen=True, slots=True)
class _Found:
    start: int
    end: int
    printed: str


def _words(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[A-Za-z]+", text.lower()):
        if w in _STOP or len(w) < 3:
            continue
        out.add(w[:-1] if w.endswith("s") and len(w) > 4 else w)
    return out


def _fold_title(title: str) -> str:
    return " ".join(re.sub(r"[^\w ]+", " ", title).split()).casefold().rstrip("s")


def find_references(text: str, notation: Notation) -> list[_Found]:
    found: list[_Found] = []
    pattern = _DASH_ID if notation is Notation.DASH else _DOT_ID
    for m in pattern.finditer(text):
        if _VERSIONISH.search(text[max(0, m.start() - 9): m.start()]):
            continue
        found.append(_Found(m.start(1), m.end(1), m.group(1)))
    taken = [(f.start, f.end) for f in found]
    for m in _CHAPTER_REF.finditer(text):
        s, e = m.start(1), m.end(1)
        if any(a <= s < b for a, b in taken):
            continue
        found.append(_Found(s, e, m.group(1)))
    found.sort(key=lambda f: f.start)
    return found


def _raw_span(text: str, f: _Found) -> str:
    """The reference as printed: its parenthetical, or the cue word before it."""
    open_at = text.rfind("(", max(0, f.start - 40), f.start)
    close_at = text.find(")", f.end, f.end + 40)
    if open_at != -1 and close_at != -1 and ")" not in text[open_at:f.start]:
        return text[open_at: close_at + 1]
    cue = _CUE.search(text[max(0, f.start - 30): f.start])
    start = f.start - (len(cue.group(0)) if cue else 0)
    return text[start: f.end].strip()


def _context(text: str, f: _Found) -> str:
    """Words naming what the reference is about: the clause before it and a title after it."""
    before = text[max(0, f.start - 90): f.start]
    before = re.split(r"[.;:!?]\s", before)[-1]
    before = re.sub(r"\(\s*(?:see|refer to)?\s*$", "", before, flags=re.I)
    after = text[f.end: f.end + 60]
    title_after = re.match(r"[.\"“”]*\s*[\"“]?((?:[A-Z][\w’']*\s?){1,6})", after)
    tail = " ".join(before.split()[-7:])
    return tail + (" " + title_after.group(1) if title_after else "")


class Resolver:
    """Resolves printed ids against one document and proposes targets for stale ones."""

    def __init__(self, rules: dict[str, Any], notation: Notation, renumbered: dict[int, int] | None = None):
        self.rules = rules
        self.notation = notation
        # chapters the document's own contents number differently (old -> new)
        self.renumbered = renumbered or {}
        self._words: dict[str, set[str]] = {}

    def _rule_words(self, rid: str) -> set[str]:
        if rid not in self._words:
            r = self.rules[rid]
            chain = []
            cur = r
            while cur is not None:
                chain.append(cur.title or "")
                cur = self.rules.get(cur.parent) if cur.parent else None
            head = " ".join((r.text or "").split()[:25])
            self._words[rid] = _words(" ".join(chain) + " " + head)
        return self._words[rid]

    def score(self, context: set[str], rid: str) -> int:
        return len(context & self._rule_words(rid)) if rid in self.rules else -1

    def shifted(self, printed: str) -> list[str]:
        nums = idmod.parts(printed)
        out = []
        for delta in (1, -1, 2, -2):
            c = nums[0] + delta
            if c < 1:
                continue
            cand = idmod.join((c, *nums[1:]), self.notation)
            if cand in self.rules:
                out.append(cand)
        return out

    def _titled_chapter(self, text: str, f: _Found) -> tuple[str, str | None] | None:
        """For `refer to 10. Rule Action`: the printed title and the chapter that bears it."""
        m = re.match(r"\.?\s*[\"“]?\s*([A-Z][^\"”\n()]{2,60}?)(?=[\"”]|\s+for\b|[.,;)]|$)", text[f.end: f.end + 80])
        if not m:
            return None
        title = m.group(1).strip()
        want = _fold_title(title)
        chapters = {rid: r for rid, r in self.rules.items() if idmod.depth(rid) == 1 and r.title}
        for rid, r in chapters.items():
            have = _fold_title(r.title)
            if have == want or have.startswith(want) or want.startswith(have):
                return title, rid
        for rid, r in chapters.items():  # singular/plural and small wording differences
            if _words(r.title) and _words(r.title) == _words(title):
                return title, rid
        return title, None

    def _renumber(self, printed: str) -> str | None:
        nums = idmod.parts(printed)
        ch = self.renumbered.get(nums[0])
        if ch is None:
            return None
        cand = idmod.join((ch, *nums[1:]), self.notation)
        return cand if cand in self.rules else None

    def resolve(self, source_id: str, text: str) -> list[Reference]:
        out: list[Reference] = []
        found = find_references(text, self.notation)
        skip_next = False
        for k, f in enumerate(found):
            if skip_next:
                skip_next = False
                continue
            span_end = None
            if k + 1 < len(found) and _RANGE_JOIN.match(text[f.end: found[k + 1].start]):
                nxt = found[k + 1]
                if idmod.depth(nxt.printed) == idmod.depth(f.printed):
                    span_end = idmod.to_notation(nxt.printed, self.notation)
                    skip_next = True
            printed = idmod.to_notation(f.printed, self.notation)
            raw = _raw_span(text, f)
            titled = self._titled_chapter(text, f) if idmod.depth(printed) == 1 else None
            if titled is not None:
                title, chapter = titled
                raw = raw if title in raw else (raw + text[f.end: text.find(title, f.end) + len(title)]).strip()
                if chapter == printed or chapter is None:
                    out.append(Reference(raw, printed, printed if printed in self.rules else None,
                                         RefStatus.OK if printed in self.rules else RefStatus.BROKEN))
                else:
                    evidence = (f"the reference prints the title “{title}”, which is chapter {chapter} "
                                f"(“{self.rules[chapter].title}”); chapter {printed} is "
                                f"“{self.rules[printed].title if printed in self.rules else '—'}”")
                    out.append(Reference(raw, printed, printed if printed in self.rules else None,
                                         RefStatus.STALE, chapter, evidence))
                continue
            ctx = _words(_context(text, f))
            exists = printed in self.rules
            shifted = self.shifted(printed)
            best = max(shifted, key=lambda c: self.score(ctx, c), default=None)
            best_score = self.score(ctx, best) if best else 0
            own = self.score(ctx, printed) if exists else 0
            if exists and not (best and best_score >= 2 and best_score >= own + 2 and own == 0):
                out.append(Reference(raw, printed, printed, RefStatus.OK, span_end=span_end))
                continue
            if best and best_score >= 1:
                shared = sorted(ctx & self._rule_words(best))
                what = self.rules[best].title or " ".join(self.rules[best].text.split()[:8]) + "…"
                why = (f"{printed} names no rule" if not exists else
                       f"{printed} ({self.rules[printed].title or self.rules[printed].text[:40]}) does not match the wording")
                evidence = (f"{why}; the words {', '.join(shared)} around the reference match {best} "
                            f"(“{what}”), the same number with chapter {idmod.parts(best)[0]} for "
                            f"{idmod.parts(printed)[0]}")
                out.append(Reference(raw, printed, printed if exists else None, RefStatus.STALE, best,
                                     evidence, span_end))
            elif not exists and idmod.parts(printed)[0] in self.renumbered and (new := self._renumber(printed)):
                old_ch, new_ch = idmod.parts(printed)[0], idmod.parts(new)[0]
                end = self._renumber(span_end) if span_end else None
                evidence = (f"{printed} names no rule; the table of contents still numbers chapter {new_ch} "
                            f"as {old_ch}, so {printed} is the old number of {new}"
                            + (f" (range end {span_end} -> {end})" if end else ""))
                out.append(Reference(raw, printed, None, RefStatus.STALE, new, evidence, span_end))
            elif not exists:
                out.append(Reference(raw, printed, None, RefStatus.BROKEN, None,
                                     f"{printed} names no rule of this document", span_end))
            else:
                out.append(Reference(raw, printed, printed, RefStatus.OK, span_end=span_end))
        return out
