"""Le Chocolat (2 players): action table and observation encoder.

Actions: for every rectangle of the 7 x 5 bar (the game's `ALL_RECTS` order: by top-left corner,
then size), every split of it (vertical cuts left to right, then horizontal cuts top to bottom),
then, in the same rectangle order, the claim of every rectangle of 3 tiles or fewer. 1,400 splits
+ 139 claims = 1,539 ids.

Observation: see `fields`; cells run a1, b1, ... g1, a2, ... g5 (row by row). "Sides" are the
flavours of the components in data order followed by "blank".
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from sweettooth.core import JSON, State
from sweettooth.games.lechocolat.actions import CLAIMS, SPLITS, Claim, Split
from sweettooth.games.lechocolat.bar import ALL_RECTS, CELLS, HEIGHT, WIDTH, Rect
from sweettooth.games.lechocolat.components import BLANK
from sweettooth.games.lechocolat.state import (
    CLAIM,
    OVER,
    PHASES,
    SPLIT,
    ChocolateState,
    card_json,
)

from ..spec import OBS_BOUND, Field, GameSpec, Layout, Obs, Tracked, one_hot, remember, turn_hot


def action_objects() -> list[Split | Claim]:
    """The engine's actions in id order (each rectangle's splits have consecutive ids)."""
    splits = [a for r in ALL_RECTS for a in SPLITS[r]]
    return [*splits, *(CLAIMS[r] for r in ALL_RECTS if r in CLAIMS)]


def action_notations() -> tuple[str, ...]:
    return tuple(str(a) for a in action_objects())


def mask_parts(
    table: list[Split | Claim],
) -> tuple[dict[Rect, tuple[slice, bytes]], dict[Rect, int]]:
    """For the fast mask, read from the id table: each splittable rectangle's ids as a slice
    (and its 1s as bytes), and each claimable rectangle's claim id."""
    split_ids: dict[Rect, list[int]] = {}
    claims: dict[Rect, int] = {}
    for i, a in enumerate(table):
        if type(a) is Split:
            split_ids.setdefault(a.group, []).append(i)
        else:
            claims[a.group] = i
    splits = {r: (slice(ids[0], ids[-1] + 1), b"\x01" * len(ids)) for r, ids in split_ids.items()}
    assert all(len(ids) == ids[-1] + 1 - ids[0] for ids in split_ids.values())  # consecutive
    return splits, claims


def _group_cells(name: str) -> tuple[int, int, int, int]:
    """(x, y, w, h) of a group named like 'a1:g5' or 'c3'."""
    a, _, b = name.partition(":")
    b = b or a
    x0, y0, x1, y1 = ord(a[0]) - 97, int(a[1:]) - 1, ord(b[0]) - 97, int(b[1:]) - 1
    return x0, y0, x1 - x0 + 1, y1 - y0 + 1


@cache
def _group_block(name: str, offset: int) -> tuple[list[int], list[float]]:
    """The `group` field's positions and values for the cells of one group."""
    x, y, w, h = _group_cells(name)
    at: list[int] = []
    values: list[float] = []
    for row in range(y, y + h):
        for col in range(x, x + w):
            base = offset + (row * WIDTH + col) * 3
            at += [base, base + 1, base + 2]
            values += [w * h / CELLS, w / WIDTH, h / HEIGHT]
    return at, values


