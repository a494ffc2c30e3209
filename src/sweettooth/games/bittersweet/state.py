"""The BitterSweet state: the box, hands, Empty Wrappers, Preference cards, turns and rounds.

A round: the 45 Chocs are shuffled; 20/24/28 go face down into the box (5/6/7 columns of 4), the
rest form the Empty Wrapper stack. Each player has a YUM! and a YUCK! card. In turn, players take
exactly two actions (take, reveal, return), extended by abilities (effects.py). At the end of a
turn the round ends if every Choc in the box is face up or every player has 2+ Empty Wrappers; it
ends at once when the box is empty. Scores are compared (scoring.py); the best score(s) win the
round. First to 2 round wins takes the game (ties share, BS-4).

A card set whose abilities return Chocs without a wrapper (the original, printed set) could loop
for ever; a house rule of ours stops only such a loop: when the position at the start of a turn
of the round's first player (`position`, once per round of turns) comes up for the third time in
the round, the round ends and is scored as it stands.
The legacy option `turn_limit` (N > 0: a round ends after N turns per player) replaces it, only to
replay records made when that cut was the rule.

Decisions asked for by abilities are tasks on a stack (`tasks`); the seat to move is the one the
top task asks, else the current player. On Reveal abilities waiting to resolve are in `pending`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from operator import ne
from typing import Any

from sweettooth.core import JSON, Result, State
from sweettooth.core.actions import well_typed

from . import knowledge as kn
from .actions import (
    EMPTY,
    Action,
    Choose,
    Give,
    Pick,
    Resolve,
    Reveal,
    Take,
    cell_name,
    player_name,
)
from .actions import Return as ReturnAct
from .components import Components, round_bound
from .effects import (
    Task,
    decide,
    decision_actions,
    face_down_count,
    resolve,
    start_effect,
)
from .scoring import score_hand
from .view import build_view

BOX_CELLS = {2: 20, 3: 24, 4: 28}  # set-up D: 5x4, 6x4, 7x4
ROWS = 4
ACTIONS_PER_TURN = 2
ROUND_WINS_NEEDED = 2
REPEATS_END_ROUND = 3  # house rule: a turn-start position seen this often in a round ends it

_TURN_ACTIONS = (Take, Reveal, ReturnAct)
_DECISIONS = (Pick, Give, Choose, Resolve, ReturnAct)

LogEntry = tuple[str, tuple[tuple[int, str], ...]]


@dataclass(frozen=True)
class ActionTable:
    """Every turn action of one box size, built once and shared (the hot path only looks up)."""

    takes: tuple[Take, ...]
    reveals: tuple[Reveal, ...]
    returns: tuple[tuple[ReturnAct, ...], ...]  # [choc][cell]
    picks: tuple[Pick, ...]
    gives: tuple[tuple[Give, ...], ...]  # [choc][seat]
    chooses: tuple[Choose, ...]  # [seat]
    resolves: tuple[Resolve, ...]  # [choc]


_TABLES: dict[tuple[int, int], tuple[Components, ActionTable]] = {}


def action_table(comps: Components, cols: int) -> ActionTable:
    """The shared table for these components and box width (built on first use)."""
    key = (id(comps), cols)  # the entry keeps `comps` alive, so its id stays its own
    if key not in _TABLES:
        _TABLES[key] = (comps, _build_table(comps, cols))
    return _TABLES[key][1]


_LANES: dict[int, tuple[Components, kn.Lanes]] = {}


def lanes_of(comps: Components) -> kn.Lanes:
    """The packed-row constants of these Chocs (knowledge.py): which are shown when taken face
    down (an If face-down when taken ability) and which forbid returning (built on first use)."""
    found = _LANES.get(id(comps))
    if found is None or found[0] is not comps:
        shown = [c.trigger("face_down_taken") is not None for c in comps.chocs]
        found = _LANES[id(comps)] = (comps, kn.Lanes(len(comps.chocs), shown, comps.blockers))
    return found[1]


MAX_SEATS = 4
"""The most seats a table has (the game's `max_players`): the decision tables cover them all."""


def _build_table(comps: Components, cols: int) -> ActionTable:
    names = [cell_name(c, cols) for c in range(cols * ROWS)]
    return ActionTable(
        tuple(Take(c, n) for c, n in enumerate(names)),
        tuple(Reveal(c, n) for c, n in enumerate(names)),
        tuple(tuple(ReturnAct(x.index, c, f"{x.id} {n}") for c, n in enumerate(names))
              for x in comps.chocs),
        tuple(Pick(c, n) for c, n in enumerate(names)),
        tuple(tuple(Give(x.index, s, x.id) for s in range(MAX_SEATS)) for x in comps.chocs),
        tuple(Choose(s) for s in range(MAX_SEATS)),
        tuple(Resolve(x.index, x.id) for x in comps.chocs),
    )


class BitterSweetState(State):
    """One position of BitterSweet. See the module docstring for the flow of play."""

    comps: Components
    table: ActionTable  # shared by every copy
    cols: int
    cell_names: list[str]
    box: list[int]  # Choc index per cell, -1 = empty space
    up: list[bool]  # face up?
    hands: list[list[int]]
    out: list[int]  # the Chocs set aside as Empty Wrappers this round (never seen)
    stack: int  # Empty Wrappers left in the stack
    wrappers: list[int]
    yum: list[list[int]]
    yuck: list[list[int]]
    deck: list[list[int]]
    discard: list[list[int]]
    round_no: int
    wins: list[int]
    starter: int
    current: int
    actions_left: int
    extras: int
    turns: int
    turn_limit: int  # the turn count that ends the round (0: none, the repetition rule watches)
    watch: bool  # the repetition rule applies (a set that could loop, no legacy turn_limit)
    positions: tuple[tuple[Any, ...], ...]  # this round's turn-start positions (when watched)
    hashes: tuple[int, ...]  # their hashes, to count them fast
    pref_key: tuple[int, ...] | None  # the Preference part of `position` (None: to compute)
    tasks: list[Task]
    pending: list[int]
    _know: list[int]  # per observer, its packed row as of the last time it was read
    _news: list[tuple[Callable[..., int], tuple[Any, ...]]]  # events not yet read by all
    _read: list[int]  # per observer: how many of `_news` its row has had applied
    pknow: list[list[list[int]]]  # [observer][player] -> Preference cards known to be theirs
    log: list[LogEntry]
    rounds: list[JSON]
    finished: Result | None
    _legal: list[Action] | None

    # -- knowledge ----------------------------------------------------------------------
    @property
    def know(self) -> list[list[int]]:
        """[observer][choc] -> place mask (knowledge.py); observer `players` is the public.

        Brought up to date when read, with the events recorded by `learn` since the last read
        (a new list: changing it changes nothing; set `know` to change the knowledge)."""
        return [self.know_row(obs) for obs in range(len(self._know))]

    @know.setter
    def know(self, rows: list[list[int]]) -> None:
        pack = self.lanes.pack
        self._know, self._news, self._read = [pack(r) for r in rows], [], [0] * len(rows)

    @property
    def lanes(self) -> kn.Lanes:
        return lanes_of(self.comps)

    def know_row(self, observer: int) -> list[int]:
        """The masks of one observer (a seat, or `players` for the public), brought up to date
        alone: the other rows keep their news until they are read. A new list."""
        lanes = self.lanes
        news, done = self._news, self._read[observer]
        if done < len(news):
            row = self._know[observer]
            for event, args in news[done:] if done else news:
                row = event(row, observer, lanes, *args)
            self._know[observer] = row
            read = self._read
            read[observer] = len(news)
            if min(read) == len(news):  # every row has it: forget the news
                self._news, self._read = [], [0] * len(read)
        return lanes.unpack(self._know[observer])

    def learn(self, event: Callable[..., int], *args: Any) -> None:
        """Record what the table learns: `event` is a `knowledge` event, applied to each
        observer's masks when that row is next read (`args` must never change afterwards)."""
        self._news.append((event, args))

    # -- protocol ------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if self.finished is not None:
            return None
        if self.tasks:
            return self.tasks[-1].who
        return self.current

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _is_legal(self, action: Any) -> bool:
        if self.finished is not None:
            return False
        kind = type(action)
        if self.tasks or len(self.pending) > 1 or kind not in _TURN_ACTIONS:
            if kind not in _DECISIONS or not well_typed(action):
                return False
            if self._legal is None:
                self._legal = self._compute_legal()
            return action in self._legal
        cell = action.cell
        if type(cell) is not int or not 0 <= cell < len(self.box):
            return False
        table = self.table
        if kind is Take:
            return self.box[cell] >= 0 and _same(action, table.takes[cell])
        if kind is Reveal:
            return self.box[cell] >= 0 and not self.up[cell] and _same(action, table.reveals[cell])
        choc, seat = action.choc, self.current
        return (type(choc) is int and choc in self.hands[seat] and self.box[cell] < 0
                and self.stack > 0 and self.can_return(seat)
                and _same(action, table.returns[choc][cell]))

    def _apply(self, action: Any) -> None:
        self._legal = None
        if self.tasks or len(self.pending) > 1:
            decide(self, action)
        elif isinstance(action, Take):
            self.take(action.cell)
        elif isinstance(action, Reveal):
            self.reveal(action.cell)
        else:
            self.return_choc(action.choc, action.cell, by_ability=False)
        self.advance()

    def result(self) -> Result | None:
        return self.finished

    def stage(self) -> int:
        return self.round_no

    def copy(self) -> BitterSweetState:
        o = BitterSweetState.__new__(BitterSweetState)
        self._copy_base_into(o)
        o.comps, o.cols, o.cell_names = self.comps, self.cols, self.cell_names
        o.table = self.table
        o.box, o.up = list(self.box), list(self.up)
        o.hands = [list(h) for h in self.hands]
        o.out = self.out  # fixed for the round, never mutated
        o.stack, o.wrappers = self.stack, list(self.wrappers)
        o.yum = [list(x) for x in self.yum]
        o.yuck = [list(x) for x in self.yuck]
        o.deck = [list(x) for x in self.deck]
        o.discard = [list(x) for x in self.discard]
        o.round_no, o.wins, o.starter, o.current = (
            self.round_no, list(self.wins), self.starter, self.current)
        o.actions_left, o.extras, o.turns, o.turn_limit = (
            self.actions_left, self.extras, self.turns, self.turn_limit)
        o.watch, o.positions, o.hashes = self.watch, self.positions, self.hashes  # (shared)
        o.pref_key = self.pref_key
        o.tasks = [t.copy() for t in self.tasks]
        o.pending = list(self.pending)
        o._know = list(self._know)  # (packed rows: ints)
        o._news = list(self._news)  # each event and its arguments are never changed
        o._read = list(self._read)
        o.pknow = [[list(k) for k in r] for r in self.pknow]
        o.log = list(self.log)
        o.rounds = list(self.rounds)
        o.finished = self.finished
        o._legal = self._legal
        return o

    def _view(self, seat: int | None) -> JSON:
        return build_view(self, seat)

    def snapshot(self) -> JSON:
        c = self.comps.chocs
        p = self.comps.preferences
        return {
            "round": self.round_no, "wins": list(self.wins), "starter": self.starter,
            "current": self.current, "actions_left": self.actions_left, "extras": self.extras,
            "turns": self.turns, "positions": len(self.positions),
            "box": [None if x < 0 else [c[x].id, self.up[i]] for i, x in enumerate(self.box)],
            "hands": [[c[x].id for x in h] for h in self.hands],
            "out": [c[x].id for x in self.out], "stack": self.stack,
            "wrappers": list(self.wrappers),
            "prefs": [{k: [p[i].attribute for i in getattr(self, k)[s]]
                       for k in ("yum", "yuck", "deck", "discard")} for s in range(self.players)],
            "tasks": [t.to_json(self) for t in self.tasks],
            "pending": [c[x].id for x in self.pending],
            "know": [list(r) for r in self.know],
            "pknow": [[list(k) for k in r] for r in self.pknow],
            "log": [[e[0], [list(x) for x in e[1]]] for e in self.log],
            "rounds": list(self.rounds),
            "result": None if self.finished is None else self.finished.to_json(),
            "rng": str(hash(self.rng.getstate())),
        }

    # -- set-up -------------------------------------------------------------------------
    def start_round(self) -> None:
        """Set-up C and D: new Preference cards, a shuffled box, the Empty Wrapper stack."""
        P = self.players
        for s in range(P):
            self.yum[s] = [self.draw_preference(s)]
            self.yuck[s] = [self.draw_preference(s)]
        order = list(range(len(self.comps.chocs)))
        self.rng.shuffle(order)
        n = len(self.box)
        self.box = order[:n]
        self.up = [False] * n
        self.out = sorted(order[n:])
        self.stack = len(self.out)
        self.wrappers = [0] * P
        self.hands = [[] for _ in range(P)]
        self.tasks, self.pending = [], []
        self.current = self.starter
        self.actions_left, self.extras, self.turns = ACTIONS_PER_TURN, 0, 0
        self.know = [kn.fresh(n, len(self.comps.chocs)) for _ in range(P + 1)]
        self.pknow = [[[] for _ in range(P)] for _ in range(P + 1)]
        self.positions, self.hashes = (), ()
        if self.watch:
            self.repeated()
        self.note(f"Round {self.round_no} begins; {player_name(self.starter)} starts.")

    def position(self) -> tuple[int, ...]:
        """What the rest of the round depends on, at the start of a turn: whose turn it is, the
        Empty Wrapper stack and each player's wrappers, the box (each cell's Choc and face),
        every hand (as a set), and every player's Preference cards (YUM!, YUCK!, deck in order,
        discards). The Chocs set aside, round wins and start player are fixed for the round;
        the chance still to come (a reshuffle of discarded Preference cards) is not a position.
        One flat tuple of ints (-1 closes each hand and pile), cheap to hash."""
        flat = [self.current, self.stack, *self.wrappers, *self.box, *self.up]
        for hand in self.hands:
            flat += sorted(hand)
            flat.append(-1)
        if self.pref_key is None:  # Preference cards change only by abilities and new rounds
            piles: list[int] = []
            for pile in self.yum + self.yuck + self.deck + self.discard:
                piles += pile
                piles.append(-1)
            self.pref_key = tuple(piles)
        return (*flat, *self.pref_key)

    def repeated(self) -> bool:
        """Record the position at the start of this turn (of the round's first player); True
        when it has now come up REPEATS_END_ROUND times in the round (our house rule against
        loops). Checked once per round of turns: any endless round comes back to the first
        player's turn endlessly, and a position there must then repeat; the check costs a
        position and a hash per round of turns."""
        key = self.position()
        h = hash(key)
        self.positions += (key,)
        self.hashes += (h,)
        if self.hashes.count(h) < REPEATS_END_ROUND:  # ints: fast
            return False
        return self.positions.count(key) >= REPEATS_END_ROUND  # exact: a collision ends nothing

    def draw_preference(self, seat: int) -> int:
        """The top card of the seat's Preference deck (the discards are reshuffled if empty)."""
        self.pref_key = None  # the Preference cards change
        if not self.deck[seat]:
            self.deck[seat] = self.discard[seat]
            self.discard[seat] = []
            self.rng.shuffle(self.deck[seat])
            self.note(f"{player_name(seat)} shuffles the discarded Preference cards into a "
                      "new deck.")
        return self.deck[seat].pop()

    # -- log ----------------------------------------------------------------------------
    def note(self, public: str, private: dict[int, str] | None = None) -> None:
        self.log.append((public, tuple(sorted(private.items())) if private else ()))

    def cname(self, cell: int) -> str:
        return self.cell_names[cell]

    def chname(self, choc: int) -> str:
        return self.comps.chocs[choc].name

    # -- legal actions ------------------------------------------------------------------
    def _compute_legal(self) -> list[Action]:
        if self.finished is not None:
            return []
        if self.tasks:
            return decision_actions(self, self.tasks[-1])
        if len(self.pending) > 1:
            resolves = self.table.resolves
            return [resolves[x] for x in sorted(self.pending)]
        return self.turn_actions(self.current)

    def turn_actions(self, seat: int) -> list[Action]:
        """Take any Choc, reveal a face-down one, return one to an empty cell; in cell order."""
        table = self.table
        filled = [x != EMPTY for x in self.box]
        out: list[Action] = list(compress(table.takes, filled))
        # a filled cell that is not face up holds a face-down Choc (an empty one is never up)
        out += compress(table.reveals, map(ne, filled, self.up))
        if self.stack > 0 and self.can_return(seat):
            out += self.return_actions(seat)
        return out

    def return_actions(self, seat: int) -> list[Action]:
        """Each Choc of the hand (in index order) to each empty cell."""
        empty = [x == EMPTY for x in self.box]
        returns = self.table.returns
        out: list[Action] = []
        for x in sorted(self.hands[seat]):
            out += compress(returns[x], empty)
        return out

    def can_return(self, seat: int, count: int = 1) -> bool:
        """A hand can return `count` Chocs: it has them and holds no no_return Choc (FAQ)."""
        hand = self.hands[seat]
        if len(hand) < count or self.box.count(EMPTY) < count:
            return False
        return self.comps.blockers.isdisjoint(hand)

    # -- the three turn actions -----------------------------------------------------------
    def take(self, cell: int) -> None:
        seat, x, was_up = self.current, self.box[cell], self.up[cell]
        self.box[cell], self.up[cell] = EMPTY, False
        self.hands[seat].append(x)
        self.actions_left -= 1
        choc = self.comps.chocs[x]
        who, where, name = player_name(seat), self.cell_names[cell], choc.name
        shown = not was_up and choc.trigger("face_down_taken") is not None
        if was_up:
            self.note(f"{who} takes {name} from {where}.")
            self.learn(kn.seen, x, kn.hand_bit(seat), False)
        elif shown:
            self.note(f"{who} takes the face-down Choc in {where}: it is {name}, "
                      "read aloud and shown.")
            self.learn(kn.taken_shown, x, cell, seat)
        else:
            self.note(f"{who} takes the face-down Choc in {where}.",
                      {seat: f"{who} takes the face-down Choc in {where}: {name}."})
            self.learn(kn.taken_face_down, seat, x, cell)
        if self.box.count(EMPTY) == len(self.box):
            self.note("The box is empty: the round ends at once.")
            self.end_round()
            return
        if shown:
            resolve(self, x, "face_down_taken", cell)

    def reveal(self, cell: int) -> None:
        self.actions_left -= 1
        self.flip_up(cell, player_name(self.current))

    def flip_up(self, cell: int, who: str) -> None:
        """Flip a face-down Choc in the box face up; its On Reveal ability waits in `pending`."""
        x = self.box[cell]
        self.up[cell] = True
        self.note(f"{who} reveals {self.chname(x)} in {self.cname(cell)}.")
        self.learn(kn.seen, x, 1 << cell)
        if self.comps.chocs[x].trigger("on_reveal") is not None:
            self.pending.append(x)

    def return_choc(self, x: int, cell: int, by_ability: bool) -> None:
        """Return Choc `x` face down to the empty `cell` (BS-3); the action takes a wrapper."""
        seat = self.current if not self.tasks else self.tasks[-1].who
        hand = self.hands[seat]
        hand.remove(x)
        self.box[cell], self.up[cell] = x, False
        who, where = player_name(seat), self.cname(cell)
        tail = "" if by_ability else ", taking an Empty Wrapper"  # (read right after "You" too)
        if not by_ability:
            self.stack -= 1
            self.wrappers[seat] += 1
            self.actions_left -= 1
        self.note(f"{who} returns a Choc face down to {where}{tail}.",
                  {seat: f"{who} returns {self.chname(x)} face down to {where}{tail}."})
        self.learn(kn.returned, seat, x, cell, not hand)

    def give(self, giver: int, x: int, to: int, how: str = "") -> None:
        """Choc `x` passes from `giver`'s hand to `to`'s; only those two see which. `how` says
        it in other words (default: "P1 gives a Choc to P2")."""
        self.hands[giver].remove(x)
        self.hands[to].append(x)
        a, b = player_name(giver), player_name(to)
        public = how or f"{a} gives a Choc to {b}"
        text = f"{public}: {self.chname(x)}." if how else f"{a} gives {self.chname(x)} to {b}."
        self.note(f"{public}.", {giver: text, to: text})
        self.learn(kn.given, giver, to, x, not self.hands[giver])

    # -- flow ---------------------------------------------------------------------------
    def advance(self) -> None:
        """Carry out everything that needs no decision, up to the next decision."""
        while self.finished is None:
            if self.tasks:
                top = self.tasks[-1]
                if top.kind != "ability":
                    return
                if top.at >= len(top.effects):
                    self.tasks.pop()
                    continue
                effect = top.effects[top.at]
                top.at += 1
                start_effect(self, top, effect)
                continue
            if self.pending:
                if len(self.pending) > 1:
                    return  # the player chooses the order (FAQ)
                resolve(self, self.pending.pop(), "on_reveal", -1)
                continue
            if self.actions_left > 0:  # the box is not empty, so a Take is always possible
                return
            if not self.end_turn():
                return

    def end_turn(self) -> bool:
        """End the current turn; True if play goes on with a new turn (or round)."""
        self.turns += 1
        if face_down_count(self) == 0:
            self.note("Every Choc in the box is face up: the round ends.")
        elif min(self.wrappers) >= 2:
            self.note("Every player has 2 or more Empty Wrappers: the round ends.")
        elif self.turn_limit and self.turns >= self.turn_limit:
            self.note(f"The round reaches its limit of {self.turn_limit} turns and ends.")
        else:
            self.current = (self.current + 1) % self.players
            self.actions_left, self.extras = ACTIONS_PER_TURN, 0
            if not (self.watch and self.current == self.starter and self.repeated()):
                return True
            self.note(f"The same position comes up for the {REPEATS_END_ROUND}rd time at the "
                      f"start of {player_name(self.current)}'s turn: the round ends as it stands "
                      "(house rule).")
        self.end_round()
        return self.finished is None

    def end_round(self) -> None:
        """Reveal hands and Preference cards, score, award the round, start the next one."""
        self.tasks, self.pending = [], []
        P = self.players
        sheets = [score_hand(self.comps, self.hands[s], self.yum[s], self.yuck[s])
                  for s in range(P)]
        totals = [sh["total"] for sh in sheets]
        best = max(totals)
        winners = [s for s in range(P) if totals[s] == best]
        for s in winners:
            self.wins[s] += 1
        prefs = self.comps.preferences
        for s, sh in enumerate(sheets):
            sh["seat"] = s
            self.note(
                f"{player_name(s)} reveals {', '.join(sh['hand']) or 'no Chocs'}; YUM! "
                f"{'+'.join(prefs[i].attribute for i in self.yum[s])}, YUCK! "
                f"{'+'.join(prefs[i].attribute for i in self.yuck[s])}: {sh['chocs']} + "
                f"{sh['yum_points']} - {-sh['yuck_points']} = {sh['total']} "
                f"point{'' if abs(sh['total']) == 1 else 's'}.")
        self.note(f"{', '.join(player_name(s) for s in winners)} "
                  f"win{'s' if len(winners) == 1 else ''} round {self.round_no}.")
        self.rounds.append({"round": self.round_no, "starter": self.starter,
                            "scores": totals, "winners": winners, "sheets": sheets})
        for s in range(P):  # discarded face up
            self.discard[s] += self.yum[s] + self.yuck[s]
            self.yum[s], self.yuck[s] = [], []
        champions = [s for s in range(P) if self.wins[s] >= ROUND_WINS_NEEDED]
        if champions:  # BS-4: several at once share the game win
            self.note(f"{', '.join(player_name(s) for s in champions)} "
                      f"win{'s' if len(champions) == 1 else ''} the game.")
            self.finished = Result([float(w) for w in self.wins], champions,
                                   {"rounds": self.rounds})
            return
        if len(winners) == 1:
            self.starter = (winners[0] + 1) % P
        else:  # no single winner to follow: the player after the last starter
            self.starter = (self.starter + 1) % P
        self.round_no += 1
        self.start_round()


def _same(action: Any, legal: Any) -> bool:
    """`action` is the legal action `legal`: the very object (as `legal_actions` gives it), or
    an equal one whose fields have exactly their declared types (1.0 == 1 is refused)."""
    return action is legal or (well_typed(action) and action == legal)


def round_rules(comps: Components, options: Any, players: int) -> tuple[int, bool]:
    """(turn_limit, watch) of a game: a set that cannot loop keeps its resources' own bound (a
    printed end condition always comes first); one that can is watched by the repetition rule,
    unless the legacy option `turn_limit` > 0 cuts its rounds at that many turns per player."""
    if not comps.loops:
        return round_bound(BOX_CELLS[players], len(comps.chocs)), False
    legacy = int(options["turn_limit"])
    return (legacy * players, False) if legacy > 0 else (0, True)


def set_up(game: Any, players: int, seed: int, options: dict[str, Any],
           comps: Components) -> BitterSweetState:
    """A new game: seat 0 (P1) starts the first round (the rulebook lets the table decide)."""
    s = BitterSweetState.__new__(BitterSweetState)
    s._init_base(game, players, seed, options)
    s.comps = comps
    n = BOX_CELLS[players]
    s.cols = n // ROWS
    s.cell_names = [cell_name(c, s.cols) for c in range(n)]
    s.table = action_table(comps, s.cols)
    s.box = [-1] * n
    s.up = [False] * n
    s.deck = []
    for _ in range(players):
        d = list(range(len(comps.preferences)))
        s.rng.shuffle(d)
        s.deck.append(d)
    s.discard = [[] for _ in range(players)]
    s.yum = [[] for _ in range(players)]
    s.yuck = [[] for _ in range(players)]
    s.round_no, s.wins, s.starter = 1, [0] * players, 0
    s.turn_limit, s.watch = round_rules(comps, options, players)
    s.log, s.rounds, s.finished = [], [], None
    s.pref_key = None
    s._legal = None
    s.start_round()
    return s
