"""The `sweettooth` command: list, play, simulate, replay and benchmark the games.

Every command takes a game id from `sweettooth games`. Mistakes in what you ask for (an unknown
game, a player count the game does not allow, a bad `--option`) print a message naming the valid
choices and exit with status 2.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

import sweettooth as st
from sweettooth.agents import Agent, difficulty, make_agent, seat_rngs
from sweettooth.core import JSON, Game, State, new_seed, save_record

from .arena import arena_cmd
from .balance import BalanceCommand, balance_cmd
from .bench import bench_game, bench_ismcts, bench_rl_cmd, environment, print_bench
from .common import (
    USAGE_ERROR,
    choose_players,
    fail,
    find_game,
    parse_options,
    player_range,
    progress_bar,
    usage_errors,
)
from .common import console as _console
from .dburl import database_url
from .learn import learn_cmd
from .names import player_names
from .play import TerminalIO, TerminalPlay
from .replay import read_record, replay_steps
from .review import review_cmd
from .serve import DbArg, HostArg, PortArg, RedisArg, serve
from .simulate import AddressArg, BackendArg, WorkersArg, print_stats, simulate_games
from .verify import VerifyFailed, verify


class _OneLineErrors(typer.Typer):
    """The command as installed: a misused command line (unknown option, missing argument, a
    value of the wrong type) is one line on stderr naming the fix, exit status 2, instead of
    Click's framed box. `--help` and a bare command still print the help."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        cx = _click_exceptions()
        kwargs["standalone_mode"] = False
        try:
            code = super().__call__(*args, **kwargs)
        except cx.NoArgsIsHelpError as exc:
            typer.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(0)
        except cx.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "sweettooth"
            typer.echo(f"error: {exc.format_message()} (see: {where} --help)", err=True)
            sys.exit(USAGE_ERROR)
        except cx.ClickException as exc:
            typer.echo(f"error: {exc.format_message()}", err=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            typer.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _click_exceptions() -> Any:
    """Click's exception classes as Typer raises them (Typer may carry its own copy of Click)."""
    import importlib

    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:  # a Typer that uses the click package itself
        return importlib.import_module("click.exceptions")


app = _OneLineErrors(
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



def _emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


# -- games --------------------------------------------------------------------------------------
_RULING_GROUP = re.compile(r"\s*\((?:[A-Z]{2}-\d+(?:,\s*)?)+\)")
_RULING = re.compile(r"(?:,\s*|\s*)\b[A-Z]{2}-\d+\b")


def plain_help(text: str) -> str:
    """An option's help without the ruling ids it cites (for people; `--json` keeps them).

    >>> plain_help("standard (6x6) or quick (5x5, BB-8)")
    'standard (6x6) or quick (5x5)'
    >>> plain_help("a round ends (SN-5, SN-7) here")
    'a round ends here'
    """
    return _RULING.sub("", _RULING_GROUP.sub("", text))


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
                Text(plain_help(o["help"])),
            )
    _console().print(table)


# -- play ---------------------------------------------------------------------------------------
def default_bot(game_id: str) -> str:
    """The bot a new player meets: the medium level, or random in a game that has no levels."""
    try:
        difficulty(game_id, "medium")
    except ValueError:
        return "random"
    return "medium"


@app.command("play")
def play_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `games`).")],
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat, counted from 1.")] = 1,
    seed: SeedArg = None,
    option: OptionsArg = None,
    hotseat: Annotated[bool, typer.Option(help="Every seat is played at this terminal.")] = False,
    bot: Annotated[str | None, typer.Option(
        help="The bot for the other seats: easy, medium, hard, or an agent with settings "
             "(e.g. ismcts:iterations=500,rollout=heuristic; see docs/bots.md). "
             "Default: medium (random in a game without levels).")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the game record here when the game stops.")
    ] = None,
    name: Annotated[
        str | None, typer.Option(help="Your name at the table (default: You).")
    ] = None,
    plain: Annotated[bool, typer.Option(
        "--plain", help="Plain lines instead of the full-screen app (the default when input or "
                        "output is not a terminal).")] = False,
    bot_delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds to pause after each bot move (plain mode: only on a terminal).")
    ] = 0.6,
    memory_aid: Annotated[bool, typer.Option(
        "--memory-aid", help="Bonbons: keep drawing the faces seen before (off, the default: "
                         "remember them; the option memory_aid).")
    ] = False,
    bot_seed: Annotated[int | None, typer.Option(
        help="Seed of the bots' choices, for a reproducible game (default: random, and never "
             "the game's seed).")] = None,
) -> None:
    """Play against bots, or hotseat: full screen on a terminal, plain lines with --plain."""
    game = find_game(game_id)
    count = choose_players(game, players)
    options = parse_options(game, option)
    if memory_aid and "memory_aid" in game.options:
        options["memory_aid"] = True  # the game's option (Bonbons): same as -o memory_aid=true
    memory_aid = bool(options.get("memory_aid", memory_aid))
    if not 1 <= seat <= count:
        fail(f"--seat must be 1..{count} for {count} players, got {seat}")
    if name is not None and not name.strip():
        fail("--name must not be empty")
    humans = list(range(count)) if hotseat else [seat - 1]
    if bot is None:
        bot = default_bot(game.id)
    agents: dict[int, Agent] = {}
    for s in range(count):
        if s not in humans:
            try:
                agents[s] = make_agent(bot)
            except ValueError as e:
                fail(f"--bot: {e}")
    if save is not None and not save.absolute().parent.is_dir():
        fail(f"cannot save the record to {save}: no folder {save.absolute().parent}")
    with usage_errors():
        state = game.new(count, new_seed() if seed is None else seed, **options)
    names = player_names(count, humans, name.strip() if name else None)
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        from sweettooth.tui import run_tui

        code = run_tui(game.id, count, dict(options), humans=humans, agents=agents, names=names,
                       bot_delay=bot_delay, memory_aid=memory_aid, save=save, state=state,
                       bot_seed=bot_seed)
        raise typer.Exit(code)
    io = TerminalIO()
    rngs = seat_rngs(secrets.randbits(64) if bot_seed is None else bot_seed, count)
    session = TerminalPlay(
        state, frozenset(humans), agents, io, names,
        bot_rngs={s: rngs[s] for s in agents}, bot_delay=bot_delay, memory_aid=memory_aid,
    )
    interrupted = False
    try:
        session.run()
    except KeyboardInterrupt:
        interrupted = True
        io.write("\nInterrupted.")
    if save is not None:
        try:
            save_record(state, save, names)
        except OSError as exc:
            fail(f"cannot save the record to {save}: {exc.strerror}")
        io.write(f"Record saved to {save} (replay it with: sweettooth replay {save}).")
    elif io.interactive and state.history and not interrupted:
        offer_save(state, io, names)
    if interrupted:
        raise typer.Exit(130)


