"""`sweettooth learn GAME` (issue 35 item 4): an unknown game, a game without a lesson (the test
game nim) and input that is not a terminal each exit 2 with one line naming the fix."""

from __future__ import annotations

from typer.testing import CliRunner

from sweettooth.cli.main import app

from .nim import Nim


def test_unknown_game_and_game_without_lesson(runner: CliRunner, nim: Nim) -> None:
    unknown = runner.invoke(app, ["learn", "chess"])
    assert unknown.exit_code == 2 and "unknown game 'chess'" in unknown.stderr
    none = runner.invoke(app, ["learn", "nim"])
    assert none.exit_code == 2
    assert "no lesson for 'nim' yet; lessons: bittersweet, bonbons" in none.stderr


def test_needs_a_terminal(runner: CliRunner) -> None:
    result = runner.invoke(app, ["learn", "bonbons"], input="")
    assert result.exit_code == 2
    assert "needs a terminal" in result.stderr and "Learn to play" in result.stderr
    assert "Traceback" not in result.output
