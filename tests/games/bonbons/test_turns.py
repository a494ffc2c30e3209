"""A turn: flips in either order, stopping, matches, thefts and the win (BB-3, BB-4, BB-7)."""

from __future__ import annotations

import pytest

from sweettooth.core import IllegalAction

from .helpers import last, legal, play, square, table, tile


def test_bb3_go_start_offers_squares_own_tiles_and_theft_attempts() -> None:
    s = table()
    moves = legal(s)
    assert "a1" in moves and "f6" in moves and "stop" not in moves
    assert moves[-8:] == ["p0.1", "p0.2", "p0.3", "p0.4", "p1.1", "p1.2", "p1.3", "p1.4"]


def test_bb3_square_first_then_may_stop() -> None:
    """BB-3: after a square first you may flip nothing else; the turn ends."""
    s = play(table(), "a3")
    assert s.view(0)["phase"] == "after square"
    assert "stop" in legal(s) and "b3" not in legal(s)  # one square per go
    play(s, "stop")
    assert s.to_move == 1 and last(s)["outcome"] == "stops" and last(s)["end"] == "turn passes"
    assert square(s, "a3") == {"square": "a3", "state": "down", "face": "yellow lollipop",
                               "seen": 0}


def test_bb3_round_first_then_square_and_no_stop() -> None:
    """BB-3: either order; after a round tile first a square must follow."""
    s = play(table(), "p0.1")
    assert s.view(1)["phase"] == "after round" and tile(s, 0, 1)["state"] == "showing"
    assert "stop" not in legal(s) and not any(m.startswith("p") for m in legal(s))
    with pytest.raises(IllegalAction):
        play(s, "stop")
    play(s, "a1")
    assert last(s)["outcome"] == "match" and s.to_move == 0


def test_bb4_match_stays_face_up_and_the_player_goes_again() -> None:
    s = play(table(), "a1", "p0.1")
    assert square(s, "a1")["state"] == "matched" and tile(s, 0, 1)["state"] == "found"
    assert s.to_move == 0 and s.view(0)["phase"] == "start"
    assert "a1" not in legal(s) and "p0.1" not in legal(s)
    play(s, "b1", "p0.2")  # and again
    assert s.to_move == 0 and tile(s, 0, 2)["state"] == "found"


def test_bb7_no_match_turns_both_face_down_and_the_turn_passes() -> None:
    s = play(table(), "a1", "p0.2")
    assert last(s)["outcome"] == "no match" and s.to_move == 1
    assert square(s, "a1")["state"] == "down" and tile(s, 0, 2)["state"] == "down"
    # ... but everybody remembers what they showed (BB-2)
    assert square(s, "a1")["face"] == "red lollipop" and tile(s, 0, 2)["face"] == "red caramel"


def test_bb4_theft_success_and_give_back() -> None:
    """BB-4, BB-R5 (exchange places): a pair with an opponent's tile: it comes face up to the
    thief, who gives a face-down tile of their choice (it arrives face down) and goes again."""
    s = play(table(), "a2", "p1.1")
    assert last(s)["outcome"] == "theft" and s.view(0)["phase"] == "give back"
    assert s.view(0)["go"]["victim"] == 1
    assert legal(s) == ["give p0.1", "give p0.2", "give p0.3", "give p0.4"]
    stolen_id, given_id = tile(s, 1, 1)["id"], tile(s, 0, 3)["id"]
    play(s, "give p0.3")
    assert tile(s, 0, 3) | {"seen": None} == {"tile": "p0.3", "id": stolen_id, "state": "found",
                                              "face": "blue lollipop", "seen": None}
    assert tile(s, 1, 1)["id"] == given_id and tile(s, 1, 1)["state"] == "down"
    assert tile(s, 1, 1)["face"] is None  # never flipped: still unknown to everybody
    assert s.to_move == 0 and s.view(0)["phase"] == "start"
    tally = {t["seat"]: t for t in s.tally()}
    assert tally[0]["stolen"] == 1 and tally[1]["lost_to_theft"] == 1
    assert tally[0]["face_down"] == 3 and tally[1]["face_down"] == 4


