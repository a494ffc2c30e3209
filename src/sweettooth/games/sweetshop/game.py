"""The Sweet Shop game: metadata, set-up, notation, sampling and drawing, tied together."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sweettooth.core import JSON, Game
from sweettooth.core.options import OptionValue

from . import position, render, sampling
from .cards import CARDS
from .state import SHELF_SIZE, SweetShopState


class SweetShop(Game[SweetShopState]):
    """Sweet Shop, solo: Grab sweets from the Shelf and Eat them before the shop shuts."""

    id = "sweetshop"
    title = "Sweet Shop"
    min_players = 1
    max_players = 1
    rules_version = "1"

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> SweetShopState:
        return SweetShopState.deal(self, seed)

    def sample(self, view: JSON, seat: int, seed: int) -> SweetShopState:
        return sampling.sample(self, view, seat, seed)

    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """A true bound. Every turn but the last discards at least one card from a full Shelf
        and refills it from the deck or a figure queue (46 cards after the deal), so there are
        at most 47 turns. A turn holds at most two pair actions (or one Last Resort), one Sour
        Cherries move per Club eaten with an exact roll (numbers 2..12: 11 Clubs) and the end.
        Sugar Rush answers: at most one eat per card plus one skip per Diamond."""
        turns = 52 - SHELF_SIZE + 1
        clubs = sum(
            1 for c in range(52) if CARDS.bonus[c] == "sour_cherries" and 2 <= CARDS.number[c] <= 12
        )
        diamonds = sum(1 for c in range(52) if CARDS.bonus[c] == "sugar_rush")
        return turns * (2 + clubs + 1) + 52 + diamonds

    def render(self, view: JSON) -> str:
        return render.render(view)

    def position(
        self,
        *,
        shelf: Sequence[str | None],
        deck: Sequence[str] = (),
        basket: Sequence[str] = (),
        tummy: Sequence[str] = (),
        discarded: Sequence[str] = (),
        white: Sequence[int] = (1, 2, 3, 4),
        discard: Sequence[int] = (1, 2),
        queues: Mapping[str, Sequence[str]] | None = None,
        set_aside: Mapping[str, Sequence[str]] | None = None,
        multipacks: int | None = None,
        flavour_changers: int = 0,
        sour_cherries: int = 0,
        final_turn: bool = False,
        seed: int = 0,
    ) -> SweetShopState:
        """A hand-built position, for tests and puzzles; see `position.build` for the details."""
        return position.build(
            self,
            shelf=shelf,
            deck=deck,
            basket=basket,
            tummy=tummy,
            discarded=discarded,
            white=white,
            discard=discard,
            queues=queues,
            set_aside=set_aside,
            multipacks=multipacks,
            flavour_changers=flavour_changers,
            sour_cherries=sour_cherries,
            final_turn=final_turn,
            seed=seed,
        )
