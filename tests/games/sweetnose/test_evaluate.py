"""`heuristics.evaluate`: the search's estimate, at the end of a round, of each seat's reward
(`horizon` cut-offs): the chance to end lowest from the totals so far, and the totals
normalized."""

from __future__ import annotations

import random

import pytest

from sweettooth.games.sweetnose.heuristics import ROUND_SP_SPREAD, evaluate, lowest_chances


@pytest.mark.parametrize(("totals", "rounds"), [((20, 30), 1), ((40, 45, 52), 2),
                                                 ((30, 31, 29, 40, 35), 1), ((10, 10, 11), 3)])
def test_lowest_chances_match_a_simulation_of_the_rounds_left(
        totals: tuple[int, ...], rounds: int) -> None:
    rng = random.Random(0)
    draws = 40_000
    wins = [0] * len(totals)
    for _ in range(draws):
        ends = [t + sum(rng.gauss(0, ROUND_SP_SPREAD) for _ in range(rounds)) for t in totals]
        wins[ends.index(min(ends))] += 1
    for p, w in zip(lowest_chances(totals, rounds), wins, strict=True):
        assert p == pytest.approx(w / draws, abs=0.01)


def test_the_lowest_total_is_worth_most_and_more_rounds_mean_less_certainty() -> None:
    late = evaluate({"totals": [40, 48, 55], "round": 3, "rounds_to_play": 3})
    early = evaluate({"totals": [40, 48, 55], "round": 2, "rounds_to_play": 3})
    assert late[0] > late[1] > late[2]
    assert early[0] > early[1] > early[2]
    assert late[0] > early[0] and late[2] < early[2]
    assert all(0.0 <= r <= 1.0 for r in late + early)
    # 0.75 x the chances (which sum to 1) + 0.25 x the totals normalized (1, 0.47, 0)
    assert sum(late) == pytest.approx(0.75 + 0.25 * (1 + 7 / 15))


def test_equal_totals_are_worth_alike_and_to_the_sky_counts_rounds_to_100() -> None:
    assert evaluate({"totals": [33, 33, 33], "round": 2, "rounds_to_play": 3}) == \
        pytest.approx([0.75 / 3 + 0.25 * 0.5] * 3)
    near = evaluate({"totals": [80, 95], "round": 5, "rounds_to_play": None})
    far = evaluate({"totals": [10, 25], "round": 2, "rounds_to_play": None})
    assert near[0] > far[0] > 0.5  # near the target, fewer rounds are left to catch up

