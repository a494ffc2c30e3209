"""The game protocol: `Game` (metadata and factory) and `State` (one position of one game).

Every game subclasses both. A State holds plain data and its own seeded RNG; rules live in
`legal_actions` and `_apply`. The base class supplies the parts every game shares: the
legality check in `apply`, the history, the record, the envelope of every view.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .errors import IllegalAction, PlayerCountError, SeatError
from .options import Option, OptionValue, resolve_options
from .rng import Rng
from .rules_text import rules_markdown

Action = Hashable
"""An action: a small immutable value whose `str()` is its notation."""

JSON = dict[str, Any]


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: a score per seat and the winning seats (ties share)."""

    scores: list[float]
    winners: list[int]
    details: JSON = field(default_factory=dict, compare=False)

    def to_json(self) -> JSON:
        return {"scores": list(self.scores), "winners": list(self.winners)}


def new_seed() -> int:
    """A fresh random seed, for games started without one."""
    return secrets.randbits(48)


def copy_rng(rng: Rng) -> Rng:
    """An independent RNG in the same state."""
    return rng.copy()


def describe(action: Any) -> str:
    """An action's notation for a message; never fails, even on a malformed action."""
    try:
        return str(action)
    except Exception:
        return repr(action)


S = TypeVar("S", bound="State")


class State(ABC):
    """One position of a game. Mutable: `apply` changes it in place; `copy` is independent."""

    game: Game[Any]
    players: int
    seed: int
    options: dict[str, OptionValue]
    history: list[Any]
    rng: Rng

    def _init_base(
        self, game: Game[Any], players: int, seed: int, options: dict[str, OptionValue]
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.history = []
        self.rng = Rng(seed)

    def _copy_base_into(self, other: State) -> None:
        other.game = self.game
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after creation
        other.history = list(self.history)
        other.rng = self.rng.copy()

    # -- the rules ------------------------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """The legal actions of `to_move`, in a deterministic order; empty when over."""

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def result(self) -> Result | None:
        """None until the game is over."""

    @abstractmethod
    def copy(self: S) -> S:
        """An independent deep copy (RNG included)."""

    @abstractmethod
    def _view(self, seat: int | None) -> JSON:
        """The game-specific part of `view(seat)`: all that seat knows and nothing more."""

    @abstractmethod
    def snapshot(self) -> JSON:
        """Everything, hidden parts included (JSON-ready): for tests, debugging and saves."""

    def _is_legal(self, action: Any) -> bool:
        """Whether `action` is legal now; games override this with a faster check."""
        return action in self.legal_actions()

    # -- shared behaviour -------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Play `action` for `to_move`. Raises IllegalAction (and changes nothing) if not legal."""
        if self.to_move is None:
            raise IllegalAction(f"the game is over; {describe(action)} cannot be played")
        if not self._is_legal(action):
            legal = ", ".join(str(a) for a in self.legal_actions()[:12])
            more = "" if len(self.legal_actions()) <= 12 else ", ..."
            raise IllegalAction(
                f"{describe(action)} is not legal now; legal actions: {legal}{more}"
            )
        self._apply(action)
        self.history.append(action)

    def is_over(self) -> bool:
        return self.to_move is None

    def stage(self) -> int:
        """The round in progress (0 in a game without rounds). Public knowledge: a search may
        end a rollout when it changes and score the position there (ISMCTS `horizon`)."""
        return 0

    def check_seat(self, seat: int | None) -> None:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise SeatError(
                f"seat must be 0..{self.players - 1} or None (spectator), got {seat!r}"
            )

    def view(self, seat: int | None) -> JSON:
        """All that `seat` knows (None: a spectator), as a JSON-ready dict.

        The seat to move also finds its legal actions (in notation) in the view.
        """
        self.check_seat(seat)
        mover = self.to_move
        res = self.result()
        out: JSON = {
            "game": self.game.id,
            "players": self.players,
            "options": dict(self.options),
            "seat": seat,
            "ply": len(self.history),
            "to_move": mover,
            "legal_actions": (
                [str(a) for a in self.legal_actions()] if seat is not None and seat == mover else []
            ),
            "result": None if res is None else res.to_json(),
        }
        out.update(self._view(seat))
        return out

    def record(self) -> JSON:
        """The game as data: replaying it with `st.replay` gives this very state."""
        return {
            "game": self.game.id,
            "rules_version": self.game.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [str(a) for a in self.history],
        }

    def render(self, seat: int | None = None) -> str:
        """A text picture of what `seat` sees (default: the spectator)."""
        return self.game.render(self.view(seat))

    def __str__(self) -> str:
        return self.render(None)


class Game(ABC, Generic[S]):
    """A game's metadata and its factory. One instance per game, registered by id."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    rules_version: ClassVar[str] = "1"

    @property
    def options(self) -> dict[str, OptionValue]:
        """Option name -> default."""
        return {o.name: o.default for o in self.option_specs}

    def check_players(self, players: int) -> None:
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            allowed = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise PlayerCountError(f"{self.title} is for {allowed} players, got {players!r}")

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, OptionValue]:
        return resolve_options(self.id, self.option_specs, options)

    def new(self, players: int, seed: int | None = None, **options: Any) -> S:
        """A new game. Every chance event of the game comes from `seed`."""
        self.check_players(players)
        opts = self.resolve_options(options)
        if seed is None:
            seed = new_seed()
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        return self._new(players, seed, opts)

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> S:
        """Set up a game whose options are already validated."""

    @abstractmethod
    def sample(self, view: JSON, seat: int, seed: int) -> S:
        """A full state consistent with `view` (what `seat` knows), hidden parts dealt at random."""

    @abstractmethod
    def max_length(self, players: int, options: Mapping[str, OptionValue]) -> int:
        """An upper bound on the number of actions in any game with these settings."""

    def variants(self) -> list[dict[str, OptionValue]]:
        """Option sets the conformance kit plays (the default set first)."""
        return [{}]

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def parse_action(self, state: State, text: str) -> Any:
        """The legal action whose notation is `text`; otherwise IllegalAction.

        Games with a richer notation (aliases, case-insensitivity) override this.
        """
        wanted = " ".join(str(text).split())
        legal = state.legal_actions()
        for action in legal:
            if str(action) == wanted:
                return action
        if state.to_move is None:
            raise IllegalAction(f"the game is over; {wanted!r} cannot be played")
        shown = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
        raise IllegalAction(f"{wanted!r} is not a legal action now; legal actions: {shown}")

    def render(self, view: JSON) -> str:
        """Text picture of a view; games override this with a proper drawing."""
        import json

        return json.dumps(view, indent=1, sort_keys=True)

    def rules_text(self) -> str:
        """The player-facing rules of this game (Markdown with `piece:` links), the same text
        the web client and the terminal app show; see `sweettooth.core.rules_text`."""
        return rules_markdown(self.id)

    def describe(self) -> JSON:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "help": o.help,
                    "accepts": o.describe(),
                }
                for o in self.option_specs
            ],
        }

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.title}, {self.min_players}-{self.max_players} players>"


def seats(players: int) -> Sequence[int | None]:
    """Every seat and the spectator (None)."""
    return [*range(players), None]
