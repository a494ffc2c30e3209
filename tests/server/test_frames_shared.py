"""State frames are built once per distinct view and shared, never across seats; the encoder
writes what the standard library writes; small frames go uncompressed, large ones compressed."""

from __future__ import annotations

import asyncio
import json
import random
import zlib
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import connect
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    ClientPerMessageDeflateFactory,
    PerMessageDeflate,
)
from websockets.frames import Frame, Opcode
from websockets.typing import ExtensionParameter

import sweettooth as st
from sweettooth.server.protocol import dumps
from sweettooth.server.ws_deflate import LargeFramesDeflate

from .harness import WAIT, Player, ServerProcess, api, create_table, join


def test_the_encoder_writes_the_standard_librarys_bytes_for_every_view() -> None:
    rng = random.Random(15)
    for game_id in st.games():
        game = st.game(game_id)
        players = game.min_players
        state = game.new(players, rng.randrange(2**64))
        for _ in range(12):
            if state.to_move is None:
                break
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert dumps(view) == json.dumps(view, separators=(",", ":"),
                                                 ensure_ascii=False), (game_id, seat)
            legal = state.view(state.to_move)["legal_actions"]
            state.apply(game.parse_action(state, rng.choice(legal)))
    odd: dict[Any, Any] = {"seed": 2**80, "name": "\ud800", 3: "int key"}  # orjson refuses some
    assert dumps(odd) == json.dumps(odd, separators=(",", ":"), ensure_ascii=False)


def state_frames(player: Player) -> dict[int, str]:
    """Each state frame's text by its ply (the frames after a move: one per ply)."""
    out = {}
    for text in player.frames:
        msg = json.loads(text)
        if msg["type"] == "state" and msg["ply"] > 0:
            out[msg["ply"]] = text
    return out


def test_connections_of_one_view_get_the_same_frame_and_seats_never_share(
    sqlite_server: ServerProcess,
) -> None:
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    tid = table["id"]
    tokens = [join(sqlite_server, tid, "A", seat=0), join(sqlite_server, tid, "B", seat=1)]
    plies = 6

    async def play() -> list[Player]:
        seat0, seat0_again, seat1 = (Player(sqlite_server, tid, tokens[0]),
                                     Player(sqlite_server, tid, tokens[0]),
                                     Player(sqlite_server, tid, tokens[1]))
        watchers = [Player(sqlite_server, tid, None), Player(sqlite_server, tid, None)]
        everyone = [seat0, seat0_again, seat1, *watchers]
        for p in everyone:
            await p.__aenter__()
        movers = {0: seat0, 1: seat1}
        await seat0.until_state(lambda m: m["started"])
        await seat1.until_state(lambda m: m["started"])
        for ply in range(plies):
            mover = movers[seat0.view["to_move"]]
            if mover.ply != ply:
                await mover.until_state(lambda m, ply=ply: m["ply"] == ply)
            answer = await mover.act(random.Random(ply).choice(mover.view["legal_actions"]))
            assert answer["type"] == "ack", answer
            for p in everyone:
                if p.ply != ply + 1:
                    await p.until_state(lambda m, ply=ply: m["ply"] == ply + 1)
        for p in everyone:
            await p.close()
        return everyone

    seat0, seat0_again, seat1, watcher, watcher2 = asyncio.run(play())
    frames = [state_frames(p) for p in (seat0, seat0_again, seat1, watcher, watcher2)]
    assert all(sorted(f) == list(range(1, plies + 1)) for f in frames)
    assert frames[0] == frames[1]  # two connections of seat 0: the same bytes
    assert frames[3] == frames[4]  # two spectators: the same bytes
    for ply in range(1, plies + 1):  # but never one seat's frame for another seat
        assert len({frames[0][ply], frames[2][ply], frames[3][ply]}) == 3
        assert json.loads(frames[0][ply])["view"]["seat"] == 0
        assert json.loads(frames[2][ply])["view"]["seat"] == 1
    with api(sqlite_server) as http:
        public = http.get(f"/api/tables/{tid}/view").json()
    assert json.loads(frames[3][plies])["view"] == public  # the spectator frame: view(None)


class Recording(PerMessageDeflate):
    """A client's permessage-deflate that notes, per message, its size and whether it came
    compressed (RSV1)."""

    seen: list[tuple[int, bool]]

    def decode(self, frame: Frame, *, max_size: int | None = None) -> Frame:
        compressed = frame.rsv1
        out = super().decode(frame, max_size=max_size)
        if frame.opcode in (Opcode.TEXT, Opcode.BINARY):
            self.seen.append((len(out.data), compressed))
        return out


class RecordingFactory(ClientPerMessageDeflateFactory):
    def __init__(self, seen: list[tuple[int, bool]]) -> None:
        super().__init__()
        self.seen = seen

    def process_response_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension],
    ) -> PerMessageDeflate:
        ext = super().process_response_params(params, accepted_extensions)
        ext.__class__ = Recording
        assert isinstance(ext, Recording)
        ext.seen = self.seen
        return ext


def test_only_messages_of_the_threshold_or_more_are_compressed(tmp_path: Any) -> None:
    threshold = 1500  # between a welcome (~70 bytes) and a Bonbons state frame (~3 KiB)
    env = {"SWEETTOOTH_WS_COMPRESS_MIN_BYTES": str(threshold)}
    with ServerProcess(f"sqlite:///{tmp_path / 's.sqlite3'}", env=env) as srv:
        table = create_table(srv, "bonbons", [{"kind": "bot", "level": "easy"}] * 2,
                             options={"turn_limit": 10})

        async def watch() -> list[tuple[int, bool]]:
            seen: list[tuple[int, bool]] = []
            async with connect(f"{srv.ws}/ws/tables/{table['id']}", compression=None,
                               extensions=[RecordingFactory(seen)], max_size=2**24) as ws:
                await ws.send('{"type":"hello"}')
                await ws.send('{"type":"ping"}')
                while not any(size >= threshold for size, _ in seen) or not any(
                        size < 100 for size, _ in seen[1:]):
                    await asyncio.wait_for(ws.recv(), WAIT)
            return seen

        seen = asyncio.run(watch())
    assert seen and all(compressed == (size >= threshold) for size, compressed in seen), seen


def test_the_extension_leaves_small_messages_alone_and_compresses_large_ones() -> None:
    ext = LargeFramesDeflate(False, False, 12, 12, {"memLevel": 5}, min_bytes=100)
    small = Frame(Opcode.TEXT, b'{"type":"pong"}')
    assert ext.encode(small) == small  # as it is: RSV1 clear
    big = b'{"log":[' + b'"a line",' * 50 + b'"end"]}'
    sent = ext.encode(Frame(Opcode.TEXT, big))
    assert sent.rsv1 and len(sent.data) < len(big)
    inflate = zlib.decompressobj(wbits=-12)
    assert inflate.decompress(bytes(sent.data) + b"\x00\x00\xff\xff") == big
