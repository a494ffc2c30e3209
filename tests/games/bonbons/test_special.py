"""Special tiles: the coin run (BB-5) and the empty wrapper (BB-6)."""

from __future__ import annotations

import pytest

from sweettooth.core import IllegalAction

from .helpers import BLUE, GREEN, RED, last, legal, play, square, table, tile


def test_bb5_coin_run_success_covers_a_tile_of_your_choice() -> None:
    """BB-5; BB-R6 (the covered face stays unseen); BB-R7 (coin squares taken)."""
    s = play(table(), "e1")
    assert s.view(0)["phase"] == "coin run"
    assert "stop" in legal(s) and not any(m.startswith("p") for m in legal(s))  # squares only
    play(s, "f1")
    assert last(s)["outcome"] == "showing" and s.to_move == 0
    play(s, "e2")
    assert last(s)["outcome"] == "three coins" and s.view(1)["phase"] == "cover"
    assert legal(s) == ["cover p0.1", "cover p0.2", "cover p0.3", "cover p0.4"]
    play(s, "cover p0.3")
    assert tile(s, 0, 3)["state"] == "coins" and tile(s, 0, 3)["face"] is None  # unseen still
    assert [square(s, q)["state"] for q in ("e1", "f1", "e2")] == ["taken"] * 3
    assert s.to_move == 0 and s.view(0)["phase"] == "start"  # ... and goes again
    assert s.tally()[0]["covered"] == 1 and s.tally()[0]["face_down"] == 3


def test_bb5_covered_tile_cannot_be_stolen_and_counts_as_found() -> None:
    s = play(table(), "e1", "f1", "e2", "cover p0.3", "a3", "stop")
    assert s.to_move == 1 and "p0.3" not in legal(s) and "p0.2" in legal(s)
    s = play(table(), "a1", "p0.1", "b1", "p0.2", "d1", "p0.4", "e1", "f1", "e2")
    play(s, "cover p0.3")  # the last face-down tile: all face up at the end of the turn
    res = s.result()
    assert res is not None and res.winners == [0]


def test_bb5_coin_run_failure_turns_everything_face_down() -> None:
    s = play(table(), "e1", "f1", "a3")
    assert last(s)["outcome"] == "no match" and s.to_move == 1
    assert [square(s, q)["state"] for q in ("e1", "f1", "a3")] == ["down"] * 3
    assert [square(s, q)["face"] for q in ("e1", "f1")] == ["coin", "coin"]  # remembered
    s = play(table(), "e1", "a3")  # the second flip already fails
    assert last(s)["outcome"] == "no match" and s.to_move == 1


def test_bb5_may_stop_during_a_coin_run() -> None:
    """BB-R3."""
    s = play(table(), "e1", "f1", "stop")
    assert last(s)["outcome"] == "stops" and s.to_move == 1
    assert square(s, "e1")["state"] == "down"


def test_bb5_a_coin_at_any_other_moment_is_no_match() -> None:
    s = play(table(), "p0.1", "e1")  # a round tile first, then a coin
    assert last(s)["outcome"] == "no match" and s.to_move == 1
    assert square(s, "e1")["state"] == "down" and tile(s, 0, 1)["state"] == "down"


def test_bb5_coin_run_only_from_the_first_flip_of_a_go() -> None:
    s = play(table(), "a1")  # a candy square first: no second square
    with pytest.raises(IllegalAction):
        play(s, "e1")


def test_bb5_coin_run_after_going_again() -> None:
    """BB-R2: after a match you go again: the next go's first flip may start a coin run."""
    s = play(table(), "a1", "p0.1", "e1", "f1", "e2", "cover p0.2")
    assert tile(s, 0, 2)["state"] == "coins" and s.to_move == 0


def test_bb6_empty_wrapper_draws_a_tile_and_ends_the_turn() -> None:
    s = table()
    pile = s.view(0)["pile"]
    play(s, "f2")
    assert last(s)["outcome"] == "empty wrapper, draws a tile" and s.to_move == 1
    assert square(s, "f2")["state"] == "wrapper" and "f2" not in legal(s)
    view = s.view(1)
    assert view["pile"] == pile - 1 and len(view["rows"][0]) == 5
    drawn = tile(s, 0, 5)
    assert drawn["state"] == "down" and drawn["face"] is None and drawn["id"] == 8
    assert "p0.5" in legal(s)  # the new tile can be stolen like any other


def test_bb6_wrapper_after_a_round_tile_first() -> None:
    """BB-R4."""
    s = play(table(), "p1.1", "f2")  # a theft attempt that finds the wrapper
    assert last(s)["outcome"] == "empty wrapper, draws a tile" and s.to_move == 1
    assert tile(s, 1, 1)["state"] == "down" and len(s.rows[0]) == 5


def test_bb6_wrapper_during_a_coin_run() -> None:
    """BB-R4."""
    s = play(table(), "e1", "f2")
    assert last(s)["outcome"] == "empty wrapper, draws a tile"
    assert square(s, "e1")["state"] == "down" and s.to_move == 1


def test_bb6_wrapper_with_an_empty_pile() -> None:
    """Quick variant, 6 players: 24 tiles, all dealt; the wrapper draws nothing."""
    yellow = [f"yellow {c}" for c in ("lollipop", "caramel", "toffee", "nougat")]
    rows = [RED, BLUE, GREEN, yellow]
    rows += [[f"{k} {c}" for k in ("red", "blue", "green", "yellow")]
             for c in ("liquorice", "marshmallow")]
    s = table(6, rows=rows, grid={"e5": "empty wrapper"}, variant="quick",
              removed="jelly bean+praline")
    assert s.view(0)["pile"] == 0
    play(s, "e5")
    assert last(s)["outcome"] == "empty wrapper, the pile is empty" and s.to_move == 1
    assert [len(r) for r in s.rows] == [4] * 6 and square(s, "e5")["state"] == "wrapper"
