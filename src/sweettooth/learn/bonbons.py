"""The guided first game of Bonbons: two players, the standard 6x6 grid, seed 1, so that a coin,
a failed flip, a round tile flipped first and a theft come up in the first turns."""

from __future__ import annotations

from .lesson import Lesson, Step

LESSON = Lesson(
    game="bonbons",
    players=2,
    seed=1,
    intro=("Bonbons is a memory game. The 6x6 grid holds 36 square tiles face down: 32 candies "
           "(8 candies in 4 colours), 3 coins and 1 empty wrapper. In front of each player lie "
           "round tiles face down, the same candies, which nobody has seen, you included. The "
           "first player to have every round tile of their own face up wins. Every face turned "
           "down again must be remembered: this lesson reminds you of the ones it needs."),
    steps=(
        Step("A go flips one square and one round tile, in either order, and every flip is "
             "seen by all. Start with a square nobody has seen: flip e5 (highlighted).",
             "e5"),
        Step("e5 is a coin. When the first flip of a go is a coin you may go on flipping "
             "squares only: three coins in a row cover one of your round tiles, which then "
             "counts as found. Any other flip ends your turn, and you remember no other coin, "
             "so stop here.", "stop"),
        Step("Candy Bot flipped a square and one of its round tiles: no match, so both went "
             "face down and its turn ended. Your turn: flip f6, a square nobody has seen.",
             "f6"),
        Step("f6 is a yellow lollipop. Now flip one of your own round tiles: the same candy in "
             "the same colour is a match (the square stays face up for good, your tile is found "
             "and you go again); anything else and both go face down, your turn ends. Flip your "
             "4th tile.", "p0.4"),
        Step("You may also flip a round tile first: then you know which square you are looking "
             "for. Flip your 3rd round tile.", "p0.3"),
        Step("A blue liquorice. Nobody has seen that square yet, so try a new one: d4.", "d4"),
        Step("Flip your 2nd round tile first this time.", "p0.2"),
        Step("A yellow jelly bean: nobody knows where its square is. Try e2.", "e2"),
        Step("e2 was the second coin, but a coin after a round tile is simply no match. Now "
             "look: Candy Bot's 2nd round tile is a yellow lollipop, and you saw the yellow "
             "lollipop square at f6. Flip f6 first.", "f6"),
        Step("A theft: flip the opponent's face-down tile that matches the square showing. "
             "Flip Candy Bot's 2nd tile.", "p1.2"),
        Step("Stolen! Its tile comes face up to you, and you give Candy Bot one of your own "
             "face-down tiles, your choice (it arrives face down). Give your 2nd tile, the "
             "yellow jelly bean whose square nobody has seen. Then you go again.",
             "give p0.2"),
        Step("The empty wrapper, when flipped, stays face up, you draw a round tile from the "
             "pile and your turn ends. That is every rule. Your choice now: flip a square or a "
             "round tile."),
    ),
    outro=("The game is over: a player ended a turn with every round tile face up. The winner "
           "scores 1, the others 0; here is each player's count of tiles."),
)
