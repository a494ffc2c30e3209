"""BitterSweet refusals: one test per kind of refused move, each naming why and changing nothing,
and no reason ever names a Choc the player to move cannot see."""

from __future__ import annotations

import random

import pytest

from sweettooth.core import IllegalAction
from sweettooth.games.bittersweet.actions import Pick, Return, Reveal, Take
from sweettooth.games.bittersweet.state import BitterSweetState

from .helpers import GAME, play, position


def refused(s: BitterSweetState, move: object) -> str:
    """The reason `move` (an action or its notation) is refused; the state must not change."""
    before = s.snapshot()
    with pytest.raises(IllegalAction) as caught:
        s.apply(move)
    assert s.snapshot() == before
    assert "legal actions" not in str(caught.value)
    return caught.value.reason


def table(**kw: object) -> BitterSweetState:
    """Two players, P1 to move: Pecan face up in a1, b1 empty, the rest face down."""
    kw.setdefault("up", {"a1": "pecan"})
    kw.setdefault("empty", ["b1"])
    kw.setdefault("hands", {0: ["mango"]})
    return position(**kw)  # type: ignore[arg-type]


# -- turn actions -------------------------------------------------------------------------------
def test_an_empty_space_cannot_be_taken_or_revealed() -> None:
    s = table()
    assert refused(s, "take b1") == "b1 is empty"
    assert refused(s, "reveal b1") == "b1 is empty"


def test_a_space_off_the_box_is_named_with_the_box_size() -> None:
    assert refused(table(), "take g1") == "there is no space g1; the box runs from a1 to e4"


def test_an_action_object_whose_label_names_another_space_is_refused() -> None:
    """Built by hand through the library: an action is legal only if it is exactly a legal one,
    label included (a `Take` of c1 labelled "a1" must not pass as either)."""
    s = table()
    legal = {str(a): a for a in s.legal_actions()}
    take, reveal = legal["take c1"], legal["reveal c1"]
    assert isinstance(take, Take) and isinstance(reveal, Reveal)
    with pytest.raises(IllegalAction):
        s.apply(Take(take.cell, "a1"))
    with pytest.raises(IllegalAction):
        s.apply(Reveal(reveal.cell, "d4"))
    before = s.snapshot()
    s.apply(Take(take.cell, take.label))  # an equal object, built anew, is the legal move
    assert s.snapshot() != before


def test_a_face_up_choc_cannot_be_revealed() -> None:
    assert refused(table(), "reveal a1") == "a1 is already face up"


def test_only_a_choc_in_your_hand_can_be_returned() -> None:
    s = table()
    assert refused(s, "return pecan b1") == "you do not hold Pecan"
    assert refused(s, "return fudge b1") == "there is no Choc called 'fudge'"


def test_a_choc_is_returned_to_an_empty_space_only() -> None:
    assert refused(table(), "return mango c1") == (
        "c1 is not an empty space: a Choc can only be returned to an empty one"
    )


def test_no_return_once_the_empty_wrapper_stack_is_empty() -> None:
    assert refused(table(stack=0), "return mango b1") == (
        "the Empty Wrapper stack is empty, so no Choc can be returned"
    )


def test_garlic_cloves_in_hand_blocks_every_return() -> None:
    s = table(hands={0: ["mango", "garlic-cloves"]})
    assert refused(s, "return mango b1") == (
        "you hold Garlic Cloves: while you do, you cannot return Chocs"
    )


# -- decisions asked for by abilities ---------------------------------------------------------
def test_a_decision_when_no_ability_asks_for_one() -> None:
    assert refused(table(), "pick c1") == (
        "no ability is asking for a choice now; you have 2 actions left: take, reveal or return "
        "a Choc"
    )


def test_an_ability_is_settled_before_the_turn_goes_on() -> None:
    s = table(down={"c1": "cheesecake"})
    play(s, "reveal c1")  # On Reveal: reveal 2 other face-down Chocs
    assert refused(s, "take a1") == (
        "an ability must be settled first: you must pick 2 face-down Chocs to reveal (Cheesecake)"
    )
    assert refused(s, "choose P2") == "first you must pick 2 face-down Chocs to reveal (Cheesecake)"


