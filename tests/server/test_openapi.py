"""The OpenAPI schema is served, and fuzzing every operation of it never gets a 5xx."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect as ws_connect

import sweettooth

from .harness import WAIT, ServerProcess, api, create_table


def test_openapi_schema_is_served(sqlite_server: ServerProcess) -> None:
    with api(sqlite_server) as http:
        schema = http.get("/openapi.json").json()
    assert {"/api/games", "/api/tables", "/api/tables/{table_id}/join"} <= set(schema["paths"])


@pytest.mark.parametrize("examples", [
    15, pytest.param(60, marks=pytest.mark.slow, id="60")])
def test_fuzzing_the_api_finds_no_server_error(sqlite_server: ServerProcess,
                                               examples: int) -> None:
    """Every operation, generated requests (valid and invalid): never a 5xx (15 requests per
    operation in the test command, 60 under `dev.py slow`)."""
    table = create_table(sqlite_server, "bonbons", [{"kind": "human"}, {"kind": "human"}])
    schema = schemathesis.openapi.from_url(f"{sqlite_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 8
    failures: list[str] = []
    statuses: set[int] = set()
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=examples, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def fuzz(case: Any) -> None:
            if case.path_parameters and "table_id" in case.path_parameters and \
                    case.path_parameters["table_id"] == "":
                case.path_parameters["table_id"] = table["id"]
            response = case.call(base_url=sqlite_server.url)
            statuses.add(response.status_code)
            if response.status_code >= 500:
                failures.append(f"{case.method} {case.formatted_path}: {response.status_code}")

        fuzz()
    # and with a real table id, so join/record/view get past the 404
    for path in ("/api/tables/{t}/join", "/api/tables/{t}/view", "/api/tables/{t}/record"):
        with api(sqlite_server) as http:
            url = path.format(t=table["id"])
            bodies: list[Any] = [
                {}, {"name": "x" * 41}, {"name": "\x00"}, {"name": "A", "seat": 99},
                {"name": "A", "seat": -1}, [], "x", {"name": "B", "extra": 1},
            ]
            for body in bodies:
                r = http.post(url, json=body) if "join" in path else http.get(url)
                assert r.status_code < 500, (url, body, r.text)
    assert not failures, failures
    assert {200, 404, 422} <= statuses  # the fuzzer got through and was turned away


# -- hostile JSON, generated ----------------------------------------------------------------------
SURROGATES = st.sampled_from(["\ud800", "\udfff", "a\udbff", "\udc00z"])
TEXT = st.one_of(st.text(max_size=20), SURROGATES, st.text(min_size=60, max_size=300))
NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70), st.just(10**40),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(),
)
SCALARS = st.one_of(st.none(), NUMBERS, TEXT)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)
TABLE_FIELDS = {
    "game": st.one_of(st.sampled_from(sorted(sweettooth.games())), VALUES),
    "players": VALUES,
    "options": st.one_of(st.dictionaries(st.one_of(TEXT, st.sampled_from(
        ["turn_limit", "max_bid", "card", "variant"])), VALUES, max_size=3), VALUES),
    "seats": st.one_of(st.lists(st.fixed_dictionaries(
        {}, optional={"kind": st.one_of(st.sampled_from(["human", "bot"]), VALUES),
                      "level": st.one_of(st.sampled_from(["easy", "hard"]), VALUES)}),
        max_size=4), VALUES),
    "bot_speed": st.one_of(st.sampled_from(["slow", "normal", "instant"]), VALUES),
}
JOIN_FIELDS = {"name": st.one_of(TEXT, VALUES), "seat": VALUES}


def hostile_json(value: Any) -> str:
    """JSON as a hostile client writes it: NaN/Infinity literals, \\ud800 escapes."""
    return json.dumps(value, allow_nan=True, ensure_ascii=True)


def test_generated_hostile_bodies_get_4xx_with_a_message(sqlite_server: ServerProcess) -> None:
    """NaN, Infinity, lone surrogates, booleans and strings for numbers, huge integers, deep or
    odd shapes, in every field of both lobby writes: always a 4xx (or a 201 for a body that
    happens to be valid), whose JSON decodes and names the problem; never a 5xx."""
    seen: set[int] = set()
    joinable = [create_table(sqlite_server, "bonbons", [{"kind": "human"}] * 6)["id"]]
    with httpx.Client(base_url=sqlite_server.url, timeout=30.0) as http:

        @given(joins=st.booleans(),
               create=st.fixed_dictionaries({}, optional=TABLE_FIELDS),
               joining=st.fixed_dictionaries({}, optional=JOIN_FIELDS))
        @settings(max_examples=300, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        def fuzz(joins: bool, create: dict[str, Any], joining: dict[str, Any]) -> None:
            path = f"/api/tables/{joinable[-1]}/join" if joins else "/api/tables"
            body = joining if joins else create
            r = http.post(path, content=hostile_json(body),
                          headers={"content-type": "application/json"})
            seen.add(r.status_code)
            assert r.status_code < 500, (body, r.text)
            if r.status_code >= 400:
                detail = r.json()["detail"]
                assert isinstance(detail, str) and detail, r.text
            if r.status_code == 409 and joins:  # seats all taken: a fresh table to join
                joinable.append(create_table(sqlite_server, "bonbons",
                                             [{"kind": "human"}] * 6)["id"])
            if r.status_code == 201:  # whatever was accepted can be shown back
                table = r.json()["table"] if joins else r.json()["id"]
                assert http.get(f"/api/tables/{table}").status_code == 200
                assert http.get("/api/tables").status_code == 200

        fuzz()
    assert 422 in seen


WS_FIELDS = {
    "ply": st.one_of(st.integers(min_value=-1, max_value=3), VALUES),
    "action": st.one_of(st.sampled_from(["pass", "split a1:a2 at 1"]), TEXT, VALUES),
    "seat": VALUES, "id": st.one_of(TEXT, VALUES), "token": st.one_of(st.none(), TEXT, VALUES),
}
WS_MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.one_of(st.sampled_from(["hello", "action", "ping", "hint", "x"]), VALUES)},
        optional=WS_FIELDS,
    ).map(hostile_json),
    VALUES.map(hostile_json),
    st.text(max_size=50),
)


def is_ping(text: str) -> bool:
    try:
        return bool(json.loads(text) == {"type": "ping"})
    except ValueError:
        return False


def test_generated_websocket_messages_each_get_an_answer(sqlite_server: ServerProcess) -> None:
    """Every generated message, however hostile, is answered (an error, or welcome/state, or
    pong) before the ping that follows it, and the socket stays open throughout."""
    table = create_table(sqlite_server, "lechocolat", [{"kind": "human"}] * 2)
    url = f"{sqlite_server.ws}/ws/tables/{table['id']}"

    @given(messages=st.lists(WS_MESSAGES, min_size=1, max_size=6))
    @settings(max_examples=120, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def fuzz(messages: list[str]) -> None:
        with ws_connect(url, open_timeout=WAIT) as ws:
            for text in messages:
                ws.send(text)
                ws.send('{"type": "ping"}')
                frames = []
                pongs = 2 if is_ping(text) else 1
                while pongs:
                    frame = json.loads(ws.recv(timeout=WAIT))
                    if frame["type"] == "pong":
                        pongs -= 1
                    else:
                        frames.append(frame)
                assert frames or is_ping(text), text
                for frame in frames:
                    assert frame["type"] in ("error", "welcome", "state", "presence"), frame
                    if frame["type"] == "error":
                        assert frame["message"], frame

    fuzz()
