"""Determinization: a full state consistent with what one seat has seen.

Tokens, stores and scores are public, so the only hidden things are the other players'
markers (SN-3). We rebuild the game from the public deal and replay the seat's moves list;
every hidden marker choice is dealt at random, consistent with any reveal the seat saw:
in a revealed round the markers are the revealed ones, undone by a random switch if that
player used store 10 in that round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Protocol

from sweettooth.core import JSON, IllegalAction, OptionValue, Rng, State

from .actions import SetMarkers, StoreUse
from .components import KINDS, MARKER_VALUES
from .state import SweetNoseState
from .view import HIDDEN_MARKERS


class Dealer(Protocol):
    """What the sampler needs of the game (`SweetNose`): a game started from a given deal."""

    def start(
        self, players: int, seed: int, options: dict[str, OptionValue],
        plates: list[list[int]] | None = None, market: list[int] | None = None,
    ) -> SweetNoseState: ...

    def parse_action(self, state: State, text: str) -> Any: ...


def _is_switch(text: str) -> bool:
    return text.startswith("store ") and text.endswith(" switch (hidden)")


Seen = Callable[["SweetNoseState", int, Any], None]
"""Told of each move as the replay makes it: (the state before it, the mover, the action)."""


def sample(game: Dealer, view: JSON, seat: int, seed: int,
           seen: Seen | None = None) -> SweetNoseState:
    """A state whose view for `seat` is `view`, the others' markers dealt from `seed`.
    `seen(state, mover, action)` is called before each move is replayed (the beliefs read the
    others' decisions this way)."""
    rng = Rng(seed)
    players = int(view["players"])
    deal = view["deal"]
    plates = [[p[k] for k in KINDS] for p in deal["plates"]]
    market = [deal["market"][k] for k in KINDS]
    state = game.start(players, seed, dict(view["options"]), plates=plates, market=market)
    moves: list[list[Any]] = view["moves"]

    # Which rounds each other player used a secret switch in (counting their marker moves).
    rounds_seen = [0] * players
    pairs: dict[tuple[int, int], tuple[int, int]] = {}
    for q, text in moves:
        if q == seat:
            continue
        if text == HIDDEN_MARKERS:
            rounds_seen[q] += 1
        elif _is_switch(text):
            a, b = sorted(rng.sample(range(len(KINDS)), 2))
            pairs[(q, rounds_seen[q])] = (a, b)
    revealed = {r["round"]: r["markers"] for r in view["rounds"]}

    for q, text in moves:
        action: Any
        if q != seat and text == HIDDEN_MARKERS:
            if state.round in revealed:
                values = [revealed[state.round][q][k] for k in KINDS]
                pair = pairs.get((q, state.round))
                if pair is not None:  # undo the switch made later this round
                    a, b = pair
                    values[a], values[b] = values[b], values[a]
            else:
                values = list(MARKER_VALUES)
                rng.shuffle(values)
            action = SetMarkers(tuple(values))
        elif q != seat and _is_switch(text):
            number = int(text.split()[1])
            a, b = pairs[(q, state.round)]
            action = StoreUse(number, state.rules.tile(number).effect, give=(a,), take=(b,))
        else:
            action = game.parse_action(state, text)
        if state.to_move != q:
            raise IllegalAction(f"view does not replay: move {text!r} is not by P{q + 1}")
        if seen is not None:
            seen(state, q, action)
        state.apply(action)
    return state


def components_of(state: SweetNoseState) -> Counter[str]:
    """Every sweet token (plates, bowls, market, out of the game) and every player's markers
    (for the conformance kit; markers not set this round count as unset)."""
    t = state.table
    out: Counter[str] = Counter()
    for k, kind in enumerate(KINDS):
        out[f"token {kind}"] = (sum(p[k] for p in t.plate) + sum(b[k] for b in t.bowl)
                                + t.market[k] + state.removed[k])
    for q, markers in enumerate(t.markers):
        out.update(f"P{q + 1} marker {v}" if v else f"P{q + 1} marker unset" for v in markers)
    return out