def build(players: int, options: dict[str, Any], sample: JSON) -> GameSpec:
    flavours = [f["id"] for f in sample["flavours"]]
    sides = [*flavours, "blank"]
    s = len(sides)
    f = len(flavours)
    layout = Layout([
        Field("seat", 2, "one-hot: the observing seat"),
        Field("my_turn", 1, "1 when the observing seat is to move"),
        Field("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}"),
        Field("up", CELLS * s, f"per cell, one-hot of its up side ({', '.join(sides)})"),
        Field("down", CELLS * (s + 1),
              "per cell, one-hot of its down side as the seat knows it (sides as in `up`), "
              "or the last slot when unknown"),
        Field("owner", CELLS * 3,
              "per cell, one-hot: claimed by me, by the opponent, on the table"),
        Field("group", CELLS * 3,
              "per cell on the table: its group's area / 35, width / 7, height / 5 (else 0)"),
        Field("card_values", f, "scoring card: VP per tile of each flavour / 5"),
        Field("card_sets", f, "scoring card: sum of the points of the sets naming the flavour / 5"),
        Field("card_majorities", f, "scoring card: the majority bonus of the flavour / 5"),
    ])
    o = layout.offset
    side_at = one_hot(sides)
    flav_at = one_hot(flavours)
    phase_at = one_hot(PHASES)
    o_up, o_down, o_owner, o_group = o["up"], o["down"], o["owner"], o["group"]

    def fill(view: JSON, out: Obs) -> None:
        seat = view["seat"] or 0  # a spectator's view reads as seat 0's (seat one-hot, owners)
        hot = [o["phase"] + phase_at[view["phase"]], *turn_hot(view, o)]
        if view["seat"] is None:
            hot.append(o["seat"])
        for c, t in enumerate(view["tiles"]):
            hot.append(o_up + c * s + side_at[t["up"]])
            down = t["down"]
            hot.append(o_down + c * (s + 1) + (s if down is None else side_at[down]))
            owner = t["owner"]
            hot.append(o_owner + c * 3 + (2 if owner is None else 0 if owner == seat else 1))
        out[hot] = 1.0
        where: list[int] = []
        values: list[float] = []
        for name in view["groups"]:
            at, vals = _group_block(name, o_group)
            where += at
            values += vals
        out[where] = values
        fill_card(view["scoring_card"], out)

    def fill_card(card: JSON, out: Obs) -> None:
        for flavour, vp in card["values"].items():
            out[o["card_values"] + flav_at[flavour]] = vp / 5
        for bonus in card["sets"]:
            for flavour in bonus["flavours"]:
                out[o["card_sets"] + flav_at[flavour]] += bonus["points"] / 5
        for bonus in card["majorities"]:
            out[o["card_majorities"] + flav_at[bonus["flavour"]]] += bonus["points"] / 5

    # -- the fast path: `fill` of the view, kept up to date move by move ----------------------
    # Side ints are 0 (blank) and 1.. (the flavours in data order); the fields list the
    # flavours first and "blank" last.
    def side_index(side: int) -> int:
        return side - 1 if side else f

    o_phase, o_my_turn, o_seat = o["phase"], o["my_turn"], o["seat"]
    start = np.zeros(layout.size, np.float32)  # every cell on the table, every down side unknown
    start[[o_down + c * (s + 1) + s for c in range(CELLS)]] = 1.0
    start[[o_owner + c * 3 + 2 for c in range(CELLS)]] = 1.0
    cells = np.arange(CELLS)
    side_lut = np.array([side_index(k) for k in range(f + 1)], np.intp)
    card_parts: dict[int, tuple[Any, Any, Any]] = {}

    def card_part(state: ChocolateState) -> tuple[Any, Any]:
        """Where the scoring card's values go, and what they are (one card per deal)."""
        card = state.card
        found = card_parts.get(id(card))  # by identity: hashing a card hashes all its fields
        if found is None or found[0] is not card:
            tmp = np.zeros(layout.size, np.float32)
            fill_card(card_json(card, state.comps), tmp)
            np.clip(tmp, -OBS_BOUND, OBS_BOUND, out=tmp)
            at = np.flatnonzero(tmp)
            found = card_parts[id(card)] = (card, at, tmp[at])  # holds the card: ids stay its
        return found[1], found[2]

    deals: dict[int, tuple[Any, Any, Any, Obs, Any]] = {}

    def deal(state: ChocolateState) -> tuple[Obs, Any]:
        """What a deal fixes, shared by both seats and by copies of the state (they share the
        never-mutated `up`, `down` and card): the start of the observation with the up sides and
        the scoring card, and where each cell's down side goes once a seat knows it."""
        up, down, card = state.up, state.down, state.card
        found = deals.get(id(up))
        if found is None or found[0] is not up or found[1] is not down or found[2] is not card:
            out = start.copy()
            out[o_up + cells * s + side_lut[np.array(up)]] = 1.0
            at, values = card_part(state)
            out[at] = values
            down_at = o_down + cells * (s + 1) + side_lut[np.array(down)]
            found = (up, down, card, out, down_at)  # holds `up`: its id stays its own
            remember(deals, id(up), found)
        return found[3], found[4]

    def track(state: ChocolateState, seat: int) -> _Seat:
        """The seat's observation (without phase and my_turn) built from the state."""
        base, down_at = deal(state)
        out = base.copy()
        out[o_seat + seat] = 1.0
        t = _Seat()
        t.state, t.seat, t.out = state, seat, out
        t.down_at = down_at
        for p in (0, 1):
            for r in state.claimed[p]:
                claim(t, r, p)
        for r in state.groups:
            at, values = _rect_arrays(r, o_group)
            out[at] = values
        t.caught_up()
        return t

    claim_parts: dict[tuple[Rect, bool], tuple[Any, Any, Any]] = {}

    def claim_part(r: Rect, mine: bool) -> tuple[Any, Any, Any]:
        part = claim_parts.get((r, mine))
        if part is None:
            part = claim_parts[r, mine] = _claim_part(r, mine, o_owner, o_down, o_group, s)
        return part

    def claim(t: _Seat, r: Rect, claimer: int) -> None:
        """Group `r` leaves the table for `claimer`: its owner flags, its group block cleared,
        and for the seat's own claims the down sides."""
        mine = claimer == t.seat
        at, values, its_cells = claim_part(r, mine)
        out = t.out
        out[at] = values
        if mine:
            out[t.down_at[its_cells]] = 1.0

    move_parts: dict[Any, tuple[Any, ...]] = {}

    def move_part(action: Any) -> tuple[Any, ...]:
        """What a move changes in every seat's observation. A split: (positions, values); its
        halves cover the split group's cells exactly, so their blocks overwrite it. A claim:
        the claimer's (positions, values), the other seat's, and the claimed cells."""
        if len(move_parts) > 20_000:  # (a bar has some 3,000 splits and claims)
            move_parts.clear()
        if type(action) is Split:
            a, b = (_rect_block(h, o_group) for h in action.halves())
            part: tuple[Any, ...] = (np.array(a[0] + b[0]), np.array(a[1] + b[1], np.float32))
        else:
            mine = claim_part(action.group, True)
            other = claim_part(action.group, False)
            part = (mine[0], mine[1], other[0], other[1], mine[2])
        move_parts[action] = part
        return part

    def catch_up(t: _Seat, state: ChocolateState) -> None:
        """Take in the moves played since the tracker's last one (one or a few: inlined)."""
        out, seat = t.out, t.seat
        history, movers = state.history, state.movers
        for k in range(t.ply, len(history)):
            action = history[k]
            part = move_parts.get(action) or move_part(action)
            if len(part) == 2:  # a split
                out[part[0]] = part[1]
            elif movers[k] == seat:  # my claim: its down sides are mine to know
                out[part[0]] = part[1]
                out[t.down_at[part[4]]] = 1.0
            else:
                out[part[2]] = part[3]
        t.ply = len(history)
        t.last = history[-1]

    trackers: dict[tuple[int, int], _Seat] = {}
    latest: list[_Seat | None] = [None, None]

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)`, straight from what that view shows (the public bar
        and groups, the down sides of the seat's own claims), kept up to date from the moves
        played since the last call (tested equal)."""
        assert isinstance(state, ChocolateState)
        t = latest[seat]  # an env observes one state: its trackers are the latest ones
        if t is None or t.state is not state:
            key = (id(state), seat)
            t = trackers.get(key)
            if t is None or not t.follows(state):
                t = track(state, seat)
                remember(trackers, key, t)
            latest[seat] = t
        history = state.history
        ply = t.ply
        if ply != len(history):
            if ply > len(history) or (ply and history[ply - 1] is not t.last):
                t = track(state, seat)  # not the moves it took in: start again
                remember(trackers, (id(state), seat), t)
                latest[seat] = t
            else:
                catch_up(t, state)
        out = t.out.copy()
        phase = state.phase
        out[o_phase + phase] = 1.0
        if phase == OVER:
            # The end: blank up sides turn over for everyone (rulebook, End of Game 1).
            up, down, owner = state.up, state.down, state.owner
            shown = [c for c in range(CELLS) if up[c] == BLANK and owner[c] not in (-1, seat)]
            out[[o_down + c * (s + 1) + s for c in shown]] = 0.0
            out[[o_down + c * (s + 1) + side_index(down[c]) for c in shown]] = 1.0
        elif state.mover == seat:
            out[o_my_turn] = 1.0
        return out

    # -- the fast mask: `_generate`'s legal actions as ids, group by group ---------------------
    table = action_objects()
    split_ids, claim_ids = mask_parts(table)
    n = len(table)

    def legal_mask(state: State) -> bytearray:
        assert isinstance(state, ChocolateState)
        bits = bytearray(n)
        phase = state.phase
        if phase == SPLIT:
            for g in state.groups:
                part = split_ids.get(g)  # (single tiles have no splits)
                if part is not None:
                    bits[part[0]] = part[1]
        elif phase == CLAIM:
            for g in state.groups:
                i = claim_ids.get(g)  # (groups of more than CLAIM_LIMIT tiles have no claim)
                if i is not None:
                    bits[i] = 1
        return bits

    def action_of(state: State, i: int) -> Split | Claim:
        return table[i]

    return GameSpec("lechocolat", players, options, tuple(str(a) for a in table), layout, fill,
                    observe, legal_mask, action_of)


class _Seat(Tracked):
    """One seat's observation of one state, without `phase` and `my_turn`."""

    state: ChocolateState
    seat: int
    out: Obs
    down_at: Any


def _claim_part(
    r: Rect, mine: bool, o_owner: int, o_down: int, o_group: int, s: int
) -> tuple[Any, Any, Any]:
    """A claim of `r`: the positions it changes and their new values (0: on the table, its
    group block, for my own claims the down side unknown; 1: owned by me, or by the
    opponent), and its cells."""
    cells = r.cells()
    zero = [o_owner + c * 3 + 2 for c in cells] + [o_group + c * 3 + k for c in cells
                                                   for k in range(3)]
    if mine:
        zero += [o_down + c * (s + 1) + s for c in cells]
    one = [o_owner + c * 3 + (0 if mine else 1) for c in cells]
    values = np.array([0.0] * len(zero) + [1.0] * len(one), np.float32)
    return np.array(zero + one, np.intp), values, np.array(cells, np.intp)


@cache
def _rect_block(r: Rect, offset: int) -> tuple[list[int], list[float]]:
    return _group_block(str(r), offset)


@cache
def _rect_arrays(r: Rect, offset: int) -> tuple[Any, Any]:
    at, values = _rect_block(r, offset)
    return np.array(at, np.intp), np.array(values, np.float32)
