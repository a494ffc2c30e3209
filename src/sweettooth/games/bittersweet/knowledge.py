"""What each player knows about where the Chocs are ("whereabouts"), kept exactly as play goes.

For every observer (each seat, and the public at index `players`) and every Choc, a bit mask of
the places it may be: a cell of the box (bit = cell), a player's hand (bit HAND + seat), or the
Empty Wrapper pile (bit OUT; the Chocs set aside at set-up never come back during a round).
Every event of the game narrows or moves these masks as a player at the table would reason:

- a Choc seen face up, peeked at, or shown: its mask is that one place, and no other Choc is there;
- a face-down Choc taken from a cell: whatever might have been there is now in the taker's hand,
  except Chocs with an "If face-down when taken" ability (they are always shown when so taken);
- a hidden Choc leaving a hand (returned or given): every Choc that might be in that hand might
  now be in the new place too; and a hand that returns a Choc holds no no_return Choc.

The sampler (`sampling.py`) deals hidden Chocs to places allowed by these masks.

The state records each event as news (`BitterSweetState.learn`) and applies it to an observer's
masks only when that observer's row is next read (views, sampling, observations): a random
playout never reads them, so it never pays for them, and an RL environment that reads only the
seat to act never updates the public row. The event functions below (`seen`, `taken_face_down`,
...) are that news: each updates one observer's row, given only values fixed when the event
happened.
"""

from __future__ import annotations

from collections.abc import Iterable

HAND = 32
OUT = 40
OUT_BIT = 1 << OUT
ALL = (1 << (OUT + 1)) - 1
"""Every place bit: `ALL ^ bit` clears `bit` from a mask (a positive number: CPython's `&` is
cheaper on two positive numbers than with a negative `~bit`)."""


def hand_bit(seat: int) -> int:
    return 1 << (HAND + seat)


def fresh(cells: int, chocs: int) -> list[int]:
    """At a round's start every Choc may be in any cell or among the Empty Wrappers."""
    mask = ((1 << cells) - 1) | OUT_BIT
    return [mask] * chocs


def pin(row: list[int], choc: int, bit: int, exclusive: bool = True) -> None:
    """`choc` is known to be at `bit`; if `exclusive` (a cell) nothing else can be there."""
    if exclusive:
        keep = ALL ^ bit
        row[:] = [m & keep for m in row]
    row[choc] = bit


def taken_unseen(row: list[int], cell: int, seat: int, shown_on_take: list[bool]) -> None:
    """An observer who did not see it: the Choc in `cell` went into `seat`'s hand."""
    cb, hb = 1 << cell, hand_bit(seat)
    keep = ALL ^ cb
    row[:] = [m if not m & cb else (m & keep) if shown else ((m & keep) | hb)
              for m, shown in zip(row, shown_on_take, strict=True)]


def left_hand_unseen(row: list[int], seat: int, dest_bit: int, now_empty: bool) -> None:
    """An observer who did not see which: some Choc of `seat`'s hand went to `dest_bit`."""
    hb = hand_bit(seat)
    if now_empty:
        keep = ALL ^ hb
        row[:] = [((m | dest_bit) & keep) if m & hb else m for m in row]
    else:
        row[:] = [(m | dest_bit) if m & hb else m for m in row]


def not_in_hand(row: list[int], chocs: Iterable[int], seat: int) -> None:
    hb = ALL ^ hand_bit(seat)
    for i in chocs:
        row[i] &= hb


def hand_shown(row: list[int], hand: Iterable[int], seat: int) -> None:
    """The whole hand of `seat` is known: those Chocs are there and nothing else is."""
    hb = hand_bit(seat)
    keep = ALL ^ hb
    for i, m in enumerate(row):
        if m & hb:
            row[i] = m & keep
    for i in hand:
        row[i] = hb


# -- events: what one observer learns (`row` is the masks of observer `obs`) ------------------
# Each event is applied to each observer's row separately, when that row is next read
# (`BitterSweetState.know_row`), so an observer whose row is never read never pays for it.
def seen(row: list[int], obs: int, choc: int, bit: int, exclusive: bool = True) -> None:
    """Everyone sees `choc` at `bit` (face up, shown, put back)."""
    pin(row, choc, bit, exclusive)


def taken_shown(row: list[int], obs: int, choc: int, cell: int, seat: int) -> None:
    """A face-down Choc that is always shown when taken left `cell` for `seat`'s hand."""
    pin(row, choc, 1 << cell)
    row[choc] = hand_bit(seat)


def taken_face_down(row: list[int], obs: int, seat: int, choc: int, cell: int,
                    shown_on_take: list[bool]) -> None:
    """`seat` took the face-down Choc in `cell`: only they saw which."""
    if obs == seat:
        pin(row, choc, 1 << cell)
        row[choc] = hand_bit(seat)
    else:
        taken_unseen(row, cell, seat, shown_on_take)


def returned(row: list[int], obs: int, seat: int, choc: int, cell: int,
             blockers: frozenset[int], now_empty: bool) -> None:
    """`seat` returned `choc` face down to `cell`; the others saw a Choc of their hand go."""
    if obs == seat:
        row[choc] = 1 << cell
    else:
        not_in_hand(row, blockers, seat)
        left_hand_unseen(row, seat, 1 << cell, now_empty)


def given(row: list[int], obs: int, giver: int, to: int, choc: int, now_empty: bool) -> None:
    """`giver` gave `choc` to `to`; only those two saw which."""
    hb = hand_bit(to)
    if obs in (giver, to):
        row[choc] = hb
        if now_empty:
            not_in_hand(row, range(len(row)), giver)
            row[choc] = hb
    else:
        left_hand_unseen(row, giver, hb, now_empty)


def shown_hand(row: list[int], obs: int, hand: tuple[int, ...], seat: int) -> None:
    """`seat` showed their whole hand to everyone."""
    hand_shown(row, hand, seat)


def hand_seen(row: list[int], obs: int, observer: int, hand: tuple[int, ...], seat: int) -> None:
    """`observer` looked at `seat`'s whole hand (no one else learns what is in it)."""
    if obs == observer:
        hand_shown(row, hand, seat)


def peeked(row: list[int], obs: int, seat: int, choc: int, cell: int) -> None:
    """`seat` looked at the face-down `choc` in `cell` (no one else learns which)."""
    if obs == seat:
        pin(row, choc, 1 << cell)


def place_names(mask: int, cell_names: list[str]) -> list[str]:
    """Readable places of a mask: cells, 'P2' for a hand, 'wrappers' for the set-aside pile."""
    out = [cell_names[c] for c in range(len(cell_names)) if mask >> c & 1]
    out += [f"P{s + 1}" for s in range(8) if mask >> (HAND + s) & 1]
    if mask & OUT_BIT:
        out.append("wrappers")
    return out


def parse_places(names: list[str], cell_names: list[str]) -> int:
    index = {n: i for i, n in enumerate(cell_names)}
    mask = 0
    for n in names:
        if n == "wrappers":
            mask |= OUT_BIT
        elif n.startswith("P"):
            mask |= hand_bit(int(n[1:]) - 1)
        else:
            mask |= 1 << index[n]
    return mask
