"""Hints: the medium bot's move for a seat's view, with a plain-language reason.

A hint is a function of the view alone: the same view (even after a JSON round trip, or as the
view of a state whose hidden parts were dealt again) gives the same hint, and its move is the
medium level's choice with the hint's own seed.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import time
from collections.abc import Iterator
from functools import cache

import pytest

import sweettooth as st
from sweettooth.agents import Hint, HintError, difficulty, hint
from sweettooth.agents.hints import hint_seed
from sweettooth.core import JSON, State
from sweettooth.games.bittersweet.components import load_components
from sweettooth.games.bittersweet.position import arrange
from sweettooth.games.bonbons.game import BonbonsGame
from sweettooth.games.lechocolat.game import position as chocolate_position
from sweettooth.games.sweetnose.components import KINDS
from sweettooth.games.sweetnose.positions import position as sweetnose_position
from sweettooth.games.sweetnose.positions import sweets

ROWS = [
    ["red lollipop", "red caramel", "red toffee", "red nougat"],
    ["blue lollipop", "blue caramel", "blue toffee", "blue nougat"],
]
GAMES = ("bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop")


def positions(gid: str, count: int = 12) -> Iterator[State]:
    """`count` positions of a game reached by random play, each with a seat to move, going
    round its player counts and variants."""
    game = st.game(gid)
    settings = [(n, v) for n in game.player_counts() for v in game.variants()]
    seed = 0
    found = 0
    while found < count:
        seed += 1
        rng = random.Random(f"{gid}/{seed}")
        players, variant = settings[seed % len(settings)]
        state: State = game.new(players, seed, **variant)
        for _ in range(rng.randrange(0, 60)):
            if state.to_move is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.to_move is not None:
            found += 1
            yield state


@cache
def _choc_ids() -> frozenset[str]:
    return frozenset(c.id for c in load_components().chocs if "-" in c.id or "_" in c.id)


DEVELOPER_WORDS = [
    (re.compile(r"\b[Pp]\d"), "seat notation such as P1 or p0.2"),
    (re.compile(r"\bseat\b", re.I), "the word seat"),
    (re.compile(r"\b[A-Z]{2}-R?\d"), "a rule id"),
    (re.compile(r"[_{}\[\]]|None|\bid\b"), "code leaking into text"),
    (re.compile(r"medium bot"), "the fallback reason"),
]


def plain(reason: str) -> None:
    """The reason is a short sentence with no developer words."""
    assert reason and reason == reason.strip() and len(reason) < 240, reason
    for pattern, what in DEVELOPER_WORDS:
        assert not pattern.search(reason), f"{what} in {reason!r}"
    for cid in _choc_ids():
        assert cid not in reason, f"internal id {cid!r} in {reason!r}"


@pytest.mark.parametrize("gid", GAMES)
def test_hint_is_a_legal_move_with_a_plain_reason(gid: str) -> None:
    actions = set()
    for state in positions(gid):
        view = state.view(state.to_move)
        h = hint(gid, view)
        assert isinstance(h, Hint)
        assert h.action in view["legal_actions"]
        plain(h.reason)
        actions.add(h.action.split()[0])
    assert actions, "no hint at all"


@pytest.mark.parametrize("gid", GAMES)
def test_hint_is_the_medium_bots_move_and_the_same_for_the_same_view(gid: str) -> None:
    game = st.game(gid)
    medium = difficulty(gid, "medium")
    for state in positions(gid):
        seat = state.to_move
        view = state.view(seat)
        h = hint(game, view)
        chosen = medium.choose(game, view, state.legal_actions(), random.Random(hint_seed(view)))
        assert h.action == str(chosen)
        assert hint(gid, view) == h  # a game id works as well as the Game
        assert hint(game, json.loads(json.dumps(view))) == h  # as sent over a WebSocket
        assert hint(game, dict(reversed(view.items()))) == h  # key order does not matter


@pytest.mark.parametrize("gid", GAMES)
def test_hint_does_not_change_when_the_hidden_parts_are_dealt_again(gid: str) -> None:
    game = st.game(gid)
    for state in positions(gid, 4):
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        h = hint(game, view)
        for k in range(4):
            world = game.sample(view, seat, k)
            assert hint(game, world.view(seat)) == h


def test_hint_is_refused_to_spectators_other_seats_and_finished_games() -> None:
    game = st.game("bonbons")
    state = game.new(3, 5)
    mover = state.to_move
    assert mover == 0
    with pytest.raises(HintError, match="spectator"):
        hint(game, state.view(None))
    with pytest.raises(HintError, match="Player 1's turn"):
        hint(game, state.view(1))
    with pytest.raises(HintError, match="not of 'lechocolat'"):
        hint("lechocolat", state.view(0))
    done = st.game("lechocolat").new(2, 1)
    rng = random.Random(1)
    while done.to_move is not None:
        done.apply(rng.choice(done.legal_actions()))
    with pytest.raises(HintError, match="over"):
        hint("lechocolat", done.view(0))


def test_names_name_the_other_players_and_never_the_asker() -> None:
    # p1 knows p0's red lollipop is in their row and where its square is: a sure theft
    game = BonbonsGame()
    state = game.arrange(2, ROWS,
                         grid={"a1": "red lollipop", "a2": "yellow toffee"})
    for move in ("a2", "p0.1", "a1", "p1.1"):  # both flip and miss; a1 shows red lollipop
        state.apply(game.parse_action(state, move))
    view = state.view(0)
    # p0 now remembers a1 (red lollipop) and its own p0.1 (red lollipop): a sure match
    h = hint(game, view, names=["Ann", "Bob"])
    assert h.action == "a1"
    assert "Ann" not in h.reason and "your 1st round tile is a red lollipop" in h.reason
    thief = game.arrange(2, ROWS,
                         grid={"a1": "red lollipop", "a2": "yellow toffee", "b2": "green toffee"})
    for move in ("a1", "p1.1", "a2", "p0.1", "b2", "p1.2"):
        thief.apply(game.parse_action(thief, move))
    # now p1 moves: it remembers a1 (red lollipop) and p0.1 (red lollipop), owned by Ann
    h = hint(game, thief.view(1), names=["Ann", "Bob"])
    assert h == Hint("a1", "flip a1: you saw a red lollipop there and Ann's 1st tile is a red "
                           "lollipop: steal it")
    assert "Player 1" in hint(game, thief.view(1)).reason


# -- one position per game, with what the reason must say --------------------------------------


def test_le_chocolat_claim_names_its_points_and_the_majority() -> None:
    # Classic Box: dark +2, milk +1; most dark +3. Row 1 is dark, dark, milk, then mint.
    up = ["dark", "dark", "milk", "mint", "mint", "mint", "mint"] + ["hazelnut"] * 28
    state = chocolate_position(up, ["blank"] * 35, card="classic")
    game = state.game
    for move in ("split a1:g5 at 2", "split a1:g1 at d"):  # seat 1 cuts off a1:c1
        state.apply(game.parse_action(state, move))
    view = state.view(1)
    assert view["legal_actions"] == ["claim a1:c1"]
    h = hint(game, view)
    assert h.action == "claim a1:c1"
    assert h.reason.startswith("claim 2 Dark and 1 Milk: +8 points")  # 2 + 2 + 1 + 3
    assert "takes the Dark majority" in h.reason
    assert h.reason.endswith("it would be worth +8 points to your opponent")  # what it denies


def test_le_chocolat_split_says_what_it_lets_you_claim() -> None:
    up = ["dark", "dark", "milk", "mint", "mint", "mint", "mint"] + ["hazelnut"] * 28
    state = chocolate_position(up, ["blank"] * 35, card="classic")
    game = state.game
    state.apply(game.parse_action(state, "split a1:g5 at 2"))
    h = hint(game, state.view(1))
    # the best first claim in sight is the dark, dark, milk corner: +8
    assert h.action == "split a1:g1 at d", h
    assert h.reason.startswith(
        "split off 2 Dark and 1 Milk to claim next: +8 points and takes the Dark majority")
    assert h.reason.endswith("your opponent can then take nothing that scores")  # mint, or 4+


def test_bonbons_stop_says_nothing_matches() -> None:
    game = BonbonsGame()
    state = game.arrange(2, ROWS,
                         grid={"a1": "yellow toffee"})
    state.apply(game.parse_action(state, "a1"))
    # a yellow toffee shows; nobody has seen a round yellow toffee: flip an own tile or stop
    h = hint(game, state.view(0))
    if h.action == "stop":
        assert "no round tile that matches the yellow toffee" in h.reason
    else:
        slot = ["p0.1", "p0.2", "p0.3", "p0.4"].index(h.action)
        nth = ["1st", "2nd", "3rd", "4th"][slot]
        assert h.reason == (f"flip your {nth} tile: nobody has seen a round yellow toffee, so it "
                            "may be one of your unseen tiles")


def test_bonbons_give_back_names_the_victim_and_says_why_that_tile() -> None:
    game = BonbonsGame()
    state = game.arrange(2, ROWS, grid={"a1": "red lollipop", "a2": "yellow toffee"})
    for move in ("a2", "p0.1", "a1", "p0.1"):  # Bob remembers Ann's red lollipop and steals it
        state.apply(game.parse_action(state, move))
    view = state.view(1)
    assert view["phase"] == "give back"
    h = hint(game, view, names=["Ann", "Bob"])
    nth = ["1st", "2nd", "3rd", "4th"][["give p1.1", "give p1.2", "give p1.3",
                                        "give p1.4"].index(h.action)]
    assert h.reason == (f"give Ann your {nth} tile: nobody has seen it, so you know least about "
                        "where its pair is")


def _sweet_points(view: JSON, seat: int, plates: list[list[int]], bowls: list[list[int]],
                  market: list[int]) -> int:
    markers = [view["markers"][k] for k in KINDS]
    return sum((plates[seat][k] + bowls[seat][k]) * (markers[k] + market[k]) for k in range(5))


def test_sweet_nose_exchange_names_your_points_before_and_after() -> None:
    plates = [sweets(red=4, green=4), sweets(brown=4, pink=4), sweets(yellow=4, red=4)]
    market = sweets(red=1, green=1, pink=1)
    markers = [[1, 2, 3, 4, 5], [5, 4, 1, 2, 3], [5, 2, 4, 3, 1]]
    state = sweetnose_position(3, plates=plates, market=market, markers=markers)
    view = state.view(0)
    h = hint(state.game, view)
    action = state.game.parse_action(state, h.action)
    bowls = [[0] * 5 for _ in range(3)]
    before = _sweet_points(view, 0, plates, bowls, market)
    after = state.copy()
    after.apply(action)
    v2 = after.view(0)
    sp = _sweet_points(
        v2, 0, [[v2["plates"][0][k] for k in KINDS]], [[v2["bowls"][0][k] for k in KINDS]],
        [v2["market"][k] for k in KINDS],
    )
    assert before == 4 * (1 + 1) + 4 * (2 + 1)  # red 4 x (marker 1 + 1 in the market), green
    assert f"your sweet points from {before} to {sp}" in h.reason, h
    assert sp < before


def test_sweet_shop_eat_names_points_and_bonus() -> None:
    game = st.game("sweetshop")
    state = game.position(  # type: ignore[attr-defined]
        shelf=["2C", "3C", "4C", "5C", "6C", "7C"], deck=["8C", "9C", "10C"],
        basket=["9S"], white=(4, 5, 1, 1), discard=(3, 3))
    h = hint(game, state.view(0))
    assert h.action == "eat 9S with 4+5"
    # the other pair, 1+1, can only grab from position 1
    assert h.reason == ("eat the 9 of Spades with 4+5: +1 point and a lasting bonus, the Flavour "
                        "Changer; then 1+1 can grab the 2 of Clubs")


def test_bittersweet_take_names_the_choc_and_your_yum() -> None:
    game = st.game("bittersweet")
    state = game.new(2, 1)
    arrange(state, up={"b2": "toffee-crunch", "c3": "key-lime"}, hands={0: [], 1: []},
            yum={0: ["heart"]}, yuck={0: ["white"]}, current=0)
    h = hint(game, state.view(0))
    assert h.action == "take b2"
    assert h.reason.startswith("take Toffee Crunch (4 points, matches your YUM! heart) from b2")
    assert h.reason.endswith("the best Choc you know of")


@pytest.mark.slow
def test_print_hint_times() -> None:
    """A benchmark, not a check: the mean and slowest time of a hint (the medium bot's move
    and its reason) over 20 random positions per game, on this machine.
    `pytest tests/agents/test_hint.py -m slow -s -p no:cacheprovider`"""
    for gid in GAMES:
        game = st.game(gid)
        warm = next(positions(gid, 1))
        hint(game, warm.view(warm.to_move))  # load the game's data files first
        times = []
        for state in positions(gid, 20):
            view = state.view(state.to_move)
            start = time.perf_counter()
            hint(game, view)
            times.append(time.perf_counter() - start)
        print(f"{gid:12s} hint: mean {statistics.mean(times) * 1000:6.2f} ms, "
              f"slowest {max(times) * 1000:6.2f} ms over {len(times)} positions")