def offer_save(state: State, io: TerminalIO, names: Sequence[str] | None = None) -> None:
    """Ask for a file name until the record is saved or the player declines (Enter)."""
    while True:
        try:
            answer = io.read("Save the record? File name (Enter to skip): ").strip()
        except (EOFError, KeyboardInterrupt):
            return
        if not answer:
            return
        try:
            save_record(state, answer, names)
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
    workers: WorkersArg = None,
    backend: BackendArg = "local",
    address: AddressArg = None,
) -> None:
    """Random bots play many games: wins per seat, game lengths, score statistics."""
    game = find_game(game_id)
    count = choose_players(game, players)
    options = parse_options(game, option)
    base = new_seed() if seed is None else seed
    progress_console = _console(stderr=True)
    with progress_bar(progress_console) as progress:
        task = progress.add_task(f"{game.id}", total=games)
        stats = simulate_games(game, count, options, games, base, workers, backend, address,
                               lambda n: progress.advance(task, n))
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
        int | None,
        typer.Option(help="Show what this player (counted from 1) saw, instead of a spectator."),
    ] = None,
) -> None:
    """Print a recorded game move by move, as one seat (or a spectator) saw it."""
    with usage_errors():
        record = read_record(file)
        players = record["players"]
        if seat is not None and not 1 <= seat <= players:
            fail(f"--seat must be 1..{players} for {players} players, got {seat}")
        replay_steps(record, None if seat is None else seat - 1, typer.echo)


