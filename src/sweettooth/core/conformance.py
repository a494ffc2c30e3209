"""The conformance kit: generic checks every registered game must pass.

Each check plays random games from a seed and raises AssertionError with a precise message on
the first violation. `tests/conformance/` applies them to every game, player count and variant;
a game author can call `check_game(game)` directly while writing rules.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping
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


def check_step_invariants(state: State, max_len: int, full: bool = True) -> None:
    """to_move, legal_actions and result agree; views are JSON; notation round-trips.

    With `full=False` only the first legal action's notation and no views are checked.
    """
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
    for action in legal if full else legal[:1]:
        back = state.game.parse_action(state, str(action))
        assert back == action, f"{where}: notation {str(action)!r} parses to {back!r}"
    if not full:
        return
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


def _twins(value: Any) -> list[Any]:
    """Values equal to `value` under == but of another type (1.0 == 1 == True)."""
    if type(value) is bool:
        return [int(value)]
    if type(value) is int:
        return [float(value), *([bool(value)] if value in (0, 1) else [])]
    if isinstance(value, tuple) or dataclasses.is_dataclass(value):
        return lookalikes(value)
    return []


def lookalikes(action: Any) -> list[Any]:
    """Copies of a dataclass or named-tuple action with one field swapped for an equal value of
    another type (recursively), e.g. Split(at=1.0) for Split(at=1)."""
    out: list[Any] = []
    if dataclasses.is_dataclass(action) and not isinstance(action, type):
        for f in dataclasses.fields(action):
            for twin in _twins(getattr(action, f.name)):
                with contextlib.suppress(TypeError, ValueError):  # its constructor refuses it
                    out.append(dataclasses.replace(action, **{f.name: twin}))
    elif isinstance(action, tuple) and hasattr(action, "_fields"):
        for name in action._fields:
            for twin in _twins(getattr(action, name)):
                out.append(action._replace(**{name: twin}))  # type: ignore[attr-defined]
    return out


def check_lookalikes(state: State) -> None:
    """A look-alike of a legal action (equal under ==, fields of other types) is refused with
    IllegalAction and changes nothing, or plays exactly as the real action does."""
    for action in state.legal_actions()[:4]:
        real = state.copy()
        real.apply(action)
        for twin in lookalikes(action):
            trial = state.copy()
            before = trial.snapshot()
            try:
                trial.apply(twin)
            except IllegalAction:
                assert trial.snapshot() == before, f"{state.game.id}: refusing {twin!r} changed it"
                continue
            assert trial.snapshot() == real.snapshot(), (
                f"{state.game.id}: look-alike {twin!r} of {action!r} played differently"
            )


def check_copy(state: State, rng: random.Random) -> None:
    """A copy is independent: playing on it leaves the original unchanged."""
    if state.to_move is None:
        return
    before = state.snapshot()
    twin = state.copy()
    assert twin.snapshot() == before, f"{state.game.id}: copy differs from original"
    random_playout(twin, rng, 3)
    assert state.snapshot() == before, f"{state.game.id}: playing on a copy changed the original"


def components_of(game: Game[Any]) -> Callable[[State], Counter[str]]:
    """The game's own inventory: `components_of(state)` in its package's `sampling` module, the
    multiset of every physical component of a state wherever it is (tiles by their sides, faces,
    cards, Chocs, markers...). A sampled state must hold exactly the real one's."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        found = importlib.import_module(f"{package}.sampling").components_of
    except (ImportError, AttributeError):
        raise AssertionError(
            f"{game.id}: declare components_of(state) in {package}.sampling for the kit"
        ) from None
    return found  # type: ignore[no-any-return]


def check_components(real: State, sampled: State, where: str) -> None:
    """A sampled state is made of the same components as the real one: nothing duplicated,
    invented or lost (an impossible world fails here even when every view matches)."""
    inventory = components_of(real.game)
    have, want = inventory(sampled), inventory(real)
    if have != want:
        extra = dict(have - want)
        missing = dict(want - have)
        raise AssertionError(
            f"{where}: sampled state is not a possible world: it has {extra} more and "
            f"{missing} fewer than the box"
        )


def check_sample(state: State, seed: int, distinct: dict[int | None, set[str]]) -> None:
    """sample(view(p)) gives p the same view and legal actions and is made of the box's
    components; collects hidden variety."""
    game = state.game
    for seat in range(state.players):
        view = state.view(seat)
        for k in range(2):
            sampled = game.sample(view, seat, seed * 7919 + k)
            got = sampled.view(seat)
            assert got == view, (
                f"{game.id} ply {len(state.history)} seat {seat}: sampled view differs: "
                f"{first_difference(view, got)}"
            )
            check_components(state, sampled, f"{game.id} ply {len(state.history)} seat {seat}")
            if state.to_move == seat:
                assert [str(a) for a in sampled.legal_actions()] == [
                    str(a) for a in state.legal_actions()
                ], f"{game.id}: sampled legal actions differ for seat {seat}"
            distinct.setdefault(seat, set()).add(json.dumps(sampled.snapshot(), sort_keys=True))


