"""`sweettooth play`: a plain line interface for one game in the terminal.

You see your view (`game.render(view)`), then the legal actions, numbered. Type a number, or the
action's notation (a notation that is itself a number is typed with a leading `=`). Also:
`show` draws the view again, `help` explains, `quit` (or end of input) stops the game. Bots
take the other seats and get only their own view; what they do reaches you through your view's
public log. With `--hotseat` every seat is human and the screen is passed around.

It reads plain lines, so it works the same piped (`printf '1\\n2\\n' | sweettooth play ...`).
"""

from __future__ import annotations

import json
import math
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sweettooth.agents import Agent, seat_rngs
from sweettooth.core import JSON, Result, State, SweetToothError

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
SHOW_WORDS = frozenset({"show", "view", "board"})


class LineIO(Protocol):
    """Where the game's text goes and where the player's lines come from."""

    @property
    def interactive(self) -> bool:
        """True on a terminal (then we may ask extra questions, e.g. where to save)."""
        ...

    def read(self, prompt: str) -> str:
        """One line from the player (without its newline); EOFError at the end of input."""
        ...

    def write(self, text: str) -> None:
        """Print `text` and a newline."""
        ...


@dataclass
class TerminalIO:
    """Standard input and output. Piped input is echoed so a transcript reads like a session."""

    interactive: bool = field(default_factory=lambda: sys.stdin.isatty())

    def read(self, prompt: str) -> str:
        if self.interactive:
            return input(prompt)
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        sys.stdout.write(line + "\n")
        return line

    def write(self, text: str) -> None:
        print(text, flush=True)


