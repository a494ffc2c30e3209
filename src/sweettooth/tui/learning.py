"""`LearnApp`: a guided first game at the terminal (`sweettooth learn GAME`).

The lesson's logic is `sweettooth.learn` (shared with the browser): this app only renders it. It
plays the lesson's seeded game with the lesson's bots, shows the active step in the side panel
(in place of the log: the step tells what the bots did and why), marks the pieces the step points
at (and puts the cursor on the first), answers a move the step does not ask for with the step's
friendly line (nothing is played), lets the bot finish the game once the script is played (key
f), and ends with the count of the score and the command of a real game.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sweettooth.learn import Lesson, LessonBot, Moment, refusal, walk
from sweettooth.learn.walk import LEARNER

from .app import SweetApp
from .composer import Composer, build
from .ending import EndScreen

WIDE = 110
"""From this many columns on, the lesson's panel takes 40% of the screen; below, the play
screen's 30% (at 80 columns the board needs its 56: Sweet Shop's Shelf, Le Chocolat's bar)."""

LEARN_CSS = """
#side.-wide { width: 40%; max-width: 60; }
#log { display: none; }
#lesson { height: 1fr; border: round $accent; padding: 0 1; }
"""


class LearnApp(SweetApp):
    """The lesson of one game: the learner is seat 0, the lesson's bots the others."""

    CSS = SweetApp.CSS + LEARN_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "finish_for_me", "Finish for me"),
    ]

    def __init__(self, lesson: Lesson, *, bot_delay: float = 0.6,
                 flip_pause: float | None = None) -> None:
        bots = {s: LessonBot() for s in range(1, lesson.players)}
        super().__init__(lesson.game, lesson.players, lesson.options, humans=[LEARNER],
                         agents=bots, names=lesson.names, bot_delay=bot_delay,
                         seed=lesson.seed, bot_seed=0, flip_pause=flip_pause)
        self.lesson = lesson
        self.moves: list[str] = []
        self.finishing = False
        self.moment: Moment = walk(lesson, [])
        self.pointed_at = 0
        """The step whose piece the cursor was last put on."""

    def compose_side(self) -> ComposeResult:
        # (No on_mount here: Textual runs SweetApp's too, which starts the game.)
        lesson = VerticalScroll(id="lesson")
        lesson.border_title = "Lesson"
        with lesson:
            yield Static(id="lessontext")
        yield from super().compose_side()

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#side").set_class(event.size.width >= WIDE, "-wide")

    # -- the lesson's words and pointing -----------------------------------------------------
    def lesson_text(self) -> Text:
        m = self.moment
        if not self.my_turn() and not m.over:
            return Text("The bots are playing…", style="dim")
        out = Text()
        if m.over:
            out.append("The end of the lesson\n", style="bold")
        elif m.scripted:
            out.append(f"Step {m.number} of {m.total}\n", style="bold")
        else:
            out.append("Your choice (f: the bot finishes for you)\n", style="bold")
        out.append(m.say, style="bold")
        if m.over:
            out.append("\n\n" + "\n".join(m.score))
        if m.bots:
            out.append("\n\nWhat the bots did:")
        for bot in m.bots:
            out.append("\n• " + bot.words, style="italic")
        if m.number == 1 and not m.over:
            out.append("\n\n" + self.lesson.intro, style="dim")
        return out

    def draw_lesson(self) -> None:
        self.query_one("#lessontext", Static).update(self.lesson_text())
        self.query_one("#lesson", VerticalScroll).scroll_home(animate=False)

    def point_keys(self) -> list[str]:
        point = self.moment.point if self.my_turn() else None
        if point is None:
            return []
        return list(self.face.keys(point, self.view) or [f"act:{point}"])

    async def redraw(self) -> None:
        if self.my_turn() or self.state.to_move is None:
            self.moment = walk(self.lesson, self.moves, finish=self.finishing)
        await super().redraw()
        self.title = f"Learn to play {self.game.title}"
        self.draw_lesson()

    def decorate(self, focus_key: str | None = None) -> None:
        keys = self.point_keys()
        fresh = self.moment.number != self.pointed_at
        if keys and not self.composer.picks and (focus_key is None or fresh):
            focus_key = keys[0]  # a new step puts the cursor on the piece it points at
            self.pointed_at = self.moment.number
        super().decorate(focus_key)
        spots = self.spots()
        want = list(keys)
        for spot in spots:
            marks = tuple(m for m in spot.seg.marks if m != "point")
            key = str(spot.seg.key)
            if key in want:
                want.remove(key)
                marks = (*marks, "point")
            if marks != spot.seg.marks:
                spot.seg.marks = marks
                spot.row.redraw()

    def fill_choices(self, present: set[str] | None = None) -> list[Option]:
        """The Choose list; the entries of the move the step asks for marked "▶"."""
        opts = super().fill_choices(present)
        keys = self.point_keys()
        point = self.moment.point
        wanted = {f"key:{k}" for k in keys} | ({f"play:{point}"} if point else set())
        choices = self.query_one("#choices", OptionList)
        for opt in opts:
            if opt.id in wanted:
                prompt = opt.prompt if isinstance(opt.prompt, Text) else Text(str(opt.prompt))
                choices.replace_option_prompt(
                    opt.id, Text.assemble(("▶ ", "bold #d6336c"), prompt))
        return opts

    # -- moves -------------------------------------------------------------------------------
    async def play(self, action_text: str) -> None:
        if not self.my_turn():
            return
        why = refusal(self.moment, action_text)
        if why is not None:
            self.composer = Composer(build(self.view["legal_actions"],
                                           partial(self.face.keys, view=self.view)))
            self.decorate()
            self.say(why)
            return
        self.moves.append(action_text)
        await super().play(action_text)

    def action_finish_for_me(self) -> None:
        """Once the script is played: the bot plays the learner's seat to the end."""
        if not self.my_turn() or not self.moment.can_finish:
            self.say("The bot can finish for you once the guided moves are played.")
            return
        self.finishing = True
        self.agents[LEARNER] = LessonBot()
        self.rngs[LEARNER] = random.Random(0)
        self.composer = Composer([])
        self.run_worker(self.advance(), name="advance", exclusive=True)

    async def finish(self) -> None:
        self.waiting = False
        await self.redraw()
        self.exit_code = 0
        notes = [self.moment.say, "",
                 f"Start a real game: sweettooth play {self.game.id}"]
        await self.push_screen(
            EndScreen(self.view, self.ctx, self.face, unit=self.face.unit, notes=notes))


def run_learn(lesson: Lesson, **kwargs: Any) -> int:
    """Play a lesson full screen; the exit code (0: played to the end, 1: stopped)."""
    app = LearnApp(lesson, **kwargs)
    code = app.run()
    return code if isinstance(code, int) else app.exit_code
