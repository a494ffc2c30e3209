"""Slow and greedy clients: timeouts for a missing hello, slow headers, slow bodies and stalled
frames; per-address caps on connections; forwarding headers believed only from configured
proxies."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from .harness import WAIT, ServerProcess, create_table

TIGHT = {
    "SWEETTOOTH_HELLO_TIMEOUT": "0.5", "SWEETTOOTH_HEADER_TIMEOUT": "0.5",
    "SWEETTOOTH_BODY_TIMEOUT": "0.5", "SWEETTOOTH_WS_PING_INTERVAL": "0.5",
    "SWEETTOOTH_WS_PING_TIMEOUT": "0.5",
}


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("tight") / "server.sqlite3"
    with ServerProcess(f"sqlite:///{path}", env=TIGHT) as srv:
        yield srv


def raw(server: ServerProcess) -> socket.socket:
    host, port = server.url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=WAIT)
    return sock


def closed_by_server(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the socket (a hang guard of WAIT s)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_a_websocket_without_hello_is_closed(tight: ServerProcess) -> None:
    table = create_table(tight, "lechocolat", [{"kind": "human"}, {"kind": "human"}])

    async def silent() -> tuple[dict[str, Any], int | None]:
        async with connect(f"{tight.ws}/ws/tables/{table['id']}") as ws:
            frame = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), WAIT)
            return frame, ws.close_code

    frame, code = asyncio.run(silent())
    assert frame["code"] == "hello_timeout"
    assert code == 1008


def test_slow_headers_are_cut_off(tight: ServerProcess) -> None:
    with raw(tight) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # and never the rest
        assert closed_by_server(sock) == b""
    with raw(tight) as sock:  # a connection that never says anything is closed too
        assert closed_by_server(sock) == b""


def test_a_slow_body_gets_408(tight: ServerProcess) -> None:
    with raw(tight) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nContent-Length: 100\r\n\r\n{\"game\": ")
        answer = closed_by_server(sock)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"did not arrive" in answer


def test_a_websocket_stalled_mid_frame_is_closed(tight: ServerProcess) -> None:
    """The handshake, a hello, then half a frame and silence: the pings go unanswered."""
    table = create_table(tight, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    key = base64.b64encode(os.urandom(16))
    with raw(tight) as sock:
        sock.sendall(
            f"GET /ws/tables/{table['id']} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n".encode()
            + b"Sec-WebSocket-Key: " + key + b"\r\n\r\n"
        )
        answer = b""
        while b"\r\n\r\n" not in answer:  # frames sent with the handshake may be dropped
            answer += sock.recv(4096)
        hello = b'{"type": "hello"}'
        mask = os.urandom(4)
        sock.sendall(bytes([0x81, 0x80 | len(hello)]) + mask
                     + bytes(b ^ mask[i % 4] for i, b in enumerate(hello)))
        sock.sendall(bytes([0x81, 0x80 | 100]) + mask + b"only ten b")  # 100 promised
        answer += closed_by_server(sock)
    assert answer.startswith(b"HTTP/1.1 101"), answer[:200]
    assert b'"welcome"' in answer  # it was a working socket until it stalled


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("capped") / "server.sqlite3"
    env = {"SWEETTOOTH_MAX_CONNECTIONS_PER_ADDRESS": "3", "SWEETTOOTH_HTTP_BURST": "1",
           "SWEETTOOTH_HTTP_PER_SECOND": "0.001"}
    with ServerProcess(f"sqlite:///{path}", env=env) as srv:
        yield srv


def test_http_connections_per_address_are_capped(capped: ServerProcess) -> None:
    held = [raw(capped) for _ in range(3)]
    try:
        with raw(capped) as extra:
            extra.settimeout(5.0)  # well before the 10 s header timeout would close it
            assert closed_by_server(extra) == b""  # the fourth is closed at once
    finally:
        for sock in held:
            sock.close()
    with httpx.Client(base_url=capped.url) as http:  # once they are gone, all is well
        assert http.get("/healthz").status_code == 200


def test_websockets_per_address_are_capped(capped: ServerProcess) -> None:
    with httpx.Client(base_url=capped.url) as http:
        table = http.post("/api/tables", json={"game": "lechocolat"}).json()

    async def many() -> dict[str, Any]:
        url = f"{capped.ws}/ws/tables/{table['id']}"
        held = [await connect(url) for _ in range(3)]
        try:
            async with connect(url) as extra:
                return dict(json.loads(await asyncio.wait_for(extra.recv(), WAIT)))
        finally:
            for ws in held:
                await ws.close()

    assert asyncio.run(many())["code"] == "too_many_connections"


def test_forwarded_for_is_ignored_unless_the_proxy_is_trusted(
    capped: ServerProcess, tmp_path: Path
) -> None:
    """With one lobby write allowed per address, a client cannot pick a fresh address by
    sending X-Forwarded-For (not even from 127.0.0.1) unless that proxy is configured."""

    def two_writes(server: ServerProcess) -> list[httpx.Response]:
        with httpx.Client(base_url=server.url) as http:
            return [
                http.post("/api/tables", json={"game": "lechocolat"},
                          headers={"X-Forwarded-For": f"203.0.113.{i}"})
                for i in (1, 2)
            ]

    refused = two_writes(capped)[-1]  # the capped server's one write may be spent already
    assert refused.status_code == 429 and "127.0.0.1" in refused.json()["detail"]
    env = {"SWEETTOOTH_HTTP_BURST": "1", "SWEETTOOTH_HTTP_PER_SECOND": "0.001",
           "SWEETTOOTH_TRUSTED_PROXIES": "127.0.0.1",
           "SWEETTOOTH_MAX_CONNECTIONS_PER_ADDRESS": "3"}
    with ServerProcess(f"sqlite:///{tmp_path / 's.sqlite3'}", env=env) as trusting:
        assert [r.status_code for r in two_writes(trusting)] == [201, 201]
        held = [raw(trusting) for _ in range(3)]
        try:  # the proxy carries everyone's connections: its own address is not capped
            with raw(trusting) as fourth:
                fourth.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                assert fourth.recv(4096).startswith(b"HTTP/1.1 200")
        finally:
            for sock in held:
                sock.close()
