"""`sweettooth verify RECORD`: check a game record against the fingerprint of its deal.

A table publishes its seed's fingerprint (`seed_sha256`, see `sweettooth.core.fingerprint`)
before the first move and the seed with the record at the end. This replays the record from
its seed and checks, in order: the file (a readable JSON game record), the fingerprint (the
seed hashes to the record's `seed_sha256` and to the one the player noted, `--fingerprint`,
whole or its short form), the deal (the game deals from that seed with the record's options),
every action (each is legal where it was played) and the result the record states. The first
check that fails names what failed: `corrupt file`, `wrong seed`, `tampered action`,
`tampered result`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sweettooth.core import (
    IllegalAction,
    SweetToothError,
    game,
    seed_fingerprint,
    short_fingerprint,
)
from sweettooth.core.record import RECORD_KEYS

HEX = re.compile(r"[0-9a-f]{8,64}")


@dataclass
class VerifyFailed(Exception):
    """A check failed: `what` names it (corrupt file, wrong seed, tampered action, ...)."""

    what: str
    detail: str

    def __str__(self) -> str:
        return f"{self.what}: {self.detail}"


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as exc:
        raise VerifyFailed("corrupt file", f"cannot read {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise VerifyFailed("corrupt file", f"{path} is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise VerifyFailed("corrupt file", f"{path} holds no game record (not a JSON object)")
    missing = [k for k in RECORD_KEYS if k not in data]
    if missing:
        raise VerifyFailed("corrupt file", f"the record has no {', '.join(missing)}")
    seed = data["seed"]
    if isinstance(seed, str) and seed.isdigit():
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise VerifyFailed("corrupt file", f"the seed must be a non-negative integer, got {seed!r}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise VerifyFailed("corrupt file", "the record's actions must be a list of strings")
    if not isinstance(data["options"], dict):
        raise VerifyFailed("corrupt file", "the record's options must be an object")
    return {**data, "seed": seed}


def _fingerprint(record: dict[str, Any], noted: str | None) -> str:
    """The seed's fingerprint, checked against the record's and the noted one."""
    got = seed_fingerprint(record["seed"])
    published = record.get("seed_sha256")
    if published is not None and str(published).lower() != got:
        raise VerifyFailed("wrong seed", (
            f"seed {record['seed']} hashes to {got}, but the fingerprint published at the "
            f"start was {published}"))
    if noted is not None and not got.startswith(noted):
        raise VerifyFailed("wrong seed", (
            f"seed {record['seed']} hashes to {short_fingerprint(got)}..., not to the "
            f"fingerprint you noted, {noted}"))
    return got


def verify(path: Path, noted: str | None, say: Callable[[str], None]) -> None:
    """Run every check, saying each one that passed; VerifyFailed at the first that fails."""
    if noted is not None:
        noted = noted.strip().lower()
        if not HEX.fullmatch(noted):
            raise VerifyFailed("bad fingerprint", (
                f"--fingerprint must be 8 to 64 hex digits (as shown at the start), got {noted!r}"))
    record = _read(path)
    try:
        g = game(str(record["game"]))
    except SweetToothError as exc:
        raise VerifyFailed("corrupt file", str(exc)) from None
    actions: list[str] = record["actions"]
    say(f"record: {path} ({g.title}, {record['players']} players, {len(actions)} actions)")
    got = _fingerprint(record, noted)
    against = [w for w, v in (("the record's seed_sha256", record.get("seed_sha256")),
                              ("the fingerprint you noted", noted)) if v is not None]
    say(f"fingerprint: seed {record['seed']} hashes to {got}: "
        + (f"matches {' and '.join(against)}" if against else
           "not compared (the record carries no seed_sha256: give --fingerprint)"))
    if record["rules_version"] != g.rules_version:
        raise VerifyFailed("corrupt file", (
            f"the record was made with {g.id} rules version {record['rules_version']!r}; "
            f"this is version {g.rules_version!r}"))
    try:
        state = g.new(record["players"], record["seed"], **record["options"])
    except (SweetToothError, ValueError, TypeError) as exc:
        raise VerifyFailed("corrupt file", f"no game can be dealt from it: {exc}") from None
    say("deal: dealt again from the seed with the record's options")
    for ply, text in enumerate(actions):
        try:
            state.apply(g.parse_action(state, text))
        except IllegalAction as exc:
            raise VerifyFailed("tampered action", (
                f"action {ply + 1} of {len(actions)} ({text!r}) was not legal in that deal at "
                f"that point: {exc}")) from None
    say(f"actions: all {len(actions)} are legal, one after the other, in that deal")
    claimed = record.get("result")
    res = state.result()
    if claimed is not None:
        mine = None if res is None else res.to_json()
        if mine != claimed:
            raise VerifyFailed("tampered result", (
                f"the replay ends with {mine}, but the record says {claimed}"))
        say(f"result: {mine} (as the record says)")
    elif res is not None:
        say(f"result: {res.to_json()}")


__all__ = ["VerifyFailed", "verify"]
