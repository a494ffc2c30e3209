"""Le Chocolat refusals: one test per kind of refused move, each naming why and changing nothing."""

from __future__ import annotations

import pytest

import sweettooth as st
from sweettooth.core import IllegalAction
from sweettooth.games.lechocolat import position
from sweettooth.games.lechocolat.actions import Split
from sweettooth.games.lechocolat.bar import Rect
from sweettooth.games.lechocolat.state import ChocolateState

GAME = st.game("lechocolat")


def refused(s: ChocolateState, move: object) -> str:
    """The reason `move` (an action or its notation) is refused; the state must not change."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        s.apply(move)
    assert s.snapshot() == before
    assert "legal actions" not in str(caught.value)
    return caught.value.reason


def bar(*moves: str) -> ChocolateState:
    s = position(["dark"] * 35, ["blank"] * 35)
    for move in moves:
        s.apply(move)
    return s


def test_a_split_line_must_run_through_the_group() -> None:
    s = bar()
    assert refused(s, "split a1:g5 at a") == (
        "column a is the left edge of a1:g5, not a line through it: cut at b to g"
    )
    assert refused(s, "split a1:g5 at 1") == (
        "row 1 is the top edge of a1:g5, not a line through it: cut at 2 to 5"
    )
    s = bar("split a1:g5 at c")
    assert refused(s, "split a1:b5 at d") == (
        "column d is outside a1:b5, not a line through it: cut at b"
    )
    assert refused(s, "split a1:b5 at c").startswith("column c is the right edge of a1:b5")


def test_a_group_one_tile_wide_is_cut_the_other_way() -> None:
    s = bar("split a1:g5 at b")
    assert refused(s, "split a1:a5 at b") == "a1:a5 is one column wide: cut it along a row line"


def test_a_single_tile_cannot_be_split() -> None:
    s = bar("split a1:g5 at 2", "split a1:g1 at e", "claim e1:g1", "split a1:d1 at b",
            "claim b1:d1")
    assert s.view(1)["phase"] == "split" and "a1" in s.view(1)["groups"]
    assert refused(s, Split(Rect(0, 0, 1, 1), True, 1)) == "a1 is a single tile: it cannot be split"


def test_only_a_group_on_the_table_can_be_split_or_claimed() -> None:
    s = bar("split a1:g5 at b")
    assert refused(s, "split a1:g5 at c") == (
        "a1:g5 is not a group on the table; the groups are a1:a5, b1:g5"
    )
    assert refused(s, Split(Rect(0, 0, 9, 1), True, 1)) == "that group is not on the bar (a1 to g5)"


def test_part_of_a_group_names_the_whole_group() -> None:
    s = bar("split a1:g5 at 2", "split a1:g1 at e")  # a claim now: e1:g1 is claimable
    assert refused(s, "claim b2:c3") == (
        "b2:c3 is part of a2:g5, which has 28 tiles: only a group of 3 tiles or fewer can be "
        "claimed"
    )
    assert refused(s, "claim f1") == (
        "f1 is part of e1:g1: a claim takes a whole group, claim e1:g1"
    )
    s = bar("split a1:g5 at 2", "split a1:g1 at e", "claim e1:g1")
    assert refused(s, "split b2:c5 at c") == (
        "b2:c5 is part of a2:g5: a split breaks a whole group, a2:g5"
    )


def test_a_claimed_group_names_its_owner() -> None:
    s = bar("split a1:g5 at 2", "split a1:g1 at e", "claim e1:g1")  # P2 claims e1:g1
    assert refused(s, "split e1:g1 at f") == "e1:g1 is already claimed by P2"


def test_split_first_then_claim() -> None:
    s = bar("split a1:g5 at 2", "split a1:g1 at b")  # P2 split: a1 must be claimed now
    assert refused(s, "split b1:g1 at c") == (
        "after a split you must claim a group first; you must claim one group of 3 tiles "
        "or fewer"
    )
    s = bar("split a1:g5 at b")
    assert refused(s, "claim b1:g5") == (
        "split a group first, then claim; you must split a group of two or more tiles "
        "along a straight line"
    )


def test_only_small_groups_can_be_claimed() -> None:
    s = bar("split a1:g5 at 2", "split a1:g1 at b")
    assert refused(s, "claim b1:g1") == (
        "b1:g1 has 6 tiles: only a group of 3 tiles or fewer can be claimed"
    )


def test_notation_is_read_in_any_case_and_unknown_text_gets_the_shapes() -> None:
    s = bar()
    assert GAME.parse_action(s, "SPLIT A1:G5 AT D") == Split(Rect(0, 0, 7, 5), True, 3)
    assert refused(s, "cut a1:g5") == (
        "expected 'split <group> at <column letter or row number>' like 'split a1:g5 at b'"
    )
    assert refused(s, "split a1:h5 at b").startswith("expected 'split <group>")
    s = bar("split a1:g5 at 2", "split a1:g1 at b")
    assert refused(s, "take a1") == "expected 'claim <group>' like 'claim a1'"


def test_no_reason_shows_a_down_side() -> None:
    """Reasons name groups, cells and owners; never a flavour of a tile's hidden side."""
    s = position(["dark"] * 35, ["raspberry"] * 35)
    s.apply("split a1:g5 at 2")
    s.apply("split a1:g1 at b")
    s.apply("claim a1")
    for move in ("claim a1", "split a1:g5 at a", "claim b1:g1", "claim a2:g5"):
        assert "raspberry" not in refused(s, move).lower()
