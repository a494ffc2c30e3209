"""Knowledge is exactly as narrow as the rules allow: each seat knows what it saw, and no less.

An independent witness follows random games from the outside. It compares the whole position
before and after each move and writes down, for each seat, the places it must know exactly:

- every face-up Choc (everyone sees it), every Choc in the seat's own hand;
- a Choc the seat saw move, in a move that ran no ability: taken face up (all), taken face down
  (the taker; and whoever knew it was in that cell now knows it is in the taker's hand),
  returned (the one who returned it), given (giver and receiver), put face up (all);
- a face-down Choc the seat looked at (peek), every Choc of a hand it looked at;
- the Preference cards it saw (a look at another's YUM!/YUCK!), as long as they stay there.

After a move that ran an ability (several Chocs may have moved, one of them twice) the witness
keeps only what is sure whatever happened in between: nothing it knew of any hand.

A seat's masks must pin each of those Chocs to exactly that place (no less), keep every other
Choc out of a place whose Chocs are all pinned (a cell; a hand as big as its pinned Chocs, an
empty hand included), never exclude the true place (no more than the truth), and the view must
show every pinned Choc (box cells and others' known hands). A Choc leaving a hand unseen ends
what the others knew of that hand. A look teaches nobody else anything: every other row is
unchanged by it.
"""

from __future__ import annotations

import random

import pytest

from sweettooth.games.bittersweet import knowledge as kn
from sweettooth.games.bittersweet.actions import Choose, Pick, Take
from sweettooth.games.bittersweet.state import BitterSweetState

from .helpers import GAME, play, position


def places(s: BitterSweetState) -> dict[int, int]:
    """Where every Choc is: a cell bit, a hand bit or the Empty Wrapper bit."""
    at = {x: 1 << c for c, x in enumerate(s.box) if x >= 0}
    for p, hand in enumerate(s.hands):
        at.update({x: kn.hand_bit(p) for x in hand})
    return {x: at.get(x, kn.OUT_BIT) for x in range(len(s.comps.chocs))}


def hand_of(bit: int, players: int) -> int:
    """The seat whose hand bit this is, or -1 for a cell or the wrappers."""
    for p in range(players):
        if bit == kn.hand_bit(p):
            return p
    return -1


