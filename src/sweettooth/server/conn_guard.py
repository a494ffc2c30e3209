"""Connection limits below the application: what uvicorn itself must enforce.

`uvicorn_options(settings)` is everything `sweettooth serve` (and the test servers) pass to
`uvicorn.run` besides the app, host and port:

- an HTTP protocol (`guarded_http(settings)`, uvicorn's httptools protocol with two additions):
  a client address may hold at most `max_connections_per_address` open HTTP connections (more
  are closed at once; a trusted proxy, which carries everyone's connections, is not capped),
  and a connection must deliver a request's headers within `header_timeout` seconds of opening
  (or of the previous response), else it is closed: a slowloris client holds no socket long;
- `timeout_keep_alive` (idle keep-alive connections), WebSocket pings every
  `ws_ping_interval` seconds with `ws_ping_timeout` to answer (a socket stalled mid-frame
  cannot answer and is closed), `ws_max_size` (`hard_message_bytes`);
- forwarding headers (`X-Forwarded-For`, `X-Forwarded-Proto`) believed only from
  `trusted_proxies` (none by default, not even 127.0.0.1).

Open WebSockets per address are limited in the application (`app.py`), since an upgraded
connection leaves this protocol.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

from .settings import Settings
from .ws_deflate import ws_protocol

log = logging.getLogger("sweettooth.server")


def guarded_http(settings: Settings) -> type[asyncio.Protocol] | str:
    """uvicorn's httptools protocol with per-address connection caps and a header timeout
    ("auto" when httptools is not installed)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools ships with uvicorn[standard]
        log.warning("httptools is missing: no per-address connection cap or header timeout")
        return "auto"

    cap = settings.max_connections_per_address
    header_timeout = settings.header_timeout
    proxies = set(settings.proxies)  # a trusted proxy carries everyone: it is not capped
    open_per_address: Counter[str] = Counter()

    class GuardedHttp(HttpToolsProtocol):
        _counted: str | None = None
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else "unknown"
            if peer in proxies or "*" in proxies:
                self._arm()
                return
            if open_per_address[peer] >= cap:
                log.warning("closing a connection from %s: %d already open", peer, cap)
                transport.close()
                return
            open_per_address[peer] += 1
            self._counted = peer
            self._arm()

        def _release(self) -> None:
            if self._counted is not None:
                open_per_address[self._counted] -= 1
                if open_per_address[self._counted] <= 0:
                    del open_per_address[self._counted]
                self._counted = None
            self._disarm()

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self.cycle is None or self.cycle.response_complete:
                self._arm()  # a new request begins: its headers must come in time
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self._release()  # the WebSocket is counted by the application
            super().handle_websocket_upgrade()

    return GuardedHttp


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """Keyword arguments for `uvicorn.run` besides app, host, port and logging."""
    proxies = settings.proxies
    return {
        "http": guarded_http(settings),
        "ws": ws_protocol(settings),  # compresses large frames only (ws_deflate.py)
        "ws_max_size": settings.hard_message_bytes,
        "ws_ping_interval": settings.ws_ping_interval,
        "ws_ping_timeout": settings.ws_ping_timeout,
        "timeout_keep_alive": settings.keep_alive_timeout,
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": ",".join(proxies) if proxies else "",
    }
