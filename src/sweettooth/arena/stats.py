"""Statistics for the arena: Wilson score intervals for win rates, Student-t intervals for means
and Welch's interval for a difference of two means (unequal sizes and variances).

Student's t distribution is computed here (the regularized incomplete beta function by its
continued fraction, inverted by bisection) so that the project needs no SciPy; its quantiles
match the printed tables to the four decimals they give.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> wilson(0, 0)
(0.0, 1.0)
>>> round(t_quantile(0.975, 9), 3)  # t table: 2.262
2.262
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from functools import lru_cache

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""
LEVEL = 0.95
"""The confidence level of every interval."""


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion `successes / n` (95% by default).

    `successes` may be fractional (a k-way shared win counts 1/k). With n = 0: (0, 1).
    """
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie in [0, n], got {successes} of {n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def beta_regularized(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function, for 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with `df` degrees of freedom (`df` may be fractional)."""
    tail = 0.5 * beta_regularized(df / 2, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """The `p`-quantile of Student's t with `df` > 0 degrees of freedom (infinite: normal)."""
    if not 0 < p < 1:
        raise ValueError(f"p must lie strictly between 0 and 1, got {p}")
    if not df > 0:
        raise ValueError(f"degrees of freedom must be positive, got {df}")
    if math.isinf(df):
        return statistics.NormalDist().inv_cdf(p)
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 2.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, 2 * hi
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def t_critical(df: float, level: float = LEVEL) -> float:
    """The two-sided critical value of Student's t at `level` (2.262 for df = 9 at 95%)."""
    return t_quantile(1 - (1 - level) / 2, df)


def mean_ci(values: Sequence[float], level: float = LEVEL) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its Student-t interval, mean ± t(n-1) · s / √n, where s
    is the sample standard deviation (divisor n - 1). With one value the interval is the value.

    >>> mean_ci([1.0, 2.0, 3.0])[0]
    2.0
    """
    if not values:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(values)
    n = len(values)
    if n < 2:
        return mean, mean, mean
    half = t_critical(n - 1, level) * statistics.stdev(values) / math.sqrt(n)
    return mean, mean - half, mean + half


def welch(
    mean_a: float, sd_a: float, n_a: int, mean_b: float, sd_b: float, n_b: int,
    level: float = LEVEL,
) -> tuple[float, float, float, float]:
    """(difference, low, high, df): Welch's interval for mean A - mean B from two independent
    samples of sizes n_a and n_b (each at least 2) with sample standard deviations sd_a, sd_b:
    the standard error √(s_a²/n_a + s_b²/n_b) and the Welch-Satterthwaite degrees of freedom.
    Two samples without spread give the bare difference (df infinite)."""
    if n_a < 2 or n_b < 2:
        raise ValueError(f"Welch's interval needs two values per side, got {n_a} and {n_b}")
    d = mean_a - mean_b
    va, vb = sd_a * sd_a / n_a, sd_b * sd_b / n_b
    se = math.sqrt(va + vb)
    if se == 0:
        return d, d, d, math.inf
    df = (va + vb) ** 2 / (va * va / (n_a - 1) + vb * vb / (n_b - 1))
    half = t_critical(df, level) * se
    return d, d - half, d + half, df
