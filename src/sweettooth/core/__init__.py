"""Layer 1: the game protocol, registry, records and errors. Standard library only."""

from .determinize import sample
from .errors import (
    DataError,
    IllegalAction,
    OptionError,
    PlayerCountError,
    RecordError,
    SeatError,
    SweetToothError,
    UnknownGame,
)
from .fingerprint import seed_fingerprint, seed_text, short_fingerprint
from .game import JSON, Action, Game, Result, State, copy_rng, new_seed, seats
from .options import Option, OptionValue
from .record import load_record, replay, save_record
from .registry import game, games, register
from .rng import Rng
from .rules_text import plain_rules, rules_markdown, sections

__all__ = [
    "JSON",
    "Action",
    "DataError",
    "Game",
    "IllegalAction",
    "Option",
    "OptionError",
    "OptionValue",
    "PlayerCountError",
    "RecordError",
    "Result",
    "Rng",
    "SeatError",
    "State",
    "SweetToothError",
    "UnknownGame",
    "copy_rng",
    "game",
    "games",
    "load_record",
    "new_seed",
    "plain_rules",
    "register",
    "replay",
    "rules_markdown",
    "sample",
    "save_record",
    "seats",
    "sections",
    "seed_fingerprint",
    "seed_text",
    "short_fingerprint",
]
