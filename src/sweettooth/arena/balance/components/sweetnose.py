"""Sweet Nose: each store tile (how often it is held and used, and the holder's SP that round
against the rest of the table; the lowest SP wins), and the variation played. Read from the
public log ("P2 takes store 9", "P1: store 9 ...", "P1 used store 9") and the round scores."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from sweettooth.core import JSON, State

from ..estimates import mean, rate, table, win_share

_ROUND = re.compile(r"^Round (\d+): ")
_TAKE = re.compile(r"^P(\d+) takes store (\d+)")
_USE = re.compile(r"^P(\d+)(?::| used) store (\d+)")


def observe(state: State) -> JSON:
    """Per round (from 0): who held which store, and how often each holder used it."""
    result = state.result()
    assert result is not None
    rounds = len(result.details["round_sp"])
    held: list[dict[str, int]] = [{} for _ in range(rounds + 1)]
    used: list[dict[str, int]] = [{} for _ in range(rounds + 1)]
    current = 0
    for line in state.view(None)["log"]:
        if m := _ROUND.match(line):
            current = int(m.group(1)) - 1
        elif m := _TAKE.match(line):
            held[current + 1][m.group(2)] = int(m.group(1)) - 1  # held in the next round
        elif m := _USE.match(line):
            used[current][m.group(2)] = used[current].get(m.group(2), 0) + 1
    return {
        "variation": str(state.options.get("variation", "basic")),
        "round_sp": result.details["round_sp"],
        "held": held[:rounds],
        "used": used[:rounds],
    }


def tables(games: Sequence[JSON], players: int) -> list[JSON]:
    held_rounds: dict[str, int] = defaultdict(int)
    uses: dict[str, list[float]] = defaultdict(list)
    edge: dict[str, list[float]] = defaultdict(list)
    lowest: dict[str, float] = defaultdict(float)
    for g in games:
        c = g["components"]
        for r, (holders, used) in enumerate(zip(c["held"], c["used"], strict=True)):
            sp = c["round_sp"][r]
            for store, seat in holders.items():
                held_rounds[store] += 1
                uses[store].append(float(used.get(store, 0)))
                others = [x for s, x in enumerate(sp) if s != seat]
                edge[store].append(sp[seat] - sum(others) / len(others))
                best = min(sp)
                if sp[seat] == best:
                    lowest[store] += 1.0 / sp.count(best)
    stores = []
    for store in sorted(held_rounds, key=int):
        n = held_rounds[store]
        stores.append([f"store {store}", n, mean(uses[store]), mean(edge[store]),
                       rate(lowest[store], n)])
    by_variation: dict[str, list[JSON]] = defaultdict(list)
    for g in games:
        by_variation[g["components"]["variation"]].append(g)
    variations = []
    for name, played in sorted(by_variation.items()):
        first = sum(win_share(g, g["first"]) for g in played)
        variations.append([name, len(played), rate(first, len(played)),
                           mean([float(min(g["scores"])) for g in played]),
                           mean([float(g["length"]) for g in played])])
    return [
        table("Stores", ["store", "rounds held", "uses per round held",
                         "holder's SP minus the others' mean", "holder has the round's lowest SP"],
              stores,
              "The lowest SP wins, so a negative SP difference means the store helps its "
              f"holder. A fair share of lowest rounds is {1 / players:.0%}. Passive stores "
              "(e.g. 5, ignore the market) are never 'used'."),
        table("Variation", ["variation", "games", "first player wins", "winning SP",
                            "length (actions)"], variations,
              "Compare variations with --compare -o variation=sky."),
    ]
