"""`judge check FILE [--json]`: replay a scenario and answer with the rules behind every step."""

from __future__ import annotations

import json
import sys
from typing import IO

import click

from judge_app.clikit import click_error, json_option
from judge_app.engine.core.budget import DEFAULT_MAX_STEPS, DEFAULT_TIME_BUDGET
from judge_app.errors import ScenarioError
from judge_app.scenario.check import check_text, format_human
from judge_app.scenario.readings import card_texts


@click.command("check")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@json_option(help="Print the answer as JSON.")
@click.option("--max-steps", type=int, default=None, help="Step budget (undetermined when exceeded).")
@click.option("--time-budget", type=float, default=None, help="Wall-time budget in seconds.")
@click.option("--explore", is_flag=True,
              help="Branch on every answer to the choices the scenario leaves open and show each outcome.")
def check(file: IO[str], as_json: bool, max_steps: int | None, time_budget: float | None, explore: bool) -> None:
    """Replay the scenario FILE ("-" for stdin) through the rules and print what happens.

    Exit status: 0 when the scenario ran and every `expect` line holds, 1 when an expectation
    fails, 2 when the scenario has an error (printed as "line L, column C: message"). With --explore
    the `expect` lines are not judged (each outcome is its own answer): 0 unless the scenario has an error.
    """
    source = file.read()
    steps = max_steps if max_steps is not None else DEFAULT_MAX_STEPS
    budget = time_budget if time_budget is not None else DEFAULT_TIME_BUDGET
    try:
        if explore:
            from judge_app.scenario.explore import explore_text
            from judge_app.scenario.explore import format_human as format_tree

            tree = explore_text(source, max_steps=steps, time_budget=budget)
        else:
            result = check_text(source, max_steps=steps, time_budget=budget)
    except ScenarioError as e:  # exit 2; programs also get the error as JSON on stdout
        if as_json:  # with the words of each card text the engine understood, as the web answers give them
            readings = card_texts(source)
            if readings:
                e.details.setdefault("card_texts", readings)
        raise click_error(e, as_json) from e
    if explore:
        click.echo(json.dumps(tree.to_dict() | {"card_texts": card_texts(source)}, ensure_ascii=False, indent=2)
                   if as_json else format_tree(tree), nl=False)
        sys.exit(0)
    if as_json:
        click.echo(json.dumps(result.to_dict() | {"card_texts": card_texts(source)}, ensure_ascii=False, indent=2))
    else:
        click.echo(format_human(result), nl=False)
    failed = [x for x in result.expectations if not x.ok]
    for x in failed:
        click.echo(f"line {x.line}: expectation failed: {x.text} (actual: {x.actual})", err=True)
    sys.exit(1 if failed else 0)


@click.command("import-scenarios")
@click.argument("src", type=click.Path(exists=True, dir_okay=False))
@click.argument("outdir", type=click.Path(file_okay=False))
def import_scenarios(src: str, outdir: str) -> None:
    """Translate the neutral JSON form (one scenario a line) into OUTDIR/<sid>.scn, for every registered game.

    Lines of unregistered games are skipped and counted; facts the language cannot state are kept as
    `# not asserted:` comments and counted on stderr. Exit status 1 when a line could not be imported.
    """
    from judge_app.scenario.from_json import main as import_main

    sys.exit(import_main([src, outdir]))


commands = [check, import_scenarios]
