"""`SweettoothAEC`: every game as a PettingZoo AEC environment (agents `player_0`, ...).

The agent to act is the seat to move. `observe(agent)` is a dict with `observation` (float32,
`encode` of that seat's view) and `action_mask` (int8, 1 for each legal action id; all 0 for a
seat that is not to move). `infos[agent]["view"]` holds the raw JSON view of the agent to move
(of every agent once the episode ends); `env.state` is the engine state (for debugging and
tests only: it holds what no seat may see).

Rewards arrive when the game ends (see `RewardRule`). An episode is truncated once it has
lasted the game's declared `max_length` actions (or `max_steps`, if smaller) without ending.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import index
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import sweettooth as st
from sweettooth.core import JSON, Action, Result, State

from .encoders import spec_for
from .spec import OBS_BOUND, GameSpec

Mask = npt.NDArray[np.int8]


class IllegalMoveError(ValueError):
    """An action id outside the action mask was played."""


@dataclass(frozen=True)
class RewardRule:
    """How the end of a game is paid.

    - `reward="win"`: each winner gets 1 / (number of winners), the others 0 (ties share);
    - `reward="score"`: each seat gets its final score (game points);
    - `reward="auto"` (default): "score" for a solo game (Sweet Shop, where the one seat always
      wins), else "win";
    - `score_weight` (default 0): adds `score_weight * final score` to the win share (shaping);
    - `illegal="penalty"` (default, as PettingZoo's classic games): an id outside the mask ends
      the episode, the offender gets `illegal_penalty` (default -1) and the other seats 0;
      `illegal="raise"` raises `IllegalMoveError` instead and changes nothing.
    """

    reward: str = "auto"
    score_weight: float = 0.0
    illegal: str = "penalty"
    illegal_penalty: float = -1.0

    def __post_init__(self) -> None:
        if self.reward not in ("auto", "win", "score"):
            raise ValueError(f"reward must be 'auto', 'win' or 'score', got {self.reward!r}")
        if self.illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal must be 'raise' or 'penalty', got {self.illegal!r}")

    def pay(self, result: Result, players: int) -> list[float]:
        kind = self.reward
        if kind == "auto":
            kind = "score" if players == 1 else "win"
        if kind == "score":
            return [float(s) for s in result.scores]
        share = 1.0 / len(result.winners) if result.winners else 0.0
        return [
            (share if seat in result.winners else 0.0) + self.score_weight * result.scores[seat]
            for seat in range(players)
        ]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class SweettoothAEC(AECEnv):  # type: ignore[misc]
    """One sweettooth game as a PettingZoo AEC environment; made by `sweettooth.rl.env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the instance)
        "render_modes": ["ansi", "human"], "render_fps": 4, "name": "sweettooth_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        *,
        render_mode: str | None = "ansi",
        reward: str = "auto",
        score_weight: float = 0.0,
        illegal: str = "penalty",
        illegal_penalty: float = -1.0,
        max_steps: int | None = None,
        views: str = "info",
        **options: Any,
    ) -> None:
        super().__init__()
        if views not in ("info", "lazy"):
            raise ValueError(f"views must be 'info' or 'lazy', got {views!r}")
        self.game = st.game(game_id)
        if players is None:
            players = self.game.min_players
        self.spec: GameSpec = spec_for(game_id, players, options)
        self.players = players
        self.options = dict(self.spec.options)
        self.rules = RewardRule(reward, score_weight, illegal, illegal_penalty)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(
                f"render_mode must be 'ansi', 'human' or None, got {render_mode!r}")
        self.render_mode = render_mode
        declared = self.game.max_length(players, self.options)
        self.max_length = declared if max_steps is None else min(declared, max_steps)
        self.metadata = {**self.metadata, "name": f"sweettooth_{game_id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        n = len(self.spec.actions)
        box = spaces.Box(-OBS_BOUND, OBS_BOUND, (self.spec.size,), np.float32)
        self.observation_spaces = {
            a: spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, (n,), np.int8)})
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self.lazy_views = views == "lazy"
        """`views="lazy"`: views are built only when asked for (`current_view()`, `view_of`),
        and `infos` holds none. `views="info"` (default): `infos` holds the view of the agent
        to act (of every agent once the episode is over), built at every step."""
        self._state: State | None = None
        self._view: JSON = {}
        # The agent to act's legal ids (in the engine's order) and actions; None until asked
        # for when the game's fast path made the mask as bytes (`_bits`) straight from the state.
        self._ids: list[int] | None = []
        self._acts: list[Action] | None = []
        self._bits: bytearray | None = None
        self._acting = False  # an agent is to act (the episode is not over)
        # The game's fast paths (`GameSpec`), if any.
        self._observe = self.spec.observe
        self._legal_mask, self._action_of = self.spec.legal_mask, self.spec.action_of
        self._blank: Mask = np.zeros(n, np.int8)
        self._blank_bytes = bytes(n)
        self._paid = False  # some reward in `rewards` is not 0

    # -- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> State:
        """The engine state (hidden parts included): for debugging and tests, never a policy."""
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def seat_of(self, agent: str) -> int:
        """The seat of an agent name ("player_1" -> 1)."""
        return self._seat[agent]

    @property
    def actions(self) -> tuple[str, ...]:
        """The action table: id -> notation."""
        return self.spec.actions

    # -- the episode -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With `seed`, the game's own seed is `seed` (so the deal is that of
        `game.new(players, seed=seed)`), and later resets without a seed follow from it."""
        if seed is not None:
            self._rng.seed(seed)
            game_seed = seed
        else:
            game_seed = self._rng.getrandbits(48)
        self._begin(self.game.new(self.players, seed=game_seed, **self.options))

    def set_state(self, state: State) -> None:
        """Continue the episode from `state` (a state of this game and player count), e.g. a
        position from a saved game or a determinization: for tests and analysis."""
        if state.game.id != self.game.id or state.players != self.players:
            raise ValueError(
                f"expected a {self.game.id} state for {self.players} players, got "
                f"{state.game.id} for {state.players}"
            )
        self._begin(state)

    def _begin(self, state: State) -> None:
        """Start an episode at `state`: every agent live, no rewards yet, its first mover."""
        self._state = state
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._paid = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def _after_move(self) -> None:
        """Fill the mask, view and infos for the seat now to move, or end the episode."""
        state = self._state
        assert state is not None
        seat = state.to_move
        infos = self.infos
        if not self.lazy_views:  # with lazy views nothing is ever put in them before the end
            for a in infos:
                infos[a] = {}
        if seat is None:
            result = state.result()
            assert result is not None
            self._finish(self.rules.pay(result, self.players), truncated=False)
            return
        self.agent_selection = self.possible_agents[seat]
        self._acting = True
        # The mask array itself is made by `observe`.
        fast = self._legal_mask
        self._bits = bits = None if fast is None else fast(state)
        if bits is None:
            legal = state.legal_actions()
            self._ids, self._acts = self.spec.ids(legal), legal
        else:
            self._ids = self._acts = None
        if self._view:  # (a view asked for in the last step)
            self._view = {}
        if not self.lazy_views:
            self._view = state.view(seat)
            infos[self.agent_selection] = {"view": self._view}
        if len(state.history) >= self.max_length:
            self._finish([0.0] * self.players, truncated=True)

    def _finish(self, pay: list[float], *, truncated: bool) -> None:
        state = self.state
        self._paid = True
        for a in self.agents:
            self.rewards[a] = pay[self._seat[a]]
            self.infos[a] = {} if self.lazy_views else {"view": state.view(self._seat[a])}
            if truncated:
                self.truncations[a] = True
            else:
                self.terminations[a] = True
        self._ids, self._acts, self._bits, self._acting = [], [], None, False
        self._view = {}
        self._accumulate_rewards()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if not self._acting:  # the episode is over: the agent to step is terminated or truncated
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._paid:  # rewards are paid only at the end (or on a penalty): else still 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        chosen = None
        bits = self._bits
        try:
            # An int or a numpy integer; not 2.0 or "2" (TypeError).
            i = index(action)  # type: ignore[arg-type]
            if bits is not None and 0 <= i < len(bits) and bits[i]:
                chosen = self._action_of(self._state, i)  # type: ignore[misc,arg-type]
            elif bits is None:
                # The ids are few; a scan of the list beats building a dict at every step.
                chosen = self._acts[self._ids.index(i)]  # type: ignore[index,union-attr]
        except (ValueError, TypeError):
            pass
        if chosen is None:
            if self.rules.illegal == "penalty":
                pay = [0.0] * self.players
                pay[self._seat[agent]] = self.rules.illegal_penalty
                self._finish(pay, truncated=False)
                return
            raise IllegalMoveError(self._refusal(action))
        # `chosen` came from the legal list just made, so the engine's check is skipped.
        self._state._play(chosen)  # type: ignore[union-attr]
        self._after_move()

    def _refusal(self, action: int | None) -> str:
        n = len(self.spec.actions)
        try:
            i = index(action)  # type: ignore[arg-type]
        except TypeError:
            return (f"{action!r} is not an action id: ids are integers 0..{n - 1} "
                    f"(got {type(action).__name__})")
        if not 0 <= i < n:
            return f"action id {i} is outside the action space 0..{n - 1}"
        what = f"action id {i} ({self.spec.actions[i]!r})"
        ids = self.legal_ids()
        legal = ", ".join(str(i) for i in ids[:10])
        more = "" if len(ids) <= 10 else ", ..."
        return (
            f"{what} is not legal for {self.agent_selection} now (not in the action mask); "
            f"legal ids: {legal}{more}"
        )

    # -- what an agent sees ----------------------------------------------------------------
    def current_view(self) -> JSON:
        """The view of the agent to act (built at most once per step)."""
        if not self._view:
            self._view = self.state.view(self._seat[self.agent_selection])
        return self._view

    def last(
        self, observe: bool = True
    ) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last` (the observation is None with `observe=False`), with the
        trainer's usual case (the agent to act, with the game's fast observation and mask) made
        straight, without `observe`'s other cases."""
        agent = self.agent_selection
        bits, fast, state = self._bits, self._observe, self._state
        if observe and bits is not None and fast is not None and state is not None and (
                self._acting):
            obs: dict[str, Any] | None = {
                "observation": fast(state, self._seat[agent]),
                "action_mask": np.frombuffer(bytearray(bits), np.int8),
            }
        else:
            obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        to_act = agent == self.agent_selection and self._acting
        fast = self._observe
        if fast is not None and self._state is not None:
            obs = fast(self._state, seat)
        else:
            obs = self.spec.encode(self.current_view() if to_act else self.state.view(seat))
        # A new array each time: the caller may keep or change it.
        if to_act and self._bits is not None:
            return {"observation": obs, "action_mask": np.frombuffer(bytearray(self._bits),
                                                                     np.int8)}
        ids = self._legal()[0] if to_act else ()
        if len(ids) <= 48:  # set byte by byte: cheaper than numpy for a few ids
            bits = bytearray(self._blank_bytes)
            for i in ids:
                bits[i] = 1
            mask: Mask = np.frombuffer(bits, np.int8)
        else:
            mask = self._blank.copy()
            mask.put(ids, 1)
        return {"observation": obs, "action_mask": mask}

    def _legal(self) -> tuple[list[int], list[Action]]:
        """The agent to act's legal ids and actions (listed from the state only if the mask
        came from the game's fast path)."""
        if self._ids is None or self._acts is None:
            legal = self.state.legal_actions()
            self._ids, self._acts = self.spec.ids(legal), legal
        return self._ids, self._acts

    def legal_actions(self) -> list[Action]:
        """The legal engine actions of the agent to act, in the engine's order (a copy of the
        list the mask was made from: no second `state.legal_actions()`)."""
        return list(self._legal()[1])

    def legal_ids(self) -> list[int]:
        """The legal action ids of the agent to act (sorted)."""
        return sorted(self._legal()[0])

    def render(self) -> str | None:
        """The text drawing of the game as a spectator sees it (`game.render(view)`): returned
        with render_mode="ansi", printed (and None returned) with "human", None without."""
        if self.render_mode is None:
            return None
        text = self.game.render(self.state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
