"""The HTTP front door: what a request must be before the lobby sees it.

`ApiGuard` is an ASGI middleware around the whole application:

- request bodies are limited to `max_body_bytes` (413) and must arrive within `body_timeout`
  seconds (408);
- a body sent to `/api/...` must be strict JSON (`strictjson.loads_strict`: no NaN or Infinity,
  no lone surrogates, no giant integers), else 422 naming the problem;
- under `/api/`, a path that exists with another method answers 405 with `Allow` (JSON, not the
  web client's HTML 404), `HEAD` is answered like `GET` without the body, and an unknown path is
  a JSON 404.

The 422 answers of FastAPI's own validation go through `validation_error` (installed by
`create_app`), which names each field and what it accepts but never echoes the input.
"""

from __future__ import annotations

import asyncio

from fastapi.exceptions import RequestValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Match, Mount, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .settings import Settings
from .strictjson import JsonError, loads_strict

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _safe(text: str, limit: int = 300) -> str:
    """`text` cut to `limit` characters, with anything unencodable replaced."""
    return text[:limit].encode("utf-8", "replace").decode("utf-8")


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """422 naming each invalid field and what it accepts, without the input itself."""
    assert isinstance(exc, RequestValidationError)
    parts = []
    for err in exc.errors()[:8]:
        loc = [str(x) for x in err.get("loc", ()) if x != "body"]
        where = ".".join(loc) or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return problem(422, "; ".join(parts) or "invalid request")


def problem(status: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"detail": _safe(detail, 1000)}, status_code=status, headers=headers)


class ApiGuard:
    """Body limits, strict JSON and JSON method errors for the API (see the module docstring)."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.max_body = settings.max_body_bytes
        self.body_timeout = settings.body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        api = path == "/api" or path.startswith("/api/")
        if api:
            routed = self._route(scope)
            if routed is not None:
                await routed(scope, receive, send)
                return
            if scope["method"] == "HEAD":
                scope = {**scope, "method": "GET"}
                send = _without_body(send)
        if _has_body(scope):
            body = await self._read_body(scope, receive, send, strict_json=api)
            if body is None:
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, send)

    def _route(self, scope: Scope) -> JSONResponse | None:
        """None when an API route takes this method (HEAD counts as GET); else 405 or 404."""
        app = scope.get("app")
        routes = getattr(getattr(app, "router", None), "routes", [])
        allowed: set[str] = set()
        method = scope["method"]
        for route in routes:
            if isinstance(route, Mount | WebSocketRoute):
                continue
            for wanted in {method, "GET"} if method == "HEAD" else {method}:
                match, _ = route.matches({**scope, "method": wanted})
                if match == Match.FULL:
                    return None
            match, _ = route.matches(scope)
            if match == Match.PARTIAL:
                allowed |= set(getattr(route, "methods", None) or ())
        if allowed:
            if "GET" in allowed:
                allowed.add("HEAD")
            listed = ", ".join(sorted(allowed))
            return problem(405, f"{method} is not allowed here; use {listed}",
                           {"Allow": listed})
        return problem(404, "no such API path; see /docs for the API")

    async def _read_body(
        self, scope: Scope, receive: Receive, send: Send, strict_json: bool
    ) -> bytes | None:
        """The whole body, or None after answering 413, 408 or 422 itself."""
        length = _content_length(scope)
        if length is not None and length > self.max_body:
            await problem(413, f"request bodies are limited to {self.max_body} bytes")(
                scope, receive, send)
            return None
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        while True:
            try:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                await problem(408, f"the request body did not arrive within "
                                   f"{self.body_timeout:g} s")(scope, receive, send)
                return None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await problem(413, f"request bodies are limited to {self.max_body} bytes")(
                    scope, receive, send)
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if strict_json and body.strip():
            try:
                loads_strict(body)
            except JsonError as exc:
                await problem(422, f"the body is not valid JSON: {exc}")(scope, receive, send)
                return None
        return body


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _has_body(scope: Scope) -> bool:
    length = _content_length(scope)
    if length is not None:
        return length > 0
    chunked = any(n == b"transfer-encoding" for n, _ in scope.get("headers", ()))
    return chunked or scope["method"] in BODY_METHODS


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _without_body(send: Send) -> Send:
    async def head(message: Message) -> None:
        if message["type"] == "http.response.body":
            if message.get("more_body", False):
                return
            message = {"type": "http.response.body", "body": b"", "more_body": False}
        await send(message)

    return head


__all__ = ["ApiGuard", "problem", "validation_error"]
