"""Every store tile (SN-7): its uses and its effect, on a table and in the game."""

from __future__ import annotations

import pytest

from sweettooth.games.sweetnose import stores
from sweettooth.games.sweetnose.components import default_stores
from sweettooth.games.sweetnose.positions import position, sweets
from sweettooth.games.sweetnose.state import SweetNoseState
from sweettooth.games.sweetnose.table import Table

from .helpers import GAME, IDENTITY, legal_texts, play

TILES = {t.number: t for t in default_stores()}


def _table() -> Table:
    t = Table.empty(3)
    t.plate[0][:] = sweets(red=2, green=1)
    t.bowl[0][:] = sweets(pink=1)
    t.plate[1][:] = sweets(red=1, brown=2)
    t.bowl[1][:] = sweets(yellow=1)
    t.plate[2][:] = sweets(green=1)
    t.market[:] = sweets(brown=1, yellow=2)
    t.markers[0][:] = IDENTITY
    return t


def _texts(t: Table, number: int) -> list[str]:
    return [str(u) for u in stores.uses(t, 0, TILES[number])]


def _do(t: Table, text: str, number: int) -> Table:
    use = next(u for u in stores.uses(t, 0, TILES[number]) if str(u) == text)
    stores.do(t, 0, use)
    return t


def test_store1_plate_to_bowl() -> None:
    t = _table()
    assert _texts(t, 1) == ["store 1 red", "store 1 green"]
    _do(t, "store 1 red", 1)
    assert t.plate[0] == sweets(red=1, green=1) and t.bowl[0] == sweets(red=1, pink=1)


def test_store2_bowl_to_plate() -> None:
    t = _table()
    assert _texts(t, 2) == ["store 2 pink"]
    _do(t, "store 2 pink", 2)
    assert t.plate[0] == sweets(red=2, green=1, pink=1) and t.bowl[0] == sweets()


def test_store3_opponent_bowl_to_their_plate() -> None:
    t = _table()
    assert _texts(t, 3) == ["store 3 P2 yellow"]  # P3's bowl is empty
    _do(t, "store 3 P2 yellow", 3)
    assert t.plate[1] == sweets(red=1, brown=2, yellow=1) and t.bowl[1] == sweets()


def test_store4_exchange_between_bowl_and_plate() -> None:
    t = _table()
    assert _texts(t, 4) == ["store 4 red for pink", "store 4 green for pink"]
    _do(t, "store 4 red for pink", 4)
    assert t.plate[0] == sweets(red=1, green=1, pink=1) and t.bowl[0] == sweets(red=1)


def test_store5_has_no_action() -> None:
    """Store 5 only changes its owner's counting (test_scoring.py)."""
    assert _texts(_table(), 5) == []
    assert not stores.has_use(_table(), 0, TILES[5])


def test_store6_same_colour_exchange_with_an_opponent() -> None:
    t = _table()
    assert _texts(t, 6) == ["store 6 P2 red", "store 6 P3 green"]
    _do(t, "store 6 P2 red", 6)
    assert t.plate[0] == sweets(red=1, green=1) and t.bowl[0] == sweets(red=1, pink=1)
    assert t.plate[1] == sweets(brown=2) and t.bowl[1] == sweets(red=1, yellow=1)


def test_store7_market_exchange_to_bowl_or_plate() -> None:
    t = _table()
    texts = _texts(t, 7)
    assert "store 7 red for brown to bowl" in texts and "store 7 red for brown to plate" in texts
    assert not any("for red" in x for x in texts)  # the market has no red
    _do(t, "store 7 red for yellow to bowl", 7)
    assert t.plate[0] == sweets(red=1, green=1) and t.bowl[0] == sweets(pink=1, yellow=1)
    assert t.market == sweets(red=1, brown=1, yellow=1)


