"""The greedy player: eats figures first, takes lasting bonuses early, sees only views."""

from __future__ import annotations

import random
import statistics

from sweettooth.games.sweetshop.cards import CARDS
from sweettooth.games.sweetshop.heuristics import Greedy, choose
from sweettooth.games.sweetshop.state import SweetShopState

from .helpers import GAME, SHELF, position


def decide(state: SweetShopState) -> str:
    return str(choose(state.view(0), state.legal_actions(), random.Random(0)))


def filler(count: int, *used: str) -> list[str]:
    """`count` cards for the deck, none of them in sight."""
    taken = {*SHELF, *used}
    return [n for n in CARDS.names if n not in taken][:count]


def test_greedy_uses_a_sugar_rush_on_a_figure() -> None:
    state = position(white=(1, 3, 5, 6), basket=["4D", "5C", "QC", "9H"])
    state.apply(GAME.parse_action(state, "eat 4D with 1+3"))
    assert decide(state) == "sugar rush QC"


def test_greedy_eats_a_figure_rather_than_a_plain_card() -> None:
    state = position(white=(5, 6, 5, 6), basket=["JS", "AS"])
    assert decide(state).startswith("eat JS")


def test_greedy_triggers_a_lasting_bonus_early_but_not_late() -> None:
    early = position(white=(4, 5, 1, 1), basket=["9S", "9D"], deck=filler(37, "9S", "9D"))
    assert decide(early) == "eat 9S with 4+5"
    late = position(white=(4, 5, 1, 1), basket=["9S", "9D"], deck=[])
    assert decide(late) == "eat 9D with 4+5"


def test_greedy_saves_a_marked_figure_with_sour_cherries() -> None:
    shelf = ["7H", "QC", "10S", "6D", "8C", "3S"]
    state = position(shelf=shelf, white=(), discard=(2, 5), sour_cherries=1)
    assert decide(state) in ("cherries 2>1", "cherries 2>3")


def test_greedy_stacks_the_discard_dice_to_lose_only_one_card() -> None:
    state = position(white=(), discard=(4, 5), sour_cherries=1)
    assert decide(state) in ("cherries 4>5", "cherries 5>4")


def test_greedy_accepts_notations_and_returns_one_of_them() -> None:
    state = GAME.new(1, seed=3)
    view = state.view(0)
    picked = choose(view, view["legal_actions"], random.Random(1))
    assert picked in view["legal_actions"]


def test_greedy_scores_far_more_than_random_play() -> None:
    def mean(greedy: bool) -> float:
        scores = []
        for seed in range(60):
            state, rng = GAME.new(1, seed=seed), random.Random(seed)
            while state.to_move is not None:
                legal = state.legal_actions()
                pick = Greedy()(state.view(0), legal, rng) if greedy else rng.choice(legal)
                state.apply(pick)
            result = state.result()
            assert result is not None
            scores.append(result.scores[0])
        return statistics.fmean(scores)

    assert mean(True) > 2 * mean(False)
