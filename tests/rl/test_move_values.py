"""The worked example's per-move features (examples/rl/move_values.py): read from a seat's view
alone, with the medium bot's scoring, so that the move the medium bot plays is the one with the
highest value in slot 0 (docs/rl.md, the curriculum against medium)."""

from __future__ import annotations

import random
from types import ModuleType

import gymnasium
import numpy as np
import pytest

import sweettooth.rl  # noqa: F401  (registers the environments)
from sweettooth.games.lechocolat.actions import Claim, Split
from sweettooth.games.lechocolat.bar import Rect
from sweettooth.games.lechocolat.heuristics import Board, choose
from sweettooth.rl.wrappers import ObservationOnly

from .examples import load_example


@pytest.fixture(scope="module")
def mv() -> ModuleType:
    return load_example("move_values")


def decisions(seed: int, seat: int) -> list[tuple[dict[str, object], np.ndarray, list[object]]]:
    """(view, mask, legal actions) at each of the learner's turns in a game against random,
    the learner playing uniformly at random too."""
    env = ObservationOnly(gymnasium.make("sweettooth/LeChocolat-v0", opponent="random",
                                         seat=seat))
    inner = env.unwrapped
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    done = False
    while not done:
        mask = env.action_masks()
        state = inner.aec.state  # type: ignore[attr-defined]
        out.append((state.view(seat), mask, list(state.legal_actions())))
        move = int(rng.choice(np.flatnonzero(mask)))
        _, _, terminated, truncated, _ = env.step(move)
        done = terminated or truncated
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_medium_bots_move_has_the_highest_value(mv: ModuleType, seed: int) -> None:
    checked = 0
    for view, mask, legal in decisions(seed, seed % 2):
        rows = mv.move_values(view, mask)
        assert rows.shape == (len(mv.MOVES), mv.PER_MOVE)
        assert not rows[~mask].any(), "a move the mask forbids has features"
        assert set(np.flatnonzero(mask)) == {mv.MOVES.index(a) for a in legal}
        if len(legal) == 1:
            continue
        for tie_break in range(3):
            picked = mv.MOVES.index(choose(view, legal, random.Random(tie_break)))
            assert rows[picked, 0] == pytest.approx(rows[mask, 0].max(), abs=1e-6), (
                f"seed {seed}: medium played {mv.MOVES[picked]} worth {rows[picked, 0]:.3f}, "
                f"the features' best is worth {rows[mask, 0].max():.3f}")
        checked += 1
    assert checked >= 5


def test_each_slot_says_what_the_table_says(mv: ModuleType) -> None:
    kinds = set()
    for view, mask, legal in decisions(4, 0):
        rows = mv.move_values(view, mask)
        board = Board(view)
        seat = int(view["seat"])  # type: ignore[call-overload]
        groups = [Rect.parse(g) for g in view["groups"]]  # type: ignore[attr-defined]
        cells = sum(g.area for g in groups)
        for action in legal:
            row = rows[mv.MOVES.index(action)]
            assert row[4] == pytest.approx(board.margin(seat) / 5, abs=1e-6)
            assert row[5] == pytest.approx(cells / 35, abs=1e-6)
            if isinstance(action, Claim):
                kinds.add("claim")
                rest = [g for g in groups if g != action.group]
                assert row[3] == 1.0
                assert row[1] == pytest.approx(board.gain(seat, action.group) / 5, abs=1e-6)
            else:
                assert isinstance(action, Split)
                kinds.add("split")
                rest = [g for g in groups if g != action.group] + list(action.halves())
                assert row[3] == 0.0
            threat = max((board.best_take(1 - seat, g) for g in rest), default=0.0)
            assert row[2] == pytest.approx(threat / 5, abs=1e-6)
    assert kinds == {"claim", "split"}
