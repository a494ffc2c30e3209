"""How often a review puts each class on the moves of the easy, medium and hard bots
(docs/review.md, "Calibration").

Seat 0 plays at the level under test, the other seats are the medium bot (the hard bot counts
CPU time for its cap, so a busy machine does not weaken it); the finished game is reviewed for
seat 0 in fair mode. Each reviewed game is printed as one JSON line (game, level, seed, counts)
as soon as it is done, and a table of class shares per game and level at the end.

    python -m benchmarks.review_calibration --games 100
    python -m benchmarks.review_calibration --games 5 --titles lechocolat bonbons --iterations 100
    python -m benchmarks.review_calibration --summarize run1.txt run2.txt   # a run's JSON lines

The games run in rounds (one seed: every title and level), so a run stopped early still has
about as many games of each level; `--summarize` makes the table from the JSON lines printed
so far (as a Markdown table, with the share of mistakes and blunders together). The lines behind
docs/review.md's tables are kept in `benchmarks/results/review_calibration/`:

    python -m benchmarks.review_calibration --summarize benchmarks/results/review_calibration/*
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict

import sweettooth as st
from sweettooth.agents import difficulty, play_out
from sweettooth.core import JSON
from sweettooth.review import CLASSES, Review

from .review_cost import PLAYERS

LEVELS = ("easy", "medium", "hard")


def reviewed(game_id: str, level: str, seed: int, iterations: int | None) -> Review:
    """The review of seat 0's moves in one seeded game at `level`."""
    game = st.game(game_id)
    players = PLAYERS[game_id]
    state = game.new(players, seed)
    bots = [difficulty(game_id, level, "cpu" if level == "hard" else "wall")]
    bots += [difficulty(game_id, "medium")] * (players - 1)
    play_out(state, bots, [random.Random(seed * 7 + s) for s in range(players)])
    return st.review(state, 0, iterations=iterations, seed=seed)


def interval(games: list[tuple[float, int]], draws: int = 2000) -> tuple[float, float, float]:
    """A ratio over games (each game: its sum and its count of moves) and its 95% interval,
    by resampling whole games (seeded, so the table is the same on every run).

    >>> interval([(1.0, 4), (3.0, 4)])[0]
    0.5
    >>> low, high = interval([(1.0, 4), (3.0, 4)])[1:]
    >>> 0.25 <= low <= 0.5 <= high <= 0.75
    True
    """
    rng = random.Random(0)
    def ratio(sample: list[tuple[float, int]]) -> float:
        return sum(x for x, _ in sample) / (sum(n for _, n in sample) or 1)
    stats = sorted(ratio(rng.choices(games, k=len(games))) for _ in range(draws))
    return ratio(games), stats[int(0.025 * draws)], stats[int(0.975 * draws) - 1]


def summarize(paths: list[str]) -> str:
    """The Markdown table of class shares per game and level, from runs' JSON lines: the
    share of mistakes and blunders with its 95% interval over games, and where the lines
    carry each move's loss, the mean loss with its interval (in the game's unit)."""
    rows: dict[tuple[str, str], list[JSON]] = defaultdict(list)
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.startswith("{"):
                    row = json.loads(line)
                    rows[row["game"], row["level"]].append(row)
    out = ["| game | level | games | moves | " + " | ".join(CLASSES)
           + " | mistakes + blunders [95%] | mean loss [95%] |",
           "|---|---|---:|---:|" + "---:|" * (len(CLASSES) + 2)]
    order = {g: i for i, g in enumerate(PLAYERS)}
    for (game_id, level), group in sorted(
            rows.items(), key=lambda kv: (order.get(kv[0][0], 9), LEVELS.index(kv[0][1]))):
        counts = {c: sum(r["counts"][c] for r in group) for c in CLASSES}
        moves = sum(counts.values()) or 1
        cells = [f"{counts[c] / moves:.0%}" for c in CLASSES]
        bad = interval([(r["counts"]["mistake"] + r["counts"]["blunder"],
                         sum(r["counts"].values())) for r in group])
        loss = "-"
        if all("losses" in r for r in group):
            mean = interval([(sum(r["losses"]), len(r["losses"])) for r in group])
            loss = f"{mean[0]:.2f} [{mean[1]:.2f}, {mean[2]:.2f}]"
        out.append(f"| {game_id} | {level} | {len(group)} | {moves} | " + " | ".join(cells)
                   + f" | {bad[0]:.0%} [{bad[1]:.0%}, {bad[2]:.0%}] | {loss} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per title and level")
    parser.add_argument("--titles", nargs="*", default=list(PLAYERS))
    parser.add_argument("--iterations", type=int, default=None,
                        help="review budget per decision (default: each game's)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--summarize", nargs="+", metavar="FILE", default=None,
                        help="print the table of earlier runs' JSON lines, run nothing")
    args = parser.parse_args(argv)
    if args.summarize:
        print(summarize(args.summarize))
        return
    totals: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: dict.fromkeys(CLASSES, 0))
    played: dict[tuple[str, str], int] = defaultdict(int)
    for g in range(args.games):
        for game_id in args.titles:
            for level in LEVELS:
                result = reviewed(game_id, level, args.seed + g, args.iterations)
                counts = result.counts()
                for c, n in counts.items():
                    totals[game_id, level][c] += n
                played[game_id, level] += 1
                print(json.dumps({"game": game_id, "level": level, "seed": args.seed + g,
                                  "unit": result.unit, "counts": counts,
                                  "losses": [m.loss for m in result.moves]}), flush=True)
    print(f"\n{'game':12} {'level':7} {'games':>5} {'moves':>6} "
          + " ".join(f"{c:>10}" for c in CLASSES), file=sys.stdout)
    for (game_id, level), counts in sorted(totals.items()):
        moves = sum(counts.values()) or 1
        shares = " ".join(f"{counts[c] / moves:>10.1%}" for c in CLASSES)
        print(f"{game_id:12} {level:7} {played[game_id, level]:>5} {moves:>6} {shares}")


if __name__ == "__main__":
    main()
