"""The guided first game of Sweet Nose: three players, seed 7, short rounds (`max_turns=3`: Phase
2 ends after three turns each, SN-5), so that the market, a count and a store come up soon."""

from __future__ import annotations

from .lesson import Lesson, Step

LESSON = Lesson(
    game="sweetnose",
    players=3,
    seed=7,
    options={"max_turns": 3},
    intro=("Sweet Nose: rate five kinds of sweets in secret, trade so that you end up holding "
           "what you rated low, and keep your sweet points (SP) low: after three rounds the "
           "lowest total wins. Each player has a plate and a bowl; the market always holds 3 "
           "sweets. This lesson's rounds are short: Phase 2 ends after 3 turns each (option "
           "max_turns; 10 by default) or at once when a plate is empty."),
    steps=(
        Step("Phase 1: give each of the five kinds one of your markers 1 to 5, in secret. At the "
             "count each of your sweets (plate and bowl) scores its kind's marker plus the "
             "tokens of that kind in the market. You hold 3 brown and 3 yellow: rate brown 1, "
             "yellow 2, red 3, green 4, pink 5.",
             "markers red=3 green=4 brown=1 pink=5 yellow=2"),
        Step("Phase 2: a turn is exactly one exchange, of two sweets of different kinds. With "
             "the market: a sweet from your plate goes to the market, a market sweet to your "
             "plate. Swap your red for the market's brown.", "market red for brown"),
        Step("The other exchange is with an opponent: a sweet from your plate goes to their "
             "bowl, a sweet from their plate to your bowl. Candy Bot and Toffee Bot have "
             "played. Now swap your red for the market's yellow.", "market red for yellow"),
        Step("Your last turn of this round: swap your yellow for the market's brown.",
             "market yellow for brown"),
        Step("Round 1 is counted: all markers are revealed and each round's SP added to the "
             "totals. The highest total takes the thunder god and starts the next round. Then, "
             "from the highest total down, each player takes a store tile allowed by this "
             "round's SP (nobody has one in round 1). Take store 7: exchange a sweet with the "
             "market.", "take store 7"),
        Step("Round 2: rate the kinds again, for what you hold now: brown 1, yellow 2, pink 3, "
             "red 4, green 5.", "markers red=4 green=5 brown=1 pink=3 yellow=2"),
        Step("Swap your pink for the market's yellow.", "market pink for yellow"),
        Step("A store tile is used at most once per round, before or after your exchange. It "
             "does not help now: end your turn.", "end turn"),
        Step("Trade with an opponent: your yellow goes to Toffee Bot's bowl, Toffee Bot's brown "
             "comes to your bowl.", "trade P3 yellow for brown"),
        Step("That is every rule. Your choice now: use your store or end your turn."),
    ),
    outro=("The game is over after three rounds: the lowest total SP wins (ties share the win). "
           "Each round: count x (marker + tokens of that kind in the market) per kind. The "
           "count:"),
)
