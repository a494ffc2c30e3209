"""Time controls: a table's optional clock, kept by the server (docs/server.md, "Clocks").

A table is opened with no clock (the default) or one of:

- **live**: `minutes` per player for the whole game, plus `increment` seconds added after each
  of the player's moves (Fischer increment);
- **correspondence**: `days` for each move (the time does not accumulate: every move starts a
  fresh allowance).

and a house rule for a **flag fall** (a player's time running out): `bot` (the seat passes to
a bot of `bot_level`, which plays it to the end with no clock) or `score` (the game ends and
the position is scored as it stands, the player out of time placed last: `flag_result`).

The clock is a function of the record, never of a process's memory: the moment play started
(`table_clocks.started_at`), the seats flagged so far, and each action's seat and commit time
(`actions.created_at`, the moment its process took it, stored with the row). So a restarted
server, one started after a SIGKILL, and every other process on the database compute the same
remaining times (`ClockState.rebuild`), from wall-clock times, never a monotonic clock.
The time of a move runs from the previous action (or the start) to this action, and is charged
to the seat that made it: the seat that was to move meanwhile. Bots' moves count too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

FLAG_RULES = ("bot", "score")
MODES = ("live", "correspondence")
MAX_MINUTES = 180
MAX_INCREMENT = 60
MAX_DAYS = 30
DAY = 86400.0


class ClockError(ValueError):
    """A time control the server refuses: the message names the field and what it accepts."""


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A table's time control, fixed when it is opened."""

    mode: str  # live, correspondence
    initial: float  # seconds per player (live); per move (correspondence)
    increment: float  # seconds added after each move (live only)
    flag_fall: str  # bot, score
    bot_level: str | None  # the bot a flagged seat passes to (flag_fall "bot")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"mode": self.mode, "flag_fall": self.flag_fall}
        if self.mode == "live":
            out.update(minutes=self.initial / 60, increment=self.increment)
        else:
            out["days"] = round(self.initial / DAY)
        if self.flag_fall == "bot":
            out["bot_level"] = self.bot_level
        return out

    @staticmethod
    def from_json(raw: dict[str, Any]) -> ClockSpec:
        return parse_clock(raw)


def _number(raw: dict[str, Any], name: str, low: float, high: float, default: float | None,
            integer: bool = False) -> float:
    value = raw.get(name, default)
    if value is None:
        raise ClockError(f"clock.{name} is required for a {raw.get('mode')} clock")
    kind = int if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kind):
        what = "a whole number" if integer else "a number"
        raise ClockError(f"clock.{name} must be {what}, got {value!r}")
    if value != value or not low <= value <= high or (name == "minutes" and value <= 0):
        lo = "more than 0" if name == "minutes" else f"from {low:g}"
        raise ClockError(f"clock.{name} must be {lo} up to {high:g}, got {value!r}")
    return float(value)


def parse_clock(raw: Any, levels: Sequence[str] = ("easy", "medium", "hard")) -> ClockSpec:
    """The ClockSpec of a request's `clock` object; ClockError naming what is wrong."""
    if not isinstance(raw, dict):
        raise ClockError("clock must be an object such as "
                         '{"mode": "live", "minutes": 5, "increment": 2, "flag_fall": "score"}')
    mode = raw.get("mode")
    if mode not in MODES:
        raise ClockError(f"clock.mode must be 'live' or 'correspondence', got {mode!r}")
    allowed = {"mode", "flag_fall", "bot_level"} | (
        {"minutes", "increment"} if mode == "live" else {"days"})
    extra = sorted(set(raw) - allowed)
    if extra:
        raise ClockError(f"clock.{extra[0]} is not a field of a {mode} clock; it takes "
                         + ", ".join(sorted(allowed)))
    flag = raw.get("flag_fall")
    if flag not in FLAG_RULES:
        raise ClockError("clock.flag_fall must be 'bot' (the seat passes to a bot) or 'score' "
                         f"(the game ends and the position is scored), got {flag!r}")
    level = raw.get("bot_level")
    if flag == "bot":
        level = level if level is not None else "medium"
        if level not in levels:
            raise ClockError(f"clock.bot_level must be one of {', '.join(levels)}, got {level!r}")
    elif level is not None:
        raise ClockError("clock.bot_level goes with flag_fall 'bot' only")
    if mode == "live":
        minutes = _number(raw, "minutes", 0, MAX_MINUTES, None)
        if minutes * 60 < 1:
            raise ClockError(f"clock.minutes must give at least one second, got {minutes!r}")
        increment = _number(raw, "increment", 0, MAX_INCREMENT, 0)
        return ClockSpec("live", round(minutes * 60, 3), increment, flag, level)
    days = _number(raw, "days", 1, MAX_DAYS, None, integer=True)
    return ClockSpec("correspondence", days * DAY, 0.0, flag, level)


