"""The full-screen terminal app (Textual): `sweettooth play GAME` on a terminal.

>>> callable(run_tui)
True
"""

from __future__ import annotations

from typing import Any

from .app import SweetApp


def run_tui(game_id: str, players: int, options: dict[str, Any], **kwargs: Any) -> int:
    """Play one game full screen; returns the exit code (0: played to the end, 1: stopped).

    The keywords are SweetApp's (humans, agents, names, state, bot_seed, ...)."""
    app = SweetApp(game_id, players, options, **kwargs)
    code = app.run()
    return code if isinstance(code, int) else app.exit_code


__all__ = ["SweetApp", "run_tui"]
