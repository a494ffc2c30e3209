"""Sweet Nose: the Game (metadata, options, factory, notation, sampling, rendering).

Options:
- ``max_turns`` (SN-5): Phase 2 also ends after every player has taken this many turns (10).
- ``variation``: ``basic``, ``sky`` (Variation I, To the Sky: play on until a total reaches
  100 SP, SN-9), ``shopkeeper`` (Variation II: the store auction before round 1, SN-9), or
  ``sky+shopkeeper``.
- ``max_bid``: the highest ladder space a Shopkeeper bid may reach (our ruling; 20).
- ``stores_file``: a JSON/TOML store set with the schema of data/stores.json ('' = house set).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from sweettooth.core import JSON, Game, Option
from sweettooth.core.options import OptionValue

from .components import KINDS, TOKENS_PER_KIND, load_stores
from .phases import ROUNDS, SKY_TARGET
from .render import render_view
from .sampling import sample
from .state import Rules, SweetNoseState

VARIATIONS = ("basic", "sky", "shopkeeper", "sky+shopkeeper")
SKY_ROUNDS = -(-SKY_TARGET // 8)
"""Variation I always ends within 13 rounds: each of a player's 8 sweets scores at least 1 SP
(marker >= 1), so every round adds at least 8 SP to every total, and 13 x 8 >= 100."""


@lru_cache(maxsize=32)
def _rules(options: tuple[tuple[str, OptionValue], ...]) -> Rules:
    opts = dict(options)
    variation = str(opts["variation"])
    return Rules(
        stores=load_stores(str(opts["stores_file"])),
        max_turns=int(opts["max_turns"]),
        sky="sky" in variation,
        shopkeeper="shopkeeper" in variation,
        max_bid=int(opts["max_bid"]),
        options=options,
    )


class SweetNose(Game[SweetNoseState]):
    """Sweet Nose, 3 to 5 players: trade sweets, keep your sweetness low; lowest total wins."""

    id = "sweetnose"
    title = "Sweet Nose"
    min_players = 3
    max_players = 5
    rules_version = "1"
    lowest_wins = True  # the lowest total of sweet points wins (SN-6)
    option_specs = (
        Option("max_turns", 10, "Phase 2 ends after every player took this many turns (SN-5)",
               minimum=1, maximum=100),
        Option("variation", "basic", "basic, sky (To the Sky), shopkeeper, or both (SN-9)",
               choices=VARIATIONS),
        Option("max_bid", 20, "highest ladder space a Shopkeeper bid may reach", minimum=1,
               maximum=99),
        Option("stores_file", "", "a store tile set file ('' = the house set, SN-7)"),
    )

    def rules_for(self, options: Mapping[str, OptionValue]) -> Rules:
        return _rules(tuple(sorted(options.items())))

    def start(
        self,
        players: int,
        seed: int,
        options: dict[str, OptionValue],
        plates: list[list[int]] | None = None,
        market: list[int] | None = None,
    ) -> SweetNoseState:
        """A new game; with `plates` and `market` the deal is given instead of drawn."""
        opts = self.resolve_options(options)
        state = SweetNoseState.__new__(SweetNoseState)
        state._init_base(self, players, seed, opts)
        state._init_common(self.rules_for(opts), players)
        if plates is None or market is None:
            state.deal_tokens()
        else:
            t = state.table
            for seat in range(players):
                t.plate[seat][:] = plates[seat]
            t.market[:] = market
            state.removed = [
                TOKENS_PER_KIND - sum(p[k] for p in plates) - market[k] for k in range(len(KINDS))
            ]
        state.begin()
        return state

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> SweetNoseState:
        return self.start(players, seed, options)

    def sample(self, view: JSON, seat: int, seed: int) -> SweetNoseState:
        return sample(self, view, seat, seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """Auction bids + per round (markers, store picks, 2 actions a turn) x rounds."""
        rules = self.rules_for(options)
        rounds = SKY_ROUNDS if rules.sky else ROUNDS
        per_round = players + players + 2 * rules.max_turns * players
        auction = players * (rules.max_bid + 1) if rules.shopkeeper else 0
        return auction + rounds * per_round

    def variants(self) -> list[dict[str, OptionValue]]:
        return [
            {},
            {"variation": "sky"},
            {"variation": "shopkeeper"},
            {"variation": "sky+shopkeeper"},
            {"max_turns": 2},
        ]

    def render(self, view: JSON) -> str:
        return render_view(view)
