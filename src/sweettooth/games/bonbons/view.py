"""Bonbons views: the shared memory of the table (BB-2).

Every flip is seen by everyone, so every seat (and a spectator) gets the same view: each square
and each round tile with its state and, if it was ever flipped, its face and the turn it was last
seen; where every round tile is now (tiles move by theft, give-back and drawing: `id` follows a
tile); the draw pile's size; the go in progress; and the log of every action with what it showed.
Nobody sees the face of a tile that was never flipped, the owner included.

View fields (besides the envelope of `State.view`):

- `variant`, `removed` (candies out of the game), `turn` (turns completed), `turn_limit`, `phase`
- `grid`: rows of squares `{"square": "a1", "state", "face", "seen"}`; state is `down`,
  `showing`, `matched`, `wrapper` (the empty wrapper, face up for good) or `taken` (a coin square
  whose coins now cover a round tile)
- `rows`: per seat, round tiles `{"tile": "p0.1", "id", "state", "face", "seen"}`; state is
  `down`, `showing`, `found` or `coins`
- `pile`: round tiles left to draw
- `go`: the squares and round tile showing now, and the victim of a theft awaiting its give-back
- `log`: one line per action, oldest first: `p0 a2: blue lollipop (showing)`, `p0 p1.1: blue
  lollipop (theft)`, `p0 give p0.3 (given back)`, `p1 e6: red caramel (no match; turn passes)`:
  the seat, the action, the face it showed, the outcome and, if the turn ended, how
- at the end, `ended` (`all face up` or `turn limit`) and `tally` (each seat's breakdown)

That view is the table's memory, and bots get it whole. A person gets `person_view(view)`
(`BonbonsGame.person_view`): with the `memory_aid` option off (the default) it keeps the faces
in the player's head: a face-down tile (square or round, under coins too) carries no `face` and
no `seen`, and the log lines carry no faces. Either way it adds `turned_down`: the pieces the
latest action turned face down again after a failed turn (`no match`), with the faces they
showed, `[{"piece": "c4", "face": "red caramel"}, ...]` (oldest first; empty otherwise): what
everyone sees on the table at that moment, before the tiles go down.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sweettooth.core import JSON

from .codes import CHOOSE_GIFT, ENDS, OUTCOMES, OVER, PHASES, ROUND_STATES, SQUARE_STATES

FACE_DOWN = ("down", "coins")
"""Piece states whose face nobody sees now (a round tile under coins stays face down)."""

if TYPE_CHECKING:  # annotations only: state.py imports this module
    from .state import BonbonsState


def tile_label(seat: int, slot: int) -> str:
    return f"p{seat}.{slot + 1}"


def log_line(seat: int, action: str, shows: str | None, outcome: int, end: int) -> str:
    """'p0 a2: blue lollipop (theft)', 'p1 stop (stops; turn passes)'."""
    text = f"p{seat} {action}: {shows} (" if shows else f"p{seat} {action} ("
    return f"{text}{OUTCOMES[outcome]}; {ENDS[end]})" if end else f"{text}{OUTCOMES[outcome]})"


LOG_LINE = re.compile(r"p(\d+) ([^:(]+?)(?:: ([^(]+))? \(([^;)]+)(?:; ([^)]+))?\)")
"""Reads a log line back: seat, action, face shown, outcome, end."""


def public_view(s: BonbonsState, with_log: bool = True) -> JSON:
    """The one view every seat gets (see the module docstring); `with_log=False` leaves out the
    log (a search's rollouts, whose heuristic reads the table, not the log)."""
    lay = s.layout
    box = lay.box
    names = box.names
    n = lay.size
    sq_state, sq_seen, sq_face = s.square_status, s.square_seen, s.square_face
    grid = []
    for r in range(n):
        line = []
        for p in range(r * n, r * n + n):
            seen = sq_seen[p]
            line.append({
                "square": lay.square_name(p),
                "state": SQUARE_STATES[sq_state[p]],
                "face": names[sq_face[p]] if seen >= 0 else None,
                "seen": seen if seen >= 0 else None,
            })
        grid.append(line)
    rows = []
    for p, row in enumerate(s.rows):
        tiles = []
        for k, t in enumerate(row):
            seen = s.round_seen[t]
            tiles.append({
                "tile": tile_label(p, k),
                "id": t,
                "state": ROUND_STATES[s.round_status[t]],
                "face": names[s.round_face[t]] if seen >= 0 else None,
                "seen": seen if seen >= 0 else None,
            })
        rows.append(tiles)
    log = list(s.log_lines()) if with_log else []
    out: JSON = {
        "variant": "quick" if lay.removed else "standard",
        "removed": [box.candies[c] for c in lay.removed],
        "turn": s.turn,
        "turn_limit": s.turn_limit,
        "phase": PHASES[s.phase],
        "grid": grid,
        "rows": rows,
        "pile": len(s.round_face) - s.pile,
        "go": {
            "squares": [lay.square_name(p) for p in s.flipped],
            "round": tile_label(s.rd_seat, s.rd_slot) if s.rd_seat >= 0 else None,
            "victim": s.rd_seat if s.phase == CHOOSE_GIFT else None,
        },
    }
    if with_log:
        out["log"] = log
    if s.phase == OVER:
        out["ended"] = "turn limit" if s.by_limit else "all face up"
        out["tally"] = s.tally()
    return out


def turned_down(log: list[str]) -> list[JSON]:
    """The pieces (and faces) a failed turn just turned face down again: the flips of the
    turn the last log line ended with `no match`; empty if the last line is anything else."""
    parsed = [LOG_LINE.fullmatch(str(line)) for line in log]
    last = parsed[-1] if parsed else None
    if last is None or last.group(4) != OUTCOMES[3]:
        return []
    out: list[JSON] = []
    for i in range(len(parsed) - 1, -1, -1):
        e = parsed[i]
        if e is None or e.group(1) != last.group(1):
            break
        earlier = i < len(parsed) - 1
        if earlier and e.group(5):
            break  # an earlier turn of the same seat
        if e.group(3) and e.group(4) in (OUTCOMES[0], OUTCOMES[3]):
            out.append({"piece": e.group(2), "face": e.group(3)})
        if earlier and e.group(4) != OUTCOMES[0]:
            break
    return out[::-1]


def faceless(line: str) -> str:
    """A log line without the face it showed: 'p1 e6: red caramel (no match; turn passes)'
    -> 'p1 e6 (no match; turn passes)'."""
    m = LOG_LINE.fullmatch(line)
    if m is None or m.group(3) is None:
        return line
    end = m.group(5)
    return f"p{m.group(1)} {m.group(2)} ({m.group(4)}" + (f"; {end})" if end else ")")


def _forget(piece: JSON) -> JSON:
    if piece["state"] in FACE_DOWN:
        return {**piece, "face": None, "seen": None}
    return piece


def person_view(view: JSON) -> JSON:
    """The view a person's screen gets (see the module docstring): with the memory aid off, no
    face of a face-down piece and no face in the log; always `turned_down`."""
    log = view.get("log")
    out: JSON = {**view, "turned_down": turned_down(log if isinstance(log, list) else [])}
    if (view.get("options") or {}).get("memory_aid"):
        return out
    out["grid"] = [[_forget(c) for c in line] for line in view["grid"]]
    out["rows"] = [[_forget(t) for t in row] for row in view["rows"]]
    if isinstance(log, list):
        out["log"] = [faceless(str(line)) for line in log]
    return out
