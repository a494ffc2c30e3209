"""Tooltips on a touch phone (390x844, touch, no hover): a tap leaves :hover on the tapped
piece, and its tip stayed open after the tap (Sweet Shop's die); a tip opened by a tap on a piece
that cannot be played now closes on a tap elsewhere and after the move; and a tip never covers
the status line (Le Chocolat's bar, tapped at the start, put its tip over it)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import PHONE, shot
from .helpers import quick_game

MINE = ".table-root.myturn .board .pickable"
SHOWN_TIPS = """() => [...document.querySelectorAll('.has-tip > .tip')]
  .filter((t) => getComputedStyle(t).display !== 'none').map((t) => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  })"""


def shown_tips(page: Page) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate(SHOWN_TIPS)
    return out


def touch_phone(new_page: Any) -> Page:
    page: Page = new_page(PHONE, has_touch=True, is_mobile=True)
    return page


def test_a_tapped_piece_shows_no_tip_after_the_tap(new_page: Any) -> None:
    page = touch_phone(new_page)
    quick_game(page, "sweetshop")
    die = page.locator(f'{MINE}[data-key^="die:"]').first
    die.tap()
    expect(page.locator(".ss-die.picked")).to_have_count(1)
    page.wait_for_timeout(100)
    assert shown_tips(page) == []


def test_le_chocolat_tip_off_the_status_line_and_closed_by_taps(new_page: Any) -> None:
    page = touch_phone(new_page)
    quick_game(page, "lechocolat")
    page.wait_for_selector(MINE)
    bar = page.locator(".board .lc-piece").first  # the whole bar: too big to claim
    bar.tap()
    expect(page.locator(".lc-piece.tip-open")).to_have_count(1)
    page.wait_for_timeout(100)
    tips = shown_tips(page)
    assert len(tips) == 1, tips
    status = page.locator(".status").bounding_box()
    assert status
    tip = tips[0]
    assert tip["top"] >= status["y"] + status["height"] or tip["bottom"] <= status["y"], (
        f"the tip ({tip['top']:.0f}-{tip['bottom']:.0f}) covers the status line "
        f"({status['y']:.0f}-{status['y'] + status['height']:.0f})")
    shot(page, "lechocolat-phone-tip")
    # A tap elsewhere closes it.
    page.locator(".players").tap()
    expect(page.locator(".lc-piece.tip-open")).to_have_count(0)
    assert shown_tips(page) == []
    # Opened again, the move (a tap on a groove) closes it too.
    bar.tap()
    expect(page.locator(".lc-piece.tip-open")).to_have_count(1)
    ply = int(page.evaluate("document.body.dataset.ply"))
    page.locator(MINE).first.tap()
    page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")
    page.wait_for_timeout(100)
    assert shown_tips(page) == []
