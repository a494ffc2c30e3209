"""Notation, legality checks, the house turn limit and the declared maximum length."""

from __future__ import annotations

import random

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.bonbons.actions import NOTATION, Cover, FlipRound, FlipSquare, GiveBack

from .helpers import GAME, legal, play, table


def test_notation_round_trips_and_ignores_case_and_spaces() -> None:
    s = table()
    for action in s.legal_actions():
        assert GAME.parse_action(s, str(action)) == action
        assert GAME.parse_action(s, f"  {str(action).upper()} ") == action
    play(s, "a2", "p1.1")
    assert GAME.parse_action(s, "GIVE  p0.2") == GiveBack(0, 1)
    assert NOTATION["cover p3.5"] == Cover(3, 4)


@pytest.mark.parametrize("bad", [None, "zz9", object(), FlipSquare(6, 0), FlipSquare(-1, 0),
                                 FlipRound(1, 4), FlipRound(2, 0), FlipRound(0, -1),
                                 GiveBack(0, 0), FlipRound(5, 0)])
def test_illegal_actions_raise_and_change_nothing(bad: object) -> None:
    s = table()
    before = s.snapshot()
    with pytest.raises(IllegalAction):
        s.apply(bad)
    assert s.snapshot() == before


def test_parse_refuses_actions_not_legal_now() -> None:
    s = table()
    for text in ("stop", "give p0.1", "cover p0.1", "g7", "p2.1", "nonsense"):
        with pytest.raises(IllegalAction):
            GAME.parse_action(s, text)


def test_house_rule_turn_limit_fewest_face_down_wins() -> None:
    """BB-R8."""
    s = table(3, turn_limit=4)
    play(s, "a1", "p0.1", "a3", "stop")  # p0: 3 face down
    play(s, "a3", "stop", "a3", "stop")
    assert s.result() is None and s.to_move == 0
    play(s, "a3", "stop")  # the 4th turn ends: the limit
    res = s.result()
    assert res is not None and res.winners == [0]
    view = s.view(None)
    assert view["ended"] == "turn limit" and view["log"][-1].endswith("; turn limit)")
    s = table(2, turn_limit=2)
    play(s, "a3", "stop", "a3", "stop")
    res = s.result()
    assert res is not None and res.winners == [0, 1] and res.scores == [1.0, 1.0]


@pytest.mark.parametrize("variant", ["standard", "quick"])
@pytest.mark.parametrize("players", [2, 6])
def test_random_play_ends_well_inside_max_length(players: int, variant: str) -> None:
    limit = GAME.max_length(players, GAME.resolve_options({"variant": variant}))
    longest = 0
    for seed in range(30):
        s = GAME.new(players, seed, variant=variant)
        rng = random.Random(seed)
        while s.to_move is not None:
            s.apply(rng.choice(s.legal_actions()))
        assert not s.by_limit
        longest = max(longest, len(s.history))
    assert longest < limit / 2


def test_max_length_holds_when_nobody_ever_pairs() -> None:
    """Worst case for the failure part of the bound: every turn a coin, a coin, a miss."""
    s = table(2, turn_limit=10)
    while s.to_move is not None:
        play(s, "e1", "f1", "a3" if s.to_move == 0 else "b3")
    assert len(s.history) == 30 <= GAME.max_length(2, GAME.resolve_options({"turn_limit": 10}))


def test_render_draws_the_table() -> None:
    s = play(table(), "a1", "p0.2")
    text = GAME.render(s.view(1))
    assert "(Rlol)" in text and "(Rcar)" in text and "p1 to play" in text
    assert "   a   " in text and "legal:" in text
    assert "legal:" not in GAME.render(s.view(0))
    assert legal(s)[0] in text
