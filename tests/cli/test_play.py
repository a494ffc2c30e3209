"""`sweettooth play --plain`: the line interface, driven here through pipes (not a terminal)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli import drawing
from sweettooth.cli.main import app, default_bot
from sweettooth.cli.play import numbered

from .answers import ones
from .conftest import run_nim_cli, run_script
from .nim import Nim


def test_full_piped_game_against_the_bot_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    proc = run_nim_cli("play", "nim", "--seed", "4", "--save", str(save), stdin="1\n" * 7)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Nim, 2 players: You, Candy Bot 1 (random).\n")
    assert "Your moves:\n1. take 1  2. take 2  3. take 3" in out
    assert "Scores:" in out and "Game over after" in out
    record = json.loads(save.read_text())
    # Every one of our moves was "1", i.e. take 1; the bot's moves come from its own seed.
    assert record["actions"][0::2] == ["take 1"] * len(record["actions"][0::2])
    assert sum(int(a.split()[1]) for a in record["actions"]) == 7
    assert f"Game over after {len(record['actions'])} moves." in out


def test_the_bot_may_be_any_agent_with_settings(tmp_path: Path) -> None:
    game = st.game("lechocolat")
    save = tmp_path / "game.json"
    proc = run_script("play", "lechocolat", "--seed", "5", "--save", str(save),
                      "--bot", "ismcts:iterations=20,rollout=heuristic",
                      stdin=ones(game, 2))
    assert proc.returncode == 0, proc.stderr
    assert "Candy Bot 1 (ismcts:iterations=20,rollout=heuristic)" in proc.stdout
    assert st.replay(json.loads(save.read_text())).result() is not None


def test_bad_input_gets_a_message_and_a_reprompt(runner: CliRunner, nim: Nim) -> None:
    lines = ["jump", "0", "4", "²", "", "take 9", "help", "show", "=take 2", "TAKE 3"]
    result = runner.invoke(
        app, ["play", "nim", "--seed", "1", "--option", "stones=5", "--hotseat"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Not possible: jump: expected a move like 'take 1'" in out
    assert "There is no choice 0; choose 1 to 3." in out
    assert "There is no choice 4; choose 1 to 3." in out
    assert "Type a number from 1 to 3, or a move's notation." in out
    assert "How to play here: type the number of a choice (1 to 3)" in out  # help
    assert "legal actions:" not in out.lower()  # a refusal says why, it does not list moves
    # =take 2 (Player 1) then TAKE 3 (any case; Player 2) empties the heap of 5.
    assert "Player 2  1  winner" in out and "Winner: Player 2." in out
    assert "Traceback" not in result.output


def test_quit_and_end_of_input_stop_cleanly_and_save(
    runner: CliRunner, nim: Nim, tmp_path: Path
) -> None:
    save = tmp_path / "stopped.json"
    quit_ = runner.invoke(app, ["play", "nim", "--seed", "2", "--save", str(save)],
                          input="2\nquit\n1\n")
    assert quit_.exit_code == 0, quit_.output
    assert "Game stopped after 2 moves." in quit_.stdout
    record = json.loads(save.read_text())
    assert record["actions"][0] == "take 2" and len(record["actions"]) == 2
    assert record["seed"] == 2  # the record keeps the seed; the screen never showed it
    assert st.replay(record).view(None)["heap"] == 7 - sum(
        int(a.split()[1]) for a in record["actions"]
    )

    eof = runner.invoke(app, ["play", "nim", "--seed", "2"], input="")
    assert eof.exit_code == 0, eof.output
    assert "End of input." in eof.stdout and "Game stopped after 0 moves." in eof.stdout


def test_you_see_only_your_own_view(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(app, ["play", "nim", "--seat", "2", "--seed", "3"], input="1\n" * 7)
    assert result.exit_code == 0, result.output
    assert "[seat 1]" in result.stdout  # Nim's drawing names the 0-based seat of its view
    assert "[seat 0]" not in result.stdout and "[spectator]" not in result.stdout
    assert result.stdout.startswith("Nim, 2 players: Candy Bot 1 (random), You.")
    # The bot moves first; its move reaches us through our view's log.
    first_move = result.stdout.index("seat 0 takes")
    assert first_move < result.stdout.index("Your move>")


def test_hotseat_asks_every_player_by_name(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(
        app, ["play", "nim", "--players", "3", "--hotseat", "--seed", "0"], input="1\n" * 7
    )
    assert result.exit_code == 0, result.output
    for number in (1, 2, 3):
        assert f"Player {number}, take the device." in result.stdout
        assert f"=== Player {number} to move ===" in result.stdout
        assert f"Player {number}, your move>" in result.stdout
    assert "Winner: Player 1." in result.stdout  # the 7th stone falls to the first player


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
    assert "Not possible" not in proc.stdout
    assert f"Game over after {len(typed)} moves." in proc.stdout
    names = [f"Player {s + 1}" for s in range(state.players)]
    saved = json.loads(save.read_text())
    seated = ["You"] if state.players == 1 else names  # a solo player is "You"
    assert saved.pop("names") == seated  # the record keeps who sat where
    assert saved == state.record()
    final = game.person_view(state.view(None))  # a person sees no remembered face
    assert drawing.draw(game, final, names) in proc.stdout  # the final picture


@pytest.mark.parametrize("gid", st.games())
def test_real_game_against_bots_by_numbers_to_the_end(gid: str) -> None:
    game = st.game(gid)
    players = game.min_players
    proc = run_script("play", gid, "--seed", "5", "--bot-seed", "5", stdin=ones(game, players))
    assert proc.returncode == 0, proc.stderr
    assert "Game over after" in proc.stdout
    assert "Traceback" not in proc.stderr
    tail = proc.stdout[proc.stdout.index("Game over after") - 3000:]
    assert "{" not in tail and "}" not in tail  # no raw JSON at the end


def test_numbered_list_uses_columns_in_order() -> None:
    text = numbered([f"a{i}" for i in range(1, 6)], width=24)
    assert text.splitlines() == ["1. a1  3. a3  5. a5", "2. a2  4. a4"]
    assert numbered([]) == ""


def test_a_new_player_meets_the_medium_bot_by_default(runner: CliRunner) -> None:
    """The default opponent is the medium level where the game has levels (random otherwise)."""
    result = runner.invoke(app, ["play", "lechocolat", "--seed", "3", "--plain"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Candy Bot 1 (medium)" in result.stdout
    assert default_bot("nim") == "random"  # a game with no levels


def test_the_full_screen_app_plays_the_game_and_bot_seed_it_was_given(
    nim: Nim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal `play` hands its own deal (drawn here when there is no --seed) and the
    --bot-seed to the app, rather than letting the app deal and seed the bots anew."""
    import types

    import typer

    from sweettooth.agents import seat_rngs
    from sweettooth.cli import main
    from sweettooth.tui.app import SweetApp

    seen: dict[str, SweetApp] = {}

    def run(self: SweetApp) -> int:
        seen["app"] = self
        return 0

    tty = types.SimpleNamespace(isatty=lambda: True)
    monkeypatch.setattr(main, "sys", types.SimpleNamespace(stdin=tty, stdout=tty))
    monkeypatch.setattr(main, "new_seed", lambda: 424242)
    monkeypatch.setattr(SweetApp, "run", run)
    with pytest.raises(typer.Exit) as exit_info:
        main.play_cmd("nim", bot="random", bot_seed=9)
    assert exit_info.value.exit_code == 0
    app = seen["app"]
    assert app.state.seed == 424242
    assert app.rngs[1].random() == seat_rngs(9, 2)[1].random()
