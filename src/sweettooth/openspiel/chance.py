"""Explicit chance for OpenSpiel: every random draw of an engine becomes a chance node.

The engines draw through their state's `Rng`, and every integer draw of `Rng` (`randrange`,
`randint`, `choice`, `shuffle`, `sample`) comes down to one call `_below(n)`: a uniform integer
in [0, n). `ScriptedRng` answers those calls from a script of outcomes; when the script runs
out it raises `NeedChance(n)`. The OpenSpiel state (`adapter.py`) then becomes a chance node
with n outcomes, each of probability 1/n; once an outcome is chosen, the move is carried out
again from a copy of the state before it, with the longer script. So

- a shuffle of k cards is k - 1 chance nodes, one card at a time (Fisher-Yates: the i-th node
  picks which of the i + 1 cards still unplaced goes to place i), and together they give every
  order probability 1/k!;
- a die is one chance node of 6 outcomes; `choice` of m things is one node of m outcomes;
- `random()` (a float) is a fair coin here: the engines use it only as `rng.random() < 0.5`
  (Le Chocolat turns a tile a random side up), so it returns 0.25 or 0.75 from a node of 2.

The probabilities are exact: the same algorithms as `Rng`, with the uniform draws spelt out.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sweettooth.core.rng import Rng

# The module (`sweettooth.core.game` the attribute is the registry's `game` function).
core_game: Any = importlib.import_module("sweettooth.core.game")


class NeedChance(Exception):
    """The script ran out: the engine needs a uniform draw in [0, n)."""

    def __init__(self, n: int) -> None:
        super().__init__(f"a chance draw of {n} outcomes is needed")
        self.n = n


class ScriptedRng(Rng):
    """An `Rng` whose draws come from `script` (consumed in order); see the module docstring."""

    __slots__ = ("at", "script")

    def __init__(self, script: list[int]) -> None:
        super().__init__(0)
        self.script = script
        self.at = 0

    def _below(self, n: int) -> int:
        if self.at == len(self.script):
            raise NeedChance(n)
        outcome = self.script[self.at]
        if not 0 <= outcome < n:
            raise ValueError(f"chance outcome {outcome} is outside 0..{n - 1}")
        self.at += 1
        return outcome

    def getrandbits(self, k: int) -> int:
        if k > 16:
            raise ValueError(f"getrandbits({k}) has too many outcomes for a chance node")
        return self._below(1 << k)

    def random(self) -> float:
        return 0.25 + 0.5 * self._below(2)

    def copy(self) -> Rng:
        twin = ScriptedRng(self.script)
        twin.at = self.at
        return twin


class ScriptedRandom(random.Random):
    """A `random.Random` whose integer draws (`shuffle`, `sample`, `randrange`, `choice`) come
    from a `ScriptedRng`: its algorithms all go through `_randbelow`."""

    def __init__(self, rng: ScriptedRng) -> None:
        super().__init__(0)
        self.scripted = rng

    def _randbelow(self, n: int) -> int:
        return self.scripted._below(n)

    def random(self) -> float:
        return self.scripted.random()


@contextmanager
def scripted_setup(rng: ScriptedRng) -> Iterator[None]:
    """While inside, the set-up of a new game draws from `rng`: `State._init_base` makes its
    `Rng(seed)`, and Bonbons deals from a `random.Random(seed)`; both are replaced. How the deal
    of a new game becomes chance nodes (set-up is synchronous: nothing else runs meanwhile)."""
    saved_rng, saved_random = core_game.Rng, random.Random
    core_game.Rng = lambda seed=0: rng
    random.Random = lambda seed=None: ScriptedRandom(rng)  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        core_game.Rng = saved_rng
        random.Random = saved_random  # type: ignore[misc]
