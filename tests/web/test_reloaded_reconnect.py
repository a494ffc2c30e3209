"""When the server says the table was loaded again under this connection ("stale_ply ... the
table was reloaded; reconnect"), no newer view will come on that socket: the page opens a new
connection at once (a new hello binds to the live copy) instead of waiting forever. Any other
stale ply only means a newer view is on its way, and the page keeps its connection."""

from __future__ import annotations

import json

from playwright.sync_api import Page, WebSocketRoute

from .helpers import quick_game

RELOADED = {"type": "error", "code": "stale_ply", "message": "the table was reloaded; reconnect"}
RACED = dict(RELOADED, message="another action was committed for ply 0 first")


class Wire:
    """Every table socket of a page, passed through to the server; the hellos counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[WebSocketRoute] = []
        self.hellos = 0
        page.route_web_socket("**/ws/tables/**", self.through)

    def through(self, ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            if '"hello"' in str(message):
                self.hellos += 1
            server.send(message)

        ws.on_message(outgoing)
        self.routes.append(ws)

    def hellos_after(self, ms: int) -> int:
        for _ in range(ms // 50):
            self.page.wait_for_timeout(50)
        return self.hellos


def started(page: Page) -> Wire:
    wire = Wire(page)
    quick_game(page, "lechocolat")
    page.wait_for_selector("body[data-pending]")
    assert wire.hellos == 1
    return wire


def test_a_reloaded_table_makes_the_page_reconnect(page: Page) -> None:
    wire = started(page)
    wire.routes[-1].send(json.dumps(RELOADED))
    assert wire.hellos_after(1500) == 2
    assert len(wire.routes) == 2


def test_any_other_stale_ply_keeps_the_connection(page: Page) -> None:
    wire = started(page)
    wire.routes[-1].send(json.dumps(RACED))
    assert wire.hellos_after(1000) == 1
