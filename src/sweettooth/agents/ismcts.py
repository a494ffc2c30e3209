"""ISMCTS: single-observer information-set Monte Carlo tree search, one implementation for all
five games (Cowling, Powley and Whitehouse, 2012).

The bot knows only its view. Each iteration it imagines one full state consistent with that
view (a *determinization*, `game.sample(view, seat, seed)`), so the cards it cannot see, the
other players' hands and all future dice and shuffles are dealt afresh, then walks one tree
shared by all determinizations:

1. **Select**: from the root, while every action legal in this determinization already has a
   child, take the child with the best UCB score among the *legal* ones, counting in its
   exploration term how often it was available (not how often its parent was visited).
   Nodes are keyed by action notation (`str(action)`), so an action means the same thing in
   every determinization.
2. **Expand** one untried legal action.
3. **Roll out** to the end of the game with the rollout policy: uniformly random, or the
   game's heuristic (its `heuristics.rollout` where the game offers a cheaper policy for
   rollouts, else `heuristics.choose`), which sees only views of the imagined state (the bot's
   own imagination, not the real hidden information), optionally with an `epsilon` of random
   moves.
4. **Back up** the reward of each node's mover. A node's value is the mean of these rewards,
   except where its mover moves on itself with choices always open to it (a turn of several
   decisions): there it is the value of its best follow-up tried often enough, and under a
   revelation (`observe`) the average over what was seen of that (`backup="best"`): the mean
   would average in the poor follow-ups the search is still trying, and score a move with a
   sure gain and choices after it below a move with none.

Rewards: with two or more players, a seat's reward mixes its share of the win (1, or 1/k for a
k-way shared win) with its rank-normalized score (`score_weight`; the lowest score is best when
`Result.details["lowest_wins"]`, Sweet Nose). In the solo game (Sweet Shop) the reward is the
score itself, normalized by the range of scores the search has seen, so the bot maximizes its
expected score against sampled future dice and deck orders.

The move played is the most visited root action. Budgets: a number of iterations, wall time,
or both (whichever ends first). With an iteration budget and no time budget the choice is a
function of (view, legal actions, rng) alone.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sweettooth.core import JSON, Action, Game, Result, Rng, State

from .frozen import FROZEN, filter_for
from .frozen import chooser as frozen_chooser
from .heuristic import (
    Belief,
    Chooser,
    Evaluator,
    Filter,
    beliefs_for,
    evaluator_for,
    heuristic_for,
    observation_for,
    rollout_view_for,
    sensible_for,
)

ROLLOUTS = ("random", "heuristic")
BACKUPS = ("best", "mean")
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
"""What `seconds` counts: wall time (a player waits for it), or the searching thread's CPU
time (a measurement that does not depend on what else the machine is doing)."""


class Node:
    """One node of the search tree: statistics of the action that leads here."""

    __slots__ = ("avail", "born", "children", "hint", "mover", "outcomes", "reached", "seen",
                 "total", "value", "visits", "worth")

    def __init__(self, mover: int, born: int = 0) -> None:
        self.mover = mover  # the seat that chose the action leading here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 1  # how often this action was legal when its parent was reached
        self.born = born  # the parent's `reached` when this child was made
        self.reached = 0  # how often an iteration chose among this node's children
        self.total = 0.0  # sum of `mover`'s rewards through this node
        self.value = 0.0  # `mover`'s value here: the mean, or its best continuation (`continued`)
        self.worth = 0.0  # with `observe`: sum over `outcomes` of visits x value
        self.seen = 0  # with `observe`: the iterations counted in `worth`
        self.hint: str | None = None  # the heuristic's action here (progressive bias)
        self.outcomes: dict[str, Node] | None = None  # with `observe`: what the bot saw next


def continued(node: Node, mover: int, mean: float) -> float:
    """`mover`'s value of the position after its action `node`: where `mover` moves on itself
    with choices that were open every time the search got there (a forced or continued
    sequence, no chance in between), the best value among those tried often enough (at least
    √visits times, against the luck of a few rollouts), or `mean` where that is higher (the
    search's own mix of follow-ups, those open only sometimes included, earned it); otherwise
    `mean`. A move with good follow-ups then scores as its best follow-up, not below ending the
    turn."""
    if not node.children:
        return mean
    enough = max(2.0, math.sqrt(node.visits))
    best = -math.inf
    for child in node.children.values():
        if child.mover != mover:
            return mean  # another seat decides here: its choices are averaged, not maximized
        if child.visits >= enough and child.avail >= node.reached - child.born + 1:
            best = max(best, child.value)
    return max(mean, best)  # each is what a way of playing on earned; the better one counts


@dataclass(frozen=True, slots=True)
class ISMCTSAgent:
    """The search bot. See the module docstring.

    iterations: iteration budget (None: no limit; then `seconds` must be set).
    seconds: time budget per move (None: no limit), counted by `clock`.
    clock: "wall" (the default: what a player waits) or "cpu" (the searching thread's CPU time,
        so that a measurement on a busy machine searches as much as on an idle core).
    rollout: "random" or "heuristic" (the game's own `heuristics.choose` on imagined views).
    epsilon: in heuristic rollouts, the probability of a random move instead.
    exploration: the UCB constant c (rewards lie in [0, 1]).
    score_weight: weight of the normalized score in the reward (the rest: the win share).
    samples: how many distinct determinizations to deal (None: a fresh one each iteration);
        later iterations copy one of them and give it a fresh RNG for the future chance.
    prior: progressive bias at the root towards the action of the game's
        `heuristics.choose` on the real view: it is tried first and its UCB score gets
        `prior / (1 + visits)` extra, so the search leaves it only on evidence (0: no bias).
    depth: cut rollouts off after this many actions and score the imagined position with the
        game's `heuristics.evaluate(view)` (each seat's estimated reward in [0, 1], from the
        spectator's view of the imagined state); None: play every rollout to the end.
    observe: below each action, branch the tree on what the bot's seat then sees (its view),
        so that later decisions in the tree may depend on it (a tile flipped, dice rolled):
        against "strategy fusion" in games whose turns mix choices and revelations.
    horizon: end each rollout when the round in progress (`State.stage()`) ends and score the
        position with the game's `heuristics.evaluate(view)`, as `depth` does: in games of
        several rounds the later rounds are mostly noise for this move's choice.
    widen: progressive widening: a node reached n times keeps at most 1 + widen·sqrt(n)
        actions in play, the first being the heuristic's choice there (the game's rollout
        heuristic on the imagined view), so the tree plays like the heuristic until the
        statistics say otherwise, rather than trying every action once (0: classic UCT,
        every legal action is tried before any is repeated).
    sensible: search at the root only the moves the game's `heuristics.sensible(view, legal)`
        keeps (dominated moves dropped, e.g. ending a game one is losing); False: every move.
    beliefs: deal the hidden parts of each determinization from what the game's
        `beliefs.beliefs(view)` infers from the other players' decisions (Sweet Nose: their
        markers), where the game has beliefs; False: uniformly over the worlds the view allows.
    backup: "best": a node's value (what selection compares) is the expectation over what
        the bot then sees of its best own continuation, where the same seat moves on with
        choices always open to it (`continued`), so a move with good follow-ups is not scored
        below ending the turn for the poor follow-ups the search tries; "mean": the mean reward
        of the iterations through it (the search of December 2026).
    frozen: play with the heuristics and root filter of a frozen spec (`frozen.FROZEN`, e.g.
        "2026-12") instead of the game's current ones ("": current).
    """

    iterations: int | None = 1000
    seconds: float | None = None
    rollout: str = "random"
    epsilon: float = 0.0
    exploration: float = 0.7
    score_weight: float = 0.25
    samples: int | None = None
    prior: float = 0.0
    depth: int | None = None
    observe: bool = False
    widen: float = 0.0
    horizon: bool = False
    sensible: bool = True
    beliefs: bool = True
    frozen: str = ""
    clock: str = "wall"
    backup: str = "best"
    label: str = ""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("ISMCTS needs a budget: iterations, seconds, or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, got {self.seconds}")
        if self.rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {self.rollout!r}")
        if not 0.0 <= self.epsilon <= 1.0 or not 0.0 <= self.score_weight <= 1.0:
            raise ValueError("epsilon and score_weight must lie in [0, 1]")
        if self.depth is not None and self.depth < 0:
            raise ValueError(f"depth must not be negative, got {self.depth}")
        if self.widen < 0:
            raise ValueError(f"widen must not be negative, got {self.widen}")
        if self.prior < 0:
            raise ValueError(f"prior must not be negative, got {self.prior}")
        if self.samples is not None and self.samples < 1:
            raise ValueError(f"samples must be at least 1, got {self.samples}")
        if self.frozen and self.frozen not in FROZEN:
            raise ValueError(f"frozen must be one of {', '.join(FROZEN)}, got {self.frozen!r}")
        if self.backup not in BACKUPS:
            raise ValueError(f"backup must be one of {', '.join(BACKUPS)}, got {self.backup!r}")
        if self.clock not in CLOCKS:
            raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, got {self.clock!r}")

    @property
    def name(self) -> str:
        if self.label:
            return self.label
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        parts.append(f"rollout={self.rollout}")
        if self.epsilon:
            parts.append(f"epsilon={self.epsilon:g}")
        if self.prior:
            parts.append(f"prior={self.prior:g}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.observe:
            parts.append("observe=1")
        if self.widen:
            parts.append(f"widen={self.widen:g}")
        if self.horizon:
            parts.append("horizon=1")
        if not self.sensible:
            parts.append("sensible=0")
        if not self.beliefs:
            parts.append("beliefs=0")
        if self.frozen:
            parts.append(f"frozen={self.frozen}")
        if self.clock != "wall":
            parts.append(f"clock={self.clock}")
        if self.backup != "best":
            parts.append(f"backup={self.backup}")
        return "ismcts:" + ",".join(parts)

    def chooser(self, game_id: str, purpose: str) -> Chooser:
        """The game's heuristic for `purpose` ("choose", "rollout"), as frozen if asked."""
        if self.frozen:
            return frozen_chooser(game_id, purpose, self.frozen)
        return heuristic_for(game_id, purpose)

    def filter(self, game_id: str) -> Filter:
        """The game's root filter (`heuristics.sensible`), as frozen if asked."""
        return filter_for(game_id, self.frozen) if self.frozen else sensible_for(game_id)

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("the ISMCTS agent was asked to move with no legal actions")
        if len(legal) == 1:
            return legal[0]
        considered = self.filter(game.id)(view, legal) if self.sensible else list(legal)
        if len(considered) == 1:
            only: Action = considered[0]
            return only
        search = Search(self, game, view, rng)
        if len(considered) < len(legal):
            search.considered = {str(a) for a in considered}
        if self.prior:
            hint = self.chooser(game.id, "choose")(view, legal, rng)
            search.root.hint = str(hint)
        search.run()
        return search.best(considered)


