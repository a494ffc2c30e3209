"""At 1280x800 the board stays where it is between turns: the status line has its own row under
the players and the tools, so a longer prompt ("click a sweet on your plate, then one on another
plate or in the market") no longer pushes the tools to another row and the board 30-80 px down,
nor does the Hint button's coming and going."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import DESKTOP
from .helpers import quick_game

MINE = ".table-root.myturn .board .pickable"


def board_top(page: Page) -> float:
    top: float = page.evaluate(
        "scrollTo(0, 0), document.querySelector('.board').getBoundingClientRect().top")
    return top


def test_the_board_does_not_move_as_the_status_changes(new_page: Any) -> None:
    page = new_page(DESKTOP)
    quick_game(page, "sweetnose")
    status = page.locator(".status")
    page.wait_for_selector(f"{MINE}.sn-num")
    expect(status).to_contain_text("give each kind a sweetness marker")
    tops = {status.inner_text(): board_top(page)}
    for _ in range(5):  # the five secret markers
        page.locator(f"{MINE}.sn-num").first.click()
    expect(status).to_contain_text("then one on another plate or in the market")
    tops[status.inner_text()] = board_top(page)
    assert len(set(tops.values())) == 1, tops
