"""What "the game ends and the rest is scored" means for each game (flag-fall rule `score`).

When a player's time runs out at a table with that rule, the game ends at once. The player
out of time cannot win: they are placed last. The other players are ranked by the game's own
score of the position as it stands (docs/server.md, "Clocks"):

- Le Chocolat: the victory points of the tiles each player has claimed so far, by the
  scoring card (as the game's end would score them; the unclaimed bar scores for nobody).
- Bonbons: the fewest face-down round tiles (the game's own turn-limit end, BB house rule).
- BitterSweet: the rounds won so far.
- Sweet Nose: the sweetness points of the rounds counted so far; the lowest total wins.
- Sweet Shop (solo): the points in the Tummy and Basket now; a solo player out of time has
  no win, the score stands.

Players tied on the best score share the win; a game without a score here lets every player
still in time share it.
"""

from __future__ import annotations

from typing import Any

from sweettooth.core import State


def scores_now(state: State) -> tuple[list[float], bool] | None:
    """(score per seat, lowest wins) of the position as it stands; None if the game has none."""
    game = state.game.id
    s: Any = state
    try:
        if game == "lechocolat":
            from sweettooth.games.lechocolat.scoring import score

            points, _, _ = score(s.card, s.comps, [s.tiles_of(p) for p in range(state.players)])
            return [float(x) for x in points], False
        if game == "bonbons":
            return [float(row["face_down"]) for row in s.tally()], True
        if game == "bittersweet":
            return [float(w) for w in s.wins], False
        if game == "sweetnose":
            return [float(t) for t in s.totals], True
        if game == "sweetshop":
            from sweettooth.games.sweetshop.state import score_of

            return [float(score_of(s.tummy, s.basket)["total"])], False
    except Exception:  # a game changed its internals: fall back to a shared win
        return None
    return None


def flag_result(state: State, flagged: int) -> dict[str, Any]:
    """The result of a game ended because `flagged` ran out of time (JSON, like
    `Result.to_json()` plus `flag`, the seat, and `reason`)."""
    players = state.players
    found = scores_now(state)
    scores, lowest = found if found is not None else ([0.0] * players, False)
    alive = [p for p in range(players) if p != flagged]
    winners: list[int] = []
    if alive:
        best = (min if lowest else max)(scores[p] for p in alive)
        winners = [p for p in alive if scores[p] == best]
    return {"scores": scores, "winners": winners, "flag": flagged, "reason": "time",
            "lowest_wins": lowest}
