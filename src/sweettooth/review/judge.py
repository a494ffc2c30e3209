"""One decision judged: the values of the move played and of the best move found, by one search.

Fair mode searches from the seat's view alone (`State.view(seat)`): the ISMCTS of the bots
(`sweettooth.agents.ismcts.Search`) deals, each iteration, what the seat could not see afresh
with the game's determinizer (`Game.sample`), so nothing hidden from the seat at that moment can
change the verdict. Hindsight mode ("with all cards shown") searches the real state instead:
every iteration starts from it (the other hands, the deck order, the dice to come as the seed
deals them), a perfect-information search of the same moves.

In BitterSweet the values are points (`settings.THRESHOLDS`: unit "round margin"): a rollout
ends with the round, and each seat's reward is its score in the round of the decision minus the
best other seat's (`round_margin`). A share of the game's win counts nothing a seat gives away in
a round it cannot win; the margin counts every point (docs/review.md, "Calibration").

Both values come from the same tree: after the budget's iterations, the move played and the
best move found (the most visited) are each searched further, forced at the root, until each has
at least `TOP_UP` of the budget's visits; the values compared are their root means.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

from sweettooth.agents.heuristic import sensible_for
from sweettooth.agents.hints import GAMES as HINTED
from sweettooth.agents.ismcts import ISMCTSAgent, Search
from sweettooth.core import JSON, Game, State

if TYPE_CHECKING:
    from sweettooth.games.bittersweet.state import BitterSweetState

from .settings import ROUND_MARGIN, SEARCH, THRESHOLDS, TOP_UP


@dataclass(frozen=True, slots=True)
class Verdict:
    """The search's values of the move played and of the best move found (the seat's unit)."""

    played: str
    best: str
    played_value: float
    best_value: float
    visits: int  # the search's iterations in all
    played_visits: int  # the rollouts each value rests on (at least TOP_UP of the budget)
    best_visits: int

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)


class _Hindsight(Search):
    """A search whose every iteration starts from the real state: nothing is dealt afresh."""

    truth: State

    def determinize(self) -> State:
        return self.truth.copy()


class _RoundMargin(Search):
    """A search valuing each seat's points margin in the round of the decision
    (`round_margin`), scaled for its tree by the margins seen so far."""

    round_no: int

    def rewards(self, state: State) -> list[float]:
        return self._seen(round_margin(state, self.round_no))

    def evaluate(self, state: State) -> list[float]:
        return self._seen(round_margin(state, self.round_no))

    def _seen(self, margins: list[float]) -> list[float]:
        self.low, self.high = min(self.low, *margins), max(self.high, *margins)
        return margins

    def scale(self) -> tuple[float, float]:
        if self.high <= self.low:
            return 0.0, 1.0
        return self.low, self.high - self.low


class _HindsightRoundMargin(_RoundMargin, _Hindsight):
    """Round margins, with all cards shown."""


def round_margin(state: State, round_no: int) -> list[float]:
    """Each seat's score in round `round_no` (finished: it is in the state's `rounds`) minus the
    best score of the other seats.

    >>> import random, sweettooth as st
    >>> from sweettooth.agents import RandomAgent, play_out
    >>> end = play_out(st.game("bittersweet").new(3, seed=2), [RandomAgent()] * 3,
    ...                [random.Random(s) for s in range(3)])
    >>> [r["scores"] for r in end.rounds]
    [[1, 2, 7], [8, 1, -1], [1, 1, 9]]
    >>> round_margin(end, 1), round_margin(end, 2)
    ([-6.0, -5.0, 5.0], [7.0, -7.0, -9.0])
    """
    rounds: list[JSON] = cast("BitterSweetState", state).rounds
    scores = next(r["scores"] for r in rounds if r["round"] == round_no)
    return [float(v - max(w for t, w in enumerate(scores) if t != s))
            for s, v in enumerate(scores)]


def review_agent(game_id: str, iterations: int | None = None) -> ISMCTSAgent:
    """The search a review runs for `game_id` (its budget: `iterations`, else the default)."""
    agent = ISMCTSAgent(**SEARCH[game_id], score_weight=0.0, label="review")
    return agent if iterations is None else replace(agent, iterations=iterations)


def judge(
    game: Game[Any], state: State, seat: int, played: str, agent: ISMCTSAgent,
    seed: int, hindsight: bool = False,
) -> Verdict:
    """The verdict on `played` (notation) by `seat`, to move in `state`.

    Fair mode reads `state.view(seat)` and nothing else of `state`.
    """
    view: JSON = state.view(seat)
    rng = random.Random(seed)
    margin = THRESHOLDS[game.id].unit == ROUND_MARGIN
    kind: type[Search] = ((_HindsightRoundMargin if margin else _Hindsight) if hindsight
                          else _RoundMargin if margin else Search)
    search = kind(agent, game, view, rng)
    if isinstance(search, _Hindsight):
        search.truth = state.copy()
    if isinstance(search, _RoundMargin):
        search.round_no = int(view["round"])
    legal = state.legal_actions() if hindsight else view_actions(game.id, view)
    kept = {str(a) for a in sensible_for(game.id)(view, legal)} | {played}
    search.considered = kept
    search.run()
    budget = agent.iterations or 1
    best = _most_visited(search, kept)
    for key in dict.fromkeys((played, best)):
        _top_up(search, key, kept, max(1, int(budget * TOP_UP)))
    children = search.root.children
    values = {k: children[k].total / children[k].visits for k in kept
              if k in children and children[k].visits}
    if values[best] < values[played]:
        best = played  # the played move proved at least as good once searched as much
    return Verdict(played, best, values[played], values[best], search.iterations,
                   children[played].visits, children[best].visits)


def view_actions(game_id: str, view: JSON) -> list[Any]:
    """The seat's legal actions as action objects, read from the notation its view lists (the
    hints' readers: no state is consulted)."""
    read = HINTED[game_id][0]
    return read(view)


def _most_visited(search: Search, kept: set[str]) -> str:
    children = search.root.children
    ranked = [(n.visits, n.total / n.visits, k) for k, n in children.items()
              if k in kept and n.visits]
    return max(ranked)[2]


def _top_up(search: Search, key: str, kept: set[str], visits: int) -> None:
    """Search `key` alone at the root until it has `visits` visits."""
    search.considered = {key}
    child = search.root.children.get(key)
    guard = 0
    while (child is None or child.visits < visits) and guard < 4 * visits:
        search.iterate()
        child = search.root.children.get(key)
        guard += 1
    search.considered = kept
