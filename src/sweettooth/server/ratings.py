"""Ratings: OpenSkill (Plackett-Luce) per player and game, updated once per rated game.

A rated table (`rated_tables`) is rated when its game has finished: the players of its seats
(`table_players`; a bot seat is its level's player, `bot-medium` ...) are ranked by the result
(the winners first, sharing rank 1; the others by score, the lowest first in a game where the
lowest wins, Sweet Nose; equal scores sharing a rank) and their ratings in that game updated
together, each one's game count going up by one.

Exactly once: the update runs in one transaction that first sets the table's `rated_at`
where it is still empty (and the table's stored status is `finished`); a second run, from a
retry, a restart or another process, finds it set and changes nothing. On PostgreSQL the
players' rows are locked (in id order) before their ratings are read, so two games ending at
once for one player both count. Abandoned games are not rated.

What is shown is the conservative estimate `mu - 3 sigma` (OpenSkill's ordinal): it starts at
0 (mu 25, sigma 25/3) and rises as the player wins and the uncertainty shrinks.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce
from sqlalchemy import and_, exists, insert, select, update

import sweettooth

from .models import TableRow
from .players_models import PlayerRow, RatedTableRow, RatingRow, TablePlayerRow

if TYPE_CHECKING:
    from .db import Store
    from .tables import LiveTable, TableManager

log = logging.getLogger("sweettooth.server")

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma


def conservative(mu: float, sigma: float) -> float:
    """The rating shown: mu - 3 sigma."""
    return mu - 3 * sigma


def shown(mu: float, sigma: float, games: int) -> dict[str, Any]:
    return {"rating": round(conservative(mu, sigma), 1), "mu": round(mu, 3),
            "sigma": round(sigma, 3), "games": games}


def ranks(result: dict[str, Any], players: int, lowest_wins: bool = False) -> list[int]:
    """Each seat's rank (1 best): winners 1, the others by score, the highest first, or the
    lowest where the lowest wins (Sweet Nose); equal scores share a rank. A seat whose flag
    fell (`flag`, a game ended by its clock) is last, alone, whatever its score.

    >>> ranks({"scores": [3, 7, 9, 3], "winners": [2]}, 4)
    [3, 2, 1, 3]
    >>> ranks({"scores": [40, 12, 25, 60], "winners": [1]}, 4, lowest_wins=True)
    [3, 1, 2, 4]
    >>> ranks({"scores": [5, 9, 7], "winners": [1], "flag": 2}, 3)
    [2, 1, 3]
    """
    winners = set(result.get("winners", []))
    flagged = result.get("flag")
    scores = list(result.get("scores", [0.0] * players))
    ranked = [s for s in range(players) if s not in winners and s != flagged]
    others = sorted({scores[s] for s in ranked}, reverse=not lowest_wins)
    return [1 if s in winners else 2 + len(others) if s == flagged
            else 2 + others.index(scores[s]) for s in range(players)]


def game_ranks(game_id: str, result: dict[str, Any], players: int) -> list[int]:
    """`ranks` for a stored result of `game_id`, read the way its scores count: as the result
    says (a flag fall scores the position, e.g. Bonbons' fewest face-down tiles best), else as
    the game counts them."""
    lowest = result.get("lowest_wins", sweettooth.game(game_id).lowest_wins)
    return ranks(result, players, lowest_wins=bool(lowest))


def rate_table(store: Store, table_id: str) -> bool:
    """Apply a finished rated table's result to its players' ratings, once: True if this call
    applied it, False if it was applied before, the table is not rated or not finished."""
    rt, t = RatedTableRow.__table__.c, TableRow.__table__.c
    with store._transaction() as conn:
        claimed = conn.execute(update(RatedTableRow).where(
            rt.table_id == table_id, rt.rated_at.is_(None),
            exists().where(and_(t.id == table_id, t.status == "finished")))
            .values(rated_at=datetime.now(UTC)))
        if claimed.rowcount != 1:
            return False
        game, result, players = conn.execute(
            select(t.game, t.result, t.players).where(t.id == table_id)).one()
        seats = dict(conn.execute(select(TablePlayerRow.seat, TablePlayerRow.player_id)
                                  .where(TablePlayerRow.table_id == table_id)).all())
        if not result or len(seats) != players or len(set(seats.values())) < 2:
            return True  # nothing to rate (a seat without a player): spent all the same
        ids = sorted(set(seats.values()))
        conn.execute(select(PlayerRow.id).where(PlayerRow.id.in_(ids))
                     .order_by(PlayerRow.id).with_for_update())
        r = RatingRow.__table__.c
        known = {row.player_id: row for row in conn.execute(
            select(r.player_id, r.mu, r.sigma, r.games)
            .where(r.player_id.in_(ids), r.game == game))}
        order = [seats[s] for s in range(players)]
        teams = [[MODEL.rating(mu=known[p].mu, sigma=known[p].sigma) if p in known
                  else MODEL.rating()] for p in order]
        new = MODEL.rate(teams, ranks=[float(x) for x in game_ranks(game, result, players)])
        for pid, (rating,) in zip(order, new, strict=True):
            if pid in known:
                conn.execute(update(RatingRow).where(r.player_id == pid, r.game == game)
                             .values(mu=rating.mu, sigma=rating.sigma,
                                     games=known[pid].games + 1))
            else:
                conn.execute(insert(RatingRow), {"player_id": pid, "game": game,
                                                 "mu": rating.mu, "sigma": rating.sigma,
                                                 "games": 1})
    return True


def unrated_finished(store: Store, limit: int = 50) -> list[str]:
    """Rated tables that finished but were not rated yet (a crash between the two)."""
    rt, t = RatedTableRow.__table__.c, TableRow.__table__.c
    with store.engine.connect() as conn:
        return list(conn.execute(select(rt.table_id).join_from(
            RatedTableRow.__table__, TableRow.__table__, t.id == rt.table_id)
            .where(rt.rated_at.is_(None), t.status == "finished").limit(limit)).scalars())


def ratings_of(store: Store, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
    """(player, game) -> shown rating, for the pairs that have one."""
    if not pairs:
        return {}
    r = RatingRow.__table__.c
    ids = sorted({p for p, _ in pairs})
    with store.engine.connect() as conn:
        rows = conn.execute(select(r.player_id, r.game, r.mu, r.sigma, r.games)
                            .where(r.player_id.in_(ids))).all()
    want = set(pairs)
    return {(x.player_id, x.game): shown(x.mu, x.sigma, x.games) for x in rows
            if (x.player_id, x.game) in want}


async def after_finish(manager: TableManager, table: LiveTable) -> None:
    """Called when a game finishes: rate it if it is rated (a fault is logged; the quick-match
    loop's sweep retries tables left unrated)."""
    from .tables import StorageUnavailable

    try:
        if await manager.write(rate_table, manager.store, table.id):
            log.info("table %s: ratings updated", table.id)
    except StorageUnavailable:
        log.warning("table %s: could not update ratings now; retried later", table.id)
