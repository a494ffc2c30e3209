"""BitterSweet: the game's metadata, options, length bound and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sweettooth.core import JSON, Game, Option, OptionValue

from .components import CARD_SETS, Components, components_for, round_bound
from .effects import MAX_EXTRA_ACTIONS
from .render import render
from .rules_pieces import pieces_markdown
from .sampling import sample_state
from .state import (
    ACTIONS_PER_TURN,
    BOX_CELLS,
    MAX_SEATS,
    BitterSweetState,
    set_up,
)

LEGACY_OPTIONS = frozenset({"turn_limit", "chocs_file", "preferences_file"})
"""Every option of BitterSweet before `cards` existed (rules version 1 as first published)."""


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
    max_players = MAX_SEATS
    option_specs = (
        Option("cards", "revised", "the Chocs and Preference cards: the revised house set or "
               "the original one", choices=CARD_SETS),
        Option("turn_limit", 15, "house rule for a card set whose rounds could loop (the original "
               "Chocs): a round ends after this many turns per player", minimum=1, maximum=100),
        Option("chocs_file", "", "a JSON/TOML Choc set to use instead of the house Chocs"),
        Option("preferences_file", "", "a JSON/TOML Preference deck instead of the house one"),
    )

    def components(self, options: Mapping[str, Any]) -> Components:
        return components_for(options)

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Defaults overlaid with `options`, except that a full option set from before the card
        revision (every other option named, no `cards`: what every stored record and server
        table made then carries) is read as `cards=original`, so old games replay exactly."""
        out = super().resolve_options(options)
        if "cards" not in options and set(options) >= LEGACY_OPTIONS:
            out["cards"] = "original"
        return out

    def variants(self) -> list[dict[str, OptionValue]]:
        return [{}, {"cards": "original"}]

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BitterSweetState:
        return set_up(self, players, seed, options, self.components(options))

    def sample(self, view: JSON, seat: int, seed: int) -> BitterSweetState:
        return sample_state(self, view, seat, seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """A true bound: rounds x actions per round x decisions per action.

        - rounds: every round gives at least one player a round win and the game ends at 2
          wins, so there are at most players + 1 rounds;
        - actions per round: with a set that could loop, the turn_limit house rule times 2 plus
          at most MAX_EXTRA_ACTIONS per turn; otherwise every action lowers the count of
          `round_bound` by at least 1, so a round has fewer actions than that count;
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
        if comps.loops:
            turns = int(options["turn_limit"]) * players
            actions = turns * (ACTIONS_PER_TURN + MAX_EXTRA_ACTIONS)
        else:
            actions = round_bound(BOX_CELLS[players], len(comps.chocs))
        return (players + 1) * actions * per_action

    def render(self, view: JSON) -> str:
        return render(view)

    def rules_part(self, name: str, options: Mapping[str, Any]) -> str:
        """The Pieces part of the rules text, from the card data of the set in play."""
        if name == "pieces":
            return pieces_markdown(options)
        return super().rules_part(name, options)
