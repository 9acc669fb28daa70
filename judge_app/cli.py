"""The `judge` command line. Each feature contributes its commands from its own module.

The executable starts in judge_app/entry.py, which answers the plain `judge check FILE` and
`judge rule GAME ID` without importing click, with the output of the commands here, and hands every
other command line to `main`."""

from __future__ import annotations

import importlib
from typing import Any

import click

from judge_app.clikit import Session, click_error
from judge_app.errors import JudgeError

# Command name -> the feature module defining it (each module exposes a `commands` list). A command's
# module is imported only when that command runs, so `judge check` never imports the web stack, the
# search index or another feature (a test checks this map against the modules).
COMMANDS: dict[str, str] = {
    "games": "judge_app.rules.commands", "rule": "judge_app.rules.commands", "export": "judge_app.rules.commands",
    "doctor": "judge_app.rules.commands", "diff": "judge_app.versions.commands", "cite": "judge_app.chat.commands",
    "search": "judge_app.search.commands", "index": "judge_app.search.commands",
    "eval-search": "judge_app.search.commands", "semantic-model": "judge_app.search.commands", "check": "judge_app.scenario.commands",
    "import-scenarios": "judge_app.scenario.commands", "serve": "judge_app.web.commands", "bench": "judge_app.benchcmd",
    "cardtext-report": "judge_app.cardtext_report",
}


class _Group(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = COMMANDS.get(name)
        if module is None:
            return None
        return next((c for c in importlib.import_module(module).commands if c.name == name), None)

    def invoke(self, ctx: click.Context) -> Any:
        session = ctx.ensure_object(Session)  # made here, so the subcommand's context shares it
        try:
            return super().invoke(ctx)
        except JudgeError as e:
            raise click_error(e, session.json) from e


@click.group(cls=_Group)
@click.version_option(package_name="judge")
def main() -> None:
    """judge: comprehensive rules, searchable, cross-referenced, and a scenario checker."""


if __name__ == "__main__":
    main()
