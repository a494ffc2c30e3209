"""`sweettooth play`: a plain line interface, driven here through pipes (stdin not a terminal)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.main import app
from sweettooth.cli.play import numbered

from .conftest import run_nim_cli, run_script
from .nim import Nim


def test_full_piped_game_against_the_bot_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    proc = run_nim_cli("play", "nim", "--seed", "4", "--save", str(save), stdin="1\n" * 7)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Nim: 2 players, seed 4. seat 0 (you), seat 1 (random)." in out
    assert "Legal actions:\n1. take 1  2. take 2  3. take 3" in out
    assert "Result:" in out and "Game over after" in out
    record = json.loads(save.read_text())
    # Every one of our moves was "1", i.e. take 1; the bot's moves come from the seeded bot.
    assert record["actions"][0::2] == ["take 1"] * len(record["actions"][0::2])
    assert sum(int(a.split()[1]) for a in record["actions"]) == 7
    assert f"Game over after {len(record['actions'])} actions." in out


def test_the_bot_may_be_any_agent_with_settings(tmp_path: Path) -> None:
    game = st.game("lechocolat")
    save = tmp_path / "game.json"
    proc = run_script("play", "lechocolat", "--seed", "5", "--save", str(save),
                      "--bot", "ismcts:iterations=20,rollout=heuristic",
                      stdin="1\n" * game.max_length(2, game.options))
    assert proc.returncode == 0, proc.stderr
    assert "seat 1 (ismcts:iterations=20,rollout=heuristic)" in proc.stdout
    assert st.replay(json.loads(save.read_text())).result() is not None


def test_bad_input_gets_a_message_and_a_reprompt(runner: CliRunner, nim: Nim) -> None:
    lines = ["jump", "0", "4", "²", "", "take 9", "help", "show", "=take 2", "TAKE 1", "take 3"]
    result = runner.invoke(
        app, ["play", "nim", "--seed", "1", "--option", "stones=5", "--hotseat"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Not a legal action: 'jump' is not a legal action now" in out
    assert "There is no action 0; choose 1 to 3." in out
    assert "There is no action 4; choose 1 to 3." in out
    assert "Not a legal action: '²'" in out
    assert "Type a number from 1 to 3, or an action's notation." in out
    assert "Not a legal action: 'take 9'" in out
    assert "Type the number of an action (1 to 3)" in out  # help
    assert "Not a legal action: 'TAKE 1'" in out  # notation is exact
    # =take 2 (seat 0) then take 3 (seat 1) empties the heap of 5: seat 1 wins.
    assert "Seat 0 played take 2." in out and "Seat 1 played take 3." in out
    assert "seat 1  1  winner" in out
    assert "Traceback" not in result.output


def test_quit_and_end_of_input_stop_cleanly_and_save(
    runner: CliRunner, nim: Nim, tmp_path: Path
) -> None:
    save = tmp_path / "stopped.json"
    quit_ = runner.invoke(app, ["play", "nim", "--seed", "2", "--save", str(save)],
                          input="2\nquit\n1\n")
    assert quit_.exit_code == 0, quit_.output
    assert "Game stopped after 2 actions." in quit_.stdout
    record = json.loads(save.read_text())
    assert record["actions"][0] == "take 2" and len(record["actions"]) == 2
    assert st.replay(record).view(None)["heap"] == 7 - sum(
        int(a.split()[1]) for a in record["actions"]
    )

    eof = runner.invoke(app, ["play", "nim", "--seed", "2"], input="")
    assert eof.exit_code == 0, eof.output
    assert "End of input." in eof.stdout and "Game stopped after 0 actions." in eof.stdout


def test_you_see_only_your_own_view(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(app, ["play", "nim", "--seat", "1", "--seed", "3"], input="1\n" * 7)
    assert result.exit_code == 0, result.output
    assert "[seat 1]" in result.stdout
    assert "[seat 0]" not in result.stdout and "[spectator]" not in result.stdout
    # Seat 0 is the bot and moves first; its move reaches us through our view's log.
    first_move = result.stdout.index("seat 0 takes")
    assert first_move < result.stdout.index("Your move>")


def test_hotseat_asks_every_seat(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(
        app, ["play", "nim", "--players", "3", "--hotseat", "--seed", "0"], input="1\n" * 7
    )
    assert result.exit_code == 0, result.output
    for seat in range(3):
        assert f"=== Seat {seat} to move ===" in result.stdout
        assert f"Seat {seat}, your move>" in result.stdout
    assert result.stdout.count("played take 1.") == 7
    assert "seat 0  1  winner" in result.stdout  # the 7th stone falls to seat 0


@pytest.mark.parametrize("gid", st.games())
def test_real_game_hotseat_by_notation_replays_exactly(gid: str, tmp_path: Path) -> None:
    """A whole game typed as notation (every seat at the terminal) gives the same record."""
    game = st.game(gid)
    state = game.new(game.min_players, 11)
    chooser = random.Random(11)
    typed: list[str] = []
    while state.to_move is not None:
        action = chooser.choice(state.legal_actions())
        typed.append(str(action))
        state.apply(action)
    save = tmp_path / "game.json"
    proc = run_script(
        "play", gid, "--hotseat", "--seed", "11", "--save", str(save),
        stdin="".join(f"{t}\n" for t in typed),
    )
    assert proc.returncode == 0, proc.stderr
    assert "Not a legal action" not in proc.stdout
    assert f"Game over after {len(typed)} actions." in proc.stdout
    assert json.loads(save.read_text()) == state.record()
    assert game.render(state.view(None)) in proc.stdout  # the final picture


@pytest.mark.parametrize("gid", st.games())
def test_real_game_against_bots_by_numbers_to_the_end(gid: str) -> None:
    game = st.game(gid)
    players = game.min_players
    limit = game.max_length(players, game.options)
    proc = run_script("play", gid, "--seed", "5", stdin="1\n" * limit)
    assert proc.returncode == 0, proc.stderr
    assert "Result:" in proc.stdout and "Game over after" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_numbered_list_uses_columns_in_order() -> None:
    text = numbered([f"a{i}" for i in range(1, 6)], width=24)
    assert text.splitlines() == ["1. a1  3. a3  5. a5", "2. a2  4. a4"]
    assert numbered([]) == ""
