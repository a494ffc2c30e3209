"""`sweettooth play --plain`: a plain line interface for one game in the terminal.

You see your table (the game's text drawing of your view, players by name), the last move of
each player, then your moves as a short numbered menu (long lists are folded into groups: choose
a group, then what follows). Type a number, or a move's notation in any case (a notation that is
itself a number is typed with a leading `=`). Also: `help` (how to type, and the game's rules),
`rules`, `show`, `back`, `hint` (where the game has hints), `quit` (or end of input).

Bots take the other seats and get only their own view; what they do reaches you through your
view's public log, paced by `bot_delay` on a terminal. With several people at one terminal
(hotseat) the screen is cleared and the device handed over before anyone's secrets are drawn.

Everything printed for a seat comes from that seat's view (and the names): never from the state,
the seed or another seat's view. It reads plain lines, so it works the same piped
(`printf '1\\n2\\n' | sweettooth play --plain ...`).
"""

from __future__ import annotations

import math
import random
import shutil
import sys
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sweettooth.agents import Agent, HintError, hint
from sweettooth.core import JSON, State, SweetToothError, seed_fingerprint

from . import drawing
from .menu import Entry, match_prefix, menu

QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP_WORDS = frozenset({"help", "?", "h"})
RULES_WORDS = frozenset({"rules"})
SHOW_WORDS = frozenset({"show", "view", "board"})
BACK_WORDS = frozenset({"back", "0"})
HINT_WORDS = frozenset({"hint"})

CLEAR = "\x1b[2J\x1b[H"
"""ANSI: clear the screen and go to its top-left corner."""

SEPARATOR = "=" * 78


