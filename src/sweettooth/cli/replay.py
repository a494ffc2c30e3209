"""`sweettooth replay`: a saved game, move by move, as a spectator (or one seat) saw it.

A record is the JSON that `State.record()` (and `play --save`) writes. Anything wrong with the
file (unreadable, not JSON, missing fields, an action that does not replay) is a RecordError with
a message naming the problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sweettooth.core import JSON, RecordError, State, replay

from .play import summary


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
    """Print the initial view, then each action and the view after it. Returns the end state."""
    game_state = replay({**record, "actions": []})
    game = game_state.game
    game_state.check_seat(seat)
    who = "spectator" if seat is None else f"seat {seat}"
    write(
        f"{game.title}: {record['players']} players, seed {record['seed']}, "
        f"{len(record['actions'])} actions; seen by the {who}."
    )
    write(game.render(game_state.view(seat)))
    for ply, text in enumerate(record["actions"]):
        mover = game_state.to_move
        action: Any = game.parse_action(game_state, text)
        game_state.apply(action)
        write(f"\n--- ply {ply + 1}: seat {mover} plays {action}")
        write(game.render(game_state.view(seat)))
    result = game_state.result()
    if result is None:
        write(f"\nThe record ends before the game does (seat {game_state.to_move} to move).")
    else:
        write("")
        write(summary(result, [f"seat {s}" for s in range(game_state.players)]))
    return game_state
