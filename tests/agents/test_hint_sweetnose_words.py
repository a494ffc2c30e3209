"""Sweet Nose hints' words (`agents/hints/sweetnose.py`): the change to the seat's sweet points,
the round or game a move ends (SN-4), and a rating that counts the fewest sweet points."""

from __future__ import annotations

import sweettooth as st
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


def auction_hints(moves: list[str]) -> tuple[str, str]:
    """(the pass hint, the first bid's hint) for the seat to move in the Shopkeeper auction
    after `moves`."""
    state = st.game("sweetnose").new(3, 1, variation="shopkeeper")
    for move in moves:
        state.apply(state.game.parse_action(state, move))
    view = state.view(state.to_move)
    assert view["phase"] == "auction"
    legal = READ(view)
    say = [EXPLAIN(view, a, legal, People(int(view["seat"]))) for a in legal]
    return (next(t for t in say if t.startswith("pass")),
            next(t for t in say if t.startswith("bid")))


def test_the_auction_says_what_a_bid_adds_and_why_to_pass() -> None:
    passing, bid = auction_hints([])
    assert passing == "pass: a store is not worth adding sweet points to your total"
    assert bid == ("bid 1: one cheap bid for the first choice of store; it adds 1 sweet point "
                   "to your total")
    # Player 2 bid 1, Player 3 bid 2: Player 2's total already holds its bid
    passing, bid = auction_hints(["pass", "bid 1", "bid 2"])
    assert passing == "pass: a store is not worth more sweet points than you have bid"
    assert bid == ("bid 3: one cheap bid for the first choice of store; it adds 2 sweet points "
                   "to your total")


def test_a_trade_says_when_it_raises_the_other_players_sweet_points() -> None:
    state = position(3, plates=[sweets(red=3, green=1), sweets(red=2, green=2), sweets(pink=2)],
                     market=sweets(brown=1, yellow=1), markers=[[1, 2, 3, 4, 5]] * 3,
                     held=[0, 0, 0])
    assert hint(state, "trade P3 red for pink") == (
        "swap your red for Player 3's pink: it raises your sweet points from 5 to 8, and "
        "raises Player 3's by about 1")
    assert hint(state, "trade P2 green for red") == (
        "swap your green for Player 2's red: it cuts your sweet points from 5 to 4")
    # Player 3 holds a red and a pink: a green for one of them leaves its guessed points as
    # they are: nothing said of Player 3
    even = position(3, plates=[sweets(red=3, green=1), sweets(red=1, green=1),
                               sweets(red=1, pink=1)],
                    market=sweets(brown=1, yellow=1), markers=[[1, 2, 3, 4, 5]] * 3,
                    held=[0, 0, 0])
    assert "Player 3's by" not in hint(even, "trade P3 green for pink")


def test_ending_the_round_behind_says_so() -> None:
    behind = position(
        3, plates=[sweets(red=1), sweets(red=4), sweets(red=4)],
        bowls=[sweets(green=3, brown=2, pink=2), sweets(green=4), sweets(yellow=4)],
        market=sweets(green=1, brown=1, yellow=1), markers=[[1, 2, 3, 4, 5]] * 3,
        held=[1, 0, 0], totals=[90, 10, 10], round=2)
    assert hint(behind, store_one(behind)).endswith(
        "; it empties your plate and ends the round even though you are behind")
