"""Sweet Nose (3-5 players): action table and observation encoder.

Actions, in this order (kinds: red, green, brown, pink, yellow; seats P1..Pn are absolute):

1. `markers ...`: the 120 permutations of 1..5 in the game's order (`ALL_MARKERS`,
   lexicographic over red, green, brown, pink, yellow);
2. `trade Pk G for T`: every seat k, every give kind G, every take kind T != G (n * 20 ids;
   trading with yourself is never legal);
3. `market G for T`: every G, T != G (20 ids);
4. every use of every store tile in the tile set, in tile order: the game's own `uses` function
   applied, for each seat, to a table where every plate and bowl holds 2 of each kind (so every
   use that can ever be legal appears), duplicates dropped;
5. `take store N` for each tile N; `bid 1` ... `bid max_bid`; `pass`; `end turn`.

Observation: see `fields`. Past rounds' revealed markers and the move list are not encoded
(they are in the raw view, `info["view"]`).
"""

from __future__ import annotations

from array import array
from itertools import chain
from typing import Any

import numpy as np

from sweettooth.core import JSON, State
from sweettooth.games.sweetnose.actions import Bid, MarketTrade, Trade
from sweettooth.games.sweetnose.components import KINDS, TOKENS_PER_KIND, StoreTile
from sweettooth.games.sweetnose.phases import (
    AFTER_EXCHANGE,
    AUCTION,
    EXCHANGE,
    MARKERS,
    OVER,
    PICK,
    START,
    STEP_NAMES,
)
from sweettooth.games.sweetnose.state import (
    ALL_MARKERS,
    END_TURN,
    PASS,
    SweetNoseState,
    kinds_present,
    take_store,
)
from sweettooth.games.sweetnose.stores import uses
from sweettooth.games.sweetnose.table import Table

from ..spec import OBS_BOUND, Field, GameSpec, Layout, Obs, one_hot, turn_hot

PHASES = (AUCTION, PICK, MARKERS, EXCHANGE, OVER)
N = len(KINDS)


def _tiles(sample: JSON) -> list[StoreTile]:
    return [
        StoreTile(t["number"], t["level"], t["caption"], t["effect"])
        for t in sample["stores"]["tiles"]
    ]


def action_objects(players: int, tiles: list[StoreTile], max_bid: int) -> list[Any]:
    """The action of each id, in the order above (the engine's own objects where it interns
    them; each store use as made for a table where every plate and bowl holds 2 of each kind)."""
    out: list[Any] = list(ALL_MARKERS)
    out += [Trade(o, g, k) for o in range(players) for g in range(N) for k in range(N) if g != k]
    out += [MarketTrade(g, k) for g in range(N) for k in range(N) if g != k]
    full = Table(
        [[2] * N for _ in range(players)], [[2] * N for _ in range(players)], [2] * N,
        [list(range(1, N + 1)) for _ in range(players)],
    )
    seen: set[str] = set()
    for tile in tiles:
        for seat in range(players):
            for use in uses(full, seat, tile):
                if str(use) not in seen:
                    seen.add(str(use))
                    out.append(use)
    out += [take_store(t.number) for t in tiles]
    out += [Bid(space) for space in range(1, max_bid + 1)]
    out += [PASS, END_TURN]
    return out


def action_notations(players: int, tiles: list[StoreTile], max_bid: int) -> tuple[str, ...]:
    return tuple(str(a) for a in action_objects(players, tiles, max_bid))


