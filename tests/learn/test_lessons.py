"""The lessons (issue 35 item 4) as pure logic: each lesson's scripted path is legal end to end
and the same every time (its bots play the hint's move, a function of their view); a move the
step does not ask for is refused with a friendly line and plays nothing; after the script the
learner's moves are free and the bot can finish; the end holds the count of the score."""

from __future__ import annotations

import pytest

import sweettooth as st
from sweettooth.agents import hint
from sweettooth.core.errors import UnknownGame
from sweettooth.learn import LESSONS, Lesson, LessonError, Step, lesson, refusal, walk

GAMES = sorted(LESSONS)


def scripted(les: Lesson) -> list[str]:
    return [s.expect for s in les.steps if s.expect is not None]


def test_every_title_has_a_lesson() -> None:
    assert sorted(st.games()) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_scripted_path_is_legal_to_the_end(game: str) -> None:
    les = lesson(game)
    moves = scripted(les)
    for i, move in enumerate(moves):
        m = walk(les, moves[:i])
        assert m.number == i + 1 and m.scripted and not m.can_finish
        assert m.expect == move and move in m.view["legal_actions"], (game, i, move)
        assert m.say == les.steps[i].say
    after = walk(les, moves)
    assert not after.over and after.can_finish and after.expect is None
    end = walk(les, moves, finish=True)
    assert end.over and end.score and end.say.startswith(les.outro)
    assert end.view["result"] is not None


@pytest.mark.parametrize("game", GAMES)
def test_the_same_moves_give_the_same_game(game: str) -> None:
    les = lesson(game)
    moves = scripted(les)
    a, b = walk(les, moves, finish=True), walk(les, moves, finish=True)
    assert a.view == b.view and a.score == b.score


@pytest.mark.parametrize("game", GAMES)
def test_bots_explain_their_moves_with_the_hint(game: str) -> None:
    les = lesson(game)
    moves = scripted(les)
    news = [b for i in range(len(moves) + 1) for b in walk(les, moves[:i]).bots]
    if les.players > 1:
        assert news, f"the {game} lesson shows no bot move"
    for b in news:
        assert b.reason and b.name == les.names[b.seat]
        assert b.reason in b.words and b.label in b.words


def test_a_bot_move_and_its_reason_come_from_the_hint() -> None:
    les = lesson("lechocolat")
    game = st.game("lechocolat")
    state = game.new(players=2, seed=les.seed)
    state.apply(game.parse_action(state, les.steps[0].expect or ""))
    want = hint(game, state.view(1), les.names)
    first = walk(les, [les.steps[0].expect or ""]).bots[0]
    assert (first.action, first.reason) == (want.action, want.reason)


@pytest.mark.parametrize("game", GAMES)
def test_a_move_the_step_does_not_ask_for_is_refused(game: str) -> None:
    les = lesson(game)
    m = walk(les, [])
    other = next(a for a in m.view["legal_actions"] if a != m.expect)
    why = refusal(m, other)
    assert why is not None and "Not that one yet" in why
    with pytest.raises(LessonError, match="move 1"):
        walk(les, [other])
    assert refusal(m, m.expect or "") is None


def test_free_moves_after_the_script() -> None:
    les = lesson("bonbons")
    moves = scripted(les)
    m = walk(les, moves)
    free = m.view["legal_actions"][-1]
    assert refusal(m, free) is None
    assert walk(les, [*moves, free]).number == len(moves) + 2


def test_bad_input_is_named() -> None:
    with pytest.raises(UnknownGame, match="lessons: "):
        lesson("chess")
    les = lesson("bonbons")
    with pytest.raises(LessonError, match="not a move you can make"):
        walk(les, ["z9"])
    with pytest.raises(ValueError, match="after a free choice"):
        Lesson("bonbons", 2, 1, "", (Step("any"), Step("then e5", "e5")), "")


def test_over_game_refuses_moves() -> None:
    les = lesson("sweetshop")
    end = walk(les, scripted(les), finish=True)
    assert refusal(end, "end turn") == "This game is over: start a real game to play on."
