"""Le Chocolat claim hints' words (`agents/hints/lechocolat.py`, `_claim_reason`): which one
comparison a claim's reason makes. What the claim denies the opponent, when that is worth more
to them than the claim to the seat or the claim is the only one; else that it is the only
group; else that it is the best of the groups (ties count, a blank makes it a guess); else what
it leaves the opponent to take next turn.

Classic Box: dark +2, milk +1, white 0, hazelnut +1, mint -1; a dark-milk-white set +3; the
most dark +3. Row 1 of the bar: dark, dark, milk, white, mint, hazelnut, blank."""

from __future__ import annotations

from sweettooth.agents.hints.lechocolat import (
    Board,
    _claim_reason,
    _split_reason,
    _worth,
    blank_risk,
    left_risk,
)
from sweettooth.games.lechocolat.actions import SPLITS
from sweettooth.games.lechocolat.bar import Rect
from sweettooth.games.lechocolat.game import position

ROW1 = ["dark", "dark", "milk", "white", "mint", "hazelnut", "blank"]
GROUPS = [Rect.parse(f"{c}1:{c}1") for c in "abcdefg"]
DARK, DARK2, MILK, WHITE, MINT, HAZELNUT, BLANK = GROUPS


def board(held: dict[int, list[str]] | None = None, card: str = "classic",
          row2: list[str] | None = None) -> Board:
    """Seat 0's board; `held[seat]`: the flavours of the tiles each seat has claimed (on row 5,
    face up); `row2`: the start of the bar's second row (else hazelnut)."""
    up = ROW1 + (row2 or []) + ["hazelnut"] * (28 - len(row2 or []))
    claimed: list[tuple[int, str]] = [(s, f) for s, fl in (held or {}).items() for f in fl]
    for i, (_seat, flavour) in enumerate(claimed):
        up[28 + i] = flavour
    view = position(up, ["blank"] * 35, card=card).view(0)
    for i, (seat, _flavour) in enumerate(claimed):
        view["tiles"][28 + i]["owner"] = seat
    return Board(view)


def reason(b: Board, group: Rect, choices: list[Rect]) -> str:
    return _claim_reason(b, 0, GROUPS, group, choices)


def test_a_claim_worth_more_to_the_opponent_says_what_it_denies() -> None:
    # the opponent holds milk and white: a dark tile completes their set (2 + 3 + 3 = +8),
    # it is worth +5 to the seat (2 + the dark majority 3)
    b = board({1: ["milk", "white"]})
    assert b.gain(0, DARK) == 5 and b.gain(1, DARK) == 8
    assert reason(b, DARK, [DARK, HAZELNUT]) == (
        "claim 1 Dark: +5 points and takes the Dark majority; it would be worth +8 points to "
        "your opponent")


def test_equal_worth_to_both_is_no_denial_and_ties_are_the_best() -> None:
    b = board()
    assert b.gain(0, DARK) == b.gain(1, DARK) == 5
    assert reason(b, DARK, [DARK, HAZELNUT]).endswith(", the best of the 2 groups you can claim")
    assert reason(b, DARK, [DARK, DARK2, HAZELNUT]).endswith(
        ", the best of the 3 groups you can claim")  # a tie with the other dark tile


def test_the_only_claim_says_what_it_denies_or_that_it_is_the_only_one() -> None:
    mine = board({0: ["milk", "white"]})  # dark is +8 to the seat, +5 to the opponent
    assert reason(mine, DARK, [DARK]).endswith("; it would be worth +5 points to your opponent")
    assert reason(board(), HAZELNUT, [HAZELNUT]).endswith(
        "; it would be worth +1 point to your opponent")  # the least that is worth saying
    plain = board()  # white alone is worth 0 to either
    assert plain.gain(1, WHITE) == 0
    assert reason(plain, WHITE, [WHITE]) == (
        "claim 1 White: +0 points, the only group you can claim")


def test_a_lesser_claim_or_a_guess_says_what_it_leaves_the_opponent() -> None:
    b = board()
    # hazelnut (+1) beside a dark tile: the opponent takes the dark next turn (+5)
    assert reason(b, HAZELNUT, [DARK, HAZELNUT]).endswith(
        ", and it leaves your opponent at most +5 points next turn")
    # better than one choice (mint, -1) is not the best: what is left is said
    assert reason(b, HAZELNUT, [DARK, HAZELNUT, MINT]).endswith(
        ", and it leaves your opponent at most +5 points next turn")
    # a blank among the choices makes the ranking a guess: what is left is said instead
    groups_left = [g for g in GROUPS if g not in (DARK, DARK2)]
    text = _claim_reason(b, 0, [DARK, *groups_left], DARK, [DARK, BLANK])
    assert text.endswith(", and it leaves your opponent at most +1 point next turn"), text


def test_what_is_left_is_counted_for_the_opponent() -> None:
    # the seat holds milk and white, the opponent nothing: the dark left behind is +5 to the
    # opponent (+8 to the seat: the reason must count the opponent's worth)
    b = board({0: ["milk", "white"]})
    assert reason(b, HAZELNUT, [DARK, HAZELNUT]).endswith(
        "and it leaves your opponent at most +5 points next turn")


