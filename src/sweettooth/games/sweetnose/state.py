"""The Sweet Nose state: a round is Set up (markers), Exchange and Use Store, Count Sweetness.

Flow (seat 0 is P1 and holds the thunder god first):

- Variation II only: the Shopkeeper auction, then store picking by bid (SN-9).
- Phase 1: each player in turn order sets their secret markers (SN-1, SN-3).
- Phase 2: turns in order; a turn is exactly one exchange plus at most one store use before
  or after it (SN-4). It ends at once when a plate is empty (SN-4), or when every player has
  taken `max_turns` turns (SN-5).
- Phase 3: counting (SN-6), automatic. Then the game ends (after round 3; Variation I: after a
  round in which a total reaches 100, SN-9), or the reset: sweets back to plates, stores back,
  the new start player, and store picking in the printed order (SN-8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import permutations
from typing import Any

from sweettooth.core import JSON, Result, State
from sweettooth.core.options import OptionValue

from . import stores as store_effects
from .actions import (
    ACTION_TYPES,
    Bid,
    EndTurn,
    MarketTrade,
    Pass,
    SetMarkers,
    StoreUse,
    SweetNoseAction,
    TakeStore,
    Trade,
    seat_name,
)
from .components import (
    KINDS,
    MARKER_VALUES,
    PLATE_SIZE,
    SETUPS,
    TOKENS_PER_KIND,
    StoreTile,
)
from .phases import (
    AFTER_EXCHANGE,
    AFTER_STORE,
    AUCTION,
    EXCHANGE,
    MARKERS,
    OVER,
    PICK,
    ROUNDS,
    SKY_TARGET,
    START,
)
from .scoring import Counting, auction_level, count_sweetness, eligible_level
from .table import Table
from .view import build_view

ALL_MARKERS: tuple[SetMarkers, ...] = tuple(SetMarkers(p) for p in permutations(MARKER_VALUES))
"""The 120 ways to set markers (SN-1: a permutation of 1..5 over the five kinds)."""

_ACTION_TYPES = frozenset(ACTION_TYPES)
N = len(KINDS)
END_TURN, PASS = EndTurn(), Pass()


# Actions are immutable, so each is made once: the functions below remember what they return.
@cache
def trades(opponent: int, mine: tuple[bool, ...], theirs: tuple[bool, ...]) -> tuple[Trade, ...]:
    """Exchange A with `opponent`: each kind on my plate for each other kind on theirs (SN-4).
    `mine`, `theirs`: per kind, whether that plate has any."""
    return tuple(Trade(opponent, g, k) for g in range(N) if mine[g]
                 for k in range(N) if theirs[k] and k != g)


@cache
def market_trades(mine: tuple[bool, ...], market: tuple[bool, ...]) -> tuple[MarketTrade, ...]:
    """Exchange B: each kind on my plate for each other kind in the market (SN-4)."""
    return tuple(MarketTrade(g, k) for g in range(N) if mine[g]
                 for k in range(N) if market[k] and k != g)


@cache
def take_store(number: int) -> TakeStore:
    return TakeStore(number)


def kinds_present(counts: list[int]) -> tuple[bool, ...]:
    """Per kind, whether there is any."""
    return tuple(map(bool, counts))


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of one game, shared (never mutated) by every copy of its states."""

    stores: tuple[StoreTile, ...]
    max_turns: int
    sky: bool  # Variation I: To the Sky
    shopkeeper: bool  # Variation II: Shopkeeper
    max_bid: int  # the highest ladder space a Shopkeeper bid may reach
    options: tuple[tuple[str, OptionValue], ...]
    by_number: dict[int, StoreTile] = field(default_factory=dict, compare=False, hash=False)
    effects: dict[int, str] = field(default_factory=dict, compare=False, hash=False)
    tiles_seen: list[JSON] = field(default_factory=list, compare=False, hash=False)
    """The tiles as a rollout view lists them (`heuristics.rollout_view`): one list for every
    view of the game, read, never changed."""

    def __post_init__(self) -> None:
        self.by_number.update({t.number: t for t in self.stores})
        self.effects.update({t.number: t.effect for t in self.stores})
        self.tiles_seen.extend({"number": t.number, "effect": t.effect} for t in self.stores)

    def tile(self, number: int) -> StoreTile:
        return self.by_number[number]


def _well_typed_use(use: StoreUse) -> bool:
    """Exact field types: dataclass equality would let bools or lists pass for ints/tuples."""
    give, take = use.give, use.take
    return (
        type(use.number) is int
        and type(use.opponent) is int
        and type(use.to_bowl) is bool
        and type(give) is tuple
        and type(take) is tuple
        and all(type(k) is int for k in give + take)
    )


