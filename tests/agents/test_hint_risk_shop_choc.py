"""Hints warn about the risk the view shows in Sweet Shop (a grabbed card scores nothing until a
pair of dice totals its number) and Le Chocolat (a blank up side may hide a costly flavour; a
split may leave the opponent a claimable piece); computed from the view alone."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from itertools import combinations, product

import sweettooth as st
from sweettooth.agents.hints import GAMES, People
from sweettooth.agents.hints.lechocolat import Board, left_risk
from sweettooth.agents.hints.sweetshop import pair_chance
from sweettooth.core import JSON
from sweettooth.games.lechocolat.actions import SPLITS
from sweettooth.games.lechocolat.bar import Rect


def _reason(game_id: str, view: JSON, action: str) -> str:
    read, explain = GAMES[game_id]
    legal = read(view)
    chosen = next(a for a in legal if str(a) == action)
    return str(explain(view, chosen, legal, People(int(view["seat"]))))


def test_pair_chance_counts_the_rolls_of_four_dice() -> None:
    rolls = list(product(range(1, 7), repeat=4))
    sevens = sum(any(a + b == 7 for a, b in combinations(r, 2)) for r in rolls)
    assert pair_chance(7, False) == sevens / 1296
    assert pair_chance(13, False) == 0.0 and pair_chance(1, False) == 1.0
    twelves = sum(any(a + b == 12 for a, b in combinations(r, 2)) for r in rolls)
    assert pair_chance(13, True) == twelves / 1296  # 6+6 stretched to 13
    assert pair_chance(7, True) > pair_chance(7, False)


def _shop_view(card: str, changers: int = 0) -> tuple[JSON, str]:
    """A Sweet Shop view whose first grab takes `card`."""
    view = copy.deepcopy(st.game("sweetshop").new(1, 1).view(0))
    action = next(a for a in view["legal_actions"] if a.startswith("grab ") and "," not in a)
    view["shelf"][int(action.split()[1]) - 1] = card
    view["bonuses"]["flavour_changer"]["have"] = changers
    return view, action


def test_sweetshop_grab_names_the_chance_to_eat_the_card() -> None:
    view, action = _shop_view("JS")
    text = _reason("sweetshop", view, action)
    assert (f"risk: a pair totals 11 in only {pair_chance(11, False):.0%} of rolls; till eaten "
            "it scores 0") in text
    view, action = _shop_view("KS")
    assert "no pair totals 13 without a Flavour Changer: it needs a Sugar Rush" in _reason(
        "sweetshop", view, action)
    view, action = _shop_view("KS", changers=1)
    assert "a pair totals 13 (or one off) in only 13% of rolls" in _reason(
        "sweetshop", view, action)
    view, action = _shop_view("AH")  # an Ace is eaten with any pair: no risk
    assert "risk" not in _reason("sweetshop", view, action)


def _chocolat_views(seed: int) -> Iterator[JSON]:
    """The views of the seat to move along a random Le Chocolat game."""
    game = st.game("lechocolat")
    state = game.new(2, seed)
    rng = random.Random(seed)
    while state.to_move is not None:
        yield state.view(state.to_move)
        state.apply(rng.choice(state.legal_actions()))


def _first(seed: int, wanted: str) -> tuple[JSON, str, str]:
    for view in _chocolat_views(seed):
        for action in view["legal_actions"]:
            text = _reason("lechocolat", view, action)
            if wanted in text:
                return view, action, text
    raise AssertionError(f"no hint with {wanted!r}")


def test_lechocolat_claim_with_a_blank_names_what_it_may_hide() -> None:
    view, action, text = _first(1, "blank sides")
    assert action.startswith("claim")
    costly = sorted(f for f, v in view["scoring_card"]["values"].items() if v < 0)
    assert "risk: the blank may hide nothing (8 of the box's 22 blank sides)" in text
    names = {f["id"]: f["name"] for f in view["flavours"]}
    for f in costly:
        assert f"{names[f]} {view['scoring_card']['values'][f]:+d}" in text
    # no flavour costs points on a card without negative values: only the blank/blank backs
    kind = copy.deepcopy(view)
    kind["scoring_card"]["values"] = {f: abs(v) for f, v in view["scoring_card"]["values"].items()}
    calm = _reason("lechocolat", kind, action)
    assert "costly" not in calm and "nothing (8 of the box's 22 blank sides)" in calm
    # the same claim without a blank on the table: no risk
    clear = copy.deepcopy(view)
    for t in clear["tiles"]:
        if t["up"] == "blank":
            t["up"] = "dark"
    assert "blank sides" not in _reason("lechocolat", clear, action)


def test_lechocolat_split_warns_of_the_piece_it_leaves_the_opponent() -> None:
    view, action, text = _first(2, "risk: leaves your opponent")
    assert action.startswith("split")
    assert re.search(r"risk: leaves your opponent .+ to claim \(\+\d+ points?\)$", text), text
    # the risk is read from the view: another world dealt from it gives the same words
    seat = int(view["seat"])
    other = st.game("lechocolat").sample(view, seat, 99).view(seat)
    assert _reason("lechocolat", other, action) == text


def test_lechocolat_the_piece_the_mover_claims_is_not_left_to_the_opponent() -> None:
    view, action, _text = _first(2, "risk: leaves your opponent")
    board = Board(view)
    seat = int(view["seat"])
    small = [Rect.parse(g) for g in view["groups"]]
    small += [h for s in SPLITS[Rect.parse(action.split()[1])] for h in s.halves()]
    worth = [g for g in small if g.area <= 3 and board.gain(1 - seat, g) > 0]
    assert worth
    piece = worth[0]
    assert left_risk(board, seat, [piece], None).startswith("; risk: leaves your opponent")
    assert left_risk(board, seat, [piece], piece) == ""  # the mover takes it this turn
