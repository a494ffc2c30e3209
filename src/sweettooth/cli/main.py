"""The `sweettooth` command: list, play, simulate, replay and benchmark the games.

Every command takes a game id from `sweettooth games`. Mistakes in what you ask for (an unknown
game, a player count the game does not allow, a bad `--option`) print a message naming the valid
choices and exit with status 2.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import sweettooth as st
from sweettooth.agents import make_agent
from sweettooth.core import JSON, Game, State, new_seed, save_record

from .arena import arena_cmd
from .bench import bench_game, bench_ismcts, environment, print_bench
from .common import (
    choose_players,
    fail,
    find_game,
    parse_options,
    player_range,
    progress_bar,
    usage_errors,
)
from .play import TerminalIO, TerminalPlay
from .replay import read_record, replay_steps
from .serve import serve
from .simulate import print_stats, simulate

app = typer.Typer(
    name="sweettooth",
    help="Rules engines, bots and tools for five candy-themed tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

OptionsArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
]
SeedArg = Annotated[int | None, typer.Option(help="Seed of every chance event (default: random).")]
JsonArg = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def _console(stderr: bool = False) -> Console:
    """Rich output; when piped (no terminal, no COLUMNS) tables get 120 columns, not 80."""
    console = Console(stderr=stderr, highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(stderr=stderr, highlight=False, width=120)
    return console


def _emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


# -- games --------------------------------------------------------------------------------------
@app.command("games")
def games_cmd(as_json: JsonArg = False) -> None:
    """List the games: id, title, players, and options with their defaults."""
    described = [st.game(gid).describe() for gid in st.games()]
    if as_json:
        _emit_json(described)
        return
    table = Table("id", "title", "players", "option", "default", "accepts", "about")
    for d in described:
        game_cells = [d["id"], Text(d["title"]), player_range(st.game(d["id"]))]
        if not d["options"]:
            table.add_row(*game_cells, "-", "", "", "")
        for i, o in enumerate(d["options"]):
            cells = game_cells if i == 0 else ["", "", ""]
            table.add_row(
                *cells, o["name"], Text(json.dumps(o["default"])), Text(o["accepts"]),
                Text(o["help"]),
            )
    _console().print(table)


# -- play ---------------------------------------------------------------------------------------
@app.command("play")
def play_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `games`).")],
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat, 0-based.")] = 0,
    seed: SeedArg = None,
    option: OptionsArg = None,
    hotseat: Annotated[bool, typer.Option(help="Every seat is played at this terminal.")] = False,
    bot: Annotated[str, typer.Option(
        help="The bot for the other seats: easy, medium, hard, or an agent with settings "
             "(e.g. ismcts:iterations=500,rollout=heuristic; see docs/bots.md).")] = "random",
    save: Annotated[
        Path | None, typer.Option(help="Write the game record here when the game stops.")
    ] = None,
) -> None:
    """Play in the terminal against bots, or hotseat. Type a number or an action's notation."""
    game = find_game(game_id)
    count = choose_players(game, players)
    options = parse_options(game, option)
    if not 0 <= seat < count:
        fail(f"--seat must be 0..{count - 1} for {count} players, got {seat}")
    try:
        agent = make_agent(bot)
    except ValueError as e:
        fail(f"--bot: {e}")
    if save is not None and not save.absolute().parent.is_dir():
        fail(f"cannot save the record to {save}: no folder {save.absolute().parent}")
    with usage_errors():
        state = game.new(count, new_seed() if seed is None else seed, **options)
    humans = frozenset(range(count)) if hotseat else frozenset({seat})
    io = TerminalIO()
    session = TerminalPlay(state, humans, agent, io, bot_seed=state.seed)
    interrupted = False
    try:
        session.run()
    except KeyboardInterrupt:
        interrupted = True
        io.write("\nInterrupted.")
    if save is not None:
        try:
            save_record(state, save)
        except OSError as exc:
            fail(f"cannot save the record to {save}: {exc.strerror}")
        io.write(f"Record saved to {save} (replay it with: sweettooth replay {save}).")
    elif io.interactive and state.history and not interrupted:
        offer_save(state, io)
    if interrupted:
        raise typer.Exit(130)


def offer_save(state: State, io: TerminalIO) -> None:
    """Ask for a file name until the record is saved or the player declines (Enter)."""
    while True:
        try:
            answer = io.read("Save the record? File name (Enter to skip): ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        if not answer:
            return
        try:
            save_record(state, answer)
        except OSError as exc:
            io.write(f"Cannot save to {answer}: {exc.strerror}. Try another name.")
            continue
        io.write(f"Record saved to {answer} (replay it with: sweettooth replay {answer}).")
        return


# -- simulate -----------------------------------------------------------------------------------
@app.command("simulate")
def simulate_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `games`).")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Game i uses seed SEED+i (default: random).")
    ] = None,
    option: OptionsArg = None,
    as_json: JsonArg = False,
) -> None:
    """Random bots play many games: wins per seat, game lengths, score statistics."""
    game = find_game(game_id)
    count = choose_players(game, players)
    options = parse_options(game, option)
    base = new_seed() if seed is None else seed
    agents = [make_agent("random") for _ in range(count)]
    progress_console = _console(stderr=True)
    with progress_bar(progress_console) as progress:
        task = progress.add_task(f"{game.id}", total=games)
        stats = simulate(
            game, count, options, games, base, agents, lambda: progress.advance(task)
        )
    if as_json:
        _emit_json(stats)
    else:
        print_stats(stats, _console())


# -- replay -------------------------------------------------------------------------------------
@app.command("replay")
def replay_cmd(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (JSON), e.g. from play --save.")
    ],
    seat: Annotated[
        int | None, typer.Option(help="Show this seat's view instead of the spectator's.")
    ] = None,
) -> None:
    """Print a recorded game move by move."""
    with usage_errors():
        record = read_record(file)
        replay_steps(record, seat, typer.echo)


app.command("arena")(arena_cmd)


# -- bench --------------------------------------------------------------------------------------
@app.command("bench")
def bench_cmd(
    game_id: Annotated[
        str | None, typer.Argument(metavar="GAME", help="One game (default: all).")
    ] = None,
    seconds: Annotated[
        float, typer.Option(min=0.0, help="Seconds of playouts per game.")
    ] = 3.0,
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: each game's minimum).")
    ] = None,
    as_json: JsonArg = False,
) -> None:
    """Random-playout throughput (games/s, actions/s) of each rules engine on one core."""
    chosen: list[Game[Any]] = (
        [find_game(gid) for gid in st.games()] if game_id is None else [find_game(game_id)]
    )
    results: list[JSON] = []
    for game in chosen:
        if game_id is None and players is not None and players not in game.player_counts():
            typer.echo(f"skipping {game.id}: not for {players} players", err=True)
            continue
        count = choose_players(game, players)
        results.append(bench_game(game, count, seconds))
        results[-1]["ismcts_iterations_per_s"] = bench_ismcts(game, count, seconds)
    if as_json:
        _emit_json({**environment(), "seconds_per_game": seconds, "results": results})
    elif not results:
        typer.echo("No games are registered.", err=True)
    else:
        print_bench(results, _console())


app.command("serve")(serve)


if __name__ == "__main__":  # pragma: no cover - `python -m sweettooth.cli.main`
    app(prog_name="sweettooth")
