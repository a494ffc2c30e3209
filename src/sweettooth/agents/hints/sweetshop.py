"""Sweet Shop hints: the points a decision adds once eaten (SS-6), the bonus it triggers (SS-4,
exact rolls for Spades and Clubs, SS-5), and what the discard dice would take away.

A grab carries a risk the view shows: a card in the Basket scores nothing until it is eaten,
and eating it needs a pair of the four white dice totalling its number (an Ace any pair; a
Flavour Changer stretches a total by one; a King needs one). `eat_risk` gives the chance that
one roll offers such a pair, counted over the 1,296 rolls of four dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from typing import Any

from sweettooth.core import JSON
from sweettooth.games.sweetshop.actions import (
    Eat,
    EndTurn,
    Grab,
    LastResort,
    SkipSugarRush,
    SourCherries,
    SugarRush,
    parse_notation,
)
from sweettooth.games.sweetshop.cards import CARDS, EXACT_ONLY

from .common import People, count, listed


def card_name(card: int) -> str:
    """ "the 7 of Hearts", "the Jack of Spades (a Chocolate Soldier)"."""
    rank = CARDS.rank[card]
    number = CARDS.number[card]
    word = CARDS.rank_names[rank] if number in (1, 11, 12, 13) else str(number)
    text = f"the {word} of {CARDS.suit_names[CARDS.suit[card]]}"
    if CARDS.figure_rank[card] >= 0:
        text += f" (a {CARDS.figure_names[CARDS.figure_rank[card]]})"
    return text


def _points(card: int) -> str:
    return count(CARDS.points[card], "point")


def _bonus(card: int, exact: bool, basket: int) -> str:
    """The bonus eating `card` gives, as a clause ("" when none)."""
    kind = CARDS.bonus[card]
    name = CARDS.bonus_names[kind]
    if kind in EXACT_ONLY and not exact:
        return ""
    if kind == "sugar_rush":
        return f" and a {name} (eat another Basket card at once)" if basket > 1 else ""
    return f" and a lasting bonus, the {name}"


@cache
def pair_chance(number: int, stretch: bool) -> float:
    """The chance that a roll of four dice holds a pair totalling `number` (with `stretch`, a
    Flavour Changer: `number` - 1 or + 1 will do too); an Ace (1) is eaten with any pair."""
    if number == 1:
        return 1.0
    totals = {number - 1, number, number + 1} if stretch else {number}
    hits = sum(1 for roll in product(range(1, 7), repeat=4)
               if any(a + b in totals for a, b in combinations(roll, 2)))
    return hits / 6**4


def eat_risk(view: JSON, cards: Sequence[int]) -> str:
    """ "; risk: a pair totals 11 in only 23% of rolls; till eaten it scores 0", for the
    hardest card of `cards` to eat; "" when every one is an Ace."""
    stretch = view["bonuses"]["flavour_changer"]["have"] > 0
    hard = [c for c in cards if CARDS.number[c] != 1]
    if not hard:
        return ""
    card = min(hard, key=lambda c: pair_chance(CARDS.number[c], stretch))
    number = CARDS.number[card]
    chance = pair_chance(number, stretch)
    if chance == 0:
        return f"; risk: no pair totals {number} without a Flavour Changer: it needs a Sugar Rush"
    total = f"{number} (or one off)" if stretch else str(number)
    return f"; risk: a pair totals {total} in only {chance:.0%} of rolls; till eaten it scores 0"


def _cards(view: JSON, positions: Sequence[int]) -> list[int]:
    shelf = _shelf(view)
    return [c for p in positions if (c := shelf[p - 1]) is not None]


def _shelf(view: JSON) -> list[int | None]:
    return [None if n is None else CARDS.parse(n) for n in view["shelf"]]


def _grab(view: JSON, positions: Sequence[int], how: str) -> str:
    shelf, marked = _shelf(view), set(view["discard_dice"])
    cards = [c for p in positions if (c := shelf[p - 1]) is not None]
    names = listed([card_name(c) for c in cards])
    worth = sum(CARDS.points[c] for c in cards)
    text = f"grab {names} {how}: worth {count(worth, 'point')} once eaten"
    saved = [p for p in positions if p in marked]
    if saved:
        text += ", and it saves it from the discard die" if len(cards) == 1 else (
            ", and it saves a card from the discard dice")
    return text


def actions(view: JSON) -> list[Any]:
    """The view's legal actions as action objects (read from their notation)."""
    return [parse_notation(text) for text in view["legal_actions"]]


