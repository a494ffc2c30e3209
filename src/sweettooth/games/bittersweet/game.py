"""BitterSweet: the game's metadata, options, length bound and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from math import factorial
from typing import Any

from sweettooth.core import JSON, Game, Option, OptionValue

from .components import CARD_SETS, PREFERENCE_COUNT, Components, components_for, round_bound
from .effects import MAX_EXTRA_ACTIONS
from .render import render
from .rules_pieces import pieces_markdown
from .sampling import sample_state
from .state import (
    ACTIONS_PER_TURN,
    BOX_CELLS,
    MAX_SEATS,
    REPEATS_END_ROUND,
    BitterSweetState,
    set_up,
)

LEGACY_OPTIONS = frozenset({"turn_limit", "chocs_file", "preferences_file"})
"""Every option of BitterSweet before `cards` existed (rules version 1 as first published).

Records and server tables store their full option set, so every stored game names its
`turn_limit` (15 unless changed, the cut that was then the rule) and, from the second edition
on, its `cards`; a record of the first edition names no `cards` and means the original set."""


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
        Option("cards", "original", "the Chocs and Preference cards: original (the printed "
               "game) or revised (a designer's variant of ours, not printed)", choices=CARD_SETS),
        Option("turn_limit", 0, "legacy house cut, only to replay old records: 0 = off (a round "
               "ends by the printed conditions, or by our rule against a position repeated 3 "
               "times); N = a round of the original cards ends after N turns per player",
               minimum=0, maximum=100),
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
        """The printed game, our revised cards, and the legacy cut of old records."""
        return [{}, {"cards": "revised"}, {"cards": "original", "turn_limit": 15}]

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> BitterSweetState:
        return set_up(self, players, seed, options, self.components(options))

    def sample(self, view: JSON, seat: int, seed: int) -> BitterSweetState:
        return sample_state(self, view, seat, seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """A true bound: rounds x actions per round x decisions per action.

        - rounds: every round gives at least one player a round win and the game ends at 2
          wins, so there are at most players + 1 rounds;
        - actions per round: turns x (2 + MAX_EXTRA_ACTIONS). A set that cannot loop: every
          action lowers the count of `round_bound` by at least 1, so fewer turns than that
          count. A set that could loop: with the legacy cut, turn_limit x players turns;
          otherwise the repetition rule ends the round at the latest when a position at the start
          of the first player's turn comes up a third time, so at most (2 x `positions` + 1) x
          players turns (an enormous but finite bound: a round that does not repeat itself is
          never cut);
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
        if not comps.loops:
            actions = round_bound(BOX_CELLS[players], len(comps.chocs))
        else:
            legacy = int(options["turn_limit"])
            turns = (legacy * players if legacy > 0
                     else ((REPEATS_END_ROUND - 1) * positions(players, len(comps.chocs)) + 1)
                     * players)
            actions = turns * (ACTIONS_PER_TURN + MAX_EXTRA_ACTIONS)
        return (players + 1) * actions * per_action

    def render(self, view: JSON) -> str:
        return render(view)

    def rules_part(self, name: str, options: Mapping[str, Any]) -> str:
        """The Pieces part of the rules text, from the card data of the set in play."""
        if name == "pieces":
            return pieces_markdown(options)
        return super().rules_part(name, options)


def positions(players: int, chocs: int) -> int:
    """More than the turn-start positions of one round (`BitterSweetState.position`): whose turn
    (players); each Choc of the box in a cell face up or down or in a hand (2 x cells + players
    places, the set-aside Chocs never move); the stack and each player's wrappers (0..stack at
    set-up each); each player's 12 Preference cards in four ordered piles (15! / 3! ways)."""
    cells = BOX_CELLS[players]
    stack = chocs - cells + 1
    piles = factorial(PREFERENCE_COUNT + 3) // factorial(3)
    return int(players * (2 * cells + players) ** cells * stack ** (players + 1) * piles ** players)
