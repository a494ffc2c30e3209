"""The engines' RNG (`core/rng.py`, splitmix64) and the seed fingerprint: the reference
generator's numbers, the draws built on them, their ranges and their uniformity."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from sweettooth.core.fingerprint import seed_fingerprint, seed_text
from sweettooth.core.rng import Rng

SPLITMIX64_1234567 = [6457827717110365317, 3203168211198807973, 9817491932198370423,
                      4593380528125082431, 16408922859458223821]
"""The first outputs of Vigna's reference splitmix64.c from the state 1234567."""


def at(state: int) -> Rng:
    r = Rng()
    r.setstate(state)
    return r


def test_the_generator_is_the_reference_splitmix64() -> None:
    r = at(1234567)
    assert [r.getrandbits(64) for _ in range(5)] == SPLITMIX64_1234567


def test_wide_draws_are_the_top_bits_of_consecutive_outputs() -> None:
    a, b = SPLITMIX64_1234567[:2]
    assert at(1234567).getrandbits(100) == ((a << 64) | b) >> 28
    r = at(1234567)
    assert r.getrandbits(128) == (a << 64) | b
    assert r.getrandbits(64) == SPLITMIX64_1234567[2]  # two outputs used, no more
    assert at(1234567).getrandbits(7) == a >> 57
    assert at(1234567).getrandbits(0) == 0


def test_ranges_are_half_open_and_empty_ones_refused() -> None:
    r = Rng(3)
    assert {r.randrange(3, 4) for _ in range(20)} == {3}
    assert {r.randint(5, 5) for _ in range(20)} == {5}
    assert {r.randrange(4) for _ in range(400)} == {0, 1, 2, 3}
    for bad in ((5, 5), (6, 5), (0,)):
        with pytest.raises(ValueError, match="empty range"):
            r.randrange(*bad)
    with pytest.raises(IndexError):
        r.choice([])


def test_shuffle_reaches_every_order_about_equally() -> None:
    """Fisher-Yates: all 6 orders of 3 items, each near 1/6 of 6,000 shuffles (a one-off slip,
    such as Sattolo's j < i, reaches only the 2 cyclic ones)."""
    r = Rng(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        r.shuffle(items)
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations(range(3)))
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_sample_is_distinct_uniform_and_bounded() -> None:
    r = Rng(12)
    counts = Counter(tuple(r.sample("abcd", 2)) for _ in range(6000))
    assert set(counts) == set(itertools.permutations("abcd", 2))
    assert all(380 < n < 620 for n in counts.values()), counts
    assert sorted(r.sample(range(9), 9)) == list(range(9))
    assert r.sample("abc", 0) == []
    for k in (4, -1):
        with pytest.raises(ValueError, match="sample larger"):
            r.sample("abc", k)


def test_seeds_are_non_negative_integers_written_in_decimal() -> None:
    assert seed_text(0) == "0" and seed_text(2**70) == str(2**70)
    assert seed_fingerprint(0) == (
        "5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9")  # SHA-256 of "0"
    for bad in (-1, True, 1.5, "7", None):
        with pytest.raises(ValueError, match="non-negative integer"):
            seed_text(bad)  # type: ignore[arg-type]
