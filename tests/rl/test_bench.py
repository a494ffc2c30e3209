"""`sweettooth bench --rl` prints both rates (environment steps/s and engine actions/s)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sweettooth.rl.bench import Rates, bench_rl, format_rl, interleaved_rates

SWEETTOOTH = Path(sys.executable).with_name("sweettooth")


def test_bench_rl_measures_both_rates() -> None:
    [row] = bench_rl(["sweetshop"], seconds=0.2)
    assert row["game"] == "sweetshop" and row["players"] == 1
    assert row["engine_actions_per_s"] > 0 and row["env_steps_per_s"] > 0
    # (Which of the two is faster is a timing, checked where the gap is wide: below. Sweet
    # Shop's two differ by only about 2x, which 0.2 s on a busy machine can turn round.)
    assert 0 < row["ratio_info_views"] < 1 and 0 < row["ratio"] < 1
    assert row["view_us"] > 0 and row["encode_us"] > 0
    text = format_rl([row])
    assert text.splitlines()[1].split()[0] == "sweetshop"


def test_the_command_line_flag() -> None:
    out = subprocess.run(
        [str(SWEETTOOTH), "bench", "--rl", "lechocolat", "--seconds", "0.2", "--json"],
        capture_output=True, text=True, check=True, timeout=120,
    )
    data = json.loads(out.stdout)
    [row] = data["rl"]
    assert row["game"] == "lechocolat"
    assert {"engine_actions_per_s", "env_steps_per_s", "ratio"} <= set(row)


def test_interleaved_rates_are_in_order_engine_lazy_views() -> None:
    """Building a JSON view at every step costs several engine moves (docs/rl.md), so the
    default environment is slower than the lazy one, and both slower than the bare engine."""
    rates = interleaved_rates("bittersweet", 2, seconds=0.6, slice_seconds=0.1)
    assert rates.engine > rates.lazy > rates.info > 0
    assert len(rates.rounds) == 2
    assert all(engine > lazy > info > 0 for engine, lazy, info in rates.rounds)


def test_the_ratios_are_the_median_round_s_so_one_slowed_round_does_not_move_them() -> None:
    """A round slowed by another process (here the second round's env runs) is an outlier."""
    rates = Rates(0.0, 0.0, 0.0, ((100.0, 30.0, 10.0), (100.0, 5.0, 1.0), (200.0, 64.0, 16.0)))
    assert rates.ratio == 0.30 and rates.ratio_info == 0.08
