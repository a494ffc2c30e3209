"""The revised BitterSweet Chocs' new decisions in plain mode: each is told in words ("you
must ...") and made by its menu number or its typed notation; then the game goes on to its end.
The position: tests/web/bittersweet_scenario.
"""

from __future__ import annotations

import random

from sweettooth.cli.play import TerminalPlay
from tests.web.bittersweet_scenario import PLAYERS, ScenarioBot, scenario

from .test_hidden import ScriptIO

# (what the human types, words the screen before it must show: the decision in progress)
LINE = [
    ("reveal a1", None),
    ("2", "Ability of lavender in progress: you must choose whose hand to look at; only you"),
    ("reveal b1", None),
    ("choose P2", "Ability of matcha in progress: you must choose a player: you take a Choc at"),
    ("1", "Ability of green-olive in progress: you must give Candy Bot 2 a Choc of your choice"),
    ("reveal c1", None),
    ("pick e1", "Ability of macadamia in progress: you must pick a face-up Choc to swap for one"),
    ("return banana e1", "you must choose the Choc from your hand that goes face up in e1"),
]


def test_every_new_decision_by_number_or_notation_then_the_end() -> None:
    state = scenario()
    script = ScriptIO([typed for typed, _ in LINE] + ["1"] * 60)
    names = ["You", "Candy Bot 2", "Candy Bot 3"]
    play = TerminalPlay(state, frozenset({0}), {s: ScenarioBot(s) for s in range(1, PLAYERS)},
                        script, names, bot_rngs={s: random.Random(s) for s in range(1, PLAYERS)})
    play.run()
    out = script.out.getvalue()
    at = 0
    for typed, words in LINE:
        ask = out.index(f"Your move> {typed}\n", at)
        if words:
            before = " ".join(out[at:ask].split())
            assert words in before, before[-600:]
        at = ask + 1
    assert "You look at Candy Bot 3's hand: Pistachio." in out
    assert "You take a Choc at random from Candy Bot 2's hand: " in out
    assert "You give Pecan to Candy Bot 2." in out
    assert "You take Banana from e1 to trade." in out and "You put Banana face up in e1." in out
    assert [str(a) for a in state.history[:2]] == ["reveal a1", "choose P3"]
    assert state.to_move is None, "the game did not reach its end"
