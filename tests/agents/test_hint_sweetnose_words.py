"""Sweet Nose hints' words (`agents/hints/sweetnose.py`): the change to the seat's sweet points,
the round or game a move ends (SN-4), and a rating that counts the fewest sweet points."""

from __future__ import annotations

from sweettooth.agents.hints import GAMES, People
from sweettooth.agents.hints.sweetnose import _sp_change
from sweettooth.core import State
from sweettooth.games.sweetnose.actions import SetMarkers, StoreUse
from sweettooth.games.sweetnose.heuristics import marker_guess, table_from_view
from sweettooth.games.sweetnose.positions import position, sweets

READ, EXPLAIN = GAMES["sweetnose"]


def hint(state: State, move: str) -> str:
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    legal = READ(view)
    action = next(a for a in legal if str(a) == move)
    return EXPLAIN(view, action, legal, People(seat))


def test_the_change_to_sweet_points_in_words() -> None:
    assert _sp_change(5, 3, False) == "cuts your sweet points from 5 to 3"
    assert _sp_change(3, 5, True) == (
        "raises your sweet points from 3 to 5 (the smallest rise you can make)")
    assert _sp_change(3, 5, False) == "raises your sweet points from 3 to 5"
    assert _sp_change(4, 4, True) == "keeps your sweet points at 4 (none of your moves lowers them)"
    assert _sp_change(4, 4, False) == "keeps your sweet points at 4"


def emptying(round_: int) -> State:
    """P1's plate holds one sweet; store 1 moves it to the bowl, which empties the plate."""
    return position(
        3, plates=[sweets(red=1), sweets(red=4), sweets(red=4)],
        bowls=[sweets(green=3, brown=2, pink=2), sweets(green=4), sweets(yellow=4)],
        market=sweets(green=1, brown=1, yellow=1), markers=[[1, 2, 3, 4, 5]] * 3,
        held=[1, 0, 0], totals=[10, 90, 90], round=round_)


def store_one(state: State) -> str:
    return next(str(a) for a in state.legal_actions() if isinstance(a, StoreUse) and a.number == 1)


def test_emptying_a_plate_ends_the_round_or_in_the_last_round_the_game() -> None:
    last = emptying(3)
    assert last.view(0)["rounds_to_play"] == 3
    text = hint(last, store_one(last))
    # The store named by its tile's caption; no store use lowers SP (stores 1 to 4 never do).
    assert text.startswith("use store 1 (Place a sweet from your plate to your bowl): it keeps "
                           "your sweet points at 26 (none of your moves lowers them)"), text
    assert text.endswith("; it empties your plate and ends the game while you are ahead"), text
    earlier = emptying(2)
    text = hint(earlier, store_one(earlier))
    assert text.endswith("; it empties your plate and ends the round while you are ahead"), text


def test_a_rating_that_counts_the_fewest_sweet_points_says_so() -> None:
    state = position(3, plates=[sweets(red=3, green=1), sweets(red=2), sweets(pink=2)],
                     market=sweets(brown=1, yellow=1))
    view = state.view(0)
    assert view["phase"] == "markers", view["phase"]
    t = table_from_view(view)
    fewest = marker_guess(t.sweets(0), t.market)  # the rating that counts the fewest SP now
    legal = READ(view)
    best = next(a for a in legal if isinstance(a, SetMarkers) and list(a.values) == list(fewest))
    assert EXPLAIN(view, best, legal, People(0)).endswith(", the fewest any rating gives")
    worst = next(a for a in legal if isinstance(a, SetMarkers)
                 and list(a.values) == sorted(fewest, key=lambda v: -v))
    assert not EXPLAIN(view, worst, legal, People(0)).endswith("the fewest any rating gives")
