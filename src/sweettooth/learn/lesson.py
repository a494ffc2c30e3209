"""A lesson's data: the seeded game it is played on and the script of steps that walks a newcomer
through the rules as they first come up.

A `Step` is one of the learner's moves: what to look at and why (`say`), the move it asks for
(`expect`, its notation; None for "your choice": any legal move) and the move whose pieces the
faces point at (`point`, by default the expected move: the browser highlights the pieces of its
keys, the terminal marks them). Once a step leaves the choice to the learner, the game may go
anywhere, so every later step must leave it too (`Lesson` checks this).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the learner: `say` (what to look at, the rule that comes up), `expect` (the
    notation of the move asked for, or None: your choice) and `point` (the move whose pieces
    the faces highlight; defaults to `expect`)."""

    say: str
    expect: str | None = None
    point: str | None = None

    @property
    def pointed(self) -> str | None:
        return self.point if self.point is not None else self.expect


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first game: `game` played by `players` (the learner is seat 0, bots play the
    others) from `seed` with `options`, `intro` shown before the first move, `steps` one per
    move of the learner, `free` the words for the learner's moves after the script, `outro`
    the words at the end (before the count of the score)."""

    game: str
    players: int
    seed: int
    intro: str
    steps: tuple[Step, ...]
    outro: str
    free: str = ("You know the rules now: play on (every move is your choice), or let the "
                 "bot finish the game for you.")
    options: Mapping[str, Any] = field(default_factory=dict)
    bot_names: tuple[str, ...] = ("Candy Bot", "Toffee Bot", "Fudge Bot", "Nougat Bot",
                                  "Praline Bot")

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"the {self.game} lesson has no steps")
        free = [i for i, s in enumerate(self.steps) if s.expect is None]
        if free and any(s.expect is not None for s in self.steps[free[0]:]):
            raise ValueError(f"the {self.game} lesson asks for a move after a free choice "
                             f"(step {free[0] + 1}): the game can no longer be known there")

    @property
    def names(self) -> list[str]:
        """The players' names: "You" (seat 0) and the bots."""
        return ["You", *self.bot_names[: self.players - 1]]
