"""One name per move (issue 31 item 3): the notation's verb (`split`, `take`, `eat`, ...) is the
one source of a move's name; the terminal app's words, its log, plain mode (which shows the
notation), the help and the browser say that verb, never another word for it. And every code
or symbol a screen draws is said in words on the screen (Bonbons' codes, BitterSweet's
shapes)."""

from __future__ import annotations

import random
import re
from importlib import resources

import pytest

import sweettooth as st
from sweettooth.core.rules_text import plain_rules
from sweettooth.tui.games import face_for
from sweettooth.tui.games.base import Ctx
from sweettooth.tui.games.bittersweet import SHAPE, shape_key
from sweettooth.tui.games.bonbons import COLOURS, SHORT, face_word, legend

# Decisions an ability asks for in BitterSweet: the notation names the choice (`pick c3`,
# `choose P2`, `return x d4` for the Choc that goes where a traded one was), the words say what
# the ability does with it ("look at c3", "take Peanut Bear from c3 in exchange ...").
DECISIONS = {("bittersweet", "pick"), ("bittersweet", "choose"), ("bittersweet", "return")}
# Words the faces once used for a move whose printed verb is another (Le Chocolat: "split").
OTHER_WORDS = {"lechocolat": ("break", "breaks")}


def verbs_said(game_id: str) -> dict[str, list[str]]:
    """Per notation verb of `game_id`, what the terminal app says for it, over seeded games."""
    game = st.game(game_id)
    face = face_for(game_id)
    out: dict[str, list[str]] = {}
    players = max(game.min_players, min(2, game.max_players))
    for seed in range(2):
        state = game.new(players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.to_move is None:
                break
            view = state.view(state.to_move)
            ctx = Ctx(state.to_move, [f"P{i + 1}" for i in range(players)])
            for action in state.legal_actions()[:25]:
                text = str(action)
                verb = text.split()[0]
                if verb.isalpha():
                    out.setdefault(verb, []).append(face.describe(text, view, ctx))
            state.apply(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("game_id", st.games())
def test_every_face_names_a_move_by_its_notation_verb(game_id: str) -> None:
    said = verbs_said(game_id)
    rules = plain_rules(game_id).lower()
    web = (resources.files("sweettooth.server.web") / "js" / "games" / f"{game_id}.js"
           ).read_text(encoding="utf-8").lower()
    for verb, words in said.items():
        if (game_id, verb) in DECISIONS:
            continue
        for w in words:  # the terminal app's words for the move (buttons, log, players line)
            assert re.search(rf"\b{verb}", w.lower()), f"{game_id}: {w!r} does not say {verb!r}"
        assert re.search(rf"\b{verb}", rules), f"{game_id}: the help never says {verb!r}"
    for other in OTHER_WORDS.get(game_id, ()):
        for w in (w for words in said.values() for w in words):
            assert not re.search(rf"\b{other}\b", w.lower()), f"{game_id}: {w!r} says {other}"
        assert not re.search(rf"\b{other}\b", web), f"{game_id}: the browser says {other!r}"


def test_lechocolat_log_and_notation_say_split() -> None:
    game = st.game("lechocolat")
    state = game.new(players=2, seed=3)
    state.apply(state.legal_actions()[0])
    face = face_for("lechocolat")
    view = state.view(0)
    lines = face.log(view, Ctx(0, ["You", "Candy Bot 1"]))
    assert any(re.search(r"\bsplits? a1:g5 at [a-g1-5] \(", ln) for ln in lines), lines
    assert face.describe("split a1:g5 at b", view, Ctx(0, ["You"])) == (
        "split a1:g5 at b (left of column b)")


def test_bonbons_key_explains_every_code_drawn() -> None:
    candies = list(SHORT)
    key = legend(candies)
    for colour in COLOURS:
        assert f"{colour[:1].upper()}" in key.split(":")[1] and colour in key
    for candy in candies:
        code = face_word(f"red {candy}")[1:]
        assert code in key, f"{code} is drawn but not explained"
        rest = candy[len(code):].strip() if candy.startswith(code) else candy
        assert rest in key, f"{code}: {candy!r} not said"


def test_bittersweet_shape_key_names_each_shape_drawn() -> None:
    comps = st.game("bittersweet").components({"cards": "original"})  # type: ignore[attr-defined]
    shown = list(comps.chocs)
    for width in (200, 40):
        key = shape_key(shown, width)
        for shape, mark in SHAPE.items():
            word = "wild" if shape == "animal" else shape
            assert f"{mark}" in key and word[:3] in key, (width, shape, key)
    one = [c for c in shown if c.shape == "heart"][:1]
    assert shape_key(one) == "♥ heart"
    assert shape_key([c for c in shown if c.kind == "veggie"]) == ""
