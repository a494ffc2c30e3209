"""The balance lab's runs: many games of one game and setting, each analysed once it is over.

Game i is dealt from `game_seed(K, i)` and its bots draw from `bot_seed(K, i)`, K being the run's
seed, and results come back in index order, so a run's numbers depend only on (game, players,
options, agents, K, games): not on the backend or the number of workers. Agents sit by the
arena's rotation (`sweettooth.arena.tournament.lineup`); one agent fills every seat.

Once a game is over, the game's component module (`components/<game>.py`) reads the final
state: its result details, its public log and its data files. Nothing is computed during play,
and the engines are untouched.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import sweettooth as st
from sweettooth.agents import play_out, seat_rngs
from sweettooth.arena.backends import run_indexed
from sweettooth.arena.tournament import (
    cached_agent,
    check_run,
    derived_seed,
    lineup,
    preflight,
)
from sweettooth.core import JSON, OptionValue

from .components import observe


@dataclass(frozen=True)
class BalanceSpec:
    """One side of a balance run: game, player count, agents, options, games and seed."""

    game: str
    players: int
    agents: tuple[str, ...] = ("medium",)
    games: int = 200
    seed: int = 0
    options: dict[str, OptionValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_run("a balance run", self.agents, self.games, ", e.g. medium")


def game_seed(seed: int, index: int) -> int:
    """The deal of game `index` in a run with seed `seed`."""
    return derived_seed("balance", seed, "game", index)


def bot_seed(seed: int, index: int) -> int:
    """The seed of the bots' generators in game `index`."""
    return derived_seed("balance", seed, "bots", index)


def play_one(spec: BalanceSpec, index: int) -> JSON:
    """Play game `index` of `spec` and analyse it: outcome, length, first player, components."""
    game = st.game(spec.game)
    seats = lineup(index, len(spec.agents), spec.players)
    seed = game_seed(spec.seed, index)
    state = game.new(spec.players, seed, **spec.options)
    agents = [cached_agent(spec.agents[a]) for a in seats]
    first = state.to_move
    play_out(state, agents, seat_rngs(bot_seed(spec.seed, index), spec.players))
    result = state.result()
    assert result is not None
    return {
        "index": index,
        "seed": seed,
        "lineup": seats,
        "scores": [float(s) for s in result.scores],
        "winners": list(result.winners),
        "lowest_wins": bool(result.details.get("lowest_wins", False)),
        "length": len(state.history),
        "first": first,
        "components": observe(spec.game, state),
    }


def play_timed(spec: BalanceSpec, index: int) -> tuple[JSON, float]:
    """`play_one` and the CPU seconds it took in the process that played it."""
    start = time.process_time()
    record = play_one(spec, index)
    return record, time.process_time() - start


@dataclass
class RunClock:
    """How a run went: filled in by `run_balance` (wall seconds include starting the pool or
    Ray; `game_cpu` adds up each game's CPU seconds wherever it was played)."""

    backend: str = "local"
    workers: int = 1
    games: int = 0
    wall: float = 0.0
    game_cpu: float = 0.0
    local_cores: int = field(default_factory=lambda: os.cpu_count() or 1)


def run_balance(
    spec: BalanceSpec,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    on_game: Callable[[int], None] | None = None,
    clock: RunClock | None = None,
) -> list[JSON]:
    """Every game of `spec`, analysed, in index order; `clock`, if given, gets the timings."""
    preflight(spec.game, spec.players, spec.agents, spec.options)
    started = time.perf_counter()
    timed = run_indexed(
        play_timed, spec, spec.games, workers=workers, backend=backend, address=address,
        on_done=on_game,
    )
    if clock is not None:
        clock.backend, clock.games = backend, spec.games
        clock.workers = workers or (os.cpu_count() or 1)
        clock.wall = time.perf_counter() - started
        clock.game_cpu = sum(cpu for _, cpu in timed)
    return [record for record, _ in timed]