class SweetNoseState(State):
    """One position of Sweet Nose. Build one with `SweetNose.new` or `positions.position`."""

    rules: Rules
    table: Table
    deal: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]  # plates, market at set-up
    removed: list[int]  # tokens out of the game (never seen, but deducible)
    phase: str
    round: int
    start: int  # who holds the thunder god
    order: list[int]  # this round's turn order, start player first
    idx: int  # position in `order` of the player to move (markers, exchange)
    step: int  # START, AFTER_STORE or AFTER_EXCHANGE within a Phase 2 turn
    turns: list[int]  # Phase 2 turns taken this round
    mover: int | None
    held: list[int]  # store tile number per seat, 0 = none
    totals: list[int]
    round_sp: list[list[int]]
    rounds: list[Counting]  # the counting of each round (public after the reveal)
    bids: list[int]
    in_auction: list[bool]
    picks: list[tuple[int, int]]  # store picking queue: (seat, highest level allowed)
    markers_set: list[bool]
    movers: list[int]  # who made each move in `history`
    log: list[str]
    end_reason: str
    _legal: list[SweetNoseAction] | None

    # -- set-up -------------------------------------------------------------------------------
    def _init_common(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.table = Table.empty(players)
        self.removed = [0] * N
        self.phase = MARKERS
        self.round = 1
        self.start = 0
        self.order = list(range(players))
        self.idx = 0
        self.step = START
        self.turns = [0] * players
        self.mover = 0
        self.held = [0] * players
        self.totals = [0] * players
        self.round_sp = []
        self.rounds = []
        self.bids = [0] * players
        self.in_auction = [False] * players
        self.picks = []
        self.markers_set = [False] * players
        self.movers = []
        self.log = []
        self.end_reason = ""
        self._legal = None

    def deal_tokens(self) -> None:
        """Preparation step 5 (SN-2): the bag, 8 sweets per plate, always 3 in the market."""
        setup = SETUPS[self.players]
        rng = self.rng
        bag = [k for k in range(N) for _ in range(TOKENS_PER_KIND - setup.removed_per_kind)]
        rng.shuffle(bag)
        t = self.table
        for seat in range(self.players):
            for _ in range(PLATE_SIZE):
                t.plate[seat][bag.pop()] += 1
        for k in bag:  # 3 players: the last token; 4 players: the last 3
            t.market[k] += 1
        out = [k for k in range(N) for _ in range(setup.removed_per_kind)]
        rng.shuffle(out)
        for k in out[: setup.from_removed]:
            t.market[k] += 1
        for k in out[setup.from_removed :]:
            self.removed[k] += 1

    def begin(self) -> None:
        """Record the deal and open the first decision (the auction or Phase 1)."""
        t = self.table
        self.deal = (tuple(tuple(p) for p in t.plate), tuple(t.market))
        if self.rules.shopkeeper:
            self.phase = AUCTION
            self.in_auction = [True] * self.players
            self.mover = self.start
            self.log.append("Shopkeeper auction: bid SP for the first choice of store.")
        else:
            self._begin_markers()

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return self.mover

    def legal_actions(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _is_legal(self, action: Any) -> bool:
        """A direct check (no list built) that agrees with `legal_actions` (property-tested)."""
        seat = self.mover
        kind = type(action)
        if seat is None or kind not in _ACTION_TYPES:
            return False
        phase = self.phase
        if kind is Trade or kind is MarketTrade:
            if phase != EXCHANGE or self.step == AFTER_EXCHANGE:
                return False
            return self._exchange_ok(seat, action)
        if kind is SetMarkers:
            v = action.values
            return (
                phase == MARKERS
                and type(v) is tuple
                and all(type(x) is int for x in v)
                and sorted(v) == [1, 2, 3, 4, 5]
            )
        if kind is EndTurn:
            return phase == EXCHANGE and self.step == AFTER_EXCHANGE
        if kind is Pass:
            if phase == AUCTION:
                return True
            return phase == EXCHANGE and self.step != AFTER_EXCHANGE and not self.exchanges(seat)
        if kind is StoreUse:
            if phase != EXCHANGE or self.step == AFTER_STORE or self.held[seat] != action.number:
                return False
            if not _well_typed_use(action):  # StoreUse(True, ...) would equal StoreUse(1, ...)
                return False
            try:
                uses = self.store_uses(seat)
                # listed uses are made once (stores.store_use): most often it is one of them
                return any(u is action for u in uses) or action in uses
            except TypeError:
                return False
        if kind is Bid:
            space = action.space
            return (
                phase == AUCTION
                and type(space) is int
                and self.totals[seat] < space <= self.rules.max_bid
                and all(self.totals[s] != space for s in range(self.players) if s != seat)
            )
        # TakeStore
        if phase != PICK or type(action.number) is not int:
            return False
        number, level = action.number, self.picks[0][1]
        return any(t.number == number and t.level <= level for t in self.board())

    def _exchange_ok(self, seat: int, action: Trade | MarketTrade) -> bool:
        give, take = action.give, action.take
        if type(give) is not int or type(take) is not int or give == take:
            return False
        if not (0 <= give < N and 0 <= take < N) or not self.table.plate[seat][give]:
            return False
        if isinstance(action, MarketTrade):
            return self.table.market[take] > 0
        o = action.opponent
        if type(o) is not int or not 0 <= o < self.players or o == seat:
            return False
        return self.table.plate[o][take] > 0

    def stage(self) -> int:
        return self.round

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        best = min(self.totals)
        return Result(
            scores=[float(t) for t in self.totals],
            winners=[s for s, t in enumerate(self.totals) if t == best],
            details={"lowest_wins": True, "round_sp": [r[:] for r in self.round_sp]},
        )

    def _view(self, seat: int | None) -> JSON:
        return build_view(self, seat)

    def copy(self) -> SweetNoseState:
        o = SweetNoseState.__new__(SweetNoseState)
        self._copy_base_into(o)
        o.rules = self.rules
        o.table = self.table.copy()
        o.deal = self.deal
        o.removed = self.removed[:]
        o.phase = self.phase
        o.round = self.round
        o.start = self.start
        o.order = self.order[:]
        o.idx = self.idx
        o.step = self.step
        o.turns = self.turns[:]
        o.mover = self.mover
        o.held = self.held[:]
        o.totals = self.totals[:]
        o.round_sp = [r[:] for r in self.round_sp]
        o.rounds = self.rounds[:]  # each record is never changed once made
        o.bids = self.bids[:]
        o.in_auction = self.in_auction[:]
        o.picks = self.picks[:]
        o.markers_set = self.markers_set[:]
        o.movers = self.movers[:]
        o.log = self.log[:]
        o.end_reason = self.end_reason
        o._legal = self._legal  # never mutated; replaced on apply
        return o

    def snapshot(self) -> JSON:
        t = self.table
        return {
            "plates": [p[:] for p in t.plate],
            "bowls": [b[:] for b in t.bowl],
            "market": t.market[:],
            "markers": [m[:] for m in t.markers],
            "removed": self.removed[:],
            "deal": [[list(p) for p in self.deal[0]], list(self.deal[1])],
            "phase": self.phase,
            "round": self.round,
            "start": self.start,
            "order": self.order[:],
            "idx": self.idx,
            "step": self.step,
            "turns": self.turns[:],
            "mover": self.mover,
            "held": self.held[:],
            "totals": self.totals[:],
            "round_sp": [r[:] for r in self.round_sp],
            "rounds": [r.to_json() for r in self.rounds],
            "bids": self.bids[:],
            "in_auction": self.in_auction[:],
            "picks": [list(p) for p in self.picks],
            "markers_set": self.markers_set[:],
            "history": [str(a) for a in self.history],
            "movers": self.movers[:],
            "log": self.log[:],
            "end_reason": self.end_reason,
        }

    # -- legal actions ------------------------------------------------------------------------
    def _compute_legal(self) -> list[SweetNoseAction]:
        seat = self.mover
        if seat is None:
            return []
        if self.phase == MARKERS:
            return list(ALL_MARKERS)
        if self.phase == EXCHANGE:
            if self.step == AFTER_EXCHANGE:
                return [*self.store_uses(seat), END_TURN]
            ex = self.exchanges(seat)
            if not ex:
                ex = [PASS]  # our ruling: a turn with no possible exchange is passed
            return ex + (self.store_uses(seat) if self.step == START else [])
        if self.phase == PICK:
            return [take_store(t.number) for t in self.board() if t.level <= self.picks[0][1]]
        # AUCTION
        taken = {self.totals[s] for s in range(self.players) if s != seat}
        here = self.totals[seat]
        bids: list[SweetNoseAction] = [
            Bid(space) for space in range(here + 1, self.rules.max_bid + 1) if space not in taken
        ]
        return [*bids, PASS]

    def exchanges(self, seat: int) -> list[SweetNoseAction]:
        """Exchange A with each opponent, then B with the market; never the same kind (SN-4)."""
        plates = self.table.plate
        mine = kinds_present(plates[seat])
        out: list[SweetNoseAction] = []
        for o in range(self.players):
            if o != seat:
                out += trades(o, mine, kinds_present(plates[o]))
        out += market_trades(mine, kinds_present(self.table.market))
        return out

    def store_uses(self, seat: int) -> list[SweetNoseAction]:
        """The uses of the store tile `seat` holds now (none if it holds none, or store 5)."""
        number = self.held[seat]
        if not number:
            return []
        return [*store_effects.uses(self.table, seat, self.rules.tile(number))]

    def board(self) -> list[StoreTile]:
        """The store tiles on the board (not in anyone's hand)."""
        held = set(self.held)
        return [t for t in self.rules.stores if t.number not in held]

    # -- carrying out actions -----------------------------------------------------------------
    def _apply(self, action: Any) -> None:
        seat = self.mover
        assert seat is not None
        self.movers.append(seat)
        self._legal = None
        if isinstance(action, (Trade, MarketTrade)):  # the most frequent first
            self._exchange(seat, action)
        elif isinstance(action, EndTurn):
            self._end_turn(seat)
        elif isinstance(action, StoreUse):
            self._use_store(seat, action)
        elif isinstance(action, SetMarkers):
            self._set_markers(seat, action)
        elif isinstance(action, Pass):
            if self.phase == AUCTION:
                self.in_auction[seat] = False
                self.log.append(f"{seat_name(seat)} passes (out of the auction)")
                self._next_bidder(seat)
            else:
                self.log.append(f"{seat_name(seat)} passes: no exchange is possible")
                self._end_turn(seat)
        elif isinstance(action, Bid):
            self.bids[seat] += action.space - self.totals[seat]
            self.totals[seat] = action.space
            self.log.append(f"{seat_name(seat)} bids: marker to {action.space}")
            self._next_bidder(seat)
        elif isinstance(action, TakeStore):
            self.held[seat] = action.number
            self.log.append(f"{seat_name(seat)} takes store {action.number}")
            self.picks.pop(0)
            self._next_pick()

    def _set_markers(self, seat: int, action: SetMarkers) -> None:
        """Phase 1 (SN-3): secret; the log only says that the player set them."""
        self.table.markers[seat][:] = action.values
        self.markers_set[seat] = True
        self.log.append(f"{seat_name(seat)} set markers")
        self.idx += 1
        if self.idx == self.players:
            self.phase = EXCHANGE
            self.idx = 0
            self.step = START
            self.turns = [0] * self.players
            self.mover = self.order[0]
            self.log.append(f"Phase 2: exchange sweets, {seat_name(self.mover)} first")
        else:
            self.mover = self.order[self.idx]

    def _exchange(self, seat: int, action: Trade | MarketTrade) -> None:
        t, give, take = self.table, action.give, action.take
        t.plate[seat][give] -= 1
        if isinstance(action, Trade):
            t.bowl[action.opponent][give] += 1
            t.plate[action.opponent][take] -= 1
            t.bowl[seat][take] += 1
        else:
            t.market[give] += 1
            t.market[take] -= 1
            t.plate[seat][take] += 1
        self.log.append(f"{seat_name(seat)}: {action}")
        if self._plate_emptied():
            return
        if self.step == START:
            uses = self.store_uses(seat)
            if uses:  # SN-4: the store may still be used after the exchange
                self.step = AFTER_EXCHANGE
                self._legal = [*uses, END_TURN]  # the next legal actions, found already
                return
        self._end_turn(seat)

    def _use_store(self, seat: int, use: StoreUse) -> None:
        """One use, then the tile goes back to the board (SN-7)."""
        store_effects.do(self.table, seat, use)
        self.held[seat] = 0
        if use.effect in store_effects.SECRET:
            self.log.append(f"{seat_name(seat)} used store {use.number}")
        else:
            self.log.append(f"{seat_name(seat)}: {use}")
        if self._plate_emptied():
            return
        if self.step == START:
            self.step = AFTER_STORE
        else:
            self._end_turn(seat)

    def _plate_emptied(self) -> bool:
        """SN-4: Phase 2 ends at once when any plate is empty."""
        plates = self.table.plate
        if all(map(any, plates)):
            return False
        seat = next(s for s, plate in enumerate(plates) if not any(plate))
        self._end_phase(f"{seat_name(seat)}'s plate is empty")
        return True

    def _end_turn(self, seat: int) -> None:
        self.turns[seat] += 1
        if min(self.turns) >= self.rules.max_turns:
            self._end_phase(f"every player has taken {self.rules.max_turns} turns")  # SN-5
            return
        self.idx = (self.idx + 1) % self.players
        self.step = START
        self.mover = self.order[self.idx]

    # -- counting, reset, end -----------------------------------------------------------------
    def _end_phase(self, reason: str) -> None:
        self.log.append(f"Phase 2 ends: {reason}")
        self._count()

    def _count(self) -> None:
        """Phase 3 (SN-6): reveal, count, record round and total SP."""
        t = self.table
        ignore = [
            bool(h) and self.rules.tile(h).effect == "ignore_market" for h in self.held
        ]
        sweets = [t.sweets(s) for s in range(self.players)]
        sps = [
            count_sweetness(sweets[s], t.markers[s], t.market, ignore[s])[0]
            for s in range(self.players)
        ]
        for seat, sp in enumerate(sps):
            self.totals[seat] += sp
        self.round_sp.append(sps)
        self.rounds.append(
            Counting(
                round=self.round,
                markers=tuple(tuple(m) for m in t.markers),
                sweets=tuple(tuple(s) for s in sweets),
                market=tuple(t.market),
                ignore_market=tuple(ignore),
                sp=tuple(sps),
                totals=tuple(self.totals),
            )
        )
        self.log.append(
            f"Round {self.round} counted: "
            + ", ".join(
                f"{seat_name(s)} {sps[s]} SP (total {self.totals[s]})"
                for s in range(self.players)
            )
        )
        if self._game_ends():
            self._finish()
        else:
            self._reset()

    def _game_ends(self) -> bool:
        if self.rules.sky:
            return max(self.totals) >= SKY_TARGET  # SN-9
        return self.round >= ROUNDS

    def _finish(self) -> None:
        self.phase = OVER
        self.mover = None
        best = min(self.totals)
        winners = [seat_name(s) for s, t in enumerate(self.totals) if t == best]
        self.end_reason = (
            f"a total reached {SKY_TARGET} SP" if self.rules.sky else f"{ROUNDS} rounds played"
        )
        self.log.append(
            f"Game over ({self.end_reason}): {' and '.join(winners)} "
            f"{'win' if len(winners) > 1 else 'wins'} with {best} SP"
        )

    def _reset(self) -> None:
        """Reset: sweets back, stores back, the thunder god, store picking (SN-8)."""
        self.table.reset()
        self.markers_set = [False] * self.players
        self.held = [0] * self.players
        best = max(self.totals)
        new_start = next(s for s in self.order if self.totals[s] == best)
        self.start = new_start
        self.order = [(new_start + i) % self.players for i in range(self.players)]
        self.round += 1
        self.log.append(
            f"Reset: sweets back to the plates, stores back to the board; "
            f"{seat_name(new_start)} takes the thunder god"
        )
        last = self.round_sp[-1]
        ranked = sorted(range(self.players), key=lambda s: (-self.totals[s], self.order.index(s)))
        self.picks = []
        for seat in ranked:
            level = eligible_level(last[seat])
            if level:
                self.picks.append((seat, level))
            else:
                self.log.append(f"{seat_name(seat)} gets no store ({last[seat]} SP this round)")
        self.phase = PICK
        self._next_pick()

    def _next_pick(self) -> None:
        """The next player in the picking queue with a tile they may take; then Phase 1."""
        while self.picks:
            seat, level = self.picks[0]
            if any(t.level <= level for t in self.board()):
                self.phase = PICK
                self.mover = seat
                return
            self.log.append(f"{seat_name(seat)} gets no store (no proper tile is left)")
            self.picks.pop(0)
        self._begin_markers()

    def _begin_markers(self) -> None:
        self.phase = MARKERS
        self.idx = 0
        self.markers_set = [False] * self.players
        self.mover = self.order[0]
        self.log.append(f"Round {self.round}: {seat_name(self.mover)} starts; set your markers")

    # -- Variation II: the Shopkeeper auction ---------------------------------------------------
    def _next_bidder(self, seat: int) -> None:
        for i in range(1, self.players + 1):
            s = (seat + i) % self.players
            if self.in_auction[s]:
                self.mover = s
                return
        self._end_auction()

    def _end_auction(self) -> None:
        """Highest bid chooses from all tiles, the second from all but 31+, ... (SN-9)."""
        bidders = [s for s in range(self.players) if self.bids[s]]
        bidders.sort(key=lambda s: -self.bids[s])
        self.picks = [(s, auction_level(rank)) for rank, s in enumerate(bidders)]
        self.picks = [p for p in self.picks if p[1]]
        self.log.append(
            "Auction over: "
            + (", ".join(f"{seat_name(s)} bid {self.bids[s]}" for s in bidders) or "no bids")
        )
        self.phase = PICK
        self._next_pick()
