"""Why a Sweet Shop move is refused, what is expected instead, and reading notation in any case.

A reason names only what is on the table: the Shelf, the Basket, the dice left and the discard
dice, the bonuses held (the deck order and the figure queues stay unknown).

>>> import sweettooth as st
>>> s = st.game("sweetshop").position(shelf=["7H", "2C", "10S", "6D", "8C", "3S"],
...                                   basket=["9H"], white=(1, 2, 3, 4))
>>> try:
...     s.apply("EAT 9h with 1+2")
... except st.IllegalAction as exc:
...     print(exc.reason)
1+2 makes 3, not 9 (an Ace is eaten with any pair)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import (
    Eat,
    EndTurn,
    Grab,
    LastResort,
    SkipSugarRush,
    SourCherries,
    SugarRush,
    parse_notation,
    well_formed,
)
from .cards import CARDS

if TYPE_CHECKING:
    from .state import SweetShopState

_TYPES = (Grab, Eat, SugarRush, SkipSugarRush, SourCherries, LastResort, EndTurn)


def read(state: SweetShopState, text: str) -> Any:
    """The action `text` names, legal or not, in any letter case (None if it names none)."""
    try:
        return parse_notation(text)
    except ValueError:
        return None


def _card(card: int) -> str:
    return CARDS.name(card) if 0 <= card < len(CARDS.names) else f"card {card}"


def _bonus(kind: str) -> str:
    return CARDS.bonus_names[kind]


def _has(state: SweetShopState, index: int) -> bool:
    return state.lasting[index] > state.used[index]


def why(state: SweetShopState, action: Any) -> str | None:
    """Why `action` is not legal now (None: no specific reason; the caller says what is
    expected)."""
    if type(action) not in _TYPES or not well_formed(action):
        return f"{action!r} is not a Sweet Shop move; {expected(state)}"
    if state.sugar_rush:
        if isinstance(action, SugarRush):
            return f"{_card(action.card)} is not in your Basket"
        return f"first answer the Sugar Rush: {expected(state)}"
    if isinstance(action, SugarRush | SkipSugarRush):
        return f"no Sugar Rush is waiting (eating a {_suit_of('sugar_rush')} gives one)"
    if isinstance(action, SourCherries):
        return _cherries_problem(state, action)
    if isinstance(action, LastResort):
        return _last_resort_problem(state, action)
    if isinstance(action, Grab | Eat):
        return _pair_problem(state, action.pair) or (
            _grab_problem(state, action) if isinstance(action, Grab)
            else _eat_problem(state, action)
        )
    return None


def _suit_of(kind: str) -> str:
    """The suit that gives a bonus, in words (e.g. 'Diamond')."""
    for suit in range(4):
        if CARDS.bonus[suit] == kind:
            name = CARDS.names[suit][-1]
            return {"S": "Spade", "H": "Heart", "D": "Diamond", "C": "Club"}.get(name, name)
    return kind


def _pair_problem(state: SweetShopState, pair: tuple[int, ...]) -> str | None:
    from .state import WHITE_DICE, pairs_of

    if not state.white:
        if state.last_resort:
            return "the Last Resort was this turn's only action: end your turn"
        return "you have used both pairs of white dice this turn: end your turn"
    if len(pair) != 2 or tuple(sorted(pair)) not in pairs_of(tuple(state.white)):
        dice = ", ".join(map(str, state.white))
        left = "your white dice are" if len(state.white) == WHITE_DICE else "the dice left are"
        return f"no pair {'+'.join(map(str, pair))} among your dice: {left} {dice}"
    return None


def _grab_problem(state: SweetShopState, grab: Grab) -> str | None:
    from .state import GAP, MULTIPACK, SHELF_SIZE

    a, b = grab.pair
    for pos in grab.positions:
        if not 1 <= pos <= SHELF_SIZE:
            return f"the Shelf positions are 1 to {SHELF_SIZE}"
    if len(grab.positions) == 2:
        if not _has(state, MULTIPACK):
            return (f"a second position needs a {_bonus('multipack')} (eat a "
                    f"{_suit_of('multipack')} to get one)")
        if sorted(grab.positions) != [a, b] or a == b:
            return (f"a {_bonus('multipack')} Grab takes the two positions the dice show, "
                    f"{a} and {b} (never with a double)")
    elif len(grab.positions) != 1:
        return "a Grab takes one position (two with a Multipack)"
    for pos in grab.positions:
        if pos not in (a, b):
            return f"a Grab takes the position one die of the pair shows: {a} or {b}"
        if state.shelf[pos - 1] == GAP:
            return f"Shelf position {pos} is empty"
    return None


def _eat_problem(state: SweetShopState, eat: Eat) -> str | None:
    from .state import FLAVOUR_CHANGER

    card = eat.card
    if card not in state.basket:
        where = "on the Shelf: grab it first" if card in state.shelf else "not in your Basket"
        return f"{_card(card)} is {where}"
    total = sum(eat.pair)
    number = CARDS.number[card]
    pair = "+".join(map(str, eat.pair))
    if eat.shift not in (-1, 0, 1):
        return f"a {_bonus('flavour_changer')} changes a pair by 1 only"
    if eat.shift and not _has(state, FLAVOUR_CHANGER):
        return (f"you have no {_bonus('flavour_changer')} to use (eat a "
                f"{_suit_of('flavour_changer')} with an exact roll to get one)")
    if eat.shift:
        return f"{pair} {eat.shift:+d} makes {total + eat.shift}, not {number}"
    hint = "" if number == 1 else " (an Ace is eaten with any pair)"
    return f"{pair} makes {total}, not {number}{hint}"


def _cherries_problem(state: SweetShopState, move: SourCherries) -> str | None:
    from .state import SHELF_SIZE, SOUR_CHERRIES

    if not _has(state, SOUR_CHERRIES):
        return (f"you have no {_bonus('sour_cherries')} to use (eat a "
                f"{_suit_of('sour_cherries')} with an exact roll to get one)")
    marks = sorted(set(state.marks))
    if move.source not in marks:
        on = " and ".join(map(str, marks))
        return f"no discard die is on position {move.source}: they mark {on}"
    near = [t for t in (move.source - 1, move.source + 1) if 1 <= t <= SHELF_SIZE]
    return ("a discard die moves to a neighbouring position: "
            + " or ".join(map(str, near)))


def _last_resort_problem(state: SweetShopState, move: LastResort) -> str | None:
    from .state import GAP, SHELF_SIZE, WHITE_DICE

    if len(state.white) != WHITE_DICE:
        if state.last_resort:
            return "you have already taken the Last Resort this turn"
        return "the Last Resort replaces both pair actions: you have already used a pair"
    if not 1 <= move.position <= SHELF_SIZE:
        return f"the Shelf positions are 1 to {SHELF_SIZE}"
    if state.shelf[move.position - 1] == GAP:
        return f"Shelf position {move.position} is empty"
    return None


def expected(state: SweetShopState) -> str:
    """What the player must do now."""
    from .state import WHITE_DICE

    if state.sugar_rush:
        return "you must eat a card from your Basket with no dice, or skip the Sugar Rush"
    if not state.white:
        return "your dice are used: end your turn (or use a bonus)"
    if len(state.white) == WHITE_DICE:
        return "use a pair of white dice to grab or eat, take the Last Resort, or end your turn"
    return "use the other pair of white dice to grab or eat, or end your turn"


def shapes(state: SweetShopState) -> str:
    """The notation accepted now, with examples."""
    legal = state.legal_actions()
    if state.sugar_rush:
        rush = next((str(a) for a in legal if isinstance(a, SugarRush)), "sugar rush 7D")
        return f"'sugar rush <card>' like '{rush}', or 'skip sugar rush'"
    out, first = [], None
    for kind, shape in ((Grab, "'grab <position> with <die>+<die>'"),
                        (Eat, "'eat <card> with <die>+<die>'"),
                        (SourCherries, "'cherries <from>><to>'"),
                        (LastResort, "'last resort <position>'")):
        example = next((str(a) for a in legal if isinstance(a, kind)), None)
        if example is not None:
            out.append(shape)
            first = first or example
    out.append("'end turn'")
    shown = ", ".join(out[:-1]) + " or " + out[-1] if len(out) > 1 else out[0]
    return shown + (f", like '{first}'" if first else "")
