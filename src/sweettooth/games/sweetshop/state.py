"""A Sweet Shop position and its rules: the Shelf, the dice, Grab, Eat, the bonuses, the end.

Every rule cites its ruling (SS-1..SS-6, stated on docs/rules/sweetshop.md; the printed rulebook
skips those boxes).
Our own choices where both are silent are marked "choice" and listed on docs/rules/sweetshop.md.

The player is seat 0 and always to move until the shop shuts. Each turn starts with a roll of the
four white dice and the two discard dice (from `self.rng`), then the player makes small decisions
(see `actions`) until `end turn`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from sweettooth.core import JSON, Result, State
from sweettooth.core.game import Game

from .actions import (
    END_TURN,
    SKIP_SUGAR_RUSH,
    Action,
    Eat,
    EndTurn,
    Grab,
    LastResort,
    SkipSugarRush,
    SourCherries,
    SugarRush,
    well_formed,
)
from .cards import CARDS

SHELF_SIZE = 6
"""SS-1: six Shelf positions, numbered 1 to 6 from the left (a die picks one)."""
WHITE_DICE = 4
"""SS-2: four white dice, used as two pairs."""
GAP = -1
"""An empty Shelf position (only once the deck has run out, SS-6)."""

MULTIPACK, FLAVOUR_CHANGER, SOUR_CHERRIES = 0, 1, 2
LASTING_KINDS = ("multipack", "flavour_changer", "sour_cherries")
"""The lasting bonuses, indexed as above (SS-4)."""
_LASTING_INDEX = {k: i for i, k in enumerate(LASTING_KINDS)}

_NUMBER = CARDS.number
_FIGURE = CARDS.figure_rank
_BONUS = CARDS.bonus
_NAMES = CARDS.names
_ACTION_TYPES = (Grab, Eat, SugarRush, SkipSugarRush, SourCherries, LastResort, EndTurn)


@cache
def pairs_of(white: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The distinct pairs (low die first) the remaining white dice can form (SS-2)."""
    found: list[tuple[int, int]] = []
    for i in range(len(white)):
        for j in range(i + 1, len(white)):
            pair = (white[i], white[j]) if white[i] <= white[j] else (white[j], white[i])
            if pair not in found:
                found.append(pair)
    return tuple(found)


@cache
def _grab(positions: tuple[int, ...], pair: tuple[int, int]) -> Grab:
    return Grab(positions, pair)


@cache
def _eat(card: int, pair: tuple[int, int], shift: int) -> Eat:
    return Eat(card, pair, shift)


_LAST_RESORT = tuple(LastResort(p) for p in range(SHELF_SIZE + 1))
_SUGAR_RUSH = tuple(SugarRush(c) for c in range(52))
_CHERRIES = {(s, t): SourCherries(s, t) for s in range(1, 7) for t in (s - 1, s + 1) if 1 <= t <= 6}


def score_of(tummy: list[int], basket: list[int]) -> JSON:
    """SS-6: the Tummy's score, broken down; Basket cards score nothing."""
    plain = [c for c in tummy if _FIGURE[c] < 0]
    out: JSON = {"plain": {"cards": len(plain), "points": sum(CARDS.points[c] for c in plain)}}
    for fr, code in enumerate(CARDS.figure_ranks):
        figs = [c for c in tummy if _FIGURE[c] == fr]
        out[code] = {"cards": len(figs), "points": sum(CARDS.points[c] for c in figs)}
    out["basket_unscored"] = len(basket)
    out["total"] = sum(CARDS.points[c] for c in tummy)
    return out


