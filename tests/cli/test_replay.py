"""`sweettooth replay`: a record move by move; broken files exit 2 with a clear message."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli import drawing
from sweettooth.cli.main import app

from .conftest import run_nim_cli, run_script
from .nim import Nim


def test_replay_of_a_saved_game_shows_every_move(tmp_path: Path) -> None:
    save = tmp_path / "nim.json"
    played = run_nim_cli("play", "nim", "--seed", "8", "--bot-seed", "8", "--save", str(save),
                         stdin="2\n" * 7)
    assert played.returncode == 0, played.stderr
    record = json.loads(save.read_text())
    actions = record["actions"]
    assert record["names"] == ["You", "Candy Bot 1"], "the record keeps the players' names"
    proc = run_nim_cli("replay", str(save))
    assert proc.returncode == 0, proc.stderr
    assert "(You, Candy Bot 1)" in proc.stdout and "Player 1" not in proc.stdout
    for ply, action in enumerate(actions, 1):
        assert f"--- move {ply}: {record['names'][(ply - 1) % 2]}\n" in proc.stdout
        assert f"seat {(ply - 1) % 2} takes {action.split()[1]}" in proc.stdout  # the view's log
    assert f"--- move {len(actions) + 1}" not in proc.stdout
    assert "[spectator]" in proc.stdout and "Scores:" in proc.stdout
    assert "seed" not in proc.stdout


def test_replay_from_a_seat_and_of_an_unfinished_game(
    runner: CliRunner, nim: Nim, tmp_path: Path
) -> None:
    state = nim.new(2, 1)
    state.apply(state.legal_actions()[0])
    path = tmp_path / "part.json"
    st.save_record(state, path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "2"])
    assert result.exit_code == 0, result.output
    assert "[seat 1]" in result.stdout and "[spectator]" not in result.stdout
    assert "Shown as Player 2 saw the game" in " ".join(result.stdout.split())
    assert "The record ends before the game does (Player 2 to move)." in result.stdout
    for bad in ("5", "0"):
        bad_seat = runner.invoke(app, ["replay", str(path), "--seat", bad])
        assert bad_seat.exit_code == 2 and "--seat must be 1..2" in bad_seat.stderr


def _nim_record(**changes: object) -> str:
    record = {"game": "nim", "rules_version": "1", "players": 2, "seed": 1,
              "options": {}, "actions": ["take 1"]}
    record.update(changes)
    return json.dumps(record)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is not json", "is not valid JSON"),
        (b"\xff\xfe\x00\x81", "is not a text file"),
        (b"[1, 2, 3]", "a record must be a JSON object, got list"),
        (b'{"game": "nim"}', "record is missing rules_version, players, seed"),
        (_nim_record(game="chess").encode(), "unknown game 'chess'; valid games:"),
        (_nim_record(game=["x"]).encode(), "unknown game"),
        (_nim_record(rules_version="0").encode(), "rules version '0'"),
        (_nim_record(players=7).encode(), "record cannot start a game: Nim is for 2 to 3"),
        (_nim_record(seed="x").encode(), "record cannot start a game"),
        (_nim_record(options={"stones": "many"}).encode(), "record cannot start a game"),
        (_nim_record(options=[]).encode(), "record 'options' must be an object"),
        (_nim_record(actions="take 1").encode(), "record 'actions' must be a list of strings"),
        (_nim_record(actions=["take 4"]).encode(), "record action 0 ('take 4') does not replay"),
    ],
)
def test_broken_records_exit_2_with_a_clear_message(
    runner: CliRunner, nim: Nim, tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stdout == ""


def test_missing_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "cannot read record" in result.stderr


def test_console_script_corrupt_record_has_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_text('{"game": "lechocolat", "actions": [')
    proc = run_script("replay", str(path))
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr


@pytest.mark.parametrize("gid", st.games())
def test_real_game_replay_prints_every_spectator_view(gid: str, tmp_path: Path) -> None:
    game = st.game(gid)
    state = game.new(game.min_players, 21)
    chooser = random.Random(21)
    names = [f"Player {s + 1}" for s in range(state.players)]
    renders = [drawing.draw(game, state.view(None), names)]
    while state.to_move is not None:
        state.apply(chooser.choice(state.legal_actions()))
        renders.append(drawing.draw(game, state.view(None), names))
    path = tmp_path / "game.json"
    st.save_record(state, path)
    proc = run_script("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    position = 0
    for ply, picture in enumerate(renders):
        if ply:
            header = f"--- move {ply}: "
            position = proc.stdout.index(header, position)
        position = proc.stdout.index(picture, position)
    end = proc.stdout[position:]
    assert ("Winner" in end) if state.players > 1 else ("Score " in end)
