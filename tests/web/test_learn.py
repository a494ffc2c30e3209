"""The guided first game in the browser (issue 35 item 4): "Learn to play" on every game card
opens the lesson; each lesson is played to its end by clicking the pieces the page points at
(one step refuses a move it does not ask for), then the bot finishes the game and the page shows
the count of the score and a link to a real game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from sweettooth.learn import LESSONS

from .conftest import shot

GAMES = sorted(LESSONS)


def _follow_step(page: Page, number: int) -> None:
    """Click the outlined pieces (or buttons) until the lesson moves past step `number`."""
    for _ in range(12):
        if page.evaluate("document.body.dataset.step") != str(number):
            return
        target = page.locator(
            "#table .board .lesson-point.pickable:not(.picked),"
            " #table .actionbar button.lesson-point").first
        try:
            target.wait_for(state="visible", timeout=10_000)
        except Exception:
            shot(page, f"learn-stuck-{number}")
            raise
        target.click()
        page.wait_for_function("document.body.dataset.busy !== '1'")
    raise AssertionError(f"step {number} did not move on")


@pytest.mark.parametrize("game", GAMES)
def test_lesson_played_to_the_end(page: Page, game: str) -> None:
    page.goto("/")
    card = page.locator(f".gamecard[data-game={game}]")
    card.get_by_role("link", name="Learn to play").click()
    page.wait_for_url(f"**/learn.html?g={game}")
    page.wait_for_function("document.body.dataset.step === '1'")
    expect(page.locator("#lesson-intro")).to_be_visible()
    expect(page.locator("#table .lesson-point").first).to_be_visible()
    shot(page, f"learn-{game}-step1")
    lesson = LESSONS[game]
    scripted = [s for s in lesson.steps if s.expect is not None]
    # A move the first step does not ask for is refused with a friendly line, and not played.
    # (Pieces and buttons the step does not point at are clicked until they make a move.)
    refused = page.locator("#lesson-refused")
    for _ in range(8):
        other = page.locator(
            "#table .board .pickable:not(.lesson-point):not(.picked),"
            " #table .actionbar button:not(.cancel):not(.lesson-point)").first
        other.click()
        page.wait_for_function("document.body.dataset.busy !== '1'")
        if refused.inner_text():
            break
    expect(refused).to_contain_text("Not that one yet")
    assert page.evaluate("document.body.dataset.step") == "1"
    assert page.locator("#table .board .picked").count() == 0
    for number in range(1, len(scripted) + 1):
        page.wait_for_function(f"document.body.dataset.step === '{number}'")
        expect(page.locator("#lesson-say")).to_have_text(scripted[number - 1].say)
        if number == 2:
            shot(page, f"learn-{game}-step2")
        _follow_step(page, number)
    page.get_by_role("button", name="Finish the game for me").click()
    page.wait_for_function("document.body.dataset.step === 'end'")
    expect(page.locator("#lesson-score")).to_be_visible()
    expect(page.locator("#lesson-say")).to_contain_text(lesson.outro)
    real = page.locator("#lesson-actions").get_by_role("link", name="Start a real game")
    expect(real).to_have_attribute("href", f"./?game={game}")
    shot(page, f"learn-{game}-end")
