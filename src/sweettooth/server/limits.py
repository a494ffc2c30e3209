"""Rate limits: a token bucket per WebSocket connection, and one per client address for the
lobby's writes (opening tables, joining seats), so one client cannot flood the database.

>>> bucket = RateLimiter(burst=2, rate=0.0)
>>> [bucket.allow() for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict


class RateLimiter:
    """A token bucket: `burst` messages at once, `rate` per second after that."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = float(burst), rate
        self.tokens = float(burst)
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def exhausted(self) -> bool:
        """Whether the next message would be refused (nothing is spent)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        return self.tokens < 1.0

    def retry_after(self) -> int | None:
        """Whole seconds (at least 1) until the next message is allowed; None if never (a
        bucket that does not refill)."""
        if self.rate <= 0:
            return None
        return max(1, math.ceil((1.0 - self.tokens) / self.rate))


class AddressLimiter:
    """One `RateLimiter` per client address, remembering at most `capacity` addresses (the
    least recently seen are forgotten, which only ever gives them a fresh bucket).

    >>> limits = AddressLimiter(burst=1, rate=0.0)
    >>> [limits.bucket(a).allow() for a in ("10.0.0.1", "10.0.0.1", "10.0.0.2")]
    [True, False, True]
    """

    def __init__(self, burst: int, rate: float, capacity: int = 10000) -> None:
        self.burst, self.rate, self.capacity = burst, rate, capacity
        self.buckets: OrderedDict[str, RateLimiter] = OrderedDict()

    def bucket(self, address: str) -> RateLimiter:
        bucket = self.buckets.pop(address, None)
        if bucket is None:
            bucket = RateLimiter(self.burst, self.rate)
            while len(self.buckets) >= self.capacity:
                self.buckets.popitem(last=False)
        self.buckets[address] = bucket
        return bucket
