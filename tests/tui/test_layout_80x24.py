"""Sweet Nose and BitterSweet at 80x24: at the human's decisions of a seeded game played to the
end by bots (the first, the last of each round, and the one with the most on the table), every
player's panel and the human's own hand are whole on the screen (inside the board's visible
area, not cut at the right or the bottom, not squeezed to nothing), however much they hold late
in the game."""

from __future__ import annotations

import json
import random
import re

import pytest
from textual.containers import Vertical
from textual.widget import Widget

import sweettooth as st
from sweettooth.agents import make_agent
from sweettooth.core import State
from sweettooth.tui import SweetApp
from sweettooth.tui.pieces import Board, PieceRow

from .helpers import cut_lines, heuristic_move, make_app, screen_text, settle

pytestmark = pytest.mark.anyio

CASES = [("sweetnose", 3), ("sweetnose", 4), ("sweetnose", 5),
         ("bittersweet", 2), ("bittersweet", 3), ("bittersweet", 4)]


def panels(app: SweetApp) -> list[Widget]:
    """The players' panels and the own hand: boxes named after a player, seat panels, and
    'Your hand (n)'."""
    names = [app.ctx.name(p) for p in range(app.state.players)]
    out: list[Widget] = []
    for w in app.query_one("#board", Board).query(".box"):
        assert isinstance(w, Vertical)
        title = str(w.border_title or "")
        rows = list(w.query(PieceRow))
        first = str(rows[0].render()) if rows else ""
        if ("seat" in w.classes or title.startswith("Your hand (")
                or re.split(r" [▶⚡·✓]|  ", title)[0].strip() in names
                or ("flat" in w.classes and re.split(r" [▶⚡·✓]|  ", first)[0].strip() in names)):
            out.append(w)
    return out


def problems(app: SweetApp) -> list[str]:
    board = app.query_one("#board", Board)
    seen = board.scrollable_content_region
    found = panels(app)
    out = []
    if len(found) < app.state.players:
        out.append(f"{len(found)} panels for {app.state.players} players")
    for w in found:
        what = f"{w.border_title or ''}{[str(r.render())[:30] for r in w.query(PieceRow)][:1]}"
        for part in [w, *w.query(PieceRow)]:
            r = part.region
            if r.width == 0 or r.height == 0 or not seen.contains_region(r):
                out.append(f"{what}: {type(part).__name__} at {r} outside the board's {seen}")
                break
    return out


def decisions(game_id: str, players: int, seed: int = 7) -> list[State]:
    """Seat 0's decisions in a seeded game the heuristic plays for every seat, in order."""
    game = st.game(game_id)
    state = game.new(players, seed=seed)
    agent, rng = make_agent("heuristic"), random.Random(5)
    mine: list[State] = []
    while (seat := state.to_move) is not None:
        if seat == 0:
            mine.append(state.copy())
        state.apply(agent.choose(game, state.view(seat), state.legal_actions(), rng))
    return mine


def fullest(states: list[State], count: int) -> set[int]:
    """The indices of the `count` states with the longest view of seat 0 (most on the table)."""
    return set(sorted(range(len(states)), key=lambda i: len(json.dumps(states[i].view(0))))
               [-count:])


def positions(game_id: str, players: int) -> list[State]:
    """Seat 0's decisions: the first of the game, the last of each round (when the most is
    held), and the fullest (the next fullest are its neighbours, a move apart)."""
    mine = decisions(game_id, players)
    rounds: dict[object, list[int]] = {}
    for i, s in enumerate(mine):
        rounds.setdefault(s.view(0).get("round"), []).append(i)
    picked = {0} | {held[-1] for held in rounds.values()} | fullest(mine, 1)
    return [mine[i] for i in sorted(picked)]


@pytest.mark.parametrize(("game_id", "players"), CASES)
async def test_every_panel_and_the_hand_fit_80x24(game_id: str, players: int) -> None:
    chosen = positions(game_id, players)
    rounds = {s.view(0).get("round") for s in chosen}
    assert len(chosen) >= 4 and len(rounds) >= 2  # late rounds are looked at too
    for state in chosen:
        app = make_app(game_id, players, seed=7, state=state)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert app.state.to_move == 0
            bad = problems(app)
            assert not bad, (f"round {app.view.get('round')}, ply {len(state.history)}:\n"
                             + "\n".join(bad) + "\n" + screen_text(app))


@pytest.mark.parametrize(("game_id", "players", "moves"), [
    ("lechocolat", 2, 8), ("bonbons", 2, 8), ("bonbons", 6, 8), ("sweetnose", 3, 8),
    ("bittersweet", 2, 8)])
async def test_no_line_of_the_board_is_cut_at_the_right(
    game_id: str, players: int, moves: int
) -> None:
    """At 80x24, for the first moves of a seeded game: every line of segments on the board
    ends inside the board (a line that runs on past it is cut, and what it says is lost)."""
    app = make_app(game_id, players, seed=3)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for move in range(moves):
            if app.state.to_move is None:
                break
            cut = cut_lines(app)
            assert not cut, f"move {move}:\n" + "\n".join(cut) + "\n" + screen_text(app)
            await app.play(heuristic_move(app, rng))
            await settle(pilot, app)


async def test_no_line_of_sweet_shops_fullest_boards_is_cut_at_the_right() -> None:
    """Sweet Shop's Basket and Tummy grow over a game: at 80x24, on the six fullest boards of
    a seeded game (and the first), no line of segments runs on past the board."""
    mine = decisions("sweetshop", 1, seed=3)
    for i in sorted(fullest(mine, 6) | {0}):
        app = make_app("sweetshop", 1, seed=3, state=mine[i])
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            cut = cut_lines(app)
            assert not cut, f"ply {len(mine[i].history)}:\n" + "\n".join(cut) + "\n" + \
                screen_text(app)
