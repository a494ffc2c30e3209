"""Hidden stays hidden in the plain mode: no seed on screen, bots seeded apart from the game,
a seat's screen is a function of its view alone (twin worlds), replay shows one seat's view,
and hotseat hands the device over before anyone's secrets are drawn."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.agents import Agent
from sweettooth.cli.main import app
from sweettooth.cli.play import CLEAR, TerminalPlay
from sweettooth.core import JSON, State, seed_fingerprint
from tests.server.twins import best_twin

from .conftest import run_script


@dataclass
class ScriptIO:
    """Lines in, text out, like a pipe (or a terminal when `interactive`)."""

    lines: list[str]
    interactive: bool = False
    out: io.StringIO = field(default_factory=io.StringIO)

    def read(self, prompt: str) -> str:
        self.out.write(prompt)
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.out.write(line + "\n")
        return line

    def write(self, text: str) -> None:
        self.out.write(text + "\n")


class Finished(Exception):
    """The scripted moves ran out."""


@dataclass
class ScriptedAgent:
    """Plays the moves of a record, whatever the view: a stand-in for the other seats."""

    actions: list[str]
    name: str = "scripted"

    def choose(self, game: Any, view: JSON, legal: Any, rng: random.Random) -> Any:
        ply = view["ply"]
        if ply >= len(self.actions):
            raise Finished
        wanted = self.actions[ply]
        return next(a for a in legal if str(a) == wanted)


def screen_of(state: State, seat: int, actions: list[str]) -> str:
    """Everything the plain mode prints for a person at `seat` while `actions` are played."""
    mine = [a for a, mover in zip(actions, movers(state, actions), strict=True) if mover == seat]
    script = ScriptIO(list(mine))
    agent = ScriptedAgent(actions)
    others: dict[int, Agent] = {s: agent for s in range(state.players) if s != seat}
    names = ["You" if s == seat else f"Candy Bot {s + 1}" for s in range(state.players)]
    play = TerminalPlay(state.copy(), frozenset({seat}), others, script, names,
                        bot_rngs={s: random.Random(0) for s in others})
    with contextlib.suppress(Finished):
        play.run()
    return script.out.getvalue()


def movers(state: State, actions: list[str]) -> list[int]:
    s = state.copy()
    out = []
    for text in actions:
        assert s.to_move is not None
        out.append(s.to_move)
        s.apply(s.game.parse_action(s, text))
    return out


def random_record(gid: str, players: int, seed: int) -> JSON:
    state = st.game(gid).new(players, seed)
    chooser = random.Random(seed)
    while state.to_move is not None:
        state.apply(chooser.choice(state.legal_actions()))
    record: JSON = state.record()
    return record


@pytest.mark.parametrize(("gid", "players"), [
    ("lechocolat", 2), ("bonbons", 2), ("sweetnose", 3), ("sweetshop", 1), ("bittersweet", 2),
])
def test_a_seats_screen_is_the_same_when_what_it_cannot_see_is_dealt_again(
    gid: str, players: int
) -> None:
    record = random_record(gid, players, 5)
    part, (twin_start, twin_actions), agree = best_twin(record, 0)
    plies = min(agree - 1, len(part["actions"]))
    real_start = st.replay({**part, "actions": []})
    assert plies > 0
    real = screen_of(real_start, 0, part["actions"][:plies])
    other = screen_of(twin_start, 0, twin_actions[:plies])
    assert real == other
    assert len(real.splitlines()) > 20  # the screens really showed the game


def test_the_twin_test_catches_a_screen_that_shows_the_state() -> None:
    """The premise: a screen drawn from the state (Sweet Nose markers of every player) differs
    between the twins, so the test above would catch such a leak."""
    record = random_record("sweetnose", 3, 5)
    part, (twin_start, twin_actions), agree = best_twin(record, 0)
    plies = min(agree - 1, len(part["actions"]))
    real = st.replay({**part, "actions": part["actions"][:plies]})
    twin = twin_start.copy()
    for text in twin_actions[:plies]:
        twin.apply(twin.game.parse_action(twin, text))
    assert json.dumps(real.snapshot()) != json.dumps(twin.snapshot())
    assert real.view(0) == twin.view(0)


def test_the_opening_and_the_game_never_show_the_seed(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    seed = 918273645
    proc = run_script("play", "sweetnose", "--seed", str(seed), "--save", str(save),
                      stdin="1\n1\n1\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert str(seed) not in proc.stdout and "seed" not in proc.stdout.lower()
    # the deal's fingerprint, whole, before the first move (a commitment, not the seed)
    head = proc.stdout.split("your move>", 1)[0]
    assert f"Deal fingerprint: {seed_fingerprint(seed)} " in head
    assert json.loads(save.read_text())["seed"] == seed  # the record keeps it


def _bot_moves(*args: str) -> list[str]:
    # The random bot: its moves depend on nothing but its own seed (the medium bot's rarely vary).
    result = CliRunner().invoke(app, ["play", "lechocolat", "--seed", "7", "--bot", "random",
                                      *args], input="1\n" * 12 + "quit\n")
    assert result.exit_code == 0, result.output
    return re.findall(r"^  Candy Bot 1: (.+)$", result.stdout, re.MULTILINE)


def test_bots_are_seeded_apart_from_the_games_seed() -> None:
    assert _bot_moves("--bot-seed", "3") == _bot_moves("--bot-seed", "3")  # reproducible
    unseeded = [tuple(_bot_moves()) for _ in range(3)]
    assert len(set(unseeded)) > 1  # the game's seed alone does not decide the bots' moves


def _unfinished_sweetnose(tmp_path: Path) -> tuple[Path, JSON]:
    state = st.game("sweetnose").new(3, 42)
    chooser = random.Random(42)
    for _ in range(4):  # three secret marker choices, then one exchange
        state.apply(chooser.choice(state.legal_actions()))
    path = tmp_path / "part.json"
    st.save_record(state, path)
    return path, state.record()


def test_replay_of_an_unfinished_sweet_nose_game_shows_no_secret_markers(
    runner: CliRunner, tmp_path: Path
) -> None:
    path, record = _unfinished_sweetnose(tmp_path)
    markers = record["actions"][:3]
    assert all(m.startswith("markers ") for m in markers)
    spectator = runner.invoke(app, ["replay", str(path)])
    assert spectator.exit_code == 0, spectator.output
    out = spectator.stdout
    assert "Shown as a spectator saw the game" in " ".join(out.split())
    assert "secret markers" not in out and not re.search(r"red=\d", out)
    assert str(record["seed"]) not in out
    for seat in range(3):
        mine = runner.invoke(app, ["replay", str(path), "--seat", str(seat + 1)]).stdout
        assert f"Shown as Player {seat + 1} saw the game" in " ".join(mine.split())
        values = dict(kv.split("=") for kv in markers[seat].split()[1:])
        assert "Your secret markers: " + ", ".join(f"{k} {v}" for k, v in values.items()) in mine
        for other in set(range(3)) - {seat}:
            theirs = dict(kv.split("=") for kv in markers[other].split()[1:])
            if theirs != values:
                assert ", ".join(f"{k} {v}" for k, v in theirs.items()) not in mine
        assert not re.search(r"red=\d", mine)


def test_hotseat_piped_hands_over_before_the_next_hand_is_drawn() -> None:
    proc = run_script("play", "bittersweet", "--hotseat", "--seed", "3",
                      stdin="take a1\ntake b1\ntake c1\nquit\n")
    out = proc.stdout
    first_hand = out.index("> Player 1 (P1)")
    handover = out.index("Player 2, take the device.")
    assert first_hand < handover < out.index("Player 2, your move>")
    assert "=" * 78 in out[first_hand:handover]
    between = out[first_hand:handover]
    assert "Player 2, your move>" not in between and "> Player 2 (P2)" not in between


def test_hotseat_on_a_terminal_clears_and_waits_for_the_next_player() -> None:
    state = st.game("bittersweet").new(2, 3)
    script = ScriptIO(["", "take a1", "take b1", "", "", "take c1"], interactive=True)
    play = TerminalPlay(state, frozenset({0, 1}), {}, script, ["Ann", "Bob"], bot_rngs={})
    play.run()
    out = script.out.getvalue()
    ask = out.index("Bob, take the device and press Enter")
    hide = out.index("Ann, press Enter to hide your screen and pass the device to Bob")
    assert out.rindex("salted-caramel", 0, hide) < hide < out.rindex(CLEAR, 0, ask)
    assert out.rindex("your hand: salted-caramel", 0, ask) < out.rindex(CLEAR, 0, ask)
    after = out[ask:]
    assert after.index(CLEAR) < after.index("> Bob (P2)")  # cleared again once Bob is there
    assert out.index("Ann, take the device and press Enter") < out.index("> Ann (P1)")
