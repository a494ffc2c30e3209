"""Beliefs about the others' markers (`beliefs.py`): read from a seat's view alone, they put
more probability on the markers the others really hold than uniform sampling does (1/120)."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents import difficulty
from sweettooth.core import State
from sweettooth.games.sweetnose import beliefs
from sweettooth.games.sweetnose.game import SweetNose
from sweettooth.games.sweetnose.state import SweetNoseState

_GAME = st.game("sweetnose")
assert isinstance(_GAME, SweetNose)
GAME: SweetNose = _GAME
assert isinstance(GAME, SweetNose)
UNIFORM = 1 / len(beliefs.ORDERS)


def probability_of_truth(games: int) -> tuple[float, int]:
    """The mean belief in the true markers of every opponent the seat to move has read (one
    random point of the exchange phase per seeded game, played by the medium bot with a fifth
    of random moves), and how many opponents that was."""
    medium = difficulty("sweetnose", "medium")
    total, count = 0.0, 0
    for seed in range(games):
        state: State = GAME.new(3, seed)
        rng = random.Random(seed)
        stop = rng.randrange(20, 80)
        ply = 0
        while state.to_move is not None:
            view = state.view(state.to_move)
            if ply >= stop and view["phase"] == "exchange":
                assert isinstance(state, SweetNoseState)
                seen = beliefs.MarkerBeliefs(GAME, view, state.to_move)
                for q, weights in enumerate(seen.weights):
                    if weights is not None:
                        total += weights[beliefs.ORDERS.index(tuple(state.table.markers[q]))]
                        count += 1
                break
            legal = state.legal_actions()
            move = rng.choice(legal) if rng.random() < 0.2 else medium.choose(
                GAME, view, legal, rng)
            state.apply(move)
            ply += 1
    return total / max(count, 1), count


def test_beliefs_favour_the_true_markers() -> None:
    mean, count = probability_of_truth(20)
    assert count >= 10 and mean > 3 * UNIFORM, (mean, count)


@pytest.mark.slow
def test_beliefs_favour_the_true_markers_over_200_games() -> None:
    mean, count = probability_of_truth(200)
    print(f"P(true markers): beliefs {mean:.4f} vs uniform {UNIFORM:.4f} over {count} "
          "opponents in 200 games")
    assert count >= 100 and mean > 3 * UNIFORM, (mean, count)


def test_beliefs_read_the_view_only() -> None:
    """The same view gives the same beliefs whatever the hidden markers really are (a re-deal
    of the state consistent with the view), and the seat's own markers are never guessed."""
    state: State = GAME.new(3, 5)
    rng = random.Random(5)
    while state.to_move is not None and len(state.view(state.to_move)["moves"]) < 14:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    other = GAME.sample(view, seat, 99)
    assert isinstance(other, SweetNoseState) and isinstance(state, SweetNoseState)
    assert other.table.markers != state.table.markers  # the hidden parts differ
    mine = beliefs.MarkerBeliefs(GAME, view, seat)
    theirs = beliefs.MarkerBeliefs(GAME, other.view(seat), seat)
    assert mine.weights == theirs.weights and mine.weights[seat] is None
    assert any(w is not None for w in mine.weights)
