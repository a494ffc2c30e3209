"""BitterSweet (2-4 players): action table and observation encoder.

Actions (cells a1, b1, ... row by row: 5, 6 or 7 columns of 4 rows for 2, 3 or 4 players;
Chocs in the components' data order, 45 with the house set), in this order:

1. `take <cell>` for every cell, then `reveal <cell>` for every cell (the game's own tables);
2. `return <choc> <cell>` for every Choc, for every cell;
3. `pick <cell>` for every cell;
4. `give <choc> to Pk` for every Choc, for every seat;
5. `choose Pk` for every seat; `resolve <choc>` for every Choc.

Options `chocs_file` / `preferences_file` change the Chocs and preference cards, so the table
and the observation's length follow them.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import chain, compress
from operator import gt, not_
from typing import Any

import numpy as np

from sweettooth.core import JSON, Action, State
from sweettooth.games.bittersweet import knowledge as kn
from sweettooth.games.bittersweet.actions import Choose, Give, Pick, Resolve, cell_name
from sweettooth.games.bittersweet.components import Components, load_components
from sweettooth.games.bittersweet.state import ROWS, ActionTable, BitterSweetState, action_table

from ..spec import OBS_BOUND, Field, GameSpec, Layout, Obs, one_hot, turn_hot

FACES = ("down", "up", "empty")
TASK_KINDS = ("ability", "reveal", "peek", "return", "give", "demand", "surrender",
              "peek_preference", "peek_hand", "draw_from", "trade", "place")
"""The kinds of pending decisions (effects.Task.kind; the last four come from the revised
cards); an unknown kind sets no bit (tests/rl check that every kind the engine makes is here)."""


ROUND_TURNS = 30
"""Turns per round that the observation scales by when no legacy turn limit is set: a long
round of the printed game (99% of random 2-player rounds are shorter)."""


def turn_scale(turn_limit: int) -> int:
    """What a round's turn count is divided by in the observation: the legacy cut if set."""
    return turn_limit if turn_limit > 0 else ROUND_TURNS


def components(options: dict[str, Any]) -> Components:
    """The Chocs and Preference cards these options play with."""
    return load_components(str(options["chocs_file"]), str(options["preferences_file"]),
                           str(options.get("cards", "original")))


def action_notations(players: int, cols: int, options: dict[str, Any]) -> tuple[str, ...]:
    comps = components(options)
    table = action_table(comps, cols)
    cells = [cell_name(c, cols) for c in range(cols * ROWS)]
    out: list[object] = [*table.takes, *table.reveals]
    out += [a for per_choc in table.returns for a in per_choc]
    out += [Pick(c, n) for c, n in enumerate(cells)]
    out += [Give(x.index, s, x.id) for x in comps.chocs for s in range(players)]
    out += [Choose(s) for s in range(players)]
    out += [Resolve(x.index, x.id) for x in comps.chocs]
    return tuple(str(a) for a in out)


def _floats(size: int, ones: list[int]) -> bytes:
    """`size` float32 values, 1.0 at `ones` and 0.0 elsewhere, as bytes."""
    values = array("f", bytes(4 * size))
    for i in ones:
        values[i] = 1.0
    return values.tobytes()


class _WhereBlocks(dict[int, bytes]):
    """Place mask -> its whereabouts block (float32 bytes) for one seat: `blocks[key]`, the key
    being the mask's hand and wrapper bits, then how many cells it has (< 2**15), or key 0 (zeros)
    for the seat's own hand (the view leaves those Chocs out). Filled as masks are met (a row
    holds few distinct masks); cleared if it grows past a size that stays in the CPU's caches."""

    def __init__(self, blocks: list[bytes], all_cells: int, own: int) -> None:
        super().__init__()
        self.blocks, self.all_cells, self.own = blocks, all_cells, own

    def __missing__(self, m: int) -> bytes:
        if len(self) > 4_000:
            self.clear()
        key = 0 if m == self.own else m >> kn.HAND << 6 | (m & self.all_cells).bit_count()
        block = self[m] = self.blocks[key]
        return block


