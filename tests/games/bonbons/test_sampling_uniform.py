"""Bonbons' determinization deals the never-seen faces uniformly: on small positions (late in
a game, few squares never flipped) every arrangement of the unseen square faces over the unseen
squares comes out equally often, an unseen round tile shows each unseen round face as often as
the box holds it unseen, and no seen face is dealt again.

Round tiles in the draw pile stay unseen all game, so their arrangements are never few: they are
checked one tile at a time (the marginal of a uniform deal)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.core.conformance import check_components, check_uniform
from sweettooth.games.bonbons.state import BonbonsState

GAME = st.game("bonbons")


def unseen(state: BonbonsState, seat: int) -> tuple[list[int], list[int]]:
    """Round tile ids and square positions whose face the seat has never seen."""
    view = state.view(seat)
    known = {t["id"] for row in view["rows"] for t in row if t["face"] is not None}
    cells = [c for line in view["grid"] for c in line]
    return ([i for i in range(len(state.round_face)) if i not in known],
            [p for p, c in enumerate(cells) if c["face"] is None])


def arrangements(faces: list[int]) -> int:
    """Distinct orders of a multiset."""
    out = math.factorial(len(faces))
    for f in set(faces):
        out //= math.factorial(faces.count(f))
    return out


def small_position(seed: int, players: int, most: int) -> tuple[BonbonsState, int]:
    """A random game played on until some seat has between 3 and `most` arrangements of the
    unseen square faces left."""
    state = GAME.new(players, seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        for seat in range(players):
            squares = unseen(state, seat)[1]
            if 3 <= arrangements([state.square_face[p] for p in squares]) <= most:
                return state, seat
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"seed {seed}: no small position")


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 2), (2, 3), (3, 4)])
def test_unseen_faces_are_dealt_uniformly(seed: int, players: int) -> None:
    state, seat = small_position(seed, players, most=30)
    rounds, squares = unseen(state, seat)
    view = state.view(seat)

    def square_faces(s: State) -> Hashable:
        assert isinstance(s, BonbonsState)
        return tuple(s.square_face[p] for p in squares)

    worlds = {q: 1.0 for q in itertools.permutations([state.square_face[p] for p in squares])}
    check_uniform(GAME, view, seat, square_faces, worlds, 25 * len(worlds), seed=seed * 10_000)

    tile = rounds[seed % len(rounds)]

    def round_face(s: State) -> Hashable:
        assert isinstance(s, BonbonsState)
        return s.round_face[tile]

    left = Counter(state.round_face[i] for i in rounds)
    faces = {f: float(n) for f, n in left.items()}
    check_uniform(GAME, view, seat, round_face, faces, 25 * len(faces), seed=seed * 10_000)
    check_components(state, GAME.sample(view, seat, 0), "bonbons small position")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_dealt_position_has_the_events_its_log_tells(players: int) -> None:
    """The sampler reads the log back into events (seat, action, face shown, outcome, end) and
    keeps the lines it read; a copy renders its log again from those events alone, which must
    give the same lines, at every point of a random game (every outcome and end of a go)."""
    state = GAME.new(players, seed=players)
    chooser = random.Random(players)
    outcomes: set[str] = set()
    while state.to_move is not None:
        if len(state.history) % 5 == 0:
            view = state.view(0)
            dealt = GAME.sample(view, 0, len(state.history))
            assert dealt.copy().view(0)["log"] == view["log"]
            assert dealt.history == state.history
        state.apply(chooser.choice(state.legal_actions()))
        outcomes.add(state.view(None)["log"][-1].split("(")[-1])
    assert len(outcomes) >= 4, outcomes
