"""A game of Le Chocolat in progress: the bar, the groups on the table, the claimed tiles.

A turn (rulebook, LC-4, LC-5): split one group of two or more tiles along a straight line; then,
if any group has 3 tiles or fewer, claim exactly one such group. When every group is a single tile
the split is skipped and the mover just claims one.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from sweettooth.core import JSON, Result, State

from .actions import CLAIM_LIMIT, CLAIMS, SPLITS, Claim, Split, well_formed
from .bar import CELL_NAMES, CELLS, WHOLE_BAR, Rect
from .components import BLANK, Components, ScoringCard
from .scoring import score

SPLIT, CLAIM, OVER = 0, 1, 2
PHASES = ("split", "claim", "over")


class ChocolateState(State):
    """Positions are cells 0..34 (row-major). `up` is public (LC-3); `down` is hidden."""

    comps: Components
    card: ScoringCard
    up: list[int]
    down: list[int]
    removed: tuple[int, int]  # the 36th tile, never seen by anyone (LC-1)
    groups: list[Rect]  # unclaimed groups, sorted
    owner: list[int]  # per cell: claiming seat, or -1
    claimed: list[list[Rect]]  # per seat, groups in the order claimed
    mover: int
    phase: int
    splittable: int  # groups of two or more tiles
    small: int  # groups of CLAIM_LIMIT tiles or fewer
    movers: list[int]  # the seat that made each move of `history`
    _log_texts: tuple[str, ...]  # `str` of the first moves of `history` (shared by copies)
    _up_ids: tuple[str, ...] | None  # the up sides' ids, once a view has named them
    _legal: list[Any] | None

    # -- the rules ---------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.mover

    def legal_actions(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Any]:
        if self.phase == SPLIT:
            out: list[Any] = []
            for g in self.groups:
                out.extend(SPLITS[g])
            return out
        if self.phase == CLAIM:
            return [CLAIMS[g] for g in self.groups if g.area <= CLAIM_LIMIT]
        return []

    def _is_legal(self, action: Any) -> bool:
        if not well_formed(action):
            return False
        if self._legal is None:
            self._legal = self._generate()
        return action in self._legal

    def _apply(self, action: Any) -> None:
        self._legal = None
        self.movers.append(self.mover)
        if type(action) is Split:
            self._split(action)
        else:
            self._claim(action)

    def _split(self, action: Split) -> None:
        groups = self.groups
        groups.remove(action.group)
        self.splittable -= 1
        self.small -= action.group.area <= CLAIM_LIMIT
        for half in action.halves():
            insort(groups, half)
            self.splittable += half.area > 1
            self.small += half.area <= CLAIM_LIMIT
        if self.small:
            self.phase = CLAIM
        else:
            self._next_turn()

    def _claim(self, action: Claim) -> None:
        group = action.group
        self.groups.remove(group)
        self.small -= 1
        self.splittable -= group.area > 1
        for cell in group.cells():
            self.owner[cell] = self.mover
        self.claimed[self.mover].append(group)
        if self.groups:
            self._next_turn()
        else:
            self.phase = OVER

    def _next_turn(self) -> None:
        self.mover = 1 - self.mover
        # LC-5: with nothing left to split, the turn is just a claim.
        self.phase = SPLIT if self.splittable else CLAIM

    # -- the end -----------------------------------------------------------------------------
    def tiles_of(self, seat: int) -> list[tuple[int, int]]:
        return [(self.up[c], self.down[c]) for g in self.claimed[seat] for c in g.cells()]

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        mine = [self.tiles_of(0), self.tiles_of(1)]
        scores, winners, breakdown = score(self.card, self.comps, mine)
        return Result([float(s) for s in scores], winners, {"breakdown": breakdown})

    # -- copies and views --------------------------------------------------------------------
    def copy(self) -> ChocolateState:
        other = ChocolateState.__new__(ChocolateState)
        self._copy_base_into(other)
        other.comps, other.card = self.comps, self.card
        other.up, other.down, other.removed = self.up, self.down, self.removed  # never mutated
        other.groups = list(self.groups)
        other.owner = list(self.owner)
        other.claimed = [list(c) for c in self.claimed]
        other.mover, other.phase = self.mover, self.phase
        other.splittable, other.small = self.splittable, self.small
        other.movers = list(self.movers)
        other._log_texts = self._log_texts  # a tuple: a copy's own moves make a new one
        other._up_ids = self._up_ids
        other._legal = self._legal
        return other

    def down_visible(self, cell: int, seat: int | None) -> bool:
        """LC-3: the owner sees a claimed tile's down side; at the end, blank up sides are
        revealed to everyone (rulebook, End of Game 1)."""
        owner = self.owner[cell]
        if owner < 0:
            return False
        return owner == seat or (self.phase == OVER and self.up[cell] == BLANK)

    def _view(self, seat: int | None) -> JSON:
        side = self.comps.side_id
        up_ids = self._up_ids
        if up_ids is None:  # the up sides never change after the deal: named once per deal
            up_ids = self._up_ids = tuple(side(u) for u in self.up)
        tiles = [
            {
                "cell": CELL_NAMES[c],
                "up": up_ids[c],
                "down": side(self.down[c]) if owner >= 0 and self.down_visible(c, seat) else None,
                "owner": None if owner < 0 else owner,
            }
            for c, owner in enumerate(self.owner)
        ]
        res = self.result()
        return {
            "phase": PHASES[self.phase],
            "flavours": [{"id": f.id, "name": f.name, "code": f.code} for f in self.comps.flavours],
            "scoring_card": card_json(self.card, self.comps),
            "tiles": tiles,
            "groups": [str(g) for g in self.groups],
            "claimed": [[str(g) for g in mine] for mine in self.claimed],
            "removed_tile": "hidden",
            "log": self.log(),
            "breakdown": None if res is None else res.details["breakdown"],
        }

    def log(self) -> list[JSON]:
        """Every action so far with its seat (all of Le Chocolat's actions are public).

        Each action's text is made once: a view is built for every seat after every move, and
        the history only grows (a copy shares the texts made so far)."""
        texts = self._log_texts
        if len(texts) < len(self.history):
            texts = self._log_texts = texts + tuple(map(str, self.history[len(texts):]))
        return [{"seat": seat, "action": text}
                for seat, text in zip(self.movers, texts, strict=True)]

    def snapshot(self) -> JSON:
        side = self.comps.side_id
        return {
            "card": self.card.id,
            "up": [side(s) for s in self.up],
            "down": [side(s) for s in self.down],
            "removed": [side(s) for s in self.removed],
            "groups": [str(g) for g in self.groups],
            "claimed": [[str(g) for g in mine] for mine in self.claimed],
            "mover": self.mover,
            "phase": PHASES[self.phase],
            "history": [str(a) for a in self.history],
        }


def card_json(card: ScoringCard, comps: Components) -> JSON:
    side = comps.side_id
    return {
        "id": card.id,
        "name": card.name,
        "values": {side(f): card.values[f] for f in range(1, len(comps.flavours) + 1)},
        "sets": [{"flavours": [side(f) for f in s.flavours], "points": s.points}
                 for s in card.sets],
        "majorities": [{"flavour": side(m.flavour), "points": m.points} for m in card.majorities],
    }


def set_up(
    state: ChocolateState, comps: Components, card: ScoringCard,
    up: list[int], down: list[int], removed: tuple[int, int],
) -> None:
    """Lay out a bar as one group (the start of every game)."""
    state.comps, state.card = comps, card
    state.up, state.down, state.removed = up, down, removed
    state.groups = [WHOLE_BAR]
    state.owner = [-1] * CELLS
    state.claimed = [[], []]
    state.mover, state.phase = 0, SPLIT
    state.splittable, state.small = 1, 0
    state.movers = []
    state._log_texts = ()
    state._up_ids = None
    state._legal = None
