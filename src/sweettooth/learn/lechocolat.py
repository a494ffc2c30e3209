"""The guided first game of Le Chocolat: seed 7, where a claim with a blank tile, a piece left
small on the table and a majority come up in the first turns."""

from __future__ import annotations

from .lesson import Lesson, Step

LESSON = Lesson(
    game="lechocolat",
    players=2,
    seed=7,
    intro=("Le Chocolat: two players split a chocolate bar of 35 double-sided tiles (7 wide, 5 "
           "high) and claim small pieces. The up side of every tile is public; the down side "
           "is hidden from both players until you claim the tile (then only you may look). The "
           "scoring card, drawn at random, is public: it gives points per tile of each flavour "
           "(some negative), points per complete set of its listed flavours, and majority "
           "bonuses. Most points wins."),
    steps=(
        Step("A turn: split one piece (a group, in the printed rules) of two or more tiles in two "
             "along one full straight line between its rows or columns (pieces are always "
             "rectangles), then, if any piece "
             "has 3 tiles or fewer, claim one of them. Split the whole bar along the line just "
             "left of column c.", "split a1:g5 at c"),
        Step("Candy Bot split off two tiles and claimed them: a claimed piece goes in front of "
             "its owner. Now split a2:b5 along the line above row 5, leaving a Milk and a "
             "blank tile on their own.", "split a2:b5 at 5"),
        Step("a5:b5 has 2 tiles: claim it. A claimed tile whose up side is blank scores as its "
             "down side's flavour, which you may now look at and your opponent may not (blank "
             "on both sides: discarded at the end).", "claim a5:b5"),
        Step("Split b2:b4 along the line above row 3: it leaves a Milk and a Raspberry to "
             "claim. A small piece you do not claim stays on the table for a later turn, for "
             "either player.", "split b2:b4 at 3"),
        Step("Claim b3:b4.", "claim b3:b4"),
        Step("Majorities: the player with strictly more tiles of a flavour scores its bonus (a "
             "tie, 0-0 included, scores nothing). Split g1:g5 above row 4: the top three hold a "
             "Mint.", "split g1:g5 at 4"),
        Step("Claim g1:g3. When every piece on the table is a single tile there is nothing to "
             "split: the turn is just the claim of one tile.", "claim g1:g3"),
        Step("That is every rule. Your choice now: split a piece, then claim a small one."),
    ),
    outro=("The game is over: every tile is claimed. Each tile scores as its up side's flavour, "
           "or its down side's when the up side is blank; then the card's sets and majorities. "
           "Most points wins; tied, the player with more tiles claimed. The count:"),
)
