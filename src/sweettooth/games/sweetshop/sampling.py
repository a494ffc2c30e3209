"""Determinization: a full Sweet Shop state consistent with what the player has seen.

Everything on the table is public. What the player cannot see is the order of the deck, which
suit of each not-yet-delivered figure rank is in the deck (the other three are set aside), and
the order of each figure queue (SS-1, SS-3). Cards seen on the Shelf, in the Basket, in the Tummy
or in the discard pile are known; every other card is dealt at random into the deck and the
piles, respecting their public sizes. Future dice come from a fresh RNG seeded by `seed`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sweettooth.core import JSON
from sweettooth.core.game import Game

from .actions import Action, parse_notation
from .cards import CARDS
from .state import GAP, LASTING_KINDS, SweetShopState


def sample(game: Game[Any], view: JSON, seat: int, seed: int) -> SweetShopState:
    """A state whose `view(seat)` equals `view`, hidden parts dealt at random from `seed`."""
    if seat != 0:
        raise ValueError(f"Sweet Shop is solo: the only seat is 0, got {seat!r}")
    s = SweetShopState.blank(game, seed)
    parse = CARDS.parse
    s.shelf = [GAP if n is None else parse(n) for n in view["shelf"]]
    s.basket = [parse(n) for n in view["basket"]]
    s.tummy = [parse(n) for n in view["tummy"]]
    s.discarded = [parse(n) for n in view["discarded"]]
    seen = {*s.shelf, *s.basket, *s.tummy, *s.discarded}
    unseen = [c for c in range(52) if c not in seen]
    deck = [c for c in unseen if CARDS.figure_rank[c] < 0]
    rng = s.rng
    for fr, code in enumerate(CARDS.figure_ranks):
        info = view["figures"][code]
        figures = [c for c in unseen if CARDS.figure_rank[c] == fr]
        rng.shuffle(figures)
        if info["delivered"]:
            s.revealed[fr] = True
            size = info["queue"]
        else:
            deck.append(figures.pop())  # SS-1: one of the four is in the deck
            size = info["set_aside"]
        if len(figures) != size:
            raise ValueError(f"view is inconsistent: {len(figures)} unseen {code}s for {size}")
        s.piles[fr] = figures
    if len(deck) != view["deck"]:
        raise ValueError(f"view is inconsistent: {len(deck)} unseen cards for {view['deck']}")
    rng.shuffle(deck)
    s.deck = deck
    s.rolled = list(view["white_dice"]["rolled"])
    s.white = list(view["white_dice"]["left"])
    s.marks = list(view["discard_dice"])
    s.lasting = [view["bonuses"][k]["have"] for k in LASTING_KINDS]
    s.used = [view["bonuses"][k]["used_this_turn"] for k in LASTING_KINDS]
    s.sugar_rush = view["sugar_rush"]
    s.last_resort = view["last_resort"]
    s.final_turn = view["final_turn"]
    s.over = view["to_move"] is None
    s.turn = view["turn"]
    s.log = list(view["log"])
    s.history = [_action(text) for text in view["history"]]
    return s


def _action(text: str) -> Action:
    action = parse_notation(text)
    if action is None:
        raise ValueError(f"view history holds {text!r}, which is no Sweet Shop action")
    return action


def components_of(state: SweetShopState) -> Counter[str]:
    """Every card of the state, wherever it is (for the conformance kit)."""
    places = [state.shelf, state.deck, *state.piles, state.basket, state.tummy, state.discarded]
    return Counter(CARDS.name(c) for place in places for c in place if c != GAP)
