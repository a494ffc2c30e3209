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
from typing import Any

import numpy as np

from sweettooth.core import JSON, State
from sweettooth.games.bittersweet import knowledge as kn
from sweettooth.games.bittersweet.actions import Choose, Give, Pick, Resolve, cell_name
from sweettooth.games.bittersweet.components import Components, load_components
from sweettooth.games.bittersweet.state import ROWS, BitterSweetState, action_table

from ..spec import OBS_BOUND, Field, GameSpec, Layout, Obs, one_hot, turn_hot

FACES = ("down", "up", "empty")
TASK_KINDS = ("ability", "reveal", "peek", "return", "give", "demand", "surrender",
              "peek_preference", "peek_hand", "draw_from", "trade", "place")
"""The kinds of pending decisions (effects.Task.kind; the last four come from the revised
cards); an unknown kind sets no bit (tests/rl check that every kind the engine makes is here)."""


def components(options: dict[str, Any]) -> Components:
    """The Chocs and Preference cards these options play with."""
    return load_components(str(options["chocs_file"]), str(options["preferences_file"]),
                           str(options.get("cards", "revised")))


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


class _WhereKeys(dict[int, int]):
    """Place mask -> its whereabouts key: its hand and wrapper bits, then how many cells it has
    (< 2**15). Filled as masks are met; cleared if it ever grows large."""

    def __init__(self, all_cells: int) -> None:
        super().__init__()
        self.all_cells = all_cells

    def __missing__(self, m: int) -> int:
        if len(self) > 100_000:
            self.clear()
        key = self[m] = m >> kn.HAND << 6 | (m & self.all_cells).bit_count()
        return key


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
            view["turns"] / max(view["turn_limit"], 1), view["stack"] / 45, deck / 12,
        )

    # -- the fast path: `fill` of `build_view(state, seat)` without the JSON view ----------------
    o_seat, o_my_turn, o_to_move = o["seat"], o["my_turn"], o["to_move"]
    o_current, o_start, o_counters = o["current"], o["start_player"], o["counters"]
    o_box, o_seats, o_where, o_tasks = o["box"], o["seats"], o["whereabouts"], o["tasks"]
    o_pending = o["pending"]
    o_kind, o_who, o_src = o_tasks + 1, o_tasks + 1 + len(TASK_KINDS), o_tasks + 1 + len(
        TASK_KINDS) + players
    all_cells = (1 << ncell) - 1
    tables: dict[int, tuple[Components, list[int], list[int], Any]] = {}

    def table_of(state: BitterSweetState) -> tuple[list[int], list[int], Any]:
        """Field positions of the state's Chocs and Preference cards, read from its component
        tables (ids and attributes), so either card set (and a user's files) maps right (the
        Chocs' also as an index array for the whereabouts rows, None when in the spec's order)."""
        comps = state.comps
        found = tables.get(id(comps))
        if found is None or found[0] is not comps:
            chocs_at = [choc_at[x.id] for x in comps.chocs]
            rows = None if chocs_at == list(range(nc)) else np.array(chocs_at, np.intp)
            found = tables[id(comps)] = (
                comps, chocs_at, [attr_at[p.attribute] for p in comps.preferences], rows)
        return found[1], found[2], found[3]

    # A Choc's whereabouts block depends only on its mask's hand and wrapper bits and on how
    # many cells it has: its key (`_WhereKeys`, < 2**15) indexes a table of every such block, so a
    # seat's whole row is looked up in one numpy take. Key 0 (no place) is a row of zeros.
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
    o_where_end = o_where + nc * places
    key_of = _WhereKeys(all_cells)

    zeros = array("f", bytes(4 * layout.size))
    cell_starts = range(o_box, o_box + ncell * per_cell, per_cell)  # each cell's block
    cell_bits = [1 << c for c in range(ncell)]  # each cell's bit in a place mask
    bound = OBS_BOUND

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)`, from the parts of the state that view shows (the
        seat's row of the knowledge masks, its own hand, Preference cards and deck, the Preference
        cards of others it has seen) and nothing else (tested equal). Written item by item into
        an `array` of float32 (cheaper than numpy for single items), handed out as numpy."""
        assert isinstance(state, BitterSweetState)
        choc_pos, attr_pos, choc_rows = table_of(state)
        row = state.know_row(seat)
        out = zeros[:]
        mover = state.to_move
        out[o_seat + seat] = out[o_current + state.current] = out[o_start + state.starter] = 1.0
        if mover is not None:
            out[o_to_move + mover] = 1.0
            if mover == seat:
                out[o_my_turn] = 1.0
        # Whereabouts: every Choc's block by its mask, except Chocs known exactly in my hand
        # or face up in the box (key 0: zeros). Knowledge is never wrong, so a Choc known to be
        # in a place is the one there: only those need checking.
        keys = [key_of[m] for m in row]
        own = kn.hand_bit(seat)
        for x in state.hands[seat]:
            if row[x] == own:
                keys[x] = 0
        for at, bit, x, face_up in zip(cell_starts, cell_bits, state.box, state.up, strict=True):
            if x < 0:
                out[at + 2] = 1.0
            elif face_up:
                out[at + 1] = out[at + 3 + choc_pos[x]] = 1.0
                if row[x] == bit:
                    keys[x] = 0
            else:
                out[at] = 1.0
                if row[x] == bit:  # face down, and I know which Choc it is
                    out[at + 3 + choc_pos[x]] = 1.0
        where = np.frombuffer(out, np.float32)[o_where:o_where_end].reshape(nc, places)
        if choc_rows is None:  # the Chocs in the spec's order
            blocks.take(keys, axis=0, out=where)
        else:
            where[choc_rows] = blocks[keys]
        for s in range(players):
            at = o_seats + s * per_seat
            # (hands of 41+ Chocs or 25+ cards would pass the bound: bounded as the clip does)
            v = len(state.hands[s]) / 5
            out[at] = v if v < bound else bound
            v = state.wrappers[s] / 5
            out[at + 1] = v if v < bound else bound
            v = state.wins[s] / 2
            out[at + 2] = v if v < bound else bound
            v = len(state.yum[s]) / 3
            out[at + 3] = v if v < bound else bound
            v = len(state.yuck[s]) / 3
            out[at + 4] = v if v < bound else bound
            base = at + 5
            for p in state.discard[s]:
                out[base + attr_pos[p]] = 1.0
            if s == seat:
                for p in state.yum[s]:
                    out[base + na + attr_pos[p]] = 1.0
                for p in state.yuck[s]:
                    out[base + 2 * na + attr_pos[p]] = 1.0
                for x in state.hands[s]:
                    out[base + 3 * na + choc_pos[x]] = 1.0
            else:
                hb = kn.hand_bit(s)
                for x in state.hands[s]:
                    if row[x] == hb:  # known to be in their hand
                        out[base + 3 * na + choc_pos[x]] = 1.0
                known = state.pknow[seat][s]
                for p in state.yum[s]:
                    if p in known:
                        out[base + na + attr_pos[p]] = 1.0
                for p in state.yuck[s]:
                    if p in known:
                        out[base + 2 * na + attr_pos[p]] = 1.0
        tasks = state.tasks
        if tasks:
            first = tasks[-1]
            out[o_tasks] = min(len(tasks) / 5, bound)
            kind = kind_at.get(first.kind)
            if kind is not None:
                out[o_kind + kind] = 1.0
            out[o_who + first.who] = out[o_src + choc_pos[first.src]] = 1.0
        for x in state.pending:
            out[o_pending + choc_pos[x]] = 1.0
        at = o_counters
        out[at] = min(state.round_no / 5, bound)
        out[at + 1] = min(state.actions_left / 2, bound)
        out[at + 2] = min(state.extras / 2, bound)
        out[at + 3] = min(state.turns / max(state.turn_limit, 1), bound)
        out[at + 4] = min(state.stack / 45, bound)
        out[at + 5] = min(len(state.deck[seat]) / 12, bound)
        # Every value is >= 0 and at most `bound`: the Box's clip of `encode` changes nothing.
        return np.frombuffer(out, np.float32)

    return GameSpec(
        "bittersweet", players, options, action_notations(players, cols, options), layout, fill,
        observe,
    )
