"""Guided first games in the browser: `POST /api/learn/{game_id}`.

The lesson keeps no state on the server: the page sends the learner's moves so far (`moves`),
optionally the move just made (`move`) and whether the bot should finish the game once the
script is played (`finish`). The answer is the lesson's `Moment` as JSON (the learner's view,
the active step, the bots' moves since with their reasons, the count of the score at the end),
with `moves` (the moves now played) and `refused` (the friendly line when `move` was not the
move the step asks for: then nothing was played). The game replays from the lesson's seed each
time; the bots play the hint's move, so the same moves always give the same game.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path
from pydantic import BaseModel, ConfigDict, Field

from sweettooth.core.errors import UnknownGame
from sweettooth.learn import LessonError, lesson, refusal, walk

router = APIRouter(tags=["learn"])

GameId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_]*$")]
Notation = Annotated[str, Field(min_length=1, max_length=200)]

MAX_MOVES = 400
"""More learner moves than any lesson's game can take."""


class LearnStep(BaseModel):
    model_config = ConfigDict(extra="forbid")

    moves: list[Notation] = Field(default_factory=list, max_length=MAX_MOVES)
    move: Notation | None = None
    finish: bool = False


def _answer(game_id: str, body: LearnStep) -> dict[str, Any]:
    try:
        the_lesson = lesson(game_id)
    except UnknownGame as exc:
        raise HTTPException(404, str(exc)) from None
    moves = list(body.moves)
    try:
        moment = walk(the_lesson, moves, finish=body.finish)
        refused = refusal(moment, body.move) if body.move is not None else None
        if body.move is not None and refused is None:
            moves.append(body.move)
            moment = walk(the_lesson, moves, finish=body.finish)
    except LessonError as exc:
        raise HTTPException(400, str(exc)) from None
    out = moment.to_json()
    out.update(moves=moves, refused=refused, intro=the_lesson.intro)
    return out


@router.post("/api/learn/{game_id}")
async def learn_step(game_id: GameId, body: LearnStep) -> dict[str, Any]:
    """The lesson of `game_id` after the learner's moves (see the module's text)."""
    return await asyncio.to_thread(_answer, game_id, body)
