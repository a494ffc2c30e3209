"""What each seat sees (SN-3): all tokens, stores and scores are public; markers are secret.

A seat sees its own markers; nobody sees another's until the reveal at counting, and the
moves list hides another player's marker choice and store-10 switch (they read
"markers (hidden)" and "store 10 switch (hidden)"). The spectator (None) sees no markers
before a reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweettooth.core import JSON

from . import stores as store_effects
from .actions import SetMarkers, StoreUse
from .components import KINDS, TOKENS_PER_KIND
from .phases import EXCHANGE, ROUNDS, STEP_NAMES

if TYPE_CHECKING:  # annotations only: state.py imports this module
    from .state import SweetNoseState

HIDDEN_MARKERS = "markers (hidden)"


def hidden_switch(number: int) -> str:
    return f"store {number} switch (hidden)"


def kinds_dict(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {k: counts[i] for i, k in enumerate(KINDS)}


def public_move(action: object) -> str | None:
    """The placeholder others see for a secret move, or None if the move is public."""
    if isinstance(action, SetMarkers):
        return HIDDEN_MARKERS
    if isinstance(action, StoreUse) and action.effect in store_effects.SECRET:
        return hidden_switch(action.number)
    return None


def moves_seen_by(state: SweetNoseState, seat: int | None) -> list[list[int | str]]:
    out: list[list[int | str]] = []
    for action, mover in zip(state.history, state.movers, strict=True):
        shown = None if mover == seat else public_move(action)
        out.append([mover, shown if shown is not None else str(action)])
    return out


def build_view(state: SweetNoseState, seat: int | None) -> JSON:
    """All that `seat` knows (None: a spectator)."""
    t = state.table
    rules = state.rules
    in_play = [
        sum(p[k] for p in t.plate) + sum(b[k] for b in t.bowl) + t.market[k]
        for k in range(len(KINDS))
    ]
    own = None
    if seat is not None and state.markers_set[seat]:
        own = kinds_dict(t.markers[seat])
    view: JSON = {
        "options": dict(state.options),
        "kinds": list(KINDS),
        "round": state.round,
        "rounds_to_play": None if rules.sky else ROUNDS,
        "phase": state.phase,
        "start_player": state.start,
        "order": state.order[:],
        "turn_step": STEP_NAMES[state.step] if state.phase == EXCHANGE else None,
        "turns_taken": state.turns[:],
        "max_turns": rules.max_turns,
        "plates": [kinds_dict(p) for p in t.plate],
        "bowls": [kinds_dict(b) for b in t.bowl],
        "market": kinds_dict(t.market),
        "out_of_game": kinds_dict([TOKENS_PER_KIND - c for c in in_play]),
        "markers": own,
        "markers_set": state.markers_set[:],
        "stores": {
            "tiles": [
                {"number": s.number, "level": s.level, "caption": s.caption, "effect": s.effect}
                for s in rules.stores
            ],
            "held": [h or None for h in state.held],
            "board": [s.number for s in state.board()],
        },
        "picking": [list(p) for p in state.picks],
        "auction": (
            {"bids": state.bids[:], "in": state.in_auction[:]} if rules.shopkeeper else None
        ),
        "totals": state.totals[:],
        "round_sp": [r[:] for r in state.round_sp],
        "rounds": [r.to_json() for r in state.rounds],
        "deal": {
            "plates": [kinds_dict(p) for p in state.deal[0]],
            "market": kinds_dict(state.deal[1]),
        },
        "moves": moves_seen_by(state, seat),
        "log": state.log[:],
    }
    return view
