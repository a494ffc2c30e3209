"""`sweettooth.review`: each decision judged from the seat's view, in JSON a browser can use."""

from __future__ import annotations

import json
import random

import pytest

import sweettooth as st
from sweettooth.agents import RandomAgent, difficulty, play_out
from sweettooth.agents.hints import GAMES, People
from sweettooth.core import RecordError, State
from sweettooth.games.bittersweet.heuristics import known_cells, values
from sweettooth.review import CLASSES, METHOD, THRESHOLDS, judge, review_agent
from sweettooth.review.settings import TOP_UP


def played(game_id: str, players: int, seed: int, agents: list[str] | None = None) -> State:
    state = st.game(game_id).new(players, seed)
    bots = [RandomAgent() if a == "random" else difficulty(game_id, a)
            for a in (agents or ["medium"] * players)]
    return play_out(state, bots, [random.Random(seed + s) for s in range(players)])


def decisions(state: State, seat: int, every: int = 3) -> list[tuple[State, str]]:
    """(state before, move played) at every `every`-th decision of `seat` in a finished game."""
    game = state.game
    at = game.new(state.players, state.record()["seed"], **state.record()["options"])
    found = []
    for text in state.record()["actions"]:
        if at.to_move == seat and len(at.legal_actions()) > 1:
            found.append((at.copy(), text))
        at.apply(game.parse_action(at, text))
    return found[::every]


@pytest.mark.parametrize(("game_id", "players"), [("bittersweet", 3), ("bonbons", 2),
                                                  ("sweetnose", 3)])
def test_fair_mode_reads_only_the_seats_view(game_id: str, players: int) -> None:
    """Re-deal everything the seat could not see (a state sampled from its view): the fair
    verdict is the same under the same seed; the hindsight verdict, which sees the deal, is not
    (at some decision), so the comparison can tell."""
    game = st.game(game_id)
    agent = review_agent(game_id, 40)
    hindsight_differs = False
    for state, move in decisions(played(game_id, players, 11), 1)[:5]:
        view = state.view(1)
        redealt = game.sample(view, 1, 99)
        assert redealt.view(1) == view
        assert judge(game, state, 1, move, agent, 5) == judge(game, redealt, 1, move, agent, 5)
        hindsight_differs |= (judge(game, state, 1, move, agent, 5, hindsight=True)
                              != judge(game, redealt, 1, move, agent, 5, hindsight=True))
    assert hindsight_differs


def test_review_json_per_decision() -> None:
    state = played("lechocolat", 2, 4)
    calls: list[tuple[int, int]] = []
    result = st.review(state, 0, iterations=60, seed=3,
                       progress=lambda done, total: calls.append((done, total)))
    data = json.loads(json.dumps(result.to_json()))
    moves = data["moves"]
    expected = [ply for ply, (s, _m) in enumerate(_all(state)) if s.to_move == 0
                and len(s.legal_actions()) > 1]
    assert [m["ply"] for m in moves] == expected
    assert calls == [(i, len(expected)) for i in range(1, len(expected) + 1)]
    assert data["mode"] == "fair" and data["unit"] == "win share" and data["iterations"] == 60
    assert data["method"] == METHOD["lechocolat"]
    assert sum(data["counts"].values()) == len(moves)
    read, explain = GAMES["lechocolat"]
    actions = state.record()["actions"]
    for m in moves:
        before = _all(state)[m["ply"]][0]
        assert m["played"] == actions[m["ply"]]
        assert m["loss"] == pytest.approx(max(0.0, m["best_value"] - m["played_value"]), abs=2e-4)
        assert (m["class"] == "best") == (m["best"] == m["played"])
        if m["class"] != "best":
            assert m["class"] == THRESHOLDS["lechocolat"].classify(m["loss"], False)
        view = before.view(0)
        legal = read(view)
        best = next(a for a in legal if str(a) == m["best"])
        assert m["reason"] == explain(view, best, legal, People(0))
    assert st.review(state, 0, iterations=60, seed=3).to_json() == result.to_json()