def test_picks_are_of_face_down_chocs_not_picked_yet() -> None:
    s = table(down={"c1": "cheesecake"})
    play(s, "reveal c1", "pick d1")
    assert refused(s, "pick a1") == "a1 is face up: pick a face-down Choc"
    assert refused(s, "pick b1") == "b1 is empty"
    assert refused(s, "pick d1") == "you have already picked d1"


def test_a_choc_is_given_from_your_hand_to_another_player() -> None:
    s = table(down={"c1": "vanilla"})  # On Reveal: give a Choc from your hand to another player
    play(s, "reveal c1")
    assert refused(s, "give pecan to P2") == "you do not hold Pecan"
    assert refused(s, "give mango to P1") == "you cannot give a Choc to yourself"
    assert refused(s, "give mango to P3") == "there is no P3 at this table"


def test_a_chosen_player_is_another_one_with_chocs_to_give() -> None:
    s = position(3, down={"c1": "peppermint"}, hands={1: ["mango"]})  # P3's hand is empty
    play(s, "reveal c1")
    assert refused(s, "choose P1") == "choose another player, not yourself"
    assert refused(s, "choose P3") == "P3 has no Chocs to give"


def test_only_a_waiting_on_reveal_ability_can_be_resolved() -> None:
    s = table(up={"a1": "pecan", "c1": "cheesecake", "d1": "hazelnut"})
    s.pending = [s.comps.choc_index("cheesecake"), s.comps.choc_index("hazelnut")]
    s._legal = None
    assert refused(s, "resolve pecan") == "Pecan has no ability waiting to resolve"
    assert refused(s, "take e1") == (
        "an ability must be settled first: you must choose which On Reveal ability resolves next"
    )


# -- text ---------------------------------------------------------------------------------------
def test_notation_is_read_in_any_case() -> None:
    s = table()
    assert GAME.parse_action(s, "TAKE A1") == Take(0, "a1")
    assert GAME.parse_action(s, "Reveal  C1") == Reveal(2, "c1")


def test_text_that_names_no_move_says_what_is_expected() -> None:
    assert refused(table(), "grab a1") == (
        "expected 'take <space>', 'reveal <space>' or 'return <choc> <space>' like "
        "'return mango b1'"
    )
    assert refused(table(stack=0), "eat") == (
        "expected 'take <space>', 'reveal <space>' like 'take a1'"
    )


# -- hidden information -------------------------------------------------------------------------
def test_no_reason_names_a_choc_the_player_to_move_cannot_see() -> None:
    """Every take, reveal, pick and return of a random position is tried; a refusal may name
    the face-up Chocs, the mover's hand, the pending abilities and the Choc the move names."""
    rng = random.Random(11)
    chocs = GAME.new(3, seed=0).comps.chocs
    for seed in range(6):
        s = GAME.new(3, seed=seed)
        for _ in range(rng.randrange(4, 30)):
            if s.to_move is None:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.to_move is None:
            continue
        seat = s.to_move
        seen = {x for c, x in enumerate(s.box) if x >= 0 and s.up[c]}
        seen |= set(s.hands[seat]) | set(s.pending)
        tries: list[object] = []
        for c, name in enumerate(s.cell_names):
            tries += [Take(c, name), Reveal(c, name), Pick(c, name)]
            tries += [Return(x.index, c, f"{x.id} {name}") for x in chocs]
        for action in tries:
            if s._is_legal(action):
                continue
            reason = s.refusal(action)
            allowed = seen | {getattr(action, "choc", -1)}
            rest = reason
            for x in sorted(chocs, key=lambda x: -len(x.name)):  # Peanut Butter before Peanut
                if x.index in allowed:
                    rest = rest.replace(x.name, "")
            assert not [x.name for x in chocs if x.name in rest], (action, reason)
