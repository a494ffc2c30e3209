"""Sweet Shop (solo): action table and observation encoder.

Actions, in this order (pairs are the 21 pairs of dice faces, low die first, ordered 1+1, 1+2,
... 1+6, 2+2, ... 6+6; cards are the 52 cards in the game's data order, Aces first, suits S H D C):

1. every Grab a pair allows: for each pair a+b, `grab a`, then (a != b) `grab b` and the
   Multipack `grab a,b` (51 ids);
2. every Eat: for each card, for each pair whose total is the card's number (or any pair for an
   Ace): `eat C with a+b`; else with a Flavour Changer when the total is one less or one more:
   `... +1` / `... -1`;
3. `sugar rush C` for each card, then `skip sugar rush`;
4. `cherries s>t` for each discard-die position s and neighbour t;
5. `last resort p` for p = 1..6, then `end turn`.

The list is generated from the game's own action classes and card data (`action_notations`).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from sweettooth.core import JSON, State
from sweettooth.games.sweetshop.actions import (
    END_TURN,
    SKIP_SUGAR_RUSH,
    Eat,
    Grab,
    LastResort,
    SourCherries,
    SugarRush,
)
from sweettooth.games.sweetshop.cards import CARDS
from sweettooth.games.sweetshop.state import (
    GAP,
    LASTING_KINDS,
    SHELF_SIZE,
    SweetShopState,
    score_of,
)

from ..spec import OBS_BOUND, Field, GameSpec, Layout, Obs

FACES = range(1, 7)
POSITIONS = range(1, SHELF_SIZE + 1)
PAIRS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
N_CARDS = len(CARDS.names)


def action_notations() -> tuple[str, ...]:
    out: list[object] = []
    for a, b in PAIRS:
        out.append(Grab((a,), (a, b)))
        if a != b:
            out += [Grab((b,), (a, b)), Grab((a, b), (a, b))]
    for card in range(N_CARDS):
        n = CARDS.number[card]
        for pair in PAIRS:
            total = pair[0] + pair[1]
            if n == total or n == 1:
                out.append(Eat(card, pair, 0))
            elif n == total + 1:
                out.append(Eat(card, pair, 1))
            elif n == total - 1:
                out.append(Eat(card, pair, -1))
    out += [SugarRush(card) for card in range(N_CARDS)]
    out.append(SKIP_SUGAR_RUSH)
    out += [SourCherries(s, t) for s in range(1, SHELF_SIZE + 1) for t in (s - 1, s + 1)
            if 1 <= t <= SHELF_SIZE]
    out += [LastResort(p) for p in range(1, SHELF_SIZE + 1)]
    out.append(END_TURN)
    return tuple(str(a) for a in out)


def build(players: int, options: dict[str, Any], sample: JSON) -> GameSpec:
    ranks, suits = CARDS.rank_codes, CARDS.suit_codes
    card_at = {CARDS.name(c): c for c in range(N_CARDS)}
    rank_at = {r: i for i, r in enumerate(ranks)}
    suit_at = {s: i for i, s in enumerate(suits)}
    figures = list(CARDS.figure_ranks)
    per_slot = 1 + len(ranks) + len(suits)
    layout = Layout([
        Field("shelf", SHELF_SIZE * per_slot,
              f"per Shelf position 1-{SHELF_SIZE}: empty flag, one-hot rank "
              f"({' '.join(ranks)}), one-hot suit ({' '.join(suits)})"),
        Field("white_rolled", 6, "white dice rolled this turn: how many show 1..6, / 4"),
        Field("white_left", 6, "white dice not used yet: how many show 1..6, / 4"),
        Field("discard_dice", SHELF_SIZE, "Shelf positions marked by the discard dice (count / 2)"),
        Field("basket", N_CARDS, "multi-hot: cards in the Basket (cards in data order, AS AH ...)"),
        Field("tummy", N_CARDS, "multi-hot: cards in the Tummy"),
        Field("discarded", N_CARDS, "multi-hot: cards discarded"),
        Field("deck", 1, "cards left in the deck / 52"),
        Field("figures", 2 * len(figures),
              f"per figure ({' '.join(figures)}): delivered flag, its pile (queue or set "
              "aside) / 4"),
        Field("bonuses", 2 * len(LASTING_KINDS),
              f"per lasting bonus ({', '.join(LASTING_KINDS)}): held / 4, used this turn / 4"),
        Field("flags", 3, "sugar rush pending, last resort taken this turn, final turn"),
        Field("turn", 1, "turn number / 30"),
        Field("score", 3 + len(figures),
              "score so far / 50: total, plain points, each figure's points, Basket cards not "
              "scored yet"),
    ])
    o = layout.offset

    def fill(view: JSON, out: Obs) -> None:
        hot: list[int] = []
        base = o["shelf"]
        for i, name in enumerate(view["shelf"]):
            at = base + i * per_slot
            if name is None:
                hot.append(at)
            else:
                hot += [at + 1 + rank_at[name[:-1]], at + 1 + len(ranks) + suit_at[name[-1]]]
        for key in ("basket", "tummy", "discarded"):
            base = o[key]
            hot += [base + card_at[name] for name in view[key]]
        out[hot] = 1.0
        dice = view["white_dice"]
        for die in dice["rolled"]:
            out[o["white_rolled"] + die - 1] += 0.25
        for die in dice["left"]:
            out[o["white_left"] + die - 1] += 0.25
        for pos in view["discard_dice"]:
            out[o["discard_dice"] + pos - 1] += 0.5
        out[o["deck"]] = view["deck"] / 52
        for i, code in enumerate(figures):
            fig = view["figures"][code]
            at = o["figures"] + 2 * i
            out[at] = 1.0 if fig["delivered"] else 0.0
            out[at + 1] = fig.get("queue", fig.get("set_aside", 0)) / 4
        for i, kind in enumerate(LASTING_KINDS):
            bonus = view["bonuses"][kind]
            at = o["bonuses"] + 2 * i
            out[at] = bonus["have"] / 4
            out[at + 1] = bonus["used_this_turn"] / 4
        at = o["flags"]
        out[at:at + 3] = (view["sugar_rush"], view["last_resort"], view["final_turn"])
        out[o["turn"]] = view["turn"] / 30
        score = view["score"]
        at = o["score"]
        values = [score["total"], score["plain"]["points"]]
        values += [score[code]["points"] for code in figures]
        values.append(score["basket_unscored"])
        out[at:at + len(values)] = [v / 50 for v in values]

    # The fast path (`GameSpec.observe`): the same array, read from what the view shows,
    # written item by item into an `array` of float32 (cheaper than numpy for single items).
    shelf_hot = [
        (o["shelf"] + i * per_slot + 1 + rank_at[CARDS.name(c)[:-1]],
         o["shelf"] + i * per_slot + 1 + len(ranks) + suit_at[CARDS.name(c)[-1]])
        for i in range(SHELF_SIZE) for c in range(N_CARDS)
    ]
    o_shelf, o_basket, o_tummy, o_discarded = o["shelf"], o["basket"], o["tummy"], o["discarded"]
    o_rolled, o_white, o_marks = o["white_rolled"] - 1, o["white_left"] - 1, o["discard_dice"] - 1
    o_deck, o_score = o["deck"], o["score"]
    assert o_deck + 1 == o["figures"] and o_score + len(figures) + 3 == layout.size
    zeros = array("f", bytes(4 * layout.size))
    # The score fields depend only on the Tummy and the Basket's size, which change only when
    # a card is grabbed or eaten: kept per (Tummy, Basket size).
    scores: dict[tuple[tuple[int, ...], int], array[float]] = {}

    def score_part(tummy: list[int], basket: list[int]) -> array[float]:
        key = (tuple(tummy), len(basket))
        found = scores.get(key)
        if found is None:
            if len(scores) > 4096:
                scores.clear()
            score = score_of(tummy, basket)
            points = [score["total"], score["plain"]["points"]]
            points += [score[code]["points"] for code in figures]
            points.append(score["basket_unscored"])
            found = scores[key] = array(
                "f", [min(max(v / 50, -OBS_BOUND), OBS_BOUND) for v in points])
        return found

    def observe(state: State, seat: int) -> Obs:
        """`fill` of `state.view(seat)` without building it (everything on the table is
        public; the deck and the figure piles count only by size, as in the view)."""
        assert isinstance(state, SweetShopState)
        out = zeros[:]
        for i, c in enumerate(state.shelf):
            if c == GAP:
                out[o_shelf + i * per_slot] = 1.0
            else:
                a, b = shelf_hot[i * N_CARDS + c]
                out[a] = out[b] = 1.0
        for c in state.basket:
            out[o_basket + c] = 1.0
        for c in state.tummy:
            out[o_tummy + c] = 1.0
        for c in state.discarded:
            out[o_discarded + c] = 1.0
        for f in state.rolled:
            out[o_rolled + f] += 0.25
        for f in state.white:
            out[o_white + f] += 0.25
        for p in state.marks:
            out[o_marks + p] += 0.5
        out[o_deck] = len(state.deck) / 52
        at = o_deck + 1
        for fr in range(len(figures)):
            out[at] = 1.0 if state.revealed[fr] else 0.0
            out[at + 1] = len(state.piles[fr]) / 4
            at += 2
        for i in range(len(LASTING_KINDS)):
            out[at] = state.lasting[i] / 4
            out[at + 1] = state.used[i] / 4
            at += 2
        out[at] = state.sugar_rush
        out[at + 1] = state.last_resort
        out[at + 2] = state.final_turn
        out[at + 3] = state.turn / 30
        out[o_score:] = score_part(state.tummy, state.basket)
        return np.frombuffer(out, np.float32)

    return GameSpec("sweetshop", players, options, action_notations(), layout, fill, observe)
