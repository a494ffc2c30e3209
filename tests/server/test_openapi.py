"""The OpenAPI schema is served, and fuzzing every operation of it never gets a 5xx."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings

from .harness import ServerProcess, api, create_table


def test_openapi_schema_is_served(sqlite_server: ServerProcess) -> None:
    with api(sqlite_server) as http:
        schema = http.get("/openapi.json").json()
    assert {"/api/games", "/api/tables", "/api/tables/{table_id}/join"} <= set(schema["paths"])


def test_fuzzing_the_api_finds_no_server_error(sqlite_server: ServerProcess) -> None:
    """Every operation, generated requests (valid and invalid): never a 5xx."""
    table = create_table(sqlite_server, "bonbons", [{"kind": "human"}, {"kind": "human"}])
    schema = schemathesis.openapi.from_url(f"{sqlite_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 8
    failures: list[str] = []
    statuses: set[int] = set()
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=40, deadline=None, database=None,
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
