"""Bonbons rules: one position and the decisions of a turn (BB-2..BB-7).

A *turn* is one player's time at the table; it is made of *goes*. A go is the flip of one square
and one round tile in either order (BB-3), or a coin run (BB-5). A go that pairs tiles (a match,
a theft, three coins) lets the same player go again (BB-4); any other go ends the turn (BB-6,
BB-7). The win is checked only when a turn ends (BB-7).

Decisions, in the order the table sees them (phases):

- `start` of a go: flip any face-down square, or a round tile: one of your own face-down tiles,
  or (a theft attempt) an opponent's face-down tile that is not under coins.
- `after square` (a candy square is showing): flip a round tile as above, or `stop`.
- `after round` (a round tile is showing): flip a face-down square.
- `coin run` (the go began with a coin; one or two coins showing): flip a square, or `stop`.
- `cover` (three coins showing): choose your own face-down tile to put the coins on.
- `give back` (you stole a tile): choose your own face-down tile to give the victim.

Storage is plain lists of ints indexed by *tile id* (round tiles: their place in the deal, the
draw pile following the rows) and by *square position* (row-major). Round tiles move between
rows (theft, give-back, drawing), so rows hold ids; statuses and "last seen" follow the id.
"""

from __future__ import annotations

from typing import Any

from sweettooth.core import JSON, Game, OptionValue, Result, State
from sweettooth.core.actions import well_typed

from .actions import (
    COVERS,
    GIVES,
    ROUNDS,
    SQUARES,
    STOP,
    Action,
    Cover,
    FlipRound,
    FlipSquare,
    GiveBack,
    Stop,
)
from .codes import (
    AFTER_ROUND,
    AFTER_SQUARE,
    CHOOSE_COVER,
    CHOOSE_GIFT,
    COIN_RUN,
    COVERED,
    COVERED_OUT,
    DOWN,
    FOUND,
    GIVEN,
    GOES_ON,
    LIMIT,
    MATCH,
    MATCHED,
    NO_MATCH,
    OVER,
    PHASES,
    SHOWING,
    SHOWING_OUT,
    START,
    STOPS,
    TAKEN,
    THEFT,
    THREE_COINS,
    TURN_PASSES,
    WINS,
    WRAPPER_DRAW,
    WRAPPER_EMPTY,
    WRAPPER_UP,
)
from .components import Layout
from .view import log_line, public_view

Event = tuple[int, Action, int, int, int]  # seat, action, face shown (-1: none), outcome, end


