"""The play socket's own route (`play_route.py`): a table's WebSocket reaches the play handler
without passing the HTTP middleware; HTTP and other WebSocket paths still pass it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import ClassVar

import pytest
from fastapi.testclient import TestClient
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from sweettooth.server import create_app
from sweettooth.server.play_route import route_path
from sweettooth.server.settings import Settings


class Recorder:
    """A middleware that notes the type and path of every scope it is given."""

    seen: ClassVar[list[tuple[str, str]]] = []

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            Recorder.seen.append((scope["type"], scope["path"]))
        await self.app(scope, receive, send)


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'server.sqlite3'}"))
    app.add_middleware(Recorder)
    Recorder.seen = []
    return TestClient(app)


def test_a_table_socket_plays_without_passing_the_middleware(client: TestClient) -> None:
    with client:
        table = client.post("/api/tables", json={"game": "lechocolat"}).json()["id"]
        token = client.post(f"/api/tables/{table}/join", json={"name": "ann"}).json()["token"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["type"] == "state"
    assert ("http", "/api/tables") in Recorder.seen  # the recorder is in the stack
    assert ("websocket", f"/ws/tables/{table}") not in Recorder.seen


def test_an_unknown_table_is_answered_by_the_play_handler(client: TestClient) -> None:
    with client, client.websocket_connect("/ws/tables/nosuchtable") as ws:
        assert ws.receive_json()["code"] == "not_found"
    assert Recorder.seen == []


@pytest.mark.parametrize("path", ["/ws/tables/a/b", "/ws/tables/", "/ws/other"])
def test_other_socket_paths_go_through_the_stack_and_are_refused(
    client: TestClient, path: str
) -> None:
    with client, pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as ws:
        ws.receive_json()
    assert Recorder.seen == [("websocket", path)]


def test_a_table_socket_plays_when_the_app_is_mounted_under_a_prefix(tmp_path: Path) -> None:
    """Mounted at /game in another app (its `root_path`), the play socket is still the play
    handler's, as the router's own routes are."""
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'server.sqlite3'}"))

    @asynccontextmanager
    async def lifespan(_outer: Starlette) -> AsyncIterator[None]:
        async with app.router.lifespan_context(app):
            yield

    outer = Starlette(routes=[Mount("/game", app)], lifespan=lifespan)
    with TestClient(outer) as client:
        table = client.post("/game/api/tables", json={"game": "lechocolat"}).json()["id"]
        with client.websocket_connect(f"/game/ws/tables/{table}") as ws:
            ws.send_json({"type": "hello", "token": None})
            assert ws.receive_json()["type"] == "welcome"
        with client.websocket_connect("/game/ws/tables/nosuchtable") as ws:
            assert ws.receive_json()["code"] == "not_found"


@pytest.mark.parametrize(("path", "root", "seen"), [
    ("/ws/tables/t", "", "/ws/tables/t"),
    ("/game/ws/tables/t", "/game", "/ws/tables/t"),
    ("/gamex/ws/tables/t", "/game", "/gamex/ws/tables/t"),  # not under /game: left whole
])
def test_the_route_path_drops_the_root_path_as_the_router_does(
    path: str, root: str, seen: str
) -> None:
    assert route_path({"type": "websocket", "path": path, "root_path": root}) == seen
