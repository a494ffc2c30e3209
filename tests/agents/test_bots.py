"""The bots: they decide from views alone, by name, per difficulty level, and ISMCTS searches
sensibly (it finds the winning move of a small Nim)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sweettooth as st
from sweettooth.agents import (
    LEVELS,
    Agent,
    BonbonsMemoryAgent,
    HeuristicAgent,
    ISMCTSAgent,
    LevelAgent,
    difficulty,
    make_agent,
)
from sweettooth.agents.ismcts import win_and_score
from sweettooth.core import JSON, Result, State

from ..cli.nim import Nim, NimState, Take


def _midgame(gid: str, seed: int, moves: int) -> State:
    game = st.game(gid)
    state: State = game.new(game.min_players if gid != "sweetnose" else 3, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_move is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _bots(gid: str) -> list[Agent]:
    bots: list[Agent] = [
        HeuristicAgent(),
        HeuristicAgent(epsilon=0.5),
        ISMCTSAgent(iterations=12, rollout="random"),
        ISMCTSAgent(iterations=4, rollout="heuristic", epsilon=0.2, samples=2),
    ]
    if gid == "bonbons":
        bots.append(BonbonsMemoryAgent(forget=0.3))
        bots.append(ISMCTSAgent(iterations=10, rollout="random", observe=True, prior=1.0))
        bots.append(ISMCTSAgent(iterations=8, rollout="heuristic", observe=True, widen=1.0))
    if gid == "lechocolat":
        bots.append(ISMCTSAgent(iterations=20, samples=4, prior=1.0, depth=0))
    bots.append(difficulty(gid, "easy"))
    return bots


@pytest.mark.parametrize("gid", st.games())
def test_a_bots_choice_is_unchanged_when_the_hidden_parts_are_redealt(gid: str) -> None:
    """Bots only get views: re-deal everything the seat cannot see (game.sample, consistent
    with its view) and every bot, with the same rng seed, makes the same choice."""
    game = st.game(gid)
    checked = 0
    for seed, moves in ((1, 3), (2, 9), (3, 20)):
        state = _midgame(gid, seed, moves)
        seat = state.to_move
        if seat is None:
            continue
        view = state.view(seat)
        for k in (11, 12):
            other = game.sample(view, seat, 1000 + k)
            assert other.view(seat) == view
            for bot in _bots(gid):
                here = bot.choose(game, view, state.legal_actions(), random.Random(seed))
                there = bot.choose(
                    game, other.view(seat), other.legal_actions(), random.Random(seed)
                )
                assert str(here) == str(there), (bot.name, seed)
                checked += 1
    assert checked > 0


class SeenNim(Nim):
    """Nim (no hidden information) whose `sample` rebuilds the state from the view."""

    def sample(self, view: JSON, seat: int, seed: int) -> NimState:
        s = self._new(view["players"], seed, dict(view["options"]))
        s.heap, s.mover, s.taken = view["heap"], view["to_move"], list(view["taken"])
        s.last = (s.mover - 1) % s.players
        s.log = list(view["log"])
        return s


@pytest.mark.parametrize(("stones", "best"), [(7, 3), (10, 2), (5, 1)])
def test_ismcts_finds_the_winning_nim_move(stones: int, best: int) -> None:
    """Take 1-3; whoever takes the last stone wins: leave a multiple of 4."""
    game = SeenNim()
    state = game.new(2, 0, stones=stones)
    agent = ISMCTSAgent(iterations=1500, rollout="random", score_weight=0.0)
    choice = agent.choose(game, state.view(0), state.legal_actions(), random.Random(3))
    assert choice == Take(best)


def test_ismcts_is_a_function_of_view_and_rng_with_an_iteration_budget() -> None:
    state = _midgame("sweetshop", 4, 2)
    game, view, legal = state.game, state.view(0), state.legal_actions()
    agent = ISMCTSAgent(iterations=40)
    picks = {str(agent.choose(game, view, legal, random.Random(8))) for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_with_only_a_time_budget_stops() -> None:
    state = _midgame("lechocolat", 2, 2)
    agent = make_agent("ismcts:seconds=0.05")
    assert isinstance(agent, ISMCTSAgent) and agent.iterations is None
    assert agent.choose(state.game, state.view(0), state.legal_actions(), random.Random(0)) in (
        state.legal_actions()
    )


def test_rewards_mix_win_share_and_score_and_respect_lowest_wins() -> None:
    """Sweet Nose: the lowest score wins, so it earns the score part of the reward."""
    low = win_and_score(Result([10.0, 30.0, 20.0], [0], {"lowest_wins": True}), 0.5)
    assert low == [1.0, 0.0, 0.25]
    high = win_and_score(Result([10.0, 30.0, 20.0], [1]), 0.5)
    assert high == [0.0, 1.0, 0.25]
    tie = win_and_score(Result([4.0, 4.0], [0, 1]), 0.25)
    assert tie == [0.5, 0.5]


@pytest.mark.parametrize("gid", st.games())
@pytest.mark.parametrize("level", LEVELS)
def test_every_game_has_every_level(gid: str, level: str) -> None:
    agent = difficulty(gid, level)
    assert isinstance(agent, Agent) and agent.name == level
    state = _midgame(gid, 5, 1)
    seat = state.to_move
    assert seat is not None
    if level != "hard":  # hard searches for a second or so; its budget is checked below
        choice = agent.choose(state.game, state.view(seat), state.legal_actions(),
                              random.Random(0))
        assert choice in state.legal_actions()


@pytest.mark.parametrize("gid", st.games())
def test_hard_is_a_budgeted_search(gid: str) -> None:
    hard = difficulty(gid, "hard")
    assert isinstance(hard, ISMCTSAgent)
    assert hard.seconds is not None and hard.seconds < 2.0
    assert hard.iterations is not None


def test_difficulty_names_valid_choices() -> None:
    with pytest.raises(ValueError, match="valid levels: easy, medium, hard"):
        difficulty("lechocolat", "expert")
    with pytest.raises(ValueError, match="no difficulty levels for game 'chess'"):
        difficulty("chess", "easy")


def test_level_agent_plays_the_level_of_the_game_at_hand() -> None:
    agent = make_agent("medium")
    assert isinstance(agent, LevelAgent) and agent.name == "medium"
    for gid in ("lechocolat", "sweetshop"):
        state = _midgame(gid, 1, 0)
        legal = state.legal_actions()
        assert agent.choose(state.game, state.view(0), legal, random.Random(1)) in legal


@pytest.mark.parametrize(
    ("name", "kind", "settings"),
    [
        ("heuristic", HeuristicAgent, {"epsilon": 0.0}),
        ("heuristic:epsilon=0.3", HeuristicAgent, {"epsilon": 0.3}),
        ("memory:forget=0.5", BonbonsMemoryAgent, {"forget": 0.5}),
        ("ismcts:iterations=50,rollout=heuristic", ISMCTSAgent,
         {"iterations": 50, "rollout": "heuristic"}),
        ("ismcts:seconds=0.5,samples=8", ISMCTSAgent, {"seconds": 0.5, "samples": 8}),
        ("ismcts:observe=1,prior=2,depth=0,widen=0.5", ISMCTSAgent,
         {"observe": True, "prior": 2.0, "depth": 0, "widen": 0.5}),
    ],
)
def test_make_agent_reads_settings(name: str, kind: type, settings: dict[str, Any]) -> None:
    agent = make_agent(name)
    assert isinstance(agent, kind)
    for key, value in settings.items():
        assert getattr(agent, key) == value


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("genius", "unknown agent 'genius'; valid agents: random, heuristic, memory, ismcts"),
        ("heuristic:depth=3", "has no setting 'depth=3'; settings: epsilon"),
        ("ismcts:iterations=many", "bad value for iterations"),
        ("ismcts:observe=maybe", "bad value for observe: 'maybe'"),  # not read as "off"
        ("ismcts:sensible=of", "bad value for sensible"),
        ("ismcts:rollout=smart", "rollout must be one of random, heuristic"),
        ("heuristic:epsilon=2", "epsilon must be a probability"),
    ],
)
def test_make_agent_names_what_is_wrong(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(name)


def test_memory_player_is_for_bonbons_only() -> None:
    state = _midgame("lechocolat", 1, 0)
    with pytest.raises(ValueError, match="plays Bonbons only"):
        BonbonsMemoryAgent().choose(state.game, state.view(0), state.legal_actions(),
                                    random.Random(0))


def test_le_chocolat_evaluation_cuts_rollouts_short() -> None:
    """depth=0 scores each new leaf with heuristics.evaluate: win chances of the two seats."""
    from sweettooth.games.lechocolat.heuristics import evaluate

    state = _midgame("lechocolat", 6, 10)
    chances = evaluate(state.view(None))
    assert len(chances) == 2 and sum(chances) == pytest.approx(1.0)
    assert all(0.0 < p < 1.0 for p in chances)
    seat = state.to_move
    assert seat is not None
    agent = make_agent("ismcts:iterations=30,depth=0,prior=1")
    legal = state.legal_actions()
    assert agent.choose(state.game, state.view(seat), legal, random.Random(1)) in legal


def test_depth_cut_offs_need_an_evaluation() -> None:
    state = _midgame("sweetshop", 1, 4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    assert seat is not None
    with pytest.raises(ValueError, match=r"no heuristics\.evaluate"):
        ISMCTSAgent(iterations=5, depth=0).choose(
            state.game, state.view(seat), state.legal_actions(), random.Random(0)
        )


def test_widening_keeps_the_tree_on_the_heuristics_move_at_first() -> None:
    """With progressive widening and few iterations, the root has few children and the
    heuristic's move is among them (it is expanded first)."""
    from sweettooth.agents.heuristic import heuristic_for
    from sweettooth.agents.ismcts import Search

    state = _midgame("bonbons", 2, 6)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    agent = ISMCTSAgent(iterations=9, rollout="heuristic", widen=1.0, prior=1.0)
    search = Search(agent, state.game, view, random.Random(4))
    search.root.hint = str(heuristic_for("bonbons")(view, state.legal_actions(), random.Random(4)))
    search.run()
    children = search.root.children
    assert search.root.hint in children
    assert len(children) <= 1 + 1.0 * 3  # at most 1 + sqrt(9) actions opened
    assert len(children) < len(state.legal_actions())


