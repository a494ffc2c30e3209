"""One sweettooth title as an OpenSpiel Python game (see docs/openspiel.md).

- Player actions are the ids of the RL action table (`sweettooth.rl.spec_for`): the same ids as
  the Gymnasium and PettingZoo environments.
- Chance is explicit (`chance.py`): the deal of a new game and every draw made while a move is
  carried out are chance nodes, one uniform draw each (a shuffle one card at a time).
- `information_state_string(p)` is seat p's view (JSON, keys sorted): everything p has seen,
  with the game's log, so perfect recall; `observation_string(p)` is the same view without the
  log. Both tensors are the RL encoding of p's view (`sweettooth.rl.encode`). Nothing else of
  the state goes into them. While a move is being resolved (a chance node), a seat's strings
  are its view before the move, plus the move itself for the seat that made it.
- `returns()`: in games of two or more seats each winner gets 1 / (number of winners), less
  1 / (number of seats), so the returns add up to 0; in solo Sweet Shop, the final score.
- `resample_from_infostate(p, sampler)` deals what p cannot see with the game's own
  determinizer (`sweettooth.sample`); the state it returns has no OpenSpiel history.
- States serialize as OpenSpiel's do: the history of action ids, chance outcomes included.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

import sweettooth as st
from sweettooth.core import JSON, State
from sweettooth.rl import encode, spec_for
from sweettooth.rl.spec import GameSpec

from .chance import NeedChance, ScriptedRng, scripted_setup

SETUP = object()
"""The pending 'move' of a state whose deal is not done yet."""

MAX_GAME_LENGTH = 2**31 - 1
"""The largest `max_game_length` OpenSpiel accepts (a C int)."""


@dataclass(frozen=True)
class Title:
    """What OpenSpiel must be told about one sweettooth game beyond what the game says itself.

    `max_chance_outcomes`: the most outcomes of any one chance node (the biggest shuffle or
    choice the game draws; a bigger one raises); `chance_nodes(players, moves)`: an upper bound
    on the chance nodes of one game, given the seat count and the bound on its moves (for
    `max_game_length`); `max_score`: bound on a final score (solo games)."""

    game_id: str
    long_name: str
    max_chance_outcomes: int
    chance_nodes: Callable[[int, int], int]
    max_score: float = 0.0

    @property
    def short_name(self) -> str:
        return f"sweettooth_{self.game_id}"

    @property
    def solo(self) -> bool:
        return st.game(self.game_id).max_players == 1


def game_type(title: Title) -> pyspiel.GameType:
    game = st.game(title.game_id)
    params: dict[str, Any] = {"players": game.min_players}
    params.update(game.options)
    utility = (pyspiel.GameType.Utility.GENERAL_SUM if title.solo
               else pyspiel.GameType.Utility.ZERO_SUM)
    return pyspiel.GameType(
        short_name=title.short_name,
        long_name=title.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SweettoothGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game for one title (the subclass `register` makes), player count and
    option set."""

    title: Title

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        title = self.title
        self.engine = st.game(title.game_id)
        self.players = int(params.pop("players", self.engine.min_players))
        self.engine.check_players(self.players)
        self.options = self.engine.resolve_options(params)
        self.spec: GameSpec = spec_for(title.game_id, self.players, self.options)
        n = self.players
        moves = self.engine.max_length(n, self.options)
        # OpenSpiel keeps the bound in a C int; BitterSweet's printed game is bounded only by the
        # house rule against repeated positions (a number of 64 digits and more), so the declared
        # length is capped there: real games are thousands of times shorter.
        length = min(moves + title.chance_nodes(n, moves), MAX_GAME_LENGTH)
        if title.solo:
            low, high, total = 0.0, title.max_score, 0.0
        else:
            low, high, total = -1.0 / n, 1.0 - 1.0 / n, 0.0
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.spec.actions),
            max_chance_outcomes=title.max_chance_outcomes,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=None if title.solo else total,
            max_game_length=length,
        )
        super().__init__(game_type(title), info, {"players": n, **self.options})

    def new_initial_state(self) -> SweettoothState:
        return SweettoothState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> ViewObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ViewObserver(self, perfect_recall)


class _Inside:
    """The Python side of a state, in one object so that OpenSpiel's clone (a deep copy of the
    state's attributes) copies the engine state with its own cheap `copy()`."""

    __slots__ = ("base", "game", "need", "pending", "script")

    def __init__(self, game: SweettoothGame) -> None:
        self.game = game  # shared by copies
        self.base: State | None = None  # the engine state (before the pending move, if any)
        self.pending: Any = SETUP  # a move (or SETUP) waiting for chance outcomes, or None
        self.script: list[int] = []  # chance outcomes drawn so far for the pending move
        self.need = 0  # outcomes of the current chance node

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inside:
        twin = _Inside(self.game)
        twin.base = None if self.base is None else self.base.copy()
        twin.pending, twin.script, twin.need = self.pending, list(self.script), self.need
        return twin


