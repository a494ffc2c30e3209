"""`sweettooth.rl.imitation` without torch: the teacher's labels, the rows `collect` records, a
student's moves and DAgger's aggregation (plain-python students)."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import sweettooth.rl  # noqa: F401  (registers the ids)
from sweettooth.agents import make_agent
from sweettooth.rl.imitation import Collected, Demos, collect, dagger

ID = "sweettooth/LeChocolat-v0"


def lowest(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
    """A plain student: the lowest legal id."""
    return int(np.flatnonzero(mask)[0])


def replay(data: Demos, episode: int, seed: int, student: Any = None,
           opponent: str = "medium") -> tuple[list[int], list[int], float]:
    """Play episode `episode` of a `collect(seed=seed)` call again, independently: at each
    learner turn, what a fresh medium bot (tie-breaks from random.Random(seed + episode))
    chooses from the learner seat's own view, and the move played (the student's, if any).
    Checks that the recorded observations and masks are the learner's. Returns the medium
    labels, the moves and the return."""
    rows = np.flatnonzero(data.episodes == episode)
    seat = int(data.seats[rows[0]])
    env: Any = gymnasium.make(ID, opponent=opponent, seat=seat, views="lazy").unwrapped
    obs, _ = env.reset(seed=seed + episode)
    medium = make_agent("medium")
    rng = random.Random(seed + episode)
    labels: list[int] = []
    moves: list[int] = []
    total, done = 0.0, False
    while not done:
        k = rows[len(labels)]
        state = env.aec.state
        assert state.to_move == seat
        view = state.view(seat)
        assert view["seat"] == seat
        chosen = medium.choose(state.game, view, state.legal_actions(), rng)
        labels.append(env.aec.spec.action_id(chosen))
        assert np.array_equal(data.obs[k], obs["observation"])
        assert np.array_equal(data.masks[k], obs["action_mask"].astype(bool))
        move = labels[-1] if student is None else student(obs["observation"],
                                                          obs["action_mask"].astype(bool))
        moves.append(move)
        obs, reward, terminated, truncated, _ = env.step(move)
        total += float(reward)
        done = terminated or truncated
    assert len(labels) == len(rows)
    return labels, moves, total


def test_the_rows_are_the_learners_states_with_medium_labels_and_the_return() -> None:
    stats = Collected([], float("nan"))
    data = collect(6, seed=40, stats=stats)
    n = len(data)
    env: Any = gymnasium.make(ID)
    assert n > 6 * 5  # a game gives each seat some 15 to 20 moves
    assert data.obs.shape == (n, *env.observation_space["observation"].shape)
    assert data.obs.dtype == np.float32
    assert data.masks.shape == (n, env.action_space.n) and data.masks.dtype == np.bool_
    assert data.actions.shape == data.returns.shape == data.episodes.shape == (n,)
    assert data.masks[np.arange(n), data.actions].all()  # every label is legal
    assert sorted(set(data.episodes.tolist())) == list(range(6))
    for e in range(6):
        rows = data.episodes == e
        assert set(data.seats[rows].tolist()) == {e % 2}  # seats alternate
        labels, _, total = replay(data, e, seed=40)
        assert data.actions[rows].tolist() == labels  # medium's move from the learner's view
        assert set(data.returns[rows].tolist()) == {np.float32(total)}
        assert stats.returns[e] == total
    assert stats.agreement == 1.0  # the teacher played its own labels
    assert set(stats.returns) <= {0.0, 0.5, 1.0}  # win shares (no score weight)


def test_a_student_plays_while_the_teacher_labels() -> None:
    stats = Collected([], float("nan"))
    data = collect(4, seed=7, student=lowest, stats=stats)
    agree = 0
    for e in range(4):
        labels, moves, total = replay(data, e, seed=7, student=lowest)
        rows = data.episodes == e
        assert data.actions[rows].tolist() == labels
        assert stats.returns[e] == total
        agree += sum(a == b for a, b in zip(labels, moves, strict=True))
    assert stats.agreement == agree / len(data) < 0.5
    # The student's games are not the teacher's: the states differ from the first move on.
    teacher = collect(4, seed=7)
    assert len(teacher) != len(data) or not np.array_equal(teacher.obs, data.obs)


def test_the_opponents_of_a_list_take_turns_every_two_episodes() -> None:
    data = collect(4, seed=3, opponent=["random", "medium"])
    for e, opponent in enumerate(["random", "random", "medium", "medium"]):
        labels, _, total = replay(data, e, seed=3, opponent=opponent)
        assert data.actions[data.episodes == e].tolist() == labels
        assert (data.returns[data.episodes == e] == np.float32(total)).all()


def test_dagger_fits_on_the_aggregated_data_and_adds_the_students_states() -> None:
    first = collect(2, seed=0)
    seen: list[int] = []
    logged: list[tuple[int, int, float]] = []

    def fit(data: Demos) -> Any:
        seen.append(len(data))
        memory = {row.tobytes(): int(a) for row, a in zip(data.obs, data.actions, strict=True)}

        def student(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
            return memory.get(obs.tobytes(), lowest(obs, mask))

        return student

    def log(r: int, new: Demos, stats: Collected) -> None:
        logged.append((r, len(new), stats.agreement))

    out = dagger(fit, first, rounds=3, episodes=2, seed=100, log=log)
    assert [r for r, _, _ in logged] == [0, 1, 2]
    assert seen == [len(first), len(first) + logged[0][1],
                    len(first) + logged[0][1] + logged[1][1]]
    assert len(out) == seen[-1] + logged[2][1]
    assert np.array_equal(out.obs[:len(first)], first.obs)  # the first rows are kept
    assert out.masks[np.arange(len(out)), out.actions].all()
    # Round 1's games are on deals 102, 103: replayed with round 1's student, the labels match.
    start = len(first) + logged[0][1]
    round1 = Demos(*(part[start:start + logged[1][1]] for part in out._parts()))
    student = fit(Demos(*(part[:start] for part in out._parts())))
    for e in (0, 1):
        labels, _, _ = replay(round1, e, seed=102, student=student)
        assert round1.actions[round1.episodes == e].tolist() == labels


def test_importing_the_module_needs_no_torch() -> None:
    code = ("import sys, sweettooth.rl.imitation; "
            "assert 'torch' not in sys.modules, 'torch was imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_observe_is_what_the_rows_and_the_student_see() -> None:
    shown: list[int] = []

    def observe(env: Any, obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        extra = [env.seat, len(env.aec.state.history)]
        return np.concatenate([obs, np.array(extra, np.float32)])

    def student(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
        shown.append(len(obs))
        return lowest(obs, mask)

    plain = collect(2, seed=9, student=lowest)
    data = collect(2, seed=9, student=student, observe=observe)
    assert data.obs.shape == (len(plain), plain.obs.shape[1] + 2)
    assert set(shown) == {plain.obs.shape[1] + 2}
    assert np.array_equal(data.obs[:, :-2], plain.obs)
    assert data.obs[:, -2].tolist() == data.seats.tolist()
    assert np.array_equal(data.actions, plain.actions)
