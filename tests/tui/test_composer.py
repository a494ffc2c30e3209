"""The move composer: after each pick only pieces that can still complete a legal move stay
pickable; one remaining move is played; a move that others extend asks for a confirm."""

from __future__ import annotations

import pytest

import sweettooth as st
from sweettooth.tui.composer import Composer, build
from sweettooth.tui.games import face_for


def test_a_move_that_others_extend_is_confirmed_not_played() -> None:
    c = Composer([("grab 3 with 3+5", ["die:3", "die:5", "shelf:3"]),
                  ("grab 3,5 with 3+5", ["die:3", "die:5", "shelf:3", "shelf:5"])])
    assert c.pick("die:3") is None
    assert c.pick("die:5") is None
    assert c.pick("shelf:3") is None  # grab 3 alone, or with the Multipack?
    assert c.needs_confirm()
    assert c.complete() == ["grab 3 with 3+5"]
    assert c.pickable() == {"shelf:5": 1}
    assert c.pick("shelf:5") == "grab 3,5 with 3+5"


def test_a_key_that_completes_nothing_is_refused_and_changes_nothing() -> None:
    c = Composer([("take a1", ["cell:a1", "do:take"]), ("reveal b1", ["cell:b1", "do:reveal"])])
    c.pick("cell:a1")
    with pytest.raises(ValueError, match="cannot be part of any move"):
        c.pick("do:reveal")
    assert c.picks == ["cell:a1"]


def test_a_stack_may_be_picked_twice() -> None:
    keys = ["store:9", "plate:0:red", "plate:0:red", "plate:1:green", "plate:1:pink"]
    c = Composer([("store 9 P2 red+red for green+pink", keys)])
    c.pick("store:9")
    c.pick("plate:0:red")
    assert c.pickable()["plate:0:red"] == 1


@pytest.mark.parametrize("game_id", ["bittersweet", "bonbons", "lechocolat", "sweetnose",
                                     "sweetshop"])
def test_every_legal_move_has_its_own_keys(game_id: str) -> None:
    """No two legal moves are made with the same picks, so every move can be composed."""
    game = st.game(game_id)
    face = face_for(game_id)
    players = {"sweetshop": 1, "sweetnose": 3}.get(game_id, 2)
    state = game.new(players, 5)
    for _ in range(40):
        if state.to_move is None:
            break
        view = state.view(state.to_move)
        pairs = build(view["legal_actions"], lambda a, v=view: face.keys(a, v))
        seen = [tuple(sorted(k)) for _, k in pairs]
        assert len(seen) == len(set(seen)), f"two moves share their picks in {game_id}"
        state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
