"""`judge rule GAME ID` as text, without click: the rule found the way the command finds it, and its
lines. Shared by the click command (judge_app/rules/commands.py) and the executable's fast path
(judge_app/entry.py), so both print the same."""

from __future__ import annotations

import textwrap

from judge_app.errors import UnknownRule
from judge_app.rules.library import Library
from judge_app.rules.model import Document, RefStatus, Rule


def resolve_id(lib: Library, game: str, rule_id: str, version: str | None) -> str:
    """Accept any notation the resolver understands, falling back to the id as typed. Read loosely, as a URL path is: the
    argument can only be a rule id, so digits typed with spaces ("10 7 7", a phone keyboard) are one too."""
    from judge_app.rules.notation import parse_rule_number

    parsed = parse_rule_number(rule_id, lib, game=game, version=version, loose=True)
    if parsed is not None and parsed.ids:
        return parsed.ids[0]
    return rule_id


def find_rule(lib: Library, game: str, rule_id: str, version: str | None) -> tuple[Document, Rule]:
    """The document and the rule `judge rule` shows (UnknownGame, UnknownVersion, UnknownRule otherwise)."""
    doc = lib.document(game, version)
    rid = resolve_id(lib, game, rule_id, version)
    r = doc.get(rid)
    if r is None:
        lib.rule(game, rule_id, version)  # raises with the nearest ids
        raise UnknownRule(f"no rule {rule_id}")
    return doc, r


def rule_lines(doc: Document, r: Rule) -> list[tuple[str, bool]]:
    """The lines of the rule with its context, each with whether it is printed bold (the rule's own head)."""
    out: list[tuple[str, bool]] = []
    w = textwrap.TextWrapper(width=96, subsequent_indent="    ")
    out.append((f"{doc.info.game_title} — {doc.info.title} {doc.info.label or doc.version}", False))
    for a in doc.ancestors(r.id):
        out.append((f"  {a.id} {(a.title or a.text)[:60]}", False))
    out.append((f"{r.id} {r.title}" if r.title else r.id, True))
    for para in r.text.split("\n\n"):
        if para:
            out.append((w.fill("    " + para) if "\n" not in para else textwrap.indent(para, "    "), False))
    for cid in r.children:
        c = doc.get(cid)
        if c is not None:
            out.append((w.fill(f"  {c.id} {c.title or c.text}"), False))
    if r.refs:
        out.append(("references:", False))
        for ref in r.refs:
            line = f"  {ref.raw} -> {ref.target or '?'}"
            if ref.status is not RefStatus.OK:
                line += f" [{ref.status}; likely {ref.proposed or 'unknown'}]"
            out.append((line, False))
    if r.cited_by:
        out.append(("cited by: " + ", ".join(r.cited_by), False))
    if r.defines:
        out.append(("defines: " + ", ".join(r.defines), False))
    out.append((f"(source line {r.line})", False))
    return out
