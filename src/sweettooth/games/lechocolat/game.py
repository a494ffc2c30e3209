"""Le Chocolat: the game's metadata, set-up (LC-1) and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sweettooth.core import JSON, Game, Option, OptionError, OptionValue

from . import sampling
from .bar import CELLS
from .components import Components, components_for
from .render import render
from .state import ChocolateState, set_up


class LeChocolat(Game[ChocolateState]):
    """Split a chocolate bar of double-sided tiles and claim small pieces (2 players).

    >>> import sweettooth as st
    >>> s = st.game("lechocolat").new(players=2, seed=7)
    >>> s.legal_actions()[0]
    Split(group=Rect(x=0, y=0, w=7, h=5), vertical=True, at=1)
    >>> str(s.legal_actions()[0])
    'split a1:g5 at b'
    """

    id = "lechocolat"
    title = "Le Chocolat"
    min_players = 2
    max_players = 2
    option_specs = (
        Option("card", "random", "scoring card id, or 'random' to draw one (public)"),
        Option("tiles_file", "", "a JSON/TOML tile set to use instead of the house tiles"),
        Option("cards_file", "", "a JSON/TOML scoring-card set to use instead of the house cards"),
    )

    def components(self, options: Mapping[str, OptionValue]) -> Components:
        return components_for(options)

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> ChocolateState:
        comps = self.components(options)
        state = ChocolateState.__new__(ChocolateState)
        state._init_base(self, players, seed, options)
        rng = state.rng
        order = list(range(len(comps.tiles)))
        rng.shuffle(order)  # LC-1: 35 tiles on the bar, the 36th removed unseen
        up, down = [], []
        for t in order[:CELLS]:
            a, b = comps.tiles[t]
            if rng.random() < 0.5:  # a random side up
                a, b = b, a
            up.append(a)
            down.append(b)
        drawn = rng.choice(comps.cards)
        set_up(state, comps, self._card(comps, options, drawn.id), up, down,
               comps.tiles[order[CELLS]])
        return state

    @staticmethod
    def _card(comps: Components, options: Mapping[str, OptionValue], drawn: str) -> Any:
        wanted = str(options["card"])
        if wanted == "random":
            wanted = drawn
        try:
            return comps.card(wanted)
        except KeyError:
            ids = ", ".join(c.id for c in comps.cards)
            raise OptionError(
                f"option 'card' must be 'random' or one of {ids}; got {wanted!r}"
            ) from None

    def sample(self, view: JSON, seat: int, seed: int) -> ChocolateState:
        return sampling.sample(self, view, seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        # Each split adds a group (at most CELLS - 1 splits); each claim takes one (at most CELLS).
        return 2 * CELLS - 1

    def variants(self) -> list[dict[str, OptionValue]]:
        return [{}, {"card": "rainbow"}]

    def render(self, view: JSON) -> str:
        return render(view)


def position(
    up: list[str], down: list[str], card: str = "classic",
    removed: tuple[str, str] = ("blank", "blank"),
) -> ChocolateState:
    """A new game with a chosen bar (35 up and down sides, row-major, by flavour id).

    For scenario tests and puzzles: it checks nothing about the tile set, and its record does not
    replay (the deal did not come from the seed).

    >>> s = position(["dark"] * 35, ["blank"] * 35)
    >>> s.view(0)["tiles"][0]
    {'cell': 'a1', 'up': 'dark', 'down': None, 'owner': None}
    """
    game = LeChocolat()
    options = game.resolve_options({"card": card})
    comps = game.components(options)
    if len(up) != CELLS or len(down) != CELLS:
        raise ValueError(f"a bar has {CELLS} cells")
    state = ChocolateState.__new__(ChocolateState)
    state._init_base(game, 2, 0, options)
    set_up(state, comps, comps.card(card), [comps.side_of(s) for s in up],
           [comps.side_of(s) for s in down], (comps.side_of(removed[0]), comps.side_of(removed[1])))
    return state
