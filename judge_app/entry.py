"""The `judge` executable: `judge check FILE` and `judge rule GAME ID` without click, everything else
through the click commands (judge_app/cli.py).

Those two are what a shell runs most, and importing click is about a tenth of either's start-up
(docs/performance.md). Only their plain forms are answered here, and only when the answer is a success
printed the way click would print it (`click.echo` to streams click would not re-wrap, no escape
sequences for click to strip): an option, stdin, a file that cannot be read, an error of the scenario or
the rule library all go to click, before anything is printed, and click answers as it always did (a
scenario that does not run is replayed there to word its error). Output, exit status and errors are the
same either way (tests/rules/test_entry.py).
"""

from __future__ import annotations

import codecs
import errno
import gc
import os
import sys
from typing import IO, Any


def main() -> Any:
    try:
        code = _fast(sys.argv[1:])
    except KeyboardInterrupt:  # as click's standalone mode reports it
        _echo(sys.stderr, "\nAborted!\n")
        return 1
    except OSError as e:
        if e.errno != errno.EPIPE:
            raise
        sys.stdout = _Pacified(sys.stdout)  # as click's standalone mode: no second error at exit
        sys.stderr = _Pacified(sys.stderr)
        return 1
    if code is not None:
        return code
    from judge_app.cli import main as click_main

    return click_main()


class _Pacified:
    """A stream whose flush ignores a closed pipe (what click does after one: `… | head` ends quietly)."""

    def __init__(self, wrapped: Any) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as e:
            if e.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)


def _fast(args: list[str]) -> int | None:
    """The exit status of a command answered here, None for click to answer (nothing printed yet)."""
    if "_JUDGE_COMPLETE" in os.environ or not (_plain(sys.stdout) and _plain(sys.stderr)):
        return None
    if len(args) == 2 and args[0] == "check" and _operand(args[1]) and args[1] != "-":
        gc.disable()  # one bounded command, then exit: its imports and check would start ~45 collections for nothing
        return _check(args[1])
    if len(args) == 3 and args[0] == "rule" and _operand(args[1]) and _operand(args[2]):
        gc.disable()
        return _rule(args[1], args[2])
    return None


def _operand(arg: str) -> bool:
    return not arg.startswith("-")  # click reads the rest as options (or `--`)


def _plain(stream: IO[str] | None) -> bool:
    """A text stream click writes to as it is (click re-wraps one whose encoding is ASCII, or none)."""
    encoding = getattr(stream, "encoding", None)
    if stream is None or not encoding or getattr(stream, "errors", None) is None:
        return False
    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return True


def _tty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except Exception:  # as click.isatty
        return False


def _echo(stream: IO[str], text: str) -> None:
    """`click.echo(text, nl=False)` to a plain stream, for text without escape sequences."""
    if text:
        stream.write(text)
    stream.flush()


def _check(path: str) -> int | None:
    from judge_app.engine.core.budget import DEFAULT_MAX_STEPS, DEFAULT_TIME_BUDGET
    from judge_app.errors import JudgeError
    from judge_app.scenario.check import check_text, format_human

    try:
        with open(path, encoding="utf-8") as f:  # click.File("r", encoding="utf-8")
            source = f.read()
        result = check_text(source, max_steps=DEFAULT_MAX_STEPS, time_budget=DEFAULT_TIME_BUDGET)
    except (OSError, ValueError, JudgeError):  # unreadable, not UTF-8, or a scenario error: click words it
        return None
    out = format_human(result)
    failed = [f"line {x.line}: expectation failed: {x.text} (actual: {x.actual})\n"
              for x in result.expectations if not x.ok]
    if "\x1b" in out or any("\x1b" in line for line in failed):
        return None  # click strips escape sequences from what is not a terminal
    _echo(sys.stdout, out)
    for line in failed:
        _echo(sys.stderr, line)
    return 1 if failed else 0


def _rule(game: str, rule_id: str) -> int | None:
    from judge_app.errors import JudgeError
    from judge_app.rules.library import load_library
    from judge_app.rules.show import find_rule, rule_lines

    try:
        lines = rule_lines(*find_rule(load_library(), game, rule_id, None))
    except JudgeError:  # an unknown game, version or rule: click words it (exit 3, with the nearest ids)
        return None
    if any("\x1b" in text for text, _ in lines):
        return None  # click strips escape sequences from what is not a terminal
    bold = _tty(sys.stdout)  # click.style(text, bold=True), kept only on a terminal
    for text, head in lines:
        _echo(sys.stdout, f"\x1b[1m{text}\x1b[0m\n" if head and bold else f"{text}\n")
    return 0
