"""The worked example (examples/rl/reinforce.py) learns: a short, seeded run of REINFORCE beats
the random policy on the same deals, the whole 95% interval of the paired difference above 0."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from . import examples


def load_example() -> ModuleType:
    return examples.load_example("reinforce")


@pytest.mark.parametrize(("game_id", "episodes"), [("sweetshop", 300), ("lechocolat", 400)])
def test_reinforce_beats_random(game_id: str, episodes: int) -> None:
    rf = load_example()
    policy, returns = rf.train(game_id, episodes, seed=0)
    assert len(returns) == episodes
    seeds = range(10**6, 10**6 + 150)
    trained = rf.evaluate(game_id, policy.act, seeds)
    baseline = rf.evaluate(game_id, rf.random_policy, seeds)
    diff, half = rf.mean_ci([a - b for a, b in zip(trained, baseline, strict=True)])
    assert diff - half > 0, f"{game_id}: improvement {diff:.3f} ± {half:.3f} is not above 0"


def test_the_plot_is_written(tmp_path: Path) -> None:
    rf = load_example()
    out = tmp_path / "curve.png"
    rf.plot(str(out), "sweetshop", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [1.0, 2.0, 1.5], block=2)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
