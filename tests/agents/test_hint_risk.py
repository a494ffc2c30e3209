"""Hints warn about the risk the view shows: a face-down Choc that may be a veggie (BitterSweet),
a square that may be the empty wrapper (Bonbons); computed from the view alone."""

from __future__ import annotations

import copy

import sweettooth as st
from sweettooth.agents.hints import GAMES, People
from sweettooth.core import JSON


def _reason(game_id: str, view: JSON, action: str) -> str:
    read, explain = GAMES[game_id]
    legal = read(view)
    chosen = next(a for a in legal if str(a) == action)
    return str(explain(view, chosen, legal, People(int(view["seat"]))))


def test_bittersweet_take_face_down_names_the_veggie_risk() -> None:
    view = st.game("bittersweet").new(3, 1).view(0)
    text = _reason("bittersweet", view, "take a1")
    assert "risk: 6 of the 45 Chocs it could be (13%) would cost you points" in text
    assert "Pea Pod -2" in text and "Garlic Cloves -3" in text
    # the same view with the veggies known to be elsewhere (in the wrappers): no veggie risk
    safe = copy.deepcopy(view)
    group = safe["whereabouts"][0]
    veggies = ["pea-pod", "green-olive", "garlic-cloves"]
    group["chocs"] = [c for c in group["chocs"] if c not in veggies]
    safe["whereabouts"].append({"chocs": veggies, "places": ["wrappers"]})
    calm = _reason("bittersweet", safe, "take a1")
    assert "veggies" not in calm and "Pea Pod" not in calm
    assert "risk: 3 of the 42 Chocs it could be (7%)" in calm  # the YUCK! matches remain


def test_bittersweet_risk_depends_only_on_the_view() -> None:
    game = st.game("bittersweet")
    state = game.new(3, 4)
    view = state.view(1) if state.to_move == 1 else state.view(0)
    seat = int(view["seat"])
    other = game.sample(view, seat, 123)
    cell = view["legal_actions"][0]
    assert _reason("bittersweet", other.view(seat), cell) == _reason("bittersweet", view, cell)


def test_bonbons_unseen_square_warns_of_the_empty_wrapper() -> None:
    view = st.game("bonbons").new(2, 1).view(0)
    assert "risk: 1 in 36 that it is the empty wrapper" in _reason("bonbons", view, "a1")
    shown = copy.deepcopy(view)
    shown["grid"][5][5].update(state="up", face="empty wrapper")
    assert "risk" not in _reason("bonbons", shown, "a1")