def _searching(gid: str, seed: int, moves: int) -> State:
    """A position a few moves in where the seat to move has a real choice."""
    state = _midgame(gid, seed, moves)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def _rollout_stages(state: State, horizon: bool) -> tuple[int, set[int]]:
    """Run a small search; (the round of the root, the rounds its rollout policy played in)."""
    from sweettooth.agents.ismcts import Search

    seat = state.to_move
    assert seat is not None
    agent = ISMCTSAgent(iterations=6, rollout="heuristic", horizon=horizon)
    search = Search(agent, state.game, state.view(seat), random.Random(3))
    seen: set[int] = set()
    policy = search.policy

    def spy(s: State) -> Any:
        seen.add(s.stage())
        return policy(s)

    search.policy = spy
    search.run()
    assert search.iterations == 6
    return state.stage(), seen


def test_horizon_ends_rollouts_with_the_round() -> None:
    """BitterSweet with `horizon`: rollouts stop when the round ends (then heuristics.evaluate
    scores the round wins); without it they play the later rounds too."""
    state = _searching("bittersweet", 3, 4)
    root, seen = _rollout_stages(state, horizon=True)
    assert root == 1 and seen == {1}
    root, seen = _rollout_stages(state, horizon=False)
    assert max(seen) > root


def test_bittersweet_evaluation_is_the_chance_to_win_from_round_wins() -> None:
    from sweettooth.games.bittersweet.heuristics import evaluate, win_chances

    assert win_chances((0, 0)) == (0.5, 0.5)
    assert win_chances((2, 0)) == (1.0, 0.0)
    three = win_chances((1, 0, 0))
    assert sum(three) == pytest.approx(1.0) and three[0] > three[1] == three[2]
    values = evaluate({"seats": [{"round_wins": 0}, {"round_wins": 1}]})
    assert values[1] > 0.5 > values[0]


