"""CLI commands of the rule library: games, rule, export, doctor."""

from __future__ import annotations

import json
from typing import Any

import click

from judge_app import config
from judge_app.clikit import Session, json_option, pass_session
from judge_app.rules.library import Library
from judge_app.rules.model import Diagnostic, Document, Kind, Rule
from judge_app.rules.show import find_rule, rule_lines


def _echo_json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def games_dict(lib: Library) -> dict[str, Any]:
    out = []
    for g in lib.games.values():
        docs = [lib.document(g.key, v) for v in g.versions]
        out.append({
            "game": g.key, "title": g.title, "current": g.current,
            "documents": [{**d.info.to_dict(), "rules": len(d)} for d in docs],
        })
    return {"games": out}


def rule_dict(lib: Library, doc: Document, r: Rule) -> dict[str, Any]:
    """The rule as the web page's `.json` twin gives it (one payload, judge_app.web.payload), plus
    `version`. Links are relative unless JUDGE_BASE_URL (or its former name JUDGE_PUBLIC_URL) names
    the service."""
    from judge_app.web import payload, urls
    from judge_app.web.state import DocIndex

    base = config.value("JUDGE_BASE_URL") or config.value("JUDGE_PUBLIC_URL") or ""
    data = payload.rule_payload(lib, doc, r, pin=urls.pin_for(lib, doc.game, doc.version), base=base,
                                index=DocIndex.build(doc))
    return {**payload.rule_json(data), "version": doc.version}


def export_dict(doc: Document) -> dict[str, Any]:
    return {
        "game": doc.game, "version": doc.version, "document": doc.info.to_dict(),
        "rules": [r.to_dict() for r in doc],
        "terms": [t.to_dict() for t in doc.terms],
        "diagnostics": [d.to_dict() for d in doc.diagnostics],
        "changelog": [c.to_dict() for c in doc.changelog],
        "alignment": [a.to_dict() for a in doc.alignment],
    }


@click.command("games")
@json_option()
@pass_session
def games(session: Session, as_json: bool) -> None:
    """The games, their documents and versions."""
    data = games_dict(session.library)
    if as_json:
        _echo_json(data)
        return
    for g in data["games"]:
        click.echo(f"{g['game']}: {g['title']}")
        for d in g["documents"]:
            mark = "*" if d["current"] else " "
            date = f", effective {d['effective_date']}" if d["effective_date"] else ""
            click.echo(f"  {mark} {d['version']:<16} {d['label']}{date} ({d['rules']} entries)")


@click.command("rule")
@click.argument("game")
@click.argument("rule_id")
@click.option("--version", "version", default=None, help="Document version (default: current).")
@json_option()
@pass_session
def rule(session: Session, game: str, rule_id: str, version: str | None, as_json: bool) -> None:
    """One rule with its context: parent chain, children, references, cited-by."""
    lib = session.library
    doc, r = find_rule(lib, game, rule_id, version)
    if as_json:  # the page's payload (imports the web layer's renderer: only for --json)
        _echo_json(rule_dict(lib, doc, r))
        return
    for text, bold in rule_lines(doc, r):
        click.echo(click.style(text, bold=True) if bold else text)


@click.command("export")
@click.argument("game")
@click.option("--version", "version", default=None, help="Document version (default: current).")
@json_option(help="JSON output (the only format).", default=True)
@pass_session
def export(session: Session, game: str, version: str | None, as_json: bool) -> None:
    """The whole rule tree of a document as JSON."""
    _echo_json(export_dict(session.library.document(game, version)))


@click.command("doctor")
@click.argument("game", required=False)
@click.option("--version", "version", default=None, help="Only this version.")
@json_option()
@pass_session
def doctor(session: Session, game: str | None, version: str | None, as_json: bool) -> None:
    """The diagnostics report: repairs made, stale references and their proposed targets, doubts."""
    lib = session.library
    docs = [lib.document(game, version)] if game and version else (
        [lib.document(game, v) for v in lib.game(game).versions] if game else lib.documents())
    if as_json:
        _echo_json({"documents": [{"game": d.game, "version": d.version,
                                   "diagnostics": [x.to_dict() for x in d.diagnostics]} for d in docs]})
        return
    for d in docs:
        click.echo(click.style(f"== {d.game} {d.version} ({d.info.file}): {len(d)} entries, "
                               f"{sum(1 for r in d if r.kind is Kind.RULE)} rules, {len(d.terms)} terms, "
                               f"{len(d.diagnostics)} diagnostics", bold=True))
        by_kind: dict[str, list[Diagnostic]] = {}
        for x in d.diagnostics:
            by_kind.setdefault(x.kind, []).append(x)
        for kind, items in by_kind.items():
            click.echo(f"  {kind} ({len(items)})")
            for x in items:
                flag = " [doubtful]" if x.doubtful else ""
                click.echo(f"    line {x.line}: {x.message}{flag}")
                if x.evidence:
                    click.echo(f"      evidence: {x.evidence}")


commands = [games, rule, export, doctor]
