"""Refusals through the public API, in every game: `apply` takes notation, parsing ignores case and
spacing, text that names no move says what shapes of move are expected, and look-alike actions
(equal under ==, fields of other types) are still refused."""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

import pytest

import sweettooth as st
from sweettooth.core.actions import well_typed
from sweettooth.core.conformance import lookalikes
from sweettooth.core.game import State

GAMES = st.games()


def positions(gid: str, count: int = 6, seed: int = 3) -> list[State]:
    """A few positions along one seeded random game (the opening first)."""
    game = st.game(gid)
    state = game.new(game.min_players + (1 if game.max_players > game.min_players else 0), seed)
    rng = random.Random(seed)
    out = [state.copy()]
    for _ in range(60):
        if state.to_move is None:
            break
        state.apply(rng.choice(state.legal_actions()))
        if rng.random() < 0.2:
            out.append(state.copy())
    return out[:count]


@pytest.mark.parametrize("gid", GAMES)
def test_apply_takes_notation_and_plays_the_same_move(gid: str) -> None:
    for state in positions(gid):
        for action in state.legal_actions()[:5]:
            by_object, by_text = state.copy(), state.copy()
            by_object.apply(action)
            by_text.apply(f"  {str(action).upper()} ")
            assert by_text.snapshot() == by_object.snapshot()
            assert by_text.history[-1] == action and type(by_text.history[-1]) is type(action)


@pytest.mark.parametrize("gid", GAMES)
def test_parsing_ignores_case_and_spacing_in_every_game(gid: str) -> None:
    game = st.game(gid)
    for state in positions(gid):
        for action in state.legal_actions():
            text = str(action)
            for variant in (text.upper(), text.lower(), text.swapcase(),
                            "  " + text.replace(" ", "   ") + "\t"):
                got = game.parse_action(state, variant)
                assert got == action, f"{variant!r} parsed to {got!r}, not {action!r}"
                assert str(got) == text


@pytest.mark.parametrize("gid", GAMES)
def test_text_naming_no_move_gets_the_expected_shapes_not_a_list(gid: str) -> None:
    game = st.game(gid)
    for state in positions(gid, count=3):
        before = state.snapshot()
        for text in ("zzz", "dance with P2", "0 0 0"):
            with pytest.raises(st.IllegalAction) as caught:
                state.apply(text)
            reason = caught.value.reason
            assert reason.startswith("expected "), reason
            assert "legal actions" not in reason and len(reason) < 200, reason
            assert str(caught.value) == f"{text}: {reason}"
            assert caught.value.action == text
        assert state.snapshot() == before
        with pytest.raises(st.IllegalAction, match="must be given as text"):
            game.parse_action(state, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("gid", GAMES)
def test_look_alike_actions_are_still_refused_and_change_nothing(gid: str) -> None:
    for state in positions(gid, count=3):
        for action in state.legal_actions()[:4]:
            parsed = state.game.parse_action(state, str(action))
            assert parsed == action and well_typed(parsed)
            for twin in lookalikes(action):
                trial = state.copy()
                before = trial.snapshot()
                try:
                    trial.apply(twin)
                except st.IllegalAction as exc:
                    assert exc.reason and trial.snapshot() == before
                    continue
                real = state.copy()
                real.apply(action)
                assert trial.snapshot() == real.snapshot()


@pytest.mark.parametrize("gid", GAMES)
def test_things_that_are_no_action_are_refused_with_a_reason(gid: str) -> None:
    state = positions(gid, count=1)[0]
    before = state.snapshot()
    for bad in (None, object(), 3, ("split",)):
        with pytest.raises(st.IllegalAction) as caught:
            state.apply(bad)
        assert caught.value.reason and "legal actions" not in str(caught.value)
    assert state.snapshot() == before


@pytest.mark.parametrize("gid", GAMES)
def test_playing_for_a_seat_that_is_not_to_move_names_whose_turn_it_is(gid: str) -> None:
    state = positions(gid, count=1)[0]
    mover = state.to_move
    assert mover is not None
    if state.players == 1:
        pytest.skip("a solo game has no other seat")
    other = (mover + 1) % state.players
    action = state.legal_actions()[0]
    with pytest.raises(st.IllegalAction) as caught:
        state.apply(action, seat=other)
    assert caught.value.reason == f"it is P{mover + 1}'s turn"
    state.apply(action, seat=mover)
    assert state.history == [action]


def test_after_the_end_every_move_is_refused_because_the_game_is_over() -> None:
    state = st.game("lechocolat").new(2, seed=5)
    rng = random.Random(5)
    while state.to_move is not None:
        state.apply(rng.choice(state.legal_actions()))
    for move in ("claim a1", "zzz"):
        with pytest.raises(st.IllegalAction) as caught:
            state.apply(move)
        assert caught.value.reason == "the game is over"


def test_an_illegal_action_keeps_its_reason_through_pickling() -> None:
    """Bots in worker processes send errors back pickled (the server's process pool)."""
    exc = st.IllegalAction("c4 is already face up", "flip c4")
    back: Any = pickle.loads(pickle.dumps(exc))
    assert (back.reason, back.action, str(back)) == (exc.reason, exc.action, str(exc))
    assert str(st.IllegalAction("it is P2's turn")) == "it is P2's turn"


@pytest.mark.parametrize("gid", GAMES)
def test_reasons_are_player_words_without_rule_ids(gid: str) -> None:
    """Moves legal elsewhere in the game but not here are refused in plain words: the rulings'
    ids (BB-4, SN-4, ...) belong in code and docs, not in what a player reads."""
    game = st.game(gid)
    pool = positions(gid, count=12, seed=11)
    elsewhere = {str(a) for p in pool for a in p.legal_actions()}
    reasons: set[str] = set()
    for state in pool:
        if state.to_move is None:
            continue
        here = {str(a) for a in state.legal_actions()}
        for text in sorted(elsewhere - here)[:40]:
            with pytest.raises(st.IllegalAction) as info:
                game.parse_action(state, text)
            reasons.add(info.value.reason)
    assert reasons, f"{gid}: no refusal was produced"
    tagged = [r for r in reasons if re.search(r"\b[A-Z]{2}-\d+\b", r)]
    assert not tagged, f"{gid}: rule ids in player-facing reasons: {tagged[:3]}"
