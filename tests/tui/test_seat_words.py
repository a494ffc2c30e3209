"""Seats in the engine's words (P1, P2...) read as the screen names the players."""

from __future__ import annotations

import random
import re

import pytest

import sweettooth as st
from sweettooth.tui.games import face_for
from sweettooth.tui.games.base import Ctx, seat_words

CTX = Ctx(seat=0, names=["You", "Candy Bot 1", "Candy Bot 2"])


@pytest.mark.parametrize(("engine", "screen"), [
    ("Round 1: P1 starts; set your markers", "Round 1: You start; set your markers"),
    ("P1 has no red sweet", "You have no red sweet"),
    ("P2 has no red sweet on their plate", "Candy Bot 1 has no red sweet on their plate"),
    ("store 5 is off the board: P3 holds it", "store 5 is off the board: Candy Bot 2 holds it"),
    ("trade P2 red for green", "trade Candy Bot 1 red for green"),
    ("give pecan to P1", "give pecan to You"),
    ("P4 takes a1", "Player 4 takes a1"),  # no such seat: still a name, never a crash
    ("Every player but P1 takes an Empty Wrapper.", "Every player but You takes an Empty Wrapper."),
    ("P1 is out; P1 does not start", "You are out; You do not start"),
    ("P0 and AP1 stay", "P0 and AP1 stay"),  # not seats
])
def test_seat_words(engine: str, screen: str) -> None:
    assert seat_words(engine, CTX) == screen


THIRD_PERSON_AFTER_YOU = re.compile(
    r"^You [^.;]*\b(?:and|then) (?:takes|gives|returns|reveals|flips|draws|steals|stops|"
    r"claims|breaks|eats|grabs|swaps|shows|keeps|loses|scores|wins)\b")


def own_their(line: str) -> bool:
    """'their' in a sentence about you before anyone else is named ("You discard their
    YUM!"), not "You ask Candy Bot 1 for a Choc of their choice"."""
    clause = re.split(r"[.;]", line)[0]
    before = clause.split(" their ")[0]
    return " their " in clause and "Candy Bot" not in before


@pytest.mark.parametrize("game_id", ["bittersweet", "bonbons", "lechocolat", "sweetnose",
                                     "sweetshop"])
def test_the_log_read_by_you_never_says_you_takes(game_id: str) -> None:
    """Every log line of seeded random games, as the screen shows it to seat 0 ("You"): a
    sentence about you never goes on in the third person ("You return ... and takes", "You
    discard their YUM!")."""
    game = st.game(game_id)
    face = face_for(game_id)
    players = game.min_players if game.min_players > 1 else 1
    ctx = Ctx(seat=0, names=["You"] + [f"Candy Bot {k}" for k in range(1, players)])
    lines: list[str] = []
    for seed in range(4):
        state = game.new(players, seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            state.apply(rng.choice(state.legal_actions()))
        lines += face.log(state.view(0), ctx)
    said = [line for line in lines if line.startswith("You ")]
    assert said or players == 1  # (a solo game's log names no one)
    wrong = [line for line in said if THIRD_PERSON_AFTER_YOU.search(line) or own_their(line)]
    assert not wrong, wrong[:5]
