"""ISMCTS backups (issue 33: certain gains are never thrown away for a line the search averages
lower). A node's value is the expectation over what its mover then sees of its best own
continuation, not the mean of every iteration through it, which averages in the poor
follow-ups the search is still trying."""

from __future__ import annotations

import pytest

from sweettooth.agents.ismcts import ISMCTSAgent, Node, Search


def backed_up(agent: ISMCTSAgent, path: list[Node], outcomes: list[Node],
              rewards: list[float]) -> None:
    search = Search.__new__(Search)
    search.agent = agent
    search.backup(path, outcomes, rewards)


def turn_of_choices(good: float, poor: float, tries: int) -> tuple[Node, list[Node]]:
    """Seat 0's move `eat` followed by its own choices: one good follow-up and three poor ones,
    each tried `tries` times, every one open each time."""
    eat = Node(0)
    follow_ups = [Node(0, born=1) for _ in range(4)]
    for k, child in enumerate(follow_ups):
        eat.children[f"f{k}"] = child
    agent = ISMCTSAgent(iterations=10)
    for _ in range(tries):
        eat.reached += 1
        for k, child in enumerate(follow_ups):
            child.avail = eat.reached
            backed_up(agent, [eat, child], [], [good if k == 0 else poor])
    return eat, follow_ups


def test_a_move_scores_as_its_best_own_follow_up() -> None:
    eat, _ = turn_of_choices(good=0.9, poor=0.1, tries=5)
    assert eat.total / eat.visits == pytest.approx(0.3)  # the mean averages the poor ones in
    assert eat.value == pytest.approx(0.9)


def test_follow_ups_open_only_sometimes_are_not_maximized() -> None:
    """A follow-up legal in only some imagined worlds (chance decided it) is no sure thing: the
    value is then the mean (which the search's own mix of follow-ups earned), neither the 0.9
    of the good follow-up nor the 0.1 of the best one always open."""
    eat, follow_ups = turn_of_choices(good=0.9, poor=0.1, tries=5)
    follow_ups[0].avail -= 1  # once not legal when the search got there
    eat.visits -= 1  # recompute from the poor follow-ups' side
    eat.total -= 0.1
    backed_up(ISMCTSAgent(iterations=10), [eat], [], [0.1])
    assert eat.value == pytest.approx(eat.total / eat.visits)
    assert 0.25 < eat.value < 0.35


def test_another_seats_choices_are_averaged() -> None:
    eat = Node(0)
    reply = eat.children["r"] = Node(1, born=1)
    eat.reached = 1
    for r in (0.2, 0.4, 0.6):
        reply.avail = eat.reached
        backed_up(ISMCTSAgent(iterations=10), [eat, reply], [], [r, 1 - r])
    assert eat.value == pytest.approx(0.4)


def test_under_a_revelation_the_value_is_the_expectation_of_the_best() -> None:
    """With `observe`: two things seen with equal odds, each followed by own choices."""
    agent = ISMCTSAgent(iterations=10, observe=True)
    flip = Node(0)
    flip.outcomes = {"red": Node(0), "blue": Node(0)}
    for seen, (good, poor) in (("red", (1.0, 0.0)), ("blue", (0.5, 0.0))):
        node = flip.outcomes[seen]
        children = [Node(0, born=1), Node(0, born=1)]
        node.children = {"a": children[0], "b": children[1]}
        for _ in range(4):
            node.reached += 1
            for child, reward in zip(children, (good, poor), strict=True):
                child.avail = node.reached
                backed_up(agent, [flip, child], [node], [reward])
    assert flip.value == pytest.approx(0.75)  # (1.0 + 0.5) / 2, the mean would say 0.375


def test_mean_backup_keeps_the_mean() -> None:
    eat = Node(0)
    child = eat.children["f"] = Node(0, born=1)
    eat.reached = 1
    agent = ISMCTSAgent(iterations=10, backup="mean")
    for r in (0.1, 0.9, 0.9):
        backed_up(agent, [eat, child], [], [r])
    assert eat.value == pytest.approx(eat.total / eat.visits)
