"""The game renderers in the browser (issue 12): pieces explain themselves, hit areas, phone
layout, last-move marks, Bonbons' held faces.

Tables are opened through the HTTP API (one human seat, bots elsewhere) at the "instant" bot
speed unless a test is about pacing; a real `sweettooth serve` and Debian's chromium.
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .conftest import DESKTOP, PHONE, SHOTS, Server
from .piece_data import FILES, text

GAMES = ["bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop"]
PLAYERS = {"bittersweet": 3, "bonbons": 3, "lechocolat": 2, "sweetnose": 3, "sweetshop": 1}
MY_TURN = ".table-root.myturn .board .pickable"
END = ".endscreen:not([hidden])"
ANY_MOVE = f"{END}, {MY_TURN}, .table-root.myturn .actionbar button"


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def open_table(page: Page, server: Server, game: str, speed: str = "instant",
               players: int | None = None) -> str:
    """A table with Alice in seat 0 and easy bots elsewhere, opened in `page` as Alice."""
    n = players or PLAYERS[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (n - 1)
    table = _post(server.url + "/api/tables",
                  {"game": game, "players": n, "options": {}, "seats": seats})
    joined = _post(server.url + f"/api/tables/{table['id']}/join", {"seat": 0, "name": "Alice"})
    page.goto("/404.html")
    page.evaluate("([id, tok]) => localStorage.setItem('sweettooth.tokens.' + id,"
                  " JSON.stringify({0: tok}))", [table["id"], joined["token"]])
    page.goto(f"/table.html?t={table['id']}&speed={speed}")
    page.wait_for_selector(".board [data-key]")
    return str(table["id"])


def tab_to(page: Page, selector: str, limit: int = 300) -> None:
    """Press Tab until the focused element matches `selector` (keyboard only)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)",
                         selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def click_random(page: Page, rng: random.Random, clicks: int) -> None:
    """Play `clicks` random clickable pieces or offered buttons (stops at the end screen)."""
    done = 0
    while done < clicks:
        page.wait_for_selector(ANY_MOVE, state="visible")
        if page.locator(END).is_visible():
            return
        pieces = page.locator(MY_TURN)
        buttons = page.locator(".table-root.myturn .actionbar button:not(.cancel)")
        target = (pieces.nth(rng.randrange(pieces.count()))
                  if pieces.count() and (rng.random() < 0.85 or not buttons.count())
                  else buttons.nth(rng.randrange(max(1, buttons.count()))))
        try:
            target.click(timeout=5000)
        except Exception:  # the view changed under the click: look again
            continue
        done += 1


def settle(page: Page) -> None:
    """Wait for the pieces' finite animations (a flip, a mark popping in) to end."""
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")


def visible_tip(page: Page) -> str:
    """The text of the focused piece's tooltip, asserted visible."""
    tip = page.locator(":focus > .tip")
    expect(tip).to_be_visible()
    label = page.evaluate("document.activeElement.getAttribute('aria-label')") or ""
    words = tip.inner_text()
    assert words.split(".")[0] in label, "the tooltip's text is in the accessible name"
    return words


def test_piece_data_in_sync() -> None:
    """web/data/lechocolat.json and sweetnose.json come from the house data, not edited."""
    from .piece_data import DATA

    for name in FILES:
        assert (DATA / name).read_text() == text(name), "run: python -m tests.web.piece_data"


def test_bittersweet_choc_explains_itself(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "bittersweet")
    # Reveal face-down Chocs by keyboard until a face-up one can be taken, then Tab to it (a
    # bot's move may change the board under us: then look again).
    for _ in range(10):
        page.wait_for_selector(ANY_MOVE)
        if page.locator(".board .bs-choc.pickable").count():
            try:
                tab_to(page, ".bs-choc.pickable")
                break
            except AssertionError:
                continue
        if page.locator(".bs-cell.down.pickable").count():
            tab_to(page, ".bs-cell.down.pickable")
            page.keyboard.press("Enter")
            reveal = page.get_by_role("button", name="Reveal it…")
            if reveal.count():
                reveal.click()
        else:
            click_random(page, random.Random(1), 1)
        page.wait_for_timeout(300)
    words = visible_tip(page)
    assert any(w in words for w in ("coating", "texture", "shape")), words
    assert "Worth" in words and ("ability" in words or ":" in words.split("Worth")[1]), words
    assert "-" not in words.split(":")[0], "a display name, not an id like pea-pod"


