"""The deal's fingerprint: what a table publishes before the first move so that anyone can
check, once the seed is published at the end, that the deal was fixed from the start.

The one definition of what is hashed: the seed's canonical text, its decimal digits (no sign,
no leading zeros, no spaces: `str(seed)` of a non-negative integer), encoded as ASCII. The
fingerprint is the SHA-256 of that text, in lowercase hex (64 digits); its short form is the
first `SHORT` digits. The server, the `sweettooth` command and the browser client (web/js/
fingerprint.js, which hashes the same text) all follow this definition:

>>> seed_text(271828)
'271828'
>>> seed_fingerprint(271828) == __import__("hashlib").sha256(b"271828").hexdigest()
True
>>> short_fingerprint(seed_fingerprint(271828)) == seed_fingerprint(271828)[:SHORT]
True
"""

from __future__ import annotations

import hashlib

SHORT = 12
"""Hex digits of the short fingerprint shown on screens (48 bits)."""


def seed_text(seed: int) -> str:
    """The canonical text of a seed (what is hashed): its decimal digits."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a non-negative integer, got {seed!r}")
    return str(seed)


def seed_fingerprint(seed: int) -> str:
    """SHA-256 (lowercase hex) of the seed's canonical text."""
    return hashlib.sha256(seed_text(seed).encode("ascii")).hexdigest()


def short_fingerprint(fingerprint: str) -> str:
    """The short form shown on screens: the first `SHORT` hex digits."""
    return fingerprint[:SHORT]
