"""Le Chocolat claim hints' words (`agents/hints/lechocolat.py`, `_claim_reason`): which one
comparison a claim's reason makes. What the claim denies the opponent, when that is worth more
to them than the claim to the seat or the claim is the only one; else that it is the only
group; else that it is the best of the groups (ties count, a blank makes it a guess); else what
it leaves the opponent to take next turn.

Classic Box: dark +2, milk +1, white 0, hazelnut +1, mint -1; a dark-milk-white set +3; the
most dark +3. Row 1 of the bar: dark, dark, milk, white, mint, hazelnut, blank."""

from __future__ import annotations

from sweettooth.agents.hints.lechocolat import Board, _claim_reason
from sweettooth.games.lechocolat.bar import Rect
from sweettooth.games.lechocolat.game import position

ROW1 = ["dark", "dark", "milk", "white", "mint", "hazelnut", "blank"]
GROUPS = [Rect.parse(f"{c}1:{c}1") for c in "abcdefg"]
DARK, DARK2, MILK, WHITE, MINT, HAZELNUT, BLANK = GROUPS


def board(held: dict[int, list[str]] | None = None) -> Board:
    """Seat 0's board; `held[seat]`: the flavours of the tiles each seat has claimed (on row 5,
    face up)."""
    up = ROW1 + ["hazelnut"] * 28
    claimed: list[tuple[int, str]] = [(s, f) for s, fl in (held or {}).items() for f in fl]
    for i, (_seat, flavour) in enumerate(claimed):
        up[28 + i] = flavour
    view = position(up, ["blank"] * 35).view(0)
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
