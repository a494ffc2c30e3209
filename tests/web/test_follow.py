"""Following the play (issue 12): the last move of each player is marked, bots' moves are paced
at the chosen bot speed, and the Hint button shows the medium bot's move with its reason."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .helpers import CLICKABLE, quick_game

MY_PIECES = ".table-root.myturn .board .pickable"


def make_moves(page: Page, moves: int) -> None:
    """Click the first clickable piece (or button) on our turn, `moves` times."""
    for _ in range(moves):
        page.wait_for_selector(CLICKABLE, state="visible")
        page.locator(CLICKABLE).first.click()
        page.wait_for_timeout(50)


def draws(page: Page) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = page.evaluate("window.sweettoothDraws")
    return out


def test_last_move_of_a_bot_is_marked(page: Page) -> None:
    """Bonbons against one bot: once the bot has played, the pieces of its last action carry
    class last-move and data-last-by="1"; ours carry data-last-by="0"."""
    quick_game(page, "bonbons")
    page.wait_for_selector(MY_PIECES)
    ply = int(page.evaluate("document.body.dataset.ply"))
    # Our go (a square and a round tile); sooner or later the turn passes to the bot and back.
    while True:
        page.wait_for_selector(MY_PIECES)
        now = int(page.evaluate("document.body.dataset.ply"))
        if now > ply and any(d["paced"] for d in draws(page)):
            break
        page.locator(MY_PIECES).first.click()
        page.wait_for_function(f"Number(document.body.dataset.ply) > {now}")
    expect(page.locator(".board .last-move[data-last-by='1']").first).to_be_attached()
    expect(page.locator(".board .last-move[data-last-by='0']").first).to_be_attached()


def test_bot_moves_wait_for_the_pause_at_normal_speed(page: Page) -> None:
    """Le Chocolat at the normal bot speed: each bot move is drawn at least 0.6 s after the
    drawing before it, even though the server sends it at once; our own moves are not held."""
    quick_game(page, "lechocolat", speed="normal")
    page.wait_for_selector(MY_PIECES)
    make_moves(page, 3)
    page.wait_for_function(
        "(window.sweettoothDraws || []).filter((d) => d.paced).length >= 2")
    log = draws(page)
    paced = [i for i, d in enumerate(log) if d["paced"] and i > 0]
    assert paced, log
    for i in paced:
        gap = log[i]["drawn"] - log[i - 1]["drawn"]
        assert gap >= 600, f"a bot move drawn {gap:.0f} ms after the previous one: {log}"
    own = [d for d in log[1:] if not d["paced"]]
    assert own and all(d["drawn"] - d["received"] < 300 for d in own), log


def test_bot_moves_are_drawn_at_once_at_instant_speed(page: Page) -> None:
    quick_game(page, "lechocolat", speed="instant")
    page.wait_for_selector(MY_PIECES)
    expect(page.get_by_label("Bot speed")).to_have_value("instant")
    make_moves(page, 3)
    page.wait_for_function(
        "(window.sweettoothDraws || []).filter((d) => d.paced).length >= 2")
    for d in draws(page):
        assert d["drawn"] - d["received"] < 300, draws(page)


def test_hint_on_your_turn(page: Page) -> None:
    """The Hint button shows the move in words with a reason, and highlights its pieces."""
    quick_game(page, "lechocolat")
    page.wait_for_selector(MY_PIECES)
    page.locator(".tabletools").get_by_role("button", name="Hint").click()
    box = page.locator(".hintbox")
    expect(box.locator(".hintmove")).to_contain_text("Hint:")
    expect(box.locator(".hintwhy")).not_to_be_empty()
    expect(page.locator(".board .hinted, .actionbar .hinted").first).to_be_attached()
    # Following the hint by clicking the highlighted pieces plays it.
    ply = int(page.evaluate("document.body.dataset.ply"))
    page.locator(".board .hinted.pickable").first.click()
    page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")
    expect(page.locator(".hintbox")).to_be_hidden()


def test_no_hint_button_when_it_is_not_your_turn(page: Page) -> None:
    quick_game(page, "lechocolat")
    page.wait_for_selector(".board [data-key]")
    page.goto(page.url + "&watch=1")
    page.wait_for_selector(".board [data-key]")
    expect(page.locator(".tabletools").get_by_role("button", name="Hint")).to_be_hidden()
    expect(page.locator(".status")).not_to_contain_text("Waiting for Tester")


def test_last_moves_read_from_each_games_log(page: Page) -> None:
    """js/lastmove.js: each seat's latest action, as notation, from the engines' log lines."""
    page.goto("/sandbox.html")
    logs = {
        "lechocolat": [{"seat": 0, "action": "split a1:g5 at d"},
                       {"seat": 1, "action": "claim a1:c1"}],
        "bonbons": ["p0 c2: red caramel (showing)",
                    "p0 p0.2: yellow nougat (no match; turn passes)",
                    "p1 stop (stops; turn passes)"],
        "sweetnose": ["Round 1: P1 starts; set your markers", "P1: trade P2 green for brown",
                      "P2 takes store 8", "P1: market pink for yellow"],
        "bittersweet": ["P1 takes the face-down Choc in d1.", "P2 reveals Peanut Bear in c1.",
                        "P1 takes Peanut Bear from c1."],
        "sweetshop": ["turn 1: white dice 3 4 6 6",
                      "grab 3 with 3+6: 4H into the Basket; 5S fills 3"],
    }
    got = page.evaluate(
        """async (logs) => {
          const m = await import("/js/lastmove.js");
          const out = {};
          for (const [g, log] of Object.entries(logs)) out[g] = m.lastMoves(g, { log });
          return out;
        }""", logs)
    assert got == {
        "lechocolat": {"0": "split a1:g5 at d", "1": "claim a1:c1"},
        "bonbons": {"0": "p0.2", "1": "stop"},
        "sweetnose": {"0": "market pink for yellow", "1": "take store 8"},
        "bittersweet": {"0": "take c1", "1": "reveal c1"},
        "sweetshop": {"0": "grab 3 with 3+6"},
    }


def test_bonbons_holds_turned_up_faces_before_the_next_bot_move(page: Page) -> None:
    """At the normal speed, when the renderer asks to keep a frame's faces in sight (Bonbons'
    holdMs, ~1.5 s once a failed turn turns them down), the next frame waits that long."""
    quick_game(page, "bonbons", speed="normal")
    page.wait_for_selector(MY_PIECES)
    for _ in range(12):
        held = [d for d in draws(page) if d["paced"] and d["hold"] > 0]
        if held:
            break
        page.wait_for_selector(MY_PIECES)
        ply = int(page.evaluate("document.body.dataset.ply"))
        page.locator(MY_PIECES).first.click()
        page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")
    log = draws(page)
    at = [i for i, d in enumerate(log) if d["paced"] and d["hold"] > 0]
    assert at, f"no held frame in {log}"
    for i in at:
        assert log[i]["drawn"] - log[i - 1]["drawn"] >= log[i]["hold"] - 50, log


def test_log_narrates_with_names_and_shows_two_digit_numbers(page: Page) -> None:
    """The log says who did what with the players' names; the notation is only a small detail
    under it; entry numbers 10 and up are shown whole."""
    quick_game(page, "lechocolat")
    while page.locator(".log li").count() < 11:
        page.wait_for_selector(f"{CLICKABLE}, .endscreen:not([hidden])", state="visible")
        if page.locator(".endscreen:not([hidden])").count():
            break
        ply = int(page.evaluate("document.body.dataset.ply"))
        page.locator(CLICKABLE).first.click()
        page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")
    says = page.locator(".log li .lsay").all_inner_texts()
    assert len(says) >= 10
    assert all(s.startswith(("You ", "Candy Bot (medium) ")) for s in says), says
    raw = page.locator(".log li .lraw").first
    assert float(raw.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")) < float(
        page.locator(".log li .lsay").first.evaluate(
            "(el) => parseFloat(getComputedStyle(el).fontSize)"))
    tenth = page.locator(".log li .lnum").nth(9)
    expect(tenth).to_have_text("10")
    assert tenth.evaluate("(el) => el.scrollWidth <= el.clientWidth + 0.5")
    box = tenth.bounding_box()
    log = page.locator(".log").bounding_box()
    assert box and log and box["x"] >= log["x"], "the number is not cut off on the left"
