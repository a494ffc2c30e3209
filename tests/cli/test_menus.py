"""Move menus stay short (folded into groups), never list a move twice, and lead through a
group step by step: Sweet Nose markers kind by kind, BitterSweet returns Choc first."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.main import app
from sweettooth.cli.menu import menu, under
from sweettooth.cli.play import TerminalPlay, numbered

from .test_hidden import ScriptIO


def _reachable(entries_of: list[str], prefix: tuple[str, ...] = ()) -> list[str]:
    """Every move reachable through the menu from `prefix` (opening every group)."""
    out: list[str] = []
    for e in menu(entries_of, prefix):
        if e.move is not None:
            out.append(e.move)
        else:
            out.extend(_reachable(entries_of, e.prefix))
    return out


@pytest.mark.parametrize("gid", st.games())
def test_every_menu_is_short_complete_and_without_repeats(gid: str) -> None:
    game = st.game(gid)
    for players in (game.min_players, game.max_players):
        for seed in range(2):
            state = game.new(players, seed)
            chooser = random.Random(seed)
            while state.to_move is not None and len(state.history) < 250:
                moves = [str(a) for a in state.legal_actions()]
                entries = menu(moves)
                labels = [e.label for e in entries]
                assert len(labels) == len(set(labels))
                shown = numbered(labels, width=80).splitlines()
                assert len(shown) <= 20, (gid, shown)
                reached = _reachable(moves)
                assert sorted(reached) == sorted(set(moves))  # each move once, none lost
                state.apply(chooser.choice(state.legal_actions()))


def test_sweet_nose_markers_are_chosen_kind_by_kind() -> None:
    state = st.game("sweetnose").new(3, 1)
    moves = [str(a) for a in state.legal_actions()]
    assert len(moves) == 120
    first = menu(moves)
    assert [e.label for e in first] == [f"markers red={n} ..." for n in range(1, 6)]
    second = menu(moves, first[2].prefix)
    assert [e.label for e in second] == [
        f"markers red=3 green={n} ..." for n in (1, 2, 4, 5)]
    third = menu(moves, second[0].prefix)
    assert len(third) == 6 and all(e.move for e in third)
    assert all(e.label.startswith("markers red=3 green=1 brown=") for e in third)


def test_sweet_nose_markers_typed_through_the_plain_mode(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "sweetnose", "--seed", "1", "--bot-seed", "1"],
                           input="4\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Go on with: markers red=4 ..." in out
    assert "Go on with: markers red=4 green=1 ..." in out
    assert "Your secret markers: red 4, green 1, brown 2, pink 3, yellow 5" in out


def _state_with_returns() -> st.State:
    game = st.game("bittersweet")
    for seed in range(50):
        state: st.State = game.new(2, seed)
        chooser = random.Random(seed)
        for _ in range(60):
            if state.to_move is None:
                break
            moves = [str(a) for a in state.legal_actions()]
            if sum(m.startswith("return ") for m in moves) > 20:
                return state
            takes = [a for a in state.legal_actions() if str(a).startswith("take")]
            state.apply(chooser.choice(takes or state.legal_actions()))
    raise AssertionError("no position with many returns")


def test_bittersweet_returns_choc_first_then_cell() -> None:
    state = _state_with_returns()
    moves = [str(a) for a in state.legal_actions()]
    top = menu(moves)
    group = next(e for e in top if e.label == "return ...")
    chocs = menu(moves, group.prefix)
    hand = {m.split()[1] for m in moves if m.startswith("return ")}
    assert {e.label.split()[1] for e in chocs} == hand
    assert all(e.move is None or e.move.startswith("return ") for e in chocs)
    cells = menu(moves, ("return", sorted(hand)[0]))
    assert all(e.move and e.move.startswith(f"return {sorted(hand)[0]} ") for e in cells)
    assert under(moves, ("RETURN",)) == [m for m in moves if m.startswith("return ")]


def test_typing_the_start_of_a_move_opens_its_group() -> None:
    state = _state_with_returns()
    moves = [str(a) for a in state.legal_actions()]
    choc = sorted({m.split()[1] for m in moves if m.startswith("return ")})[0]
    cell = next(m.split()[2] for m in moves if m.startswith(f"return {choc} "))
    script = ScriptIO([f"Return {choc}", "back", "return", "quit"])
    play = TerminalPlay(state, frozenset({0, 1}), {}, script, ["Ann", "Bob"], bot_rngs={})
    play.run()
    out = script.out.getvalue()
    assert f"Go on with: return {choc} ..." in out and f"return {choc} {cell}" in out
    assert "Go on with: return ..." in out
    assert "Not possible" not in out
