"""Tournaments: agents play many games of one game, seats rotated, over a process pool.

Seating. With agents a_0..a_{A-1} and P seats, game i seats agent `(i + j) mod A` at seat j.
Over any A consecutive games every agent sits at every seat equally often, so no agent gains
from the seat. With fewer agents than seats (two agents at a 3-player table) an agent fills
several seats of one game; its result in that game is the sum of its seats' win shares, so
between two agents the fair win rate is 50% at any table size.

Deals. The A games of one rotation cycle share one deal: deal seed `deal_seed(K, i // A)`, so
every agent meets the same cards from every seat (paired games, less luck in the comparison).
Each game's bots draw from generators derived from `(K, i)` alone.

Determinism. A game's outcome depends only on (game, options, agents, K, i); results are
gathered by game index, so the report is the same for any worker count (agents with a
wall-time budget excepted, since how far they search depends on the machine).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import sweettooth as st
from sweettooth.agents import Agent, make_agent, seat_rngs
from sweettooth.core import JSON, OptionValue

from .backends import run_indexed


@dataclass(frozen=True)
class ArenaSpec:
    """What to play: a game, its settings, the agents (by `make_agent` name), how many games."""

    game: str
    agents: tuple[str, ...]
    games: int
    players: int
    seed: int = 0
    options: dict[str, OptionValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_run("the arena", self.agents, self.games)


def check_run(what: str, agents: Sequence[str], games: int, example: str = "") -> None:
    """A run (`what`, e.g. "the arena") needs at least one agent (`example` ends the message:
    ", e.g. medium") and at least one game."""
    if not agents:
        raise ValueError(f"{what} needs at least one agent{example}")
    if games < 1:
        raise ValueError(f"{what} needs at least one game, got {games}")


def preflight(game: str, players: int, agents: Sequence[str], options: dict[str, OptionValue]
              ) -> None:
    """Fail early, in the calling process, on a bad agent name or bad game settings."""
    for name in agents:
        make_agent(name)
    st.game(game).new(players, 0, **options)


def lineup(index: int, agents: int, players: int) -> list[int]:
    """The agent (by position in the agent list) at each seat of game `index`.

    >>> [lineup(i, 2, 2) for i in range(2)]
    [[0, 1], [1, 0]]
    >>> [lineup(i, 2, 3) for i in range(2)]
    [[0, 1, 0], [1, 0, 1]]
    """
    return [(index + seat) % agents for seat in range(players)]


def derived_seed(run: str, seed: int, what: str, index: int) -> int:
    """A 48-bit seed for `what` number `index` of a `run` ("arena", "balance") with `seed`: the
    same on every machine and worker, unrelated across runs, seeds and indices."""
    return random.Random(f"{run}/{seed}/{what}/{index}").getrandbits(48)


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal number `deal` of an arena run with seed `seed`."""
    return derived_seed("arena", seed, "deal", deal)


def bot_seed(seed: int, index: int) -> int:
    """The seed of the bots' generators in game `index`."""
    return derived_seed("arena", seed, "bots", index)


@cache
def cached_agent(name: str) -> Agent:
    """Agents are stateless between moves, so each process builds each one once."""
    return make_agent(name)


def play_game(spec: ArenaSpec, index: int) -> JSON:
    """Play game `index` of `spec`; its outcome and each seat's move times, JSON-ready."""
    game = st.game(spec.game)
    count = len(spec.agents)
    seats = lineup(index, count, spec.players)
    seed = deal_seed(spec.seed, index // count)
    state = game.new(spec.players, seed, **spec.options)
    agents = [cached_agent(spec.agents[a]) for a in seats]
    rngs = seat_rngs(bot_seed(spec.seed, index), spec.players)
    thinking = [0.0] * spec.players
    moves = [0] * spec.players
    slowest = [0.0] * spec.players
    clock = time.perf_counter
    while (seat := state.to_move) is not None:
        legal = state.legal_actions()
        view = state.view(seat)
        t0 = clock()
        action = agents[seat].choose(game, view, legal, rngs[seat])
        spent = clock() - t0
        state.apply(action)
        thinking[seat] += spent
        moves[seat] += 1
        slowest[seat] = max(slowest[seat], spent)
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
        "thinking": thinking,
        "moves": moves,
        "slowest": slowest,
    }


def run_games(
    spec: ArenaSpec,
    workers: int | None = None,
    on_game: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[JSON]:
    """Play every game of `spec` (over `workers` processes; default: all cores), in index
    order, on `backend` ("local" or "ray", see `sweettooth.arena.backends`). `on_game(n)` is
    called as each batch of n games finishes."""
    preflight(spec.game, spec.players, spec.agents, spec.options)
    # Batches of one rotation cycle keep per-task overhead small for quick games.
    return run_indexed(
        play_game, spec, spec.games, workers=workers, backend=backend, address=address,
        on_done=on_game, largest=len(spec.agents),
    )


def shares(record: JSON, agents: int) -> list[float]:
    """Each agent's share of the win in one game (its seats' shares added; 0 if absent)."""
    out = [0.0] * agents
    winners = record["winners"]
    for seat in winners:
        out[record["lineup"][seat]] += 1.0 / len(winners)
    return out


def seats_of(record: JSON, agent: int) -> list[int]:
    return [seat for seat, a in enumerate(record["lineup"]) if a == agent]


def agents_in(record: JSON) -> list[int]:
    return sorted(set(record["lineup"]))

