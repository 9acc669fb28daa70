"""`judge diff GAME OLD NEW [--json]`."""

from __future__ import annotations

import json

import click

from judge_app.clikit import Session, json_option, pass_session
from judge_app.versions.diff import Status, diff_versions


def _render_ops(ops) -> str:
    out = []
    for o in ops:
        if o["op"] == "equal":
            out.append(o["text"])
        else:
            if o.get("old"):
                out.append(click.style(f"[-{o['old']}-]", fg="red"))
            if o.get("new"):
                out.append(click.style(f"{{+{o['new']}+}}", fg="green"))
    return " ".join(out)


@click.command("diff")
@click.argument("game")
@click.argument("old")
@click.argument("new")
@json_option()
@click.option("--editorial/--no-editorial", default=True, help="List editorial-only changes too.")
@pass_session
def diff(session: Session, game: str, old: str, new: str, as_json: bool, editorial: bool) -> None:
    """Rule-level differences between two versions, reconciled with the newer changelog."""
    d = diff_versions(session.library, game, old, new)
    if as_json:
        click.echo(json.dumps(d.to_dict(), ensure_ascii=False, indent=2))
        return
    click.echo(click.style(f"{game}: {old} -> {new}", bold=True) + "  " +
               ", ".join(f"{n} {k}" for k, n in sorted(d.counts.items())))
    for c in d.changes:
        if c.status is Status.EDITORIAL and not editorial:
            continue
        head = f"{c.status:<9} {c.id}" + (f" (was {c.old_id})" if c.old_id else "")
        click.echo(head)
        if c.status is Status.CHANGED:
            click.echo("          " + _render_ops(c.diff))
        elif c.status is Status.ADDED:
            click.echo("          " + (c.new_text or "")[:200])
        elif c.status is Status.REMOVED:
            click.echo("          " + (c.old_text or "")[:200])
    if d.changelog:
        click.echo(click.style("changelog of " + new, bold=True))
        for lc in d.changelog:
            mark = "confirmed" if lc.confirmed else "NOT confirmed"
            click.echo(f"  {lc.entry.date or '?'} {lc.entry.text}  [{mark}] {lc.evidence}")
    if d.unlogged:
        click.echo(click.style("changes the changelog does not mention: ", bold=True) + ", ".join(d.unlogged))


commands = [diff]
