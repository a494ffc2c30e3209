"""Shared helpers for the Sweet Nose tests."""

from __future__ import annotations

import sweettooth as st
from sweettooth.games.sweetnose.state import SweetNoseState

GAME = st.game("sweetnose")

IDENTITY = [1, 2, 3, 4, 5]


def play(s: SweetNoseState, *texts: str) -> SweetNoseState:
    """Apply actions given in notation (each must be legal)."""
    for text in texts:
        s.apply(GAME.parse_action(s, text))
    return s


def legal_texts(s: SweetNoseState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def set_all_markers(s: SweetNoseState, values: list[int] | None = None) -> None:
    """Every player in turn sets the same markers (default red=1 ... yellow=5)."""
    from sweettooth.games.sweetnose.actions import SetMarkers

    while s.phase == "markers":
        s.apply(SetMarkers(tuple(values or IDENTITY)))

