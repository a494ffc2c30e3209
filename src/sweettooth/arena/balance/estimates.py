"""Estimates with 95% intervals as JSON cells, and the difference between two of them.

A rate is a (possibly fractional) count of successes out of n, with its Wilson interval; a mean
has Student's t interval (mean ± t(n-1) · s/√n; fewer than two values: no interval). The
difference of two rates (A - B) takes Newcombe's hybrid Wilson interval; the difference of two
means, Welch's interval (each side's own variance and size, Welch-Satterthwaite degrees of
freedom). A difference is *significant* when its interval leaves out zero and each side rests
on at least `MIN_N` observations.

>>> r = rate(30, 60)
>>> round(r["value"], 2), round(r["lo"], 3), round(r["hi"], 3)
(0.5, 0.377, 0.623)
>>> round(diff(rate(60, 100), rate(40, 100))["lo"], 3)
0.061
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from sweettooth.arena.stats import mean_ci, welch, wilson
from sweettooth.core import JSON

MIN_N = 30
"""Fewest observations on each side (games, rounds, seats) for a difference to be marked
significant: below it the normal and t approximations behind the intervals are too rough to
lean on, and a count of a few rounds is a story, not a finding."""


def rate(successes: float, n: float) -> JSON:
    """A proportion with its 95% Wilson interval (n = 0: no value, interval 0..1)."""
    lo, hi = wilson(successes, n)
    value = successes / n if n else None
    return {"kind": "rate", "value": value, "lo": lo, "hi": hi, "k": successes, "n": n}


def mean(values: Sequence[float]) -> JSON:
    """A mean with its 95% t interval (one value: no interval; none: no value)."""
    n = len(values)
    if n == 0:
        return {"kind": "mean", "value": None, "lo": None, "hi": None, "sd": None, "n": 0}
    if n == 1:
        return {"kind": "mean", "value": float(values[0]), "lo": None, "hi": None, "sd": None,
                "n": 1}
    m, lo, hi = mean_ci(values)
    return {"kind": "mean", "value": m, "lo": lo, "hi": hi, "sd": statistics.stdev(values),
            "n": n}


def diff(a: JSON, b: JSON) -> JSON:
    """A - B for two estimates of the same kind, with a 95% interval (None if either side has
    no value; no interval if a mean rests on one value). `n` is the smaller side's size."""
    n = min(a["n"], b["n"])
    if a["value"] is None or b["value"] is None:
        return {"kind": "diff", "value": None, "lo": None, "hi": None, "n": n}
    d = a["value"] - b["value"]
    if a["kind"] == "rate":
        # Newcombe (1998), method 10: the Wilson intervals of each side combined.
        l1, u1, l2, u2 = a["lo"], a["hi"], b["lo"], b["hi"]
        p1, p2 = a["value"], b["value"]
        lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
        hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    elif a["n"] < 2 or b["n"] < 2:
        return {"kind": "diff", "value": d, "lo": None, "hi": None, "n": n}
    else:
        d, lo, hi, _ = welch(a["value"], a["sd"], a["n"], b["value"], b["sd"], b["n"])
    return {"kind": "diff", "value": d, "lo": lo, "hi": hi, "n": n}


def significant(d: JSON) -> bool:
    """Whether a difference's interval leaves out zero with at least `MIN_N` on each side."""
    if d.get("kind") != "diff" or d["lo"] is None or d["hi"] is None:
        return False
    return bool(d.get("n", 0) >= MIN_N and (d["lo"] > 0 or d["hi"] < 0))


def is_estimate(cell: object) -> bool:
    return isinstance(cell, dict) and cell.get("kind") in ("rate", "mean", "diff")


def table(title: str, columns: Sequence[str], rows: Sequence[Sequence[object]], note: str) -> JSON:
    """A component table: the first column labels the row; estimates are cells of `rate` or
    `mean`; anything else is shown as it is."""
    return {"title": title, "columns": list(columns), "rows": [list(r) for r in rows],
            "note": note}


def win_share(game: JSON, seat: int) -> float:
    """The seat's share of the game's win (a k-way tie gives each winner 1/k)."""
    winners = game["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0
