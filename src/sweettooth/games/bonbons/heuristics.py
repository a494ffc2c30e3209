"""Bonbons bot heuristics. They see only a view (the shared memory of the table) and the legal
actions, and draw any chance from the `rng` they are given.

- `perfect_memory` (also `choose`): remembers every flip. It steals when it knows where an
  opponent's tile and its square are, matches its own known pairs, runs the coins when it knows
  all three, and otherwise explores the way that gives the better chance of a pair (a square
  first, or one of its own unknown tiles first). It never flips a round tile it knows cannot
  match, and stops after a square whose pair it cannot find. It flips one of its own unknown
  tiles first only when a remembered square may be that tile's pair: otherwise the tile's pair
  is one of the unknown squares, just as likely to come up square first, and a square first
  can still be left alone (a flipped tile is shown to every thief).

`sensible(view, legal)` drops the moves no sensible player makes (the search looks only at the
rest): an own unknown tile first when no remembered square can be its pair, and a square known
not to match the round tile showing while an unknown square is left.
- `human_like(forget)`: the same player with a human memory: each remembered face-down tile is
  forgotten with probability `forget` per turn since it was last seen (it remembers a tile seen
  `t` turns ago with probability `(1 - forget) ** t`). Stateless: the forgetting is drawn from
  `rng` at each decision, so the memory of a tile may flicker between decisions of one turn.

>>> import random, sweettooth as st
>>> s = st.game("bonbons").new(players=2, seed=1)
>>> rng = random.Random(0)
>>> while s.to_move is not None:
...     bot = perfect_memory if s.to_move == 0 else human_like(0.2)
...     s.apply(bot(s.view(s.to_move), s.legal_actions(), rng))
>>> s.result().winners in ([0], [1])
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sweettooth.core import JSON

from .codes import AFTER_SQUARE, CHOOSE_GIFT, DOWN, PHASES, TAKEN
from .components import Layout, load_box
from .state import BonbonsState
from .view import tile_label

Chooser = Callable[[JSON, Sequence[Any], random.Random], Any]


@dataclass
class Memory:
    """What a player remembers of the face-down tiles, by face name."""

    me: int
    square_of: dict[str, str] = field(default_factory=dict)  # face -> face-down square
    unknown_squares: list[str] = field(default_factory=list)
    tile_of: dict[str, tuple[int, str]] = field(default_factory=dict)  # face -> (seat, tile)
    unknown_own: list[str] = field(default_factory=list)
    own_face_down: list[tuple[str, str | None]] = field(default_factory=list)  # (tile, face)
    coins_down: list[str] = field(default_factory=list)  # remembered face-down coin squares
    unseen_rounds: int = 0  # round faces in play nobody remembers
    unseen_square_faces: list[str] = field(default_factory=list)


def remember(view: JSON, keeps: Callable[[int], bool]) -> Memory:
    """The memory of the seat to move; `keeps(seen_turn)` says whether a face is remembered."""
    me = view["to_move"]
    mem = Memory(me)
    box = load_box()
    faces_in_play = _faces_in_play(tuple(view["removed"]))
    remembered_rounds: set[str] = set()
    for seat, row in enumerate(view["rows"]):
        for t in row:
            face = t["face"]
            known = face is not None and (t["state"] != "down" or keeps(t["seen"]))
            if known:
                remembered_rounds.add(face)
            if t["state"] != "down":
                continue
            if seat == me:
                mem.own_face_down.append((t["tile"], face if known else None))
            if known:
                mem.tile_of[face] = (seat, t["tile"])
            elif seat == me:
                mem.unknown_own.append(t["tile"])
    mem.unseen_rounds = sum(1 for f in faces_in_play if f not in remembered_rounds)
    seen_squares: set[str] = set()
    for line in view["grid"]:
        for c in line:
            face = c["face"]
            known = face is not None and (c["state"] != "down" or keeps(c["seen"]))
            if known and face not in ("coin",):
                seen_squares.add(face)
            if c["state"] != "down":
                continue
            if not known:
                mem.unknown_squares.append(c["square"])
            elif face == "coin":
                mem.coins_down.append(c["square"])
            else:
                mem.square_of[face] = c["square"]
    taken = any(c["state"] == "taken" for line in view["grid"] for c in line)
    coins_left = 0 if view["variant"] == "quick" or taken else box.coins
    mem.unseen_square_faces = [f for f in faces_in_play if f not in seen_squares]
    mem.unseen_square_faces += ["coin"] * (coins_left - _coins_seen(view))
    if not any(c["face"] == "empty wrapper" for line in view["grid"] for c in line):
        mem.unseen_square_faces += ["empty wrapper"] * box.wrappers
    return mem


@cache
def _faces_in_play(removed: tuple[str, ...]) -> tuple[str, ...]:
    """The names of the candy faces in the game (every candy not removed, in every colour)."""
    box = load_box()
    return tuple(
        box.face_name(box.face(c, k))
        for c in range(len(box.candies)) if box.candies[c] not in removed
        for k in range(len(box.colours))
    )


def _coins_seen(view: JSON) -> int:
    return sum(1 for line in view["grid"] for c in line if c["face"] == "coin")


def _face_of(view: JSON, label: str) -> str | None:
    for row in view["rows"]:
        for t in row:
            if t["tile"] == label:
                return t["face"]  # type: ignore[no-any-return]
    return None


def _square_face(view: JSON, name: str) -> str | None:
    for line in view["grid"]:
        for c in line:
            if c["square"] == name:
                return c["face"]  # type: ignore[no-any-return]
    return None


def decide(view: JSON, mem: Memory, rng: random.Random) -> str | None:
    """The notation of the chosen action, or None to leave it to the caller."""
    phase = view["phase"]
    go = view["go"]
    shown = _square_face(view, go["squares"][0]) if phase == "after square" else None
    showing = _face_of(view, go["round"]) if phase == "after round" else None
    return _decide(phase, go["squares"], shown, showing, mem, rng)


def _decide(phase: str, flipped: list[str], shown: str | None, showing_face: str | None,
            mem: Memory, rng: random.Random) -> str | None:
    """`decide` on what it reads of the view: the phase, the squares showing in this go, the
    face of the first (after a square) and of the round tile showing (after a round tile)."""
    me = mem.me
    can_steal = bool(mem.own_face_down)
    if phase == "start":
        for face, (seat, _tile) in sorted(mem.tile_of.items()):
            if seat != me and can_steal and face in mem.square_of:
                return mem.square_of[face]  # a sure theft
        for face, (seat, _tile) in sorted(mem.tile_of.items()):
            if seat == me and face in mem.square_of:
                return mem.square_of[face]  # a sure match
        if mem.coins_down and len(mem.coins_down) == load_box().coins:
            return mem.coins_down[0]  # a sure coin run: all the coins are remembered
        return _explore(mem, rng)
    if phase == "after square":
        if shown is not None and shown in mem.tile_of:
            seat, tile = mem.tile_of[shown]
            if seat == me or can_steal:
                return tile
        if mem.unknown_own:
            return rng.choice(mem.unknown_own)
        return "stop"
    if phase == "after round":
        if showing_face is not None and showing_face in mem.square_of:
            return mem.square_of[showing_face]
        return rng.choice(mem.unknown_squares) if mem.unknown_squares else None
    if phase == "coin run":
        showing = set(flipped)
        known = [q for q in mem.coins_down if q not in showing]
        if known:
            return known[0]
        return "stop"
    if phase in ("cover", "give back"):
        verb = "cover" if phase == "cover" else "give"
        return f"{verb} {_least_useful(mem)}"
    return None


def _explore(mem: Memory, rng: random.Random) -> str | None:
    """No sure pair: flip a square first or one of our unknown tiles first, by the better odds."""
    unseen = mem.unseen_square_faces
    if mem.unknown_own and mem.unseen_rounds and _pair_remembered(mem):
        # our unknown tile shows an unseen round face: is its square remembered?
        known = sum(1 for f in mem.square_of if f not in mem.tile_of)
        p_known = min(1.0, known / mem.unseen_rounds)
        p_round_first = p_known + (1 - p_known) / max(1, len(mem.unknown_squares))
    else:  # a blind guess at its pair, no better than a square first: keep the tile hidden
        p_round_first = 0.0
    if unseen and mem.unknown_squares:
        findable = sum(1 for f in unseen if f in mem.tile_of)
        chance = (len(unseen) - findable) / len(unseen)
        per_tile = 1 / mem.unseen_rounds if mem.unseen_rounds and mem.unknown_own else 0.0
        p_square_first = findable / len(unseen) + chance * per_tile
    else:
        p_square_first = 0.0
    if p_round_first > p_square_first:
        return rng.choice(mem.unknown_own)
    if mem.unknown_squares:
        return rng.choice(mem.unknown_squares)
    if mem.unknown_own:
        return rng.choice(mem.unknown_own)
    return None


def _pair_remembered(mem: Memory) -> bool:
    """Whether a remembered face-down square could be the pair of one of our unknown tiles
    (its face is on no round tile anyone remembers)."""
    return any(f not in mem.tile_of for f in mem.square_of)


def sensible(view: JSON, legal: Sequence[Any]) -> list[Any]:
    """The legal moves a sensible player considers (see the module docstring)."""
    if view["to_move"] is None:
        return list(legal)
    mem = remember(view, lambda _seen: True)
    texts = [str(a) for a in legal]
    drop: set[str] = set()
    if view["phase"] == "start" and mem.unknown_squares and not _pair_remembered(mem):
        drop = set(mem.unknown_own)  # showing our tile to thieves for a blind guess
    elif view["phase"] == "after round" and mem.unknown_squares:
        showing = _face_of(view, view["go"]["round"])
        drop = {q for f, q in mem.square_of.items() if f != showing}
    keep = [a for a, t in zip(legal, texts, strict=True) if t not in drop]
    return keep or list(legal)


def _least_useful(mem: Memory) -> str:
    """Our face-down tile that is worst to keep face down (cover) or to hand over (give back):
    a known face whose square nobody remembers (a theft target we cannot match soon), then an
    unknown face, then a tile we could match anyway."""
    def rank(entry: tuple[str, str | None]) -> int:
        _tile, face = entry
        if face is None:
            return 1
        return 0 if face not in mem.square_of else 2
    return min(mem.own_face_down, key=rank)[0]


def _pick(view: JSON, legal: Sequence[Any], rng: random.Random, mem: Memory) -> Any:
    by_text = {str(a): a for a in legal}
    wanted = decide(view, mem, rng)
    if wanted is not None and wanted in by_text:
        return by_text[wanted]
    return rng.choice(list(legal))


def perfect_memory(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """A player who remembers every flip."""
    return _pick(view, legal, rng, remember(view, lambda _seen: True))


choose = perfect_memory


def human_like(forget: float = 0.1) -> Chooser:
    """A player who forgets each remembered tile with probability `forget` per turn."""
    if not 0.0 <= forget <= 1.0:
        raise ValueError(f"forget must be a probability in [0, 1], got {forget}")
    keep = 1.0 - forget

    def chooser(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
        now = view["turn"]
        mem = remember(view, lambda seen: rng.random() < keep ** (now - seen))
        return _pick(view, legal, rng, mem)

    chooser.__name__ = f"human_like_{forget:g}"
    return chooser


def rollout_view(state: BonbonsState, seat: int) -> JSON:
    """What `rollout` reads, for a search's rollouts, built from the imagined state's arrays
    without writing out a view: the seat's view's `phase`, `to_move`, `seat` and `go`, and under
    `memory` what `remember` makes of the whole view (`memory_of`). Every flip is public
    (BB-2), so it is the same for every seat."""
    lay = state.layout
    names = lay.box.names
    phase = PHASES[state.phase]
    flipped = [lay.square_name(p) for p in state.flipped]
    shown = showing = None
    if state.phase == AFTER_SQUARE and state.flipped:
        pos = state.flipped[0]
        if state.square_seen[pos] >= 0:
            shown = names[state.square_face[pos]]
    if state.rd_seat >= 0:
        tile = state.rows[state.rd_seat][state.rd_slot]
        if state.round_seen[tile] >= 0:
            showing = names[state.round_face[tile]]
    mover = state.to_move
    return {
        "seat": seat, "to_move": mover, "phase": phase,
        "go": {"squares": flipped,
               "round": tile_label(state.rd_seat, state.rd_slot) if state.rd_seat >= 0 else None,
               "victim": state.rd_seat if state.phase == CHOOSE_GIFT else None},
        "memory": memory_of(state, seat if mover is None else mover),
        "faces": (shown, showing),
    }


def observation(state: BonbonsState, seat: int) -> str:
    """What everyone saw of the action just played (a search's `observe` key): the face it
    showed, its outcome and how the turn stood, the latest log line's news. Everything else in
    the view follows from the actions that led here (BB-2: every flip is public)."""
    if not state.events:
        return ""
    _seat, _action, shown, outcome, end = state.events[-1]
    return f"{shown} {outcome} {end}"


def rollout(view: JSON, legal: Sequence[Any], rng: random.Random) -> Any:
    """`perfect_memory` on a `rollout_view`: the same choices, from the same draws of `rng`."""
    if "memory" not in view:
        return perfect_memory(view, legal, rng)
    shown, showing = view["faces"]
    mem: Memory = view["memory"]
    wanted = _decide(view["phase"], view["go"]["squares"], shown, showing, mem, rng)
    by_text = {str(a): a for a in legal}
    if wanted is not None and wanted in by_text:
        return by_text[wanted]
    return rng.choice(list(legal))


def memory_of(state: BonbonsState, me: int) -> Memory:
    """`remember(state.view(me), keep everything)`, read straight from the state's arrays:
    only faces that were flipped (`round_seen`, `square_seen`), as the view shows them."""
    lay = state.layout
    box = lay.box
    names = box.names
    mem = Memory(me)
    faces_in_play = _faces_in_play(tuple(box.candies[c] for c in lay.removed)) \
        if lay.removed else _faces_in_play(())
    round_face, round_seen, round_status = state.round_face, state.round_seen, state.round_status
    remembered_rounds = 0  # each round face is on one tile
    tile_of = mem.tile_of
    for seat, row in enumerate(state.rows):
        labels = _labels(seat)
        mine = seat == me
        for k, t in enumerate(row):
            if round_seen[t] >= 0:
                face: str | None = names[round_face[t]]
                remembered_rounds += 1
            else:
                face = None
            if round_status[t] != DOWN:
                continue
            if mine:
                mem.own_face_down.append((labels[k], face))
            if face is not None:
                tile_of[face] = (seat, labels[k])
            elif mine:
                mem.unknown_own.append(labels[k])
    mem.unseen_rounds = len(faces_in_play) - remembered_rounds
    seen_squares: set[str] = set()
    square_face, square_seen = state.square_face, state.square_seen
    square_names = _square_names(lay)
    coins_seen = 0
    taken = False
    for p, status in enumerate(state.square_status):
        if square_seen[p] >= 0:
            face = names[square_face[p]]
            if face == "coin":
                coins_seen += 1
                if status == DOWN:
                    mem.coins_down.append(square_names[p])
                elif status == TAKEN:
                    taken = True
            else:
                seen_squares.add(face)
                if status == DOWN:
                    mem.square_of[face] = square_names[p]
        elif status == DOWN:
            mem.unknown_squares.append(square_names[p])
        elif status == TAKEN:
            taken = True
    coins_left = 0 if lay.removed or taken else box.coins
    unseen = [f for f in faces_in_play if f not in seen_squares]
    unseen += ["coin"] * (coins_left - coins_seen)
    if "empty wrapper" not in seen_squares:
        unseen += ["empty wrapper"] * box.wrappers
    mem.unseen_square_faces = unseen
    return mem


@cache
def _labels(seat: int) -> tuple[str, ...]:
    """The labels of a seat's round tile slots ('p0.1', ...), as many as a row can hold."""
    return tuple(tile_label(seat, k) for k in range(16))


_SQUARE_NAMES: dict[int, tuple[str, ...]] = {}


def _square_names(lay: Layout) -> tuple[str, ...]:
    """Every square's name by position, for the grid size (remembered)."""
    found = _SQUARE_NAMES.get(lay.size)
    if found is None:
        found = _SQUARE_NAMES[lay.size] = tuple(lay.square_name(p) for p in range(lay.squares))
    return found