def _then(view: JSON, action: Grab | Eat, legal: Sequence[Any]) -> str:
    """With four dice left: what the other pair can still do afterwards (an Eat of another
    Basket card first, else a Grab at other Shelf positions), as a clause; "" if nothing."""
    white = list(view["white_dice"]["left"])
    if len(white) != 4:
        return ""
    for die in action.pair:
        white.remove(die)
    rest = tuple(sorted(white))
    shelf = _shelf(view)
    eats = [a for a in legal if isinstance(a, Eat) and a.pair == rest and not a.shift
            and not (isinstance(action, Eat) and a.card == action.card)]
    if eats:
        best = max(eats, key=lambda a: CARDS.points[a.card])
        return f"; then {rest[0]}+{rest[1]} can eat {card_name(best.card)}"
    taken = set(action.positions) if isinstance(action, Grab) else set()
    grabs = [a for a in legal if isinstance(a, Grab) and a.pair == rest and len(a.positions) == 1
             and not taken & set(a.positions) and shelf[a.positions[0] - 1] is not None]
    if grabs:
        best_grab = max(grabs, key=lambda a: CARDS.points[shelf[a.positions[0] - 1] or 0])
        card = shelf[best_grab.positions[0] - 1]
        if card is not None:
            return f"; then {rest[0]}+{rest[1]} can grab {card_name(card)}"
    return ""


def explain(view: JSON, action: Any, legal: Sequence[Any], people: People) -> str:
    basket = len(view["basket"])
    if isinstance(action, Eat):
        exact = sum(action.pair) == CARDS.number[action.card]
        how = f"with {action.pair[0]}+{action.pair[1]}"
        if action.shift:
            how += f" and your Flavour Changer ({action.shift:+d})"
        return (f"eat {card_name(action.card)} {how}: +{_points(action.card)}"
                f"{_bonus(action.card, exact and not action.shift, basket)}"
                f"{_then(view, action, legal)}")
    if isinstance(action, SugarRush):
        return (f"eat {card_name(action.card)} at once with the Sugar Rush: "
                f"+{_points(action.card)}{_bonus(action.card, False, basket - 1)}")
    if isinstance(action, SkipSugarRush):
        return "skip the Sugar Rush: no card in your Basket is worth eating now"
    if isinstance(action, Grab):
        pair = f"with {action.pair[0]}+{action.pair[1]}"
        return (_grab(view, action.positions, pair) + _then(view, action, legal)
                + eat_risk(view, _cards(view, action.positions)))
    if isinstance(action, LastResort):
        text = _grab(view, [action.position], "with your Last Resort")
        return (text + "; the dice offer nothing better"
                + eat_risk(view, _cards(view, [action.position])))
    if isinstance(action, SourCherries):
        shelf = _shelf(view)
        saved = shelf[action.source - 1]
        lost = shelf[action.target - 1]
        what = card_name(saved) if saved is not None else "that position"
        text = (f"move a discard die from position {action.source} to {action.target}: "
                f"it saves {what}")
        if lost is not None and action.target not in view["discard_dice"]:
            text += f" and costs only {card_name(lost)}"
        return text
    if isinstance(action, EndTurn):
        shelf, marked = _shelf(view), sorted(set(view["discard_dice"]))
        gone = [card_name(c) for p in marked if (c := shelf[p - 1]) is not None]
        text = "end the turn: nothing left is worth doing with these dice"
        if gone:
            text += f"; {listed(gone)} will be discarded"
        return text
    return f"{action}: the medium bot's choice"
