"""Bonbons memory: what a player remembers must look like what they saw.

* The memory aid (a table option) draws a face seen before (a face-down square whose face the
  seat's view still knows) in its true colour: colour decides a match, and the aid used to fade
  the face onto the magenta tile back (green read grey, blue purple, yellow orange). A real
  engine position is drawn in the renderer sandbox twice, the face remembered and the same face
  turned up; the candy's dominant hue must agree for each of the four colours.
* Your own failed flip stays up as long as a bot's: at a table against a bot at the normal
  speed, the bot's next move used to replace your just-turned-down faces after the 800 ms speed
  gap, while a bot's failed flip was held for 1500 ms. The frame after your no-match must wait
  as long as the hold a bot's no-match gets.
"""

from __future__ import annotations

import colorsys
import io
import json
import random
from collections import Counter
from typing import Any

from PIL import Image
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import sweettooth as st

from .helpers import quick_game

COLOURS = ("red", "yellow", "green", "blue")


def remembered_view() -> tuple[dict[str, Any], dict[str, str]]:
    """Seat 0's view of a real game with a remembered face-down square of every colour."""
    game = st.game("bonbons")
    for seed in range(50):
        state = game.new(2, seed=seed)
        rng = random.Random(seed)
        while state.to_move is not None:
            view = state.view(0)
            found: dict[str, str] = {}
            for sq in (q for row in view["grid"] for q in row):
                if sq["state"] == "down" and sq["face"]:
                    colour = sq["face"].split(" ")[0]
                    if colour in COLOURS:
                        found.setdefault(colour, sq["square"])
            if len(found) == 4 and view["phase"] == "start":
                view["options"]["memory_aid"] = True  # the table's option: faces drawn
                return game.person_view(view), found
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no position remembers all four colours")


def load(page: Page, view: dict[str, Any]) -> None:
    page.fill("#paste", json.dumps(view))
    page.click("#load")
    page.wait_for_selector("body[data-ready='0'] .board [data-key]")


def hue(page: Page, square: str) -> float:
    """The dominant hue (degrees) of the candy drawn on a square, from the screen's pixels."""
    png = page.locator(f'.board [data-key="sq:{square}"] svg.candy').first.screenshot()
    img = Image.open(io.BytesIO(png)).convert("RGB")
    bins: Counter[int] = Counter()
    hues: dict[int, list[float]] = {}
    px = img.tobytes()
    for i in range(0, len(px), 3):
        r, g, b = px[i], px[i + 1], px[i + 2]
        h, s, v = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
        if s > 0.2 and v > 0.2:
            k = int(h * 36) % 36
            bins[k] += 1
            hues.setdefault(k, []).append(h * 360)
    assert bins, f"no coloured pixels on {square}"
    k = bins.most_common(1)[0][0]
    return sum(hues[k]) / len(hues[k])


def test_memory_aid_keeps_true_colour(page: Page) -> None:
    view, squares = remembered_view()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/sandbox.html")
    page.locator("details summary").click()
    load(page, view)
    remembered = {}
    for colour, sq in squares.items():
        el = page.locator(f'.board [data-key="sq:{sq}"]')
        assert "remembered" in (el.get_attribute("class") or ""), sq
        remembered[colour] = hue(page, sq)
    shown = json.loads(json.dumps(view))
    for row in shown["grid"]:
        for q in row:
            if q["square"] in squares.values():
                q["state"] = "showing"
    load(page, shown)
    for colour, sq in squares.items():
        up = hue(page, sq)
        diff = abs(up - remembered[colour]) % 360
        diff = min(diff, 360 - diff)
        assert diff <= 12, (
            f"{colour} ({sq}): remembered hue {remembered[colour]:.0f}, face up {up:.0f}")


def draws(page: Page) -> list[dict[str, Any]]:
    """The frames the page has drawn so far (`window.sweettoothDraws`)."""
    found: list[dict[str, Any]] = page.evaluate("() => window.sweettoothDraws.slice()")
    return found


def test_own_failed_flip_shows_as_long_as_a_bots(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    quick_game(page, "bonbons", speed="normal")
    mine = ".table-root.myturn .board .pickable"
    for _ in range(30):  # tries until a flip of ours fails (returns then); load slows each one
        # a bot's go is a chain of flips as long as its matches last, each drawn at the normal
        # pace (up to 1.5 s): 20 s did not always cover one (a CI run timed out waiting)
        page.wait_for_selector(mine, timeout=60000)
        page.locator(f'{mine}[data-key^="sq:"]').first.click()
        try:
            page.wait_for_selector(f'{mine}[data-key^="rt:p0."]', timeout=5000)
        except PlaywrightTimeout:  # the empty wrapper (the turn ended) or a coin: flip again
            continue
        lines = page.locator(".log li").count()
        # Only the frames from this flip on: an earlier try whose turn ended without a face up
        # (the empty wrapper, a coin) was followed by a bot's move at the plain 800 ms gap.
        before = len(draws(page))
        page.locator(f'{mine}[data-key^="rt:p0."]').first.click()
        try:  # the flip's log line (slow under load: never read a line from before the click)
            page.wait_for_function(f"() => document.querySelectorAll('.log li').length > {lines}",
                                   timeout=10000)
        except PlaywrightTimeout:
            continue
        last = page.locator(".log li").last.inner_text()
        if "no match" not in last:
            page.wait_for_timeout(300)
            continue
        # the bot's next move, drawn after the hold
        page.wait_for_function("() => window.sweettoothDraws.some((d, i, a) => i > 0 && d.paced)"
                               " && window.sweettoothDraws.length > 1", timeout=10000)
        page.wait_for_timeout(2500)
        ds = draws(page)
        for i in range(max(1, before + 1), len(ds)):
            if ds[i]["paced"] and not ds[i - 1]["paced"]:
                gap = ds[i]["drawn"] - ds[i - 1]["drawn"]
                assert gap >= 1500 - 50, f"your failed flip was replaced after {gap:.0f} ms"
                return
    raise AssertionError("no failed flip of yours followed by a bot's move")
