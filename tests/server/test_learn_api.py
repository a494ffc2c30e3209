"""`POST /api/learn/{game}` (issue 35 item 4), on the router alone: the first step, a move it
asks for, a move it refuses (nothing played), the bot finishing the game, and bad input named
(unknown game 404, moves that cannot be replayed 400, a malformed body 422)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from sweettooth.learn import lesson
from sweettooth.server import learn_api


def client() -> TestClient:
    app = FastAPI()
    app.include_router(learn_api.router)
    return TestClient(app)


def test_steps_refusals_and_the_end() -> None:
    c = client()
    les = lesson("lechocolat")
    first = c.post("/api/learn/lechocolat", json={}).json()
    assert first["number"] == 1 and first["expect"] == les.steps[0].expect
    assert first["say"] == les.steps[0].say and first["intro"] == les.intro
    assert first["view"]["seat"] == 0 and first["moves"] == []
    other = next(a for a in first["view"]["legal_actions"] if a != first["expect"])
    refused = c.post("/api/learn/lechocolat", json={"moves": [], "move": other}).json()
    assert refused["refused"].startswith("Not that one yet") and refused["moves"] == []
    assert refused["view"] == first["view"]
    played = c.post("/api/learn/lechocolat", json={"moves": [], "move": first["expect"]}).json()
    assert played["refused"] is None and played["moves"] == [first["expect"]]
    assert played["number"] == 2 and played["bots"] and played["bots"][0]["reason"]
    moves = [s.expect for s in les.steps if s.expect]
    end = c.post("/api/learn/lechocolat", json={"moves": moves, "finish": True}).json()
    assert end["over"] and end["score"] and end["view"]["result"] is not None


def test_bad_input_is_named() -> None:
    c = client()
    unknown = c.post("/api/learn/chess", json={})
    assert unknown.status_code == 404 and "no lesson for 'chess'" in unknown.json()["detail"]
    bad = c.post("/api/learn/bonbons", json={"moves": ["a1"]})
    assert bad.status_code == 400 and "move 1 (a1)" in bad.json()["detail"]
    assert c.post("/api/learn/bonbons", json={"moves": "e5"}).status_code == 422
    assert c.post("/api/learn/bonbons", json={"extra": 1}).status_code == 422
