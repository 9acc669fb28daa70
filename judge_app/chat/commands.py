"""`judge cite TEXT [--game G] [--format discord|slack|plain] [--json]`."""

from __future__ import annotations

import json
import sys

import click

from judge_app.chat.format import cite as cite_text
from judge_app.clikit import Session, json_option, pass_session


@click.command("cite")
@click.argument("text", required=False)
@click.option("--game", default=None, help="Default game for bare numbers.")
@click.option("--format", "fmt", default="plain", type=click.Choice(["plain", "discord", "slack"]))
@click.option("--base-url", default="http://127.0.0.1:8000", help="Base of the permalinks.")
@json_option()
@pass_session
def cite(session: Session, text: str | None, game: str | None, fmt: str, base_url: str, as_json: bool) -> None:
    """Find rule citations in TEXT (or standard input), link them and quote the rules."""
    if text is None or text == "-":
        text = sys.stdin.read()
    res = cite_text(text, session.library, game, fmt, base_url.rstrip("/"))
    if as_json:
        click.echo(json.dumps(res, ensure_ascii=False, indent=2))
        return
    click.echo(res["text"])
    for c in res["citations"]:
        if c["status"] == "ambiguous":
            click.echo(f"  {c['raw']}: ambiguous — " + ", ".join(f"{x['game']}:{x['id']}" for x in c["candidates"]),
                       err=True)
        elif c["status"] == "unknown":
            click.echo(f"  {c['raw']}: {c.get('reason', 'unknown')}", err=True)
    for q in res["quotes"]:
        for m in q["messages"]:
            click.echo("")
            click.echo(m)


commands = [cite]
