"""`sweettooth bench --rl`: environment steps per second beside the engine's own random playouts.

An environment step is one turn of the AEC loop as a trainer runs it: `env.last()` (the
observation and the action mask), a uniformly random id among the mask's, and `env.step(id)`
(which plays it, then lists the next seat's legal actions). It is timed twice: with
`views="lazy"` (no JSON view is built unless asked for; every game's observation has a fast
path that builds none) and with the default `views="info"` (the view of the agent to act built
for `infos` at every step). Resets are not timed, as `sweettooth bench` does not time set-ups;
the first observation of an episode is (it is part of the episode). The engine's rate is the
plain random playout of `sweettooth bench`: `legal_actions()`, a random choice, `apply()`; the
ratio says how much the RL layer costs.

Times are the CPU time of this process (`time.process_time`), so a busy shared machine slows
the figures less than wall time would.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

import sweettooth as st
from sweettooth.core import JSON

from .aec import SweettoothAEC


def engine_actions_per_s(game_id: str, players: int, seconds: float, seed: int = 0) -> float:
    """Random-playout actions per second of the bare engine (set-up not counted)."""
    game = st.game(game_id)
    choice = random.Random(seed).choice
    actions, spent, k = 0, 0.0, 0
    clock = time.process_time
    deadline = clock() + seconds
    while True:
        state = game.new(players, seed + k)
        k += 1
        legal_actions, apply = state.legal_actions, state.apply
        t0 = clock()
        while legal := legal_actions():
            apply(choice(legal))
        t1 = clock()
        spent += t1 - t0
        actions += len(state.history)
        if t1 >= deadline:
            return actions / max(spent, 1e-9)


def env_steps_per_s(
    game_id: str, players: int, seconds: float, seed: int = 0, **options: Any
) -> float:
    """AEC environment steps per second under random masked play. Resets (`game.new` and the
    first seat's mask) are not counted, as `sweettooth bench` does not count set-ups."""
    env = SweettoothAEC(game_id, players, **options)
    choice = random.Random(seed).choice
    steps, spent, episode = 0, 0.0, 0
    clock = time.process_time
    deadline = clock() + seconds
    while True:
        env.reset(seed=seed + episode)
        episode += 1
        last, step = env.last, env.step
        t0 = clock()
        while True:
            obs, _, term, trunc, _ = last()
            if term or trunc:
                break
            # The ids the mask allows (`view(bool).nonzero()` is ~5x faster than
            # np.flatnonzero on an int8 mask), then one at random, as the engine's playout
            # picks from its list.
            step(choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
            steps += 1
        t1 = clock()
        spent += t1 - t0
        if t1 >= deadline:
            return steps / max(spent, 1e-9)


def step_costs(game_id: str, players: int, positions: int = 300, seed: int = 0) -> JSON:
    """Where an environment step's time goes, in microseconds per step, over positions of
    seeded random games: building the seat's view (`state.view`, the engine's work) and
    encoding it (`encode`, the RL layer's)."""
    game = st.game(game_id)
    spec = SweettoothAEC(game_id, players).spec
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    k = 0
    while len(found) < positions:
        state = game.new(players, seed + k)
        k += 1
        while (seat := state.to_move) is not None and len(found) < positions:
            if rng.random() < 0.25:
                found.append((state.copy(), seat))
            state.apply(rng.choice(state.legal_actions()))
    clock = time.process_time
    t0 = clock()
    views = [s.view(seat) for s, seat in found]
    t1 = clock()
    for view in views:
        spec.encode(view)
    t2 = clock()
    return {"view_us": 1e6 * (t1 - t0) / positions, "encode_us": 1e6 * (t2 - t1) / positions}


def bench_rl(
    games: list[str] | None = None, seconds: float = 3.0, players: int | None = None
) -> list[JSON]:
    """Both rates for each game (default: all, each at its minimum player count): the
    environment with its default settings (the view of the agent to act built for `infos`
    at every step) and with `views="lazy"` (no view unless asked for)."""
    out: list[JSON] = []
    for game_id in games or st.games():
        game = st.game(game_id)
        n = players if players is not None else game.min_players
        engine = engine_actions_per_s(game_id, n, seconds / 3)
        with_views = env_steps_per_s(game_id, n, seconds / 3)
        lazy = env_steps_per_s(game_id, n, seconds / 3, views="lazy")
        out.append({
            "game": game_id,
            "players": n,
            "engine_actions_per_s": engine,
            "env_steps_per_s": lazy,
            "ratio": lazy / engine,
            "env_steps_per_s_info_views": with_views,
            "ratio_info_views": with_views / engine,
            **step_costs(game_id, n),
        })
    return out


def format_rl(results: list[JSON]) -> str:
    """A plain table of `bench_rl` results."""
    lines = [f"{'game':<12} {'players':>7} {'engine actions/s':>17} {'env steps/s':>12} "
             f"{'env/engine':>10} {'with views':>11} {'ratio':>6} {'engine µs/action':>16} "
             f"{'view µs':>8} {'encode µs':>9}"]
    for r in results:
        lines.append(
            f"{r['game']:<12} {r['players']:>7} {r['engine_actions_per_s']:>17,.0f} "
            f"{r['env_steps_per_s']:>12,.0f} {r['ratio']:>10.0%} "
            f"{r['env_steps_per_s_info_views']:>11,.0f} {r['ratio_info_views']:>6.0%} "
            f"{1e6 / r['engine_actions_per_s']:>16.0f} {r['view_us']:>8.0f} "
            f"{r['encode_us']:>9.0f}"
        )
    lines.append(
        "one core, CPU time, set-ups and resets not counted; env step = env.last() (observation"
        " + mask)\n+ a random id among the mask's + env.step(). env steps/s: views='lazy' (no JSON"
        " view unless asked for);\nwith views: the default, the view of the agent to act built"
        " for infos at every step.\nview: state.view(seat) per step (engine); encode:"
        " sweettooth.rl.encode of that view"
    )
    return "\n".join(lines)
