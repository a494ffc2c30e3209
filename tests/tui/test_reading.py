"""Typed moves are read as the screen writes them: the words of the hint and the choice list,
players' names where the notation has seats, and a ':' typed again into the move line."""

from __future__ import annotations

import random
from functools import partial

import pytest

import sweettooth as st
from sweettooth.core import State, SweetToothError
from sweettooth.tui.games import face_for
from sweettooth.tui.games.base import Ctx
from sweettooth.tui.reading import names_to_seats, plain, read_move

from .helpers import GAMES, make_app, names, settle
from .test_keys import _refusable_trade, status

pytestmark = pytest.mark.anyio


async def _type(pilot: object, app: object, text: str) -> None:
    await pilot.press("colon", *text, "enter")  # type: ignore[attr-defined]
    await settle(pilot, app)  # type: ignore[arg-type]


def _unique_words(state: State, ctx: Ctx) -> list[tuple[str, str]]:
    """(notation, the face's words) of each legal move whose words differ from its notation
    and name no other move."""
    face = face_for(state.game.id)
    view = state.view(ctx.seat)
    said = [(str(a), face.describe(str(a), view, ctx)) for a in state.legal_actions()]
    count: dict[str, int] = {}
    for _, words in said:
        count[plain(words)] = count.get(plain(words), 0) + 1
    return [(n, w) for n, w in said if count[plain(w)] == 1 and plain(w) != plain(n)]


def _worded_turn(game: str, players: int) -> tuple[State, tuple[str, str]]:
    """A position of a seeded random game where seat 0 is to move and some move is written
    in words of its own, and one such move."""
    state = st.game(game).new(players, 3)
    rng = random.Random(game)
    ctx = Ctx(seat=0, names=names(players, [0]))
    while True:
        assert state.to_move is not None, f"{game}: no move ever written in words"
        if state.to_move == 0 and (options := _unique_words(state, ctx)):
            return state, rng.choice(options)
        state.apply(rng.choice(state.legal_actions()))


WORDED = [(g, p) for g, p in GAMES if g != "lechocolat"]
"""Games with moves written in words of their own: Le Chocolat's are its notation ("split a1:g5
at b"), the same name in every face, with only an aside after it."""