class _Memo(dict[tuple[int, ...], bytes]):
    """Values (tuples of small ints) -> their float32 block (bytes), made by `make` when first
    met; cleared if it grows past a size that stays in the CPU's caches (few keys recur)."""

    def __init__(self, make: Callable[[tuple[int, ...]], bytes]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: tuple[int, ...]) -> bytes:
        if len(self) > 4_000:
            self.clear()
        block = self[key] = self.make(key)
        return block


class _Tables:
    """What the fast path needs of one set of components, read from its tables (ids and
    attributes), so either card set (and a user's files) maps right: the field positions of its
    Chocs and Preference cards, each cell's block for each Choc face up or known face down, and
    (None when in the spec's order) which of its Chocs fills each whereabouts row."""

    def __init__(self, comps: Components, choc_at: dict[str, int],
                 attr_at: dict[str, int], seat_starts: Sequence[int]) -> None:
        self.comps = comps
        self.choc_pos = [choc_at[x.id] for x in comps.chocs]
        self.attr_pos = [attr_at[p.attribute] for p in comps.preferences]
        na = len(attr_at)
        # per seat, where each card sets its discards, YUM! and YUCK! bits, each Choc its hand bit
        self.seat_at = [(*([at + 5 + k * na + i for i in self.attr_pos] for k in range(3)),
                         [at + 5 + 3 * na + i for i in self.choc_pos]) for at in seat_starts]
        nc = len(choc_at)
        per_cell = len(FACES) + nc
        self.up_cell = [_floats(per_cell, [1, len(FACES) + i]) for i in self.choc_pos]
        self.known_cell = [_floats(per_cell, [0, len(FACES) + i]) for i in self.choc_pos]
        self.order: list[int] | None = None
        if self.choc_pos != list(range(nc)):
            self.order = [len(self.choc_pos)] * nc  # past the Chocs: a block of zeros
            for x, i in enumerate(self.choc_pos):
                self.order[i] = x


