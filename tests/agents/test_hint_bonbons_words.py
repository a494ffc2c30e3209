"""Bonbons hints' words (`agents/hints/bonbons.py`): what the table remembers (every flip is
public, BB-2) and what each move can match, one branch at a time: a square flip with a sure
pair, a steal (BB-4), a coin run (BB-5) or a guess; a round tile after a square or first; a stop;
the tile to cover or give back. Views are the 2-player start with faces written in."""

from __future__ import annotations

import copy
from typing import Any

import sweettooth as st
from sweettooth.agents.hints import GAMES, People
from sweettooth.core import JSON
from sweettooth.games.bonbons.actions import NOTATION

_READ, EXPLAIN = GAMES["bonbons"]
BASE = st.game("bonbons").new(2, 1).view(0)
RED, BLUE, GREEN = "red lollipop", "blue toffee", "green gum"


def risk(unseen: int) -> str:
    return (f"; risk: 1 in {unseen} that it is the empty wrapper (you draw a tile and your "
            "turn ends)")


RISK36 = risk(36)  # no square seen yet


def view(seen: dict[str, str] | None = None, tiles: dict[str, str] | None = None,
         phase: str = "start", up: tuple[str, ...] = (), **go: Any) -> JSON:
    """The start view with these squares' (`seen`) and round tiles' faces remembered (face
    down, unless named in `up`), in `phase`, with `go`'s entries (squares, round, victim)."""
    v: JSON = copy.deepcopy(BASE)
    for line in v["grid"]:
        for c in line:
            if c["square"] in (seen or {}):
                c["face"] = (seen or {})[c["square"]]
                c["state"] = "up" if c["square"] in up else "down"
    for row in v["rows"]:
        for tile in row:
            if tile["tile"] in (tiles or {}):
                tile["face"] = (tiles or {})[tile["tile"]]
                tile["state"] = "up" if tile["tile"] in up else "down"
    v["phase"] = phase
    v["go"] = {"squares": [], "round": None, "victim": None, **go}
    return v


def say(v: JSON, move: str, me: int = 0) -> str:
    return str(EXPLAIN(v, NOTATION[move], [NOTATION[move]], People(me)))


def test_a_new_square_when_nothing_is_sure_says_what_it_may_match() -> None:
    assert say(view(), "a1") == (
        "flip a1: no pair is sure yet and nobody has seen that square; a new square is the "
        "best chance of a pair" + RISK36)
    one = view(tiles={"p1.1": RED})
    assert say(one, "a1").endswith("; it may match the round tile you have seen" + RISK36)
    two = view(tiles={"p1.1": RED, "p0.2": BLUE})
    assert say(two, "a1").endswith(
        "; it may match one of the 2 round tiles you have seen" + RISK36)


def test_a_remembered_square_pairs_with_a_round_tile_or_steals_it() -> None:
    mine = view(seen={"b1": RED}, tiles={"p0.3": RED})
    assert say(mine, "b1") == (
        "flip b1: you saw a red lollipop there and your 3rd round tile is a red lollipop")
    assert say(mine, "a1") == "flip a1: nobody has seen that square" + risk(35)  # a sure pair
    theirs = view(seen={"b1": RED}, tiles={"p1.2": RED})
    assert say(theirs, "b1") == (
        "flip b1: you saw a red lollipop there and Player 2's 2nd tile is a red lollipop: "
        "steal it")
    assert say(view(seen={"b1": BLUE}), "b1") == "flip b1: you saw a blue toffee there"


def test_coins_start_a_run_and_the_run_goes_on() -> None:
    coins = view(seen={"a1": "coin", "b1": "coin"})
    assert say(coins, "a1") == (
        "flip a1: you remember where all 2 coins are, so start a coin run")
    run = view(seen={"a1": "coin"}, phase="coin run")
    assert say(run, "a1") == "flip a1: you saw a coin there"
    assert say(run, "c1") == (
        "flip c1: nobody has seen it, and it may be the next coin" + risk(35))
    assert say(run, "stop") == "stop: you remember no other coin, and a wrong flip ends your turn"


def test_after_a_round_tile_the_square_that_matches_it() -> None:
    after = view(seen={"b1": RED, "c1": BLUE}, tiles={"p0.1": RED}, up=("p0.1",),
                 phase="after round", round="p0.1")
    assert say(after, "b1") == (
        "flip b1: you saw the red lollipop there, so it matches the round tile showing")
    assert say(after, "c1") == (
        "flip c1: nobody has seen where the red lollipop is, so try a square nobody has seen")


