"""Le Chocolat's two actions and their notation.

| action | notation             | meaning                                                       |
|--------|----------------------|---------------------------------------------------------------|
| Split  | `split a1:g5 at d`   | cut group a1:g5 along the line left of column d (vertical)    |
| Split  | `split a1:g5 at 3`   | cut group a1:g5 along the line above row 3 (horizontal)       |
| Claim  | `claim a1:b1`        | claim the group a1:b1 (3 tiles or fewer); one tile: `claim c3` |

Actions are tuples, interned in tables built once: `SPLITS[rect]` lists every cut of a group and
`CLAIMS[rect]` the claim of a small group, so the hot path never builds an action.

>>> str(SPLITS[Rect(0, 0, 7, 5)][0])
'split a1:g5 at b'
"""

from __future__ import annotations

from typing import NamedTuple

from .bar import ALL_RECTS, COLUMNS, Rect

CLAIM_LIMIT = 3  # a group of this many tiles or fewer must be claimed (rulebook)


class Split(NamedTuple):
    """Cut `group` in two along a full straight line (LC-4)."""

    group: Rect
    vertical: bool
    at: int  # first column (vertical) or row (horizontal) of the second part

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:  # every view lists the legal moves: each one's text is made once
            if self.vertical:
                line = COLUMNS[self.at] if 0 <= self.at < len(COLUMNS) else f"column {self.at}"
            else:
                line = str(self.at + 1)
            text = _remember(self, f"split {self.group} at {line}")
        return text

    def halves(self) -> tuple[Rect, Rect]:
        return self.group.halves(self.vertical, self.at)


class Claim(NamedTuple):
    """Take a group of 3 or fewer tiles (LC-5)."""

    group: Rect

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            text = _remember(self, f"claim {self.group}")
        return text


_TEXTS: dict[object, str] = {}  # action -> notation: a bar has some 3,000 splits and claims


def _remember(action: object, text: str) -> str:
    if type(action) in (Split, Claim) and len(_TEXTS) < 10_000:  # (never a look-alike's)
        _TEXTS[action] = text
    return text


def well_formed(action: object) -> bool:
    """An action of exactly our types: tuples compare equal across types (1.0 == 1, True == 1),
    so a look-alike such as `Split(Rect(0.0, 0, 7, 5), 1, 3)` must not pass for a legal one."""
    group: object
    if isinstance(action, Split) and type(action) is Split:
        if type(action.vertical) is not bool or type(action.at) is not int:
            return False
        group = action.group
    elif isinstance(action, Claim) and type(action) is Claim:
        group = action.group
    else:
        return False
    return type(group) is Rect and all(type(v) is int for v in group)


def _cuts(r: Rect) -> tuple[Split, ...]:
    vertical = [Split(r, True, x) for x in range(r.x + 1, r.x + r.w)]
    horizontal = [Split(r, False, y) for y in range(r.y + 1, r.y + r.h)]
    return tuple(vertical + horizontal)


SPLITS: dict[Rect, tuple[Split, ...]] = {r: _cuts(r) for r in ALL_RECTS}
CLAIMS: dict[Rect, Claim] = {r: Claim(r) for r in ALL_RECTS if r.area <= CLAIM_LIMIT}
