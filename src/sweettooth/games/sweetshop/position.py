"""Hand-built positions: a documented way to set up any table for tests and puzzles.

>>> import sweettooth as st
>>> s = st.game("sweetshop").position(
...     shelf=["7H", "2C", "JS", "9D", "AH", "5S"], deck=["3D", "4D"],
...     basket=["9H"], white=(3, 4, 5, 6), discard=(2, 2))
>>> [str(a) for a in s.legal_actions() if "9H" in str(a)]
['eat 9H with 3+6', 'eat 9H with 4+5']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sweettooth.core.game import Game

from .cards import CARDS
from .state import GAP, SHELF_SIZE, WHITE_DICE, SweetShopState


def build(
    game: Game[Any],
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
    """A position at the start of a turn's decisions (the dice already rolled).

    - `shelf`: six card names (None for a gap), position 1 first.
    - `deck`: the deck, top card first. Cards need not make up a full deck.
    - `queues`: figure queues of delivered ranks ("J", "Q", "K"), next card first (SS-3).
    - `set_aside`: the set-aside figures of ranks not delivered yet.
      A rank in neither counts as delivered when one of its figures is in sight.
    - `white`: the white dice still to use (0, 2 or 4 of them); `discard`: the two discard dice.
    - `multipacks` defaults to the Hearts in the Tummy; `flavour_changers` and `sour_cherries`
      are the lasting Spades and Clubs bonuses earned (SS-4, SS-5).
    - `seed` seeds the dice of later turns.
    Raises ValueError for a card named twice or two figures of a rank on the Shelf.
    """
    s = SweetShopState.blank(game, seed)
    seen: list[int] = []

    def cards(names: Sequence[str]) -> list[int]:
        out = [CARDS.parse(n) for n in names]
        seen.extend(out)
        return out

    if len(shelf) != SHELF_SIZE:
        raise ValueError(f"the Shelf has {SHELF_SIZE} positions, got {len(shelf)}")
    s.shelf = [GAP if n is None else cards([n])[0] for n in shelf]
    s.deck = cards(deck)[::-1]
    s.basket = cards(basket)
    s.tummy = cards(tummy)
    s.discarded = cards(discarded)
    in_sight = set(seen)
    for fr, code in enumerate(CARDS.figure_ranks):
        if queues and code in queues:
            s.piles[fr] = cards(queues[code])[::-1]
            s.revealed[fr] = True
        elif set_aside and code in set_aside:
            s.piles[fr] = cards(set_aside[code])[::-1]
        else:
            s.revealed[fr] = any(CARDS.figure_rank[c] == fr for c in in_sight)
        if any(CARDS.figure_rank[c] != fr for c in s.piles[fr]):
            raise ValueError(f"the {code} queue may hold only {code}s")
    if len(seen) != len(set(seen)):
        twice = sorted({CARDS.name(c) for c in seen if seen.count(c) > 1})
        raise ValueError(f"cards placed twice: {', '.join(twice)}")
    on_shelf = [CARDS.figure_rank[c] for c in s.shelf if c != GAP and CARDS.figure_rank[c] >= 0]
    if len(on_shelf) != len(set(on_shelf)):
        raise ValueError("only one figure of each rank may be on the Shelf (SS-3)")
    dice = [*white, *discard]
    if len(white) not in (0, 2, WHITE_DICE) or len(discard) != 2:
        raise ValueError("give 0, 2 or 4 white dice and exactly 2 discard dice")
    if not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise ValueError(f"dice show 1 to 6, got {dice}")
    s.white = sorted(white)
    s.rolled = s.white[:]
    s.marks = sorted(discard)
    hearts = sum(1 for c in s.tummy if CARDS.bonus[c] == "multipack")
    s.lasting = [hearts if multipacks is None else multipacks, flavour_changers, sour_cherries]
    s.final_turn = final_turn
    s.turn = 1
    s.say(
        f"a position set up by hand; white dice {' '.join(map(str, s.white))}; "
        f"discard dice {s.marks[0]} {s.marks[1]}"
    )
    return s
