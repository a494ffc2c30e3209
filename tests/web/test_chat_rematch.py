"""Chat and rematch in the browser, with two (and three) browser contexts on a real server:
chat both ways, markup shown as literal text, a mute remembered per table, the spectators'
chat apart; "Play again" declined, then accepted, moving both players to the new table."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import httpx
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from .conftest import Server, shot

PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold</b>'


def _table(server: Server, names: tuple[str, str] = ("Ada", "Bo")) -> tuple[str, list[str]]:
    with httpx.Client(base_url=server.url) as http:
        r = http.post("/api/tables", json={"game": "lechocolat",
                                           "seats": [{"kind": "human"}, {"kind": "human"}]})
        tid = r.json()["id"]
        tokens = [http.post(f"/api/tables/{tid}/join", json={"name": n, "seat": i}).json()["token"]
                  for i, n in enumerate(names)]
    return tid, tokens


def _open(page: Page, tid: str, token: str | None) -> None:
    page.goto(f"/t/{tid}#token={token}" if token else f"/table.html?t={tid}&watch=1")
    page.wait_for_selector(".chat")


def _play_out(server: Server, tid: str, tokens: list[str], seed: int) -> None:
    """Both seats play random moves over sockets of their own (a seat may have several)."""
    rng = random.Random(seed)
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{tid}"
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(connect(url)) for _ in tokens]
        views: list[dict[str, Any]] = [{}, {}]
        for sock, token in zip(socks, tokens, strict=True):
            sock.send(json.dumps({"type": "hello", "token": token}))

        def read(i: int) -> None:
            while True:
                msg = json.loads(socks[i].recv(timeout=60))
                if msg["type"] == "state":
                    views[i] = msg
                    return

        for i in (0, 1):
            read(i)
            while not views[i]["started"]:
                read(i)
        while views[0]["view"]["result"] is None:
            mover = views[0]["view"]["to_move"]
            while views[mover]["ply"] < views[0]["ply"]:
                read(mover)
            legal = views[mover]["view"]["legal_actions"]
            socks[mover].send(json.dumps({"type": "action", "ply": views[mover]["ply"],
                                          "action": rng.choice(legal)}))
            target = views[0]["ply"] + 1
            while views[0]["ply"] < target:
                read(0)


def test_chat_both_ways_as_text_with_mute_and_spectators_apart(
    new_page: Any, server: Server,
) -> None:
    tid, tokens = _table(server)
    ada, bo, kib = new_page(), new_page(), new_page()
    _open(ada, tid, tokens[0])
    _open(bo, tid, tokens[1])
    _open(kib, tid, None)
    expect(kib.locator(".chattab[data-channel=spectators]")).to_have_attribute(
        "aria-selected", "true")  # a spectator starts in the chat they write in
    kib.click(".chattab[data-channel=players]")
    ada.fill(".chatinput", PAYLOAD)
    ada.press(".chatinput", "Enter")
    for page in (ada, bo, kib):
        expect(page.locator(".chatmsg .chattext").last).to_have_text(PAYLOAD)
        assert page.locator(".chatlog img, .chatlog script, .chatlog .chattext b").count() == 0
        assert page.evaluate("window.__xss") is None
    bo.click(".chatquick button:has-text('Your turn')")
    expect(ada.locator(".chatmsg").last).to_have_text("Bo Your turn")
    # spectators' chat: the spectator writes in it; the players see it only once they open it
    kib.click(".chattab[data-channel=spectators]")
    kib.fill(".chatinput", "claim the dark ones")
    kib.press(".chatinput", "Enter")
    expect(kib.locator(".chatmsg").last).to_have_text("Spectator claim the dark ones")
    bo.fill(".chatinput", "Thinking...")
    bo.press(".chatinput", "Enter")
    expect(ada.locator(".chatmsg").last).to_have_text("Bo Thinking...")
    assert "claim the dark ones" not in ada.locator(".chatlog").inner_text()
    ada.click(".chattab[data-channel=spectators]")
    expect(ada.locator(".chatmsg").last).to_have_text("Spectator claim the dark ones")
    shot(ada, "chat-spectators-tab")
    ada.click(".chattab[data-channel=players]")
    # a mute per player, remembered for this table in this browser
    ada.click(".mutebtn:has-text('Bo')")
    expect(ada.locator(".chatlog")).not_to_contain_text("Your turn")
    expect(ada.locator(".chatnote")).to_contain_text("2 muted messages hidden")
    ada.reload()
    ada.wait_for_selector(".chatmsg")
    expect(ada.locator(".chatlog")).not_to_contain_text("Thinking...")
    expect(bo.locator(".chatlog")).to_contain_text("Your turn")  # muting is the muter's only
    shot(bo, "chat-players")
    for _ in range(5):
        bo.click(".chatquick button:has-text('Good game')")
    expect(bo.locator(".chaterror")).to_contain_text("at most 5 chat messages in 10 s")


def test_rematch_declined_then_accepted_moves_both_players(new_page: Any, server: Server) -> None:
    tid, tokens = _table(server)
    ada, bo = new_page(), new_page()
    _open(ada, tid, tokens[0])
    _open(bo, tid, tokens[1])
    _play_out(server, tid, tokens, seed=7)
    with httpx.Client(base_url=server.url) as http:
        winners = http.get(f"/api/tables/{tid}").json()["result"]["winners"]
    wins = {name: int(seat in winners) for seat, name in enumerate(("Ada", "Bo"))}
    for page in (ada, bo):
        expect(page.locator(".endscreen .playagain")).to_be_visible()
    ada.click(".endscreen .playagain")
    expect(bo.locator(".rematchstatus")).to_have_text("Ada offers a rematch.")
    expect(ada.locator(".rematchstatus")).to_have_text("Rematch offered: waiting for Bo.")
    shot(bo, "rematch-offered")
    bo.click(".declinerematch")
    expect(ada.locator(".rematchstatus")).to_have_text("Bo declined the rematch.")
    ada.click(".endscreen .playagain")
    bo.click(".acceptrematch")
    for page in (ada, bo):
        page.wait_for_url(lambda url: tid not in url, timeout=30_000)
        expect(page.locator("#series")).to_contain_text("Series, game 2")
    assert ada.url == bo.url
    expect(bo.locator(".players")).to_contain_text("Bo")
    # rotated: Bo (seat 2 before) now sits in seat 1 and moves first
    expect(bo.locator(".table-root.myturn")).to_be_visible()
    expect(ada.locator(".table-root.myturn")).to_have_count(0)
    shot(bo, "rematch-new-table")
    expect(ada.locator("#series")).to_contain_text("1 of 2 games finished")
    for page in (ada, bo):  # the score: the first game's wins, by the names at this table
        expect(page.locator("#series")).to_contain_text(f"Bo {wins['Bo']}, Ada {wins['Ada']}")


def test_replay_shows_the_chat_as_text(page: Page, server: Server) -> None:
    tid, tokens = _table(server)
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{tid}"
    with connect(url) as ada, connect(url) as kib:
        ada.send(json.dumps({"type": "hello", "token": tokens[0]}))
        ada.send(json.dumps({"type": "chat", "text": PAYLOAD}))
        kib.send(json.dumps({"type": "hello"}))
        kib.send(json.dumps({"type": "chat", "text": "go Ada"}))
        for sock in (ada, kib):
            while json.loads(sock.recv(timeout=60))["type"] != "chat":
                pass
    _play_out(server, tid, tokens, seed=9)
    page.goto(f"/replay.html?t={tid}")
    expect(page.locator(".chatmsg .chattext")).to_have_text([PAYLOAD])
    assert page.evaluate("window.__xss") is None
    page.click(".chattab[data-channel=spectators]")
    expect(page.locator(".chatmsg")).to_have_text(["Spectator go Ada"])
    shot(page, "chat-replay")
