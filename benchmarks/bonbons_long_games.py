"""Iterations of the hard Bonbons search in long games (docs/bots.md, issue 33: Bonbons' search
fell as low as 18 iterations a move).

A careful table makes long games: the log the view carries grows with every flip, and a search
that reads it at every determinization and tree step slows down as the game goes on. Each
seeded game here is played by random moves that `stop` after a square 70% of the time and
never win before move 1700 (a move that would end the game is swapped for another); at moves
200, 800 and 1600 the hard level's search runs for its 0.9 s of CPU (`clock=cpu`) with no
iteration budget. Prints each search's log length and iterations, then the fewest and median.

    nice -n 10 python -m benchmarks.bonbons_long_games --players 4 --seeds 2
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics

import sweettooth as st
from sweettooth.agents import ISMCTSAgent, difficulty
from sweettooth.agents.ismcts import Search

AT = (200, 800, 1600)


def long_game_iterations(players: int, seed: int) -> list[int]:
    game = st.game("bonbons")
    hard = difficulty("bonbons", "hard", clock="cpu")
    assert isinstance(hard, ISMCTSAgent)
    hard = dataclasses.replace(hard, iterations=None)
    state = game.new(players, seed)
    rng = random.Random(seed)
    out = []
    for n in range(max(AT) + 1):
        if state.to_move is None:
            break
        legal = state.legal_actions()
        if n in AT:
            view = state.view(state.to_move)
            search = Search(hard, game, view, random.Random(n))
            search.run()
            out.append(search.iterations)
            print(f"{players}p seed {seed} move {n}: log {len(view['log'])} lines, "
                  f"{search.iterations} iterations", flush=True)
        stop = [a for a in legal if str(a) == "stop"]
        action = stop[0] if stop and rng.random() < 0.7 else rng.choice(legal)
        trial = state.copy()
        trial.apply(action)
        if trial.to_move is None and n < 1700:
            others = [b for b in legal if b != action]
            if others:
                action = rng.choice(others)
        state.apply(action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    for players in args.players:
        its = [i for seed in range(args.seeds) for i in long_game_iterations(players, seed)]
        print(f"bonbons {players}p long games: fewest {min(its)}, median "
              f"{statistics.median(its):.0f} iterations ({len(its)} searches)", flush=True)


if __name__ == "__main__":
    main()
