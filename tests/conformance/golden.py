"""Golden playthroughs: which we keep; `python -m tests.conformance.golden` rewrites them.

Rewrite only after an intended rules change, and say so in the commit message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sweettooth as st
from sweettooth.core.conformance import golden_lines, golden_name
from sweettooth.core.options import OptionValue

GOLDEN_DIR = Path(__file__).parent / "golden"
SEED = 20261130


def wanted() -> list[tuple[str, int, dict[str, OptionValue]]]:
    """One playthrough per game and variant, at the smallest player count."""
    out = []
    for gid in st.games():
        game = st.game(gid)
        for options in game.variants():
            out.append((gid, game.min_players, options))
    return out


def path_for(gid: str, players: int, options: dict[str, OptionValue]) -> Path:
    return GOLDEN_DIR / golden_name(gid, players, options)


def read_header(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        header: dict[str, Any] = json.loads(f.readline())
    return header


def write_all() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for gid, players, options in wanted():
        lines = golden_lines(st.game(gid), players, options, SEED)
        path_for(gid, players, options).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path_for(gid, players, options).name}: {len(lines) - 1} steps")


if __name__ == "__main__":
    write_all()
