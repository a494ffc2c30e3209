"""`sweettooth bench --rl`: environment steps per second beside the engine's own random playouts.

An environment step is one turn of the AEC loop as a trainer runs it: `env.last()` (the
observation and the action mask), a uniformly random id among the mask's, and `env.step(id)`
(which plays it, then lists the next seat's legal actions). It is timed twice: with
`views="lazy"` (no JSON view is built unless asked for; every game's observation has a fast
path that builds none) and with the default `views="info"` (the view of the agent to act built
for `infos` at every step). Resets are not timed, as `sweettooth bench` does not time set-ups;
the first observation of an episode is (it is part of the episode). The engine's rate is the
plain random playout of `sweettooth bench`: `legal_actions()`, a random choice, `apply()`; the
ratio says how much the RL layer costs. The three rates are measured in alternating slices of
about a quarter second (`interleaved_rates`), so a shared machine whose speed drifts during the
run changes them alike; the ratios are the median of each round's (a round: one slice of each),
so a round slowed by another process on the machine does not move them.

Times are the CPU time of this process (`time.process_time`), so a busy shared machine slows
the figures less than wall time would.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

import sweettooth as st
from sweettooth.core import JSON

from .aec import SweettoothAEC


def engine_actions_per_s(game_id: str, players: int, seconds: float, seed: int = 0) -> float:
    """Random-playout actions per second of the bare engine (set-up not counted)."""
    actions, spent = _engine_run(game_id, players, seconds, seed)
    return actions / max(spent, 1e-9)


def _engine_run(game_id: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Whole random playouts for at least `seconds` of CPU: (actions played, CPU seconds)."""
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
            return actions, spent


def env_steps_per_s(
    game_id: str, players: int, seconds: float, seed: int = 0, **options: Any
) -> float:
    """AEC environment steps per second under random masked play. Resets (`game.new` and the
    first seat's mask) are not counted, as `sweettooth bench` does not count set-ups."""
    steps, spent = _env_run(game_id, players, seconds, seed, **options)
    return steps / max(spent, 1e-9)


def _env_run(
    game_id: str, players: int, seconds: float, seed: int, **options: Any
) -> tuple[int, float]:
    """Whole random episodes for at least `seconds` of CPU: (steps, CPU seconds)."""
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
            return steps, spent


@dataclass(frozen=True)
class Rates:
    """Engine actions/s, env steps/s with `views="lazy"` and with the default views, over all
    rounds, and each round's three rates (`rounds`)."""

    engine: float
    lazy: float
    info: float
    rounds: tuple[tuple[float, float, float], ...]

    @property
    def ratio(self) -> float:
        """The median over rounds of env steps/s (lazy views) / engine actions/s."""
        return statistics.median(lazy / engine for engine, lazy, _ in self.rounds)

    @property
    def ratio_info(self) -> float:
        """The same with the default views."""
        return statistics.median(info / engine for engine, _, info in self.rounds)


def interleaved_rates(
    game_id: str, players: int, seconds: float, slice_seconds: float = 0.25
) -> Rates:
    """The three rates, measured in rounds of one turn of about `slice_seconds` each
    (`seconds` in all), so that a machine whose speed drifts (a shared one) slows the three
    alike and their ratios stay fair."""
    totals = [[0, 0.0], [0, 0.0], [0, 0.0]]
    rounds = max(1, round(seconds / (3 * slice_seconds)))
    part = seconds / (3 * rounds)
    each: list[tuple[float, float, float]] = []
    for r in range(rounds):
        seed = 1000 * r
        runs = (
            _engine_run(game_id, players, part, seed),
            _env_run(game_id, players, part, seed, views="lazy"),
            _env_run(game_id, players, part, seed),
        )
        for total, (count, spent) in zip(totals, runs, strict=True):
            total[0] += count
            total[1] += spent
        engine, lazy, info = (count / max(spent, 1e-9) for count, spent in runs)
        each.append((engine, lazy, info))
    engine, lazy, info = (count / max(spent, 1e-9) for count, spent in totals)
    return Rates(engine, lazy, info, tuple(each))


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
        rates = interleaved_rates(game_id, n, seconds)
        out.append({
            "game": game_id,
            "players": n,
            "engine_actions_per_s": rates.engine,
            "env_steps_per_s": rates.lazy,
            "ratio": rates.ratio,
            "env_steps_per_s_info_views": rates.info,
            "ratio_info_views": rates.ratio_info,
            "rounds": len(rates.rounds),
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
        " for infos at every step.\nrates: over all rounds; ratios: the median of the rounds'"
        " (a round: ~0.25 s of each, in turn)\nview: state.view(seat) per step (engine);"
        " encode: sweettooth.rl.encode of that view"
    )
    return "\n".join(lines)
