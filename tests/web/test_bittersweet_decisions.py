"""The revised BitterSweet Chocs' new decisions at the browser table: each is asked in words,
made by clicking, narrated with names in the log, and the hint names one of its choices; then
the game is played to its end screen by clicking. The table starts from
`bittersweet_scenario.scenario()` (a server with test hooks, `bittersweet_server.py`).

Screenshots: artifacts/screenshots/bittersweet-decision-<kind>.png.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .bittersweet_scenario import NEW_KINDS
from .conftest import Server, shot
from .helpers import CLICKABLE, play_to_end
from .test_phone_a11y import serious

STATUS = ".table-root.myturn .status"

# (the decision, the keys clicked, words the status line must hold, words the log then holds)
LINE = [
    (None, ["cell:a1", "do:reveal"], "take or reveal", "You reveal Lavender in a1."),
    ("peek_hand", ["seat:2"], "choose whose hand to look at (Lavender; only you see it)",
     "You look at Toffee Bot (medium)'s hand: Pistachio."),
    (None, ["cell:b1", "do:reveal"], "take or reveal", "You reveal Matcha in b1."),
    ("draw_from", ["seat:1"], "you take a Choc at random from their hand (Matcha)",
     "You take a Choc at random from Candy Bot (medium)'s hand: "),
    ("surrender", ["hand:pecan"], "give Candy Bot (medium) a Choc of your choice (Green Olive)",
     "You give Pecan to Candy Bot (medium)."),
    (None, ["cell:c1", "do:reveal"], "take or reveal", "You reveal Macadamia in c1."),
    ("trade", ["cell:e1"], "pick a face-up Choc to swap for one of your Chocs, or Macadamia "
     "itself to keep your hand", "You take Banana from e1 to trade."),
    ("place", ["hand:pecan"], "", ""),  # placeholder: replaced below (the Choc we hold)
]


# The log lines of the revised abilities that no seeded position here reaches, narrated by the
# page's own renderer for seat 0 ("You").
NARRATE_JS = """async () => {
  const r = (await import("/js/games/bittersweet.js")).default;
  const ctx = { seat: 0, names: ["You", "Candy Bot (medium)", "Toffee Bot (medium)"] };
  const view = { options: { cards: "revised" } };
  return ["P2 asks P1 for a Choc of their choice.", "Every player but P1 takes an Empty Wrapper.",
    "P3 takes a Choc at random from P1's hand.", "P1 shows their YUM!: square.",
    "P2 must give P1 a Choc of their choice."].map((e) => r.narrate(e, view, ctx));
}"""


CHOICES = {
    "peek_hand": ["seat:1", "seat:2"], "draw_from": ["seat:1", "seat:2"],
    "trade": ["cell:a1", "cell:b1", "cell:c1", "cell:e1"],
}
"""What each decision lets the player click (the others: every Choc in hand)."""


@pytest.fixture(scope="module")
def scenario_server() -> Iterator[Server]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{Path(tmp) / 'server.sqlite3'}",
                     module="tests.web.bittersweet_server")
        yield srv
        srv.stop()


def click(page: Page, key: str) -> None:
    if key.startswith("do:"):
        label = {"do:take": "Take it", "do:reveal": "Reveal it"}[key]
        page.locator(".table-root.myturn .actionbar button", has_text=label).click()
    else:
        page.locator(f".table-root.myturn .board .pickable[data-key='{key}']").click()


def test_every_new_decision_by_clicking_then_to_the_end(browser: Browser,
                                                        scenario_server: Server) -> None:
    ctx = browser.new_context(base_url=scenario_server.url, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[object] = []
    page.on("pageerror", lambda e: errors.append(e))
    try:
        page.goto("/?speed=instant")
        page.wait_for_selector("body[data-ready='1']")
        page.check("input[name=game][value=bittersweet]")
        page.select_option("#players", "3")
        page.fill("#name", "Tester")
        page.click("#optbox summary")  # the variant options fold away by default
        cards = page.locator("#options select[name=cards]")
        expect(cards.locator("option:checked")).to_have_text("Original cards (as printed)")
        expect(cards.locator("option[value=revised]")).to_have_text(
            "Revised cards (our variant)")
        cards.select_option("revised")
        page.click("#create-btn")
        page.wait_for_url("**/table.html?t=*")
        met = []
        for kind, keys, words, said in LINE:
            page.wait_for_selector(CLICKABLE, state="visible")
            if kind == "place":  # the Choc we took from Matcha goes where Banana was
                held = page.locator(".bs-hand [data-key^='hand:']").evaluate_all(
                    "els => els.map((e) => e.dataset.key)")
                keys = [next(k for k in held if k != "hand:banana")]
                words = "choose the Choc from your hand that goes face up in e1 (Macadamia)"
                said = "face up in e1."
            expect(page.locator(STATUS)).to_contain_text(words)
            if kind:
                met.append(kind)
                # Every choice, and nothing else, can be clicked.
                held = sorted(page.locator(".bs-hand [data-key^='hand:']").evaluate_all(
                    "els => els.map((e) => e.dataset.key)"))
                pickable = sorted(page.locator(".table-root.myturn .board .pickable")
                                  .evaluate_all("els => els.map((e) => e.dataset.key)"))
                assert pickable == CHOICES.get(kind, held), (kind, pickable)
                expect(page.locator(".bs-asked")).to_contain_text("Now you must")
                shot(page, f"bittersweet-decision-{kind}")
                if kind == "trade":  # the question and the board read well by axe too
                    assert serious(page) == [], "axe-core found serious violations"
                if kind in ("trade", "surrender"):  # the hint names one of the choices
                    page.locator(".tabletools").get_by_role("button", name="Hint").click()
                    hint = page.locator(".hintbox")
                    expect(hint).to_contain_text("Hint: ")
                    assert ("Keep your hand" in hint.inner_text() or "in exchange" in
                            hint.inner_text() or "Give " in hint.inner_text()), hint.inner_text()
            for key in keys:
                click(page, key)
            expect(page.locator(".log")).to_contain_text(said)
        expect(page.locator(".bs-seat").filter(has_text="Toffee Bot")).to_contain_text(
            "Known in hand: Pistachio")
        # A spectator reads that hands were looked at and robbed, never what was in them.
        watch = ctx.new_page()
        watch.goto(page.url.split("#")[0] + "&watch=1")
        log = watch.locator(".log")
        expect(log).to_contain_text("looks at Toffee Bot (medium)'s hand.")
        expect(log).to_contain_text("takes a Choc at random from Candy Bot (medium)'s hand.")
        lines = log.inner_text().splitlines()
        told = [x for x in lines if ("looks at" in x or "at random from" in x)
                and "On Reveal" not in x]
        assert len(told) == 4 and all(x.endswith("hand.") for x in told), told
        assert not [x for x in lines if "Pistachio" in x or "Mango" in x], lines  # still hidden
        watch.close()
        said = page.evaluate(NARRATE_JS)
        assert said == [
            "Candy Bot (medium) asks you for a Choc of your choice.",
            "Every player but you takes an Empty Wrapper.",
            "Toffee Bot (medium) takes a Choc at random from your hand.",
            "You show your YUM!: square.",
            "Candy Bot (medium) must give you a Choc of their choice.",
        ], said
        play_to_end(page, seed=4, max_clicks=200)
        shot(page, "bittersweet-decision-end")
    finally:
        ctx.close()
    assert sorted(met) == sorted(NEW_KINDS)
    assert not errors, f"JavaScript errors: {errors}"
