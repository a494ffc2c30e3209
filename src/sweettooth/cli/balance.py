"""`sweettooth balance`: the balance lab. Bots play many games of one game; the report (one
self-contained HTML file) gives seat and first-player advantage, score and length distributions,
a convergence plot and the game's component statistics, all with 95% intervals. `--compare`
plays a second run B with other options and shows A, B and A - B side by side. Same seed, same
numbers, whatever the backend and the number of workers (see `sweettooth.arena.balance`).
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from sweettooth.arena.backends import BackendError
from sweettooth.arena.balance.page import render
from sweettooth.arena.balance.runner import BalanceSpec, RunClock, run_balance
from sweettooth.arena.balance.summary import compare, summarise, without_series
from sweettooth.arena.balance.timing import ray_slower, run_note
from sweettooth.core import JSON, Game, new_seed

from .common import choose_players, fail, find_game, parse_options, progress_bar
from .common import console as _console
from .simulate import AddressArg, BackendArg, WorkersArg


def split_options(given: list[str]) -> tuple[list[str], list[str] | None]:
    """Options before `--compare` belong to run A, after it to run B (None: no comparison).

    >>> split_options(["variation=sky", "--compare", "max_turns=5"])
    (['variation=sky'], ['max_turns=5'])
    """
    if "--compare" not in given:
        return given, None
    cut = given.index("--compare")
    return given[:cut], given[cut + 1:]


def _options_in_order(argv: list[str]) -> list[str]:
    """The `-o`/`--option` values and the `--compare` marker, in command-line order."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--compare":
            out.append(word)
        elif word in ("-o", "--option") and i + 1 < len(argv):
            out.append(argv[i + 1])
            i += 1
        elif word.startswith("--option="):
            out.append(word.partition("=")[2])
        elif word.startswith("-o") and len(word) > 2:
            out.append(word[2:])
        i += 1
    return out


class BalanceCommand(TyperCommand):
    """The command keeps its raw arguments, so `-o` before and after `--compare` can be told
    apart (Click gathers every `-o` into one list)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta[ARGV] = list(args)
        out: list[str] = super().parse_args(ctx, args)
        return out


ARGV = "sweettooth.balance.argv"


def balance_cmd(
    ctx: typer.Context,
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `games`).")],
    out: Annotated[Path, typer.Option("--out", help="Write the HTML report here.")],
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    agents: Annotated[str, typer.Option(
        help="Comma-separated agents, seated in rotation (one agent: every seat).")] = "medium",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per run.")] = 200,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable); after --compare, "
                               "an option of run B.")] = None,
    compare_flag: Annotated[bool, typer.Option(
        "--compare", help="Play a second run B: the options after this flag replace A's.")
    ] = False,
    seed: Annotated[int | None, typer.Option(help="Seed of the run (default: random).")] = None,
    workers: WorkersArg = None,
    backend: BackendArg = "local",
    address: AddressArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the numbers as JSON.")] = False,
) -> None:
    """Balance lab: many bot games, an HTML report with plots and 95% intervals."""
    game = find_game(game_id)
    count = choose_players(game, players)
    names = tuple(a.strip().replace("+", ",") for a in agents.split(",") if a.strip())
    if not names:
        fail("--agents needs at least one agent, e.g. --agents medium")
    if not out.absolute().parent.is_dir():
        fail(f"cannot write the report to {out}: no folder {out.absolute().parent}")
    if ARGV in ctx.meta:
        a_pairs, b_pairs = split_options(_options_in_order(ctx.meta[ARGV]))
    else:  # called without BalanceCommand: every option is A's
        a_pairs, b_pairs = list(option or ()), None
    if compare_flag and b_pairs is None:
        b_pairs = []
    options_a = parse_options(game, a_pairs)
    runs = [BalanceSpec(game.id, count, names, games, new_seed() if seed is None else seed,
                        options_a)]
    if b_pairs is not None:
        runs.append(BalanceSpec(game.id, count, names, games, runs[0].seed,
                                {**options_a, **parse_options(game, b_pairs)}))
    summaries, clocks = _play(game, runs, workers, backend, address)
    labels = ["A", "B"][: len(summaries)]
    delta = compare(summaries[0], summaries[1]) if len(summaries) == 2 else None
    note = run_note(clocks, labels)
    if any(ray_slower(c) for c in clocks):
        _console(stderr=True).print(note, markup=False)
    try:
        out.write_text(render(summaries, labels, delta, note), encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the report to {out}: {exc.strerror}")
    if as_json:
        data: JSON = {"runs": [without_series(s) for s in summaries],
                      "timing": [{**vars(c), "ray_slower": ray_slower(c)} for c in clocks]}
        if delta is not None:
            data["difference"] = delta
        typer.echo(json.dumps(data, indent=2))
    else:
        typer.echo(f"Report written to {out}")


def _play(
    game: Game[Any], runs: list[BalanceSpec], workers: int | None, backend: str,
    address: str | None,
) -> tuple[list[JSON], list[RunClock]]:
    console = _console(stderr=True)
    summaries, clocks = [], []
    try:
        with progress_bar(console) as progress:
            for label, spec in zip("AB", runs, strict=False):
                what = f"{game.id} {label}" if len(runs) > 1 else game.id
                task = progress.add_task(what, total=spec.games)
                clock = RunClock()
                records = run_balance(spec, workers, backend, address,
                                      partial(progress.advance, task), clock)
                summaries.append(summarise(spec, records))
                clocks.append(clock)
    except (ValueError, BackendError) as exc:
        fail(str(exc))
    return summaries, clocks

