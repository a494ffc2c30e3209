"""Bonbons (2-6 players): action table and observation encoder.

Actions (n x n grid: 6 x 6, or 5 x 5 in the quick variant; S slots per row: the deal plus one per
empty wrapper, 5 with the house box), in this order:

1. flip a square: `a1`, `b1`, ... row by row (n * n ids);
2. flip a round tile: `p0.1` ... `p0.S`, `p1.1`, ... for every seat (players * S ids);
3. cover: `cover p0.1` ... for every seat and slot (only your own are ever legal);
4. give back: `give p0.1` ... for every seat and slot (only your own are ever legal);
5. `stop`.

Generated from the game's interned action tables (`SQUARES`, `ROUNDS`, `COVERS`, `GIVES`).

A face is encoded as: one-hot candy (box order), one-hot colour, coin flag, empty-wrapper flag,
unknown flag (a tile never seen face up).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sweettooth.core import JSON, State
from sweettooth.games.bonbons.actions import (
    COVERS,
    GIVES,
    ROUNDS,
    SQUARES,
    STOP,
    Cover,
    FlipRound,
    FlipSquare,
    GiveBack,
)
from sweettooth.games.bonbons.codes import (
    AFTER_ROUND,
    AFTER_SQUARE,
    CHOOSE_COVER,
    CHOOSE_GIFT,
    COIN_RUN,
    DOWN,
    OVER,
    PHASES,
    ROUND_STATES,
    SQUARE_STATES,
    START,
)
from sweettooth.games.bonbons.components import load_box
from sweettooth.games.bonbons.state import BonbonsState

from ..spec import (
    OBS_BOUND,
    Field,
    GameSpec,
    Layout,
    Obs,
    Tracked,
    one_hot,
    remember,
    turn_hot,
)


def max_slots() -> int:
    box = load_box()
    return box.deal + box.wrappers


def action_objects(players: int, size: int) -> list[Any]:
    """The action of each id (the engine's interned actions), in the order above."""
    slots = max_slots()
    out: list[Any] = list(SQUARES[size])
    for table in (ROUNDS, COVERS, GIVES):
        out += [table[s][k] for s in range(players) for k in range(slots)]
    out.append(STOP)
    return out


def action_notations(players: int, size: int) -> tuple[str, ...]:
    return tuple(str(a) for a in action_objects(players, size))


def build(players: int, options: dict[str, Any], sample: JSON) -> GameSpec:
    box = load_box()
    size = len(sample["grid"])
    slots = max_slots()
    candies, colours = box.candies, box.colours
    face_len = len(candies) + len(colours) + 3
    unknown = face_len - 1
    face_hot: dict[str, list[int]] = {"coin": [face_len - 3], "empty wrapper": [face_len - 2]}
    for ci, candy in enumerate(candies):
        for ki, colour in enumerate(colours):
            face_hot[f"{colour} {candy}"] = [ci, len(candies) + ki]
    sq_len = len(SQUARE_STATES) + face_len
    rd_len = 1 + len(ROUND_STATES) + face_len
    face_doc = (
        f"face: one-hot candy ({', '.join(candies)}), one-hot colour ({', '.join(colours)}), "
        "coin, empty wrapper, unknown"
    )
    layout = Layout([
        Field("seat", players, "one-hot: the observing seat"),
        Field("my_turn", 1, "1 when the observing seat is to move"),
        Field("to_move", players, "one-hot: the seat to move (all 0 when the game is over)"),
        Field("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}"),
        Field("grid", size * size * sq_len,
              f"per square (a1, b1, ... row by row): one-hot state ({', '.join(SQUARE_STATES)}), "
              f"then its {face_doc}"),
        Field("rows", players * slots * rd_len,
              f"per seat, per slot 1..{slots}: tile present, one-hot state "
              f"({', '.join(ROUND_STATES)}), then its face as for squares"),
        Field("go_squares", size * size, "squares flipped this turn"),
        Field("go_round", players * slots, "the round tile showing this turn (seat, slot)"),
        Field("victim", players, "one-hot: the seat a theft is being repaid to"),
        Field("pile", 1, "round tiles left in the pile / 32"),
        Field("turn", 1, "turn / turn limit"),
    ])
    o = layout.offset
    sq_state = one_hot(SQUARE_STATES)
    rd_state = one_hot(ROUND_STATES)
    phase_at = one_hot(PHASES)
    names = [str(a) for a in SQUARES[size]]
    square_at = {n: i for i, n in enumerate(names)}
    tile_at = {str(ROUNDS[s][k]): s * slots + k for s in range(players) for k in range(slots)}

    def fill(view: JSON, out: Obs) -> None:
        hot = [o["phase"] + phase_at[view["phase"]], *turn_hot(view, o)]
        at = o["grid"]
        for line in view["grid"]:
            for sq in line:
                hot.append(at + sq_state[sq["state"]])
                face = sq["face"]
                base = at + len(SQUARE_STATES)
                if face is None:
                    hot.append(base + unknown)
                else:
                    hot += [base + i for i in face_hot[face]]
                at += sq_len
        for s, row in enumerate(view["rows"]):
            for k, t in enumerate(row):
                at = o["rows"] + (s * slots + k) * rd_len
                hot += [at, at + 1 + rd_state[t["state"]]]
                face = t["face"]
                base = at + 1 + len(ROUND_STATES)
                if face is None:
                    hot.append(base + unknown)
                else:
                    hot += [base + i for i in face_hot[face]]
        go = view["go"]
        hot += [o["go_squares"] + square_at[n] for n in go["squares"]]
        if go["round"] is not None:
            hot.append(o["go_round"] + tile_at[go["round"]])
        if go["victim"] is not None:
            hot.append(o["victim"] + go["victim"])
        out[hot] = 1.0
        out[o["pile"]] = view["pile"] / 32
        out[o["turn"]] = view["turn"] / max(view["turn_limit"], 1)

    # -- the fast path: `fill` of the view, kept up to date move by move ------------------------
    # Every seat gets the same view (every flip is public, BB-2), so one tracked observation
    # serves every seat; only `seat` and `my_turn` differ, set on the copy handed out.
    face_rel = [face_hot[name] for name in box.names]
    o_grid, o_rows, o_phase, o_to_move = o["grid"], o["rows"], o["phase"], o["to_move"]
    o_go_sq, o_go_round, o_victim = o["go_squares"], o["go_round"], o["victim"]
    o_pile, o_turn, o_seat, o_my_turn = o["pile"], o["turn"], o["seat"], o["my_turn"]
    square_cache: dict[tuple[int, int, int], list[int]] = {}
    tile_cache: dict[tuple[int, int, int], list[int]] = {}

    def square_hot(p: int, status: int, face: int) -> list[int]:
        """The hot indices of square `p` with this status and face (-1: never seen)."""
        at = o_grid + p * sq_len
        rel = [unknown] if face < 0 else face_rel[face]
        found = square_cache[p, status, face] = [
            at + status, *(at + len(SQUARE_STATES) + i for i in rel)]
        return found

    def tile_hot(place: int, status: int, face: int) -> list[int]:
        """The hot indices of the tile at `place` (seat * slots + slot)."""
        at = o_rows + place * rd_len
        rel = [unknown] if face < 0 else face_rel[face]
        found = tile_cache[place, status, face] = [
            at, at + 1 + status, *(at + 1 + len(ROUND_STATES) + i for i in rel)]
        return found

    def row_hot(s: BonbonsState, seat: int) -> list[int]:
        status, seen, faces = s.round_status, s.round_seen, s.round_face
        hot: list[int] = []
        for k, t in enumerate(s.rows[seat]):
            key = (seat * slots + k, status[t], faces[t] if seen[t] >= 0 else -1)
            hot += tile_cache.get(key) or tile_hot(*key)
        return hot

    def grid_hot(s: BonbonsState, p: int) -> list[int]:
        key = (p, s.square_status[p], s.square_face[p] if s.square_seen[p] >= 0 else -1)
        return square_cache.get(key) or square_hot(*key)

    def misc_hot(s: BonbonsState) -> list[int]:
        """phase, to_move and the go in progress."""
        ph = s.phase
        hot = [o_phase + ph]
        if ph != OVER:
            hot.append(o_to_move + s.mover)
        hot += [o_go_sq + p for p in s.flipped]  # squares are numbered row-major in both
        if s.rd_seat >= 0:
            hot.append(o_go_round + s.rd_seat * slots + s.rd_slot)
            if ph == CHOOSE_GIFT:
                hot.append(o_victim + s.rd_seat)
        return hot

    def track(s: BonbonsState) -> _Public:
        t = _Public()
        t.state = s
        t.bits = bytearray(layout.size)
        t.squares = [grid_hot(s, p) for p in range(size * size)]
        t.rows = [row_hot(s, seat) for seat in range(players)]
        t.misc = misc_hot(s)
        for hot in (*t.squares, *t.rows, t.misc):
            for i in hot:
                t.bits[i] = 1
        t.lens = [len(row) for row in s.rows]
        t.shown(s)
        return t

    def catch_up(t: _Public, s: BonbonsState) -> None:
        """Re-encode only what the moves since `t.ply` can have changed: the squares they
        flipped and those showing before them; the rows of the tiles they flipped, covered or
        gave back, of the tile showing before them, and of rows that drew a tile."""
        squares = set(t.flipped)
        rows = {t.rd_seat} if t.rd_seat >= 0 else set()
        for seat, action, _shown, _outcome, _end in s.events[t.ply:]:
            if isinstance(action, FlipSquare):
                squares.add(action.row * size + action.col)
            elif isinstance(action, FlipRound):
                rows.add(action.seat)
            elif isinstance(action, (Cover, GiveBack)):
                rows.add(seat)
        if s.pile != t.pile:  # a tile was drawn: rows grew
            for seat, row in enumerate(s.rows):
                if len(row) != t.lens[seat]:
                    rows.add(seat)
                    t.lens[seat] = len(row)
        bits = t.bits
        for i in t.misc:
            bits[i] = 0
        hot = t.misc = misc_hot(s)
        for p in squares:
            for i in t.squares[p]:
                bits[i] = 0
            t.squares[p] = new = grid_hot(s, p)
            hot = hot + new
        for seat in rows:
            for i in t.rows[seat]:
                bits[i] = 0
            t.rows[seat] = new = row_hot(s, seat)
            hot = hot + new
        for i in hot:
            bits[i] = 1
        t.shown(s)

    trackers: dict[int, _Public] = {}
    pile_scale = 1 / 32

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)` (tested equal), kept up to date from the moves played
        since the last call rather than rebuilt."""
        assert isinstance(state, BonbonsState)
        t = trackers.get(id(state))
        if t is None or not t.follows(state):
            t = track(state)
            remember(trackers, id(state), t)
        elif t.ply != len(state.history):
            catch_up(t, state)
        # The 0/1 fields as bytes, made float32 in one conversion; then the rest.
        out = np.frombuffer(t.bits, np.uint8).astype(np.float32)
        out[o_seat + seat] = 1.0
        if state.phase != OVER and state.mover == seat:
            out[o_my_turn] = 1.0
        out[o_pile] = min((len(state.round_face) - state.pile) * pile_scale, OBS_BOUND)
        out[o_turn] = state.turn / max(state.turn_limit, 1)
        return out

    # -- the fast mask: `BonbonsState.legal_actions` as ids, from the phase and what is face down
    table = action_objects(players, size)
    n_squares = size * size
    o_round, o_cover = n_squares, n_squares + players * slots
    o_give = o_cover + players * slots
    # A status (a small int) as a byte, then `translate`: 1 where it is face down, else 0.
    down = bytes(int(v == DOWN) for v in range(256))
    squares_phases, rounds_phases = (START, AFTER_ROUND, COIN_RUN), (START, AFTER_SQUARE)
    own_phases, stop_phases = (CHOOSE_COVER, CHOOSE_GIFT), (AFTER_SQUARE, COIN_RUN)

    def legal_mask(state: State) -> bytearray:
        assert isinstance(state, BonbonsState)
        bits = bytearray(len(table))
        ph, mover = state.phase, state.mover
        if ph in squares_phases:  # square flips
            bits[:n_squares] = bytes(state.square_status).translate(down)
        if ph in rounds_phases or ph in own_phases:
            status = state.round_status.__getitem__
            downs = [bytes(map(status, row)).translate(down) for row in state.rows]
            if ph in own_phases:  # cover or give back one of the mover's face-down tiles
                at = (o_cover if ph == CHOOSE_COVER else o_give) + mover * slots
                bits[at:at + len(downs[mover])] = downs[mover]
            elif 1 in downs[mover]:  # round flips, if the mover has one of their own face down
                for seat, row in enumerate(downs):
                    at = o_round + seat * slots
                    bits[at:at + len(row)] = row
        if ph in stop_phases:
            bits[-1] = 1  # stop
        return bits

    def action_of(state: State, i: int) -> Any:
        return table[i]

    return GameSpec(
        "bonbons", players, options, tuple(str(a) for a in table), layout, fill, observe,
        legal_mask, action_of,
    )


class _Public(Tracked):
    """Bonbons' one public observation (its 0/1 fields, without `seat` and `my_turn`, as
    bytes) and, to update it, the hot indices of each square, of each row and of the rest, and
    what was showing."""

    state: BonbonsState
    bits: bytearray
    squares: list[list[int]]
    rows: list[list[int]]
    misc: list[int]
    flipped: list[int]
    rd_seat: int
    pile: int
    lens: list[int]

    def shown(self, s: BonbonsState) -> None:
        """Note what the next update must look at, and that the state is taken in."""
        self.flipped = list(s.flipped)
        self.rd_seat = s.rd_seat
        self.pile = s.pile
        self.caught_up()
