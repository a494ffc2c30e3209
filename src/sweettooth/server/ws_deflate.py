"""WebSocket compression for large frames only.

uvicorn's WebSocket protocol compresses every frame (permessage-deflate, RFC 7692) that a client
accepts compression for, which every browser does. Compression state is per connection, so each
frame is compressed once per connection that receives it: under load that was the largest
single cost of the server (about a quarter of its CPU), for frames of a few KiB that a network
carries in no time anyway.

`ws_protocol(settings)` is uvicorn's sans-I/O WebSocket protocol with one change: a message
shorter than `ws_compress_min_bytes` is sent as it is (RSV1 clear, which RFC 7692 allows within
a compressed connection; clients decompress only the messages marked compressed), and longer
ones are compressed as before, with the same negotiated parameters. 0 compresses everything
(uvicorn's behaviour).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

from .settings import Settings

log = logging.getLogger("sweettooth.server")

WINDOW_BITS = 12  # uvicorn's choice for both directions
COMPRESS_SETTINGS = {"memLevel": 5}  # uvicorn's choice


class LargeFramesDeflate(PerMessageDeflate):
    """permessage-deflate that leaves a one-frame message under `min_bytes` uncompressed."""

    def __init__(self, *args: Any, min_bytes: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.min_bytes = min_bytes

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode is not Opcode.CONT and frame.fin and len(frame.data) < self.min_bytes:
            return frame  # a whole small message, sent as it is (a control frame too)
        return super().encode(frame)


class LargeFramesDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates like websockets' server factory; the extension skips small messages."""

    def __init__(self, min_bytes: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.min_bytes = min_bytes

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, ext = super().process_request_params(params, accepted_extensions)
        return response, LargeFramesDeflate(
            ext.remote_no_context_takeover, ext.local_no_context_takeover,
            ext.remote_max_window_bits, ext.local_max_window_bits, dict(ext.compress_settings),
            min_bytes=self.min_bytes,
        )


def ws_protocol(settings: Settings) -> type[asyncio.Protocol] | str:
    """uvicorn's WebSocket protocol compressing only messages of `ws_compress_min_bytes` or
    more ("auto", uvicorn's own, when its sans-I/O protocol cannot be imported)."""
    try:
        from uvicorn.config import Config
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # pragma: no cover - uvicorn[standard] ships websockets
        log.warning("uvicorn's websockets protocol is missing: every frame is compressed")
        return "auto"
    min_bytes = settings.ws_compress_min_bytes
    factory = LargeFramesDeflateFactory(  # stateless: one for every connection
        min_bytes, server_max_window_bits=WINDOW_BITS, client_max_window_bits=WINDOW_BITS,
        compress_settings=dict(COMPRESS_SETTINGS),
    )

    class LargeFramesDeflateProtocol(WebSocketsSansIOProtocol):
        def __init__(self, config: Config, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            if config.ws_per_message_deflate and min_bytes > 0:
                self.conn.available_extensions = [factory]  # negotiated at the handshake

    return LargeFramesDeflateProtocol
