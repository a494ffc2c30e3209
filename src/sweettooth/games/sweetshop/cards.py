"""The cards of Sweet Shop: a standard 52-card deck, loaded from `data/cards.json` (SS-1).

A card is an int `rank * 4 + suit` (ranks Ace..King in data order, suits in data order), so the
hot path moves plain ints; names such as "7H", "10C" or "KS" are for people. Suits are sweets and
carry an eating bonus (SS-4); Jacks, Queens and Kings are Chocolate Figures (SS-3) worth more
points (SS-6).

>>> CARDS.name(CARDS.parse("10c"))
'10C'
>>> CARDS.number[CARDS.parse("QH")], CARDS.points[CARDS.parse("KS")]
(12, 3)
"""

from __future__ import annotations

from typing import Any

from sweettooth.core.data import field, load_data, need

BONUSES = ("multipack", "sugar_rush", "flavour_changer", "sour_cherries")
"""The four eating bonuses of SS-4; each suit gives exactly one of them."""

LASTING = frozenset({"multipack", "flavour_changer", "sour_cherries"})
"""Bonuses that last for the rest of the game (Sugar Rush is one-off)."""

EXACT_ONLY = frozenset({"flavour_changer", "sour_cherries"})
"""SS-5: Spades and Clubs give their bonus only when the rolled pair totals the card's number."""


class CardSet:
    """Validated card data with per-card lookup tables indexed by card int."""

    __slots__ = (
        "_by_name",
        "bonus",
        "bonus_names",
        "figure_names",
        "figure_rank",
        "figure_ranks",
        "names",
        "number",
        "points",
        "rank",
        "rank_codes",
        "rank_names",
        "suit",
        "suit_codes",
        "suit_names",
    )

    def __init__(self, data: Any, where: str = "cards.json") -> None:
        suits = field(data, "suits", list, where)
        ranks = field(data, "ranks", list, where)
        need(len(suits) == 4, where, f"a deck has 4 suits, got {len(suits)}")
        need(len(ranks) == 13, where, f"a deck has 13 ranks, got {len(ranks)}")
        self.suit_codes: tuple[str, ...] = tuple(
            field(s, "code", str, f"{where} suit {i}") for i, s in enumerate(suits)
        )
        self.suit_names: tuple[str, ...] = tuple(
            field(s, "name", str, f"{where} suit {i}") for i, s in enumerate(suits)
        )
        bonus_of_suit = tuple(
            field(s, "bonus", str, f"{where} suit {i}") for i, s in enumerate(suits)
        )
        for i, b in enumerate(bonus_of_suit):
            need(b in BONUSES, f"{where} suit {i}", f"bonus must be one of {BONUSES}, got {b!r}")
        need(
            sorted(bonus_of_suit) == sorted(BONUSES),
            where,
            "each of the four bonuses must belong to exactly one suit (SS-4)",
        )
        self.bonus_names: dict[str, str] = {
            bonus_of_suit[i]: field(s, "bonus_name", str, f"{where} suit {i}")
            for i, s in enumerate(suits)
        }
        self.rank_codes: tuple[str, ...] = tuple(
            field(r, "code", str, f"{where} rank {i}") for i, r in enumerate(ranks)
        )
        self.rank_names: tuple[str, ...] = tuple(
            field(r, "name", str, f"{where} rank {i}") for i, r in enumerate(ranks)
        )
        numbers = tuple(field(r, "number", int, f"{where} rank {i}") for i, r in enumerate(ranks))
        need(
            numbers == tuple(range(1, 14)),
            where,
            "rank numbers must be 1 (Ace) to 13 (King) in order",
        )
        rank_points = tuple(
            field(r, "points", int, f"{where} rank {i}") for i, r in enumerate(ranks)
        )
        for i, p in enumerate(rank_points):
            need(p >= 0, f"{where} rank {i}", f"points must be >= 0, got {p}")
        figures = [i for i, r in enumerate(ranks) if "figure" in r]
        need(
            figures == [10, 11, 12],
            where,
            "exactly the Jack, Queen and King are Chocolate Figures (field 'figure')",
        )
        self.figure_names: tuple[str, ...] = tuple(
            field(ranks[i], "figure", str, f"{where} rank {i}") for i in figures
        )
        codes = [*self.suit_codes, *self.rank_codes]
        need(len(set(self.suit_codes)) == 4, where, "suit codes must be distinct")
        need(len(set(self.rank_codes)) == 13, where, "rank codes must be distinct")
        need(all(c and c.upper() == c for c in codes), where, "codes must be upper case")

        cards = range(52)
        self.rank: tuple[int, ...] = tuple(c // 4 for c in cards)
        self.suit: tuple[int, ...] = tuple(c % 4 for c in cards)
        self.number: tuple[int, ...] = tuple(numbers[c // 4] for c in cards)
        self.points: tuple[int, ...] = tuple(rank_points[c // 4] for c in cards)
        self.bonus: tuple[str, ...] = tuple(bonus_of_suit[c % 4] for c in cards)
        self.figure_rank: tuple[int, ...] = tuple(
            (c // 4) - 10 if c // 4 >= 10 else -1 for c in cards
        )
        """0 (Jack), 1 (Queen), 2 (King) for figures; -1 for every other card."""
        self.names: tuple[str, ...] = tuple(
            self.rank_codes[c // 4] + self.suit_codes[c % 4] for c in cards
        )
        self.figure_ranks: tuple[str, ...] = self.rank_codes[10:]
        self._by_name = {name: card for card, name in enumerate(self.names)}
        """Rank codes of the figures, indexed by `figure_rank`: ("J", "Q", "K")."""

    def name(self, card: int) -> str:
        """The card's short name, e.g. "7H"."""
        return self.names[card]

    def parse(self, text: str) -> int:
        """The card named `text` (case-insensitive, e.g. "7h", "10C", "KS"); ValueError if none."""
        card = self._by_name.get(text)
        if card is None:
            card = self._by_name.get(text.strip().upper())
        if card is not None:
            return card
        raise ValueError(f"no card named {text!r}; cards are written like 7H, 10C, KS, AD")

    def figures_of(self, figure_rank: int) -> list[int]:
        """The four cards of a figure rank (0 Jack, 1 Queen, 2 King), in suit order."""
        base = (10 + figure_rank) * 4
        return [base, base + 1, base + 2, base + 3]

    def of_suit(self, suit: int, cards: list[int]) -> int:
        """How many of `cards` are of `suit`."""
        return sum(1 for c in cards if self.suit[c] == suit)


def load_cards() -> CardSet:
    """The packaged card data, validated."""
    return CardSet(load_data("sweettooth.games.sweetshop", "cards.json"))


CARDS = load_cards()
