"""Legal moves as a short numbered menu: long lists are folded into groups by their notation.

A group is a common beginning of several notations ("markers red=3 ...", "return pecan ...").
Choosing it shows what may follow, and so on: Sweet Nose markers are chosen kind by kind,
BitterSweet returns Choc first and then cell. Whole groups are opened smallest first as long as
the menu stays within `LIMIT` entries; groups of the same size open together or not at all, so a
menu never mixes half of a family with the rest folded; inside a group, all of what follows opens
or none of it. Duplicate notations are listed once.

>>> [e.label for e in menu(["take 1", "take 2", "pass"])]
['take 1', 'take 2', 'pass']
>>> marks = [f"markers red={a} green={b}" for a in (1, 2, 3) for b in (1, 2, 3) if a != b]
>>> [e.label for e in menu(marks, limit=4)]
['markers red=1 ...', 'markers red=2 ...', 'markers red=3 ...']
>>> [e.label for e in menu(marks, ("markers", "red=1"), limit=4)]
['markers red=1 green=2', 'markers red=1 green=3']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LIMIT = 20
MORE = " ..."


@dataclass(frozen=True)
class Entry:
    """One line of the menu: a whole move (`move` set) or a group of moves (`prefix` set)."""

    label: str
    move: str | None = None
    prefix: tuple[str, ...] = ()
    size: int = 1


def _tokens(notation: str) -> tuple[str, ...]:
    return tuple(notation.split())


def under(notations: Sequence[str], prefix: Sequence[str]) -> list[str]:
    """The notations that begin with the tokens `prefix` (compared case-insensitively)."""
    want = tuple(t.lower() for t in prefix)
    return [n for n in dict.fromkeys(notations)
            if tuple(t.lower() for t in _tokens(n)[: len(want)]) == want]


def menu(notations: Sequence[str], prefix: Sequence[str] = (), limit: int = LIMIT) -> list[Entry]:
    """The menu of the moves under `prefix`: at most about `limit` entries."""
    pool = under(notations, prefix)
    depth = len(prefix)
    while True:
        leaves = [n for n in pool if len(_tokens(n)) <= depth]
        groups: dict[str, list[str]] = {}
        for n in pool:
            if len(_tokens(n)) > depth:
                groups.setdefault(_tokens(n)[depth], []).append(n)
        if not leaves and len(groups) == 1 and len(pool) > 1:
            depth += 1  # every move goes on the same way: nothing to choose at this step
            continue
        break
    open_sizes: set[int] = {1}
    total = len(leaves) + len(groups)
    sizes = sorted({len(g) for g in groups.values()} - {1})
    if prefix and len(leaves) + sum(len(g) for g in groups.values()) > limit:
        sizes = []  # inside a group: open all that follows, or none of it
    for size in sizes:
        same = sum(1 for g in groups.values() if len(g) == size)
        if total + same * (size - 1) > limit:
            break
        total += same * (size - 1)
        open_sizes.add(size)
    entries = [Entry(n, move=n) for n in leaves]
    for members in groups.values():
        if len(members) in open_sizes:
            entries.extend(Entry(n, move=n) for n in members)
        else:
            head = _tokens(members[0])[: depth + 1]
            entries.append(Entry(" ".join(head) + MORE, prefix=head, size=len(members)))
    return entries


def match_prefix(notations: Sequence[str], text: str) -> tuple[str, ...] | None:
    """The tokens of `text` if they begin some moves but are not a whole move (else None)."""
    tokens = _tokens(text)
    if not tokens:
        return None
    found = under(notations, tokens)
    if not found or any(n.lower() == " ".join(tokens).lower() for n in found):
        return None
    return _tokens(found[0])[: len(tokens)]
