"""Citations turned into chat messages: linked text, quoted rules, split at platform limits."""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge_app.chat.citations import Citation, find_citations
from judge_app.errors import BadQuery
from judge_app.rules.library import Library
from judge_app.rules.model import Rule

# message limits: Discord message content 2,000 characters; Slack section text 3,000
LIMITS = {"discord": 2000, "slack": 3000, "plain": 4000}
CUT_MARK = "…[cut]"


@dataclass(frozen=True)
class Platform:
    name: str
    limit: int

    def link(self, label: str, url: str) -> str:
        if self.name == "discord":
            return f"[{label}]({url})"
        if self.name == "slack":
            return f"<{url}|{label}>"
        return f"{label} <{url}>"

    def bold(self, s: str) -> str:
        return f"*{s}*" if self.name == "slack" else (f"**{s}**" if self.name == "discord" else s)

    def escape(self, s: str) -> str:
        if self.name == "slack":
            return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        if self.name == "discord":
            return re.sub(r"([*_`~|>\\])", r"\\\1", s)
        return s


def platform(name: str | None) -> Platform:
    name = (name or "plain").lower()
    if name not in LIMITS:
        raise BadQuery(f"unknown format {name!r}", hint="formats: discord, slack, plain")
    return Platform(name, LIMITS[name])


def split_message(text: str, limit: int) -> list[str]:
    """Split at paragraph, sentence or word boundaries; a single word longer than the limit is cut
    and marked, never silently."""
    if len(text) <= limit:
        return [text]
    out: list[str] = []
    rest = text
    while len(rest) > limit:
        window = rest[:limit]
        cut = max(window.rfind("\n\n"), -1)
        if cut < limit // 3:
            m = list(re.finditer(r"(?<=[.!?])\s", window))
            cut = m[-1].end() if m and m[-1].end() > limit // 3 else -1
        if cut < limit // 3:
            cut = window.rfind(" ")
        if cut <= 0:  # one unbroken word: cut it, and say so
            piece = rest[: limit - len(CUT_MARK)] + CUT_MARK
            out.append(piece)
            rest = rest[limit - len(CUT_MARK):]
            continue
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        out.append(rest)
    return out


def quote_rule(lib: Library, pf: Platform, game: str, r: Rule, url: str, version: str | None = None) -> str:
    doc = lib.document(game, version)
    head = f"{doc.info.game_title} {r.id}" + (f" {r.title}" if r.title else "")
    from judge_app.web.payload import quote_lines  # the rule page's "Copy" quotes the same lines

    lines, left = quote_lines(doc, r)
    if left:
        lines.append(f"… and {left} more rules")
    body = "\n".join(pf.escape(ln) for ln in lines)
    return f"{pf.bold(pf.escape(head))} ({doc.info.label or doc.version})\n{body}\n{url}".strip()


def link_text(text: str, cites: list[Citation], pf: Platform) -> str:
    """The text with every resolved citation linked (once per printed span)."""
    out = []
    pos = 0
    seen_spans = set()
    for c in sorted(cites, key=lambda c: c.start):
        if c.status != "resolved" or (c.start, c.end) in seen_spans or c.start < pos:
            continue
        seen_spans.add((c.start, c.end))
        out.append(pf.escape(text[pos:c.start]))
        out.append(pf.link(text[c.start:c.end], c.url or ""))
        pos = c.end
    out.append(pf.escape(text[pos:]))
    return "".join(out)


def cite(text: str, lib: Library, game: str | None = None, fmt: str | None = "plain", url_base: str = "",
         max_quotes: int = 10) -> dict:
    """The API's answer: text back with citations linked, the citations, and the quoted rules."""
    if not isinstance(text, str):
        raise BadQuery("'text' must be a string")
    pf = platform(fmt)
    cites = find_citations(text, lib, game, url_base)
    quotes: list[dict] = []
    seen: set[tuple[str, str]] = set()
    for c in cites:
        if c.status != "resolved" or c.game is None or c.id is None or (c.game, c.id) in seen \
                or len(seen) >= max_quotes:
            continue
        seen.add((c.game, c.id))
        r = lib.document(c.game).rules[c.id]
        full = quote_rule(lib, pf, c.game, r, c.url or "")
        parts = split_message(full, pf.limit)
        quotes.append({"game": c.game, "id": c.id, "url": c.url, "messages": parts, "split": len(parts) > 1})
    omitted = len({(c.game, c.id) for c in cites if c.status == "resolved"}) - len(seen)
    return {
        "text": link_text(text, cites, pf),
        "format": pf.name,
        "citations": [c.to_dict() for c in cites],
        "quotes": quotes,
        "omitted_quotes": omitted,
    }