def test_the_second_seat_is_compared_with_the_first() -> None:
    b = board({0: ["milk", "white"]})  # now the first seat's set waits for a dark tile
    assert _claim_reason(b, 1, GROUPS, DARK, [DARK, HAZELNUT]).endswith(
        "; it would be worth +8 points to your opponent")
    assert _claim_reason(b, 1, GROUPS, HAZELNUT, [DARK, HAZELNUT]).endswith(
        "and it leaves your opponent at most +8 points next turn")


def test_claimed_tiles_count_their_known_flavour_once() -> None:
    view = position(ROW1 + ["hazelnut"] * 28, ["blank"] * 35).view(0)
    tiles = view["tiles"]
    tiles[28].update(owner=0, up="blank", down="dark")  # a blank up side: its down side counts
    tiles[29].update(owner=0, up="blank", down="blank")  # blank both sides: nothing
    tiles[30].update(owner=1, up="blank", down=None)  # the opponent's: unseen, nothing
    tiles[31].update(owner=1, up="milk", down=None)
    b = Board(view)
    assert dict(b.held[0]) == {"dark": 1} and dict(b.held[1]) == {"milk": 1}


def test_the_most_the_opponent_can_take_counts_groups_and_halves_of_three() -> None:
    b = board()
    three = Rect.parse("a1:c1")  # dark, dark, milk: 2 + 2 + 1 + the dark majority 3
    assert b.best_take(1, [three]) == 8
    six = Rect.parse("a1:f1")  # too big to claim; one cut leaves a1:c1 as a half
    assert b.best_take(1, [six]) == 8
    assert b.best_take(1, [Rect.parse("e1:e1")]) == 0  # mint costs a point: nothing to take


def test_a_group_is_described_with_its_blanks() -> None:
    b = board(row2=["dark", "blank", "blank"])
    assert b.describe(BLANK) == "1 blank"
    assert b.describe(Rect.parse("a2:c2")) == "1 Dark and 2 blanks"


def test_a_claim_names_majorities_taken_or_tied_and_sets_completed() -> None:
    assert board({1: ["dark"]}).extras(0, DARK) == ["draws level on Dark"]
    assert board({0: ["dark"], 1: ["dark"]}).extras(0, DARK) == ["takes the Dark majority"]
    assert board({0: ["milk", "white"]}).extras(0, DARK) == [
        "takes the Dark majority", "completes a Dark-Milk-White set"]
    # Fruit Basket: raspberry-white and mint-milk sets; white and milk complete both
    fruity = board({0: ["raspberry", "mint"]}, card="fruity", row2=["white", "milk"])
    assert fruity.extras(0, Rect.parse("a2:b2")) == ["completes 2 sets"]
    assert fruity.extras(0, Rect.parse("a2:a2")) == ["completes a Raspberry-White set"]


def test_the_risk_names_the_best_piece_left_to_the_opponent() -> None:
    b = board()
    assert left_risk(b, 0, [HAZELNUT, DARK, MINT], None) == (
        "; risk: leaves your opponent 1 Dark to claim (+5 points)")
    assert left_risk(b, 0, [Rect.parse("a1:c1")], None).endswith("(+8 points)")  # 3 tiles
    assert left_risk(b, 0, [MINT], None) == ""  # nothing worth claiming
    assert left_risk(b, 0, [WHITE], None) == ""  # worth 0
    assert left_risk(b, 0, [HAZELNUT], None).endswith("(+1 point)")


def test_nothing_left_that_scores_is_said_so() -> None:
    assert _claim_reason(board(), 0, [HAZELNUT, WHITE], HAZELNUT, [DARK, HAZELNUT]) == (
        "claim 1 Hazelnut: +1 point, and it leaves your opponent nothing that scores next turn")


def test_blanks_score_as_their_hidden_sides_with_the_risk_named() -> None:
    up = ROW1 + ["blank", "blank", "dark"] + ["hazelnut"] * 25
    view = position(up, ["blank"] * 35).view(0)
    b = Board(view)
    assert _worth(b, 0, BLANK) == "it scores as its hidden side"
    assert _worth(b, 0, Rect.parse("a2:b2")) == "they score as their hidden sides"
    assert _worth(b, 0, Rect.parse("b2:c2")).endswith(", plus what the blank hides")
    assert _worth(b, 0, Rect.parse("a2:c2")).endswith(", plus what the blanks hide")
    # the box: 4 blank/blank tiles (8 blank sides), 14 flavour/blank, of them 2 mint (-1)
    assert blank_risk(view, b, BLANK) == (
        "; risk: the blank may hide nothing (8 of the box's 22 blank sides) or a costly "
        "flavour (2 of 22: Mint -1)")
    assert blank_risk(view, b, Rect.parse("a2:b2")).startswith("; risk: the blanks may hide")
    assert blank_risk(view, b, DARK) == ""


def test_a_split_counts_the_other_groups_on_the_table() -> None:
    b = board()
    piece = Rect.parse("a3:d4")  # 8 hazelnut tiles
    split = next(s for s in SPLITS[piece] if str(s) == "split a3:d4 at 4")
    assert _split_reason(b, 0, [piece], split) == (
        "cut the 8-tile piece into 4 and 4 tiles without leaving a group small enough to "
        "claim: your opponent can then take at most +3 points")
    assert _split_reason(b, 0, [piece, DARK], split).startswith(
        "cut the 8-tile piece, then claim 1 Dark from the table: +5 points")
