"""`sweettooth replay`: a saved game, move by move, as a spectator (or one seat) saw it.

A record is the JSON that `State.record()` (and `play --save`) writes. Anything wrong with the
file (unreadable, not JSON, missing fields, an action that does not replay) is a RecordError with
a message naming the problem.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sweettooth.core import JSON, RecordError, State, replay
from sweettooth.core.record import seat_names

from . import drawing
from .play import end_summary


def read_record(path: Path) -> JSON:
    """The record in `path`, checked to replay; RecordError (or UnknownGame) otherwise."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file (expected a JSON game record)") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc}") from None
    replay(data)  # validates everything, with messages naming the problem
    record: JSON = data
    return record


def replay_steps(record: JSON, seat: int | None, write: Callable[[str], None]) -> State:
    """Print what `seat` (None: a spectator) saw: the table at the start, then after each move
    who moved and what that seat's view newly logs, and the table again. Nothing else: not the
    seed, not the moves' notation (a move may be hidden from that seat, as Sweet Nose markers
    are), and no one else's view. Returns the end state."""
    game_state = replay({**record, "actions": []})
    game = game_state.game
    game_state.check_seat(seat)
    players = game_state.players
    names = seat_names(record, players)
    who = "a spectator" if seat is None else names[seat]
    total = len(record["actions"])
    write("\n".join(textwrap.wrap(
        f"{game.title}, {players} players ({', '.join(names)}); {total} moves recorded. "
        f"Shown as {who} saw the game: nothing that {who} could not see.", 78)))
    view = game_state.view(seat)
    opening = drawing.public_log(view) or []
    for entry in opening:
        write(f"  {drawing.log_line(game, entry, names)}")
    seen = len(opening)
    write(drawing.draw(game, view, names))
    for ply, text in enumerate(record["actions"]):
        mover = game_state.to_move
        action: Any = game.parse_action(game_state, text)
        game_state.apply(action)
        view = game_state.view(seat)
        write(f"\n--- move {ply + 1}: {names[mover] if mover is not None else '?'}")
        log = drawing.public_log(view)
        if log is not None:
            for entry in log[seen:] if seen <= len(log) else log:
                write(f"  {drawing.log_line(game, entry, names)}")
            seen = len(log)
        write(drawing.draw(game, view, names))
    if game_state.result() is None:
        mover = game_state.to_move
        waiting = names[mover] if mover is not None else "?"
        write(f"\nThe record ends before the game does ({waiting} to move).")
    else:
        write("")
        write(end_summary(game_state, game_state.view(seat), names))
    return game_state
