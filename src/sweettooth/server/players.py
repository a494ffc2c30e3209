"""Players: an identity without passwords, a display name, one-time links to other devices.

A browser makes a 256-bit random key on its first visit (`crypto.getRandomValues`, 43
base64url characters) and keeps it in `localStorage`; the server stores only its SHA-256
(`player_keys`), never the key, and knows the player by it. The player's public id is a random
one the server makes; the display name can be changed (1 to 40 characters after trimming, no
control or format characters; shown as text, never as HTML).

To carry an identity to another device, the player asks for a one-time link: a fresh 256-bit
token (its SHA-256 stored, valid `LINK_TTL` seconds, used once). The other device opens it and
sends its own key with the token; that key then opens the same player (each device keeps its own
key). A second use, or a use after the expiry, is refused.

Every function here is a blocking database call, run off the event loop by the caller.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, select, update

from .db import hash_token
from .models import TableRow
from .players_models import (
    PlayerKeyRow,
    PlayerLinkRow,
    PlayerRow,
    RatedTableRow,
    RatingRow,
    TablePlayerRow,
)

if TYPE_CHECKING:
    from .db import Store

KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{43}$")
"""A device key: 32 random bytes in unpadded base64url."""
NAME_MAX = 40
LINK_TTL = 600.0
"""Seconds a one-time device link stays valid."""
BOT_IDS = {level: f"bot-{level}" for level in ("easy", "medium", "hard")}
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


class PlayerError(Exception):
    """A request about players the server refuses; `status` is the HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def check_key(key: object) -> str:
    """The SHA-256 of a well-formed device key, or PlayerError 422 saying what is wrong."""
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise PlayerError(422, "a player key is 43 base64url characters (32 random bytes)")
    return hash_token(key)


def check_name(name: object) -> str:
    """A display name, trimmed; PlayerError 422 naming the problem."""
    if not isinstance(name, str):
        raise PlayerError(422, "name must be a string")
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise PlayerError(422, f"name must be 1 to {NAME_MAX} characters, got {len(name)}")
    bad = [c for c in name if unicodedata.category(c) in _REFUSED_CATEGORIES]
    if bad:
        raise PlayerError(422, "name must not contain control or format characters "
                          f"(found U+{ord(bad[0]):04X})")
    return name


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def player_by_key(store: Store, key_hash: str) -> dict[str, Any] | None:
    """{id, name} of the player whose device key hashes to `key_hash`, or None."""
    p, k = PlayerRow.__table__.c, PlayerKeyRow.__table__.c
    with store.engine.connect() as conn:
        row = conn.execute(select(p.id, p.name).join_from(
            PlayerKeyRow.__table__, PlayerRow.__table__, p.id == k.player_id)
            .where(k.key_hash == key_hash)).first()
    return None if row is None else {"id": row.id, "name": row.name}


def register(store: Store, key_hash: str, name: str) -> tuple[dict[str, Any], bool]:
    """The player of this key, made now if new: ({id, name}, created)."""
    with store._transaction() as conn:
        p, k = PlayerRow.__table__.c, PlayerKeyRow.__table__.c
        row = conn.execute(select(p.id, p.name).join_from(
            PlayerKeyRow.__table__, PlayerRow.__table__, p.id == k.player_id)
            .where(k.key_hash == key_hash)).first()
        if row is not None:
            return {"id": row.id, "name": row.name}, False
        pid = secrets.token_urlsafe(9)
        conn.execute(insert(PlayerRow), {"id": pid, "name": name, "created_at": _now()})
        conn.execute(insert(PlayerKeyRow), {"key_hash": key_hash, "player_id": pid,
                                            "created_at": _now()})
    return {"id": pid, "name": name}, True


def rename(store: Store, player_id: str, name: str) -> None:
    with store._transaction() as conn:
        conn.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(name=name))


