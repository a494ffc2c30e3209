"""The end of a game in the terminal app: winners named, the tie-break explained, every round's
reveal, each player's breakdown labelled by name (rounds are never labelled as seats)."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

import sweettooth as st
from sweettooth.agents import make_agent
from sweettooth.core import State
from sweettooth.tui import SweetApp
from sweettooth.tui.ending import EndScreen, headline
from sweettooth.tui.games import Ctx, face_for

from .helpers import Pilot_, make_app, names, screen_text, settle

pytestmark = pytest.mark.anyio


def finished(game_id: str, players: int, seed: int) -> State:
    state: State = st.game(game_id).new(players, seed)
    agent = make_agent("heuristic")
    rngs = [random.Random(s) for s in range(players)]
    while (seat := state.to_move) is not None:
        state.apply(agent.choose(state.game, state.view(seat), state.legal_actions(), rngs[seat]))
    return state


def summary_text(state: State, seat: int) -> str:
    view = state.view(seat)
    ctx = Ctx(seat=seat, names=names(state.players, [seat]))
    console = Console(width=200, record=True, color_system=None)
    for part in face_for(state.game.id).summary(view, ctx):
        console.print(part.content)  # type: ignore[union-attr]
    return console.export_text()


def row_of(text: str, label: str) -> list[str]:
    """The cells of the table row whose first cell is `label`."""
    for line in text.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃|]", line) if c.strip()]
        if cells and cells[0] == label:
            return cells[1:]
    raise AssertionError(f"no row {label!r} in:\n{text}")


@pytest.mark.parametrize("players", [3, 4])
def test_sweet_nose_rounds_are_rounds_and_players_are_columns(players: int) -> None:
    # 3 rounds at 3 players (rounds = players) and at 4 (rounds != players).
    state = finished("sweetnose", players, seed=1)
    text = summary_text(state, 0)
    rounds = state.view(0)["rounds"]
    assert len(rounds) == 3
    for r in rounds:
        assert row_of(text, f"Round {r['round']}") == [str(x) for x in r["sp"]]
        assert f"Round {r['round']}: count × (marker + market)" in text
    assert row_of(text, "Total SP") == [str(x) for x in state.view(0)["totals"]]
    assert "seat" not in text.lower()
    assert "{" not in text  # no raw JSON


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 0), (3, 1)])
def test_bittersweet_shows_every_round_with_each_players_sheet(players: int, seed: int) -> None:
    state = finished("bittersweet", players, seed)
    text = summary_text(state, 0)
    rounds = state.view(0)["rounds"]
    labels = names(players, [0])
    for r in rounds:
        won = ", ".join(labels[p] for p in r["winners"])
        assert f"Round {r['round']}: won by {won}" in text
    # every player's sheet, by name, with its total, in every round
    assert text.count(labels[1]) >= len(rounds)
    assert "{" not in text and "seat" not in text.lower()


@pytest.mark.parametrize(("game_id", "players"), [("lechocolat", 2), ("bonbons", 3),
                                                  ("sweetshop", 1)])
def test_breakdowns_name_the_players(game_id: str, players: int) -> None:
    state = finished(game_id, players, seed=2)
    text = summary_text(state, 0)
    assert "{" not in text and "seat" not in text.lower()
    if players > 1:
        for name in names(players, [0]):
            assert name in text


def test_a_tie_on_points_explains_the_tie_break() -> None:
    face = face_for("lechocolat")
    view = {"players": 2, "result": {"scores": [20, 20], "winners": [1]},
            "breakdown": [{"tiles_claimed": 15}, {"tiles_claimed": 18}]}
    ctx = Ctx(seat=0, names=["You", "Candy Bot 1"])
    assert headline(view, ctx) == "Candy Bot 1 wins!"
    assert face.tie_break(view, ctx) == (
        "Tied on 20 VP; the tie-break is tiles claimed (You 15, Candy Bot 1 18), "
        "so Candy Bot 1 wins.")
    view["result"] = {"scores": [20, 20], "winners": [0, 1]}
    view["breakdown"] = [{"tiles_claimed": 18}, {"tiles_claimed": 18}]
    assert headline(view, ctx) == "Shared win: You and Candy Bot 1"


def one_move_short(state: State) -> tuple[State, list[int]]:
    """The finished game rewound by its last move, and the seat to make it a human, so the app
    plays that move (a bot's or the human's) and ends itself."""
    record = state.record()
    game = state.game
    before: State = game.new(state.players, record["seed"], **record["options"])
    for text in record["actions"][:-1]:
        before.apply(game.parse_action(before, text))
    return before, [before.to_move] if before.to_move is not None else [0]


async def play_to_the_end_screen(pilot: Pilot_, app: SweetApp, last: str, until: str = "") -> None:
    """Type the last move if it is the human's, then wait for the end screen (showing
    `until`, if given)."""
    from textual.widgets import Input

    await settle(pilot, app)
    if app.state.to_move is not None:
        await pilot.press("colon")
        app.query_one("#notation", Input).value = last
        await pilot.press("enter")
        await settle(pilot, app)
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, EndScreen) and until in screen_text(app):
            break


async def test_the_end_screen_names_the_winner_and_shows_the_seed(tmp_path: object) -> None:
    from pathlib import Path

    state = finished("sweetnose", 3, seed=4)
    record = state.record()
    before, humans = one_move_short(state)
    save = Path(str(tmp_path)) / "game.json"
    app = make_app("sweetnose", 3, state=before, humans=humans, save=save)
    async with app.run_test(size=(120, 50)) as pilot:
        await play_to_the_end_screen(pilot, app, record["actions"][-1], until="Seed")
        assert isinstance(app.screen, EndScreen)
        shown = screen_text(app)
        winners = state.result().winners  # type: ignore[union-attr]
        labels = names(3, humans)
        for w in winners:
            assert labels[w] in shown.splitlines()[0] + shown
        assert "lowest total sp wins" in shown.lower() or "shared" in shown.lower()
        assert f"Seed of this game: {record['seed']}" in shown
        assert f"Record saved to {save}" in shown
    assert st.load_record(save).record() == record


async def test_the_end_screen_footer_fits_80_columns_without_move_keys() -> None:
    """With the game over, the hint and type-a-move keys leave the footer and do nothing, so
    the end screen's own keys (Leave, Back to the board) are all on one 80-column line."""
    state = finished("lechocolat", 2, seed=4)
    before, humans = one_move_short(state)
    app = make_app("lechocolat", 2, state=before, humans=humans)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end_screen(pilot, app, state.record()["actions"][-1])
        assert isinstance(app.screen, EndScreen)
        footer = screen_text(app).splitlines()[-1]
        assert "Leave" in footer and "Back to the board" in footer, footer
        assert "Hint" not in footer and "Type a move" not in footer, footer
