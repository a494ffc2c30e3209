"""The full-screen terminal app (Textual): `sweettooth play GAME` on a terminal.

>>> callable(run_tui)
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sweettooth.agents import Agent

from .app import SweetApp


def run_tui(
    game_id: str,
    players: int,
    options: dict[str, Any],
    *,
    humans: list[int],
    agents: dict[int, Agent],
    names: list[str],
    bot_delay: float = 0.6,
    memory_aid: bool = False,
    save: Path | None = None,
    seed: int | None = None,
) -> int:
    """Play one game full screen; returns the exit code (0: played to the end, 1: stopped)."""
    app = SweetApp(
        game_id,
        players,
        options,
        humans=humans,
        agents=agents,
        names=names,
        bot_delay=bot_delay,
        memory_aid=memory_aid,
        save=save,
        seed=seed,
    )
    code = app.run()
    return code if isinstance(code, int) else app.exit_code


__all__ = ["SweetApp", "run_tui"]
