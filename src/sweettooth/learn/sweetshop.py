"""The guided first game of Sweet Shop (solo): seed 7, where grabs, the discard dice, eating, a
lasting bonus (Multipack, Sour Cherries) and a moved discard die come up in the first three
turns."""

from __future__ import annotations

from .lesson import Lesson, Step

LESSON = Lesson(
    game="sweetshop",
    players=1,
    seed=7,
    intro=("Sweet Shop is a solo game with a deck of cards and six dice. You Grab sweets "
           "(cards) from the Shelf (six positions, 1 to 6 from the left) into your Basket, then "
           "Eat them into your Tummy. Only eaten sweets score: Jack and Queen 2, King 3, every "
           "other card 1. Eating gives a bonus by suit. The shop shuts when the deck runs out."),
    steps=(
        Step("Each turn rolls 4 white dice and 2 discard dice. Split the white dice into two "
             "pairs; each pair may Grab or Eat. Grab: one die of the pair shows the position of "
             "the card you want. The discard dice mark positions 1 and 2: those cards are "
             "discarded at the end of the turn. Grab position 2 (the 3 of Hearts) with 2+2.",
             "grab 2 with 2+2"),
        Step("The gap was refilled at once from the deck. Your other pair is 4+6: grab position "
             "4, the 2 of Clubs.", "grab 4 with 4+6"),
        Step("Both pairs are used. End the turn: the cards on the marked positions are "
             "discarded out of the game, and the gaps refilled.", "end turn"),
        Step("A new roll. Grab position 4 (the 9 of Hearts) with 4+4.", "grab 4 with 4+4"),
        Step("Grab position 2 (the 7 of Hearts) with 2+4.", "grab 2 with 2+4"),
        Step("End the turn.", "end turn"),
        Step("Eat: a pair whose total equals the number of a card in your Basket moves it to "
             "your Tummy (an Ace is eaten with any pair; Jack 11, Queen 12; a King needs a "
             "bonus). Eat the 9 of Hearts with 3+6. Hearts give the Multipack (lasting): once "
             "per turn a Grab may also take the card at the position of the pair's other die.",
             "eat 9H with 3+6"),
        Step("Eat the 2 of Clubs with 1+1. Clubs and Spades give their bonus only when eaten "
             "with a pair whose rolled total equals the card's number: here it does. Clubs give "
             "Sour Cherries (lasting).", "eat 2C with 1+1"),
        Step("Sour Cherries: once per turn for each you have earned, move a discard die one "
             "position left or right. Move the die on 1 onto 2: both dice then mark one card, "
             "so only one card is discarded (the 6 of Diamonds is saved).", "cherries 1>2"),
        Step("End the turn. (Diamonds give a Sugar Rush: at once Eat one other card from your "
             "Basket with no dice. Spades give the Flavour Changer: count an Eat pair's total as "
             "one more or one less. Instead of using your pairs, a Last Resort grabs any one "
             "card whatever the dice show; then no Grab or Eat that turn.)", "end turn"),
        Step("One more rule: the first time a Jack, Queen or King shows on the Shelf, the "
             "three set-aside cards of its rank become its queue, and when that figure leaves "
             "the Shelf its gap is refilled from the queue. Your choice now."),
    ),
    outro=("The shop has shut: the deck ran out. Only your Tummy scores (Jack and Queen 2, King "
           "3, every other card 1); cards left in your Basket score nothing. The count:"),
)