def test_bonbons_square_explains_itself(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "bonbons")
    page.wait_for_selector(MY_TURN)
    tab_to(page, ".square.pickable")
    words = visible_tip(page)
    assert words.startswith("Square ") and "face down" in words, words


def test_lechocolat_scoring_card_explains_itself(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "lechocolat")
    tab_to(page, ".lc-card")
    words = visible_tip(page)
    name = page.locator(".lc-card h3").inner_text()
    assert words.startswith(f"Scoring card {name}"), words
    assert "Each tile: Dark" in words and "VP" in words, words


def test_sweetnose_pieces_explain_themselves(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "sweetnose")
    # A store tile explains its effect on hover (it is not playable in round 1).
    store = page.locator(".sn-board .sn-store").first
    store.hover()
    expect(store.locator(".tip")).to_be_visible()
    expect(store.locator(".tip")).to_contain_text("level")
    caption = store.locator(".sn-caption").inner_text()
    assert caption in store.locator(".tip").inner_text()
    # Set the secret markers by keyboard, then Tab to a sweet on your plate.
    for _ in range(5):
        page.wait_for_selector(".sn-picker .sn-num.pickable")
        tab_to(page, ".sn-num.pickable")
        page.keyboard.press("Enter")
    page.wait_for_selector(".sn-player.mine .sn-plate .sn-stack.pickable")
    page.locator("body").click(position={"x": 2, "y": 2})
    tab_to(page, ".sn-player.mine .sn-plate .sn-stack.pickable")
    words = visible_tip(page)
    assert words.startswith("Your plate: ") and "sweets on a plate" in words.lower(), words


def test_sweetshop_card_explains_itself(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "sweetshop")
    page.wait_for_selector(MY_TURN)
    tab_to(page, ".ss-shelf .ss-card.pickable")
    words = visible_tip(page)
    assert " of " in words and "Bonus when eaten: " in words, words
    bonus = words.split("Bonus when eaten: ")[1].split(" (")[0]
    assert bonus in {"Multipack", "Sugar Rush", "Flavour Changer", "Sour Cherries"}, words
    assert "point" in words, words


def test_long_press_explains_a_piece_without_playing_it(new_page: Any, server: Server) -> None:
    """On a touch screen a long press shows the tooltip; the click that ends it plays nothing."""
    page = new_page(PHONE, has_touch=True, is_mobile=True)
    open_table(page, server, "sweetshop")
    page.wait_for_selector(MY_TURN)
    card = page.locator(".ss-shelf .ss-card.pickable").first
    card.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    page.wait_for_timeout(700)
    card.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    card.dispatch_event("click")
    expect(card.locator(".tip")).to_be_visible()
    expect(card.locator(".tip")).to_contain_text("Bonus when eaten")
    expect(page.locator(".board .picked")).to_have_count(0)
    # A short tap on the same card plays it as usual (it is picked, waiting for dice).
    page.locator("header, .tablehead").first.dispatch_event("pointerdown", {"pointerType": "touch"})
    card.tap()
    expect(page.locator(".board .picked")).to_have_count(1)


GROOVES_JS = """() => {
  const out = {n: 0, bad: [], thin: []};
  for (const hit of document.querySelectorAll('.lc-cut.pickable .hit')) {
    const r = hit.getBoundingClientRect();
    const key = hit.closest('[data-key]').dataset.key;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const el = document.elementFromPoint(x, y);
    const got = el && el.closest('[data-key]') ? el.closest('[data-key]').dataset.key : null;
    out.n++;
    if (got !== key) out.bad.push([key, got]);
    if (Math.min(r.width, r.height) < 44) out.thin.push([key, r.width, r.height]);
  }
  return out;
}"""

