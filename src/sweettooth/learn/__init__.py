"""Guided first games: one lesson per title, a short seeded game with a script of steps.

>>> from sweettooth.learn import lesson, walk
>>> m = walk(lesson("bonbons"), [])
>>> m.number, m.expect
(1, 'e5')
"""

from __future__ import annotations

from sweettooth.core.errors import UnknownGame

from . import bittersweet, bonbons, lechocolat, sweetnose, sweetshop
from .lesson import Lesson, Step
from .walk import BotMove, LessonBot, LessonError, Moment, refusal, walk

LESSONS: dict[str, Lesson] = {
    m.LESSON.game: m.LESSON for m in (bittersweet, bonbons, lechocolat, sweetnose, sweetshop)
}
"""Every title's lesson, by game id."""


def lesson(game_id: str) -> Lesson:
    """The lesson of a game; UnknownGame names the games that have one."""
    try:
        return LESSONS[game_id]
    except KeyError:
        raise UnknownGame(
            f"no lesson for {game_id!r}; lessons: {', '.join(sorted(LESSONS))}") from None


__all__ = ["LESSONS", "BotMove", "Lesson", "LessonBot", "LessonError", "Moment", "Step",
           "lesson", "refusal", "walk"]
