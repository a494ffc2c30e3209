"""`sweettooth review RECORD --seat N`: a table for people, JSON for programs, clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

import sweettooth as st
from sweettooth.agents import difficulty, play_out
from sweettooth.cli.main import app


def _record(tmp_path: Path) -> Path:
    state = st.game("lechocolat").new(2, 6)
    play_out(state, [difficulty("lechocolat", "easy"), difficulty("lechocolat", "medium")],
             [random.Random(1), random.Random(2)])
    path = tmp_path / "game.json"
    st.save_record(state, path)
    return path


def test_review_json_and_table(tmp_path: Path) -> None:
    path = _record(tmp_path)
    runner = CliRunner()
    out = runner.invoke(app, ["review", str(path), "--seat", "1", "--json", "--iterations", "40"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    direct = st.review(json.loads(path.read_text()), 0, iterations=40).to_json()
    assert data == direct and data["moves"]
    table = runner.invoke(app, ["review", str(path), "--seat", "1", "--iterations", "40"],
                          env={"COLUMNS": "160"})
    assert table.exit_code == 0, table.output
    assert "judged from what you could see" in table.stdout
    first = data["moves"][0]
    assert first["played"] in table.stdout
    assert f"{len(data['moves'])} decisions:" in table.stdout
    hind = runner.invoke(app, ["review", str(path), "--seat", "2", "--iterations", "20",
                               "--hindsight", "--json"])
    assert json.loads(hind.stdout)["mode"] == "hindsight"


def test_review_refuses_bad_seats_and_files(tmp_path: Path) -> None:
    path = _record(tmp_path)
    runner = CliRunner()
    out = runner.invoke(app, ["review", str(path), "--seat", "3"])
    assert out.exit_code == 2 and "--seat must be 1..2 for 2 players, got 3" in out.output
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    out = runner.invoke(app, ["review", str(bad), "--seat", "1"])
    assert out.exit_code == 2 and "is not valid JSON" in out.output
