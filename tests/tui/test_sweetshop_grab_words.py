"""Sweet Shop in the terminal says "Grab 3 only" only when a Multipack could add a second card
with the same dice (a real choice, as the browser does); a plain grab reads "Grab 3 with 2 and
4" (it said "only" whenever one card was grabbed, Multipack or not)."""

from __future__ import annotations

import random
import re

import sweettooth as st
from sweettooth.tui.games import Ctx, face_for


def test_only_is_said_when_a_multipack_could_add_a_card() -> None:
    face = face_for("sweetshop")
    ctx = Ctx(seat=0, names=["You"])
    game = st.game("sweetshop")
    plain = choice = 0
    for seed in range(40):
        state = game.new(1, seed=seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            view = state.view(0)
            legal = view["legal_actions"]
            multi = {(a.split()[1], a.split()[3]) for a in legal if re.match(r"grab \d,\d ", a)}
            for a in legal:
                m = re.fullmatch(r"grab (\d) with (\d)\+(\d)", a)
                if not m:
                    continue
                words = face.describe(a, view, ctx)
                dice = sorted(m.group(2, 3))
                extends = any(m.group(1) in pair.split(",") and sorted(d.split("+")) == dice
                              for pair, d in multi)
                assert (" only" in words) == extends, (a, words, sorted(multi))
                assert words.endswith(f"with {m.group(2)} and {m.group(3)}"), words
                choice += extends
                plain += not extends
            state.apply(rng.choice(state.legal_actions()))
    assert plain and choice, (plain, choice)  # both cases were met