class BonbonsState(State):
    """A Bonbons position. Build one with `BonbonsGame.new` or `BonbonsGame.arrange`."""

    layout: Layout
    round_face: list[int]  # by tile id; shared between copies (never mutated)
    square_face: list[int]  # by square position; shared between copies
    rows: list[list[int]]  # seat -> tile ids, slot order
    round_status: list[int]  # by tile id
    round_seen: list[int]  # by tile id: turn it was last flipped, -1 never
    square_status: list[int]
    square_seen: list[int]
    pile: int  # next tile id to draw; the pile is ids pile..len(round_face)-1
    mover: int
    phase: int
    flipped: list[int]  # squares showing in this go
    rd_seat: int  # round tile showing (or just stolen): its seat and slot, -1 if none
    rd_slot: int
    turn: int  # turns completed
    turn_limit: int
    winners: list[int]
    by_limit: bool  # the game ended at the turn limit (house rule), not by a win
    events: list[Event]
    _result: Result | None
    _log: list[str]  # the events' log lines rendered so far (see log_lines)
    _log_of: list[Event] | None  # the events list _log renders; another one resets it

    # -- set-up -------------------------------------------------------------------------------
    @classmethod
    def deal(
        cls, game: Game[Any], players: int, seed: int, options: dict[str, OptionValue],
        layout: Layout, round_face: list[int], square_face: list[int], turn_limit: int,
    ) -> BonbonsState:
        """The position after the deal (BB-1, BB-2): tile id i is dealt i-th (4 per seat in seat
        order, the rest form the draw pile, drawn in id order); square i is at position i."""
        s = cls.__new__(cls)
        s._init_base(game, players, seed, options)
        deal = layout.box.deal
        s.layout = layout
        s.round_face = round_face
        s.square_face = square_face
        s.rows = [list(range(p * deal, (p + 1) * deal)) for p in range(players)]
        s.round_status = [DOWN] * len(round_face)
        s.round_seen = [-1] * len(round_face)
        s.square_status = [DOWN] * len(square_face)
        s.square_seen = [-1] * len(square_face)
        s.pile = players * deal
        s.mover = 0  # the youngest player starts: seat 0
        s.phase = START
        s.flipped = []
        s.rd_seat = s.rd_slot = -1
        s.turn = 0
        s.turn_limit = turn_limit
        s.winners = []
        s.by_limit = False
        s.events = []
        s._result = None
        s._log, s._log_of = [], None
        return s

    def copy(self) -> BonbonsState:
        c = BonbonsState.__new__(BonbonsState)
        self._copy_base_into(c)
        c.layout = self.layout
        c.round_face = self.round_face
        c.square_face = self.square_face
        c.rows = [list(r) for r in self.rows]
        c.round_status = list(self.round_status)
        c.round_seen = list(self.round_seen)
        c.square_status = list(self.square_status)
        c.square_seen = list(self.square_seen)
        c.pile = self.pile
        c.mover = self.mover
        c.phase = self.phase
        c.flipped = list(self.flipped)
        c.rd_seat = self.rd_seat
        c.rd_slot = self.rd_slot
        c.turn = self.turn
        c.turn_limit = self.turn_limit
        c.winners = list(self.winners)
        c.by_limit = self.by_limit
        c.events = list(self.events)
        c._result = self._result
        c._log, c._log_of = [], None  # rendered again if the copy's log is ever read
        return c

    # -- queries ------------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.mover

    def face_down(self, seat: int) -> list[int]:
        """Slots of `seat`'s face-down round tiles."""
        status = self.round_status
        return [k for k, t in enumerate(self.rows[seat]) if status[t] == DOWN]

    def _has_face_down(self, seat: int) -> bool:
        status = self.round_status
        return any(status[t] == DOWN for t in self.rows[seat])

    def legal_actions(self) -> list[Any]:
        ph = self.phase
        if ph == START:
            return self._square_flips() + self._round_flips()
        if ph == AFTER_SQUARE:
            return [*self._round_flips(), STOP]
        if ph == AFTER_ROUND:
            return self._square_flips()
        if ph == COIN_RUN:
            return [*self._square_flips(), STOP]
        if ph == CHOOSE_COVER:
            return [COVERS[self.mover][k] for k in self.face_down(self.mover)]
        if ph == CHOOSE_GIFT:
            return [GIVES[self.mover][k] for k in self.face_down(self.mover)]
        return []

    def _square_flips(self) -> list[Any]:
        return [a for a, st in zip(SQUARES[self.layout.size], self.square_status, strict=True)
                if st == DOWN]

    def _round_flips(self) -> list[Any]:
        """Own face-down tiles, then (theft attempts, BB-3/BB-4) opponents' face-down tiles; a
        theft needs at least one face-down tile of your own to give back."""
        status, me = self.round_status, self.mover
        own = [ROUNDS[me][k] for k, t in enumerate(self.rows[me]) if status[t] == DOWN]
        if not own:
            return own
        for seat, row in enumerate(self.rows):
            if seat != me:
                table = ROUNDS[seat]
                own.extend(table[k] for k, t in enumerate(row) if status[t] == DOWN)
        return own

    def _is_legal(self, action: Any) -> bool:
        if not well_typed(action):  # 1.0 == 1: refuse look-alikes of legal actions
            return False
        kind, ph = type(action), self.phase
        try:
            if kind is FlipSquare:
                n = self.layout.size
                return (
                    ph in (START, AFTER_ROUND, COIN_RUN)
                    and 0 <= action.col < n and 0 <= action.row < n
                    and self.square_status[action.row * n + action.col] == DOWN
                )
            if kind is FlipRound:
                if ph != START and ph != AFTER_SQUARE:
                    return False
                seat, slot = action.seat, action.slot
                if not (0 <= seat < self.players and 0 <= slot < len(self.rows[seat])):
                    return False
                if self.round_status[self.rows[seat][slot]] != DOWN:
                    return False
                return seat == self.mover or self._has_face_down(self.mover)
            if kind is Stop:
                return ph in (AFTER_SQUARE, COIN_RUN)
            if kind is Cover or kind is GiveBack:
                wanted = CHOOSE_COVER if kind is Cover else CHOOSE_GIFT
                row = self.rows[self.mover]
                return (
                    ph == wanted and action.seat == self.mover and 0 <= action.slot < len(row)
                    and self.round_status[row[action.slot]] == DOWN
                )
        except TypeError:  # an action built with fields of the wrong type
            return False
        return False

    # -- the rules ----------------------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        seat = self.mover
        kind = type(action)
        shown = -1
        if kind is FlipSquare:
            pos = action.row * self.layout.size + action.col
            shown = self.square_face[pos]
            outcome = self._flip_square(pos, shown)
        elif kind is FlipRound:
            tile = self.rows[action.seat][action.slot]
            shown = self.round_face[tile]
            outcome = self._flip_round(action.seat, action.slot, tile)
        elif kind is Stop:
            outcome = STOPS
            self._end_turn()
        elif kind is Cover:
            outcome = self._cover(action.slot)
        else:
            outcome = self._give_back(action.slot)
        if self.phase == OVER:
            end = LIMIT if self.by_limit else WINS
        else:
            end = GOES_ON if self.mover == seat else TURN_PASSES
        self.events.append((seat, action, shown, outcome, end))

    def _flip_square(self, pos: int, face: int) -> int:
        box = self.layout.box
        self.square_seen[pos] = self.turn
        ph = self.phase
        if face == box.wrapper:  # BB-6, whenever it is flipped
            return self._wrapper(pos)
        if ph == START:
            self.square_status[pos] = SHOWING
            self.flipped.append(pos)
            self.phase = COIN_RUN if face == box.coin else AFTER_SQUARE
            return SHOWING_OUT
        if ph == AFTER_ROUND:
            tile = self.rows[self.rd_seat][self.rd_slot]
            if face == self.round_face[tile]:  # coins never match a round tile (BB-5)
                self.square_status[pos] = MATCHED
                return self._paired(tile)
            return self._no_match()
        # coin run (BB-5): only squares, all coins or nothing
        if face != box.coin:
            return self._no_match()
        self.square_status[pos] = SHOWING
        self.flipped.append(pos)
        if len(self.flipped) == self.layout.coins:
            self.phase = CHOOSE_COVER
            return THREE_COINS
        return SHOWING_OUT

    def _flip_round(self, seat: int, slot: int, tile: int) -> int:
        self.round_seen[tile] = self.turn
        self.rd_seat, self.rd_slot = seat, slot
        if self.phase == START:
            self.round_status[tile] = SHOWING
            self.phase = AFTER_ROUND
            return SHOWING_OUT
        pos = self.flipped[0]  # after a square: does the pair match?
        if self.square_face[pos] == self.round_face[tile]:
            self.square_status[pos] = MATCHED
            self.flipped.clear()
            return self._paired(tile)
        return self._no_match()

    def _paired(self, tile: int) -> int:
        """A square and a round tile match (BB-4): both stay face up for good."""
        self.round_status[tile] = FOUND
        self.flipped.clear()
        if self.rd_seat != self.mover:
            self.phase = CHOOSE_GIFT  # the theft is done when a tile is given back
            return THEFT
        self._go_again()
        return MATCH

    def _give_back(self, slot: int) -> int:
        """The thief's face-down tile and the stolen tile change places (BB-4)."""
        mine, theirs = self.rows[self.mover], self.rows[self.rd_seat]
        mine[slot], theirs[self.rd_slot] = theirs[self.rd_slot], mine[slot]
        self._go_again()
        return GIVEN

    def _cover(self, slot: int) -> int:
        """BB-5: the three coins leave the grid and cover the chosen tile: it counts as found."""
        self.round_status[self.rows[self.mover][slot]] = COVERED
        for pos in self.flipped:
            self.square_status[pos] = TAKEN
        self.flipped.clear()
        self._go_again()
        return COVERED_OUT

    def _wrapper(self, pos: int) -> int:
        """BB-6: the wrapper stays face up, the flipper draws a tile (if any), the turn ends."""
        self.square_status[pos] = WRAPPER_UP
        drew = self.pile < len(self.round_face)
        if drew:
            self.rows[self.mover].append(self.pile)
            self.pile += 1
        self._end_turn()
        return WRAPPER_DRAW if drew else WRAPPER_EMPTY

    def _no_match(self) -> int:
        self._end_turn()
        return NO_MATCH

    def _go_again(self) -> None:
        """BB-4: the same player goes again; with no face-down tile left they could pair
        nothing (no own tile to flip, no tile to give for a theft), so the turn ends."""
        self.rd_seat = self.rd_slot = -1
        if self._has_face_down(self.mover):
            self.phase = START
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        """BB-7: tiles still showing go face down; a player with every round tile face up wins;
        otherwise the player to the left (next seat) plays. House rule: the turn limit."""
        for pos in self.flipped:
            self.square_status[pos] = DOWN
        self.flipped.clear()
        if self.rd_seat >= 0:
            tile = self.rows[self.rd_seat][self.rd_slot]
            if self.round_status[tile] == SHOWING:
                self.round_status[tile] = DOWN
        self.rd_seat = self.rd_slot = -1
        self.turn += 1
        if not self._has_face_down(self.mover):
            self.winners = [self.mover]
            self.phase = OVER
        elif self.turn >= self.turn_limit:
            fewest = min(len(self.face_down(p)) for p in range(self.players))
            self.winners = [p for p in range(self.players) if len(self.face_down(p)) == fewest]
            self.by_limit = True
            self.phase = OVER
        else:
            self.mover = (self.mover + 1) % self.players
            self.phase = START

    # -- outcome ------------------------------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        if self._result is None:
            scores = [1.0 if p in self.winners else 0.0 for p in range(self.players)]
            self._result = Result(scores, list(self.winners), {"tally": self.tally()})
        return self._result

    def tally(self) -> list[JSON]:
        """Each seat's breakdown: tiles, face up (found / covered), face down, thefts."""
        stole = [0] * self.players
        lost = [0] * self.players
        for seat, action, _shown, outcome, _end in self.events:
            if outcome == THEFT and isinstance(action, FlipRound):
                stole[seat] += 1
                lost[action.seat] += 1
        out = []
        for p, row in enumerate(self.rows):
            states = [self.round_status[t] for t in row]
            out.append({
                "seat": p,
                "tiles": len(row),
                "face_up": sum(1 for s in states if s in (FOUND, COVERED)),
                "found": states.count(FOUND),
                "covered": states.count(COVERED),
                "face_down": sum(1 for s in states if s in (DOWN, SHOWING)),
                "stolen": stole[p],
                "lost_to_theft": lost[p],
            })
        return out

    # -- views --------------------------------------------------------------------------------
    def log_lines(self) -> list[str]:
        """Each event's log line, oldest first ('p0 a2: blue lollipop (theft)'). Events are only
        ever appended, so each line is rendered once, not again for every view. The list is
        this state's own: callers copy it before handing it out."""
        if self._log_of is not self.events:
            self._log, self._log_of = [], self.events
        log, events = self._log, self.events
        if len(log) < len(events):
            names = self.layout.box.names
            log.extend(log_line(seat, action.text, names[shown] if shown >= 0 else None,
                                outcome, end)
                       for seat, action, shown, outcome, end in events[len(log):])
        return log

    def _view(self, seat: int | None) -> JSON:
        return public_view(self)  # every flip is public (BB-2): one view for all seats

    def snapshot(self) -> JSON:
        names = self.layout.box.names
        return {
            "round_faces": [names[f] for f in self.round_face],
            "square_faces": [names[f] for f in self.square_face],
            "rows": [list(r) for r in self.rows],
            "round_status": list(self.round_status),
            "round_seen": list(self.round_seen),
            "square_status": list(self.square_status),
            "square_seen": list(self.square_seen),
            "pile": self.pile,
            "mover": self.mover,
            "phase": PHASES[self.phase],
            "flipped": list(self.flipped),
            "round_showing": [self.rd_seat, self.rd_slot],
            "turn": self.turn,
            "turn_limit": self.turn_limit,
            "winners": list(self.winners),
            "by_limit": self.by_limit,
            "events": list(self.log_lines()),  # a line says all of its event
        }
