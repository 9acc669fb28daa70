"""What every `judge` command shares: the `--json` flag, the rule library (loaded once, when a command
first asks for it) and the translation of the project's errors (judge_app.errors) into click
exceptions carrying the documented exit codes: 2 for bad input, 3 for an unknown game, version or id.

Importing this module imports click and the error hierarchy only: `judge check` and `judge rule`
stay free of the web stack and the search index.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from judge_app.errors import JudgeError, ScenarioError

if TYPE_CHECKING:
    from judge_app.rules.library import Library

F = TypeVar("F", bound=Callable[..., Any])


class Session:
    """The click context object of one `judge` run."""

    def __init__(self) -> None:
        self.json = False  # the command was given --json: errors are printed as JSON too
        self._library: Library | None = None

    @property
    def library(self) -> Library:
        if self._library is None:
            from judge_app.rules.library import load_library

            self._library = load_library()
        return self._library


pass_session = click.make_pass_decorator(Session, ensure=True)


def _remember_json(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.ensure_object(Session).json = True
    return value


def json_option(help: str = "Machine-readable output.", default: bool = False) -> Callable[[F], F]:
    """The `--json` flag (passed to the command as `as_json`)."""
    return click.option("--json", "as_json", is_flag=True, default=default, help=help, callback=_remember_json)


class CommandError(click.ClickException):
    """A JudgeError on the command line: `error: message` and the hint on stderr, or the error's JSON
    when the command was given --json."""

    exit_code = 2

    def __init__(self, error: JudgeError, as_json: bool = False):
        super().__init__(error.message)
        self.error = error
        self.as_json = as_json

    def show(self, file: IO[Any] | None = None) -> None:
        if self.as_json:
            click.echo(json.dumps(self.error.to_dict(), ensure_ascii=False), err=True)
            return
        click.echo(f"error: {self.error.message}", err=True)
        if self.error.hint:
            click.echo(self.error.hint, err=True)


class BadInput(CommandError):
    exit_code = 2


class NotFoundError(CommandError):
    exit_code = 3


class ScenarioFailed(BadInput):
    """A scenario that cannot be run: "line L, column C: message", the line and the hint on stderr;
    with --json the error's JSON goes to stdout as well, where programs read the answer."""

    def show(self, file: IO[Any] | None = None) -> None:
        e = self.error
        assert isinstance(e, ScenarioError)
        where = f"line {e.line}, column {e.column or 1}: " if e.line else ""
        click.echo(f"{where}{e.message}", err=True)
        if e.text:
            click.echo(f"  {e.text}", err=True)
        if e.hint:
            click.echo(f"  hint: {e.hint}", err=True)
        if self.as_json:
            click.echo(json.dumps(e.to_dict(), ensure_ascii=False))


def click_error(error: JudgeError, as_json: bool = False) -> CommandError:
    """The click exception for `error`: exit 3 for what does not exist (404), 2 for the rest."""
    if isinstance(error, ScenarioError):
        return ScenarioFailed(error, as_json)
    return (NotFoundError if error.status == 404 else BadInput)(error, as_json)