@pytest.mark.parametrize(("game", "players"), WORDED)
async def test_the_words_of_a_move_play_that_move(game: str, players: int) -> None:
    state, (notation, words) = _worded_turn(game, players)
    app = make_app(game, players, state=state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        before = len(app.state.history)
        await _type(pilot, app, words)
        assert len(app.state.history) > before, f"{words!r}: {status(app)}"
        assert str(app.state.history[before]) == notation


async def test_the_hint_as_written_plays_the_hinted_move() -> None:
    """Sweet Nose's hint names the other player ("trade your pink for Candy Bot 1's red")."""
    from sweettooth.agents import hint

    state, _, _ = _refusable_trade()
    app = make_app("sweetnose", 3, state=state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        expected = hint(app.game, app.state.view(0), app.names).action
        words = app.face.describe(str(expected), app.view, app.ctx)
        before = len(app.state.history)
        await _type(pilot, app, words)
        assert str(app.state.history[before]) == str(expected)


async def test_a_trade_typed_with_a_players_name_and_a_doubled_colon() -> None:
    state, _, _ = _refusable_trade()
    app = make_app("sweetnose", 3, state=state)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        other = next(a for a in app.state.legal_actions() if str(a).startswith("trade P3 "))
        _, _, kind_give, _, kind_take = str(other).split()
        before = len(app.state.history)
        await _type(pilot, app, f":trade candy bot 2 {kind_give} for {kind_take}")
        assert str(app.state.history[before]) == str(other)


def test_names_longest_first_and_possessive() -> None:
    names = [f"Candy Bot {k}" for k in range(1, 13)]
    assert names_to_seats("give candy bot 12's red", names) == "give P12 red"
    assert names_to_seats("Candy Bot 1", names) == "P1"
    assert names_to_seats("Candy Bot 10x", names) == "Candy Bot 10x"


def test_a_name_inside_a_longer_name_never_takes_its_words() -> None:
    """The longer name wins wherever a shorter one is part of it as whole words ("Ann" in "Ann
    Marie", "Bot" in "Candy Bot"), whatever order the seats come in."""
    for seats in (["Ann", "Ann Marie", "Bot", "Candy Bot"], ["Candy Bot", "Bot", "Ann Marie",
                                                             "Ann"]):
        seat = {n: f"P{k + 1}" for k, n in enumerate(seats)}
        typed = "trade Ann Marie's pink for Ann's red, then Candy Bot and Bot"
        assert names_to_seats(typed, seats) == (
            f"trade {seat['Ann Marie']} pink for {seat['Ann']} red, then "
            f"{seat['Candy Bot']} and {seat['Bot']}")


def test_nothing_matching_raises_the_parsers_error() -> None:
    state = st.game("lechocolat").new(2, 1)
    ctx = Ctx(seat=0, names=["You", "Candy Bot 1"])
    with pytest.raises(ValueError, match="zzz"):
        read_move("zzz", state, ctx, lambda n: [n])
    third = state.legal_actions()[3]
    assert read_move(f"  {str(third).upper()} ", state, ctx, lambda n: [n]) == third


def test_words_naming_several_moves_are_refused_not_guessed() -> None:
    state = st.game("lechocolat").new(2, 1)
    ctx = Ctx(seat=0, names=["You", "Candy Bot 1"])
    with pytest.raises(ValueError, match=r"could be \d+ moves"):
        read_move("break it", state, ctx, lambda n: ["break it"])


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("game", sorted({g for g, _ in GAMES}))
def test_every_move_read_back_from_its_words_is_itself(game: str, players: int) -> None:
    """In seeded random games, every legal move's notation and every way the screen words it,
    typed back, is that move: never another, and never words that name several (so what the
    hint or the choice list says can always be typed)."""
    g = st.game(game)
    players = min(max(players, g.min_players), g.max_players)
    face = face_for(game)
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        state: State = g.new(players, seed)
        while (seat := state.to_move) is not None and checked < 3000:
            ctx = Ctx(seat=seat, names=names(players, [seat]))
            view = state.view(seat)
            legal = state.legal_actions()
            words = partial(face.words, view=view, ctx=ctx)
            if len(legal) <= 60 or rng.random() < 0.2:
                for action in legal:
                    for typed in [str(action), *words(str(action))]:
                        got = read_move(typed, state, ctx, words, face.seat_token)
                        assert str(got) == str(action), (game, typed, str(got))
                        checked += 1
            state.apply(rng.choice(legal))
    assert checked > 100


def test_bonbons_names_seats_from_zero_and_tiles_as_tips_say() -> None:
    state = st.game("bonbons").new(3, 1)
    assert state.to_move == 0
    face = face_for("bonbons")
    ctx = Ctx(seat=0, names=["You", "Candy Bot 1", "Candy Bot 2"])
    view = state.view(0)

    def read(text: str) -> str:
        return str(read_move(text, state, ctx, lambda n: face.words(n, view, ctx),
                             face.seat_token))

    assert read("Candy Bot 1.1") == "p1.1"
    assert read("your tile 2") == "p0.2"
    assert read("Candy Bot 2's tile 1") == "p2.1"
    assert read("flip your tile 3") == "p0.3"


def test_le_chocolat_a_tile_names_the_piece_holding_it() -> None:
    """In the claim phase a tile ("f1", "claim g1") names the claimable piece holding it; a
    tile of a piece too big to claim is refused with that piece named."""
    state = st.game("lechocolat").new(2, 1)
    for move in ("split a1:g5 at 2", "split a1:g1 at e"):
        state.apply(move)
    face = face_for("lechocolat")
    seat = state.to_move
    assert seat is not None
    ctx = Ctx(seat=seat, names=names(2, [seat]))
    view = state.view(seat)

    def read(text: str) -> str:
        return str(read_move(text, state, ctx, lambda n: face.words(n, view, ctx)))

    assert read("f1") == read("claim G1") == read("e1:g1") == "claim e1:g1"
    assert "or one of its tiles" in face.prompt(view, ctx)
    with pytest.raises(ValueError, match="b3 is part of a2:g5, which has 28 tiles"):
        read("claim b3")


def test_bonbons_a_tile_names_the_gift_and_refusals_name_the_victim() -> None:
    """When a thief must give a round tile back, the tile alone ("p0.4", "your tile 4") is
    the gift; a move refused then names the victim as the screen does (the engine counts
    people from 1, P2, and the notation seats from 0, p1)."""
    game = st.game("bonbons")
    rng = random.Random(4)
    for seed in range(200):
        state = game.new(3, seed)
        while state.to_move is not None:
            legal = [str(a) for a in state.legal_actions()]
            if all(a.startswith("give ") for a in legal):
                break
            state.apply(rng.choice(state.legal_actions()))
        else:
            continue
        break
    else:
        pytest.fail("no seeded game reached a gift")
    seat = state.to_move
    assert seat is not None
    face = face_for("bonbons")
    ctx = Ctx(seat=seat, names=names(3, [seat]))
    view = state.view(seat)
    gift = str(state.legal_actions()[0])
    tile = gift.removeprefix("give ")
    slot = tile.split(".")[1]
    read = partial(read_move, state=state, ctx=ctx,
                   words=lambda n: face.words(n, view, ctx), token=face.seat_token)
    assert str(read(tile)) == str(read(f"your tile {slot}")) == gift
    with pytest.raises(SweetToothError) as refused:
        read("stop")
    reason = face.reason(str(refused.value), ctx)
    victim = next(ctx.name(s) for s in range(3)
                  if s != seat and f"to {ctx.name(s)}" in reason)
    assert victim != "You" and "P1" not in reason and "P2" not in reason and "P3" not in reason
