"""Where a lesson stands, given the learner's moves: the pure logic both faces render.

`walk(lesson, moves)` replays the lesson's seeded game: the bots (`LessonBot`: the hint's move,
a function of the bot's view alone, so the same seed always gives the same game) play their
seats, `moves` are the learner's (seat 0) in order, each checked against its step. The answer, a
`Moment`, holds the learner's view (what a person at seat 0 is shown), the active step (what to
look at, the move it asks for, the pieces to point at), what the bots did since the learner's
last move and why (the hint's reason for that move, from the bot's own view), and at the end the
count of the score (the game's own breakdown). `refusal(moment, action)` is the friendly line a
face shows instead of playing a move the step does not ask for (None: the move is welcome).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sweettooth as st
from sweettooth.agents import hint
from sweettooth.core import JSON, Action, Game, SweetToothError

from .lesson import Lesson, Step

LEARNER = 0
"""The learner's seat: the bots play every other seat."""


class LessonError(SweetToothError, ValueError):
    """A lesson's moves cannot be played: a move the step does not ask for, or not legal."""


@dataclass(frozen=True, slots=True)
class LessonBot:
    """A lesson's bot: it plays the hint's move for its seat (the medium bot's choice with a
    random generator seeded from the view), so its moves depend on its view alone."""

    name: str = "lesson"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        wanted = hint(game, view).action
        for action in legal:
            if str(action) == wanted:
                return action
        raise LessonError(f"the hint {wanted!r} is not a legal move")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class BotMove:
    """What a bot did (`action`, its notation; `label`, in words) and why (`reason`, the
    hint's words, spoken from that bot's seat)."""

    seat: int
    name: str
    action: str
    label: str
    reason: str

    @property
    def words(self) -> str:
        return f"{self.name} played {self.label}. Its reason: \u201c{self.reason}\u201d"


@dataclass(frozen=True, slots=True)
class Moment:
    """A lesson at one point: `view` (the learner's, as a person at seat 0 is shown it),
    `number` (1-based: the learner's moves so far plus one), `step` (the active step of the
    script; None after it or at the end), `say` (the words to show now), `expect` and `point`
    (notations: the move asked for, the move whose pieces are pointed at), `bots` (the bots'
    moves since the learner's last move), `score` (the count of the score, once over)."""

    lesson: Lesson
    view: JSON
    number: int
    step: Step | None
    say: str
    bots: tuple[BotMove, ...]
    score: tuple[str, ...]
    finished_for_you: bool = False

    @property
    def over(self) -> bool:
        return self.view.get("result") is not None

    @property
    def expect(self) -> str | None:
        return self.step.expect if self.step is not None and not self.over else None

    @property
    def point(self) -> str | None:
        return self.step.pointed if self.step is not None and not self.over else None

    @property
    def scripted(self) -> bool:
        """A step of the script is active (the learner has not reached the free part)."""
        return self.step is not None and not self.over

    @property
    def can_finish(self) -> bool:
        """The bot may finish the game for the learner (the script's moves are all played)."""
        return not self.over and (self.step is None or self.step.expect is None)

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    def to_json(self) -> JSON:
        """What the browser needs (the view is the learner's: nothing more is sent)."""
        return {
            "game": self.lesson.game, "names": self.lesson.names, "view": self.view,
            "number": self.number, "total": self.total, "say": self.say,
            "expect": self.expect, "point": self.point, "scripted": self.scripted,
            "can_finish": self.can_finish, "over": self.over,
            "bots": [{"seat": b.seat, "name": b.name, "action": b.action, "label": b.label,
                      "reason": b.reason, "words": b.words} for b in self.bots],
            "score": list(self.score),
        }


def _render(game_id: str) -> Any:
    try:
        return importlib.import_module(f"sweettooth.games.{game_id}.render")
    except ImportError:  # pragma: no cover
        return None


def move_label(game_id: str, notation: str, names: Sequence[str]) -> str:
    """A move in words where the game has them (its render module's `move_label`), else its
    notation."""
    module = _render(game_id)
    if module is not None and hasattr(module, "move_label"):
        return str(module.move_label(notation, list(names)))
    return notation


def score_count(game_id: str, view: JSON, names: Sequence[str]) -> tuple[str, ...]:
    """The count of the score of a finished game, line by line (the game's `end_report`)."""
    module = _render(game_id)
    lines: list[str] = []
    if module is not None and hasattr(module, "end_report"):
        lines = [str(x) for x in module.end_report(view, list(names))]
    result = view.get("result") or {}
    scores = result.get("scores") if isinstance(result, dict) else None
    if not lines and isinstance(scores, list):
        lines = [f"{names[i]}: {s:g}" for i, s in enumerate(scores)]
    return tuple(lines)


def refusal(moment: Moment, action: str) -> str | None:
    """The friendly line for a move the lesson does not take now, or None to play it."""
    if moment.over:
        return "This game is over: start a real game to play on."
    if action not in moment.view.get("legal_actions", []):
        return f"{action!r} is not a move you can make now."
    want = moment.expect
    if want is not None and action != want:
        label = move_label(moment.lesson.game, want, moment.lesson.names)
        return (f"Not that one yet: this step asks for {label} (the highlighted pieces). "
                "After the guided moves, every choice is yours.")
    return None


def _person_view(game: Game[Any], state: Any) -> JSON:
    view: JSON = game.person_view(state.view(LEARNER))
    return view


def walk(lesson: Lesson, moves: Sequence[str], *, finish: bool = False) -> Moment:
    """The lesson after the learner's `moves` (notations, in order). With `finish`, once the
    script's moves are played the bot plays the learner's seat to the end. LessonError names
    the first move that is refused (and why) or not legal."""
    game = st.game(lesson.game)
    state = game.new(players=lesson.players, seed=lesson.seed, **dict(lesson.options))
    bot = LessonBot()
    names = lesson.names
    news: list[BotMove] = []
    done = 0
    finished = False
    while state.to_move is not None:
        seat = state.to_move
        if seat != LEARNER:
            view = state.view(seat)
            action = bot.choose(game, view, state.legal_actions(), random.Random(0))
            reason = hint(game, view, names).reason
            news.append(BotMove(seat, names[seat], str(action),
                                move_label(lesson.game, str(action), names), reason))
            state.apply(action)
            continue
        if done < len(moves):
            here = _moment(lesson, game, state, done, news, finished)
            text = str(moves[done])
            why = refusal(here, text)
            if why is not None:
                raise LessonError(f"move {done + 1} ({text}): {why}")
            state.apply(game.parse_action(state, text))
            done += 1
            news = []
            continue
        step = lesson.steps[done] if done < len(lesson.steps) else None
        if finish and (step is None or step.expect is None):
            view = state.view(LEARNER)
            state.apply(game.parse_action(state, hint(game, view).action))
            finished = True
            news = []
            continue
        break
    if done < len(moves):
        raise LessonError(f"move {done + 1} ({moves[done]}): the game is already over")
    return _moment(lesson, game, state, done, news, finished)


def _moment(lesson: Lesson, game: Game[Any], state: Any, done: int,
            news: Sequence[BotMove], finished: bool) -> Moment:
    view = _person_view(game, state)
    step = lesson.steps[done] if done < len(lesson.steps) else None
    score: tuple[str, ...] = ()
    if view.get("result") is not None:
        score = score_count(lesson.game, view, lesson.names)
        say = lesson.outro + (" (The bot played your last moves.)" if finished else "")
    elif step is not None:
        say = step.say
    else:
        say = lesson.free
    return Moment(lesson, view, done + 1, step, say, tuple(news), score, finished)
