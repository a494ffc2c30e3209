"""The deal's fingerprint, from the moment a table opens: the lobby card, the waiting screen and
the table header (players and spectators) show its short form with the whole in a title and a
copy button; the end screen hashes the published seed again in the browser and says whether it
matches (and says so loudly when it does not). The pure-JS SHA-256 used outside a secure
context agrees with known vectors and with Web Crypto."""

from __future__ import annotations

import hashlib
import json

import httpx
from playwright.sync_api import Page, Route, expect

from .conftest import SHOTS
from .helpers import END

VECTORS = {
    "": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq":
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
}


def _open(base: str, body: dict[str, object]) -> dict[str, object]:
    r = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    table: dict[str, object] = r.json()
    return table


def test_fingerprint_shows_from_the_lobby_on(page: Page) -> None:
    page.goto("/")
    base = page.url.rstrip("/")
    table = _open(base, {"game": "bonbons", "seats": [{"kind": "human"}, {"kind": "human"}]})
    sha = str(table["seed_sha256"])
    page.click("#refresh")
    card = page.locator(f'#tables li[data-table="{table["id"]}"]')
    expect(card.locator(".fingerprint code")).to_have_text(sha[:12])
    assert sha in (card.locator(".fingerprint").get_attribute("title") or "")
    expect(card).to_contain_text("memory aid off")
    page.screenshot(path=str(SHOTS / "fingerprint-lobby.png"))
    # the first seat's player waits for the second: the waiting screen shows it
    page.goto(f"/table.html?t={table['id']}&seat=0")
    page.fill("#join-name", "Ann")
    page.click("#join-form button[type=submit]")
    waiting = page.locator("#waiting")
    expect(waiting.locator(".fingerprint code")).to_have_text(sha[:12])
    expect(page.locator(".tablehead .fingerprint code")).to_have_text(sha[:12])
    expect(page.locator(".tablehead")).to_contain_text("Memory aid off")
    page.screenshot(path=str(SHOTS / "fingerprint-waiting.png"))


def test_spectator_header_and_end_screen_check_the_seed(page: Page) -> None:
    page.goto("/")
    base = page.url.rstrip("/")
    bots = [{"kind": "bot", "level": "easy"}] * 2
    table = _open(base, {"game": "lechocolat", "bot_speed": "instant", "seats": bots})
    sha = str(table["seed_sha256"])
    page.goto(f"/table.html?t={table['id']}&watch=1")
    expect(page.locator(".tablehead .fingerprint code")).to_have_text(sha[:12])
    page.wait_for_selector(END, timeout=120_000)
    check = page.locator(".endscreen .seedcheck")
    expect(check).to_contain_text("matches the fingerprint shown at the start")
    seed = page.locator(".endscreen code.seed").inner_text()
    assert hashlib.sha256(seed.encode("ascii")).hexdigest() == sha
    page.screenshot(path=str(SHOTS / "fingerprint-end.png"), full_page=True)

    # a seed that is not the one committed to: the replay page is told another seed
    info = httpx.get(f"{base}/api/tables/{table['id']}", timeout=30).json()
    wrong = str(int(info["seed"]) + 1)

    def tamper(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({**info, "seed": wrong}))

    page.route(f"**/api/tables/{table['id']}", tamper)
    page.goto(f"/replay.html?t={table['id']}")
    page.wait_for_selector(".board")
    page.click("#last")
    bad = page.locator(".endscreen .seedcheck.bad")
    expect(bad).to_contain_text("does not match")
    page.screenshot(path=str(SHOTS / "fingerprint-tampered.png"), full_page=True)


def test_pure_sha256_agrees_with_vectors_and_web_crypto(page: Page) -> None:
    page.goto("/")
    got = page.evaluate("""async (vectors) => {
      const m = await import("/js/fingerprint.js");
      const out = {pure: {}, same: true, seed: await m.seedFingerprint("00271828")};
      for (const text of Object.keys(vectors)) out.pure[text] = m.sha256Pure(text);
      for (let n = 0; n < 200; n++) {
        const text = "x".repeat(n) + "é" + n;
        if (m.sha256Pure(text) !== await m.sha256Hex(text)) out.same = false;
      }
      return out;
    }""", VECTORS)
    assert got["pure"] == VECTORS
    assert got["same"] is True
    assert got["seed"] == hashlib.sha256(b"271828").hexdigest()