def sample_counts(
    game: Game[Any], view: JSON, seat: int, key: Callable[[State], Hashable], samples: int,
    seed: int = 0, same_view: bool = True,
) -> Counter[Hashable]:
    """How often each hidden world (as `key` describes it) comes out of `samples` deals of
    `view`, seeds `seed`, `seed + 1`, ... Every deal must keep the view (unless `same_view` is
    False: a view edited to know more than a real seat does)."""
    counts: Counter[Hashable] = Counter()
    for i in range(samples):
        sampled = game.sample(view, seat, seed + i)
        if same_view:
            got = sampled.view(seat)
            assert got == view, f"{game.id}: sampled view differs: {first_difference(view, got)}"
        counts[key(sampled)] += 1
    return counts


def uniformity_pvalue(counts: Mapping[Any, int], weights: Mapping[Any, float]) -> float:
    """Chi-square goodness of fit of observed `counts` against the exact distribution
    proportional to `weights` (the worlds consistent with a view and their chances). A world
    drawn that `weights` does not hold is an impossible world: AssertionError."""
    impossible = [k for k in counts if k not in weights]
    assert not impossible, f"sampled {len(impossible)} impossible worlds, e.g. {impossible[0]!r}"
    total = math.fsum(weights.values())
    n = sum(counts.values())
    keys = list(weights)
    if len(keys) < 2:
        return 1.0
    expected = {k: n * weights[k] / total for k in keys}
    statistic = math.fsum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())
    return chi2_survival(statistic, len(keys) - 1)


