"""The Empty Wrapper stack at its edges: an ability that takes wrappers is done in its entirety
or not at all (the rulebook's NOTE), so one wrapper left is enough for Cherry and for a return,
players - 1 left is exactly enough for Hazelnut (every other player takes one), and one fewer
is not."""

from __future__ import annotations

import pytest

from .helpers import legal, play, position

ONE_DOWN = {"e4": "almond"}  # keeps the box from emptying


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hazelnut_needs_a_wrapper_for_every_other_player(players: int) -> None:
    s = position(players=players, fill=False, down={"a1": "hazelnut", **ONE_DOWN},
                 stack=players - 1, cards="revised")
    play(s, "reveal a1")
    assert s.wrappers == [0] + [1] * (players - 1) and s.stack == 0
    s = position(players=players, fill=False, down={"a1": "hazelnut", **ONE_DOWN},
                 stack=players - 2, cards="revised")
    play(s, "reveal a1")
    assert s.wrappers == [0] * players and s.stack == players - 2  # none of it is done
    assert "cannot" in s.view(0)["log"][-1]


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_cherry_takes_the_last_wrapper_and_not_one_more(cards: str) -> None:
    s = position(fill=False, down={"a1": "cherry", **ONE_DOWN}, stack=1, cards=cards)
    play(s, "reveal a1")
    assert s.wrappers == [1, 0] and s.stack == 0
    s = position(fill=False, down={"a1": "cherry", **ONE_DOWN}, stack=0, cards=cards)
    play(s, "reveal a1")
    assert s.wrappers == [0, 0] and s.stack == 0
    assert "cannot" in s.view(0)["log"][-1]


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_a_return_may_take_the_last_wrapper(cards: str) -> None:
    s = position(fill=False, down={"a1": "honey", **ONE_DOWN}, hands={0: ["banana"]}, stack=1,
                 cards=cards)
    assert "return banana b1" in legal(s)
    play(s, "return banana b1")
    assert s.wrappers == [1, 0] and s.stack == 0
    assert not [t for t in legal(s) if t.startswith("return")]
