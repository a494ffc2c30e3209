"""`sweettooth bench`: random-playout throughput of the rules engines, on one core.

What is timed: for each game, playouts from the game's own seeded set-ups (seed 0, 1, 2, ...)
where each step is `state.legal_actions()`, a `random.Random` choice, and `state.apply(action)`
(which checks legality). Setting up a game (`game.new`) is timed separately and not counted in
the throughput. Playouts run until `seconds` have passed (a playout in progress is finished).

ISMCTS iterations/s: the search bot (random rollouts, a fresh determinization per iteration)
thinks for `seconds` from positions a few random moves into seeded games; each iteration is one
`game.sample`, a tree walk and a rollout to the end. None where a game cannot sample.
"""

from __future__ import annotations

import platform
import random
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from sweettooth.agents.ismcts import ISMCTSAgent, Search
from sweettooth.core import JSON, Game


def bench_game(game: Game[Any], players: int, seconds: float, seed: int = 0) -> JSON:
    """Random playouts of `game` for about `seconds`; counts and rates as JSON-ready data."""
    choice = random.Random(seed).choice
    clock = time.perf_counter
    new = game.new
    playing = setting_up = 0.0
    games = actions = 0
    deadline = clock() + seconds
    while True:
        t0 = clock()
        state = new(players, seed + games)
        legal_actions, apply = state.legal_actions, state.apply
        t1 = clock()
        while legal := legal_actions():
            apply(choice(legal))
        t2 = clock()
        setting_up += t1 - t0
        playing += t2 - t1
        games += 1
        actions += len(state.history)
        if t2 >= deadline:
            break
    return {
        "game": game.id,
        "players": players,
        "games": games,
        "actions": actions,
        "seconds": playing,
        "games_per_s": games / max(playing, 1e-9),
        "actions_per_s": actions / max(playing, 1e-9),
        "mean_length": actions / games,
        "setup_us": 1e6 * setting_up / games,
    }


def bench_ismcts(game: Game[Any], players: int, seconds: float, seed: int = 0) -> float | None:
    """ISMCTS iterations per second (random rollouts) from mid-game positions; None if the game
    cannot sample states from views."""
    agent = ISMCTSAgent(iterations=None, seconds=max(seconds / 4, 1e-3))
    rng = random.Random(seed)
    iterations, spent = 0, 0.0
    for k in range(4):
        state = game.new(players, seed + k)
        for _ in range(4):
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))
        seat = state.to_move
        if seat is None:
            continue
        search = Search(agent, game, state.view(seat), rng)
        t0 = time.perf_counter()
        try:
            search.run()
        except NotImplementedError:
            return None
        spent += time.perf_counter() - t0
        iterations += search.iterations
    return iterations / spent if spent > 0 else None


def search_ratio(result: JSON) -> float | None:
    """ISMCTS iterations per random game: 1 means an iteration (a determinization, a tree walk
    and a rollout from mid-game) costs one whole random game; below it, sampling or the tree
    costs more than the rollout saves."""
    its = result.get("ismcts_iterations_per_s")
    return None if its is None else float(its) / max(float(result["games_per_s"]), 1e-9)


def environment() -> JSON:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
    }


def print_bench(results: list[JSON], console: Console) -> None:
    table = Table("game", "players", "games", "actions", "games/s", "actions/s", "length",
                  "set-up µs", "ISMCTS it/s", "it/s ÷ games/s")
    for r in results:
        ratio = search_ratio(r)
        table.add_row(
            r["game"], str(r["players"]), str(r["games"]), str(r["actions"]),
            f"{r['games_per_s']:,.0f}", f"{r['actions_per_s']:,.0f}",
            f"{r['mean_length']:.1f}", f"{r['setup_us']:.0f}",
            "-" if r.get("ismcts_iterations_per_s") is None
            else f"{r['ismcts_iterations_per_s']:,.0f}",
            "-" if ratio is None else f"{ratio:.2f}",
        )
    console.print(table)
    env = environment()
    console.print(
        f"one core, {env['implementation']} {env['python']} on {env['machine']}; timed: "
        "legal_actions + random choice + apply over seeded random playouts",
        highlight=False,
    )


def bench_rl_cmd(game_id: str | None, seconds: float, players: int | None, as_json: bool,
                 console: Console) -> None:
    """`sweettooth bench --rl`: RL environment steps/s beside the engine's actions/s
    (`sweettooth.rl.bench`; needs the rl extra)."""
    try:
        from sweettooth.rl.bench import bench_rl, format_rl
    except ImportError as exc:
        raise SystemExit(
            f"bench --rl needs the rl extra (pip install 'sweettooth[rl]'): {exc}"
        ) from None
    results = bench_rl(None if game_id is None else [game_id], seconds, players)
    if as_json:
        console.print_json(data={**environment(), "seconds_per_game": seconds, "rl": results})
    else:
        console.print(format_rl(results), highlight=False)
