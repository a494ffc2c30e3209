"""The exceptions sweettooth raises. Every message names what was wrong and what is allowed."""

from __future__ import annotations


class SweetToothError(Exception):
    """Base class of every error sweettooth raises on purpose."""


class IllegalAction(SweetToothError, ValueError):
    """An action that is not legal in the current state (the state is left unchanged)."""


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
