"""`sweettooth simulate`: many games between random bots, and their statistics.

Game i is played from seed `seed + i` (so `sweettooth play GAME --seed S+i` sets up the same
deal), each seat's bot drawing from its own generator derived from that seed. Ties split the win:
each of k winners gets 1/k, so the wins add up to the number of games. Games run on a backend
(`--backend local|ray`, see `sweettooth.arena.backends`) and are gathered in game order, so the
statistics are the same whatever the backend and the number of workers.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

import sweettooth as st
from sweettooth.agents import make_agent, play_out, seat_rngs
from sweettooth.arena.backends import BACKENDS, BackendError, run_indexed
from sweettooth.core import JSON, Game, OptionValue

from .common import fail

WorkersArg = Annotated[
    int | None, typer.Option(min=1, help="Worker processes (default: all cores).")
]
BackendArg = Annotated[
    str, typer.Option(help=f"Where games run: {' or '.join(BACKENDS)} (local: a process pool).")
]
AddressArg = Annotated[
    str | None,
    typer.Option(help="With --backend ray: an existing Ray cluster, e.g. ray://head:10001 "
                      "(default: start Ray on this machine)."),
]


def _random_game(payload: tuple[str, int, dict[str, OptionValue], int], index: int) -> JSON:
    """Game `index` between random bots: its length, scores and winners."""
    game_id, players, options, seed = payload
    state = st.game(game_id).new(players, seed + index, **options)
    play_out(state, [make_agent("random")] * players, seat_rngs(seed + index, players))
    result = state.result()
    assert result is not None
    return {"length": len(state.history), "scores": [float(x) for x in result.scores],
            "winners": list(result.winners)}


def simulate_games(
    game: Game[Any],
    players: int,
    options: dict[str, OptionValue],
    games: int,
    seed: int,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    on_game: Callable[[int], None] | None = None,
) -> JSON:
    """`simulate` with random bots in every seat, run on `backend` over `workers` workers.
    A backend that cannot run (unknown, or Ray missing or unreachable) exits 2 with the reason."""
    try:
        outcomes = run_indexed(
            _random_game, (game.id, players, dict(options), seed), games, workers=workers,
            backend=backend, address=address, on_done=on_game,
        )
    except (ValueError, BackendError) as exc:
        fail(str(exc))
    names = [make_agent("random").name] * players
    return _statistics(game, players, options, seed, names, outcomes)


def _statistics(
    game: Game[Any],
    players: int,
    options: dict[str, OptionValue],
    seed: int,
    agents: list[str],
    outcomes: Sequence[JSON],
) -> JSON:
    lengths: list[int] = [o["length"] for o in outcomes]
    scores: list[list[float]] = [[] for _ in range(players)]
    wins = [0.0] * players
    shared = [0] * players
    for o in outcomes:
        for seat, score in enumerate(o["scores"]):
            scores[seat].append(float(score))
        for seat in o["winners"]:
            wins[seat] += 1 / len(o["winners"])
            if len(o["winners"]) > 1:
                shared[seat] += 1
    games = len(outcomes)
    return {
        "game": game.id,
        "players": players,
        "options": game.resolve_options(options),
        "seed": seed,
        "games": games,
        "agents": agents,
        "max_length": game.max_length(players, game.resolve_options(options)),
        "wins": wins,
        "shared_wins": shared,
        "length": _length_stats(lengths),
        "scores": [_score_stats(s) for s in scores],
    }


def _length_stats(lengths: list[int]) -> JSON:
    if not lengths:
        return {"mean": None, "min": None, "max": None}
    return {"mean": statistics.fmean(lengths), "min": min(lengths), "max": max(lengths)}


def _score_stats(values: list[float]) -> JSON:
    if not values:
        return {"mean": None, "stdev": None, "min": None, "max": None}
    return {
        "mean": statistics.fmean(values),
        "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
    }


def _fmt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def print_stats(stats: JSON, console: Console) -> None:
    """The statistics as a table, one row per seat."""
    opts = ", ".join(f"{k}={v}" for k, v in stats["options"].items()) or "default options"
    console.print(
        f"{stats['game']}: {stats['games']} games, {stats['players']} players, {opts}, "
        f"seeds {stats['seed']}..{stats['seed'] + stats['games'] - 1}, bots "
        + ", ".join(stats["agents"]),
        highlight=False,
        markup=False,
    )
    table = Table("seat", "wins", "win %", "shared", "score mean", "stdev", "min", "max")
    games = stats["games"] or 1
    for seat, (wins, shared, sc) in enumerate(
        zip(stats["wins"], stats["shared_wins"], stats["scores"], strict=True)
    ):
        table.add_row(
            str(seat), f"{wins:g}", f"{100 * wins / games:.1f}", str(shared),
            _fmt(sc["mean"]), _fmt(sc["stdev"]), _fmt(sc["min"], 0), _fmt(sc["max"], 0),
        )
    console.print(table)
    length = stats["length"]
    console.print(
        f"length (actions): mean {_fmt(length['mean'], 1)}, min {length['min']}, "
        f"max {length['max']} (declared bound {stats['max_length']})",
        highlight=False,
    )
