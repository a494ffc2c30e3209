"""The hard level against a frozen former one (`hard-2026-12` by default), game by game, with
the arena's own games and report (`sweettooth.arena`: seats rotated, 95% Wilson intervals).

Each finished game is appended to a JSON-lines file, so a long run can be stopped and resumed
(`--out`), and `--report` prints the figures of the games played so far. The figures in
docs/bots.md were made with, for example:

    nice -n 10 python -m benchmarks.hard_vs_frozen sweetnose --players 3 --games 200 \\
        --out sweetnose.jsonl
    nice -n 10 python -m benchmarks.hard_vs_frozen bittersweet --games 200 \\
        -o cards=original --out bittersweet.jsonl
    python -m benchmarks.hard_vs_frozen sweetnose --players 3 --out sweetnose.jsonl --report

A run can be split over cores: `--first 100 --out b.jsonl` plays games 100 to 199 while
another process plays 0 to 99 (`--games 100 --out a.jsonl`); `cat a.jsonl b.jsonl > all.jsonl`
then reports all 200 (each record names its seats).

Both levels' caps count the searching thread's CPU time (`clock=cpu`), so that what else the
machine runs does not change how much either searches.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from sweettooth.arena import ArenaSpec, play_game, report
from sweettooth.core import OptionValue


def _option(text: str) -> tuple[str, OptionValue]:
    key, _, value = text.partition("=")
    if not _:
        raise argparse.ArgumentTypeError(f"an option is key=value, got {text!r}")
    parsed: OptionValue = value
    if value.lstrip("-").isdigit():
        parsed = int(value)
    return key.strip(), parsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--against", default="hard-2026-12")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("-o", "--option", type=_option, action="append", default=[])
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's index, to split a run over processes (each with "
                             "its own --out; concatenate the files for --report)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--report", action="store_true", help="print the figures and stop")
    args = parser.parse_args()
    agents = ("hard:clock=cpu", f"{args.against}:clock=cpu")
    spec = ArenaSpec(args.game, agents, args.games, args.players, args.seed, dict(args.option))
    records = [json.loads(line) for line in args.out.read_text().splitlines()] \
        if args.out.exists() else []
    if not args.report:
        with args.out.open("a") as out:
            for index in range(args.first + len(records), args.games):
                record = play_game(spec, index)
                records.append(record)
                out.write(json.dumps(record) + "\n")
                out.flush()
    r = report(spec, records, 1)
    print(f"{args.game} ({args.players} players, {dict(args.option) or 'default options'}): "
          f"{len(records)} games, seed {args.seed}")
    for a in r["agents"]:
        lo, hi = a["win_ci"]
        slo, shi = a["score_ci"]
        print(f"  {a['agent']:24} win {a['wins']:g}/{a['games']} = {100 * a['win_rate']:.1f}% "
              f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}), score {a['score_mean']:.2f} "
              f"({slo:.2f}..{shi:.2f}), {a['move_seconds_mean']:.3f} s/move")


if __name__ == "__main__":
    main()
