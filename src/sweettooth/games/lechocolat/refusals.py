"""Why a Le Chocolat move is refused, what is expected instead, and reading notation in any case.

Groups, up sides and claims are public (LC-3); a reason never mentions a down side.

>>> import sweettooth as st
>>> s = st.game("lechocolat").new(players=2, seed=1)
>>> try:
...     s.apply("SPLIT a1:g5 at A")
... except st.IllegalAction as exc:
...     print(exc.reason)
column a is the left edge of a1:g5, not a line through it: cut at b to g
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import CLAIM_LIMIT, Claim, Split, well_formed
from .bar import COLUMNS, HEIGHT, WIDTH, Rect

if TYPE_CHECKING:
    from .state import ChocolateState


def read(state: ChocolateState, text: str) -> Split | Claim | None:
    """The action `text` names, legal or not, in any letter case (None if it names none)."""
    words = text.lower().split()
    try:
        if len(words) == 2 and words[0] == "claim":
            return Claim(Rect.parse(words[1]))
        if len(words) == 4 and words[0] == "split" and words[2] == "at":
            group, line = Rect.parse(words[1]), words[3]
            if len(line) == 1 and line in COLUMNS:
                return Split(group, True, COLUMNS.index(line))
            if line.isdigit() and 1 <= int(line) <= HEIGHT:
                return Split(group, False, int(line) - 1)
    except ValueError:
        return None
    return None


def _on_bar(group: Rect) -> bool:
    return group.w > 0 and group.h > 0 and group.x >= 0 and group.y >= 0 \
        and group.x + group.w <= WIDTH and group.y + group.h <= HEIGHT


def _holding(state: ChocolateState, part: Rect) -> Rect | None:
    """The group on the table that holds all of `part`, if one does."""
    for g in state.groups:
        if g.x <= part.x and part.x + part.w <= g.x + g.w and g.y <= part.y and (
                part.y + part.h <= g.y + g.h):
            return g
    return None


def why(state: ChocolateState, action: Any) -> str | None:
    """Why `action` is not legal now (None: no specific reason; the caller says what is
    expected)."""
    from .state import CLAIM, SPLIT

    if not well_formed(action):
        return f"{action!r} is not a Le Chocolat move; {expected(state)}"
    if isinstance(action, Split) and state.phase == CLAIM:
        return f"after a split you must claim a group first; {expected(state)}"  # LC-5
    if isinstance(action, Claim) and state.phase == SPLIT:
        return f"split a group first, then claim; {expected(state)}"  # LC-4
    group = action.group
    if not _on_bar(group):
        return "that group is not on the bar (a1 to g5)"
    if group not in state.groups:
        owner = {state.owner[c] for c in group.cells()}
        if len(owner) == 1 and -1 not in owner:
            who = owner.pop()
            return f"{group} is already claimed by {state.seat_label(who)}"
        holder = _holding(state, group)
        if holder is not None:
            if isinstance(action, Split):
                return f"{group} is part of {holder}: a split breaks a whole group, {holder}"
            if holder.area > CLAIM_LIMIT:
                return (f"{group} is part of {holder}, which has {holder.area} tiles: only a "
                        f"group of {CLAIM_LIMIT} tiles or fewer can be claimed")  # LC-5
            return f"{group} is part of {holder}: a claim takes a whole group, claim {holder}"
        return f"{group} is not a group on the table; the groups are {_groups(state)}"
    if isinstance(action, Split):
        if group.area == 1:
            return f"{group} is a single tile: it cannot be split"
        return _line_problem(action)
    if group.area > CLAIM_LIMIT:
        return (f"{group} has {group.area} tiles: only a group of {CLAIM_LIMIT} tiles or fewer "
                "can be claimed")  # LC-5
    return None


def _line_problem(action: Split) -> str | None:
    g, at = action.group, action.at
    if action.vertical:
        first, last = g.x + 1, g.x + g.w - 1
        if first <= at <= last:
            return None
        if g.w == 1:
            return f"{g} is one column wide: cut it along a row line"
        inside = f"cut at {COLUMNS[first]} to {COLUMNS[last]}" if last > first \
            else f"cut at {COLUMNS[first]}"
        edge = {g.x: "the left edge of", g.x + g.w: "the right edge of"}.get(at, "outside")
        name = COLUMNS[at] if 0 <= at < WIDTH else str(at)
        return f"column {name} is {edge} {g}, not a line through it: {inside}"
    first, last = g.y + 1, g.y + g.h - 1
    if first <= at <= last:
        return None
    if g.h == 1:
        return f"{g} is one row high: cut it along a column line"
    inside = f"cut at {first + 1} to {last + 1}" if last > first else f"cut at {first + 1}"
    edge = {g.y: "the top edge of", g.y + g.h: "the bottom edge of"}.get(at, "outside")
    return f"row {at + 1} is {edge} {g}, not a line through it: {inside}"


def _groups(state: ChocolateState) -> str:
    names = [str(g) for g in state.groups]
    return ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")


def expected(state: ChocolateState) -> str:
    """What the player to move must do now."""
    from .state import CLAIM

    if state.phase == CLAIM:
        if not state.splittable:
            return "only single tiles are left: you must claim one"
        return f"you must claim one group of {CLAIM_LIMIT} tiles or fewer"
    return "you must split a group of two or more tiles along a straight line"


def shapes(state: ChocolateState) -> str:
    """The notation accepted now, with an example."""
    from .state import CLAIM

    example = state.legal_actions()[0]
    if state.phase == CLAIM:
        return f"'claim <group>' like '{example}'"
    return f"'split <group> at <column letter or row number>' like '{example}'"