@dataclass
class ClockState:
    """The clocks of one table now: remaining seconds per seat at `since`, the seat whose clock
    runs from `since` (None: none runs), the seats whose flag fell."""

    spec: ClockSpec
    remaining: list[float]
    started: float | None = None  # Unix time play began (None: not yet)
    since: float | None = None  # Unix time of the last action (or the start)
    flagged: set[int] = field(default_factory=set)

    @staticmethod
    def new(spec: ClockSpec, players: int) -> ClockState:
        return ClockState(spec, [spec.initial] * players)

    @staticmethod
    def rebuild(spec: ClockSpec, players: int, started: float | None, flagged: Sequence[int],
                moves: Sequence[tuple[int, float]]) -> ClockState:
        """The clocks after `moves` ((seat, Unix time) per action, in order)."""
        clock = ClockState.new(spec, players)
        if started is not None:
            clock.start(started)
            for seat, at in moves:
                clock.moved(seat, at)
        clock.flagged = set(flagged)
        for seat in clock.flagged:
            clock.remaining[seat] = 0.0
        return clock

    def start(self, at: float) -> None:
        if self.started is None:
            self.started = self.since = at

    def moved(self, seat: int, at: float) -> None:
        """`seat` acted at `at`: charge it the time since the last action, add the increment."""
        if self.since is None:
            return
        used = max(0.0, at - self.since)
        if self.spec.mode == "live" and seat not in self.flagged:  # (a flagged seat: no clock)
            self.remaining[seat] = max(0.0, self.remaining[seat] - used) + self.spec.increment
        self.since = at

    def flag(self, seat: int) -> None:
        self.flagged.add(seat)
        self.remaining[seat] = 0.0

    def running(self, to_move: int | None) -> int | None:
        """The seat whose clock runs now (None before the start, when over, or flagged)."""
        if self.since is None or to_move is None or to_move in self.flagged:
            return None
        return to_move

    def left(self, seat: int, to_move: int | None, now: float) -> float:
        """Seconds `seat` has left at `now`."""
        if seat in self.flagged:
            return 0.0
        if self.running(to_move) != seat or self.since is None:
            return self.spec.initial if self.spec.mode == "correspondence" else self.remaining[seat]
        base = self.spec.initial if self.spec.mode == "correspondence" else self.remaining[seat]
        return max(0.0, base - (now - self.since))

    def due(self, to_move: int | None) -> float | None:
        """The Unix time the running seat's flag falls (None: no clock runs)."""
        seat = self.running(to_move)
        if seat is None or self.since is None:
            return None
        base = self.spec.initial if self.spec.mode == "correspondence" else self.remaining[seat]
        return self.since + base

    def public(self, players: int, to_move: int | None, now: float) -> dict[str, Any]:
        """What frames and the lobby carry: the control, each seat's seconds left at `now`,
        whose clock runs, the flagged seats."""
        return {
            **self.spec.to_json(),
            "remaining": [round(self.left(s, to_move, now), 3) for s in range(players)],
            "running": self.running(to_move), "flagged": sorted(self.flagged),
            "at": round(now, 3),
        }


def describe(spec: ClockSpec) -> str:
    """The control and its flag-fall rule in words (logs; the lobby builds its own).

    >>> describe(parse_clock({"mode": "live", "minutes": 5, "increment": 2, "flag_fall": "bot"}))
    '5 min + 2 s per move; a flagged seat passes to a medium bot'
    >>> describe(parse_clock({"mode": "correspondence", "days": 3, "flag_fall": "score"}))
    '3 days per move; a flag ends the game and the position is scored'
    """
    if spec.mode == "live":
        control = f"{spec.initial / 60:g} min + {spec.increment:g} s per move"
    else:
        control = f"{spec.initial / DAY:g} days per move"
    rule = (f"a flagged seat passes to a {spec.bot_level} bot" if spec.flag_fall == "bot"
            else "a flag ends the game and the position is scored")
    return f"{control}; {rule}"
