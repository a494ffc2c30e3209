"""Imitation learning: a warm start for a learner from a sweettooth bot (docs/rl.md).

- `collect(episodes, ...)`: play episodes of a Gymnasium environment in which a teacher (an
  agent name such as "medium", or an `Agent`) labels every state of the learner's seat with the
  action it would play from that seat's view; the teacher plays those moves itself, or a
  `student` policy does (DAgger). Returns `Demos`: observations, masks, the teacher's action
  ids and each state's final return (a target for a value head).
- `dagger(fit, data, rounds, episodes, ...)`: DAgger rounds: `fit(data)` trains the student and
  returns its policy, the student plays, the teacher labels the states it visits, and the new
  states are added to the data.
- `clone_maskable(model, data, ...)`: behaviour cloning into an sb3-contrib `MaskablePPO`'s
  policy (cross entropy over the masked logits, and optionally a regression of the value head
  on the return); `greedy_maskable(model)`: the model's most probable legal id as a policy;
  `agreement_maskable(model, data)`: how often that is the teacher's id.

Policies here are `fn(observation, mask) -> action id`, over the learner seat's observation
array and boolean mask, as `sweettooth.rl.opponents.MaskedPolicy` takes them. torch is imported
only by the `*_maskable` functions (the `rl-train` extra).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import sweettooth as st

from .gym import GYM_IDS, SweettoothGym
from .opponents import Opponent, Seat

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], int]
"""A learner policy: `fn(observation, mask) -> action id`."""


@dataclass(frozen=True)
class Demos:
    """Labelled states of the learner's seat, one row each.

    `obs` (float32, n x observation size), `masks` (bool, n x actions), `actions` (int64: the
    teacher's id), `returns` (float32: the episode's total reward for the learner, the target of
    a value head when gamma is 1), `episodes` (int64: the episode's index in its `collect` call)
    and `seats` (int64: the learner's seat)."""

    obs: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    returns: npt.NDArray[np.float32]
    episodes: npt.NDArray[np.int64]
    seats: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.actions)

    def __add__(self, other: Demos) -> Demos:
        """Both sets of rows (DAgger's aggregation)."""
        return Demos(*(np.concatenate([a, b]) for a, b in zip(self._parts(), other._parts(),
                                                               strict=True)))

    def _parts(self) -> tuple[Any, ...]:
        return (self.obs, self.masks, self.actions, self.returns, self.episodes, self.seats)


@dataclass
class Collected:
    """What `collect` measured besides the rows: the learner's returns per episode and the
    share of its states where the moving policy played the teacher's id."""

    returns: list[float]
    agreement: float


def collect(
    episodes: int,
    *,
    teacher: Opponent = "medium",
    opponent: Opponent | Sequence[Opponent] = "medium",
    student: Policy | None = None,
    game_id: str = "lechocolat",
    seed: int = 0,
    score_weight: float = 0.0,
    stats: Collected | None = None,
    observe: Callable[[SweettoothGym, npt.NDArray[np.float32]], npt.NDArray[np.float32]]
    | None = None,
) -> Demos:
    """Play `episodes` games (the game's least number of players), the learner in seat
    `e % players` of episode `e` on the deal of seed `seed + e`, and record every learner
    state with the teacher's label.

    `teacher` labels each state with the move it would play from the learner's view (a fresh
    agent per episode whose tie-breaks draw from `random.Random(seed + e)`); the learner's move
    is that label, or `student(observation, mask)` when a student is given. `opponent` is the
    other seats' opponent, or a list of them taken in turn every `players` episodes (so that
    each meets every seat). The reward is the win share plus `score_weight` times the final score,
    as in the environments. `stats`, if given, is filled in (returns, agreement).

    `observe(env, observation)`, if given, is what the learner sees instead of the observation
    array (e.g. the array with features added, as a wrapper of the environment adds them); it
    is called at each learner turn, and the rows and the student get what it returns."""
    opponents = list(opponent) if _is_list(opponent) else [opponent]  # type: ignore[arg-type]
    if not opponents:
        raise ValueError("opponent: give at least one")
    env_id = GYM_IDS[game_id]
    players = st.game(game_id).min_players
    envs: dict[tuple[int, int], SweettoothGym] = {}
    rows: dict[str, list[Any]] = {k: [] for k in ("obs", "masks", "actions", "returns",
                                                  "episodes", "seats")}
    returns: list[float] = []
    agree = moves = 0
    for e in range(episodes):
        which, seat = (e // players) % len(opponents), e % players
        env = envs.get((which, seat))
        if env is None:
            made = gymnasium.make(env_id, opponent=opponents[which], seat=seat, views="lazy",
                                  score_weight=score_weight).unwrapped
            assert isinstance(made, SweettoothGym)
            env = envs[which, seat] = made
        obs, _ = env.reset(seed=seed + e)
        label = Seat(teacher, random.Random(seed + e))
        start = len(rows["actions"])
        total, done = 0.0, False
        while not done:
            mask = obs["action_mask"].astype(bool)
            seen = obs["observation"] if observe is None else observe(env, obs["observation"])
            wanted = label.act(env.aec, env.seat)
            move = wanted if student is None else int(student(seen, mask))
            agree += move == wanted
            moves += 1
            rows["obs"].append(seen)
            rows["masks"].append(mask)
            rows["actions"].append(wanted)
            obs, reward, terminated, truncated, _ = env.step(move)
            total += float(reward)
            done = terminated or truncated
        steps = len(rows["actions"]) - start
        rows["returns"] += [total] * steps
        rows["episodes"] += [e] * steps
        rows["seats"] += [env.seat] * steps
        returns.append(total)
    if stats is not None:
        stats.returns = returns
        stats.agreement = agree / moves if moves else float("nan")
    first = gymnasium.make(env_id, views="lazy").unwrapped
    assert isinstance(first, SweettoothGym)
    size, actions = first.aec.spec.size, len(first.aec.spec.actions)
    if rows["obs"]:
        size = len(rows["obs"][0])
    return Demos(
        np.array(rows["obs"], np.float32).reshape(-1, size),
        np.array(rows["masks"], np.bool_).reshape(-1, actions),
        np.array(rows["actions"], np.int64),
        np.array(rows["returns"], np.float32),
        np.array(rows["episodes"], np.int64),
        np.array(rows["seats"], np.int64),
    )


def _is_list(spec: object) -> bool:
    return isinstance(spec, Sequence) and not isinstance(spec, str)


def dagger(
    fit: Callable[[Demos], Policy],
    data: Demos,
    rounds: int,
    episodes: int,
    *,
    teacher: Opponent = "medium",
    opponent: Opponent | Sequence[Opponent] = "medium",
    game_id: str = "lechocolat",
    seed: int = 0,
    score_weight: float = 0.0,
    log: Callable[[int, Demos, Collected], None] | None = None,
    observe: Callable[[SweettoothGym, npt.NDArray[np.float32]], npt.NDArray[np.float32]]
    | None = None,
) -> Demos:
    """DAgger: for each of `rounds` rounds, `student = fit(data)`, the student plays `episodes`
    games (deals from `seed + round * episodes`), the teacher labels every state it visits, and
    those rows are added to `data`. Returns the aggregated data (fit it once more for the final
    student). `log(round, new rows, stats)` is called after each round; `observe` is passed
    on to `collect`."""
    for r in range(rounds):
        student = fit(data)
        stats = Collected([], float("nan"))
        new = collect(episodes, teacher=teacher, opponent=opponent, student=student,
                      game_id=game_id, seed=seed + r * episodes, score_weight=score_weight,
                      stats=stats, observe=observe)
        data = data + new
        if log is not None:
            log(r, new, stats)
    return data


def clone_maskable(
    model: Any,
    data: Demos,
    epochs: int = 10,
    lr: float = 1e-3,
    value_weight: float = 0.0,
    batch_size: int = 256,
    seed: int = 0,
) -> list[float]:
    """Behaviour cloning into an sb3-contrib `MaskablePPO`'s policy: `epochs` passes over
    `data` in shuffled batches with Adam at `lr`, minimising the cross entropy of the teacher's
    id under the masked distribution, plus `value_weight` times the squared error of the value
    head against the return (0: the value head is left alone). Returns the mean policy loss of
    each epoch."""
    torch = _torch()

    policy = model.policy
    policy.set_training_mode(True)
    device = policy.device
    obs = torch.as_tensor(data.obs, device=device)
    masks = torch.as_tensor(data.masks, device=device)
    actions = torch.as_tensor(data.actions, device=device)
    returns = torch.as_tensor(data.returns, device=device)
    optimiser = torch.optim.Adam(policy.parameters(), lr=lr)
    generator = torch.Generator().manual_seed(seed)
    losses: list[float] = []
    n = len(data)
    for _ in range(epochs):
        order = torch.randperm(n, generator=generator)
        total = 0.0
        for start in range(0, n, batch_size):
            at = order[start:start + batch_size].to(device)
            values, log_prob, _ = policy.evaluate_actions(
                obs[at], actions[at], action_masks=masks[at])
            loss = -log_prob.mean()
            total += float(loss.detach()) * len(at)
            if value_weight:
                loss = loss + value_weight * torch.nn.functional.mse_loss(
                    values.flatten(), returns[at])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
        losses.append(total / max(n, 1))
    policy.set_training_mode(False)
    return losses


def _torch() -> Any:
    """torch, imported when first needed (typed as Any: the type checker runs without it)."""
    import importlib

    return importlib.import_module("torch")


def greedy_maskable(model: Any) -> Policy:
    """The model's most probable legal id, as a policy (it follows the model's training)."""

    def act(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.policy.predict(obs, action_masks=mask.astype(bool),
                                         deterministic=True)
        return int(action)

    return act


def agreement_maskable(model: Any, data: Demos, batch_size: int = 4096) -> float:
    """The share of `data`'s rows where the model's most probable legal id is the teacher's."""
    torch = _torch()

    policy = model.policy
    policy.set_training_mode(False)
    hits = 0
    with torch.no_grad():
        for start in range(0, len(data), batch_size):
            part = slice(start, start + batch_size)
            obs = torch.as_tensor(data.obs[part], device=policy.device)
            dist = policy.get_distribution(obs, action_masks=data.masks[part])
            best = dist.distribution.probs.argmax(dim=1).cpu().numpy()
            hits += int((best == data.actions[part]).sum())
    return hits / len(data) if len(data) else float("nan")
