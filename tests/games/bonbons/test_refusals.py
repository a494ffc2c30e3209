"""Bonbons refusals: one test per kind of refused move, each naming why and changing nothing,
and no reason ever names the candy of a tile."""

from __future__ import annotations

import random

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.bonbons.actions import Cover, FlipRound, FlipSquare, GiveBack, Stop
from sweettooth.games.bonbons.codes import FOUND
from sweettooth.games.bonbons.components import load_box
from sweettooth.games.bonbons.state import BonbonsState

from .helpers import GAME, play, table


def refused(s: BonbonsState, move: object) -> str:
    """The reason `move` (an action or its notation) is refused; the state must not change."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        s.apply(move)
    assert s.snapshot() == before
    assert "legal actions" not in str(caught.value)
    return caught.value.reason


# -- squares ------------------------------------------------------------------------------------
def test_a_square_showing_in_this_go_is_already_face_up() -> None:
    s = play(table(), "e1")  # a coin: a coin run
    assert refused(s, "e1") == "e1 is already face up"


def test_a_paired_square_and_a_found_tile_stay_face_up() -> None:
    s = play(table(), "a1", "p0.1")  # a match: p0 goes again
    assert refused(s, "a1") == "a1 is already face up: it was paired"
    assert refused(s, "p0.1") == "p0.1 is already face up: it was found"


def test_a_square_off_the_grid() -> None:
    assert refused(table(), "g7") == "there is no square g7: the grid is 6x6, a1 to f6"
    assert refused(table(), FlipSquare(-1, 0)).startswith("there is no square (-1, 0)")


def test_the_empty_wrapper_stays_face_up() -> None:
    s = play(table(), "f2")  # the wrapper: p0 draws, the turn passes
    assert refused(s, "f2") == "f2 is the empty wrapper, face up for good"


def test_coins_leave_the_grid_and_cover_a_tile() -> None:
    s = play(table(), "e1", "f1", "e2", "cover p0.1")
    assert refused(s, "e1") == "e1 is empty: its coin covers a round tile"
    assert refused(s, "p0.1") == "p0.1 is under the coins"


# -- the order of a go (BB-3, BB-5) -------------------------------------------------------------
def test_after_a_square_comes_a_round_tile_or_stop() -> None:
    s = play(table(), "a3")
    assert refused(s, "b3") == (
        "you have flipped a square: now flip a round tile to pair with it, or stop"
    )


def test_after_a_round_tile_comes_a_square() -> None:
    s = play(table(), "p0.2")
    assert refused(s, "p0.3") == "you have flipped a round tile: now flip a square to pair with it"
    assert refused(s, "stop") == (
        "you cannot stop now: you must flip a face-down square to pair with the round tile"
    )


def test_a_coin_run_flips_only_squares() -> None:
    s = play(table(), "e1")
    assert refused(s, "p0.1") == (
        "a coin run flips only squares: flip another square, or stop"
    )


def test_nothing_to_stop_at_the_start_of_a_go() -> None:
    assert refused(table(), Stop()) == (
        "there is nothing to stop: flip something first; you must flip a face-down square or a "
        "face-down round tile (yours, or an opponent's to steal it)"
    )


# -- round tiles and thefts (BB-4) ----------------------------------------------------------------
def test_a_round_tile_of_a_player_or_slot_that_does_not_exist() -> None:
    s = table()
    assert refused(s, "p5.1") == "there is no p5 at this table: the players are p0 to p1"
    assert refused(s, "P1.7") == "p1 has 4 round tiles, p1.1 to p1.4"


def test_no_theft_without_a_face_down_tile_of_your_own_to_give_back() -> None:
    s = table()
    for t in s.rows[0]:
        s.round_status[t] = FOUND
    assert refused(s, FlipRound(1, 0)) == (
        "you have no face-down round tile of your own to give back, so you cannot steal"
    )


def test_after_a_theft_you_give_back_one_of_your_own_tiles() -> None:
    s = play(table(), "a2", "p1.1")  # p0 steals p1's blue lollipop
    assert refused(s, "a3") == (
        "first you must choose one of your face-down round tiles to give back to P2"
    )
    assert refused(s, "give p1.2") == "choose one of your own round tiles, p0.<slot>"
    assert refused(s, "give p0.8") == "p0 has 4 round tiles, p0.1 to p0.4"
    assert refused(table(), "give p0.1").startswith("a tile is given back only after a theft")


def test_the_three_coins_go_on_one_of_your_own_face_down_tiles() -> None:
    s = play(table(), "a1", "p0.1", "e1", "f1", "e2")  # p0.1 found, then three coins
    assert refused(s, "stop").startswith("first you must choose one of your face-down round tiles")
    assert refused(s, "cover p1.1") == "choose one of your own round tiles, p0.<slot>"
    assert refused(s, "cover p0.1") == "p0.1 is already face up: it was found"
    assert refused(table(), Cover(0, 0)).startswith(
        "coins go on a tile only after three coins are flipped"
    )
    assert isinstance(GAME.parse_action(s, "COVER P0.2"), Cover)


# -- text and hidden faces ----------------------------------------------------------------------
def test_notation_is_read_in_any_case_and_unknown_text_gets_the_shapes() -> None:
    s = table()
    assert GAME.parse_action(s, "A3") == FlipSquare(0, 2)
    assert GAME.parse_action(s, " P1.2 ") == FlipRound(1, 1)
    assert refused(s, "flip") == "expected a square like 'a1' or a round tile like 'p0.1'"
    s = play(s, "a3")
    assert refused(s, "a3 p0.1") == "expected a round tile like 'p0.1', or 'stop'"
    assert GAME.parse_action(s, "STOP") == Stop()


def test_no_reason_names_a_candy() -> None:
    """Every square, round tile, cover and give-back is tried at random positions; reasons speak
    of places and of face up / found / coins only."""
    names = load_box().names
    rng = random.Random(5)
    for seed in range(8):
        s = GAME.new(3, seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if s.to_move is None:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.to_move is None:
            continue
        n = s.layout.size
        tries: list[object] = [FlipSquare(c, r) for c in range(n + 1) for r in range(n)]
        for seat in range(s.players + 1):
            for slot in range(7):
                tries += [FlipRound(seat, slot), Cover(seat, slot), GiveBack(seat, slot)]
        for action in tries:
            if not s._is_legal(action):
                reason = s.refusal(action)
                candies = [x for x in names if x not in ("coin", "empty wrapper")]
                assert not [x for x in candies if x in reason], (action, reason)
