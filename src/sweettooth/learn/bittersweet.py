"""The guided first game of BitterSweet: two players, the printed cards (`cards=original`, the
default), seed 1, where take, reveal, an On Reveal ability, an "If face-down when taken" ability
and a chain of reveals come up in the first turns."""

from __future__ import annotations

from .lesson import Lesson, Step

LESSON = Lesson(
    game="bittersweet",
    players=2,
    seed=1,
    options={"cards": "original"},
    intro=("BitterSweet: take the Chocs you like from the box and leave the ones you don't. "
           "Each round you hold one Preference card under YUM! (each matching Choc in your "
           "hand earns points) and one under YUCK! (matching Chocs cost you those points); only "
           "you see them. The box holds 20 Chocs face down (2 players). The highest score wins "
           "the round; the first to win 2 rounds wins the game."),
    steps=(
        Step("A turn is exactly 2 actions (the same one may be taken twice): take a Choc, face "
             "up or face down, into your secret hand; reveal a face-down Choc in the box; or "
             "return a Choc from your hand face down to an empty space and take an Empty "
             "Wrapper. Look before you take: reveal e1.", "reveal e1"),
        Step("Toffee, worth 3 points. Your second action: take it into your hand.", "take e1"),
        Step("Candy Bot revealed Lemon, whose On Reveal ability let it look at 2 face-down "
             "Chocs (abilities never use up actions). It took a3 face down: Blackberry, whose "
             "\u201cIf face-down when taken\u201d ability was read aloud and put it back face up "
             "where it was. Take the Blackberry (4 points) from a3.", "take a3"),
        Step("Hands are secret: the others see which cell you took from and how many Chocs "
             "you hold. Reveal e3.", "reveal e3"),
        Step("Caramel Bunny: an animal-shaped wild, scored at round end (it counts as a "
             "matching Choc for every YUM! card). Reveal c2.", "reveal c2"),
        Step("Cookie Dough, 3 points: take it.", "take c2"),
        Step("Reveal c3. An On Reveal ability fires for the player who flips the Choc.",
             "reveal c3"),
        Step("Lavender: \u201creveal 2 other face-down Chocs\u201d. Pick the first one, a4 "
             "(careful: a face-down Choc may be a veggie, with negative points).", "pick a4"),
        Step("Pick the second one, b4. An ability is done in its entirety or not at all.",
             "pick b4"),
        Step("That is how a turn goes. The round ends at the end of a turn when every Choc in "
             "the box is face up or every player has 2 or more Empty Wrappers (at once when "
             "the box is empty). Your choice now."),
    ),
    outro=("The game is over: a player has won 2 rounds. Each round scored every hand: the "
           "Chocs' points (veggies negative), plus YUM! and minus YUCK! by the number of "
           "matching Chocs. The count:"),
)