class LineIO(Protocol):
    """Where the game's text goes and where the player's lines come from."""

    @property
    def interactive(self) -> bool:
        """True on a terminal (then we may pause, clear the screen and ask extra questions)."""
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

    interactive: bool = field(default_factory=lambda: sys.stdin.isatty() and sys.stdout.isatty())

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
    """Entries as a numbered list, in columns when there are many.

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


@dataclass
class TerminalPlay:
    """One game at the terminal: `humans` type their moves, `agents` play every other seat."""

    state: State
    humans: frozenset[int]
    agents: Mapping[int, Agent]
    io: LineIO
    names: list[str]
    bot_rngs: dict[int, random.Random]
    bot_delay: float = 0.0
    memory_aid: bool = False
    sleep: Callable[[float], None] = time.sleep
    _seen: dict[int, int] = field(default_factory=dict)
    _pending: dict[int, list[str]] = field(default_factory=dict)
    _last: dict[int, dict[int, str]] = field(default_factory=dict)
    _at_device: int | None = None

    @property
    def game(self) -> Any:
        return self.state.game

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1

    def seen_by(self, seat: int | None) -> JSON:
        """What a person at `seat` is shown: the seat's view less what the game's options keep
        in the player's head (`Game.person_view`; Bonbons' memory aid). Bots get whole views."""
        view: JSON = self.game.person_view(self.state.view(seat))
        return view

    def pause(self) -> None:
        """A short pause after a bot's move, so a person can follow (only on a terminal)."""
        if self.io.interactive and self.bot_delay > 0:
            self.sleep(self.bot_delay)

    # -- the game loop ---------------------------------------------------------------------
    def opening(self) -> None:
        state = self.state
        who = ", ".join(
            name if seat in self.humans else f"{name} ({self.agents[seat].name})"
            for seat, name in enumerate(self.names)
        )
        count = "1 player" if state.players == 1 else f"{state.players} players"
        self.io.write(f"{self.game.title}, {count}: {who}.")
        # The deal's fingerprint, whole: the seed in the saved record must hash to it
        # (`sweettooth verify RECORD --fingerprint ...`).
        self.io.write(f"Deal fingerprint: {seed_fingerprint(state.seed)} (fixed before the first "
                      "move; check a saved record with: sweettooth verify FILE)")
        goal = drawing.goal(self.game)
        if goal:
            self.io.write("\n".join(textwrap.wrap(f"Goal: {goal}", 78)))
        self.io.write("Type a number or a move's notation; help: how to play, quit: stop.")

    def run(self) -> bool:
        """Play until the game ends (True) or the player quits / input ends (False)."""
        state = self.state
        self.opening()
        for h in self.humans:  # what the log says before anyone moves (who starts, ...)
            log = drawing.public_log(self.seen_by(h)) or []
            self._seen[h] = len(log)
            self._pending[h] = [drawing.log_line(self.game, e, self.names) for e in log]
            self._last[h] = {}
        if not self.hotseat:
            self.flush(next(iter(self.humans)))
        while (seat := state.to_move) is not None:
            if seat in self.humans:
                if self.hotseat and self._at_device != seat and not self.handover(seat):
                    return self.stopped()
                action = self.ask(seat)
                if action is None:
                    return self.stopped()
                state.apply(action)
                self.collect(seat)
                self.flush(seat, fallback=f"{self.names[seat]} played {action}.")
            else:
                view = state.view(seat)
                legal = state.legal_actions()
                action = self.agents[seat].choose(self.game, view, legal, self.bot_rngs[seat])
                state.apply(action)
                self.collect(seat)
                if not self.hotseat:
                    watcher = next(iter(self.humans))
                    if self.flush(watcher, fallback=f"{self.names[seat]} moved."):
                        if self.io.interactive and drawing.redraw_after_bots(self.game):
                            self.io.write(drawing.draw(self.game, self.seen_by(watcher),
                                                       self.names, self.memory_aid))
                        self.pause()
        self.finish()
        return True

    def stopped(self) -> bool:
        self.io.write(f"Game stopped after {len(self.state.history)} moves.")
        return False

    def collect(self, mover: int) -> None:
        """After `mover`'s move: what each person's view newly logs, and their last moves."""
        for h in self.humans:
            log = drawing.public_log(self.seen_by(h))
            if log is None:
                continue
            seen = self._seen.get(h, 0)
            new = [drawing.log_line(self.game, e, self.names) for e in log[seen:]]
            self._seen[h] = len(log)
            if new:
                self._pending[h].extend(new)
                self._last[h][mover] = new[0]

    def flush(self, seat: int, fallback: str = "") -> bool:
        """Print what `seat` has newly learnt; True if anything was printed."""
        lines = self._pending.get(seat) or []
        if not lines and fallback and drawing.public_log(self.seen_by(seat)) is None:
            lines = [fallback]
        for line in lines:
            self.io.write(_wrapped(line))
        self._pending[seat] = []
        return bool(lines)

    def handover(self, seat: int) -> bool:
        """Hotseat: clear the screen, ask for `seat`'s person, then catch them up."""
        name = self.names[seat]
        if self.io.interactive:
            try:
                if self._at_device is not None:  # let them read what their move did first
                    self.io.read(f"{self.names[self._at_device]}, press Enter to hide your "
                                 f"screen and pass the device to {name} ")
                self.io.write(CLEAR)
                self.io.read(f"{name}, take the device and press Enter (others, look away) ")
            except EOFError:
                return False
            self.io.write(CLEAR)
        else:
            self.io.write(f"\n{SEPARATOR}\n{name}, take the device.\n{SEPARATOR}")
        self._at_device = seat
        if self._pending.get(seat):
            self.io.write(f"What {name} has not seen yet:")
            self.flush(seat)
        return True

    # -- one person's turn -----------------------------------------------------------------
    def show(self, seat: int, view: JSON) -> None:
        """Draw `seat`'s table (`view` is its view) and the last move of each player."""
        self.io.write("")
        if self.hotseat:
            self.io.write(f"=== {self.names[seat]} to move ===")
        self.io.write(drawing.draw(self.game, view, self.names, self.memory_aid))
        last = self._last.get(seat, {})
        if last:
            self.io.write("Last moves:")
            for s in sorted(last):
                said = last[s]
                named = said.startswith(self.names[s]) or said.lower().startswith("you ")
                self.io.write(_wrapped(said if named else f"{self.names[s]}: {said}"))

    def show_menu(self, entries: list[Entry], prefix: tuple[str, ...]) -> None:
        if prefix:
            shown = drawing.move_label(self.game, " ".join(prefix), self.names)
            self.io.write(f"Go on with: {shown} ...  (back: all your moves)")
        elif any(e.move is None for e in entries):
            self.io.write("Your moves (a choice ending in ... leads to more choices):")
        else:
            self.io.write("Your moves:")
        label = [drawing.move_label(self.game, e.label, self.names)
                 + (f" ({e.size})" if e.move is None else "") for e in entries]
        self.io.write(numbered(label))

    def ask(self, seat: int) -> Any | None:
        """The action the person at `seat` picks, or None to stop. Bad input re-prompts."""
        view = self.seen_by(seat)
        moves: list[str] = list(dict.fromkeys(view["legal_actions"]))
        prefix: tuple[str, ...] = ()
        entries = menu(moves, prefix)
        self.show(seat, view)
        self.show_menu(entries, prefix)
        prompt = f"{self.names[seat]}, your move> " if self.hotseat else "Your move> "
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
                self.io.write(HELP.format(n=len(entries)))
                self.io.write(self.rules())
                continue
            if word in RULES_WORDS:
                self.io.write(self.rules())
                continue
            if word in SHOW_WORDS:
                self.show(seat, view)
                self.show_menu(entries, prefix)
                continue
            if word in HINT_WORDS:
                self.io.write(self.hint(view))
                continue
            if word in BACK_WORDS and (prefix or word != "0"):
                prefix = ()
                entries = menu(moves, prefix)
                self.show_menu(entries, prefix)
                continue
            if not text:
                self.io.write(f"Type a number from 1 to {len(entries)}, or a move's notation.")
                continue
            if text.isascii() and text.isdigit():
                number = int(text)
                if not 1 <= number <= len(entries):
                    self.io.write(f"There is no choice {number}; choose 1 to {len(entries)}.")
                    continue
                chosen = entries[number - 1]
                if chosen.move is not None:
                    text = "=" + chosen.move
                else:
                    prefix = chosen.prefix
                    entries = menu(moves, prefix)
                    self.show_menu(entries, prefix)
                    continue
            notation = text.removeprefix("=").strip()
            try:
                return self.game.parse_action(self.state, notation)
            except (SweetToothError, ValueError) as exc:
                found = match_prefix(moves, notation)
                if found is None:
                    self.io.write(f"Not possible: {exc}")
                    continue
                prefix = found
                entries = menu(moves, prefix)
                self.show_menu(entries, prefix)

    def rules(self) -> str:
        from sweettooth.core.rules_text import plain_rules

        try:
            return plain_rules(self.game.id, self.state.options)
        except SweetToothError:
            return f"(No rules text is shipped for {self.game.title}.)"

    def hint(self, view: JSON) -> str:
        """The medium bot's move for this view, with its reason (`sweettooth.agents.hint`)."""
        try:
            found = hint(self.game, view, self.names)
        except HintError as exc:
            return f"No hint: {exc}"
        return f"Hint: {found.action} ({found.reason})" if found.reason else f"Hint: {found.action}"

    # -- the end ---------------------------------------------------------------------------
    def finish(self) -> None:
        """The final table, the winners (and how a tie was broken) and each player's account."""
        state = self.state
        watcher = None if self.hotseat else next(iter(self.humans))
        if watcher is not None:
            self.flush(watcher)
        elif self.hotseat:
            self.io.write(f"\n{SEPARATOR}\nThe game is over: everyone may look.\n{SEPARATOR}")
        view = self.seen_by(watcher)
        self.io.write("")
        self.io.write(drawing.draw(self.game, view, self.names, self.memory_aid))
        self.io.write("")
        self.io.write(end_summary(state, view, self.names))
        self.io.write(f"Game over after {len(state.history)} moves.")


