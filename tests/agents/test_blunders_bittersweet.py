"""BitterSweet blunders the bots must avoid (issue: hard bots laughed at). What a Choc is worth
to a seat is the change it makes to that seat's own round score (scoring.py, with its own YUM!
and YUCK! cards): the tests judge with the rules' scoring, not with the bots' heuristics.

- Giving or returning a valuable Choc while keeping a worse one (e.g. one matching its YUCK!).
- Peeking at a cell whose Choc it knows (it returned it there itself).
- Spending a turn action revealing a Choc it knows, one without an On Reveal ability.
"""

from __future__ import annotations

from typing import Any

import pytest

import sweettooth as st
from sweettooth.core import State
from sweettooth.games.bittersweet.scoring import score_hand
from sweettooth.games.bittersweet.state import BitterSweetState

from .blunders import ALLOWED, LEVELS, SEARCHES, Positions, blunders

GAME = st.game("bittersweet")
MARGIN = 2  # a Choc worth this much more to the seat than its worst is a blunder to give up


def worth_in_hand(state: State, seat: int) -> dict[str, int]:
    """Per Choc in the seat's hand: how much its round score drops without it."""
    assert isinstance(state, BitterSweetState)
    comps = state.comps
    hand = list(state.hands[seat])

    def total(ids: list[int]) -> int:
        return int(score_hand(comps, ids, state.yum[seat], state.yuck[seat])["total"])

    now = total(hand)
    return {comps.chocs[x].id: now - total([y for y in hand if y != x]) for x in hand}


def gives_up_value(state: State, move: Any) -> bool:
    """Giving or returning a Choc worth MARGIN or more above the cheapest one on offer."""
    words = str(move).split()
    if words[0] not in ("give", "return"):
        return False
    worth = worth_in_hand(state, state.to_move)  # type: ignore[arg-type]
    offered = {str(a).split()[1] for a in state.legal_actions()}
    return worth[words[1]] >= min(worth[c] for c in offered) + MARGIN


def parting_with_a_choice(state: State) -> bool:
    """An ability asks the mover to give or return a Choc, and one on offer is worth MARGIN
    less to it than another (e.g. it matches its YUCK!)."""
    legal = [str(a) for a in state.legal_actions()]
    if not legal or legal[0].split()[0] not in ("give", "return"):
        return False
    assert isinstance(state, BitterSweetState)
    if not state.tasks:
        return False
    worth = worth_in_hand(state, state.to_move)  # type: ignore[arg-type]
    offered = [worth[t.split()[1]] for t in legal]
    return max(offered) >= min(offered) + MARGIN


PARTING = Positions(GAME, 2, parting_with_a_choice, count=4)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(PARTING)))
def test_gives_and_returns_its_worst_choc(level: str, index: int) -> None:
    state = PARTING[index]
    bad = blunders(GAME, state, level, gives_up_value)
    assert len(bad) <= ALLOWED, f"{level} gave up a good Choc {len(bad)}/{SEARCHES}: {bad}"


def known(state: State) -> set[str]:
    view = state.view(state.to_move)
    return {b["cell"] for b in view["box"] if b["face"] == "down" and b["choc"]}


def peeks_at_known(state: State, move: Any) -> bool:
    words = str(move).split()
    return words[0] == "pick" and words[1] in known(state)


def peek_with_a_known_cell(state: State) -> bool:
    """A peek ability asks for a cell, and the mover knows what is under a third or more of
    them (one it returned there itself, or saw)."""
    assert isinstance(state, BitterSweetState)
    legal = [str(a) for a in state.legal_actions()]
    if not state.tasks or not legal or legal[0].split()[0] != "pick":
        return False
    if state.view(state.to_move)["tasks"][-1]["kind"] != "peek":
        return False
    cells = {t.split()[1] for t in legal}
    return 3 * len(cells & known(state)) >= len(cells) and bool(cells - known(state))


PEEKS = Positions(GAME, 2, peek_with_a_known_cell, count=3, seeds=range(600), mix=0.6)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(PEEKS)))
def test_does_not_peek_at_a_choc_it_knows(level: str, index: int) -> None:
    state = PEEKS[index]
    bad = blunders(GAME, state, level, peeks_at_known)
    assert len(bad) <= ALLOWED, f"{level} peeked at a known Choc {len(bad)}/{SEARCHES}: {bad}"


def reveals_known(state: State, move: Any) -> bool:
    """Revealing a face-down Choc the mover knows, which has no On Reveal ability."""
    assert isinstance(state, BitterSweetState)
    words = str(move).split()
    if words[0] != "reveal" or words[1] not in known(state):
        return False
    cell = state.cell_names.index(words[1])
    return state.comps.chocs[state.box[cell]].trigger("on_reveal") is None


def a_returned_choc_to_reveal(state: State) -> bool:
    legal = state.legal_actions()
    return any(reveals_known(state, a) for a in legal) and len(legal) > 3


REVEALS = Positions(GAME, 2, a_returned_choc_to_reveal, count=3, mix=0.6)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("index", range(len(REVEALS)))
def test_does_not_reveal_a_choc_it_knows(level: str, index: int) -> None:
    state = REVEALS[index]
    bad = blunders(GAME, state, level, reveals_known)
    assert len(bad) <= ALLOWED, f"{level} revealed a known Choc {len(bad)}/{SEARCHES}: {bad}"