class Witness:
    """What each seat must know exactly, kept from outside the engine."""

    def __init__(self, s: BitterSweetState) -> None:
        self.round = s.round_no
        self.pins: list[dict[int, int]] = [{} for _ in range(s.players)]  # seat -> choc -> bit
        self.prefs: list[list[set[int]]] = [[set() for _ in range(s.players)]
                                            for _ in range(s.players)]

    def move(self, before: BitterSweetState, action: object, after: BitterSweetState) -> None:
        P = after.players
        if after.round_no != self.round:  # a new round: knowledge starts again
            self.__init__(after)  # type: ignore[misc]
            return
        task = before.tasks[-1] if before.tasks else None
        was, now = places(before), places(after)
        up_before = {before.box[c] for c in range(len(before.box)) if before.up[c]}
        up_after = {after.box[c] for c in range(len(after.box)) if after.up[c]}
        moved = [c for c in range(len(was)) if was[c] != now[c]]
        if len(moved) > 1 or len(after.log) > len(before.log) + 1:
            # an ability ran in this move (several Chocs may have moved, one of them twice):
            # keep only what is sure whatever happened in between
            hands = {kn.hand_bit(p) for p in range(P)}
            for pins in self.pins:
                for x, bit in list(pins.items()):
                    if x in moved or bit in hands:
                        del pins[x]
            moved = []
        for c in moved:
            a, b = was[c], now[c]
            giver, taker = hand_of(a, P), hand_of(b, P)
            for o in range(P):
                knew = self.pins[o].pop(c, None)
                if c in up_before or c in up_after:
                    seen = True  # it moved face up, or came out of the box face up
                elif giver < 0:  # from a face-down cell to a hand
                    shown = (isinstance(action, Take) and after.comps.chocs[c].trigger(
                        "face_down_taken") is not None)
                    seen = o == taker or shown or knew == a
                else:  # from a hand, face down: the giver, and the receiver of a give
                    seen = o in (giver, taker)
                if seen:
                    self.pins[o][c] = b
                if giver >= 0 and o not in (giver, taker) and c not in up_after:
                    for x, bit in list(self.pins[o].items()):  # a Choc left that hand unseen
                        if bit == a:
                            del self.pins[o][x]
        if (task is not None and task.kind == "peek" and isinstance(action, Pick)
                and now[before.box[action.cell]] == 1 << action.cell):
            self.pins[task.who][before.box[action.cell]] = 1 << action.cell
        if task is not None and task.kind == "peek_hand" and isinstance(action, Choose):
            for x in before.hands[action.seat]:
                if now[x] == was[x]:
                    self.pins[task.who][x] = kn.hand_bit(action.seat)
        if task is not None and task.kind == "peek_preference" and isinstance(action, Choose):
            self.prefs[task.who][action.seat] |= set(getattr(before, task.slot)[action.seat])
        for o in range(P):
            for q in range(P):
                self.prefs[o][q] &= set(after.yum[q]) | set(after.yuck[q])

    def check(self, s: BitterSweetState) -> None:
        truth = places(s)
        P = s.players
        face_up = {s.box[c]: 1 << c for c in range(len(s.box)) if s.up[c]}
        for o in range(P):
            row = s.know_row(o)
            must = dict(self.pins[o])
            must.update(face_up)
            must.update({x: kn.hand_bit(o) for x in s.hands[o]})
            where = f"seat {o}, move {len(s.history)}"
            full = 0  # places whose every Choc is pinned: a cell, or a hand (its size is public)
            for bit in must.values():
                if bit < (1 << kn.HAND):
                    full |= bit
            for q in range(P):
                bit = kn.hand_bit(q)
                if sum(1 for b in must.values() if b == bit) == len(s.hands[q]):
                    full |= bit
            for c, mask in enumerate(row):
                name = s.comps.chocs[c].id
                assert mask & truth[c], f"{where}: {name} is known not to be where it is"
                if c in must:
                    assert mask == must[c], f"{where}: {name} is not known to be at one place"
                else:
                    assert not mask & full, f"{where}: {name} may be in a place known full"
            view = s.view(o)
            for cell, box in enumerate(view["box"]):
                x = s.box[cell]
                if box["face"] == "down":
                    shown = box["choc"]
                    assert shown in (None, s.comps.chocs[x].id), f"{where}: the view lies"
                    if must.get(x) == 1 << cell:
                        assert shown == s.comps.chocs[x].id, f"{where}: the view forgets {cell}"
            for q, entry in enumerate(view["seats"]):
                if q == o:
                    continue
                known = {s.comps.chocs[x].id for x in s.hands[q]
                         if must.get(x) == kn.hand_bit(q)}
                assert known <= set(entry["known_hand"]) <= {
                    s.comps.chocs[x].id for x in s.hands[q]}, f"{where}: known hand of {q}"
                seen = self.prefs[o][q]
                attrs = s.comps.preferences
                assert {attrs[p].attribute for p in s.yum[q] if p in seen} <= set(
                    entry["known_yum"]), f"{where}: forgot a YUM! of seat {q}"
                assert {attrs[p].attribute for p in s.yuck[q] if p in seen} <= set(
                    entry["known_yuck"]), f"{where}: forgot a YUCK! of seat {q}"
                assert set(s.pknow[o][q]) <= set(s.yum[q]) | set(s.yuck[q]) | set(
                    s.discard[q]), f"{where}: knows a Preference card seat {q} never had"


LOOKS = ("peek", "peek_hand", "peek_preference")


