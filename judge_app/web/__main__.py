"""`python -m judge_app.web serve …` (the same command as `judge serve`)."""

import click

from judge_app.web.commands import commands


@click.group()
def main() -> None:
    """judge web app."""


for _c in commands:
    main.add_command(_c)

if __name__ == "__main__":
    main()
