"""Le Chocolat hints: what a claim scores (flavour values, sets, majorities, LC-6), what a split
lets you claim next, and what is left for the opponent to take on their turn (LC-4, LC-5).

Only sides the seat can see count: up sides, and the down sides of its own claimed tiles (LC-3).
A blank up side on the table scores as its hidden down side, so a claim's points leave it out
and the reason says so, with the risk it carries (`blank_risk`: what the blank sides of the
box's tiles are backed by); a split that leaves the opponent a claimable piece worth points to
them says so too (`left_risk`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from sweettooth.core import JSON
from sweettooth.games.lechocolat.actions import CLAIM_LIMIT, CLAIMS, SPLITS, Claim, Split
from sweettooth.games.lechocolat.bar import Rect, cell_name
from sweettooth.games.lechocolat.components import BLANK, components_for

from .common import People, listed, signed


class Board:
    """The scoring card and what each seat holds, as far as the viewer knows."""

    def __init__(self, view: JSON) -> None:
        card = view["scoring_card"]
        self.names: dict[str, str] = {f["id"]: f["name"] for f in view["flavours"]}
        self.order = [f["id"] for f in view["flavours"]]
        self.values: dict[str, int] = dict(card["values"])
        self.sets: list[tuple[list[str], int]] = [
            (s["flavours"], s["points"]) for s in card["sets"]
        ]
        self.majorities: list[tuple[str, int]] = [
            (m["flavour"], m["points"]) for m in card["majorities"]
        ]
        self.up: dict[str, str] = {}
        self.held = [Counter[str](), Counter[str]()]
        for t in view["tiles"]:
            self.up[t["cell"]] = t["up"]
            if t["owner"] is not None:
                side = t["up"] if t["up"] != "blank" else t["down"]
                if side is not None and side != "blank":
                    self.held[t["owner"]][side] += 1

    def flavours(self, group: Rect) -> Counter[str]:
        """The up sides of a group's tiles ("blank" included)."""
        return Counter(self.up[cell_name(c)] for c in group.cells())

    def points(self, mine: Counter[str], theirs: Counter[str]) -> int:
        vp = sum(n * self.values.get(f, 0) for f, n in mine.items())
        vp += sum(min(mine[f] for f in fl) * pts for fl, pts in self.sets)
        vp += sum(pts for f, pts in self.majorities if mine[f] > theirs[f])
        return vp

    def gain(self, seat: int, group: Rect) -> int:
        """How many points claiming `group` adds to `seat`'s known score."""
        mine, theirs = self.held[seat], self.held[1 - seat]
        after = mine + Counter({f: n for f, n in self.flavours(group).items() if f != "blank"})
        return self.points(after, theirs) - self.points(mine, theirs)

    def best_take(self, seat: int, groups: Iterable[Rect]) -> int:
        """The most `seat` could add on one turn: a group of 3 tiles or fewer, or one half of
        one cut (LC-4, LC-5); 0 when nothing is worth taking."""
        best = 0
        for g in groups:
            if g.area <= CLAIM_LIMIT:
                best = max(best, self.gain(seat, g))
            for cut in SPLITS[g]:
                for half in cut.halves():
                    if half.area <= CLAIM_LIMIT:
                        best = max(best, self.gain(seat, half))
        return best

    def describe(self, group: Rect) -> str:
        """ "1 Dark, 2 Milk and 1 blank"."""
        tiles = self.flavours(group)
        parts = [f"{tiles[f]} {self.names[f]}" for f in self.order if tiles[f]]
        if tiles["blank"]:
            parts.append(f"{tiles['blank']} blank" + "s" * (tiles["blank"] > 1))
        return listed(parts)

    def extras(self, seat: int, group: Rect) -> list[str]:
        """Majorities taken or tied and sets completed by claiming `group`."""
        mine, theirs = self.held[seat], self.held[1 - seat]
        after = mine + Counter({f: n for f, n in self.flavours(group).items() if f != "blank"})
        out = []
        for f, _pts in self.majorities:
            if after[f] > theirs[f] >= mine[f]:
                out.append(f"takes the {self.names[f]} majority")
            elif after[f] == theirs[f] > mine[f]:
                out.append(f"draws level on {self.names[f]}")
        done = [fl for fl, _pts in self.sets
                if min(after[f] for f in fl) > min(mine[f] for f in fl)]
        if len(done) > 1:
            out.append(f"completes {len(done)} sets")
        elif done and len(done[0]) > 3:
            out.append(f"completes the {len(done[0])}-flavour set")
        elif done:
            out.append(f"completes a {'-'.join(self.names[f] for f in done[0])} set")
        return out[:2]  # a short sentence: two majorities, or one and the set


def blank_risk(view: JSON, board: Board, group: Rect) -> str:
    """ "; risk: the blank may hide nothing (8 of the box's 22 blank sides) or a costly flavour
    (5 of 22: White -2, Milk -1)" for a claim with a blank
    up side: the box's tiles, each blank side counted as equally likely (what the bar shows of
    the other tiles is left out). "" when the group has no blank."""
    if not board.flavours(group)["blank"]:
        return ""
    parts = components_for(view["options"])
    backs: Counter[str] = Counter()
    for a, b in parts.tiles:
        if a == BLANK:
            backs[parts.side_id(b)] += 1
        if b == BLANK:
            backs[parts.side_id(a)] += 1
    total = sum(backs.values())
    costly = sorted((f for f in backs if f != "blank" and board.values.get(f, 0) < 0),
                    key=lambda f: board.values[f])
    bad = sum(backs[f] for f in costly)
    if not total or not (bad or backs["blank"]):
        return ""
    hide = "the blank may hide" if board.flavours(group)["blank"] == 1 else "the blanks may hide"
    said = [f"nothing ({backs['blank']} of the box's {total} blank sides)"
            ] if backs["blank"] else []
    if bad:
        names = ", ".join(f"{board.names[f]} {signed(board.values[f])}" for f in costly)
        said.append(f"a costly flavour ({bad} of {total}: {names})")
    return f"; risk: {hide} {' or '.join(said)}"


