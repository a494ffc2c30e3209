"""Bots' moves are paced on a terminal (a short pause each, --bot-delay) and never when piped;
the last move of each player is marked beside the table; players are named one way."""

from __future__ import annotations

import random
import re

from typer.testing import CliRunner

import sweettooth as st
from sweettooth.agents import RandomAgent
from sweettooth.cli.main import app
from sweettooth.cli.names import player_names
from sweettooth.cli.play import TerminalPlay

from .test_hidden import ScriptIO


def _session(interactive: bool, delay: float) -> tuple[list[float], str, int]:
    state = st.game("lechocolat").new(2, 6)
    script = ScriptIO(["1", "1", "1", "quit"], interactive=interactive)
    pauses: list[float] = []
    play = TerminalPlay(state, frozenset({0}), {1: RandomAgent()}, script,
                        ["You", "Candy Bot 1"], bot_rngs={1: random.Random(1)},
                        bot_delay=delay, sleep=pauses.append)
    play.run()
    bot_moves = sum(1 for e in state.view(None)["log"] if e["seat"] == 1)
    return pauses, script.out.getvalue(), bot_moves


def test_bot_moves_pause_on_a_terminal_only() -> None:
    pauses, _, bot_moves = _session(interactive=True, delay=0.25)
    assert bot_moves >= 3 and pauses == [0.25] * bot_moves
    piped, _, _ = _session(interactive=False, delay=0.25)
    assert piped == []
    none, _, _ = _session(interactive=True, delay=0.0)
    assert none == []


def test_the_last_move_of_each_player_is_marked_with_the_table() -> None:
    _, out, _ = _session(interactive=False, delay=0.0)
    screens = out.split("\nLe Chocolat: ")[2:]  # every drawing after the first moves
    assert screens
    for screen in screens:
        marks = screen.split("Last moves:\n")[1].split("Your moves:")[0].splitlines()
        assert [m.split(":")[0].strip() for m in marks] == ["You", "Candy Bot 1"]
    last_bot = out.rsplit("  Candy Bot 1: ", 1)[1].splitlines()[0]
    assert f"  Candy Bot 1: {last_bot}" in screens[-1]


def test_bot_delay_is_a_flag_and_must_not_be_negative(runner: CliRunner) -> None:
    ok = runner.invoke(app, ["play", "lechocolat", "--bot-delay", "0.1"], input="quit\n")
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["play", "lechocolat", "--bot-delay", "-1"], input="quit\n")
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_one_way_of_naming_players() -> None:
    assert player_names(3, {0}) == ["You", "Candy Bot 1", "Candy Bot 2"]
    assert player_names(3, {1}, "Ada") == ["Candy Bot 1", "Ada", "Candy Bot 2"]
    assert player_names(2, {0, 1}) == ["Player 1", "Player 2"]


def test_names_reach_the_banner_the_log_and_the_drawing(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "sweetnose", "--players", "4", "--seat", "3",
                                 "--name", "Ada", "--bot-seed", "1", "--bot", "random"],
                           input="1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Sweet Nose, 4 players: Candy Bot 1 (random), Candy Bot 2 (random), "
                          "Ada, Candy Bot 3 (random).")
    assert "> Ada (P3)" in out and "  Candy Bot 3 (P4)" in out
    assert "Ada set markers" in out and "Candy Bot 1 set markers" in out
    assert "P1 set markers" not in out and "seat 2" not in out


def test_bonbons_a_bots_flip_is_drawn_then_paused_then_face_down() -> None:
    state = st.game("bonbons").new(2, 3)
    script = ScriptIO(["a1", "p0.1", "quit"], interactive=True)
    events: list[str] = []

    def sleep(seconds: float) -> None:
        events.append(script.out.getvalue())

    play = TerminalPlay(state, frozenset({0}), {1: RandomAgent()}, script,
                        ["You", "Candy Bot 1"], bot_rngs={1: random.Random(2)},
                        bot_delay=0.5, sleep=sleep)
    play.run()
    assert events, "the bot's moves were not paused"
    first = events[0]  # the screen at the first pause: after the bot's first flip
    flip = first.rsplit("Candy Bot 1 flips ", 1)[1]
    square = flip.split()[0].rstrip(":")
    assert first.rindex("Bonbons (standard)") > first.rindex("Candy Bot 1 flips ")
    board = first.rsplit("Bonbons (standard)", 1)[1]  # drawn after the flip, before the pause
    up = re.search(r"\*(\w+)\*", board)  # the flipped tile face up, named in the legend
    assert up is not None and re.search(rf"\b{up[1]} [a-z]", " ".join(board.split()))
    after = script.out.getvalue()[len(events[-1]):]
    if "Your moves" in after:  # our next turn: the bot's tiles are face down again
        last_board = after.rsplit("Bonbons (standard)", 1)[1].split("Your moves")[0]
        assert "*" not in last_board.split("draw pile")[0], square
