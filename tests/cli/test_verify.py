"""`sweettooth verify RECORD`: a record as the server publishes it (seed, actions, the seed's
fingerprint, the result) passes; a tampered action, a seed that is not the one committed to, a
fingerprint noted at the start that differs, and a corrupt file each fail with exit 1 and a
message naming what failed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import sweettooth as st
from sweettooth.cli.main import app
from sweettooth.core import seed_fingerprint


def server_record() -> dict[str, Any]:
    """A finished Le Chocolat game, recorded like `GET /api/tables/ID/record`."""
    state = st.game("lechocolat").new(players=2, seed=2**100 + 12345)
    rng = random.Random(3)
    while state.to_move is not None:
        state.apply(rng.choice(state.legal_actions()))
    res = state.result()
    assert res is not None
    return {**state.record(), "seed_sha256": seed_fingerprint(state.seed),
            "result": res.to_json()}


def run(tmp_path: Path, record: Any, *args: str, raw: str | None = None) -> Any:
    path = tmp_path / "record.json"
    path.write_text(raw if raw is not None else json.dumps(record))
    return CliRunner().invoke(app, ["verify", str(path), *args])


def test_a_good_record_passes_with_the_fingerprint_noted_at_the_start(tmp_path: Path) -> None:
    record = server_record()
    short = record["seed_sha256"][:12]
    got = run(tmp_path, record, "--fingerprint", short.upper())
    assert got.exit_code == 0, got.output
    assert f"hashes to {record['seed_sha256']}" in got.output
    assert "matches the record's seed_sha256 and the fingerprint you noted" in got.output
    assert f"all {len(record['actions'])} are legal" in got.output
    assert "verdict: OK" in got.output


def test_a_tampered_action_is_named(tmp_path: Path) -> None:
    record = server_record()
    actions = record["actions"]
    # the first claim of the game played one move earlier: not legal there
    k = next(i for i, a in enumerate(actions) if a.startswith("claim") and i > 0)
    actions[k - 1], actions[k] = actions[k], actions[k - 1]
    got = run(tmp_path, record)
    assert got.exit_code == 1
    assert "FAILED: tampered action: action" in got.output
    assert "verdict: OK" not in got.output


def test_a_changed_result_is_named(tmp_path: Path) -> None:
    record = server_record()
    record["result"]["winners"] = [1 - record["result"]["winners"][0]]
    got = run(tmp_path, record)
    assert got.exit_code == 1 and "FAILED: tampered result" in got.output


def test_a_seed_that_is_not_the_one_committed_to_is_named(tmp_path: Path) -> None:
    record = server_record()
    record["seed"] += 1
    got = run(tmp_path, record)
    assert got.exit_code == 1
    assert "FAILED: wrong seed" in got.output and record["seed_sha256"] in got.output
    # the whole record made over (seed and its hash) against what the player noted
    record["seed_sha256"] = seed_fingerprint(record["seed"])
    noted = seed_fingerprint(record["seed"] - 1)[:12]
    got = run(tmp_path, record, "--fingerprint", noted)
    assert got.exit_code == 1
    assert "FAILED: wrong seed" in got.output and f"you noted, {noted}" in got.output


def test_a_corrupt_file_is_named(tmp_path: Path) -> None:
    text = json.dumps(server_record())
    got = run(tmp_path, None, raw=text[: len(text) // 2])
    assert got.exit_code == 1 and "FAILED: corrupt file" in got.output
    got = run(tmp_path, {"game": "lechocolat"})
    assert got.exit_code == 1 and "FAILED: corrupt file: the record has no" in got.output
    got = run(tmp_path, server_record(), "--fingerprint", "xyz")
    assert got.exit_code == 1 and "--fingerprint must be 8 to 64 hex digits" in got.output
