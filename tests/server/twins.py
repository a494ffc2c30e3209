"""Twin worlds for the leak test: what one seat saw, with everything else dealt differently.

`twin(record, seat)` takes a finished game and returns `(initial_state, actions)` of another
game in which `seat` sees exactly the same thing at every ply, while what it cannot see differs:

- the seat's final view is a perfect-recall summary of all it ever saw, so
  `game.sample(final_view, seat, k)` deals every hidden part at random consistently with all of
  it; the twin's initial position takes those hidden parts from the sample (per game, below,
  because where the hidden parts live is each game's own business);
- actions are the same, except those the seat only saw as hidden (Sweet Nose markers), which
  come from the sample's history.

`check_twin` replays both games and asserts the premise: the seat's views are equal at every
ply and some other seat's view differs somewhere (else the twin proves nothing).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import sweettooth as st
from sweettooth.core import JSON, State

Twin = tuple[State, list[str]]


def _initial(record: JSON) -> State:
    game = st.game(record["game"])
    state: State = game.new(record["players"], record["seed"], **record["options"])
    return state


def _final_sample(record: JSON, seat: int, k: int) -> State:
    game = st.game(record["game"])
    state: State = game.sample(st.replay(record).view(seat), seat, 1000 + k)
    return state


def _lechocolat(record: JSON, seat: int, k: int) -> Twin:
    """Down sides nobody showed this seat, and the removed tile, re-dealt (cells never move)."""
    sampled: Any = _final_sample(record, seat, k)
    twin: Any = _initial(record)
    twin.down = list(sampled.down)
    twin.removed = sampled.removed
    return twin, list(record["actions"])


def _bonbons(record: JSON, seat: int, k: int) -> Twin:
    """Faces never flipped, re-dealt (tiles keep their ids and squares their places)."""
    sampled: Any = _final_sample(record, seat, k)
    twin: Any = _initial(record)
    twin.round_face = list(sampled.round_face)
    twin.square_face = list(sampled.square_face)
    return twin, list(record["actions"])


def _sweetnose(record: JSON, seat: int, k: int) -> Twin:
    """The public deal is the same; the other players' secret markers come from the sample."""
    sampled = _final_sample(record, seat, k)
    return _initial(record), [str(a) for a in sampled.history]


def _sweetshop(record: JSON, seat: int, k: int) -> Twin:
    """The cards never drawn from the deck, in another order (draws pop from the end)."""
    twin: Any = _initial(record)
    left = len(st.replay(record).deck)  # type: ignore[attr-defined]
    rest = list(twin.deck[:left])
    random.Random(k).shuffle(rest)
    twin.deck = rest + list(twin.deck[left:])
    return twin, list(record["actions"])


def _bittersweet_exposed(record: JSON, seat: int) -> list[set[int]]:
    """Per player, the Preference cards `seat` sees during `record` before any scoring: those
    it peeks at and those discarded face up in the first round (its scoring shows the rest, and
    that is where `check_twin` cuts)."""
    game = st.game(record["game"])
    state: Any = _initial(record)
    seen: list[set[int]] = [set() for _ in range(state.players)]
    for action in [None, *record["actions"]]:
        if action is not None:
            state.apply(game.parse_action(state, action))
        if state.round_no != 1 or state.result() is not None:
            break  # the first round is scored: from here on, everything held is shown
        for p in range(state.players):
            seen[p] |= set(state.pknow[seat][p]) | set(state.discard[p])
    return seen


def _bittersweet(record: JSON, seat: int, k: int) -> Twin:
    """The other players' Preference cards (held and in their decks) dealt again, except the
    ones this seat peeks at or sees discarded, which keep their places: the seat learns the
    rest only at the round's scoring, so `check_twin` cuts the game there."""
    twin: Any = _initial(record)
    exposed = _bittersweet_exposed(record, seat)
    rng = random.Random(k)
    for p in range(twin.players):
        if p == seat:
            continue
        places = [twin.yum[p], twin.yuck[p], twin.deck[p]]
        free = [(pile, i) for pile in places for i, c in enumerate(pile) if c not in exposed[p]]
        cards = [pile[i] for pile, i in free]
        rng.shuffle(cards)
        for (pile, i), card in zip(free, cards, strict=True):
            pile[i] = card
    return twin, list(record["actions"])


def _by_sampling_at_start(record: JSON, seat: int, k: int) -> Twin:
    """Any game: re-deal from the seat's first view and keep the same future dice. The seat's
    views then agree only until it sees something dealt differently, so `check_twin` cuts the
    game there (a shorter but still honest test)."""
    game = st.game(record["game"])
    first = _initial(record)
    twin = game.sample(first.view(seat), seat, 1000 + k)
    twin.rng = first.rng.copy()
    return twin, list(record["actions"])


BUILDERS: dict[str, Callable[[JSON, int, int], Twin]] = {
    "lechocolat": _lechocolat,
    "bonbons": _bonbons,
    "sweetnose": _sweetnose,
    "sweetshop": _sweetshop,
    "bittersweet": _bittersweet,
}


def cut(record: JSON, plies: int) -> JSON:
    """The record of the game's first `plies` actions."""
    return {**record, "actions": list(record["actions"][:plies])}


def twin(record: JSON, seat: int, k: int = 0) -> Twin:
    return BUILDERS.get(record["game"], _by_sampling_at_start)(record, seat, k)


def best_twin(record: JSON, seat: int, k: int = 0) -> tuple[JSON, Twin, int]:
    """The longest cut of `record` whose twin really differs for the other seats:
    (cut record, twin, plies over which the seat's views agree)."""
    total = len(record["actions"])
    step = max(1, total // 25)
    for plies in range(total, 0, -step):
        part = cut(record, plies)
        initial, actions = twin(part, seat, k)
        agree, differs = check_twin(part, seat, initial, actions)
        if differs:
            return part, (initial, actions), agree
    raise AssertionError(f"no twin of this {record['game']} game hides anything from {seat}")


def check_twin(record: JSON, seat: int, initial: State, actions: list[str]) -> tuple[int, bool]:
    """Replay the real game and the twin side by side: (plies where `seat`'s views agree,
    whether any other seat's view differed in them)."""
    game = st.game(record["game"])
    real, other = _initial(record), initial.copy()
    differs = False
    for ply in range(len(record["actions"]) + 1):
        if real.view(seat) != other.view(seat):
            return ply, differs
        differs = differs or any(
            real.view(p) != other.view(p) for p in range(real.players) if p != seat
        ) or real.snapshot() != other.snapshot()
        if ply == len(record["actions"]):
            break
        try:
            other.apply(game.parse_action(other, actions[ply]))
        except st.IllegalAction:
            return ply + 1, differs
        real.apply(game.parse_action(real, record["actions"][ply]))
    return len(record["actions"]) + 1, differs
