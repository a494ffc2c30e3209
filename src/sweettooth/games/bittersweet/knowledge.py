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

An observer's masks are kept packed in one integer, a "row": Choc i's mask is its lane, bits
LANE * i to LANE * i + OUT. An event is then a few operations on whole rows, whatever the number
of Chocs: "nothing else is in this cell" clears that bit in every lane at once (`Lanes.keep`),
"what might have been in this cell is now in P1's hand" moves that bit of every lane to P1's hand
bit with one shift. `Lanes.unpack` gives the masks as a list, `Lanes.pack` the row of a list.

The state records each event as news (`BitterSweetState.learn`) and applies it to an observer's
row only when that row is next read (views, sampling, observations): a random playout never reads
them, so it never pays for them, and an RL environment that reads only the seat to act never
updates the public row. The event functions below (`seen`, `taken_face_down`, ...) are that news:
each returns one observer's row updated, given only values fixed when the event happened.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from struct import Struct

HAND = 32
OUT = 40
OUT_BIT = 1 << OUT
LANE = 64
"""Bits per Choc in a packed row (OUT < LANE: a mask never reaches the next Choc's lane)."""


def hand_bit(seat: int) -> int:
    return 1 << (HAND + seat)


def fresh(cells: int, chocs: int) -> list[int]:
    """At a round's start every Choc may be in any cell or among the Empty Wrappers."""
    mask = ((1 << cells) - 1) | OUT_BIT
    return [mask] * chocs


class Lanes:
    """The constants of packed rows for one set of Chocs (`chocs` lanes): each place's bit in
    every lane (`rep`), every lane but that bit (`keep`), every lane but one Choc's (`clear`),
    and the lanes of the Chocs not shown when taken face down (`not_shown`) and of those that
    forbid returning (`blockers`)."""

    def __init__(self, chocs: int, shown_on_take: Sequence[bool],
                 blockers: Iterable[int]) -> None:
        lane = (1 << LANE) - 1
        self.chocs = chocs
        self.full = sum(lane << (LANE * i) for i in range(chocs))
        self.rep = [sum(1 << (b + LANE * i) for i in range(chocs)) for b in range(OUT + 1)]
        self.keep = [self.full ^ r for r in self.rep]
        self.clear = [self.full ^ (lane << (LANE * i)) for i in range(chocs)]
        self.not_shown = self.full ^ sum(
            lane << (LANE * i) for i, shown in enumerate(shown_on_take) if shown)
        self.blockers = sum(lane << (LANE * i) for i in blockers)
        self._struct = Struct(f"<{chocs}Q")

    def pack(self, masks: Sequence[int]) -> int:
        """The row of these masks (one per Choc)."""
        return int.from_bytes(self._struct.pack(*masks), "little")

    def unpack(self, row: int) -> list[int]:
        """The masks of a row, one per Choc."""
        return list(self._struct.unpack(row.to_bytes(self._struct.size, "little")))


def _pin(row: int, lanes: Lanes, choc: int, b: int, exclusive: bool = True) -> int:
    """`choc` is known to be at place bit `b`; if `exclusive` (a cell) nothing else is there."""
    if exclusive:
        row &= lanes.keep[b]
    return row & lanes.clear[choc] | 1 << (b + LANE * choc)


def _left_hand_unseen(row: int, lanes: Lanes, seat: int, dest: int, now_empty: bool) -> int:
    """An observer who did not see which: some Choc of `seat`'s hand went to place bit `dest`
    (every Choc that might be in that hand might now be there; none is left if `now_empty`)."""
    h = HAND + seat
    t = row & lanes.rep[h]
    row |= t << (dest - h) if dest > h else t >> (h - dest)
    return row ^ t if now_empty else row


def _hand_shown(row: int, lanes: Lanes, hand: Iterable[int], seat: int) -> int:
    """The whole hand of `seat` is known: those Chocs are there and nothing else is."""
    h = HAND + seat
    row &= lanes.keep[h]
    for i in hand:
        row = row & lanes.clear[i] | 1 << (h + LANE * i)
    return row


# -- events: what one observer learns (`row` is the packed masks of observer `obs`) -----------
# Each event is applied to each observer's row separately, when that row is next read
# (`BitterSweetState.know_row`), so an observer whose row is never read never pays for it.
def seen(row: int, obs: int, lanes: Lanes, choc: int, bit: int, exclusive: bool = True) -> int:
    """Everyone sees `choc` at `bit` (face up, shown, put back)."""
    return _pin(row, lanes, choc, bit.bit_length() - 1, exclusive)


def taken_shown(row: int, obs: int, lanes: Lanes, choc: int, cell: int, seat: int) -> int:
    """A face-down Choc that is always shown when taken left `cell` for `seat`'s hand."""
    return _pin(row, lanes, choc, cell) & lanes.clear[choc] | 1 << (HAND + seat + LANE * choc)


def taken_face_down(row: int, obs: int, lanes: Lanes, seat: int, choc: int, cell: int) -> int:
    """`seat` took the face-down Choc in `cell`: only they saw which. The others: whatever might
    have been there is now in `seat`'s hand, but for the Chocs always shown when so taken."""
    if obs == seat:
        return taken_shown(row, obs, lanes, choc, cell, seat)
    t = row & lanes.rep[cell]
    return row ^ t | (t & lanes.not_shown) << (HAND + seat - cell)


def returned(row: int, obs: int, lanes: Lanes, seat: int, choc: int, cell: int,
             now_empty: bool) -> int:
    """`seat` returned `choc` face down to `cell`; the others saw a Choc of their hand go (and
    know the hand holds no Choc that forbids returning)."""
    if obs == seat:
        return row & lanes.clear[choc] | 1 << (cell + LANE * choc)
    row &= lanes.full ^ (lanes.rep[HAND + seat] & lanes.blockers)
    return _left_hand_unseen(row, lanes, seat, cell, now_empty)


def given(row: int, obs: int, lanes: Lanes, giver: int, to: int, choc: int,
          now_empty: bool) -> int:
    """`giver` gave `choc` to `to`; only those two saw which."""
    if obs in (giver, to):
        if now_empty:
            row &= lanes.keep[HAND + giver]
        return row & lanes.clear[choc] | 1 << (HAND + to + LANE * choc)
    return _left_hand_unseen(row, lanes, giver, HAND + to, now_empty)


def shown_hand(row: int, obs: int, lanes: Lanes, hand: tuple[int, ...], seat: int) -> int:
    """`seat` showed their whole hand to everyone."""
    return _hand_shown(row, lanes, hand, seat)


def hand_seen(row: int, obs: int, lanes: Lanes, observer: int, hand: tuple[int, ...],
              seat: int) -> int:
    """`observer` looked at `seat`'s whole hand (no one else learns what is in it)."""
    return _hand_shown(row, lanes, hand, seat) if obs == observer else row


def peeked(row: int, obs: int, lanes: Lanes, seat: int, choc: int, cell: int) -> int:
    """`seat` looked at the face-down `choc` in `cell` (no one else learns which)."""
    return _pin(row, lanes, choc, cell) if obs == seat else row


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