class SweetShopState(State):
    """One position of a solo game of Sweet Shop (seat 0)."""

    shelf: list[int]
    deck: list[int]
    piles: list[list[int]]
    revealed: list[bool]
    basket: list[int]
    tummy: list[int]
    discarded: list[int]
    rolled: list[int]
    white: list[int]
    marks: list[int]
    lasting: list[int]
    used: list[int]
    sugar_rush: bool
    last_resort: bool
    final_turn: bool
    over: bool
    turn: int
    log: list[str]
    _log_owned: bool
    _legal: list[Action] | None

    # -- set-up ---------------------------------------------------------------------------
    @classmethod
    def blank(cls, game: Game[Any], seed: int) -> SweetShopState:
        """An empty table (no cards anywhere) with its RNG seeded; callers fill it in."""
        s = cls.__new__(cls)
        s._init_base(game, 1, seed, {})
        s.shelf = [GAP] * SHELF_SIZE
        s.deck = []
        s.piles = [[], [], []]
        s.revealed = [False, False, False]
        s.basket, s.tummy, s.discarded = [], [], []
        s.rolled, s.white, s.marks = [], [], []
        s.lasting = [0, 0, 0]
        s.used = [0, 0, 0]
        s.sugar_rush = s.last_resort = s.final_turn = s.over = False
        s.turn = 0
        s.log = []
        s._log_owned = True
        s._legal = None
        return s

    @classmethod
    def deal(cls, game: Game[Any], seed: int) -> SweetShopState:
        """SS-1: a new game. One figure of each rank, chosen at random, is shuffled into the
        deck with the 40 numbered cards; the other three of each rank are set aside. The Shelf
        is dealt left to right and the first turn is rolled."""
        s = cls.blank(game, seed)
        rng = s.rng
        deck = [c for c in range(52) if _FIGURE[c] < 0]
        for fr in range(3):
            figures = CARDS.figures_of(fr)
            rng.shuffle(figures)
            deck.append(figures.pop())  # choice: which suit is in the deck is random
            s.piles[fr] = figures
        rng.shuffle(deck)
        s.deck = deck
        dealt = "".join(s._draw(pos) for pos in range(SHELF_SIZE))
        s.say(f"the shop opens: the Shelf is dealt{dealt}")
        s._start_turn()
        return s

    # -- the protocol ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.over else 0

    def result(self) -> Result | None:
        if not self.over:
            return None
        score = score_of(self.tummy, self.basket)
        return Result([float(score["total"])], [0], {"score": score})

    def legal_actions(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _is_legal(self, action: Any) -> bool:
        if type(action) not in _ACTION_TYPES:
            return False
        if self._legal is None:
            self._legal = self._generate()
        return action in self._legal and well_formed(action)

    def copy(self) -> SweetShopState:
        s = SweetShopState.__new__(SweetShopState)
        self._copy_base_into(s)
        s.shelf = self.shelf[:]
        s.deck = self.deck[:]
        s.piles = [p[:] for p in self.piles]
        s.revealed = self.revealed[:]
        s.basket = self.basket[:]
        s.tummy = self.tummy[:]
        s.discarded = self.discarded[:]
        s.rolled = self.rolled[:]
        s.white = self.white[:]
        s.marks = self.marks[:]
        s.lasting = self.lasting[:]
        s.used = self.used[:]
        s.sugar_rush = self.sugar_rush
        s.last_resort = self.last_resort
        s.final_turn = self.final_turn
        s.over = self.over
        s.turn = self.turn
        s.log = self.log  # shared until either side writes (copy on write)
        s._log_owned = self._log_owned = False
        s._legal = self._legal  # never mutated in place, so safe to share
        return s

    # -- what is legal --------------------------------------------------------------------
    def _generate(self) -> list[Action]:
        if self.over:
            return []
        if self.sugar_rush:  # SS-4 Sugar Rush: answered at once, before anything else
            rush: list[Action] = [_SUGAR_RUSH[c] for c in self.basket]
            rush.append(SKIP_SUGAR_RUSH)
            return rush
        out: list[Action] = []
        shelf, basket = self.shelf, self.basket
        if self.white:
            multipack = self.lasting[MULTIPACK] > self.used[MULTIPACK]
            flavour = self.lasting[FLAVOUR_CHANGER] > self.used[FLAVOUR_CHANGER]
            for pair in pairs_of(tuple(self.white)):
                a, b = pair
                # Grab: one die of the pair is the card's position (printed rule).
                if shelf[a - 1] != GAP:
                    out.append(_grab((a,), pair))
                if b != a:
                    if shelf[b - 1] != GAP:
                        out.append(_grab((b,), pair))
                    # SS-4 Multipack: the Grab also takes the other die's position.
                    # choice: a double cannot Multipack (both dice name one position).
                    if multipack and shelf[a - 1] != GAP and shelf[b - 1] != GAP:
                        out.append(_grab((a, b), pair))
                # Eat: the pair's total is the card's number; an Ace by any pair (printed).
                total = a + b
                for card in basket:
                    n = _NUMBER[card]
                    if n == total or n == 1:
                        out.append(_eat(card, pair, 0))
                    elif flavour and n == total + 1:  # SS-4 Flavour Changer, one per Eat
                        out.append(_eat(card, pair, 1))
                    elif flavour and n == total - 1:
                        out.append(_eat(card, pair, -1))
            if len(self.white) == WHITE_DICE:
                # Last Resort: only instead of both pair actions (printed rule).
                out.extend(_LAST_RESORT[p] for p in range(1, 7) if shelf[p - 1] != GAP)
        if self.lasting[SOUR_CHERRIES] > self.used[SOUR_CHERRIES]:
            m0, m1 = self.marks
            for source in (m0,) if m0 == m1 else (m0, m1):
                for target in (source - 1, source + 1):
                    if 1 <= target <= SHELF_SIZE:
                        out.append(_CHERRIES[(source, target)])
        out.append(END_TURN)
        return out

    # -- carrying out a decision ----------------------------------------------------------
    def _apply(self, action: Any) -> None:
        self._legal = None
        kind = type(action)
        if kind is Grab:
            self._apply_grab(action)
        elif kind is Eat:
            self._apply_eat(action)
        elif kind is SugarRush:
            self.sugar_rush = False
            self.basket.remove(action.card)
            self.tummy.append(action.card)
            # SS-5: a Sugar Rush eat is not an exact roll, so Spades and Clubs give nothing.
            bonus = self._bonus(action.card, False)
            self.say(f"{action}: {_NAMES[action.card]} into the Tummy{bonus}")
        elif kind is SkipSugarRush:
            self.sugar_rush = False
            self.say(f"{action}")
        elif kind is SourCherries:
            self.used[SOUR_CHERRIES] += 1
            self.marks[self.marks.index(action.source)] = action.target
            self.marks.sort()
            self.say(f"{action}: Sour Cherries move a discard die; marked {self._marked()}")
        elif kind is LastResort:
            self.white = []
            self.last_resort = True
            pos = action.position
            card = self.shelf[pos - 1]
            self.shelf[pos - 1] = GAP
            self.basket.append(card)
            self.say(f"{action}: {_NAMES[card]} into the Basket{self._refill(pos - 1, card)}")
        else:
            self._end_turn()

    def _use_pair(self, pair: tuple[int, int]) -> None:
        self.white.remove(pair[0])
        self.white.remove(pair[1])

    def _apply_grab(self, grab: Grab) -> None:
        self._use_pair(grab.pair)
        if len(grab.positions) == 2:
            self.used[MULTIPACK] += 1
        taken = []
        for pos in grab.positions:
            card = self.shelf[pos - 1]
            self.shelf[pos - 1] = GAP
            self.basket.append(card)
            taken.append((pos, card))
        text = " and ".join(_NAMES[c] for _, c in taken)
        extra = " (Multipack)" if len(taken) == 2 else ""
        refills = "".join(self._refill(pos - 1, card) for pos, card in sorted(taken))
        self.say(f"{grab}: {text} into the Basket{extra}{refills}")

    def _apply_eat(self, eat: Eat) -> None:
        self._use_pair(eat.pair)
        if eat.shift:
            self.used[FLAVOUR_CHANGER] += 1
        card = eat.card
        self.basket.remove(card)
        self.tummy.append(card)
        # SS-5: the rolled total must equal the card's number for Spades and Clubs.
        exact = eat.pair[0] + eat.pair[1] == _NUMBER[card]
        how = " (Flavour Changer)" if eat.shift else ""
        self.say(f"{eat}: {_NAMES[card]} into the Tummy{how}{self._bonus(card, exact)}")

    def _bonus(self, card: int, exact: bool) -> str:
        """SS-4/SS-5: the bonus for eating `card`; returns its words for the log."""
        kind = _BONUS[card]
        name = CARDS.bonus_names[kind]
        if kind == "sugar_rush":  # one-off, always (SS-5)
            if self.basket:
                self.sugar_rush = True
                return f"; {name}: eat another Basket card at once"
            return f"; {name}, but the Basket is empty"
        index = _LASTING_INDEX[kind]
        if kind == "multipack" or exact:  # Hearts always; Spades and Clubs only exact (SS-5)
            self.lasting[index] += 1
            return f"; {name} {self.lasting[index]} (lasting)"
        return f"; no {name} (not an exact roll)"

    def _end_turn(self) -> None:
        """Discard the marked cards (one if the discard dice match), refill, next turn (SS-2)."""
        gone = []
        for pos in sorted(set(self.marks)):
            card = self.shelf[pos - 1]
            if card != GAP:
                self.shelf[pos - 1] = GAP
                self.discarded.append(card)
                gone.append((pos, card))
        words = ", ".join(f"{_NAMES[c]} ({p})" for p, c in gone) or "nothing"
        refills = "".join(self._refill(p - 1, c) for p, c in gone)
        self.say(f"end turn: discarded {words}{refills}")
        if self.final_turn:  # SS-6: the turn in which a gap could not be refilled is the last
            self.over = True
            self.white = []
            score = score_of(self.tummy, self.basket)
            self.say(f"the shop shuts: {score['total']} points in the Tummy")
        else:
            self._start_turn()

    # -- the Shelf and the dice -----------------------------------------------------------
    def _draw(self, index: int) -> str:
        """Fill Shelf index `index` from the deck; a first figure of a rank opens its queue."""
        card = self.deck.pop()
        self.shelf[index] = card
        fr = _FIGURE[card]
        text = f"; {_NAMES[card]} fills {index + 1}"
        if fr >= 0 and not self.revealed[fr]:
            self.revealed[fr] = True  # SS-3: the set-aside figures of this rank now queue
            text += (
                f" (the {CARDS.figure_names[fr]} is delivered: "
                f"{len(self.piles[fr])} more wait in the {CARDS.rank_names[10 + fr]} queue)"
            )
        return text

    def _refill(self, index: int, left: int) -> str:
        """Refill the gap `left` left at `index`: its figure queue first (SS-3), else the deck;
        an empty deck makes this the final turn (SS-6). Returns its words for the log."""
        fr = _FIGURE[left]
        if fr >= 0 and self.piles[fr] and self.revealed[fr]:
            card = self.piles[fr].pop()
            self.shelf[index] = card
            return f"; {_NAMES[card]} fills {index + 1} from the {CARDS.rank_names[10 + fr]} queue"
        if self.deck:
            return self._draw(index)
        text = f"; {index + 1} stays empty"
        if not self.final_turn:
            self.final_turn = True
            text += ": the deck is empty, this is the final turn"
        return text

    def _start_turn(self) -> None:
        """SS-2: roll the four white dice and the two discard dice."""
        rnd = self.rng.random
        self.turn += 1
        self.rolled = sorted(1 + int(rnd() * 6) for _ in range(WHITE_DICE))
        self.white = self.rolled[:]
        self.marks = sorted(1 + int(rnd() * 6) for _ in range(2))
        self.used = [0, 0, 0]
        self.last_resort = False
        dice = " ".join(map(str, self.rolled))
        self.say(
            f"turn {self.turn}: white dice {dice}; discard dice {self.marks[0]} {self.marks[1]} "
            f"mark {self._marked()}"
        )

    def _marked(self) -> str:
        where = sorted(set(self.marks))
        return " and ".join(
            f"{p} ({_NAMES[self.shelf[p - 1]] if self.shelf[p - 1] != GAP else 'empty'})"
            for p in where
        )

    def say(self, line: str) -> None:
        """Append a line to the public log (copy on write: copies share it until one writes)."""
        if not self._log_owned:
            self.log = self.log[:]
            self._log_owned = True
        self.log.append(line)

    # -- views ----------------------------------------------------------------------------
    def _view(self, seat: int | None) -> JSON:
        # Everything on the table is public; the deck order and figure piles are not.
        names = _NAMES
        view: JSON = {
            "turn": self.turn,
            "final_turn": self.final_turn,
            "shelf": [names[c] if c != GAP else None for c in self.shelf],
            "white_dice": {"rolled": self.rolled[:], "left": self.white[:]},
            "discard_dice": self.marks[:],
            "basket": [names[c] for c in self.basket],
            "tummy": [names[c] for c in self.tummy],
            "discarded": [names[c] for c in self.discarded],
            "deck": len(self.deck),
            "figures": {
                code: {
                    "name": CARDS.figure_names[fr],
                    "delivered": self.revealed[fr],
                    ("queue" if self.revealed[fr] else "set_aside"): len(self.piles[fr]),
                }
                for fr, code in enumerate(CARDS.figure_ranks)
            },
            "bonuses": {
                kind: {"have": self.lasting[i], "used_this_turn": self.used[i]}
                for i, kind in enumerate(LASTING_KINDS)
            },
            "sugar_rush": self.sugar_rush,
            "last_resort": self.last_resort,
            "score": score_of(self.tummy, self.basket),
            "history": [str(a) for a in self.history],
            "log": self.log[:],
        }
        return view

    def snapshot(self) -> JSON:
        return {
            "shelf": self.shelf[:],
            "deck": self.deck[:],
            "piles": [p[:] for p in self.piles],
            "revealed": self.revealed[:],
            "basket": self.basket[:],
            "tummy": self.tummy[:],
            "discarded": self.discarded[:],
            "rolled": self.rolled[:],
            "white": self.white[:],
            "marks": self.marks[:],
            "lasting": self.lasting[:],
            "used": self.used[:],
            "sugar_rush": self.sugar_rush,
            "last_resort": self.last_resort,
            "final_turn": self.final_turn,
            "over": self.over,
            "turn": self.turn,
            "log": self.log[:],
            "history": [str(a) for a in self.history],
        }
