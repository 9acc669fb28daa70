"""Rule text to safe HTML: markdown, then nh3, then links for references and terms.

Everything that reaches a page as markup goes through `sanitise`; the links this module adds are
built from ids of the rule library and escaped, and the result is sanitised once more.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable

import markdown
import nh3
from markupsafe import Markup

from judge_app.rules.model import Reference, RefStatus, Rule, Term

_TAGS = {
    "p", "br", "em", "strong", "b", "i", "code", "pre", "ul", "ol", "li", "blockquote", "a", "span",
    "sub", "sup", "dfn", "table", "thead", "tbody", "tr", "th", "td", "mark", "hr",
}
_ATTRS = {
    "a": {"href", "class", "title", "data-preview"},
    "span": {"class", "title"},
    "dfn": {"id"},
    "th": {"align"},
    "td": {"align"},
}
_SCHEMES = {"http", "https", "mailto"}
ALLOWED_TAGS = frozenset(_TAGS)
ALLOWED_ATTRS = {k: frozenset(v) for k, v in _ATTRS.items()}
_SNIPPET_TAGS = {"mark", "b", "em", "strong"}


def sanitise(fragment: str) -> str:
    """The one allowlist every piece of markup on a page passes through."""
    return nh3.clean(fragment, tags=_TAGS, attributes=_ATTRS, url_schemes=_SCHEMES,
                     link_rel="noopener noreferrer nofollow")


_MARK = re.compile(r"</?mark>")


def sanitise_snippet(fragment: str) -> Markup:
    """Highlighted search snippets: only emphasis survives."""
    fragment = fragment or ""
    if "<" not in _MARK.sub("", fragment):
        # escaped text with bare <mark> tags only (what the search service makes): nothing to strip,
        # but unbalanced marks must not leak their highlighting past the snippet
        if fragment.count("<mark>") == fragment.count("</mark>"):
            return Markup(fragment)
    return Markup(nh3.clean(fragment, tags=_SNIPPET_TAGS, attributes={}, url_schemes=set()))


def markdown_html(text: str) -> str:
    """Markdown to sanitised HTML. Tab-separated grids (lost tables) are kept as preformatted text."""
    if not text:
        return ""
    if "\t" in text:
        return sanitise(f'<pre><span class="grid">{html.escape(text, quote=False)}</span></pre>')
    md = markdown.Markdown(extensions=["tables"], output_format="html")
    return sanitise(md.convert(text))


_SPLIT = re.compile(r"(<[^>]*>)")


def _map_text(fragment: str, fn: Callable[[str], str]) -> str:
    """Apply `fn` to every text node that is not already inside a link."""
    out = []
    in_link = 0
    for piece in _SPLIT.split(fragment):
        if piece.startswith("<"):
            low = piece[:3].lower()
            if low == "<a " or piece.lower() == "<a>":
                in_link += 1
            elif low == "</a":
                in_link = max(0, in_link - 1)
            out.append(piece)
        elif piece and not in_link:
            out.append(fn(piece))
        else:
            out.append(piece)
    return "".join(out)


def _id_pattern(printed: str) -> re.Pattern:
    return re.compile(r"(?<![\w.\-/])" + re.escape(html.escape(printed, quote=False)) + r"(?![\w\-/]|[.\-]\d)")


def link_references(fragment: str, refs: Iterable[Reference], url_for_id: Callable[[str], str],
                    title_for_id: Callable[[str], str]) -> str:
    """Turn each printed reference into a link (with a preview URL), in text order."""
    pending = list(refs)
    if not pending:
        return fragment

    def one(text: str) -> str:
        pos = 0
        out = []
        while pending:
            ref = pending[0]
            raw = html.escape(ref.raw, quote=False)
            at = text.find(raw, pos)
            if at == -1:
                break
            m = _id_pattern(ref.printed).search(text, at, at + len(raw))
            if m is None:
                pending.pop(0)
                continue
            pending.pop(0)
            out.append(text[pos:m.start()])
            out.append(_ref_markup(ref, m.group(0), url_for_id, title_for_id))
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)

    return _map_text(fragment, one)


def _ref_markup(ref: Reference, shown: str, url_for_id, title_for_id) -> str:
    target = ref.target
    if ref.status is RefStatus.OK and target:
        url = url_for_id(target)
        return (f'<a class="ref" href="{html.escape(url)}" data-preview="{html.escape(url)}.json" '
                f'title="{html.escape(title_for_id(target))}">{shown}</a>')
    if ref.proposed:
        url = url_for_id(ref.proposed)
        tip = f"printed {ref.printed}; likely meant {ref.proposed}"
        return (f'<a class="ref ref-stale" href="{html.escape(url)}" data-preview="{html.escape(url)}.json" '
                f'title="{html.escape(tip)}">{shown}</a>')
    return f'<span class="ref ref-broken" title="{html.escape("no rule " + ref.printed)}">{shown}</span>'


def link_terms(fragment: str, terms: Iterable[Term], url_for_term: Callable[[Term], str]) -> str:
    """Link the first use of each defined term to its definition."""
    todo = sorted(terms, key=lambda t: -len(t.term))
    if not todo:
        return fragment
    done: set[str] = set()

    def one(text: str) -> str:
        for t in todo:
            if t.term in done:
                continue
            pat = re.compile(r"(?<![\w-])(" + re.escape(html.escape(t.term, quote=False)) + r")(?![\w-])", re.I)
            m = pat.search(text)
            if not m:
                continue
            # never split a link made for a longer term
            done.add(t.term)
            url = html.escape(url_for_term(t))
            text = (text[:m.start()] + f'<a class="term" href="{url}" data-preview="{url}.json" '
                    f'title="definition: {html.escape(t.rule)}">'
                    + m.group(1) + "</a>" + text[m.end():])
            break
        return text

    # one term per pass keeps links from nesting; terms are few per rule
    out = fragment
    for _ in range(len(todo)):
        before = len(done)
        out = _map_text(out, one)
        if len(done) == before:
            break
    return out


def rule_html(rule: Rule, *, url_for_id, title_for_id, terms: Iterable[Term], url_for_term) -> Markup:
    body = markdown_html(rule.text)
    if not body:
        return Markup("")
    body = link_references(body, rule.refs, url_for_id, title_for_id)
    body = link_terms(body, terms, url_for_term)
    return Markup(sanitise(body))
