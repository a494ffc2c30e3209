"""Every drawing and every end of the plain mode fits an 80-column terminal."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.cli import drawing
from sweettooth.cli.names import player_names
from sweettooth.cli.play import end_summary


@pytest.mark.parametrize("gid", st.games())
def test_drawings_and_ends_fit_80_columns(gid: str) -> None:
    game = st.game(gid)
    for players in (game.min_players, game.max_players):
        names = player_names(players, {0})
        state = game.new(players, 1)
        chooser = random.Random(1)
        while True:
            if len(state.history) % 3 == 0 or state.to_move is None:
                for seat in (0, None):
                    text = drawing.draw(game, state.view(seat), names)
                    assert max(len(line) for line in text.splitlines()) <= 80, text
            if state.to_move is None:
                break
            state.apply(chooser.choice(state.legal_actions()))
        end = end_summary(state, state.view(0), names)
        assert max(len(line) for line in end.splitlines()) <= 80, end
