"""Suite-wide collection order: the groups whose tests are longest run first."""

from __future__ import annotations

from pathlib import Path

import pytest

FIRST = ("web", "tui", "server")
"""Test folders run first, in this order (browser games, terminal apps, server processes: the
longest single tests). The test command's workers share out the rest as they finish, so the
run no longer ends with one worker still in a minute-long browser game while the others idle."""

TESTS = Path(__file__).parent


def _rank(item: pytest.Item) -> int:
    path = Path(str(item.fspath))
    for rank, folder in enumerate(FIRST):
        if (TESTS / folder) in path.parents:
            return rank
    return len(FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: each module's tests keep their order
