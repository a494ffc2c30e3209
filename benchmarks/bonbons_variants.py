"""Do Bonbons' remaining decisions matter between perfect-memory players? (docs/bots.md)

Plays a variant of the perfect-memory heuristic against the heuristic itself, seats alternating,
and prints the variant's win share. The variant differs in one decision: after an unknown square
it stops, rather than flip one of its own unknown round tiles, when the table remembers at
least `--stop-at` face-down squares whose round tile nobody has seen (each is a square someone
could steal the exposed tile with). `--stop-at 99` is the heuristic itself; 0 always stops.

    python -m benchmarks.bonbons_variants --games 600 --stop-at 1
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import sweettooth as st
from sweettooth.core import JSON
from sweettooth.games.bonbons import heuristics as h


def cautious(stop_at: float) -> h.Chooser:
    """The heuristic, but it stops after an unknown square when `stop_at` squares are known."""

    def decide(view: JSON, mem: h.Memory, rng: random.Random) -> str | None:
        if view["phase"] != "after square":
            return h.decide(view, mem, rng)
        shown = h._square_face(view, view["go"]["squares"][0])
        if shown is not None and shown in mem.tile_of:
            seat, tile = mem.tile_of[shown]
            if seat == mem.me or mem.own_face_down:
                return tile
        if not mem.unknown_own:
            return "stop"
        known = sum(1 for face in mem.square_of if face not in mem.tile_of)
        return "stop" if known >= stop_at else rng.choice(mem.unknown_own)

    def choose(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
        by_text = {str(a): a for a in legal}
        wanted = decide(view, h.remember(view, lambda _seen: True), rng)
        return by_text[wanted] if wanted in by_text else rng.choice(list(legal))

    return choose


def win_share(games: int, stop_at: float, players: int = 2) -> float:
    game = st.game("bonbons")
    variant = cautious(stop_at)
    total = 0.0
    for g in range(games):
        state = game.new(players, 1000 + g // players)
        me = g % players
        rng = random.Random(g)
        while (seat := state.to_move) is not None:
            bot = variant if seat == me else h.perfect_memory
            state.apply(bot(state.view(seat), state.legal_actions(), rng))
        result = state.result()
        assert result is not None
        if me in result.winners:
            total += 1 / len(result.winners)
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--stop-at", type=float, nargs="+", default=[99, 1, 0])
    args = parser.parse_args()
    for stop_at in args.stop_at:
        print(f"stop at {stop_at:g} known squares: win share {win_share(args.games, stop_at):.3f}"
              f" over {args.games} games against the heuristic")


if __name__ == "__main__":
    main()