def follow(players: int, seed: int, cards: str) -> dict[str, int]:
    """Play one random game, checking the witness after every move; counts what happened."""
    s = GAME.new(players, seed=seed, cards=cards)
    rng = random.Random(seed)
    witness = Witness(s)
    seen: dict[str, int] = {}
    while s.to_move is not None:
        witness.check(s)
        action = rng.choice(s.legal_actions())
        before = s.copy()
        kind = s.tasks[-1].kind if s.tasks else type(action).__name__.lower()
        seen[kind] = seen.get(kind, 0) + 1
        rows = [s.know_row(o) for o in range(players + 1)]
        prefs = [[list(k) for k in r] for r in s.pknow]
        s.apply(action)
        witness.move(before, action, s)
        if kind in LOOKS and s.round_no == before.round_no and s.history[-1] == action and (
                not s.tasks or s.tasks[-1].kind in LOOKS or len(s.tasks) < len(before.tasks)):
            looker = before.tasks[-1].who
            if places(s) == places(before):  # nothing else happened in that move
                for o in range(players + 1):
                    if o != looker:
                        assert s.know_row(o) == rows[o], f"a {kind} taught seat {o}"
                        assert s.pknow[o] == prefs[o], f"a {kind} taught seat {o}"
    return seen


@pytest.mark.parametrize("cards", ["original", "revised"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_knows_exactly_what_it_saw(players: int, cards: str) -> None:
    seen: dict[str, int] = {}
    for seed in range(6):
        for kind, n in follow(players, seed, cards).items():
            seen[kind] = seen.get(kind, 0) + n
    # the games met every way of learning something
    assert {"take", "reveal", "return", "peek"} <= set(seen), seen


def places_of(s: BitterSweetState, seat: int, choc: str) -> list[str]:
    """Where `seat`'s view says `choc` may be (a single place when known, [] when face up)."""
    view = s.view(seat)
    for entry in view["whereabouts"]:
        if choc in entry["chocs"]:
            return list(entry["places"])
    for e in view["seats"]:
        if choc in e.get("hand", []) or choc in e.get("known_hand", []):
            return [f"P{e['seat'] + 1}"]
    for box in view["box"]:
        if box["choc"] == choc:
            return [] if box["face"] == "up" else [box["cell"]]
    raise AssertionError(f"{choc} is nowhere in the view")


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_a_face_down_take_moves_only_what_was_not_shown(cards: str) -> None:
    """P1 takes the face-down Choc in a1. P2 knows it was none of the Chocs always shown when
    taken (Peanut would have been read aloud): those never gain P1's hand as a place."""
    s = position(fill=False, cards=cards,
                 down={"a1": "walnut-nougat", "b1": "peanut", "c1": "mocha"})
    play(s, "take a1")
    assert places_of(s, 1, "peanut") == ["b1", "c1", "wrappers"]
    assert places_of(s, 1, "mocha") == ["b1", "c1", "P1", "wrappers"]
    assert places_of(s, 0, "walnut-nougat") == ["P1"]
    assert places_of(s, 0, "mocha") == ["b1", "c1", "wrappers"]


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_a_return_shows_the_hand_holds_no_choc_that_cannot_be_returned(cards: str) -> None:
    """P1 takes Garlic Cloves face up, then Vanilla makes P1 give a Choc to P2: P3 does not see
    which, so Garlic may be with P1 or P2. P2 then returns a Choc: a hand holding Garlic could
    not (FAQ), so P3 knows Garlic is still P1's."""
    s = position(players=3, fill=False, cards=cards, up={"a1": "garlic-cloves"},
                 down={"b1": "vanilla", "c1": "honey", "d1": "banana", "e4": "almond"},
                 hands={0: ["pecan"], 1: ["chili"]})
    play(s, "take a1", "reveal b1", "give pecan to P2")
    assert places_of(s, 2, "garlic-cloves") == ["P1", "P2"]
    play(s, "return chili a1")
    assert places_of(s, 2, "garlic-cloves") == ["P1"]
