"""`review(record, seat)`: every decision of one seat in a recorded game, judged.

The record is replayed move by move (`sweettooth.replay` semantics); at each of the seat's
decisions (a turn with more than one legal move) the position is judged by `judge` and the
verdict is put in words: the move played and the best move found in the game's notation (the
same words as the hints), the value of each, the loss, the class (`settings.THRESHOLDS`) and
the hint's reason for the best move (`sweettooth.agents.hints`), so the review and the Hint
button never explain a move differently.

The result (`Review`) turns into JSON with `to_json()`; `progress(done, total)` is called after
each judged decision (for a progress bar, or a server's background job).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from sweettooth.agents.hints import GAMES as HINTED
from sweettooth.agents.hints import People
from sweettooth.core import JSON, RecordError, State, replay

from .judge import judge, review_agent, view_actions
from .settings import METHOD, THRESHOLDS

Progress = Callable[[int, int], None]
"""(decisions judged so far, decisions to judge)."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One decision of the seat, judged."""

    ply: int  # the index of the move in the record's actions (0 = the first move)
    played: str
    best: str
    played_value: float
    best_value: float
    loss: float
    cls: str
    reason: str  # the hint's reason for the best move
    played_reason: str  # the hint's words for the move played

    def to_json(self) -> JSON:
        data = asdict(self)
        data["class"] = data.pop("cls")
        return data


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's game, judged (see the module docstring)."""

    game: str
    seat: int
    mode: str  # "fair" (from the seat's view) or "hindsight" (with all cards shown)
    unit: str  # what the values count: "win share" (0 to 1) or "points"
    iterations: int
    moves: list[MoveReview] = field(default_factory=list)
    method: int = 1  # the game's review method (`settings.METHOD`)

    def counts(self) -> dict[str, int]:
        """How many moves fell in each class."""
        from .settings import CLASSES

        return {c: sum(1 for m in self.moves if m.cls == c) for c in CLASSES}

    def to_json(self) -> JSON:
        return {
            "game": self.game, "seat": self.seat, "mode": self.mode, "unit": self.unit,
            "method": self.method, "iterations": self.iterations, "counts": self.counts(),
            "moves": [m.to_json() for m in self.moves],
        }


def review(
    record: JSON | State, seat: int, *, iterations: int | None = None, hindsight: bool = False,
    seed: int = 0, progress: Progress | None = None,
) -> Review:
    """Judge every decision of `seat` (counted from 0) in `record` (a record dict as
    `State.record()` writes it, or a State, whose record is used).

    `iterations`: the search budget per decision (default: the game's, `settings.SEARCH`).
    `hindsight`: judge with all cards shown instead of from the seat's view. `seed`: the
    search's random choices (the same record, seat, settings and seed give the same review).
    RecordError if the record does not replay; ValueError for a seat not at the table or a
    budget below 1.
    """
    data = record.record() if isinstance(record, State) else record
    end = replay(data)  # RecordError naming what is wrong
    game = end.game
    if not isinstance(seat, int) or not 0 <= seat < end.players:
        raise ValueError(f"seat must be 0..{end.players - 1} for {end.players} players, "
                         f"got {seat!r}")
    if game.id not in HINTED:
        raise RecordError(f"no review for {game.title}: it has no hints to explain moves")
    agent = review_agent(game.id, iterations)
    thresholds = THRESHOLDS[game.id]
    state = replay({**data, "actions": []})
    plies = _decisions(data, seat)
    seeds = random.Random(seed)
    moves: list[MoveReview] = []
    for ply, text in enumerate(data["actions"]):
        decision_seed = seeds.getrandbits(63)
        if ply in plies:
            moves.append(_judged(state, seat, ply, text, agent, decision_seed, hindsight,
                                 thresholds.classify))
            if progress is not None:
                progress(len(moves), len(plies))
        state.apply(game.parse_action(state, text))
    return Review(game.id, seat, "hindsight" if hindsight else "fair", thresholds.unit,
                  agent.iterations or 0, moves, METHOD[game.id])


def _decisions(data: JSON, seat: int) -> set[int]:
    """The plies at which `seat` chose among more than one legal move."""
    state = replay({**data, "actions": []})
    found: set[int] = set()
    for ply, text in enumerate(data["actions"]):
        if state.to_move == seat and len(state.legal_actions()) > 1:
            found.add(ply)
        state.apply(state.game.parse_action(state, text))
    return found


def _judged(
    state: State, seat: int, ply: int, played: str, agent: Any, seed: int, hindsight: bool,
    classify: Callable[[float, bool], str],
) -> MoveReview:
    game = state.game
    verdict = judge(game, state, seat, played, agent, seed, hindsight)
    view = state.view(seat)
    explain = HINTED[game.id][1]
    legal = view_actions(game.id, view)
    by_name = {str(a): a for a in legal}
    people = People(seat)
    loss = verdict.loss
    is_best = verdict.best == played
    return MoveReview(
        ply=ply, played=played, best=verdict.best,
        played_value=round(verdict.played_value, 4), best_value=round(verdict.best_value, 4),
        loss=round(loss, 4), cls=classify(loss, is_best),
        reason=explain(view, by_name[verdict.best], legal, people),
        played_reason=explain(view, by_name[played], legal, people),
    )
