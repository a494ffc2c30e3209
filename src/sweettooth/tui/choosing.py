"""The Choose list: what the player may pick or play besides the pieces on the board.

It holds the moves the picks so far name (as confirms), the keys that have no piece on the
board (a verb such as Sweet Shop's "Last Resort", a move such as "Stop"; a key that ends a
move, `Face.finishing`, only once the move's pieces are picked), and "Cancel" once something
is picked. A face whose off-board keys are verbs for a piece
(`Face.follows_cursor`: BitterSweet's "take" and "reveal" need a space of the box) has, before
any pick, the moves of the piece under the cursor instead: only those legal there, each played
at once, or a note saying why there is nothing to do there.
"""

from __future__ import annotations

from collections.abc import Set

from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from sweettooth.core import JSON

from .composer import Composer
from .games.base import Ctx, Face


def offers(composer: Composer, present: Set[str], cursor: str | None, face: Face, view: JSON,
           ctx: Ctx) -> list[Option]:
    """The Choose list's entries; `present` holds the keys of the pieces on the board and
    `cursor` the key of the piece under the cursor."""
    opts: list[Option] = []
    if composer.needs_confirm():
        for a in composer.complete():
            opts.append(Option(face.describe(a, view, ctx), id=f"play:{a}"))
    here = face.follows_cursor and not composer.picks
    if here and cursor is not None:
        opts.extend(at_piece(composer, present, cursor, face, view, ctx))
    for key in composer.pickable():
        # A key that ends a move (`Face.finishing`: Sweet Nose's "…into your bowl") is offered
        # once the move's pieces are picked; one that starts a move (Sweet Shop's "Last
        # Resort") at once.
        late = here or key in face.finishing
        if key in present or (late and not standalone(composer, key, present)):
            continue
        if key.startswith("act:"):
            text = face.describe(key[4:], view, ctx)
        else:
            text = face.label(key, view, ctx)
        opts.append(Option(text, id=f"key:{key}"))
    if composer.picks:
        opts.append(Option("Cancel (Esc)", id="cancel"))
    return opts


def standalone(composer: Composer, key: str, present: Set[str]) -> bool:
    """True when `key` ends a move with no piece of the board left to pick (Bonbons' "Stop";
    Sweet Nose's "…into your bowl" once store 7's pieces are picked)."""
    return any(key in c.rest and present.isdisjoint(c.rest)
               for c in composer.candidates())


def at_piece(composer: Composer, present: Set[str], key: str, face: Face, view: JSON,
             ctx: Ctx) -> list[Option]:
    """The moves the piece `key` makes alone or with off-board keys (each played at once), or
    the face's note when it makes none."""
    out: list[Option] = []
    for c in composer.candidates():
        rest = list(c.rest)
        if key in rest:
            rest.remove(key)
            if present.isdisjoint(rest):
                out.append(Option(face.describe(c.action, view, ctx), id=f"play:{c.action}"))
    if not out and (note := face.nothing_here(key, view, ctx)):
        out.append(Option(note, id="note", disabled=True))
    return out


class Choices(OptionList):
    """The Choose list: when it gets the focus (Tab, a click), its first entry is highlighted,
    so that Enter chooses it (Bonbons' "Stop" is Tab, Enter away)."""

    def on_focus(self, event: events.Focus) -> None:
        if self.highlighted is None:
            highlight_first(self)


def highlight_first(choices: OptionList) -> None:
    """Highlight the first entry that can be chosen (a list filled anew has none, and Enter
    there did nothing until an arrow key)."""
    for i in range(choices.option_count):
        if not choices.get_option_at_index(i).disabled:
            choices.highlighted = i
            return
