"""How many iterations the hard bot's search makes per move, per game (docs/bots.md).

Seeded games are played by the medium bot; at each of the first `--moves` positions with a
real choice (two or more legal actions) per game (or every `--every`-th such position, to spread
them over the game), the hard level's search runs with its cap
counted in CPU time (`clock=cpu`, so a busy machine does not shrink it) and, with
`--uncapped`, no iteration budget (what fits in its time cap). Prints the mean, the fewest and
the most iterations per move.

    python -m benchmarks.hard_iterations
    python -m benchmarks.hard_iterations --games bittersweet bonbons --uncapped
    python -m benchmarks.hard_iterations --games bonbons --players 2 4 6 --every 3 --moves 20
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics

import sweettooth as st
from sweettooth.agents import ISMCTSAgent, difficulty
from sweettooth.agents.ismcts import Search

PLAYERS = {"lechocolat": 2, "bonbons": 2, "sweetnose": 3, "sweetshop": 1, "bittersweet": 2}
OPTIONS: dict[str, dict[str, str]] = {"bittersweet": {"cards": "original"}}


def iterations(game_id: str, moves: int, seeds: int, uncapped: bool,
               players: int | None = None, every: int = 1) -> list[int]:
    game = st.game(game_id)
    medium = difficulty(game_id, "medium")
    hard = difficulty(game_id, "hard", clock="cpu")
    assert isinstance(hard, ISMCTSAgent)
    if uncapped:
        hard = dataclasses.replace(hard, iterations=None)
    out = []
    for seed in range(seeds):
        state = game.new(players or PLAYERS[game_id], seed, **OPTIONS.get(game_id, {}))
        rng = random.Random(seed)
        done = choices = 0
        while state.to_move is not None and done < moves:
            legal = state.legal_actions()
            view = state.view(state.to_move)
            if len(legal) > 1 and choices % every == 0:
                search = Search(hard, game, view, random.Random(done))
                search.run()
                out.append(search.iterations)
                done += 1
            choices += len(legal) > 1
            state.apply(medium.choose(game, view, legal, rng))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(PLAYERS))
    parser.add_argument("--moves", type=int, default=10, help="positions per seeded game")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--uncapped", action="store_true", help="no iteration budget")
    parser.add_argument("--every", type=int, default=1,
                        help="search at every n-th position with a choice (spread over the game)")
    parser.add_argument("--players", type=int, nargs="+", default=[0],
                        help="player counts (default: each game's usual count)")
    args = parser.parse_args()
    for game_id in args.games:
        for players in args.players:
            its = iterations(game_id, args.moves, args.seeds, args.uncapped, players or None,
                             args.every)
            count = players or PLAYERS[game_id]
            print(f"{game_id:12} {count}p iterations per move: mean {statistics.mean(its):.0f}, "
                  f"median {statistics.median(its):.0f}, fewest {min(its)}, most {max(its)} "
                  f"({len(its)} moves)", flush=True)


if __name__ == "__main__":
    main()
