"""The public API (README, "As a library"): names, errors that name the valid choices, records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sweettooth as st
from sweettooth.core import OptionError, PlayerCountError, RecordError, SeatError, UnknownGame


def test_every_game_is_registered_under_its_design_id() -> None:
    assert st.games() == ["bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop"]
    for gid in st.games():
        g = st.game(gid)
        assert g.id == gid and g.min_players <= g.max_players
        assert set(g.options) == {o.name for o in g.option_specs}


def test_an_unknown_game_names_the_valid_ids() -> None:
    with pytest.raises(UnknownGame, match="valid games: bittersweet, bonbons, lechocolat"):
        st.game("chess")


@pytest.mark.parametrize("players", [0, 1, 3, 2.0, True, "2"])
def test_a_bad_player_count_says_what_is_allowed(players: object) -> None:
    with pytest.raises(PlayerCountError, match="Le Chocolat is for 2 players"):
        st.game("lechocolat").new(players, seed=1)  # type: ignore[arg-type]


def test_an_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(OptionError, match=r"valid options: .*max_turns"):
        st.game("sweetnose").new(3, seed=1, max_turn=5)


@pytest.mark.parametrize("value", ["10", 2.5, True, None])
def test_an_ill_typed_option_is_refused(value: object) -> None:
    with pytest.raises(OptionError, match="option 'max_turns' must be an integer"):
        st.game("sweetnose").new(3, seed=1, max_turns=value)


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    s = st.game("bonbons").new(3, seed=1)
    with pytest.raises(SeatError, match=r"seat must be 0\.\.2"):
        s.view(3)


def test_records_replay_exactly_and_corrupt_ones_say_what_is_wrong(tmp_path: Path) -> None:
    s = st.game("bonbons").new(2, seed=4)
    for _ in range(30):
        s.apply(s.legal_actions()[-1])
    record = s.record()
    assert json.loads(json.dumps(record)) == record
    assert st.replay(record).snapshot() == s.snapshot()
    with pytest.raises(RecordError, match="missing seed"):
        st.replay({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(RecordError, match="action 3"):
        st.replay({**record, "actions": [*record["actions"][:3], "dance"]})
    bad = tmp_path / "game.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        st.load_record(bad)
    good = tmp_path / "saved.json"
    st.save_record(s, good)
    assert st.load_record(good).snapshot() == s.snapshot()


def test_an_illegal_action_is_a_value_error_and_changes_nothing() -> None:
    s = st.game("lechocolat").new(2, seed=1)
    before = s.snapshot()
    with pytest.raises(ValueError, match="claim a1: split a group first"):
        s.apply(st.game("lechocolat").parse_action(s, "claim a1"))
    assert issubclass(st.IllegalAction, ValueError) and s.snapshot() == before
