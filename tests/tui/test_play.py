"""Every game played to the end in the terminal app, each move made by picking its pieces
(the cursor and Enter on the board, the choice list for what has no piece, a confirm)."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents import make_agent
from sweettooth.core import State
from sweettooth.tui.ending import EndScreen

from .helpers import GAMES, heuristic_move, make_app, play_by_pieces, screen_text, settle

pytestmark = pytest.mark.anyio


def near_the_end(game_id: str, players: int, seed: int, human_moves_left: int) -> State:
    """A game played by heuristic bots until seat 0 has `human_moves_left` moves to make
    (found by playing the same seeded game to the end once)."""
    def playout(stop: int | None) -> tuple[State, int]:
        state: State = st.game(game_id).new(players, seed)
        rngs = [random.Random(s) for s in range(players)]
        agent = make_agent("heuristic")
        mine = 0
        while (seat := state.to_move) is not None:
            if seat == 0:
                if stop is not None and mine == stop:
                    break
                mine += 1
            view = state.view(seat)
            state.apply(agent.choose(state.game, view, state.legal_actions(), rngs[seat]))
        return state, mine

    _, total = playout(None)
    state, _ = playout(max(0, total - human_moves_left))
    return state


async def play_to_the_end(game_id: str, players: int, state: State | None) -> None:
    app = make_app(game_id, players, seed=3, state=state)
    rng = random.Random(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        moves = 0
        while app.state.to_move is not None:
            before = len(app.state.history)
            await play_by_pieces(pilot, app, heuristic_move(app, rng))
            await settle(pilot, app)
            assert len(app.state.history) > before, "the picked pieces made no move"
            moves += 1
        assert moves >= 1
        assert isinstance(app.screen, EndScreen)
        shown = screen_text(app)
        assert str(app.state.seed) in shown  # the seed only at the end
        assert "wins" in shown or "win!" in shown or "Final score" in shown or "Shared" in shown
        await pilot.press("enter")
    assert app.return_value == 0
    assert app.return_code == 0


@pytest.mark.parametrize(("game_id", "players"), GAMES)
async def test_the_last_moves_are_played_by_picking_pieces(game_id: str, players: int) -> None:
    await play_to_the_end(game_id, players, near_the_end(game_id, players, 3, 4))


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), GAMES)
async def test_a_whole_game_is_played_by_picking_pieces(game_id: str, players: int) -> None:
    await play_to_the_end(game_id, players, None)