def build(players: int, options: dict[str, Any], sample: JSON) -> GameSpec:
    tiles = _tiles(sample)
    t = len(tiles)
    max_bid = int(options["max_bid"])
    kinds_doc = ", ".join(KINDS)
    layout = Layout([
        Field("seat", players, "one-hot: the observing seat"),
        Field("my_turn", 1, "1 when the observing seat is to move"),
        Field("to_move", players, "one-hot: the seat to move"),
        Field("phase", len(PHASES), f"one-hot: {', '.join(PHASES)}"),
        Field("turn_step", len(STEP_NAMES), f"one-hot (exchange phase): {', '.join(STEP_NAMES)}"),
        Field("round", 2, "round / 10; 1 when playing To the Sky (no fixed number of rounds)"),
        Field("start_player", players, "one-hot: the round's start player"),
        Field("turns_taken", players, "per seat: turns taken this round / max turns"),
        Field("plates", players * N, f"per seat, per kind ({kinds_doc}): sweets on the plate / 9"),
        Field("bowls", players * N, "per seat, per kind: sweets in the bowl / 9"),
        Field("market", N, "per kind: sweets in the market / 9"),
        Field("out_of_game", N, "per kind: sweets out of the game / 9"),
        Field("my_markers", N * 5, "per kind: one-hot of my sweetness marker 1..5 (0 if unset)"),
        Field("markers_set", players, "per seat: markers set this round"),
        Field("held", players * t, "per seat: one-hot of the store tile held (tile order)"),
        Field("board", t, "store tiles still on the board"),
        Field("picking", 2 * players + 1,
              "seats waiting to pick a store; one-hot of the seat picking now; its level "
              "limit / 40"),
        Field("auction", 2 * players, "per seat: bid / max bid; still in the auction"),
        Field("totals", players, "per seat: total SP / 100"),
        Field("last_round", players, "per seat: SP of the last round scored / 50"),
    ])
    o = layout.offset
    phase_at = one_hot(PHASES)
    step_at = one_hot(STEP_NAMES)
    tile_at = {tile.number: i for i, tile in enumerate(tiles)}
    t_count = t

    def fill(view: JSON, out: Obs) -> None:
        hot = [o["phase"] + phase_at[view["phase"]], o["start_player"] + view["start_player"],
               *turn_hot(view, o)]
        if view["turn_step"] is not None:
            hot.append(o["turn_step"] + step_at[view["turn_step"]])
        markers = view["markers"]
        if markers is not None:
            hot += [o["my_markers"] + 5 * k + markers[kind] - 1 for k, kind in enumerate(KINDS)]
        hot += [o["markers_set"] + s for s, done in enumerate(view["markers_set"]) if done]
        stores = view["stores"]
        hot += [o["held"] + s * t + tile_at[h] for s, h in enumerate(stores["held"]) if h]
        hot += [o["board"] + tile_at[n] for n in stores["board"]]
        picking = view["picking"]
        hot += [o["picking"] + p[0] for p in picking]
        if picking:
            hot.append(o["picking"] + players + picking[0][0])
            out[o["picking"] + 2 * players] = picking[0][1] / 40
        auction = view["auction"]
        if auction is not None:
            for s in range(players):
                out[o["auction"] + s] = (auction["bids"][s] or 0) / max_bid
                if auction["in"][s]:
                    hot.append(o["auction"] + players + s)
        out[hot] = 1.0
        out[o["round"]] = view["round"] / 10
        out[o["round"] + 1] = view["rounds_to_play"] is None
        max_turns = view["max_turns"]
        for s in range(players):
            out[o["turns_taken"] + s] = view["turns_taken"][s] / max_turns
            for k, kind in enumerate(KINDS):
                out[o["plates"] + s * N + k] = view["plates"][s][kind] / TOKENS_PER_KIND
                out[o["bowls"] + s * N + k] = view["bowls"][s][kind] / TOKENS_PER_KIND
            out[o["totals"] + s] = view["totals"][s] / 100
        for k, kind in enumerate(KINDS):
            out[o["market"] + k] = view["market"][kind] / TOKENS_PER_KIND
            out[o["out_of_game"] + k] = view["out_of_game"][kind] / TOKENS_PER_KIND
        if view["round_sp"]:
            last = view["round_sp"][-1]
            for s in range(players):
                out[o["last_round"] + s] = last[s] / 50

    # The fast path (`GameSpec.observe`): the same array, read from what the view shows.
    o_seat, o_my_turn, o_to_move, o_phase = o["seat"], o["my_turn"], o["to_move"], o["phase"]
    o_step, o_round, o_markers = o["turn_step"], o["round"], o["my_markers"]
    o_set = o["markers_set"]
    o_held, o_board, o_picking, o_auction = o["held"], o["board"], o["picking"], o["auction"]
    o_totals = o["totals"]
    assert o["start_player"] == o_round + 2 and o["out_of_game"] + N == o_markers
    assert o_totals + 2 * players == layout.size
    size = layout.size

    zeros = array("f", bytes(4 * size))
    per_kind = [c / TOKENS_PER_KIND for c in range(TOKENS_PER_KIND + 1)]  # (a count's share)

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)` without building it: the public table, stores, picks,
        auction and scores, and only this seat's own markers. Written item by item into an
        `array` of float32 (cheaper than numpy for single items), handed out as numpy."""
        assert isinstance(state, SweetNoseState)
        out = zeros[:]
        mover, phase, rules, t = state.to_move, state.phase, state.rules, state.table
        out[o_seat + seat] = out[o_phase + phase_at[phase]] = 1.0
        if mover is not None:
            out[o_to_move + mover] = 1.0
            if mover == seat:
                out[o_my_turn] = 1.0
        if phase == EXCHANGE:
            out[o_step + step_at[STEP_NAMES[state.step]]] = 1.0
        if state.markers_set[seat]:
            mine = t.markers[seat]
            for k in range(N):
                out[o_markers + 5 * k + mine[k] - 1] = 1.0
        for s, done in enumerate(state.markers_set):
            if done:
                out[o_set + s] = 1.0
        for s, h in enumerate(state.held):
            if h:
                out[o_held + s * t_count + tile_at[h]] = 1.0
        held = set(state.held)
        for x in rules.stores:
            if x.number not in held:
                out[o_board + tile_at[x.number]] = 1.0
        picks = state.picks
        for p in picks:
            out[o_picking + p[0]] = 1.0
        if picks:
            out[o_picking + players + picks[0][0]] = 1.0
            out[o_picking + 2 * players] = _bounded(picks[0][1] / 40)
        if rules.shopkeeper:
            for s, b in enumerate(state.bids):
                out[o_auction + s] = _bounded((b or 0) / max_bid)
            for s, live in enumerate(state.in_auction):
                if live:
                    out[o_auction + players + s] = 1.0
        # round .. out_of_game lie side by side, as do totals and last_round: each run of
        # values is written in one slice.
        out[o_round] = _bounded(state.round / 10)
        out[o_round + 1] = 1.0 if rules.sky else 0.0
        out[o_round + 2 + state.start] = 1.0
        max_turns = rules.max_turns
        tokens = (*t.plate, *t.bowl, t.market)
        values = [_bounded(n / max_turns) for n in state.turns]
        values += map(per_kind.__getitem__, chain(*tokens))  # c / TOKENS_PER_KIND
        values += [_bounded((TOKENS_PER_KIND - sum(kind)) / TOKENS_PER_KIND)
                   for kind in zip(*tokens, strict=True)]  # out of the game
        at = o_round + 2 + players
        out[at:at + len(values)] = array("f", values)
        values = [_bounded(sp / 100) for sp in state.totals]
        if state.round_sp:
            values += [_bounded(sp / 50) for sp in state.round_sp[-1]]
        out[o_totals:o_totals + len(values)] = array("f", values)
        return np.frombuffer(out, np.float32)

    # -- the fast mask: `SweetNoseState.legal_actions` as ids, except a turn that may use the
    # store tile its seat holds (its uses come from the store's own rules: the legal list then)
    objects = action_objects(players, tiles, max_bid)
    notations = tuple(str(a) for a in objects)
    id_of = {name: i for i, name in enumerate(notations)}
    n_ids = len(notations)
    o_trade, o_market = id_of[str(Trade(0, 0, 1))], id_of[str(MarketTrade(0, 1))]
    i_pass, i_end, i_bid = id_of[str(PASS)], id_of[str(END_TURN)], id_of[str(Bid(1))] - 1
    all_markers = bytes([1] * len(ALL_MARKERS))
    assert id_of[str(ALL_MARKERS[0])] == 0 and o_market == o_trade + players * N * (N - 1)
    store_ids = [(x.number, x.level, id_of[str(take_store(x.number))]) for x in tiles]
    pair_blocks: dict[tuple[tuple[bool, ...], tuple[bool, ...]], bytes] = {}

    def pairs(mine: tuple[bool, ...], theirs: tuple[bool, ...]) -> bytes:
        """The 20 ids of trades `g` for `k` (`k != g`, in id order): 1 where I have `g` and
        they have `k`."""
        found = pair_blocks.get((mine, theirs))
        if found is None:
            found = pair_blocks[mine, theirs] = bytes(
                int(mine[g] and theirs[k]) for g in range(N) for k in range(N) if k != g)
        return found

    no_trade = bytes(N * (N - 1))

    def legal_mask(state: State) -> bytearray | None:
        assert isinstance(state, SweetNoseState)
        seat, phase = state.mover, state.phase
        if seat is None:
            return bytearray(n_ids)
        if phase == EXCHANGE and state.held[seat] and state.step in (START, AFTER_EXCHANGE):
            return None  # the turn may use the store tile held
        bits = bytearray(n_ids)
        if phase == EXCHANGE:
            if state.step == AFTER_EXCHANGE:
                bits[i_end] = 1
                return bits
            plates = state.table.plate
            mine = kinds_present(plates[seat])
            any_trade = False
            for o in range(players):
                if o != seat:
                    block = pairs(mine, kinds_present(plates[o]))
                    if block != no_trade:
                        at = o_trade + o * len(no_trade)
                        bits[at:at + len(no_trade)] = block
                        any_trade = True
            block = pairs(mine, kinds_present(state.table.market))
            if block != no_trade:
                bits[o_market:o_market + len(no_trade)] = block
            elif not any_trade:
                bits[i_pass] = 1
            return bits
        if phase == MARKERS:
            bits[:len(all_markers)] = all_markers
        elif phase == PICK:
            held_now, level = set(state.held), state.picks[0][1]
            for number, at_level, i in store_ids:
                if number not in held_now and at_level <= level:
                    bits[i] = 1
        else:  # the Shopkeeper's auction: a free space above mine, or pass
            totals = state.totals
            taken = {totals[s] for s in range(players) if s != seat}
            for space in range(totals[seat] + 1, state.rules.max_bid + 1):
                if space not in taken:
                    bits[i_bid + space] = 1
            bits[i_pass] = 1
        return bits

    def action_of(state: State, i: int) -> Any:
        return objects[i]

    return GameSpec(
        "sweetnose", players, options, notations, layout, fill, observe, legal_mask, action_of,
    )


def _bounded(x: float) -> float:
    """`x` within the Box's bounds, as `encode`'s clip leaves it."""
    return OBS_BOUND if x > OBS_BOUND else -OBS_BOUND if x < -OBS_BOUND else x
