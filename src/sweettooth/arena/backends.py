"""Where many independent games run: in this process, over a local process pool, or on Ray.

Every backend runs `task(payload, index)` for index 0..count-1 and returns the results in index
order, so a caller that derives each game's seeds from (run seed, index) gets the same results
whatever the backend and the number of workers. Games go out in batches (a few per task) to keep
the per-task overhead small for quick games.

Ray is the optional extra `sweettooth[ray]`. With `address=None` the Ray backend starts a local
Ray (or uses one already started in this process); with an address such as `ray://host:10001` or
`host:6379` it joins that cluster, whose nodes need sweettooth installed in the same version.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

P = TypeVar("P")
R = TypeVar("R")

BACKENDS = ("local", "ray")
"""The backends `--backend` accepts; "local" (a process pool) is the default."""


class BackendError(RuntimeError):
    """A backend cannot run: Ray is not installed, or its cluster cannot be reached."""


def _run_batch(
    task: Callable[[P, int], R], payload: P, indices: Sequence[int]
) -> list[tuple[int, R]]:
    return [(i, task(payload, i)) for i in indices]


def batches(count: int, workers: int, largest: int = 8) -> list[list[int]]:
    """Game indices cut into batches: about four per worker, at most `largest` games each.

    >>> batches(5, 2)
    [[0], [1], [2], [3], [4]]
    >>> [len(b) for b in batches(100, 2)]
    [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 4]
    """
    size = max(1, min(largest, count // (4 * workers) or 1))
    return [list(range(i, min(i + size, count))) for i in range(0, count, size)]


def run_indexed(
    task: Callable[[P, int], R],
    payload: P,
    count: int,
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    on_done: Callable[[int], None] | None = None,
    largest: int = 8,
) -> list[R]:
    """`[task(payload, i) for i in range(count)]`, run on `backend` over `workers` workers
    (default: all local cores; on a Ray cluster, as many tasks in flight as it takes).
    `task` must be a module-level function and `payload` picklable. `on_done(n)` is called in
    this process as each batch of n results arrives."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if address is not None and backend != "ray":
        raise ValueError("--address names a Ray cluster: use it with --backend ray")
    out: list[Any] = [None] * count
    filled = [False] * count

    def take(done: list[tuple[int, R]]) -> None:
        for i, result in done:
            out[i] = result
            filled[i] = True
        if on_done is not None:
            on_done(len(done))

    if backend == "ray":
        _run_ray(task, payload, batches(count, workers or 2, largest), workers, address, take)
    else:
        workers = workers or os.cpu_count() or 1
        if workers == 1:
            for i in range(count):
                take([(i, task(payload, i))])
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [
                    pool.submit(_run_batch, task, payload, batch)
                    for batch in batches(count, workers, largest)
                ]
                for future in as_completed(futures):
                    take(future.result())
    assert all(filled), "a backend lost results"
    return out


REACH_SECONDS = 5.0
"""How long `--address` gets to accept a connection before the run gives up on it."""


def _check_reachable(address: str) -> None:
    """Fail at once, naming the address, when nothing listens at a Ray address with a port
    (`ray://host:10001`, `host:6379`): Ray itself retries a dead address for minutes.
    Addresses without a port ("auto") are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BackendError(
            f"cannot reach the Ray cluster at {address}: {reason} (is its head running, and "
            "is the address host:port of its client server, e.g. ray://head:10001?)"
        ) from exc


def _run_ray(
    task: Callable[[P, int], R],
    payload: P,
    plan: list[list[int]],
    workers: int | None,
    address: str | None,
    take: Callable[[list[tuple[int, R]]], None],
) -> None:
    try:
        import ray
    except ImportError as exc:
        raise BackendError(
            "the Ray backend needs Ray: pip install 'sweettooth[ray]'"
        ) from exc
    if not ray.is_initialized():
        if address is not None:
            _check_reachable(address)
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = "a local Ray" if address is None else f"the Ray cluster at {address}"
            raise BackendError(f"cannot start or join {where}: {exc}") from exc
    remote: Any = ray.remote(_run_batch)
    shared = ray.put(payload)
    pending = [remote.remote(task, shared, batch) for batch in plan]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            take(ray.get(ref))
