"""The end of a game (issue 12): the result panel is brought into view after the last move, at
phone and desktop sizes, names the winner and says why; status lines are right for the player,
a spectator and hotseat. Screenshots of each game at start, middle and end, desktop and phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import SHOTS, shot
from .helpers import END, in_viewport, play_to_end, quick_game
from .test_phone_a11y import serious

GAMES = ["bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop"]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# A whole game in the browser takes 10 to 60 s. The test command checks every game's end at
# desktop size, and at phone size Sweet Nose's, whose score table is the widest (it turns into one
# card per player); the other games' ends at phone size are long checks (`dev.py slow`).
PHONE_IN_THE_TEST_COMMAND = {"sweetnose"}
CASES = [pytest.param(g, size, marks=pytest.mark.slow)
         if size == "phone" and g not in PHONE_IN_THE_TEST_COMMAND else pytest.param(g, size)
         for g in GAMES for size in SIZES]


@pytest.mark.parametrize(("game", "size"), CASES)
def test_result_in_view_after_the_last_move(page: Page, game: str, size: str) -> None:
    """Each game against bots from the lobby's quick button, played to the end by clicking
    pieces (issue 9), at each size."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    quick_game(page, game)
    # The table is drawn from the view, pieces have accessible names, and it is our move or a
    # bot's (seat 0 starts every game here).
    page.wait_for_selector(".board [data-key][aria-label]")
    expect(page.locator(".players li.me")).to_have_count(1)
    shot(page, f"{game}-{size}-start")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width + 1, "no sideways scroll"
    statuses: list[str] = []

    def watch(n: int) -> None:
        statuses.append(page.locator(".status").inner_text())
        if n == 12:
            shot(page, f"{game}-{size}-middle")

    play_to_end(page, seed=GAMES.index(game) + (7 if size == "phone" else 0), on_click=watch)
    end = page.locator(END)
    # Brought into view: the panel's top is on screen once the scroll settles.
    page.wait_for_function(
        """() => { const r = document.querySelector('.endscreen').getBoundingClientRect();
                   return r.top >= -1 && r.top < innerHeight - 40; }""")
    assert in_viewport(page, ".endscreen")
    title = end.locator(".endtitle").inner_text()
    if game == "sweetshop":
        assert title.startswith("Final score")
    else:
        assert "win" in title.lower() and "Tester" not in title, title
        expect(end.locator(".endwhy")).not_to_be_empty()
    expect(end.locator(".scoretable").first).to_be_visible()
    expect(end.get_by_role("link", name="Replay this game")).to_be_visible()
    # Every number of the score tables is on screen: none is cut at the panel's edge (a
    # wide table turns into one card per player on a phone).
    assert cut_cells(page) == [], f"{game} at {size}: score cells cut off"
    page.screenshot(path=str(SHOTS / f"{game}-{size}-end-view.png"))
    shot(page, f"{game}-{size}-end")
    assert not [s for s in statuses if "Waiting for You" in s or "Waiting for Tester" in s]
    expect(page.locator(".status")).to_contain_text("Game over")
    if size == "desktop":  # the end panel and final board pass axe-core too
        assert serious(page) == [], f"{game}: axe-core found serious violations at the end"


def cut_cells(page: Page) -> list[str]:
    """Score-table cells that reach past the right edge of the end panel's content box."""
    out: list[str] = page.evaluate(
        """() => {
             const end = document.querySelector('.endscreen');
             const box = end.getBoundingClientRect();
             const right = box.right - parseFloat(getComputedStyle(end).paddingRight) + 1;
             return [...end.querySelectorAll('.scoretable th, .scoretable td')]
               .filter((c) => c.getBoundingClientRect().right > right)
               .map((c) => c.textContent);
           }""")
    return out


def test_hotseat_end_names_the_winner(page: Page) -> None:
    """Two players on one device (Le Chocolat): the end names the winner by name, never "You",
    and marks nobody "(you)"."""
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.check("input[name=game][value=lechocolat]")
    page.fill("#name", "Ann")
    page.select_option("#mode", "hotseat")
    page.click("#create-btn")
    page.wait_for_url("**/table.html?t=*")
    play_to_end(page, seed=3)
    title = page.locator(f"{END} .endtitle").inner_text()
    assert "You" not in title
    assert "Ann wins!" in title or "Player 2 wins!" in title or "Shared win" in title, title
    # Everyone is at the same screen: the score table marks nobody "(you)".
    expect(page.locator(f"{END} .scoretable").first).to_contain_text("Ann")
    expect(page.locator(END)).not_to_contain_text("(you)")
    shot(page, "hotseat-end")


def test_spectator_status_line(page: Page) -> None:
    """A spectator reads "<name> to move", never "Waiting for" (the replay viewer's status is
    checked in test_hotseat_replay.py)."""
    quick_game(page, "lechocolat")
    page.wait_for_selector(".table-root.myturn .board .pickable")
    page.goto(page.url + "&watch=1")
    expect(page.locator(".status")).to_contain_text("Tester to move")
    assert "Waiting" not in page.locator(".status").inner_text()
