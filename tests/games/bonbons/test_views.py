"""Views are the shared memory of the table (BB-2); sampling re-deals only what nobody saw."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from sweettooth.games.bonbons.state import BonbonsState
from sweettooth.games.bonbons.view import turned_down

from .helpers import GAME, play, table, tile


def _random_state(seed: int, plies: int, players: int, variant: str) -> BonbonsState:
    s = GAME.new(players, seed, variant=variant)
    rng = random.Random(seed)
    while s.to_move is not None and len(s.history) < plies:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_bb2_every_seat_sees_the_same_table() -> None:
    s = play(table(3), "a2", "p1.1", "give p0.2", "b3", "p2.1", "f2")
    views = [s.view(seat) for seat in (0, 1, 2, None)]
    strip = [{k: v for k, v in view.items() if k not in ("seat", "legal_actions")}
             for view in views]
    assert strip[0] == strip[1] == strip[2] == strip[3]
    assert s.to_move == 2 and views[2]["legal_actions"] and not views[0]["legal_actions"]


def test_bb2_a_never_flipped_tile_is_unknown_even_to_its_owner() -> None:
    s = play(table(), "a3", "p0.2")
    assert tile(s, 0, 2)["face"] == "red caramel"
    for seat in (0, 1, None):
        rows = s.view(seat)["rows"]
        assert [t["face"] for t in rows[0]] == [None, "red caramel", None, None]


def test_log_records_every_action_with_what_it_showed() -> None:
    s = play(table(), "a2", "p1.1", "give p0.4", "a3", "stop")
    assert s.view(1)["log"] == [
        "p0 a2: blue lollipop (showing)",
        "p0 p1.1: blue lollipop (theft)",
        "p0 give p0.4 (given back)",
        "p0 a3: yellow lollipop (showing)",
        "p0 stop (stops; turn passes)",
    ]
    play(s, "f2", "e1", "f1", "b3")
    assert s.view(0)["log"][-4:] == [
        "p1 f2: empty wrapper (empty wrapper, draws a tile; turn passes)",
        "p0 e1: coin (showing)",
        "p0 f1: coin (showing)",
        "p0 b3: yellow caramel (no match; turn passes)",
    ]


def test_sample_keeps_every_seen_face_and_moved_tiles() -> None:
    """Theft, give-back and a drawn tile: sampled states agree on all that was seen."""
    s = play(table(), "a3", "p0.4", "c1", "p1.2", "a3", "stop", "d1", "p0.4", "give p1.2",
             "f2")
    view = s.view(0)
    for k in range(5):
        twin = GAME.sample(view, 0, k)
        assert twin.view(0) == view and twin.view(1) == s.view(1)
        known = {(t["id"], t["face"]) for r in view["rows"] for t in r if t["face"]}
        names = twin.layout.box.names
        assert all(names[twin.round_face[i]] == f for i, f in known)
        assert [str(a) for a in twin.legal_actions()] == [str(a) for a in s.legal_actions()]


def test_sample_varies_only_the_unseen() -> None:
    s = _random_state(4, 40, 3, "standard")
    view = s.view(2)
    seen = [i for r in view["rows"] for t in r if t["face"] for i in [t["id"]]]
    unseen_squares = [p for p, c in enumerate(c for line in view["grid"] for c in line)
                      if c["face"] is None]
    deals = [GAME.sample(view, 2, k) for k in range(8)]
    assert len({tuple(d.square_face[p] for p in unseen_squares) for d in deals}) > 1
    assert len({tuple(d.round_face) for d in deals}) > 1
    assert all(d.round_face[i] == s.round_face[i] for d in deals for i in seen)


def test_sampled_state_plays_on_like_the_real_one_for_known_tiles() -> None:
    s = play(table(), "a1", "p0.2", "a3", "stop", "b1", "p0.3")
    # everybody saw b1 = red caramel and p0.2 = red caramel: p1 can steal it in any world
    twin = GAME.sample(s.view(1), 1, 99)
    assert twin.snapshot() != s.snapshot()
    for state in (s, twin):
        play(state, "b1", "p0.2")  # p1 steals the red caramel in both worlds
    assert s.view(1) == twin.view(1)


@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 10_000), plies=hs.integers(0, 300),
       players=hs.integers(2, 6), variant=hs.sampled_from(["standard", "quick"]))
def test_property_sample_reproduces_the_view(seed: int, plies: int, players: int,
                                             variant: str) -> None:
    s = _random_state(seed, plies, players, variant)
    seat = seed % players
    view = s.view(seat)
    assert json.loads(json.dumps(view)) == view
    twin = GAME.sample(view, seat, seed + 1)
    assert twin.view(seat) == view
    assert twin.view(None) == s.view(None)
    assert twin.legal_actions() == s.legal_actions()


def test_turned_down_is_exactly_the_failed_go() -> None:
    """After a go ends with no match (BB-7), `turned_down` names the pieces of that go, and only
    them: not a pair matched or stolen earlier in the same turn, not an earlier turn's flips.
    The go's pieces are read from the view before the last flip, not from the log."""
    failed = after_a_find = 0
    for seed in range(12):
        s = GAME.new(3, seed)
        rng = random.Random(seed)
        found_this_turn = False
        while s.to_move is not None:
            view = s.view(None)
            go, seat = view["go"], s.to_move
            action = rng.choice(s.legal_actions())
            s.apply(action)
            log = s.view(None)["log"]
            down = turned_down(log)
            if not down:
                found_this_turn = s.to_move == seat and (
                    found_this_turn or "(match)" in log[-1] or "(theft)" in log[-1])
                continue
            failed += 1
            after_a_find += found_this_turn
            expected = {*go["squares"], *([go["round"]] if go["round"] else []), str(action)}
            assert {d["piece"] for d in down} == expected, log[-6:]
            found_this_turn = False
    assert failed > 500 and after_a_find > 20  # failed goes after a find in the same turn too


def test_sample_refuses_a_view_that_shows_a_face_too_often() -> None:
    """A forged or corrupt view (a square face the box holds once, shown on two squares) gets a
    clear error, not a deal that silently drops a face."""
    s = _random_state(3, 30, 2, "standard")
    view = json.loads(json.dumps(s.view(0)))
    shown = [c for line in view["grid"] for c in line if c["face"]]
    assert len(shown) >= 2 and shown[0]["face"] != shown[1]["face"]
    GAME.sample(view, 0, 1)  # the view as it is deals
    shown[1]["face"] = shown[0]["face"]
    with pytest.raises(ValueError, match="shows a face more often than the box holds it"):
        GAME.sample(view, 0, 1)