def make_link(store: Store, player_id: str, ttl: float = LINK_TTL) -> str:
    """A new one-time link token for `player_id` (only its hash is stored)."""
    token = secrets.token_urlsafe(32)
    with store._transaction() as conn:
        conn.execute(insert(PlayerLinkRow), {
            "token_hash": hash_token(token), "player_id": player_id,
            "expires_at": _now() + timedelta(seconds=ttl), "used_at": None})
    return token


def live_link(store: Store, token: str, player_id: str) -> bool:
    """Whether `token` is a one-time link of `player_id` that can still be used (not used, not
    expired). False alike for an unknown token and for another player's: nothing is revealed."""
    lk = PlayerLinkRow.__table__.c
    with store.engine.connect() as conn:
        row = conn.execute(select(lk.player_id, lk.expires_at, lk.used_at)
                           .where(lk.token_hash == hash_token(token))).first()
    return (row is not None and row.player_id == player_id and row.used_at is None
            and _aware(row.expires_at) > _now())


def redeem_link(store: Store, token: str, key_hash: str) -> dict[str, Any]:
    """Give the device key `key_hash` the identity of the link's player; the link is spent.
    PlayerError 410 when the link is unknown, used or expired (nothing changes then)."""
    digest = hash_token(token)
    lk = PlayerLinkRow.__table__.c
    with store._transaction() as conn:
        row = conn.execute(select(lk.player_id, lk.expires_at, lk.used_at)
                           .where(lk.token_hash == digest)).first()
        if row is None or row.used_at is not None or _aware(row.expires_at) <= _now():
            raise PlayerError(410, "this device link was already used, has expired, or never "
                              "existed; make a new one on the other device")
        spent = conn.execute(update(PlayerLinkRow).where(
            PlayerLinkRow.token_hash == digest, PlayerLinkRow.used_at.is_(None))
            .values(used_at=_now()))
        if spent.rowcount != 1:  # used at the same moment by another request
            raise PlayerError(410, "this device link was already used")
        conn.execute(delete(PlayerKeyRow).where(PlayerKeyRow.key_hash == key_hash))
        conn.execute(insert(PlayerKeyRow), {"key_hash": key_hash, "player_id": row.player_id,
                                            "created_at": _now()})
        name = conn.execute(select(PlayerRow.name).where(PlayerRow.id == row.player_id)
                            ).scalar_one()
    return {"id": row.player_id, "name": name}


def profile(store: Store, player_id: str, limit: int = 100) -> dict[str, Any] | None:
    """A player's public page: name, a rating per game, their games newest first."""
    from .ratings import shown  # ratings imports this module

    p, r, tp, t = (PlayerRow.__table__.c, RatingRow.__table__.c, TablePlayerRow.__table__.c,
                   TableRow.__table__.c)
    with store.engine.connect() as conn:
        me = conn.execute(select(p.id, p.name, p.bot_level).where(p.id == player_id)).first()
        if me is None:
            return None
        ratings = conn.execute(select(r.game, r.mu, r.sigma, r.games)
                               .where(r.player_id == player_id).order_by(r.game)).all()
        games = conn.execute(
            select(t.id, t.game, t.status, t.result, t.created_at, t.players, tp.seat)
            .join_from(TablePlayerRow.__table__, TableRow.__table__, t.id == tp.table_id)
            .where(tp.player_id == player_id).order_by(t.created_at.desc()).limit(limit)).all()
        rated = set(conn.execute(select(RatedTableRow.table_id).where(
            RatedTableRow.table_id.in_([g.id for g in games]))).scalars())
    return {
        "id": me.id, "name": me.name, "bot": me.bot_level,
        "ratings": [{"game": x.game, **shown(x.mu, x.sigma, x.games)} for x in ratings],
        "games": [{
            "table": g.id, "game": g.game, "status": g.status, "seat": g.seat,
            "players": g.players, "rated": g.id in rated,
            "won": None if not g.result else g.seat in g.result.get("winners", []),
            "at": _aware(g.created_at).isoformat(timespec="seconds"),
        } for g in games],
    }
