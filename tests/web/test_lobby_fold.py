"""The lobby's Create table and Quick game buttons are on screen as the page opens, at 1280x800
and on a 390x844 phone (they stick to the bottom of the window while the form runs below it; at
1280x800 they were under the seats and the options, below the fold), in one row on the phone."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import DESKTOP, PHONE, SHOTS
from .helpers import in_viewport, sideways_scroll


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_start_buttons_above_the_fold(new_page: Any, size: str) -> None:
    page = new_page(DESKTOP if size == "desktop" else PHONE)
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#players", "4")  # BitterSweet, the first game: four seats to fill
    for sel in ("#create-btn", "#quick-btn"):
        assert in_viewport(page, sel), f"{sel} below the fold at {size}"
    a, b = (page.locator(s).bounding_box() for s in ("#create-btn", "#quick-btn"))
    assert a and b and abs(a["y"] - b["y"]) < 4, "one row"
    assert sideways_scroll(page) == 0
    page.screenshot(path=str(SHOTS / f"lobby-start-{size}.png"))
