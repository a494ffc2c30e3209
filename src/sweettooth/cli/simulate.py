"""`sweettooth simulate`: many games between random bots, and their statistics.

Game i is played from seed `seed + i` (so `sweettooth play GAME --seed S+i` sets up the same
deal), each seat's bot drawing from its own generator derived from that seed. Ties split the win:
each of k winners gets 1/k, so the wins add up to the number of games.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from sweettooth.agents import Agent, play_out, seat_rngs
from sweettooth.core import JSON, Game, OptionValue


def simulate(
    game: Game[Any],
    players: int,
    options: dict[str, OptionValue],
    games: int,
    seed: int,
    agents: Sequence[Agent],
    on_game: Callable[[], None] | None = None,
) -> JSON:
    """Play `games` games and return the statistics as JSON-ready data."""
    lengths: list[int] = []
    scores: list[list[float]] = [[] for _ in range(players)]
    wins = [0.0] * players
    shared = [0] * players
    for i in range(games):
        state = game.new(players, seed + i, **options)
        play_out(state, agents, seat_rngs(seed + i, players))
        result = state.result()
        assert result is not None
        lengths.append(len(state.history))
        for seat, score in enumerate(result.scores):
            scores[seat].append(float(score))
        for seat in result.winners:
            wins[seat] += 1 / len(result.winners)
            if len(result.winners) > 1:
                shared[seat] += 1
        if on_game is not None:
            on_game()
    return {
        "game": game.id,
        "players": players,
        "options": game.resolve_options(options),
        "seed": seed,
        "games": games,
        "agents": [a.name for a in agents],
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
