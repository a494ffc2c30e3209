"""Building a specific Sweet Nose position (for tests, puzzles and analysis).

>>> from sweettooth.games.sweetnose.positions import position, sweets
>>> s = position(
...     plates=[sweets(red=8), sweets(green=8), sweets(brown=8)],
...     market=sweets(pink=2, yellow=1),
...     markers=[[1, 2, 3, 4, 5]] * 3,
... )
>>> s.phase, s.to_move
('exchange', 0)

A built position has no history: it plays on normally but its record does not replay.
"""

from __future__ import annotations

from collections.abc import Sequence

from sweettooth.core.options import OptionValue

from .components import KINDS, TOKENS_PER_KIND
from .phases import EXCHANGE, MARKERS, START
from .state import SweetNoseState


def sweets(**counts: int) -> list[int]:
    """Counts per kind in KINDS order: sweets(red=1, green=3) -> [1, 3, 0, 0, 0]."""
    unknown = set(counts) - set(KINDS)
    if unknown:
        raise ValueError(f"unknown kind {sorted(unknown)[0]!r}; kinds: {', '.join(KINDS)}")
    return [counts.get(k, 0) for k in KINDS]


def position(
    players: int = 3,
    *,
    plates: Sequence[Sequence[int]],
    market: Sequence[int],
    bowls: Sequence[Sequence[int]] | None = None,
    markers: Sequence[Sequence[int]] | None = None,
    held: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    round_sp: Sequence[Sequence[int]] = (),
    round: int = 1,
    start: int = 0,
    turns: Sequence[int] | None = None,
    options: dict[str, OptionValue] | None = None,
    seed: int = 0,
) -> SweetNoseState:
    """A state in Phase 2 (with `markers` for everyone) or Phase 1 (markers None).

    `plates`, `bowls`, `market`: counts per kind (see `sweets`); `held`: store tile number per
    seat (0 = none); `start`: the start player of this round; `turns`: Phase 2 turns taken.
    """
    from .game import SweetNose

    game = SweetNose()
    opts = dict(options or {})
    opts.setdefault("variation", "basic")
    if opts["variation"] not in ("basic", "sky"):
        raise ValueError("positions start after any Shopkeeper auction: use basic or sky")
    s = game.start(players, seed, opts, plates=[list(p) for p in plates], market=list(market))
    t = s.table
    if bowls is not None:
        for seat in range(players):
            t.bowl[seat][:] = bowls[seat]
    in_play = [
        sum(t.plate[p][k] + t.bowl[p][k] for p in range(players)) + t.market[k]
        for k in range(len(KINDS))
    ]
    if any(c > TOKENS_PER_KIND for c in in_play):
        raise ValueError(f"more than {TOKENS_PER_KIND} tokens of a kind: {in_play}")
    s.removed = [TOKENS_PER_KIND - c for c in in_play]
    s.held = list(held) if held is not None else [0] * players
    s.totals = list(totals) if totals is not None else [0] * players
    s.round_sp = [list(r) for r in round_sp]
    s.round = round
    s.start = start
    s.order = [(start + i) % players for i in range(players)]
    s.idx = 0
    s.mover = s.order[0]
    s.log = [f"Position: round {round}, {'Phase 2' if markers else 'Phase 1'}"]
    if markers is None:
        s.phase = MARKERS
        s.markers_set = [False] * players
    else:
        for seat in range(players):
            if sorted(markers[seat]) != [1, 2, 3, 4, 5]:
                raise ValueError(f"markers of seat {seat} are not a permutation of 1..5")
            t.markers[seat][:] = markers[seat]
        s.markers_set = [True] * players
        s.phase = EXCHANGE
        s.step = START
        s.turns = list(turns) if turns is not None else [0] * players
    s._legal = None
    return s
