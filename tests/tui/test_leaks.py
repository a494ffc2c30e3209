"""The leak test for the terminal app: what it shows a seat is the same, character for
character and colour for colour, when everything that seat cannot see is dealt differently
(twins built as the server's leak test builds them)."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents import make_agent
from sweettooth.core import JSON, State
from tests.server.twins import best_twin

from .helpers import GAMES, make_app, screen_text, settle

pytestmark = pytest.mark.anyio

SEED = 987654321


def finished_record(game_id: str, players: int, seed: int) -> JSON:
    state: State = st.game(game_id).new(players, seed)
    agent = make_agent("heuristic")
    rngs = [random.Random(s) for s in range(players)]
    while (seat := state.to_move) is not None:
        view = state.view(seat)
        state.apply(agent.choose(state.game, view, state.legal_actions(), rngs[seat]))
    return state.record()


def twin_pair(game_id: str, players: int, seat: int) -> tuple[State, State]:
    """The real game and its twin at the latest ply where `seat` is to move and its views
    still agree, while some other part of the game differs."""
    record = finished_record(game_id, players, seed=SEED)
    part, (initial, actions), agree = best_twin(record, seat)
    game = st.game(game_id)
    real: State = game.new(part["players"], part["seed"], **part["options"])
    twin = initial.copy()
    best: tuple[State, State] | None = None
    for ply in range(min(agree, len(actions) + 1)):
        if real.view(seat) != twin.view(seat):
            break
        if real.to_move == seat and real.snapshot() != twin.snapshot():
            best = (real.copy(), twin.copy())
        if ply == len(actions):
            break
        real.apply(game.parse_action(real, part["actions"][ply]))
        twin.apply(game.parse_action(twin, actions[ply]))
    assert best is not None, "no ply where the twin hides something from the seat"
    return best


async def shown(game_id: str, players: int, state: State, size: tuple[int, int]) -> str:
    app = make_app(game_id, players, state=state)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        return screen_text(app) + "\n" + app.export_screenshot(title="leak")


@pytest.mark.parametrize(("game_id", "players"), [g for g in GAMES])
async def test_the_screen_is_the_same_when_hidden_things_are_dealt_again(
    game_id: str, players: int
) -> None:
    real, twin = twin_pair(game_id, players, seat=0)
    assert real.view(0) == twin.view(0)
    assert real.snapshot() != twin.snapshot()
    for size in [(80, 24), (120, 40)]:
        screen = await shown(game_id, players, real, size)
        assert str(SEED) not in screen  # no seed before the end
        assert screen == await shown(game_id, players, twin, size)
