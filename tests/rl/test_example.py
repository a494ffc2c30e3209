"""The worked example (examples/rl/reinforce.py) learns: a short, seeded run of REINFORCE beats
the random policy on the same deals, the whole 95% interval of the paired difference above 0."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "reinforce.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sweettooth_rl_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


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