def _wrapped(line: str) -> str:
    """A narration line indented by 2 and wrapped to 78 columns (continuations by 4)."""
    return "\n".join(textwrap.wrap(line, 78, initial_indent="  ", subsequent_indent="    ",
                                    break_on_hyphens=False)) or "  "


HELP = """\
How to play here: type the number of a choice (1 to {n}) or a move's notation (any case).
A choice ending in "..." is a group of moves: pick it, then pick what follows (back: all moves).
You may also type the start of a move (for example "return pecan") to see how it goes on.
If a notation is itself a number, type it after '=' (for example =3).
show: draw the table again.  rules: the rules only.  hint: a suggested move and why.
quit: stop the game (also Ctrl-D).
"""


def end_summary(state: State, view: JSON, names: Sequence[str]) -> str:
    """Who won, the scores, and the game's own account (rounds, breakdowns, tie-break)."""
    result = view.get("result") or {}
    scores: list[float] = list(result.get("scores", []))
    winners: list[int] = list(result.get("winners", []))
    report = drawing.end_report(state.game, view, names)
    lines = [] if len(names) == 1 else [winner_line(winners, names)]
    if report is None:
        width = max(len(n) for n in names)
        lines.append("Scores:")
        for seat, score in enumerate(scores):
            mark = "  winner" if seat in winners else ""
            lines.append(f"  {names[seat].ljust(width)}  {_number(score)}{mark}")
        full = state.result()
        if full is not None and state.to_move is None:
            details = breakdown(full.details, names)
            if details:
                lines.append("Breakdown:")
                lines.extend(f"  {line}" for line in details)
    else:
        lines.extend(report)
    return "\n".join(lines)


def winner_line(winners: Sequence[int], names: Sequence[str]) -> str:
    """'Winner: You.' or 'Winners (a shared win): You and Candy Bot 1.'"""
    if not winners:
        return "Nobody wins."
    if len(winners) == 1:
        return f"Winner: {names[winners[0]]}."
    named = [names[w] for w in winners]
    return f"Winners (a shared win): {', '.join(named[:-1])} and {named[-1]}."


def breakdown(details: JSON, names: Sequence[str]) -> list[str]:
    """Readable lines for a Result's details of a game without its own end report.

    Only a list of one dict per player is labelled by player; anything else by its key.

    >>> breakdown({"note": "tie-break used", "seats": [{"total": 5}, {"total": 0}]}, ["A", "B"])
    ['note: tie-break used', 'A: total 5', 'B: total 0']
    """
    lines: list[str] = []
    for key, value in details.items():
        per_player = (isinstance(value, list) and len(value) == len(names)
                      and all(isinstance(v, dict) for v in value))
        if per_player:
            for seat, parts in enumerate(value):
                shown = ", ".join(f"{k} {_plain(v)}" for k, v in parts.items())
                lines.append(f"{names[seat]}: {shown}")
        else:
            lines.append(f"{key}: {_plain(value)}")
    return lines


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _plain(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "-"}[value]
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items()) or "-"
    return str(value)
