"""The device link's QR code on the profile page: drawn by the server for exactly the link shown
beside it (no request leaves the server), with a text alternative, readable in both themes, and
refused to anyone but the link's player."""

from __future__ import annotations

import io
import json
import secrets
from typing import Any

import httpx
import segno
from playwright.sync_api import Page, expect

from sweettooth.server.device_qr import SVG_OPTIONS

from .conftest import PHONE, Server, shot
from .test_phone_a11y import serious


def _segno_svg(link: str) -> str:
    out = io.BytesIO()
    segno.make_qr(link, error="m").save(out, kind="svg", **SVG_OPTIONS)
    return out.getvalue().decode()


def _as_player(page: Page, server: Server, name: str, theme: str) -> dict[str, Any]:
    """Open the profile of a new player whose device key this page holds."""
    key = secrets.token_urlsafe(32)
    with httpx.Client(base_url=server.url) as http:
        me: dict[str, Any] = http.post("/api/players", json={"key": key, "name": name}).json()
    page.goto("/404.html")
    page.evaluate("([k, me, theme]) => { localStorage.setItem('sweettooth.player.key', k);"
                  " localStorage.setItem('sweettooth.player', me);"
                  " localStorage.setItem('sweettooth.theme', theme); }",
                  [key, json.dumps(me), theme])
    page.goto(f"/players/{me['id']}")
    page.wait_for_selector("body[data-ready='1']")
    return me


def _qr_pixels(page: Page) -> dict[str, Any]:
    """The rendered code's image, its alt text and the SVG it shows."""
    out: dict[str, Any] = page.evaluate("""async () => {
        const img = document.getElementById('link-qr');
        const svg = await (await fetch(img.src)).text();
        const r = img.getBoundingClientRect();
        return {alt: img.alt, natural: img.naturalWidth, width: r.width, height: r.height,
                svg, src: img.src, background: getComputedStyle(img).backgroundColor};
    }""")
    return out


def test_the_device_link_shows_its_qr_code_in_both_themes(new_page: Any, server: Server
                                                          ) -> None:
    for theme, viewport in (("light", None), ("dark", PHONE)):
        page = new_page(viewport) if viewport else new_page()
        elsewhere: list[str] = []

        def note(request: Any, seen: list[str] = elsewhere) -> None:
            if not request.url.startswith((server.url, "blob:", "data:")):
                seen.append(request.url)

        page.on("request", note)
        _as_player(page, server, f"Quinn {theme}", theme)
        assert page.evaluate("document.documentElement.dataset.theme") == theme
        expect(page.locator("#qr-box")).to_be_hidden()
        page.click("#make-link")
        expect(page.locator("#link-qr")).to_be_visible()
        link = page.input_value("#link")
        got = _qr_pixels(page)
        assert got["svg"] == _segno_svg(link)  # the code of exactly the link shown as text
        assert got["src"].startswith("blob:") and got["natural"] > 0  # the browser drew it
        assert got["width"] == got["height"] >= 150  # square, big enough for a camera
        assert got["background"] == "rgb(255, 255, 255)"  # white around it, dark theme too
        assert "QR code of the device link" in got["alt"]
        assert "scan this code" in page.inner_text("#qr-box figcaption")
        assert elsewhere == []  # drawn by the server: no CDN, no other host
        assert serious(page) == []
        shot(page, f"profile-device-qr-{theme}")
        # a second link replaces the code with the new link's
        page.click("#make-link")
        expect(page.locator("#link")).not_to_have_value(link)
        expect(page.locator("#link-qr")).to_be_visible()
        newer = page.input_value("#link")
        assert _qr_pixels(page)["svg"] == _segno_svg(newer)


def test_the_qr_code_is_refused_to_another_player(new_page: Any, server: Server) -> None:
    owner = new_page()
    _as_player(owner, server, "Owner", "light")
    owner.click("#make-link")
    expect(owner.locator("#link-qr")).to_be_visible()
    token = owner.input_value("#link").split("#token=")[1]
    other = new_page()
    _as_player(other, server, "Other", "light")
    got = other.evaluate("""async (token) => {
        const res = await fetch('/api/players/me/links/qr', {method: 'POST',
            headers: {'Content-Type': 'application/json',
                      'X-Player-Key': localStorage.getItem('sweettooth.player.key')},
            body: JSON.stringify({token})});
        return {status: res.status, body: await res.text()};
    }""", token)
    assert got["status"] == 404 and "no live device link of yours" in got["body"]
    assert token not in got["body"] and "<svg" not in got["body"]