def chi2_survival(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square with `dof` degrees of freedom: the regularized upper
    incomplete gamma function Q(dof/2, x/2), by its series or continued fraction.

    >>> round(chi2_survival(3.841, 1), 3), round(chi2_survival(18.307, 10), 3)
    (0.05, 0.05)
    """
    a, z = dof / 2, x / 2
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:  # the series for P, then Q = 1 - P
        term = total = 1 / a
        k = a
        while abs(term) > abs(total) * 1e-15:
            k += 1
            term *= z / k
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    # Lentz's continued fraction for Q
    b, c, d = z + 1 - a, 1 / 1e-300, 1 / (z + 1 - a)
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return h * math.exp(log_front)


def check_uniform(
    game: Game[Any], view: JSON, seat: int, key: Callable[[State], Hashable],
    weights: Mapping[Any, float] | None, samples: int, *, truth: Hashable | None = None,
    seed: int = 0, threshold: float = 1e-4, same_view: bool = True,
) -> float:
    """Sampling `view` is uniform over the worlds consistent with it (weighted by `weights`,
    from an exact enumeration; None: every world the sampler produced, equally likely, which
    must then include the real world `truth`). Fails below `threshold`; returns the p-value.

    Choose `samples` so that each world expects 20 draws or more, and fixed seeds, so the
    test is fast and never flaky."""
    counts = sample_counts(game, view, seat, key, samples, seed, same_view)
    if weights is None:
        assert truth is None or truth in counts, (
            f"{game.id}: {samples} samples never dealt the real world: is it reachable?"
        )
        weights = dict.fromkeys(counts, 1.0)
    p = uniformity_pvalue(counts, weights)
    assert p > threshold, (
        f"{game.id}: sampling is not uniform over the {len(weights)} worlds consistent with "
        f"the view (chi-square p = {p:.2g} over {samples} samples): {counts.most_common(3)} "
        f"most, {counts.most_common()[-3:]} least"
    )
    return p


def first_difference(a: Any, b: Any, path: str = "view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                x, y = a.get(key, "<missing>"), b.get(key, "<missing>")
                return first_difference(x, y, f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} != {b!r}"


def heavy_ply(ply: int, every: int) -> bool:
    """Plies that get the expensive checks: the first 16, then every `every`-th."""
    return ply < 16 or ply % every == 0


def check_game_once(
    game: Game[Any], players: int, options: dict[str, OptionValue], seed: int,
    *, sample_every: int = 8,
) -> None:
    """Play one random game from `seed` and run every check along the way.

    Cheap checks run at every ply; views, notation round-trips, copies and sampling run at the
    plies `heavy_ply` picks and at the end, so long games stay affordable.
    """
    max_len = game.max_length(players, game.resolve_options(options))
    state = game.new(players, seed, **options)
    twin = game.new(players, seed, **options)
    assert state.snapshot() == twin.snapshot(), f"{game.id}: same seed, different set-up"
    chooser = random.Random(seed)
    stale: list[Any] = []
    distinct: dict[int | None, set[str]] = {}
    while True:
        ply = len(state.history)
        heavy = heavy_ply(ply, sample_every) or state.to_move is None
        check_step_invariants(state, max_len, full=heavy)
        if heavy:
            check_sample(state, seed + ply, distinct)
        if state.to_move is None:
            break
        check_illegal(state, stale if heavy else [])
        if heavy:
            check_copy(state, random.Random(seed + ply))
            check_lookalikes(state)
        legal = state.legal_actions()
        action = chooser.choice(legal)
        stale = legal
        # The global `random` must not matter: the twin plays under a different global seed.
        random.seed(ply)
        state.apply(action)
        random.seed(ply + 1_000_003)
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


def check_game(game: Game[Any], seeds: range = range(5), sample_every: int = 8) -> None:
    """Run the whole kit on every declared setting of `game`."""
    for players, options in settings(game):
        for seed in seeds:
            check_game_once(game, players, options, seed, sample_every=sample_every)


# -- golden playthroughs ------------------------------------------------------------------------
# A golden file is JSON lines: a header, then one line per step with the action that led to it
# and every seat's view (spectator last). Views are stored as deltas from the same seat's view at
# the step before, so long games stay small; `undelta` rebuilds them exactly.
#   {"=": value}                 the whole value
#   {"+": [items]}               the list grew by these items at the end
#   {"{}": {key: delta}, "-": [keys]}   a dict: changed keys, removed keys
#   {"[]": {"index": delta}}     a list of the same length: changed items


def delta(old: Any, new: Any) -> Any:
    """A delta that turns `old` into `new` (old == new gives {"{}": {}} for dicts)."""
    if isinstance(old, dict) and isinstance(new, dict):
        changed = {k: delta(old.get(k, _MISSING), v) for k, v in new.items()
                   if k not in old or old[k] != v}
        out: dict[str, Any] = {"{}": changed}
        gone = [k for k in old if k not in new]
        if gone:
            out["-"] = gone
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(new) > len(old) and new[: len(old)] == old:
            return {"+": new[len(old):]}
        if len(new) == len(old):
            return {"[]": {str(i): delta(a, b) for i, (a, b) in
                           enumerate(zip(old, new, strict=True)) if a != b}}
    return {"=": new}


def undelta(old: Any, d: Any) -> Any:
    """Apply a delta made by `delta`."""
    if "=" in d:
        return d["="]
    if "+" in d:
        return [*old, *d["+"]]
    if "[]" in d:
        out = list(old)
        for i, sub in d["[]"].items():
            out[int(i)] = undelta(old[int(i)], sub)
        return out
    new = {k: v for k, v in old.items() if k not in d.get("-", ())}
    for k, sub in d["{}"].items():
        new[k] = undelta(old.get(k), sub)
    return new


_MISSING = object()


def golden_lines(
    game: Game[Any], players: int, options: dict[str, OptionValue], seed: int
) -> list[str]:
    """A seeded random game as JSON lines: a header, then each step's action and every view."""
    state = game.new(players, seed, **options)
    chooser = random.Random(seed)
    header = {"game": game.id, "players": players, "seed": seed, "options": options}
    lines = [json.dumps(header, sort_keys=True)]
    action: str | None = None
    before: list[Any] = [{} for _ in seats(players)]
    while True:
        views = [state.view(s) for s in seats(players)]
        deltas = [delta(b, v) for b, v in zip(before, views, strict=True)]
        lines.append(json.dumps({"action": action, "views": deltas}, sort_keys=True))
        before = views
        if state.to_move is None:
            return lines
        chosen = chooser.choice(state.legal_actions())
        action = str(chosen)
        state.apply(chosen)


def golden_views(lines: list[str]) -> list[tuple[str | None, list[JSON]]]:
    """The (action, views) of each step of a golden file, views rebuilt from their deltas."""
    out: list[tuple[str | None, list[JSON]]] = []
    before: list[Any] = []
    for line in lines[1:]:
        step = json.loads(line)
        if not before:
            before = [{} for _ in step["views"]]
        before = [undelta(b, d) for b, d in zip(before, step["views"], strict=True)]
        out.append((step["action"], before))
    return out


def golden_name(game_id: str, players: int, options: dict[str, OptionValue]) -> str:
    tag = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return f"{game_id}-{players}p-{tag}.jsonl"
