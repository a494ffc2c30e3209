"""The hint message against a real server: the seat to move gets `agents.hint` of the view it
was sent (one of its legal actions, with a reason); a spectator and a seat waiting its turn are
refused and nothing changes at the table."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sweettooth.agents import hint

from .harness import Player, ServerProcess, create_table, join


@pytest.mark.parametrize("game", ["lechocolat", "bonbons", "bittersweet"])
def test_the_seat_to_move_gets_the_hint_of_its_own_view(
    sqlite_server: ServerProcess, game: str
) -> None:
    srv = sqlite_server
    table = create_table(srv, game, [{"kind": "human"}, {"kind": "human"}])
    tokens = [join(srv, table["id"], "Ann"), join(srv, table["id"], "Bob")]

    async def play() -> None:
        async with Player(srv, table["id"], tokens[0]) as ann, \
                Player(srv, table["id"], tokens[1]) as bob, \
                Player(srv, table["id"], None) as watcher:
            players = [ann, bob]
            for p in (ann, bob, watcher):
                await p.until_state(lambda m: m["started"])
            for turn in range(6):
                mover = players[ann.view["to_move"]]
                other = players[1 - ann.view["to_move"]]
                await mover.send({"type": "hint", "id": f"h{turn}"})
                got = await mover.until("hint")
                names = [s["name"] or "" for s in mover.seats]
                expected = hint(game, mover.view, names)
                assert got == {"type": "hint", "id": f"h{turn}", "ply": mover.ply,
                               "action": expected.action, "reason": expected.reason}
                assert got["action"] in mover.view["legal_actions"]
                assert "Ann" not in got["reason"] or mover is bob

                await other.send({"type": "hint", "id": 5})
                refused = await other.answer()
                assert refused["code"] == "not_your_turn", refused
                assert refused["id"] == 5 and refused["ply"] == other.ply
                await watcher.send({"type": "hint"})
                refused = await watcher.answer()
                assert refused["code"] == "not_your_seat", refused

                ply = mover.ply
                ack = await mover.act(got["action"])  # the hint is a move the server accepts
                assert ack == {"type": "ack", "ply": ply, "action": got["action"]}
                for p in (ann, bob, watcher):
                    await p.until_state(lambda m, ply=ply: m["ply"] > ply)
                if ann.view["result"] is not None:
                    break

    asyncio.run(play())


def test_hints_name_the_other_players_as_the_table_names_them(
    sqlite_server: ServerProcess,
) -> None:
    """Both seats follow their hints in Bonbons until one names the other player (a theft,
    a give-back). About 1 game in 60 has none: a new table is opened then, up to four."""
    srv = sqlite_server

    async def play(table_id: str, tokens: list[str]) -> list[str]:
        named: list[str] = []
        async with Player(srv, table_id, tokens[0]) as ann, \
                Player(srv, table_id, tokens[1]) as bob:
            players = [ann, bob]
            for p in players:
                await p.until_state(lambda m: m["started"])
            while not named and ann.view["result"] is None:
                seat = ann.view["to_move"]
                mover = players[seat]
                await mover.send({"type": "hint"})
                got = await mover.until("hint")
                assert got["reason"] == hint("bonbons", mover.view, ["Ann", "Bob"]).reason
                if ["Ann", "Bob"][1 - seat] in got["reason"]:
                    named.append(got["reason"])
                ply = mover.ply
                await mover.act(got["action"])
                for p in players:
                    await p.until_state(lambda m, ply=ply: m["ply"] > ply)
        return named

    named: list[str] = []
    for _ in range(4):
        # with the memory aid on, so the hints know where the faces seen before are (off, a
        # person's view, and so its hint, knows no tile to steal)
        table = create_table(srv, "bonbons", [{"kind": "human"}, {"kind": "human"}],
                             options={"memory_aid": True})
        tokens = [join(srv, table["id"], "Ann"), join(srv, table["id"], "Bob")]
        named = asyncio.run(play(table["id"], tokens))
        if named:
            break
    assert named, "no hint named the other player in four whole games"


def test_no_hint_before_the_table_starts_or_for_a_malformed_message(
    sqlite_server: ServerProcess,
) -> None:
    srv = sqlite_server
    table = create_table(srv, "bonbons", [{"kind": "human"}, {"kind": "human"}])
    token = join(srv, table["id"], "Ann")

    async def ask() -> list[dict[str, Any]]:
        async with Player(srv, table["id"], token) as ann:
            await ann.until("state")
            await ann.send({"type": "hint"})
            early = await ann.answer()
            await ann.send({"type": "hint", "id": [1]})
            bad = await ann.answer()
            return [early, bad]

    early, bad = asyncio.run(ask())
    assert early["code"] == "not_started"
    assert bad["code"] == "malformed" and "hint" in bad["message"]
