"""The post-game review in the browser (issue 35): from the end screen and from the replay page,
progress, then a graph of the seat's moves by class; choosing a move jumps the replay there and
outlines the better move on the board. The server's reviews use a tiny search here (conftest)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import shot
from .helpers import END, play_to_end, quick_game

POINTS = ".reviewgraph svg .rvpoint"
REVIEWED = 120_000  # ms: a guard against a hang (the worker process starts, on a busy machine)


def test_review_from_the_end_screen_and_the_replay_page(page: Page) -> None:
    quick_game(page, "lechocolat")
    table = re.search(r"t=([A-Za-z0-9_-]+)", page.url)
    assert table is not None
    play_to_end(page, seed=3)
    page.locator(END).get_by_role("link", name="Review my moves").click()
    page.wait_for_url("**/replay.html?*")
    page.wait_for_selector(POINTS, timeout=REVIEWED)
    points = page.locator(POINTS)
    moves = points.count()
    assert moves > 0
    counts = page.locator(".reviewcounts").inner_text()
    assert sum(int(n) for n in re.findall(r"(\d+) (?:best|good|inaccuracy|mistake|blunder)",
                                          counts)) == moves
    # every mark says its class in words (for screen readers and without colour)
    labels = [points.nth(i).get_attribute("aria-label") or "" for i in range(moves)]
    assert all(re.match(r"Move \d+: (best|good|inaccuracy|mistake|blunder)\.", x) for x in labels)
    # the last move with a better one, if the review found any (not the first move, where the
    # replay opens); else the last move
    worse = [i for i, x in enumerate(labels) if "better" in x]
    pick = worse[-1] if worse else moves - 1
    ply = int(points.nth(pick).get_attribute("data-ply") or -1)
    points.nth(pick).click()
    expect(page.locator("body")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#ply")).to_have_value(str(ply))
    detail = page.locator(".reviewdetail")
    expect(detail).to_contain_text(f"Move {ply + 1}:")
    if worse:
        expect(detail.locator(".rvbetter")).to_contain_text("Better:")
        assert page.locator(".board .reviewbest, .actionbar .reviewbest").count() > 0
    shot(page, "review-end-screen")

    # the replay page, the bot's seat: its own button, the same graph, a move from the list
    page.goto(f"/replay.html?t={table.group(1)}&seat=1")
    page.locator(".reviewstart").click()
    page.wait_for_selector(POINTS, timeout=REVIEWED)
    first = page.locator(".reviewlist summary")
    first.click()
    move = page.locator(".reviewlist .rvmove").nth(1)
    target = int(move.get_attribute("data-ply") or -1)
    move.click()
    expect(page.locator("body")).to_have_attribute("data-ply", str(target))
    expect(page.locator(".reviewdetail")).to_contain_text(f"Move {target + 1}:")
    shot(page, "review-replay-seat")


def test_values_in_each_games_unit(page: Page) -> None:
    """The review's words for a value: a win chance, a score (Sweet Shop), or in BitterSweet a
    round's points margin, ahead or behind; the graph's label says which."""
    page.goto("/replay.html")
    words = page.evaluate("""async () => {
      const m = await import("./js/review.js");
      return [m.valueText(0.62, "win share"), m.valueText(24.46, "points"),
              m.valueText(2.54, "round margin"), m.valueText(-3, "round margin")];
    }""")
    assert words == ["62% win chance", "24.5 points", "2.5 points ahead in the round",
                     "3.0 points behind in the round"]
