"""Bonbons blunders the bots must avoid (issue: hard bots laughed at): showing its own tile to
thieves for nothing.

- Flipping one of its own unknown round tiles first when no remembered square can be its pair:
  the pair is then one of the unknown squares, no likelier to come up than with a square first,
  and a square first can be left alone without showing the tile.
- After its own tile is up, flipping a square it knows shows another sweet (a sure miss) while
  an unknown square is left.
- Passing up a sure pair (issue 33, certain gains): a remembered square and a remembered
  face-down tile of the same sweet, its own or (a theft) another player's.
"""

from __future__ import annotations

from typing import Any

import pytest

import sweettooth as st
from sweettooth.core import JSON, State

from .blunders import ALLOWED, LEVELS, SEARCHES, Positions, blunders

GAME = st.game("bonbons")


def seen(state: State) -> JSON:
    return state.view(state.to_move)


def own_unknown(view: JSON) -> set[str]:
    row = view["rows"][view["to_move"]]
    return {t["tile"] for t in row if t["state"] == "down" and t["face"] is None}


def remembered_squares(view: JSON) -> dict[str, str]:
    """Face-down squares everyone has seen: square -> face."""
    return {c["square"]: c["face"] for line in view["grid"] for c in line
            if c["state"] == "down" and c["face"] is not None}


def unknown_squares(view: JSON) -> set[str]:
    return {c["square"] for line in view["grid"] for c in line
            if c["state"] == "down" and c["face"] is None}


def known_round_faces(view: JSON) -> set[str]:
    return {t["face"] for row in view["rows"] for t in row if t["face"] is not None}


def blind_tile_first(state: State, move: Any) -> bool:
    view = seen(state)
    return view["phase"] == "start" and str(move) in own_unknown(view)


def nothing_to_pair_with(state: State) -> bool:
    """Start of a go: the mover has unknown tiles of its own, unknown squares are left, and
    every remembered square shows a sweet whose round tile is known (or a coin or wrapper)."""
    view = seen(state)
    if view["phase"] != "start" or not own_unknown(view) or not unknown_squares(view):
        return False
    rounds = known_round_faces(view)
    return all(face in rounds or face in ("coin", "empty wrapper")
               for face in remembered_squares(view).values())


BLIND = Positions(GAME, 2, nothing_to_pair_with, count=4, mix=0.2)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(BLIND)))
def test_does_not_show_its_tile_for_a_blind_guess(level: str, index: int) -> None:
    state = BLIND[index]
    bad = blunders(GAME, state, level, blind_tile_first)
    assert len(bad) <= ALLOWED, f"{level} flipped its own tile first {len(bad)}/{SEARCHES}: {bad}"


def showing_face(view: JSON) -> str | None:
    label = view["go"]["round"]
    return next((t["face"] for row in view["rows"] for t in row if t["tile"] == label), None)


def sure_miss(state: State, move: Any) -> bool:
    view = seen(state)
    face = remembered_squares(view).get(str(move))
    return (view["phase"] == "after round" and face is not None and face != "coin"
            and face != showing_face(view))


def own_tile_up_misses_known(state: State) -> bool:
    """The mover's own tile is up, its pair is not remembered, and a remembered square showing
    another sweet is on offer beside unknown squares."""
    view = seen(state)
    if view["phase"] != "after round" or not unknown_squares(view):
        return False
    go = view["go"]["round"]
    if not go or not go.startswith(f"p{view['to_move']}."):
        return False
    return any(sure_miss(state, a) for a in state.legal_actions())


MISSES = Positions(GAME, 2, own_tile_up_misses_known, count=3, mix=0.5)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(MISSES)))
def test_does_not_flip_a_square_it_knows_will_miss(level: str, index: int) -> None:
    state = MISSES[index]
    bad = blunders(GAME, state, level, sure_miss)
    assert len(bad) <= ALLOWED, f"{level} flipped a sure miss {len(bad)}/{SEARCHES}: {bad}"


def sure_pair_moves(state: State) -> set[str]:
    """The moves that begin or finish a sure pair (issue 33: a certain gain is never thrown
    away): at the start of a go, the square or the tile of a remembered pair (a match with an
    own tile, or a theft while the mover has a tile to give); with a round tile showing, its
    remembered square."""
    view = seen(state)
    squares = remembered_squares(view)
    where = {face: square for square, face in squares.items()}
    me = view["to_move"]
    can_give = any(t["state"] == "down" for t in view["rows"][me])
    if view["phase"] == "start":
        out: set[str] = set()
        for seat, row in enumerate(view["rows"]):
            for t in row:
                face = t["face"]
                if t["state"] == "down" and face in where and (seat == me or can_give):
                    out |= {t["tile"], where[face]}
        return out
    if view["phase"] == "after round":
        face = showing_face(view)
        return {where[face]} if face in where else set()
    return set()


def misses_a_sure_pair(state: State, move: Any) -> bool:
    return str(move) not in sure_pair_moves(state)


def sure_pair_on_offer(state: State) -> bool:
    """A sure pair to take, among more than two legal moves."""
    return bool(sure_pair_moves(state)) and len(state.legal_actions()) > 2


PAIRS = Positions(GAME, 3, sure_pair_on_offer, count=4, mix=0.3)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(PAIRS)))
def test_takes_a_sure_pair(level: str, index: int) -> None:
    """A match or theft the table's memory makes certain is taken (it scores and goes again)."""
    state = PAIRS[index]
    bad = blunders(GAME, state, level, misses_a_sure_pair)
    assert len(bad) <= ALLOWED, f"{level} passed up a sure pair {len(bad)}/{SEARCHES}: {bad}"
