"""The five games inside OpenSpiel (the `openspiel` extra): OpenSpiel's own random-simulation
checks for every title and seat count, explicit chance, information states from views alone,
serialization, resampling, and OpenSpiel's MCTS/ISMCTS bots playing whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'sweettooth[openspiel]'")
np = pytest.importorskip("numpy")

import sweettooth as st  # noqa: E402
import sweettooth.openspiel  # noqa: E402  (registers the games)
from sweettooth.rl import encode  # noqa: E402

CHOC: Any = st.game("lechocolat")
COUNTS = [(g, p) for g in st.games() for p in st.game(g).player_counts()]


def play_random(state: object, rng: random.Random, until: int = 10**6) -> None:
    while not state.is_terminal() and len(state.history()) < until:  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
            state.apply_action(rng.choices(outcomes, probs)[0])  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_openspiel_random_simulation_checks_pass(game_id: str, players: int) -> None:
    # Bonbons' default games run ~800 moves: its counts above 2 play the quick (5 x 5) grid.
    extra = ",variant=quick" if game_id == "bonbons" and players > 2 else ""
    game = pyspiel.load_game(f"sweettooth_{game_id}(players={players}{extra})")
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_serialized_states_come_back_equal() -> None:
    game = pyspiel.load_game("sweettooth_lechocolat")
    state = game.new_initial_state()
    play_random(state, random.Random(3), until=90)
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    for p in range(2):
        assert back.information_state_string(p) == state.information_state_string(p)


def test_the_deal_is_uniform_chance_one_tile_at_a_time() -> None:
    # LC-1: 36 tiles shuffled (35 nodes of 36, 35, ... 2 outcomes), then the coin flips.
    state = pyspiel.load_game("sweettooth_lechocolat").new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert len({p for _, p in outcomes}) == 1
        sizes.append(len(outcomes))
        state.apply_action(outcomes[-1][0])
    assert sizes[:35] == list(range(36, 1, -1))
    assert sizes[35:] == [2] * 35 + [len(CHOC.components(CHOC.resolve_options({})).cards)]


def test_two_deals_give_different_games() -> None:
    game = pyspiel.load_game("sweettooth_lechocolat")
    views = set()
    for first in (0, 35):
        state = game.new_initial_state()
        state.apply_action(first)
        play_random(state, random.Random(0), until=200)
        views.add(state.observation_string(0))
    assert len(views) == 2


def test_information_states_come_from_the_seats_view_alone() -> None:
    game = pyspiel.load_game("sweettooth_sweetnose")
    state = game.new_initial_state()
    play_random(state, random.Random(5), until=60)
    while state.is_chance_node():
        state.apply_action(0)
    seat = state.current_player()
    for other in range(3):
        world = state.resample_from_infostate(other, None)
        assert world.information_state_string(other) == state.information_state_string(other)
        assert world.legal_actions(seat) == state.legal_actions(seat)
    worlds = {state.resample_from_infostate(seat, None).information_state_string((seat + 1) % 3)
              for _ in range(8)}
    assert len(worlds) > 1  # what the seat cannot see really varies
    tensor = np.asarray(state.information_state_tensor(seat))
    assert np.array_equal(tensor, encode("sweetnose", state.view(seat)))


@pytest.mark.parametrize("name", ["sweettooth_lechocolat", "sweettooth_sweetshop"])
def test_openspiel_mcts_and_ismcts_bots_play_whole_games(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    for bot in (ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rs),
                mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rs)):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert len(state.returns()) == game.num_players()
