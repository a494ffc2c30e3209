"""The guided first game at the terminal (`sweettooth learn GAME`, issue 35 item 4): each lesson
is played to its end at 80x24 by the pieces it points at; a move the step does not ask for is
refused with the step's line and not played; the bot finishes the game once the script is
played; the end screen shows the count and the command of a real game."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from sweettooth.learn import LESSONS
from sweettooth.tui.ending import EndScreen
from sweettooth.tui.learning import LearnApp

from .helpers import cut_lines, play_by_pieces, screen_text, settle

GAMES = sorted(LESSONS)


def _lesson_words(app: LearnApp) -> str:
    return str(app.query_one("#lessontext").render())


@pytest.mark.anyio
@pytest.mark.parametrize("game", GAMES)
async def test_lesson_played_to_the_end(game: str) -> None:
    lesson = LESSONS[game]
    app = LearnApp(lesson, bot_delay=0, flip_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "Step 1 of" in screen_text(app)
        pointed = [s for s in app.spots() if "point" in s.seg.marks]
        first = lesson.steps[0].expect
        assert first is not None
        keys = app.face.keys(first, app.view) or [f"act:{first}"]
        on_board = {s.seg.key for s in app.spots()}
        assert [s.seg.key for s in pointed] == [k for k in keys if k in on_board]
        marked = [str(o.prompt) for o in app.query_one("#choices", OptionList).options
                  if str(o.prompt).startswith("▶")]
        assert bool(marked) == any(k not in on_board for k in keys)
        other = next(a for a in app.view["legal_actions"] if a != first)
        await app.play(other)
        await pilot.pause()
        assert app.moves == [] and "Not that one yet" in screen_text(app).replace("\n", " ")
        for step in lesson.steps:
            if step.expect is None:
                break
            assert step.say[:30] in _lesson_words(app).replace("\n", " ")
            cut = cut_lines(app)  # the lesson's panel leaves the board room for what it names
            assert not cut, "\n".join(cut) + "\n" + screen_text(app)
            await play_by_pieces(pilot, app, step.expect)
            await settle(pilot, app)
        assert app.moment.can_finish
        await pilot.press("f")
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, EndScreen):
                break
        assert isinstance(app.screen, EndScreen)
        assert f"sweettooth play {game}" in screen_text(app)
        assert app.moment.over and app.moment.score