def test_after_a_square_the_round_tile_that_matches_it() -> None:
    shown = view(seen={"a1": RED}, tiles={"p0.2": RED}, up=("a1",), phase="after square",
                 squares=["a1"])
    assert say(shown, "p0.2") == (
        "flip your 2nd tile: it is the red lollipop that matches the square showing")
    assert say(shown, "p0.1") == (
        "flip your 1st tile: nobody has seen a round red lollipop, so it may be one of your "
        "unseen tiles")
    assert say(shown, "p1.1") == (
        "try Player 2's 1st tile: nobody has seen a round red lollipop, so it may be there")
    other = view(seen={"a1": RED}, tiles={"p0.3": BLUE}, up=("a1",), phase="after square",
                 squares=["a1"])
    assert "it is the red lollipop that matches" not in say(other, "p0.3")  # a known blue
    theirs = view(seen={"a1": RED}, tiles={"p1.3": RED}, up=("a1",), phase="after square",
                  squares=["a1"])
    assert say(theirs, "p1.3") == (
        "steal Player 2's 3rd tile: it is the red lollipop that matches the square showing")


def test_a_round_tile_first_counts_the_squares_without_a_known_tile() -> None:
    assert say(view(), "p0.1") == "flip your 1st tile first: it is the best chance of a pair"
    two = view(seen={"a1": RED, "b1": BLUE, "c1": GREEN}, tiles={"p1.1": GREEN})
    assert say(two, "p0.1") == (
        "flip your 1st tile first: you remember 2 squares with no known round tile, so it may "
        "match one of them")


def test_a_stop_says_why_no_flip_is_worth_it() -> None:
    def stop(tiles: dict[str, str], up: tuple[str, ...] = ("a1",)) -> str:
        return say(view(seen={"a1": RED}, tiles=tiles, up=up, phase="after square",
                        squares=["a1"]), "stop")

    assert stop({"p1.2": RED}) == (
        "stop: the red lollipop is Player 2's 2nd tile, but you have no face-down tile to "
        "give back, so you cannot steal it")
    assert stop({}) == (
        "stop: you know of no round tile that matches the red lollipop, and turning one of "
        "yours up would show it to everyone for nothing")
    known = {f"p0.{k}": BLUE for k in range(1, 5)}
    assert stop(known) == (
        "stop: you know of no round tile that matches the red lollipop, and you have no unseen "
        "tile of your own left to try")
    assert stop({"p0.2": RED}).startswith("stop: you know of no round tile")  # its own tile


def test_the_tile_to_cover_or_give_back_is_the_least_useful() -> None:
    v = view(seen={"b1": RED}, tiles={"p0.2": RED, "p0.3": BLUE}, victim=1)
    assert say(v, "cover p0.1") == (
        "cover your 1st tile: nobody has seen it, so you know least about where its pair is")
    assert say(v, "cover p0.3") == (
        "cover your 3rd tile: it is a blue toffee and nobody has seen its square, so it is "
        "hard to match")
    assert say(v, "cover p0.2") == (
        "cover your 2nd tile: you remember its square, but every other tile is worse to lose")
    assert say(v, "give p0.1").startswith("give Player 2 your 1st tile: ")
    assert say(view(victim=None), "give p0.1").startswith("give back your 1st tile: ")


def test_a_pair_by_theft_is_sure_only_with_a_tile_to_give_back() -> None:
    steal = view(seen={"b1": RED}, tiles={"p1.2": RED})
    assert say(steal, "a1") == "flip a1: nobody has seen that square" + risk(35)
    own = {f"p0.{k}": BLUE for k in range(1, 5)}  # every own tile face up: nothing to give
    bare = view(seen={"b1": RED}, tiles={"p1.2": RED, **own}, up=tuple(own))
    assert say(bare, "a1").startswith("flip a1: no pair is sure yet")


def test_the_wrapper_risk_counts_the_unseen_squares_until_it_shows() -> None:
    squares = [c["square"] for line in BASE["grid"] for c in line]
    last = view(seen={sq: "coin" for sq in squares[1:]})  # one square nobody has seen
    assert say(last, squares[0]).endswith(risk(1))
    shown = view(seen={"b1": "empty wrapper"}, up=("b1",))  # face up: no risk any more
    assert "risk" not in say(shown, "a1")
