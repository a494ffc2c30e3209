"""Bot heuristics: the perfect-memory player and the forgetful human-like player."""

from __future__ import annotations

import random

import pytest

from sweettooth.games.bonbons.heuristics import human_like, perfect_memory
from sweettooth.games.bonbons.state import BonbonsState

from .helpers import GAME, GRID, play, table


def bot_move(state: BonbonsState, bot: object = perfect_memory, seed: int = 0) -> str:
    chooser = bot if callable(bot) else perfect_memory
    return str(chooser(state.view(state.to_move), state.legal_actions(), random.Random(seed)))


def test_perfect_memory_steals_a_known_tile_and_gives_away_its_liability() -> None:
    s = play(table(), "a3", "p0.2", "a2", "p1.2")  # p1.2 blue caramel seen; a2 blue lollipop
    play(s, "b2", "stop")  # p0's turn: b2 = blue caramel seen; now p1 to move
    play(s, "a3", "stop")
    # p0 knows b2 = blue caramel = p1.2: a sure theft
    assert bot_move(s) == "b2"
    play(s, "b2")
    assert bot_move(s) == "p1.2"
    play(s, "p1.2")
    # p0.2 (red caramel) is known to all but its square is not: a theft target, given away
    assert bot_move(s) == "give p0.2"


def test_perfect_memory_matches_its_own_known_pair() -> None:
    s = play(table(), "c1", "p0.1", "a3", "stop")  # c1 red toffee; p0.1 red lollipop
    play(s, "a1", "p0.2")  # a1 = red lollipop; p0.2 red caramel: no match
    play(s, "a3", "stop")
    assert bot_move(s) == "a1"
    play(s, "a1")
    assert bot_move(s) == "p0.1"


def test_perfect_memory_never_flips_a_tile_known_not_to_match() -> None:
    s = play(table(), "a3", "p0.2", "a3", "stop")  # p0.2 known red caramel
    play(s, "c2")  # blue toffee: its tile was never seen
    for seed in range(10):
        assert bot_move(s, seed=seed) in ("p0.1", "p0.3", "p0.4")


def test_perfect_memory_stops_when_it_cannot_pair() -> None:
    s = play(table(grid=GRID | {"e3": "green praline", "d3": "yellow toffee",
                                "c3": "yellow nougat"}),
             "p0.1", "a3", "a3", "stop", "p0.2", "b3", "a3", "stop",
             "p0.3", "c3", "a3", "stop", "p0.4", "d3", "a3", "stop")
    assert all(t["face"] for t in s.view(0)["rows"][0])  # p0 knows all its tiles
    play(s, "e3")  # green praline: no tile of p0's, and its round tile was never seen
    assert bot_move(s) == "stop"


def test_perfect_memory_runs_the_coins_when_it_knows_all_three() -> None:
    s = play(table(), "e1", "f1", "a3", "e2", "stop")  # p0 misses; p1 shows the 3rd coin
    assert bot_move(s) in ("e1", "f1", "e2")
    play(s, bot_move(s))
    play(s, bot_move(s))
    play(s, bot_move(s))
    assert s.view(0)["phase"] == "cover"
    assert bot_move(s).startswith("cover p0.")


def test_human_like_without_forgetting_plays_like_perfect_memory() -> None:
    s = play(table(), "c1", "p0.1", "a3", "stop", "a1", "p0.2", "a3", "stop")
    assert bot_move(s, human_like(0.0)) == bot_move(s, perfect_memory) == "a1"


def test_human_like_forgets_old_tiles() -> None:
    s = play(table(), "c1", "p0.1", "a3", "stop", "a1", "p0.2", "a3", "stop")
    moves = {bot_move(s, human_like(1.0), seed) for seed in range(20)}
    assert "a1" not in moves or len(moves) > 1  # it no longer knows where its pair lies
    with pytest.raises(ValueError):
        human_like(1.5)


def test_perfect_memory_beats_forgetful_players() -> None:
    wins = 0
    for seed in range(20):
        s = GAME.new(2, seed)
        rng = random.Random(seed)
        bots = [perfect_memory, human_like(0.5)] if seed % 2 else [human_like(0.5),
                                                                   perfect_memory]
        while s.to_move is not None:
            s.apply(bots[s.to_move](s.view(s.to_move), s.legal_actions(), rng))
        res = s.result()
        assert res is not None
        wins += bots[res.winners[0]] is perfect_memory
    assert wins >= 12
