"""The balance lab: estimates, each game's component statistics against the game's own
numbers, the summary, and the `sweettooth balance` report (self-contained HTML, --compare)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import sweettooth as st
from sweettooth.agents import make_agent, seat_rngs
from sweettooth.arena.balance.components import observe, tables
from sweettooth.arena.balance.page import render
from sweettooth.arena.balance.runner import BalanceSpec, RunClock, play_one, run_balance
from sweettooth.arena.balance.summary import distribution, summarise
from sweettooth.arena.balance.timing import POOL_START, local_estimate, ray_slower, run_note
from sweettooth.cli.main import app
from sweettooth.core import State


def _played(game_id: str, players: int, seed: int) -> State:
    game = st.game(game_id)
    state: State = game.new(players, seed)
    agent, rngs = make_agent("medium"), seat_rngs(seed, players)
    while (seat := state.to_move) is not None:
        state.apply(agent.choose(game, state.view(seat), state.legal_actions(), rngs[seat]))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_le_chocolat_components_add_up_to_the_score(seed: int) -> None:
    state = _played("lechocolat", 2, seed)
    seen = observe("lechocolat", state)
    result = state.result()
    assert result is not None
    for seat, sheet in enumerate(seen["seats"]):
        assert sum(sheet["points"].values()) == pytest.approx(result.scores[seat])
    assert seen["card"] in json.dumps(state.view(None)["scoring_card"])


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_bonbons_thefts_and_coin_runs_match_the_tally(seed: int) -> None:
    state = _played("bonbons", 3, seed)
    counts = observe("bonbons", state)["counts"]
    result = state.result()
    assert result is not None
    tally = result.details["tally"]
    assert counts["thefts"] == [t["stolen"] for t in tally]
    assert counts["coin runs"] == [t["covered"] for t in tally]


def test_sweet_nose_stores_are_held_in_the_round_after_they_are_taken() -> None:
    state = _played("sweetnose", 3, 7)
    seen = observe("sweetnose", state)
    log = state.view(None)["log"]
    takes = [line for line in log if re.match(r"^P\d takes store", line)]
    assert seen["held"][0] == {}  # nobody holds a store in round 1
    # stores taken after the last round are never held, so held <= taken
    assert 0 < sum(len(h) for h in seen["held"]) <= len(takes)
    for r, holders in enumerate(seen["held"]):
        assert all(store in holders for store in seen["used"][r])  # only a holder uses one


def test_sweet_shop_bonuses_are_counted_from_the_log() -> None:
    state = _played("sweetshop", 1, 8)
    seen = observe("sweetshop", state)
    log = "\n".join(state.view(None)["log"])
    assert seen["used"]["Multipack"] == log.count("(Multipack)")
    assert seen["gained"]["Sour Cherries"] == len(re.findall(r"Sour Cherries \d+ \(lasting\)", log))
    assert seen["used"]["Sugar Rush"] == log.count("sugar rush ")


def test_bittersweet_round_win_rates_count_every_held_choc_and_card() -> None:
    spec = BalanceSpec("bittersweet", 3, games=4, seed=3)
    games = run_balance(spec, workers=1)
    chocs, prefs, rounds = tables("bittersweet", games, 3)
    all_rounds = [r for g in games for r in g["components"]["rounds"]]
    held = sum(len(set(hand)) for r in all_rounds for hand in r["hands"])
    assert sum(row[1] for row in chocs["rows"]) == held
    wins = sum(row[2]["k"] for row in chocs["rows"])
    expected = sum(len(set(r["hands"][w])) / len(r["winners"])
                   for r in all_rounds for w in r["winners"])
    assert wins == pytest.approx(expected)
    yum = sum(row[1]["n"] for row in prefs["rows"])
    assert yum == sum(len(r["yum"][s]) for r in all_rounds for s in range(3))
    assert rounds["rows"][0][1] == len(all_rounds)


def test_summary_seat_rates_share_out_every_game() -> None:
    spec = BalanceSpec("bonbons", 3, games=9, seed=2)
    s = summarise(spec, run_balance(spec, workers=1))
    assert sum(e["value"] for e in s["seats"]) == pytest.approx(1.0)
    assert len(s["series"]["running"]) == 3  # a convergence curve for every seat
    for seat, curve in enumerate(s["series"]["running"]):
        assert curve[-1][0] == 9 and curve[-1][1] == pytest.approx(s["seats"][seat]["value"])
    assert s["length"]["min"] <= s["length"]["value"] <= s["length"]["max"]


def test_game_seeds_come_from_the_run_seed_and_index() -> None:
    spec = BalanceSpec("lechocolat", 2, games=3, seed=9)
    assert play_one(spec, 2) == run_balance(spec, workers=1)[2]
    assert play_one(spec, 1)["seed"] != play_one(spec, 2)["seed"]


def _balance(tmp_path: Path, *args: str) -> tuple[dict[str, Any], str]:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["balance", *args, "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), out.read_text(encoding="utf-8")


def test_report_is_self_contained_with_plots_and_component_tables(tmp_path: Path) -> None:
    data, html = _balance(tmp_path, "bonbons", "--players", "3", "-n", "6", "--seed", "1",
                          "--workers", "1")
    assert html.count("data:image/svg+xml;base64,") == 4  # seats, wins, length, convergence
    assert not re.search(r"(src|href)=\"(https?:)?//", html) and "<script" not in html
    for heading in ("Seat and first-player advantage", "Win distribution",
                    "Game length", "Convergence", "Thefts, coin runs and wrapper draws"):
        assert heading in html
    assert len(html.encode()) < 1_000_000
    assert data["runs"][0]["games"] == 6 and "series" not in data["runs"][0]
    timing = data["timing"][0]
    assert (timing["backend"], timing["games"], timing["ray_slower"]) == ("local", 6, False)
    assert timing["game_cpu"] > 0 and "6 games on the local pool with 1 worker(s)" in html


def test_compare_gives_b_the_options_after_the_flag(tmp_path: Path) -> None:
    data, html = _balance(tmp_path, "sweetnose", "--players", "3", "-n", "4", "--seed", "2",
                          "--workers", "1", "-o", "max_turns=5", "--compare", "-o",
                          "variation=sky")
    a, b = data["runs"]
    assert (a["options"]["variation"], b["options"]["variation"]) == ("basic", "sky")
    assert a["options"]["max_turns"] == b["options"]["max_turns"] == 5
    d = data["difference"]["first_player"]
    assert d["value"] == pytest.approx(a["first_player"]["value"] - b["first_player"]["value"])
    assert "A − B" in html and "Stores" in html
    stores_a, stores_b = (next(t for t in run["components"] if t["title"] == "Stores")
                          for run in (a, b))
    stores_d = next(t for t in data["difference"]["components"] if t["title"] == "Stores")
    held_b = {row[0]: row[1] for row in stores_b["rows"]}
    for row_a, row_d in zip(stores_a["rows"], stores_d["rows"], strict=True):
        assert all(c != "" for c in row_d[1:]), row_d  # every A - B cell is filled
        # rounds held is a count: its A - B is the plain difference
        assert row_d[1] == {"kind": "count", "value": row_a[1] - held_b[row_a[0]]}
    assert "shared_wins" in data["difference"] and "winning_score" in data["difference"]


@pytest.mark.parametrize(("game", "players", "title"), [
    ("bonbons", 2, "Wins"), ("bittersweet", 2, "Rounds won"), ("lechocolat", 2, "Scores"),
])
def test_scores_are_shown_by_what_they_count(game: str, players: int, title: str) -> None:
    """Bonbons scores 1 or 0 and BitterSweet counts rounds won: a histogram of such scores says
    nothing, so their table gives each seat's share of games by outcome (rows sum to 1)."""
    spec = BalanceSpec(game, players, games=6, seed=4)
    games = run_balance(spec, workers=1)
    dist = summarise(spec, games)["distribution"]
    assert dist["title"] == title and len(dist["rows"]) == players + (title == "Scores")
    if title == "Scores":
        assert [r[1]["value"] for r in dist["rows"][:players]] == pytest.approx(
            [sum(g["scores"][s] for g in games) / 6 for s in range(players)])
        return
    shares = [r[1:] if title == "Wins" else r[2:] for r in dist["rows"]]
    for seat, row in enumerate(shares):
        assert sum(c["value"] for c in row) == pytest.approx(1.0)
        if title == "Rounds won":  # column k: games in which the seat won k rounds
            assert [c["k"] for c in row] == [
                sum(1 for g in games if g["scores"][seat] == k) for k in range(len(row))]
        else:  # won alone, shared, lost
            assert row[0]["k"] == sum(1 for g in games if g["winners"] == [seat])
    html = render([summarise(spec, games)], ["A"])
    assert ("score distributions by seat" in html) is (title == "Scores")


