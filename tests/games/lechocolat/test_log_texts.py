"""The log's action texts are made once and shared by copies (`ChocolateState.log`): a copy that
then plays other moves, and views read at any ply, still log exactly the moves of their own
history."""

from __future__ import annotations

import random

import sweettooth as st


def test_logs_of_diverging_copies_are_their_own_histories() -> None:
    game = st.game("lechocolat")
    for seed in range(6):
        rng = random.Random(seed)
        states = [game.new(2, seed=seed)]
        while any(s.to_move is not None for s in states):
            for state in [s for s in states if s.to_move is not None]:
                state.apply(rng.choice(state.legal_actions()))
                if rng.random() < 0.3:
                    view = state.view(rng.choice([0, 1, None]))
                    assert [e["action"] for e in view["log"]] == [str(a) for a in state.history]
            if rng.random() < 0.1 and len(states) < 4:
                states.append(rng.choice(states).copy())
        for state in states:
            log = state.view(0)["log"]
            assert [e["action"] for e in log] == [str(a) for a in state.history]
            assert [e["seat"] for e in log] == state.movers
