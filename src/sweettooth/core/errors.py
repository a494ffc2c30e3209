"""The exceptions sweettooth raises. Every message names what was wrong and what is allowed."""

from __future__ import annotations


class SweetToothError(Exception):
    """Base class of every error sweettooth raises on purpose."""


class IllegalAction(SweetToothError, ValueError):
    """An action that is not legal in the current state (the state is left unchanged).

    `reason` says why in words for the player, and only with what that player can see;
    `action` is the notation of what was tried (None if unknown). The message is both:

    >>> str(IllegalAction("c4 is already face up", "flip c4"))
    'flip c4: c4 is already face up'
    >>> IllegalAction("it is P2's turn").reason
    "it is P2's turn"
    """

    reason: str
    action: str | None

    def __init__(self, reason: str, action: str | None = None) -> None:
        self.reason = reason
        self.action = action
        shown = action if action and not reason.startswith(action) else None
        super().__init__(reason if shown is None else f"{shown}: {reason}")

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str | None]]:
        return (type(self), (self.reason, self.action))


class UnknownGame(SweetToothError, ValueError):
    """A game id that is not registered."""


class PlayerCountError(SweetToothError, ValueError):
    """A player count outside what the game allows."""


class OptionError(SweetToothError, ValueError):
    """An unknown option, or a value of the wrong type or out of range."""


class RecordError(SweetToothError, ValueError):
    """A game record (save file) that is malformed or does not replay."""


class DataError(SweetToothError, ValueError):
    """A component data file (tiles, cards, stores) that fails validation."""


class SeatError(SweetToothError, ValueError):
    """A seat number that does not exist at this table."""