def test_bb4_theft_with_round_first() -> None:
    s = play(table(), "p1.2", "b2")
    assert last(s)["outcome"] == "theft"
    given = tile(s, 0, 1)["id"]
    play(s, "give p0.1")
    assert tile(s, 0, 1)["face"] == "blue caramel" and tile(s, 0, 1)["state"] == "found"
    assert tile(s, 1, 2) | {"seen": None} == {"tile": "p1.2", "id": given, "state": "down",
                                              "face": None, "seen": None}


def test_bb4_theft_failure_reveals_the_tile_and_ends_the_turn() -> None:
    s = play(table(), "a2", "p1.2")
    assert last(s)["outcome"] == "no match" and s.to_move == 1
    assert tile(s, 1, 2)["state"] == "down" and tile(s, 1, 2)["face"] == "blue caramel"
    assert [len(r) for r in s.rows] == [4, 4]


def test_bb4_given_tile_keeps_what_the_table_knows_of_it() -> None:
    """A tile seen earlier is still known after it moves by a give-back."""
    s = play(table(), "a3", "p0.4")  # everybody saw p0.4: red nougat
    play(s, "c1", "p1.2")  # everybody saw p1.2: blue caramel
    play(s, "a3", "stop")
    play(s, "d1", "p0.4")  # p1 steals p0's red nougat
    assert last(s)["outcome"] == "theft"
    caramel = tile(s, 1, 2)["id"]
    play(s, "give p1.2")
    assert tile(s, 0, 4) == {"tile": "p0.4", "id": caramel, "state": "down",
                             "face": "blue caramel", "seen": 1}
    assert tile(s, 1, 2)["face"] == "red nougat" and tile(s, 1, 2)["state"] == "found"


def test_bb3_found_and_covered_tiles_cannot_be_flipped_or_stolen() -> None:
    s = play(table(), "a1", "p0.1", "a3", "stop")
    assert "p0.1" not in legal(s)
    play(s, "c2")
    assert "p0.1" not in legal(s) and "p0.2" in legal(s)


def test_bb4_bb7_last_tile_found_ends_the_turn_and_wins() -> None:
    """BB-R1: going again with no face-down tile left ends the turn; the win is checked
    then (BB-7)."""
    s = play(table(), "a1", "p0.1", "b1", "p0.2", "c1", "p0.3")
    assert s.to_move == 0 and s.result() is None  # three found, one left: play on
    play(s, "d1", "p0.4")
    res = s.result()
    assert res is not None and res.winners == [0] and res.scores == [1.0, 0.0]
    assert last(s)["end"] == "wins" and s.view(1)["ended"] == "all face up"
    assert s.view(1)["tally"][0]["face_up"] == 4


def test_bb7_theft_of_the_last_needed_tile_wins_at_the_end_of_the_turn() -> None:
    """The thief gives away their last face-down tile: all face up, the turn ends, they win;
    the victim, with a face-down tile again, does not."""
    s = play(table(), "a1", "p0.1", "b1", "p0.2", "c1", "p0.3")
    play(s, "a2", "p1.1")
    assert s.result() is None and s.view(0)["phase"] == "give back"
    play(s, "give p0.4")
    res = s.result()
    assert res is not None and res.winners == [0]
    assert [t["face_down"] for t in s.tally()] == [0, 4]


def test_bb7_turn_passes_clockwise_and_wraps() -> None:
    s = table(3)
    for mover in (0, 1, 2, 0):
        assert s.to_move == mover
        play(s, "a3", "stop")


def test_bb7_the_mover_with_face_down_tiles_does_not_win() -> None:
    s = play(table(), "a1", "p0.1", "b1", "p0.2", "c1", "p0.3", "a3", "stop")
    assert s.result() is None and s.to_move == 1


def test_three_players_theft_from_either_opponent() -> None:
    s = table(3, grid={"a1": "green toffee", "a2": "blue nougat"})
    assert {"p1.1", "p2.4"} <= set(legal(s))
    play(s, "a1", "p2.3", "give p0.1")
    assert tile(s, 0, 1)["face"] == "green toffee" and tile(s, 2, 3)["state"] == "down"
    assert [len(r) for r in s.rows] == [4, 4, 4] and s.to_move == 0