class Search:
    """One move's search: the tree, the determinizations, and the reward scale."""

    def __init__(self, agent: ISMCTSAgent, game: Game[Any], view: JSON, rng: random.Random):
        self.agent = agent
        self.now = CLOCKS[agent.clock]
        self.game = game
        self.view = view
        self.seat = int(view["seat"])
        self.rng = rng
        self.root = Node(-1)
        self.pool: list[State] = []
        self.iterations = 0
        self.low = math.inf  # the solo game's reward scale: scores seen so far
        self.high = -math.inf
        self.policy = self._policy()
        self.hinter = self._guided(0.0) if agent.widen else self.policy
        self._evaluate: Evaluator | None = None
        self._names: dict[Action, str] = {}
        self.considered: set[str] | None = None  # the root actions searched (None: all)
        self.observation = observation_for(game.id)
        believer = beliefs_for(game.id) if agent.beliefs else None
        self.belief: Belief | None = None if believer is None else believer(view)

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> None:
        agent = self.agent
        limit = agent.iterations if agent.iterations is not None else math.inf
        deadline = None if agent.seconds is None else self.now() + agent.seconds
        while self.iterations < limit:
            if not self.iterate(deadline) or (
                deadline is not None and self.now() >= deadline
            ):
                break

    def determinize(self) -> State:
        """A state consistent with the view; hidden parts and future chance fresh."""
        seed = self.rng.getrandbits(63)
        cap = self.agent.samples
        if cap is None or len(self.pool) < cap:
            state: State = self.game.sample(self.view, self.seat, seed)
            if self.belief is not None:
                self.belief.apply(state, self.rng)
            if cap is not None:
                self.pool.append(state.copy())
            return state
        state = self.pool[self.iterations % cap].copy()
        state.rng = Rng(seed)  # the future dice and shuffles of this imagined game
        return state

    def iterate(self, deadline: float | None = None) -> bool:
        """One iteration; False (and nothing learnt) if its rollout ran past `deadline`."""
        state = self.determinize()
        stage = state.stage()
        rng = self.rng
        node = self.root
        path: list[Node] = []
        c = self.agent.exploration
        prior = self.agent.prior
        observe = self.agent.observe
        widen = self.agent.widen
        outcomes: list[Node] = []
        while (mover := state.to_move) is not None:
            node.reached += 1
            legal = state.legal_actions()
            by_key = {self.name(a): a for a in legal}
            if node is self.root and self.considered is not None:
                by_key = {k: a for k, a in by_key.items() if k in self.considered}
            children = node.children
            untried = [k for k in by_key if k not in children]
            for k in by_key:
                child = children.get(k)
                if child is not None:
                    child.avail += 1
            if untried and widen:
                if node.hint is None:  # the heuristic's move here is tried first
                    node.hint = str(self.hinter(state))
                tried = len(by_key) - len(untried)
                reached = sum(children[k].visits for k in by_key if k in children)
                if tried >= 1 + widen * math.sqrt(reached):
                    untried = []  # not wide enough yet: choose among the tried actions
            if untried:
                if node.hint in untried:
                    key = node.hint
                elif len(untried) > 1:
                    key = untried[rng.randrange(len(untried))]
                else:
                    key = untried[0]
                child = children[key] = Node(mover, node.reached)
                state._play(by_key[key])
                path.append(child)
                break
            key = self._select(node, by_key, c, prior)
            edge = children[key]
            state._play(by_key[key])
            path.append(edge)
            if observe:
                node = self._outcome(edge, state)
                outcomes.append(node)
            else:
                node = edge
        policy = self.policy
        depth = math.inf if self.agent.depth is None else self.agent.depth
        horizon = self.agent.horizon
        steps = 0
        while depth > 0 and state.to_move is not None and not (horizon and state.stage() != stage):
            state._play(policy(state))
            depth -= 1
            steps += 1
            if deadline is not None and steps % 8 == 0 and self.now() >= deadline:
                return False  # out of time: a move is due, this rollout is cut off unused
        rewards = self.rewards(state) if state.to_move is None else self.evaluate(state)
        self.backup(path, outcomes, rewards)
        self.iterations += 1
        return True

    def backup(self, path: list[Node], outcomes: list[Node], rewards: Sequence[float]) -> None:
        """Count the iteration's rewards in the nodes it went through, leaves first, and back up
        each node's value (`Node.value`) from its children's: the expectation over what its
        mover then saw (`outcomes`, with `observe`) of the best own continuation
        (`continued`), where a plain mean would average in the poor follow-ups being tried.
        With `backup="mean"` a node's value is the mean of its rewards."""
        if self.agent.backup == "mean":
            for edge in path:
                edge.visits += 1
                edge.total += rewards[edge.mover]
                edge.value = edge.total / edge.visits
            return
        for i in range(len(path) - 1, -1, -1):
            edge = path[i]
            reward = rewards[edge.mover]
            edge.visits += 1
            edge.total += reward
            mean = edge.total / edge.visits
            if i < len(outcomes):  # what the mover saw after this edge, on this iteration
                seen = outcomes[i]
                before = seen.visits * seen.value
                seen.visits += 1
                seen.total += reward
                seen.value = continued(seen, edge.mover, seen.total / seen.visits)
                edge.worth += seen.visits * seen.value - before
                edge.seen += 1
                edge.value = edge.worth / edge.seen
            elif edge.seen:
                edge.value = edge.worth / edge.seen
            else:
                edge.value = continued(edge, edge.mover, mean)

    def name(self, action: Action) -> str:
        """An action's notation (the tree's key), remembered: the same action objects come back
        iteration after iteration, and writing notation costs more than looking it up."""
        try:
            found = self._names.get(action)
        except TypeError:  # an unhashable action
            return str(action)
        if found is None:
            found = self._names[action] = str(action)
        return found

    def _outcome(self, edge: Node, state: State) -> Node:
        """The node of what the bot's seat has seen after `edge` (a flipped tile, a die)."""
        if edge.outcomes is None:
            edge.outcomes = {}
        seen = self.observation(state, self.seat)
        node = edge.outcomes.get(seen)
        if node is None:
            node = edge.outcomes[seen] = Node(edge.mover)
        return node

    def _select(self, node: Node, legal: dict[str, Action], c: float, prior: float) -> str:
        low, span = self.scale()
        best_key, best = "", -math.inf
        children = node.children
        hint = node.hint
        for key in legal:
            child = children.get(key)
            if child is None:  # held back by progressive widening
                continue
            if not child.visits:  # expanded by an iteration cut off at a deadline
                return key
            mean = (child.value - low) / span
            ucb = mean + c * math.sqrt(math.log(child.avail) / child.visits)
            if key == hint:
                ucb += prior / (1 + child.visits)
            if ucb > best:
                best_key, best = key, ucb
        return best_key

    # -- rewards ------------------------------------------------------------------------------
    def scale(self) -> tuple[float, float]:
        """(low, span) turning a node's mean reward into [0, 1]."""
        if self.game.max_players > 1 or self.high <= self.low:
            return 0.0, 1.0
        return self.low, self.high - self.low

    def rewards(self, state: State) -> list[float]:
        """Each seat's reward for a finished imagined game."""
        result = state.result()
        assert result is not None
        if state.players == 1:
            score = float(result.scores[0])
            self.low, self.high = min(self.low, score), max(self.high, score)
            return [score]
        return win_and_score(result, self.agent.score_weight)

    def evaluate(self, state: State) -> list[float]:
        """Rewards of an unfinished imagined game: the game's own evaluation of the spectator's
        view (solo: scaled into the range of scores seen)."""
        if self._evaluate is None:
            self._evaluate = evaluator_for(self.game.id)
        values = self._evaluate(state.view(None))
        if state.players == 1:  # a solo evaluation is an expected score
            self.low, self.high = min(self.low, values[0]), max(self.high, values[0])
        return values

    # -- rollouts -----------------------------------------------------------------------------
    def _policy(self) -> Callable[[State], Action]:
        rng = self.rng
        if self.agent.rollout == "random":

            def uniform(state: State) -> Action:
                legal = state.legal_actions()
                action: Action = legal[rng.randrange(len(legal))]
                return action

            return uniform
        return self._guided(self.agent.epsilon)

    def _guided(self, epsilon: float) -> Callable[[State], Action]:
        """The heuristic rollout policy, with `epsilon` of random moves."""
        rng = self.rng
        chooser: Chooser = self.agent.chooser(self.game.id, "rollout")
        view_of = rollout_view_for(self.game.id)

        def guided(state: State) -> Action:
            legal = state.legal_actions()
            action: Action
            if len(legal) == 1:
                action = legal[0]
            elif epsilon and rng.random() < epsilon:
                action = legal[rng.randrange(len(legal))]
            else:  # a view of the imagined state, never the real one
                mover = state.to_move
                assert mover is not None
                action = chooser(view_of(state, mover), legal, rng)
            return action

        return guided

    def best(self, legal: Sequence[Action]) -> Action:
        """The most visited legal root action (ties: the better mean, then the first)."""
        children = self.root.children
        ranked: list[tuple[int, float, int]] = []
        for i, a in enumerate(legal):
            child = children.get(str(a))
            if child is not None and child.visits:
                ranked.append((child.visits, child.value, -i))
        if not ranked:  # no iteration finished in time: the heuristic's move, if it was asked
            hint = self.root.hint
            return next((a for a in legal if str(a) == hint), legal[0])
        return legal[-max(ranked)[2]]

    def stats(self) -> list[JSON]:
        """Root statistics (for debugging and the docs): action, visits, mean reward."""
        ranked = sorted(self.root.children.items(), key=lambda kv: -kv[1].visits)
        return [
            {"action": k, "visits": n.visits, "mean": n.total / n.visits if n.visits else None,
             "value": n.value if n.visits else None}
            for k, n in ranked
        ]


def win_and_score(result: Result, score_weight: float) -> list[float]:
    """Rewards in [0, 1]: (1 - w) x share of the win + w x score normalized among the seats.

    The normalized score is 1 for the best score at the table and 0 for the worst (lowest is
    best when `details["lowest_wins"]`); all equal: 0.5 each.

    >>> win_and_score(Result([3.0, 1.0], [0]), 0.25)
    [1.0, 0.0]
    >>> win_and_score(Result([5.0, 5.0, 2.0], [0, 1], {"lowest_wins": False}), 0.0)
    [0.5, 0.5, 0.0]
    """
    players = len(result.scores)
    shares = [0.0] * players
    if result.winners:
        for w in result.winners:
            shares[w] = 1.0 / len(result.winners)
    if score_weight == 0:
        return shares
    lo, hi = min(result.scores), max(result.scores)
    if hi > lo:
        norm = [(s - lo) / (hi - lo) for s in result.scores]
        if result.details.get("lowest_wins"):
            norm = [1.0 - x for x in norm]
    else:
        norm = [0.5] * players
    keep = 1.0 - score_weight
    return [keep * w + score_weight * n for w, n in zip(shares, norm, strict=True)]
