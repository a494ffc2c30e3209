"""The conformance kit, applied to every registered game, player count and variant."""

from __future__ import annotations

import os

import pytest

import sweettooth as st
from sweettooth.core.conformance import (
    check_game_once,
    first_difference,
    golden_lines,
    golden_views,
    settings,
)
from sweettooth.core.options import OptionValue

from .golden import path_for, read_header, wanted

SEEDS = int(os.environ.get("SWEETTOOTH_CONFORMANCE_SEEDS", "10"))
QUICK_SEEDS = 3
"""Seeds the test command checks for every case; the rest run with `dev.py slow`."""

CASES = [
    pytest.param(gid, players, options, id=f"{gid}-{players}p-{options or 'default'}")
    for gid in st.games()
    for players, options in settings(st.game(gid))
]


@pytest.mark.parametrize("seed", [
    seed if seed < QUICK_SEEDS else pytest.param(seed, marks=pytest.mark.slow)
    for seed in range(SEEDS)
])
@pytest.mark.parametrize(("gid", "players", "options"), CASES)
def test_conformance(gid: str, players: int, options: dict[str, OptionValue], seed: int) -> None:
    check_game_once(st.game(gid), players, options, seed)


@pytest.mark.parametrize(
    ("gid", "players", "options"),
    [pytest.param(*w, id=path_for(*w).name) for w in wanted()],
)
def test_golden_playthrough(gid: str, players: int, options: dict[str, OptionValue]) -> None:
    path = path_for(gid, players, options)
    assert path.exists(), f"missing golden file {path.name}: run `make golden`"
    seed = read_header(path)["seed"]
    expected = path.read_text(encoding="utf-8").splitlines()
    got = golden_lines(st.game(gid), players, options, seed)
    assert got[0] == expected[0], f"{path.name}: header differs"
    want_steps, have_steps = golden_views(expected), golden_views(got)
    for ply, (want, have) in enumerate(zip(want_steps, have_steps, strict=False)):
        assert have[0] == want[0], f"{path.name} ply {ply}: action {have[0]} != {want[0]}"
        for seat, (w, h) in enumerate(zip(want[1], have[1], strict=True)):
            assert h == w, f"{path.name} ply {ply} view {seat}: {first_difference(w, h)}"
    assert len(have_steps) == len(want_steps), (
        f"{path.name}: game has {len(have_steps)} steps, golden has {len(want_steps)}"
    )
