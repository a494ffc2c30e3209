"""`sweettooth games`: every registered game with its players and options."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.main import app

from .conftest import run_script
from .nim import Nim


def test_games_json_lists_every_registered_game() -> None:
    proc = run_script("games", "--json")
    assert proc.returncode == 0, proc.stderr
    listed = json.loads(proc.stdout)
    assert [d["id"] for d in listed] == st.games()
    for d in listed:
        game = st.game(d["id"])
        assert (d["title"], d["min_players"], d["max_players"]) == (
            game.title, game.min_players, game.max_players,
        )
        assert {o["name"]: o["default"] for o in d["options"]} == game.options


def test_games_json_gives_option_defaults_and_accepted_values(
    runner: CliRunner, nim: Nim
) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0, result.output
    (entry,) = [d for d in json.loads(result.stdout) if d["id"] == "nim"]
    assert entry["min_players"] == 2 and entry["max_players"] == 3
    options = {o["name"]: o for o in entry["options"]}
    assert options["stones"]["default"] == 7
    assert options["misere"]["default"] is False
    assert "integer" in options["stones"]["accepts"]


def test_games_table_shows_ids_players_and_options(runner: CliRunner, nim: Nim) -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if " nim " in line)
    assert "Nim" in row and "2-3" in row and "stones" in row and "7" in row
    for gid in st.games():
        assert gid in result.stdout


def test_games_table_cites_no_ruling_ids(runner: CliRunner) -> None:
    """The table is read by people: the ids of the rulings an option's help cites ("BB-8")
    stay in `--json` (for tools) and leave the table."""
    import re

    ruling = re.compile(r"\b[A-Z]{2}-\d+\b")
    cited = [o["help"] for g in st.games() for o in st.game(g).describe()["options"]
             if ruling.search(o["help"])]
    assert cited, "no option cites a ruling: this test checks nothing"
    result = runner.invoke(app, ["games"], env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    assert not ruling.search(result.stdout), result.stdout
