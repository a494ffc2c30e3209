"""The token buckets behind the rate limits (`server/limits.py`): how they spend, refill, cap,
answer "retry after", and forget addresses. Elapsed time is given by moving a bucket's last
refill back (`last -= seconds`), not by waiting."""

from __future__ import annotations

from sweettooth.server.limits import AddressLimiter, RateLimiter


def spend_all(bucket: RateLimiter) -> int:
    """How many messages the bucket lets through now (counting stops at 100)."""
    spent = 0
    while spent < 100 and bucket.allow():
        spent += 1
    return spent


def test_a_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    bucket = RateLimiter(burst=3, rate=2.0)
    assert spend_all(bucket) == 3
    bucket.last -= 1.0  # one second: two tokens back
    assert spend_all(bucket) == 2
    bucket.last -= 100.0  # never more than the burst
    assert spend_all(bucket) == 3


def test_asking_whether_it_is_exhausted_spends_nothing() -> None:
    bucket = RateLimiter(burst=1, rate=0.0)
    assert not bucket.exhausted() and not bucket.exhausted()
    assert bucket.allow()
    assert bucket.exhausted() and not bucket.allow()


def test_exhausted_counts_the_refill_as_allow_does() -> None:
    bucket = RateLimiter(burst=2, rate=0.01)
    assert spend_all(bucket) == 2
    assert bucket.exhausted()  # a hundredth of a token a second: still empty
    bucket.last -= 150.0  # a token and a half back
    assert not bucket.exhausted() and not bucket.exhausted()
    assert spend_all(bucket) == 1


def test_retry_after_is_whole_seconds_until_a_token() -> None:
    bucket = RateLimiter(burst=1, rate=0.5)
    assert bucket.allow() and not bucket.allow()
    assert bucket.retry_after() == 2  # a token every two seconds
    bucket.tokens = 0.75
    assert bucket.retry_after() == 1  # half a second, rounded up to one
    assert RateLimiter(burst=1, rate=0.0).retry_after() is None  # never refills


def test_addresses_past_the_capacity_forget_the_least_recently_seen() -> None:
    limits = AddressLimiter(burst=1, rate=0.0, capacity=2)
    assert limits.bucket("a").allow() and limits.bucket("b").allow()
    assert not limits.bucket("a").allow()  # a is seen again: b is now the oldest
    assert limits.bucket("c").allow()  # b is forgotten, a is kept (still exhausted)
    assert list(limits.buckets) == ["a", "c"]
    assert not limits.bucket("a").allow()
    assert limits.bucket("b").allow()  # a forgotten address starts with a fresh bucket
    assert len(limits.buckets) == 2
