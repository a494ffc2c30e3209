"""Knowledge is applied when read (`BitterSweetState.know`): reading it late, or in a copy made
while events were still unread, gives exactly what reading it after every action gives."""

from __future__ import annotations

import random

from sweettooth.games.bittersweet.state import BitterSweetState

from .helpers import GAME


def test_knowledge_read_late_or_in_copies_equals_knowledge_read_at_every_step() -> None:
    for seed in range(8):
        players = 2 + seed % 3
        eager, lazy = GAME.new(players, seed=seed), GAME.new(players, seed=seed)
        copies: list[BitterSweetState] = []
        rng = random.Random(seed)
        while eager.to_move is not None:
            action = rng.choice(eager.legal_actions())
            for state in (eager, lazy, *copies):
                state.apply(action)
            expected = eager.know  # read after every action: each event applied at once
            ply = len(eager.history)
            if ply % 5 == 0:
                copies = [*copies[-2:], lazy.copy()]  # made with events still unread
            if ply % 13 == 0:
                for state in (lazy, *copies):
                    assert state.know == expected, (seed, ply)
        for state in (lazy, *copies):
            assert state.know == eager.know, seed
            assert state.view(0) == eager.view(0), seed


def test_one_row_read_at_a_time_equals_every_row_read_at_every_step() -> None:
    """`know_row` brings one observer's masks up to date and leaves the others' news pending
    (as an RL environment reads only the seat to act): every row still ends exactly as if all
    were read after every action, also in copies made between row reads."""
    for seed in range(8):
        players = 2 + seed % 3
        eager, rowwise = GAME.new(players, seed=seed), GAME.new(players, seed=seed)
        copies: list[BitterSweetState] = []
        rng = random.Random(100 + seed)
        while eager.to_move is not None:
            action = rng.choice(eager.legal_actions())
            for state in (eager, rowwise, *copies):
                state.apply(action)
            expected = eager.know
            observer = rng.randrange(players + 1) if rng.random() < 0.3 else eager.to_move
            if observer is not None:
                for state in (rowwise, *copies):
                    assert state.know_row(observer) == expected[observer], (seed, observer)
            if len(eager.history) % 7 == 0:
                copies = [*copies[-2:], rowwise.copy()]
        for state in (rowwise, *copies):
            assert state.know == eager.know, seed
            for seat in range(players):
                assert state.view(seat) == eager.view(seat), (seed, seat)
