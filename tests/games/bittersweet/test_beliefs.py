"""Beliefs about the others' YUM! and YUCK! (`beliefs.py`): read from a seat's view alone, they
put more probability on the cards the others really hold than uniform sampling does."""

from __future__ import annotations

import random

import pytest

import sweettooth as st
from sweettooth.agents import difficulty
from sweettooth.core import State
from sweettooth.games.bittersweet import beliefs
from sweettooth.games.bittersweet.state import BitterSweetState

GAME = st.game("bittersweet")


def probability_of_truth(games: int) -> tuple[float, float, int]:
    """At one random point of each seeded 2-player game (played by the medium bot), the mean
    belief of the seat to move in its opponent's true (YUM!, YUCK!), the mean uniform
    probability of it (1 / candidates), and how many opponents were read."""
    medium = difficulty("bittersweet", "medium")
    belief = uniform = 0.0
    count = 0
    for seed in range(games):
        state: State = GAME.new(2, seed)
        rng = random.Random(seed)
        stop = rng.randrange(10, 60)
        ply = 0
        while state.to_move is not None:
            view = state.view(state.to_move)
            if ply >= stop and not view["tasks"]:
                assert isinstance(state, BitterSweetState)
                seen = beliefs.PreferenceBeliefs(view, state.to_move)
                for q, cands in enumerate(seen.candidates):
                    if seen.weights[q] is not None and cands is not None:
                        belief += seen.probability(q, (tuple(state.yum[q]), tuple(state.yuck[q])))
                        uniform += 1 / len(cands)
                        count += 1
                break
            state.apply(medium.choose(GAME, view, state.legal_actions(), rng))
            ply += 1
    return belief / max(count, 1), uniform / max(count, 1), count


def test_beliefs_favour_the_true_cards() -> None:
    belief, uniform, count = probability_of_truth(20)
    assert count >= 12 and belief > 1.5 * uniform, (belief, uniform, count)


@pytest.mark.slow
def test_beliefs_favour_the_true_cards_over_200_games() -> None:
    belief, uniform, count = probability_of_truth(200)
    print(f"P(true YUM!/YUCK!): beliefs {belief:.4f} vs uniform {uniform:.4f} over {count} "
          "opponents in 200 games")
    assert count >= 120 and belief > 1.5 * uniform, (belief, uniform, count)


def test_beliefs_read_the_view_only() -> None:
    """The same view gives the same beliefs whatever the others really hold (a re-deal of the
    state consistent with the view), and the seat's own cards are never guessed."""
    medium = difficulty("bittersweet", "medium")
    state: State = GAME.new(2, 4)
    rng = random.Random(4)
    for _ in range(30):
        view = state.view(state.to_move)
        state.apply(medium.choose(GAME, view, state.legal_actions(), rng))
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    other = GAME.sample(view, seat, 99)
    assert isinstance(other, BitterSweetState) and isinstance(state, BitterSweetState)
    assert other.view(seat) == view
    q = 1 - seat
    assert (other.yum[q], other.yuck[q], other.hands[q]) != (state.yum[q], state.yuck[q],
                                                             state.hands[q])
    mine = beliefs.PreferenceBeliefs(view, seat)
    theirs = beliefs.PreferenceBeliefs(other.view(seat), seat)
    assert mine.weights == theirs.weights and mine.candidates == theirs.candidates
    assert mine.weights[seat] is None and mine.weights[q] is not None
