"""The codes of a Bonbons position: square and round tile statuses, the phases of a go, what an
action did and how the turn stood after it (the log)."""

# square statuses
DOWN, SHOWING, MATCHED, WRAPPER_UP, TAKEN = range(5)
SQUARE_STATES = ("down", "showing", "matched", "wrapper", "taken")
# round tile statuses (DOWN and SHOWING shared with squares)
FOUND, COVERED = 2, 3
ROUND_STATES = ("down", "showing", "found", "coins")

# phases
START, AFTER_SQUARE, AFTER_ROUND, COIN_RUN, CHOOSE_COVER, CHOOSE_GIFT, OVER = range(7)
PHASES = ("start", "after square", "after round", "coin run", "cover", "give back", "over")

# what an action did (log)
OUTCOMES = (
    "showing",  # 0: first flip of a go, or a coin of a coin run: the go goes on
    "match",  # 1: pair with your own tile: found, you go again (BB-4)
    "theft",  # 2: pair with an opponent's tile: you give a tile back (BB-4)
    "no match",  # 3: both face down again, the turn ends (BB-7)
    "empty wrapper, draws a tile",  # 4: BB-6
    "empty wrapper, the pile is empty",  # 5: BB-6
    "stops",  # 6: BB-3
    "three coins",  # 7: BB-5, choose the tile to cover
    "covered with the coins",  # 8: BB-5, you go again
    "given back",  # 9: BB-4, you go again
)
SHOWING_OUT, MATCH, THEFT, NO_MATCH, WRAPPER_DRAW, WRAPPER_EMPTY, STOPS, THREE_COINS = range(8)
COVERED_OUT, GIVEN = 8, 9
# how the turn stood after the action (log)
ENDS = (None, "turn passes", "wins", "turn limit")
OUTCOME_CODES = {o: k for k, o in enumerate(OUTCOMES)}
END_CODES = {e: k for k, e in enumerate(ENDS)}
GOES_ON, TURN_PASSES, WINS, LIMIT = range(4)
