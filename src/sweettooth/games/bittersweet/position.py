"""Building a specific position (for tests, tutorials and puzzles) without touching internals.

`arrange(state, ...)` rearranges the current round of a state: which Choc lies where in the box
(face up or down), what each hand holds, each player's YUM!/YUCK!, whose turn it is. Every Choc
not placed goes face down into the remaining cells (in data order) if `fill` is true, and the
rest become the Empty Wrapper pile; cells listed in `empty` stay empty. Knowledge is reset to
what the table would know of such a position: each player its hand and the face-up Chocs.

>>> import sweettooth as st
>>> s = st.game("bittersweet").new(players=2, seed=1)
>>> arrange(s, up={"a1": "pecan"}, hands={0: ["mango"]}, yum={0: ["solid"]}, yuck={0: ["dark"]})
>>> [str(a) for a in s.legal_actions()][:2]
['take a1', 'take b1']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .sampling import _coarse
from .state import ACTIONS_PER_TURN, BitterSweetState


def arrange(
    state: BitterSweetState,
    *,
    up: Mapping[str, str] | None = None,
    down: Mapping[str, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    yum: Mapping[int, Sequence[str]] | None = None,
    yuck: Mapping[int, Sequence[str]] | None = None,
    fill: bool = True,
    empty: Sequence[str] = (),
    current: int | None = None,
    actions_left: int = ACTIONS_PER_TURN,
    stack: int | None = None,
    wrappers: Sequence[int] | None = None,
) -> None:
    comps = state.comps
    cells = {n: i for i, n in enumerate(state.cell_names)}
    idx = comps.choc_index
    P = state.players
    placed: set[int] = set()
    state.box = [-1] * len(state.box)
    state.up = [False] * len(state.box)
    for face_up, where in ((True, up or {}), (False, down or {})):
        for cell, cid in where.items():
            state.box[cells[cell]] = idx(cid)
            state.up[cells[cell]] = face_up
            placed.add(idx(cid))
    state.hands = [[idx(c) for c in (hands or {}).get(s, [])] for s in range(P)]
    for h in state.hands:
        placed.update(h)
    rest = [c.index for c in comps.chocs if c.index not in placed]
    if fill:
        for i in range(len(state.box)):
            if state.box[i] < 0 and state.cell_names[i] not in empty:
                state.box[i] = rest.pop(0)
    state.out = sorted(rest)
    state.stack = len(rest) if stack is None else stack
    state.wrappers = list(wrappers) if wrappers is not None else [0] * P
    pidx = comps.pref_index
    for s in range(P):
        if yum and s in yum:
            state.yum[s] = [pidx(a) for a in yum[s]]
        if yuck and s in yuck:
            state.yuck[s] = [pidx(a) for a in yuck[s]]
        held = set(state.yum[s] + state.yuck[s])
        every = set(range(len(comps.preferences)))
        state.deck[s] = sorted(every - held - set(state.discard[s]), reverse=True)
    if current is not None:
        state.current = current
    state.actions_left, state.extras = actions_left, 0
    state.tasks, state.pending = [], []
    state.know = [_coarse(state, o) for o in range(P + 1)]
    state.pknow = [[[] for _ in range(P)] for _ in range(P + 1)]
    state.positions, state.hashes, state.pref_key = (), (), None
    if state.watch and state.current == state.starter:
        state.repeated()  # the arranged position is the round's first
    state._legal = None
