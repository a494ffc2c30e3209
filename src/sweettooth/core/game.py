"""The game protocol: `Game` (metadata and factory) and `State` (one position of one game).

Every game subclasses both. A State holds plain data and its own seeded RNG; rules live in
`legal_actions` and `_apply`. The base class supplies the parts every game shares: the
legality check in `apply`, the history, the record, the envelope of every view.
"""

from __future__ import annotations

import importlib
import secrets
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from .errors import IllegalAction, PlayerCountError, SeatError, UnknownGame
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
    def apply(self, action: Any, *, seat: int | None = None) -> None:
        """Play `action` for `to_move`: an action, or its notation as text (read by
        `Game.parse_action`, case and spacing ignored). With `seat`, refuse if another seat is
        to move. Raises IllegalAction (and changes nothing) if the move is not legal; its
        `reason` says why, using only what the seat to move can see.

        >>> import sweettooth as st
        >>> s = st.game("lechocolat").new(players=2, seed=1)
        >>> s.apply("SPLIT a1:g5  at B"); s.history
        [Split(group=Rect(x=0, y=0, w=7, h=5), vertical=True, at=1)]
        >>> try:
        ...     s.apply("split a1:g5 at c")
        ... except IllegalAction as exc:
        ...     print(exc)
        split a1:g5 at c: a1:g5 is not a group on the table; the groups are a1:a5, b1:g5
        >>> s.apply("claim a1", seat=0)
        Traceback (most recent call last):
        ...
        sweettooth.core.errors.IllegalAction: claim a1: it is P2's turn
        """
        mover = self.to_move
        if mover is None:
            raise IllegalAction("the game is over", describe(action))
        if seat is not None and seat != mover:
            raise IllegalAction(f"it is {self.seat_label(mover)}'s turn", describe(action))
        if isinstance(action, str):
            action = self.game.parse_action(self, action)  # only ever returns a legal action
        elif not self._is_legal(action):
            raise IllegalAction(self.refusal(action), describe(action))
        self._play(action)

    def _play(self, action: Any) -> None:
        """Play an action already known to be legal and record it (no check: for searches)."""
        self._apply(action)
        self.history.append(action)

    def refusal(self, action: Any) -> str:
        """Why `action` cannot be played now, for the seat to move (never anything hidden from
        it): the game's own reason (`Game.why_illegal`), else what kind of move is expected."""
        if self.to_move is None:
            return "the game is over"
        reason = self.game.why_illegal(self, action)
        if reason:
            return reason
        return f"{describe(action)} is not possible now; {self.game.expected(self)}"

    def seat_label(self, seat: int) -> str:
        """How a seat is named to people: 'P1' for seat 0."""
        return f"P{seat + 1}"

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
    lowest_wins: ClassVar[bool] = False
    """The scores of `Result` count against a player: the lowest is best (Sweet Nose's sweet
    points). Rankings beyond the winners (ratings, tables) read the scores this way."""

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
        """The legal action whose notation is `text`, case and spacing ignored.

        Otherwise IllegalAction: if `text` names a well-formed action (`read_action`), with the
        reason it is not legal now; if it names none, with the shapes of move expected now.
        """
        if not isinstance(text, str):
            raise IllegalAction(f"an action must be given as text, got {type(text).__name__}")
        wanted = " ".join(text.split())
        if state.to_move is None:
            raise IllegalAction("the game is over", wanted)
        action = self.read_action(state, wanted)
        if action is None:
            key = wanted.casefold()
            for legal in state.legal_actions():
                if str(legal).casefold() == key:
                    return legal
            raise IllegalAction(f"expected {self.shapes(state)}", wanted)
        if state._is_legal(action):
            return action
        raise IllegalAction(state.refusal(action), wanted)

    # -- refusals: the game package's `refusals` module, found by convention ------------------
    # A game whose package holds a `refusals` module (games/<game>/refusals.py) gets these four
    # from its functions `read(state, text)`, `why(state, action)`, `expected(state)` and
    # `shapes(state)`; a game may instead override the methods. They are asked only while a
    # seat is to move: a finished game is answered here.
    def read_action(self, state: State, text: str) -> Any:
        """The action `text` names, legal or not (None if it names none): the game's notation
        read case-insensitively. `text` comes with its spacing normalised. Without a refusals
        module nothing is read, so `parse_action` only matches the notation of legal actions."""
        module = refusals_module(type(self))
        return None if module is None else module.read(state, text)

    def why_illegal(self, state: State, action: Any) -> str | None:
        """Why `action` is not legal in `state`, in words for the seat to move, using only
        what that seat can see; None when no specific reason applies."""
        if state.to_move is None:
            return "the game is over"
        module = refusals_module(type(self))
        if module is None:
            return None
        reason: str | None = module.why(state, action)
        return reason

    def expected(self, state: State) -> str:
        """What kind of move the seat to move must make now, e.g. 'you must choose a round tile
        to give back'."""
        if state.to_move is None:
            return "the game is over"
        module = refusals_module(type(self))
        if module is None:
            return f"it is {state.seat_label(state.to_move)}'s move"
        words: str = module.expected(state)
        return words

    def shapes(self, state: State) -> str:
        """The shapes of notation accepted now, briefly, e.g. "'flip <square>' like 'flip c4',
        or 'stop'". The default shows one legal action per leading word (five at most)."""
        if state.to_move is None:
            return "nothing: the game is over"
        module = refusals_module(type(self))
        if module is not None:
            words: str = module.shapes(state)
            return words
        examples: dict[str, str] = {}
        for action in state.legal_actions():
            notation = str(action)
            examples.setdefault(notation.split(" ", 1)[0], notation)
        shown = [f"'{e}'" for e in list(examples.values())[:5]]
        return "a move like " + (", ".join(shown[:-1]) + " or " if len(shown) > 1 else "") + (
            shown[-1] if shown else "nothing (no move is possible)"
        )

    def person_view(self, view: JSON) -> JSON:
        """What a person's screen receives of a seat's (or the spectator's) `view`: the view
        less what the table's options keep in the player's head. Bots get whole views; every
        face that shows a person a view (server frames and endpoints, hints, replays, the
        terminal) passes it through here. The default keeps the view as it is; Bonbons
        leaves out the faces seen before unless its `memory_aid` option is on."""
        return view

    def render(self, view: JSON) -> str:
        """Text picture of a view; games override this with a proper drawing."""
        import json

        return json.dumps(view, indent=1, sort_keys=True)

    def rules_text(self, options: Mapping[str, Any] | None = None) -> str:
        """The player-facing rules of this game (Markdown with `piece:` links) for a game played
        with `options` (defaults when None), the same text the web client and the terminal app
        show; see `sweettooth.core.rules_text`."""
        return rules_markdown(self.id, options)

    def rules_part(self, name: str, options: Mapping[str, Any]) -> str:
        """The Markdown that replaces the line `<!-- from data: NAME -->` of this game's rules
        text, written from the game's data for `options` (already resolved). A game whose text
        has such a line overrides this; the default knows no part."""
        raise UnknownGame(f"{self.id}: the rules text asks for an unknown part {name!r}")

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


@cache
def refusals_module(cls: type) -> ModuleType | None:
    """The `refusals` module beside a game class (or beside the nearest base class that has
    one), e.g. `sweettooth.games.lechocolat.refusals` for `LeChocolat`; None if there is none."""
    for klass in cls.__mro__:
        if klass is Game:
            break
        package = klass.__module__.rpartition(".")[0]
        if not package:
            continue
        name = f"{package}.refusals"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:  # none there; but a module it imports must exist
            if exc.name is None or not f"{name}.".startswith(f"{exc.name}."):
                raise
    return None


def seats(players: int) -> Sequence[int | None]:
    """Every seat and the spectator (None)."""
    return [*range(players), None]