class SweettoothState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: SweettoothGame) -> None:
        super().__init__(game)
        self._in = _Inside(game)
        self._resolve()

    @property
    def _game(self) -> SweettoothGame:
        return self._in.game

    # -- chance ---------------------------------------------------------------------------
    def _resolve(self) -> None:
        """Carry out the pending move with the outcomes drawn so far, or stop at the next
        chance node."""
        inside, game = self._in, self._game
        rng = ScriptedRng(inside.script)
        try:
            if inside.pending is SETUP:
                with scripted_setup(rng):
                    state = game.engine.new(game.players, seed=0, **game.options)
            else:
                assert inside.base is not None
                state = inside.base.copy()
                state.rng = rng
                state.apply(inside.pending)
        except NeedChance as need:
            inside.need = need.n
            if need.n > game.title.max_chance_outcomes:
                raise RuntimeError(
                    f"{game.title.short_name}: a chance node of {need.n} outcomes, more than the "
                    f"declared max_chance_outcomes {game.title.max_chance_outcomes}") from None
            return
        inside.base, inside.pending, inside.script, inside.need = state, None, [], 0

    def current_player(self) -> int:
        inside = self._in
        if inside.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert inside.base is not None
        mover = inside.base.to_move
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._in.need
        return [(i, 1.0 / n) for i in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._in.base
        if self._in.pending is not None or state is None or state.to_move != player:
            return []
        return sorted(self._game.spec.ids(state.legal_actions()))

    def _apply_action(self, action: int) -> None:
        inside = self._in
        if inside.pending is not None:
            inside.script.append(int(action))
        else:
            assert inside.base is not None
            by_id = dict(zip(self._game.spec.ids(inside.base.legal_actions()),
                             inside.base.legal_actions(), strict=True))
            if action not in by_id:
                raise ValueError(f"action {action} is not legal now")
            inside.pending = by_id[action]
        self._resolve()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return self._game.spec.actions[action]

    def is_terminal(self) -> bool:
        inside = self._in
        return inside.pending is None and inside.base is not None and inside.base.to_move is None

    def returns(self) -> list[float]:
        n = self._game.players
        if not self.is_terminal():
            return [0.0] * n
        assert self._in.base is not None
        result = self._in.base.result()
        assert result is not None
        if self._game.title.solo:
            return [float(s) for s in result.scores]
        if not result.winners:
            return [0.0] * n
        share = 1.0 / len(result.winners)
        return [(share if s in result.winners else 0.0) - 1.0 / n for s in range(n)]

    # -- what a seat knows ----------------------------------------------------------------
    def view(self, player: int) -> JSON:
        """Seat `player`'s view (see the module docstring for chance nodes)."""
        inside = self._in
        if inside.base is None:
            return {"game": self._game.title.game_id, "dealing": True, "seat": player}
        view = inside.base.view(player)
        if inside.pending is not None and inside.base.to_move == player:
            view = {**view, "resolving": str(inside.pending)}
        return view

    def resample_from_infostate(self, player: int, sampler: Any = None) -> SweettoothState:
        """A state consistent with what `player` knows, the rest dealt by the game's
        determinizer; the seed comes from Python's `random` (OpenSpiel's sampler is unused)."""
        if self._in.pending is not None:
            raise ValueError("resample_from_infostate at a chance node is not supported")
        twin = SweettoothState.__new__(SweettoothState)
        pyspiel.State.__init__(twin, self._game)
        twin._in = _Inside(self._game)
        twin._in.pending = None
        twin._in.base = st.sample(self._game.title.game_id, self.view(player), random.Random(
            random.getrandbits(64)), seat=player)
        return twin

    def __str__(self) -> str:
        inside = self._in
        if inside.base is None:
            return "(dealing)"
        text = inside.base.render(None)
        return text if inside.pending is None else f"{text}\n(resolving {inside.pending})"


def view_string(view: JSON, perfect_recall: bool) -> str:
    if not perfect_recall:
        view = {k: v for k, v in view.items() if k != "log"}
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """OpenSpiel's observer protocol over a seat's view: `tensor` is the RL encoding."""

    def __init__(self, game: SweettoothGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.spec.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SweettoothState, player: int) -> None:
        view = state.view(player)
        self.tensor[:] = 0.0
        if "dealing" not in view:
            self.tensor[:] = encode(self.game.title.game_id, view)

    def string_from(self, state: SweettoothState, player: int) -> str:
        return view_string(state.view(player), self.perfect_recall)


def register(cls: type[SweettoothGame]) -> None:
    """Register a title's game class with OpenSpiel (once). A module-level class, as OpenSpiel's
    own Python games register theirs: games pickle by class, and OpenSpiel keeps the creator
    until the process ends (a closure would be freed after the interpreter, and abort it)."""
    if cls.title.short_name not in pyspiel.registered_names():
        pyspiel.register_game(game_type(cls.title), cls)
