"""`sweettooth arena`: agents play many games of one game; win rates with 95% intervals, mean
scores, OpenSkill ratings. Seats are rotated and games run over a process pool; the report is
the same for a given seed whatever the number of workers (see `sweettooth.arena`).
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sweettooth.arena import ArenaSpec, arena
from sweettooth.arena.backends import BackendError
from sweettooth.core import JSON, new_seed

from .common import choose_players, fail, find_game, parse_options, progress_bar
from .common import console as _console
from .simulate import AddressArg, BackendArg

OptionsArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value (repeatable)."),
]



def arena_cmd(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `games`).")],
    agents: Annotated[
        str,
        typer.Option(
            help="Comma-separated agents, e.g. hard,heuristic or random,easy,medium. Settings "
            "go after a colon, joined with '+': ismcts:iterations=300+rollout=heuristic.",
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    players: Annotated[
        int | None, typer.Option(help="Number of players (default: the game's minimum).")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(min=1, help="Worker processes (default: all cores).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed of the whole run (default: random).")
    ] = None,
    option: OptionsArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    backend: BackendArg = "local",
    address: AddressArg = None,
) -> None:
    """Agents play many games: win rates (95% CI), mean scores, OpenSkill ratings."""
    game = find_game(game_id)
    count = choose_players(game, players)
    options = parse_options(game, option)
    names = tuple(a.strip().replace("+", ",") for a in agents.split(",") if a.strip())
    if not names:
        fail("--agents needs at least one agent, e.g. --agents hard,heuristic")
    spec = ArenaSpec(game.id, names, games, count, new_seed() if seed is None else seed, options)
    progress_console = _console(stderr=True)
    try:
        with progress_bar(progress_console) as progress:
            task = progress.add_task(f"{game.id}: {' vs '.join(names)}", total=games)
            result = arena(spec, workers, lambda n: progress.advance(task, n), backend, address)
    except (ValueError, BackendError) as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(result, indent=2))
    else:
        print_report(result, _console())


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def _num(x: Any, digits: int = 2) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:.{digits}f}"


def print_report(r: JSON, console: Console) -> None:
    opts = ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "default options"
    lowest = " (lowest score wins)" if r["lowest_wins"] else ""
    console.print(
        f"{r['game']}: {r['games']} games, {r['players']} players, {opts}, seed {r['seed']}, "
        f"{r['workers']} workers{lowest}",
        markup=False,
    )
    table = Table("agent", "games", "wins", "win %", "95% CI", "score", "95% CI",
                  "rating μ±σ", "ordinal", "s/move", "max s")
    for a in r["agents"]:
        lo, hi = a["win_ci"]
        slo, shi = a["score_ci"]
        rating = a["rating"]
        table.add_row(
            a["agent"], str(a["games"]), f"{a['wins']:g}", _pct(a["win_rate"]),
            f"{_pct(lo)}-{_pct(hi)}", _num(a["score_mean"]), f"{_num(slo)}..{_num(shi)}",
            "-" if rating is None else f"{rating['mu']:.1f}±{rating['sigma']:.1f}",
            "-" if rating is None else f"{rating['ordinal']:.1f}",
            _num(a["move_seconds_mean"], 3), _num(a["move_seconds_max"], 2),
        )
    console.print(table)
    seats = ", ".join(
        f"seat {s['seat']} {_pct(s['win_rate'])}% ({_pct(s['win_ci'][0])}-{_pct(s['win_ci'][1])})"
        for s in r["seats"]
    )
    console.print(f"wins by seat: {seats}; shared wins {r['shared_wins']}; "
                  f"mean length {r['length_mean']:.1f} actions", markup=False)
