"""How a finished game's result ranks its seats for the ratings: winners first, then the others
by score, read the way the game counts it (the lowest total best in Sweet Nose)."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents import RandomAgent, play_out
from sweettooth.server.ratings import MU, SIGMA, conservative, game_ranks, ranks, shown


def test_the_others_rank_by_score_highest_first_and_equal_scores_share() -> None:
    assert ranks({"scores": [3, 7, 9, 3], "winners": [2]}, 4) == [3, 2, 1, 3]
    assert ranks({"scores": [5, 5, 1], "winners": [0, 1]}, 3) == [1, 1, 2]
    assert ranks({"scores": [2, 8, 4, 6, 0], "winners": [1]}, 5) == [4, 1, 3, 2, 5]


def test_in_sweet_nose_the_lowest_total_ranks_first_after_the_winner() -> None:
    """Second place in Sweet Nose is the second lowest total, not the highest (SN-6)."""
    result = {"scores": [40.0, 12.0, 25.0, 60.0, 25.0], "winners": [1]}
    assert game_ranks("sweetnose", result, 5) == [3, 1, 2, 4, 2]
    assert game_ranks("bittersweet", {"scores": [2.0, 0.0, 1.0], "winners": [0]}, 3) == [1, 3, 2]


def test_a_seat_whose_flag_fell_is_last_whatever_its_score() -> None:
    """The "score" flag-fall rule places the player out of time last (docs/server.md)."""
    assert ranks({"scores": [5, 9, 7], "winners": [1], "flag": 2}, 3) == [2, 1, 3]
    assert ranks({"scores": [5, 9, 5, 9], "winners": [1], "flag": 3}, 4) == [2, 1, 2, 3]
    assert game_ranks("sweetnose", {"scores": [30.0, 10.0, 12.0], "winners": [1], "flag": 2},
                      3) == [2, 1, 3]
    # A flag fall in Bonbons scores face-down tiles, fewest best: the result says so itself.
    bonbons = {"scores": [4.0, 1.0, 2.0, 6.0], "winners": [1], "flag": 3, "lowest_wins": True}
    assert game_ranks("bonbons", bonbons, 4) == [3, 1, 2, 4]


@pytest.mark.parametrize("game_id", st.games())
def test_each_game_says_which_way_its_scores_count(game_id: str) -> None:
    """The game's `lowest_wins` is what its engine's results say (their details)."""
    game = st.game(game_id)
    for seed in range(3):
        players = game.max_players
        state = play_out(game.new(players, seed), [RandomAgent()] * players,
                         [random.Random(seed + p) for p in range(players)])
        result = state.result()
        assert result is not None
        assert game.lowest_wins == bool(result.details.get("lowest_wins", False))


def test_the_rating_shown_is_mu_less_three_sigma() -> None:
    assert conservative(MU, SIGMA) == pytest.approx(0.0)
    assert conservative(30.0, 2.0) == pytest.approx(24.0)
    assert shown(30.0, 2.0, 7) == {"rating": 24.0, "mu": 30.0, "sigma": 2.0, "games": 7}
