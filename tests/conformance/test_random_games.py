"""Many cheap random games of every game, player count and variant (OpenSpiel's random
simulation test, in bulk): the conformance kit checks a few seeds in depth; a rule bug that
strands a player or never ends shows up in a game or two of a hundred, so here 100 seeded games
a case are played to the end with the structural checks only. About 7 s of CPU in all."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.core.conformance import settings
from sweettooth.core.options import OptionValue

GAMES = 100

CASES = [
    pytest.param(gid, players, options, id=f"{gid}-{players}p-{options or 'default'}")
    for gid in st.games()
    for players, options in settings(st.game(gid))
]


@pytest.mark.parametrize(("gid", "players", "options"), CASES)
def test_random_games_end_well(gid: str, players: int, options: dict[str, OptionValue]) -> None:
    game = st.game(gid)
    limit = game.max_length(players, game.resolve_options(options))
    for seed in range(1000, 1000 + GAMES):
        state = game.new(players, seed, **options)
        rng = random.Random(seed)
        where = f"{gid} {players}p {options or ''} seed {seed}"
        while (legal := state.legal_actions()):
            assert state.to_move is not None and state.result() is None, where
            assert len(state.history) < limit, f"{where}: past the declared max {limit}"
            state.apply(rng.choice(legal))
        assert state.to_move is None, f"{where}: seat {state.to_move} to move with no legal move"
        result = state.result()
        assert result is not None, f"{where}: no legal move and no result"
        assert len(result.scores) == players, where
        assert result.winners and result.winners == sorted(set(result.winners)), where
        assert all(0 <= w < players for w in result.winners), where
