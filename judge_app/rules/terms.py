"""Terms a document defines ("This is called an infinite loop", keyword names) and who uses them."""

from __future__ import annotations

import re
from collections.abc import Iterable

from judge_app.rules.model import Kind, Rule

_Q = "\"“‘'「『"
_QE = "\"”’'」』"
_TERM = r"([A-Za-z][\w’'\- ]{1,40}?)"

_PATTERNS = [
    # "This is called an infinite loop", "are called effect costs", "is called the Lv cost"
    re.compile(rf"\b(?:is|are)\s+(?:also\s+)?(?:called|referred to as|known as)\s+(?:an?\s+|the\s+)?[{_Q}]?{_TERM}[{_QE}]?(?=\s*(?:[.,;:)]|\(|$|\s(?:and|or|while|when|for|in)\b))"),
    # "‘Game’ refers to", "“Continuous effects” refer to", "The Damage Process refers to"
    re.compile(rf"^(?:The\s+|A\s+|An\s+)?[{_Q}]([^{_QE}]{{2,40}})[{_QE}]\s+(?:refers?|means?|is)\b"),
    re.compile(r"^(?:The\s+)?([A-Z][\w’']*(?:\s+[A-Z][\w’']*){0,3})\s+refers?\s+to\b"),
    # "To destroy a card means", "To 'Exhaust' is to"
    re.compile(rf"^To\s+[{_Q}]?([a-z][a-z\- ]{{1,25}}?)[{_QE}]?(?:\s+(?:a|an|the)\s+\w+)?\s+(?:means|is to|refers to)\b", re.I),
    # "‘Self’ refers to", "Depletion refers to"
    re.compile(r"^([A-Z][a-z]+)\s+refers\s+to\b"),
]
_KEYWORD_CHAPTER = re.compile(r"keyword", re.I)
_BRACKETS = re.compile(r"^[\[【《『‘'\"“(]*\s*(.*?)\s*[\]】》』’'\"”)]*$")


def _clean(term: str) -> str | None:
    term = term.strip(" .,:;\"“”‘’'")
    term = re.sub(r"\s+", " ", term)
    if not term or len(term) < 3 or len(term.split()) > 5:
        return None
    if term.lower() in {"this", "that", "it", "them", "a card", "the card", "card", "cards"}:
        return None
    return term


def _keyword_title(title: str) -> str | None:
    t = title.replace("**", "").strip()
    m = _BRACKETS.match(t)
    t = m.group(1) if m else t
    if not t or len(t.split()) > 4 or re.search(r"\b(?:Effects?|Rules?|Overview|Keywords?)\b", t):
        return None
    return t


def collect_terms(rules: dict[str, Rule]) -> dict[str, list[str]]:
    """term -> defining rule ids (first one is the definition shown)."""
    found: dict[str, list[str]] = {}

    def add(term: str | None, rid: str) -> None:
        if term:
            found.setdefault(term, [])
            if rid not in found[term]:
                found[term].append(rid)

    for r in rules.values():
        if r.kind is Kind.RULE:
            for sentence in re.split(r"(?<=[.!?])\s+", r.text):
                for p in _PATTERNS:
                    for m in p.finditer(sentence):
                        add(_clean(m.group(1)), r.id)
        if r.kind is Kind.SECTION and r.title and r.parent:
            chapter = rules.get(r.id.split("-")[0].split(".")[0])
            if chapter is not None and chapter.title and _KEYWORD_CHAPTER.search(chapter.title):
                kw = _keyword_title(r.title)
                if kw:
                    first = r.children[0] if r.children else r.id
                    add(kw, first if first in rules and rules[first].kind is Kind.RULE else r.id)
    # a term defined by several phrasings keeps one canonical spelling
    merged: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    for term, rids in found.items():
        key = term.casefold()
        if key in seen:
            merged[seen[key]].extend(x for x in rids if x not in merged[seen[key]])
        else:
            seen[key] = term
            merged[term] = list(rids)
    return merged


def term_users(term: str, rules: Iterable[Rule], exclude: set[str]) -> list[str]:
    pat = re.compile(r"(?<!\w)" + re.escape(term) + r"(?:s|es)?(?!\w)", re.I)
    low = term.casefold()
    out = []
    for r in rules:
        if r.id in exclude or r.kind in (Kind.CHAPTER, Kind.SECTION):
            continue
        if low in r.text.casefold() and pat.search(r.text):
            out.append(r.id)
    return out
