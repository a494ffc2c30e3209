"""BitterSweet: the game's metadata, options, length bound and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sweettooth.core import JSON, Game, Option, OptionValue

from .components import Components, load_components
from .render import render
from .sampling import sample_state
from .state import (
    ACTIONS_PER_TURN,
    BOX_CELLS,
    MAX_EXTRA_ACTIONS,
    BitterSweetState,
    set_up,
)


class BitterSweet(Game[BitterSweetState]):
    """Reveal and take Chocs that match your secret YUM!, dodge your YUCK! (2 to 4 players).

    >>> import sweettooth as st
    >>> s = st.game("bittersweet").new(players=2, seed=7)
    >>> [str(a) for a in s.legal_actions()[:2]]
    ['take a1', 'take b1']
    """

    id = "bittersweet"
    title = "BitterSweet"
    min_players = 2
    max_players = 4
    option_specs = (
        Option("turn_limit", 15, "house rule: a round ends after this many turns per player",
               minimum=1, maximum=100),
        Option("chocs_file", "", "a JSON/TOML Choc set to use instead of the house Chocs"),
        Option("preferences_file", "", "a JSON/TOML Preference deck instead of the house one"),
    )

    def components(self, options: Mapping[str, Any]) -> Components:
        return load_components(str(options.get("chocs_file", "")),
                               str(options.get("preferences_file", "")))

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BitterSweetState:
        return set_up(self, players, seed, options, self.components(options))

    def sample(self, view: JSON, seat: int, seed: int) -> BitterSweetState:
        return sample_state(self, view, seat, seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """A true bound: rounds x turns x actions per turn x decisions per action.

        - rounds: every round gives at least one player a round win and the game ends at 2
          wins, so there are at most players + 1 rounds;
        - turns per round: the turn_limit house rule;
        - actions per turn: 2, plus at most MAX_EXTRA_ACTIONS;
        - per action: the action, an "If face-down when taken" ability, and On Reveal chains.
          Within a chain no Choc enters the box except by an ability's return, which empties a
          hand slot, so a chain reveals at most (cells + 45) Chocs; each revealed Choc asks at
          most one order decision plus (for its effects) at most 3 picks per effect.
        """
        comps = self.components(options)
        per_ability = max(
            (sum(e.count + 1 for e in c.ability.effects)
             for c in comps.chocs if c.ability is not None), default=0)
        reveals = BOX_CELLS[players] + len(comps.chocs)
        per_action = 1 + (1 + reveals) * (1 + per_ability)
        turns = int(options["turn_limit"]) * players
        return (players + 1) * turns * (ACTIONS_PER_TURN + MAX_EXTRA_ACTIONS) * per_action

    def render(self, view: JSON) -> str:
        return render(view)