def test_store8_exchange_between_bowls() -> None:
    t = _table()
    assert _texts(t, 8) == ["store 8 P2 pink for yellow"]
    _do(t, "store 8 P2 pink for yellow", 8)
    assert t.bowl[0] == sweets(yellow=1) and t.bowl[1] == sweets(pink=1)


def test_store9_two_sweets_between_plates() -> None:
    t = _table()
    texts = _texts(t, 9)
    # P2's plate pairs: red+brown, brown+brown; P3 has one sweet only (no pair).
    assert "store 9 P2 red+green for brown+brown" in texts
    assert "store 9 P2 red+red for brown+brown" in texts
    assert all(not set(u.give) & set(u.take) for u in stores.uses(t, 0, TILES[9]))
    assert not any(" P3 " in x for x in texts)
    _do(t, "store 9 P2 red+green for brown+brown", 9)
    assert t.plate[0] == sweets(red=1, brown=2) and t.plate[1] == sweets(red=2, green=1)


def test_store10_switch_two_markers() -> None:
    t = _table()
    texts = _texts(t, 10)
    assert len(texts) == 10 and texts[0] == "store 10 switch red green"
    _do(t, "store 10 switch red yellow", 10)
    assert t.markers[0] == [5, 2, 3, 4, 1]


def _game_with_store(number: int) -> SweetNoseState:
    return position(
        3,
        plates=[sweets(red=4, green=4), sweets(green=4, brown=4), sweets(pink=4, yellow=4)],
        bowls=[sweets(pink=1), sweets(red=1), sweets()],
        market=sweets(red=1, brown=1, yellow=1),
        markers=[IDENTITY] * 3, held=[number, 0, 0], round=2,
    )


def test_a_store_is_used_once_then_back_on_the_board() -> None:
    """SN-7: used at most once per round, then it goes back to the board."""
    s = _game_with_store(1)
    assert 1 not in s.view(0)["stores"]["board"]
    play(s, "store 1 red", "market green for yellow")
    assert s.held[0] == 0 and 1 in s.view(0)["stores"]["board"]
    play(s, "market green for red", "market pink for green")
    assert s.to_move == 0
    assert not any(t.startswith("store") for t in legal_texts(s))


def test_store10_switch_is_secret_from_the_others() -> None:
    """Store 10 in the game: the owner's markers change; others see only 'used store 10'."""
    s = _game_with_store(10)
    views = []
    for text in ("store 10 switch red green", "store 10 switch pink yellow"):
        t = _game_with_store(10)
        play(t, text, "market green for yellow")
        views.append((t.view(1), t.view(None)))
        assert t.log[-2] == "P1 used store 10"
        assert t.view(0)["moves"][0] == [0, text]
        assert t.view(1)["moves"][0] == [0, "store 10 switch (hidden)"]
    assert views[0] == views[1]
    play(s, "store 10 switch red yellow")
    assert s.view(0)["markers"]["red"] == 5 and s.view(0)["markers"]["yellow"] == 1


def test_store6_in_game_empties_plates_faster() -> None:
    s = _game_with_store(6)
    play(s, "store 6 P2 green")
    assert s.table.plate[1] == sweets(green=3, brown=4)
    assert s.table.bowl[0] == sweets(green=1, pink=1)


def test_every_effect_has_functions() -> None:
    assert set(stores.EFFECT_FUNCTIONS) == {t.effect for t in TILES.values()}
    assert GAME.new(3, seed=0).rules.by_number == TILES


def test_a_hand_set_position_refuses_more_tokens_of_a_kind_than_the_box_holds() -> None:
    """Nine tokens of each kind: a position with ten reds in play (one kind only) is refused,
    with the counts; nine is fine."""
    plates = [sweets(red=4), sweets(red=4), sweets(green=1)]
    position(3, plates=plates, market=sweets(red=1))
    with pytest.raises(ValueError, match=r"more than 9 tokens of a kind: \[10, 1, 0, 0, 0\]"):
        position(3, plates=plates, market=sweets(red=2))
