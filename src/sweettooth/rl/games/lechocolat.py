"""Le Chocolat (2 players): action table and observation encoder.

Actions: for every rectangle of the 7 x 5 bar (the game's `ALL_RECTS` order: by top-left corner,
then size), every split of it (vertical cuts left to right, then horizontal cuts top to bottom),
then, in the same rectangle order, the claim of every rectangle of 3 tiles or fewer. 1,400 splits
+ 139 claims = 1,539 ids.

Observation: see `fields`; cells run a1, b1, ... g1, a2, ... g5 (row by row). "Sides" are the
flavours of the components in data order followed by "blank".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from sweettooth.core import JSON, State
from sweettooth.games.lechocolat.actions import CLAIMS, SPLITS
from sweettooth.games.lechocolat.bar import ALL_RECTS, CELLS, HEIGHT, WIDTH, Rect
from sweettooth.games.lechocolat.state import OVER, PHASES, ChocolateState, card_json

from ..spec import Field, GameSpec, Layout, Obs, one_hot, turn_hot


def action_notations() -> tuple[str, ...]:
    splits = [str(a) for r in ALL_RECTS for a in SPLITS[r]]
    claims = [str(CLAIMS[r]) for r in ALL_RECTS if r in CLAIMS]
    return tuple(splits + claims)


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

    def template(state: ChocolateState, seat: int) -> _Template:
        """What stays put for one deal and seat: the seat, the up sides, the scoring card, every
        down side unknown and every cell on the table; and, per group, the positions a claim
        changes (down sides only for the claimer's own groups)."""
        out = np.zeros(layout.size, np.float32)
        side = state.comps.side_id
        hot = [o["seat"] + seat]
        for c in range(CELLS):
            hot += [o_up + c * s + side_at[side(state.up[c])], o_down + c * (s + 1) + s,
                    o_owner + c * 3 + 2]
        out[hot] = 1.0
        card = card_json(state.card, state.comps)
        fill_card(card, out)
        return _Template(state.up, state.down, state.card, out, {})

    def mine(t: _Template, state: ChocolateState, r: Rect) -> tuple[list[int], list[int]]:
        """A group the seat claimed: its owner flags and its down sides (known to the seat)."""
        side = state.comps.side_id
        cells = r.cells()
        known = [o_down + c * (s + 1) + side_at[side(state.down[c])] for c in cells]
        t.mine[r] = found = ([o_owner + c * 3 for c in cells] + known, _cleared(r, o, s))
        return found

    def fill_card(card: JSON, out: Obs) -> None:
        for flavour, vp in card["values"].items():
            out[o["card_values"] + flav_at[flavour]] = vp / 5
        for bonus in card["sets"]:
            for flavour in bonus["flavours"]:
                out[o["card_sets"] + flav_at[flavour]] += bonus["points"] / 5
        for bonus in card["majorities"]:
            out[o["card_majorities"] + flav_at[bonus["flavour"]]] += bonus["points"] / 5

    templates: dict[int, _Template] = {}
    o_phase, o_my_turn = o["phase"], o["my_turn"]

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)`, straight from what that view shows: the public bar and
        groups, and the down sides of the seat's own claims (tested equal)."""
        assert isinstance(state, ChocolateState)
        if state.phase == OVER:  # blank up sides turn over: the view's path (once a game)
            return spec.encode(state.view(seat))
        t = templates.get(seat)
        if t is None or not (t.up is state.up and t.down is state.down and t.card is state.card):
            t = templates[seat] = template(state, seat)
        out = t.out.copy()
        hot = [o_phase + state.phase]
        if state.mover == seat:
            hot.append(o_my_turn)
        zero: list[int] = []
        for r in state.claimed[seat]:
            one, nil = t.mine.get(r) or mine(t, state, r)
            hot += one
            zero += nil
        for r in state.claimed[1 - seat]:
            one, nil = _theirs(r, o_owner)
            hot += one
            zero += nil
        where: list[int] = []
        values: list[float] = []
        for r in state.groups:
            at, vals = _rect_block(r, o_group)
            where += at
            values += vals
        out[zero] = 0.0
        out[hot] = 1.0
        out[where] = values
        return out

    spec = GameSpec("lechocolat", players, options, action_notations(), layout, fill, observe)
    return spec


@dataclass
class _Template:
    up: Any
    down: Any
    card: Any
    out: Obs
    mine: dict[Rect, tuple[list[int], list[int]]]


def _cleared(r: Rect, o: dict[str, int], s: int) -> list[int]:
    """The default flags a claim clears: on the table, down side unknown."""
    return [o["owner"] + c * 3 + 2 for c in r.cells()] + [
        o["down"] + c * (s + 1) + s for c in r.cells()]


@cache
def _theirs(r: Rect, o_owner: int) -> tuple[list[int], list[int]]:
    """A group the opponent claimed: owned by them, no longer on the table."""
    return [o_owner + c * 3 + 1 for c in r.cells()], [o_owner + c * 3 + 2 for c in r.cells()]


@cache
def _rect_block(r: Rect, offset: int) -> tuple[list[int], list[float]]:
    return _group_block(str(r), offset)