SMALL_JS = """() => [...document.querySelectorAll('.board .pickable:not(.lc-cut)')]
  .map((el) => [el.dataset.key, el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_lechocolat_grooves_reachable(new_page: Any, server: Server,
                                      viewport: ViewportSize) -> None:
    """The centre of every groove segment hits that groove, crossings included; >= 44 px."""
    page = new_page(viewport)
    open_table(page, server, "lechocolat")
    rng = random.Random(3)
    checked = 0
    for _ in range(4):
        page.wait_for_selector(MY_TURN)
        page.mouse.move(0, 0)
        settle(page)
        r = page.evaluate(GROOVES_JS)
        if r["n"]:
            assert not r["bad"], f"groove centres covered: {r['bad']}"
            assert not r["thin"], f"groove hit areas under 44 px: {r['thin']}"
            checked += r["n"]
            grooves = page.locator(".lc-cut.pickable")
            grooves.nth(rng.randrange(grooves.count())).click()
        else:
            click_random(page, rng, 1)
    assert checked >= 30, "the whole bar's grooves (58 segments) were measured"


@pytest.mark.parametrize("game", GAMES)
def test_clickable_pieces_44px_on_a_phone(new_page: Any, server: Server, game: str) -> None:
    page = new_page(PHONE)
    open_table(page, server, game)
    rng = random.Random(GAMES.index(game))
    seen = 0
    for _ in range(8):
        page.wait_for_selector(ANY_MOVE)
        if page.locator(END).is_visible():
            break
        settle(page)
        small = page.evaluate(SMALL_JS)
        for _ in range(6):  # a view drawn between the two calls may have started an animation
            if not small:
                break
            page.wait_for_timeout(500)
            settle(page)
            small = page.evaluate(SMALL_JS)
        assert not small, f"pieces under 44x44 px: {small}"
        seen += page.locator(".board .pickable:not(.lc-cut)").count()
        click_random(page, rng, 1)
    assert seen, "some pieces were measured"


def test_lechocolat_single_tiles_44px_on_a_phone(new_page: Any, server: Server) -> None:
    """In the claim phase the smallest pieces (one tile) are still 44x44 at 390 px."""
    page = new_page(PHONE)
    open_table(page, server, "lechocolat")
    rng = random.Random(5)
    for _ in range(60):
        page.wait_for_selector(f"{END}, {MY_TURN}")
        if page.locator(".lc-piece.pickable").count():
            break
        # Break off the smallest piece each time, to reach a claim soon.
        labels = page.locator(".lc-cut.pickable").evaluate_all(
            "els => els.map((el) => el.getAttribute('aria-label'))")
        sizes = [min(int(x) for x in re.findall(r"(\d+) (?:and|tiles)", lab)) for lab in labels]
        best = [i for i, n in enumerate(sizes) if n == min(sizes)]
        page.locator(".lc-cut.pickable").nth(rng.choice(best)).click()
    settle(page)
    sizes = page.evaluate("""() => [...document.querySelectorAll('.lc-piece.pickable')]
        .map((el) => el.getBoundingClientRect()).map((r) => [r.width, r.height])""")
    assert sizes, "the claim phase was reached"
    assert min(min(w, h) for w, h in sizes) >= 44, sizes


@pytest.mark.parametrize("game", GAMES)
def test_no_sideways_scroll_at_360(new_page: Any, server: Server, game: str) -> None:
    page = new_page({"width": 360, "height": 780})
    open_table(page, server, game)
    rng = random.Random(7)
    for _ in range(3):
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"{game} scrolls sideways at 360 px ({width} px wide)"
        click_random(page, rng, 3)


@pytest.mark.parametrize("game", ["lechocolat", "bonbons"])
def test_last_move_mark_after_a_bot_move(new_page: Any, server: Server, game: str) -> None:
    page = new_page()
    open_table(page, server, game, players=2)
    rng = random.Random(11)
    mark = page.locator('.board .last-move[data-last-by="1"]').first
    for _ in range(10):  # play until our turn has ended and the bot has moved
        click_random(page, rng, 1)
        page.wait_for_selector(ANY_MOVE)
        if mark.count():
            break
    expect(mark).to_be_visible()
    expect(mark.locator(".last-badge")).to_be_visible()
    colour = mark.evaluate(
        "el => getComputedStyle(el.querySelector('.last-badge')).backgroundColor")
    assert colour not in ("rgba(0, 0, 0, 0)", "transparent"), "the badge has the player's colour"


FACES_JS = """(ours) => {
  window.__faces = [];
  const t0 = performance.now();
  const tick = () => {
    const up = [...document.querySelectorAll('.bonbons .square, .bonbons .roundtile')]
      .filter((el) => !ours.includes(el.dataset.key))
      .filter((el) => !String(el.dataset.key).startsWith('rt:p0.'))
      .filter((el) => ['st-showing', 'st-found', 'st-matched', 'just-down']
        .some((c) => el.classList.contains(c)));  // a match keeps its faces up for good
    const mine = document.querySelector('.table-root.myturn') !== null;
    window.__faces.push([performance.now() - t0, up.length, mine]);
    if (window.__faces.length < 600) setTimeout(tick, 25);
  };
  tick();
}"""


def test_bonbons_bot_face_stays_up(new_page: Any, server: Server) -> None:
    """At the normal bot speed a face a bot turns up is visible at least ~1 s (held, BB-7)."""
    page = new_page()
    open_table(page, server, "bonbons", speed="normal", players=2)
    page.wait_for_selector(MY_TURN)
    # Our turn: flip a square and stop, so the bot moves next. The faces are sampled from before
    # our flip (a loaded machine may draw the bot's first flip at once), leaving out our own.
    square = page.locator(".square.pickable").first
    ours = [square.get_attribute("data-key")]
    page.mouse.move(0, 0)
    page.evaluate(FACES_JS, ours)
    ply = int(page.evaluate("document.body.dataset.ply"))
    square.click()
    page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")
    # Flipping the empty wrapper ends the turn at once: then the bot is already to move.
    if page.locator(".table-root.myturn").count():
        page.wait_for_selector(".table-root.myturn .board .bb-stop")
        stop = page.get_by_role("button", name="Stop (end your turn)")
        if stop.count():
            stop.click()
        else:
            page.locator(".roundtile.pickable").first.click()
    page.wait_for_selector(".table-root:not(.myturn)")
    page.mouse.move(0, 0)
    page.wait_for_timeout(8000)
    samples = page.evaluate("window.__faces")
    runs: list[float] = []
    start = None
    for t, up, mine in samples:
        if up and not mine and start is None:
            start = t
        elif (not up or mine) and start is not None:
            runs.append(t - start)
            start = None
            break
    if start is not None:  # still up when sampling ended (a match)
        runs.append(samples[-1][0] - start)
    assert runs, "the bot turned a face up within 8 s"
    assert runs[0] >= 1000, f"the bot's face was up only {runs[0]:.0f} ms"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_screenshots_start_middle_end(new_page: Any, server: Server, game: str) -> None:
    """Desktop and phone screenshots at the start, middle and end of a game (for people)."""
    page = new_page(DESKTOP)
    open_table(page, server, game)
    rng = random.Random(GAMES.index(game) + 20)

    def both(stage: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.set_viewport_size(DESKTOP)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"pieces-{game}-{stage}-desktop.png"), full_page=True)
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"pieces-{game}-{stage}-phone.png"), full_page=True)
        page.set_viewport_size(DESKTOP)

    page.wait_for_selector(ANY_MOVE)
    both("start")
    click_random(page, rng, {"sweetshop": 12, "lechocolat": 8}.get(game, 25))
    page.wait_for_selector(ANY_MOVE)
    both("middle")
    click_random(page, rng, 4000)
    expect(page.locator(END)).to_be_visible()
    both("end")
