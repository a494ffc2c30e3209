#!/usr/bin/env python3
"""sweettooth's bootstrap: needs only Python 3.11+; makes .venv and installs what a command needs.

    python3 dev.py play                      play in the browser (a local server on SQLite)
    python3 dev.py terminal [GAME] [OPTIONS] play in the terminal against a bot
    python3 dev.py test                      lint, type-check and run the test suite (CI)
    python3 dev.py slow                      the long scale checks and timings (marked slow)
    python3 dev.py bench                     engine throughput figures
    python3 dev.py golden                    rewrite the golden playthroughs
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("SWEETTOOTH_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def run(*cmd: str | Path) -> None:
    code = subprocess.call([str(c) for c in cmd], cwd=ROOT)
    if code:
        sys.exit(code)


def ensure(extra: str) -> None:
    """Create the venv and install the project with `extra`, once per change of pyproject."""
    if sys.version_info < (3, 11):  # noqa: UP036 (this file runs before any check)
        sys.exit(f"sweettooth needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{extra or 'base'}-{digest}"
    if stamp.exists() or (not extra and (VENV / f".installed-dev-{digest}").exists()):
        return  # the dev install includes the base one
    if not (BIN / "python").exists():
        print(f"creating virtual environment {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing sweettooth and its dependencies (first run only) ...", flush=True)
    run_quietly(BIN / "python", "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    target = f".[{extra}]" if extra else "."
    run_quietly(BIN / "python", "-m", "pip", "install", "--quiet", "-e", target)
    stamp.touch()


def run_quietly(*cmd: str | Path) -> None:
    """Run an install step with its output held back: shown only if it fails (pip's warnings
    about the machine's indexes would otherwise land before a command's own one-line error)."""
    done = subprocess.run([str(c) for c in cmd], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        sys.exit(done.returncode)


def workers() -> str:
    """pytest-xdist workers: two per core (SWEETTOOTH_TEST_WORKERS overrides). The suite spends
    much of its time waiting (browsers, servers, bots' pace), so one worker per core left a
    2-core machine half idle. Three per core were measured no faster in clean-clone CI runs on
    this 2-core machine (pytest 570 s against 554 s with two; each worker starts its own
    browsers and web server, 0.9 more CPU minutes)."""
    return os.environ.get("SWEETTOOTH_TEST_WORKERS", str(2 * (os.cpu_count() or 1)))


def test_env() -> dict[str, str]:
    """The environment of the test runs: bytecode written to __pycache__ (ignored by git) even
    where PYTHONDONTWRITEBYTECODE is set. Without it every pytest-xdist worker compiles and
    assertion-rewrites each module again (5 s a worker), and so does every server and command
    line process a test starts."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def pytest(*args: str) -> int:
    """Run pytest on the workers, with why each test skipped (-rs) and failed (-rfE)."""
    return subprocess.call([str(BIN / "pytest"), "-n", workers(), "--dist", "worksteal", "-rfEs",
                            *args], cwd=ROOT, env=test_env())


def play_in_browser(rest: list[str]) -> None:
    """Start `sweettooth serve` on a free loopback port and open the lobby in a browser."""
    import socket
    import time
    import urllib.request
    import webbrowser

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen([str(BIN / "sweettooth"), "serve", "--port", str(port), *rest])
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "healthz", timeout=1).close()
                break
            except OSError:
                if server.poll() is not None:
                    sys.exit(server.returncode)
                time.sleep(0.1)
        print(f"\nsweettooth is running at {url}  (Ctrl-C to stop)\n", flush=True)
        webbrowser.open(url)
        server.wait()
    except KeyboardInterrupt:
        server.terminate()
        server.wait()


def ask_game() -> str:
    """`dev.py terminal` without a game: list the games and ask (a one-line error when there is
    nobody to ask)."""
    import json

    listing = subprocess.run([str(BIN / "sweettooth"), "games", "--json"], cwd=ROOT,
                             capture_output=True, text=True, check=True)
    games = [(str(g["id"]), str(g["title"])) for g in json.loads(listing.stdout)]
    ids = ", ".join(gid for gid, _ in games)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.exit(f"error: which game? python3 dev.py terminal GAME [OPTIONS], GAME one of {ids}")
    print("Which game?")
    for number, (gid, title) in enumerate(games, 1):
        print(f"  {number}. {title} ({gid})")
    while True:
        try:
            answer = input(f"Number or id (1-{len(games)}): ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            print()
            sys.exit(1)
        for number, (gid, _) in enumerate(games, 1):
            if answer in (str(number), gid):
                return gid
        print(f"Not a game: {answer!r}. Type 1 to {len(games)} or one of {ids}.")


def main(argv: list[str]) -> None:
    command, rest = (argv[0], argv[1:]) if argv else ("help", [])
    if command == "play":
        ensure("")
        play_in_browser(rest)
    elif command == "terminal":
        ensure("")
        if rest and not rest[0].startswith("-"):
            run(BIN / "sweettooth", "play", *rest)
        else:
            run(BIN / "sweettooth", "play", ask_game(), *rest)
    elif command == "test":
        ensure("dev")
        run(BIN / "ruff", "check", "src", "tests", "benchmarks", "dev.py")
        # mypy checks while the tests run (the suite leaves part of the machine idle, waiting
        # on browsers and servers); its report follows the tests', and either failing fails.
        mypy = subprocess.Popen([str(BIN / "mypy")], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        marks = [] if "-m" in rest else ["-m", "not slow"]  # the long checks: `dev.py slow`
        # --durations: the slowest 20
        tests = pytest("--durations=20", *marks, *rest)
        typing_report, _ = mypy.communicate()
        sys.stdout.write(f"mypy: {typing_report}")
        if tests or mypy.returncode:
            sys.exit(tests or mypy.returncode)
    elif command == "slow":
        ensure("dev")
        sys.exit(pytest("-m", "slow", *rest))
    elif command == "bench":
        ensure("dev")
        run(BIN / "sweettooth", "bench", *rest)
    elif command == "golden":
        ensure("dev")
        run(BIN / "python", "-m", "tests.conformance.golden")
    else:
        print(__doc__)
        sys.exit(0 if command in ("help", "-h", "--help") else 2)


if __name__ == "__main__":
    main(sys.argv[1:])
