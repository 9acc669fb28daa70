"""The `judge` command line. Each feature contributes its commands from its own module."""

from __future__ import annotations

import importlib
import json

import click

from judge_app.errors import JudgeError

# Feature modules that expose a `commands` list of click commands.
_COMMAND_MODULES = [
    "judge_app.rules.commands",
    "judge_app.versions.commands",
    "judge_app.chat.commands",
    "judge_app.search.commands",
    "judge_app.scenario.commands",
    "judge_app.web.commands",
    "judge_app.benchcmd",
]


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        wants_json = "--json" in ctx.args or "--json" in getattr(ctx, "_protected_args", [])
        try:
            return super().invoke(ctx)
        except JudgeError as e:
            if wants_json:
                click.echo(json.dumps(e.to_dict(), ensure_ascii=False), err=True)
            else:
                click.echo(f"error: {e.message}", err=True)
                if e.hint:
                    click.echo(e.hint, err=True)
            ctx.exit(2 if e.status != 404 else 3)


@click.group(cls=_Group)
@click.version_option(package_name="judge")
def main() -> None:
    """judge: comprehensive rules, searchable, cross-referenced, and a scenario checker."""


def _register() -> None:
    for name in _COMMAND_MODULES:
        mod = importlib.import_module(name)
        for cmd in getattr(mod, "commands", []):
            main.add_command(cmd)


_register()

if __name__ == "__main__":
    main()
