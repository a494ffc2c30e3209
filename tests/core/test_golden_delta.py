"""The golden files' delta encoding rebuilds every view exactly."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sweettooth.core.conformance import delta, undelta

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner,
                                                                max_size=4),
    max_leaves=20,
)


@given(json_values, json_values)
def test_delta_then_undelta_gives_the_new_value(old: Any, new: Any) -> None:
    assert undelta(old, delta(old, new)) == new


def test_a_growing_log_is_stored_as_its_new_entries() -> None:
    old = {"log": ["a", "b"], "ply": 2}
    d = delta(old, {"log": ["a", "b", "c"], "ply": 3})
    assert d == {"{}": {"log": {"+": ["c"]}, "ply": {"=": 3}}}