def build(players: int, options: dict[str, Any], sample: JSON) -> GameSpec:
    comps = components(options)
    chocs = [x.id for x in comps.chocs]
    attrs = sorted({p.attribute for p in comps.preferences})
    cols = int(sample["cols"])
    cells = [cell_name(c, cols) for c in range(cols * ROWS)]
    nc, na, ncell = len(chocs), len(attrs), len(cells)
    per_cell = len(FACES) + nc
    per_seat = 5 + 3 * na + nc
    places = 2 + players  # the box, each seat's hand, the wrappers
    layout = Layout([
        Field("seat", players, "one-hot: the observing seat"),
        Field("my_turn", 1, "1 when the observing seat is to decide"),
        Field("to_move", players, "one-hot: the seat that must decide"),
        Field("current", players, "one-hot: whose turn it is"),
        Field("start_player", players, "one-hot: the round's start player"),
        Field("counters", 6,
              "round / 5, actions left / 2, extra actions / 2, turns / turn limit, Chocs in the "
              "stack / 45, my preference deck / 12"),
        Field("box", ncell * per_cell,
              f"per cell: one-hot face ({', '.join(FACES)}), one-hot of the Choc when known "
              "(face up, or face down and known to me)"),
        Field("seats", players * per_seat,
              "per seat: hand size / 5, wrappers / 5, round wins / 2, YUM! cards / 3, YUCK! "
              f"cards / 3; multi-hot over preference attributes ({', '.join(attrs)}) of its "
              "discards, of its YUM! and of its YUCK! cards known to me (all mine for my seat); "
              "multi-hot over Chocs known in its hand (my whole hand for my seat)"),
        Field("whereabouts", nc * places,
              "per Choc not placed exactly: may it be in the box, in each seat's hand, in the "
              "wrappers (1 / number of places it may be in, else 0)"),
        Field("tasks", 1 + len(TASK_KINDS) + players + nc,
              "pending decisions / 5; for the one being decided now (the last): one-hot kind "
              f"({', '.join(TASK_KINDS)}), one-hot seat deciding, one-hot Choc it comes from"),
        Field("pending", nc, "multi-hot: On Reveal abilities waiting to resolve"),
    ])
    o = layout.offset
    choc_at = one_hot(chocs)
    attr_at = one_hot(attrs)
    cell_at = one_hot(cells)
    face_at = one_hot(FACES)
    kind_at = one_hot(TASK_KINDS)

    def fill(view: JSON, out: Obs) -> None:
        hot = [o["current"] + view["current"], o["start_player"] + view["start_player"],
               *turn_hot(view, o)]
        at = o["box"]
        for cell in view["box"]:
            hot.append(at + face_at[cell["face"]])
            if cell["choc"] is not None:
                hot.append(at + len(FACES) + choc_at[cell["choc"]])
            at += per_cell
        deck = 0
        for entry in view["seats"]:
            s = entry["seat"]
            at = o["seats"] + s * per_seat
            out[at:at + 5] = (
                entry["hand_size"] / 5, entry["wrappers"] / 5, entry["round_wins"] / 2,
                entry["yum_cards"] / 3, entry["yuck_cards"] / 3,
            )
            base = at + 5
            hot += [base + attr_at[a] for a in entry["discards"]]
            hot += [base + na + attr_at[a] for a in entry.get("yum", entry.get("known_yum", []))]
            hot += [base + 2 * na + attr_at[a]
                    for a in entry.get("yuck", entry.get("known_yuck", []))]
            hot += [base + 3 * na + choc_at[x]
                    for x in entry.get("hand", entry.get("known_hand", []))]
            deck = entry.get("deck", deck)
        for group in view["whereabouts"]:
            names = group["places"]
            slots = set()
            for name in names:
                if name == "wrappers":
                    slots.add(places - 1)
                elif name in cell_at:
                    slots.add(0)
                else:
                    slots.add(1 + int(name[1:]) - 1)
            weight = 1 / len(names) if names else 0.0
            for x in group["chocs"]:
                base = o["whereabouts"] + choc_at[x] * places
                for slot in slots:
                    out[base + slot] = weight
        tasks = view["tasks"]
        if tasks:
            first = tasks[-1]  # the decision asked now (abilities push their steps on top)
            at = o["tasks"]
            out[at] = len(tasks) / 5
            if first["kind"] in kind_at:
                hot.append(at + 1 + kind_at[first["kind"]])
            hot.append(at + 1 + len(TASK_KINDS) + first["who"])
            hot.append(at + 1 + len(TASK_KINDS) + players + choc_at[first["choc"]])
        hot += [o["pending"] + choc_at[x] for x in view["pending"]]
        out[hot] = 1.0
        at = o["counters"]
        out[at:at + 6] = (
            view["round"] / 5, view["actions_left"] / 2, view["extra_actions"] / 2,
            view["turns"] / turn_scale(view["turn_limit"]), view["stack"] / 45, deck / 12,
        )

    # -- the fast path: `fill` of `build_view(state, seat)` without the JSON view ----------------
    # The box and the whereabouts are most of the observation: they are put together from
    # ready-made float32 blocks (bytes) in one join; the few other values are then set one by one.
    o_seat, o_my_turn, o_to_move = o["seat"], o["my_turn"], o["to_move"]
    o_current, o_start, o_counters = o["current"], o["start_player"], o["counters"]
    o_box, o_seats, o_where, o_tasks = o["box"], o["seats"], o["whereabouts"], o["tasks"]
    o_pending = o["pending"]
    o_kind, o_who, o_src = o_tasks + 1, o_tasks + 1 + len(TASK_KINDS), o_tasks + 1 + len(
        TASK_KINDS) + players
    o_where_end = o_where + nc * places
    assert o_box + ncell * per_cell == o_seats and o_seats + players * per_seat == o_where
    tables: dict[int, _Tables] = {}

    def table_of(state: BitterSweetState) -> _Tables:
        comps = state.comps
        found = tables.get(id(comps))
        if found is None or found.comps is not comps:
            found = tables[id(comps)] = _Tables(comps, choc_at, attr_at, seat_starts)
        return found

    # A Choc's whereabouts block depends only on its mask's hand and wrapper bits and on how
    # many cells it has: its key (< 2**15, see `_WhereBlocks`) indexes a table of every such
    # block (as bytes, each shared by all the masks with that key). Key 0 (no place) is zeros.
    hi = np.arange(1 << (kn.OUT - kn.HAND + 1 + 6)) >> 6
    in_cells = np.arange(len(hi)) & 63
    in_hands = (hi[:, None] >> np.arange(players)) & 1
    in_out = hi >> (kn.OUT - kn.HAND) & 1
    count = in_cells + in_hands.sum(axis=1) + in_out
    weight = np.divide(1.0, count, out=np.zeros(len(hi)), where=count > 0)
    blocks = np.zeros((len(hi), places), np.float32)
    blocks[:, 0] = (in_cells > 0) * weight
    blocks[:, 1:1 + players] = in_hands * weight[:, None]
    blocks[:, places - 1] = in_out * weight
    all_cells = (1 << ncell) - 1
    raw, step = blocks.tobytes(), 4 * places
    block_bytes = [raw[i:i + step] for i in range(0, len(raw), step)]
    block_of = [_WhereBlocks(block_bytes, all_cells, kn.hand_bit(s)) for s in range(players)]
    nowhere = bytes(4 * places)

    def make_head(key: tuple[int, ...]) -> bytes:
        """The fields before the box: the seats one-hot, the counters."""
        seat, mover, current, starter, *counts = key
        values = array("f", bytes(4 * o_box))
        values[o_seat + seat] = values[o_current + current] = values[o_start + starter] = 1.0
        if mover >= 0:
            values[o_to_move + mover] = 1.0
            if mover == seat:
                values[o_my_turn] = 1.0
        round_no, actions_left, extras, turns, turn_limit, stack, deck_size = counts
        for i, v in enumerate((round_no / 5, actions_left / 2, extras / 2,
                               turns / turn_scale(turn_limit), stack / 45, deck_size / 12),
                              o_counters):
            values[i] = v if v < bound else bound
        return values.tobytes()

    def make_seat(key: tuple[int, ...]) -> bytes:
        """A seat's block but its multi-hots: hand size, wrappers, round wins, YUM! and YUCK!
        cards (hands of 41+ Chocs or 25+ cards would pass the bound: bounded as the clip does)."""
        values = array("f", bytes(4 * per_seat))
        for i, (v, scale) in enumerate(zip(key, (5, 5, 2, 3, 3), strict=True)):
            values[i] = v / scale if v / scale < bound else bound
        return values.tobytes()

    heads = _Memo(make_head)
    seat_blocks = _Memo(make_seat)
    tail = bytes(4 * (layout.size - o_where_end))
    empty_cell = _floats(per_cell, [2])
    down_cell = _floats(per_cell, [0])
    cell_bits = [1 << c for c in range(ncell)]  # each cell's bit in a place mask
    seat_starts = range(o_seats, o_seats + players * per_seat, per_seat)
    hand_bits = [kn.hand_bit(s) for s in range(players)]
    bound = OBS_BOUND

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)`, from the parts of the state that view shows (the
        seat's row of the knowledge masks, its own hand, Preference cards and deck, the Preference
        cards of others it has seen) and nothing else (tested equal). Joined as bytes, then
        written through a float32 memoryview (cheaper than numpy for single items), handed out
        as numpy over the same bytes."""
        assert isinstance(state, BitterSweetState)
        t = table_of(state)
        choc_pos = t.choc_pos
        row = state.know_row(seat)
        box, up = state.box, state.up
        # Whereabouts: every Choc's block by its mask (my own hand's Chocs: zeros), except
        # Chocs face up in the box (zeros). Knowledge is never wrong, so a Choc known to be in a
        # place is the one there: only those need checking (here and for the box's cells).
        where = list(map(block_of[seat].__getitem__, row))
        for x, bit in compress(zip(box, cell_bits, strict=True), up):
            if x >= 0 and row[x] == bit:
                where[x] = nowhere
        if t.order is not None:  # the Chocs not in the spec's order (or not all of them)
            where.append(nowhere)
            where = [where[x] for x in t.order]
        up_cell, known_cell = t.up_cell, t.known_cell
        cells = [empty_cell if x < 0 else up_cell[x] if face_up
                 else known_cell[x] if row[x] == bit else down_cell
                 for x, face_up, bit in zip(box, up, cell_bits, strict=True)]
        mover = state.to_move
        head = heads[seat, -1 if mover is None else mover, state.current, state.starter,
                     state.round_no, state.actions_left, state.extras, state.turns,
                     state.turn_limit, state.stack, len(state.deck[seat])]
        hands, yums, yucks = state.hands, state.yum, state.yuck
        seat_parts = [seat_blocks[len(hand), wrappers, wins, len(yum), len(yuck)]
                      for hand, wrappers, wins, yum, yuck in zip(
                          hands, state.wrappers, state.wins, yums, yucks, strict=True)]
        buf = bytearray().join((head, *cells, *seat_parts, *where, tail))
        out = memoryview(buf).cast("f")
        for s, (discard_at, yum_at, yuck_at, hand_at), hand, yum, yuck, discard in zip(
                range(players), t.seat_at, hands, yums, yucks, state.discard, strict=True):
            for p in discard:
                out[discard_at[p]] = 1.0
            if s == seat:
                for p in yum:
                    out[yum_at[p]] = 1.0
                for p in yuck:
                    out[yuck_at[p]] = 1.0
                for x in hand:
                    out[hand_at[x]] = 1.0
            else:
                hb = hand_bits[s]
                for x in hand:
                    if row[x] == hb:  # known to be in their hand
                        out[hand_at[x]] = 1.0
                known = state.pknow[seat][s]
                for p in yum:
                    if p in known:
                        out[yum_at[p]] = 1.0
                for p in yuck:
                    if p in known:
                        out[yuck_at[p]] = 1.0
        tasks = state.tasks
        if tasks:
            first = tasks[-1]
            v = len(tasks) / 5
            out[o_tasks] = v if v < bound else bound
            kind = kind_at.get(first.kind)
            if kind is not None:
                out[o_kind + kind] = 1.0
            out[o_who + first.who] = out[o_src + choc_pos[first.src]] = 1.0
        for x in state.pending:
            out[o_pending + choc_pos[x]] = 1.0
        # Every value is >= 0 and at most `bound`: the Box's clip of `encode` changes nothing.
        return np.frombuffer(buf, np.float32)

    # -- the fast mask: a turn's actions (take, reveal, return) as ids, cell by cell -----------
    masks: dict[int, _TurnIds] = {}

    def turn_ids(state: BitterSweetState) -> _TurnIds:
        table = state.table
        found = masks.get(id(table))
        if found is None or found.table is not table:
            found = masks[id(table)] = _TurnIds(table, spec.action_id)
        return found

    def legal_mask(state: State) -> bytearray | None:
        """`turn_actions` as a mask; None for the rest (decisions, resolving, the end)."""
        assert isinstance(state, BitterSweetState)
        if state.tasks or len(state.pending) > 1 or state.finished is not None:
            return None
        t = turn_ids(state)
        bits = bytearray(len(spec.actions))
        filled = [x >= 0 for x in state.box]  # (EMPTY is -1)
        bits[t.takes] = bytes(filled)
        bits[t.reveals] = bytes(map(gt, filled, state.up))  # filled and face down
        seat = state.current
        if state.stack > 0 and state.can_return(seat):  # (then some cell is empty)
            empty = bytes(map(not_, filled))
            returns = t.returns
            for x in state.hands[seat]:
                bits[returns[x]] = empty
        return bits

    def action_of(state: State, i: int) -> Any:
        assert isinstance(state, BitterSweetState)
        return turn_ids(state).actions[i]

    spec = GameSpec("bittersweet", players, options, action_notations(players, cols, options),
                    layout, fill, observe, legal_mask, action_of)
    return spec


class _TurnIds:
    """The ids of one action table's turn actions (the table's takes, its reveals and each
    Choc's returns must have consecutive ids, cell by cell, as the spec's own do: their
    slices), and each id's action."""

    def __init__(self, table: ActionTable, action_id: Callable[[Action], int]) -> None:
        self.table = table
        n = len(table.takes)
        self.takes, self.reveals = (_consecutive([action_id(a) for a in acts], n)
                                    for acts in (table.takes, table.reveals))
        self.returns = [_consecutive([action_id(a) for a in per_choc], n)  # per Choc, by cell
                        for per_choc in table.returns]
        self.actions: dict[int, Action] = {
            action_id(a): a for a in (*table.takes, *table.reveals, *chain(*table.returns))}


def _consecutive(ids: list[int], n: int) -> slice:
    if ids != list(range(ids[0], ids[0] + n)):
        raise ValueError("the takes, reveals and each Choc's returns of an action table need "
                         "consecutive ids")
    return slice(ids[0], ids[0] + n)
