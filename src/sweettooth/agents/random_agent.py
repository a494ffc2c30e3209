"""The random bot: a uniformly random legal action. The baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from sweettooth.core import JSON, Action, Game


@dataclass(frozen=True, slots=True)
class RandomAgent:
    """Plays a legal action chosen uniformly at random with the caller's `rng`.

    >>> import random
    >>> RandomAgent().choose(None, {}, [1, 2, 3], random.Random(0))
    2
    """

    name: str = "random"
    needs_view: ClassVar[bool] = False  # it never looks, so play_out need not build views

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("the random agent was asked to move with no legal actions")
        return legal[rng.randrange(len(legal))]
