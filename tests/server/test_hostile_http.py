"""Hostile HTTP input: every field strictly typed, answered 4xx with a message, never 5xx.

Each body here is sent as raw bytes (`content=`), since most of them are not JSON that a
well-behaved client library would produce: NaN, Infinity, lone surrogates.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

import sweettooth as st
from sweettooth.server.options import ONLINE_CAPS, check_online, online_range

from .harness import ServerProcess, api, create_table


def post(http: httpx.Client, path: str, raw: str | bytes) -> httpx.Response:
    return http.post(path, content=raw, headers={"content-type": "application/json"})


def assert_refused(r: httpx.Response, status: int, words: str = "") -> None:
    assert r.status_code == status, r.text
    detail = r.json()["detail"]  # always JSON that decodes, with a message
    assert isinstance(detail, str) and detail
    assert words in detail, detail


NON_NUMBERS = ['NaN', 'Infinity', '-Infinity', '1e999', 'true', '"3"', '2.0', '[2]', '{}']


@pytest.mark.parametrize("value", NON_NUMBERS)
def test_players_must_be_an_integer(sqlite_server: ServerProcess, value: str) -> None:
    with api(sqlite_server) as http:
        r = post(http, "/api/tables", f'{{"game": "lechocolat", "players": {value}}}')
    assert_refused(r, 422)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e999", "1e3", "1" + "0" * 31])
def test_option_numbers_are_finite_integers(sqlite_server: ServerProcess, value: str) -> None:
    raw = f'{{"game": "bonbons", "options": {{"turn_limit": {value}}}}}'
    with api(sqlite_server) as http:
        r = post(http, "/api/tables", raw)
    assert_refused(r, 422)


SURROGATE = '"\\ud800"'
SURROGATE_BODIES = [
    ("/api/tables", f'{{"game": {SURROGATE}}}'),
    ("/api/tables", f'{{"game": "lechocolat", "seats": [{{"kind": {SURROGATE}}}, {{}}]}}'),
    ("/api/tables", f'{{"game": "lechocolat", "options": {{{SURROGATE}: 1}}}}'),
    ("/api/tables", f'{{"game": "lechocolat", "options": {{"card": {SURROGATE}}}}}'),
    ("/api/tables", f'{{"game": "lechocolat", "bot_speed": {SURROGATE}}}'),
    ("/api/tables", f'{{{SURROGATE}: 1}}'),
    ("/api/tables/{t}/join", f'{{"name": {SURROGATE}}}'),
    ("/api/tables/{t}/join", '{"name": "Ada\\udfff"}'),
]


@pytest.mark.parametrize(("path", "raw"), SURROGATE_BODIES)
def test_lone_surrogates_are_refused_anywhere(
    sqlite_server: ServerProcess, path: str, raw: str
) -> None:
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    with api(sqlite_server) as http:
        r = post(http, path.format(t=table["id"]), raw)
    assert_refused(r, 422, "Unicode")


def test_wrong_types_are_refused_not_coerced(sqlite_server: ServerProcess) -> None:
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("/api/tables", {"game": "lechocolat", "players": True}, "players"),
        ("/api/tables", {"game": "lechocolat", "players": "2"}, "players"),
        ("/api/tables", {"game": 5}, "game"),
        ("/api/tables", {"game": "lechocolat", "seats": [{"kind": "human", "level": "hard"},
                                                           {"kind": "bot"}]}, "human seat"),
        ("/api/tables", {"game": "lechocolat", "seats": "two"}, "seats"),
        ("/api/tables", {"game": "lechocolat", "options": {"card": ["a"]}}, "options"),
        ("/api/tables", {"game": "lechocolat", "bot_speed": "ludicrous"}, "bot_speed"),
        ("/api/tables", {"game": "x" * 65}, "game"),
        ("/api/tables", {"game": "lechocolat", "options": {"card": "c" * 201}}, "options"),
        ("/api/tables", {"game": "lechocolat", "options": {"k" * 65: 1}}, "options"),
        ("/api/tables/{t}/join", {"name": "Ada", "seat": True}, "seat"),
        ("/api/tables/{t}/join", {"name": "Ada", "seat": "1"}, "seat"),
        ("/api/tables/{t}/join", {"name": 7}, "name"),
        ("/api/tables/{t}/join", {"name": "A" * 41}, "name"),
    ]
    with api(sqlite_server) as http:
        for path, body, words in cases:
            r = http.post(path.format(t=table["id"]), json=body)
            assert_refused(r, 422, words)
        info = http.get(f"/api/tables/{table['id']}").json()
    assert not any(s["taken"] for s in info["seats"])  # no refused join took a seat


def test_a_big_body_is_refused_with_413(sqlite_server: ServerProcess) -> None:
    big = json.dumps({"game": "lechocolat", "options": {"card": "x" * 70_000}})
    with api(sqlite_server) as http:
        assert_refused(post(http, "/api/tables", big), 413, "bytes")
        chunks = (b"x" * 8192 for _ in range(10))  # no Content-Length: counted as it comes
        r = http.post("/api/tables", content=chunks,
                      headers={"content-type": "application/json"})
        assert_refused(r, 413, "bytes")


def test_wrong_methods_get_405_and_head_answers_like_get(sqlite_server: ServerProcess) -> None:
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "human"}])
    tid = table["id"]
    with api(sqlite_server) as http:
        r = http.get(f"/api/tables/{tid}/join")
        assert_refused(r, 405, "POST")
        assert r.headers["allow"] == "POST"
        r = http.delete(f"/api/tables/{tid}")
        assert_refused(r, 405)
        assert set(r.headers["allow"].split(", ")) == {"GET", "HEAD"}
        r = http.put("/api/tables", json={})
        assert r.status_code == 405 and "POST" in r.headers["allow"]
        for path in (f"/api/tables/{tid}", "/api/games", "/api/tables"):
            head, get = http.head(path), http.get(path)
            assert head.status_code == get.status_code == 200, path
            assert head.content == b""
            assert head.headers["content-type"] == get.headers["content-type"]
        assert http.head("/api/tables/nope").status_code == 404
        assert_refused(http.get("/api/nowhere"), 404, "API")


def test_every_integer_option_has_an_online_range() -> None:
    """Bonbons' turn_limit has no upper bound in the engine; online it has one, and so does
    every other integer option of every game (a new unbounded option fails here)."""
    for game_id in st.games():
        game = st.game(game_id)
        for option in game.option_specs:
            if option.kind is int:
                bounds = online_range(game, option.name)
                assert bounds is not None and bounds[0] <= option.default <= bounds[1]  # type: ignore[operator]
    assert online_range(st.game("bonbons"), "turn_limit") == ONLINE_CAPS[("bonbons", "turn_limit")]
    check_online(st.game("bonbons"), {"turn_limit": 2000})
    with pytest.raises(ValueError, match="from 1 to 2000"):
        check_online(st.game("bonbons"), {"turn_limit": 2001})


def test_option_ranges_are_enforced_and_published(sqlite_server: ServerProcess) -> None:
    with api(sqlite_server) as http:
        r = http.post("/api/tables", json={"game": "bonbons", "options": {"turn_limit": 10**9}})
        assert_refused(r, 422, "from 1 to 2000")
        r = http.post("/api/tables", json={"game": "sweetnose", "options": {"max_bid": 100}})
        assert_refused(r, 422, "max_bid")
        ok = http.post("/api/tables", json={"game": "bonbons", "options": {"turn_limit": 2000}})
        assert ok.status_code == 201, ok.text
        games = {g["id"]: g for g in http.get("/api/games").json()}
    turn_limit = next(o for o in games["bonbons"]["options"] if o["name"] == "turn_limit")
    assert (turn_limit["minimum"], turn_limit["maximum"]) == (1, 2000)
    for game in games.values():
        for option in game["options"]:
            if isinstance(option["default"], int) and not isinstance(option["default"], bool):
                assert option["minimum"] <= option["default"] <= option["maximum"]


def test_bot_speed_is_kept_and_defaults_to_normal(sqlite_server: ServerProcess) -> None:
    slow = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "bot"}],
                        bot_speed="slow")
    plain = create_table(sqlite_server, "lechocolat", [{"kind": "human"}, {"kind": "bot"}])
    with api(sqlite_server) as http:
        assert http.get(f"/api/tables/{slow['id']}").json()["bot_speed"] == "slow"
    assert slow["bot_speed"] == "slow" and plain["bot_speed"] == "normal"
