"""Determinization (`BonbonsGame.sample`): re-deal only what nobody has seen.

A view holds the whole public memory (see view.py), so the position is rebuilt straight from it:
where every tile is, every status, the go in progress, the log (and from it the history). Only
faces that were never flipped are unknown; they are dealt at random: the unseen round faces
among the unseen round tiles (in rows, under coins, in the draw pile) and the unseen square
faces among the unseen squares. Every past flip showed a face that is kept, so every past
outcome is unchanged, including those of tiles that moved by theft or give-back and tiles drawn
after an empty wrapper.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from sweettooth.core import JSON, Game, OptionValue

from .actions import NOTATION
from .codes import END_CODES, OUTCOME_CODES, OVER, PHASES, ROUND_STATES, SQUARE_STATES
from .components import Layout
from .state import BonbonsState, Event
from .view import LOG_LINE


def _deal_unseen(all_faces: tuple[int, ...], known: list[int], rng: random.Random) -> list[int]:
    """`known` with every -1 replaced by a face from what the box holds and nobody has seen."""
    left = Counter(all_faces)
    left.subtract(f for f in known if f >= 0)
    if any(v < 0 for v in left.values()):
        raise ValueError("the view shows a face more often than the box holds it")
    rest = sorted(left.elements())
    rng.shuffle(rest)
    it = iter(rest)
    return [f if f >= 0 else next(it) for f in known]


def _event(line: str, codes: dict[str, int]) -> Event:
    """A log line read back into an event (seat, action, face shown, outcome, end)."""
    try:
        return _EVENTS[line]
    except KeyError:
        pass
    match = LOG_LINE.fullmatch(line)
    if match is None:
        raise ValueError(f"unreadable log line {line!r}")
    seat, action, shows, outcome, end = match.groups()
    event = (int(seat), NOTATION[action], -1 if shows is None else codes[shows],
             OUTCOME_CODES[outcome], END_CODES[end])
    if len(_EVENTS) < 100_000:
        _EVENTS[line] = event
    return event


_EVENTS: dict[str, Event] = {}
"""Log lines already read: a search deals from the same view hundreds of times, and the same
lines come back from game to game (a line names its seat, action, face and outcome only)."""


def state_from_view(
    game: Game[Any], view: JSON, options: dict[str, OptionValue], layout: Layout, seed: int
) -> BonbonsState:
    """A full position consistent with `view`, unseen faces dealt from `seed`."""
    rng = random.Random(seed)
    codes = layout.box.face_codes
    n_round = len(layout.round_faces)
    round_face = [-1] * n_round
    round_status = [0] * n_round
    round_seen = [-1] * n_round
    rows: list[list[int]] = []
    for seat_row in view["rows"]:
        ids = []
        for t in seat_row:
            tile = t["id"]
            ids.append(tile)
            round_status[tile] = ROUND_STATES.index(t["state"])
            if t["seen"] is not None:
                round_seen[tile] = t["seen"]
            if t["face"] is not None:
                round_face[tile] = codes[t["face"]]
        rows.append(ids)
    cells = [c for line in view["grid"] for c in line]
    square_face = [-1 if c["face"] is None else codes[c["face"]] for c in cells]
    at = {c["square"]: p for p, c in enumerate(cells)}

    s = BonbonsState.deal(
        game, view["players"], seed, options, layout,
        _deal_unseen(layout.round_faces, round_face, rng),
        _deal_unseen(layout.square_faces, square_face, rng),
        int(view["turn_limit"]),
    )
    s.rows = rows
    s.round_status = round_status
    s.round_seen = round_seen
    s.square_status = [SQUARE_STATES.index(c["state"]) for c in cells]
    s.square_seen = [-1 if c["seen"] is None else c["seen"] for c in cells]
    s.pile = n_round - view["pile"]
    s.phase = PHASES.index(view["phase"])
    s.turn = view["turn"]
    go = view["go"]
    s.flipped = [at[name] for name in go["squares"]]
    if go["round"] is not None:
        seat, slot = go["round"][1:].split(".")
        s.rd_seat, s.rd_slot = int(seat), int(slot) - 1
    events: list[Event] = [_event(line, codes) for line in view["log"]]
    s.events = events
    s._log, s._log_of = list(view["log"]), events  # the lines these events render (BB log)
    s.history = [e[1] for e in events]
    if s.phase == OVER:
        s.mover = events[-1][0]
        s.winners = list(view["result"]["winners"])
        s.by_limit = view["ended"] == "turn limit"
    else:
        s.mover = view["to_move"]
    return s


def components_of(state: BonbonsState) -> Counter[str]:
    """Every face of the state (for the conformance kit): round tiles and squares apart."""
    name = state.layout.box.face_name
    return Counter([*(f"round {name(f)}" for f in state.round_face),
                    *(f"square {name(f)}" for f in state.square_face)])
