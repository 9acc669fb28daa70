"""One rule as data: the payload of the rule page, of its `.json` twin and of `judge rule --json`.

Built from the library alone (no request): the web view passes its caches and the address of the
service, the CLI passes its own. Every link comes from `judge_app.web.urls`.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from judge_app.rules import Document, Kind, Library, Rule
from judge_app.web import urls
from judge_app.web.render import rule_html
from judge_app.web.state import DocIndex, is_derived, term_slug

QUOTE_RULES = 40  # rules quoted when a section (a heading without text of its own) is copied
QUOTE_CHARS = 6000


def short(rule: Rule | None, n: int = 90) -> str:
    if rule is None:
        return ""
    text = rule.title or rule.text.replace("\n", " ")
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def html_renderer(doc: Document, pin: str | None, index: DocIndex, cache=None) -> Callable[[str], Markup]:
    """id -> the rule's text as safe HTML, with references and terms linked (cached when `cache` is given)."""
    game = doc.game

    def title_for(rid: str) -> str:
        return f"{rid}: {short(doc.get(rid), 120)}"

    def url_for_id(rid: str) -> str:
        from judge_app.rules.parsing import ids as idmod

        target = idmod.base_of(rid) if rid in doc.rules and is_derived(doc.rules[rid]) else rid
        return urls.rule_url(game, target, pin)

    def url_for_term(t) -> str:
        return urls.rule_url(game, t.rule, pin)

    def html_for(rid: str) -> Markup:
        key = (game, doc.version, pin is not None, rid)
        out = cache.get(key) if cache is not None else None
        if out is None:
            r = doc.rules[rid]
            terms = [t for t in index.terms_used.get(rid, ()) if t.rule != rid]
            out = rule_html(r, url_for_id=url_for_id, title_for_id=title_for, terms=terms,
                            url_for_term=url_for_term)
            if cache is not None:
                cache.put(key, out)
        return out

    return html_for


def quote_lines(doc: Document, r: Rule, limit: int = QUOTE_RULES, chars: int = QUOTE_CHARS) -> tuple[list[str], int]:
    """The text to quote for `r`: its own text, or, for a heading without text (a chapter or a
    section), the rules under it, one line each (`id text`). Returns (lines, rules left out)."""
    if r.text.strip():
        return r.text.strip().splitlines(), 0
    lines: list[str] = []
    left = 0
    used = 0
    stack = list(reversed(r.children))
    while stack:
        x = doc.rules[stack.pop()]
        if x.kind in (Kind.EXAMPLE, Kind.NOTE):
            continue
        label = " ".join(p for p in (x.title, x.text.replace("\n", " ").strip()) if p)
        line = f"{x.id} {label}".strip()
        if len(lines) >= limit or used + len(line) > chars:
            left += 1
        else:
            lines.append(line)
            used += len(line) + 1
        stack.extend(reversed(x.children))
    return lines, left


def citation(doc: Document, r: Rule, url: str, heading: str | None) -> dict:
    label = doc.info.label or doc.version
    name = f"{doc.info.game_title} {r.id}"
    head = f" {r.title}" if r.title else (f" ({heading})" if heading else "")
    lines, left = quote_lines(doc, r)
    if left:
        lines.append(f"… and {left} more rules")
    text = "\n".join(lines)
    plain = f"{name}{head}, {label}\n" + (f"{text}\n" if text else "") + url
    quoted = "\n".join("> " + line if line else ">" for line in lines)
    md = f"**[{name}]({url})**{head} · {label}" + (f"\n{quoted}" if text else "")
    return {"plain": plain, "markdown": md}


def versions_of(library: Library, game: str, rule_id: str | None) -> list[dict]:
    g = library.games[game]
    out = []
    for v in g.versions:
        d = library.document(game, v)
        has = rule_id is None or rule_id in d.rules
        out.append({"version": v, "label": d.info.label or v, "current": v == g.current,
                    "effective_date": d.info.effective_date, "has_rule": has,
                    "url": urls.version_url(library, game, v, rule_id if rule_id and has else None)})
    return out


def history_of(library: Library, game: str, rule_id: str) -> list[dict]:
    from judge_app.versions.diff import rule_history

    return [{**h.to_dict(), "url": urls.version_url(library, game, h.version, rule_id) if h.text is not None else None}
            for h in rule_history(library, game, rule_id)]


def newer_text(library: Library, doc: Document, rule_id: str) -> dict | None:
    """On a page of an older version: how the rule reads in the current one (the banner's data)."""
    from judge_app.versions.diff import changed_since

    g = library.games[doc.game]
    if doc.version == g.current:
        return None
    cur = library.document(doc.game)
    change = changed_since(library, doc.game, rule_id, doc.version, g.current)
    r = cur.get(rule_id)
    status = str(change.status) if change else "same"
    return {"version": g.current, "label": cur.info.label or g.current, "status": status,
            "url": urls.rule_url(doc.game, rule_id) if r is not None else urls.game_url(doc.game),
            "text": r.text if r is not None else None,
            "diff": list(change.diff) if change and change.diff else []}


