"""The balance lab's statistics against textbook values: Student's t quantiles against the
printed table, the t interval of a mean against Student's (1908) sleep data, Welch's interval
for two means with unequal sizes and variances (worked by hand below), Newcombe's interval for
two rates with unequal sizes, and when a difference may be called significant."""

from __future__ import annotations

import math
import statistics

import pytest

from sweettooth.arena.balance.estimates import MIN_N, diff, mean, rate, significant
from sweettooth.arena.balance.page import cell
from sweettooth.arena.stats import mean_ci, t_critical, welch

# Student (1908), Cushny and Peebles' data: extra hours of sleep, drug 2 minus drug 1, for ten
# patients. Textbook 95% interval of the mean difference: 1.58 ± 2.262 · 1.230/√10 =
# (0.7001, 2.4599) (also R's `t.test(extra ~ group, data = sleep, paired = TRUE)`).
SLEEP = [1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4]

# Two independent samples of unequal size and spread. By hand:
#   A: n = 7,  mean 20.6857, s² = 5.94476   B: n = 12, mean 25.4583, s² = 3.52265
#   s²/n: 0.849252 and 0.293554; SE = √1.142806 = 1.069021
#   Welch-Satterthwaite df = 1.142806² / (0.849252²/6 + 0.293554²/11) = 10.2001
#   t(0.975, 10.2001) = 2.22223, so A - B = -4.7726 ± 2.37561 = (-7.1482, -2.3970)
# (the same as scipy.stats.ttest_ind(A, B, equal_var=False).confidence_interval()).
A = [19.1, 21.4, 18.7, 22.9, 20.3, 24.6, 17.8]
B = [25.2, 23.8, 27.9, 24.1, 26.6, 22.7, 28.3, 25.5, 23.1, 26.9, 24.4, 27.0]


@pytest.mark.parametrize(("df", "level", "table"), [
    (1, 0.95, 12.706), (4, 0.95, 2.776), (9, 0.95, 2.262), (29, 0.95, 2.045),
    (120, 0.95, 1.980), (9, 0.99, 3.250), (math.inf, 0.95, 1.960),
])
def test_t_critical_values_match_the_printed_table(df: float, level: float, table: float) -> None:
    assert t_critical(df, level) == pytest.approx(table, abs=5e-4)


def test_interval_of_a_mean_is_students_t_on_the_sleep_data() -> None:
    m, lo, hi = mean_ci(SLEEP)
    assert m == pytest.approx(1.58)
    assert lo == pytest.approx(0.7001, abs=1e-4) and hi == pytest.approx(2.4599, abs=1e-4)
    cellv = mean(SLEEP)
    assert (cellv["lo"], cellv["hi"], cellv["n"]) == pytest.approx((lo, hi, 10))
    assert cellv["sd"] == pytest.approx(1.2300, abs=1e-4)  # divisor n - 1


def test_small_sample_interval_uses_t_not_the_normal_quantile() -> None:
    m, _lo, hi = mean_ci([2.0, 4.0, 9.0])  # s = 3.6056, t(0.975, 2) = 4.3027
    assert hi - m == pytest.approx(4.3027 * 3.6056 / math.sqrt(3), abs=1e-3)
    one = mean([5.0])
    assert one["value"] == 5.0 and one["lo"] is None and one["hi"] is None


def test_welch_interval_with_unequal_sizes_and_variances() -> None:
    d, lo, hi, df = welch(statistics.fmean(A), statistics.stdev(A), len(A),
                          statistics.fmean(B), statistics.stdev(B), len(B))
    assert d == pytest.approx(-4.7726, abs=1e-4)
    assert df == pytest.approx(10.2001, abs=1e-4)
    assert lo == pytest.approx(-7.1482, abs=1e-4) and hi == pytest.approx(-2.3970, abs=1e-4)
    cellv = diff(mean(A), mean(B))
    assert (cellv["value"], cellv["lo"], cellv["hi"]) == pytest.approx((d, lo, hi))
    back = diff(mean(B), mean(A))  # B - A is the mirror image
    assert (back["lo"], back["hi"]) == pytest.approx((-hi, -lo))
    assert cellv["n"] == 7


def test_difference_of_rates_with_unequal_sizes_is_newcombes() -> None:
    d = diff(rate(56, 70), rate(48, 80))  # Newcombe (1998), example: 0.2 (0.0524, 0.3339)
    assert d["value"] == pytest.approx(0.2) and d["n"] == 70
    assert d["lo"] == pytest.approx(0.0524, abs=1e-4) and d["hi"] == pytest.approx(0.3339, abs=1e-4)


def test_a_difference_is_significant_only_with_enough_on_each_side() -> None:
    few = diff(rate(9, 10), rate(1, 10))  # interval far from zero, but 10 per side
    assert few["lo"] > 0 and not significant(few)
    enough = diff(rate(27, MIN_N), rate(3, MIN_N))
    assert enough["lo"] > 0 and significant(enough)
    assert 'class="sig"' in cell(enough) and 'class="sig"' not in cell(few)
    straddles = diff(rate(16, 40), rate(14, 40))
    assert not significant(straddles) and 'class="sig"' not in cell(straddles)
    single = diff(mean([3.0]), mean([1.0, 1.5]))  # one round on A's side: no interval at all
    assert single["value"] == 1.75 and single["lo"] is None and not significant(single)
