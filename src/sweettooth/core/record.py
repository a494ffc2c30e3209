"""Game records: replay, validation, and save files."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import IllegalAction, RecordError, SweetToothError
from .game import State
from .registry import game as get_game

RECORD_KEYS = ("game", "rules_version", "players", "seed", "options", "actions")
"""Every record has these. It may also have `names`: the players' names by seat, as the game
showed them ("You", "Candy Bot 1"), which a replay shows again (`seat_names`)."""


def replay(record: Any) -> State:
    """The state a record leads to. Replays are exact: same seed, same actions, same game.

    A malformed record or an action that does not replay raises RecordError naming the problem.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object, got {type(record).__name__}")
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    g = get_game(record["game"])
    if record["rules_version"] != g.rules_version:
        raise RecordError(
            f"record was made with {g.id} rules version {record['rules_version']!r}; "
            f"this is version {g.rules_version!r}"
        )
    options, actions = record["options"], record["actions"]
    if not isinstance(options, dict):
        raise RecordError("record 'options' must be an object")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record 'actions' must be a list of strings")
    try:
        state: State = g.new(record["players"], record["seed"], **options)
    except (SweetToothError, ValueError, TypeError) as exc:
        raise RecordError(f"record cannot start a game: {exc}") from None
    for ply, text in enumerate(actions):
        try:
            state.apply(g.parse_action(state, text))
        except IllegalAction as exc:
            raise RecordError(f"record action {ply} ({text!r}) does not replay: {exc}") from None
    return state


def seat_names(record: Any, players: int) -> list[str]:
    """The names a replay shows: the record's `names` when it has one per seat (non-empty
    words), else "Player 1", "Player 2", ... (records saved before names were kept, or
    written by hand).

    >>> seat_names({"names": ["You", "Candy Bot 1"]}, 2)
    ['You', 'Candy Bot 1']
    >>> seat_names({"names": ["You"]}, 2)
    ['Player 1', 'Player 2']
    """
    names = record.get("names") if isinstance(record, dict) else None
    if (isinstance(names, list) and len(names) == players
            and all(isinstance(n, str) and n.strip() for n in names)):
        return [n.strip() for n in names]
    return [f"Player {s + 1}" for s in range(players)]


def load_record(path: str | Path) -> State:
    """Read a record file (JSON) and replay it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not valid JSON: {exc}") from None
    return replay(data)


def save_record(state: State, path: str | Path, names: Sequence[str] | None = None) -> None:
    """Write the state's record as JSON, atomically: the record goes to a new file beside the
    target, which then replaces it, so a failed write (a full disk, a crash) leaves the old file
    as it was and no partial file behind. The players' `names` by seat, when given, go into the
    record so that a replay shows them."""
    target = Path(path)
    record = state.record()
    if names is not None:
        record["names"] = [str(n) for n in names]
    text = json.dumps(record, indent=1) + "\n"
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        with tmp.open("x", encoding="utf-8") as out:  # a new file: no other save shares it
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
