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

from sweettooth.core import JSON
from sweettooth.games.bonbons.actions import COVERS, GIVES, ROUNDS, SQUARES, STOP
from sweettooth.games.bonbons.components import load_box
from sweettooth.games.bonbons.state import PHASES, ROUND_STATES, SQUARE_STATES

from ..spec import Field, GameSpec, Layout, Obs, one_hot, turn_hot


def max_slots() -> int:
    box = load_box()
    return box.deal + box.wrappers


def action_notations(players: int, size: int) -> tuple[str, ...]:
    slots = max_slots()
    out = [str(a) for a in SQUARES[size]]
    for table in (ROUNDS, COVERS, GIVES):
        out += [str(table[s][k]) for s in range(players) for k in range(slots)]
    out.append(str(STOP))
    return tuple(out)


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

    return GameSpec(
        "bonbons", players, options, action_notations(players, size), layout, fill
    )