def test_a_rollout_past_the_deadline_is_dropped_and_the_heuristics_move_played() -> None:
    """The wall-time cap holds inside an iteration: a rollout running past the deadline is cut
    off and counts for nothing; with no finished iteration the bot plays the heuristic's move."""
    import time

    from sweettooth.agents.heuristic import heuristic_for
    from sweettooth.agents.ismcts import Search

    state = _searching("bittersweet", 5, 2)
    seat = state.to_move
    assert seat is not None
    view, legal = state.view(seat), state.legal_actions()
    search = Search(ISMCTSAgent(iterations=5, rollout="heuristic"), state.game, view,
                    random.Random(1))
    search.root.hint = str(heuristic_for("bittersweet")(view, legal, random.Random(1)))
    assert search.iterate(deadline=time.perf_counter() - 1.0) is False
    assert search.iterations == 0
    assert all(child.visits == 0 for child in search.root.children.values())
    assert str(search.best(legal)) == search.root.hint
    for _ in range(len(legal) + 2):  # the search goes on, through the child left unvisited
        assert search.iterate() is True
    assert search.iterations == len(legal) + 2


def test_yes_no_settings_read_both_ways() -> None:
    for text, value in (("true", True), ("1", True), ("yes", True), ("false", False),
                        ("0", False), ("no", False)):
        agent = make_agent(f"ismcts:iterations=5,sensible={text},observe={text}")
        assert isinstance(agent, ISMCTSAgent)
        assert agent.sensible is value and agent.observe is value
