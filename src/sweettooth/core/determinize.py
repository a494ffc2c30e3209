"""`sample`: the public determinizer. A full state consistent with what one seat knows.

`sample(game_id, view, rng)` deals everything the view's seat cannot see at random, uniformly
over the worlds consistent with the view (the conformance kit checks each game's sampler: the
sampled state gives the seat the same view and the same legal actions, and the hidden parts
vary). Search without cheating starts here; perfect-information Monte Carlo (PIMC) in ten lines,
which scores each move by random playouts in sampled worlds:

>>> import random
>>> import sweettooth as st
>>> def pimc(game_id, view, rng, worlds=4):
...     totals: dict[str, float] = {}
...     for _ in range(worlds):
...         world = st.sample(game_id, view, rng)
...         for action in world.legal_actions():
...             s = world.copy()
...             s.apply(action)
...             while s.to_move is not None:
...                 s.apply(rng.choice(s.legal_actions()))
...             gain = s.result().scores[view["seat"]]
...             totals[str(action)] = totals.get(str(action), 0.0) + gain
...     return max(totals, key=totals.__getitem__)
>>> state = st.game("lechocolat").new(2, seed=3)
>>> move = pimc("lechocolat", state.view(0), random.Random(1))
>>> move in [str(a) for a in state.legal_actions()]
True
"""

from __future__ import annotations

import random

from .errors import SweetToothError
from .game import JSON, State
from .registry import game


def sample(game_id: str, view: JSON, rng: random.Random | int, seat: int | None = None) -> State:
    """A full state of `game_id` consistent with `view` (the view of `seat`, by default the
    view's own `seat`), what that seat cannot see dealt at random. `rng`: a `random.Random`
    (one 64-bit seed is drawn from it) or an integer seed; the same seed gives the same state."""
    if not isinstance(view, dict) or view.get("game") != game_id:
        found = view.get("game") if isinstance(view, dict) else type(view).__name__
        raise SweetToothError(f"this view is of {found!r}, not of {game_id!r}")
    if seat is None:
        seat = view.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise SweetToothError(
            "a spectator's view (seat None) cannot be sampled: give the view of a seat")
    if isinstance(rng, random.Random):
        seed = rng.getrandbits(64)
    elif isinstance(rng, int) and not isinstance(rng, bool):
        seed = rng
    else:
        raise SweetToothError(f"rng must be a random.Random or an integer seed, got {rng!r}")
    world: State = game(game_id).sample(view, seat, seed)
    return world
