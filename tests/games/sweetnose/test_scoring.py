"""Phase 3, counting sweetness: SN-6 and the printed 34 SP example; store 5 (SN-7)."""

from __future__ import annotations

from sweettooth.games.sweetnose.positions import position, sweets
from sweettooth.games.sweetnose.scoring import auction_level, count_sweetness, eligible_level

from .helpers import play

# The printed example: red, 3 green, brown, 2 pink, yellow; markers 3 5 1 2 4; market 1 red 2 green.
EXAMPLE_SWEETS = sweets(red=1, green=3, brown=1, pink=2, yellow=1)
EXAMPLE_MARKERS = [3, 5, 1, 2, 4]
EXAMPLE_MARKET = sweets(red=1, green=2)


def test_printed_example_is_34_sp() -> None:
    """SN-6: the printed example: 1x(3+1) + 3x(5+2) + 1x1 + 2x2 + 1x4 = 34."""
    total, lines = count_sweetness(EXAMPLE_SWEETS, EXAMPLE_MARKERS, EXAMPLE_MARKET, False)
    assert total == 34
    assert [line["subtotal"] for line in lines] == [4, 21, 1, 4, 4]
    assert lines[1] == {"count": 3, "marker": 5, "market": 2, "subtotal": 21}


def test_printed_example_in_a_game_counts_plate_and_bowl() -> None:
    """SN-6: sweets on the plate AND in the bowl count; the phase ending gives P1 34 SP."""
    s = position(
        3,
        plates=[sweets(green=3, pink=2), sweets(yellow=1), sweets(brown=4, pink=2)],
        bowls=[sweets(red=1, brown=1, yellow=1), sweets(brown=3, pink=2, yellow=2),
               sweets(yellow=2)],
        market=EXAMPLE_MARKET,
        markers=[EXAMPLE_MARKERS, [1, 2, 3, 4, 5], [5, 4, 3, 2, 1]],
        start=1,
    )
    play(s, "trade P3 yellow for brown")  # P2's plate is now empty: Phase 2 ends (SN-4)
    assert s.round_sp[0][0] == 34
    assert s.totals[0] == 34
    reveal = s.view(1)["rounds"][0]
    assert reveal["markers"][0] == dict(zip(s.view(0)["kinds"], EXAMPLE_MARKERS, strict=True))
    assert reveal["breakdown"][0]["green"]["subtotal"] == 21


def test_store5_ignores_the_market_for_its_owner_only() -> None:
    """Store 5: 'When counting SPs, ignore the sweets in the market' (its owner's counting)."""
    without, _ = count_sweetness(EXAMPLE_SWEETS, EXAMPLE_MARKERS, EXAMPLE_MARKET, True)
    assert without == 34 - 1 * 1 - 3 * 2
    s = position(
        3,
        plates=[sweets(green=3, pink=2), sweets(yellow=1), sweets(brown=4, pink=2)],
        bowls=[sweets(red=1, brown=1, yellow=1), sweets(brown=3, pink=2, yellow=2),
               sweets(yellow=2)],
        market=EXAMPLE_MARKET,
        markers=[EXAMPLE_MARKERS, [1, 2, 3, 4, 5], [5, 4, 3, 2, 1]],
        held=[5, 0, 0],
        start=1,
    )
    play(s, "trade P3 yellow for brown")
    assert s.round_sp[0][0] == without
    assert s.view(None)["rounds"][0]["store5"] == [True, False, False]


def test_eligibility_by_this_rounds_sp() -> None:
    """Reset step 3: 31+ all; 26+ up to 26; 22+ up to 22; 19+ 17 and 19; 17+ only 17; <17 none."""
    assert [eligible_level(sp) for sp in (16, 17, 18, 19, 21, 22, 25, 26, 30, 31, 60)] == [
        0, 17, 17, 19, 19, 22, 22, 26, 26, 31, 31,
    ]


def test_auction_ranks() -> None:
    """SN-9: highest bid any tile, the second all but 31+, and so on."""
    assert [auction_level(r) for r in range(6)] == [31, 26, 22, 19, 17, 0]