def numbered(notations: Sequence[str], width: int | None = None) -> str:
    """The actions as a numbered list, in columns when there are many.

    >>> print(numbered(["take 1", "take 2"], width=80))
    1. take 1  2. take 2
    """
    if not notations:
        return ""
    digits = len(str(len(notations)))
    cells = [f"{i:>{digits}}. {text}" for i, text in enumerate(notations, 1)]
    width = width or shutil.get_terminal_size((80, 24)).columns
    cell = max(len(c) for c in cells) + 2
    columns = max(1, min(len(cells), width // cell))
    rows = math.ceil(len(cells) / columns)
    lines = []
    for r in range(rows):
        row = [cells[c * rows + r] for c in range(columns) if c * rows + r < len(cells)]
        lines.append("".join(x.ljust(cell) for x in row).rstrip())
    return "\n".join(lines)


LOG_KEYS = ("log", "moves")
"""Where a view keeps its public record of what happened (the first found is used)."""


def public_log(view: JSON) -> list[Any] | None:
    """The view's public log (a list of strings or {"seat", "action", ...} entries), if any."""
    for key in LOG_KEYS:
        log = view.get(key)
        if isinstance(log, list):
            return log
    return None


@dataclass
class TerminalPlay:
    """One game at the terminal: `humans` type their moves, `bot` plays every other seat."""

    state: State
    humans: frozenset[int]
    bot: Agent
    io: LineIO
    bot_seed: int
    _seen: dict[int | None, int] = field(default_factory=dict)

    # -- labels -----------------------------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    @property
    def watcher(self) -> int | None:
        """Whose view narrates the game: the single human, or the spectator in hotseat."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def label(self, seat: int) -> str:
        if seat in self.humans:
            return f"seat {seat} (you)" if not self.hotseat else f"seat {seat}"
        return f"seat {seat} ({self.bot.name})"

    # -- the game loop ---------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or the player quits / input ends (False)."""
        state, game = self.state, self.state.game
        rngs = seat_rngs(self.bot_seed, state.players)
        seated = ", ".join(self.label(s) for s in range(state.players))
        self.io.write(f"{game.title}: {state.players} players, seed {state.seed}. {seated}.")
        self.io.write("Type a number or an action's notation; help for more, quit to stop.")
        while (seat := state.to_move) is not None:
            if seat in self.humans:
                action = self.ask(seat)
                if action is None:
                    self.io.write(f"Game stopped after {len(state.history)} actions.")
                    return False
                state.apply(action)
                played = f"{self.label(seat).capitalize()} played {action}."
                if self.watcher is None:
                    self.io.write(played)
                else:
                    self.narrate(self.watcher, played)
            else:
                legal = state.legal_actions()
                action = self.bot.choose(game, state.view(seat), legal, rngs[seat])
                state.apply(action)
                if self.watcher is not None:
                    self.narrate(self.watcher, f"{self.label(seat).capitalize()} moved.")
        self.finish()
        return True

    def narrate(self, seat: int | None, fallback: str) -> None:
        """Print what `seat` has newly learnt: new entries of its view's public log."""
        log = public_log(self.state.view(seat))
        if log is None:
            self.io.write(fallback)
            return
        seen = self._seen.get(seat, 0)
        if seen > len(log):
            seen = 0
        for entry in log[seen:]:
            self.io.write(f"  {self.log_line(entry)}")
        self._seen[seat] = len(log)

    def log_line(self, entry: Any) -> str:
        """One log entry in words: a string as it is, a {"seat", "action"} entry as a sentence."""
        if isinstance(entry, str):
            return entry
        if isinstance(entry, dict) and isinstance(entry.get("seat"), int) and "action" in entry:
            seat = entry["seat"]
            who = self.label(seat) if 0 <= seat < self.state.players else f"seat {seat}"
            rest = {k: v for k, v in entry.items() if k not in ("seat", "action")}
            extra = f" ({json.dumps(rest, sort_keys=True)})" if rest else ""
            return f"{who.capitalize()} played {entry['action']}{extra}."
        return json.dumps(entry, sort_keys=True)

    def show(self, seat: int) -> list[Any]:
        """Draw `seat`'s view and its numbered legal actions; returns those actions."""
        state = self.state
        legal = state.legal_actions()
        self.io.write("")
        if self.hotseat:
            self.io.write(f"=== {self.label(seat).capitalize()} to move ===")
        self.io.write(state.game.render(state.view(seat)))
        self.io.write("Legal actions:")
        self.io.write(numbered([str(a) for a in legal]))
        self._seen[seat] = len(public_log(state.view(seat)) or ())
        return legal

    def ask(self, seat: int) -> Any | None:
        """The action the human at `seat` picks, or None to stop. Bad input re-prompts."""
        state, game = self.state, self.state.game
        legal = self.show(seat)
        prompt = f"Seat {seat}, your move> " if self.hotseat else "Your move> "
        while True:
            try:
                text = self.io.read(prompt).strip()
            except EOFError:
                self.io.write("End of input.")
                return None
            word = text.lower()
            if word in QUIT_WORDS:
                return None
            if word in HELP_WORDS:
                self.io.write(HELP.format(n=len(legal)))
                continue
            if word in SHOW_WORDS:
                self.show(seat)
                continue
            if not text:
                self.io.write(f"Type a number from 1 to {len(legal)}, or an action's notation.")
                continue
            if text.isascii() and text.isdigit():
                number = int(text)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self.io.write(f"There is no action {number}; choose 1 to {len(legal)}.")
                continue
            try:
                return game.parse_action(state, text.removeprefix("=").strip())
            except (SweetToothError, ValueError) as exc:
                self.io.write(f"Not a legal action: {exc}")

    def finish(self) -> None:
        """The final picture, each seat's score and the winners, and the breakdown."""
        state = self.state
        result = state.result()
        assert result is not None
        if self.watcher is not None:
            self.narrate(self.watcher, "")
        self.io.write("")
        self.io.write(state.game.render(state.view(self.watcher)))
        self.io.write("")
        self.io.write(summary(result, [self.label(s) for s in range(state.players)]))
        self.io.write(f"Game over after {len(state.history)} actions.")


HELP = """\
Type the number of an action (1 to {n}) or its notation exactly as listed.
If a notation is itself a number, type it after '=' (for example =3).
show: draw the view and the actions again.   quit: stop the game (also Ctrl-D)."""


def summary(result: Result, labels: Sequence[str]) -> str:
    """Scores, winners, and the per-seat breakdown from `result.details` (if any)."""
    width = max(len(x) for x in labels)
    lines = ["Result:"]
    for seat, (label, score) in enumerate(zip(labels, result.scores, strict=True)):
        mark = "  winner" if seat in result.winners else ""
        lines.append(f"  {label.ljust(width)}  {_number(score)}{mark}")
    if len(result.winners) > 1:
        lines.append("  Shared win: " + ", ".join(labels[w] for w in result.winners))
    details = breakdown(result.details, len(labels))
    if details:
        lines.append("Breakdown:")
        lines.extend(f"  {line}" for line in details)
    return "\n".join(lines)


def breakdown(details: JSON, players: int) -> list[str]:
    """Readable lines for a Result's details: one line per seat where the data is per seat.

    Nested parts are condensed: a table of numbers to `name n ...`, a list of scored items to
    the sum of their "vp" (or "points").

    >>> breakdown({"sets": [3, 1], "note": "tie-break used"}, 2)
    ['sets: seat 0: 3, seat 1: 1', 'note: tie-break used']
    >>> breakdown({"seats": [{"sets": [{"vp": 2}, {"vp": 3}], "total": 5},
    ...                      {"sets": [], "total": 0}]}, 2)
    ['seat 0: sets 5, total 5', 'seat 1: sets 0, total 0']
    """
    lines: list[str] = []
    for key, value in details.items():
        per_seat = isinstance(value, list) and len(value) == players
        if per_seat and all(isinstance(v, dict) for v in value):
            for seat, parts in enumerate(value):
                shown = (f"{k} {_condensed(v)}" for k, v in parts.items())
                lines.append(f"seat {seat}: " + ", ".join(x for x in shown if not x.endswith(" ")))
        elif per_seat:
            shown = (f"seat {s}: {_plain(v)}" for s, v in enumerate(value))
            lines.append(f"{key}: " + ", ".join(shown))
        else:
            lines.append(f"{key}: {_plain(value)}")
    return lines


def _condensed(value: Any) -> str:
    """A short form of a nested breakdown entry ('' when there is none)."""
    if isinstance(value, dict) and all(_is_scalar(v) for v in value.values()):
        return " ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        for points in ("vp", "points"):
            if all(_is_number(v.get(points)) for v in value):
                return _number(sum(v[points] for v in value))
        return ""
    if _is_scalar(value):
        return _plain(value)
    return ""


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _is_scalar(x: Any) -> bool:
    return x is None or isinstance(x, str | bool) or _is_number(x)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _plain(value: Any) -> str:
    if isinstance(value, str):
        return value
    if _is_number(value):
        return _number(value)
    return json.dumps(value, sort_keys=True)