# -- verify -------------------------------------------------------------------------------------
@app.command("verify")
def verify_cmd(
    file: Annotated[Path, typer.Argument(
        metavar="RECORD", help="A game record (JSON), e.g. GET /api/tables/ID/record.")],
    fingerprint: Annotated[str | None, typer.Option(
        help="The deal fingerprint you noted at the start (whole, or its first 12 hex "
             "digits as screens show it).")] = None,
) -> None:
    """Check a record: its seed hashes to the fingerprint shown at the start, the deal comes
    from that seed, every action replays, and the result is the record's. Exit 1 naming what
    failed (wrong seed, tampered action, corrupt file)."""
    try:
        verify(file, fingerprint, typer.echo)
    except VerifyFailed as exc:
        typer.echo(f"FAILED: {exc}", err=True)
        raise typer.Exit(1) from None
    typer.echo("verdict: OK, this is a game dealt from the seed behind its fingerprint, "
               "played by legal moves")


app.command("arena")(arena_cmd)
app.command("review")(review_cmd)
app.command("learn")(learn_cmd)
app.command("balance", cls=BalanceCommand)(balance_cmd)


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
    rl: Annotated[
        bool, typer.Option("--rl", help="RL environment steps/s beside the engine's actions/s.")
    ] = False,
) -> None:
    """Random-playout throughput (games/s, actions/s) of each rules engine on one core."""
    if rl:
        bench_rl_cmd(game_id and find_game(game_id).id, seconds, players, as_json, _console())
        return
    chosen: list[Game[Any]] = (
        [find_game(gid) for gid in st.games()] if game_id is None else [find_game(game_id)]
    )
    plan: list[tuple[Game[Any], int]] = []
    for game in chosen:
        if game_id is None and players is not None and players not in game.player_counts():
            typer.echo(f"skipping {game.id}: not for {players} players", err=True)
            continue
        plan.append((game, choose_players(game, players)))
    results: list[JSON] = []
    progress_console = _console(stderr=True)
    with progress_bar(progress_console) as progress:
        task = progress.add_task("bench", total=2 * len(plan))
        for game, count in plan:
            for step in ("random playouts", "ISMCTS"):
                what = f"{game.id}, {count} players: {step} ({seconds:g} s)"
                progress.update(task, description=what)
                if not progress_console.is_terminal:
                    typer.echo(f"bench: {what}", err=True)
                if step == "ISMCTS":
                    results[-1]["ismcts_iterations_per_s"] = bench_ismcts(game, count, seconds)
                else:
                    results.append(bench_game(game, count, seconds))
                progress.advance(task)
    if as_json:
        _emit_json({**environment(), "seconds_per_game": seconds, "results": results})
    elif not results:
        typer.echo("No games are registered.", err=True)
    else:
        print_bench(results, _console())


@app.command("serve")
def serve_cmd(
    host: HostArg = "127.0.0.1", port: PortArg = 8000, db: DbArg = None,
    redis_url: RedisArg = None,
) -> None:
    """Run the game server: HTTP lobby under /api, play over WebSocket, docs at /docs.

    --db takes a database URL, or a plain file path for a SQLite file."""
    url = None
    if db is not None:
        try:
            url = database_url(db)
        except ValueError as exc:
            fail(str(exc))
    serve(host=host, port=port, db=url, redis_url=redis_url)


if __name__ == "__main__":  # pragma: no cover - `python -m sweettooth.cli.main`
    app(prog_name="sweettooth")
