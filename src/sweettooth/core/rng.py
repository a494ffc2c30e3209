"""The seeded RNG every state owns: splitmix64, whose whole state is one int.

Copying a state copies its RNG, and search bots copy states all the time: `random.Random`
carries 625 words of state (about 5-20 us to copy), this carries one. The methods are the
familiar subset of `random.Random`, with the same rejection-sampling algorithms, so a seed gives
the same draws on every platform and Python version.

>>> r = Rng(7)
>>> twin = r.copy()
>>> [r.randrange(6) for _ in range(5)] == [twin.randrange(6) for _ in range(5)]
True
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def _fold(seed: int) -> int:
    """64 bits of SHA-256 over every digit of `seed`: seeds wider than 64 bits that differ
    anywhere give different generators (seeds of up to 64 bits are used as they are).

    >>> Rng(2**64 + 5).getstate() != Rng(5).getstate() != Rng(2**65 + 5).getstate()
    True
    """
    return int.from_bytes(hashlib.sha256(str(seed).encode("ascii")).digest()[:8], "big")


class Rng:
    """A small, fast, copyable pseudo-random generator (splitmix64)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        if seed.bit_length() > 64:  # a wide seed (the server's have 128 bits) counts whole:
            seed = _fold(seed)  # hashed to 64 bits, where `& _MASK` would drop the high bits
        self._s = (seed * 0x2545F4914F6CDD1D + 1) & _MASK

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin._s = self._s
        return twin

    def getstate(self) -> int:
        return self._s

    def setstate(self, state: int) -> None:
        self._s = state & _MASK

    def _next64(self) -> int:
        s = self._s = (self._s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next64() >> (64 - k) if k > 0 else 0
        out, bits = 0, 0
        while bits < k:
            out = (out << 64) | self._next64()
            bits += 64
        return out >> (bits - k)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self._next64() >> 11) * (1.0 / (1 << 53))

    def _below(self, n: int) -> int:
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        if stop <= start:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + self._below(stop - start)

    def randint(self, a: int, b: int) -> int:
        """An int in [a, b], both ends included (like random.randint)."""
        return self.randrange(a, b + 1)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self._below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self._below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """k distinct elements, in random order."""
        if not 0 <= k <= len(population):
            raise ValueError("sample larger than population or negative")
        pool = list(population)
        for i in range(k):
            j = i + self._below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