def doc_info(doc: Document, pin: str | None) -> dict:
    """The document as pages describe it: its info, whether pinned, its links."""
    info = doc.info.to_dict()
    info.pop("file", None)
    info.update(pinned=pin is not None, url=urls.game_url(doc.game, pin), glossary_url=urls.glossary_url(doc.game, pin))
    return info


def rule_payload(library: Library, doc: Document, r: Rule, *, pin: str | None, base: str, index: DocIndex,
                 html_for: Callable[[str], Markup] | None = None) -> dict:
    """Everything the rule page shows, as data. `base` is the service's address (for absolute links)."""
    game = doc.game
    html_for = html_for or html_renderer(doc, pin, index)
    url = urls.rule_url(game, r.id, pin)
    canonical = base + url
    heading = index.section_title(r)

    def lite(rid: str | None) -> dict | None:
        if rid is None or rid not in doc.rules:
            return None
        x = doc.rules[rid]
        return {"id": rid, "title": x.title, "label": short(x), "url": urls.rule_url(game, rid, pin)}

    def item(x: Rule) -> dict:
        xurl = urls.rule_url(game, x.id, pin)
        return {"id": x.id, "kind": str(x.kind), "title": x.title, "text": x.text, "html": html_for(x.id),
                "url": xurl, "children": [item(doc.rules[c]) for c in x.children],
                "cite": citation(doc, x, base + xurl, index.section_title(x))}

    children = [item(doc.rules[c]) for c in r.children if not is_derived(doc.rules[c])]
    examples = [item(doc.rules[c]) for c in r.children if is_derived(doc.rules[c])]
    refs = []
    seen_refs = set()
    for ref in r.refs:
        k = (ref.printed, ref.target, ref.proposed)
        if k in seen_refs:
            continue
        seen_refs.add(k)
        refs.append({"raw": ref.raw, "printed": ref.printed, "status": str(ref.status),
                     "target": lite(ref.target), "proposed": lite(ref.proposed), "evidence": ref.evidence})
    prev_r, next_r = doc.neighbours(r.id)
    terms_used = [{"term": t.term, "rule": lite(t.rule)} for t in index.terms_used.get(r.id, ()) if t.rule != r.id]
    terms_defined = [{"term": t, "anchor": term_slug(t), "url": urls.glossary_url(game, pin) + "#" + term_slug(t)}
                     for t in r.defines]
    label = doc.info.label or doc.version
    info = doc_info(doc, pin)
    multi = len(library.games[game].versions) > 1
    return {
        "game": {"key": game, "title": doc.info.game_title},
        "document": info,
        "rule": {"id": r.id, "kind": str(r.kind), "title": r.title, "text": r.text, "html": html_for(r.id),
                 "url": url, "printed_id": r.printed_id, "line": r.line, "parent": r.parent},
        "heading": heading,
        "page_title": f"{doc.info.game_title} {r.id}" + (f" — {heading}" if heading else ""),
        "description": (r.text or heading or "").replace("\n", " ")[:300],
        "canonical": canonical,
        "pinned_url": base + urls.pinned_rule_url(game, r.id, doc.version),
        "breadcrumb": [{**(lite(a.id) or {}), "crumb": short(a, 40)} for a in doc.ancestors(r.id)],
        "children": children,
        "examples": examples,
        "refs": refs,
        "cited_by": [lite(c) for c in r.cited_by if c in doc.rules],
        "terms_used": terms_used,
        "terms_defined": terms_defined,
        "prev": lite(prev_r.id if prev_r else None),
        "next": lite(next_r.id if next_r else None),
        "versions": versions_of(library, game, r.id),
        "history": history_of(library, game, r.id) if multi else [],
        "newer": newer_text(library, doc, r.id),
        "diff_url": _diff_link(library, game),
        "citation": citation(doc, r, canonical, heading),
        "version_label": label,
    }


def _diff_link(library: Library, game: str) -> str | None:
    """The diff between the two latest versions of `game`, when it has two."""
    vs = library.games[game].versions
    return urls.diff_url(game, vs[-2], vs[-1]) if len(vs) > 1 else None


def plain(node):
    """The payload as JSON data: markup becomes strings, per-item citations are dropped."""
    if isinstance(node, dict):
        return {k: plain(v) for k, v in node.items() if k != "cite"}
    if isinstance(node, list):
        return [plain(x) for x in node]
    if hasattr(node, "__html__"):
        return str(node)
    return node


def rule_json(payload: dict) -> dict:
    return plain({k: v for k, v in payload.items() if k != "page_title"})
