"""`sweettooth.sample`, the public determinizer (its PIMC example is a doctest of the module)."""

from __future__ import annotations

import random

import pytest

import sweettooth as st


@pytest.mark.parametrize("game_id", st.games())
def test_a_sample_keeps_the_seats_view_and_varies_the_rest(game_id: str) -> None:
    game = st.game(game_id)
    players = game.min_players
    state = game.new(players, seed=11)
    rng = random.Random(4)
    for _ in range(6):
        if state.to_move is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    worlds = [st.sample(game_id, view, rng) for _ in range(6)]
    for world in worlds:
        assert world.view(0) == view
        assert [str(a) for a in world.legal_actions()] == [str(a) for a in state.legal_actions()]
    # What seat 0 cannot see varies: the same moves to the end show the worlds' differences.
    for world in worlds:
        while world.to_move is not None:
            world.apply(world.legal_actions()[0])
    assert len({str(w.view(None)) for w in worlds}) > 1


def test_the_same_seed_gives_the_same_world() -> None:
    view = st.game("sweetnose").new(3, seed=2).view(1)
    a = st.sample("sweetnose", view, random.Random(9))
    b = st.sample("sweetnose", view, random.Random(9).getrandbits(64))
    assert a.view(0) == b.view(0) and a.view(2) == b.view(2)


@pytest.mark.parametrize(
    ("game_id", "view", "rng", "words"),
    [
        ("bonbons", "lechocolat-view", 1, "not of 'bonbons'"),
        ("lechocolat", "spectator", 1, "spectator"),
        ("lechocolat", "seat-0", "seven", "rng must be"),
    ],
)
def test_bad_input_is_named(game_id: str, view: str, rng: object, words: str) -> None:
    state = st.game("lechocolat").new(2, seed=1)
    v = state.view(None) if view == "spectator" else state.view(0)
    with pytest.raises(st.SweetToothError, match=words):
        st.sample(game_id, v, rng)  # type: ignore[arg-type]