def test_win_table_tells_shared_wins_from_wins_alone() -> None:
    games = [{"winners": [0], "scores": [1.0, 0.0]}, {"winners": [0, 1], "scores": [1.0, 1.0]},
             {"winners": [1], "scores": [0.0, 1.0]}, {"winners": [1], "scores": [0.0, 1.0]}]
    rows = distribution("wins", games, 2)["rows"]
    assert [[c["k"] for c in row[1:]] for row in rows] == [[1, 1, 2], [2, 1, 1]]


def test_report_says_when_ray_was_slower_than_the_local_pool_would_be() -> None:
    """The issue's case: 400 games took Ray 8.7 s where the local pool took 1.5 s."""
    slow = RunClock("ray", 2, 400, wall=8.7, game_cpu=2.0, local_cores=2)
    assert ray_slower(slow) and local_estimate(slow) == pytest.approx(POOL_START + 1.0)
    note = run_note([slow], ["A"])
    assert "for this size the local pool is faster" in note and "8.7 s for 400 games" in note
    cluster = RunClock("ray", 64, 100_000, wall=300.0, game_cpu=9000.0, local_cores=2)
    assert not ray_slower(cluster) and "faster" not in run_note([cluster], ["A"])
    local = RunClock("local", 2, 400, wall=20.0, game_cpu=2.0, local_cores=2)
    assert not ray_slower(local) and "local pool with 2 worker(s)" in run_note([local], ["A"])
