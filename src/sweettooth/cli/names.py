"""How people and bots are named in every face of the terminal: one scheme for every game.

The names given win; otherwise the person playing alone is "You" and the bots "Candy Bot 1",
"Candy Bot 2", ...; in hotseat everyone is "Player 1", "Player 2", ... Seats are counted from 1
wherever a person reads them; the games' notation keeps its own ids (P2, p1.3, ...).

>>> player_names(3, humans={0})
['You', 'Candy Bot 1', 'Candy Bot 2']
>>> player_names(2, humans={1}, name="Ada")
['Candy Bot 1', 'Ada']
>>> player_names(2, humans={0, 1})
['Player 1', 'Player 2']
"""

from __future__ import annotations

from collections.abc import Collection


def player_names(players: int, humans: Collection[int], name: str | None = None) -> list[str]:
    """A name per seat: `name` (or "You") for a lone human, "Player n" in hotseat, bots numbered."""
    if len(humans) > 1:
        return [
            (name if name and seat == min(humans) else f"Player {seat + 1}")
            if seat in humans else _bot(players, humans, seat)
            for seat in range(players)
        ]
    return [
        (name or "You") if seat in humans else _bot(players, humans, seat)
        for seat in range(players)
    ]


def _bot(players: int, humans: Collection[int], seat: int) -> str:
    number = 1 + sum(1 for s in range(seat) if s not in humans)
    return f"Candy Bot {number}"