def left_risk(board: Board, seat: int, after: list[Rect], taken: Rect | None) -> str:
    """ "; risk: leaves your opponent 2 Dark to claim (+6 points)":
    the best group of 3 tiles or fewer still on the table after this turn's claim."""
    small = [g for g in after if g.area <= CLAIM_LIMIT and g != taken]
    if not small:
        return ""
    worst = max(small, key=lambda g: board.gain(1 - seat, g))
    worth = board.gain(1 - seat, worst)
    if worth <= 0:
        return ""
    return f"; risk: leaves your opponent {board.describe(worst)} to claim ({_points(worth)})"


def _groups(view: JSON) -> list[Rect]:
    return [Rect.parse(g) for g in view["groups"]]


def _points(n: int) -> str:
    return f"{signed(n)} point{'' if abs(n) == 1 else 's'}"


def _left(threat: int) -> str:
    """What the opponent can take on their next turn, in words."""
    if threat <= 0:
        return "nothing that scores"
    return f"at most {_points(threat)}"


def _worth(board: Board, seat: int, group: Rect) -> str:
    """ "+4 points and takes the Dark majority"; blanks are said to score as hidden sides."""
    blanks = board.flavours(group)["blank"]
    if blanks == group.area:
        return "it scores as its hidden side" if blanks == 1 else (
            "they score as their hidden sides")
    parts = [_points(board.gain(seat, group)), *board.extras(seat, group)]
    text = listed(parts)
    if blanks:
        text += ", plus what the blank hides" if blanks == 1 else ", plus what the blanks hide"
    return text


def _claim_reason(board: Board, seat: int, groups: list[Rect], group: Rect,
                  choices: Sequence[Rect]) -> str:
    """What the claim scores, then one comparison: what it denies the opponent when that is
    worth more to them (or there is no choice), else how it ranks among the claims, else
    what it leaves the opponent to take."""
    gain = board.gain(seat, group)
    text = f"claim {board.describe(group)}: {_worth(board, seat, group)}"
    others = [c for c in choices if c != group]
    denied = board.gain(1 - seat, group)
    if denied > 0 and (denied > gain or not others):
        return f"{text}; it would be worth {_points(denied)} to your opponent"
    if not others:
        return f"{text}, the only group you can claim"
    guess = any(board.flavours(c)["blank"] for c in choices)  # a blank's points are a guess
    if not guess and gain >= max(board.gain(seat, c) for c in others):
        return f"{text}, the best of the {len(choices)} groups you can claim"
    threat = board.best_take(1 - seat, [g for g in groups if g != group])
    return f"{text}, and it leaves your opponent {_left(threat)} next turn"


def _split_reason(board: Board, seat: int, groups: list[Rect], split: Split) -> str:
    halves = split.halves()
    after = [g for g in groups if g != split.group] + list(halves)
    sizes = " and ".join(str(h.area) for h in halves)
    head = f"cut the {split.group.area}-tile piece"
    small = [g for g in after if g.area <= CLAIM_LIMIT]
    if not small:
        head = f"cut the {split.group.area}-tile piece into {sizes} tiles"
        threat = board.best_take(1 - seat, after)
        return (f"{head} without leaving a group small enough to claim: your opponent can then "
                f"take {_left(threat)}")
    return _split_best(board, seat, after, halves, small, head)


def _split_best(board: Board, seat: int, after: list[Rect], halves: Sequence[Rect],
                small: list[Rect], head: str) -> str:
    def value(g: Rect) -> tuple[int, int]:
        rest = [h for h in after if h != g]
        return board.gain(seat, g) - board.best_take(1 - seat, rest), g in halves

    best = max(small, key=value)
    rest = [h for h in after if h != best]
    threat = board.best_take(1 - seat, rest)
    what, worth = board.describe(best), _worth(board, seat, best)
    if best in halves:
        text = f"split off {what} to claim next: {worth}"
    else:
        text = f"{head}, then claim {what} from the table: {worth}"
    return (f"{text}; your opponent can then take {_left(threat)}"
            f"{left_risk(board, seat, after, best)}")


def actions(view: JSON) -> list[Any]:
    """The view's legal actions as action objects (read from their notation)."""
    out: list[Any] = []
    for text in view["legal_actions"]:
        verb, group = text.split()[:2]
        rect = Rect.parse(group)
        if verb == "claim":
            out.append(CLAIMS[rect])
        else:
            out.extend(s for s in SPLITS[rect] if str(s) == text)
    return out


def explain(view: JSON, action: Any, legal: Sequence[Any], people: People) -> str:
    board = Board(view)
    seat = people.me
    groups = _groups(view)
    if isinstance(action, Claim):
        choices = [a.group for a in legal if isinstance(a, Claim)]
        return (_claim_reason(board, seat, groups, action.group, choices)
                + blank_risk(view, board, action.group))
    if isinstance(action, Split):
        return _split_reason(board, seat, groups, action)
    return f"{action}: the medium bot's choice"