def _all(state: State) -> list[tuple[State, str]]:
    game = state.game
    at = game.new(state.players, state.record()["seed"], **state.record()["options"])
    out = []
    for text in state.record()["actions"]:
        out.append((at.copy(), text))
        at.apply(game.parse_action(at, text))
    return out


def test_both_values_rest_on_a_quarter_of_the_budget() -> None:
    """The move played and the best move found are each searched to at least TOP_UP of the
    budget (forced at the root), however seldom the search itself chose the move played (here
    moves played at random, most of which it visits a few times)."""
    game = st.game("lechocolat")
    agent = review_agent("lechocolat", 40)
    for state, move in decisions(played("lechocolat", 2, 6, ["random", "medium"]), 0, 2)[:6]:
        verdict = judge(game, state, 0, move, agent, 5)
        assert min(verdict.played_visits, verdict.best_visits) >= TOP_UP * 40, verdict
        assert verdict.visits >= 40


def test_random_moves_lose_more_than_the_medium_bots() -> None:
    """Seat 0 plays at random, seat 1 is the medium bot: the review finds the random seat's
    moves worse (a larger mean loss, more mistakes and blunders)."""
    loss = {0: 0.0, 1: 0.0}
    bad = {0: 0, 1: 0}
    n = {0: 0, 1: 0}
    for seed in range(3):
        state = played("lechocolat", 2, seed, ["random", "medium"])
        for seat in (0, 1):
            r = st.review(state, seat, iterations=100, seed=seed)
            loss[seat] += sum(m.loss for m in r.moves)
            n[seat] += len(r.moves)
            bad[seat] += r.counts()["mistake"] + r.counts()["blunder"]
    assert loss[0] / n[0] > 2 * loss[1] / n[1]
    assert bad[0] > bad[1]


def test_sweetshop_values_are_expected_scores() -> None:
    state = played("sweetshop", 1, 2)
    result = st.review(state, 0, iterations=30)
    assert result.unit == "points" and result.moves
    final = state.result()
    assert final is not None
    assert any(m.best_value > 1.0 for m in result.moves)  # points, not a share in [0, 1]
    assert all(m.cls in CLASSES for m in result.moves)


def random_position(game_id: str, players: int, seed: int, ply: int) -> State:
    """The position after `ply` random moves (each drawn by `random.Random(seed)`)."""
    state: State = st.game(game_id).new(players, seed)
    rng = random.Random(seed)
    for _ in range(ply):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(("seed", "ply", "worst", "good"),
                         [(0, 62, "take e2", "take c4"), (8, 58, "take e2", "take c1")])
def test_bittersweet_counts_points_given_away_in_a_lost_round(
        seed: int, ply: int, worst: str, good: str) -> None:
    """BitterSweet is judged in points: the seat's expected score in the round minus the best
    other seat's. Far behind in a round (a margin of minus 5 points or worse), taking a
    face-up Choc that costs the seat points, where one worth 3 or more is up, is still a
    mistake: a share of the game's win would call it next to nothing lost, the round being
    lost either way, yet the points are what the seat gave away."""
    state = random_position("bittersweet", 3, seed, ply)
    view = state.view(0)
    worth = values(view)
    known = known_cells(view)
    assert state.to_move == 0
    assert worth(known[worst.split()[1]]) < 0 and worth(known[good.split()[1]]) >= 3
    verdict = judge(state.game, state, 0, worst, review_agent("bittersweet"), 7)
    thresholds = THRESHOLDS["bittersweet"]
    assert thresholds.unit == "round margin"
    assert verdict.best_value < -5.0, verdict  # far behind in the round, in points
    assert verdict.loss >= thresholds.mistake, verdict
    assert thresholds.classify(verdict.loss, False) in ("mistake", "blunder")


def test_hindsight_is_labelled_and_bad_input_is_refused() -> None:
    state = played("lechocolat", 2, 1)
    assert st.review(state, 1, iterations=20, hindsight=True).mode == "hindsight"
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        st.review(state, 2)
    record = state.record()
    with pytest.raises(RecordError, match="does not replay"):
        st.review({**record, "actions": [*record["actions"][:3], "claim z9:z9"]}, 0)
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        st.review(state, 0, iterations=0)
