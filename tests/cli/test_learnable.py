"""The plain mode can be learned from the screen: help shows how to type and the game's rules,
the goal is stated, codes are explained, Sweet Nose stores say what they do, BitterSweet Chocs
show what they are, Bonbons draws only what is face up (unless the memory aid is on), and a
hint says what to do and why."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli import drawing
from sweettooth.cli.main import app
from sweettooth.core import State
from sweettooth.core.rules_text import plain_rules
from sweettooth.games.bittersweet.components import load_components


@pytest.mark.parametrize("gid", st.games())
def test_help_explains_input_and_shows_the_rules(gid: str, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", gid, "--hotseat", "--seed", "1"],
                           input="help\nrules\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "How to play here: type the number of a choice" in out
    assert out.count(plain_rules(gid)) == 2  # help, then rules
    assert "Goal: " in out.split("\n\n")[0]  # stated before the first drawing


def test_sweet_nose_goal_says_the_lowest_total_wins() -> None:
    assert "LOWEST total" in (drawing.goal(st.game("sweetnose")) or "")


def _play_until(gid: str, players: int, seed: int, done: object) -> State:
    state: State = st.game(gid).new(players, seed)
    chooser = random.Random(seed)
    while not done(state):  # type: ignore[operator]
        assert state.to_move is not None, "the game ended first"
        state.apply(chooser.choice(state.legal_actions()))
    return state


def test_sweet_nose_draws_what_each_store_does_when_stores_matter() -> None:
    game = st.game("sweetnose")
    picking = _play_until("sweetnose", 3, 2, lambda s: s.view(None)["phase"] == "stores")
    view = picking.view(picking.to_move)
    text = " ".join(drawing.draw(game, view, ["You", "Bot A", "Bot B"]).split())
    tiles = {t["number"]: t for t in view["stores"]["tiles"]}
    for number in view["stores"]["board"]:
        assert f"{number} ({tiles[number]['level']}+) {tiles[number]['caption']}" in text
    held = _play_until("sweetnose", 3, 2, lambda s: any(s.view(None)["stores"]["held"])
                       and s.view(None)["phase"] == "exchange")
    view = held.view(0)
    text = " ".join(drawing.draw(game, view, ["You", "Bot A", "Bot B"]).split())
    for seat, number in enumerate(view["stores"]["held"]):
        if number:
            caption = {t["number"]: t["caption"] for t in view["stores"]["tiles"]}[number]
            assert f"{['You', 'Bot A', 'Bot B'][seat]} holds store {number}: {caption}" in text


def test_bittersweet_chocs_in_sight_show_texture_coating_shape_points_and_ability() -> None:
    game = st.game("bittersweet")
    state = _play_until("bittersweet", 2, 3, lambda s: len(s.history) >= 10)
    view = state.view(0)
    text = drawing.draw(game, view, ["You", "Bot"])
    chocs = {c.id: c for c in load_components().chocs}
    hand = next(e for e in view["seats"] if e["seat"] == 0)["hand"]
    up = [b["choc"] for b in view["box"] if b["face"] == "up"]
    assert hand or up
    flat = " ".join(text.split())
    for choc_id in hand + up:
        c = chocs[choc_id]
        if c.kind == "choc":
            attrs = "/".join(a for a in (c.texture, c.coating, c.shape) if a)
            assert f"{choc_id}: {attrs}; points {c.score.text()}" in flat
        if c.ability is not None:
            assert c.ability.text() in flat


@pytest.mark.parametrize(("gid", "legend"), [
    ("lechocolat", "DRK dark, MLK milk"),
    ("bittersweet", "## face down (#pecan: face down, you know it is Pecan)"),
    ("bonbons", "? face down, *X* face up now, [X] found (up for good)"),
    ("sweetshop", "Cards: rank, suit (9H = 9 of hearts"),
])
def test_codes_are_explained_by_a_legend(gid: str, legend: str) -> None:
    game = st.game(gid)
    state = game.new(game.min_players, 1)
    names = [f"P{s}" for s in range(state.players)]
    assert legend in drawing.draw(game, state.view(0), names)


def _bonbons_with_memory() -> State:
    """A Bonbons game where faces were seen and turned face down again."""
    return _play_until("bonbons", 2, 4, lambda s: s.view(0)["phase"] == "start" and sum(
        1 for line in s.view(0)["grid"] for c in line
        if c["state"] == "down" and c["face"] is not None) >= 2)


def test_bonbons_draws_faces_seen_before_only_with_the_memory_aid() -> None:
    game = st.game("bonbons")
    view = _bonbons_with_memory().view(0)
    remembered = [c["face"] for line in view["grid"] for c in line
                  if c["state"] == "down" and c["face"] is not None]
    up = {c["face"] for line in view["grid"] for c in line if c["state"] != "down"}
    plain = drawing.draw(game, view, ["You", "Bot"])
    aided = drawing.draw(game, view, ["You", "Bot"], memory_aid=True)
    assert not re.search(r"\(\w{4}\)", plain.split("\n  ?")[0])
    assert re.search(r"\(\w{4}\)", aided)
    flat_plain, flat_aided = " ".join(plain.split()), " ".join(aided.split())
    for face in remembered:
        if face not in up:
            assert face not in flat_plain and face in flat_aided


def test_memory_aid_flag_reaches_the_drawing(runner: CliRunner) -> None:
    moves = "1\n" * 6 + "quit\n"
    with_aid = runner.invoke(app, ["play", "bonbons", "--seed", "4", "--bot-seed", "1",
                                   "--memory-aid"], input=moves)
    without = runner.invoke(app, ["play", "bonbons", "--seed", "4", "--bot-seed", "1"],
                            input=moves)
    assert "(X) seen before (memory aid)" in with_aid.stdout
    assert "seen before" not in without.stdout


def test_hint_names_a_legal_move_and_why(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "lechocolat", "--seed", "3"], input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    found = re.search(r"^Hint: (.+?) \((.+)\)$", result.stdout, re.MULTILINE)
    assert found is not None
    legal = [str(a) for a in st.game("lechocolat").new(2, 3).legal_actions()]
    assert found.group(1) in legal and found.group(2)
