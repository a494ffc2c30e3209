"""The conformance kit: generic checks every registered game must pass.

Each check plays random games from a seed and raises AssertionError with a precise message on
the first violation. `tests/conformance/` applies them to every game, player count and variant;
a game author can call `check_game(game)` directly while writing rules.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from .errors import IllegalAction
from .game import JSON, Game, State, seats
from .options import OptionValue
from .record import replay

Settings = tuple[Game[Any], int, dict[str, OptionValue]]


def settings(game: Game[Any]) -> Iterator[tuple[int, dict[str, OptionValue]]]:
    """Every (player count, option set) the game declares."""
    for players in game.player_counts():
        for options in game.variants():
            yield players, options


def random_playout(state: State, rng: random.Random, limit: int) -> list[Any]:
    """Play random legal actions until the end (or `limit`); returns the actions played."""
    played: list[Any] = []
    while state.to_move is not None and len(played) < limit:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
    return played


def _roundtrip(view: JSON) -> JSON:
    return json.loads(json.dumps(view))  # type: ignore[no-any-return]


def check_step_invariants(state: State, max_len: int) -> None:
    """to_move, legal_actions and result agree; views are JSON; notation round-trips."""
    mover, legal, res = state.to_move, state.legal_actions(), state.result()
    where = f"{state.game.id} ply {len(state.history)}"
    assert (mover is None) == (res is not None), f"{where}: to_move={mover} but result={res}"
    assert (mover is None) == (not legal), f"{where}: to_move={mover} with {len(legal)} legal"
    assert legal == state.legal_actions(), f"{where}: legal_actions not deterministic"
    assert len(state.history) <= max_len, f"{where}: longer than declared max {max_len}"
    if mover is not None:
        assert 0 <= mover < state.players, f"{where}: to_move {mover} is not a seat"
    notations = {str(a) for a in legal}
    assert len(notations) == len(legal), f"{where}: two legal actions share a notation"
    for action in legal:
        back = state.game.parse_action(state, str(action))
        assert back == action, f"{where}: notation {str(action)!r} parses to {back!r}"
    for seat in seats(state.players):
        view = state.view(seat)
        assert _roundtrip(view) == view, f"{where}: view of seat {seat} is not plain JSON"
    if res is not None:
        assert len(res.scores) == state.players, f"{where}: result needs one score per seat"
        assert res.winners and all(0 <= w < state.players for w in res.winners), where


def check_illegal(state: State, stale: list[Any]) -> None:
    """Illegal actions raise IllegalAction and leave the state exactly as it was."""
    before = state.snapshot()
    legal = state.legal_actions()
    candidates: list[Any] = [a for a in stale if a not in legal][:3]
    candidates += [object(), "no such move", None]
    for bad in candidates:
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{state.game.id}: illegal action {bad!r} was accepted")
        assert state.snapshot() == before, f"{state.game.id}: illegal {bad!r} changed the state"
    for text in ("", "zzz", "0 0 0 0 0 0"):
        if any(str(a) == text for a in legal):
            continue
        try:
            state.game.parse_action(state, text)
        except IllegalAction:
            continue
        raise AssertionError(f"{state.game.id}: parse_action accepted {text!r}")


def check_copy(state: State, rng: random.Random) -> None:
    """A copy is independent: playing on it leaves the original unchanged."""
    if state.to_move is None:
        return
    before = state.snapshot()
    twin = state.copy()
    assert twin.snapshot() == before, f"{state.game.id}: copy differs from original"
    random_playout(twin, rng, 3)
    assert state.snapshot() == before, f"{state.game.id}: playing on a copy changed the original"


def check_sample(state: State, seed: int, distinct: dict[int | None, set[str]]) -> None:
    """sample(view(p)) gives p the same view and legal actions; collects hidden variety."""
    game = state.game
    for seat in range(state.players):
        view = state.view(seat)
        for k in range(2):
            sampled = game.sample(view, seat, seed * 7919 + k)
            got = sampled.view(seat)
            assert got == view, (
                f"{game.id} ply {len(state.history)} seat {seat}: sampled view differs: "
                f"{_first_difference(view, got)}"
            )
            if state.to_move == seat:
                assert [str(a) for a in sampled.legal_actions()] == [
                    str(a) for a in state.legal_actions()
                ], f"{game.id}: sampled legal actions differ for seat {seat}"
            distinct.setdefault(seat, set()).add(json.dumps(sampled.snapshot(), sort_keys=True))


def _first_difference(a: Any, b: Any, path: str = "view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                x, y = a.get(key, "<missing>"), b.get(key, "<missing>")
                return _first_difference(x, y, f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} != {b!r}"


def check_game_once(
    game: Game[Any], players: int, options: dict[str, OptionValue], seed: int,
    *, sample_every: int = 1,
) -> None:
    """Play one random game from `seed` and run every check along the way."""
    max_len = game.max_length(players, game.resolve_options(options))
    state = game.new(players, seed, **options)
    twin = game.new(players, seed, **options)
    assert state.snapshot() == twin.snapshot(), f"{game.id}: same seed, different set-up"
    chooser = random.Random(seed)
    stale: list[Any] = []
    distinct: dict[int | None, set[str]] = {}
    while True:
        check_step_invariants(state, max_len)
        if len(state.history) % sample_every == 0 or state.to_move is None:
            check_sample(state, seed + len(state.history), distinct)
        if state.to_move is None:
            break
        check_illegal(state, stale)
        check_copy(state, random.Random(seed + len(state.history)))
        legal = state.legal_actions()
        action = chooser.choice(legal)
        stale = legal
        random.seed(len(state.history))  # global random must not matter
        state.apply(action)
        twin.apply(action)
    assert state.snapshot() == twin.snapshot(), f"{game.id}: same seed and actions, different game"
    again = replay(state.record())
    for seat in seats(players):
        assert again.view(seat) == state.view(seat), f"{game.id}: replay differs for seat {seat}"
    assert again.snapshot() == state.snapshot(), f"{game.id}: replay differs"
    for seat in range(players):
        assert len(distinct.get(seat, set())) > 1, (
            f"{game.id} {players}p {options} seed {seed}: sampling never varied what seat "
            f"{seat} cannot see"
        )


def check_game(game: Game[Any], seeds: range = range(5), sample_every: int = 1) -> None:
    """Run the whole kit on every declared setting of `game`."""
    for players, options in settings(game):
        for seed in seeds:
            check_game_once(game, players, options, seed, sample_every=sample_every)


# -- golden playthroughs ------------------------------------------------------------------------
def golden_lines(
    game: Game[Any], players: int, options: dict[str, OptionValue], seed: int
) -> list[str]:
    """A seeded random game as JSON lines: a header, then each step's action and every view."""
    state = game.new(players, seed, **options)
    chooser = random.Random(seed)
    header = {"game": game.id, "players": players, "seed": seed, "options": options}
    lines = [json.dumps(header, sort_keys=True)]
    action: str | None = None
    while True:
        views = [state.view(s) for s in seats(players)]
        lines.append(json.dumps({"action": action, "views": views}, sort_keys=True))
        if state.to_move is None:
            return lines
        chosen = chooser.choice(state.legal_actions())
        action = str(chosen)
        state.apply(chosen)


def golden_name(game_id: str, players: int, options: dict[str, OptionValue]) -> str:
    tag = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return f"{game_id}-{players}p-{tag}.jsonl"
