"""`sweettooth review RECORD --seat N`: every decision of one player judged by search.

Fair mode (the default) judges each move from what that player could see at the time;
`--hindsight` judges the same moves with all cards shown, so bad luck and bad decisions can be
told apart. `--json` prints `{"moves": [...]}` (see `sweettooth.review`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sweettooth.review import Review, review

from .common import console as _console
from .common import fail, progress_bar, usage_errors
from .replay import read_record

STYLES = {"best": "bold green", "good": "green", "inaccuracy": "yellow", "mistake": "dark_orange",
          "blunder": "bold red"}



def review_cmd(
    file: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A game record (JSON), e.g. from play --save.")
    ],
    seat: Annotated[int, typer.Option(help="The player to review, counted from 1.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    iterations: Annotated[int | None, typer.Option(
        min=1, help="Search iterations per decision (default: the game's, see docs/review.md).")
    ] = None,
    hindsight: Annotated[bool, typer.Option(
        "--hindsight", help="Judge with all cards shown (knowing everything), not from what "
                            "the player could see.")] = False,
    seed: Annotated[int, typer.Option(help="Seed of the search's random choices.")] = 0,
) -> None:
    """Judge every move of one player in a recorded game: best move, loss, class and why."""
    with usage_errors():
        record = read_record(file)
    players = int(record["players"])
    if not 1 <= seat <= players:
        fail(f"--seat must be 1..{players} for {players} players, got {seat}")
    console = _console(stderr=True)
    with progress_bar(console) as bar, usage_errors():
        task = bar.add_task("reviewing", total=None)
        result = review(record, seat - 1, iterations=iterations, hindsight=hindsight, seed=seed,
                        progress=lambda done, total: bar.update(task, completed=done,
                                                                total=total))
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2))
    else:
        print_review(result, _console())


def print_review(result: Review, console: Console) -> None:
    """The review as a Rich table, then the count of each class."""
    mode = ("with all cards shown (hindsight)" if result.mode == "hindsight"
            else "from what you could see")
    unit = {"points": "expected score",
            "round margin": "expected points margin in the round (your score minus the best "
                            "other)"}.get(result.unit, "expected win share")
    table = Table(title=f"{result.game}, Player {result.seat + 1}: each move judged {mode}",
                  caption=f"values: {unit}; {result.iterations} search iterations per move",
                  expand=True)
    table.add_column("#", no_wrap=True, justify="right")  # the move number, from 1
    table.add_column("played", ratio=1)
    table.add_column("value", no_wrap=True, justify="right")
    table.add_column("best found", ratio=1)
    table.add_column("value ", no_wrap=True, justify="right")
    table.add_column("loss", no_wrap=True, justify="right")
    table.add_column("class", no_wrap=True)
    table.add_column("why the best move", ratio=3, overflow="fold")
    for m in result.moves:
        better = "" if m.best == m.played else m.best
        table.add_row(
            str(m.ply + 1), Text(m.played), f"{m.played_value:.2f}", Text(better),
            "" if not better else f"{m.best_value:.2f}", f"{m.loss:.2f}",
            Text(m.cls, style=STYLES[m.cls]), Text(m.reason),
        )
    console.print(table)
    if not result.moves:
        console.print("No decisions to judge: this player never had more than one legal move.")
        return
    counts = ", ".join(f"{n} {c}" for c, n in result.counts().items())
    console.print(f"{len(result.moves)} decisions: {counts}.")
