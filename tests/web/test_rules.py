"""How to play (issue 12): each game's rules open from the lobby, before choosing, and from the
table without leaving it; the server's rules page turns piece links into drawings, never links."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from .conftest import Server, shot
from .helpers import quick_game

GAMES = {
    "bittersweet": "BitterSweet", "bonbons": "Bonbons", "lechocolat": "Le Chocolat",
    "sweetnose": "Sweet Nose", "sweetshop": "Sweet Shop",
}


@pytest.mark.parametrize("game", GAMES)
def test_rules_api_html_has_piece_placeholders_not_links(server: Server, game: str) -> None:
    with urllib.request.urlopen(f"{server.url}/api/games/{game}/rules") as res:
        data = json.load(res)
    assert data["title"] == GAMES[game]
    assert "## Goal" in data["markdown"]
    assert "<h2>Goal</h2>" in data["html"]
    assert 'href="piece:' not in data["html"], "piece links are never live links"
    if "](piece:" in data["markdown"]:
        assert 'class="piece-ref"' in data["html"]


def test_rules_api_unknown_game_is_404(server: Server) -> None:
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(f"{server.url}/api/games/chess/rules")
    assert err.value.code == 404


def test_rules_from_the_lobby_for_every_game(page: Page) -> None:
    """Each game card has a How to play button; the dialog shows that game's rules with its
    pieces drawn; Escape closes it and the focus goes back to the button."""
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    for game, title in GAMES.items():
        button = page.locator(f".gamecard[data-game={game}]").get_by_role(
            "button", name=f"How to play {title}")
        button.click()
        dialog = page.get_by_role("dialog", name=f"How to play {title}")
        expect(dialog).to_be_visible()
        expect(dialog.get_by_role("heading", name="Goal")).to_be_visible()
        expect(dialog.locator("a[href^='piece:']")).to_have_count(0)
        if game == "lechocolat":
            shot(page, "rules-lobby-lechocolat")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        assert page.evaluate("document.activeElement.textContent").strip() == f"How to play {title}"
    # Choosing is still possible: the dialog did not pick a game by itself.
    expect(page.locator("input[name=game]:checked")).to_have_count(1)


@pytest.mark.parametrize("game", GAMES)
def test_rules_from_the_table(page: Page, game: str) -> None:
    quick_game(page, game)
    page.wait_for_selector(".board [data-key]")
    url = page.url
    page.locator(".tabletools").get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name=f"How to play {GAMES[game]}")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="The end and tie-breaks")).to_have_count(1)
    # The board is still there behind the dialog: the player did not leave the table.
    assert page.url == url
    expect(page.locator(".board [data-key]").first).to_be_attached()
    drawn = dialog.locator(".piece-ref.drawn").count()
    if game in ("bonbons", "lechocolat", "sweetnose"):
        shot(page, f"rules-table-{game}")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    focused = page.evaluate("document.activeElement.className")
    assert "rulesbtn" in focused
    # A renderer that draws pieces shows them in the rules (words stay beside them).
    print(f"{game}: {drawn} pieces drawn in the rules")


def rules_json(server: Server, query: str) -> dict[str, str]:
    with urllib.request.urlopen(f"{server.url}/api/games/bittersweet/rules{query}") as res:
        data: dict[str, str] = json.load(res)
    return data


def test_rules_api_follows_the_card_set_and_refuses_bad_options(server: Server) -> None:
    """The rules of a BitterSweet game describe its own card set (issue 31): the original
    Toffee returns a Choc, the revised one goes on to the next player."""
    original = rules_json(server, "?cards=original")["markdown"]
    revised = rules_json(server, "?cards=revised")["markdown"]
    assert "[Toffee](piece:choc/toffee) (3 points): Return 1 Choc" in original
    assert "[Toffee](piece:choc/toffee) (3 points): Give it to the player on your left" in revised
    for query, says in (("?cards=bogus", "cards"), ("?chocs_file=/etc/passwd", "chocs_file"),
                        ("?colour=red", "colour")):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(f"{server.url}/api/games/bittersweet/rules{query}")
        assert err.value.code == 400
        assert says in json.load(err.value)["detail"]


@pytest.mark.parametrize("cards", ["original", "revised"])
def test_table_rules_describe_the_card_set_of_the_table(page: Page, cards: str) -> None:
    page.goto("/?speed=instant")
    page.wait_for_selector("body[data-ready='1']")
    page.check("input[name=game][value=bittersweet]")
    page.click("#optbox summary")
    page.select_option("#options select[name=cards]", cards)
    page.fill("#name", "Tester")
    page.click("#create-btn")  # a human and a bot, with the chosen card set
    page.wait_for_url("**/table.html?t=*")
    page.wait_for_selector(".board [data-key]")
    page.locator(".tabletools").get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name="How to play BitterSweet")
    expect(dialog.get_by_role("heading", name="Pieces")).to_be_visible()
    for name in ("Apple Pie", "Cherry", "Passion Fruit", "Raspberry", "Toffee Crunch",
                 "Vanilla", "White Creme"):
        expect(dialog.locator("li", has_text=f"{name} (")).to_have_count(1)
    toffee = dialog.locator("li", has_text="Toffee (3 points)")
    expect(toffee).to_contain_text("Return 1 Choc" if cards == "original" else "on your left")
    dialog.locator("li", has_text="White Creme (").scroll_into_view_if_needed()
    shot(page, f"rules-table-bittersweet-{cards}")
