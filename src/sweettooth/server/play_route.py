"""The play WebSocket's own route, ahead of the HTTP middleware.

Every connection to `/ws/tables/{table_id}` lives as long as its player or spectator stays,
and each frame sent on it used to pass down FastAPI's whole middleware stack: the error,
telemetry, body-limit and exception middlewares, the API guard, the exit-stack middleware,
the router and the route, a dozen coroutines and their closures held per connection and a
wrapped `send` called per frame. None of them acts on a WebSocket here (the guards and limits
are for HTTP; the play handler checks its own input and never raises an HTTP exception; FastAPI's
telemetry, which this server does not configure, would no longer see play sockets), but under
load they made a frame cost more and every connection several dozen objects more for the
garbage collector's full scans, whose pauses set the tail of the round trip
(docs/server.md, "Latency under load").

`ServerApp` is FastAPI with one change: a WebSocket whose path is a table's goes straight to
the play handler; everything else (HTTP, lifespan, other WebSocket paths, which answer 403)
goes through the stack as before.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from fastapi import FastAPI, WebSocket
from starlette.types import ASGIApp, Receive, Scope, Send

PlayHandler = Callable[[WebSocket, str], Awaitable[None]]

PLAY_PATH = re.compile(r"/ws/tables/([^/]+)")
"""A table's play socket (the same match as the route pattern `/ws/tables/{table_id}`)."""


def route_path(scope: Scope) -> str:
    """The path the app's routes see: without the `root_path` it is mounted at, if any (as
    Starlette's router strips it)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    if root and path.startswith(root) and path[len(root):len(root) + 1] in ("", "/"):
        return path[len(root):]
    return path


class PlaySockets:
    """ASGI: play sockets to `handler(websocket, table_id)`, the rest to `app`."""

    def __init__(self, app: ASGIApp, handler: PlayHandler) -> None:
        self.app, self.handler = app, handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match = PLAY_PATH.fullmatch(route_path(scope))
            if match is not None:
                await self.handler(WebSocket(scope, receive, send), match.group(1))
                return
        await self.app(scope, receive, send)


class ServerApp(FastAPI):
    """FastAPI with the play sockets routed by `PlaySockets` (set `play_handler`)."""

    play_handler: PlayHandler | None = None

    def build_middleware_stack(self) -> ASGIApp:
        stack = super().build_middleware_stack()
        return stack if self.play_handler is None else PlaySockets(stack, self.play_handler)
